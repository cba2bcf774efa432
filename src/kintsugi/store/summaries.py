"""Read-only queries for the dashboard over the rollup tables and the events' indexes.

Every query here is bounded by the rollups (one row per run, node, or time bucket) or by an
index range with a limit, so its cost does not grow with the number of step events.
Events come back as :class:`StoredEvent`, which keeps kinds this build does not know.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kintsugi.events import Event, EventKind, SchemaError

if TYPE_CHECKING:
    from kintsugi.store.api import EventStore

_COLS = "eid, schema, kind, run_id, ts, node, rank, attempt, data"


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as stored, of any kind (known to this build or not)."""

    eid: str
    kind: str
    run_id: str
    ts: float
    node: str
    rank: int | None
    attempt: int | None
    data: dict[str, Any]
    schema: int = 1

    def to_event(self) -> Event | None:
        """The typed event, or None for a kind or payload this build cannot read."""
        try:
            return Event(
                kind=EventKind(self.kind),
                run_id=self.run_id,
                data=self.data,
                node=self.node,
                rank=self.rank,
                attempt=self.attempt,
                ts=self.ts,
                eid=self.eid,
                schema=self.schema,
            )
        except (ValueError, SchemaError):
            return None


@dataclass(frozen=True, slots=True)
class RunRow:
    """One run from the rollups."""

    run_id: str
    first_ts: float
    last_ts: float
    n_events: int
    n_nodes: int
    start_ts: float | None
    end_ts: float | None
    outcome: str | None
    max_attempt: int | None
    n_diagnoses: int
    last_diag_eid: str | None


@dataclass(frozen=True, slots=True)
class NodeRow:
    """One node across every run."""

    node: str
    n_runs: int
    first_ts: float
    last_ts: float
    n_events: int


@dataclass(frozen=True, slots=True)
class StepPoint:
    """Rank 0's steps in one time bucket."""

    ts: float
    n: int
    step_time_s: float
    loss: float | None
    max_step: int | None


def _stored(row: Sequence[Any]) -> StoredEvent:
    eid, schema, kind, run_id, ts, node, rank, attempt, data = row
    payload = data if isinstance(data, dict) else json.loads(data)
    return StoredEvent(
        eid=eid,
        kind=kind,
        run_id=run_id,
        ts=float(ts),
        node=node,
        rank=rank,
        attempt=attempt,
        data=payload if isinstance(payload, dict) else {"value": payload},
        schema=int(schema),
    )


_RUN_SELECT = """SELECT n.run_id, n.first_ts, n.last_ts, n.n_events, n.n_nodes,
        s.start_ts, s.end_ts, s.outcome, s.max_attempt, coalesce(s.n_diagnoses, 0),
        s.last_diag_eid
    FROM (SELECT run_id, min(first_ts) AS first_ts, max(last_ts) AS last_ts,
            sum(n_events) AS n_events, count(*) AS n_nodes
          FROM run_nodes {where} GROUP BY run_id) AS n
    LEFT JOIN run_state AS s ON s.run_id = n.run_id
    ORDER BY n.last_ts DESC"""


_SCOPES_PER_QUERY = 200
"""Scopes per statement of ``events_where`` (SQLite caps a statement's parameters)."""
_NO_SINCE, _NO_UNTIL = -1e300, 1e300
"""A scope's open time bounds, as numbers (the same statement serves every scope)."""


@dataclass(frozen=True, slots=True)
class Scope:
    """Which events of one run a batched query selects (None: no condition)."""

    run_id: str
    node: str | None = None
    since: float | None = None
    until: float | None = None


class Summaries:
    """Read-only summary queries over one store."""

    def __init__(self, store: EventStore) -> None:
        self._store = store
        self._pg = store.dialect == "postgresql"

    def _q(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self._store._select(sql, args)

    def runs(self, limit: int | None = None) -> list[RunRow]:
        """Runs, most recently active first."""
        sql = _RUN_SELECT.format(where="")
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        return [_run_row(r) for r in self._q(sql)]

    def run(self, run_id: str) -> RunRow | None:
        rows = self._q(_RUN_SELECT.format(where="WHERE run_id = ?"), [run_id])
        return _run_row(rows[0]) if rows else None

    def run_nodes(self, run_id: str) -> list[tuple[str, float, float, int]]:
        """(node, first_ts, last_ts, n_events) for each node of a run."""
        rows = self._q(
            "SELECT node, first_ts, last_ts, n_events FROM run_nodes WHERE run_id = ?"
            " ORDER BY node",
            [run_id],
        )
        return [(str(r[0]), float(r[1]), float(r[2]), int(r[3])) for r in rows]

    def nodes(self) -> list[NodeRow]:
        rows = self._q(
            "SELECT node, count(*), min(first_ts), max(last_ts), sum(n_events) FROM run_nodes"
            " WHERE node <> '' GROUP BY node ORDER BY node"
        )
        return [NodeRow(str(r[0]), int(r[1]), float(r[2]), float(r[3]), int(r[4])) for r in rows]

    def node_runs(self, node: str) -> list[tuple[str, float, float, int]]:
        """(run_id, first_ts, last_ts, n_events) for each run a node took part in."""
        rows = self._q(
            "SELECT run_id, first_ts, last_ts, n_events FROM run_nodes WHERE node = ?"
            " ORDER BY last_ts DESC",
            [node],
        )
        return [(str(r[0]), float(r[1]), float(r[2]), int(r[3])) for r in rows]

    def totals(self) -> tuple[int, int]:
        """(events, runs) in the store."""
        row = self._q("SELECT coalesce(sum(n_events), 0), count(DISTINCT run_id) FROM run_nodes")
        return int(row[0][0]), int(row[0][1])

    def step_series(self, run_id: str, width_s: int, last: int | None = None) -> list[StepPoint]:
        """Rank 0's steps in buckets of ``width_s`` (one of ``BUCKET_WIDTHS_S``), by time.

        Args:
            run_id: the run.
            width_s: the bucket width.
            last: only the newest ``last`` buckets.
        """
        sql = (
            "SELECT bucket, n, step_time_sum, loss_sum, loss_n, max_step FROM step_buckets"
            " WHERE run_id = ? AND width = ? ORDER BY bucket"
        )
        if last is not None:
            sql += f" DESC LIMIT {int(last)}"
        rows = self._q(sql, [run_id, width_s])
        if last is not None:
            rows.reverse()
        return [_point(r, width_s) for r in rows]

    def latest_steps(self, run_ids: Sequence[str], width_s: int) -> dict[str, StepPoint]:
        """Each run's newest step bucket of ``width_s``, in one query."""
        if not run_ids:
            return {}
        marks = ", ".join("?" * len(run_ids))
        rows = self._q(
            "SELECT b.run_id, b.bucket, b.n, b.step_time_sum, b.loss_sum, b.loss_n, b.max_step"
            " FROM step_buckets AS b JOIN (SELECT run_id, max(bucket) AS m FROM step_buckets"
            f" WHERE width = ? AND run_id IN ({marks}) GROUP BY run_id) AS l"
            " ON b.run_id = l.run_id AND b.bucket = l.m WHERE b.width = ?",
            [width_s, *run_ids, width_s],
        )
        return {str(r[0]): _point(r[1:], width_s) for r in rows}

    def events(
        self,
        kinds: Iterable[str],
        *,
        run_id: str | None = None,
        node: str | None = None,
        rank: int | None = None,
        since: float | None = None,
        until: float | None = None,
        limit: int | None = None,
        newest_first: bool = False,
    ) -> list[StoredEvent]:
        """Events of the given kinds (never an open-ended scan of every kind).

        One subquery per kind, each a range of the ``(run_id, [node,] kind, ts)`` index: a
        single ``kind IN (...) ORDER BY ts`` tempts planners into walking the run's whole
        ``(run_id, ts)`` range, step events included.
        """
        where = ["kind = ?"]
        tail: list[Any] = []
        for clause, value in (
            ("run_id = ?", run_id),
            ("node = ?", node),
            ("rank = ?", rank),
            ("ts >= ?", since),
            ("ts <= ?", until),
        ):
            if value is not None:
                where.append(clause)
                tail.append(value)
        order = "DESC" if newest_first else "ASC"
        one = f"SELECT {_COLS} FROM events WHERE {' AND '.join(where)} ORDER BY ts {order}"
        if limit is not None:
            one += f" LIMIT {int(limit)}"
        ks = sorted(set(kinds))
        if not ks:
            return []
        sql = " UNION ALL ".join(f"SELECT * FROM ({one}) AS q{i}" for i in range(len(ks)))
        args: list[Any] = [a for k in ks for a in (k, *tail)]
        out = [_stored(r) for r in self._q(sql, args)]
        out.sort(key=lambda e: (e.ts, e.eid), reverse=newest_first)
        return out if limit is None else out[: int(limit)]

    def reference_nodes(self, run_ids: Sequence[str]) -> dict[str, str]:
        """``reference_node`` of each run that has one, in one query."""
        if not run_ids:
            return {}
        marks = ", ".join("?" * len(run_ids))
        rows = self._q(
            f"SELECT run_id, node, ts FROM first_steps WHERE run_id IN ({marks}) AND rank0 = 1",
            list(run_ids),
        )
        first: dict[str, tuple[float, str]] = {}
        for run_id, node, ts in rows:
            if run_id not in first or float(ts) < first[run_id][0]:
                first[str(run_id)] = (float(ts), str(node))
        return {r: n for r, (_, n) in first.items()}

    def first_steps_of(self, pairs: Sequence[tuple[str, str]]) -> list[StoredEvent]:
        """``first_steps(run_id, node)`` for every (run_id, node) pair, in one query."""
        if not pairs:
            return []
        cond = " OR ".join("(f.run_id = ? AND f.node = ?)" for _ in pairs)
        sql = (
            f"SELECT {', '.join('e.' + c for c in _COLS.split(', '))} FROM first_steps AS f"
            f" JOIN events AS e ON e.eid = f.eid WHERE {cond} ORDER BY e.ts"
        )
        return [_stored(r) for r in self._q(sql, [x for pair in pairs for x in pair])]

    def events_where(self, kinds: Iterable[str], where: Sequence[Scope]) -> list[StoredEvent]:
        """Events of ``kinds`` within any of the scopes ``where``: what ``events`` returns for
        each scope, for many runs at once. Sorted by time.

        The scopes are a table joined to ``events`` (one statement for the scopes that name a
        node, one for those that do not), so each scope is one range of the ``(run_id, node,
        kind, ts)`` or ``(run_id, kind, ts)`` index, as its own query would be.
        """
        ks = sorted(set(kinds))
        if not ks or not where:
            return []
        out: list[StoredEvent] = []
        for with_node in (True, False):
            group = [sc for sc in where if (sc.node is not None) == with_node]
            for i in range(0, len(group), _SCOPES_PER_QUERY):
                out += self._events_in(ks, group[i : i + _SCOPES_PER_QUERY], with_node)
        out.sort(key=lambda e: (e.ts, e.eid))
        return out

    def _events_in(
        self, kinds: list[str], scopes: list[Scope], with_node: bool
    ) -> list[StoredEvent]:
        cols = "run_id, node, since, until" if with_node else "run_id, since, until"
        row = "(?, ?, ?, ?)" if with_node else "(?, ?, ?)"
        args: list[Any] = []
        for sc in scopes:
            args += [sc.run_id, sc.node] if with_node else [sc.run_id]
            args += [_NO_SINCE if sc.since is None else sc.since]
            args += [_NO_UNTIL if sc.until is None else sc.until]
        on = "e.run_id = v.run_id" + (" AND e.node = v.node" if with_node else "")
        sql = (
            f"WITH v({cols}) AS (VALUES {', '.join([row] * len(scopes))})"
            f" SELECT {', '.join('e.' + c for c in _COLS.split(', '))} FROM v JOIN events AS e"
            f" ON {on} AND e.kind IN ({', '.join('?' * len(kinds))})"
            " AND e.ts >= v.since AND e.ts <= v.until"
        )
        return [_stored(r) for r in self._q(sql, [*args, *kinds])]

    def nodes_of_runs(self, run_ids: Sequence[str]) -> dict[str, list[str]]:
        """The nodes of each run (``run_nodes``), in one query."""
        if not run_ids:
            return {}
        marks = ", ".join("?" * len(run_ids))
        rows = self._q(
            f"SELECT run_id, node FROM run_nodes WHERE run_id IN ({marks}) ORDER BY node",
            list(run_ids),
        )
        out: dict[str, list[str]] = {r: [] for r in run_ids}
        for run_id, node in rows:
            out[str(run_id)].append(str(node))
        return out

    def by_eid(self, eids: Iterable[str]) -> list[StoredEvent]:
        ids = sorted(set(eids))
        if not ids:
            return []
        sql = f"SELECT {_COLS} FROM events WHERE eid IN ({', '.join('?' * len(ids))})"
        return [_stored(r) for r in self._q(sql, ids)]

    def diagnoses(
        self,
        *,
        category: str | None = None,
        node: str | None = None,
        since: float | None = None,
        until: float | None = None,
        limit: int = 200,
    ) -> list[StoredEvent]:
        """Diagnoses across runs, newest first; ``node`` matches the observer or the culprit."""
        where = ["kind = 'diagnosis'"]
        args: list[Any] = []
        cat = "data ->> 'category'" if self._pg else "json_extract(data, '$.category')"
        culprit = (
            "data -> 'culprit' ->> 'node'" if self._pg else "json_extract(data, '$.culprit.node')"
        )
        if category is not None:
            where.append(f"{cat} = ?")
            args.append(category)
        if node is not None:
            where.append(f"(node = ? OR {culprit} = ?)")
            args += [node, node]
        if since is not None:
            where.append("ts >= ?")
            args.append(since)
        if until is not None:
            where.append("ts <= ?")
            args.append(until)
        sql = (
            f"SELECT {_COLS} FROM events WHERE {' AND '.join(where)}"
            f" ORDER BY ts DESC, id LIMIT {int(limit)}"
        )
        return [_stored(r) for r in self._q(sql, args)]

    def version(self, kinds: Iterable[str]) -> tuple[Any, ...]:
        """Changes whenever an event of ``kinds`` or a new (run, node) pair is stored."""
        ks = sorted(set(kinds))
        rows = self._q(
            "SELECT kind, max(ts), count(*) FROM events WHERE kind IN ("
            + ", ".join("?" * len(ks))
            + ") GROUP BY kind ORDER BY kind",
            ks,
        )
        pairs = self._q("SELECT count(*) FROM run_nodes")[0][0]
        return (int(pairs), *(tuple(r) for r in rows))

    def latest_per_node(self, kind: str) -> dict[str, StoredEvent]:
        """The newest event of ``kind`` for each node that has one."""
        if self._pg:
            rows = self._q(
                f"SELECT DISTINCT ON (node) {_COLS} FROM events WHERE kind = ?"
                " ORDER BY node, ts DESC",
                [kind],
            )
            return {e.node: e for e in map(_stored, rows)}
        sql = (
            f"SELECT {', '.join('e.' + c for c in _COLS.split(', '))} FROM events AS e JOIN"
            " (SELECT node, max(ts) AS ts FROM events WHERE kind = ? GROUP BY node) AS m"
            " ON e.node = m.node AND e.ts = m.ts WHERE e.kind = ?"
        )
        return {e.node: e for e in (_stored(r) for r in self._q(sql, [kind, kind]))}


def _point(r: Sequence[Any], width_s: int) -> StepPoint:
    """A step bucket from (bucket, n, step_time_sum, loss_sum, loss_n, max_step)."""
    return StepPoint(
        ts=float(r[0]) * width_s,
        n=int(r[1]),
        step_time_s=float(r[2]) / max(int(r[1]), 1),
        loss=float(r[3]) / int(r[4]) if r[4] else None,
        max_step=None if r[5] is None else int(r[5]),
    )


def _run_row(r: Sequence[Any]) -> RunRow:
    return RunRow(
        run_id=str(r[0]),
        first_ts=float(r[1]),
        last_ts=float(r[2]),
        n_events=int(r[3]),
        n_nodes=int(r[4]),
        start_ts=None if r[5] is None else float(r[5]),
        end_ts=None if r[6] is None else float(r[6]),
        outcome=None if r[7] is None else str(r[7]),
        max_attempt=None if r[8] is None else int(r[8]),
        n_diagnoses=int(r[9]),
        last_diag_eid=None if r[10] is None else str(r[10]),
    )
