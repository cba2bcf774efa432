#!/usr/bin/env python3
"""Build the bc (set 58) corpus: timeouts, hangs and checkpoints.

    CORPUS_OUT=/some/dir python3 tools/build.py

Default output: tests/corpus_set58/out.  Stdlib only, deterministic.  Every
label is validated; the script exits non-zero on any problem."""

import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_hang      # noqa: E402
import cases_rdzv      # noqa: E402
import cases_ckpt      # noqa: E402
import cases_misc      # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
NAME_RE = re.compile(r"^bc\d\d_[a-z0-9_]+$")


def all_cases():
    out = []
    for mod in (cases_hang, cases_rdzv, cases_ckpt, cases_misc):
        for fn in mod.CASES:
            out.append(fn())
    out.sort(key=lambda c: c.name)
    return out


def node_dirs(case):
    """Every folder that appears in the bundle (any depth)."""
    dirs = set()
    for path in case.files:
        parts = path.split("/")[:-1]
        for p in parts:
            dirs.add(p)
    return dirs


def validate(case, problems):
    n = case.name
    if not NAME_RE.match(n):
        problems.append(f"{n}: bad case name")
    lab = case.label
    if not isinstance(lab, dict):
        problems.append(f"{n}: no label")
        return
    if set(lab) != KEYS:
        problems.append(f"{n}: label keys {sorted(lab)}")
    if lab.get("category") not in CATEGORIES:
        problems.append(f"{n}: bad category {lab.get('category')}")
    if lab.get("layer") not in LAYERS:
        problems.append(f"{n}: bad layer {lab.get('layer')}")
    if lab.get("action") not in ACTIONS:
        problems.append(f"{n}: bad action {lab.get('action')}")
    if not isinstance(lab.get("rationale"), str) or len(lab["rationale"]) < 20:
        problems.append(f"{n}: rationale missing")
    url = lab.get("modelled_on")
    if not isinstance(url, str) or not url.startswith("https://") or " " in url:
        problems.append(f"{n}: modelled_on must be an https URL")
    cul = lab.get("culprit")
    dirs = node_dirs(case)
    if cul is not None:
        if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
            problems.append(f"{n}: culprit must be null or {{node, rank}}")
        else:
            if cul["node"] not in dirs:
                problems.append(f"{n}: culprit node {cul['node']} is not a folder in the bundle")
            r = cul["rank"]
            if r is not None and (not isinstance(r, int) or isinstance(r, bool) or r < 0):
                problems.append(f"{n}: culprit rank must be int or null")
    if case.topology is not None:
        topo = case.topology.get("topology") if isinstance(case.topology, dict) else None
        if not isinstance(topo, dict):
            problems.append(f"{n}: topology.json must be {{'topology': {{switch: [nodes]}}}}")
        else:
            for sw, nodes in topo.items():
                for node in nodes:
                    if node not in dirs:
                        problems.append(f"{n}: topology node {node} ({sw}) not in bundle")
    for path in case.files:
        if path.startswith("/") or ".." in path.split("/"):
            problems.append(f"{n}: bad path {path}")
        if os.path.basename(path) in ("label.json", "topology.json"):
            problems.append(f"{n}: {path} written as a data file")
    # a folder per node: at least two node folders (or attempt_N/ holding them)
    tops = {p.split("/")[0] for p in case.files if "/" in p}
    if not tops:
        problems.append(f"{n}: no node folders")


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    cases = all_cases()
    problems = []
    names = [c.name for c in cases]
    if len(set(names)) != len(names):
        problems.append("duplicate case names")
    nums = [c.name[2:4] for c in cases]
    if len(set(nums)) != len(nums):
        problems.append("duplicate case numbers")
    if not 24 <= len(cases) <= 30:
        problems.append(f"{len(cases)} cases; need 24-30")
    for c in cases:
        validate(c, problems)
    if problems:
        for p in problems:
            print("PROBLEM:", p, file=sys.stderr)
        sys.exit(1)
    if os.path.isdir(out):
        for entry in os.listdir(out):
            if NAME_RE.match(entry):
                shutil.rmtree(os.path.join(out, entry))
    os.makedirs(out, exist_ok=True)
    total = 0
    for c in cases:
        root = os.path.join(out, c.name)
        for path, text in sorted(c.files.items()):
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            total += 1
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8") as fh:
            json.dump(c.label, fh, indent=2)
            fh.write("\n")
        if c.topology is not None:
            with open(os.path.join(root, "topology.json"), "w", encoding="utf-8") as fh:
                json.dump(c.topology, fh, indent=2)
                fh.write("\n")
    print(f"wrote {len(cases)} cases ({total} files) to {out}")


if __name__ == "__main__":
    main()
