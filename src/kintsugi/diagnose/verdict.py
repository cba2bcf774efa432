"""A verdict under construction and the small helpers every rule shares."""

from __future__ import annotations

from dataclasses import dataclass, field

from kintsugi.diagnose.findings import Finding
from kintsugi.events import NODE_HARDWARE, Action, Category, Culprit, Layer

HARDWARE = NODE_HARDWARE | {Category.NETWORK, Category.STORAGE, Category.OOM}
"""Evidence from below the application (a part, a link, a disk, the kernel's OOM killer): it
outranks the software symptoms it causes."""
GPU = (Category.GPU_HARDWARE, Category.GPU_MEMORY, Category.NVLINK)
"""A GPU's own faults: its rank is the one on that device."""
TIME_SLACK_S = 1.0
"""Two failures closer than this are simultaneous: other evidence decides which came first."""


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


def where(f: Finding) -> str:
    """``node rank N attempt M`` of a finding, for summaries."""
    parts = [f.node or "?"]
    if f.rank is not None:
        parts.append(f"rank {f.rank}")
    if f.attempt is not None:
        parts.append(f"attempt {f.attempt}")
    return " ".join(parts)


def order(f: Finding) -> tuple[float, int]:
    """Time, then position in its source; findings without a time sort last."""
    return (f.ts if f.ts is not None else float("inf"), f.order)


def rank_on_node(node: str | None, found: list[Finding]) -> int | None:
    """The rank that died first on ``node``, to pin a node-level line on a process."""
    died = [f for f in found if f.node == node and f.rank is not None]
    return min(died, key=order).rank if died else None
