"""Launch simulated multi-node torchrun jobs on one machine and collect the bundles.

Copied from corpus_set27/tools/harness.py for corpus_set30: own tag (s30), bridge
(s30br0) and work dir (/tmp/set30_work); adds a per-node CPU quota cgroup.

Each simulated node is one ``python -m torch.distributed.run`` agent started under
``unshare -u -m`` (own hostname, own mount namespace; ``-p -f --mount-proc`` when the
node needs its own PID namespace).  Inside every node:

    /srv/code    read-only bind of tools/ (the training scripts)
    /srv/shared  bind of one directory shared by all nodes of the case ("NFS")
    /srv/local   bind of a per-node directory ("local NVMe"); extra tmpfs or a loop
                 device (ext4 image) may be mounted below it
    /etc/hosts   per-node hosts file

All nodes talk over 127.0.0.1 (GLOO_SOCKET_IFNAME=lo unless a case overrides it).
Everything a node writes below /srv/local/diag ends up in the node's bundle folder,
so node-level files (df, ps, limits, ...) are the output of commands run inside the
node's namespaces, either by the node's own prolog/epilogue (``pre``/``post``) or by
``Job.snapshot`` (``nsenter`` into the node while the job runs).
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
import zlib
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CASES = ROOT / "cases"
WORK = Path(os.environ.get("S30_WORK", "/tmp/set30_work"))
PY = sys.executable
TAG = "s30"
BRIDGE = "s30br0"


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


@dataclass
class Node:
    host: str
    nproc: int = 1
    env: dict = field(default_factory=dict)
    console: str = "console.log"          # name of the agent's stdout+stderr file in the bundle
    mem_limit: str | None = None           # memory cgroup limit for the whole node
    tmpfs: dict = field(default_factory=dict)   # {"ckpt": "24m"} -> tmpfs at /srv/local/ckpt
    tmpfs_opts: dict = field(default_factory=dict)  # {"ckpt": "nr_inodes=400"}
    loopfs: dict = field(default_factory=dict)  # {"data": "/dev/loop3"} -> mounted at /srv/local/data
    blkio_read_bps: dict = field(default_factory=dict)  # {"7:3": 1048576}
    pids_max: int | None = None
    cpu_quota_us: int | None = None        # cgroup cpu.cfs_quota_us (period 100000)
    pidns: bool = True                     # own PID namespace (ps shows only the node)
    pre: list = field(default_factory=list)     # shell run inside the node before torchrun
    post: list = field(default_factory=list)    # shell run inside the node after torchrun
    launcher: list = field(default_factory=list)  # extra torchrun args for this node only
    launcher_override: dict = field(default_factory=dict)  # e.g. {"--nnodes": "2"}
    delay: float = 0.0                     # seconds to wait before starting this agent
    hosts_extra: list = field(default_factory=list)  # extra /etc/hosts lines for this node
    self_ip: str | None = None             # address this node's own name maps to in its hosts
    netns: bool = False                    # own network namespace, veth "eth0" on a host bridge
    ip: str | None = None                  # its address on the bridge (10.30.0.x)
    oom_adj: int | None = None             # oom_score_adj of the node's init shell (inherited)
    timelimit: float | None = None         # scheduler time limit: slurmstepd-like SIGTERM after N s
    timelimit_msg: str = ""                # what the step daemon prints when it fires


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
        self.run_id = run_id or f"{zlib.crc32(case.encode()) % 90000 + 10000}"
        self.module = module
        self.procs: dict[str, subprocess.Popen] = {}
        self.cgroups: list[Path] = []
        self.node_cg: dict[str, list[Path]] = {}
        self.t0 = None
        self._tree: set[int] = set()

    # ------------------------------------------------------------------ paths
    def node_dir(self, n: Node) -> Path:
        return self.base / n.host

    def local_dir(self, n: Node) -> Path:
        return self.base / n.host / "local"

    def diag_dir(self, host: str) -> Path:
        return self.local_dir(self.node(host)) / "diag"

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
            if n.netns:
                hosts = ["127.0.0.1\tlocalhost", f"{n.self_ip or n.ip}\t{n.host}"]
            elif n.self_ip:
                hosts = [f"{n.self_ip}\t{n.host}", "127.0.0.1\tlocalhost"]
            else:
                hosts = [f"127.0.0.1\t{n.host}\tlocalhost"]
            hosts += [f"{o.ip if o.netns else '127.0.0.1'}\t{o.host}" for o in self.nodes if o is not n]
            hosts += n.hosts_extra
            (self.node_dir(n) / "hosts").write_text("\n".join(hosts) + "\n")

    def torchrun_cmd(self, idx: int, n: Node) -> list[str]:
        opts = {"--nnodes": str(self.nnodes), "--nproc-per-node": str(n.nproc)}
        if self.rdzv == "static":
            opts.update({"--node-rank": str(idx), "--master-addr": self.nodes[0].host,
                         "--master-port": str(self.port)})
        else:
            conf = self.rdzv_conf or ""
            opts.update({"--rdzv-backend": "c10d",
                         "--rdzv-endpoint": f"{self.nodes[0].host}:{self.port}",
                         "--rdzv-id": self.run_id})
            if conf:
                opts["--rdzv-conf"] = conf
        if self.max_restarts:
            opts["--max-restarts"] = str(self.max_restarts)
        if self.monitor_interval is not None:
            opts["--monitor-interval"] = str(self.monitor_interval)
        if self.log_dir:
            opts["--log-dir"] = self.log_dir
        if self.redirects:
            opts["--redirects"] = self.redirects
        if self.tee:
            opts["--tee"] = self.tee
        opts.update(n.launcher_override)
        cmd = [PY, "-m", "torch.distributed.run"]
        for k, v in opts.items():
            cmd += [k, v]
        cmd += self.launcher + n.launcher
        if self.module:
            cmd += ["-m"]
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
            extra = "," + n.tmpfs_opts[sub] if sub in n.tmpfs_opts else ""
            lines += [f"mkdir -p /srv/local/{sub}",
                      f"mount -t tmpfs -o size={size}{extra} tmpfs /srv/local/{sub}"]
        for sub, dev in n.loopfs.items():
            lines += [f"mkdir -p /srv/local/{sub}", f"mount {dev} /srv/local/{sub}"]
        for cg in self.node_cg.get(n.host, []):
            lines.append(f"echo $$ > {cg}/cgroup.procs")
        if n.oom_adj is not None:
            lines.append(f"echo {n.oom_adj} > /proc/self/oom_score_adj")
        lines.append("cd /srv/local")
        lines += n.pre
        env = {"GLOO_SOCKET_IFNAME": "eth0" if n.netns else "lo", "PYTHONUNBUFFERED": "1",
               "PYTHONDONTWRITEBYTECODE": "1", "TORCH_DISABLE_SHARE_RDZV_TCP_STORE": "1"}
        env.update(self.env)
        env.update(n.env)
        exports = " ".join(f"{k}={shq(v)}" for k, v in env.items() if v is not None)
        unset = " ".join(f"-u {k}" for k, v in env.items() if v is None)
        cmd = " ".join(shq(c) for c in self.torchrun_cmd(idx, n))
        if n.timelimit:
            lines.append(f"env {unset} {exports} {cmd} </dev/null &")
            lines.append("TRPID=$!")
            lines.append(f"( sleep {n.timelimit}; echo \"{n.timelimit_msg}\" >&2; kill -TERM $TRPID; "
                         "sleep 30; kill -KILL $TRPID ) &")
            lines.append("WDPID=$!")
            lines.append("wait $TRPID")
            lines.append("rc=$?")
            lines.append("kill $WDPID 2>/dev/null")
        else:
            lines.append(f"env {unset} {exports} {cmd} </dev/null")
            lines.append("rc=$?")
        lines += n.post
        lines.append("exit $rc")
        p = self.node_dir(n) / "init.sh"
        p.write_text("\n".join(lines) + "\n")
        return p

    def setup_cgroups(self):
        base = memcg_base()
        for n in self.nodes:
            cgs = []
            if n.mem_limit and base:
                cg = base / f"{TAG}_{n.host}"
                cg.mkdir(exist_ok=True)
                (cg / "memory.limit_in_bytes").write_text(n.mem_limit)
                cgs.append(cg)
            if n.blkio_read_bps:
                cg = Path("/sys/fs/cgroup/blkio") / f"{TAG}_{n.host}"
                cg.mkdir(exist_ok=True)
                for dev, bps in n.blkio_read_bps.items():
                    (cg / "blkio.throttle.read_bps_device").write_text(f"{dev} {bps}")
                cgs.append(cg)
            if n.pids_max:
                cg = Path("/sys/fs/cgroup/pids") / f"{TAG}_{n.host}"
                cg.mkdir(exist_ok=True)
                (cg / "pids.max").write_text(str(n.pids_max))
                cgs.append(cg)
            if n.cpu_quota_us:
                cg = Path("/sys/fs/cgroup/cpu") / f"{TAG}_{n.host}"
                cg.mkdir(exist_ok=True)
                (cg / "cpu.cfs_period_us").write_text("100000")
                (cg / "cpu.cfs_quota_us").write_text(str(n.cpu_quota_us))
                cgs.append(cg)
            self.node_cg[n.host] = cgs
            self.cgroups += cgs

    def veth(self, n: Node) -> str:
        return f"v{TAG}{self.nodes.index(n)}"

    def setup_net(self):
        if not any(n.netns for n in self.nodes):
            return
        sh(f"ip link del {BRIDGE} 2>/dev/null; ip link add {BRIDGE} type bridge && ip link set {BRIDGE} up")
        for n in self.nodes:
            if not n.netns:
                continue
            ns = f"{TAG}_{n.host}"
            v = self.veth(n)
            sh(f"ip netns del {ns} 2>/dev/null; ip netns add {ns}")
            sh(f"ip link add {v} type veth peer name {v}p")
            sh(f"ip link set {v}p netns {ns}")
            sh(f"ip link set {v} master {BRIDGE} && ip link set {v} up")
            sh(f"ip -n {ns} link set {v}p name eth0 && ip -n {ns} addr add {n.ip}/24 dev eth0 && "
               f"ip -n {ns} link set eth0 up && ip -n {ns} link set lo up")

    def cleanup_net(self):
        if not any(n.netns for n in self.nodes):
            return
        for n in self.nodes:
            if n.netns:
                sh(f"ip netns del {TAG}_{n.host} 2>/dev/null; ip link del {self.veth(n)} 2>/dev/null")
        sh(f"ip link del {BRIDGE} 2>/dev/null")

    def cleanup_cgroups(self):
        for cg in self.cgroups:
            for _ in range(50):
                try:
                    cg.rmdir()
                    break
                except OSError:
                    time.sleep(0.2)
            else:
                print(f"[capture] could not remove cgroup {cg}", file=sys.stderr)

    # ------------------------------------------------------------------ run
    def start(self, setup=None):
        self.prepare()
        if setup:
            setup(self)
        self.setup_cgroups()
        self.setup_net()
        self.dmesg_before = len(dmesg_lines())
        self.t0 = time.time()
        for idx, n in enumerate(self.nodes):
            if n.delay:
                time.sleep(n.delay)
            init = self.init_script(idx, n)
            flags = ["-u", "-m"] + (["-p", "-f", "--mount-proc"] if n.pidns else [])
            out = open(self.console_path(n), "wb")
            # the script is fed on stdin ("sh -s") so that ps inside the node shows no host path
            pre = ["nsenter", f"--net=/var/run/netns/{TAG}_{n.host}"] if n.netns else []
            self.procs[n.host] = subprocess.Popen(
                [*pre, "unshare", *flags, "sh", "-s"], stdout=out, stderr=subprocess.STDOUT,
                stdin=open(init, "rb"), start_new_session=True)

    def kill_all(self):
        tree = descendants([p.pid for p in self.procs.values()])
        for p in self.procs.values():
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        for pid in tree:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def wait(self, timeout: float = 240, events=None):
        """Wait for all agents; `events` is a list of callables(job) -> bool (done)."""
        events = list(events or [])
        deadline = time.time() + timeout
        while time.time() < deadline:
            events = [e for e in events if not e(self)]
            if all(p.poll() is not None for p in self.procs.values()):
                break
            time.sleep(0.1)
            for p in self.procs.values():
                self._tree.update(descendants([p.pid]))
        else:
            print(f"[capture] {self.case}: timeout, killing", file=sys.stderr)
            self.kill_all()
        for pid in self._tree:   # workers whose agent died (re-parented to init)
            try:
                if Path(f"/proc/{pid}").exists() and b"/srv/code/" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    os.kill(pid, signal.SIGKILL)
            except (OSError, ProcessLookupError):
                pass
        for p in self.procs.values():
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
        # sweep: anything a node left running in background (its session = process group)
        self.kill_all()
        for pid in self._tree:   # workers whose agent died (re-parented to init)
            try:
                if Path(f"/proc/{pid}").exists() and b"/srv/code/" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    os.kill(pid, signal.SIGKILL)
            except (OSError, ProcessLookupError):
                pass
        for p in self.procs.values():
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(0.5)
        self.cleanup_cgroups()
        self.new_dmesg = dmesg_lines()[self.dmesg_before:]
        self.cleanup_net()
        return {h: p.returncode for h, p in self.procs.items()}

    def run(self, timeout=240, events=None, setup=None):
        self.start(setup)
        rcs = self.wait(timeout, events)
        print(f"[capture] {self.case}/{self.attempt or '-'} rc={rcs} "
              f"({time.time() - self.t0:.0f}s)", file=sys.stderr)
        return rcs

    # ------------------------------------------------------------------ inside a node
    def ns_pid(self, host: str) -> int | None:
        """PID (in our namespace) of the node's init shell, for nsenter."""
        p = self.procs[host]
        if p.poll() is not None:
            return None
        if not self.node(host).pidns:
            return p.pid
        try:
            kids = Path(f"/proc/{p.pid}/task/{p.pid}/children").read_text().split()
            return int(kids[0]) if kids else None
        except OSError:
            return None

    def snapshot(self, host: str, commands: dict[str, str]):
        """Run shell commands inside the node's namespaces; stdout+stderr -> diag/<name>."""
        pid = self.ns_pid(host)
        if pid is None:
            return
        flags = ["-t", str(pid), "-u", "-m"] + (["-p"] if self.node(host).pidns else [])
        if self.node(host).netns:
            flags.append("-n")
        for name, cmd in commands.items():
            target = self.diag_dir(host) / name
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "ab") as f:
                subprocess.run(["nsenter", *flags, "--wd", "sh", "-c", cmd],
                               stdout=f, stderr=subprocess.STDOUT, timeout=30)

    # ------------------------------------------------------------------ helpers for events
    def console_text(self, host: str) -> str:
        try:
            return self.console_path(self.node(host)).read_text(errors="replace")
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
    def collect(self, dest: Path, keep=None, console_name=None, drop=None, dmesg=None):
        """Copy one node folder per host into `dest` (the case or attempt folder)."""
        dest.mkdir(parents=True, exist_ok=True)
        for n in self.nodes:
            d = dest / n.host
            if d.exists():
                shutil.rmtree(d)
            d.mkdir(parents=True)
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
                name = dmesg if isinstance(dmesg, str) else dmesg.get(n.host)
                if name:
                    (d / name).write_text(self.dmesg_for(n))

    def dmesg_for(self, n: Node) -> str:
        """Kernel lines produced during the job that belong to this node: OOM reports of
        the node's memory cgroup, its bridge port, and lines naming a pid in its logs."""
        text = self.node_text(n.host)
        pids = set(re.findall(r"pid[:= ]\s*(\d+)", text)) | set(re.findall(r"\(pid (\d+)\)", text))
        pids |= set(re.findall(r"PID (\d+)", text))
        cgname = f"/{TAG}_{n.host}" if n.mem_limit else None
        veth = self.veth(n) if n.netns else None
        out, block, in_oom = [], [], False
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
            if m and not n.pidns and (m.group(1) or m.group(2) or m.group(3)) in pids:
                out.append(line)
            elif cgname and cgname in line:
                out.append(line)
            elif veth and re.search(rf"\b{veth}\b", line):
                out.append(line)
        txt = "\n".join(out)
        pre = memcg_prefix()
        if pre:
            txt = txt.replace(pre, "")
        return txt + ("\n" if txt else "")


def descendants(roots: list[int]) -> list[int]:
    kids: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            kids.setdefault(ppid, []).append(int(d.name))
    out, todo = [], list(roots)
    while todo:
        p = todo.pop()
        for c in kids.get(p, []):
            out.append(c)
            todo.append(c)
    return out


def sh(cmd: str):
    subprocess.run(cmd, shell=True, check=False)


def dmesg_lines() -> list[str]:
    try:
        return subprocess.run(["dmesg"], capture_output=True, text=True).stdout.splitlines()
    except Exception:
        return []


def memcg_prefix() -> str:
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        parts = line.split(":", 2)
        if len(parts) == 3 and parts[1] == "memory":
            return parts[2].rstrip("/")
    return ""


def shq(s) -> str:
    s = str(s)
    if re.fullmatch(r"[A-Za-z0-9_./:=,@%+-]+", s):
        return s
    return "'" + s.replace("'", "'\"'\"'") + "'"


def wait_for(pattern: str, host: str, then, source="node"):
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


def agent_pids(host: str | None = None) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            cmd = (d / "cmdline").read_bytes()
        except OSError:
            continue
        if b"torch.distributed.run" not in cmd or not cmd.startswith(PY.encode()):
            continue
        if host is not None:
            hn = subprocess.run(["nsenter", "-t", d.name, "-u", "hostname"],
                                capture_output=True, text=True).stdout.strip()
            if hn != host:
                continue
        out.append(int(d.name))
    return out
