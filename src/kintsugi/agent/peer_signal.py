"""Tells the other nodes at once that this node left the current rendezvous round.

elastic lets a node notice a peer's restart only by polling the shared rendezvous state,
which it caches for a second (``num_nodes_waiting``), and the ranks on the surviving nodes
may not fail for seconds (NCCL waits for its timeout). A node that leaves round ``r`` (its
ranks failed, it was excluded, it stops) sets ``kintsugi.left.<run>.<r>.<g>`` for every
group rank ``g`` of that round, in one call; every agent keeps one extra store connection
blocked in ``wait`` on its own key, which the store answers the moment it is set: one
message per event, whatever the job's size, instead of faster polling.

A node that finishes never signals the others (a peer still in its last steps must not
restart); closing sets only its own key, which ends its watcher before the process exits.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from datetime import timedelta
from typing import Any

log = logging.getLogger("kintsugi.agent")

CONNECT = timedelta(seconds=30)
"""How long the watcher tries to reach the store (it is up: this node just joined a round)."""
WAIT = timedelta(days=1)
"""How long one wait may block; a timeout only re-arms it."""


def _key(run_id: str, round_: int, group_rank: int) -> str:
    return f"kintsugi.left.{run_id}.{round_}.{group_rank}"


class PeerSignal:
    """One background wait on the rendezvous store per agent.

    Args:
        host: the rendezvous store's host (``--rdzv-endpoint``).
        port: its port.
        run_id: the job's rendezvous id.
    """

    def __init__(self, host: str, port: int, run_id: str) -> None:
        self.host, self.port, self.run_id = host, port, run_id
        self._round: int | None = None
        self._group: tuple[int, int] = (0, 1)
        """This node's rank in the round and the round's size."""
        self._fired: set[int] = set()
        self._store: Any = None
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False

    # --- the agent's side ----------------------------------------------------------------

    def enter(self, round_: int, group_rank: int, group_size: int, store: Any) -> None:
        """This node trains in round ``round_`` now, as node ``group_rank`` of
        ``group_size``: watch it (``store``: the rendezvous's, to signal through)."""
        with self._cv:
            self._round = round_
            self._group = (group_rank, group_size)
            self._store = store
            self._cv.notify_all()
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._watch, name="kintsugi-peer-signal", daemon=True
            )
            self._thread.start()

    def left(self) -> bool:
        """Whether another node left the round this node trains in."""
        with self._cv:
            return self._round is not None and self._round in self._fired

    def leave(self) -> None:
        """Tells every node of this node's round that it leaves the round."""
        with self._cv:
            round_, (_, size), store = self._round, self._group, self._store
        if round_ is None or store is None:
            return
        keys = [_key(self.run_id, round_, g) for g in range(size)]
        try:
            store.multi_set(keys, ["1"] * len(keys))
        except Exception as e:  # noqa: BLE001 - the store may be gone; peers then poll
            log.debug("kintsugi: could not signal the other nodes: %s", e)

    def close(self) -> None:
        """Ends the watcher (it must not outlive the interpreter, blocked in the store)."""
        with self._cv:
            self._closed = True
            round_, (mine, _), store = self._round, self._group, self._store
            self._cv.notify_all()
        if round_ is not None and store is not None:
            with contextlib.suppress(Exception):
                store.set(_key(self.run_id, round_, mine), "closing")
        if self._thread is not None:
            self._thread.join(timeout=2.0)

    # --- the watcher thread --------------------------------------------------------------

    def _watch(self) -> None:
        try:
            from torch.distributed import TCPStore  # type: ignore[attr-defined]

            client = TCPStore(self.host, self.port, is_master=False, timeout=CONNECT)
            client.set_timeout(WAIT)
        except Exception as e:  # noqa: BLE001 - without it the agent polls as elastic does
            log.debug("kintsugi: no peer-signal connection (%s); polling only", e)
            return
        watched: int | None = None
        while True:
            with self._cv:
                while not self._closed and self._round == watched:
                    self._cv.wait()
                if self._closed:
                    return
                watched, (mine, _) = self._round, self._group
            assert watched is not None
            key = _key(self.run_id, watched, mine)
            try:
                client.wait([key])
            except Exception as e:  # noqa: BLE001 - timed out (a day) or the store is gone
                with contextlib.suppress(Exception):
                    client.check([key])
                    watched = None  # re-arm: the store still answers
                    continue
                log.debug("kintsugi: peer-signal wait ended: %s", e)
                return
            with self._cv:
                if not self._closed:
                    self._fired.add(watched)
