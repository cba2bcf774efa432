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
        value = data[name]
        if isinstance(value, bool) and typ is not bool:
            raise SchemaError(f"{kind.value}.{name} must be {typ}, got bool")
        if not isinstance(value, typ):
            raise SchemaError(f"{kind.value}.{name} must be {typ}, got {type(value).__name__}")


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
