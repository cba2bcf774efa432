#!/usr/bin/env python
"""sensor-forecast: trains a small forecaster with an accelerate-style wrapper.

Shards are .npy files (features, target) read from the shared filesystem or fetched
over HTTP from the object-store gateway.
"""
import argparse
import datetime
import io
import logging
import math
import os
import socket
import sys
import time
import urllib.request

import numpy as np
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F

logging.basicConfig(format="%(asctime)s - %(levelname)s - %(name)s - %(message)s",
                    datefmt="%m/%d/%Y %H:%M:%S", level=logging.INFO)
logger = logging.getLogger(__name__)


# --------------------------------------------------------------------------- mini accelerate
class PartialState:
    def __init__(self, timeout):
        self.backend = "gloo"
        dist.init_process_group(self.backend, timeout=datetime.timedelta(seconds=timeout))
        self.num_processes = dist.get_world_size()
        self.process_index = dist.get_rank()
        self.local_process_index = int(os.environ.get("LOCAL_RANK", 0))
        self.device = torch.device("cpu")

    def __repr__(self):
        return (f"Distributed environment: MULTI_CPU  Backend: {self.backend}\n"
                f"Num processes: {self.num_processes}\nProcess index: {self.process_index}\n"
                f"Local process index: {self.local_process_index}\nDevice: {self.device}\n\n"
                "Mixed precision type: no\n")


class Accelerator:
    def __init__(self, gradient_accumulation_steps=1, timeout=60, barrier_timeout=None):
        self.state = PartialState(timeout)
        self.gradient_accumulation_steps = gradient_accumulation_steps
        self.barrier_timeout = barrier_timeout
        self.step = 0

    @property
    def is_main_process(self):
        return self.state.process_index == 0

    @property
    def process_index(self):
        return self.state.process_index

    @property
    def num_processes(self):
        return self.state.num_processes

    def print(self, *a, **k):
        if self.is_main_process:
            print(*a, **k, flush=True)

    def prepare(self, model, optimizer):
        model = nn.parallel.DistributedDataParallel(model)
        return model, optimizer

    def backward(self, loss):
        (loss / self.gradient_accumulation_steps).backward()

    def gather(self, t):
        t = t.detach().reshape(1, *t.shape) if t.dim() == 0 else t.detach()
        out = [torch.empty_like(t) for _ in range(self.num_processes)]
        dist.all_gather(out, t)
        return torch.cat(out)

    def reduce(self, t, reduction="mean"):
        t = t.detach().clone()
        dist.all_reduce(t)
        return t / self.num_processes if reduction == "mean" else t

    def wait_for_everyone(self):
        if self.barrier_timeout:
            dist.monitored_barrier(timeout=datetime.timedelta(seconds=self.barrier_timeout),
                                   wait_all_ranks=True)
        else:
            dist.barrier()

    def save_state(self, output_dir, model, optimizer, reader=None):
        if reader is not None:
            reader.dump_state(self.process_index)
        self.wait_for_everyone()
        if self.is_main_process:
            os.makedirs(output_dir, exist_ok=True)
            torch.save(model.module.state_dict(), os.path.join(output_dir, "model.bin"))
            torch.save(optimizer.state_dict(), os.path.join(output_dir, "optimizer.bin"))
            logger.info(f"Saving current state to {output_dir}")
        self.wait_for_everyone()

    def end_training(self):
        dist.destroy_process_group()


# --------------------------------------------------------------------------- data
class ShardReader:
    """Reads shard-XXXXX.npz from a directory or an http(s) prefix."""

    def __init__(self, source, shards, cache_dir):
        self.source = source.rstrip("/")
        self.shards = shards
        self.cache_dir = cache_dir

    def _open(self, name):
        if self.source.startswith("http"):
            url = f"{self.source}/{name}"
            with urllib.request.urlopen(url, timeout=30) as r:
                return io.BytesIO(r.read())
        return open(os.path.join(self.source, name), "rb")

    def _index(self, name):
        """Per-node cache of the shard's row index (written on first use)."""
        path = os.path.join(self.cache_dir, name + ".idx")
        if os.path.exists(path):
            with open(path, "rb") as f:
                return np.frombuffer(f.read(), dtype=np.int64)
        return None

    def dump_state(self, rank):
        """Remember where this process is in its shards (node-local, for fast resume)."""
        os.makedirs(self.cache_dir, exist_ok=True)
        with open(os.path.join(self.cache_dir, f"reader-rank{rank}.state"), "w") as f:
            f.write(f"{self.position[0]} {self.position[1]}\n")

    def batches(self, batch_size):
        self.position = (None, 0)
        for name in self.shards:
            idx = self._index(name)
            with self._open(name) as f:
                z = np.load(f)
                x, y = z["x"], z["y"]
            if idx is None:
                idx = np.arange(len(y))
                os.makedirs(self.cache_dir, exist_ok=True)
                with open(os.path.join(self.cache_dir, name + ".idx"), "wb") as f:
                    f.write(idx.tobytes())
            for i in range(0, len(idx) - batch_size + 1, batch_size):
                j = idx[i:i + batch_size]
                self.position = (name, i)
                yield name, torch.from_numpy(x[j]), torch.from_numpy(y[j])


# --------------------------------------------------------------------------- model
class Forecaster(nn.Module):
    def __init__(self, d_in=16, d=96):
        super().__init__()
        self.inp = nn.Linear(d_in, d)
        self.blocks = nn.ModuleList([nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 2 * d), nn.SiLU(),
                                                   nn.Linear(2 * d, d)) for _ in range(3)])
        self.head = nn.Linear(d, 1)

    def forward(self, x):
        h = self.inp(x)
        for b in self.blocks:
            h = h + b(h)
        return self.head(h).squeeze(-1)


def build_optimizer(name, params, lr):
    if name == "adamw":
        return torch.optim.AdamW(params, lr=lr, weight_decay=0.05)
    if name == "fused_adam":
        from apex.optimizers import FusedAdam
        return FusedAdam(params, lr=lr, weight_decay=0.05, adam_w_mode=True)
    if name == "sgd":
        return torch.optim.SGD(params, lr=lr, momentum=0.9)
    raise ValueError(f"unknown optimizer {name}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="/srv/shared/sensors/v3")
    ap.add_argument("--num-shards", type=int, default=8)
    ap.add_argument("--output-dir", default="/srv/shared/runs/forecast")
    ap.add_argument("--optimizer", default="adamw")
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--per-device-batch-size", type=int, default=32)
    ap.add_argument("--gradient-accumulation-steps", type=int, default=1)
    ap.add_argument("--max-steps", type=int, default=60)
    ap.add_argument("--logging-steps", type=int, default=5)
    ap.add_argument("--checkpointing-steps", type=int, default=0)
    ap.add_argument("--pg-timeout", type=int, default=60)
    ap.add_argument("--barrier-timeout", type=int, default=0)
    args = ap.parse_args()

    accelerator = Accelerator(args.gradient_accumulation_steps, timeout=args.pg_timeout,
                              barrier_timeout=args.barrier_timeout or None)
    logger.info(accelerator.state)
    torch.manual_seed(0)
    model = Forecaster()
    optimizer = build_optimizer(args.optimizer, model.parameters(), args.lr)
    model, optimizer = accelerator.prepare(model, optimizer)

    shards = [f"shard-{i:05d}.npz" for i in range(args.num_shards)]
    mine = shards[accelerator.process_index::accelerator.num_processes]
    reader = ShardReader(args.data, mine, cache_dir="/srv/local/cache/forecast")
    logger.info(f"***** Running training *****\n  Num shards = {len(shards)} ({len(mine)} on this process)\n"
                f"  Instantaneous batch size per device = {args.per_device_batch_size}\n"
                f"  Gradient Accumulation steps = {args.gradient_accumulation_steps}\n"
                f"  Total optimization steps = {args.max_steps}")
    step, t_log = 0, time.time()
    it = reader.batches(args.per_device_batch_size)
    while step < args.max_steps:
        for _ in range(args.gradient_accumulation_steps):
            try:
                shard, x, y = next(it)
            except StopIteration:
                it = reader.batches(args.per_device_batch_size)
                shard, x, y = next(it)
            pred = model(x)
            loss = F.mse_loss(pred, y)
            accelerator.backward(loss)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad()
        step += 1
        losses = accelerator.gather(loss)
        if not torch.isfinite(losses).all():
            raise RuntimeError(
                f"Non-finite loss at step {step}: gathered per-process losses "
                f"{[round(v, 4) if math.isfinite(v) else v for v in losses.tolist()]}")
        if step % args.logging_steps == 0:
            dt = time.time() - t_log
            t_log = time.time()
            accelerator.print(f"step {step}/{args.max_steps} | loss {losses.mean().item():.5f} | "
                              f"lr {optimizer.param_groups[0]['lr']:.2e} | "
                              f"{args.logging_steps / dt:.2f} it/s")
        if args.checkpointing_steps and step % args.checkpointing_steps == 0:
            accelerator.save_state(os.path.join(args.output_dir, f"step_{step}"), model, optimizer, reader)
    accelerator.wait_for_everyone()
    accelerator.print(f"Training finished after {step} steps.")
    accelerator.end_training()


if __name__ == "__main__":
    main()
