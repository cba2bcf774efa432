#!/usr/bin/env python3
"""Write every corpus_set9 case into $CORPUS_OUT (default tests/corpus_set9/out)."""

import collections
import os
import random
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_time, cases_herring, cases_split, cases_history, cases_partial, cases_scope, cases_hang, cases_mixed  # noqa: E402

MODULES = [
    cases_time,
    cases_herring,
    cases_split,
    cases_history,
    cases_partial,
    cases_scope,
    cases_hang,
    cases_mixed,
]
CATEGORIES = {
    "gpu_hardware",
    "gpu_memory",
    "nvlink",
    "network",
    "storage",
    "host",
    "hang",
    "oom",
    "numerical",
    "straggler",
    "user_code",
    "dependency",
    "unknown",
}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}


def main():
    default = os.path.join(os.path.dirname(HERE), "out")
    out = os.environ.get("CORPUS_OUT") or default
    os.makedirs(out, exist_ok=True)
    if os.path.abspath(out) == os.path.abspath(default):
        with open(os.path.join(out, ".gitignore"), "w") as f:
            f.write("*\n")
    for d in os.listdir(out):
        if d.startswith("y") and len(d) > 3 and d[1:3].isdigit() and d[3] == "_":
            shutil.rmtree(os.path.join(out, d))
    counts = {k: collections.Counter() for k in ("category", "layer", "action", "culprit")}
    n = 0
    total = 0
    for mod in MODULES:
        for fn in mod.CASES:
            rng = random.Random("corpus_set9/" + fn.__name__)
            b = fn(rng)
            assert b.name == fn.__name__, (b.name, fn.__name__)
            lab = b.label
            assert (
                lab["category"] in CATEGORIES
                and lab["layer"] in LAYERS
                and lab["action"] in ACTIONS
            ), b.name
            c = lab["culprit"]
            if c is not None:
                assert any(
                    p.split("/")[0] == c["node"]
                    or (p.startswith("attempt_") and p.split("/")[1] == c["node"])
                    for p in b.files
                ), (b.name, "culprit node has no directory")
            total += b.write(out)
            n += 1
            counts["category"][lab["category"]] += 1
            counts["layer"][lab["layer"]] += 1
            counts["action"][lab["action"]] += 1
            counts["culprit"][
                "null" if c is None else ("node+rank" if c["rank"] is not None else "node")
            ] += 1
    print("wrote %d bundles to %s (%.1f MB)" % (n, out, total / 1e6))
    for k, cnt in counts.items():
        print(
            "  %-8s " % k
            + ", ".join(
                "%s=%d" % (a, v) for a, v in sorted(cnt.items(), key=lambda x: (-x[1], x[0]))
            )
        )


if __name__ == "__main__":
    main()
