#!/usr/bin/env python
"""Intent classifier fine-tune (bag-of-embeddings), plain DDP loop over gloo.

Style: stdlib `logging`, argparse, no frameworks.
"""
import argparse
import json
import logging
import os
import time
import zlib
from datetime import timedelta

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

log = logging.getLogger("intent.train")


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--data", required=True)
    p.add_argument("--label-map", required=True)
    p.add_argument("--steps", type=int, default=40)
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--seq-len", type=int, default=24)
    p.add_argument("--vocab", type=int, default=4096)
    p.add_argument("--dim", type=int, default=64)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--log-every", type=int, default=5)
    p.add_argument("--log-grad-norm", action="store_true")
    p.add_argument("--step-sleep", type=float, default=0.0, help="throttle (shared cluster etiquette)")
    p.add_argument("--dist-timeout", type=int, default=30)
    return p.parse_args()


def tok_id(tok, vocab):
    return zlib.crc32(tok.lower().encode()) % (vocab - 1) + 1


class IntentDataset:
    def __init__(self, path, label_map_path, vocab, seq_len):
        with open(path) as f:
            self.records = [json.loads(line) for line in f if line.strip()]
        with open(label_map_path) as f:
            self.label2id = json.load(f)
        self.vocab, self.seq_len = vocab, seq_len

    def __len__(self):
        return len(self.records)

    def encode(self, rec):
        ids = [tok_id(t, self.vocab) for t in rec["text"].split()][: self.seq_len]
        ids += [0] * (self.seq_len - len(ids))
        return ids, self.label2id[rec["intent"]]

    def batch(self, indices):
        xs, ys = [], []
        for i in indices:
            x, y = self.encode(self.records[i])
            xs.append(x)
            ys.append(y)
        return torch.tensor(xs), torch.tensor(ys)


class BagModel(nn.Module):
    def __init__(self, vocab, dim, n_cls):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean", padding_idx=0)
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, n_cls))

    def forward(self, x):
        return self.mlp(self.emb(x))


def main():
    args = parse_args()
    dist.init_process_group("gloo", timeout=timedelta(seconds=args.dist_timeout))
    rank, world = dist.get_rank(), dist.get_world_size()
    logging.basicConfig(
        level=logging.INFO,
        format=f"%(asctime)s %(levelname)s [rank{rank}] %(name)s: %(message)s",
    )
    log.info("initialized process group: rank=%d world_size=%d local_rank=%s host=%s",
             rank, world, os.environ.get("LOCAL_RANK"), os.uname().nodename)

    ds = IntentDataset(args.data, args.label_map, args.vocab, args.seq_len)
    n_cls = len(ds.label2id)
    if rank == 0:
        log.info("dataset: %d records, %d intents", len(ds), n_cls)
    torch.manual_seed(1234)
    model = DDP(BagModel(args.vocab, args.dim, n_cls))
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)

    shard = list(range(rank, len(ds), world))
    per_rank_steps = len(shard) // args.batch_size
    t0 = time.time()
    for step in range(1, args.steps + 1):
        b = (step - 1) % per_rank_steps
        x, y = ds.batch(shard[b * args.batch_size:(b + 1) * args.batch_size])
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        if step % args.log_every == 0:
            lt = loss.detach().clone()
            dist.all_reduce(lt)
            if rank == 0:
                if args.log_grad_norm:
                    gn = torch.sqrt(sum((p.grad.detach() ** 2).sum() for p in model.parameters()))
                    dist.all_reduce(gn)  # average over ranks
                    gn /= world
                    log.info("step %d grad_norm=%.4f", step, gn.item())
                log.info("step %d/%d loss=%.4f lr=%.2e (%.3fs/it)", step, args.steps,
                         lt.item() / world, args.lr, (time.time() - t0) / step)
        if args.step_sleep:
            time.sleep(args.step_sleep)
    dist.barrier()
    if rank == 0:
        log.info("training finished in %.1fs", time.time() - t0)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
