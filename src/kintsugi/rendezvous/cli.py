"""``kintsugi rendezvous``: serve the c10d rendezvous store from a head node."""

from __future__ import annotations

import argparse
import signal
import sys
from typing import Any

from kintsugi.errors import UserError
from kintsugi.settings import CONFIG_OPT, Opt, add_options, port, positive_float, resolve

OPTS = (
    Opt(
        flag="--host",
        type=str,
        default="0.0.0.0",
        metavar="HOST",
        help="address the agents reach this server at (printed endpoint)",
    ),
    Opt(
        flag="--port",
        type=port,
        default=29400,
        metavar="PORT",
        help="TCP port of the store (0 picks a free one)",
    ),
    Opt(
        flag="--store-timeout",
        type=positive_float,
        default=300.0,
        metavar="SECONDS",
        help="the store's time-out for one operation",
    ),
    CONFIG_OPT,
)


def register(sub: argparse._SubParsersAction[Any]) -> None:
    """Adds ``rendezvous`` to the ``kintsugi`` command."""
    p = sub.add_parser(
        "rendezvous",
        help="serve the c10d rendezvous store on a head node (agents point --rdzv-endpoint at it)",
        description="A standalone torch.distributed TCPStore for --rdzv-backend c10d: no "
        "training node hosts it, so any node may die or be excluded.",
    )
    add_options(p, OPTS)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    a = resolve(args, OPTS, "rendezvous")
    from kintsugi.rendezvous.server import RendezvousServer

    try:
        server = RendezvousServer(a.host, a.port, a.store_timeout)
    except (RuntimeError, OSError) as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise UserError(
            f"could not serve the rendezvous store on {a.host}:{a.port}: {first}"
        ) from e

    def stop(signum: int, frame: object) -> None:
        server.close()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(f"kintsugi rendezvous: serving c10d store at {server.endpoint}", flush=True)
    print(f"  agents: --rdzv-backend c10d --rdzv-endpoint {server.endpoint}", file=sys.stderr)
    while not server.wait(1.0):
        pass
    return 0
