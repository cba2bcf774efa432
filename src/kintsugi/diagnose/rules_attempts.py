"""Attempts after a node was left out: its fault in an earlier attempt was acted on already.

A job that failed on node A's hardware, was requeued with a spare in A's place, and then failed
again on node B (a spare with an old driver, a bad node of its own, a full store) is B's to fix
now: excluding A again changes nothing (a latest attempt that only hung, its ranks timing out,
failed without A too; and the scheduler's own record of A going down before the latest attempt
began is as old as A's fault). An earlier attempt's fault stays a root where the latest
attempt still ran on its node (an error that follows a node across attempts is that node's),
where the latest attempt ran short of nodes (the node's absence may be what failed it), where
the latest attempt failed with nothing of its own, and where what it failed on is the
checkpoint the crash left half written (a truncated archive read on resume).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.signatures import Role
from kintsugi.diagnose.verdict import HARDWARE, order

_TORN = re.compile(
    r"PytorchStreamReader failed|failed finding central directory|Ran out of input"
    r"|unexpected EOF|file too short|truncated|invalid load key"
)
"""A checkpoint read on resume that an interrupted save left incomplete."""


def latest_attempt(fs: Iterable[Finding]) -> tuple[int, float | None] | None:
    """A requeued job's latest attempt (two attempts or more) and when it began (the earliest
    time its findings carry, None if none is timed); None for a job of one attempt."""
    began: dict[int, float | None] = {}
    for f in fs:
        if f.attempt is not None:
            t = began.get(f.attempt)
            began[f.attempt] = f.ts if t is None or (f.ts is not None and f.ts < t) else t
    if len(began) < 2:
        return None
    last = max(began)
    return last, began[last]


def left_out_since(roots: list[Finding], fs: list[Finding]) -> list[Finding]:
    """``roots`` without earlier attempts' node faults on nodes a spare replaced in the latest
    attempt, where the latest attempt failed on its own (a root, else its ranks' symptoms)."""
    latest = latest_attempt(fs)
    if latest is None:
        return roots
    last, began = latest
    ran: dict[int, set[str]] = {a: set() for a in {f.attempt for f in fs if f.attempt is not None}}
    for f in fs:
        if f.attempt is not None and f.node:
            ran[f.attempt].add(f.node)
    own = [f for f in roots if f.attempt == last and f.node in ran[last]]
    if own and _TORN.search(min(own, key=order).text):
        return roots
    if not own:
        # a latest attempt that failed with no root of its own (its ranks timed out in a hang)
        # still failed without the node: the node's old fault is no cause of it
        own = [
            f for f in fs if f.attempt == last and f.node in ran[last] and f.role is Role.SYMPTOM
        ]
    if not own:
        return roots
    most = max(len(nodes) for nodes in ran.values())
    return [
        f
        for f in roots
        if not (
            f.node
            and f.node not in ran[last]
            and f.category in HARDWARE
            and (
                (
                    f.attempt is not None
                    and f.attempt < last
                    and len(ran[last]) >= len(ran[f.attempt])
                )
                # the job's own records (the scheduler's log) of a node before the latest
                # attempt began
                or (
                    f.attempt is None
                    and began is not None
                    and f.ts is not None
                    and f.ts < began
                    and len(ran[last]) >= most  # a spare took its place
                )
            )
        )
    ]
