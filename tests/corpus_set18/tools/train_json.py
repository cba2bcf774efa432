"""Sequence-classifier pretraining with JSON-lines structured logs.

Every rank writes {"ts":..,"host":..,"rank":..,"event":..} records to stdout and to a
per-rank metrics file on the node's local disk. Step records split wall time into
compute (fwd+bwd+opt) and comm (gradient all-reduce) so slow ranks are visible.
"""
import argparse
import datetime
import json
import math
import os
import socket
import time

import numpy as np
import torch
import torch.distributed as dist
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

p = argparse.ArgumentParser()
p.add_argument("--data", default="/srv/shared/data/seq")
p.add_argument("--steps", type=int, default=60)
p.add_argument("--batch", type=int, default=16)
p.add_argument("--seq", type=int, default=64)
p.add_argument("--dim", type=int, default=64)
p.add_argument("--workers", type=int, default=0)
p.add_argument("--log-every", type=int, default=5)
p.add_argument("--pg-timeout", type=int, default=60)
p.add_argument("--metrics-dir", default="/srv/local/metrics")
p.add_argument("--ckpt-dir", default="")
p.add_argument("--ckpt-every", type=int, default=0)
p.add_argument("--lr", type=float, default=3e-4)
args = p.parse_args()

rank = int(os.environ["RANK"])
world = int(os.environ["WORLD_SIZE"])
host = socket.gethostname()
torch.set_num_threads(1)
os.makedirs(args.metrics_dir, exist_ok=True)
mpath = os.path.join(args.metrics_dir, f"rank{rank}.jsonl")


def emit(event, **kw):
    rec = {"ts": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds"),
           "host": host, "rank": rank, "event": event, **kw}
    line = json.dumps(rec)
    print(line, flush=True)
    with open(mpath, "a") as mfile:
        mfile.write(line + "\n")


class TokenShard(Dataset):
    """Token ids + float 'quality' weights; one .npz per shard."""

    def __init__(self, path, seq):
        z = np.load(path)
        self.tok = z["tokens"]
        self.w = z["weights"]
        self.lab = z["labels"]
        self.seq = seq

    def __len__(self):
        return len(self.lab)

    def __getitem__(self, i):
        return (torch.from_numpy(self.tok[i, : self.seq].astype(np.int64)),
                torch.from_numpy(self.w[i, : self.seq].astype(np.float32)),
                int(self.lab[i]))


class Encoder(nn.Module):
    def __init__(self, vocab=512, dim=64, classes=8):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.layer = nn.TransformerEncoderLayer(dim, 4, dim * 2, batch_first=True, dropout=0.0)
        self.head = nn.Linear(dim, classes)

    def forward(self, tok, w):
        h = self.emb(tok) * w.unsqueeze(-1)
        h = self.layer(h)
        return self.head(h.mean(1))


emit("init", world_size=world, master=f"{os.environ.get('MASTER_ADDR')}:{os.environ.get('MASTER_PORT')}",
     pid=os.getpid())
dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=args.pg_timeout))
emit("pg_ready", backend=dist.get_backend())
shards = sorted(f for f in os.listdir(args.data) if f.endswith(".npz"))
my = shards[rank % len(shards)]
ds = TokenShard(os.path.join(args.data, my), args.seq)
loader = DataLoader(ds, batch_size=args.batch, shuffle=True, num_workers=args.workers, drop_last=True)
emit("data", shard=my, samples=len(ds), workers=args.workers)
torch.manual_seed(1234)
model = Encoder(dim=args.dim)
for prm in model.parameters():
    dist.broadcast(prm.data, 0)
opt = torch.optim.Adam(model.parameters(), lr=args.lr)
lossf = nn.CrossEntropyLoss()

step = 0
t_comp = t_comm = 0.0
it = iter(loader)
while step < args.steps:
    try:
        tok, w, lab = next(it)
    except StopIteration:
        it = iter(loader)
        tok, w, lab = next(it)
    t0 = time.perf_counter()
    opt.zero_grad()
    loss = lossf(model(tok, w), lab)
    loss.backward()
    t1 = time.perf_counter()
    for prm in model.parameters():
        dist.all_reduce(prm.grad)
        prm.grad /= world
    t2 = time.perf_counter()
    gnorm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    t_comp += (t1 - t0) + (time.perf_counter() - t2)
    t_comm += t2 - t1
    step += 1
    if step % args.log_every == 0:
        emit("step", step=step, loss=round(loss.item(), 5) if math.isfinite(loss.item()) else str(loss.item()),
             grad_norm=round(float(gnorm), 4) if math.isfinite(float(gnorm)) else str(float(gnorm)),
             compute_ms=round(1000 * t_comp / args.log_every, 1), comm_ms=round(1000 * t_comm / args.log_every, 1))
        t_comp = t_comm = 0.0
        if not math.isfinite(loss.item()):
            emit("error", msg="non-finite loss, aborting", step=step)
            raise FloatingPointError(f"loss is {loss.item()} at step {step}")
    if args.ckpt_every and step % args.ckpt_every == 0:
        path = os.path.join(args.ckpt_dir, f"rank{rank}", f"step{step}.pt")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "step": step}, path)
        emit("checkpoint", path=path)

emit("done", steps=step)
dist.destroy_process_group()
