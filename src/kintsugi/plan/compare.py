"""Closing the loop: a finished run's measured ETTR against what the planner predicts for
the run's own measured costs and failure rate, with the gap explained term by term.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from kintsugi.errors import UserError
from kintsugi.plan.model import PlanConfig, badput_exact, ettr_exact, ettr_first_order
from kintsugi.plan.stats import garwood

_TERMS = ("checkpointing", "lost_work", "detection", "restart", "restore")


@dataclass(kw_only=True, slots=True)
class RunCosts:
    """What a finished run measured (all times in seconds, means per event)."""

    wall_s: float
    """Wall time of the whole run, start-up included."""
    productive_s: float
    """Time spent on steps whose progress was kept."""
    measured_ettr: float
    """productive_s / wall_s as the run reports it."""
    failures: int
    """Failures that interrupted the run (injected or not)."""
    checkpoint_interval_s: float | None
    """Mean seconds between checkpoint saves; None when the run never saved."""
    checkpoint_cost_s: float = 0.0
    """Mean blocking seconds per save."""
    restore_s: float = 0.0
    """Mean seconds to load a checkpoint after a restart."""
    detection_s: float = 0.0
    """Mean seconds from a failure to the restart decision."""
    restart_s: float = 0.0
    """Mean seconds to relaunch, excluding detection."""
    startup_s: float = 0.0
    """One-time start-up before the first step (imports, rendezvous, model build)."""
    n_ranks: int = 1

    def __post_init__(self) -> None:
        if not self.wall_s > 0:
            raise UserError(f"run wall time must be positive, got {self.wall_s}")
        if self.failures < 0:
            raise UserError(f"failure count must be >= 0, got {self.failures}")
        if self.checkpoint_interval_s is not None and not self.checkpoint_interval_s > 0:
            raise UserError(
                f"checkpoint interval must be positive, got {self.checkpoint_interval_s}"
            )
        for name in (
            "productive_s",
            "checkpoint_cost_s",
            "restore_s",
            "detection_s",
            "restart_s",
            "startup_s",
        ):
            if getattr(self, name) < 0:
                raise UserError(f"run cost {name} must be >= 0, got {getattr(self, name)}")


@dataclass(kw_only=True, slots=True)
class RunComparison:
    """Measured against predicted ETTR, and why they differ."""

    predicted_ettr: float
    """First-order model at the run's costs and failure rate (steady state)."""
    predicted_ettr_exact: float
    """Exact model at the same inputs (steady state)."""
    measured_ettr: float
    gap: float
    """measured_ettr - predicted_ettr_exact."""
    predicted_ettr_with_startup: float
    """The exact prediction scaled by the share of wall time after start-up."""
    measured_badput_s: dict[str, float] = field(default_factory=dict)
    predicted_badput_s: dict[str, float] = field(default_factory=dict)
    explanation: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "predicted_ettr": self.predicted_ettr,
            "predicted_ettr_exact": self.predicted_ettr_exact,
            "predicted_ettr_with_startup": self.predicted_ettr_with_startup,
            "measured_ettr": self.measured_ettr,
            "gap": self.gap,
            "measured_badput_s": self.measured_badput_s,
            "predicted_badput_s": self.predicted_badput_s,
            "explanation": self.explanation,
        }


def _plan(costs: RunCosts, failures: float) -> tuple[PlanConfig, float]:
    # No checkpoint: a failure loses everything since the start, about a whole run's worth.
    tau = costs.checkpoint_interval_s or costs.wall_s
    mtbf = costs.wall_s / failures if failures > 0 else 1e30
    cfg = PlanConfig(
        gpus=max(costs.n_ranks, 1),
        gpus_per_node=max(costs.n_ranks, 1),
        job_mtbf_s=mtbf,
        checkpoint_s=costs.checkpoint_cost_s if costs.checkpoint_interval_s else 0.0,
        restore_s=costs.restore_s,
        detection_s=costs.detection_s,
        restart_s=costs.restart_s,
    )
    return cfg, tau


def compare_run(costs: RunCosts) -> RunComparison:
    """Compares a finished run with the planner's prediction for its own measured costs."""
    cfg, tau = _plan(costs, costs.failures)
    first, exact = ettr_first_order(cfg, tau), ettr_exact(cfg, tau)
    wall, steady = costs.wall_s, max(costs.wall_s - costs.startup_s, 0.0)
    with_startup = exact * steady / wall
    n = costs.failures
    saves = costs.productive_s / tau if costs.checkpoint_interval_s else 0.0
    measured = {
        "startup": costs.startup_s,
        "checkpointing": saves * cfg.checkpoint_s,
        "detection": n * costs.detection_s,
        "restart": n * costs.restart_s,
        "restore": n * costs.restore_s,
    }
    measured["lost_work"] = max(wall - costs.productive_s - sum(measured.values()), 0.0)
    fractions = badput_exact(cfg, tau)
    predicted = {"startup": 0.0, **{k: fractions[k] * steady for k in _TERMS}}
    cmp = RunComparison(
        predicted_ettr=first,
        predicted_ettr_exact=exact,
        measured_ettr=costs.measured_ettr,
        gap=costs.measured_ettr - exact,
        predicted_ettr_with_startup=with_startup,
        measured_badput_s=measured,
        predicted_badput_s=predicted,
    )
    cmp.explanation = _explain(costs, cmp, tau)
    return cmp


def _explain(costs: RunCosts, cmp: RunComparison, tau: float) -> list[str]:
    wall, n = costs.wall_s, costs.failures
    lines = [
        f"measured ETTR {cmp.measured_ettr:.3f} vs predicted {cmp.predicted_ettr_exact:.3f} "
        f"(exact; first-order {cmp.predicted_ettr:.3f}): gap {cmp.gap:+.3f}"
    ]
    if n:
        lines.append(
            f"failure rate is the injected one: {n} failure(s) in {wall:.0f} s, one per "
            f"{wall / n:.0f} s, far above any real fleet; the model takes it as steady"
        )
        lo, hi = garwood(n, wall)
        ettr_lo = ettr_exact(_plan(costs, hi * wall)[0], tau)
        ettr_hi = ettr_exact(_plan(costs, lo * wall)[0], tau) if lo > 0 else 1.0
        lines.append(
            f"with {n} failure(s) the rate is uncertain: 95% interval one per "
            f"{1 / hi:.0f}-{(1 / lo if lo else math.inf):.0f} s, predicted ETTR "
            f"{ettr_lo:.3f}-{ettr_hi:.3f}"
        )
    else:
        lines.append("no failures: the model predicts only the checkpoint cost as badput")
    if costs.startup_s > 0:
        lines.append(
            f"start-up took {costs.startup_s:.1f} s = {100 * costs.startup_s / wall:.1f}% of "
            f"the wall time; the steady-state model ignores it: counting it, the prediction "
            f"is {cmp.predicted_ettr_with_startup:.3f} (gap "
            f"{cmp.measured_ettr - cmp.predicted_ettr_with_startup:+.3f})"
        )
    if costs.checkpoint_interval_s is None:
        lines.append("the run never saved a checkpoint: each failure loses all work so far")
    for term in ("lost_work", *[t for t in _TERMS if t != "lost_work"]):
        m, p = cmp.measured_badput_s[term], cmp.predicted_badput_s[term]
        if abs(m - p) > 0.01 * wall:
            why = ""
            if term == "lost_work" and n:
                why = (
                    f" ({m / n:.1f} s per failure vs about τ/2 = {tau / 2:.1f} s expected; "
                    "failures at fixed steps or few failures skew it)"
                )
            lines.append(
                f"{term.replace('_', ' ')}: measured {m:.1f} s vs predicted {p:.1f} s "
                f"({100 * (m - p) / wall:+.1f}% of wall){why}"
            )
    return lines
