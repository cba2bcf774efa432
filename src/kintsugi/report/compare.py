"""Closing the loop: the run's measured ETTR beside what the planner predicts for it.

The planner is given the run's own measured costs (checkpoint cost and interval, restore,
detection, restart) and its failure rate (failures / wall time); its explanation says which
terms differ and by how much, and how much of the gap is one-time start-up.
"""

from __future__ import annotations

from kintsugi.errors import UserError
from kintsugi.report.accounting import Report


def attach_comparison(report: Report) -> Report:
    """Adds ``report.comparison`` (a dict) when the run has enough data for one."""
    from kintsugi.plan.compare import RunCosts, compare_run

    if report.wall_s <= 0 or report.steps is None:
        return report
    failures = len(report.incidents)
    b = report.badput_s
    try:
        costs = RunCosts(
            wall_s=report.wall_s,
            productive_s=report.productive_s,
            measured_ettr=report.ettr,
            failures=failures,
            checkpoint_interval_s=report.checkpoint_interval_s,
            checkpoint_cost_s=b["checkpoint_save"] / report.checkpoints
            if report.checkpoints
            else 0.0,
            restore_s=b["checkpoint_restore"] / failures if failures else 0.0,
            detection_s=b["detection"] / failures if failures else 0.0,
            restart_s=b["restart"] / failures if failures else 0.0,
            startup_s=b["startup"],
            n_ranks=max(1, report.world_size),
        )
        report.comparison = compare_run(costs).to_dict()
    except UserError:
        # A run too short or too odd to model (no time, no checkpoints): no comparison.
        report.comparison = None
    return report
