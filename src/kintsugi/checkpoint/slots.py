"""Tier 1: a rank's snapshots in shared-memory files on its node, outside the process.

Two slot files per rank (``rank_R.slot0/1`` in the node's holder directory under /dev/shm).
A save clears the slot's ``committed`` word, copies the snapshot in, then sets it: a rank that
dies mid-copy leaves that slot uncommitted and the other slot holding the previous snapshot.
The files live in page cache, so they outlive the rank; the holder removes them with the job.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import re
import struct
from dataclasses import dataclass
from pathlib import Path

from kintsugi.checkpoint import blob

SLOT_HEADER = 4096
_HDR = struct.Struct("<8sQqQQq")  # magic, committed, step, length, crc, world size
_MAGIC = b"KTSGSLT1"
NO_CRC = 1 << 40
_MADV_POPULATE_WRITE = 23
"""Linux 5.14+: allocate and map every page of a range now (Python lacks the constant)."""


@dataclass(slots=True)
class SlotInfo:
    """What a slot holds, read from its header."""

    index: int
    committed: bool
    step: int
    length: int
    crc: int | None
    """None until the background thread has computed it."""
    world_size: int


class Slot:
    """One shared-memory slot file, mapped for the life of the Checkpointer."""

    def __init__(self, path: Path, index: int) -> None:
        self.path = path
        self.index = index
        self._fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        self._mm: mmap.mmap | None = None
        self._size = 0
        size = os.fstat(self._fd).st_size
        if size >= SLOT_HEADER:
            self._map(size)

    def _map(self, size: int) -> None:
        if self._mm is not None:
            self._mm.close()
        self._mm = mmap.mmap(self._fd, size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
        self._size = size

    @property
    def buffer(self) -> mmap.mmap:
        assert self._mm is not None
        return self._mm

    def info(self) -> SlotInfo | None:
        """The header, or None for an empty or foreign file."""
        if self._mm is None:
            return None
        magic, committed, step, length, crc, ws = _HDR.unpack_from(self._mm, 0)
        if magic != _MAGIC or SLOT_HEADER + length > self._size:
            return None
        return SlotInfo(
            self.index, committed == 1, step, length, None if crc == NO_CRC else crc, ws
        )

    def reserve(self, length: int) -> None:
        """Grows the file to hold ``length`` bytes and faults its pages in, ahead of a save.

        Run in the background after the first save, so that the second save (which goes to
        this slot) is as cheap as the later ones.
        """
        need = SLOT_HEADER + length
        if need <= self._size:
            return
        os.ftruncate(self._fd, need)
        self._map(need)
        try:
            self.buffer.madvise(_MADV_POPULATE_WRITE)
        except (OSError, ValueError):
            os.posix_fallocate(self._fd, 0, need)  # kernels before 5.14: allocate at least

    def begin(self, length: int) -> memoryview:
        """Marks the slot uncommitted and returns a view of ``length`` payload bytes."""
        need = SLOT_HEADER + length
        if need > self._size:
            # Grow (first save, or a bigger state): tmpfs allocates pages only when touched.
            os.ftruncate(self._fd, need)
            self._map(need)
        _HDR.pack_into(self.buffer, 0, _MAGIC, 0, -1, length, NO_CRC, -1)
        return memoryview(self.buffer)[SLOT_HEADER:need]

    def commit(self, step: int, length: int, world_size: int) -> None:
        _HDR.pack_into(self.buffer, 0, _MAGIC, 1, step, length, NO_CRC, world_size)

    def set_crc(self, crc: int) -> None:
        magic, committed, step, length, _, ws = _HDR.unpack_from(self.buffer, 0)
        _HDR.pack_into(self.buffer, 0, magic, committed, step, length, crc, ws)

    def payload(self, length: int) -> memoryview:
        return memoryview(self.buffer)[SLOT_HEADER : SLOT_HEADER + length]

    def close(self) -> None:
        if self._mm is not None:
            # A tensor may still view the map; the OS unmaps it with the process then.
            with contextlib.suppress(BufferError):
                self._mm.close()
            self._mm = None
        os.close(self._fd)


def slot_paths(node_dir: Path, rank: int) -> list[Path]:
    return [node_dir / f"rank_{rank:05d}.slot{i}" for i in (0, 1)]


_NAME = re.compile(r"^rank_(\d{5})\.slot([01])$")


def scan(node_dir: Path) -> list[tuple[int, SlotInfo, Path]]:
    """Committed slots of every rank in ``node_dir``: (rank, header, path), newest first."""
    out = []
    try:
        names = os.listdir(node_dir)
    except OSError:
        return []
    for n in names:
        m = _NAME.match(n)
        if not m:
            continue
        p = node_dir / n
        try:
            with p.open("rb") as f:
                head = f.read(_HDR.size)
                size = os.fstat(f.fileno()).st_size
        except OSError:
            continue
        if len(head) < _HDR.size:
            continue
        magic, committed, step, length, crc, ws = _HDR.unpack(head)
        if magic == _MAGIC and committed == 1 and SLOT_HEADER + length <= size:
            info = SlotInfo(int(m.group(2)), True, step, length, None if crc == NO_CRC else crc, ws)
            out.append((int(m.group(1)), info, p))
    return sorted(out, key=lambda x: -x[1].step)


def read_valid(node_dir: Path, rank: int) -> list[tuple[SlotInfo, Path]]:
    """Committed slots of ``rank`` on this node, newest first."""
    return [(info, p) for r, info, p in scan(node_dir) if r == rank]


def load_slot(path: Path, info: SlotInfo) -> memoryview:
    """Reads a committed slot into a private buffer and checks it.

    Raises:
        ValueError: the checksum disagrees, or the snapshot is malformed.
    """
    buf = blob.alloc(info.length)
    with path.open("rb") as f:
        if os.fstat(f.fileno()).st_size < SLOT_HEADER + info.length:
            raise ValueError("slot is shorter than its header says")
        # A copy straight out of the shared pages: no read() buffer in between.
        with mmap.mmap(f.fileno(), SLOT_HEADER + info.length, access=mmap.ACCESS_READ) as mm:
            src = memoryview(mm)
            buf[:] = src[SLOT_HEADER : SLOT_HEADER + info.length]
            src.release()
    if info.crc is not None and blob.crc32(buf) != info.crc:
        raise ValueError("slot checksum mismatch")
    return buf
