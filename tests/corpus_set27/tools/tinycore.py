"""Small shared pieces of the corpus_set27 training scripts (model, data, process group)."""
import datetime
import os
import socket

import torch
import torch.distributed as dist
import torch.nn as nn


def env_int(k, d):
    return int(os.environ.get(k, d))


def init(backend="gloo"):
    t = float(os.environ.get("TRAIN_PG_TIMEOUT", "60"))
    dist.init_process_group(backend, timeout=datetime.timedelta(seconds=t))
    return dist.get_rank(), dist.get_world_size(), int(os.environ.get("LOCAL_RANK", "0"))


class TinyLM(nn.Module):
    def __init__(self, vocab=512, hidden=64, layers=2, seq=32):
        super().__init__()
        self.seq = seq
        self.emb = nn.Embedding(vocab, hidden)
        self.pos = nn.Embedding(seq, hidden)
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(hidden), nn.Linear(hidden, 4 * hidden), nn.GELU(), nn.Linear(4 * hidden, hidden))
            for _ in range(layers))
        self.head = nn.Linear(hidden, vocab)

    def forward(self, x):
        h = self.emb(x) + self.pos(torch.arange(x.shape[1]))
        for b in self.blocks:
            h = h + b(h)
        return self.head(h)


def batch(gen, bs, seq, vocab):
    x = torch.randint(0, vocab, (bs, seq + 1), generator=gen)
    return x[:, :-1], x[:, 1:]


def allreduce_grads(model, world):
    for p in model.parameters():
        if p.grad is not None:
            dist.all_reduce(p.grad)
            p.grad /= world


def hostname():
    return socket.gethostname()
