#!/usr/bin/env python3
"""Derives the planner's table of countries from country_converter's data.

The planner reads place names in a search ("african claimants", "companies
in eastern europe", "somali", "Viet Nam") by matching the spellings of a
country, or of every country of a continent or region, against a dataset's
values. This script takes the countries, their ISO 3166 codes, continents
and UN geoscheme sub-regions from the data file shipped in the PyPI package
`country_converter` ("coco", version 1.3.2, `country_data.tsv`), adds
demonyms ("somali", "somalian" for Somalia) and other names ("burma",
"viet nam") from WordNet 3.0's pertainym pointers and synonyms (Debian's
`wordnet-base`, installed under /usr/share/wordnet), and writes them, small,
to `src/lexicon/countries.tsv`, which the crate embeds with `include_str!`:
building the planner needs nothing installed.

Licences: country_converter is © Konstantin Stadler and released under the
GNU General Public License v3 (its package metadata: "License: GNU General
Public License v3 (GPLv3)"). Only facts are taken from it (names, ISO codes,
continents, UN regions), which are not its expression; no code of it is
used. WordNet 3.0 is under the WordNet licence (see WORDNET-LICENSE beside
the table).

Usage (standard library only):

    pip download --no-deps country_converter==1.3.2   # or pip install
    apt-get install wordnet-base
    python3 crates/quarry-planner/lexicon/build_countries.py \\
        [country_converter WHEEL, DIRECTORY or country_data.tsv] [WORDNET_DIR]

The table, one country a line, tab-separated (`#` starts a comment line):

    <name>  <ISO2>  <ISO3>  <continent>  <region>  <names>  <demonyms>

    name        coco's short name ("somalia"), folded as the planner folds
                value words (lower case, no accents, words joined by one
                space: "cote d ivoire")
    ISO2, ISO3  ISO 3166 alpha-2 and alpha-3 codes (`-` when there is none)
    continent   africa, asia, europe, north america, south america, oceania,
                antarctica (coco's `continent`, its America split by its
                `Continent_7`)
    region      the UN geoscheme sub-region (coco's `UNregion`, folded:
                "eastern africa", "south eastern asia"; `-` when none)
    names       other names, `|`-separated: coco's official name, WordNet's
                synonyms of the country ("burma", "viet nam") and a few by
                hand ("turkey", "czech republic", "usa")
    demonyms    `|`-separated: WordNet's adjectives that pertain to the
                country and the nouns of persons derived from them, their
                plurals, and the planner's earlier hand list

Dissolved states the data lacks (Czechoslovakia, Yugoslavia, East and West
Germany) and Scotland and Wales are added by hand (`HISTORIC`).
"""

import csv
import io
import os
import re
import sys
import unicodedata
import zipfile
from collections import OrderedDict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from build_wordnet import read_synsets  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "src", "lexicon", "countries.tsv")
DEFAULT_COCO = "/tmp/coco/country_converter-1.3.2-py3-none-any.whl"
COCO_VERSION = "1.3.2"

# Names and demonyms of the planner's earlier hand list (kept), and a few
# more for common countries WordNet does not give, by ISO3.
HAND_NAMES = {
    "USA": ["america", "us", "usa", "united states of america"],
    "GBR": ["uk", "britain", "great britain", "england"],
    "NLD": ["holland", "the netherlands"],
    "KOR": ["korea"],
    "CZE": ["czechia", "czech republic"],
    "RUS": ["russian federation"],
    "ARE": ["uae"],
    "TUR": ["turkey"],
    "MMR": ["burma"],
    "CIV": ["ivory coast"],
    "SWZ": ["swaziland"],
    "CPV": ["cape verde"],
    "TLS": ["east timor"],
    "MKD": ["macedonia"],
    "COD": ["congo kinshasa", "zaire"],
    "COG": ["congo brazzaville"],
    "BRN": ["brunei"],
    "VAT": ["vatican city", "holy see"],
    "LAO": ["lao"],
    "SUN": ["soviet union", "ussr"],
    "FSM": ["micronesia"],
}
HAND_DEMONYMS = {
    "USA": ["american", "americans"],
    "GBR": ["british", "english"],
    "DEU": ["german", "germans"],
    "FRA": ["french"],
    "JPN": ["japanese"],
    "CHN": ["chinese"],
    "IND": ["indian", "indians"],
    "ITA": ["italian", "italians"],
    "ESP": ["spanish"],
    "CAN": ["canadian", "canadians"],
    "MEX": ["mexican", "mexicans"],
    "BRA": ["brazilian", "brazilians"],
    "ARG": ["argentine", "argentinian"],
    "AUS": ["australian", "australians"],
    "RUS": ["russian", "russians"],
    "NLD": ["dutch"],
    "SWE": ["swedish", "swede", "swedes"],
    "NOR": ["norwegian", "norwegians"],
    "DNK": ["danish", "dane", "danes"],
    "FIN": ["finnish", "finn", "finns"],
    "CHE": ["swiss"],
    "AUT": ["austrian", "austrians"],
    "BEL": ["belgian", "belgians"],
    "IRL": ["irish"],
    "PRT": ["portuguese"],
    "GRC": ["greek", "greeks"],
    "POL": ["polish", "pole", "poles"],
    "TUR": ["turkish", "turk", "turks"],
    "ISR": ["israeli", "israelis"],
    "EGY": ["egyptian", "egyptians"],
    "ZAF": ["south african", "south africans"],
    "NGA": ["nigerian", "nigerians"],
    "KEN": ["kenyan", "kenyans"],
    "KOR": ["south korean", "korean", "koreans"],
    "PRK": ["north korean"],
    "SGP": ["singaporean"],
    "IDN": ["indonesian", "indonesians"],
    "THA": ["thai"],
    "VNM": ["vietnamese"],
    "PHL": ["filipino", "filipinos", "philippine"],
    "NZL": ["new zealander", "kiwi"],
    "CHL": ["chilean", "chileans"],
    "COL": ["colombian", "colombians"],
    "PER": ["peruvian", "peruvians"],
    "CUB": ["cuban", "cubans"],
    "UKR": ["ukrainian", "ukrainians"],
    "CZE": ["czech", "czechs"],
    "HUN": ["hungarian", "hungarians"],
    "ROU": ["romanian", "romanians"],
    "PAK": ["pakistani", "pakistanis"],
    "IRN": ["iranian", "iranians", "persian"],
    "IRQ": ["iraqi", "iraqis"],
    "SAU": ["saudi", "saudis"],
    "ARE": ["emirati"],
    "JAM": ["jamaican", "jamaicans"],
    "ETH": ["ethiopian", "ethiopians"],
    "MAR": ["moroccan", "moroccans"],
    "SRB": ["serbian", "serbians", "serb", "serbs"],
    "HRV": ["croatian", "croatians", "croat", "croats"],
    "SVK": ["slovak", "slovakian"],
    "SVN": ["slovenian", "slovene"],
    "BGR": ["bulgarian", "bulgarians"],
    "EST": ["estonian", "estonians"],
    "LVA": ["latvian", "latvians"],
    "LTU": ["lithuanian", "lithuanians"],
    "ISL": ["icelandic", "icelander"],
    "VEN": ["venezuelan", "venezuelans"],
    "URY": ["uruguayan", "uruguayans"],
    "MYS": ["malaysian", "malaysians"],
    "TWN": ["taiwanese"],
    "BGD": ["bangladeshi"],
    "GHA": ["ghanaian", "ghanaians"],
    # Missing from WordNet's pointers.
    "MRT": ["mauritanian"],
    "MNE": ["montenegrin"],
    "MKD": ["macedonian"],
    "LKA": ["sri lankan"],
    "BIH": ["bosnian"],
    "ARM": ["armenian"],
    "SSD": ["south sudanese"],
    "PNG": ["papua new guinean"],
    "TTO": ["trinidadian"],
    "XKX": ["kosovar", "kosovan"],
    "BFA": ["burkinabe"],
    "CIV": ["ivorian"],
    "TLS": ["timorese"],
    "SUN": ["soviet"],
    "PRI": ["puerto rican"],
    "NER": ["nigerien"],
    "LSO": ["basotho"],
    "UGA": ["ugandan"],
    "BLR": ["belarusian"],
    "KHM": ["khmer"],
    "TJK": ["tajik"],
    "UZB": ["uzbek"],
    "KAZ": ["kazakh"],
    "KGZ": ["kyrgyz"],
}

# Dissolved states and parts of a country the data lacks: name, ISO2, ISO3
# (the codes ISO 3166-3 retired; `-` when there was none of its own),
# continent, UN region (as the UN placed them), names, demonyms.
HISTORIC = [
    ("czechoslovakia", "CS", "CSK", "europe", "eastern europe", [],
     ["czechoslovak", "czechoslovakian", "czechoslovaks", "czechoslovakians"]),
    ("yugoslavia", "YU", "YUG", "europe", "southern europe", [],
     ["yugoslav", "yugoslavian", "yugoslavs", "yugoslavians"]),
    ("east germany", "DD", "DDR", "europe", "eastern europe",
     ["german democratic republic", "gdr"], ["east german", "east germans"]),
    ("west germany", "-", "-", "europe", "western europe",
     ["frg"], ["west german", "west germans"]),
    ("scotland", "GB-SCT", "SCO", "europe", "northern europe", [],
     ["scottish", "scots"]),
    ("wales", "GB-WLS", "WAL", "europe", "northern europe", [], ["welsh"]),
]

# WordNet's pertainyms and synonyms that are no demonym or name of the
# country they point at (or of it alone): (ISO3 or "*", word).
NOT_DEMONYMS = {
    ("*", "afrikaans"), ("*", "afrikaner"), ("*", "mongoloid"),
    ("*", "norse"), ("*", "tai"), ("*", "maroc"), ("*", "romaic"),
    ("*", "hispaniolan"), ("*", "siamese"), ("*", "gallic"),
    ("*", "cyprian"), ("MUS", "mauritanian"), ("SUN", "russian"),
    ("CSK", "czech"), ("*", "hispaniola"), ("*", "hayti"),
    ("*", "anglo indian"), ("*", "anti american"), ("*", "pro american"),
    ("*", "east pakistani"), ("DEU", "west germany"), ("*", "zion"),
    ("*", "sion"), ("*", "salvador"),
    # Names of regions (see world.rs), not of one country.
    ("*", "central africa"), ("*", "central african"),
}

# Hypernyms of WordNet synsets that are no country (a US state, a capital).
NOT_COUNTRY_HYPERNYMS = {
    "american_state", "volcano", "national_capital", "city", "port",
    "empire", "mandate", "soviet_socialist_republic",
}
# Hypernyms of a synset whose lemmas are names of the country itself.
STATE_HYPERNYM_WORDS = ("country", "nation", "kingdom", "principality", "baltic_state")


def fold(s):
    """As the planner folds value words: no accents, lower case, runs of
    other characters between words become one space."""
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    return " ".join(w for w in re.split(r"[^0-9a-z]+", s) if w)


def read_coco(path):
    if path.endswith(".whl"):
        with zipfile.ZipFile(path) as z:
            text = z.read("country_converter/country_data.tsv").decode("utf-8")
    else:
        if os.path.isdir(path):
            path = os.path.join(path, "country_data.tsv")
        with open(path, encoding="utf-8") as f:
            text = f.read()
    return list(csv.DictReader(io.StringIO(text), delimiter="\t"))


def plural(d):
    """The plural of a demonym noun, where English adds an s."""
    if re.search(r"(s|x|h|y|z|ic|ese|man)$", d):
        return None
    return d + "s"


def main():
    coco_path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_COCO
    wn = sys.argv[2] if len(sys.argv) > 2 else "/usr/share/wordnet"
    rows = read_coco(coco_path)

    countries = []  # dicts
    for r in rows:
        name = fold(re.sub(r"\(former\)", "", r["name_short"]))
        official = fold(re.sub(r"\(former\)", "", r["name_official"]))
        # ISO2 of Greece and the United Kingdom is a regex (^GR$|^EL$).
        iso2 = re.sub(r"[\^$]", "", r["ISO2"].split("|")[0]) or "-"
        iso3 = r["ISO3"] or "-"
        cont = r["continent"].lower()
        if cont == "america":
            cont = r["Continent_7"].lower() or "north america"
        region = fold(r["UNregion"]) or "-"
        countries.append({
            "name": name, "iso2": iso2, "iso3": iso3, "continent": cont,
            "region": region, "names": [official], "demonyms": [],
            "obsolete": r["obsolete"],
        })
    for name, a2, a3, cont, region, names, dems in HISTORIC:
        countries.append({
            "name": name, "iso2": a2, "iso3": a3, "continent": cont,
            "region": region, "names": list(names), "demonyms": list(dems),
            "obsolete": "hand",
        })
    for c in countries:
        c["names"] += HAND_NAMES.get(c["iso3"], [])
        c["demonyms"] += HAND_DEMONYMS.get(c["iso3"], [])

    # WordNet: the country's synsets (noun.location), their synonyms, the
    # adjectives that pertain to them and the persons derived from those.
    N = read_synsets(wn, "noun")
    A = read_synsets(wn, "adj")
    by_lemma = {}
    for off, s in N.items():
        if s["lex"] != 15:
            continue
        for w in s["words"]:
            by_lemma.setdefault(fold(w), []).append(off)

    def hypernyms(off):
        return [w for sym, t, _, _, _ in N[off]["ptrs"] if sym in ("@", "@i") for w in N[t]["words"]]

    # synset -> the countries one of whose names it holds
    claims = {}
    for i, c in enumerate(countries):
        for n in [c["name"]] + c["names"]:
            for off in by_lemma.get(n, []):
                if not set(hypernyms(off)) & NOT_COUNTRY_HYPERNYMS:
                    claims.setdefault(off, []).append(i)
    own = {}  # country index -> synsets
    for off, cs in claims.items():
        lemmas = [fold(w) for w in N[off]["words"]]

        def first(i):
            names = [countries[i]["name"]] + countries[i]["names"]
            return min(lemmas.index(n) for n in names if n in lemmas)

        best = min(dict.fromkeys(cs), key=first)
        own.setdefault(best, []).append(off)

    pertainyms = {}  # noun synset -> [(adjective synset, lemma index)]
    for off, s in A.items():
        for sym, t, pos, src, _ in s["ptrs"]:
            if sym == "\\" and pos == "n":
                for k in ([src] if src else range(1, len(s["words"]) + 1)):
                    pertainyms.setdefault(t, []).append((off, k))

    every_name = {}
    for i, c in enumerate(countries):
        for n in [c["name"]] + c["names"]:
            every_name.setdefault(n, set()).add(i)

    for i, c in enumerate(countries):
        names = [c["name"]] + c["names"]
        heads = {n[:3] for n in names} | {n.split()[-1][:3] for n in names if len(n.split()) == 2}

        def kept(w):
            return (
                (c["iso3"], w) not in NOT_DEMONYMS
                and ("*", w) not in NOT_DEMONYMS
                and w[:3] in heads
            )

        for off in own.get(i, []):
            if any(h in w for w in hypernyms(off) for h in STATE_HYPERNYM_WORDS):
                for w in N[off]["words"]:
                    f = fold(w)
                    if (len(f) > 3 and "." not in w and every_name.get(f, {i}) == {i}
                            and (c["iso3"], f) not in NOT_DEMONYMS and ("*", f) not in NOT_DEMONYMS):
                        c["names"].append(f)
            for aoff, k in pertainyms.get(off, []):
                adj = fold(A[aoff]["words"][k - 1])
                if not kept(adj):
                    continue
                c["demonyms"].append(adj)
                # Persons derived from the adjective ("somalian").
                for sym, t, pos, src, _ in A[aoff]["ptrs"]:
                    if sym == "+" and pos == "n" and src in (0, k) and N[t]["lex"] == 18:
                        for w in N[t]["words"]:
                            f = fold(w)
                            if " " not in f and kept(f):
                                c["demonyms"].append(f)
        plurals = [plural(d) for d in c["demonyms"]]
        c["demonyms"] += [p for p in plurals if p]

    # A name or demonym of two countries names neither ("congo").
    owners = {}
    for i, c in enumerate(countries):
        for w in set(c["names"] + c["demonyms"]):
            owners.setdefault(w, set()).add(i)
    shared = {w for w, o in owners.items() if len(o) > 1}
    for c in countries:
        c["names"] = [n for n in c["names"] if n not in shared]
        c["demonyms"] = [d for d in c["demonyms"] if d not in shared]
    if shared:
        print("shared, left out:", " ".join(sorted(shared)))

    for c in countries:
        seen = {c["name"]}
        c["names"] = [n for n in OrderedDict.fromkeys(c["names"]) if n not in seen and not seen.add(n)]
        c["demonyms"] = [d for d in OrderedDict.fromkeys(c["demonyms"]) if d not in seen and not seen.add(d)]

    header = f"""# Countries for the Quarry planner's place names, written by
# lexicon/build_countries.py; do not edit by hand, rerun it.
#
# Source: country_converter {COCO_VERSION} (PyPI `country_converter`, "coco",
# https://github.com/IndEcol/country_converter), its country_data.tsv:
# short and official names, ISO 3166 codes, continents, UN geoscheme
# regions. country_converter is (c) Konstantin Stadler, GNU General Public
# License v3 (GPLv3); only facts are taken from it. Demonyms and other
# names also from WordNet 3.0 (Princeton University; licence in
# WORDNET-LICENSE beside this file), and a few by hand (dissolved states:
# Czechoslovakia, Yugoslavia, East and West Germany; Scotland, Wales).
#
# name	ISO2	ISO3	continent	region	names	demonyms
"""
    lines = []
    for c in countries:
        lines.append("\t".join([
            c["name"], c["iso2"], c["iso3"], c["continent"], c["region"],
            "|".join(c["names"]), "|".join(c["demonyms"]),
        ]))
    text = header + "\n".join(lines) + "\n"
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    n_dem = sum(1 for c in countries if c["demonyms"])
    print(f"countries.tsv: {len(text)} bytes; {len(countries)} countries, "
          f"{n_dem} with demonyms, {sum(len(c['demonyms']) for c in countries)} demonyms, "
          f"{sum(len(c['names']) for c in countries)} other names")


if __name__ == "__main__":
    main()
