"""What-if questions in one command: sweep one parameter, or compare checkpoint tiers
(storage with a shared bandwidth cap vs peer memory replicas) across scales.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kintsugi.errors import UserError
from kintsugi.plan.model import ettr_exact, exact_optimal_interval
from kintsugi.plan.simulate import SimConfig, simulate

SWEEPABLE = ("interval", "spares", "detection", "replicas")
TIER_SCALES = (1_024, 16_384, 100_000)


@dataclass(kw_only=True, slots=True)
class TierSpec:
    """What checkpoints cost on each tier."""

    gb_per_gpu: float = 0.4
    """Checkpoint shard per GPU (405B parameters with Adam ≈ 6.5 TB over 16,384 GPUs)."""
    storage_gbps: float = 2000.0
    """Aggregate storage bandwidth shared by all nodes (Llama 3: 2 TB/s)."""
    peer_gbps: float = 25.0
    """Per-node bandwidth to peers' host memory (a 200 Gb/s NIC)."""
    replicas: int = 2
    """Copies of each node's shard in memory, own included (Gemini: 2 covers most)."""
    correlated_fraction: float = 0.05
    """Chance that a node loss also takes the node holding its replica (same rack, switch)."""

    def __post_init__(self) -> None:
        for name, v in (
            ("--checkpoint-gb-per-gpu", self.gb_per_gpu),
            ("--storage-gbps", self.storage_gbps),
            ("--peer-gbps", self.peer_gbps),
        ):
            if not v > 0:
                raise UserError(f"{name} must be positive, got {v}")
        if self.replicas < 1:
            raise UserError(f"--replicas must be >= 1, got {self.replicas}")
        if not 0.0 <= self.correlated_fraction < 1.0:
            raise UserError(
                f"--correlated-fraction must be in [0, 1), got {self.correlated_fraction}"
            )


def tier_sim(base: SimConfig, tier: str, spec: TierSpec, gpus: int | None = None) -> SimConfig:
    """``base`` moved to ``gpus`` (same per-GPU failure rate) with the costs of ``tier``.

    The interval is the exact-model optimum for the tier's blocking cost. In memory, a copy
    reaches storage in the background every ``ceil(storage save / interval)`` checkpoints;
    a node loss that also loses all replicas falls back to it.
    """
    p = base.plan
    gpus = p.gpus if gpus is None else gpus
    node_gb = spec.gb_per_gpu * p.gpus_per_node
    storage_s = spec.gb_per_gpu * gpus / spec.storage_gbps
    mtbf = p.job_mtbf_s * p.gpus / gpus
    if tier == "storage":
        plan = dataclasses.replace(
            p, checkpoint_s=storage_s, restore_s=storage_s, gpus=gpus, job_mtbf_s=mtbf
        )
        return dataclasses.replace(
            base,
            plan=plan,
            interval_s=exact_optimal_interval(plan),
            fallback_fraction=0.0,
            durable_every=1,
        )
    if tier != "memory":
        raise UserError(f"unknown checkpoint tier {tier!r}; use storage or memory")
    mem_s = node_gb * max(spec.replicas - 1, 1) / spec.peer_gbps
    plan = dataclasses.replace(
        p, checkpoint_s=mem_s, restore_s=node_gb / spec.peer_gbps, gpus=gpus, job_mtbf_s=mtbf
    )
    tau = exact_optimal_interval(plan)
    fallback = 1.0 if spec.replicas == 1 else spec.correlated_fraction ** (spec.replicas - 1)
    return dataclasses.replace(
        base,
        plan=plan,
        interval_s=tau,
        fallback_fraction=min(fallback, 0.999),
        durable_every=max(1, math.ceil(storage_s / tau)),
        fallback_restore_s=storage_s,
    )


def _row(cfg: SimConfig, progress: Callable[[int], None] | None) -> dict[str, Any]:
    s = simulate(cfg, progress).summary()
    keys = ("ettr_mean", "ettr_p5", "ettr_p95", "completion_days_mean", "failures_mean")
    out = {k: s[k] for k in keys}
    out["expected_ettr_exact"] = s["expected_ettr_exact"]
    out["interval_s"] = cfg.interval_s
    out["checkpoint_s"] = cfg.plan.checkpoint_s
    return out


def sweep(
    base: SimConfig,
    param: str,
    values: Sequence[float],
    spec: TierSpec | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Simulates ``base`` once per value of ``param`` (one of ``SWEEPABLE``).

    Raises:
        UserError: unknown parameter or a value the parameter cannot take.
    """
    if param not in SWEEPABLE:
        raise UserError(f"cannot sweep {param!r}; sweep one of: {', '.join(SWEEPABLE)}")
    rows = []
    for v in values:
        if param == "interval":
            cfg = dataclasses.replace(base, interval_s=float(v))
        elif param == "detection":
            cfg = dataclasses.replace(base, plan=dataclasses.replace(base.plan, detection_s=v))
        elif param == "spares":
            _whole(param, v)
            cfg = dataclasses.replace(base, plan=dataclasses.replace(base.plan, spare_nodes=int(v)))
        else:
            _whole(param, v)
            spec = dataclasses.replace(spec or TierSpec(), replicas=int(v))
            cfg = tier_sim(base, "memory", spec)
        row = {"param": param, "value": v, **_row(cfg, progress)}
        row["expected_ettr_exact"] = ettr_exact(cfg.plan, cfg.interval_s)
        rows.append(row)
    return rows


def _whole(param: str, v: float) -> None:
    if v != int(v) or v < 0:
        raise UserError(f"--sweep {param} takes whole numbers >= 0, got {v:g}")


def compare_tiers(
    base: SimConfig,
    spec: TierSpec,
    scales: Sequence[int] = TIER_SCALES,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Storage vs in-memory checkpointing at each scale, simulated and analytic."""
    rows = []
    for gpus in scales:
        if gpus % base.plan.gpus_per_node:
            raise UserError(f"scale {gpus} is not a multiple of --gpus-per-node")
        for tier in ("storage", "memory"):
            cfg = tier_sim(base, tier, spec, gpus)
            rows.append({"gpus": gpus, "tier": tier, **_row(cfg, progress)})
    return rows
