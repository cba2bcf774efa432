#!/usr/bin/env python3
"""Build corpus set 72 (Kubernetes / managed-cloud training failures).

Deterministic and stdlib-only. Writes every case under $CORPUS_OUT (default ./out) and
validates each label.json it writes; exits non-zero if any label is malformed.
"""
import json
import os
import re
import shutil
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import klib  # noqa: E402
import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

PREFIX = "bq"
NAME_RE = re.compile(r"^%s\d\d_[a-z0-9]+(_[a-z0-9]+)*$" % PREFIX)


def find_dirs(root, name):
    hits = []
    for dp, dns, _ in os.walk(root):
        for d in dns:
            if d == name:
                hits.append(os.path.join(dp, d))
    return hits


def validate(case_dir, name):
    errs = []
    if not NAME_RE.match(name):
        errs.append("bad case name %s" % name)
    p = os.path.join(case_dir, "label.json")
    if not os.path.isfile(p):
        return errs + ["%s: no label.json" % name]
    with open(p, encoding="utf-8") as f:
        lab = json.load(f)
    want = ["category", "layer", "culprit", "action", "rationale", "modelled_on"]
    if sorted(lab.keys()) != sorted(want):
        errs.append("%s: label keys %s" % (name, sorted(lab.keys())))
    if lab.get("category") not in klib.CATEGORIES:
        errs.append("%s: category %r" % (name, lab.get("category")))
    if lab.get("layer") not in klib.LAYERS:
        errs.append("%s: layer %r" % (name, lab.get("layer")))
    if lab.get("action") not in klib.ACTIONS:
        errs.append("%s: action %r" % (name, lab.get("action")))
    if not isinstance(lab.get("rationale"), str) or len(lab["rationale"]) < 20:
        errs.append("%s: rationale missing" % name)
    if not isinstance(lab.get("modelled_on"), str) or not lab["modelled_on"].startswith("https://"):
        errs.append("%s: modelled_on must be https URL" % name)
    c = lab.get("culprit")
    if c is not None:
        if not isinstance(c, dict) or sorted(c.keys()) != ["node", "rank"]:
            errs.append("%s: culprit shape %r" % (name, c))
        else:
            if not isinstance(c["node"], str) or not find_dirs(case_dir, c["node"]):
                errs.append("%s: culprit node %r has no directory" % (name, c.get("node")))
            if c["rank"] is not None and (not isinstance(c["rank"], int) or c["rank"] < 0):
                errs.append("%s: culprit rank %r" % (name, c["rank"]))
    # house conventions that must hold whatever the story
    cat, act = lab.get("category"), lab.get("action")
    if cat == "unknown" and (act != "none" or c is not None):
        errs.append("%s: unknown must be culprit null / action none" % name)
    if act == "restart_without_node" and c is None:
        errs.append("%s: restart_without_node needs a culprit node" % name)
    if lab.get("layer") == "script" and c is not None:
        errs.append("%s: script-layer labels carry no culprit" % name)
    return errs


def main():
    out = os.environ.get("CORPUS_OUT", "./out")
    out = os.path.abspath(out)
    os.makedirs(out, exist_ok=True)
    cases = cases_a.CASES + cases_b.CASES + cases_c.CASES
    names = [n for n, _ in cases]
    errs = []
    if len(set(names)) != len(names):
        errs.append("duplicate case names")
    if not 24 <= len(cases) <= 30:
        errs.append("case count %d outside 24..30" % len(cases))
    for seed, (name, fn) in enumerate(cases):
        d = os.path.join(out, name)
        if os.path.isdir(d):
            shutil.rmtree(d)
        c = klib.Case(out, name, 7200 + seed * 17)
        fn(c)
        if c.label is None:
            errs.append("%s: builder wrote no label" % name)
            continue
        errs += validate(c.root, name)
    if errs:
        for e in errs:
            print("LABEL ERROR:", e, file=sys.stderr)
        return 1
    print("wrote %d cases to %s" % (len(cases), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
