"""The DDP tutorial's multinode.py (pytorch/examples, distributed/ddp-tutorial-series), on
gloo/CPU, deterministic, and with no kintsugi in it: what users already have.

    torchrun --nproc-per-node 2 ddp_uninstrumented.py EPOCHS SAVE_EVERY \
        [--batch-size 32] [--snapshot-path snapshot.pt] [--final params.pt]

Test knobs (all plain user code): ``--step-sleep S`` makes every step last S seconds more;
``--slow-rank R --slow-factor F [--slow-from-step N]`` makes rank R's steps F times longer
outside its collectives (from global step N); ``--nan-at-step N`` poisons the batch of global step N.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, Dataset
from torch.utils.data.distributed import DistributedSampler


class MyTrainDataset(Dataset[tuple[torch.Tensor, torch.Tensor]]):
    def __init__(self, size: int) -> None:
        g = torch.Generator().manual_seed(1234)
        self.data = [(torch.rand(20, generator=g), torch.rand(1, generator=g)) for _ in range(size)]

    def __len__(self) -> int:
        return len(self.data)

    def __getitem__(self, index: int) -> tuple[torch.Tensor, torch.Tensor]:
        return self.data[index]


class Trainer:
    def __init__(
        self, model: torch.nn.Module, data: DataLoader[Any], args: argparse.Namespace
    ) -> None:
        self.local_rank = int(os.environ["LOCAL_RANK"])
        self.global_rank = int(os.environ["RANK"])
        self.args = args
        self.train_data = data
        self.epochs_run = 0
        self.model = model
        if os.path.exists(args.snapshot_path):
            print(f"[rank {self.global_rank}] loading snapshot")
            self._load_snapshot(args.snapshot_path)
        self.model = DDP(self.model)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=1e-2)
        self.steps_per_epoch = len(data)

    def _load_snapshot(self, path: str) -> None:
        snapshot = torch.load(path, map_location="cpu", weights_only=True)
        self.model.load_state_dict(snapshot["MODEL_STATE"])
        self.epochs_run = snapshot["EPOCHS_RUN"]
        print(f"Resuming training from snapshot at epoch {self.epochs_run}")

    def _run_batch(self, step: int, source: torch.Tensor, targets: torch.Tensor) -> None:
        a = self.args
        t0 = time.perf_counter()
        if a.nan_at_step is not None and step == a.nan_at_step:
            source = source * float("nan")
        self.optimizer.zero_grad()
        output = self.model(source)
        loss = F.mse_loss(output, targets)
        loss.backward()
        self.optimizer.step()
        if a.step_sleep:
            time.sleep(a.step_sleep)
        slow = a.slow_rank == self.global_rank or (
            a.slow_node is not None and os.environ.get("KINTSUGI_NODE") == a.slow_node
        )
        if slow and a.slow_factor > 1 and step >= a.slow_from_step:
            # Slow outside the collectives: the others wait for this rank in the next one.
            time.sleep((time.perf_counter() - t0) * (a.slow_factor - 1))

    def _run_epoch(self, epoch: int) -> None:
        sampler = self.train_data.sampler
        assert isinstance(sampler, DistributedSampler)
        sampler.set_epoch(epoch)
        for i, (source, targets) in enumerate(self.train_data):
            self._run_batch(epoch * self.steps_per_epoch + i + 1, source, targets)

    def _save_snapshot(self, epoch: int) -> None:
        snapshot = {"MODEL_STATE": self.model.module.state_dict(), "EPOCHS_RUN": epoch}
        tmp = f"{self.args.snapshot_path}.tmp"
        torch.save(snapshot, tmp)
        os.replace(tmp, self.args.snapshot_path)
        print(f"Epoch {epoch} | Training snapshot saved at {self.args.snapshot_path}")

    def train(self, max_epochs: int) -> None:
        for epoch in range(self.epochs_run, max_epochs):
            self._run_epoch(epoch)
            if self.global_rank == 0 and (epoch + 1) % self.args.save_every == 0:
                self._save_snapshot(epoch + 1)
            dist.barrier()  # nobody runs ahead of a snapshot another rank may resume from


def main() -> None:
    p = argparse.ArgumentParser(description="simple distributed training job")
    p.add_argument("total_epochs", type=int)
    p.add_argument("save_every", type=int)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--dataset-size", type=int, default=512)
    p.add_argument("--snapshot-path", default="snapshot.pt")
    p.add_argument("--final", default=None, help="rank 0 saves the final parameters here")
    p.add_argument("--step-sleep", type=float, default=0.0)
    p.add_argument("--slow-rank", type=int, default=None)
    p.add_argument("--slow-node", default=None, help="slow every rank of this kintsugi node")
    p.add_argument("--slow-factor", type=float, default=1.0)
    p.add_argument("--slow-from-step", type=int, default=0)
    p.add_argument("--nan-at-step", type=int, default=None)
    args = p.parse_args()
    dist.init_process_group(backend="gloo")
    torch.manual_seed(0)
    dataset = MyTrainDataset(args.dataset_size)
    model = torch.nn.Linear(20, 1)
    data = DataLoader(
        dataset, batch_size=args.batch_size, shuffle=False, sampler=DistributedSampler(dataset)
    )
    trainer = Trainer(model, data, args)
    trainer.train(args.total_epochs)
    if args.final and dist.get_rank() == 0:
        torch.save(trainer.model.module.state_dict(), args.final)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
