"""What the agent reads of elastic's rendezvous state, against elastic's real c10d rendezvous."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from torch.distributed import TCPStore  # type: ignore[attr-defined]
from torch.distributed.elastic.rendezvous import RendezvousParameters
from torch.distributed.elastic.rendezvous.c10d_rendezvous_backend import C10dRendezvousBackend
from torch.distributed.elastic.rendezvous.dynamic_rendezvous import create_handler

from conftest import free_port, wait_for
from kintsugi.agent import rdzv_state


@contextmanager
def rendezvous(nodes: int) -> Iterator[tuple[list[Any], TCPStore]]:
    """``nodes`` real dynamic-rendezvous handlers (min 2, max 2 nodes) on one TCPStore."""
    port = free_port()
    host = TCPStore("127.0.0.1", port, is_master=True, wait_for_workers=False)
    handlers = []
    for _ in range(nodes):
        store = TCPStore("127.0.0.1", port, is_master=False, timeout=timedelta(seconds=30))
        params = RendezvousParameters(
            backend="c10d",
            endpoint=f"127.0.0.1:{port}",
            run_id="spares",
            min_nodes=2,
            max_nodes=2,
            join_timeout="30",
            last_call_timeout="1",
            local_addr="127.0.0.1",
        )
        handlers.append(create_handler(store, C10dRendezvousBackend(store, "spares"), params))
    try:
        yield handlers, host
    finally:
        handlers[0].set_closed()  # every node still waiting gets out
        for h in handlers:
            h.shutdown()


def join(handler: Any) -> threading.Thread:
    t = threading.Thread(target=lambda: _swallow(handler.next_rendezvous), daemon=True)
    t.start()
    return t


def _swallow(call: Any) -> None:
    with contextlib.suppress(Exception):  # the rendezvous closing at the test's end
        call()


def test_a_spare_counts_wherever_it_waits_and_a_rejoining_member_is_no_spare() -> None:
    with rendezvous(3) as ((a, b, c), _):
        first = [join(a), join(b)]
        for t in first:
            t.join(30)
        assert not rdzv_state.can_go_on_without_me(b, 2)  # only a: the job needs two
        join(a)  # a restarts: it leaves the round and waits to rejoin it
        assert wait_for(lambda: len(rdzv_state._state(b).wait_list) == 1, 30)
        # a member waiting to rejoin is no spare: b leaving would stall the job
        assert not rdzv_state.can_go_on_without_me(b, 2)
    with rendezvous(3) as ((a, b, c), _):
        first = [join(a), join(b)]
        for t in first:
            t.join(30)
        join(c)  # the round is full: c waits as a spare (elastic's redundancy list)
        assert wait_for(lambda: rdzv_state.can_go_on_without_me(a, 2), 30)
        # b restarts: it leaves the round and re-joins. The round still holds a, so b and the
        # spare both wait for the next round in elastic's *wait* list (as a spare that lost the
        # re-join race after a restart does): the spare still counts.
        join(b)
        assert wait_for(lambda: len(rdzv_state._state(a).wait_list) == 2, 30)
        assert not rdzv_state._state(a).redundancy_list
        assert rdzv_state.can_go_on_without_me(a, 2)
        assert rdzv_state.can_go_on_without_me(b, 2)  # from b's side: a and the spare
