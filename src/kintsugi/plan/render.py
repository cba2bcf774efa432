"""Human output of ``plan`` and ``simulate``: rich tables over the same dicts that
``--json`` prints, so both views always say the same thing.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from kintsugi.console import SafeConsole


def _dur(s: float | None) -> str:
    if s is None:
        return "-"
    if s < 120:
        return f"{s:.1f} s"
    if s < 7200:
        return f"{s / 60:.1f} min"
    return f"{s / 3600:.2f} h"


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def render_plan(out: dict[str, Any], console: Console | None = None) -> None:
    """Prints the plan: headline figures, badput, taxonomy, scale table and fits."""
    con = console or SafeConsole()
    t = Table(title=f"kintsugi plan: {out['gpus']:,} GPUs on {out['nodes']:,} nodes")
    t.add_column("quantity")
    t.add_column("value", justify="right")
    rows = [
        ("job MTBF", _dur(out["job_mtbf_s"])),
        ("failures per day", f"{out['failures_per_day']:.2f}"),
        ("checkpoint cost (blocking)", _dur(out["checkpoint_s"])),
        ("downtime per failure", _dur(out["recovery_s"])),
        ("optimal interval (Young, first order)", _dur(out["optimal_interval_s"])),
        ("optimal interval (Daly)", _dur(out["optimal_interval_daly_s"])),
        ("optimal interval (exact model)", _dur(out["optimal_interval_exact_s"])),
        ("evaluated interval", _dur(out["interval_s"])),
        ("expected ETTR (first order, published)", f"{out['expected_ettr']:.4f}"),
        ("expected ETTR (exact)", f"{out['expected_ettr_exact']:.4f}"),
        ("overhead", _pct(out["overhead_fraction"])),
    ]
    for r in rows:
        t.add_row(*r)
    con.print(t)
    b = Table(title="badput (share of wall time)")
    b.add_column("term")
    b.add_column("first order", justify="right")
    b.add_column("exact", justify="right")
    for k, v in out["badput"].items():
        b.add_row(k.replace("_", " "), _pct(v), _pct(out["badput_exact"][k]))
    con.print(b)
    tx = out["taxonomy"]
    c = Table(title=f"failures by category ({tx['name']}: {tx['source']})")
    for col in ("category", "share", "per day", "costs a node"):
        c.add_column(col, justify="left" if col == "category" else "right")
    for r in tx["categories"]:
        c.add_row(
            r["name"],
            _pct(r["share"]),
            f"{r['failures_per_day']:.2f}",
            "yes" if r["replace_node"] else "no",
        )
    con.print(c)
    if "mtbf_table" in out:
        m = Table(title=f"job MTBF by scale at {out['gpu_mtbf_s'] / 3600:,.0f} h per GPU")
        for col in ("GPUs", "job MTBF", "failures/day"):
            m.add_column(col, justify="right")
        for r in out["mtbf_table"]:
            m.add_row(f"{r['gpus']:,}", _dur(r["job_mtbf_s"]), f"{r['failures_per_day']:.2f}")
        con.print(m)
    _render_fits(out, con)
    for w in out["warnings"]:
        con.print(Text.assemble(Text("note:", style="yellow"), f" {w}"))
    for p in out.get("plot_files", []):
        con.print(f"wrote {p}")


def _render_fits(out: dict[str, Any], con: Console) -> None:
    if "store_fit" in out:
        f = out["store_fit"]
        t = Table(
            title=f"failure rates from {f['source']} ({f['node_days']:.3g} node-days, "
            f"{int(100 * f['confidence'])}% Garwood intervals)"
        )
        for col in ("category", "count", "per 1,000 node-days", "interval"):
            t.add_column(col, justify="left" if col == "category" else "right")
        for r in [*f["categories"], f["total"]]:
            t.add_row(
                r["category"],
                str(r["count"]),
                f"{r['per_1000_node_days']:.3g}",
                f"{r['ci_lower']:.3g}-{r['ci_upper']:.3g}",
            )
        con.print(t)
    if "trace_fit" in out:
        f = out["trace_fit"]
        t = Table(
            title=f"GPU lifetimes from {f['source']}: {f['stays']:,} stays, "
            f"{f['failures']:,} failures"
        )
        for col in ("model", "shape", "scale", "MTBF", "log-lik", "AIC"):
            t.add_column(col, justify="left" if col == "model" else "right")
        for key in ("exponential", "weibull"):
            m = f[key]
            t.add_row(
                key,
                f"{m['shape']:.3f}",
                f"{m['scale_h']:,.0f} h",
                f"{m['mtbf_h']:,.0f} h",
                f"{m['log_likelihood']:,.1f}",
                f"{m['aic']:,.1f}",
            )
        con.print(t)
        con.print(f"better fit: {f['better']} (ΔAIC {f['delta_aic']:,.1f}); {f['shape_meaning']}")


def render_simulation(out: dict[str, Any], console: Console | None = None) -> None:
    """Prints a simulation summary, a sweep or a tier comparison."""
    con = console or SafeConsole()
    if "sweep" in out:
        rows = out["sweep"]
        t = Table(title=f"ETTR against {rows[0]['param']}")
        for col in ("value", "interval", "exact model", "sim mean", "p5", "p95", "days"):
            t.add_column(col, justify="right")
        for r in rows:
            t.add_row(
                f"{r['value']:g}",
                _dur(r["interval_s"]),
                f"{r['expected_ettr_exact']:.4f}",
                f"{r['ettr_mean']:.4f}",
                f"{r['ettr_p5']:.4f}",
                f"{r['ettr_p95']:.4f}",
                f"{r['completion_days_mean']:.1f}",
            )
        con.print(t)
    elif "tiers" in out:
        t = Table(title="storage vs in-memory checkpoints")
        for col in (
            "GPUs",
            "tier",
            "checkpoint",
            "interval",
            "exact model",
            "sim mean",
            "p5",
            "p95",
        ):
            t.add_column(col, justify="right")
        for r in out["tiers"]:
            t.add_row(
                f"{r['gpus']:,}",
                r["tier"],
                _dur(r["checkpoint_s"]),
                _dur(r["interval_s"]),
                f"{r['expected_ettr_exact']:.4f}",
                f"{r['ettr_mean']:.4f}",
                f"{r['ettr_p5']:.4f}",
                f"{r['ettr_p95']:.4f}",
            )
        con.print(t)
    else:
        t = Table(
            title=f"kintsugi simulate: {out['runs']:,} runs of {out['work_days']:g} "
            f"compute-days on {out['gpus']:,} GPUs"
        )
        t.add_column("quantity")
        for col in ("mean", "p5", "p95"):
            t.add_column(col, justify="right")
        t.add_row(
            "ETTR", f"{out['ettr_mean']:.4f}", f"{out['ettr_p5']:.4f}", f"{out['ettr_p95']:.4f}"
        )
        t.add_row(
            "completion (days)",
            f"{out['completion_days_mean']:.2f}",
            f"{out['completion_days_p5']:.2f}",
            f"{out['completion_days_p95']:.2f}",
        )
        con.print(t)
        con.print(
            f"interval {_dur(out['interval_s'])}; failures per run "
            f"{out['failures_mean']:.1f}; exact model ETTR "
            f"{out['expected_ettr_exact']:.4f} (simulated mean differs by "
            f"{100 * out['gap_vs_exact']:+.2f}%)"
        )
    _render_fits(out, con)
    for p in out.get("plot_files", []):
        con.print(f"wrote {p}")
