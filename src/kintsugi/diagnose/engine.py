"""The diagnosis entry points: live (events in, verdict out) and offline (a bundle of logs)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from kintsugi.diagnose.bundle import BundleScan, FileReport, scan_bundle
from kintsugi.diagnose.extract import gpu_memory_holders, kernel_pid
from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.from_events import findings_from_events, sane_event, topology_of
from kintsugi.diagnose.hang import in_collective, mismatched_ops, suspect_from, waits_on_device
from kintsugi.diagnose.links import lone_links_down, shaped_links
from kintsugi.diagnose.mounts import configured_read_only, on_full_disk, on_shared_mount
from kintsugi.diagnose.nodeclock import stale_bmc_events
from kintsugi.diagnose.nodeenv import odd_threads
from kintsugi.diagnose.oomtable import crowded_out
from kintsugi.diagnose.pods import on_pods
from kintsugi.diagnose.proctable import Proc, cpu_hogs, foreign_locks, program, where_run
from kintsugi.diagnose.ranks import (
    assumed_blocks,
    gpu_blocks,
    place_ranks,
    rank_homes,
    srun_task_nodes,
    tasks_not_ranks,
)
from kintsugi.diagnose.rules import JOB_ENDS, decide
from kintsugi.diagnose.signatures import Role, SignatureSet, default_signatures
from kintsugi.errors import UserError
from kintsugi.events import Action, Category, Diagnosis, Event, EventKind, Layer


def diagnose_events(events: Sequence[Event], history: Sequence[Event] = ()) -> Diagnosis:
    """The verdict for the newest failure of a run, from its events. Pure: no I/O.

    Args:
        events: the events of the current run, all attempts so far.
        history: past ``diagnosis`` events from the store (recurrence across jobs).

    Returns:
        A Diagnosis; ``unknown`` with the reason when no failure is visible.
    """
    return diagnose_events_with(events, history, default_signatures())


def diagnose_events_with(
    events: Sequence[Event], history: Sequence[Event], sigs: SignatureSet
) -> Diagnosis:
    """``diagnose_events`` with an explicit signature set."""
    topology: dict[str, str] = {}
    events = [e for e in events if sane_event(e)]
    for e in events:
        if e.kind is EventKind.RUN_START:
            topology.update(topology_of(e.data.get("topology")))
    findings = findings_from_events(events, sigs, history)
    nodes = {e.node for e in events if e.node}
    if not events:
        return decide(findings, topology, "no events")
    return decide(findings, topology, "no failure in the run's events", nodes)


def resolve_peers(
    findings: list[Finding], aliases: Mapping[str, set[str]], nodes: Collection[str] = ()
) -> list[Finding]:
    """Replaces each blamed address with the node it belongs to; unknown or shared ones go."""
    out = []
    for f in findings:
        if f.peer is not None:
            short = f.peer.split(".")[0] if not f.peer[:1].isdigit() else f.peer
            owners = (
                aliases.get(f.peer)
                or aliases.get(short)
                or ({p for p in (f.peer, short) if p in nodes})
                or address_named(f.peer, nodes)
            )
            f = f.with_(peer=next(iter(owners)) if len(owners) == 1 else None)
        out.append(f)
    return out


def address_named(ip: str, nodes: Collection[str]) -> set[str]:
    """The node whose name spells the address, as cloud hostnames do (EC2's
    ``ip-10-0-93-197`` for 10.0.93.197, with or without a domain)."""
    if not _IPV4.match(ip):
        return set()
    spelled = "ip-" + ip.replace(".", "-")
    return {n for n in nodes if n == spelled or n.startswith(spelled + ".")}


def resolve_nodes(
    findings: list[Finding], aliases: Mapping[str, set[str]], nodes: Collection[str]
) -> list[Finding]:
    """A line attributed to an address or another name of a node (a Ray worker's ``ip=``)
    belongs to that node, where the bundle says which one it is."""
    out = []
    for f in findings:
        if f.node is not None and nodes and f.node not in nodes:
            owners = aliases.get(f.node, set())
            if len(owners) == 1:
                f = f.with_(node=next(iter(owners)))
        out.append(f)
    return out


ADDRESS_BOOK_MAX = 1 << 20
"""Files up to this size are read for a line that pairs an address with a node's name."""
_IPV4 = re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}$")
_TOKEN = re.compile(r"[A-Za-z][\w.-]*")


def address_book(
    root: Path, files: Sequence[FileReport], unknown: Collection[str], nodes: Collection[str]
) -> dict[str, set[str]]:
    """Addresses the findings name that no log tied to a node, looked up in the bundle's small
    files: a line holding the address and exactly one node's name (``/etc/hosts``, ``ray
    status``, ``kubectl get pods -o wide``, an inventory) says whose it is."""
    book: dict[str, set[str]] = {}
    wanted = {ip for ip in unknown if _IPV4.match(ip)}
    if not wanted or not nodes:
        return book
    for rep in files:
        if rep.kind not in ("text", "kernel") or rep.size > ADDRESS_BOOK_MAX:
            continue
        try:
            text = (root / rep.path).read_text(errors="replace")
        except OSError:
            continue
        for line in text.splitlines():
            hits = [ip for ip in wanted if ip in line]
            if len(hits) != 1:
                continue
            names = {t for t in _TOKEN.findall(line) if t in nodes}
            if len(names) == 1:
                book.setdefault(hits[0], set()).update(names)
    return book


def rehome(findings: list[Finding]) -> list[Finding]:
    """Lines that a collection point holds (a combined stdout, a launcher's directory) for
    ranks whose nodes' own launchers say where they ran (``rank_home``), or whose NCCL lines
    named their host (``rank_host``, and the blocks those place), belong to those
    nodes. A directory is a collection point when its ranks live on two or more other nodes, or
    when it is home to none of the ranks placed. Each attempt on its own: a resubmitted job
    gets another node list, and its ranks other homes."""
    places = [f for f in findings if f.signature in ("rank_home", "rank_host")]
    out = list(findings)
    for attempt in {f.attempt for f in findings}:
        # a placement without an attempt (the launch files) holds for every attempt
        said = [f for f in places if f.attempt in (attempt, None)]
        at = [i for i, f in enumerate(out) if f.attempt == attempt]
        moved = _rehome_attempt([out[i] for i in at], said)
        for i, f in zip(at, moved, strict=True):
            out[i] = f
    return out


def _rehome_attempt(findings: list[Finding], places: list[Finding]) -> list[Finding]:
    claims: dict[int, set[str]] = defaultdict(set)
    for f in places:
        if f.rank is not None and f.node:
            claims[f.rank].add(f.node)
    homes = {r: next(iter(ns)) for r, ns in claims.items() if len(ns) == 1}
    if not homes:
        return findings
    # the ranks a console's NCCL lines placed (local rank 0 of each node, often) place their
    # nodes' blocks: the other ranks of a block ran there too
    homes = place_ranks(homes)
    elsewhere: dict[str, set[str]] = defaultdict(set)
    for f in findings:
        if f.rank in homes and f.node and homes[f.rank] != f.node:
            elsewhere[f.node].add(homes[f.rank])
    # ... or when the launch placed no rank on it at all (a launcher's own directory)
    hosting = set(homes.values())
    hubs = {n for n, hs in elsewhere.items() if len(hs) >= 2 or n not in hosting}
    return [
        f.with_(node=homes[f.rank]) if f.node in hubs and f.rank in homes else f for f in findings
    ]


def launch_homes(root: Path, scan: BundleScan) -> list[Finding]:
    """Where the launch files place each rank (``layout``), as ``rank_home`` findings; the
    processes they name go into ``scan.pid_ranks``. Hosts are the bundle's nodes by name, by
    an alias its logs announced, or by a line of its small files (``ray status``)."""
    facts = scan.launch
    hosts = facts.hosts()
    if not hosts and not facts.listed:
        return []
    unknown = {h for h in hosts if h not in scan.nodes and h not in scan.aliases}
    book = address_book(root, scan.files, unknown, scan.nodes)

    def resolve(host: str) -> str | None:
        short = host if host[:1].isdigit() else host.split(".")[0]
        for name in (host, short):
            if name in scan.nodes:
                return name
        owners = scan.aliases.get(host) or scan.aliases.get(short) or book.get(host) or set()
        return next(iter(owners)) if len(owners) == 1 else None

    homes, pids = facts.placements(resolve)
    for key, rank in pids.items():
        scan.pid_ranks.setdefault(key, rank)
    return home_findings(homes, min(facts.sources, default="launch"), "the launch places")


def home_findings(
    homes: Mapping[int, str], source: str, how: str, attempt: int | None = None
) -> list[Finding]:
    """``rank_home`` findings: each rank of ``homes`` ran on its node, as ``how`` says (in
    ``attempt``, or in every attempt)."""
    return [
        Finding(
            signature="rank_home",
            category=Category.UNKNOWN,
            layer=Layer.FRAMEWORK,
            action=Action.NONE,
            severity=0,
            role=Role.META,
            text=f"{how} rank {rank} on {node}",
            source=source,
            node=node,
            rank=rank,
            attempt=attempt,
        )
        for rank, node in sorted(homes.items())
    ]


_VICTIM = re.compile(r"Killed process (?P<pid>\d+) \((?P<name>[^)]*)\)")


def crowded(findings: list[Finding], procs: Mapping[str, list[Proc]]) -> list[Finding]:
    """The OOM killer's victim on a node whose ``ps aux`` shows processes outside the job
    (another user's service, a finished job's leftovers) holding most of its memory: the
    node's other workload, not the job's memory (``oom_foreign_process``)."""
    out: list[Finding] = []
    for f in findings:
        if f.signature != "oom_killer" or f.node is None or f.node not in procs:
            continue
        m = _VICTIM.search(f.text)
        if m is None:
            continue
        others = crowded_out(procs[f.node], int(m["pid"]), m["name"])
        if not others:
            continue
        share = sum(p.mem_pct for p in others)
        names = ", ".join(f"{p.pid} ({p.user}, since {p.start})" for p in others[:3])
        out.append(
            f.with_(
                signature="oom_foreign_process",
                category=Category.HOST,
                layer=Layer.INFRASTRUCTURE,
                action=Action.RESTART_WITHOUT_NODE,
                severity=5,
                role=Role.ROOT,
                text=f"the OOM killer killed pid {m['pid']} while processes outside the job "
                f"held {share:.0f}% of the node's memory: {names}",
                detail="ps",
            )
        )
        break
    return out


def summary_hosts(
    findings: list[Finding], hosts: Mapping[tuple[str, int], str], nodes: Collection[str]
) -> list[Finding]:
    """An entry of torchrun's failure summary that names one of the bundle's nodes as its host
    is that node's, and says where its rank ran (``rank_home``): a console that holds every
    node's output (an LSF or Slurm job's) then gives each rank's lines to its node."""
    out = []
    homes: dict[int | None, dict[int, set[str]]] = defaultdict(lambda: defaultdict(set))
    for f in findings:
        host = hosts.get((f.source, f.order))
        if host is not None and host in nodes:
            if f.rank is not None:
                homes[f.attempt][f.rank].add(host)
            if host != f.node:
                f = f.with_(node=host)
        out.append(f)
    how = "torchrun's failure summary places"
    for attempt, ranks in homes.items():
        # a rank the summaries of one attempt place on two nodes has no one home
        placed = {r: next(iter(hs)) for r, hs in ranks.items() if len(hs) == 1}
        out += home_findings(placed, "torchrun", how, attempt)
    return out


def collected_files(
    findings: list[Finding], file_hosts: Mapping[str, tuple[str, str]], nodes: Collection[str]
) -> list[Finding]:
    """Lines of a file whose NCCL prefixes all name one other node of the bundle (a task's
    output that Slurm wrote on the batch host, a log copied to one place) are that node's."""
    out = []
    for f in findings:
        where = file_hosts.get(f.source)
        if where is not None and where[1] in nodes and f.node == where[0]:
            f = f.with_(node=where[1])
        out.append(f)
    return out


def rank_by_pid(findings: list[Finding], pid_ranks: Mapping[tuple[str, int], int]) -> list[Finding]:
    """Gives a node-level line that names a process (an Xid's ``pid=``) that process's rank."""
    out = []
    for f in findings:
        if f.rank is None and f.node is not None and (pid := kernel_pid(f.text)) is not None:
            rank = pid_ranks.get((f.node, pid))
            if rank is not None:
                f = f.with_(rank=rank)
        out.append(f)
    return out


def own_ranks_on_gpu(
    findings: list[Finding], pid_ranks: Mapping[tuple[str, int], int]
) -> list[Finding]:
    """A CUDA OOM read as another process's doing whose other processes are all the job's own
    ranks (their pids known from the launcher's summary, NCCL's prefixes, a process table):
    ranks that share a GPU (more ranks than GPUs, or every rank touching GPU 0) crowd each
    other out. The job's configuration, not the node's other workload."""
    out = []
    for f in findings:
        if f.signature == "foreign_gpu_memory" and f.node is not None:
            holders = gpu_memory_holders(f.text)
            ranks = [pid_ranks[(f.node, pid)] for pid in holders if (f.node, pid) in pid_ranks]
            if holders and len(ranks) == len(holders):
                f = f.with_(
                    signature="cuda_oom",
                    layer=Layer.FRAMEWORK,
                    action=Action.STOP,
                    detail="beside the job's own rank(s) " + ", ".join(map(str, sorted(ranks))),
                )
        out.append(f)
    return out


def oom_holders_home(findings: list[Finding], nodes: Collection[str]) -> list[Finding]:
    """A CUDA OOM blamed on another process, read where no node is known (a job's combined
    console): the node whose ``nvidia-smi`` lists that process is where the rank ran."""
    tables = [f for f in findings if f.signature == "gpu_processes" and f.node in nodes]
    out = []
    for f in findings:
        if f.signature == "foreign_gpu_memory" and f.node not in nodes:
            homes = {
                t.node
                for pid in gpu_memory_holders(f.text)
                for t in tables
                if re.search(rf"\b{pid} \(", t.text)
            }
            if len(homes) == 1:
                f = f.with_(node=homes.pop())
        out.append(f)
    return out


def app_faults_everywhere(findings: list[Finding]) -> list[Finding]:
    """The driver's report of an application fault (Xid 13, 31, 43) on two or more nodes in
    one attempt, or beside the program's own device-side assert (the Xid 43 a failed kernel
    assertion leaves): the program's own kernel faults wherever it runs (an out-of-bounds
    write, a bad index), not a GPU; a restart runs the same kernel. One node's Xid alone, with
    nothing of the program's to say why, stays ambiguous."""
    by_attempt: dict[int | None, set[str]] = defaultdict(set)
    for f in findings:
        if f.signature == "xid_app_fault" and f.node is not None:
            by_attempt[f.attempt].add(f.node)
    asserted = {f.attempt for f in findings if f.signature == "cuda_device_assert"}
    wide = {a for a, nodes in by_attempt.items() if len(nodes) >= 2 or a in asserted}
    if not wide:
        return findings
    return [
        f.with_(layer=Layer.SCRIPT, action=Action.STOP)
        if f.signature == "xid_app_fault" and f.attempt in wide
        else f
        for f in findings
    ]


_NODE_RANK = re.compile(r"--node[-_]rank[= ](\d+)\b")
_NPROC = re.compile(r"--nproc[-_]per[-_]node[= ](\d+)\b")


def lone_workers(
    procs: Mapping[str, list[Proc]],
    findings: list[Finding],
    known: Mapping[tuple[str, int], int] | None = None,
) -> dict[tuple[str, int], int]:
    """(node, pid) -> rank for a node that ran one rank of the job (its logs name one) and
    whose process table shows one process of the job's program (the one every node's table
    shows, the launcher's aside): that process is that rank.

    A rank another node's process is known to run (``known``: the launcher's or NCCL's pid of
    it there) is no global rank of this node: its logs' prefix counted its local ranks (a
    ``--role rank`` tee's ``[rank0]:`` on every node). Where every node ran one worker and the
    others' ranks are all known, the one rank left is this node's."""
    taken = {r: n for (n, _), r in (known or {}).items()}
    ranks: dict[str, set[int]] = {}
    for f in findings:
        if f.node and f.rank is not None and taken.get(f.rank, f.node) == f.node:
            ranks.setdefault(f.node, set()).add(f.rank)
    for node, rows in procs.items():
        # the node's launcher as ps shows it: ``--node-rank 2 --nproc-per-node 1`` is rank 2
        for p in rows:
            n, per = _NODE_RANK.search(p.command), _NPROC.search(p.command)
            if n and per and int(per[1]) == 1:
                ranks.setdefault(node, set()).add(int(n[1]))
    where = where_run(procs)
    workers = {
        node: [
            p
            for p in rows
            if len(where[program(p.command)]) >= 2
            and "torch.distributed.run" not in p.command
            and program(p.command).startswith("python")
        ]
        for node, rows in procs.items()
    }
    out = {}
    for node, ws in workers.items():
        mine = ranks.get(node, set())
        if len(mine) == 1 and len(ws) == 1:
            out[(node, ws[0].pid)] = next(iter(mine))
    unplaced = [n for n, w in workers.items() if len(w) == 1 and not ranks.get(n)]
    if len(unplaced) == 1 and len(workers) >= 2 and all(len(w) == 1 for w in workers.values()):
        left = set(range(len(workers))) - set(out.values()) - set(taken)
        if len(left) == 1:
            out[(unplaced[0], workers[unplaced[0]][0].pid)] = left.pop()
    return out


def held_ranks(
    procs: Mapping[str, list[Proc]], pid_ranks: Mapping[tuple[str, int], int], states: str
) -> dict[int, tuple[str, str]]:
    """Ranks whose process a node's listing shows in one of ``states`` (``T``: stopped by
    SIGSTOP, a debugger, job control; ``D``: in uninterruptible sleep, waiting on I/O or the
    kernel), by the pid the launcher or NCCL gave each rank on that node: rank -> (that node,
    the kernel function it waits in, "" where the listing has no WCHAN)."""
    return {
        pid_ranks[(node, p.pid)]: (node, p.wchan)
        for node, rows in procs.items()
        for p in rows
        if p.state[:1] in states and (node, p.pid) in pid_ranks
    }


def hang_from_dumps(scan: BundleScan) -> list[Finding]:
    """A hang finding from stack and flight-recorder dumps in the bundle, when ranks timed out
    or the scheduler ended the job the dumps were taken of (an operator dumps a stalled job,
    then cancels it)."""
    stalled = any(
        (f.category is Category.HANG and f.role is Role.SYMPTOM) or f.signature in JOB_ENDS
        for f in scan.findings
    )
    pid_ranks = {**lone_workers(scan.procs, scan.findings, scan.pid_ranks), **scan.pid_ranks}
    stopped = held_ranks(scan.procs, pid_ranks, "Tt")
    blocked = held_ranks(scan.procs, pid_ranks, "D")
    dumped = scan.stacks or scan.flight_records or scan.node_dumps
    if not (dumped or stopped or blocked) or not stalled:
        return []
    if not stopped and (mismatch := mismatched_ops(scan.stacks)) is not None:
        usual, odd, ranks = mismatch
        return [
            Finding(
                signature="collective_mismatch_stacks",
                category=Category.HANG,
                layer=Layer.SCRIPT,
                action=Action.STOP,
                severity=3,
                role=Role.ROOT,
                text=f"rank(s) {ranks[:8]} wait in {odd} while the other ranks wait in {usual}: "
                "the program called different collectives on different ranks",
                source="stacks",
            )
        ]
    rank, why = suspect_from(scan.stacks, sorted(stopped), scan.flight_records)
    if rank is None and len(blocked) == 1:
        # the one rank the kernel holds in uninterruptible sleep while the others wait
        ((rank, _),) = blocked.items()
        why = "the only rank in uninterruptible sleep"
    if rank in blocked:
        wchan = blocked[rank][1]
        why += f" (process state D{', in ' + wchan if wchan else ''})"
    if rank is None and len(scan.stacks) == 1:
        # one rank dumped while the others timed out (an operator dumps the rank that stayed
        # silent): blocked waiting for its own GPU, it is the suspect
        ((only, stack),) = scan.stacks.items()
        if waits_on_device(stack) and not in_collective(stack):
            rank, why = only, "the one rank dumped, outside any collective"
    if rank is None and (lone := lone_process_outside(scan)) is not None:
        return [_hang_detected(f"the ranks stopped making progress; {lone[2]}", lone[0], lone[1])]
    if rank is None:
        return []
    held = stopped.get(rank) or blocked.get(rank)
    node = (
        scan.rank_nodes.get(rank)
        or (held[0] if held else None)
        or place_ranks(rank_homes(scan.findings)).get(rank)  # where the rank's lines were
    )
    device = waits_on_device(scan.stacks.get(rank, ""))
    if device:
        why += ", blocked waiting for its own GPU to finish"
    return [
        _hang_detected(
            f"the ranks stopped making progress; rank {rank} is {why}",
            node,
            rank,
            "stacks" if scan.stacks else "flight_recorder",
        )
    ]


def _hang_detected(
    text: str, node: str | None, rank: int | None, source: str = "stacks"
) -> Finding:
    return Finding(
        signature="hang_detected",
        category=Category.HANG,
        layer=Layer.INFRASTRUCTURE,
        action=Action.RUN_DIAGNOSTICS,
        severity=3,
        role=Role.ROOT,
        text=text,
        source=source,
        node=node,
        rank=rank,
        value=1.0,
    )


LONE_MIN_PROCESSES = 4
"""Dumped processes, over all nodes, before the one outside the collective is the suspect."""


def lone_process_outside(scan: BundleScan) -> tuple[str, int, str] | None:
    """The one process of the nodes' py-spy dumps (processes with no rank labelled) whose main
    thread is outside any collective while every other waits in one: (its node, its rank, why).
    Its rank is the one its pid is known to run, else its node's block of ranks by GPU count
    plus its place among the node's processes in pid order (torchrun starts local ranks in
    order, so their pids ascend), where the dump lists them in that order; with no rank known,
    no suspect here (the other rules place it)."""
    dumps = scan.node_dumps
    if sum(len(ps) for ps in dumps.values()) < LONE_MIN_PROCESSES:
        return None
    outside = [
        (node, i, pid)
        for node, ps in dumps.items()
        for i, (pid, st) in enumerate(ps)
        if not in_collective(st)
    ]
    if len(outside) != 1:
        return None
    ((node, i, pid),) = outside
    rank = scan.pid_ranks.get((node, pid))
    pids = [p for p, _ in dumps[node]]
    block = gpu_blocks(scan.findings, scan.nodes, scan.launch.job_nodes()).get(node)
    if rank is None and block is not None and pids == sorted(pids) and len(pids) == len(block):
        rank = block[i]
    if rank is None:
        return None  # a process of no known rank: the other rules place the suspect
    return node, rank, f"rank {rank} on {node} is the one process outside the collective"


@dataclass(frozen=True, slots=True)
class BundleResult:
    """A verdict with the scan that produced it."""

    diagnosis: Diagnosis
    scan: BundleScan


_EC2_NAME = re.compile(r"^ip-(\d{1,3})-(\d{1,3})-(\d{1,3})-(\d{1,3})(?:\.|$)")


def address_in_name(name: str) -> str | None:
    """The private address an EC2-style host name spells (``ip-10-1-9-140`` -> 10.1.9.140)."""
    m = _EC2_NAME.match(name)
    return ".".join(m.groups()) if m and all(int(x) < 256 for x in m.groups()) else None


def diagnose_bundle(
    path: Path, sigs: SignatureSet | None = None, topology: Mapping[str, str] | None = None
) -> BundleResult:
    """Diagnoses a directory of logs from a failed job.

    Raises:
        UserError: ``path`` does not exist or is not a directory.
    """
    if not path.exists():
        raise UserError(f"bundle {path} does not exist; pass a directory of logs")
    if not path.is_dir():
        raise UserError(f"bundle {path} is not a directory; pass the directory that holds it")
    sigs = sigs or default_signatures()
    scan = scan_bundle(path, sigs)
    for name in scan.nodes:
        scan.aliases.pop(name, None)  # a node's own name is no other node's alias
        if (ip := address_in_name(name)) is not None and ip not in scan.aliases:
            scan.aliases[ip].add(name)  # EC2's "ip-10-1-9-140": the node's own address
    kernel_logs = {f.path for f in scan.files if f.kind == "kernel"}
    found = scan.clocks.apply(scan.findings, kernel_logs)
    found = stale_bmc_events(found, scan.job_start.values())
    found = summary_hosts(found, scan.summary_hosts, scan.nodes)
    found = collected_files(found, scan.file_hosts, scan.nodes)
    found = rank_by_pid(found + launch_homes(path, scan), scan.pid_ranks)
    found = oom_holders_home(found, scan.nodes)
    found = app_faults_everywhere(own_ranks_on_gpu(found, scan.pid_ranks))
    if not any(f.signature in ("rank_home", "rank_host") for f in found):
        by_task = srun_task_nodes(*scan.srun_tasks, scan.nodes)
        found += home_findings(by_task, "srun", "srun's task of that node (tasks by node name) ran")
    assumed = assumed_blocks(found, scan.nodes)
    found += home_findings(assumed, "layout", "no file gives the layout; blocks in name order put")
    found += crowded(found, scan.procs) + cpu_hogs(scan.procs)
    found += foreign_locks(scan.procs, scan.locks, scan.pid_ranks) + lone_links_down(scan.links)
    found += shaped_links(scan.qdiscs, len(scan.qdiscs)) + odd_threads(scan.envs)
    found = configured_read_only(found, scan.ro_mounts)
    found = on_shared_mount(found, scan.net_mounts)
    found = on_full_disk(found, scan.full_mounts, scan.net_mounts)
    found = on_pods(found, scan.pods, scan.nodes, scan.described)
    unknown = {f.node for f in found if f.node and f.node not in scan.nodes} - set(scan.aliases)
    for ip, names in address_book(path, scan.files, unknown, scan.nodes).items():
        scan.aliases[ip] |= names
    found = rehome(resolve_nodes(found, scan.aliases, scan.nodes))
    if scan.nodes and path.name not in scan.nodes:
        # the bundle has node folders: what is still placed at its root (a merged job log,
        # the scheduler's output, lines no prefix or rank placed) is the job's, not a node
        # named after the bundle
        found = [f.with_(node=None) if f.node == path.name else f for f in found]
    found = tasks_not_ranks(found)  # (the job's nodes only: a task's place among them)
    scan.findings = resolve_peers(found, scan.aliases, scan.nodes) + hang_from_dumps(scan)
    topo = {**scan.topology, **(topology or {})}
    n = len(scan.files)
    if n == 0:
        reason = "the bundle is empty (no files)"
    else:
        skipped = sum(1 for f in scan.files if f.kind in ("binary", "empty", "unreadable"))
        reason = f"no failure signature in {n} file(s), {scan.bytes} bytes"
        if skipped:
            reason += f" ({skipped} binary, empty or unreadable file(s) skipped)"
    return BundleResult(
        decide(
            scan.findings,
            topo,
            reason,
            scan.nodes,
            scan.last_seen,
            scan.app_seen,
            scan.job_start,
            scan.launch.job_nodes(),
            scan.launch.allocated(),
        ),
        scan,
    )
