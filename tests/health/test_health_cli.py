"""``kintsugi health`` as a user runs it: real subprocesses, JSON shape, exit codes 0/1/2."""

from __future__ import annotations

import json
import os
import socket
import subprocess
from pathlib import Path

import pytest

from conftest import kintsugi_cmd
from kintsugi.events import EventKind
from kintsugi.store import open_store
from stand_ins import standins
from stand_ins.standins import DCGMI, FakeGpus

# The stand-in GPU fixtures (no GPU on this machine), shared through the helper module.
fake_gpus = standins.fake_gpus
nvml_lib = standins.nvml_lib


def health(*args: str, env: dict[str, str] | None = None, timeout: float = 120):
    e = {k: v for k, v in os.environ.items() if not k.startswith("KINTSUGI_")}
    e["PYTHONPATH"] = os.environ.get("PYTHONPATH", "")
    e.update(env or {})
    return subprocess.run(
        kintsugi_cmd("health", *args), capture_output=True, text=True, timeout=timeout, env=e
    )


def test_level1_json_shape_and_no_gpu_means_skip(tmp_path: Path) -> None:
    p = health("--level", "1", "--json", "--node-name", "n7", "--path", str(tmp_path))
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert set(doc) >= {"level", "node", "status", "duration_s", "checks"}
    assert doc["level"] == 1 and doc["node"] == "n7" and doc["status"] == "pass"
    for c in doc["checks"]:
        assert set(c) == {"name", "status", "detail", "duration_s"}
        assert c["status"] in ("pass", "warn", "fail", "skip")
    by = {c["name"]: c for c in doc["checks"]}
    # No GPU and no NVML here: GPU checks are skipped with the reason, never passed.
    for name in ("gpu_driver", "gpu_count", "gpu_memory_errors"):
        assert by[name]["status"] == "skip" and "no GPU" in by[name]["detail"]
    assert by["disks"]["status"] == "pass"


def test_table_prints_text_literally(tmp_path: Path) -> None:
    p = health("--node-name", "[red]n1[/red]", "--path", str(tmp_path))
    assert p.returncode == 0, p.stderr
    assert "[red]n1[/red]" in p.stdout


def test_failed_check_exits_1_and_is_recorded_and_cordons(tmp_path: Path) -> None:
    db = tmp_path / "ev.db"
    p = health(
        "--json",
        "--node-name",
        "n3",
        "--store",
        str(db),
        "--rdzv-endpoint",
        f"127.0.0.1:{_closed_port()}",
    )
    assert p.returncode == 1, p.stderr
    doc = json.loads(p.stdout)
    assert doc["status"] == "fail"
    rdzv = next(c for c in doc["checks"] if c["name"] == "rendezvous")
    assert rdzv["status"] == "fail" and "could not reach" in rdzv["detail"]
    with open_store(str(db)) as s:
        (hc,) = s.events(kinds=[EventKind.HEALTH_CHECK])
        (ns,) = s.events(kinds=[EventKind.NODE_STATE])
    assert hc.node == "n3" and hc.data["status"] == "fail" and hc.data["level"] == 1
    assert ns.data["state"] == "cordoned" and "rendezvous" in ns.data["reason"]


def test_inject_forces_failure_on_named_node_only() -> None:
    p = health("--json", "--node-name", "a", "--inject", "health:node=a,check=memory")
    assert p.returncode == 1
    by = {c["name"]: c for c in json.loads(p.stdout)["checks"]}
    assert by["memory"]["status"] == "fail" and "injected" in by["memory"]["detail"]
    assert by["disks"]["status"] == "pass"
    other = health("--json", "--node-name", "b", "--inject", "health:node=a")
    assert other.returncode == 0
    env = health("--json", "--node-name", "a", env={"KINTSUGI_HEALTH_INJECT": "node=a"})
    assert env.returncode == 1
    assert all(c["status"] == "fail" for c in json.loads(env.stdout)["checks"])


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--level", "5"], "--level '5': unknown level"),
        (["--level", "two"], "--level 'two'"),
        (["--kernel-log", "/no/such/log"], "--kernel-log /no/such/log: not a readable file"),
        (["--inject", "health:check=x"], "health fault needs node=NAME"),
        (["--inject", "health:node=a,when=3"], "unknown key 'when'"),
        (["--budget-seconds", "nan"], "--budget-seconds 'nan'"),
        (["--store", "mysql://x/y"], "could not record the result"),
    ],
)
def test_bad_input_is_one_line_exit_2(args: list[str], needle: str) -> None:
    p = health(*args)
    assert p.returncode == 2, (p.stdout, p.stderr)
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kintsugi: error:") and needle in lines[0]


def test_bad_level_from_env_is_one_line() -> None:
    p = health(env={"KINTSUGI_LEVEL": "9"})
    assert p.returncode == 2 and "KINTSUGI_LEVEL='9'" in p.stderr


def test_level2_on_cpu_says_so(tmp_path: Path) -> None:
    p = health("--level", "2", "--json", "--path", str(tmp_path))
    assert p.returncode == 0, p.stderr
    by = {c["name"]: c for c in json.loads(p.stdout)["checks"]}
    assert by["matmul"]["status"] == "pass" and "on CPU" in by["matmul"]["detail"]
    assert (
        by["loopback_collective"]["status"] == "pass"
        and "CPU" in by["loopback_collective"]["detail"]
    )
    assert by["gpu_memtest"]["status"] == "skip" and by["h2d_bandwidth"]["status"] == "skip"


def test_overrunning_check_fails_as_timed_out(tmp_path: Path) -> None:
    # A budget far below what a matmul needs: the check is abandoned, never waited on.
    p = health("--level", "2", "--json", "--budget-scale", "0.0001", "--path", str(tmp_path))
    assert p.returncode == 1
    by = {c["name"]: c for c in json.loads(p.stdout)["checks"]}
    assert by["matmul"]["status"] == "fail" and by["matmul"]["detail"].startswith("timed out")


@pytest.mark.parametrize(
    ("mode", "rc", "needle"),
    [
        ("pass", 0, None),
        ("fail", 1, "DCGM_FR_ROW_REMAP_FAILURE"),
        ("garbage", 1, "could not check: dcgmi printed no JSON"),
        ("runtime_error", 1, "could not check: dcgmi diag failed: Unable to create diagnostic"),
        ("exit", 1, "could not check"),
        ("hang", 1, "could not check: dcgmi diag -r 1 timed out"),
    ],
)
def test_stand_in_dcgmi(mode: str, rc: int, needle: str | None, tmp_path: Path) -> None:
    # dcgmi here is a STAND-IN printing DCGM's documented JSON (no DCGM on this machine).
    # A hanging dcgmi runs at level 1 under a 4 s ceiling: it is cut off, never waited on.
    level = ["--level", "1", "--budget-seconds", "4"] if mode == "hang" else ["--level", "2"]
    p = health(
        *level,
        "--json",
        "--dcgmi",
        str(DCGMI),
        "--path",
        str(tmp_path),
        env={"KINTSUGI_FAKE_DCGMI": mode},
    )
    assert p.returncode == rc, p.stderr
    doc = json.loads(p.stdout)
    names = [c["name"] for c in doc["checks"]]
    assert "gpu_driver" not in names and "disks" in names  # DCGM replaces only GPU checks
    if needle:
        assert any(needle in c["detail"] for c in doc["checks"] if c["status"] == "fail"), doc
    else:
        assert doc["source"] == "dcgm" and "dcgm:memory" in names


def test_missing_dcgmi_is_could_not_check() -> None:
    p = health("--json", "--dcgmi", "/no/such/dcgmi")
    assert p.returncode == 1
    (c,) = [c for c in json.loads(p.stdout)["checks"] if c["name"] == "dcgm"]
    assert c["detail"] == "could not check: /no/such/dcgmi not found"


def test_gpu_checks_through_stand_in_nvml(fake_gpus: FakeGpus) -> None:
    # The real nvidia-ml-py bindings load a STAND-IN libnvidia-ml.so.1 (no GPU here).
    ok = health("--json", "--expect-gpus", "2", env=fake_gpus.env())
    assert ok.returncode == 0, ok.stdout
    by = {c["name"]: c for c in json.loads(ok.stdout)["checks"]}
    assert by["gpu_count"]["status"] == "pass" and by["gpu_count"]["detail"] == "2 GPUs visible"
    assert "standin" in by["gpu_driver"]["detail"]
    fake_gpus.set(remap_failure_1=1)
    bad = health("--json", "--expect-gpus", "4", env=fake_gpus.env())
    assert bad.returncode == 1
    by = {c["name"]: c for c in json.loads(bad.stdout)["checks"]}
    assert (
        by["gpu_memory_errors"]["status"] == "fail"
        and "GPU 1: row remap failed" in by["gpu_memory_errors"]["detail"]
    )
    assert by["gpu_count"]["detail"] == "2 GPUs visible, expected 4"


def test_nvml_that_fails_to_initialise_is_not_healthy(fake_gpus: FakeGpus) -> None:
    fake_gpus.set(init_error=9)  # NVML_ERROR_DRIVER_NOT_LOADED
    p = health("--json", env=fake_gpus.env())
    by = {c["name"]: c for c in json.loads(p.stdout)["checks"]}
    # No /dev/nvidia* on this machine, so a dead NVML reads as "no GPU": skip, not pass.
    assert (
        by["gpu_driver"]["status"] == "skip" and "Driver Not Loaded" in by["gpu_driver"]["detail"]
    )


def test_critical_xid_in_kernel_log_fails(tmp_path: Path) -> None:
    log = tmp_path / "kern.log"
    log.write_text(
        "[ 1.0] usb 1-1: new device\n"
        "[ 9.5] NVRM: Xid (PCI:0000:3b:00): 79, pid=123, GPU has fallen off the bus.\n"
    )
    p = health("--json", "--kernel-log", str(log))
    assert p.returncode == 1
    (c,) = [c for c in json.loads(p.stdout)["checks"] if c["name"] == "xid"]
    assert c["status"] == "fail" and "fallen off the bus" in c["detail"]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_level3_on_cpu(tmp_path: Path) -> None:
    p = health("--level", "3", "--json", "--stress-seconds", "0.5", "--path", str(tmp_path))
    assert p.returncode == 0, p.stdout + p.stderr
    by = {c["name"]: c for c in json.loads(p.stdout)["checks"]}
    assert by["stress"]["status"] == "pass" and "on CPU" in by["stress"]["detail"]
    assert by["allreduce_devices"]["detail"].startswith("4-rank gloo all-reduce across CPU")
    assert by["host_bandwidth"]["status"] == "pass"
