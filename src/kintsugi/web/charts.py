"""Charts as inline SVG, rendered on the server: no JavaScript, and they print and save.

Every label is escaped here, since labels may come from the store.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

PALETTE = ("#2f855a", "#c05621", "#b7791f", "#2b6cb0", "#9b2c2c", "#6b46c1", "#4a5568", "#d53f8c")


def breakdown_bar(parts: Sequence[tuple[str, float]], width: int = 720) -> str:
    """One horizontal bar split into ``parts`` (label, seconds), with a legend under it."""
    total = sum(max(v, 0.0) for _, v in parts)
    rows = (len(parts) + 2) // 3
    height = 40 + 22 * rows
    out = [
        f'<svg class="chart" role="img" aria-label="time breakdown" viewBox="0 0 {width} '
        f'{height}" width="{width}" height="{height}" xmlns="http://www.w3.org/2000/svg">'
    ]
    x = 0.0
    for i, (label, value) in enumerate(parts):
        w = 0.0 if total <= 0 else width * max(value, 0.0) / total
        color = PALETTE[i % len(PALETTE)]
        share = 0.0 if total <= 0 else 100 * max(value, 0.0) / total
        tip = escape(f"{label}: {value:.1f} s ({share:.1f}%)")
        if w > 0:
            out.append(
                f'<rect x="{x:.2f}" y="4" width="{w:.2f}" height="24" fill="{color}">'
                f"<title>{tip}</title></rect>"
            )
        x += w
        lx, ly = (i % 3) * (width / 3), 48 + 22 * (i // 3)
        out.append(f'<rect x="{lx:.0f}" y="{ly - 10}" width="10" height="10" fill="{color}"/>')
        out.append(f'<text x="{lx + 14:.0f}" y="{ly}" font-size="12">{tip}</text>')
    out.append("</svg>")
    return "".join(out)


def _ticks(lo: float, hi: float, n: int = 4) -> list[float]:
    if hi <= lo:
        return [lo]
    raw = (hi - lo) / n
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    first = math.ceil(lo / step) * step
    return [first + i * step for i in range(n + 2) if first + i * step <= hi + 1e-12]


def line_chart(
    points: Sequence[tuple[float, float]],
    *,
    title: str,
    unit: str,
    width: int = 720,
    height: int = 200,
    marks: Sequence[tuple[float, str]] = (),
) -> str:
    """A line over time (x in seconds since the epoch, shown relative to the first point).

    Args:
        points: (ts, value), in time order; non-finite values are skipped.
        title: the chart's accessible name and caption.
        unit: the y unit, for the axis labels.
        width: pixels.
        height: pixels.
        marks: vertical lines (ts, label), e.g. restarts.
    """
    pts = [(x, y) for x, y in points if math.isfinite(y)]
    head = (
        f'<svg class="chart" role="img" aria-label="{escape(title)}" viewBox="0 0 {width} '
        f'{height}" width="{width}" height="{height}" xmlns="http://www.w3.org/2000/svg">'
        f'<text x="4" y="14" font-size="12" font-weight="bold">{escape(title)}</text>'
    )
    if not pts:
        return head + '<text x="4" y="40" font-size="12">no data</text></svg>'
    left, right, top, bottom = 56, 8, 22, 22
    x0, x1 = pts[0][0], pts[-1][0]
    if x1 - x0 < 1e-3:
        x1 = x0 + 1.0  # one point (or one instant): any span will do
    ys = [y for _, y in pts]
    y0, y1 = min(ys), max(ys)
    if y1 - y0 < 1e-12:
        y0, y1 = y0 - 0.5 * abs(y0 or 1), y1 + 0.5 * abs(y1 or 1)

    def sx(x: float) -> float:
        return left + (width - left - right) * (x - x0) / (x1 - x0)

    def sy(y: float) -> float:
        return height - bottom - (height - top - bottom) * (y - y0) / (y1 - y0)

    out = [head]
    for t in _ticks(y0, y1):
        out.append(
            f'<line x1="{left}" x2="{width - right}" y1="{sy(t):.1f}" y2="{sy(t):.1f}" '
            f'stroke="#e2e8f0"/><text x="{left - 4}" y="{sy(t) + 4:.1f}" font-size="10" '
            f'text-anchor="end">{t:.4g} {escape(unit)}</text>'
        )
    span = x1 - x0
    for t in _ticks(0.0, span):
        out.append(
            f'<text x="{sx(x0 + t):.1f}" y="{height - 6}" font-size="10" text-anchor="middle">'
            f"{_duration(t)}</text>"
        )
    for ts, label in marks:
        if x0 <= ts <= x1:
            out.append(
                f'<line x1="{sx(ts):.1f}" x2="{sx(ts):.1f}" y1="{top}" y2="{height - bottom}" '
                f'stroke="#c53030" stroke-dasharray="4 3"><title>{escape(label)}</title></line>'
            )
    path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in pts)
    out.append(f'<polyline fill="none" stroke="#2b6cb0" stroke-width="1.5" points="{path}"/>')
    out.append("</svg>")
    return "".join(out)


def _duration(s: float) -> str:
    if s < 120:
        return f"{s:.0f}s"
    if s < 7200:
        return f"{s / 60:.0f}m"
    if s < 172800:
        return f"{s / 3600:.0f}h"
    return f"{s / 86400:.0f}d"
