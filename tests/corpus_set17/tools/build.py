#!/usr/bin/env python3
"""Build corpus_set17 (prefix q): blind failure bundles from cloud GPU fleets.

Usage:  python3 tools/build.py            # writes to $CORPUS_OUT or corpus_set17/out (next to tools/)
Deterministic: each case gets random.Random("corpus_set17/<case name>"); no wall clock.
"""
import json
import os
import random
import shutil
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402
from common import Bundle  # noqa: E402

SET = "corpus_set17"
CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}


def node_folders(files):
    """node folder names: first path component, or second under attempt_N/."""
    nodes = set()
    for p in files:
        parts = p.split("/")
        if parts[0].startswith("attempt_"):
            nodes.add(parts[1])
        else:
            nodes.add(parts[0])
    return nodes


def validate(name, b):
    lab = b.label
    assert lab is not None, name
    assert set(lab) == KEYS, (name, set(lab) ^ KEYS)
    assert lab["category"] in CATEGORIES, (name, lab["category"])
    assert lab["layer"] in LAYERS, (name, lab["layer"])
    assert lab["action"] in ACTIONS, (name, lab["action"])
    assert isinstance(lab["rationale"], str) and 20 < len(lab["rationale"]) < 700, name
    assert lab["modelled_on"].startswith("https://"), name
    nodes = node_folders(b.files)
    assert 2 <= len(nodes) <= 16 or any(p.startswith("attempt_") for p in b.files), (name, len(nodes))
    if any(p.startswith("attempt_") for p in b.files):
        for p in b.files:
            assert p.startswith("attempt_"), (name, "mixed attempt/non-attempt layout", p)
        atts = {}
        for p in b.files:
            a, n = p.split("/")[:2]
            atts.setdefault(a, set()).add(n)
        for a, ns in atts.items():
            assert 2 <= len(ns) <= 16, (name, a, len(ns))
    c = lab["culprit"]
    if c is not None:
        assert set(c) == {"node", "rank"}, name
        assert c["node"] in nodes, (name, c["node"], sorted(nodes))
        assert c["rank"] is None or (isinstance(c["rank"], int) and c["rank"] >= 0), name
    if b.topology is not None:
        topo = b.topology["topology"]
        for sw, ns in topo.items():
            for n in ns:
                assert n in nodes, (name, sw, n)
    assert name[0] == "q" and name[1:3].isdigit() and name[3] == "_", name


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    cases = cases_a.CASES + cases_b.CASES + cases_c.CASES
    names = [n for n, _ in cases]
    assert len(names) == len(set(names))
    built = []
    for name, fn in cases:
        b = Bundle(name, random.Random("%s/%s" % (SET, name)))
        fn(b)
        validate(name, b)
        built.append((name, b))
    if os.path.isdir(out):
        for n in os.listdir(out):
            if n[:1] == "q" and os.path.isdir(os.path.join(out, n)):
                shutil.rmtree(os.path.join(out, n))
    os.makedirs(out, exist_ok=True)
    total = 0
    for name, b in built:
        root = os.path.join(out, name)
        for rel in sorted(b.files):
            p = os.path.join(root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            data = b.files[rel].encode("utf-8")
            total += len(data)
            with open(p, "wb") as f:
                f.write(data)
        with open(os.path.join(root, "label.json"), "w") as f:
            json.dump(b.label, f, indent=2, sort_keys=False)
            f.write("\n")
        if b.topology is not None:
            with open(os.path.join(root, "topology.json"), "w") as f:
                json.dump(b.topology, f, indent=2)
                f.write("\n")
    assert total < 15 * 1024 * 1024, total
    print("wrote %d cases, %.2f MiB to %s" % (len(built), total / 1048576.0, out))


if __name__ == "__main__":
    main()
