"""Slowdowns and numeric faults, seen from the agent: the straggle detectors fed with what the
ranks report, and their findings turned into event payloads and verdicts.

The statistics live in :mod:`kintsugi.straggle` (pure); this module only adapts the rank
messages to them and a NaN history to a ``Diagnosis`` the restart policy can act on.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kintsugi.events import JSON, Action, Category, Culprit, Diagnosis, EventKind, Evidence, Layer
from kintsugi.runtime import messages as m
from kintsugi.straggle import (
    LossSpikeDetector,
    NonFiniteReport,
    NonFiniteTracker,
    NumericCause,
    NumericVerdict,
    Straggler,
    StragglerDetector,
)


@dataclass(slots=True)
class StepWatch:
    """Per-agent detectors over this node's ranks, across attempts."""

    node: str
    stragglers: StragglerDetector = field(default_factory=StragglerDetector)
    spikes: LossSpikeDetector = field(default_factory=LossSpikeDetector)
    nans: NonFiniteTracker = field(default_factory=NonFiniteTracker)
    persistent: Straggler | None = None
    """The newest persistent straggler on this node, if any (acted on at a checkpoint)."""
    nan_seen: bool = False
    """A NaN was reported in the current attempt (one verdict per attempt)."""

    def new_attempt(self) -> None:
        self.stragglers.forget()
        self.spikes.forget()
        self.nans.attempt_nodes([self.node])
        self.nan_seen = False

    def on_step(self, msg: m.Step) -> list[tuple[EventKind, dict[str, JSON]]]:
        """Feeds one step; returns events to record (stragglers, loss spikes)."""
        out: list[tuple[EventKind, dict[str, JSON]]] = []
        if msg.dt is not None and msg.comm_s is not None:
            for s in self.stragglers.observe(msg.rank, self.node, msg.step, msg.dt, msg.comm_s):
                out.append((EventKind.STRAGGLER, s.event_data()))
                if s.persistent and s.node == self.node:
                    self.persistent = s
        if isinstance(msg.loss, float):
            spike = self.spikes.observe(msg.rank, msg.step, msg.loss)
            if spike is not None:
                out.append((EventKind.LOSS_SPIKE, spike.event_data()))
        return out

    def on_nonfinite(
        self, msg: m.NonFinite, attempt: int
    ) -> tuple[dict[str, JSON], NumericVerdict | None]:
        """Records a NaN report; returns its event payload and, for the attempt's first NaN,
        the verdict over the run's NaN history (None for later reports of the same attempt)."""
        report = NonFiniteReport(
            attempt=attempt, step=msg.step, rank=msg.rank, node=self.node, where=msg.where
        )
        verdict = self.nans.add(report)
        first = not self.nan_seen
        self.nan_seen = True
        return report.event_data(), verdict if first else None


def numeric_diagnosis(v: NumericVerdict, rank: int, where: str, step: int | None) -> Diagnosis:
    """The verdict for a NaN: roll back once, stop when it is the application's, exclude a
    node it follows (suspected silent data corruption)."""
    ev = (Evidence(source="event:nan", text=v.evidence or f"non-finite {where}"),)
    if v.cause is NumericCause.APPLICATION:
        return Diagnosis(
            category=Category.NUMERICAL,
            layer=Layer.SCRIPT,
            culprit=None,
            action=Action.STOP,
            confidence=0.9,
            summary=f"non-finite {where} at the same iteration again ({v.step}): the "
            f"application or its data, restarting cannot help; {v.evidence}",
            evidence=ev,
        )
    if v.cause is NumericCause.NODE and v.node is not None:
        return Diagnosis(
            category=Category.GPU_HARDWARE,
            layer=Layer.INFRASTRUCTURE,
            culprit=Culprit(v.node, None),
            action=Action.RESTART_WITHOUT_NODE,
            confidence=0.7,
            summary=f"non-finite {where} follows node {v.node}, not the iteration: suspected "
            f"silent data corruption; {v.evidence}",
            evidence=ev,
        )
    return Diagnosis(
        category=Category.NUMERICAL,
        layer=Layer.SCRIPT,
        culprit=None,
        action=Action.RESTART,
        confidence=0.5,
        summary=f"non-finite {where} on rank {rank} at step {step}: rolling back to the last "
        "checkpoint; the same iteration again will stop the run",
        evidence=ev,
    )


def straggler_reason(s: Straggler) -> str:
    """Why a persistently slow node leaves for a spare, in one line."""
    who = f"node {s.node} (ranks {list(s.ranks)})" if s.node_wide else f"rank {s.rank} on {s.node}"
    return f"{who} persistently {s.slowdown:.1f}x slower than the others (step {s.step})"


def straggler_diagnosis(s: Straggler, reason: str) -> Diagnosis:
    """The verdict for a persistent straggler replaced by a spare."""
    return Diagnosis(
        category=Category.STRAGGLER,
        layer=Layer.INFRASTRUCTURE,
        culprit=Culprit(s.node, None if s.node_wide else s.rank),
        action=Action.RESTART_WITHOUT_NODE,
        confidence=0.7,
        summary=f"{reason}: replaced by a spare at the checkpoint boundary",
        evidence=(Evidence(source="event:straggler", text=s.evidence()),),
    )
