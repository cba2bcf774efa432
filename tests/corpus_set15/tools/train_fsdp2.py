#!/usr/bin/env python
"""nanollama: tiny decoder-only LM trained with FSDP2 (fully_shard) and DCP checkpoints.

Logging imitates torchtitan's train loop ("[titan] ... step: N loss: ...").
"""
import argparse
import datetime
import logging
import math
import os
import shutil
import time

import numpy as np
import torch
import torch.distributed as dist
import torch.distributed.checkpoint as dcp
import torch.nn as nn
import torch.nn.functional as F
from torch.distributed.fsdp import fully_shard

logger = logging.getLogger()


def init_logger():
    logger.setLevel(logging.INFO)
    h = logging.StreamHandler()
    h.setFormatter(logging.Formatter("[titan] %(asctime)s - %(name)s - %(levelname)s - %(message)s"))
    logger.handlers[:] = [h]


class Block(nn.Module):
    def __init__(self, d, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.attn_norm = nn.RMSNorm(d)
        self.wqkv = nn.Linear(d, 3 * d, bias=False)
        self.wo = nn.Linear(d, d, bias=False)
        self.ffn_norm = nn.RMSNorm(d)
        self.w1 = nn.Linear(d, 4 * d, bias=False)
        self.w2 = nn.Linear(4 * d, d, bias=False)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.wqkv(self.attn_norm(x)).split(D, dim=-1)
        q, k, v = (t.view(B, T, self.n_heads, -1).transpose(1, 2) for t in (q, k, v))
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(B, T, D)
        x = x + self.wo(a)
        return x + self.w2(F.silu(self.w1(self.ffn_norm(x))))


class Transformer(nn.Module):
    def __init__(self, vocab, d, n_layers, n_heads, max_seq_len):
        super().__init__()
        self.tok_embeddings = nn.Embedding(vocab, d)
        self.pos_embeddings = nn.Embedding(max_seq_len, d)
        self.layers = nn.ModuleList([Block(d, n_heads) for _ in range(n_layers)])
        self.norm = nn.RMSNorm(d)
        self.output = nn.Linear(d, vocab, bias=False)

    def forward(self, tokens):
        pos = torch.arange(tokens.shape[1])
        h = self.tok_embeddings(tokens) + self.pos_embeddings(pos)
        for layer in self.layers:
            h = layer(h)
        return self.output(self.norm(h))


class TokenLoader:
    def __init__(self, path, seq_len, batch, rank, world):
        self.data = np.memmap(path, dtype=np.uint16, mode="r")
        self.seq_len, self.batch, self.rank, self.world = seq_len, batch, rank, world
        self.pos = rank * batch * (seq_len + 1)

    def next(self, seq_len=None):
        T = seq_len or self.seq_len
        n = self.batch * (T + 1)
        if self.pos + n > len(self.data):
            self.pos = self.rank * n
        buf = torch.from_numpy(self.data[self.pos:self.pos + n].astype(np.int64)).view(self.batch, T + 1)
        self.pos += n * self.world
        return buf[:, :-1], buf[:, 1:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dataset", default="/srv/shared/tokens/fineweb-mini.bin")
    ap.add_argument("--vocab", type=int, default=2048)
    ap.add_argument("--dim", type=int, default=64)
    ap.add_argument("--n-layers", type=int, default=2)
    ap.add_argument("--n-heads", type=int, default=4)
    ap.add_argument("--seq-len", type=int, default=64)
    ap.add_argument("--eval-seq-len", type=int, default=64)
    ap.add_argument("--batch-size", type=int, default=4)
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--log-freq", type=int, default=5)
    ap.add_argument("--eval-interval", type=int, default=0)
    ap.add_argument("--checkpoint-folder", default="/srv/local/checkpoint")
    ap.add_argument("--checkpoint-interval", type=int, default=0)
    ap.add_argument("--keep-latest-k", type=int, default=2)
    ap.add_argument("--lr", type=float, default=8e-4)
    ap.add_argument("--warmup-steps", type=int, default=5)
    ap.add_argument("--pg-timeout", type=int, default=60)
    args = ap.parse_args()

    init_logger()
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=args.pg_timeout))
    rank, world = dist.get_rank(), dist.get_world_size()
    logger.info(f"Starting job: nanollama pretraining (rank {rank}/{world})")
    logger.info(f"Building 1-D device mesh with ['dp_shard'], [{world}]")
    torch.manual_seed(0)
    model = Transformer(args.vocab, args.dim, args.n_layers, args.n_heads, args.seq_len)
    n_params = sum(p.numel() for p in model.parameters())
    logger.info(f"Model nanollama debugmodel size: {n_params:,} total parameters")
    for layer in model.layers:
        fully_shard(layer)
    fully_shard(model)
    logger.info("Applied FSDP to the model")
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, betas=(0.9, 0.95), weight_decay=0.1)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / args.warmup_steps) * 0.5 * (1 + math.cos(math.pi * s / args.steps)))
    loader = TokenLoader(args.dataset, args.seq_len, args.batch_size, rank, world)
    logger.info(f"Training starts at step 1, with local batch size {args.batch_size}, "
                f"global batch size {args.batch_size * world}, sequence length {args.seq_len}, "
                f"total steps {args.steps} (warmup {args.warmup_steps})")
    t_last, ntok = time.perf_counter(), 0
    for step in range(1, args.steps + 1):
        x, y = loader.next()
        logits = model(x)
        loss = F.cross_entropy(logits.flatten(0, 1), y.flatten())
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        ntok += x.numel()
        if step % args.log_freq == 0 or step == 1:
            l = loss.detach().clone()
            dist.all_reduce(l)
            dt = time.perf_counter() - t_last
            logger.info(f"step: {step:2d}  loss: {l.item() / world:7.4f}  memory:  0.00GiB(0.00%)  "
                        f"tps: {int(ntok / dt):,}  tflops: 0.00  mfu: 0.00%")
            t_last, ntok = time.perf_counter(), 0
        if args.eval_interval and step % args.eval_interval == 0:
            with torch.no_grad():
                ex, ey = loader.next(args.eval_seq_len)
                el = F.cross_entropy(model(ex).flatten(0, 1), ey.flatten())
                dist.all_reduce(el)
            logger.info(f"validation: step: {step:2d}  loss: {el.item() / world:7.4f}")
        if args.checkpoint_interval and step % args.checkpoint_interval == 0:
            path = os.path.join(args.checkpoint_folder, f"step-{step}")
            logger.info(f"Saving the checkpoint (or staging if async is enabled).")
            t = time.monotonic()
            dcp.save({"model": model.state_dict(), "optimizer": opt.state_dict()}, checkpoint_id=path)
            logger.info(f"Finished saving the checkpoint (or staging if async is enabled)"
                        f"in {time.monotonic() - t:.2f} seconds.")
            if rank % int(os.environ.get("LOCAL_WORLD_SIZE", 1)) == 0:
                old = sorted((d for d in os.listdir(args.checkpoint_folder) if d.startswith("step-")),
                             key=lambda d: int(d.split("-")[1]))[:-args.keep_latest_k]
                for d in old:
                    shutil.rmtree(os.path.join(args.checkpoint_folder, d), ignore_errors=True)
    logger.info("Training completed")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
