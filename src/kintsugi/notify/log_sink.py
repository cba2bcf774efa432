"""The log sink: every alert as a WARNING on the ``kintsugi.alerts`` logger."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from kintsugi.events import Diagnosis
from kintsugi.notify.api import AlertSink, format_text, register_sink
from kintsugi.textsafe import terminal_safe

logger = logging.getLogger("kintsugi.alerts")


class LogSink(AlertSink):
    """Writes the alert text to a logger."""

    name = "log"

    def __init__(self, log: logging.Logger | None = None) -> None:
        self.log = log or logger

    def send(self, diagnosis: Diagnosis, run_id: str, context: Mapping[str, Any]) -> bool:
        try:
            self.log.warning("%s", terminal_safe(format_text(diagnosis, run_id, context)))
            return True
        except Exception:  # noqa: BLE001 - an alert must never break the caller
            return False


register_sink("log", lambda arg: LogSink(logging.getLogger(arg) if arg else None))
