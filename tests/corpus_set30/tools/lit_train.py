"""Training script with PyTorch-Lightning-like console output (corpus_set30).

Tasks: "lm" (TinyLM on synthetic tokens) or "cls" (small CNN on synthetic 3x96x96 images
loaded by DataLoader worker processes)."""
import argparse
import math
import os
import sys
import time

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tinylm  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--config", required=True)
ap.add_argument("--ckpt_path", default=None)
args = ap.parse_args()
cfg = tinylm.load_cfg(args.config)
tcfg, dcfg, ocfg = cfg["trainer"], cfg["data"], cfg["optimizer"]

rank, local_rank, world = tinylm.init(tcfg.get("timeout_s", 60))
if rank == 0:
    print("GPU available: False, used: False")
    print("TPU available: False, using: 0 TPU cores")
    print("HPU available: False, using: 0 HPUs")
print(f"Initializing distributed: GLOBAL_RANK: {rank}, MEMBER: {rank + 1}/{world}", flush=True)
if rank == 0:
    print("-" * 100)
    print("distributed_backend=gloo")
    print(f"All distributed processes registered. Starting with {world} processes")
    print("-" * 100 + "\n", flush=True)


class ImageSet(torch.utils.data.Dataset):
    def __init__(self, n, size, seed):
        self.n, self.size, self.seed = n, size, seed

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(self.seed + i)
        img = torch.rand(3, self.size, self.size, generator=g)
        return img, int(img[0, 0, 0] * 10)


class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 16, 5, stride=4)
        self.c2 = nn.Conv2d(16, 32, 3, stride=2)
        self.fc = nn.Linear(32, 10)

    def forward(self, x):
        x = F.relu(self.c2(F.relu(self.c1(x))))
        return self.fc(x.mean((2, 3)))


torch.manual_seed(cfg.get("seed_everything", 0))
if dcfg["task"] == "cls":
    model = SmallCNN()
    ds = ImageSet(dcfg["num_samples"], dcfg["image_size"], 1000 * rank)
    dl = torch.utils.data.DataLoader(ds, batch_size=dcfg["batch_size"], num_workers=dcfg["num_workers"],
                                     persistent_workers=False)
    steps_per_epoch = len(dl)
else:
    model = tinylm.TinyLM(vocab=512, dim=cfg["model"]["dim"], layers=cfg["model"]["layers"], seq=64)
    steps_per_epoch = dcfg["steps_per_epoch"]
    dl = None

n = tinylm.n_params(model)
if rank == 0:
    print("  | Name  | Type     | Params | Mode ")
    print("-------------------------------------------")
    print(f"0 | model | {type(model).__name__:8s} | {n / 1000:.1f} K | train")
    print("-------------------------------------------")
    print(f"{n / 1000:.1f} K     Trainable params\n0         Non-trainable params\n{n / 1000:.1f} K     Total params")
    print(f"{n * 4 / 1e6:.3f}     Total estimated model params size (MB)", flush=True)
ddp = DDP(model)
opt = torch.optim.SGD(ddp.parameters(), lr=ocfg["lr"], momentum=ocfg.get("momentum", 0.0))
warm = ocfg.get("warmup_steps", 0)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / warm) if warm else 1.0)
gstep, epoch0 = 0, 0
if args.ckpt_path and os.path.exists(args.ckpt_path):
    st = torch.load(args.ckpt_path, weights_only=False)
    model.load_state_dict(st["state_dict"])
    opt.load_state_dict(st["optimizer_states"][0])
    sched.load_state_dict(st["lr_schedulers"][0])
    gstep, epoch0 = st["global_step"], st["epoch"]
    if rank == 0:
        print(f"Restoring states from the checkpoint path at {args.ckpt_path}")
        print(f"Restored all states from the checkpoint at {args.ckpt_path}", flush=True)

ckdir = tcfg["default_root_dir"] + "/checkpoints"
for epoch in range(epoch0, tcfg["max_epochs"]):
    t0 = time.time()
    it = iter(dl) if dl is not None else None
    for b in range(steps_per_epoch):
        if it is not None:
            x, y = next(it)
            loss = F.cross_entropy(ddp(x), y)
        else:
            x, y = tinylm.synthetic_batch(gstep, rank)
            logits = ddp(x)
            loss = F.cross_entropy(logits.reshape(-1, 512), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        gstep += 1
        time.sleep(tcfg.get("sleep", 0.05))
        lv = loss.detach().clone()
        dist.all_reduce(lv)
        lv = lv.item() / world
        if tcfg.get("detect_nonfinite_loss", False) and not math.isfinite(lv):
            raise ValueError(f"The loss returned in `training_step` is {lv}. global_step={gstep}, "
                             f"epoch={epoch}, batch_idx={b}")
        if rank == 0 and (b + 1) % tcfg["log_every_n_steps"] == 0:
            el = time.time() - t0
            pct = int(100 * (b + 1) / steps_per_epoch)
            bar = "█" * (pct // 10) + " " * (10 - pct // 10)
            print(f"Epoch {epoch}: {pct:3d}%|{bar}| {b + 1}/{steps_per_epoch} [{int(el) // 60:02d}:{int(el) % 60:02d}"
                  f"<00:00, {(b + 1) / el:5.2f}it/s, v_num=0, train_loss={lv:.3f}, "
                  f"lr={sched.get_last_lr()[0]:.3g}]", flush=True)
    if rank == 0:
        os.makedirs(ckdir, exist_ok=True)
        p = f"{ckdir}/last.ckpt"
        torch.save({"state_dict": model.state_dict(), "optimizer_states": [opt.state_dict()],
                    "lr_schedulers": [sched.state_dict()], "global_step": gstep, "epoch": epoch + 1}, p)
        print(f"Epoch {epoch}, global step {gstep}: 'train_loss' reached {lv:.5f}; saving model to '{p}'",
              flush=True)
    dist.barrier()
if rank == 0:
    print(f"`Trainer.fit` stopped: `max_epochs={tcfg['max_epochs']}` reached.", flush=True)
dist.destroy_process_group()
