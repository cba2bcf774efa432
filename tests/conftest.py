"""Shared fixtures: real processes, a real PostgreSQL server, and helpers to run kintsugi."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from kintsugi.events import Event
from kintsugi.store import open_store

REPO = Path(__file__).resolve().parents[1]
TRAIN = REPO / "src" / "kintsugi" / "demo" / "train_charlm.py"
TINY = ["--d-model", "16", "--layers", "1", "--seq", "16", "--batch", "4", "--log-every", "1000"]
SHARED_PG = os.environ.get("KINTSUGI_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")


@dataclass
class RunResult:
    code: int
    output: str
    run_dir: Path
    run_id: str

    def events(self) -> list[Event]:
        with open_store(f"sqlite:///{self.run_dir / 'events.db'}") as s:
            return s.events(run_id=self.run_id)

    def kinds(self) -> list[str]:
        return [e.kind.value for e in self.events()]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def port_open(port: int) -> bool:
    """Whether something listens on 127.0.0.1:``port`` (a rendezvous host has started)."""
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


def kintsugi_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "kintsugi", *args]


def node_cmd(
    node: str, run_id: str, port: int, tmp: Path, *extra: str, nnodes: int = 2
) -> list[str]:
    """``kintsugi run`` for one simulated node (1 rank) of a multi-node job over 127.0.0.1."""
    return kintsugi_cmd(
        "run",
        "--nnodes",
        str(nnodes),
        "--nproc-per-node",
        "1",
        "--rdzv-backend",
        "c10d",
        "--rdzv-endpoint",
        f"127.0.0.1:{port}",
        "--rdzv-id",
        run_id,
        "--node-name",
        node,
        "--run-dir",
        str(tmp / "run"),
        "--store",
        f"sqlite:///{tmp / 'events.db'}",
        "--no-report",
        *extra,
    )


def start_node(
    node: str,
    run_id: str,
    port: int,
    tmp: Path,
    *extra: str,
    nnodes: int = 2,
    env: dict[str, str] | None = None,
) -> subprocess.Popen[str]:
    """Starts one simulated node (``node_cmd``), its output captured as text; ``env`` is
    added to this process's environment."""
    cmd = node_cmd(node, run_id, port, tmp, *extra, nnodes=nnodes)
    return subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, **(env or {})},
    )


def finish_nodes(procs: dict[str, subprocess.Popen[str]], timeout: float) -> dict[str, str]:
    """Waits for every simulated node and returns its output by name. If they are not all done
    within ``timeout`` seconds, kills them all and fails with what each had printed, so a
    hang shows where each node stood instead of a bare TimeoutExpired."""
    deadline = time.monotonic() + timeout
    outs: dict[str, str] = {}
    try:
        for name, proc in procs.items():
            outs[name] = proc.communicate(timeout=max(1.0, deadline - time.monotonic()))[0]
    except subprocess.TimeoutExpired:
        for proc in procs.values():
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
        for name, proc in procs.items():
            outs[name] = outs.get(name) or proc.communicate(timeout=30)[0] or ""
        report = "\n".join(f"===== node {n} =====\n{o[-6000:]}" for n, o in outs.items())
        pytest.fail(f"nodes still running after {timeout:.0f} s\n{report}", pytrace=False)
    return outs


@contextlib.contextmanager
def rendezvous_server() -> Iterator[tuple[subprocess.Popen[str], str]]:
    """A ``kintsugi rendezvous`` store on a free port of 127.0.0.1: (process, endpoint)."""
    p = subprocess.Popen(
        kintsugi_cmd("rendezvous", "--host", "127.0.0.1", "--port", "0"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert p.stdout is not None
        line = p.stdout.readline()
        assert "serving c10d store at" in line, p.stderr.read() if p.stderr else ""
        yield p, line.rsplit(" ", 1)[1].strip()
    finally:
        p.terminate()
        p.wait(timeout=10)
        for s in (p.stdout, p.stderr):
            if s is not None:
                s.close()


def node_events(store_url: str, run_id: str) -> list[tuple[str, str, dict[str, Any]]]:
    """(node, kind, data) of a run's events so far; [] while the store does not exist yet."""
    from kintsugi.store import StoreError

    try:
        with open_store(store_url) as s:
            return [(e.node, e.kind.value, e.data) for e in s.events(run_id=run_id)]
    except StoreError:
        return []


def run_job(
    tmp: Path,
    *,
    nproc: int = 2,
    steps: int = 30,
    inject: str | None = None,
    extra: tuple[str, ...] = (),
    script_args: tuple[str, ...] = (),
    timeout: float = 180,
    name: str = "job",
) -> RunResult:
    """Runs ``kintsugi run`` on the demo trainer (tiny settings) as a real subprocess."""
    run_dir = tmp / name
    run_id = f"{name}-{uuid.uuid4().hex[:6]}"
    cmd = kintsugi_cmd(
        "run",
        "--nproc-per-node",
        str(nproc),
        "--rdzv-id",
        run_id,
        "--run-dir",
        str(run_dir),
        "--hang-floor-seconds",
        "3",
        "--no-report",
        "--node-name",
        "n0",
        *extra,
    )
    if inject:
        cmd += ["--inject", inject]
    cmd += [str(TRAIN), "--steps", str(steps), "--ckpt-every", "5", *TINY, *script_args]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=tmp)
    return RunResult(p.returncode, p.stdout + p.stderr, run_dir, run_id)


def _pg_bin() -> Path | None:
    for d in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (d / "initdb").exists():
            return d
    return None


class PrivateServer:
    """A PostgreSQL server of our own (so a test may stop it), run as the postgres user."""

    def __init__(self) -> None:
        bin_dir = _pg_bin()
        if bin_dir is None or (os.geteuid() == 0 and shutil.which("runuser") is None):
            pytest.skip("PostgreSQL server binaries (initdb, pg_ctl) or runuser not available")
        self.bin = bin_dir
        # Not under pytest's tmp dir: that is private to root, and the server runs as postgres.
        self.base = Path(tempfile.mkdtemp(prefix="kintsugi-pg-"))
        self.dir = self.base / "pgdata"
        self.port = free_port()
        if os.geteuid() == 0:
            shutil.chown(self.base, "postgres")
        self._as_postgres(
            [str(self.bin / "initdb"), "-D", str(self.dir), "-A", "trust", "-U", "postgres"]
        )
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _as_postgres(self, cmd: list[str]) -> None:
        if os.geteuid() == 0:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        opts = f"-p {self.port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off"
        self._as_postgres(
            [
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.dir),
                "-o",
                opts,
                "-w",
                "-l",
                str(self.base / "pg.log"),
                "start",
            ]
        )

    def stop(self) -> None:
        self._as_postgres(
            [str(self.bin / "pg_ctl"), "-D", str(self.dir), "-m", "immediate", "-w", "stop"]
        )


@pytest.fixture
def private_pg() -> Iterator[PrivateServer]:
    server = PrivateServer()
    server.start()
    try:
        yield server
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):
            server.stop()
        shutil.rmtree(server.base, ignore_errors=True)


@pytest.fixture
def shared_pg() -> Iterator[str]:
    """A fresh database on the machine's PostgreSQL server (127.0.0.1:5432)."""
    psycopg = pytest.importorskip("psycopg")
    name = f"kintsugi_test_{uuid.uuid4().hex[:10]}"
    try:
        admin = psycopg.connect(SHARED_PG, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as e:
        pytest.skip(f"no PostgreSQL server at {SHARED_PG}: {e}")
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = SHARED_PG.rsplit("/", 1)[0] + "/" + name
    try:
        yield url
    finally:
        with psycopg.connect(SHARED_PG, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def run_events(run_dir: Path) -> list[dict[str, object]]:
    """Every event in ``run_dir/events.db`` as dicts; [] while the store does not exist yet."""
    from kintsugi.store import StoreError

    try:
        with open_store(f"sqlite:///{run_dir / 'events.db'}", create=False) as s:
            return [e.to_dict() for e in s.events()]
    except StoreError:
        return []


def wait_for(pred: object, timeout: float = 30.0, interval: float = 0.1) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():  # type: ignore[operator]
            return True
        time.sleep(interval)
    return False


# Suites that start real training jobs, daemons or a browser and wait on their timing: under
# ``pytest -n`` (``./check``) they run one at a time on one worker, beside the rest, so that
# no two jobs race for the CPUs a hang or straggler test times.
_SERIAL_SUITES = {"agent", "checkpoint", "recover", "runtime", "slurm", "web"}


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        rel = item.path.relative_to(REPO / "tests")
        heavy = rel.parts[0] in _SERIAL_SUITES or any(
            item.get_closest_marker(m) for m in ("slow", "browser")
        )
        # any other file's tests stay together: a golden set builds its bundles once
        item.add_marker(pytest.mark.xdist_group("serial" if heavy else rel.as_posix()))
