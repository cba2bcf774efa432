"""Small statistics the planner needs without scipy: gamma quantiles for Poisson intervals
and censored maximum-likelihood fits of exponential and Weibull lifetimes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

FloatArray = NDArray[np.float64]


def gamma_p(a: float, x: float) -> float:
    """Regularized lower incomplete gamma P(a, x) (series, or Lentz's continued fraction)."""
    if x <= 0:
        return 0.0
    log_pre = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1.0:
        term = total = 1.0 / a
        n = 0
        while abs(term) > abs(total) * 1e-15 and n < 10_000:
            n += 1
            term *= x / (a + n)
            total += term
        return min(1.0, total * math.exp(log_pre))
    tiny = 1e-300
    b = x + 1.0 - a
    c, d = 1.0 / tiny, 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return max(0.0, 1.0 - math.exp(log_pre) * h)


def gamma_ppf(q: float, a: float) -> float:
    """Quantile of the Gamma(a, 1) distribution, by bisection on ``gamma_p``."""
    if not 0.0 < q < 1.0:
        raise ValueError(f"quantile must be in (0, 1), got {q}")
    lo, hi = 0.0, a + 10.0 * math.sqrt(a) + 10.0
    while gamma_p(a, hi) < q:
        hi *= 2.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if gamma_p(a, mid) < q:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-12 * hi:
            break
    return 0.5 * (lo + hi)


def garwood(count: int, exposure: float, confidence: float = 0.95) -> tuple[float, float]:
    """Exact (Garwood) confidence interval of a Poisson rate ``count / exposure``."""
    alpha = 1.0 - confidence
    lower = gamma_ppf(alpha / 2.0, count) / exposure if count > 0 else 0.0
    upper = gamma_ppf(1.0 - alpha / 2.0, count + 1.0) / exposure
    return lower, upper


@dataclass(frozen=True, kw_only=True, slots=True)
class LifetimeFit:
    """Censored MLE of one lifetime distribution (times in hours)."""

    model: str
    """``exponential`` or ``weibull``."""
    shape: float
    """Weibull shape k (1 for the exponential)."""
    scale_h: float
    """Weibull scale η in hours (the MTBF for the exponential)."""
    log_likelihood: float
    params: int

    @property
    def mean_h(self) -> float:
        """Mean lifetime: η·Γ(1 + 1/k)."""
        return self.scale_h * math.gamma(1.0 + 1.0 / self.shape)

    @property
    def aic(self) -> float:
        return 2.0 * self.params - 2.0 * self.log_likelihood

    def to_dict(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "shape": self.shape,
            "scale_h": self.scale_h,
            "mtbf_h": self.mean_h,
            "log_likelihood": self.log_likelihood,
            "aic": self.aic,
        }


def fit_exponential(t_h: FloatArray, failed: NDArray[np.bool_]) -> LifetimeFit:
    """Exponential MLE with right censoring: λ = failures / total exposure."""
    d, total = float(failed.sum()), float(t_h.sum())
    if d == 0:
        raise ValueError("no failures to fit")
    lam = d / total
    return LifetimeFit(
        model="exponential",
        shape=1.0,
        scale_h=1.0 / lam,
        log_likelihood=d * math.log(lam) - lam * total,
        params=1,
    )


def fit_weibull(t_h: FloatArray, failed: NDArray[np.bool_]) -> LifetimeFit:
    """Weibull MLE with right censoring, profiling the scale out and searching the shape.

    For a shape k the best scale is η^k = Σ t^k / d, leaving a one-dimensional concave
    problem in log k, solved by golden-section search.
    """
    d = float(failed.sum())
    if d == 0:
        raise ValueError("no failures to fit")
    unit = float(np.exp(np.log(t_h).mean()))  # rescale so t^k neither overflows nor underflows
    x = t_h / unit
    log_x = np.log(x)
    sum_log_fail = float(log_x[failed].sum())

    def profile(log_k: float) -> float:
        k = math.exp(log_k)
        s = float(np.exp(k * log_x).sum())
        return d * math.log(k) - d * math.log(s / d) + (k - 1.0) * sum_log_fail - d

    lo, hi = math.log(0.02), math.log(50.0)
    g = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = profile(a), profile(b)
    for _ in range(100):
        if fa > fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = profile(a)
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = profile(b)
    log_k = 0.5 * (lo + hi)
    k = math.exp(log_k)
    eta = (float(np.exp(k * log_x).sum()) / d) ** (1.0 / k)
    # The profile likelihood is in rescaled time; the density picks up -d*log(unit).
    ll = profile(log_k) - d * math.log(unit)
    return LifetimeFit(model="weibull", shape=k, scale_h=eta * unit, log_likelihood=ll, params=2)
