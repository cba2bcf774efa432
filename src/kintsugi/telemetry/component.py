"""``Telemetry``: the samplers as one component an agent owns (start, stop, latest snapshot).

It turns the world into events through ``emit(kind, payload)`` and never raises into its
owner: a sampler that cannot run says so once (a ``log`` event) and the others go on. XIDs
and kernel-log matches also go to ``on_alert`` at once, so the agent can react.
"""

from __future__ import annotations

import contextlib
import copy
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kintsugi.events import EventKind
from kintsugi.telemetry.kernel import KernelLogFollower, KernelMatch

Emit = Callable[[EventKind, dict[str, Any]], None]


@dataclass(kw_only=True, slots=True)
class TelemetryConfig:
    """Rates and sources of the samplers."""

    host_interval_s: float = 10.0
    """Seconds between host samples (0 turns the host sampler off)."""
    gpu_interval_s: float = 10.0
    """Seconds between GPU samples (0 turns the GPU sampler off)."""
    xid_events: bool = True
    """Watch NVML XID events (needs NVML)."""
    kernel_log: str | None = "auto"
    """A file, ``journal``, ``dmesg``, ``auto`` (journal if journalctl exists, else dmesg)
    or None (off)."""
    disk_paths: tuple[str, ...] = ("/",)

    def __post_init__(self) -> None:
        if self.host_interval_s < 0 or self.gpu_interval_s < 0:
            raise ValueError("sampling intervals must be >= 0")


class Telemetry:
    """Samplers on a daemon thread, plus the XID watcher and the kernel-log follower.

    Args:
        node: this node's name (put in snapshots).
        emit: receives each ``telemetry``, ``kernel_log`` and ``log`` event payload; called
            from telemetry threads, so it must be thread-safe (a queue put is).
        config: rates and sources.
        on_alert: receives XID and kernel-log events the moment they are seen.
    """

    def __init__(
        self,
        node: str,
        emit: Emit,
        config: TelemetryConfig | None = None,
        on_alert: Emit | None = None,
    ) -> None:
        self.node = node
        self.config = config or TelemetryConfig()
        self._emit_fn = emit
        self._on_alert = on_alert
        self._lock = threading.Lock()
        self._latest: dict[str, Any] = {"node": node}
        self._said: set[str] = set()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._xid: Any = None
        self._kernel: KernelLogFollower | None = None

    # -- owner's API -------------------------------------------------------------------

    def start(self) -> None:
        """Starts the threads; idempotent."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._loop, name="kintsugi-telemetry", daemon=True)
        self._thread.start()
        if self.config.xid_events:
            self._start_xid()
        source = self._kernel_source()
        if source is not None:
            self._kernel = KernelLogFollower(source, self._on_kernel, self._say)
            self._kernel.start()

    def stop(self) -> None:
        """Stops every thread (within about a second); idempotent."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5.0)
        if self._xid is not None:
            self._xid.stop()
        if self._kernel is not None:
            self._kernel.stop()

    def snapshot(self) -> dict[str, Any]:
        """The latest readings: ``{"node", "ts", "host": {...}, "gpus": [...]}`` (a copy).

        Per GPU: ``temperature_c``, ``power_mw``, ``sm_clock_mhz``, ``throttle`` (names),
        ECC and retirement counters; what to attach to a straggler's evidence.
        """
        with self._lock:
            return copy.deepcopy(self._latest)

    # -- internals ---------------------------------------------------------------------

    def _emit(self, kind: EventKind, payload: dict[str, Any]) -> None:
        # The owner's sink failing must not stop sampling.
        with contextlib.suppress(Exception):
            self._emit_fn(kind, payload)

    def _say(self, message: str) -> None:
        """Reports a sampler problem once (the same message is not repeated)."""
        with self._lock:
            if message in self._said:
                return
            self._said.add(message)
        self._emit(EventKind.LOG, {"message": f"telemetry: {message}", "source": "telemetry"})

    def _alert(self, kind: EventKind, payload: dict[str, Any]) -> None:
        self._emit(kind, payload)
        if self._on_alert is not None:
            with contextlib.suppress(Exception):  # The owner's callback must not stop us.
                self._on_alert(kind, payload)

    def _kernel_source(self) -> str | None:
        src = self.config.kernel_log
        if src != "auto":
            return src
        return "journal" if shutil.which("journalctl") else "dmesg"

    def _start_xid(self) -> None:
        from kintsugi.telemetry.gpu import XidWatcher
        from kintsugi.telemetry.nvml import NvmlUnavailable, init

        try:
            init()
        except NvmlUnavailable as e:
            self._say(f"no XID events: {e}")
            return
        self._xid = XidWatcher(self._on_xid, self._say)
        self._xid.start()

    def _on_xid(self, gpu: int, xid: int) -> None:
        line = f"NVML XID {xid} on GPU {gpu}"
        self._alert(
            EventKind.KERNEL_LOG,
            {"pattern": "xid", "line": line, "xid": xid, "gpu": gpu, "via": "nvml"},
        )

    def _on_kernel(self, m: KernelMatch) -> None:
        self._alert(EventKind.KERNEL_LOG, {**m.to_payload(), "via": "kernel_log"})

    def sample_now(self) -> dict[str, Any]:
        """Samples host and GPU once on the caller's thread; returns the new snapshot.

        Fresh evidence for a verdict (a straggler's clocks and throttle reasons) without
        waiting for the next tick; also what ``kintsugi telemetry --once`` prints.
        """
        host, gpu = self._samplers(host=True, gpu=True)
        if host is not None:
            self._sample("host", host.sample)
        if gpu is not None:
            self._sample("gpu", gpu.sample)
        return self.snapshot()

    def _samplers(self, host: bool, gpu: bool) -> tuple[Any, Any]:
        h = g = None
        if host:
            try:
                from kintsugi.telemetry.host import HostSampler

                h = HostSampler(self.config.disk_paths)
            except Exception as e:  # noqa: BLE001
                self._say(f"no host metrics: {e}")
        if gpu:
            try:
                from kintsugi.telemetry.gpu import GpuSampler

                g = GpuSampler()
            except Exception as e:  # noqa: BLE001 - no NVML: a CPU node, said once
                self._say(f"no GPU metrics: {e}")
        return h, g

    def _loop(self) -> None:
        cfg = self.config
        host, gpu = self._samplers(cfg.host_interval_s > 0, cfg.gpu_interval_s > 0)
        next_host = next_gpu = time.monotonic()
        while not self._stop.is_set():
            now = time.monotonic()
            if host is not None and now >= next_host:
                next_host = now + cfg.host_interval_s
                self._sample("host", host.sample)
            if gpu is not None and now >= next_gpu:
                next_gpu = now + cfg.gpu_interval_s
                self._sample("gpu", gpu.sample)
            due = min(
                next_host if host is not None else float("inf"),
                next_gpu if gpu is not None else float("inf"),
            )
            self._stop.wait(min(max(due - time.monotonic(), 0.01), 1.0))

    def _sample(self, source: str, fn: Callable[[], dict[str, Any]]) -> None:
        try:
            metrics = fn()
        except Exception as e:  # noqa: BLE001 - one bad read must not end sampling
            self._say(f"{source} sample failed: {type(e).__name__}: {e}")
            return
        with self._lock:
            self._latest["ts"] = time.time()
            if source == "host":
                self._latest["host"] = metrics
            else:
                self._latest["gpus"] = metrics["gpus"]
        self._emit(EventKind.TELEMETRY, {"source": source, "metrics": metrics})
