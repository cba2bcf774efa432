"""Tiny causal LM + synthetic token data shared by the training scripts of corpus_set30."""
import json
import os
import socket
from datetime import timedelta

import torch
import torch.distributed as dist
import torch.nn as nn


class TinyLM(nn.Module):
    def __init__(self, vocab=512, dim=128, layers=2, seq=64):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(seq, dim)
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
            for _ in range(layers))
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, vocab, bias=False)

    def forward(self, idx):
        pos = torch.arange(idx.shape[1], device=idx.device)
        x = self.tok(idx) + self.pos(pos)
        for b in self.blocks:
            x = x + b(x)
        return self.head(self.norm(x))


def n_params(m):
    return sum(p.numel() for p in m.parameters())


def synthetic_batch(step, rank, bs=8, seq=64, vocab=512, seed=1234):
    g = torch.Generator().manual_seed(seed + 7919 * step + 104729 * rank)
    x = torch.randint(0, vocab, (bs, seq + 1), generator=g)
    return x[:, :-1], x[:, 1:]


def env_ranks():
    return (int(os.environ["RANK"]), int(os.environ["LOCAL_RANK"]), int(os.environ["WORLD_SIZE"]))


def init(timeout_s):
    dist.init_process_group("gloo", timeout=timedelta(seconds=timeout_s))
    return env_ranks()


def load_cfg(path):
    with open(path) as f:
        if path.endswith(".json"):
            return json.load(f)
        if path.endswith(".toml"):
            import tomllib
            return tomllib.loads(f.read())
        import yaml
        return yaml.safe_load(f)


def host():
    return socket.gethostname()
