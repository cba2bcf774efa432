#!/usr/bin/env python3
"""Build corpus set 87 (Kubernetes / managed-cloud training failures).

Usage: CORPUS_OUT=/some/dir python3 build.py

Writes one directory per case under $CORPUS_OUT, each with label.json and the
node / job files. Standard library only and deterministic.
"""

import json
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cases_hw      # noqa: E402
import cases_env     # noqa: E402
import cases_io      # noqa: E402
import cases_app     # noqa: E402
import cases_hang    # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage",
              "host", "hang", "oom", "numerical", "straggler", "user_code",
              "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
NAME_RE = re.compile(r"^cf\d\d_[a-z0-9_]+$")
MAX_BUNDLE = 1000 * 1000
MAX_SET = 10 * 1000 * 1000


def all_cases():
    out = []
    for mod in (cases_hw, cases_env, cases_io, cases_app, cases_hang):
        for fn in mod.CASES:
            out.append(fn())
    return out


def node_dirs(files):
    dirs = set()
    for path in files:
        parts = path.split("/")[:-1]
        for p in parts:
            if not re.match(r"^attempt_\d+$", p):
                dirs.add(p)
    return dirs


def validate(name, label, files):
    errs = []
    if not NAME_RE.match(name):
        errs.append("bad case name")
    keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
    if set(label) != keys:
        errs.append("label keys %s" % sorted(label))
    if label.get("category") not in CATEGORIES:
        errs.append("category %r" % label.get("category"))
    if label.get("layer") not in LAYERS:
        errs.append("layer %r" % label.get("layer"))
    if label.get("action") not in ACTIONS:
        errs.append("action %r" % label.get("action"))
    c = label.get("culprit")
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            errs.append("culprit shape")
        else:
            if c["node"] not in node_dirs(files):
                errs.append("culprit node %r has no directory" % c["node"])
            if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
                errs.append("culprit rank %r" % c["rank"])
    if not isinstance(label.get("rationale"), str) or not label["rationale"].strip():
        errs.append("rationale")
    if not str(label.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on")
    if "label.json" in files:
        errs.append("label.json among files")
    size = sum(len(v.encode("utf-8")) for v in files.values())
    if size > MAX_BUNDLE:
        errs.append("bundle too large: %d" % size)
    for path in files:
        if path.startswith("/") or ".." in path.split("/"):
            errs.append("bad path %s" % path)
    return errs, size


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        sys.stderr.write("build.py: CORPUS_OUT is not set\n")
        return 2
    cases = all_cases()
    names = [c[0] for c in cases]
    bad = []
    if not 24 <= len(cases) <= 30:
        bad.append("case count %d not in 24..30" % len(cases))
    if len(set(names)) != len(names):
        bad.append("duplicate case names")
    if len({n[:4] for n in names}) != len(names):
        bad.append("duplicate case numbers")
    total = 0
    for name, label, files in cases:
        errs, size = validate(name, label, files)
        total += size
        bad += ["%s: %s" % (name, e) for e in errs]
    if total > MAX_SET:
        bad.append("set too large: %d" % total)
    if bad:
        for b in bad:
            sys.stderr.write("build.py: invalid: %s\n" % b)
        return 1
    os.makedirs(out, exist_ok=True)
    for name, label, files in cases:
        root = os.path.join(out, name)
        for rel, text in sorted(files.items()):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8") as f:
            f.write(json.dumps(label, indent=2) + "\n")
    sys.stdout.write("wrote %d cases (%d bytes) to %s\n" % (len(cases), total, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
