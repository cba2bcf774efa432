#!/usr/bin/env python3
"""Build corpus set 47 (Kubernetes / cloud-managed clusters).

CORPUS_OUT=/some/dir python3 tools/build.py   (default: <set folder>/out)
Validates every label and exits non-zero on a bad one.
"""
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

from common import validate, write_case  # noqa: E402
import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    builders = cases_a.CASES + cases_b.CASES + cases_c.CASES
    cases = [b() for b in builders]
    bad = 0
    names = set()
    for c in cases:
        errs = validate(c)
        if c.name[:4] in names:
            errs.append("duplicate case number %s" % c.name[:4])
        names.add(c.name[:4])
        for e in errs:
            print("INVALID %s: %s" % (c.name, e), file=sys.stderr)
        bad += bool(errs)
    if not 24 <= len(cases) <= 30:
        print("INVALID: %d cases (need 24-30)" % len(cases), file=sys.stderr)
        bad += 1
    if bad:
        return 1
    os.makedirs(out, exist_ok=True)
    for c in cases:
        dst = os.path.join(out, c.name)
        if os.path.isdir(dst):
            shutil.rmtree(dst)
        write_case(c, out)
    print("wrote %d cases to %s" % (len(cases), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
