"""Attempts after a node was left out: its fault in an earlier attempt was acted on already.

A job that failed on node A's hardware, was requeued with a spare in A's place, and then failed
again on node B (a spare with an old driver, a bad node of its own, a full store) is B's to fix
now: excluding A again changes nothing. An earlier attempt's fault stays a root where the latest
attempt still ran on its node (an error that follows a node across attempts is that node's),
where the latest attempt ran short of nodes (the node's absence may be what failed it), where
the latest attempt failed with nothing of its own, and where what it failed on is the
checkpoint the crash left half written (a truncated archive read on resume).
"""

from __future__ import annotations

import re

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.verdict import HARDWARE, order

_TORN = re.compile(
    r"PytorchStreamReader failed|failed finding central directory|Ran out of input"
    r"|unexpected EOF|file too short|truncated|invalid load key"
)
"""A checkpoint read on resume that an interrupted save left incomplete."""


def left_out_since(roots: list[Finding], fs: list[Finding]) -> list[Finding]:
    """``roots`` without earlier attempts' node faults on nodes a spare replaced in the latest
    attempt, where the latest attempt has a root of its own."""
    attempts = {f.attempt for f in fs if f.attempt is not None}
    if len(attempts) < 2:
        return roots
    last = max(attempts)
    ran: dict[int, set[str]] = {a: set() for a in attempts}
    for f in fs:
        if f.attempt is not None and f.node:
            ran[f.attempt].add(f.node)
    own = [f for f in roots if f.attempt == last and f.node in ran[last]]
    if not own or _TORN.search(min(own, key=order).text):
        return roots
    return [
        f
        for f in roots
        if not (
            f.attempt is not None
            and f.attempt < last
            and f.node
            and f.node not in ran[last]
            and len(ran[last]) >= len(ran[f.attempt])
            and f.category in HARDWARE
        )
    ]
