"""Under torchrun (gloo, 2 ranks): a DTensor-sharded state saved and restored in place."""

from __future__ import annotations

import sys

import torch
import torch.distributed as dist
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import Shard, distribute_tensor

import kintsugi


def main() -> None:
    directory = sys.argv[1]
    dist.init_process_group("gloo")
    mesh = init_device_mesh("cpu", (dist.get_world_size(),))
    full = torch.arange(64.0).view(8, 8)
    w = distribute_tensor(full, mesh, [Shard(0)])
    ck = kintsugi.Checkpointer(directory, replicas=1, interval=None)
    ck.save(3, {"w": w, "note": "sharded"})
    ck.wait()
    live = {"w": distribute_tensor(torch.zeros(8, 8), mesh, [Shard(0)]), "note": ""}
    r = ck.restore(into=live)
    assert r is not None and r.step == 3 and r.tier == "memory", r
    assert live["note"] == "sharded"
    assert torch.equal(live["w"].to_local(), w.to_local())
    assert torch.equal(live["w"].full_tensor(), full)
    ck.close()
    dist.barrier()
    if dist.get_rank() == 0:
        print("DTENSOR OK", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
