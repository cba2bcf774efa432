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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from kintsugi.runtime import inject
from kintsugi.runtime import messages as m
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
    warned_bad_step: bool = False
    explicit: bool = False
    """The script called ``step()``: automatic steps are no longer sent (no double counting)."""


comm_source: Callable[[], float] | None = None
"""Set by the progress hooks: seconds spent inside collectives since the previous call."""


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
        client.send(m.Hello(rank=info.rank, pid=os.getpid(), attempt=info.attempt))
        # Interpreter teardown (process groups, threads) is silent and can take seconds: the
        # agent gives an exiting rank the exit limit instead of the step limit.
        atexit.register(_send_exit)
    else:
        logging.basicConfig(level=logging.INFO)
        log.info("kintsugi: rank %d/%d running without an agent", info.rank, info.world_size)
    return info


def _send_exit() -> None:
    st = _state
    if st is not None and st.client is not None:
        st.client.send(m.Exit(rank=st.info.rank, last_step=st.last_step))


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
        try:
            text = str(exc)
        except Exception:  # noqa: BLE001 - a broken __str__ must not hide the type
            text = f"<{type(exc).__name__} whose str() failed>"
        st.client.send(
            m.ExceptionReport(
                rank=st.info.rank,
                exc_type=type(exc).__name__,
                message=text[: m.MAX_MESSAGE],
                traceback=_trim_traceback(tb),
                step=st.last_step,
            )
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


def _trim_traceback(tb: str) -> str:
    """The head (where it started) and tail (where it raised) of a long traceback."""
    if len(tb) <= m.MAX_TRACEBACK:
        return tb
    half = m.MAX_TRACEBACK // 2
    return f"{tb[:half]}\n... [{len(tb) - 2 * half} characters cut] ...\n{tb[-half:]}"


def step(iteration: Any, loss: Any = None, **metrics: Any) -> None:
    """Reports that ``iteration`` finished: a heartbeat plus progress.

    Once a script calls this, the automatic steps of ``kintsugi run``'s hooks stop: the
    script's own numbering wins.

    Args:
        iteration: the training iteration just completed (monotonic within an attempt): an
            int, a numpy integer or a 0-d integer tensor.
        loss: the loss, if known (a float, numpy or 0-d tensor scalar); NaN/inf are reported
            so diagnosis can see them.
        **metrics: other scalars to record with the step (sampled by the agent).
    """
    st = _state if _state is not None else _lazy_init()
    st.explicit = True
    it = m.as_int(iteration)
    if it is None:
        if not st.warned_bad_step:
            st.warned_bad_step = True
            log.warning("kintsugi: step(%r): not an integer iteration; ignored", iteration)
        return
    _record(st, it, m.scalar(loss), metrics, auto=False)


def auto_step(iteration: int, loss: float | str | None = None) -> bool:
    """A step counted by the progress hooks; ignored once the script called ``step()``.

    Returns:
        True if it was recorded.
    """
    st = _state if _state is not None else _lazy_init()
    if st.explicit:
        return False
    _record(st, iteration, loss, None, auto=True)
    return True


def _record(
    st: _State, it: int, wire_loss: m.Scalar | None, metrics: dict[str, Any] | None, auto: bool
) -> None:
    for fault in st.faults:
        if fault.step == it:
            st.faults.remove(fault)
            if st.client is not None:
                st.client.send(m.FaultFired(rank=st.info.rank, spec=fault.text, fault=fault.kind))
            inject.fire(fault)
            break
    now = time.monotonic()
    if st.last_step is None and st.client is not None and st.info.local_rank == 0:
        _write_preload(st.info)
    dt = now - st.last_t
    st.last_t = now
    st.last_step = it
    comm = comm_source() if comm_source is not None else None
    if st.client is not None:
        sent = {k: m.scalar(v) for k, v in metrics.items()} if metrics else None
        st.client.send(
            m.Step(
                rank=st.info.rank,
                step=it,
                dt=dt,
                loss=wire_loss,
                metrics={k: v for k, v in sent.items() if v is not None} if sent else None,
                auto=auto,
                comm_s=min(comm, dt) if comm is not None else None,
            )
        )
    elif now - st.last_log_t > 10.0:
        st.last_log_t = now
        log.info("kintsugi: rank %d step %d loss %s", st.info.rank, it, wire_loss)
    if isinstance(wire_loss, str):
        nonfinite(it, "loss", wire_loss)


def nonfinite(iteration: int | None, where: str, value: str) -> None:
    """Reports a NaN/Inf (in the loss, gradients or parameters) at ``iteration`` at once."""
    st = _state if _state is not None else _lazy_init()
    log.warning(
        "kintsugi: rank %d step %s: non-finite %s %s", st.info.rank, iteration, where, value
    )
    if st.client is not None:
        sent = st.client.send(
            m.NonFinite(rank=st.info.rank, step=iteration, where=where, value=value)
        )
        hold = _env_float(ENV_NAN_HOLD, 0.0)
        if sent and hold > 0:
            # Training on would only write garbage, and a checkpoint saved now would carry the
            # NaN into every restart. The agent stops this attempt within moments; wait for it.
            deadline = time.monotonic() + hold
            while time.monotonic() < deadline:
                time.sleep(0.05)
            log.warning("kintsugi: the agent did not stop rank %d after a NaN", st.info.rank)


ENV_NAN_HOLD = "KINTSUGI_NAN_HOLD_SECONDS"
"""How long a rank waits, after reporting a NaN, for its agent to stop it (kintsugi run sets
30; without it the rank trains on, as it would without kintsugi)."""


def _env_float(name: str, default: float) -> float:
    try:
        value = float(os.environ.get(name, default))
    except ValueError:
        return default
    return value if math.isfinite(value) and value >= 0 else default


def _third_party(name: str, module: Any) -> bool:
    """An installed package (not the stdlib, not the job's own code), safe to import early.

    The job's own modules may read the worker's environment (``LOCAL_RANK``...) at import,
    which a standby does not have yet: importing them ahead would change the program.
    """
    if name == "__main__" or name.split(".", 1)[0] in sys.stdlib_module_names:
        return False
    path = getattr(module, "__file__", None) or ""
    return any(part in ("site-packages", "dist-packages") for part in Path(path).parts)


def _write_preload(info: RankInfo) -> None:
    """Lists the modules the job imported, so the agent's standby workers import them ahead.

    Dotted names too: ``import torch`` alone leaves ``torch.optim`` and friends to be imported
    by the first step, which costs seconds that a restart would pay again.
    """
    if info.run_dir is None:
        return
    path = info.run_dir / PRELOAD_FILE
    names = sorted(n for n, mod in list(sys.modules.items()) if _third_party(n, mod))
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        tmp.write_text("\n".join(names), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass


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
        st.client.send(m.Section(rank=st.info.rank, name=name, enter=True, timeout_s=timeout_s))
    st.sections.append(name)
    try:
        yield
    finally:
        st.sections.pop()
        now = time.monotonic()
        st.last_t = now  # time spent in a section is not step time
        if comm_source is not None:
            comm_source()  # nor are its collectives (a checkpoint's barrier)
        if st.client is not None:
            st.client.send(
                m.Section(rank=st.info.rank, name=name, enter=False, duration_s=now - t0)
            )


def in_section() -> bool:
    """Whether a section is open (a wrapped save inside one must not open another)."""
    return _state is not None and bool(_state.sections)


def send(msg: m.Message) -> None:
    """Sends a message to the agent if there is one (used by the checkpoint helpers)."""
    st = _state if _state is not None else _lazy_init()
    if st.client is not None:
        st.client.send(msg)


def info() -> RankInfo:
    """This rank's identity (initializes on first use)."""
    return (_state if _state is not None else _lazy_init()).info


def _lazy_init() -> _State:
    init()
    assert _state is not None
    return _state
