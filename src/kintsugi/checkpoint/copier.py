"""Bulk copies of checkpoint bytes on a few threads, the GIL released.

One thread copies at most ~6-10 GB/s; a node's memory moves several times that. During a
save the training loop waits anyway, and under torchrun every rank runs one intra-op thread
(``OMP_NUM_THREADS=1``), so the cores beside it are idle: the copy uses up to
``threads()`` of them. ``ctypes.memmove`` and ``os.pwrite`` release the GIL.
"""

from __future__ import annotations

import ctypes
import os
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

ENV_THREADS = "KINTSUGI_COPY_THREADS"
_PIECE = 8 << 20
"""Large copies are cut into pieces of this size so that threads share them evenly."""
_MIN_PARALLEL = 16 << 20
"""Below this many bytes one thread is faster than handing work out."""
_MAX_THREADS = 8

_lock = threading.Lock()
_pool: ThreadPoolExecutor | None = None
T = TypeVar("T")


def threads() -> int:
    """Copy threads per rank: ``$KINTSUGI_COPY_THREADS``, else this process's CPUs shared by
    the node's ranks (``LOCAL_WORLD_SIZE``), at most 8."""
    env = os.environ.get(ENV_THREADS, "").strip()
    if env.isdigit() and int(env) > 0:
        return int(env)
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    local = os.environ.get("LOCAL_WORLD_SIZE", "1")
    per_rank = (cpus or 1) // max(1, int(local) if local.isdigit() else 1)
    return max(1, min(_MAX_THREADS, per_rank))


def piece() -> int:
    """How large a share of one copy each thread takes. With one thread, runs stay whole:
    glibc takes its non-temporal path for huge runs (above ~the L3 size: 1.7x faster here),
    which cutting them would lose."""
    return _PIECE if threads() > 1 else 1 << 62


def _executor(n: int) -> ThreadPoolExecutor:
    global _pool
    with _lock:
        if _pool is None or _pool._max_workers != n:
            if _pool is not None:
                _pool.shutdown(wait=False)
            _pool = ThreadPoolExecutor(n, thread_name_prefix="kintsugi-copy")
        return _pool


def _forget_pool() -> None:
    global _pool
    _pool = None  # a forked child has the object but none of its threads


os.register_at_fork(after_in_child=_forget_pool)


def each(fn: Callable[[T], object], items: Iterable[T], nbytes: int) -> None:
    """Runs ``fn`` on every item, on the copy threads when ``nbytes`` is worth it."""
    n = threads()
    todo = list(items)
    if n <= 1 or nbytes < _MIN_PARALLEL or len(todo) <= 1:
        for it in todo:
            fn(it)
        return
    for _ in _executor(n).map(fn, todo):
        pass  # re-raises the first error


class Batch:
    """memmoves collected while walking a state, then run together."""

    def __init__(self) -> None:
        self._runs: list[tuple[int, int, int]] = []
        self.nbytes = 0
        self._piece = piece()

    def add(self, dst: int, src: int, n: int) -> None:
        """Copies ``n`` bytes from address ``src`` to ``dst`` at ``run()``; both must stay
        valid until then."""
        for off in range(0, n, self._piece):
            self._runs.append((dst + off, src + off, min(self._piece, n - off)))
        self.nbytes += n

    def run(self) -> None:
        each(_move_all, groups(self._runs, self.nbytes, threads(), lambda r: r[2]), self.nbytes)
        self._runs.clear()
        self.nbytes = 0


def groups(items: list[T], nbytes: int, n: int, size: Callable[[T], int]) -> list[list[T]]:
    """``items`` in consecutive groups of about ``nbytes / (4 n)`` bytes each: a state of
    thousands of small tensors becomes a few tasks, not a task (and a future) per tensor."""
    target = max(1, nbytes // (4 * n))
    out: list[list[T]] = [[]]
    filled = 0
    for it in items:
        if filled >= target:
            out.append([])
            filled = 0
        out[-1].append(it)
        filled += size(it)
    return [g for g in out if g]


def _move_all(group: list[tuple[int, int, int]]) -> None:
    for dst, src, n in group:
        ctypes.memmove(dst, src, n)
