"""What each page shows, assembled from the store's summaries (the I/O edge of the web room).

The badput accounting is the report's own (:func:`kintsugi.report.accounting.build_report`),
fed with the few events it reads: the reference node's control events, each attempt's first
step, the run's diagnoses, and the failures of other nodes around a peer restart. That stream
gives the same report as the full one, without reading the run's step events.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kintsugi.diagnose.history import Lemon, find_lemons, fleet_from_events
from kintsugi.events import Event, EventKind
from kintsugi.report.accounting import Report, build_report
from kintsugi.store.summaries import RunRow, Scope, StepPoint, StoredEvent, Summaries
from kintsugi.web.logic import (
    RunState,
    bucket_width,
    control_kinds,
    notable_kinds,
    recovery_latencies,
    run_state,
)

TIMELINE_ROWS = 300
"""Timeline rows shown on a run page (the newest)."""

RAW_POINTS = 1500
"""Runs with at most this many rank-0 step samples chart each sample, not buckets."""

PEER_WINDOW_S = 30.0
"""How far around a peer restart the accounting looks for the failing node (as it does)."""


def _typed(events: list[StoredEvent]) -> list[Event]:
    return [t for t in (e.to_event() for e in events) if t is not None]


def accounting_events(s: Summaries, run_id: str) -> tuple[list[Event], str | None]:
    """The events ``build_report`` needs for a run, and the reference node."""
    return accounting_streams(s, [run_id])[run_id]


def accounting_streams(
    s: Summaries, run_ids: Sequence[str]
) -> dict[str, tuple[list[Event], str | None]]:
    """``accounting_events`` of many runs in a handful of queries, whatever their number:
    the reference nodes, their control events, first steps, every diagnosis, and the failures
    of other nodes around each peer restart, each one query for all the runs."""
    refs: dict[str, str | None] = dict(s.reference_nodes(run_ids))
    for run_id in run_ids:
        if run_id not in refs:
            refs[run_id] = _fallback_reference(s, run_id)
    scopes = [Scope(r, n) for r, n in refs.items() if n is not None]
    mine = s.events_where(control_kinds(), scopes)
    extra = s.first_steps_of([(sc.run_id, sc.node or "") for sc in scopes])
    extra += s.events_where([EventKind.DIAGNOSIS.value], [Scope(r) for r in run_ids])
    windows = [
        Scope(e.run_id, since=e.ts - PEER_WINDOW_S, until=e.ts + PEER_WINDOW_S)
        for e in mine
        if e.kind == EventKind.ATTEMPT_END.value and e.data.get("outcome") == "peer"
    ]
    extra += s.events_where([EventKind.RANK_EXIT.value, EventKind.DIAGNOSIS.value], windows)
    per_run: dict[str, dict[str, StoredEvent]] = {r: {} for r in run_ids}
    for e in mine:
        per_run[e.run_id][e.eid] = e
    for e in extra:
        if e.run_id in per_run and refs.get(e.run_id) is not None:
            per_run[e.run_id][e.eid] = e
    return {
        r: (_typed(sorted(per_run[r].values(), key=lambda e: e.ts)), refs[r])
        if refs[r] is not None
        else ([], None)
        for r in run_ids
    }


def _fallback_reference(s: Summaries, run_id: str) -> str | None:
    """A run whose rank 0 never stepped: the node that ran rank 0, else its first node."""
    starts = s.events([EventKind.ATTEMPT_START.value], run_id=run_id, limit=1000)
    ref = next((e.node for e in starts if 0 in (e.data.get("ranks") or [])), None)
    if ref is None:
        nodes = sorted(s.run_nodes(run_id), key=lambda n: n[1])
        ref = nodes[0][0] if nodes else None
    return ref


_NODE_KINDS = ("node_state", "health_check", EventKind.DIAGNOSIS.value)


@dataclass(slots=True)
class NodeFacts:
    """What the nodes pages need beyond the rollups: states, health, failure history."""

    states: dict[str, StoredEvent]
    health: dict[str, StoredEvent]
    failures: dict[str, int]
    categories: dict[str, dict[str, int]]
    runs: dict[str, int]


class ReportCache:
    """Reports per run, recomputed only when the run's rollup row changed; node facts,
    recomputed only when a node state, health result, diagnosis or (run, node) pair arrives."""

    def __init__(self, size: int = 512) -> None:
        self._lock = threading.Lock()
        self._items: OrderedDict[str, tuple[tuple[float, int], RunReport]] = OrderedDict()
        self._size = size
        self._nodes: tuple[tuple[Any, ...], NodeFacts] | None = None

    def node_facts(self, s: Summaries) -> NodeFacts:
        version = s.version(_NODE_KINDS)
        with self._lock:
            if self._nodes is not None and self._nodes[0] == version:
                return self._nodes[1]
        facts = _node_facts(s)
        with self._lock:
            self._nodes = (version, facts)
        return facts

    def get(self, s: Summaries, row: RunRow) -> RunReport:
        return self.get_many(s, [row])[0]

    def get_many(self, s: Summaries, rows: Sequence[RunRow]) -> list[RunReport]:
        """Each row's report; those not cached (or changed since) accounted in one batch."""
        got: dict[str, RunReport] = {}
        with self._lock:
            for row in rows:
                hit = self._items.get(row.run_id)
                if hit is not None and hit[0] == (row.last_ts, row.n_events):
                    self._items.move_to_end(row.run_id)
                    got[row.run_id] = hit[1]
        missing = [row for row in rows if row.run_id not in got]
        fresh = run_reports(s, missing)
        with self._lock:
            for row in missing:
                got[row.run_id] = fresh[row.run_id]
                self._items[row.run_id] = ((row.last_ts, row.n_events), fresh[row.run_id])
                self._items.move_to_end(row.run_id)
            while len(self._items) > self._size:
                self._items.popitem(last=False)
        return [got[row.run_id] for row in rows]


@dataclass(slots=True)
class RunReport:
    """The accounting of a run plus what the dashboard adds to it."""

    report: Report
    reference_node: str | None
    recovery_s: list[float]
    last_diagnosis: StoredEvent | None


def run_reports(s: Summaries, rows: Sequence[RunRow]) -> dict[str, RunReport]:
    """The accounting of many runs, their events read in a handful of queries."""
    from kintsugi.report.compare import attach_comparison

    if not rows:
        return {}
    ids = [row.run_id for row in rows]
    streams = accounting_streams(s, ids)
    nodes = s.nodes_of_runs(ids)
    last = {e.eid: e for e in s.by_eid(row.last_diag_eid for row in rows if row.last_diag_eid)}
    out: dict[str, RunReport] = {}
    for row in rows:
        events, ref = streams[row.run_id]
        rep = build_report(events)
        rep.run_id = row.run_id
        rep.nodes = nodes.get(row.run_id, [])
        attach_comparison(rep)
        diag = last.get(row.last_diag_eid) if row.last_diag_eid else None
        out[row.run_id] = RunReport(rep, ref, recovery_latencies(events), diag)
    return out


@dataclass(slots=True)
class RunLine:
    """One line of the runs table."""

    row: RunRow
    state: RunState
    run: RunReport


def runs_overview(
    s: Summaries, cache: ReportCache, now: float, stale_after_s: float, limit: int = 50
) -> list[RunLine]:
    rows = s.runs(limit=limit)
    return [
        RunLine(row, run_state(row, now, stale_after_s), rep)
        for row, rep in zip(rows, cache.get_many(s, rows), strict=True)
    ]


@dataclass(slots=True)
class RunPage:
    """Everything on ``/runs/RUN_ID``."""

    line: RunLine
    timeline: list[StoredEvent]
    checkpoints: list[StoredEvent]
    series: list[StepPoint]
    width_s: int
    nodes: list[tuple[str, float, float, int]]


def run_page(
    s: Summaries, cache: ReportCache, run_id: str, now: float, stale_after_s: float
) -> RunPage | None:
    row = s.run(run_id)
    if row is None:
        return None
    line = RunLine(row, run_state(row, now, stale_after_s), cache.get(s, row))
    ref = line.run.reference_node
    timeline = s.events(notable_kinds(), run_id=run_id, limit=TIMELINE_ROWS, newest_first=True)
    if ref is not None:
        timeline += s.events(
            control_kinds(), run_id=run_id, node=ref, limit=TIMELINE_ROWS, newest_first=True
        )
    # The newest TIMELINE_ROWS, oldest first: a page, not an archive (`kintsugi events` is).
    unique = sorted({e.eid: e for e in timeline}.values(), key=lambda e: e.ts)[-TIMELINE_ROWS:]
    ckpts = (
        s.events(
            [EventKind.CHECKPOINT_SAVED.value], run_id=run_id, node=ref, limit=50, newest_first=True
        )
        if ref is not None
        else []
    )
    width = bucket_width(row.first_ts, row.last_ts)
    series = s.step_series(run_id, width)
    if ref is not None and sum(p.n for p in series) <= RAW_POINTS:
        # A short run: every sample, read through the run/node/kind index (bounded).
        raw = s.events([EventKind.STEP.value], run_id=run_id, node=ref, rank=0, limit=RAW_POINTS)
        series, width = [_point(e) for e in raw], 0
    return RunPage(
        line=line,
        timeline=unique,
        checkpoints=ckpts[::-1],
        series=series,
        width_s=width,
        nodes=s.run_nodes(run_id),
    )


def _point(e: StoredEvent) -> StepPoint:
    loss, step = e.data.get("loss"), e.data.get("step")
    if isinstance(loss, bool) or not isinstance(loss, int | float):
        loss = None  # "nan" and friends are stored as text
    return StepPoint(
        ts=e.ts,
        n=1,
        step_time_s=float(e.data.get("step_time_s") or 0.0),
        loss=None if loss is None else float(loss),
        max_step=step if isinstance(step, int) else None,
    )


@dataclass(slots=True)
class NodeLine:
    """One line of the nodes table."""

    node: str
    n_runs: int
    last_ts: float
    state: StoredEvent | None
    health: StoredEvent | None
    failures: int
    categories: dict[str, int] = field(default_factory=dict)
    lemon: Lemon | None = None


def _node_facts(s: Summaries) -> NodeFacts:
    runs = {r.node: r.n_runs for r in s.nodes()}
    fleet = fleet_from_events(_typed(s.events([EventKind.DIAGNOSIS.value])))
    return NodeFacts(
        states=s.latest_per_node("node_state"),
        health=s.latest_per_node("health_check"),
        failures={n: fleet.nodes.get(n, 0) for n in runs},
        categories={n: dict(c) for n, c in fleet.categories.items()},
        runs=runs,
    )


def nodes_overview(s: Summaries, cache: ReportCache) -> list[NodeLine]:
    """Every node with its lifecycle state, last health result and failure history."""
    facts = cache.node_facts(s)
    exposure = {n: float(k) for n, k in facts.runs.items()}
    lemons = {lem.unit: lem for lem in find_lemons(facts.failures, exposure)}
    lines = [
        NodeLine(
            node=r.node,
            n_runs=r.n_runs,
            last_ts=r.last_ts,
            state=facts.states.get(r.node),
            health=facts.health.get(r.node),
            failures=facts.failures.get(r.node, 0),
            categories=facts.categories.get(r.node, {}),
            lemon=lemons.get(r.node),
        )
        for r in s.nodes()
    ]
    # Lemons first (most improbable first), then the most failures, then by name.
    return sorted(
        lines,
        key=lambda n: (n.lemon is None, n.lemon.p_value if n.lemon else 0.0, -n.failures, n.node),
    )


@dataclass(slots=True)
class NodePage:
    line: NodeLine
    timeline: list[StoredEvent]
    runs: list[tuple[str, float, float, int]]
    culprit_of: list[StoredEvent]


def node_page(s: Summaries, cache: ReportCache, node: str) -> NodePage | None:
    line = next((n for n in nodes_overview(s, cache) if n.node == node), None)
    if line is None:
        return None
    timeline = s.events(control_kinds(), node=node, limit=500, newest_first=True)
    return NodePage(
        line=line,
        timeline=timeline[::-1],
        runs=s.node_runs(node),
        culprit_of=s.diagnoses(node=node, limit=200),
    )


def payload_text(e: StoredEvent) -> str:
    """One line saying what an event carries, for kinds with no dedicated rendering."""
    d: dict[str, Any] = e.data
    for key in ("summary", "message", "reason", "outcome", "fault", "state", "status"):
        if key in d:
            return str(d[key])
    return ", ".join(f"{k}={v}" for k, v in sorted(d.items()))[:300]
