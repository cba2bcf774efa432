"""Under torchrun (2 ranks): a state of CUDA tensors saved and restored bitwise from every tier.

Both ranks share GPU ``LOCAL_RANK % device_count`` where there are fewer GPUs than ranks; the
process group is NCCL where each rank has a GPU of its own, else gloo (NCCL refuses two ranks
on one GPU). Prints ``CUDA OK`` and how each slot was held (pinned or pageable).

Usage: cuda_job.py DIRECTORY
"""

from __future__ import annotations

import os
import sys

import torch
import torch.distributed as dist

import kintsugi


def make(seed: int, dev: torch.device, grow: int = 0) -> dict[str, object]:
    g = torch.Generator().manual_seed(seed + 100 * dist.get_rank())
    return {
        "model": {
            "w": torch.randn(512 + grow, 300, generator=g).to(dev),
            "bf16": torch.randn(1031, generator=g).to(torch.bfloat16).to(dev),
            "t": torch.randn(64, 48, generator=g).to(dev).t(),  # not contiguous
            "ids": (torch.arange(77, dtype=torch.int64) * seed).to(dev),
            "cpu": torch.randn(5, generator=g),  # a CPU tensor beside them
        },
        "step": seed,
    }


def same(a: dict[str, object], b: dict[str, object]) -> None:
    for k, v in a["model"].items():  # type: ignore[attr-defined]
        w = b["model"][k]  # type: ignore[index]
        assert w.device == v.device and torch.equal(w, v), k


def main() -> None:
    local = int(os.environ["LOCAL_RANK"])
    n = torch.cuda.device_count()
    dev = torch.device("cuda", local % n)
    torch.cuda.set_device(dev)
    own_gpu = n >= int(os.environ["LOCAL_WORLD_SIZE"])
    dist.init_process_group("nccl" if own_gpu else "gloo", device_id=dev if own_gpu else None)
    # Each rank its own simulated node, so that its replica lives on "another node".
    os.environ["KINTSUGI_NODE"] = f"node{dist.get_rank()}"
    ck = kintsugi.Checkpointer(sys.argv[1], replicas=1, interval=None, keep=3)
    for step in (1, 2, 3):
        assert ck.save(step, make(step, dev))
    ck.wait()
    want = make(3, dev)
    for tier in ("memory", "peer", "storage"):
        live = make(0, dev)
        r = ck.restore(into=live, tiers=(tier,))
        assert r is not None and (r.step, r.tier) == (3, tier), (tier, r and (r.step, r.tier))
        same(want, live)
        ck.wait()
    # A state that grows remaps the slot: the new mapping is pinned in turn.
    for step in (4, 5):
        assert ck.save(step, make(step, dev, grow=4096))
    ck.wait()
    live = make(0, dev, grow=4096)
    r = ck.restore(into=live, tiers=("memory",))
    assert r is not None and r.step == 5
    same(make(5, dev, grow=4096), live)
    held = ["pinned" if s._pinned is not None else "pageable" for s in ck._slots]
    ck.close()
    dist.barrier()
    print(f"CUDA OK rank {dist.get_rank()} backend {dist.get_backend()} slots {held}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
