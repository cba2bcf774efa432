"""The Monte Carlo simulator agrees with the exact model and with a naive event loop."""

from __future__ import annotations

import numpy as np
import pytest

from kintsugi.plan.model import HOUR_S, PlanConfig, ettr_exact, job_mtbf_from_node_rate
from kintsugi.plan.simulate import SimConfig, simulate, simulate_naive
from kintsugi.plan.taxonomy import SINGLE
from kintsugi.plan.whatif import TierSpec, compare_tiers, sweep

LLAMA = PlanConfig(
    gpus=16_384,
    job_mtbf_s=50_000 * HOUR_S / 16_384,
    checkpoint_s=2.5,
    detection_s=300.0,
    restart_s=600.0,
    restore_s=60.0,
)
KOKOLIS = PlanConfig(gpus=16_000, job_mtbf_s=job_mtbf_from_node_rate(6.5, 2_000), restart_s=300.0)


@pytest.mark.parametrize(("plan", "interval_s"), [(LLAMA, 236.0), (KOKOLIS, 3600.0)])
def test_mean_ettr_within_2pct_of_exact(plan: PlanConfig, interval_s: float) -> None:
    res = simulate(SimConfig(plan=plan, interval_s=interval_s, runs=400, work_days=20, seed=3))
    exact = ettr_exact(plan, interval_s)
    assert res.ettr.mean() == pytest.approx(exact, rel=0.02)
    s = res.summary()
    assert s["ettr_p5"] <= s["ettr_mean"] <= s["ettr_p95"]


def test_no_spares_wait_for_repair_matches_exact() -> None:
    plan = PlanConfig(
        gpus=1024,
        job_mtbf_s=12 * HOUR_S,
        checkpoint_s=5,
        restart_s=60,
        spare_nodes=0,
        repair_s=2 * HOUR_S,
    )
    res = simulate(SimConfig(plan=plan, interval_s=300, runs=300, work_days=20, taxonomy=SINGLE))
    assert res.ettr.mean() == pytest.approx(ettr_exact(plan, 300), rel=0.02)


def test_vectorized_agrees_with_naive_loop() -> None:
    cfg = SimConfig(plan=KOKOLIS, interval_s=1800.0, runs=300, work_days=5, seed=1)
    fast = simulate(cfg).ettr.mean()
    slow = float(np.mean(simulate_naive(cfg, 150)))
    assert fast == pytest.approx(slow, rel=0.02)


def test_ageing_repeats_and_spares_cost_ettr() -> None:
    base = SimConfig(plan=LLAMA, interval_s=236.0, runs=100, work_days=10, seed=2)
    plain = simulate(base).ettr.mean()
    repeats = SimConfig(
        plan=LLAMA, interval_s=236.0, runs=100, work_days=10, seed=2, repeat_fraction=0.3
    )
    assert simulate(repeats).ettr.mean() < plain
    young = SimConfig(
        plan=LLAMA, interval_s=236.0, runs=100, work_days=10, seed=2, weibull_shape=0.5
    )
    assert simulate(young).ettr.mean() < plain  # infant mortality on a new fleet
    rows = sweep(base, "spares", [0, 64])
    assert rows[0]["ettr_mean"] < rows[1]["ettr_mean"]


def test_memory_tier_beats_storage_at_scale() -> None:
    base = SimConfig(plan=LLAMA, interval_s=236.0, runs=50, work_days=5, seed=4)
    rows = compare_tiers(base, TierSpec(), scales=(100_000,))
    by = {r["tier"]: r for r in rows}
    assert by["memory"]["ettr_mean"] > by["storage"]["ettr_mean"]
