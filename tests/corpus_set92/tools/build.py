#!/usr/bin/env python3
"""Build corpus set 92 (prefix ck): one node unlike the rest versus the whole job,
and recurrence across attempts.

Usage:  CORPUS_OUT=/some/dir python3 tests/corpus_set92/tools/build.py

Writes one sub-folder per case under $CORPUS_OUT, each holding label.json and the
evidence files. Standard library only; deterministic; validates every label
before anything is written and exits non-zero on a problem.
"""
import sys

sys.dont_write_bytecode = True

import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import cases_env  # noqa: E402
import cases_storage  # noqa: E402
import cases_attempts  # noqa: E402

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
PREFIX = "ck"
MIN_CASES, MAX_CASES = 24, 30
MAX_BUNDLE = 1024 * 1024
NAME_RE = re.compile(r"^%s\d{2}_[a-z0-9_]+$" % PREFIX)
PATH_RE = re.compile(r"^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$")


def all_cases():
    out = []
    for mod in (cases_env, cases_storage, cases_attempts):
        for fn in mod.CASES:
            out.append(fn())
    return out


def node_dirs(files):
    dirs = set()
    for path in files:
        parts = path.split("/")
        if len(parts) >= 2 and not parts[0].startswith("attempt_"):
            dirs.add(parts[0])
        if len(parts) >= 3 and re.match(r"^attempt_\d+$", parts[0]):
            dirs.add(parts[1])
    return dirs


def validate(cases):
    problems = []
    if not (MIN_CASES <= len(cases) <= MAX_CASES):
        problems.append("case count %d outside %d..%d" % (len(cases), MIN_CASES, MAX_CASES))
    seen_names, seen_nums = set(), set()
    for name, files, label in cases:
        where = name
        if not NAME_RE.match(name):
            problems.append("%s: bad case name" % where)
        num = name[len(PREFIX):len(PREFIX) + 2]
        if name in seen_names or num in seen_nums:
            problems.append("%s: duplicate name or number" % where)
        seen_names.add(name)
        seen_nums.add(num)
        if not isinstance(label, dict) or set(label) != LABEL_KEYS:
            problems.append("%s: label keys %s" % (where, sorted(label) if isinstance(label, dict) else type(label)))
            continue
        if label["category"] not in CATEGORIES:
            problems.append("%s: category %r" % (where, label["category"]))
        if label["layer"] not in LAYERS:
            problems.append("%s: layer %r" % (where, label["layer"]))
        if label["action"] not in ACTIONS:
            problems.append("%s: action %r" % (where, label["action"]))
        if not isinstance(label["rationale"], str) or len(label["rationale"].strip()) < 20:
            problems.append("%s: rationale missing" % where)
        mo = label["modelled_on"]
        if not isinstance(mo, str) or not mo.startswith("https://") or " " in mo:
            problems.append("%s: modelled_on must be an https URL" % where)
        cul = label["culprit"]
        if cul is not None:
            if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
                problems.append("%s: culprit must be null or {node, rank}" % where)
            else:
                if not isinstance(cul["node"], str) or not cul["node"]:
                    problems.append("%s: culprit.node must be a hostname" % where)
                elif cul["node"] not in node_dirs(files):
                    problems.append("%s: culprit node %s has no directory in the bundle" % (where, cul["node"]))
                if cul["rank"] is not None and (not isinstance(cul["rank"], int) or isinstance(cul["rank"], bool)
                                                or cul["rank"] < 0):
                    problems.append("%s: culprit.rank must be null or a non-negative int" % where)
        if label["action"] == "restart_without_node" and cul is None:
            problems.append("%s: restart_without_node needs a culprit node" % where)
        size = 0
        for path, text in files.items():
            if path == "label.json" or not PATH_RE.match(path) or ".." in path.split("/"):
                problems.append("%s: bad evidence path %r" % (where, path))
            if not isinstance(text, str):
                problems.append("%s: %s is not text" % (where, path))
                continue
            size += len(text.encode("utf-8"))
        size += len(json.dumps(label, indent=2).encode("utf-8"))
        if size >= MAX_BUNDLE:
            problems.append("%s: bundle is %d bytes (limit %d)" % (where, size, MAX_BUNDLE))
        if not files:
            problems.append("%s: no evidence files" % where)
    return problems


def write(cases, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    for name, files, label in cases:
        case_dir = os.path.join(out_dir, name)
        if os.path.isdir(case_dir):
            shutil.rmtree(case_dir)
        os.makedirs(case_dir)
        for path in sorted(files):
            full = os.path.join(case_dir, *path.split("/"))
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(files[path])
        with open(os.path.join(case_dir, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps(label, indent=2) + "\n")


def main():
    out_dir = os.environ.get("CORPUS_OUT")
    if not out_dir:
        sys.stderr.write("build.py: set CORPUS_OUT to the folder the bundles should be written to\n")
        return 2
    cases = all_cases()
    problems = validate(cases)
    if problems:
        for p in problems:
            sys.stderr.write("invalid: %s\n" % p)
        return 1
    write(cases, out_dir)
    print("wrote %d cases to %s" % (len(cases), out_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
