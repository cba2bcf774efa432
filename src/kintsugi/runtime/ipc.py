"""The local channel between training ranks and their node agent.

Ranks send JSON datagrams over a Unix socket that lives in a directory only the job's user can
enter (mode 0700); every message carries the job's key, which the agent checks in constant time.
Nothing read from a socket is ever unpickled. Heartbeats (``step``) never block: at most one
every ``STEP_MIN_INTERVAL_S`` is sent (the next one carries the newest step) and one that
finds the agent's queue full is dropped. Messages that must arrive (exceptions, sections,
checkpoints, NaNs, exits) are retried for up to ``CRITICAL_RETRY_S`` while the queue is full.
"""

from __future__ import annotations

import hmac
import json
import os
import socket
import time
from typing import Any

from kintsugi.runtime.messages import Message, Step

ENV_SOCKET = "KINTSUGI_IPC_SOCKET"
ENV_KEY = "KINTSUGI_IPC_KEY"
MAX_DATAGRAM = 60_000
"""The largest datagram sent; the runtime trims tracebacks to fit (see messages.py)."""
STEP_MIN_INTERVAL_S = 0.002
"""Heartbeats closer together than this are coalesced into the next one."""
CRITICAL_RETRY_S = 2.0


class IpcClient:
    """Sender of typed messages to the node agent; never raises, never blocks on heartbeats."""

    def __init__(self, path: str, key: str) -> None:
        self._path = path
        self._key = key
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._sock.setblocking(False)
        self._last_step_t = 0.0
        self.dropped = 0
        """Messages not delivered (heartbeats when the queue was full, or the agent gone)."""
        self.coalesced = 0
        """Heartbeats folded into the next one."""

    @classmethod
    def from_env(cls) -> IpcClient | None:
        path = os.environ.get(ENV_SOCKET)
        key = os.environ.get(ENV_KEY)
        if not path or not key:
            return None
        return cls(path, key)

    def send(self, msg: Message) -> bool:
        """Sends one message; returns False if it was coalesced or dropped."""
        if isinstance(msg, Step):
            now = time.monotonic()
            if now - self._last_step_t < STEP_MIN_INTERVAL_S and not isinstance(msg.loss, str):
                self.coalesced += 1
                return False
            self._last_step_t = now
        wire = msg.to_wire()
        wire["key"] = self._key
        data = json.dumps(wire, separators=(",", ":"), default=str).encode()
        if len(data) > MAX_DATAGRAM:
            self.dropped += 1
            return False
        deadline = time.monotonic() + (CRITICAL_RETRY_S if msg.CRITICAL else 0.0)
        delay = 0.0005
        while True:
            try:
                self._sock.sendto(data, self._path)
                return True
            except BlockingIOError:
                # The agent's queue is full: heartbeats give way, the rest wait briefly.
                if time.monotonic() >= deadline:
                    break
                time.sleep(delay)
                delay = min(delay * 2, 0.05)
            except OSError:
                break  # the agent is gone (ECONNREFUSED/ENOENT): nothing to wait for
        self.dropped += 1
        return False

    def close(self) -> None:
        self._sock.close()


def decode(data: bytes, key: str) -> dict[str, Any] | None:
    """Parses one datagram; returns None unless it is a JSON object carrying ``key``."""
    try:
        msg = json.loads(data)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(msg, dict):
        return None
    got = msg.pop("key", None)
    if not isinstance(got, str) or not hmac.compare_digest(got.encode(), key.encode()):
        return None
    return msg
