#!/usr/bin/env python3
"""Build blind corpus set 97 (restarts, requeues and what recurs across them).

Usage:  CORPUS_OUT=/some/empty/dir python3 tests/corpus_set97/tools/build.py

Writes one folder per case into $CORPUS_OUT, each holding the bundle files and
label.json. Every label and bundle is validated before anything is written;
any problem exits 1. Standard library only, deterministic.
"""
import sys

sys.dont_write_bytecode = True

import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

PREFIX = "cp"
CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
MAX_BYTES = 1000 * 1000

CASE_FUNCS = cases_a.CASES + cases_b.CASES + cases_c.CASES


def validate(cases):
    problems = []
    if not 24 <= len(cases) <= 30:
        problems.append("need 24-30 cases, have %d" % len(cases))
    seen = set()
    for idx, (name, files, label) in enumerate(cases, 1):
        want = "%s%02d_" % (PREFIX, idx)
        if not name.startswith(want):
            problems.append("%s: expected to start with %s (cases named in sequence)" % (name, want))
        if not re.fullmatch(r"%s\d{2}_[a-z0-9]+(?:_[a-z0-9]+)*" % PREFIX, name):
            problems.append("%s: name is not <prefix><2 digits>_<snake_case>" % name)
        if name in seen:
            problems.append("%s: duplicate name" % name)
        seen.add(name)
        if not isinstance(label, dict) or set(label) != LABEL_KEYS:
            problems.append("%s: label keys %s" % (name, sorted(label) if isinstance(label, dict) else label))
            continue
        if label["category"] not in CATEGORIES:
            problems.append("%s: bad category %r" % (name, label["category"]))
        if label["layer"] not in LAYERS:
            problems.append("%s: bad layer %r" % (name, label["layer"]))
        if label["action"] not in ACTIONS:
            problems.append("%s: bad action %r" % (name, label["action"]))
        if not isinstance(label["rationale"], str) or len(label["rationale"].strip()) < 40:
            problems.append("%s: rationale missing or too short" % name)
        mo = label["modelled_on"]
        if not isinstance(mo, str) or not re.fullmatch(r"https://[^\s/]+\.[^\s/]+/\S*", mo):
            problems.append("%s: modelled_on is not an https URL: %r" % (name, mo))
        c = label["culprit"]
        if c is not None:
            if not isinstance(c, dict) or set(c) != {"node", "rank"}:
                problems.append("%s: culprit must be null or {node, rank}: %r" % (name, c))
            else:
                if not isinstance(c["node"], str) or not c["node"]:
                    problems.append("%s: culprit node must be a non-empty string" % name)
                if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
                    problems.append("%s: culprit rank must be null or a non-negative int" % name)
                node = c["node"]
                ok = any(p.startswith(node + "/") or re.fullmatch(r"attempt_\d+/%s/.+" % re.escape(str(node)), p)
                         for p in files)
                if not ok:
                    problems.append("%s: culprit node %s has no <node>/ or attempt_N/<node>/ folder" % (name, node))
        if not files:
            problems.append("%s: empty bundle" % name)
        total = 0
        for path, text in files.items():
            if not isinstance(text, str):
                problems.append("%s: %s content is not text" % (name, path))
                continue
            if path.startswith("/") or ".." in path.split("/") or path == "label.json":
                problems.append("%s: bad file path %r" % (name, path))
            total += len(text.encode("utf-8"))
        if total >= MAX_BYTES:
            problems.append("%s: bundle is %d bytes (limit %d)" % (name, total, MAX_BYTES))
    return problems


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        sys.stderr.write("CORPUS_OUT is not set; point it at an output folder\n")
        return 2
    cases = [f() for f in CASE_FUNCS]
    problems = validate(cases)
    if problems:
        for p in problems:
            sys.stderr.write("invalid: %s\n" % p)
        return 1
    os.makedirs(out, exist_ok=True)
    for name, files, label in cases:
        root = os.path.join(out, name)
        for path in sorted(files):
            full = os.path.join(root, *path.split("/"))
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(files[path])
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps(label, indent=2, sort_keys=False) + "\n")
    print("wrote %d cases to %s" % (len(cases), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
