"""Helpers for checkpoint tests: the saver process, and stopping holders a test started."""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kintsugi.checkpoint import fsys, holder

HERE = Path(__file__).resolve().parent
SAVER = HERE / "saver.py"


def stop_holders(root: Path | str) -> None:
    """Stops every holder whose directory belongs to the storage location ``root``."""
    key = fsys.target(root).key()
    digest = hashlib.blake2b(key.encode(), digest_size=4).hexdigest()
    base = Path("/dev/shm") / f"kintsugi-ckpt-{os.getuid()}"
    if not base.is_dir():
        return
    for d in base.iterdir():
        if f"-{digest}-" in d.name:
            holder.stop(d)


@pytest.fixture
def ckdir(tmp_path: Path) -> Iterator[Path]:
    d = tmp_path / "ckpt"
    yield d
    stop_holders(d)


def saver(d: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KINTSUGI_", "TORCHELASTIC"))}
    return subprocess.run(
        [sys.executable, str(SAVER), "--dir", str(d), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


def result(p: subprocess.CompletedProcess[str]) -> dict[str, object] | None:
    import json

    for line in p.stdout.splitlines():
        if line.startswith("RESULT "):
            got = json.loads(line[7:])
            assert got is None or isinstance(got, dict)
            return got
    raise AssertionError(f"no RESULT line: rc={p.returncode}\n{p.stdout}\n{p.stderr}")


def snapshot(state: object, step: int = 7) -> bytearray:
    """``state`` as snapshot bytes of rank 0 of 1, through the plain copy path."""
    from kintsugi.checkpoint import blob

    layout = blob.flatten(state)
    header = layout.header(step, 0, 1)
    buf = bytearray(layout.size(len(header)))
    off = blob.write_header(memoryview(buf), header)
    blob.copy_tensors(layout, buf, off)
    return buf


@contextlib.contextmanager
def small_tmpfs(path: Path, size: str) -> Iterator[Path]:
    """A tmpfs of ``size`` (``2m``) mounted at ``path`` for the test (skips where mounting is
    not allowed), unmounted after."""
    path.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)
