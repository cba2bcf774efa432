"""Flags of ``kintsugi plan`` and ``kintsugi simulate``, and how each finds its value:
the command line, then ``KINTSUGI_<FLAG>``, then the ``--config`` TOML file, then a default.
"""

from __future__ import annotations

import argparse
import os
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kintsugi.errors import UserError

ENV_PREFIX = "KINTSUGI_"


@dataclass(frozen=True, kw_only=True, slots=True)
class Opt:
    """One flag: its name, type, default and help."""

    flag: str
    type: Callable[[str], Any] | None
    """Parser for the value; None for an on/off switch."""
    help: str
    default: Any = None
    commands: tuple[str, ...] = ("plan", "simulate")
    metavar: str | None = None

    @property
    def dest(self) -> str:
        return self.flag.lstrip("-").replace("-", "_")

    @property
    def env(self) -> str:
        return ENV_PREFIX + self.dest.upper()


RATE_FLAGS = (
    "gpu_mtbf_hours",
    "node_failures_per_1000_days",
    "job_mtbf_hours",
    "from_store",
    "from_trace",
)
DEFAULT_GPU_MTBF_H = 50_000.0
SIM = ("simulate",)

OPTIONS: tuple[Opt, ...] = (
    Opt(flag="--config", type=Path, help="TOML file with defaults for these flags", metavar="PATH"),
    Opt(flag="--gpus", type=int, help="GPUs in the job", metavar="N"),
    Opt(flag="--gpus-per-node", type=int, default=8, help="GPUs per node (default 8)", metavar="N"),
    Opt(
        flag="--gpu-mtbf-hours",
        type=float,
        metavar="H",
        help=f"per-GPU MTBF in hours (default {DEFAULT_GPU_MTBF_H:,.0f}, Epoch AI's H100 figure)",
    ),
    Opt(
        flag="--node-failures-per-1000-days",
        type=float,
        metavar="R",
        help="failures per 1,000 node-days (Kokolis et al.'s r_f x 1000)",
    ),
    Opt(flag="--job-mtbf-hours", type=float, metavar="H", help="MTBF of the whole job in hours"),
    Opt(
        flag="--from-store",
        type=str,
        metavar="URL",
        help="fit failure rates per category from the incidents in this store",
    ),
    Opt(
        flag="--from-trace",
        type=Path,
        metavar="PATH",
        help="fit per-GPU lifetimes from a Titan-format trace (gc_full.csv or its folder)",
    ),
    Opt(
        flag="--taxonomy",
        type=str,
        default="llama3",
        metavar="NAME",
        help="failure taxonomy: llama3 (default), single, software",
    ),
    Opt(
        flag="--checkpoint-seconds",
        type=float,
        metavar="S",
        help="blocking cost of one checkpoint save (0 = non-blocking)",
    ),
    Opt(
        flag="--checkpoint-gb-per-gpu",
        type=float,
        metavar="GB",
        help="checkpoint size per GPU; with --storage-gbps gives the blocking cost",
    ),
    Opt(
        flag="--storage-gbps",
        type=float,
        default=2000.0,
        metavar="GBPS",
        help="storage bandwidth in GB/s shared by all nodes (default 2000, Llama 3's)",
    ),
    Opt(
        flag="--restore-seconds",
        type=float,
        default=0.0,
        metavar="S",
        help="time to load a checkpoint after a restart",
    ),
    Opt(
        flag="--detection-seconds",
        type=float,
        default=0.0,
        metavar="S",
        help="time from a failure to the restart decision",
    ),
    Opt(
        flag="--restart-seconds",
        type=float,
        default=0.0,
        metavar="S",
        help="time to relaunch, excluding detection",
    ),
    Opt(
        flag="--spare-nodes",
        type=int,
        metavar="N",
        help="spare nodes in the pool (default: a replacement is always at hand)",
    ),
    Opt(
        flag="--repair-hours",
        type=float,
        default=24.0,
        metavar="H",
        help="time for a failed node to return to the spare pool (default 24)",
    ),
    Opt(
        flag="--interval-seconds",
        type=float,
        metavar="S",
        help="evaluate this checkpoint interval instead of the optimum",
    ),
    Opt(
        flag="--plot",
        type=Path,
        metavar="PREFIX",
        help="write PREFIX.png, PREFIX.svg and PREFIX.csv (the curve's data)",
    ),
    Opt(flag="--json", type=None, help="print one JSON object instead of tables"),
    Opt(
        flag="--runs",
        type=int,
        default=1000,
        commands=SIM,
        metavar="N",
        help="simulated runs (default 1000)",
    ),
    Opt(
        flag="--days",
        type=float,
        default=54.0,
        commands=SIM,
        metavar="D",
        help="failure-free compute days each run needs (default 54, Llama 3)",
    ),
    Opt(flag="--seed", type=int, default=0, commands=SIM, metavar="S", help="random seed"),
    Opt(
        flag="--weibull-shape",
        type=float,
        commands=SIM,
        metavar="K",
        help="age hardware failures: <1 infant mortality, >1 wear-out (default: none)",
    ),
    Opt(
        flag="--fleet-age-days",
        type=float,
        default=0.0,
        commands=SIM,
        metavar="D",
        help="hardware age at the start of the run (with --weibull-shape)",
    ),
    Opt(
        flag="--repeat-fraction",
        type=float,
        default=0.0,
        commands=SIM,
        metavar="P",
        help="chance a hardware failure's node stays and fails again",
    ),
    Opt(
        flag="--repeat-mean-hours",
        type=float,
        default=6.0,
        commands=SIM,
        metavar="H",
        help="mean time to a repeat failure (default 6)",
    ),
    Opt(
        flag="--tier",
        type=str,
        default="storage",
        commands=SIM,
        metavar="TIER",
        help="checkpoint tier: storage (flags above) or memory (peer replicas)",
    ),
    Opt(
        flag="--peer-gbps",
        type=float,
        default=25.0,
        commands=SIM,
        metavar="GBPS",
        help="per-node bandwidth to peer memory in GB/s (memory tier)",
    ),
    Opt(
        flag="--replicas",
        type=int,
        default=2,
        commands=SIM,
        metavar="M",
        help="in-memory copies of each shard, own included (memory tier, default 2)",
    ),
    Opt(
        flag="--correlated-fraction",
        type=float,
        default=0.05,
        commands=SIM,
        metavar="P",
        help="chance a node loss also takes its replica's node (memory tier)",
    ),
    Opt(
        flag="--sweep",
        type=str,
        commands=SIM,
        metavar="PARAM=V1,V2,...",
        help="simulate once per value: interval, spares, detection or replicas",
    ),
    Opt(
        flag="--compare-tiers",
        type=None,
        commands=SIM,
        help="compare storage vs memory checkpoints at 1k, 16k and 100k GPUs",
    ),
    Opt(flag="--no-progress", type=None, commands=SIM, help="hide the progress bar"),
)
_BY_DEST = {o.dest: o for o in OPTIONS}


def add_options(parser: argparse.ArgumentParser, command: str) -> None:
    """Adds the flags of ``command``; every default is None so the layers can be told apart."""
    for o in OPTIONS:
        if command not in o.commands:
            continue
        help_ = f"{o.help} [env {o.env}]"
        if o.type is None:
            parser.add_argument(o.flag, action="store_true", default=None, help=help_)
        else:
            parser.add_argument(o.flag, type=o.type, default=None, metavar=o.metavar, help=help_)


def _parse(o: Opt, text: str, where: str) -> Any:
    if o.type is None:
        low = text.strip().lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off", ""):
            return False
        raise UserError(f"{where}={text!r} is not a boolean; use 1 or 0")
    try:
        return o.type(text)
    except ValueError:
        raise UserError(f"{where}={text!r} is not a valid value for {o.flag}") from None


def _toml(path: Path, command: str) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise UserError(f"cannot read config {path}: {e.strerror}") from e
    except tomllib.TOMLDecodeError as e:
        raise UserError(f"config {path} is not valid TOML: {e}") from e
    # A shared kintsugi config keeps our keys under [plan] / [simulate]; then only that
    # table is read. A file without those tables is ours alone: its top level is read.
    section = data.get(command)
    if isinstance(section, dict):
        flat = section
    elif any(isinstance(data.get(c), dict) for c in ("plan", "simulate")):
        flat = {}
    else:
        flat = {k: v for k, v in data.items() if not isinstance(v, dict)}
    out = {}
    for key, value in flat.items():
        dest = key.replace("-", "_")
        o = _BY_DEST.get(dest)
        if o is None or command not in o.commands or dest == "config":
            raise UserError(f"config {path}: unknown key {key!r}; keys are the flag names")
        out[dest] = _parse(o, str(value), f"{path}: {key}")
    return out


def resolve(args: argparse.Namespace, command: str) -> argparse.Namespace:
    """Fills every flag not given on the command line from the environment, the config
    file and the defaults, in that order.

    Raises:
        UserError: a bad environment or config value, or two failure-rate sources in one layer.
    """
    cli = {
        o.dest: getattr(args, o.dest)
        for o in OPTIONS
        if command in o.commands and getattr(args, o.dest, None) is not None
    }
    env = {
        o.dest: _parse(o, os.environ[o.env], o.env)
        for o in OPTIONS
        if command in o.commands and o.env in os.environ and o.dest not in cli
    }
    config = cli.get("config", env.get("config"))
    toml = _toml(config, command) if config is not None else {}
    rate = None
    for layer, name in ((cli, "the command line"), (env, "the environment"), (toml, "the config")):
        given = [d for d in RATE_FLAGS if layer.get(d) is not None]
        if len(given) > 1:
            flags = ", ".join("--" + d.replace("_", "-") for d in given)
            raise UserError(f"{name} gives several failure rates ({flags}); keep one")
        if given and rate is None:
            rate = given[0]
    out = argparse.Namespace(**vars(args))
    for o in OPTIONS:
        if command not in o.commands:
            continue
        value = cli.get(o.dest, env.get(o.dest, toml.get(o.dest, o.default)))
        if o.dest in RATE_FLAGS and o.dest != rate:
            value = None
        setattr(out, o.dest, value)
    if rate is None:
        out.gpu_mtbf_hours = DEFAULT_GPU_MTBF_H
    out.json = bool(out.json)
    return out
