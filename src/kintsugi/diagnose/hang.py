"""Who caused a collective hang: a pure choice from stacks, stopped ranks and flight records.

The agent only collects (process states, stack dumps, flight-recorder dumps); the decision is
made here, so a live hang and an offline bundle with the same evidence get the same answer.
"""

from __future__ import annotations

import json
import re
from collections import Counter
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
FAULTHANDLER_MARK = "(most recent call first):"
"""What every thread's block of a ``faulthandler`` dump starts with."""
# py-spy names a thread by its OS id or its pthread id in hex, then its state ("idle",
# "active", "active+gil")
_PYSPY_THREAD = r"^Thread (?:\d+|0x[0-9a-fA-F]+) \([\w+]+\): "
_PYSPY_MAIN = re.compile(_PYSPY_THREAD + r'"MainThread"\n((?:[ \t]+\S[^\n]*\n?)+)', re.M)


def main_thread(dump: str) -> str:
    """The main thread's block of a dump: py-spy's ``"MainThread"``, or a faulthandler
    all-threads dump's last (the main thread is listed last)."""
    m = _PYSPY_MAIN.search(dump)
    if m is not None:
        return m[1]
    blocks = [b.strip() for b in re.split(r"\n(?=(?:Current thread|Thread) 0x)", dump) if b.strip()]
    return blocks[-1] if blocks else dump.strip()


def in_collective(stack: str) -> bool:
    """True if a main-thread stack is waiting inside a collective."""
    return bool(_COLLECTIVE.search(main_thread(stack)))


def processes_in_collective(dump: str) -> tuple[int, int]:
    """A node's ``py-spy dump`` of several processes: (processes, those whose main thread
    waits inside a collective)."""
    procs = [block for _, _, block in split_processes(dump)]
    waiting = 0
    for p in procs:
        m = _PYSPY_MAIN.search(p)
        if m is not None and _COLLECTIVE.search(m[1]):
            waiting += 1
    return len(procs), waiting


# A main thread inside the input pipeline: the DataLoader fetching or waiting for a batch, a
# Dataset's ``__getitem__``, a collate function, Lightning's fetcher, webdataset's readers
_INPUT_FRAME = re.compile(
    r"torch/utils/data/|\b__getitems?__\b|\bcollate|loops/fetchers\.py|webdataset/"
)


def input_samples(dump: str) -> tuple[int, int]:
    """A dump file's main-thread samples (py-spy's ``"MainThread"`` blocks, one per process and
    sample, or a faulthandler dump's main thread): (samples, those inside the input pipeline
    and in no torch.distributed call, ``_C10D_FRAME`` below)."""
    blocks = [m[1] for m in _PYSPY_MAIN.finditer(dump)]
    if not blocks and FAULTHANDLER_MARK in dump:
        blocks = [main_thread(dump)]
    busy = sum(bool(_INPUT_FRAME.search(b)) and not _C10D_FRAME.search(b) for b in blocks)
    return len(blocks), busy


_RANK_LABEL = re.compile(r"(?i)\brank[ =:_-]?(\d+)\b")
_PYSPY_HEADER = re.compile(r"^Process (\d+): ", re.M)
# A listing of the node's processes with each one's rank, before the dumps ("== 51750 RANK=13
# LOCAL_RANK=5", from each process's environment): pid first, its RANK later on the line
_PID_RANK = re.compile(r"^\W*(?:pid[ =:]?)?(\d{2,})\b[^\n]*?\bRANK=(\d+)", re.M)


def split_processes(dump: str) -> list[tuple[int | None, int, str]]:
    """A ``py-spy dump`` of several processes in one file: (rank, pid, its dump) for each,
    the rank where the lines just before its ``Process N:`` header label it (``### RANK=16
    LOCAL_RANK=0 pid=151800``, ``== rank 16 ==``) or a listing of pids with their ``RANK=``
    does, else None."""
    heads = list(_PYSPY_HEADER.finditer(dump))
    listed = {int(m[1]): int(m[2]) for m in _PID_RANK.finditer(dump)}
    out: list[tuple[int | None, int, str]] = []
    for i, h in enumerate(heads):
        start = heads[i - 1].end() if i else 0
        lead = dump[start : h.start()].rstrip().splitlines()[-2:]
        label = next((m for line in reversed(lead) if (m := _RANK_LABEL.search(line))), None)
        end = heads[i + 1].start() if i + 1 < len(heads) else len(dump)
        rank = int(label[1]) if label else listed.get(int(h[1]))
        out.append((rank, int(h[1]), dump[h.start() : end]))
    return out


_PYSPY_TOP = re.compile(_PYSPY_THREAD + r'"MainThread"\n[ \t]+(\S[^\n]*)', re.M)
_FAULTHANDLER_TOP = re.compile(r'^\s+File "([^"]+)", line \d+ in (\S+)', re.M)


def top_frame(stack: str) -> str | None:
    """The innermost frame of a dump's main thread (py-spy's first frame line, faulthandler's
    first ``File`` line), without line numbers: where that process was."""
    m = _PYSPY_TOP.search(stack)
    if m is not None:
        return re.sub(r":\d+\)$", ")", m[1].strip())
    f = _FAULTHANDLER_TOP.search(main_thread(stack))
    return f"{f[2]} ({f[1]})" if f else None


ODD_ONE_OUT_MIN = 3
"""Ranks whose dumps must agree before the one that differs is the suspect."""


def odd_one_out(stacks: Mapping[int, str]) -> int | None:
    """The one rank whose main thread is somewhere else than every other rank's, all of
    whose innermost frames are the same (waiting for a result the odd one never sends)."""
    tops = {r: t for r, s in stacks.items() if (t := top_frame(s)) is not None}
    if len(tops) < ODD_ONE_OUT_MIN:
        return None
    counts = Counter(tops.values())
    if len(counts) != 2:
        return None
    rare, n = counts.most_common()[-1]
    if n != 1:
        return None
    return next(r for r, t in tops.items() if t == rare)


_FAULTHANDLER_BLOCK = re.compile(
    r"^(?:Current thread|Thread) 0x[0-9a-fA-F]+ \(most recent call first\):\n(?:[ \t]+File .*\n?)*",
    re.M,
)


def last_faulthandler_dump(text: str) -> str | None:
    """The last all-threads dump ``faulthandler`` wrote into a log (its blocks one after the
    other, whatever the process printed before and after), or None."""
    blocks = list(_FAULTHANDLER_BLOCK.finditer(text))
    if not blocks:
        return None
    dump = [blocks[-1]]
    for b in reversed(blocks[:-1]):
        if text[b.end() : dump[0].start()].strip():
            break  # other output between: an earlier dump
        dump.insert(0, b)
    return "".join(b[0] for b in dump)


_STREAM = re.compile(r"^\[(default|rank)(\d+)\]:", re.M)


def prefixed_dumps(text: str) -> dict[tuple[str, int], str]:
    """The last ``faulthandler`` dump of each process whose lines a launcher prefixed
    (torchrun's ``--tee``: ``[default0]:``, a rank-labelled console: ``[rank3]:``), keyed by
    the prefix ("default", 0): a dump's lines, read without their prefix."""
    streams: dict[tuple[str, int], list[str]] = {}
    for line in text.splitlines():
        m = _STREAM.match(line)
        if m is not None:
            streams.setdefault((m[1], int(m[2])), []).append(line[m.end() :])
    out = {}
    for key, lines in streams.items():
        dump = last_faulthandler_dump("\n".join(lines) + "\n")
        if dump is not None:
            out[key] = dump
    return out


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


def never_enqueued(
    timed_out: Mapping[str, Mapping[int, int]], enqueued: Mapping[str, Mapping[int, int]]
) -> list[int]:
    """Ranks that never enqueued the work the others timed out in: the text form of
    ``laggards``, from the watchdog's own lines. Per process group (sequence numbers count per
    group): at least two ranks' watchdogs timed out at work S, and a rank whose watchdog did
    not fire reports its last enqueued work below S (a dump signal's "Last enqueued NCCL work:
    S-1"). That rank was elsewhere in the program when the others entered the collective."""
    behind: set[int] = set()
    for group, timed in timed_out.items():
        if len(timed) < 2:
            continue
        top = max(timed.values())
        behind |= {r for r, e in enqueued.get(group, {}).items() if e < top and r not in timed}
    return sorted(behind)


def suspect_from(
    stacks: Mapping[int, str], stopped: Sequence[int], dumps: Mapping[int, Any]
) -> tuple[int | None, str]:
    """The rank most likely to have caused a hang, with the reason. Pure.

    Order: a stopped rank (state T); the one rank not inside a collective while others are
    (or, no frame naming a collective, the one rank whose stack differs from all the others',
    which agree); the one rank whose flight recorder is behind the others'.
    """
    if stopped:
        return min(stopped), "stopped (process state T)"
    outside = sorted(r for r, s in stacks.items() if not in_collective(s))
    inside = [r for r, s in stacks.items() if in_collective(s)]
    if len(outside) == 1 and inside:
        return outside[0], "the only rank not inside the collective the others wait in"
    odd = odd_one_out(stacks) if not inside else None
    if odd is not None:
        return odd, "the only rank whose stack is elsewhere: every other rank waits at one place"
    lag = laggards(dumps)
    if len(lag) == 1:
        return lag[0], "its flight recorder never reached the collective the others entered"
    return None, "no single rank stands out"


# The innermost frame of torch.distributed's own API in a dump: py-spy's "barrier
# (.../torch/distributed/distributed_c10d.py:3703)", faulthandler's 'File ".../distributed_c10d.py",
# line 3703 in barrier'
_C10D_FRAME = re.compile(
    r"^\s+(\w+) \(\S*distributed_c10d\.py:\d+\)|"
    r"File \"\S*distributed_c10d\.py\", line \d+,? in (\w+)",
    re.M,
)
_POINT_TO_POINT = frozenset(
    {"send", "recv", "isend", "irecv", "batch_isend_irecv", "_coalescing_manager"}
)


def collective_op(stack: str) -> str | None:
    """The torch.distributed call a main thread waits in (``all_reduce``, ``barrier``), if any."""
    m = _C10D_FRAME.search(main_thread(stack))
    return (m[1] or m[2]) if m else None


def mismatched_ops(stacks: Mapping[int, str]) -> tuple[str, str, list[int]] | None:
    """Ranks waiting in different collectives: (the usual op, the odd one, the odd ranks).

    Every dumped rank waits inside torch.distributed, in one of two collectives (no point-to-
    point: pipeline stages wait in sends and receives by design), and the odd one is called by
    at most a third of them: the program issued different collectives on different ranks (a
    collective under ``if rank == 0``), which no machine does.
    """
    ops = {r: op for r, s in stacks.items() if (op := collective_op(s)) is not None}
    if len(ops) < 4 or len(ops) < len(stacks) or _POINT_TO_POINT & set(ops.values()):
        return None
    counts = Counter(ops.values()).most_common()
    if len(counts) != 2:
        return None
    (usual, n), (odd, k) = counts
    if n < 3 or 3 * k > len(ops):
        return None
    return usual, odd, sorted(r for r, op in ops.items() if op == odd)


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
