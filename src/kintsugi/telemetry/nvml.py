"""One door to NVML (through nvidia-ml-py's ``pynvml``), shared by health checks and telemetry.

``KINTSUGI_NVML_LIBRARY`` may name the library file when it is not on the loader's path
(a driver in a non-standard place, or the tests' stand-in library).
"""

from __future__ import annotations

import contextlib
import ctypes
import glob
import os
import threading
from typing import Any

ENV_LIBRARY = "KINTSUGI_NVML_LIBRARY"
_lock = threading.Lock()
_module: Any = None

THROTTLE_REASONS = {
    0x1: "gpu_idle",
    0x2: "applications_clocks",
    0x4: "sw_power_cap",
    0x8: "hw_slowdown",
    0x10: "sync_boost",
    0x20: "sw_thermal",
    0x40: "hw_thermal",
    0x80: "hw_power_brake",
    0x100: "display_clock",
}
"""``nvmlClocksEventReason*`` bits by name."""

HARMFUL_THROTTLE = 0x4 | 0x8 | 0x20 | 0x40 | 0x80
"""Reasons that slow a busy GPU down (idle and sync boost are not faults)."""


class NvmlUnavailable(Exception):
    """NVML cannot be used here; the message says why."""


def gpu_devices_present() -> bool:
    """Whether the kernel shows NVIDIA devices (then a missing NVML is a fault, not a CPU node)."""
    return bool(glob.glob("/dev/nvidia[0-9]*"))


def init() -> Any:
    """Loads and initialises NVML once per process; returns the ``pynvml`` module.

    Raises:
        NvmlUnavailable: the bindings or the library are missing, or ``nvmlInit`` failed.
    """
    global _module
    with _lock:
        if _module is not None:
            return _module
        try:
            import pynvml
        except ImportError as e:
            raise NvmlUnavailable(f"nvidia-ml-py is not installed ({e})") from e
        path = os.environ.get(ENV_LIBRARY)
        if path and pynvml.nvmlLib is None:
            try:
                # pynvml loads "libnvidia-ml.so.1" by name; handing it the library object
                # lets a driver outside the loader's path (or a stand-in) be used.
                pynvml.nvmlLib = ctypes.CDLL(path)
            except OSError as e:
                raise NvmlUnavailable(f"cannot load {ENV_LIBRARY}={path}: {e}") from e
        try:
            pynvml.nvmlInit()
        except pynvml.NVMLError as e:
            raise NvmlUnavailable(f"NVML did not initialise: {e}") from e
        _module = pynvml
        return pynvml


def reset_for_tests() -> None:
    """Forgets the loaded library so a test can point ``KINTSUGI_NVML_LIBRARY`` elsewhere."""
    global _module
    with _lock:
        if _module is not None:
            _module.nvmlLib = None
            _module._nvmlGetFunctionPointer_cache.clear()
        _module = None


def throttle_names(mask: int) -> list[str]:
    """The names of the reason bits set in ``mask``."""
    return [name for bit, name in THROTTLE_REASONS.items() if mask & bit]


def device_snapshot(nv: Any, index: int) -> dict[str, Any]:
    """Reads one GPU's sensors and error counters; a counter the GPU lacks is left out."""
    h = nv.nvmlDeviceGetHandleByIndex(index)
    out: dict[str, Any] = {"index": index}

    def read(key: str, fn: Any, *args: Any) -> None:
        # Not every GPU supports every counter (NVML_ERROR_NOT_SUPPORTED): leave it out.
        with contextlib.suppress(nv.NVMLError):
            out[key] = fn(h, *args)

    read("temperature_c", nv.nvmlDeviceGetTemperature, nv.NVML_TEMPERATURE_GPU)
    read("power_mw", nv.nvmlDeviceGetPowerUsage)
    read("sm_clock_mhz", nv.nvmlDeviceGetClockInfo, nv.NVML_CLOCK_SM)
    read("throttle_mask", nv.nvmlDeviceGetCurrentClocksEventReasons)
    read(
        "ecc_corrected",
        nv.nvmlDeviceGetTotalEccErrors,
        nv.NVML_MEMORY_ERROR_TYPE_CORRECTED,
        nv.NVML_VOLATILE_ECC,
    )
    read(
        "ecc_uncorrected",
        nv.nvmlDeviceGetTotalEccErrors,
        nv.NVML_MEMORY_ERROR_TYPE_UNCORRECTED,
        nv.NVML_VOLATILE_ECC,
    )
    pages: dict[str, int] = {}
    for key, cause in (
        ("sbe", nv.NVML_PAGE_RETIREMENT_CAUSE_MULTIPLE_SINGLE_BIT_ECC_ERRORS),
        ("dbe", nv.NVML_PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR),
    ):
        with contextlib.suppress(nv.NVMLError):
            pages[key] = len(nv.nvmlDeviceGetRetiredPages(h, cause))
    if pages:
        out["retired_pages"] = pages
    read("retired_pending", nv.nvmlDeviceGetRetiredPagesPendingStatus)
    try:
        corr, unc, pending, failure = nv.nvmlDeviceGetRemappedRows(h)
        out["row_remap"] = {
            "corrected": corr,
            "uncorrected": unc,
            "pending": bool(pending),
            "failure": bool(failure),
        }
    except nv.NVMLError:
        pass
    if "throttle_mask" in out:
        out["throttle"] = throttle_names(int(out["throttle_mask"]))
    return out
