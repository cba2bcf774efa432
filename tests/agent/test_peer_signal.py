"""A node that leaves a round tells the others through the rendezvous store at once."""

from __future__ import annotations

import time
from datetime import timedelta

import torch.distributed as dist

from conftest import wait_for
from kintsugi.agent.peer_signal import PeerSignal


def _server() -> dist.TCPStore:  # type: ignore[name-defined]
    return dist.TCPStore(  # type: ignore[attr-defined]
        "127.0.0.1", 0, 1, True, timeout=timedelta(seconds=10), wait_for_workers=False
    )


def test_leaving_a_round_wakes_the_other_nodes_of_that_round_only() -> None:
    server = _server()
    a = PeerSignal("127.0.0.1", server.port, "job")
    b = PeerSignal("127.0.0.1", server.port, "job")
    try:
        a.enter(1, 0, 2, server)
        b.enter(1, 1, 2, server)
        time.sleep(0.2)
        assert not a.left() and not b.left()
        a.leave()  # a's ranks failed in round 1: b's blocked wait returns (no polling)
        assert wait_for(b.left, 5, interval=0.005)
        assert a.left()  # its own watcher wakes too, and then waits for the next round
        a.enter(2, 1, 2, server)  # group ranks may change between rounds
        b.enter(2, 0, 2, server)
        time.sleep(0.2)
        assert not a.left() and not b.left()  # round 2 is a new round
        other = PeerSignal("127.0.0.1", server.port, "another-job")
        other.enter(2, 0, 2, server)
        b.leave()
        assert wait_for(a.left, 5, interval=0.005)
        time.sleep(0.2)
        assert not other.left()  # keys are per job
        other.close()
    finally:
        a.close()
        b.close()


def test_closing_ends_the_watcher_without_telling_the_others() -> None:
    server = _server()
    a = PeerSignal("127.0.0.1", server.port, "job")
    b = PeerSignal("127.0.0.1", server.port, "job")
    a.enter(1, 0, 2, server)
    b.enter(1, 1, 2, server)
    time.sleep(0.2)
    a.close()  # a finished: its watcher must not outlive the interpreter
    assert a._thread is not None and not a._thread.is_alive()
    time.sleep(0.2)
    assert not b.left()  # b may still be in its last steps: it must not restart
    b.close()


def test_without_a_store_it_stays_silent() -> None:
    s = PeerSignal("127.0.0.1", 1, "job")  # nothing listens on port 1
    s.enter(1, 0, 2, None)
    time.sleep(0.3)
    assert not s.left()
    s.close()
