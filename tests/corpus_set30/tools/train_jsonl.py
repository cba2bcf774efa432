"""Data-parallel trainer that logs JSON lines (corpus_set30).

Gradients are averaged with an explicit all_reduce per step so that the per-rank
compute / communication split can be logged.  Data: token shards (*.pt) listed in a
manifest on shared storage, assigned to ranks round-robin."""
import argparse
import json
import os
import sys
import time

import torch
import torch.distributed as dist
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tinylm  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--manifest", required=True)
ap.add_argument("--metrics-dir", default="/srv/local/metrics")
ap.add_argument("--epochs", type=int, default=1)
ap.add_argument("--batch-size", type=int, default=8)
ap.add_argument("--dim", type=int, default=64)
ap.add_argument("--lr", type=float, default=1e-3)
ap.add_argument("--timeout", type=int, default=60)
ap.add_argument("--log-every", type=int, default=10)
args = ap.parse_args()

rank, local_rank, world = tinylm.init(args.timeout)
host = tinylm.host()
os.makedirs(args.metrics_dir, exist_ok=True)
mf = open(os.path.join(args.metrics_dir, f"rank{rank:02d}.jsonl"), "a", buffering=1)


def emit(event, **kw):
    rec = {"ts": round(time.time(), 3), "event": event, "host": host, "rank": rank, **kw}
    mf.write(json.dumps(rec) + "\n")
    if rank == 0 or event in ("start", "end", "warning"):
        print(json.dumps(rec), flush=True)


with open(args.manifest) as f:
    shards = [l.strip() for l in f if l.strip()]
mine = shards[rank::world]
tokens = torch.cat([torch.load(os.path.join(os.path.dirname(args.manifest), s)) for s in mine])
seq = 64
nseq = tokens.numel() // (seq + 1)
data = tokens[: nseq * (seq + 1)].view(nseq, seq + 1)
nbatches = nseq // args.batch_size
emit("start", world_size=world, shards=mine, sequences=nseq, batches_per_epoch=nbatches,
     pid=os.getpid())

torch.manual_seed(0)
model = tinylm.TinyLM(vocab=512, dim=args.dim, layers=2, seq=seq)
for p in model.parameters():
    dist.broadcast(p.data, 0)
opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
step = 0
for epoch in range(args.epochs):
    for b in range(nbatches):
        t0 = time.perf_counter()
        batch = data[b * args.batch_size:(b + 1) * args.batch_size]
        x, y = batch[:, :-1], batch[:, 1:]
        t1 = time.perf_counter()
        loss = F.cross_entropy(model(x).reshape(-1, 512), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        t2 = time.perf_counter()
        flat = torch.cat([p.grad.view(-1) for p in model.parameters()])
        dist.all_reduce(flat)
        flat /= world
        off = 0
        for p in model.parameters():
            n = p.numel()
            p.grad.copy_(flat[off:off + n].view_as(p))
            off += n
        t3 = time.perf_counter()
        opt.step()
        step += 1
        t4 = time.perf_counter()
        if step % args.log_every == 0:
            emit("step", epoch=epoch, step=step, loss=round(loss.item(), 4),
                 data_ms=round((t1 - t0) * 1e3, 1), fwd_bwd_ms=round((t2 - t1) * 1e3, 1),
                 allreduce_ms=round((t3 - t2) * 1e3, 1), step_ms=round((t4 - t0) * 1e3, 1),
                 tokens_per_s=round(x.numel() / (t4 - t0), 1))
    emit("epoch_end", epoch=epoch, step=step)
emit("end", step=step, status="done")
dist.destroy_process_group()
