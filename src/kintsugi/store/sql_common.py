"""SQL shared by the backends: the column list and the query builder."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Sequence
from typing import Any

from kintsugi.events import Event, EventKind

COLUMNS = "eid, schema, kind, run_id, ts, node, rank, attempt, data"


def row_values(e: Event) -> tuple[Any, ...]:
    return (
        e.eid,
        e.schema,
        e.kind.value,
        e.run_id,
        e.ts,
        e.node,
        e.rank,
        e.attempt,
        json.dumps(e.data, sort_keys=True),
    )


log = logging.getLogger(__name__)


def events_from_rows(rows: Iterable[Sequence[Any]]) -> list[Event]:
    """The rows this build can read: kinds from a newer kintsugi, or payloads that no longer
    match their schema, are skipped (and counted in the log) instead of failing the read."""
    out: list[Event] = []
    skipped = 0
    for row in rows:
        try:
            out.append(event_from_row(row))
        except (ValueError, TypeError):  # SchemaError is a ValueError
            skipped += 1
    if skipped:
        log.warning("kintsugi: skipped %d stored events this version cannot read", skipped)
    return out


def event_from_row(row: Sequence[Any]) -> Event:
    eid, schema, kind, run_id, ts, node, rank, attempt, data = row
    payload = data if isinstance(data, dict) else json.loads(data)
    return Event(
        kind=EventKind(kind),
        run_id=run_id,
        data=payload,
        node=node,
        rank=rank,
        attempt=attempt,
        ts=float(ts),
        eid=eid,
        schema=int(schema),
    )


def select_events(
    placeholder: str,
    run_id: str | None,
    kinds: Iterable[EventKind] | None,
    node: str | None,
) -> tuple[str, list[Any]]:
    """Builds the SELECT for ``EventStore.events`` with ``placeholder`` ('?' or '%s')."""
    where: list[str] = []
    args: list[Any] = []
    if run_id is not None:
        where.append(f"run_id = {placeholder}")
        args.append(run_id)
    if node is not None:
        where.append(f"node = {placeholder}")
        args.append(node)
    if kinds is not None:
        ks = [k.value for k in kinds]
        if not ks:
            return f"SELECT {COLUMNS} FROM events WHERE 1 = 0", []
        where.append("kind IN (" + ", ".join([placeholder] * len(ks)) + ")")
        args.extend(ks)
    sql = f"SELECT {COLUMNS} FROM events"
    if where:
        sql += " WHERE " + " AND ".join(where)
    return sql + " ORDER BY ts, id", args


RUNS_SQL = (
    "SELECT run_id, MIN(ts), MAX(ts), COUNT(*) FROM events GROUP BY run_id ORDER BY MAX(ts) DESC"
)
