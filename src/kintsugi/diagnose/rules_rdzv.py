"""Who broke a rendezvous: the node that could not reach it, or the endpoint every node uses.

torchrun's agents meet at one endpoint (a c10d store on a node, an etcd service). An agent
that could not connect (``RendezvousConnectionError``, a store's ``DistNetworkError``) while
the others reached it and waited until their timeout (``RendezvousTimeoutError``) has its own
way to it wrong (a stale address, its network): that node. Every agent failing to connect is
the endpoint itself, which no node exclusion fixes: restart once it is back.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.verdict import Verdict, order
from kintsugi.events import Action, Category, Culprit, Layer

_CONNECT = re.compile(r"RendezvousConnectionError|DistNetworkError|The server socket has failed")
_SHUTDOWN = re.compile(r"failed to shut ?down the rendezvous", re.I)
_WAITED = re.compile(r"RendezvousTimeoutError|RendezvousClosedError")


def rendezvous_sides(v: Verdict, fs: list[Finding], nodes: Collection[str]) -> None:
    """Refines a rendezvous verdict by which agents connected and which did not."""
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
    elif {f.node for f in fs if f.rank is not None and f.node} <= connect:
        # (every node that ran an agent or a rank; a folder of the endpoint's own logs is none)
        v.layer, v.action, v.culprit = Layer.INFRASTRUCTURE, Action.RESTART, None
        v.summary = f"no agent of {len(connect)} nodes reached the rendezvous endpoint: {p.text}"
        v.why("layer, culprit, action", "rendezvous_endpoint_down", "every node failed to connect")
