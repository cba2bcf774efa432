"""Monte Carlo simulation of a whole training run, failure by failure, vectorized over runs.

Failure times are drawn up front (Poisson or Weibull-ageing hardware, repeat offenders);
then every run replays its failures in lockstep with the others, one numpy step per failure.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from kintsugi.errors import UserError
from kintsugi.plan.model import DAY_S, HOUR_S, PlanConfig, ettr_exact
from kintsugi.plan.taxonomy import LLAMA3, Taxonomy

FloatArray = NDArray[np.float64]


@dataclass(kw_only=True, slots=True)
class SimConfig:
    """One simulated scenario: a plan, an interval and the effects the analytic model lacks."""

    plan: PlanConfig
    interval_s: float
    """Compute time between checkpoint saves."""
    work_days: float = 54.0
    """Failure-free compute the run needs; completion time is measured against it."""
    runs: int = 1000
    seed: int = 0
    taxonomy: Taxonomy = LLAMA3
    weibull_shape: float | None = None
    """Ageing of hardware failures: <1 infant mortality, >1 wear-out, None for Poisson."""
    fleet_age_days: float = 0.0
    """Age of the hardware when the run starts (matters only with ``weibull_shape``)."""
    repeat_fraction: float = 0.0
    """Chance that a hardware failure's node stays in the job and fails again."""
    repeat_mean_s: float = 6 * HOUR_S
    """Mean time from a failure to its repeat on the same node."""
    fallback_fraction: float = 0.0
    """Chance that a node-losing failure also loses the in-memory checkpoint copies."""
    durable_every: int = 1
    """Every how many checkpoints one reaches storage (fallback restores from it)."""
    fallback_restore_s: float | None = None
    """Restore time from storage after a fallback; defaults to the plan's restore time."""
    work_s: float = field(init=False)

    def __post_init__(self) -> None:
        if not self.interval_s > 0:
            raise UserError(f"--interval-seconds must be positive, got {self.interval_s}")
        if self.interval_s < self.plan.checkpoint_s:
            raise UserError(
                f"--interval-seconds {self.interval_s:g} is shorter than the checkpoint cost "
                f"{self.plan.checkpoint_s:g} s; checkpoint less often or make saves cheaper"
            )
        if not self.work_days > 0:
            raise UserError(f"--days must be positive, got {self.work_days}")
        if self.runs <= 0:
            raise UserError(f"--runs must be positive, got {self.runs}")
        if self.weibull_shape is not None and not self.weibull_shape > 0:
            raise UserError(f"--weibull-shape must be positive, got {self.weibull_shape}")
        if self.fleet_age_days < 0:
            raise UserError(f"--fleet-age-days must be >= 0, got {self.fleet_age_days}")
        for name, p in (("repeat", self.repeat_fraction), ("fallback", self.fallback_fraction)):
            if not 0.0 <= p < 1.0:
                raise UserError(f"--{name}-fraction must be in [0, 1), got {p}")
        if not self.repeat_mean_s > 0:
            raise UserError(f"--repeat-mean-hours must be positive, got {self.repeat_mean_s}")
        if self.durable_every < 1:
            raise UserError(f"durable_every must be >= 1, got {self.durable_every}")
        self.work_s = self.work_days * DAY_S


@dataclass(kw_only=True, slots=True)
class SimResult:
    """Per-run outcomes and their summary."""

    config: SimConfig
    ettr: FloatArray
    completion_s: FloatArray
    failures: FloatArray
    expected_ettr_exact: float

    def summary(self) -> dict[str, Any]:
        e, c = self.ettr, self.completion_s / DAY_S
        mean = float(e.mean())
        return {
            "runs": int(e.size),
            "gpus": self.config.plan.gpus,
            "work_days": self.config.work_days,
            "interval_s": self.config.interval_s,
            "ettr_mean": mean,
            "ettr_p5": float(np.percentile(e, 5)),
            "ettr_p95": float(np.percentile(e, 95)),
            "ettr_std": float(e.std()),
            "completion_days_mean": float(c.mean()),
            "completion_days_p5": float(np.percentile(c, 5)),
            "completion_days_p95": float(np.percentile(c, 95)),
            "failures_mean": float(self.failures.mean()),
            "expected_ettr_exact": self.expected_ettr_exact,
            "gap_vs_exact": mean / self.expected_ettr_exact - 1
            if self.expected_ettr_exact
            else None,
        }


def _arrivals(
    rng: np.random.Generator, runs: int, horizon_s: float, rate_per_s: float, cfg: SimConfig
) -> FloatArray:
    """Sorted failure times per run, padded with inf: Poisson, or a Weibull-ageing fleet
    (a non-homogeneous Poisson process; replaced parts are a negligible share of the fleet)."""
    if rate_per_s <= 0:
        return np.full((runs, 0), np.inf)
    shape = cfg.weibull_shape
    n = float(cfg.plan.gpus)
    age = cfg.fleet_age_days * DAY_S
    if shape is None:
        cum = rate_per_s * horizon_s
    else:
        eta = n / rate_per_s / math.gamma(1.0 + 1.0 / shape)
        base = (age / eta) ** shape
        cum = n * (((age + horizon_s) / eta) ** shape - base)
    counts = rng.poisson(cum, runs)
    k = int(counts.max(initial=0))
    u = rng.random((runs, k)) * cum
    u[np.arange(k)[None, :] >= counts[:, None]] = np.inf  # mask first, then sort
    u.sort(axis=1)
    if shape is None:
        return u / rate_per_s
    out: FloatArray = eta * (u / n + base) ** (1.0 / shape) - age
    return out


def _failures(
    rng: np.random.Generator, runs: int, horizon_s: float, cfg: SimConfig
) -> tuple[FloatArray, NDArray[np.intp]]:
    """Failure times and taxonomy category indices, sorted per run."""
    tax = cfg.taxonomy
    frac = np.array(tax.fractions())
    replace = np.array([c.replace_node for c in tax.categories])
    rate = cfg.plan.rate_per_s
    parts_t, parts_c = [], []
    for hw in (True, False):
        share = float(frac[replace == hw].sum())
        if share == 0:
            continue
        sub = cfg if hw else _poisson(cfg)
        t = _arrivals(rng, runs, horizon_s, rate * share, sub)
        idx = np.flatnonzero(replace == hw)
        p = frac[idx] / share
        parts_t.append(t)
        parts_c.append(idx[rng.choice(idx.size, size=t.shape, p=p)])
    t, c = np.concatenate(parts_t, axis=1), np.concatenate(parts_c, axis=1)
    if cfg.repeat_fraction > 0:
        t, c = _repeats(rng, t, c, replace, horizon_s, cfg)
    order = np.argsort(t, axis=1, kind="stable")
    t, c = np.take_along_axis(t, order, 1), np.take_along_axis(c, order, 1)
    keep = np.isfinite(t).any(axis=0)
    return t[:, keep], c[:, keep]


def _poisson(cfg: SimConfig) -> SimConfig:
    # Software failures do not age: a copy without the Weibull shape.
    return SimConfig(plan=cfg.plan, interval_s=cfg.interval_s, work_days=cfg.work_days, runs=1)


def _repeats(
    rng: np.random.Generator,
    t: FloatArray,
    c: NDArray[np.intp],
    replace: NDArray[np.bool_],
    horizon_s: float,
    cfg: SimConfig,
) -> tuple[FloatArray, NDArray[np.intp]]:
    """Adds repeat offenders: a hardware failure whose node stayed fails again later."""
    ts, cs = [t], [c]
    parent_t, parent_c = t, c
    for _ in range(4):  # chains die out geometrically; four generations cover p < 0.5 well
        hit = replace[parent_c] & np.isfinite(parent_t)
        hit &= rng.random(parent_t.shape) < cfg.repeat_fraction
        child = np.where(hit, parent_t + rng.exponential(cfg.repeat_mean_s, parent_t.shape), np.inf)
        child[child > horizon_s] = np.inf
        ts.append(child)
        cs.append(parent_c)
        parent_t, parent_c = child, parent_c
    return np.concatenate(ts, axis=1), np.concatenate(cs, axis=1)


def _replay(
    rng: np.random.Generator, t: FloatArray, cat: NDArray[np.intp], cfg: SimConfig
) -> tuple[FloatArray, FloatArray]:
    """Plays each run's failures in order; returns completion times and failure counts."""
    plan, tau = cfg.plan, cfg.interval_s
    period, work = tau + plan.checkpoint_s, cfg.work_s
    runs, k_max = t.shape
    rows = np.arange(runs)
    replace = np.array([c.replace_node for c in cfg.taxonomy.categories])
    fixed = plan.detection_s + plan.restart_s
    fb_restore = plan.restore_s if cfg.fallback_restore_s is None else cfg.fallback_restore_s
    start = np.zeros(runs)  # when the current recovery-then-compute stretch began
    rec = np.zeros(runs)  # length of its recovery
    cyc = np.zeros(runs)  # checkpoints completed (units of tau of saved work)
    done = np.zeros(runs, dtype=bool)
    finish = np.full(runs, np.inf)
    nfail = np.zeros(runs)
    spares = plan.spare_nodes
    avail = np.zeros((runs, spares)) if spares else None
    for k in range(k_max + 1):
        tn = t[:, k] if k < k_max else np.full(runs, np.inf)
        remaining = work - cyc * tau
        need = np.maximum(np.ceil(remaining / tau), 1.0)
        end = start + rec + (need - 1.0) * period + (remaining - (need - 1.0) * tau)
        now = ~done & (end <= tn)
        finish[now] = end[now]
        done |= now
        fail = ~done
        if not fail.any():
            break
        nc = np.floor(np.maximum(tn - start - rec, 0.0) / period)
        cyc = np.where(fail, cyc + nc, cyc)
        nfail += fail
        rep = replace[cat[:, k]] & fail
        wait = np.zeros(runs)
        if spares == 0:
            wait[rep] = plan.repair_s
        elif avail is not None:
            j = np.argmin(avail, axis=1)
            wait = np.where(rep, np.maximum(avail[rows, j] - tn, 0.0), 0.0)
            avail[rows[rep], j[rep]] = tn[rep] + plan.repair_s
        restore = np.full(runs, plan.restore_s)
        if cfg.fallback_fraction > 0:
            fb = rep & (rng.random(runs) < cfg.fallback_fraction)
            durable = np.floor(cyc / cfg.durable_every) * cfg.durable_every
            cyc = np.where(fb, durable, cyc)
            restore[fb] = fb_restore
        rec = np.where(fail, fixed + restore + wait, rec)
        start = np.where(fail, tn, start)
    return finish, nfail


def simulate(cfg: SimConfig, progress: Callable[[int], None] | None = None) -> SimResult:
    """Simulates ``cfg.runs`` runs; calls ``progress(n)`` after each batch of n runs."""
    rng = np.random.default_rng(cfg.seed)
    exact = ettr_exact(cfg.plan, cfg.interval_s)
    batch = max(1, min(cfg.runs, max(100, cfg.runs // 10)))
    finish, fails = [], []
    done = 0
    while done < cfg.runs:
        n = min(batch, cfg.runs - done)
        horizon = cfg.work_s / max(exact, 0.02) * 1.3 + 20 * (cfg.plan.recovery_s + DAY_S)
        for _ in range(12):
            t, c = _failures(rng, n, horizon, cfg)
            f, nf = _replay(rng, t, c, cfg)
            if np.all(f <= horizon):
                break
            horizon *= 2.0  # some run outlived the failures drawn for it: draw further
        else:
            raise UserError("the simulated job never finishes: failures outpace recovery")
        finish.append(f)
        fails.append(nf)
        done += n
        if progress is not None:
            progress(n)
    completion = np.concatenate(finish)
    return SimResult(
        config=cfg,
        ettr=cfg.work_s / completion,
        completion_s=completion,
        failures=np.concatenate(fails),
        expected_ettr_exact=exact,
    )


def simulate_naive(cfg: SimConfig, runs: int) -> list[float]:
    """Reference event loop in pure Python, checkpoint by checkpoint (Poisson failures, fixed
    recovery, no spares or tiers): the baseline for the benchmark and a cross-check in tests."""
    plan, tau, work = cfg.plan, cfg.interval_s, cfg.work_s
    lam, c, r = plan.rate_per_s, plan.checkpoint_s, plan.recovery_s
    out = []
    for i in range(runs):
        rnd = random.Random(cfg.seed * 1_000_003 + i)
        t, progress, recovering = 0.0, 0.0, False
        next_fail = rnd.expovariate(lam)
        while True:
            if recovering:
                if next_fail < t + r:
                    t, next_fail = next_fail, next_fail + rnd.expovariate(lam)
                    continue
                t, recovering = t + r, False
            step = min(tau, work - progress)
            last = progress + step >= work
            end = t + step + (0.0 if last else c)
            if next_fail < end:
                t, next_fail, recovering = next_fail, next_fail + rnd.expovariate(lam), True
                continue
            t, progress = end, progress + step
            if last:
                break
        out.append(work / t)
    return out
