# train.py -- simple DDP classifier training, prints only
import argparse
import datetime
import os
import socket
import sys
import time

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, Dataset
from torch.utils.data.distributed import DistributedSampler

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=2)
parser.add_argument("--steps-per-epoch", type=int, default=20)
parser.add_argument("--batch-size", type=int, default=16)
parser.add_argument("--eval-samples", type=int, default=1200)
parser.add_argument("--eval-batch-size", type=int, default=2)
parser.add_argument("--num-workers", type=int, default=2)
parser.add_argument("--lr", type=float, default=0.05)
parser.add_argument("--clip", type=float, default=1.0)
parser.add_argument("--clip-impl", default="torch", choices=["torch", "legacy"])
parser.add_argument("--timeout", type=int, default=120)
args = parser.parse_args()

if args.clip_impl == "legacy":
    # copied from our old codebase; handles sparse grads and fp16 master params
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from legacy.grad_utils import clip_grad_norm_
else:
    clip_grad_norm_ = torch.nn.utils.clip_grad_norm_


class Synthetic(Dataset):
    def __init__(self, n, seed):
        self.n, self.seed = n, seed

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(self.seed * 100003 + i)
        x = torch.randn(32, generator=g)
        y = int(x[:4].sum() > 0) + 2 * int(x[4:8].sum() > 0)
        return {"x": x, "y": torch.tensor(y), "idx": torch.tensor(i)}


def main():
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=args.timeout))
    rank = dist.get_rank()
    world = dist.get_world_size()
    host = socket.gethostname()
    print(f"[{host}] rank {rank}/{world} started, pid {os.getpid()}", flush=True)
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 4))
    model = DDP(model)
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)

    train_ds = Synthetic(args.steps_per_epoch * args.batch_size * world, seed=1)
    eval_ds = Synthetic(args.eval_samples * world, seed=2)
    train_sampler = DistributedSampler(train_ds, shuffle=True)
    train_dl = DataLoader(train_ds, batch_size=args.batch_size, sampler=train_sampler,
                          num_workers=args.num_workers)
    eval_dl = DataLoader(eval_ds, batch_size=args.eval_batch_size,
                         sampler=DistributedSampler(eval_ds, shuffle=False),
                         num_workers=args.num_workers)
    for epoch in range(args.epochs):
        train_sampler.set_epoch(epoch)
        model.train()
        t0 = time.time()
        for step, batch in enumerate(train_dl):
            out = model(batch["x"])
            loss = F.cross_entropy(out, batch["y"])
            opt.zero_grad()
            loss.backward()
            clip_grad_norm_(model.parameters(), args.clip)
            opt.step()
            if rank == 0 and step % 5 == 0:
                print(f"epoch {epoch} step {step}/{len(train_dl)} loss {loss.item():.4f} "
                      f"({(time.time() - t0) / (step + 1):.3f}s/step)", flush=True)
        # ---- evaluation: keep every prediction so we can compute per-class metrics
        model.eval()
        preds, targets, ids = [], [], []
        with torch.no_grad():
            for batch in eval_dl:
                preds.append(model(batch["x"]).argmax(-1))
                targets.append(batch["y"])
                ids.append(batch["idx"])
        preds, targets = torch.cat(preds), torch.cat(targets)
        correct = torch.tensor([(preds == targets).sum().item(), len(targets)], dtype=torch.float64)
        dist.all_reduce(correct)
        if rank == 0:
            print(f"epoch {epoch} eval accuracy {correct[0] / correct[1]:.4f} "
                  f"({int(correct[1])} samples)", flush=True)
    if rank == 0:
        torch.save(model.module.state_dict(), "/srv/shared/model_final.pt")
        print("done, saved /srv/shared/model_final.pt", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
