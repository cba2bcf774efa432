#!/usr/bin/env python3
"""Build corpus set 76 into $CORPUS_OUT (standard library only, deterministic)."""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import ALLOWED  # noqa: E402
import cases_a  # noqa: E402

PREFIX = "bu"
MODULES = [cases_a]
for _m in ("cases_b", "cases_c", "cases_d"):
    try:
        MODULES.append(__import__(_m))
    except ModuleNotFoundError:
        pass


def validate(name, label, files):
    errs = []
    if not re.fullmatch(PREFIX + r"\d\d_[a-z0-9_]+", name):
        errs.append(f"bad case name {name!r}")
    keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
    if set(label) != keys:
        errs.append(f"label keys {sorted(label)} != {sorted(keys)}")
    for k in ("category", "layer", "action"):
        if label.get(k) not in ALLOWED[k]:
            errs.append(f"invalid {k}: {label.get(k)!r}")
    c = label.get("culprit")
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            errs.append(f"culprit must be null or {{node, rank}}: {c!r}")
        else:
            if not isinstance(c["node"], str) or not c["node"]:
                errs.append("culprit.node must be a non-empty string")
            if c["rank"] is not None and (not isinstance(c["rank"], int) or c["rank"] < 0):
                errs.append("culprit.rank must be null or a non-negative int")
            dirs = {p.split("/")[0] for p in files} | {p.split("/")[1] for p in files if p.startswith("attempt_")}
            if c["node"] not in dirs:
                errs.append(f"culprit node {c['node']} has no directory in the bundle")
    if not isinstance(label.get("rationale"), str) or len(label["rationale"]) < 20:
        errs.append("rationale missing")
    if not str(label.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on must be an https URL")
    for p in files:
        if p.startswith("/") or ".." in p.split("/"):
            errs.append(f"bad path {p}")
    return errs


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        print("CORPUS_OUT is not set", file=sys.stderr)
        return 2
    cases = []
    for m in MODULES:
        for fn in m.CASES:
            cases.append(fn())
    names = [c[0] for c in cases]
    bad = []
    if len(set(names)) != len(names):
        bad.append("duplicate case names")
    nums = [n[len(PREFIX):len(PREFIX) + 2] for n in names]
    if len(set(nums)) != len(nums):
        bad.append("duplicate case numbers")
    if not 24 <= len(cases) <= 30:
        bad.append(f"{len(cases)} cases; need 24-30")
    for name, files, label in cases:
        bad += [f"{name}: {e}" for e in validate(name, label, files)]
    if bad:
        for b in bad:
            print("invalid: " + b, file=sys.stderr)
        return 1
    os.makedirs(out, exist_ok=True)
    for name, files, label in cases:
        root = os.path.join(out, name)
        for rel, text in sorted(files.items()):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            json.dump(label, f, indent=2, sort_keys=True)
            f.write("\n")
    print(f"wrote {len(cases)} cases to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
