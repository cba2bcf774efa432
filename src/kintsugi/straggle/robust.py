"""Robust location and scale: the median and the median absolute deviation (MAD)."""

from __future__ import annotations

from collections.abc import Sequence

MAD_TO_SIGMA = 1.4826
"""MAD times this estimates the standard deviation of normally distributed data."""


def median(xs: Sequence[float]) -> float:
    """The median of a non-empty sequence."""
    s = sorted(xs)
    n = len(s)
    if n == 0:
        raise ValueError("median of an empty sequence")
    mid = n // 2
    return s[mid] if n % 2 else (s[mid - 1] + s[mid]) / 2.0


def mad(xs: Sequence[float], center: float | None = None) -> float:
    """The median absolute deviation from ``center`` (default: the median)."""
    c = median(xs) if center is None else center
    return median([abs(x - c) for x in xs])


def robust_z(x: float, xs: Sequence[float], scale_floor: float) -> float:
    """How many robust standard deviations ``x`` lies above the median of ``xs``.

    Args:
        x: the value to score.
        xs: the reference values (non-empty).
        scale_floor: the smallest scale used, so that identical references (MAD 0) do not
            turn a tiny difference into an infinite score.
    """
    c = median(xs)
    scale = max(MAD_TO_SIGMA * mad(xs, c), scale_floor)
    return (x - c) / scale
