"""Shared plumbing for the corpus_set34 generator."""
import json
import random

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}


class Log:
    """Collects (time, line) events and renders them in time order (stable)."""

    def __init__(self):
        self.ev = []
        self.n = 0

    def add(self, t, lines):
        if isinstance(lines, str):
            lines = [lines]
        for ln in lines:
            self.ev.append((t, self.n, ln))
            self.n += 1

    def render(self):
        return "\n".join(ln for _, _, ln in sorted(self.ev, key=lambda e: (e[0], e[1]))) + "\n"


class Case:
    def __init__(self, name, seed):
        self.name = name
        self.files = {}
        self.rng = random.Random(seed)
        self.lab = None

    def w(self, path, content):
        if isinstance(content, Log):
            content = content.render()
        elif isinstance(content, (list, tuple)):
            content = "\n".join(content) + "\n"
        assert path not in self.files, path
        self.files[path] = content

    def label(self, category, layer, node, rank, action, rationale, modelled_on):
        assert category in CATEGORIES and layer in LAYERS and action in ACTIONS
        culprit = None if node is None else {"node": node, "rank": rank}
        self.lab = {"category": category, "layer": layer, "culprit": culprit, "action": action,
                    "rationale": rationale, "modelled_on": modelled_on}

    def pid(self, lo=10000, hi=4000000):
        return self.rng.randint(lo, hi)

    def finish(self):
        assert self.lab is not None, self.name
        self.files["label.json"] = json.dumps(self.lab, indent=2) + "\n"
        if self.lab["culprit"]:
            node = self.lab["culprit"]["node"]
            assert any(p.startswith(node + "/") or ("/" + node + "/") in p for p in self.files), \
                "%s: culprit folder %s missing" % (self.name, node)
        return self
