"""The kernel OOM killer's task table: whose memory filled the node when it killed a process.

When the kernel runs out of memory it prints every task's resident set (``[ pid ] uid tgid
total_vm rss ... oom_score_adj name``) and then the process it killed, with its UID. If the
processes of another user held a large share of it together (a leaking daemon, another job's
executor, often shielded with ``oom_score_adj -1000``; a tree of a hundred Ray workers, a
pool of 48 preprocessing processes), the job's process was the victim, not the cause: the
node's other workload is the fault, and the node should leave the job.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, replace

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.proctable import Proc
from kintsugi.diagnose.signatures import Role

_ROW = re.compile(
    r"\[\s*(?P<pid>\d+)\]\s+(?P<uid>\d+)\s+(?P<tgid>\d+)\s+(?P<vm>\d+)\s+(?P<rss>\d+)(?:\s+\d+)+"
    r"\s+(?P<adj>-?\d+)\s+(?P<name>\S+)\s*$"
)
"""A row of the table: ``rss`` then pgtables_bytes and swapents (and, since Linux 5.x,
rss_anon, rss_file and rss_shmem before them), ``oom_score_adj`` and the name last."""
_KILLED = re.compile(r"Killed process (?P<pid>\d+) \((?P<name>[^)]*)\).*?\bUID:(?P<uid>\d+)")
PAGE = 4096
CROWDING_SHARE = 0.4
"""Memory outside the job, as a share of the node's (the killer's table, ``ps``), that crowds
the job out: the node's other workload is the fault, not the job's own use."""


@dataclass(frozen=True, slots=True)
class Hog:
    """Another user's processes that held a large share of the node's memory when the killer
    struck: the largest of them, and all of them together."""

    pid: int
    uid: int
    name: str
    rss_bytes: int
    """What the user's processes held together."""
    share: float
    oom_score_adj: int
    victim: str
    processes: int = 1
    """How many processes of that user the table lists."""

    def text(self) -> str:
        shield = " (shielded, oom_score_adj -1000)" if self.oom_score_adj == -1000 else ""
        more = f" and {self.processes - 1} other process(es) of that uid" * (self.processes > 1)
        return (
            f"the OOM killer killed {self.victim} while pid {self.pid} ({self.name}, uid "
            f"{self.uid}){shield}{more} held {self.rss_bytes / 2**30:.0f} GiB, "
            f"{self.share:.0%} of the resident memory: another workload's memory, not the job's"
        )


def memory_hog(lines: list[str]) -> Hog | None:
    """The other user whose processes held ``CROWDING_SHARE`` or more of the memory together
    at the last OOM kill in ``lines`` (a kernel log), or None (no kill, no table, or the
    victim's own user's)."""
    killed = None
    for i, line in enumerate(lines):
        m = _KILLED.search(line)
        if m:
            killed = (i, m)
    if killed is None:
        return None
    at, km = killed
    rows = []
    for line in reversed(lines[max(0, at - 5000) : at]):
        r = _ROW.search(line)
        if r:
            rows.append(r)
        elif rows and "pid" in line and "uid" in line and "rss" in line:
            break  # the table's header: the table is complete
    if not rows:
        return None
    total = sum(int(r["rss"]) for r in rows)
    held: dict[int, int] = defaultdict(int)
    for r in rows:
        held[int(r["uid"])] += int(r["rss"])
    others = [u for u in held if u != int(km["uid"])]
    if not total or not others:
        return None
    uid = max(others, key=lambda u: held[u])
    share = held[uid] / total
    if share < CROWDING_SHARE:
        return None
    theirs = [r for r in rows if int(r["uid"]) == uid]
    top = max(theirs, key=lambda r: int(r["rss"]))
    return Hog(
        pid=int(top["pid"]),
        uid=uid,
        name=top["name"],
        rss_bytes=held[uid] * PAGE,
        share=share,
        oom_score_adj=int(top["adj"]),
        victim=f"{km['name']} (pid {km['pid']}, uid {km['uid']})",
        processes=len(theirs),
    )


def crowded_out(procs: list[Proc], victim_pid: int, victim_name: str) -> list[Proc]:
    """Processes outside the job that held a large share of the node's memory when the job's
    process ``victim_pid`` was killed for memory: those started at another time than the job's
    processes (the victim's own start, else the usual start of processes named like it) or
    run by another user, together holding ``CROWDING_SHARE`` or more. [] when none did.
    A table with resident sizes and no %MEM (``ps -eo user,pid,rss,cmd --sort=-rss``) gives
    each its share of what the table lists."""
    listed = sum(p.rss_kb for p in procs)
    if listed and not any(p.mem_pct for p in procs):
        procs = [replace(p, mem_pct=100.0 * p.rss_kb / listed) for p in procs]
    by_pid = {p.pid: p for p in procs}
    victim = by_pid.get(victim_pid)
    if victim is not None:
        start, user = victim.start, victim.user
    else:
        kin = [p for p in procs if victim_name and victim_name in p.command.split(None, 1)[0]]
        if not kin:
            return []
        starts = [p.start for p in kin]
        # the usual start among them; at a tie the newest (ps prints today's as HH:MM)
        start = max(sorted(set(starts)), key=lambda s: (starts.count(s), ":" in s))
        user = next(p.user for p in kin if p.start == start)
    others = [
        p
        for p in procs
        if p.pid != victim_pid and (p.start != start or p.user != user) and p.mem_pct >= 5.0
    ]
    return others if sum(p.mem_pct for p in others) >= 100 * CROWDING_SHARE else []


_VICTIM = re.compile(
    r"Killed process \d+ \((?P<killed>[^)]*)\)|\btask=(?P<task>[^,\s]+)"
    r"|(?P<who>[\w.:-]+) invoked oom-killer"
)
_JOBS_OWN = re.compile(
    r"^(?:python[\d.]*|pt_\w+|torchrun|deepspeed|accelerate|ray::.*|\S*train\S*)$"
)
"""What a training job's processes are called: the interpreter, PyTorch's named threads
(``pt_main_thread``, ``pt_data_worker``, ``pt_elastic``), launchers, Ray's workers."""


def other_programs(findings: list[Finding]) -> list[Finding]:
    """The kernel's OOM-killer lines about a program no training job runs (an editor's
    server, a monitoring agent, another user's tool): context of the node's memory, not a
    failure of the job; its own processes' kills stay what they are."""
    out = []
    for f in findings:
        if f.signature == "oom_killer" and f.role is Role.ROOT:
            m = _VICTIM.search(f.text)
            name = (m["killed"] or m["task"] or m["who"]) if m else None
            if name and not _JOBS_OWN.match(name):
                f = f.with_(role=Role.CONTEXT, severity=1)
        out.append(f)
    return out
