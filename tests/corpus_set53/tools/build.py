#!/usr/bin/env python3
"""Build the ax (set 53) corpus: slowdowns and stragglers.

Usage:  CORPUS_OUT=/some/dir python3 tools/build.py
Default output: tests/corpus_set53/out

Stdlib only, deterministic. Validates every label and exits non-zero on a problem.
"""
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_node  # noqa: E402
import cases_pipeline  # noqa: E402
import cases_shared  # noqa: E402

PREFIX = "ax"
CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
NAME_RE = re.compile(r"^ax\d\d_[a-z0-9]+(_[a-z0-9]+)+$")


def node_folders(files):
    """Folders that hold a node: top-level dirs, or attempt_N/<node>/ dirs."""
    nodes = set()
    for p in files:
        parts = p.split("/")
        if len(parts) < 2:
            continue
        if re.match(r"^attempt_\d+$", parts[0]):
            if len(parts) >= 3:
                nodes.add(parts[1])
        else:
            nodes.add(parts[0])
    return nodes


def validate(case, files):
    errs = []
    name = case.name
    if not NAME_RE.match(name):
        errs.append(f"{name}: bad case name")
    lab = case.label
    if lab is None:
        return errs + [f"{name}: no label"]
    if set(lab) != KEYS:
        errs.append(f"{name}: label keys {sorted(lab)}")
    if lab.get("category") not in CATEGORIES:
        errs.append(f"{name}: bad category {lab.get('category')}")
    if lab.get("layer") not in LAYERS:
        errs.append(f"{name}: bad layer {lab.get('layer')}")
    if lab.get("action") not in ACTIONS:
        errs.append(f"{name}: bad action {lab.get('action')}")
    if not isinstance(lab.get("rationale"), str) or len(lab["rationale"]) < 20:
        errs.append(f"{name}: rationale missing")
    mo = lab.get("modelled_on")
    if not isinstance(mo, str) or not re.match(r"^https://[^\s/]+\.[^\s/]+(/\S*)?$", mo):
        errs.append(f"{name}: modelled_on must be an https URL")
    nodes = node_folders(files)
    cul = lab.get("culprit")
    if cul is not None:
        if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
            errs.append(f"{name}: culprit must be null or {{node, rank}}")
        else:
            if cul["node"] not in nodes:
                errs.append(f"{name}: culprit node {cul['node']} is not a folder in the bundle ({sorted(nodes)})")
            r = cul["rank"]
            if r is not None and (isinstance(r, bool) or not isinstance(r, int) or r < 0):
                errs.append(f"{name}: culprit rank must be a non-negative int or null")
    if case.topology is not None:
        topo = case.topology.get("topology")
        if not isinstance(topo, dict) or not topo:
            errs.append(f"{name}: topology malformed")
        else:
            for sw, members in topo.items():
                for m in members:
                    if m not in nodes:
                        errs.append(f"{name}: topology node {m} under {sw} has no folder")
    for p in files:
        base = os.path.basename(p)
        if base.startswith("test_") and base.endswith(".py"):
            errs.append(f"{name}: file {p} would be collected by pytest")
        if p.startswith("/") or ".." in p.split("/"):
            errs.append(f"{name}: unsafe path {p}")
    if not nodes:
        errs.append(f"{name}: no node folders")
    return errs


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    builders = cases_node.CASES + cases_pipeline.CASES + cases_shared.CASES
    cases = [b() for b in builders]
    cases.sort(key=lambda c: c.name)
    errs = []
    if not 24 <= len(cases) <= 30:
        errs.append(f"need 24-30 cases, have {len(cases)}")
    names = [c.name for c in cases]
    if len(set(names)) != len(names):
        errs.append("duplicate case names")
    nums = [n[:4] for n in names]
    if len(set(nums)) != len(nums):
        errs.append("duplicate case numbers")
    rendered = {}
    for c in cases:
        files = c.rendered()
        rendered[c.name] = files
        errs += validate(c, files)
    if errs:
        for e in errs:
            print("ERROR:", e, file=sys.stderr)
        return 1
    os.makedirs(out, exist_ok=True)
    for d in os.listdir(out):
        if d.startswith(PREFIX) and os.path.isdir(os.path.join(out, d)):
            shutil.rmtree(os.path.join(out, d))
    total = 0
    for name, files in rendered.items():
        for rel, content in sorted(files.items()):
            path = os.path.join(out, name, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(content)
            total += len(content)
    print(f"wrote {len(cases)} cases ({total / 1e6:.1f} MB) to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
