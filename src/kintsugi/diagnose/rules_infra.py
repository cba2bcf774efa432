"""Rules about the machines: hardware outranks software, shared services, one node unlike the
rest, who is behind an accused address, and errors behind one switch.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from pathlib import PurePath

from kintsugi.diagnose.extract import kernel_pid
from kintsugi.diagnose.findings import OWN_PACKAGE, Finding
from kintsugi.diagnose.ranks import named_missing, quiet_rank
from kintsugi.diagnose.rules_first import GENERIC
from kintsugi.diagnose.rules_left import stopped_apart
from kintsugi.diagnose.signatures import Role
from kintsugi.diagnose.timeline import parse_ts
from kintsugi.diagnose.verdict import GPU, HARDWARE, Verdict, order, rank_on_node, where
from kintsugi.events import Action, Category, Culprit, Layer


def network_switch(found: list[Finding], topology: Mapping[str, str]) -> Verdict | None:
    """Network errors on >= 2 nodes that all sit behind one switch, and no other root cause."""
    if not topology or any(
        f.category not in (Category.NETWORK, Category.HANG) and f.signature != "exit_code"
        for f in found
        if f.role is Role.ROOT
    ):
        return None
    comm = [f for f in found if f.category is Category.NETWORK]
    # Links that the nodes' own kernels saw go down say where the outage is; the peers'
    # complaints then spread to every node that talked to them, behind any switch.
    nodes = {f.node for f in comm if f.node and f.signature in NODE_LOCAL}
    if len(nodes) == 1:
        return None  # one node's own kernel saw its link go: that node (the hardware rule)
    if len(nodes) < 2 or len({topology.get(n) for n in nodes}) != 1:
        nodes = {f.node for f in comm if f.node and (f.role is Role.ROOT or f.severity >= 3)}
        nodes |= {f.peer for f in comm if f.peer}
    switches = {topology.get(n) for n in nodes if n}
    if len(nodes) < 2 or len(switches) != 1 or None in switches:
        return None
    sw = next(iter(switches))
    behind = sorted(n for n, s in topology.items() if s == sw)
    named = sorted(n for n in nodes if n)
    v = Verdict(
        Category.NETWORK,
        Layer.INFRASTRUCTURE,
        None,
        Action.RESTART,
        0.7,
        f"communication errors on {len(named)} nodes all behind switch {sw} "
        f"({', '.join(named)}): the network, not the nodes",
        primary=min(comm, key=order),
    )
    v.why("all", "errors_behind_one_switch", f"nodes {named} share switch {sw} (behind: {behind})")
    return v


def _gravest(f: Finding) -> tuple[int, float, int]:
    """The order of node-local evidence: the gravest first, then the earliest."""
    return (f.severity, -order(f)[0], -f.order)


def hardware(
    roots: list[Finding],
    symptoms: list[Finding],
    nodes: Collection[str],
    homes: Mapping[int, str] | None = None,
    context: Sequence[Finding] = (),
) -> Verdict | None:
    """Node-local infrastructure evidence (severity >= 4) explains software symptoms elsewhere,
    unless a shared service failed (its failures, or its mild signs in ``context``, on several
    nodes)."""
    hw = _recent(
        [f for f in roots if f.layer is Layer.INFRASTRUCTURE and f.severity >= 4], roots + symptoms
    )
    shared = shared_service(roots + [f for f in context if f.signature in SLOW_SHARED])
    if shared is not None and not any(f.category not in SHARED for f in hw):
        return shared
    if not hw:
        return None
    p = max(hw, key=_gravest)
    if p.signature == "xid_recovery_action":
        # Xid 154 states the recovery a fault needs; the fault itself (an ECC error, a GPU
        # off the bus) is another report of that node's GPU
        fault = [
            f for f in hw if f.node == p.node and f.category in GPU and f.signature != p.signature
        ]
        p = max(fault, key=_gravest, default=p)
    local = [f for f in hw if f.signature in NODE_LOCAL and f.severity >= p.severity]
    if (
        p.category is Category.NETWORK
        and p.signature not in NODE_LOCAL
        and len({f.node for f in local}) == 1
    ):
        # a node's own port evidence (a link down, its counters) over the network errors
        # the nodes report about each other, whenever it was read
        p = min(local, key=order)
    if p.category is Category.HOST and p.signature != "gpu_driver_not_loaded":
        # A PCIe or machine-check error beside a GPU's own report on the same node (an Xid
        # for the device that fell off the bus): the GPU is the more specific culprit. A GPU
        # driver that is not loaded is the cause of the GPU services failing after it. So too
        # a network adapter that failed on that node (its driver resetting the device the
        # PCIe error names).
        gpu = [f for f in hw if f.node == p.node and f.category in GPU and f.severity >= 4]
        nic = [
            f for f in hw if f.node == p.node and f.category is Category.NETWORK and f.severity >= 5
        ]
        if gpu or (nic and "AER" in p.text):
            p = max(gpu or nic, key=_gravest)
    if p.category is Category.STORAGE and p.detail.startswith("shared:"):
        mount = p.detail.removeprefix("shared:")
        return _shared_storage(
            p,
            [f for f in hw if f is not p and f.detail == p.detail],
            f"on the shared file system {mount}",
            ("shared_mount", f"{mount} is a network file system the nodes share"),
        )
    if p.signature == "enospc" and _QUOTA.search(p.text) and p.detail != "local":
        # a quota is kept on the shared file system: no node to blame, a human frees space
        return _shared_storage(
            p,
            [f for f in hw if f is not p and f.signature == p.signature],
            "a quota ran out",
            ("quota_exceeded", "a disk quota belongs to the shared file system"),
        )
    rank = p.rank
    # several ranks of the node hit it (its disk, its memory, its link): the node's resource,
    # not one rank's
    alike = {
        f.rank for f in hw if (f.node, f.signature, f.attempt) == (p.node, p.signature, p.attempt)
    }
    node_wide = p.category not in GPU and len(alike - {None}) > 1
    # the kernel's report names the process on the failed GPU (an Xid's pid=, by the
    # launcher's record of its workers): that process's rank, over the ranks whose
    # collectives carried the error out of it
    by_kernel = {
        f.rank
        for f in hw
        if f.node == p.node and f.category in GPU and f.rank is not None and kernel_pid(f.text)
    }
    if node_wide:
        rank = None
    elif p.category in GPU and len(by_kernel) == 1:
        rank = next(iter(by_kernel))
    elif rank is None and p.category in GPU:
        # The kernel names a GPU, not a process: the rank whose own CUDA error reports the
        # same kind of fault (an uncorrectable ECC or NVLink error) is the one on that GPU.
        own = [
            f
            for f in roots + symptoms
            if f.node == p.node and f.rank is not None and f.category in GPU and f is not p
        ]
        if own:
            # ranks move between attempts: the rank in the attempt of the kernel's report,
            # else in the latest attempt (the job's numbering now)
            rank = min(
                own, key=lambda f: (f.attempt != p.attempt, -(f.attempt or 0), order(f))
            ).rank
    if rank is None and not node_wide:
        rank = rank_on_node(p.node, roots)
    if rank is None and not node_wide:
        # no rank died of it: the one rank the waiters (or a heartbeat monitor, the flight
        # recorder) name as never arriving, where it ran on that node or its home is unknown
        named = {r for r in named_missing(symptoms) if (homes or {}).get(r, p.node) == p.node}
        rank = named.pop() if len(named) == 1 else None
    if rank is None and p.category in GPU:
        # else the one rank of that node that never timed out is on the GPU
        rank = quiet_rank(p.node, symptoms, homes or {})
    action = p.action
    if p.signature == "enospc" and len(nodes) > 1:
        # One node's disk among several nodes: its local storage, not the shared one.
        action = Action.RESTART_WITHOUT_NODE
    elif (
        p.category is Category.STORAGE
        and len(nodes) > 1
        and {f.node for f in hw if f.category is Category.STORAGE} == {p.node}
        and any(
            _CLIENT_LOST.search(f.text) or _LOCAL_DISK.search(f.text)
            for f in hw
            if f.node == p.node and f.category is Category.STORAGE
        )
    ):
        # A shared file system that lost one client (Lustre's eviction, an NFS server that
        # stopped answering it; said by any of its lines, the first is often only a failed
        # reconnect) while the other nodes kept it: that node's client or its link.
        # A disk that went read-only or failed its I/O on one node only (not a shared mount):
        # its own.
        action = Action.RESTART_WITHOUT_NODE
    others = [f for f in roots + symptoms if f.node != p.node or f.category != p.category]
    v = Verdict(
        p.category,
        p.layer,
        Culprit(p.node, rank),
        action,
        0.9,
        f"{p.category.value} on {p.node}: {p.text}",
        primary=p,
    )
    v.why(
        "category, culprit, action",
        "hardware_outranks_software",
        f"{p.signature} on {where(p)} (severity {p.severity}) explains "
        f"{len(others)} software symptom(s) on other ranks or nodes",
    )
    if action is not p.action:
        v.why("action", "local_storage", f"only {p.node} of {len(nodes)} nodes: exclude it")
    return v


def _shared_storage(p: Finding, alike: list[Finding], what: str, rule: tuple[str, str]) -> Verdict:
    """A storage error of a file system every node shares (mounted from its servers, or with
    the quota it keeps): the shared service, whichever node's rank hit it first; no node to
    exclude."""
    v = Verdict(
        Category.STORAGE,
        Layer.INFRASTRUCTURE,
        None,
        p.action,
        0.8,
        f"storage {what}: {p.text}",
        primary=p,
        support=alike[:3],
    )
    v.why("all", *rule)
    return v


PRE_JOB_S = 3600.0
"""A kernel event this long before the job's first log line predates the job (a prolog and a
node's boot fall within it)."""
HISTORY_S = 6 * 3600.0
"""A hardware event this long before the job's own failure lines is the node's history (a
cable reseated days ago), not the cause, when a more recent one exists."""


def _recent(hw: list[Finding], found: list[Finding]) -> list[Finding]:
    """``hw`` without the events long before the first failure of anything else (unless that
    would leave none), and without those that came after every other failure was over: a
    node that went down after the job had already failed did not fail it."""
    others = [f.ts for f in found if f not in hw and f.ts is not None and f.ts_exact]
    if not others:
        return hw
    start = min(others) - HISTORY_S
    recent = [f for f in hw if f.ts is None or f.ts >= start] or hw
    end = max(others) + AFTERMATH_S
    return [f for f in recent if f.ts is None or not f.ts_exact or f.ts <= end]


def without_history(
    roots: list[Finding],
    symptoms: list[Finding],
    job_start: Mapping[int | None, float] | None = None,
) -> list[Finding]:
    """``roots`` without hardware events long before everything else that failed, on nodes
    whose processes failed only in sympathy, or after everything else was over, when
    something else failed on its own: a row remapped two weeks ago is the node's history, a
    node that lost power after the job had ended did not end it. An event from before the
    job's own logs begin (``job_start``, by attempt) is history even where nothing else
    failed on its own (a slow or cancelled job on a node with a past)."""
    old = [
        f
        for f in roots
        if (
            (f.layer is Layer.INFRASTRUCTURE and f.category in HARDWARE)
            # the driver's report of an application's fault (Xid 13, 31, 43), the kernel's
            # OOM killer: another program's, or an earlier job's, when it is that old
            or f.signature in ("xid_app_fault", "oom_killer")
        )
        and f.category not in SHARED  # a shared service's errors are timed by their own rules
        and f.ts is not None
    ]
    rest = [f for f in roots + symptoms if f.ts is not None and f.ts_exact and f not in old]
    began = job_start or {}
    # (only a line that carries its own date, or a collector's before it: an uptime's mapping
    # to the clock may be off)
    before = [
        f
        for f in old
        if (t := began.get(f.attempt)) is not None
        and f.ts is not None
        and f.ts < t - PRE_JOB_S
        and parse_ts(f.stamp or f.text) is not None
    ]
    if not old or not (rest or before):
        return roots
    if not rest:
        rest = [max(old, key=lambda f: f.ts or 0.0)]
    start = min(f.ts for f in rest if f.ts is not None) - HISTORY_S
    end = max(f.ts for f in rest if f.ts is not None) + AFTERMATH_S
    stale = [f for f in old if f.ts is not None and f.ts < start]
    # and after everything else was over: a node that lost power once the job had ended
    late = [f for f in old if f.ts is not None and f.ts_exact and f.ts > end]
    causes = [
        f
        for f in roots
        if f not in stale and f not in before and f.severity >= 3 and f.signature not in GENERIC
    ]
    # a lasting condition from then (a DIMM mapped out at boot, a fabric manager that never
    # started) shows in its own node's failures now; history leaves its node only sympathy
    # (not a failure every node shows alike: that is the job's, not the node's past)
    now = [f for f in causes if f not in late]
    alike = {
        sig
        for sig in {f.signature for f in now}
        if len({f.node for f in now if f.signature == sig}) >= 2
    }
    lasting = {f.node for f in now if f.signature not in alike}
    gone = [f for f in stale if f.node not in lasting] + late
    causes = [f for f in causes if f not in late]
    if gone and causes:
        return [f for f in roots if f not in gone]
    # nothing else failed on its own: only what predates the job itself is its nodes' past
    early = [f for f in before if f.node not in lasting]
    return [f for f in roots if f not in early] if early else roots


SURVIVED_S = 300.0
"""Iterations logged this long after a hardware, storage or network event: the job outlived it."""


def outlived(roots: list[Finding], context: list[Finding]) -> list[Finding]:
    """``roots`` without the infrastructure events the job went on training after, in the
    same attempt: a file server that stopped answering for half a minute at 04:45 did not
    hang a job that logged iterations until 06:47 (a lasting fault shows again when the job
    fails)."""
    last: dict[int | None, float] = {}
    for f in context:
        if f.signature == "step_time" and f.ts is not None:
            last[f.attempt] = max(f.ts, last.get(f.attempt, f.ts))
    if not last:
        return roots
    # an attempt whose iterations slowed down: a shared service's errors it trained through
    # are what slowed it (storage throttling its reads), not a hiccup it shrugged off
    slowed = {
        f.attempt
        for f in context
        if f.signature == "step_slowdown" and (f.value or 0.0) >= OUTLIVED_SLOWDOWN
    }
    return [
        f
        for f in roots
        if not (
            f.layer is Layer.INFRASTRUCTURE
            and f.category in HARDWARE
            and not (f.category in SHARED and f.attempt in slowed)
            and f.ts is not None
            and f.ts_exact
            and f.attempt in last
            and f.ts < last[f.attempt] - SURVIVED_S
        )
    ]


OUTLIVED_SLOWDOWN = 1.5
"""Iterations this many times slower at the end than at the start: the job was slowed down."""


def slowed_past_a_fault(
    roots: list[Finding], symptoms: list[Finding], context: list[Finding]
) -> list[Finding]:
    """``roots`` without the driver's reports of a program's fault (Xid 13, 31, 43) where the
    job that logs them did not fail: no rank died, timed out or lost a peer, nothing else
    failed, and its iterations went on, slowed down. The process that faulted died of it (the
    driver kills its channel); the job's ranks lived on, so it was another program's (a
    health check's, an earlier job's), and what the bundle shows is a slowdown, for the
    straggler rules to weigh."""
    if symptoms or not roots or any(f.signature != "xid_app_fault" for f in roots):
        return roots
    slowed = any(
        f.signature == "step_slowdown" and (f.value or 0.0) >= OUTLIVED_SLOWDOWN for f in context
    )
    return [] if slowed else roots


AFTERMATH_S = 120.0
"""A hardware event this long after the last failure of anything else is not its cause."""


SHARED = (Category.STORAGE, Category.NETWORK)
NODE_LOCAL = {"nic_link_down", "ib_port_counters", "ib_port_error"}
"""Network signatures seen by the node's own kernel, not by a peer."""
SHARED_LOOKUPS = {"name_resolution_failed", "remote_service_unavailable"}
"""Requests every node makes of one shared service (name resolution, a proxy, a model hub)."""


SLOW_SHARED = frozenset({"storage_slow"})
"""Mild signs of a shared service (one slow reply), a failure of it only on several nodes."""


def shared_service(roots: list[Finding]) -> Verdict | None:
    """The same storage or network failure on several nodes: a shared service, no culprit."""
    for cat in SHARED:
        hit = [
            f
            for f in roots
            if f.category is cat
            and f.layer is Layer.INFRASTRUCTURE
            and (f.severity >= 3 or f.signature in SLOW_SHARED)
        ]
        spread = {f.node for f in hit if f.node}
        # a lookup every node makes of one service (the cluster DNS) failing on several
        # nodes is that service, however mild each line reads
        lookups = {f.node for f in hit if f.signature in SHARED_LOOKUPS}
        if len(spread) < 2 or (
            cat is Category.NETWORK and max(f.severity for f in hit) < 4 and len(lookups) < 2
        ):
            continue
        # A link that went down on one node only is that node's, whoever else saw errors.
        local = {f.node for f in hit if f.signature in NODE_LOCAL}
        if len(local) == 1:
            continue
        # A full, over-quota or refused store waits for a person, whatever passing errors
        # (a lost connection, a slow reply) came with it; anything else passes.
        final = [f for f in hit if f.action is Action.STOP]
        p = min(final or hit, key=order)
        # The network failing on several nodes at once (a switch, the fabric) is restart too:
        # no node's checks would find it, and elastic re-forms once the fabric is back.
        action: Action = Action.STOP if final else Action.RESTART
        v = Verdict(
            cat,
            Layer.INFRASTRUCTURE,
            None,
            action,
            0.7,
            f"{cat.value} failure seen on {len(spread)} nodes (a shared service): {p.text}",
            primary=p,
        )
        v.why("all", "shared_service", f"{cat.value} errors on {sorted(map(str, spread))}")
        return v
    return None


_QUOTA = re.compile(r"(?i)Disk quota exceeded|Errno 122|EDQUOT|\brc = -122\b")
"""A quota (a user's or project's on a shared file system), not one node's disk."""
_LOCAL_DISK = re.compile(
    r"Read-only file system|blk_update_request|Buffer I/O error|I/O error, dev \w+|EXT4-fs error"
)
_CLIENT_LOST = re.compile(
    r"(?i)\bclient was evicted\b|\bevicted by\b|\bnfs: server \S+ not responding"
)
"""A shared file system's server lost to one client (Lustre's eviction, an NFS server that
stops answering one node): while the other nodes keep it, that node's client or its link."""


def _echoes(env: list[Finding]) -> set[str | None]:
    """Nodes that only repeat another node's error, later: a driver or launcher re-raising
    what its workers hit (Ray's driver, a head pod) in its own log, after the lines where its
    workers' prefixes placed the error on the node where it happened."""

    def earlier(a: Finding, b: Finding) -> bool:
        if a.source == b.source:
            return a.order < b.order
        if a.ts is None and b.ts is not None:
            return True  # a worker's untimed error file: the driver's copy came after it
        return a.ts is not None and b.ts is not None and a.ts_exact and b.ts_exact and a.ts < b.ts

    nodes = {f.node for f in env}
    return {
        n
        for n in nodes
        # a driver's re-raise: in its own node's file, unprefixed, naming no rank
        if all(f.rank is None and n in PurePath(f.source).parts[:-1] for f in env if f.node == n)
        and any(
            all(
                _WRAPPED.search(f.text)
                or any(earlier(g, f) for g in env if g.node == o and g.text == f.text)
                for f in env
                if f.node == n
            )
            and any(not _WRAPPED.search(f.text) for f in env if f.node == n)
            for o in nodes - {n}
        )
    }


# Ray's driver wrapping a remote task's error: "ray.exceptions.RayTaskError(ImportError): ..."
_WRAPPED = re.compile(r"\bRayTaskError\(")


LONE_AGAINST = 3
"""How many nodes must agree before the one that differs is the odd one out, not a split."""


def mixed_nccl(
    context: list[Finding], failed: list[Finding], nodes: Collection[str] = ()
) -> Verdict | None:
    """NCCL failed while the nodes loaded different NCCL versions, or chose different network
    transports (Socket on one node where the rest use IB or a plugin: its plugin or driver is
    missing). NCCL and its plugins come with the job's software (its wheel, its image): one
    node unlike three or more others runs a stale image or environment of its own (exclude
    it); otherwise the job's images differ (a launcher and workers on different tags): align
    them. Stop: a restart loads the same ones."""
    # NCCL's "invalid usage" too: a peer on another NCCL version speaks another protocol
    comm = [
        f
        for f in failed
        if f.category in (Category.NETWORK, Category.HANG) or f.signature == "nccl_invalid_usage"
    ]
    if not comm:
        return None
    for signature, what, rule in (
        ("nccl_version", "NCCL", "mixed_nccl_versions"),
        ("nccl_network", "NCCL's network", "mixed_nccl_networks"),
    ):
        by_node: dict[str, set[str]] = {}
        for f in context:
            if f.signature == signature and f.node and f.detail and (not nodes or f.node in nodes):
                by_node.setdefault(f.node, set()).add(f.detail)
        seen = Counter(v for vs in by_node.values() for v in vs)
        if len(seen) < 2 or any(len(vs) > 1 for vs in by_node.values()):
            continue
        (common, n), *_ = seen.most_common()
        odd = sorted(node for node, vs in by_node.items() if common not in vs)
        lone = len(odd) == 1 and n >= LONE_AGAINST
        p = min(comm, key=order)
        v = Verdict(
            Category.DEPENDENCY,
            Layer.INFRASTRUCTURE if lone else Layer.FRAMEWORK,
            Culprit(odd[0], None) if lone else None,
            Action.RESTART_WITHOUT_NODE if lone else Action.STOP,
            0.7,
            f"{what} {', '.join(sorted(seen))} on different nodes"
            f"{f' ({odd[0]} alone on its own)' if lone else ''}: {p.text[:160]}",
            primary=p,
        )
        v.why("all", rule, f"by node: {dict(sorted(by_node.items()))}")
        return v
    return None


def environment(roots: list[Finding], nodes: Collection[str]) -> Verdict | None:
    """An environment error (library, driver, import) on one node while the others ran: the
    node's image or driver."""
    env = [f for f in roots if f.category is Category.DEPENDENCY]
    bad = {f.node for f in env if f.node} - _echoes(env)
    env = [f for f in env if f.node in bad]
    if not env or len(nodes) < 2 or len(bad) != 1 or set(nodes) <= bad:
        return None
    node = next(iter(bad))
    p = min(env, key=order)
    # the node's image or driver: every rank of it, no one GPU, where several of its ranks
    # failed; where one rank ran there (or one alone failed), that rank
    failed = {f.rank for f in roots if f.node == node and f.rank is not None}
    v = Verdict(
        Category.DEPENDENCY,
        Layer.INFRASTRUCTURE,
        Culprit(node, failed.pop() if len(failed) == 1 else None),
        Action.RESTART_WITHOUT_NODE,
        0.8,
        f"environment error on {node} only ({len(nodes) - 1} other node(s) ran): {p.text}",
        primary=p,
    )
    v.why(
        "all",
        "one_node_unlike_the_rest",
        f"{p.signature} on {node} and on none of {sorted(set(nodes) - bad)}: that node's image",
    )
    return v


SETUP_CONFIG = {"nccl_no_interface"}
"""Set-up checks a process makes on its own node at start: on one node that node's set-up,
on every node the job's launch configuration (``NCCL_SOCKET_IFNAME`` naming no interface)."""


_IMPORTED_FROM = re.compile(r"cannot import name \S+ from \S+ \((/[^)]+)\)")
"""Python's ImportError names the file of the module it looked in."""
_INSTALLED = re.compile(r"/(?:site|dist)-packages/|/lib/python\d")
"""An installed library's file, not a checkout of the user's own."""


def setup_everywhere(roots: list[Finding], rank_nodes: Collection[str]) -> Verdict | None:
    """The same set-up error (a library, the driver, an import; NCCL finding no interface to
    use) on every node that ran ranks: the job's image or launch configuration, which no node
    exclusion fixes: stop. It outranks one node's hardware event: a check each process makes
    at its start does not fail everywhere because one node broke."""
    setup = [
        f
        for f in roots
        if f.node and (f.category is Category.DEPENDENCY or f.signature in SETUP_CONFIG)
    ]
    echoes = _echoes(setup)  # a driver re-raising its workers' error is no node of its own
    by_sig: dict[str, list[Finding]] = {}
    for f in setup:
        if f.node not in echoes:
            by_sig.setdefault(f.signature, []).append(f)
    # the nodes that ran processes: ranks seen there, or a process's own set-up error
    ran = set(rank_nodes) | {f.node for fs in by_sig.values() for f in fs if f.node}
    rank_nodes = ran - {n for n in echoes if n}
    if len(rank_nodes) < 2:
        return None
    everywhere = [fs for fs in by_sig.values() if set(rank_nodes) <= {f.node for f in fs}]
    if not everywhere:
        return None
    p = min((f for fs in everywhere for f in fs), key=order)
    if p.signature in SETUP_CONFIG:
        category, layer = Category.USER_CODE, Layer.SCRIPT
    elif p.detail == OWN_PACKAGE or (
        (own := _IMPORTED_FROM.search(p.text)) is not None and not _INSTALLED.search(own[1])
    ):
        # a name the user's own package no longer exports (``cannot import name 'X' from
        # 'acme.data' (/home/jdoe/acme/src/acme/data/__init__.py)``): the script's, not the image's
        category, layer = Category.DEPENDENCY, Layer.SCRIPT
    else:
        # a library missing or mismatched in the image every node runs: the framework's layer
        # (Acme's), whichever frame imported it; blind authors of sets 6, 13 and 15 agree
        category, layer = Category.DEPENDENCY, Layer.FRAMEWORK
    v = Verdict(
        category,
        layer,
        None,
        Action.STOP,
        0.85,
        f"the same set-up error on all {len(rank_nodes)} nodes that ran ranks: the job's "
        f"image or configuration, not a node: {p.text[:200]}",
        primary=p,
    )
    v.why("all", "setup_everywhere", f"{p.signature} on every node of {sorted(rank_nodes)[:6]}")
    return v


_LINK_WORD = re.compile(r"(?i)\b(?:(?:nic )?link|cable (?:un)?plugged)\b")
_STAMP = re.compile(r"^(?:\[[^\]]*\]\s*|\w{3} [ \d]\d \d\d:\d\d:\d\d \S+ kernel:\s*)")


# NCCL's report of its port's events: "h-102:27674:27804 [2] NCCL WARN NET/IB : Got async event :
# port error", then "... NCCL INFO NET/IB : mlx5_6:1 Got async event : port active"
_ASYNC_EVENT = re.compile(r"(?P<who>\S+ \[\d+\]) NCCL \w+ NET/IB : (?P<dev>\S+ )?Got async event")
_PCI_FUNCTION = re.compile(r"\b[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.\d\b")


def _port(f: Finding) -> str:
    """The port a link line is about: the adapter's PCI function where the line names one
    (mlx5 gives each port its own: its module events and its link lines name the same), else
    its text before the word "link", without the stamp."""
    if (pci := _PCI_FUNCTION.search(f.text)) is not None:
        return pci[0].lower()
    if (nccl := _ASYNC_EVENT.search(f.text)) is not None:
        return f"{nccl['who']} {nccl['dev'] or ''}".strip()  # NCCL's process and its device
    return _STAMP.sub("", _LINK_WORD.split(f.text, maxsplit=1)[0]).strip()


def _back_up(down: Finding, ups: list[Finding]) -> list[Finding]:
    """The ``link_up`` lines of the same node and port seen after ``down``: it came back."""
    return [u for u in ups if u.node == down.node and _port(u) == _port(down) and _after(u, down)]


def _after(up: Finding, down: Finding) -> bool:
    """Whether ``up`` was seen after ``down`` (a snapshot without a time was taken after; of
    two lines of one log with the same time, the later line)."""
    same_time = up.ts == down.ts and up.source == down.source
    if up.ts is not None and down.ts is not None and not same_time:
        return up.ts > down.ts
    return up.ts is None if up.source != down.source else up.order > down.order


_NFS_SERVER = re.compile(r"nfs: server (\S+) (?:not responding|OK)")


def nfs_recovered(
    roots: list[Finding], symptoms: list[Finding], fs: list[Finding]
) -> list[Finding]:
    """``roots`` without the NFS servers that stopped answering and answered again (the
    client's ``nfs: server X OK``): a hiccup that was over before anything else failed, or,
    where the other failures have no time, one they do not look like (no storage error, no
    hang: what a server that stops answering causes)."""
    oks = [
        (f, m[1])
        for f in fs
        if f.signature == "nfs_server_ok" and (m := _NFS_SERVER.search(f.text))
    ]
    if not oks:
        return roots
    rest = [f for f in roots + symptoms if not _NFS_SERVER.search(f.text)]
    timed = [f.ts for f in rest if f.ts is not None and f.ts_exact]
    first = min(timed) if timed else None
    alike = any(f.category in (Category.STORAGE, Category.HANG) for f in rest)

    def over(f: Finding) -> bool:
        m = _NFS_SERVER.search(f.text)
        if m is None or "not responding" not in f.text or f.ts is None:
            return False
        back = [o.ts for o, server in oks if o.node == f.node and server == m[1] and o.ts]
        after = [t for t in back if t > f.ts]
        if not after:
            return False
        return min(after) < first if first is not None else not alike

    return [f for f in roots if not over(f)]


# How long a collective had waited when its rank gave up: NCCL's "ran for 600013
# milliseconds", its "Timeout(ms)=600000", gloo's "Timed out waiting 1800000ms"
_WAITED_MS = re.compile(r"\b(?:ran for|Timeout\(ms\)=|waiting) ?(\d{3,})\s?(?:ms|milliseconds)?\b")


def _waiting_since(f: Finding) -> float | None:
    """When a lost peer's or timed-out rank's wait began (its time, less what it waited)."""
    if f.ts is None:
        return None
    waited = [int(m[1]) for m in _WAITED_MS.finditer(f.text)]
    return f.ts - max(waited) / 1000.0 if waited else f.ts


def ridden_out(roots: list[Finding], symptoms: list[Finding], fs: list[Finding]) -> list[Finding]:
    """``roots`` without the node's own link flaps, when no rank reported a communication
    error: a port that went down and came back (a later ``Link up``, an ``ibstat`` snapshot
    with ``State: Active``) while no rank lost a peer or timed out did not fail the job (an
    error every rank raised in its own code did); what it left behind (a port that came back
    at half its rate) is a slowdown, for the straggler rules to weigh. Where ranks did lose
    peers, a flap that was back up well before the first of them began to wait (its time less
    the timeout it waited out) is left out too: a cable reseated two days before a hang."""
    flaps = [f for f in roots if f.signature in NODE_LOCAL]
    if not flaps:
        return roots
    rest = [f for f in roots + symptoms if f.signature not in NODE_LOCAL]
    ups = [f for f in fs if f.signature == "link_up"]
    lost = [_waiting_since(f) for f in rest if f.category in (Category.NETWORK, Category.HANG)]
    if lost:
        # ranks did lose peers: only a flap that was over well before the first loss (a port
        # that came back hours, or days, before) is left out; it did not hang them then
        first = min((t for t in lost if t is not None), default=None)
        if first is None:
            return roots
        over = [
            d
            for d in flaps
            if any(u.ts is not None and u.ts < first - SURVIVED_S for u in _back_up(d, ups))
        ]
        return [f for f in roots if f not in over]
    # (a port's error counters are what a flap leaves behind, not a flap that stayed down)
    downs = [d for d in flaps if d.signature == "nic_link_down"] or flaps
    if all(_back_up(d, ups) for d in downs):
        return [f for f in roots if f.signature not in NODE_LOCAL]
    return roots


def fabric_recovered(v: Verdict, fs: list[Finding]) -> None:
    """A network failure of no single node whose links are up again: restart, no diagnostics.

    Every port that went down came back (``Link down`` then ``Link up``), and every node the
    others accused shows its ports up after the failure (a later ``Link up``, an ``ibstat``
    snapshot with ``State: Active``): a flap of the fabric that is over, not a sick part.
    """
    if v.category is not Category.NETWORK or v.culprit is not None:
        return
    if v.action is not Action.RUN_DIAGNOSTICS:
        return
    ups = [f for f in fs if f.signature == "link_up"]
    downs = [f for f in fs if f.signature in NODE_LOCAL]
    failed = min(
        (f.ts for f in fs if f.role is not Role.CONTEXT and f.ts is not None), default=None
    )
    # a port that was up before anything failed (at boot) says nothing about after
    ups = [u for u in ups if u.ts is None or failed is None or u.ts >= failed]
    back = all(
        any(u.node == d.node and _port(u) == _port(d) and _after(u, d) for u in ups) for d in downs
    )
    # a node whose own port went down blames its peers for its own loss: no evidence on them
    cut = {d.node for d in downs}
    accused = {f.peer for f in fs if f.peer and f.peer != f.node and f.node not in cut}
    if not ups or not back or not accused <= {u.node for u in ups} | cut:
        return
    v.action = Action.RESTART
    v.why(
        "action",
        "fabric_recovered",
        f"{len(downs)} port(s) that went down came back and the accused nodes' ports are up",
    )


SILENT_BEFORE_S = 1.0
"""How long before its peers' first complaint a node's logs must end to count as gone."""
REBOOT_WINDOW_S = 3600.0
"""A boot that ended this long before the peers' first complaint can have caused it (NCCL's
watchdog fires after 10 to 30 minutes)."""
SILENT_QUIET_S = 10.0
"""Without a time for the complaint: how long before every other node it must go quiet."""


_CLOSED = re.compile(r"(?i)(?:closed|reset) by (?:remote )?peer")
_NODE_FACTS = {"rank_log", "rank_home", "rank_host", "gpu_model", "gpu_count", "gpu_processes",
               "gpu_bus"}  # fmt: skip
"""Findings that describe a node rather than report anything it said about a failure."""


def gone_silent(
    symptoms: list[Finding],
    fs: list[Finding],
    nodes: Collection[str],
    app_seen: Mapping[tuple[int | None, str], float],
) -> Verdict | None:
    """The one node that said nothing at all, not even its launcher's report, and whose every
    application log ends before the others lost their peers: the machine went away (power,
    kernel, a preempted host). A hung rank's node still reports (its launcher's SIGTERM, a
    timeout); a node with no application log here says nothing either way.

    Args:
        app_seen: (attempt, node) -> the newest time in its application logs.
    """
    waits = [f for f in symptoms if f.category in (Category.HANG, Category.NETWORK, Category.HOST)]
    attempts = {f.attempt for f in waits}
    if len(attempts) > 1 and None not in attempts:
        # the first attempt the peers complained in (a restart after that waited for the
        # node that never came back: the same loss)
        first = min(a for a in attempts if a is not None)
        waits = [f for f in waits if f.attempt == first]
        attempts = {first}
    # a stamp borrowed from an earlier line is a lower bound: the complaint came no sooner
    stamped = [f.ts for f in waits if f.ts is not None]
    if not stamped or len(attempts) != 1:
        return None
    attempt = attempts.pop()
    earliest = min(waits, key=lambda f: f.ts if f.ts is not None else float("inf"))
    # the first complaint whose stamp is its own; a borrowed one is only a lower bound
    exact = [f.ts for f in waits if f.ts is not None and f.ts_exact]
    complaint = min(exact) if exact else min(stamped)
    margin = SILENT_BEFORE_S
    if _CLOSED.search(earliest.text):
        # a connection the peer's kernel closed is seen at once (its processes died with
        # it), in the same second as the node's last line, or later than a borrowed stamp
        margin = 0.0 if exact else -SILENT_BEFORE_S
    # an error, a complaint or its launcher's report; not a fact about it (where its ranks
    # ran, how many GPUs it has)
    spoke = {
        f.node
        for f in fs
        if f.role in (Role.ROOT, Role.SYMPTOM, Role.META) and f.signature not in _NODE_FACTS
    }
    quiet = [
        n
        for n in nodes
        if n not in spoke
        and (heard := app_seen.get((attempt, n))) is not None
        and heard < complaint - margin
    ]
    if len(quiet) != 1 or len(nodes) < 2:
        return None
    node = quiet[0]
    p = min(waits, key=order)
    left = [f for f in fs if f.signature == "left_training" and f.node == node]
    if left and left[-1].attempt == attempt:
        # it said it stopped training before its peers lost it: it left, it did not go down
        v = stopped_apart(f"{node}'s rank(s)", left[-1], p)
        v.why("all", "left_early", f"{node} said it stopped before its peers lost it")
        return v
    v = Verdict(
        Category.HOST,
        Layer.INFRASTRUCTURE,
        Culprit(node, None),
        Action.RESTART_WITHOUT_NODE,
        0.6,
        f"{node} went silent before its peers lost it (its logs end with no error and no "
        f"report of its launcher): the node went down; {p.text[:160]}",
        primary=p,
    )
    v.why("all", "node_went_silent", f"every log of {node} ends before the first loss")
    return v


def accused(
    symptoms: list[Finding],
    nodes: Collection[str],
    last_seen: Mapping[tuple[int | None, str], float],
    context: Collection[Finding] = (),
) -> Verdict | None:
    """Peers' network errors that name one node's address: that node, when nothing else failed.

    A node whose every log ends before its peers lost it went down (power, kernel, the
    machine itself): ``host``. One that kept logging lost the network: ``network``.
    """
    acc = [f for f in symptoms if f.peer and f.peer != f.node]
    if not acc:
        return None
    # one vote per accusing node: eight ranks of one node repeating it are one witness
    votes = Counter(peer for peer, _ in {(f.peer, f.node) for f in acc})
    (target, n), *rest = votes.most_common()
    accusers = {f.node for f in acc if f.peer == target}
    if rest and n < 2 * rest[0][1]:
        # the fabric between them (a switch, its routes, a flap across it): no node to leave
        # out, and a restart gets routes that work (a lasting fault shows again)
        v = Verdict(
            Category.NETWORK,
            Layer.INFRASTRUCTURE,
            None,
            Action.RESTART,
            0.5,
            f"peers blame {len(votes)} different nodes ({', '.join(sorted(map(str, votes)))}): "
            "the network between them, not one node",
            primary=min(acc, key=order),
        )
        v.why("all", "accusations_spread", f"accused: {dict(votes)}")
        return v
    p = min((f for f in acc if f.peer == target), key=order)
    # NCCL's transports (IB verbs, its sockets) failing toward a node are the network path;
    # a plain lost connection (gloo, a Python socket) means the peer's process or host died.
    fabric = p.signature.startswith(("nccl", "ib", "net")) or "NCCL" in p.text or "NET/" in p.text
    category = Category.NETWORK if fabric else Category.HOST
    heard = last_seen.get((p.attempt, str(target)))
    # The peers' first complaint with a time (NCCL's own lines carry none; a watchdog's do).
    stamped = [f.ts for f in symptoms if f.node in accusers and f.ts is not None]
    # Lines without a time of their own (NCCL's) carry the last stamp before them, a lower
    # bound: where the peers' complaints have times of their own, those say when they came.
    exact = [f.ts for f in symptoms if f.node in accusers and f.ts is not None and f.ts_exact]
    complained = min(exact or stamped) if stamped else None
    others = [t for (a, n), t in last_seen.items() if a == p.attempt and n != target]
    if stamped:
        gone = heard is not None and heard < min(stamped) - SILENT_BEFORE_S
        # Its journal goes on in a new boot: what it logged after rebooting does not count,
        # the previous boot ended shortly before its peers lost it.
        gone = gone or any(
            f.signature == "boot_marker"
            and f.node == target
            and f.ts is not None
            and complained is not None
            and complained - REBOOT_WINDOW_S < f.ts < complained - SILENT_BEFORE_S
            for f in context
        )
    else:  # no time for the loss: it went quiet well before every other node did
        gone = heard is not None and bool(others) and heard < min(others) - SILENT_QUIET_S
    v = Verdict(
        category,
        Layer.INFRASTRUCTURE,
        Culprit(target, None),
        Action.RESTART_WITHOUT_NODE,
        0.7,
        f"{len(accusers)} node(s) lost their connection to {target} and nothing else failed: "
        f"{p.text}",
        primary=p,
    )
    v.why(
        "all",
        "who_is_behind_the_address",
        f"{sorted(map(str, accusers))} name {target}'s address; it logged no cause of its own",
    )
    own = [f for f in symptoms if f.node == target and f.signature in NODE_LOCAL]
    if own and complained is not None:
        # what its kernel logged before its peers lost it, not what followed the loss
        own = [f for f in own if f.ts is None or f.ts <= complained + SILENT_BEFORE_S]
    if gone and not own:
        v.category = Category.HOST
        v.summary = (
            f"{target} went silent before its peers lost it (its logs end with no error): "
            f"the node went down; {v.summary}"
        )
        v.why("category", "node_went_silent", f"every log of {target} ends before the first loss")
    elif own:
        # Its own kernel saw its link go down (a cable, a module, the adapter): proof enough,
        # whatever it reported toward its peers afterwards, and the reason its peers heard
        # nothing more from it (its logs may end early: the job on it waited on a dead link).
        first_own = min(own, key=order)
        v.category = Category.NETWORK
        v.support.append(first_own)
        v.why("action", "accused_link_down", f"{target}'s own kernel: {first_own.text[:120]}")
    elif fabric and target and _answers_back(symptoms, str(target), accusers):
        # It kept logging and reports the same transport errors toward its accusers: the
        # path between them is as suspect as the node. Test its links before excluding it.
        v.action, v.confidence = Action.RUN_DIAGNOSTICS, 0.55
        v.why(
            "action",
            "accused_without_proof",
            f"{target} kept logging and saw the same errors toward its peers; nothing on it "
            "proves a fault of its own",
        )
    return v


def _answers_back(symptoms: list[Finding], target: str, accusers: Collection[str | None]) -> bool:
    """Whether ``target`` itself logged network errors naming one of its accusers."""
    return any(f.node == target and f.peer and f.peer in accusers for f in symptoms)
