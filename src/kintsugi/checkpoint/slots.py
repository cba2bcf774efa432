"""Tier 1: a rank's snapshots in shared-memory files on its node, outside the process.

Two slot files per rank (``rank_R.slot0/1`` in the node's holder directory under /dev/shm).
A save clears the slot's ``committed`` word, copies the snapshot in, then sets it: a rank that
dies mid-copy leaves that slot uncommitted and the other slot holding the previous snapshot.
The files live in page cache, so they outlive the rank; the holder removes them with the job.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import mmap
import os
import re
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kintsugi.checkpoint import blob, copier

log = logging.getLogger("kintsugi.checkpoint")

SLOT_HEADER = 4096
_HDR = struct.Struct("<8sQqQQq")  # magic, committed, step, length, crc, world size
_MAGIC = b"KTSGSLT1"
NO_CRC = 1 << 40
_MADV_POPULATE_WRITE = 23
"""Linux 5.14+: allocate and map every page of a range now (Python lacks the constant)."""
_libc = ctypes.CDLL(None, use_errno=True)
_libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
_libc.madvise.restype = ctypes.c_int


def _address(mm: mmap.mmap) -> int:
    anchor = ctypes.c_char.from_buffer(mm)
    addr = ctypes.addressof(anchor)
    del anchor  # the export must not outlive this call: the slot may remap later
    return addr


def _cudart() -> Any:
    import torch

    return torch.cuda.cudart()  # type: ignore[no-untyped-call]


def _cuda_register(addr: int, size: int) -> bool:
    """``cudaHostRegister`` (portable) of ``size`` bytes at ``addr``; False where refused."""
    err = int(_cudart().cudaHostRegister(addr, size, 1))
    if err == 0:
        return True
    _clear_cuda_error()
    log.warning(
        "kintsugi: cannot pin %d MiB of shared memory for CUDA (cudaError %d); "
        "saves copy through pageable memory",
        size >> 20,
        err,
    )
    return False


def _clear_cuda_error() -> None:
    """Resets the CUDA runtime's last error after a refused registration: PyTorch checks it
    after every kernel launch and would blame the next one for it. PyTorch exposes no
    ``cudaGetLastError``; the runtime library it loaded does."""
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/maps").read_text().splitlines():
            path = line.split()[-1]
            if "/libcudart" in path:
                ctypes.CDLL(path).cudaGetLastError()
                return


def _cuda_unregister(addr: int) -> None:
    _cudart().cudaHostUnregister(addr)


def _populate(mm: mmap.mmap) -> None:
    """``madvise(MADV_POPULATE_WRITE)`` over the whole mapping, without the GIL.

    ``mmap.madvise`` holds the GIL for the whole call: populating a gigabyte in the background
    would stall the training thread for the better part of a second.

    Raises:
        OSError: the kernel refused (before 5.14: EINVAL).
    """
    addr = _address(mm)
    if _libc.madvise(addr, len(mm), _MADV_POPULATE_WRITE) != 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))


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
        self._pin_wanted = False
        self._pinned: int | None = None
        """The address CUDA has page-locked, while it is."""
        size = os.fstat(self._fd).st_size
        if size >= SLOT_HEADER:
            self._map(size)

    def _map(self, size: int) -> None:
        self._unpin()
        if self._mm is not None:
            self._mm.close()
        self._mm = mmap.mmap(self._fd, size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
        self._size = size
        if self._pin_wanted:
            self.pin()

    def pin(self) -> None:
        """Page-locks the mapping for CUDA, as ``pin_memory`` does, so that device-to-host
        copies into it run at DMA speed and asynchronously; a remap (the slot grows) pins the
        new mapping. Only for states with CUDA tensors: a CPU job never initialises CUDA.

        Where CUDA refuses (a locked-memory limit, a driver without support), copies go
        through pageable memory as before, only slower.
        """
        self._pin_wanted = True
        if self._pinned is not None or self._mm is None:
            return
        addr = _address(self._mm)
        if _cuda_register(addr, self._size):
            self._pinned = addr

    def _unpin(self) -> None:
        if self._pinned is not None:
            _cuda_unregister(self._pinned)
            self._pinned = None

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
        """Grows the slot to hold ``length`` bytes, its pages allocated and mapped.

        The background runs it after a save, so that the next save into this slot is as cheap
        as the later ones; ``begin`` runs it for a slot that must grow. Every page exists
        before anything is copied in: a copy into a page tmpfs cannot allocate would kill the
        process with SIGBUS, while ``posix_fallocate`` says ENOSPC. Then the mapping is
        populated in one call: 256 MB here, fallocate 23 ms + populate 56 ms + copy 24 ms,
        against 157 ms for a copy that faults each page in.

        Raises:
            OSError: shared memory is full (the slot keeps its previous size and content).
        """
        need = SLOT_HEADER + length
        if need <= self._size:
            return
        try:
            os.posix_fallocate(self._fd, 0, need)
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, self._size)
            raise
        self._map(need)
        with contextlib.suppress(OSError):
            _populate(self.buffer)  # the pages exist: this only maps them

    def fits(self, length: int) -> bool:
        """Whether a snapshot of ``length`` bytes fits the slot's current mapping."""
        return SLOT_HEADER + length <= self._size

    def fill(self, length: int, parts: list[tuple[int, Any]]) -> None:
        """Writes a snapshot given as (payload offset, bytes) pieces with ``pwrite``, uncommitted.

        For a slot that must grow (the first save): writing allocates each page and fills it
        in one pass, without the page fault per 4 KiB page that a copy into a fresh mapping
        pays (and without zeroing pages that are about to be overwritten).

        Raises:
            OSError: shared memory is full (ENOSPC); the slot is left uncommitted.
        """
        need = SLOT_HEADER + length
        try:
            os.ftruncate(self._fd, need)
            _pwrite_all(self._fd, _HDR.pack(_MAGIC, 0, -1, length, NO_CRC, -1), 0)
            fd, step = self._fd, copier.piece()
            items = [
                (off + i, mv[i : i + step])
                for off, part in parts
                for mv in [memoryview(part).cast("B")]
                for i in range(0, len(mv), step)
            ]

            def write(group: list[tuple[int, memoryview]]) -> None:
                for off, data in group:
                    _pwrite_all(fd, data, SLOT_HEADER + off)

            copier.each(
                write,
                copier.groups(items, length, copier.threads(), lambda it: len(it[1])),
                length,
            )
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, self._size)  # give back what was written
            raise
        self._map(need)

    def warm(self) -> None:
        """Maps every page of the slot now (they exist after ``fill``; the mapping does not),
        so that the next save into it takes no minor faults. Run in the background."""
        if self._mm is not None:
            with contextlib.suppress(OSError):
                _populate(self._mm)

    def begin(self, length: int) -> memoryview:
        """Marks the slot uncommitted and returns a view of ``length`` payload bytes.

        Raises:
            OSError: the slot must grow and shared memory is full.
        """
        self.reserve(length)
        need = SLOT_HEADER + length
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
        self._unpin()
        if self._mm is not None:
            # A tensor may still view the map; the OS unmaps it with the process then.
            with contextlib.suppress(BufferError):
                self._mm.close()
            self._mm = None
        os.close(self._fd)


def _pwrite_all(fd: int, data: Any, offset: int) -> None:
    mv = memoryview(data).cast("B")
    while len(mv):
        n = os.pwrite(fd, mv, offset)
        mv, offset = mv[n:], offset + n


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


def map_slot(path: Path, info: SlotInfo) -> memoryview:
    """A view of a committed slot's payload, checked against its CRC; no copy.

    The view keeps the mapping alive; tensors parsed from it must be copied out before the
    slot is written again.

    Raises:
        ValueError: the checksum disagrees, or the slot is shorter than its header says.
    """
    with path.open("rb") as f:
        if os.fstat(f.fileno()).st_size < SLOT_HEADER + info.length:
            raise ValueError("slot is shorter than its header says")
        # Copy-on-write: writable for torch.frombuffer, though nothing ever writes to it.
        mm = mmap.mmap(f.fileno(), SLOT_HEADER + info.length, access=mmap.ACCESS_COPY)
    view = memoryview(mm)[SLOT_HEADER : SLOT_HEADER + info.length]
    if info.crc is not None and blob.crc32(view) != info.crc:
        view.release()
        mm.close()
        raise ValueError("slot checksum mismatch")
    return view
