"""A tiny 2-node gloo job whose rank on ``--fail-node`` exits 1 after its last step, in the
first attempt only: its node goes back to the rendezvous while the other node's ranks have
finished and wait for it in the exit barrier.

    kintsugi run ... fail_at_exit.py --steps 20 --fail-node b --marker-dir DIR

The order is a handshake, not a guess: every other rank writes its pid to ``DIR`` after its
last step, and the failing rank fails only once each of those processes is gone (reaped by its
node's agent, so that agent has seen its ranks finish). Under load a fixed sleep was not enough:
a node whose ranks were still exiting saw the failed node rejoin and restarted them instead.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import torch
import torch.distributed as dist


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def wait_for_the_others(marker_dir: Path, others: int, timeout: float = 120.0) -> None:
    """Until ``others`` pid files exist in ``marker_dir`` and none of those processes is left."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pids = [int(p.read_text()) for p in marker_dir.glob("*.pid") if p.read_text().strip()]
        if len(pids) >= others and all(gone(pid) for pid in pids):
            time.sleep(0.5)  # the agent's next look after the reap
            return
        time.sleep(0.05)
    raise SystemExit(f"[fail_at_exit] the other ranks did not exit within {timeout:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--fail-node", default="b")
    ap.add_argument("--marker-dir", type=Path, required=True)
    args = ap.parse_args()
    dist.init_process_group("gloo")
    t = torch.ones(4)
    for _ in range(args.steps):
        dist.all_reduce(t)
        t /= dist.get_world_size()
        time.sleep(0.05)
    world, local = dist.get_world_size(), int(os.environ.get("LOCAL_WORLD_SIZE", "1"))
    dist.destroy_process_group()
    first = os.environ.get("TORCHELASTIC_RESTART_COUNT", "0") == "0"
    if os.environ.get("KINTSUGI_NODE") != args.fail_node:
        tmp = args.marker_dir / f".{os.getpid()}.tmp"
        tmp.write_text(str(os.getpid()))
        tmp.rename(args.marker_dir / f"{os.getpid()}.pid")
    elif first:
        wait_for_the_others(args.marker_dir, world - local)
        print("[fail_at_exit] failing after the last step", flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
