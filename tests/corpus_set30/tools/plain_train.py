"""Minimal DDP trainer with plain print() logging (corpus_set30)."""
import argparse
import os
import sys
import time
from datetime import datetime

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tinylm  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--steps", type=int, default=200)
ap.add_argument("--dim", type=int, default=128)
ap.add_argument("--bs", type=int, default=8)
ap.add_argument("--lr", type=float, default=3e-4)
ap.add_argument("--eval-every", type=int, default=0)
ap.add_argument("--print-every", type=int, default=10)
ap.add_argument("--timeout", type=int, default=60)
ap.add_argument("--sleep", type=float, default=0.1)
ap.add_argument("--save-dir", default=None)
args = ap.parse_args()


def ts():
    return datetime.now().strftime("%Y-%m-%d %H:%M:%S")


rank, local_rank, world = tinylm.init(args.timeout)
is_main = rank == 0
print(f"{ts()} | {tinylm.host()} | rank {rank}/{world} local_rank {local_rank} | process group ready (gloo)",
      flush=True)
torch.manual_seed(0)
model = DDP(tinylm.TinyLM(dim=args.dim))
opt = torch.optim.AdamW(model.parameters(), lr=args.lr)


@torch.no_grad()
def evaluate(m, n=4):
    tot = 0.0
    for i in range(n):
        x, y = tinylm.synthetic_batch(10_000 + i, 0)
        tot += F.cross_entropy(m.module(x).reshape(-1, 512), y.reshape(-1)).item()
    return tot / n


t0 = time.time()
for step in range(1, args.steps + 1):
    x, y = tinylm.synthetic_batch(step, rank, bs=args.bs)
    loss = F.cross_entropy(model(x).reshape(-1, 512), y.reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    time.sleep(args.sleep)
    if step % args.print_every == 0:
        print(f"{ts()} | rank {rank} | step {step:5d}/{args.steps} | loss {loss.item():.4f} | "
              f"{(time.time() - t0) / args.print_every * 1000:.0f} ms/step", flush=True)
        t0 = time.time()
    if args.eval_every and step % args.eval_every == 0 and is_main:
        val = torch.tensor([evaluate(model)])
        dist.all_reduce(val)             # mean validation loss over ranks
        val /= world
        print(f"{ts()} | rank {rank} | step {step:5d} | val_loss {val.item():.4f}", flush=True)
    if args.save_dir and step % 50 == 0 and is_main:
        os.makedirs(args.save_dir, exist_ok=True)
        torch.save(model.module.state_dict(), os.path.join(args.save_dir, f"model_{step:06d}.pt"))
        print(f"{ts()} | rank {rank} | saved {args.save_dir}/model_{step:06d}.pt", flush=True)
print(f"{ts()} | rank {rank} | finished {args.steps} steps", flush=True)
dist.destroy_process_group()
