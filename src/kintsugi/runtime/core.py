"""The per-rank API: ``init()``, ``step()`` and ``section()``.

Under ``kintsugi run`` these report heartbeats, progress, sections and exceptions to the node
agent; under plain ``python`` or ``torchrun`` they only log. Importing this pulls in nothing
heavy, and ``step()`` costs a few microseconds (see bench/bench_runtime.py).
"""

from __future__ import annotations

import atexit
import faulthandler
import json
import logging
import math
import os
import signal
import sys
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from kintsugi.runtime import inject
from kintsugi.runtime.ipc import IpcClient

log = logging.getLogger("kintsugi")

STACK_SIGNAL = signal.SIGUSR1
"""The agent sends this to a rank to have every thread's Python stack written to its file."""

ENV_RUN_DIR = "KINTSUGI_RUN_DIR"
ENV_NODE = "KINTSUGI_NODE"
ENV_ATTEMPT = "KINTSUGI_ATTEMPT"
PRELOAD_FILE = "standby_preload.txt"
"""Written to the run directory by local rank 0 at its first step: the modules to preload."""


@dataclass(slots=True)
class RankInfo:
    """Who this process is, as the launcher told it."""

    rank: int
    local_rank: int
    world_size: int
    node: str
    attempt: int
    run_dir: Path | None
    supervised: bool
    """True under ``kintsugi run`` (an agent is listening)."""


@dataclass(slots=True)
class _State:
    info: RankInfo
    client: IpcClient | None
    faults: list[inject.Fault]
    stack_file: IO[str] | None = None
    last_step: int | None = None
    last_t: float = field(default_factory=time.monotonic)
    last_log_t: float = 0.0
    sections: list[str] = field(default_factory=list)


_state: _State | None = None


def _env_int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        return default


def init() -> RankInfo:
    """Connects this rank to its agent (if any); idempotent.

    Installs a handler that writes all threads' stacks on ``SIGUSR1`` (the agent's hang
    dump), and an exception hook that reports the traceback before the process dies.

    Returns:
        This rank's identity.
    """
    global _state
    if _state is not None:
        return _state.info
    run_dir = os.environ.get(ENV_RUN_DIR)
    info = RankInfo(
        rank=_env_int("RANK", 0),
        local_rank=_env_int("LOCAL_RANK", 0),
        world_size=_env_int("WORLD_SIZE", 1),
        node=os.environ.get(ENV_NODE, ""),
        attempt=_env_int(ENV_ATTEMPT, _env_int("TORCHELASTIC_RESTART_COUNT", 0)),
        run_dir=Path(run_dir) if run_dir else None,
        supervised=False,
    )
    client = IpcClient.from_env()
    info.supervised = client is not None
    faults: list[inject.Fault] = []
    spec = os.environ.get(inject.ENV_INJECT)
    if spec:
        faults = [
            f
            for f in inject.parse(spec)
            if not f.outside() and f.applies(info.rank, info.node, info.attempt)
        ]
    state = _State(info=info, client=client, faults=faults)
    if info.run_dir is not None:
        state.stack_file = _open_stack_file(info)
    _state = state
    _install_excepthook()
    if client is not None:
        from kintsugi.runtime import control
        from kintsugi.runtime.ipc import ENV_KEY, ENV_SOCKET

        control.start(os.environ[ENV_SOCKET], os.environ[ENV_KEY], info.rank)
        client.send("hello", rank=info.rank, pid=os.getpid(), attempt=info.attempt)
        # Interpreter teardown (process groups, threads) is silent and can take seconds: the
        # agent gives an exiting rank the exit limit instead of the step limit.
        atexit.register(client.send, "exit", rank=info.rank)
    else:
        logging.basicConfig(level=logging.INFO)
        log.info("kintsugi: rank %d/%d running without an agent", info.rank, info.world_size)
    return info


def _open_stack_file(info: RankInfo) -> IO[str] | None:
    assert info.run_dir is not None
    d = info.run_dir / "stacks" / f"attempt_{info.attempt}"
    try:
        d.mkdir(parents=True, exist_ok=True)
        f = (d / f"rank_{info.rank}.txt").open("w", encoding="utf-8")
        faulthandler.register(STACK_SIGNAL, file=f, all_threads=True, chain=False)
        return f
    except (OSError, ValueError, RuntimeError) as e:
        log.warning("kintsugi: cannot install the stack dump handler: %s", e)
        return None


def _install_excepthook() -> None:
    previous = sys.excepthook

    def hook(typ: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        report_exception(value)
        previous(typ, value, tb)

    sys.excepthook = hook


def report_exception(exc: BaseException) -> None:
    """Sends the exception to the agent and writes torchelastic's error file.

    Called by the exception hook; call it yourself if you catch and exit.
    """
    tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    st = _state
    if st is not None and st.client is not None:
        st.client.send(
            "exception",
            rank=st.info.rank,
            exc_type=type(exc).__name__,
            message=str(exc)[:2000],
            traceback=tb,
            step=st.last_step,
        )
    error_file = os.environ.get("TORCHELASTIC_ERROR_FILE")
    if error_file and not os.path.exists(error_file):
        data = {
            "message": {
                "message": f"{type(exc).__name__}: {exc}",
                "extraInfo": {"py_callstack": tb, "timestamp": str(int(time.time()))},
            }
        }
        try:
            with open(error_file, "w", encoding="utf-8") as f:
                json.dump(data, f)
        except OSError:
            pass


def step(iteration: int, loss: float | None = None, **metrics: float) -> None:
    """Reports that ``iteration`` finished: a heartbeat plus progress.

    Args:
        iteration: the training iteration just completed (monotonic within an attempt).
        loss: the loss, if known; NaN/inf are reported so diagnosis can see them.
        **metrics: other scalars to record with the step (sampled by the agent).
    """
    st = _state if _state is not None else _lazy_init()
    for fault in st.faults:
        if fault.step == iteration:
            st.faults.remove(fault)
            if st.client is not None:
                st.client.send("fault", rank=st.info.rank, spec=fault.text, fault=fault.kind)
            inject.fire(fault)
            break
    now = time.monotonic()
    if st.last_step is None and st.client is not None and st.info.local_rank == 0:
        _write_preload(st.info)
    dt = now - st.last_t
    st.last_t = now
    st.last_step = iteration
    if st.client is not None:
        st.client.send(
            "step",
            rank=st.info.rank,
            step=iteration,
            dt=dt,
            loss=_json_float(loss),
            metrics={k: _json_float(v) for k, v in metrics.items()} if metrics else None,
        )
    elif now - st.last_log_t > 10.0:
        st.last_log_t = now
        log.info("kintsugi: rank %d step %d loss %s", st.info.rank, iteration, loss)
    if loss is not None and not math.isfinite(loss):
        log.warning("kintsugi: rank %d step %d: non-finite loss %s", st.info.rank, iteration, loss)


def _write_preload(info: RankInfo) -> None:
    """Lists the modules the job imported, so the agent's standby workers import them ahead.

    Dotted names too: ``import torch`` alone leaves ``torch.optim`` and friends to be imported
    by the first step, which costs seconds that a restart would pay again.
    """
    if info.run_dir is None:
        return
    path = info.run_dir / PRELOAD_FILE
    names = sorted(
        n
        for n in list(sys.modules)
        if n.split(".", 1)[0] not in sys.stdlib_module_names and n != "__main__"
    )
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        tmp.write_text("\n".join(names), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass


def _json_float(x: float | None) -> float | str | None:
    if x is None:
        return None
    x = float(x)
    return x if math.isfinite(x) else str(x)


@contextmanager
def section(name: str, timeout_s: float | None = None) -> Iterator[None]:
    """Marks a named phase with its own hang timeout (e.g. ``"checkpoint"``).

    Every rank should enter the section, so that no rank looks hung while another writes.

    Args:
        name: the section's name; ``kintsugi run --section-timeout NAME=S`` sets its limit.
        timeout_s: overrides the agent's limit for this section.
    """
    st = _state if _state is not None else _lazy_init()
    t0 = time.monotonic()
    if st.client is not None:
        st.client.send("section", rank=st.info.rank, name=name, enter=True, timeout_s=timeout_s)
    st.sections.append(name)
    try:
        yield
    finally:
        st.sections.pop()
        now = time.monotonic()
        st.last_t = now  # time spent in a section is not step time
        if st.client is not None:
            st.client.send(
                "section", rank=st.info.rank, name=name, enter=False, duration_s=now - t0
            )


def send(kind: str, **fields: Any) -> None:
    """Sends a message to the agent if there is one (used by the checkpoint helper)."""
    st = _state if _state is not None else _lazy_init()
    if st.client is not None:
        st.client.send(kind, rank=st.info.rank, **fields)


def info() -> RankInfo:
    """This rank's identity (initializes on first use)."""
    return (_state if _state is not None else _lazy_init()).info


def _lazy_init() -> _State:
    init()
    assert _state is not None
    return _state
