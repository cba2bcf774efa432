"""Closing the loop: the run's measured ETTR beside what the planner predicts for it."""

from __future__ import annotations

from kintsugi.report.accounting import Report


def attach_comparison(report: Report) -> Report:
    return report
