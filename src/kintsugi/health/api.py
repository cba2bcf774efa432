"""Health checks as data: levels, statuses, one check's result and a node's report.

Levels follow DCGM's diagnostics (1 quick … 4 extended, cumulative); see docs/health.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import Any


class Level(IntEnum):
    """How deep to look; each level runs the checks of the levels below it too."""

    QUICK = 1
    MEDIUM = 2
    LONG = 3
    EXTENDED = 4


class Status(StrEnum):
    """The outcome of one check (and of a report: its worst check)."""

    PASS = "pass"
    WARN = "warn"
    FAIL = "fail"
    SKIP = "skip"


_RANK = {Status.SKIP: 0, Status.PASS: 1, Status.WARN: 2, Status.FAIL: 3}


def worst(statuses: list[Status]) -> Status:
    """The report's status: fail > warn > pass > skip; all skipped (or none) is ``skip``."""
    return max(statuses, key=_RANK.__getitem__, default=Status.SKIP)


@dataclass(frozen=True, slots=True)
class CheckResult:
    """What one check found."""

    name: str
    status: Status
    detail: str
    duration_s: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "status": self.status.value,
            "detail": self.detail,
            "duration_s": round(self.duration_s, 4),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CheckResult:
        return cls(
            name=str(d["name"]),
            status=Status(d["status"]),
            detail=str(d.get("detail", "")),
            duration_s=float(d.get("duration_s", 0.0)),
        )


@dataclass(frozen=True, slots=True)
class HealthReport:
    """One node's checks at one level; ``status`` is the worst check's."""

    level: int
    node: str
    checks: tuple[CheckResult, ...]
    duration_s: float
    source: str = "builtin"
    """``builtin`` or ``dcgm``: who ran the GPU checks."""

    @property
    def status(self) -> Status:
        return worst([c.status for c in self.checks])

    @property
    def failed(self) -> list[CheckResult]:
        return [c for c in self.checks if c.status is Status.FAIL]

    @property
    def exit_code(self) -> int:
        """0, or 1 when a check failed (what Slurm's Prolog and HealthCheckProgram read)."""
        return 1 if self.failed else 0

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` form and the ``health_check`` event payload."""
        return {
            "level": self.level,
            "node": self.node,
            "status": self.status.value,
            "duration_s": round(self.duration_s, 4),
            "source": self.source,
            "checks": [c.to_dict() for c in self.checks],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HealthReport:
        return cls(
            level=int(d["level"]),
            node=str(d.get("node", "")),
            checks=tuple(CheckResult.from_dict(c) for c in d.get("checks", [])),
            duration_s=float(d.get("duration_s", 0.0)),
            source=str(d.get("source", "builtin")),
        )


class CheckSkipped(Exception):
    """Raised by a check that cannot run here (no GPU, no NVML); the message says why."""


class CheckFailed(Exception):
    """Raised by a check that found a fault; the message is the evidence."""


class CheckWarning(Exception):
    """Raised by a check that found something worth a look but not a failure."""


CheckFn = Callable[["CheckContext"], str]
"""A check returns a one-line detail on pass, or raises one of the Check* exceptions."""


@dataclass(frozen=True, slots=True)
class Check:
    """One registered check."""

    name: str
    level: int
    """The lowest level that runs it."""
    fn: CheckFn
    budget_s: float
    """Past this the check is ``fail: timed out`` (it is abandoned, never waited on)."""
    gpu: bool = False
    """A GPU check: DCGM replaces it where ``dcgmi`` exists."""


@dataclass(kw_only=True, slots=True)
class CheckContext:
    """What checks may consult; built by ``run_checks`` from its arguments."""

    node: str
    level: int
    paths: tuple[str, ...] = ("/tmp",)
    """Mounts that must be present and writable (and have ``min_free_gb``)."""
    min_free_gb: float = 1.0
    min_mem_gb: float = 1.0
    rdzv_endpoint: str | None = None
    """``host:port`` that must accept a TCP connection, if given."""
    repeat: int = 1
    """How many times compute checks repeat (level 4 repeats level 3's)."""
    extras: dict[str, Any] = field(default_factory=dict)
