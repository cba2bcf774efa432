"""Correlation rules: many findings in, one Diagnosis out. Pure; shared by live and offline.

The rules run in order; each names itself in ``Diagnosis.explain`` when it sets a field.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.signatures import Role
from kintsugi.events import Action, Category, Culprit, Diagnosis, Layer

HARDWARE = {
    Category.GPU_HARDWARE,
    Category.GPU_MEMORY,
    Category.NVLINK,
    Category.HOST,
    Category.NETWORK,
    Category.STORAGE,
    Category.OOM,
}
# Categories that indict the application when the error is deterministic.
APPLICATION = {Category.USER_CODE, Category.DEPENDENCY, Category.NUMERICAL, Category.OOM}
STRAGGLER_FACTOR = 1.5


@dataclass(slots=True)
class Verdict:
    """A Diagnosis under construction, with the reason for each field."""

    category: Category
    layer: Layer
    culprit: Culprit | None
    action: Action
    confidence: float
    summary: str
    primary: Finding | None = None
    support: list[Finding] = field(default_factory=list)
    explain: list[str] = field(default_factory=list)

    def why(self, fields: str, rule: str, reason: str) -> None:
        self.explain.append(f"{fields} <- {rule}: {reason}")


def _where(f: Finding) -> str:
    parts = [f.node or "?"]
    if f.rank is not None:
        parts.append(f"rank {f.rank}")
    if f.attempt is not None:
        parts.append(f"attempt {f.attempt}")
    return " ".join(parts)


def dedupe(findings: Iterable[Finding]) -> list[Finding]:
    """Drops copies of one line seen twice (a console log repeats the rank logs)."""
    groups: dict[tuple[object, ...], list[Finding]] = defaultdict(list)
    for f in findings:
        groups[(f.signature, f.node, f.rank, f.text, f.event_id is None)].append(f)
    out: list[Finding] = []
    for fs in groups.values():
        known = [f for f in fs if f.attempt is not None] or fs
        first = any(f.first for f in fs)
        seen: set[int | None] = set()
        for f in known:
            if f.attempt not in seen:
                seen.add(f.attempt)
                out.append(f.with_(first=first) if first and not f.first else f)
    return out


def _order(f: Finding) -> tuple[float, int]:
    return (f.ts if f.ts is not None else float("inf"), f.order)


def _pick_first_failure(roots: Sequence[Finding]) -> tuple[Finding, bool]:
    """The rank that failed first, by the launcher's word, then real errors, then time."""
    by_rank: dict[tuple[str | None, int | None, int | None], list[Finding]] = defaultdict(list)
    for f in roots:
        by_rank[(f.node, f.rank, f.attempt)].append(f)
    # the newest attempt is the failure being diagnosed
    newest = max((a for _, _, a in by_rank if a is not None), default=None)

    def score(fs: list[Finding]) -> tuple[bool, bool, bool, int, float]:
        best = max(fs, key=lambda f: f.severity)
        return (
            fs[0].attempt == newest or newest is None,
            best.severity > 1,
            any(f.first for f in fs),
            best.severity,
            -min(_order(f) for f in fs)[0],
        )

    group = max(by_rank.values(), key=score)
    primary = max(group, key=lambda f: (f.severity, f.signature != "exit_code", -f.order))
    return primary, any(f.first for f in group)


def decide(
    findings: Sequence[Finding],
    topology: Mapping[str, str] | None = None,
    reason_if_none: str = "no failure signature found",
) -> Diagnosis:
    """Correlates findings into one verdict.

    Args:
        findings: everything observed (roots, symptoms, context, past diagnoses).
        topology: node -> switch, for the "several nodes behind one switch" rule.
        reason_if_none: what to say when nothing failed.
    """
    fs = dedupe(findings)
    symptoms = [f for f in fs if f.role is Role.SYMPTOM]
    context = [f for f in fs if f.role is Role.CONTEXT]
    # A bare exit code is explained by anything else seen on the same rank.
    explained = {
        (f.node, f.rank)
        for f in fs
        if f.role in (Role.ROOT, Role.SYMPTOM) and f.signature != "exit_code"
    }
    roots = [
        f
        for f in fs
        if f.role is Role.ROOT
        and f.signature != "hang_detected"
        and not (f.signature == "exit_code" and (f.node, f.rank) in explained)
    ]
    v = (
        _network_switch(roots + symptoms, topology or {})
        or _hardware(roots, symptoms)
        or _numerical(roots)
        or _hang_event(fs)
        or _application_or_first(roots, symptoms)
        or _silent_rank(symptoms, fs)
        or _straggler(context)
    )
    if v is None:
        v = Verdict(
            Category.UNKNOWN,
            Layer.INFRASTRUCTURE,
            None,
            Action.NONE,
            0.0,
            f"unknown: {reason_if_none}",
        )
        v.why("all", "no_failure", reason_if_none)
        return _finish(v, fs)
    if v.primary is not None:
        _recurrence(v, roots)
    _history(v, context)
    _thermal(v, context)
    return _finish(v, fs)


def _hardware(roots: list[Finding], symptoms: list[Finding]) -> Verdict | None:
    hw = [f for f in roots if f.layer is Layer.INFRASTRUCTURE and f.severity >= 4]
    if not hw:
        return None
    p = max(hw, key=lambda f: (f.severity, -_order(f)[0], -f.order))
    rank = p.rank
    if rank is None:  # a node-level line: blame the rank that died there, if one did
        died = [f for f in roots if f.node == p.node and f.rank is not None]
        rank = min(died, key=_order).rank if died else None
    others = [f for f in roots + symptoms if f.node != p.node or f.category != p.category]
    spread = {f.node for f in hw if f.signature == p.signature}
    if p.category in (Category.STORAGE, Category.NETWORK) and len(spread) > 1:
        v = Verdict(
            p.category,
            p.layer,
            None,
            Action.RESTART,
            0.7,
            f"{p.category.value} failure seen on {len(spread)} nodes (a shared service): {p.text}",
            primary=p,
        )
        v.why("all", "shared_service", f"{p.signature} on nodes {sorted(map(str, spread))}")
        return v
    v = Verdict(
        p.category,
        p.layer,
        Culprit(p.node, rank),
        p.action,
        0.9,
        f"{p.category.value} on {p.node}: {p.text}",
        primary=p,
    )
    v.why(
        "category, culprit, action",
        "hardware_outranks_software",
        f"{p.signature} on {_where(p)} (severity {p.severity}) explains "
        f"{len(others)} software symptom(s) on other ranks or nodes",
    )
    return v


def _numerical(roots: list[Finding]) -> Verdict | None:
    nans = [f for f in roots if f.category is Category.NUMERICAL]
    if not nans or any(f.severity > 3 for f in roots):
        return None
    by_attempt_step: dict[tuple[int | None, int | None], set[str | None]] = defaultdict(set)
    for f in nans:
        by_attempt_step[(f.attempt, f.step)].add(f.node)
    nodes = {f.node for f in nans}
    attempts = {f.attempt for f in nans if f.attempt is not None}
    steps = {f.step for f in nans}
    p = min(nans, key=_order)
    if any(len(n) >= 2 and s is not None for (_, s), n in by_attempt_step.items()):
        v = Verdict(
            Category.NUMERICAL,
            Layer.SCRIPT,
            None,
            Action.STOP,
            0.9,
            f"NaN at the same step on {len(nodes)} nodes: the application or its data",
            primary=p,
        )
        v.why(
            "all",
            "same_nan_different_nodes",
            "the same NaN at the same step on different physical nodes is the application",
        )
        return v
    if len(nodes) == 1 and len(attempts) >= 2 and len(steps) >= 2:
        node = next(iter(nodes))
        v = Verdict(
            Category.NUMERICAL,
            Layer.INFRASTRUCTURE,
            Culprit(node, None),
            Action.RESTART_WITHOUT_NODE,
            0.75,
            f"NaNs follow {node} across {len(attempts)} attempts at different steps: "
            "suspect silent data corruption there",
            primary=p,
        )
        v.why(
            "all",
            "nan_follows_node",
            "NaNs that follow one node at different steps suggest silent data corruption",
        )
        return v
    if len(attempts) >= 2 and len(steps) == 1:
        v = Verdict(
            Category.NUMERICAL,
            Layer.SCRIPT,
            None,
            Action.STOP,
            0.85,
            f"NaN at step {p.step} again in {len(attempts)} attempts: deterministic",
            primary=p,
        )
        v.why("all", "same_nan_each_attempt", "the same NaN at the same step on every attempt")
        return v
    v = Verdict(
        Category.NUMERICAL,
        Layer.SCRIPT,
        None,
        Action.RESTART,
        0.5,
        f"NaN/Inf loss at step {p.step} on {_where(p)}",
        primary=p,
    )
    v.why(
        "all",
        "single_nan",
        "one NaN sighting: restart from the last checkpoint; a repeat decides app or node",
    )
    return v


def _application_or_first(roots: list[Finding], symptoms: list[Finding]) -> Verdict | None:
    if not roots:
        return None
    p, first = _pick_first_failure(roots)
    n_sym = len({(f.node, f.rank) for f in symptoms} - {(p.node, p.rank)})
    conf = {1: 0.3, 2: 0.45, 3: 0.6, 4: 0.8, 5: 0.9}.get(p.severity, 0.5)
    if p.signature.startswith("exception:") or p.user_frame is not None:
        conf = max(conf, 0.85)
    # A Python exception in the application is no node's fault, whether it is known to be
    # deterministic (stop) or may be transient (restart once; recurrence then stops it).
    app = p.category in APPLICATION and (
        p.action is Action.STOP or p.signature.startswith("exception:")
    )
    culprit = None if app else Culprit(p.node, p.rank)
    category = p.category
    summary = f"{p.text[:160]} on {_where(p)}"
    if p.signature == "exit_code":
        summary = f"{_where(p)} exited with code {p.detail} without an error message"
    if n_sym:
        summary += f"; {n_sym} other rank(s) failed in sympathy"
    v = Verdict(category, p.layer, culprit, p.action, conf, summary, primary=p)
    v.why(
        "culprit",
        "first_failure",
        f"{_where(p)} failed first ({'launcher says so' if first else 'earliest root error'}); "
        f"{n_sym} rank(s) only timed out or lost their peer",
    )
    v.why(
        "category, layer, action",
        f"signature {p.signature}",
        f"{p.category.value}/{p.layer.value}, action {p.action.value}",
    )
    if app:
        v.why(
            "culprit",
            "application_fault",
            "an application or environment error: no node to blame",
        )
    return v


def _network_switch(found: list[Finding], topology: Mapping[str, str]) -> Verdict | None:
    if not topology or any(
        f.category not in (Category.NETWORK, Category.HANG) and f.signature != "exit_code"
        for f in found
        if f.role is Role.ROOT
    ):
        return None
    comm = [f for f in found if f.category is Category.NETWORK]
    nodes = {f.node for f in comm if f.node and (f.role is Role.ROOT or f.severity >= 3)}
    switches = {topology.get(n) for n in nodes}
    if len(nodes) < 2 or len(switches) != 1 or None in switches:
        return None
    sw = next(iter(switches))
    behind = sorted(n for n, s in topology.items() if s == sw)
    v = Verdict(
        Category.NETWORK,
        Layer.INFRASTRUCTURE,
        None,
        Action.RUN_DIAGNOSTICS,
        0.7,
        f"communication errors on {len(nodes)} nodes all behind switch {sw} "
        f"({', '.join(sorted(n for n in nodes if n))}): the network, not the nodes",
        primary=min(comm, key=_order),
    )
    v.why(
        "all",
        "errors_behind_one_switch",
        f"nodes {sorted(n for n in nodes if n)} share switch {sw} (behind it: {behind})",
    )
    return v


def _hang_event(fs: list[Finding]) -> Verdict | None:
    hangs = [f for f in fs if f.signature == "hang_detected"]
    if hangs:
        p = max(hangs, key=lambda f: (f.value or 0.0, _order(f)))
        culprit = Culprit(p.node, p.rank) if p.rank is not None else None
        v = Verdict(
            Category.HANG,
            Layer.INFRASTRUCTURE,
            culprit,
            Action.RESTART if culprit else Action.RUN_DIAGNOSTICS,
            0.7 if culprit else 0.4,
            f"hang: {p.text}",
            primary=p,
        )
        v.why("all", "hang_detected", "the agent saw no progress; suspect from stacks/state")
        return v
    return None


def _silent_rank(symptoms: list[Finding], fs: list[Finding]) -> Verdict | None:
    waits = [f for f in symptoms if f.category in (Category.HANG, Category.NETWORK)]
    if not waits:
        return None
    known = {(f.node, f.rank) for f in fs if f.rank is not None}
    waiting = {(f.node, f.rank) for f in waits if f.rank is not None}
    silent = sorted(known - waiting, key=lambda nr: (nr[0] or "", nr[1] or 0))
    p = min(waits, key=_order)
    if len(silent) == 1:
        node, rank = silent[0]
        v = Verdict(
            Category.HANG,
            Layer.INFRASTRUCTURE,
            Culprit(node, rank),
            Action.RESTART,
            0.6,
            f"{len(waiting)} rank(s) timed out waiting for {node} rank {rank}, "
            "which reported no error: it hung",
            primary=p,
        )
        v.why(
            "all",
            "silent_rank",
            f"every other rank timed out in a collective; {node} rank {rank} never did",
        )
        return v
    v = Verdict(
        Category.HANG,
        Layer.INFRASTRUCTURE,
        None,
        Action.RUN_DIAGNOSTICS,
        0.35,
        f"collective timeouts on {len(waiting)} rank(s) and no root error: {p.text}",
        primary=p,
    )
    v.why("all", "timeouts_without_cause", "only sympathetic timeouts; escalate diagnostics")
    return v


def _straggler(context: list[Finding]) -> Verdict | None:
    times = [f for f in context if f.signature == "step_time" and f.value]
    if len(times) < 2:
        return None
    med = statistics.median(f.value or 0.0 for f in times)
    slow = max(times, key=lambda f: f.value or 0.0)
    if med <= 0 or (slow.value or 0.0) < STRAGGLER_FACTOR * med:
        return None
    v = Verdict(
        Category.STRAGGLER,
        Layer.INFRASTRUCTURE,
        Culprit(slow.node, slow.rank),
        Action.RUN_DIAGNOSTICS,
        0.5,
        f"{_where(slow)} is a straggler: {slow.value:.3f}s per step vs median {med:.3f}s",
        primary=slow,
    )
    v.why("all", "straggler", f"step time > {STRAGGLER_FACTOR}x the median of all ranks")
    return v


def _thermal(v: Verdict, context: list[Finding]) -> None:
    if v.category is not Category.STRAGGLER or v.culprit is None:
        return
    hot = [
        f
        for f in context
        if f.category is Category.STRAGGLER
        and f.role is Role.CONTEXT
        and f.signature != "step_time"
        and f.node == v.culprit.node
    ]
    if hot:
        v.action, v.confidence = Action.RESTART_WITHOUT_NODE, 0.85
        v.summary = f"thermal throttling: {v.summary}; {hot[0].text}"
        v.support.extend(hot)
        v.why("action", "slow_rank_on_hot_node", "a slow rank on a node that clocks down for heat")


def _recurrence(v: Verdict, roots: list[Finding]) -> None:
    p = v.primary
    assert p is not None
    same = [f for f in roots if f.key == p.key or f.signature == p.signature]
    attempts = {f.attempt for f in same if f.attempt is not None}
    if len(attempts) < 2 or v.category is Category.NUMERICAL:
        return
    nodes = {f.node for f in same}
    v.support.extend(f for f in same if f is not p)
    # The application's own exception coming back is the application, even on one node; only
    # errors that are not Python exceptions (signals, hardware lines) point at the node.
    app_exception = v.category in APPLICATION and p.signature.startswith("exception:")
    if v.action is Action.STOP or (v.category in APPLICATION and len(nodes) > 1) or app_exception:
        v.action, v.culprit, v.confidence = Action.STOP, None, max(v.confidence, 0.9)
        v.why(
            "action",
            "recurs_across_attempts",
            f"{p.signature} in {len(attempts)} attempts: deterministic, restarting burns hours",
        )
        return
    if len(nodes) == 1 and p.node:
        ranks = {f.rank for f in same}
        gpu = "cuda" in p.text.lower() or p.category in (Category.GPU_HARDWARE, Category.GPU_MEMORY)
        if v.category not in HARDWARE or v.category is Category.OOM:
            v.category = Category.GPU_HARDWARE if gpu else Category.HOST
            v.layer = Layer.INFRASTRUCTURE
        v.culprit = Culprit(p.node, p.rank if len(ranks) == 1 else None)
        v.action, v.confidence = Action.RESTART_WITHOUT_NODE, max(v.confidence, 0.8)
        v.summary = f"{p.signature} recurs on {p.node} in {len(attempts)} attempts: " + v.summary
        v.why(
            "category, culprit, action",
            "recurs_on_one_node",
            f"the same error on {p.node} in attempts {sorted(attempts)}: that node's hardware",
        )


def _history(v: Verdict, context: list[Finding]) -> None:
    if v.culprit is None or not v.culprit.node:
        return
    past = [
        f
        for f in context
        if f.signature == "past_diagnosis"
        and f.node == v.culprit.node
        and f.category in HARDWARE | {Category.HANG}
    ]
    if not past:
        return
    v.support.extend(past[:3])
    v.confidence = min(1.0, v.confidence + 0.1)
    if v.action in (Action.RESTART, Action.RUN_DIAGNOSTICS):
        v.action = Action.RESTART_WITHOUT_NODE
        v.why(
            "action",
            "recurs_across_jobs",
            f"{v.culprit.node} was blamed in {len(past)} earlier job(s): exclude it",
        )


def _finish(v: Verdict, fs: list[Finding]) -> Diagnosis:
    ev: list[Finding] = []
    if v.primary is not None:
        ev.append(v.primary)
    ev += v.support
    rest = sorted((f for f in fs if f.role is not Role.META and f not in ev), key=_order)
    ev += [f for f in rest if f.role is Role.ROOT] + [f for f in rest if f.role is not Role.ROOT]
    seen: set[str] = set()
    evidence = []
    for f in ev:
        k = f"{f.source}:{f.text}"
        if k not in seen:
            seen.add(k)
            evidence.append(f.evidence())
        if len(evidence) >= 8:
            break
    return Diagnosis(
        category=v.category,
        layer=v.layer,
        culprit=v.culprit,
        action=v.action,
        confidence=round(min(1.0, max(0.0, v.confidence)), 3),
        summary=v.summary.replace("\n", " ")[:300],
        evidence=tuple(evidence),
        explain=tuple(v.explain),
    )
