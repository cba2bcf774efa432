#!/usr/bin/env python3
"""Build corpus set 62 (recurrence across attempts) into $CORPUS_OUT.

Usage:  python3 tests/corpus_set62/tools/build.py
        CORPUS_OUT=/tmp/set62 python3 tests/corpus_set62/tools/build.py

Standard library only; output is byte-for-byte reproducible.  Every label is
validated and the script exits non-zero on any problem.
"""

import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

PREFIX = "bg"
CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom", "numerical",
              "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
NAME_RE = re.compile(r"^%s\d{2}_[a-z0-9]+(?:_[a-z0-9]+)*$" % PREFIX)


def all_cases():
    out = []
    for mod in (cases_a, cases_b, cases_c):
        for name in sorted(dir(mod)):
            if re.fullmatch(r"bg\d{2}", name):
                out.append(getattr(mod, name))
    return out


def node_dirs(files):
    """Directories that hold per-node files: <host>/... or attempt_N/<host>/..."""
    dirs = set()
    for path in files:
        parts = path.split("/")
        if parts[0].startswith("attempt_") and len(parts) >= 3:
            dirs.add(parts[1])
        elif len(parts) >= 2 and not parts[0].startswith("attempt_"):
            dirs.add(parts[0])
    return dirs


def validate(b, problems):
    name = b.name
    if not NAME_RE.match(name):
        problems.append(f"{name}: bad case name")
    lab = b.label
    if lab is None:
        problems.append(f"{name}: no label")
        return
    keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
    if set(lab) != keys:
        problems.append(f"{name}: label keys {sorted(lab)}")
    if lab["category"] not in CATEGORIES:
        problems.append(f"{name}: category {lab['category']}")
    if lab["layer"] not in LAYERS:
        problems.append(f"{name}: layer {lab['layer']}")
    if lab["action"] not in ACTIONS:
        problems.append(f"{name}: action {lab['action']}")
    if not isinstance(lab["rationale"], str) or len(lab["rationale"]) < 20:
        problems.append(f"{name}: rationale too short")
    if not str(lab["modelled_on"]).startswith("https://"):
        problems.append(f"{name}: modelled_on must be https")
    dirs = node_dirs(b.files)
    c = lab["culprit"]
    if c is not None:
        if set(c) != {"node", "rank"}:
            problems.append(f"{name}: culprit keys {sorted(c)}")
        if c.get("node") not in dirs:
            problems.append(f"{name}: culprit node {c.get('node')} is not a directory in the bundle")
        r = c.get("rank")
        if r is not None and (not isinstance(r, int) or isinstance(r, bool) or r < 0):
            problems.append(f"{name}: culprit rank {r!r}")
    attempts = {p.split("/")[0] for p in b.files if p.startswith("attempt_")}
    if not (2 <= len(attempts) <= 4):
        problems.append(f"{name}: {len(attempts)} attempts (want 2-4)")
    for a in attempts:
        if not re.fullmatch(r"attempt_\d", a):
            problems.append(f"{name}: odd attempt folder {a}")
    if b.topology is not None:
        for sw, nodes in b.topology.items():
            for n in nodes:
                if n not in dirs:
                    problems.append(f"{name}: topology node {n} ({sw}) not in bundle")
    for p, text in b.files.items():
        if not text.endswith("\n"):
            problems.append(f"{name}: {p} does not end with newline")
        if "label" in p.lower() or "answer" in p.lower() or "verdict" in p.lower():
            problems.append(f"{name}: suspicious file name {p}")


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    bundles = [fn() for fn in all_cases()]
    problems = []
    names = [b.name for b in bundles]
    if len(set(names)) != len(names):
        problems.append("duplicate case names")
    nums = [n[:4] for n in names]
    if len(set(nums)) != len(nums):
        problems.append("duplicate case numbers")
    if not (24 <= len(bundles) <= 30):
        problems.append(f"{len(bundles)} cases (want 24-30)")
    for b in bundles:
        validate(b, problems)
    if problems:
        for p in problems:
            print("PROBLEM:", p, file=sys.stderr)
        return 1
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for b in bundles:
        root = os.path.join(out, b.name)
        for rel, text in sorted(b.files.items()):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(b.label, indent=2, sort_keys=False) + "\n")
        if b.topology is not None:
            with open(os.path.join(root, "topology.json"), "w", encoding="utf-8", newline="\n") as f:
                f.write(json.dumps({"topology": b.topology}, indent=2) + "\n")
    print(f"wrote {len(bundles)} cases to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
