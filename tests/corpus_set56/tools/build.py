#!/usr/bin/env python3
"""Build corpus set 56 (prefix ``ba``): sparse and awkward failure bundles.

Usage:  CORPUS_OUT=/some/dir python3 tools/build.py
Default output: tests/corpus_set56/out.  Stdlib only, deterministic.
Exits non-zero if any case or label fails validation.
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

import cases_part1  # noqa: E402
import cases_part2  # noqa: E402
import cases_part3  # noqa: E402

PREFIX = "ba"
CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
NAME_RE = re.compile(rf"^{PREFIX}(\d\d)_[a-z0-9]+(?:_[a-z0-9]+)+$")


def node_dirs(files: dict) -> set[str]:
    """Folder names that can hold a node: top-level dirs, and dirs directly under attempt_N/."""
    dirs = set()
    for rel in files:
        parts = rel.split("/")
        if len(parts) >= 2 and not parts[0].startswith("attempt_"):
            dirs.add(parts[0])
        if len(parts) >= 3 and parts[0].startswith("attempt_"):
            dirs.add(parts[1])
    return dirs


def validate(cases) -> list[str]:
    errs = []
    if not 24 <= len(cases) <= 30:
        errs.append(f"expected 24-30 cases, got {len(cases)}")
    seen_nums, seen_names = set(), set()
    for c in cases:
        where = c.name
        m = NAME_RE.match(c.name)
        if not m:
            errs.append(f"{where}: bad case name")
        else:
            if m.group(1) in seen_nums:
                errs.append(f"{where}: duplicate case number")
            seen_nums.add(m.group(1))
        if c.name in seen_names:
            errs.append(f"{where}: duplicate name")
        seen_names.add(c.name)
        lab = c.label
        if set(lab) != LABEL_KEYS:
            errs.append(f"{where}: label keys {sorted(lab)}")
            continue
        if lab["category"] not in CATEGORIES:
            errs.append(f"{where}: category {lab['category']!r}")
        if lab["layer"] not in LAYERS:
            errs.append(f"{where}: layer {lab['layer']!r}")
        if lab["action"] not in ACTIONS:
            errs.append(f"{where}: action {lab['action']!r}")
        if not isinstance(lab["rationale"], str) or not lab["rationale"].strip():
            errs.append(f"{where}: empty rationale")
        if not isinstance(lab["modelled_on"], str) or not lab["modelled_on"].startswith("https://"):
            errs.append(f"{where}: modelled_on must be an https URL")
        dirs = node_dirs(c.files)
        cul = lab["culprit"]
        if cul is not None:
            if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
                errs.append(f"{where}: culprit must be null or {{node, rank}}")
            else:
                if not isinstance(cul["node"], str) or cul["node"] not in dirs:
                    errs.append(f"{where}: culprit node {cul['node']!r} is not a folder in the bundle ({sorted(dirs)})")
                r = cul["rank"]
                if r is not None and (not isinstance(r, int) or isinstance(r, bool) or r < 0):
                    errs.append(f"{where}: culprit rank must be int >= 0 or null")
        if c.topology is not None:
            topo = c.topology.get("topology")
            if not isinstance(topo, dict):
                errs.append(f"{where}: topology.json needs a 'topology' object")
            else:
                for sw, members in topo.items():
                    for n in members:
                        if n not in dirs:
                            errs.append(f"{where}: topology node {n!r} under {sw!r} has no folder")
        for rel in c.files:
            if rel.startswith("/") or ".." in rel.split("/"):
                errs.append(f"{where}: bad path {rel}")
            if rel in ("label.json", "topology.json"):
                errs.append(f"{where}: {rel} must not be a data file")
            base = rel.rsplit("/", 1)[-1].lower()
            if "root_cause" in base or "culprit" in base or "diagnosis" in base:
                errs.append(f"{where}: file name announces the answer: {rel}")
        if not c.files:
            errs.append(f"{where}: no files")
    return errs


def write(cases, out: Path):
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for c in cases:
        root = out / c.name
        for rel, content in sorted(c.files.items()):
            p = root / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                p.write_bytes(content)
            else:
                with open(p, "w", encoding="utf-8", newline="") as fh:
                    fh.write(content)
        (root / "label.json").write_text(json.dumps(c.label, indent=2) + "\n", encoding="utf-8")
        if c.topology is not None:
            (root / "topology.json").write_text(json.dumps(c.topology, indent=2) + "\n", encoding="utf-8")


def main() -> int:
    builders = cases_part1.CASES + cases_part2.CASES + cases_part3.CASES
    cases = [b() for b in builders]
    errs = validate(cases)
    if errs:
        for e in errs:
            print("INVALID:", e, file=sys.stderr)
        return 1
    out = Path(os.environ.get("CORPUS_OUT", HERE.parent / "out"))
    write(cases, out)
    counts = {}
    for c in cases:
        counts[c.label["category"]] = counts.get(c.label["category"], 0) + 1
    print(f"wrote {len(cases)} cases to {out}")
    print("categories: " + ", ".join(f"{k}={v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
