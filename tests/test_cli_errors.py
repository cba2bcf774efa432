"""Bad input: one clear line naming the problem, a non-zero exit, nothing half-written."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from conftest import TRAIN, kintsugi_cmd


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(kintsugi_cmd(*args), capture_output=True, text=True, timeout=60, cwd=cwd)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["run", "--bogus-flag", str(TRAIN)], "unrecognized arguments: --bogus-flag"),
        (["run", "missing_script.py"], "training script not found: missing_script.py"),
        (["run", "--store", "mysql://db/x", str(TRAIN)], "unknown store URL scheme"),
        (["run", "--inject", "explode:step=3", str(TRAIN)], "unknown fault 'explode'"),
        (["run", "--inject", "kill:step=x", str(TRAIN)], "bad number"),
        (["run", "--inject", "raise:time=3", str(TRAIN)], "time= works only with kill and sigstop"),
        (
            ["run", "--section-timeout", "checkpoint", str(TRAIN)],
            "--section-timeout 'checkpoint': expects NAME=SECONDS",
        ),
        (["run", "--alert", "pager=x", str(TRAIN)], "unknown alert sink 'pager'"),
        (["run"], "required: training_script"),
        (["nonsense"], "invalid choice"),
        (["report", "no-such-run"], "no run 'no-such-run'"),
        (["events", "no-such-run"], "no run 'no-such-run'"),
        (["events", "x", "--kind", "nope"], "unknown event kind"),
    ],
)
def test_bad_input_is_one_line(args: list[str], needle: str, tmp_path: Path) -> None:
    p = run_cli(*args, cwd=tmp_path)
    assert p.returncode == 2, p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kintsugi: error:"), p.stderr
    assert needle in lines[0]
    assert not (tmp_path / "kintsugi_runs").exists() or not any(
        (tmp_path / "kintsugi_runs").iterdir()
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_run_dir(tmp_path: Path) -> None:
    ro = tmp_path / "ro"
    ro.mkdir(mode=0o500)
    p = run_cli("run", "--run-dir", str(ro / "x"), str(TRAIN), cwd=tmp_path)
    assert p.returncode == 2 and "not writable" in p.stderr


def test_run_dir_that_is_a_file(tmp_path: Path) -> None:
    f = tmp_path / "file"
    f.write_text("x")
    p = run_cli("run", "--run-dir", str(f / "sub"), str(TRAIN), cwd=tmp_path)
    assert p.returncode == 2 and "is not writable" in p.stderr
    assert f.read_text() == "x"


def test_help_lists_torchrun_and_kintsugi_flags(tmp_path: Path) -> None:
    p = run_cli("run", "--help", cwd=tmp_path)
    assert p.returncode == 0
    for flag in (
        "--nproc-per-node",
        "--rdzv-endpoint",
        "--max-restarts",
        "--inject",
        "--store",
        "--hang-factor",
    ):
        assert flag in p.stdout
