"""Level 1 host checks: libraries, disks and mounts, memory, clock, rendezvous endpoint.

Each is fast (well under DCGM's 2.5 s for level 1) and returns a one-line detail or raises.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import tempfile
import time

from kintsugi.health.api import CheckContext, CheckFailed, CheckSkipped, CheckWarning

_GIB = 1024**3
_SANE_EPOCH = 1_704_067_200.0  # 2024-01-01: a wall clock before this was never set.


def check_libraries(ctx: CheckContext) -> str:
    """The Python stack the job needs is installed (found, not imported: importing costs ~1 s)."""
    missing = [m for m in ("torch", "numpy") if importlib.util.find_spec(m) is None]
    if missing:
        raise CheckFailed(f"missing Python packages: {', '.join(missing)}")
    return "torch and numpy importable"


def check_disks(ctx: CheckContext) -> str:
    """Every path is a directory, writable (a file is written, synced and removed), and has room."""
    notes: list[str] = []
    low: list[str] = []
    for path in ctx.paths:
        if not os.path.isdir(path):
            raise CheckFailed(f"{path} is not present (missing mount?)")
        try:
            fd, name = tempfile.mkstemp(prefix=".kintsugi-health-", dir=path)
            try:
                os.write(fd, b"kintsugi")
                os.fsync(fd)
            finally:
                os.close(fd)
                os.unlink(name)
        except OSError as e:
            raise CheckFailed(f"{path} is not writable: {e.strerror or e}") from e
        free = shutil.disk_usage(path).free / _GIB
        notes.append(f"{path} {free:.1f} GiB free")
        if free < ctx.min_free_gb:
            low.append(f"{path} has {free:.2f} GiB free (< {ctx.min_free_gb:g})")
    if low:
        raise CheckFailed("; ".join(low))
    return ", ".join(notes)


def check_memory(ctx: CheckContext) -> str:
    """Enough host memory is available for a job to start."""
    import psutil

    vm = psutil.virtual_memory()
    avail = vm.available / _GIB
    if avail < ctx.min_mem_gb:
        raise CheckFailed(f"{avail:.2f} GiB memory available (< {ctx.min_mem_gb:g})")
    detail = f"{avail:.1f} of {vm.total / _GIB:.1f} GiB available"
    if vm.percent > 95:
        raise CheckWarning(detail + f" ({vm.percent:.0f}% used)")
    return detail


def check_clock(ctx: CheckContext) -> str:
    """The wall clock was set and moves with the monotonic clock (timeouts and logs rely on it)."""
    now = time.time()
    if now < _SANE_EPOCH:
        raise CheckFailed(f"wall clock reads {time.ctime(now)}: not set (NTP?)")
    w0, m0 = time.time(), time.monotonic()
    time.sleep(0.05)
    drift = abs((time.time() - w0) - (time.monotonic() - m0))
    if drift > 0.5:
        raise CheckWarning(f"wall clock jumped {drift:.2f} s against the monotonic clock")
    return f"wall clock {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(now))}"


def check_rendezvous(ctx: CheckContext) -> str:
    """The rendezvous endpoint accepts a TCP connection."""
    if not ctx.rdzv_endpoint:
        raise CheckSkipped("no rendezvous endpoint given")
    host, sep, port_s = ctx.rdzv_endpoint.rpartition(":")
    if not sep or not port_s.isdigit():
        raise CheckFailed(f"rendezvous endpoint {ctx.rdzv_endpoint!r} is not HOST:PORT")
    t0 = time.monotonic()
    try:
        with socket.create_connection((host.strip("[]"), int(port_s)), timeout=1.5):
            pass
    except OSError as e:
        raise CheckFailed(f"could not reach {ctx.rdzv_endpoint}: {e.strerror or e}") from e
    return f"{ctx.rdzv_endpoint} reachable in {(time.monotonic() - t0) * 1000:.1f} ms"
