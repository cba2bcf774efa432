"""Two agents with different --node-name act as two nodes over 127.0.0.1 (c10d rendezvous)."""

from __future__ import annotations

import subprocess
import uuid
from pathlib import Path

import pytest

from conftest import TINY, TRAIN, free_port, node_cmd
from kintsugi.store import open_store

pytestmark = pytest.mark.slow


def test_two_nodes_recover_together(tmp_path: Path) -> None:
    port, run_id = free_port(), f"two-{uuid.uuid4().hex[:6]}"
    store = f"sqlite:///{tmp_path / 'events.db'}"
    procs = []
    for node in ("a", "b"):
        cmd = node_cmd(
            node,
            run_id,
            port,
            tmp_path,
            "--hang-floor-seconds",
            "3",
            "--inject",
            "kill:step=12,rank=1",
            str(TRAIN),
            "--steps",
            "25",
            "--ckpt-every",
            "5",
            *TINY,
        )
        procs.append(
            subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        )
    outs = [p.communicate(timeout=240)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    with open_store(store) as s:
        events = s.events(run_id=run_id)
    nodes = {e.node for e in events}
    assert nodes == {"a", "b"}
    killed = [e for e in events if e.kind.value == "rank_exit" and e.data.get("first")]
    assert killed and killed[0].rank == 1
    # Both nodes started a second attempt: the one that failed and the peer that followed it.
    for node in ("a", "b"):
        assert sum(e.kind.value == "attempt_start" and e.node == node for e in events) == 2
    ends = [e for e in events if e.kind.value == "run_end"]
    assert {e.data["outcome"] for e in ends} == {"succeeded"}
