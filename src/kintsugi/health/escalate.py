"""When to run epilog checks after a failure, and how deep: a pure decision for the agent.

Rule: a failure whose verdict is ``run_diagnostics``, a hang or network failure that names no
node (restarted, but any node may hide the cause), or one that names this node as culprit,
gets level 2. If earlier epilogs on this node (since it was last validated) found nothing
yet the node keeps failing, each new failure goes one level deeper, up to ``max_level``.
Other failures get no epilog (None).
"""

from __future__ import annotations

from collections.abc import Sequence

from kintsugi.events import Action, Category, Diagnosis

FIRST_EPILOG_LEVEL = 2


def epilog_level(
    diagnosis: Diagnosis | None,
    node: str,
    clean_epilog_levels: Sequence[int] = (),
    max_level: int = 3,
) -> int | None:
    """The level of checks to run on ``node`` after a failure, or None for none.

    Args:
        diagnosis: the verdict on the failure (None: no verdict, no epilog).
        node: this node's name.
        clean_epilog_levels: levels of this node's earlier epilogs that found nothing
            (status not ``fail``) since it was last validated or cordoned.
        max_level: the deepest level to escalate to.

    Returns:
        2 for a first suspicion, one deeper than the deepest clean epilog after that
        (capped at ``max_level``), or None when the failure does not concern the node.
    """
    if diagnosis is None:
        return None
    named = diagnosis.culprit is not None and diagnosis.culprit.node == node
    unplaced = diagnosis.culprit is None and diagnosis.category in (Category.HANG, Category.NETWORK)
    if diagnosis.action is not Action.RUN_DIAGNOSTICS and not named and not unplaced:
        return None
    if not clean_epilog_levels:
        return min(FIRST_EPILOG_LEVEL, max_level)
    return min(max(clean_epilog_levels) + 1, max_level)
