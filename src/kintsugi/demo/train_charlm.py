"""A small real training job: a character-level transformer trained with DDP over gloo.

Deterministic by construction, so a run with injected failures ends bitwise equal to a
fault-free one: parameters are initialised from ``--seed``, the batch of iteration ``i`` on rank
``r`` depends only on ``(seed, i, r)``, there is no dropout, and a checkpoint holds the model,
the optimizer and the iteration. Run it under ``kintsugi run`` (or plain ``torchrun``).
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import time
from pathlib import Path

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch._utils import _flatten_dense_tensors, _unflatten_dense_tensors

import kintsugi

TEXT = Path(__file__).with_name("corpus.txt")


class CharTransformer(nn.Module):
    def __init__(self, vocab: int, d_model: int, n_layers: int, n_heads: int, seq: int) -> None:
        super().__init__()
        self.tok = nn.Embedding(vocab, d_model)
        self.pos = nn.Embedding(seq, d_model)
        layer = nn.TransformerEncoderLayer(
            d_model, n_heads, 4 * d_model, dropout=0.0, batch_first=True, norm_first=True
        )
        self.blocks = nn.TransformerEncoder(layer, n_layers, enable_nested_tensor=False)
        self.head = nn.Linear(d_model, vocab)
        self.mask: torch.Tensor
        self.register_buffer("mask", nn.Transformer.generate_square_subsequent_mask(seq))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pos = torch.arange(x.shape[1], device=x.device)
        h: torch.Tensor = self.tok(x) + self.pos(pos)
        h = self.blocks(h, mask=self.mask[: x.shape[1], : x.shape[1]], is_causal=True)
        out: torch.Tensor = self.head(h)
        return out


def batch(
    data: torch.Tensor, seed: int, it: int, rank: int, bsz: int, seq: int
) -> tuple[torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(seed * 1_000_003 + it * 1_009 + rank)
    starts = torch.randint(0, len(data) - seq - 1, (bsz,), generator=g)
    x = torch.stack([data[s : s + seq] for s in starts])
    y = torch.stack([data[s + 1 : s + seq + 1] for s in starts])
    return x, y


def allreduce_grads(model: nn.Module, world: int) -> None:
    """Averages gradients across ranks in one flat all-reduce, in a fixed parameter order.

    DDP would do this too, but it regroups gradients into buckets after its first iteration,
    and a different grouping sums in a different order: a resumed run would differ from an
    uninterrupted one in the last bits. One flat buffer in a fixed order is bitwise repeatable.
    """
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    flat = _flatten_dense_tensors(grads)  # type: ignore[no-untyped-call]
    dist.all_reduce(flat)
    flat /= world
    reduced_all = _unflatten_dense_tensors(flat, grads)  # type: ignore[no-untyped-call]
    for g, reduced in zip(grads, reduced_all, strict=True):
        g.copy_(reduced)


def params_digest(model: nn.Module) -> str:
    h = hashlib.sha256()
    for name, p in sorted(model.state_dict().items()):
        h.update(name.encode())
        h.update(p.detach().contiguous().numpy().tobytes())
    return h.hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--steps", type=int, default=150)
    ap.add_argument("--ckpt-every", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--d-model", type=int, default=64)
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--seq", type=int, default=64)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--text", type=Path, default=TEXT)
    ap.add_argument("--out", type=Path, default=None, help="write final parameters here (rank 0)")
    ap.add_argument("--log-every", type=int, default=25)
    ap.add_argument("--step-sleep", type=float, default=0.0, help="seconds added to each step")
    args = ap.parse_args()

    torch.set_num_threads(1)
    info = kintsugi.init()
    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()

    text = args.text.read_text(encoding="utf-8")
    chars = sorted(set(text))
    data = torch.tensor([chars.index(c) for c in text], dtype=torch.long)
    torch.manual_seed(args.seed)
    model = CharTransformer(len(chars), args.d_model, args.layers, 4, args.seq)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    start = 0
    restored = kintsugi.load_checkpoint()
    if restored is not None:
        step, state = restored
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        start = step + 1
        if rank == 0:
            print(
                f"[train] attempt {info.attempt}: resumed from checkpoint of step {step}",
                flush=True,
            )
    if restored is None:
        # Every rank starts from rank 0's parameters (they are equal by seed; this makes sure).
        for p in model.parameters():
            dist.broadcast(p.data, 0)
    t0 = time.monotonic()
    for it in range(start, args.steps):
        x, y = batch(data, args.seed, it, rank, args.batch, args.seq)
        logits = model(x)
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()  # type: ignore[no-untyped-call]
        allreduce_grads(model, world)
        opt.step()
        if args.step_sleep:
            time.sleep(args.step_sleep)
        kintsugi.step(it, loss=loss.item())
        if rank == 0 and (it % args.log_every == 0 or it == args.steps - 1):
            print(
                f"[train] step {it:4d} loss {loss.item():.3f} ({math.exp(loss.item()):.1f} ppl)",
                flush=True,
            )
        if args.ckpt_every and (it + 1) % args.ckpt_every == 0 and it + 1 < args.steps:
            kintsugi.save_checkpoint({"model": model.state_dict(), "opt": opt.state_dict()}, it)
    # What follows the last step is no step: a section keeps it from looking like a hang.
    with kintsugi.section("finalize"):
        digest = params_digest(model)
        if rank == 0:
            print(
                f"[train] done: {args.steps} steps in {time.monotonic() - t0:.1f} s; "
                f"params sha256 {digest[:16]}",
                flush=True,
            )
            if args.out is not None:
                args.out.parent.mkdir(parents=True, exist_ok=True)
                tmp = args.out.with_suffix(".tmp")
                torch.save(model.state_dict(), tmp)
                os.replace(tmp, args.out)
                args.out.with_suffix(".sha256").write_text(digest + "\n")
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
