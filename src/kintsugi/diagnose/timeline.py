"""Timestamps in the formats training logs carry, on one scale, to order failures across nodes.

glog (``[E0312 09:12:44.081233``), Python logging and ISO (``2024-03-12 09:12:44,081``) or
with a slashed date (``03/12/2024 09:12:44``),
torchrun summaries (``2024-03-12_09:12:44``), ``dmesg -T`` (``[Tue Mar 12 09:12:44 2024]``)
and syslog (``Mar 12 09:12:44 host kernel:``). glog and syslog carry no year, so every stamp
is reduced to seconds since the start of its year: comparable across formats and nodes.
Kernel uptime stamps (``[12345.678]``) are placed on that scale when a line of the same file
carries both an absolute stamp and an uptime.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime

_MONTHS = {
    m: i
    for i, m in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1
    )
}
# Day of the year at which each month starts, in a leap year (Feb 29 must be representable).
_MONTH_START = [0, 0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335]

_ISO = re.compile(
    r"(?<!\d)(?P<y>(?:19|20)\d\d)-(?P<mo>[01]\d)-(?P<d>[0-3]\d)[ T_]"
    r"(?P<h>[0-2]\d):(?P<mi>[0-5]\d):(?P<s>[0-6]\d)(?:[.,](?P<f>\d{1,9}))?"
    r"(?P<tz>Z|[+-][01]\d:?[0-5]\d)?(?!\d)"
)
# glog pads the month (E0312); PyTorch's c10 logger does not (E312, E1106).
_GLOG = re.compile(
    r"(?<![\w.])[IWEF](?P<mo>1[0-2]|0?[1-9])(?P<d>[0-3]\d) (?P<h>[0-2]\d):(?P<mi>[0-5]\d):"
    r"(?P<s>[0-6]\d)(?:\.(?P<f>\d{1,9}))?"
)
_TEXTUAL = re.compile(
    r"(?i)\b(?P<mon>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w* +(?P<d>[0-3]?\d) "
    r"(?P<h>[0-2]\d):(?P<mi>[0-5]\d):(?P<s>[0-6]\d)(?:\.(?P<f>\d{1,9}))?"
)
_UPTIME = re.compile(r"\[\s*(?P<up>\d{1,9}\.\d{3,9})\]")
# Python logging with the date format HF's examples and many scripts set ("%m/%d/%Y
# %H:%M:%S": ``11/26/2026 09:43:02 - WARNING - ...``); a first number above 12 is a day
_SLASHED = re.compile(
    r"(?<![\d/])(?P<mo>[0-3]?\d)/(?P<d>[0-3]?\d)/(?P<y>(?:19|20)\d\d)[ ,]+"
    r"(?P<h>[0-2]\d):(?P<mi>[0-5]\d):(?P<s>[0-6]\d)(?:[.,](?P<f>\d{1,9}))?(?!\d)"
)


def _month_day(m: re.Match[str]) -> tuple[int, int]:
    """A stamp's month and day; a slashed date whose first number cannot be a month is a
    day first (``26/11/2026``)."""
    mo, d = int(m["mo"]), int(m["d"])
    return (d, mo) if m.re is _SLASHED and mo > 12 else (mo, d)


def _seconds(mo: int, d: int, h: int, mi: int, s: int, frac: str | None) -> float | None:
    if not (1 <= mo <= 12 and 1 <= d <= 31 and h < 24):
        return None
    f = float("0." + frac) if frac else 0.0
    return float(((_MONTH_START[mo] + d - 1) * 24 + h) * 3600 + mi * 60 + min(s, 59)) + f


def _offset(tz: str | None) -> float:
    """Seconds an ISO 8601 stamp's zone is ahead of UTC (``+02:00`` is 7200; none or ``Z``:
    0), so stamps written in different zones land on one scale."""
    if not tz or tz == "Z":
        return 0.0
    digits = tz[1:].replace(":", "")
    secs = int(digits[:2]) * 3600 + int(digits[2:]) * 60
    return float(secs if tz[0] == "+" else -secs)


def parse_ts(line: str) -> float | None:
    """Seconds since the start of the year of the first absolute timestamp in ``line``."""
    best: tuple[int, float] | None = None
    for rx in (_ISO, _GLOG, _SLASHED):
        m = rx.search(line) if rx is not _SLASHED or "/" in line else None
        if m and (best is None or m.start() < best[0]):
            v = _seconds(*_month_day(m), int(m["h"]), int(m["mi"]), int(m["s"]), m["f"])
            if v is not None:
                best = (m.start(), v - _offset(m.groupdict().get("tz")))
    if best is None and (m := _TEXTUAL.search(line)):
        mon = _MONTHS[m["mon"][:3].lower()]
        v = _seconds(mon, int(m["d"]), int(m["h"]), int(m["mi"]), int(m["s"]), m["f"])
        if v is not None:
            best = (m.start(), v)
    return best[1] if best else None


def parse_uptime(line: str) -> float | None:
    """The kernel's seconds since boot in ``[12345.678]``, or None."""
    m = _UPTIME.search(line)
    return float(m["up"]) if m else None


def epoch_to_scale(ts: float) -> float:
    """An epoch time (an event's ``ts``) on the same scale as ``parse_ts``."""
    t = datetime.fromtimestamp(ts, UTC)
    base = _seconds(t.month, t.day, t.hour, t.minute, t.second, None)
    return (base or 0.0) + t.microsecond / 1e6


# A time of day alone at the start of a line (``[03:11:52] epoch 0 step 13150``, ``03:11:52
# INFO ...``), after an srun label: dated by the file's last full stamp
_TIME_OF_DAY = re.compile(
    r"^(?:\d{1,5}: ?)?\[?(?P<h>[0-2]\d):(?P<mi>[0-5]\d):(?P<s>[0-6]\d)(?:[.,]\d{1,9})?\]?[ \t|]"
)
DAY_S = 86400.0


class Clock:
    """Timestamps of one file: absolute where the line has one, uptime mapped once anchored,
    a time of day alone dated by the last absolute stamp before it."""

    __slots__ = ("boot", "day", "tod")

    def __init__(self) -> None:
        self.boot: float | None = None
        """Absolute time of the kernel's boot, once a line showed both kinds of stamp."""
        self.day: float | None = None
        """Start of the day of the latest dated line (a time of day alone falls in it)."""
        self.tod: float = 0.0
        """Time of day of the latest stamped line, to notice midnight passing."""

    def stamp(self, line: str, before: Callable[[], float | None] | None = None) -> float | None:
        """The line's time on the common scale, or None.

        Args:
            before: the last absolute stamp before this line, asked for only when a time of
                day alone needs its date and no line stamped here gave one.
        """
        ts = parse_ts(line)
        up = parse_uptime(line) if "[" in line else None
        if ts is not None:
            if up is not None and self.boot is None:
                self.boot = ts - up
            self.tod = ts % DAY_S
            self.day = ts - self.tod
            return ts
        if up is not None and self.boot is not None:
            return self.boot + up
        m = _TIME_OF_DAY.match(line)
        if (
            m is not None
            and self.day is None
            and before is not None
            and (anchor := before()) is not None
        ):
            self.tod = anchor % DAY_S
            self.day = anchor - self.tod
        if m is not None and self.day is not None:
            tod = int(m["h"]) * 3600.0 + int(m["mi"]) * 60.0 + min(int(m["s"]), 59)
            if tod >= DAY_S:
                return None
            if tod < self.tod - DAY_S / 2:
                self.day += DAY_S  # the clock went past midnight since the dated line
            self.tod = tod
            return self.day + tod
        return None


def reboot_in(lines: list[str]) -> tuple[float, float | None] | None:
    """Where a kernel log's uptime went back to near zero (the node booted again): the time of
    the last line before it (the previous boot was alive then) and when the new boot began
    (the first line after it, less its uptime), where the lines carry absolute stamps, as a
    syslog or ``dmesg -T`` file does. The first such reboot counts."""
    prev_up: float | None = None
    prev_line = ""
    for line in lines:
        up = parse_uptime(line) if "[" in line else None
        if up is None:
            continue
        if prev_up is not None and up < prev_up - 1.0:
            alive, now = parse_ts(prev_line), parse_ts(line)
            if alive is None:
                return None
            return alive, (now - up if now is not None else None)
        prev_up, prev_line = up, line
    return None


def last_stamp(text: str) -> float | None:
    """The time of the last absolute timestamp in ``text`` (one pass per format)."""
    best: tuple[int, float] | None = None
    for rx in (_ISO, _GLOG, _SLASHED, _TEXTUAL):
        m = None
        for m in rx.finditer(text):  # noqa: B007 - the loop keeps the last match
            pass
        if m is None or (best is not None and m.start() <= best[0]):
            continue
        mon, day = (
            _month_day(m) if "mo" in rx.groupindex else (_MONTHS[m["mon"][:3].lower()], int(m["d"]))
        )
        v = _seconds(mon, day, int(m["h"]), int(m["mi"]), int(m["s"]), m["f"])
        if v is not None:
            best = (m.start(), v - _offset(m.groupdict().get("tz")))
    return best[1] if best else None


def first_stamp(text: str, lines: int = 200) -> float | None:
    """The time of the first absolute timestamp among the first ``lines`` lines of ``text``."""
    for line in text.splitlines()[:lines]:
        ts = parse_ts(line)
        if ts is not None:
            return ts
    return None
