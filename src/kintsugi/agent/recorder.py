"""Turns what the agent sees into events: stored (buffered) and kept for live diagnosis."""

from __future__ import annotations

import logging
import time
from pathlib import Path

from kintsugi.events import JSON, Event, EventKind
from kintsugi.redact import redact_text
from kintsugi.store import BufferedWriter, open_store

log = logging.getLogger("kintsugi.agent")


class Recorder:
    """Emits this node's events into the store through a ``BufferedWriter``."""

    def __init__(self, run_id: str, node: str, store_url: str, spool_dir: Path) -> None:
        self.run_id = run_id
        self.node = node
        self.attempt = 0
        self.local: list[Event] = []
        """Every event this agent emitted, for live diagnosis without a store round trip."""
        self.writer = BufferedWriter(
            lambda: open_store(store_url), spool_dir / f"spool-{node}.jsonl"
        )

    def emit(
        self,
        kind: EventKind,
        rank: int | None = None,
        ts: float | None = None,
        attempt: int | None = None,
        **data: JSON,
    ) -> Event:
        return self.emit_data(kind, data, rank=rank, ts=ts, attempt=attempt)

    def emit_data(
        self,
        kind: EventKind,
        data: dict[str, JSON],
        rank: int | None = None,
        ts: float | None = None,
        attempt: int | None = None,
    ) -> Event:
        """Like :meth:`emit`, for a payload built elsewhere (its keys may include ``rank``)."""
        e = Event(
            kind=kind,
            run_id=self.run_id,
            data=data,
            node=self.node,
            rank=rank,
            attempt=self.attempt if attempt is None else attempt,
            ts=time.time() if ts is None else ts,
        )
        self.local.append(e)
        self.writer.put(e)
        return e

    def close(self) -> int:
        """Flushes and closes the writer; returns how many events were lost (0 normally)."""
        if not self.writer.flush(10.0):
            log.warning(
                "kintsugi: event store unreachable (%s); %d events wait in %s",
                redact_text(str(self.writer.last_error)),
                self.writer.spooled,
                self.writer.spool_path,
            )
        return self.writer.close(timeout_s=2.0)
