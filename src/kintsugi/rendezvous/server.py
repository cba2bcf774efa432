"""A standalone c10d ``TCPStore`` server for ``--rdzv-endpoint``.

torch's c10d rendezvous backend tries to host the store itself when the endpoint's host is
its own; finding the port taken, it connects as a client (``_create_tcp_store``). So agents
pointed at this server all become clients, and any of them may die or be excluded.
"""

from __future__ import annotations

import datetime
import threading
from typing import Any


class RendezvousServer:
    """Hosts a ``TCPStore`` (``is_master=True, wait_for_workers=False``) until ``close()``.

    Args:
        host: the address to listen on (the store listens on all interfaces of its port;
            ``host`` is what clients are told).
        port: the TCP port; 0 picks a free one (read ``port`` afterwards).
        timeout_s: the store's operation time-out.
    """

    def __init__(self, host: str, port: int, timeout_s: float = 300.0) -> None:
        from torch.distributed import TCPStore  # type: ignore[attr-defined]

        self.host = host
        self._closed = threading.Event()
        self._store: Any = TCPStore(
            host,
            port,
            is_master=True,
            wait_for_workers=False,
            timeout=datetime.timedelta(seconds=timeout_s),
        )
        self.port = int(self._store.port)

    @property
    def endpoint(self) -> str:
        """``HOST:PORT`` for ``--rdzv-endpoint``."""
        return f"{self.host}:{self.port}"

    def wait(self, timeout_s: float | None = None) -> bool:
        """Blocks until ``close()`` (or ``timeout_s``); True when closed."""
        return self._closed.wait(timeout_s)

    def close(self) -> None:
        """Stops serving; idempotent."""
        if not self._closed.is_set():
            self._closed.set()
            self._store = None  # Dropping the last reference stops the server thread.
