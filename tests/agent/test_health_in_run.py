"""Issue 10's demonstration: three simulated nodes for a 2-node job; one fails its level 1
prolog, never joins, the other two train to the end; it is cordoned with the evidence, and
passes validation afterwards (its failure was injected with --inject health:node=c)."""

from __future__ import annotations

import json
import subprocess
import uuid
from pathlib import Path

import pytest

from conftest import (
    TINY,
    TRAIN,
    finish_nodes,
    free_port,
    kintsugi_cmd,
    port_open,
    start_node,
    wait_for,
)

pytestmark = pytest.mark.slow


def test_a_node_failing_its_prolog_never_joins_and_is_cordoned(tmp_path: Path) -> None:
    port, run_id = free_port(), f"prolog-{uuid.uuid4().hex[:6]}"
    store = f"sqlite:///{tmp_path / 'events.db'}"

    def agent(node: str) -> subprocess.Popen[str]:
        return start_node(
            node,
            run_id,
            port,
            tmp_path,
            "--inject",
            "health:node=c,check=disks",
            str(TRAIN),
            "--steps",
            "60",
            "--ckpt-every",
            "10",
            *TINY,
        )

    # a starts first so its agent hosts the rendezvous store (a host never leaves: it would
    # end the job for everyone, see test_spare); c and b race to join after it.
    procs = {"a": agent("a")}
    assert wait_for(lambda: port_open(port), 60)
    procs |= {n: agent(n) for n in ("c", "b")}
    outs = finish_nodes(procs, 240)
    codes = {n: p.returncode for n, p in procs.items()}
    assert codes["a"] == 0 and codes["b"] == 0, outs
    assert codes["c"] == 3, outs["c"]  # excluded: it never joined
    assert "prolog health check failed on c" in outs["c"]

    def nodes() -> dict[str, dict[str, object]]:
        p = subprocess.run(
            kintsugi_cmd("nodes", "--store", store, "--json"),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert p.returncode == 0, p.stderr
        data = json.loads(p.stdout)
        rows = data["nodes"] if isinstance(data, dict) else data
        return {r["node"]: r for r in rows}

    c = nodes()["c"]
    assert c["state"] == "cordoned" and "disks" in json.dumps(c)
    v = subprocess.run(
        kintsugi_cmd("validate", "c", "--store", store, "--level", "1"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert v.returncode == 0, v.stdout + v.stderr
    assert nodes()["c"]["state"] == "healthy"
