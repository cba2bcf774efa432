"""Telemetry and health checks on a real GPU through the real NVML (no stand-in).

Skipped where the machine shows no NVIDIA device (``/dev/nvidia*``); docs/benchmarks.md
("On a GPU") says where these ran. The stand-in tests beside them cover the faults a real
GPU cannot be made to show on demand (Xids, ECC, throttling).
"""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from conftest import kintsugi_cmd
from kintsugi.telemetry import nvml

pytestmark = pytest.mark.skipif(
    not nvml.gpu_devices_present(), reason="needs a real NVIDIA GPU and driver"
)


def _cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KINTSUGI_")}
    return subprocess.run(
        kintsugi_cmd(*args), capture_output=True, text=True, timeout=timeout, env=env
    )


def test_one_sample_of_every_gpu() -> None:
    p = _cli("telemetry", "--once", "--json", "--node-name", "gpu-node")
    assert p.returncode == 0, p.stderr
    snap = json.loads(p.stdout)
    assert snap["gpus"], snap
    for g in snap["gpus"]:
        assert 0 < g["temperature_c"] < 120, g
        assert g["power_mw"] > 0 and g["sm_clock_mhz"] > 0, g
        assert set(g["throttle"]) <= set(nvml.throttle_names(0xFFFFFFFF)), g


def test_level2_health_passes_on_a_healthy_gpu() -> None:
    n = len(json.loads(_cli("telemetry", "--once", "--json").stdout)["gpus"])
    p = _cli("health", "--level", "2", "--json", "--no-dcgm", "--expect-gpus", str(n))
    doc = json.loads(p.stdout)
    by = {c["name"]: c for c in doc["checks"]}
    assert by["gpu_count"]["status"] == "pass", by["gpu_count"]
    assert by["gpu_driver"]["status"] == "pass", by["gpu_driver"]
    gpu_checks = [c for c in doc["checks"] if c["name"].startswith("gpu")]
    assert all(c["status"] == "pass" for c in gpu_checks), gpu_checks
