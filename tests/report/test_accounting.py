"""The report's accounting on a synthetic timeline whose answer is known."""

from __future__ import annotations

import pytest

from kintsugi.events import Event, EventKind
from kintsugi.report import build_report
from kintsugi.report.compare import attach_comparison


def e(kind: EventKind, ts: float, attempt: int, rank: int | None = None, **data: object) -> Event:
    return Event(kind, "r", dict(data), node="n0", rank=rank, attempt=attempt, ts=1000.0 + ts)


def timeline() -> list[Event]:
    K = EventKind
    return [
        e(K.RUN_START, 0, 0, argv=[], nnodes="1", nproc_per_node=2),
        e(K.ATTEMPT_START, 1, 0, world_size=2, ranks=[0, 1]),
        e(K.STEP, 10, 0, 0, step=0, step_time_s=0.1, first=True),  # start-up: 10 s
        e(K.CHECKPOINT_SAVED, 30, 0, 0, step=9, duration_s=2.0, path="x"),
        e(K.FAULT_INJECTED, 40, 0, 1, fault="kill", spec="kill:step=12"),  # 10 s lost
        e(K.RANK_EXIT, 41, 0, 1, exitcode=-9, signal="SIGKILL", first=True),  # 1 s detection
        e(K.ATTEMPT_END, 41.5, 0, outcome="crash", max_step=12),
        e(K.RESTART_DECIDED, 41.6, 0, reason="crash", backoff_s=0.0),
        e(K.ATTEMPT_START, 42, 1, world_size=2, ranks=[0, 1]),
        e(K.CHECKPOINT_LOADED, 44, 1, 0, step=9, duration_s=1.0, path="x"),
        e(K.STEP, 45, 1, 0, step=10, step_time_s=0.1, first=True),  # restart: 45-41-1 = 3 s
        e(K.ATTEMPT_END, 100, 1, outcome="succeeded", max_step=30),
        e(K.RUN_END, 100, 1, outcome="succeeded", restarts=1),
    ]


def test_badput_terms() -> None:
    r = build_report(timeline())
    b = r.badput_s
    assert r.wall_s == pytest.approx(100)
    assert b["startup"] == pytest.approx(10)
    assert b["checkpoint_save"] == pytest.approx(2)
    assert b["checkpoint_restore"] == pytest.approx(1)
    assert b["lost_progress"] == pytest.approx(10)
    assert b["detection"] == pytest.approx(1)
    assert b["restart"] == pytest.approx(3)
    assert r.productive_s == pytest.approx(73)
    assert r.ettr == pytest.approx(0.73)
    (inc,) = r.incidents
    assert inc.kind == "crash" and inc.rank == 1 and inc.action == "restart"
    assert r.to_dict()["incidents"][0]["what"] == "rank 1 crashed: SIGKILL"


def test_comparison_is_attached_and_explained() -> None:
    r = attach_comparison(build_report(timeline()))
    assert r.comparison is not None
    assert r.comparison["measured_ettr"] == pytest.approx(0.73, abs=1e-3)
    assert r.comparison["explanation"]


def test_empty() -> None:
    assert build_report([]).wall_s == 0
