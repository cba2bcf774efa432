"""The one way kintsugi writes rich output to a terminal: every string is data.

A ``SafeConsole`` never reads markup in strings (gloo's ``[/__w/.../pair.cc:537]`` stays text)
and shows control characters as visible escapes, whatever renderer (table cell, title, line)
the string reaches it through. Our own emphasis uses ``rich.text.Text`` with a style.
"""

from __future__ import annotations

import logging
from typing import Any

from rich.console import Console
from rich.text import Text

from kintsugi.textsafe import terminal_safe


class SafeConsole(Console):
    """A rich Console for text that may come from logs, events or the store."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("highlight", False)
        super().__init__(markup=False, emoji=False, **kwargs)

    def render_str(self, text: str, **kwargs: Any) -> Text:
        kwargs["markup"] = False
        kwargs["emoji"] = False
        return super().render_str(terminal_safe(text), **kwargs)


def bold(text: str) -> Text:
    """Our own emphasis (never parsed from a string)."""
    return Text(terminal_safe(text), style="bold")


class SafeFormatter(logging.Formatter):
    """A logging formatter whose output shows control characters as escapes.

    Our log lines quote rank exceptions and verdicts: text from logs, never terminal commands.
    """

    def format(self, record: logging.LogRecord) -> str:
        return terminal_safe(super().format(record))


def safe_logging(level: int = logging.WARNING, fmt: str = "%(message)s") -> None:
    """``logging.basicConfig`` with a :class:`SafeFormatter` on stderr."""
    handler = logging.StreamHandler()
    handler.setFormatter(SafeFormatter(fmt))
    logging.basicConfig(level=level, handlers=[handler])
