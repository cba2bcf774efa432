"""The AlertSink interface, the text every sink shows, and the registry that builds sinks."""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any

from kintsugi.errors import UserError
from kintsugi.events import Diagnosis

ENV_ALERT = "KINTSUGI_ALERT"


class AlertSink(ABC):
    """Somewhere alerts go. ``send`` never raises: a failed alert must not stop recovery."""

    name: str = "sink"

    @abstractmethod
    def send(self, diagnosis: Diagnosis, run_id: str, context: Mapping[str, Any]) -> bool:
        """Delivers one alert; returns whether it was delivered."""


def format_text(diagnosis: Diagnosis, run_id: str, context: Mapping[str, Any]) -> str:
    """One headline plus the evidence, for humans (log lines, chat messages)."""
    d = diagnosis
    who = ""
    if d.culprit is not None:
        who = f" culprit {d.culprit.node}" + (
            f" rank {d.culprit.rank}" if d.culprit.rank is not None else ""
        )
    head = (
        f"[kintsugi] run {run_id}: {d.category.value} ({d.layer.value}){who} -> {d.action.value} "
        f"(confidence {d.confidence:.2f}): {d.summary}"
    )
    extra = ", ".join(f"{k}={v}" for k, v in sorted(context.items()))
    lines = [head] + ([f"  context: {extra}"] if extra else [])
    for e in d.evidence[:5]:
        where = e.source + (f":{e.line}" if e.line is not None else "")
        lines.append(f"  evidence {where}: {e.text}")
    return "\n".join(lines)


_SINKS: dict[str, Callable[[str], AlertSink]] = {}


def register_sink(name: str, factory: Callable[[str], AlertSink]) -> None:
    """Adds a sink kind: ``factory(argument)`` builds it from ``name=argument`` in a spec."""
    _SINKS[name] = factory


def build_sinks(spec: str | None = None) -> list[AlertSink]:
    """Sinks from a comma-separated spec such as ``log,webhook=http://127.0.0.1:8080/hook``.

    Args:
        spec: the spec; None reads ``KINTSUGI_ALERT`` (empty: no sinks).

    Raises:
        UserError: an unknown sink kind or a bad argument.
    """
    # Imported here so the built-ins register without an import cycle.
    from kintsugi.notify import log_sink, webhook_sink  # noqa: F401

    if spec is None:
        spec = os.environ.get(ENV_ALERT, "")
    sinks: list[AlertSink] = []
    for item in (s.strip() for s in spec.split(",")):
        if not item:
            continue
        kind, _, arg = item.partition("=")
        factory = _SINKS.get(kind.strip())
        if factory is None:
            known = ", ".join(sorted(_SINKS))
            raise UserError(f"unknown alert sink {kind!r} in {spec!r} (known: {known})")
        sinks.append(factory(arg.strip()))
    return sinks
