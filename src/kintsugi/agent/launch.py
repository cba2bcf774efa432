"""``kintsugi run``: torchrun's arguments plus ours, launched under the kintsugi agent.

torchrun's parser is reused as it is (``torch.distributed.run.get_args_parser``), so every
torchrun flag works, and its ``PET_*`` environment defaults too; ours read ``KINTSUGI_*``.
"""

from __future__ import annotations

import argparse
import logging
import os
import socket
import sys
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kintsugi.agent.config import AgentConfig
from kintsugi.agent.progress import HangConfig
from kintsugi.errors import UserError
from kintsugi.recover.policy import PolicyConfig
from kintsugi.runtime import inject

log = logging.getLogger("kintsugi.agent")

DEFAULT_MAX_RESTARTS = 10


def _env(name: str, default: str | None = None) -> str | None:
    return os.environ.get(f"KINTSUGI_{name}", default)


def add_kintsugi_args(p: argparse.ArgumentParser) -> None:
    """Adds kintsugi's own flags (each also read from ``KINTSUGI_<NAME>``).

    Numeric defaults stay strings: argparse converts them with ``type``, so a bad environment
    value is reported like a bad flag, in one line.
    """
    g = p.add_argument_group("kintsugi")
    g.add_argument(
        "--node-name", default=_env("NODE_NAME"), help="this node's name (default: hostname)"
    )
    g.add_argument(
        "--run-dir",
        default=_env("RUN_DIR"),
        help="logs, stacks, checkpoints, events (default: ./kintsugi_runs/RUN_ID)",
    )
    g.add_argument(
        "--store",
        default=_env("STORE"),
        help="event store URL: sqlite:///PATH or postgresql://... (default: RUN_DIR/events.db)",
    )
    g.add_argument(
        "--inject",
        action="append",
        default=[_env("INJECT")] if _env("INJECT") else [],
        help="fault to inject, e.g. kill:step=30,rank=1 (repeatable; see docs/fault-injection.md)",
    )
    g.add_argument(
        "--hang-factor",
        type=float,
        default=_env("HANG_FACTOR", "3"),
        help="hang limit = factor x p99 step time (default 3)",
    )
    g.add_argument(
        "--hang-floor-seconds",
        type=float,
        default=_env("HANG_FLOOR_SECONDS", "10"),
        help="the learned hang limit is never below this (default 10 s)",
    )
    g.add_argument(
        "--startup-timeout-seconds",
        type=float,
        default=_env("STARTUP_TIMEOUT_SECONDS", "600"),
        help="limit before the first step of an attempt (default 600 s)",
    )
    g.add_argument(
        "--section-timeout",
        action="append",
        default=[],
        metavar="NAME=SECONDS",
        help="limit for a named section, e.g. checkpoint=300 (repeatable)",
    )
    g.add_argument(
        "--max-no-progress",
        type=int,
        default=_env("MAX_NO_PROGRESS", "3"),
        help="stop after this many attempts in a row without progress (default 3)",
    )
    g.add_argument(
        "--backoff-seconds",
        type=float,
        default=_env("BACKOFF_SECONDS", "0.5"),
        help="back-off before a repeated restart, doubling (default 0.5 s)",
    )
    g.add_argument(
        "--step-sample-seconds",
        type=float,
        default=_env("STEP_SAMPLE_SECONDS", "1"),
        help="store a step event at most this often per rank (default 1 s)",
    )
    g.add_argument(
        "--alert", default=_env("ALERT", "log"), help="alert sinks: log,webhook=URL (default log)"
    )
    g.add_argument(
        "--checkpoint-dir",
        default=_env("CHECKPOINT_DIR"),
        help="where kintsugi.save_checkpoint writes (default RUN_DIR/checkpoints)",
    )
    g.add_argument(
        "--no-warm-standby",
        action="store_true",
        default=bool(_env("NO_WARM_STANDBY")),
        help="restart with cold processes instead of pre-imported standby interpreters",
    )
    g.add_argument(
        "--no-report",
        action="store_true",
        default=bool(_env("NO_REPORT")),
        help="do not print the report at the end",
    )


def build_parser() -> argparse.ArgumentParser:
    from torch.distributed.run import get_args_parser

    from kintsugi.cli import _Parser

    torch_parser = get_args_parser()
    parser = _Parser(
        prog="kintsugi run",
        description="torchrun, supervised: detects crashes and hangs, restarts from the "
        "newest checkpoint, records every event. Takes torchrun's arguments plus these.",
        parents=[torch_parser],
        add_help=False,
        conflict_handler="resolve",
    )
    parser.add_argument("-h", "--help", action="help", help="show this help and exit")
    parser.set_defaults(max_restarts=int(os.environ.get("PET_MAX_RESTARTS", DEFAULT_MAX_RESTARTS)))
    add_kintsugi_args(parser)
    return parser


def parse(argv: Sequence[str]) -> tuple[argparse.Namespace, AgentConfig]:
    """Parses ``kintsugi run`` arguments into torchrun's namespace and our config.

    Raises:
        UserError: a bad flag, a missing script, a bad spec or an unusable run directory.
    """
    args = build_parser().parse_args(list(argv))
    if not args.training_script:  # pragma: no cover - argparse requires it
        raise UserError(
            "kintsugi run: no training script given (usage: kintsugi run [OPTIONS] SCRIPT [ARGS])"
        )
    if not args.module and not args.no_python and not Path(args.training_script).is_file():
        raise UserError(f"kintsugi run: training script not found: {args.training_script}")
    if args.standalone or (
        args.rdzv_backend == "static"
        and not args.rdzv_endpoint
        and args.master_port is None
        and args.nnodes in ("1", "1:1")
    ):
        args.rdzv_backend = "c10d"
        args.rdzv_endpoint = "localhost:0"
        if args.standalone or args.rdzv_id == "none":
            args.rdzv_id = str(uuid.uuid4())[:8]
    run_id = args.rdzv_id if args.rdzv_id != "none" else str(uuid.uuid4())[:8]
    args.rdzv_id = run_id
    node = args.node_name or socket.gethostname()
    run_dir = Path(args.run_dir or Path("kintsugi_runs") / run_id).resolve()
    faults: list[inject.Fault] = []
    spec = ";".join(s for s in args.inject if s)
    if spec:
        try:
            faults = inject.parse(spec)
        except inject.SpecError as e:
            raise UserError(f"kintsugi run: --inject: {e}") from None
    from kintsugi.notify import build_sinks

    build_sinks(args.alert)  # fails now, with one line, rather than at the first alert
    sections: dict[str, float] = {}
    for item in args.section_timeout:
        name, eq, value = item.partition("=")
        try:
            sections[name] = float(value)
        except ValueError:
            raise UserError(
                f"kintsugi run: --section-timeout expects NAME=SECONDS, got {item!r}"
            ) from None
        if not eq or not name or sections[name] <= 0:
            raise UserError(f"kintsugi run: --section-timeout expects NAME=SECONDS>0, got {item!r}")
    try:
        config = AgentConfig(
            run_id=run_id,
            node=node,
            run_dir=run_dir,
            store_url=args.store or f"sqlite:///{run_dir / 'events.db'}",
            faults=faults,
            inject_spec=spec,
            hang=HangConfig(
                factor=args.hang_factor,
                floor_s=args.hang_floor_seconds,
                startup_s=args.startup_timeout_seconds,
                section_s=sections,
            ),
            policy=PolicyConfig(
                max_restarts=args.max_restarts,
                max_no_progress=args.max_no_progress,
                backoff_s=args.backoff_seconds,
                can_exclude=_max_nodes(args.nnodes) > 1,
            ),
            monitor_interval_s=args.monitor_interval,
            step_sample_s=args.step_sample_seconds,
            alert=args.alert,
            checkpoint_dir=Path(args.checkpoint_dir).resolve() if args.checkpoint_dir else None,
            quiet=args.no_report,
            warm_standby=not args.no_warm_standby,
            max_nodes=_max_nodes(args.nnodes),
        )
    except ValueError as e:
        raise UserError(f"kintsugi run: {e}") from None
    if args.store:
        check_store(args.store)
    # Created last: a command line with any mistake in it leaves nothing behind.
    try:
        run_dir.mkdir(parents=True, exist_ok=True)
        probe = run_dir / f".write-test-{os.getpid()}"
        probe.write_text("")
        probe.unlink()
    except OSError as e:
        raise UserError(
            f"kintsugi run: run directory {run_dir} is not writable: {e.strerror}"
        ) from None
    # Logs go to the run directory (and still to the console) unless the user chose otherwise.
    if args.log_dir is None:
        args.log_dir = str(run_dir / "logs" / node)
    if args.redirects == "0" and args.tee == "0":
        args.redirects = "3"
        args.tee = "3"
    return args, config


def _max_nodes(nnodes: str) -> int:
    try:
        return int(str(nnodes).split(":")[-1])
    except ValueError:
        raise UserError(f"kintsugi run: --nnodes expects N or MIN:MAX, got {nnodes!r}") from None


def check_store(url: str) -> None:
    """Fails fast, with one line, on a store URL that cannot work at all."""
    from kintsugi.store import StoreError, StoreUnavailable, open_store

    try:
        open_store(url).close()
    except StoreUnavailable as e:
        # A server that is down now is not fatal: events are spooled and delivered later.
        log.warning("kintsugi: event store unavailable at start, spooling events: %s", e)
    except StoreError as e:
        raise UserError(f"kintsugi run: --store: {e}") from None


def main(argv: Sequence[str]) -> int:
    """Runs the job; returns the exit code."""
    args, config = parse(argv)
    from kintsugi.agent.runner import run_agent

    return run_agent(args, config)


def print_error(msg: str) -> None:
    print(f"kintsugi: {msg}", file=sys.stderr)


__all__: list[Any] = ["build_parser", "main", "parse"]
