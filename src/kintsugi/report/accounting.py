"""Where the time went: a run's events split into productive training and badput.

Pure over events. Badput follows Google's goodput accounting: start-up, checkpoint save,
checkpoint restore, progress lost to failures, detection, restart; ETTR = productive / wall.
The timeline is the one of the node that hosts rank 0 (every node restarts together).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kintsugi.events import Event, EventKind

BADPUT = (
    "startup",
    "checkpoint_save",
    "checkpoint_restore",
    "lost_progress",
    "detection",
    "restart",
)


@dataclass(slots=True)
class Incident:
    """One failure: what, where, how fast it was detected, what was done."""

    attempt: int
    kind: str
    what: str
    node: str
    rank: int | None
    detected_after_s: float
    action: str
    diagnosis: str | None = None
    lost_s: float = 0.0
    at_step: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "attempt": self.attempt,
            "kind": self.kind,
            "what": self.what,
            "node": self.node,
            "rank": self.rank,
            "detected_after_s": round(self.detected_after_s, 3),
            "action": self.action,
            "diagnosis": self.diagnosis,
            "lost_s": round(self.lost_s, 3),
            "at_step": self.at_step,
        }


@dataclass(slots=True)
class Report:
    """The accounting of one run."""

    run_id: str
    outcome: str
    wall_s: float
    productive_s: float
    badput_s: dict[str, float]
    incidents: list[Incident]
    attempts: int
    restarts: int
    verdict: str | None = None
    steps: int | None = None
    checkpoints: int = 0
    nodes: list[str] = field(default_factory=list)
    checkpoint_interval_s: float | None = None
    """Mean time between consecutive checkpoint saves within an attempt."""
    world_size: int = 0
    comparison: dict[str, Any] | None = None
    restores: list[dict[str, Any]] = field(default_factory=list)
    """Each checkpoint restore: attempt, step, tier (memory, peer or storage), seconds."""
    interval: dict[str, Any] | None = None
    """The newest interval the Checkpointer chose (interval_s, interval_steps, reason)."""

    @property
    def ettr(self) -> float:
        return self.productive_s / self.wall_s if self.wall_s > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "run_id": self.run_id,
            "outcome": self.outcome,
            "verdict": self.verdict,
            "nodes": self.nodes,
            "wall_s": round(self.wall_s, 3),
            "productive_s": round(self.productive_s, 3),
            "ettr": round(self.ettr, 4),
            "badput_s": {k: round(v, 3) for k, v in self.badput_s.items()},
            "attempts": self.attempts,
            "restarts": self.restarts,
            "steps": self.steps,
            "step_information": self.steps is not None,
            "checkpoints": self.checkpoints,
            "checkpoint_interval_s": (
                None if self.checkpoint_interval_s is None else round(self.checkpoint_interval_s, 3)
            ),
            "world_size": self.world_size,
            "incidents": [i.to_dict() for i in self.incidents],
            "plan_comparison": self.comparison,
            "restores": self.restores,
            "checkpoint_interval": self.interval,
        }


def _of(events: Sequence[Event], kind: EventKind) -> list[Event]:
    return [e for e in events if e.kind is kind]


def reference_node(events: Sequence[Event]) -> str:
    """The node hosting rank 0 (else the first node seen)."""
    for e in events:
        if e.kind is EventKind.STEP and e.rank == 0:
            return e.node
    for e in events:
        if e.kind is EventKind.ATTEMPT_START and 0 in (e.data.get("ranks") or []):
            return e.node
    return events[0].node if events else ""


def build_report(events: Sequence[Event]) -> Report:
    """Accounts a run's events (any order, any number of nodes)."""
    events = sorted(events, key=lambda e: e.ts)
    if not events:
        return Report("", "unknown", 0.0, 0.0, dict.fromkeys(BADPUT, 0.0), [], 0, 0)
    run_id = events[0].run_id
    node = reference_node(events)
    mine = [e for e in events if e.node == node]
    starts = _of(mine, EventKind.RUN_START)
    ends = _of(mine, EventKind.RUN_END)
    t0 = starts[0].ts if starts else mine[0].ts
    t_end = ends[-1].ts if ends else mine[-1].ts
    wall = max(t_end - t0, 1e-9)
    badput = dict.fromkeys(BADPUT, 0.0)
    incidents: list[Incident] = []
    attempts = sorted(
        {e.attempt for e in mine if e.kind is EventKind.ATTEMPT_START and e.attempt is not None}
    )
    prev_end: float | None = None
    max_step: int | None = None
    gaps: list[float] = []
    for a in attempts:
        ev = [e for e in mine if e.attempt == a]
        first_steps = [e for e in _of(ev, EventKind.STEP) if e.rank == 0] or _of(ev, EventKind.STEP)
        t_first = first_steps[0].ts if first_steps else None
        restore = sum(float(e.data["duration_s"]) for e in _of(ev, EventKind.CHECKPOINT_LOADED))
        saves = _of(ev, EventKind.CHECKPOINT_SAVED)
        gaps += [b.ts - a.ts for a, b in itertools.pairwise(saves)]
        badput["checkpoint_restore"] += restore
        badput["checkpoint_save"] += sum(float(e.data["duration_s"]) for e in saves)
        a_end_ev = _of(ev, EventKind.ATTEMPT_END)
        a_end = a_end_ev[0].ts if a_end_ev else t_end
        outcome = str(a_end_ev[0].data.get("outcome")) if a_end_ev else "running"
        ms = a_end_ev[0].data.get("max_step") if a_end_ev else None
        if isinstance(ms, int):
            max_step = ms if max_step is None else max(max_step, ms)
        # Time until training (re)started, restore excluded.
        began = t0 if prev_end is None else prev_end
        ready = t_first if t_first is not None else a_end
        key = "startup" if prev_end is None else "restart"
        badput[key] += max(0.0, ready - began - restore)
        if outcome in ("crash", "hang", "peer"):
            inc, t_detect = _incident(a, outcome, ev, events, t_first, saves, a_end)
            badput["detection"] += inc.detected_after_s
            badput["lost_progress"] += inc.lost_s
            incidents.append(inc)
            a_end = t_detect
        prev_end = a_end
    total_bad = sum(badput.values())
    productive = max(0.0, wall - total_bad)
    run_end = ends[-1].data if ends else {}
    stop = _of(mine, EventKind.STOP_DECIDED)
    return Report(
        run_id=run_id,
        outcome=str(run_end.get("outcome", "running")),
        wall_s=wall,
        productive_s=productive,
        badput_s=badput,
        incidents=incidents,
        attempts=len(attempts),
        restarts=max(0, len(attempts) - 1),
        verdict=(stop[-1].data["reason"] if stop else run_end.get("verdict")),
        steps=max_step,
        checkpoints=len(_of(mine, EventKind.CHECKPOINT_SAVED)),
        nodes=sorted({e.node for e in events}),
        checkpoint_interval_s=sum(gaps) / len(gaps) if gaps else None,
        world_size=max(
            (int(e.data["world_size"]) for e in _of(mine, EventKind.ATTEMPT_START)), default=0
        ),
        restores=[_restore(e) for e in _of(mine, EventKind.CHECKPOINT_LOADED)],
        interval=_interval(mine),
    )


def tier_of(data: dict[str, Any]) -> str:
    """Where a checkpoint came from: its ``tier`` field, else the scheme of its path."""
    tier = data.get("tier")
    if isinstance(tier, str) and tier:
        return tier
    path = str(data.get("path", ""))
    return path.split("://", 1)[0] if "://" in path else "storage"


def _restore(e: Event) -> dict[str, Any]:
    return {
        "attempt": e.attempt,
        "step": e.data["step"],
        "tier": tier_of(e.data),
        "duration_s": round(float(e.data["duration_s"]), 3),
    }


def _interval(events: Sequence[Event]) -> dict[str, Any] | None:
    chosen = [e for e in events if e.kind is EventKind.CHECKPOINT_INTERVAL and e.rank in (0, None)]
    if not chosen:
        return None
    d = chosen[-1].data
    return {
        "interval_s": round(float(d["interval_s"]), 3),
        "interval_steps": int(d["interval_steps"]),
        "reason": str(d["reason"]),
        "choices": len(chosen),
    }


def _incident(
    attempt: int,
    outcome: str,
    ev: list[Event],
    everything: list[Event],
    t_first: float | None,
    saves: list[Event],
    a_end: float,
) -> tuple[Incident, float]:
    """The incident that ended an attempt, and when it was detected."""
    diag = _of(ev, EventKind.DIAGNOSIS)
    decided = _of(ev, EventKind.RESTART_DECIDED) + _of(ev, EventKind.STOP_DECIDED)
    action = "restart" if decided and decided[0].kind is EventKind.RESTART_DECIDED else "stop"
    if not decided:
        action = "none"
    summary = str(diag[0].data["summary"]) if diag else None
    faults = _of(ev, EventKind.FAULT_INJECTED)
    if outcome == "hang":
        h = _of(ev, EventKind.HANG_DETECTED)[0]
        silent = float(h.data["silent_s"])
        t_fail = faults[-1].ts if faults else h.ts - silent
        t_detect = h.ts
        suspect = h.data.get("suspect_rank")
        limit = float(h.data["timeout_s"])
        what = (
            f"hang ({h.data['phase']}): ranks {h.data.get('ranks')} silent {silent:.1f} s, "
            f"limit {limit:.1f} s"
        )
        rank = suspect if isinstance(suspect, int) else None
        node, step = h.node, h.data.get("step")
    else:
        exits = [e for e in _of(ev, EventKind.RANK_EXIT) if e.data.get("first")] or _of(
            ev, EventKind.RANK_EXIT
        )
        if exits:
            x = exits[0]
            t_detect = x.ts
            t_fail = faults[-1].ts if faults and faults[-1].ts <= x.ts else x.ts
            cause = (
                x.data.get("exc_type") or x.data.get("signal") or f"exit code {x.data['exitcode']}"
            )
            what = f"rank {x.rank} {'crashed' if outcome == 'crash' else 'failed'}: {cause}"
            node, rank, step = x.node, x.rank, x.data.get("step")
        else:
            # A peer restart: another node failed; find its incident in the same window.
            t_fail, what, node, rank, step = a_end, "another node failed", ev[0].node, None, None
            t_detect = a_end
            for e in everything:
                if e.kind is EventKind.RANK_EXIT and e.data.get("first") and abs(e.ts - a_end) < 30:
                    cause = e.data.get("exc_type") or e.data.get("signal")
                    what = f"rank {e.rank} on {e.node} failed: {cause}"
                    node, rank, t_fail = e.node, e.rank, min(e.ts, a_end)
                if (
                    e.kind is EventKind.DIAGNOSIS
                    and e.node != ev[0].node
                    and abs(e.ts - a_end) < 30
                ):
                    summary = summary or str(e.data["summary"])
    # Work since the last checkpoint (or since training resumed) is lost.
    done = [s.ts for s in saves if s.ts <= t_fail]
    since = done[-1] if done else t_first
    lost = max(0.0, t_fail - since) if since is not None else 0.0
    inc = Incident(
        attempt=attempt,
        kind=outcome,
        what=what,
        node=node,
        rank=rank,
        detected_after_s=max(0.0, t_detect - t_fail),
        action=action,
        diagnosis=summary,
        lost_s=lost,
        at_step=step if isinstance(step, int) else None,
    )
    return inc, t_detect
