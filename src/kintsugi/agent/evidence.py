"""Crash evidence, pure: from what elastic and the ranks reported to one ``RankExit`` per rank.

Kept apart from the agent's process handling so that the first-failure choice, exception
recovery from error files and the failure signature are tested without processes.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kintsugi.events import RankExit, failure_signature
from kintsugi.runtime.messages import ExceptionReport


@dataclass(frozen=True, slots=True)
class Failure:
    """What elastic knows of one failed rank (its ``ProcessFailure``, reduced)."""

    exitcode: int
    pid: int | None
    message: str | None
    error_file_data: Any


def rank_exits(
    failures: Mapping[int, Failure],
    exits: Mapping[int, tuple[float, int]],
    exceptions: Mapping[int, ExceptionReport],
    last_steps: Mapping[int, int | None],
    log_tail: Callable[[int], str],
    now: float,
) -> list[tuple[int, float | None, RankExit]]:
    """One record per failed rank, the first failure marked, sorted by rank.

    Args:
        failures: elastic's failures by global rank.
        exits: when (wall clock) and with which code each rank was seen to exit by us.
        exceptions: exception reports the ranks sent before dying.
        last_steps: each rank's last reported step.
        log_tail: the tail of a rank's stderr.
        now: the wall clock now, for the detection latency.

    Returns:
        ``(rank, exit time or None, record)``: no time when the agent terminated the rank.
    """
    exited = {r: v for r, v in exits.items() if r in failures or v[1] != 0}
    first = min(exited, key=lambda r: exited[r][0]) if exited else None
    out: list[tuple[int, float | None, RankExit]] = []
    for rank, failure in sorted(failures.items()):
        ts, code = exited.get(rank, (None, failure.exitcode))
        exc = exceptions.get(rank)
        sig = signal_name(code)
        tb = (exc.traceback if exc else None) or error_file_traceback(failure.error_file_data)
        exc_type = exc.exc_type if exc else exc_type_from(failure.message, tb)
        message = exc.message if exc else None
        step = exc.step if exc else last_steps.get(rank)
        is_first = rank == first
        out.append(
            (
                rank,
                ts,
                RankExit(
                    exitcode=int(code),
                    signal=sig,
                    exc_type=exc_type,
                    message=message,
                    traceback=tb,
                    step=step,
                    log_tail=log_tail(rank),
                    first=is_first,
                    terminated_by_agent=rank not in exited,
                    detected_after_s=now - (ts or now) if is_first else None,
                    pid=failure.pid,
                    signature=failure_signature(exc_type, message, sig, step) if is_first else None,
                ),
            )
        )
    return out


def signal_name(code: int) -> str | None:
    """``SIGKILL`` for -9; None for a normal exit code."""
    if code >= 0:
        return None
    try:
        return signal.Signals(-code).name
    except ValueError:
        return f"SIG{-code}"


def error_file_traceback(data: Any) -> str | None:
    """The Python traceback in torchelastic's error file, if the rank wrote one."""
    if isinstance(data, dict):
        msg = data.get("message")
        if isinstance(msg, dict):
            extra = msg.get("extraInfo")
            tb = extra.get("py_callstack") if isinstance(extra, dict) else None
            return str(tb) if tb else None
    return None


def exc_type_from(message: str | None, tb: str | None) -> str | None:
    """The exception's type from the last line of a traceback (or a message)."""
    for text in (tb, message):
        if text:
            last = text.strip().splitlines()[-1] if text.strip() else ""
            head = last.split(":", 1)[0].strip()
            if head and head.replace(".", "").replace("_", "").isalnum() and " " not in head:
                return head.rsplit(".", 1)[-1]
    return None


def tail(path: Path, lines: int) -> str:
    """The last ``lines`` lines of a (possibly large) text file."""
    try:
        with path.open("rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - 64 * 1024))
            data = f.read()
    except OSError:
        return ""
    return "\n".join(data.decode("utf-8", errors="replace").splitlines()[-lines:])
