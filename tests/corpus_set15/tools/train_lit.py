#!/usr/bin/env python
"""churn-clf: a small Lightning-style Trainer (callbacks, rich tables) over DDP/gloo.

Reads a CSV of customer records from the shared filesystem, maps the categorical
`plan` column through labels.json and trains an MLP classifier.
"""
import argparse
import csv
import datetime
import json
import math
import os
import random
import socket
import sys
import time
import warnings

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, Dataset
from torch.utils.data.distributed import DistributedSampler
from rich.console import Console
from rich.table import Table

console = Console(width=100, force_terminal=False, color_system=None, log_path=False)


def rank_zero_info(msg):
    if int(os.environ.get("RANK", 0)) == 0:
        console.print(msg, highlight=False)


def rank_zero_warn(msg):
    if int(os.environ.get("RANK", 0)) == 0:
        warnings.warn(msg, UserWarning, stacklevel=2)


# --------------------------------------------------------------------------- data
class ChurnDataset(Dataset):
    NUMERIC = ["tenure", "monthly", "total", "calls", "dropped", "support"]

    def __init__(self, path, label_path):
        with open(label_path) as f:
            meta = json.load(f)
        self.plan2id = meta["plan"]
        self.rows = []
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                self.rows.append(row)

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        row = self.rows[i]
        x = torch.tensor([float(row[c]) for c in self.NUMERIC], dtype=torch.float32)
        plan = torch.zeros(len(self.plan2id))
        plan[self.plan2id[row["plan"]]] = 1.0
        y = torch.tensor(int(row["churn"]))
        return torch.cat([x, plan]), y


class ChurnDataModule:
    def __init__(self, data_dir, batch_size):
        self.data_dir = data_dir
        self.batch_size = batch_size

    def setup(self):
        self.train = ChurnDataset(os.path.join(self.data_dir, "train.csv"),
                                  os.path.join(self.data_dir, "labels.json"))
        self.val = ChurnDataset(os.path.join(self.data_dir, "val.csv"),
                                os.path.join(self.data_dir, "labels.json"))

    def train_dataloader(self, seed):
        sampler = DistributedSampler(self.train, shuffle=True, seed=seed, drop_last=True)
        return DataLoader(self.train, batch_size=self.batch_size, sampler=sampler), sampler

    def val_dataloader(self):
        sampler = DistributedSampler(self.val, shuffle=False)
        return DataLoader(self.val, batch_size=self.batch_size, sampler=sampler)


# --------------------------------------------------------------------------- model
class LitChurn(nn.Module):
    def __init__(self, in_dim, hidden=128, lr=3e-3):
        super().__init__()
        self.hparams = {"in_dim": in_dim, "hidden": hidden, "lr": lr}
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.GELU(), nn.LayerNorm(hidden),
                                 nn.Linear(hidden, hidden), nn.GELU(), nn.Linear(hidden, 2))
        self.register_buffer("mu", torch.tensor([30.0, 60.0, 1800.0, 5.0, 1.0, 1.0]))
        self.register_buffer("sd", torch.tensor([20.0, 30.0, 1500.0, 3.0, 1.0, 1.0]))

    def forward(self, x):
        num = (x[:, :6] - self.mu) / self.sd
        return self.net(torch.cat([num, x[:, 6:]], dim=1))

    def training_step(self, model, batch):
        x, y = batch
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        acc = (logits.argmax(1) == y).float().mean()
        return {"loss": loss, "acc": acc}

    def configure_optimizers(self, params, steps):
        opt = torch.optim.AdamW(params, lr=self.hparams["lr"], weight_decay=0.01)
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=self.hparams["lr"], total_steps=steps)
        return opt, sched


# --------------------------------------------------------------------------- callbacks
class Callback:
    def on_fit_start(self, trainer, module): ...
    def on_train_batch_end(self, trainer, module, out, batch_idx): ...
    def on_train_epoch_end(self, trainer, module): ...
    def on_validation_end(self, trainer, module, metrics): ...
    def on_exception(self, trainer, module, exc): ...


class ModelSummary(Callback):
    def on_fit_start(self, trainer, module):
        t = Table(title=None)
        for c in ("", "Name", "Type", "Params", "Mode"):
            t.add_column(c)
        for i, (name, m) in enumerate(module.net.named_children()):
            n = sum(p.numel() for p in m.parameters())
            t.add_row(str(i), f"net.{name}", type(m).__name__, f"{n / 1e3:.1f} K" if n else "0", "train")
        if trainer.global_rank == 0:
            console.print(t)
            total = sum(p.numel() for p in module.parameters())
            console.print(f"{total / 1e3:.1f} K    Trainable params\n0         Non-trainable params\n"
                          f"{total / 1e3:.1f} K    Total params\n{total * 4 / 1e6:.3f}     Total estimated model params size (MB)")


class NanGuard(Callback):
    """Stop as soon as the local loss is not finite (like detect_anomaly, but cheap)."""

    def on_train_batch_end(self, trainer, module, out, batch_idx):
        loss = out["loss"].detach()
        if not torch.isfinite(loss):
            raise ValueError(
                f"NanGuard: training loss is {loss.item()} at global_step={trainer.global_step} "
                f"(epoch={trainer.current_epoch}, batch_idx={batch_idx}, global_rank={trainer.global_rank}). "
                "Stopping; set `nan_guard=False` to continue anyway.")


class ProgressTable(Callback):
    def __init__(self, every):
        self.every = every
        self.t_last = time.time()

    def on_train_batch_end(self, trainer, module, out, batch_idx):
        if trainer.global_step % self.every or trainer.global_rank != 0:
            return
        dt = (time.time() - self.t_last) / self.every
        self.t_last = time.time()
        lr = trainer.optimizer.param_groups[0]["lr"]
        console.print(f"Epoch {trainer.current_epoch}: {batch_idx + 1:>3}/{trainer.num_batches} "
                      f"[{trainer.elapsed()}, {1 / max(dt, 1e-6):5.2f}it/s, v_num=0, "
                      f"train_loss={out['loss'].item():.4f}, train_acc={out['acc'].item():.3f}, lr={lr:.2e}]",
                      highlight=False)

    def on_validation_end(self, trainer, module, metrics):
        if trainer.global_rank != 0:
            return
        t = Table(title=f"Validation epoch {trainer.current_epoch}")
        t.add_column("Validate metric")
        t.add_column("DataLoader 0", justify="right")
        for k, v in metrics.items():
            t.add_row(k, f"{v:.6f}")
        console.print(t)


class ModelCheckpoint(Callback):
    def __init__(self, dirpath, every_n_train_steps):
        self.dirpath = dirpath
        self.every = every_n_train_steps

    def on_train_batch_end(self, trainer, module, out, batch_idx):
        if trainer.global_step % self.every or trainer.global_step == 0:
            return
        if trainer.global_rank == 0:
            os.makedirs(self.dirpath, exist_ok=True)
            path = os.path.join(self.dirpath, f"epoch={trainer.current_epoch}-step={trainer.global_step}.ckpt")
            torch.save({"state_dict": module.state_dict(), "global_step": trainer.global_step,
                        "optimizer": trainer.optimizer.state_dict()}, path)
            rank_zero_info(f"Epoch {trainer.current_epoch}, global step {trainer.global_step}: "
                           f"'train_loss' reached {out['loss'].item():.5f}, saving model to '{path}'")


# --------------------------------------------------------------------------- trainer
class Trainer:
    def __init__(self, max_epochs, num_nodes, devices, callbacks, seed=42, limit_train_batches=None,
                 precision="32-true", timeout_s=60):
        self.max_epochs = max_epochs
        self.callbacks = callbacks
        self.seed = seed
        self.limit_train_batches = limit_train_batches
        self.global_step = 0
        self.current_epoch = 0
        self.t0 = time.time()
        rank_zero_info(f"Using {precision} for training.")
        rank_zero_info("GPU available: False, used: False")
        rank_zero_info("TPU available: False, using: 0 TPU cores")
        rank_zero_info("HPU available: False, using: 0 HPUs")
        self.global_rank = int(os.environ["RANK"])
        self.world_size = int(os.environ["WORLD_SIZE"])
        console.print(f"Initializing distributed: GLOBAL_RANK: {self.global_rank}, "
                      f"MEMBER: {self.global_rank + 1}/{self.world_size}", highlight=False)
        dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=timeout_s))
        rank_zero_info("-" * 100 + "\ndistributed_backend=gloo\nAll distributed processes registered. "
                       f"Starting with {self.world_size} processes\n" + "-" * 100 + "\n")

    def elapsed(self):
        s = int(time.time() - self.t0)
        return f"{s // 60:02d}:{s % 60:02d}"

    def _call(self, hook, *a):
        for cb in self.callbacks:
            getattr(cb, hook)(self, *a)

    def fit(self, module, dm):
        torch.manual_seed(self.seed)
        dm.setup()
        loader, sampler = dm.train_dataloader(self.seed)
        self.num_batches = min(len(loader), self.limit_train_batches or len(loader))
        rank_zero_warn("The 'train_dataloader' does not have many workers which may be a bottleneck. "
                       "Consider increasing the value of the `num_workers` argument` to `num_workers=1` "
                       "in the `DataLoader` to improve performance.")
        model = DDP(module)
        self.optimizer, self.scheduler = module.configure_optimizers(
            model.parameters(), self.max_epochs * self.num_batches + 1)
        self._call("on_fit_start", module)
        sdc = _SilentCorruption(module)
        try:
            for epoch in range(self.max_epochs):
                self.current_epoch = epoch
                sampler.set_epoch(epoch)
                model.train()
                for batch_idx, batch in enumerate(loader):
                    if batch_idx >= self.num_batches:
                        break
                    out = module.training_step(model, batch)
                    self.optimizer.zero_grad(set_to_none=True)
                    out["loss"].backward()
                    self.optimizer.step()
                    self.scheduler.step()
                    sdc.maybe_flip()
                    self.global_step += 1
                    self._call("on_train_batch_end", module, out, batch_idx)
                self._call("on_train_epoch_end", module)
                metrics = self.validate(model, dm)
                self._call("on_validation_end", module, metrics)
            rank_zero_info(f"`Trainer.fit` stopped: `max_epochs={self.max_epochs}` reached.")
        except BaseException as e:
            self._call("on_exception", module, e)
            raise

    @torch.no_grad()
    def validate(self, model, dm):
        model.eval()
        tot = torch.zeros(3)
        for x, y in dm.val_dataloader():
            logits = model(x)
            tot += torch.tensor([F.cross_entropy(logits, y, reduction="sum").item(),
                                 (logits.argmax(1) == y).sum().item(), len(y)])
        dist.all_reduce(tot)
        return {"val_loss": (tot[0] / tot[2]).item(), "val_acc": (tot[1] / tot[2]).item()}


class _SilentCorruption:
    """Models the node's memory: a flipped exponent bit in a weight now and then (rate from
    the node environment; zero on healthy nodes)."""

    def __init__(self, module):
        self.p = float(os.environ.get("K15_SDC_RATE", "0") or 0)
        self.module = module
        self.rng = random.Random(os.urandom(8))
        self.n = 0

    @torch.no_grad()
    def maybe_flip(self):
        self.n += 1
        if self.p <= 0 or self.n < 8 or self.rng.random() > self.p:
            return
        w = self.module.net[3].weight
        iv = w.data.view(-1).view(torch.int32)
        k = self.rng.randrange(iv.numel())
        iv[k] = iv[k] | 0x7F800000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="/srv/shared/data/churn")
    ap.add_argument("--ckpt-dir", default="/srv/shared/ckpt/churn")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--limit-train-batches", type=int, default=None)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--log-every", type=int, default=5)
    ap.add_argument("--ckpt-every", type=int, default=20)
    ap.add_argument("--pg-timeout", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1234)
    args = ap.parse_args()
    random.seed(args.seed)
    warnings.filterwarnings("default")
    rank_zero_info(f"Seed set to {args.seed}")
    trainer = Trainer(args.epochs, None, None, seed=args.seed, timeout_s=args.pg_timeout,
                      limit_train_batches=args.limit_train_batches,
                      callbacks=[ModelSummary(), ProgressTable(args.log_every), NanGuard(),
                                 ModelCheckpoint(args.ckpt_dir, args.ckpt_every)])
    with open(os.path.join(args.data, "labels.json")) as f:
        n_plans = len(json.load(f)["plan"])
    module = LitChurn(6 + n_plans, lr=args.lr)
    trainer.fit(module, ChurnDataModule(args.data, args.batch_size))
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
