"""A node that keeps failing is replaced: a third agent waits in the rendezvous as a spare."""

from __future__ import annotations

import subprocess
import time
import uuid
from pathlib import Path

import pytest

from conftest import TINY, TRAIN, finish_nodes, free_port, port_open, start_node, wait_for
from kintsugi.agent.elastic_agent import EXIT_EXCLUDED, SPARE_UNUSED
from kintsugi.store import StoreError, open_store

pytestmark = pytest.mark.slow


def test_a_spare_node_takes_the_place_of_a_failing_one(tmp_path: Path) -> None:
    port, run_id = free_port(), f"spare-{uuid.uuid4().hex[:6]}"
    store = f"sqlite:///{tmp_path / 'events.db'}"
    # the second failure waits long enough for the spare to be in the rendezvous on a busy machine
    faults = "kill:time=5,rank=*,node=b;kill:time=10,rank=*,node=b,attempt=1"

    def agent(node: str) -> subprocess.Popen[str]:
        return start_node(
            node,
            run_id,
            port,
            tmp_path,
            "--hang-floor-seconds",
            "5",
            "--inject",
            faults,
            str(TRAIN),
            "--steps",
            "300",
            "--ckpt-every",
            "10",
            "--step-sleep",
            "0.05",
            *TINY,
        )

    def started() -> bool:
        try:
            with open_store(store) as s:
                return (
                    len(
                        {e.node for e in s.events(run_id=run_id) if e.kind.value == "attempt_start"}
                    )
                    == 2
                )
        except StoreError:
            return False

    a = agent("a")
    assert wait_for(lambda: port_open(port), 60)  # a's agent hosts the rendezvous store
    b = agent("b")
    assert wait_for(started, 60)
    time.sleep(0.5)
    c = agent("c")  # the spare: max 2 nodes, so it waits
    outs = finish_nodes({"a": a, "b": b, "c": c}, 240)
    with open_store(store) as s:
        events = s.events(run_id=run_id)
    ends = {e.node: e.data["outcome"] for e in events if e.kind.value == "run_end"}
    for n, o in outs.items():  # every node's whole output, for a failure here
        print(f"===== node {n} =====\n{o}")
    # b fails; c takes its place. The verdict names b: b makes way, the round re-forms with the
    # spare, and b waits, unused, to the end. (Had c not been in the rendezvous yet, b would
    # have rejoined, been named the culprit after its second failure, and left.)
    assert ends["a"] == ends["c"] == "succeeded", ends
    assert ends["b"] in ("excluded", "spare"), ends
    codes = {"excluded": EXIT_EXCLUDED, "spare": 0}
    assert (a.returncode, b.returncode, c.returncode) == (0, codes[ends["b"]], 0)
    assert next(e.node for e in events if e.kind.value == "fault_injected") == "b"
    assert outs["b"].strip().splitlines()[-1].startswith(f"kintsugi[b]: {ends['b']}: "), outs["b"]
    reached = [e.data.get("max_step") for e in events if e.kind.value == "attempt_end"]
    assert 299 in reached  # the job ran to its last step


def test_an_unused_spare_ends_cleanly_when_the_job_finishes(tmp_path: Path) -> None:
    """elastic closes the rendezvous both on a stop and on success; a waiting spare tells
    them apart (exit 0 and one line), even when the rendezvous host exits right after."""
    port, run_id = free_port(), f"idle-{uuid.uuid4().hex[:6]}"

    def agent(node: str) -> subprocess.Popen[str]:
        return start_node(node, run_id, port, tmp_path, str(TRAIN), "--steps", "60", *TINY)

    a = agent("a")
    assert wait_for(lambda: port_open(port), 60)
    b, c = agent("b"), agent("c")
    outs = finish_nodes({"a": a, "b": b, "c": c}, 120)
    with open_store(f"sqlite:///{tmp_path / 'events.db'}") as s:
        ends = {
            e.node: e.data["outcome"] for e in s.events(run_id=run_id) if e.kind.value == "run_end"
        }
    for n, o in outs.items():
        print(f"===== node {n} =====\n{o}")
    spare = next(n for n, o in ends.items() if o == "spare")
    assert sorted(ends.values()) == ["spare", "succeeded", "succeeded"], ends
    assert (a.returncode, b.returncode, c.returncode) == (0, 0, 0)
    assert outs[spare].strip().splitlines()[-1] == f"kintsugi[{spare}]: spare: {SPARE_UNUSED}"


def test_a_waiting_node_is_told_who_stopped_the_run(tmp_path: Path) -> None:
    """A deterministic bug stops the job: the spare's line names the node and the verdict."""
    port, run_id = free_port(), f"stop-{uuid.uuid4().hex[:6]}"
    script = tmp_path / "bug.py"
    script.write_text(
        "import time, torch.distributed as dist\n"
        "dist.init_process_group('gloo')\n"
        "time.sleep(3)\n"
        "if dist.get_rank() == 0:\n"
        "    raise KeyError('missing_layer.weight')\n"
        "dist.barrier()\n"
    )

    def agent(node: str) -> subprocess.Popen[str]:
        return start_node(node, run_id, port, tmp_path, str(script))

    a = agent("a")
    assert wait_for(lambda: port_open(port), 60)
    b, c = agent("b"), agent("c")
    outs = finish_nodes({"a": a, "b": b, "c": c}, 180)
    for n, o in outs.items():
        print(f"===== node {n} =====\n{o}")
    with open_store(f"sqlite:///{tmp_path / 'events.db'}") as s:
        ends = {
            e.node: e.data["outcome"] for e in s.events(run_id=run_id) if e.kind.value == "run_end"
        }
    assert set(ends.values()) == {"stopped"}, ends
    assert all(p.returncode == 1 for p in (a, b, c))
    waiting = [n for n, o in outs.items() if "the run was stopped by " in o]
    assert waiting, outs
    for n in waiting:
        assert "KeyError" in outs[n].strip().splitlines()[-1], outs[n]
