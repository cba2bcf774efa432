"""Which node each global rank ran on, and which rank of a node went quiet.

Launchers give each node a contiguous block of global ranks of one size (torchrun's
``node_rank * nproc_per_node + local_rank``, ``srun --ntasks-per-node``, DeepSpeed's world info),
so a few ranks seen on each node place the others, and the one rank of a failed node's block
that never complained is the one on the failed device.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import pairwise

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.hang import never_enqueued
from kintsugi.diagnose.signatures import Role


def rank_homes(fs: Iterable[Finding]) -> dict[int, str]:
    """Global rank -> the one node it ran on (ranks seen on several nodes are left out)."""
    seen: dict[int, set[str]] = defaultdict(set)
    for f in fs:
        if f.rank is not None and f.node and f.role is not Role.CONTEXT:
            seen[f.rank].add(f.node)
    return {r: next(iter(ns)) for r, ns in seen.items() if len(ns) == 1}


def rank_blocks(homes: Mapping[int, str]) -> dict[str, range]:
    """Each node's block of global ranks, when the known ranks fit blocks of one size.

    The nodes' lowest known ranks must be evenly spaced (the block size) and every known rank
    must fall inside its node's block; otherwise (ranks spread by hand, one node only) no
    block is inferred.
    """
    by_node: dict[str, list[int]] = defaultdict(list)
    for r, n in homes.items():
        by_node[n].append(r)
    if len(by_node) < 2:
        return {}
    lows = sorted((min(rs), n) for n, rs in by_node.items())
    steps = {b[0] - a[0] for a, b in pairwise(lows)}
    if len(steps) != 1:
        return _only_size(by_node)
    size = steps.pop()
    if size < 1 or lows[0][0] % size:
        return {}
    blocks = {n: range(lo, lo + size) for lo, n in lows}
    if any(r not in blocks[n] for n, rs in by_node.items() for r in rs):
        return {}
    return blocks


def _only_size(by_node: Mapping[str, list[int]]) -> dict[str, range]:
    """Blocks where the nodes' known ranks are too few to be evenly spaced (a rank or two of
    each logged): the one block size under which each node's ranks fall in one block, no two
    nodes share a block and the nodes fill the blocks from 0 (16 nodes, ranks 0 and 7 on one,
    15 on the next, 16 on the third: 8). Several sizes that fit, none, or no node with two
    known ranks (one rank each bounds the size from one side only): no blocks."""
    if all(len(rs) < 2 for rs in by_node.values()):
        return {}
    top, n = max(max(rs) for rs in by_node.values()), len(by_node)
    fits = []
    for size in range(-(-(top + 1) // n), top + 2):
        blocks = {n_: {r // size for r in rs} for n_, rs in by_node.items()}
        taken = [next(iter(b)) for b in blocks.values() if len(b) == 1]
        if len(taken) == n and len(set(taken)) == n and max(taken) < n:
            fits.append(size)
            if len(fits) > 1:
                return {}
    if not fits:
        return {}
    size = fits[0]
    return {
        node: range(rs[0] // size * size, (rs[0] // size + 1) * size)
        for node, rs in by_node.items()
    }


def tasks_not_ranks(fs: list[Finding]) -> list[Finding]:
    """srun's report of a task that died (``srun: error: n11: task 10: Killed``) reads the
    task as a global rank, as it is when srun starts one task per GPU; where the ranks the
    node's own lines name form a block without it, srun started one agent per node (torchrun)
    and task 10 is the node's agent: no rank. So too where the node's lines name other ranks
    and the task's number is the node's place in the node list (one task per node)."""
    srun = [f for f in fs if f.rank is not None and f.text.startswith("srun: error:")]
    if not srun:
        return fs
    homes = rank_homes(f for f in fs if not f.text.startswith("srun: error:"))
    blocks = rank_blocks(homes)
    named: dict[str, set[int]] = defaultdict(set)
    for r, n in homes.items():
        named[n].add(r)
    order = sorted({f.node for f in fs if f.node}, key=_name_order)

    def agent(f: Finding) -> bool:
        node = f.node or ""
        if node in blocks:
            return f.rank not in blocks[node]
        return bool(named[node]) and f.rank not in named[node] and order.index(node) == f.rank

    odd = {id(f) for f in srun if f.node and agent(f)}
    return [f.with_(rank=None) if id(f) in odd else f for f in fs]


def place_ranks(homes: Mapping[int, str]) -> dict[int, str]:
    """``homes`` with every rank of each inferred block placed on its node."""
    out = dict(homes)
    for node, block in rank_blocks(homes).items():
        for r in block:
            out.setdefault(r, node)
    return out


def _name_order(node: str) -> list[tuple[int, int | str]]:
    """Sort key that puts ``gpu-2`` before ``gpu-10`` (numbers by value)."""
    return [(0, int(t)) if t.isdigit() else (1, t) for t in re.split(r"(\d+)", node) if t]


def assumed_blocks(findings: Iterable[Finding], nodes: Collection[str]) -> dict[int, str]:
    """Global rank -> node where no file says where ranks ran, but one console holds every
    rank of the job (mpirun's tags, srun's labels, a merged stdout) and the bundle's nodes
    divide the world evenly: blocks over the nodes in name order. That is mpirun's default
    by-slot mapping over a hostfile, Slurm's block distribution over its sorted node list and
    torchrun's node ranks as operators number them; an assumption, so nothing else may place
    a rank, and a bundle of several attempts (nodes reassigned) gets none. A console that
    shows only some ranks (those that failed) counts where they reach into every node's
    block: the world is then the highest rank's, rounded up to whole blocks.
    """
    ranked = [f for f in findings if f.rank is not None]
    if (
        len(nodes) < 2
        or any(f.signature in ("rank_home", "rank_host") or f.attempt is not None for f in ranked)
        or len({f.node for f in ranked}) != 1
    ):
        return {}
    ranks = {f.rank for f in ranked if f.rank is not None}
    world = max(ranks, default=-1) + 1
    if len(ranks) != world:
        world = -(-world // len(nodes)) * len(nodes)  # some ranks: whole blocks
    if world < len(nodes) or world % len(nodes):
        return {}
    size = world // len(nodes)
    if len({r // size for r in ranks}) != len(nodes):
        return {}
    order = sorted(nodes, key=_name_order)
    return {r: order[r // size] for r in range(world)}


def gpu_blocks(
    findings: Iterable[Finding], nodes: Collection[str], job_nodes: Sequence[str] = ()
) -> dict[str, range]:
    """Each node's block of global ranks, one rank per GPU in node-name order, where every
    node's ``nvidia-smi -q`` lists the same number of GPUs: how operators number a job's
    ranks when nothing in the bundle says. Only to name the rank of a GPU already blamed.
    Where the scheduler lists the job's nodes (``job_nodes``) and the bundle holds the logs of
    some of them, the blocks run over the whole list: node 10 of 16 holds ranks 72 to 79."""
    counts = {f.node: int(f.value) for f in findings if f.signature == "gpu_count" and f.value}
    per_node = set(counts.values())
    order = sorted(nodes, key=_name_order)
    if len(job_nodes) >= 2 and set(nodes) <= set(job_nodes):
        order = list(job_nodes)
    if len(order) < 2 or set(nodes) - set(counts) or len(per_node) != 1:
        return {}
    size = per_node.pop()
    return {n: range(i * size, (i + 1) * size) for i, n in enumerate(order)}


def srun_task_nodes(
    tasks: int, task_ranks: Mapping[int, set[int]], nodes: Collection[str]
) -> dict[int, str]:
    """Global rank -> node under ``srun -l`` with one task per node: Slurm hands out tasks in
    the order of its node list, which it keeps sorted, so task t ran on the t-th node by name.
    Only when the console's tasks are as many as the bundle's nodes."""
    if tasks < 2 or tasks != len(nodes):
        return {}
    order = sorted(nodes, key=_name_order)
    return {r: order[t] for t, ranks in task_ranks.items() if t < tasks for r in ranks}


def named_missing(fs: Iterable[Finding]) -> set[int]:
    """Ranks the waiting ranks (or a heartbeat monitor) name as never having arrived."""
    return {int(f.value) for f in fs if f.signature == "names_missing_rank" and f.value is not None}


def behind_in_queue(fs: Iterable[Finding]) -> list[int]:
    """Ranks whose last enqueued work is below the work other ranks of its process group timed
    out in (ProcessGroupNCCL's watchdog and dump-signal lines), each attempt on its own (its
    process groups count from 1 again)."""
    timed: dict[str, dict[int, int]] = defaultdict(dict)
    enqueued: dict[str, dict[int, int]] = defaultdict(dict)
    for f in fs:
        if f.rank is None or f.value is None:
            continue
        into = {"work_timed_out": timed, "work_enqueued": enqueued}.get(f.signature)
        if into is not None:
            at = into[f"{f.attempt}:{f.detail}"]
            at[f.rank] = max(at.get(f.rank, -1), int(f.value))
    return never_enqueued(timed, enqueued)


STOPPED_BY_LAUNCHER = frozenset({"killed_by_launcher", "sigterm"})
"""What every rank still alive gets at the end (the launcher's SIGTERM): no sign of waiting."""


def quiet_rank(node: str | None, fs: Iterable[Finding], homes: Mapping[int, str]) -> int | None:
    """The one rank of ``node``'s block that never reported waiting while the others did.

    When a device fails under one rank, that rank blocks inside it and says nothing; its
    node's other ranks time out in the collective it never joined.
    """
    block = rank_blocks(homes).get(node or "")
    if block is None:
        return _quiet_in_world(node, fs, homes)
    waiting = {f.rank for f in _waits(fs) if f.node == node}
    quiet = [r for r in block if r not in waiting]
    return quiet[0] if len(quiet) == 1 and len(waiting) >= 2 else None


def _quiet_in_world(
    node: str | None, fs: Iterable[Finding], homes: Mapping[int, str]
) -> int | None:
    """Where no block says which ranks ``node`` ran: the one rank below the highest that never
    reported waiting while every other rank of the world did (a console of every rank's
    timeout, no hosts on its lines), unless it is known to have run elsewhere."""
    waiting = {f.rank for f in _waits(fs) if f.rank is not None}
    if len(waiting) < 4:
        return None
    quiet = set(range(max(waiting) + 1)) - waiting
    if len(quiet) != 1:
        return None
    rank = quiet.pop()
    return rank if homes.get(rank, node) == node else None


def _waits(fs: Iterable[Finding]) -> list[Finding]:
    """The ranks' reports of waiting on others (not the launcher's SIGTERM to every survivor)."""
    return [f for f in fs if f.role is Role.SYMPTOM and f.signature not in STOPPED_BY_LAUNCHER]
