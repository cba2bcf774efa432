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
from kintsugi.agent.node_health import NodeHealthConfig
from kintsugi.agent.progress import HangConfig
from kintsugi.errors import UserError
from kintsugi.health import HealthConfig
from kintsugi.recover.policy import PolicyConfig
from kintsugi.runtime import inject
from kintsugi.settings import (
    CONFIG_OPT,
    Opt,
    add_options,
    nonneg_float,
    positive_float,
    positive_int,
    resolve,
)
from kintsugi.telemetry import TelemetryConfig

log = logging.getLogger("kintsugi.agent")

DEFAULT_MAX_RESTARTS = 10


def _section(text: str) -> tuple[str, float]:
    name, eq, value = text.partition("=")
    if not eq or not name.strip():
        raise ValueError("expects NAME=SECONDS")
    return name.strip(), positive_float(value)


RUN_OPTIONS: tuple[Opt, ...] = (
    CONFIG_OPT,
    Opt(flag="--node-name", type=str, metavar="NAME", help="this node's name (default: hostname)"),
    Opt(
        flag="--run-dir",
        type=str,
        metavar="DIR",
        help="logs, stacks, checkpoints, events (default: ./kintsugi_runs/RUN_ID)",
    ),
    Opt(
        flag="--store",
        type=str,
        metavar="URL",
        help="event store URL: sqlite:///PATH or postgresql://... (default: RUN_DIR/events.db)",
    ),
    Opt(
        flag="--inject",
        type=str,
        repeat=True,
        default=[],
        metavar="SPEC",
        help="fault to inject, e.g. kill:step=30,rank=1 (repeatable; see docs/fault-injection.md)",
    ),
    Opt(
        flag="--hang-factor",
        type=positive_float,
        default=3.0,
        metavar="F",
        help="hang limit = factor x p99 step time (default 3)",
    ),
    Opt(
        flag="--hang-floor-seconds",
        type=positive_float,
        default=10.0,
        metavar="S",
        help="the learned hang limit is never below this (default 10 s)",
    ),
    Opt(
        flag="--startup-timeout-seconds",
        type=positive_float,
        default=600.0,
        metavar="S",
        help="limit before the first step of an attempt (default 600 s)",
    ),
    Opt(
        flag="--section-timeout",
        type=_section,
        repeat=True,
        default=[],
        metavar="NAME=SECONDS",
        help="limit for a named section, e.g. checkpoint=300 (repeatable)",
    ),
    Opt(
        flag="--max-no-progress",
        type=positive_int,
        default=3,
        metavar="N",
        help="stop after this many attempts in a row without progress (default 3)",
    ),
    Opt(
        flag="--backoff-seconds",
        type=nonneg_float,
        default=0.5,
        metavar="S",
        help="back-off before a repeated restart, doubling (default 0.5 s)",
    ),
    Opt(
        flag="--step-sample-seconds",
        type=nonneg_float,
        default=1.0,
        metavar="S",
        help="store a step event at most this often per rank (default 1 s)",
    ),
    Opt(
        flag="--alert",
        type=str,
        default="log",
        metavar="SINKS",
        help="alert sinks: log,webhook=URL (default log)",
    ),
    Opt(
        flag="--checkpoint-dir",
        type=str,
        metavar="DIR",
        help="where kintsugi.save_checkpoint writes (default RUN_DIR/checkpoints)",
    ),
    Opt(
        flag="--no-warm-standby",
        type=None,
        help="restart with cold processes instead of pre-imported standby interpreters",
    ),
    Opt(flag="--no-report", type=None, help="do not print the report at the end"),
    Opt(
        flag="--health-interval-seconds",
        type=nonneg_float,
        default=300.0,
        metavar="S",
        help="run the level 1 health checks this often while training (default 300; 0: never)",
    ),
    Opt(
        flag="--no-health-checks",
        type=None,
        help="no prolog, periodic or epilog health checks on this node",
    ),
    Opt(
        flag="--scheduler",
        type=str,
        default="local",
        metavar="NAME",
        help="who is told of a bad node: local (the store only) or slurm (drain/resume)",
    ),
    Opt(
        flag="--telemetry-interval-seconds",
        type=nonneg_float,
        default=10.0,
        metavar="S",
        help="sample host and GPU telemetry this often (default 10; 0: no samplers)",
    ),
    Opt(
        flag="--kernel-log",
        type=str,
        default="auto",
        metavar="SOURCE",
        help="follow XIDs and machine checks in: auto, journal, dmesg, a file, or none",
    ),
    Opt(
        flag="--no-telemetry",
        type=None,
        help="no telemetry at all: no samplers, XID watcher or kernel log",
    ),
    Opt(
        flag="--no-auto-progress",
        type=None,
        help="do not hook progress into scripts that never call kintsugi.step()",
    ),
)


def add_kintsugi_args(p: argparse.ArgumentParser) -> None:
    """Adds kintsugi's own flags (see :mod:`kintsugi.settings` for where values come from)."""
    add_options(p.add_argument_group("kintsugi"), RUN_OPTIONS)


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
    args = resolve(build_parser().parse_args(list(argv)), RUN_OPTIONS, "run")
    _check_torchrun_numbers(args)
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
        from kintsugi.health import HealthSpecError
        from kintsugi.health.inject import health_parts

        try:
            faults = inject.parse(spec)
            health_parts(spec)
        except (inject.SpecError, HealthSpecError) as e:
            raise UserError(f"kintsugi run: --inject: {e}") from None
    if args.scheduler not in ("local", "slurm"):
        raise UserError(f"kintsugi run: --scheduler {args.scheduler!r}: use local or slurm")
    from kintsugi.notify import build_sinks

    build_sinks(args.alert)  # fails now, with one line, rather than at the first alert
    sections: dict[str, float] = dict(args.section_timeout)
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
            checkpoint_dir=_checkpoint_location(args.checkpoint_dir),
            quiet=args.no_report,
            warm_standby=not args.no_warm_standby,
            auto_progress=not args.no_auto_progress,
            health=None
            if args.no_health_checks
            else NodeHealthConfig(
                interval_s=args.health_interval_seconds,
                scheduler=args.scheduler,
                checks=HealthConfig(
                    rdzv_endpoint=_checkable(args.rdzv_endpoint), inject=spec or None
                ),
            ),
            max_nodes=_max_nodes(args.nnodes),
            telemetry=None
            if args.no_telemetry
            else TelemetryConfig(
                host_interval_s=args.telemetry_interval_seconds,
                gpu_interval_s=args.telemetry_interval_seconds,
                kernel_log=None if args.kernel_log == "none" else args.kernel_log,
            ),
        )
    except ValueError as e:
        raise UserError(f"kintsugi run: {e}") from None
    if args.store:
        check_store(args.store)
    # Created last: a command line with any mistake in it leaves nothing behind.
    try:
        new = not run_dir.exists()
        run_dir.mkdir(parents=True, exist_ok=True)
        if new:
            # Stacks, tracebacks and log tails live here: private, like torch's own logs.
            run_dir.chmod(0o700)
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


def _checkable(endpoint: str | None) -> str | None:
    """The rendezvous endpoint the prolog can probe (not ``localhost:0``: any free port)."""
    if not endpoint or endpoint.rpartition(":")[2] in ("", "0"):
        return None
    return endpoint


def _check_torchrun_numbers(args: argparse.Namespace) -> None:
    """torchrun's own flags that torchrun checks late (after we made the run directory) or
    never (``--monitor-interval nan``)."""
    try:
        finite = positive_float(str(args.monitor_interval))
    except ValueError:
        raise UserError(
            f"kintsugi run: --monitor-interval {args.monitor_interval!r}: must be a finite "
            "number > 0"
        ) from None
    args.monitor_interval = finite
    nproc = str(args.nproc_per_node)
    if nproc not in ("auto", "cpu", "gpu", "xpu"):
        try:
            positive_int(nproc)
        except ValueError:
            raise UserError(
                f"kintsugi run: --nproc-per-node {nproc!r}: give a number >= 1, auto, cpu or gpu"
            ) from None


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


def _checkpoint_location(given: str | None) -> str | None:
    """A directory made absolute (the workers run elsewhere); a URL as given."""
    if not given:
        return None
    return given if "://" in given else str(Path(given).resolve())
