"""Tiny DDP training job used to capture real torchrun/gloo failure output.

Fault injection is driven by env vars (FAULT, FAULT_RANK, FAULT_STEP) so the
launch command line stays identical between the healthy and faulty ranks.
"""
import datetime
import logging
import math
import os
import signal
import sys
import time

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP

FAULT = os.environ.get("FAULT", "none")
FAULT_RANK = int(os.environ.get("FAULT_RANK", "-1"))
FAULT_STEP = int(os.environ.get("FAULT_STEP", "-1"))
STEPS = int(os.environ.get("STEPS", "120"))
PG_TIMEOUT = int(os.environ.get("PG_TIMEOUT", "30"))
DATA_DIR = os.environ.get("DATA_DIR", "/tmp/au_data")

rank = int(os.environ["RANK"])
local_rank = int(os.environ["LOCAL_RANK"])
world = int(os.environ["WORLD_SIZE"])

logging.basicConfig(
    level=logging.INFO,
    format=f"%(asctime)s %(levelname)s [rank{rank}] %(name)s: %(message)s",
    stream=sys.stdout,
)
log = logging.getLogger("train")


def my_fault(kind):
    return FAULT == kind and (FAULT_RANK < 0 or FAULT_RANK == rank)


class TinyMLP(nn.Module):
    def __init__(self, d_in=32, d_hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, d_hidden), nn.GELU(), nn.Linear(d_hidden, 1))

    def forward(self, x):
        return self.net(x)


def load_shards():
    if FAULT == "missing_file":
        path = os.path.join(DATA_DIR, "train-00003-of-00008.pt")
    else:
        path = None
    if path is not None:
        log.info("loading training shard %s", path)
        return torch.load(path)
    g = torch.Generator().manual_seed(1234 + rank)
    x = torch.randn(4096, 32, generator=g)
    y = x[:, :4].sum(dim=1, keepdim=True) + 0.1 * torch.randn(4096, 1, generator=g)
    return x, y


def main():
    log.info("init_process_group backend=gloo world_size=%d timeout=%ss", world, PG_TIMEOUT)
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=PG_TIMEOUT))
    if FAULT == "mismatch_early":
        log.info("syncing per-rank shard statistics")
        stats = torch.ones(3 if rank == FAULT_RANK else 4)
        dist.all_reduce(stats)
    if FAULT == "import_error":
        from au_project.models import build_model  # noqa: F401  (user package)
    torch.manual_seed(0)
    model = DDP(TinyMLP())
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    x, y = load_shards()
    log.info("model params=%d, shard samples=%d, steps=%d", sum(p.numel() for p in model.parameters()), x.shape[0], STEPS)
    bs = 64
    hoard = []
    t_last = time.time()
    for step in range(1, STEPS + 1):
        t0 = time.time()
        i = (step * bs) % (x.shape[0] - bs)
        xb, yb = x[i:i + bs], y[i:i + bs]
        if my_fault("straggler"):
            time.sleep(0.25)
        data_t = time.time() - t0
        if step == FAULT_STEP:
            if my_fault("exception"):
                xb = xb[:, :31]  # bug: feature slice drops one column
            if my_fault("exception_all"):
                sched = {"warmup": 10, "decay": "cosine"}
                _ = sched["warmup_steps"]
            if my_fault("sigkill"):
                os.kill(os.getpid(), signal.SIGKILL)
            if my_fault("sigstop"):
                os.kill(os.getpid(), signal.SIGSTOP)
            if my_fault("exit"):
                os._exit(1)
            if my_fault("cpu_oom"):
                log.info("building eval cache for %d batches", 2 ** 20)
                _ = torch.empty(2 ** 43, dtype=torch.float32)
            if FAULT == "ckpt_local" and local_rank == 0 and os.environ.get("CKPT_DIR"):
                path = os.path.join(os.environ["CKPT_DIR"], f"step_{step}", f"rank{rank}.pt")
                os.makedirs(os.path.dirname(path), exist_ok=True)
                log.info("saving local checkpoint shard %s", path)
                torch.save({"model": model.state_dict(), "optim": opt.state_dict(),
                            "data_state": torch.randn(2 ** 17)}, path)
            if my_fault("barrier_rank0") and rank == 0:
                log.info("saving checkpoint step_%d", step)
                dist.barrier()
            if my_fault("mismatch") and rank == FAULT_RANK:
                dist.all_reduce(torch.ones(3))
            elif FAULT == "mismatch":
                dist.all_reduce(torch.ones(4))
        if my_fault("rss_grow") and step >= FAULT_STEP:
            hoard.append(torch.ones(2 ** 22))
        c0 = time.time()
        out = model(xb)
        loss = nn.functional.mse_loss(out, yb)
        if FAULT == "nan" and step >= FAULT_STEP:
            loss = loss * float("inf") * 0.0
        if FAULT == "nan_node" and os.environ.get("NAN_LOCAL_RANK") == str(local_rank) and step == FAULT_STEP:
            out = out.detach().fill_(float("nan")).requires_grad_()
            loss = nn.functional.mse_loss(out, yb) + 0.0 * sum(p.sum() for p in model.parameters())
            loss = loss + float("nan") * model.module.net[0].weight.sum()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        gnorm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        comp_t = time.time() - c0
        step_t = time.time() - t_last
        t_last = time.time()
        extra = ""
        if FAULT == "rss_grow":
            extra = f" host_mem_gb={len(hoard) * 16 / 1024:.2f}"
        log.info(
            "step %d/%d loss=%.4f grad_norm=%.3f lr=%.2e data_time=%.1fms compute_time=%.1fms step_time=%.1fms%s",
            step, STEPS, loss.item(), float(gnorm), opt.param_groups[0]["lr"], data_t * 1e3, comp_t * 1e3, step_t * 1e3, extra,
        )
        if not math.isfinite(loss.item()):
            if FAULT.startswith("nan") and step >= FAULT_STEP + 2:
                raise FloatingPointError(f"loss is {loss.item()} at step {step}; aborting (3 consecutive non-finite losses)")
            log.warning("non-finite loss at step %d, skipping update", step)
        time.sleep(0.03)
    dist.barrier()
    if rank == 0:
        log.info("training complete: %d steps, final loss %.4f", STEPS, loss.item())
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
