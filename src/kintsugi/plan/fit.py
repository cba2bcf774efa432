"""Failure rates fitted from history: per-category rates from the event store, and per-GPU
lifetimes (exponential vs Weibull, censored MLE) from a Titan-format trace.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from kintsugi.data.titan import read_stays
from kintsugi.errors import UserError
from kintsugi.events import NODE_HARDWARE, Category, EventKind
from kintsugi.plan.model import DAY_S, HOUR_S
from kintsugi.plan.stats import LifetimeFit, fit_exponential, fit_weibull, garwood
from kintsugi.plan.taxonomy import FailureCategory, Taxonomy

# Store categories after which recovery excludes the node (hardware at fault).
_REPLACE = NODE_HARDWARE
_COMPONENT = {
    Category.GPU_HARDWARE: "gpu",
    Category.GPU_MEMORY: "gpu",
    Category.NVLINK: "gpu",
    Category.HOST: "host",
    Category.NETWORK: "network",
    Category.STORAGE: "host",
}


@dataclass(frozen=True, kw_only=True, slots=True)
class CategoryRate:
    """Incidents of one category per 1,000 node-days, with a Garwood interval."""

    category: str
    count: int
    per_1000_node_days: float
    lower: float
    upper: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "category": self.category,
            "count": self.count,
            "per_1000_node_days": self.per_1000_node_days,
            "ci_lower": self.lower,
            "ci_upper": self.upper,
        }


@dataclass(frozen=True, kw_only=True, slots=True)
class StoreFit:
    """Failure rates observed in a store's history."""

    url: str
    runs: int
    node_days: float
    confidence: float
    total: CategoryRate
    categories: tuple[CategoryRate, ...]

    def taxonomy(self) -> Taxonomy:
        """The observed mix as a taxonomy for the planner and simulator."""
        cats = []
        for c in self.categories:
            known = Category(c.category) if c.category in Category.__members__.values() else None
            cats.append(
                FailureCategory(
                    name=c.category,
                    count=c.count,
                    component=_COMPONENT.get(known, "software") if known else "software",
                    replace_node=known in _REPLACE,
                )
            )
        return Taxonomy(name="store", categories=tuple(cats), source=f"fitted from {self.url}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.url,
            "runs": self.runs,
            "node_days": self.node_days,
            "confidence": self.confidence,
            "interval": "Garwood (exact Poisson), gamma quantiles computed in numpy/stdlib",
            "total": self.total.to_dict(),
            "categories": [c.to_dict() for c in self.categories],
        }


def _rate(name: str, count: int, node_days: float, confidence: float) -> CategoryRate:
    lo, hi = garwood(count, node_days / 1000.0, confidence)
    return CategoryRate(
        category=name,
        count=count,
        per_1000_node_days=count / (node_days / 1000.0),
        lower=lo,
        upper=hi,
    )


def fit_store(url: str, confidence: float = 0.95) -> StoreFit:
    """Fits per-category failure rates from the ``diagnosis`` events in a store.

    Exposure is each run's wall time (``run_start`` to ``run_end``, else first to last event)
    times its nodes (distinct ``node`` values). Diagnoses are counted once per
    (run, attempt, category), since several agents may diagnose the same failure.

    Raises:
        UserError: the store cannot be opened or holds no incidents.
    """
    from kintsugi.store import StoreError, open_store

    try:
        store = open_store(url, create=False)
    except StoreError as e:
        raise UserError(f"cannot open store {url}: {e}") from e
    counts: dict[str, int] = {}
    node_s = 0.0
    with store:
        summaries = store.runs()
        for run in summaries:
            events = store.events(run_id=run.run_id)
            if not events:
                continue
            starts = [ev.ts for ev in events if ev.kind is EventKind.RUN_START]
            ends = [ev.ts for ev in events if ev.kind is EventKind.RUN_END]
            t0 = min(starts) if starts else events[0].ts
            t1 = max(ends) if ends else events[-1].ts
            nodes = len({ev.node for ev in events if ev.node}) or 1
            node_s += max(t1 - t0, 0.0) * nodes
            seen: set[tuple[Any, ...]] = set()
            for ev in events:
                if ev.kind is not EventKind.DIAGNOSIS:
                    continue
                cat = str(ev.data.get("category", "unknown"))
                key = (cat, ev.attempt) if ev.attempt is not None else (cat, ev.eid)
                if key in seen:
                    continue
                seen.add(key)
                counts[cat] = counts.get(cat, 0) + 1
    if not counts:
        raise UserError(
            f"store {url} holds no incidents (diagnosis events) to fit; "
            "run jobs with kintsugi run first, or give --gpu-mtbf-hours"
        )
    if node_s <= 0:
        raise UserError(f"store {url} has incidents but no run time to divide them by")
    node_days = node_s / DAY_S
    cats = tuple(
        _rate(name, n, node_days, confidence)
        for name, n in sorted(counts.items(), key=lambda kv: -kv[1])
    )
    total = _rate("all", sum(counts.values()), node_days, confidence)
    return StoreFit(
        url=url,
        runs=len(summaries),
        node_days=node_days,
        confidence=confidence,
        total=total,
        categories=cats,
    )


@dataclass(frozen=True, kw_only=True, slots=True)
class TraceFit:
    """Per-GPU lifetime fits from a Titan trace."""

    path: str
    stays: int
    failures: int
    window_censored: int
    """Failed stays with an unknown start, counted as 'survived at least the window'."""
    gpu_hours: float
    exponential: LifetimeFit
    weibull: LifetimeFit

    @property
    def better(self) -> LifetimeFit:
        return self.weibull if self.weibull.aic < self.exponential.aic else self.exponential

    @property
    def gpu_mtbf_h(self) -> float:
        """Per-GPU MTBF of the better-fitting model."""
        return self.better.mean_h

    def shape_meaning(self) -> str:
        k = self.weibull.shape
        if abs(k - 1.0) < 0.05:
            return f"Weibull shape {k:.2f} ≈ 1: failures come at a constant rate (no ageing)"
        if k < 1.0:
            return (
                f"Weibull shape {k:.2f} < 1: the hazard falls with age (infant mortality; "
                "young parts fail more, survivors get more reliable)"
            )
        return f"Weibull shape {k:.2f} > 1: the hazard rises with age (wear-out)"

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.path,
            "stays": self.stays,
            "failures": self.failures,
            "window_censored_failures": self.window_censored,
            "gpu_hours": self.gpu_hours,
            "exponential": self.exponential.to_dict(),
            "weibull": self.weibull.to_dict(),
            "better": self.better.model,
            "delta_aic": self.exponential.aic - self.weibull.aic,
            "gpu_mtbf_h": self.gpu_mtbf_h,
            # Sensitivity: the memoryless reading, counting the window-censored stays as
            # failures observed over the window.
            "exponential_mtbf_counting_window_failures_h": self.gpu_hours
            / (self.failures + self.window_censored),
            "shape_meaning": self.shape_meaning(),
        }


def fit_trace(path: Path) -> TraceFit:
    """Fits exponential and Weibull lifetimes to the stays of a Titan ``gc_full.csv``.

    A stay that ended in DBE or OTB is a failure at its duration; any other stay is
    right-censored at its duration. A failed stay with no insert time started before the
    data window: its age at failure is only known to exceed (remove - window start), so it
    contributes S(that bound), the likelihood of the interval [bound, ∞), to both models.

    Raises:
        UserError: the trace is missing, malformed or has no failures.
    """
    stays = list(read_stays(path))
    inserts = [s.insert for s in stays if s.insert is not None]
    if not stays or not inserts:
        raise UserError(f"{path} has no usable stays (none with an insert time)")
    window_start = min(inserts)
    t = np.empty(len(stays))
    failed = np.zeros(len(stays), dtype=bool)
    window = 0
    for i, s in enumerate(stays):
        if s.duration_s is not None:
            t[i] = s.duration_s
            failed[i] = s.event is not None
        elif s.remove is not None:
            t[i] = max((s.remove - window_start).total_seconds(), 1.0)
            window += 1
        else:
            t[i] = math.nan
    keep = np.isfinite(t) & (t > 0)
    t_h, failed = t[keep] / HOUR_S, failed[keep]
    if not failed.any():
        raise UserError(f"{path} holds no failures (DBE/OTB events) to fit")
    return TraceFit(
        path=str(path),
        stays=int(keep.sum()),
        failures=int(failed.sum()),
        window_censored=window,
        gpu_hours=float(t_h.sum()),
        exponential=fit_exponential(t_h, failed),
        weibull=fit_weibull(t_h, failed),
    )
