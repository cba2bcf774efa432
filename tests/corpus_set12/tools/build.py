"""Entry point: CORPUS_OUT=/tmp/x python build.py  (default: <set folder>/out)."""
from __future__ import annotations

import importlib
import os
import re
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from common import Bundle, rng_for  # noqa: E402

MODULES = ["cases_straggler", "cases_hang", "cases_gpu", "cases_infra"]


def collect():
    fns = []
    for m in MODULES:
        mod = importlib.import_module(m)
        for name in dir(mod):
            if re.fullmatch(r"q\d\d_[a-z0-9_]+", name):
                fns.append((name, getattr(mod, name)))
    fns.sort()
    nums = [n[:3] for n, _ in fns]
    assert len(nums) == len(set(nums)), f"duplicate case numbers: {nums}"
    return fns


def main():
    default = HERE.parent / "out"
    out = Path(os.environ.get("CORPUS_OUT", str(default)))
    out.mkdir(parents=True, exist_ok=True)
    if out == default:
        (out / ".gitignore").write_text("*\n")
    for old in out.glob("q[0-9][0-9]_*"):
        if old.is_dir():
            shutil.rmtree(old)
    total = 0
    rows = []
    for name, fn in collect():
        b = Bundle(name)
        fn(b, rng_for(name))
        b.validate()
        n = b.write(out)
        total += n
        lab = b.label
        c = lab["culprit"]
        rows.append((name, lab["category"], lab["layer"], f"{c['node']}/{c['rank']}" if c else "null", lab["action"], n))
    for r in rows:
        print(f"{r[0]:<40} {r[1]:<13} {r[2]:<15} {r[3]:<28} {r[4]:<22} {r[5] / 1024:8.1f} KiB")
    print(f"{len(rows)} cases, {total / 1024 / 1024:.2f} MiB written to {out}")


if __name__ == "__main__":
    main()
