#!/usr/bin/env python3
"""Build the set-89 blind corpus (sparse on-call bundles) into $CORPUS_OUT.

Standard library only and deterministic: every value comes from fixed
timestamps and seeded random.Random instances inside the case modules.
"""

import json
import os
import re
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
NAME_RE = re.compile(r"^ch\d\d_[a-z0-9_]+$")
MAX_EVIDENCE_FILES = 4
MAX_BUNDLE = 1000 * 1000
MAX_TOTAL = 10 * 1000 * 1000


def all_cases():
    out = []
    for mod in (cases_a, cases_b, cases_c, cases_d):
        for fn in mod.CASES:
            out.append(fn())
    return out


def node_dirs(files):
    """Directories that hold node files: top-level dirs, or attempt_N/<node>/."""
    dirs = set()
    for path in files:
        parts = path.split("/")
        if len(parts) >= 2 and not parts[0].startswith("attempt_"):
            dirs.add(parts[0])
        if len(parts) >= 3 and parts[0].startswith("attempt_"):
            dirs.add(parts[1])
    return dirs


def validate(case, seen):
    name = case["name"]
    errs = []
    if not NAME_RE.match(name):
        errs.append("bad case name")
    prefix = name[:4]
    if prefix in seen:
        errs.append("duplicate case number %s" % prefix)
    seen.add(prefix)
    lab = case["label"]
    keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
    if set(lab) != keys:
        errs.append("label keys %s" % sorted(lab))
    if lab.get("category") not in CATEGORIES:
        errs.append("category %r" % lab.get("category"))
    if lab.get("layer") not in LAYERS:
        errs.append("layer %r" % lab.get("layer"))
    if lab.get("action") not in ACTIONS:
        errs.append("action %r" % lab.get("action"))
    if not isinstance(lab.get("rationale"), str) or len(lab["rationale"]) < 20:
        errs.append("rationale missing")
    if not isinstance(lab.get("modelled_on"), str) or not lab["modelled_on"].startswith("https://"):
        errs.append("modelled_on must be an https URL")
    cul = lab.get("culprit")
    if cul is not None:
        if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
            errs.append("culprit must be null or {node, rank}")
        else:
            if not isinstance(cul["node"], str) or not cul["node"]:
                errs.append("culprit node")
            elif cul["node"] not in node_dirs(case["files"]):
                errs.append("culprit node %s has no directory in the bundle" % cul["node"])
            if cul["rank"] is not None and (not isinstance(cul["rank"], int) or isinstance(cul["rank"], bool) or cul["rank"] < 0):
                errs.append("culprit rank")
    n = len(case["files"])
    if n < 1 or n > MAX_EVIDENCE_FILES:
        errs.append("%d evidence files (want 1-%d)" % (n, MAX_EVIDENCE_FILES))
    for path in case["files"]:
        if path.startswith("/") or ".." in path.split("/") or path == "label.json":
            errs.append("bad path %s" % path)
    size = sum(len(v.encode("utf-8")) for v in case["files"].values())
    if size > MAX_BUNDLE:
        errs.append("bundle %d bytes > 1 MB" % size)
    return errs, size


def main():
    out_root = os.environ.get("CORPUS_OUT")
    if not out_root:
        sys.stderr.write("build.py: CORPUS_OUT is not set (directory to write the bundles into)\n")
        return 2
    cases = all_cases()
    if not 24 <= len(cases) <= 30:
        sys.stderr.write("build.py: %d cases, need 24-30\n" % len(cases))
        return 1
    seen = set()
    total = 0
    bad = False
    for c in cases:
        errs, size = validate(c, seen)
        total += size
        for e in errs:
            bad = True
            sys.stderr.write("build.py: %s: %s\n" % (c["name"], e))
    if total > MAX_TOTAL:
        bad = True
        sys.stderr.write("build.py: corpus %d bytes > 10 MB\n" % total)
    if bad:
        return 1
    os.makedirs(out_root, exist_ok=True)
    for c in cases:
        root = os.path.join(out_root, c["name"])
        for rel, text in sorted(c["files"].items()):
            p = os.path.join(root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            json.dump(c["label"], f, indent=2, sort_keys=True)
            f.write("\n")
    print("wrote %d cases (%d bytes) to %s" % (len(cases), total, out_root))
    return 0


if __name__ == "__main__":
    sys.exit(main())
