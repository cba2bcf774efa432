"""Cost of ``kintsugi.step()`` per call: with a live agent socket, without an agent, and an
empty loop, side by side. Compare with a training step (milliseconds to seconds).

    python bench/bench_step_overhead.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

CHILD = r"""
import os, sys, time
import kintsugi
kintsugi.init()
n = int(sys.argv[1])
t0 = time.perf_counter()
for i in range(n):
    pass
empty = time.perf_counter() - t0
t0 = time.perf_counter()
for i in range(n):
    kintsugi.step(i, loss=0.5)
print((time.perf_counter() - t0 - empty) / n * 1e6)
"""


def measure(env: dict[str, str], n: int) -> float:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(n)], env=env, capture_output=True, text=True, check=True
    )
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    from kintsugi.agent.ipc_server import IpcServer

    n = 200_000
    base = {k: v for k, v in os.environ.items() if not k.startswith("KINTSUGI_")}
    server = IpcServer()
    try:
        drained = 0
        t0 = time.monotonic()
        with_agent = measure(dict(base, **server.env(), RANK="1", LOCAL_RANK="1"), n)
        drained = len(server.drain())
    finally:
        server.close()
    without = measure(base, n)
    print(
        f"kintsugi.step() with an agent listening : {with_agent:6.2f} us per call ({drained} of {n} messages received in {time.monotonic() - t0:.1f} s)"
    )
    print(f"kintsugi.step() without an agent        : {without:6.2f} us per call")
    for step_ms in (10, 100, 1000):
        print(f"  overhead on a {step_ms:5d} ms training step: {with_agent / (step_ms * 1000):.4%}")


if __name__ == "__main__":
    main()
