"""The per-node holder: keeps snapshots in shared memory outside the training processes.

One holder per node and job, started on demand by the first rank that needs it (a file lock
makes the start single), in its own session so that a rank's crash or its process group's
kill leaves it alive. It owns the node directory under /dev/shm (the ranks' slot files live
there) and serves peers over TCP: it keeps copies of other nodes' ranks and hands them back.
It exits, removing the directory, when the process it watches (the node agent, or torchrun,
or the shell of a plain script) is gone, or when asked to stop.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import os
import re
import secrets
import shutil
import socket
import socketserver
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from kintsugi.checkpoint import slots, wire

INFO = "holder.json"
_PEER = re.compile(r"^peer_(\d{5})_(\d{12})_([0-9a-f]{8})_(\d+)\.bin$")


def _start_time(pid: int) -> str | None:
    """The kernel's start time of ``pid`` (tells a live process from a reused pid)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()
    # A zombie has exited; only its parent has not reaped it yet.
    return None if fields[0] in ("Z", "X") else fields[19]


def peer_name(rank: int, step: int, crc: int, world_size: int) -> str:
    return f"peer_{rank:05d}_{step:012d}_{crc:08x}_{world_size}.bin"


def list_peers(d: Path) -> list[dict[str, int]]:
    """Copies this holder keeps for ranks of other nodes."""
    out = []
    for n in os.listdir(d):
        m = _PEER.match(n)
        if m:
            out.append(
                {
                    "rank": int(m.group(1)),
                    "step": int(m.group(2)),
                    "crc": int(m.group(3), 16),
                    "world_size": int(m.group(4)),
                }
            )
    return out


def list_all(d: Path) -> list[dict[str, Any]]:
    """Everything this holder can hand out: its node's committed slots and the peer copies."""
    have: list[dict[str, Any]] = [{**p, "kind": "copy"} for p in list_peers(d)]
    for rank, info, _ in slots.scan(d):
        if info.crc is not None:
            have.append(
                {
                    "rank": rank,
                    "step": info.step,
                    "crc": info.crc,
                    "world_size": info.world_size,
                    "kind": "slot",
                }
            )
    return have


class _Handler(socketserver.BaseRequestHandler):
    server: _Server

    def handle(self) -> None:
        sock: socket.socket = self.request
        sock.settimeout(60.0)
        wire.tune(sock)
        try:
            msg = wire.recv_msg(sock)
            if not wire.key_ok(msg, self.server.key):
                wire.send_msg(sock, {"ok": False, "error": "bad key"})
                return
            op = msg.get("op")
            if op == "ping":
                wire.send_msg(sock, {"ok": True, "pid": os.getpid()})
            elif op == "list":
                wire.send_msg(sock, {"ok": True, "have": list_all(self.server.dir)})
            elif op == "put":
                self._put(sock, msg)
            elif op == "get":
                self._get(sock, msg)
            elif op == "stop":
                wire.send_msg(sock, {"ok": True})
                threading.Thread(target=self.server.finish, daemon=True).start()
            else:
                wire.send_msg(sock, {"ok": False, "error": f"unknown op {op!r}"})
        except (OSError, ValueError, KeyError, TypeError) as e:
            with contextlib.suppress(OSError):
                wire.send_msg(sock, {"ok": False, "error": str(e)})

    def _put(self, sock: socket.socket, msg: dict[str, Any]) -> None:
        rank, step, crc = int(msg["rank"]), int(msg["step"]), int(msg["crc"])
        size, ws = int(msg["bytes"]), int(msg["world_size"])
        d = self.server.dir
        tmp = d / f".incoming_{rank:05d}_{threading.get_ident()}"
        fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            ok = _receive(sock, fd, size) == crc
        except BaseException:
            tmp.unlink(missing_ok=True)  # a sender that died mid-copy leaves no memory behind
            raise
        finally:
            os.close(fd)
        if not ok:
            tmp.unlink(missing_ok=True)
            wire.send_msg(sock, {"ok": False, "error": "checksum mismatch in transfer"})
            return
        final = d / peer_name(rank, step, crc, ws)
        os.replace(tmp, final)
        # Keep the newest copy of each rank only: that is the memory budget of a replica.
        for p in list_peers(d):
            if p["rank"] == rank and p["step"] < step:
                with contextlib.suppress(OSError):
                    (d / peer_name(p["rank"], p["step"], p["crc"], p["world_size"])).unlink()
        wire.send_msg(sock, {"ok": True})

    def _get(self, sock: socket.socket, msg: dict[str, Any]) -> None:
        rank, step = int(msg["rank"]), int(msg["step"])
        for r, info, path in slots.scan(self.server.dir):
            if r == rank and info.step == step and info.crc is not None:
                # The receiver checks the CRC: a slot overwritten mid-transfer is refused there.
                with path.open("rb") as f:
                    wire.send_msg(sock, {"ok": True, "bytes": info.length, "crc": info.crc})
                    sock.sendfile(f, slots.SLOT_HEADER, info.length)
                return
        for p in list_peers(self.server.dir):
            if p["rank"] == rank and p["step"] == step:
                path = self.server.dir / peer_name(rank, step, p["crc"], p["world_size"])
                with path.open("rb") as f:
                    size = os.fstat(f.fileno()).st_size
                    wire.send_msg(sock, {"ok": True, "bytes": size, "crc": p["crc"]})
                    sock.sendfile(f)
                return
        wire.send_msg(sock, {"ok": False, "error": f"no copy of rank {rank} step {step}"})


def _receive(sock: socket.socket, fd: int, size: int) -> int:
    """Copies ``size`` bytes from ``sock`` into the file ``fd``; returns their CRC-32.

    Through one reused buffer and ``write``: tmpfs then fills each page as it allocates it,
    with no page fault per page and no zeroing of pages about to be overwritten.
    """
    buf = memoryview(bytearray(min(size, wire.CHUNK)))
    crc, left = 0, size
    while left:
        part = buf[: min(left, len(buf))]
        crc = wire.recv_exact(sock, part, crc)
        view = part
        while len(view):
            view = view[os.write(fd, view) :]
        left -= len(part)
    return crc


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, host: str, directory: Path, key: str) -> None:
        super().__init__((host, 0), _Handler)
        self.dir = directory
        self.key = key
        self._done = threading.Event()

    def finish(self) -> None:
        if not self._done.is_set():
            self._done.set()
            self.shutdown()


def serve(directory: Path, watch_pid: int, host: str) -> None:
    """Runs the holder until ``watch_pid`` exits or a stop request comes; then cleans up."""
    key = secrets.token_hex(16)
    server = _Server(host, directory, key)
    watched = _start_time(watch_pid)
    info = {
        "pid": os.getpid(),
        "host": host,
        "port": server.server_address[1],
        "key": key,
        "started": time.time(),
        "watch_pid": watch_pid,
    }
    tmp = directory / f".{INFO}.tmp"
    tmp.write_text(json.dumps(info))
    os.chmod(tmp, 0o600)
    os.replace(tmp, directory / INFO)

    def watch() -> None:
        while not server._done.wait(0.5):
            if watched is None or _start_time(watch_pid) != watched:
                server.finish()

    threading.Thread(target=watch, daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()
        # The job is over on this node: its snapshots go with it (storage keeps the durable ones).
        shutil.rmtree(directory, ignore_errors=True)


def read_info(directory: Path) -> dict[str, Any] | None:
    try:
        info = json.loads((directory / INFO).read_text())
    except (OSError, ValueError):
        return None
    return info if isinstance(info, dict) else None


def address(node: str, info: dict[str, Any]) -> wire.Address:
    return wire.Address(node, str(info["host"]), int(info["port"]), str(info["key"]))


def _alive(node: str, info: dict[str, Any]) -> bool:
    try:
        return bool(wire.request(address(node, info), {"op": "ping"}, timeout_s=2.0).get("ok"))
    except (OSError, ValueError):
        return False


def ensure(directory: Path, node: str, watch_pid: int, host: str) -> dict[str, Any]:
    """Returns the node's holder info, starting the holder if none answers.

    Raises:
        OSError: the holder could not be started (the message says why).
    """
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    with (directory / "holder.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        info = read_info(directory)
        if info is not None and _alive(node, info):
            return info
        (directory / INFO).unlink(missing_ok=True)
        with (directory / "holder.log").open("ab") as log:
            proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "kintsugi.checkpoint.holder",
                    "--dir",
                    str(directory),
                    "--watch-pid",
                    str(watch_pid),
                    "--host",
                    host,
                ],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                start_new_session=True,
                close_fds=True,
            )
        deadline = time.monotonic() + 30.0
        while time.monotonic() < deadline:
            info = read_info(directory)
            if info is not None and info.get("pid") == proc.pid:
                return info
            if proc.poll() is not None:
                break
            time.sleep(0.02)
        raise OSError(f"the checkpoint holder did not start; see {directory / 'holder.log'}")


def stop(directory: Path, node: str = "") -> None:
    """Asks the holder of ``directory`` to exit and clean up (no-op if none runs)."""
    info = read_info(directory)
    if info is not None:
        with contextlib.suppress(OSError, ValueError):
            wire.request(address(node, info), {"op": "stop"}, timeout_s=2.0)
        pid = int(info["pid"])
        deadline = time.monotonic() + 5.0
        while time.monotonic() < deadline and _start_time(pid) is not None:
            time.sleep(0.05)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m kintsugi.checkpoint.holder")
    p.add_argument("--dir", required=True)
    p.add_argument("--watch-pid", type=int, required=True)
    p.add_argument("--host", default="127.0.0.1")
    a = p.parse_args(argv)
    with contextlib.suppress(OSError):
        os.nice(10)  # copies for peers are background work: training's CPU comes first
    serve(Path(a.dir), a.watch_pid, a.host)


if __name__ == "__main__":
    main()
