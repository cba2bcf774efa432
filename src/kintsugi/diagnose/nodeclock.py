"""A node's clock as its own small files describe it: when it booted and which zone it logs in.

``uptime -s`` (or ``who -b``, or ``/proc/stat``'s ``btime``) places the kernel's uptime stamps
(``[86012.412]``) on the common scale, and ``timedatectl``'s zone turns the node's kernel log
stamps (syslog, journal, ``dmesg -T``: local time, no zone written) into UTC, so a node that
logs in PDT orders correctly against one that logs in UTC; a journalctl export's header
(``-- Journal begins at ... JST. --``) does the same for its own file.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.signatures import Role
from kintsugi.diagnose.timeline import epoch_to_scale, parse_ts, parse_uptime

_BOOT = re.compile(
    r"uptime -s[^\n]*\n\s*(?P<up>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\s*$|"
    r"^\s*system boot\s+(?P<who>\d{4}-\d\d-\d\d \d\d:\d\d(?::\d\d)?)\s*$|"
    r"^btime (?P<btime>\d{9,11})\s*$",
    re.M,
)
_ZONE = re.compile(r"Time zone: \S+ \((?P<abbr>[A-Za-z+-]*\d*), (?P<off>[+-]\d{4})\)")
_CUES = (
    b"uptime -s",
    b"Time zone:",
    b"btime",
    b"system boot",
    b"-- Journal begins",
    b"-- Logs begin",
)
# journalctl's header names the zone its stamps are in: "-- Journal begins at Tue 2024-07-02
# 09:00:01 JST. --" (systemd 246+), "-- Logs begin at Tue 2024-07-02 09:00:01 JST, end at ..."
_JOURNAL = re.compile(
    r"^-- (?:Journal begins|Logs begin) at \w{3} \d{4}-\d\d-\d\d \d\d:\d\d:\d\d "
    r"(?P<abbr>[A-Z]{2,5})\b",
    re.M,
)
# Zone abbreviations that mean one offset wherever they are written (CST, IST and the like,
# which mean several, are left out), in hours ahead of UTC.
_ZONE_HOURS = {
    "UTC": 0.0, "GMT": 0.0, "Z": 0.0, "WET": 0.0, "BST": 1.0, "CET": 1.0, "CEST": 2.0,
    "EET": 2.0, "EEST": 3.0, "MSK": 3.0, "JST": 9.0, "KST": 9.0, "HKT": 8.0, "SGT": 8.0,
    "AWST": 8.0, "AEST": 10.0, "AEDT": 11.0, "NZST": 12.0, "NZDT": 13.0, "PST": -8.0,
    "PDT": -7.0, "MST": -7.0, "MDT": -6.0, "CDT": -5.0, "EST": -5.0, "EDT": -4.0, "HST": -10.0,
}  # fmt: skip
_ZONED = re.compile(r"\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)(?!\d)")


@dataclass(slots=True)
class NodeClocks:
    """Per node: its boot time on the common scale (as written: local time) and its zone."""

    boot: dict[str, float] = field(default_factory=dict)
    """Node -> when it booted, on the scale, in the node's local time (``btime``: UTC)."""
    utc_boot: set[str] = field(default_factory=set)
    """Nodes whose boot time was given in UTC already."""
    offset_s: dict[str, float] = field(default_factory=dict)
    """Node -> seconds its local time is ahead of UTC (PDT: -25200)."""
    file_offset_s: dict[str, float] = field(default_factory=dict)
    """File -> seconds its stamps are ahead of UTC, where the file names its zone (journalctl)."""

    def read(self, head: bytes, node: str | None, source: str = "") -> None:
        """Collects what a node's own text file says of its clock."""
        if node is None or not any(k in head for k in _CUES):
            return
        text = head.decode("utf-8", "replace")
        if (j := _JOURNAL.search(text)) is not None and j["abbr"] in _ZONE_HOURS:
            self.file_offset_s[source] = _ZONE_HOURS[j["abbr"]] * 3600.0
        if (z := _ZONE.search(text)) is not None:
            off = int(z["off"][1:3]) * 3600 + int(z["off"][3:]) * 60
            self.offset_s.setdefault(node, float(off if z["off"][0] == "+" else -off))
        m = _BOOT.search(text)
        if m is None or node in self.boot:
            return
        if m["btime"]:
            self.boot[node] = epoch_to_scale(float(m["btime"]))
            self.utc_boot.add(node)
            return
        stamp = m["up"] or m["who"]
        ts = parse_ts(stamp if stamp.count(":") == 2 else stamp + ":00")
        if ts is not None:
            self.boot[node] = ts

    def apply(self, findings: list[Finding], kernel_sources: Collection[str]) -> list[Finding]:
        """Kernel findings of nodes with a known clock, put on UTC: uptime stamps through the
        boot time, local stamps through the zone."""
        if not self.boot and not any(self.offset_s.values()) and not self.file_offset_s:
            return findings
        out = []
        for f in findings:
            if f.node is not None and f.source in self.file_offset_s:
                f = self._fix(f, self.file_offset_s[f.source])
            elif f.node is not None and f.source in kernel_sources:
                f = self._fix(f, self.offset_s.get(f.node, 0.0))
            out.append(f)
        return out

    def _fix(self, f: Finding, off: float) -> Finding:
        assert f.node is not None
        boot = self.boot.get(f.node)
        if boot is not None and (f.ts is None or not f.ts_exact):
            up = parse_uptime(f.text) if "[" in f.text else None
            if up is not None:
                local = 0.0 if f.node in self.utc_boot else off
                return f.with_(ts=boot + up - local, ts_exact=True)
        if f.ts is not None and off and not _ZONED.search(f.stamp or f.text):
            return f.with_(ts=f.ts - off)
        return f


# ipmitool sel list / elist: "   4 | 11/27/2026 | 04:27:14 | Power Unit #0x01 | Power off/down"
_SEL_STAMP = re.compile(
    r"\|\s*(?P<mo>[01]\d)/(?P<d>[0-3]\d)/(?P<y>\d{4})\s*\|\s*(?P<t>\d\d:\d\d:\d\d)\s*\|"
)
BMC_SIGNATURES = frozenset({"bmc_uncorrectable", "bmc_power_down", "psu_failure"})
"""Findings read from a BMC's event log."""
BMC_SKEW_S = 86400.0
"""A BMC keeps its own clock (UTC where the host logs local time, or drifting for months): its
events are not ordered against the host's lines, only told apart from history this far back."""


def stale_bmc_events(findings: list[Finding], starts: Collection[float] = ()) -> list[Finding]:
    """A BMC's events dated more than ``BMC_SKEW_S`` before the job's start (``starts``: where
    its application logs begin, else its first stamped finding) are the node's history (a
    power-off for maintenance weeks before), context now; the rest keep no time of their own,
    since the BMC's clock is not the host's."""
    stamped = [*starts] or [f.ts for f in findings if f.ts is not None and f.ts_exact]
    if not stamped:
        return findings
    start = min(stamped)
    out = []
    for f in findings:
        m = _SEL_STAMP.search(f.text) if f.signature in BMC_SIGNATURES else None
        when = parse_ts(f"{m['y']}-{m['mo']}-{m['d']} {m['t']}") if m else None
        if when is not None and when < start - BMC_SKEW_S:
            f = f.with_(role=Role.CONTEXT, severity=1)
        out.append(f)
    return out
