"""What wraps a program's own log line on its way into a bundle: a log collector's JSON record
(Loki, Docker's json-file, Fluent Bit, CloudWatch, journald), the collector's RFC 3339 stamp in
front of it, and Ray's worker prefix in the driver's log. The parser takes them off first and
reads the line the program wrote.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import NamedTuple

COLLECTOR_STAMP = re.compile(
    r"^(?:\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)? "
    r"|\[\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?\] (?=\s{0,4}\d{1,6}: |\[\d+,\d+\]<std))"
)
"""A stamp a collector put before the whole line: RFC 3339 (``kubectl logs --timestamps``,
Loki, Fluent Bit), or moreutils ``ts '[%Y-%m-%d %H:%M:%.S]'`` before srun's task label or
mpirun's tag. It goes before the launcher's prefixes, so it is read and set aside first."""
RAY_PREFIX = re.compile(
    r"^\((?=[^)]*?\b(?:pid|ip)=)(?=[^)]*?\bip=(?P<ip>\d{1,3}(?:\.\d{1,3}){3}))?"
    r"(?:[\w.-]+,? )?\w+=[^,()\s]*(?:, ?\w+=[^,()\s]*)*\) "
)
"""A worker's prefix in a driver's log, with its pid and often its address: Ray's
``(RayTrainWorker pid=4, ip=10.0.4.3)`` or ``(pid=4)``, SkyPilot's ``(worker1, rank=1,
pid=4, ip=10.0.4.3)``. Its ``rank`` is the node's, not a global rank: the line's own prefix
after it (``[rank8]:``) says that."""
_MESSAGE_KEYS = ("line", "log", "message", "msg", "MESSAGE", "textPayload")
_PAYLOAD_KEYS = ("jsonPayload", "body", "payload", "fields")
_TIME_KEYS = ("timestamp", "time", "@timestamp", "ts", "date", "__REALTIME_TIMESTAMP")
_JSON_FIELD = re.compile(r'^\s*"(?:message|log|line|msg)"\s*:\s*(?P<v>"(?:[^"\\]|\\.)*")\s*,?\s*$')


def _when(v: object) -> str | None:
    """A record's time as text the clock reads (ISO strings as they are; epoch numbers in s,
    ms or us as ISO)."""
    if isinstance(v, str):
        return v
    if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0:
        secs = float(v)
        while secs > 1e11:  # ms or us since the epoch
            secs /= 1000.0
        return datetime.fromtimestamp(secs, UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")
    return None


_RANK_KEYS = ("rank", "global_rank", "RANK")
_PID_KEYS = ("pid", "process_id")
_HOST_KEYS = ("host", "hostname")


class Record(NamedTuple):
    """A collector's or a program's JSON record, unwrapped."""

    text: str
    when: str | None
    rank: int | None = None
    """The global rank a structured log names in a field of its own (``"rank": 22``)."""
    pid: int | None = None
    """The process id the record names (``"pid": 70122``), with its rank: an Xid's ``pid=``."""
    host: str | None = None
    """The host the record says wrote it (``"host": "gpu-q-018"``)."""


def _int_field(doc: dict[str, object], keys: tuple[str, ...]) -> int | None:
    for k in keys:
        v = doc.get(k)
        if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
            return v
        if isinstance(v, str) and v.isdigit():
            return int(v)
    return None


_META_KEYS = frozenset(
    (*_MESSAGE_KEYS, *_TIME_KEYS, *_RANK_KEYS, *_PID_KEYS, "level", "levelname", "severity",
     "logger", "name", "host", "hostname", "stream", "tid", "thread", "threadName", "module",
     "func", "funcName", "file", "filename", "lineno", "source", "labels", "kubernetes",
     "ingestionTime", "logStream", "logStreamName", "logGroupName", "eventId", "local_rank",
     "_SYSTEMD_UNIT", "PRIORITY", "node", "pod", "namespace", "container", "container_name",
     "container_id", "process", "processName", "thread_name")
)  # fmt: skip
"""Fields of a record that say where and when it was written, not what happened."""


def _fields(doc: dict[str, object]) -> str:
    """A program's structured record's own values after its message, as ``key=value``
    (``"step": 35, "loss": NaN, "fwd_s_by_rank": [0.04, 0.4]``): the step, the loss and the
    timers a text log would have printed in its line. Collector records carry none."""
    if not any(k in doc for k in ("msg", "message", "event")):
        return ""
    parts = []
    for k, v in doc.items():
        if k in _META_KEYS or k.startswith(("_", "@")):
            continue
        if isinstance(v, bool) or v is None:
            continue
        if isinstance(v, (int, float)) or (isinstance(v, str) and len(v) <= 80 and " " not in v):
            parts.append(f"{k}={v}")
        elif (
            isinstance(v, list)
            and 0 < len(v) <= 1024
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v)
        ):
            parts.append(f"{k}=[{', '.join(str(x) for x in v)}]")
    return (" " + " ".join(parts)) if parts else ""


def unwrap_record(line: str) -> Record | None:
    """The program's text and time from a log collector's JSON record, or None: a JSON object
    line with a message field (Loki's ``line``, Docker's and Fluent Bit's ``log``, CloudWatch's
    ``message``, journald's ``MESSAGE``), or one ``"message": "..."`` line of a pretty-printed
    export."""
    s = line.strip()
    if s.startswith("{") and s.endswith("}"):
        try:
            doc = json.loads(s)
        except (ValueError, RecursionError):
            return None
        if not isinstance(doc, dict):
            return None
        when = next((w for k in _TIME_KEYS if (w := _when(doc.get(k))) is not None), None)
        text = next((doc[k] for k in _MESSAGE_KEYS if isinstance(doc.get(k), str)), None)
        if text is None:
            # the program's own record inside the collector's (Google Cloud Logging's
            # ``jsonPayload``, OpenTelemetry's ``body``), the collector's time outside it
            inner = next((v for k in _PAYLOAD_KEYS if isinstance(v := doc.get(k), dict)), None)
            if inner is None:
                if not isinstance(doc.get("event"), str):
                    return None
                # a training loop's own event record with no message ({"ts": ..., "event":
                # "step", "rank": 3, "step_ms": 499.6}): its fields are its text
                return Record(
                    _fields(doc).strip(),
                    when,
                    _int_field(doc, _RANK_KEYS),
                    _int_field(doc, _PID_KEYS),
                    next((h for k in _HOST_KEYS if isinstance(h := doc.get(k), str) and h), None),
                )
            doc = inner
            text = next((doc[k] for k in _MESSAGE_KEYS if isinstance(doc.get(k), str)), None)
            if text is None:
                return None
            when = next((w for k in _TIME_KEYS if (w := _when(doc.get(k))) is not None), when)
        return Record(
            text.rstrip("\n") + _fields(doc),
            when,
            _int_field(doc, _RANK_KEYS),
            _int_field(doc, _PID_KEYS),
            next((h for k in _HOST_KEYS if isinstance(h := doc.get(k), str) and h), None),
        )
    if s.startswith('"') and (m := _JSON_FIELD.match(line)):
        try:
            return Record(str(json.loads(m["v"])).rstrip("\n"), None)
        except ValueError:
            return None
    return None
