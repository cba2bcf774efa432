#!/usr/bin/env python3
"""Build corpus set 73 (prefix br): messy real-world log shapes.

Deterministic, stdlib only. Writes every case under $CORPUS_OUT (default ./out),
then validates every label.json it wrote; exits non-zero on any problem.
"""
import sys
sys.dont_write_bytecode = True

import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from brlib import CATEGORIES, LAYERS, ACTIONS, REGISTRY  # noqa: E402
import cases1  # noqa: E402
import cases2  # noqa: E402
import cases3  # noqa: E402

PREFIX = "br"
NAME_RE = re.compile(r"^br\d{2}_[a-z0-9_]+$")


def node_dirs(case_dir):
    """Node directories: top-level dirs, or dirs under attempt_*/ (excluding helper dirs)."""
    found = []
    for e in sorted(os.listdir(case_dir)):
        p = os.path.join(case_dir, e)
        if not os.path.isdir(p):
            continue
        if e.startswith("attempt_"):
            for e2 in sorted(os.listdir(p)):
                if os.path.isdir(os.path.join(p, e2)):
                    found.append(e2)
        else:
            found.append(e)
    return found


def validate(out, names):
    errors = []
    if not 24 <= len(names) <= 30:
        errors.append("case count %d outside 24..30" % len(names))
    if len(set(names)) != len(names):
        errors.append("duplicate case names")
    nums = [n[:4] for n in names]
    if len(set(nums)) != len(nums):
        errors.append("duplicate case numbers")
    for name in names:
        d = os.path.join(out, name)
        if not NAME_RE.match(name):
            errors.append("%s: bad case name" % name)
        lp = os.path.join(d, "label.json")
        if not os.path.isfile(lp):
            errors.append("%s: missing label.json" % name)
            continue
        try:
            with open(lp) as f:
                lab = json.load(f)
        except ValueError as e:
            errors.append("%s: label.json not JSON: %s" % (name, e))
            continue
        want = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
        if set(lab) != want:
            errors.append("%s: label keys %s" % (name, sorted(lab)))
            continue
        if lab["category"] not in CATEGORIES:
            errors.append("%s: bad category %r" % (name, lab["category"]))
        if lab["layer"] not in LAYERS:
            errors.append("%s: bad layer %r" % (name, lab["layer"]))
        if lab["action"] not in ACTIONS:
            errors.append("%s: bad action %r" % (name, lab["action"]))
        if not isinstance(lab["rationale"], str) or len(lab["rationale"]) < 20:
            errors.append("%s: rationale too short" % name)
        if not isinstance(lab["modelled_on"], str) or not lab["modelled_on"].startswith("https://"):
            errors.append("%s: modelled_on must be an https URL" % name)
        cul = lab["culprit"]
        nodes = node_dirs(d)
        if not nodes:
            errors.append("%s: no node directories" % name)
        if cul is not None:
            if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
                errors.append("%s: culprit must be {node, rank}" % name)
            else:
                if cul["node"] not in nodes:
                    errors.append("%s: culprit node %r has no directory" % (name, cul["node"]))
                if cul["rank"] is not None and (not isinstance(cul["rank"], int) or isinstance(cul["rank"], bool) or cul["rank"] < 0):
                    errors.append("%s: culprit rank must be a non-negative int or null" % name)
        # house conventions that can be checked mechanically
        if lab["action"] == "restart_without_node" and cul is None:
            errors.append("%s: restart_without_node needs a culprit node" % name)
        if lab["category"] == "unknown" and lab["action"] != "none":
            errors.append("%s: unknown category should have action none" % name)
        files = []
        for root, _, fs in os.walk(d):
            files += [os.path.join(root, f) for f in fs]
        if len(files) < 2:
            errors.append("%s: bundle has no logs" % name)
    return errors


def main():
    out = os.environ.get("CORPUS_OUT", "./out")
    os.makedirs(out, exist_ok=True)
    for mod in (cases1, cases2, cases3):
        for fn in mod.CASES:
            n0 = len(REGISTRY)
            fn(out)
            if len(REGISTRY) != n0 + 1:
                print("case function %s registered %d cases" % (fn.__name__, len(REGISTRY) - n0), file=sys.stderr)
                sys.exit(2)
    names = list(REGISTRY)
    errors = validate(out, names)
    if errors:
        for e in errors:
            print("LABEL ERROR:", e, file=sys.stderr)
        sys.exit(1)
    print("wrote %d cases to %s" % (len(names), out))


if __name__ == "__main__":
    main()
