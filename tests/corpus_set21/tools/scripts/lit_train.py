"""Char-level LM trained with a small Lightning-style Trainer (callbacks, progress bar,
prepare_data on local rank 0 of every node)."""
import argparse
import datetime
import faulthandler
import fcntl
import os
import signal
import sys
import time

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

faulthandler.register(signal.SIGUSR1, all_threads=True)  # `kill -USR1 <pid>` dumps stacks

ap = argparse.ArgumentParser()
ap.add_argument("--max_epochs", type=int, default=2)
ap.add_argument("--limit_train_batches", type=int, default=20)
ap.add_argument("--val_check_interval", type=int, default=10)
ap.add_argument("--data_root", default="/srv/local/cache")
ap.add_argument("--source", default="/srv/shared/data/tinyshakespeare.txt")
ap.add_argument("--timeout", type=int, default=1800)
ap.add_argument("--ema", action="store_true")
ap.add_argument("--seq", type=int, default=48)
ap.add_argument("--batch_size", type=int, default=8)
args = ap.parse_args()

RANK = int(os.environ.get("RANK", 0))
LOCAL_RANK = int(os.environ.get("LOCAL_RANK", 0))
WORLD = int(os.environ.get("WORLD_SIZE", 1))


def rank_zero_info(msg):
    if RANK == 0:
        print(msg, flush=True)


def rank_prefixed(msg):
    print(f"[rank: {RANK}] {msg}", flush=True)


class CharDataModule:
    name = "tinyshakespeare"

    def prepare_data(self):
        """Download/tokenize once per node into the node-local cache (guarded by a file lock,
        like datasets' FileLock) -- called on LOCAL_RANK 0 only."""
        os.makedirs(args.data_root, exist_ok=True)
        lock_path = os.path.join(args.data_root, f"{self.name}.lock")
        out = os.path.join(args.data_root, f"{self.name}.pt")
        with open(lock_path, "w") as lf:
            fcntl.flock(lf, fcntl.LOCK_EX)
            try:
                if not os.path.exists(out):
                    text = open(args.source, encoding="utf-8").read()
                    vocab = sorted(set(text))
                    ids = torch.tensor([vocab.index(c) for c in text], dtype=torch.int16)
                    torch.save({"ids": ids, "vocab": vocab}, out + ".tmp")
                    os.replace(out + ".tmp", out)
            finally:
                fcntl.flock(lf, fcntl.LOCK_UN)

    def setup(self):
        d = torch.load(os.path.join(args.data_root, f"{self.name}.pt"))
        self.ids, self.vocab = d["ids"].long(), d["vocab"]

    def batch(self, g):
        i = torch.randint(0, len(self.ids) - args.seq - 1, (args.batch_size,), generator=g)
        x = torch.stack([self.ids[j:j + args.seq + 1] for j in i.tolist()])
        return x[:, :-1], x[:, 1:]


class CharLM(nn.Module):
    def __init__(self, vocab):
        super().__init__()
        self.embed = nn.Embedding(vocab, 64)
        self.rnn = nn.GRU(64, 128, batch_first=True)
        self.head = nn.Linear(128, vocab)

    def forward(self, x):
        return self.head(self.rnn(self.embed(x))[0])


class LitCharLM(nn.Module):
    """LightningModule-like wrapper.  Old checkpoints used different attribute names, so unknown
    attributes are looked up through an alias table (falling back to the underscored name)."""

    def __init__(self, vocab, ema=False):
        super().__init__()
        self.net = CharLM(vocab)
        if ema:
            self._ema_decay = 0.999
            self._ema_steps = 0
        else:
            self.aliases = {"model": "net", "decay": "_ema_decay"}

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            pass
        target = self.aliases.get(name, "_" + name)
        return getattr(self, target)

    def training_step(self, batch):
        x, y = batch
        return F.cross_entropy(self.net(x).transpose(1, 2), y)

    def validation_step(self, batch):
        x, y = batch
        net = self.ema_net if args.ema else self.net
        return F.cross_entropy(net(x).transpose(1, 2), y)


class ProgressBar:
    def __init__(self, total, epoch):
        self.total, self.epoch, self.t0, self.n = total, epoch, time.time(), 0

    def update(self, **metrics):
        self.n += 1
        if RANK != 0:
            return
        el = time.time() - self.t0
        rate = self.n / el if el else 0
        frac = self.n / self.total
        bar = "█" * int(frac * 10) + " " * (10 - int(frac * 10))
        m = ", ".join(f"{k}={v}" for k, v in metrics.items())
        rem = (self.total - self.n) / rate if rate else 0
        sys.stderr.write(f"\rEpoch {self.epoch}: {int(frac * 100):3d}%|{bar}| {self.n}/{self.total} "
                         f"[{int(el) // 60:02d}:{int(el) % 60:02d}<{int(rem) // 60:02d}:{int(rem) % 60:02d}, "
                         f"{rate:.2f}it/s, {m}]")
        sys.stderr.flush()

    def close(self):
        if RANK == 0:
            sys.stderr.write("\n")


def main():
    torch.manual_seed(42)
    rank_prefixed("Seed set to 42")
    rank_zero_info("GPU available: False, used: False")
    rank_zero_info("TPU available: False, using: 0 TPU cores")
    rank_zero_info("HPU available: False, using: 0 HPUs")
    print(f"Initializing distributed: GLOBAL_RANK: {RANK}, MEMBER: {RANK + 1}/{WORLD}", flush=True)
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=args.timeout))
    rank_zero_info("-" * 100 + f"\ndistributed_backend=gloo\nAll distributed processes registered. "
                   f"Starting with {WORLD} processes\n" + "-" * 100 + "\n")
    dm = CharDataModule()
    if LOCAL_RANK == 0:
        dm.prepare_data()
    dist.barrier()
    dm.setup()
    model = LitCharLM(len(dm.vocab), ema=args.ema)
    ddp = DDP(model.net)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    n = sum(p.numel() for p in model.parameters())
    rank_zero_info("\n  | Name | Type    | Params | Mode \n-----------------------------------------\n"
                   f"0 | net  | CharLM  | {n / 1000:.1f} K | train\n"
                   "-----------------------------------------\n"
                   f"{n / 1000:.1f} K    Trainable params\n0         Non-trainable params\n"
                   f"{n / 1000:.1f} K    Total params\n{n * 4 / 1e6:.3f}     Total estimated model params size (MB)\n")
    g = torch.Generator().manual_seed(RANK)
    for epoch in range(args.max_epochs):
        bar = ProgressBar(args.limit_train_batches, epoch)
        for i in range(args.limit_train_batches):
            x, y = dm.batch(g)
            l = F.cross_entropy(ddp(x).transpose(1, 2), y)
            opt.zero_grad()
            l.backward()
            opt.step()
            bar.update(v_num=0, train_loss=f"{l.item():.3f}")
            if (i + 1) % args.val_check_interval == 0:
                with torch.no_grad():
                    vl = torch.stack([model.validation_step(dm.batch(g)) for _ in range(4)]).mean()
                dist.all_reduce(vl)
                if RANK == 0:
                    sys.stderr.write(f"\rValidation DataLoader 0: 100%|██████████| 4/4 val_loss={vl.item() / WORLD:.3f}\n")
        bar.close()
    rank_zero_info(f"`Trainer.fit` stopped: `max_epochs={args.max_epochs}` reached.")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
