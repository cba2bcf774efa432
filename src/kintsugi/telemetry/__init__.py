"""Samplers that turn the world into events: host (psutil), GPU (NVML), kernel log."""

from kintsugi.telemetry.component import Telemetry, TelemetryConfig
from kintsugi.telemetry.kernel import KernelLogFollower, KernelMatch, classify

__all__ = ["KernelLogFollower", "KernelMatch", "Telemetry", "TelemetryConfig", "classify"]
