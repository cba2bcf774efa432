"""Evidence from hung ranks: process state and every thread's Python stack."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from kintsugi.diagnose.hang import main_thread
from kintsugi.runtime.core import STACK_SIGNAL


def process_state(pid: int) -> str | None:
    """The one-letter state from /proc (R, S, D, T, Z...), or None if gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            text = f.read()
    except OSError:
        return None
    # Field 3, after the parenthesised command name (which may contain spaces).
    return text.rsplit(")", 1)[-1].split()[0] if ")" in text else None


def dump_stacks(pids: dict[int, int], stack_dir: Path, wait_s: float = 2.0) -> dict[int, str]:
    """Asks every rank to write its threads' stacks; returns each rank's main-thread stack.

    Stopped (SIGSTOP) ranks are continued so that their handler can run; the caller kills
    them right after. Ranks that do not answer within ``wait_s`` are left out.
    """
    sizes: dict[int, int] = {}
    for rank, pid in pids.items():
        path = stack_dir / f"rank_{rank}.txt"
        sizes[rank] = path.stat().st_size if path.exists() else 0
        try:
            os.kill(pid, STACK_SIGNAL)
            if process_state(pid) == "T":
                os.kill(pid, signal.SIGCONT)
        except ProcessLookupError:
            continue
    deadline = time.monotonic() + wait_s
    stacks: dict[int, str] = {}
    while time.monotonic() < deadline and len(stacks) < len(pids):
        for rank in pids:
            if rank in stacks:
                continue
            path = stack_dir / f"rank_{rank}.txt"
            try:
                text = path.read_text(encoding="utf-8", errors="replace")[sizes[rank] :]
            except FileNotFoundError:
                continue
            if text.rstrip().endswith(")") or "\n\n" in text or text.count("File ") >= 1:
                # faulthandler writes in one go; give it a moment to finish the block.
                time.sleep(0.05)
                text = path.read_text(encoding="utf-8", errors="replace")[sizes[rank] :]
                stacks[rank] = main_thread(text)
        time.sleep(0.05)
    return stacks


def dump_flight_recorders(
    ranks: list[int], ipc_dir: str, key: str, out_dir: Path, wait_s: float = 1.0
) -> list[int]:
    """Asks each rank's control thread for its flight-recorder dump; returns who answered."""
    import json
    import socket

    from kintsugi.runtime.control import control_socket_path

    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    paths = {r: out_dir / f"rank_{r}.json" for r in ranks}
    try:
        for r, path in paths.items():
            msg = json.dumps({"t": "dump_fr", "key": key, "path": str(path)}).encode()
            try:
                sock.sendto(msg, control_socket_path(ipc_dir, r))
            except OSError:
                continue
    finally:
        sock.close()
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline and not all(p.exists() for p in paths.values()):
        time.sleep(0.05)
    return [r for r, p in paths.items() if p.exists()]


def listens_on(port: int) -> bool:
    """True if this process holds a listening TCP socket on ``port`` (Linux /proc).

    The c10d rendezvous store lives in whichever agent bound the endpoint first; that node
    cannot leave the job without taking the rendezvous down with it.
    """
    inodes: set[str] = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(name, encoding="ascii") as f:
                next(f, None)
                for line in f:
                    parts = line.split()
                    if (
                        len(parts) > 9
                        and parts[3] == "0A"
                        and int(parts[1].rsplit(":", 1)[1], 16) == port
                    ):
                        inodes.add(parts[9])
        except OSError:
            continue
    if not inodes:
        return False
    try:
        fds = os.listdir("/proc/self/fd")
    except OSError:
        return False
    for fd in fds:
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:[") and target[8:-1] in inodes:
            return True
    return False
