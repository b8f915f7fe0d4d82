#!/usr/bin/env python3
"""Checks every gold query of the development set against the built tables.

    python3 bench/devset/check_gold.py [--db-root /tmp/quarry-devset] [--phrases FILE ...] [-v]

For each phrase it runs the gold SQL as written and computes the record set
the scorer (accuracy.py's gold_target) reads from it. It fails (exit 1) on an
SQL error, a gold that accuracy.py cannot score, an empty record set, a
record set that is the whole table, a malformed line, a duplicate idx, or a
phrase with a db_id that is not in holdout.txt's complement/hold-out split.
Also checks that phrases_dev.jsonl and phrases_holdout.jsonl are exactly
phrases.jsonl split by holdout.txt (--split rewrites them from phrases.jsonl).
"""
import argparse
import collections
import importlib.util
import json
import os
import sqlite3
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = {"idx", "db_id", "table", "question", "query", "db_present", "nl_has_where", "phenomena"}


def load_accuracy(path):
    spec = importlib.util.spec_from_file_location("accuracy", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def holdout_ids():
    return {l.strip() for l in open(os.path.join(HERE, "holdout.txt")) if l.strip() and not l.startswith("#")}


def split(phrases):
    ho = holdout_ids()
    for name, keep in (("phrases_dev.jsonl", lambda q: q["db_id"] not in ho),
                       ("phrases_holdout.jsonl", lambda q: q["db_id"] in ho)):
        with open(os.path.join(HERE, name), "w") as f:
            for q in phrases:
                if keep(q):
                    f.write(json.dumps(q, ensure_ascii=False) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db-root", default="/tmp/quarry-devset")
    ap.add_argument("--phrases", default=os.path.join(HERE, "phrases.jsonl"))
    ap.add_argument("--accuracy", default=os.path.join(HERE, "..", "..", "..", "shared", "bench", "accuracy.py"),
                    help="path to accuracy.py (default: ../shared/bench/accuracy.py beside the repository)")
    ap.add_argument("--split", action="store_true", help="rewrite phrases_dev.jsonl / phrases_holdout.jsonl")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    acc = load_accuracy(args.accuracy)
    lines = [l for l in open(args.phrases) if l.strip()]
    phrases, bad, seen = [], [], set()
    for n, l in enumerate(lines, 1):
        try:
            q = json.loads(l)
        except ValueError as e:
            bad.append(f"line {n}: not JSON: {e}")
            continue
        if set(q) - KEYS or not {"idx", "db_id", "table", "question", "query"} <= set(q):
            bad.append(f"line {n}: keys {sorted(q)}")
        if q.get("idx") in seen:
            bad.append(f"line {n}: duplicate idx {q.get('idx')}")
        seen.add(q.get("idx"))
        phrases.append(q)
    dbs = {}
    per_table = collections.Counter()
    phen = collections.Counter()
    for q in phrases:
        db_id = q["db_id"]
        if db_id not in dbs:
            path = os.path.join(args.db_root, db_id, db_id + ".sqlite")
            if not os.path.exists(path):
                bad.append(f"idx {q['idx']}: no database {path} (run build.py --out {args.db_root})")
                dbs[db_id] = None
                continue
            con = sqlite3.connect(path)
            size = con.execute(f'SELECT count(*) FROM "{q["table"]}"').fetchone()[0]
            dbs[db_id] = (con, size)
        if dbs[db_id] is None:
            continue
        con, size = dbs[db_id]
        per_table[db_id] += 1
        for p in q.get("phenomena", []):
            phen[p] += 1
        try:
            con.execute(q["query"]).fetchall()
            cat, kind, val = acc.gold_target(con, q["table"], q["query"])
        except sqlite3.Error as e:
            bad.append(f"idx {q['idx']} {db_id}: SQL error {e}: {q['query']}")
            continue
        if kind == "skip":
            bad.append(f"idx {q['idx']} {db_id}: gold accuracy.py cannot score: {q['query']}")
            continue
        count = len(val) if kind == "set" else len(val[1])
        if args.verbose:
            print(f"{q['idx']:4} {db_id:17} {cat:11} {count:5}/{size:<5} {q['question']}")
        if count == 0:
            bad.append(f"idx {q['idx']} {db_id}: no rows: {q['question']!r}: {q['query']}")
        elif count >= size:
            bad.append(f"idx {q['idx']} {db_id}: whole table ({size} rows): {q['question']!r}: {q['query']}")
    ho = holdout_ids()
    if args.split:
        split(phrases)
    # The dev/hold-out split is of phrases.jsonl only; a fresh set has none.
    whole = os.path.basename(args.phrases) == "phrases.jsonl"
    for name, want in (("phrases_dev.jsonl", [q for q in phrases if q["db_id"] not in ho]),
                       ("phrases_holdout.jsonl", [q for q in phrases if q["db_id"] in ho])) if whole else ():
        path = os.path.join(HERE, name)
        have = [json.loads(l) for l in open(path)] if os.path.exists(path) else None
        if have != want:
            bad.append(f"{name} is not phrases.jsonl split by holdout.txt (run with --split)")
    dev_t = sorted(t for t in per_table if t not in ho)
    ho_t = sorted(t for t in per_table if t in ho)
    print(f"{len(phrases)} phrases over {len(per_table)} tables; "
          f"dev {sum(per_table[t] for t in dev_t)} over {len(dev_t)}, hold-out {sum(per_table[t] for t in ho_t)} over {len(ho_t)}")
    print("per table: " + ", ".join(f"{t} {k}" for t, k in sorted(per_table.items())))
    print("phenomena: " + ", ".join(f"{p} {k}" for p, k in phen.most_common()))
    for b in bad:
        print("FAIL", b)
    print("ok" if not bad else f"{len(bad)} problems")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
