#!/usr/bin/env python3
"""Build corpus set 57 (prefix bb): hardware failures with misleading evidence.

Usage: CORPUS_OUT=/some/dir python3 tools/build.py   (default: tests/corpus_set57/out)
Stdlib only, deterministic. Exits non-zero if any label or bundle fails validation.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
NAME_RE = re.compile(r"^bb\d\d_[a-z0-9]+(_[a-z0-9]+)+$")
FORBIDDEN = re.compile(r"(root[_-]?cause|answer|culprit|diagnosis|label)", re.I)


def all_cases():
    out = []
    for mod in (cases_a, cases_b, cases_c):
        for fn in mod.CASES:
            out.append(fn())
    return out


def node_folders(files: dict) -> set:
    nodes = set()
    for rel in files:
        parts = rel.split("/")
        if len(parts) >= 2 and re.fullmatch(r"attempt_\d+", parts[0]):
            if len(parts) >= 3:
                nodes.add(parts[1])
        elif len(parts) >= 2:
            nodes.add(parts[0])
    return nodes


def validate(case) -> list:
    errs = []
    name = case["name"]
    if not NAME_RE.match(name):
        errs.append(f"{name}: bad case name")
    lab = case["label"]
    if set(lab) != KEYS:
        errs.append(f"{name}: label keys {sorted(lab)}")
    if lab.get("category") not in CATEGORIES:
        errs.append(f"{name}: category {lab.get('category')}")
    if lab.get("layer") not in LAYERS:
        errs.append(f"{name}: layer {lab.get('layer')}")
    if lab.get("action") not in ACTIONS:
        errs.append(f"{name}: action {lab.get('action')}")
    if not str(lab.get("modelled_on", "")).startswith("https://"):
        errs.append(f"{name}: modelled_on must be an https URL")
    if not isinstance(lab.get("rationale"), str) or not lab["rationale"].strip():
        errs.append(f"{name}: empty rationale")
    nodes = node_folders(case["files"])
    cul = lab.get("culprit")
    if cul is not None:
        if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
            errs.append(f"{name}: culprit must be null or {{node, rank}}")
        else:
            if cul["node"] not in nodes:
                errs.append(f"{name}: culprit node {cul['node']} is not a folder in the bundle")
            r = cul["rank"]
            if r is not None and (not isinstance(r, int) or isinstance(r, bool) or r < 0):
                errs.append(f"{name}: rank must be int or null")
    topo = case.get("topology")
    if topo is not None:
        if set(topo) != {"topology"} or not isinstance(topo["topology"], dict):
            errs.append(f"{name}: topology must be {{'topology': {{switch: [nodes]}}}}")
        else:
            for sw, members in topo["topology"].items():
                for m in members:
                    if m not in nodes:
                        errs.append(f"{name}: topology node {m} under {sw} is not a folder")
    for rel, text in case["files"].items():
        if rel.startswith("/") or ".." in rel.split("/"):
            errs.append(f"{name}: bad path {rel}")
        if FORBIDDEN.search(Path(rel).name):
            errs.append(f"{name}: file name gives the answer away: {rel}")
        if not isinstance(text, str) or not text:
            errs.append(f"{name}: empty file {rel}")
    if len(nodes) < 2:
        errs.append(f"{name}: fewer than 2 node folders")
    return errs


def main() -> int:
    out = Path(os.environ.get("CORPUS_OUT") or HERE.parent / "out")
    cases = all_cases()
    errs = []
    if not 24 <= len(cases) <= 30:
        errs.append(f"need 24-30 cases, have {len(cases)}")
    names = [c["name"] for c in cases]
    if len(set(names)) != len(names):
        errs.append("duplicate case names")
    nums = [n[:4] for n in names]
    if len(set(nums)) != len(nums):
        errs.append("duplicate case numbers")
    for c in cases:
        errs += validate(c)
    if errs:
        for e in errs:
            print("ERROR:", e, file=sys.stderr)
        return 1
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for c in cases:
        root = out / c["name"]
        for rel, text in sorted(c["files"].items()):
            p = root / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
        (root / "label.json").write_text(json.dumps(c["label"], indent=2) + "\n", encoding="utf-8")
        if c.get("topology"):
            (root / "topology.json").write_text(json.dumps(c["topology"], indent=2) + "\n", encoding="utf-8")
    print(f"wrote {len(cases)} cases to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
