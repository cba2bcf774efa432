#!/usr/bin/env python3
"""Build corpus_set8 bundles into $CORPUS_OUT (default tests/corpus_set8/out)."""

import collections
import glob
import json
import os
import random
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_cross  # noqa: E402
import cases_deepspeed  # noqa: E402
import cases_hf  # noqa: E402
import cases_megatron  # noqa: E402
import cases_nemo  # noqa: E402
import cases_orch  # noqa: E402
import cases_titan  # noqa: E402
import cases_torchrun  # noqa: E402

MODULES = [
    cases_megatron,
    cases_nemo,
    cases_deepspeed,
    cases_hf,
    cases_titan,
    cases_torchrun,
    cases_orch,
    cases_cross,
]


def main():
    default = os.path.join(os.path.dirname(HERE), "out")
    out = os.environ.get("CORPUS_OUT", default)
    os.makedirs(out, exist_ok=True)
    if os.path.abspath(out) == os.path.abspath(default):
        with open(os.path.join(out, ".gitignore"), "w") as f:
            f.write("*\n")
    for d in glob.glob(os.path.join(out, "x[0-9][0-9]_*")):
        shutil.rmtree(d)
    counts = {k: collections.Counter() for k in ("category", "layer", "action", "culprit")}
    n = 0
    names = set()
    for m in MODULES:
        for fn in m.CASES:
            name = fn.__name__
            assert name not in names, name
            names.add(name)
            rng = random.Random(f"corpus_set8/{name}")
            bundle = fn(rng)
            bundle.write(os.path.join(out, name))
            lab = bundle.label_data
            for k in ("category", "layer", "action"):
                counts[k][lab[k]] += 1
            c = lab["culprit"]
            counts["culprit"][
                "null" if c is None else ("node+rank" if c["rank"] is not None else "node")
            ] += 1
            n += 1
    print(f"wrote {n} bundles to {out}")
    for k, c in counts.items():
        print(f"  {k}: " + ", ".join(f"{a}={b}" for a, b in sorted(c.items())))


if __name__ == "__main__":
    main()
