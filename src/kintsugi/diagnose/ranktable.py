"""Per-rank timing tables that profilers and training loops print, read as one table.

A table has a rank column, perhaps the node (or host) each rank ran on, and timers in
columns: CSV with a header (``step,rank,pod,node,fwd_ms,bwd_ms,...``), whitespace-aligned
columns under a header (``rank  host  fwd_bwd  wait_in_collective``), or one line per rank
(``rank 11 (a100-03, gpu 3): fwd 468.3 bwd_inner 1187.9``). What it gives is each rank's own
compute time (forward and backward, never a wait: the straggler waits least), the median
over the table's rows for that rank, as ``compute_time`` findings with the rank's node where
the table names it. The straggler rules compare the ranks.
"""

from __future__ import annotations

import re
import statistics
from collections import defaultdict
from dataclasses import replace

from kintsugi.diagnose.findings import Finding, timing
from kintsugi.diagnose.parse_state import Context

MIN_RANKS = 4
"""Fewer ranks than this make no table to compare ranks in..."""
SERIES_ROWS = 8
"""... unless the table is one rank's own series of steps, this long at least."""
_RANK_COL = re.compile(r"(?i)^(?:global[_ ]?)?rank$")
_NODE_COLS = ("node", "nodename", "node_name", "host", "hostname", "server")
_COMBINED = re.compile(
    r"(?i)^(?:fwd[_+-]?bwd|forward[_-]?backward|compute)(?:[_-]?(?:ms|s|time))*$"
)
_PART = re.compile(r"(?i)^(?:fwd|forward|bwd|backward)(?:[_-]?inner)?(?:[_-]?(?:ms|s|time))*$")
_NOT_WORK = re.compile(r"(?i)wait|comm|allreduce|all_reduce|reduce|gather|data|optim|step|io")
# "rank 11 (a100-03, gpu 3): fwd 468.3 bwd_inner 1187.9"
_RANK_LINE = re.compile(
    r"(?i)^\s*rank\s+(?P<rank>\d+)\s*\((?P<host>[A-Za-z][\w.-]*)[^)]*\)\s*:\s*(?P<rest>.+)$"
)
_PAIR = re.compile(r"(?P<k>[A-Za-z][\w+-]*)\s*[=:]?\s+(?P<v>\d+(?:\.\d+)?)\b")
# the wait in collectives for the others ("allreduce_wait_ms", "wait_in_collective"), not for data
_WAIT = re.compile(
    r"(?i)^(?!data)\w*(?:wait\w*(?:reduce|collective|comm|gather|barrier)|(?:reduce|collective|comm|gather|barrier)\w*wait)\w*$"
)


def _work_columns(names: list[str]) -> list[int]:
    """The columns that hold a rank's own compute: a combined timer, else forward + backward
    (a backward's "inner" part over one that holds the all-reduce wait)."""
    combined = [i for i, n in enumerate(names) if _COMBINED.match(n)]
    if combined:
        return combined[:1]
    parts = [i for i, n in enumerate(names) if _PART.match(n) and not _NOT_WORK.search(n)]
    inner = [i for i in parts if "inner" in names[i].lower()]
    if inner:  # bwd_inner is the compute of a backward that includes its wait
        parts = [i for i in parts if names[i].lower().startswith(("fwd", "forward"))] + inner
    return parts


Row = tuple[float, float | None, str | None]
"""A rank's compute time, its wait in collectives (where the table has one) and its node."""


def _columns(header: list[str], rows: list[list[str]], tail: bool = False) -> dict[int, Row]:
    """Each rank's row medians; ``tail``: over the last quarter of its rows only (a series in
    time, as it ends: a node that turned slow midway is slow now)."""
    names = [h.strip().strip("\"'").lower() for h in header]
    rank_at = next((i for i, n in enumerate(names) if _RANK_COL.match(n)), None)
    work = _work_columns(names)
    if rank_at is None or not work:
        return {}
    node_at = next((names.index(c) for c in _NODE_COLS if c in names), None)
    wait_at = next((i for i, n in enumerate(names) if _WAIT.match(n)), None)
    sums: dict[int, list[float]] = defaultdict(list)
    waits: dict[int, list[float]] = defaultdict(list)
    hosts: dict[int, str] = {}
    for row in rows:
        if len(row) != len(names) or not row[rank_at].strip().isdigit():
            continue
        try:
            value = sum(float(row[i]) for i in work)
            wait = float(row[wait_at]) if wait_at is not None else None
        except ValueError:
            continue
        rank = int(row[rank_at])
        sums[rank].append(value)
        if wait is not None:
            waits[rank].append(wait)
        if node_at is not None and (host := row[node_at].strip()):
            hosts[rank] = host

    def end(vs: list[float]) -> list[float]:
        return as_it_ends(vs) if tail else vs

    return {
        r: (
            statistics.median(end(vs)),
            statistics.median(end(waits[r])) if waits[r] else None,
            hosts.get(r),
        )
        for r, vs in sums.items()
    }


def as_it_ends(series: list[float]) -> list[float]:
    """The last quarter of a series in time (one value at least): a rank that turned slow
    midway is slow now."""
    return series[-max(1, len(series) // 4) :]


def _table(text: str) -> dict[int, Row]:
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    for i, line in enumerate(lines[:50]):
        sep = "," if line.count(",") >= 2 else None
        header = line.split(sep)
        if not any(_RANK_COL.match(h.strip().strip("\"'")) for h in header):
            continue
        rows = [ln.split(sep) for ln in lines[i + 1 :]]
        found = _columns(header, rows)
        if len(found) >= MIN_RANKS:
            return found
        if len(found) == 1 and len(rows) >= SERIES_ROWS:
            # one rank's own metrics over time (metrics/rank08.csv): compared across the files
            return _columns(header, rows, tail=True)
    per_line: dict[int, Row] = {}
    for line in lines:
        m = _RANK_LINE.match(line)
        if m is None:
            continue
        pairs = {p["k"].lower(): float(p["v"]) for p in _PAIR.finditer(m["rest"])}
        work = _work_columns(list(pairs))
        if work:
            keys = list(pairs)
            wait = next((v for k, v in pairs.items() if _WAIT.match(k)), None)
            per_line[int(m["rank"])] = (sum(pairs[keys[i]] for i in work), wait, m["host"])
    return per_line if len(per_line) >= MIN_RANKS else {}


def looks_like(head: bytes) -> bool:
    """Whether a file's start may hold a per-rank timing table (a cheap test before reading)."""
    low = head[:4096].lower()
    return b"rank" in low and any(k in low for k in (b"fwd", b"bwd", b"forward", b"backward"))


MS_ABOVE = 20.0
"""A table's median timer above this is in milliseconds (no step computes for 20 s)."""


def rank_table(text: str, ctx: Context) -> list[Finding]:
    """``compute_time`` (and ``comm_wait``) findings, in seconds, for the ranks of a per-rank
    timing table in ``text``."""
    table = _table(text)
    if not table:
        return []
    scale = 1e-3 if statistics.median(v for v, _, _ in table.values()) > MS_ABOVE else 1.0
    out = []
    for rank, (value, wait, host) in sorted(table.items()):
        at = replace(ctx, node=host)
        for sig, what, secs in (
            ("compute_time", "compute time", value),
            ("comm_wait", "wait in collectives", wait),
        ):
            if secs is not None:
                text = f"{what} {secs * scale:.3f}s per step, from a table of every rank's timers"
                out.append(timing(sig, text, at, rank, secs * scale))
    return out


# Megatron-LM's timers with --timing-log-option all: every rank's time for each timer, a block
# per logging interval ("times across ranks (ms):", "  forward-compute:", "     rank 22: 1543.94")
_BLOCK = re.compile(r"^\W*times across ranks \(ms\):", re.M)
_TIMER_NAME = re.compile(r"^\W{0,4}\s*([a-z][\w-]*):\s*$")
_TIMER_RANK = re.compile(r"^\W{0,4}\s*rank\s+(\d+):\s*(\d+(?:\.\d+)?)\s*$")
_MEGATRON_WORK = frozenset({"forward-compute", "backward-compute", "forward-backward"})
_MEGATRON_WAIT = frozenset(
    {"all-grads-sync", "grads-all-reduce", "grads-reduce-scatter", "backward-params-all-reduce"}
)
MAX_BLOCK_LINES = 1 << 14
"""Lines of one block read at most (every rank of every timer)."""


def megatron_times(text: str, ctx: Context) -> list[Finding]:
    """Each rank's compute (forward plus backward) and wait in the gradient sync from
    Megatron-LM's per-rank timer blocks, as the log ends (the last quarter of the blocks)."""
    work: dict[int, list[float]] = defaultdict(list)
    wait: dict[int, list[float]] = defaultdict(list)
    lines = text.splitlines()
    for start in (i for i, line in enumerate(lines) if _BLOCK.match(line)):
        sums: dict[int, float] = defaultdict(float)
        waits: dict[int, float] = {}
        timer = None
        for line in lines[start + 1 : start + MAX_BLOCK_LINES]:
            if (named := _TIMER_NAME.match(line)) is not None:
                timer = named[1]
                continue
            row = _TIMER_RANK.match(line)
            if row is None:
                break  # the block ended
            rank, ms = int(row[1]), float(row[2]) * 1e-3
            if timer in _MEGATRON_WORK:
                sums[rank] += ms
            elif timer in _MEGATRON_WAIT:
                waits[rank] = ms
        for r, v in sums.items():
            work[r].append(v)
        for r, v in waits.items():
            wait[r].append(v)
    if len(work) < MIN_RANKS:
        return []
    out = []
    at = replace(ctx, node=None)  # every rank's, from one file: placed by the rules
    for rank, vs in sorted(work.items()):
        med = statistics.median(as_it_ends(vs))
        what = f"compute time {med:.3f}s per step, from Megatron's timers of every rank"
        out.append(timing("compute_time", what, at, rank, med))
        if wait[rank]:
            w = statistics.median(as_it_ends(wait[rank]))
            what = f"wait in collectives {w:.3f}s per step, from Megatron's timers"
            out.append(timing("comm_wait", what, at, rank, w))
    return out
