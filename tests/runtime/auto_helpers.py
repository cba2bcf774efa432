"""Runs scripts under the bootstrap with a real agent socket (an IpcServer) listening."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from kintsugi.agent.ipc_server import IpcServer
from kintsugi.runtime import messages as m

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
DDP_SCRIPT = SCRIPTS / "ddp_uninstrumented.py"


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str
    messages: list[m.Message]

    def of(self, kind: type[m.Message]) -> list[m.Message]:
        return [x for x in self.messages if isinstance(x, kind)]

    def steps(self, rank: int) -> list[m.Step]:
        return [x for x in self.messages if isinstance(x, m.Step) and x.rank == rank]


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KINTSUGI_", "TORCHELASTIC"))}
    env.update(extra)
    return env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run(args: list[str], cwd: Path, agent: bool = True, timeout_s: float = 180, **env: str) -> Ran:
    """Runs ``python ARGS`` (a command line) with an agent socket unless ``agent`` is False."""
    server = IpcServer() if agent else None
    try:
        full = clean_env(**(server.env() if server else {}), **env)
        p = subprocess.run(
            [sys.executable, *args],
            cwd=cwd,
            env=full,
            capture_output=True,
            text=True,
            timeout=timeout_s,
        )
        msgs: list[m.Message] = []
        if server is not None:
            time.sleep(0.3)  # the last datagrams are still in the socket buffer
            msgs = server.drain()
        return Ran(p.returncode, p.stdout, p.stderr, msgs)
    finally:
        if server is not None:
            server.close()


def torchrun(nproc: int, script_args: list[str], bootstrap: bool = True) -> list[str]:
    """``python -m torch.distributed.run`` arguments for a local job of ``nproc`` ranks."""
    head = [
        "-m",
        "torch.distributed.run",
        "--nproc-per-node",
        str(nproc),
        "--master-addr",
        "127.0.0.1",
        "--master-port",
        str(free_port()),
    ]
    if bootstrap:
        head += ["-m", "kintsugi.runtime.bootstrap"]
    return [*head, *script_args]
