"""The state a line parser keeps between lines: where lines come from, open blocks, series."""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_STEP_TIMES = 2048
"""Iteration times kept per rank; beyond that every other one is dropped (the shape stays)."""


@dataclass(slots=True)
class Context:
    """Where the lines come from."""

    source: str
    node: str | None = None
    rank: int | None = None
    attempt: int | None = None
    ts: float | None = None
    event_id: str | None = None
    first: bool = False
    compressed: str | None = None
    """The file's compression (gzip, bzip2, xz), if it is compressed."""
    snapshot: bool = False
    """A tool's snapshot (``nvidia-smi``'s, stamped when it ran): no application log, so its
    time is not when the node last spoke."""


@dataclass(slots=True)
class Traceback:
    """An open Python traceback: where it started and its frames so far."""

    start: int
    ts: float | None = None
    exact: bool = True
    frames: list[str] = field(default_factory=list)
    funcs: list[str] = field(default_factory=list)
    """The frames' function names, in the same order."""
    n: int = 0
    indent: int = 0
    """How far its "Traceback" line was indented: a traceback printed inside another error's
    text (a gathered error's) ends with its exception line at that indentation."""
    of_rank: int | None = None
    """The rank whose traceback this is when the text says so (torch.distributed.checkpoint
    gathers every failed rank's and prints each as ``Traceback (...): (RANK 3)`` on every
    rank)."""
    held: tuple[str, int | None, int | None] | None = None
    """A line after the frames that is no exception line (a note, a sample's id): the
    exception may follow it. (text, rank, line number)"""


@dataclass(slots=True)
class StepSeries:
    """Iteration times of one rank in file order, decimated past ``MAX_STEP_TIMES``."""

    values: list[float] = field(default_factory=list)
    stride: int = 1
    seen: int = 0

    def add(self, v: float) -> None:
        self.seen += 1
        if (self.seen - 1) % self.stride:
            return
        self.values.append(v)
        if len(self.values) >= MAX_STEP_TIMES:
            self.values = self.values[::2]
            self.stride *= 2


@dataclass(slots=True)
class Torchrun:
    """An open torchrun failure summary: its fields so far."""

    root: bool
    fields: dict[str, str] = field(default_factory=dict)
    line: int = 0
