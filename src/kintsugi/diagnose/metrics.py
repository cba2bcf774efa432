"""The training loss and gradient norm as a log ends: did the optimization diverge?

A NaN after the loss doubled, or the gradient norm grew tenfold, is the recipe (a learning rate
too high, no warm-up or clipping); a NaN out of a smooth loss is not. Only the log's last
``TAIL_BYTES`` are read, after the streaming scan and only in an attempt that logged a NaN:
where the divergence shows, and enough values before it for the usual level, without sending
every progress line of a long log through the line parser.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import defaultdict
from pathlib import Path

from kintsugi.diagnose.extract import METRIC_KEYWORDS, train_metrics
from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.parse_state import Context
from kintsugi.diagnose.signatures import Role
from kintsugi.events import Action, Category, Layer

TAIL_BYTES = 256 << 10
"""How much of a log's end is read for its metrics."""
TAIL = 3
"""The last values of a series that show a divergence."""
DIVERGED = {"loss": 2.0, "grad norm": 10.0}
"""How many times its earlier median a metric's last values must reach: a loss that doubles,
a gradient norm ten times its usual size."""
_RANK = re.compile(r"\[rank:? ?(\d+)\]|\brank[ =:]?(\d+)\b", re.I)


# A metrics CSV's columns (Lightning's CSVLogger, a loop's own "step,lr,loss,grad_norm"):
# the training loss and the gradient norm, not a validation loss
_CSV_COLUMNS = (
    ("loss", re.compile(r"(?:train(?:ing)?[/_])?(?:lm[ _])?loss(?:[/_](?:step|epoch))?")),
    ("grad norm", re.compile(r"(?:train[/_])?(?:global_|total_)?grad(?:ient)?[ _]?norm\w*")),
)


def _csv_header(line: str) -> dict[int, str] | None:
    """Column index -> metric name, where ``line`` is a CSV header naming one."""
    fields = [x.strip().strip("\"'").lower() for x in line.split(",")]
    if len(fields) < 2 or any(not f or f[0].isdigit() for f in fields):
        return None
    cols = {
        i: name
        for i, f in enumerate(fields)
        for name, pattern in _CSV_COLUMNS
        if pattern.fullmatch(f)
    }
    return cols or None


def series(text: str, default_rank: int | None) -> dict[tuple[str, int | None], list[float]]:
    """("loss" or "grad norm", rank) -> the finite values ``text`` logs, in order: in its
    lines, or in the rows of a metrics CSV."""
    out: dict[tuple[str, int | None], list[float]] = defaultdict(list)
    header: dict[int, str] | None = None
    width = 0
    for line in text.splitlines():
        if "," in line and (cols := _csv_header(line)) is not None:
            header, width = cols, line.count(",") + 1
            continue
        if header is not None and line.count(",") + 1 == width:
            fields = line.split(",")
            for i, name in header.items():
                v = _finite(fields[i])
                if v is not None:
                    out[(name, default_rank)].append(v)
            continue
        low = line.lower()
        if not any(k in low for k in METRIC_KEYWORDS):
            continue
        values = train_metrics(line)
        if values == (None, None):
            continue
        m = _RANK.search(line[:160])
        rank = int(m[1] or m[2]) if m else default_rank
        for name, v in zip(("loss", "grad norm"), values, strict=True):
            if v is not None:
                out[(name, rank)].append(v)
    return out


def _finite(field: str) -> float | None:
    try:
        v = float(field)
    except ValueError:
        return None
    return v if math.isfinite(v) else None


def divergences(path: Path, ctx: Context) -> list[Finding]:
    """``diverging`` findings for each loss or gradient norm that climbs far above its usual
    level in the last values ``path`` logged (an uncompressed text file)."""
    try:
        with path.open("rb") as f:
            f.seek(0, 2)
            size = f.tell()
            f.seek(max(0, size - TAIL_BYTES))
            text = f.read().decode("utf-8", "replace")
    except OSError:
        return []
    out: list[Finding] = []
    for (name, rank), values in series(text, ctx.rank).items():
        earlier, tail = values[:-TAIL], values[-TAIL:]
        if len(earlier) < 3:
            continue
        usual, peak = statistics.median(earlier), max(tail)
        if usual > 0 and peak >= DIVERGED[name] * usual:
            out.append(
                Finding(
                    signature="diverging",
                    category=Category.NUMERICAL,
                    layer=Layer.SCRIPT,
                    action=Action.STOP,
                    severity=1,
                    role=Role.CONTEXT,
                    text=f"the logged {name} rose from {usual:.4g} to {peak:.4g} as the log ends",
                    source=ctx.source,
                    node=ctx.node,
                    rank=rank,
                    attempt=ctx.attempt,
                    value=peak / usual,
                    detail=name,
                )
            )
    return out
