"""NaNs and infinities: where they began, whether they follow a node or a step, and whether
the training had diverged before them."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Sequence

from kintsugi.diagnose.findings import PROGRESS_NAN, Finding
from kintsugi.diagnose.verdict import Verdict, order, where
from kintsugi.events import Action, Category, Culprit, Layer


def numerical(
    roots: list[Finding],
    all_nodes: Collection[str] = (),
    context: Sequence[Finding] = (),
    memory_suspects: Collection[str | None] = (),
) -> Verdict | None:
    """The verdict for non-finite losses or gradients, when nothing more serious failed: the
    same step on different nodes is the application; different steps following one node
    across attempts are its GPU; the same step in every attempt is deterministic; a
    divergence logged before it is the recipe; one node alone in one attempt is the suspect;
    else restart once and let a repeat decide.

    Args:
        roots: the root findings; their NaNs are read from where each attempt's began.
        all_nodes: every node of the job.
        context: context findings (the logged loss diverging).
        memory_suspects: nodes whose GPU memory shows trouble short of a failure (rows waiting
            for a remap, a memory error read as context): a NaN following one of them is
            its memory's.
    """
    nans = _first_nans(_said_by_ranks(roots))
    if not nans or any(f.severity > 3 and f.category is not Category.NUMERICAL for f in roots):
        return None
    by_attempt_step: dict[tuple[int | None, int | None], set[str | None]] = defaultdict(set)
    for f in nans:
        by_attempt_step[(f.attempt, f.step)].add(f.node)
    nodes = {f.node for f in nans}
    attempts = {f.attempt for f in nans if f.attempt is not None}
    steps = {f.step for f in nans}
    known = {s for s in steps if s is not None}
    p = min(nans, key=order)
    if any(len(n) >= 2 and s is not None for (_, s), n in by_attempt_step.items()):
        return _recipe(
            p,
            0.9,
            f"NaN at the same step on {len(nodes)} nodes: the application or its data",
            "same_nan_different_nodes",
            "the same NaN step on different nodes: the app",
        )
    # iterations unknown, the NaN on one node of several in every attempt follows it too
    unknown = not known and len(set(all_nodes) - nodes) >= 1
    if len(nodes) == 1 and len(attempts) >= 2 and (len(known) >= 2 or unknown):
        node = next(iter(nodes))
        # the rank of that GPU in the latest attempt (ranks move when the rendezvous reorders
        # the nodes): the job's numbering now
        last = max(attempts)
        ranks = {f.rank for f in nans if f.attempt == last}
        # Silent data corruption is the GPU's fault, whatever it looks like to the program.
        v = Verdict(
            Category.GPU_MEMORY if node in memory_suspects else Category.GPU_HARDWARE,
            Layer.INFRASTRUCTURE,
            Culprit(node, ranks.pop() if len(ranks) == 1 else None),
            Action.RESTART_WITHOUT_NODE,
            0.75,
            f"NaNs follow {node} across {len(attempts)} attempts at different steps: "
            "suspect silent data corruption there",
            primary=p,
        )
        v.why("all", "nan_follows_node", "NaNs that follow one node at different steps: SDC")
        return v
    # every attempt's NaN at the one step any of its lines names (a line without the step,
    # a trainer's metrics dict, says nothing against it); iterations unknown, the NaN moving
    # between nodes in every attempt is the program's
    each = _steps_by_attempt(nans, attempts)
    same_step = len(known) == 1 and all(each.values())
    if len(attempts) >= 2 and (same_step or (len(steps) == 1 and not known and len(nodes) >= 2)):
        return _recipe(
            p,
            0.85,
            f"NaN at step {p.step} again in {len(attempts)} attempts: deterministic",
            "same_nan_each_attempt",
            "the same NaN at the same step on every attempt",
        )
    return (
        _gave_up(roots)
        or _diverged(nans, context)
        or _nan_on_one_node(nans, all_nodes, attempts)
        or _early_nan(p, attempts)
        or _single_nan(p)
    )


EARLY_NAN_STEPS = 50
"""A NaN by this step of the run (a global step) came before any checkpoint worth going back
to: restarting replays the same first steps."""


def _early_nan(p: Finding, attempts: set[int]) -> Verdict | None:
    """A NaN in the first steps of the run (steps count from its start, not the attempt's):
    the initialisation, the learning rate or the first batches; a restart from the beginning
    walks into it again."""
    if len(attempts) > 1 or p.step is None or p.step > EARLY_NAN_STEPS:
        return None
    return _recipe(
        p,
        0.7,
        f"NaN/Inf loss at step {p.step} on {where(p)}, in the run's first steps: the recipe "
        "(initialisation, learning rate, first batches), not the machines",
        "early_nan",
        f"a NaN by step {EARLY_NAN_STEPS}: a restart replays the same steps",
    )


# "found NaN in local grad norm in backward pass before data-parallel communication",
# "non-finite values in local FSDP grad shard", "non-finite local loss on rank 13": a rank's own
# gradients or loss, before any all-reduce
_LOCAL_NAN = re.compile(r"(?i)\blocal\b[^\n]{0,40}\b(?:grad|loss)|before [\w-]* ?communication")


def recurring_nan(roots: list[Finding], context: Sequence[Finding] = ()) -> Verdict | None:
    """A NaN in two or more attempts that is the recipe's whatever hardware event one attempt
    also logged: at the same step on other nodes, or after the logged loss or gradient norm
    diverged in every attempt (an Xid on one node cannot have made every attempt diverge)."""
    nans = _first_nans(_said_by_ranks(roots))
    attempts = {f.attempt for f in nans if f.attempt is not None}
    if len(attempts) < 2:
        return None
    each = _steps_by_attempt(nans, attempts)
    steps = set().union(*each.values())
    nodes = {frozenset(f.node for f in nans if f.attempt == a) for a in attempts}
    diverged = {f.attempt for f in context if f.signature == "diverging"}
    p = min(nans, key=order)
    if len(steps) == 1 and all(each.values()) and len(nodes) >= 2:
        why = f"NaN at step {p.step} again in {len(attempts)} attempts on other nodes"
    elif attempts <= diverged:
        why = f"the training diverged before the NaN in each of {len(attempts)} attempts"
    else:
        return None
    return _recipe(
        p,
        0.85,
        f"{why}: deterministic, the recipe",
        "recurring_nan",
        why,
    )


def _steps_by_attempt(nans: list[Finding], attempts: Collection[int]) -> dict[int, set[int]]:
    """The steps each attempt's NaN lines name (an empty set: none names one)."""
    return {a: {f.step for f in nans if f.attempt == a and f.step is not None} for a in attempts}


def _said_by_ranks(roots: list[Finding]) -> list[Finding]:
    """The NaN roots, without those of progress lines where a rank says more: a rank's own NaN
    says where it began; a progress line's loss is often the job's, reduced over the ranks and
    logged by one of them (Megatron-LM's last rank)."""
    numeric = [f for f in roots if f.category is Category.NUMERICAL]
    return [f for f in numeric if f.detail != PROGRESS_NAN] or numeric


def _first_nans(nans: list[Finding]) -> list[Finding]:
    """Each attempt's NaNs where they began: where some rank says its own gradients went
    non-finite before communication, only those (the all-reduce then spread the NaN to every
    rank's loss, at the same step); else those of the attempt's earliest step, where a step
    is known (one rank's loss at step 41, everyone's from step 42 on)."""
    out: list[Finding] = []
    for attempt in {f.attempt for f in nans}:
        mine = [f for f in nans if f.attempt == attempt]
        began = [f for f in mine if _LOCAL_NAN.search(f.text)]
        first = min((f.step for f in mine if f.step is not None), default=None)
        if not began and first is not None:
            began = [f for f in mine if f.step in (first, None)]
        out += began or mine
    return out


def _gave_up(roots: list[Finding]) -> Verdict | None:
    """The training's own guard gave up on the numbers (fp16 loss scaling at its floor: every
    step overflowed): the recipe diverged, whatever single NaN lines came before; a restart
    from the last checkpoint walks into it again."""
    stops = [f for f in roots if f.category is Category.NUMERICAL and f.action is Action.STOP]
    if not stops:
        return None
    p = min(stops, key=order)
    return _recipe(
        p,
        0.8,
        f"the training gave up on its numbers ({p.text}): the recipe, not the machines",
        "numbers_gave_up",
        f"{p.signature}: the run diverges again from its checkpoint",
    )


def _diverged(nans: list[Finding], context: Sequence[Finding]) -> Verdict | None:
    """The logged loss or gradient norm climbed far above its usual level before the NaN, in
    the same attempt: the optimization diverged (learning rate, warm-up, clipping), and a
    restart from the last checkpoint walks into it again."""
    tried = {f.attempt for f in nans}
    climbs = [f for f in context if f.signature == "diverging" and f.attempt in tried]
    if not climbs:
        return None
    c = max(climbs, key=lambda f: f.value or 0.0)
    v = Verdict(
        Category.NUMERICAL,
        Layer.SCRIPT,
        None,
        Action.STOP,
        0.8,
        f"the training diverged before the NaN ({c.text}): the recipe, not the machines",
        primary=min(nans, key=order),
        support=[c],
    )
    v.why("all", "diverged_then_nan", f"{c.detail} x{c.value:.0f} before the NaN")
    return v


def _nan_on_one_node(
    nans: list[Finding], all_nodes: Collection[str], attempts: set[int]
) -> Verdict | None:
    """In one attempt, only one node's ranks went non-finite while the loss stayed smooth
    and the other nodes trained on the same model: a bad sample there, or its GPU computing
    wrong (silent data corruption). Not proof; the node's GPUs are the ones to test."""
    nodes = {f.node for f in nans}
    if len(attempts) > 1 or len(nodes) != 1 or None in nodes or len(set(all_nodes)) < 2:
        return None
    node = next(iter(n for n in nodes if n is not None))
    ranks = {f.rank for f in nans}
    rank = next(iter(ranks)) if len(ranks) == 1 else None
    p = min(nans, key=order)
    v = Verdict(
        Category.NUMERICAL,
        Layer.INFRASTRUCTURE,
        Culprit(node, rank),
        Action.RUN_DIAGNOSTICS,
        0.5,
        f"only {where(p)} went non-finite, with no divergence logged: test its GPUs "
        "(silent data corruption) before trusting it",
        primary=p,
    )
    v.why("all", "nan_on_one_node", f"NaNs on {node} alone of {len(set(all_nodes))} nodes")
    return v


def _single_nan(p: Finding) -> Verdict:
    v = Verdict(
        Category.NUMERICAL,
        Layer.SCRIPT,
        None,
        Action.RESTART,
        0.5,
        f"NaN/Inf loss at step {p.step} on {where(p)}",
        primary=p,
    )
    v.why("all", "single_nan", "one NaN: restart from the last checkpoint; a repeat decides")
    return v


def _recipe(p: Finding, confidence: float, summary: str, rule: str, why: str) -> Verdict:
    """The recipe's NaN: the application's, no node, stop (a restart walks into it again)."""
    v = Verdict(Category.NUMERICAL, Layer.SCRIPT, None, Action.STOP, confidence, summary, primary=p)
    v.why("all", rule, why)
    return v
