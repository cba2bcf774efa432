"""Small containers used by every case module."""

from __future__ import annotations

import datetime as dt


class Log:
    """Collects (time, lines) chunks and renders them in time order (stable)."""

    def __init__(self) -> None:
        self._items: list[tuple[dt.datetime, int, list[str]]] = []
        self._n = 0

    def add(self, t: dt.datetime, lines) -> None:
        if isinstance(lines, str):
            lines = [lines]
        self._items.append((t, self._n, list(lines)))
        self._n += 1

    def render(self) -> str:
        out: list[str] = []
        for _, _, lines in sorted(self._items, key=lambda x: (x[0], x[1])):
            out.extend(lines)
        return "\n".join(out) + "\n"


class Case:
    def __init__(self, name: str, label: dict, topology: dict | None = None) -> None:
        self.name = name
        self.label = label
        self.topology = topology
        self.files: dict[str, str] = {}

    def put(self, path: str, content) -> None:
        if isinstance(content, Log):
            content = content.render()
        elif isinstance(content, list):
            content = "\n".join(content) + "\n"
        if path in self.files:
            raise ValueError(f"{self.name}: duplicate file {path}")
        self.files[path] = content


def label(
    category: str, layer: str, node: str | None, rank, action: str, rationale: str, url: str
) -> dict:
    culprit = None if node is None else {"node": node, "rank": rank}
    return {
        "category": category,
        "layer": layer,
        "culprit": culprit,
        "action": action,
        "rationale": rationale,
        "modelled_on": url,
    }
