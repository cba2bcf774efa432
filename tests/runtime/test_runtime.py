"""The in-rank runtime: light to import, works without an agent, authenticated IPC, atomic checkpoints."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from kintsugi.agent.ipc_server import IpcServer
from kintsugi.runtime.inject import FaultKind, SpecError, parse
from kintsugi.runtime.ipc import IpcClient
from kintsugi.runtime.messages import Step


def test_import_is_light() -> None:
    code = "import sys, kintsugi; print(sorted(m for m in sys.modules if m.split('.')[0] in ('torch','numpy','rich','psycopg','matplotlib')))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_without_agent_it_only_logs(tmp_path: Path) -> None:
    code = (
        "import kintsugi\n"
        "info = kintsugi.init()\n"
        "for i in range(3): kintsugi.step(i, loss=1.0)\n"
        "with kintsugi.section('eval'): pass\n"
        "print('ok', info.supervised)\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("KINTSUGI_")}
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert p.returncode == 0 and p.stdout.strip() == "ok False"


def test_ipc_rejects_wrong_key_and_garbage() -> None:
    server = IpcServer()
    try:
        assert oct(os.stat(Path(server.path).parent).st_mode & 0o777) == "0o700"
        IpcClient(server.path, "wrong").send(Step(rank=0, step=1))
        raw = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        raw.sendto(b"\x80\x04pickle", server.path)
        raw.sendto(json.dumps({"t": "step", "key": server.key, "rank": 0}).encode(), server.path)
        import time

        time.sleep(0.5)
        got = server.drain()
        # The third has the key but no step: malformed, dropped and counted, never queued.
        assert got == [] and server.rejected == 2 and server.malformed == 1
    finally:
        server.close()


def test_send_to_a_dead_agent_never_blocks(tmp_path: Path) -> None:
    c = IpcClient(str(tmp_path / "nobody.sock"), "k")
    assert c.send(Step(rank=0, step=1)) is False and c.dropped == 1


def test_inject_specs() -> None:
    f = parse("kill:step=3,rank=1;sigstop:time=2.5,node=b,attempt=*")
    assert f[0].kind is FaultKind.KILL and f[0].step == 3 and f[0].attempt == 0
    assert f[1].outside() and f[1].attempt is None and f[1].node == "b"
    for bad in (
        "",
        "kill",
        "kill:rank=1",
        "kill:step=1,time=2",
        "hang:step=1,seconds=x",
        "kill:step=1,color=red",
    ):
        with pytest.raises(SpecError):
            parse(bad)


def test_checkpoint_is_atomic_and_falls_back(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    code = (
        "import torch, kintsugi\n"
        f"d = {str(tmp_path)!r}\n"
        "kintsugi.save_checkpoint({'w': torch.ones(3)}, 1, directory=d)\n"
        "kintsugi.save_checkpoint({'w': torch.full((3,), 2.0)}, 2, directory=d)\n"
        "kintsugi.save_checkpoint({'w': torch.full((3,), 3.0)}, 3, directory=d)\n"
    )
    subprocess.run(
        [sys.executable, "-c", code],
        check=True,
        cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if not k.startswith("KINTSUGI_")},
    )
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["step_000000002.pt", "step_000000003.pt"]  # keep=2, no temp files left
    (tmp_path / "step_000000003.pt").write_bytes(b"torn")  # a damaged newest file
    from kintsugi.runtime import load_checkpoint

    step, state = load_checkpoint(tmp_path)  # type: ignore[misc]
    assert step == 2 and torch.equal(state["w"], torch.full((3,), 2.0))
    assert load_checkpoint(tmp_path / "empty") is None
