#!/usr/bin/env python3
"""Build the corpus_set100 bundles (start-up / environment failures) into $CORPUS_OUT.

Standard library only and deterministic. Every label and bundle is validated before
anything is written; any problem exits 1. Without CORPUS_OUT it exits 2.
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

PREFIX = "cs"
CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
MAX_BUNDLE = 1024 * 1024
NAME_RE = re.compile(r"^%s(\d\d)_[a-z0-9]+(?:_[a-z0-9]+)*$" % PREFIX)


def collect():
    out = []
    for mod in (cases_a, cases_b, cases_c):
        for fn in mod.CASES:
            out.append(fn())
    return out


def node_dirs(files):
    dirs = set()
    for p in files:
        parts = p.split("/")
        if len(parts) >= 2 and not parts[0].startswith("attempt_"):
            dirs.add(parts[0])
        if len(parts) >= 3 and re.match(r"^attempt_\d+$", parts[0]):
            dirs.add(parts[1])
    return dirs


def validate(cases):
    errs = []
    n = len(cases)
    if not 24 <= n <= 30:
        errs.append("need 24-30 cases, have %d" % n)
    seen = set()
    for i, (name, files, label) in enumerate(cases, 1):
        m = NAME_RE.match(name)
        if not m:
            errs.append("%s: bad case name" % name)
        elif int(m.group(1)) != i:
            errs.append("%s: out of sequence (expected %s%02d)" % (name, PREFIX, i))
        if name in seen:
            errs.append("%s: duplicate" % name)
        seen.add(name)
        if not isinstance(label, dict) or set(label) != LABEL_KEYS:
            errs.append("%s: label keys %s" % (name, sorted(label) if isinstance(label, dict) else label))
            continue
        if label["category"] not in CATEGORIES:
            errs.append("%s: category %r" % (name, label["category"]))
        if label["layer"] not in LAYERS:
            errs.append("%s: layer %r" % (name, label["layer"]))
        if label["action"] not in ACTIONS:
            errs.append("%s: action %r" % (name, label["action"]))
        if not isinstance(label["rationale"], str) or len(label["rationale"]) < 40:
            errs.append("%s: rationale too short" % name)
        mo = label["modelled_on"]
        if not isinstance(mo, str) or not re.match(r"^https://[^\s/]+\.[^\s]+$", mo):
            errs.append("%s: modelled_on must be an https URL" % name)
        c = label["culprit"]
        if c is not None:
            if not isinstance(c, dict) or set(c) != {"node", "rank"}:
                errs.append("%s: culprit must be null or {node, rank}" % name)
            else:
                if not isinstance(c["node"], str) or not c["node"]:
                    errs.append("%s: culprit node" % name)
                elif c["node"] not in node_dirs(files):
                    errs.append("%s: culprit node %s has no folder" % (name, c["node"]))
                if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool)
                                              or c["rank"] < 0):
                    errs.append("%s: culprit rank %r" % (name, c["rank"]))
        if not files:
            errs.append("%s: empty bundle" % name)
        size = 0
        for p, text in files.items():
            if p.startswith("/") or ".." in p.split("/") or p == "label.json":
                errs.append("%s: bad path %s" % (name, p))
            if not isinstance(text, str):
                errs.append("%s: %s is not text" % (name, p))
                continue
            size += len(text.encode("utf-8"))
        size += len(json.dumps(label, indent=2).encode("utf-8"))
        if size >= MAX_BUNDLE:
            errs.append("%s: bundle is %d bytes (limit %d)" % (name, size, MAX_BUNDLE))
    return errs


def write(cases, out):
    os.makedirs(out, exist_ok=True)
    for name, files, label in cases:
        root = os.path.join(out, name)
        for p in sorted(files):
            dst = os.path.join(root, p)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(dst, "w", encoding="utf-8", newline="\n") as f:
                f.write(files[p])
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(label, indent=2, sort_keys=True) + "\n")


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        sys.stderr.write("build.py: set CORPUS_OUT to the output folder\n")
        return 2
    cases = collect()
    errs = validate(cases)
    if errs:
        for e in errs:
            sys.stderr.write("invalid: %s\n" % e)
        return 1
    write(cases, out)
    print("wrote %d cases to %s" % (len(cases), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
