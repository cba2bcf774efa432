"""Times ``kintsugi simulate`` at Llama 3 scale and against a naive pure-Python event loop.

Run: python bench/bench_simulate.py   (from the repository root; prints one line per figure)
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections.abc import Callable

import numpy as np

from kintsugi.plan.model import HOUR_S, PlanConfig, exact_optimal_interval
from kintsugi.plan.simulate import SimConfig, simulate, simulate_naive

# Llama 3 405B: 16,384 GPUs, 54 days; Epoch AI's 50,000 h per GPU; Llama 3's 2.5 s save;
# detection, restart and restore as a kintsugi run would measure them at scale.
PLAN = PlanConfig(
    gpus=16_384,
    job_mtbf_s=50_000 * HOUR_S / 16_384,
    checkpoint_s=2.5,
    detection_s=60.0,
    restart_s=300.0,
    restore_s=60.0,
)


def _best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=1000)
    ap.add_argument("--days", type=float, default=54.0)
    ap.add_argument("--naive-runs", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    tau = exact_optimal_interval(PLAN)
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}, numpy {np.__version__}"
    )
    cfg = SimConfig(plan=PLAN, interval_s=tau, runs=a.runs, work_days=a.days, seed=0)
    res = simulate(cfg)
    s = res.summary()
    t = _best(lambda: simulate(cfg), a.repeat)
    print(
        f"simulate: {PLAN.gpus:,} GPUs, {a.days:g} days, {a.runs:,} runs, interval {tau:.0f} s:"
        f" {t:.3f} s (best of {a.repeat}), {a.runs / t:,.0f} runs/s, "
        f"{s['failures_mean'] * a.runs / t:,.0f} failures/s"
    )
    print(
        f"  ETTR mean {s['ettr_mean']:.4f} (p5 {s['ettr_p5']:.4f}, p95 {s['ettr_p95']:.4f}),"
        f" exact model {s['expected_ettr_exact']:.4f}, failures/run {s['failures_mean']:.0f}"
    )
    # The same model (Poisson failures, one downtime, unlimited spares) in both loops.
    small = SimConfig(plan=PLAN, interval_s=tau, runs=a.naive_runs, work_days=a.days, seed=0)
    t_naive = _best(lambda: simulate_naive(small, a.naive_runs), 1)
    t_vec_small = _best(lambda: simulate(small), a.repeat)
    naive_rate, vec_rate = a.naive_runs / t_naive, a.runs / t
    print(
        f"naive pure-Python loop, {a.naive_runs} runs: {t_naive:.3f} s ({naive_rate:.1f} runs/s)"
        f"; vectorized, same {a.naive_runs} runs: {t_vec_small:.3f} s"
    )
    print(
        f"speed-up per run: {vec_rate / naive_rate:.0f}x at {a.runs:,} runs, "
        f"{t_naive / t_vec_small:.0f}x at {a.naive_runs} runs"
    )


if __name__ == "__main__":
    main()
