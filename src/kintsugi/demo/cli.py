"""Registers ``kintsugi demo``."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any


def register(sub: argparse._SubParsersAction[Any]) -> None:
    p = sub.add_parser(
        "demo",
        help="train a small transformer on 2 simulated nodes x 2 ranks under injected faults",
        description="Trains a character-level transformer (CPU, gloo) on two simulated nodes "
        "of two ranks each, kills one rank and hangs another, and shows detection, recovery, "
        "the diagnosis and the report; then checks that the result is bitwise identical to a "
        "fault-free run.",
    )
    p.add_argument(
        "--run-dir",
        type=Path,
        default=os.environ.get("KINTSUGI_DEMO_DIR"),
        help="where the demo writes (default: ./kintsugi_runs/demo-TIME)",
    )
    p.add_argument(
        "--steps",
        type=int,
        default=int(os.environ.get("KINTSUGI_DEMO_STEPS", "200")),
        help="training iterations (default 200)",
    )
    p.add_argument(
        "--inject",
        default=None,
        help="fault schedule (default: kill rank 3 at step 70, then hang rank 0 at step 150)",
    )
    p.add_argument("--no-verify", action="store_true", help="skip the fault-free reference run")
    p.add_argument(
        "--store",
        default=os.environ.get("KINTSUGI_STORE"),
        help="event store URL (default: RUN_DIR/events.db)",
    )
    p.set_defaults(func=_demo)


def _demo(args: argparse.Namespace) -> int:
    from kintsugi.demo.run import DemoConfig, run_demo

    return run_demo(
        DemoConfig(
            run_dir=args.run_dir,
            steps=args.steps,
            inject=args.inject,
            verify=not args.no_verify,
            store=args.store,
        )
    )
