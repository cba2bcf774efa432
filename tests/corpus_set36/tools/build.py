#!/usr/bin/env python3
"""Deterministic generator for corpus set 36 (prefix ag).

Writes each case to $CORPUS_OUT/<case>/ (default: ../out relative to this file's folder,
i.e. tools/../out).  Stdlib only; no wall-clock or unseeded randomness is used.
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


def _write(path, content):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if isinstance(content, (list, tuple)):
        content = "\n".join(content) + "\n"
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(content)


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    os.makedirs(out, exist_ok=True)
    names = []
    for fn in cases_a.CASES + cases_b.CASES + cases_c.CASES:
        name, files, label = fn()
        assert name.startswith("ag"), name
        for k in ("category", "layer", "action"):
            assert label[k] in ALLOWED[k], (name, k, label[k])
        cdir = os.path.join(out, name)
        if os.path.isdir(cdir):
            shutil.rmtree(cdir)
        for rel, content in sorted(files.items()):
            _write(os.path.join(cdir, rel), content)
        ordered = {k: label[k] for k in ("category", "layer", "culprit", "action", "rationale", "modelled_on")}
        _write(os.path.join(cdir, "label.json"), json.dumps(ordered, indent=2) + "\n")
        names.append(name)
    assert len(names) == len(set(names)) == 30, len(names)
    print("wrote %d cases to %s" % (len(names), out))


if __name__ == "__main__":
    main()
