#!/usr/bin/env python3
"""Build corpus set 22 (prefix b): competing evidence and causal chains.

Usage:
    python3 tools/build.py                 # writes to tools/../out
    CORPUS_OUT=/some/dir python3 tools/build.py
    python3 tools/build.py b07 b12         # only some cases

Stdlib only; every random choice is seeded from the case name.
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

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
NAME_RE = re.compile(r"^b\d\d_[a-z0-9_]+$")
ATTEMPT_RE = re.compile(r"^attempt_\d+$")


class LabelError(Exception):
    pass


def node_sets(files):
    """Return {group: set(nodes)} where group is '' for top level or 'attempt_N'."""
    groups = {}
    for path in files:
        parts = path.split("/")
        if len(parts) < 2:
            raise LabelError("file %r is not inside a node directory" % path)
        if ATTEMPT_RE.match(parts[0]):
            if len(parts) < 3:
                raise LabelError("file %r is not inside a node directory of %s" % (path, parts[0]))
            groups.setdefault(parts[0], set()).add(parts[1])
        else:
            groups.setdefault("", set()).add(parts[0])
    return groups


def validate(b):
    if not NAME_RE.match(b.name):
        raise LabelError("bad case name %r" % b.name)
    lab = b.label
    if lab is None or set(lab) != LABEL_KEYS:
        raise LabelError("%s: label keys %r" % (b.name, sorted(lab or {})))
    if lab["category"] not in CATEGORIES:
        raise LabelError("%s: category %r" % (b.name, lab["category"]))
    if lab["layer"] not in LAYERS:
        raise LabelError("%s: layer %r" % (b.name, lab["layer"]))
    if lab["action"] not in ACTIONS:
        raise LabelError("%s: action %r" % (b.name, lab["action"]))
    if not isinstance(lab["rationale"], str) or len(lab["rationale"]) < 20:
        raise LabelError("%s: rationale too short" % b.name)
    if not isinstance(lab["modelled_on"], str) or not lab["modelled_on"].startswith("https://"):
        raise LabelError("%s: modelled_on must be an https URL" % b.name)
    for path, text in b.files.items():
        if path.startswith("/") or ".." in path.split("/") or "\\" in path:
            raise LabelError("%s: bad path %r" % (b.name, path))
        if not text.strip():
            raise LabelError("%s: empty file %r" % (b.name, path))
        if path.split("/")[0] in ("label.json", "topology.json"):
            raise LabelError("%s: reserved name %r" % (b.name, path))
    groups = node_sets(b.files)
    if "" in groups and any(g for g in groups if g):
        raise LabelError("%s: mixes top-level node dirs and attempt dirs" % b.name)
    all_nodes = set()
    for g, nodes in groups.items():
        if not 2 <= len(nodes) <= 16:
            raise LabelError("%s: %s has %d nodes" % (b.name, g or "bundle", len(nodes)))
        all_nodes |= nodes
    c = lab["culprit"]
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            raise LabelError("%s: culprit must be null or {node, rank}" % b.name)
        if c["node"] not in all_nodes:
            raise LabelError("%s: culprit node %r is not a node folder" % (b.name, c["node"]))
        if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
            raise LabelError("%s: culprit rank %r" % (b.name, c["rank"]))
    if lab["action"] == "restart_without_node" and c is None:
        raise LabelError("%s: restart_without_node needs a culprit node" % b.name)
    if b.topology is not None:
        for sw, nodes in b.topology.items():
            for n in nodes:
                if n not in all_nodes:
                    raise LabelError("%s: topology node %r unknown" % (b.name, n))


def write(b, out):
    root = os.path.join(out, b.name)
    if os.path.isdir(root):
        shutil.rmtree(root)
    os.makedirs(root)
    for path in sorted(b.files):
        full = os.path.join(root, *path.split("/"))
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8", newline="\n") as f:
            f.write(b.files[path])
    with open(os.path.join(root, "label.json"), "w", encoding="utf-8") as f:
        json.dump(b.label, f, indent=2)
        f.write("\n")
    if b.topology is not None:
        with open(os.path.join(root, "topology.json"), "w", encoding="utf-8") as f:
            json.dump({"topology": b.topology}, f, indent=2)
            f.write("\n")


def main(argv):
    out = os.environ.get("CORPUS_OUT") or os.path.join(HERE, "..", "out")
    out = os.path.abspath(out)
    wanted = set(argv[1:])
    builders = cases_a.CASES + cases_b.CASES + cases_c.CASES
    names = []
    os.makedirs(out, exist_ok=True)
    for fn in builders:
        if wanted and fn.__name__ not in wanted:
            continue
        b = fn()
        validate(b)
        write(b, out)
        names.append(b.name)
    seen_prefix = [n[:3] for n in names]
    if len(set(seen_prefix)) != len(seen_prefix):
        raise LabelError("duplicate case numbers")
    print("wrote %d bundles to %s" % (len(names), out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
