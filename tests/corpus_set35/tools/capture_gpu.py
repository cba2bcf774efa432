"""Captures set 35 on a machine with a real GPU: each case one torchrun of gpu_job.py.

Each bundle is laid out as an operator collects it from the node: ``<host>/stdout.log`` (the
launcher's console), ``<host>/dmesg.txt`` (the kernel lines the case added, ``dmesg -T``) and
``<host>/nvidia-smi-q.txt`` (taken after the failure). The label is the failure's own nature,
written here before any capture was diagnosed; a case without one (a custom kernel's illegal
write) is kept for its formats only.

    python tests/corpus_set35/tools/capture_gpu.py OUT_DIR
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
STOP = {"layer": "script", "culprit": None, "action": "stop"}
CASES: list[tuple[str, str, int, dict[str, object] | None]] = [
    (
        "af01_cuda_out_of_memory_at_first_step",
        "oom",
        2,
        {
            "category": "oom",
            "layer": "framework",
            "culprit": None,
            "action": "stop",
            "rationale": "Every rank asks for more than the card holds at step 1: the job's "
            "configured batch, not the node.",
        },
    ),
    (
        "af02_device_side_assert_on_one_rank",
        "assert",
        2,
        {
            "category": "user_code",
            **STOP,
            "rationale": "Rank 1's batch holds token ids past the embedding's vocabulary: "
            "a device-side assert from the data, deterministic on any GPU.",
        },
    ),
    (
        "af03_loss_went_nan_and_the_job_stopped",
        "nan",
        2,
        {
            "category": "numerical",
            **STOP,
            "rationale": "A learning rate of 1e6 drives the loss to inf/NaN within steps on "
            "every rank; the job's own finite-loss check stops it. The recipe.",
        },
    ),
    (
        "af04_nccl_error_at_first_collective",
        "dupgpu",
        2,
        {
            "category": "user_code",
            **STOP,
            "rationale": "Two NCCL ranks on one GPU (more ranks per node than GPUs): NCCL "
            "refuses the duplicate device. The launch configuration.",
        },
    ),
    (
        "af05_job_finished_check_it_was_healthy",
        "clean",
        1,
        {
            "category": "unknown",
            "layer": "framework",
            "culprit": None,
            "action": "none",
            "rationale": "Trained all its steps and exited 0 (NCCL_DEBUG=INFO console).",
        },
    ),
    ("af06_custom_kernel_illegal_address", "illegal", 2, None),
]


def dmesg_lines() -> list[str]:
    p = subprocess.run(["dmesg", "-T"], capture_output=True, text=True)
    return p.stdout.splitlines() if p.returncode == 0 else []


def main() -> None:
    out = Path(sys.argv[1])
    host = socket.gethostname().split(".")[0]
    env = {k: v for k, v in os.environ.items() if not k.startswith("KINTSUGI_")}
    for name, mode, nproc, label in CASES:
        d = out / name / host
        d.mkdir(parents=True, exist_ok=True)
        before = len(dmesg_lines())
        e = dict(env)
        if mode in ("clean", "dupgpu"):
            e["NCCL_DEBUG"] = "INFO"
        cmd = [
            sys.executable,
            "-m",
            "torch.distributed.run",
            "--standalone",
            "--nproc-per-node",
            str(nproc),
            str(HERE / "gpu_job.py"),
            "--mode",
            mode,
        ]
        with (d / "stdout.log").open("w") as f:
            f.write(f"$ torchrun --standalone --nproc-per-node {nproc} gpu_job.py --mode {mode}\n")
            f.flush()
            try:
                rc = subprocess.run(
                    cmd, stdout=f, stderr=subprocess.STDOUT, env=e, timeout=150
                ).returncode
            except subprocess.TimeoutExpired:
                rc = -1
        (d / "dmesg.txt").write_text("".join(x + "\n" for x in dmesg_lines()[before:]))
        q = subprocess.run(["nvidia-smi", "-q"], capture_output=True, text=True)
        (d / "nvidia-smi-q.txt").write_text(q.stdout)
        if label is not None:
            label = {**label, "captured": "real run on one NVIDIA H200 (see tools/)"}
            (out / name / "label.json").write_text(json.dumps(label, indent=2) + "\n")
        print(f"{name}: exit {rc}", flush=True)


if __name__ == "__main__":
    main()
