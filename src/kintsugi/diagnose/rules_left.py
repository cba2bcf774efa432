"""A node that finished while its peers were still training: the ranks disagree on when to
stop (uneven data per rank, an early-stopping decision not shared), the program's bug.

A node whose script said training completed, or whose launcher reported its workers done,
while the other nodes then only lost their peer (a closed connection, a timeout) and died
of it, did not go down: it left. Nothing failed before it left, and nothing but that loss
and the teardown after it failed anywhere.
"""

from __future__ import annotations

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.rules_first import GENERIC
from kintsugi.diagnose.verdict import TIME_SLACK_S, Verdict, order, where
from kintsugi.events import Action, Category, Layer

DONE = ("left_training", "job_succeeded")
"""A script's own word that it stopped training, or its launcher's that its workers finished."""


def left_while_peers_trained(
    roots: list[Finding], symptoms: list[Finding], context: list[Finding]
) -> Verdict | None:
    said = [f for f in context if f.signature in DONE and f.node and f.ts is not None]
    lost = [f for f in symptoms if f.category in (Category.NETWORK, Category.HANG) and f.node]
    if not said or not lost:
        return None
    attempt = max((f.attempt or 0) for f in [*said, *lost])
    said = [f for f in said if (f.attempt or 0) == attempt]
    if len({f.node for f in said}) != 1:
        return None  # several nodes finished: a run's end, or ranks of one node disagreeing
    node = said[0].node
    # the ranks that said it, or the whole node where its launcher reported its workers done
    ranks = {f.rank for f in said}
    whole = None in ranks

    def left_too(f: Finding) -> bool:
        return f.node == node and (whole or f.rank is None or f.rank in ranks)

    lost = [f for f in lost if (f.attempt or 0) == attempt and not left_too(f)]
    losers = {f.node for f in lost}
    if not losers:
        return None
    left = min(f.ts for f in said if f.ts is not None)
    theirs = [
        f
        for f in [*roots, *symptoms]
        if (f.attempt or 0) == attempt and f.node in losers and not left_too(f)
    ]
    # the peers died of the loss after it left: their last failure comes after its word
    ends: dict[str | None, float] = {}
    for f in theirs:
        if f.ts is not None:
            ends[f.node] = max(ends.get(f.node, f.ts), f.ts)
    if not ends or min(ends.values()) < left - TIME_SLACK_S:
        return None
    # and they died of it (a teardown's warnings after a finished run kill no process)
    if not any(f.signature in GENERIC for f in theirs):
        return None
    # nothing else failed: a root before it left is a cause of its own, and after it only a
    # process's death or a lost peer or rendezvous
    for f in roots:
        if (f.attempt or 0) != attempt or f.severity < 3:
            continue
        if f.ts is not None and f.ts < left - TIME_SLACK_S:
            return None
        # (the leaver's own error after its word is no teardown: a rank-0-only evaluation
        # that runs out of memory after "training completed" failed the job)
        teardown = (
            f.signature in GENERIC
            or f.signature == "rendezvous_failed"
            or f.category in (Category.NETWORK, Category.HANG)
        )
        if not teardown or (f.ts is None and f.signature not in GENERIC):
            return None
    word = min(said, key=order)
    who = str(node) if whole else where(word)
    v = stopped_apart(who, word, min(lost, key=order))
    v.why("all", "left_while_peers_trained", f"{who} finished; {sorted(map(str, losers))} lost it")
    return v


def stopped_apart(who: str, word: Finding, loss: Finding) -> Verdict:
    """The verdict on ranks that stopped apart: ``who`` said it stopped (``word``) while the
    others went on and lost it (``loss``, the first of them)."""
    return Verdict(
        Category.USER_CODE,
        Layer.SCRIPT,
        None,
        Action.STOP,
        0.7,
        f"{who} stopped training ({word.text[:120]}) while the other ranks went on and lost "
        f"it: the ranks disagree on when to stop (uneven data, an unshared stop decision)",
        primary=word,
        support=[loss],
    )
