#!/usr/bin/env python
"""Fine-tune a tiny causal LM, in the style of transformers' examples/run_clm.py + Trainer."""
import argparse
import contextlib
import datetime
import glob
import json
import logging
import math
import os
import re
import sys
import time

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

logger = logging.getLogger("__main__")
tlog = logging.getLogger("transformers.trainer")


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--train_file", default="/srv/shared/data/train.txt")
    p.add_argument("--output_dir", default="/srv/shared/runs/clm")
    p.add_argument("--max_steps", type=int, default=40)
    p.add_argument("--per_device_train_batch_size", type=int, default=8)
    p.add_argument("--block_size", type=int, default=32)
    p.add_argument("--learning_rate", type=float, default=5e-4)
    p.add_argument("--logging_steps", type=int, default=5)
    p.add_argument("--save_steps", type=int, default=20)
    p.add_argument("--hidden_size", type=int, default=256)
    p.add_argument("--num_layers", type=int, default=2)
    p.add_argument("--ddp_timeout", type=int, default=1800)
    p.add_argument("--resume_from_checkpoint", default=None,
                   help="'latest' picks the newest checkpoint-* in output_dir")
    p.add_argument("--preprocessing_num_workers", type=int, default=1)
    p.add_argument("--step_sleep", type=float, default=0.0)
    return p.parse_args()


class TinyLM(nn.Module):
    def __init__(self, vocab, hidden, layers, block):
        super().__init__()
        self.wte = nn.Embedding(vocab, hidden)
        self.wpe = nn.Embedding(block, hidden)
        self.blocks = nn.ModuleList(
            [nn.TransformerEncoderLayer(hidden, 4, hidden * 2, dropout=0.0, batch_first=True)
             for _ in range(layers)])
        self.ln = nn.LayerNorm(hidden)
        self.head = nn.Linear(hidden, vocab, bias=False)

    def forward(self, ids):
        t = ids.shape[1]
        x = self.wte(ids) + self.wpe(torch.arange(t))
        mask = torch.triu(torch.full((t, t), float("-inf")), 1)
        for b in self.blocks:
            x = b(x, src_mask=mask)
        return self.head(self.ln(x))


class ProgressBar:
    """tqdm-like progress bar on stderr (only the main process draws it)."""

    def __init__(self, total, enabled, desc=""):
        self.total, self.enabled, self.desc, self.n = total, enabled, desc, 0
        self.t0 = time.time()

    def _fmt(self, s):
        s = int(s)
        return f"{s // 60:02d}:{s % 60:02d}"

    def render(self):
        if not self.enabled:
            return
        el = time.time() - self.t0
        frac = self.n / self.total if self.total else 1
        fill = int(frac * 10)
        bar = "█" * fill + " " * (10 - fill)
        rate = self.n / el if el > 0 and self.n else 0
        rem = (self.total - self.n) / rate if rate else 0
        rate_s = f"{rate:.2f}it/s" if rate >= 1 or rate == 0 else f"{1 / rate:.2f}s/it"
        sys.stderr.write(f"\r{self.desc}{int(frac * 100):3d}%|{bar}| {self.n}/{self.total} "
                         f"[{self._fmt(el)}<{self._fmt(rem)}, {rate_s}]")
        sys.stderr.flush()

    def update(self, k=1):
        self.n += k
        self.render()

    def close(self):
        if self.enabled:
            sys.stderr.write("\n")
            sys.stderr.flush()


def rank0():
    return not dist.is_initialized() or dist.get_rank() == 0


@contextlib.contextmanager
def main_process_first(local, desc="work"):
    """Same contract as TrainingArguments.main_process_first(): replicas wait at a barrier
    while the main process does the work, then the main process joins the barrier."""
    is_main = (int(os.environ.get("LOCAL_RANK", 0)) == 0) if local else rank0()
    try:
        if not is_main:
            logger.debug(f"waiting for main process to perform {desc}")
            dist.barrier()
        yield
    finally:
        if is_main:
            logger.debug(f"main process done with {desc}")
            dist.barrier()


def tokenize_corpus(path, block, show):
    """Character-level 'tokenizer' with a slow, pure-python merge pass (like a BPE map)."""
    with open(path, encoding="utf-8") as f:
        lines = [l.rstrip("\n") for l in f]
    vocab = {}
    out = []
    bar = ProgressBar(len(lines), show, desc="Running tokenizer on dataset: ")
    for i, line in enumerate(lines):
        ids = []
        for ch in line:
            if ch not in vocab:
                vocab[ch] = len(vocab) % 250 + 1
            ids.append(vocab[ch])
        # merge pass: the expensive part of a real BPE
        for _ in range(int(os.environ.get("TOKENIZER_MERGE_PASSES", "1"))):
            ids = [(a * 31 + b) % 251 + 1 for a, b in zip(ids, ids[1:] + [0])]
        out.extend(ids)
        if i % 50 == 0 or i == len(lines) - 1:
            bar.n = i + 1
            bar.render()
    bar.close()
    n = len(out) // block
    return torch.tensor(out[: n * block]).view(n, block)


def latest_checkpoint(folder):
    cks = [d for d in glob.glob(os.path.join(folder, "checkpoint-*")) if os.path.isdir(d)]
    if not cks:
        return None
    return max(cks, key=lambda d: int(re.search(r"checkpoint-(\d+)", d).group(1)))


def save_checkpoint(out_dir, step, model, opt, sched_state):
    d = os.path.join(out_dir, f"checkpoint-{step}")
    os.makedirs(d, exist_ok=True)
    tlog.info(f"Saving model checkpoint to {d}")
    torch.save(model.state_dict(), os.path.join(d, "pytorch_model.bin"))
    torch.save(opt.state_dict(), os.path.join(d, "optimizer.pt"))
    with open(os.path.join(d, "trainer_state.json"), "w") as f:
        json.dump({"global_step": step, **sched_state}, f)


def main():
    args = parse()
    logging.basicConfig(format="%(asctime)s - %(levelname)s - %(name)s - %(message)s",
                        datefmt="%m/%d/%Y %H:%M:%S", level=logging.INFO, stream=sys.stdout)
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=args.ddp_timeout))
    rank, world = dist.get_rank(), dist.get_world_size()
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    if rank != 0:
        logging.getLogger().setLevel(logging.WARNING)
    logger.warning(f"Process rank: {rank}, device: cpu, n_gpu: 0, distributed training: True, "
                   f"local_rank: {local_rank}")
    logger.info(f"Training/evaluation parameters {vars(args)}")
    torch.manual_seed(42)

    with main_process_first(local=False, desc="dataset map pre-processing"):
        data = tokenize_corpus(args.train_file, args.block_size + 1, show=rank == 0)
    logger.info(f"Loaded {len(data)} blocks of {args.block_size} tokens")

    model = TinyLM(256, args.hidden_size, args.num_layers, args.block_size)
    opt = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)
    start_step = 0
    ckpt = None
    if args.resume_from_checkpoint == "latest":
        ckpt = latest_checkpoint(args.output_dir)
    elif args.resume_from_checkpoint:
        ckpt = args.resume_from_checkpoint
    if ckpt:
        tlog.info(f"Loading model from {ckpt}.")
        model.load_state_dict(torch.load(os.path.join(ckpt, "pytorch_model.bin"), map_location="cpu"))
        opt.load_state_dict(torch.load(os.path.join(ckpt, "optimizer.pt"), map_location="cpu"))
        with open(os.path.join(ckpt, "trainer_state.json")) as f:
            start_step = json.load(f)["global_step"]
        tlog.info(f"  Continuing training from global step {start_step}")
    ddp = DDP(model)

    n_params = sum(p.numel() for p in model.parameters())
    tlog.info("***** Running training *****")
    tlog.info(f"  Num examples = {len(data):,}")
    tlog.info(f"  Num Epochs = {math.ceil(args.max_steps * args.per_device_train_batch_size * world / len(data))}")
    tlog.info(f"  Instantaneous batch size per device = {args.per_device_train_batch_size}")
    tlog.info(f"  Total train batch size (w. parallel, distributed & accumulation) = "
              f"{args.per_device_train_batch_size * world}")
    tlog.info(f"  Gradient Accumulation steps = 1")
    tlog.info(f"  Total optimization steps = {args.max_steps:,}")
    tlog.info(f"  Number of trainable parameters = {n_params:,}")

    g = torch.Generator().manual_seed(1234)
    bar = ProgressBar(args.max_steps, rank == 0)
    bar.n = start_step
    bar.render()
    epoch_len = max(1, len(data) // (args.per_device_train_batch_size * world))
    for step in range(start_step, args.max_steps):
        idx = torch.randint(0, len(data), (args.per_device_train_batch_size * world,), generator=g)
        batch = data[idx[rank::world]]
        ids, labels = batch[:, :-1], batch[:, 1:]
        logits = ddp(ids)
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), labels.reshape(-1))
        opt.zero_grad()
        loss.backward()
        gn = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        if args.step_sleep:
            time.sleep(args.step_sleep)
        bar.update()
        gs = step + 1
        if gs % args.logging_steps == 0:
            l = loss.detach().clone()
            dist.all_reduce(l)
            if rank == 0:
                sys.stderr.write("\n")
                print({"loss": round(l.item() / world, 4), "grad_norm": round(gn.item(), 4),
                       "learning_rate": args.learning_rate * (1 - gs / args.max_steps),
                       "epoch": round(gs / epoch_len, 2)}, flush=True)
        if gs % args.save_steps == 0 and gs < args.max_steps:
            if rank == 0:
                save_checkpoint(args.output_dir, gs, model, opt, {"epoch": gs / epoch_len})
            dist.barrier()
    bar.close()
    tlog.info("\n\nTraining completed. Do not forget to share your model on huggingface.co/models =)\n\n")
    if rank == 0:
        save_checkpoint(args.output_dir, args.max_steps, model, opt, {"epoch": args.max_steps / epoch_len})
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
