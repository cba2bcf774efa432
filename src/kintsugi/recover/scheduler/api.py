"""One interface to the cluster scheduler: drain a node, resume it, read whether it is usable.

Backends: ``local`` (the store's node book only) and ``slurm`` (``scontrol``/``sinfo``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

REASON_PREFIX = "kintsugi:"
_MAX_REASON = 240


class SchedulerError(Exception):
    """The scheduler could not do what was asked; the message starts with "could not"."""


@dataclass(frozen=True, slots=True)
class NodeInfo:
    """A node as the scheduler sees it."""

    name: str
    state: str
    """The scheduler's own word(s), e.g. ``IDLE+DRAIN`` or ``cordoned``."""
    usable: bool
    """False for a down, drained, draining, cordoned or retired node."""
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "state": self.state,
            "usable": self.usable,
            "reason": self.reason,
        }


def drain_reason(category: str, evidence: str) -> str:
    """``kintsugi: <category> <evidence>`` on one line, short enough for Slurm's reason field."""
    text = " ".join(f"{REASON_PREFIX} {category} {evidence}".split())
    return text if len(text) <= _MAX_REASON else text[: _MAX_REASON - 3] + "..."


class Scheduler(ABC):
    """A scheduler adapter; every call is bounded in time and raises ``SchedulerError``."""

    name: str

    @abstractmethod
    def drain(self, node: str, reason: str) -> None:
        """Stops new work going to ``node``; ``reason`` comes from ``drain_reason``."""

    @abstractmethod
    def resume(self, node: str) -> None:
        """Returns ``node`` to service (after it passed validation)."""

    @abstractmethod
    def nodes(self, names: Sequence[str] | None = None) -> dict[str, NodeInfo]:
        """The scheduler's view of ``names`` (all nodes when None)."""

    def usable(self, node: str) -> bool:
        """Whether ``node`` may take work; unknown to the scheduler counts as unusable."""
        info = self.nodes([node]).get(node)
        return info is not None and info.usable


_BACKENDS: dict[str, Callable[..., Scheduler]] = {}


def register_scheduler(name: str, factory: Callable[..., Scheduler]) -> None:
    """Adds a backend under ``name``."""
    _BACKENDS[name] = factory


def get_scheduler(name: str, **kwargs: Any) -> Scheduler:
    """Builds the backend ``name`` (``local`` needs ``store=``; ``slurm`` takes ``timeout_s=``).

    Raises:
        ValueError: unknown backend.
    """
    from kintsugi.recover.scheduler import local_sched, slurm_sched  # noqa: F401

    factory = _BACKENDS.get(name)
    if factory is None:
        raise ValueError(f"unknown scheduler {name!r} (known: {', '.join(sorted(_BACKENDS))})")
    return factory(**kwargs)
