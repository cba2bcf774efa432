"""torchtitan-style trainer (tiny Llama-ish model, gloo/CPU)."""
import argparse
import json
import logging
import os
import time

import torch
import torch.distributed as dist
import torch.nn.functional as F

from tinycore import TinyLM, allreduce_grads, init

logger = logging.getLogger()


def init_logger():
    logger.setLevel(logging.INFO)
    ch = logging.StreamHandler()
    ch.setFormatter(logging.Formatter("[titan] %(asctime)s - %(name)s - %(levelname)s - %(message)s"))
    logger.addHandler(ch)


class PackedDocs:
    """Documents of this data-parallel rank, packed into fixed-length sequences."""

    def __init__(self, path, rank, world, seq, bs, vocab):
        with open(path) as f:
            docs = [json.loads(l)["ids"] for l in f]
        mine = docs[rank::world]
        flat = [t % vocab for d in mine for t in d]
        self.n_batches = len(flat) // ((seq + 1) * bs)
        self.t = torch.tensor(flat[: self.n_batches * (seq + 1) * bs]).view(self.n_batches, bs, seq + 1)
        self.ndocs, self.ntok = len(mine), len(flat)

    def __iter__(self):
        for b in self.t:
            yield b[:, :-1], b[:, 1:]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--job.config_file", dest="cfg", default="llama3_debugmodel.toml")
    p.add_argument("--training.steps", dest="steps", type=int, default=50)
    p.add_argument("--training.batch_size", dest="bs", type=int, default=4)
    p.add_argument("--training.seq_len", dest="seq", type=int, default=32)
    p.add_argument("--training.dataset_path", dest="data", default=None)
    p.add_argument("--training.compile", dest="compile", action="store_true")
    p.add_argument("--metrics.log_freq", dest="log_freq", type=int, default=5)
    a = p.parse_args()
    init_logger()
    rank, world, local = init()
    logger.info(f"Starting job: Llama 3 debug training")
    logger.info(f"Building 1-D device mesh with ['dp_shard'], [{world}]")
    torch.manual_seed(0)
    vocab = 512
    model = TinyLM(vocab, 64, 2, a.seq)
    for prm in model.parameters():
        dist.broadcast(prm.data, 0)
    logger.info(f"Model llama3 debugmodel size: {sum(p.numel() for p in model.parameters()):,} total parameters")
    if a.compile:
        logger.info("Compiling each TransformerBlock with torch.compile")
        for i, b in enumerate(model.blocks):
            model.blocks[i] = torch.compile(b)
    opt = torch.optim.AdamW(model.parameters(), lr=8e-4)
    if a.data:
        ds = PackedDocs(a.data, rank, world, a.seq, a.bs, vocab)
        logger.info(f"Preparing c4_test dataset from {a.data}: {ds.ndocs} docs, {ds.ntok} tokens for dp rank {rank}")
        it = iter(ds)
    else:
        g = torch.Generator().manual_seed(rank)
        def gen():
            while True:
                x = torch.randint(0, vocab, (a.bs, a.seq + 1), generator=g)
                yield x[:, :-1], x[:, 1:]
        it = gen()
    logger.info(f"Training starts at step 1, with local batch size {a.bs}, global batch size {a.bs * world}, "
                f"sequence length {a.seq}, total steps {a.steps} (warmup 2)")
    step = 0
    t_last = time.perf_counter()
    ntok = 0
    for x, y in it:
        step += 1
        out = model(x)
        loss = F.cross_entropy(out.reshape(-1, vocab), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        allreduce_grads(model, world)
        gn = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        ntok += x.numel()
        if step == 1 or step % a.log_freq == 0:
            l = loss.detach().clone()
            dist.all_reduce(l)
            dt = time.perf_counter() - t_last
            t_last = time.perf_counter()
            logger.info(f"step: {step:2}  loss: {l.item() / world:7.4f}  grad_norm: {float(gn):7.4f}  "
                        f"memory:  0.00GiB(0.00%)  tps: {int(ntok / dt):,}  tflops: 0.00  mfu: 0.00%")
            ntok = 0
        if step >= a.steps:
            break
    logger.info("Sleeping 2 seconds for other ranks to complete")
    time.sleep(2)
    logger.info("Training completed")


if __name__ == "__main__":
    main()
