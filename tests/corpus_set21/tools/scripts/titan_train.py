#!/usr/bin/env python
"""Small llama-ish training loop with torchtitan-style logging, checkpoint loading and
per-rank trace dumps."""
import argparse
import datetime
import json
import logging
import os
import time

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger()


def init_logger():
    logger.setLevel(logging.INFO)
    ch = logging.StreamHandler()
    ch.setLevel(logging.INFO)
    ch.setFormatter(logging.Formatter("[titan] %(asctime)s - %(name)s - %(levelname)s - %(message)s"))
    logger.addHandler(ch)
    os.environ["KINETO_LOG_LEVEL"] = "5"


class Color:
    black = "\033[30m"; red = "\033[31m"; green = "\033[32m"; yellow = "\033[33m"
    blue = "\033[34m"; magenta = "\033[35m"; cyan = "\033[36m"; white = "\033[37m"; reset = "\033[39m"


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--job.description", dest="description", default="Llama 3 debug training")
    p.add_argument("--job.dump_folder", dest="dump_folder", default="/srv/local/outputs")
    p.add_argument("--model.dim", dest="dim", type=int, default=128)
    p.add_argument("--model.n_layers", dest="n_layers", type=int, default=4)
    p.add_argument("--model.vocab_size", dest="vocab_size", type=int, default=2048)
    p.add_argument("--training.local_batch_size", dest="bs", type=int, default=4)
    p.add_argument("--training.seq_len", dest="seq_len", type=int, default=64)
    p.add_argument("--training.steps", dest="steps", type=int, default=60)
    p.add_argument("--training.warmup_steps", dest="warmup", type=int, default=2)
    p.add_argument("--optimizer.lr", dest="lr", type=float, default=8e-4)
    p.add_argument("--metrics.log_freq", dest="log_freq", type=int, default=5)
    p.add_argument("--checkpoint.enable", dest="ckpt", action="store_true")
    p.add_argument("--checkpoint.folder", dest="ckpt_folder", default="checkpoint")
    p.add_argument("--checkpoint.load_step", dest="load_step", type=int, default=-1)
    p.add_argument("--checkpoint.interval", dest="ckpt_interval", type=int, default=0)
    p.add_argument("--profiling.enable_profiling", dest="profiling", action="store_true")
    p.add_argument("--profiling.save_traces_folder", dest="traces", default="profile_trace")
    p.add_argument("--profiling.profile_freq", dest="profile_freq", type=int, default=10)
    p.add_argument("--comm.init_timeout_seconds", dest="init_timeout", type=int, default=300)
    p.add_argument("--comm.train_timeout_seconds", dest="train_timeout", type=int, default=100)
    return p.parse_args()


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.wq = nn.Linear(dim, dim, bias=False)
        self.wk = nn.Linear(dim, dim, bias=False)
        self.wv = nn.Linear(dim, dim, bias=False)
        self.wo = nn.Linear(dim, dim, bias=False)

    def forward(self, x):
        b, s, d = x.shape
        h = self.heads
        q, k, v = (w(x).view(b, s, h, d // h).transpose(1, 2) for w in (self.wq, self.wk, self.wv))
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(o.transpose(1, 2).reshape(b, s, d))


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.attention_norm = nn.RMSNorm(dim)
        self.attention = Attention(dim, 4)
        self.ffn_norm = nn.RMSNorm(dim)
        self.w1 = nn.Linear(dim, 4 * dim, bias=False)
        self.w2 = nn.Linear(4 * dim, dim, bias=False)

    def forward(self, x):
        x = x + self.attention(self.attention_norm(x))
        return x + self.w2(F.silu(self.w1(self.ffn_norm(x))))


class Transformer(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.tok_embeddings = nn.Embedding(a.vocab_size, a.dim)
        self.layers = nn.ModuleList([Block(a.dim) for _ in range(a.n_layers)])
        self.norm = nn.RMSNorm(a.dim)
        self.output = nn.Linear(a.dim, a.vocab_size, bias=False)

    def forward(self, t):
        h = self.tok_embeddings(t)
        for l in self.layers:
            h = l(h)
        return self.output(self.norm(h))


def main():
    init_logger()
    a = get_args()
    logger.info(f"Starting job: {a.description}")
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=a.init_timeout))
    rank, world = dist.get_rank(), dist.get_world_size()
    logger.info(f"Building 1-D device mesh with ['dp_shard'], [{world}]")
    torch.manual_seed(0)
    logger.info(f"Building llama3 debugmodel with TransformerModelArgs(dim={a.dim}, n_layers={a.n_layers}, "
                f"n_heads=4, vocab_size={a.vocab_size}, norm_eps=1e-05, max_seq_len={a.seq_len})")
    model = Transformer(a)
    n = sum(p.numel() for p in model.parameters())
    logger.info(f"{Color.blue}Model llama3 debugmodel {Color.red}size: {n:,} total parameters{Color.reset}")
    logger.info("Applied FSDP to the model" if world > 1 else "Single rank, no parallelism applied")
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=0.1)
    step0 = 0
    ckpt_dir = os.path.join(a.dump_folder, a.ckpt_folder) if not os.path.isabs(a.ckpt_folder) else a.ckpt_folder
    if a.ckpt:
        logger.info(f"Checkpointing active. Checkpoints will be loaded from and saved to {ckpt_dir}")
        if a.load_step >= 0 or os.path.isdir(ckpt_dir):
            step_dirs = sorted((int(d.split("-")[1]) for d in os.listdir(ckpt_dir) if d.startswith("step-")),
                               reverse=True) if os.path.isdir(ckpt_dir) else []
            step = a.load_step if a.load_step >= 0 else (step_dirs[0] if step_dirs else -1)
            if step >= 0:
                logger.info(f"Loading the checkpoint at step {step}.")
                t = time.time()
                path = os.path.join(ckpt_dir, f"step-{step}")
                sd = torch.load(os.path.join(path, "model.pt"), map_location="cpu", weights_only=True)
                model.load_state_dict(sd)
                opt.load_state_dict(torch.load(os.path.join(path, "optim.pt"), map_location="cpu",
                                               weights_only=True))
                step0 = step
                logger.info(f"Finished loading the checkpoint in {time.time() - t:.2f} seconds.")
    dist.barrier()
    # after init, switch to the (shorter) training timeout like torchtitan does
    pg_timeout = datetime.timedelta(seconds=a.train_timeout)
    for p in model.parameters():
        dist.broadcast(p.data, 0)
    gbs = a.bs * world
    logger.info(f"Training starts at step {step0 + 1}, with local batch size {a.bs}, global batch size {gbs}, "
                f"sequence length {a.seq_len}, total steps {a.steps} (warmup {a.warmup})")
    trace_root = os.path.join(a.dump_folder, a.traces)
    if a.profiling:
        logger.info(f"Profiling active. Traces will be saved at {trace_root}")
    g = torch.Generator().manual_seed(1000 + rank)
    t_log = time.time()
    ntok = 0
    step_times = []
    for step in range(step0 + 1, a.steps + 1):
        ts = time.time()
        lr = a.lr * min(1.0, step / max(1, a.warmup))
        for pg in opt.param_groups:
            pg["lr"] = lr
        tokens = torch.randint(0, a.vocab_size, (a.bs, a.seq_len + 1), generator=g)
        inp, lab = tokens[:, :-1], tokens[:, 1:]
        out = model(inp)
        loss = F.cross_entropy(out.reshape(-1, a.vocab_size), lab.reshape(-1))
        opt.zero_grad()
        loss.backward()
        for p in model.parameters():
            w = dist.all_reduce(p.grad, async_op=True)
            w.wait(pg_timeout)
            p.grad /= world
        gn = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        ntok += a.bs * a.seq_len
        step_times.append(time.time() - ts)
        if step % a.log_freq == 0 or step == step0 + 1:
            lt = loss.detach().clone()
            dist.all_reduce(lt)
            el = time.time() - t_log
            tps = ntok / el if el > 0 else 0
            mem = torch.tensor(0.0)
            try:
                import resource
                mem = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
            except Exception:
                pass
            logger.info(f"{Color.red}step: {step:2}  {Color.green}loss: {lt.item() / world:7.4f}  "
                        f"{Color.yellow}memory: {float(mem):5.2f}GiB(0.00%)  "
                        f"{Color.blue}tps: {round(tps):,}  "
                        f"{Color.cyan}tflops: {6 * n * tps / 1e12:,.2f}  "
                        f"{Color.magenta}mfu: 0.00%{Color.reset}")
            t_log, ntok = time.time(), 0
        if a.profiling and step % a.profile_freq == 0:
            d = os.path.join(trace_root, f"iteration_{step}")
            logger.info(f"Dumping profiler traces at step {step}")
            t = time.time()
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, f"rank{rank}_trace.json"), "w") as f:
                json.dump({"traceEvents": [{"name": "train_step", "ph": "X", "ts": int(i * 1e6),
                                            "dur": int(v * 1e6), "pid": rank, "tid": 0}
                                           for i, v in enumerate(step_times)]}, f)
            step_times = []
            logger.info(f"Finished dumping profiler traces in {time.time() - t:.2f} seconds")
        if a.ckpt and a.ckpt_interval and step % a.ckpt_interval == 0 and rank == 0:
            path = os.path.join(ckpt_dir, f"step-{step}")
            os.makedirs(path, exist_ok=True)
            t = time.time()
            torch.save(model.state_dict(), os.path.join(path, "model.pt"))
            torch.save(opt.state_dict(), os.path.join(path, "optim.pt"))
            logger.info(f"Finished saving the checkpoint (or staging if async is enabled)"
                        f"in {time.time() - t:.2f} seconds.")
    logger.info("Sleeping 2 seconds for other ranks to complete")
    time.sleep(2)
    dist.barrier()
    logger.info("Training completed")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
