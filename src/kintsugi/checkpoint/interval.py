"""The checkpoint interval ``auto`` picks: the planner's exact optimum for measured costs.

Pure: measured blocking cost and step time in, the interval (seconds and steps) and a
one-line reason out. The failure rate blends a prior (configured, from history, or the
published per-GPU rate) with the failures observed in this run.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kintsugi.checkpoint.errors import CheckpointError
from kintsugi.plan.model import (
    HOUR_S,
    PlanConfig,
    badput_exact,
    exact_optimal_interval,
)

GPU_MTBF_S = 50_000 * HOUR_S
"""One H100 fails about once per 50,000 h (Epoch AI); the default prior per rank."""
ENV_MTBF = "KINTSUGI_JOB_MTBF_S"
"""The job's MTBF in seconds, for ``auto`` (set by the user, or by the agent from history)."""
RETUNE = 0.25
"""A new interval replaces the current one when they differ by more than this fraction."""


@dataclass(kw_only=True, slots=True)
class Measured:
    """What the Checkpointer knows when it (re)chooses."""

    blocking_s: float
    """Mean time ``save`` kept the training loop (staging)."""
    background_s: float = 0.0
    """Mean step time lost per save while its background work ran (0 on an idle host)."""
    step_s: float
    """Mean time per training step, saves excluded."""
    world_size: int
    prior_mtbf_s: float | None = None
    """Job MTBF given by the user or the store's history; None for the published default."""
    prior_source: str = "configured"
    failures: int = 0
    """Failures observed in this run so far (restarts)."""
    elapsed_s: float = 0.0
    """How long this run has been going."""
    restore_s: float = 0.0
    restart_s: float = 0.0


@dataclass(frozen=True, slots=True)
class Choice:
    interval_s: float
    interval_steps: int
    mtbf_s: float
    mtbf_source: str
    expected_overhead: float
    """Share of wall time expected lost to saving and to re-done work at this interval."""
    reason: str


def mtbf(m: Measured) -> tuple[float, str]:
    """The job MTBF to plan with, and where it came from.

    A gamma prior worth one failure over the prior MTBF, updated with this run's failures:
    (M0 + T) / (1 + k). With no failures yet it stays near the prior; many failures in a short
    run pull it down quickly.
    """
    if m.prior_mtbf_s is not None and m.prior_mtbf_s > 0:
        prior, source = m.prior_mtbf_s, m.prior_source
    else:
        prior = GPU_MTBF_S / max(m.world_size, 1)
        source = f"default 50,000 h per rank / {m.world_size}"
    if m.failures <= 0:
        return prior, source
    est = (prior + m.elapsed_s) / (1 + m.failures)
    return est, f"{source}, updated with {m.failures} failures in {m.elapsed_s:.0f} s of this run"


def choose(m: Measured) -> Choice:
    """The interval that maximizes the exact ETTR model for these measurements."""
    job_mtbf, source = mtbf(m)
    c = max(m.blocking_s + m.background_s, 1e-6)
    cfg = PlanConfig(
        gpus=max(m.world_size, 1),
        gpus_per_node=max(m.world_size, 1),
        job_mtbf_s=job_mtbf,
        checkpoint_s=c,
        restore_s=max(m.restore_s, 0.0),
        restart_s=max(m.restart_s, 0.0),
    )
    tau = exact_optimal_interval(cfg)
    step = max(m.step_s, 1e-9)
    steps = max(1, round(tau / step))
    tau_eff = steps * step
    bad = badput_exact(cfg, max(tau_eff, 1e-9))
    overhead = bad["checkpointing"] + bad["lost_work"]
    reason = (
        f"save blocks {m.blocking_s * 1e3:.1f} ms and slows steps by "
        f"{m.background_s * 1e3:.1f} ms in the background, step {step * 1e3:.1f} ms, job MTBF "
        f"{_human(job_mtbf)} ({source}) -> exact optimum {tau:.1f} s = every {steps} steps, "
        f"expected overhead {overhead:.2%}"
    )
    return Choice(
        interval_s=tau_eff,
        interval_steps=steps,
        mtbf_s=job_mtbf,
        mtbf_source=source,
        expected_overhead=overhead,
        reason=reason,
    )


def should_retune(current_steps: int, new: Choice) -> bool:
    return abs(new.interval_steps - current_steps) > RETUNE * max(current_steps, 1)


def _human(s: float) -> str:
    if not math.isfinite(s):
        return "inf"
    return f"{s / HOUR_S:.1f} h" if s >= HOUR_S else f"{s:.0f} s"


def prior(given: float | None, env: str | None) -> tuple[float | None, str]:
    """The prior job MTBF and its source: the argument, else ``$KINTSUGI_JOB_MTBF_S``.

    Raises:
        CheckpointError: either is not a positive finite number of seconds.
    """
    if given is not None:
        if not (given > 0 and math.isfinite(given)):
            raise CheckpointError(f"mtbf_s must be a positive number of seconds, got {given!r}")
        return float(given), "configured"
    if env:
        try:
            v = float(env)
        except ValueError:
            v = math.nan
        if not (v > 0 and math.isfinite(v)):
            raise CheckpointError(f"{ENV_MTBF}={env!r} is not a positive number of seconds")
        return v, f"${ENV_MTBF}"
    return None, "default"
