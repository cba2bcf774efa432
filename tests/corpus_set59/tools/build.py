#!/usr/bin/env python3
"""Build corpus set 59 (prefix bd): multi-node crashes buried in sympathetic floods.

Usage:  python3 tests/corpus_set59/tools/build.py        (writes $CORPUS_OUT or tests/corpus_set59/out)
Stdlib only, deterministic. Exits non-zero when a label or bundle fails validation.
"""

import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import loglib  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom", "numerical",
              "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
NAME_RE = re.compile(r"^bd\d\d_[a-z0-9]+(_[a-z0-9]+)*$")


class Case:
    def __init__(self, name, root):
        self.name = name
        self.dir = os.path.join(root, name)
        self._label = None
        self._topology = None

    def write(self, rel, content):
        if isinstance(content, (list, tuple)):
            content = "\n".join(content) + "\n"
        loglib.write(os.path.join(self.dir, rel), content)

    def label(self, category, layer, node, rank, action, rationale, modelled_on):
        culprit = None if node is None else {"node": node, "rank": rank}
        self._label = {"category": category, "layer": layer, "culprit": culprit, "action": action,
                       "rationale": rationale, "modelled_on": modelled_on}

    def topology(self, topo):
        self._topology = {"topology": topo}

    def finish(self):
        if self._label is None:
            raise SystemExit("%s: no label" % self.name)
        loglib.write(os.path.join(self.dir, "label.json"), json.dumps(self._label, indent=2) + "\n")
        if self._topology is not None:
            loglib.write(os.path.join(self.dir, "topology.json"), json.dumps(self._topology, indent=2) + "\n")


def node_dirs(case_dir):
    found = set()
    for e in sorted(os.listdir(case_dir)):
        p = os.path.join(case_dir, e)
        if not os.path.isdir(p):
            continue
        if re.match(r"^attempt_\d+$", e):
            for n in sorted(os.listdir(p)):
                if os.path.isdir(os.path.join(p, n)):
                    found.add(n)
        else:
            found.add(e)
    return found


def validate(root, names):
    problems = []
    if len(names) != len(set(names)):
        problems.append("duplicate case names")
    if not (24 <= len(names) <= 30):
        problems.append("case count %d outside 24..30" % len(names))
    for n in names:
        if not NAME_RE.match(n):
            problems.append("%s: bad case name" % n)
        d = os.path.join(root, n)
        try:
            lab = json.load(open(os.path.join(d, "label.json")))
        except Exception as e:  # noqa: BLE001
            problems.append("%s: label.json unreadable: %s" % (n, e))
            continue
        keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
        if set(lab) != keys:
            problems.append("%s: label keys %s" % (n, sorted(lab)))
            continue
        if lab["category"] not in CATEGORIES:
            problems.append("%s: category %r" % (n, lab["category"]))
        if lab["layer"] not in LAYERS:
            problems.append("%s: layer %r" % (n, lab["layer"]))
        if lab["action"] not in ACTIONS:
            problems.append("%s: action %r" % (n, lab["action"]))
        if not isinstance(lab["rationale"], str) or len(lab["rationale"]) < 20:
            problems.append("%s: rationale too short" % n)
        if not (isinstance(lab["modelled_on"], str) and lab["modelled_on"].startswith("https://")):
            problems.append("%s: modelled_on must be https" % n)
        nodes = node_dirs(d)
        if not nodes:
            problems.append("%s: no node directories" % n)
        cul = lab["culprit"]
        if cul is not None:
            if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
                problems.append("%s: culprit shape %r" % (n, cul))
            else:
                if cul["node"] not in nodes:
                    problems.append("%s: culprit node %r is not a directory" % (n, cul["node"]))
                r = cul["rank"]
                if r is not None and (not isinstance(r, int) or isinstance(r, bool) or r < 0):
                    problems.append("%s: culprit rank %r" % (n, r))
        tp = os.path.join(d, "topology.json")
        if os.path.exists(tp):
            topo = json.load(open(tp))
            if set(topo) != {"topology"} or not isinstance(topo["topology"], dict):
                problems.append("%s: topology shape" % n)
            else:
                for sw, members in topo["topology"].items():
                    for m in members:
                        if m not in nodes:
                            problems.append("%s: topology node %r missing (switch %s)" % (n, m, sw))
        # every file must be non-empty utf-8 text
        for base, _, files in os.walk(d):
            for f in files:
                p = os.path.join(base, f)
                if os.path.getsize(p) == 0:
                    problems.append("%s: empty file %s" % (n, os.path.relpath(p, d)))
    return problems


def main():
    repo = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
    out = os.environ.get("CORPUS_OUT") or os.path.join(repo, "tests", "corpus_set59", "out")
    out = os.path.abspath(out)
    if os.path.isdir(out):
        for e in os.listdir(out):
            if e.startswith("bd") and os.path.isdir(os.path.join(out, e)):
                shutil.rmtree(os.path.join(out, e))
    os.makedirs(out, exist_ok=True)

    import cases_a
    import cases_b
    import cases_c
    builders = cases_a.CASES + cases_b.CASES + cases_c.CASES
    names = []
    for name, fn in builders:
        c = Case(name, out)
        fn(c)
        c.finish()
        names.append(name)
    problems = validate(out, names)
    if problems:
        for p in problems:
            print("INVALID:", p, file=sys.stderr)
        sys.exit(1)
    print("built %d cases into %s" % (len(names), out))


if __name__ == "__main__":
    main()
