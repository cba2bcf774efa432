#!/usr/bin/env python3
"""Deterministic generator for corpus set 38 (cases ai01-ai30). Stdlib only.

Writes each case folder to $CORPUS_OUT (default: ../out relative to this file... i.e. ./out next to tools/).
"""
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import common  # noqa: E402
import cases_a, cases_b, cases_c  # noqa: E402

ALLOWED = {
    "category": {"user_code", "dependency", "oom", "numerical", "hang", "network", "storage", "gpu_hardware",
                 "gpu_memory", "nvlink", "host", "straggler", "unknown"},
    "layer": {"script", "framework", "infrastructure"},
    "action": {"stop", "restart", "restart_without_node", "run_diagnostics", "none"},
}


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    os.makedirs(out, exist_ok=True)
    names = []
    for fn in cases_a.CASES + cases_b.CASES + cases_c.CASES:
        name, files, lab = fn()
        for k in ("category", "layer", "action"):
            assert lab[k] in ALLOWED[k], (name, k, lab[k])
        assert name.startswith("ai"), name
        d = os.path.join(out, name)
        if os.path.isdir(d):
            shutil.rmtree(d)
        common.write_case(out, name, files, lab)
        names.append(name)
    assert len(names) == len(set(n[:4] for n in names)) == 30, names
    print("wrote %d cases to %s" % (len(names), out))


if __name__ == "__main__":
    main()
