#!/usr/bin/env python3
"""Build every corpus_set11 case.

    CORPUS_OUT=/tmp/x python tests/corpus_set11/tools/build.py

Writes pNN_* bundles into $CORPUS_OUT (default: <set folder>/out, which also
gets a .gitignore containing '*'). Old pNN_* dirs there are deleted first.
Standard library only; deterministic (each case seeds
random.Random("corpus_set11/<function name>")).
"""
from __future__ import annotations

import importlib
import inspect
import os
import random
import re
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SET_DIR = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import common  # noqa: E402

MODULES = ["cases_a", "cases_b", "cases_c", "cases_d"]
CASE_RE = re.compile(r"^p(\d\d)_[a-z0-9_]+$")


def collect():
    fns = []
    for m in MODULES:
        mod = importlib.import_module(m)
        for name, fn in inspect.getmembers(mod, inspect.isfunction):
            if CASE_RE.match(name) and fn.__module__ == mod.__name__:
                fns.append((name, fn))
    fns.sort()
    nums = [int(CASE_RE.match(n).group(1)) for n, _ in fns]
    if nums != list(range(1, len(nums) + 1)):
        raise SystemExit(f"case numbering is not contiguous: {nums}")
    return fns


def main():
    env_out = os.environ.get("CORPUS_OUT")
    out = env_out or os.path.join(SET_DIR, "out")
    os.makedirs(out, exist_ok=True)
    if not env_out:
        with open(os.path.join(out, ".gitignore"), "w") as f:
            f.write("*\n")
    for d in os.listdir(out):
        if re.match(r"^p\d\d_", d) and os.path.isdir(os.path.join(out, d)):
            shutil.rmtree(os.path.join(out, d))
    fns = collect()
    t0 = time.time()
    total = 0
    dist = {}
    for name, fn in fns:
        rng = random.Random(f"{common.SET_NAME}/{name}")
        b = fn(rng)
        b.name = name
        b.validate()
        b.write(out)
        size = sum(len(v) for v in b.files.values())
        total += size
        lab = b.label
        key = (lab["category"], lab["layer"], lab["action"])
        dist[key] = dist.get(key, 0) + 1
        cul = "null" if lab["culprit"] is None else f"{lab['culprit']['node']}/{lab['culprit']['rank']}"
        print(f"{name:<44} {lab['category']:<13} {lab['layer']:<15} {cul:<34} {lab['action']:<21} {size / 1024:7.1f} KiB")
    print(f"\n{len(fns)} cases, {total / 1024 / 1024:.2f} MiB, {time.time() - t0:.1f}s -> {out}")


if __name__ == "__main__":
    main()
