"""A writer thread in front of a store: producers never block, and nothing is dropped.

Events go into a queue; one thread writes them in batches. While the store is down, batches
are appended to a spool file (JSON lines, fsync'd) and replayed, oldest first, once it is back.
A spool left by a process that died is replayed by the next writer on the same spool path.
Replays are harmless because stores deduplicate on ``Event.eid``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path

from kintsugi.events import Event, SchemaError
from kintsugi.store.api import EventStore, StoreError

log = logging.getLogger(__name__)

_STOP = object()
_MAX_HELD = 100_000


class BufferedWriter:
    """Queue + writer thread + spool file in front of an ``EventStore``.

    Args:
        open_fn: opens the store; called again after it became unavailable.
        spool_path: where undelivered events wait, one JSON line each.
        retry_s: how long to wait between reconnection attempts.
        batch: the most events written in one transaction.
    """

    def __init__(
        self,
        open_fn: Callable[[], EventStore],
        spool_path: Path,
        retry_s: float = 1.0,
        batch: int = 500,
    ) -> None:
        self._open_fn = open_fn
        self._store: EventStore | None = None
        self.spool_path = spool_path
        self._retry_s = retry_s
        self._batch = batch
        self._q: queue.Queue[object] = queue.Queue()
        self._idle = threading.Event()
        self._idle.set()
        self._closed = False
        self.delivered = 0
        self.spooled = 0
        self.lost = 0
        self._held: list[Event] = []
        """Events neither stored nor spooled (the spool's disk is full too); retried first."""
        self.last_error: str | None = None
        self._thread = threading.Thread(
            target=self._loop, name="kintsugi-store-writer", daemon=True
        )
        self._thread.start()

    def put(self, event: Event) -> None:
        """Queues one event; never blocks on the store."""
        if self._closed:
            raise RuntimeError("BufferedWriter is closed")
        self._idle.clear()
        self._q.put(event)

    def flush(self, timeout_s: float = 10.0) -> bool:
        """Waits until every queued event reached the store (not the spool).

        Returns:
            True if nothing is pending, False if events are still queued or spooled.
        """
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if (
                self._q.empty()
                and self._idle.is_set()
                and not self._held
                and not self._spool_pending()
            ):
                return True
            time.sleep(0.02)
        return False

    def close(self, timeout_s: float = 10.0) -> int:
        """Delivers what it can within ``timeout_s``; whatever is left stays in the spool.

        Returns:
            How many events were lost in all: neither stored nor spooled (a full disk under
            both the store and the spool). The caller must report a non-zero count.
        """
        if self._closed:
            return self.lost
        self.flush(timeout_s)
        self._closed = True
        self._q.put(_STOP)
        self._thread.join(timeout=timeout_s)
        if self._thread.is_alive():
            # Still stuck on the store: what it holds and what is queued are not on disk.
            self.lost += len(self._held) + max(0, self._q.qsize() - 1)
        else:
            self.lost += len(self._held)
        self._held = []
        if self._store is not None:
            with contextlib.suppress(StoreError):
                self._store.close()
            self._store = None
        return self.lost

    # --- the writer thread -------------------------------------------------------------

    @property
    def _replay_path(self) -> Path:
        return self.spool_path.with_suffix(self.spool_path.suffix + ".replay")

    def _spool_pending(self) -> bool:
        for p in (self.spool_path, self._replay_path):
            try:
                if p.stat().st_size > 0:
                    return True
            except OSError:  # absent, or its directory is not usable
                pass
        return False

    def _loop(self) -> None:
        stopping = False
        while True:
            pending: list[Event] = []
            try:
                item = self._q.get(timeout=self._retry_s)
                if item is _STOP:
                    stopping = True
                else:
                    pending.append(item)  # type: ignore[arg-type]
            except queue.Empty:
                pass
            while len(pending) < self._batch:
                try:
                    item = self._q.get_nowait()
                except queue.Empty:
                    break
                if item is _STOP:
                    stopping = True
                else:
                    pending.append(item)  # type: ignore[arg-type]
            try:
                self._deliver(pending)
            except Exception as e:
                log.exception("kintsugi: event writer error; holding %d events", len(pending))
                self.last_error = f"{type(e).__name__}: {e}"
                self._held = (self._held + pending)[-_MAX_HELD:]
            if self._q.empty():
                self._idle.set()
            if stopping:
                return

    def _connected(self) -> EventStore | None:
        if self._store is None:
            try:
                self._store = self._open_fn()
            except StoreError as e:
                self.last_error = str(e)
                return None
        return self._store

    def _deliver(self, events: list[Event]) -> None:
        if self._held:
            events, self._held = self._held + events, []
        store = self._connected()
        if store is not None and self._spool_pending() and not self._replay_spool(store):
            store = None
        if store is not None and events:
            try:
                store.append(events)
                self.delivered += len(events)
                return
            except StoreError as e:
                self.last_error = str(e)
                log.warning("event store unavailable, spooling %d events: %s", len(events), e)
                self._reset()
        if events:
            try:
                self._spool(events)
            except OSError as e:
                # Disk full or gone: hold the events in memory, bounded, and keep retrying.
                log.error(
                    "kintsugi: cannot spool %d events to %s: %s", len(events), self.spool_path, e
                )
                self._held = events[-_MAX_HELD:]
                self.lost += len(events) - len(self._held)

    def _reset(self) -> None:
        if self._store is not None:
            with contextlib.suppress(StoreError):
                self._store.close()
            self._store = None

    def _spool(self, events: list[Event]) -> None:
        self.spool_path.parent.mkdir(parents=True, exist_ok=True)
        data = "".join(e.to_json() + "\n" for e in events).encode()
        fd = os.open(self.spool_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        self.spooled += len(events)

    def _replay_spool(self, store: EventStore) -> bool:
        # The spool is renamed before replay so that events spooled meanwhile land in a fresh
        # file; a replay file left by a crash is replayed first.
        replay = self._replay_path
        while self._spool_pending():
            if not replay.exists():
                os.replace(self.spool_path, replay)
            events: list[Event] = []
            with replay.open(encoding="utf-8", errors="replace") as f:
                for line in f:
                    if not line.strip():
                        continue
                    try:
                        events.append(Event.from_json(line))
                    except SchemaError:
                        log.warning("dropping a corrupt spooled line (torn write?)")
            try:
                for i in range(0, len(events), self._batch):
                    store.append(events[i : i + self._batch])
            except StoreError as e:
                self.last_error = str(e)
                self._reset()
                return False
            self.delivered += len(events)
            replay.unlink()
        return True
