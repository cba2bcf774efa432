"""Telemetry against stand-ins: the real nvidia-ml-py bindings over a STAND-IN
libnvidia-ml.so.1 built from tests/stand_ins/fake_nvml.c (no GPU on this machine), a real
kernel-log file being appended to and rotated, and psutil on this host."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from conftest import kintsugi_cmd, wait_for
from kintsugi.events import EventKind, validate
from kintsugi.store import open_store
from kintsugi.telemetry import Telemetry, TelemetryConfig, classify
from kintsugi.telemetry.kernel import KernelLogFollower, KernelMatch
from stand_ins import standins
from stand_ins.standins import FakeGpus

# The stand-in GPU fixtures (no GPU on this machine), shared through the helper module.
fake_gpus = standins.fake_gpus
nvml_lib = standins.nvml_lib


class Sink:
    """Collects emitted events and checks each against the shared schema."""

    def __init__(self) -> None:
        self.events: list[tuple[EventKind, dict[str, Any]]] = []
        self.alerts: queue.Queue[dict[str, Any]] = queue.Queue()
        self._lock = threading.Lock()

    def emit(self, kind: EventKind, payload: dict[str, Any]) -> None:
        validate(kind, payload)
        with self._lock:
            self.events.append((kind, payload))

    def alert(self, kind: EventKind, payload: dict[str, Any]) -> None:
        self.alerts.put(payload)

    def of(self, kind: EventKind) -> list[dict[str, Any]]:
        with self._lock:
            return [p for k, p in self.events if k is kind]


def test_gpu_samples_heat_throttle_and_ecc(fake_gpus: FakeGpus) -> None:
    fake_gpus.set(temp_1=91, throttle_1=0x40 | 0x20, ecc_uncorrected_0=2, retired_dbe_0=3)
    sink = Sink()
    tel = Telemetry(
        "n0",
        sink.emit,
        TelemetryConfig(host_interval_s=0.2, gpu_interval_s=0.2, kernel_log=None),
        on_alert=sink.alert,
    )
    tel.start()
    try:
        assert wait_for(lambda: len(sink.of(EventKind.TELEMETRY)) >= 4, timeout=10)
        snap = tel.snapshot()
    finally:
        tel.stop()
    g0, g1 = snap["gpus"]
    assert g1["temperature_c"] == 91 and g1["throttle"] == ["sw_thermal", "hw_thermal"]
    assert g0["ecc_uncorrected"] == 2 and g0["retired_pages"] == {"sbe": 0, "dbe": 3}
    assert g0["sm_clock_mhz"] == 1980 and g0["power_mw"] == 100000
    assert 0 <= snap["host"]["cpu_percent"] <= 100 * 64
    sources = {p["source"] for p in sink.of(EventKind.TELEMETRY)}
    assert sources == {"host", "gpu"}


def test_xid_reaches_the_owner_at_once(fake_gpus: FakeGpus) -> None:
    sink = Sink()
    tel = Telemetry(
        "n0",
        sink.emit,
        TelemetryConfig(host_interval_s=0, gpu_interval_s=0, kernel_log=None),
        on_alert=sink.alert,
    )
    tel.start()
    try:
        time.sleep(0.3)
        fake_gpus.xid(1, 79)
        got = sink.alerts.get(timeout=5)
    finally:
        tel.stop()
    assert got["xid"] == 79 and got["gpu"] == 1 and got["via"] == "nvml"
    assert sink.of(EventKind.KERNEL_LOG)[0]["xid"] == 79


def test_no_nvml_is_said_once_and_nothing_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    from kintsugi.telemetry import nvml

    monkeypatch.setenv("KINTSUGI_NVML_LIBRARY", "/no/such/libnvidia-ml.so.1")
    nvml.reset_for_tests()
    sink = Sink()
    tel = Telemetry(
        "n0", sink.emit, TelemetryConfig(host_interval_s=0.1, gpu_interval_s=0.1, kernel_log=None)
    )
    tel.start()
    try:
        assert wait_for(lambda: len(sink.of(EventKind.TELEMETRY)) >= 3, timeout=10)
    finally:
        tel.stop()
        nvml.reset_for_tests()
    logs = [p["message"] for p in sink.of(EventKind.LOG)]
    assert len([m for m in logs if "no GPU metrics" in m]) == 1
    assert len([m for m in logs if "no XID events" in m]) == 1
    assert "gpus" not in tel.snapshot()


def test_emit_that_raises_does_not_stop_sampling() -> None:
    calls: list[int] = []

    def bad(kind: EventKind, payload: dict[str, Any]) -> None:
        calls.append(1)
        raise RuntimeError("sink down")

    tel = Telemetry(
        "n0",
        bad,
        TelemetryConfig(host_interval_s=0.1, gpu_interval_s=0, xid_events=False, kernel_log=None),
    )
    tel.start()
    try:
        assert wait_for(lambda: len(calls) >= 3, timeout=10)
    finally:
        tel.stop()


def test_kernel_log_file_followed_across_rotation(tmp_path: Path) -> None:
    log = tmp_path / "kern.log"
    log.write_text("old line: NVRM: Xid (PCI:0000:01:00): 79, before we started\n")
    got: queue.Queue[KernelMatch] = queue.Queue()
    errors: list[str] = []
    f = KernelLogFollower(str(log), got.put, errors.append, poll_s=0.05)
    f.start()
    try:
        time.sleep(0.3)
        with log.open("a") as w:
            w.write("[5.0] mlx5_core 0000:5e:00.0 ib0: Link down\n")
            w.write("[5.1] nothing to see\n")
            w.write("[5.2] Out of memory: Killed process 4242 (python)\n")
        first = got.get(timeout=5)
        second = got.get(timeout=5)
        rotated = tmp_path / "kern.log.1"
        log.rename(rotated)
        log.write_text("")
        time.sleep(0.3)
        with log.open("a") as w:
            w.write("[6.0] NVRM: Xid (PCI:0000:3b:00): 48, pid=9, DBE\n")
        third = got.get(timeout=5)
    finally:
        f.stop()
    assert (first.pattern, first.device) == ("link_down", "mlx5_core 0000:5e:00.0")
    assert second.pattern == "oom_kill"
    assert (third.pattern, third.xid, third.device) == ("xid", 48, "PCI:0000:3b:00")
    assert got.empty() and not errors  # the old XID line was before the follower started


def test_a_follower_stopped_while_starting_leaves_no_command_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A STAND-IN ``journalctl`` (a script that records its pid and follows forever): stopped
    at any moment of its start, the follower leaves no ``journalctl -f`` running."""
    pids = tmp_path / "pids"
    fake = tmp_path / "bin" / "journalctl"
    fake.parent.mkdir()
    fake.write_text(f"#!/bin/sh\necho $$ >> {pids}\nexec sleep 600\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}:{os.environ['PATH']}")
    for delay in (0.0, 0.001, 0.005, 0.02, 0.1, 0.3):
        f = KernelLogFollower("journal", lambda m: None, lambda e: None)
        f.start()
        time.sleep(delay)
        f.stop()
    time.sleep(0.2)
    started = [int(x) for x in pids.read_text().split()] if pids.exists() else []
    alive = [pid for pid in started if Path(f"/proc/{pid}").exists()]
    assert not alive, f"journalctl stand-ins still running: {alive}"


def test_boot_lines_naming_mce_are_not_machine_checks() -> None:
    assert classify("MCE: In-kernel MCE decoding enabled.") is None
    assert classify("smpboot: CPU0: AMCE Processor") is None
    m = classify("mce: [Hardware Error]: CPU 17: Machine Check Exception: 5 Bank 6")
    assert m is not None and m.pattern == "machine_check"


def test_unreadable_kernel_log_is_reported(tmp_path: Path) -> None:
    errors: queue.Queue[str] = queue.Queue()
    f = KernelLogFollower(str(tmp_path / "missing.log"), lambda m: None, errors.put)
    f.start()
    try:
        msg = errors.get(timeout=5)
    finally:
        f.stop()
    assert msg.startswith("could not read kernel log") and "missing.log" in msg


@pytest.mark.parametrize(
    ("line", "pattern", "xid"),
    [
        ("NVRM: Xid (PCI:0000:3b:00): 79, pid=1, GPU has fallen off the bus.", "xid", 79),
        ("[12.3] NVRM: Xid (PCI:0000:af:00): 119, pid=', name=, Timeout", "xid", 119),
        ("mce: [Hardware Error]: Machine check events logged", "machine_check", None),
        ("python invoked oom-killer: gfp_mask=0x100cca", "oom_kill", None),
        ("mlx5_core 0000:5e:00.0: mlx5_port_module_event: Link down", "link_down", None),
        ("eth0: renamed from veth", None, None),
    ],
)
def test_classify(line: str, pattern: str | None, xid: int | None) -> None:
    m = classify(line)
    assert (m.pattern if m else None) == pattern
    assert (m.xid if m else None) == xid


def _cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    e = {k: v for k, v in os.environ.items() if not k.startswith("KINTSUGI_")}
    e.update(env)
    return subprocess.run(kintsugi_cmd(*args), capture_output=True, text=True, timeout=60, env=e)


def test_cli_once_over_stand_in(fake_gpus: FakeGpus) -> None:
    fake_gpus.set(temp_0=77, throttle_0=0x4)
    p = _cli("telemetry", "--once", "--json", "--node-name", "g1", env=fake_gpus.env())
    assert p.returncode == 0, p.stderr
    snap = json.loads(p.stdout)
    assert snap["node"] == "g1" and len(snap["gpus"]) == 2
    assert snap["gpus"][0]["temperature_c"] == 77 and snap["gpus"][0]["throttle"] == [
        "sw_power_cap"
    ]
    assert "mem_used_percent" in snap["host"]


def test_cli_samples_into_store(tmp_path: Path) -> None:
    klog = tmp_path / "kern.log"
    klog.write_text("")
    db = tmp_path / "ev.db"
    p = _cli(
        "telemetry", "--duration", "1.5", "--host-interval", "0.5", "--gpu-interval", "0",
        "--kernel-log", str(klog), "--store", str(db), "--json", env={},
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    with open_store(str(db)) as s:
        kinds = [e.kind for e in s.events(run_id="kintsugi-nodes")]
    assert kinds.count(EventKind.TELEMETRY) >= 2


def test_cli_unreadable_kernel_log_is_one_line(tmp_path: Path) -> None:
    p = _cli("telemetry", "--kernel-log", str(tmp_path / "nope.log"), env={})
    assert p.returncode == 2
    assert (
        p.stderr.strip()
        == f"kintsugi: error: could not read kernel log {tmp_path / 'nope.log'}: No such file or directory"
    )
