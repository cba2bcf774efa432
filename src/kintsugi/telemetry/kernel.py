"""Kernel log lines that matter to training, and a follower that reads them as they come.

``classify`` is pure (one line in, a match or None out); ``KernelLogFollower`` tails a file,
``journalctl -k -f -n 0`` or ``dmesg --follow-new`` (new lines only) and hands matches to a
callback.
"""

from __future__ import annotations

import os
import re
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("xid", re.compile(r"NVRM: Xid \((?P<pci>[^)]*)\): (?P<xid>\d+)")),
    # Not a bare "MCE": boot lines ("MCE: In-kernel MCE decoding enabled") and any word with
    # those letters would cordon a healthy node.
    (
        "machine_check",
        re.compile(r"mce: \[Hardware Error\]|Machine check events logged|Machine Check Exception"),
    ),
    ("oom_kill", re.compile(r"(Out of memory: Killed process|oom-kill:|invoked oom-killer)")),
    ("link_down", re.compile(r"(?P<dev>mlx5_core \S+|mlx5_\d+).*[Ll]ink down")),
    ("nvlink", re.compile(r"NVRM: .*NVLink.*(error|fatal)", re.IGNORECASE)),
)


@dataclass(frozen=True, slots=True)
class KernelMatch:
    """A kernel log line that names a fault."""

    pattern: str
    """``xid``, ``machine_check``, ``oom_kill``, ``link_down`` or ``nvlink``."""
    line: str
    xid: int | None = None
    device: str | None = None

    def to_payload(self) -> dict[str, object]:
        """The ``kernel_log`` event payload."""
        d: dict[str, object] = {"pattern": self.pattern, "line": self.line}
        if self.xid is not None:
            d["xid"] = self.xid
        if self.device is not None:
            d["device"] = self.device
        return d


def classify(line: str) -> KernelMatch | None:
    """The first pattern ``line`` matches, or None."""
    for name, rx in _PATTERNS:
        m = rx.search(line)
        if m is None:
            continue
        groups = m.groupdict()
        return KernelMatch(
            pattern=name,
            line=line.rstrip("\n"),
            xid=int(groups["xid"]) if groups.get("xid") else None,
            device=(groups.get("pci") or groups.get("dev") or "").rstrip(":") or None,
        )
    return None


class KernelLogFollower:
    """Follows a kernel log source on a daemon thread and reports matching lines.

    Args:
        source: a file path (followed like ``tail -F``, from its end), ``journal``
            (``journalctl -k -f -n 0``) or ``dmesg`` (``dmesg --follow-new``); old lines are
            history, not news.
        on_match: called with each match, from the follower's thread.
        on_error: called once with a one-line reason if the source cannot be read.
    """

    def __init__(
        self,
        source: str,
        on_match: Callable[[KernelMatch], None],
        on_error: Callable[[str], None],
        poll_s: float = 0.5,
    ) -> None:
        self.source = source
        self._on_match = on_match
        self._on_error = on_error
        self._poll_s = poll_s
        self._stop = threading.Event()
        self._proc: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()
        """Orders starting the command against ``stop``: a follower stopped while it was
        starting would otherwise leave ``journalctl -f`` running after the agent."""
        self._thread = threading.Thread(target=self._run, name="kintsugi-kernel-log", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        with self._lock:
            self._stop.set()  # under the lock: no command starts after this
            proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.terminate()
        self._thread.join(timeout=2.0)
        if proc is None:
            return
        try:
            proc.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()

    def _emit(self, line: str) -> None:
        m = classify(line)
        if m is not None:
            self._on_match(m)

    def _run(self) -> None:
        try:
            if self.source in ("journal", "dmesg"):
                self._follow_command()
            else:
                self._follow_file(Path(self.source))
        except Exception as e:  # noqa: BLE001 - a follower must never raise into the agent
            self._on_error(f"kernel log follower stopped: {e}")

    def _follow_command(self) -> None:
        cmd = (
            ["journalctl", "-k", "-f", "-n", "0", "-o", "cat"]
            if self.source == "journal"
            else ["dmesg", "--follow-new", "--notime"]
        )
        with self._lock:
            if self._stop.is_set():
                return  # stopped before the command started: start none
            try:
                proc = subprocess.Popen(
                    cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace"
                )
            except OSError as e:
                self._on_error(f"could not read kernel log: {cmd[0]}: {e.strerror}")
                return
            self._proc = proc
        assert proc.stdout is not None
        for line in proc.stdout:
            if self._stop.is_set():
                return
            self._emit(line)
        if not self._stop.is_set():
            err = proc.stderr.read().strip() if proc.stderr else ""
            self._on_error(f"could not read kernel log: {cmd[0]} ended: {err[:160]}")

    def _follow_file(self, path: Path) -> None:
        try:
            f = path.open("r", encoding="utf-8", errors="replace")
        except OSError as e:
            self._on_error(f"could not read kernel log {path}: {e.strerror}")
            return
        try:
            f.seek(0, os.SEEK_END)
            ino = os.fstat(f.fileno()).st_ino
            buf = ""
            while not self._stop.is_set():
                chunk = f.read()
                if chunk:
                    buf += chunk
                    *lines, buf = buf.split("\n")
                    for line in lines:
                        self._emit(line)
                    continue
                # Rotated or truncated: reopen from the start, as tail -F does.
                try:
                    st = path.stat()
                except OSError:
                    st = None
                if st is not None and (st.st_ino != ino or st.st_size < f.tell()):
                    f.close()
                    f = path.open("r", encoding="utf-8", errors="replace")
                    ino = os.fstat(f.fileno()).st_ino
                    continue
                time.sleep(self._poll_s)
        finally:
            f.close()
