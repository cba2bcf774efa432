"""Synthetic datasets for the capture scripts (deterministic)."""
import base64
import csv
import io
import json
import os
import random
from pathlib import Path

import numpy as np

PLANS = ["basic", "plus", "family", "unlimited", "prepaid"]


def churn(root: Path, n_train=1600, n_val=320, bad_row: int | None = None, bad_label="enterprise_2026"):
    root.mkdir(parents=True, exist_ok=True)
    (root / "labels.json").write_text(json.dumps({"plan": {p: i for i, p in enumerate(PLANS)}}, indent=1))
    rng = random.Random(7)
    for name, n in (("train.csv", n_train), ("val.csv", n_val)):
        with open(root / name, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["customer_id", "tenure", "monthly", "total", "calls", "dropped", "support", "plan", "churn"])
            for i in range(n):
                tenure = rng.randint(1, 72)
                monthly = round(rng.uniform(15, 120), 2)
                plan = rng.choice(PLANS)
                if name == "train.csv" and bad_row is not None and i == bad_row:
                    plan = bad_label
                dropped = rng.randint(0, 4)
                support = rng.randint(0, 3)
                p = 1 / (1 + np.exp(-(-1.5 + 0.6 * dropped + 0.5 * support - 0.03 * tenure + 0.01 * monthly)))
                w.writerow([f"C{100000 + i}", tenure, monthly, round(tenure * monthly, 2), rng.randint(0, 12),
                            dropped, support, plan, int(rng.random() < p)])


def sensors(root: Path, n_shards=8, rows=320, nan_at: tuple | None = None):
    """nan_at = (shard, row): put a NaN into that row's features."""
    root.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(3)
    w = rng.normal(size=16).astype(np.float32)
    for s in range(n_shards):
        x = rng.normal(size=(rows, 16)).astype(np.float32)
        y = (x @ w + 0.1 * rng.normal(size=rows)).astype(np.float32)
        if nan_at and nan_at[0] == s:
            x[nan_at[1], 5] = np.nan
        np.savez(root / f"shard-{s:05d}.npz", x=x, y=y)


def tokens(path: Path, n=400_000, vocab=2048):
    path.parent.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(11)
    # a little structure so the loss goes down: a Markov chain over the vocabulary
    nxt = rng.integers(0, vocab, size=(vocab, 4))
    out = np.empty(n, dtype=np.uint16)
    t = 1
    for i in range(n):
        t = nxt[t, rng.integers(0, 4)] if rng.random() < 0.9 else rng.integers(0, vocab)
        out[i] = t
    out.tofile(path)


def docs(path: Path, n_docs=600, vocab=512, seed=5, min_len=20, max_len=90, short_frac=0.0):
    path.parent.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    ds = np.empty(n_docs, dtype=object)
    for i in range(n_docs):
        n = int(rng.integers(min_len, max_len)) if rng.random() >= short_frac else int(rng.integers(3, 7))
        ds[i] = rng.integers(1, vocab, size=n).astype(np.int64)
    np.savez(path, docs=ds)


WORDS = ("good bad great awful fine slow fast cheap pricey broken love hate okay works fails "
         "battery screen sound delivery late early box refund return support friendly rude").split()


def reviews(root: Path, n_files=8, per_file=400, bad: tuple | None = None, huge_file: int | None = None,
            huge_len=1_500_000, huge_count=0, huge_start=0):
    """bad = (file, line, value) to write a bad 'stars' value; huge_file gets `huge_count`
    records with a very long text field."""
    root.mkdir(parents=True, exist_ok=True)
    rng = random.Random(9)
    for fidx in range(n_files):
        with open(root / f"train-{fidx:05d}-of-{n_files:05d}.jsonl", "w") as f:
            for i in range(per_file):
                stars = rng.randint(1, 5)
                n = rng.randint(5, 40)
                text = " ".join(rng.choice(WORDS) for _ in range(n))
                rec = {"id": f"r{fidx:02d}{i:05d}", "stars": stars, "text": text}
                if bad and bad[0] == fidx and bad[1] == i + 1:
                    rec["stars"] = bad[2]
                if huge_file == fidx and huge_start <= i < huge_start + huge_count:
                    blob = base64.b64encode(rng.randbytes(huge_len * 3 // 4)).decode()
                    rec["attachments"] = [{"kind": "audio/ogg", "bytes": len(blob) * 3 // 4, "data_b64": blob}]
                f.write(json.dumps(rec) + "\n")


def mfcc(root: Path, n_shards=8, rows=256, uneven: dict | None = None):
    """uneven = {shard: rows} to override the row count of some shards."""
    root.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(21)
    for s in range(n_shards):
        r = (uneven or {}).get(s, rows)
        y = rng.integers(0, 12, size=r)
        x = (rng.normal(size=(r, 1, 20, 32)) + y[:, None, None, None] * 0.05).astype(np.float32)
        np.savez(root / f"mfcc-{s:03d}.npz", x=x, y=y)


def specaug_pkg(root: Path):
    pkg = root / "specaug_cpu"
    pkg.mkdir(parents=True, exist_ok=True)
    (pkg / "__init__.py").write_text(
        '"""Tiny CPU SpecAugment (time/frequency masking)."""\n'
        "import torch\n\n"
        "__version__ = '0.3.1'\n\n\n"
        "class SpecAugment:\n"
        "    def __init__(self, policy='LB', F=4, T=6):\n"
        "        self.policy, self.F, self.T = policy, F, T\n\n"
        "    def __repr__(self):\n"
        "        return f'SpecAugment(policy={self.policy!r}, F={self.F}, T={self.T}, version={__version__})'\n\n"
        "    def __call__(self, x):\n"
        "        x = x.clone()\n"
        "        f0 = torch.randint(0, x.shape[-2] - self.F, (1,)).item()\n"
        "        t0 = torch.randint(0, x.shape[-1] - self.T, (1,)).item()\n"
        "        x[..., f0:f0 + self.F, :] = 0\n"
        "        x[..., :, t0:t0 + self.T] = 0\n"
        "        return x\n")
