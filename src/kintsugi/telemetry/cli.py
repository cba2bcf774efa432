"""``kintsugi telemetry``: sample this node once (``--once``) or for a while into a store."""

from __future__ import annotations

import argparse
import json
import queue
import time
from typing import Any

from kintsugi.errors import UserError
from kintsugi.settings import CONFIG_OPT, Opt, add_options, nonneg_float, positive_float, resolve

OPTS = (
    Opt(flag="--node-name", type=str, metavar="NAME", help="this node's name (default: host name)"),
    Opt(flag="--once", type=None, help="take one host and GPU sample, print it and exit"),
    Opt(
        flag="--duration",
        type=positive_float,
        default=60.0,
        metavar="SECONDS",
        help="how long to sample without --once",
    ),
    Opt(
        flag="--host-interval",
        type=nonneg_float,
        default=10.0,
        metavar="SECONDS",
        help="seconds between host samples (0: off)",
    ),
    Opt(
        flag="--gpu-interval",
        type=nonneg_float,
        default=10.0,
        metavar="SECONDS",
        help="seconds between GPU samples (0: off)",
    ),
    Opt(
        flag="--kernel-log",
        type=str,
        default="auto",
        metavar="SOURCE",
        help="kernel log to follow: a file, journal, dmesg, auto or off",
    ),
    Opt(flag="--store", type=str, metavar="URL", help="event store to write the samples to"),
    Opt(
        flag="--run-id",
        type=str,
        default="kintsugi-nodes",
        metavar="ID",
        help="run id the events are filed under",
    ),
    Opt(flag="--json", type=None, help="print events (or the sample) as JSON lines"),
    CONFIG_OPT,
)


def register(sub: argparse._SubParsersAction[Any]) -> None:
    """Adds ``telemetry`` to the ``kintsugi`` command."""
    p = sub.add_parser(
        "telemetry",
        help="sample host, GPU (NVML) and kernel log into events",
        description="Runs the agent's telemetry samplers on their own: one sample (--once) "
        "or --duration seconds of events, printed or written to --store.",
    )
    add_options(p, OPTS)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    a = resolve(args, OPTS, "telemetry")
    from kintsugi.health.cli import default_node
    from kintsugi.telemetry.component import Telemetry, TelemetryConfig

    node = a.node_name or default_node()
    kernel = None if a.kernel_log == "off" or a.once else a.kernel_log
    if kernel not in (None, "auto", "journal", "dmesg"):
        try:
            open(kernel, "rb").close()
        except OSError as e:
            raise UserError(f"could not read kernel log {kernel}: {e.strerror}") from e
    q: queue.Queue[tuple[str, dict[str, Any]]] = queue.Queue()
    if a.once:
        cfg = TelemetryConfig(
            host_interval_s=3600, gpu_interval_s=3600, xid_events=False, kernel_log=None
        )
    else:
        cfg = TelemetryConfig(
            host_interval_s=a.host_interval, gpu_interval_s=a.gpu_interval, kernel_log=kernel
        )
    tel = Telemetry(node, lambda k, p: q.put((k.value, p)), cfg)
    if not a.once:
        tel.start()
    try:
        events: list[tuple[str, dict[str, Any]]] = []
        if a.once:
            snap = tel.sample_now()
            events = _drain(q)
            snap["notes"] = [p["message"] for k, p in events if k == "log"]
            print(json.dumps(snap) if a.json else json.dumps(snap, indent=2))
        deadline = time.monotonic() + (0 if a.once else a.duration)
        while time.monotonic() < deadline:
            time.sleep(min(0.5, max(0.0, deadline - time.monotonic())))
            batch = _drain(q)
            events += batch
            for k, p in batch:
                line = json.dumps({"kind": k, "node": node, "data": p})
                print(line if a.json else f"{k}: {json.dumps(p)}", flush=True)
    finally:
        tel.stop()
    events += _drain(q)
    if a.store:
        _write(a.store, a.run_id, node, events)
    return 0


def _drain(q: queue.Queue[tuple[str, dict[str, Any]]]) -> list[tuple[str, dict[str, Any]]]:
    out = []
    while True:
        try:
            out.append(q.get_nowait())
        except queue.Empty:
            return out


def _write(url: str, run_id: str, node: str, events: list[tuple[str, dict[str, Any]]]) -> None:
    from kintsugi.events import Event, EventKind
    from kintsugi.store import StoreError, open_store

    try:
        with open_store(url) as s:
            s.append([Event(EventKind(k), run_id, p, node=node) for k, p in events])
    except StoreError as e:
        raise UserError(f"could not write telemetry to {url}: {e}") from e
