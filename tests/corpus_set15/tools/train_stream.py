#!/usr/bin/env python
"""review-sentiment: bag-of-embeddings classifier streamed from JSONL shards.

torch.utils.data.IterableDataset split by (rank, worker), a shuffle buffer, and a
DataLoader with num_workers>0 and persistent_workers=True.
"""
import argparse
import datetime
import errno
import glob
import hashlib
import json
import os
import random
import sys
import time

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, IterableDataset, get_worker_info


def tokenize(text, vocab):
    return [int(hashlib.md5(w.encode()).hexdigest()[:6], 16) % vocab for w in text.lower().split()]


class JsonlStream(IterableDataset):
    def __init__(self, pattern, rank, world, vocab, max_len, shuffle_buffer, seed, keep_raw=False):
        self.files = sorted(glob.glob(pattern))
        if not self.files:
            raise FileNotFoundError(errno.ENOENT, "no training files match", pattern)
        self.rank, self.world = rank, world
        self.vocab, self.max_len = vocab, max_len
        self.shuffle_buffer, self.seed = shuffle_buffer, seed
        self.keep_raw = keep_raw
        self.epoch = 0

    def _records(self):
        wi = get_worker_info()
        wid, nw = (wi.id, wi.num_workers) if wi else (0, 1)
        files = self.files[self.rank::self.world]
        files = files[wid::nw]
        for path in files:
            with open(path) as f:
                for lineno, line in enumerate(f, 1):
                    rec = json.loads(line)
                    yield path, lineno, rec

    def __iter__(self):
        rng = random.Random(self.seed + self.rank * 101 + self.epoch)
        buf = []
        for path, lineno, rec in self._records():
            ids = tokenize(rec["text"], self.vocab)[: self.max_len]
            label = int(rec["stars"]) - 1
            if not 0 <= label < 5:
                raise ValueError(f"{path}:{lineno}: stars={rec['stars']!r} out of range 1..5")
            item = (torch.tensor(ids + [0] * (self.max_len - len(ids))), torch.tensor(label))
            if self.keep_raw:
                item = item + (rec,)
            buf.append(item)
            if len(buf) >= self.shuffle_buffer:
                yield buf.pop(rng.randrange(len(buf)))
        rng.shuffle(buf)
        yield from buf
        self.epoch += 1


def collate(items):
    return torch.stack([i[0] for i in items]), torch.stack([i[1] for i in items])


class BagClassifier(nn.Module):
    def __init__(self, vocab, d=64, classes=5):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, d, mode="mean", padding_idx=0)
        self.mlp = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, classes))

    def forward(self, x):
        return self.mlp(self.emb(x))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--train-files", default="/srv/shared/reviews/train-*.jsonl")
    ap.add_argument("--vocab", type=int, default=8192)
    ap.add_argument("--max-len", type=int, default=64)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--num-workers", type=int, default=2)
    ap.add_argument("--shuffle-buffer", type=int, default=256)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--max-steps", type=int, default=40)
    ap.add_argument("--keep-raw", action="store_true", help="carry the raw record for error analysis")
    ap.add_argument("--pg-timeout", type=int, default=60)
    args = ap.parse_args()

    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=args.pg_timeout))
    rank, world = dist.get_rank(), dist.get_world_size()
    ds = JsonlStream(args.train_files, rank, world, args.vocab, args.max_len, args.shuffle_buffer,
                     seed=17, keep_raw=args.keep_raw)
    if rank == 0:
        print(f"[{time.strftime('%H:%M:%S')}] train files: {len(ds.files)} ({args.train_files}) "
              f"world={world} workers/rank={args.num_workers}", flush=True)
    dl = DataLoader(ds, batch_size=args.batch_size, num_workers=args.num_workers, collate_fn=collate,
                    persistent_workers=args.num_workers > 0, prefetch_factor=4 if args.num_workers else None)
    torch.manual_seed(0)
    model = DDP(BagClassifier(args.vocab))
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    step = 0
    t0 = time.time()
    for epoch in range(args.epochs):
        for x, y in dl:
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
            opt.zero_grad()
            step += 1
            if step % 5 == 0:
                l = loss.detach().clone()
                dist.all_reduce(l)
                if rank == 0:
                    print(f"[{time.strftime('%H:%M:%S')}] epoch {epoch} | it {step:4d}/{args.max_steps} | "
                          f"loss {l.item() / world:.4f} | {5 / (time.time() - t0):.2f} it/s", flush=True)
                t0 = time.time()
            if step >= args.max_steps:
                break
        if step >= args.max_steps:
            break
    if rank == 0:
        print(f"[{time.strftime('%H:%M:%S')}] finished {step} steps", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
