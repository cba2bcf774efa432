"""Reliability planning: checkpoint interval and expected ETTR (analytic), Monte Carlo runs,
failure rates fitted from history, and a finished run compared with its prediction.
"""

from kintsugi.plan.compare import RunComparison, RunCosts, compare_run
from kintsugi.plan.model import PlanConfig, PlanResult, ettr_exact, ettr_first_order, evaluate
from kintsugi.plan.taxonomy import Taxonomy, get_taxonomy

__all__ = [
    "PlanConfig",
    "PlanResult",
    "RunComparison",
    "RunCosts",
    "Taxonomy",
    "compare_run",
    "ettr_exact",
    "ettr_first_order",
    "evaluate",
    "get_taxonomy",
]
