#!/usr/bin/env python3
"""Build corpus set 49. CORPUS_OUT=/dir python3 tools/build.py (default <set>/out)."""
import os
import shutil
import sys
import zlib

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import Case, validate, write_case  # noqa: E402
import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = os.environ.get("CORPUS_OUT") or os.path.join(here, "out")
    all_cases = cases_a.CASES + cases_b.CASES + cases_c.CASES
    built, errors = [], []
    names = set()
    for name, fn in all_cases:
        if name in names:
            errors.append(f"duplicate case {name}")
        names.add(name)
        c = Case(name, zlib.crc32(name.encode()))
        fn(c)
        errs = validate(c)
        errors += errs
        built.append(c)
    if not 24 <= len(built) <= 30:
        errors.append(f"case count {len(built)} outside 24..30")
    if errors:
        for e in errors:
            print("LABEL ERROR:", e, file=sys.stderr)
        sys.exit(1)
    os.makedirs(out, exist_ok=True)
    for c in built:
        d = os.path.join(out, c.name)
        if os.path.isdir(d):
            shutil.rmtree(d)
        write_case(c, out)
    print(f"wrote {len(built)} cases to {out}")


if __name__ == "__main__":
    main()
