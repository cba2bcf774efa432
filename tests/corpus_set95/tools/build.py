#!/usr/bin/env python3
"""Build corpus set 95 ("one sick node among many") into $CORPUS_OUT.

Standard library only and deterministic: every case seeds its own
random.Random and uses fixed datetimes.  All labels and bundles are generated
in memory and validated first; nothing is written unless every case passes.

    CORPUS_OUT=/tmp/set95 python3 tests/corpus_set95/tools/build.py
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
import cases_d  # noqa: E402

PREFIX = "cn"
CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
MAX_BUNDLE = 1000000
NAME_RE = re.compile(r"^%s(\d\d)_[a-z0-9]+(?:_[a-z0-9]+)*$" % PREFIX)

CASE_FUNCS = cases_a.CASES + cases_b.CASES + cases_c.CASES + cases_d.CASES


def generate():
    out = []
    for fn in CASE_FUNCS:
        name, files, label = fn()
        out.append((name, files, label))
    return out


def validate(cases):
    problems = []
    n = len(cases)
    if not 24 <= n <= 30:
        problems.append("expected 24-30 cases, got %d" % n)
    seen = set()
    for i, (name, files, label) in enumerate(cases, 1):
        m = NAME_RE.match(name)
        if not m:
            problems.append("%s: bad case name" % name)
        elif int(m.group(1)) != i:
            problems.append("%s: expected sequence number %02d" % (name, i))
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
        url = label["modelled_on"]
        if not isinstance(url, str) or not re.match(r"^https://[^\s/]+\.[^\s/]+/\S*$", url):
            problems.append("%s: modelled_on must be an https URL" % name)
        cul = label["culprit"]
        if cul is not None:
            if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
                problems.append("%s: culprit must be null or {node, rank}" % name)
            else:
                node, rank = cul["node"], cul["rank"]
                if not isinstance(node, str) or not node:
                    problems.append("%s: culprit node must be a non-empty string" % name)
                elif not any(p.startswith(node + "/") or re.match(r"^attempt_\d+/%s/" % re.escape(node), p) for p in files):
                    problems.append("%s: culprit node %s has no <node>/ or attempt_N/<node>/ folder" % (name, node))
                if rank is not None and (not isinstance(rank, int) or isinstance(rank, bool) or rank < 0):
                    problems.append("%s: culprit rank must be null or a non-negative int" % name)
        if "label.json" in files:
            problems.append("%s: bundle must not contain its own label.json" % name)
        size = 0
        for path, text in files.items():
            if not isinstance(text, str):
                problems.append("%s: %s is not text" % (name, path))
                continue
            if path.startswith("/") or ".." in path.split("/") or "\\" in path:
                problems.append("%s: bad path %s" % (name, path))
            size += len(text.encode("utf-8"))
        size += len(json.dumps(label, indent=2).encode("utf-8"))
        if size >= MAX_BUNDLE:
            problems.append("%s: bundle is %d bytes (limit %d)" % (name, size, MAX_BUNDLE))
        if not files:
            problems.append("%s: empty bundle" % name)
    return problems


def write(cases, out):
    os.makedirs(out, exist_ok=True)
    for name, files, label in cases:
        root = os.path.join(out, name)
        for path in sorted(files):
            fp = os.path.join(root, *path.split("/"))
            os.makedirs(os.path.dirname(fp), exist_ok=True)
            with open(fp, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(files[path])
        os.makedirs(root, exist_ok=True)
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps(label, indent=2, sort_keys=False) + "\n")


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        sys.stderr.write("build.py: set CORPUS_OUT to the output directory\n")
        return 2
    cases = generate()
    problems = validate(cases)
    if problems:
        for p in problems:
            sys.stderr.write("build.py: %s\n" % p)
        return 1
    write(cases, out)
    print("wrote %d cases to %s" % (len(cases), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
