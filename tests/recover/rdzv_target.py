"""A tiny elastic worker for the rendezvous test: all-reduce steps, logging world size."""

import os
import sys
import time

import torch
import torch.distributed as dist

out = sys.argv[1]
steps = int(sys.argv[2])
dist.init_process_group("gloo")
world = dist.get_world_size()
node = os.environ["KINTSUGI_TEST_NODE"]
with open(os.path.join(out, f"{node}.pid"), "w") as f:
    f.write(str(os.getpid()))  # elastic starts workers in their own session
for step in range(steps):
    t = torch.ones(4)
    dist.all_reduce(t)
    assert int(t[0].item()) == world
    with open(os.path.join(out, f"{node}.log"), "a") as f:
        f.write(f"{world} {step} {os.environ['TORCHELASTIC_RESTART_COUNT']}\n")
    time.sleep(0.2)
dist.destroy_process_group()
