"""Faster rendezvous rounds without forking elastic: poll the c10d state with a back-off.

elastic's dynamic rendezvous sleeps a fixed second between polls of the shared state while
it waits for the other nodes (``_delay(seconds=1)`` in its op executor), so every multi-node
restart pays ~1-2 s of pure waiting. We replace that one delay: the first polls of a round
come after ``min_s``, then the interval doubles up to ``max_s`` (a quarter second: four reads
of the state per waiting node a second, against elastic's one), so a quick round finishes in
tens of milliseconds and the last node to join is seen within a quarter second. ``uncache``
makes those polls read the store rather than elastic's one-second cache of it.
Both hooks are private names of elastic; if a torch release renames them we leave elastic
as it is and say so once.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger("kintsugi.agent")
_state = threading.local()
_installed = False
HERD_NODES = 64
"""From this many nodes on, elastic's full re-join skew applies."""
_herd_nodes = HERD_NODES


def skew(bounds: tuple[float, float], nodes: int) -> tuple[float, float]:
    """elastic's random skew bounds, narrowed for a job of ``nodes`` nodes."""
    lo, hi = bounds
    return lo, lo + (hi - lo) * min(1.0, nodes / HERD_NODES)


def set_job_size(max_nodes: int) -> None:
    """The job's largest size, which scales elastic's re-join skew."""
    global _herd_nodes
    _herd_nodes = max(1, max_nodes)


def install(min_s: float = 0.02, max_s: float = 0.25) -> bool:
    """Makes elastic's rendezvous poll with back-off; idempotent. Returns whether it applies."""
    global _installed
    if _installed:
        return True
    try:
        from torch.distributed.elastic.rendezvous import dynamic_rendezvous as dr
    except ImportError:
        return False
    executor = getattr(dr, "_DistributedRendezvousOpExecutor", None)
    original_delay: Callable[..., None] | None = getattr(dr, "_delay", None)
    original_run = getattr(executor, "run", None)
    if executor is None or original_delay is None or original_run is None:
        log.warning("kintsugi: this torch's rendezvous has no poll hook; rounds poll each second")
        return False

    def delay(seconds: float | tuple[float, float]) -> None:
        if isinstance(seconds, tuple):
            # elastic's random skew before a node's first re-join, against a thundering herd
            # on the store: in proportion to the job's size, not 0-300 ms for two nodes.
            original_delay(skew(seconds, _herd_nodes))
            return
        if seconds != 1:  # not the state poll: leave elastic's other delays alone
            original_delay(seconds)
            return
        wait = getattr(_state, "next_s", min_s)
        _state.next_s = min(wait * 2, max_s)
        time.sleep(wait)

    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        _state.next_s = min_s  # every operation (join, exit, close) starts fast
        return original_run(self, *args, **kwargs)

    setattr(dr, "_delay", delay)  # noqa: B010 - a private name mypy cannot see
    executor.run = run
    _installed = True
    return True


def uncache(handler: Any) -> bool:
    """Makes each poll of a round read the shared state, not elastic's one-second cache.

    elastic's state holder serves its cached copy for a second (``cache_duration``), so
    polling faster than that only re-reads the cache: a round whose last node joined waits
    up to a second more. With the back-off above, a waiting node reads the state at most
    four times a second; a running node's agent reads it once a second (``_peer_failed``).
    """
    holder = getattr(handler, "_state_holder", None)
    if holder is None or not hasattr(holder, "_cache_duration"):
        return False
    holder._cache_duration = 0
    return True
