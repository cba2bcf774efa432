"""Failure signatures as data: regexes over log lines with a category, layer and action.

Built-ins live in ``signatures/*.toml``; users add files of their own (``--signatures``,
``KINTSUGI_SIGNATURES``). Each pattern also yields literal keywords for a fast prefilter.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import resources
from pathlib import Path
from re import _constants as sre_c  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

from kintsugi.diagnose.extract import (
    ANNOUNCE_KEYWORDS,
    COMPUTE_KEYWORDS,
    DATA_WAIT_KEYWORDS,
    DETECTOR_KEYWORDS,
    MISSING_KEYWORDS,
    SLURM_KEYWORDS,
    STEP_TIME_KEYWORDS,
    WORK_KEYWORDS,
)
from kintsugi.errors import UserError
from kintsugi.events import Action, Category, Layer

ENV_SIGNATURES = "KINTSUGI_SIGNATURES"


class Role(StrEnum):
    """What a matching line says about the failure."""

    ROOT = "root"
    """It can be the cause."""
    SYMPTOM = "symptom"
    """A consequence of a failure elsewhere (a peer timed out or hung up)."""
    CONTEXT = "context"
    """Not a failure by itself, but it explains one (thermal slowdown, XID 63)."""
    META = "meta"
    """Launcher bookkeeping; ignored."""


@dataclass(frozen=True, slots=True)
class Signature:
    """One known failure line."""

    name: str
    pattern: re.Pattern[str]
    category: Category
    layer: Layer
    severity: int
    action: Action
    role: Role
    priority: int
    description: str = ""
    keywords: tuple[str, ...] = ()
    """Lower-case literals, one of which every matching line contains; empty: none known."""
    origin: str = "builtin"
    refine_layer: bool = True
    """For ``user_code`` lines in a traceback: take the layer from the innermost frame."""
    at_info: bool = False
    """Also matches lines whose level marker says INFO/DEBUG (a throttling notice, a NaN
    loss in a progress line); other signatures skip informational lines."""


@dataclass(frozen=True, slots=True)
class ExceptionClass:
    """How a Python exception type is classified when no signature names its line."""

    category: Category
    layer: Layer
    action: Action
    role: Role = Role.ROOT
    refine_layer: bool = True
    """False where the layer holds wherever the exception was raised (a decoder's error on a
    sample of the dataset is the script's data, though the image library raised it)."""


@dataclass(slots=True)
class SignatureSet:
    """Signatures plus the exception table, with the keyword index used to prefilter."""

    signatures: list[Signature]
    exceptions: dict[str, ExceptionClass] = field(default_factory=dict)
    keywords: tuple[str, ...] = ()
    unanchored: list[Signature] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.signatures.sort(key=lambda s: -s.priority)
        kws: set[str] = set()
        self.unanchored = []
        for s in self.signatures:
            if s.keywords:
                kws.update(s.keywords)
            else:
                self.unanchored.append(s)
        kws.update(EXTRA_KEYWORDS)
        # A keyword that contains a shorter one is redundant for the prefilter.
        self.keywords = tuple(sorted(k for k in kws if not any(o != k and o in k for o in kws)))

    def match(self, line: str) -> tuple[Signature, re.Match[str]] | None:
        """Returns the highest-priority signature matching ``line``, with its match."""
        low = line.lower() + "\n"
        for s in self.signatures:
            if s.keywords and not any(k in low for k in s.keywords):
                continue
            m = s.pattern.search(line)
            if m:
                return s, m
        return None

    def exception(self, type_name: str) -> ExceptionClass | None:
        """Classifies an exception by its (possibly dotted) type name."""
        short = type_name.rsplit(".", 1)[-1]
        return self.exceptions.get(short)


# Lines that the parsers look at besides signatures (tracebacks, exception lines, torchrun).
EXTRA_KEYWORDS = (
    "traceback (most recent",
    "error:",
    "exception:",
    "root cause (first",
    "failures:",
    "attempts left",
    "slurm_restart_count",
    "times across ranks",
    *ANNOUNCE_KEYWORDS,
    *MISSING_KEYWORDS,
    *WORK_KEYWORDS,
    *SLURM_KEYWORDS,
    *STEP_TIME_KEYWORDS,
    *DATA_WAIT_KEYWORDS,
    *COMPUTE_KEYWORDS,
    *DETECTOR_KEYWORDS,
    "global_ranks=",
    "nccl version",
    "using network",
    "nranks ",
    "min_nodes",
    "it/s]",
    "s/it]",
    "spawned with command",
    "median",
    "global_rank_mapping=",
)


def required_keywords(pattern: str) -> tuple[str, ...]:
    """Lower-case literals one of which any match of ``pattern`` must contain; () if unknown."""
    try:
        tree = sre_parse.parse(pattern)
    except re.error:
        return ()
    found = _seq(list(tree))
    if not found or min(len(k) for k in found) < 3:
        return ()
    return tuple(sorted(set(found)))


def _seq(items: list[tuple[Any, Any]]) -> list[str] | None:
    """Best keyword alternatives for a sequence of regex nodes (longest single literal wins)."""
    best: list[str] | None = None
    run: list[str] = []

    def consider(cand: list[str] | None) -> None:
        nonlocal best
        if (
            cand
            and min(len(c) for c in cand) >= 3
            and (best is None or min(len(c) for c in cand) > min(len(b) for b in best))
        ):
            best = cand

    for op, av in items:
        if op is sre_c.LITERAL:
            run.append(chr(av).lower())
            continue
        consider(["".join(run)] if run else None)
        run = []
        if op is sre_c.BRANCH:
            subs = [_seq(list(b)) for b in av[1]]
            if all(subs):
                consider([k for s in subs if s for k in s])
        elif op is sre_c.SUBPATTERN:
            consider(_seq(list(av[3])))
        elif op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT) and av[0] >= 1:
            consider(_seq(list(av[2])))
    consider(["".join(run)] if run else None)
    return best


def _builtin_files() -> list[tuple[str, bytes]]:
    root = resources.files("kintsugi.diagnose") / "signatures"
    return [
        (f"builtin:{p.name}", p.read_bytes())
        for p in sorted(root.iterdir(), key=lambda p: p.name)
        if p.name.endswith(".toml")
    ]


def _parse(origin: str, raw: bytes) -> tuple[list[Signature], dict[str, ExceptionClass]]:
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise UserError(f"signature file {origin} is not valid TOML: {e}") from e
    sigs: list[Signature] = []
    for i, d in enumerate(doc.get("signature", [])):
        where = f"{origin} signature #{i + 1} ({d.get('name', '?')})"
        try:
            severity = int(d.get("severity", 3))
            pattern = str(d["pattern"])
            sigs.append(
                Signature(
                    name=str(d["name"]),
                    pattern=re.compile(pattern),
                    category=Category(d["category"]),
                    layer=Layer(d.get("layer", "infrastructure")),
                    severity=severity,
                    action=Action(d.get("action", "run_diagnostics")),
                    role=Role(d.get("role", "root")),
                    priority=int(d.get("priority", severity * 10)),
                    description=str(d.get("description", "")),
                    keywords=tuple(k.lower() for k in d["keywords"])
                    if "keywords" in d
                    else required_keywords(pattern),
                    origin=origin,
                    refine_layer=bool(d.get("refine_layer", True)),
                    at_info=bool(d.get("at_info", False)),
                )
            )
        except KeyError as e:
            raise UserError(f"{where}: missing field {e}") from e
        except (ValueError, re.error) as e:
            raise UserError(f"{where}: {e}") from e
    excs: dict[str, ExceptionClass] = {}
    for d in doc.get("exception", []):
        try:
            cls = ExceptionClass(
                Category(d["category"]),
                Layer(d["layer"]),
                Action(d["action"]),
                Role(d.get("role", "root")),
                bool(d.get("refine_layer", True)),
            )
            excs.update(dict.fromkeys(d["types"], cls))
        except (KeyError, ValueError) as e:
            raise UserError(f"{origin} [[exception]] entry: bad or missing field {e}") from e
    return sigs, excs


def load_signatures(extra: Iterable[Path | str] = (), use_env: bool = True) -> SignatureSet:
    """Loads the built-in signatures, then user files, which replace built-ins by name.

    Args:
        extra: user TOML files (or directories of them).
        use_env: also read the ``:``-separated paths in ``KINTSUGI_SIGNATURES``.

    Raises:
        UserError: a user file is missing or malformed.
    """
    paths = [Path(p) for p in extra]
    if use_env and os.environ.get(ENV_SIGNATURES):
        paths += [Path(p) for p in os.environ[ENV_SIGNATURES].split(os.pathsep) if p]
    files = _builtin_files()
    for p in paths:
        targets = sorted(p.glob("*.toml")) if p.is_dir() else [p]
        for t in targets:
            try:
                files.append((str(t), t.read_bytes()))
            except OSError as e:
                raise UserError(f"cannot read signature file {t}: {e.strerror}") from e
    by_name: dict[str, Signature] = {}
    excs: dict[str, ExceptionClass] = {}
    for origin, raw in files:
        sigs, ex = _parse(origin, raw)
        by_name.update((s.name, s) for s in sigs)
        excs.update(ex)
    return SignatureSet(list(by_name.values()), excs)


_DEFAULT: SignatureSet | None = None


def default_signatures() -> SignatureSet:
    """The built-ins plus ``KINTSUGI_SIGNATURES``, loaded once per process."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_signatures()
    return _DEFAULT


def describe(sigs: SignatureSet) -> Sequence[str]:
    """One line per signature, for ``--list-signatures`` and docs."""
    return [
        f"{s.name:<24} {s.category.value:<13} {s.layer.value:<14} sev {s.severity} "
        f"{s.action.value:<20} {s.role.value}"
        for s in sigs.signatures
    ]
