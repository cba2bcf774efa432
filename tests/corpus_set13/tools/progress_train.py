# seqreg/train.py -- streaming shard regression trainer with tqdm-style progress
# (we don't ship tqdm on the cluster image, so it's a tiny clone below)
import os, sys, time, glob, math, argparse
from datetime import timedelta

import numpy as np
import torch
import torch.nn as nn
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

EXIT_EARLY_STOP = 3


class Bar:
    """Minimal tqdm look-alike (writes to stderr with carriage returns)."""

    def __init__(self, total, desc="", enabled=True):
        self.total, self.desc, self.n, self.enabled = total, desc, 0, enabled
        self.t0 = time.time()
        self.postfix = ""

    def set_postfix(self, **kw):
        self.postfix = ", ".join(f"{k}={v}" for k, v in kw.items())

    def update(self, k=1):
        self.n += k
        if not self.enabled:
            return
        el = time.time() - self.t0
        rate = self.n / el if el > 0 else 0.0
        rem = (self.total - self.n) / rate if rate > 0 else 0.0
        frac = self.n / self.total
        fill = int(frac * 20)
        bar = "\u2588" * fill + " " * (20 - fill)
        fmt = lambda s: f"{int(s // 60):02d}:{int(s % 60):02d}"
        sys.stderr.write(f"\r{self.desc}: {frac * 100:3.0f}%|{bar}| {self.n}/{self.total} "
                         f"[{fmt(el)}<{fmt(rem)}, {rate:.2f}it/s{', ' + self.postfix if self.postfix else ''}]")
        sys.stderr.flush()

    def close(self):
        if self.enabled:
            sys.stderr.write("\n")


def shard_stream(files, batch_size):
    for path in files:
        with np.load(path) as z:
            x, y = z["x"], z["y"]
        for i in range(0, len(x) - batch_size + 1, batch_size):
            yield torch.from_numpy(x[i:i + batch_size]), torch.from_numpy(y[i:i + batch_size])


def evaluate(model, path):
    with np.load(path) as z:
        x, y = torch.from_numpy(z["x"]), torch.from_numpy(z["y"])
    model.eval()
    with torch.no_grad():
        pred = model(x).squeeze(-1)
        loss = nn.functional.mse_loss(pred, y).item()
    model.train()
    return loss


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data-root", default="data")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--bs", type=int, default=16)
    ap.add_argument("--eval-every", type=int, default=6)
    ap.add_argument("--patience", type=int, default=3)
    ap.add_argument("--lr", type=float, default=1e-3)
    args = ap.parse_args()

    dist.init_process_group(backend="gloo", timeout=timedelta(seconds=30))
    rank, world = dist.get_rank(), dist.get_world_size()
    main_proc = rank == 0
    shards = sorted(glob.glob(os.path.join(args.data_root, "train", "shard-*.npz")))
    mine = shards[rank::world]
    val_path = os.path.join(args.data_root, "val", f"val-{rank:02d}.npz")
    if main_proc:
        print(f"found {len(shards)} train shards; world={world}; shards/rank={len(mine)}", flush=True)

    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(32, 64), nn.Tanh(), nn.Linear(64, 64), nn.Tanh(), nn.Linear(64, 1))
    model = DDP(net)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    steps_per_epoch = sum(int(np.load(p)["x"].shape[0]) // args.bs for p in mine) if main_proc else 0
    steps_per_epoch_t = torch.tensor([steps_per_epoch])
    dist.broadcast(steps_per_epoch_t, 0)
    steps_per_epoch = int(steps_per_epoch_t.item())

    best, bad_evals, gstep = math.inf, 0, 0
    for epoch in range(args.epochs):
        bar = Bar(steps_per_epoch, desc=f"Epoch {epoch + 1}/{args.epochs}", enabled=main_proc)
        for xb, yb in shard_stream(mine, args.bs):
            pred = model(xb).squeeze(-1)
            loss = nn.functional.mse_loss(pred, yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            gstep += 1
            bar.set_postfix(loss=f"{loss.item():.4f}")
            bar.update()
            time.sleep(0.03)
            if gstep % args.eval_every == 0:
                v = evaluate(model, val_path)
                if v < best:
                    best, bad_evals = v, 0
                else:
                    bad_evals += 1
                if bad_evals >= args.patience:
                    bar.close()
                    print(f"[rank {rank}] Early stopping at step {gstep}: val_loss={v:.4f} did not improve "
                          f"for {bad_evals} evaluations (best={best:.4f})", flush=True)
                    sys.exit(EXIT_EARLY_STOP)
        bar.close()
        if main_proc:
            print(f"epoch {epoch + 1} done, best val_loss {best:.4f}", flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
