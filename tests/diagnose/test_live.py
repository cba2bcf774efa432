"""The live interface: ``diagnose_events`` over the events the agent emits."""

from __future__ import annotations

from typing import Any

from kintsugi.diagnose import diagnose_events
from kintsugi.events import Action, Category, Event, EventKind
from kintsugi.health import epilog_level

TB = (
    "Traceback (most recent call last):\n"
    '  File "/home/alice/train.py", line 40, in <module>\n    main()\n'
    '  File "/home/alice/train.py", line 31, in main\n    x = cfg["lr"]\n'
    "KeyError: 'lr'\n"
)


def ev(
    kind: EventKind,
    node: str = "node-a",
    rank: int | None = None,
    attempt: int = 0,
    ts: float = 0.0,
    **data: Any,
) -> Event:
    return Event(
        kind=kind, run_id="r1", node=node, rank=rank, attempt=attempt, ts=1e9 + ts, data=data
    )


def exit_(node: str, rank: int, attempt: int = 0, ts: float = 0.0, **kw: Any) -> Event:
    d: dict[str, Any] = {
        "exitcode": 1,
        "signal": None,
        "exc_type": None,
        "message": None,
        "traceback": None,
        "step": 10,
        "log_tail": "",
        "first": False,
    }
    d.update(kw)
    return ev(EventKind.RANK_EXIT, node, rank, attempt, ts, **d)


def test_no_events_is_unknown_with_reason() -> None:
    d = diagnose_events([])
    assert d.category is Category.UNKNOWN and d.action is Action.NONE and "no events" in d.summary


def test_first_failure_beats_sympathetic_ones() -> None:
    events = [
        exit_(
            "node-a",
            0,
            ts=2,
            exitcode=1,
            exc_type="RuntimeError",
            message="Connection closed by peer [10.0.0.2]:2345",
            log_tail="[rank0]: RuntimeError: "
            "[gloo/transport/tcp/pair.cc:553] Connection closed by peer [10.0.0.2]:2345",
        ),
        exit_("node-b", 3, ts=1, exc_type="KeyError", message="'lr'", traceback=TB, first=True),
        exit_("node-b", 2, ts=3, exitcode=-15, signal="SIGTERM"),
    ]
    d = diagnose_events(events)
    assert d.category is Category.USER_CODE and d.action is Action.STOP and d.culprit is None
    assert d.layer.value == "script"
    assert "KeyError" in d.evidence[0].text and d.evidence[0].event_id == events[1].eid
    assert any("first_failure" in line for line in d.explain)


def test_hardware_outranks_the_nccl_timeouts_it_caused() -> None:
    xid = "[ 99.1] NVRM: Xid (PCI:0000:3b:00): 79, pid=1, GPU has fallen off the bus."
    events = [
        exit_(
            "node-a",
            0,
            ts=1,
            first=True,
            log_tail="[Rank 0] Watchdog caught collective "
            "operation timeout: WorkNCCL(SeqNum=9) ran for 600000 milliseconds before timing out",
        ),
        exit_("node-c", 4, ts=1, log_tail="[Rank 4] Watchdog caught collective operation timeout"),
        ev(EventKind.LOG, "node-b", message=xid),
    ]
    d = diagnose_events(events)
    assert d.category is Category.GPU_HARDWARE
    assert d.culprit is not None and d.culprit.node == "node-b"
    assert d.action is Action.RESTART_WITHOUT_NODE


def test_hang_event_names_the_suspect() -> None:
    h = ev(
        EventKind.HANG_DETECTED,
        "node-b",
        silent_s=320.0,
        timeout_s=300.0,
        phase="step",
        ranks=[0, 1, 2, 3],
        stopped_ranks=[],
        stacks={"2": "time.sleep(3600)"},
        suspect_rank=2,
        step=77,
    )
    d = diagnose_events([h])
    assert d.category is Category.HANG and d.action is Action.RESTART
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("node-b", 2)


def test_hang_without_suspect_restarts_and_every_node_checks_itself() -> None:
    h = ev(
        EventKind.HANG_DETECTED,
        silent_s=320.0,
        timeout_s=300.0,
        phase="startup",
        ranks=[0],
        stopped_ranks=[],
        stacks={},
        suspect_rank=None,
        step=None,
    )
    d = diagnose_events([h])
    assert d.category is Category.HANG and d.action is Action.RESTART and d.culprit is None
    assert epilog_level(d, "node-a") == 2  # no node named: each runs its quick checks


def _steps(node: str, rank: int, attempt: int, nan_at: int | None, dt: float = 0.1) -> list[Event]:
    return [
        ev(
            EventKind.STEP,
            node,
            rank,
            attempt,
            ts=s,
            step=s,
            step_time_s=dt,
            loss=float("nan") if nan_at is not None and s >= nan_at else 1.0,
        )
        for s in range(10)
    ]


def test_same_nan_on_two_nodes_is_the_application() -> None:
    d = diagnose_events(_steps("node-a", 0, 0, 6) + _steps("node-b", 1, 0, 6))
    assert d.category is Category.NUMERICAL and d.action is Action.STOP and d.culprit is None


def test_nan_that_follows_one_node_is_sdc_suspect() -> None:
    events = (
        _steps("node-a", 0, 0, None)
        + _steps("node-b", 1, 0, 4)
        + _steps("node-a", 0, 1, None)
        + _steps("node-b", 1, 1, 7)
    )
    d = diagnose_events(events)
    assert d.action is Action.RESTART_WITHOUT_NODE
    assert d.culprit is not None and d.culprit.node == "node-b"


def test_recurrence_across_attempts_excludes_the_node() -> None:
    events = [
        exit_("node-b", 3, a, ts=a, exitcode=-11, signal="SIGSEGV", first=True) for a in (0, 1)
    ]
    d = diagnose_events(events[:1])
    assert d.action is Action.RESTART
    d = diagnose_events(events)
    assert d.action is Action.RESTART_WITHOUT_NODE and d.category is Category.HOST
    assert d.culprit is not None and d.culprit.node == "node-b"


def test_recurring_user_error_stops() -> None:
    events = [
        exit_("node-a", 0, a, ts=a, exc_type="KeyError", message="'lr'", traceback=TB, first=True)
        for a in (0, 1)
    ]
    d = diagnose_events(events)
    assert d.action is Action.STOP and d.confidence >= 0.9


def test_history_across_jobs_turns_restart_into_exclusion() -> None:
    kill = [exit_("node-c", 5, 0, exitcode=-9, signal="SIGKILL", first=True)]
    assert diagnose_events(kill).action is Action.RESTART
    past = [
        Event(
            kind=EventKind.DIAGNOSIS,
            run_id=f"old{i}",
            node="node-a",
            data={
                "category": "host",
                "action": "restart",
                "summary": "killed",
                "culprit": {"node": "node-c", "rank": 5},
            },
        )
        for i in range(2)
    ]
    d = diagnose_events(kill, history=past)
    assert d.action is Action.RESTART_WITHOUT_NODE
    assert any("recurs_across_jobs" in line for line in d.explain)


def test_straggler_on_hot_node() -> None:
    events = _steps("node-a", 0, 0, None) + _steps("node-b", 1, 0, None, dt=0.5)
    events += [
        *_steps("node-a", 2, 0, None),
        ev(EventKind.LOG, "node-b", message="        HW Thermal Slowdown    : Active"),
    ]
    d = diagnose_events(events)
    assert d.category is Category.STRAGGLER and d.action is Action.RESTART_WITHOUT_NODE
    assert d.culprit is not None and d.culprit.rank == 1


def test_stopped_survivors_are_not_blamed() -> None:
    events = [
        exit_("node-a", 1, ts=1, exitcode=-11, signal="SIGSEGV", first=True),
        exit_("node-a", 0, ts=2, exitcode=-9, signal="SIGKILL"),
    ]
    d = diagnose_events(events)
    assert d.culprit is not None and d.culprit.rank == 1
