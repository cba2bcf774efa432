"""gloo's monitored_barrier names the rank that never arrived; the ranks that reached it then
raise and exit 1 with no error of their own a launcher can place: those exits are the wait's,
and the named rank is the suspect (a hang to diagnose on its node)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Culprit, Layer

SUMMARY = """torch.distributed.elastic.multiprocessing.errors.ChildFailedError:
============================================================
train.py FAILED
------------------------------------------------------------
Failures:
[1]:
  time      : 2024-05-20_14:12:48
  host      : {host}
  rank      : {other} (local_rank: 1)
  exitcode  : {other_code} (pid: 61213)
  error_file: <N/A>
  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html
------------------------------------------------------------
Root Cause (first observed failure):
[0]:
  time      : 2024-05-20_14:12:47
  host      : {host}
  rank      : {first} (local_rank: 0)
  exitcode  : 1 (pid: 61012)
  error_file: <N/A>
  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html
============================================================
"""


def test_the_named_rank_not_the_first_exit(tmp_path: Path) -> None:
    (tmp_path / "gpu-p01").mkdir()
    (tmp_path / "gpu-p02").mkdir()
    (tmp_path / "gpu-p01" / "torchrun.log").write_text(
        "[default0]:RuntimeError: [Rank 0]: Rank 6 failed to pass monitoredBarrier in 600000 ms\n"
        "[default1]:RuntimeError: Rank 1 successfully reached monitoredBarrier, but received "
        "errors while waiting for send/recv from rank 0. Please check rank 0 logs for faulty "
        "rank.\n" + SUMMARY.format(host="gpu-p01", first=0, other=1, other_code=1)
    )
    (tmp_path / "gpu-p02" / "torchrun.log").write_text(
        "[default0]:RuntimeError: Rank 4 successfully reached monitoredBarrier, but received "
        "errors while waiting for send/recv from rank 0. Please check rank 0 logs for faulty "
        "rank.\n" + SUMMARY.format(host="gpu-p02", first=4, other=6, other_code=-9)
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.HANG,
        Layer.INFRASTRUCTURE,
        Culprit("gpu-p02", 6),
        Action.RUN_DIAGNOSTICS,
    ), d.summary


def test_the_flight_recorders_missing_ranks_as_a_set(tmp_path: Path) -> None:
    """fr_trace's analysis prints "missing ranks {21}" (no colon) for a job that stalled with
    no error at all: the rank that never joined, on its node's block."""
    for i, node in enumerate(("gpu-w01", "gpu-w02", "gpu-w03", "gpu-w04")):
        (tmp_path / node).mkdir()
        (tmp_path / node / "train.log").write_text(
            "".join(
                f"{node}:4000{j}:4052{j} [{j}] NCCL INFO ncclCommInitRank comm 0x55d2 rank "
                f"{8 * i + j} nranks 32 cudaDev {j} nvmlDev {j} busId db000 - Init COMPLETE\n"
                for j in range(8)
            )
        )
    (tmp_path / "flight-recorder-analysis.txt").write_text(
        "Collective 8813 (pg 0 default_pg, ALLREDUCE, size [26214400], bf16): "
        "state=scheduled/started on 31 of 32 ranks\n"
        "  Not all ranks joining collective: missing ranks {21}\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.HANG,
        Layer.INFRASTRUCTURE,
        Culprit("gpu-w03", 21),
        Action.RUN_DIAGNOSTICS,
    ), d.summary
