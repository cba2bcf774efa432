#!/usr/bin/env python3
"""Build corpus set 77 (prefix bv): jobs restarted / requeued over 2-6 attempts.

Usage: CORPUS_OUT=/some/dir python3 tools/build.py
Standard library only; deterministic (every case uses its own random.Random(seed)).
"""

import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True

from common import ACTIONS, CATEGORIES, LAYERS  # noqa: E402
import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

NAME_RE = re.compile(r"^bv\d{2}_[a-z0-9_]+$")


def validate(name, files, label):
    errs = []
    if not NAME_RE.match(name):
        errs.append("bad case name")
    if set(label) != {"category", "layer", "culprit", "action", "rationale", "modelled_on"}:
        errs.append("label keys %s" % sorted(label))
    if label.get("category") not in CATEGORIES:
        errs.append("category %r" % label.get("category"))
    if label.get("layer") not in LAYERS:
        errs.append("layer %r" % label.get("layer"))
    if label.get("action") not in ACTIONS:
        errs.append("action %r" % label.get("action"))
    c = label.get("culprit")
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            errs.append("culprit shape")
        else:
            if not isinstance(c["node"], str) or not c["node"]:
                errs.append("culprit node")
            if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
                errs.append("culprit rank")
            dirs = set()
            for p in files:
                parts = p.split("/")
                dirs.update(parts[:-1])
            if c["node"] not in dirs:
                errs.append("culprit node %s has no directory in the bundle" % c["node"])
    if not isinstance(label.get("rationale"), str) or len(label["rationale"]) < 20:
        errs.append("rationale")
    if not str(label.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on")
    if "label.json" in files:
        errs.append("bundle must not contain label.json itself")
    if errs:
        raise SystemExit("invalid case %s: %s" % (name, "; ".join(errs)))


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        sys.stderr.write("build.py: CORPUS_OUT is not set\n")
        sys.exit(2)
    cases = []
    for mod in (cases_a, cases_b, cases_c):
        for fn in mod.CASES:
            cases.append(fn())
    names = [c[0] for c in cases]
    if len(set(names)) != len(names):
        raise SystemExit("duplicate case names")
    if not 24 <= len(cases) <= 30:
        raise SystemExit("expected 24-30 cases, got %d" % len(cases))
    # validate everything before writing anything
    for name, bundle, label in cases:
        validate(name, bundle.files, label)
    os.makedirs(out, exist_ok=True)
    total = 0
    for name, bundle, label in cases:
        root = os.path.join(out, name)
        size = 0
        for rel in sorted(bundle.files):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            data = bundle.files[rel].encode("utf-8")
            with open(path, "wb") as f:
                f.write(data)
            size += len(data)
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8") as f:
            json.dump(label, f, indent=2, sort_keys=True)
            f.write("\n")
        if size > 900 * 1024:
            raise SystemExit("case %s too large: %d bytes" % (name, size))
        total += size
    if total > 10 * 1024 * 1024:
        raise SystemExit("set too large: %d bytes" % total)
    print("wrote %d cases (%d bytes) to %s" % (len(cases), total, out))


if __name__ == "__main__":
    main()
