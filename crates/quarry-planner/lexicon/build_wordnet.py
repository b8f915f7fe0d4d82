#!/usr/bin/env python3
"""Derives the planner's compact WordNet table from a WordNet 3.0 database.

The planner reads superlatives and comparatives of any adjective ("the
windiest day", "the most prestigious occupation", "heavier than 3 kg") by
finding the nouns an adjective speaks of and matching them against a
dataset's field names. This script takes those relations from WordNet 3.0
(Debian's `wordnet-base`, installed under /usr/share/wordnet) and writes
them, small, to `src/lexicon/wordnet.tsv`, which the crate embeds with
`include_str!`: building the planner needs nothing installed. WordNet's
licence is copied beside the table as `src/lexicon/WORDNET-LICENSE`.

Usage (standard library only):

    apt-get install wordnet-base
    python3 crates/quarry-planner/lexicon/build_wordnet.py [WORDNET_DIR]

The table, one relation a line, tab-separated (`#` starts a comment line):

    t  <noun> ...                     the nouns of one attribute (a synset):
                                      "weight", "width breadth"; the n-th `t`
                                      line is attribute n
    a  <adjective>  <n><pole> ...     the attributes the adjective is a value
                                      of, `+` when it means more of it
                                      ("heavy": weight+), `-` when less
                                      ("light": weight-)
    d  <adjective>  <word> ...        derivationally related nouns and verbs
                                      ("profitable": profit)
    v  <verb>       <noun> ...        nouns derived from a verb ("cite":
                                      citation), for participles
    x  <form>       <adjective>       an irregular comparative or superlative
                                      ("best": good)
    p  <form>       <verb>            an irregular past participle ("sold":
                                      sell)
    n  <word>                         a word that looks like a superlative of
                                      an adjective of the table but is a word
                                      of its own ("honest", "forest")
    s  <noun> <noun> ...              nouns of one meaning, for nouns that
                                      name a measure or an attribute
                                      ("fibre fiber", "wage pay earnings")
    o  <adjective>  <adjective> ...   the direct antonyms of an adjective in
                                      its first two senses ("foreign":
                                      domestic), for yes/no fields named by
                                      the other pole

Only one-word lemmas are kept (field names are matched word by word), and
only what the planner reads.
"""

import os
import re
import sys
from collections import OrderedDict, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "..", "src", "lexicon")

# WordNet's lexicographer files of nouns that can name something measured
# in a column: attributes (weight, speed), quantities (amount, mile),
# possessions (price, income, profit), substances and foods (sugar, fibre,
# salt), time (duration, age), communication (citation), acts (sale, visit),
# events, states (population density, health), groups? no.
MEASURE_NOUN_FILES = {
    4,  # noun.act
    7,  # noun.attribute
    10,  # noun.communication
    13,  # noun.food
    21,  # noun.possession
    23,  # noun.quantity
    26,  # noun.state
    27,  # noun.substance
    28,  # noun.time
}

# Nouns that name things, not what is measured of them: the nouns an
# adjective is derived from are kept unless they are of these files
# (animals, artifacts, body parts, groups, locations, persons, plants).
NOT_MEASURE_NOUN_FILES = {5, 6, 8, 14, 15, 18, 20}

# Of those, the files whose synonyms the table keeps: attributes,
# possessions, quantities, foods and substances ("fibre fiber", "wage pay").
SYNONYM_NOUN_FILES = {7, 13, 21, 23, 27}

# Attribute nouns too general to name a measured field on their own: an
# adjective of these ("considerable" → degree) orders by nothing.
GENERIC_ATTRIBUTES = {
    "degree", "grade", "level", "quality", "position", "nature", "state",
    "shape", "form", "kind", "timing", "manner", "property", "character",
}

# How many of an adjective's senses (most frequent first) lend it the
# attributes of the head they are satellites of.
SATELLITE_SENSES = 2

# Heads of antonym pairs that mean *less* of their attribute, for the pairs
# whose pole WordNet does not tell (see `poles`). General English.
LOW_POLE_HEADS = {
    "light", "short", "slow", "cold", "cool", "narrow", "thin", "young", "small",
    "little", "low", "shallow", "cheap", "inexpensive", "weak", "poor", "few",
    "near", "soft", "quiet", "dark", "early", "new", "fine", "dry", "empty",
    "loose", "sparse", "dilute", "mild", "dull", "flat", "lean", "slim",
    "unimportant", "worthless", "invaluable", "minor", "brief", "close",
    "scarce", "low-priced", "unpopular",
}

# Gloss words that say an adjective means less, or more, of its attribute
# ("of comparatively little physical weight"; "having great extent").
LESS_CUES = {
    "not", "little", "small", "low", "lacking", "less", "limited", "short",
    "few", "inadequate", "lack", "without", "reduced", "slight", "below",
    "smaller", "lower", "minimal", "deficient", "absence",
}
MORE_CUES = {
    "great", "high", "large", "much", "more", "long", "full", "abundant",
    "excess", "greater", "higher", "larger", "considerable", "many", "very",
    "above", "excessive", "ample", "maximum", "intense", "extreme",
}
NEGATIVE_PREFIXES = ("un", "in", "im", "il", "ir", "dis", "non")

# Every noun lemma of WordNet, filled by `main`.
NOUN_LEMMAS = set()


def is_word(w):
    return re.fullmatch(r"[a-z]+", w) is not None


def read_synsets(wn, pos):
    """offset -> {lex, ss, words, ptrs: [(symbol, offset, pos, src, tgt)], gloss}"""
    out = {}
    with open(os.path.join(wn, f"data.{pos}"), encoding="latin-1") as f:
        for line in f:
            if line.startswith("  "):
                continue
            head, _, gloss = line.partition(" | ")
            fs = head.split()
            off, lex, ss = fs[0], int(fs[1]), fs[2]
            n = int(fs[3], 16)
            words = []
            k = 4
            for _ in range(n):
                words.append(re.sub(r"\(.*\)$", "", fs[k]).lower())
                k += 2
            p = int(fs[k])
            k += 1
            ptrs = []
            for _ in range(p):
                st = fs[k + 3]
                ptrs.append((fs[k], fs[k + 1], fs[k + 2], int(st[:2], 16), int(st[2:], 16)))
                k += 4
            out[off] = {"lex": lex, "ss": ss, "words": words, "ptrs": ptrs, "gloss": gloss.strip()}
    return out


def read_index_order(wn, pos):
    """lemma -> its synset offsets, most frequent sense first."""
    out = {}
    with open(os.path.join(wn, f"index.{pos}"), encoding="latin-1") as f:
        for line in f:
            if line.startswith("  "):
                continue
            fs = line.split()
            lemma = fs[0]
            p_cnt = int(fs[3])
            synset_cnt = int(fs[2])
            offs = fs[4 + p_cnt + 2 :]
            out[lemma] = offs[:synset_cnt]
    return out


def read_exceptions(wn, pos):
    out = []
    with open(os.path.join(wn, f"{pos}.exc"), encoding="latin-1") as f:
        for line in f:
            fs = line.split()
            if len(fs) >= 2:
                out.append((fs[0], fs[1:]))
    return out


def gloss_score(gloss):
    """How much more (positive) or less (negative) an adjective's gloss says."""
    defn = gloss.split(";")[0].lower()
    ws = re.findall(r"[a-z]+", defn)
    return sum(w in MORE_CUES for w in ws) - sum(w in LESS_CUES for w in ws)


def poles(A, N):
    """(adjective head offset, attribute noun offset) -> '+' or '-'.

    For each attribute noun, its heads (usually an antonym pair):
    1. a head whose lemma the attribute noun is derived from or derives
       ("fastness" in speed, "tallness" in height) means more of it;
    2. else a head in LOW_POLE_HEADS means less;
    3. else a head with a negative prefix ("unprofitable") means less;
    4. else the head whose gloss says more ("great", "high") than its
       antonym's means more;
    and its antonym the other pole.
    """
    pole = {}
    by_attr = defaultdict(list)
    for off, s in A.items():
        for p in s["ptrs"]:
            if p[0] == "=" and p[2] == "n":
                by_attr[p[1]].append(off)
    for attr, heads in by_attr.items():
        nouns = N[attr]
        decided = {}

        def derived(h):
            # The attribute noun links to the head, or the head to it.
            if any(p[0] == "+" and p[1] == h for p in nouns["ptrs"]):
                return True
            if any(p[0] == "+" and p[1] == attr for p in A[h]["ptrs"]):
                return True
            # "tallness" among the attribute's lemmas, of "tall".
            return any(n.startswith(w) and n[len(w):] in ("ness", "th", "ity") for n in nouns["words"] for w in A[h]["words"])

        def antonyms(h):
            return [p[1] for p in A[h]["ptrs"] if p[0] == "!" and p[1] in heads]

        for rule in ("derived", "low", "prefix", "gloss"):
            for h in heads:
                if h in decided:
                    continue
                words = [w for w in A[h]["words"] if is_word(w)] or A[h]["words"]
                v = None
                if rule == "derived" and derived(h):
                    v = "+"
                elif rule == "low" and words[0] in LOW_POLE_HEADS:
                    v = "-"
                elif rule == "prefix":
                    for a in antonyms(h):
                        aw = A[a]["words"][0]
                        if any(words[0] == pre + aw for pre in NEGATIVE_PREFIXES):
                            v = "-"
                        elif any(aw == pre + words[0] for pre in NEGATIVE_PREFIXES):
                            v = "+"
                elif rule == "gloss":
                    ants = antonyms(h)
                    if ants:
                        mine = gloss_score(A[h]["gloss"])
                        theirs = max(gloss_score(A[a]["gloss"]) for a in ants)
                        if mine != theirs:
                            v = "+" if mine > theirs else "-"
                    else:
                        v = "-" if gloss_score(A[h]["gloss"]) < 0 else "+"
                if v is None:
                    continue
                decided[h] = v
                for a in antonyms(h):
                    decided.setdefault(a, "-" if v == "+" else "+")
        for h in heads:
            pole[(h, attr)] = decided.get(h, "+")
    return pole


# Suffixes that turn a noun (or verb) into an adjective, undone to find the
# noun the adjective speaks of: (adjective ending, noun endings to try).
ADJ_SUFFIX_RULES = [
    ("iest", []),  # never: superlatives are handled apart
    ("ious", ["e", "y", ""]),  # prestigious, luxurious
    ("eous", ["", "e"]),  # courageous
    ("ous", ["", "e", "y"]),  # famous, dangerous, glamorous
    ("iable", ["y"]),  # reliable
    ("able", ["", "e"]),  # profitable, valuable
    ("ible", ["", "e"]),  # convertible
    ("iful", ["y"]),  # beautiful
    ("ful", [""]),  # powerful
    ("ily", ["y"]),
    ("ly", [""]),  # costly
    ("ic", ["", "e", "y"]),  # acidic, athletic
    ("al", ["", "e"]),  # seasonal
    ("ive", ["e", "ion", ""]),  # expensive, attractive
    ("ent", ["ence", "ency"]),  # efficient
    ("ant", ["ance", "ancy"]),  # abundant
    ("ed", ["", "e"]),  # talented, crowded
    ("y", ["", "e", "DOUBLE"]),  # windy, juicy, sunny
]


def morphological_nouns(adj, noun_lemmas):
    out = []
    for suffix, endings in ADJ_SUFFIX_RULES:
        if not adj.endswith(suffix) or len(adj) - len(suffix) < 3:
            continue
        base = adj[: -len(suffix)]
        for e in endings:
            if e == "DOUBLE":
                cand = base[:-1] if len(base) > 3 and base[-1] == base[-2] else None
            else:
                cand = base + e
            if cand and cand != adj and cand in noun_lemmas and cand not in out:
                out.append(cand)
        if out:
            break
    return out


def keep_related(lemma, w, related):
    """Whether `w` is worth listing as a word related to `lemma`: one word,
    new, not what the planner's own rule derives (`<adjective>ness`, kept
    in step with `wordnet.rs`), and no negated noun ("unpopularity": a
    field is named for what it measures, "popularity")."""
    if not is_word(w) or w == lemma or w in related:
        return False
    if w in (lemma + "ness", lemma[:-1] + "iness"):
        return False
    negated = any(w.startswith(pre) and w[len(pre):] in NOUN_LEMMAS for pre in NEGATIVE_PREFIXES)
    return not negated


def descriptive(A, off):
    """Whether an adjective synset is descriptive (can be graded: "more
    X", "the Xest"), not relational ("atomic", "Mauritanian"): a satellite,
    or a head with an antonym or an attribute, and no pertainym."""
    s = A[off]
    if any(p[0] == "\\" for p in s["ptrs"]):
        return False
    return s["ss"] == "s" or any(p[0] in "!=" for p in s["ptrs"])


def superlative_bases(word):
    """What the planner's rules take a superlative ending in -est back to
    (kept in step with `wordnet.rs`)."""
    if not word.endswith("est") or len(word) < 6:
        return []
    b = word[:-3]
    out = [b, b + "e"]
    if b.endswith("i"):
        out.append(b[:-1] + "y")
    if len(b) > 2 and b[-1] == b[-2]:
        out.append(b[:-1])
    return out


def main():
    wn = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/wordnet"
    A = read_synsets(wn, "adj")
    N = read_synsets(wn, "noun")
    V = read_synsets(wn, "verb")
    adj_order = read_index_order(wn, "adj")
    noun_order = read_index_order(wn, "noun")
    verb_order = read_index_order(wn, "verb")
    noun_lemmas = set(noun_order)
    NOUN_LEMMAS.update(noun_lemmas)
    pole = poles(A, N)

    def head_of(off):
        """A satellite's head synset (itself for a head)."""
        s = A[off]
        if s["ss"] == "s":
            for p in s["ptrs"]:
                if p[0] == "&":
                    return p[1]
        return off

    def target_word(p, synsets):
        """The lemma a lexical pointer points to; every one-word lemma of
        the synset for a semantic pointer."""
        t = synsets[p[1]]
        if p[4]:
            return [t["words"][p[4] - 1]]
        return list(t["words"])

    # --- t: attribute nouns (one synset a line), a: the attributes of an
    # adjective, d: derivations of adjectives; each in sense order.
    attribute_ids = OrderedDict()  # noun synset offset -> line number
    attributes = OrderedDict()
    adj_related = OrderedDict()
    for lemma in sorted(adj_order):
        if not is_word(lemma) or not any(descriptive(A, off) for off in adj_order[lemma]):
            continue
        attrs = []
        related = []
        for sense, off in enumerate(adj_order[lemma]):
            s = A[off]
            idx = s["words"].index(lemma) + 1 if lemma in s["words"] else 0
            h = head_of(off)
            # A satellite's attributes are its head's; a rarer sense's are
            # too far from the word ("windy" as "resembling the wind in
            # speed", its third sense, is not about speed).
            inherited = h != off and sense >= SATELLITE_SENSES
            for p in ([] if inherited else A[h]["ptrs"]):
                if p[0] == "=" and p[2] == "n":
                    nouns = [w for w in N[p[1]]["words"] if is_word(w)]
                    if not nouns or any(w in GENERIC_ATTRIBUTES for w in nouns):
                        continue
                    aid = attribute_ids.setdefault(p[1], len(attribute_ids))
                    if all(a != aid for a, _ in attrs):
                        attrs.append((aid, pole.get((h, p[1]), "+")))
            for p in s["ptrs"]:
                # Derivationally related forms of this very lemma.
                if p[0] == "+" and p[3] == idx and p[2] in "nv":
                    if p[2] == "n" and N[p[1]]["lex"] in NOT_MEASURE_NOUN_FILES:
                        continue
                    for w in target_word(p, N if p[2] == "n" else V):
                        if keep_related(lemma, w, related):
                            related.append(w)
        for w in morphological_nouns(lemma, noun_lemmas):
            if keep_related(lemma, w, related):
                related.append(w)
        if attrs:
            attributes[lemma] = attrs
        if related:
            adj_related[lemma] = related

    # --- d for verbs: the nouns derived from a verb ("cite": citation), for
    # participles ("the most cited").
    verb_related = OrderedDict()
    for lemma in sorted(verb_order):
        if not is_word(lemma):
            continue
        related = []
        for off in verb_order[lemma][:4]:
            s = V[off]
            idx = s["words"].index(lemma) + 1 if lemma in s["words"] else 0
            for p in s["ptrs"]:
                if p[0] == "+" and p[3] == idx and p[2] == "n":
                    t = N[p[1]]
                    if t["lex"] not in MEASURE_NOUN_FILES:
                        continue
                    for w in target_word(p, N):
                        # Agent nouns ("citer") name people, not measures;
                        # "-ing" nouns ("yelling") rarely name a field.
                        if keep_related(lemma, w, related) and not w.endswith(
                            ("er", "or", "ist", "ing")
                        ):
                            related.append(w)
        if related:
            verb_related[lemma] = related

    # --- x: irregular forms.
    adjectives = set(attributes) | set(adj_related)
    exceptions = OrderedDict()
    descriptive_lemmas = {
        w for w, offs in adj_order.items() if any(descriptive(A, o) for o in offs)
    }
    for form, bases in read_exceptions(wn, "adj"):
        if is_word(form):
            for b in bases:
                if b in adjectives or b in descriptive_lemmas:
                    exceptions.setdefault(form, b)
                    break
    participles = OrderedDict()
    for form, bases in read_exceptions(wn, "verb"):
        if is_word(form) and not form.endswith(("ing", "s")):
            for b in bases:
                if b in verb_related:
                    participles.setdefault(form, b)
                    break

    # --- n: words the -est rule would misread.
    all_lemmas = set(adj_order) | noun_lemmas | set(verb_order)
    not_superlatives = sorted(
        w
        for w in all_lemmas
        if is_word(w)
        and w not in exceptions
        and any(b in adjectives for b in superlative_bases(w))
    )

    # --- s: synonyms of nouns that can name a measure, among the nouns the
    # table points to.
    wanted = set()
    for off in attribute_ids:
        wanted.update(N[off]["words"])
    for rel in list(adj_related.values()) + list(verb_related.values()):
        wanted.update(rel)
    groups = []
    seen_groups = set()
    for noun in sorted(wanted):
        for off in noun_order.get(noun, [])[:2]:
            s = N[off]
            if s["lex"] not in SYNONYM_NOUN_FILES:
                continue
            ws = [w for w in s["words"] if is_word(w)]
            if len(ws) < 2 or len(ws) > 6:
                continue
            key = tuple(ws)
            if key not in seen_groups:
                seen_groups.add(key)
                groups.append(ws)

    # --- o: direct antonyms of adjectives (lexical "!" pointers of this
    # very lemma), in its first two senses.
    def lexical_targets(symbol, kinds, synsets):
        """Per adjective, the one-word lemmas its lexical `symbol` pointers
        of this very lemma reach (targets of a part of speech in `kinds`),
        in its first two senses."""
        out = OrderedDict()
        for lemma in sorted(adj_order):
            if not is_word(lemma):
                continue
            found = []
            for off in adj_order[lemma][:2]:
                s = A[off]
                idx = s["words"].index(lemma) + 1 if lemma in s["words"] else 0
                for p in s["ptrs"]:
                    if p[0] == symbol and p[3] == idx and p[2] in kinds:
                        for w in target_word(p, synsets):
                            if is_word(w) and w != lemma and w not in found:
                                found.append(w)
            if found:
                out[lemma] = found
        return out

    antonyms = lexical_targets("!", "as", A)

    # --- r: relational adjectives, the nouns they pertain to (lexical "\\"
    # pointers of this very lemma to nouns), in their first two senses:
    # "urban" → city, "rural" → country, "coastal" → coast.
    pertainyms = lexical_targets("\\", "n", N)

    lines = [
        "# Derived from WordNet 3.0 (see WORDNET-LICENSE beside this file) by",
        "# crates/quarry-planner/lexicon/build_wordnet.py; do not edit by hand.",
        "# t: attribute nouns (the n-th t line is attribute n); a: adjective, its attributes",
        "# (n+ more of attribute n, n- less); d: adjective, related nouns/verbs; v: verb, its",
        "# nouns; x: irregular comparative/superlative, adjective; p: irregular participle,",
        "# verb; n: not a superlative; s: synonymous nouns; o: adjective, its antonyms;",
        "# r: relational adjective, the nouns it pertains to.",
    ]
    for off in attribute_ids:
        lines.append("t\t" + " ".join(w for w in N[off]["words"] if is_word(w)))
    for adj, attrs in attributes.items():
        lines.append("a\t" + adj + "\t" + " ".join(f"{a}{sign}" for a, sign in attrs))
    for word, rel in adj_related.items():
        lines.append("d\t" + word + "\t" + " ".join(rel))
    for word, rel in verb_related.items():
        lines.append("v\t" + word + "\t" + " ".join(rel))
    for form, base in exceptions.items():
        lines.append("x\t" + form + "\t" + base)
    for form, base in participles.items():
        lines.append("p\t" + form + "\t" + base)
    for w in not_superlatives:
        lines.append("n\t" + w)
    for g in groups:
        lines.append("s\t" + " ".join(g))
    for adj, ants in antonyms.items():
        lines.append("o\t" + adj + "\t" + " ".join(ants))
    for adj, nouns in pertainyms.items():
        lines.append("r\t" + adj + "\t" + " ".join(nouns))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(OUT_DIR, "wordnet.tsv"), "w", encoding="utf-8") as f:
        f.write(text)

    licence = licence_text()
    with open(os.path.join(OUT_DIR, "WORDNET-LICENSE"), "w", encoding="utf-8") as f:
        f.write(licence)
    counts = defaultdict(int)
    for line in lines:
        if not line.startswith("#"):
            counts[line[0]] += 1
    print(f"wordnet.tsv: {len(text)} bytes; " + ", ".join(f"{k}={v}" for k, v in sorted(counts.items())))


def licence_text():
    """WordNet 3.0's licence, from the Debian package's copyright file."""
    path = "/usr/share/doc/wordnet-base/copyright"
    body = []
    with open(path, encoding="utf-8") as f:
        inside = False
        for line in f:
            if line.startswith("License: WordNet3.0"):
                inside = True
                continue
            if inside:
                if not line.startswith(" "):
                    break
                t = line[1:].rstrip("\n")
                body.append("" if t == "." else t)
    return (
        "The table wordnet.tsv beside this file is derived from WordNet 3.0\n"
        "(Princeton University), as packaged by Debian (wordnet-base). Its\n"
        "licence follows.\n\n" + "\n".join(body).strip() + "\n"
    )


if __name__ == "__main__":
    main()
