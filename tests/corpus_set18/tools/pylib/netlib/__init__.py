import torch.nn as nn

__version__ = "0.9.2"


class TabNet(nn.Module):
    def __init__(self, d_in, hidden=64):
        super().__init__()
        self.inp = nn.Linear(d_in, hidden)
        self.norm = nn.LayerNorm(hidden)
        self.mid = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)
        self.act = nn.GELU()

    def forward(self, x):
        h = self.act(self.norm(self.inp(x)))
        h = self.act(self.mid(h)) + h
        return self.out(h)


def build_model(d_in):
    return TabNet(d_in)
