"""How a job's end looks in real torch 2.13 consoles (captured with gloo): structured event
records with no message field, the agent's exit barrier failing after its workers finished
(torchrun logs that traceback with its glog head on every line), and the C++ backtrace under a
TCPStore warning. None of these is a failure; a rank's own "end" record before its peers lost
it is the ranks disagreeing on when to stop."""

from __future__ import annotations

import json
from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.records import unwrap_record
from kintsugi.events import Action, Category, Layer

T0 = 1795697258.0
SITE = "/opt/venv/lib/python3.11/site-packages/torch"
GLOG = "E1126 12:48:41.710000 15 site-packages/torch/distributed/elastic/agent/server/api.py:1008] "
EXIT_BARRIER = (
    f"{GLOG}Error waiting on exit barrier. Elapsed: 0.016 seconds\n"
    f"{GLOG}Traceback (most recent call last):\n"
    f'{GLOG}  File "{SITE}/distributed/elastic/agent/server/api.py", line 994, in _exit_barrier\n'
    f"{GLOG}    store_util.barrier(\n"
    f'{GLOG}  File "{SITE}/distributed/elastic/utils/store.py", line 201, in barrier\n'
    f"{GLOG}    store.wait([last_member_key])\n"
    f"{GLOG}torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was "
    "likely closed. Did the remote server shutdown or crash?\n"
)
STORE_WARNING = (
    "[W1126 12:48:41.288577860 TCPStore.cpp:138] [c10d] recvValueWithTimeout failed on "
    "SocketImpl(fd=3): Failed to recv, got 0 bytes. Connection was likely closed.\n"
    "Exception raised from recvBytes at /pytorch/torch/csrc/distributed/c10d/Utils.hpp:787 "
    "(most recent call first):\n"
    "frame #2: c10::DistNetworkError::DistNetworkError(c10::SourceLocation, std::string) + 0x72\n"
    "frame #3: <unknown function> + 0x674777d (0x7f6503d4777d in libtorch_cpu.so)\n"
)


def _record(t: float, event: str, host: str, rank: int, **fields: object) -> str:
    return json.dumps({"ts": T0 + t, "event": event, "host": host, "rank": rank, **fields})


def test_an_event_record_without_a_message_reads_as_its_fields() -> None:
    r = unwrap_record(_record(3.0, "end", "n03", 3, step=41, status="done"))
    assert r is not None
    assert (r.text, r.rank, r.host) == ("event=end step=41 status=done", 3, "n03")
    assert r.when is not None and r.when.startswith("2026-11-26T12:47:41")


def test_exit_barrier_and_store_backtrace_after_the_end_are_no_failure(tmp_path: Path) -> None:
    for i, node in enumerate(("n03", "n14")):
        steps = [_record(10.0 * s, "step", node, i, step=s, step_ms=480.0) for s in range(1, 6)]
        done = _record(58.7, "end", node, i, step=100, status="done")
        tail = STORE_WARNING + EXIT_BARRIER if node == "n03" else ""
        (tmp_path / node).mkdir()
        (tmp_path / node / "stdout.txt").write_text("\n".join([*steps, done]) + "\n" + tail)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.UNKNOWN, Action.NONE), d.summary


def test_a_rank_ending_its_epoch_while_its_mates_train_is_the_program(tmp_path: Path) -> None:
    lost = (
        "[default0]:[rank{r}]: RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/"
        "pair.cc:553] Connection closed by peer [127.0.0.1]:22962.\n"
    )
    summary = (
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
        "Root Cause (first observed failure):\n[0]:\n"
        "  time      : 2026-11-26_12:50:24\n  host      : {host}\n"
        "  rank      : {r} (local_rank: 0)\n  exitcode  : 1 (pid: 12)\n"
        "  error_file: <N/A>\n============================================================\n"
    )
    a = "[default1]:" + _record(4.9, "end", "ip-23", 3, step=41, status="done") + "\n"
    (tmp_path / "ip-23").mkdir()
    (tmp_path / "ip-87").mkdir()
    (tmp_path / "ip-23" / "train.out").write_text(
        a + lost.format(r=2) + summary.format(host="ip-23", r=2)
    )
    (tmp_path / "ip-87" / "train.out").write_text(
        lost.format(r=0) + summary.format(host="ip-87", r=0)
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.USER_CODE,
        Layer.SCRIPT,
        None,
        Action.STOP,
    ), d.summary
