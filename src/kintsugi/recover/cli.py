"""``kintsugi nodes``, ``cordon``, ``uncordon`` and ``validate``: node states over ``--store``.

States live in the store as ``node_state`` events (``kintsugi/recover/lifecycle.py``); with
``--scheduler slurm`` the same moves drain and resume the node in Slurm.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import sys
from collections.abc import Iterator
from typing import Any

from kintsugi.errors import UserError
from kintsugi.settings import CONFIG_OPT, Opt, add_options, positive_float, positive_int, resolve

STORE = Opt(
    flag="--store",
    type=str,
    metavar="URL",
    help="event store holding node states (sqlite path or postgresql:// URL)",
)
SCHED_OPTS = (
    Opt(
        flag="--scheduler",
        type=str,
        default="local",
        metavar="NAME",
        help="local (store only) or slurm (also drain/resume with scontrol)",
    ),
    Opt(flag="--slurm-conf", type=str, metavar="PATH", help="slurm.conf to use (SLURM_CONF)"),
    Opt(
        flag="--slurm-timeout",
        type=positive_float,
        default=10.0,
        metavar="SECONDS",
        help="time limit for each scontrol call",
    ),
)
NODES_OPTS = (
    STORE,
    Opt(flag="--json", type=None, help="print one JSON object"),
    *SCHED_OPTS,
    CONFIG_OPT,
)
CORDON_OPTS = (
    STORE,
    Opt(
        flag="--reason",
        type=str,
        metavar="TEXT",
        help="why (kept with the transition; Slurm's drain reason)",
    ),
    *SCHED_OPTS,
    CONFIG_OPT,
)
UNCORDON_OPTS = (
    STORE,
    Opt(
        flag="--reason",
        type=str,
        default="operator uncordon",
        metavar="TEXT",
        help="why (kept with the transition)",
    ),
    *SCHED_OPTS,
    CONFIG_OPT,
)


def _validate_opts() -> tuple[Opt, ...]:
    from kintsugi.health.cli import CHECK_OPTS, health_level

    return (
        STORE,
        Opt(
            flag="--level",
            type=health_level,
            default=2,
            metavar="N",
            help="health level a cordoned node must pass to rejoin",
        ),
        Opt(
            flag="--max-failed-validations",
            type=positive_int,
            default=3,
            metavar="N",
            help="failed validations in a row after which the node is retired",
        ),
        Opt(flag="--json", type=None, help="print one JSON object"),
        *CHECK_OPTS,
        *SCHED_OPTS,
        CONFIG_OPT,
    )


def register(sub: argparse._SubParsersAction[Any]) -> None:
    """Adds ``nodes``, ``cordon``, ``uncordon`` and ``validate``."""
    p = sub.add_parser("nodes", help="node states (healthy, suspect, cordoned, ...) from the store")
    add_options(p, NODES_OPTS)
    p.set_defaults(func=cmd_nodes)
    p = sub.add_parser("cordon", help="take a node out of service, with a reason")
    p.add_argument("name", metavar="NAME")
    add_options(p, CORDON_OPTS)
    p.set_defaults(func=cmd_cordon)
    p = sub.add_parser("uncordon", help="return a node to service without validation")
    p.add_argument("name", metavar="NAME")
    add_options(p, UNCORDON_OPTS)
    p.set_defaults(func=cmd_uncordon)
    p = sub.add_parser(
        "validate",
        help="run validation checks here for NAME; pass returns it to service",
        description="Runs the validation level's checks on this machine for node NAME and "
        "records the result: pass -> healthy, fail -> cordoned (retired after repeated "
        "failures). Exit 0 passed, 1 failed, 2 bad input.",
    )
    p.add_argument("name", metavar="NAME")
    add_options(p, _validate_opts())
    p.set_defaults(func=cmd_validate)


@contextlib.contextmanager
def _book(url: str | None) -> Iterator[Any]:
    from kintsugi.recover.lifecycle import NodeBook
    from kintsugi.store import StoreError, open_store

    if not url:
        raise UserError("give the store with --store URL (or KINTSUGI_STORE)")
    try:
        store = open_store(url)
    except StoreError as e:
        raise UserError(f"could not open store {url}: {e}") from e
    try:
        yield NodeBook(store)
    except StoreError as e:
        raise UserError(f"could not use store {url}: {e}") from e
    finally:
        store.close()


def _scheduler(a: argparse.Namespace) -> Any:
    """The Slurm adapter when asked for; None for local (the book is the local scheduler)."""
    if a.scheduler == "local":
        return None
    if a.scheduler != "slurm":
        raise UserError(f"--scheduler {a.scheduler!r}: use local or slurm")
    from kintsugi.recover.scheduler import get_scheduler

    return get_scheduler("slurm", timeout_s=a.slurm_timeout, conf=a.slurm_conf)


def _sched_call(fn: Any, *args: Any) -> None:
    from kintsugi.recover.scheduler import SchedulerError

    try:
        fn(*args)
    except SchedulerError as e:
        raise UserError(str(e)) from e


def _move(
    book: Any, node: str, trigger: Any, reason: str, evidence: list[str] | None = None
) -> Any:
    from kintsugi.recover.lifecycle import IllegalTransition

    try:
        return book.apply(node, trigger, reason, evidence or [])
    except IllegalTransition as e:
        raise UserError(f"{node}: {e}") from e


def cmd_nodes(args: argparse.Namespace) -> int:
    a = resolve(args, NODES_OPTS, "nodes")
    sched = _scheduler(a)
    with _book(a.store) as book:
        rows = [r.to_dict() for r in sorted(book.records().values(), key=lambda r: r.node)]
    if sched is not None:
        from kintsugi.recover.scheduler import SchedulerError

        try:
            view = sched.nodes()
        except SchedulerError as e:
            raise UserError(str(e)) from e
        known = {r["node"] for r in rows}
        rows += [
            {
                "node": n,
                "state": "healthy",
                "reason": "",
                "since": None,
                "trigger": None,
                "evidence": [],
                "failed_validations": 0,
            }
            for n in sorted(view)
            if n not in known
        ]
        for r in rows:
            info = view.get(r["node"])
            r["slurm"] = info.to_dict() if info else None
    if a.json:
        print(json.dumps({"nodes": rows}))
        return 0
    _print_nodes(rows, with_slurm=sched is not None)
    return 0


def _print_nodes(rows: list[dict[str, Any]], with_slurm: bool) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(file=sys.stdout, width=120, highlight=False)
    if not rows:
        console.print("no node has a recorded state (every node counts as healthy)")
        return
    t = Table(show_edge=False)
    for col in ("node", "state", "since", "reason"):
        t.add_column(col, overflow="fold")
    if with_slurm:
        t.add_column("slurm")
    for r in rows:
        since = (
            datetime.datetime.fromtimestamp(r["since"], datetime.UTC).strftime("%Y-%m-%d %H:%M:%S")
            if r["since"]
            else ""
        )
        cells: list[Text | str] = [Text(r["node"]), Text(r["state"]), since, Text(r["reason"])]
        if with_slurm:
            s = r.get("slurm")
            cells.append(Text(f"{s['state']} {s['reason']}".strip() if s else "unknown"))
        t.add_row(*cells)
    console.print(t)


def cmd_cordon(args: argparse.Namespace) -> int:
    a = resolve(args, CORDON_OPTS, "cordon")
    from kintsugi.recover.lifecycle import Trigger
    from kintsugi.recover.scheduler import drain_reason

    if not a.reason or not a.reason.strip():
        raise UserError("say why with --reason TEXT")
    sched = _scheduler(a)
    with _book(a.store) as book:
        t = _move(book, a.name, Trigger.CORDON, a.reason)
    if sched is not None:
        _sched_call(sched.drain, a.name, drain_reason("cordon", a.reason))
    print(f"{a.name}: {t.previous.value} -> {t.state.value}")
    return 0


def cmd_uncordon(args: argparse.Namespace) -> int:
    a = resolve(args, UNCORDON_OPTS, "uncordon")
    from kintsugi.recover.lifecycle import Trigger

    sched = _scheduler(a)
    with _book(a.store) as book:
        t = _move(book, a.name, Trigger.UNCORDON, a.reason)
    if sched is not None:
        _sched_call(sched.resume, a.name)
    print(f"{a.name}: {t.previous.value} -> {t.state.value}")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    opts = _validate_opts()
    a = resolve(args, opts, "validate")
    from kintsugi.events import Event, EventKind
    from kintsugi.health.cli import build_config, print_table
    from kintsugi.health.runner import run_checks
    from kintsugi.recover.lifecycle import NODES_RUN_ID, NodeState, Trigger

    cfg = build_config(a)
    sched = _scheduler(a)
    with _book(a.store) as book:
        state = book.record(a.name).state
        validating = state in (NodeState.CORDONED, NodeState.RETIRED, NodeState.VALIDATING)
        if state in (NodeState.CORDONED, NodeState.RETIRED):
            _move(book, a.name, Trigger.VALIDATE, f"level {a.level} validation started")
        report = run_checks(a.level, a.name, cfg)
        book.store.append(
            [Event(EventKind.HEALTH_CHECK, NODES_RUN_ID, report.to_dict(), node=a.name)]
        )
        evidence = [f"{c.name}: {c.detail}" for c in report.failed]
        passed = not report.failed
        if validating:
            t = book.finish_validation(a.name, passed, evidence, a.max_failed_validations)
        else:
            trigger = Trigger.CHECK_PASS if passed else Trigger.CHECK_FAIL
            why = "checks passed" if passed else f"level {a.level} checks failed"
            t = _move(book, a.name, trigger, why, evidence)
    if sched is not None:
        if validating and t.state is NodeState.HEALTHY:
            _sched_call(sched.resume, a.name)
        elif t.state in (NodeState.CORDONED, NodeState.RETIRED):
            from kintsugi.recover.scheduler import drain_reason

            _sched_call(sched.drain, a.name, drain_reason("validation_failed", "; ".join(evidence)))
    if a.json:
        print(
            json.dumps({"report": report.to_dict(), "transition": {"node": a.name, **t.payload()}})
        )
    else:
        print_table(report, sys.stdout)
        print(f"{a.name}: {t.previous.value} -> {t.state.value} ({t.reason})")
    return report.exit_code
