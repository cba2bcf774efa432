"""An error that follows one GPU across attempts, where each attempt's merged console (its
``attempt_N/slurm-*.out``, a file of the job, no node) logs it too, or where another node
logged an unrelated Xid (43: a killed process's channel) in one attempt: still one node's
GPU. And a bundle of one node's files whose console shows the job's other nodes: an
environment error on that node alone is that node's, not the image's."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Layer

ILLEGAL = "[rank21]: RuntimeError: CUDA error: an illegal memory access was encountered\n"


def _attempt(root: Path, n: int, step: int, pid: int, other_xid: bool) -> None:
    a = root / f"attempt_{n}"
    for node in ("gpu-c05", "gpu-c06", "gpu-c07", "gpu-c08"):
        (a / node).mkdir(parents=True)
        (a / node / "dmesg.txt").write_text("[    1.0] Linux version 5.15\n")
    (a / "gpu-c07" / "stdout.log").write_text(f"[rank21]: iteration {step} | loss 2.1\n" + ILLEGAL)
    (a / "gpu-c07" / "dmesg.txt").write_text(
        f"[2537{n}2.4] NVRM: Xid (PCI:0000:ab:00): 31, pid={pid}, name=python, Ch 00000008, "
        "intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_5 faulted @ 0x7f1a_2\n"
    )
    if other_xid:
        (a / "gpu-c05" / "dmesg.txt").write_text(
            f"[1212{n}2.1] NVRM: Xid (PCI:0000:19:00): 43, pid={pid - 9}, name=python3, "
            "Ch 00000009\n"
        )
    (a / "slurm-2288410.out").write_text(f"iteration {step} | loss 2.1\n" + ILLEGAL)


def test_a_gpu_fault_in_both_attempts_and_their_consoles(tmp_path: Path) -> None:
    _attempt(tmp_path, 1, 9120, 61207, other_xid=True)
    _attempt(tmp_path, 2, 8011, 61208, other_xid=False)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action) == (
        Category.GPU_HARDWARE,
        Layer.INFRASTRUCTURE,
        Action.RESTART_WITHOUT_NODE,
    ), d.summary
    assert d.culprit is not None and d.culprit.node == "gpu-c07"


def test_one_node_of_a_job_its_console_shows(tmp_path: Path) -> None:
    (tmp_path / "gpu-e14").mkdir()
    (tmp_path / "gpu-e14" / "nvidia-smi.txt").write_text(
        "| NVIDIA-SMI 470.199.02   Driver Version: 470.199.02   CUDA Version: 11.4     |\n"
    )
    lines = [
        f"{8 * i}: gpu-e1{i + 1}:3011{i}:3011{i} [0] NCCL INFO cudaDriverVersion 12040\n"
        for i in (0, 1, 4)
    ]
    lines += [
        f"{r}: RuntimeError: The NVIDIA driver on your system is too old (found version 11040).\n"
        for r in range(16, 24)
    ]
    lines += [
        f"{r}: [E ProcessGroupNCCL.cpp:563] [Rank {r}] Watchdog caught collective operation "
        "timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, Timeout(ms)=600000) ran for 600117 "
        "milliseconds before timing out.\n"
        for r in (0, 8, 24)
    ]
    lines += ["srun: error: gpu-e14: tasks 16-23: Exited with exit code 1\n"]
    lines += [
        f"srun: error: gpu-e1{i + 1}: tasks {8 * i}-{8 * i + 7}: Exited with exit code 1\n"
        for i in (0, 1, 4)
    ]
    (tmp_path / "slurm-93012.out").write_text("".join(lines))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action) == (
        Category.DEPENDENCY,
        Layer.INFRASTRUCTURE,
        Action.RESTART_WITHOUT_NODE,
    ), d.summary
    assert d.culprit is not None and d.culprit.node == "gpu-e14"
