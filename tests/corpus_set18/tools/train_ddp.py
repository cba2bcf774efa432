"""Plain DDP training loop (print-style logging) for a small tabular regression model.

Reads feature shards (.npy) from the shared data directory; each rank reads its own shard.
"""
import argparse
import datetime
import faulthandler
import os
import signal
import socket
import sys
import time

import numpy as np
import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, Dataset

sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), "pylib"))
from netlib import build_model  # noqa: E402

p = argparse.ArgumentParser()
p.add_argument("--data", default="/srv/shared/data/tab")
p.add_argument("--epochs", type=int, default=3)
p.add_argument("--batch", type=int, default=32)
p.add_argument("--workers", type=int, default=0)
p.add_argument("--lr", type=float, default=1e-3)
p.add_argument("--log-every", type=int, default=5)
p.add_argument("--pg-timeout", type=int, default=60)
p.add_argument("--ckpt-dir", default="")
p.add_argument("--val-every-epoch", action="store_true")
p.add_argument("--early-stop-patience", type=int, default=0)
p.add_argument("--ragged-collate", action="store_true", help="variable-length feature lists")
p.add_argument("--sync-best", action="store_true", help="broadcast best val loss from rank 0")
p.add_argument("--stack-dump-signal", action="store_true")
p.add_argument("--step-sleep", type=float, default=0.0)
args = p.parse_args()

rank = int(os.environ["RANK"])
local_rank = int(os.environ["LOCAL_RANK"])
world = int(os.environ["WORLD_SIZE"])
host = socket.gethostname()
torch.set_num_threads(1)
if args.stack_dump_signal:
    faulthandler.register(signal.SIGUSR1, all_threads=True)


def log(msg):
    ts = datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S,%f")[:-3]
    print(f"{ts} [{host}:{rank}] {msg}", flush=True)


class Shard(Dataset):
    def __init__(self, path, ragged=False):
        self.x = np.load(os.path.join(path, "x.npy"), mmap_mode="r")
        self.y = np.load(os.path.join(path, "y.npy"), mmap_mode="r")
        self.ragged = ragged
        self.lens = np.load(os.path.join(path, "len.npy")) if ragged else None

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        x = torch.from_numpy(np.array(self.x[i], dtype=np.float32))
        if self.ragged:
            x = x[: int(self.lens[i])]
        return x, torch.tensor(float(self.y[i]))


def collate(batch):
    xs, ys = zip(*batch)
    return torch.stack(xs), torch.stack(ys)


log(f"init_process_group backend=gloo world_size={world} local_rank={local_rank} "
    f"master={os.environ.get('MASTER_ADDR')}:{os.environ.get('MASTER_PORT')}")
dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=args.pg_timeout))
shard_dir = os.path.join(args.data, f"shard-{rank:03d}")
train = Shard(shard_dir, ragged=args.ragged_collate)
val = Shard(os.path.join(args.data, "val"))
loader = DataLoader(train, batch_size=args.batch, shuffle=True, num_workers=args.workers,
                    collate_fn=collate, drop_last=True, persistent_workers=args.workers > 0)
torch.manual_seed(0)
model = build_model(train.x.shape[1])
nparams = sum(p.numel() for p in model.parameters())
log(f"model: {model.__class__.__name__} params={nparams} shard={shard_dir} samples={len(train)}")
model = DDP(model)
opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
lossf = nn.MSELoss()
start_epoch = 0
if args.ckpt_dir:
    os.makedirs(args.ckpt_dir, exist_ok=True)

best, bad_epochs, step = float("inf"), 0, 0
t_last = time.time()
for epoch in range(start_epoch, args.epochs):
    model.train()
    for xb, yb in loader:
        opt.zero_grad()
        loss = lossf(model(xb).squeeze(-1), yb)
        loss.backward()
        opt.step()
        step += 1
        if args.step_sleep:
            time.sleep(args.step_sleep)
        if step % args.log_every == 0:
            dt = (time.time() - t_last) / args.log_every
            t_last = time.time()
            log(f"epoch {epoch} step {step} loss {loss.item():.4f} {dt*1000:.0f}ms/step")
    if args.val_every_epoch:
        model.eval()
        with torch.no_grad():
            # each rank scores its own slice of the validation set
            vx = torch.from_numpy(np.array(val.x[rank::world], dtype=np.float32))
            vy = torch.from_numpy(np.array(val.y[rank::world], dtype=np.float32))
            vloss = lossf(model(vx).squeeze(-1), vy).item()
        # NOTE: each rank evaluates the (small) validation set itself
        log(f"epoch {epoch} val_loss {vloss:.5f} best {best:.5f}")
        if args.sync_best and rank == 0:
            t = torch.tensor([vloss])
            dist.broadcast(t, src=0)
        if vloss < best - 1e-4:
            best, bad_epochs = vloss, 0
        else:
            bad_epochs += 1
        if args.early_stop_patience and bad_epochs >= args.early_stop_patience:
            log(f"early stopping: val_loss did not improve for {bad_epochs} epochs")
            break
    if args.ckpt_dir and rank == 0:
        torch.save({"model": model.module.state_dict(), "epoch": epoch}, os.path.join(args.ckpt_dir, f"epoch{epoch}.pt"))
        log(f"saved checkpoint epoch{epoch}.pt")

log(f"training done: {step} steps, best val {best:.5f}")
dist.destroy_process_group()
