"""A real Slurm cluster on this host for tests: munged, slurmctld and one slurmd per node.

Debian's slurm-wlm runs several ``slurmd -N NAME`` on one host (each node has its own
``Port=`` and a ``%n`` spool directory). Tests skip when slurm-wlm or munge is absent.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

NEEDED = ("munged", "slurmctld", "slurmd", "scontrol", "sbatch")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class SlurmCluster:
    """Writes ``slurm.conf`` for ``nodes`` and runs the daemons as children of the test."""

    def __init__(self, nodes: tuple[str, ...], prolog: str | None = None) -> None:
        missing = [b for b in NEEDED if shutil.which(b) is None]
        if missing:
            pytest.skip(
                f"Slurm not installed ({', '.join(missing)} missing): "
                "apt-get install -y slurm-wlm munge"
            )
        if os.geteuid() != 0:
            pytest.skip("the test Slurm cluster runs its daemons as root")
        # Short path: munge's socket path must fit in a sockaddr_un.
        self.dir = Path(tempfile.mkdtemp(prefix="ks-slurm-", dir="/tmp"))
        self.nodes = nodes
        for d in ("state", "spool", "log"):
            (self.dir / d).mkdir()
        key = self.dir / "munge.key"
        key.write_bytes(os.urandom(1024))
        key.chmod(0o400)
        self.conf = self.dir / "slurm.conf"
        ports = [_free_port() for _ in range(len(nodes) + 2)]
        node_lines = "\n".join(
            f"NodeName={n} NodeHostname=localhost NodeAddr=127.0.0.1 Port={p} CPUs=1 State=UNKNOWN"
            for n, p in zip(nodes, ports[2:], strict=True)
        )
        d = self.dir
        self.conf.write_text(
            f"""ClusterName=kintsugi
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort={ports[0]}
SlurmdPort={ports[1]}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={d}/munge.sock
StateSaveLocation={d}/state
SlurmdSpoolDir={d}/spool/%n
SlurmctldPidFile={d}/ctld.pid
SlurmdPidFile={d}/slurmd-%n.pid
SlurmctldLogFile={d}/log/ctld.log
SlurmdLogFile={d}/log/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
MessageTimeout=3
{f"Prolog={prolog}" if prolog else ""}
{node_lines}
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
"""
        )
        self.env = dict(os.environ, SLURM_CONF=str(self.conf))
        self.procs: list[subprocess.Popen[bytes]] = []

    def _spawn(self, cmd: list[str], name: str) -> subprocess.Popen[bytes]:
        log = (self.dir / "log" / f"{name}.out").open("wb")
        p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=self.env)
        log.close()
        self.procs.append(p)
        return p

    def start(self) -> None:
        d = self.dir
        self._spawn(
            ["munged", "-F", "--force", f"--socket={d}/munge.sock", f"--key-file={d}/munge.key",
             f"--pid-file={d}/munged.pid", f"--log-file={d}/log/munged.log",
             f"--seed-file={d}/munge.seed"],
            "munged",
        )  # fmt: skip
        self._wait(lambda: (d / "munge.sock").exists(), "munged")
        self.ctld = self._spawn(["slurmctld", "-D", "-i"], "slurmctld")
        for n in self.nodes:
            self._spawn(["slurmd", "-D", "-N", n], f"slurmd-{n}")
        self._wait(self._all_idle, "slurmd nodes to register")

    def scontrol(self, *args: str) -> str:
        return subprocess.run(
            ["scontrol", *args], capture_output=True, text=True, timeout=15, env=self.env
        ).stdout

    def _all_idle(self) -> bool:
        out = self.scontrol("show", "node", "-o")
        return out.count("State=IDLE") == len(self.nodes) and "DRAIN" not in out

    def _wait(self, pred: object, what: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if pred():  # type: ignore[operator]
                return
            time.sleep(0.3)
        logs = "\n".join(p.read_text()[-800:] for p in (self.dir / "log").glob("*"))
        raise AssertionError(f"timed out waiting for {what}\n{logs}")

    def stop_controller(self) -> None:
        self.ctld.terminate()
        self.ctld.wait(timeout=30)

    def stop(self) -> None:
        # Reverse order: slurmds and the controller before munged.
        for p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
        for p in reversed(self.procs):
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def run_cluster(nodes: tuple[str, ...], prolog: str | None = None) -> Iterator[SlurmCluster]:
    c = SlurmCluster(nodes, prolog)
    try:
        c.start()
        yield c
    finally:
        c.stop()
