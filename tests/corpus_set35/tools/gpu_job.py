"""A small training job on the GPU that fails one way per --mode (run under torchrun).

Modes: clean (trains and exits 0), oom (the configured batch does not fit the card on any
rank), assert (rank 1's data holds token ids beyond the vocabulary: a device-side assert),
nan (a learning rate that drives the loss to NaN; the job's own check stops it), dupgpu (two
NCCL ranks on one GPU), illegal (rank 0 runs a custom kernel that writes out of bounds).
"""

from __future__ import annotations

import argparse
import logging
import os
import time

import torch
import torch.distributed as dist
import torch.nn.functional as F

VOCAB = 32000
log = logging.getLogger("train")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--mode", required=True)
    p.add_argument("--steps", type=int, default=40)
    a = p.parse_args()
    rank, local = int(os.environ["RANK"]), int(os.environ["LOCAL_RANK"])
    logging.basicConfig(
        level=logging.INFO,
        format=f"%(asctime)s [rank{rank}] %(levelname)s %(name)s: %(message)s",
    )
    dev = torch.device("cuda", local % torch.cuda.device_count())
    torch.cuda.set_device(dev)
    backend = "nccl" if a.mode in ("clean", "dupgpu") else "gloo"
    dist.init_process_group(backend)
    log.info(
        "world %d backend %s device %s (%s)",
        dist.get_world_size(),
        backend,
        dev,
        torch.cuda.get_device_name(dev),
    )
    torch.manual_seed(1234 + rank)
    dim, seq = 1024, 512
    batch = 16 if a.mode != "oom" else 4096
    emb = torch.nn.Embedding(VOCAB, dim).to(dev)
    body = torch.nn.Sequential(
        torch.nn.Linear(dim, 4 * dim), torch.nn.GELU(), torch.nn.Linear(4 * dim, dim)
    ).to(dev)
    head = torch.nn.Linear(dim, VOCAB).to(dev)
    params = [*emb.parameters(), *body.parameters(), *head.parameters()]
    lr = 3e-4 if a.mode != "nan" else 1e6
    opt = torch.optim.SGD(params, lr=lr) if a.mode == "nan" else torch.optim.AdamW(params, lr=lr)
    log.info(
        "model %.1fM parameters, batch %d x %d tokens, lr %g",
        sum(p.numel() for p in params) / 1e6,
        batch,
        seq,
        lr,
    )
    for step in range(1, a.steps + 1):
        t0 = time.perf_counter()
        hi = VOCAB
        if a.mode == "assert" and rank == 1 and step == 6:
            hi = VOCAB + 517  # a shard tokenized with a larger vocabulary
        x = torch.randint(0, hi, (batch, seq), device=dev)
        if a.mode == "illegal" and rank == 0 and step == 4:
            bad_kernel(x)
        h = body(emb(x))
        loss = F.cross_entropy(head(h).view(-1, VOCAB), x.clamp(max=VOCAB - 1).view(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        for p_ in params:
            dist.all_reduce(p_.grad)
        opt.step()
        v = torch.tensor([loss.item()], device=dev if backend == "nccl" else "cpu")
        dist.all_reduce(v)
        mean = v.item() / dist.get_world_size()
        if a.mode == "nan" and not torch.isfinite(torch.tensor(mean)):
            raise FloatingPointError(f"loss is {mean} at step {step}; stopping")
        dt = (time.perf_counter() - t0) * 1e3
        if step % 5 == 0 or step == 1:
            log.info("step %d/%d loss %.4f time/iter %.1f ms", step, a.steps, mean, dt)
    log.info("training complete: %d steps", a.steps)
    dist.destroy_process_group()


def bad_kernel(x: torch.Tensor) -> None:
    import cupy as cp

    k = cp.RawKernel(
        r'extern "C" __global__ void scatter(long long* p) { p[threadIdx.x * 977ull << 28] = 1; }',
        "scatter",
    )
    with cp.cuda.ExternalStream(torch.cuda.current_stream().cuda_stream):
        k((1,), (64,), (x.data_ptr(),))
    torch.cuda.synchronize()


if __name__ == "__main__":
    main()
