"""Where tier 3 lives: a POSIX directory, or any filesystem fsspec reaches (object stores).

The storage protocol (data first, manifest last, validate on read, keep the last N) is written
once in ``storage``; this module gives it the few operations it needs, for two kinds of
target. A local directory gets temporary names, fsync and rename. An fsspec target (``s3://``,
``gs://``, ``az://``, ``memory://``, ...) writes each object under its final name: an object
store makes a PUT visible whole or not at all, and a step counts only once every rank's
manifest exists, so a torn upload is never a restore candidate (its size and CRC would not
match the manifest either).
"""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path
from typing import IO, Any

from kintsugi.checkpoint.errors import StorageFull, UnwritableDirectory

_CHUNK = 16 << 20


class Target:
    """A storage location: a local directory (``fs`` None) or an fsspec filesystem and path."""

    def __init__(self, root: str, fs: Any = None, url: str | None = None) -> None:
        self.root = root
        self.fs = fs
        self.url = url or root
        """How users name it (the URL for fsspec targets)."""

    @property
    def local(self) -> bool:
        return self.fs is None

    def key(self) -> str:
        """A stable identity (one job's holders on one node share it)."""
        return str(Path(self.root).resolve()) if self.local else self.url

    def join(self, *parts: str) -> str:
        return "/".join([self.root.rstrip("/"), *parts])

    def display(self, path: str) -> str:
        """``path`` as the user would name it (with the URL scheme for fsspec targets)."""
        if self.local:
            return path
        return self.url.rstrip("/") + path[len(self.root.rstrip("/")) :]

    # --- operations ---------------------------------------------------------------------

    def check_writable(self) -> None:
        """Creates the location and proves an object can be written there.

        Raises:
            UnwritableDirectory: it cannot.
        """
        probe = self.join(f".probe.{os.getpid()}")
        try:
            self.makedirs(self.root)
            self.write_atomic(probe, [memoryview(b"ok")])
            self.unlink(probe)
        except Exception as e:  # noqa: BLE001 (fsspec back-ends raise their own types)
            reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e) or repr(e)
            raise UnwritableDirectory(
                f"checkpoint directory {self.url} is not writable ({reason}); "
                "give a directory you can write"
            ) from None

    def makedirs(self, d: str) -> None:
        if self.local:
            os.makedirs(d, exist_ok=True)
        else:
            self.fs.makedirs(d, exist_ok=True)

    def write_atomic(self, path: str, chunks: list[memoryview]) -> None:
        """Writes ``path`` whole or not at all (nothing is left under the final name).

        Raises:
            StorageFull: out of space or quota.
            OSError: any other failure.
        """
        if self.local:
            _write_local(Path(path), chunks)
            return
        try:
            with self.fs.open(path, "wb") as f:
                _write_chunks(f, chunks)
        except OSError as e:
            with contextlib.suppress(Exception):
                self.fs.rm_file(path)
            if e.errno in (errno.ENOSPC, errno.EDQUOT):
                raise StorageFull(f"checkpoint storage {self.url} is full") from None
            raise

    def sync_dir(self, d: str) -> None:
        """Makes renames in ``d`` durable (local directories only; objects need nothing)."""
        if self.local:
            fd = os.open(d, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)

    def listdir(self, d: str) -> list[str]:
        """Names in ``d``; empty when it does not exist or cannot be listed."""
        try:
            if self.local:
                return os.listdir(d)
            # s3fs, gcsfs and adlfs cache listings per process: another rank's (or process's)
            # newer objects would stay invisible to this one
            self.fs.invalidate_cache(d)
            return [p.rstrip("/").rsplit("/", 1)[-1] for p in self.fs.ls(d, detail=False)]
        except (OSError, ValueError):
            return []

    def read_bytes(self, path: str) -> bytes:
        """Raises OSError (FileNotFoundError when it does not exist)."""
        if self.local:
            return Path(path).read_bytes()
        data: bytes = self.fs.cat_file(path)
        return data

    def open_read(self, path: str) -> tuple[IO[bytes], int]:
        """An open file and its size. Raises OSError."""
        if self.local:
            f = open(path, "rb", buffering=0)  # noqa: SIM115 (the caller closes it)
            return f, os.fstat(f.fileno()).st_size
        self.fs.invalidate_cache(path)  # a size from a cached listing may be another upload's
        return self.fs.open(path, "rb"), int(self.fs.size(path))

    def unlink(self, path: str) -> None:
        with contextlib.suppress(OSError):
            if self.local:
                os.unlink(path)
            else:
                self.fs.rm_file(path)

    def remove_if_empty(self, d: str) -> None:
        """Removes the step directory ``d`` if nothing is left in it.

        ``rmdir`` refuses a directory that is not empty, so a file another rank writes into it
        meanwhile is never deleted with it (a listing first, then a recursive delete, would).
        """
        with contextlib.suppress(Exception):  # not empty, gone, or a back-end's own error
            if self.local:
                os.rmdir(d)
            else:
                self.fs.rmdir(d)


def target(directory: str | os.PathLike[str]) -> Target:
    """The target named by a path or URL (``file://`` is a local directory).

    Raises:
        UnwritableDirectory: a URL whose scheme fsspec does not know, or whose back-end is not
            installed.
    """
    s = os.fspath(directory)
    if "://" not in s or s.startswith("file://"):
        return Target(s.removeprefix("file://"))
    import fsspec

    try:
        fs, path = fsspec.core.url_to_fs(s)
    except (ImportError, ValueError) as e:
        raise UnwritableDirectory(
            f"checkpoint directory {s} cannot be opened ({e}); install the fsspec back-end "
            "for its scheme or give a local directory"
        ) from None
    return Target(str(path), fs, s)


def _write_chunks(f: IO[bytes], chunks: list[memoryview]) -> None:
    for c in chunks:
        for i in range(0, len(c), _CHUNK):
            f.write(c[i : i + _CHUNK])


def _write_local(path: Path, chunks: list[memoryview]) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with tmp.open("wb") as f:
            _write_chunks(f, chunks)
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
