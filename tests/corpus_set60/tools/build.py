#!/usr/bin/env python3
"""Build corpus set 60 (prefix be): network failures and who is behind an
address. Writes every case into $CORPUS_OUT (default tests/corpus_set60/out),
then validates every label. Exits non-zero on any problem.

Python stdlib only; deterministic (fixed dates, seeded random)."""

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
import cases_d  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
NAME_RE = re.compile(r"^be\d\d_[a-z0-9]+(_[a-z0-9]+)*$")


def default_out():
    repo = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
    return os.path.join(repo, "tests", "corpus_set60", "out")


def validate(root, names):
    problems = []
    if not 24 <= len(names) <= 30:
        problems.append("case count %d outside 24..30" % len(names))
    if len(set(names)) != len(names):
        problems.append("duplicate case names")
    for name in names:
        base = os.path.join(root, name)
        if not NAME_RE.match(name):
            problems.append("%s: bad case name" % name)
        path = os.path.join(base, "label.json")
        try:
            with open(path, encoding="utf-8") as fh:
                lab = json.load(fh)
        except (OSError, ValueError) as exc:
            problems.append("%s: label.json unreadable: %s" % (name, exc))
            continue
        if set(lab) != KEYS:
            problems.append("%s: label keys %s" % (name, sorted(lab)))
            continue
        if lab["category"] not in CATEGORIES:
            problems.append("%s: category %r" % (name, lab["category"]))
        if lab["layer"] not in LAYERS:
            problems.append("%s: layer %r" % (name, lab["layer"]))
        if lab["action"] not in ACTIONS:
            problems.append("%s: action %r" % (name, lab["action"]))
        if not isinstance(lab["rationale"], str) or len(lab["rationale"]) < 20:
            problems.append("%s: rationale too short" % name)
        if not isinstance(lab["modelled_on"], str) or not lab["modelled_on"].startswith("https://"):
            problems.append("%s: modelled_on must be an https URL" % name)
        cul = lab["culprit"]
        if cul is not None:
            if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
                problems.append("%s: culprit must have node and rank" % name)
            else:
                node = cul["node"]
                dirs = [os.path.join(base, node)] + [os.path.join(base, a, node) for a in os.listdir(base)
                                                     if a.startswith("attempt_")]
                if not isinstance(node, str) or not any(os.path.isdir(d) for d in dirs):
                    problems.append("%s: culprit node %r is not a directory in the bundle" % (name, node))
                rank = cul["rank"]
                if rank is not None and (not isinstance(rank, int) or isinstance(rank, bool) or rank < 0):
                    problems.append("%s: culprit rank %r" % (name, rank))
        topo = os.path.join(base, "topology.json")
        if os.path.exists(topo):
            with open(topo, encoding="utf-8") as fh:
                tp = json.load(fh)
            if set(tp) != {"topology"} or not isinstance(tp["topology"], dict):
                problems.append("%s: topology.json shape" % name)
            else:
                for sw, nodes in tp["topology"].items():
                    for n in nodes:
                        if not os.path.isdir(os.path.join(base, n)):
                            problems.append("%s: topology node %s (%s) missing" % (name, n, sw))
        # a culprit-free label must not name a rank
        if cul is None and lab["action"] == "restart_without_node":
            problems.append("%s: restart_without_node needs a culprit" % name)
        if cul is not None and lab["action"] == "none":
            problems.append("%s: action none with a culprit" % name)
    return problems


def main():
    out = os.environ.get("CORPUS_OUT") or default_out()
    out = os.path.abspath(out)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    bundles = []
    for mod in (cases_a, cases_b, cases_c, cases_d):
        for fn in mod.CASES:
            bundles.append(fn())
    names = [b.name for b in bundles]
    for b in bundles:
        if b.label is None:
            print("%s: no label" % b.name, file=sys.stderr)
            return 1
        b.write(out)
    problems = validate(out, names)
    for p in problems:
        print("PROBLEM: " + p, file=sys.stderr)
    if problems:
        return 1
    print("wrote %d cases to %s" % (len(names), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
