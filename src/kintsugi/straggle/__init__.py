"""Slowdowns and numeric faults from per-rank timings and losses: pure statistics, no I/O.

The agent feeds these with what ranks report (step times, time inside collectives, losses,
NaN reports across attempts) and turns their typed findings into events and actions.
"""

from kintsugi.straggle.loss import LossSpike, LossSpikeConfig, LossSpikeDetector
from kintsugi.straggle.nonfinite import (
    NonFiniteReport,
    NonFiniteTracker,
    NumericCause,
    NumericVerdict,
    classify_nonfinite,
)
from kintsugi.straggle.stragglers import Straggler, StragglerConfig, StragglerDetector

__all__ = [
    "LossSpike",
    "LossSpikeConfig",
    "LossSpikeDetector",
    "NonFiniteReport",
    "NonFiniteTracker",
    "NumericCause",
    "NumericVerdict",
    "Straggler",
    "StragglerConfig",
    "StragglerDetector",
    "classify_nonfinite",
]
