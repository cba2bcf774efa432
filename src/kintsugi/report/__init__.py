"""Run reports: where the time went (productive vs badput), incidents, and ETTR."""

from kintsugi.report.accounting import Incident, Report, build_report
from kintsugi.report.render import render_text

__all__ = ["Incident", "Report", "build_report", "render_text"]
