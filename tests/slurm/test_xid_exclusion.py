"""Issue 10's demonstration end to end: an XID 79 on one node of a 2-node job with a spare.

Three simulated nodes (``kintsugi run`` agents on this host, one rank each) rendezvous through a
standalone ``kintsugi rendezvous`` store, so that any of them, the first included, can be
excluded. Only g1 sees a GPU: the stand-in ``libnvidia-ml.so.1`` (no GPU here; the real
nvidia-ml-py bindings load a small C library of ours) posts XID 79 on it while it trains. The
verdict names g1 (gpu_hardware); g1 is cordoned, drained in a real Slurm cluster with the
verdict as the reason, and leaves; the spare g3 takes its place and the job finishes. Then
``kintsugi validate g1`` passes and returns it to service.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from slurm_cluster import SlurmCluster, run_cluster

from conftest import (
    TINY,
    TRAIN,
    finish_nodes,
    kintsugi_cmd,
    node_events,
    rendezvous_server,
    start_node,
    wait_for,
)
from kintsugi.agent.elastic_agent import EXIT_EXCLUDED
from stand_ins import standins
from stand_ins.standins import FakeGpus

pytestmark = pytest.mark.slow
nvml_lib = standins.nvml_lib
NODES = ("g1", "g2", "g3")


@pytest.fixture(scope="module")
def cluster() -> Iterator[SlurmCluster]:
    yield from run_cluster(NODES)


@pytest.fixture
def rendezvous() -> Iterator[int]:
    with rendezvous_server() as (_, endpoint):
        yield int(endpoint.rsplit(":", 1)[1])


def test_xid_on_one_node_drains_it_and_the_spare_finishes_the_job(
    cluster: SlurmCluster, rendezvous: int, nvml_lib: Path, tmp_path: Path
) -> None:
    run_id = f"xid-{uuid.uuid4().hex[:6]}"
    store = f"sqlite:///{tmp_path / 'events.db'}"
    gpus = FakeGpus(nvml_lib, tmp_path / "g1-nvml")  # g1's GPUs only
    slurm = {"SLURM_CONF": str(cluster.conf)}

    def node(name: str, env: dict[str, str]) -> subprocess.Popen[str]:
        return start_node(
            name, run_id, rendezvous, tmp_path,
            "--scheduler", "slurm", "--kernel-log", "none", "--telemetry-interval-seconds", "1",
            str(TRAIN), "--steps", "400", "--ckpt-every", "10", "--step-sleep", "0.05", *TINY,
            env={**slurm, **env},
        )  # fmt: skip

    def events() -> list[tuple[str, str, dict[str, Any]]]:
        return node_events(store, run_id)

    def stepping(n: str) -> bool:
        return any(node_ == n and kind == "step" for node_, kind, _ in events())

    g1 = node("g1", gpus.env())
    g2 = node("g2", {})
    procs = {"g1": g1, "g2": g2}
    try:
        assert wait_for(lambda: stepping("g1") and stepping("g2"), 120)
        procs["g3"] = node("g3", {})  # the spare: max 2 nodes, so it waits
        spare_up = lambda: any(n == "g3" and k == "health_check" for n, k, _ in events())  # noqa: E731
        assert wait_for(spare_up, 120)
        time.sleep(2)  # its prolog passed: now it waits in the rendezvous
        gpus.xid(gpu=1, xid=79)
        outs = finish_nodes(procs, 300)
    finally:
        for p in procs.values():
            if p.poll() is None:
                p.kill()
                p.wait(timeout=30)
    for n, o in outs.items():  # every node's whole output, for a failure here
        print(f"===== node {n} =====\n{o}")
    ev = events()
    ends = {n: d["outcome"] for n, kind, d in ev if kind == "run_end"}
    assert ends == {"g1": "excluded", "g2": "succeeded", "g3": "succeeded"}, ends
    assert (g1.returncode, g2.returncode, procs["g3"].returncode) == (EXIT_EXCLUDED, 0, 0)
    verdict = next(d for n, kind, d in ev if n == "g1" and kind == "diagnosis")
    assert verdict["category"] == "gpu_hardware" and "79" in str(verdict["summary"])
    assert verdict["culprit"]["node"] == "g1"  # type: ignore[index]
    assert any(n == "g3" and kind == "step" for n, kind, _ in ev)  # the spare trained
    assert 399 in [d.get("max_step") for _, kind, d in ev if kind == "attempt_end"]

    # Slurm drained g1 with the verdict; kintsugi nodes shows it cordoned with the evidence.
    show = cluster.scontrol("show", "node", "-o", "g1")
    assert "DRAIN" in show and "Reason=kintsugi: gpu_hardware" in show, show
    env = dict(os.environ, KINTSUGI_STORE=store, KINTSUGI_SCHEDULER="slurm",
               KINTSUGI_SLURM_CONF=str(cluster.conf))  # fmt: skip
    nodes = subprocess.run(
        kintsugi_cmd("nodes", "--json"), capture_output=True, text=True, timeout=60, env=env
    )
    rec = {n["node"]: n for n in json.loads(nodes.stdout)["nodes"]}["g1"]
    assert rec["state"] == "cordoned" and not rec["slurm"]["usable"], rec
    assert "79" in json.dumps(rec)

    # Validation passes on the repaired node: healthy in the store, resumed in Slurm.
    valid = subprocess.run(
        kintsugi_cmd("validate", "g1", "--level", "1", "--path", str(tmp_path)),
        capture_output=True, text=True, timeout=120, env=env,
    )  # fmt: skip
    assert valid.returncode == 0, valid.stdout + valid.stderr
    assert "validating -> healthy" in valid.stdout
    assert wait_for(lambda: "State=IDLE " in cluster.scontrol("show", "node", "-o", "g1"), 60)
