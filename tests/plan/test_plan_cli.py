"""``kintsugi plan`` and ``kintsugi simulate`` end to end through ``kintsugi.cli.main``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kintsugi.cli import main

LLAMA3 = ["plan", "--gpus", "16384", "--job-mtbf-hours", "3.09", "--checkpoint-seconds", "2.5"]
KOKOLIS = [
    "plan",
    "--gpus",
    "16000",
    "--node-failures-per-1000-days",
    "6.5",
    "--restart-seconds",
    "300",
]


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    assert main(argv) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def test_plan_json_llama3(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, [*LLAMA3, "--json"])
    for key in (
        "job_mtbf_s",
        "failures_per_day",
        "optimal_interval_s",
        "overhead_fraction",
        "expected_ettr",
        "expected_ettr_exact",
        "badput",
        "ettr_curve",
    ):
        assert key in out
    assert out["optimal_interval_s"] == pytest.approx(236.0, rel=0.02)
    assert out["overhead_fraction"] == pytest.approx(0.021, rel=0.02)
    assert set(out["badput"]) >= {"checkpointing", "lost_work", "detection", "restart"}


@pytest.mark.parametrize(("interval", "ettr"), [("3600", 0.684), ("300", 0.932)])
def test_plan_json_kokolis(capsys: pytest.CaptureFixture[str], interval: str, ettr: float) -> None:
    out = _json(capsys, [*KOKOLIS, "--interval-seconds", interval, "--json"])
    assert out["expected_ettr"] == pytest.approx(ettr, rel=0.02)


def test_plan_mtbf_table_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, ["plan", "--gpus", "1024", "--checkpoint-seconds", "5", "--json"])
    hours = [r["job_mtbf_s"] / 3600 for r in out["mtbf_table"]]
    assert hours == pytest.approx([50.0, 5.0, 0.5, 0.05], rel=0.02)


def test_plan_human_table_and_plots(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main([*LLAMA3, "--plot", str(tmp_path / "curve")]) == 0
    text = capsys.readouterr().out
    assert "optimal interval" in text and "expected ETTR" in text
    for ext in ("png", "svg", "csv"):
        assert (tmp_path / f"curve.{ext}").stat().st_size > 0


def test_env_and_config_defaults(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cfg = tmp_path / "plan.toml"
    cfg.write_text("gpus = 16384\ncheckpoint_seconds = 100.0\n")
    monkeypatch.setenv("KINTSUGI_CHECKPOINT_SECONDS", "2.5")
    monkeypatch.setenv("KINTSUGI_JOB_MTBF_HOURS", "3.09")
    out = _json(capsys, ["plan", "--config", str(cfg), "--json"])
    assert out["gpus"] == 16384  # from the file
    assert out["checkpoint_s"] == 2.5  # the environment wins over the file
    assert out["optimal_interval_s"] == pytest.approx(236.0, rel=0.02)


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(
        capsys,
        [
            "simulate",
            "--gpus",
            "16384",
            "--checkpoint-seconds",
            "2.5",
            "--restart-seconds",
            "600",
            "--runs",
            "200",
            "--days",
            "10",
            "--seed",
            "1",
            "--json",
        ],
    )
    assert out["ettr_p5"] <= out["ettr_mean"] <= out["ettr_p95"]
    assert out["ettr_mean"] == pytest.approx(out["expected_ettr_exact"], rel=0.02)


def test_simulate_sweep_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = _json(
        capsys,
        [
            "simulate",
            "--gpus",
            "1024",
            "--checkpoint-seconds",
            "5",
            "--runs",
            "50",
            "--days",
            "5",
            "--sweep",
            "interval=60,300,1200",
            "--plot",
            str(tmp_path / "sweep"),
            "--json",
        ],
    )
    assert [r["value"] for r in out["sweep"]] == [60, 300, 1200]
    assert (tmp_path / "sweep.png").stat().st_size > 0
    assert (tmp_path / "sweep.svg").stat().st_size > 0


BAD = [
    (
        ["plan", "--gpus", "64", "--gpu-mtbf-hours", "-5", "--checkpoint-seconds", "1"],
        "--gpu-mtbf-hours '-5': must be > 0",
    ),
    (
        ["plan", "--gpus", "64", "--node-failures-per-1000-days", "0", "--checkpoint-seconds", "1"],
        "rate",
    ),
    (
        ["plan", "--gpus", "64", "--checkpoint-seconds", "30", "--interval-seconds", "10"],
        "shorter than the checkpoint",
    ),
    (["plan", "--gpus", "64", "--checkpoint-seconds", "1", "--taxonomy", "nope"], "taxonomy"),
    (["plan", "--gpus", "64", "--checkpoint-seconds", "1", "--spare-nodes", "-2"], "spare"),
    (["plan", "--gpus", "64", "--checkpoint-seconds", "1", "--spare-nodes", "100"], "spare"),
    (["plan", "--gpus", "64", "--job-mtbf-hours", "1", "--gpu-mtbf-hours", "1"], "several"),
    (["plan", "--checkpoint-seconds", "1"], "--gpus"),
    (["plan", "--gpus", "64", "--checkpoint-seconds", "0"], "interval"),
    (["simulate", "--gpus", "64", "--checkpoint-seconds", "1", "--runs", "0"], "--runs"),
    (["simulate", "--gpus", "64", "--checkpoint-seconds", "1", "--sweep", "colour=1"], "sweep"),
    (["plan", "--gpus", "sixty"], "--gpus 'sixty': not a valid integer"),
]


@pytest.mark.parametrize(("argv", "needle"), BAD)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert needle in err


def test_bad_env_value_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KINTSUGI_GPUS", "lots")
    assert main(["plan", "--checkpoint-seconds", "1"]) == 2
    assert "KINTSUGI_GPUS" in capsys.readouterr().err


def test_config_section_and_unknown_key(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cfg = tmp_path / "kintsugi.toml"
    cfg.write_text("[agent]\nnodes = 3\n[plan]\ngpus = 1024\ncheckpoint-seconds = 5\n")
    assert _json(capsys, ["plan", "--config", str(cfg), "--json"])["gpus"] == 1024
    cfg.write_text("gpus = 1024\ncheckpoint_secs = 5\n")
    assert main(["plan", "--config", str(cfg)]) == 2
    assert "unknown key 'checkpoint_secs'" in capsys.readouterr().err


def test_every_flag_is_documented() -> None:
    from kintsugi.plan.options import OPTIONS

    docs = (Path(__file__).resolve().parents[2] / "docs" / "planning.md").read_text()
    missing = [p.opt.flag for p in OPTIONS if f"`{p.opt.flag}" not in docs]
    assert not missing, f"flags missing from docs/planning.md: {missing}"
