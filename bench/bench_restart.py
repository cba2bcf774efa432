"""Crash -> training resumed, and restart success rate: kintsugi run vs plain torchrun.

Both launchers run the same script (bench/restart_target.py) with the same fault: rank 1 is
SIGKILLed at a step (kintsugi's injector, which also works under plain torchrun). The resume
time is from the kill to rank 0's first completed step in the next attempt.

    python bench/bench_restart.py --runs 10      # 2 kills per run: 20 restarts per tool
"""

from __future__ import annotations

import argparse
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
# Failures come after training ran a while (in production: hours), not during start-up.
FAULTS = "kill:step=100,rank=1;kill:step=200,rank=1,attempt=1"
RUN_TIMEOUT_S = 60.0


def one_run(tool: str, tmp: Path, i: int) -> tuple[bool, list[float], float]:
    progress = tmp / f"{tool}-{i}.progress"
    ckpt = tmp / f"{tool}-{i}.ckpt"
    env = dict(os.environ, KINTSUGI_INJECT=FAULTS, OMP_NUM_THREADS="1")
    common = ["--nproc-per-node", "2", "--max-restarts", "3"]
    if tool == "torchrun":
        cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone", *common]
    else:
        cmd = [
            sys.executable,
            "-m",
            "kintsugi",
            "run",
            "--standalone",
            *common,
            "--run-dir",
            str(tmp / f"run-{i}"),
            "--no-report",
            "--hang-floor-seconds",
            "5",
        ]
    cmd += [str(TARGET), "--steps", "250", "--progress", str(progress), "--ckpt", str(ckpt)]
    t0 = time.monotonic()
    log = (tmp / f"{tool}-{i}.log").open("w")
    p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        rc = p.wait(timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        # A launcher stuck in a restart that never reconnects: a failed run.
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        rc = -1
    log.close()
    wall = time.monotonic() - t0
    resumes: list[float] = []
    rows = [line.split() for line in progress.read_text().splitlines()] if progress.exists() else []
    for attempt in sorted({int(r[1]) for r in rows}):
        # The kill happens right after rank 1 logged the step before the fault; training has
        # resumed at rank 0's first step in any later attempt (a failed reconnect adds one).
        killed = [float(r[0]) for r in rows if int(r[1]) == attempt and r[2].startswith("step-")]
        nxt = [float(r[0]) for r in rows if int(r[1]) > attempt and not r[2].startswith("step-")]
        last = [r[2] for r in rows if int(r[1]) == attempt and r[2].startswith("step-")]
        if killed and nxt and last[-1] in ("step-100-rank1", "step-200-rank1"):
            resumes.append(nxt[0] - killed[-1])
    finished = any(r[2] == "249" for r in rows)
    return rc == 0 and finished, resumes, wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=10)
    args = ap.parse_args()
    results: dict[str, tuple[int, list[float], list[float]]] = {}
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for tool in ("torchrun", "kintsugi"):
            ok, resumes, walls = 0, [], []
            for i in range(args.runs):
                success, r, wall = one_run(tool, tmp, i)
                ok += success
                resumes += r
                walls.append(wall)
                print(
                    f"{tool:9s} run {i}: {'ok  ' if success else 'FAIL'} resume {', '.join(f'{x:.2f}' for x in r)} s",
                    flush=True,
                )
            results[tool] = (ok, resumes, walls)
    print()
    print(
        f"{'':10s}{'runs ok':>10s}{'restarts ok':>14s}{'resume median':>15s}{'p90':>8s}{'wall median':>13s}"
    )
    for tool, (ok, resumes, walls) in results.items():
        med = statistics.median(resumes) if resumes else float("nan")
        p90 = sorted(resumes)[int(0.9 * (len(resumes) - 1))] if resumes else float("nan")
        print(
            f"{tool:10s}{ok:>7d}/{args.runs:<3d}{len(resumes):>10d}/{2 * args.runs:<3d}{med:>13.2f} s{p90:>6.2f} s{statistics.median(walls):>11.1f} s"
        )
    k, t = results["kintsugi"][1], results["torchrun"][1]
    if k and t:
        print(
            f"\nresume time ratio kintsugi / torchrun (median): {statistics.median(k) / statistics.median(t):.2f}x"
        )


if __name__ == "__main__":
    main()
