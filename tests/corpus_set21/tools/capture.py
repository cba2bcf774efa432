#!/usr/bin/env python
"""Capture the bundles of corpus set 21 and check them.

    python tools/capture.py a05          # re-capture one case (all of its attempts)
    python tools/capture.py all          # re-capture every case, one at a time
    python tools/capture.py --check      # validate labels and the evidence each bundle must hold
    python tools/capture.py --labels     # rewrite label.json of existing bundles (no recapture)

Every job-output line in a bundle was printed by a real process (torchrun agents, training
ranks, shell commands run inside the simulated node).  Only label.json (and README.md) are
authored.  The fault of each case is arranged from outside (signals, cgroups, tmpfs, loop
devices, rlimits, env vars, files) or is a genuine bug in a training script.
"""
from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ACTIONS, CASES, CATEGORIES, LAYERS, REGISTRY  # noqa: E402
import casedefs  # noqa: E402,F401  (registers the cases)


# ====================================================================================== main
def check() -> int:
    bad = 0
    names = {v["name"] for v in REGISTRY.values()}
    for key, meta in sorted(REGISTRY.items()):
        d = CASES / meta["name"]
        errs = []
        if not d.is_dir():
            print(f"{key}: MISSING bundle {d}")
            bad += 1
            continue
        try:
            lab = json.loads((d / "label.json").read_text())
        except Exception as e:  # noqa: BLE001
            errs.append(f"label.json unreadable: {e}")
            lab = {}
        if lab:
            keys = set(lab)
            want = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
            if keys != want:
                errs.append(f"label keys {sorted(keys)} != {sorted(want)}")
            if lab.get("category") not in CATEGORIES:
                errs.append(f"bad category {lab.get('category')}")
            if lab.get("layer") not in LAYERS:
                errs.append(f"bad layer {lab.get('layer')}")
            if lab.get("action") not in ACTIONS:
                errs.append(f"bad action {lab.get('action')}")
            if not str(lab.get("modelled_on", "")).startswith("https://"):
                errs.append("modelled_on is not an https URL")
            c = lab.get("culprit")
            if c is not None:
                if not isinstance(c, dict) or set(c) != {"node", "rank"}:
                    errs.append(f"culprit must be null or {{node, rank}}: {c}")
                else:
                    nodes = {p.name for p in d.iterdir() if p.is_dir() and not p.name.startswith("attempt_")}
                    nodes |= {p.name for a in d.glob("attempt_*") for p in a.iterdir() if p.is_dir()}
                    if c["node"] not in nodes:
                        errs.append(f"culprit node {c['node']} is not a node folder ({sorted(nodes)})")
                    if c["rank"] is not None and not isinstance(c["rank"], int):
                        errs.append("culprit rank must be int or null")
            if lab != meta["label"]:
                errs.append("label.json differs from the case definition in capture.py")
        node_dirs = [p for p in d.iterdir() if p.is_dir() and not p.name.startswith("attempt_")]
        att = sorted(d.glob("attempt_*"))
        if att and node_dirs:
            errs.append("mixes attempt_* folders and node folders")
        for group in (att or [d]):
            n = [p for p in group.iterdir() if p.is_dir()]
            if not 2 <= len(n) <= 16:
                errs.append(f"{group.name}: {len(n)} node folders")
        for pattern, rx, min_files in meta["evidence"]:
            hits = 0
            for f in d.glob(pattern):
                if f.is_file() and re.search(rx, f.read_text(errors="replace"), re.M):
                    hits += 1
            if hits < min_files:
                errs.append(f"evidence {pattern!r} ~ /{rx}/ found in {hits} file(s), need {min_files}")
        size = sum(f.stat().st_size for f in d.rglob("*") if f.is_file())
        status = "ok" if not errs else "FAIL"
        print(f"{key} {meta['name']:<50} {size / 1024:7.0f} KiB  {status}")
        for e in errs:
            print(f"    - {e}")
        bad += bool(errs)
    extra = [p.name for p in CASES.iterdir() if p.is_dir() and p.name not in names] if CASES.exists() else []
    for e in extra:
        print(f"unexpected folder in cases/: {e}")
        bad += 1
    total = sum(f.stat().st_size for f in CASES.rglob("*") if f.is_file())
    print(f"{len(REGISTRY)} cases, {total / 2**20:.2f} MiB in cases/, {'OK' if not bad else f'{bad} problem(s)'}")
    return 1 if bad else 0


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv[0] == "--check":
        return check()
    if argv[0] == "--labels":      # rewrite label.json of existing bundles from the definitions
        for k, meta in REGISTRY.items():
            d = CASES / meta["name"]
            if d.is_dir():
                (d / "label.json").write_text(json.dumps(meta["label"], indent=2) + "\n")
        return 0
    keys = sorted(REGISTRY) if argv[0] == "all" else argv
    for k in keys:
        k = k[:3]
        if k not in REGISTRY:
            print(f"unknown case {k}; known: {', '.join(sorted(REGISTRY))}")
            return 2
        t = time.time()
        print(f"[capture] === {k} {REGISTRY[k]['name']}", file=sys.stderr)
        REGISTRY[k]["fn"]()
        print(f"[capture] === {k} done in {time.time() - t:.0f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
