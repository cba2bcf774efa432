#!/usr/bin/env python3
"""Build corpus set 90 (prefix ci): the sympathetic flood and the cross-node timeline.

Usage: CORPUS_OUT=/some/dir python3 tools/build.py
Writes one sub-folder per case. Standard library only, deterministic.
"""
import sys

sys.dont_write_bytecode = True

import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
KEYS = ["category", "layer", "culprit", "action", "rationale", "modelled_on"]
NAME_RE = re.compile(r"^ci(\d{2})_[a-z0-9]+(?:_[a-z0-9]+)*$")
MAX_BYTES = 1_000_000


def validate(bundles):
    problems = []
    if not 24 <= len(bundles) <= 30:
        problems.append(f"expected 24..30 cases, got {len(bundles)}")
    seen = set()
    nums = set()
    for b in bundles:
        m = NAME_RE.match(b.name)
        if not m:
            problems.append(f"{b.name}: bad case name")
        else:
            if m.group(1) in nums:
                problems.append(f"{b.name}: duplicate number")
            nums.add(m.group(1))
        if b.name in seen:
            problems.append(f"{b.name}: duplicate name")
        seen.add(b.name)
        lab = b.label
        if lab is None:
            problems.append(f"{b.name}: no label")
            continue
        if list(lab.keys()) != KEYS:
            problems.append(f"{b.name}: label keys {list(lab.keys())}")
        if lab["category"] not in CATEGORIES:
            problems.append(f"{b.name}: category {lab['category']}")
        if lab["layer"] not in LAYERS:
            problems.append(f"{b.name}: layer {lab['layer']}")
        if lab["action"] not in ACTIONS:
            problems.append(f"{b.name}: action {lab['action']}")
        if not isinstance(lab["rationale"], str) or len(lab["rationale"]) < 20:
            problems.append(f"{b.name}: rationale missing")
        if not (isinstance(lab["modelled_on"], str) and lab["modelled_on"].startswith("https://")):
            problems.append(f"{b.name}: modelled_on must be an https URL")
        c = lab["culprit"]
        if c is not None:
            if not isinstance(c, dict) or sorted(c.keys()) != ["node", "rank"]:
                problems.append(f"{b.name}: culprit must be null or {{node, rank}}")
            else:
                if not isinstance(c["node"], str) or not c["node"]:
                    problems.append(f"{b.name}: culprit node")
                if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
                    problems.append(f"{b.name}: culprit rank")
                node = c["node"]
                pat = re.compile(r"^(?:attempt_\d+/)?" + re.escape(node) + r"/")
                if not any(pat.match(p) for p in b.files):
                    problems.append(f"{b.name}: culprit node {node} has no directory in the bundle")
        if "label.json" in b.files:
            problems.append(f"{b.name}: label.json written as evidence")
        for p in b.files:
            if p.startswith("/") or ".." in p.split("/"):
                problems.append(f"{b.name}: bad path {p}")
        size = sum(len(v.encode("utf-8")) for v in b.files.values()) + len(json.dumps(lab).encode("utf-8"))
        if size >= MAX_BYTES:
            problems.append(f"{b.name}: bundle is {size} bytes (limit {MAX_BYTES})")
    return problems


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        print("build.py: set CORPUS_OUT to the folder the bundles should be written to", file=sys.stderr)
        sys.exit(2)
    bundles = cases_a.build() + cases_b.build() + cases_c.build()
    bundles.sort(key=lambda b: b.name)
    problems = validate(bundles)
    if problems:
        for p in problems:
            print("INVALID: " + p, file=sys.stderr)
        sys.exit(1)
    os.makedirs(out, exist_ok=True)
    for b in bundles:
        root = os.path.join(out, b.name)
        for rel in sorted(b.files):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(b.files[rel])
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(b.label, indent=2) + "\n")
    print(f"wrote {len(bundles)} cases to {out}")


if __name__ == "__main__":
    main()
