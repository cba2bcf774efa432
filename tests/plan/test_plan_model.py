"""The analytic planner against the published figures in shared/REFERENCES.md (within 2%)."""

from __future__ import annotations

import math

import pytest

from kintsugi.errors import UserError
from kintsugi.plan.model import (
    HOUR_S,
    PlanConfig,
    ettr_exact,
    ettr_first_order,
    evaluate,
    exact_optimal_interval,
    job_mtbf_from_node_rate,
    mtbf_table,
)
from kintsugi.plan.stats import gamma_ppf, garwood

REL = 0.02


@pytest.mark.parametrize(
    ("gpus", "mtbf_h", "per_day"),
    [(1_000, 50.0, 0.48), (10_000, 5.0, 4.8), (100_000, 0.5, 48.0), (1_000_000, 0.05, 480.0)],
)
def test_mtbf_table_epoch(gpus: int, mtbf_h: float, per_day: float) -> None:
    (row,) = mtbf_table(50_000 * HOUR_S, (gpus,))
    assert row["job_mtbf_s"] / HOUR_S == pytest.approx(mtbf_h, rel=REL)
    assert row["failures_per_day"] == pytest.approx(per_day, rel=REL)


def test_llama3_interval_and_overhead() -> None:
    cfg = PlanConfig(gpus=16_384, job_mtbf_s=3.09 * HOUR_S, checkpoint_s=2.5)
    res = evaluate(cfg)
    assert res.optimal_interval_s == pytest.approx(236.0, rel=REL)
    assert res.overhead_fraction == pytest.approx(0.021, rel=REL)
    assert res.expected_ettr_exact == pytest.approx(res.expected_ettr, rel=0.005)
    assert res.optimal_interval_exact_s == pytest.approx(236.0, rel=REL)
    assert not res.warnings


@pytest.mark.parametrize(("interval_s", "ettr"), [(3600.0, 0.684), (300.0, 0.932)])
def test_kokolis_expected_ettr(interval_s: float, ettr: float) -> None:
    cfg = PlanConfig(gpus=16_000, job_mtbf_s=job_mtbf_from_node_rate(6.5, 2_000), restart_s=300.0)
    res = evaluate(cfg, interval_s)
    assert res.expected_ettr == pytest.approx(ettr, rel=REL)


def test_models_part_at_high_failure_rates_and_say_so() -> None:
    cfg = PlanConfig(gpus=16_000, job_mtbf_s=job_mtbf_from_node_rate(6.5, 2_000), restart_s=300)
    res = evaluate(cfg, 3600.0)
    assert res.expected_ettr_exact > res.expected_ettr + 0.03
    assert any("first-order" in w for w in res.warnings)


def test_exact_reduces_to_first_order_when_failures_are_rare() -> None:
    cfg = PlanConfig(gpus=8, job_mtbf_s=1e9, checkpoint_s=1.0, restart_s=30.0)
    assert ettr_exact(cfg, 600.0) == pytest.approx(ettr_first_order(cfg, 600.0), rel=1e-5)


def test_exact_optimum_maximizes_exact_ettr() -> None:
    cfg = PlanConfig(gpus=8, job_mtbf_s=3600.0, checkpoint_s=30.0, restart_s=120.0)
    tau = exact_optimal_interval(cfg)
    best = ettr_exact(cfg, tau)
    assert best >= ettr_exact(cfg, tau * 1.05) and best >= ettr_exact(cfg, tau / 1.05)


def test_badput_adds_up() -> None:
    cfg = PlanConfig(
        gpus=64, job_mtbf_s=7200.0, checkpoint_s=10.0, detection_s=30, restart_s=60, restore_s=20
    )
    res = evaluate(cfg, 300.0)
    assert res.expected_ettr + sum(res.badput.values()) == pytest.approx(1.0, abs=1e-9)
    assert res.expected_ettr_exact + sum(res.badput_exact.values()) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"gpus": 0},
        {"job_mtbf_s": -1.0},
        {"checkpoint_s": -2.0},
        {"spare_nodes": -1},
        {"gpus": 12},
    ],
)
def test_bad_config_raises_user_error(kwargs: dict[str, float]) -> None:
    base: dict[str, float] = {"gpus": 16, "job_mtbf_s": 3600.0}
    with pytest.raises(UserError):
        PlanConfig(**{**base, **kwargs})  # type: ignore[arg-type]


def test_interval_shorter_than_checkpoint_is_refused() -> None:
    cfg = PlanConfig(gpus=8, job_mtbf_s=3600.0, checkpoint_s=30.0)
    with pytest.raises(UserError, match="shorter than the checkpoint cost"):
        evaluate(cfg, 10.0)


def test_garwood_matches_chi_square_tables() -> None:
    assert gamma_ppf(0.5, 1.0) == pytest.approx(math.log(2.0), rel=1e-9)
    lo, hi = garwood(5, 1.0)
    assert lo == pytest.approx(1.6235, abs=1e-3)
    assert hi == pytest.approx(11.6683, abs=1e-3)
    assert garwood(0, 2.0) == (0.0, pytest.approx(3.6889 / 2, abs=1e-3))
