"""A minimal checkpoint helper: save and load the newest checkpoint, atomically.

Rank 0 writes ``step_<N>.pt`` through a temporary file, fsync and rename, so a crash mid-write
never leaves a torn checkpoint under a final name; every rank enters the ``checkpoint``
section and waits at a barrier. Loading uses ``torch.load(weights_only=True)``: a checkpoint
file cannot run code. The full Checkpointer (async, peer memory) supersedes this.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

from kintsugi.runtime import messages as m
from kintsugi.runtime.core import ENV_RUN_DIR, info, log, section, send

ENV_CKPT_DIR = "KINTSUGI_CHECKPOINT_DIR"
_NAME = re.compile(r"^step_(\d+)\.pt$")


def checkpoint_location(directory: str | os.PathLike[str] | None = None) -> str:
    """The storage location in use, as given: the argument, ``$KINTSUGI_CHECKPOINT_DIR``, or
    the run's directory. A URL (``s3://...``) stays a URL: a ``Path`` would fold its ``//``."""
    if directory is not None:
        return os.fspath(directory)
    env = os.environ.get(ENV_CKPT_DIR)
    if env:
        return env
    run_dir = os.environ.get(ENV_RUN_DIR)
    return str(Path(run_dir) / "checkpoints") if run_dir else "checkpoints"


def checkpoint_dir(directory: str | os.PathLike[str] | None = None) -> Path:
    """The directory in use (``checkpoint_location`` as a local path)."""
    return Path(checkpoint_location(directory))


def _barrier() -> None:
    import torch.distributed as dist

    if dist.is_available() and dist.is_initialized():
        dist.barrier()


def save_checkpoint(
    state: dict[str, Any],
    step: int,
    directory: str | os.PathLike[str] | None = None,
    keep: int = 2,
) -> Path:
    """Saves ``state`` as the checkpoint of ``step``; call it on every rank.

    Args:
        state: what to save (tensors, numbers, strings, lists, dicts).
        step: the iteration the state is after; training resumes at ``step + 1``.
        directory: where to write (default: see ``checkpoint_dir``).
        keep: how many newest checkpoints to keep.

    Returns:
        The checkpoint's path.
    """
    import torch

    d = checkpoint_dir(directory)
    path = d / f"step_{step:09d}.pt"
    t0 = time.monotonic()
    with section("checkpoint"):
        if info().rank == 0:
            d.mkdir(parents=True, exist_ok=True)
            tmp = d / f".{path.name}.{os.getpid()}.tmp"
            try:
                with tmp.open("wb") as f:
                    torch.save(state, f)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, path)
            finally:
                tmp.unlink(missing_ok=True)
            _fsync_dir(d)
            for old in _list(d)[keep:]:
                old[1].unlink(missing_ok=True)
        _barrier()
    duration = time.monotonic() - t0
    send(
        m.Checkpoint(rank=info().rank, loaded=False, step=step, duration_s=duration, path=str(path))
    )
    return path


def load_checkpoint(
    directory: str | os.PathLike[str] | None = None,
) -> tuple[int, dict[str, Any]] | None:
    """Loads the newest readable checkpoint.

    Returns:
        ``(step, state)``, or None when there is none. A file that fails to load is skipped
        (with a warning) in favour of the next older one.
    """
    import torch

    d = checkpoint_dir(directory)
    t0 = time.monotonic()
    with section("restore"):
        for step, path in _list(d):
            try:
                state = torch.load(path, map_location="cpu", weights_only=True)
            except Exception as e:  # noqa: BLE001 - any unreadable file: fall back to older
                log.warning("kintsugi: skipping unreadable checkpoint %s: %s", path, e)
                continue
            took = time.monotonic() - t0
            send(
                m.Checkpoint(
                    rank=info().rank, loaded=True, step=step, duration_s=took, path=str(path)
                )
            )
            return step, state
    return None


def _list(d: Path) -> list[tuple[int, Path]]:
    """Checkpoints in ``d``, newest first."""
    try:
        names = os.listdir(d)
    except FileNotFoundError:
        return []
    found = [(int(m.group(1)), d / n) for n in names if (m := _NAME.match(n))]
    return sorted(found, reverse=True)


def _fsync_dir(d: Path) -> None:
    fd = os.open(d, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
