"""Health checks and telemetry, measured side by side.

1. Level 1 time: in-process ``run_checks(1)`` (what the agent calls) and the
   ``kintsugi health --level 1`` command (interpreter start included), against DCGM's
   published < 2.5 s for level 1.
2. Level 2 time on this CPU-only node (matmul vs reference, loopback collective).
3. Telemetry CPU: this process's CPU time over a window with the samplers running at
   their default rates (host 10 s, GPU 10 s over the stand-in NVML, XID watcher,
   kernel-log file follower), after a 2 s warm-up, against the same window idle; then at
   1 s rates. psutil reads CPU time in 10 ms ticks, hence the 30 s windows.

    python bench/bench_health.py [--seconds 30]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def level_times(level: int, n: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds (this process and its check threads) per ``run_checks``."""
    from kintsugi.health import run_checks

    wall, cpu = [], []
    for _ in range(n):
        t0, c0 = time.perf_counter(), time.process_time()
        r = run_checks(level, "bench")
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        assert r.exit_code == 0, r.to_dict()
    return wall, cpu


def cli_level1(n: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds per ``kintsugi health --level 1`` process."""
    import resource

    wall, cpu = [], []
    for _ in range(n):
        t0 = time.perf_counter()
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            [sys.executable, "-m", "kintsugi", "health", "--level", "1", "--json"],
            check=True,
            capture_output=True,
        )
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall.append(time.perf_counter() - t0)
        cpu.append(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
    return wall, cpu


def cpu_over(seconds: float, running: object | None) -> float:
    """CPU seconds this process used over ``seconds`` of wall time."""
    import psutil

    proc = psutil.Process()
    c0 = sum(proc.cpu_times()[:2])
    time.sleep(seconds)
    return sum(proc.cpu_times()[:2]) - c0


def stand_in_nvml(tmp: Path) -> bool:
    cc = shutil.which("cc")
    if cc is None:
        return False
    lib = tmp / "libnvidia-ml.so.1"
    src = REPO / "tests" / "stand_ins" / "fake_nvml.c"
    subprocess.run([cc, "-shared", "-fPIC", "-O1", "-o", str(lib), str(src)], check=True)
    (tmp / "state").write_text("gpus 8\n")
    os.environ["KINTSUGI_NVML_LIBRARY"] = str(lib)
    os.environ["KINTSUGI_FAKE_NVML_STATE"] = str(tmp / "state")
    return True


def telemetry_cpu(
    seconds: float, rate_s: float, klog: Path | None, xid: bool = True
) -> tuple[float, int]:
    from kintsugi.telemetry import Telemetry, TelemetryConfig

    events: list[object] = []
    cfg = TelemetryConfig(
        host_interval_s=rate_s,
        gpu_interval_s=rate_s,
        kernel_log=str(klog) if klog else None,
        xid_events=xid,
    )
    tel = Telemetry("bench", lambda k, p: events.append(k), cfg)
    tel.start()
    try:
        # Steady state: loading NVML and the first samples are a one-time cost.
        time.sleep(2.0)
        used = cpu_over(seconds, tel)
    finally:
        tel.stop()
    return used, len(events)


def fmt(xs: list[float]) -> str:
    return (
        f"median {statistics.median(xs):.3f} s (min {min(xs):.3f}, max {max(xs):.3f}, n={len(xs)})"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=30.0, help="telemetry window per variant")
    a = ap.parse_args()

    l1, l1_cpu = level_times(1, 10)
    cli, cli_cpu = cli_level1(3)
    print(f"level 1 in-process : wall {fmt(l1)}; CPU {fmt(l1_cpu)}")
    print(f"level 1 CLI        : wall {fmt(cli)}; CPU {fmt(cli_cpu)}")
    print(
        f"  DCGM's level 1 figure 2.5 s / in-process median wall = "
        f"{2.5 / statistics.median(l1):.0f}x headroom"
    )
    l2, l2_cpu = level_times(2, 3)
    print(f"level 2 on CPU     : wall {fmt(l2)}; CPU {fmt(l2_cpu)} (first run imports torch)")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        gpu = stand_in_nvml(tmp)
        klog = tmp / "kern.log"
        klog.write_text("")
        idle = cpu_over(a.seconds, None)
        only, n_only = telemetry_cpu(a.seconds, 10.0, None, xid=False)
        dflt, n_dflt = telemetry_cpu(a.seconds, 10.0, klog)
        fast, n_fast = telemetry_cpu(a.seconds, 1.0, klog)
    pct = lambda used: 100 * used / a.seconds  # noqa: E731
    print(f"telemetry CPU over {a.seconds:g} s (stand-in NVML with 8 GPUs: {gpu}):")
    print(f"  idle process          : {idle:.4f} s CPU ({pct(idle):.3f}% of a core)")
    print(
        f"  samplers only (10 s)  : {only:.4f} s CPU ({pct(only):.3f}% of a core), "
        f"{n_only} events (host + GPU, no XID watcher or kernel-log follower)"
    )
    print(
        f"  default rates (10 s)  : {dflt:.4f} s CPU ({pct(dflt):.3f}% of a core), "
        f"{n_dflt} events, all sources; minus idle {pct(dflt - idle):.3f}%"
    )
    print(
        f"  1 s rates             : {fast:.4f} s CPU ({pct(fast):.3f}% of a core), "
        f"{n_fast} events; 1 s / 10 s cost ratio {(fast - idle) / max(dflt - idle, 1e-9):.1f}x"
    )


if __name__ == "__main__":
    main()
