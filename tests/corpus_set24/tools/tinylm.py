"""Tiny model + synthetic data shared by the capture training scripts."""
import os
import datetime
import torch
import torch.nn as nn
import torch.distributed as dist


class TinyLM(nn.Module):
    def __init__(self, vocab=256, hidden=64, layers=2, seq=32):
        super().__init__()
        self.emb = nn.Embedding(vocab, hidden)
        self.pos = nn.Embedding(seq, hidden)
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(hidden), nn.Linear(hidden, 4 * hidden), nn.GELU(),
                          nn.Linear(4 * hidden, hidden)) for _ in range(layers))
        self.head = nn.Linear(hidden, vocab)

    def forward(self, x):
        h = self.emb(x) + self.pos(torch.arange(x.shape[1]))
        for b in self.blocks:
            h = h + b(h)
        return self.head(h)


def init(timeout_s=None):
    t = int(timeout_s or os.environ.get("TRAIN_PG_TIMEOUT", "30"))
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=t))
    return dist.get_rank(), dist.get_world_size(), int(os.environ.get("LOCAL_RANK", 0))


def batch(step, rank, bs=8, seq=32, vocab=256, seed=1234):
    g = torch.Generator().manual_seed(seed + step * 1000 + rank)
    x = torch.randint(0, vocab, (bs, seq), generator=g)
    return x, torch.roll(x, -1, 1)


def allreduce_grads(model, world):
    for p in model.parameters():
        if p.grad is not None:
            dist.all_reduce(p.grad)
            p.grad /= world
