#!/usr/bin/env python3
"""Build corpus set 51 (launchers other than torchrun).

    CORPUS_OUT=/some/dir python3 tools/build.py

Writes every case into CORPUS_OUT (default: <set folder>/out). Stdlib only and
deterministic. Validates every label and exits non-zero on a bad one.
"""
import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402
from common import CATEGORIES, LAYERS, ACTIONS  # noqa: E402

PREFIX = "av"
KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}


def validate(case):
    errs = []
    name, lab, files = case["name"], case["label"], case["files"]
    if not re.match(r"^%s\d\d_[a-z0-9_]+$" % PREFIX, name):
        errs.append("bad case name %r" % name)
    if set(lab) != KEYS:
        errs.append("label keys %s" % sorted(lab))
    if lab.get("category") not in CATEGORIES:
        errs.append("category %r" % lab.get("category"))
    if lab.get("layer") not in LAYERS:
        errs.append("layer %r" % lab.get("layer"))
    if lab.get("action") not in ACTIONS:
        errs.append("action %r" % lab.get("action"))
    if not isinstance(lab.get("rationale"), str) or len(lab["rationale"]) < 40:
        errs.append("rationale too short")
    if not str(lab.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on must be an https:// URL")
    c = lab.get("culprit")
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            errs.append("culprit must be null or {node, rank}")
        else:
            if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
                errs.append("culprit rank %r" % c["rank"])
            dirs = set()
            for p in files:
                parts = p.split("/")
                for i in range(len(parts) - 1):
                    dirs.add(parts[i])
            if c["node"] not in dirs:
                errs.append("culprit node %r is not a folder in the bundle" % c["node"])
    for p in files:
        if p.startswith("/") or ".." in p.split("/"):
            errs.append("bad path %r" % p)
    return errs


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    cases = [f() for f in cases_a.CASES + cases_b.CASES + cases_c.CASES]
    bad = False
    seen = set()
    for c in cases:
        e = validate(c)
        num = c["name"][:4]
        if num in seen:
            e.append("duplicate case number %s" % num)
        seen.add(num)
        if e:
            bad = True
            for x in e:
                print("INVALID %s: %s" % (c["name"], x), file=sys.stderr)
    if not 24 <= len(cases) <= 30:
        print("INVALID: %d cases (need 24-30)" % len(cases), file=sys.stderr)
        bad = True
    if bad:
        return 1
    os.makedirs(out, exist_ok=True)
    for c in cases:
        root = os.path.join(out, c["name"])
        if os.path.exists(root):
            shutil.rmtree(root)
        for rel, text in sorted(c["files"].items()):
            p = os.path.join(root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8") as fh:
            json.dump(c["label"], fh, indent=2, sort_keys=False)
            fh.write("\n")
        if c.get("topology"):
            with open(os.path.join(root, "topology.json"), "w", encoding="utf-8") as fh:
                json.dump(c["topology"], fh, indent=2)
                fh.write("\n")
    print("wrote %d cases to %s" % (len(cases), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
