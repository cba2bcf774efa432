#!/usr/bin/env python3
"""Build the corpus_set25 bundles (standard library only, deterministic).

Usage:  CORPUS_OUT=/tmp/c_set25 python3 tools/build.py      (default output: tools/../out)
        python3 tools/build.py --table                      (print the README case table)
"""
import json
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import CATEGORIES, LAYERS, ACTIONS  # noqa: E402
import cases_hw  # noqa: E402
import cases_sys  # noqa: E402
import cases_app  # noqa: E402

KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}


def validate(b):
    lab = b.label
    assert re.match(r"^j\d\d_[a-z0-9_]+$", b.name), b.name
    assert set(lab) == KEYS, (b.name, sorted(lab))
    assert lab["category"] in CATEGORIES, (b.name, lab["category"])
    assert lab["layer"] in LAYERS, (b.name, lab["layer"])
    assert lab["action"] in ACTIONS, (b.name, lab["action"])
    assert isinstance(lab["rationale"], str) and 20 < len(lab["rationale"]) < 700, b.name
    assert isinstance(lab["modelled_on"], str) and lab["modelled_on"].startswith("https://"), b.name
    nodes = b.node_dirs()
    tops = {p.split("/")[0] for p in b.files}
    if any(t.startswith("attempt_") for t in tops):
        assert all(t.startswith("attempt_") for t in tops), (b.name, "mixed attempt/non-attempt folders")
    assert 2 <= len(nodes) <= 16, (b.name, len(nodes))
    c = lab["culprit"]
    if c is not None:
        assert isinstance(c, dict) and set(c) == {"node", "rank"}, b.name
        assert c["node"] in nodes, (b.name, c["node"], sorted(nodes))
        assert c["rank"] is None or (isinstance(c["rank"], int) and not isinstance(c["rank"], bool)), b.name
    if b.topology is not None:
        assert set(b.topology) == {"topology"}, b.name
    for p in b.files:
        assert "/" in p and not p.startswith("/") and ".." not in p, (b.name, p)
    if lab["category"] == "unknown":
        assert (lab["layer"], lab["culprit"], lab["action"]) == ("framework", None, "none"), b.name


def all_bundles():
    out = []
    for mod in (cases_hw, cases_sys, cases_app):
        for fn in mod.CASES:
            out.append(fn())
    names = [b.name for b in out]
    assert len(names) == len(set(names))
    assert len({n[:3] for n in names}) == len(names), "duplicate jNN prefix"
    return sorted(out, key=lambda b: b.name)


def table(bundles):
    rows = ["| case | category | layer | culprit | action | collection style | what it tests | modelled on |",
            "|---|---|---|---|---|---|---|---|"]
    for b in bundles:
        lab = b.label
        c = lab["culprit"]
        cs = "null" if c is None else ("%s / rank %s" % (c["node"], "null" if c["rank"] is None else c["rank"]))
        rows.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (b.name, lab["category"], lab["layer"], cs, lab["action"],
                                                                  b.style, b.what, lab["modelled_on"]))
    return "\n".join(rows)


def main():
    bundles = all_bundles()
    for b in bundles:
        validate(b)
    if "--table" in sys.argv:
        print(table(bundles))
        return
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "out")
    if os.path.isdir(out):
        for e in os.listdir(out):
            if re.match(r"^j\d\d_", e):
                shutil.rmtree(os.path.join(out, e))
    os.makedirs(out, exist_ok=True)
    total = 0
    for b in bundles:
        root = os.path.join(out, b.name)
        os.makedirs(root)
        files = dict(b.files)
        files["label.json"] = json.dumps(b.label, indent=2) + "\n"
        if b.topology is not None:
            files["topology.json"] = json.dumps(b.topology, indent=2) + "\n"
        for rel in sorted(files):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            data = files[rel].encode("utf-8")
            total += len(data)
            with open(path, "wb") as f:
                f.write(data)
    cats = {}
    for b in bundles:
        cats[b.label["category"]] = cats.get(b.label["category"], 0) + 1
    print("wrote %d bundles (%d bytes) to %s" % (len(bundles), total, out))
    print("categories: " + ", ".join("%s=%d" % kv for kv in sorted(cats.items())))
    assert total < 6 * 1024 * 1024, "build output too large"


if __name__ == "__main__":
    main()
