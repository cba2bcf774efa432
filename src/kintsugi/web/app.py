"""The dashboard's web application: Starlette routes over one read-only store.

Pages are rendered on the server with Jinja2 (autoescape on); live parts are re-fetched by
htmx (vendored, no build). Only GET and HEAD exist, so no request can change the store.
"""

from __future__ import annotations

import contextlib
import hmac
import threading
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from kintsugi.events import Category
from kintsugi.store.api import EventStore, StoreError
from kintsugi.store.summaries import Summaries
from kintsugi.web import charts
from kintsugi.web.metrics import MetricsConfig, make_registry
from kintsugi.web.views import (
    ReportCache,
    node_page,
    nodes_overview,
    payload_text,
    run_page,
    runs_overview,
)

HERE = Path(__file__).parent
TOKEN_COOKIE = "kintsugi_token"
NODES_PER_PAGE = 500
"""Rows per page of ``/nodes``: attention first, so the first page holds what matters."""
_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


@dataclass(frozen=True, kw_only=True, slots=True)
class DashConfig:
    """How the dashboard serves."""

    token: str | None = None
    """Required on every request when set (bearer header, cookie, or ``?token=`` once)."""
    refresh_s: float = 2.0
    """How often live parts of a page re-fetch themselves."""
    stale_after_s: float = 120.0
    """A run with no event for this long and no end is shown as silent, not live."""
    runs: int = 50
    """Runs listed on ``/`` and exported on ``/metrics``."""


def fmt_ts(ts: float | None) -> str:
    if ts is None:
        return ""
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M:%S")


def fmt_s(s: float | None) -> str:
    if s is None:
        return ""
    if s < 120:
        return f"{s:.1f} s"
    if s < 7200:
        return f"{s / 60:.1f} min"
    return f"{s / 3600:.1f} h"


def environment() -> Environment:
    """The Jinja2 environment shared by the server and ``report --html``."""
    env = Environment(
        loader=FileSystemLoader(str(HERE / "templates")),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["ts"] = fmt_ts
    env.filters["dur"] = fmt_s
    env.globals["payload_text"] = payload_text
    return env


def run_charts(page: Any) -> dict[str, Markup]:
    """The run page's SVG charts (safe markup: ``charts`` escapes every label)."""
    rep = page.line.run.report
    parts = [("productive", rep.productive_s), *rep.badput_s.items()]
    marks = [
        (e.ts, f"attempt {e.attempt} ended: {e.data.get('outcome')}")
        for e in page.timeline
        if e.kind == "attempt_end" and e.node == page.line.run.reference_node
    ]
    step_pts = [(p.ts, p.step_time_s) for p in page.series]
    loss_pts = [(p.ts, p.loss) for p in page.series if p.loss is not None]
    return {
        "badput": Markup(charts.breakdown_bar(parts)),
        "step_time": Markup(
            charts.line_chart(step_pts, title="step time (rank 0)", unit="s", marks=marks)
        ),
        "loss": Markup(charts.line_chart(loss_pts, title="loss (rank 0)", unit="", marks=marks)),
    }


class _TokenCheck(BaseHTTPMiddleware):
    def __init__(self, app: Any, token: str) -> None:
        super().__init__(app)
        self._token = token.encode()

    def _ok(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self._token)

    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        auth = request.headers.get("authorization", "")
        bearer = auth[7:] if auth.lower().startswith("bearer ") else None
        if self._ok(bearer) or self._ok(request.cookies.get(TOKEN_COOKIE)):
            return await call_next(request)
        if self._ok(request.query_params.get("token")):
            # Trade the URL token for a cookie so it does not linger in links and history.
            resp = RedirectResponse(request.url.remove_query_params("token"), status_code=303)
            resp.set_cookie(TOKEN_COOKIE, self._token.decode(), httponly=True, samesite="strict")
            return resp
        return PlainTextResponse("kintsugi dash: token required\n", status_code=401)


class _Headers(BaseHTTPMiddleware):
    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        resp = await call_next(request)
        resp.headers["Content-Security-Policy"] = _CSP
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Referrer-Policy"] = "no-referrer"
        return resp


def _parse_when(text: str | None, name: str) -> float | None:
    if not text:
        return None
    try:
        return float(text)
    except ValueError:
        pass
    try:
        dt = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{name}: use epoch seconds or YYYY-MM-DD[THH:MM]") from None
    return (dt if dt.tzinfo else dt.replace(tzinfo=UTC)).timestamp()


def create_app(store: EventStore, cfg: DashConfig) -> Starlette:
    """The dashboard over ``store`` (opened and migrated by the caller)."""
    s: Summaries = store.summaries()
    cache = ReportCache()
    env = environment()
    registry = make_registry(
        s, cache, MetricsConfig(runs=cfg.runs, stale_after_s=cfg.stale_after_s)
    )

    def page(name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        body = env.get_template(name).render(cfg=cfg, now=time.time(), **ctx)
        return HTMLResponse(body, status_code=status)

    def not_found(what: str) -> HTMLResponse:
        return page("error.html", status=404, message=f"no {what}")

    def index(request: Request) -> Response:
        lines = runs_overview(s, cache, time.time(), cfg.stale_after_s, limit=cfg.runs)
        name = "_runs.html" if request.url.path.startswith("/fragments") else "index.html"
        return page(name, lines=lines, totals=s.totals())

    def run(request: Request) -> Response:
        run_id = request.path_params["run_id"]
        p = run_page(s, cache, run_id, time.time(), cfg.stale_after_s)
        if p is None:
            return not_found(f"run {run_id!r}")
        name = "_run_body.html" if request.url.path.endswith("/live") else "run.html"
        return page(name, p=p, charts=run_charts(p), standalone=False)

    def nodes(request: Request) -> Response:
        text = request.query_params.get("offset", "0")
        if not text.isdigit():
            return page("error.html", status=400, message="offset: use a whole number >= 0")
        offset = int(text)
        every = nodes_overview(s, cache)
        return page(
            "nodes.html",
            nodes=every[offset : offset + NODES_PER_PAGE],
            total=len(every),
            offset=offset,
            per_page=NODES_PER_PAGE,
        )

    def node(request: Request) -> Response:
        name = request.path_params["name"]
        p = node_page(s, cache, name)
        return not_found(f"node {name!r}") if p is None else page("node.html", p=p)

    def incidents(request: Request) -> Response:
        q = request.query_params
        try:
            since = _parse_when(q.get("since"), "since")
            until = _parse_when(q.get("until"), "until")
        except ValueError as e:
            return page("error.html", status=400, message=str(e))
        rows = s.diagnoses(
            category=q.get("category") or None,
            node=q.get("node") or None,
            since=since,
            until=until,
        )
        categories = [c.value for c in Category]
        return page("incidents.html", rows=rows, q=q, categories=categories)

    def metrics(request: Request) -> Response:
        return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)

    async def store_error(request: Request, exc: Exception) -> Response:
        return PlainTextResponse(f"kintsugi dash: store unavailable: {exc}\n", status_code=503)

    middleware = [Middleware(_Headers)]
    if cfg.token:
        middleware.insert(0, Middleware(_TokenCheck, token=cfg.token))
    routes = [
        Route("/", index),
        Route("/fragments/runs", index),
        Route("/runs/{run_id}", run),
        Route("/runs/{run_id}/live", run),
        Route("/nodes", nodes),
        Route("/nodes/{name}", node),
        Route("/incidents", incidents),
        Route("/metrics", metrics),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]

    def warm_up() -> None:
        # Account the listed runs once in the background, so the first visitor does not wait
        # for fifty reports; a store error here shows up again on the first request.
        with contextlib.suppress(StoreError):
            runs_overview(s, cache, time.time(), cfg.stale_after_s, limit=cfg.runs)
            nodes_overview(s, cache)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        threading.Thread(target=warm_up, name="kintsugi-dash-warm-up", daemon=True).start()
        yield

    return Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={StoreError: store_error},
        lifespan=lifespan,
    )
