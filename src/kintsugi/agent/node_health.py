"""The node layer inside ``kintsugi run``: health checks at prolog, periodically and at
epilog, the node's lifecycle state in the store, and the scheduler told when a node is bad.

The checks, the lifecycle state machine and the scheduler adapters live in ``health/`` and
``recover/``; this component decides when to run them and what a result means for this agent.
It never raises into the agent: a check that cannot run is a failed check, a store or
scheduler that cannot be reached is logged.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from kintsugi.events import JSON, Action, Category, Culprit, Diagnosis, EventKind, Evidence, Layer
from kintsugi.health import HealthConfig, HealthReport, epilog_level, run_checks
from kintsugi.redact import redact_text
from kintsugi.store import StoreError, open_store

log = logging.getLogger("kintsugi.agent")
Emit = Callable[[EventKind, dict[str, JSON]], object]


@dataclass(kw_only=True, slots=True)
class NodeHealthConfig:
    """When and how the agent checks its node."""

    interval_s: float = 300.0
    """Level 1 every this many seconds while training (Meta's RSC cadence); 0 turns it off."""
    prolog_budget_s: float = 10.0
    """The most a prolog may take (level 1 is ~0.1 s in-process, DCGM's figure is 2.5 s)."""
    max_epilog_level: int = 3
    scheduler: str = "local"
    """``local`` (the store only) or ``slurm`` (drain and resume through scontrol)."""
    checks: HealthConfig | None = None


RECENT_S = 10.0
"""A check that passed this recently makes the prolog of the same restart redundant."""


class NodeHealth:
    """Runs the node's checks for the agent and records what they mean."""

    def __init__(self, node: str, store_url: str, emit: Emit, config: NodeHealthConfig) -> None:
        self.node = node
        self.store_url = store_url
        self.emit = emit
        self.config = config
        self.failed: HealthReport | None = None
        """A periodic check that failed; the agent acts on it in its monitor loop."""
        self._clean_levels: list[int] = []
        self._passed_at = -1e9
        """When a check of level >= 1 last passed (monotonic): a prolog right after it is moot."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.cordoned = False
        """This agent cordoned its node (a failed check, a hardware alert, a culprit verdict)."""

    # --- checks ------------------------------------------------------------------------

    def check(self, level: int, budget_s: float | None = None) -> HealthReport:
        rep = run_checks(level, self.node, self.config.checks, budget_s=budget_s)
        self.emit(EventKind.HEALTH_CHECK, rep.to_dict())
        if not rep.failed:
            self._passed_at = time.monotonic()
        return rep

    def prolog(self) -> str | None:
        """Before joining a rendezvous: why this node must not join, or None to join."""
        try:
            return self._prolog()
        except Exception:
            log.exception("kintsugi: prolog checks failed to run on %s; joining", self.node)
            return None

    def _prolog(self) -> str | None:
        state = self._state()
        if state is not None and not state[0]:
            return f"node {self.node} is {state[1]} in the store; validate it before it rejoins"
        if time.monotonic() - self._passed_at < RECENT_S:
            return None  # the epilog of this restart just passed (level 2 or deeper)
        refused = self._scheduler_refuses()
        if refused is not None:
            return refused
        rep = self.check(1, self.config.prolog_budget_s)
        if rep.failed:
            why = _failures(rep)
            self.cordon("prolog level 1 failed: " + why, rep, culprit=False)
            return f"prolog health check failed on {self.node}: {why}"
        return None

    def _scheduler_refuses(self) -> str | None:
        """Why the scheduler says this node must take no work (drained or down by anyone: an
        operator, Slurm's own Prolog), or None. A scheduler that cannot be read, or that does
        not know this node's name, does not keep the node out: it is logged."""
        if self.config.scheduler == "local":
            return None  # the store, read just before
        from kintsugi.recover.scheduler import SchedulerError, get_scheduler

        try:
            info = get_scheduler(self.config.scheduler).nodes([self.node]).get(self.node)
        except (SchedulerError, ValueError) as e:
            log.warning("kintsugi: %s; joining", redact_text(str(e)))
            return None
        if info is None:
            log.warning(
                "kintsugi: %s does not know node %r (--node-name); joining",
                self.config.scheduler,
                self.node,
            )
            return None
        if info.usable:
            return None
        why = f" ({info.reason})" if info.reason else ""
        return f"node {self.node} is {info.state} in {self.config.scheduler}{why}"

    def epilog(self, diagnosis: Diagnosis | None, max_level: int | None = None) -> Diagnosis | None:
        """After a failure: the node's deeper checks where the verdict asks for them; returns
        a verdict naming this node if they fail, else None. ``max_level`` caps the depth
        (the agent caps it when the job cannot go on without this node anyway)."""
        try:
            return self._epilog(diagnosis, max_level)
        except Exception:
            log.exception("kintsugi: epilog checks failed to run on %s", self.node)
            return None

    def _epilog(self, diagnosis: Diagnosis | None, cap: int | None) -> Diagnosis | None:
        deepest = (
            self.config.max_epilog_level if cap is None else min(cap, self.config.max_epilog_level)
        )
        level = epilog_level(diagnosis, self.node, self._clean_levels, max_level=deepest)
        if level is None:
            return None
        rep = self.check(level)
        if not rep.failed:
            self._clean_levels.append(level)
            return None
        self._clean_levels.clear()
        self.cordon(f"epilog level {level} failed: {_failures(rep)}", rep, culprit=True)
        return report_diagnosis(rep, self.node)

    def start_periodic(self) -> None:
        if self.config.interval_s <= 0 or self._thread is not None:
            return
        self._thread = threading.Thread(target=self._loop, name="kintsugi-health", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.wait(self.config.interval_s):
            try:
                rep = self.check(1, self.config.prolog_budget_s)
            except Exception:
                log.exception("kintsugi: periodic checks failed to run on %s", self.node)
                continue
            if rep.failed:
                self.cordon("periodic level 1 failed: " + _failures(rep), rep, culprit=False)
                self.failed = rep

    def close(self) -> None:
        self._stop.set()

    # --- lifecycle and scheduler ---------------------------------------------------------

    def _state(self) -> tuple[bool, str] | None:
        from kintsugi.recover.lifecycle import NodeBook

        try:
            with open_store(self.store_url) as store:
                rec = NodeBook(store).record(self.node)
        except StoreError as e:
            log.warning("kintsugi: node state unknown (%s)", redact_text(str(e)))
            return None
        return rec.state.usable, rec.state.value

    def cordon(
        self,
        reason: str,
        rep: HealthReport | None,
        culprit: bool,
        category: str | None = None,
    ) -> None:
        """Cordons this node in the store and drains it in the scheduler, once per run.

        ``category`` (a verdict's) heads the scheduler's reason; without one it comes from the
        failed checks of ``rep``.
        """
        from kintsugi.recover.lifecycle import IllegalTransition, NodeBook, Trigger
        from kintsugi.recover.scheduler import SchedulerError, drain_reason, get_scheduler

        if self.cordoned:
            return  # a hardware alert cordons at once; the leave that follows need not again
        evidence = [f"{c.name}: {c.detail}" for c in rep.failed] if rep else []
        trigger = Trigger.CULPRIT if culprit else Trigger.CHECK_FAIL
        try:
            with open_store(self.store_url) as store:
                NodeBook(store).apply(self.node, trigger, reason, evidence)
            self.cordoned = True
            # The local scheduler is the store itself, which the line above just wrote.
            if self.config.scheduler != "local":
                get_scheduler(self.config.scheduler).drain(
                    self.node, drain_reason(category or _category(rep).value, reason)
                )
        except (StoreError, IllegalTransition, SchedulerError, ValueError) as e:
            log.warning("kintsugi: could not cordon %s: %s", self.node, redact_text(str(e)))
        except Exception:
            log.exception("kintsugi: could not cordon %s", self.node)


def _failures(rep: HealthReport) -> str:
    return "; ".join(f"{c.name}: {c.detail}" for c in rep.failed)[:500]


def _category(rep: HealthReport | None) -> Category:
    names = " ".join(c.name for c in rep.failed) if rep else ""
    if "gpu" in names or "xid" in names or "dcgm" in names or "nvml" in names:
        return Category.GPU_HARDWARE
    return Category.HOST


def report_diagnosis(rep: HealthReport, node: str) -> Diagnosis:
    """A failed check names its node: exclude it (and its checks are the evidence)."""
    return Diagnosis(
        category=_category(rep),
        layer=Layer.INFRASTRUCTURE,
        culprit=Culprit(node, None),
        action=Action.RESTART_WITHOUT_NODE,
        confidence=0.85,
        summary=f"level {rep.level} health check failed on {node}: {_failures(rep)}",
        evidence=tuple(
            Evidence(source=f"health:{c.name}", text=c.detail[:300]) for c in rep.failed[:8]
        ),
    )


# XIDs after which the GPU (and so the node) cannot be trusted until it is reset or repaired
# (REFERENCES.md, NVIDIA's Xid catalog). Application-caused ones (13, 31, 43, 45) are left to
# the crash they cause; 63 and 92 are recorded, not acted on.
_HARDWARE_XIDS = frozenset({48, 64, 74, 79, 94, 95, 109, 119, 120})


def alert_diagnosis(payload: dict[str, JSON], node: str) -> Diagnosis | None:
    """A verdict for a telemetry alert (an XID, a machine check, a link down), or None."""
    pattern = str(payload.get("pattern", ""))
    line = str(payload.get("line", ""))[:300]
    xid = payload.get("xid")
    if pattern == "xid" and isinstance(xid, int) and xid in _HARDWARE_XIDS:
        category = (
            Category.NVLINK
            if xid == 74
            else (Category.GPU_MEMORY if xid in (48, 64, 94, 95) else Category.GPU_HARDWARE)
        )
        summary = f"XID {xid} on {node}: {line or 'reported by NVML'}"
    elif pattern == "machine_check":
        category, summary = Category.HOST, f"machine check on {node}: {line}"
    elif pattern == "nvlink":
        category, summary = Category.NVLINK, f"NVLink error on {node}: {line}"
    else:
        return None
    return Diagnosis(
        category=category,
        layer=Layer.INFRASTRUCTURE,
        culprit=Culprit(node, None),
        action=Action.RESTART_WITHOUT_NODE,
        confidence=0.9,
        summary=summary,
        evidence=(
            Evidence(source=f"telemetry:{payload.get('via', pattern)}", text=line or summary),
        ),
    )
