"""A case under construction: files keyed by relative path, plus label and topology."""


class Case:
    def __init__(self, name):
        self.name = name
        self.files = {}
        self.label = None
        self.topology = None

    def add(self, path, text):
        if path in self.files:
            raise ValueError("%s: duplicate file %s" % (self.name, path))
        if isinstance(text, (list, tuple)):
            text = "\n".join(text) + "\n"
        self.files[path] = text

    def append(self, path, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text) + "\n"
        self.files[path] = self.files.get(path, "") + text

    def set_label(self, category, layer, node, rank, action, rationale, modelled_on):
        culprit = None if node is None else {"node": node, "rank": rank}
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def set_topology(self, topo):
        self.topology = {"topology": topo}
