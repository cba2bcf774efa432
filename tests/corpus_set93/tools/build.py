#!/usr/bin/env python3
"""Build corpus_set93 bundles into $CORPUS_OUT (one subfolder per case).

Standard library only, deterministic, writes no bytecode.  Validates every label
and bundle before writing anything; exits non-zero on any problem.
"""
import sys

sys.dont_write_bytecode = True

import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import slow_cases  # noqa: E402
import error_cases  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom", "numerical",
              "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
PREFIX = "cl"
MAX_BYTES = 1000 * 1000


def validate(name, lab, files):
    errs = []
    if not re.match(r"^%s\d{2}_[a-z0-9_]+$" % PREFIX, name):
        errs.append("bad case name")
    if set(lab) != KEYS:
        errs.append("label keys %s" % sorted(lab))
    if lab.get("category") not in CATEGORIES:
        errs.append("category %r" % lab.get("category"))
    if lab.get("layer") not in LAYERS:
        errs.append("layer %r" % lab.get("layer"))
    if lab.get("action") not in ACTIONS:
        errs.append("action %r" % lab.get("action"))
    if not isinstance(lab.get("rationale"), str) or not lab.get("rationale", "").strip():
        errs.append("empty rationale")
    if not isinstance(lab.get("modelled_on"), str) or not lab["modelled_on"].startswith("https://"):
        errs.append("modelled_on must be an https URL")
    cul = lab.get("culprit")
    if cul is not None:
        if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
            errs.append("culprit must be null or {node, rank}")
        else:
            node, rank = cul["node"], cul["rank"]
            if not isinstance(node, str) or not node:
                errs.append("culprit node must be a hostname")
            if rank is not None and (not isinstance(rank, int) or isinstance(rank, bool) or rank < 0):
                errs.append("culprit rank must be null or a non-negative int")
            pat = re.compile(r"^(attempt_\d+/)?%s/" % re.escape(str(node)))
            if not any(pat.match(p) for p in files):
                errs.append("culprit node %r has no directory in the bundle" % node)
    if "label.json" in files:
        errs.append("generator must not emit label.json itself")
    total = 0
    for p, content in files.items():
        if p.startswith("/") or ".." in p.split("/"):
            errs.append("bad path %s" % p)
        if not isinstance(content, str):
            errs.append("non-text file %s" % p)
            continue
        total += len(content.encode("utf-8"))
    total += len(json.dumps(lab, indent=2).encode("utf-8"))
    if total >= MAX_BYTES:
        errs.append("bundle is %d bytes (limit %d)" % (total, MAX_BYTES))
    return errs


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        sys.stderr.write("build.py: CORPUS_OUT is not set; set it to the output folder\n")
        return 2
    cases = []
    for fn in slow_cases.CASES + error_cases.CASES:
        cases.append(fn())
    problems = []
    names = [c[0] for c in cases]
    if len(set(names)) != len(names):
        problems.append("duplicate case names")
    if not 24 <= len(cases) <= 30:
        problems.append("case count %d outside 24..30" % len(cases))
    for i, (name, lab, files) in enumerate(cases, 1):
        if not name.startswith("%s%02d_" % (PREFIX, i)):
            problems.append("%s: out of sequence (expected %s%02d_)" % (name, PREFIX, i))
        for e in validate(name, lab, files):
            problems.append("%s: %s" % (name, e))
    if problems:
        for p in problems:
            sys.stderr.write("INVALID " + p + "\n")
        return 1
    os.makedirs(out, exist_ok=True)
    for name, lab, files in cases:
        root = os.path.join(out, name)
        for rel in sorted(files):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(files[rel])
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(lab, indent=2) + "\n")
    print("wrote %d cases to %s" % (len(cases), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
