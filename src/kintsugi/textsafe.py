"""Print text that came from logs or events literally and harmlessly in a terminal.

Log text is data: ``[bold]`` must not become rich markup and ``ESC [2J`` must not clear the
screen. ``terminal_safe`` neutralises control characters; ``literal`` also disables markup.
"""

from __future__ import annotations

import re

from rich.text import Text

# C0 controls except \t and \n, DEL, and the C1 range (U+0080..U+009F): ESC starts ANSI/OSC
# sequences, CR rewrites the line, BS erases, and C1 CSI (U+009B) acts like ESC [ on some
# terminals. Unicode bidi overrides can reorder what is shown, so they are escaped too.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def terminal_safe(text: str) -> str:
    r"""Replaces control characters (except ``\n`` and ``\t``) with visible escapes.

    Args:
        text: any text, typically a log line.

    Returns:
        The text with e.g. ESC shown as ``\x1b``; printable text is unchanged.
    """
    return _CONTROL.sub(_escape, text)


def literal(text: str, style: str = "") -> Text:
    """A rich ``Text`` that shows ``text`` exactly: no markup, no control sequences.

    Args:
        text: any text, typically a log line.
        style: a rich style for the whole text (ours, not the log's).
    """
    return Text(terminal_safe(text), style=style)
