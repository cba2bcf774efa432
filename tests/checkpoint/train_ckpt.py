"""A tiny deterministic data-parallel trainer that checkpoints with kintsugi.Checkpointer.

Every step's data depends only on (step, rank), gradients are averaged with gloo, so a run
that is killed and resumed ends bitwise equal to one that never failed. Each rank writes its
final parameters and, per attempt, what ``restore`` returned (step, tier, skipped).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import torch
import torch.distributed as dist

import kintsugi


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=30)
    p.add_argument("--every", type=int, default=5)
    p.add_argument("--out", required=True)
    p.add_argument("--dir", required=True)
    p.add_argument("--replicas", type=int, default=1)
    p.add_argument("--step-sleep", type=float, default=0.0)
    a = p.parse_args()
    info = kintsugi.init()
    dist.init_process_group("gloo")
    rank, ws = dist.get_rank(), dist.get_world_size()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.Tanh(), torch.nn.Linear(64, 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    ck = kintsugi.Checkpointer(a.dir, replicas=a.replicas, interval=None, keep=2)
    r = ck.restore()
    start = 0
    if r is not None:
        model.load_state_dict(r.state["model"])
        opt.load_state_dict(r.state["opt"])
        start = r.step
    record = {
        "attempt": info.attempt,
        "node": info.node,
        "pid": os.getpid(),
        "step": r.step if r else None,
        "tier": r.tier if r else None,
        "skipped": r.skipped if r else [],
    }
    (out / f"restore_rank{rank}_attempt{info.attempt}.json").write_text(json.dumps(record))
    for step in range(start + 1, a.steps + 1):
        g = torch.Generator().manual_seed(step * 1000 + rank)
        x = torch.randn(16, 32, generator=g)
        y = x.sum(dim=1, keepdim=True).sin()
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        for prm in model.parameters():
            assert prm.grad is not None
            dist.all_reduce(prm.grad)
            prm.grad /= ws
        opt.step()
        if step % a.every == 0:
            ck.save(step, {"model": model.state_dict(), "opt": opt.state_dict()})
        kintsugi.step(step, loss=float(loss))
        if a.step_sleep:
            time.sleep(a.step_sleep)
    ck.wait()
    ck.close()
    torch.save(model.state_dict(), out / f"final_rank{rank}.pt")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
