"""A node's process table as operators collect it (``ps aux``, ``top -b -n1``), and what it
says about the job: processes outside it that take the node's CPU.

A snapshot shows every process the same way, the job's own among them. What sets a
process apart as another workload is that the other nodes of the job do not run it: the
training script, its launcher and the collection tool itself run everywhere. A process
that holds a good share of a CPU on one node only (a leftover preprocessing job, another
user's notebook, a runaway agent) steals the cycles of that node's ranks, and that node is
the job's straggler.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.signatures import Role
from kintsugi.events import Action, Category, Layer

_COLUMNS = {
    "PID": "pid",
    "USER": "user",
    "%CPU": "cpu",
    "%MEM": "mem",
    "RSS": "rss",
    "STAT": "state",
    "S": "state",
    "START": "start",
    "STARTED": "start",
    "STIME": "start",
    "WCHAN": "wchan",
    "COMMAND": "command",
    "CMD": "command",
    "ARGS": "command",
}
"""Header names of ``ps`` (aux, -ef, -eo ...) and ``top -b`` columns, and what each holds."""


@dataclass(frozen=True, slots=True)
class Proc:
    """One row of a process table."""

    user: str
    pid: int
    mem_pct: float
    start: str
    """When it started as ``ps`` prints it ("Nov20", "09:14"); "" where the table has none."""
    command: str
    cpu_pct: float = 0.0
    state: str = ""
    """``ps``'s STAT or ``top``'s S: ``R`` running, ``S`` sleeping, ``T`` stopped, ``D`` in I/O."""
    wchan: str = ""
    """The kernel function a sleeping process waits in (``ps -o wchan``), "" where not shown."""
    rss_kb: int = 0
    """Its resident memory in KiB (``ps -o rss``), 0 where not shown."""


_LSTART = re.compile(r"\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) +\w{3} +\d+ +\d\d:\d\d:\d\d +\d{4}\b")
"""``ps -o lstart``'s start time, five words ("Thu Nov 26 07:53:48 2026") in one column."""


def process_table(text: str) -> list[Proc]:
    """The rows of a process listing (``ps aux``, ``ps -eo pid,ppid,lstart,stat,wchan,args``,
    ``top -b``) read by its header's column names, or [] where no header names PID, a
    command and what each process uses or does (%CPU, %MEM, RSS or its state)."""
    lines = text.splitlines()
    for at, head in enumerate(lines[:50]):
        names = head.split()
        kinds = [_COLUMNS.get(n.upper()) for n in names]
        if (
            "pid" in kinds
            and kinds[-1] == "command"
            and {"mem", "cpu", "state", "rss"} & set(kinds)
        ):
            return _rows(lines[at + 1 :], kinds)
    return []


def _rows(lines: list[str], kinds: list[str | None]) -> list[Proc]:
    out = []
    for line in lines:
        if "start" in kinds:
            line = _LSTART.sub(lambda m: "_".join(m[0].split()), line)
        cells = line.split(None, len(kinds) - 1)
        if len(cells) < len(kinds):
            continue
        row = {k: c for k, c in zip(kinds, cells, strict=True) if k is not None}
        try:
            out.append(
                Proc(
                    user=row.get("user", ""),
                    pid=int(row["pid"]),
                    mem_pct=float(row.get("mem", "0") or 0),
                    start=row.get("start", ""),
                    command=row["command"],
                    cpu_pct=float(row.get("cpu", "0") or 0),
                    state=row.get("state", ""),
                    wchan=row.get("wchan", "").lstrip("-"),
                    rss_kb=int(row.get("rss", "0") or 0),
                )
            )
        except ValueError:
            continue
    return out


CPU_HOG_PCT = 20.0
"""A process outside the job holding this much of a CPU (``%CPU``) takes a rank's cycles."""
_INTERPRETERS = re.compile(r"^(?:python[\d.]*|bash|sh|perl|ruby|node|java)$")
_LAUNCH_TOOLS = ("top", "ps", "htop", "sshd", "slurmstepd", "srun", "sleep")


def program(command: str) -> str:
    """What a command runs, for comparing nodes: the script or module behind an interpreter
    ("python -u /srv/code/train.py --lr 3" -> "python train.py"), else the executable."""
    words = command.split()
    if not words:
        return ""
    exe = PurePosixPath(words[0]).name
    if not _INTERPRETERS.match(exe):
        return exe
    rest = iter(words[1:])
    for w in rest:
        if w == "-m":
            return f"{exe} -m {next(rest, '')}"
        if not w.startswith("-"):
            return f"{exe} {PurePosixPath(w).name}"
    return exe


def where_run(procs: Mapping[str, list[Proc]]) -> dict[str, set[str]]:
    """Each program (``program``) -> the nodes whose process table shows it: the job's own
    run on every node, another workload on one."""
    where: dict[str, set[str]] = {}
    for node, rows in procs.items():
        for p in rows:
            where.setdefault(program(p.command), set()).add(node)
    return where


def cpu_hogs(procs: Mapping[str, list[Proc]]) -> list[Finding]:
    """One ``cpu_contention`` finding per node whose table shows processes, run on no other
    node of the job, holding ``CPU_HOG_PCT`` or more of a CPU each (needs two tables)."""
    if len(procs) < 2:
        return []
    runs = {node: [(program(p.command), p) for p in rows] for node, rows in procs.items()}
    where = where_run(procs)
    out = []
    for node, rows in sorted(runs.items()):
        hogs = [
            (prog, p)
            for prog, p in rows
            if p.cpu_pct >= CPU_HOG_PCT
            and where[prog] == {node}
            and prog.split(" ", 1)[0] not in _LAUNCH_TOOLS
        ]
        if not hogs:
            continue
        share = sum(p.cpu_pct for _, p in hogs)
        names = ", ".join(f"{p.pid} {prog} ({p.cpu_pct:.0f}%)" for prog, p in hogs[:3])
        out.append(
            Finding(
                signature="cpu_contention",
                category=Category.STRAGGLER,
                layer=Layer.INFRASTRUCTURE,
                action=Action.RESTART_WITHOUT_NODE,
                severity=2,
                role=Role.CONTEXT,
                text=f"processes no other node runs take {share:.0f}% CPU on {node}: {names}",
                source="process table",
                node=node,
                detail="cpu",
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class Lock:
    """One row of ``lslocks``: a process holding a file lock, or waiting for one."""

    pid: int
    command: str
    path: str
    waiting: bool
    """``lslocks`` marks a request still blocked with ``*`` after its mode (``WRITE*``)."""


_LOCK_HEAD = re.compile(r"^\s*COMMAND\s+PID\s.*\bMODE\b.*\bPATH\s*$")


def lock_table(text: str) -> list[Lock]:
    """The rows of an ``lslocks`` listing (default or ``-o`` columns, PATH last), or []."""
    lines = text.splitlines()
    for at, head in enumerate(lines[:50]):
        if not _LOCK_HEAD.match(head):
            continue
        names = head.split()
        out = []
        for line in lines[at + 1 :]:
            cells = line.split(None, len(names) - 1)
            if len(cells) < len(names) or not cells[1].isdigit():
                continue
            row = dict(zip(names, cells, strict=True))
            out.append(
                Lock(int(row["PID"]), row["COMMAND"], row["PATH"], row["MODE"].endswith("*"))
            )
        return out
    return []


def _runs(lock: Lock, command: Mapping[int, str]) -> str:
    """The program a lock's process runs: by the node's process table, else lslocks' name."""
    return program(command.get(lock.pid, lock.command))


def foreign_locks(
    procs: Mapping[str, list[Proc]],
    locks: Mapping[str, list[Lock]],
    pid_ranks: Mapping[tuple[str, int], int],
) -> list[Finding]:
    """A rank blocked on a file lock that a process outside the job holds (a leftover of an
    earlier job, another user's tool): that node's state keeps the rank from running, one
    ``foreign_lock`` finding per such node. A rank is a pid the logs gave a rank; outside
    the job is a holder that is no rank and runs another program than the waiter, one that
    no other node's process table shows (the launcher, the job's helpers run everywhere)."""
    where = where_run(procs)
    out = []
    for node, rows in sorted(locks.items()):
        command = {p.pid: p.command for p in procs.get(node, [])}
        for w in rows:
            rank = pid_ranks.get((node, w.pid))
            if not w.waiting or rank is None:
                continue
            holders = [
                h
                for h in rows
                if h.path == w.path
                and not h.waiting
                and (node, h.pid) not in pid_ranks
                and _runs(h, command) != _runs(w, command)
                and where.get(_runs(h, command), {node}) <= {node}
            ]
            if not holders:
                continue
            h = holders[0]
            out.append(
                Finding(
                    signature="foreign_lock",
                    category=Category.HOST,
                    layer=Layer.INFRASTRUCTURE,
                    action=Action.RESTART_WITHOUT_NODE,
                    severity=3,
                    role=Role.ROOT,
                    text=(
                        f"a process outside the job (pid {h.pid}, {_runs(h, command)}) holds"
                        f" the lock on {w.path} that rank {rank} (pid {w.pid}) waits for"
                    ),
                    source="lslocks",
                    node=node,
                    rank=rank,
                )
            )
            break
    return out
