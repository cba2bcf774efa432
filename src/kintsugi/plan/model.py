"""Analytic checkpoint planning: failure rates, optimal interval, ETTR and badput.

Two models side by side: the first-order one the published figures use, and an exact one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from kintsugi.errors import UserError

DAY_S = 86_400.0
HOUR_S = 3_600.0
DIVERGENCE = 0.02
"""Relative gap between the two models above which the output warns."""


def job_mtbf_from_gpu(gpu_mtbf_s: float, gpus: int) -> float:
    """Job MTBF when any of ``gpus`` independent GPUs failing stops the job."""
    _positive("per-GPU MTBF", gpu_mtbf_s, "--gpu-mtbf-hours")
    return gpu_mtbf_s / gpus


def job_mtbf_from_node_rate(failures_per_1000_node_days: float, nodes: int) -> float:
    """Job MTBF from a per-node failure rate (Kokolis et al.'s r_f, per 1,000 node-days)."""
    _positive("node failure rate", failures_per_1000_node_days, "--node-failures-per-1000-days")
    return 1000.0 * DAY_S / (failures_per_1000_node_days * nodes)


def mtbf_table(gpu_mtbf_s: float, scales: tuple[int, ...]) -> list[dict[str, float]]:
    """Job MTBF and failures per day at each scale (Epoch AI's table for 50,000 h)."""
    rows = []
    for n in scales:
        m = job_mtbf_from_gpu(gpu_mtbf_s, n)
        rows.append({"gpus": n, "job_mtbf_s": m, "failures_per_day": DAY_S / m})
    return rows


def _positive(what: str, value: float, flag: str) -> None:
    if not value > 0 or not math.isfinite(value):
        raise UserError(f"{what} must be a positive number, got {value}; fix {flag}")


@dataclass(kw_only=True, slots=True)
class PlanConfig:
    """A job and its measured or assumed costs."""

    gpus: int
    """GPUs in the job."""
    gpus_per_node: int = 8
    """GPUs per node; a node is the unit that fails and is replaced."""
    job_mtbf_s: float
    """Mean time between failures that interrupt the whole job."""
    checkpoint_s: float = 0.0
    """Blocking cost of one checkpoint save (0 for non-blocking checkpoints)."""
    restore_s: float = 0.0
    """Time to load the newest checkpoint after a restart."""
    detection_s: float = 0.0
    """Time from the failure to the decision to restart."""
    restart_s: float = 0.0
    """Time to tear down and relaunch (rendezvous, process start), excluding detection."""
    spare_nodes: int | None = None
    """Spare nodes in the pool; None means a replacement is always at hand."""
    repair_s: float = DAY_S
    """Time for a failed node to come back to the spare pool."""
    replace_fraction: float = 1.0
    """Share of failures that take a node out of the job (from the taxonomy)."""
    nodes: int = field(init=False)

    def __post_init__(self) -> None:
        if self.gpus <= 0:
            raise UserError(f"--gpus must be positive, got {self.gpus}")
        if self.gpus_per_node <= 0:
            raise UserError(f"--gpus-per-node must be positive, got {self.gpus_per_node}")
        if self.gpus % self.gpus_per_node:
            raise UserError(
                f"--gpus {self.gpus} is not a multiple of --gpus-per-node {self.gpus_per_node}"
            )
        self.nodes = self.gpus // self.gpus_per_node
        _positive("job MTBF", self.job_mtbf_s, "the failure rate flags")
        for name, v in (
            ("checkpoint", self.checkpoint_s),
            ("restore", self.restore_s),
            ("detection", self.detection_s),
            ("restart", self.restart_s),
        ):
            if v < 0 or not math.isfinite(v):
                raise UserError(f"--{name}-seconds must be >= 0, got {v}")
        if self.spare_nodes is not None and not 0 <= self.spare_nodes <= self.nodes:
            raise UserError(
                f"--spare-nodes {self.spare_nodes} is impossible for a job of {self.nodes} "
                f"nodes; give 0..{self.nodes}"
            )
        _positive("repair time", self.repair_s, "--repair-hours")
        if not 0.0 <= self.replace_fraction <= 1.0:
            raise UserError(f"replace fraction must be in [0, 1], got {self.replace_fraction}")

    @property
    def rate_per_s(self) -> float:
        """Job failure rate (1/MTBF)."""
        return 1.0 / self.job_mtbf_s

    def _shortage(self) -> tuple[float, float]:
        """(chance a failure must wait for a spare, how long it then waits).

        Nodes in repair are Poisson with mean rate x repair time (M/G/inf); a failure that
        finds all S spares busy waits about repair/(S+1) for the first one back.
        """
        if self.spare_nodes is None or self.replace_fraction == 0:
            return 0.0, 0.0
        mu = self.rate_per_s * self.replace_fraction * self.repair_s
        s = self.spare_nodes
        p_free = sum(math.exp(-mu + k * math.log(mu) - math.lgamma(k + 1)) for k in range(s))
        return self.replace_fraction * max(1.0 - p_free, 0.0), self.repair_s / (s + 1)

    @property
    def spare_wait_s(self) -> float:
        """Expected wait for a replacement node per failure (0 with unlimited spares)."""
        q, wait = self._shortage()
        return q * wait

    @property
    def recovery_s(self) -> float:
        """Mean downtime per failure: detection, spare wait, restart and restore."""
        return self.detection_s + self.spare_wait_s + self.restart_s + self.restore_s

    def recovery_outcomes(self) -> list[tuple[float, float]]:
        """Downtime per failure as (probability, seconds): waiting for a spare or not."""
        base = self.detection_s + self.restart_s + self.restore_s
        q, wait = self._shortage()
        if q <= 0.0:
            return [(1.0, base)]
        return [(1.0 - q, base), (q, base + wait)]

    def recovery_time_s(self) -> float:
        """Expected time to get through a recovery when a failure during it starts it over:
        E[(1 - e^{-λR})/λ] / E[e^{-λR}] over the downtime outcomes R."""
        lam = self.rate_per_s
        num = sum(p * -math.expm1(-lam * r) / lam for p, r in self.recovery_outcomes())
        den = sum(p * math.exp(-lam * r) for p, r in self.recovery_outcomes())
        return num / den if den > 1e-300 else math.inf


def ettr_first_order(cfg: PlanConfig, interval_s: float) -> float:
    """Kokolis et al.'s E[ETTR] = (1 - λ(R + τ/2)) / (1 + C/τ), clipped at 0."""
    lam = cfg.rate_per_s
    value = (1.0 - lam * (cfg.recovery_s + interval_s / 2.0)) / (
        1.0 + cfg.checkpoint_s / interval_s
    )
    return max(value, 0.0)


def ettr_exact(cfg: PlanConfig, interval_s: float) -> float:
    """ETTR of the renewal model: Poisson failures, any failure (also during a checkpoint
    or a recovery) restarts the recovery and loses the work since the last checkpoint.

    A segment of τ work plus C checkpoint completes in (e^{λ(τ+C)} - 1)(1/λ + E[X]) on
    average, E[X] the expected time through a recovery (``recovery_time_s``); with a fixed
    downtime R this is Daly's e^{λR}(e^{λ(τ+C)} - 1)/λ.
    """
    lam = cfg.rate_per_s
    x = lam * (interval_s + cfg.checkpoint_s)
    den = math.expm1(x) * (1.0 + lam * cfg.recovery_time_s()) if x < 700 else math.inf
    return lam * interval_s / den if math.isfinite(den) else 0.0


def young_interval(cfg: PlanConfig) -> float:
    """Young's τ* = √(2CM), the optimum of the first-order overhead."""
    return math.sqrt(2.0 * cfg.checkpoint_s * cfg.job_mtbf_s)


def daly_interval(cfg: PlanConfig) -> float:
    """Daly's first-order τ* = √(2C(M + R))."""
    return math.sqrt(2.0 * cfg.checkpoint_s * (cfg.job_mtbf_s + cfg.recovery_s))


def exact_optimal_interval(cfg: PlanConfig) -> float:
    """The τ that maximizes ``ettr_exact``: the root of e^{λ(τ+C)}(1 - λτ) = 1."""
    lam, c = cfg.rate_per_s, cfg.checkpoint_s
    lo, hi = 0.0, 1.0 / lam
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if math.exp(lam * (mid + c)) * (1.0 - lam * mid) > 1.0:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def badput_first_order(cfg: PlanConfig, interval_s: float) -> dict[str, float]:
    """Fractions of wall time per badput term in the first-order model."""
    lam, tau = cfg.rate_per_s, interval_s
    ettr = ettr_first_order(cfg, tau)
    return {
        "checkpointing": ettr * cfg.checkpoint_s / tau,
        "lost_work": lam * tau / 2.0,
        "detection": lam * cfg.detection_s,
        "spare_wait": lam * cfg.spare_wait_s,
        "restart": lam * cfg.restart_s,
        "restore": lam * cfg.restore_s,
    }


def badput_exact(cfg: PlanConfig, interval_s: float) -> dict[str, float]:
    """Fractions of wall time per badput term in the exact model.

    Time in interrupted recoveries is split between the recovery terms by their shares.
    """
    lam, tau, c, r = cfg.rate_per_s, interval_s, cfg.checkpoint_s, cfg.recovery_s
    t = tau + c
    in_segment = math.expm1(lam * t) / lam
    recovering = in_segment * lam * cfg.recovery_time_s()
    total = in_segment + recovering
    shares = {
        "detection": cfg.detection_s,
        "spare_wait": cfg.spare_wait_s,
        "restart": cfg.restart_s,
        "restore": cfg.restore_s,
    }
    out = {"checkpointing": c / total, "lost_work": (in_segment - t) / total}
    for k, v in shares.items():
        out[k] = recovering / total * (v / r) if r > 0 else 0.0
    return out


@dataclass(kw_only=True, slots=True)
class PlanResult:
    """What ``evaluate`` tells about one interval."""

    config: PlanConfig
    interval_s: float
    optimal: bool
    """True when ``interval_s`` is the first-order optimum, not one the user gave."""
    expected_ettr: float
    expected_ettr_exact: float
    optimal_interval_s: float | None
    optimal_interval_daly_s: float | None
    optimal_interval_exact_s: float | None
    badput: dict[str, float]
    badput_exact: dict[str, float]
    curve: list[dict[str, float]]
    warnings: list[str]

    @property
    def overhead_fraction(self) -> float:
        """1 - expected ETTR: the share of wall time that is not training."""
        return 1.0 - self.expected_ettr

    @property
    def divergence(self) -> float:
        """Relative gap between the first-order and the exact ETTR."""
        if self.expected_ettr_exact == 0:
            return math.inf if self.expected_ettr else 0.0
        return (self.expected_ettr - self.expected_ettr_exact) / self.expected_ettr_exact

    def to_dict(self) -> dict[str, Any]:
        cfg = self.config
        return {
            "gpus": cfg.gpus,
            "nodes": cfg.nodes,
            "job_mtbf_s": cfg.job_mtbf_s,
            "failures_per_day": DAY_S / cfg.job_mtbf_s,
            "checkpoint_s": cfg.checkpoint_s,
            "recovery_s": cfg.recovery_s,
            "spare_wait_s": cfg.spare_wait_s,
            "interval_s": self.interval_s,
            "optimal_interval_s": self.optimal_interval_s,
            "optimal_interval_daly_s": self.optimal_interval_daly_s,
            "optimal_interval_exact_s": self.optimal_interval_exact_s,
            "overhead_fraction": self.overhead_fraction,
            "expected_ettr": self.expected_ettr,
            "expected_ettr_exact": self.expected_ettr_exact,
            "model_divergence": self.divergence,
            "badput": self.badput,
            "badput_exact": self.badput_exact,
            "ettr_curve": self.curve,
            "warnings": self.warnings,
        }


def ettr_curve(cfg: PlanConfig, center_s: float, points: int = 61) -> list[dict[str, float]]:
    """Both ETTRs over intervals from center/30 to center*30 (log-spaced, never below C)."""
    lo = max(center_s / 30.0, cfg.checkpoint_s, 1e-3)
    hi = max(center_s * 30.0, lo * 10.0)
    step = (math.log(hi) - math.log(lo)) / (points - 1)
    out = []
    for i in range(points):
        tau = math.exp(math.log(lo) + i * step)
        out.append(
            {
                "interval_s": tau,
                "ettr": ettr_first_order(cfg, tau),
                "ettr_exact": ettr_exact(cfg, tau),
            }
        )
    return out


def evaluate(cfg: PlanConfig, interval_s: float | None = None) -> PlanResult:
    """Evaluates ``interval_s``, or the first-order optimum when it is None.

    Raises:
        UserError: the interval is shorter than the checkpoint cost, or no optimum exists
            (a zero checkpoint cost with no interval given).
    """
    has_opt = cfg.checkpoint_s > 0
    if interval_s is None:
        if not has_opt:
            raise UserError(
                "with --checkpoint-seconds 0 the best interval is 'as often as possible'; "
                "give --interval-seconds to evaluate one"
            )
        interval_s = young_interval(cfg)
    elif not interval_s > 0 or not math.isfinite(interval_s):
        raise UserError(f"--interval-seconds must be positive, got {interval_s}")
    elif interval_s < cfg.checkpoint_s:
        raise UserError(
            f"--interval-seconds {interval_s:g} is shorter than the checkpoint cost "
            f"{cfg.checkpoint_s:g} s; checkpoint less often or make saves cheaper"
        )
    first, exact = ettr_first_order(cfg, interval_s), ettr_exact(cfg, interval_s)
    result = PlanResult(
        config=cfg,
        interval_s=interval_s,
        optimal=has_opt and interval_s == young_interval(cfg),
        expected_ettr=first,
        expected_ettr_exact=exact,
        optimal_interval_s=young_interval(cfg) if has_opt else None,
        optimal_interval_daly_s=daly_interval(cfg) if has_opt else None,
        optimal_interval_exact_s=exact_optimal_interval(cfg) if has_opt else None,
        badput=badput_first_order(cfg, interval_s),
        badput_exact=badput_exact(cfg, interval_s),
        curve=ettr_curve(cfg, interval_s),
        warnings=[],
    )
    result.warnings = _warnings(result)
    return result


def _warnings(res: PlanResult) -> list[str]:
    cfg, out = res.config, []
    load = cfg.rate_per_s * (res.interval_s + cfg.checkpoint_s + cfg.recovery_s)
    if abs(res.divergence) > DIVERGENCE:
        side = "below" if res.divergence < 0 else "above"
        out.append(
            f"the first-order ETTR (what published calculators report) is "
            f"{100 * abs(res.divergence):.1f}% {side} the exact one: λ·(τ+C+R) = {load:.2f} is "
            "not small, so failures during restarts and re-done work matter; trust "
            "expected_ettr_exact"
        )
    if res.expected_ettr == 0.0:
        out.append("first-order ETTR is 0: failures come faster than the job can recover")
    if cfg.spare_nodes is not None and cfg.spare_wait_s > 0.1 * max(cfg.recovery_s, 1.0):
        out.append(
            f"spares run short: {cfg.spare_wait_s:.0f} s expected wait per failure with "
            f"{cfg.spare_nodes} spare nodes; add spares or repair faster"
        )
    return out
