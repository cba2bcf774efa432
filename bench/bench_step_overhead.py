"""Cost of progress reporting per training step, side by side.

1. ``kintsugi.step()`` per call: with a live agent socket, without an agent, and an empty loop.
2. On a real (tiny) torch training loop: nothing, the explicit ``kintsugi.step(i, loss=loss)``,
   and the automatic hooks of the bootstrap (optimizer step hook + loss capture), each with
   heartbeats coalesced as in production (at most one per 2 ms) and with every step sent.
3. The sampled NaN/Inf check of the parameters (every ``KINTSUGI_FINITE_CHECK_EVERY`` steps).

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


HOOK = r"""
import sys, time, torch
import kintsugi
import kintsugi.runtime.ipc as ipc
from kintsugi.runtime import hooks
if sys.argv[2] == "every":
    ipc.STEP_MIN_INTERVAL_S = 0.0  # send every heartbeat: the worst case
n = int(sys.argv[1])
w = torch.nn.Parameter(torch.ones(1))
opt = torch.optim.SGD([w], lr=1e-6)
loss = (w * 2).sum()
backward = hooks._capture_backward(lambda self: None)

def explicit(i):
    kintsugi.step(i, loss=loss)

def auto(i):
    backward(loss)  # what loss.backward() adds: remember the scalar
    hooks._on_optimizer_step(opt, (), {})

def nothing(i):
    pass

out = []
for fn in (nothing, auto, explicit):  # explicit last: once called, it silences auto
    best = float("inf")
    for rep in range(5):
        t0 = time.perf_counter()
        for i in range(n):
            fn(i)
        best = min(best, (time.perf_counter() - t0) / n)
    out.append(best * 1e6)
print(" ".join(f"{x:.3f}" for x in out))
"""


def hook_cost(agent_env: dict[str, str], n: int) -> dict[str, tuple[float, float]]:
    """Microseconds per step of the explicit call and of the automatic hooks, in one process
    under the bootstrap with an agent listening (best of 5, an empty call subtracted)."""
    import tempfile

    out: dict[str, tuple[float, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "hook.py")
        with open(script, "w", encoding="utf-8") as f:
            f.write(HOOK)
        for every in ("coalesced", "every"):
            p = subprocess.run(
                [sys.executable, "-m", "kintsugi.runtime.bootstrap", script, str(n), every],
                env=agent_env,
                capture_output=True,
                text=True,
                check=True,
            )
            nothing, auto, explicit = map(float, p.stdout.split())
            out[every] = (explicit - nothing, auto - nothing)
    return out


def check_cost() -> None:
    import torch

    from kintsugi.runtime import hooks

    torch.manual_seed(0)
    model = torch.nn.Sequential(*[torch.nn.Linear(1024, 1024) for _ in range(10)])  # 10.5M
    opt = torch.optim.SGD(model.parameters(), lr=1e-4)
    x = torch.randn(32, 1024)
    best_step = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        opt.zero_grad()
        model(x).pow(2).mean().backward()
        opt.step()
        best_step = min(best_step, time.perf_counter() - t0)
    best_check = float("inf")
    for _ in range(20):
        t0 = time.perf_counter()
        hooks._check_params(opt, 0)
        best_check = min(best_check, time.perf_counter() - t0)
    every = hooks.DEFAULT_CHECK_EVERY
    print(
        f"sampled NaN/Inf check of {hooks.CHECK_ELEMENTS:,} of a 10.5M-parameter model's "
        f"elements: {best_check * 1e6:.0f} us per check; its training step (batch 32) takes "
        f"{best_step * 1e3:.1f} ms, so checking every {every} steps costs "
        f"{best_check / every / best_step:.3%} of training time"
    )


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
    server = IpcServer()
    try:
        costs = hook_cost(dict(base, **server.env(), RANK="1", LOCAL_RANK="1"), 50_000)
    finally:
        server.close()
    print("per training step, on top of the step itself (best of 5 x 50,000):")
    for every, (explicit, auto) in costs.items():
        how = "heartbeats coalesced (production)" if every == "coalesced" else "every step sent"
        print(
            f"  {how:34s}: explicit kintsugi.step {explicit:6.2f} us, "
            f"automatic hooks {auto:6.2f} us ({auto / explicit:.2f}x)"
        )
    check_cost()


if __name__ == "__main__":
    main()
