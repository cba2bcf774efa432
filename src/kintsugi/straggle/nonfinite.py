"""NaN and Inf across attempts: the application (or its data), or one node's hardware?

Practitioners' rule: the same NaN at the same iteration again, on the same or other nodes,
is deterministic, so it is the application or its data (a ``numerical`` verdict: stop, or
roll back and skip the data window). NaNs that follow one node while the iteration changes
point to silent data corruption on that node (exclude it and run its level-2 health check).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from kintsugi.events import JSON


class NumericCause(StrEnum):
    """What repeated non-finite values point to."""

    APPLICATION = "application"
    """The same iteration again: the model, its hyper-parameters or its data."""
    NODE = "node"
    """The NaN follows one node across iterations: suspected silent data corruption."""
    UNDECIDED = "undecided"
    """Too little evidence yet (one occurrence, or no pattern)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class NonFiniteReport:
    """One NaN/Inf seen by a rank."""

    attempt: int
    step: int | None
    rank: int
    node: str
    where: str = "loss"
    """``loss``, ``grad``, ``param`` or a metric's name."""

    def event_data(self) -> dict[str, JSON]:
        """The payload of a ``nan`` event."""
        return {
            "rank": self.rank,
            "node": self.node,
            "step": self.step,
            "where": self.where,
            "attempt": self.attempt,
        }


@dataclass(frozen=True, kw_only=True, slots=True)
class NumericVerdict:
    """The classification of the NaN history of a run."""

    cause: NumericCause
    step: int | None = None
    """The recurring iteration (APPLICATION)."""
    node: str | None = None
    """The suspected node (NODE)."""
    attempts: tuple[int, ...] = ()
    """The attempts whose first NaN supports the verdict."""
    evidence: str = ""


@dataclass(frozen=True, slots=True)
class _Onset:
    """Where an attempt's NaN began: its earliest step and every node reporting at it."""

    attempt: int
    step: int | None
    nodes: frozenset[str]
    where: str


def _onsets(reports: Iterable[NonFiniteReport]) -> list[_Onset]:
    """The onset of each attempt: later reports are mostly the NaN spreading."""
    by_attempt: dict[int, list[NonFiniteReport]] = {}
    for r in reports:
        by_attempt.setdefault(r.attempt, []).append(r)
    out = []
    for attempt in sorted(by_attempt):
        rs = by_attempt[attempt]
        known = [r.step for r in rs if r.step is not None]
        first = min(known) if known else None
        at = [r for r in rs if r.step == first]
        out.append(_Onset(attempt, first, frozenset(r.node for r in at), at[0].where))
    return out


def classify_nonfinite(
    reports: Iterable[NonFiniteReport],
    nodes: Iterable[str] | None = None,
    min_repeats: int = 2,
    stop_after: int = 3,
) -> NumericVerdict:
    """Classifies NaN/Inf reports gathered over a run's attempts.

    Args:
        reports: every report so far, any order, all attempts.
        nodes: every node that took part in those attempts (NaN or not); needed to blame a
            node, since a NaN that "follows one node" must spare the others.
        min_repeats: attempts that must agree before a verdict (2 = the second occurrence).
        stop_after: attempts with a NaN after which, with no node to blame, the verdict is
            APPLICATION anyway, so that recovery stops instead of looping.

    Returns:
        APPLICATION when the NaN began at the same iteration in ``min_repeats`` attempts
        (whatever the nodes); NODE when it began on one node alone in ``min_repeats`` attempts
        (and most attempts) at different iterations while other nodes took part; APPLICATION
        again once ``stop_after`` attempts had one and no node is to blame; else UNDECIDED.
    """
    onsets = _onsets(reports)
    if len(onsets) < min_repeats:
        return NumericVerdict(
            cause=NumericCause.UNDECIDED, evidence=f"{len(onsets)} attempt(s) with a NaN"
        )
    by_step: dict[int, list[_Onset]] = {}
    for o in onsets:
        if o.step is not None:
            by_step.setdefault(o.step, []).append(o)
    if by_step:
        step, same = max(by_step.items(), key=lambda kv: (len(kv[1]), -kv[0]))
        if len(same) >= min_repeats:
            seen = sorted(set().union(*(o.nodes for o in same)))
            where = "different nodes " + ", ".join(seen) if len(seen) > 1 else f"node {seen[0]}"
            return NumericVerdict(
                cause=NumericCause.APPLICATION,
                step=step,
                attempts=tuple(o.attempt for o in same),
                evidence=(
                    f"non-finite {same[0].where} at iteration {step} in {len(same)} attempts "
                    f"(on {where}): deterministic, so the application or its data"
                ),
            )
    alone: dict[str, list[_Onset]] = {}
    for o in onsets:
        if len(o.nodes) == 1:
            alone.setdefault(next(iter(o.nodes)), []).append(o)
    # "Follows one node" needs other nodes that stayed clean; on a one-node job varying
    # iterations could as well be a non-deterministic application.
    everyone = set(nodes or ()).union(*(o.nodes for o in onsets))
    if alone:
        node, hits = max(alone.items(), key=lambda kv: len(kv[1]))
        if len(hits) >= min_repeats and 2 * len(hits) > len(onsets) and everyone - {node}:
            steps = [o.step for o in hits]
            return NumericVerdict(
                cause=NumericCause.NODE,
                node=node,
                attempts=tuple(o.attempt for o in hits),
                evidence=(
                    f"non-finite values began on node {node} alone in {len(hits)} of "
                    f"{len(onsets)} attempts, at different iterations {steps}: suspected "
                    "silent data corruption on that node"
                ),
            )
    if len(onsets) >= stop_after:
        return NumericVerdict(
            cause=NumericCause.APPLICATION,
            attempts=tuple(o.attempt for o in onsets),
            evidence=(
                f"non-finite values in {len(onsets)} attempts, not tied to one node (iterations "
                f"{[o.step for o in onsets]}, counted from each attempt's start where the "
                "script keeps no step count): treated as the application, to stop, not loop"
            ),
        )
    return NumericVerdict(
        cause=NumericCause.UNDECIDED,
        evidence=f"NaNs in {len(onsets)} attempts at different iterations, no single node",
    )


class NonFiniteTracker:
    """Collects NaN reports across attempts and classifies them (see classify_nonfinite)."""

    def __init__(self, min_repeats: int = 2, stop_after: int = 3) -> None:
        self.min_repeats = min_repeats
        self.stop_after = stop_after
        self.reports: list[NonFiniteReport] = []
        self.nodes: set[str] = set()

    def attempt_nodes(self, nodes: Iterable[str]) -> None:
        """Records the nodes of an attempt (call it at each attempt start)."""
        self.nodes.update(nodes)

    def add(self, report: NonFiniteReport) -> NumericVerdict:
        """Records one report; returns the verdict over everything seen so far."""
        self.reports.append(report)
        self.nodes.add(report.node)
        return classify_nonfinite(self.reports, self.nodes, self.min_repeats, self.stop_after)
