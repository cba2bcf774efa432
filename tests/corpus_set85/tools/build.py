#!/usr/bin/env python3
"""Build corpus set 85 (how jobs end and who ended them) into $CORPUS_OUT.

Standard library only and deterministic: every timestamp derives from fixed
datetimes and every random choice from a random.Random with a fixed seed.
Each case becomes <CORPUS_OUT>/<case>/ with node directories, job-level files
and label.json. Labels are validated before anything is written; a bad label
makes the script exit non-zero.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
NAME_RE = re.compile(r"^cd\d\d_[a-z0-9_]+$")
MAX_CASE_BYTES = 1000 * 1000
MAX_SET_BYTES = 10 * 1000 * 1000


def fail(msg):
    sys.stderr.write("build.py: %s\n" % msg)
    sys.exit(1)


def node_dirs(files):
    """Every directory component that appears in a file path of the bundle."""
    dirs = set()
    for path in files:
        parts = path.split("/")[:-1]
        for p in parts:
            dirs.add(p)
    return dirs


def validate(name, files, label):
    if not NAME_RE.match(name):
        fail("%s: bad case name" % name)
    keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
    if set(label) != keys:
        fail("%s: label keys %s" % (name, sorted(label)))
    if label["category"] not in CATEGORIES:
        fail("%s: bad category %r" % (name, label["category"]))
    if label["layer"] not in LAYERS:
        fail("%s: bad layer %r" % (name, label["layer"]))
    if label["action"] not in ACTIONS:
        fail("%s: bad action %r" % (name, label["action"]))
    if not isinstance(label["rationale"], str) or len(label["rationale"]) < 20:
        fail("%s: rationale missing" % name)
    if not str(label["modelled_on"]).startswith("https://"):
        fail("%s: modelled_on must be an https URL" % name)
    c = label["culprit"]
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            fail("%s: culprit must be null or {node, rank}" % name)
        if not isinstance(c["node"], str) or not c["node"]:
            fail("%s: culprit node must be a hostname" % name)
        if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool)
                                      or c["rank"] < 0):
            fail("%s: culprit rank must be null or a non-negative int" % name)
        if c["node"] not in node_dirs(files):
            fail("%s: culprit node %s has no directory in the bundle" % (name, c["node"]))
    if "label.json" in files:
        fail("%s: generator must not emit label.json itself" % name)
    size = sum(len(v.encode("utf-8")) for v in files.values())
    if size > MAX_CASE_BYTES:
        fail("%s: bundle is %d bytes, over 1 MB" % (name, size))
    for p in files:
        if p.startswith("/") or ".." in p.split("/"):
            fail("%s: bad path %s" % (name, p))
    return size


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        fail("CORPUS_OUT is not set; export CORPUS_OUT=<output directory>")
    builders = cases_a.CASES + cases_b.CASES + cases_c.CASES
    built = []
    seen = set()
    total = 0
    for fn in builders:
        name, bundle, label = fn()
        total += validate(name, bundle.files, label)
        prefix = name[:4]
        if prefix in seen:
            fail("duplicate case number %s" % prefix)
        seen.add(prefix)
        built.append((name, bundle.files, label))
    if not 24 <= len(built) <= 30:
        fail("need 24 to 30 cases, have %d" % len(built))
    if total > MAX_SET_BYTES:
        fail("set is %d bytes, over 10 MB" % total)
    built.sort(key=lambda x: x[0])
    os.makedirs(out, exist_ok=True)
    for name, files, label in built:
        root = os.path.join(out, name)
        for rel in sorted(files):
            path = os.path.join(root, *rel.split("/"))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(files[rel])
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps(label, indent=2) + "\n")
    sys.stdout.write("wrote %d cases (%d bytes) to %s\n" % (len(built), total, out))


if __name__ == "__main__":
    main()
