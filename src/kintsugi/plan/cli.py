"""The ``kintsugi plan`` and ``kintsugi simulate`` sub-commands: parse, build configs, call
the model or the simulator, print tables or one JSON object.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from kintsugi.errors import UserError
from kintsugi.plan.model import (
    DAY_S,
    HOUR_S,
    PlanConfig,
    evaluate,
    exact_optimal_interval,
    job_mtbf_from_gpu,
    job_mtbf_from_node_rate,
    mtbf_table,
)
from kintsugi.plan.options import add_options, resolve
from kintsugi.plan.taxonomy import Taxonomy, get_taxonomy

MTBF_SCALES = (1_000, 10_000, 100_000, 1_000_000)


def register(sub: argparse._SubParsersAction[Any]) -> None:
    """Adds ``plan`` and ``simulate`` to the ``kintsugi`` command."""
    p = sub.add_parser(
        "plan",
        help="checkpoint interval and expected ETTR from costs and failure rates (analytic)",
        description="Optimal checkpoint interval, expected ETTR and badput, first-order and exact.",
    )
    add_options(p, "plan")
    p.set_defaults(func=run_plan)
    s = sub.add_parser(
        "simulate",
        help="Monte Carlo simulation of whole runs: ETTR and completion-time distributions",
        description="Simulates runs failure by failure; sweeps a parameter or compares tiers.",
    )
    add_options(s, "simulate")
    s.set_defaults(func=run_simulate)


@dataclasses.dataclass(kw_only=True, slots=True)
class _Built:
    plan: PlanConfig
    taxonomy: Taxonomy
    fits: dict[str, Any]
    weibull: tuple[float, float] | None = None
    """(shape, per-GPU mean in s) when a trace fit found ageing."""
    gpu_mtbf_s: float | None = None


def build(a: argparse.Namespace) -> _Built:
    """Turns resolved flags into a plan config, a taxonomy and any fits from history."""
    if a.gpus is None:
        raise UserError("give the job size with --gpus N (or KINTSUGI_GPUS)")
    taxonomy = get_taxonomy(a.taxonomy)
    if a.checkpoint_seconds is not None and a.checkpoint_gb_per_gpu is not None:
        raise UserError("give --checkpoint-seconds or --checkpoint-gb-per-gpu, not both")
    cp = a.checkpoint_seconds or 0.0
    if a.checkpoint_gb_per_gpu is not None:
        if not a.checkpoint_gb_per_gpu > 0 or not a.storage_gbps > 0:
            raise UserError("--checkpoint-gb-per-gpu and --storage-gbps must be positive")
        cp = a.checkpoint_gb_per_gpu * a.gpus / a.storage_gbps
    repair_s = a.repair_hours * HOUR_S
    plan = PlanConfig(
        gpus=a.gpus,
        gpus_per_node=a.gpus_per_node,
        job_mtbf_s=1.0,
        checkpoint_s=cp,
        restore_s=a.restore_seconds,
        detection_s=a.detection_seconds,
        restart_s=a.restart_seconds,
        spare_nodes=a.spare_nodes,
        repair_s=repair_s,
    )
    fits: dict[str, Any] = {}
    weibull, gpu_mtbf_s = None, None
    if a.gpu_mtbf_hours is not None:
        gpu_mtbf_s = a.gpu_mtbf_hours * HOUR_S
        mtbf = job_mtbf_from_gpu(gpu_mtbf_s, a.gpus)
    elif a.node_failures_per_1000_days is not None:
        mtbf = job_mtbf_from_node_rate(a.node_failures_per_1000_days, plan.nodes)
    elif a.job_mtbf_hours is not None:
        if not a.job_mtbf_hours > 0:
            raise UserError(f"--job-mtbf-hours must be positive, got {a.job_mtbf_hours}")
        mtbf = a.job_mtbf_hours * HOUR_S
    elif a.from_store is not None:
        from kintsugi.plan.fit import fit_store

        sf = fit_store(a.from_store)
        fits["store_fit"] = sf.to_dict()
        taxonomy = sf.taxonomy()
        mtbf = job_mtbf_from_node_rate(sf.total.per_1000_node_days, plan.nodes)
    else:
        from kintsugi.plan.fit import fit_trace

        tf = fit_trace(a.from_trace)
        fits["trace_fit"] = tf.to_dict()
        # The analytic model is Poisson: it takes the average rate (failures / exposure).
        gpu_mtbf_s = tf.exponential.mean_h * HOUR_S
        mtbf = job_mtbf_from_gpu(gpu_mtbf_s, a.gpus)
        if tf.better is tf.weibull:
            weibull = (tf.weibull.shape, tf.weibull.mean_h * HOUR_S)
    plan = dataclasses.replace(plan, job_mtbf_s=mtbf, replace_fraction=taxonomy.replace_fraction)
    return _Built(plan=plan, taxonomy=taxonomy, fits=fits, weibull=weibull, gpu_mtbf_s=gpu_mtbf_s)


def _taxonomy_rows(b: _Built) -> list[dict[str, Any]]:
    per_day = DAY_S / b.plan.job_mtbf_s
    return [
        {
            "name": c.name,
            "share": f,
            "failures_per_day": f * per_day,
            "component": c.component,
            "replace_node": c.replace_node,
        }
        for c, f in zip(b.taxonomy.categories, b.taxonomy.fractions(), strict=True)
    ]


def _guarded(command: str, fn: Callable[[argparse.Namespace], int]) -> Callable[..., int]:
    """Numbers the models cannot handle end in one line, not a traceback."""

    def run(args: argparse.Namespace) -> int:
        try:
            return fn(args)
        except (ArithmeticError, MemoryError) as e:
            raise UserError(
                f"kintsugi {command}: the inputs are outside what can be computed "
                f"({type(e).__name__}: {e}); use realistic sizes and rates"
            ) from None
        except ValueError as e:
            if "numpy" not in type(e).__module__ and "value too large" not in str(e):
                raise
            raise UserError(f"kintsugi {command}: the inputs cannot be simulated ({e})") from None

    return run


def _write_plot(make: Callable[[], list[Path]], prefix: Path) -> list[str]:
    try:
        return [str(p) for p in make()]
    except OSError as e:
        raise UserError(f"cannot write the plot {prefix}.png: {e.strerror or e}") from None


def run_plan(args: argparse.Namespace) -> int:
    """``kintsugi plan``: the analytic answer, instantly."""
    return _guarded("plan", _run_plan)(args)


def _run_plan(args: argparse.Namespace) -> int:
    a = resolve(args, "plan")
    b = build(a)
    res = evaluate(b.plan, a.interval_seconds)
    out = res.to_dict()
    out["taxonomy"] = {
        "name": b.taxonomy.name,
        "source": b.taxonomy.source,
        "categories": _taxonomy_rows(b),
    }
    if b.gpu_mtbf_s is not None:
        out["gpu_mtbf_s"] = b.gpu_mtbf_s
        out["mtbf_table"] = mtbf_table(b.gpu_mtbf_s, MTBF_SCALES)
    out.update(b.fits)
    if a.plot is not None:
        from kintsugi.plan.plot import plot_ettr_curve

        out["plot_files"] = _write_plot(lambda: plot_ettr_curve(res, a.plot), a.plot)
    if a.json:
        print(json.dumps(out))
    else:
        from kintsugi.plan.render import render_plan

        render_plan(out)
    return 0


@contextlib.contextmanager
def _progress(total: int, hide: bool) -> Iterator[Callable[[int], None] | None]:
    if hide or not sys.stderr.isatty():
        yield None
        return
    from rich.progress import Progress

    from kintsugi.console import SafeConsole

    with Progress(console=SafeConsole(stderr=True), transient=True) as bar:
        task = bar.add_task("simulating", total=total)
        yield lambda n: bar.advance(task, n)


def _sweep_values(text: str) -> tuple[str, list[float]]:
    param, sep, rest = text.partition("=")
    try:
        values = [float(v) for v in rest.split(",") if v.strip()]
    except ValueError:
        values = []
    if not sep or not values:
        raise UserError(f"--sweep {text!r}: write PARAM=V1,V2,... (e.g. interval=60,120,240)")
    return param.strip(), values


def run_simulate(args: argparse.Namespace) -> int:
    """``kintsugi simulate``: Monte Carlo over whole runs, sweeps and tier comparisons."""
    return _guarded("simulate", _run_simulate)(args)


MAX_SIMULATED_FAILURES = 50_000_000
"""About 2 GiB of per-failure arrays: more than that does not fit beside the rest."""


def _run_simulate(args: argparse.Namespace) -> int:
    from kintsugi.plan.simulate import SimConfig, simulate
    from kintsugi.plan.whatif import TierSpec, compare_tiers, sweep, tier_sim

    a = resolve(args, "simulate")
    b = build(a)
    plan, shape = b.plan, a.weibull_shape
    if b.weibull is not None and shape is None:
        shape = b.weibull[0]
        plan = dataclasses.replace(plan, job_mtbf_s=b.weibull[1] / plan.gpus)
    interval = a.interval_seconds
    if interval is None:
        if plan.checkpoint_s <= 0 and a.tier == "storage" and not a.compare_tiers:
            raise UserError("with --checkpoint-seconds 0 give --interval-seconds to simulate")
        interval = exact_optimal_interval(plan) if plan.checkpoint_s > 0 else 60.0
    failures = a.runs * (a.days * DAY_S / plan.job_mtbf_s + 1.0)
    if failures > MAX_SIMULATED_FAILURES:
        raise UserError(
            f"kintsugi simulate: {a.runs:,} runs of {a.days:g} days at a job MTBF of "
            f"{plan.job_mtbf_s / HOUR_S:.3g} h is ~{failures:,.0f} failures to simulate, more "
            f"than fits in memory ({MAX_SIMULATED_FAILURES:,}); lower --runs or --days"
        )
    base = SimConfig(
        plan=plan,
        interval_s=interval,
        work_days=a.days,
        runs=a.runs,
        seed=a.seed,
        taxonomy=b.taxonomy,
        weibull_shape=shape,
        fleet_age_days=a.fleet_age_days,
        repeat_fraction=a.repeat_fraction,
        repeat_mean_s=a.repeat_mean_hours * HOUR_S,
    )
    spec = TierSpec(
        gb_per_gpu=a.checkpoint_gb_per_gpu or TierSpec().gb_per_gpu,
        storage_gbps=a.storage_gbps,
        peer_gbps=a.peer_gbps,
        replicas=a.replicas,
        correlated_fraction=a.correlated_fraction,
    )
    if a.tier == "memory":
        base = tier_sim(base, "memory", spec)
        if a.interval_seconds is not None:
            base = dataclasses.replace(base, interval_s=a.interval_seconds)
    elif a.tier != "storage":
        raise UserError(f"unknown --tier {a.tier!r}; use storage or memory")
    out: dict[str, Any] = {}
    if a.sweep is not None and a.compare_tiers:
        raise UserError("give --sweep or --compare-tiers, not both")
    if a.sweep is not None:
        param, values = _sweep_values(a.sweep)
        with _progress(a.runs * len(values), bool(a.no_progress)) as tick:
            rows = sweep(base, param, values, spec, tick)
        out["sweep"] = rows
        if a.plot is not None:
            from kintsugi.plan.plot import plot_sweep

            out["plot_files"] = _write_plot(lambda: plot_sweep(param, rows, a.plot), a.plot)
    elif a.compare_tiers:
        with _progress(a.runs * 6, bool(a.no_progress)) as tick:
            out["tiers"] = compare_tiers(base, spec, progress=tick)
    else:
        with _progress(a.runs, bool(a.no_progress)) as tick:
            out.update(simulate(base, tick).summary())
        out["weibull_shape"] = shape
        out["tier"] = a.tier
    out.update(b.fits)
    if a.json:
        print(json.dumps(out))
    else:
        from kintsugi.plan.render import render_simulation

        render_simulation(out)
    return 0
