"""Registers ``kintsugi report`` and ``kintsugi events``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from kintsugi.errors import UserError
from kintsugi.events import Event, EventKind


def register(sub: argparse._SubParsersAction[Any]) -> None:
    p = sub.add_parser(
        "report", help="where a run's time went: productive vs badput, incidents, ETTR"
    )
    _run_args(p)
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.set_defaults(func=_report)
    e = sub.add_parser("events", help="list or export a run's events as JSON lines")
    _run_args(e)
    e.add_argument(
        "--kind", action="append", default=[], help="only events of this kind (repeatable)"
    )
    e.add_argument("--node", default=None, help="only events of this node")
    e.add_argument(
        "-o", "--output", default=None, help="write to this file (atomically) instead of stdout"
    )
    e.set_defaults(func=_events)


def _run_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("run", metavar="RUN", help="a run id, or a run directory (kintsugi_runs/RUN_ID)")
    p.add_argument(
        "--store",
        default=os.environ.get("KINTSUGI_STORE"),
        help="event store URL (default: RUN_DIR/events.db)",
    )


def resolve(run: str, store: str | None) -> tuple[str, list[Event]]:
    """Finds the store and the run's events.

    Raises:
        UserError: no such run or store.
    """
    from kintsugi.store import StoreError, open_store

    path = Path(run)
    run_id = run
    if store is None:
        candidates = [path / "events.db", Path("kintsugi_runs") / run / "events.db"]
        found = next((c for c in candidates if c.is_file()), None)
        if found is None:
            raise UserError(
                f"no run {run!r}: no events.db in {run} or kintsugi_runs/{run} (use --store URL)"
            )
        store = f"sqlite:///{found.resolve()}"
        if path.is_dir():
            run_id = path.resolve().name
    try:
        with open_store(store) as s:
            events = s.events(run_id=run_id)
            if not events and path.is_dir():
                # A run directory: the run whose agents wrote there (newest if several).
                here = str(path.resolve())
                starts = [
                    e
                    for e in s.events(kinds=[EventKind.RUN_START])
                    if e.data.get("run_dir") == here
                ]
                if starts:
                    run_id = starts[-1].run_id
                    events = s.events(run_id=run_id)
    except StoreError as e:
        raise UserError(str(e)) from None
    if not events:
        raise UserError(f"no events for run {run_id!r} in {store}")
    return run_id, events


def _report(args: argparse.Namespace) -> int:
    from kintsugi.report import build_report, render_text
    from kintsugi.report.compare import attach_comparison

    _, events = resolve(args.run, args.store)
    report = attach_comparison(build_report(events))
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        render_text(report, sys.stdout)
    return 0


def _events(args: argparse.Namespace) -> int:
    try:
        kinds = {EventKind(k) for k in args.kind} if args.kind else None
    except ValueError:
        known = ", ".join(k.value for k in EventKind)
        raise UserError(f"unknown event kind in {args.kind} (known: {known})") from None
    _, events = resolve(args.run, args.store)
    lines = [
        e.to_json() + "\n"
        for e in events
        if (kinds is None or e.kind in kinds) and (args.node is None or e.node == args.node)
    ]
    if args.output is None:
        sys.stdout.writelines(lines)
        return 0
    out = Path(args.output)
    tmp = out.with_name(f".{out.name}.tmp")
    try:
        tmp.write_text("".join(lines), encoding="utf-8")
        os.replace(tmp, out)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise UserError(f"cannot write {out}: {e.strerror}") from None
    print(f"{len(lines)} events written to {out}", file=sys.stderr)
    return 0
