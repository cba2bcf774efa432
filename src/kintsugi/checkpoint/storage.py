"""Tier 3: snapshots on a filesystem, atomically, with a manifest written last.

``DIR/step_<N>/rank_<R>.bin`` is written under a temporary name, fsynced and renamed; then
``rank_<R>.json`` (size, CRC-32, world size, structure fingerprint) the same way. A step is
complete when every rank's manifest is there; only complete steps are candidates for restore,
so "latest" never names a step that is not durable on every rank.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kintsugi.checkpoint import blob
from kintsugi.checkpoint.errors import StorageFull, UnwritableDirectory

_STEP = re.compile(r"^step_(\d{12})$")
_CHUNK = 16 << 20


def step_dir(root: Path, step: int) -> Path:
    return root / f"step_{step:012d}"


def check_writable(root: Path) -> None:
    """Creates ``root`` and proves a file can be written there.

    Raises:
        UnwritableDirectory: it cannot.
    """
    try:
        root.mkdir(parents=True, exist_ok=True)
        probe = root / f".probe.{os.getpid()}"
        probe.write_bytes(b"ok")
        probe.unlink()
    except OSError as e:
        raise UnwritableDirectory(
            f"checkpoint directory {root} is not writable ({e.strerror or e}); "
            "give a directory you can write"
        ) from None


def _fsync_dir(d: Path) -> None:
    fd = os.open(d, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_atomic(path: Path, chunks: list[memoryview] | memoryview) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with tmp.open("wb") as f:
            for c in chunks if isinstance(chunks, list) else [chunks]:
                for i in range(0, len(c), _CHUNK):
                    f.write(c[i : i + _CHUNK])
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as e:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if e.errno in (errno.ENOSPC, errno.EDQUOT):
            raise StorageFull(
                f"checkpoint storage {path.parent} is full; free space or give another directory"
            ) from None
        raise


def write(
    root: Path,
    step: int,
    rank: int,
    world_size: int,
    payload: memoryview,
    crc: int,
    fingerprint: str,
) -> Path:
    """Writes one rank's snapshot and then its manifest; returns the data file's path.

    Raises:
        StorageFull: the filesystem ran out of space (nothing is left half-written).
        OSError: any other storage failure.
    """
    d = step_dir(root, step)
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        if e.errno in (errno.ENOSPC, errno.EDQUOT):
            raise StorageFull(
                f"checkpoint storage {root} is full; free space or give another directory"
            ) from None
        raise
    data = d / f"rank_{rank:05d}.bin"
    manifest = {
        "format": 1,
        "step": step,
        "rank": rank,
        "world_size": world_size,
        "file": data.name,
        "bytes": len(payload),
        "crc32": crc,
        "fingerprint": fingerprint,
        "time": time.time(),
    }
    try:
        _write_atomic(data, payload)
        _fsync_dir(d)
        _write_atomic(d / f"rank_{rank:05d}.json", memoryview(json.dumps(manifest).encode()))
    except StorageFull:
        # Nothing half-written stays behind: a shard without its manifest only wastes space.
        with contextlib.suppress(OSError):
            data.unlink()
        with contextlib.suppress(OSError):
            d.rmdir()  # only if empty: other ranks' files stay
        raise
    _fsync_dir(d)
    return data


@dataclass(slots=True)
class StepOnDisk:
    step: int
    path: Path
    problem: str | None
    """Why the step cannot be restored (None: complete as far as manifests go)."""


def scan(root: Path, world_size: int) -> list[StepOnDisk]:
    """Every step directory, newest first, with the reason it is incomplete if it is."""
    try:
        names = os.listdir(root)
    except OSError:
        return []
    out = []
    for n in names:
        m = _STEP.match(n)
        if not m:
            continue
        d = root / n
        out.append(StepOnDisk(int(m.group(1)), d, _problem(d, world_size)))
    return sorted(out, key=lambda s: -s.step)


def _problem(d: Path, world_size: int) -> str | None:
    for r in range(world_size):
        try:
            m = json.loads((d / f"rank_{r:05d}.json").read_bytes())
        except FileNotFoundError:
            return f"rank {r}'s shard or manifest is missing"
        except (OSError, ValueError):
            return f"rank {r}'s manifest is unreadable (truncated or corrupt)"
        if not isinstance(m, dict) or m.get("world_size") != world_size:
            ws = m.get("world_size") if isinstance(m, dict) else "?"
            return f"written by {ws} ranks, this job has {world_size}"
    return None


def read(
    d: Path, rank: int, sink: Callable[[int], memoryview] = blob.alloc
) -> tuple[memoryview, dict[str, Any]]:
    """Reads one rank's snapshot into ``sink(size)`` and checks it against its manifest.

    Raises:
        ValueError: size or checksum disagree with the manifest, or a file is unreadable.
    """
    try:
        m = json.loads((d / f"rank_{rank:05d}.json").read_bytes())
        path = d / str(m["file"])
        size = int(m["bytes"])
        with path.open("rb", buffering=0) as f:
            if os.fstat(f.fileno()).st_size != size:
                raise ValueError(f"{path.name} has the wrong size (manifest says {size} bytes)")
            buf = sink(size)
            crc = pos = 0
            while pos < size:
                # The checksum of each chunk runs while the page cache reads ahead the next.
                got = f.readinto(buf[pos : pos + _CHUNK])
                if not got:
                    raise ValueError(f"{path.name} ended early (manifest says {size} bytes)")
                crc = blob.crc32(buf[pos : pos + got], crc)
                pos += got
    except (OSError, KeyError, TypeError, json.JSONDecodeError) as e:
        raise ValueError(f"unreadable: {e}") from None
    if crc != int(m["crc32"]):
        raise ValueError(f"{path.name} fails its checksum")
    return buf, m


def collect(root: Path, rank: int, world_size: int, keep: int) -> None:
    """Deletes this rank's files of steps older than the ``keep`` newest complete ones.

    Never touches the newest complete steps, nor anything newer than the oldest kept one
    (another rank may still be writing it). Whoever empties a step directory removes it.
    """
    steps = scan(root, world_size)
    complete = [s for s in steps if s.problem is None]
    if len(complete) <= keep:
        return
    oldest_kept = complete[keep - 1].step
    for s in steps:
        if s.step >= oldest_kept:
            continue
        for name in (f"rank_{rank:05d}.json", f"rank_{rank:05d}.bin"):
            with contextlib.suppress(OSError):
                (s.path / name).unlink()
        with contextlib.suppress(OSError):
            if not any(s.path.iterdir()):
                shutil.rmtree(s.path, ignore_errors=True)
