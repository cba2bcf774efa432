#!/usr/bin/env python3
"""Build the ao corpus (corpus_set44).

Usage:  CORPUS_OUT=/some/dir python3 tools/build.py
Default output: <this folder>/out.  Stdlib only, deterministic.
"""
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_gpu  # noqa: E402

MODULES = [cases_gpu]
for _m in ("cases_sw", "cases_infra", "cases_misc"):
    try:
        MODULES.append(__import__(_m))
    except ImportError as e:
        if _m not in str(e):
            raise

ALLOWED = {
    "category": {"user_code", "dependency", "oom", "numerical", "hang", "network", "storage", "gpu_hardware",
                 "gpu_memory", "nvlink", "host", "straggler", "unknown"},
    "layer": {"script", "framework", "infrastructure"},
    "action": {"stop", "restart", "restart_without_node", "run_diagnostics", "none"},
}


def check(b):
    lab = b.label
    assert lab is not None, b.name
    for k in ("category", "layer", "action"):
        assert lab[k] in ALLOWED[k], (b.name, k, lab[k])
    assert lab["rationale"] and lab["modelled_on"].startswith("http"), b.name
    c = lab["culprit"]
    if c is not None:
        node = c["node"]
        hosts = set()
        for p, content in b.files.items():
            parts = p.split("/")
            hosts.update(parts[:-1])
            if node in content:
                hosts.add(node)
        assert node in hosts, (b.name, node)
        if "rank" in c:
            assert isinstance(c["rank"], int)


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    bundles = []
    for m in MODULES:
        for fn in m.CASES:
            bundles.append(fn())
    names = [b.name for b in bundles]
    assert len(names) == len(set(names))
    os.makedirs(out, exist_ok=True)
    for b in bundles:
        check(b)
        dst = os.path.join(out, b.name)
        if os.path.isdir(dst):
            shutil.rmtree(dst)
        b.write(out)
    print("wrote %d cases to %s" % (len(bundles), out))


if __name__ == "__main__":
    main()
