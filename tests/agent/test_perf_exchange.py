"""Stragglers judged across nodes through a real c10d TCPStore (perf_exchange.py).

Three agents' exchanges, one rank per node, share one store in this process; time is passed
in, so each "second" is one exchange. Node b computes 4x longer than the others while they
wait for it in collectives, as a slow node does in synchronous training.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from torch.distributed import TCPStore  # type: ignore[attr-defined]

from conftest import free_port
from kintsugi.agent.perf_exchange import CROSS_NODE, PerfExchange
from kintsugi.straggle import Straggler


def _cluster(nodes: str, local_ranks: int = 1) -> tuple[TCPStore, list[PerfExchange]]:
    port = free_port()
    host = TCPStore("127.0.0.1", port, is_master=True, wait_for_workers=False)
    ex = []
    for g, n in enumerate(nodes):
        client = TCPStore("127.0.0.1", port, is_master=False, timeout=timedelta(seconds=10))
        e = PerfExchange("job", n)
        e.enter(3, g, len(nodes), local_ranks, client)
        ex.append(e)
    return host, ex


def _second(ex: list[PerfExchange], t: int, slow: dict[int, float], local_ranks: int = 1) -> list:
    """One second of training: 10 steps per rank, then one exchange per node."""
    for g, e in enumerate(ex):
        for lr in range(local_ranks):
            rank = g * local_ranks + lr
            for i in range(10):
                step = t * 10 + i
                compute = 0.01 * slow.get(rank, 1.0)
                dt = 0.04 + 0.001 * ((rank + i) % 3)  # every step lasts as long as the slowest
                e.add(rank, step, dt, dt - compute)
    return [e.tick(float(t)) for e in ex]


def test_a_slow_one_rank_node_is_named_by_the_judge_and_told() -> None:
    _, ex = _cluster("abc")
    findings: list[Straggler] = []
    named = None
    for t in range(40):
        ticks = _second(ex, t, {1: 4.0})
        assert not ticks[1].findings and not ticks[2].findings  # only group rank 0 judges
        findings += ticks[0].findings
        named = named or ticks[1].named
        assert ticks[0].named is None and ticks[2].named is None
    assert [(s.node, s.rank, s.persistent) for s in findings] == [
        ("b", 1, False),
        ("b", 1, True),
    ]
    assert 3.0 <= findings[-1].slowdown <= 5.0
    # The named node hears of it within a second of the persistent finding, as a typed finding.
    last = findings[-1]
    assert named is not None and named.persistent
    assert (named.node, named.rank, named.step) == (last.node, last.rank, last.step)
    assert named.slowdown == pytest.approx(last.slowdown, rel=1e-3)
    c = CROSS_NODE
    assert findings[-1].step < (c.warmup + c.window + c.persist_steps) * 10  # within ~15 s
    # A checkpoint saved on the judge's node is every node's boundary.
    assert _second(ex, 40, {})[1].checkpoint_step is None
    ex[0].checkpoint_saved(412)
    assert [t.checkpoint_step for t in _second(ex, 41, {})] == [412, 412, 412]


def test_a_whole_node_slow_is_one_finding_and_a_fault_free_job_none() -> None:
    _, ex = _cluster("abc", local_ranks=2)
    found = [s for t in range(40) for s in _second(ex, t, {2: 3.0, 3: 3.0}, 2)[0].findings]
    assert found and all(s.node == "b" and s.node_wide for s in found)
    assert found[-1].persistent and found[-1].ranks == (2, 3)
    _, ex = _cluster("abcd", local_ranks=2)
    assert not [s for t in range(60) for tick in _second(ex, t, {}, 2) for s in tick.findings]


def test_one_slow_rank_among_node_mates_is_left_to_its_own_agent() -> None:
    _, ex = _cluster("ab", local_ranks=2)
    assert not [s for t in range(40) for s in _second(ex, t, {3: 4.0}, 2)[0].findings]


def test_a_store_that_is_gone_is_not_fatal() -> None:
    host, ex = _cluster("ab")
    _second(ex, 0, {})
    del host  # the rendezvous host went away
    for e in ex:
        e._round.store = None  # type: ignore[union-attr]  # every call now fails
    assert all(t.findings == [] and t.named is None for t in _second(ex, 1, {}))
