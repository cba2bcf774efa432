"""Megatron-LM-style pretraining loop (tiny GPT on CPU/gloo)."""
import argparse
import faulthandler
import os
import signal
import sys
import time

import numpy as np
import torch
import torch.distributed as dist
import torch.nn.functional as F

from tinycore import TinyLM, allreduce_grads, init

faulthandler.register(signal.SIGUSR1, all_threads=True)


def print_rank_0(msg):
    if dist.get_rank() == 0:
        print(msg, flush=True)


def get_args():
    p = argparse.ArgumentParser(description="Megatron-LM Arguments", allow_abbrev=False)
    p.add_argument("--train-iters", type=int, default=100)
    p.add_argument("--log-interval", type=int, default=10)
    p.add_argument("--eval-interval", type=int, default=0)
    p.add_argument("--eval-batch-size", type=int, default=64)
    p.add_argument("--hidden-size", type=int, default=64)
    p.add_argument("--num-layers", type=int, default=2)
    p.add_argument("--seq-length", type=int, default=32)
    p.add_argument("--micro-batch-size", type=int, default=8)
    p.add_argument("--padded-vocab-size", type=int, default=512)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--data-path", default=None)
    p.add_argument("--seed", type=int, default=1234)
    p.add_argument("--iter-sleep", type=float, default=0.0)
    return p.parse_args()


class MMapTokenDataset:
    """Per-rank pre-tokenized shard (uint16 tokens), like an indexed dataset .bin."""
    def __init__(self, path, seq):
        self.tokens = np.memmap(path, dtype=np.uint16, mode="r")
        self.seq = seq
        self.n = (len(self.tokens) - 1) // seq

    def get(self, i, bs):
        rows = []
        for j in range(bs):
            k = ((i * bs + j) % self.n) * self.seq
            rows.append(torch.from_numpy(self.tokens[k:k + self.seq + 1].astype(np.int64)))
        x = torch.stack(rows)
        return x[:, :-1], x[:, 1:]


def main():
    args = get_args()
    rank, world, local = init()
    torch.manual_seed(args.seed)
    print_rank_0(f"using world size: {world}, data-parallel size: {world}, tensor-model-parallel size: 1, "
                 f"pipeline-model-parallel size: 1")
    print_rank_0("------------------------ arguments ------------------------")
    for k, v in sorted(vars(args).items()):
        print_rank_0(f"  {k} {'.' * (40 - len(k))} {v}")
    print_rank_0("-------------------- end of arguments ---------------------")
    print_rank_0("> building GPT model ...")
    model = TinyLM(args.padded_vocab_size, args.hidden_size, args.num_layers, args.seq_length)
    for p in model.parameters():
        dist.broadcast(p.data, 0)
    nparams = sum(p.numel() for p in model.parameters())
    print(f" > number of parameters on (tensor, pipeline) model parallel rank (0, 0): {nparams}", flush=True) if local == 0 else None
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    ds = None
    if args.data_path:
        path = args.data_path.format(rank=rank)
        print_rank_0(f"> building train dataset from {args.data_path} ...")
        ds = MMapTokenDataset(path, args.seq_length)
        print(f" > rank {rank}: loaded shard {path} with {ds.n} samples", flush=True)
    gen = torch.Generator().manual_seed(args.seed + rank)
    print_rank_0(f"[after dataloaders are built] datetime: {time.strftime('%Y-%m-%d %H:%M:%S')}")
    print_rank_0("training ...")
    t_last = time.time()
    tot_loss = 0.0
    for it in range(1, args.train_iters + 1):
        if ds is not None:
            x, y = ds.get(it - 1, args.micro_batch_size)
        else:
            x = torch.randint(0, args.padded_vocab_size, (args.micro_batch_size, args.seq_length + 1), generator=gen)
            x, y = x[:, :-1], x[:, 1:]
        t0 = time.time()
        logits = model(x)
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        t1 = time.time()
        allreduce_grads(model, world)
        t2 = time.time()
        gn = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        l = loss.detach().clone()
        dist.all_reduce(l)
        tot_loss += l.item() / world
        if args.iter_sleep:
            time.sleep(args.iter_sleep)
        if it % args.log_interval == 0:
            el = (time.time() - t_last) * 1000 / args.log_interval
            t_last = time.time()
            print_rank_0(f" iteration {it:8d}/{args.train_iters:8d} | consumed samples: {it * args.micro_batch_size * world:12d} | "
                         f"elapsed time per iteration (ms): {el:.1f} | learning rate: {args.lr:.3E} | global batch size: "
                         f"{args.micro_batch_size * world:5d} | lm loss: {tot_loss / args.log_interval:.6E} | loss scale: 1.0 | "
                         f"grad norm: {float(gn):.3f} | number of skipped iterations:   0 | number of nan iterations:   0 |")
            print(f"[Rank {rank}] (after {it} iterations) timers: forward-backward: {(t1 - t0) * 1000:.1f} | "
                  f"all-grads-sync: {(t2 - t1) * 1000:.1f}", flush=True) if it == args.log_interval else None
            tot_loss = 0.0
        if args.eval_interval and it % args.eval_interval == 0:
            print_rank_0(f"> running validation at iteration {it} (eval batch size {args.eval_batch_size}) ...")
            with torch.no_grad():
                ex = torch.randint(0, args.padded_vocab_size, (args.eval_batch_size, args.seq_length), generator=gen)
                el = F.cross_entropy(model(ex).reshape(-1, args.padded_vocab_size), ex.reshape(-1))
            dist.all_reduce(el)
            print_rank_0(f"-" * 100 + f"\n validation loss at iteration {it} | lm loss value: {el.item() / world:.6E} |\n" + "-" * 100)
    print_rank_0(f"[after training is done] datetime: {time.strftime('%Y-%m-%d %H:%M:%S')}")
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
