"""The report for people (a rich table in the terminal) and for programs (JSON)."""

from __future__ import annotations

from typing import TextIO

from kintsugi.report.accounting import Report

_LABELS = {
    "startup": "start-up",
    "checkpoint_save": "checkpoint save",
    "checkpoint_restore": "checkpoint restore",
    "lost_progress": "progress lost to failures",
    "detection": "failure detection",
    "restart": "restart (stop, rendezvous, relaunch)",
}


def render_text(report: Report, out: TextIO) -> None:
    """Writes the human report to ``out``."""
    from rich.console import Console
    from rich.table import Table

    console = Console(file=out, width=110, highlight=False)
    title = f"kintsugi report: run {report.run_id} ({report.outcome})"
    t = Table(title=title, title_justify="left", show_edge=False)
    t.add_column("where the time went")
    t.add_column("seconds", justify="right")
    t.add_column("share", justify="right")
    wall = report.wall_s or 1.0
    t.add_row(
        "productive training", f"{report.productive_s:.1f}", f"{report.productive_s / wall:.1%}"
    )
    for key, label in _LABELS.items():
        v = report.badput_s.get(key, 0.0)
        t.add_row(label, f"{v:.1f}", f"{v / wall:.1%}")
    t.add_row("[b]wall time[/b]", f"[b]{report.wall_s:.1f}[/b]", "100.0%")
    console.print(t)
    console.print(
        f"ETTR (productive / wall) = [b]{report.ettr:.3f}[/b]; attempts {report.attempts}, "
        f"restarts {report.restarts}, last step {report.steps}, checkpoints {report.checkpoints}, "
        f"nodes {', '.join(report.nodes)}"
    )
    if report.incidents:
        it = Table(title="incidents", title_justify="left", show_edge=False)
        for col in ("#", "what", "where", "detected after", "lost", "action", "diagnosis"):
            it.add_column(col, overflow="fold")
        for i in report.incidents:
            where = f"{i.node}" + (f" rank {i.rank}" if i.rank is not None else "")
            it.add_row(
                str(i.attempt),
                i.what,
                where,
                f"{i.detected_after_s:.2f} s",
                f"{i.lost_s:.1f} s",
                i.action,
                i.diagnosis or "",
            )
        console.print(it)
    if report.verdict:
        console.print(f"verdict: {report.verdict}")
    c = report.comparison
    if c:
        console.print(
            f"plan predicted ETTR {c['predicted_ettr_exact']:.3f} for this run's measured costs "
            f"and failure rate; measured {c['measured_ettr']:.3f} (gap {c['gap']:+.3f})"
        )
        for line in c.get("explanation", []):
            console.print(f"  - {line}")
