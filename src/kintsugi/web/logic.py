"""Pure decisions for the dashboard: run states, recovery latencies, chart resolution.

No I/O here: these take rows and events and return values, so they are tested on data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kintsugi.events import Event, EventKind
from kintsugi.store.rollup_sql import BUCKET_WIDTHS_S
from kintsugi.store.summaries import RunRow

# Kinds that come in bulk (a sample per rank every few seconds): never listed, only summarised.
BULK_MARKERS = ("sample", "telemetry")


def is_bulk(kind: str) -> bool:
    """Whether a kind is high-volume data rather than a fact worth listing."""
    return kind == EventKind.STEP.value or any(m in kind for m in BULK_MARKERS)


NODE_KINDS = ("node_state", "health_check")
"""Node lifecycle and health kinds the pages read, whether or not this build defines them."""


def control_kinds() -> list[str]:
    """Every kind this build knows except the bulk ones, plus the node kinds."""
    known = [k.value for k in EventKind if not is_bulk(k.value)]
    return known + [k for k in NODE_KINDS if k not in known]


ROUTINE = frozenset(
    k.value
    for k in (
        EventKind.RUN_START,
        EventKind.RUN_END,
        EventKind.ATTEMPT_START,
        EventKind.ATTEMPT_END,
        EventKind.CHECKPOINT_SAVED,
        EventKind.CHECKPOINT_LOADED,
        EventKind.RESTART_DECIDED,
        EventKind.RANK_EXIT,
    )
)
"""Kinds every node writes at every attempt: shown for the reference node only."""


def notable_kinds() -> list[str]:
    """Kinds shown on a run's timeline from every node."""
    return [k for k in control_kinds() if k not in ROUTINE]


@dataclass(frozen=True, slots=True)
class RunState:
    """What a run is doing, as a word and whether it is live."""

    label: str
    live: bool


def run_state(row: RunRow, now: float, stale_after_s: float) -> RunState:
    """A run's state: its outcome once ended, else training or restarting, else silent.

    A run whose agents stopped writing without a ``run_end`` (killed, lost) is ``silent``
    after ``stale_after_s``, so it does not look live forever.
    """
    if row.end_ts is not None and row.outcome:
        return RunState(row.outcome, False)
    if now - row.last_ts > stale_after_s:
        return RunState("silent", False)
    return RunState("training", True)


def recovery_latencies(events: Sequence[Event]) -> list[float]:
    """Seconds from an attempt's end to the next attempt's first step, per restart.

    ``events`` are one node's control events plus its first step per attempt.
    """
    ends: dict[int, float] = {}
    firsts: dict[int, float] = {}
    for e in events:
        if e.attempt is None:
            continue
        if e.kind is EventKind.ATTEMPT_END:
            ends[e.attempt] = max(ends.get(e.attempt, e.ts), e.ts)
        elif e.kind is EventKind.STEP:
            firsts[e.attempt] = min(firsts.get(e.attempt, e.ts), e.ts)
    out = []
    for a, t_end in sorted(ends.items()):
        nxt = firsts.get(a + 1)
        if nxt is not None and nxt >= t_end:
            out.append(nxt - t_end)
    return out


def bucket_width(first_ts: float, last_ts: float, max_points: int = 2000) -> int:
    """The finest bucket width that keeps a run's chart under ``max_points`` points."""
    span = max(last_ts - first_ts, 0.0)
    for w in BUCKET_WIDTHS_S:
        if span / w <= max_points:
            return w
    return BUCKET_WIDTHS_S[-1]


def histogram(values: Sequence[float], bounds: Sequence[float]) -> tuple[list[float], float]:
    """Cumulative counts per upper bound (Prometheus style, +Inf last) and the sum."""
    counts = [float(sum(1 for v in values if v <= b)) for b in bounds]
    counts.append(float(len(values)))
    return counts, float(sum(values))
