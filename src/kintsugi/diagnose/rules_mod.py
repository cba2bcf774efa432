"""Slowdowns, and the modifiers that revise a verdict: recurrence across attempts and jobs,
and a slow rank on a node that clocks down.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Collection, Mapping

from kintsugi.diagnose.extract import kernel_pid
from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.ranks import rank_blocks
from kintsugi.diagnose.reports import BUS_ID, PCI_BUS
from kintsugi.diagnose.rules_settings import node_own_settings
from kintsugi.diagnose.signatures import Role
from kintsugi.diagnose.verdict import GPU, HARDWARE, Verdict, order, rank_on_node, where
from kintsugi.events import APPLICATION, Action, Category, Culprit, Layer

STRAGGLER_FACTOR = 1.3
"""A rank this much slower than the median of all ranks is a straggler (healthy spread < 10%)."""
STEADY_FACTOR = 1.1
"""A rank a detector names as the slowest in most of its reports counts from this much slower
(a consistent 10% is a sick part; the healthy spread moves from rank to rank)."""
SLOWDOWN_FACTOR = 1.2
"""Iterations this much slower at the end of a log than at its start count as a slowdown."""
DATA_WAIT_FACTOR = 3.0
"""A node whose ranks wait this much longer for their batches than the others' holds the job."""
DATA_WAIT_MIN_S = 0.1
"""...and by at least this much per step: a few milliseconds more is noise, not a straggler."""
INPUT_BOUND_SHARE = 0.5
"""Ranks that wait this share of each step for their batches are held by their input pipeline."""
_TIMES = (
    "step_time",
    "step_slowdown",
    "data_wait",
    "slowest_rank_named",
    "slowest_rank_steady",
    "compute_time",
    "compute_burst",
    "comm_wait",
    "input_stacks",
)


_SLOWING_ERRORS = frozenset({"xid_sbe_rate", "dcgm_sbe_rate"})
"""Errors a GPU corrects at a cost: a storm of single-bit ECC errors (Xid 92, DCGM's health
watch) slows its GPU (the driver handles each, the memory controller retries), short of
failing it."""
_ONE_NODE_ONLY = frozenset({"cpu_powersave", "link_shaped"})
"""Settings some sites choose for every node: they slow a node only where it is the only one."""


def _throttled(context: list[Finding], straggling: bool = False) -> list[Finding]:
    """What slows a node down: its GPUs clocking down, a degraded link, a power cap, and a
    setting the other nodes do not share (not the job's own settings: rules_settings)."""
    # errors that slow a part count only where the job did slow down, or a rank was found
    # behind the others (``straggling``): they are common where nothing was slow
    slowed = straggling or any(
        f.signature == "step_slowdown" and _value(f) >= SLOWDOWN_FACTOR for f in context
    )
    found = [
        f
        for f in context
        if (
            f.category is Category.STRAGGLER
            and f.role is Role.CONTEXT
            and f.layer is not Layer.SCRIPT
            and f.signature not in _TIMES
        )
        or (slowed and f.signature in _SLOWING_ERRORS)
    ]
    for sig in _ONE_NODE_ONLY:
        if len({f.node for f in found if f.signature == sig}) > 1:
            found = [f for f in found if f.signature != sig]
    return found + node_own_settings(context)


def _same_rank(a: Finding, b: Finding) -> bool:
    """Both time one global rank (on one node, where both name theirs)."""
    return (
        a.rank is not None
        and a.rank == b.rank
        and (a.node is None or b.node is None or a.node == b.node)
    )


def straggler(
    context: list[Finding], homes: Mapping[int, str], by_gpu: Mapping[str, range] | None = None
) -> Verdict | None:
    """A slow rank by its iteration times or a straggler detector, a slowdown with one node
    clocking down, or one node whose ranks wait for their data.

    Args:
        context: the context findings (timings, throttling).
        homes: global rank -> the node it ran on, where the bundle tells.
        by_gpu: node -> its ranks by GPU count and node name (``ranks.gpu_blocks``), to name
            a throttled GPU's rank when ``homes`` cannot.
    """
    times = [f for f in context if f.signature == "step_time" and f.value]
    slow = max(times, key=lambda f: f.value or 0.0, default=None)
    # the same rank in another log (a reference run's, another attempt's) is no other rank
    others = [f for f in times if slow is not None and not _same_rank(f, slow)]
    if slow is not None and others:
        med = statistics.median(f.value or 0.0 for f in [slow, *others])
        if med > 0 and (slow.value or 0.0) >= STRAGGLER_FACTOR * med:
            v = _suspect(
                Culprit(slow.node, slow.rank),
                0.5,
                f"{where(slow)} is a straggler: {slow.value:.3f}s per step vs median {med:.3f}s",
                primary=slow,
            )
            v.why("all", "straggler", f"step time > {STRAGGLER_FACTOR}x the median of all ranks")
            return v
    named = (
        _named_by_detector(context, homes, by_gpu)
        or _slow_compute(context, homes, by_gpu)
        or _slow_compute(context, homes, by_gpu, "compute_burst")
    )
    if named is not None:
        return named
    hot = _throttled(context)
    hot_nodes = {f.node for f in hot if f.node}
    slowdowns = [f for f in context if f.signature == "step_slowdown" and f.value]
    slowed = [f for f in slowdowns if (f.value or 0.0) >= SLOWDOWN_FACTOR]
    # the job trains: its steps timed, or its ranks' compute (a profiler's timers)
    timed = slowdowns or times or [f for f in context if f.signature == "compute_time"]
    if len(hot_nodes) == 1 and timed:
        node = next(iter(hot_nodes))
        p = min(hot, key=lambda f: f.order)
        v = _suspect(
            Culprit(node, _rank_of_gpu(node, hot, homes, by_gpu)),
            0.6,
            f"{node} is the straggler: {p.text} while the job trains "
            + (f"({slowed[0].text})" if slowed else "(iteration times logged)"),
            primary=p,
            support=(slowed or timed)[:2],
        )
        v.why("all", "slowdown_on_one_node", f"only {node} reports what slows a node down")
        return v
    return _waits_for_data(context) or _slower_attempt(context)


JOB_SLOWED = 1.5
"""Iterations this much slower at the end of a running job than at its start, with no node
singled out, slowed the whole job."""


def job_slowed(context: list[Finding]) -> Verdict | None:
    """A job that trained at one speed and then, with no error, at two thirds of it or less,
    where the rules before this one found no node standing out: something every node shares
    (the fabric, a shared file system, another tenant) slowed it; its settings did not change
    mid-run."""
    slowed = [f for f in context if f.signature == "step_slowdown" and _value(f) >= JOB_SLOWED]
    if not slowed:
        return None
    p = max(slowed, key=_value)
    v = Verdict(
        Category.STRAGGLER,
        Layer.INFRASTRUCTURE,
        None,
        Action.RESTART,
        0.4,
        f"the whole job slowed mid-run ({p.text} on {where(p)}) with no node singled out: "
        "something the nodes share",
        primary=p,
        support=[f for f in slowed if f is not p][:2],
    )
    v.why("all", "job_slowed", f"iterations {_value(p):.1f}x slower at the end, no node apart")
    return v


def input_bound(context: list[Finding]) -> Verdict | None:
    """The input pipeline (too few loader workers, decoding or tokenizing in the loop, a remote
    dataset) bounds the whole job: every rank that times its wait for data waits most of its
    step (or longer than it computes), or most samples of the ranks' stack dumps are inside the
    DataLoader or a Dataset. A setting of the script's, no node's; the job is slow, not failed,
    so only a job that neither failed nor finished gets this verdict."""
    return _waits_most(context) or _stacks_in_input(context)


def _held_by_input(
    confidence: float, summary: str, primary: Finding, support: list[Finding]
) -> Verdict:
    """The verdict of a job its input pipeline holds: the script's setting, no node's."""
    return Verdict(
        Category.STRAGGLER,
        Layer.SCRIPT,
        None,
        Action.STOP,
        confidence,
        f"the input pipeline bounds the job: {summary}",
        primary=primary,
        support=support,
    )


def _waits_most(context: list[Finding]) -> Verdict | None:
    """Each rank's wait for data against its step time, or its compute time where it logs no
    step time (the step is then at least the two together)."""
    steps = {
        (f.attempt, f.node, f.rank): f for f in context if f.signature == "step_time" and f.value
    }
    computes = {
        (f.attempt, f.node, f.rank): f for f in context if f.signature == "compute_time" and f.value
    }
    pairs: list[tuple[Finding, Finding]] = []
    for w in context:
        if w.signature != "data_wait" or (w.value or 0.0) < DATA_WAIT_MIN_S:
            continue
        k = (w.attempt, w.node, w.rank)
        if k in steps:
            pairs.append((w, steps[k]))
        elif k in computes:
            pairs.append((w, computes[k].with_(value=_value(computes[k]) + _value(w))))
    if not pairs or any(_value(w) < INPUT_BOUND_SHARE * _value(s) for w, s in pairs):
        return None
    w, s = max(pairs, key=lambda ws: _value(ws[0]) / _value(ws[1]))
    v = _held_by_input(
        0.45, f"{where(w)} waits {_value(w):.3f}s of its {_value(s):.3f}s step for data", w, [s]
    )
    v.why(
        "all",
        "input_bound",
        f"{len(pairs)} rank(s) wait >= {INPUT_BOUND_SHARE:.0%} of each step for their batches",
    )
    return v


def _stacks_in_input(context: list[Finding]) -> Verdict | None:
    """Most main-thread samples of the job's stack dumps (py-spy of a running job) inside the
    input pipeline: a training loop spends its time there only when its batches come late."""
    dumps = [f for f in context if f.signature == "input_stacks"]
    counts = [tuple(map(int, f.detail.split("/"))) for f in dumps]
    busy, samples = sum(b for b, _ in counts), sum(n for _, n in counts)
    if busy == 0 or busy < INPUT_BOUND_SHARE * samples:
        return None
    p = max(dumps, key=_value)
    v = _held_by_input(
        0.4,
        f"{busy} of {samples} main-thread sample(s) of the ranks' stack dumps are inside the "
        f"DataLoader or a Dataset ({where(p)})",
        p,
        [f for f in dumps if f is not p][:2],
    )
    v.why("all", "input_bound", f"{busy}/{samples} stack samples in the input pipeline")
    return v


def _slower_attempt(context: list[Finding]) -> Verdict | None:
    """Two attempts of the job, one much slower per iteration, whose nodes differ by one: the
    node only the slow attempt ran on is the straggler (swapping it out made the job fast)."""
    nodes: dict[int, set[str]] = {}
    times: dict[int, list[float]] = {}
    for f in context:
        if f.attempt is None or f.node is None:
            continue
        if f.signature == "attempt_node":
            nodes.setdefault(f.attempt, set()).add(f.node)
        elif f.signature == "step_time" and f.value:
            times.setdefault(f.attempt, []).append(f.value)
    speed = {a: statistics.median(v) for a, v in times.items() if a in nodes}
    if len(speed) < 2:
        return None
    slow, fast = max(speed, key=speed.__getitem__), min(speed, key=speed.__getitem__)
    only = nodes[slow] - nodes[fast]
    if speed[slow] < STRAGGLER_FACTOR * speed[fast] or len(only) != 1:
        return None
    node = only.pop()
    p = max((f for f in context if f.signature == "step_time" and f.attempt == slow), key=_value)
    v = _suspect(
        Culprit(node, None),
        0.5,
        f"{node} is the straggler: attempt {slow} ran {speed[slow]:.3f}s per iteration with it, "
        f"attempt {fast} {speed[fast]:.3f}s on the same nodes but it",
        primary=p,
    )
    v.why("all", "slower_with_one_node", f"attempt {slow} differs from attempt {fast} by {node}")
    return v


def _suspect(
    culprit: Culprit,
    confidence: float,
    summary: str,
    primary: Finding,
    support: list[Finding] | None = None,
) -> Verdict:
    """A straggler to diagnose: the verdict every slowdown rule starts from (evidence of a
    part that slows it, ``thermal``, turns it into an exclusion)."""
    return Verdict(
        Category.STRAGGLER,
        Layer.INFRASTRUCTURE,
        culprit,
        Action.RUN_DIAGNOSTICS,
        confidence,
        summary,
        primary=primary,
        support=support or [],
    )


def _slow_compute(
    context: list[Finding],
    homes: Mapping[int, str],
    by_gpu: Mapping[str, range] | None,
    signature: str = "compute_time",
) -> Verdict | None:
    """Ranks whose own compute time per step is far above the others', all on one node: as
    the log ends (``compute_time``), or in each rank's slowest steps (``compute_burst``: a
    part slow in bursts).

    In a synchronous job every rank's step lasts as long as the slowest's (the others wait in
    the collective), so step times cannot tell; compute times can. All the slow ranks on one
    node, or several of them there, name the node; a single slow rank among fast node-mates
    names that rank too.
    """
    times = [
        f.with_(node=_home(f.rank, homes, by_gpu)) if f.node is None and f.rank is not None else f
        for f in context
        if f.signature == signature and f.value
    ]
    # a listing of every rank's timer names no node: each rank's, where the bundle places it
    times = [f for f in times if f.node]
    if len({f.node for f in times}) < 2:
        return None
    med = statistics.median(f.value or 0.0 for f in times)
    slow = [f for f in times if med > 0 and (f.value or 0.0) >= STRAGGLER_FACTOR * med]
    how = f"compute > {STRAGGLER_FACTOR}x the median of all ranks"
    if not slow:
        slow = _waited_for(times, context, med)
        how = f"computes longest and waits < {WAITED_FOR:.0%} of what the others wait for it"
    nodes = {f.node for f in slow}
    if not slow or len(nodes) != 1:
        return None
    node = nodes.pop()
    worst = max(slow, key=lambda f: f.value or 0.0)
    if _waits_alike(worst, context):
        return None
    rank = worst.rank if len(slow) == 1 else None  # one slow rank, among mates or alone
    v = _suspect(
        Culprit(node, rank),
        0.55,
        f"{where(worst) if rank is not None else node} is the straggler: its ranks compute "
        f"{worst.value:.3f}s per step vs median {med:.3f}s (the others wait for it)",
        primary=worst,
        support=[f for f in slow if f is not worst][:2],
    )
    v.why("all", "slow_compute", f"{len(slow)} rank(s) of {node}: {how}")
    return v


def _waits_alike(worst: Finding, context: list[Finding]) -> bool:
    """The slowest-computing rank waits in the collectives as long as the others do: nobody
    waits for it, the job is bound by its communication (a slow link), not by this rank."""
    waits = {(f.node, f.rank): f.value or 0.0 for f in context if f.signature == "comm_wait"}
    mine = waits.pop((worst.node, worst.rank), None)
    if mine is None or not waits:
        return False
    return mine >= WAITS_ALIKE * statistics.median(waits.values())


WAITS_ALIKE = 0.75
"""A rank that waits this share of the others' median wait is waited for by no one."""
WAITED_FOR = 0.25
"""A rank whose wait in collectives is below this share of the others' is the one they wait for."""


def _waited_for(times: list[Finding], context: list[Finding], med: float) -> list[Finding]:
    """The one rank that computes longest while every other waits for it in the collectives:
    its own wait is a small share of theirs. A slowdown too small for the compute ratio alone
    (10-30%) is plain when all the others' waits say who they wait for."""
    # (by global rank: a listing of every rank's timers places none of them on a node)
    waits = {
        f.rank: f.value or 0.0 for f in context if f.signature == "comm_wait" and f.rank is not None
    }
    slowest = max(times, key=lambda f: f.value or 0.0)
    mine = waits.get(slowest.rank) if slowest.rank is not None else None
    others = [w for k, w in waits.items() if k != slowest.rank]
    if mine is None or len(others) < 2 or (slowest.value or 0.0) < 1.1 * med:
        return []
    typical = statistics.median(others)
    if typical <= 0.01 or mine > WAITED_FOR * typical:
        return []
    return [slowest]


def _rank_of_gpu(
    node: str,
    hot: list[Finding],
    homes: Mapping[int, str],
    by_gpu: Mapping[str, range] | None = None,
) -> int | None:
    """The rank on the one GPU of ``node`` that clocks down, where the report gives its index
    and the node's block of ranks is known (from ``homes``, else ``by_gpu``): local rank = GPU
    index, as launchers assign them."""
    # Reports that name a GPU by index (CSV samples, DCGM); ``nvidia-smi -q`` names it by bus.
    indexes = {i for f in hot if f.node == node and (i := _gpu_index(f)) is not None}
    return _rank_at(node, indexes.pop(), homes, by_gpu) if len(indexes) == 1 else None


def _gpu_index(f: Finding) -> int | None:
    """The index of the GPU a finding names ("gpu2"); an Xid's detail is its number."""
    d = f.detail.removeprefix("gpu")
    return int(d) if d.isdigit() and not f.signature.startswith("xid") else None


def _rank_at(
    node: str, index: int, homes: Mapping[int, str], by_gpu: Mapping[str, range] | None
) -> int | None:
    """The rank on GPU ``index`` of ``node``, where the node's block of ranks is known (from
    ``homes``, else ``by_gpu``): local rank = GPU index, as launchers assign them."""
    block = rank_blocks(homes).get(node) or (by_gpu or {}).get(node)
    return block.start + index if block is not None and index < len(block) else None


def _named_by_detector(
    context: list[Finding], homes: Mapping[int, str], by_gpu: Mapping[str, range] | None = None
) -> Verdict | None:
    """The rank a straggler detector (Megatron-LM's) names as the slowest, again and again;
    or, where it lists several slow ranks again and again, the node most of them ran on."""
    named = [
        f
        for f in context
        if (f.signature == "slowest_rank_named" and (f.value or 0.0) >= STRAGGLER_FACTOR)
        or (f.signature == "slowest_rank_steady" and (f.value or 0.0) >= STEADY_FACTOR)
    ] or _one_nodes_ranks(context, homes, by_gpu)
    if not named:
        return None
    p = max(named, key=lambda f: f.value or 0.0)
    rank = int(p.detail) if p.detail else None  # a detector that scores nodes names no rank
    node = (homes.get(rank) if rank is not None else None) or p.peer
    ranks = {int(f.detail): f for f in named if f.detail}
    if len(ranks) >= 2:
        on = Counter(_named_home(f, homes, by_gpu) for f in ranks.values())
        (most, n), *_ = on.most_common(1)
        if most is not None and n >= len(ranks) * 2 / 3:
            # several slow ranks, most on one node: the node, no one rank of it
            p = max((f for f in named if _named_home(f, homes, by_gpu) == most), key=_value)
            node, rank = most, None
    v = _suspect(
        Culprit(node, rank),
        0.6,
        f"{f'rank {rank}' if rank is not None else node}"
        f"{' on ' + node if node and rank is not None else ''} is the straggler: {p.text}",
        primary=p,
    )
    v.why("all", "detector_names_rank", f"the straggler detector names {p.detail or node}")
    if rank is None and len(ranks) >= 2:
        v.why("culprit", "slow_ranks_on_one_node", f"{len(ranks)} slow ranks, most on {node}")
    return v


def _one_nodes_ranks(
    context: list[Finding], homes: Mapping[int, str], by_gpu: Mapping[str, range] | None
) -> list[Finding]:
    """The ranks the detector names as the slowest again and again, each at least
    ``STEADY_FACTOR`` behind, two or more of them, all on one node: its ranks take turns at
    the bottom, so the node is the slow part, not one of its GPUs. The ranks it names less
    behind are the healthy spread of the job's quiet intervals, which moves across the job."""
    named = [f for f in context if f.signature == "slowest_rank_named" and f.detail]
    behind = [f for f in named if _value(f) >= STEADY_FACTOR]
    if len({f.detail for f in behind}) < 2:
        return []
    nodes = {_named_home(f, homes, by_gpu) for f in behind}
    return behind if len(nodes) == 1 and None not in nodes else []


def _named_home(
    f: Finding, homes: Mapping[int, str], by_gpu: Mapping[str, range] | None
) -> str | None:
    """The node of the rank a detector named: where the bundle places it, else where the
    report says it ran, else its block by GPU count."""
    rank = int(f.detail)
    return homes.get(rank) or f.peer or _home(rank, {}, by_gpu)


def _home(rank: int, homes: Mapping[int, str], by_gpu: Mapping[str, range] | None) -> str | None:
    """The node ``rank`` ran on: where the bundle says, else its node's block by GPU count
    (``ranks.gpu_blocks``: how operators number ranks when nothing in the bundle says)."""
    return homes.get(rank) or next((n for n, b in (by_gpu or {}).items() if rank in b), None)


def _waits_for_data(context: list[Finding]) -> Verdict | None:
    """One node whose ranks wait far longer for their batches than the rest (its disk, CPU or
    network to the data): the node every synchronous step waits for."""
    waits: dict[str, float] = {}
    for f in context:
        if f.signature == "data_wait" and f.node and f.value is not None:
            waits[f.node] = max(waits.get(f.node, 0.0), f.value)
    if len(waits) < 2:
        return None
    (node, worst), *rest = sorted(waits.items(), key=lambda kv: -kv[1])
    base = statistics.median(w for _, w in rest)
    slow = [w for w in (worst, rest[0][1]) if w >= DATA_WAIT_FACTOR * base + DATA_WAIT_MIN_S]
    if len(slow) != 1 or worst < DATA_WAIT_FACTOR * base or worst - base < DATA_WAIT_MIN_S:
        return None  # no node stands out, or several do (the shared data source)
    p = max((f for f in context if f.signature == "data_wait" and f.node == node), key=_value)
    v = _suspect(
        Culprit(node, None),
        0.5,
        f"{node} is the straggler: its ranks wait {worst:.3f}s per step for data, the other "
        f"nodes {base:.3f}s",
        primary=p,
    )
    v.why("all", "waits_for_data", f"{node} waits {worst / max(base, 1e-9):.0f}x longer for data")
    return v


def _value(f: Finding) -> float:
    return f.value or 0.0


def thermal(v: Verdict, context: list[Finding]) -> None:
    """A slow rank on a node that clocks down for heat or power: exclude the node."""
    if v.category is not Category.STRAGGLER or v.culprit is None:
        return
    throttled = _throttled(context, straggling=True)
    if v.culprit.node is None and v.culprit.rank is not None:
        # The slow rank's node unknown (the report names a rank; no log says where it ran):
        # the one node that clocks down is where it ran, when the GPU it names, if any, is
        # the rank's local one (rank mod GPUs per node, 8 or 4 as launchers place them).
        nodes = {f.node for f in throttled if f.node}
        gpus = {i for f in throttled if (i := _gpu_index(f)) is not None}
        local = {v.culprit.rank % 8, v.culprit.rank % 4}
        if len(nodes) == 1 and (not gpus or gpus & local):
            node = nodes.pop()
            v.culprit = Culprit(node, v.culprit.rank)
            v.why("culprit", "slow_rank_on_the_hot_node", f"the only node clocking down: {node}")
    hot = [f for f in throttled if f.node == v.culprit.node]
    if hot:
        v.action, v.confidence = Action.RESTART_WITHOUT_NODE, 0.85
        what = "thermal throttling" if hot[0].signature == "thermal_slowdown" else "degraded"
        said = hot[0].text in v.summary
        v.summary = f"{what}: {v.summary}" + ("" if said else f"; {hot[0].text}")
        v.support.extend(f for f in hot[:2] if f is not v.primary)
        v.why("action", "slow_rank_on_hot_node", "a slow rank on a node that clocks down")


_PROGRESS = ("step_time", "step_slowdown", "compute_time")


def slowed_not_failed(
    v: Verdict,
    roots: list[Finding],
    symptoms: list[Finding],
    context: list[Finding],
    homes: Mapping[int, str],
    by_gpu: Mapping[str, range] | None = None,
) -> None:
    """A node's part that failed its diagnostic (DCGM's PCIe, memory bandwidth or NVLink test)
    while nothing of the job failed (no rank died, timed out or lost a peer) and it went on
    logging iterations: the part slowed the job, it did not end it; a straggler, that node
    (the rank on the GPU the diagnostic names), excluded (the diagnostic says why it is slow)."""
    p = v.primary
    if v.culprit is None or p is None or not p.signature.startswith("dcgm_") or symptoms:
        return
    if v.category not in (*GPU, Category.NETWORK, Category.HOST):
        return
    if any(f.severity >= 3 and f.node != v.culprit.node for f in roots):
        return
    if not any(f.signature in _PROGRESS for f in context):
        return
    v.category, v.layer = Category.STRAGGLER, Layer.INFRASTRUCTURE
    v.action = Action.RESTART_WITHOUT_NODE
    node = v.culprit.node
    if v.culprit.rank is None and node is not None:
        v.culprit = Culprit(node, _rank_of_gpu(node, [p], homes, by_gpu))
    v.summary = f"slowed, not failed: {v.summary}"
    v.why("category", "slowed_not_failed", "a failed diagnostic, no failure, iterations went on")


def _latest_rank(same: list[Finding], p: Finding, rank: int | None) -> int | None:
    """The rank the fault of ``p`` had on its node in its latest attempt: where the node's GPU
    sits in the job now (a requeue places the ranks anew), else ``rank``. Only the same
    device counts (the same error, or an Xid of the same PCI bus): another error of the
    attempt (a lost GPU's invalid device ordinal) may hit another rank. Where ``p`` is itself
    of the latest attempt, what failed beside it there names the rank; where the fault names
    no process, the rank that died first on the node."""
    on = [f for f in same if f.node == p.node and f.attempt is not None]
    if not on:
        return rank
    last = max(f.attempt for f in on if f.attempt is not None)
    bus = _bus(p.text)
    now = [f for f in on if f.attempt == last]
    again = [
        f
        for f in now
        if p.attempt == last or f.key == p.key or (bus is not None and _bus(f.text) == bus)
    ]
    ranks = {f.rank for f in again if f.rank is not None}
    if len(ranks) == 1:
        return ranks.pop()
    if again and not ranks:
        # a kernel line naming no process: the rank that died first on the node, as for ``p``
        first = rank_on_node(p.node, now)
        return first if first is not None else rank
    return rank


def _bus(text: str) -> str | None:
    """The PCI bus and device of the GPU a line names (an Xid's, nvidia-smi's)."""
    m = PCI_BUS.search(text)
    if m is not None:
        return m["bus"].lower()
    m = BUS_ID.search(text)
    return m[1].lower() if m is not None else None


def recurrence(v: Verdict, roots: list[Finding], nodes: Collection[str]) -> None:
    """The same error in >= 2 attempts: the application if it moves or is deterministic,
    the node's hardware if it follows one node at different iterations."""
    p = v.primary
    if p is None:
        return
    # (an Xid is the same error with the same number: an Xid 43 of a killed process on another
    # node is no Xid 31 again)
    same = [
        f
        for f in roots
        if f.key == p.key
        or (
            f.signature == p.signature
            and (not p.signature.startswith("xid") or f.detail == p.detail)
        )
    ]
    crashes = [f for f in roots if _device_crash(f)]
    if _device_crash(p) and len(nodes) >= 2 and all(f.node == p.node for f in crashes):
        # a segfault, then an illegal access, then a cuBLAS failure, all on one node (never
        # on another): a device that fails in a new way each time follows its node
        same += [f for f in crashes if f not in same]
    if p.category is Category.STORAGE and p.node is not None and len(nodes) >= 2:
        # a bad zip, then an unpickling error, then EIO, each attempt under another rank of
        # one node and never on another: that node's disk failing a new way each time
        reads = [f for f in roots if f.category is Category.STORAGE and f.attempt is not None]
        if all(f.node == p.node for f in reads) and len({f.rank for f in reads}) > 1:
            same += [f for f in reads if f not in same]
    attempts = {f.attempt for f in same if f.attempt is not None}
    if v.category is Category.NUMERICAL:
        _nan_among_crashes(v, p, crashes, nodes)
        return
    if len(attempts) < 2:
        return
    if not any(f.node for f in same):
        # the job's merged console names no node; the driver's reports of the program's
        # faults (Xid 13, 31, 43) do: all on one GPU of one node, one or more per attempt
        xids = [f for f in roots if f.signature == "xid_app_fault" and f.node]
        if len(xids) >= len(attempts) and len({(f.node, _bus(f.text)) for f in xids}) == 1:
            same += xids
    # where it happened: the nodes named (a line of the job's merged console names none, and
    # says nothing against the one node its other lines name)
    where_: set[str | None] = {f.node for f in same if f.node} or {None}
    steps = {f.step for f in same if f.step is not None}
    v.support.extend(f for f in same if f is not p)
    one_node = len(where_) == 1 and None not in where_
    if one_node and p.node is None:
        p = next(f for f in same if f.node)
    if (
        one_node
        and v.culprit is not None
        and v.culprit.node == p.node
        and v.action is Action.RESTART_WITHOUT_NODE
    ):
        v.culprit = Culprit(p.node, _latest_rank(same, p, v.culprit.rank))
        v.why("action", "recurs_on_one_node", f"again on {p.node} in attempts {sorted(attempts)}")
        return
    # A crash that is no Python exception (a signal, a CUDA or hardware line) coming back on
    # one node is the node. A Python exception is the node only at different iterations (or,
    # iterations unknown, on one node among several); the same iteration again, or an error
    # that moves between nodes, is the program.
    exc = p.signature.startswith("exception:")
    # iterations unknown, an exception on one node among several follows the node only
    # where its rank moved: the same rank each time reads the same data on the same node
    ranks_hit = {f.rank for f in same}
    moved = len(ranks_hit) > 1 or None in ranks_hit
    follows_node = one_node and (
        not exc or len(steps) >= 2 or (not steps and len(nodes) >= 2 and moved)
    )
    # a verdict to stop (the job's memory, its config) that came back on one node only, under
    # another rank each time, in a job of several nodes: what the node gives the job differs
    by_attempt = {a: frozenset(f.rank for f in same if f.attempt == a) for a in attempts}
    shifted = len(set(by_attempt.values())) > 1  # other ranks hit in another attempt
    node_bound = follows_node and shifted and None not in ranks_hit and len(nodes) >= 2
    deterministic = (v.action is Action.STOP and not node_bound) or (
        v.category in APPLICATION and len(where_) > 1
    )
    if deterministic or not follows_node:
        if v.category in HARDWARE - APPLICATION and not deterministic:
            return
        v.action, v.culprit, v.confidence = Action.STOP, None, max(v.confidence, 0.9)
        v.why(
            "action",
            "recurs_across_attempts",
            f"{p.signature} in {len(attempts)} attempts"
            + (f" at iteration {sorted(steps)[0]}" if len(steps) == 1 else "")
            + (f" on {len(where_)} nodes" if len(where_) > 1 else "")
            + ": deterministic, restarting burns hours",
        )
        return
    # An error of the GPU's (a CUDA error, an application Xid like 13 or 31 from the driver):
    # following one node, it is that node's GPU.
    gpu = bool(_GPU_ERROR.search(p.text)) or p.category in (
        Category.GPU_HARDWARE,
        Category.GPU_MEMORY,
    )
    if v.category not in HARDWARE or v.category is Category.OOM:
        v.category = Category.GPU_HARDWARE if gpu else Category.HOST
        v.layer = Layer.INFRASTRUCTURE
    v.culprit = Culprit(p.node, _latest_rank(same, p, p.rank if len(ranks_hit) == 1 else None))
    v.action, v.confidence = Action.RESTART_WITHOUT_NODE, max(v.confidence, 0.8)
    v.summary = f"{p.signature} recurs on {p.node} in {len(attempts)} attempts: " + v.summary
    v.why(
        "category, culprit, action",
        "recurs_on_one_node",
        f"the same error on {p.node} in attempts {sorted(attempts)}"
        + (f" at iterations {sorted(steps)}" if steps else "")
        + ": that node's hardware",
    )


def _nan_among_crashes(
    v: Verdict, p: Finding, crashes: list[Finding], nodes: Collection[str]
) -> None:
    """A NaN on one node, where the other attempts crashed on the device on that node too
    (an illegal access, a cuBLAS failure; never on another node): one GPU failing a new way
    each time, silently wrong once, follows its node; exclude it."""
    if v.culprit is None or v.culprit.node != p.node or p.node is None or len(nodes) < 2:
        return
    if not crashes or any(f.node != p.node for f in crashes):
        return
    attempts = {f.attempt for f in [p, *crashes] if f.attempt is not None}
    if len(attempts) < 2:
        return
    ranks = {f.rank for f in [p, *crashes]}
    v.category, v.layer = Category.GPU_HARDWARE, Layer.INFRASTRUCTURE
    v.culprit = Culprit(p.node, p.rank if len(ranks) == 1 else None)
    v.action, v.confidence = Action.RESTART_WITHOUT_NODE, max(v.confidence, 0.8)
    v.support.extend(crashes[:3])
    v.why(
        "category, culprit, action",
        "recurs_on_one_node",
        f"a NaN and device crashes on {p.node} in attempts {sorted(attempts)}: its GPU",
    )


def wanders(v: Verdict, found: list[Finding]) -> None:
    """A part's or link's failure that came back in >= 2 attempts on different nodes each
    time (no node in two attempts): not one bad node but something they share (a driver
    rollout, the fabric between leaves, a firmware); excluding nodes would chase it."""
    p = v.primary
    if (
        p is None
        or v.category not in HARDWARE - {Category.OOM}
        or v.action not in (Action.RESTART, Action.RESTART_WITHOUT_NODE)
    ):
        return
    by_attempt: dict[int, set[str]] = {}
    for f in found:
        if (
            f.signature == p.signature
            and f.attempt is not None
            and f.node
            and f.role is not Role.CONTEXT
        ):
            # a line that blames a peer is about the pair: the same peer accused again
            # in the next attempt is that node, not a wandering fault
            by_attempt.setdefault(f.attempt, set()).update(n for n in (f.node, f.peer) if n)
    if len(by_attempt) < 2:
        return
    seen: set[str] = set()
    for nodes in by_attempt.values():
        if nodes & seen:
            return  # a node failed again: recurrence on it decides
        seen |= nodes
    v.culprit, v.action = None, Action.RUN_DIAGNOSTICS
    v.why(
        "culprit, action",
        "wanders_across_attempts",
        f"{p.signature} in attempts {sorted(by_attempt)} on different nodes each time "
        f"({sorted(seen)[:6]}): something they share, diagnose before rerunning",
    )


def unlike_the_rest(v: Verdict, roots: list[Finding], found: list[Finding]) -> None:
    """An application error on one node only, whose GPUs are another model than those of
    every other node (an A100 node in an H100 pool): the program asked for what the pool
    has; that node is the odd one. Exclude it."""
    p = v.primary
    if p is None or p.node is None or v.category not in (Category.USER_CODE, Category.DEPENDENCY):
        return
    models = {f.node: f.detail for f in found if f.signature == "gpu_model" and f.node}
    others = {m for n, m in models.items() if n != p.node}
    if len(models) < 3 or len(others) != 1 or models.get(p.node) in others | {None}:
        return
    if {f.node for f in roots if f.signature == p.signature} != {p.node}:
        return
    v.category, v.layer = Category.HOST, Layer.INFRASTRUCTURE
    v.culprit, v.action = Culprit(p.node, None), Action.RESTART_WITHOUT_NODE
    v.why(
        "all",
        "hardware_unlike_the_rest",
        f"{p.signature} only on {p.node}, whose GPUs are {models[p.node]}; the other "
        f"{len(models) - 1} nodes have {next(iter(others))}",
    )


def own_copy_corrupt(v: Verdict, roots: list[Finding], nodes: Collection[str]) -> None:
    """A checkpoint that every rank of one node finds corrupt, while the other nodes' ranks
    loaded theirs and went on: the node's own copy (a stale cache on its disk, a copy cut
    short), not the file the others read. One rank's own shard (a sharded checkpoint) is
    no such proof: it fails on one rank, whatever node holds it."""
    p = v.primary
    if p is None or p.signature != "corrupt_checkpoint" or p.node is None or len(nodes) < 2:
        return
    bad = [f for f in roots if f.signature == p.signature and f.attempt == p.attempt]
    if {f.node for f in bad} != {p.node} or len({f.rank for f in bad} - {None}) < 2:
        return
    v.layer, v.culprit, v.action = (
        Layer.INFRASTRUCTURE,
        Culprit(p.node, None),
        Action.RESTART_WITHOUT_NODE,
    )
    v.why("layer, culprit, action", "own_copy_corrupt", f"only {p.node}'s ranks read it corrupt")


def degraded_link_suspect(v: Verdict, context: list[Finding], homes: Mapping[int, str]) -> None:
    """Collectives that timed out with no cause anywhere, while one node's GPU link trained
    narrower than it can (a riser, a slot: replays, corrected errors, stalls): that node is
    the suspect, unproven, so diagnose it (its PCIe, DCGM) before trusting it again."""
    if v.category is not Category.HANG or v.culprit is not None or v.action is not Action.RESTART:
        return
    degraded = [f for f in context if f.signature == "pcie_link_degraded" and f.node]
    nodes = {f.node for f in degraded}
    if len(nodes) != 1:
        return
    node = str(nodes.pop())
    v.category, v.layer = Category.HOST, Layer.INFRASTRUCTURE
    v.culprit = Culprit(node, _rank_of_gpu(node, degraded, homes))
    v.action = Action.RUN_DIAGNOSTICS
    v.support.extend(degraded[:2])
    v.why(
        "all",
        "degraded_link_suspect",
        f"only {node} has a GPU link trained down: {degraded[0].text[:80]}",
    )


_GPU_ERROR = re.compile(r"(?i)cuda|\bxid\b|nvrm:|\bgpu\b|device-side|illegal (?:memory )?address")


def _device_crash(f: Finding) -> bool:
    """A crash no Python exception explains: a segfault, or the GPU's own error (CUDA's,
    cuBLAS's, the driver's Xid)."""
    return f.signature == "segfault" or (
        f.signature not in ("exit_code", "abort") and bool(_GPU_ERROR.search(f.text))
    )


def history(v: Verdict, context: list[Finding]) -> None:
    """Past jobs that blamed the same node: exclude it now."""
    if v.culprit is None or not v.culprit.node:
        return
    past = [
        f
        for f in context
        if f.signature == "past_diagnosis"
        and f.node == v.culprit.node
        and f.category in HARDWARE | {Category.HANG}
    ]
    if not past:
        return
    v.support.extend(past[:3])
    v.confidence = min(1.0, v.confidence + 0.1)
    if v.action in (Action.RESTART, Action.RUN_DIAGNOSTICS):
        v.action = Action.RESTART_WITHOUT_NODE
        v.why(
            "action",
            "recurs_across_jobs",
            f"{v.culprit.node} was blamed in {len(past)} earlier job(s): exclude it",
        )


_OOM_GPU = re.compile(r"\bGPU (\d+)\b")


def foreign_on_gpu(v: Verdict, fs: list[Finding], homes: Mapping[int, str]) -> None:
    """A CUDA OOM on a GPU that ``nvidia-smi`` shows held by a process the job's are not: the
    GPU another process fills, not the configuration: exclude the node.

    The process is not the job's when the table was taken after the job ended (the other
    nodes' tables list no process) or when another process shares that GPU with the rank.
    """
    p = v.primary
    if v.category is not Category.OOM or p is None or p.node is None:
        return
    if "out of memory" not in p.text.lower() or "cuda" not in p.text.lower():
        return
    tables = {f.node: f for f in fs if f.signature == "gpu_processes" and f.node}
    mine = tables.get(p.node)
    if mine is None or not mine.detail:
        return
    g = _OOM_GPU.search(p.text)
    block = rank_blocks(homes).get(p.node)
    gpu = g[1] if g else (str(p.rank - block.start) if p.rank is not None and block else None)
    if gpu is None or gpu not in mine.detail.split(","):
        return
    ended = any(not t.value for n, t in tables.items() if n != p.node)
    shared = any(
        f.signature == "gpu_shared" and f.node == p.node and f.detail == f"gpu{gpu}" for f in fs
    )
    if not (ended or shared):
        return
    v.layer, v.action, v.confidence = Layer.INFRASTRUCTURE, Action.RESTART_WITHOUT_NODE, 0.8
    v.culprit = Culprit(p.node, p.rank)
    v.summary = f"another process holds the GPU: {v.summary}; {mine.text}"
    v.why(
        "layer, culprit, action",
        "foreign_process_on_gpu",
        f"GPU {gpu} of {p.node} holds a process "
        + ("after the job ended (the other nodes' GPUs hold none)" if ended else "beside the rank"),
    )


_GSP_GPU = re.compile(r"\bfrom GPU(\d+) GSP\b")
"""An Xid 119/120's own name for its GPU: the driver's index on the node."""


def rank_by_bus(
    v: Verdict, fs: list[Finding], homes: Mapping[int, str], by_gpu: Mapping[str, range]
) -> None:
    """A GPU fault (or a GPU that clocks down) on a node, no rank named: the kernel (or
    ``nvidia-smi -q``) names the GPU's PCI bus, the node's ``nvidia-smi`` or NCCL's
    communicator lines the index on that bus, and the node's block of ranks the rank (local
    rank = GPU index, as launchers assign them)."""
    c = v.culprit
    if v.category not in (*GPU, Category.STRAGGLER) or c is None or c.node is None:
        return
    texts = [v.primary.text] if v.primary is not None else []
    if c.rank is not None and any(kernel_pid(t) is not None for t in texts):
        return  # the kernel named the process itself
    buses = {m["bus"].lower() for t in texts for m in PCI_BUS.finditer(t)}
    buses |= {m[1].lower() for t in texts for m in BUS_ID.finditer(t)}
    facts = [f for f in fs if f.signature == "gpu_bus" and f.detail in buses]
    # NCCL said which rank's process drives that bus on the node: no guess needed, and it
    # outranks the first rank of the node whose CUDA call failed (they all fail alike)
    told = {f.rank for f in facts if f.node == c.node and f.rank is not None}
    if len(told) == 1 and (drives := told.pop()) != c.rank:
        v.culprit = Culprit(c.node, drives)
        v.why("culprit", "rank_by_bus", f"NCCL: rank {drives} drives PCI {sorted(buses)[0]}")
        return
    if c.rank is not None:
        return
    # the node's own table, else (the GPU gone from its own table, or none taken) the index
    # the job's other nodes give that bus: the same servers wire their GPUs alike
    on_bus = [f for f in facts if f.node == c.node] or facts
    index = {int(f.value) for f in on_bus if f.value is not None}
    said = {int(m[1]) for t in texts for m in _GSP_GPU.finditer(t)}
    p = v.primary
    if p is not None and p.signature.startswith("dcgm_") and p.detail[3:].isdigit():
        said.add(int(p.detail[3:]))  # DCGM's diagnostic numbers the GPU it failed on
    if not index and len(said) == 1:
        # the driver's GSP messages number the GPU themselves ("RPC response from GPU2 GSP")
        i = said.pop()
        if (rank := _rank_at(c.node, i, homes, by_gpu)) is not None:
            v.culprit = Culprit(c.node, rank)
            v.why("culprit", "rank_by_gpu_index", f"the driver names GPU {i} of {c.node}")
        return
    if len(index) != 1:
        return
    i = index.pop()
    if (rank := _rank_at(c.node, i, homes, by_gpu)) is not None:
        v.culprit = Culprit(c.node, rank)
        v.why("culprit", "rank_by_bus", f"PCI {sorted(buses)[0]} is GPU {i} of {c.node}")


def rank_by_gpu_block(v: Verdict, by_gpu: Mapping[str, range]) -> None:
    """A slow rank no log placed and no clocking-down node claimed: the node whose block of
    ranks by GPU count holds it (the assumption comes last, after every piece of evidence)."""
    if v.category is not Category.STRAGGLER or v.culprit is None or v.culprit.node is not None:
        return
    rank = v.culprit.rank
    node = _home(rank, {}, by_gpu) if rank is not None else None
    if node is not None:
        v.culprit = Culprit(node, rank)
        v.why("culprit", "rank_by_gpu_block", f"rank {rank} is in {node}'s block of GPUs")


CONTAINED = frozenset({"xid_contained_ecc"})
"""A memory error the GPU contained: the process died, the GPU did not."""
WORSE_THAN_CONTAINED = frozenset(
    {
        "xid_uncontained_ecc",
        "xid_dbe",
        "xid_row_remap_failed",
        "row_remap_failure",
        "xid_off_bus",
        "xid_unrecovered_ecc",
    }
)
"""What on the same node says the GPU itself is not fine after all."""


_UNHEALTHY = "marking device as unhealthy"
"""The Kubernetes device plugin's word that it took a GPU out of the node's allocatable
(``XidCriticalError: Xid=94 on Device=GPU-...; marking device as unhealthy.``)."""


def remapped_since(v: Verdict, fs: list[Finding]) -> None:
    """A contained ECC error (Xid 94) on a node whose ``nvidia-smi -q`` then shows every
    GPU's rows remapped and none pending: the GPU was reset and its row replaced, so the job
    restarts on it. Without that report, or with a row still pending, or where the device
    plugin took the GPU out of the node's pool (no pod gets it until it is reset and the
    plugin restarted), it runs without it."""
    c = v.culprit
    if v.category is not Category.GPU_MEMORY or c is None or c.node is None:
        return
    if v.action is not Action.RESTART_WITHOUT_NODE:
        return
    mine = [f for f in fs if f.node == c.node]
    sigs = {f.signature for f in mine}
    if not sigs & CONTAINED or sigs & WORSE_THAN_CONTAINED or "remap_pending" in sigs:
        return
    if any(_UNHEALTHY in f.text for f in mine):
        return
    clean = next((f for f in mine if f.signature == "remap_clean"), None)
    if clean is None:
        return
    v.action = Action.RESTART
    v.support.append(clean)
    v.why("action", "contained_and_remapped", f"{c.node}: {clean.text} after the contained error")


_LOOPBACK = re.compile(r"[(\[ ](?:127\.\d+\.\d+\.\d+|localhost|::1)\]?(?:, ?|:)\d+\b")
"""A connection to this node's own loopback address and a port (``(127.0.0.1, 29500)``)."""


def loopback_rendezvous(v: Verdict, homes: Mapping[int, str]) -> None:
    """A rank on another node than rank 0's that tried to reach the rendezvous on its own
    loopback address: the job told every node the master is "localhost" (MASTER_ADDR, the
    rendezvous endpoint), so the other nodes never meet. The job's configuration: stop."""
    p, c = v.primary, v.culprit
    if v.category is not Category.NETWORK or p is None or not _LOOPBACK.search(p.text):
        return
    master = homes.get(0)
    if master is None or c is None or c.node is None or c.node == master:
        return
    _jobs_configuration(
        v,
        "loopback_rendezvous",
        f"{c.node} (not rank 0's node, {master}) looked for the rendezvous on its own"
        " loopback address: the job's master address is wrong",
    )


def short_of_nodes(v: Verdict, fs: list[Finding], nodes: Collection[str]) -> None:
    """A rendezvous that timed out on every node of the job, whose launchers were told to
    wait for more nodes than the job has (``--nnodes 4`` in an allocation of 3): no node is
    missing, the job script asks for one too many. The job's configuration: stop."""
    p = v.primary
    if p is None or p.signature != "rendezvous_failed" or len(nodes) < 1:
        return
    want = max((int(f.value or 0) for f in fs if f.signature == "launch_min_nodes"), default=0)
    failed = {f.node for f in fs if f.signature == "rendezvous_failed" and f.node}
    trained = any(f.signature == "step_time" for f in fs)
    if want <= len(nodes) or failed != set(nodes) or trained:
        return
    _jobs_configuration(
        v,
        "short_of_nodes",
        f"torchrun waits for {want} nodes; the job has {len(nodes)}, all in the rendezvous",
    )


def _jobs_configuration(v: Verdict, rule: str, why: str) -> None:
    """The job's own launch configuration is wrong: no node to blame, nothing a restart
    fixes; the user corrects the job script."""
    v.category, v.layer, v.action, v.culprit = (
        Category.USER_CODE,
        Layer.SCRIPT,
        Action.STOP,
        None,
    )
    v.why("all", rule, why)


def own_resolver(v: Verdict, fs: list[Finding], nodes: Collection[str]) -> None:
    """A network failure on a node that alone could not resolve a name (its hosts file, its
    resolver): that node's, not the job's; on several nodes the shared DNS rule decides."""
    c = v.culprit
    if v.category is not Category.NETWORK or c is None or c.node is None or len(nodes) < 2:
        return
    lookups = {f.node for f in fs if f.signature == "name_resolution_failed" and f.node}
    if lookups != {c.node} or v.action is Action.RESTART_WITHOUT_NODE:
        return
    first = min((f for f in fs if f.signature == "name_resolution_failed"), key=order)
    v.layer, v.action = Layer.INFRASTRUCTURE, Action.RESTART_WITHOUT_NODE
    v.culprit = Culprit(c.node, None)
    v.support.append(first)
    v.why("layer, action", "own_resolver", f"only {c.node} failed to resolve a name: {first.text}")
