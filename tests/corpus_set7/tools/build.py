#!/usr/bin/env python3
"""Build corpus_set7: writes every case into $CORPUS_OUT (default tests/corpus_set7/out)."""

import collections
import json
import os
import random
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_gpu  # noqa: E402
import cases_nvlink  # noqa: E402
import cases_net  # noqa: E402
import cases_host  # noqa: E402
import cases_storage  # noqa: E402
import cases_hang  # noqa: E402
import cases_straggler  # noqa: E402
import cases_health  # noqa: E402

MODULES = [
    cases_gpu,
    cases_nvlink,
    cases_net,
    cases_host,
    cases_storage,
    cases_hang,
    cases_straggler,
    cases_health,
]


def all_cases():
    out = []
    for m in MODULES:
        out.extend(m.CASES)
    return sorted(out, key=lambda f: f.__name__)


def main():
    default = os.path.join(os.path.dirname(HERE), "out")
    outdir = os.environ.get("CORPUS_OUT") or default
    os.makedirs(outdir, exist_ok=True)
    if os.path.abspath(outdir) == os.path.abspath(default):
        with open(os.path.join(outdir, ".gitignore"), "w") as f:
            f.write("*\n")
    for name in sorted(os.listdir(outdir)):
        p = os.path.join(outdir, name)
        if (
            len(name) > 4
            and name[0] == "w"
            and name[1:3].isdigit()
            and name[3] == "_"
            and os.path.isdir(p)
        ):
            shutil.rmtree(p)
    cases = all_cases()
    names = [f.__name__ for f in cases]
    assert len(set(names)) == len(names), "duplicate case names"
    counts = collections.OrderedDict(
        (k, collections.Counter()) for k in ("category", "layer", "action", "culprit")
    )
    for f in cases:
        rng = random.Random("corpus_set7/" + f.__name__)
        b = f(rng)
        assert b.name == f.__name__, (b.name, f.__name__)
        label = b.write(outdir)
        for k in ("category", "layer", "action"):
            counts[k][label[k]] += 1
        c = label["culprit"]
        counts["culprit"][
            "null" if c is None else ("node+rank" if c["rank"] is not None else "node")
        ] += 1
    print("wrote %d bundles to %s" % (len(cases), outdir))
    for k, c in counts.items():
        print("  %-9s %s" % (k + ":", ", ".join("%s=%d" % kv for kv in sorted(c.items()))))


if __name__ == "__main__":
    main()
