"""Token-classification style trainer that reads fixed-size samples from binary shards.
Log lines are formatted like loguru's default sink."""
import argparse
import datetime
import faulthandler
import glob
import inspect
import os
import signal
import sys
import time
import traceback

import numpy as np
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

faulthandler.register(signal.SIGUSR1, all_threads=True)


class _Logger:
    def _emit(self, level, msg):
        f = inspect.currentframe().f_back.f_back
        now = datetime.datetime.now()
        mod = f.f_globals.get("__name__", "?")
        sys.stderr.write(f"{now:%Y-%m-%d %H:%M:%S}.{now.microsecond // 1000:03d} | {level:<8} | "
                         f"{mod}:{f.f_code.co_name}:{f.f_lineno} - {msg}\n")
        sys.stderr.flush()

    def info(self, m): self._emit("INFO", m)
    def success(self, m): self._emit("SUCCESS", m)
    def warning(self, m): self._emit("WARNING", m)
    def error(self, m): self._emit("ERROR", m)

    def exception(self, m):
        self._emit("ERROR", m)
        sys.stderr.write(traceback.format_exc())
        sys.stderr.flush()


logger = _Logger()

ap = argparse.ArgumentParser()
ap.add_argument("--data", default="/srv/local/data")
ap.add_argument("--sample-bytes", type=int, default=4096)
ap.add_argument("--samples-per-step", type=int, default=8)
ap.add_argument("--steps", type=int, default=40)
ap.add_argument("--log-every", type=int, default=5)
ap.add_argument("--ckpt-dir", default=None)
ap.add_argument("--ckpt-every", type=int, default=10)
ap.add_argument("--num-workers", type=int, default=0)
ap.add_argument("--timeout", type=int, default=300)
ap.add_argument("--lr", type=float, default=1e-3)
args = ap.parse_args()


class ShardDataset(Dataset):
    """Sample i lives at offset (i % per_shard) * sample_bytes of shard i // per_shard."""

    def __init__(self, root, sample_bytes):
        self.shards = sorted(glob.glob(os.path.join(root, "shard_*.bin")))
        if not self.shards:
            raise FileNotFoundError(f"no shards found under {root}")
        self.sb = sample_bytes
        self.per_shard = os.path.getsize(self.shards[0]) // sample_bytes

    def __len__(self):
        return self.per_shard * len(self.shards)

    def __getitem__(self, i):
        path = self.shards[i // self.per_shard]
        fd = os.open(path, os.O_RDONLY)
        try:
            buf = os.pread(fd, self.sb, (i % self.per_shard) * self.sb)
        finally:
            os.close(fd)
        a = np.frombuffer(buf, dtype=np.uint8).astype(np.int64)
        return torch.from_numpy(a[:64] % 200), torch.from_numpy(a[64:128] % 7)


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(200, 64)
        self.enc = nn.LSTM(64, 64, batch_first=True, bidirectional=True)
        self.out = nn.Linear(128, 7)

    def forward(self, x):
        return self.out(self.enc(self.emb(x))[0])


def save(step, model, opt):
    os.makedirs(args.ckpt_dir, exist_ok=True)
    tmp = os.path.join(args.ckpt_dir, f".ckpt_{step:06d}.pt.tmp")
    torch.save({"step": step, "model": model.state_dict(), "opt": opt.state_dict()}, tmp)
    os.replace(tmp, os.path.join(args.ckpt_dir, f"ckpt_{step:06d}.pt"))
    logger.info(f"saved checkpoint ckpt_{step:06d}.pt")


def main():
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=args.timeout))
    rank, world = dist.get_rank(), dist.get_world_size()
    restart = int(os.environ.get("TORCHELASTIC_RESTART_COUNT", 0))
    logger.info(f"rank {rank}/{world} up (pid {os.getpid()}, restart_count={restart})")
    torch.manual_seed(0)
    model = Tagger()
    for p in model.parameters():
        dist.broadcast(p.data, 0)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    start = 0
    if args.ckpt_dir and os.path.isdir(args.ckpt_dir):
        cks = sorted(glob.glob(os.path.join(args.ckpt_dir, "ckpt_*.pt")))
        if cks:
            sd = torch.load(cks[-1], map_location="cpu")
            model.load_state_dict(sd["model"])
            opt.load_state_dict(sd["opt"])
            start = sd["step"]
            logger.info(f"resumed from {os.path.basename(cks[-1])} (step {start})")
    ds = ShardDataset(args.data, args.sample_bytes)
    logger.info(f"dataset: {len(ds)} samples in {len(ds.shards)} shards under {args.data}")
    order = torch.randperm(len(ds), generator=torch.Generator().manual_seed(7)).tolist()
    t0 = time.time()
    tw = time.time()
    data_t = 0.0
    for step in range(start, args.steps):
        td = time.time()
        base = (step * world + rank) * args.samples_per_step
        idx = [order[(base + j) % len(order)] for j in range(args.samples_per_step)]
        if args.num_workers:
            dl = DataLoader(torch.utils.data.Subset(ds, idx), batch_size=len(idx),
                            num_workers=args.num_workers)
            x, y = next(iter(dl))
        else:
            items = [ds[i] for i in idx]
            x = torch.stack([a for a, _ in items])
            y = torch.stack([b for _, b in items])
        data_t += time.time() - td
        logits = model(x)
        loss = F.cross_entropy(logits.reshape(-1, 7), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        for p in model.parameters():
            dist.all_reduce(p.grad)
            p.grad /= world
        opt.step()
        if (step + 1) % args.log_every == 0:
            lt = loss.detach().clone()
            dist.all_reduce(lt)
            el = time.time() - tw
            tw = time.time()
            if rank == 0:
                logger.info(f"step {step + 1}/{args.steps} | loss {lt.item() / world:.4f} | "
                            f"{el / args.log_every * 1000:.0f} ms/step | data {data_t / args.log_every * 1000:.0f} ms/step")
            data_t = 0.0
        if args.ckpt_dir and (step + 1) % args.ckpt_every == 0 and rank == 0:
            save(step + 1, model, opt)
    dist.barrier()
    if rank == 0:
        logger.success(f"training finished: {args.steps} steps in {time.time() - t0:.1f}s")
    dist.destroy_process_group()


if __name__ == "__main__":
    try:
        main()
    except Exception:
        logger.exception("An error has been caught in function '<module>', process 'MainProcess' "
                         f"({os.getpid()}), thread 'MainThread':")
        raise
