"""The restart policy: given what every attempt so far ended with, restart or stop?

A pure function over data (``decide``), in the manner of elastic's rendezvous state machine:
the agent carries the decision out. Rules, in order:

1. The diagnosis says ``stop`` (a deterministic application or environment error).
2. The same failure (exception type, message and iteration) ended the previous attempt too,
   and the diagnosis puts it in the application: a deterministic bug; restarting only burns
   GPU hours.
3. ``max_no_progress`` attempts in a row made no progress (no new step beyond the best seen).
4. The restart budget is spent.
5. The diagnosis blames this node and asks to restart without it: this node leaves, so the
   others re-form (or a spare waiting in the rendezvous joins). A single-node job cannot
   exclude its only node: it restarts, and rules 2-4 bound the retries.
6. Otherwise restart, after a back-off that is 0 for a first failure and doubles with each
   consecutive failure that made no progress.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from kintsugi.events import APPLICATION, Action, Diagnosis


class DecisionKind(StrEnum):
    RESTART = "restart"
    STOP = "stop"
    LEAVE = "leave"
    """This node is the culprit: stop its workers and leave the job to the others."""


@dataclass(kw_only=True, slots=True)
class PolicyConfig:
    """Limits of the restart policy."""

    max_restarts: int = 10
    """Restarts allowed in the whole run."""
    max_no_progress: int = 3
    """Consecutive attempts without progress after which the run stops."""
    backoff_s: float = 0.5
    """Back-off after the second consecutive failure; doubles after each further one."""
    backoff_max_s: float = 30.0
    can_exclude: bool = True
    """Whether the job can go on without a node (more than one node, or spares waiting)."""

    def __post_init__(self) -> None:
        if self.max_restarts < 0 or self.max_no_progress < 1:
            raise ValueError("max_restarts must be >= 0 and max_no_progress >= 1")
        if self.backoff_s < 0 or self.backoff_max_s < 0:
            raise ValueError("back-off must be >= 0")


@dataclass(frozen=True, slots=True)
class AttemptOutcome:
    """How one attempt ended, as far as the policy cares."""

    attempt: int
    failure: str
    """``crash``, ``hang`` or ``peer`` (another node failed first)."""
    signature: str | None
    """Identifies a deterministic failure: exception type, message and iteration."""
    start_step: int | None
    """The step training resumed from (the checkpoint's), or None from scratch."""
    max_step: int | None
    """The furthest step any local rank reported."""


@dataclass(frozen=True, slots=True)
class Decision:
    kind: DecisionKind
    reason: str
    backoff_s: float = 0.0
    suspect: bool = False
    """A restart whose verdict names this node, too weakly to exclude it: where a spare
    waits, the spare takes its place in the next round and this node waits instead."""


def made_progress(o: AttemptOutcome, best_before: int | None) -> bool:
    """True if the attempt got beyond every step reached before it."""
    if o.max_step is None:
        return False
    return best_before is None or o.max_step > best_before


def decide(
    outcomes: Sequence[AttemptOutcome],
    diagnosis: Diagnosis | None,
    restarts_done: int,
    config: PolicyConfig,
    this_node: str,
) -> Decision:
    """Decides what to do after the newest outcome in ``outcomes``."""
    if not outcomes:
        raise ValueError("decide() needs at least one outcome")
    last = outcomes[-1]
    if diagnosis is not None and diagnosis.action is Action.STOP:
        return Decision(DecisionKind.STOP, f"diagnosis: {diagnosis.summary}")
    # Only an application's own failure can be a deterministic bug: a rank that lost its peer
    # (network, hang, a killed host) may fail "the same way" twice by coincidence.
    own = diagnosis is None or diagnosis.category in APPLICATION
    if own and len(outcomes) >= 2 and last.signature is not None:
        prev = outcomes[-2]
        if prev.signature == last.signature:
            return Decision(
                DecisionKind.STOP,
                f"deterministic failure: {last.signature} ended attempts "
                f"{prev.attempt} and {last.attempt}",
            )
    stalled = _consecutive_without_progress(outcomes)
    if stalled >= config.max_no_progress:
        return Decision(
            DecisionKind.STOP,
            f"no progress in {stalled} attempts in a row (best step "
            f"{_best(outcomes)}); restarting again would not help",
        )
    if restarts_done >= config.max_restarts:
        return Decision(DecisionKind.STOP, f"restart budget spent ({config.max_restarts} restarts)")
    culprit = diagnosis.culprit if diagnosis is not None else None
    names_me = culprit is not None and culprit.node == this_node
    if (
        config.can_exclude
        and names_me
        and diagnosis is not None
        and diagnosis.action is Action.RESTART_WITHOUT_NODE
    ):
        return Decision(DecisionKind.LEAVE, f"this node is the culprit: {diagnosis.summary}")
    backoff = 0.0
    if stalled >= 1 and len(outcomes) >= 2:
        backoff = min(config.backoff_max_s, config.backoff_s * 2 ** (stalled - 1))
    why = diagnosis.summary if diagnosis is not None else last.failure
    suspect = names_me and last.failure != "peer"
    return Decision(DecisionKind.RESTART, f"{last.failure}: {why}", backoff, suspect=suspect)


def _best(outcomes: Sequence[AttemptOutcome]) -> int | None:
    steps = [o.max_step for o in outcomes if o.max_step is not None]
    return max(steps) if steps else None


def _consecutive_without_progress(outcomes: Sequence[AttemptOutcome]) -> int:
    """How many attempts at the end of ``outcomes`` reached no new best step."""
    count = 0
    for i in range(len(outcomes) - 1, -1, -1):
        if made_progress(outcomes[i], _best(outcomes[:i])):
            break
        count += 1
    return count
