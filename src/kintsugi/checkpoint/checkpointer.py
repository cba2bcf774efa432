"""The Checkpointer: saves that cost a memory copy, restores from the nearest valid tier.

``save`` copies the state into a shared-memory slot owned by the node's holder (tier 1) and
returns; a background thread then ships it to ``replicas`` other nodes' holders (tier 2) and
writes it atomically to storage (tier 3). ``restore`` takes the newest step every rank can
load, each rank from its fastest valid tier.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import shutil
import tempfile
import time
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kintsugi.checkpoint import blob, fsys, holder, placement, restore, wire
from kintsugi.checkpoint import interval as policy
from kintsugi.checkpoint.errors import CheckpointError, NotDistributed, StagingFull
from kintsugi.checkpoint.persist import Job, Persister
from kintsugi.checkpoint.restore import Restored
from kintsugi.checkpoint.slots import Slot, slot_paths
from kintsugi.runtime import messages as m
from kintsugi.runtime.ckpt import checkpoint_location
from kintsugi.runtime.core import send

log = logging.getLogger("kintsugi.checkpoint")
ENV_MTBF = policy.ENV_MTBF
_EMA = 0.3


class Checkpointer:
    """Checkpoints in host memory, in peers' memory and on storage.

    Args:
        directory: storage directory (default: ``$KINTSUGI_CHECKPOINT_DIR`` or the run's).
        replicas: how many other nodes keep a copy of each rank's newest snapshot.
        interval: ``"auto"`` (the planner's optimum, re-tuned as costs are measured), seconds
            between saves, or None to save on every ``save`` call.
        keep: complete checkpoints kept on storage (never fewer than one good one).
        memory: keep snapshots in the node's holder (False: private staging, no holder).
        mtbf_s: the job's mean time between failures for ``auto`` (default:
            ``$KINTSUGI_JOB_MTBF_S``, else 50,000 h per rank).
        storage_timeout_s: a storage write taking longer is reported failed.
        peer_timeout_s: socket timeout for peer copies.

    Raises:
        CheckpointError: a bad argument, an unwritable directory, or several ranks without
            torch.distributed.
    """

    def __init__(
        self,
        directory: str | os.PathLike[str] | None = None,
        replicas: int = 1,
        interval: str | float | None = "auto",
        keep: int = 3,
        *,
        memory: bool = True,
        mtbf_s: float | None = None,
        storage_timeout_s: float = 300.0,
        peer_timeout_s: float = 30.0,
    ) -> None:
        self._closed = True
        if not isinstance(keep, int) or keep < 1:
            raise CheckpointError(f"keep must be an integer >= 1, got {keep!r}")
        if not isinstance(replicas, int) or replicas < 0:
            raise CheckpointError(f"replicas must be an integer >= 0, got {replicas!r}")
        if (
            interval != "auto"
            and interval is not None
            and (
                isinstance(interval, bool)
                or not isinstance(interval, int | float)
                or not (interval > 0 and math.isfinite(interval))
            )
        ):
            raise CheckpointError(
                f"interval must be 'auto', a positive number of seconds or None, got {interval!r}"
            )
        for name, v in (
            ("storage_timeout_s", storage_timeout_s),
            ("peer_timeout_s", peer_timeout_s),
        ):
            if not (v > 0 and math.isfinite(v)):
                raise CheckpointError(f"{name} must be a positive number, got {v!r}")
        self.storage = fsys.target(checkpoint_location(directory))
        self.storage.check_writable()
        self.root = self.storage.url
        """The storage location as given: a directory, or an fsspec URL."""
        self.ident = placement.identity()
        if self.ident.world_size > 1 and not _dist_ready():
            raise NotDistributed(
                f"WORLD_SIZE is {self.ident.world_size} but torch.distributed is not "
                "initialized; call init_process_group before creating the Checkpointer"
            )
        self.replicas = replicas
        self.keep = keep
        self.interval = interval
        self._mtbf = policy.prior(mtbf_s, os.environ.get(ENV_MTBF))
        self._peer_timeout_s = peer_timeout_s
        self._started = time.time()
        self.node_dir: Path | None = None
        self._private: Path | None = None
        me = None
        if memory:
            me = self._start_holder()
        if self.node_dir is None:
            self._private = Path(tempfile.mkdtemp(prefix="kintsugi-stage-", dir=_shm()))
            # Private staging is not a tier: it goes with the process even without close().
            weakref.finalize(self, shutil.rmtree, self._private, True)
            stage_dir = self._private
        else:
            stage_dir = self.node_dir
        self.holders = placement.exchange(self.ident, me)
        targets = placement.replica_targets(self.ident.node, list(self.holders), replicas)
        if replicas and len(self.holders) <= 1:
            log.info("kintsugi: one node only: no peer replicas (replicas=%d)", replicas)
        self._slots = [Slot(p, i) for i, p in enumerate(slot_paths(stage_dir, self.ident.rank))]
        self._persister = Persister(
            slots=self._slots,
            storage=self.storage,
            rank=self.ident.rank,
            world_size=self.ident.world_size,
            keep=keep,
            peers=[self.holders[n] for n in targets if n in self.holders],
            storage_timeout_s=storage_timeout_s,
            peer_timeout_s=peer_timeout_s,
            report=send,
            newest=_newest(self._slots),
        )
        self._closed = False
        self._blocking_s: float | None = None
        self._step_s: float | None = None
        """Step time while no background work runs (the baseline)."""
        self._excess = 0.0
        """Step time lost since the last save to its background work (CPU, memory bandwidth)."""
        self._background_s: float | None = None
        self._restore_s = 0.0
        self._last_call: tuple[int, float] | None = None
        self._next_due: int | None = None
        self.interval_steps: int | None = None
        self.choice: policy.Choice | None = None
        self.saves = 0
        self.skipped_saves = 0

    def _start_holder(self) -> wire.Address | None:
        d = placement.node_dir(self.ident, self.storage.key())
        host = placement.advertised_host()
        try:
            info = holder.ensure(d, self.ident.node, placement.watched_pid(), host)
        except OSError as e:
            log.warning("kintsugi: no memory tier (%s); saving to storage only", e)
            return None
        self.node_dir = d
        self._started = float(info.get("started", self._started))
        return holder.address(self.ident.node, info)

    # --- saving ------------------------------------------------------------------------

    def due(self, step: int) -> bool:
        """Whether ``save(step, ...)`` would save (the same answer on every rank)."""
        return self.interval is None or self._next_due is None or step >= self._next_due

    def save(self, step: int, state: Any) -> bool:
        """Stages ``state`` as the snapshot of ``step`` if a save is due; call it on every rank.

        Returns once the snapshot is in shared memory (it survives this process); peers and
        storage follow in the background.

        Returns:
            True if a snapshot was taken.

        Raises:
            UnsupportedState: the state holds something other than tensors and plain values.
        """
        self._check_open()
        now = time.monotonic()
        if self._last_call is not None and step > self._last_call[0]:
            n = step - self._last_call[0]
            dt = (now - self._last_call[1]) / n
            if self._step_s is None or self._persister.idle():
                self._step_s = dt if self._step_s is None else _ema(self._step_s, dt)
            else:
                # Steps that ran beside the background (checksum, peer copies, storage) are
                # slower on a busy host: that slowdown is part of what a save costs.
                self._excess += max(0.0, dt - self._step_s) * n
        if not self.due(step):
            self._last_call = (step, now)
            return False
        layout = blob.flatten(state)
        header = layout.header(step, self.ident.rank, self.ident.world_size)
        length = layout.size(len(header))
        index = self._persister.pick()
        if index is None:
            self.skipped_saves += 1
            log.warning("kintsugi: step %d not saved: both slots held by stuck writes", step)
            self._plan(step)  # other ranks plan (a collective) at this step too
            self._last_call = (step, time.monotonic())
            return False
        slot = self._slots[index]
        fp = layout.fingerprint
        if layout.on_cuda:
            slot.pin()  # device-to-host copies at DMA speed; once per slot (a remap re-pins)
        try:
            if not slot.fits(length) and blob.plain(layout):
                slot.fill(length, blob.pieces(layout, header))  # first save: no page faults
            else:
                view = slot.begin(length)
                offset = blob.write_header(view, header)
                blob.copy_tensors(layout, view, offset)
                view.release()
        except OSError as e:
            # Training goes on from the previous checkpoint; wait() raises this.
            self._staging_failed(step, index, length, fp, e)
            return False
        slot.commit(step, length, self.ident.world_size)
        blocking = time.monotonic() - now
        self._persister.submit(Job(index, step, length, fp))
        self._blocking_s = (
            blocking if self._blocking_s is None else _ema(self._blocking_s, blocking)
        )
        if self.saves:
            bg, self._excess = self._excess, 0.0
            self._background_s = bg if self._background_s is None else _ema(self._background_s, bg)
        self.saves += 1
        self._plan(step)
        send(
            m.Checkpoint(
                rank=self.ident.rank,
                loaded=False,
                step=step,
                duration_s=blocking,
                path=f"memory://{self.ident.node}/rank{self.ident.rank}/step{step}",
                tier="memory",
                bytes=length,
                blocking_s=blocking,
            )
        )
        # Time spent saving is not step time.
        self._last_call = (step, time.monotonic())
        return True

    def _staging_failed(self, step: int, index: int, length: int, fp: str, e: OSError) -> None:
        where = self.node_dir or self._private
        err = StagingFull(
            f"checkpoint step {step} not saved: no room for {length / 2**20:.0f} MiB in "
            f"{where} ({e.strerror or e}); free or enlarge /dev/shm"
        )
        log.warning("kintsugi: %s", err)
        self.skipped_saves += 1
        self._persister.fail(Job(index, step, length, fp), err)
        self._plan(step)  # other ranks plan (a collective) at this step too
        self._last_call = (step, time.monotonic())

    def _plan(self, step: int) -> None:
        """Sets the next due step from the interval (identical on every rank)."""
        if self.interval is None:
            return
        blocking, background, step_s = placement.agree_max(
            [self._blocking_s or 0.0, self._background_s or 0.0, self._step_s or 0.0],
            self.ident.world_size,
        )
        if step_s <= 0:
            self._next_due = step + 1  # no step time yet: measure one more step
            return
        if self.interval == "auto":
            from kintsugi.runtime.core import info

            measured = policy.Measured(
                blocking_s=blocking,
                background_s=background,
                step_s=step_s,
                world_size=self.ident.world_size,
                prior_mtbf_s=self._mtbf[0],
                prior_source=self._mtbf[1],
                failures=info().attempt,
                elapsed_s=max(0.0, time.time() - self._started),
                restore_s=self._restore_s,
            )
            new = policy.choose(measured)
            if self.interval_steps is None or policy.should_retune(self.interval_steps, new):
                self.choice = new
                self.interval_steps = new.interval_steps
                send(
                    m.CheckpointInterval(
                        rank=self.ident.rank,
                        interval_s=new.interval_s,
                        interval_steps=new.interval_steps,
                        reason=new.reason,
                        blocking_s=blocking,
                        background_s=background,
                        step_s=step_s,
                        mtbf_s=new.mtbf_s,
                        mtbf_source=new.mtbf_source,
                        expected_overhead=new.expected_overhead,
                    )
                )
                log.info("kintsugi: checkpoint interval: %s", new.reason)
        else:
            assert isinstance(self.interval, int | float)
            self.interval_steps = max(1, round(float(self.interval) / step_s))
        assert self.interval_steps is not None
        self._next_due = step + self.interval_steps

    def wait(self, timeout_s: float | None = None) -> None:
        """Blocks until the newest save is durable on storage.

        Raises:
            CheckpointError: it could not be written (full disk, timeout, I/O error).
        """
        self._check_open()
        out = self._persister.wait(timeout_s)
        if out is not None and out.error is not None:
            raise out.error

    # --- restoring ---------------------------------------------------------------------

    def restore(self, into: Any = None, *, tiers: Sequence[str] = restore.TIERS) -> Restored | None:
        """Loads the newest checkpoint every rank can load; call it on every rank.

        Args:
            into: a live state (e.g. ``{"model": model.state_dict(), ...}``) to copy into in
                place; it must have the checkpoint's structure. The fastest way: no copy of
                the state is allocated.
            tiers: where to look (default all: ``memory``, ``peer``, ``storage``); e.g.
                ``("storage",)`` to distrust every copy in memory. The same on every rank.

        Returns:
            None when there is no checkpoint, else step, state, tier and what was skipped.

        Raises:
            IncompatibleCheckpoint: from another world size, or (with ``into``) another model.
        """
        self._check_open()
        bad = sorted(set(tiers) - set(restore.TIERS))
        if bad or not tiers:
            raise CheckpointError(f"tiers must be some of {restore.TIERS}, got {tuple(tiers)!r}")
        t0 = time.monotonic()
        skipped: list[str] = []
        cands = restore.candidates(
            rank=self.ident.rank,
            world_size=self.ident.world_size,
            node=self.ident.node,
            node_dir=self.node_dir,
            holders=self.holders,
            storage=self.storage,
            skipped=skipped,
            peer_timeout_s=self._peer_timeout_s,
            tiers=tiers,
        )
        staged: list[int] = []

        def sink(n: int) -> memoryview:
            # A snapshot fetched from a peer or storage lands in a staging slot: restaging it
            # into this node's memory tier then costs nothing.
            index = staged[0] if staged else self._persister.pick()
            if index is not None:
                try:
                    view = self._slots[index].begin(n)
                except OSError as e:  # shared memory full: restore anyway, without restaging
                    log.warning("kintsugi: restoring without staging in memory: %s", e)
                else:
                    staged[:] = [index]
                    return view
            return blob.alloc(n)

        r = restore.restore(cands, self.ident.rank, self.ident.world_size, skipped, sink)
        if r is None:
            return None
        assert r.raw is not None
        if into is not None:
            blob.load_into(into, r.state, dry_run=True)
            blob.load_into(into, r.state)
            r.state = into
        else:
            # The tensors view a slot that later saves overwrite: the caller gets its own.
            r.state = blob.parse(r.raw, copy=True).state
        if r.tier != "memory" and staged and _within(r.raw, self._slots[staged[0]]):
            self._restaged(r, staged[0])
        with contextlib.suppress(BufferError):  # a tensor may still view it; GC then frees it
            r.raw.release()
        r.raw = None
        r.duration_s = time.monotonic() - t0
        self._restore_s = r.duration_s
        send(
            m.Checkpoint(
                rank=self.ident.rank,
                loaded=True,
                step=r.step,
                duration_s=r.duration_s,
                path=r.source,
                tier=r.tier,
            )
        )
        return r

    def _restaged(self, r: Restored, index: int) -> None:
        """Commits a snapshot fetched from a peer or storage into staging slot ``index`` (this
        node's memory tier again), and re-replicates it (a replacement node must hold copies
        again)."""
        assert r.raw is not None
        length = len(r.raw)
        slot = self._slots[index]
        h, _ = blob.read_header(r.raw)
        slot.commit(r.step, length, self.ident.world_size)
        self._persister.submit(  # the background computes the CRC, as after a save
            Job(index, r.step, length, str(h["fingerprint"]), to_storage=r.tier != "storage")
        )

    # --- lifetime ----------------------------------------------------------------------

    def close(self, timeout_s: float | None = None) -> None:
        """Waits for background work (up to ``timeout_s``), then releases resources.

        The node's holder keeps the snapshots for a restarted rank; it exits with the job.
        """
        if self._closed:
            return
        self._closed = True
        self._persister.close(timeout_s)
        for s in self._slots:
            s.close()
        if self._private is not None:
            shutil.rmtree(self._private, ignore_errors=True)

    def __enter__(self) -> Checkpointer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _check_open(self) -> None:
        if self._closed:
            raise CheckpointError("this Checkpointer is closed; create a new one")


def _newest(slots: list[Slot]) -> int | None:
    """The slot holding the newest committed snapshot (a restarted rank's first save must not
    overwrite it), or None."""
    held = [(i.step, i.index) for i in (s.info() for s in slots) if i is not None and i.committed]
    return max(held)[1] if held else None


def _within(view: memoryview, slot: Slot) -> bool:
    """Whether ``view`` is the payload of ``slot`` (not a private fallback buffer)."""
    return view.obj is slot.buffer


def _ema(old: float, new: float) -> float:
    return (1 - _EMA) * old + _EMA * new


def _shm() -> str | None:
    return "/dev/shm" if os.path.isdir("/dev/shm") else None


def _dist_ready() -> bool:
    return placement.dist_ready()
