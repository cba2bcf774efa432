"""imgcls: tiny conv net on a packed uint8 image blob, torch.utils.data with
worker processes and DistributedSampler."""
import argparse
import json
import os
import time
from datetime import timedelta

import numpy as np
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset
from torch.utils.data.distributed import DistributedSampler


class PackedImages(Dataset):
    def __init__(self, root, split="train", cache_decoded=False, upsample=0):
        self.root = root
        with open(os.path.join(root, split, "index.json")) as f:
            self.index = json.load(f)
        self.blob_path = os.path.join(root, split, "images.bin")
        self._blob = None
        self.cache_decoded = cache_decoded
        self.upsample = upsample
        self._cache = {}

    def __len__(self):
        return len(self.index)

    def _read(self, rec):
        if self._blob is None:
            self._blob = np.memmap(self.blob_path, dtype=np.uint8, mode="r")
        raw = self._blob[rec["offset"]:rec["offset"] + rec["nbytes"]]
        return np.asarray(raw).reshape(rec["shape"])

    def decode(self, i):
        rec = self.index[i]
        img = torch.from_numpy(self._read(rec).astype(np.float32) / 255.0)
        if self.upsample:
            img = F.interpolate(img[None], size=(self.upsample, self.upsample), mode="bilinear",
                                align_corners=False)[0]
        return img, rec["label"]

    def __getitem__(self, i):
        if self.cache_decoded and i in self._cache:
            return self._cache[i]
        item = self.decode(i)
        if self.cache_decoded:
            self._cache[i] = item
        return item


class SmallCNN(nn.Module):
    def __init__(self, n_cls=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.head = nn.Linear(32, n_cls)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--data-root", required=True)
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--cache-decoded", action="store_true")
    p.add_argument("--upsample", type=int, default=0)
    p.add_argument("--print-freq", type=int, default=4)
    args = p.parse_args()

    dist.init_process_group("gloo", timeout=timedelta(seconds=30))
    rank, world = dist.get_rank(), dist.get_world_size()
    if rank == 0:
        print(f"=> args: {vars(args)}", flush=True)
    ds = PackedImages(args.data_root, "train", cache_decoded=args.cache_decoded, upsample=args.upsample)
    sampler = DistributedSampler(ds, num_replicas=world, rank=rank, shuffle=True, seed=7)
    loader = DataLoader(ds, batch_size=args.batch_size, sampler=sampler, num_workers=args.workers,
                        persistent_workers=True, drop_last=True)
    model = nn.parallel.DistributedDataParallel(SmallCNN())
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    if rank == 0:
        print(f"=> {len(ds)} training images, {len(loader)} iters/epoch/rank, {args.workers} loader workers",
              flush=True)
    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        end = time.time()
        for i, (img, target) in enumerate(loader):
            data_time = time.time() - end
            out = model(img)
            loss = F.cross_entropy(out, target)
            opt.zero_grad()
            loss.backward()
            opt.step()
            acc = (out.argmax(1) == target).float().mean().item() * 100
            if rank == 0 and i % args.print_freq == 0:
                print(f"Epoch: [{epoch}][{i:>3}/{len(loader)}]\tTime {time.time() - end:.3f}\t"
                      f"Data {data_time:.3f}\tLoss {loss.item():.4e}\tAcc@1 {acc:6.2f}", flush=True)
            end = time.time()
    dist.barrier()
    if rank == 0:
        print("=> done", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
