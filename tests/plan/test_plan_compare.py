"""A finished run against the planner's prediction for its own costs."""

from __future__ import annotations

import pytest

from kintsugi.errors import UserError
from kintsugi.plan import RunCosts, compare_run


def test_compare_explains_startup_and_injected_rate() -> None:
    costs = RunCosts(
        wall_s=300.0,
        productive_s=220.0,
        measured_ettr=220.0 / 300.0,
        failures=2,
        checkpoint_interval_s=20.0,
        checkpoint_cost_s=0.5,
        restore_s=1.0,
        detection_s=3.0,
        restart_s=3.0,
        startup_s=15.0,
        n_ranks=4,
    )
    cmp = compare_run(costs)
    assert 0 < cmp.predicted_ettr_exact < 1
    assert cmp.gap == pytest.approx(cmp.measured_ettr - cmp.predicted_ettr_exact)
    text = "\n".join(cmp.explanation)
    assert "start-up took 15.0 s = 5.0%" in text
    assert "injected" in text
    d = cmp.to_dict()
    assert {"predicted_ettr", "predicted_ettr_exact", "measured_ettr", "gap", "explanation"} <= set(
        d
    )


def test_compare_without_failures_or_checkpoints() -> None:
    costs = RunCosts(
        wall_s=100.0,
        productive_s=95.0,
        measured_ettr=0.95,
        failures=0,
        checkpoint_interval_s=None,
        startup_s=5.0,
    )
    cmp = compare_run(costs)
    assert cmp.predicted_ettr_exact == pytest.approx(1.0, abs=1e-6)
    assert cmp.predicted_ettr_with_startup == pytest.approx(0.95, abs=1e-6)
    assert any("never saved" in line for line in cmp.explanation)


def test_compare_rejects_nonsense() -> None:
    with pytest.raises(UserError):
        RunCosts(
            wall_s=0.0, productive_s=0.0, measured_ettr=0.0, failures=0, checkpoint_interval_s=None
        )
