"""Registers ``kintsugi run``."""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: argparse._SubParsersAction[Any]) -> None:
    p = sub.add_parser(
        "run",
        add_help=False,
        help="run a torchrun job under kintsugi (torchrun's flags plus kintsugi's; see run --help)",
        description="Run a torchrun job under kintsugi.",
    )
    # kintsugi.cli hands ``run``'s arguments to kintsugi.agent.launch.main untouched.
    p.add_argument("argv", nargs=argparse.REMAINDER)
