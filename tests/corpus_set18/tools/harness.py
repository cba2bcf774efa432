"""(adapted from corpus_set15/tools/harness.py) Launch simulated multi-node torchrun jobs on one machine and collect the bundles.

Each simulated node is one torchrun agent running in its own UTS + mount namespace
(``unshare -u -m``, optionally ``-p`` for a private PID namespace), so
``socket.gethostname()`` returns the node name and the node has its own mounts:

    /srv/code    read-only bind of tools/ (the training scripts)
    /srv/shared  bind of one directory shared by all nodes of the case ("NFS")
    /srv/local   bind of a per-node directory ("local NVMe"); extra tmpfs may be
                 mounted below it (e.g. a tiny checkpoint disk)

All nodes talk over 127.0.0.1 (GLOO_SOCKET_IFNAME=lo unless a case overrides it).
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CASES = ROOT / "cases"
WORK = Path(os.environ.get("E18_WORK", "/tmp/e18w"))
PY = sys.executable


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def memcg_base() -> Path | None:
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        parts = line.split(":", 2)
        if len(parts) == 3 and parts[1] == "memory":
            p = Path("/sys/fs/cgroup/memory") / parts[2].lstrip("/")
            if p.is_dir():
                return p
    return None


def memcg_prefix() -> str:
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        parts = line.split(":", 2)
        if len(parts) == 3 and parts[1] == "memory":
            return parts[2].rstrip("/")
    return ""


@dataclass
class Node:
    host: str
    nproc: int = 1
    env: dict = field(default_factory=dict)
    console: str = "console.log"          # name of the agent's stdout+stderr file in the bundle
    mem_limit: str | None = None           # memory cgroup limit for the whole node ("1200M")
    memcg_name: str | None = None          # cgroup leaf name (shows up in the kernel OOM report)
    tmpfs: dict = field(default_factory=dict)   # {"ckpt": "24m"} -> tmpfs at /srv/local/ckpt
    pidns: bool = False
    pre: list = field(default_factory=list)     # shell run inside the node before torchrun
    post: list = field(default_factory=list)    # shell run inside the node after torchrun
    launcher: list = field(default_factory=list)  # extra torchrun args for this node only
    python_path: str | None = None
    taskset: str | None = None
    delay: float = 0.0                     # seconds to wait before starting this agent
    cpu_quota_pct: int | None = None       # CFS bandwidth limit for the whole node (cgroup v1 cpu)
    entry: str | None = None               # run the node's job script from this path (e.g. a Slurm
                                           # spool path) so that ps inside the node shows that


class Job:
    def __init__(self, case: str, attempt: str | None, nodes: list[Node], script: str,
                 script_args: list[str], *, rdzv: str = "static", nnodes=None,
                 max_restarts: int = 0, log_dir: str | None = None, redirects: str | None = None,
                 tee: str | None = None, launcher: list | None = None, env: dict | None = None,
                 port: int | None = None, shared: Path | None = None, monitor_interval=None,
                 rdzv_conf: str | None = None, run_id: str | None = None, module: bool = False):
        self.case = case
        self.attempt = attempt
        self.nodes = nodes
        self.script = script
        self.script_args = script_args
        self.rdzv = rdzv
        self.nnodes = nnodes if nnodes is not None else len(nodes)
        self.max_restarts = max_restarts
        self.log_dir = log_dir
        self.redirects = redirects
        self.tee = tee
        self.launcher = launcher or []
        self.env = env or {}
        self.port = port or free_port()
        self.base = WORK / case / (attempt or "run")
        self.shared = shared or (WORK / case / "shared")
        self.monitor_interval = monitor_interval
        self.rdzv_conf = rdzv_conf
        self.run_id = run_id or f"{case.split('-')[0]}{os.getpid() % 10000}"
        self.extra_hosts = []
        self.cpu_cgroups: dict[str, Path] = {}
        self.procs: dict[str, subprocess.Popen] = {}
        self.cgroups: dict[str, Path] = {}
        self.t0 = None
        self.dmesg_before = 0

    # ------------------------------------------------------------------ paths
    def node_dir(self, n: Node) -> Path:
        return self.base / n.host

    def local_dir(self, n: Node) -> Path:
        return self.base / n.host / "local"

    def console_path(self, n: Node) -> Path:
        return self.base / n.host / "console.out"

    # ------------------------------------------------------------------ setup
    def prepare(self):
        if self.base.exists():
            shutil.rmtree(self.base)
        self.shared.mkdir(parents=True, exist_ok=True)
        for n in self.nodes:
            (self.local_dir(n) / "diag").mkdir(parents=True, exist_ok=True)
        for n in self.nodes:
            hosts = [f"127.0.0.1\t{n.host}\tlocalhost"]
            hosts += [f"127.0.0.1\t{o.host}" for o in self.nodes if o is not n]
            hosts += [f"127.0.0.1\t{h}" for h in self.extra_hosts]
            (self.node_dir(n) / "hosts").write_text("\n".join(hosts) + "\n")

    def torchrun_cmd(self, idx: int, n: Node) -> list[str]:
        cmd = [PY, "-m", "torch.distributed.run", "--nnodes", str(self.nnodes),
               "--nproc-per-node", str(n.nproc)]
        if self.rdzv == "static":
            cmd += ["--node-rank", str(idx), "--master-addr", self.nodes[0].host,
                    "--master-port", str(self.port)]
        else:
            conf = f"is_host={'true' if idx == 0 else 'false'}"
            if self.rdzv_conf:
                conf += "," + self.rdzv_conf
            cmd += ["--rdzv-backend", "c10d", "--rdzv-endpoint", f"{self.nodes[0].host}:{self.port}",
                    "--rdzv-id", self.run_id, "--rdzv-conf", conf]
        if self.max_restarts:
            cmd += ["--max-restarts", str(self.max_restarts)]
        if self.monitor_interval is not None:
            cmd += ["--monitor-interval", str(self.monitor_interval)]
        if self.log_dir:
            cmd += ["--log-dir", self.log_dir]
        if self.redirects:
            cmd += ["--redirects", self.redirects]
        if self.tee:
            cmd += ["--tee", self.tee]
        cmd += self.launcher + n.launcher
        cmd += [self.script] + list(self.script_args)
        return cmd

    def init_script(self, idx: int, n: Node) -> Path:
        loc = self.local_dir(n)
        lines = ["#!/bin/sh", f"hostname {n.host}",
                 "mount -t tmpfs -o size=16m,mode=755 tmpfs /srv",
                 "mkdir -p /srv/code /srv/shared /srv/local",
                 f"mount --bind {HERE} /srv/code", "mount -o remount,ro,bind /srv/code",
                 f"mount --bind {self.shared} /srv/shared",
                 f"mount --bind {loc} /srv/local",
                 f"mount --bind {self.node_dir(n) / 'hosts'} /etc/hosts"]
        for sub, size in n.tmpfs.items():
            lines += [f"mkdir -p /srv/local/{sub}",
                      f"mount -t tmpfs -o size={size} tmpfs /srv/local/{sub}"]
        if n.host in self.cgroups:
            lines.append(f"echo $$ > {self.cgroups[n.host]}/cgroup.procs")
        if n.host in self.cpu_cgroups:
            lines.append(f"echo $$ > {self.cpu_cgroups[n.host]}/cgroup.procs")
        stage1 = lines
        if n.entry:
            stage2 = self.node_dir(n) / "stage2.sh"
            top = "/" + n.entry.strip("/").split("/")[0] + "/" + n.entry.strip("/").split("/")[1]
            stage1 = lines + [f"mount -t tmpfs -o size=1m tmpfs {top}",
                              f"mkdir -p {os.path.dirname(n.entry)}",
                              f"cp {stage2} {n.entry}", f"exec /bin/bash {n.entry}"]
            lines = ["#!/bin/bash"]
        lines.append("cd /srv/local")
        lines += n.pre
        env = {"GLOO_SOCKET_IFNAME": "lo", "PYTHONUNBUFFERED": "1",
               "PYTHONDONTWRITEBYTECODE": "1", "TORCH_DISABLE_SHARE_RDZV_TCP_STORE": "1"}
        env.update(self.env)
        env.update(n.env)
        if n.python_path is not None:
            env["PYTHONPATH"] = n.python_path
        exports = " ".join(f"{k}={shq(v)}" for k, v in env.items() if v is not None)
        unset = " ".join(f"-u {k}" for k, v in env.items() if v is None)
        cmd = " ".join(shq(c) for c in self.torchrun_cmd(idx, n))
        if n.taskset:
            cmd = f"taskset -c {n.taskset} {cmd}"
        lines.append(f"env {unset} {exports} {cmd}")
        lines.append("rc=$?")
        lines += n.post
        lines.append("exit $rc")
        p = self.node_dir(n) / "init.sh"
        if n.entry:
            (self.node_dir(n) / "stage2.sh").write_text("\n".join(lines) + "\n")
            lines = stage1
        p.write_text("\n".join(lines) + "\n")
        return p

    def setup_cgroups(self):
        for n in self.nodes:
            if n.cpu_quota_pct:
                cg = Path("/sys/fs/cgroup/cpu/e18w") / n.host
                cg.mkdir(parents=True, exist_ok=True)
                (cg / "cpu.cfs_period_us").write_text("100000")
                (cg / "cpu.cfs_quota_us").write_text(str(n.cpu_quota_pct * 1000))
                self.cpu_cgroups[n.host] = cg
        base = memcg_base()
        for n in self.nodes:
            if n.mem_limit and base:
                name = n.memcg_name or f"e18_{n.host}"
                cg = base
                for part in name.split("/"):
                    cg = cg / part
                    cg.mkdir(exist_ok=True)
                (cg / "memory.limit_in_bytes").write_text(n.mem_limit)
                self.cgroups[n.host] = cg

    def cleanup_cgroups(self):
        for host, cg in self.cpu_cgroups.items():
            for _ in range(50):
                try:
                    cg.rmdir()
                    break
                except OSError:
                    time.sleep(0.2)
            try:
                cg.parent.rmdir()
            except OSError:
                pass
        base = memcg_base()
        for host, cg in self.cgroups.items():
            try:
                mx = int((cg / "memory.max_usage_in_bytes").read_text())
                print(f"[capture] {host}: memcg max usage {mx / 2**20:.0f} MiB", file=sys.stderr)
            except OSError:
                pass
            for _ in range(50):
                try:
                    cg.rmdir()
                    break
                except OSError:
                    time.sleep(0.2)
            p = cg.parent
            while base and p != base and p.is_relative_to(base):
                try:
                    p.rmdir()
                except OSError:
                    break
                p = p.parent

    # ------------------------------------------------------------------ run
    def start(self, setup=None):
        self.prepare()
        if setup:
            setup(self)
        self.setup_cgroups()
        self.dmesg_before = len(dmesg_lines())
        self.t0 = time.time()
        for idx, n in enumerate(self.nodes):
            if n.delay:
                time.sleep(n.delay)
            init = self.init_script(idx, n)
            flags = ["-u", "-m"] + (["-p", "-f", "--mount-proc"] if n.pidns else [])
            out = open(self.console_path(n), "wb")
            self.procs[n.host] = subprocess.Popen(
                ["unshare", *flags, "sh", str(init)], stdout=out, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True)

    def wait(self, timeout: float = 240, events=None):
        """Wait for all agents; `events` is a list of callables(job) -> bool (done)."""
        events = list(events or [])
        deadline = time.time() + timeout
        while time.time() < deadline:
            events = [e for e in events if not e(self)]
            if all(p.poll() is not None for p in self.procs.values()):
                break
            time.sleep(0.2)
        else:
            print(f"[capture] {self.case}: timeout, killing", file=sys.stderr)
            for p in self.procs.values():
                if p.poll() is None:
                    try:
                        os.killpg(p.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
        for p in self.procs.values():
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
        time.sleep(0.5)
        self.cleanup_cgroups()
        self.new_dmesg = dmesg_lines()[self.dmesg_before:]
        return {h: p.returncode for h, p in self.procs.items()}

    def run(self, timeout=240, events=None, setup=None):
        self.start(setup)
        rcs = self.wait(timeout, events)
        print(f"[capture] {self.case}/{self.attempt or '-'} rc={rcs} "
              f"({time.time() - self.t0:.0f}s)", file=sys.stderr)
        return rcs

    # ------------------------------------------------------------------ helpers for events
    def console_text(self, host: str) -> str:
        n = self.node(host)
        try:
            return self.console_path(n).read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def node_text(self, host: str) -> str:
        """console + every log file under the node's local dir."""
        n = self.node(host)
        txt = [self.console_text(host)]
        for p in self.local_dir(n).rglob("*"):
            if p.is_file() and p.suffix in (".log", ".jsonl", ".txt", ".out", ".err"):
                try:
                    txt.append(p.read_text(errors="replace"))
                except OSError:
                    pass
        return "\n".join(txt)

    def node(self, host: str) -> Node:
        return next(n for n in self.nodes if n.host == host)

    # ------------------------------------------------------------------ collect
    def collect(self, dest: Path, keep=None, console_name=None, dmesg: str | None = None,
                drop=None):
        """Copy one node folder per host into `dest` (the case or attempt folder)."""
        dest.mkdir(parents=True, exist_ok=True)
        for n in self.nodes:
            d = dest / n.host
            if d.exists():
                shutil.rmtree(d)
            d.mkdir(parents=True)
            # drop the messages of the simulation wrapper itself (unshare complaining when the
            # simulated node is powered off); everything else is the agent's own output
            raw = self.console_path(n).read_bytes().split(b"\n")
            (d / (console_name or n.console)).write_bytes(
                b"\n".join(l for l in raw if not l.startswith(b"unshare: ")))
            loc = self.local_dir(n)
            for p in sorted(loc.rglob("*")):
                if not p.is_file():
                    continue
                rel = p.relative_to(loc)
                if rel.parts[0] == "diag":
                    target = d / Path(*rel.parts[1:])
                elif keep and any(rel.match(k) or str(rel).startswith(k) for k in keep):
                    target = d / rel
                else:
                    continue
                if drop and any(rel.match(x) for x in drop):
                    continue
                if p.stat().st_size > 400_000:
                    continue
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(p, target)
            if dmesg:
                (d / dmesg).write_text(self.dmesg_for(n))

    def dmesg_for(self, n: Node) -> str:
        """Kernel lines produced during the job that belong to this node: OOM reports of
        the node's memory cgroup and lines naming a pid that the node's logs mention."""
        text = self.node_text(n.host)
        pids = set(re.findall(r"pid[:= ]\s*(\d+)", text)) | set(re.findall(r"\(pid (\d+)\)", text))
        pids |= set(re.findall(r"PID (\d+)", text))
        out, block = [], []
        cg = self.cgroups.get(n.host)
        cgname = "/" + (n.memcg_name or f"e18_{n.host}") if cg else None
        in_oom = False
        for line in self.new_dmesg:
            if "invoked oom-killer" in line:
                in_oom, block = True, [line]
                continue
            if in_oom:
                block.append(line)
                if "Killed process" in line or "oom_reaper" in line:
                    in_oom = False
                    if cgname and any(cgname in b for b in block):
                        out += block
                    block = []
                continue
            m = re.search(r"\[(\d+)\]|pid[= ](\d+)|process (\d+)", line)
            if m and (m.group(1) or m.group(2) or m.group(3)) in pids:
                out.append(line)
            elif cgname and cgname in line:
                out.append(line)
        txt = "\n".join(out)
        pre = memcg_prefix()
        if pre:
            txt = txt.replace(pre, "")
        return txt + ("\n" if txt else "")


def dmesg_lines() -> list[str]:
    try:
        return subprocess.run(["dmesg"], capture_output=True, text=True).stdout.splitlines()
    except Exception:
        return []


def shq(s) -> str:
    s = str(s)
    if re.fullmatch(r"[A-Za-z0-9_./:=,@%+-]+", s):
        return s
    return "'" + s.replace("'", "'\"'\"'") + "'"


def wait_for(pattern: str, host: str, then, once=True, source="node"):
    """Event: when `pattern` appears in the node's output, call then(job)."""
    rx = re.compile(pattern)

    def ev(job: Job) -> bool:
        txt = job.node_text(host) if source == "node" else job.console_text(host)
        if rx.search(txt):
            then(job)
            return True
        return False
    return ev


def after(seconds: float, then):
    def ev(job: Job) -> bool:
        if time.time() - job.t0 >= seconds:
            then(job)
            return True
        return False
    return ev


def worker_pids(script_name: str, rank: int | None = None, host: str | None = None) -> list[int]:
    """Worker processes of the running job (by cmdline and RANK env)."""
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            cmd = (d / "cmdline").read_bytes().split(b"\0")
            env = (d / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if not any(script_name.encode() in c for c in cmd) or b"torch.distributed.run" in b" ".join(cmd):
            continue
        envd = dict(e.split(b"=", 1) for e in env if b"=" in e)
        if b"RANK" not in envd:
            continue
        try:
            ppid = (d / "stat").read_text().rsplit(")", 1)[1].split()[1]
            pcmd = Path(f"/proc/{ppid}/cmdline").read_bytes()
        except (OSError, IndexError):
            continue
        if b"torch.distributed.run" not in pcmd:
            continue
        if rank is not None and int(envd[b"RANK"]) != rank:
            continue
        if host is not None:
            hostname = subprocess.run(["nsenter", "-t", d.name, "-u", "hostname"],
                                      capture_output=True, text=True).stdout.strip()
            if hostname != host:
                continue
        out.append(int(d.name))
    return out
