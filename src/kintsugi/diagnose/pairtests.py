"""nccl-tests run between pairs of nodes (``all_reduce_perf`` on two nodes at a time): the node
every slow pair shares.

Operators test a slow job's fabric pair by pair and keep the bus bandwidth of each: a table
of pairs (``pair  busbw(GB/s)`` or ``# pair  size(B)  time(us)  algbw(GB/s)  busbw(GB/s)``, a
pair written ``a,b`` or ``a  b``), or one run after another, each under ``# pair a,b`` and
ending in nccl-tests' own ``# Avg bus bandwidth : 183.5``. Where every pair well below the
others' bandwidth holds one node, and no pair at full bandwidth does, that node's links or
adapters slow every collective it joins.
"""

from __future__ import annotations

import re
import statistics

PAIR_KEYWORDS = (b"busbw", b"bus bandwidth")
"""Lower-case literals of a file of pairwise bandwidths, for the scan's prefilter."""
SLOW_SHARE = 0.7
"""A pair below this share of the median of the pairs without its node is slow."""
MIN_PAIRS = 3
"""Fewer pairs than this compare nothing."""

_HOST = r"[A-Za-z][\w.-]*\d[\w.-]*"
# "# pair dgx-b05,dgx-b11" before a run; "# Avg bus bandwidth    : 93.411" ends it
_RUN_PAIR = re.compile(rf"^#\s*pair\s+(?P<a>{_HOST})\s*[, ]\s*(?P<b>{_HOST})\s*$")
_AVG = re.compile(r"^#\s*Avg bus bandwidth\s*:\s*(?P<v>\d+(?:\.\d+)?)")
# a table's row: the pair, then its columns ("hgx-11,hgx-17   12.77   23.93")
_ROW = re.compile(rf"^\s*(?P<a>{_HOST})\s*(?:,|\s|<->|-)\s*(?P<b>{_HOST})\s+(?P<rest>\d.*)$")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def pair_bandwidths(text: str) -> list[tuple[str, str, float]]:
    """Each pair of nodes the file tested and its bus bandwidth (GB/s)."""
    out: list[tuple[str, str, float]] = []
    pair: tuple[str, str] | None = None
    column: int | None = None  # the busbw column among a table's numbers
    for line in text.splitlines():
        if (m := _RUN_PAIR.match(line)) is not None:
            pair = (m["a"], m["b"])
            continue
        if (avg := _AVG.match(line)) is not None and pair is not None:
            out.append((*pair, float(avg["v"])))
            pair = None
            continue
        low = line.lower()
        if "pair" in low and "busbw" in low:
            names = low.lstrip("# ").split()[1:]  # the columns after "pair"
            column = next((i for i, n in enumerate(names) if n.startswith("busbw")), None)
            continue
        if column is not None and (row := _ROW.match(line)) is not None:
            values = _NUMBER.findall(row["rest"])
            if column < len(values):
                out.append((row["a"], row["b"], float(values[column])))
    return out


def slow_node(pairs: list[tuple[str, str, float]]) -> tuple[str, float] | None:
    """The one node whose every pair is well below the pairs without it (a pair below
    ``SLOW_SHARE`` of their median), and how much slower its pairs are, or None. Compared
    with the pairs without it, not with all: a slow node may be in most pairs tested."""
    if len(pairs) < MIN_PAIRS:
        return None
    found = []
    for node in {n for a, b, _ in pairs for n in (a, b)}:
        mine = [v for a, b, v in pairs if node in (a, b)]
        others = [v for a, b, v in pairs if node not in (a, b)]
        if len(mine) < 2 or not others:
            continue
        base = statistics.median(others)
        if base > 0 and max(mine) < SLOW_SHARE * base:
            found.append((node, base / max(statistics.median(mine), 1e-9)))
    return found[0] if len(found) == 1 else None
