"""Hang -> detected: kintsugi's learned limit vs the target (3 x p99 step time + 1 s), and
what plain torchrun does with the same hang.

Rank 1 sleeps inside its step (kintsugi's injector, which also works under torchrun); rank 0
then waits inside all_reduce. Detection is from the injected fault to the hang verdict.

    python bench/bench_hang.py --runs 5
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGET = HERE / "restart_target.py"
FAULT = "hang:step=40,rank=1"
TORCHRUN_CAP_S = 45.0


def kintsugi_run(tmp: Path, i: int, floor: float) -> tuple[float, float, float]:
    run = tmp / f"k{i}"
    cmd = [
        sys.executable,
        "-m",
        "kintsugi",
        "run",
        "--standalone",
        "--nproc-per-node",
        "2",
        "--run-dir",
        str(run),
        "--no-report",
        "--hang-floor-seconds",
        str(floor),
        "--max-restarts",
        "1",
        str(TARGET),
        "--steps",
        "60",
        "--step-sleep",
        "0.05",
        "--progress",
        str(tmp / f"k{i}.p"),
        "--ckpt",
        str(tmp / f"k{i}.c"),
    ]
    env = dict(os.environ, KINTSUGI_INJECT=FAULT, OMP_NUM_THREADS="1")
    subprocess.run(cmd, env=env, capture_output=True, timeout=300, check=False)
    out = subprocess.run(
        [sys.executable, "-m", "kintsugi", "events", str(run)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    events = [json.loads(line) for line in out.splitlines()]
    fault = next(e["ts"] for e in events if e["kind"] == "fault_injected")
    hang = next(e for e in events if e["kind"] == "hang_detected")
    steps = sorted(
        e["data"]["step_time_s"]
        for e in events
        if e["kind"] == "step" and e["attempt"] == 0 and not e["data"].get("first")
    )
    p99 = steps[min(len(steps) - 1, int(0.99 * len(steps)))] if steps else float("nan")
    return hang["ts"] - fault, p99, float(hang["data"]["timeout_s"])


def torchrun_run(tmp: Path) -> str:
    cmd = [
        sys.executable,
        "-m",
        "torch.distributed.run",
        "--standalone",
        "--nproc-per-node",
        "2",
        str(TARGET),
        "--steps",
        "60",
        "--step-sleep",
        "0.05",
        "--progress",
        str(tmp / "t.p"),
        "--ckpt",
        str(tmp / "t.c"),
    ]
    env = dict(os.environ, KINTSUGI_INJECT=FAULT, OMP_NUM_THREADS="1")
    t0 = time.monotonic()
    p = subprocess.Popen(
        cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        p.wait(timeout=TORCHRUN_CAP_S)
        return f"exited after {time.monotonic() - t0:.1f} s (code {p.returncode})"
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        return f"still hung after {TORCHRUN_CAP_S:.0f} s, nothing detected (gloo's default timeout is 30 min)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--floor", type=float, default=0.5, help="--hang-floor-seconds for kintsugi")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        rows = [kintsugi_run(tmp, i, args.floor) for i in range(args.runs)]
        for det, p99, limit in rows:
            print(
                f"kintsugi: detected after {det:.2f} s; p99 step {p99:.3f} s; limit {limit:.2f} s; target 3*p99+1 = {3 * p99 + 1:.2f} s"
            )
        det = statistics.median(r[0] for r in rows)
        target = statistics.median(3 * r[1] + 1 for r in rows)
        print(
            f"\nkintsugi median detection {det:.2f} s vs target {target:.2f} s: {det / target:.2f}x of the target"
        )
        print(f"torchrun: {torchrun_run(tmp)}")


if __name__ == "__main__":
    main()
