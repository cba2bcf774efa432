"""The node state machine, pure (no processes), and its history in a real SQLite store."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from kintsugi.events import EventKind
from kintsugi.recover.lifecycle import (
    IllegalTransition,
    NodeBook,
    NodeState,
    Trigger,
    after_validation,
    next_state,
)
from kintsugi.recover.scheduler import drain_reason, get_scheduler
from kintsugi.store import open_store

H, S, C, V, R = (
    NodeState.HEALTHY,
    NodeState.SUSPECT,
    NodeState.CORDONED,
    NodeState.VALIDATING,
    NodeState.RETIRED,
)


@pytest.mark.parametrize(
    ("state", "trigger", "to"),
    [
        (H, Trigger.WARN, S),
        (S, Trigger.CHECK_PASS, H),
        (H, Trigger.CHECK_FAIL, C),
        (S, Trigger.CULPRIT, C),
        (H, Trigger.CULPRIT, C),
        (C, Trigger.VALIDATE, V),
        (V, Trigger.VALID_PASS, H),
        (V, Trigger.VALID_FAIL, C),
        (C, Trigger.UNCORDON, H),
        (V, Trigger.CORDON, C),
        (C, Trigger.RETIRE, R),
        (R, Trigger.VALIDATE, V),
    ],
)
def test_transitions(state: NodeState, trigger: Trigger, to: NodeState) -> None:
    assert next_state(state, trigger) is to


@pytest.mark.parametrize(
    ("state", "trigger"),
    [
        (R, Trigger.UNCORDON),
        (R, Trigger.CORDON),
        (H, Trigger.VALIDATE),
        (H, Trigger.VALID_PASS),
        (C, Trigger.CHECK_PASS),
        (C, Trigger.WARN),
        (R, Trigger.RETIRE),
    ],
)
def test_illegal_transitions(state: NodeState, trigger: Trigger) -> None:
    with pytest.raises(IllegalTransition, match=f"cannot {trigger.value}"):
        next_state(state, trigger)


def test_only_healthy_and_suspect_take_work() -> None:
    assert [s for s in NodeState if s.usable] == [H, S]


def test_cordoned_node_rejoins_only_through_validation() -> None:
    # Every path from cordoned back to healthy passes validating, except an operator's uncordon.
    for t in Trigger:
        if t is Trigger.UNCORDON:
            continue
        with contextlib.suppress(IllegalTransition):
            assert next_state(C, t) is not H


def test_after_validation() -> None:
    assert after_validation(True, 5) is Trigger.VALID_PASS
    assert after_validation(False, 0, 3) is Trigger.VALID_FAIL
    assert after_validation(False, 2, 3) is Trigger.RETIRE


def test_book_keeps_state_across_store_reopen(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ev.db'}"
    with open_store(url) as s:
        book = NodeBook(s, run_id="job-1")
        assert book.record("n1").state is H and book.records() == {}
        book.apply("n1", Trigger.CULPRIT, "gpu_hardware: XID 79", ["NVRM: Xid ... 79"])
    with open_store(url) as s:  # a later job, another process in real life
        book = NodeBook(s, run_id="job-2")
        rec = book.record("n1")
        assert rec.state is C and rec.last is not None
        assert rec.last.reason == "gpu_hardware: XID 79" and rec.last.evidence == (
            "NVRM: Xid ... 79",
        )
        book.apply("n1", Trigger.VALIDATE, "start")
        states = []
        for _ in range(3):
            t = book.finish_validation("n1", passed=False, evidence=["matmul: wrong"])
            states.append(t.state)
            if t.state is not R:
                book.apply("n1", Trigger.VALIDATE, "again")
        assert states == [C, C, R] and "3 times" in t.reason
        book.apply("n1", Trigger.VALIDATE, "repaired")
        t = book.finish_validation("n1", passed=True, evidence=[])
        assert t.state is H and book.record("n1").failed_validations == 0
        events = s.events(kinds=[EventKind.NODE_STATE])
    assert [e.data["state"] for e in events] == [
        "cordoned",
        "validating",
        "cordoned",
        "validating",
        "cordoned",
        "validating",
        "retired",
        "validating",
        "healthy",
    ]
    assert {e.run_id for e in events} == {"job-1", "job-2"}
    assert all(
        set(e.data) >= {"state", "reason", "previous", "trigger", "evidence"} for e in events
    )


def test_local_scheduler(tmp_path: Path) -> None:
    with open_store(str(tmp_path / "ev.db")) as s:
        sched = get_scheduler("local", store=s)
        assert sched.usable("n1")
        sched.drain("n1", drain_reason("gpu_hardware", "XID 79\non GPU 0"))
        assert not sched.usable("n1")
        info = sched.nodes(["n1", "n2"])
        assert info["n1"].state == "cordoned" and info["n1"].reason == (
            "kintsugi: gpu_hardware XID 79 on GPU 0"
        )
        assert info["n2"].usable
        sched.resume("n1")
        assert sched.usable("n1")


def test_drain_reason_is_one_bounded_line() -> None:
    r = drain_reason("gpu_memory", "x" * 1000 + "\n" + "y")
    assert r.startswith("kintsugi: gpu_memory ") and "\n" not in r and len(r) <= 240
    with pytest.raises(ValueError, match="unknown scheduler"):
        get_scheduler("pbs")
