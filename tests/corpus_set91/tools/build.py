#!/usr/bin/env python3
"""Build corpus set 91 (prefix cj): who is behind an address, network versus node.

Usage:  CORPUS_OUT=/some/dir python3 tests/corpus_set91/tools/build.py

Writes one sub-folder per case into $CORPUS_OUT (label.json + evidence files).
Standard library only, deterministic, writes no bytecode.  Every label is
validated before anything is written; any problem exits non-zero.
"""
import sys

sys.dont_write_bytecode = True

import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

PREFIX = "cj"
CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
MAX_BUNDLE = 1024 * 1024
NAME_RE = re.compile(r"^%s\d\d_[a-z0-9_]+$" % PREFIX)


def validate(bundles):
    errs = []
    if not 24 <= len(bundles) <= 30:
        errs.append("expected 24-30 cases, got %d" % len(bundles))
    seen = set()
    nums = set()
    for b in bundles:
        n = b.name
        if not NAME_RE.match(n):
            errs.append("%s: bad case name" % n)
        if n in seen:
            errs.append("%s: duplicate name" % n)
        seen.add(n)
        num = n[len(PREFIX):len(PREFIX) + 2]
        if num in nums:
            errs.append("%s: duplicate case number %s" % (n, num))
        nums.add(num)
        lab = b.label
        if not isinstance(lab, dict):
            errs.append("%s: no label" % n)
            continue
        if set(lab) != KEYS:
            errs.append("%s: label keys %s" % (n, sorted(lab)))
            continue
        if lab["category"] not in CATEGORIES:
            errs.append("%s: category %r" % (n, lab["category"]))
        if lab["layer"] not in LAYERS:
            errs.append("%s: layer %r" % (n, lab["layer"]))
        if lab["action"] not in ACTIONS:
            errs.append("%s: action %r" % (n, lab["action"]))
        if not isinstance(lab["rationale"], str) or not lab["rationale"].strip():
            errs.append("%s: empty rationale" % n)
        mo = lab["modelled_on"]
        if not isinstance(mo, str) or not mo.startswith("https://") or " " in mo:
            errs.append("%s: modelled_on must be an https URL" % n)
        c = lab["culprit"]
        if c is not None:
            if not isinstance(c, dict) or set(c) != {"node", "rank"}:
                errs.append("%s: culprit must be null or {node, rank}" % n)
            else:
                node, rank = c["node"], c["rank"]
                if not isinstance(node, str) or not node:
                    errs.append("%s: culprit node must be a non-empty string" % n)
                elif not any(p.startswith(node + "/") or re.match(r"^attempt_\d+/%s/" % re.escape(node), p) for p in b.files):
                    errs.append("%s: culprit node %s has no directory in the bundle" % (n, node))
                if rank is not None and (not isinstance(rank, int) or isinstance(rank, bool) or rank < 0):
                    errs.append("%s: culprit rank must be null or a non-negative int" % n)
        for p in b.files:
            if p.startswith("/") or ".." in p.split("/") or p == "label.json":
                errs.append("%s: bad file path %s" % (n, p))
        size = sum(len(t.encode("utf-8")) for t in b.files.values()) + len(json.dumps(lab, indent=2))
        if size >= MAX_BUNDLE:
            errs.append("%s: bundle is %d bytes (limit %d)" % (n, size, MAX_BUNDLE))
    return errs


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        sys.stderr.write("build.py: set CORPUS_OUT to the folder that should receive the bundles\n")
        return 2
    bundles = [f() for f in cases_a.CASES + cases_b.CASES + cases_c.CASES]
    errs = validate(bundles)
    if errs:
        for e in errs:
            sys.stderr.write("invalid: %s\n" % e)
        return 1
    os.makedirs(out, exist_ok=True)
    for b in bundles:
        root = os.path.join(out, b.name)
        if os.path.isdir(root):
            shutil.rmtree(root)
        os.makedirs(root)
        for rel in sorted(b.files):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(b.files[rel])
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps(b.label, indent=2) + "\n")
    print("wrote %d cases to %s" % (len(bundles), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
