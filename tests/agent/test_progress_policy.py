"""Hang limits and the restart policy are pure: tested without processes."""

from __future__ import annotations

import pytest

from kintsugi.agent.progress import HangConfig, ProgressTracker, p99
from kintsugi.events import Action, Category, Culprit, Diagnosis, Layer
from kintsugi.recover import AttemptOutcome, DecisionKind, PolicyConfig, decide


def tracker(**kw: object) -> ProgressTracker:
    t = ProgressTracker(HangConfig(**kw))  # type: ignore[arg-type]
    t.start_attempt([0, 1], now=0.0)
    return t


def test_startup_limit_then_learned_limit() -> None:
    t = tracker(factor=3.0, floor_s=0.5, startup_s=100.0, min_samples=3)
    assert t.check(99.0) is None
    now = 1.0
    for step in range(6):
        for r in (0, 1):
            t.on_step(r, step, 0.2, now)
        now += 0.2
    assert t.learned_timeout_s() == pytest.approx(0.6)
    last = now - 0.2
    assert t.check(last + 0.5) is None
    hang = t.check(last + 0.7)
    assert hang is not None and hang.phase == "step" and hang.ranks == (0, 1)


def test_floor_and_sections_and_exit() -> None:
    t = tracker(factor=3.0, floor_s=5.0, min_samples=1, section_s={"checkpoint": 50.0})
    for step in range(3):
        t.on_step(0, step, 0.01, float(step))
        t.on_step(1, step, 0.01, float(step))
    assert t.learned_timeout_s() == 5.0
    t.on_section(0, "checkpoint", True, None, 2.0)
    t.on_section(1, "checkpoint", True, None, 2.0)
    assert t.check(40.0) is None
    hang = t.check(53.0)
    assert hang is not None and hang.phase == "section:checkpoint"
    t.on_exit(0, 53.0)
    t.on_exit(1, 53.0)
    assert t.check(60.0) is None


def test_p99() -> None:
    assert p99(list(range(1, 101))) == 99
    assert p99([3.0]) == 3.0


def test_bad_hang_config() -> None:
    with pytest.raises(ValueError):
        HangConfig(factor=0)


def out(
    attempt: int, sig: str | None = None, max_step: int | None = 10, failure: str = "crash"
) -> AttemptOutcome:
    return AttemptOutcome(
        attempt=attempt, failure=failure, signature=sig, start_step=None, max_step=max_step
    )


def diag(action: Action, node: str | None = "n0") -> Diagnosis:
    return Diagnosis(
        Category.GPU_HARDWARE,
        Layer.INFRASTRUCTURE,
        Culprit(node, 0) if node else None,
        action,
        0.9,
        "xid 79",
    )


CFG = PolicyConfig(max_restarts=5, max_no_progress=2, backoff_s=1.0)


def test_first_failure_restarts_at_once() -> None:
    d = decide([out(0)], None, 0, CFG, "n0")
    assert d.kind is DecisionKind.RESTART and d.backoff_s == 0


def test_same_failure_twice_stops() -> None:
    sig = "ZeroDivisionError: division by zero at iteration 5"
    d = decide([out(0, sig, 5), out(1, sig, 5)], None, 1, CFG, "n0")
    assert d.kind is DecisionKind.STOP and "deterministic" in d.reason


def test_diagnosis_stop_wins() -> None:
    assert decide([out(0)], diag(Action.STOP), 0, CFG, "n0").kind is DecisionKind.STOP


def test_no_progress_stops_and_backoff_grows() -> None:
    d1 = decide([out(0, max_step=10), out(1, max_step=10)], None, 1, CFG, "n0")
    assert d1.kind is DecisionKind.RESTART and d1.backoff_s == 1.0
    d2 = decide([out(0, max_step=10), out(1, max_step=10), out(2, max_step=9)], None, 2, CFG, "n0")
    assert d2.kind is DecisionKind.STOP and "no progress" in d2.reason


def test_budget() -> None:
    d = decide([out(0, max_step=1), out(1, max_step=2)], None, 5, CFG, "n0")
    assert d.kind is DecisionKind.STOP and "budget" in d.reason


def test_culprit_node_leaves_others_restart() -> None:
    assert (
        decide([out(0)], diag(Action.RESTART_WITHOUT_NODE), 0, CFG, "n0").kind is DecisionKind.LEAVE
    )
    assert (
        decide([out(0)], diag(Action.RESTART_WITHOUT_NODE), 0, CFG, "n1").kind
        is DecisionKind.RESTART
    )


def test_a_single_node_job_cannot_exclude_its_node() -> None:
    alone = PolicyConfig(can_exclude=False)
    d = decide([out(0)], diag(Action.RESTART_WITHOUT_NODE), 0, alone, "n0")
    assert d.kind is DecisionKind.RESTART


def test_a_restart_whose_verdict_names_this_node_marks_it_a_suspect() -> None:
    """Too weak to exclude (restart), but a spare that waits should take its place."""
    assert decide([out(0)], diag(Action.RESTART), 0, CFG, "n0").suspect
    assert not decide([out(0)], diag(Action.RESTART), 0, CFG, "n1").suspect
    assert not decide([out(0)], diag(Action.RESTART, node=None), 0, CFG, "n0").suspect
    assert not decide([out(0, failure="peer")], diag(Action.RESTART), 0, CFG, "n0").suspect
    assert not decide([out(0)], None, 0, CFG, "n0").suspect
