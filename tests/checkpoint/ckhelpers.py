"""Helpers for checkpoint tests: the saver process, and stopping holders a test started."""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from kintsugi.checkpoint import fsys, holder

HERE = Path(__file__).resolve().parent
SAVER = HERE / "saver.py"


def torchrun_two(job: str, *args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    """``torchrun --standalone --nproc-per-node 2`` of one of this folder's jobs, without the
    caller's ``KINTSUGI_*`` and ``TORCHELASTIC_*`` variables (a job of its own)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KINTSUGI_", "TORCHELASTIC"))}
    cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc-per-node", "2"]
    return subprocess.run(
        [*cmd, str(HERE / job), *args], capture_output=True, text=True, timeout=timeout, env=env
    )


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


def corrupt_then_tear(url: str, fs: Any, state: Callable[[int], dict[str, object]]) -> None:
    """Saves steps 1 and 2 to the object store at ``url``, flips a byte of step 2's data and
    leaves an upload of step 3 without its manifest: restore must skip both, naming why, and
    return step 1 from storage."""
    import kintsugi

    ck = kintsugi.Checkpointer(url, replicas=0, interval=None, keep=3, memory=False)
    try:
        for step in (1, 2):
            ck.save(step, state(step))
            ck.wait()
        data = f"{url}/step_000000000002/rank_00000.bin"
        raw = bytearray(fs.cat_file(data))
        raw[-5] ^= 0xFF
        fs.pipe_file(data, bytes(raw))
        # An upload cut off before its manifest: never a candidate.
        fs.pipe_file(f"{url}/step_000000000003/rank_00000.bin", b"partial")
        r = ck.restore()
        assert r is not None and (r.step, r.tier) == (1, "storage")
        skipped = " | ".join(r.skipped)
        assert "storage step 3" in skipped and "missing" in skipped, skipped
        assert "step 2" in skipped and "checksum" in skipped, skipped
    finally:
        ck.close()
