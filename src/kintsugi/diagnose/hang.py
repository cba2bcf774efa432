"""Who caused a collective hang: a pure choice from stacks, stopped ranks and flight records.

The agent only collects (process states, stack dumps, flight-recorder dumps); the decision is
made here, so a live hang and an offline bundle with the same evidence get the same answer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

_COLLECTIVE = re.compile(
    r"distributed_c10d\.py|all_reduce|all_gather|reduce_scatter|broadcast|barrier|"
    r"\bwait\b|_wait|monitored_barrier|ProcessGroup"
)
# A thread blocked until its own GPU finishes (py-spy's "synchronize (torch/cuda/__init__.py:801)",
# faulthandler's 'File ".../torch/cuda/__init__.py", line 801 in synchronize', native frames).
_DEVICE_WAIT = re.compile(
    r"\bcu(?:da)?(?:Stream|Device|Event|Ctx)Synchronize\b|\bsynchronize \(\S*torch/cuda/|"
    r"torch/cuda/__init__\.py\", line \d+,? in synchronize\b"
)
_FR_FILE = re.compile(r"rank[_-]?(\d+)", re.I)
MAX_DUMP_BYTES = 64 << 20


def main_thread(dump: str) -> str:
    """The main thread's block of a faulthandler all-threads dump (listed last)."""
    blocks = [b.strip() for b in re.split(r"\n(?=(?:Current thread|Thread) 0x)", dump) if b.strip()]
    return blocks[-1] if blocks else dump.strip()


def in_collective(stack: str) -> bool:
    """True if a main-thread stack is waiting inside a collective."""
    return bool(_COLLECTIVE.search(main_thread(stack)))


_PYSPY_PROCESS = re.compile(r"^Process \d+: ", re.M)
_PYSPY_MAIN = re.compile(r'^Thread \d+ \(\w+\): "MainThread"\n((?:[ \t]+\S[^\n]*\n?)+)', re.M)


def processes_in_collective(dump: str) -> tuple[int, int]:
    """A node's ``py-spy dump`` of several processes: (processes, those whose main thread
    waits inside a collective)."""
    procs = _PYSPY_PROCESS.split(dump)[1:]
    waiting = 0
    for p in procs:
        m = _PYSPY_MAIN.search(p)
        if m is not None and _COLLECTIVE.search(m[1]):
            waiting += 1
    return len(procs), waiting


def waits_on_device(stack: str) -> bool:
    """True if a dumped stack is blocked waiting for its own GPU (a kernel that never ends).

    A rank that hangs there is not late in the program: its GPU stopped working, so the node
    is the suspect, not the program.
    """
    return bool(_DEVICE_WAIT.search(stack))


def newest_collective(dump: Any) -> int | None:
    """The highest ``collective_seq_id`` in one flight-recorder dump; None if unreadable."""
    entries = dump.get("entries") if isinstance(dump, dict) else None
    if not isinstance(entries, list):
        return None
    seqs = []
    for e in entries:
        v = e.get("collective_seq_id") if isinstance(e, dict) else None
        if isinstance(v, int) and not isinstance(v, bool):
            seqs.append(v)
        elif isinstance(v, str) and v.isdigit():
            seqs.append(int(v))
    return max(seqs, default=0)


def laggards(dumps: Mapping[int, Any]) -> list[int]:
    """Ranks whose newest recorded collective is behind the others' (they never entered it)."""
    newest = {r: s for r, d in dumps.items() if (s := newest_collective(d)) is not None}
    if len(newest) < 2:
        return []
    top = max(newest.values())
    behind = [r for r, s in newest.items() if s < top]
    return sorted(behind) if len(behind) < len(newest) else []


def suspect_from(
    stacks: Mapping[int, str], stopped: Sequence[int], dumps: Mapping[int, Any]
) -> tuple[int | None, str]:
    """The rank most likely to have caused a hang, with the reason. Pure.

    Order: a stopped rank (state T); the one rank not inside a collective while others are;
    the one rank whose flight recorder is behind the others'.
    """
    if stopped:
        return min(stopped), "stopped (process state T)"
    outside = sorted(r for r, s in stacks.items() if not in_collective(s))
    inside = [r for r, s in stacks.items() if in_collective(s)]
    if len(outside) == 1 and inside:
        return outside[0], "the only rank not inside the collective the others wait in"
    lag = laggards(dumps)
    if len(lag) == 1:
        return lag[0], "its flight recorder never reached the collective the others entered"
    return None, "no single rank stands out"


def read_flight_records(fr_dir: Path) -> dict[int, Any]:
    """Flight-recorder JSON dumps named ``rank_N.json`` in a directory; bad files skipped."""
    out: dict[int, Any] = {}
    try:
        files = sorted(fr_dir.iterdir())
    except OSError:
        return out
    for p in files:
        m = _FR_FILE.search(p.name)
        if not m or p.suffix != ".json":
            continue
        try:
            if p.stat().st_size > MAX_DUMP_BYTES:
                continue
            out[int(m.group(1))] = json.loads(p.read_text(encoding="utf-8", errors="replace"))
        except (OSError, ValueError, RecursionError):
            continue
    return out


def choose_suspect(
    stacks: dict[int, str], stopped: list[int], flight_recorder_dir: Path | None = None
) -> int | None:
    """The agent's entry point: the suspect rank of a hang, or None.

    Args:
        stacks: global rank -> its dumped Python stack (all threads or the main thread).
        stopped: ranks whose process is stopped (state T).
        flight_recorder_dir: a directory of ``rank_N.json`` flight-recorder dumps, if any.
    """
    dumps = read_flight_records(flight_recorder_dir) if flight_recorder_dir else {}
    return suspect_from(stacks, stopped, dumps)[0]
