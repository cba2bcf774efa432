"""Issue 9's replacement path across nodes: a node that is persistently slow is named by the
cross-node exchange, leaves for a waiting spare at the next checkpoint, and the job finishes.

Three simulated nodes for a 2-node job, one rank each, the uninstrumented DDP tutorial script
(no kintsugi calls: progress, collective times and torch.save come from the bootstrap's hooks).
Every step of node b computes 4x longer; a's agent (group rank 0) judges from both nodes'
summaries, names b, and b leaves when rank 0's next snapshot is saved; c takes its place.
"""

from __future__ import annotations

import subprocess
import uuid
from pathlib import Path
from typing import Any

import pytest

from conftest import finish_nodes, free_port, node_events, port_open, start_node, wait_for
from kintsugi.agent.elastic_agent import EXIT_EXCLUDED

pytestmark = pytest.mark.slow
SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "ddp_uninstrumented.py"


def test_a_persistently_slow_node_is_replaced_by_the_spare(tmp_path: Path) -> None:
    port, run_id = free_port(), f"slow-{uuid.uuid4().hex[:6]}"
    store = f"sqlite:///{tmp_path / 'events.db'}"

    def agent(node: str) -> subprocess.Popen[str]:
        return start_node(
            node, run_id, port, tmp_path,
            str(SCRIPT), "16", "1", "--dataset-size", "2048", "--step-sleep", "0.02",
            "--slow-node", "b", "--slow-factor", "4",
            "--snapshot-path", str(tmp_path / "snapshot.pt"),
        )  # fmt: skip

    def events() -> list[tuple[str, str, dict[str, Any]]]:
        return node_events(store, run_id)

    a = agent("a")
    assert wait_for(lambda: port_open(port), 60)  # a's agent hosts the rendezvous store
    b = agent("b")
    assert wait_for(lambda: {n for n, k, _ in events() if k == "step"} >= {"a", "b"}, 90)
    c = agent("c")  # the spare: max 2 nodes, so it waits
    outs = finish_nodes({"a": a, "b": b, "c": c}, 300)
    for n, o in outs.items():  # every node's whole output, for a failure here
        print(f"===== node {n} =====\n{o}")
    ev = events()
    ends = {n: d["outcome"] for n, k, d in ev if k == "run_end"}
    assert ends == {"a": "succeeded", "b": "excluded", "c": "succeeded"}, ends
    assert (a.returncode, b.returncode, c.returncode) == (0, EXIT_EXCLUDED, 0)
    found = [d for _, k, d in ev if k == "straggler"]
    assert found and all(d["node"] == "b" for d in found), found
    assert any(d["persistent"] for d in found) and 3.0 <= float(found[-1]["slowdown"]) <= 5.0  # type: ignore[arg-type]
    verdict = next(d for n, k, d in ev if n == "b" and k == "diagnosis")
    assert verdict["category"] == "straggler" and verdict["action"] == "restart_without_node"
    assert any(n == "c" and k == "step" for n, k, _ in ev)  # the spare trained
