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
        # A handler's store client can sit 30 s in a call its heartbeat thread made at the same
        # moment: shut them down side by side and do not wait on a stuck one.
        downs = [
            threading.Thread(target=_swallow, args=(h.shutdown,), daemon=True) for h in handlers
        ]
        for t in downs:
            t.start()
        for t in downs:
            t.join(5)


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


def test_a_closed_rendezvous_tells_a_finished_job_a_stop_and_an_unused_node_apart() -> None:
    # Imported here: the agent module pulls in the whole agent, rdzv_state alone does not.
    from kintsugi.agent.elastic_agent import FINISHED_ELSEWHERE, SPARE_UNUSED, closed_by_other

    with rendezvous(2) as ((a, b), _):
        for t in [join(a), join(b)]:
            t.join(30)
        trained_in = rdzv_state.round_of(b)
        join(b)  # b's ranks failed after their last step: it goes back to wait
        assert wait_for(lambda: len(rdzv_state._state(a).wait_list) == 1, 30)
        a.set_closed()  # a's ranks finished: the job is over
        assert wait_for(b.is_closed, 10)  # b syncs at most once a second
        done = closed_by_other(b, trained_in)
        assert (done.outcome, done.exit_code, done.reason) == ("succeeded", 0, FINISHED_ELSEWHERE)
        unused = closed_by_other(b, None)  # never trained: a spare
        assert (unused.outcome, unused.exit_code, unused.reason) == ("spare", 0, SPARE_UNUSED)
    with rendezvous(2) as ((a, b), _):
        for t in [join(a), join(b)]:
            t.join(30)
        first = rdzv_state.round_of(a)
        assert first is not None
        # both restart: the round re-forms, so a node that last trained in the first round
        # (its place taken by a spare) did not take part in the job's end
        for t in [join(a), join(b)]:
            t.join(30)
        assert rdzv_state.round_of(a) == first + 1
        a.set_closed()
        assert wait_for(b.is_closed, 10)  # b syncs at most once a second
        assert closed_by_other(b, first).outcome == "spare"
        assert closed_by_other(b, first + 1).outcome == "succeeded"
        rdzv_state.record_stop(a, "a", "a deterministic bug")
        stopped = closed_by_other(b, first + 1)
        assert (stopped.outcome, stopped.exit_code) == ("stopped", 1)
        assert stopped.reason == "the run was stopped by a: a deterministic bug"


def test_a_suspect_node_makes_way_for_a_waiting_spare() -> None:
    with rendezvous(3) as ((a, b, c), _):
        for t in [join(a), join(b)]:
            t.join(30)
        members = rdzv_state.members(b)
        assert members == {a._this_node, b._this_node}
        assert not rdzv_state.spares(b, members)
        join(c)  # the spare
        assert wait_for(lambda: rdzv_state.spares(b, members) == {c._this_node}, 30)
        first = rdzv_state.round_of(b)
        assert first is not None
        made: list[bool] = []
        waiting = threading.Thread(
            target=lambda: made.append(rdzv_state.make_way(b, first, members, 30))
        )
        waiting.start()
        # a notices its peer left and rejoins; with b out of the way the spare gets in
        join(a)
        waiting.join(40)
        assert made == [True]
        b.num_nodes_waiting()  # b's view: a's handler is busy in its own rendezvous
        assert rdzv_state.round_of(b) == first + 1
        assert set(rdzv_state._state(b).participants) == {a._this_node, c._this_node}
    with rendezvous(2) as ((a, b), _):
        for t in [join(a), join(b)]:
            t.join(30)
        first = rdzv_state.round_of(b)
        assert first is not None
        # no spare: b does not wait for a round it is needed in
        assert rdzv_state.make_way(b, first, members, 30) is False
