"""History across jobs: lemon nodes from the store, and part-versus-slot analysis on Titan.

A lemon fails far more than the fleet: its count is improbable under a Poisson model with the
fleet's mean rate (p < ``LemonConfig.p_max``).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from kintsugi.data.titan import Stay, read_stays
from kintsugi.events import NODE_SUSPECT, Event, EventKind, Layer
from kintsugi.store.api import EventStore

_HARDWARE = {c.value for c in NODE_SUSPECT}


@dataclass(kw_only=True, slots=True)
class LemonConfig:
    """When a unit counts as a lemon."""

    p_max: float = 0.01
    """Largest Poisson tail probability of its failure count under the fleet rate."""
    min_failures: int = 3
    """Fewer failures than this never make a lemon."""


@dataclass(frozen=True, slots=True)
class Lemon:
    unit: str
    failures: int
    expected: float
    p_value: float


def poisson_sf(k: int, mean: float) -> float:
    """P(X >= k) for X ~ Poisson(mean)."""
    if k <= 0:
        return 1.0
    term, cdf = math.exp(-mean), 0.0
    for i in range(k):
        cdf += term
        term *= mean / (i + 1)
    return max(0.0, 1.0 - cdf)


def find_lemons(
    failures: Mapping[str, int],
    exposure: Mapping[str, float],
    config: LemonConfig | None = None,
) -> list[Lemon]:
    """Units whose failures are improbable at the fleet's rate per unit of exposure."""
    cfg = config or LemonConfig()
    total_exp = sum(exposure.values())
    if total_exp <= 0:
        return []
    rate = sum(failures.values()) / total_exp
    out = []
    for unit, k in failures.items():
        mean = rate * exposure.get(unit, 0.0)
        p = poisson_sf(k, mean)
        if k >= cfg.min_failures and p < cfg.p_max:
            out.append(Lemon(unit, k, mean, p))
    return sorted(out, key=lambda lem: (lem.p_value, -lem.failures))


@dataclass(slots=True)
class FleetReport:
    """Failures per node from the store, with lemons."""

    nodes: dict[str, int] = field(default_factory=dict)
    """Node -> diagnoses held against it (``_held_against``)."""
    categories: dict[str, Counter[str]] = field(default_factory=dict)
    runs: dict[str, int] = field(default_factory=dict)
    """Node -> runs it took part in (the exposure)."""
    lemons: list[Lemon] = field(default_factory=list)


def _held_against(data: Mapping[str, object]) -> str | None:
    """The node a diagnosis counts against: the culprit of a node-type failure, or of any
    verdict in the infrastructure layer that names a node (its own disk, its image, a process
    left on it: a shared file system or a switch names none)."""
    c = data.get("culprit")
    node = c.get("node") if isinstance(c, dict) else None
    if not node:
        return None
    if data.get("category") in _HARDWARE or data.get("layer") == Layer.INFRASTRUCTURE.value:
        return str(node)
    return None


def fleet_from_events(events: Iterable[Event], config: LemonConfig | None = None) -> FleetReport:
    """Counts diagnoses per culprit node and flags lemons (exposure: runs the node was in)."""
    rep = FleetReport()
    seen: dict[str, set[str]] = defaultdict(set)
    cats: dict[str, Counter[str]] = defaultdict(Counter)
    for e in events:
        if e.node:
            seen[e.node].add(e.run_id)
        if e.kind is not EventKind.DIAGNOSIS:
            continue
        if node := _held_against(e.data):
            cats[node][str(e.data.get("category"))] += 1
            seen[node].add(e.run_id)
    rep.categories = dict(cats)
    rep.nodes = {n: sum(c.values()) for n, c in cats.items()}
    rep.runs = {n: len(r) for n, r in seen.items()}
    counts = {n: rep.nodes.get(n, 0) for n in rep.runs}
    rep.lemons = find_lemons(counts, {n: float(r) for n, r in rep.runs.items()}, config)
    return rep


def fleet_from_store(store: EventStore, config: LemonConfig | None = None) -> FleetReport:
    """``fleet_from_events`` over every event in the store."""
    return fleet_from_events(store.events(), config)


@dataclass(slots=True)
class TitanReport:
    """Where Titan's GPU failures came from: the part, the slot, or the position."""

    stays: int = 0
    failures: int = 0
    parts: int = 0
    slots: int = 0
    repeat_parts: int = 0
    """Parts that failed more than once."""
    repeat_parts_moved: int = 0
    """Of those, parts that failed again in a different slot (the failure follows the part)."""
    slots_multi: int = 0
    """Slots where two or more different parts failed."""
    slots_2plus: int = 0
    """Slots with two or more failures (same part or not)."""
    slots_multi_expected: float = 0.0
    """Slots with >= 2 failures that chance alone would give (Poisson, fleet per-slot rate)."""
    worst_slots: list[tuple[str, int, int]] = field(default_factory=list)
    """(slot, failures, distinct parts) for the slots with most distinct failed parts."""
    slot_lemons: list[Lemon] = field(default_factory=list)
    cage: dict[int, tuple[int, float]] = field(default_factory=dict)
    """Cage -> (failures, GPU-years in it)."""
    node_in_slot: dict[int, tuple[int, float]] = field(default_factory=dict)


def titan_report(path: Path, config: LemonConfig | None = None) -> TitanReport:
    """Analyses ``gc_full.csv``: repeat failures by part and by slot, and rate by cage.

    Raises:
        UserError: the data is missing or not in the Titan format.
    """
    return analyse_stays(read_stays(path), config)


def analyse_stays(stays: Iterable[Stay], config: LemonConfig | None = None) -> TitanReport:
    rep = TitanReport()
    part_fail_locs: dict[str, list[str]] = defaultdict(list)
    slot_parts: dict[str, set[str]] = defaultdict(set)
    slot_fail: Counter[str] = Counter()
    slot_exp: dict[str, float] = defaultdict(float)
    cage: dict[int, list[float]] = defaultdict(lambda: [0, 0.0])
    nis: dict[int, list[float]] = defaultdict(lambda: [0, 0.0])
    parts: set[str] = set()
    year = 365.25 * 86400
    for s in stays:
        rep.stays += 1
        loc = str(s.location)
        parts.add(s.serial)
        yrs = (s.duration_s or 0.0) / year
        slot_exp[loc] += yrs
        cage[s.location.cage][1] += yrs
        nis[s.location.node][1] += yrs
        if s.event:
            rep.failures += 1
            part_fail_locs[s.serial].append(loc)
            slot_parts[loc].add(s.serial)
            slot_fail[loc] += 1
            cage[s.location.cage][0] += 1
            nis[s.location.node][0] += 1
    rep.parts, rep.slots = len(parts), len(slot_exp)
    repeat = {p: locs for p, locs in part_fail_locs.items() if len(locs) > 1}
    rep.repeat_parts = len(repeat)
    rep.repeat_parts_moved = sum(1 for locs in repeat.values() if len(set(locs)) > 1)
    rep.slots_multi = sum(1 for ps in slot_parts.values() if len(ps) >= 2)
    rep.slots_2plus = sum(1 for n in slot_fail.values() if n >= 2)
    rep.worst_slots = sorted(
        ((loc, slot_fail[loc], len(ps)) for loc, ps in slot_parts.items()),
        key=lambda t: (-t[2], -t[1]),
    )[:5]
    mean = rep.failures / max(1, rep.slots)
    rep.slots_multi_expected = rep.slots * poisson_sf(2, mean)
    rep.slot_lemons = find_lemons(dict(slot_fail), dict(slot_exp), config)
    rep.cage = {c: (int(v[0]), v[1]) for c, v in sorted(cage.items())}
    rep.node_in_slot = {c: (int(v[0]), v[1]) for c, v in sorted(nis.items())}
    return rep


def format_titan(rep: TitanReport) -> list[str]:
    """The report as lines of text."""
    lines = [
        f"{rep.stays} stays, {rep.parts} GPUs, {rep.slots} slots, {rep.failures} failures "
        "(DBE + OTB)",
        f"parts that failed more than once: {rep.repeat_parts}; of them failed again after "
        f"moving to another slot: {rep.repeat_parts_moved}",
        f"slots where >= 2 different parts failed: {rep.slots_multi}; slots with >= 2 failures: "
        f"{rep.slots_2plus} (chance alone: {rep.slots_multi_expected:.0f})",
        "slots that killed most different parts: "
        + ", ".join(f"{loc} ({n} failures, {k} parts)" for loc, n, k in rep.worst_slots),
        f"slot lemons (Poisson p < 0.01, >= 3 failures): {len(rep.slot_lemons)}"
        + (
            f", worst {rep.slot_lemons[0].unit} with {rep.slot_lemons[0].failures} failures "
            f"vs {rep.slot_lemons[0].expected:.2f} expected"
            if rep.slot_lemons
            else ""
        ),
        "failure rate by cage (0 = bottom, 2 = top):",
    ]
    for c, (n, yrs) in rep.cage.items():
        lines.append(
            f"  cage {c}: {n:5d} failures / {yrs:8.0f} GPU-years = "
            f"{1000 * n / yrs if yrs else 0:6.1f} per 1000 GPU-years"
        )
    for c, (n, yrs) in rep.node_in_slot.items():
        lines.append(
            f"  node {c} of its slot: {n:5d} failures, "
            f"{1000 * n / yrs if yrs else 0:6.1f} per 1000 GPU-years"
        )
    return lines
