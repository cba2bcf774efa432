#!/usr/bin/env python
"""pp2: two-stage pipeline-parallel GPT with explicit send/recv (Megatron-style logs).

world = pp * dp; rank r is stage r // dp... (stage-major layout), GPipe schedule with
`--micro-batches` micro-batches, activations and grads exchanged with dist.send/recv.
"""
import argparse
import datetime
import os
import sys
import time

import numpy as np
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F


def print_rank_0(msg):
    if dist.get_rank() == 0:
        print(msg, flush=True)


def print_rank_last(msg):
    if dist.get_rank() == dist.get_world_size() - 1:
        print(msg, flush=True)


class Stage(nn.Module):
    def __init__(self, first, last, vocab, d, layers):
        super().__init__()
        self.first, self.last = first, last
        if first:
            self.emb = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList([nn.TransformerEncoderLayer(d, 4, 4 * d, dropout=0.0, batch_first=True,
                                                                norm_first=True) for _ in range(layers)])
        if last:
            self.norm = nn.LayerNorm(d)
            self.head = nn.Linear(d, vocab)

    def forward(self, x):
        h = self.emb(x) if self.first else x
        mask = nn.Transformer.generate_square_subsequent_mask(h.shape[1])
        for l in self.layers:
            h = l(h, src_mask=mask, is_causal=True)
        return self.head(self.norm(h)) if self.last else h


class PackedDataset:
    """Packs variable-length documents into sequences of `seq_len` tokens."""

    def __init__(self, path, seq_len, micro_bs, seed):
        raw = np.load(path, allow_pickle=True)
        self.docs = list(raw["docs"])
        self.seq_len, self.micro_bs = seq_len, micro_bs
        self.rng = np.random.default_rng(seed)
        self.carry = []

    def _pack_one(self):
        out, d = self.carry, None
        while len(out) < self.seq_len + 1:
            d = self.docs[self.rng.integers(len(self.docs))]
            out = out + list(d) + [0]
        # never split a very short document (e.g. a title) across two sequences
        if d is not None and len(d) < 8 and len(out) - len(d) - 1 < self.seq_len + 1:
            self.carry = []
            return out
        self.carry = out[self.seq_len + 1:]
        return out[:self.seq_len + 1]

    def micro_batch(self):
        rows = [self._pack_one() for _ in range(self.micro_bs)]
        T = max(len(r) for r in rows)
        t = torch.zeros(self.micro_bs, T, dtype=torch.long)
        for i, r in enumerate(rows):
            t[i, :len(r)] = torch.tensor(r)
        return t[:, :-1].contiguous(), t[:, 1:].contiguous()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data-path", default="/srv/shared/corpus/docs.npz")
    ap.add_argument("--pipeline-model-parallel-size", type=int, default=2)
    ap.add_argument("--num-layers", type=int, default=4)
    ap.add_argument("--hidden-size", type=int, default=64)
    ap.add_argument("--vocab-size", type=int, default=512)
    ap.add_argument("--seq-length", type=int, default=48)
    ap.add_argument("--micro-batch-size", type=int, default=4)
    ap.add_argument("--micro-batches", type=int, default=4)
    ap.add_argument("--train-iters", type=int, default=40)
    ap.add_argument("--log-interval", type=int, default=5)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--distributed-timeout-minutes", type=float, default=1.0)
    args = ap.parse_args()

    dist.init_process_group("gloo", timeout=datetime.timedelta(minutes=args.distributed_timeout_minutes))
    rank, world = dist.get_rank(), dist.get_world_size()
    pp = args.pipeline_model_parallel_size
    dp = world // pp
    stage, dp_rank = rank // dp, rank % dp
    first, last = stage == 0, stage == pp - 1
    prev_rank = rank - dp if not first else None
    next_rank = rank + dp if not last else None
    dp_group = None
    for s in range(pp):
        ranks = list(range(s * dp, (s + 1) * dp))
        g = dist.new_group(ranks)
        if rank in ranks:
            dp_group = g
    if rank == 0:
        print("using world size: {}, data-parallel size: {}, tensor-model-parallel size: 1, "
              "pipeline-model-parallel size: {}".format(world, dp, pp), flush=True)
        print("------------------------ arguments ------------------------", flush=True)
        for k, v in sorted(vars(args).items()):
            print(f"  {k} {'.' * (48 - len(k))} {v}", flush=True)
        print("-------------------- end of arguments ---------------------", flush=True)
    print(f" > rank {rank} is stage {stage} (dp rank {dp_rank}); prev={prev_rank} next={next_rank}", flush=True)
    torch.manual_seed(1234 + stage)
    per = args.num_layers // pp
    model = Stage(first, last, args.vocab_size, args.hidden_size, per)
    n = sum(p.numel() for p in model.parameters())
    print(f" > number of parameters on (tensor, pipeline) model parallel rank (0, {stage}): {n}", flush=True)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    data = PackedDataset(args.data_path, args.seq_length, args.micro_batch_size, seed=dp_rank)
    D = args.hidden_size
    print_rank_0("[after model, optimizer, and learning rate scheduler are built] datetime: "
                 + datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S"))
    print_rank_0("training ...")
    t0 = time.time()
    for it in range(1, args.train_iters + 1):
        acts, outs, targets = [], [], []
        losses = []
        # forward all micro-batches (GPipe)
        for mb in range(args.micro_batches):
            x, y = data.micro_batch()
            if first:
                out = model(x)
                dist.send(out.detach(), next_rank)
                outs.append(out)
                # the last stage needs the targets too
                dist.send(y.contiguous(), next_rank)
            else:
                buf = torch.empty(args.micro_batch_size, args.seq_length, D)
                dist.recv(buf, prev_rank)
                buf.requires_grad_()
                acts.append(buf)
                tgt = torch.empty(args.micro_batch_size, args.seq_length, dtype=torch.long)
                dist.recv(tgt, prev_rank)
                out = model(buf)
                loss = F.cross_entropy(out.flatten(0, 1), tgt.flatten()) / args.micro_batches
                outs.append(loss)
                losses.append(loss.detach())
        # backward in reverse order
        for mb in reversed(range(args.micro_batches)):
            if last:
                outs[mb].backward()
                dist.send(acts[mb].grad, prev_rank)
            else:
                g = torch.empty_like(outs[mb])
                dist.recv(g, next_rank)
                outs[mb].backward(g)
        for p in model.parameters():
            if p.grad is not None and dp > 1:
                dist.all_reduce(p.grad, group=dp_group)
                p.grad /= dp
        opt.step()
        opt.zero_grad()
        if it % args.log_interval == 0:
            el = (time.time() - t0) * 1000 / args.log_interval
            t0 = time.time()
            if last:
                lm = torch.stack(losses).sum()
                if dp > 1:
                    dist.all_reduce(lm, group=dp_group)
                    lm /= dp
                if dp_rank == 0:
                    print(f" [{datetime.datetime.now():%Y-%m-%d %H:%M:%S}] iteration {it:8d}/{args.train_iters:8d} |"
                          f" consumed samples: {it * args.micro_batches * args.micro_batch_size * dp:12d} |"
                          f" elapsed time per iteration (ms): {el:.1f} | learning rate: {args.lr:.6E} |"
                          f" global batch size: {args.micro_batches * args.micro_batch_size * dp:5d} |"
                          f" lm loss: {lm.item():.6E} | loss scale: 1.0 | number of skipped iterations:   0 |"
                          f" number of nan iterations:   0 |", flush=True)
    print_rank_0("[after training is done] datetime: " + datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S"))
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
