"""Tier 3: snapshots on a filesystem or object store, atomically, with a manifest written last.

``DIR/step_<N>/rank_<R>.bin`` is written whole (a local directory: a temporary name, fsync and
rename; an object store: one upload), then ``rank_<R>.json`` (size, CRC-32, world size,
structure fingerprint) the same way. A step is complete when every rank's manifest is there;
only complete steps are candidates for restore, so "latest" never names a step that is not
durable on every rank. ``fsys`` gives the operations for each kind of target.
"""

from __future__ import annotations

import errno
import json
import re
import time
from dataclasses import dataclass
from typing import Any

from kintsugi.checkpoint import blob
from kintsugi.checkpoint.errors import StorageFull
from kintsugi.checkpoint.fsys import Target

_STEP = re.compile(r"^step_(\d{12})$")
_CHUNK = 16 << 20


def step_dir(t: Target, step: int) -> str:
    return t.join(f"step_{step:012d}")


def write(
    t: Target,
    step: int,
    rank: int,
    world_size: int,
    payload: memoryview,
    crc: int,
    fingerprint: str,
) -> str:
    """Writes one rank's snapshot and then its manifest; returns the data file's location.

    Raises:
        StorageFull: the filesystem ran out of space (nothing is left half-written).
        OSError: any other storage failure.
    """
    d = step_dir(t, step)
    try:
        t.makedirs(d)
    except OSError as e:
        if e.errno in (errno.ENOSPC, errno.EDQUOT):
            raise StorageFull(
                f"checkpoint storage {t.url} is full; free space or give another directory"
            ) from None
        raise
    name = f"rank_{rank:05d}.bin"
    data = f"{d}/{name}"
    manifest = {
        "format": 1,
        "step": step,
        "rank": rank,
        "world_size": world_size,
        "file": name,
        "bytes": len(payload),
        "crc32": crc,
        "fingerprint": fingerprint,
        "time": time.time(),
    }
    try:
        t.write_atomic(data, [payload])
        t.sync_dir(d)
        t.write_atomic(f"{d}/rank_{rank:05d}.json", [memoryview(json.dumps(manifest).encode())])
    except StorageFull:
        # Nothing half-written stays behind: a shard without its manifest only wastes space.
        t.unlink(data)
        t.remove_if_empty(d)  # other ranks' files stay
        raise
    t.sync_dir(d)
    return t.display(data)


@dataclass(slots=True)
class StepOnDisk:
    step: int
    path: str
    """The step's directory (or object prefix)."""
    problem: str | None
    """Why the step cannot be restored (None: complete as far as manifests go)."""


def scan(t: Target, world_size: int) -> list[StepOnDisk]:
    """Every step directory, newest first, with the reason it is incomplete if it is."""
    out = []
    for n in t.listdir(t.root):
        m = _STEP.match(n)
        if not m:
            continue
        d = t.join(n)
        out.append(StepOnDisk(int(m.group(1)), d, _problem(t, d, world_size)))
    return sorted(out, key=lambda s: -s.step)


def _problem(t: Target, d: str, world_size: int) -> str | None:
    for r in range(world_size):
        try:
            m = json.loads(t.read_bytes(f"{d}/rank_{r:05d}.json"))
        except FileNotFoundError:
            return f"rank {r}'s shard or manifest is missing"
        except (OSError, ValueError):
            return f"rank {r}'s manifest is unreadable (truncated or corrupt)"
        if not isinstance(m, dict) or m.get("world_size") != world_size:
            ws = m.get("world_size") if isinstance(m, dict) else "?"
            return f"written by {ws} ranks, this job has {world_size}"
    return None


def read(
    t: Target, d: str, rank: int, sink: blob.Sink = blob.alloc
) -> tuple[memoryview, dict[str, Any]]:
    """Reads one rank's snapshot into ``sink(size)`` and checks it against its manifest.

    Raises:
        ValueError: size or checksum disagree with the manifest, or a file is unreadable.
    """
    try:
        m = json.loads(t.read_bytes(f"{d}/rank_{rank:05d}.json"))
        name = str(m["file"])
        size = int(m["bytes"])
        f, actual = t.open_read(f"{d}/{name}")
        with f:
            if actual != size:
                raise ValueError(f"{name} has the wrong size (manifest says {size} bytes)")
            buf = sink(size)
            crc = pos = 0
            while pos < size:
                # The checksum of each chunk runs while the page cache reads ahead the next.
                got = f.readinto(buf[pos : pos + _CHUNK])  # type: ignore[attr-defined]
                if not got:
                    raise ValueError(f"{name} ended early (manifest says {size} bytes)")
                crc = blob.crc32(buf[pos : pos + got], crc)
                pos += got
    except (OSError, KeyError, TypeError, json.JSONDecodeError) as e:
        raise ValueError(f"unreadable: {e}") from None
    if crc != int(m["crc32"]):
        raise ValueError(f"{name} fails its checksum")
    return buf, m


def collect(t: Target, rank: int, world_size: int, keep: int) -> None:
    """Deletes this rank's files of steps older than the ``keep`` newest complete ones.

    Never touches the newest complete steps, nor anything newer than the oldest kept one
    (another rank may still be writing it). Whoever empties a step directory removes it.
    """
    steps = scan(t, world_size)
    complete = [s for s in steps if s.problem is None]
    if len(complete) <= keep:
        return
    oldest_kept = complete[keep - 1].step
    for s in steps:
        if s.step >= oldest_kept:
            continue
        for name in (f"rank_{rank:05d}.json", f"rank_{rank:05d}.bin"):
            t.unlink(f"{s.path}/{name}")
        t.remove_if_empty(s.path)
