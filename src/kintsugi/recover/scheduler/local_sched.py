"""The ``local`` scheduler: node availability is the store's node book and nothing else."""

from __future__ import annotations

from collections.abc import Sequence

from kintsugi.recover.lifecycle import NodeBook, NodeState, Trigger
from kintsugi.recover.scheduler.api import NodeInfo, Scheduler, register_scheduler
from kintsugi.store.api import EventStore


class LocalScheduler(Scheduler):
    """Drain = cordon, resume = uncordon, both recorded as ``node_state`` events."""

    name = "local"

    def __init__(self, store: EventStore, run_id: str | None = None) -> None:
        self.book = NodeBook(store) if run_id is None else NodeBook(store, run_id)

    def drain(self, node: str, reason: str) -> None:
        self.book.apply(node, Trigger.CORDON, reason)

    def resume(self, node: str) -> None:
        if self.book.record(node).state is not NodeState.HEALTHY:
            self.book.apply(node, Trigger.UNCORDON, "resumed")

    def nodes(self, names: Sequence[str] | None = None) -> dict[str, NodeInfo]:
        recs = self.book.records()
        wanted = list(recs) if names is None else list(names)
        out: dict[str, NodeInfo] = {}
        for n in wanted:
            rec = recs.get(n)
            state = rec.state if rec else NodeState.HEALTHY
            reason = rec.last.reason if rec and rec.last else ""
            out[n] = NodeInfo(n, state.value, state.usable, reason)
        return out

    def usable(self, node: str) -> bool:
        # A node the book never saw is healthy: the local scheduler knows no inventory.
        return self.book.record(node).state.usable


register_scheduler("local", LocalScheduler)
