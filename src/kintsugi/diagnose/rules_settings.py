"""A job its own settings slow down: a variable left over from debugging that every rank
reads, so every rank runs equally slow and no node stands out.

Two are told by the libraries themselves, so the bundle proves the job ran with them:
``NCCL_IB_DISABLE=1`` (NCCL logs ``NCCL_IB_DISABLE set by environment to 1.`` and falls back
to TCP sockets; it slows a job only where the nodes have an RDMA fabric NCCL could have used,
so an active InfiniBand or RoCE port must be in the bundle too) and
``TORCH_DISTRIBUTED_DEBUG=DETAIL`` (c10d logs ``The debug level is set to DETAIL.`` and checks
every collective's consistency across ranks before it runs). ``NCCL_P2P_DISABLE=1``, a fix for
workstation hangs copied into cluster jobs, sends every transfer between a node's GPUs
through host memory; NCCL logs it too. Where only one node's ranks report an NCCL setting, it
is that node's configuration, not the job's (``rules_mod._throttled``).
"""

from __future__ import annotations

import re

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.verdict import Verdict, order, where
from kintsugi.events import Action, Category, Layer

FABRIC_OFF = "nccl_fabric_off"
"""The signature of NCCL told to leave the RDMA fabric (builtin.toml)."""
P2P_OFF = "nccl_p2p_off"
"""The signature of NCCL told not to use peer-to-peer between a node's GPUs (builtin.toml)."""
NODE_SETTINGS = frozenset({FABRIC_OFF, P2P_OFF})
"""NCCL settings a node's own configuration can carry too (its /etc/nccl.conf): the job's where
every node's ranks report them, that node's where only its ranks do."""
DEBUG_DETAIL = "distributed_debug_detail"
"""The signature of c10d's DETAIL debug level (builtin.toml)."""
ANOMALY = "anomaly_detection_on"
"""The signature of autograd's anomaly detection, on (builtin.toml)."""
LAUNCH_BLOCKING = "launch_blocking_on"
"""The signature of CUDA_LAUNCH_BLOCKING=1 in the job's environment (builtin.toml)."""
_WHAT = {
    FABRIC_OFF: "NCCL was told to leave the RDMA fabric (NCCL_IB_DISABLE=1 or NCCL_NET=Socket) "
    "and sends over TCP sockets, though the nodes have an active InfiniBand/RoCE port",
    DEBUG_DETAIL: "TORCH_DISTRIBUTED_DEBUG=DETAIL checks every collective across the ranks",
    ANOMALY: "autograd anomaly detection checks every backward op and keeps its traceback",
    LAUNCH_BLOCKING: "CUDA_LAUNCH_BLOCKING=1 makes every kernel launch wait for the one before",
    P2P_OFF: "NCCL was told not to use NVLink or PCIe peer-to-peer (NCCL_P2P_DISABLE=1), so "
    "every transfer inside a node goes through host memory",
}
_RUNNING = frozenset({"step_time", "step_slowdown", "compute_time", "comm_wait"})
"""Timings: the job trained, with these settings, long enough to time its iterations."""
_RDMA_UP = re.compile(r"State:\s*Active|PORT_ACTIVE|mlx5|NET/IB")
"""A ``link_up`` of an RDMA port (ibstat, ibv_devinfo, the mlx5 driver, NCCL's IB transport),
not an Ethernet NIC's."""


def node_own_settings(context: list[Finding]) -> list[Finding]:
    """An NCCL setting only one node's ranks report, in an attempt where other nodes' ranks
    logged NCCL's start without it: a leftover in that host's own configuration
    (/etc/nccl.conf), which slows the node as a degraded link would."""
    told = [f for f in context if f.signature in NODE_SETTINGS and f.node]
    out: list[Finding] = []
    for attempt in {f.attempt for f in told}:
        mine = [f for f in told if f.attempt == attempt]
        nodes = {f.node for f in mine}
        started = {
            f.node for f in context if f.signature == "nccl_version" and f.attempt == attempt
        }
        if len(nodes) == 1 and started - nodes - {None}:
            out += mine
    return out


def slowed_by_settings(context: list[Finding]) -> Verdict | None:
    """A running job with no failure and no slow node, whose ranks say they run with a
    setting that slows every collective or every step: the script's to change, so stop it."""
    if not any(f.signature in _RUNNING for f in context):
        return None
    fabric = any(f.signature == "link_up" and _RDMA_UP.search(f.text) for f in context)
    found = [
        f
        for f in context
        if f.signature in (DEBUG_DETAIL, ANOMALY, LAUNCH_BLOCKING, P2P_OFF)
        or (f.signature == FABRIC_OFF and fabric)
    ]
    own = {id(f) for f in node_own_settings(context)}
    found = [f for f in found if id(f) not in own]
    if not found:
        return None
    p = min(found, key=order)
    nodes = {f.node for f in found if f.node}
    v = Verdict(
        Category.STRAGGLER,
        Layer.SCRIPT,
        None,
        Action.STOP,
        0.45,
        f"the job's own settings slow every rank: {_WHAT[p.signature]} "
        f"({len(nodes) or 1} node(s); {where(p)}: {p.text.strip()[:120]})",
        primary=p,
        support=[f for f in found if f is not p and f.node != p.node][:2],
    )
    v.why("all", "slowed_by_settings", f"{p.signature}: a setting that slows every collective")
    return v
