"""Multi-task fine-tuning (token tagging + sequence labels) with rich-style console logging."""
import argparse
import datetime
import logging
import os
import sys
import time
import warnings

import numpy as np
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, Dataset
from torch.utils.data.distributed import DistributedSampler

WIDTH = 100


class RichLikeHandler(logging.Handler):
    """Mimics rich.logging.RichHandler on a non-terminal console: time column (only when it
    changes), level column, message, path:line right-aligned."""
    _last = None

    def emit(self, record):
        t = datetime.datetime.fromtimestamp(record.created).strftime("[%x %X]")
        tcol = t if t != RichLikeHandler._last else " " * len(t)
        RichLikeHandler._last = t
        where = f"{os.path.basename(record.pathname)}:{record.lineno}"
        msg = record.getMessage()
        head = f"{tcol} {record.levelname:<8} "
        room = WIDTH - len(head) - len(where) - 1
        lines = [msg[i:i + room] for i in range(0, max(len(msg), 1), room)] or [""]
        out = [head + lines[0].ljust(room) + " " + where]
        out += [" " * len(head) + l for l in lines[1:]]
        sys.stdout.write("\n".join(out) + "\n")
        sys.stdout.flush()


log = logging.getLogger("train")
log.setLevel(logging.INFO)
log.addHandler(RichLikeHandler())
log.propagate = False

ap = argparse.ArgumentParser()
ap.add_argument("--epochs", type=int, default=2)
ap.add_argument("--steps", type=int, default=15)
ap.add_argument("--eval-batches", type=int, default=6)
ap.add_argument("--num-workers", type=int, default=0)
ap.add_argument("--find-unused-parameters", action="store_true")
ap.add_argument("--grad-sync", choices=["ddp", "manual"], default="ddp")
ap.add_argument("--mixed-tasks-eval", default="/srv/shared/data/eval_tasks.txt")
ap.add_argument("--timeout", type=int, default=300)
ap.add_argument("--spike-factor", type=float, default=1.6)
args = ap.parse_args()


class MeanMetric:
    """Running mean that can be synced across ranks."""

    def __init__(self):
        self.state, self.count = 0.0, 0

    def update(self, v, n=1):
        self.state += v
        self.count += n

    def compute(self):
        t = torch.tensor([self.state, self.count])
        dist.all_reduce(t)
        return (t[0] / t[1]).item()


class Tasks(Dataset):
    def __init__(self, n, seed):
        self.n, self.seed = n, seed

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(self.seed * 7919 + i)
        return torch.randint(0, 100, (24,), generator=g), torch.randint(0, 5, (24,), generator=g)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 48)
        self.mix = nn.Linear(48, 48)
        self.tag = nn.Linear(48, 5)

    def forward(self, x):
        return self.tag(torch.tanh(self.mix(self.emb(x))))


def compute_acc(pred, lab, task):
    """token-level accuracy for tagging, exact match for sequence-level tasks"""
    if task == "seq":
        return np.all(pred.numpy() == lab.numpy()), 1
    return (pred == lab).float().mean().item(), 1


def main():
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=args.timeout))
    rank, world = dist.get_rank(), dist.get_world_size()
    log.info(f"rank {rank} of {world} on {os.uname().nodename} (pid {os.getpid()})")
    tasks = [l.split() for l in open(args.mixed_tasks_eval)] if os.path.exists(args.mixed_tasks_eval) else []
    torch.manual_seed(0)
    model = Model()
    if args.grad_sync == "ddp":
        ddp = DDP(model, find_unused_parameters=args.find_unused_parameters)
    else:  # plain data parallel: broadcast once, average gradients by hand
        for p in model.parameters():
            dist.broadcast(p.data, 0)
        ddp = model
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3)
    train = Tasks(args.steps * 8 * world, 1)
    sampler = DistributedSampler(train)
    dl = DataLoader(train, batch_size=8, sampler=sampler, num_workers=args.num_workers)
    ema = None
    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        t0 = time.time()
        for step, (x, y) in enumerate(dl):
            loss = F.cross_entropy(ddp(x).transpose(1, 2), y)
            opt.zero_grad()
            loss.backward()
            if args.grad_sync == "manual":
                for p in model.parameters():
                    dist.all_reduce(p.grad)
                    p.grad /= world
            opt.step()
            lv = loss.item()
            if ema is not None and lv > args.spike_factor * ema:
                log.warning(f"loss spike at epoch {epoch} step {step}: {lv:.3f} vs running {ema:.3f}")
            ema = lv if ema is None else 0.9 * ema + 0.1 * lv
            if rank == 0 and step % 5 == 0:
                log.info(f"epoch {epoch} step {step:3d}/{len(dl)}  loss {lv:.4f}  "
                         f"{(time.time() - t0) / (step + 1) * 1000:.0f} ms/it")
        # evaluation over the mixed-task eval set (task type per batch from eval_tasks.txt)
        acc = MeanMetric()
        with torch.no_grad():
            for b in range(args.eval_batches):
                g = torch.Generator().manual_seed(1000 * epoch + 10 * rank + b)
                x, y = torch.randint(0, 100, (4, 24), generator=g), torch.randint(0, 5, (4, 24), generator=g)
                task = tasks[(rank * args.eval_batches + b) % len(tasks)][0] if tasks else "tag"
                pred = model(x).argmax(-1)
                v, n = compute_acc(pred, y, task)
                acc.update(v, n)
        val = acc.compute()
        if rank == 0:
            log.info(f"epoch {epoch} eval accuracy {val:.4f}")
    if rank == 0:
        torch.save(model.state_dict(), "/srv/shared/final.pt")
        log.info("saved /srv/shared/final.pt")
    dist.barrier()
    log.info("done")


if __name__ == "__main__":
    main()
