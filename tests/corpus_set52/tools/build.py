#!/usr/bin/env python3
"""Build corpus_set52. Usage: CORPUS_OUT=/some/dir python3 tools/build.py"""
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_a, cases_b, cases_c, cases_d  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
PREFIX = "aw"

BUILDERS = [cases_a.aw01, cases_a.aw02, cases_a.aw03, cases_a.aw04, cases_a.aw05, cases_a.aw06,
            cases_b.aw07, cases_b.aw08, cases_b.aw09, cases_b.aw10,
            cases_c.aw11, cases_c.aw12, cases_c.aw13, cases_c.aw14, cases_c.aw15, cases_c.aw16,
            cases_c.aw17, cases_c.aw18, cases_c.aw19,
            cases_d.aw20, cases_d.aw21, cases_d.aw22, cases_d.aw23, cases_d.aw24, cases_d.aw25,
            cases_d.aw26, cases_d.aw27, cases_d.aw28, cases_d.aw29]


def node_dirs(files):
    nodes = set()
    for p in files:
        parts = p.split("/")
        if parts[0].startswith("attempt_") and len(parts) > 2:
            nodes.add(parts[1])
        elif len(parts) > 1 and not parts[0].startswith("attempt_"):
            nodes.add(parts[0])
    return nodes


def validate(name, files, label, topo):
    errs = []
    if not name.startswith(PREFIX) or not name[2:4].isdigit():
        errs.append("bad case name")
    if set(label) != KEYS:
        errs.append(f"label keys {sorted(label)}")
    if label.get("category") not in CATEGORIES:
        errs.append("bad category")
    if label.get("layer") not in LAYERS:
        errs.append("bad layer")
    if label.get("action") not in ACTIONS:
        errs.append("bad action")
    if not str(label.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on not https")
    if not isinstance(label.get("rationale"), str) or len(label["rationale"]) < 40:
        errs.append("rationale too short")
    c = label.get("culprit")
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            errs.append("culprit shape")
        else:
            if c["node"] not in node_dirs(files):
                errs.append(f"culprit node {c['node']} not a folder")
            if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
                errs.append("culprit rank not int")
    if topo is not None:
        if set(topo) != {"topology"} or not isinstance(topo["topology"], dict):
            errs.append("topology shape")
        else:
            nd = node_dirs(files)
            for sw, ns in topo["topology"].items():
                for n in ns:
                    if n not in nd:
                        errs.append(f"topology node {n} missing")
    if len(node_dirs(files)) < 2:
        errs.append("fewer than 2 nodes")
    return errs


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    bad = 0
    seen = set()
    for b in BUILDERS:
        name, files, label, topo = b()
        if name in seen or name[:4] in {s[:4] for s in seen}:
            print(f"{name}: duplicate"); bad += 1
        seen.add(name)
        errs = validate(name, files, label, topo)
        if errs:
            print(f"{name}: INVALID: {errs}")
            bad += 1
            continue
        root = os.path.join(out, name)
        for rel, content in files.items():
            p = os.path.join(root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w") as f:
                f.write(content)
        with open(os.path.join(root, "label.json"), "w") as f:
            json.dump(label, f, indent=2)
            f.write("\n")
        if topo:
            with open(os.path.join(root, "topology.json"), "w") as f:
                json.dump(topo, f, indent=2)
                f.write("\n")
        nlines = sum(c.count("\n") for c in files.values())
        print(f"{name}: {label['category']}/{label['layer']}/{label['culprit']}/{label['action']}  ({len(files)} files, {nlines} lines)")
    if not 24 <= len(seen) <= 30:
        print(f"case count {len(seen)} out of range"); bad += 1
    if bad:
        print(f"{bad} problem(s)")
        sys.exit(1)
    print(f"wrote {len(seen)} cases to {out}")


if __name__ == "__main__":
    main()
