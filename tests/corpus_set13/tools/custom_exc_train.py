"""ranker: pointwise relevance model. Team conventions: every failure is raised
as a subclass of RankerError so the on-call can grep for it."""
import argparse
import csv
import os
import sys
import time
from datetime import timedelta

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.distributed.elastic.multiprocessing.errors import record

from fastnorm import FastRMSNorm  # vendored in third_party/ (team lib)


class RankerError(Exception):
    """Base class for all ranker failures."""


class ConfigError(RankerError):
    pass


class DataValidationError(RankerError):
    def __init__(self, msg, *, shard, row):
        super().__init__(f"{msg} [shard={shard} row={row}]")
        self.shard, self.row = shard, row


class TrainingStateError(RankerError):
    pass


NUM_GRADES = 5


def load_shard(path):
    rows = []
    with open(path, newline="") as f:
        for i, r in enumerate(csv.DictReader(f)):
            rows.append((i, [float(r[f"f{k}"]) for k in range(16)], int(r["grade"])))
    return rows


def validate_batch(batch, shard):
    for row, feats, grade in batch:
        if not 0 <= grade < NUM_GRADES:
            raise DataValidationError(f"relevance grade {grade} outside [0, {NUM_GRADES})", shard=shard, row=row)
        if len(feats) != 16:
            raise DataValidationError(f"expected 16 features, got {len(feats)}", shard=shard, row=row)


class Ranker(nn.Module):
    def __init__(self, d_in=16, d=64):
        super().__init__()
        self.inp = nn.Linear(d_in, d)
        self.norm = FastRMSNorm(d)
        self.out = nn.Linear(d, NUM_GRADES)

    def forward(self, x):
        return self.out(torch.relu(self.norm(self.inp(x))))


@record
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shards", required=True, help="dir with part-XX.csv")
    ap.add_argument("--steps", type=int, default=24)
    ap.add_argument("--bs", type=int, default=16)
    args = ap.parse_args()
    if not os.path.isdir(args.shards):
        raise ConfigError(f"--shards {args.shards!r} is not a directory")

    dist.init_process_group("gloo", timeout=timedelta(seconds=30))
    rank, world = dist.get_rank(), dist.get_world_size()
    shard = os.path.join(args.shards, f"part-{rank:02d}.csv")
    rows = load_shard(shard)
    if len(rows) < args.bs:
        raise TrainingStateError(f"rank {rank}: shard {shard} has only {len(rows)} rows")
    torch.manual_seed(3)
    model = nn.parallel.DistributedDataParallel(Ranker())
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    nb = len(rows) // args.bs
    for step in range(args.steps):
        batch = rows[(step % nb) * args.bs:(step % nb + 1) * args.bs]
        validate_batch(batch, shard)
        x = torch.tensor([b[1] for b in batch])
        y = torch.tensor([b[2] for b in batch])
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if rank == 0:
            print(f"[ranker] step={step:04d} loss={loss.item():.5f}", flush=True)
        time.sleep(0.05)
    dist.barrier()
    if rank == 0:
        print("[ranker] finished OK", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
