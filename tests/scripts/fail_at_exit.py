"""A tiny 2-node gloo job whose rank on ``--fail-node`` exits 1 after its last step, in the
first attempt only: its node goes back to the rendezvous while the other node's ranks have
finished and wait for it in the exit barrier.

    kintsugi run ... fail_at_exit.py --steps 20 --fail-node b
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import torch
import torch.distributed as dist


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--fail-node", default="b")
    args = ap.parse_args()
    dist.init_process_group("gloo")
    t = torch.ones(4)
    for _ in range(args.steps):
        dist.all_reduce(t)
        t /= dist.get_world_size()
        time.sleep(0.05)
    dist.destroy_process_group()
    first = os.environ.get("TORCHELASTIC_RESTART_COUNT", "0") == "0"
    if first and os.environ.get("KINTSUGI_NODE") == args.fail_node:
        time.sleep(1.0)  # the other node's ranks exit first
        print("[fail_at_exit] failing after the last step", flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
