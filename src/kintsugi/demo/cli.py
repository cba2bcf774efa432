"""Registers ``kintsugi demo``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from kintsugi.settings import CONFIG_OPT, Opt, add_options, positive_int, resolve

DEMO_OPTIONS = (
    CONFIG_OPT,
    Opt(
        flag="--run-dir",
        type=Path,
        env_name="KINTSUGI_DEMO_DIR",
        metavar="DIR",
        help="where the demo writes (default: ./kintsugi_runs/demo-TIME)",
    ),
    Opt(
        flag="--steps",
        type=positive_int,
        default=200,
        env_name="KINTSUGI_DEMO_STEPS",
        metavar="N",
        help="training iterations (default 200)",
    ),
    Opt(
        flag="--inject",
        type=str,
        env_name="KINTSUGI_DEMO_INJECT",
        metavar="SPEC",
        help="fault schedule (default: kill rank 3 at step 70, then hang rank 0 at step 150)",
    ),
    Opt(flag="--no-verify", type=None, help="skip the fault-free reference run"),
    Opt(
        flag="--store",
        type=str,
        metavar="URL",
        help="event store URL (default: RUN_DIR/events.db)",
    ),
)


def register(sub: argparse._SubParsersAction[Any]) -> None:
    p = sub.add_parser(
        "demo",
        help="train a small transformer on 2 simulated nodes x 2 ranks under injected faults",
        description="Trains a character-level transformer (CPU, gloo) on two simulated nodes "
        "of two ranks each, kills one rank and hangs another, and shows detection, recovery, "
        "the diagnosis and the report; then checks that the result is bitwise identical to a "
        "fault-free run.",
    )
    add_options(p, DEMO_OPTIONS)
    p.set_defaults(func=_demo)


def _demo(args: argparse.Namespace) -> int:
    from kintsugi.demo.run import DemoConfig, run_demo

    args = resolve(args, DEMO_OPTIONS, "demo")
    return run_demo(
        DemoConfig(
            run_dir=args.run_dir,
            steps=args.steps,
            inject=args.inject,
            verify=not args.no_verify,
            store=args.store,
        )
    )
