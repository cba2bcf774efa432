#!/usr/bin/env python3
"""Build corpus set 61 (environment and dependency failures).

Writes every case into $CORPUS_OUT (default tests/corpus_set61/out), then
validates each label and bundle. Exits non-zero on any problem.

Stdlib only; output is byte-for-byte reproducible.
"""

import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402
import cases_d  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
              "oom", "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
PREFIX = "bf"
NAME_RE = re.compile(r"^%s\d{2}_[a-z0-9]+(_[a-z0-9]+)+$" % PREFIX)


def all_cases():
    out = []
    for mod in (cases_a, cases_b, cases_c, cases_d):
        for fn in mod.CASES:
            out.append(fn())
    return out


def write_case(root, case):
    cdir = os.path.join(root, case["name"])
    os.makedirs(cdir)
    for rel in sorted(case["files"]):
        path = os.path.join(cdir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        data = case["files"][rel]
        if isinstance(data, list):
            data = "\n".join(data) + "\n"
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(data)
    with open(os.path.join(cdir, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(json.dumps(case["label"], indent=2, sort_keys=False) + "\n")
    if case.get("topology"):
        with open(os.path.join(cdir, "topology.json"), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps({"topology": case["topology"]}, indent=2) + "\n")


def validate(root, cases):
    errs = []
    names = [c["name"] for c in cases]
    if len(names) != len(set(names)):
        errs.append("duplicate case names")
    nums = [n[:4] for n in names]
    if len(nums) != len(set(nums)):
        errs.append("duplicate case numbers")
    if not 24 <= len(cases) <= 30:
        errs.append("case count %d outside 24..30" % len(cases))
    for c in cases:
        n = c["name"]
        if not NAME_RE.match(n):
            errs.append("%s: bad case name" % n)
        cdir = os.path.join(root, n)
        lab = json.load(open(os.path.join(cdir, "label.json"), encoding="utf-8"))
        keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
        if set(lab) != keys:
            errs.append("%s: label keys %s" % (n, sorted(lab)))
            continue
        if lab["category"] not in CATEGORIES:
            errs.append("%s: category %r" % (n, lab["category"]))
        if lab["layer"] not in LAYERS:
            errs.append("%s: layer %r" % (n, lab["layer"]))
        if lab["action"] not in ACTIONS:
            errs.append("%s: action %r" % (n, lab["action"]))
        if not isinstance(lab["rationale"], str) or len(lab["rationale"]) < 20:
            errs.append("%s: rationale too short" % n)
        if not isinstance(lab["modelled_on"], str) or not lab["modelled_on"].startswith("https://"):
            errs.append("%s: modelled_on must be https" % n)
        cul = lab["culprit"]
        if cul is not None:
            if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
                errs.append("%s: culprit shape" % n)
            else:
                node = cul["node"]
                found = os.path.isdir(os.path.join(cdir, node)) or any(
                    os.path.isdir(os.path.join(cdir, a, node))
                    for a in os.listdir(cdir) if a.startswith("attempt_"))
                if not isinstance(node, str) or not found:
                    errs.append("%s: culprit node %r is not a bundle directory" % (n, node))
                r = cul["rank"]
                if r is not None and (not isinstance(r, int) or isinstance(r, bool)):
                    errs.append("%s: culprit rank must be int or null" % n)
        topo_p = os.path.join(cdir, "topology.json")
        if os.path.exists(topo_p):
            topo = json.load(open(topo_p, encoding="utf-8"))
            if set(topo) != {"topology"} or not isinstance(topo["topology"], dict):
                errs.append("%s: topology shape" % n)
            else:
                for sw, nodes in topo["topology"].items():
                    for nd in nodes:
                        ok = os.path.isdir(os.path.join(cdir, nd)) or any(
                            os.path.isdir(os.path.join(cdir, a, nd))
                            for a in os.listdir(cdir) if a.startswith("attempt_"))
                        if not ok:
                            errs.append("%s: topology node %s missing" % (n, nd))
        # at least two node directories (top level or inside attempts)
        hosts = set()
        for e in os.listdir(cdir):
            p = os.path.join(cdir, e)
            if os.path.isdir(p):
                if e.startswith("attempt_"):
                    hosts.update(x for x in os.listdir(p) if os.path.isdir(os.path.join(p, x)))
                else:
                    hosts.add(e)
        if len(hosts) < 2:
            errs.append("%s: fewer than 2 node directories" % n)
    return errs


def main():
    repo = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
    default = os.path.join(repo, "tests", "corpus_set61", "out")
    root = os.environ.get("CORPUS_OUT") or default
    root = os.path.abspath(root)
    if os.path.exists(root):
        shutil.rmtree(root)
    os.makedirs(root)
    cases = all_cases()
    for c in cases:
        write_case(root, c)
    errs = validate(root, cases)
    if errs:
        for e in errs:
            print("ERROR:", e, file=sys.stderr)
        return 1
    print("wrote %d cases to %s" % (len(cases), root))
    return 0


if __name__ == "__main__":
    sys.exit(main())
