"""Runs a level's checks, each on a thread with its own time budget, into a HealthReport.

A check that overruns is ``fail: timed out`` and is abandoned (a daemon thread), so a hung
driver call never hangs the caller. Safe to call from any thread of the agent.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from kintsugi.health import checks_compute as cc
from kintsugi.health import checks_gpu as cg
from kintsugi.health import checks_host as ch
from kintsugi.health.api import (
    Check,
    CheckContext,
    CheckFailed,
    CheckResult,
    CheckSkipped,
    CheckWarning,
    HealthReport,
    Status,
)
from kintsugi.health.dcgm import find_dcgmi, run_diag
from kintsugi.health.inject import ALL, forced_failures

CHECKS: tuple[Check, ...] = (
    Check("libraries", 1, ch.check_libraries, 2.0),
    Check("disks", 1, ch.check_disks, 2.0),
    Check("memory", 1, ch.check_memory, 1.0),
    Check("clock", 1, ch.check_clock, 1.0),
    Check("rendezvous", 1, ch.check_rendezvous, 2.0),
    Check("gpu_driver", 1, cg.check_driver, 2.0, gpu=True),
    Check("gpu_count", 1, cg.check_gpu_count, 1.0, gpu=True),
    Check("gpu_memory_errors", 1, cg.check_gpu_memory, 2.0, gpu=True),
    Check("xid", 1, cg.check_xid, 1.5),
    Check("matmul", 2, cc.check_matmul, 60.0),
    Check("gpu_memtest", 2, cc.check_gpu_memtest, 300.0, gpu=True),
    Check("h2d_bandwidth", 2, cc.check_h2d_bandwidth, 60.0, gpu=True),
    Check("loopback_collective", 2, cc.check_loopback_collective, 60.0),
    Check("stress", 3, cc.check_stress, 120.0),
    Check("host_bandwidth", 3, cc.check_host_bandwidth, 60.0),
    Check("allreduce_devices", 3, cc.check_allreduce_devices, 120.0),
)
"""Every built-in check, in the order they run."""

DCGM_BUDGET_S = {1: 30.0, 2: 900.0, 3: 2400.0, 4: 7200.0}
"""Time allowed for ``dcgmi diag -r N`` (DCGM's published upper times plus a margin)."""

LEVELS = (1, 2, 3, 4)


@dataclass(kw_only=True, slots=True)
class HealthConfig:
    """What the checks look at and how long they may take."""

    paths: tuple[str, ...] = ("/tmp",)
    """Mounts that must be present, writable and have ``min_free_gb`` free."""
    min_free_gb: float = 1.0
    min_mem_gb: float = 1.0
    rdzv_endpoint: str | None = None
    """``HOST:PORT`` that must accept a connection (skipped when None)."""
    expect_gpus: int | None = None
    kernel_log: str | None = None
    """A kernel log file to scan for XIDs; None reads ``dmesg``."""
    dcgmi: str | None = None
    """Path to ``dcgmi``; None looks on PATH."""
    use_dcgm: bool = True
    """Run ``dcgmi diag`` for the GPU checks where it exists."""
    budget_scale: float = 1.0
    """Multiplies every check's time budget (slow nodes, tests)."""
    stress_s: float = 5.0
    """Seconds of the level 3 stress per repeat (level 4 repeats 3 times)."""
    inject: str | None = None
    """An ``--inject`` spec whose ``health:`` parts force failures; None reads the env."""
    extras: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.budget_scale <= 0 or self.stress_s < 0 or self.min_free_gb < 0:
            raise ValueError("budget_scale must be > 0, stress_s and min_free_gb >= 0")
        if self.expect_gpus is not None and self.expect_gpus < 0:
            raise ValueError("expect_gpus must be >= 0")


def checks_for(level: int) -> list[Check]:
    """The built-in checks a level runs (cumulative).

    Raises:
        ValueError: ``level`` is not 1-4.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown health level {level!r}: use 1 (quick) to 4 (extended)")
    return [c for c in CHECKS if c.level <= level]


def run_checks(
    level: int,
    node: str,
    config: HealthConfig | None = None,
    *,
    budget_s: float | None = None,
) -> HealthReport:
    """Runs ``level``'s checks for ``node`` and returns the report; never raises for a fault.

    Args:
        level: 1 quick, 2 medium, 3 long, 4 extended.
        node: the node's name (for the report and ``--inject health:node=``).
        config: what to check; defaults to ``HealthConfig()``.
        budget_s: a ceiling on the whole run; checks left when it is spent are
            ``fail: timed out`` without running.

    Raises:
        ValueError: an unknown level or a malformed ``health:`` inject spec.
    """
    cfg = config or HealthConfig()
    todo = checks_for(level)
    forced = forced_failures(cfg.inject, node)
    ctx = CheckContext(
        node=node,
        level=level,
        paths=cfg.paths,
        min_free_gb=cfg.min_free_gb,
        min_mem_gb=cfg.min_mem_gb,
        rdzv_endpoint=cfg.rdzv_endpoint,
        repeat=3 if level >= 4 else 1,
        extras={
            "expect_gpus": cfg.expect_gpus,
            "kernel_log": cfg.kernel_log,
            "stress_s": cfg.stress_s,
            **cfg.extras,
        },
    )
    t0 = time.monotonic()
    deadline = None if budget_s is None else t0 + budget_s
    results: list[CheckResult] = []
    source = "builtin"
    dcgmi = find_dcgmi(cfg.dcgmi) if cfg.use_dcgm else None
    if dcgmi is not None:
        source = "dcgm"
        todo = [c for c in todo if not c.gpu]
    for check in todo:
        results.append(_run_one(check, ctx, cfg, forced, deadline))
    if dcgmi is not None:
        allowed = DCGM_BUDGET_S[level] * cfg.budget_scale
        if deadline is not None:
            allowed = max(0.0, min(allowed, deadline - time.monotonic()))
        dcgm_results, _ = run_diag(dcgmi, level, allowed)
        results.extend(_force(r, forced) for r in dcgm_results)
    return HealthReport(
        level=level,
        node=node,
        checks=tuple(results),
        duration_s=time.monotonic() - t0,
        source=source,
    )


def _force(r: CheckResult, forced: set[str]) -> CheckResult:
    if ALL in forced or r.name in forced:
        return CheckResult(r.name, Status.FAIL, "injected failure (--inject health)", r.duration_s)
    return r


QUICK_RETRY_S = 5.0
"""A check with a budget up to this (the level 1 ones: 1-2 s) that overruns once is run once
more before it fails: on a busy host a thread can wait that long for the CPU or an fsync, and a
node condemned for it is a healthy node lost. A check that hangs fails the second time."""


def _run_one(
    check: Check, ctx: CheckContext, cfg: HealthConfig, forced: set[str], deadline: float | None
) -> CheckResult:
    first = _attempt(check, ctx, cfg, forced, deadline)
    overran = first.status is Status.FAIL and first.detail.startswith("timed out after")
    if not overran or check.budget_s > QUICK_RETRY_S:
        return first
    second = _attempt(check, ctx, cfg, forced, deadline)
    detail = (
        f"{second.detail}, twice"
        if second.status is Status.FAIL
        else f"{second.detail} (after a first try timed out)"
    )
    return CheckResult(second.name, second.status, detail, first.duration_s + second.duration_s)


def _attempt(
    check: Check, ctx: CheckContext, cfg: HealthConfig, forced: set[str], deadline: float | None
) -> CheckResult:
    if ALL in forced or check.name in forced:
        return CheckResult(check.name, Status.FAIL, "injected failure (--inject health)", 0.0)
    budget = check.budget_s * cfg.budget_scale
    if check.name == "stress":
        budget += cfg.stress_s * ctx.repeat
    if deadline is not None:
        budget = min(budget, deadline - time.monotonic())
        if budget <= 0:
            return CheckResult(check.name, Status.FAIL, "timed out: health budget spent", 0.0)
    box: list[CheckResult] = []
    t0 = time.monotonic()

    def target() -> None:
        try:
            detail = check.fn(ctx)
            status = Status.PASS
        except CheckSkipped as e:
            status, detail = Status.SKIP, str(e)
        except CheckWarning as e:
            status, detail = Status.WARN, str(e)
        except CheckFailed as e:
            status, detail = Status.FAIL, str(e)
        except Exception as e:  # noqa: BLE001 - a broken check is a failed check, not a crash
            status, detail = Status.FAIL, f"could not check: {type(e).__name__}: {e}"
        box.append(CheckResult(check.name, status, detail, time.monotonic() - t0))

    th = threading.Thread(target=target, name=f"kintsugi-health-{check.name}", daemon=True)
    th.start()
    th.join(budget)
    if not box:
        return CheckResult(
            check.name, Status.FAIL, f"timed out after {budget:.1f} s", time.monotonic() - t0
        )
    return box[0]
