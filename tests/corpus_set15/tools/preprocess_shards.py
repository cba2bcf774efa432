#!/usr/bin/env python
"""Offline preprocessing: normalise + hash-tokenise raw text and write compressed shards.

Left running on a node it keeps one CPU busy per process (used in m20 as the leftover
process on the slow node).
"""
import argparse
import hashlib
import os
import random
import zlib

ap = argparse.ArgumentParser()
ap.add_argument("--in", dest="inp", default="/srv/local/raw")
ap.add_argument("--out", default="/srv/local/shards")
ap.add_argument("--part", type=int, default=0)
args = ap.parse_args()
os.makedirs(args.out, exist_ok=True)
rng = random.Random(args.part)
words = [("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 9)))) for _ in range(5000)]
n = 0
while True:
    text = " ".join(rng.choice(words) for _ in range(20000))
    ids = [int(hashlib.sha1(w.encode()).hexdigest()[:8], 16) % 50257 for w in text.split()]
    blob = zlib.compress(repr(ids).encode(), 9)
    n += 1
    if n % 50 == 0:
        with open(os.path.join(args.out, f"part{args.part}-{n:06d}.z"), "wb") as f:
            f.write(blob)
