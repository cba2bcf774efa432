"""Per-rank progress tracking and hang detection with timeouts learned from step times.

Pure over messages and a clock, so the policy is tested without processes. A rank is hung when
it has been silent for longer than its current limit:

* before its first step in an attempt: the start-up limit;
* inside a named section (``kintsugi.section("checkpoint")``): that section's limit;
* between steps: ``max(floor, factor x p99)`` of the step times seen so far in the run, once
  ``min_samples`` steps were seen (until then the start-up limit applies).
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field


@dataclass(kw_only=True, slots=True)
class HangConfig:
    """How long a rank may be silent."""

    factor: float = 3.0
    """Multiplier on the p99 step time."""
    floor_s: float = 10.0
    """The learned limit is never below this."""
    startup_s: float = 600.0
    """Limit before the first step of an attempt (imports, rendezvous, restore)."""
    min_samples: int = 5
    """Steps needed before the learned limit replaces the start-up one."""
    window: int = 512
    """How many recent step times the p99 is taken over."""
    section_s: dict[str, float] = field(default_factory=dict)
    """Limits per section name."""
    default_section_s: float = 600.0
    """Limit for sections not named in ``section_s``."""
    exit_s: float = 120.0
    """Limit for a rank that announced its exit (interpreter teardown)."""

    def __post_init__(self) -> None:
        if self.factor <= 0 or self.floor_s <= 0 or self.startup_s <= 0:
            raise ValueError("hang factor, floor and start-up timeout must be > 0")
        if self.min_samples < 1:
            raise ValueError("min_samples must be >= 1")
        for name, s in self.section_s.items():
            if s <= 0:
                raise ValueError(f"section timeout for {name!r} must be > 0")


@dataclass(slots=True)
class RankProgress:
    """What one rank last said, on the agent's monotonic clock."""

    rank: int
    started_t: float
    last_t: float
    last_step: int | None = None
    max_step: int | None = None
    pid: int | None = None
    section: str | None = None
    section_timeout_s: float | None = None
    exiting: bool = False


@dataclass(frozen=True, slots=True)
class Hang:
    """The verdict that ranks are hung."""

    ranks: tuple[int, ...]
    silent_s: float
    timeout_s: float
    phase: str


def p99(values: deque[float] | list[float]) -> float:
    """The 99th percentile (nearest rank)."""
    if not values:
        return math.nan
    s = sorted(values)
    return s[min(len(s) - 1, math.ceil(0.99 * len(s)) - 1)]


class ProgressTracker:
    """Tracks every local rank of one attempt; step times persist across attempts."""

    def __init__(self, config: HangConfig) -> None:
        self.config = config
        self.step_times: deque[float] = deque(maxlen=config.window)
        self.ranks: dict[int, RankProgress] = {}

    def start_attempt(self, ranks: list[int], now: float) -> None:
        self.ranks = {r: RankProgress(rank=r, started_t=now, last_t=now) for r in ranks}

    def _get(self, rank: int, now: float) -> RankProgress:
        rp = self.ranks.get(rank)
        if rp is None:
            rp = self.ranks[rank] = RankProgress(rank=rank, started_t=now, last_t=now)
        return rp

    def on_hello(self, rank: int, pid: int, now: float) -> None:
        self._get(rank, now).pid = pid

    def on_step(self, rank: int, step: int, dt: float | None, now: float) -> None:
        rp = self._get(rank, now)
        # The first step's dt includes start-up; only steady-state intervals teach the limit.
        if rp.last_step is not None and dt is not None and dt >= 0 and rp.section is None:
            self.step_times.append(dt)
        rp.last_step = step
        rp.max_step = step if rp.max_step is None else max(rp.max_step, step)
        rp.last_t = now

    def on_section(
        self, rank: int, name: str, enter: bool, timeout_s: float | None, now: float
    ) -> None:
        rp = self._get(rank, now)
        rp.last_t = now
        if enter:
            rp.section = name
            rp.section_timeout_s = timeout_s
        else:
            rp.section = None
            rp.section_timeout_s = None

    def on_exit(self, rank: int, now: float) -> None:
        rp = self._get(rank, now)
        rp.last_t = now
        rp.exiting = True

    def learned_timeout_s(self) -> float | None:
        """The between-steps limit, or None until enough steps were seen."""
        if len(self.step_times) < self.config.min_samples:
            return None
        return max(self.config.floor_s, self.config.factor * p99(self.step_times))

    def limit_for(self, rp: RankProgress) -> tuple[float, str]:
        """The silence limit that applies to ``rp`` now, and the phase it belongs to."""
        c = self.config
        if rp.exiting:
            return c.exit_s, "exit"
        if rp.section is not None:
            limit = rp.section_timeout_s or c.section_s.get(rp.section, c.default_section_s)
            return limit, f"section:{rp.section}"
        if rp.last_step is None:
            return c.startup_s, "startup"
        learned = self.learned_timeout_s()
        if learned is None:
            return c.startup_s, "warmup"
        return learned, "step"

    def check(self, now: float) -> Hang | None:
        """Returns a Hang if any rank has been silent past its limit.

        A section open on one rank covers them all: while rank 0 alone writes a checkpoint
        (``torch.save`` on rank 0 is the common case), the others wait for it in their next
        collective and are not hung.
        """
        hung: list[tuple[RankProgress, float, float, str]] = []
        sections = [
            self.limit_for(rp) for rp in self.ranks.values() if rp.section and not rp.exiting
        ]
        cover = max(sections, default=None)
        for rp in self.ranks.values():
            limit, phase = self.limit_for(rp)
            if cover is not None and not rp.exiting and cover[0] > limit:
                limit, phase = cover
            silent = now - rp.last_t
            if silent > limit:
                hung.append((rp, silent, limit, phase))
        if not hung:
            return None
        worst = max(hung, key=lambda h: h[1] - h[2])
        return Hang(
            ranks=tuple(sorted(h[0].rank for h in hung)),
            silent_s=worst[1],
            timeout_s=worst[2],
            phase=worst[3],
        )

    def max_step(self) -> int | None:
        steps = [rp.max_step for rp in self.ranks.values() if rp.max_step is not None]
        return max(steps) if steps else None
