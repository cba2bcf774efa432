"""Crash -> training resumed, and restart success rate: kintsugi run vs plain torchrun.

Both launchers run the same script (bench/restart_target.py) with the same fault: rank 1 is
SIGKILLed at a step (kintsugi's injector, which also works under plain torchrun). The resume
time is from the kill to rank 0's first completed step in the next attempt.

    python bench/bench_restart.py --runs 10              # 2 kills per run: 20 restarts per tool
    python bench/bench_restart.py --runs 10 --nodes 2    # two simulated nodes, c10d rendezvous
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _launcher(tool: str, tmp: Path, i: int, nodes: int, node: int, port: int) -> list[str]:
    if nodes == 1:
        topo = ["--standalone", "--nproc-per-node", "2"]
    else:
        # One rank per simulated node; the node hosting rank 1 is killed's neighbour.
        topo = [
            "--nnodes",
            str(nodes),
            "--nproc-per-node",
            "1",
            "--rdzv-backend",
            "c10d",
            "--rdzv-endpoint",
            f"127.0.0.1:{port}",
            "--rdzv-id",
            f"bench-{tool}-{i}",
        ]
    common = [*topo, "--max-restarts", "3"]
    if tool == "torchrun":
        return [sys.executable, "-m", "torch.distributed.run", *common]
    return [
        sys.executable,
        "-m",
        "kintsugi",
        "run",
        *common,
        "--node-name",
        f"node{node}",
        "--run-dir",
        str(tmp / f"run-{i}"),
        "--no-report",
        "--hang-floor-seconds",
        "5",
    ]


def one_run(tool: str, tmp: Path, i: int, nodes: int = 1) -> tuple[bool, list[float], float]:
    progress = tmp / f"{tool}-{i}.progress"
    ckpt = tmp / f"{tool}-{i}.ckpt"
    env = dict(os.environ, KINTSUGI_INJECT=FAULTS, OMP_NUM_THREADS="1")
    port = _free_port()
    target = [str(TARGET), "--steps", "250", "--progress", str(progress), "--ckpt", str(ckpt)]
    t0 = time.monotonic()
    log = (tmp / f"{tool}-{i}.log").open("w")
    procs = [
        subprocess.Popen(
            [*_launcher(tool, tmp, i, nodes, n, port), *target],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
        for n in range(nodes)
    ]
    rc = 0
    for p in procs:
        try:
            rc = rc or p.wait(timeout=max(1.0, RUN_TIMEOUT_S - (time.monotonic() - t0)))
        except subprocess.TimeoutExpired:
            # A launcher stuck in a restart that never reconnects: a failed run.
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            rc = -1
    log.close()
    wall = time.monotonic() - t0
    resumes: list[float] = []
    rows = [line.split() for line in progress.read_text().splitlines()] if progress.exists() else []
    rows.sort(key=lambda r: float(r[0]))
    # The kill happens right after rank 1 logged the step of the fault. Training has resumed
    # when rank 0 logs a step again that it had already done (it went back to a checkpoint):
    # per-node attempt counters differ across nodes, so time order is what counts.
    # Rank 1's attempt counter is its own node's, which counts its own failures.
    kills = [
        float(r[0])
        for r in rows
        if (r[1], r[2]) in (("0", "step-100-rank1"), ("1", "step-200-rank1"))
    ]
    steps0 = [(float(r[0]), int(r[2])) for r in rows if not r[2].startswith("step-")]
    for kill in kills:
        # Rank 0 may still log the step it had in flight as rank 1 died (within milliseconds);
        # after that it is blocked until the restart, whose first step redoes one of these.
        settle = kill + 0.1
        before = [s for t, s in steps0 if t <= settle]
        if not before:
            continue
        last = max(before)
        redo = next((t for t, s in steps0 if t > settle and s <= last), None)
        if redo is not None:
            resumes.append(redo - kill)
    finished = any(r[2] == "249" for r in rows)
    return rc == 0 and finished, resumes, wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--nodes", type=int, default=1, help="simulated nodes (1 rank each if > 1)")
    args = ap.parse_args()
    results: dict[str, tuple[int, list[float], list[float]]] = {}
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for tool in ("torchrun", "kintsugi"):
            ok, resumes, walls = 0, [], []
            for i in range(args.runs):
                success, r, wall = one_run(tool, tmp, i, args.nodes)
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
