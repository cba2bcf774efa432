#!/usr/bin/env python3
# lm-ckpt: char-level toy LM with sharded checkpoints (torch.distributed.checkpoint)
# to the shared FS plus fast node-local snapshots (torch.save) to $LOCAL_SCRATCH.
import argparse
import os
import time
from datetime import timedelta

import torch
import torch.distributed as dist
import torch.distributed.checkpoint as dcp
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def log(msg):
    r = dist.get_rank() if dist.is_initialized() else -1
    print(f"{time.strftime('%Y-%m-%d %H:%M:%S')} | rank {r} | {msg}", flush=True)


class ToyLM(nn.Module):
    def __init__(self, vocab=96, d=128, ctx=16):
        super().__init__()
        self.ctx = ctx
        self.tok = nn.Embedding(vocab, d)
        self.backbone = nn.Sequential(nn.Linear(d * ctx, 4 * d), nn.GELU(), nn.Linear(4 * d, d), nn.GELU())
        self.lm_head = nn.Linear(d, vocab)

    def forward(self, idx):
        h = self.tok(idx).flatten(1)
        return self.lm_head(self.backbone(h))


def get_batch(data, bs, ctx, gen):
    ix = torch.randint(0, len(data) - ctx - 1, (bs,), generator=gen)
    x = torch.stack([data[i:i + ctx] for i in ix])
    y = torch.stack([data[i + ctx] for i in ix])
    return x, y


def save_local_snapshot(model, opt, step, scratch):
    """Fast local snapshot (one per node) so a restart on the same host is quick."""
    os.makedirs(scratch, exist_ok=True)
    final = os.path.join(scratch, "snapshot.pt")
    tmp = final + ".tmp"
    state = {"model": model.state_dict(), "optim": opt.state_dict(), "step": step}
    with open(tmp, "wb") as f:
        torch.save(state, f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, final)
    return final


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--bs", type=int, default=32)
    ap.add_argument("--save-every", type=int, default=10)
    ap.add_argument("--snapshot-every", type=int, default=5)
    ap.add_argument("--ckpt-dir", required=True)
    ap.add_argument("--resume", default=None)
    ap.add_argument("--run-name", default="lm-toy")
    args = ap.parse_args()

    dist.init_process_group("gloo", timeout=timedelta(seconds=40))
    rank, world, local_rank = dist.get_rank(), dist.get_world_size(), int(os.environ["LOCAL_RANK"])
    scratch = os.path.join(os.environ.get("LOCAL_SCRATCH", "/tmp"), args.run_name)

    text = open(args.corpus, encoding="utf-8").read()
    data = torch.tensor([min(ord(c) - 32, 95) if ord(c) >= 32 else 0 for c in text], dtype=torch.long)
    torch.manual_seed(0)
    model = ToyLM()
    start_step = 0
    if args.resume:
        log(f"resuming from {args.resume}")
        state = {"model": model.state_dict()}
        dcp.load(state, checkpoint_id=args.resume)
        model.load_state_dict(state["model"])
        start_step = int(os.path.basename(args.resume.rstrip("/")).split("_")[-1])
    ddp = DDP(model)
    opt = torch.optim.AdamW(ddp.parameters(), lr=2e-3, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.steps)
    scaler = torch.cuda.amp.GradScaler()
    gen = torch.Generator().manual_seed(1000 + rank)
    if rank == 0:
        log(f"world_size={world} params={sum(p.numel() for p in model.parameters())} corpus_chars={len(data)}")

    for step in range(start_step + 1, start_step + args.steps + 1):
        x, y = get_batch(data, args.bs, model.ctx, gen)
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=False):
            loss = nn.functional.cross_entropy(ddp(x), y)
        opt.zero_grad()
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
        sched.step()
        if rank == 0 and step % 5 == 0:
            log(f"step {step} loss {loss.item():.4f} lr {sched.get_last_lr()[0]:.2e}")
        if step % args.snapshot_every == 0 and local_rank == 0:
            path = save_local_snapshot(model, opt, step, scratch)
            log(f"local snapshot -> {path}")
        if step % args.save_every == 0:
            ckpt = os.path.join(args.ckpt_dir, f"step_{step:06d}")
            dcp.save({"model": model.state_dict()}, checkpoint_id=ckpt)
            if rank == 0:
                log(f"saved distributed checkpoint {ckpt}")
        time.sleep(0.05)
    dist.barrier()
    if rank == 0:
        log("done")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
