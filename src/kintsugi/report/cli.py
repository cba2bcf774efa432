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
from kintsugi.redact import redact_text, redact_url
from kintsugi.settings import CONFIG_OPT, Opt, add_options
from kintsugi.settings import resolve as resolve_settings

STORE_OPT = Opt(
    flag="--store", type=str, metavar="URL", help="event store URL (default: RUN_DIR/events.db)"
)
REPORT_OPTIONS = (
    CONFIG_OPT,
    STORE_OPT,
    Opt(flag="--json", type=None, help="print the report as one JSON object"),
    Opt(
        flag="--html",
        type=str,
        metavar="FILE",
        help="also write the run page as one self-contained HTML file",
    ),
)
EVENTS_OPTIONS = (
    CONFIG_OPT,
    STORE_OPT,
    Opt(
        flag="--kind",
        type=str,
        env_name="KINTSUGI_EVENTS_KIND",
        repeat=True,
        default=[],
        metavar="KIND",
        help="only events of this kind (repeatable)",
    ),
    Opt(
        flag="--node",
        type=str,
        env_name="KINTSUGI_EVENTS_NODE",
        metavar="NAME",
        help="only events of this node",
    ),
    Opt(
        flag="--output",
        type=str,
        env_name="KINTSUGI_EVENTS_OUTPUT",
        metavar="FILE",
        help="write to this file (atomically) instead of stdout",
    ),
)


def register(sub: argparse._SubParsersAction[Any]) -> None:
    p = sub.add_parser(
        "report", help="where a run's time went: productive vs badput, incidents, ETTR"
    )
    _run_arg(p)
    add_options(p, REPORT_OPTIONS)
    p.set_defaults(func=_report)
    e = sub.add_parser("events", help="list or export a run's events as JSON lines")
    _run_arg(e)
    add_options(e, EVENTS_OPTIONS)
    e.set_defaults(func=_events)


def _run_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "run",
        metavar="RUN",
        nargs="?",
        help="a run id or run directory (default: the newest run under ./kintsugi_runs)",
    )


def _newest_run() -> str:
    runs = sorted(
        (p for p in Path("kintsugi_runs").glob("*/events.db") if p.is_file()),
        key=lambda p: p.stat().st_mtime,
    )
    if not runs:
        raise UserError("no RUN given and no runs under ./kintsugi_runs (give RUN or --store)")
    return str(runs[-1].parent)


def _newest_in_store(store: str) -> str:
    from kintsugi.store import StoreError, open_store

    try:
        with open_store(store, create=False) as s:
            runs = s.runs()
    except StoreError as e:
        raise UserError(redact_text(str(e), store)) from None
    if not runs:
        raise UserError(f"no runs in {redact_url(store)}")
    return max(runs, key=lambda r: r.last_ts).run_id


def resolve(run: str, store: str | None) -> tuple[str, list[Event]]:
    """Finds the store and the run's events.

    Raises:
        UserError: no such run or store.
    """
    run_id, events, _ = resolve_store(run, store)
    return run_id, events


def resolve_store(run: str, store: str | None) -> tuple[str, list[Event], str]:
    """Like :func:`resolve`, and also returns the store URL it read."""
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
        with open_store(store, create=False) as s:
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
        raise UserError(redact_text(str(e), store)) from None
    if not events:
        raise UserError(f"no events for run {run_id!r} in {redact_url(store)}")
    return run_id, events, store


def _pick(args: argparse.Namespace, opts: tuple[Opt, ...], command: str) -> argparse.Namespace:
    args = resolve_settings(args, opts, command)
    if args.run is None:
        args.run = _newest_in_store(args.store) if args.store else _newest_run()
        print(f"kintsugi {command}: the newest run, {args.run}", file=sys.stderr)
    return args


def _report(args: argparse.Namespace) -> int:
    from kintsugi.report import build_report, render_text
    from kintsugi.report.compare import attach_comparison

    args = _pick(args, REPORT_OPTIONS, "report")
    run_id, events, url = resolve_store(args.run, args.store)
    report = attach_comparison(build_report(events))
    if args.html:
        _write_html(url, run_id, Path(args.html))
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        render_text(report, sys.stdout)
    if not any(e.kind is EventKind.RUN_START for e in events):
        print(
            "kintsugi report: error: this run's record has no run_start: the store lost its "
            "beginning (deleted or replaced while the run wrote to it?)",
            file=sys.stderr,
        )
        return 1
    return 0


def _write_html(url: str, run_id: str, out: Path) -> None:
    from kintsugi.store import StoreError, open_store
    from kintsugi.web.html_report import write_run_html

    try:
        with open_store(url, create=False) as s:
            write_run_html(s, run_id, out)
    except StoreError as e:
        raise UserError(redact_text(str(e), url)) from None
    print(f"run page written to {out}", file=sys.stderr)


def _events(args: argparse.Namespace) -> int:
    args = _pick(args, EVENTS_OPTIONS, "events")
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
