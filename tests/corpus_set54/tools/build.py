#!/usr/bin/env python3
"""Build corpus set 54 (prefix ay): Kubernetes and cloud failure bundles.

Usage:  CORPUS_OUT=/some/dir python3 tools/build.py
Default output: tests/corpus_set54/out.  Stdlib only, deterministic.
Exits non-zero if any label or bundle fails validation."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cases_k8s  # noqa: E402
import cases_hw  # noqa: E402
import cases_app  # noqa: E402

PREFIX = "ay"
CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
NAME_RE = re.compile(rf"^{PREFIX}\d\d_[a-z0-9_]+$")


def node_dirs(files: dict) -> set[str]:
    """Folders that hold a node's files: first path component, or the second one under
    attempt_N/."""
    out = set()
    for p in files:
        parts = p.split("/")
        if len(parts) >= 2 and re.fullmatch(r"attempt_\d+", parts[0]):
            if len(parts) >= 3:
                out.add(parts[1])
        elif len(parts) >= 2:
            out.add(parts[0])
    return out


def validate(case) -> list[str]:
    errs = []
    lab = case.label
    if not NAME_RE.match(case.name):
        errs.append(f"bad case name {case.name}")
    if set(lab) != KEYS:
        errs.append(f"label keys {sorted(lab)} != {sorted(KEYS)}")
    if lab.get("category") not in CATEGORIES:
        errs.append(f"bad category {lab.get('category')}")
    if lab.get("layer") not in LAYERS:
        errs.append(f"bad layer {lab.get('layer')}")
    if lab.get("action") not in ACTIONS:
        errs.append(f"bad action {lab.get('action')}")
    if not isinstance(lab.get("rationale"), str) or len(lab["rationale"]) < 20:
        errs.append("rationale missing/short")
    url = lab.get("modelled_on")
    if not isinstance(url, str) or not url.startswith("https://") or " " in url:
        errs.append(f"modelled_on not an https URL: {url}")
    dirs = node_dirs(case.files)
    cul = lab.get("culprit")
    if cul is not None:
        if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
            errs.append(f"culprit must be null or {{node, rank}}: {cul}")
        else:
            if cul["node"] not in dirs:
                errs.append(f"culprit node {cul['node']} is not a folder in the bundle ({sorted(dirs)})")
            r = cul["rank"]
            if r is not None and (not isinstance(r, int) or isinstance(r, bool) or r < 0):
                errs.append(f"culprit rank must be int or null: {r}")
    if len(dirs) < 2:
        errs.append(f"need at least 2 node folders, got {sorted(dirs)}")
    if case.topology is not None:
        topo = case.topology.get("topology")
        if not isinstance(topo, dict) or not topo:
            errs.append("topology must be {'topology': {switch: [nodes]}}")
        else:
            for sw, ns in topo.items():
                for n in ns:
                    if n not in dirs:
                        errs.append(f"topology node {n} (switch {sw}) not a folder in the bundle")
    for p in case.files:
        if p.startswith("/") or ".." in p.split("/"):
            errs.append(f"bad path {p}")
        if p in ("label.json", "topology.json"):
            errs.append(f"reserved file name {p}")
        low = p.lower()
        if "root_cause" in low or "culprit" in low or "diagnosis" in low:
            errs.append(f"file name gives the answer away: {p}")
    return errs


def main() -> int:
    out = Path(os.environ.get("CORPUS_OUT", HERE.parent / "out")).resolve()
    cases = [f() for f in cases_k8s.CASES + cases_hw.CASES + cases_app.CASES]
    errors = []
    names = [c.name for c in cases]
    if not 24 <= len(cases) <= 30:
        errors.append(f"need 24-30 cases, have {len(cases)}")
    if len(set(names)) != len(names):
        errors.append("duplicate case names")
    nums = sorted(int(n[2:4]) for n in names)
    if len(set(nums)) != len(nums):
        errors.append("duplicate case numbers")
    for c in cases:
        for e in validate(c):
            errors.append(f"{c.name}: {e}")
    if errors:
        for e in errors:
            print("ERROR:", e, file=sys.stderr)
        return 1
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    total = 0
    for c in sorted(cases, key=lambda x: x.name):
        root = out / c.name
        for rel, text in sorted(c.files.items()):
            p = root / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
            total += len(text)
        (root / "label.json").write_text(json.dumps(c.label, indent=2) + "\n", encoding="utf-8")
        if c.topology is not None:
            (root / "topology.json").write_text(json.dumps(c.topology, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {len(cases)} cases ({total / 1e6:.1f} MB) to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
