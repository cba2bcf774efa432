#!/usr/bin/env python3
"""Write every corpus_set6 bundle into $CORPUS_OUT (default tests/corpus_set6/out).

Standard library only, deterministic: each case seeds random.Random("corpus_set6/<function name>").
"""

import collections
import os
import random
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_flood  # noqa: E402
import cases_address  # noqa: E402
import cases_env  # noqa: E402
import cases_storage  # noqa: E402
import cases_attempts  # noqa: E402
import cases_slow  # noqa: E402
import cases_user  # noqa: E402
import cases_subtle  # noqa: E402

MODULES = [
    cases_flood,
    cases_address,
    cases_env,
    cases_storage,
    cases_attempts,
    cases_slow,
    cases_user,
    cases_subtle,
]


def all_cases():
    out = []
    for m in MODULES:
        out.extend(m.CASES)
    return out


def main():
    default = os.path.join(os.path.dirname(HERE), "out")
    out = os.environ.get("CORPUS_OUT") or default
    os.makedirs(out, exist_ok=True)
    if os.path.abspath(out) == os.path.abspath(default):
        with open(os.path.join(out, ".gitignore"), "w") as f:
            f.write("*\n")
    for d in os.listdir(out):
        if re.match(r"^v\d\d_", d) and os.path.isdir(os.path.join(out, d)):
            shutil.rmtree(os.path.join(out, d))
    cases = all_cases()
    names = [fn.__name__ for fn in cases]
    assert len(set(names)) == len(names), "duplicate case names"
    for i, name in enumerate(names, 1):
        assert name.startswith("v%02d_" % i), (i, name)
    counts = {k: collections.Counter() for k in ("category", "layer", "action", "culprit")}
    for fn in cases:
        rng = random.Random("corpus_set6/" + fn.__name__)
        bundle = fn(rng)
        bundle.write(out, fn.__name__)
        lab = bundle.label
        for k in ("category", "layer", "action"):
            counts[k][lab[k]] += 1
        c = lab["culprit"]
        counts["culprit"][
            "null" if c is None else ("node+rank" if c.get("rank") is not None else "node")
        ] += 1
    print("wrote %d bundles to %s" % (len(cases), out))
    for k in ("category", "layer", "action", "culprit"):
        print(
            "  %-9s %s"
            % (k + ":", ", ".join("%s=%d" % (a, b) for a, b in sorted(counts[k].items())))
        )


if __name__ == "__main__":
    main()
