"""Open a bundle's file as bytes, transparently decompressing gzip, bzip2 and xz logs.

Operators often collect ``dmesg.txt.gz`` or rotated ``syslog.2.gz``; the magic bytes, not the
name, decide. Decompressed reads are capped so that a compression bomb cannot stall a scan.
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
from pathlib import Path

MAX_INFLATED = 4 << 30
"""Bytes read from one compressed file at most."""
_MAGIC = ((b"\x1f\x8b", "gzip"), (b"BZh", "bzip2"), (b"\xfd7zXZ\x00", "xz"))
DECOMPRESS_ERRORS = (OSError, EOFError, lzma.LZMAError, ValueError)
"""What a corrupt compressed file raises while it is read."""


def compression(head: bytes) -> str | None:
    """The compression a file's first bytes announce, or None."""
    return next((name for magic, name in _MAGIC if head.startswith(magic)), None)


class _Capped(io.BufferedIOBase):
    """A reader that stops after ``limit`` bytes."""

    def __init__(self, inner: io.BufferedIOBase, limit: int) -> None:
        self.inner, self.left = inner, limit

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        if self.left <= 0:
            return b""
        n = self.left if size is None or size < 0 else min(size, self.left)
        data = self.inner.read(n)
        self.left -= len(data)
        return data

    def close(self) -> None:
        self.inner.close()
        super().close()


def open_bytes(path: Path, kind: str | None) -> io.BufferedIOBase:
    """``path`` opened for reading bytes, decompressed when ``kind`` names a compression.

    The caller closes it (``with open_bytes(...) as f``).
    """
    inner: io.BufferedIOBase
    if kind == "gzip":
        inner = gzip.GzipFile(path, "rb")
    elif kind == "bzip2":
        inner = bz2.BZ2File(path, "rb")
    elif kind == "xz":
        inner = lzma.LZMAFile(path, "rb")  # noqa: SIM115 - returned open, the caller closes it
    else:
        return path.open("rb")
    return _Capped(inner, MAX_INFLATED)


def read_bytes(path: Path, kind: str | None, limit: int) -> bytes:
    """Up to ``limit`` bytes of the (decompressed) file."""
    with open_bytes(path, kind) as f:
        return f.read(limit)
