"""The holder's TCP protocol: a length-prefixed JSON header, then raw snapshot bytes.

Every request carries the holder's key (compared in constant time); nothing received is ever
unpickled, and payloads are checked against their CRC-32 before they are kept or used.
"""

from __future__ import annotations

import hmac
import json
import socket
import struct
from dataclasses import dataclass
from typing import Any

from kintsugi.checkpoint import blob

_LEN = struct.Struct(">I")
MAX_HEADER = 1 << 20
CHUNK = 16 << 20
BUFFER = 8 << 20
_CRC_STEP = 1 << 20


@dataclass(frozen=True, slots=True)
class Address:
    """Where a node's holder listens, and the key it expects."""

    node: str
    host: str
    port: int
    key: str

    def to_dict(self) -> dict[str, Any]:
        return {"node": self.node, "host": self.host, "port": self.port, "key": self.key}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Address:
        return cls(str(d["node"]), str(d["host"]), int(d["port"]), str(d["key"]))


def tune(s: socket.socket) -> None:
    """Large socket buffers: snapshots are hundreds of megabytes."""
    for opt in (socket.SO_SNDBUF, socket.SO_RCVBUF):
        s.setsockopt(socket.SOL_SOCKET, opt, BUFFER)


def send_msg(sock: socket.socket, msg: dict[str, Any]) -> None:
    data = json.dumps(msg, separators=(",", ":")).encode()
    sock.sendall(_LEN.pack(len(data)) + data)


def recv_exact(sock: socket.socket, buf: Any, crc: int = 0) -> int:
    """Fills ``buf`` (a writable buffer) from ``sock``; returns its CRC-32 (continuing ``crc``).

    The checksum runs on each megabyte as it arrives, while the kernel keeps receiving the
    next: the check costs little more than the transfer.

    Raises:
        ConnectionError: the peer closed the connection before ``buf`` was full.
    """
    mv = memoryview(buf).cast("B")
    pos = summed = 0
    while pos < len(mv):
        n = sock.recv_into(mv[pos : pos + CHUNK])
        if n == 0:
            raise ConnectionError("peer closed the connection mid-transfer")
        pos += n
        if pos - summed >= _CRC_STEP or pos == len(mv):
            crc = blob.crc32(mv[summed:pos], crc)
            summed = pos
    return crc


def recv_msg(sock: socket.socket) -> dict[str, Any]:
    head = bytearray(_LEN.size)
    recv_exact(sock, head)
    (n,) = _LEN.unpack(head)
    if n > MAX_HEADER:
        raise ConnectionError(f"header of {n} bytes is too large")
    body = bytearray(n)
    recv_exact(sock, body)
    msg = json.loads(body)
    if not isinstance(msg, dict):
        raise ConnectionError("header is not a JSON object")
    return msg


def key_ok(msg: dict[str, Any], key: str) -> bool:
    got = msg.get("key")
    return isinstance(got, str) and hmac.compare_digest(got.encode(), key.encode())


def _connect(addr: Address, timeout_s: float) -> socket.socket:
    s = socket.create_connection((addr.host, addr.port), timeout=timeout_s)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    tune(s)
    return s


def request(addr: Address, msg: dict[str, Any], timeout_s: float = 5.0) -> dict[str, Any]:
    """One request without payload; returns the reply."""
    with _connect(addr, timeout_s) as s:
        send_msg(s, {**msg, "key": addr.key})
        return recv_msg(s)


def put(addr: Address, meta: dict[str, Any], payload: memoryview, timeout_s: float) -> None:
    """Ships one snapshot to a holder; raises OSError/ConnectionError if it is not kept."""
    with _connect(addr, timeout_s) as s:
        send_msg(s, {**meta, "op": "put", "bytes": len(payload), "key": addr.key})
        for i in range(0, len(payload), CHUNK):
            s.sendall(payload[i : i + CHUNK])
        reply = recv_msg(s)
    if not reply.get("ok"):
        raise ConnectionError(f"holder on {addr.node} refused the copy: {reply.get('error')}")


def get(
    addr: Address,
    rank: int,
    step: int,
    timeout_s: float,
    sink: blob.Sink = blob.alloc,
) -> memoryview:
    """Fetches one snapshot into ``sink(size)`` and checks it.

    Raises:
        ValueError: the holder has no such copy, or it disagrees with its CRC.
    """
    with _connect(addr, timeout_s) as s:
        send_msg(s, {"op": "get", "rank": rank, "step": step, "key": addr.key})
        reply = recv_msg(s)
        if not reply.get("ok"):
            raise ValueError(f"holder on {addr.node} has no copy: {reply.get('error')}")
        buf = sink(int(reply["bytes"]))
        crc = recv_exact(s, buf)
    if crc != int(reply["crc"]):
        raise ValueError(f"the copy on {addr.node} fails its checksum")
    return buf
