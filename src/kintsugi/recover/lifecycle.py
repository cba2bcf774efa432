"""The node lifecycle: a pure state machine, and its history kept in the store.

The machine (``next_state``) is pure; ``NodeBook`` replays and appends ``node_state`` events
so a node's state survives across jobs, with the reason and evidence of every transition.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from kintsugi.events import Event, EventKind
from kintsugi.store.api import EventStore

NODES_RUN_ID = "kintsugi-nodes"
"""The run id of node transitions recorded outside any job (the CLI, an operator)."""


class NodeState(StrEnum):
    """Where a node stands. Transitions (trigger: from → to):

    - ``warn``:       healthy | suspect → suspect (a warning, a verdict asking for diagnostics)
    - ``check_pass``: suspect → healthy; healthy → healthy (nothing to do)
    - ``check_fail``: healthy | suspect | cordoned → cordoned (failed checks)
    - ``culprit``:    healthy | suspect | cordoned → cordoned (named culprit by a diagnosis)
    - ``cordon``:     healthy | suspect | validating | cordoned → cordoned (an operator)
    - ``validate``:   cordoned | retired → validating (validation checks start)
    - ``valid_pass``: validating → healthy
    - ``valid_fail``: validating → cordoned (or → retired after ``max_failed_validations``
      failures in a row: see ``after_validation``)
    - ``uncordon``:   healthy | suspect | cordoned | validating → healthy (an operator overrides)
    - ``retire``:     any but retired → retired (an operator, or repeated failed validations)

    A cordoned, validating or retired node takes no work (``usable``); a cordoned node
    rejoins only through a passed validation or an operator's ``uncordon``.
    """

    HEALTHY = "healthy"
    SUSPECT = "suspect"
    CORDONED = "cordoned"
    VALIDATING = "validating"
    RETIRED = "retired"

    @property
    def usable(self) -> bool:
        return self in (NodeState.HEALTHY, NodeState.SUSPECT)


class Trigger(StrEnum):
    """What moves a node (see ``NodeState``)."""

    WARN = "warn"
    CHECK_PASS = "check_pass"
    CHECK_FAIL = "check_fail"
    CULPRIT = "culprit"
    CORDON = "cordon"
    VALIDATE = "validate"
    VALID_PASS = "valid_pass"
    VALID_FAIL = "valid_fail"
    UNCORDON = "uncordon"
    RETIRE = "retire"


_H, _S, _C, _V, _R = (
    NodeState.HEALTHY,
    NodeState.SUSPECT,
    NodeState.CORDONED,
    NodeState.VALIDATING,
    NodeState.RETIRED,
)
_TABLE: dict[Trigger, dict[NodeState, NodeState]] = {
    Trigger.WARN: {_H: _S, _S: _S},
    Trigger.CHECK_PASS: {_H: _H, _S: _H},
    Trigger.CHECK_FAIL: {_H: _C, _S: _C, _C: _C},
    Trigger.CULPRIT: {_H: _C, _S: _C, _C: _C},
    Trigger.CORDON: {_H: _C, _S: _C, _V: _C, _C: _C},
    Trigger.VALIDATE: {_C: _V, _R: _V},
    Trigger.VALID_PASS: {_V: _H},
    Trigger.VALID_FAIL: {_V: _C},
    Trigger.UNCORDON: {_S: _H, _C: _H, _V: _H, _H: _H},
    Trigger.RETIRE: {_H: _R, _S: _R, _C: _R, _V: _R},
}


class IllegalTransition(ValueError):
    """A trigger that does not apply to the node's state (e.g. ``uncordon`` a retired node)."""


def next_state(state: NodeState, trigger: Trigger) -> NodeState:
    """The state ``trigger`` moves ``state`` to.

    Raises:
        IllegalTransition: the trigger does not apply in this state.
    """
    to = _TABLE[trigger].get(state)
    if to is None:
        raise IllegalTransition(f"cannot {trigger.value} a node that is {state.value}")
    return to


def after_validation(
    passed: bool, failed_in_a_row: int, max_failed_validations: int = 3
) -> Trigger:
    """The trigger that ends a validation: pass, fail, or retire after repeated failures.

    Args:
        passed: the validation checks passed.
        failed_in_a_row: failed validations before this one since the node was last healthy.
        max_failed_validations: failures in a row after which the node is retired.
    """
    if passed:
        return Trigger.VALID_PASS
    if failed_in_a_row + 1 >= max_failed_validations:
        return Trigger.RETIRE
    return Trigger.VALID_FAIL


@dataclass(frozen=True, slots=True)
class Transition:
    """One recorded move of a node."""

    node: str
    previous: NodeState
    state: NodeState
    trigger: Trigger
    reason: str
    evidence: tuple[str, ...] = ()
    ts: float = field(default_factory=time.time)

    def payload(self) -> dict[str, Any]:
        """The ``node_state`` event payload."""
        return {
            "state": self.state.value,
            "reason": self.reason,
            "previous": self.previous.value,
            "trigger": self.trigger.value,
            "evidence": list(self.evidence),
        }

    @classmethod
    def from_event(cls, e: Event) -> Transition:
        d = e.data
        return cls(
            node=e.node,
            previous=NodeState(d.get("previous", "healthy")),
            state=NodeState(d["state"]),
            trigger=Trigger(d.get("trigger", "cordon")),
            reason=str(d["reason"]),
            evidence=tuple(str(x) for x in d.get("evidence", [])),
            ts=e.ts,
        )


@dataclass(frozen=True, slots=True)
class NodeRecord:
    """A node's current state and the transition that put it there."""

    node: str
    state: NodeState
    last: Transition | None
    failed_validations: int = 0
    """Failed validations in a row since the node was last healthy."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "node": self.node,
            "state": self.state.value,
            "reason": self.last.reason if self.last else "",
            "since": self.last.ts if self.last else None,
            "trigger": self.last.trigger.value if self.last else None,
            "evidence": list(self.last.evidence) if self.last else [],
            "failed_validations": self.failed_validations,
        }


def replay(transitions: Sequence[Transition]) -> dict[str, NodeRecord]:
    """Every node's record from its transitions (oldest first); unknown nodes are healthy."""
    out: dict[str, NodeRecord] = {}
    for t in sorted(transitions, key=lambda t: t.ts):
        prev = out.get(t.node)
        fails = prev.failed_validations if prev else 0
        if t.trigger in (Trigger.VALID_FAIL, Trigger.RETIRE) and t.previous is _V:
            fails += 1
        elif t.state is _H:
            fails = 0
        out[t.node] = NodeRecord(t.node, t.state, t, fails)
    return out


class NodeBook:
    """Node states kept as ``node_state`` events in a store, shared by every job using it.

    Two writers racing on one node both append; the later event wins on replay.
    """

    def __init__(self, store: EventStore, run_id: str = NODES_RUN_ID) -> None:
        self._store = store
        self._run_id = run_id

    @property
    def store(self) -> EventStore:
        return self._store

    def records(self) -> dict[str, NodeRecord]:
        """Every node the store has a transition for."""
        events = self._store.events(kinds=[EventKind.NODE_STATE])
        return replay([Transition.from_event(e) for e in events if e.node])

    def record(self, node: str) -> NodeRecord:
        """One node's record (healthy with no history when the store never saw it)."""
        return self.records().get(node, NodeRecord(node, NodeState.HEALTHY, None))

    def apply(
        self, node: str, trigger: Trigger, reason: str, evidence: Sequence[str] = ()
    ) -> Transition:
        """Moves ``node`` by ``trigger`` and records the transition (even a self-loop).

        Raises:
            IllegalTransition: the trigger does not apply to the node's current state.
            StoreUnavailable: the store cannot be written.
        """
        current = self.record(node).state
        t = Transition(
            node=node,
            previous=current,
            state=next_state(current, trigger),
            trigger=trigger,
            reason=reason,
            evidence=tuple(evidence),
        )
        self._store.append(
            [Event(EventKind.NODE_STATE, self._run_id, t.payload(), node=node, ts=t.ts)]
        )
        return t

    def finish_validation(
        self, node: str, passed: bool, evidence: Sequence[str], max_failed_validations: int = 3
    ) -> Transition:
        """Ends a validation of ``node`` (which must be ``validating``) as passed or failed."""
        rec = self.record(node)
        trigger = after_validation(passed, rec.failed_validations, max_failed_validations)
        if trigger is Trigger.RETIRE:
            reason = f"failed validation {rec.failed_validations + 1} times in a row"
        else:
            reason = "validation passed" if passed else "validation failed"
        return self.apply(node, trigger, reason, evidence)
