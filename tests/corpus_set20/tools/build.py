#!/usr/bin/env python3
"""Build corpus_set20 bundles into $CORPUS_OUT (default ./out next to tools). Stdlib only, deterministic."""
import json
import os
import random
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402

CATS = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom", "numerical",
        "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}

CASES = [cases_a.g01, cases_a.g02, cases_a.g03, cases_b.g04, cases_b.g05, cases_b.g06, cases_b.g07, cases_b.g08,
         cases_b.g09] + [getattr(cases_c, "g%02d" % k) for k in range(10, 28)]


def node_dirs(files):
    nodes = set()
    for p in files:
        parts = p.split("/")
        nodes.add(parts[1] if parts[0].startswith("attempt_") else parts[0])
    return nodes


def validate(name, files, label):
    assert set(label) == KEYS, (name, set(label) ^ KEYS)
    assert label["category"] in CATS, name
    assert label["layer"] in LAYERS, name
    assert label["action"] in ACTIONS, name
    assert label["modelled_on"].startswith("https://"), name
    assert label["rationale"].strip(), name
    c = label["culprit"]
    if c is not None:
        assert set(c) == {"node", "rank"}, name
        assert c["node"] in node_dirs(files), (name, c["node"])
        assert c["rank"] is None or isinstance(c["rank"], int), name
    nn = node_dirs(files)
    assert 2 <= len(nn) <= 16, (name, nn)
    assert name.startswith("g") and name[1:3].isdigit(), name


def main():
    out = os.environ.get("CORPUS_OUT", os.path.join(HERE, "..", "out"))
    out = os.path.abspath(out)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    total = 0
    for fn in CASES:
        probe = fn.__name__
        rng = random.Random("corpus_set20/" + probe)
        name, files, label, topo = fn(rng)
        # reseed with the final case name so the rng is keyed by the case name
        rng = random.Random("corpus_set20/" + name)
        name, files, label, topo = fn(rng)
        validate(name, files, label)
        root = os.path.join(out, name)
        for rel, text in sorted(files.items()):
            p = os.path.join(root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            total += len(text.encode("utf-8"))
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8") as f:
            json.dump(label, f, indent=2, ensure_ascii=False)
            f.write("\n")
        if topo:
            with open(os.path.join(root, "topology.json"), "w", encoding="utf-8") as f:
                json.dump(topo, f, indent=2)
                f.write("\n")
    print("wrote %d cases, %.2f MiB to %s" % (len(CASES), total / 1048576.0, out))


if __name__ == "__main__":
    main()
