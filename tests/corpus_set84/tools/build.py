#!/usr/bin/env python3
"""Write corpus set 84 (node hardware and the application errors it causes) under $CORPUS_OUT.

Standard library only and deterministic: no clock, no randomness, no network.
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
NAME_RE = re.compile(r"^cc\d{2}_[a-z0-9_]+$")
MAX_BUNDLE = 1_000_000
MAX_TOTAL = 10_000_000


def fail(msg):
    print(f"build.py: {msg}", file=sys.stderr)
    sys.exit(2)


def node_dirs(files):
    """Top-level node directories, looking inside attempt_N/ as well."""
    nodes = set()
    for path in files:
        parts = path.split("/")
        if parts[0].startswith("attempt_") and len(parts) > 2:
            nodes.add(parts[1])
        elif len(parts) > 1 and not parts[0].startswith("attempt_"):
            nodes.add(parts[0])
    return nodes


def validate(name, files, label):
    if not NAME_RE.match(name):
        fail(f"{name}: bad case name")
    keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
    if set(label) != keys:
        fail(f"{name}: label keys {sorted(label)} != {sorted(keys)}")
    if label["category"] not in CATEGORIES:
        fail(f"{name}: bad category {label['category']!r}")
    if label["layer"] not in LAYERS:
        fail(f"{name}: bad layer {label['layer']!r}")
    if label["action"] not in ACTIONS:
        fail(f"{name}: bad action {label['action']!r}")
    if not str(label["modelled_on"]).startswith("https://"):
        fail(f"{name}: modelled_on must be an https URL")
    if not isinstance(label["rationale"], str) or not label["rationale"].strip():
        fail(f"{name}: empty rationale")
    c = label["culprit"]
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            fail(f"{name}: culprit must be null or {{node, rank}}")
        if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
            fail(f"{name}: culprit rank must be a non-negative int or null")
        if c["node"] not in node_dirs(files):
            fail(f"{name}: culprit node {c['node']!r} has no directory in the bundle")
    if not node_dirs(files):
        fail(f"{name}: bundle has no node directory")
    size = sum(len(v.encode()) for v in files.values())
    if size > MAX_BUNDLE:
        fail(f"{name}: bundle is {size} bytes (> {MAX_BUNDLE})")
    for p in files:
        if p.startswith("/") or ".." in p.split("/") or p == "label.json":
            fail(f"{name}: bad path {p!r}")
    return size


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        print("build.py: CORPUS_OUT is not set (set it to the output directory)", file=sys.stderr)
        sys.exit(1)
    builders = cases_a.CASES + cases_b.CASES + cases_c.CASES
    seen, total, built = set(), 0, []
    for b in builders:
        name, files, label = b()
        if name[:4] in seen:
            fail(f"{name}: duplicate case number")
        seen.add(name[:4])
        total += validate(name, files, label)
        built.append((name, files, label))
    if not 24 <= len(built) <= 30:
        fail(f"{len(built)} cases; need 24 to 30")
    if total > MAX_TOTAL:
        fail(f"set is {total} bytes (> {MAX_TOTAL})")
    os.makedirs(out, exist_ok=True)
    for name, files, label in built:
        root = os.path.join(out, name)
        for rel in sorted(files):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(files[rel])
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
            json.dump(label, fh, indent=2, sort_keys=False)
            fh.write("\n")
    print(f"wrote {len(built)} cases ({total} bytes) to {out}")


if __name__ == "__main__":
    main()
