"""The Slurm adapter against real slurmctld and slurmd daemons (Debian's slurm-wlm, munge).

Install: ``apt-get update && apt-get install -y slurm-wlm munge``; without them these skip.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from slurm_cluster import SlurmCluster, run_cluster

from conftest import kintsugi_cmd, wait_for
from kintsugi.agent.elastic_agent import EXIT_EXCLUDED
from kintsugi.recover.scheduler import SchedulerError, drain_reason, get_scheduler
from kintsugi.recover.scheduler.slurm_sched import parse_show_node

pytestmark = pytest.mark.slow
REPO_SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SlurmCluster]:
    # The Prolog is `kintsugi health` itself; it fails on n3 through --inject.
    prolog = tmp_path_factory.mktemp("prolog") / "prolog.sh"
    prolog.write_text(
        "#!/bin/sh\n"
        f"export PYTHONPATH={REPO_SRC}\n"
        f"exec {sys.executable} -m kintsugi health --level 1 --no-dcgm "
        "--inject health:node=n3,check=disks >/dev/null\n"
    )
    prolog.chmod(prolog.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    yield from run_cluster(("n1", "n2", "n3"), prolog=str(prolog))


def test_drain_read_resume(cluster: SlurmCluster) -> None:
    s = get_scheduler("slurm", conf=str(cluster.conf), timeout_s=15)
    assert s.usable("n1") and s.usable("n2")
    s.drain("n1", drain_reason("gpu_hardware", "XID 79 on GPU 0: fallen off the bus"))
    info = s.nodes(["n1", "n2"])
    assert not info["n1"].usable and "DRAIN" in info["n1"].state
    assert info["n1"].reason.startswith("kintsugi: gpu_hardware XID 79 on GPU 0")
    assert info["n2"].usable
    assert (
        "kintsugi: gpu_hardware"
        in subprocess.run(
            ["sinfo", "-R", "-h", "-o", "%E"],
            capture_output=True,
            text=True,
            timeout=15,
            env=cluster.env,
        ).stdout
    )
    s.resume("n1")
    # Slurm marks a resumed node NOT_RESPONDING until its slurmd answers the next ping.
    assert wait_for(lambda: s.usable("n1"), timeout=60), s.nodes(["n1"])
    assert not s.usable("no-such-node")
    assert set(s.nodes()) >= {"n1", "n2", "n3"}


def test_cli_cordon_and_validate_drive_slurm(cluster: SlurmCluster, tmp_path: Path) -> None:
    env = dict(os.environ, KINTSUGI_STORE=str(tmp_path / "ev.db"), KINTSUGI_SCHEDULER="slurm",
               KINTSUGI_SLURM_CONF=str(cluster.conf))  # fmt: skip

    def run(*a: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            kintsugi_cmd(*a), capture_output=True, text=True, timeout=120, env=env
        )

    p = run("cordon", "n2", "--reason", "ECC errors climbing")
    assert p.returncode == 0, p.stderr
    assert "Reason=kintsugi: cordon ECC errors climbing" in cluster.scontrol("show", "node", "n2")
    nodes = {n["node"]: n for n in json.loads(run("nodes", "--json").stdout)["nodes"]}
    assert nodes["n2"]["state"] == "cordoned" and not nodes["n2"]["slurm"]["usable"]
    assert nodes["n1"]["slurm"]["usable"]  # known to Slurm only
    p = run("validate", "n2", "--level", "1", "--path", str(tmp_path))
    assert p.returncode == 0, p.stdout + p.stderr
    assert "validating -> healthy" in p.stdout
    assert wait_for(lambda: "State=IDLE " in cluster.scontrol("show", "node", "-o", "n2"), 60)


def test_prolog_failure_drains_node(cluster: SlurmCluster, tmp_path: Path) -> None:
    # kintsugi health as Slurm's Prolog: exit 1 on n3 makes Slurm drain n3 and requeue the job.
    out = subprocess.run(
        ["sbatch", "--parsable", "-w", "n3", "-o", "/dev/null", "--wrap", "true"],
        capture_output=True, text=True, timeout=30, env=cluster.env,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    s = get_scheduler("slurm", conf=str(cluster.conf), timeout_s=15)
    assert wait_for(lambda: not s.usable("n3"), timeout=60)
    assert "Prolog" in s.nodes(["n3"])["n3"].reason
    subprocess.run(["scancel", out.stdout.strip()], timeout=30, env=cluster.env)
    # On a healthy node the same Prolog passes and the job completes.
    ok = subprocess.run(
        ["srun", "-w", "n1", "-t", "1", "true"], capture_output=True, text=True, timeout=60,
        env=cluster.env,
    )  # fmt: skip
    assert ok.returncode == 0, ok.stderr
    assert s.usable("n1")


def test_a_node_drained_by_an_operator_does_not_join(cluster: SlurmCluster, tmp_path: Path) -> None:
    # Drained in Slurm by hand (not in kintsugi's store): the agent's prolog reads Slurm's
    # state and the node stays out of the job instead of training.
    s = get_scheduler("slurm", conf=str(cluster.conf), timeout_s=15)
    s.drain("n1", "operator: fan replacement")
    try:
        script = tmp_path / "job.py"
        script.write_text("print('trained')\n")
        p = subprocess.run(
            kintsugi_cmd("run", "--nproc-per-node", "1", "--node-name", "n1",
                         "--scheduler", "slurm", "--run-dir", str(tmp_path / "run"),
                         "--no-report", str(script)),
            capture_output=True, text=True, timeout=120,
            env=dict(os.environ, SLURM_CONF=str(cluster.conf)),
        )  # fmt: skip
        assert p.returncode == EXIT_EXCLUDED, p.stdout + p.stderr
        out = p.stdout + p.stderr
        assert re.search(r"node n1 is \S*DRAIN\S* in slurm \(operator: fan replacement", out), out
        assert "trained" not in p.stdout
    finally:
        s.resume("n1")
    assert wait_for(lambda: s.usable("n1"), timeout=60), s.nodes(["n1"])


def test_unreachable_controller_is_could_not(tmp_path: Path) -> None:
    # A cluster whose controller is stopped: every call fails in bounded time, never hangs.
    gen = run_cluster(("m1",))
    c = next(gen)
    try:
        c.stop_controller()
        s = get_scheduler("slurm", conf=str(c.conf), timeout_s=8)
        t0 = time.monotonic()
        for call in (lambda: s.drain("m1", "kintsugi: x"), lambda: s.nodes(["m1"])):
            with pytest.raises(SchedulerError, match=r"^could not (drain m1|read node m1)"):
                call()
        assert time.monotonic() - t0 < 30
        p = subprocess.run(
            kintsugi_cmd("cordon", "m1", "--reason", "x", "--store", str(tmp_path / "e.db"),
                         "--scheduler", "slurm", "--slurm-conf", str(c.conf),
                         "--slurm-timeout", "5"),
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert p.returncode == 2 and p.stderr.startswith("kintsugi: error: could not drain m1")
    finally:
        gen.close()


def test_parse_show_node() -> None:
    text = (
        "NodeName=a Arch=x86_64 State=IDLE+DRAIN Reason=kintsugi: gpu_hardware XID 79 "
        "[root@2026-01-01T00:00:00] Comment=(null)\n"
        "NodeName=b State=DOWN* Reason=Not responding\n"
        "NodeName=c State=MIXED\n"
        "NodeName=d State=IDLE+DRAINING Reason=x\n"
    )
    n = parse_show_node(text)
    assert n["a"].reason == "kintsugi: gpu_hardware XID 79 [root@2026-01-01T00:00:00]"
    assert [n[k].usable for k in "abcd"] == [False, False, True, False]


def test_missing_scontrol_is_could_not() -> None:
    s = get_scheduler("slurm", bin_dir="/no/such/dir", timeout_s=2)
    with pytest.raises(
        SchedulerError, match="could not resume n1: /no/such/dir/scontrol not found"
    ):
        s.resume("n1")
