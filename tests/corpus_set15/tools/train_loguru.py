#!/usr/bin/env python
"""kws-resnet: keyword-spotting ResNet, DDP with gradient accumulation (no_sync).

Logs through a small loguru-compatible logger:
    2026-03-04 12:00:01.123 | ERROR    | module:func:42 - msg
"""
import argparse
import datetime
import inspect
import os
import socket
import sys
import time
import traceback

import numpy as np
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP


class _Logger:
    LEVELS = {"TRACE": 5, "DEBUG": 10, "INFO": 20, "SUCCESS": 25, "WARNING": 30, "ERROR": 40, "CRITICAL": 50}

    def __init__(self):
        self.sinks = [(sys.stderr, 20)]
        self.extra = {}

    def add(self, path, level="INFO"):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        self.sinks.append((open(path, "a", buffering=1), self.LEVELS[level]))

    def _emit(self, level, msg, depth=2, exc=None):
        fr = inspect.stack()[depth]
        mod = os.path.splitext(os.path.basename(fr.filename))[0]
        mod = "__main__" if mod == os.path.splitext(os.path.basename(sys.argv[0]))[0] else mod
        ts = datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]
        line = f"{ts} | {level:<8} | {mod}:{fr.function}:{fr.lineno} - {msg}"
        if exc is not None:
            line += "\n" + "".join(traceback.format_exception(exc)).rstrip()
        for sink, lv in self.sinks:
            if self.LEVELS[level] >= lv:
                sink.write(line + "\n")
                sink.flush()

    def debug(self, m): self._emit("DEBUG", m)
    def info(self, m): self._emit("INFO", m)
    def success(self, m): self._emit("SUCCESS", m)
    def warning(self, m): self._emit("WARNING", m)
    def error(self, m): self._emit("ERROR", m)

    def exception(self, m):
        self._emit("ERROR", m, exc=sys.exc_info()[1])

    def catch(self, fn):
        def wrapper(*a, **k):
            try:
                return fn(*a, **k)
            except BaseException as e:
                self._emit("ERROR", f"An error has been caught in function '{fn.__name__}', "
                                    f"process '{os.environ.get('RANK', 'MainProcess')}' ({os.getpid()}), "
                                    f"thread 'MainThread' ({threading_ident()}):", exc=e)
                raise
        return wrapper


def threading_ident():
    import threading
    return threading.get_ident()


logger = _Logger()


class BasicBlock(nn.Module):
    def __init__(self, c_in, c_out, stride):
        super().__init__()
        self.c1 = nn.Conv2d(c_in, c_out, 3, stride, 1, bias=False)
        self.b1 = nn.BatchNorm2d(c_out)
        self.c2 = nn.Conv2d(c_out, c_out, 3, 1, 1, bias=False)
        self.b2 = nn.BatchNorm2d(c_out)
        self.short = (nn.Sequential(nn.Conv2d(c_in, c_out, 1, stride, bias=False), nn.BatchNorm2d(c_out))
                      if stride != 1 or c_in != c_out else nn.Identity())

    def forward(self, x):
        h = F.relu(self.b1(self.c1(x)))
        return F.relu(self.b2(self.c2(h)) + self.short(x))


class KwsResNet(nn.Module):
    def __init__(self, widths=(16, 24, 32), n_classes=12):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(1, widths[0], 3, 1, 1, bias=False), nn.BatchNorm2d(widths[0]), nn.ReLU())
        layers, c = [], widths[0]
        for i, w in enumerate(widths):
            layers.append(BasicBlock(c, w, 1 if i == 0 else 2))
            c = w
        self.layers = nn.Sequential(*layers)
        self.fc = nn.Linear(c, n_classes)

    def forward(self, x):
        return self.fc(self.layers(self.stem(x)).mean((2, 3)))


class MfccShards:
    """Pre-computed MFCC features (N, 1, 20, 32) per .npz shard; shard i -> rank i % world."""

    def __init__(self, root, rank, world, micro_bs):
        files = sorted(f for f in os.listdir(root) if f.endswith(".npz"))
        self.files = [os.path.join(root, f) for f in files[rank::world]]
        self.micro_bs = micro_bs

    def __iter__(self):
        for path in self.files:
            z = np.load(path)
            x, y = torch.from_numpy(z["x"]), torch.from_numpy(z["y"]).long()
            for i in range(0, len(y) - self.micro_bs + 1, self.micro_bs):
                yield x[i:i + self.micro_bs], y[i:i + self.micro_bs]


@torch.no_grad()
def evaluate(model, data, max_batches=8):
    model.eval()
    stats = torch.zeros(2)
    for i, (x, y) in enumerate(data):
        if i >= max_batches:
            break
        stats += torch.tensor([(model(x).argmax(1) == y).sum().item(), len(y)])
    dist.all_reduce(stats)
    model.train()
    return (stats[0] / stats[1]).item()


@logger.catch
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="/srv/shared/kws/mfcc")
    ap.add_argument("--micro-batch", type=int, default=16)
    ap.add_argument("--accum", type=int, default=4)
    ap.add_argument("--epochs", type=int, default=1)
    ap.add_argument("--widths", default="16,24,32")
    ap.add_argument("--resume", default="")
    ap.add_argument("--save", default="")
    ap.add_argument("--log-dir", default="/srv/local/logs")
    ap.add_argument("--pg-timeout", type=int, default=60)
    ap.add_argument("--augment", default="none")
    ap.add_argument("--eval-every", type=int, default=0)
    ap.add_argument("--amp", type=int, default=1)
    ap.add_argument("--val-data", default="/srv/shared/kws/mfcc-val")
    args = ap.parse_args()

    rank = int(os.environ["RANK"])
    logger.add(os.path.join(args.log_dir, f"train_rank{rank}.log"), level="DEBUG")
    logger.info(f"starting kws-resnet on {socket.gethostname()} (rank {rank}, local rank "
                f"{os.environ['LOCAL_RANK']}, pid {os.getpid()})")
    if args.augment != "none":
        from specaug_cpu import SpecAugment
        augment = SpecAugment(policy=args.augment)
        logger.info(f"augmentation: {augment}")
    else:
        augment = None
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=args.pg_timeout))
    world = dist.get_world_size()
    logger.info(f"process group ready: world_size={world} backend={dist.get_backend()}")
    widths = tuple(int(w) for w in args.widths.split(","))
    model = KwsResNet(widths)
    start_epoch = 0
    if args.resume:
        logger.info(f"resuming from {args.resume}")
        ckpt = torch.load(args.resume, map_location="cpu", weights_only=True)
        model.load_state_dict(ckpt["model"])
        start_epoch = ckpt["epoch"] + 1
    model = DDP(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, weight_decay=5e-4)
    scaler = torch.cuda.amp.GradScaler(enabled=args.amp)
    data = MfccShards(args.data, rank, world, args.micro_batch)
    logger.info(f"{len(data.files)} shards on this rank; micro-batch {args.micro_batch} x accum {args.accum}")
    step, t0 = 0, time.time()
    for epoch in range(start_epoch, start_epoch + args.epochs):
        micro = []
        for xb, yb in data:
            micro.append((xb, yb))
            if len(micro) < args.accum:
                continue
            # accumulate locally, all-reduce only on the last micro-batch
            for x, y in micro[:-1]:
                with model.no_sync():
                    scaler.scale(F.cross_entropy(model(augment(x) if augment else x), y) / args.accum).backward()
            x, y = micro[-1]
            loss = F.cross_entropy(model(augment(x) if augment else x), y) / args.accum
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
            opt.zero_grad(set_to_none=True)
            micro = []
            step += 1
            if step % 5 == 0:
                l = loss.detach() * args.accum
                dist.all_reduce(l)
                if rank == 0:
                    logger.info(f"epoch {epoch} step {step} loss {l.item() / world:.4f} "
                                f"({(time.time() - t0) / 5:.2f}s/step)")
                else:
                    logger.debug(f"epoch {epoch} step {step} local loss {loss.item() * args.accum:.4f}")
                t0 = time.time()
            if args.eval_every and step % args.eval_every == 0 and rank == 0:
                logger.info(f"validating at step {step}")
                acc = evaluate(model, MfccShards(args.val_data, 0, 1, 64))
                logger.info(f"epoch {epoch} step {step} val_acc {acc:.4f}")
        logger.success(f"epoch {epoch} done on rank {rank} after {step} optimizer steps")
        dist.barrier()
    if args.save and rank == 0:
        os.makedirs(os.path.dirname(args.save), exist_ok=True)
        torch.save({"model": model.module.state_dict(), "epoch": epoch}, args.save)
        logger.info(f"saved {args.save}")
    dist.destroy_process_group()
    logger.success("training finished")


if __name__ == "__main__":
    main()
