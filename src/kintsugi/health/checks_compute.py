"""Level 2-4 compute checks: matmul against a reference, memory, bandwidth, collectives.

On a node without a GPU the compute and collective checks run on the CPU and say so; the
GPU-only ones (device memory test, host-to-device bandwidth) are ``skip``.
"""

from __future__ import annotations

import datetime
import threading
import time
from typing import Any

from kintsugi.health.api import CheckContext, CheckFailed, CheckSkipped

_TOL = 1e-3
"""Relative error allowed against the float64 reference (float32 accumulation over 1k terms)."""


def _torch() -> Any:
    import torch

    return torch


def _device(torch: Any) -> tuple[Any, str]:
    if torch.cuda.is_available():
        return torch.device("cuda:0"), f"on {torch.cuda.get_device_name(0)}"
    return torch.device("cpu"), "on CPU (no GPU)"


def _matmul_once(torch: Any, dev: Any, n: int, seed: int) -> tuple[float, Any]:
    g = torch.Generator().manual_seed(seed)
    a = torch.randn(n, n, generator=g, dtype=torch.float64)
    b = torch.randn(n, n, generator=g, dtype=torch.float64)
    ref = a @ b
    got = (a.float().to(dev) @ b.float().to(dev)).double().cpu()
    err = float((got - ref).abs().max() / ref.abs().max())
    return err, got


def check_matmul(ctx: CheckContext) -> str:
    """A matmul agrees with a float64 reference and with itself on repeat (silent corruption)."""
    torch = _torch()
    dev, where = _device(torch)
    n = 512 if ctx.level <= 2 else 1024
    first = None
    worst_err = 0.0
    for i in range(max(1, ctx.repeat)):
        err, got = _matmul_once(torch, dev, n, seed=1234)
        worst_err = max(worst_err, err)
        if err > _TOL:
            raise CheckFailed(f"matmul {n}x{n} {where}: relative error {err:.2e} > {_TOL:g}")
        if first is None:
            first = got
        elif not torch.equal(first, got):
            raise CheckFailed(f"matmul {n}x{n} {where}: repeat {i} differs from the first run")
    return f"matmul {n}x{n} {where}: max relative error {worst_err:.1e}, {ctx.repeat} run(s)"


def check_stress(ctx: CheckContext) -> str:
    """Back-to-back checked matmuls for a while (``stress_s`` in extras, default 5 s per repeat)."""
    torch = _torch()
    dev, where = _device(torch)
    seconds = float(ctx.extras.get("stress_s", 5.0)) * max(1, ctx.repeat)
    deadline = time.monotonic() + seconds
    runs = 0
    while time.monotonic() < deadline:
        err, _ = _matmul_once(torch, dev, 768, seed=runs)
        if err > _TOL:
            raise CheckFailed(f"stress {where}: run {runs} relative error {err:.2e}")
        runs += 1
    return f"stress {where}: {runs} checked 768x768 matmuls in {seconds:g} s"


def check_gpu_memtest(ctx: CheckContext) -> str:
    """Writes and reads back patterns over a slab of device memory."""
    torch = _torch()
    if not torch.cuda.is_available():
        raise CheckSkipped("no GPU: device memory test needs CUDA")
    free, _total = torch.cuda.mem_get_info(0)
    n = int(min(free * 0.25, 4 * 1024**3) // 4)
    for pattern in (0x00000000, 0x55555555, -0x55555556, -1):  # 0, 0101.., 1010.., 1111..
        buf = torch.full((n,), pattern, dtype=torch.int32, device="cuda:0")
        bad = int((buf != pattern).sum().item())
        del buf
        if bad:
            raise CheckFailed(f"device memory test: {bad} words differ for pattern {pattern:#x}")
    return f"device memory test over {n * 4 / 1024**3:.1f} GiB: 4 patterns read back"


def check_h2d_bandwidth(ctx: CheckContext) -> str:
    """Host-to-device copy bandwidth from pinned memory (PCIe)."""
    torch = _torch()
    if not torch.cuda.is_available():
        raise CheckSkipped("no GPU: host-to-device bandwidth needs CUDA")
    host = torch.empty(256 * 1024**2, dtype=torch.uint8).pin_memory()
    dev = torch.empty_like(host, device="cuda:0")
    dev.copy_(host, non_blocking=True)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(5):
        dev.copy_(host, non_blocking=True)
    torch.cuda.synchronize()
    gbps = 5 * host.numel() / (time.perf_counter() - t0) / 1e9
    min_gbps = float(ctx.extras.get("min_h2d_gbps", 5.0))
    if gbps < min_gbps:
        raise CheckFailed(f"host-to-device {gbps:.1f} GB/s < {min_gbps:g} GB/s")
    return f"host-to-device {gbps:.1f} GB/s"


def check_host_bandwidth(ctx: CheckContext) -> str:
    """Host memory copy bandwidth (a sick DIMM or a misconfigured NUMA node shows here)."""
    torch = _torch()
    src = torch.ones(64 * 1024**2, dtype=torch.uint8)
    dst = torch.empty_like(src)
    dst.copy_(src)
    t0 = time.perf_counter()
    reps = 4 * max(1, ctx.repeat)
    for _ in range(reps):
        dst.copy_(src)
    gbps = reps * src.numel() / (time.perf_counter() - t0) / 1e9
    if not bool(torch.equal(src, dst)):
        raise CheckFailed("host memory copy read back wrong bytes")
    return f"host memory copy {gbps:.1f} GB/s"


def _allreduce(world: int, devices: list[str]) -> None:
    """All-reduces ``rank + 1`` across ``world`` gloo ranks on threads of this process.

    Raises:
        CheckFailed: a rank failed or a sum came out wrong.
    """
    import importlib

    torch = _torch()
    dist: Any = importlib.import_module("torch.distributed")
    store = dist.HashStore()
    out: dict[int, tuple[float, float]] = {}
    errors: list[str] = []

    def rank(r: int) -> None:
        try:
            pg = dist.ProcessGroupGloo(store, r, world, datetime.timedelta(seconds=20))
            t = torch.full((1 << 16,), float(r + 1), device=devices[r % len(devices)])
            pg.allreduce([t]).wait()
            out[r] = float(t.min().item()), float(t.max().item())
        except Exception as e:  # noqa: BLE001 - reported as the check's evidence
            errors.append(f"rank {r}: {e}")

    threads = [threading.Thread(target=rank, args=(r,), daemon=True) for r in range(world)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise CheckFailed("collective failed: " + "; ".join(errors)[:300])
    expect = world * (world + 1) / 2
    wrong = [r for r, v in out.items() if v != (expect, expect)]
    if wrong:
        raise CheckFailed(f"all-reduce gave wrong sums on ranks {wrong} (expected {expect:g})")


def check_loopback_collective(ctx: CheckContext) -> str:
    """A two-rank gloo all-reduce over loopback TCP inside this process."""
    torch = _torch()
    dev = "cuda:0" if torch.cuda.is_available() else "cpu"
    _allreduce(2, [dev])
    return f"2-rank gloo all-reduce over loopback on {dev.upper() if dev == 'cpu' else dev}: ok"


def check_allreduce_devices(ctx: CheckContext) -> str:
    """An all-reduce across every device of the node (GPUs, or CPU ranks without one)."""
    torch = _torch()
    if torch.cuda.is_available() and torch.cuda.device_count() > 1:
        devices = [f"cuda:{i}" for i in range(torch.cuda.device_count())]
        where = f"{len(devices)} GPUs"
    else:
        devices = ["cpu"]
        where = "CPU (no GPUs to span)"
    world = len(devices) if devices != ["cpu"] else 4
    for _ in range(max(1, ctx.repeat)):
        _allreduce(world, devices)
    return f"{world}-rank gloo all-reduce across {where}: ok x{max(1, ctx.repeat)}"
