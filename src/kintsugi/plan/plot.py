"""Plots of the planner's curves (ETTR over interval, ETTR over a swept parameter).

Each plot is written as PNG and SVG, with its data beside it as CSV; matplotlib loads lazily.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kintsugi.errors import UserError
from kintsugi.plan.model import PlanResult


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _targets(prefix: Path) -> tuple[Path, Path, Path]:
    if prefix.suffix in (".png", ".svg", ".csv"):
        prefix = prefix.with_suffix("")
    try:
        prefix.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"cannot create {prefix.parent} for plots: {e.strerror}") from e
    return (prefix.with_suffix(".png"), prefix.with_suffix(".svg"), prefix.with_suffix(".csv"))


def _write_csv(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def plot_ettr_curve(result: PlanResult, prefix: Path) -> list[Path]:
    """Writes ETTR (first-order and exact) against the checkpoint interval.

    Returns:
        The PNG, SVG and CSV paths written.
    """
    png, svg, data = _targets(prefix)
    plt = _pyplot()
    xs = [p["interval_s"] / 60.0 for p in result.curve]
    fig, ax = plt.subplots(figsize=(7, 4.2))
    ax.plot(xs, [p["ettr"] for p in result.curve], label="first order (published models)")
    ax.plot(xs, [p["ettr_exact"] for p in result.curve], label="exact (renewal model)")
    ax.axvline(result.interval_s / 60.0, color="grey", ls="--", lw=1, label="evaluated interval")
    if result.optimal_interval_exact_s:
        ax.axvline(
            result.optimal_interval_exact_s / 60.0,
            color="green",
            ls=":",
            lw=1,
            label="exact optimum",
        )
    ax.set_xscale("log")
    ax.set_xlabel("checkpoint interval (min)")
    ax.set_ylabel("expected ETTR")
    cfg = result.config
    ax.set_title(
        f"{cfg.gpus:,} GPUs, MTBF {cfg.job_mtbf_s / 3600:.2f} h, checkpoint {cfg.checkpoint_s:g} s"
    )
    ax.set_ylim(bottom=max(0.0, min(p["ettr_exact"] for p in result.curve) - 0.05), top=1.0)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(loc="lower center", fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=120)
    fig.savefig(svg)
    plt.close(fig)
    _write_csv(data, result.curve)
    return [png, svg, data]


def plot_sweep(param: str, rows: Sequence[dict[str, Any]], prefix: Path) -> list[Path]:
    """Writes simulated ETTR (mean with p5-p95 band) and the exact model against ``param``.

    Returns:
        The PNG, SVG and CSV paths written.
    """
    png, svg, data = _targets(prefix)
    plt = _pyplot()
    xs = [float(r["value"]) for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4.2))
    ax.fill_between(
        xs,
        [r["ettr_p5"] for r in rows],
        [r["ettr_p95"] for r in rows],
        alpha=0.25,
        label="simulated p5-p95",
    )
    ax.plot(xs, [r["ettr_mean"] for r in rows], marker="o", label="simulated mean")
    ax.plot(xs, [r["expected_ettr_exact"] for r in rows], ls="--", label="exact model")
    ax.set_xlabel(param)
    ax.set_ylabel("ETTR")
    ax.set_title(f"ETTR against {param}")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=120)
    fig.savefig(svg)
    plt.close(fig)
    _write_csv(data, rows)
    return [png, svg, data]
