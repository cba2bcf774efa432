"""Log text reaches the terminal literally: no markup parsed, no control sequences obeyed."""

from __future__ import annotations

from pathlib import Path

import pytest

from kintsugi.cli import main
from kintsugi.events import Event, EventKind
from kintsugi.store.api import open_store

GLOO = (
    "[rank1]: RuntimeError: [/__w/pytorch/third_party/gloo/pair.cc:537] Connection closed by "
    "peer [bold red]x[/bold red] \x1b]0;pwned\x07\x1b[2J\x08\x08ok\r\n"
)


def _bundle(tmp: Path) -> Path:
    (tmp / "node-\x1b[31ma").mkdir()
    (tmp / "node-\x1b[31ma" / "rank1.log").write_text(
        "[rank1]: Traceback (most recent call last):\n"
        '[rank1]:   File "/w/train.py", line 3, in <module>\n'
        "[rank1]: KeyError: '[link=http://x]\x1b[5mlr[/link]'\n" + GLOO
    )
    return tmp


def test_verdict_and_explain_print_log_text_literally(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["diagnose", str(_bundle(tmp_path)), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "[/__w/pytorch/third_party/gloo/pair.cc:537]" in out
    assert "[bold red]x[/bold red]" in out and "[link=http://x]" in out
    assert "\x1b" not in out and "\x07" not in out and "\r" not in out
    # terminal sequences in a log's lines are dropped as it is read (colours, a title); other
    # control characters, and any in a file's name, are printed escaped
    assert "pwned" not in out and "\\x08\\x08ok" in out and "node-\\x1b[31ma" in out


def test_fleet_prints_node_names_literally(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = str(tmp_path / "s.db")
    node = "gpu-\x1b[2J[bold]7"
    with open_store(url) as store:
        store.append(
            [
                Event(
                    kind=EventKind.DIAGNOSIS,
                    run_id="r",
                    node=node,
                    data={
                        "category": "gpu_hardware",
                        "action": "restart",
                        "summary": "x",
                        "culprit": {"node": node, "rank": 0},
                    },
                )
            ]
        )
    assert main(["fleet", "--store", url]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "gpu-\\x1b[2J[bold]7" in out
