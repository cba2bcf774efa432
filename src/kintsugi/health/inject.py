"""Rehearse a sick node: ``--inject health:node=NAME[,check=NAME]`` fails that node's checks.

``forced_failures`` reads the ``health:`` parts of a whole ``--inject`` spec (other kinds are
left to their own parser); ``KINTSUGI_HEALTH_INJECT`` carries the same parts to a process
that runs checks without the flag (``kintsugi health``, ``kintsugi validate``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

ENV_HEALTH_INJECT = "KINTSUGI_HEALTH_INJECT"
ALL = "*"
"""In the returned set: every check fails."""


class HealthSpecError(ValueError):
    """A malformed ``health:`` fault spec; the message names the bad part."""


@dataclass(frozen=True, slots=True)
class HealthFault:
    """One injected health fault."""

    node: str
    check: str | None = None
    """None: every check of the node fails."""


def parse_health_fault(text: str) -> HealthFault:
    """Parses one ``health:node=NAME[,check=NAME]`` part (the ``health:`` prefix is optional).

    Raises:
        HealthSpecError: unknown key, missing ``node=``, or an empty value.
    """
    body = text.strip()
    if body.lower().startswith("health:"):
        body = body[len("health:") :]
    kv: dict[str, str] = {}
    for item in filter(None, (s.strip() for s in body.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not value.strip():
            raise HealthSpecError(f"expected key=value, got {item!r} in {text!r}")
        kv[key.strip()] = value.strip()
    unknown = set(kv) - {"node", "check"}
    if unknown:
        raise HealthSpecError(f"unknown key {sorted(unknown)[0]!r} in {text!r} (node=, check=)")
    if "node" not in kv:
        raise HealthSpecError(f"health fault needs node=NAME ({text!r})")
    return HealthFault(node=kv["node"], check=kv.get("check"))


def health_parts(spec: str) -> list[HealthFault]:
    """The ``health:`` faults in a whole ``--inject`` spec (``;``-separated parts)."""
    return [
        parse_health_fault(p)
        for p in (s.strip() for s in spec.split(";"))
        if p.lower().startswith("health:")
    ]


def forced_failures(spec: str | None, node: str) -> set[str]:
    """The check names forced to fail on ``node``: names, ``{"*"}`` for all, or empty.

    Args:
        spec: a whole ``--inject`` spec; None reads ``KINTSUGI_HEALTH_INJECT``.
        node: this node's name (``node=*`` in a spec matches every node).

    Raises:
        HealthSpecError: a malformed ``health:`` part.
    """
    if spec is None:
        spec = os.environ.get(ENV_HEALTH_INJECT, "")
        # The variable may hold bare "node=..." parts as well as "health:node=...".
        spec = ";".join(
            p if p.strip().lower().startswith("health:") else f"health:{p}"
            for p in spec.split(";")
            if p.strip()
        )
    out: set[str] = set()
    for f in health_parts(spec):
        if f.node in (node, ALL):
            out.add(f.check or ALL)
    return {ALL} if ALL in out else out
