"""Tabular fine-tuning with a small home-grown 'Trainer' that mimics the
HuggingFace Trainer console output (dict metrics per logging step)."""
import json
import math
import os
import sys
import time
from dataclasses import dataclass, field
from datetime import timedelta

import numpy as np
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel


@dataclass
class TrainingArguments:
    output_dir: str = "out"
    per_device_train_batch_size: int = 16
    learning_rate: float = 5e-4
    num_train_epochs: float = 1.0
    max_steps: int = -1
    logging_steps: int = 5
    warmup_ratio: float = 0.1
    seed: int = 42
    report_to: list = field(default_factory=list)
    ddp_timeout: int = 30
    halt_on_nonfinite_loss: bool = True


@dataclass
class ModelConfig:
    feature_dim: int = 48
    hidden_size: int = 128
    num_hidden_layers: int = 2
    num_labels: int = 5
    dropout: float = 0.1


class TabularMLP(nn.Module):
    def __init__(self, cfg: ModelConfig):
        super().__init__()
        layers, d = [], cfg.feature_dim
        for _ in range(cfg.num_hidden_layers):
            layers += [nn.Linear(d, cfg.hidden_size), nn.GELU(), nn.Dropout(cfg.dropout)]
            d = cfg.hidden_size
        self.encoder = nn.Sequential(*layers)
        self.classifier = nn.Linear(d, cfg.num_labels)
        self._fault = _node_fault()

    def forward(self, features, labels=None, step=0):
        h = self.encoder(features)
        if self._fault is not None and step >= self._fault:
            h = h * float("nan")  # (simulated silent corruption on this host)
        logits = self.classifier(h)
        out = {"logits": logits}
        if labels is not None:
            out["loss"] = F.cross_entropy(logits, labels)
        return out


def _node_fault():
    v = os.environ.get("_SIMFAULT_NAN_AT")
    if v and os.environ.get("LOCAL_RANK") == "0":
        return int(v)
    return None


def setup_reporting(report_to):
    callbacks = []
    if "wandb" in report_to:
        import wandb  # noqa: F401

        callbacks.append("wandb")
    if "tensorboard" in report_to:
        from torch.utils.tensorboard import SummaryWriter  # noqa: F401

        callbacks.append("tensorboard")
    return callbacks


class Trainer:
    def __init__(self, model_cfg, args, train_path):
        self.args = args
        self.rank = dist.get_rank()
        self.world = dist.get_world_size()
        self.is_main = self.rank == 0
        self.callbacks = setup_reporting(args.report_to)
        d = np.load(train_path)
        self.x = torch.from_numpy(d["features"]).float()
        self.y = torch.from_numpy(d["labels"]).long()
        torch.manual_seed(args.seed)
        self.model = DistributedDataParallel(TabularMLP(model_cfg))
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=args.learning_rate)

    def _batches(self):
        idx = np.arange(self.rank, len(self.x), self.world)
        bs = self.args.per_device_train_batch_size
        for i in range(0, len(idx) - bs + 1, bs):
            j = idx[i:i + bs]
            yield self.x[j], self.y[j]

    def train(self):
        a = self.args
        steps_per_epoch = (len(self.x) // self.world) // a.per_device_train_batch_size
        max_steps = a.max_steps if a.max_steps > 0 else int(steps_per_epoch * a.num_train_epochs)
        warmup = int(max_steps * a.warmup_ratio)
        sched = torch.optim.lr_scheduler.LambdaLR(
            self.opt, lambda s: min(1.0, (s + 1) / max(1, warmup)) * max(0.0, (max_steps - s) / max_steps))
        if self.is_main:
            print("***** Running training *****")
            print(f"  Num examples = {len(self.x):,}")
            print(f"  Num Epochs = {a.num_train_epochs}")
            print(f"  Instantaneous batch size per device = {a.per_device_train_batch_size}")
            print(f"  Total train batch size (w. parallel, distributed & accumulation) = "
                  f"{a.per_device_train_batch_size * self.world}")
            print(f"  Total optimization steps = {max_steps:,}")
            print(f"  Number of trainable parameters = {sum(p.numel() for p in self.model.parameters()):,}")
        start, step, tr_loss = time.time(), 0, 0.0
        while step < max_steps:
            for xb, yb in self._batches():
                step += 1
                out = self.model(xb, labels=yb, step=step)
                loss = out["loss"]
                if a.halt_on_nonfinite_loss and not torch.isfinite(loss):
                    raise RuntimeError(
                        f"Non-finite loss detected: loss={loss.item()} at global_step={step} "
                        f"(rank {self.rank}). Aborting to avoid corrupting the checkpoint.")
                loss.backward()
                gn = torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
                self.opt.step()
                sched.step()
                self.opt.zero_grad()
                tr_loss += loss.item()
                if step % a.logging_steps == 0:
                    t = torch.tensor([tr_loss / a.logging_steps])
                    dist.all_reduce(t)
                    tr_loss = 0.0
                    if self.is_main:
                        print({"loss": round(t.item() / self.world, 4), "grad_norm": round(gn.item(), 4),
                               "learning_rate": float(f"{sched.get_last_lr()[0]:.4e}"),
                               "epoch": round(step / steps_per_epoch, 2)}, flush=True)
                time.sleep(0.05)
                if step >= max_steps:
                    break
        rt = time.time() - start
        if self.is_main:
            print({"train_runtime": round(rt, 3),
                   "train_samples_per_second": round(max_steps * a.per_device_train_batch_size * self.world / rt, 3),
                   "train_steps_per_second": round(max_steps / rt, 3), "epoch": a.num_train_epochs})


def main():
    cfg_path = sys.argv[1]
    with open(cfg_path) as f:
        cfg = json.load(f)
    args = TrainingArguments(**cfg["training_args"])
    mcfg = ModelConfig(**cfg["model"])
    dist.init_process_group("gloo", timeout=timedelta(seconds=args.ddp_timeout))
    if dist.get_rank() == 0:
        print(f"Training/evaluation parameters {args}")
        print(f"Model config {mcfg}")
    trainer = Trainer(mcfg, args, cfg["train_file"])
    trainer.train()
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
