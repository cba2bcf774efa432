"""The rank→agent contract: what users pass is accepted, what is malformed is dropped, and the
messages that matter arrive even when ranks flood the agent with heartbeats."""

from __future__ import annotations

import json
import socket
import time
from typing import Any

import pytest

from kintsugi.agent.ipc_server import IpcServer
from kintsugi.runtime import messages as m
from kintsugi.runtime.ipc import IpcClient


def _raw(server: IpcServer, d: Any) -> None:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    payload = {**d, "key": server.key} if isinstance(d, dict) else d
    s.sendto(json.dumps(payload).encode(), server.path)
    s.close()


@pytest.mark.parametrize(
    "bad",
    [
        {"t": "step", "rank": 0, "step": "x"},
        {"t": "step", "rank": 0, "step": 1.5},
        {"t": "step", "rank": True, "step": 1},
        {"t": "step", "rank": -1, "step": 1},
        {"t": "step", "rank": 0, "step": 1, "dt": "slow"},
        {"t": "step", "rank": 0, "step": 1, "loss": "banana"},
        {"t": "step", "rank": 0, "step": 1, "metrics": [1, 2]},
        {"t": "hello", "rank": 0, "pid": "1"},
        {"t": "section", "rank": 0, "name": 3, "enter": True},
        {"t": "exception", "rank": 0, "exc_type": None, "message": "", "traceback": ""},
        {"t": "ckpt", "rank": 0, "loaded": False, "step": 1, "duration_s": "nan", "path": ""},
        {"t": "no-such-kind", "rank": 0},
        {"rank": 0},
    ],
)
def test_malformed_messages_are_dropped_not_fatal(bad: dict[str, Any]) -> None:
    with pytest.raises(m.Malformed):
        m.from_wire(bad)


def test_server_drops_malformed_and_keeps_good() -> None:
    server = IpcServer()
    try:
        _raw(server, {"t": "step", "rank": 0, "step": "x"})
        _raw(server, {"t": "step", "rank": 0, "step": 7, "loss": "nan", "dt": 0.1})
        _raw(server, [1, 2, 3])
        deadline = time.monotonic() + 5
        got: list[m.Message] = []
        while time.monotonic() < deadline and not got:
            got = server.drain()
            time.sleep(0.05)
        assert got == [m.Step(rank=0, step=7, loss="nan", dt=0.1)]
        assert server.malformed == 1
    finally:
        server.close()


def test_user_values_become_wire_values() -> None:
    np = pytest.importorskip("numpy")
    torch = pytest.importorskip("torch")
    assert m.as_int(torch.tensor(0) + 5) == 5
    assert m.as_int(np.int64(9)) == 9
    assert m.as_int(3.0) == 3
    assert m.as_int(True) is None and m.as_int("3") is None and m.as_int(2.5) is None
    assert m.as_int(torch.ones(2)) is None
    assert m.scalar(torch.tensor(1.5)) == 1.5
    assert m.scalar(np.float32("nan")) == "nan"
    assert m.scalar(float("inf")) == "inf"
    assert m.scalar(torch.ones(3)) is None and m.scalar("abc") is None


def test_critical_messages_survive_a_heartbeat_flood() -> None:
    """100k step() calls a second from several senders: heartbeats may be coalesced or
    dropped, but every exception, section boundary, checkpoint and NaN arrives."""
    server = IpcServer()
    clients = [IpcClient(server.path, server.key) for _ in range(4)]
    critical = 0
    try:
        t0 = time.monotonic()
        i = 0
        while time.monotonic() - t0 < 1.0:
            for rank, c in enumerate(clients):
                c.send(m.Step(rank=rank, step=i, dt=1e-5))
                if i % 500 == 0:
                    c.send(m.Section(rank=rank, name="checkpoint", enter=True))
                    c.send(m.Checkpoint(rank=rank, loaded=False, step=i, duration_s=0.0, path="p"))
                    c.send(m.NonFinite(rank=rank, step=i, where="loss", value="nan"))
                    c.send(
                        m.ExceptionReport(
                            rank=rank, exc_type="E", message="x" * 3000, traceback="t"
                        )
                    )
                    critical += 4
            i += 1
        assert i * len(clients) >= 100_000 / 4  # the loop really flooded the socket
        got: list[m.Message] = []
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            got += server.drain()
            if sum(not isinstance(x, m.Step) for x in got) >= critical:
                break
            time.sleep(0.05)
        assert sum(not isinstance(x, m.Step) for x in got) == critical
        assert sum(c.dropped for c in clients) == 0 or any(isinstance(x, m.Step) for x in got)
    finally:
        for c in clients:
            c.close()
        server.close()
