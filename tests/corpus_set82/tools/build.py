#!/usr/bin/env python3
"""Build corpus set 82 (gloo / torch.distributed.elastic failure bundles).

Usage: CORPUS_OUT=/some/dir python3 tools/build.py

Writes one directory per case under $CORPUS_OUT, each with its node directories, job-level files
and label.json. Standard library only, deterministic. Exits non-zero on any invalid label.
"""

import json
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cases1  # noqa: E402
import cases2  # noqa: E402
import cases3  # noqa: E402
from common import CATEGORIES, LAYERS, ACTIONS  # noqa: E402

PREFIX = "ca"
CASES = [
    cases1.ca01, cases1.ca02, cases1.ca03, cases1.ca04, cases1.ca05,
    cases1.ca06, cases1.ca07, cases1.ca08, cases1.ca09, cases1.ca10,
    cases2.ca11, cases2.ca12, cases2.ca13, cases2.ca14, cases2.ca15,
    cases2.ca16, cases2.ca17, cases2.ca18, cases2.ca19, cases2.ca20,
    cases3.ca21, cases3.ca22, cases3.ca23, cases3.ca24, cases3.ca25,
    cases3.ca26, cases3.ca27, cases3.ca28, cases3.ca29, cases3.ca30,
]

MAX_CASE_BYTES = 1000 * 1000
MAX_SET_BYTES = 10 * 1000 * 1000
KEY_ORDER = ("category", "layer", "culprit", "action", "rationale", "modelled_on")


def fail(msg):
    sys.stderr.write("build.py: error: %s\n" % msg)
    sys.exit(1)


def node_dirs(files):
    """Directories that hold node files: first path component, or second under attempt_N/."""
    out = set()
    for p in files:
        parts = p.split("/")
        if len(parts) >= 2 and re.fullmatch(r"attempt_\d+", parts[0]):
            if len(parts) >= 3:
                out.add(parts[1])
        elif len(parts) >= 2:
            out.add(parts[0])
    return out


def validate(name, label, files, idx):
    if not re.fullmatch(r"%s%02d_[a-z0-9_]+" % (PREFIX, idx), name):
        fail("%s: case name must be '%s%02d_<symptom>' in lower snake case" % (name, PREFIX, idx))
    if set(label) != set(KEY_ORDER):
        fail("%s: label keys %s, expected %s" % (name, sorted(label), sorted(KEY_ORDER)))
    if label["category"] not in CATEGORIES:
        fail("%s: bad category %r" % (name, label["category"]))
    if label["layer"] not in LAYERS:
        fail("%s: bad layer %r" % (name, label["layer"]))
    if label["action"] not in ACTIONS:
        fail("%s: bad action %r" % (name, label["action"]))
    c = label["culprit"]
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            fail("%s: culprit must be null or {node, rank}" % name)
        if not isinstance(c["node"], str) or c["node"] not in node_dirs(files):
            fail("%s: culprit node %r has no directory in the bundle" % (name, c["node"]))
        if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
            fail("%s: culprit rank must be null or a non-negative int" % name)
    if not isinstance(label["rationale"], str) or not label["rationale"].strip():
        fail("%s: empty rationale" % name)
    if not isinstance(label["modelled_on"], str) or not label["modelled_on"].startswith("https://"):
        fail("%s: modelled_on must be an https URL" % name)
    for p in files:
        if p.startswith("/") or ".." in p.split("/") or p == "label.json":
            fail("%s: bad file path %r" % (name, p))
    if not node_dirs(files):
        fail("%s: no node directories" % name)


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        sys.stderr.write("build.py: CORPUS_OUT is not set (export CORPUS_OUT=<output dir>)\n")
        sys.exit(2)
    if not 24 <= len(CASES) <= 30:
        fail("need 24-30 cases, have %d" % len(CASES))
    built = []
    names = set()
    for i, fn in enumerate(CASES, 1):
        name, label, files = fn()
        validate(name, label, files, i)
        if name in names:
            fail("duplicate case name %s" % name)
        names.add(name)
        built.append((name, label, files))
    total = 0
    for name, label, files in built:
        root = os.path.join(out, name)
        size = 0
        for rel in sorted(files):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            data = files[rel].encode("utf-8")
            size += len(data)
            with open(path, "wb") as f:
                f.write(data)
        ordered = {k: label[k] for k in KEY_ORDER}
        data = (json.dumps(ordered, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
        size += len(data)
        with open(os.path.join(root, "label.json"), "wb") as f:
            f.write(data)
        if size > MAX_CASE_BYTES:
            fail("%s is %d bytes (> 1 MB)" % (name, size))
        total += size
    if total > MAX_SET_BYTES:
        fail("set is %d bytes (> 10 MB)" % total)
    print("wrote %d cases (%d bytes) to %s" % (len(built), total, out))


if __name__ == "__main__":
    main()
