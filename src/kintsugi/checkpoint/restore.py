"""Restore: every tier's candidates, one step all ranks can load, the fastest tier for it.

Candidates are found cheaply (slot headers, holder listings, manifests); data is checked when
it is loaded (CRC-32 against the slot, the transfer, or the manifest). A rank whose load fails
drops that step; all ranks agree on the newest step every rank loaded, so a job never resumes
with ranks at different steps.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kintsugi.checkpoint import blob, slots, wire
from kintsugi.checkpoint import storage as storage_mod
from kintsugi.checkpoint.blob import Sink
from kintsugi.checkpoint.errors import IncompatibleCheckpoint
from kintsugi.checkpoint.fsys import Target

log = logging.getLogger("kintsugi.checkpoint")

TIERS = ("memory", "peer", "storage")


@dataclass(slots=True)
class Restored:
    """What ``Checkpointer.restore`` found."""

    step: int
    state: Any
    tier: str
    """Where it came from: ``memory`` (this node), ``peer`` (another node's holder) or
    ``storage``."""
    skipped: list[str] = field(default_factory=list)
    """Newer or faster candidates that failed validation, each with the reason."""
    source: str = ""
    duration_s: float = 0.0
    raw: memoryview | None = None
    """The snapshot's bytes while the Checkpointer finishes the restore (then None)."""


@dataclass(slots=True)
class Candidate:
    step: int
    tier: str
    source: str
    load: Callable[[Sink], memoryview]
    """Fetches and checks the snapshot (into the sink's buffer, or a view of a memory slot)."""


def candidates(
    *,
    rank: int,
    world_size: int,
    node: str,
    node_dir: Path | None,
    holders: dict[str, wire.Address],
    storage: Target,
    skipped: list[str],
    peer_timeout_s: float,
    tiers: Sequence[str] = TIERS,
) -> list[Candidate]:
    """Every snapshot of ``rank`` this process can reach in ``tiers``, fastest tier first per
    step (a tier left out is not asked: no holder is contacted without ``peer``).

    Peers are every node's holder: the copies they keep for other nodes and their own ranks'
    slots (after a restart the rendezvous may give this rank to another node).

    Raises:
        IncompatibleCheckpoint: the newest checkpoint on storage is from another world size.
    """
    out: list[Candidate] = []
    if node_dir is not None and "memory" in tiers:
        for info, path in slots.read_valid(node_dir, rank):
            out.append(
                Candidate(
                    info.step,
                    "memory",
                    f"memory://{node}/rank{rank}/step{info.step}",
                    functools.partial(_map_slot, path, info),
                )
            )
    for name, addr in sorted(holders.items()) if "peer" in tiers else ():
        try:
            have = wire.request(addr, {"op": "list"}, timeout_s=peer_timeout_s).get("have", [])
        except (OSError, ValueError) as e:
            skipped.append(f"peer {name}: unreachable ({e})")
            continue
        for h in have:
            if h.get("rank") != rank or (name == node and h.get("kind") == "slot"):
                continue  # this node's own slots are the memory tier, read directly
            if h.get("world_size") != world_size:
                skipped.append(f"peer {name} step {h.get('step')}: from another world size")
                continue
            step = int(h["step"])
            out.append(
                Candidate(
                    step,
                    "peer",
                    f"peer://{name}/rank{rank}/step{step}",
                    functools.partial(_get_peer, addr, rank, step, peer_timeout_s),
                )
            )
    on_disk = storage_mod.scan(storage, world_size) if "storage" in tiers else []
    if on_disk and on_disk[0].problem and "ranks, this job has" in on_disk[0].problem:
        raise IncompatibleCheckpoint(
            f"checkpoint step {on_disk[0].step} in {storage.url} was {on_disk[0].problem}; "
            "resume with the same world size or give another directory"
        )
    for s in on_disk:
        if s.problem is not None:
            skipped.append(f"storage step {s.step}: {s.problem}")
            continue
        out.append(
            Candidate(
                s.step,
                "storage",
                storage.display(f"{s.path}/rank_{rank:05d}.bin"),
                functools.partial(_read_storage, storage, s.path, rank),
            )
        )
    return sorted(out, key=lambda c: (-c.step, TIERS.index(c.tier)))


def load_step(
    cands: list[Candidate],
    step: int,
    rank: int,
    world_size: int,
    skipped: list[str],
    sink: Sink = blob.alloc,
) -> Restored | None:
    """Loads ``step`` from the fastest tier that holds a valid copy of it.

    The state's tensors view the loaded bytes (no copy): the caller copies them out before
    the buffer is reused.
    """
    for c in cands:
        if c.step != step:
            continue
        try:
            raw = c.load(sink)
            parsed = blob.parse(raw, copy=False)
            if parsed.rank != rank or parsed.world_size != world_size or parsed.step != step:
                raise ValueError(
                    f"holds rank {parsed.rank}/{parsed.world_size} step {parsed.step}, "
                    "not what its name says"
                )
        except (OSError, ValueError, KeyError, TypeError) as e:
            skipped.append(f"{c.tier} step {step} ({c.source}): {e}")
            log.warning("kintsugi: skipping %s step %d: %s", c.tier, step, e)
            continue
        return Restored(step=step, state=parsed.state, tier=c.tier, source=c.source, raw=raw)
    return None


def agree(steps: set[int], world_size: int) -> set[int]:
    """The steps every rank has (one all_gather; local when not distributed)."""
    import torch.distributed as dist

    if world_size <= 1 or not (dist.is_available() and dist.is_initialized()):
        return steps
    got: list[Any] = [None] * world_size
    dist.all_gather_object(got, sorted(steps))
    common = set(steps)
    for g in got:
        common &= set(g)
    return common


def all_ok(ok: bool, world_size: int) -> bool:
    import torch.distributed as dist

    if world_size <= 1 or not (dist.is_available() and dist.is_initialized()):
        return ok
    got: list[Any] = [None] * world_size
    dist.all_gather_object(got, ok)
    return all(got)


def restore(
    cands: list[Candidate],
    rank: int,
    world_size: int,
    skipped: list[str],
    sink: Sink = blob.alloc,
) -> Restored | None:
    """The newest step that every rank loads, or None if there is none."""
    common = agree({c.step for c in cands}, world_size)
    while common:
        step = max(common)
        r = load_step(cands, step, rank, world_size, skipped, sink)
        if all_ok(r is not None, world_size):
            assert r is not None
            r.skipped = skipped
            return r
        common.discard(step)
        if r is None:
            skipped.append(f"step {step}: no valid copy on this rank")
        else:
            skipped.append(f"step {step}: another rank has no valid copy")
    return None


def _map_slot(path: Path, info: slots.SlotInfo, _sink: Sink) -> memoryview:
    return slots.map_slot(path, info)


def _read_storage(storage: Target, d: str, rank: int, sink: Sink) -> memoryview:
    return storage_mod.read(storage, d, rank, sink)[0]


def _get_peer(addr: wire.Address, rank: int, step: int, timeout_s: float, sink: Sink) -> memoryview:
    return wire.get(addr, rank, step, timeout_s, sink)
