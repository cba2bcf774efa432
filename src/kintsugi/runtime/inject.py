"""Fault injection: rehearse failures on any job with ``kintsugi run --inject SPEC``.

A spec is ``KIND:key=value,...``; several are separated by ``;`` or given as repeated flags.

Kinds:
    kill      SIGKILL the rank (a crash with no Python traceback).
    raise     raise ``kintsugi.runtime.inject.InjectedFault`` inside ``step()``.
    segfault  dereference NULL inside ``step()`` (SIGSEGV).
    exit      ``os._exit(code)`` inside ``step()`` (``code=`` sets it, default 1).
    hang      sleep inside ``step()`` (``seconds=`` sets how long, default forever).
    sigstop   SIGSTOP the rank: frozen, not even signal handlers run.

Keys:
    step=N    fire when the rank reports iteration N (all kinds).
    time=S    fire S seconds after the worker group started (``kill`` and ``sigstop`` only:
              they are sent by the agent from outside).
    rank=R    the global rank (default 0); ``rank=*`` means every rank (with ``node=``: every
              rank of that node, whatever ranks the rendezvous gave it).
    node=NAME only on that node (default: any).
    attempt=A the restart attempt it fires in (default 0, so a restarted job does not meet the
              same fault again; ``attempt=*`` fires in every attempt: a deterministic bug).

Examples: ``kill:step=30,rank=1``, ``hang:step=60,rank=2,node=node1``, ``sigstop:time=20``,
``raise:step=5,attempt=*`` (a deterministic bug: kintsugi stops instead of looping).
"""

from __future__ import annotations

import math
import os
import signal
import time
from dataclasses import dataclass
from enum import StrEnum

ENV_INJECT = "KINTSUGI_INJECT"


class FaultKind(StrEnum):
    KILL = "kill"
    RAISE = "raise"
    SEGFAULT = "segfault"
    EXIT = "exit"
    HANG = "hang"
    SIGSTOP = "sigstop"


_OUTSIDE = {FaultKind.KILL, FaultKind.SIGSTOP}
"""Kinds the agent can deliver from outside the rank (needed for ``time=``)."""


class InjectedFault(RuntimeError):
    """The exception raised by a ``raise`` fault."""


class SpecError(ValueError):
    """A malformed ``--inject`` spec."""


@dataclass(frozen=True, slots=True)
class Fault:
    """One fault to inject."""

    kind: FaultKind
    rank: int | None = 0
    """None means every rank."""
    step: int | None = None
    time_s: float | None = None
    node: str | None = None
    attempt: int | None = 0
    """None means every attempt."""
    seconds: float | None = None
    code: int = 1
    text: str = ""

    def applies(self, rank: int, node: str, attempt: int) -> bool:
        return (
            (self.rank is None or self.rank == rank)
            and (self.node is None or self.node == node)
            and (self.attempt is None or self.attempt == attempt)
        )

    def outside(self) -> bool:
        """Delivered by the agent (time-based), not by the rank itself."""
        return self.time_s is not None


def parse(spec: str) -> list[Fault]:
    """Parses ``spec`` into faults.

    Raises:
        SpecError: with a one-line message naming the bad part.
    """
    faults: list[Fault] = []
    health = 0
    for part in (p.strip() for p in spec.split(";")):
        if part.lower().startswith(HEALTH_PREFIX):
            health += 1  # a node's checks forced to fail: kintsugi.health reads these parts
        elif part:
            faults.append(_parse_one(part))
    if not faults and not health:
        raise SpecError("empty --inject spec (example: kill:step=30,rank=1)")
    return faults


HEALTH_PREFIX = "health:"
"""``health:node=NAME[,check=NAME]`` makes that node's health checks fail (see docs/health.md)."""


def _parse_one(text: str) -> Fault:
    kind_s, _, rest = text.partition(":")
    try:
        kind = FaultKind(kind_s.strip().lower())
    except ValueError:
        known = ", ".join(k.value for k in FaultKind)
        raise SpecError(f"unknown fault {kind_s!r} in {text!r} (known: {known})") from None
    kv: dict[str, str] = {}
    for item in filter(None, (s.strip() for s in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not value:
            raise SpecError(f"expected key=value, got {item!r} in {text!r}")
        kv[key.strip()] = value.strip()
    unknown = set(kv) - {"step", "time", "rank", "node", "attempt", "seconds", "code"}
    if unknown:
        raise SpecError(f"unknown key {sorted(unknown)[0]!r} in {text!r}")
    try:
        step = int(kv["step"]) if "step" in kv else None
        time_s = float(kv["time"]) if "time" in kv else None
        rank = None if kv.get("rank") == "*" else int(kv.get("rank", "0"))
        attempt = None if kv.get("attempt") == "*" else int(kv.get("attempt", "0"))
        seconds = float(kv["seconds"]) if "seconds" in kv else None
        code = int(kv.get("code", "1"))
    except ValueError as e:
        raise SpecError(f"bad number in {text!r}: {e}") from None
    if (step is None) == (time_s is None):
        raise SpecError(f"give exactly one of step= or time= in {text!r}")
    if time_s is not None and kind not in _OUTSIDE:
        raise SpecError(f"time= works only with kill and sigstop, not {kind.value} ({text!r})")
    for key, number in (("time", time_s), ("seconds", seconds)):
        if number is not None and not (math.isfinite(number) and number >= 0):
            raise SpecError(f"{key}= must be a finite number >= 0 in {text!r}")
    if (step is not None and step < 0) or (rank or 0) < 0 or (attempt or 0) < 0:
        raise SpecError(f"step, rank and attempt must be >= 0 in {text!r}")
    if not 0 <= code <= 255:
        raise SpecError(f"code= must be an exit code from 0 to 255 in {text!r}")
    if seconds is not None and kind is not FaultKind.HANG:
        raise SpecError(f"seconds= applies to hang only ({text!r})")
    return Fault(
        kind=kind,
        rank=rank,
        step=step,
        time_s=time_s,
        node=kv.get("node"),
        attempt=attempt,
        seconds=seconds,
        code=code,
        text=text,
    )


def fire(fault: Fault) -> None:
    """Executes ``fault`` in the calling (rank) process."""
    if fault.kind is FaultKind.KILL:
        os.kill(os.getpid(), signal.SIGKILL)
    elif fault.kind is FaultKind.SIGSTOP:
        os.kill(os.getpid(), signal.SIGSTOP)
    elif fault.kind is FaultKind.RAISE:
        raise InjectedFault(f"injected fault ({fault.text}) at step {fault.step}")
    elif fault.kind is FaultKind.SEGFAULT:
        import ctypes

        ctypes.string_at(0)
    elif fault.kind is FaultKind.EXIT:
        os._exit(fault.code)
    elif fault.kind is FaultKind.HANG:
        deadline = None if fault.seconds is None else time.monotonic() + fault.seconds
        while deadline is None or time.monotonic() < deadline:
            time.sleep(0.5)
