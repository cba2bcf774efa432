"""HF-Trainer-style fine-tuning script (tiny causal LM on jsonl shards, DDP over gloo)."""
import faulthandler
import json
import logging
import os
import re
import signal
import sys
import threading
import time
import warnings
import zlib
from collections import deque

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

from tinycore import TinyLM, init

faulthandler.register(signal.SIGUSR1, all_threads=True)
logging.basicConfig(format="[%(levelname)s|%(filename)s:%(lineno)d] %(asctime)s >> %(message)s",
                    datefmt="%Y-%m-%d %H:%M:%S", level=logging.INFO, stream=sys.stdout)
logger = logging.getLogger("hf_finetune")

VOCAB, SEQ = 512, 32
TOK = re.compile(r"\w+|[^\w\s]")


def tokenize(text):
    ids = []
    for i in range(0, len(text), 65536):
        ids += [zlib.crc32(t.encode()) % VOCAB for t in TOK.findall(text[i:i + 65536])]
    return ids[:4096]


class ShardPrefetcher:
    """Background thread that tokenizes documents of this rank's shard ahead of the training loop."""

    def __init__(self, path, depth=4):
        with open(path) as f:
            self.docs = [json.loads(l)["text"] for l in f]
        self.depth = depth
        self._lock = threading.Lock()
        self._queue = deque()
        self._produced = 0
        self._underruns = 0
        self._thread = threading.Thread(target=self._fill, name="prefetch-worker", daemon=True)
        self._thread.start()
        while len(self._queue) < self.depth:   # warm up before the first step
            time.sleep(0.01)

    def _make(self, i):
        ids = tokenize(self.docs[i % len(self.docs)])
        ids = (ids * (SEQ + 1))[: 8 * (SEQ + 1)]
        return torch.tensor(ids, dtype=torch.long).view(8, SEQ + 1)

    def _fill(self):
        while True:
            with self._lock:
                full = len(self._queue) >= self.depth
                i = self._produced
            if full:
                time.sleep(0.002)
                continue
            item = self._make(i)
            with self._lock:
                self._queue.append(item)
                self._produced += 1

    def stats(self):
        with self._lock:
            return {"queued": len(self._queue), "produced": self._produced, "underruns": self._underruns}

    def next(self):
        while True:
            with self._lock:
                if self._queue:
                    return self._queue.popleft()
                self._underruns += 1
                logger.debug("prefetch underrun: %s", self.stats())
            time.sleep(0.001)


def main():
    rank, world, local = init()
    max_steps = int(os.environ.get("MAX_STEPS", "60"))
    log_steps = int(os.environ.get("LOGGING_STEPS", "10"))
    data_dir = os.environ.get("DATA_DIR", "/srv/shared/data")
    out_dir = os.environ.get("OUTPUT_DIR", "/srv/shared/out")
    if rank == 0:
        logger.warning(f"Process rank: {rank}, device: cpu, n_gpu: 0, distributed training: True, 16-bits training: False")
        warnings.warn("`torch.cuda.amp.GradScaler(args...)` is deprecated. Please use `torch.amp.GradScaler('cuda', args...)` instead.", FutureWarning)
    logger.info(f"rank {rank}/{world} on {os.uname().nodename} reading {data_dir}/train-{rank:05d}.jsonl")
    torch.manual_seed(42)
    model = DDP(TinyLM(VOCAB, 64, 2, SEQ))
    opt = torch.optim.AdamW(model.parameters(), lr=5e-4)
    pf = ShardPrefetcher(f"{data_dir}/train-{rank:05d}.jsonl")
    if rank == 0:
        logger.info("***** Running training *****")
        logger.info(f"  Num examples = {len(pf.docs) * world}")
        logger.info("  Num Epochs = 1")
        logger.info("  Instantaneous batch size per device = 8")
        logger.info(f"  Total train batch size (w. parallel, distributed & accumulation) = {8 * world}")
        logger.info("  Gradient Accumulation steps = 1")
        logger.info(f"  Total optimization steps = {max_steps}")
        logger.info(f"  Number of trainable parameters = {sum(p.numel() for p in model.parameters()):,}")
    t0 = time.time()
    run_loss, tot = 0.0, 0.0
    for step in range(1, max_steps + 1):
        b = pf.next()
        x, y = b[:, :-1], b[:, 1:]
        loss = F.cross_entropy(model(x).reshape(-1, VOCAB), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        gn = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        run_loss += loss.item()
        time.sleep(float(os.environ.get("STEP_SLEEP", "0.05")))
        if step % log_steps == 0 and rank == 0:
            print({"loss": round(run_loss / log_steps, 4), "grad_norm": round(float(gn), 4),
                   "learning_rate": 5e-4 * (1 - step / max_steps), "epoch": round(step / max_steps, 2)}, flush=True)
            tot += run_loss
        if step % log_steps == 0:
            run_loss = 0.0
    rt = time.time() - t0
    if rank == 0:
        os.makedirs(out_dir, exist_ok=True)
        torch.save(model.module.state_dict(), f"{out_dir}/pytorch_model.bin")
        logger.info(f"Saving model checkpoint to {out_dir}")
        print({"train_runtime": round(rt, 4), "train_samples_per_second": round(max_steps * 8 * world / rt, 3),
               "train_steps_per_second": round(max_steps / rt, 3), "train_loss": round(tot / max_steps, 4), "epoch": 1.0}, flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
