"""Alerts off the recovery path: sinks run on a thread of their own, never on the caller's.

A webhook that accepts a connection and never answers must not delay a restart; the agent
submits the verdict and goes on, and learns each delivery's result through a callback.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kintsugi.events import Diagnosis
from kintsugi.notify.api import AlertSink

log = logging.getLogger("kintsugi.alerts")
Result = Callable[[str, bool], object]
"""Called with (sink name, delivered) after each delivery attempt, on the dispatcher thread."""


class AlertDispatcher:
    """Delivers alerts to sinks on one daemon thread, in order."""

    def __init__(self, sinks: Sequence[AlertSink], on_result: Result | None = None) -> None:
        self.sinks = list(sinks)
        self._on_result = on_result
        self._q: queue.Queue[tuple[Diagnosis, str, dict[str, Any]] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self.pending = 0

    def submit(self, diagnosis: Diagnosis, run_id: str, context: Mapping[str, Any]) -> None:
        """Queues one alert for every sink; returns at once."""
        if not self.sinks:
            return
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="kintsugi-alerts", daemon=True)
            self._thread.start()
        self.pending += 1
        self._q.put((diagnosis, run_id, dict(context)))

    def _loop(self) -> None:
        while True:
            item = self._q.get()
            if item is None:
                return
            for sink in self.sinks:
                try:
                    ok = bool(sink.send(*item))
                except Exception:
                    log.exception("kintsugi: alert sink %s failed", sink.name)
                    ok = False
                if self._on_result is not None:
                    try:
                        self._on_result(sink.name, ok)
                    except Exception:
                        log.exception("kintsugi: cannot record an alert result")
            self.pending -= 1

    def close(self, timeout_s: float = 10.0) -> bool:
        """Waits up to ``timeout_s`` for queued alerts; returns whether all were handled."""
        if self._thread is None:
            return True
        self._q.put(None)
        self._thread.join(timeout=timeout_s)
        done = not self._thread.is_alive()
        if not done:
            log.warning("kintsugi: %d alert(s) still undelivered at exit", self.pending)
        return done
