"""The run report shows checkpoint save and restore badput apart, each restore's tier, and the
interval ``auto`` chose, from the payloads the Checkpointer sends (a known timeline)."""

from __future__ import annotations

import io

import pytest

from kintsugi.events import Event, EventKind
from kintsugi.report import build_report
from kintsugi.report.render import render_text


def e(kind: EventKind, ts: float, attempt: int, rank: int | None = None, **data: object) -> Event:
    return Event(kind, "r", dict(data), node="n0", rank=rank, attempt=attempt, ts=1000.0 + ts)


def test_report_shows_tiers_interval_and_separate_badput() -> None:
    K = EventKind
    reason = "save blocks 12.0 ms, step 100.0 ms, job MTBF 3.1 h (configured) -> [b]x[/b]"
    events = [
        e(K.RUN_START, 0, 0, argv=[], nnodes="1", nproc_per_node=2),
        e(K.ATTEMPT_START, 1, 0, world_size=2, ranks=[0, 1]),
        e(K.STEP, 5, 0, 0, step=0, step_time_s=0.1, first=True),
        e(
            K.CHECKPOINT_SAVED,
            10,
            0,
            0,
            step=50,
            duration_s=0.012,
            path="memory://n0/rank0/step50",
            tier="memory",
        ),
        e(K.CHECKPOINT_INTERVAL, 10, 0, 0, interval_s=20.0, interval_steps=200, reason=reason),
        e(K.CHECKPOINT_PERSISTED, 11, 0, 0, step=50, ok=True, duration_s=0.8, path="/c/step_50"),
        e(
            K.CHECKPOINT_SAVED,
            30,
            0,
            0,
            step=250,
            duration_s=0.012,
            path="memory://n0/rank0/step250",
        ),
        e(K.RANK_EXIT, 35, 0, 1, exitcode=-9, signal="SIGKILL", first=True),
        e(K.ATTEMPT_END, 35.5, 0, outcome="crash", max_step=300),
        e(K.RESTART_DECIDED, 35.6, 0, reason="crash", backoff_s=0.0),
        e(K.ATTEMPT_START, 36, 1, world_size=2, ranks=[0, 1]),
        e(K.CHECKPOINT_LOADED, 38, 1, 0, step=250, duration_s=0.05, path="peer://n1/rank0/step250"),
        e(K.STEP, 39, 1, 0, step=251, step_time_s=0.1, first=True),
        e(K.ATTEMPT_END, 60, 1, outcome="succeeded", max_step=400),
        e(K.RUN_END, 60, 1, outcome="succeeded", restarts=1),
    ]
    r = build_report(events)
    assert r.badput_s["checkpoint_save"] == pytest.approx(0.024)
    assert r.badput_s["checkpoint_restore"] == pytest.approx(0.05)
    assert r.restores == [{"attempt": 1, "step": 250, "tier": "peer", "duration_s": 0.05}]
    assert r.interval is not None and r.interval["interval_steps"] == 200
    d = r.to_dict()
    assert d["checkpoint_interval"]["reason"] == reason and d["restores"][0]["tier"] == "peer"
    out = io.StringIO()
    render_text(r, out)
    text = out.getvalue()
    assert "step 250 from peer (0.05 s)" in text
    assert "checkpoint interval (auto): 20.0 s = every 200 steps" in text
    assert "[b]x[/b]" in text  # text from events is printed literally, never as markup
