"""Periodic health checks' cost on step time (issue 10's target: < 0.5%).

The agent runs level 1 in a thread of its own while the ranks train (``--health-interval-seconds``,
default 300 s). The same job (the demo trainer, 2 ranks, gloo, CPU) runs under ``kintsugi run``
with the periodic checks off, at the default 300 s, and at 1 s (300x the default rate, to make
any cost visible above this machine's noise), in alternating order so that drift in the
machine's load falls on every variant alike. Step time is the trainer's own loop time over its
steps ("done: N steps in X s", start-up excluded).

It also measures the CPU one level 1 check costs in-process, which with the interval gives the
share of a core the checks take at any rate.

    python bench/bench_periodic.py [--rounds 4] [--steps 300]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TRAIN = REPO / "src" / "kintsugi" / "demo" / "train_charlm.py"
DONE = re.compile(r"\[train\] done: (\d+) steps in ([0-9.]+) s")
VARIANTS = {"off": "0", "default 300 s": "300", "every 1 s": "1"}


def one_run(interval: str, steps: int, tmp: Path) -> float:
    """Seconds per step of one run with the periodic checks every ``interval`` s (0: off)."""
    run = tmp / uuid.uuid4().hex[:8]
    cmd = [
        sys.executable, "-m", "kintsugi", "run", "--nproc-per-node", "2",
        "--rdzv-id", run.name, "--run-dir", str(run), "--no-report",
        "--health-interval-seconds", interval, "--kernel-log", "none",
        str(TRAIN), "--steps", str(steps), "--ckpt-every", str(steps), "--log-every", "100000",
    ]  # fmt: skip
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=900, cwd=tmp)
    m = DONE.search(out.stdout + out.stderr)
    if out.returncode != 0 or m is None:
        raise SystemExit(f"run failed ({out.returncode}):\n{(out.stdout + out.stderr)[-3000:]}")
    return float(m.group(2)) / int(m.group(1))


def check_cpu(n: int) -> float:
    """Median CPU seconds of one in-process level 1 check (what the agent's thread runs)."""
    from kintsugi.health import run_checks

    cpu = []
    for _ in range(n):
        c0 = time.process_time()
        run_checks(1, "bench")
        cpu.append(time.process_time() - c0)
    return statistics.median(cpu)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=4, help="runs of each variant, alternating")
    ap.add_argument("--steps", type=int, default=300)
    a = ap.parse_args()
    per_step: dict[str, list[float]] = {k: [] for k in VARIANTS}
    with tempfile.TemporaryDirectory() as d:
        for r in range(a.rounds):
            order = list(VARIANTS.items())
            if r % 2:
                order.reverse()
            for name, interval in order:
                per_step[name].append(one_run(interval, a.steps, Path(d)))
    base = statistics.median(per_step["off"])
    print(f"step time, median of {a.rounds} runs x {a.steps} steps (2 ranks, gloo, CPU):")
    for name, xs in per_step.items():
        med = statistics.median(xs)
        spread = f"{min(xs) * 1e3:.2f}-{max(xs) * 1e3:.2f}"
        print(
            f"  periodic checks {name:<14}: {med * 1e3:7.2f} ms/step ({spread}), "
            f"{100 * (med / base - 1):+.2f}% vs off"
        )
    cpu = check_cpu(20)
    print(f"one level 1 check: {cpu * 1e3:.1f} ms CPU (median of 20, in-process)")
    for interval in (300.0, 60.0, 1.0):
        print(f"  every {interval:>5g} s: {100 * cpu / interval:.4f}% of one core")


if __name__ == "__main__":
    main()
