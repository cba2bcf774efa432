#!/usr/bin/env python3
"""Build corpus set 48 (Slurm HPC clusters and node hardware).

    CORPUS_OUT=/some/dir python3 tools/build.py      # default: <set folder>/out

Deterministic (seeded RNGs, fixed dates), stdlib only. Validates every label and
exits non-zero on a bad one.
"""
import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_hw  # noqa: E402
import cases_sys  # noqa: E402
import cases_misc  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom", "numerical",
              "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
PREFIX = "as"


def node_dirs(case_dir):
    out = set()
    for e in os.listdir(case_dir):
        p = os.path.join(case_dir, e)
        if not os.path.isdir(p):
            continue
        if re.match(r"attempt_\d+$", e):
            out |= {x for x in os.listdir(p) if os.path.isdir(os.path.join(p, x))}
        else:
            out.add(e)
    return out


def validate(name, label, case_dir):
    errs = []
    if not re.match(r"^%s\d\d_[a-z0-9_]+$" % PREFIX, name):
        errs.append("bad case name")
    if set(label) != KEYS:
        errs.append("keys %s" % sorted(set(label) ^ KEYS))
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
            if c["node"] not in node_dirs(case_dir):
                errs.append("culprit node %r is not a folder in the bundle" % c["node"])
            if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
                errs.append("culprit rank %r" % c["rank"])
    if not isinstance(label.get("rationale"), str) or len(label["rationale"]) < 40:
        errs.append("rationale too short")
    if not str(label.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on must be https URL")
    return errs


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    os.makedirs(out, exist_ok=True)
    fns = cases_hw.CASES + cases_sys.CASES + cases_misc.CASES
    seen = set()
    bad = 0
    for fn in sorted(fns, key=lambda f: f.__name__):
        name, label, bundle = fn(out)
        if name in seen or name[:4] in {s[:4] for s in seen}:
            print("duplicate case id %s" % name)
            bad += 1
        seen.add(name)
        case_dir = os.path.join(out, name)
        if os.path.isdir(case_dir) and bundle.files:
            # keep topology.json (written directly) but refresh generated files
            for e in os.listdir(case_dir):
                p = os.path.join(case_dir, e)
                if e != "topology.json":
                    shutil.rmtree(p) if os.path.isdir(p) else os.remove(p)
        bundle.write()
        with open(os.path.join(case_dir, "label.json"), "w") as f:
            json.dump(label, f, indent=2)
            f.write("\n")
        errs = validate(name, label, case_dir)
        if errs:
            bad += 1
            print("INVALID %s: %s" % (name, "; ".join(errs)))
        else:
            print("ok  %-60s %s/%s/%s" % (name, label["category"], label["layer"], label["action"]))
    n = len(seen)
    if not 24 <= n <= 30:
        print("case count %d outside 24..30" % n)
        bad += 1
    if bad:
        print("%d problem(s)" % bad)
        sys.exit(1)
    print("built %d cases into %s" % (n, out))


if __name__ == "__main__":
    main()
