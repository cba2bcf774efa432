#!/usr/bin/env python3
"""Build corpus_set33: 24 generated failure bundles (sparse, ticket-style).

Usage:  CORPUS_OUT=/tmp/set33_out python3 tools/build.py
Standard library only; deterministic (fixed seeds and dates).  Default output: ./out next to tools/.
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

CASES = [cases_a.ad01, cases_a.ad02, cases_a.ad03, cases_a.ad04, cases_a.ad05, cases_a.ad06, cases_a.ad07, cases_a.ad08,
         cases_b.ad09, cases_b.ad10, cases_b.ad11, cases_b.ad12, cases_b.ad13, cases_b.ad14, cases_b.ad15, cases_b.ad16,
         cases_c.ad17, cases_c.ad18, cases_c.ad19, cases_c.ad20, cases_c.ad21, cases_c.ad22, cases_c.ad23, cases_c.ad24]

VOCAB = {
    "category": {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom", "numerical",
                 "straggler", "user_code", "dependency", "unknown"},
    "layer": {"infrastructure", "framework", "script"},
    "action": {"restart", "restart_without_node", "stop", "run_diagnostics", "none"},
}


def check(b):
    lab = b.lab
    for k, allowed in VOCAB.items():
        assert lab[k] in allowed, (b.name, k, lab[k])
    assert b.name.startswith("ad") and b.name[4] == "_", b.name
    assert lab["modelled_on"].startswith("https://"), b.name
    c = lab["culprit"]
    if c is not None:
        node = c["node"]
        tops = {p.split("/")[0] for p in b.files}
        found = node in tops or any(p.split("/")[0].startswith("attempt_") and p.split("/")[1] == node for p in b.files)
        assert found, (b.name, "culprit folder missing", node)
        assert c["rank"] is None or isinstance(c["rank"], int)


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    t = time.time()
    os.makedirs(out, exist_ok=True)
    total = 0
    for fn in CASES:
        b = fn(out)
        check(b)
        if os.path.isdir(b.dir):
            shutil.rmtree(b.dir)
        b.write()
        for dp, _, fs in os.walk(b.dir):
            for f in fs:
                total += os.path.getsize(os.path.join(dp, f))
    print("wrote %d cases to %s (%.1f KB) in %.2fs" % (len(CASES), out, total / 1024.0, time.time() - t))


if __name__ == "__main__":
    main()
