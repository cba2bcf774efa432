"""``kintsugi report RUN --html FILE``: the run page as one self-contained file.

Styles are inlined and there is no script, so the file opens anywhere (a ticket, a mail)
and shows the same charts and timeline as the dashboard, frozen at the time it was written.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from kintsugi.errors import UserError
from kintsugi.store.api import EventStore
from kintsugi.web.app import HERE, DashConfig, environment, run_charts
from kintsugi.web.views import ReportCache, run_page


def render_run_html(store: EventStore, run_id: str) -> str:
    """The run page of ``run_id`` as standalone HTML.

    Raises:
        UserError: the store has no such run.
    """
    cfg = DashConfig()
    p = run_page(store.summaries(), ReportCache(), run_id, time.time(), cfg.stale_after_s)
    if p is None:
        raise UserError(f"no run {run_id!r} in {store.url}")
    css = (HERE / "static" / "style.css").read_text(encoding="utf-8")
    return (
        environment()
        .get_template("run.html")
        .render(p=p, charts=run_charts(p), standalone=True, inline_css=css, cfg=cfg)
    )


def write_run_html(store: EventStore, run_id: str, out: Path) -> None:
    """Writes the page atomically: a reader never sees half a file.

    Raises:
        UserError: no such run, or the file cannot be written.
    """
    html = render_run_html(store, run_id)
    tmp = out.with_name(f".{out.name}.tmp")
    try:
        tmp.write_text(html, encoding="utf-8")
        os.replace(tmp, out)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise UserError(f"cannot write {out}: {e.strerror}") from None
