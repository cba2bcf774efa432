#!/usr/bin/env python3
"""Build corpus set 63 (prefix bh) into $CORPUS_OUT (default tests/corpus_set63/out).

Python stdlib only; deterministic (fixed dates, seeded random). Every label is
validated; the script exits non-zero on any problem.
"""
import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
NAME_RE = re.compile(r"^bh\d{2}_[a-z0-9]+(?:_[a-z0-9]+)*$")


def all_cases():
    out = []
    for mod in (cases_a, cases_b, cases_c):
        for fn in mod.CASES:
            out.append(fn())
    return out


def node_dirs(files):
    """Node folders: first path component, or second under attempt_N/."""
    nodes = set()
    for p in files:
        parts = p.split("/")
        if len(parts) >= 2 and re.match(r"^attempt_\d+$", parts[0]):
            if len(parts) >= 3:
                nodes.add(parts[1])
        elif len(parts) >= 2:
            nodes.add(parts[0])
    return nodes


def validate(case, problems):
    name = case["name"]
    if not NAME_RE.match(name):
        problems.append("%s: bad case name" % name)
    lab = case["label"]
    if set(lab) != LABEL_KEYS:
        problems.append("%s: label keys %s" % (name, sorted(lab)))
    if lab.get("category") not in CATEGORIES:
        problems.append("%s: category %r" % (name, lab.get("category")))
    if lab.get("layer") not in LAYERS:
        problems.append("%s: layer %r" % (name, lab.get("layer")))
    if lab.get("action") not in ACTIONS:
        problems.append("%s: action %r" % (name, lab.get("action")))
    if not isinstance(lab.get("rationale"), str) or len(lab["rationale"]) < 20:
        problems.append("%s: rationale missing" % name)
    mo = lab.get("modelled_on")
    if not isinstance(mo, str) or not mo.startswith("https://"):
        problems.append("%s: modelled_on must be https" % name)
    nodes = node_dirs(case["files"])
    if not nodes:
        problems.append("%s: no node folders" % name)
    cul = lab.get("culprit")
    if cul is not None:
        if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
            problems.append("%s: culprit shape %r" % (name, cul))
        else:
            if cul["node"] not in nodes:
                problems.append("%s: culprit node %s not a folder" % (name, cul["node"]))
            r = cul["rank"]
            if r is not None and (not isinstance(r, int) or isinstance(r, bool)):
                problems.append("%s: culprit rank %r" % (name, r))
    topo = case.get("topology")
    if topo is not None:
        if set(topo) != {"topology"} or not isinstance(topo["topology"], dict):
            problems.append("%s: topology shape" % name)
        else:
            for sw, members in topo["topology"].items():
                for m in members:
                    if m not in nodes:
                        problems.append("%s: topology node %s missing" % (name, m))
    for p in case["files"]:
        if p.startswith("/") or ".." in p.split("/") or p in ("label.json", "topology.json"):
            problems.append("%s: bad path %s" % (name, p))


def main():
    out_root = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    cases = all_cases()
    problems = []
    names = [c["name"] for c in cases]
    if len(set(names)) != len(names):
        problems.append("duplicate case names")
    if not 24 <= len(cases) <= 30:
        problems.append("case count %d outside 24..30" % len(cases))
    for c in cases:
        validate(c, problems)
    if problems:
        for p in problems:
            print("PROBLEM:", p, file=sys.stderr)
        return 1
    os.makedirs(out_root, exist_ok=True)
    for c in cases:
        cdir = os.path.join(out_root, c["name"])
        if os.path.isdir(cdir):
            shutil.rmtree(cdir)
        os.makedirs(cdir)
        for rel, content in sorted(c["files"].items()):
            path = os.path.join(cdir, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(content)
        with open(os.path.join(cdir, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
            json.dump(c["label"], fh, indent=2, sort_keys=True)
            fh.write("\n")
        if c.get("topology") is not None:
            with open(os.path.join(cdir, "topology.json"), "w", encoding="utf-8", newline="\n") as fh:
                json.dump(c["topology"], fh, indent=2, sort_keys=True)
                fh.write("\n")
    print("wrote %d cases to %s" % (len(cases), out_root))
    return 0


if __name__ == "__main__":
    sys.exit(main())
