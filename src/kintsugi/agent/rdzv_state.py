"""What the agent reads of elastic's shared rendezvous state (private fields, read defensively).

elastic offers ``num_nodes_waiting()`` only; who left the round and whether spares wait are
in the state it syncs. Without those fields we assume what elastic itself assumes.
"""

from __future__ import annotations

import contextlib
import logging
import time
from typing import Any

log = logging.getLogger("kintsugi.agent")


def _state(handler: Any) -> Any:
    """elastic's shared rendezvous state as this handler last synced it (None if unknown)."""
    return getattr(getattr(handler, "_state_holder", None), "state", None)


def members_left(handler: Any, group: int) -> bool:
    """Whether the rendezvous now has fewer participants than our round had (someone left).

    Reads elastic's shared state as ``num_nodes_waiting`` just synced it; without the field
    we assume nobody left, elastic's own behaviour at full size.
    """
    participants = getattr(_state(handler), "participants", None)
    return participants is not None and len(participants) < group


def can_go_on_without_me(handler: Any, min_nodes: int) -> bool:
    """Whether enough other nodes are in the rendezvous for the job to go on if this node
    leaves: the round's other members (still in it, or already waiting to rejoin it) and any
    spares, at least ``min_nodes`` of them.

    A spare waits in elastic's redundancy list while the round it found is full, and in its wait
    list once a round re-formed without it (a spare that lost the re-join race after a
    restart); members of our round that restarted wait in the wait list too, so waiting nodes
    alone do not tell a spare from a member: counting every other node does. Syncs elastic's
    shared state first; an unreadable state counts as no.
    """
    with contextlib.suppress(Exception):
        handler.num_nodes_waiting()  # syncs elastic's shared state
        state = _state(handler)
        me = handler._this_node
        present = set(state.participants) | set(state.wait_list) | set(state.redundancy_list)
        present.discard(me)
        return len(present) >= min_nodes
    return False


def store(handler: Any) -> Any:
    """The store the rendezvous keeps its state in (the rendezvous host's TCPStore)."""
    return getattr(handler, "_store", None)


def _stop_key(handler: Any) -> str:
    run_id = getattr(getattr(handler, "_settings", None), "run_id", "")
    return f"kintsugi.stopped.{run_id}"


def record_stop(handler: Any, node: str, reason: str) -> None:
    """Leaves why ``node`` stopped the run where every node's rendezvous can read it.

    elastic closes the rendezvous the same way whether the job finished or was stopped; a
    node that was waiting (a spare, a node rejoining) tells the two apart by this key.
    """
    store_ = store(handler)
    if store_ is not None:
        with contextlib.suppress(Exception):
            store_.set(_stop_key(handler), f"{node}: {reason}")


def stop_reason(handler: Any) -> str | None:
    """``"node: reason"`` if a node stopped the run, None if it ended without a stop (or the
    store is gone)."""
    store_ = store(handler)
    if store_ is None:
        return None
    key = _stop_key(handler)
    with contextlib.suppress(Exception):
        if store_.check([key]):
            return bytes(store_.get(key)).decode(errors="replace")
    return None


def round_of(handler: Any) -> int | None:
    """The rendezvous round this node last joined (elastic's shared state), if readable."""
    r = getattr(_state(handler), "round", None)
    return r if isinstance(r, int) else None


def others_waiting(handler: Any, *, fresh: bool = False) -> bool:
    """Whether nodes wait outside the round (spares, nodes rejoining) as elastic last synced,
    or, ``fresh``, as the store says now (a node may have come back since the last sync)."""
    if fresh:
        # the store may be gone already: the last sync must do
        with contextlib.suppress(Exception):
            handler._state_holder.sync()
    state = _state(handler)
    return bool(getattr(state, "wait_list", None) or getattr(state, "redundancy_list", None))


def leave(handler: Any, *, for_good: bool) -> None:
    """Takes this node out of the rendezvous without closing it for the others.

    elastic has no public call for it; its exit operation is what ``next_rendezvous`` runs
    first. A node that leaves ``for_good`` also stops its keep-alive heartbeats; without the
    exit operation (a store gone) it drops out anyway once those expire.
    """
    try:
        from torch.distributed.elastic.rendezvous.dynamic_rendezvous import _RendezvousExitOp

        if for_good:
            handler._stop_heartbeats()
        handler._op_executor.run(
            _RendezvousExitOp(), handler._get_deadline(handler._settings.timeout.close)
        )
    except Exception as e:  # noqa: BLE001 - not a dynamic handler, or the store is gone
        log.warning("kintsugi: could not leave the rendezvous cleanly (%s); heartbeats expire", e)


def members(handler: Any) -> frozenset[object]:
    """The nodes of the round this node last joined, as elastic names them (empty if unknown)."""
    return frozenset(getattr(_state(handler), "participants", None) or ())


def spares(handler: Any, round_members: frozenset[object]) -> frozenset[object]:
    """Nodes waiting in the rendezvous that were not in our round: spares, not members that
    restarted and wait to rejoin it. Syncs elastic's shared state first; unreadable: none."""
    with contextlib.suppress(Exception):
        handler.num_nodes_waiting()  # syncs elastic's shared state
        return _spares_in(_state(handler), round_members, handler._this_node)
    return frozenset()


def _spares_in(state: Any, round_members: frozenset[object], me: object) -> frozenset[object]:
    waiting = set(state.wait_list) | set(state.redundancy_list)
    return frozenset(waiting - set(round_members) - {me})


def make_way(
    handler: Any, trained_in: int, round_members: frozenset[object], timeout_s: float
) -> bool:
    """Leaves the round this node ``trained_in`` and waits (at most ``timeout_s``) until the
    next round formed without it, so a waiting spare takes its place instead of racing it.

    Returns whether the round formed; on False (the spare vanished, the rendezvous closed,
    the time ran out) the node simply rejoins, as it would have without making way.
    """
    leave(handler, for_good=False)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        with contextlib.suppress(Exception):
            handler.num_nodes_waiting()  # syncs elastic's shared state
            state = _state(handler)
            if state.closed:
                return False
            if state.round > trained_in and state.complete:
                return True
            joining = state.participants.keys() - round_members
            if not joining and not _spares_in(state, round_members, handler._this_node):
                return False  # the spare is gone (not waiting, not joining): this node is needed
        time.sleep(0.25)
    return False
