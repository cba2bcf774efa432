"""The background side of a save: checksum, copies to peers, then storage, off the training path.

One worker thread takes the newest staged snapshot (older pending ones are superseded). A
storage write runs in its own thread with a deadline: past it the save is reported failed, the
previous checkpoint stays latest, and the slot stays held until the write ends, if ever.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from kintsugi.checkpoint import blob, storage, wire
from kintsugi.checkpoint.errors import CheckpointError, StorageTimeout
from kintsugi.checkpoint.fsys import Target
from kintsugi.checkpoint.slots import Slot
from kintsugi.runtime import messages as m

log = logging.getLogger("kintsugi.checkpoint")


@dataclass(slots=True)
class Job:
    slot: int
    step: int
    length: int
    fingerprint: str
    to_storage: bool = True
    crc: int | None = None


@dataclass(slots=True)
class Outcome:
    step: int
    error: CheckpointError | None = None
    path: str = ""
    duration_s: float = 0.0


@dataclass(slots=True)
class SlotBook:
    """Which slots the background holds; guarded by ``lock``."""

    lock: threading.Condition = field(default_factory=threading.Condition)
    reading: int | None = None
    """The slot the worker is reading now."""
    stuck: set[int] = field(default_factory=set)
    """Slots held by storage writes that passed their deadline."""
    newest: int | None = None
    pending: Job | None = None
    idle: bool = True
    last: Outcome | None = None
    """The result of the newest job that reached storage (or failed to)."""


Report = Callable[[m.Message], None]
NICE = 10
"""The background's niceness: checksums, peer copies and storage writes take the CPU only
when training leaves it (on a busy host they would slow the other ranks' saves and steps)."""


def background_priority() -> None:
    """Lowers the calling thread's priority to ``NICE`` (Linux: niceness is per thread)."""
    with contextlib.suppress(OSError, AttributeError):
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid, max(NICE, os.getpriority(os.PRIO_PROCESS, tid)))


class Persister:
    """Runs jobs for one rank: peers first (fast, protects against a node loss), storage next."""

    def __init__(
        self,
        *,
        slots: list[Slot],
        storage: Target,
        rank: int,
        world_size: int,
        keep: int,
        peers: list[wire.Address],
        storage_timeout_s: float,
        peer_timeout_s: float,
        report: Report,
        newest: int | None = None,
    ) -> None:
        self.book = SlotBook(newest=newest)
        self._slots = slots
        self._storage = storage
        self._rank = rank
        self._ws = world_size
        self._keep = keep
        self.peers = peers
        self._storage_timeout_s = storage_timeout_s
        self._peer_timeout_s = peer_timeout_s
        self._report = report
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="kintsugi-ckpt", daemon=True)
        self._thread.start()

    def pick(self) -> int | None:
        """A slot to stage into, or None when the background holds both."""
        b = self.book
        with b.lock:
            held = b.stuck | ({b.reading} if b.reading is not None else set())
            free = [i for i in range(len(self._slots)) if i not in held]
            if not free:
                return None
            # Prefer keeping the newest snapshot intact; if it is the only free slot, the held
            # one still has an older committed snapshot for as long as this copy takes.
            choice = next((i for i in free if i != b.newest), free[0])
            if b.pending is not None and b.pending.slot == choice:
                b.pending = None  # superseded: its bytes are about to be overwritten
            return choice

    def idle(self) -> bool:
        """True when no background work runs or waits (read without the lock: a hint)."""
        return self.book.idle and self.book.pending is None

    def submit(self, job: Job) -> None:
        b = self.book
        with b.lock:
            b.newest = job.slot
            b.pending = job
            b.idle = False
            b.lock.notify_all()

    def fail(self, job: Job, error: CheckpointError) -> None:
        """Reports a save that never reached the background (it could not be staged)."""
        self._finish(job, Outcome(job.step, error))

    def wait(self, timeout_s: float | None = None) -> Outcome | None:
        """Blocks until no job is pending or running; returns the newest outcome."""
        b = self.book
        with b.lock:
            b.lock.wait_for(lambda: b.idle and b.pending is None, timeout=timeout_s)
            return b.last

    def close(self, timeout_s: float | None = None) -> None:
        self.wait(timeout_s)
        with self.book.lock:
            self._closing = True
            self.book.lock.notify_all()
        self._thread.join(timeout=5.0)

    def _run(self) -> None:
        background_priority()
        b = self.book
        while True:
            with b.lock:
                b.lock.wait_for(lambda: b.pending is not None or self._closing)
                if self._closing and b.pending is None:
                    return
                job = b.pending
                assert job is not None
                b.pending = None
                b.reading = job.slot
            try:
                self._do(job)
            except Exception as e:  # never let the worker die; report instead
                log.exception("kintsugi: checkpoint step %d failed in the background", job.step)
                self._finish(job, Outcome(job.step, CheckpointError(f"save failed: {e}")))
            with b.lock:
                b.reading = None
            self._prefault(job)
            with b.lock:
                b.idle = b.pending is None
                b.lock.notify_all()

    def _prefault(self, job: Job) -> None:
        """Readies both slots for the next saves: maps the pages of the one just written (a
        first save writes them without mapping them) and grows and faults in the other."""
        b = self.book
        other = 1 - job.slot
        with b.lock:
            if b.pending is not None or other in b.stuck:
                return
            b.reading = other  # keeps ``pick`` off this slot while it is remapped
        try:
            if job.slot not in b.stuck:
                self._slots[job.slot].warm()
            self._slots[other].reserve(job.length)
        except OSError as e:
            log.warning("kintsugi: cannot reserve the second staging slot: %s", e)
        finally:
            with b.lock:
                b.reading = None

    def _do(self, job: Job) -> None:
        slot = self._slots[job.slot]
        payload = slot.payload(job.length)
        if job.crc is None:
            job.crc = blob.crc32(payload)
            slot.set_crc(job.crc)
        meta = {"rank": self._rank, "step": job.step, "crc": job.crc, "world_size": self._ws}
        for addr in self.peers:
            t0 = time.monotonic()
            try:
                wire.put(addr, meta, payload, self._peer_timeout_s)
                log.debug(
                    "kintsugi: step %d copied to %s in %.3f s",
                    job.step,
                    addr.node,
                    time.monotonic() - t0,
                )
            except (OSError, ValueError) as e:
                log.warning("kintsugi: copy of step %d to %s failed: %s", job.step, addr.node, e)
        if not job.to_storage:
            return
        self._store(job, payload)

    def _store(self, job: Job, payload: memoryview) -> None:
        b = self.book
        result: list[Outcome] = []
        t0 = time.monotonic()
        assert job.crc is not None
        crc = job.crc

        def write() -> None:
            background_priority()
            try:
                path = storage.write(
                    self._storage, job.step, self._rank, self._ws, payload, crc, job.fingerprint
                )
                storage.collect(self._storage, self._rank, self._ws, self._keep)
                result.append(Outcome(job.step, None, path, time.monotonic() - t0))
            except CheckpointError as e:
                result.append(Outcome(job.step, e, "", time.monotonic() - t0))
            except OSError as e:
                err = CheckpointError(
                    f"checkpoint step {job.step} could not be written to {self._storage.url}: "
                    f"{e.strerror or e}"
                )
                result.append(Outcome(job.step, err, "", time.monotonic() - t0))
            finally:
                with b.lock:
                    b.stuck.discard(job.slot)
                    b.lock.notify_all()

        writer = threading.Thread(target=write, name="kintsugi-ckpt-write", daemon=True)
        with b.lock:
            b.stuck.add(job.slot)
        writer.start()
        writer.join(self._storage_timeout_s)
        if writer.is_alive():
            err = StorageTimeout(
                f"checkpoint step {job.step} did not reach {self._storage.url} within "
                f"{self._storage_timeout_s:g} s; the previous checkpoint stays latest"
            )
            self._finish(job, Outcome(job.step, err, "", time.monotonic() - t0))
            return
        self._finish(job, result[0])

    def _finish(self, job: Job, out: Outcome) -> None:
        with self.book.lock:
            self.book.last = out
        if out.error is not None:
            log.warning("kintsugi: %s", out.error)
        self._report(
            m.CheckpointPersisted(
                rank=self._rank,
                step=out.step,
                ok=out.error is None,
                duration_s=out.duration_s,
                path=out.path,
                bytes=job.length,
                reason=None if out.error is None else str(out.error),
            )
        )
