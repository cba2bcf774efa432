"""Findings: single observations (a log line, an event, a DCGM result) that the rules correlate.

Both the live path (agent events) and the offline path (a bundle of logs) produce findings;
one rule set turns them into a Diagnosis.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from kintsugi.diagnose.parse_state import Context
from kintsugi.diagnose.signatures import Role
from kintsugi.events import Action, Category, Evidence, Layer

OWN_PACKAGE = "own_package"
"""``Finding.detail`` of an import error for a module of the user's own package."""
PROGRESS_NAN = "progress"
"""The ``detail`` of a NaN finding read from a progress line: its loss may be the job's,
reduced over the ranks, not the rank's own."""
REPORTED = "reported_by_peer"
"""The signature of an error one rank reports for others (a checkpoint's gathered errors),
read as the signature in its ``detail`` says, for when the failed ranks' own logs are not in
the bundle (``rules_first.reported_failures``)."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One observation with its meaning and where it was made."""

    signature: str
    """Signature name, ``exception:<Type>``, or the producing parser's name."""
    category: Category
    layer: Layer
    action: Action
    severity: int
    role: Role
    text: str
    source: str
    """The file (relative to the bundle) or ``event:<kind>``."""
    node: str | None = None
    rank: int | None = None
    attempt: int | None = None
    line: int | None = None
    event_id: str | None = None
    ts: float | None = None
    ts_exact: bool = True
    """False when ``ts`` is only a lower bound (the last stamped line before this one)."""
    order: int = 0
    """Position in its source, to order findings that have no timestamp."""
    step: int | None = None
    first: bool = False
    """The launcher or agent says this rank failed first."""
    detail: str = ""
    """Extra key for recurrence (XID number, GPU, exception type, DCGM test)."""
    value: float | None = None
    """A measurement (median step time) where the finding is one."""
    user_frame: bool | None = None
    """For exceptions: whether the innermost frame is user code (None: no traceback)."""
    peer: str | None = None
    """An address or host the line blames (a peer's IB completion error, a reset by peer)."""
    stamp: str = ""
    """The stamp a collector put before the line (journald's or ``kubectl logs``' RFC 3339),
    which ``text`` no longer carries: its date and UTC offset."""

    @property
    def key(self) -> str:
        """What counts as 'the same error' for recurrence."""
        return f"{self.signature}:{self.detail}" if self.detail else self.signature

    def evidence(self) -> Evidence:
        text = self.text if len(self.text) <= 300 else self.text[:297] + "..."
        where = self.source
        if self.node and not where.startswith(self.node) and where.startswith("event:"):
            where = f"{where} ({self.node})"
        return Evidence(source=where, text=text, line=self.line, event_id=self.event_id)

    def with_(self, **changes: object) -> Finding:
        return replace(self, **changes)  # type: ignore[arg-type]


def timing(signature: str, text: str, ctx: Context, rank: int | None, value: float) -> Finding:
    """A timing measurement: context for the straggler rules, no failure by itself."""
    return Finding(
        signature=signature,
        category=Category.STRAGGLER,
        layer=Layer.INFRASTRUCTURE,
        action=Action.RUN_DIAGNOSTICS,
        severity=1,
        role=Role.CONTEXT,
        text=text,
        source=ctx.source,
        node=ctx.node,
        rank=rank,
        attempt=ctx.attempt,
        value=value,
    )
