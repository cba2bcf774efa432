#!/usr/bin/env python3
"""Build corpus set 78 (prefix bw) into $CORPUS_OUT.

Standard library only, deterministic: no clock, no unseeded randomness. Every label is
validated before anything is written; any invalid label aborts with a non-zero exit.
"""

import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

import cases_env  # noqa: E402
import cases_misc  # noqa: E402
import cases_storage  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
PREFIX = "bw"
NAME_RE = re.compile(r"^%s\d\d_[a-z0-9_]+$" % PREFIX)
LABEL_KEYS = ["category", "layer", "culprit", "action", "rationale", "modelled_on"]
MAX_CASE_BYTES = 1024 * 1024
MAX_TOTAL_BYTES = 10 * 1024 * 1024


def fail(msg):
    sys.stderr.write("build.py: %s\n" % msg)
    sys.exit(1)


def node_dirs(files):
    """Top-level (or attempt_N/) directory names that hold files: the bundle's node dirs."""
    nodes = set()
    for path in files:
        parts = path.split("/")
        if parts[0].startswith("attempt_") and len(parts) > 2:
            nodes.add(parts[1])
        elif len(parts) > 1 and not parts[0].startswith("attempt_"):
            nodes.add(parts[0])
    return nodes


def validate(name, files, label):
    if not NAME_RE.match(name):
        fail("bad case name %r" % name)
    if list(label.keys()) != LABEL_KEYS:
        fail("%s: label keys must be exactly %s, got %s" % (name, LABEL_KEYS, list(label.keys())))
    if label["category"] not in CATEGORIES:
        fail("%s: invalid category %r" % (name, label["category"]))
    if label["layer"] not in LAYERS:
        fail("%s: invalid layer %r" % (name, label["layer"]))
    if label["action"] not in ACTIONS:
        fail("%s: invalid action %r" % (name, label["action"]))
    c = label["culprit"]
    if c is not None:
        if not isinstance(c, dict) or sorted(c.keys()) != ["node", "rank"]:
            fail("%s: culprit must be null or {node, rank}" % name)
        if not isinstance(c["node"], str) or not c["node"]:
            fail("%s: culprit node must be a non-empty string" % name)
        if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
            fail("%s: culprit rank must be null or a non-negative int" % name)
        if c["node"] not in node_dirs(files):
            fail("%s: culprit node %r has no directory in the bundle" % (name, c["node"]))
    if not isinstance(label["rationale"], str) or len(label["rationale"].strip()) < 20:
        fail("%s: rationale missing" % name)
    if not isinstance(label["modelled_on"], str) or not label["modelled_on"].startswith("https://"):
        fail("%s: modelled_on must be an https URL" % name)
    if not files:
        fail("%s: empty bundle" % name)
    total = 0
    for path, content in files.items():
        if path.startswith("/") or ".." in path.split("/") or path in ("label.json",):
            fail("%s: bad file path %r" % (name, path))
        if not isinstance(content, str):
            fail("%s: content of %s is not text" % (name, path))
        total += len(content.encode("utf-8"))
    if total > MAX_CASE_BYTES:
        fail("%s: bundle too large (%d bytes)" % (name, total))
    return total


def collect():
    cases = []
    for mod in (cases_env, cases_storage, cases_misc):
        for fn in mod.CASES:
            cases.append(fn())
    return cases


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        fail("CORPUS_OUT is not set; set it to the directory to build the cases into")
    cases = collect()
    if not 24 <= len(cases) <= 30:
        fail("expected 24-30 cases, got %d" % len(cases))
    names = [c[0] for c in cases]
    if len(set(names)) != len(names):
        fail("duplicate case names")
    nums = [n[len(PREFIX):len(PREFIX) + 2] for n in names]
    if len(set(nums)) != len(nums):
        fail("duplicate case numbers")
    grand = 0
    for name, files, label in cases:
        grand += validate(name, files, label)
    if grand > MAX_TOTAL_BYTES:
        fail("set too large (%d bytes)" % grand)
    # all labels valid: write
    os.makedirs(out, exist_ok=True)
    for name, files, label in sorted(cases, key=lambda c: c[0]):
        root = os.path.join(out, name)
        for path in sorted(files):
            full = os.path.join(root, *path.split("/"))
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(files[path])
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps(label, indent=2, ensure_ascii=False) + "\n")
    print("wrote %d cases (%d bytes) to %s" % (len(cases), grand, out))


if __name__ == "__main__":
    main()
