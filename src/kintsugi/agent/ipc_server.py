"""The agent's end of the rank channel: a Unix datagram socket in a private directory."""

from __future__ import annotations

import os
import queue
import secrets
import shutil
import socket
import tempfile
import threading
from pathlib import Path
from typing import Any

from kintsugi.runtime.ipc import ENV_KEY, ENV_SOCKET, decode


class IpcServer:
    """Receives rank messages on a thread and queues them for the agent's monitor loop.

    The socket lives in a fresh directory of mode 0700, so only this user's processes can
    reach it; each message must carry the random key handed to the ranks in their environment.
    """

    def __init__(self) -> None:
        self.key = secrets.token_hex(16)
        # A short path: Unix socket paths are limited to ~107 bytes.
        self._dir = Path(tempfile.mkdtemp(prefix="kintsugi-"))
        os.chmod(self._dir, 0o700)
        self.path = str(self._dir / "agent.sock")
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._sock.bind(self.path)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
        self._sock.settimeout(0.2)
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.rejected = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="kintsugi-ipc", daemon=True)
        self._thread.start()

    def env(self) -> dict[str, str]:
        """What ranks need in their environment to reach this server."""
        return {ENV_SOCKET: self.path, ENV_KEY: self.key}

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                data = self._sock.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                return
            msg = decode(data, self.key)
            if msg is None:
                self.rejected += 1
                continue
            self.messages.put(msg)

    def drain(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        while True:
            try:
                out.append(self.messages.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        if self._stop.is_set():
            return
        self._stop.set()
        self._thread.join(timeout=1.0)
        self._sock.close()
        shutil.rmtree(self._dir, ignore_errors=True)
