"""Issue 9's demonstrations on real processes: a script that never calls kintsugi (the DDP
tutorial's multinode.py on gloo) gets crash, hang and stop detection, a real report, straggler
naming and NaN verdicts from the bootstrap's hooks alone."""

from __future__ import annotations

import json
import subprocess
import uuid
from pathlib import Path

import pytest

from conftest import kintsugi_cmd, run_events

pytestmark = pytest.mark.slow
SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "ddp_uninstrumented.py"


def _run(
    tmp: Path, name: str, *script_args: str, extra: tuple[str, ...] = ()
) -> tuple[int, str, Path]:
    run_dir = tmp / name
    cmd = kintsugi_cmd(
        "run",
        "--nproc-per-node",
        "2",
        "--rdzv-id",
        f"{name}-{uuid.uuid4().hex[:6]}",
        "--run-dir",
        str(run_dir),
        "--node-name",
        "n0",
        "--no-report",
        "--hang-floor-seconds",
        "3",
        *extra,
        str(SCRIPT),
        *script_args,
        "--snapshot-path",
        str(tmp / f"{name}.snapshot"),
    )
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=tmp)
    return p.returncode, p.stdout + p.stderr, run_dir


def test_uninstrumented_script_survives_kill_stop_and_hang_bitwise(tmp_path: Path) -> None:
    common = ("6", "1", "--step-sleep", "0.02")
    code, out, _ = _run(tmp_path, "ref", *common, "--final", str(tmp_path / "ref.pt"))
    assert code == 0, out[-3000:]
    faults = "kill:step=20,rank=1;sigstop:step=12,rank=0,attempt=1;hang:step=10,rank=1,attempt=2"
    code, out, run_dir = _run(
        tmp_path,
        "faulty",
        *common,
        "--final",
        str(tmp_path / "faulty.pt"),
        extra=("--inject", faults),
    )
    assert code == 0, out[-3000:]
    ev = run_events(run_dir)
    kinds = [e["kind"] for e in ev]
    assert kinds.count("attempt_start") == 4 and kinds.count("hang_detected") == 2
    torch = pytest.importorskip("torch")
    ref = torch.load(tmp_path / "ref.pt", weights_only=True)
    got = torch.load(tmp_path / "faulty.pt", weights_only=True)
    assert ref.keys() == got.keys() and all(torch.equal(ref[k], got[k]) for k in ref)
    steps = [e for e in ev if e["kind"] == "step"]
    assert steps and all(e["data"].get("auto") for e in steps)  # type: ignore[union-attr]
    rep = subprocess.run(
        kintsugi_cmd("report", str(run_dir), "--json"), capture_output=True, text=True, timeout=60
    )
    assert rep.returncode == 0, rep.stderr
    assert json.loads(rep.stdout)["ettr"] > 0.05


def test_a_rank_four_times_slower_is_named(tmp_path: Path) -> None:
    code, out, run_dir = _run(
        tmp_path,
        "slow",
        "3",
        "1",
        "--dataset-size",
        "2048",
        "--step-sleep",
        "0.01",
        "--slow-rank",
        "1",
        "--slow-factor",
        "4",
        "--slow-from-step",
        "10",
    )
    assert code == 0, out[-3000:]
    found = [e for e in run_events(run_dir) if e["kind"] == "straggler"]
    assert found, "no straggler event"
    first = found[0]["data"]
    assert first["rank"] == 1 and first["node"] == "n0" and first["slowdown"] >= 2  # type: ignore[index]
    assert first["step"] <= 10 + 60  # type: ignore[index,operator]


def test_nan_at_a_fixed_step_is_numerical_and_stops(tmp_path: Path) -> None:
    code, out, run_dir = _run(tmp_path, "nan", "4", "1", "--nan-at-step", "12")
    assert code != 0, out[-3000:]
    ev = run_events(run_dir)
    diags = [e["data"] for e in ev if e["kind"] == "diagnosis"]
    assert any(d["category"] == "numerical" and d["action"] == "stop" for d in diags), diags  # type: ignore[index]
    assert sum(e["kind"] == "attempt_start" for e in ev) <= 3
    assert any(e["kind"] == "nan" for e in ev)
