"""Who broke a rendezvous: the node that could not reach it, or the endpoint every node uses.

torchrun's agents meet at one endpoint (a c10d store on a node, an etcd service). An agent
that could not connect (``RendezvousConnectionError``, a store's ``DistNetworkError``) while
the others reached it and waited until their timeout (``RendezvousTimeoutError``) has its own
way to it wrong (a stale address, its network): that node. Every agent failing to connect is
the endpoint itself, which no node exclusion fixes: restart once it is back.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.verdict import Verdict, order
from kintsugi.events import Action, Category, Culprit, Layer

_CONNECT = re.compile(r"RendezvousConnectionError|DistNetworkError|The server socket has failed")
_SHUTDOWN = re.compile(r"failed to shut ?down the rendezvous", re.I)
_WAITED = re.compile(r"RendezvousTimeoutError|RendezvousClosedError")
# The store's address in c10d's messages: "trying to connect to (cpu-node-017, 29400)",
# "failed to connect to [cpu-node-017]:29400"
_ENDPOINT = re.compile(r"connect to (?:\((?P<a>[^,\s()]+), ?\d+\)|\[(?P<b>[^\]\s]+)\]:\d+)")


def rendezvous_sides(
    v: Verdict, fs: list[Finding], nodes: Collection[str], job_nodes: Sequence[str] = ()
) -> None:
    """Refines a rendezvous verdict by which agents connected and which did not, and by
    where the endpoint is: a host outside the job's allocation is the launch's mistake."""
    p = v.primary
    if p is None or p.signature != "rendezvous_failed" or len(nodes) < 2:
        return
    if v.category is not Category.NETWORK:
        return  # already read as the job's configuration (too many nodes asked for)
    rdzv = [f for f in fs if f.signature == "rendezvous_failed" and f.node]
    # (an agent that timed out then could not shut the rendezvous down reached it before)
    connect = {f.node for f in rdzv if _CONNECT.search(f.text) and not _SHUTDOWN.search(f.text)}
    waited = {f.node for f in rdzv if _WAITED.search(f.text)} - connect
    if any(f.signature == "step_time" for f in fs) or not connect:
        return
    if len(connect) == 1 and waited:
        node = str(next(iter(connect)))
        first = min((f for f in rdzv if f.node == node), key=order)
        v.category, v.layer, v.action = (
            Category.NETWORK,
            Layer.INFRASTRUCTURE,
            Action.RESTART_WITHOUT_NODE,
        )
        v.culprit = Culprit(node, None)
        v.primary = first
        v.summary = f"only {node} could not reach the rendezvous the others waited in: {first.text}"
        v.why("all", "rendezvous_unreached", f"{node} failed to connect; {len(waited)} waited")
    elif (outside := _outside(rdzv, nodes, job_nodes)) is not None:
        v.category, v.layer, v.action, v.culprit = (
            Category.USER_CODE,
            Layer.SCRIPT,
            Action.STOP,
            None,
        )
        v.summary = (
            f"the rendezvous endpoint {outside} is not one of the job's nodes "
            f"({', '.join(job_nodes[:4])}{', ...' if len(job_nodes) > 4 else ''}): the launch "
            f"points its agents elsewhere (MASTER_ADDR, --rdzv-endpoint): {p.text}"
        )
        v.why("all", "rendezvous_outside_job", f"{outside} is not in the scheduler's node list")
    elif {f.node for f in fs if f.rank is not None and f.node} <= connect:
        # (every node that ran an agent or a rank; a folder of the endpoint's own logs is none)
        v.layer, v.action, v.culprit = Layer.INFRASTRUCTURE, Action.RESTART, None
        v.summary = f"no agent of {len(connect)} nodes reached the rendezvous endpoint: {p.text}"
        v.why("layer, culprit, action", "rendezvous_endpoint_down", "every node failed to connect")


def _outside(rdzv: list[Finding], nodes: Collection[str], job_nodes: Sequence[str]) -> str | None:
    """The host every agent tried to reach for the c10d store, where the scheduler lists the
    job's nodes and that host (a name; an address says nothing here) is none of them nor of
    the bundle's: the store runs on a node of the job, so the launch named the wrong host.
    An etcd rendezvous runs outside the job by design."""
    if not job_nodes or any("etcd" in f.text.lower() for f in rdzv):
        return None
    hosts = {m["a"] or m["b"] for f in rdzv if (m := _ENDPOINT.search(f.text)) is not None}
    if len(hosts) != 1:
        return None
    host = hosts.pop()
    short = host.split(".")[0]
    if not short[:1].isalpha() or ":" in host or short in {*nodes, *job_nodes}:
        return None
    return host
