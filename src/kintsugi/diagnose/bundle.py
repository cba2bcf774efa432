"""Walk a bundle of logs, recognize each file by its content, and stream it into findings.

Never raises on content: an odd file (bad JSON, wrong types, absurd nesting) is skipped with a
note, and the verdict comes from the rest.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import statistics
from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from kintsugi.diagnose import ranktable
from kintsugi.diagnose.fileio import DECOMPRESS_ERRORS, compression, read_bytes
from kintsugi.diagnose.findings import Finding, timing
from kintsugi.diagnose.from_events import findings_from_events, sane_event, topology_of
from kintsugi.diagnose.gpuprocs import NVSMI_TABLE, gpu_table
from kintsugi.diagnose.hang import (
    FAULTHANDLER_MARK,
    input_samples,
    last_faulthandler_dump,
    prefixed_dumps,
    processes_in_collective,
    split_processes,
)
from kintsugi.diagnose.layout import LaunchFacts
from kintsugi.diagnose.links import link_states, shapers
from kintsugi.diagnose.metrics import divergences
from kintsugi.diagnose.mounts import full_mounts, network_mounts, read_only_mounts
from kintsugi.diagnose.nodeclock import NodeClocks
from kintsugi.diagnose.nodeenv import env_dump
from kintsugi.diagnose.oomtable import memory_hog, other_programs
from kintsugi.diagnose.pairtests import PAIR_KEYWORDS, pair_bandwidths, slow_node
from kintsugi.diagnose.parse_state import Context, StepSeries
from kintsugi.diagnose.parsers import LineParser
from kintsugi.diagnose.pods import CUES as POD_CUES
from kintsugi.diagnose.pods import described_node, pod_nodes
from kintsugi.diagnose.proctable import Lock, Proc, lock_table, process_table
from kintsugi.diagnose.reports import (
    CLOCK_EVENT_COLUMNS,
    load_json,
    parse_dcgm,
    parse_dcgm_health,
    parse_dcgm_prometheus,
    parse_dcgm_text,
    parse_ibstat_rates,
    parse_nvsmi,
    parse_nvsmi_csv,
)
from kintsugi.diagnose.signatures import Role, SignatureSet
from kintsugi.diagnose.textscan import scan_text
from kintsugi.diagnose.timeline import epoch_to_scale, reboot_in
from kintsugi.events import Action, Category, Event, Layer, SchemaError

MAX_JSON = 64 << 20
MAX_PS = 65536
"""A ``ps aux`` listing is read from a file up to this size (its first bytes are at hand)."""
_PS_STATE = re.compile(
    rb"(?m)^[ \t]*(?:\S+[ \t]+)?PID[ \t][^\n]*\bSTAT\b[^\n]*\b(?:COMMAND|CMD|ARGS)[ \t]*$"
)
"""A ``ps -eo ...`` header without %CPU or %MEM that shows each process's state."""
MAX_FILES = 100_000
"""Files looked at in one bundle; beyond that the rest is listed as skipped."""
_ATTEMPT = re.compile(r"^(?:attempt|run|try|requeue)[_-]?(\d+)(?:[_-]\d+)?$", re.I)
# A collector's folder for a node, "node-<its host name>" ("node-gpu-a06", "node-hgx-17"): the
# logs call it by the host name. ("node-a03" is a host name of its own.)
_NODE_FOLDER = re.compile(r"^(?:node|host)[-_](?P<host>[A-Za-z][\w.]*-[\w.-]*\d[\w.-]*)$")


HOST_EVIDENCE_FILES = 40
"""Files read (their first 64 KiB) for whether the logs name a node folder as it is named."""


def node_hosts(root: Path) -> dict[str, str]:
    """Node folders named "node-<host>" that no log calls by that name: folder -> host. A
    collector's prefix, where the logs say "gpu-a06"; kept where they say "node-gpu-21"."""
    try:
        folders = {
            d.name: m["host"]
            for d in root.iterdir()
            if d.is_dir() and (m := _NODE_FOLDER.match(d.name)) is not None
        }
    except OSError:
        return {}
    if not folders:
        return {}
    heads = []
    for n, path in enumerate(iter_files(root)):
        if n >= HOST_EVIDENCE_FILES:
            break
        with contextlib.suppress(OSError), path.open("rb") as f:
            heads.append(f.read(65536))
    return {
        name: host for name, host in folders.items() if not any(name.encode() in h for h in heads)
    }


_ATTEMPTS = re.compile(r"^(?:attempts|runs|tries|requeues|retries|restarts)$", re.I)
_TRAILING_NUMBER = re.compile(r"(\d+)(?:\.[A-Za-z]\w*)*$")
# A folder that holds the nodes' folders or files rather than being one (``nodes/gpu7/``,
# ``consoles/gpu7.log``, ``pods/worker-3.log``, a Slurm job's ``job_71554/``; a pod's
# ``job-0/`` is a node).
_CONTAINER = re.compile(
    r"^(?:nodes?|hosts?|machines?|servers?|logs?|consoles?|pods?|workers?|outputs?|collected|"
    r"artifacts|exec|dumps?|per[_-]node|node[_-]logs|(?:slurm[_-]?)?job[_-]?\d{4,})$",
    re.I,
)
# A folder of the job's or the cluster's own records, not a node's: a monitor's heartbeats and
# alerts, the scheduler's accounting, a trace analysis (``monitor/hb/rank-45.log``).
_JOB_LEVEL = re.compile(
    r"^(?:monitor(?:ing)?|alerts?|alertmanager|scheduler|controller|analysis|reports?|summary|"
    r"heartbeats?(?:[_-]?mon(?:itor)?s?)?|hb(?:[_-]?mon(?:itor)?)?|flight[_-]?recorders?|"
    r"(?:fr|nccl)[_-]?(?:traces?|dumps?)|metrics|prometheus|grafana|dashboards?|"
    r"fabric|ufm|switch(?:es)?)$",
    re.I,
)
# A rank's own log ("rank3.log", "rank_03.txt"); not a node's ("node_rank1.log", torchrun's
# --node-rank) nor a local rank ("local_rank5"): those hold many global ranks or another's.
_RANK_FILE = re.compile(
    r"(?:(?<![A-Za-z])|(?<=global))(?<!node[_-])(?<!local[_-])rank[_-]?(\d+)", re.I
)
# A kernel log: dmesg's uptime or -T stamps, syslog's, or journald's and rsyslog's ISO
# ("2025-02-11T02:14:33.091000-0800 host kernel:", ``journalctl -k -o short-iso-precise``).
_KERNEL = re.compile(
    rb"^(?:\[\s*\d+\.\d+\]|\w{3} [ \d]\d \d\d:\d\d:\d\d \S+ kernel:|\[\w{3} \w{3} [ \d]\d \d\d:"
    rb"|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[\d.,:+-]* \S+ kernel:)",
    re.M,
)
_NVSMI = b"==============NVSMI LOG=============="
# "nvidia-smi -q -i 3" pasted without its header: a GPU's block, its bus first
_NVSMI_GPU = re.compile(
    rb"^GPU [0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d\s*\r?\n\s+Product Name"
)
# dcgmi diag's results as a grid with a column per GPU ("Diagnostic | GPU0 | GPU1 | ...")
_DCGM_GRID = re.compile(rb"(?m)^\|?[ \t]*Diagnostic[ \t]*\|[ \t]*GPU ?0[ \t]*\|")
# a GPU's block of "nvidia-smi -q" anywhere in a file: the bus alone on its line, then its
# indented sections (a health check's transcript pastes one after the command it ran)
_NVSMI_BLOCK = re.compile(
    rb"(?m)^GPU [0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d[ \t]*\r?\n[ \t]+\S"
)
# Hostnames a node's own files carry near their start: NCCL's "host:pid:tid [dev] NCCL" prefix
# and syslog's "Mar 12 09:12:44 host kernel:".
_HOSTS = re.compile(
    rb"^(?:\[[^\]\n]{1,40}\]:?)*([A-Za-z][\w.-]{0,62}):\d+:\d+ \[\d+\] NCCL |"
    rb"^(?:\w{3} [ \d]\d \d\d:\d\d:\d\d|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[\d.,:+-]*)"
    rb" ([A-Za-z][\w.-]{0,62}) kernel:",
    re.M,
)
# faulthandler ("Current thread 0x... (most recent call first):") or py-spy dump ("Thread 42
# (idle): "MainThread"") at the start of a line.
_STACK = re.compile(
    rb"^(?:Current thread|Thread) 0x[0-9a-f]+ \(most recent call first\):"
    rb"|^Thread (?:\d+|0x[0-9a-fA-F]+) \([\w+]+\): ",
    re.M,
)


_PYSPY_PROCESS = re.compile(r"\s*Process (\d+): ")


@dataclass(slots=True)
class FileReport:
    """What was done with one file."""

    path: str
    kind: str
    size: int
    findings: int = 0
    note: str = ""


@dataclass(slots=True)
class BundleScan:
    """All findings of a bundle plus what each file turned out to be."""

    findings: list[Finding] = field(default_factory=list)
    files: list[FileReport] = field(default_factory=list)
    topology: dict[str, str] = field(default_factory=dict)
    bytes: int = 0
    nodes: set[str] = field(default_factory=set)
    """Every node the bundle holds files of."""
    aliases: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    """Address or hostname -> the node directories it was announced in."""
    stacks: dict[int, str] = field(default_factory=dict)
    """Global rank -> its Python stack dump (faulthandler or py-spy), if the bundle has one."""
    flight_records: dict[int, Any] = field(default_factory=dict)
    """Global rank -> its flight-recorder dump (JSON), if the bundle has one."""
    rank_nodes: dict[int, str] = field(default_factory=dict)
    """Global rank -> the node its dump was found under."""
    dropped: int = 0
    """Findings not kept because of the per-file caps."""
    pid_ranks: dict[tuple[str, int], int] = field(default_factory=dict)
    """(node, process id) -> global rank: which rank a kernel line's ``pid=`` is."""
    last_seen: dict[tuple[int | None, str], float] = field(default_factory=dict)
    """(attempt, node) -> the newest timestamp in any of its logs: when it was last heard."""
    app_seen: dict[tuple[int | None, str], float] = field(default_factory=dict)
    """As ``last_seen``, from the node's application logs only (its kernel may log on after
    the job's processes are gone)."""
    job_start: dict[int | None, float] = field(default_factory=dict)
    """Attempt -> the first timestamp of its application logs: when the job began."""
    launch: LaunchFacts = field(default_factory=LaunchFacts)
    """What the launch files (hostfile, Slurm's environment, Ray's table...) say of ranks."""
    ro_mounts: dict[str, list[str]] = field(default_factory=dict)
    """Node -> the mount points its mount table lists read-only."""
    net_mounts: dict[str, list[str]] = field(default_factory=dict)
    """Node -> the mount points its mount table or ``df`` lists on network file systems."""
    full_mounts: dict[str, list[str]] = field(default_factory=dict)
    """Node -> the mount points its ``df`` shows full."""
    pods: dict[str, str] = field(default_factory=dict)
    """Kubernetes pod -> the node it ran on (``kubectl describe pod``, ``get pods -o wide``)."""
    described: dict[str, str] = field(default_factory=dict)
    """File -> the node of the one pod it describes (``kubectl describe pod``)."""
    summary_hosts: dict[tuple[str, int], str] = field(default_factory=dict)
    """(file, order) of a finding from a torchrun failure summary -> the host its entry names."""
    procs: dict[str, list[Proc]] = field(default_factory=dict)
    """Node -> its ``ps aux`` listing, where the bundle has one."""
    node_dumps: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    """Node -> (pid, stack) of each process its py-spy dump holds with no rank labelled."""
    file_hosts: dict[str, tuple[str, str]] = field(default_factory=dict)
    """File -> (its directory's node, the one host its NCCL prefixes name, when another)."""
    envs: dict[str, dict[str, str]] = field(default_factory=dict)
    """Node -> the variables of its environment dumps (files named for the environment, or
    that set a thread count); {} where its dump sets none."""
    qdiscs: dict[str, list[str]] = field(default_factory=dict)
    """Node -> the shaping qdiscs its ``tc qdisc show`` lists (an empty list: none)."""
    links: dict[str, dict[str, bool]] = field(default_factory=dict)
    """Node -> its network interfaces (``ip link``) and whether each has a carrier."""
    locks: dict[str, list[Lock]] = field(default_factory=dict)
    """Node -> the file locks its ``lslocks`` listings show held and waited for."""
    srun_tasks: tuple[int, dict[int, set[int]]] = (0, {})
    """From the console of ``srun -l`` with one task per node: how many tasks, and the global
    ranks each task's lines name."""
    clocks: NodeClocks = field(default_factory=NodeClocks)
    """Each node's boot time and zone, where its own files say (``uptime -s``, timedatectl)."""


_GENERIC_NAMES = {
    "dmesg", "kern", "kernel", "syslog", "messages", "journal", "console", "stdout", "stderr",
    "output", "train", "training", "log", "logs", "job", "slurm", "torchrun", "events", "dcgm",
    "nvidia", "nvsmi", "topology", "stacks", "rank", "all", "combined",
}  # fmt: skip


def flat_node(name: str) -> str | None:
    """The node a file at the top of a flat bundle names (``node-c.log``, ``gpu7_dmesg.txt``)."""
    token = name.split(".", 1)[0].split("_", 1)[0]
    if not token or token.lower() in _GENERIC_NAMES or _RANK_FILE.fullmatch(token):
        return None
    if token.split("-", 1)[0].lower() in _GENERIC_NAMES:
        return None  # "slurm-551902.out", "train-0.log": the job's, not a node's
    return token if any(c.isdigit() for c in token) or "-" in token else None


def locate(
    root: Path, path: Path, flat: bool = False, hosts: Mapping[str, str] | None = None
) -> tuple[str | None, int | None, int | None]:
    """Node, rank and attempt of a file from its place in the bundle.

    Args:
        flat: the bundle has no sub-directories; a file's name may then carry its node.
        hosts: node folders the logs call by another name (``node_hosts``).
    """
    parts = path.relative_to(root).parts
    attempt = None
    dirs: list[str] = []
    contained = job_level = False
    for p in parts[:-1]:
        m = _ATTEMPT.match(p)
        if m:
            # the outermost: the collector's attempt_N holds torchrun's own log directories
            # (<run id>/attempt_0/<local rank>/), whose counter restarts in every job
            attempt = int(m.group(1)) if attempt is None else attempt
        elif not dirs and _CONTAINER.match(p):
            contained = True  # nodes/<node>/..., pods/<pod>.log: the node is inside
        elif not dirs and _JOB_LEVEL.match(p):
            job_level = True  # monitor/hb/...: the job's records, whatever folders follow
            break
        elif not dirs and attempt is None and _ATTEMPTS.match(p):
            # attempts/slurm-30771_2.out: one file per attempt, numbered in its name
            n = _TRAILING_NUMBER.search(parts[-1])
            attempt = int(n[1]) if n else None
        else:
            dirs.append(p)
    node = (hosts or {}).get(dirs[0], dirs[0]) if dirs else None
    node = node or ((flat or contained or job_level) and flat_node(parts[-1])) or root.name
    rm = _RANK_FILE.search(parts[-1])
    return node, int(rm.group(1)) if rm else None, attempt


def iter_files(root: Path) -> Iterator[Path]:
    """Regular files under ``root`` in sorted depth-first order; iterative, so depth is free."""
    stack = [root]
    while stack:
        d = stack.pop()
        try:
            with os.scandir(d) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            continue
        dirs: list[Path] = []
        for e in entries:
            try:
                if e.is_symlink():
                    continue
                if e.is_dir():
                    dirs.append(Path(e.path))
                elif e.is_file() and not _skipped(e.name):
                    yield Path(e.path)
            except OSError:
                continue
        stack.extend(reversed(dirs))


def _skipped(name: str) -> bool:
    """Labels, hidden files and prose (README, NOTES, Markdown) are not logs."""
    low = name.lower()
    return (
        name == "label.json"
        or name.startswith(".")
        or low.startswith(("readme", "notes"))
        or low.endswith(".md")
    )


def sniff(head: bytes) -> str:
    """Recognizes a file by its first bytes.

    Returns:
        One of binary, dcgm, events, topology, flight_recorder, nvsmi, nvsmi_csv,
        dcgm_health, dcgm_text, dcgm_prometheus, stacks, kernel, text.
    """
    if b"\0" in head[:8192]:
        return "binary"
    s = head.lstrip()
    if s.startswith(b"{") and b'"DCGM Diagnostic"' in head:
        return "dcgm"
    if s.startswith(b"{") and b'"kind"' in head and b'"run_id"' in head:
        return "events"
    if s.startswith(b"{") and b'"topology"' in head:
        return "topology"
    if s.startswith(b"{") and b'"entries"' in head and b"collective_seq_id" in head:
        return "flight_recorder"
    if _NVSMI in head or _NVSMI_GPU.match(s):
        return "nvsmi"
    first = head.split(b"\n", 1)[0].decode("utf-8", "replace").lower()
    if "," in first and any(c in first for c in CLOCK_EVENT_COLUMNS):
        return "nvsmi_csv"
    if b"Health Monitor Report" in head[:4096]:
        return "dcgm_health"
    if b"| Diagnostic" in head[:4096] and b"| Result" in head[:4096]:
        return "dcgm_text"
    if _DCGM_GRID.search(head[:4096]):
        return "dcgm_text"
    if b"# TYPE DCGM_FI_" in head or b"\nDCGM_FI_DEV_" in head:
        return "dcgm_prometheus"
    if _KERNEL.search(head[:65536]):
        return "kernel"
    if _STACK.search(head[:65536]) and b"Traceback (most recent call last)" not in head:
        return "stacks"
    return "text"


def scan_bundle(root: Path, sigs: SignatureSet) -> BundleScan:
    """Scans every file under ``root``; never raises on content (only on an unreadable root)."""
    out = BundleScan()
    logs: list[tuple[Path, Context]] = []
    try:
        flat = not any(p.is_dir() for p in root.iterdir())
    except OSError:
        flat = False
    hosts = node_hosts(root)
    for n, path in enumerate(iter_files(root)):
        try:
            rel = str(path.relative_to(root))
        except ValueError:
            continue
        if n >= MAX_FILES:
            out.files.append(FileReport(rel, "skipped", 0, note=f"over {MAX_FILES} files"))
            continue
        node, rank, attempt = locate(root, path, flat, hosts)
        try:
            size = path.stat().st_size
            with path.open("rb") as f:
                head = f.read(65536)
            packed = compression(head)
            if packed:
                head = read_bytes(path, packed, 65536)
        except DECOMPRESS_ERRORS as e:
            note = getattr(e, "strerror", None) or type(e).__name__
            out.files.append(FileReport(rel, "unreadable", 0, note=note))
            continue
        kind = sniff(head) if size else "empty"
        rep = FileReport(rel, kind, size, note=f"{packed}-compressed" if packed else "")
        out.files.append(rep)
        out.bytes += size
        parts = path.relative_to(root).parts
        # a file of the bundle's root, or of a job-level folder, makes no node of the bundle
        # (an attempt's own folder, attempt_2/slurm.out, is that attempt's job level too; so
        # are a folder of attempts' files, attempts/slurm-30771_2.out, and a folder of nodes'
        # files whose name names no node, logs/train_all_ranks.log)
        beside = [
            q
            for q in parts[:-1]
            if not (_ATTEMPT.match(q) or _ATTEMPTS.match(q) or _CONTAINER.match(q))
        ]
        if node and (node != root.name or (beside and not _JOB_LEVEL.match(beside[0]))):
            out.nodes.add(node)
        ctx = Context(source=rel, node=node, rank=rank, attempt=attempt, compressed=packed)
        ctx.snapshot = NVSMI_TABLE in head or b"NVSMI LOG" in head
        if kind == "text":
            out.launch.read(head, node if node in out.nodes else None, rel)
            df = b"Mounted on" in head
            if node in out.nodes and (b" type " in head or df):
                mount_table = head.decode("utf-8", "replace")
                if b"(ro" in head or b" ro," in head:
                    out.ro_mounts.setdefault(node, []).extend(read_only_mounts(mount_table))
                net = network_mounts(mount_table)
                if net or df:
                    out.net_mounts.setdefault(node, []).extend(net)
                if df and (full := full_mounts(mount_table)):
                    out.full_mounts.setdefault(node, []).extend(full)
            if node is not None:
                _node_snapshots(head, node, size, path.name, out)
            if any(c in head for c in POD_CUES):
                out.pods.update(pod_nodes(head.decode("utf-8", "replace")))
                if (on := described_node(head.decode("utf-8", "replace"))) is not None:
                    out.described[rel] = on
        if kind in ("text", "kernel"):
            out.clocks.read(head, node if node in out.nodes else None, rel)
        if node and node in out.nodes and kind in ("text", "kernel"):
            for m in _HOSTS.finditer(head):
                host = (m.group(1) or m.group(2)).decode("ascii", "replace")
                out.aliases[host].add(node)
        try:
            found = _scan_file(path, kind, size, ctx, sigs, out, rep)
        except (*DECOMPRESS_ERRORS, RecursionError, MemoryError) as e:
            rep.note = f"skipped: {type(e).__name__}"
            continue
        # ibstat's port table, from the head already read (the whole file: MAX_PS is its size)
        ibstat = (b"CA '" in head and b"Rate:" in head) or (
            b"Infiniband device '" in head and b"rate:" in head
        )
        if ibstat and kind == "text" and size <= MAX_PS and ctx.node is not None and not packed:
            found += parse_ibstat_rates(head.decode("utf-8", "replace"), ctx)
        # nvidia-smi -q pasted into a transcript: its GPU blocks read as the report they are,
        # beside the transcript's own lines
        pasted = kind == "text" and size <= MAX_PS and not packed and ctx.node is not None
        if pasted and _NVSMI_BLOCK.search(head):
            found += parse_nvsmi(head.decode("utf-8", "replace"), ctx)
        # nvidia-smi's tables: how many GPUs, and one another process shares with a rank
        table = NVSMI_TABLE in head and kind == "text" and size <= MAX_PS and not packed
        if table and ctx.node is not None:
            found += gpu_table(head.decode("utf-8", "replace"), ctx)
        # a profiler's table of every rank's timers: who computes slowest
        if kind == "text" and not packed and ranktable.looks_like(head):
            # (a longer table's first rows, to its last whole line, compare the ranks as well)
            rows = head if size <= len(head) else head[: head.rfind(b"\n") + 1]
            found += ranktable.rank_table(rows.decode("utf-8", "replace"), ctx)
        # nccl-tests between pairs of nodes: the node every slow pair holds
        low_head = head.lower() if kind == "text" and not packed else b""
        if any(k in low_head for k in PAIR_KEYWORDS) and b"pair" in low_head:
            found += _slow_pairs(head.decode("utf-8", "replace"), ctx)
        rep.findings = len(found)
        out.findings += found
        if kind == "text" and not packed:
            logs.append((path, ctx))
    out.findings += _attempt_nodes(out.files, root)
    # the losses before a NaN, read only where a NaN is: it decides recipe or machine
    nan_attempts = {f.attempt for f in out.findings if f.category is Category.NUMERICAL}
    for path, ctx in logs:
        if ctx.attempt in nan_attempts:
            out.findings += divergences(path, ctx)
    return out


def _scan_file(
    path: Path,
    kind: str,
    size: int,
    ctx: Context,
    sigs: SignatureSet,
    out: BundleScan,
    rep: FileReport,
) -> list[Finding]:
    if kind in ("binary", "empty"):
        return []
    if kind in ("dcgm", "events", "topology", "flight_recorder") and size <= MAX_JSON:
        found = _structured(path, kind, ctx, sigs, out)
        if found is not None:
            return found
        rep.note = "not valid JSON; scanned as text"
    elif kind == "nvsmi" and size <= MAX_JSON:
        return parse_nvsmi(_text(path, ctx), ctx)
    elif kind == "nvsmi_csv" and size <= MAX_JSON:
        return parse_nvsmi_csv(_text(path, ctx), ctx)
    elif kind == "dcgm_health" and size <= MAX_JSON:
        return parse_dcgm_health(_text(path, ctx), ctx)
    elif kind == "dcgm_text" and size <= MAX_JSON:
        return parse_dcgm_text(_text(path, ctx), ctx)
    elif kind == "dcgm_prometheus" and size <= MAX_JSON:
        return parse_dcgm_prometheus(_text(path, ctx), ctx)
    elif kind == "stacks" and size <= MAX_JSON and ctx.rank is not None:
        out.stacks[ctx.rank] = _text(path, ctx)
        # py-spy's header names the process: a kernel line's pid= is then this rank
        if ctx.node and (proc := _PYSPY_PROCESS.match(out.stacks[ctx.rank])):
            out.pid_ranks.setdefault((ctx.node, int(proc[1])), ctx.rank)
        if ctx.node in out.nodes:
            out.rank_nodes[ctx.rank] = ctx.node
        return _input_stacks(out.stacks[ctx.rank], ctx)
    elif kind == "stacks" and size <= MAX_JSON:
        text = _text(path, ctx)
        for rank, pid, block in split_processes(text):
            # a node's dump of its processes, each labelled with its rank: each rank's stack
            if rank is not None and ctx.node:
                out.stacks.setdefault(rank, block)
                if ctx.node in out.nodes:
                    out.rank_nodes.setdefault(rank, ctx.node)
                out.pid_ranks.setdefault((ctx.node, pid), rank)
            elif ctx.node and ctx.attempt is None:
                out.node_dumps.setdefault(ctx.node, []).append((pid, block))
        nodewide = _node_stacks(text, ctx) + _input_stacks(text, ctx)
        if FAULTHANDLER_MARK not in text:
            return nodewide
        # a rank's log that holds its faulthandler dump: its lines are read as any log's too
        # (the dump itself is taken below, with the rank the log names)
        return nodewide + _scan_log(path, ctx, sigs, out, "text", size, text)
    return _scan_log(path, ctx, sigs, out, kind, size)


def _scan_log(
    path: Path,
    ctx: Context,
    sigs: SignatureSet,
    out: BundleScan,
    kind: str,
    size: int,
    text: str | None = None,
) -> list[Finding]:
    """A text or kernel log, line by line, and what its whole tells (its ranks, its NCCL, a
    rank's own faulthandler dump: ``text``, where the caller has read it whole already)."""
    if kind == "kernel":
        ctx.rank = None
    parser = scan_text(path, ctx, sigs, ctx.compressed)
    if ctx.node is not None and parser.last_ts is not None:
        key = (ctx.attempt, ctx.node)
        out.last_seen[key] = max(parser.last_ts, out.last_seen.get(key, parser.last_ts))
        if kind == "text" and not ctx.snapshot:
            out.app_seen[key] = max(parser.last_ts, out.app_seen.get(key, parser.last_ts))
    if ctx.node is not None and parser.first_ts is not None and kind == "text":
        # when the job's own logs begin: the kernel's lines from before are the node's past
        start = out.job_start.get(ctx.attempt, parser.first_ts)
        out.job_start[ctx.attempt] = min(parser.first_ts, start)
    for alias, node in parser.aliases.items():
        out.aliases[alias].add(node)
    if ctx.node is not None and len(parser.nccl_hosts) == 1 and ctx.node not in parser.nccl_hosts:
        out.file_hosts[ctx.source] = (ctx.node, next(iter(parser.nccl_hosts)))
    for order, host in parser.summary_hosts.items():
        out.summary_hosts[(ctx.source, order)] = host
    if ctx.node is not None:
        for (host, pid), rank in parser.pid_ranks.items():
            # NCCL's prefix names the host that logged the line (a merged mpirun or srun
            # output holds every node's); the file's own node, where the host's name differs
            out.pid_ranks[(host, pid)] = rank
            out.pid_ranks.setdefault((ctx.node, pid), rank)
        for (host, pid), rank in parser.comm_ranks.items():
            out.pid_ranks.setdefault((host, pid), rank)
            out.pid_ranks.setdefault((ctx.node, pid), rank)
    out.dropped += parser.dropped
    tasks, task_ranks = parser.task_layout()
    if tasks > out.srun_tasks[0]:
        out.srun_tasks = (tasks, task_ranks)
    # the OOM killer's lines, wherever they were collected (a kernel log, a journal, syslog)
    parser.findings = other_programs(parser.findings)
    if kind == "kernel":
        parser.findings += _kernel_whole(path, ctx, size, parser.findings)
    dump = parser.dump_seen and kind == "text" and ctx.node is not None
    if dump and size <= MAX_DUMP_LOG and not ctx.compressed:
        _logged_dump(text if text is not None else _text(path, ctx), ctx, parser.own_ranks, out)
    if parser.rank_times_seen and kind == "text" and size <= MAX_DUMP_LOG and not ctx.compressed:
        # Megatron's timers of every rank, in blocks the line scan does not keep
        parser.findings += ranktable.megatron_times(
            text if text is not None else _text(path, ctx), ctx
        )
    seen = [] if ctx.rank is None else [_rank_log(ctx)]
    if ctx.node is not None and ctx.rank is None:
        # a node's console with its ranks' prefixed lines: where each of those ranks ran
        seen += [_rank_log(replace(ctx, rank=r)) for r in sorted(parser.own_ranks)]
        seen += [_rank_log(replace(ctx, rank=r), "rank_home") for r in sorted(parser.placed_ranks)]
    if ctx.node is not None:
        node_ctx = replace(ctx, rank=None)  # a fact of the node, whichever rank's file said it
        seen += [
            _fact(
                node_ctx,
                "nccl_version",
                f"NCCL {v} loaded",
                detail=v,
                category=Category.DEPENDENCY,
                role=Role.CONTEXT,
            )
            for v in sorted(parser.nccl_versions)
        ]
        if parser.busy_s is not None:
            # a progress bar this node's process drew: it was working for this long (the
            # rank where the file is one rank's)
            own = parser.own_ranks
            whose = ctx.rank if ctx.rank is not None else (min(own) if len(own) == 1 else None)
            text = f"a progress bar ran for {parser.busy_s:.0f} s"
            seen.append(_fact(replace(ctx, rank=whose), "progress_bar", text, value=parser.busy_s))
        if parser.min_nodes is not None:
            # what the launcher was told: how many nodes its rendezvous waits for
            text = f"torchrun waits for {parser.min_nodes} node(s)"
            seen.append(_fact(node_ctx, "launch_min_nodes", text, value=float(parser.min_nodes)))
        seen += [
            _fact(
                replace(node_ctx, node=host or ctx.node),
                "nccl_network",
                f"NCCL uses {n}",
                detail=n,
                category=Category.DEPENDENCY,
                role=Role.CONTEXT,
            )
            for host, nets in sorted(parser.nccl_networks.items())
            for n in sorted(nets)
        ]
    return trained_past(parser) + step_findings(parser, ctx) + seen


TRAINED_PAST = 10
"""Iterations a log goes on to log after an infrastructure error for it to have been survived
(a synchronous job stops within one or two when a part it needs fails)."""


def trained_past(parser: LineParser) -> list[Finding]:
    """The parser's findings, with the errors its own log went on training past
    (``TRAINED_PAST`` iterations or more after them) kept as context: warnings the job rode
    out, not its failure. The network's and storage's, and, in a log where the launcher
    restarted no workers, any other but a NaN: a traceback logged as a warning (an optional
    import that fell back, an exception a callback caught) did not stop a job that trained
    on."""
    out = []
    for f in parser.findings:
        after = parser.step_lines - parser.steps_at.get(f.order, parser.step_lines)
        infra = f.layer is Layer.INFRASTRUCTURE and f.category in (
            Category.NETWORK,
            Category.STORAGE,
        )
        # (not a NaN: the iterations after it are NaN too, skipped, not trained)
        survivable = infra or (not parser.restarted and f.category is not Category.NUMERICAL)
        if f.role is Role.ROOT and survivable and after >= TRAINED_PAST:
            f = f.with_(role=Role.CONTEXT, severity=min(f.severity, 2))
        out.append(f)
    return out


MAX_DUMP_LOG = 4 << 20
"""A rank's log up to this size is read whole for a ``faulthandler`` dump it wrote."""
_SELF_RANK = re.compile(r"(?i)\brank[ =:]?(\d+)\s*(?:/|of)\s*\d+\b")


def _node_snapshots(head: bytes, node: str, size: int, name: str, out: BundleScan) -> None:
    """What a node's own snapshots say, from a text file's first bytes (a snapshot's whole,
    ``MAX_PS``), decoded once for whichever of them the file is: its process listings (taken
    at the failure, during a hang, after), its file locks (``lslocks``), which of its
    interfaces have a carrier (``ip link``), its environment (a dump, or the file of that name
    on a node without the variable: unset there) and its traffic shaping (``tc qdisc``)."""
    listed = node in out.nodes and size <= MAX_PS
    ps = listed and (b"%MEM" in head or _PS_STATE.search(head) is not None)
    locks = listed and b"MODE" in head and b"PATH" in head
    links = b"state " in head and b"<" in head
    env = (b"_THREADS=" in head or "env" in name.lower()) and size <= MAX_PS
    tc = head.startswith(b"qdisc ") or b"\nqdisc " in head
    if not (ps or locks or links or env or tc):
        return
    text = head.decode("utf-8", "replace")
    if ps:
        out.procs.setdefault(node, []).extend(process_table(text))
    if locks:
        out.locks.setdefault(node, []).extend(lock_table(text))
    if links and (states := link_states(text)):
        out.links.setdefault(node, {}).update(states)
    if env:
        out.envs.setdefault(node, {}).update(env_dump(text))
    if tc:
        out.qdiscs.setdefault(node, []).extend(shapers(text))


def _logged_dump(text: str, ctx: Context, own: set[int], out: BundleScan) -> None:
    """The last ``faulthandler`` dump a rank's own log holds (``dump_traceback_later``, a
    watchdog's): that rank's stack, where the log says whose it is (its path, the one rank
    its prefixes name, or its own ``rank 3/4`` line)."""
    if ctx.node is None:
        return
    dump = last_faulthandler_dump(text)
    said = {int(m[1]) for m in _SELF_RANK.finditer(text, 0, 65536)}
    ranks = {ctx.rank} if ctx.rank is not None else (own if len(own) == 1 else said)
    if dump is None:
        # the launcher prefixed each process's lines: a ``[rank3]:`` dump is rank 3's, the
        # one local process's dump (``[default0]:``) is the rank the log names
        streams = prefixed_dumps(text)
        for (kind, n), block in sorted(streams.items()):
            if kind == "rank":
                out.stacks.setdefault(n, block)
                out.rank_nodes.setdefault(n, ctx.node)
        local = [block for (kind, _), block in streams.items() if kind == "default"]
        dump = local[0] if len(local) == 1 else None
    if dump is None or len(ranks) != 1:
        return
    rank = ranks.pop()
    if rank is not None:
        out.stacks.setdefault(rank, dump)
        out.rank_nodes.setdefault(rank, ctx.node)


def _node_stacks(text: str, ctx: Context) -> list[Finding]:
    """A node's py-spy dump of its processes, every main thread waiting in a collective:
    those ranks were stuck waiting (a hang), whatever else the logs say."""
    n, waiting = processes_in_collective(text)
    if n == 0 or waiting < n:
        return []
    return [
        Finding(
            signature="stuck_in_collective",
            category=Category.HANG,
            layer=Layer.INFRASTRUCTURE,
            action=Action.RESTART,
            severity=2,
            role=Role.SYMPTOM,
            text=f"py-spy: all {n} process(es) of the node wait inside a collective",
            source=ctx.source,
            node=ctx.node,
            attempt=ctx.attempt,
        )
    ]


def _input_stacks(text: str, ctx: Context) -> list[Finding]:
    """How many of a dump file's main-thread samples are inside the input pipeline (value: the
    share; detail: "busy/samples"): where a job that did not fail spends its time."""
    n, busy = input_samples(text)
    if n == 0:
        return []
    return [
        Finding(
            signature="input_stacks",
            category=Category.STRAGGLER,
            layer=Layer.SCRIPT,
            action=Action.STOP,
            severity=1,
            role=Role.CONTEXT,
            text=f"py-spy: {busy} of {n} main-thread sample(s) inside the input pipeline",
            source=ctx.source,
            node=ctx.node,
            rank=ctx.rank,
            attempt=ctx.attempt,
            detail=f"{busy}/{n}",
            value=busy / n,
        )
    ]


MAX_REBOOT_SCAN = 16 << 20
"""Kernel logs up to this size are read whole for an uptime that went back (a reboot)."""


def _kernel_whole(path: Path, ctx: Context, size: int, found: list[Finding]) -> list[Finding]:
    """What only a kernel log's whole text tells (read once, where it is needed): another
    user's process that held the memory the OOM killer ran out of, and a reboot."""
    hog = size <= MAX_JSON and any(
        f.signature == "oom_killer" and "Killed process" in f.text for f in found
    )
    if not hog and size > MAX_REBOOT_SCAN:
        return []
    lines = _text(path, ctx).splitlines()
    return (_memory_hog(lines, found) if hog else []) + (
        _reboot(lines, ctx) if size <= MAX_REBOOT_SCAN else []
    )


def _slow_pairs(text: str, ctx: Context) -> list[Finding]:
    """A straggler report of the node whose every tested pair is slow (``pairtests``): named
    like a detector's node, so the node is suspected and its own evidence decides."""
    slow = slow_node(pair_bandwidths(text))
    if slow is None:
        return []
    node, ratio = slow
    what = f"every nccl-tests pair with {node} reaches 1/{ratio:.1f} of the others' bus bandwidth"
    return [
        timing("slowest_rank_steady", what, replace(ctx, node=None), None, ratio).with_(
            detail="", peer=node
        )
    ]


def _reboot(lines: list[str], ctx: Context) -> list[Finding]:
    """A boot marker where the node's kernel log starts counting uptime again (it rebooted),
    at the time its previous boot's last line was logged: when the machine went down."""
    found = reboot_in(lines)
    if found is None:
        return []
    alive, booted = found
    return [
        Finding(
            signature="boot_marker",
            category=Category.HOST,
            layer=Layer.INFRASTRUCTURE,
            action=Action.RESTART_WITHOUT_NODE,
            severity=1,
            role=Role.CONTEXT,
            text="the kernel's uptime starts again: the node booted again after this time",
            source=ctx.source,
            node=ctx.node,
            attempt=ctx.attempt,
            ts=alive,
            value=booted,
        )
    ]


def _memory_hog(lines: list[str], found: list[Finding]) -> list[Finding]:
    """A finding when the kernel's OOM killer killed a process while another user's process
    held most of the node's memory (``oomtable``); read only where the killer struck."""
    kills = [f for f in found if f.signature == "oom_killer" and "Killed process" in f.text]
    if not kills:
        return []
    hog = memory_hog(lines)
    if hog is None:
        return []
    k = kills[-1]
    return [
        k.with_(
            signature="oom_foreign_process",
            category=Category.HOST,
            layer=Layer.INFRASTRUCTURE,
            action=Action.RESTART_WITHOUT_NODE,
            severity=5,
            role=Role.ROOT,
            text=hog.text(),
            detail=hog.name,
        )
    ]


def _text(path: Path, ctx: Context) -> str:
    """A structured file's whole text (decompressed), up to ``MAX_JSON`` bytes."""
    return read_bytes(path, ctx.compressed, MAX_JSON).decode("utf-8", "replace")


def _fact(
    ctx: Context,
    signature: str,
    text: str,
    *,
    detail: str = "",
    value: float | None = None,
    category: Category = Category.UNKNOWN,
    role: Role = Role.META,
) -> Finding:
    """What a file says of its node (and rank, where the context has one) that rules read:
    NCCL's version and transport (``dependency`` context), a progress bar's run, the nodes torchrun
    waits for. No failure, no evidence of one."""
    return Finding(
        signature=signature,
        category=category,
        layer=Layer.FRAMEWORK,
        action=Action.NONE,
        severity=0,
        role=role,
        text=text,
        source=ctx.source,
        node=ctx.node,
        rank=ctx.rank,
        attempt=ctx.attempt,
        detail=detail,
        value=value,
    )


def _attempt_nodes(files: list[FileReport], root: Path) -> list[Finding]:
    """Which nodes each attempt of a bundle laid out by attempt ran on (``attempt_node``):
    attempts whose speeds differ and whose nodes differ by one accuse that node."""
    seen: set[tuple[int, str]] = set()
    for rep in files:
        node, _, attempt = locate(root, root / rep.path)
        if attempt is not None and node is not None:
            seen.add((attempt, node))
    return [
        Finding(
            signature="attempt_node",
            category=Category.UNKNOWN,
            layer=Layer.INFRASTRUCTURE,
            action=Action.NONE,
            severity=0,
            role=Role.CONTEXT,
            text=f"attempt {attempt} ran on {node}",
            source="layout",
            node=node,
            attempt=attempt,
        )
        for attempt, node in sorted(seen)
    ]


def _rank_log(ctx: Context, signature: str = "rank_log") -> Finding:
    """A rank's own log exists: a rank that logged no error is known, not absent. As
    ``rank_home``: the node's launcher says it started that rank there."""
    return Finding(
        signature=signature,
        category=Category.UNKNOWN,
        layer=Layer.FRAMEWORK,
        action=Action.NONE,
        severity=0,
        role=Role.META,
        text=f"log of rank {ctx.rank}",
        source=ctx.source,
        node=ctx.node,
        rank=ctx.rank,
        attempt=ctx.attempt,
    )


BURST_SAMPLES = 8
"""A rank's compute timer sampled this often shows its slowest quarter of steps apart."""
STEADY_REPORTS = 5
"""A straggler detector that names the same rank in this many reports..."""
STEADY_SHARE = 0.6
"""... and in this share of all its reports names a rank that is steadily behind."""
APART_FACTOR = 1.1
"""... or scores it this far behind the best while every other rank it scores is within half
as much (NeMo's report scores every rank, so every rank is named in every report)."""


CLOCKED_LOW = 1.25
"""A GPU whose clock a detector reports steadily this many times below the highest, or more,
is held down (an application clock pinned low, a power brake): a rank behind by as much."""


def _clocked_low(clocks: dict[int, StepSeries], reports: int, ctx: Context) -> list[Finding]:
    """The rank a straggler detector names, in most of its reports, as the one whose GPU
    clocks lowest, well below the highest: steadily behind, whatever the round-trip times
    say (the others wait for it in every collective, so their steps last as long)."""
    out = []
    for r, s in clocks.items():
        med = statistics.median(s.values)
        steady = s.seen >= STEADY_REPORTS and s.seen >= STEADY_SHARE * max(reports, 1)
        if steady and med >= CLOCKED_LOW:
            text = (
                f"the straggler detector named rank {r}'s GPU the lowest clocked in {s.seen} "
                f"report(s), {med:.2f}x below the highest"
            )
            found = timing("slowest_rank_steady", text, ctx, None, med)
            out.append(found.with_(detail=str(r)))
    return out


def _against_quietest(
    timed: dict[int, StepSeries],
) -> list[tuple[str, str, str | None, StepSeries, str]]:
    """The ranks a report named as the slowest with only their own times, each against the
    fastest of the slowest times it reported: the spread of a healthy interval, where the
    slowest moves from rank to rank (a rank that stays behind is slow against it). With one
    rank named all along there is nothing to compare it with."""
    if len(timed) < 2:
        return []
    base = min(min(s.values) for s in timed.values())
    if base <= 0:
        return []
    out: list[tuple[str, str, str | None, StepSeries, str]] = []
    for r, s in timed.items():
        ratios = StepSeries([v / base for v in s.values], s.stride, s.seen)
        out.append((f"rank {r}", str(r), None, ratios, "the fastest of the slowest"))
    return out


def step_findings(parser: LineParser, ctx: Context) -> list[Finding]:
    """Per-rank timing findings: the median iteration time and the slowdown from start to end,
    the median wait for data, and the ranks a straggler detector named as the slowest."""
    out: list[Finding] = []
    for sig, what, series in (
        ("data_wait", "wait for data", parser.data_waits),
        ("compute_time", "compute time", parser.compute_times),
        ("comm_wait", "wait in collectives", parser.comm_waits),
    ):
        for rank, s in series.items():
            if sig == "compute_time" and rank in parser.listed_compute:
                continue  # a listing of every rank's compute measures them all alike
            if len(s.values) >= 3:
                # as the log ends: a node that turned slow midway is slow now
                med = statistics.median(s.values[-max(2, len(s.values) // 4) :])
                text = f"median {what} {med:.3f}s per step in the last quarter of the log"
                found = timing(sig, text, ctx, rank, med)
                if (host := parser.timed_hosts.get(rank)) is not None:
                    found = found.with_(node=host)  # resolved to its node with the others
                out.append(found)
                if sig == "compute_time" and len(s.values) >= BURST_SAMPLES:
                    # its slowest steps: a part that slows in bursts (an ECC storm, a
                    # throttling GPU) is behind in those, and the others wait for it then
                    top = sorted(s.values)[-(len(s.values) // 4) :]
                    burst = statistics.median(top)
                    text = f"median compute time {burst:.3f}s in its slowest quarter of steps"
                    out.append(found.with_(signature="compute_burst", text=text, value=burst))
    for rank, secs in sorted(parser.listed_compute.items()):
        text = f"compute time {secs:.3f}s per step, from a listing of every rank's"
        # every rank's, from one line of one node's log: placed by the rules
        out.append(timing("compute_time", text, replace(ctx, node=None), rank, secs))
    # (who, detail: the rank or "" for a node, the node it names, its series, compared with)
    reports = [
        # (Megatron's detector compares with the fastest rank, a per-rank array or a timer's
        # spread with the median, NeMo's score with the best: "the others" says all three)
        (f"rank {r}", str(r), parser.slow_nodes.get(r), s, "the others")
        for r, s in parser.slow_reports.items()
    ] + [(f"node {n}", "", n, s, "the median") for n, s in parser.slow_node_reports.items()]
    reports += _against_quietest(parser.slowest_times)
    total = sum(s.seen for _, _, _, s, _ in reports)
    meds = [statistics.median(s.values) for _, _, _, s, _ in reports if s.seen >= 2]
    for who, detail, node, s, against in reports:
        if s.seen < 2:
            continue  # named once: a hiccup, not a straggler
        med = statistics.median(s.values)
        text = (
            f"the straggler detector named {who} the slowest in {s.seen} report(s), "
            f"{med:.2f}x {against}"
        )
        # named in most of many reports: one rank behind all along, even by a little; or,
        # where the reports score every rank, the one far behind all the others they score
        others = sorted(meds)[:-1] if meds and med == max(meds) else meds
        apart = med >= APART_FACTOR and all(m - 1 <= (med - 1) / 2 for m in others)
        steady = s.seen >= STEADY_REPORTS and (s.seen >= STEADY_SHARE * total or apart)
        sig = "slowest_rank_steady" if steady else "slowest_rank_named"
        named = timing(sig, text + (f" ({s.seen} of {total})" if steady else ""), ctx, None, med)
        # the node the report names is blamed like a peer (resolved through aliases)
        out.append(named.with_(detail=detail, peer=node))
    out += _clocked_low(parser.low_clocks, total, ctx)
    for rank, s in parser.step_times.items():
        v = s.values
        if len(v) < 3:
            continue
        med = statistics.median(v)
        base = timing(
            "step_time",
            f"median iteration time {med:.3f}s over {s.seen} iterations",
            ctx,
            rank,
            med,
        ).with_(ts=parser.last_step_ts)
        out.append(base)
        q = max(2, len(v) // 4)
        early, late = statistics.median(v[:q]), statistics.median(v[-q:])
        if len(v) >= 8 and early > 0:
            out.append(
                base.with_(
                    signature="step_slowdown",
                    text=f"iteration time went from {early:.3f}s to {late:.3f}s",
                    value=late / early,
                )
            )
    return out


def _structured(
    path: Path, kind: str, ctx: Context, sigs: SignatureSet, out: BundleScan
) -> list[Finding] | None:
    text = _text(path, ctx)
    if kind == "events":
        events: list[Event] = []
        for line in text.splitlines():
            if not line.strip():
                continue
            try:
                e = Event.from_json(line)
            except (SchemaError, RecursionError, ValueError, TypeError):
                continue
            if sane_event(e):
                events.append(e)
        found = findings_from_events(events, sigs)
        for e in events:
            out.topology.update(topology_of(e.data.get("topology")))
        # Event times are epoch seconds; log stamps are seconds into the year: one scale.
        return [
            f.with_(node=f.node or ctx.node, ts=epoch_to_scale(f.ts) if f.ts is not None else None)
            for f in found
        ]
    doc = load_json(text)
    if not isinstance(doc, dict):
        return None
    if kind == "topology":
        out.topology.update(topology_of(doc.get("topology")))
        return []
    if kind == "flight_recorder":
        if ctx.rank is not None:
            out.flight_records[ctx.rank] = doc
            if ctx.node in out.nodes:
                out.rank_nodes.setdefault(ctx.rank, ctx.node)
        return []
    return parse_dcgm(doc, ctx)


def read_json_lines(path: Path) -> list[dict[str, Any]]:
    """Helper for tests and tools: a JSON-lines file as dicts."""
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
