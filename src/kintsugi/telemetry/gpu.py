"""GPU sampler and XID watcher through NVML (nvidia-ml-py).

``GpuSampler.sample`` reads temperature, power, SM clock, clock-event (throttle) reasons,
ECC counts, retired pages and row remaps; ``XidWatcher`` blocks in ``nvmlEventSetWait_v2``
on its own thread and reports each XID the moment the driver posts it.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any

from kintsugi.telemetry import nvml


class GpuSampler:
    """Reads every GPU's sensors.

    Raises:
        nvml.NvmlUnavailable: from the constructor, when NVML cannot be used.
    """

    def __init__(self) -> None:
        self._nv = nvml.init()
        self.count = int(self._nv.nvmlDeviceGetCount())

    def sample(self) -> dict[str, Any]:
        return {"gpus": [nvml.device_snapshot(self._nv, i) for i in range(self.count)]}


class XidWatcher:
    """Waits for XID critical-error events and calls ``on_xid(gpu_index, xid)``.

    Args:
        on_xid: called from the watcher's thread.
        on_error: called once with a reason if the watcher cannot run or stops.
        wait_ms: how long one ``nvmlEventSetWait_v2`` blocks (bounds ``stop()``'s delay).
    """

    def __init__(
        self,
        on_xid: Callable[[int, int], None],
        on_error: Callable[[str], None],
        wait_ms: int = 500,
    ) -> None:
        self._on_xid = on_xid
        self._on_error = on_error
        self._wait_ms = wait_ms
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="kintsugi-xid", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=self._wait_ms / 1000 + 2.0)

    def _run(self) -> None:
        try:
            nv = nvml.init()
            handles = [nv.nvmlDeviceGetHandleByIndex(i) for i in range(nv.nvmlDeviceGetCount())]
            index = {ctypes_addr(h): i for i, h in enumerate(handles)}
            es = nv.nvmlEventSetCreate()
            for h in handles:
                nv.nvmlDeviceRegisterEvents(h, nv.nvmlEventTypeXidCriticalError, es)
        except Exception as e:  # noqa: BLE001 - NVML missing or no event support: say so once
            self._on_error(f"could not watch XIDs: {e}")
            return
        try:
            while not self._stop.is_set():
                try:
                    data = nv.nvmlEventSetWait_v2(es, self._wait_ms)
                except nv.NVMLError_Timeout:
                    continue
                if data.eventType & nv.nvmlEventTypeXidCriticalError:
                    self._on_xid(index.get(ctypes_addr(data.device), -1), int(data.eventData))
        except Exception as e:  # noqa: BLE001 - a watcher must never raise into the agent
            self._on_error(f"XID watcher stopped: {e}")
        finally:
            with contextlib.suppress(Exception):  # Freeing is best effort at shutdown.
                nv.nvmlEventSetFree(es)


def ctypes_addr(handle: Any) -> int:
    """The address a ``c_nvmlDevice_t`` points at (to map an event's device to its index)."""
    import ctypes

    return int(ctypes.cast(handle, ctypes.c_void_p).value or 0)
