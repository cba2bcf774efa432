"""Sequence-classification fine-tune with HF-Trainer-like logging (corpus_set30)."""
import argparse
import glob
import json
import logging
import math
import os
import sys
import time

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tinylm  # noqa: E402

LABEL2ID = {"negative": 0, "neutral": 1, "positive": 2}
SEQ = 48

ap = argparse.ArgumentParser()
ap.add_argument("--data_dir", required=True)
ap.add_argument("--output_dir", required=True)
ap.add_argument("--max_steps", type=int, default=80)
ap.add_argument("--per_device_train_batch_size", type=int, default=8)
ap.add_argument("--learning_rate", type=float, default=5e-4)
ap.add_argument("--logging_steps", type=int, default=5)
ap.add_argument("--save_steps", type=int, default=20)
ap.add_argument("--ddp_timeout", type=int, default=60)
ap.add_argument("--resume_from_checkpoint", action="store_true")
args = ap.parse_args()

rank, local_rank, world = tinylm.init(args.ddp_timeout)
logging.basicConfig(format="[%(levelname)s|%(filename)s:%(lineno)d] %(asctime)s >> %(message)s",
                    datefmt="%Y-%m-%d %H:%M:%S", level=logging.INFO if local_rank == 0 else logging.WARNING)
log = logging.getLogger("trainer")
logging.getLogger("trainer").name = "trainer"
log.warning(f"Process rank: {rank}, device: cpu, n_gpu: 0, distributed training: True, "
            f"16-bits training: False")


def tokenize(text):
    ids = [(hash(w) % 509) + 3 for w in text.lower().split()][:SEQ]
    return ids + [0] * (SEQ - len(ids))


class JsonlShard(torch.utils.data.Dataset):
    def __init__(self, path):
        with open(path) as f:
            self.rows = [json.loads(l) for l in f if l.strip()]

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        return self.rows[i]


def collate(rows):
    input_ids = torch.tensor([tokenize(r["text"]) for r in rows])
    labels = torch.tensor([LABEL2ID[r["label"]] for r in rows])
    return {"input_ids": input_ids, "labels": labels}


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.lm = tinylm.TinyLM(vocab=512, dim=96, layers=2, seq=SEQ)
        self.score = nn.Linear(512, 3)

    def forward(self, input_ids):
        return self.score(self.lm(input_ids).mean(1))


shards = sorted(glob.glob(os.path.join(args.data_dir, "train-*.jsonl")))
ds = JsonlShard(shards[rank % len(shards)])
dl = torch.utils.data.DataLoader(ds, batch_size=args.per_device_train_batch_size, collate_fn=collate,
                                 shuffle=False, drop_last=True)
torch.manual_seed(42)
model = DDP(Classifier())
opt = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: max(0.0, 1 - s / args.max_steps))
start = 0
if args.resume_from_checkpoint:
    ckpts = sorted(glob.glob(os.path.join(args.output_dir, "checkpoint-*")),
                   key=lambda p: int(p.rsplit("-", 1)[1]))
    if ckpts:
        st = torch.load(os.path.join(ckpts[-1], "trainer_state.pt"), weights_only=False)
        model.module.load_state_dict(st["model"])
        opt.load_state_dict(st["optimizer"])
        sched.load_state_dict(st["scheduler"])
        start = st["global_step"]
        log.info(f"Continuing training from checkpoint, will skip to saved global_step")
        log.info(f"  Continuing training from global step {start}")
    else:
        log.info("No checkpoint found in output_dir, training from scratch")

n_ex = len(ds) * world
log.info("***** Running training *****")
log.info(f"  Num examples = {n_ex:,}")
log.info(f"  Num Epochs = {math.ceil(args.max_steps * args.per_device_train_batch_size * world / n_ex)}")
log.info(f"  Instantaneous batch size per device = {args.per_device_train_batch_size}")
log.info(f"  Total train batch size (w. parallel, distributed & accumulation) = "
         f"{args.per_device_train_batch_size * world}")
log.info(f"  Total optimization steps = {args.max_steps:,}")
log.info(f"  Number of trainable parameters = {tinylm.n_params(model):,}")

step = start
t0 = time.time()
acc = 0.0
lossf = nn.CrossEntropyLoss()
while step < args.max_steps:
    for i, batch in enumerate(dl):
        if i < step % len(dl):
            continue
        out = model(batch["input_ids"])
        loss = lossf(out, batch["labels"])
        opt.zero_grad()
        loss.backward()
        gn = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        step += 1
        acc += loss.item()
        time.sleep(0.15)
        if step % args.logging_steps == 0 and rank == 0:
            print({"loss": round(acc / args.logging_steps, 4), "grad_norm": round(float(gn), 4),
                   "learning_rate": float(f"{sched.get_last_lr()[0]:.4e}"),
                   "epoch": round(step * args.per_device_train_batch_size * world / n_ex, 2)}, flush=True)
        if step % args.logging_steps == 0:
            acc = 0.0
        if step % args.save_steps == 0:
            d = os.path.join(args.output_dir, f"checkpoint-{step}")
            if rank == 0:
                os.makedirs(d, exist_ok=True)
                torch.save({"model": model.module.state_dict(), "optimizer": opt.state_dict(),
                            "scheduler": sched.state_dict(), "global_step": step},
                           os.path.join(d, "trainer_state.pt"))
                log.info(f"Saving model checkpoint to {d}")
            dist.barrier()
        if step >= args.max_steps:
            break

el = time.time() - t0
if rank == 0:
    print({"train_runtime": round(el, 4), "train_samples_per_second": round(
        (step - start) * args.per_device_train_batch_size * world / el, 3),
        "train_steps_per_second": round((step - start) / el, 3), "epoch": round(
            step * args.per_device_train_batch_size * world / n_ex, 2)}, flush=True)
    log.info("\n\nTraining completed. Do not forget to share your model on huggingface.co/models =)\n\n")
dist.destroy_process_group()
