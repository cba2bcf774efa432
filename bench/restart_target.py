"""Benchmark target: a tiny DDP-style trainer that logs each step's wall time to a file.

Rank 0 appends ``time attempt step`` per step to ``--progress``; faults come from
``KINTSUGI_INJECT`` (kintsugi's injector also works under plain torchrun, without an agent),
so the same script and the same fault run under both launchers.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import torch
import torch.distributed as dist

import kintsugi


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--step-sleep", type=float, default=0.05)
    ap.add_argument("--progress", type=Path, required=True)
    ap.add_argument("--ckpt", type=Path, required=True)
    args = ap.parse_args()
    torch.set_num_threads(1)
    info = kintsugi.init()
    attempt = int(os.environ.get("TORCHELASTIC_RESTART_COUNT", "0"))
    dist.init_process_group("gloo")
    model = torch.nn.Linear(256, 256)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    start = 0
    restored = kintsugi.load_checkpoint(args.ckpt)
    if restored is not None:
        model.load_state_dict(restored[1]["model"])
        start = restored[0] + 1
    for it in range(start, args.steps):
        loss = model(torch.randn(32, 256)).pow(2).mean()
        loss.backward()
        for p in model.parameters():
            assert p.grad is not None
            dist.all_reduce(p.grad)
        opt.step()
        opt.zero_grad()
        time.sleep(args.step_sleep)
        if info.rank == 0:
            with args.progress.open("a") as f:
                f.write(f"{time.time()} {attempt} {it}\n")
        if os.environ.get("KINTSUGI_INJECT") and info.rank == 1:
            with args.progress.open("a") as f:
                f.write(f"{time.time()} {attempt} step-{it}-rank1\n")
        kintsugi.step(it, loss=loss.item())
        if (it + 1) % 5 == 0:
            kintsugi.save_checkpoint({"model": model.state_dict()}, it, directory=args.ckpt)
    with kintsugi.section("finalize"):
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
