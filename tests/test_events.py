"""The event schema: typed, validated, versioned, round-trips through JSON."""

from __future__ import annotations

import pytest

from kintsugi.events import (
    SCHEMA_VERSION,
    Action,
    Category,
    Culprit,
    Diagnosis,
    Event,
    EventKind,
    Evidence,
    Layer,
    SchemaError,
)


def test_round_trip() -> None:
    e = Event(EventKind.RANK_EXIT, "r", {"exitcode": -9, "signal": "SIGKILL"}, node="n", rank=3)
    back = Event.from_json(e.to_json())
    assert back == e and back.schema == SCHEMA_VERSION


@pytest.mark.parametrize(
    "data",
    [{}, {"exitcode": "9"}, {"exitcode": True}],
)
def test_schema_is_enforced(data: dict[str, object]) -> None:
    with pytest.raises(SchemaError):
        Event(EventKind.RANK_EXIT, "r", data)


def test_from_json_rejects_garbage() -> None:
    for bad in ("not json", "[1]", '{"kind": "nope", "run_id": "r", "ts": 1}'):
        with pytest.raises(SchemaError):
            Event.from_json(bad)


def test_every_kind_has_a_schema() -> None:
    from kintsugi.events import EVENT_FIELDS

    assert set(EVENT_FIELDS) == set(EventKind)


def test_diagnosis_contract() -> None:
    d = Diagnosis(
        Category.GPU_HARDWARE,
        Layer.INFRASTRUCTURE,
        Culprit("node7", 3),
        Action.RESTART_WITHOUT_NODE,
        0.9,
        "XID 79 on node7",
        (Evidence("node7/dmesg", "NVRM: Xid ... 79", line=12),),
    )
    out = d.to_dict()
    assert set(out) == {
        "category",
        "layer",
        "culprit",
        "action",
        "confidence",
        "summary",
        "evidence",
    }
    assert Diagnosis.from_dict(out).to_dict() == out
    with pytest.raises(ValueError):
        Diagnosis(Category.UNKNOWN, Layer.SCRIPT, None, Action.NONE, 1.5, "x")
