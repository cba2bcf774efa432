"""Build corpus set 14 (prefix k): 40 blind failure bundles.

Usage:  CORPUS_OUT=/tmp/x python tools/build.py      (default: ./out next to tools/)
Standard library only; deterministic (per-case random.Random("corpus_set14/<fn>")).
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

import common  # noqa: E402
import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402
import cases_d  # noqa: E402

CASE_RE = re.compile(r"^k\d\d_[a-z0-9_]+$")
ATTEMPT_RE = re.compile(r"^attempt_\d+$")
KEYS = ["category", "layer", "culprit", "action", "rationale", "modelled_on"]


def collect():
    fns = []
    for mod in (cases_a, cases_b, cases_c, cases_d):
        for name in sorted(dir(mod)):
            if CASE_RE.match(name) and callable(getattr(mod, name)):
                fns.append((name, getattr(mod, name)))
    fns.sort(key=lambda x: x[0])
    nums = [n[:3] for n, _ in fns]
    if len(set(nums)) != len(nums):
        raise SystemExit(f"duplicate case numbers: {nums}")
    return fns


def node_dirs(files):
    """Node folder names: top-level dirs, or second-level under attempt_N."""
    nodes = set()
    for p in files:
        parts = p.split("/")
        if len(parts) < 2:
            continue
        if ATTEMPT_RE.match(parts[0]):
            if len(parts) >= 3:
                nodes.add(parts[1])
        else:
            nodes.add(parts[0])
    return nodes


def validate(name, b):
    lab = b.label_data
    if lab is None:
        raise SystemExit(f"{name}: no label")
    if list(lab.keys()) != KEYS:
        raise SystemExit(f"{name}: label keys {list(lab.keys())}")
    for k in ("category", "layer", "action"):
        if lab[k] not in common.VOCAB[k]:
            raise SystemExit(f"{name}: bad {k} {lab[k]!r}")
    if not isinstance(lab["rationale"], str) or len(lab["rationale"]) < 20:
        raise SystemExit(f"{name}: rationale too short")
    if not lab["modelled_on"].startswith("https://"):
        raise SystemExit(f"{name}: modelled_on must be https://")
    nodes = node_dirs(b.files)
    if not 2 <= len(nodes) <= 16:
        raise SystemExit(f"{name}: {len(nodes)} nodes ({sorted(nodes)})")
    c = lab["culprit"]
    if c is not None:
        if set(c.keys()) != {"node", "rank"}:
            raise SystemExit(f"{name}: culprit keys {c}")
        if c["node"] not in nodes:
            raise SystemExit(f"{name}: culprit node {c['node']!r} not a node folder {sorted(nodes)}")
        if c["rank"] is not None and not isinstance(c["rank"], int):
            raise SystemExit(f"{name}: culprit rank must be int or null")
    for p in b.files:
        if p.startswith("/") or ".." in p.split("/"):
            raise SystemExit(f"{name}: bad path {p}")
    if "topology.json" in b.files:
        topo = json.loads(b.files["topology.json"])["topology"]
        for sw, members in topo.items():
            for m in members:
                if m not in nodes:
                    raise SystemExit(f"{name}: topology member {m} is not a node")


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    os.makedirs(out, exist_ok=True)
    if not os.environ.get("CORPUS_OUT"):
        with open(os.path.join(out, ".gitignore"), "w") as fh:
            fh.write("*\n")
    for entry in os.listdir(out):
        if re.match(r"^k\d\d", entry) and os.path.isdir(os.path.join(out, entry)):
            shutil.rmtree(os.path.join(out, entry))
    total = 0
    for name, fn in collect():
        b = common.Bundle(name)
        fn(b, random.Random(f"corpus_set14/{name}"))
        validate(name, b)
        root = os.path.join(out, name)
        lab = json.dumps(b.label_data, indent=2) + "\n"
        os.makedirs(root, exist_ok=True)
        with open(os.path.join(root, "label.json"), "w") as fh:
            fh.write(lab)
        total += len(lab)
        for rel in sorted(b.files):
            dest = os.path.join(root, rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "wb") as fh:
                fh.write(b.files[rel])
            total += len(b.files[rel])
    print(f"wrote {len(collect())} bundles, {total / 1048576:.2f} MiB to {out}")


if __name__ == "__main__":
    main()
