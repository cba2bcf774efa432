#!/usr/bin/env python3
"""Build corpus_set32: 30 generated failure bundles with expected verdicts.

Usage: CORPUS_OUT=/tmp/set32_out python3 tools/build.py
Standard library only; deterministic (fixed seeds and dates).
"""
import os
import shutil
import sys
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    out = os.path.abspath(out)
    os.makedirs(out, exist_ok=True)
    t0 = time.time()
    total = 0
    names = []
    for fn in cases_a.CASES + cases_b.CASES + cases_c.CASES:
        # build each case from scratch
        c = fn.__name__
        for d in os.listdir(out):
            if d.startswith(c + "_") and os.path.isdir(os.path.join(out, d)):
                shutil.rmtree(os.path.join(out, d))
        case = fn(out)
        total += case.bytes
        names.append(case.name)
        print(f"{case.name:<75} {case.bytes / 1024:8.1f} KiB")
    print(f"{len(names)} cases, {total / 1048576:.2f} MiB, {time.time() - t0:.1f}s -> {out}")


if __name__ == "__main__":
    main()
