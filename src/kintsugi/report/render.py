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


NO_STEPS = (
    "no step information: no rank reported a training step (the script never called "
    "kintsugi.step(), and kintsugi run's automatic progress was off or saw no optimizer "
    "step), so productive time and ETTR cannot be measured for this run"
)


def render_text(report: Report, out: TextIO) -> None:
    """Writes the human report to ``out``."""
    from rich.table import Table
    from rich.text import Text

    from kintsugi.console import SafeConsole, bold

    console = SafeConsole(file=out, width=110)
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
    t.add_row(bold("wall time"), bold(f"{report.wall_s:.1f}"), "100.0%")
    console.print(t)
    if report.steps is None and report.wall_s > 0:
        console.print(NO_STEPS)
    console.print(
        Text.assemble(
            "ETTR (productive / wall) = ",
            bold(f"{report.ettr:.3f}"),
            f"; attempts {report.attempts}, restarts {report.restarts}, last step "
            f"{report.steps}, checkpoints {report.checkpoints}, nodes {', '.join(report.nodes)}",
        )
    )
    if report.restores:
        # Text from events is data: rich.text.Text prints it literally.
        parts = [
            f"step {r['step']} from {r['tier']} ({r['duration_s']:.2f} s)" for r in report.restores
        ]
        console.print(Text("checkpoint restores: " + "; ".join(parts)))
    if report.interval:
        iv = report.interval
        console.print(
            Text(
                f"checkpoint interval (auto): {iv['interval_s']:.1f} s = every "
                f"{iv['interval_steps']} steps; {iv['reason']}"
            )
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
