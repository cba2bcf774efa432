#!/usr/bin/env python3
"""Build corpus set 67 (slowdowns, stragglers and hangs in plain logs).

Writes every case into $CORPUS_OUT (default tests/corpus_set67/out), then
validates each label. Exits non-zero on any problem. Stdlib only and
deterministic: running it twice gives byte-identical trees.
"""

import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

PREFIX = "bl"
CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
              "oom", "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
NAME_RE = re.compile(r"^%s\d{2}_[a-z0-9]+(?:_[a-z0-9]+)*$" % PREFIX)


def all_cases():
    out = []
    for mod in (cases_a, cases_b, cases_c):
        out.extend(mod.build_all())
    return out


def validate(case, root):
    errs = []
    name = case.name
    if not NAME_RE.match(name):
        errs.append("bad case name")
    lab = case.label
    if lab is None:
        return errs + ["no label"]
    if set(lab) != LABEL_KEYS:
        errs.append("label keys %s" % sorted(lab))
    if lab.get("category") not in CATEGORIES:
        errs.append("category %r" % lab.get("category"))
    if lab.get("layer") not in LAYERS:
        errs.append("layer %r" % lab.get("layer"))
    if lab.get("action") not in ACTIONS:
        errs.append("action %r" % lab.get("action"))
    if not isinstance(lab.get("rationale"), str) or len(lab["rationale"]) < 20:
        errs.append("rationale missing")
    mo = lab.get("modelled_on")
    if not isinstance(mo, str) or not mo.startswith("https://"):
        errs.append("modelled_on %r" % mo)
    cul = lab.get("culprit")
    if cul is not None:
        if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
            errs.append("culprit shape %r" % cul)
        else:
            node = cul["node"]
            if not isinstance(node, str) or not os.path.isdir(os.path.join(root, node)):
                # a node may also live only under attempt_N/
                found = any(os.path.isdir(os.path.join(root, d, node))
                            for d in os.listdir(root) if d.startswith("attempt_"))
                if not found:
                    errs.append("culprit node %r is not a directory in the bundle" % node)
            r = cul["rank"]
            if r is not None and (not isinstance(r, int) or isinstance(r, bool)):
                errs.append("culprit rank %r" % r)
    if case.topology is not None:
        topo = case.topology.get("topology")
        if not isinstance(topo, dict):
            errs.append("topology shape")
        else:
            for sw, nodes in topo.items():
                for n in nodes:
                    if not os.path.isdir(os.path.join(root, n)):
                        errs.append("topology node %s missing" % n)
    return errs


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    cases = all_cases()
    problems = []
    names = set()
    for c in cases:
        if c.name in names:
            problems.append("%s: duplicate case name" % c.name)
        names.add(c.name)
        root = os.path.join(out, c.name)
        os.makedirs(root)
        for rel in sorted(c.files):
            p = os.path.join(root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as f:
                f.write(c.files[rel])
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            json.dump(c.label, f, indent=2, sort_keys=True)
            f.write("\n")
        if c.topology is not None:
            with open(os.path.join(root, "topology.json"), "w", encoding="utf-8", newline="\n") as f:
                json.dump(c.topology, f, indent=2, sort_keys=True)
                f.write("\n")
        for e in validate(c, root):
            problems.append("%s: %s" % (c.name, e))
    if not (24 <= len(cases) <= 30):
        problems.append("case count %d outside 24..30" % len(cases))
    if problems:
        for p in problems:
            print("ERROR", p, file=sys.stderr)
        sys.exit(1)
    print("wrote %d cases to %s" % (len(cases), out))


if __name__ == "__main__":
    main()
