"""Flags of ``kintsugi plan`` and ``kintsugi simulate``, and how each finds its value:
the command line, then ``KINTSUGI_<FLAG>``, then the ``--config`` TOML file, then a default.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kintsugi import settings
from kintsugi.errors import UserError
from kintsugi.settings import (
    CONFIG_OPT,
    Opt,
    at_most,
    nonneg_float,
    nonneg_int,
    positive_float,
    positive_int,
)

# Beyond these the models overflow or the simulation cannot fit in memory: refuse in one line.
_GPUS = at_most(positive_int, 100_000_000, "a hundred million GPUs")
_SECONDS = at_most(nonneg_float, 1e9, "about 30 years")
_HOURS = at_most(positive_float, 1e9, "far beyond any part's life")
_RUNS = at_most(positive_int, 1_000_000, "more runs do not sharpen the estimate")
_DAYS = at_most(positive_float, 36_500, "a hundred years")


@dataclass(frozen=True, kw_only=True, slots=True)
class PlanOpt:
    """A flag and the commands (``plan``, ``simulate``) that take it."""

    opt: Opt
    commands: tuple[str, ...] = ("plan", "simulate")


def _o(commands: tuple[str, ...] = ("plan", "simulate"), **kw: Any) -> PlanOpt:
    return PlanOpt(opt=Opt(**kw), commands=commands)


RATE_FLAGS = (
    "gpu_mtbf_hours",
    "node_failures_per_1000_days",
    "job_mtbf_hours",
    "from_store",
    "from_trace",
)
DEFAULT_GPU_MTBF_H = 50_000.0
SIM = ("simulate",)

OPTIONS: tuple[PlanOpt, ...] = (
    PlanOpt(opt=CONFIG_OPT),
    _o(flag="--gpus", type=_GPUS, help="GPUs in the job", metavar="N"),
    _o(
        flag="--gpus-per-node",
        type=at_most(positive_int, 4096, "larger than any node"),
        default=8,
        help="GPUs per node (default 8)",
        metavar="N",
    ),
    _o(
        flag="--gpu-mtbf-hours",
        type=_HOURS,
        metavar="H",
        help=f"per-GPU MTBF in hours (default {DEFAULT_GPU_MTBF_H:,.0f}, Epoch AI's H100 figure)",
    ),
    _o(
        flag="--node-failures-per-1000-days",
        type=at_most(nonneg_float, 1e6, "every node failing every few seconds"),
        metavar="R",
        help="failures per 1,000 node-days (Kokolis et al.'s r_f x 1000)",
    ),
    _o(
        flag="--job-mtbf-hours",
        type=_HOURS,
        metavar="H",
        help="MTBF of the whole job in hours",
    ),
    _o(
        flag="--from-store",
        type=str,
        metavar="URL",
        help="fit failure rates per category from the incidents in this store",
    ),
    _o(
        flag="--from-trace",
        type=Path,
        metavar="PATH",
        help="fit per-GPU lifetimes from a Titan-format trace (gc_full.csv or its folder)",
    ),
    _o(
        flag="--taxonomy",
        type=str,
        default="llama3",
        metavar="NAME",
        help="failure taxonomy: llama3 (default), single, software",
    ),
    _o(
        flag="--checkpoint-seconds",
        type=_SECONDS,
        metavar="S",
        help="blocking cost of one checkpoint save (0 = non-blocking)",
    ),
    _o(
        flag="--checkpoint-gb-per-gpu",
        type=nonneg_float,
        metavar="GB",
        help="checkpoint size per GPU; with --storage-gbps gives the blocking cost",
    ),
    _o(
        flag="--storage-gbps",
        type=nonneg_float,
        default=2000.0,
        metavar="GBPS",
        help="storage bandwidth in GB/s shared by all nodes (default 2000, Llama 3's)",
    ),
    _o(
        flag="--restore-seconds",
        type=_SECONDS,
        default=0.0,
        metavar="S",
        help="time to load a checkpoint after a restart",
    ),
    _o(
        flag="--detection-seconds",
        type=_SECONDS,
        default=0.0,
        metavar="S",
        help="time from a failure to the restart decision",
    ),
    _o(
        flag="--restart-seconds",
        type=_SECONDS,
        default=0.0,
        metavar="S",
        help="time to relaunch, excluding detection",
    ),
    _o(
        flag="--spare-nodes",
        type=at_most(nonneg_int, 10_000_000, "more spares than any fleet"),
        metavar="N",
        help="spare nodes in the pool (default: a replacement is always at hand)",
    ),
    _o(
        flag="--repair-hours",
        type=nonneg_float,
        default=24.0,
        metavar="H",
        help="time for a failed node to return to the spare pool (default 24)",
    ),
    _o(
        flag="--interval-seconds",
        type=_SECONDS,
        metavar="S",
        help="evaluate this checkpoint interval instead of the optimum",
    ),
    _o(
        flag="--plot",
        type=Path,
        metavar="PREFIX",
        help="write PREFIX.png, PREFIX.svg and PREFIX.csv (the curve's data)",
    ),
    _o(flag="--json", type=None, help="print one JSON object instead of tables"),
    _o(
        flag="--runs",
        type=_RUNS,
        default=1000,
        commands=SIM,
        metavar="N",
        help="simulated runs (default 1000)",
    ),
    _o(
        flag="--days",
        type=_DAYS,
        default=54.0,
        commands=SIM,
        metavar="D",
        help="failure-free compute days each run needs (default 54, Llama 3)",
    ),
    _o(flag="--seed", type=nonneg_int, default=0, commands=SIM, metavar="S", help="random seed"),
    _o(
        flag="--weibull-shape",
        type=nonneg_float,
        commands=SIM,
        metavar="K",
        help="age hardware failures: <1 infant mortality, >1 wear-out (default: none)",
    ),
    _o(
        flag="--fleet-age-days",
        type=nonneg_float,
        default=0.0,
        commands=SIM,
        metavar="D",
        help="hardware age at the start of the run (with --weibull-shape)",
    ),
    _o(
        flag="--repeat-fraction",
        type=nonneg_float,
        default=0.0,
        commands=SIM,
        metavar="P",
        help="chance a hardware failure's node stays and fails again",
    ),
    _o(
        flag="--repeat-mean-hours",
        type=nonneg_float,
        default=6.0,
        commands=SIM,
        metavar="H",
        help="mean time to a repeat failure (default 6)",
    ),
    _o(
        flag="--tier",
        type=str,
        default="storage",
        commands=SIM,
        metavar="TIER",
        help="checkpoint tier: storage (flags above) or memory (peer replicas)",
    ),
    _o(
        flag="--peer-gbps",
        type=nonneg_float,
        default=25.0,
        commands=SIM,
        metavar="GBPS",
        help="per-node bandwidth to peer memory in GB/s (memory tier)",
    ),
    _o(
        flag="--replicas",
        type=positive_int,
        default=2,
        commands=SIM,
        metavar="M",
        help="in-memory copies of each shard, own included (memory tier, default 2)",
    ),
    _o(
        flag="--correlated-fraction",
        type=nonneg_float,
        default=0.05,
        commands=SIM,
        metavar="P",
        help="chance a node loss also takes its replica's node (memory tier)",
    ),
    _o(
        flag="--sweep",
        type=str,
        commands=SIM,
        metavar="PARAM=V1,V2,...",
        help="simulate once per value: interval, spares, detection or replicas",
    ),
    _o(
        flag="--compare-tiers",
        type=None,
        commands=SIM,
        help="compare storage vs memory checkpoints at 1k, 16k and 100k GPUs",
    ),
    _o(flag="--no-progress", type=None, commands=SIM, help="hide the progress bar"),
)


def options(command: str) -> list[Opt]:
    """The flags of ``command``."""
    return [p.opt for p in OPTIONS if command in p.commands]


def add_options(parser: argparse.ArgumentParser, command: str) -> None:
    """Adds the flags of ``command`` (see :mod:`kintsugi.settings`)."""
    settings.add_options(parser, options(command))


def resolve(args: argparse.Namespace, command: str) -> argparse.Namespace:
    """Fills every flag from the command line, the environment, the config file and the
    defaults, in that order (:func:`kintsugi.settings.resolve`).

    Raises:
        UserError: a bad value, or two failure-rate sources in one layer.
    """
    opts = options(command)
    by_dest = {o.dest: o for o in opts}
    cli = [d for d in RATE_FLAGS if getattr(args, d, None) is not None]
    env = [d for d in RATE_FLAGS if by_dest[d].env in os.environ]
    for given, name in ((cli, "the command line"), (env, "the environment")):
        if len(given) > 1:
            flags = ", ".join("--" + d.replace("_", "-") for d in given)
            raise UserError(f"{name} gives several failure rates ({flags}); keep one")
    out = settings.resolve(args, opts, command)
    rate = cli[0] if cli else env[0] if env else None
    if rate is None:
        from_config = [d for d in RATE_FLAGS if getattr(out, d) is not None]
        if len(from_config) > 1:
            flags = ", ".join("--" + d.replace("_", "-") for d in from_config)
            raise UserError(f"the config gives several failure rates ({flags}); keep one")
        rate = from_config[0] if from_config else None
    for d in RATE_FLAGS:
        if d != rate:
            setattr(out, d, None)
    if rate is None:
        out.gpu_mtbf_hours = DEFAULT_GPU_MTBF_H
    return out
