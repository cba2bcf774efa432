#!/usr/bin/env python3
"""Build corpus set 23 (prefix d): 34 bundles of multi-node training jobs.

    python3 tools/build.py                     # writes to tools/../out
    CORPUS_OUT=/some/dir python3 tools/build.py

Standard library only. Every random choice is seeded from the case name, so two
runs produce byte-identical bundles. Each label is validated before writing.
"""

import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from common import ACTIONS, CATEGORIES, LABEL_KEYS, LAYERS  # noqa: E402
import cases_gpu  # noqa: E402
import cases_infra  # noqa: E402
import cases_app  # noqa: E402
import cases_misc  # noqa: E402

MODULES = (cases_gpu, cases_infra, cases_app, cases_misc)
NAME_RE = re.compile(r"^d\d\d_[a-z0-9_]+$")


def all_bundles():
    bundles = []
    for mod in MODULES:
        for fn in mod.CASES:
            bundles.append(fn())
    bundles.sort(key=lambda b: b.name)
    return bundles


def validate(b):
    errs = []
    if not NAME_RE.match(b.name):
        errs.append("bad case name")
    lab = b.label
    if lab is None:
        return errs + ["no label"]
    if tuple(sorted(lab)) != tuple(sorted(LABEL_KEYS)):
        errs.append(f"label keys {sorted(lab)}")
    if lab.get("category") not in CATEGORIES:
        errs.append(f"category {lab.get('category')}")
    if lab.get("layer") not in LAYERS:
        errs.append(f"layer {lab.get('layer')}")
    if lab.get("action") not in ACTIONS:
        errs.append(f"action {lab.get('action')}")
    if not isinstance(lab.get("rationale"), str) or len(lab["rationale"]) < 20:
        errs.append("rationale")
    if not str(lab.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on must be https")
    groups = b.node_dirs()
    all_nodes = set().union(*groups.values()) if groups else set()
    for key, nodes in groups.items():
        if not 2 <= len(nodes) <= 16:
            errs.append(f"{key or 'bundle'} has {len(nodes)} nodes")
    if not 2 <= len(all_nodes) <= 16:
        errs.append(f"{len(all_nodes)} distinct nodes")
    if "" in groups and len(groups) > 1:
        errs.append("mixes top-level node folders with attempt_N folders")
    for key in groups:
        if key and not re.match(r"^attempt_\d+$", key):
            errs.append(f"bad attempt folder {key}")
    cul = lab.get("culprit")
    if cul is not None:
        if not isinstance(cul, dict) or tuple(sorted(cul)) != ("node", "rank"):
            errs.append("culprit must have exactly node and rank")
        else:
            if cul["node"] not in all_nodes:
                errs.append(f"culprit node {cul['node']} is not a node folder")
            if cul["rank"] is not None and not isinstance(cul["rank"], int):
                errs.append("culprit rank must be int or null")
    for path in b.files:
        if path.startswith("/") or ".." in path.split("/"):
            errs.append(f"bad path {path}")
    return errs


def write(b, out_dir):
    root = os.path.join(out_dir, b.name)
    if os.path.isdir(root):
        shutil.rmtree(root)
    os.makedirs(root)
    for rel, text in sorted(b.files.items()):
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    with open(os.path.join(root, "label.json"), "w", encoding="utf-8") as fh:
        fh.write(json.dumps(b.label, indent=2) + "\n")
    if b.topology:
        with open(os.path.join(root, "topology.json"), "w", encoding="utf-8") as fh:
            fh.write(json.dumps(b.topology, indent=2) + "\n")


def main():
    out_dir = os.environ.get("CORPUS_OUT") or os.path.join(HERE, "..", "out")
    out_dir = os.path.abspath(out_dir)
    bundles = all_bundles()
    names = [b.name for b in bundles]
    problems = []
    if len(set(names)) != len(names):
        problems.append("duplicate case names")
    if len({n[:3] for n in names}) != len(names):
        problems.append("duplicate case numbers")
    for b in bundles:
        for e in validate(b):
            problems.append(f"{b.name}: {e}")
    if problems:
        for p in problems:
            print("INVALID", p, file=sys.stderr)
        return 1
    os.makedirs(out_dir, exist_ok=True)
    for b in bundles:
        write(b, out_dir)
    counts = {}
    for b in bundles:
        counts[b.label["category"]] = counts.get(b.label["category"], 0) + 1
    print(f"wrote {len(bundles)} bundles to {out_dir}")
    print("per category: " + ", ".join(f"{k}={counts[k]}" for k in sorted(counts)))
    if "--table" in sys.argv:
        for b in bundles:
            lab = b.label
            cul = "null" if lab["culprit"] is None else (
                lab["culprit"]["node"] + ("" if lab["culprit"]["rank"] is None else f" / rank {lab['culprit']['rank']}"))
            print(f"| {b.name} | {lab['category']} | {lab['layer']} | {cul} | {lab['action']} | "
                  f"{b.summary} | {lab['modelled_on']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
