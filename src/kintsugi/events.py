"""The shared vocabulary of kintsugi: events, diagnoses and actions as plain typed data.

Every other room imports this module; it imports nothing of ours and nothing heavy.
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

SCHEMA_VERSION = 1
"""Version of the event schema; stored with every event so old runs stay readable."""

JSON = Any


class EventKind(StrEnum):
    """What an event says happened."""

    RUN_START = "run_start"
    RUN_END = "run_end"
    ATTEMPT_START = "attempt_start"
    ATTEMPT_END = "attempt_end"
    RANK_EXIT = "rank_exit"
    HANG_DETECTED = "hang_detected"
    RESTART_DECIDED = "restart_decided"
    STOP_DECIDED = "stop_decided"
    STEP = "step"
    CHECKPOINT_SAVED = "checkpoint_saved"
    CHECKPOINT_LOADED = "checkpoint_loaded"
    FAULT_INJECTED = "fault_injected"
    DIAGNOSIS = "diagnosis"
    ALERT = "alert"
    LOG = "log"
    STRAGGLER = "straggler"
    NAN = "nan"
    LOSS_SPIKE = "loss_spike"
    HEALTH_CHECK = "health_check"
    NODE_STATE = "node_state"
    TELEMETRY = "telemetry"
    KERNEL_LOG = "kernel_log"
    CHECKPOINT_INTERVAL = "checkpoint_interval"
    CHECKPOINT_PERSISTED = "checkpoint_persisted"


# Required payload fields per kind, with their JSON types. Extra fields are allowed, so
# producers can add detail without a schema bump; removing or retyping a field needs one.
_NUM = (int, float)
EVENT_FIELDS: dict[EventKind, dict[str, type | tuple[type, ...]]] = {
    EventKind.RUN_START: {"argv": list, "nnodes": str, "nproc_per_node": int},
    EventKind.RUN_END: {"outcome": str, "restarts": int},
    EventKind.ATTEMPT_START: {"world_size": int},
    EventKind.ATTEMPT_END: {"outcome": str},
    EventKind.RANK_EXIT: {"exitcode": int},
    EventKind.HANG_DETECTED: {"silent_s": _NUM, "timeout_s": _NUM, "phase": str},
    EventKind.RESTART_DECIDED: {"reason": str, "backoff_s": _NUM},
    EventKind.STOP_DECIDED: {"reason": str},
    EventKind.STEP: {"step": int, "step_time_s": _NUM},
    EventKind.CHECKPOINT_SAVED: {"step": int, "duration_s": _NUM, "path": str},
    EventKind.CHECKPOINT_LOADED: {"step": int, "duration_s": _NUM, "path": str},
    EventKind.FAULT_INJECTED: {"fault": str, "spec": str},
    EventKind.DIAGNOSIS: {"category": str, "action": str, "summary": str},
    EventKind.ALERT: {"sink": str, "ok": bool},
    EventKind.LOG: {"message": str},
    # Payloads built by kintsugi.straggle: Straggler.event_data(), NonFiniteReport.event_data(),
    # LossSpike.event_data().
    EventKind.STRAGGLER: {
        "rank": int,
        "node": str,
        "step": int,
        "slowdown": _NUM,
        "persistent": bool,
    },
    EventKind.NAN: {"rank": int, "node": str, "step": (int, type(None)), "where": str},
    EventKind.LOSS_SPIKE: {"rank": int, "step": int, "loss": _NUM, "score": _NUM},
    EventKind.HEALTH_CHECK: {"level": int, "status": str, "checks": list},
    EventKind.NODE_STATE: {"state": str, "reason": str},
    EventKind.TELEMETRY: {"source": str, "metrics": dict},
    EventKind.KERNEL_LOG: {"pattern": str, "line": str},
    # The interval the Checkpointer's "auto" chose and why (one per choice or re-tune).
    EventKind.CHECKPOINT_INTERVAL: {"interval_s": _NUM, "interval_steps": int, "reason": str},
    # A staged snapshot reached storage durably (ok) or did not (reason says why).
    EventKind.CHECKPOINT_PERSISTED: {"step": int, "ok": bool, "duration_s": _NUM, "path": str},
}


# Optional payload fields: checked when present (None allowed). A producer builds these
# through the typed payloads below, so both ends agree on every key, not only the required.
_STR_OR_NONE = (str, type(None))
_INT_OR_NONE = (int, type(None))
_NUM_OR_NONE = (int, float, type(None))
EVENT_OPTIONAL: dict[EventKind, dict[str, type | tuple[type, ...]]] = {
    EventKind.RANK_EXIT: {
        "signal": _STR_OR_NONE,
        "exc_type": _STR_OR_NONE,
        "message": _STR_OR_NONE,
        "traceback": _STR_OR_NONE,
        "step": _INT_OR_NONE,
        "log_tail": str,
        "first": bool,
        "terminated_by_agent": bool,
        "detected_after_s": _NUM_OR_NONE,
        "pid": _INT_OR_NONE,
        "signature": _STR_OR_NONE,
    },
    # Sent by kintsugi.Checkpointer (see docs/checkpoint.md).
    EventKind.CHECKPOINT_SAVED: {
        "tier": str,
        "bytes": int,
        "blocking_s": _NUM,
        "interval_s": _NUM_OR_NONE,
    },
    EventKind.CHECKPOINT_LOADED: {"tier": str, "skipped": list},
    EventKind.CHECKPOINT_PERSISTED: {"tier": str, "bytes": int, "reason": _STR_OR_NONE},
    EventKind.CHECKPOINT_INTERVAL: {
        "blocking_s": _NUM,
        "background_s": _NUM,
        "step_s": _NUM,
        "mtbf_s": _NUM,
        "mtbf_source": str,
        "expected_overhead": _NUM,
    },
}


class SchemaError(ValueError):
    """An event does not match the schema of its kind."""


@dataclass(frozen=True, slots=True)
class Event:
    """One fact about a run.

    Attributes:
        kind: what happened.
        run_id: the run (torchrun's ``--rdzv-id``) it belongs to.
        data: the kind's payload (see ``EVENT_FIELDS``).
        node: the node that observed it.
        rank: the global rank it concerns, if any.
        attempt: the restart attempt (0 for the first launch), if known.
        ts: wall-clock time in seconds since the epoch.
        eid: a unique id; stores deduplicate on it, so redelivery is harmless.
        schema: the schema version the event was written with.
    """

    kind: EventKind
    run_id: str
    data: dict[str, JSON] = field(default_factory=dict)
    node: str = ""
    rank: int | None = None
    attempt: int | None = None
    ts: float = field(default_factory=time.time)
    eid: str = field(default_factory=lambda: uuid.uuid4().hex)
    schema: int = SCHEMA_VERSION

    def __post_init__(self) -> None:
        if not isinstance(self.kind, EventKind):
            object.__setattr__(self, "kind", EventKind(self.kind))
        validate(self.kind, self.data)

    def to_dict(self) -> dict[str, JSON]:
        return {
            "eid": self.eid,
            "schema": self.schema,
            "kind": self.kind.value,
            "run_id": self.run_id,
            "ts": self.ts,
            "node": self.node,
            "rank": self.rank,
            "attempt": self.attempt,
            "data": self.data,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, d: dict[str, JSON]) -> Event:
        try:
            return cls(
                kind=EventKind(d["kind"]),
                run_id=str(d["run_id"]),
                data=dict(d.get("data") or {}),
                node=str(d.get("node") or ""),
                rank=d.get("rank"),
                attempt=d.get("attempt"),
                ts=float(d["ts"]),
                eid=str(d.get("eid") or uuid.uuid4().hex),
                schema=int(d.get("schema", SCHEMA_VERSION)),
            )
        except (KeyError, ValueError, TypeError) as e:
            raise SchemaError(f"not an event: {e}") from e

    @classmethod
    def from_json(cls, line: str) -> Event:
        try:
            d = json.loads(line)
        except json.JSONDecodeError as e:
            raise SchemaError(f"not JSON: {e}") from e
        if not isinstance(d, dict):
            raise SchemaError("an event is a JSON object")
        return cls.from_dict(d)


def validate(kind: EventKind, data: dict[str, JSON]) -> None:
    """Checks that ``data`` carries the fields ``kind`` requires, with the right types.

    Raises:
        SchemaError: a field is missing or has the wrong type.
    """
    for name, typ in EVENT_FIELDS[kind].items():
        if name not in data:
            raise SchemaError(f"{kind.value} event lacks field {name!r}")
        _check(kind, name, data[name], typ)
    for name, typ in EVENT_OPTIONAL.get(kind, {}).items():
        if name in data:
            _check(kind, name, data[name], typ)


def _check(kind: EventKind, name: str, value: JSON, typ: type | tuple[type, ...]) -> None:
    accepts_bool = typ is bool or (isinstance(typ, tuple) and bool in typ)
    if isinstance(value, bool) and not accepts_bool:
        raise SchemaError(f"{kind.value}.{name} must be {typ}, got bool")
    if not isinstance(value, typ):
        raise SchemaError(f"{kind.value}.{name} must be {typ}, got {type(value).__name__}")


@dataclass(frozen=True, slots=True, kw_only=True)
class RankExit:
    """The payload of a ``rank_exit`` event: how one rank ended, with its evidence."""

    exitcode: int
    signal: str | None = None
    exc_type: str | None = None
    message: str | None = None
    traceback: str | None = None
    step: int | None = None
    log_tail: str = ""
    first: bool = False
    """The rank that failed first on this node (the others died in sympathy)."""
    terminated_by_agent: bool = False
    detected_after_s: float | None = None
    pid: int | None = None
    signature: str | None = None
    """What makes two failures "the same" (see :func:`failure_signature`)."""

    def to_data(self) -> dict[str, JSON]:
        return {f: getattr(self, f) for f in self.__slots__}


def failure_signature(
    exc_type: str | None, message: str | None, signal: str | None, step: int | None
) -> str:
    """The one definition of "the same failure": type (or signal), message head, iteration.

    The restart policy stops when consecutive attempts end with the same signature, and
    diagnosis reads the same value from ``rank_exit`` events for recurrence.
    """
    what = exc_type or signal or "exit"
    if message:
        what += f": {' '.join(message[:1000].split())[:200]}"
    return f"{what} at iteration {step}"


# --- diagnosis vocabulary -------------------------------------------------------------


class Category(StrEnum):
    """What kind of failure a diagnosis names."""

    GPU_HARDWARE = "gpu_hardware"
    GPU_MEMORY = "gpu_memory"
    NVLINK = "nvlink"
    NETWORK = "network"
    STORAGE = "storage"
    HOST = "host"
    HANG = "hang"
    OOM = "oom"
    NUMERICAL = "numerical"
    STRAGGLER = "straggler"
    USER_CODE = "user_code"
    DEPENDENCY = "dependency"
    UNKNOWN = "unknown"


NODE_HARDWARE: frozenset[Category] = frozenset(
    {Category.GPU_HARDWARE, Category.GPU_MEMORY, Category.NVLINK, Category.HOST}
)
"""A part of a node failed: recovery excludes or replaces the node (planner and policy)."""
NODE_SUSPECT: frozenset[Category] = NODE_HARDWARE | {
    Category.NETWORK,
    Category.HANG,
    Category.STRAGGLER,
}
"""What counts against a node in its history (lemon ranking, recurrence across jobs)."""
APPLICATION: frozenset[Category] = frozenset(
    {Category.USER_CODE, Category.DEPENDENCY, Category.NUMERICAL, Category.OOM}
)
"""The application's own failures: the same one twice in a row is deterministic (stop)."""


class Layer(StrEnum):
    """Acme's three layers (Hu et al., NSDI 2024)."""

    INFRASTRUCTURE = "infrastructure"
    FRAMEWORK = "framework"
    SCRIPT = "script"


class Action(StrEnum):
    """What recovery should do about a failure."""

    RESTART = "restart"
    RESTART_WITHOUT_NODE = "restart_without_node"
    STOP = "stop"
    RUN_DIAGNOSTICS = "run_diagnostics"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Culprit:
    """The node (and rank) to blame."""

    node: str | None
    rank: int | None = None

    def to_dict(self) -> dict[str, JSON]:
        return {"node": self.node, "rank": self.rank}


@dataclass(frozen=True, slots=True)
class Evidence:
    """One piece of evidence: where it was found and what it says."""

    source: str
    text: str
    line: int | None = None
    event_id: str | None = None

    def to_dict(self) -> dict[str, JSON]:
        d: dict[str, JSON] = {"source": self.source, "text": self.text}
        if self.line is not None:
            d["line"] = self.line
        if self.event_id is not None:
            d["event_id"] = self.event_id
        return d


@dataclass(frozen=True, slots=True)
class Diagnosis:
    """One verdict on a failure; the JSON contract shared by live and offline diagnosis."""

    category: Category
    layer: Layer
    culprit: Culprit | None
    action: Action
    confidence: float
    summary: str
    evidence: tuple[Evidence, ...] = ()
    explain: tuple[str, ...] = ()
    """The rules that produced each field, for ``--explain``; not part of the contract."""

    def __post_init__(self) -> None:
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"confidence must be in [0, 1], got {self.confidence}")

    def to_dict(self) -> dict[str, JSON]:
        return {
            "category": self.category.value,
            "layer": self.layer.value,
            "culprit": self.culprit.to_dict() if self.culprit else None,
            "action": self.action.value,
            "confidence": round(self.confidence, 3),
            "summary": self.summary,
            "evidence": [e.to_dict() for e in self.evidence],
        }

    @classmethod
    def from_dict(cls, d: dict[str, JSON]) -> Diagnosis:
        c = d.get("culprit")
        return cls(
            category=Category(d["category"]),
            layer=Layer(d["layer"]),
            culprit=Culprit(c.get("node"), c.get("rank")) if c else None,
            action=Action(d["action"]),
            confidence=float(d["confidence"]),
            summary=str(d["summary"]),
            evidence=tuple(
                Evidence(
                    source=str(e["source"]),
                    text=str(e["text"]),
                    line=e.get("line"),
                    event_id=e.get("event_id"),
                )
                for e in d.get("evidence", [])
            ),
        )
