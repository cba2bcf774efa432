"""The agent's end of the rank channel: a Unix datagram socket in a private directory."""

from __future__ import annotations

import logging
import os
import queue
import secrets
import shutil
import socket
import tempfile
import threading
from pathlib import Path

from kintsugi.runtime.ipc import ENV_KEY, ENV_SOCKET, decode
from kintsugi.runtime.messages import Malformed, Message, from_wire

log = logging.getLogger("kintsugi.agent")


class IpcServer:
    """Receives rank messages on a thread, checks them, and queues them for the monitor loop.

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
        self.messages: queue.Queue[Message] = queue.Queue()
        self.rejected = 0
        """Datagrams without the job's key (not ours)."""
        self.malformed = 0
        """Datagrams with the key that did not match a message definition (logged, dropped)."""
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
            raw = decode(data, self.key)
            if raw is None:
                self.rejected += 1
                continue
            try:
                msg = from_wire(raw)
            except Malformed as e:
                self.malformed += 1
                if self.malformed <= 10:
                    log.warning("kintsugi: dropped a malformed rank message: %s", e)
                continue
            self.messages.put(msg)

    def drain(self) -> list[Message]:
        out: list[Message] = []
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
