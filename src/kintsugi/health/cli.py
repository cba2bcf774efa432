"""``kintsugi health``: run a level's checks, print a table or JSON, exit 0/1/2.

Exit codes are what Slurm's ``Prolog``, ``Epilog`` and ``HealthCheckProgram`` read: 0 healthy,
1 a check failed (Slurm drains the node), 2 bad input.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import sys
from typing import Any

from kintsugi.errors import UserError
from kintsugi.health.api import HealthReport
from kintsugi.settings import (
    CONFIG_OPT,
    Opt,
    add_options,
    nonneg_float,
    nonneg_int,
    positive_float,
    resolve,
)


def health_level(text: str) -> int:
    """1 (quick), 2 (medium), 3 (long) or 4 (extended)."""
    value = int(text)
    if value not in (1, 2, 3, 4):
        raise ValueError("unknown level; use 1 (quick), 2 (medium), 3 (long) or 4 (extended)")
    return value


def default_node() -> str:
    """Slurm's name for this node inside a prolog or health check, else the host name."""
    return os.environ.get("SLURMD_NODENAME") or socket.gethostname()


CHECK_OPTS = (
    Opt(
        flag="--path",
        type=str,
        repeat=True,
        default=["/tmp"],
        metavar="DIR",
        help="a mount that must be present, writable and have room (repeatable)",
    ),
    Opt(
        flag="--min-free-gb",
        type=nonneg_float,
        default=1.0,
        metavar="GB",
        help="free space each --path needs",
    ),
    Opt(
        flag="--min-mem-gb",
        type=nonneg_float,
        default=1.0,
        metavar="GB",
        help="host memory that must be available",
    ),
    Opt(
        flag="--rdzv-endpoint",
        type=str,
        metavar="HOST:PORT",
        help="rendezvous endpoint that must accept a connection",
    ),
    Opt(
        flag="--expect-gpus", type=nonneg_int, metavar="N", help="number of GPUs the node must show"
    ),
    Opt(
        flag="--kernel-log",
        type=str,
        metavar="PATH",
        help="kernel log file to scan for XIDs (default: dmesg)",
    ),
    Opt(
        flag="--dcgmi",
        type=str,
        metavar="PATH",
        help="dcgmi to run for the GPU checks (default: dcgmi on PATH, if any)",
    ),
    Opt(flag="--no-dcgm", type=None, help="use the built-in GPU checks even where dcgmi exists"),
    Opt(
        flag="--budget-seconds",
        type=positive_float,
        metavar="SECONDS",
        help="ceiling on the whole run; checks left when it is spent fail as timed out",
    ),
    Opt(
        flag="--budget-scale",
        type=positive_float,
        default=1.0,
        metavar="X",
        help="multiplies every check's own time budget",
    ),
    Opt(
        flag="--stress-seconds",
        type=nonneg_float,
        default=5.0,
        metavar="SECONDS",
        help="level 3 stress duration (level 4 runs it 3 times)",
    ),
    Opt(
        flag="--inject",
        type=str,
        metavar="SPEC",
        help="health:node=NAME[,check=NAME] makes that node's checks fail (rehearsal)",
    ),
)

OPTS = (
    Opt(
        flag="--level",
        type=health_level,
        default=1,
        metavar="N",
        help="1 quick, 2 medium, 3 long, 4 extended (DCGM's levels)",
    ),
    Opt(
        flag="--node-name",
        type=str,
        metavar="NAME",
        help="this node's name (default: $SLURMD_NODENAME or the host name)",
    ),
    Opt(flag="--json", type=None, help="print one JSON object instead of a table"),
    Opt(
        flag="--store",
        type=str,
        metavar="URL",
        help="event store to record the result in (and cordon the node on failure)",
    ),
    Opt(
        flag="--no-cordon",
        type=None,
        help="with --store, record the result but leave the node's state alone",
    ),
    *CHECK_OPTS,
    CONFIG_OPT,
)


def register(sub: argparse._SubParsersAction[Any]) -> None:
    """Adds ``health`` to the ``kintsugi`` command."""
    p = sub.add_parser(
        "health",
        help="node health checks by level (1 quick ... 4 extended); exit 1 if a check failed",
        description="Runs DCGM-style health checks on this node: built-in, or dcgmi diag "
        "where it exists. Exit 0 healthy, 1 a check failed, 2 bad input.",
    )
    add_options(p, OPTS)
    p.set_defaults(func=run)


def build_config(a: argparse.Namespace) -> Any:
    """A ``HealthConfig`` from resolved flags (shared with ``kintsugi validate``)."""
    from kintsugi.health.inject import HealthSpecError, health_parts
    from kintsugi.health.runner import HealthConfig

    if a.inject is not None:
        try:
            health_parts(a.inject)
        except HealthSpecError as e:
            raise UserError(f"--inject: {e}") from e
    if a.kernel_log is not None and not os.access(a.kernel_log, os.R_OK):
        raise UserError(f"--kernel-log {a.kernel_log}: not a readable file")
    return HealthConfig(
        paths=tuple(a.path),
        min_free_gb=a.min_free_gb,
        min_mem_gb=a.min_mem_gb,
        rdzv_endpoint=a.rdzv_endpoint,
        expect_gpus=a.expect_gpus,
        kernel_log=a.kernel_log,
        dcgmi=a.dcgmi,
        use_dcgm=not a.no_dcgm,
        budget_scale=a.budget_scale,
        stress_s=a.stress_seconds,
        inject=a.inject,
    )


def run(args: argparse.Namespace) -> int:
    a = resolve(args, OPTS, "health")
    from kintsugi.health.inject import HealthSpecError
    from kintsugi.health.runner import run_checks

    node = a.node_name or default_node()
    cfg = build_config(a)
    try:
        report = run_checks(a.level, node, cfg, budget_s=a.budget_seconds)
    except HealthSpecError as e:
        raise UserError(f"KINTSUGI_HEALTH_INJECT: {e}") from e
    if a.store:
        record(a.store, report, cordon=not a.no_cordon)
    if a.json:
        print(json.dumps(report.to_dict()))
    else:
        print_table(report, sys.stdout)
    return report.exit_code


def record(store_url: str, report: HealthReport, cordon: bool, run_id: str | None = None) -> None:
    """Writes the ``health_check`` event; cordons a failed node (``check_fail``) if asked.

    Raises:
        UserError: the store cannot be opened or written.
    """
    from kintsugi.events import Event, EventKind
    from kintsugi.recover.lifecycle import NODES_RUN_ID, IllegalTransition, NodeBook, Trigger
    from kintsugi.store import StoreError, open_store

    rid = run_id or NODES_RUN_ID
    try:
        with open_store(store_url) as store:
            store.append([Event(EventKind.HEALTH_CHECK, rid, report.to_dict(), node=report.node)])
            if cordon and report.failed:
                names = ", ".join(c.name for c in report.failed)
                evidence = [f"{c.name}: {c.detail}" for c in report.failed]
                # Validating or retired: the validation flow owns the state.
                with contextlib.suppress(IllegalTransition):
                    NodeBook(store, rid).apply(
                        report.node,
                        Trigger.CHECK_FAIL,
                        f"level {report.level} checks failed: {names}",
                        evidence,
                    )
    except StoreError as e:
        raise UserError(f"could not record the result in {store_url}: {e}") from e


def print_table(report: HealthReport, out: Any) -> None:
    """A table for people; check details are printed literally (never as markup)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    colour = {"pass": "green", "warn": "yellow", "fail": "red", "skip": "dim"}
    console = Console(file=out, width=120, highlight=False)
    t = Table(
        title=Text(
            f"health level {report.level} on {report.node} ({report.source}): "
            f"{report.status.value} in {report.duration_s:.2f} s"
        ),
        title_justify="left",
        show_edge=False,
    )
    t.add_column("check")
    t.add_column("status")
    t.add_column("s", justify="right")
    t.add_column("detail", overflow="fold")
    for c in report.checks:
        t.add_row(
            Text(c.name),
            Text(c.status.value, style=colour[c.status.value]),
            f"{c.duration_s:.2f}",
            Text(c.detail),
        )
    console.print(t)
