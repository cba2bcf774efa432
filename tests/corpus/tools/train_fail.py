"""A tiny gloo training loop that fails on purpose, to capture real failure logs.

Run under torchrun; FAIL picks the failure, FAIL_RANK/FAIL_STEP/FAIL_NODE where it strikes.
Used only by make_real.py to build corpus bundles; not imported by tests.
"""

from __future__ import annotations

import ctypes
import datetime
import os
import resource
import signal
import sys
import time

import torch
import torch.distributed as dist

MODE = os.environ.get("FAIL", "none")
FAIL_RANK = int(os.environ.get("FAIL_RANK", "1"))
FAIL_STEP = int(os.environ.get("FAIL_STEP", "3"))
FAIL_NODE = os.environ.get("FAIL_NODE", "")
NODE = os.environ.get("NODE_NAME", "")
ATTEMPT = int(os.environ.get("TORCHELASTIC_RESTART_COUNT", "0"))
STEPS = int(os.environ.get("STEPS", "6"))


def load_batch(step: int) -> dict[str, int]:
    return {"step": step}


def lookup(cfg: dict[str, int]) -> int:
    return cfg["learning_rate"]


def fail(rank: int, step: int) -> None:
    here = rank == FAIL_RANK and (not FAIL_NODE or NODE == FAIL_NODE)
    if MODE == "nan_all" and step == FAIL_STEP:
        raise FloatingPointError(f"loss is nan at step {step}")
    if MODE == "nan_node" and NODE == FAIL_NODE and step == FAIL_STEP:
        raise FloatingPointError(f"loss is nan at step {step}")
    if not here or step != FAIL_STEP:
        return
    if MODE == "zerodiv":
        _ = step / (step - FAIL_STEP)
    elif MODE == "keyerror":
        lookup({"lr": 1})
    elif MODE == "indexerror":
        _ = [1, 2, 3][step + 10]
    elif MODE == "filenotfound":
        open("/data/shards/train-00042.bin", "rb")  # noqa: SIM115
    elif MODE == "assert":
        assert step < FAIL_STEP, f"bad batch shape at step {step}"
    elif MODE == "valueerror":
        raise ValueError(f"invalid sequence length -1 in batch {step}")
    elif MODE == "typeerror":
        torch.zeros(3) + "a"  # type: ignore[operator]
    elif MODE == "shape":
        torch.zeros(3, 4) @ torch.zeros(5, 6)
    elif MODE == "oom_host":
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
        torch.empty(8 << 30, dtype=torch.uint8)
    elif MODE == "memoryerror":
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
        bytearray(8 << 30)
    elif MODE == "segfault":
        ctypes.string_at(0)
    elif MODE == "sigkill":
        os.kill(os.getpid(), signal.SIGKILL)
    elif MODE == "sigabrt":
        os.abort()
    elif MODE == "hang":
        time.sleep(3600)
    elif MODE == "sigstop":
        os.kill(os.getpid(), signal.SIGSTOP)
    elif MODE == "enospc":
        with open("/dev/full", "wb") as f:
            f.write(b"x" * (1 << 20))
            f.flush()
    elif MODE == "permission":
        open("/proc/1/mem", "wb")  # noqa: SIM115
    elif MODE == "exit1":
        sys.exit(1)
    elif MODE == "dataloader":
        from torch.utils.data import DataLoader, Dataset

        class Killer(Dataset[int]):
            def __len__(self) -> int:
                return 4

            def __getitem__(self, i: int) -> int:
                os.kill(os.getpid(), signal.SIGKILL)
                return i

        for _ in DataLoader(Killer(), num_workers=1):
            pass
    elif MODE == "segfault_node":
        ctypes.string_at(0)


def main() -> None:
    if MODE == "import":
        import flash_attn_kernels  # type: ignore[import-not-found]  # noqa: F401
    if MODE == "syntax":
        exec(compile("def build_model(:\n    pass\n", "model_config.py", "exec"))
    if MODE == "importname":
        from torch.nn import FusedLayerNormV2  # type: ignore[attr-defined]  # noqa: F401
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=6))
    rank = dist.get_rank()
    torch.manual_seed(0)
    w = torch.zeros(8)
    for step in range(STEPS):
        t = time.time()
        load_batch(step)
        fail(rank, step)
        g = torch.ones(8) * (step + 1)
        dist.all_reduce(g)
        w -= 0.01 * g
        loss = float(w.abs().sum())
        print(
            f"[rank{rank}] step {step} loss {loss:.4f} step_time {time.time() - t:.3f}s", flush=True
        )
        time.sleep(0.2)
    dist.destroy_process_group()
    print(f"[rank{rank}] done", flush=True)


if __name__ == "__main__":
    main()
