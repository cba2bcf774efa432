#!/usr/bin/env python3
"""Write corpus set 83 (prefix cb) under $CORPUS_OUT.

Standard library only. Deterministic: no clock, no unseeded randomness, no network.
Each case becomes $CORPUS_OUT/<case>/ with node directories, job-level files and label.json.
Labels are validated; any bad label or layout problem exits non-zero.
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = ["category", "layer", "culprit", "action", "rationale", "modelled_on"]
NAME_RE = re.compile(r"^cb\d{2}_[a-z0-9_]+$")
MAX_CASE_BYTES = 1000 * 1000
MAX_TOTAL_BYTES = 10 * 1000 * 1000


def fail(msg):
    sys.stderr.write("build.py: %s\n" % msg)
    sys.exit(1)


def node_dirs(files):
    """Directories that hold a node's files: first path component, or the one under attempt_N/."""
    dirs = set()
    for path in files:
        parts = path.split("/")
        if len(parts) >= 2 and re.match(r"^attempt_\d+$", parts[0]):
            if len(parts) >= 3:
                dirs.add(parts[1])
        elif len(parts) >= 2:
            dirs.add(parts[0])
    return dirs


def validate(name, files, label):
    if not NAME_RE.match(name):
        fail("%s: bad case directory name" % name)
    if not isinstance(label, dict) or list(label.keys()) != LABEL_KEYS:
        fail("%s: label keys must be exactly %s" % (name, LABEL_KEYS))
    if label["category"] not in CATEGORIES:
        fail("%s: bad category %r" % (name, label["category"]))
    if label["layer"] not in LAYERS:
        fail("%s: bad layer %r" % (name, label["layer"]))
    if label["action"] not in ACTIONS:
        fail("%s: bad action %r" % (name, label["action"]))
    c = label["culprit"]
    if c is not None:
        if not isinstance(c, dict) or sorted(c.keys()) != ["node", "rank"]:
            fail("%s: culprit must be null or {node, rank}" % name)
        if not isinstance(c["node"], str) or c["node"] not in node_dirs(files):
            fail("%s: culprit node %r has no directory in the bundle" % (name, c["node"]))
        if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
            fail("%s: culprit rank must be null or a non-negative int" % name)
    if not isinstance(label["rationale"], str) or len(label["rationale"].strip()) < 20:
        fail("%s: rationale missing" % name)
    if not isinstance(label["modelled_on"], str) or not label["modelled_on"].startswith("https://"):
        fail("%s: modelled_on must be an https URL" % name)
    for path, content in files.items():
        if path.startswith("/") or ".." in path.split("/") or path == "label.json":
            fail("%s: bad file path %r" % (name, path))
        if not isinstance(content, str):
            fail("%s: content of %s is not text" % (name, path))
    if not node_dirs(files):
        fail("%s: no node directory" % name)


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        fail("CORPUS_OUT is not set (directory to write the bundles into)")
    cases = cases_a.CASES + cases_b.CASES + cases_c.CASES
    if not 24 <= len(cases) <= 30:
        fail("expected 24-30 cases, have %d" % len(cases))
    seen = set()
    built = []
    for fn in cases:
        name, files, label = fn()
        if name in seen:
            fail("duplicate case %s" % name)
        seen.add(name)
        validate(name, files, label)
        built.append((name, files, label))
    total = 0
    for name, files, label in built:
        size = 0
        base = os.path.join(out, name)
        for path in sorted(files):
            data = files[path].encode("utf-8")
            size += len(data)
            full = os.path.join(base, *path.split("/"))
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "wb") as fh:
                fh.write(data)
        lab = (json.dumps(label, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
        size += len(lab)
        with open(os.path.join(base, "label.json"), "wb") as fh:
            fh.write(lab)
        if size > MAX_CASE_BYTES:
            fail("%s: bundle is %d bytes (limit %d)" % (name, size, MAX_CASE_BYTES))
        total += size
    if total > MAX_TOTAL_BYTES:
        fail("set is %d bytes (limit %d)" % (total, MAX_TOTAL_BYTES))
    print("wrote %d cases, %d bytes, to %s" % (len(built), total, out))


if __name__ == "__main__":
    main()
