#!/usr/bin/env python3
"""Build corpus_set65 (prefix bj): one case per real public issue thread.

Writes every case into $CORPUS_OUT (default tests/corpus_set65/out), then validates
all labels and bundle layouts. Exits non-zero on any problem. Stdlib only,
deterministic: running it twice produces byte-identical trees.
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

CATEGORIES = {
    "gpu_hardware",
    "gpu_memory",
    "nvlink",
    "network",
    "storage",
    "host",
    "hang",
    "oom",
    "numerical",
    "straggler",
    "user_code",
    "dependency",
    "unknown",
}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
NAME_RE = re.compile(r"^bj\d{2}_[a-z0-9]+(?:_[a-z0-9]+)*$")
ATTEMPT_RE = re.compile(r"^attempt_\d+$")


def default_out() -> Path:
    return HERE.parent / "out"


def node_dirs(case_dir: Path) -> set[str]:
    nodes: set[str] = set()
    for p in case_dir.iterdir():
        if not p.is_dir():
            continue
        if ATTEMPT_RE.match(p.name):
            nodes.update(q.name for q in p.iterdir() if q.is_dir())
        else:
            nodes.add(p.name)
    return nodes


def validate(out: Path, names: list[str]) -> list[str]:
    errs: list[str] = []
    if len(names) != len(set(names)):
        errs.append("duplicate case names")
    if not 24 <= len(names) <= 30:
        errs.append(f"case count {len(names)} outside 24..30")
    for name in names:
        d = out / name
        if not NAME_RE.match(name):
            errs.append(f"{name}: bad case name")
        lp = d / "label.json"
        if not lp.is_file():
            errs.append(f"{name}: missing label.json")
            continue
        try:
            lab = json.loads(lp.read_text())
        except json.JSONDecodeError as e:
            errs.append(f"{name}: label.json invalid JSON: {e}")
            continue
        keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
        if set(lab) != keys:
            errs.append(f"{name}: label keys {sorted(lab)} != {sorted(keys)}")
            continue
        if lab["category"] not in CATEGORIES:
            errs.append(f"{name}: bad category {lab['category']}")
        if lab["layer"] not in LAYERS:
            errs.append(f"{name}: bad layer {lab['layer']}")
        if lab["action"] not in ACTIONS:
            errs.append(f"{name}: bad action {lab['action']}")
        if not isinstance(lab["rationale"], str) or len(lab["rationale"]) < 20:
            errs.append(f"{name}: rationale too short")
        if not isinstance(lab["modelled_on"], str) or not lab["modelled_on"].startswith("https://"):
            errs.append(f"{name}: modelled_on must be an https URL")
        nodes = node_dirs(d)
        if not nodes:
            errs.append(f"{name}: no node directories")
        cul = lab["culprit"]
        if cul is not None:
            if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
                errs.append(f"{name}: culprit must be null or {{node, rank}}")
            else:
                if cul["node"] not in nodes:
                    errs.append(
                        f"{name}: culprit node {cul['node']} is not a directory in the bundle"
                    )
                r = cul["rank"]
                if r is not None and (not isinstance(r, int) or isinstance(r, bool) or r < 0):
                    errs.append(f"{name}: culprit rank must be a non-negative int or null")
        tp = d / "topology.json"
        if tp.exists():
            topo = json.loads(tp.read_text())
            if set(topo) != {"topology"} or not isinstance(topo["topology"], dict):
                errs.append(f"{name}: topology.json must be {{'topology': {{switch: [nodes]}}}}")
            else:
                for sw, members in topo["topology"].items():
                    for m in members:
                        if m not in nodes:
                            errs.append(f"{name}: topology node {m} under {sw} has no directory")
        for f in d.rglob("*"):
            if f.is_file() and f.stat().st_size == 0:
                errs.append(f"{name}: empty file {f.relative_to(d)}")
    return errs


def main() -> int:
    out = Path(os.environ.get("CORPUS_OUT") or default_out())
    builders = cases_a.ALL + cases_b.ALL + cases_c.ALL
    cases = [b() for b in builders]
    names = [c.name for c in cases]
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for c in cases:
        d = out / c.name
        d.mkdir()
        (d / "label.json").write_text(
            json.dumps(c.label, indent=2, sort_keys=False) + "\n", encoding="utf-8"
        )
        if c.topology is not None:
            (d / "topology.json").write_text(
                json.dumps(c.topology, indent=2) + "\n", encoding="utf-8"
            )
        for rel in sorted(c.files):
            p = d / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(c.files[rel])
    errs = validate(out, names)
    for e in errs:
        print("ERROR:", e, file=sys.stderr)
    print(f"built {len(cases)} cases into {out}; {len(errs)} problem(s)")
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
