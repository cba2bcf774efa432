"""Loss spikes: a loss far above its recent median, by a robust score over a window.

The median and MAD of the last ``window`` finite losses are the reference; a loss scoring
``z_min`` robust standard deviations above the median and ``min_rel`` above it in relative
terms is a spike. Non-finite losses are the NaN tracker's business, not this one's.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

from kintsugi.events import JSON
from kintsugi.straggle.robust import MAD_TO_SIGMA, median


@dataclass(frozen=True, kw_only=True, slots=True)
class LossSpikeConfig:
    """Thresholds of the loss spike detector."""

    window: int = 50
    """Recent losses forming the reference."""
    min_samples: int = 20
    """No verdicts before this many losses (the start of training moves fast)."""
    z_min: float = 8.0
    """Robust standard deviations above the median."""
    min_rel: float = 0.25
    """... and at least this fraction above the median (flat losses have a tiny MAD)."""
    cooldown: int = 20
    """Steps after a spike during which further spikes are folded into it."""

    def __post_init__(self) -> None:
        if self.window < 3 or not 3 <= self.min_samples <= self.window:
            raise ValueError("need window >= min_samples >= 3")
        if self.z_min <= 0 or self.min_rel < 0 or self.cooldown < 0:
            raise ValueError("z_min must be > 0, min_rel and cooldown >= 0")


@dataclass(frozen=True, kw_only=True, slots=True)
class LossSpike:
    """A loss spike at ``step`` of ``rank``."""

    rank: int
    step: int
    loss: float
    median: float
    score: float
    """Robust z-score of the loss against the window."""

    def event_data(self) -> dict[str, JSON]:
        """The payload of a ``loss_spike`` event."""
        return {
            "rank": self.rank,
            "step": self.step,
            "loss": self.loss,
            "median": self.median,
            "score": round(self.score, 2),
        }


class LossSpikeDetector:
    """Per-rank windows of losses; :meth:`observe` returns a spike or None."""

    def __init__(self, config: LossSpikeConfig | None = None) -> None:
        self.config = config or LossSpikeConfig()
        self._losses: dict[int, deque[float]] = {}
        self._last_spike: dict[int, int] = {}

    def forget(self) -> None:
        """Drops all history (a new attempt restarts from a checkpoint)."""
        self._losses.clear()
        self._last_spike.clear()

    def observe(self, rank: int, step: int, loss: float | str | None) -> LossSpike | None:
        """Adds one loss; returns a spike if this one is.

        Args:
            rank: the reporting rank.
            step: the step the loss belongs to.
            loss: the loss as sent (``"nan"``/``"inf"`` strings and None are skipped).
        """
        if not isinstance(loss, float | int) or isinstance(loss, bool) or not math.isfinite(loss):
            return None
        c = self.config
        win = self._losses.setdefault(rank, deque(maxlen=c.window))
        spike = None
        if len(win) >= c.min_samples:
            med = median(win)
            scale = max(MAD_TO_SIGMA * median([abs(x - med) for x in win]), 1e-12)
            z = (loss - med) / scale
            rel_ok = loss - med >= c.min_rel * abs(med)
            last = self._last_spike.get(rank)
            if z >= c.z_min and rel_ok and (last is None or step - last > c.cooldown):
                spike = LossSpike(rank=rank, step=step, loss=float(loss), median=med, score=z)
            if z >= c.z_min and rel_ok:
                self._last_spike[rank] = step
        win.append(float(loss))
        return spike
