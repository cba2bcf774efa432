"""A stalled job's py-spy dumps of each node's processes, with no rank labelled: the one
process outside the collective every other waits in is the suspect. Its rank is its node's
block of ranks (by GPU count) plus its place among the node's processes in pid order."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Culprit, Layer

WAITING = """Process {pid}: /usr/bin/python3 -u pretrain_gpt.py
Python v3.10.12 (/usr/bin/python3.10)

Thread {pid} (idle): "MainThread"
    cuStreamSynchronize (libcuda.so.1)
    wait (torch/distributed/distributed_c10d.py)
    finish_grad_sync (megatron/core/distributed/distributed_data_parallel.py:309)
    train_step (megatron/training/training.py:742)

"""
COMPUTING = """Process {pid}: /usr/bin/python3 -u pretrain_gpt.py
Python v3.10.12 (/usr/bin/python3.10)

Thread {pid} (active): "MainThread"
    cuLaunchKernel (libcuda.so.1)
    at::native::gemm<c10::BFloat16> (libtorch_cuda.so)
    forward (megatron/core/transformer/mlp.py:120)
    train_step (megatron/training/training.py:742)

"""
SMI = (
    "| NVIDIA-SMI 550.90.07              Driver Version: 550.90.07      CUDA Version: 12.4     |\n"
    + "".join(
        f"|   {i}  NVIDIA H100 80GB HBM3       On  | 00000000:{0x18 + 16 * i:02X}:00.0 Off |"
        "                    0 |\n"
        for i in range(4)
    )
)


def test_the_one_process_outside_the_collective(tmp_path: Path) -> None:
    for n, node in enumerate(("gpu-p01", "gpu-p02", "gpu-p03")):
        (tmp_path / node).mkdir()
        (tmp_path / node / "nvidia-smi.txt").write_text(SMI)
        pids = [300100 + 100 * n + 17 * i for i in range(4)]
        (tmp_path / node / "py-spy-dump.txt").write_text(
            "".join(
                (COMPUTING if (node, i) == ("gpu-p02", 2) else WAITING).format(pid=pid)
                for i, pid in enumerate(pids)
            )
        )
    (tmp_path / "slurm-6120077.out").write_text(
        " [2024-10-08 01:20:00] iteration 5000/90000 | elapsed time per iteration (ms): 812.0 |\n"
        "slurmstepd: error: *** JOB 6120077 ON gpu-p01 CANCELLED AT 2024-10-08T02:30:01 DUE TO "
        "TIME LIMIT ***\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.HANG,
        Layer.INFRASTRUCTURE,
        Culprit("gpu-p02", 6),
        Action.RUN_DIAGNOSTICS,
    ), d.summary
