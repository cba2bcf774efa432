"""Tiny causal LM trained with FSDP (CPU / gloo), python-logging style output.

Checkpoints: rank 0 gathers a full state dict and writes <ckpt-dir>/step_<N>/model.pt,
then updates <ckpt-dir>/latest. --resume picks <ckpt-dir>/latest.
"""
import argparse
import datetime
import logging
import os
import socket
import sys
import time
import warnings

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.distributed.checkpoint.state_dict import (StateDictOptions, get_model_state_dict,
                                                     set_model_state_dict)
from torch.distributed.fsdp import fully_shard

p = argparse.ArgumentParser()
p.add_argument("--steps", type=int, default=40)
p.add_argument("--dim", type=int, default=64)
p.add_argument("--layers", type=int, default=2)
p.add_argument("--vocab", type=int, default=1024)
p.add_argument("--seq", type=int, default=64)
p.add_argument("--batch", type=int, default=8)
p.add_argument("--log-every", type=int, default=5)
p.add_argument("--ckpt-dir", default="/srv/shared/ckpt/lm")
p.add_argument("--ckpt-every", type=int, default=0)
p.add_argument("--save-args", action="store_true", help="store the run config inside checkpoints")
p.add_argument("--resume", action="store_true")
p.add_argument("--pg-timeout", type=int, default=60)
p.add_argument("--sample-every", type=int, default=0)
p.add_argument("--temperature", type=float, default=1.0)
args = p.parse_args()

rank = int(os.environ["RANK"])
world = int(os.environ["WORLD_SIZE"])
local_rank = int(os.environ["LOCAL_RANK"])
logging.basicConfig(level=logging.INFO, stream=sys.stdout,
                    format=f"%(asctime)s %(levelname)-7s [rank{rank}] %(name)s: %(message)s")
log = logging.getLogger("lm")
torch.set_num_threads(1)


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, 4, batch_first=True)
        self.ln2 = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x, mask):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, attn_mask=mask, need_weights=False)[0]
        return x + self.ff(self.ln2(x))


class LM(nn.Module):
    def __init__(self, v, d, n, s):
        super().__init__()
        self.emb = nn.Embedding(v, d)
        self.pos = nn.Parameter(torch.zeros(s, d))
        self.blocks = nn.ModuleList(Block(d) for _ in range(n))
        self.ln = nn.LayerNorm(d)
        self.head = nn.Linear(d, v)

    def forward(self, t):
        s = t.shape[1]
        mask = torch.triu(torch.full((s, s), float("-inf")), 1)
        x = self.emb(t) + self.pos[:s]
        for b in self.blocks:
            x = b(x, mask)
        return self.head(self.ln(x))


def batch(gen):
    # synthetic "text": noisy arithmetic sequences
    start = torch.randint(0, args.vocab, (args.batch, 1), generator=gen)
    stride = torch.randint(1, 7, (args.batch, 1), generator=gen)
    t = (start + stride * torch.arange(args.seq + 1)) % args.vocab
    return t[:, :-1], t[:, 1:]


log.info("host=%s local_rank=%d world_size=%d torch=%s", socket.gethostname(), local_rank, world, torch.__version__)
dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=args.pg_timeout))
torch.manual_seed(0)
model = LM(args.vocab, args.dim, args.layers, args.seq)
for blk in model.blocks:
    fully_shard(blk)
fully_shard(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.01)
lossf = nn.CrossEntropyLoss()
gen = torch.Generator().manual_seed(100 + rank)
start = 0
if args.resume:
    latest = os.path.join(args.ckpt_dir, "latest")
    if os.path.exists(latest):
        tag = open(latest).read().strip()
        path = os.path.join(args.ckpt_dir, tag, "model.pt")
        log.info("resuming from %s", path)
        state = torch.load(path, map_location="cpu")
        set_model_state_dict(model, state["model"], options=StateDictOptions(full_state_dict=True))
        start = state["step"]
        log.info("resumed at step %d", start)
    else:
        log.info("no checkpoint under %s, starting from scratch", args.ckpt_dir)

t0 = time.time()
for step in range(start + 1, args.steps + 1):
    x, y = batch(gen)
    opt.zero_grad(set_to_none=True)
    loss = lossf(model(x).reshape(-1, args.vocab), y.reshape(-1))
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    if step % args.log_every == 0:
        l = loss.detach().clone()
        dist.all_reduce(l)
        tps = args.log_every * args.batch * args.seq * world / (time.time() - t0)
        t0 = time.time()
        log.info("step %d/%d | loss %.4f | tok/s %.0f | lr %.2e", step, args.steps, l.item() / world, tps,
                 opt.param_groups[0]["lr"])
    if args.sample_every and step % args.sample_every == 0:
        model.eval()
        with torch.no_grad():
            prompt, _ = batch(torch.Generator().manual_seed(7))
            logits = model(prompt[:2, :16])[:, -1, :]
            if rank == 0:
                probs = torch.softmax(logits / args.temperature, dim=-1)
                nxt = torch.multinomial(probs, num_samples=1)
                log.info("sample @%d: prompt=%s next=%s", step, prompt[0, :6].tolist(), nxt[:, 0].tolist())
        model.train()
    if args.ckpt_every and step % args.ckpt_every == 0:
        sd = get_model_state_dict(model, options=StateDictOptions(full_state_dict=True, cpu_offload=True))
        if rank == 0:
            tag = f"step_{step:06d}"
            os.makedirs(os.path.join(args.ckpt_dir, tag), exist_ok=True)
            blob = {"model": sd, "step": step, "optim_hparams": {"lr": 1e-3, "wd": 0.01}}
            if args.save_args:
                blob["args"] = args
            torch.save(blob, os.path.join(args.ckpt_dir, tag, "model.pt"))
            with open(os.path.join(args.ckpt_dir, "latest"), "w") as f:
                f.write(tag + "\n")
            log.info("checkpoint saved: %s", os.path.join(args.ckpt_dir, tag))
        dist.barrier()

log.info("finished %d steps", args.steps)
dist.destroy_process_group()
