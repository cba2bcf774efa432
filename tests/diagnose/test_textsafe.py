"""Log text is printed literally: no rich markup, no terminal control sequences."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from kintsugi.textsafe import literal, terminal_safe


def test_ansi_and_osc_are_made_visible() -> None:
    s = "ok \x1b[2J\x1b]0;pwned\x07 done\r\x08\x7f\x9b"
    out = terminal_safe(s)
    assert "\x1b" not in out and "\x07" not in out and "\r" not in out and "\x9b" not in out
    assert out == "ok \\x1b[2J\\x1b]0;pwned\\x07 done\\x0d\\x08\\x7f\\x9b"


def test_newline_tab_and_unicode_unchanged() -> None:
    assert terminal_safe("a\tb\nc é 漢字") == "a\tb\nc é 漢字"


def test_bidi_override_escaped() -> None:
    assert terminal_safe("x\u202ey") == "x\\u202ey"


def test_literal_shows_markup_as_text() -> None:
    buf = io.StringIO()
    Console(file=buf, width=200, color_system=None).print(
        literal("[/__w/pytorch/third_party/gloo/pair.cc:537] [bold]x[/bold]")
    )
    assert buf.getvalue().strip() == "[/__w/pytorch/third_party/gloo/pair.cc:537] [bold]x[/bold]"


@given(st.text())
def test_no_control_character_survives(s: str) -> None:
    out = terminal_safe(s)
    assert all(c in "\n\t" or not (ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F) for c in out)
