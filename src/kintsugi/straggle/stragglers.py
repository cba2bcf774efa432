"""Which rank (or node) the others wait for, from per-rank step and collective times.

In synchronous training every rank's step takes as long as the slowest one's, so step times
name nobody. What differs is where the time goes: the straggler computes while the others
wait for it inside collectives. Each rank reports its step time ``dt`` and the part of it
spent inside collectives ``comm_s``; ``dt - comm_s`` is its compute time. A rank is flagged
when the median of its recent compute times stands out from the other ranks' by a ratio, a
robust z-score and an absolute margin all at once, and the others really do wait for it. A
flag must hold for ``confirm_steps`` steps to be reported (transient) and for
``persist_steps`` to be reported as persistent; it clears only after ``clear_steps`` calm
steps (hysteresis), so a noisy machine produces no findings.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from kintsugi.events import JSON
from kintsugi.straggle.robust import MAD_TO_SIGMA, median


@dataclass(frozen=True, kw_only=True, slots=True)
class StragglerConfig:
    """Thresholds of the detector; the defaults favour no false positives over speed."""

    window: int = 20
    """Recent samples per rank whose median is that rank's compute (and wait) time."""
    warmup: int = 3
    """Samples dropped at a rank's start (the first steps build and compile things)."""
    min_ratio: float = 2.0
    """The rank's compute must be at least this multiple of the others' median. On the noisy
    2-core machine of bench/bench_straggler.py, 20-step medians of fault-free ranks differ by up
    to 2.1x for a while; on dedicated GPU nodes 1.3 is a reasonable choice."""
    min_excess_frac: float = 0.1
    """... and exceed it by at least this fraction of the median step time."""
    min_excess_s: float = 0.001
    """... and by at least this many seconds (below it, timer noise)."""
    z_min: float = 4.0
    """... and lie this many robust standard deviations above the others (3+ ranks)."""
    mad_floor_frac: float = 0.05
    """Smallest scale for the z-score, as a fraction of the others' median compute."""
    wait_frac: float = 0.5
    """The others must spend at least this fraction of the excess waiting in collectives."""
    confirm_steps: int = 20
    """Consecutive flagged samples before a (transient) finding."""
    persist_steps: int = 40
    """Consecutive flagged samples before a persistent finding."""
    clear_steps: int = 10
    """Consecutive calm samples before a flag clears and may be reported again."""
    stale_steps: int = 50
    """Ranks whose newest step lags this far behind are left out (hung ranks are not slow)."""

    def __post_init__(self) -> None:
        if self.window < 1 or self.confirm_steps < 1 or self.clear_steps < 1:
            raise ValueError("window, confirm_steps and clear_steps must be >= 1")
        if self.persist_steps < self.confirm_steps:
            raise ValueError("persist_steps must be >= confirm_steps")
        if self.min_ratio <= 1.0:
            raise ValueError("min_ratio must be > 1")
        if self.warmup < 0 or self.stale_steps < 1:
            raise ValueError("warmup must be >= 0 and stale_steps >= 1")


@dataclass(frozen=True, kw_only=True, slots=True)
class Straggler:
    """A finding: ``rank`` (or its whole ``node``) holds the others back.

    Attributes:
        rank: the slow rank (for a node-wide finding, the slowest rank of the node).
        node: its node.
        step: the step at which the finding was made.
        slowdown: its compute time over the other ranks' median (e.g. 4.0).
        persistent: held for ``persist_steps``; transient findings are recorded, not acted on.
        node_wide: every rank of the node is slow (the node, not one device, is the suspect).
        ranks: the slow ranks (one, or all ranks of the node).
        compute_s: the rank's median compute time per step.
        typical_compute_s: the other ranks' median compute time per step.
        others_wait_s: the other ranks' median time per step inside collectives.
        step_time_s: the median step time.
        z: the robust z-score of its compute time (0 when fewer than three ranks).
    """

    rank: int
    node: str
    step: int
    slowdown: float
    persistent: bool
    node_wide: bool
    ranks: tuple[int, ...]
    compute_s: float
    typical_compute_s: float
    others_wait_s: float
    step_time_s: float
    z: float

    def evidence(self) -> str:
        """One line for reports and diagnoses."""
        who = (
            f"node {self.node} (ranks {list(self.ranks)})"
            if self.node_wide
            else (f"rank {self.rank} on node {self.node}")
        )
        kind = "persistent" if self.persistent else "transient"
        return (
            f"{kind} straggler at step {self.step}: {who} computes {self.compute_s * 1e3:.1f} ms "
            f"per step, {self.slowdown:.2f}x the others' {self.typical_compute_s * 1e3:.1f} ms, "
            f"while they wait {self.others_wait_s * 1e3:.1f} ms in collectives "
            f"(step {self.step_time_s * 1e3:.1f} ms)"
        )

    @classmethod
    def from_event_data(cls, d: dict[str, Any]) -> Straggler:
        """The finding back from :meth:`event_data` (as another node's agent sent it).

        Raises:
            KeyError, TypeError, ValueError: not a straggler payload.
        """
        return cls(
            rank=int(d["rank"]),
            node=str(d["node"]),
            step=int(d["step"]),
            slowdown=float(d["slowdown"]),
            persistent=bool(d["persistent"]),
            node_wide=bool(d["node_wide"]),
            ranks=tuple(int(r) for r in d["ranks"]),
            compute_s=float(d["compute_s"]),
            typical_compute_s=float(d["typical_compute_s"]),
            others_wait_s=float(d["others_wait_s"]),
            step_time_s=float(d["step_time_s"]),
            z=float(d.get("z", 0.0)),
        )

    def event_data(self) -> dict[str, JSON]:
        """The payload of a ``straggler`` event."""
        return {
            "rank": self.rank,
            "node": self.node,
            "step": self.step,
            "slowdown": round(self.slowdown, 4),
            "persistent": self.persistent,
            "node_wide": self.node_wide,
            "ranks": list(self.ranks),
            "compute_s": self.compute_s,
            "typical_compute_s": self.typical_compute_s,
            "others_wait_s": self.others_wait_s,
            "step_time_s": self.step_time_s,
            "z": self.z,
            "evidence": self.evidence(),
        }


@dataclass(slots=True)
class _Rank:
    node: str
    seen: int = 0
    last_step: int = -1
    compute: deque[float] = field(default_factory=deque)
    comm: deque[float] = field(default_factory=deque)
    dt: deque[float] = field(default_factory=deque)
    med_compute: float = 0.0
    med_comm: float = 0.0
    run: int = 0
    """Consecutive flagged samples (kept through short calm spells)."""
    calm: int = 0
    last: _Score | None = None


@dataclass(frozen=True, slots=True)
class _Score:
    flagged: bool
    ratio: float
    z: float
    compute: float
    others_compute: float
    others_wait: float
    step_time: float


class StragglerDetector:
    """Feeds on per-rank step samples; returns findings when a rank or node holds others back.

    Pure and single-threaded: call :meth:`observe` from one thread (the agent's monitor loop)
    for every step sample of every rank, in any interleaving.
    """

    def __init__(self, config: StragglerConfig | None = None) -> None:
        self.config = config or StragglerConfig()
        self._ranks: dict[int, _Rank] = {}
        self._reported: dict[tuple[str, str], int] = {}
        """Per unit (``("rank", "3")`` or ``("node", "b")``): 1 transient, 2 persistent."""

    def forget(self) -> None:
        """Drops all history: call it when a new attempt starts (ranks and timings change)."""
        self._ranks.clear()
        self._reported.clear()

    def observe(
        self, rank: int, node: str, step: int, dt: float | None, comm_s: float | None
    ) -> list[Straggler]:
        """Adds one step sample of ``rank`` and returns new findings (usually none).

        Args:
            rank: the global rank.
            node: the node it runs on.
            step: its step number.
            dt: seconds the step took (None: nothing to learn from this sample).
            comm_s: seconds of it spent inside collectives (None: unknown, counted as 0,
                which makes this rank look like it computes all the time, like everyone).
        """
        c = self.config
        st = self._ranks.get(rank)
        if st is None or st.node != node:
            st = self._ranks[rank] = _Rank(node=node)
        st.last_step = max(st.last_step, step)
        if dt is None or dt < 0:
            return []
        st.seen += 1
        if st.seen <= c.warmup:
            return []
        wait = min(max(comm_s or 0.0, 0.0), dt)
        for q, v in ((st.compute, dt - wait), (st.comm, wait), (st.dt, dt)):
            q.append(v)
            if len(q) > c.window:
                q.popleft()
        if len(st.compute) < c.window:
            return []
        # Kept per rank so that scoring one rank costs O(ranks), not O(ranks x window).
        st.med_compute = median(st.compute)
        st.med_comm = median(st.comm)
        score = self._score(rank, st)
        if score is None:
            return []
        st.last = score
        if score.flagged:
            st.run += 1
            st.calm = 0
        else:
            st.calm += 1
            if st.calm >= c.clear_steps:
                st.run = 0
                self._reported.pop(("rank", str(rank)), None)
                self._reported.pop(("node", node), None)
        return self._emit(rank, st, step)

    def _score(self, rank: int, st: _Rank) -> _Score | None:
        c = self.config
        fresh = [
            (r, o)
            for r, o in self._ranks.items()
            if r != rank
            and len(o.compute) >= c.window
            and o.last_step >= st.last_step - c.stale_steps
        ]
        if not fresh:
            return None
        mine = st.med_compute
        others = [o.med_compute for _, o in fresh]
        ref = median(others)
        wait = median([o.med_comm for _, o in fresh])
        step_time = median(st.dt)
        excess = mine - ref
        ratio = mine / ref if ref > 0 else float("inf") if mine > 0 else 1.0
        z = 0.0
        z_ok = True
        if len(others) >= 2:
            spread = MAD_TO_SIGMA * median([abs(x - ref) for x in others])
            z = excess / max(spread, c.mad_floor_frac * ref, 1e-9)
            z_ok = z >= c.z_min
        flagged = (
            ratio >= c.min_ratio
            and excess >= max(c.min_excess_s, c.min_excess_frac * step_time)
            and z_ok
            and wait >= c.wait_frac * excess
        )
        return _Score(flagged, ratio, z, mine, ref, wait, step_time)

    def _emit(self, rank: int, st: _Rank, step: int) -> list[Straggler]:
        c = self.config
        if st.run < c.confirm_steps or st.last is None:
            return []
        persistent = st.run >= c.persist_steps
        level = 2 if persistent else 1
        mates = [r for r, o in self._ranks.items() if o.node == st.node]
        nodes = {o.node for o in self._ranks.values()}
        node_wide = (
            len(mates) >= 2
            and len(nodes) >= 2
            and all(self._ranks[r].run >= c.confirm_steps for r in mates)
        )
        if (
            not node_wide
            and len(nodes) >= 2
            and any(0 < self._ranks[r].run < c.confirm_steps for r in mates)
        ):
            return []  # its node-mates are turning slow too: wait to report the node once
        if node_wide:
            unit = ("node", st.node)
            level = 2 if all(self._ranks[r].run >= c.persist_steps for r in mates) else 1
            slowest = max(mates, key=lambda r: self._score_of(r).compute)
            score, who, ranks = self._score_of(slowest), slowest, tuple(sorted(mates))
        else:
            unit = ("rank", str(rank))
            score, who, ranks = st.last, rank, (rank,)
        if self._reported.get(unit, 0) >= level:
            return []
        self._reported[unit] = level
        return [
            Straggler(
                rank=who,
                node=st.node,
                step=step,
                slowdown=score.ratio,
                persistent=level == 2,
                node_wide=node_wide,
                ranks=ranks,
                compute_s=score.compute,
                typical_compute_s=score.others_compute,
                others_wait_s=score.others_wait,
                step_time_s=score.step_time,
                z=score.z,
            )
        ]

    def _score_of(self, rank: int) -> _Score:
        last = self._ranks[rank].last
        assert last is not None  # flagged ranks have been scored
        return last
