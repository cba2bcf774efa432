#!/usr/bin/env python3
"""Build corpus_set28: 30 bundles on hangs, slowdowns and recurrence.

Usage: CORPUS_OUT=/tmp/c_set28 python3 tools/build.py   (default: tools/../out)
Standard library only; deterministic (seeded from case names, fixed datetimes).
"""
import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

from common import CATEGORIES, LAYERS, ACTIONS  # noqa: E402
import hangs  # noqa: E402
import slow  # noqa: E402
import recur  # noqa: E402

KEYS = ["category", "layer", "culprit", "action", "rationale", "modelled_on"]


def validate(b):
    lab = b.label
    errs = []
    if lab is None or sorted(lab) != sorted(KEYS):
        return ["label keys %r" % (sorted(lab) if lab else None)]
    if not re.match(r"^l\d\d_[a-z0-9_]+$", b.name):
        errs.append("bad case name")
    if lab["category"] not in CATEGORIES:
        errs.append("category %r" % lab["category"])
    if lab["layer"] not in LAYERS:
        errs.append("layer %r" % lab["layer"])
    if lab["action"] not in ACTIONS:
        errs.append("action %r" % lab["action"])
    if not isinstance(lab["modelled_on"], str) or not lab["modelled_on"].startswith("https://"):
        errs.append("modelled_on must be https")
    if not isinstance(lab["rationale"], str) or not lab["rationale"].strip():
        errs.append("empty rationale")
    c = lab["culprit"]
    nodes = b.node_dirs()
    if c is not None:
        if not isinstance(c, dict) or sorted(c) != ["node", "rank"]:
            errs.append("culprit shape %r" % (c,))
        else:
            if c["node"] not in nodes:
                errs.append("culprit node %r not a node folder %r" % (c["node"], sorted(nodes)))
            if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool)):
                errs.append("culprit rank %r" % (c["rank"],))
    tops = set(p.split("/")[0] for p in b.files)
    attempts = [t for t in tops if t.startswith("attempt_")]
    if attempts:
        stray = [t for t in tops if not t.startswith("attempt_") and t not in ("topology.json",)]
        if stray:
            errs.append("node folders outside attempts: %r" % stray)
    if "topology.json" in b.files:
        topo = json.loads(b.files["topology.json"])
        for sw, hs in topo["topology"].items():
            for h in hs:
                if h not in nodes:
                    errs.append("topology host %s not a node folder" % h)
    return errs


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(HERE, "..", "out")
    out = os.path.abspath(out)
    bundles = []
    for mod in (hangs, slow, recur):
        for fn in mod.CASES:
            bundles.append(fn())
    names = [b.name for b in bundles]
    assert len(set(names)) == len(names), "duplicate case names"
    assert len(set(n[:3] for n in names)) == len(names), "duplicate case numbers"
    bad = False
    for b in bundles:
        e = validate(b)
        if e:
            bad = True
            print("INVALID %s: %s" % (b.name, "; ".join(e)), file=sys.stderr)
    if bad:
        sys.exit(1)
    if os.path.isdir(out):
        for n in os.listdir(out):
            if re.match(r"^l\d\d_", n):
                shutil.rmtree(os.path.join(out, n))
    os.makedirs(out, exist_ok=True)
    total = 0
    for b in sorted(bundles, key=lambda x: x.name):
        root = os.path.join(out, b.name)
        for rel in sorted(b.files):
            p = os.path.join(root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as f:
                f.write(b.files[rel])
            total += len(b.files[rel].encode())
        lab = json.dumps({k: b.label[k] for k in KEYS}, indent=2) + "\n"
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(lab)
        total += len(lab)
    print("wrote %d bundles, %d bytes to %s" % (len(bundles), total, out))


if __name__ == "__main__":
    main()
