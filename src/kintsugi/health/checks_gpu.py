"""Level 1 GPU checks through NVML: driver, GPUs counted, memory retirement, pending XIDs.

Without a GPU they are ``skip`` with the reason, never ``pass``. NVML missing on a node whose
kernel shows NVIDIA devices is a failure: the driver is broken, not absent.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from kintsugi.health.api import CheckContext, CheckFailed, CheckSkipped, CheckWarning
from kintsugi.telemetry import nvml
from kintsugi.telemetry.kernel import classify

CRITICAL_XIDS = frozenset({48, 64, 74, 79, 95, 109, 119, 120})
"""XIDs after which the GPU needs a reset or the node a reboot (REFERENCES.md's catalog)."""


def _nvml() -> Any:
    try:
        return nvml.init()
    except nvml.NvmlUnavailable as e:
        if nvml.gpu_devices_present():
            raise CheckFailed(f"could not check: /dev/nvidia* exists but {e}") from e
        raise CheckSkipped(f"no GPU: {e}") from e


def check_driver(ctx: CheckContext) -> str:
    """The NVIDIA driver and NVML load."""
    nv = _nvml()
    version = nv.nvmlSystemGetDriverVersion()
    return f"driver {version.decode() if isinstance(version, bytes) else version}"


def check_gpu_count(ctx: CheckContext) -> str:
    """GPUs are visible, as many as expected (``expect_gpus`` in the context's extras)."""
    nv = _nvml()
    n = int(nv.nvmlDeviceGetCount())
    want = ctx.extras.get("expect_gpus")
    if want is not None and n != int(want):
        raise CheckFailed(f"{n} GPUs visible, expected {want}")
    if n == 0:
        raise CheckFailed("NVML sees no GPU")
    return f"{n} GPUs visible"


def check_gpu_memory(ctx: CheckContext) -> str:
    """No row-remap failure, no pending retirement or remap, no double-bit retired pages."""
    nv = _nvml()
    fails: list[str] = []
    warns: list[str] = []
    for i in range(int(nv.nvmlDeviceGetCount())):
        s = nvml.device_snapshot(nv, i)
        remap = s.get("row_remap", {})
        if remap.get("failure"):
            fails.append(f"GPU {i}: row remap failed (XID 64 class; RMA candidate)")
        if remap.get("pending") or s.get("retired_pending"):
            warns.append(f"GPU {i}: retirement/remap pending until GPU reset")
        dbe = s.get("retired_pages", {}).get("dbe", 0)
        if dbe:
            warns.append(f"GPU {i}: {dbe} pages retired for double-bit ECC")
        if s.get("ecc_uncorrected"):
            fails.append(f"GPU {i}: {s['ecc_uncorrected']} uncorrected ECC errors")
    if fails:
        raise CheckFailed("; ".join(fails + warns))
    if warns:
        raise CheckWarning("; ".join(warns))
    return "no retired-page, row-remap or uncorrected ECC problem"


def read_kernel_log(source: str | None, timeout_s: float = 1.0) -> list[str]:
    """The kernel log's lines from a file, or from ``dmesg`` when no file is given.

    Raises:
        CheckSkipped: no log could be read (``dmesg`` not permitted, file missing).
    """
    if source:
        try:
            return Path(source).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError as e:
            raise CheckSkipped(f"could not read kernel log {source}: {e.strerror}") from e
    try:
        p = subprocess.run(
            ["dmesg"], capture_output=True, text=True, timeout=timeout_s, errors="replace"
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        raise CheckSkipped(f"could not read kernel log with dmesg: {e}") from e
    if p.returncode != 0:
        raise CheckSkipped(f"could not read kernel log with dmesg: {p.stderr.strip()[:120]}")
    return p.stdout.splitlines()


def check_xid(ctx: CheckContext) -> str:
    """No critical XID in the kernel log (``kernel_log`` in extras, else ``dmesg``)."""
    lines = read_kernel_log(ctx.extras.get("kernel_log"))
    bad: list[str] = []
    seen = 0
    for line in lines:
        m = classify(line)
        if m is None or m.pattern != "xid":
            continue
        seen += 1
        if m.xid in CRITICAL_XIDS:
            bad.append(line.strip())
    if bad:
        raise CheckFailed(f"{len(bad)} critical XID line(s); last: {bad[-1][:200]}")
    return f"no critical XID ({seen} XID lines, {len(lines)} lines read)"
