#!/usr/bin/env python3
"""Build corpus set 81 (hangs, and how operators find who is stuck).

Writes every case bundle under the directory named by $CORPUS_OUT.
Standard library only; the output is byte-for-byte deterministic.
"""
import json
import os
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402
from common import validate_label  # noqa: E402

MAX_BUNDLE = 1000000
MAX_TOTAL = 10000000


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        sys.stderr.write("build.py: CORPUS_OUT is not set (name the output directory)\n")
        return 2
    os.makedirs(out, exist_ok=True)
    builders = cases_a.CASES + cases_b.CASES + cases_c.CASES
    names = set()
    total = 0
    failed = False
    for fn in builders:
        bundle, label = fn()
        if not bundle.name.startswith("bz") or bundle.name in names:
            sys.stderr.write("bad or duplicate case name %s\n" % bundle.name)
            failed = True
            continue
        names.add(bundle.name)
        errs = validate_label(label, bundle.node_dirs())
        if errs:
            for e in errs:
                sys.stderr.write("%s: %s\n" % (bundle.name, e))
            failed = True
            continue
        bundle.add("label.json", json.dumps(label, indent=2))
        size = sum(len(t.encode("utf-8")) for t in bundle.files.values())
        if size > MAX_BUNDLE:
            sys.stderr.write("%s: bundle is %d bytes (over 1 MB)\n" % (bundle.name, size))
            failed = True
        total += size
        bundle.write(out)
    if total > MAX_TOTAL:
        sys.stderr.write("set is %d bytes (over 10 MB)\n" % total)
        failed = True
    if not 24 <= len(names) <= 30:
        sys.stderr.write("set has %d cases (need 24-30)\n" % len(names))
        failed = True
    if failed:
        return 1
    print("wrote %d cases (%d bytes) to %s" % (len(names), total, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
