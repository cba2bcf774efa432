"""Straggler detection on real gloo jobs: false positives when nothing is wrong, and how fast a
1.5x, 2x and 4x slower rank is named (steps and seconds after it turned slow).

The job is the uninstrumented DDP tutorial script (tests/scripts/ddp_uninstrumented.py) under
the bootstrap, with a real agent socket; its step messages (step time and time inside
collectives, measured by the hooks) feed a StragglerDetector as the agent would.

    python bench/bench_straggler.py [--runs 20] [--steps 150] [--ranks 2]

Fault-free: one job of RUNS x STEPS steps, cut into RUNS runs of STEPS steps, each judged by a
fresh detector (a run here is a stretch of time on this shared machine; start-up is skipped).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kintsugi.agent.ipc_server import IpcServer
from kintsugi.agent.perf_exchange import CROSS_NODE, SHARE_S, summarize
from kintsugi.runtime import messages as m
from kintsugi.straggle import Straggler, StragglerDetector

SCRIPT = Path(__file__).resolve().parents[1] / "tests" / "scripts" / "ddp_uninstrumented.py"
BATCH = 4
STEP_SLEEP_S = 0.005


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def job(ranks: int, steps: int, extra: list[str]) -> list[tuple[float, m.Step]]:
    """Runs the job; returns (arrival time, step message) pairs in arrival order."""
    server = IpcServer()
    env = {k: v for k, v in os.environ.items() if not k.startswith("KINTSUGI_")}
    env.update(server.env())
    got: list[tuple[float, m.Step]] = []
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "torch.distributed.run", "--nproc-per-node", str(ranks)]
        cmd += ["--master-addr", "127.0.0.1", "--master-port", str(_port())]
        cmd += ["-m", "kintsugi.runtime.bootstrap", str(SCRIPT), "1", "1"]
        cmd += ["--dataset-size", str(steps * ranks * BATCH), "--batch-size", str(BATCH)]
        cmd += ["--step-sleep", str(STEP_SLEEP_S), "--snapshot-path", f"{tmp}/s.pt", *extra]
        proc = subprocess.Popen(
            cmd, env=env, cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        try:
            while proc.poll() is None:
                try:
                    msg = server.messages.get(timeout=0.1)
                except Exception:  # noqa: BLE001 - queue.Empty: keep polling
                    continue
                if isinstance(msg, m.Step):
                    got.append((time.monotonic(), msg))
            time.sleep(0.3)
            got += [(time.monotonic(), x) for x in server.drain() if isinstance(x, m.Step)]
            if proc.returncode != 0:
                err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
                raise SystemExit(f"job failed ({proc.returncode}):\n{err[-2000:]}")
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            server.close()
    return got


_SAVED: dict[str, list[list[float]]] = {}
_REPLAY: dict[str, list[list[float]]] | None = None


def samples_of(label: str, ranks: int, steps: int, extra: list[str]) -> list[tuple[float, m.Step]]:
    """A job's samples: run it, or read them back from a ``--replay`` file."""
    if _REPLAY is not None:
        rows = _REPLAY[label]
    else:
        rows = [
            [t, s.rank, s.step, s.dt or 0.0, s.comm_s or 0.0] for t, s in job(ranks, steps, extra)
        ]
    _SAVED[label] = rows
    return [
        (t, m.Step(rank=int(r), step=int(st), dt=dt, comm_s=c, auto=True))
        for t, r, st, dt, c in rows
    ]


def judge(samples: list[tuple[float, m.Step]]) -> list[tuple[float, Straggler]]:
    det = StragglerDetector()
    out: list[tuple[float, Straggler]] = []
    for t, s in samples:
        out += [(t, f) for f in det.observe(s.rank, f"node{s.rank}", s.step, s.dt, s.comm_s)]
    return out


def judge_across(samples: list[tuple[float, m.Step]]) -> list[tuple[float, Straggler]]:
    """As the cross-node judge would, each rank its own node: one summary per rank and
    ``SHARE_S`` of arrival time (agent/perf_exchange.py), fed to a ``CROSS_NODE`` detector."""
    det = StragglerDetector(CROSS_NODE)
    out: list[tuple[float, Straggler]] = []
    if not samples:
        return out
    t0 = samples[0][0]
    buckets: dict[int, dict[int, list[tuple[int, float, float]]]] = {}
    for t, s in samples:
        per = buckets.setdefault(int((t - t0) / SHARE_S), {})
        per.setdefault(s.rank, []).append((s.step, s.dt or 0.0, min(s.comm_s or 0.0, s.dt or 0.0)))
    for k in sorted(buckets):
        t = t0 + (k + 1) * SHARE_S
        for rank, xs in sorted(buckets[k].items()):
            step, dt, comm = summarize(xs)
            out += [(t, f) for f in det.observe(rank, f"node{rank}", step, dt, comm)]
    return out


def false_positives(runs: int, steps: int, ranks: int) -> None:
    samples = samples_of("fault-free", ranks, runs * steps, [])
    with_findings = 0
    for k in range(runs):
        lo, hi = k * steps, (k + 1) * steps
        found = judge([(t, s) for t, s in samples if lo < s.step <= hi])
        with_findings += bool(found)
        for _, f in found:
            print(f"  false positive in run {k}: {f.evidence()}")
    n = len({s.step for _, s in samples})
    print(
        f"fault-free: {with_findings} of {runs} runs with a straggler finding ({n} steps, {ranks} ranks)"
    )
    across = judge_across(samples)
    span = samples[-1][0] - samples[0][0] if samples else 0.0
    print(
        f"fault-free, cross-node judge over the whole job ({span:.0f} s, one summary a second): "
        f"{len(across)} findings"
    )
    for _, f in across:
        print(f"  false positive across nodes: {f.evidence()}")


def latency(factor: float, ranks: int, steps: int, onset: int = 40) -> None:
    samples = samples_of(
        f"slow-{factor}",
        ranks,
        steps,
        ["--slow-rank", "1", "--slow-factor", str(factor), "--slow-from-step", str(onset)],
    )
    t_onset = min((t for t, s in samples if s.step >= onset and s.rank == 1), default=0.0)
    found = judge(samples)
    wrong = [f for _, f in found if f.rank != 1]
    line = f"{factor:4.1f}x slower rank 1:"
    for persistent in (False, True):
        hit = next(((t, f) for t, f in found if f.rank == 1 and f.persistent == persistent), None)
        kind = "persistent" if persistent else "first    "
        if hit is None:
            line += f"  {kind} not found"
        else:
            t, f = hit
            line += f"  {kind} after {f.step - onset:3d} steps / {t - t_onset:5.2f} s (slowdown {f.slowdown:.2f})"
    print(line + (f"  WRONG RANKS {[f.rank for f in wrong]}" if wrong else ""))
    across = judge_across(samples)
    line = " " * len(f"{factor:4.1f}x slower rank 1:") + " across nodes:"
    for persistent in (False, True):
        hit = next(((t, f) for t, f in across if f.rank == 1 and f.persistent == persistent), None)
        kind = "persistent" if persistent else "first"
        line += (
            f"  {kind} not found" if hit is None else f"  {kind} after {hit[0] - t_onset:5.1f} s"
        )
    wrong = [f for _, f in across if f.rank != 1]
    print(line + (f"  WRONG RANKS {[f.rank for f in wrong]}" if wrong else ""))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--steps", type=int, default=150)
    p.add_argument("--ranks", type=int, default=2)
    p.add_argument(
        "--latency-steps",
        type=int,
        default=1500,
        help="steps of each slowed job (the cross-node judge needs ~15 s of a slow rank)",
    )
    p.add_argument("--save", type=Path, help="write the samples to this JSON file")
    p.add_argument("--replay", type=Path, help="judge samples saved earlier instead of running")
    a = p.parse_args()
    global _REPLAY
    if a.replay:
        _REPLAY = json.loads(a.replay.read_text(encoding="utf-8"))
    t0 = time.monotonic()
    false_positives(a.runs, a.steps, a.ranks)
    for factor in (1.5, 2.0, 4.0):
        latency(factor, a.ranks, a.latency_steps)
    print(f"({time.monotonic() - t0:.0f} s)")
    if a.save:
        a.save.write_text(json.dumps(_SAVED), encoding="utf-8")


if __name__ == "__main__":
    main()
