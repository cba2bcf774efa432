"""The local channel between training ranks and their node agent.

Ranks send JSON datagrams over a Unix socket that lives in a directory only the job's user can
enter (mode 0700); every message carries the job's key, which the agent checks in constant time.
Nothing read from a socket is ever unpickled. Sending never blocks: if the agent is gone or its
queue is full, the message is dropped (heartbeats are idempotent; the next one supersedes it).
"""

from __future__ import annotations

import json
import os
import socket
from typing import Any

ENV_SOCKET = "KINTSUGI_IPC_SOCKET"
ENV_KEY = "KINTSUGI_IPC_KEY"
MAX_DATAGRAM = 60_000
"""Messages larger than this are truncated by the sender (tracebacks can be long)."""


class IpcClient:
    """Fire-and-forget sender of JSON messages to the node agent."""

    def __init__(self, path: str, key: str) -> None:
        self._path = path
        self._key = key
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._sock.setblocking(False)
        self.dropped = 0

    @classmethod
    def from_env(cls) -> IpcClient | None:
        path = os.environ.get(ENV_SOCKET)
        key = os.environ.get(ENV_KEY)
        if not path or not key:
            return None
        return cls(path, key)

    def send(self, kind: str, **fields: Any) -> bool:
        """Sends one message; returns False if it was dropped."""
        fields["t"] = kind
        fields["key"] = self._key
        data = json.dumps(fields, separators=(",", ":"), default=str).encode()
        if len(data) > MAX_DATAGRAM:
            for name in ("traceback", "message", "metrics"):
                if name in fields and isinstance(fields[name], str):
                    fields[name] = fields[name][-(MAX_DATAGRAM // 2) :]
            data = json.dumps(fields, separators=(",", ":"), default=str).encode()[:MAX_DATAGRAM]
        try:
            self._sock.sendto(data, self._path)
            return True
        except OSError:
            # Agent gone (ECONNREFUSED/ENOENT) or its queue is full (EAGAIN): drop, never block.
            self.dropped += 1
            return False

    def close(self) -> None:
        self._sock.close()


def decode(data: bytes, key: str) -> dict[str, Any] | None:
    """Parses one datagram; returns None unless it is a JSON object carrying ``key``."""
    import hmac

    try:
        msg = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(msg, dict):
        return None
    got = msg.pop("key", None)
    if not isinstance(got, str) or not hmac.compare_digest(got.encode(), key.encode()):
        return None
    return msg
