"""Helper process: saves a few steps with the Checkpointer, or restores and prints the result.

``--kill`` SIGKILLs this process once the background thread has begun writing the last step's
temporary file to storage (a rank dying mid-write).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import time
from pathlib import Path

import torch

import kintsugi


def state(step: int, numel: int) -> dict[str, object]:
    return {"w": torch.full((numel,), float(step)), "step": step, "name": f"s{step}"}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--dir", required=True)
    p.add_argument("--steps", default="")
    p.add_argument("--mb", type=float, default=1.0)
    p.add_argument("--memory", type=int, default=1)
    p.add_argument("--kill", action="store_true")
    p.add_argument("--restore", action="store_true")
    a = p.parse_args()
    ck = kintsugi.Checkpointer(a.dir, interval=None, keep=3, memory=bool(a.memory))
    numel = int(a.mb * (1 << 20) / 4)
    steps = [int(s) for s in a.steps.split(",") if s]
    for i, s in enumerate(steps):
        ck.save(s, state(s, numel))
        if i == len(steps) - 1 and a.kill:
            step_dir = Path(a.dir) / f"step_{s:012d}"
            while not any(step_dir.glob(".rank_*.tmp")):
                time.sleep(0.001)
            os.kill(os.getpid(), signal.SIGKILL)
        ck.wait()
    if a.restore:
        r = ck.restore()
        out = None
        if r is not None:
            w = r.state["w"]
            ok = bool(torch.equal(w, torch.full((numel,), float(r.step))))
            out = {"step": r.step, "tier": r.tier, "skipped": r.skipped, "intact": ok}
        print("RESULT " + json.dumps(out), flush=True)
    ck.close()


if __name__ == "__main__":
    main()
