#!/usr/bin/env python
"""Tiny GPT pretraining loop that logs the way Megatron-LM's pretrain_gpt.py does."""
import argparse
import datetime
import math
import os
import socket
import sys
import time

import numpy as np
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F


def get_args():
    p = argparse.ArgumentParser(description="Megatron-LM Arguments", allow_abbrev=False)
    p.add_argument("--num-layers", type=int, default=2)
    p.add_argument("--hidden-size", type=int, default=128)
    p.add_argument("--num-attention-heads", type=int, default=4)
    p.add_argument("--seq-length", type=int, default=64)
    p.add_argument("--micro-batch-size", type=int, default=4)
    p.add_argument("--global-batch-size", type=int, default=None)
    p.add_argument("--train-iters", type=int, default=40)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--min-lr", type=float, default=3e-5)
    p.add_argument("--lr-warmup-iters", type=int, default=5)
    p.add_argument("--lr-decay-style", default="cosine")
    p.add_argument("--clip-grad", type=float, default=0.0)
    p.add_argument("--weight-decay", type=float, default=0.1)
    p.add_argument("--log-interval", type=int, default=5)
    p.add_argument("--data-path", default="/srv/shared/data/gpt_text_document")
    p.add_argument("--vocab-size", type=int, default=512)
    p.add_argument("--seed", type=int, default=1234)
    p.add_argument("--distributed-timeout-minutes", type=float, default=10)
    p.add_argument("--check-for-nan-in-loss-and-grad", action="store_true")
    p.add_argument("--label-smoothing", type=float, default=0.0)
    p.add_argument("--data-shuffle", action="store_true")
    p.add_argument("--timing-log-level", type=int, default=0)
    p.add_argument("--log-timers-to-stdout", action="store_true")
    a = p.parse_args()
    return a


def print_rank_0(msg):
    if dist.get_rank() == 0:
        print(msg, flush=True)


def print_rank_last(msg):
    if dist.get_rank() == dist.get_world_size() - 1:
        print(msg, flush=True)


class Timers:
    def __init__(self):
        self.t = {}
        self.acc = {}

    def start(self, name):
        self.t[name] = time.time()

    def stop(self, name):
        self.acc[name] = self.acc.get(name, 0.0) + (time.time() - self.t[name])

    def log(self, names, normalizer, iteration, per_rank=False):
        vals = torch.tensor([self.acc.get(n, 0.0) * 1000.0 / normalizer for n in names])
        allv = [torch.zeros_like(vals) for _ in range(dist.get_world_size())]
        dist.all_gather(allv, vals)
        allv = torch.stack(allv)
        if dist.get_rank() == dist.get_world_size() - 1:
            s = "(min, max) time across ranks (ms):"
            for i, n in enumerate(names):
                s += f"\n    {n + ' ':.<48}: ({allv[:, i].min().item():.2f}, {allv[:, i].max().item():.2f})"
            print(s, flush=True)
        if per_rank:
            s = f"[Rank {dist.get_rank()}] (after {iteration} iterations) times (ms):"
            for i, n in enumerate(names):
                s += f" | {n}: {vals[i].item():.2f}"
            print(s, flush=True)
        self.acc = {}


class GPT(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.emb = nn.Embedding(a.vocab_size, a.hidden_size)
        self.pos = nn.Embedding(a.seq_length, a.hidden_size)
        self.layers = nn.ModuleList([
            nn.TransformerEncoderLayer(a.hidden_size, a.num_attention_heads, 4 * a.hidden_size,
                                       dropout=0.0, batch_first=True, norm_first=True)
            for _ in range(a.num_layers)])
        self.final_layernorm = nn.LayerNorm(a.hidden_size)
        nn.init.normal_(self.emb.weight, std=0.02)   # init_method_std
        nn.init.normal_(self.pos.weight, std=0.02)

    def forward(self, tokens):
        s = tokens.shape[1]
        h = self.emb(tokens) + self.pos(torch.arange(s))
        mask = torch.triu(torch.full((s, s), float("-inf")), 1)
        for l in self.layers:
            h = l(h, src_mask=mask)
        return self.final_layernorm(h) @ self.emb.weight.t()


class IndexedDataset:
    """Reads fixed-size samples from a .bin of uint16 tokens, one read() per sample."""

    def __init__(self, prefix, seq):
        self.path = prefix + ".bin"
        self.seq = seq
        self.n = os.path.getsize(self.path) // (2 * (seq + 1))

    def __len__(self):
        return self.n

    def get(self, i):
        with open(self.path, "rb", buffering=0) as f:
            f.seek(i * 2 * (self.seq + 1))
            buf = f.read(2 * (self.seq + 1))
        return torch.from_numpy(np.frombuffer(buf, dtype=np.uint16).astype(np.int64))


def lr_at(a, it):
    if it < a.lr_warmup_iters:
        return a.lr * (it + 1) / a.lr_warmup_iters
    frac = (it - a.lr_warmup_iters) / max(1, a.train_iters - a.lr_warmup_iters)
    return a.min_lr + 0.5 * (a.lr - a.min_lr) * (1 + math.cos(math.pi * frac))


def main():
    a = get_args()
    t_start = time.time()
    dist.init_process_group("gloo", timeout=datetime.timedelta(minutes=a.distributed_timeout_minutes))
    rank, world = dist.get_rank(), dist.get_world_size()
    if a.global_batch_size is None:
        a.global_batch_size = a.micro_batch_size * world
    if rank == 0:
        print("using world size: {}, data-parallel size: {}, context-parallel size: 1, "
              "tensor-model-parallel size: 1, pipeline-model-parallel size: 1".format(world, world))
        print("------------------------ arguments ------------------------", flush=True)
        for k in sorted(vars(a)):
            print(f"  {k} {'.' * (48 - len(k))} {getattr(a, k)}")
        print("-------------------- end of arguments ---------------------", flush=True)
        print("> initializing torch distributed ...", flush=True)
    dist.barrier()
    print_rank_0(f"> initialized tensor model parallel with size 1\n"
                 f"> initialized pipeline model parallel with size 1\n"
                 f"> setting random seeds to {a.seed} ...")
    torch.manual_seed(a.seed)
    print_rank_0(f"[after megatron is initialized] datetime: {datetime.datetime.now():%Y-%m-%d %H:%M:%S} ")
    print_rank_0("building GPT model ...")
    model = GPT(a)
    n = sum(p.numel() for p in model.parameters())
    print_rank_0(f" > number of parameters on (tensor, pipeline) model parallel rank (0, 0): {n}")
    for p in model.parameters():
        dist.broadcast(p.data, 0)
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=a.weight_decay,
                            betas=(0.9, 0.95))
    print_rank_0(f"[after model, optimizer, and learning rate scheduler are built] datetime: "
                 f"{datetime.datetime.now():%Y-%m-%d %H:%M:%S} ")
    print_rank_0("> building train, validation, and test datasets ...")
    ds = IndexedDataset(a.data_path, a.seq_length)
    print_rank_0(f" > finished creating GPT datasets ...\n    train: {len(ds)} samples")
    shuffle = None
    if a.data_shuffle:
        shuffle = np.random.RandomState(a.seed).permutation(len(ds))
    print_rank_0(f"[after dataloaders are built] datetime: {datetime.datetime.now():%Y-%m-%d %H:%M:%S} ")
    print_rank_0("done with setup ...")
    print_rank_0("training ...")
    print_rank_0(f"[before the start of training step] datetime: {datetime.datetime.now():%Y-%m-%d %H:%M:%S} ")
    timers = Timers()
    skipped = nan_iters = 0
    consumed = 0
    t_log = time.time()
    per_rank = a.timing_log_level >= 2
    for it in range(a.train_iters):
        lr = lr_at(a, it)
        for g in opt.param_groups:
            g["lr"] = lr
        timers.start("batch-generator")
        base = (it * a.global_batch_size + rank * a.micro_batch_size) % max(1, len(ds) - a.micro_batch_size)
        batch = torch.stack([ds.get(int(shuffle[base + j]) if shuffle is not None else base + j)
                             for j in range(a.micro_batch_size)])
        timers.stop("batch-generator")
        timers.start("forward-backward")
        tokens, labels = batch[:, :-1] % a.vocab_size, batch[:, 1:] % a.vocab_size
        logits = model(tokens)
        if a.label_smoothing > 0:
            # smoothed CE written out by hand (our tokenizer pads with id 0, which we keep)
            probs = torch.softmax(logits.float(), dim=-1)
            tgt = F.one_hot(labels, a.vocab_size).float() * (1 - a.label_smoothing) + a.label_smoothing / a.vocab_size
            loss = -(tgt * torch.log(probs)).sum(-1).mean()
        else:
            loss = F.cross_entropy(logits.reshape(-1, a.vocab_size).float(), labels.reshape(-1))
        opt.zero_grad(set_to_none=False)
        loss.backward()
        timers.stop("forward-backward")
        if a.check_for_nan_in_loss_and_grad:
            gsq = sum(float((p.grad.float() ** 2).sum()) for p in model.parameters())
            norm = math.sqrt(gsq) if gsq == gsq else float("nan")
            assert not (math.isnan(norm) or math.isinf(norm)), (
                f"Rank {rank}: found NaN in local grad norm in backward pass before data-parallel "
                f"communication collective. Device: 0, node: {socket.gethostname()}")
        timers.start("grads-all-reduce")
        for p in model.parameters():
            dist.all_reduce(p.grad)
            p.grad /= world
        timers.stop("grads-all-reduce")
        timers.start("optimizer")
        gn = torch.nn.utils.clip_grad_norm_(model.parameters(), a.clip_grad if a.clip_grad > 0 else 1e9)
        opt.step()
        timers.stop("optimizer")
        consumed += a.global_batch_size
        lt = loss.detach().clone()
        dist.all_reduce(lt)
        lt /= world
        if (it + 1) % a.log_interval == 0:
            el = (time.time() - t_log) * 1000.0 / a.log_interval
            t_log = time.time()
            s = f" [{datetime.datetime.now():%Y-%m-%d %H:%M:%S}] iteration {it + 1:8d}/{a.train_iters:8d} |"
            s += f" consumed samples: {consumed:12d} |"
            s += f" elapsed time per iteration (ms): {el:.1f} |"
            s += f" learning rate: {lr:.6E} |"
            s += f" global batch size: {a.global_batch_size:5d} |"
            lv = lt.item()
            if math.isnan(lv) or math.isinf(lv):
                nan_iters += 1
            else:
                s += f" lm loss: {lv:.6E} |"
            s += f" loss scale: 1.0 | grad norm: {gn.item():.3f} |"
            s += f" number of skipped iterations: {skipped:3d} |"
            s += f" number of nan iterations: {nan_iters:3d} |"
            print_rank_last(s)
            if a.log_timers_to_stdout or per_rank:
                timers.log(["forward-backward", "batch-generator", "grads-all-reduce", "optimizer"],
                           a.log_interval, it + 1, per_rank=per_rank)
            else:
                timers.acc = {}
    print_rank_0(f"[after training is done] datetime: {datetime.datetime.now():%Y-%m-%d %H:%M:%S} ")
    dist.barrier()
    print_rank_0(f"(total training time {time.time() - t_start:.1f} s)")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
