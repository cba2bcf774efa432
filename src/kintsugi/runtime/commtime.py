"""Time each rank spends inside collectives, so the agent can tell waiting from computing.

A rank that waits for a straggler spends that time inside a collective; the straggler does
not. We count the wall time during which at least one collective of this rank is in flight
(the union of their intervals, so nested and overlapping ones count once):

- ``torch.distributed`` functions (``all_reduce``, ``barrier``...) are wrapped: a synchronous
  call is in flight until it returns, an ``async_op=True`` one until its future completes.
- DDP's gradient all-reduce runs in C++ and never passes through those functions, so each
  ``DistributedDataParallel`` gets a communication hook at its first forward that does what
  the built-in one does (scale by 1/world size, all-reduce) and marks the bucket in flight
  from launch to completion. A hook the script registers itself is wrapped the same way.
- NCCL: collectives return at once (they run on a CUDA stream), so wall time says nothing.
  The process group's completion hook reports each collective's GPU duration instead (with
  ``TORCH_NCCL_ENABLE_TIMING=1``, set by the bootstrap), and the wrappers above step aside.

Imports torch: the bootstrap loads this only once the script has imported torch.
"""

from __future__ import annotations

import functools
import os
import threading
import time
import warnings
from collections.abc import Callable
from typing import Any

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

ENV_DDP_COMM_HOOK = "KINTSUGI_DDP_COMM_HOOK"
"""``0`` leaves DDP's built-in reduction alone (its all-reduce is then not timed)."""
COLLECTIVES = (
    "all_reduce",
    "all_gather",
    "all_gather_into_tensor",
    "all_gather_object",
    "all_to_all",
    "all_to_all_single",
    "barrier",
    "broadcast",
    "broadcast_object_list",
    "gather",
    "monitored_barrier",
    "reduce",
    "reduce_scatter",
    "reduce_scatter_tensor",
    "scatter",
)


class CommClock:
    """Seconds during which at least one collective was in flight, since the last ``take``.

    Thread-safe: completions arrive on the backend's threads.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._inflight = 0
        self._since = 0.0
        self._acc = 0.0
        self.gpu_timed = False
        """NCCL completion hooks report durations; wall-clock wrappers step aside."""

    def enter(self) -> None:
        with self._lock:
            if self._inflight == 0:
                self._since = time.perf_counter()
            self._inflight += 1

    def exit(self) -> None:
        with self._lock:
            self._inflight -= 1
            if self._inflight == 0:
                self._acc += time.perf_counter() - self._since

    def add(self, seconds: float) -> None:
        with self._lock:
            self._acc += seconds

    def take(self) -> float:
        """The time accumulated since the previous call (in-flight time counts up to now)."""
        with self._lock:
            now = time.perf_counter()
            acc = self._acc
            if self._inflight:
                acc += now - self._since
                self._since = now
            self._acc = 0.0
            return acc


CLOCK = CommClock()
_original: dict[str, Callable[..., Any]] = {}


def _timed(fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if CLOCK.gpu_timed:
            return fn(*args, **kwargs)
        CLOCK.enter()
        try:
            work = fn(*args, **kwargs)
        except BaseException:
            CLOCK.exit()
            raise
        if work is None or not kwargs.get("async_op"):
            CLOCK.exit()
            return work
        try:
            work.get_future().then(_exit_then)
        except Exception:  # noqa: BLE001 - a backend without futures: count the launch only
            CLOCK.exit()
        return work

    wrapper.__kintsugi_wrapped__ = True  # type: ignore[attr-defined]
    return wrapper


def _exit_then(fut: torch.futures.Future[Any]) -> None:
    CLOCK.exit()


def _install_collectives() -> None:
    c10d = dist.distributed_c10d
    for name in COLLECTIVES:
        fn = getattr(c10d, name, None)
        if fn is None or getattr(fn, "__kintsugi_wrapped__", False):
            continue
        _original[name] = fn
        wrapped = _timed(fn)
        setattr(c10d, name, wrapped)
        if getattr(dist, name, None) is fn:
            setattr(dist, name, wrapped)


def _bucket_allreduce(
    group: dist.ProcessGroup | None, bucket: Any
) -> torch.futures.Future[torch.Tensor]:
    """DDP's built-in all-reduce as a Python hook: the same arithmetic, timed.

    The reducer multiplies each gradient by ``1 / world size`` as it copies it into the bucket
    (``at::mul_out`` with a scalar); multiplying the bucket by the same Python float rounds
    identically, so the parameters stay bitwise equal to an unhooked run.
    """
    buf = bucket.buffer()
    pg = group if group is not None else dist.group.WORLD
    buf.mul_(1.0 / dist.get_world_size(pg))
    CLOCK.enter()
    try:
        fut = _original["all_reduce"](buf, group=pg, async_op=True).get_future()
    except BaseException:
        CLOCK.exit()
        raise
    done: torch.futures.Future[torch.Tensor] = fut.then(_bucket_done)
    return done


# DDP checks a hook's annotations against the real objects; postponed evaluation (PEP 563)
# would leave strings there.
_bucket_allreduce.__annotations__ = {
    "group": dist.ProcessGroup | None,
    "bucket": dist.GradBucket,  # type: ignore[attr-defined]
    "return": torch.futures.Future[torch.Tensor],
}


def _bucket_done(fut: torch.futures.Future[list[torch.Tensor]]) -> torch.Tensor:
    try:
        return fut.value()[0]
    finally:
        CLOCK.exit()


def _wrap_user_hook(hook: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(hook)
    def timed(state: Any, bucket: Any) -> torch.futures.Future[Any]:
        CLOCK.enter()
        try:
            fut = hook(state, bucket)
        except BaseException:
            CLOCK.exit()
            raise
        done: torch.futures.Future[Any] = fut.then(_user_done)
        return done

    return timed


def _user_done(fut: torch.futures.Future[Any]) -> Any:
    try:
        return fut.value()
    finally:
        CLOCK.exit()


def _install_ddp() -> None:
    cls: Any = DistributedDataParallel
    if getattr(cls, "__kintsugi_wrapped__", False):
        return
    cls.__kintsugi_wrapped__ = True
    orig_forward = cls.forward
    orig_register = cls.register_comm_hook
    orig_builtin = cls._register_builtin_comm_hook

    @functools.wraps(orig_register)
    def register_comm_hook(self: Any, state: object, hook: Callable[..., Any]) -> None:
        self.__dict__["_kintsugi_hooked"] = True
        timed = hook if CLOCK.gpu_timed else _wrap_user_hook(hook)
        orig_register(self, state, timed)

    @functools.wraps(orig_builtin)
    def register_builtin(self: Any, comm_hook_type: Any) -> None:
        self.__dict__["_kintsugi_hooked"] = True  # C++ hooks cannot be timed from here
        orig_builtin(self, comm_hook_type)

    @functools.wraps(orig_forward)
    def forward(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not self.__dict__.get("_kintsugi_hooked", False):
            self.__dict__["_kintsugi_hooked"] = True
            if _plain_ddp(self):
                orig_register(self, self.process_group, _bucket_allreduce)
        return orig_forward(self, *args, **kwargs)

    cls.register_comm_hook = register_comm_hook
    cls._register_builtin_comm_hook = register_builtin
    cls.forward = forward


def _ddp_hook_enabled() -> bool:
    from kintsugi.settings import parse_bool

    text = os.environ.get(ENV_DDP_COMM_HOOK, "1")
    try:
        return parse_bool(text)
    except ValueError:
        warnings.warn(
            f"kintsugi: {ENV_DDP_COMM_HOOK}={text!r} is not a boolean; using 1", stacklevel=1
        )
        return True


def _plain_ddp(ddp: Any) -> bool:
    """DDP configurations whose built-in reduction our hook reproduces exactly."""
    if CLOCK.gpu_timed or not _ddp_hook_enabled():
        return False
    if getattr(ddp, "mixed_precision", None) is not None:
        return False
    if getattr(ddp, "_use_python_reducer", False) or getattr(ddp, "reducer", None) is None:
        return False
    return not any(p.is_sparse for p in ddp.parameters())


def _install_nccl_timing() -> None:
    orig = dist.distributed_c10d.init_process_group
    if getattr(orig, "__kintsugi_wrapped__", False):
        return

    @functools.wraps(orig)
    def init_process_group(*args: Any, **kwargs: Any) -> None:
        orig(*args, **kwargs)
        if "nccl" not in str(dist.get_backend()).lower():
            return
        try:
            pg: Any = dist.distributed_c10d._get_default_group()
            pg._register_on_completion_hook(_on_nccl_done)
        except (RuntimeError, AttributeError):
            return  # an older build without the hook: no comm timing on this GPU job
        CLOCK.gpu_timed = True

    init_process_group.__kintsugi_wrapped__ = True  # type: ignore[attr-defined]
    dist.distributed_c10d.init_process_group = init_process_group
    dist.init_process_group = init_process_group


def _on_nccl_done(info: Any) -> None:
    # Runs on NCCL's watchdog thread; active_duration is the GPU time between the
    # collective's start and end events, waiting for the peers included.
    duration = getattr(info, "active_duration", None)
    if duration is not None:
        CLOCK.add(duration.total_seconds())


def install() -> None:
    """Wraps the collectives, DDP and ``init_process_group`` (idempotent)."""
    if not dist.is_available():
        return
    _install_collectives()
    _install_ddp()
    _install_nccl_timing()
