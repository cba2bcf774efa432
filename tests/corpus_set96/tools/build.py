#!/usr/bin/env python3
"""Build corpus set 96 (hangs and stalls) into $CORPUS_OUT.

Usage:  CORPUS_OUT=/tmp/out python3 tests/corpus_set96/tools/build.py

Standard library only, deterministic. Validates every label and bundle before
writing anything; exits 1 on a validation problem, 2 when CORPUS_OUT is unset.
"""
import sys

sys.dont_write_bytecode = True

import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

PREFIX = "co"
CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
MAX_BUNDLE = 1024 * 1024


def all_cases():
    return list(cases_a.CASES) + list(cases_b.CASES) + list(cases_c.CASES)


def validate(built):
    problems = []
    n = len(built)
    if not 24 <= n <= 30:
        problems.append("expected 24-30 cases, got %d" % n)
    seen = set()
    for i, (name, files, lab) in enumerate(built, 1):
        m = re.fullmatch(r"%s(\d{2})_[a-z0-9]+(?:_[a-z0-9]+)*" % PREFIX, name)
        if not m:
            problems.append("%s: bad case name" % name)
        elif int(m.group(1)) != i:
            problems.append("%s: out of sequence (expected %02d)" % (name, i))
        if name in seen:
            problems.append("%s: duplicate" % name)
        seen.add(name)
        if not isinstance(lab, dict) or set(lab) != LABEL_KEYS:
            problems.append("%s: label keys %s" % (name, sorted(lab) if isinstance(lab, dict) else lab))
            continue
        if lab["category"] not in CATEGORIES:
            problems.append("%s: category %r" % (name, lab["category"]))
        if lab["layer"] not in LAYERS:
            problems.append("%s: layer %r" % (name, lab["layer"]))
        if lab["action"] not in ACTIONS:
            problems.append("%s: action %r" % (name, lab["action"]))
        if not isinstance(lab["rationale"], str) or len(lab["rationale"]) < 40:
            problems.append("%s: rationale too short" % name)
        if not isinstance(lab["modelled_on"], str) or not lab["modelled_on"].startswith("https://"):
            problems.append("%s: modelled_on must be an https URL" % name)
        c = lab["culprit"]
        if c is not None:
            if not isinstance(c, dict) or set(c) != {"node", "rank"}:
                problems.append("%s: culprit must be null or {node, rank}" % name)
            else:
                if not isinstance(c["node"], str) or not c["node"]:
                    problems.append("%s: culprit node must be a string" % name)
                if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
                    problems.append("%s: culprit rank must be null or a non-negative int" % name)
                node = c["node"]
                ok = any(p.startswith(node + "/") or re.match(r"attempt_\d+/%s/" % re.escape(node), p) for p in files)
                if not ok:
                    problems.append("%s: culprit node %s has no <node>/ or attempt_N/<node>/ folder" % (name, node))
        if not files:
            problems.append("%s: empty bundle" % name)
        size = 0
        for p, content in files.items():
            if not isinstance(content, str):
                problems.append("%s: %s is not text" % (name, p))
                continue
            if p.startswith("/") or ".." in p.split("/") or p == "label.json":
                problems.append("%s: bad path %s" % (name, p))
            size += len(content.encode("utf-8"))
        if size >= MAX_BUNDLE:
            problems.append("%s: bundle is %d bytes (limit %d)" % (name, size, MAX_BUNDLE))
        if "topology.json" in files:
            try:
                topo = json.loads(files["topology.json"])
                assert isinstance(topo.get("topology"), dict)
            except Exception:  # noqa: BLE001
                problems.append("%s: topology.json malformed" % name)
    return problems


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        print("CORPUS_OUT is not set; refusing to build", file=sys.stderr)
        return 2
    built = []
    for name, fn in all_cases():
        bundle, lab = fn(name)
        built.append((name, bundle.files, lab))
    problems = validate(built)
    if problems:
        for p in problems:
            print("invalid: " + p, file=sys.stderr)
        return 1
    os.makedirs(out, exist_ok=True)
    for name, files, lab in built:
        root = os.path.join(out, name)
        for p in sorted(files):
            dest = os.path.join(root, p)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(files[p])
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps(lab, indent=2, sort_keys=True) + "\n")
    print("wrote %d cases to %s" % (len(built), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
