#!/usr/bin/env python3
"""Build the al01-al30 blind corpus (stdlib only, deterministic).

Usage:  CORPUS_OUT=/some/dir python3 tools/build.py
Default output: <this folder>/../out
"""
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402
from lib import ALLOWED  # noqa: E402

CASES = [getattr(m, "al%02d" % i) for i, m in
         [(i, cases_a) for i in range(1, 11)] + [(i, cases_b) for i in range(11, 21)] + [(i, cases_c) for i in range(21, 31)]]


def validate(out, case):
    base = os.path.join(out, case.name)
    with open(os.path.join(base, "label.json")) as f:
        lab = json.load(f)
    assert set(lab) == {"category", "layer", "culprit", "action", "rationale", "modelled_on"}, lab.keys()
    for k in ("category", "layer", "action"):
        assert lab[k] in ALLOWED[k], (case.name, k, lab[k])
    assert lab["modelled_on"].startswith("http"), case.name
    cul = lab["culprit"]
    if cul is not None:
        node = cul["node"]
        found = False
        for root, dirs, files in os.walk(base):
            if node in dirs:
                found = True
                break
        assert found, "%s: culprit node %s has no folder" % (case.name, node)
        if "rank" in cul:
            assert isinstance(cul["rank"], int), case.name
    assert case.name.startswith("al") and case.name[2:4].isdigit(), case.name


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    os.makedirs(out, exist_ok=True)
    names = []
    for fn in CASES:
        case = fn(out)
        p = os.path.join(out, case.name)
        if os.path.isdir(p):
            shutil.rmtree(p)
        case.flush()
        validate(out, case)
        names.append(case.name)
    assert len(names) == 30 and len(set(n[:4] for n in names)) == 30
    print("wrote %d cases to %s" % (len(names), out))


if __name__ == "__main__":
    main()
