"""The exit barrier: a node whose ranks finished waits for the other nodes' ranks to finish.

elastic's own barrier blocks in one store ``wait`` for its whole timeout (300 s). When another
node of the round will never arrive (it stopped the run, or its ranks failed at the very end and
it went back to the rendezvous), every finished node sits out that timeout, and a node back in
the rendezvous waits for them meanwhile. This barrier counts arrivals the same way (one ``add``
per node, the last one sets a key) but polls, and stops waiting as soon as ``gone`` says why
waiting is pointless.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

_PREFIX = "kintsugi/exit_barrier"
POLL_S = 0.2
"""How often the barrier looks for its key (one cheap ``check`` on the rendezvous store)."""


def exit_barrier(
    store: Any,
    world_size: int,
    timeout_s: float,
    gone: Callable[[], str | None],
    poll_s: float = POLL_S,
) -> str | None:
    """Waits until ``world_size`` nodes arrived; returns None then, or why it stopped waiting.

    Args:
        store: the round's rendezvous store (per round, so the keys are fresh each round).
        world_size: how many nodes the round has.
        timeout_s: the longest it waits.
        gone: called between polls; a reason means a node will not come.
    """
    count = store.add(f"{_PREFIX}/arrived", 1)
    done = f"{_PREFIX}/all_arrived"
    if count >= world_size:
        store.set(done, "1")
        return None
    deadline = time.monotonic() + timeout_s
    while not store.check([done]):
        why = gone()
        if why is not None:
            return why
        if time.monotonic() >= deadline:
            missing = world_size - int(store.add(f"{_PREFIX}/arrived", 0))
            return f"{missing} node(s) did not finish within {timeout_s:g} s"
        time.sleep(poll_s)
    return None
