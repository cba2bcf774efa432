#!/usr/bin/env python3
"""Build corpus set 75 (bt cases: slowdowns, stragglers and decoys) into $CORPUS_OUT.

Standard library only and deterministic: every case uses its own fixed random.Random(seed),
timestamps are hard-coded, and files are written in sorted order.
"""

import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402
import cases_d  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom", "numerical",
              "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
NAME_RE = re.compile(r"^bt\d{2}_[a-z0-9_]+$")


def validate(name, files, label):
    errs = []
    if not NAME_RE.match(name):
        errs.append("bad case name %r" % name)
    keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
    if set(label) != keys:
        errs.append("label keys %s != %s" % (sorted(label), sorted(keys)))
    if label.get("category") not in CATEGORIES:
        errs.append("bad category %r" % label.get("category"))
    if label.get("layer") not in LAYERS:
        errs.append("bad layer %r" % label.get("layer"))
    if label.get("action") not in ACTIONS:
        errs.append("bad action %r" % label.get("action"))
    c = label.get("culprit")
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            errs.append("culprit must be null or {node, rank}")
        else:
            if not isinstance(c["node"], str) or not c["node"]:
                errs.append("culprit.node must be a non-empty string")
            if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
                errs.append("culprit.rank must be null or a non-negative int")
            elif not any(p.split("/")[-2:-1] == [c["node"]] or ("/" + c["node"] + "/") in ("/" + p) or c["node"] in files[p]
                         for p in files):
                errs.append("culprit node %r does not appear in the bundle" % c["node"])
    if not isinstance(label.get("rationale"), str) or len(label["rationale"]) < 20:
        errs.append("rationale missing")
    if not isinstance(label.get("modelled_on"), str) or not label["modelled_on"].startswith("https://"):
        errs.append("modelled_on must be an https URL")
    if not files:
        errs.append("no files")
    for p in files:
        if p.startswith("/") or ".." in p.split("/") or p == "label.json":
            errs.append("bad path %r" % p)
    size = sum(len(v.encode("utf-8")) for v in files.values())
    if size > 900 * 1024:
        errs.append("bundle too large: %d bytes" % size)
    return errs


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        print("build.py: CORPUS_OUT is not set; set it to the output directory", file=sys.stderr)
        return 2
    cases = []
    for mod in (cases_a, cases_b, cases_c, cases_d):
        for fn in mod.CASES:
            cases.append(fn())
    names = [c[0] for c in cases]
    problems = []
    if len(set(names)) != len(names):
        problems.append("duplicate case names")
    if not 24 <= len(cases) <= 30:
        problems.append("case count %d outside 24..30" % len(cases))
    for name, files, label in cases:
        for e in validate(name, files, label):
            problems.append("%s: %s" % (name, e))
    if problems:
        for p in problems:
            print("build.py: invalid: %s" % p, file=sys.stderr)
        return 1
    os.makedirs(out, exist_ok=True)
    total = 0
    for name, files, label in sorted(cases, key=lambda c: c[0]):
        root = os.path.join(out, name)
        for rel in sorted(files):
            path = os.path.join(root, *rel.split("/"))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            data = files[rel].encode("utf-8")
            total += len(data)
            with open(path, "wb") as f:
                f.write(data)
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            json.dump(label, f, indent=2, sort_keys=False)
            f.write("\n")
    print("build.py: wrote %d cases (%d bytes) to %s" % (len(cases), total, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
