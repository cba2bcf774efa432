"""What set 35's real GPU captures taught (H200, driver 580, PyTorch 2.11, NCCL 2.28):

- a CUDA OOM that lists the job's own other rank as the process holding the card (ranks that
  share a GPU) is the job's configuration, not another tenant; and a request that could not
  fit even on an empty card is the job's whatever else the card holds;
- NCCL's ``invalid usage`` (ncclInvalidUsage, "Duplicate GPU detected") is the program's call
  or its launch configuration, stop; unless the nodes run different NCCL versions;
- a NaN in the first steps of a run is the recipe: a restart replays the same steps.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import foreign_gpu_memory
from kintsugi.events import Action, Category, Layer


def _oom(rank: int, other_pid: int, tried: str = "32.00 GiB") -> str:
    return (
        f"[rank{rank}]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried}. "
        "GPU 0 has a total capacity of 139.80 GiB of which 25.81 GiB is free. Including "
        f"non-PyTorch memory, this process has 40.99 GiB memory in use. Process {other_pid} has "
        "72.99 GiB memory in use. Of the allocated memory 40.33 GiB is allocated by PyTorch\n"
    )


SUMMARY = """torch.distributed.elastic.multiprocessing.errors.ChildFailedError:
============================================================
train.py FAILED
------------------------------------------------------------
Failures:
[1]:
  time      : 2026-11-26_15:15:04
  host      : {host}
  rank      : 0 (local_rank: 0)
  exitcode  : -15 (pid: 762)
  error_file: <N/A>
  traceback : Signal 15 (SIGTERM) received by PID 762
------------------------------------------------------------
Root Cause (first observed failure):
[0]:
  time      : 2026-11-26_15:15:04
  host      : {host}
  rank      : 1 (local_rank: 1)
  exitcode  : 1 (pid: 763)
  error_file: <N/A>
  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html
============================================================
"""


def _verdict(root: Path) -> tuple[object, ...]:
    d = diagnose_bundle(root).diagnosis
    return d.category, d.layer, d.culprit, d.action


def test_an_oom_beside_the_jobs_own_rank_is_the_job(tmp_path: Path) -> None:
    (tmp_path / "gpu7").mkdir()
    log = _oom(1, 762) + SUMMARY.format(host="gpu7")
    (tmp_path / "gpu7" / "stdout.log").write_text(log)
    assert _verdict(tmp_path) == (Category.OOM, Layer.FRAMEWORK, None, Action.STOP)
    # The same message beside a process the job does not know: another tenant on the node.
    (tmp_path / "gpu7" / "stdout.log").write_text(_oom(1, 4242) + SUMMARY.format(host="gpu7"))
    category, layer, culprit, action = _verdict(tmp_path)
    assert (category, layer, action) == (
        Category.OOM,
        Layer.INFRASTRUCTURE,
        Action.RESTART_WITHOUT_NODE,
    )
    assert culprit is not None and culprit.node == "gpu7"  # type: ignore[attr-defined]


def test_a_request_larger_than_the_card_is_never_another_process() -> None:
    assert foreign_gpu_memory(_oom(0, 4242)) == 72.99
    assert foreign_gpu_memory(_oom(0, 4242, tried="250.00 GiB")) is None
    assert foreign_gpu_memory(_oom(0, 4242, tried="100.00 GiB")) is None  # 100 + 41 > 139.8


NCCL = """[2026-11-26 15:15:40] gpu3:900:900 [0] init.cc:904 NCCL WARN Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 60
[rank1]: Traceback (most recent call last):
[rank1]:   File "/work/train.py", line 70, in <module>
[rank1]:     dist.all_reduce(p_.grad)
[rank1]: torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.cpp:93, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.28.9
[rank1]: ncclInvalidUsage: This usually reflects invalid usage of NCCL library.
"""


def test_ncclinvalidusage_is_the_programs_call(tmp_path: Path) -> None:
    (tmp_path / "gpu3").mkdir()
    (tmp_path / "gpu3" / "stdout.log").write_text(NCCL)
    assert _verdict(tmp_path) == (Category.USER_CODE, Layer.SCRIPT, None, Action.STOP)


def _nan_run(step: int) -> str:
    return "".join(
        f"2026-11-26 15:15:2{i} [rank0] INFO train: step {i}/40 loss 10.4{i} time/iter 120.1 ms\n"
        for i in range(1, step)
    ) + (
        "[rank0]: Traceback (most recent call last):\n"
        '[rank0]:   File "/work/train.py", line 74, in main\n'
        '[rank0]:     raise FloatingPointError(f"loss is {mean} at step {step}; stopping")\n'
        f"[rank0]: FloatingPointError: loss is nan at step {step}; stopping\n"
    )


def test_a_nan_in_the_first_steps_is_the_recipe(tmp_path: Path) -> None:
    (tmp_path / "gpu1").mkdir()
    (tmp_path / "gpu1" / "stdout.log").write_text(_nan_run(3))
    assert _verdict(tmp_path) == (Category.NUMERICAL, Layer.SCRIPT, None, Action.STOP)
    # Late in a long run, one NaN alone: restart from the last checkpoint; a repeat decides.
    (tmp_path / "gpu1" / "stdout.log").write_text(_nan_run(9).replace("step 9", "step 41877"))
    assert _verdict(tmp_path)[3] is Action.RESTART
