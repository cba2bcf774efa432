"""The hang suspect as a pure choice; timestamps across formats; facts read from lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_events
from kintsugi.diagnose.extract import (
    accused_peer,
    announced_ip,
    missing_ranks,
    nccl_prefix,
    step_time,
)
from kintsugi.diagnose.hang import choose_suspect, laggards, suspect_from
from kintsugi.diagnose.timeline import Clock, epoch_to_scale, last_stamp, parse_ts
from kintsugi.events import Action, Category, Event, EventKind

IN = 'Current thread 0x1 (most recent call first):\n  File "x/distributed_c10d.py", line 1 in all_reduce\n'
OUT = 'Current thread 0x1 (most recent call first):\n  File "/w/data.py", line 8 in next_batch\n'


def test_stopped_rank_first() -> None:
    assert choose_suspect({0: IN, 1: OUT}, [3, 2]) == 2


def test_the_one_rank_outside_the_collective() -> None:
    assert choose_suspect({0: IN, 1: IN, 2: OUT, 3: IN}, []) == 2
    assert choose_suspect({0: OUT, 1: OUT, 2: IN}, []) is None
    assert choose_suspect({}, []) is None


def test_flight_recorder_laggard_from_a_directory(tmp_path: Path) -> None:
    for r, seq in ((0, 12), (1, 12), (2, 11), (3, 12)):
        entries = [{"collective_seq_id": s} for s in range(seq + 1)]
        (tmp_path / f"rank_{r}.json").write_text(json.dumps({"entries": entries}))
    (tmp_path / "rank_9.json").write_text("{not json")
    (tmp_path / "notes.txt").write_text("x")
    assert choose_suspect({r: IN for r in range(4)}, [], tmp_path) == 2
    assert choose_suspect({}, [], tmp_path / "missing") is None


def test_laggards_ignore_odd_dumps() -> None:
    assert (
        laggards({0: {"entries": "x"}, 1: [], 2: {"entries": [{"collective_seq_id": True}]}}) == []
    )
    assert laggards({0: {"entries": [{"collective_seq_id": "7"}]}, 1: {"entries": []}}) == [1]
    assert suspect_from({}, [], {})[0] is None


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("[rank3]:[E0312 09:12:44.081233 5 ProcessGroupNCCL.cpp:616] x", "09:12:44.081233"),
        ("2024-03-12 09:12:44,081 INFO train.py", "09:12:44.081"),
        ("[Tue Mar 12 09:12:44 2024] mlx5_core 0000:5e:00.0 ib0: Link down", "09:12:44"),
        ("Mar 12 09:12:44 gpu-c017 kernel: [ 123.4] x", "09:12:44"),
        ("  time      : 2024-03-12_09:12:44", "09:12:44"),
        ("[2024-03-12T09:12:44.5Z] x", "09:12:44.5"),
    ],
)
def test_formats_share_one_scale(line: str, want: str) -> None:
    h, m, s = want.split(":")
    expected = ((71 * 24 + int(h)) * 60 + int(m)) * 60 + float(s)
    assert parse_ts(line) == pytest.approx(expected)


def test_uptime_placed_once_anchored_and_events_on_the_same_scale() -> None:
    c = Clock()
    assert c.stamp("[  100.000000] early") is None
    assert c.stamp("Mar 12 09:00:00 h kernel: [  200.000000] anchor") is not None
    assert c.stamp("[  260.500000] later") == pytest.approx(parse_ts("Mar 12 09:01:00.5 x") or 0)
    assert epoch_to_scale(1710234764.25) == pytest.approx(parse_ts("2024-03-12 09:12:44.25") or 0)
    assert parse_ts("step 5 loss 2.0") is None and last_stamp("none here") is None


def test_address_and_iteration_facts() -> None:
    assert announced_ip("h:1:1 [0] NCCL INFO Bootstrap : Using ib0:10.8.3.77<0>") == "10.8.3.77"
    assert announced_ip("h:1:1 [0] NCCL INFO NET/Socket : Using [0]eth0:127.0.0.1<0>") is None
    assert nccl_prefix("gpu-c017:4242:4242 [3] NCCL INFO x") == ("gpu-c017", 4242)
    assert accused_peer("NET/IB : Got completion from peer 10.8.3.77<45123> with status=12") == (
        "10.8.3.77"
    )
    assert accused_peer("Connection closed by peer [10.0.0.2]:2345") == "10.0.0.2"
    assert accused_peer("Connection closed by peer [127.0.0.1]:2345") is None
    assert step_time("| elapsed time per iteration (ms): 812.3 |") == pytest.approx(0.8123)
    assert step_time("train_step_timing in s=0.81]") == pytest.approx(0.81)
    assert step_time(" 50/1000 [00:50<15:50, 2.00it/s]") == pytest.approx(0.5)
    assert step_time("step: 10  loss: 7.9  tps: 5,000  mfu: 30%") == pytest.approx(0.2)
    assert step_time("step 5 step_time 7ms") == pytest.approx(0.007)
    # throughput loggers: time per step is its inverse (arbitrary units, compared across ranks)
    assert step_time("| step 10 | loss 2.39 | samples/s   250.0 | tflops 742") == pytest.approx(4.0)
    assert step_time("tokens per second: 5,000") == pytest.approx(0.2)
    assert missing_ranks("RuntimeError: Rank 3 failed to pass monitoredBarrier in 30000 ms") == [3]
    assert missing_ranks("Ranks 1, 3 failed to pass monitoredBarrier in 10 ms") == [1, 3]
    assert missing_ranks("all ranks joined") == []


def _exit(node: str, rank: int, ts: float, **kw: object) -> Event:
    d: dict[str, object] = {"exitcode": 1, "signal": None, "first": False, "log_tail": ""}
    d.update(kw)
    return Event(
        kind=EventKind.RANK_EXIT, run_id="r", node=node, rank=rank, attempt=0, ts=1.7e9 + ts, data=d
    )


def test_live_verdict_never_blames_the_node_that_failed_second() -> None:
    flood = "terminate called after throwing an instance of 'c10::DistBackendError'"
    events = [
        _exit("node-a", 0, 600, exitcode=-6, signal="SIGABRT", first=True, log_tail=flood),
        _exit("node-a", 1, 600, exitcode=-6, signal="SIGABRT", log_tail=flood),
        _exit(
            "node-b",
            2,
            1,
            exc_type="RuntimeError",
            message="CUDA error: an illegal memory access was encountered",
            first=True,
        ),
    ]
    d = diagnose_events(events)
    assert d.culprit is not None and d.culprit.node == "node-b" and d.culprit.rank == 2
    assert d.category is Category.USER_CODE and d.action is Action.RESTART
