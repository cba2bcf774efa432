"""The first failure across ranks and nodes, by time intervals, and the verdict it gives."""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Mapping, Sequence

from kintsugi.diagnose.findings import REPORTED, Finding
from kintsugi.diagnose.signatures import Role
from kintsugi.diagnose.verdict import (
    TIME_SLACK_S,
    Verdict,
    order,
    rank_on_node,
    where,
)
from kintsugi.events import APPLICATION, Action, Culprit

# Roots that say only "this process died"; on a rank that also timed out or lost its peer
# they are the launcher's or the process group's reaction, not a cause.
GENERIC = {"abort", "exit_code", "sigkill", "segfault"}
SOFT_SLACK_S = 60.0
"""Failures whose times are only lower bounds are ordered by them when this far apart."""


def _before(a: list[Finding], b: list[Finding], newest: int | None) -> int:
    """Orders two ranks' failures: the diagnosed attempt, real errors, then time across nodes.

    The launcher's "first" only breaks ties: each node's torchrun names its own first rank.
    """

    def facts(
        fs: list[Finding],
    ) -> tuple[bool, bool, tuple[float, float], bool, int, tuple[float, int]]:
        best = max(fs, key=lambda f: f.severity)
        # when the failure happened, as an interval: a stamp borrowed from an earlier line
        # is only a lower bound
        lower = min((f.ts for f in fs if f.ts is not None), default=float("-inf"))
        upper = min((f.ts for f in fs if f.ts is not None and f.ts_exact), default=float("inf"))
        return (
            fs[0].attempt == newest or newest is None,
            best.severity > 1,
            (lower, upper),
            any(f.first for f in fs),
            best.severity,
            min(order(f) for f in fs),
        )

    fa, fb = facts(a), facts(b)
    for x, y in ((fa[0], fb[0]), (fa[1], fb[1])):
        if x != y:
            return -1 if x else 1
    (la, ua), (lb, ub) = fa[2], fb[2]
    if ua < lb - TIME_SLACK_S:
        return -1
    if ub < la - TIME_SLACK_S:
        return 1
    same_node = a[0].node == b[0].node
    if same_node and fa[3] != fb[3]:
        return -1 if fa[3] else 1  # one torchrun saw both: its root cause is reliable
    # a borrowed stamp is usually close: far apart, the earlier one is likely first
    if la > float("-inf") and lb > float("-inf") and abs(la - lb) > SOFT_SLACK_S:
        return -1 if la < lb else 1
    for x2, y2 in ((fa[3], fb[3]), (fa[4], fb[4])):
        if x2 != y2:
            return -1 if x2 > y2 else 1
    return -1 if fa[5] < fb[5] else (1 if fa[5] > fb[5] else 0)


def _pick_first_failure(roots: Sequence[Finding]) -> tuple[Finding, bool, bool]:
    """The rank that failed first; whether the launcher says so; whether times decided."""
    by_rank: dict[tuple[str | None, int | None, int | None], list[Finding]] = defaultdict(list)
    for f in roots:
        by_rank[(f.node, f.rank, f.attempt)].append(f)
    # the newest attempt is the failure being diagnosed
    newest = max((a for _, _, a in by_rank if a is not None), default=None)

    def cmp(a: list[Finding], b: list[Finding]) -> int:
        return _before(a, b, newest)

    groups = sorted(by_rank.values(), key=functools.cmp_to_key(cmp))
    group = groups[0]
    timed = len(groups) > 1 and any(f.ts is not None and f.ts_exact for f in group)
    # at equal severity, the rank's own report (with its traceback) says more than a bare line,
    # and a known failure's message more than the bare type of the exception that carried it
    # (DCP's CheckpointException wrapping "Missing key in checkpoint state_dict")
    primary = max(
        group,
        key=lambda f: (
            f.severity,
            f.signature != "exit_code",
            not f.signature.startswith("exception:"),
            f.user_frame is not None,
            -f.order,
        ),
    )
    return primary, any(f.first for f in group), timed


def reported_failures(
    roots: list[Finding], context: list[Finding], homes: Mapping[int, str]
) -> list[Finding]:
    """``roots``; where nothing failed in the bundle's own words, the errors a rank reported
    for others (a checkpoint's gathered errors: ``OSError: [Errno 116] Stale file handle``
    of ranks whose logs the bundle lacks), read as what they say: the failed rank's, where
    the report names it, on that rank's node where the bundle places it (not the
    reporter's)."""
    if roots:
        return roots
    return [
        f.with_(
            signature=f.detail, role=Role.ROOT, node=None if f.rank is None else homes.get(f.rank)
        )
        for f in context
        if f.signature == REPORTED
    ]


def application_or_first(roots: list[Finding], symptoms: list[Finding]) -> Verdict | None:
    if not roots:
        return None
    p, first, timed = _pick_first_failure(roots)
    explained_by = _node_explains(p, roots)
    n_sym = len({(f.node, f.rank) for f in symptoms} - {(p.node, p.rank)})
    conf = {1: 0.3, 2: 0.45, 3: 0.6, 4: 0.8, 5: 0.9}.get(p.severity, 0.5)
    if p.signature.startswith("exception:") or p.user_frame is not None:
        conf = max(conf, 0.85)
    # A Python exception in the application is no node's fault, whether it is known to be
    # deterministic (stop) or may be transient (restart once; recurrence then stops it).
    # Any failure whose remedy is to stop (a corrupt checkpoint, a full shared file system)
    # is the job's, not a node's: stopping excludes no one.
    app = p.action is Action.STOP or (
        p.category in APPLICATION and p.signature.startswith("exception:")
    )
    rank = p.rank if p.rank is not None else rank_on_node(p.node, roots)
    if explained_by is not None:
        # the node's own record of the death decides: a part that failed names the node; the
        # job's own memory use (the OOM killer, no foreign process) is the job's, like any stop
        p, rank = explained_by, p.rank
        app = p.action is Action.STOP
    # the job's own failure names no node, even where it says which rank ran out of memory:
    # every blind author but one labelled it so, and stopping excludes no one
    culprit = None if app else Culprit(p.node, rank)
    summary = f"{p.text[:160]} on {where(p)}"
    if p.signature == "exit_code":
        summary = f"{where(p)} exited with code {p.detail} without an error message"
    if n_sym:
        summary += f"; {n_sym} other rank(s) failed in sympathy"
    v = Verdict(p.category, p.layer, culprit, p.action, conf, summary, primary=p)
    how = "earliest by the logs' timestamps" if timed else "earliest root error"
    v.why(
        "culprit",
        "first_failure",
        f"{where(p)} failed first ({'launcher says so, ' if first else ''}{how}); "
        f"{n_sym} rank(s) only timed out or lost their peer",
    )
    v.why(
        "category, layer, action",
        f"signature {p.signature}",
        f"{p.category.value}/{p.layer.value}, action {p.action.value}",
    )
    if app:
        v.why("culprit", "application_fault", "an application or environment error: no node")
    if explained_by is not None:
        v.why("category, layer, action", "node_explains_death", f"{p.signature} on {p.node}")
    return v


def _node_explains(p: Finding, roots: list[Finding]) -> Finding | None:
    """A node-level line (the OOM killer, a kernel error) that explains a bare process death."""
    if p.signature not in GENERIC:
        return None
    why = [
        f
        for f in roots
        if f.node == p.node
        and f.rank is None
        # a bare death is explained by anything specific of at least its severity (the
        # C++ exception's "what():" after "terminate called after throwing")
        and (f.severity > p.severity or (f.severity == p.severity and f.signature not in GENERIC))
        and f.attempt == p.attempt
    ]
    return max(why, key=lambda f: (f.severity, -order(f)[0])) if why else None
