"""Two agents with different --node-name act as two nodes over 127.0.0.1 (c10d rendezvous)."""

from __future__ import annotations

import subprocess
import uuid
from pathlib import Path

import pytest

from conftest import TINY, TRAIN, finish_nodes, free_port, port_open, start_node, wait_for
from kintsugi.agent.elastic_agent import FINISHED_ELSEWHERE
from kintsugi.store import open_store

pytestmark = pytest.mark.slow


def test_two_nodes_recover_together(tmp_path: Path) -> None:
    port, run_id = free_port(), f"two-{uuid.uuid4().hex[:6]}"
    store = f"sqlite:///{tmp_path / 'events.db'}"
    procs = []
    for node in ("a", "b"):
        proc = start_node(
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
        procs.append(proc)
    outs = list(finish_nodes(dict(zip("ab", procs, strict=True)), 240).values())
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


def test_a_culprit_without_a_spare_restarts_in_place_after_a_quick_epilog(tmp_path: Path) -> None:
    """b fails twice: the verdict names it, but no spare waits and the job cannot shrink, so
    it restarts in place (leaving would stall the job) without the long level-3 checks."""
    port, run_id = free_port(), f"nospare-{uuid.uuid4().hex[:6]}"

    def agent(node: str) -> subprocess.Popen[str]:
        return start_node(
            node,
            run_id,
            port,
            tmp_path,
            "--inject",
            "kill:step=8,rank=*,node=b;kill:step=16,rank=*,node=b,attempt=1",
            str(TRAIN),
            "--steps",
            "30",
            "--ckpt-every",
            "4",
            *TINY,
        )

    a = agent("a")
    assert wait_for(lambda: port_open(port), 60)  # a hosts the store: b could leave
    b = agent("b")
    outs = finish_nodes({"a": a, "b": b}, 240)
    assert (a.returncode, b.returncode) == (0, 0), outs
    assert "restarting here instead of leaving" in outs["b"], outs["b"]
    with open_store(f"sqlite:///{tmp_path / 'events.db'}") as s:
        events = s.events(run_id=run_id)
    assert {e.data["outcome"] for e in events if e.kind.value == "run_end"} == {"succeeded"}
    levels = [e.data["level"] for e in events if e.kind.value == "health_check"]
    assert levels and max(levels) <= 2, levels


FAIL_AT_EXIT = Path(__file__).resolve().parents[1] / "scripts" / "fail_at_exit.py"


def test_a_finished_node_does_not_wait_for_one_that_went_back_to_the_rendezvous(
    tmp_path: Path,
) -> None:
    """b's rank fails after its last step: b goes back to the rendezvous while a's ranks have
    finished. a stops waiting for b in the exit barrier (elastic's waits 300 s, and b would
    wait for a in the rendezvous meanwhile), ends the job, and b learns the job finished."""
    port, run_id = free_port(), f"exitb-{uuid.uuid4().hex[:6]}"
    markers = tmp_path / "exited"
    markers.mkdir()
    procs = {
        n: start_node(
            n,
            run_id,
            port,
            tmp_path,
            str(FAIL_AT_EXIT),
            "--fail-node",
            "b",
            "--marker-dir",
            str(markers),
        )
        for n in ("a", "b")
    }
    outs = finish_nodes(procs, 120)
    assert [p.returncode for p in procs.values()] == [0, 0], outs
    assert "not waiting for the others: a node of this round left it" in outs["a"], outs["a"]
    assert outs["b"].strip().splitlines()[-1] == f"kintsugi[b]: succeeded: {FINISHED_ELSEWHERE}"
    with open_store(f"sqlite:///{tmp_path / 'events.db'}") as s:
        ends = {
            e.node: e.data["outcome"] for e in s.events(run_id=run_id) if e.kind.value == "run_end"
        }
    assert ends == {"a": "succeeded", "b": "succeeded"}
