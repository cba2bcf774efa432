"""kintsugi keeps distributed PyTorch training productive while hardware and software fail.

Each subsystem contributes its sub-commands through ``register(subparsers)`` in its own
``cli`` module; this file only wires them and turns user errors into one line and exit 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from kintsugi.errors import UserError

# Sub-command providers, each a module with ``register(subparsers) -> None``.
_PROVIDERS = (
    "kintsugi.agent.cli",
    "kintsugi.report.cli",
    "kintsugi.demo.cli",
    "kintsugi.diagnose.cli",
    "kintsugi.plan.cli",
    "kintsugi.health.cli",
    "kintsugi.recover.cli",
    "kintsugi.telemetry.cli",
    "kintsugi.rendezvous.cli",
    "kintsugi.web.cli",
)


# Commands that parse their own arguments (``run`` takes torchrun's whole command line, which
# argparse cannot pass through a sub-parser intact).
_RAW = {"run": "kintsugi.agent.launch"}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # argparse prints usage plus the message; one line is what a user needs.
        raise UserError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="kintsugi", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--version", action="version", version="kintsugi 0.1.0")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in _PROVIDERS:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] in _RAW:
            return int(importlib.import_module(_RAW[argv[0]]).main(argv[1:]))
        parser = build_parser()
        args, rest = parser.parse_known_args(argv)
        func: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
        if func is None:
            parser.print_help()
            return 2
        if rest and not getattr(args, "accepts_extra", False):
            raise UserError(f"kintsugi {args.command}: unrecognized arguments: {' '.join(rest)}")
        if rest:
            args.extra = rest
        return func(args)
    except UserError as e:
        print(f"kintsugi: error: {e}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        print("kintsugi: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
