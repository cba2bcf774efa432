"""The demo keeps each simulated node's whole agent console (its narrative lines echoed, the
rest, a crashed agent's traceback included, kept in ``agent-nodeN.log``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kintsugi.demo.run import _pump


def test_a_nodes_console_is_kept_whole_and_only_its_narrative_echoed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        "kintsugi[node1]: rank 3 failed: exit code -9 (SIGKILL)",
        "Traceback (most recent call last):",
        "RuntimeError: the agent itself failed",
    ]
    proc = subprocess.Popen(
        [sys.executable, "-c", f"print({chr(10).join(lines)!r})"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    console = tmp_path / "agent-node1.log"
    _pump(proc, "node1", True, console)
    proc.wait()
    assert console.read_text().splitlines() == lines
    assert capsys.readouterr().out.splitlines() == [f"  node1 | {lines[0]}"]


def test_a_shown_line_is_literal(capsys: pytest.CaptureFixture[str]) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", "print('kintsugi[node0]: rank 1 failed: \\x1b[2J gone')"],
        stdout=subprocess.PIPE,
        text=True,
    )
    _pump(proc, "node0", True, Path(os.devnull))
    proc.wait()
    assert capsys.readouterr().out == "  node0 | kintsugi[node0]: rank 1 failed: \\x1b[2J gone\n"
