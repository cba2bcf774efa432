#!/usr/bin/env python3
"""Build corpus set 94 ("everyday crashes a researcher attaches to a bug report").

Usage: CORPUS_OUT=/some/empty/dir python3 tests/corpus_set94/tools/build.py

Standard library only, deterministic. Validates every label and bundle before writing anything;
exits 1 on a problem, 2 when CORPUS_OUT is unset.
"""
import sys

sys.dont_write_bytecode = True

import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import cases1  # noqa: E402
import cases2  # noqa: E402
import cases3  # noqa: E402

PREFIX = "cm"
CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom", "numerical",
              "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
MAX_BUNDLE = 1_000_000


def collect():
    out = []
    for mod in (cases1, cases2, cases3):
        for fn in mod.CASES:
            out.append(fn())
    return out


def validate(cases):
    errs = []
    if not 24 <= len(cases) <= 30:
        errs.append(f"need 24-30 cases, have {len(cases)}")
    names = set()
    for i, (name, files, label) in enumerate(cases, 1):
        want = f"{PREFIX}{i:02d}_"
        if not name.startswith(want):
            errs.append(f"{name}: expected prefix {want}")
        if not re.fullmatch(PREFIX + r"\d{2}_[a-z0-9]+(_[a-z0-9]+)*", name):
            errs.append(f"{name}: bad case name")
        if name in names:
            errs.append(f"{name}: duplicate")
        names.add(name)
        if set(label) != LABEL_KEYS:
            errs.append(f"{name}: label keys {sorted(label)}")
            continue
        if label["category"] not in CATEGORIES:
            errs.append(f"{name}: category {label['category']}")
        if label["layer"] not in LAYERS:
            errs.append(f"{name}: layer {label['layer']}")
        if label["action"] not in ACTIONS:
            errs.append(f"{name}: action {label['action']}")
        if not isinstance(label["rationale"], str) or len(label["rationale"]) < 40:
            errs.append(f"{name}: rationale too short")
        mo = label["modelled_on"]
        if not isinstance(mo, str) or not re.fullmatch(r"https://\S+", mo):
            errs.append(f"{name}: modelled_on must be an https URL")
        c = label["culprit"]
        if c is not None:
            if not isinstance(c, dict) or set(c) != {"node", "rank"}:
                errs.append(f"{name}: culprit must be null or {{node, rank}}")
            else:
                if not isinstance(c["node"], str) or not c["node"]:
                    errs.append(f"{name}: culprit node")
                if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
                    errs.append(f"{name}: culprit rank")
                node = c["node"]
                ok = any(p.startswith(node + "/") or re.match(r"attempt_\d+/" + re.escape(node) + "/", p) for p in files)
                if not ok:
                    errs.append(f"{name}: culprit node {node} has no <node>/ or attempt_N/<node>/ folder")
        if "label.json" in files:
            errs.append(f"{name}: bundle must not contain label.json")
        total = 0
        for p, text in files.items():
            if p.startswith("/") or ".." in p.split("/") or not p:
                errs.append(f"{name}: bad path {p}")
            if not isinstance(text, str):
                errs.append(f"{name}: {p} is not text")
                continue
            total += len(text.encode("utf-8"))
        if total >= MAX_BUNDLE:
            errs.append(f"{name}: bundle is {total} bytes (limit {MAX_BUNDLE})")
        if "topology.json" in files:
            try:
                topo = json.loads(files["topology.json"])
                assert isinstance(topo.get("topology"), dict)
            except Exception as e:  # noqa: BLE001
                errs.append(f"{name}: topology.json invalid ({e})")
    return errs


def main():
    outdir = os.environ.get("CORPUS_OUT")
    if not outdir:
        print("CORPUS_OUT is not set; set it to an output directory", file=sys.stderr)
        return 2
    cases = collect()
    errs = validate(cases)
    if errs:
        for e in errs:
            print("invalid: " + e, file=sys.stderr)
        return 1
    os.makedirs(outdir, exist_ok=True)
    for name, files, label in cases:
        root = os.path.join(outdir, name)
        for p, text in sorted(files.items()):
            fp = os.path.join(root, p)
            os.makedirs(os.path.dirname(fp), exist_ok=True)
            with open(fp, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            json.dump(label, f, indent=2, sort_keys=True)
            f.write("\n")
    print(f"wrote {len(cases)} cases to {outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
