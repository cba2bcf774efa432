"""Two ends of a run that look alike: rank 0 saying training completed and then failing on its
own (a rank-0-only generation that runs out of GPU memory) is that failure, not ranks that
stopped apart; and NCCL's routine InfiniBand async events, printed with their device and port
("NET/IB : mlx5_0:1 Got async event : GID table change"), are no network error."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.signatures import default_signatures
from kintsugi.events import Category

DONE = (
    "[rank0]:[2025-03-02 10:00:00,000] INFO Training completed. Do not forget to share your model\n"
)
OOM = (
    "[rank0]: Traceback (most recent call last):\n"
    '[rank0]:   File "/w/train.py", line 410, in generate_samples\n'
    "[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 62.60 GiB. GPU 0 has "
    "a total capacity of 79.10 GiB of which 11.20 GiB is free. Of the allocated memory 58.1 GiB "
    "is allocated by PyTorch\n"
)
WAIT = (
    "[rank8]:[E302 10:31:05.000000000 ProcessGroupNCCL.cpp:616] [Rank 8] Watchdog caught "
    "collective operation timeout: WorkNCCL(SeqNum=9001, OpType=ALLREDUCE, Timeout(ms)=1800000) "
    "ran for 1800080 milliseconds before timing out.\n"
)


SUMMARY = (
    "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
    "Root Cause (first observed failure):\n[0]:\n  time      : 2025-03-02_10:31:06\n"
    "  host      : dgx-a02\n  rank      : 8 (local_rank: 0)\n  exitcode  : -6 (pid: 4410)\n"
    "  error_file: <N/A>\n============================================================\n"
)


def test_rank_zero_failing_after_its_word_is_that_failure(tmp_path: Path) -> None:
    (tmp_path / "dgx-a01").mkdir()
    (tmp_path / "dgx-a02").mkdir()
    (tmp_path / "dgx-a01" / "rank0.log").write_text(
        DONE + "[rank0]:[2025-03-02 10:01:00,000] INFO generating samples\n" + OOM
    )
    (tmp_path / "dgx-a02" / "rank8.log").write_text(WAIT + SUMMARY)
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.OOM, d.summary


def test_routine_async_events_with_their_device_are_no_error() -> None:
    sigs = default_signatures()
    line = "gpu-x007:7780:7831 [0] NCCL WARN NET/IB : mlx5_0:1 Got async event : {}"
    assert sigs.match(line.format("GID table change")) is None
    fatal = sigs.match(line.format("local catastrophic error"))
    # newer NCCL names the device first: still the node's own HCA failing
    assert fatal is not None and fatal[0].name == "ib_port_error"
