#!/usr/bin/env python3
"""Build the corpus_set34 blind test bundles.

Usage:  CORPUS_OUT=/tmp/set34_out python3 tools/build.py
Default output directory: ./out next to this tools/ folder.
Standard library only; deterministic (fixed seeds, fixed dates).
"""
import os
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402


def all_cases():
    out = []
    for mod in (cases_a, cases_b, cases_c):
        for fn in mod.CASES:
            out.append(fn().finish())
    return out


def main():
    t0 = time.time()
    out_dir = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    out_dir = os.path.abspath(out_dir)
    cases = all_cases()
    names = [c.name for c in cases]
    assert len(names) == len(set(names)), "duplicate case names"
    os.makedirs(out_dir, exist_ok=True)
    total = 0
    for c in cases:
        cdir = os.path.join(out_dir, c.name)
        if os.path.isdir(cdir):
            shutil.rmtree(cdir)
        for rel, content in sorted(c.files.items()):
            p = os.path.join(cdir, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as f:
                f.write(content)
            total += len(content.encode("utf-8"))
    print("wrote %d cases, %.2f MB, to %s in %.2fs" % (len(cases), total / 1e6, out_dir, time.time() - t0))


if __name__ == "__main__":
    main()
