#!/usr/bin/env python3
"""Build corpus_set40 (cases ak01-ak30).

Usage:  CORPUS_OUT=/some/dir python3 tools/build.py
Default output directory: <this folder>/../out.  Stdlib only, deterministic
(seeded random, fixed timestamps, no current time).
"""
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

ALLOWED = {
    "category": {"user_code", "dependency", "oom", "numerical", "hang", "network", "storage", "gpu_hardware",
                 "gpu_memory", "nvlink", "host", "straggler", "unknown"},
    "layer": {"script", "framework", "infrastructure"},
    "action": {"stop", "restart", "restart_without_node", "run_diagnostics", "none"},
}


def hosts_in(case):
    """Every first-level folder name, plus first-level folders under attempt_* folders."""
    hosts = set()
    for path in case.files:
        parts = path.split("/")
        if len(parts) >= 2:
            if parts[0].startswith("attempt_") and len(parts) >= 3:
                hosts.add(parts[1])
            else:
                hosts.add(parts[0])
    return hosts


def check(case):
    lab = case.label
    assert lab is not None, case.name
    assert case.name[:2] == "ak" and case.name[2:4].isdigit(), case.name
    for k in ("category", "layer", "action"):
        assert lab[k] in ALLOWED[k], (case.name, k, lab[k])
    assert lab["rationale"] and lab["modelled_on"].startswith("https://"), case.name
    cul = lab["culprit"]
    if cul is not None:
        node = cul["node"]
        text_hit = any(node in txt for txt in case.files.values())
        assert node in hosts_in(case) or text_hit, (case.name, node)
        assert node in hosts_in(case), (case.name, "culprit node must be a folder", node)
        if "rank" in cul:
            assert isinstance(cul["rank"], int)


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    builders = cases_a.CASES + cases_b.CASES + cases_c.CASES
    cases = [b() for b in builders]
    names = [c.name for c in cases]
    assert len(names) == 30 and len(set(names)) == 30, names
    assert sorted(names) == names, names
    if os.path.isdir(out):
        for n in os.listdir(out):
            if n.startswith("ak") and os.path.isdir(os.path.join(out, n)):
                shutil.rmtree(os.path.join(out, n))
    os.makedirs(out, exist_ok=True)
    for c in cases:
        check(c)
        root = os.path.join(out, c.name)
        for rel, text in sorted(c.files.items()):
            p = os.path.join(root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8") as fh:
            json.dump(c.label, fh, indent=2)
            fh.write("\n")
    print("wrote %d cases to %s" % (len(cases), out))


if __name__ == "__main__":
    main()
