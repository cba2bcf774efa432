#!/usr/bin/env python3
"""Build corpus_set43 (prefix ``an``): hangs and slowdowns in distributed training logs.

Usage:  CORPUS_OUT=/some/dir python3 tools/build.py
Default output: <this folder>/../out
Stdlib only, deterministic (seeded random, fixed timestamps).
"""
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_straggler  # noqa: E402
import cases_jobwide  # noqa: E402
import cases_hang  # noqa: E402
import cases_clean  # noqa: E402

ALLOWED = {
    "category": {"user_code", "dependency", "oom", "numerical", "hang", "network", "storage",
                 "gpu_hardware", "gpu_memory", "nvlink", "host", "straggler", "unknown"},
    "layer": {"script", "framework", "infrastructure"},
    "action": {"stop", "restart", "restart_without_node", "run_diagnostics", "none"},
}

BUILDERS = [
    cases_straggler.an01, cases_straggler.an02, cases_straggler.an03, cases_straggler.an04,
    cases_straggler.an05, cases_straggler.an06, cases_straggler.an07,
    cases_jobwide.an08, cases_jobwide.an09, cases_jobwide.an10, cases_jobwide.an11,
    cases_hang.an12, cases_hang.an13, cases_hang.an14, cases_hang.an15, cases_hang.an16,
    cases_hang.an17, cases_hang.an18, cases_hang.an19,
    cases_clean.an20, cases_clean.an21, cases_clean.an22,
    cases_straggler.an23, cases_hang.an24,
]


def check(case):
    lab = case.label
    assert lab is not None, case.name
    for k in ("category", "layer", "action"):
        assert lab[k] in ALLOWED[k], (case.name, k, lab[k])
    assert lab["modelled_on"].startswith("http"), case.name
    cul = lab["culprit"]
    if cul is not None:
        node = cul["node"]
        tops = {p.split("/")[0] for p in case.files}
        second = {p.split("/")[1] for p in case.files if p.count("/") >= 2}
        in_text = any(node in txt for txt in case.files.values())
        assert node in tops or node in second, (case.name, "culprit node has no folder", node)
        assert in_text, (case.name, "culprit node not named in any log", node)
        if "rank" in cul:
            assert isinstance(cul["rank"], int)


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    os.makedirs(out, exist_ok=True)
    names = []
    for b in BUILDERS:
        case = b()
        check(case)
        names.append(case.name)
        cdir = os.path.join(out, case.name)
        if os.path.isdir(cdir):
            shutil.rmtree(cdir)
        for rel, text in sorted(case.files.items()):
            p = os.path.join(cdir, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8") as f:
                f.write(text)
        with open(os.path.join(cdir, "label.json"), "w", encoding="utf-8") as f:
            json.dump(case.label, f, indent=2)
            f.write("\n")
    assert len(names) == len(set(names)) == 24, names
    assert all(n.startswith("an%02d_" % (i + 1)) for i, n in enumerate(sorted(names))), names
    print("wrote %d cases to %s" % (len(names), out))


if __name__ == "__main__":
    main()
