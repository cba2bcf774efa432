"""The exit barrier over a real TCPStore, with the agents as threads of this process."""

from __future__ import annotations

import threading
from datetime import timedelta

import torch.distributed as dist

from kintsugi.agent.exit_barrier import exit_barrier


def _store() -> dist.TCPStore:
    return dist.TCPStore("127.0.0.1", 0, is_master=True, timeout=timedelta(seconds=10))


def test_every_node_passes_once_all_arrived() -> None:
    server = _store()
    results: list[str | None] = []
    clients = [
        dist.TCPStore("127.0.0.1", server.port, is_master=False, timeout=timedelta(seconds=10))
        for _ in range(3)
    ]
    threads = [
        threading.Thread(target=lambda c=c: results.append(exit_barrier(c, 3, 10, lambda: None)))
        for c in clients
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(15)
    assert results == [None, None, None]


def test_a_node_that_will_not_come_ends_the_wait() -> None:
    store = _store()
    calls = []

    def gone() -> str | None:
        calls.append(1)
        return "a node of this round left it" if len(calls) >= 3 else None

    assert exit_barrier(store, 2, 30, gone, poll_s=0.01) == "a node of this round left it"


def test_the_wait_is_bounded() -> None:
    store = _store()
    why = exit_barrier(store, 3, 0.1, lambda: None, poll_s=0.01)
    assert why == "2 node(s) did not finish within 0.1 s"
