"""A tiny gloo job for the hardening tests: every knob is a flag, every failure is real."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import torch
import torch.distributed as dist

import kintsugi

MARKUP = "gloo error [/__w/pytorch/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:537] [bold]x[/bold] \x1b]0;pwned\x07\x1b[2J"


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("--sleep", type=float, default=0.02)
    p.add_argument("--raise-at", type=int, default=-1)
    p.add_argument("--raise-rank", type=int, default=0)
    p.add_argument("--raise-attempts", default="all", help="'all' or 'first'")
    p.add_argument("--raise-type", default="RuntimeError")
    p.add_argument("--message", default="markup", help="markup | big-keys | TEXT")
    p.add_argument("--tensor-step", action="store_true")
    p.add_argument("--probe", default="", help="write env_probe's import-time LOCAL_RANK here")
    args = p.parse_args()
    if args.probe:
        sys.path.insert(0, str(Path(__file__).parent))
        import env_probe

        with open(args.probe, "a", encoding="utf-8") as f:
            f.write(f"{os.environ.get('KINTSUGI_ATTEMPT')} {env_probe.LOCAL_RANK_AT_IMPORT}\n")
    dist.init_process_group("gloo")
    kintsugi.init()
    rank = dist.get_rank()
    restored = kintsugi.load_checkpoint()
    start = 0 if restored is None else restored[0] + 1
    attempt = int(os.environ.get("KINTSUGI_ATTEMPT", "0"))
    for it in range(start, args.steps):
        t = torch.ones(1)
        dist.all_reduce(t)
        time.sleep(args.sleep)
        fire = args.raise_attempts == "all" or attempt == 0
        if it == args.raise_at and rank == args.raise_rank and fire:
            if args.message == "markup":
                msg = MARKUP
            elif args.message == "big-keys":
                keys = ", ".join(f'"layers.{i}.attention.wqkv.weight"' for i in range(1500))
                msg = f"Error(s) in loading state_dict for Transformer:\n\tMissing key(s) in state_dict: {keys}."
            else:
                msg = args.message
            exc = {"RuntimeError": RuntimeError, "KeyError": KeyError}[args.raise_type]
            raise exc(msg)
        step = torch.tensor(0) + it if args.tensor_step else it
        kintsugi.step(step, loss=torch.tensor(1.0) / (it + 1))
        if it % 5 == 4:
            kintsugi.save_checkpoint({"it": torch.tensor(it)}, it)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
