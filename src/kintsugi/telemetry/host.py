"""Host sampler: CPU, memory, disk and network through psutil, as rates between samples."""

from __future__ import annotations

import os
import time
from typing import Any


class HostSampler:
    """Reads host metrics; disk and network counters become per-second rates.

    Args:
        paths: file systems whose usage to report.
    """

    def __init__(self, paths: tuple[str, ...] = ("/",)) -> None:
        import psutil

        self._ps = psutil
        self._paths = paths
        self._last: tuple[float, Any, Any] | None = None
        psutil.cpu_percent(interval=None)  # The first call only primes the counter.

    def sample(self) -> dict[str, Any]:
        ps = self._ps
        now = time.monotonic()
        vm = ps.virtual_memory()
        out: dict[str, Any] = {
            "cpu_percent": ps.cpu_percent(interval=None),
            "load1": os.getloadavg()[0],
            "mem_used_percent": vm.percent,
            "mem_available_gb": round(vm.available / 1024**3, 3),
            "swap_used_percent": ps.swap_memory().percent,
            "disk_used_percent": {
                p: ps.disk_usage(p).percent for p in self._paths if os.path.isdir(p)
            },
        }
        disk = ps.disk_io_counters()
        net = ps.net_io_counters()
        if self._last is not None:
            dt = max(now - self._last[0], 1e-6)
            d0, n0 = self._last[1], self._last[2]
            if disk is not None and d0 is not None:
                out["disk_read_mb_s"] = round((disk.read_bytes - d0.read_bytes) / dt / 1e6, 3)
                out["disk_write_mb_s"] = round((disk.write_bytes - d0.write_bytes) / dt / 1e6, 3)
            if net is not None and n0 is not None:
                out["net_rx_mb_s"] = round((net.bytes_recv - n0.bytes_recv) / dt / 1e6, 3)
                out["net_tx_mb_s"] = round((net.bytes_sent - n0.bytes_sent) / dt / 1e6, 3)
                out["net_errors"] = (net.errin - n0.errin) + (net.errout - n0.errout)
                out["net_drops"] = (net.dropin - n0.dropin) + (net.dropout - n0.dropout)
        self._last = (now, disk, net)
        return out
