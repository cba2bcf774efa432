#!/usr/bin/env python3
"""Build corpus_set86: writes every failure bundle under $CORPUS_OUT.

Standard library only and deterministic (fixed timestamps, no randomness, no clock).
Exits non-zero if CORPUS_OUT is unset or any label/bundle fails validation.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402
import cases_d  # noqa: E402

MAX_BUNDLE = 1000 * 1000
MAX_TOTAL = 10 * 1000 * 1000
NAME_RE = re.compile(r"^ce\d\d_[a-z0-9_]+$")


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        print("build.py: CORPUS_OUT is not set (directory to write the bundles into)", file=sys.stderr)
        return 2
    os.makedirs(out, exist_ok=True)
    funcs = cases_a.CASES + cases_b.CASES + cases_c.CASES + cases_d.CASES
    bundles = [f(out) for f in funcs]
    errors = []
    names = [b.name for b in bundles]
    if not 24 <= len(bundles) <= 30:
        errors.append("expected 24-30 cases, got %d" % len(bundles))
    if len(set(names)) != len(names):
        errors.append("duplicate case names")
    nums = [n[:4] for n in names]
    if len(set(nums)) != len(nums):
        errors.append("duplicate case numbers")
    for b in bundles:
        if not NAME_RE.match(b.name):
            errors.append("%s: bad case name" % b.name)
        for e in b.validate():
            errors.append("%s: %s" % (b.name, e))
    if errors:
        for e in errors:
            print("build.py: " + e, file=sys.stderr)
        return 1
    total = 0
    for b in bundles:
        size = b.write()
        if size > MAX_BUNDLE:
            errors.append("%s: bundle is %d bytes (> 1 MB)" % (b.name, size))
        total += size
    if total > MAX_TOTAL:
        errors.append("whole set is %d bytes (> 10 MB)" % total)
    if errors:
        for e in errors:
            print("build.py: " + e, file=sys.stderr)
        return 1
    print("build.py: wrote %d bundles (%d bytes) to %s" % (len(bundles), total, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
