"""Correlation rules: many findings in, one Diagnosis out. Pure; shared by live and offline.

The rules run in order; each names itself in ``Diagnosis.explain`` when it sets a field.
Sympathetic symptoms (timeouts, lost peers, aborts after a failed process group) never make
the verdict while a more specific cause exists anywhere in the bundle; among the causes, the
first failure is found by time across nodes, not by file order.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.ranks import (
    behind_in_queue,
    gpu_blocks,
    named_missing,
    place_ranks,
    rank_homes,
)
from kintsugi.diagnose.rules_attempts import latest_attempt, left_out_since
from kintsugi.diagnose.rules_first import GENERIC, application_or_first, reported_failures
from kintsugi.diagnose.rules_infra import (
    NODE_LOCAL,
    REBOOT_WINDOW_S,
    accused,
    environment,
    fabric_recovered,
    gone_silent,
    hardware,
    mixed_nccl,
    network_switch,
    nfs_recovered,
    outlived,
    ridden_out,
    setup_everywhere,
    slowed_past_a_fault,
    without_history,
)
from kintsugi.diagnose.rules_left import left_while_peers_trained
from kintsugi.diagnose.rules_mod import (
    degraded_link_suspect,
    foreign_on_gpu,
    history,
    input_bound,
    job_slowed,
    loopback_rendezvous,
    own_copy_corrupt,
    own_resolver,
    rank_by_bus,
    rank_by_gpu_block,
    recurrence,
    remapped_since,
    short_of_nodes,
    slowed_not_failed,
    straggler,
    thermal,
    unlike_the_rest,
    wanders,
)
from kintsugi.diagnose.rules_nan import numerical, recurring_nan
from kintsugi.diagnose.rules_rank import pcie_fault_on_a_gpu, rank_by_report
from kintsugi.diagnose.rules_rdzv import rendezvous_sides
from kintsugi.diagnose.rules_settings import slowed_by_settings
from kintsugi.diagnose.signatures import Role
from kintsugi.diagnose.verdict import (
    TIME_SLACK_S,
    Verdict,
    order,
    where,
)
from kintsugi.events import NODE_HARDWARE, Action, Category, Culprit, Diagnosis, Layer

MAX_EVIDENCE = 8


def dedupe(findings: Iterable[Finding]) -> list[Finding]:
    """Drops copies of one line seen twice (a console log repeats the rank logs)."""
    groups: dict[tuple[object, ...], list[Finding]] = defaultdict(list)
    for f in findings:
        groups[(f.signature, f.node, f.rank, f.text, f.event_id is None)].append(f)
    out: list[Finding] = []
    for fs in groups.values():
        known = [f for f in fs if f.attempt is not None] or fs
        first = any(f.first for f in fs)
        exact = [f.ts for f in fs if f.ts is not None and f.ts_exact]
        ts = min(exact, default=None)
        seen: set[int | None] = set()
        for f in known:
            if f.attempt not in seen:
                seen.add(f.attempt)
                g = f.with_(first=first) if first and not f.first else f
                if ts is not None and (g.ts is None or not g.ts_exact):
                    g = g.with_(ts=ts, ts_exact=True)
                out.append(g)
    return out


def timed_by_exit(fs: list[Finding]) -> list[Finding]:
    """An error with no time of its own (a traceback in an untimed rank log) happened no later
    than its rank's exit, which the launcher's summary or the agent stamps: that time bounds
    it, so it can be ordered against the other nodes' failures."""
    exits: dict[tuple[str | None, int | None, int | None], float] = {}
    for f in fs:
        if f.signature == "exit_code" and f.rank is not None and f.ts is not None and f.ts_exact:
            k = (f.node, f.rank, f.attempt)
            exits[k] = min(exits.get(k, f.ts), f.ts)
    if not exits:
        return fs
    out = []
    for f in fs:
        bound = exits.get((f.node, f.rank, f.attempt)) if f.rank is not None else None
        if (
            bound is not None
            and f.role is Role.ROOT
            and f.signature != "exit_code"
            and (f.ts is None or (not f.ts_exact and f.ts <= bound))
        ):
            f = f.with_(ts=bound, ts_exact=True)
        out.append(f)
    return out


REGROUPING = {"rendezvous_failed"}
"""An agent's failure to form the group again, on a node whose ranks had lost their peers:
the loss seen from here (the node that left never came back), not a failure of its own."""


def sympathetic(fs: list[Finding]) -> list[Finding]:
    """Demotes what only reacts to a failure elsewhere to a symptom.

    A network error that names another node's address is about that node. A bare death
    (abort, exit code, kill) of a rank that also timed out or lost its peer is sympathy.
    """
    reacting = {(f.node, f.rank, f.attempt) for f in fs if f.role is Role.SYMPTOM}
    # A launcher's report of several tasks dying at once (srun's "tasks 0-3: Aborted") names
    # no rank: it is sympathy where that node's ranks timed out or lost a peer.
    reacting_nodes = {(n, a) for n, _, a in reacting}
    # A rank that names a peer reports that peer's failure in its other network lines too.
    accusing = {(f.node, f.rank, f.attempt) for f in fs if f.peer and f.peer != f.node}
    # The earliest cause of another kind on each node: a network error a rank reports after
    # another node already failed is that failure seen from here.
    causes: dict[tuple[str | None, int | None], float] = {}
    for f in fs:
        if (
            f.role is Role.ROOT
            and f.ts is not None
            and f.ts_exact
            and f.severity >= 2
            and f.category is not Category.NETWORK
            and not (f.signature in GENERIC and (f.node, f.rank, f.attempt) in reacting)
        ):
            k = (f.node, f.attempt)
            causes[k] = min(causes.get(k, f.ts), f.ts)
    out = []
    for f in fs:
        where_ = (f.node, f.rank, f.attempt)
        late = (
            f.category is Category.NETWORK
            and f.ts is not None
            and f.signature not in NODE_LOCAL
            and any(
                n != f.node and a == f.attempt and t < f.ts - TIME_SLACK_S
                for (n, a), t in causes.items()
            )
        )
        if f.role is Role.ROOT and (
            (f.peer and f.peer != f.node and f.category is Category.NETWORK)
            # (its own kernel's word that its link went down is about itself, not a peer)
            or (
                f.category is Category.NETWORK
                and where_ in accusing
                and f.signature not in NODE_LOCAL
            )
            or (f.signature in GENERIC and where_ in reacting)
            or (
                (f.signature in GENERIC or f.signature in REGROUPING)
                and f.rank is None
                and (
                    (f.node, f.attempt) in reacting_nodes
                    # (a launcher's word that names neither node nor rank: its teardown of
                    # whatever the ranks that timed out left)
                    or (f.node is None and any(a == f.attempt for _, a in reacting_nodes))
                )
            )
            or late
        ):
            f = f.with_(role=Role.SYMPTOM, first=False)
        out.append(f)
    return out


def decide(
    findings: Sequence[Finding],
    topology: Mapping[str, str] | None = None,
    reason_if_none: str = "no failure signature found",
    nodes: Collection[str] = (),
    last_seen: Mapping[tuple[int | None, str], float] | None = None,
    app_seen: Mapping[tuple[int | None, str], float] | None = None,
    job_start: Mapping[int | None, float] | None = None,
    job_nodes: Sequence[str] = (),
    allocated: Collection[str] = (),
) -> Diagnosis:
    """Correlates findings into one verdict.

    Args:
        findings: everything observed (roots, symptoms, context, past diagnoses).
        topology: node -> switch, for the "several nodes behind one switch" rule.
        reason_if_none: what to say when nothing failed.
        nodes: every node of the job (default: the nodes the findings name).
        last_seen: (attempt, node) -> the newest time in its logs, where a bundle tells.
        app_seen: the same from its application logs only.
        job_start: attempt -> the first time its application logs show: when the job began.
        job_nodes: every node of the job in the scheduler's order, where it lists them.
        allocated: every node the scheduler's accounting says any attempt ran on.
    """
    fs = sympathetic(timed_by_exit(dedupe(findings)))
    # the bundle's nodes, and those its lines place ranks on (a bundle of one node's files
    # whose console shows the job's other nodes: NCCL prefixes, srun's task lines)
    all_nodes = set(nodes) | {f.node for f in fs if f.node and f.rank is not None} or {
        f.node for f in fs if f.node
    }
    homes = place_ranks(rank_homes(fs))
    by_gpu = gpu_blocks(fs, all_nodes, job_nodes)
    symptoms = [f for f in fs if f.role is Role.SYMPTOM]
    context = [f for f in fs if f.role is Role.CONTEXT]
    # A bare exit code is explained by anything else seen on the same rank.
    explained = {
        (f.node, f.rank)
        for f in fs
        if f.role in (Role.ROOT, Role.SYMPTOM) and f.signature != "exit_code"
    }
    roots = [
        f
        for f in fs
        if f.role is Role.ROOT
        and f.signature != "hang_detected"
        and not (f.signature == "exit_code" and (f.node, f.rank) in explained)
    ]
    if named := named_missing(symptoms):
        # the waiters name the rank that never arrived: the bare exit codes of the others are
        # their raising on the wait (monitored_barrier), not failures of their own
        roots = [f for f in roots if f.signature != "exit_code" or f.rank in named]
    roots = outlived(without_history(roots, symptoms, job_start or {}), context)
    roots = slowed_past_a_fault(roots, symptoms, context)
    roots = left_out_since(roots, fs)
    # the dumps of a job the scheduler then ended show where it had stalled: a hang
    stalled = any(f.signature == "hang_detected" for f in fs)
    roots = ridden_out(roots, symptoms, fs)
    roots = reported_failures(nfs_recovered(roots, symptoms, fs), context, homes)
    v = (
        left_while_peers_trained(roots, symptoms, context)
        or finished(roots, context, homes, by_gpu, symptoms)
        or (None if stalled else ended_by_scheduler(roots, context, homes, symptoms, by_gpu))
        or setup_everywhere(roots, {f.node for f in fs if f.rank is not None and f.node})
        or network_switch(roots + symptoms, topology or {})
        or recurring_nan(roots, context)
        or hardware(roots, symptoms, all_nodes, homes, context)
        or environment(roots, all_nodes)
        or mixed_nccl(context, roots + symptoms, all_nodes)
        or _memory_everywhere(roots)
        or numerical(
            roots,
            all_nodes | set(allocated),  # (a NaN that follows one of them, logs or not)
            context,
            {
                f.node
                for f in fs
                if f.category is Category.GPU_MEMORY
                or (f.signature == "remap_pending" and f.detail)
            },
        )
        or mismatched_collectives(symptoms, roots)
        or _hang_event(fs)
        or application_or_first(roots, symptoms)
        or accused(symptoms, all_nodes, last_seen or {}, context)
        or _silent_node_rebooted(symptoms, fs, all_nodes)
        or gone_silent(symptoms, fs, all_nodes, app_seen or {})
        or _silent_rank(symptoms, fs, all_nodes)
        or straggler(context, homes, by_gpu)
        or input_bound(context)
        or job_slowed(context)
        or slowed_by_settings(context)
    )
    if v is None:
        # Nothing failed: the same verdict as a run that says it finished (no layer is
        # accused, and "framework" is where a clean run's verdict sits by convention).
        v = Verdict(
            Category.UNKNOWN,
            Layer.FRAMEWORK,
            None,
            Action.NONE,
            0.0,
            f"unknown: {reason_if_none}",
        )
        v.why("all", "no_failure", reason_if_none)
        return _finish(v, fs)
    # (the nodes ranks ran on, where lines place them: a bundle of loose files names a node
    # by each file, the pods' descriptions and the job's listings too)
    ran = {f.node for f in fs if f.rank is not None and f.node}
    same_error_everywhere(v, roots, ran if len(ran) > 1 else all_nodes)
    fault_in_whose_code(v, roots)
    own_copy_corrupt(v, roots, all_nodes)
    unlike_the_rest(v, roots, fs)
    degraded_link_suspect(v, context, homes)
    foreign_on_gpu(v, fs, homes)
    recurrence(v, roots, all_nodes)
    history(v, context)
    slowed_not_failed(v, roots, symptoms, context, homes, by_gpu)
    thermal(v, context)
    remapped_since(v, fs)
    own_resolver(v, fs, all_nodes)
    loopback_rendezvous(v, homes)
    short_of_nodes(v, fs, all_nodes)
    rendezvous_sides(v, fs, all_nodes, job_nodes)
    rank_by_gpu_block(v, by_gpu)
    pcie_fault_on_a_gpu(v, fs)
    rank_by_bus(v, fs, homes, by_gpu)
    rank_by_report(v, roots, nodes, homes, context)
    fabric_recovered(v, fs)
    # restarting already failed to shake it off (every attempt's failures, also those on
    # nodes a spare has since replaced)
    wanders(v, [f for f in fs if f.role in (Role.ROOT, Role.SYMPTOM)])
    deterministic_is_the_scripts(v)
    return _finish(v, fs)


def _said_done(context: list[Finding], failed: list[Finding]) -> list[Finding]:
    """The script's own word that training finished ("training finished: 40 steps"), said
    after every error and lost peer of the bundle, each of which has a time: the job got past
    them (a launcher's restart) and ended well. A rank that stopped while its peers then lost
    it (ranks disagreeing on when to stop) is no such end."""
    said = [f for f in context if f.signature == "left_training" and f.ts is not None]
    if not said or not failed or any(f.ts is None for f in failed):
        return []
    last = max(said, key=lambda f: f.ts or 0.0)
    return [last] if all((f.ts or 0.0) < (last.ts or 0.0) for f in failed) else []


_COMPLETED = re.compile(r"\bCOMPLETED\s+0:0\b")
_JOB_ID = re.compile(r"^\s*(\d{3,})(?=[._\s])|\b(?:STEP|JOB) (\d{3,})\b")
"""A Slurm job's id: the first column of an ``sacct`` row, or slurmstepd's ``STEP 55123.0``."""
JOB_ENDS = ("job_time_limit", "job_cancelled", "job_preempted", "instance_preempted")
"""A scheduler's end of a job: its time limit, a cancel, a preemption for another job, the
cloud taking a spot machine back."""
_BY_THE_CLOCK = ("job_time_limit", "job_preempted", "instance_preempted")
"""Ends the scheduler decides on its own, never in reaction to a failure of the job's."""


def _job_id(text: str) -> str | None:
    m = _JOB_ID.search(text)
    return (m[1] or m[2]) if m else None


def _this_job(done: list[Finding], context: list[Finding]) -> list[Finding]:
    """Reports of success without those of another job: ``sacct`` lists the user's earlier
    jobs too (a run that completed before the one that timed out or failed)."""
    ends = (*JOB_ENDS, "job_failed_state")
    ended = {i for f in context if f.signature in ends and (i := _job_id(f.text))}
    if not ended:
        return done
    return [f for f in done if (i := _job_id(f.text)) is None or i in ended]


_NUMBERED_STEP = re.compile(r"^\s*\d+(?:_\d+)?\.\d+\s")
"""sacct's row of a job step the job script ran (``3318842.0``), not of the job itself."""
# (sacct cuts a column to its width with a "+": "3308841.ext+", "3308841.bat+")
_SIDE_STEP = re.compile(r"\s*\d+(?:_\d+)?\.(?:batch|extern|interactive|bat\+|ext\+|int\+)\s")


def finished(
    roots: list[Finding],
    context: list[Finding],
    homes: Mapping[int, str],
    by_gpu: Mapping[str, range] | None = None,
    symptoms: Sequence[Finding] = (),
) -> Verdict | None:
    """The job reports that it finished, after anything that looked like a failure.

    Peers' lost connections at teardown, warnings and corrected errors in a run that ended
    well are not failures; a slowdown it suffered is still worth its verdict.
    """
    # sacct's row of the batch script's or extern step says nothing of the job's own steps
    done = [f for f in context if f.signature == "job_succeeded" and not _SIDE_STEP.match(f.text)]
    # a step that completed (a pip install, a data check) in a job sacct says FAILED: the job's
    # own row or a later step failed, that step finished nothing
    failed = {i for f in context if f.signature == "job_failed_state" and (i := _job_id(f.text))}
    done = [f for f in done if not (_NUMBERED_STEP.match(f.text) and _job_id(f.text) in failed)]
    done = _this_job(done, context)
    done = done or _said_done(context, [*roots, *symptoms])
    if not done:
        return None
    last = max(done, key=order)
    # a failure before a report with a time (the agents' "worker group finished") was
    # survived, even where the final state (sacct's COMPLETED) has no time to compare
    timed_end = max((f.ts for f in done if f.ts is not None), default=None)
    # an earlier attempt's failure was survived: a later attempt reports it finished
    if last.attempt is not None:
        roots = [f for f in roots if f.attempt is None or f.attempt >= last.attempt]
    # a line above a report of success in its own file came before it, stamped or not
    roots = [f for f in roots if not any(d.source == f.source and d.order > f.order for d in done)]
    if any(f.severity >= 3 and order(f) > order(last) for f in roots):
        return None  # it failed again after a success (another attempt, a later job step)
    # the scheduler's final word on the whole job (sacct's COMPLETED with exit code 0:0): no
    # event, timed or not, failed it
    final = any(_COMPLETED.search(f.text) for f in done)
    if not final and any(
        f.severity >= 4
        and (f.ts is None or (last.ts is None and (timed_end is None or f.ts >= timed_end)))
        for f in roots
    ):
        return None  # a serious failure whose time cannot be compared: not clean
    slow = straggler(context, homes, by_gpu)
    if slow is not None:
        return slow
    v = Verdict(
        Category.UNKNOWN,
        Layer.FRAMEWORK,
        None,
        Action.NONE,
        0.7,
        f"the job finished: {last.text}",
        primary=last,
    )
    v.why("all", "job_finished", f"{len(done)} report(s) that the job finished, none failed later")
    return v


_TIMED_OUT = {"nccl_watchdog_timeout", "gloo_timeout"}
"""Collectives that waited out their timeout: the job had hung, whatever ended it."""
STALLED_S = 1800.0
"""No iteration logged for this long before the time limit ended a job: it had hung."""
CANCEL_REACTION_S = 10.0
"""Slurm cancels a step within seconds of a task's death (``--kill-on-bad-exit``)."""
TEARDOWN_S = 600.0
"""How long a job's teardown lasts after its cancel (the grace before SIGKILL, an emergency
checkpoint): a failure later than that is no part of it."""


def _latest_attempt(
    ends: list[Finding], fs: Sequence[Finding], seen: Sequence[Finding]
) -> list[Finding]:
    """Of a requeued job the scheduler then ended, what its latest attempt saw (and of the
    bundle's own records, those since it began): the earlier attempts' failures were answered
    by the requeue, and the latest attempt ran on without them until the scheduler ended it."""
    latest = latest_attempt(seen)
    if latest is None:
        return list(fs)
    last, began = latest
    if not any(f.attempt in (None, last) for f in ends):
        return list(fs)  # an earlier attempt's end, answered by the requeue
    return [
        f
        for f in fs
        if f.attempt == last
        or (f.attempt is None and (began is None or f.ts is None or f.ts >= began))
    ]


def ended_by_scheduler(
    roots: list[Finding],
    context: list[Finding],
    homes: Mapping[int, str],
    symptoms: Sequence[Finding] = (),
    by_gpu: Mapping[str, range] | None = None,
) -> Verdict | None:
    """The job was cancelled (scancel), reached its time limit or was preempted for another
    job, and nothing failed before that (in its latest attempt, where it was requeued): the
    ranks' errors at the end are the teardown. A slowdown it suffered is still
    worth its verdict; a cancel after a real failure is the operator's response to it, and
    one after collectives timed out (a teardown never waits half an hour) ends a hang."""
    ends = [f for f in context if f.signature in JOB_ENDS]
    if not ends:
        return None
    seen = [*roots, *symptoms, *context]
    roots, symptoms = _latest_attempt(ends, roots, seen), _latest_attempt(ends, symptoms, seen)
    timed = [f.ts for f in ends if f.ts is not None]
    when = max(timed) if timed else None  # the job's end (an earlier job's cancel may show)
    if any(
        f.signature in _TIMED_OUT and (when is None or f.ts is None or f.ts <= when + TIME_SLACK_S)
        for f in symptoms
    ):
        return None
    # The teardown's own errors come after the cancel, as deaths (SIGTERM, aborts) and lost
    # peers; any other failure up to a few seconds after a cancel is what the job was
    # cancelled for. A time limit comes by the clock: what fails after it is its teardown
    # (a kernel killed mid-launch reports "unspecified launch failure").
    limit = any(f.signature in _BY_THE_CLOCK for f in ends)
    reaction = 0.0 if limit else CANCEL_REACTION_S
    ended = {f.attempt for f in ends}  # a requeued attempt's own failure is no teardown
    if any(
        f.severity >= 3
        and (
            when is None
            or f.ts is None
            or f.ts < when - TIME_SLACK_S
            or (f.signature not in GENERIC and f.ts <= when + reaction)
            # a loud failure is the teardown's only while the teardown lasts, and a node's
            # device fault is its own whenever it came
            or (
                f.severity >= 4
                and (f.category in NODE_HARDWARE or not when < f.ts <= when + TEARDOWN_S)
            )
            or (f.attempt is not None and None not in ended and f.attempt not in ended)
        )
        for f in roots
    ):
        return None
    slow = straggler(context, homes, by_gpu)
    if slow is not None:
        return slow
    p = min(ends, key=order)
    progress = [f.ts for f in context if f.signature == "step_time" and f.ts is not None]
    timed_out = any(f.signature == "job_time_limit" for f in ends)
    if timed_out and when is not None and progress and max(progress) < when - STALLED_S:
        # the iterations had stopped long before the time limit ended the job: it hung
        v = Verdict(
            Category.HANG,
            Layer.INFRASTRUCTURE,
            None,
            Action.RESTART,
            0.5,
            f"no iteration logged in the {(when - max(progress)) / 3600:.1f} h before the time "
            f"limit ended the job: it hung, with no error anywhere: {p.text[:160]}",
            primary=p,
        )
        v.why("all", "stalled_until_time_limit", "progress stopped long before the time limit")
        return v
    v = Verdict(
        Category.UNKNOWN,
        Layer.FRAMEWORK,
        None,
        Action.NONE,
        0.7,
        (
            "the job reached its time limit: resubmit it from the newest checkpoint: "
            if timed_out
            else "the job was preempted, nothing failed before: resubmit it: "
            if limit
            else "the job was cancelled, nothing failed before: "
        )
        + p.text[:160],
        primary=p,
    )
    v.why("all", "ended_by_scheduler", "no failure before the scheduler ended the job")
    return v


def _memory_everywhere(roots: list[Finding]) -> Verdict | None:
    """Host memory exhausted (the OOM killer, a failed allocation) on several nodes: the job's
    own memory use (workers, prefetch, an in-memory dataset), which follows it anywhere."""
    ooms = [f for f in roots if f.category is Category.OOM and f.action is not Action.STOP]
    nodes = {f.node for f in ooms if f.node}
    if len(nodes) < 2:
        return None
    p = min(ooms, key=order)
    v = Verdict(
        Category.OOM,
        Layer.FRAMEWORK,
        None,
        Action.STOP,
        0.75,
        f"out of host memory on {len(nodes)} nodes: the job's memory use, not a node; "
        f"first: {p.text[:160]} on {where(p)}",
        primary=p,
    )
    v.why("all", "memory_everywhere", f"OOM on {sorted(nodes)}: the configuration")
    return v


NODE_SETTINGS = frozenset({"shm_exhausted", "process_limit", "memlock_limit"})
"""A node's configuration that fails the job (its shared memory too small, its limit on
processes or on locked memory): one node's is that node's; every node's is the job's own
environment (its container's size, the job's own limits)."""


def same_error_everywhere(v: Verdict, roots: list[Finding], nodes: Collection[str]) -> None:
    """An application error that might be a part's (a CUDA fault, an exception that would
    restart once) on every node of the job in one attempt: parts do not fail everywhere at
    once, so it is the program (a kernel of its own, a step every rank takes): stop. A node
    setting that fails on every node is the job's environment: stop too."""
    p = v.primary
    setting = p is not None and p.signature in NODE_SETTINGS
    if (
        p is None
        or (v.category is not Category.USER_CODE and not setting)
        or (v.action is not Action.RESTART and not setting)
        or len(nodes) < 2
    ):
        return
    where_ = {
        f.node for f in roots if f.signature == p.signature and f.attempt == p.attempt and f.node
    }
    if not set(nodes) <= where_:
        return
    v.action, v.culprit = Action.STOP, None
    v.why("action, culprit", "same_error_everywhere", f"{p.signature} on all of {sorted(where_)}")
    if p.signature == "shm_exhausted":
        # every container's /dev/shm too small for what the job puts there (its loader's
        # batches, NCCL's buffers): the job's memory against the size its pods get
        v.category, v.layer = Category.OOM, Layer.FRAMEWORK
        v.why("category, layer", "shm_everywhere", "shared memory too small on every node")


def deterministic_is_the_scripts(v: Verdict) -> None:
    """An application error that will come back on any nodes (``stop``) is the script's to
    change, even where its traceback ends inside PyTorch: the script made the call (a CPU
    tensor to NCCL, a kernel given an out-of-range index) and only its owner can change it.
    The innermost frame still says where to look, in the evidence; framework stays the layer
    of an application error worth a restart (a transient failure inside the library)."""
    if v.category is Category.USER_CODE and v.action is Action.STOP and v.layer is Layer.FRAMEWORK:
        v.layer = Layer.SCRIPT
        v.why("layer", "deterministic_is_the_scripts", "an error to stop on: the script's to fix")


def fault_in_whose_code(v: Verdict, roots: list[Finding]) -> None:
    """An Xid that reports the application's own GPU fault (13, 31, 43) names no code; the
    node's ranks that raised the CUDA error say, through their tracebacks, whose kernel it was:
    the user's (script) or the framework's."""
    p = v.primary
    if p is None or p.signature != "xid_app_fault" or v.category is not Category.USER_CODE:
        return
    layers = {
        f.layer
        for f in roots
        if f.rank is not None
        and f.node == p.node
        and f.attempt == p.attempt
        and f.category is Category.USER_CODE
        and f.signature != "xid_app_fault"
    }
    if len(layers) == 1 and (layer := layers.pop()) is not v.layer:
        v.layer = layer
        v.why("layer", "fault_in_whose_code", f"the ranks' tracebacks on {p.node}: {layer.value}")


# "[Rank 3] Watchdog caught ..." and, since PyTorch 2.4, "[PG ID 0 PG GUID 0(default_pg) Rank 3]"
_WORK = re.compile(
    r"[\[ ]Rank (?P<rank>\d+)\][^\n]*?SeqNum=(?P<seq>\d+), OpType=(?P<op>\w+)"
    r"(?:, NumelIn=(?P<numel>\d+))?"
)


SIZE_APART = 16
"""Element counts this far apart in one operation at one SeqNum are different calls (a
1-element metric all-reduce under ``if rank == 0`` against DDP's 26M-element buckets); closer
counts are read as the same call (logs disagree on the bucket a rank reports)."""


def _labels(works: dict[int, tuple[int, str, int | None, Finding]], seq: int) -> dict[int, str]:
    """Each rank's call at ``seq``: its operation, told apart by element count where the
    ranks of one operation report exactly two counts ``SIZE_APART`` (one call is one count on
    every rank that made it; more counts than two say nothing about who made which)."""
    at = {r: w for r, w in works.items() if w[0] == seq}
    out = {r: op for r, (_, op, _, _) in at.items()}
    for op in set(out.values()):
        counts = Counter(n for _, o, n, _ in at.values() if o == op and n)
        if len(counts) != 2:
            continue
        (common, _), (other, _) = counts.most_common()
        if max(common, other) < SIZE_APART * min(common, other):
            continue
        for r, (_, o, n, _) in at.items():
            if o == op and n == other:
                out[r] = f"{op} of {n} elements"
    return out


_POINT_TO_POINT = {"SEND", "RECV", "RECVANYSOURCE"}
"""Pipeline stages' sends and receives pair up across ranks: different, and no mismatch."""


def mismatched_collectives(symptoms: list[Finding], roots: list[Finding]) -> Verdict | None:
    """Ranks that timed out at the same point of their process group's sequence (one SeqNum)
    inside different collectives: they called different operations there, a program bug (a
    collective under ``if rank == 0``, a branch that differs between ranks). NCCL's watchdog
    names each rank's operation; no hardware fault makes one rank gather while the rest reduce.
    Where TORCH_DISTRIBUTED_DEBUG=DETAIL raised the mismatch itself (in any attempt), that
    error is the verdict instead.
    """
    if any(f.signature == "collective_mismatch_raised" for f in roots):
        return None
    stacked = [f for f in roots if f.signature == "collective_mismatch_stacks"]
    if stacked:
        # the ranks' stack dumps show them waiting in different collectives
        p = stacked[0]
        v = Verdict(Category.HANG, Layer.SCRIPT, None, Action.STOP, 0.8, p.text, primary=p)
        v.why("all", "mismatched_collectives", "stack dumps: " + p.text[:120])
        return v
    by_attempt: dict[int | None, dict[int, tuple[int, str, int | None, Finding]]]
    by_attempt = defaultdict(dict)
    for f in sorted(symptoms, key=order):
        m = _WORK.search(f.text)
        if m is not None and m["op"].lstrip("_").upper() not in _POINT_TO_POINT:
            numel = int(m["numel"]) if m["numel"] else None
            work = (int(m["seq"]), m["op"].lstrip("_"), numel, f)
            by_attempt[f.attempt].setdefault(int(m["rank"]), work)
    # an attempt in which a rank failed of its own (an exception, an OOM, a GPU error): the
    # others were caught wherever they stood when it died (pipeline stages in different
    # collectives), not in a mismatch of their own
    caused = {
        f.attempt
        for f in roots
        if f.signature not in GENERIC
        and f.category not in (Category.HANG, Category.NETWORK, Category.UNKNOWN)
    }
    for attempt, works in sorted(by_attempt.items(), key=lambda kv: kv[0] or 0):
        if attempt in caused:
            continue
        seqs = Counter(w[0] for w in works.values())
        seq, n = seqs.most_common(1)[0]
        calls = _labels(works, seq)
        ops = Counter(calls.values())
        if n < 3 or len(ops) < 2:
            continue
        (usual, k), *odd = ops.most_common()
        odd_ranks = sorted(r for r, call in calls.items() if call != usual)
        if len(odd_ranks) >= k:
            continue  # no majority: nothing says which side is odd
        p = works[odd_ranks[0]][3]
        others = ", ".join(f"{op} on {c}" for op, c in odd)
        v = Verdict(
            Category.HANG,
            Layer.SCRIPT,
            None,
            Action.STOP,
            0.8,
            f"ranks called different collectives at the same point (SeqNum {seq}): {usual} on "
            f"{k} rank(s), {others} (ranks {odd_ranks[:8]}): a program bug, not the machines",
            primary=p,
        )
        v.why(
            "all",
            "mismatched_collectives",
            f"attempt {attempt}: NCCL's watchdog names {len(ops)} operations at SeqNum {seq}",
        )
        return v
    return None


HOLDS = ("foreign_lock",)
"""Node states that hold a rank where it is (a lock another process keeps): what a hang's
suspect waits for, read from the node's snapshots (a rank's own last words, "Killed" by the
launcher after the hang, are not)."""


def _hang_event(fs: list[Finding]) -> Verdict | None:
    hangs = [f for f in fs if f.signature == "hang_detected"]
    if not hangs:
        return None
    p = max(hangs, key=lambda f: (f.value or 0.0, order(f)))
    culprit = Culprit(p.node, p.rank) if p.rank is not None else None
    held = [
        f
        for f in fs
        if culprit
        and f.role is Role.ROOT
        and f.node == p.node
        and f.rank in (None, p.rank)
        and f.signature in HOLDS
    ]
    if held:
        # what holds the suspect on its node (a lock another process keeps, its disk) is the
        # hang's cause: that node's state, not a rank to examine
        h = max(held, key=lambda f: (f.severity, -order(f)[0]))
        v = Verdict(
            h.category, h.layer, culprit, h.action, 0.7, f"{h.category.value}: {h.text}", primary=h
        )
        v.why("all", "hang_held_on_node", f"the hang's suspect, rank {p.rank}: {h.text}")
        return v
    v = Verdict(
        Category.HANG,
        Layer.INFRASTRUCTURE,
        culprit,
        p.action if culprit else Action.RESTART,
        0.7 if culprit else 0.4,
        f"hang: {p.text}",
        primary=p,
    )
    v.why("all", "hang_detected", "no progress; suspect from stacks, states, flight recorder")
    if "its own GPU" in p.text and culprit:
        v.why(
            "action",
            "stuck_on_its_gpu",
            f"rank {p.rank} waits for its own GPU, with no hardware error seen: test {p.node}",
        )
    return v


def _silent_node_rebooted(
    symptoms: list[Finding], fs: list[Finding], all_nodes: Collection[str]
) -> Verdict | None:
    """The one node whose ranks never timed out, when its kernel log shows it booted again:
    alive before the others' first timeout, up again only later. The machine went down
    (power, a reset), which no rank of it could log: not a hang of its ranks."""
    waits = [f for f in symptoms if f.category in (Category.HANG, Category.NETWORK)]
    nodes = set(all_nodes) - {f.node for f in waits}
    stamped = [f.ts for f in waits if f.ts is not None and f.ts_exact]
    if len(nodes) != 1 or None in nodes or not stamped:
        return None
    node, complained = nodes.pop(), min(stamped)
    boots = [
        f
        for f in fs
        if f.signature == "boot_marker"
        and f.node == node
        and f.ts is not None
        and f.ts < complained
        and (f.value is None or f.value > complained - REBOOT_WINDOW_S)
    ]
    if not boots:
        return None
    p = min(waits, key=order)
    v = Verdict(
        Category.HOST,
        Layer.INFRASTRUCTURE,
        Culprit(node, None),
        Action.RESTART_WITHOUT_NODE,
        0.7,
        f"{node} went down: its ranks never timed out and its kernel log shows it booted again; "
        f"the others timed out waiting for it: {p.text[:160]}",
        primary=p,
    )
    v.support.append(boots[0])
    v.why("all", "silent_node_rebooted", f"{node}'s ranks went quiet and the node booted again")
    return v


_TIMEOUT_MS = re.compile(r"Timed out waiting (\d+) ?ms|Timeout\(ms\)=(\d+)")
BUSY_SHARE = 0.8
"""A progress bar that ran this share of the others' collective timeout had kept its rank
busy for about as long as they waited."""


def _busy_alone(waits: list[Finding], fs: list[Finding]) -> Verdict | None:
    """The ranks timed out in a collective while one node's process kept drawing a progress
    bar for about as long (rank 0 tokenizing, evaluating, saving on its own): it was working,
    not stuck. The program makes the others wait longer than its own timeout: stop."""
    limits = [int(m[1] or m[2]) / 1000 for f in waits if (m := _TIMEOUT_MS.search(f.text))]
    if not limits:
        return None
    limit = min(limits)
    bars = [f for f in fs if f.signature == "progress_bar" and (f.value or 0) >= BUSY_SHARE * limit]
    nodes = {f.node for f in bars}
    if len(nodes) != 1 or None in nodes or len({f.node for f in fs if f.node}) < 2:
        return None
    bar = max(bars, key=lambda f: f.value or 0.0)
    v = Verdict(
        Category.USER_CODE,
        Layer.SCRIPT,
        None,
        Action.STOP,
        0.6,
        f"the ranks waited {limit:.0f} s in a collective while {bar.node} worked on alone"
        f" ({bar.text}): the program keeps them waiting longer than its own timeout",
        primary=bar,
        support=waits[:2],
    )
    v.why(
        "all",
        "busy_alone",
        f"{bar.node}'s progress bar ran {bar.value:.0f} s; timeout {limit:.0f} s",
    )
    return v


def _silent_rank(
    symptoms: list[Finding], fs: list[Finding], nodes: Collection[str] = ()
) -> Verdict | None:
    waits = [f for f in symptoms if f.category in (Category.HANG, Category.NETWORK)]
    if not waits:
        return None
    busy = _busy_alone(waits, fs)
    if busy is not None:
        return busy
    known = {(f.node, f.rank) for f in fs if f.rank is not None}
    waiting = {(f.node, f.rank) for f in waits if f.rank is not None}
    # a rank is global: one that waits anywhere is not silent, wherever else its lines were
    # placed (an srun task prefix read as a rank, a console with no host)
    waited = {r for _, r in waiting}
    silent = sorted(
        {nr for nr in known - waiting if nr[1] not in waited},
        key=lambda nr: (nr[0] or "", nr[1] or 0),
    )
    if any(f.signature == "none_missing" for f in fs):
        silent = []  # the flight recorder's analysis saw every rank enter the collective
    p = min(waits, key=order)
    named = named_missing(waits)
    behind = behind_in_queue(fs) if not named else []
    # where the launch put each rank: read once, and only when some rank is to be placed
    placed = place_ranks(rank_homes(fs)) if behind or named else {}
    # the waiters' own line naming the missing rank(s)
    naming = min((f for f in waits if f.signature == "names_missing_rank"), key=order, default=p)
    if behind and (len(behind) == 1 or _one_home(behind, placed) is not None):
        rank_ = behind[0] if len(behind) == 1 else None
        node_ = placed.get(behind[0])
        return _stuck(
            Culprit(node_, rank_),
            0.7,
            f"rank(s) {behind[:8]}{' on ' + node_ if node_ else ''} never enqueued the "
            f"collective the others timed out in: {p.text[:160]}",
            p,
            ("never_enqueued", f"last enqueued work of rank(s) {behind[:8]} is behind"),
        )
    if len(named) == 1:
        rank = next(iter(named))
        homes = sorted({n for n, r in known if r == rank and n}, key=str)
        # its node where it logged, else the node whose block of ranks holds it
        node = homes[0] if len(homes) == 1 else placed.get(rank)
        # named, but with no error of its own to say why: suspicion, so test its node
        return _stuck(
            Culprit(node, rank),
            0.7,
            f"the waiting ranks name rank {rank}{' on ' + node if node else ''} as the one that "
            f"never arrived: {p.text[:160]}",
            naming,
            ("waiters_name_the_rank", f"monitored_barrier names rank {rank}"),
        )
    if len(named) > 1 and (home := _one_home(sorted(named), placed)) is not None:
        # Several ranks named (the flight recorder's "missing ranks"): one node holding all of
        # them is suspect, with no proof of what is wrong with it.
        return _stuck(
            Culprit(home, None),
            0.6,
            f"ranks {sorted(named)[:8]}, all on {home}, never reached the collective the "
            f"others wait in: {p.text[:160]}",
            naming,
            ("missing_ranks_on_one_node", f"{len(named)} ranks named, all on {home}"),
        )
    if len(silent) == 1 and waiting:
        node, rank = silent[0]
        return _stuck(
            Culprit(node, rank),
            0.6,
            f"{len(waiting)} rank(s) timed out waiting for {node} rank {rank}, "
            "which reported no error: it hung",
            p,
            ("silent_rank", f"every other rank timed out; {node} rank {rank} never did"),
        )
    # every rank failed to connect or lost its connections, none timed out in a collective,
    # or the transport failed on several nodes first and the collectives timed out after:
    # the network between them, not a hang
    first = [f for f in waits if f.ts is not None and p.ts is not None and f.ts <= p.ts + FIRST_S]
    lost = all(f.category is Category.NETWORK for f in waits) or (
        all(f.category is Category.NETWORK for f in first) and len({f.node for f in first}) >= 2
    )
    lost_on = {f.node for f in waits}
    quiet = ({f.node for f in fs if f.node} | set(nodes)) - lost_on
    if lost and len(lost_on) == 1 and None not in lost_on and len(quiet) >= 2:
        # only one node's ranks lost their connections, while two or more others logged no
        # such error: the path out of that node (its interface, its configuration)
        node = str(next(iter(lost_on)))
        v = Verdict(
            Category.NETWORK,
            Layer.INFRASTRUCTURE,
            Culprit(node, None),
            Action.RESTART_WITHOUT_NODE,
            0.5,
            f"only {node}'s ranks lost their connections ({len(waiting)} rank(s)); "
            f"{len(quiet)} other node(s) did not: {p.text}",
            primary=p,
        )
        v.why("all", "lost_on_one_node", f"connection errors on {node} only")
        return v
    v = Verdict(
        Category.NETWORK if lost else Category.HANG,
        Layer.INFRASTRUCTURE,
        None,
        Action.RESTART,
        0.35,
        f"{'connections lost' if lost else 'collective timeouts'} on {len(waiting)} rank(s) "
        f"and no root error: {p.text}",
        primary=p,
    )
    v.why("all", "timeouts_without_cause", "only sympathetic timeouts; escalate diagnostics")
    return v


FIRST_S = 60.0
"""What failed within this long of the first wait failed first, together."""


def _one_home(ranks: list[int], placed: Mapping[int, str]) -> str | None:
    """The one node that holds every rank in ``ranks``, or None (several, or unplaced)."""
    homes = {placed.get(r) for r in ranks}
    return str(homes.pop()) if len(homes) == 1 and None not in homes else None


def _stuck(
    culprit: Culprit, confidence: float, summary: str, primary: Finding, why: tuple[str, str]
) -> Verdict:
    """A hang pinned on ranks that never reached the collective: suspicion, so test them."""
    v = Verdict(
        Category.HANG,
        Layer.INFRASTRUCTURE,
        culprit,
        Action.RUN_DIAGNOSTICS,
        confidence,
        summary,
        primary=primary,
    )
    v.why("all", *why)
    return v


def _finish(v: Verdict, fs: list[Finding]) -> Diagnosis:
    ev: list[Finding] = []
    if v.primary is not None:
        ev.append(v.primary)
    ev += v.support
    rest = sorted((f for f in fs if f.role is not Role.META and f not in ev), key=order)
    # then what else failed; of the context, only what speaks to this kind of failure (a port
    # that is up, a server that answers, a step time say little about a crash)
    ev += [f for f in rest if f.role is Role.ROOT] + [f for f in rest if f.role is Role.SYMPTOM]
    ev += [
        f for f in rest if f.role is Role.CONTEXT and (f.severity >= 2 or f.category is v.category)
    ]
    seen: set[str] = set()
    evidence = []
    for f in ev:
        k = f"{f.source}:{f.text}"
        if k not in seen:
            seen.add(k)
            evidence.append(f.evidence())
        if len(evidence) >= MAX_EVIDENCE:
            break
    return Diagnosis(
        category=v.category,
        layer=v.layer,
        culprit=v.culprit,
        action=v.action,
        confidence=round(min(1.0, max(0.0, v.confidence)), 3),
        summary=v.summary.replace("\n", " ")[:300],
        evidence=tuple(evidence),
        explain=tuple(v.explain),
    )
