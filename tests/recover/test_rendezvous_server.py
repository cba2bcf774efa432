"""``kintsugi rendezvous``: a standalone c10d store that outlives any training node.

Two real ``python -m torch.distributed.run`` agents rendezvous through it (c10d backend);
the first agent is SIGKILLed with its worker, and the second re-forms alone and finishes.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import kintsugi_cmd, rendezvous_server, wait_for

TARGET = Path(__file__).with_name("rdzv_target.py")


@pytest.fixture
def server() -> Iterator[tuple[subprocess.Popen[str], str]]:
    with rendezvous_server() as s:
        yield s


def _agent(node: str, endpoint: str, out: Path, steps: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, KINTSUGI_TEST_NODE=node, TORCH_DISABLE_SHARE_RDZV_TCP_STORE="1")
    cmd = [
        sys.executable, "-m", "torch.distributed.run",
        "--nnodes", "1:2", "--nproc-per-node", "1", "--max-restarts", "3",
        "--rdzv-backend", "c10d", "--rdzv-endpoint", endpoint, "--rdzv-id", "rdzv-test",
        "--rdzv-conf", "join_timeout=90,last_call_timeout=2,keep_alive_interval=1",
        "--monitor-interval", "0.2",
        str(TARGET), str(out), str(steps),
    ]  # fmt: skip
    log = (out / f"{node}.agent").open("wb")
    # Its own session, so the test can kill the agent together with its worker.
    return subprocess.Popen(
        cmd, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True
    )


def _lines(path: Path) -> list[list[int]]:
    if not path.exists():
        return []
    return [[int(x) for x in ln.split()] for ln in path.read_text().splitlines() if ln.strip()]


@pytest.mark.slow
def test_job_survives_death_of_first_agent(
    server: tuple[subprocess.Popen[str], str], tmp_path: Path
) -> None:
    _, endpoint = server
    a = _agent("a", endpoint, tmp_path, steps=400)
    time.sleep(1.0)  # a joins first: with torch's own store, a would be hosting it
    b = _agent("b", endpoint, tmp_path, steps=60)
    try:
        both = lambda: any(w == 2 for w, *_ in _lines(tmp_path / "b.log"))  # noqa: E731
        assert wait_for(both, timeout=120), (tmp_path / "b.agent").read_text()[-3000:]
        # The node dies: its agent and its worker (which elastic runs in its own session).
        worker = int((tmp_path / "a.pid").read_text())
        os.killpg(a.pid, signal.SIGKILL)
        os.kill(worker, signal.SIGKILL)
        a.wait(timeout=10)
        assert b.wait(timeout=180) == 0, (tmp_path / "b.agent").read_text()[-3000:]
    finally:
        for p in (a, b):
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(timeout=10)
        for pid_file in tmp_path.glob("*.pid"):
            with contextlib.suppress(ProcessLookupError, ValueError):
                os.kill(int(pid_file.read_text()), signal.SIGKILL)
    rows = _lines(tmp_path / "b.log")
    assert rows[0][0] == 2  # trained with two nodes
    alone = [r for r in rows if r[0] == 1]
    assert alone and alone[-1][1] == 59  # re-formed alone and finished every step
    assert alone[-1][2] >= 1  # in a restarted round


def test_port_taken_is_one_line(server: tuple[subprocess.Popen[str], str]) -> None:
    _, endpoint = server
    port = endpoint.rsplit(":", 1)[1]
    p = subprocess.run(
        kintsugi_cmd("rendezvous", "--host", "127.0.0.1", "--port", port),
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert p.returncode == 2
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "could not serve the rendezvous store" in lines[0], p.stderr
