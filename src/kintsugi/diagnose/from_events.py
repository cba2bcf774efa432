"""Turn kintsugi events (live from the agent, or an exported JSON-lines file) into findings."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.hang import waits_on_device
from kintsugi.diagnose.parse_state import Context
from kintsugi.diagnose.parsers import parse_lines
from kintsugi.diagnose.signatures import Role, SignatureSet
from kintsugi.events import Action, Category, Event, EventKind, Layer

_SIGNUM = {"SIGKILL": 9, "SIGSEGV": 11, "SIGABRT": 6, "SIGBUS": 7, "SIGTERM": 15, "SIGINT": 2}


def _int_or_none(v: object) -> bool:
    return v is None or (isinstance(v, int) and not isinstance(v, bool))


def sane_event(e: Event) -> bool:
    """Whether an event's envelope has the types the rules rely on (exports can be edited)."""
    return (
        _int_or_none(e.rank)
        and _int_or_none(e.attempt)
        and isinstance(e.node, str)
        and isinstance(e.data, dict)
        and math.isfinite(e.ts)
    )


def topology_of(doc: object) -> dict[str, str]:
    """``{switch: [nodes]}`` -> ``{node: switch}``; anything else -> ``{}``."""
    if not isinstance(doc, dict):
        return {}
    return {
        str(n): str(sw)
        for sw, nodes in doc.items()
        if isinstance(nodes, list)
        for n in nodes
        if isinstance(n, str | int)
    }


def _ints(v: object) -> list[int]:
    if not isinstance(v, list):
        return []
    return [x for x in v if isinstance(x, int) and not isinstance(x, bool)]


def _ctx(e: Event, first: bool = False) -> Context:
    return Context(
        source=f"event:{e.kind.value}",
        node=e.node or None,
        rank=e.rank,
        attempt=e.attempt,
        ts=e.ts,
        event_id=e.eid,
        first=first,
    )


def _finding(e: Event, **kw: Any) -> Finding:
    kw.setdefault("layer", Layer.INFRASTRUCTURE)
    kw.setdefault("action", Action.RESTART)
    kw.setdefault("severity", 3)
    kw.setdefault("role", Role.ROOT)
    return Finding(
        source=f"event:{e.kind.value}",
        node=e.node or None,
        rank=kw.pop("rank", e.rank),
        attempt=e.attempt,
        event_id=e.eid,
        ts=e.ts,
        **kw,
    )


def _rank_exit(e: Event, sigs: SignatureSet, survivors_killed: bool) -> list[Finding]:
    d = e.data
    code = int(d.get("exitcode", 0))
    signal = d.get("signal")
    first = bool(d.get("first"))
    ctx = _ctx(e, first)
    out: list[Finding] = []
    if d.get("traceback"):
        out += parse_lines(sigs, ctx, str(d["traceback"]))
    elif d.get("exc_type"):
        out += parse_lines(sigs, ctx, f"{d['exc_type']}: {d.get('message') or ''}")
    if d.get("log_tail"):
        out += parse_lines(sigs, ctx, str(d["log_tail"]))
    if not first and survivors_killed and signal in ("SIGTERM", "SIGKILL"):
        return [
            _finding(
                e,
                signature="killed_by_launcher",
                category=Category.UNKNOWN,
                layer=Layer.FRAMEWORK,
                severity=1,
                role=Role.SYMPTOM,
                text=f"rank {e.rank} stopped by the agent with {signal} after another failed",
                first=False,
            )
        ]
    if signal and not any(f.role is Role.ROOT for f in out):
        num = _SIGNUM.get(str(signal), -code if code < 0 else 0)
        out += parse_lines(sigs, ctx, f"Signal {num} ({signal}) received by rank {e.rank}")
    if code != 0 and not any(f.role in (Role.ROOT, Role.SYMPTOM) for f in out):
        out.append(
            _finding(
                e,
                signature="exit_code",
                category=Category.UNKNOWN,
                layer=Layer.FRAMEWORK,
                severity=1,
                text=f"rank {e.rank} exited with code {code} and no error message",
                first=first,
                detail=str(code),
            )
        )
    step = d.get("step")
    if isinstance(step, int):
        out = [f if f.step is not None else f.with_(step=step) for f in out]
    return out


def _hang(e: Event) -> list[Finding]:
    d = e.data
    suspect = d.get("suspect_rank")
    stopped = _ints(d.get("stopped_ranks"))
    rank = suspect if _int_or_none(suspect) else None
    rank = rank if rank is not None else (stopped[0] if stopped else None)
    ranks = d.get("ranks") or []
    stacks = d.get("stacks")
    stack = stacks.get(str(rank)) if rank is not None and isinstance(stacks, dict) else None
    device = isinstance(stack, str) and waits_on_device(stack)
    why = (
        f"rank {rank} is stopped (state T)"
        if rank in stopped
        else f"rank {rank} is not inside the collective the others wait in"
        if rank is not None
        else "no single rank stands out"
    )
    text = (
        f"no progress for {float(d['silent_s']):.0f}s (limit {d.get('timeout_s')}s) "
        f"in phase {d.get('phase')}, silent ranks {ranks}; {why}"
        + (", blocked waiting for its own GPU" if device else "")
    )
    out = [
        _finding(
            e,
            signature="hang_detected",
            category=Category.HANG,
            action=Action.RUN_DIAGNOSTICS if device else Action.RESTART,
            severity=3,
            text=text,
            rank=rank,
            step=d.get("step") if isinstance(d.get("step"), int) else None,
            detail=str(d.get("phase", "")),
            value=1.0 if rank is not None else 0.0,
        )
    ]
    if stack is not None:
        out.append(
            _finding(
                e,
                signature="hang_stack",
                category=Category.HANG,
                severity=1,
                role=Role.CONTEXT,
                text=f"rank {rank} stack: {str(stack)[-240:]}",
                rank=rank,
            )
        )
    return out


def _steps(events: Sequence[Event]) -> list[Finding]:
    times: dict[tuple[str, int | None], list[float]] = defaultdict(list)
    last: dict[tuple[str, int | None], Event] = {}
    out: list[Finding] = []
    nan_seen: set[tuple[str, int | None, int | None]] = set()
    for e in events:
        key = (e.node, e.rank)
        times[key].append(float(e.data["step_time_s"]))
        last[key] = e
        loss = e.data.get("loss")
        try:
            bad = loss is not None and not math.isfinite(float(loss))
        except (TypeError, ValueError):
            bad = False
        if bad and (e.node, e.rank, e.attempt) not in nan_seen:
            nan_seen.add((e.node, e.rank, e.attempt))
            out.append(
                _finding(
                    e,
                    signature="nan_loss",
                    category=Category.NUMERICAL,
                    layer=Layer.SCRIPT,
                    text=f"loss {loss} at step {e.data['step']} on rank {e.rank}",
                    step=int(e.data["step"]),
                )
            )
    for key, ts in times.items():
        if len(ts) >= 3:
            e = last[key]
            out.append(
                _finding(
                    e,
                    signature="step_time",
                    category=Category.STRAGGLER,
                    severity=1,
                    role=Role.CONTEXT,
                    text=f"median step time {statistics.median(ts):.3f}s over {len(ts)} steps",
                    value=statistics.median(ts),
                )
            )
    return out


def findings_from_events(
    events: Sequence[Event], sigs: SignatureSet, history: Sequence[Event] = ()
) -> list[Finding]:
    """Findings for the events of a run plus past diagnoses (recurrence across jobs)."""
    out: list[Finding] = []
    events = [e for e in events if sane_event(e)]
    firsts = {e.attempt for e in events if e.kind is EventKind.RANK_EXIT and e.data.get("first")}
    steps: list[Event] = []
    for e in events:
        if e.kind is EventKind.RANK_EXIT:
            out += _rank_exit(e, sigs, e.attempt in firsts)
        elif e.kind is EventKind.HANG_DETECTED:
            out += _hang(e)
        elif e.kind is EventKind.STEP:
            steps.append(e)
        elif e.kind is EventKind.LOG:
            out += parse_lines(sigs, _ctx(e), str(e.data.get("message", "")))
        elif e.kind is EventKind.DIAGNOSIS:
            out.append(_past(e, current=True))
    out += _steps(steps)
    out += [_past(e, current=False) for e in history if e.kind is EventKind.DIAGNOSIS]
    return out


def _past(e: Event, current: bool) -> Finding:
    """A diagnosis made before (earlier in this run or in another job) as context."""
    d = e.data
    c = d.get("culprit") if isinstance(d.get("culprit"), dict) else None
    node = (c or {}).get("node") if c is not None else None
    node = node if isinstance(node, str | int) else None
    cat = d.get("category")
    category = Category(cat) if isinstance(cat, str) and cat in set(Category) else Category.UNKNOWN
    return Finding(
        signature="past_diagnosis" if not current else "earlier_diagnosis",
        category=category,
        layer=Layer.INFRASTRUCTURE,
        action=Action.NONE,
        severity=1,
        role=Role.CONTEXT,
        text=f"{e.run_id}: {d.get('summary', '')}"[:300],
        source="event:diagnosis",
        node=str(node) if node else None,
        attempt=e.attempt,
        event_id=e.eid,
        ts=e.ts,
        detail=category.value,
    )
