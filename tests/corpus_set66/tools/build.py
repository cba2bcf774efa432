#!/usr/bin/env python3
"""Build corpus set 66 (node hardware read from node tools).

Writes every case into $CORPUS_OUT (default: tests/corpus_set66/out) and
validates each label. Exits non-zero on any problem. Stdlib only,
deterministic: running it twice produces byte-identical output.
"""

import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_1  # noqa: E402
import cases_2  # noqa: E402
import cases_3  # noqa: E402

PREFIX = "bk"
CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
NAME_RE = re.compile(r"^%s\d\d_[a-z0-9_]+$" % PREFIX)


def node_dirs(bundle):
    """Host directories present in a bundle (top level or under attempt_N/)."""
    dirs = set()
    for rel in bundle.files:
        parts = rel.split("/")
        if len(parts) >= 2 and not parts[0].startswith("attempt_"):
            dirs.add(parts[0])
        if len(parts) >= 3 and parts[0].startswith("attempt_"):
            dirs.add(parts[1])
    return dirs


def validate(bundle, problems):
    name = bundle.name
    lab = bundle.label
    if not NAME_RE.match(name):
        problems.append("%s: bad case name" % name)
    if set(lab) != KEYS:
        problems.append("%s: label keys %s" % (name, sorted(lab)))
        return
    if lab["category"] not in CATEGORIES:
        problems.append("%s: bad category %r" % (name, lab["category"]))
    if lab["layer"] not in LAYERS:
        problems.append("%s: bad layer %r" % (name, lab["layer"]))
    if lab["action"] not in ACTIONS:
        problems.append("%s: bad action %r" % (name, lab["action"]))
    if not isinstance(lab["rationale"], str) or len(lab["rationale"]) < 20:
        problems.append("%s: rationale missing" % name)
    if not isinstance(lab["modelled_on"], str) or not lab["modelled_on"].startswith("https://"):
        problems.append("%s: modelled_on must be an https URL" % name)
    dirs = node_dirs(bundle)
    cul = lab["culprit"]
    if cul is not None:
        if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
            problems.append("%s: culprit must be {node, rank} or null" % name)
        else:
            if cul["node"] not in dirs:
                problems.append("%s: culprit node %r has no directory" % (name, cul["node"]))
            top = {rel.split("/")[0] for rel in bundle.files if "/" in rel}
            if cul["node"] not in top:
                problems.append("%s: culprit node %r has no top-level directory" % (name, cul["node"]))
            if cul["rank"] is not None and (not isinstance(cul["rank"], int) or isinstance(cul["rank"], bool) or cul["rank"] < 0):
                problems.append("%s: culprit rank must be a non-negative int or null" % name)
    if bundle.topology is not None:
        topo = bundle.topology.get("topology")
        if not isinstance(topo, dict):
            problems.append("%s: topology.json needs a 'topology' object" % name)
        else:
            for sw, nodes in topo.items():
                for n in nodes:
                    if n not in dirs:
                        problems.append("%s: topology node %r (switch %s) has no directory" % (name, n, sw))
    for rel in bundle.files:
        if rel.startswith("/") or ".." in rel.split("/"):
            problems.append("%s: bad path %s" % (name, rel))
    if not dirs:
        problems.append("%s: no node directories" % name)


def write(bundle, out):
    root = os.path.join(out, bundle.name)
    if os.path.isdir(root):
        shutil.rmtree(root)
    os.makedirs(root)
    files = dict(bundle.files)
    files["label.json"] = json.dumps(bundle.label, indent=2, sort_keys=False) + "\n"
    if bundle.topology is not None:
        files["topology.json"] = json.dumps(bundle.topology, indent=2) + "\n"
    for rel in sorted(files):
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(files[rel])


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    fns = cases_1.CASES + cases_2.CASES + cases_3.CASES
    bundles = [fn() for fn in fns]
    problems = []
    names = [b.name for b in bundles]
    if len(set(names)) != len(names):
        problems.append("duplicate case names")
    nums = [n[len(PREFIX):len(PREFIX) + 2] for n in names]
    if len(set(nums)) != len(nums):
        problems.append("duplicate case numbers")
    if not 24 <= len(bundles) <= 30:
        problems.append("expected 24-30 cases, got %d" % len(bundles))
    for b in bundles:
        validate(b, problems)
    if problems:
        for p in problems:
            print("ERROR:", p, file=sys.stderr)
        return 1
    os.makedirs(out, exist_ok=True)
    for entry in os.listdir(out):
        if NAME_RE.match(entry) and entry not in names:
            shutil.rmtree(os.path.join(out, entry))
    for b in bundles:
        write(b, out)
    print("wrote %d cases to %s" % (len(bundles), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
