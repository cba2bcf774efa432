"""Bad input never crashes: an ``unknown`` verdict with the reason, or a one-line user error."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kintsugi.cli import main
from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category


def test_empty_directory(tmp_path: Path) -> None:
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.UNKNOWN and d.action is Action.NONE
    assert "empty" in d.summary


def test_binary_file_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "node-a").mkdir()
    (tmp_path / "node-a" / "core.1234").write_bytes(os.urandom(200_000) + b"\0" * 10)
    res = diagnose_bundle(tmp_path)
    assert res.diagnosis.category is Category.UNKNOWN
    assert "binary" in res.diagnosis.summary
    assert res.scan.files[0].kind == "binary"


def test_non_utf8_text(tmp_path: Path) -> None:
    (tmp_path / "node-a").mkdir()
    text = b"step 1 loss 2.0 \xff\xfe caf\xe9\n" * 100 + b"Segmentation fault (core dumped)\n"
    (tmp_path / "node-a" / "rank0.log").write_bytes(text)
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.USER_CODE
    assert d.evidence[0].line == 101


def test_huge_single_line_with_a_failure_in_the_middle(tmp_path: Path) -> None:
    (tmp_path / "node-a").mkdir()
    p = tmp_path / "node-a" / "rank0.log"
    with p.open("wb") as f:
        f.write(b"x" * (25 << 20))
        f.write(
            b" NVRM: Xid (PCI:0000:3b:00): 79, pid=1, name=python, GPU has fallen off the bus. "
        )
        f.write(b"y" * (25 << 20))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.GPU_HARDWARE
    assert d.culprit is not None and d.culprit.node == "node-a"
    assert len(d.evidence[0].text) <= 300


def test_no_failure(tmp_path: Path) -> None:
    (tmp_path / "node-a").mkdir()
    (tmp_path / "node-a" / "rank0.log").write_text(
        "".join(f"step {i} loss 1.0\n" for i in range(1000))
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.UNKNOWN and d.action is Action.NONE
    assert "no failure signature in 1 file" in d.summary


def test_nonexistent_path_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diagnose", "/nonexistent/bundle"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not exist" in err


def test_file_instead_of_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "x.log"
    f.write_text("hello\n")
    assert main(["diagnose", str(f)]) == 2
    assert "not a directory" in capsys.readouterr().err


def test_invalid_json_that_looks_like_dcgm(tmp_path: Path) -> None:
    (tmp_path / "n").mkdir()
    (tmp_path / "n" / "diag.json").write_text('{"DCGM Diagnostic": {"test_categories": [')
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.UNKNOWN
