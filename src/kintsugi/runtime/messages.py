"""The messages training ranks send their node agent: one typed definition for both ends.

Ranks build these dataclasses and :mod:`kintsugi.runtime.ipc` sends them as JSON; the agent
gets them back from :func:`from_wire`, which checks every field's type and drops (returns None
for) anything malformed, so no message can crash the agent. Light: stdlib only.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

Scalar = float | str
"""A number as sent: finite floats as they are, NaN/inf as the strings ``"nan"``/``"inf"``."""


class Malformed(ValueError):
    """A message that does not match its definition."""


def _int(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise Malformed(f"expected an integer, got {type(v).__name__}")
    return v


def _float(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise Malformed(f"expected a number, got {type(v).__name__}")
    x = float(v)
    if not math.isfinite(x):
        raise Malformed("expected a finite number")
    return x


def _scalar(v: Any) -> Scalar:
    if isinstance(v, str):
        if v.lower().lstrip("+-") not in ("nan", "inf", "infinity"):
            raise Malformed(f"not a number: {v[:20]!r}")
        return v
    return _float(v)


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise Malformed(f"expected a string, got {type(v).__name__}")
    return v


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise Malformed(f"expected true/false, got {type(v).__name__}")
    return v


def _opt(check: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def f(v: Any) -> Any:
        return None if v is None else check(v)

    return f


def _metrics(v: Any) -> dict[str, Scalar] | None:
    if v is None:
        return None
    if not isinstance(v, dict):
        raise Malformed("metrics must be an object")
    return {_str(k): _scalar(x) for k, x in list(v.items())[:64]}


def scalar(x: Any) -> Scalar | None:
    """What users pass as a number (int, float, numpy or 0-d tensor scalar) as sent on the wire.

    Returns None for None and for anything that is not a single number.
    """
    if x is None:
        return None
    try:
        value = float(x.item() if hasattr(x, "item") else x)
    except (TypeError, ValueError, RuntimeError, OverflowError):
        return None
    return value if math.isfinite(value) else str(value)


def as_int(x: Any) -> int | None:
    """An iteration number users pass (int, numpy integer, 0-d integer tensor) as an int."""
    if isinstance(x, bool):
        return None
    try:
        v = x.item() if hasattr(x, "item") else x
    except (TypeError, ValueError, RuntimeError):
        return None
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return None


@dataclass(frozen=True, slots=True, kw_only=True)
class Message:
    """Common to every message: the sender's global rank."""

    T: ClassVar[str] = ""
    CRITICAL: ClassVar[bool] = False
    """Must not be dropped: the sender retries while the agent's queue is full."""
    CHECKS: ClassVar[dict[str, Callable[[Any], Any]]] = {}
    rank: int

    def to_wire(self) -> dict[str, Any]:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["t"] = self.T
        return d


@dataclass(frozen=True, slots=True, kw_only=True)
class Hello(Message):
    """A rank started (or a standby took over) and is connected."""

    T: ClassVar[str] = "hello"
    CRITICAL: ClassVar[bool] = True
    CHECKS: ClassVar[dict[str, Callable[[Any], Any]]] = {"pid": _int, "attempt": _int}
    pid: int
    attempt: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Step(Message):
    """A training iteration finished: heartbeat plus progress. May be dropped or coalesced."""

    T: ClassVar[str] = "step"
    CHECKS: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "step": _int,
        "dt": _opt(_float),
        "loss": _opt(_scalar),
        "metrics": _metrics,
        "auto": _bool,
        "comm_s": _opt(_float),
    }
    step: int
    dt: float | None = None
    """Seconds since the previous step (this step's time)."""
    loss: Scalar | None = None
    metrics: dict[str, Scalar] | None = None
    auto: bool = False
    """Counted by kintsugi's hooks (no ``kintsugi.step()`` call in the script)."""
    comm_s: float | None = None
    """Seconds of this step spent inside collectives (waiting for the other ranks)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Section(Message):
    """Entering or leaving a named phase with its own hang limit."""

    T: ClassVar[str] = "section"
    CRITICAL: ClassVar[bool] = True
    CHECKS: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "name": _str,
        "enter": _bool,
        "timeout_s": _opt(_float),
        "duration_s": _opt(_float),
    }
    name: str
    enter: bool
    timeout_s: float | None = None
    duration_s: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Exit(Message):
    """The rank's interpreter is shutting down normally."""

    T: ClassVar[str] = "exit"
    CRITICAL: ClassVar[bool] = True
    CHECKS: ClassVar[dict[str, Callable[[Any], Any]]] = {"last_step": _opt(_int)}
    last_step: int | None = None
    """The last step this rank finished (step messages in between may have been coalesced)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ExceptionReport(Message):
    """An uncaught exception is about to end the rank."""

    T: ClassVar[str] = "exception"
    CRITICAL: ClassVar[bool] = True
    CHECKS: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "exc_type": _str,
        "message": _str,
        "traceback": _str,
        "step": _opt(_int),
    }
    exc_type: str
    message: str
    """The head of ``str(exc)`` (see MAX_MESSAGE)."""
    traceback: str
    """The tail of the formatted traceback, which ends with the exception line."""
    step: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FaultFired(Message):
    """An injected fault (``--inject``) is firing in this rank."""

    T: ClassVar[str] = "fault"
    CRITICAL: ClassVar[bool] = True
    CHECKS: ClassVar[dict[str, Callable[[Any], Any]]] = {"fault": _str, "spec": _str}
    fault: str
    spec: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Checkpoint(Message):
    """A checkpoint was saved (``loaded`` False) or restored (True)."""

    T: ClassVar[str] = "ckpt"
    CRITICAL: ClassVar[bool] = True
    CHECKS: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "loaded": _bool,
        "step": _int,
        "duration_s": _float,
        "path": _str,
        "tier": _opt(_str),
        "bytes": _opt(_int),
        "blocking_s": _opt(_float),
    }
    loaded: bool
    step: int
    duration_s: float
    path: str
    tier: str | None = None
    """Where a restore came from (memory, peer, storage) or the tier a save reached."""
    bytes: int | None = None
    blocking_s: float | None = None
    """How long the save held up training (the rest happened in the background)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NonFinite(Message):
    """A NaN or Inf appeared (in the loss, gradients or parameters) at ``step``."""

    T: ClassVar[str] = "nan"
    CRITICAL: ClassVar[bool] = True
    CHECKS: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "step": _opt(_int),
        "where": _str,
        "value": _str,
    }
    step: int | None
    where: str
    """``loss``, ``grad``, ``param`` or a metric's name."""
    value: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckpointInterval(Message):
    """The interval ``kintsugi.Checkpointer(interval="auto")`` chose, and why."""

    T: ClassVar[str] = "ckpt_interval"
    CHECKS: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "interval_s": _float,
        "interval_steps": _int,
        "reason": _str,
        "blocking_s": _float,
        "background_s": _float,
        "step_s": _float,
        "mtbf_s": _float,
        "mtbf_source": _str,
        "expected_overhead": _float,
    }
    interval_s: float
    interval_steps: int
    reason: str
    blocking_s: float
    background_s: float
    """Step time lost per save while its background work ran."""
    step_s: float
    mtbf_s: float
    mtbf_source: str
    expected_overhead: float


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckpointPersisted(Message):
    """A staged snapshot reached storage durably (``ok``), or did not (``reason``)."""

    T: ClassVar[str] = "ckpt_persisted"
    CHECKS: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "step": _int,
        "ok": _bool,
        "duration_s": _float,
        "path": _str,
        "bytes": _int,
        "reason": _opt(_str),
    }
    step: int
    ok: bool
    duration_s: float
    path: str
    bytes: int
    reason: str | None = None


KINDS: dict[str, type[Message]] = {
    c.T: c
    for c in (
        Hello,
        Step,
        Section,
        Exit,
        ExceptionReport,
        FaultFired,
        Checkpoint,
        NonFinite,
        CheckpointInterval,
        CheckpointPersisted,
    )
}
MAX_MESSAGE = 4_000
"""Characters of an exception message kept (its head: the type and the gist come first)."""
MAX_TRACEBACK = 24_000
"""Characters of a traceback kept (its tail: the raising frame and the exception line)."""


def from_wire(d: dict[str, Any]) -> Message:
    """Builds the typed message from a decoded JSON object.

    Raises:
        Malformed: unknown kind, a missing field, or a field of the wrong type.
    """
    cls = KINDS.get(d.get("t"))  # type: ignore[arg-type]
    if cls is None:
        raise Malformed(f"unknown message kind {str(d.get('t'))[:40]!r}")
    kw: dict[str, Any] = {"rank": _int(d.get("rank"))}
    if kw["rank"] < 0:
        raise Malformed("rank must be >= 0")
    for name, check in cls.CHECKS.items():
        f = next(f for f in fields(cls) if f.name == name)
        if name not in d:
            if f.default is MISSING:
                raise Malformed(f"{cls.T} lacks {name!r}")
            continue
        try:
            kw[name] = check(d[name])
        except Malformed as e:
            raise Malformed(f"{cls.T}.{name}: {e}") from None
    return cls(**kw)
