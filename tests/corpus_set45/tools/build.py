#!/usr/bin/env python3
"""Build the corpus_set45 ('ap') blind test cases.

Usage:  CORPUS_OUT=/some/dir python3 tools/build.py
Default output: <set folder>/out.  Stdlib only, deterministic (seeded RNGs, fixed dates).
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
from lib import CaseWriter  # noqa: E402

CATEGORIES = {"user_code", "dependency", "oom", "numerical", "hang", "network", "storage", "gpu_hardware",
              "gpu_memory", "nvlink", "host", "straggler", "unknown"}
LAYERS = {"script", "framework", "infrastructure"}
ACTIONS = {"stop", "restart", "restart_without_node", "run_diagnostics", "none"}

BUILDERS = []
for mod in (cases_a, cases_b, cases_c):
    for n in sorted(dir(mod)):
        if n.startswith("ap") and n[2:].isdigit():
            BUILDERS.append(getattr(mod, n))
BUILDERS.sort(key=lambda f: f.__name__)


def validate(case_dir):
    with open(os.path.join(case_dir, "label.json")) as f:
        lab = json.load(f)
    errs = []
    for k in ("category", "layer", "culprit", "action", "rationale", "modelled_on"):
        if k not in lab:
            errs.append(f"missing {k}")
    if lab.get("category") not in CATEGORIES:
        errs.append(f"bad category {lab.get('category')}")
    if lab.get("layer") not in LAYERS:
        errs.append(f"bad layer {lab.get('layer')}")
    if lab.get("action") not in ACTIONS:
        errs.append(f"bad action {lab.get('action')}")
    if not str(lab.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on must be a URL")
    c = lab.get("culprit")
    if c is not None:
        node = c.get("node")
        found = False
        for root, dirs, files in os.walk(case_dir):
            if node in dirs:
                found = True
                break
        if not found:
            errs.append(f"culprit node {node} has no folder in bundle")
        if "rank" in c and not isinstance(c["rank"], int):
            errs.append("rank must be int")
    return lab, errs


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    os.makedirs(out, exist_ok=True)
    names = []
    for b in BUILDERS:
        tmp_name = b.__name__ + "_tmp"
        w = CaseWriter(out, tmp_name)
        if os.path.exists(w.root):
            shutil.rmtree(w.root)
        name = b(w)
        final = os.path.join(out, name)
        if os.path.exists(final):
            shutil.rmtree(final)
        os.rename(w.root, final)
        names.append(name)
    bad = 0
    for n in names:
        lab, errs = validate(os.path.join(out, n))
        if errs:
            bad += 1
            print(f"INVALID {n}: {errs}")
    print(f"wrote {len(names)} cases to {out}" + (f" ({bad} invalid)" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
