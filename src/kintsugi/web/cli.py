"""Registers ``kintsugi dash``: the dashboard and ``/metrics`` over a store."""

from __future__ import annotations

import argparse
import ipaddress
import socket
from typing import Any

from kintsugi.errors import UserError
from kintsugi.settings import CONFIG_OPT, Opt, add_options, port, positive_float, positive_int
from kintsugi.settings import resolve as resolve_opts

OPTS = (
    Opt(
        flag="--store",
        type=str,
        metavar="URL",
        help="event store URL (sqlite:///… or postgresql://…)",
    ),
    Opt(flag="--host", type=str, default="127.0.0.1", metavar="ADDR", help="address to listen on"),
    Opt(
        flag="--port", type=port, default=8765, metavar="N", help="port to listen on (0: any free)"
    ),
    Opt(
        flag="--token",
        type=str,
        metavar="TEXT",
        help="required on every request; mandatory when --host is not a loopback address",
    ),
    Opt(
        flag="--refresh-seconds",
        type=positive_float,
        default=2.0,
        metavar="S",
        help="how often live parts of a page update",
    ),
    Opt(
        flag="--stale-seconds",
        type=positive_float,
        default=120.0,
        metavar="S",
        help="a run silent this long without an end is shown as silent, not live",
    ),
    Opt(flag="--runs", type=positive_int, default=50, metavar="N", help="runs listed and exported"),
    CONFIG_OPT,
)


def register(sub: argparse._SubParsersAction[Any]) -> None:
    p = sub.add_parser("dash", help="web dashboard and Prometheus /metrics over an event store")
    add_options(p, OPTS)
    p.set_defaults(func=_dash)


def is_loopback(host: str) -> bool:
    """Whether ``host`` only accepts connections from this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _listen(host: str, port_: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port_))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _redact(url: str) -> str:
    head, at, tail = url.rpartition("@")
    return url if not at else head.split("://")[0] + "://***@" + tail


def _dash(args: argparse.Namespace) -> int:
    import uvicorn

    from kintsugi.store import StoreError, open_store
    from kintsugi.web.app import DashConfig, create_app

    a = resolve_opts(args, OPTS, "dash")
    if not a.store:
        raise UserError("kintsugi dash needs --store URL (or KINTSUGI_STORE)")
    if not is_loopback(a.host) and not a.token:
        raise UserError(
            f"--host {a.host} is reachable from other machines: set --token (or KINTSUGI_TOKEN)"
        )
    try:
        store = open_store(a.store, create=False)
    except StoreError as e:
        raise UserError(str(e)) from None
    cfg = DashConfig(
        token=a.token or None,
        refresh_s=a.refresh_seconds,
        stale_after_s=a.stale_seconds,
        runs=a.runs,
    )
    app = create_app(store, cfg)
    config = uvicorn.Config(app, host=a.host, port=a.port, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    try:
        sock = _listen(a.host, a.port)
    except OSError as e:
        store.close()
        raise UserError(f"cannot listen on {a.host}:{a.port}: {e.strerror}") from None
    host, bound = sock.getsockname()[:2]
    auth = "a token is required on every request" if cfg.token else "no token: loopback only"
    print(f"kintsugi dash: http://{host}:{bound}/ ({auth}); store {_redact(store.url)}", flush=True)
    try:
        server.run(sockets=[sock])
    finally:
        store.close()
    return 0
