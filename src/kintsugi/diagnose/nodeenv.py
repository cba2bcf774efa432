"""Each node's environment as its prolog or an operator dumped it (``env``, ``printenv``,
``KEY=VALUE`` lines), and the one node whose settings differ from all the others'.

A job runs the same image with the same variables everywhere; a node whose image or profile
sets a variable the others do not (``OMP_NUM_THREADS=16`` where torchrun's default of 1 holds
elsewhere) runs differently. Only variables known to change how fast a rank computes are
compared here: a thread count oversubscribes the node's cores and slows its ranks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.signatures import Role
from kintsugi.events import Action, Category, Layer

_ASSIGN = re.compile(r"^(?:export |declare -x )?(?P<k>[A-Z][A-Z0-9_]{2,})=(?P<v>[^\n]*)$", re.M)
THREAD_VARS = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", "NUMEXPR_NUM_THREADS")
"""Thread counts of the math libraries a rank computes with."""
MIN_ASSIGNMENTS = 2
"""``KEY=VALUE`` lines a file needs to count as an environment dump."""


def env_dump(text: str) -> dict[str, str]:
    """The variables of an environment dump, or {} where the text is not one."""
    found = {m["k"]: m["v"].strip().strip("'\"") for m in _ASSIGN.finditer(text)}
    return found if len(found) >= MIN_ASSIGNMENTS or set(found) & set(THREAD_VARS) else {}


def odd_threads(envs: Mapping[str, Mapping[str, str]]) -> list[Finding]:
    """A ``threads_differ`` finding (what slows a node down) for the one node, of three or more
    whose environment the bundle has, that sets a thread count the others agree on otherwise
    (an unset variable counts as its own value: the launcher's default)."""
    if len(envs) < 3:
        return []
    out: list[Finding] = []
    for var in THREAD_VARS:
        values = {node: env.get(var, "") for node, env in envs.items()}
        for node, value in sorted(values.items()):
            others = {v for n, v in values.items() if n != node}
            told = any(f.node == node for f in out)  # one finding a node
            if not told and len(others) == 1 and value != next(iter(others)):
                usual = next(iter(others)) or "unset"
                out.append(
                    Finding(
                        signature="threads_differ",
                        category=Category.STRAGGLER,
                        layer=Layer.INFRASTRUCTURE,
                        action=Action.RESTART_WITHOUT_NODE,
                        severity=2,
                        role=Role.CONTEXT,
                        text=f"{node} sets {var}={value or 'unset'}; every other node {usual}",
                        source="environment",
                        node=node,
                        detail=var,
                    )
                )
    return out
