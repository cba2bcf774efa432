"""Odd but possible input never crashes diagnosis: the bad item is skipped, a verdict comes.

The readers are fuzzed with hypothesis so that the class of crash stays closed.
"""

from __future__ import annotations

import json
import os
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kintsugi.cli import main
from kintsugi.diagnose import diagnose_bundle, diagnose_events
from kintsugi.diagnose.from_events import findings_from_events, topology_of
from kintsugi.diagnose.parse_state import Context
from kintsugi.diagnose.parsers import MAX_PER_SOURCE, LineParser
from kintsugi.diagnose.reports import parse_dcgm, parse_nvsmi
from kintsugi.diagnose.signatures import default_signatures
from kintsugi.events import Category, Event, SchemaError

XID79 = "[ 99.1] NVRM: Xid (PCI:0000:3b:00): 79, pid=1, name=python, GPU has fallen off the bus.\n"
JSONS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda kids: (
        st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=12), kids, max_size=4)
    ),
    max_leaves=30,
)
KEYS = st.sampled_from(
    [
        "DCGM Diagnostic",
        "test_categories",
        "tests",
        "results",
        "status",
        "warnings",
        "name",
        "entity_id",
        "error_id",
        "warning",
        "Fail",
    ]
)
DCGMISH = st.recursive(
    st.none() | st.integers() | st.sampled_from(["Fail", "Pass", "x"]),
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(KEYS, kids, max_size=4),
    max_leaves=25,
)


def _bundle(tmp: Path, files: dict[str, str | bytes]) -> Path:
    for rel, text in files.items():
        p = tmp / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            p.write_bytes(text)
        else:
            p.write_text(text)
    return tmp


def test_dcgm_sections_that_are_not_dicts(tmp_path: Path) -> None:
    docs = [
        {"DCGM Diagnostic": [1, 2]},
        {"DCGM Diagnostic": {"test_categories": [1, "x", {"tests": "str"}]}},
        {
            "DCGM Diagnostic": {
                "test_categories": [{"tests": [{"results": [{"status": "Fail", "warnings": "w"}]}]}]
            }
        },
    ]
    for i, doc in enumerate(docs):
        (tmp_path / "node-a").mkdir(exist_ok=True)
        (tmp_path / "node-a" / f"dcgm{i}.json").write_text(json.dumps(doc))
    (tmp_path / "node-a" / "dmesg.txt").write_text(XID79)
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.GPU_HARDWARE


@pytest.mark.parametrize("topo", ['"sw1"', '["node-a", "node-b"]', '{"sw": "node-a"}', "7"])
def test_topology_of_the_wrong_shape(tmp_path: Path, topo: str) -> None:
    _bundle(tmp_path, {"topology.json": '{"topology": ' + topo + "}", "node-a/dmesg": XID79})
    assert diagnose_bundle(tmp_path).diagnosis.category is Category.GPU_HARDWARE


def test_topology_flag_of_the_wrong_shape_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "t.json").write_text('{"topology": ["a", "b"]}')
    assert main(["diagnose", str(tmp_path / "b"), "--topology", str(tmp_path / "t.json")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_events_with_fields_of_the_wrong_type(tmp_path: Path) -> None:
    good = Event(kind="log", run_id="r", node="node-b", data={"message": XID79.strip()})
    lines = [
        good.to_json(),
        json.dumps({**good.to_dict(), "rank": "x"}),
        json.dumps({**good.to_dict(), "attempt": 1.5}),
        json.dumps({**good.to_dict(), "ts": "abc"}),
        json.dumps({**good.to_dict(), "data": [1, 2]}),
        json.dumps({**good.to_dict(), "node": {"a": 1}}),
        json.dumps({"kind": "rank_exit", "run_id": "r", "ts": 1.0, "data": {"exitcode": "1"}}),
        json.dumps(
            {
                "kind": "hang_detected",
                "run_id": "r",
                "ts": 1.0,
                "rank": 2,
                "data": {
                    "silent_s": 1,
                    "timeout_s": 1,
                    "phase": "x",
                    "stopped_ranks": ["a"],
                    "stacks": [1],
                    "suspect_rank": "3",
                },
            }
        ),
        json.dumps(
            {
                "kind": "diagnosis",
                "run_id": "r",
                "ts": 1.0,
                "data": {
                    "category": ["x"],
                    "action": "stop",
                    "summary": "s",
                    "culprit": {"node": [1]},
                },
            }
        ),
        json.dumps(
            {
                "kind": "run_start",
                "run_id": "r",
                "ts": 1.0,
                "data": {"argv": [], "nnodes": "1", "nproc_per_node": 1, "topology": {"sw": 5}},
            }
        ),
        "[" * 100_000 + "]" * 100_000,
        '{"kind": "log", "run_id": "r", "data": ' + "[" * 100_000 + "]" * 100_000 + "}",
    ]
    _bundle(tmp_path, {"node-b/events.jsonl": "\n".join(lines) + "\n"})
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.GPU_HARDWARE and d.culprit is not None
    assert d.culprit.node == "node-b"


def test_deeply_nested_json_files(tmp_path: Path) -> None:
    deep = '{"DCGM Diagnostic": ' + "[" * 100_000 + "]" * 100_000 + "}"
    _bundle(
        tmp_path,
        {
            "node-a/dcgm.json": deep,
            "node-a/dmesg": XID79,
            "node-a/fr/rank_0.json": '{"entries": [' + "[" * 50_000 + "}",
        },
    )
    assert diagnose_bundle(tmp_path).diagnosis.category is Category.GPU_HARDWARE


def test_a_thousand_nested_directories(tmp_path: Path) -> None:
    deep = str(tmp_path / "node-a")
    try:
        os.mkdir(deep)
        for _ in range(1200):  # one level at a time: makedirs itself would recurse
            deep += "/d"
            os.mkdir(deep)
        Path(deep, "dmesg").write_text(XID79)
    except OSError:
        pytest.skip("the file system refuses paths this long")
    (tmp_path / "node-a" / "rank0.log").write_text("step 1 loss 2.0\n")
    try:
        d = diagnose_bundle(tmp_path).diagnosis
        assert d.category is Category.GPU_HARDWARE and d.culprit is not None
        assert d.culprit.node == "node-a"
    finally:
        # pytest's own clean-up of old temp dirs recurses; take the tree down level by level.
        Path(deep, "dmesg").unlink(missing_ok=True)
        while deep != str(tmp_path / "node-a"):
            os.rmdir(deep)
            deep = deep.rsplit("/", 1)[0]


def test_every_line_matches_memory_is_bounded(tmp_path: Path) -> None:
    line = "[rank{r}]: RuntimeError: CUDA error: an illegal memory access was encountered\n"
    text = "".join(line.format(r=i % 64) for i in range(60_000))
    _bundle(tmp_path, {"node-a/rank.log": text, "node-b/dmesg": XID79})
    tracemalloc.start()
    res = diagnose_bundle(tmp_path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(res.scan.findings) <= MAX_PER_SOURCE + 10 and res.scan.dropped > 0
    assert peak < 200 << 20
    d = res.diagnosis
    assert d.category is Category.GPU_HARDWARE and d.culprit is not None


def test_unreadable_and_special_files(tmp_path: Path) -> None:
    _bundle(tmp_path, {"node-a/dmesg": XID79, "node-a/secret.log": "x"})
    (tmp_path / "node-a" / "secret.log").chmod(0)
    os.symlink("/dev/zero", tmp_path / "node-a" / "zero.log")
    try:
        d = diagnose_bundle(tmp_path).diagnosis
    finally:
        (tmp_path / "node-a" / "secret.log").chmod(0o644)
    assert d.category is Category.GPU_HARDWARE


@settings(max_examples=200, deadline=None)
@given(DCGMISH)
def test_fuzz_dcgm(doc: Any) -> None:
    if isinstance(doc, dict):
        parse_dcgm({"DCGM Diagnostic": doc}, Context("x", "n"))
        parse_dcgm(doc, Context("x", "n"))


@settings(max_examples=200, deadline=None)
@given(JSONS)
def test_fuzz_topology(doc: Any) -> None:
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in topology_of(doc).items())


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["rank_exit", "hang_detected", "step", "log", "diagnosis", "run_start"]),
    st.dictionaries(
        st.sampled_from(
            [
                "exitcode",
                "signal",
                "traceback",
                "log_tail",
                "first",
                "step",
                "stopped_ranks",
                "stacks",
                "suspect_rank",
                "silent_s",
                "timeout_s",
                "phase",
                "step_time_s",
                "loss",
                "message",
                "category",
                "culprit",
                "summary",
                "action",
                "topology",
                "argv",
                "nnodes",
                "nproc_per_node",
            ]
        ),
        JSONS,
    ),
    JSONS,
    JSONS,
)
def test_fuzz_events(kind: str, data: dict[str, Any], rank: Any, attempt: Any) -> None:
    try:
        e = Event.from_dict(
            {
                "kind": kind,
                "run_id": "r",
                "ts": 1.0,
                "data": data,
                "rank": rank,
                "attempt": attempt,
                "node": "n",
            }
        )
    except SchemaError:
        return
    findings_from_events([e], default_signatures())
    diagnose_events([e])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.text(max_size=200), max_size=30))
def test_fuzz_line_parser(lines: list[str]) -> None:
    p = LineParser(default_signatures(), Context("x", "n"))
    for i, line in enumerate(lines):
        p.feed(line, i)
    p.close()
    parse_nvsmi("\n".join(lines), Context("x", "n"))


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.binary(max_size=3000),
    st.sampled_from(
        ["rank0.log", "dcgm.json", "events.jsonl", "stacks/rank_1.txt", "fr/rank_2.json"]
    ),
)
def test_fuzz_files(tmp_path: Path, blob: bytes, name: str) -> None:
    root = tmp_path / "fz"
    p = root / "node-a" / name
    p.parent.mkdir(parents=True, exist_ok=True)
    for prefix in (b"", b'{"DCGM Diagnostic": ', b'{"kind": "log", "run_id": "r"', b'{"entries": '):
        p.write_bytes(prefix + blob)
        diagnose_bundle(root)
