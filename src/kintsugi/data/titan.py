"""Reader for the Titan GPU lifetime data (Ostrouchov et al., SC20; olcf/TitanGPULife).

``gc_full.csv`` has one row per stay of a GPU (serial ``SN``) in a slot, e.g. ``c11-2c1s4n1``
(column 11, row 2, cage 1, slot 4, node 1), with insert/remove times and the failure that
ended the stay, if any (``DBE`` double-bit ECC, ``OTB`` off the bus).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO

from kintsugi.errors import UserError

_LOC = re.compile(r"^c(\d+)-(\d+)c(\d)s(\d+)n(\d)$")


@dataclass(frozen=True, slots=True)
class Location:
    """A GPU slot on Titan: cabinet column/row, cage (0 bottom .. 2 top), slot, node."""

    col: int
    row: int
    cage: int
    slot: int
    node: int

    @classmethod
    def parse(cls, text: str) -> Location:
        m = _LOC.match(text)
        if not m:
            raise ValueError(f"not a Titan location: {text!r}")
        c, r, cage, slot, node = (int(g) for g in m.groups())
        return cls(c, r, cage, slot, node)

    def __str__(self) -> str:
        return f"c{self.col}-{self.row}c{self.cage}s{self.slot}n{self.node}"


@dataclass(frozen=True, slots=True)
class Stay:
    """One GPU in one slot, from insertion to removal (or the end of the data)."""

    serial: str
    location: Location
    insert: datetime | None
    """None where the data does not know when the GPU went in (left-censored stays)."""
    remove: datetime | None
    duration_s: float | None
    event: str | None
    """``DBE``, ``OTB`` or None when the stay did not end in a failure."""


def read_stays(path: Path) -> Iterator[Stay]:
    """Yields the stays of ``gc_full.csv``.

    Raises:
        UserError: the file is missing or is not in the Titan format.
    """
    if path.is_dir():
        path = path / "gc_full.csv"
    try:
        f = path.open(newline="", encoding="utf-8")
    except OSError as e:
        raise UserError(f"cannot read Titan trace {path}: {e.strerror}") from e
    with f:
        try:
            yield from _rows(path, f)
        except (UnicodeDecodeError, csv.Error) as e:
            raise UserError(f"{path} is not a Titan gc_full.csv (not CSV text: {e})") from None


def _rows(path: Path, f: IO[str]) -> Iterator[Stay]:
    reader = csv.DictReader(f)
    need = {"SN", "location", "insert", "remove", "duration", "event"}
    if not reader.fieldnames or not need <= set(reader.fieldnames):
        raise UserError(f"{path} is not a Titan gc_full.csv (needs columns {sorted(need)})")
    for n, row in enumerate(reader, start=2):
        try:
            yield Stay(
                serial=row["SN"],
                location=Location.parse(row["location"]),
                insert=_time(row["insert"]),
                remove=_time(row["remove"]),
                duration_s=float(row["duration"]) if row["duration"] else None,
                event=row["event"] or None,
            )
        except ValueError as e:
            raise UserError(f"{path}:{n}: {e}") from e


def _time(text: str) -> datetime | None:
    return datetime.fromisoformat(text) if text else None
