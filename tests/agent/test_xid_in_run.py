"""An XID 79 during training, from the stand-in libnvidia-ml.so.1 (no GPU here: the real
nvidia-ml-py bindings load a small C library of ours that posts the event), reaches the agent
through its telemetry, becomes a gpu_hardware verdict naming the node, and cordons it."""

from __future__ import annotations

import subprocess
import time
import uuid
from pathlib import Path

import pytest

from conftest import kintsugi_cmd, run_events, wait_for
from stand_ins import standins
from stand_ins.standins import FakeGpus

pytestmark = pytest.mark.slow
fake_gpus = standins.fake_gpus
nvml_lib = standins.nvml_lib
JOB = Path(__file__).resolve().parents[1] / "scripts" / "tiny_job.py"


def test_xid_79_names_the_node_and_cordons_it(tmp_path: Path, fake_gpus: FakeGpus) -> None:
    run_dir = tmp_path / "run"
    cmd = kintsugi_cmd(
        "run",
        "--nproc-per-node",
        "2",
        "--run-dir",
        str(run_dir),
        "--node-name",
        "gpu-n0",
        "--rdzv-id",
        f"xid-{uuid.uuid4().hex[:6]}",
        "--no-report",
        "--kernel-log",
        "none",
        "--max-restarts",
        "1",
        str(JOB),
        "--steps",
        "100000",
        "--sleep",
        "0.01",
    )
    agent = subprocess.Popen(
        cmd, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        assert wait_for(lambda: any(e["kind"] == "step" for e in run_events(run_dir)), 90)
        time.sleep(0.5)
        fake_gpus.xid(gpu=1, xid=79)
        assert wait_for(
            lambda: any(
                e["kind"] == "diagnosis" and e["data"]["category"] == "gpu_hardware"  # type: ignore[index]
                for e in run_events(run_dir)
            ),
            60,
        )
    finally:
        agent.kill()
        agent.wait(timeout=30)
    ev = run_events(run_dir)
    d = next(e["data"] for e in ev if e["kind"] == "diagnosis")
    assert d["culprit"]["node"] == "gpu-n0" and "79" in d["summary"]  # type: ignore[index]
    states = [e["data"]["state"] for e in ev if e["kind"] == "node_state"]  # type: ignore[index]
    assert states and states[-1] == "cordoned"
