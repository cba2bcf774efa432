#!/usr/bin/env python3
"""Build corpus set 79 (prefix bx) into $CORPUS_OUT.

Standard library only, deterministic: every case uses its own random.Random(seed)
and fixed datetimes; nothing reads the clock.  Each case is validated before
anything is written; an invalid label aborts the build with a non-zero exit.
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import ACTIONS, CATEGORIES, LAYERS  # noqa: E402
import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

NAME_RE = re.compile(r"^bx\d\d_[a-z0-9]+(_[a-z0-9]+)*$")
MAX_CASE_BYTES = 1000 * 1000
MAX_TOTAL_BYTES = 10 * 1000 * 1000


def fail(msg):
    sys.stderr.write("build.py: %s\n" % msg)
    sys.exit(1)


def validate(case):
    name = case["name"]
    if not NAME_RE.match(name):
        fail("bad case name %r" % name)
    lab = case["label"]
    keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
    if set(lab) != keys:
        fail("%s: label keys %s" % (name, sorted(lab)))
    if lab["category"] not in CATEGORIES:
        fail("%s: bad category %r" % (name, lab["category"]))
    if lab["layer"] not in LAYERS:
        fail("%s: bad layer %r" % (name, lab["layer"]))
    if lab["action"] not in ACTIONS:
        fail("%s: bad action %r" % (name, lab["action"]))
    c = lab["culprit"]
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            fail("%s: culprit must be null or {node, rank}" % name)
        if not isinstance(c["node"], str) or not c["node"]:
            fail("%s: culprit node must be a hostname" % name)
        if c["rank"] is not None and (not isinstance(c["rank"], int) or c["rank"] < 0):
            fail("%s: culprit rank must be a non-negative int or null" % name)
        dirs = set()
        for p in case["files"]:
            parts = p.split("/")
            if parts[0].startswith("attempt_") and len(parts) > 2:
                dirs.add(parts[1])
            elif len(parts) > 1:
                dirs.add(parts[0])
        if c["node"] not in dirs:
            fail("%s: culprit node %s has no directory in the bundle" % (name, c["node"]))
    if not isinstance(lab["rationale"], str) or len(lab["rationale"]) < 40:
        fail("%s: rationale missing" % name)
    if not str(lab["modelled_on"]).startswith("https://"):
        fail("%s: modelled_on must be an https URL" % name)
    size = 0
    for p, txt in case["files"].items():
        if p.startswith("/") or ".." in p.split("/") or p == "label.json":
            fail("%s: bad path %r" % (name, p))
        size += len(txt.encode("utf-8"))
    if size > MAX_CASE_BYTES:
        fail("%s: bundle too large (%d bytes)" % (name, size))
    return size


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        fail("CORPUS_OUT is not set; set it to the output directory")
    cases = cases_a.CASES() + cases_b.CASES() + cases_c.CASES()
    if not 24 <= len(cases) <= 30:
        fail("expected 24..30 cases, got %d" % len(cases))
    names = [c["name"] for c in cases]
    nums = [n[:4] for n in names]
    if len(set(names)) != len(names) or len(set(nums)) != len(nums):
        fail("duplicate case names or numbers")
    total = sum(validate(c) for c in cases)
    if total > MAX_TOTAL_BYTES:
        fail("set too large (%d bytes)" % total)
    os.makedirs(out, exist_ok=True)
    for c in sorted(cases, key=lambda c: c["name"]):
        root = os.path.join(out, c["name"])
        for rel, txt in sorted(c["files"].items()):
            path = os.path.join(root, *rel.split("/"))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(txt)
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            json.dump(c["label"], f, indent=2, sort_keys=False)
            f.write("\n")
    print("wrote %d cases (%d bytes) to %s" % (len(cases), total, out))


if __name__ == "__main__":
    main()
