#!/usr/bin/env python3
"""Build the az (set 55) corpus of failure bundles.

    CORPUS_OUT=/some/dir python3 tools/build.py      # default: tests/corpus_set55/out

Stdlib only, deterministic. Validates every label and exits non-zero on any problem.
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

import cases_ds  # noqa: E402
import cases_mega  # noqa: E402
import cases_plhf  # noqa: E402
import cases_torch  # noqa: E402

PREFIX = "az"
CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom", "numerical",
              "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
NAME_RE = re.compile(rf"^{PREFIX}\d{{2}}_[a-z0-9]+(_[a-z0-9]+)*$")


def all_cases():
    fns = cases_ds.CASES + cases_mega.CASES + cases_plhf.CASES + cases_torch.CASES
    return sorted(fns, key=lambda f: f.__name__)


def node_folders(files):
    """Folders that represent nodes: top-level dirs, or attempt_N/<dir>."""
    nodes = set()
    for p in files:
        parts = p.split("/")
        if len(parts) < 2:
            continue
        if re.fullmatch(r"attempt_\d+", parts[0]):
            if len(parts) >= 3:
                nodes.add(parts[1])
        else:
            nodes.add(parts[0])
    return nodes


def validate(bundle, errors):
    n = bundle.name
    if not NAME_RE.match(n):
        errors.append(f"{n}: bad case folder name")
    lab = bundle.label_data
    if lab is None:
        errors.append(f"{n}: no label")
        return
    if set(lab) != LABEL_KEYS:
        errors.append(f"{n}: label keys {sorted(lab)} != {sorted(LABEL_KEYS)}")
    if lab.get("category") not in CATEGORIES:
        errors.append(f"{n}: bad category {lab.get('category')!r}")
    if lab.get("layer") not in LAYERS:
        errors.append(f"{n}: bad layer {lab.get('layer')!r}")
    if lab.get("action") not in ACTIONS:
        errors.append(f"{n}: bad action {lab.get('action')!r}")
    r = lab.get("rationale")
    if not isinstance(r, str) or len(r.strip()) < 20:
        errors.append(f"{n}: rationale missing or too short")
    url = lab.get("modelled_on")
    if not isinstance(url, str) or not re.match(r"^https://[^\s/]+\.[^\s/]+/\S*$", url):
        errors.append(f"{n}: modelled_on must be an https URL, got {url!r}")
    nodes = node_folders(bundle.files)
    c = lab.get("culprit")
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            errors.append(f"{n}: culprit must be null or {{node, rank}}")
        else:
            if c["node"] not in nodes:
                errors.append(f"{n}: culprit node {c['node']!r} is not a folder in the bundle ({sorted(nodes)})")
            rk = c["rank"]
            if rk is not None and (isinstance(rk, bool) or not isinstance(rk, int) or rk < 0):
                errors.append(f"{n}: culprit rank must be a non-negative int or null")
    if bundle.topo is not None:
        topo = bundle.topo.get("topology")
        if not isinstance(topo, dict) or not topo:
            errors.append(f"{n}: topology must be a non-empty mapping")
        else:
            for sw, members in topo.items():
                for m in members:
                    if m not in nodes:
                        errors.append(f"{n}: topology node {m!r} under {sw!r} is not a folder in the bundle")
    for p in bundle.files:
        low = p.lower()
        if "root_cause" in low or "culprit" in low or "diagnosis" in low:
            errors.append(f"{n}: file name gives the answer away: {p}")
        if p in ("label.json", "topology.json"):
            errors.append(f"{n}: case wrote a reserved file {p}")
    if len(nodes) < 1:
        errors.append(f"{n}: no node folders")


def main():
    out = Path(os.environ.get("CORPUS_OUT") or (HERE.parent / "out"))
    errors = []
    bundles = []
    seen_nums = set()
    for fn in all_cases():
        bnd = fn()
        bundles.append(bnd)
        num = bnd.name[len(PREFIX):len(PREFIX) + 2]
        if num in seen_nums:
            errors.append(f"{bnd.name}: duplicate case number {num}")
        seen_nums.add(num)
        validate(bnd, errors)
    if not (24 <= len(bundles) <= 30):
        errors.append(f"expected 24-30 cases, got {len(bundles)}")
    if errors:
        for e in errors:
            print("ERROR:", e, file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    for old in out.iterdir():
        if old.is_dir() and NAME_RE.match(old.name):
            shutil.rmtree(old)
    total_files = 0
    for bnd in bundles:
        root = out / bnd.name
        for rel, text in sorted(bnd.files.items()):
            p = root / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
            total_files += 1
        (root / "label.json").write_text(json.dumps(bnd.label_data, indent=2) + "\n", encoding="utf-8")
        if bnd.topo is not None:
            (root / "topology.json").write_text(json.dumps(bnd.topo, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {len(bundles)} cases ({total_files} files) to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
