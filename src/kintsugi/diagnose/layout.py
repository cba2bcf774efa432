"""Where the launcher put each global rank, read from the files that describe the launch.

mpirun's hostfile and mapping policy, Slurm's task layout, Ray Train's worker table, DeepSpeed's
world info and a process listing with each process's rank: each places ranks on hosts (and
processes on ranks) where no rank log says where it ran. Only a file's first bytes are read.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

MAX_RANKS = 1 << 18
"""More ranks than any job has: a layout that would place more is not read."""
HEAD_MAX = 65536
"""Bytes of a file's start that are read for launch facts (they sit at the top)."""

_HOST = r"[A-Za-z0-9][\w.-]*"
# Open MPI ("node1 slots=4 max_slots=8") and MPICH/Hydra ("node1:4") hostfile lines.
_HOSTFILE_LINE = re.compile(
    rf"^\s*(?P<host>{_HOST}?)(?:\s+slots\s*=\s*(?P<slots>\d+)|:(?P<n>\d+))"
    r"(?:\s+max[_-]slots\s*=\s*\d+)?\s*(?:#.*)?$"
)
# mpirun's command line (an option follows it; "mpirun noticed that ..." is its report)
_MPIRUN = re.compile(
    r"(?m)^(?:.*?[\s=+$'\"])?(?:\S*/)?(?:mpirun|mpiexec|orterun|prterun)\s+-[^\n]*$"
)
# Where the program and its own arguments start on mpirun's line
_PROGRAM = re.compile(r"\s(?:\S*/)?(?:python[\d.]*|bash|sh|torchrun|\S+\.py|\S+\.sh)(?:\s|$)")
_NP = re.compile(r"(?:^|\s)(?:-np|-n|--np|-c)\s*[= ]\s*(\d+)")
_MAP_BY = re.compile(r"(?:^|\s)--?map-by\s*[= ]\s*(\S+)")
_PER_NODE = re.compile(r"(?:^|\s)(?:--?npernode|--?ppn|-N)\s*[= ]\s*(\d+)")
_HOST_LIST = re.compile(r"(?:^|\s)(?:--host|-H|-host)\s*[= ]\s*(\S+)")
_SLURM = re.compile(
    r"(?m)\bSLURM_(?P<key>JOB_NODELIST|NODELIST|STEP_NODELIST|TASKS_PER_NODE|"
    r"STEP_TASKS_PER_NODE|DISTRIBUTION)=(?P<value>\S+)"
)
# srun starting one torchrun per node, each with its own workers: ranks come in blocks of
# --nproc-per-node over the node list (static node ranks; c10d's are assigned as nodes join)
_TORCHRUN_PER_NODE = re.compile(
    r"\b(?:torchrun|torch\.distributed\.run)\b[^\n]*?--nproc[-_]per[-_]node[= ](?P<n>\d+)[^\n]*"
)
# The job's nodes as the scheduler lists them: squeue's table (one running job) and
# ``scontrol show job``'s "NodeList=gpu[01-16]" (not ReqNodeList=/ExcNodeList=).
_SQUEUE_HEADER = re.compile(r"(?m)^[ \t]*JOBID\b[^\n]*\bNODELIST\(REASON\)[ \t]*$")
_SQUEUE_ROW = re.compile(
    r"(?m)^[ \t]*\d[\w.+]*[ \t]+\S.*?[ \t](?:R|CG)[ \t]+\S+[ \t]+\d+[ \t]+(\S+)[ \t]*$"
)
_SCONTROL_NODES = re.compile(r"(?m)(?:^|[ \t])NodeList=([^\s(]\S*)")
_SRUN_DIST = re.compile(r"\bsrun\b.*?(?:--distribution[= ]|\s-m\s*)(\w+(?:=\d+)?)")
# Ray Train's worker table: "- (ip=10.40.2.17, pid=4477) world_rank=11, local_rank=3, ..."
_RAY_TABLE = re.compile(r"\((?P<inside>[^()\n]*)\)\s*world_rank=(?P<rank>\d+)")
# A Ray worker's own line: "(RayTrainWorker pid=5818, ip=10.55.117.143) ... [rank=8, world_size"
_RAY_WORKER = re.compile(
    r"^\((?P<inside>[^()\n]*\bpid=\d+[^()\n]*)\).*?\[rank=(?P<rank>\d+), world_size=", re.M
)
_IP_FIELD = re.compile(r"\bip=([\w.:-]+?)(?=[,)\s]|$)")
_PID_FIELD = re.compile(r"\bpid=(\d+)")
_DS_WORLD = re.compile(r"WORLD INFO DICT: (\{[^\n]*\})")
# A process listing whose header names a rank column: "PID SLURM_PROCID CMD", "PID RANK CMD"
_RANK_COLUMNS = (
    "RANK",
    "GLOBAL_RANK",
    "SLURM_PROCID",
    "OMPI_COMM_WORLD_RANK",
    "PMI_RANK",
    "PMIX_RANK",
)
_PS_HEADER = re.compile(
    r"(?m)^[ \t]*(?:\S+[ \t]+)*?PID\b[^\n]*\b(?:" + "|".join(_RANK_COLUMNS) + r")\b[^\n]*$"
)
_PS_ENV = re.compile(r"\b(?:" + "|".join(_RANK_COLUMNS) + r")=(\d+)\b")


@dataclass(slots=True)
class LaunchFacts:
    """What a bundle's files say about the launch, as read; ``placements`` turns them into
    ranks on nodes."""

    hostfile: list[tuple[str, int]] = field(default_factory=list)
    """mpirun's hostfile: (host, slots) in file order."""
    mpirun: str = ""
    """mpirun's command line, where one was found."""
    slurm: dict[str, str] = field(default_factory=dict)
    """SLURM_* layout variables (``JOB_NODELIST``, ``TASKS_PER_NODE``, ``DISTRIBUTION``)."""
    ray: dict[int, tuple[str, int | None]] = field(default_factory=dict)
    """Ray Train's world rank -> (worker address, pid)."""
    deepspeed: list[tuple[str, int]] = field(default_factory=list)
    """DeepSpeed's world info: (host, processes) in launch order."""
    listed: dict[int, tuple[str, int]] = field(default_factory=dict)
    """A process listing's rank -> (the node whose listing it is, pid)."""
    scheduled: str = ""
    """The job's node list as squeue or scontrol print it (compressed), where one was read."""
    accounted: list[str] = field(default_factory=list)
    """sacct's node list of each allocation of the job (one per requeue), compressed."""
    sources: set[str] = field(default_factory=set)
    """The files the facts were read from."""

    def read(self, head: bytes, node: str | None, source: str) -> None:
        """Collects the launch facts in a text file's first bytes."""
        if not any(k in head for k in _CUES) and len(head) > HOSTFILE_MAX:
            return
        text = head[:HEAD_MAX].decode("utf-8", "replace")
        before = self._size()
        if not self.hostfile and len(head) <= HOSTFILE_MAX:
            self.hostfile = hostfile(text)
        if not self.mpirun and (m := _MPIRUN.search(text)):
            self.mpirun = _PROGRAM.split(m[0], 1)[0]
        for m in _SLURM.finditer(text):
            self.slurm.setdefault(m["key"].removeprefix("STEP_").replace("JOB_", ""), m["value"])
        if not self.scheduled:
            self.scheduled = scheduled_nodes(text)
        if not self.accounted:
            self.accounted = accounted_nodes(text)
        if (t := _TORCHRUN_PER_NODE.search(text)) is not None and "c10d" not in t[0]:
            self.slurm.setdefault("TORCHRUN_PER_NODE", t["n"])
        if (d := _SRUN_DIST.search(text)) is not None:
            self.slurm.setdefault("DISTRIBUTION", d[1])
        for m in (*_RAY_TABLE.finditer(text), *_RAY_WORKER.finditer(text)):
            ip, pid = _IP_FIELD.search(m["inside"]), _PID_FIELD.search(m["inside"])
            if ip is not None:
                self.ray.setdefault(int(m["rank"]), (ip[1], int(pid[1]) if pid else None))
        if not self.deepspeed and (w := _DS_WORLD.search(text)):
            self.deepspeed = deepspeed_world(w[1])
        if node is not None:
            for rank, listed_pid in process_listing(text).items():
                self.listed.setdefault(rank, (node, listed_pid))
        if self._size() != before:
            self.sources.add(source)

    def _size(self) -> int:
        return (
            len(self.hostfile)
            + len(self.mpirun)
            + len(self.slurm)
            + len(self.ray)
            + len(self.deepspeed)
            + len(self.listed)
            + bool(self.scheduled)
            + len(self.accounted)
        )

    def allocated(self) -> set[str]:
        """Every node the scheduler's accounting says the job ran on, in any of its
        allocations (a requeued job's attempts run on other nodes)."""
        return {n for expr in self.accounted for n in expand_hostlist(expr)}

    def job_nodes(self) -> list[str]:
        """The job's nodes in the scheduler's order (Slurm keeps its node list sorted), from
        ``SLURM_JOB_NODELIST``, squeue or scontrol, else sacct's node list of the job's one
        allocation: all of them, where the bundle holds the logs of only some."""
        one = self.accounted[0] if len(self.accounted) == 1 else ""
        return expand_hostlist(self.slurm.get("NODELIST", "") or self.scheduled or one)

    def hosts(self) -> set[str]:
        """Every host name or address the facts mention (to be resolved to nodes)."""
        out = {h for h, _ in self.hostfile} | {h for h, _ in self.deepspeed}
        out |= {ip for ip, _ in self.ray.values()}
        out |= set(expand_hostlist(self.slurm.get("NODELIST", "")))
        return out

    def placements(
        self, resolve: Callable[[str], str | None]
    ) -> tuple[dict[int, str], dict[tuple[str, int], int]]:
        """Global rank -> node, and (node, pid) -> global rank, from the facts.

        Args:
            resolve: a host name or address -> the bundle's node, or None when unknown.

        Returns:
            Placements from the most direct facts first: a process listing, Ray's table,
            DeepSpeed's world info, then mpirun's and Slurm's layout policies.
        """
        homes: dict[int, str] = {}
        pids: dict[tuple[str, int], int] = {}
        for rank, (node, pid) in self.listed.items():
            homes.setdefault(rank, node)
            pids.setdefault((node, pid), rank)
        for rank, (ip, pid_) in self.ray.items():
            where = resolve(ip)
            if where is not None:
                homes.setdefault(rank, where)
                if pid_ is not None:
                    pids.setdefault((where, pid_), rank)
        for layout in (
            blocks(self.deepspeed),
            mpirun_layout(self.mpirun, self.hostfile),
            slurm_layout(self.slurm),
        ):
            for rank, host in layout.items():
                where = resolve(host)
                if where is not None:
                    homes.setdefault(rank, where)
        return homes, pids


_CUES = (
    b"slots",
    b"mpirun",
    b"mpiexec",
    b"SLURM_",
    b"NODELIST(REASON)",
    b"NodeList=",
    b"NodeList",
    b"srun",
    b"world_rank=",
    b"world_size=",
    b"WORLD INFO DICT",
    b"PID",
)
HOSTFILE_MAX = 16384
"""A hostfile is a small file: larger ones are not read as one."""


def hostfile(text: str) -> list[tuple[str, int]]:
    """An mpirun hostfile's (host, slots), when every line of the text is a hostfile line."""
    out: list[tuple[str, int]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _HOSTFILE_LINE.match(line)
        if m is None or not m["host"]:
            return []
        out.append((m["host"], int(m["slots"] or m["n"])))
    return out if len({h for h, _ in out}) == len(out) else []


def scheduled_nodes(text: str) -> str:
    """The node list of the one running job that squeue's table or scontrol's record shows."""
    if _SQUEUE_HEADER.search(text) is not None:
        rows = _SQUEUE_ROW.findall(text)
        return rows[0] if len(set(rows)) == 1 else ""
    found = set(_SCONTROL_NODES.findall(text))
    return found.pop() if len(found) == 1 else ""


_SACCT_HEADER = re.compile(r"(?m)^([ \t]*JobID\b[^\n]*\bNodeList\b[^\n]*)\n([ \t]*-{3,}[- \t]*)$")
_ALLOCATION = re.compile(r"^\d+(?:_\d+)?(?:\+\d+)?$")
"""A job's allocation row in sacct (``1404417``, an array task ``77_3``), not a step's
(``1404417.0``, ``1404417.batch``)."""


def accounted_nodes(text: str) -> list[str]:
    """sacct's node list of each of a job's allocations (its table: the dashes under the
    header give each column's width, as sacct prints them; a state like ``CANCELLED by 0``
    has spaces in it)."""
    m = _SACCT_HEADER.search(text)
    if m is None:
        return []
    header, dashes = m[1], m[2]
    spans = [(d.start(), d.end()) for d in re.finditer(r"-+", dashes)]
    names = [header[a:b].strip().lower() for a, b in spans]
    if "jobid" not in names or "nodelist" not in names:
        return []
    job, where = names.index("jobid"), names.index("nodelist")
    out: list[str] = []
    for row in text[m.end() :].splitlines()[1:]:
        if not row.strip():
            break
        cells = [row[a:b].strip() for a, b in spans]
        # (the last column runs to the line's end: sacct pads, a paste may not)
        cells[-1] = row[spans[-1][0] :].strip()
        nodes = cells[where]
        if _ALLOCATION.match(cells[job]) and nodes and nodes not in ("None", "(null)", *out):
            out.append(nodes.split()[0])
    return out


def expand_hostlist(expr: str) -> list[str]:
    """Slurm's compressed host list (``gpu[101-104,110],login1``) as names, in order."""
    names: list[str] = []
    for part in re.findall(r"[^,\[]+(?:\[[^\]]*\][^,\[]*)*", expr):
        names += _expand_one(part)
    return names


def _expand_one(part: str) -> list[str]:
    m = re.match(r"([^\[]*)\[([^\]]*)\](.*)$", part)
    if m is None:
        return [part] if part else []
    prefix, ranges, rest = m.groups()
    out: list[str] = []
    for r in ranges.split(","):
        lo, _, hi = r.partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            return []
        if int(hi or lo) - int(lo) > MAX_RANKS:
            return []  # no job has that many nodes: not a host list
        width = len(lo)
        for i in range(int(lo), int(hi or lo) + 1):
            out += [f"{prefix}{i:0{width}d}{tail}" for tail in _expand_one(rest) or [""]]
        if len(out) > 100_000:
            return []
    return out


def tasks_per_node(expr: str) -> list[int]:
    """Slurm's ``SLURM_TASKS_PER_NODE`` (``4(x3),2``) as one count per node."""
    out: list[int] = []
    for item in expr.split(","):
        m = re.fullmatch(r"(\d+)(?:\(x(\d+)\))?", item.strip())
        if m is None:
            return []
        if int(m[2] or 1) > MAX_RANKS or int(m[1]) > MAX_RANKS:
            return []
        out += [int(m[1])] * int(m[2] or 1)
    return out if sum(out) <= MAX_RANKS else []


def slurm_layout(env: Mapping[str, str]) -> dict[int, str]:
    """Task id -> host under Slurm's node-level distribution (block, cyclic or plane=N)."""
    nodes = expand_hostlist(env.get("NODELIST", ""))
    counts = tasks_per_node(env.get("TASKS_PER_NODE", ""))
    dist = env.get("DISTRIBUTION", "block").split(":")[0].lower()
    per = env.get("TORCHRUN_PER_NODE", "")
    if nodes and per.isdigit() and 0 < int(per) <= MAX_RANKS and set(counts) <= {1}:
        # Slurm's tasks are torchrun agents, one per node: the ranks are their workers
        counts, dist = [int(per)] * len(nodes), "block"
    if not nodes or len(counts) != len(nodes):
        return {}
    if dist == "block":
        return _fill(nodes, counts, len(nodes) * max(counts))
    if dist == "cyclic":
        return _fill(nodes, counts, 1)
    if dist.startswith("plane="):
        size = dist.removeprefix("plane=")
        return _fill(nodes, counts, int(size)) if size.isdigit() and int(size) > 0 else {}
    return {}


def _fill(hosts: list[str], counts: list[int], chunk: int) -> dict[int, str]:
    """Ranks dealt to ``hosts`` in turn, ``chunk`` at a time, each up to its count."""
    if sum(counts) > MAX_RANKS or chunk < 1:
        return {}
    left = list(counts)
    out: dict[int, str] = {}
    rank = 0
    while any(left):
        for i, host in enumerate(hosts):
            take = min(chunk, left[i])
            for _ in range(take):
                out[rank] = host
                rank += 1
            left[i] -= take
    return out


def mpirun_layout(cmd: str, hosts: list[tuple[str, int]]) -> dict[int, str]:
    """Rank -> host for mpirun's mapping policy over its hostfile (or ``--host``) in order:
    by slot (the default: fill each host's slots before the next), by node (round robin),
    or N per node (``ppr:N:node``, ``-npernode N``)."""
    if not hosts and (h := _HOST_LIST.search(cmd)):
        pairs = [x.partition(":") for x in h[1].split(",")]
        hosts = [(name, int(n) if n.isdigit() else 1) for name, _, n in pairs if name]
    if not hosts or len({h for h, _ in hosts}) != len(hosts):
        return {}
    names, slots = [h for h, _ in hosts], [n for _, n in hosts]
    by = _MAP_BY.search(cmd)
    mapping = (by[1] if by else "slot").lower().split(":")
    per = _PER_NODE.search(cmd)
    if mapping[0] == "ppr" and len(mapping) >= 3 and mapping[1].isdigit():
        if mapping[2] != "node":
            return {}
        slots = [int(mapping[1])] * len(names)
    elif per is not None:
        slots = [int(per[1])] * len(names)
    np_ = _NP.search(cmd)
    total = int(np_[1]) if np_ else sum(slots)
    if total > sum(slots):
        return {}  # oversubscribed: the placement wraps in ways the hostfile does not say
    if mapping[0] == "node":
        out = _fill(names, slots, 1)
    elif mapping[0] in ("slot", "core", "socket", "hwthread", "numa", "l3cache", "ppr", "package"):
        out = _fill(names, slots, max(slots))
    else:
        return {}
    return {r: h for r, h in out.items() if r < total}


def blocks(hosts: list[tuple[str, int]]) -> dict[int, str]:
    """Rank -> host where each host takes the next block of its size (DeepSpeed, torchrun)."""
    out: dict[int, str] = {}
    for host, n in hosts:
        for _ in range(n):
            out[len(out)] = host
    return out


def deepspeed_world(text: str) -> list[tuple[str, int]]:
    """DeepSpeed's ``WORLD INFO DICT: {'host': [0, 1, ...], ...}`` as (host, processes)."""
    try:
        d = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return []
    if not isinstance(d, dict):
        return []
    return [(str(h), len(v)) for h, v in d.items() if isinstance(v, list)]


def process_listing(text: str) -> dict[int, int]:
    """Rank -> pid from a process listing: a header with a PID and a rank column (``ps -o
    pid,env`` or a launcher's own table), or ``ps e`` lines that carry ``RANK=N``."""
    out: dict[int, int] = {}
    for m in _PS_HEADER.finditer(text):
        cols = m[0].split()
        pid_col = cols.index("PID")
        rank_col = next(i for i, c in enumerate(cols) if c in _RANK_COLUMNS)
        for line in text[m.end() :].splitlines()[1:]:
            row = line.split()
            if len(row) <= max(pid_col, rank_col) or not row[pid_col].isdigit():
                if out:
                    break
                continue
            if row[rank_col].isdigit():
                out.setdefault(int(row[rank_col]), int(row[pid_col]))
    if not out:
        for line in text.splitlines():
            row = line.split(None, 1)
            if len(row) == 2 and row[0].isdigit() and (env := _PS_ENV.search(row[1])):
                out.setdefault(int(env[1]), int(row[0]))
    return out
