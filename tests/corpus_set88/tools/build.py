#!/usr/bin/env python3
"""Build corpus set 88 (case prefix cg) under $CORPUS_OUT.

Standard library only, deterministic. Validates every label before writing.
"""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

MAX_CASE_BYTES = 1000 * 1000
MAX_SET_BYTES = 10 * 1000 * 1000


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        sys.stderr.write("build.py: CORPUS_OUT is not set (directory to write the bundles into)\n")
        return 2
    builders = cases_a.CASES + cases_b.CASES + cases_c.CASES
    bundles = [f() for f in builders]
    errors = []
    names = set()
    total = 0
    for b in bundles:
        if b.name in names:
            errors.append("%s: duplicate case name" % b.name)
        names.add(b.name)
        if not b.name.startswith("cg") or not b.name[2:4].isdigit() or b.name[4] != "_":
            errors.append("%s: name must be cg<2 digits>_<symptom>" % b.name)
        for e in b.validate():
            errors.append("%s: %s" % (b.name, e))
        size = b.size()
        total += size
        if size > MAX_CASE_BYTES:
            errors.append("%s: bundle too large (%d bytes)" % (b.name, size))
    if not 24 <= len(bundles) <= 30:
        errors.append("set has %d cases, expected 24 to 30" % len(bundles))
    if total > MAX_SET_BYTES:
        errors.append("set too large (%d bytes)" % total)
    if errors:
        for e in errors:
            sys.stderr.write("label/bundle error: %s\n" % e)
        return 1
    os.makedirs(out, exist_ok=True)
    for b in bundles:
        b.write(out)
    sys.stdout.write("wrote %d cases (%d bytes) to %s\n" % (len(bundles), total, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
