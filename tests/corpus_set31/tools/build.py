#!/usr/bin/env python3
"""Build the corpus_set31 blind test bundles.

Usage:  CORPUS_OUT=/tmp/set31_out python3 tools/build.py [case-prefix ...]

Standard library only; deterministic (fixed seeds and dates).  Writes one
directory per case (ab01_... ab30_...) under $CORPUS_OUT (default: ./out next
to this tools/ directory).
"""
import os
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True   # keep tools/ free of __pycache__

import cases1  # noqa: E402
import cases2  # noqa: E402
import cases3  # noqa: E402

CASES = [cases1.ab01, cases1.ab02, cases1.ab03, cases1.ab04, cases1.ab05, cases1.ab06, cases1.ab07,
         cases1.ab08, cases1.ab09, cases1.ab10,
         cases2.ab11, cases2.ab12, cases2.ab13, cases2.ab14, cases2.ab15, cases2.ab16, cases2.ab17,
         cases2.ab18, cases2.ab19, cases2.ab20,
         cases3.ab21, cases3.ab22, cases3.ab23, cases3.ab24, cases3.ab25, cases3.ab26, cases3.ab27,
         cases3.ab28, cases3.ab29, cases3.ab30]


def main(argv):
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    only = [a for a in argv if not a.startswith("-")]
    os.makedirs(out, exist_ok=True)
    t0 = time.time()
    for fn in CASES:
        if only and not any(fn.__name__.startswith(o) for o in only):
            continue
        # remove a previous build of this case so stale files never linger
        for d in os.listdir(out):
            if d.startswith(fn.__name__ + "_") and os.path.isdir(os.path.join(out, d)):
                shutil.rmtree(os.path.join(out, d))
        fn(out)
    total = 0
    for root, _, files in os.walk(out):
        for f in files:
            total += os.path.getsize(os.path.join(root, f))
    print("built %s cases into %s: %.1f MB in %.1f s" % (
        len(only) if only else len(CASES), out, total / 1e6, time.time() - t0))


if __name__ == "__main__":
    main(sys.argv[1:])
