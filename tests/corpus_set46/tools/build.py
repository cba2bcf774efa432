#!/usr/bin/env python3
"""Build corpus set 46: CORPUS_OUT=/some/dir python3 tools/build.py  (default: <set>/out).

Deterministic (seeded RNGs, fixed dates), stdlib only. Validates every label and exits non-zero on
a bad one, on a duplicate/badly-prefixed case name, or when the case count is outside 24..30.
"""
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from common import validate_label  # noqa: E402
import cases_hang  # noqa: E402
import cases_slow  # noqa: E402
import cases_crash  # noqa: E402

PREFIX = "aq"


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    funcs = cases_hang.CASES + cases_slow.CASES + cases_crash.CASES
    built, errors, names = [], [], set()
    for fn in funcs:
        name, bundle, lab, topo = fn()
        if not name.startswith(PREFIX) or not name[2:4].isdigit() or name in names:
            errors.append("bad or duplicate case name %r" % name)
        names.add(name)
        node_dirs = {p.split("/")[0] for p in bundle.files if "/" in p and not p.startswith("attempt_")}
        for p in bundle.files:
            if p.startswith("attempt_"):
                node_dirs.add(p.split("/")[1])
        errors += validate_label(name, lab, node_dirs)
        if topo is not None:
            for sw, nodes in topo["topology"].items():
                for n in nodes:
                    if n not in node_dirs:
                        errors.append("%s: topology node %r not in bundle" % (name, n))
        built.append((name, bundle, lab, topo))
    nums = sorted(int(n[2:4]) for n in names)
    if not 24 <= len(built) <= 30:
        errors.append("case count %d outside 24..30" % len(built))
    if len(set(nums)) != len(nums):
        errors.append("duplicate case numbers")
    if errors:
        for e in errors:
            print("LABEL ERROR:", e, file=sys.stderr)
        return 1
    if os.path.isdir(out):
        for n in os.listdir(out):
            if n.startswith(PREFIX):
                shutil.rmtree(os.path.join(out, n))
    os.makedirs(out, exist_ok=True)
    for name, bundle, lab, topo in sorted(built):
        root = os.path.join(out, name)
        bundle.write(root)
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8") as fh:
            json.dump(lab, fh, indent=2)
            fh.write("\n")
        if topo is not None:
            with open(os.path.join(root, "topology.json"), "w", encoding="utf-8") as fh:
                json.dump(topo, fh, indent=2)
                fh.write("\n")
        c = lab["culprit"]
        print("%-58s %-12s %-14s %-22s %s" % (name, lab["category"], lab["layer"], lab["action"],
                                              "-" if c is None else "%s/%s" % (c["node"], c["rank"])))
    print("wrote %d cases to %s" % (len(built), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
