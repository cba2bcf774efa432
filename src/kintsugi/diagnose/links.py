"""A node's network interfaces as ``ip link`` / ``ip -s link`` / ``ip -br addr`` show them,
and the one node whose link is down where the others' are up.

A snapshot of one node says little: nodes have interfaces nobody plugged in (a second port,
``docker0`` without a container). An interface the job's other nodes have up, with a
carrier, that this node has without one (``NO-CARRIER``, ``state DOWN``) is this node's lost
link: its cable, its port, its switch port.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.signatures import Role
from kintsugi.events import Action, Category, Layer

_IP_LINK = re.compile(
    r"^\d+: (?P<name>[\w.-]+)(?:@\S+)?: <(?P<flags>[^>]*)>[^\n]*?\bstate (?P<state>[A-Z]+)", re.M
)
_IP_BRIEF = re.compile(
    r"^(?P<name>(?:eth|en[ops]|ib|bond|hsn|efa|mlx|p\d)[\w.-]*)(?:@\S+)?[ \t]+"
    r"(?P<state>UP|DOWN|LOWERLAYERDOWN)\b",
    re.M,
)


def link_states(text: str) -> dict[str, bool]:
    """Interface -> whether it has a carrier (``LOWER_UP``, state UP), loopback left out."""
    out: dict[str, bool] = {}
    for m in _IP_LINK.finditer(text):
        flags = set(m["flags"].split(","))
        if "LOOPBACK" in flags:
            continue
        out[m["name"]] = "LOWER_UP" in flags or (m["state"] == "UP" and "NO-CARRIER" not in flags)
    for m in _IP_BRIEF.finditer(text):
        out.setdefault(m["name"], m["state"] == "UP")
    return out


def lone_links_down(links: Mapping[str, Mapping[str, bool]]) -> list[Finding]:
    """A ``nic_link_down`` finding for each node whose interface has no carrier while every
    other node that shows it has it up (at least one, and more of them up than down)."""
    out = []
    names = sorted({name for states in links.values() for name in states})
    for name in names:
        seen = {node: states[name] for node, states in links.items() if name in states}
        down = sorted(node for node, up in seen.items() if not up)
        up = [node for node, ok in seen.items() if ok]
        if not down or len(up) <= len(down):
            continue
        for node in down:
            out.append(
                Finding(
                    signature="nic_link_down",
                    category=Category.NETWORK,
                    layer=Layer.INFRASTRUCTURE,
                    action=Action.RESTART_WITHOUT_NODE,
                    severity=4,
                    role=Role.ROOT,
                    text=f"{name} of {node} has no carrier (state DOWN); it is up on"
                    f" {len(up)} other node(s)",
                    source="ip link",
                    node=node,
                    detail=name,
                )
            )
    return out


_SHAPER = re.compile(
    r"^qdisc (?P<kind>tbf|netem|htb|cake) [0-9a-f]*: (?:dev (?P<dev>\S+) )?[^\n]*?"
    r"(?P<what>\brate \S+|\bdelay \S+|\bloss \S+)",
    re.M,
)
"""``tc qdisc show``: a queueing discipline that caps a link's rate or delays or drops its
packets (token bucket, netem, HTB, CAKE): traffic shaped on purpose, or left over."""


def shapers(text: str) -> list[str]:
    """The shaping qdiscs a ``tc qdisc show`` snapshot lists ("tbf rate 20Mbit on eth0")."""
    return [
        f"{m['kind']} {m['what']}" + (f" on {m['dev']}" if m["dev"] else "")
        for m in _SHAPER.finditer(text)
    ]


def shaped_links(shaped: Mapping[str, list[str]], seen: int) -> list[Finding]:
    """A ``link_shaped`` finding (what slows a node down) for the one node, of ``seen`` whose
    qdisc tables the bundle has, whose links are shaped while the others' are not."""
    nodes = [node for node, what in shaped.items() if what]
    if len(nodes) != 1 or seen < 2:
        return []
    node = nodes[0]
    return [
        Finding(
            signature="link_shaped",
            category=Category.STRAGGLER,
            layer=Layer.INFRASTRUCTURE,
            action=Action.RESTART_WITHOUT_NODE,
            severity=2,
            role=Role.CONTEXT,
            text=f"{node}'s traffic is shaped ({', '.join(shaped[node][:2])}); no other node's is",
            source="tc qdisc",
            node=node,
        )
    ]
