#!/usr/bin/env python3
"""Build the set26 blind corpus ("failures as they appear in the wild").

Usage: CORPUS_OUT=/tmp/c_set26 python3 tools/build.py   (default output: tools/../out)
Standard library only; deterministic (fixed datetimes, RNG seeded from the case name).
"""
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

import cases_hw      # noqa: E402
import cases_infra   # noqa: E402
import cases_app     # noqa: E402


def all_bundles():
    out = []
    for mod in (cases_hw, cases_infra, cases_app):
        for fn in mod.CASES:
            out.append(fn())
    names = [b.name for b in out]
    assert len(names) == len(set(names)), "duplicate case names"
    return sorted(out, key=lambda b: b.name)


def main():
    dest = os.environ.get("CORPUS_OUT") or os.path.join(HERE, "..", "out")
    dest = os.path.abspath(dest)
    bundles = all_bundles()
    for b in bundles:            # validate everything before writing anything
        b.validate()
    if os.path.isdir(dest):
        for entry in os.listdir(dest):
            p = os.path.join(dest, entry)
            if entry.startswith("n") and entry[1:3].isdigit() and os.path.isdir(p):
                shutil.rmtree(p)
    os.makedirs(dest, exist_ok=True)
    total = 0
    for b in bundles:
        root = os.path.join(dest, b.name)
        for rel, text in sorted(b.files.items()):
            p = os.path.join(root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            total += len(text.encode())
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(b.label, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {len(bundles)} bundles ({total/1e6:.2f} MB of logs) to {dest}")
    if "--table" in sys.argv:
        for b in bundles:
            l = b.label
            c = "null" if l["culprit"] is None else f"{l['culprit']['node']}" + ("" if l["culprit"]["rank"] is None else f" / rank {l['culprit']['rank']}")
            print(f"| {b.name} | {l['category']} | {l['layer']} | {c} | {l['action']} | {b.what} | {l['modelled_on']} |")


if __name__ == "__main__":
    main()
