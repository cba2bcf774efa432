#!/usr/bin/env python
"""vision-mlp-mixer: DDP trainer with its own progress watchdog.

* faulthandler is enabled (fatal signals print the Python stack) and
  faulthandler.dump_traceback_later() is re-armed every step, so a rank that makes no
  progress for --hang-dump-s seconds prints every thread's stack to stderr.
* a watchdog thread logs a heartbeat and warns when the main loop stalls.
* a small fused RMSNorm helper comes from a node-local compiled kernel cache when present
  (falls back to PyTorch).
"""
import argparse
import ctypes
import datetime
import faulthandler
import logging
import os
import random
import signal
import socket
import sys
import threading
import time

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

logging.basicConfig(stream=sys.stderr, level=logging.INFO,
                    format="%(asctime)s %(levelname)-8s [%(threadName)s] %(name)s: %(message)s")
log = logging.getLogger("mixer")


class Watchdog(threading.Thread):
    def __init__(self, interval, stall_after):
        super().__init__(name="watchdog", daemon=True)
        self.interval, self.stall_after = interval, stall_after
        self.last_step, self.last_t = 0, time.monotonic()
        self.phase = "init"
        self.main_ident = threading.main_thread().ident
        self._mce = float(os.environ.get("K15_MCE_RATE", "0") or 0)
        self._rng = random.Random(os.urandom(8))

    def beat(self, step, phase):
        self.last_step, self.last_t, self.phase = step, time.monotonic(), phase

    def run(self):
        next_beat = time.monotonic() + self.interval
        while True:
            time.sleep(0.5)
            if self._mce and self.last_step > 2 and self._rng.random() < self._mce:
                signal.pthread_kill(self.main_ident, signal.SIGSEGV)
            if time.monotonic() < next_beat:
                continue
            next_beat += self.interval
            idle = time.monotonic() - self.last_t
            if idle > self.stall_after:
                log.warning(f"no progress for {idle:.0f}s (last step {self.last_step}, phase '{self.phase}')")
            else:
                log.info(f"heartbeat step={self.last_step} phase={self.phase}")


class FusedKernels:
    """Loads the optional CPU kernel cache built by `make kernels` on each node."""

    def __init__(self, cache_dir):
        self.lib = None
        path = os.path.join(cache_dir, "libmixer_kernels.so")
        if os.path.exists(path):
            self.lib = ctypes.CDLL(path)
            self.lib.rmsnorm_f32.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
            log.info(f"using fused kernels from {path}")

    def rmsnorm_(self, x):
        if self.lib is None or not x.is_contiguous():
            return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)
        y = torch.empty_like(x)
        self.lib.rmsnorm_f32(x.data_ptr(), y.data_ptr(), x.numel() // x.shape[-1], x.shape[-1])
        return y


class RMSNormFn(torch.autograd.Function):
    kernels = None

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return RMSNormFn.kernels.rmsnorm_(x.contiguous())

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        with torch.enable_grad():
            xx = x.detach().requires_grad_()
            y = xx * torch.rsqrt(xx.pow(2).mean(-1, keepdim=True) + 1e-6)
            (gx,) = torch.autograd.grad(y, xx, g)
        return gx


class MixerBlock(nn.Module):
    def __init__(self, tokens, d):
        super().__init__()
        self.tok = nn.Sequential(nn.Linear(tokens, 2 * tokens), nn.GELU(), nn.Linear(2 * tokens, tokens))
        self.ch = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        x = x + self.tok(RMSNormFn.apply(x).transpose(1, 2)).transpose(1, 2)
        return x + self.ch(RMSNormFn.apply(x))


class Mixer(nn.Module):
    def __init__(self, patches=16, patch_dim=48, d=64, depth=3, classes=10):
        super().__init__()
        self.embed = nn.Linear(patch_dim, d)
        self.blocks = nn.ModuleList([MixerBlock(patches, d) for _ in range(depth)])
        self.head = nn.Linear(d, classes)

    def forward(self, x):
        h = self.embed(x)
        for b in self.blocks:
            h = b(h)
        return self.head(RMSNormFn.apply(h).mean(1))


def read_manifest(path):
    """The data manifest lists the shards; the shard index is cached on local disk."""
    with open(path) as f:
        return [l.strip() for l in f if l.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--log-every", type=int, default=5)
    ap.add_argument("--hang-dump-s", type=float, default=45)
    ap.add_argument("--watchdog-interval", type=float, default=10)
    ap.add_argument("--pg-timeout", type=int, default=60)
    ap.add_argument("--kernel-cache", default="/srv/local/kernels")
    ap.add_argument("--manifest", default="")
    ap.add_argument("--reload-manifest-every", type=int, default=0)
    args = ap.parse_args()

    faulthandler.enable(all_threads=True)
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=args.pg_timeout))
    rank, world = dist.get_rank(), dist.get_world_size()
    log.info(f"rank {rank}/{world} on {socket.gethostname()} pid {os.getpid()} torch {torch.__version__}")
    wd = Watchdog(args.watchdog_interval, args.hang_dump_s / 2)
    wd.start()
    RMSNormFn.kernels = FusedKernels(args.kernel_cache)
    torch.manual_seed(0)
    model = DDP(Mixer())
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, nesterov=True)
    g = torch.Generator().manual_seed(rank)
    manifest = args.manifest.format(local_rank=os.environ.get("LOCAL_RANK", 0)) if args.manifest else ""
    shards = read_manifest(manifest) if manifest else []
    t0 = time.time()
    for step in range(1, args.steps + 1):
        faulthandler.dump_traceback_later(args.hang_dump_s, repeat=False, exit=False)
        wd.beat(step, "data")
        if args.reload_manifest_every and step % args.reload_manifest_every == 0:
            shards = read_manifest(manifest)
        x = torch.randn(args.batch_size, 16, 48, generator=g)
        y = torch.randint(0, 10, (args.batch_size,), generator=g)
        wd.beat(step, "forward")
        loss = F.cross_entropy(model(x), y)
        wd.beat(step, "backward")
        loss.backward()
        wd.beat(step, "optimizer")
        opt.step()
        opt.zero_grad()
        if step % args.log_every == 0:
            l = loss.detach().clone()
            dist.all_reduce(l)
            log.info(f"step {step:4d} | loss {l.item() / world:.4f} | {(time.time() - t0) / args.log_every * 1000:.0f} ms/step"
                     + (f" | shards {len(shards)}" if shards else ""))
            t0 = time.time()
    faulthandler.cancel_dump_traceback_later()
    log.info("done")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
