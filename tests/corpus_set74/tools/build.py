#!/usr/bin/env python3
"""Build corpus set 74 (gloo and mixed gloo/NCCL jobs) into $CORPUS_OUT.

Standard library only and deterministic: every case gets its own fixed
random.Random seed, timestamps are literal, and files are written in sorted
order.  Labels are validated before anything is written.
"""

import json
import os
import random
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common  # noqa: E402
import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

NAME_RE = re.compile(r"^bs\d{2}_[a-z0-9_]+$")
MAX_CASE_BYTES = 1_000_000
MAX_TOTAL_BYTES = 10_000_000


def collect():
    cases = []
    for i, fn in enumerate(cases_a.CASES + cases_b.CASES + cases_c.CASES, 1):
        rng = random.Random(7400 + i)
        name, files, label = fn(rng)
        cases.append((name, files, label))
    return cases


def check(cases):
    names = set()
    total = 0
    if not 24 <= len(cases) <= 30:
        raise ValueError("need 24-30 cases, have %d" % len(cases))
    for name, files, label in cases:
        if not NAME_RE.match(name):
            raise ValueError("bad case name %r" % name)
        if name in names:
            raise ValueError("duplicate case %r" % name)
        names.add(name)
        common.validate_label(label, name)
        if label["culprit"] is not None:
            node = label["culprit"]["node"]
            if not any(p.split("/")[0] == node or ("/" + node + "/") in ("/" + p) for p in files):
                raise ValueError("%s: culprit node %s has no directory in the bundle" % (name, node))
        size = 0
        for path, text in files.items():
            if path.startswith("/") or ".." in path.split("/") or path == "label.json":
                raise ValueError("%s: bad path %r" % (name, path))
            size += len(text.encode("utf-8"))
        if size > MAX_CASE_BYTES:
            raise ValueError("%s: bundle too big (%d bytes)" % (name, size))
        total += size
    if total > MAX_TOTAL_BYTES:
        raise ValueError("set too big (%d bytes)" % total)


def write(out, cases):
    os.makedirs(out, exist_ok=True)
    for name, files, label in cases:
        root = os.path.join(out, name)
        for path in sorted(files):
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8", newline="\n") as f:
                f.write(files[path])
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            json.dump(label, f, indent=2, sort_keys=False)
            f.write("\n")


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        sys.stderr.write("build.py: CORPUS_OUT is not set; point it at an output directory\n")
        return 2
    try:
        cases = collect()
        check(cases)
    except ValueError as e:
        sys.stderr.write("build.py: invalid case: %s\n" % e)
        return 1
    write(out, cases)
    print("wrote %d cases to %s" % (len(cases), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
