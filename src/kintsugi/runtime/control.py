"""A per-rank control thread the agent can ask for a flight-recorder dump.

The main thread of a hung rank is blocked inside a collective (with the GIL released), so a
Python signal handler would never run; this thread answers instead. Commands are JSON datagrams
carrying the job's key, on a socket in the job's private IPC directory. Nothing is unpickled.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import threading
from pathlib import Path

from kintsugi.runtime import lifeline
from kintsugi.runtime.ipc import decode


def control_socket_path(ipc_dir: str, rank: int) -> str:
    """Where rank ``rank`` listens, in the job's private IPC directory."""
    return os.path.join(ipc_dir, f"rank-{rank}.sock")


def start(agent_socket: str, key: str, rank: int) -> None:
    """Binds this rank's control socket and serves it on a daemon thread; ties the rank's
    life to its agent's."""
    lifeline.start(os.path.dirname(agent_socket))
    path = control_socket_path(os.path.dirname(agent_socket), rank)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    try:
        sock.bind(path)
    except OSError:
        sock.close()
        return
    threading.Thread(target=_serve, args=(sock, key), name="kintsugi-control", daemon=True).start()


def _serve(sock: socket.socket, key: str) -> None:
    while True:
        try:
            data = sock.recv(65536)
        except OSError:
            return
        msg = decode(data, key)
        if msg is not None and msg.get("t") == "dump_fr" and isinstance(msg.get("path"), str):
            dump_flight_recorder(Path(msg["path"]))


def dump_flight_recorder(path: Path) -> bool:
    """Writes torch's collective flight recorder (gloo or NCCL) as JSON; False if unavailable."""
    torch = sys.modules.get("torch")
    if torch is None:
        return False
    try:
        from torch._C import _distributed_c10d

        data = _distributed_c10d._dump_fr_trace_json(True, False)  # type: ignore[attr-defined]
    except (ImportError, AttributeError, RuntimeError):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data if isinstance(data, bytes) else str(data).encode())
    os.replace(tmp, path)
    return True
