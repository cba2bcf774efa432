"""Flags, ``KINTSUGI_*`` environment variables and config files: one mechanism for every command.

A value comes from the command line, else ``KINTSUGI_<FLAG>``, else the command's table in
the TOML config file (``--config`` or ``KINTSUGI_CONFIG``), else the flag's default. Every
value goes through the same parser wherever it came from, so ``nan`` or ``abc`` is refused in
one line whether it was typed or exported, and booleans mean the same thing everywhere.
"""

from __future__ import annotations

import argparse
import math
import os
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kintsugi.errors import UserError

ENV_PREFIX = "KINTSUGI_"
ENV_CONFIG = "KINTSUGI_CONFIG"
_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off", ""})


def parse_bool(text: str) -> bool:
    """``1/true/yes/on`` or ``0/false/no/off/''`` (any case).

    Raises:
        ValueError: anything else.
    """
    low = text.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    raise ValueError("not a boolean; use 1 or 0")


def finite_float(text: str) -> float:
    """A float that is neither NaN nor infinite."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("must be a finite number")
    return value


def nonneg_float(text: str) -> float:
    """A finite float >= 0."""
    value = finite_float(text)
    if value < 0:
        raise ValueError("must be >= 0")
    return value


def positive_float(text: str) -> float:
    """A finite float > 0."""
    value = finite_float(text)
    if value <= 0:
        raise ValueError("must be > 0")
    return value


def nonneg_int(text: str) -> int:
    """An integer >= 0."""
    value = int(text)
    if value < 0:
        raise ValueError("must be >= 0")
    return value


def positive_int(text: str) -> int:
    """An integer >= 1."""
    value = int(text)
    if value < 1:
        raise ValueError("must be >= 1")
    return value


def port(text: str) -> int:
    """A TCP port, 0 (any free port) to 65535."""
    value = int(text)
    if not 0 <= value <= 65535:
        raise ValueError("must be a port number from 0 to 65535")
    return value


def at_most(parse: Callable[[str], Any], limit: float, why: str) -> Callable[[str], Any]:
    """``parse``, refusing values above ``limit`` (what cannot be computed or fit in memory)."""

    def bounded(text: str) -> Any:
        value = parse(text)
        if value > limit:
            raise ValueError(f"must be at most {limit:g} ({why})")
        return value

    bounded.__name__ = getattr(parse, "__name__", "value")
    return bounded


@dataclass(frozen=True, kw_only=True, slots=True)
class Opt:
    """One flag of a command.

    Attributes:
        flag: ``--name-like-this``.
        type: parses one value from text; None makes an on/off switch.
        help: one line for ``--help`` and the docs.
        default: the value when no layer gives one.
        metavar: the placeholder in ``--help``.
        repeat: the flag may be given several times (a list; the variable separates by ``;``).
        env_name: the variable, if not ``KINTSUGI_<FLAG>``.
    """

    flag: str
    type: Callable[[str], Any] | None
    help: str
    default: Any = None
    metavar: str | None = None
    repeat: bool = False
    env_name: str | None = None

    @property
    def dest(self) -> str:
        return self.flag.lstrip("-").replace("-", "_")

    @property
    def env(self) -> str:
        return self.env_name or ENV_PREFIX + self.dest.upper()

    def parse(self, text: str, where: str) -> Any:
        """Parses one value; ``where`` names its origin for the error line.

        Raises:
            UserError: the value is not valid for this flag.
        """
        parser: Callable[[str], Any] = self.type if self.type is not None else parse_bool
        try:
            return parser(text)
        except (ValueError, TypeError, argparse.ArgumentTypeError) as e:
            why = str(e) if _plain(e) else f"not a valid {_kind(parser)}"
            if where == self.flag:
                raise UserError(f"{self.flag} {text!r}: {why}") from None
            raise UserError(f"{where}={text!r} is not valid for {self.flag}: {why}") from None


def _plain(e: Exception) -> bool:
    # float("x") says "could not convert string to float: 'x'": ours say what is expected.
    msg = str(e)
    return bool(msg) and "could not convert" not in msg and "invalid literal" not in msg


def _kind(parser: Callable[[str], Any]) -> str:
    name = getattr(parser, "__name__", "")
    return "integer" if name.endswith("int") else "number" if "float" in name else "value"


CONFIG_OPT = Opt(
    flag="--config",
    type=Path,
    metavar="PATH",
    help="TOML file whose [COMMAND] table gives defaults for these flags",
)


def add_options(parser: argparse.ArgumentParser | Any, opts: Iterable[Opt]) -> None:
    """Adds ``opts`` to ``parser`` (or an argument group) with None defaults.

    The value itself is filled in by :func:`resolve`, so the layers can be told apart.
    """
    for o in opts:
        help_ = f"{o.help} [env {o.env}]"
        if o.type is None:
            parser.add_argument(o.flag, action="store_true", default=None, help=help_)
        elif o.repeat:
            parser.add_argument(
                o.flag, action="append", default=None, metavar=o.metavar, help=help_
            )
        else:
            parser.add_argument(o.flag, default=None, metavar=o.metavar, help=help_)


def _from_config(path: Path, command: str, opts: Sequence[Opt]) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise UserError(f"cannot read config {path}: {e.strerror}") from e
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise UserError(f"config {path} is not valid TOML: {e}") from e
    table = data.get(command)
    if table is None:
        # A file without tables belongs to one command: its top level is that command's.
        if any(isinstance(v, dict) for v in data.values()):
            return {}
        table = data
    if not isinstance(table, dict):
        raise UserError(f"config {path}: [{command}] must be a table of flag = value")
    by_dest = {o.dest: o for o in opts}
    out: dict[str, Any] = {}
    for key, value in table.items():
        o = by_dest.get(key.replace("-", "_"))
        if o is None or o is CONFIG_OPT:
            raise UserError(f"config {path}: unknown key {key!r} in [{command}]")
        where = f"{path}: {key}"
        if o.repeat:
            items = value if isinstance(value, list) else [value]
            out[o.dest] = [o.parse(_text(v), where) for v in items]
        else:
            out[o.dest] = o.parse(_text(value), where)
    return out


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def resolve(args: argparse.Namespace, opts: Sequence[Opt], command: str) -> argparse.Namespace:
    """Fills every flag in ``opts`` from the command line, environment, config and default.

    Args:
        args: what argparse returned (flags added by :func:`add_options`).
        opts: the command's flags.
        command: the config file table to read (``[run]``, ``[plan]``, ...).

    Returns:
        A copy of ``args`` with every flag set to its parsed value.

    Raises:
        UserError: a value that does not parse, or an unreadable config file.
    """
    out = argparse.Namespace(**vars(args))
    given: dict[str, Any] = {}
    for o in opts:
        raw = getattr(args, o.dest, None)
        if raw is None:
            continue
        if o.type is None:
            given[o.dest] = bool(raw)
        elif o.repeat:
            given[o.dest] = [o.parse(str(v), o.flag) for v in raw]
        else:
            given[o.dest] = o.parse(str(raw), o.flag)
    env: dict[str, Any] = {}
    for o in opts:
        if o.dest in given or o.env not in os.environ:
            continue
        text = os.environ[o.env]
        if o.repeat:
            env[o.dest] = [o.parse(t, o.env) for t in text.split(";") if t.strip()]
        else:
            env[o.dest] = o.parse(text, o.env)
    config = given.get("config", env.get("config"))
    if config is None and os.environ.get(ENV_CONFIG):
        config = Path(os.environ[ENV_CONFIG])
    toml = _from_config(Path(config), command, opts) if config is not None else {}
    for o in opts:
        default = list(o.default) if isinstance(o.default, list) else o.default
        value = given.get(o.dest, env.get(o.dest, toml.get(o.dest, default)))
        if o.type is None:
            value = bool(value)
        setattr(out, o.dest, value)
    return out
