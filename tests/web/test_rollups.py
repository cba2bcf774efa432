"""Rollups kept by triggers: same answers on SQLite and PostgreSQL, equal to a backfill of the
same events, redelivery not double counted, and the accounting from them equal to the full one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webutil import synthetic_run

from kintsugi.events import EventKind
from kintsugi.report.accounting import build_report
from kintsugi.store import EventStore, StoreError, open_store
from kintsugi.store.rollup_sql import ROLLUP_POSTGRESQL, ROLLUP_SQLITE
from kintsugi.web.views import accounting_events, accounting_streams

TABLES = {
    "run_nodes": "run_id, node",
    "run_state": "run_id",
    "step_buckets": "run_id, width, bucket",
    "first_steps": "run_id, node, attempt, rank0",
}


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'events.db'}"
    else:
        url = request.getfixturevalue("shared_pg")
    with open_store(url) as s:
        yield s


def dump(s: EventStore) -> dict[str, list[tuple[Any, ...]]]:
    out = {}
    for table, key in TABLES.items():
        rows = s._select(f"SELECT * FROM {table} ORDER BY {key}", [])
        out[table] = [tuple(round(v, 6) if isinstance(v, float) else v for v in r) for r in rows]
    return out


def write(s: EventStore, sql: str) -> None:
    # Tests only: the store's public interface has no raw writes.
    if s.dialect == "sqlite":
        s._conn.execute(sql)  # type: ignore[attr-defined]
    else:
        s._run(lambda cur: cur.execute(sql))  # type: ignore[attr-defined]


def test_triggers_match_backfill_and_ignore_redelivery(store: EventStore) -> None:
    events = synthetic_run("r1", steps=60) + synthetic_run("r2", t0=1_700_100_000.0, steps=30)
    store.append(events[: len(events) // 2])
    store.append(events)  # half of them a second time: not counted twice
    live = dump(store)
    n_events = sum(r[4] for r in live["run_nodes"])
    assert n_events == len(events)
    # The migration's backfill over the same events gives the same summaries.
    for table in TABLES:
        write(store, f"DELETE FROM {table}")
    fill = ROLLUP_SQLITE if store.dialect == "sqlite" else ROLLUP_POSTGRESQL
    for stmt in fill:
        if stmt.lstrip().startswith("INSERT INTO"):
            write(store, stmt)
    assert dump(store) == live
    state = {r[0]: r for r in live["run_state"]}
    assert state["r1"][3] == "succeeded" and state["r1"][4] == 1 and state["r1"][5] == 1


def test_summary_reads_cannot_write(store: EventStore) -> None:
    store.append(synthetic_run("r1", steps=5))
    with pytest.raises(StoreError):
        store._select("DELETE FROM run_nodes", [])
    assert store.summaries().totals()[0] > 0
    store.append(synthetic_run("r2", steps=5))  # the writer is unaffected
    assert store.summaries().totals()[1] == 2


def test_summaries(store: EventStore) -> None:
    store.append(synthetic_run("r1", steps=60))
    s = store.summaries()
    [run] = s.runs()
    assert (run.run_id, run.n_nodes, run.outcome, run.max_attempt) == ("r1", 2, "succeeded", 1)
    assert s.totals() == (run.n_events, 1)
    series = s.step_series("r1", 10)
    assert sum(p.n for p in series) == 120  # rank 0's steps only
    assert all(0.49 < p.step_time_s < 0.51 for p in series)
    assert s.step_series("r1", 10, last=1)[0].ts == series[-1].ts
    assert s.reference_nodes(["r1", "no-such-run"]) == {"r1": "node-a"}
    firsts = s.first_steps_of([("r1", "node-a")])
    assert {(e.attempt, e.rank) for e in firsts} == {(0, 0), (1, 0)}
    [diag] = s.diagnoses(category="gpu_memory", node="node-b")
    assert diag.data["culprit"]["node"] == "node-b"
    assert s.diagnoses(category="network") == []
    assert s.diagnoses(since=diag.ts + 1) == []
    assert [n.node for n in s.nodes()] == ["node-a", "node-b"]
    assert s.latest_per_node("node_state") == {}
    assert [e.kind for e in s.events(["alert"], run_id="r1")] == ["alert"]


def test_accounting_from_summaries_equals_full(store: EventStore) -> None:
    events = synthetic_run("r1", steps=80)
    store.append(events)
    reduced, ref = accounting_events(store.summaries(), "r1")
    assert ref == "node-a"
    assert len(reduced) < len(events) / 10
    full = build_report(events).to_dict()
    mine = build_report(reduced).to_dict()
    mine["nodes"] = full["nodes"]  # the dashboard takes nodes from the rollup
    assert mine == full
    assert full["incidents"][0]["kind"] == "peer" and full["restarts"] == 1
    assert any(e.kind is EventKind.DIAGNOSIS for e in reduced)


def test_accounting_of_many_runs_in_one_batch(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = {r: synthetic_run(r, steps=n) for r, n in (("r1", 40), ("r2", 70), ("r3", 55))}
    for events in runs.values():
        store.append(events)
    # One scope per statement: the batches are cut into several statements and merged.
    monkeypatch.setattr("kintsugi.store.summaries._SCOPES_PER_QUERY", 1)
    got = accounting_streams(store.summaries(), [*runs, "no-such-run"])
    assert got["no-such-run"] == ([], None)
    for r, events in runs.items():
        reduced, ref = got[r]
        assert ref == "node-a" and {e.run_id for e in reduced} == {r}
        assert (reduced, ref) == accounting_events(store.summaries(), r)
        full, mine = build_report(events).to_dict(), build_report(reduced).to_dict()
        mine["nodes"] = full["nodes"]
        assert mine == full
