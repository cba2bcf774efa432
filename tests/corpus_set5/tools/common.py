"""Shared pieces for the set-5 corpus generator: the bundle container, timestamp styles,
a small model of a multi-node PyTorch job (NCCL init chatter, watchdog timeouts, elastic
agent summaries, SIGTERM lines), tracebacks, kernel noise and nvidia-smi renderings.

Standard library only. Every function that needs randomness takes the case's own
``random.Random`` so the output is deterministic.
"""

from __future__ import annotations

import gzip
import json
import random
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

CATEGORIES = (
    "gpu_hardware",
    "gpu_memory",
    "nvlink",
    "network",
    "storage",
    "host",
    "hang",
    "oom",
    "numerical",
    "straggler",
    "user_code",
    "dependency",
    "unknown",
)
LAYERS = ("infrastructure", "framework", "script")
ACTIONS = ("restart", "restart_without_node", "stop", "run_diagnostics", "none")

SITE = "/usr/local/lib/python3.10/dist-packages"


# --------------------------------------------------------------------------------------
# Bundle container
# --------------------------------------------------------------------------------------


class Bundle:
    """Files of one case, keyed by their path inside the case directory."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.files: dict[str, bytes] = {}
        self.label_data: dict | None = None
        self.topology_data: dict | None = None
        self.hosts: dict[int | None, set[str]] = {}
        # README table extras
        self.tests = ""

    def add(
        self,
        host: str,
        relpath: str,
        content: str | list[str],
        attempt: int | None = None,
        gz: bool = False,
    ) -> None:
        if isinstance(content, list):
            text = "\n".join(content) + "\n"
        else:
            text = content if content.endswith("\n") else content + "\n"
        prefix = f"attempt_{attempt}/" if attempt is not None else ""
        path = f"{prefix}{host}/{relpath}"
        data = text.encode("utf-8")
        if gz:
            data = gzip.compress(data, compresslevel=6, mtime=0)
            path += ".gz"
        if path in self.files:
            raise ValueError(f"{self.name}: duplicate file {path}")
        self.files[path] = data
        self.hosts.setdefault(attempt, set()).add(host)

    def label(
        self,
        category: str,
        layer: str,
        node: str | None,
        rank: int | None,
        action: str,
        rationale: str,
        modelled_on: str,
        tests: str,
    ) -> None:
        assert category in CATEGORIES, category
        assert layer in LAYERS, layer
        assert action in ACTIONS, action
        culprit = None if node is None else {"node": node, "rank": rank}
        if node is None:
            assert rank is None
        self.label_data = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }
        self.tests = tests

    def topology(self, mapping: dict[str, list[str]]) -> None:
        self.topology_data = {"topology": mapping}

    def check(self) -> None:
        assert self.label_data is not None, self.name
        culprit = self.label_data["culprit"]
        if culprit is not None:
            node = culprit["node"]
            found = any(node in hs for hs in self.hosts.values())
            assert found, f"{self.name}: culprit {node} has no directory"
        nodes = set().union(*self.hosts.values())
        assert 2 <= max(len(h) for h in self.hosts.values()) <= 16, self.name
        assert len(nodes) <= 16 or len(self.hosts) > 1, self.name

    def write(self, out: Path) -> int:
        self.check()
        root = out / self.name
        if root.exists():
            shutil.rmtree(root)
        root.mkdir(parents=True)
        total = 0
        for rel, data in sorted(self.files.items()):
            p = root / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(data)
            total += len(data)
        (root / "label.json").write_text(json.dumps(self.label_data, indent=2) + "\n")
        if self.topology_data is not None:
            (root / "topology.json").write_text(json.dumps(self.topology_data, indent=2) + "\n")
        return total


# --------------------------------------------------------------------------------------
# Timestamps
# --------------------------------------------------------------------------------------


def dt(s: str) -> datetime:
    """Parse 'YYYY-MM-DD HH:MM:SS' as a naive UTC time."""
    return datetime.strptime(s, "%Y-%m-%d %H:%M:%S")


def sec(x: float) -> timedelta:
    return timedelta(seconds=x)


def _ns(t: datetime, rng: random.Random | None) -> str:
    if rng is None:
        return f"{t.microsecond:06d}000"
    return f"{t.microsecond:06d}{rng.randint(0, 999):03d}"


def ts_c10(t: datetime, level: str = "E", rng: random.Random | None = None) -> str:
    """c10 logging as printed by torch >= 2.3: month not padded, nanoseconds."""
    return f"{level}{t.month}{t.day:02d} {t:%H:%M:%S}.{_ns(t, rng)}"


def ts_glog_py(t: datetime, level: str = "E") -> str:
    """torch.distributed.elastic python logging in glog style (month padded)."""
    return f"{level}{t:%m%d %H:%M:%S}.{t.microsecond:06d}"


def ts_py(t: datetime) -> str:
    return f"{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}"


def ts_iso(t: datetime, digits: int = 6) -> str:
    frac = f"{t.microsecond:06d}"[:digits]
    return f"{t:%Y-%m-%dT%H:%M:%S}.{frac}Z"


def ts_dmesg_t(t: datetime) -> str:
    return f"[{t:%a %b} {t.day:2d} {t:%H:%M:%S %Y}]"


def ts_syslog(t: datetime) -> str:
    day = f"{t.day:2d}"
    return f"{t:%b} {day} {t:%H:%M:%S}"


def ts_uptime(t: datetime, boot: datetime) -> str:
    up = (t - boot).total_seconds()
    return f"[{up:12.6f}]"


def epoch_us(t: datetime) -> int:
    return int(t.replace(tzinfo=UTC).timestamp() * 1_000_000)


def epoch_ms(t: datetime) -> int:
    return epoch_us(t) // 1000


def epoch_s(t: datetime) -> float:
    return epoch_us(t) / 1e6


# --------------------------------------------------------------------------------------
# Random-looking identifiers
# --------------------------------------------------------------------------------------


def hexaddr(rng: random.Random, prefix: str = "7f") -> str:
    return "0x" + prefix + "".join(rng.choice("0123456789abcdef") for _ in range(10))


def hexid(rng: random.Random, n: int = 16) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def uuid(rng: random.Random) -> str:
    h = hexid(rng, 32)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


BUS_IDS_H100 = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
BUS_IDS_A100 = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]


# --------------------------------------------------------------------------------------
# Job model
# --------------------------------------------------------------------------------------


class Job:
    """Ranks laid out node-major over ``hosts`` (node_rank = index in hosts)."""

    def __init__(
        self,
        rng: random.Random,
        hosts: list[str],
        gpn: int = 8,
        ips: dict[str, str] | None = None,
        ifname: str = "ens8f0np0",
        nccl: str = "2.21.5",
        cuda: str = "12.4",
        bus_ids: list[str] | None = None,
        hcas: list[str] | None = None,
        site: str = SITE,
    ) -> None:
        self.rng = rng
        self.hosts = list(hosts)
        self.gpn = gpn
        self.world = gpn * len(hosts)
        self.ips = ips or {h: f"10.40.{12 + i}.{20 + 3 * i}" for i, h in enumerate(hosts)}
        self.ifname = ifname
        self.nccl = nccl
        self.cuda = cuda
        self.bus = bus_ids or BUS_IDS_H100
        self.hcas = hcas if hcas is not None else [f"mlx5_{i}" for i in range(gpn)]
        self.site = site
        self.pid = {}
        self.agent_pid = {}
        for h in hosts:
            base = rng.randint(20000, 400000)
            self.agent_pid[h] = base - rng.randint(30, 90)
            for lr in range(gpn):
                self.pid[self.rank(h, lr)] = base + lr * 5 + rng.randint(0, 3)
        self.comm = "0x" + hexid(rng, 16)

    def rank(self, host: str, local: int) -> int:
        return self.hosts.index(host) * self.gpn + local

    def where(self, rank: int) -> tuple[str, int]:
        return self.hosts[rank // self.gpn], rank % self.gpn

    def ranks_on(self, host: str) -> list[int]:
        n = self.hosts.index(host)
        return list(range(n * self.gpn, (n + 1) * self.gpn))

    def busid(self, local: int) -> str:
        return f"{self.bus[local % len(self.bus)]}000"

    # ---------------------------------------------------------------- NCCL chatter
    def nccl_init(
        self,
        host: str,
        net: str = "IB",
        prefix: str = "",
        ifname: str | None = None,
        ip: str | None = None,
        gdr: bool = True,
        extra: dict[int, list[str]] | None = None,
    ) -> list[str]:
        """NCCL_DEBUG=INFO lines for every local rank of ``host`` (interleaved-ish)."""
        rng = self.rng
        ifname = ifname or self.ifname
        ip = ip or self.ips[host]
        out: list[str] = []
        for lr in range(self.gpn):
            r = self.rank(host, lr)
            pid = self.pid[r]
            tid = pid + rng.randint(200, 900)
            pre = prefix.format(rank=r, local=lr)
            p = f"{pre}{host}:{pid}:{pid} [{lr}] NCCL INFO "
            q = f"{pre}{host}:{pid}:{tid} [{lr}] NCCL INFO "
            out.append(p + f"Bootstrap : Using {ifname}:{ip}<0>")
            out.append(
                p + "NET/Plugin: Plugin load (libnccl-net.so) returned 2 : libnccl-net.so: "
                "cannot open shared object file: No such file or directory"
            )
            out.append(p + "NET/Plugin: Using internal network plugin.")
            major, minor = self.cuda.split(".")
            out.append(p + f"cudaDriverVersion {int(major) * 1000 + int(minor) * 10}")
            if r == 0:
                out.append(f"{pre}NCCL version {self.nccl}+cuda{self.cuda}")
            if net == "IB" and self.hcas:
                devs = " ".join(f"[{i}]{h}:1/IB" for i, h in enumerate(self.hcas))
                out.append(q + f"NET/IB : Using {devs} [RO]; OOB {ifname}:{ip}<0>")
                out.append(q + "Using non-device net plugin version 0")
                out.append(q + "Using network IB")
            else:
                out.append(q + f"NET/Socket : Using [0]{ifname}:{ip}<0>")
                out.append(q + "Using non-device net plugin version 0")
                out.append(q + "Using network Socket")
            out.append(
                q + f"comm 0x{hexid(rng, 12)} rank {r} nranks {self.world} cudaDev {lr} "
                f"nvmlDev {lr} busId {self.busid(lr)} commId {self.comm} - Init START"
            )
            out.append(q + f"Setting affinity for GPU {lr} to ffffffff,00000000,ffffffff")
            out.append(q + "NVLS multicast support is available on dev 0")
            if extra and lr in extra:
                out.extend(q + x for x in extra[lr])
            peer_next = (r + self.gpn) % self.world
            peer_prev = (r - self.gpn) % self.world
            via = f"NET/{net}/{lr}" + ("/GDRDMA" if gdr and net == "IB" else "")
            for ch in range(0, 4):
                out.append(
                    q + f"Channel {ch:02d}/0 : {peer_prev}[{lr}] -> {r}[{lr}] [receive] via {via}"
                )
                out.append(
                    q + f"Channel {ch:02d}/0 : {r}[{lr}] -> {peer_next}[{lr}] [send] via {via}"
                )
            out.append(q + "Connected all rings")
            out.append(q + "Connected all trees")
            out.append(q + "threadThresholds 8/8/64 | 512/8/64 | 512 | 512")
            out.append(
                q + "32 coll channels, 32 collnet channels, 16 nvls channels, 32 p2p channels, "
                "32 p2p channels per peer"
            )
            out.append(
                q + f"comm 0x{hexid(rng, 12)} rank {r} nranks {self.world} cudaDev {lr} "
                f"nvmlDev {lr} busId {self.busid(lr)} commId {self.comm} - Init COMPLETE"
            )
        return out

    # ---------------------------------------------------------------- watchdog
    def watchdog_timeout(
        self,
        rank: int,
        t: datetime,
        seq: int,
        op: str = "ALLREDUCE",
        numel: int = 131072000,
        timeout_ms: int = 600000,
        style: str = "2.4",
        tag: str = "rank",
        with_terminate: bool = True,
    ) -> list[str]:
        rng = self.rng
        ran = timeout_ms + rng.randint(3, 90)
        work = (
            f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, "
            f"Timeout(ms)={timeout_ms})"
        )
        if style == "1.13":
            work = f"WorkNCCL(SeqNum={seq}, OpType={op}, Timeout(ms)={timeout_ms})"
            return [
                f"[E ProcessGroupNCCL.cpp:828] [Rank {rank}] Watchdog caught collective operation "
                f"timeout: {work} ran for {ran} milliseconds before timing out.",
                "[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due "
                "to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
                "corrupted/incomplete data.",
                "[E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire "
                "process down.",
                "terminate called after throwing an instance of 'std::runtime_error'",
                f"  what():  [Rank {rank}] Watchdog caught collective operation timeout: {work} ran "
                f"for {ran} milliseconds before timing out.",
            ]
        pre = f"[{tag}{rank}]:" if tag else ""
        pg = f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}]"
        last_enq = seq + rng.randint(1, 4)
        lines = [
            f"{pre}[{ts_c10(t + sec(0.000031), 'E', rng)} ProcessGroupNCCL.cpp:616] [Rank {rank}] Watchdog caught "
            f"collective operation timeout: {work} ran for {ran} milliseconds before timing out.",
            f"{pre}[{ts_c10(t + sec(0.000062), 'E', rng)} ProcessGroupNCCL.cpp:1785] {pg} Exception (either an "
            f"error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: "
            f"{last_enq}, last completed NCCL work: {seq - 1}.",
            f"{pre}[{ts_c10(t + sec(0.000093), 'E', rng)} ProcessGroupNCCL.cpp:1834] {pg} Timeout at NCCL work: "
            f"{seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {seq - 1}.",
            f"{pre}[{ts_c10(t + sec(0.000124), 'E', rng)} ProcessGroupNCCL.cpp:630] [Rank {rank}] Some NCCL "
            "operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, "
            "subsequent GPU operations might run on corrupted/incomplete data.",
            f"{pre}[{ts_c10(t + sec(0.000155), 'E', rng)} ProcessGroupNCCL.cpp:636] [Rank {rank}] To avoid data "
            "inconsistency, we are taking the entire process down.",
        ]
        if with_terminate:
            msg = (
                f"{pg} Process group watchdog thread terminated with exception: [Rank {rank}] "
                f"Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds "
                "before timing out."
            )
            lines.append(
                f"{pre}[{ts_c10(t + sec(0.002), 'E', rng)} ProcessGroupNCCL.cpp:1595] {msg}"
            )
            lines += self.c10_frames("checkTimeout", pre)
            lines.append(
                f"{pre}terminate called after throwing an instance of 'c10::DistBackendError'"
            )
            lines.append(f"{pre}  what():  {msg}")
            lines += self.c10_frames("checkTimeout", pre)
        return lines

    def c10_frames(self, where: str, pre: str = "") -> list[str]:
        rng = self.rng
        lib = f"{self.site}/torch/lib"
        c10 = rng.randint(0x7F0000000000, 0x7FFFFF000000) & ~0xFFF
        tc = rng.randint(0x7F0000000000, 0x7FFFFF000000) & ~0xFFF
        cxx = rng.randint(0x7F0000000000, 0x7FFFFF000000) & ~0xFFF
        libc = rng.randint(0x7F0000000000, 0x7FFFFF000000) & ~0xFFF
        out = [
            f"{pre}Exception raised from {where} at ../torch/csrc/distributed/c10d/"
            "ProcessGroupNCCL.cpp:618 (most recent call first):",
            f"{pre}frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 "
            f"({c10 + 0x96F86:#x} in {lib}/libc10.so)",
            f"{pre}frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::"
            "chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 "
            f"({tc + 0x1055AD2:#x} in {lib}/libtorch_cuda.so)",
            f"{pre}frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 "
            f"({tc + 0x105C913:#x} in {lib}/libtorch_cuda.so)",
            f"{pre}frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d "
            f"({tc + 0x105DF1D:#x} in {lib}/libtorch_cuda.so)",
            f"{pre}frame #4: <unknown function> + 0xdc253 ({cxx + 0xDC253:#x} in "
            "/lib/x86_64-linux-gnu/libstdc++.so.6)",
            f"{pre}frame #5: <unknown function> + 0x94ac3 ({libc + 0x94AC3:#x} in "
            "/lib/x86_64-linux-gnu/libc.so.6)",
            f"{pre}frame #6: <unknown function> + 0x126850 ({libc + 0x126850:#x} in "
            "/lib/x86_64-linux-gnu/libc.so.6)",
            f"{pre}",
        ]
        return out

    def nccl_async_error(
        self, rank: int, t: datetime, seq: int, reason: str, tag: str = "rank"
    ) -> list[str]:
        """Watchdog sees an async NCCL error (remote exit / network) rather than a timeout."""
        rng = self.rng
        pre = f"[{tag}{rank}]:" if tag else ""
        pg = f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}]"
        work = f"WorkNCCL(SeqNum={seq}, OpType=ALLREDUCE, NumelIn=65536000, NumelOut=65536000, Timeout(ms)=600000)"
        msg = f"NCCL error: {reason}, NCCL version {self.nccl}"
        lines = [
            f"{pre}[{ts_c10(t + sec(0.000031), 'E', rng)} ProcessGroupNCCL.cpp:542] [Rank {rank}] Collective "
            f"{work} raised the following async exception: {msg}",
            f"{pre}ncclRemoteError: A call failed possibly due to a network error or a remote "
            "process exiting prematurely.",
            f"{pre}Last error:",
            f"{pre}",
            f"{pre}Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/"
            "c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):",
            f"{pre}frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 "
            f"({hexaddr(rng)} in {self.site}/torch/lib/libc10.so)",
            f"{pre}frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr"
            f"<c10d::NCCLComm>&) + 0x220 ({hexaddr(rng)} in {self.site}/torch/lib/libtorch_cuda.so)",
            f"{pre}frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c "
            f"({hexaddr(rng)} in {self.site}/torch/lib/libtorch_cuda.so)",
            f"{pre}",
            f"{pre}[{ts_c10(t + sec(0.000062), 'E', rng)} ProcessGroupNCCL.cpp:1785] {pg} Exception (either an "
            f"error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: "
            f"{seq + 1}, last completed NCCL work: {seq - 1}.",
            f"{pre}[{ts_c10(t + sec(0.000093), 'E', rng)} ProcessGroupNCCL.cpp:630] [Rank {rank}] Some NCCL "
            "operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, "
            "subsequent GPU operations might run on corrupted/incomplete data.",
            f"{pre}[{ts_c10(t + sec(0.000124), 'E', rng)} ProcessGroupNCCL.cpp:636] [Rank {rank}] To avoid data "
            "inconsistency, we are taking the entire process down.",
            f"{pre}terminate called after throwing an instance of 'c10::DistBackendError'",
            f"{pre}  what():  [Rank {rank}] Collective {work} raised the following async "
            f"exception: {msg}",
        ]
        return lines

    # ---------------------------------------------------------------- elastic agent
    def agent_failure(
        self,
        host: str,
        t: datetime,
        failed: list[tuple[int, int]],
        script: str = "train.py",
        style: str = "2.4",
        root_first: int | None = None,
    ) -> list[str]:
        """torchrun agent lines once local workers died. ``failed`` = [(local, exitcode)]."""
        rng = self.rng
        t = t + sec(rng.uniform(0.01, 0.6))
        lines: list[str] = []
        first_local, first_code = failed[0] if root_first is None else failed[root_first]
        for lr in range(self.gpn):
            if all(lr != f[0] for f in failed):
                r = self.rank(host, lr)
                lines.append(
                    f"{ts_glog_py(t, 'W')} {self.agent_pid[host]} torch/distributed/elastic/"
                    f"multiprocessing/api.py:897] Sending process {self.pid[r]} closing signal SIGTERM"
                )
        r0 = self.rank(host, first_local)
        lines.append(
            f"{ts_glog_py(t + sec(1.2), 'E')} {self.agent_pid[host]} torch/distributed/elastic/"
            f"multiprocessing/api.py:869] failed (exitcode: {first_code}) local_rank: "
            f"{first_local} (pid: {self.pid[r0]}) of binary: /usr/bin/python3"
        )
        lines += [
            "Traceback (most recent call last):",
            '  File "/usr/local/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            f'  File "{self.site}/torch/distributed/elastic/multiprocessing/errors/__init__.py", '
            "line 355, in wrapper",
            "    return f(*args, **kwargs)",
            f'  File "{self.site}/torch/distributed/run.py", line 919, in main',
            "    run(args)",
            f'  File "{self.site}/torch/distributed/run.py", line 910, in run',
            "    elastic_launch(",
            f'  File "{self.site}/torch/distributed/launcher/api.py", line 138, in __call__',
            "    return launch_agent(self._config, self._entrypoint, list(args))",
            f'  File "{self.site}/torch/distributed/launcher/api.py", line 269, in launch_agent',
            "    raise ChildFailedError(",
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
            "============================================================",
            f"{script} FAILED",
            "------------------------------------------------------------",
            "Failures:",
        ]
        others = [f for f in failed if f[0] != first_local]
        if not others:
            lines.append("  <NO_OTHER_FAILURES>")
        for i, (lr, code) in enumerate(others, 1):
            lines += self._failure_entry(i, host, lr, code, t + sec(0.9))
        lines += [
            "------------------------------------------------------------",
            "Root Cause (first observed failure):",
        ]
        lines += self._failure_entry(0, host, first_local, first_code, t)
        lines.append("============================================================")
        _ = rng
        return lines

    def _failure_entry(self, i: int, host: str, lr: int, code: int, t: datetime) -> list[str]:
        r = self.rank(host, lr)
        sig = {
            -6: "Signal 6 (SIGABRT)",
            -11: "Signal 11 (SIGSEGV)",
            -15: "Signal 15 (SIGTERM)",
            -9: "Signal 9 (SIGKILL)",
            -7: "Signal 7 (SIGBUS)",
        }
        tb = (
            f"{sig[code]} received by PID {self.pid[r]}"
            if code in sig
            else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        )
        return [
            f"[{i}]:",
            f"  time      : {t:%Y-%m-%d_%H:%M:%S}",
            f"  host      : {host}",
            f"  rank      : {r} (local_rank: {lr})",
            f"  exitcode  : {code} (pid: {self.pid[r]})",
            "  error_file: <N/A>",
            f"  traceback : {tb}",
        ]

    def agent_start(
        self, host: str, t: datetime, script: str, nnodes: int, endpoint: str
    ) -> list[str]:
        ap = self.agent_pid[host]
        t = t + sec(self.rng.uniform(0.01, 0.95))
        return [
            f"{ts_glog_py(t, 'W')} {ap} torch/distributed/run.py:793] ",
            f"{ts_glog_py(t, 'W')} {ap} torch/distributed/run.py:793] "
            "*****************************************",
            f"{ts_glog_py(t, 'W')} {ap} torch/distributed/run.py:793] Setting OMP_NUM_THREADS "
            "environment variable for each process to be 1 in default, to avoid your system being "
            "overloaded, please further tune the variable for optimal performance in your "
            "application as needed. ",
            f"{ts_glog_py(t, 'W')} {ap} torch/distributed/run.py:793] "
            "*****************************************",
            f"{ts_glog_py(t + sec(0.4), 'I')} {ap} torch/distributed/launcher/api.py:188] Starting "
            f"elastic_operator with launch configs:",
            f"{ts_glog_py(t + sec(0.4), 'I')} {ap} torch/distributed/launcher/api.py:188]   "
            f"entrypoint       : {script}",
            f"{ts_glog_py(t + sec(0.4), 'I')} {ap} torch/distributed/launcher/api.py:188]   "
            f"min_nodes        : {nnodes}",
            f"{ts_glog_py(t + sec(0.4), 'I')} {ap} torch/distributed/launcher/api.py:188]   "
            f"max_nodes        : {nnodes}",
            f"{ts_glog_py(t + sec(0.4), 'I')} {ap} torch/distributed/launcher/api.py:188]   "
            f"nproc_per_node   : {self.gpn}",
            f"{ts_glog_py(t + sec(0.4), 'I')} {ap} torch/distributed/launcher/api.py:188]   "
            "rdzv_backend     : c10d",
            f"{ts_glog_py(t + sec(0.4), 'I')} {ap} torch/distributed/launcher/api.py:188]   "
            f"rdzv_endpoint    : {endpoint}",
            f"{ts_glog_py(t + sec(0.4), 'I')} {ap} torch/distributed/launcher/api.py:188]   "
            "max_restarts     : 0",
            f"{ts_glog_py(t + sec(0.4), 'I')} {ap} torch/distributed/launcher/api.py:188]   "
            "monitor_interval : 0.1",
        ]

    def sigterm_from_launcher(self, host: str, t: datetime) -> list[str]:
        ap = self.agent_pid[host]
        lines = [
            f"{ts_glog_py(t, 'W')} {ap} torch/distributed/elastic/agent/server/api.py:704] "
            "Received Signals.SIGTERM death signal, shutting down workers"
        ]
        for r in self.ranks_on(host):
            lines.append(
                f"{ts_glog_py(t + sec(0.01), 'W')} {ap} torch/distributed/elastic/multiprocessing/"
                f"api.py:897] Sending process {self.pid[r]} closing signal SIGTERM"
            )
        lines += [
            "Traceback (most recent call last):",
            '  File "/usr/local/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            f'  File "{self.site}/torch/distributed/elastic/agent/server/api.py", line 864, '
            "in _invoke_run",
            "    time.sleep(monitor_interval)",
            f'  File "{self.site}/torch/distributed/elastic/multiprocessing/api.py", line 84, '
            "in _terminate_process_handler",
            '    raise SignalException(f"Process {os.getpid()} got signal: {sigval}", sigval=sigval)',
            f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {ap} got "
            "signal: 15",
        ]
        return lines


# --------------------------------------------------------------------------------------
# Tracebacks
# --------------------------------------------------------------------------------------


def traceback(frames: list[tuple[str, int, str, str]], exc: str, pre: str = "") -> list[str]:
    out = [f"{pre}Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(f'{pre}  File "{f}", line {ln}, in {fn}')
        if code:
            out.append(f"{pre}    {code}")
    out += [f"{pre}{x}" for x in exc.split("\n")]
    return out


def torch_frames(site: str = SITE) -> list[tuple[str, int, str, str]]:
    return [
        (
            f"{site}/torch/nn/modules/module.py",
            1736,
            "_wrapped_call_impl",
            "return self._call_impl(*args, **kwargs)",
        ),
        (
            f"{site}/torch/nn/modules/module.py",
            1747,
            "_call_impl",
            "return forward_call(*args, **kwargs)",
        ),
    ]


CUDA_ERR_TAIL = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the "
    "stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
)


# --------------------------------------------------------------------------------------
# Kernel / system noise
# --------------------------------------------------------------------------------------

_BENIGN_KERNEL = [
    "IPv6: ADDRCONF(NETDEV_CHANGE): {veth}: link becomes ready",
    "{br}: port 3({veth}) entered forwarding state",
    "{br}: port 3({veth}) entered blocking state",
    'audit: type=1400 audit({ep}:{n}): apparmor="STATUS" operation="profile_replace" '
    'profile="unconfined" name="nvidia_modprobe" pid={pid} comm="apparmor_parser"',
    "nvidia-nvswitch{sw}: open (major=508)",
    "nvidia-uvm: Loaded the UVM driver, major device number 506.",
    "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  {drv}  Release Build  (dvs-builder@U16-I3-B03-4-3)",
    "nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module "
    "nvidia, inheriting taint.",
    "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none.",
    "xfs filesystem being remounted at /scratch supports timestamps until 2038 (0x7fffffff)",
    "mlx5_core 0000:{bus}:00.0: mlx5_fw_tracer_handle_traces:754:(pid {pid}): FWTracer: "
    "Events were lost",
    "perf: interrupt took too long (2513 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
    "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters.",
    "mlx5_core 0000:{bus}:00.0: mlx5e_update_carrier:291:(pid {pid}): Link up",
    "igb 0000:{bus}:00.0 eno1: igb: eno1 NIC Link is Up 1000 Mbps Full Duplex, Flow Control: RX/TX",
    "device {veth} entered promiscuous mode",
    "device {veth} left promiscuous mode",
    "nfs: server fs-home.cluster.local OK",
    "Lockdown: modprobe: unsigned module loading is restricted; see man kernel_lockdown.7",
]


def kernel_noise(
    rng: random.Random, t0: datetime, t1: datetime, n: int, drv: str = "550.90.07"
) -> list[tuple[datetime, str]]:
    span = max((t1 - t0).total_seconds(), 1.0)
    out = []
    for _ in range(n):
        t = t0 + sec(rng.uniform(0, span))
        tmpl = rng.choice(_BENIGN_KERNEL)
        msg = tmpl.format(
            veth="veth" + hexid(rng, 7),
            br="cni0",
            ep=f"{epoch_s(t):.3f}",
            n=rng.randint(100, 999),
            pid=rng.randint(1000, 90000),
            sw=rng.randint(0, 3),
            drv=drv,
            bus=rng.choice(["0c", "1a", "3b", "5e", "9b", "bc"]),
            mid=hexid(rng, 32),
        )
        out.append((t, msg))
    out.sort()
    return out


def render_dmesg_t(events: list[tuple[datetime, str]]) -> list[str]:
    return [f"{ts_dmesg_t(t)} {m}" for t, m in sorted(events, key=lambda e: e[0])]


def render_dmesg_uptime(events: list[tuple[datetime, str]], boot: datetime) -> list[str]:
    return [f"{ts_uptime(t, boot)} {m}" for t, m in sorted(events, key=lambda e: e[0])]


def render_syslog(
    events: list[tuple[datetime, str]], host: str, ident: str = "kernel"
) -> list[str]:
    return [f"{ts_syslog(t)} {host} {ident}: {m}" for t, m in sorted(events, key=lambda e: e[0])]


def journald_json(
    rng: random.Random,
    host: str,
    events: list[tuple[datetime, str, str, int]],
    boot_id: str,
    machine_id: str,
) -> list[str]:
    """journalctl -o json export. events = (time, identifier, message, priority)."""
    out = []
    cursor_base = hexid(rng, 32)
    for i, (t, ident, msg, prio) in enumerate(sorted(events, key=lambda e: e[0])):
        rec = {
            "__CURSOR": f"s={cursor_base};i={0x1A2B3 + i:x};b={boot_id};m={0x3F000 + i * 7:x};"
            f"t={epoch_us(t):x};x={hexid(rng, 16)}",
            "__REALTIME_TIMESTAMP": str(epoch_us(t)),
            "__MONOTONIC_TIMESTAMP": str(epoch_us(t) - 1_700_000_000_000_000 + 4_000_000),
            "_BOOT_ID": boot_id,
            "_MACHINE_ID": machine_id,
            "_HOSTNAME": host,
            "PRIORITY": str(prio),
            "SYSLOG_IDENTIFIER": ident,
            "MESSAGE": msg,
        }
        if ident == "kernel":
            rec["_TRANSPORT"] = "kernel"
            rec["SYSLOG_FACILITY"] = "0"
        else:
            rec["_TRANSPORT"] = "stdout"
            rec["_SYSTEMD_UNIT"] = f"{ident}.service"
            rec["_PID"] = str(rng.randint(2000, 90000))
            rec["_COMM"] = ident.split("@")[0]
        out.append(json.dumps(rec, separators=(",", ":")))
    return out


# --------------------------------------------------------------------------------------
# nvidia-smi renderings
# --------------------------------------------------------------------------------------


def nvidia_smi_q(
    rng: random.Random,
    host: str,
    t: datetime,
    ngpu: int = 8,
    driver: str = "550.90.07",
    cuda: str = "12.4",
    product: str = "NVIDIA H100 80GB HBM3",
    bus: list[str] | None = None,
    over: dict[int, dict] | None = None,
) -> list[str]:
    """nvidia-smi -q. ``over[gpu]`` overrides fields: temp, power, sm_clock, link_width,
    thermal, power_cap, hw_slowdown, power_brake, dbe_vol, sbe_vol, sbe_agg, remap_unc,
    remap_pending, remap_failure, util, mem_used, power_limit."""
    bus = bus or BUS_IDS_H100
    over = over or {}
    out = [
        "",
        "==============NVSMI LOG==============",
        "",
        f"Timestamp                                 : {t:%a %b %d %H:%M:%S %Y}",
        f"Driver Version                            : {driver}",
        f"CUDA Version                              : {cuda}",
        "",
        f"Attached GPUs                             : {ngpu}",
    ]
    for g in range(ngpu):
        o = over.get(g, {})

        def act(k: str, o: dict = o) -> str:
            return "Active" if o.get(k) else "Not Active"

        out += [
            f"GPU 00000000:{bus[g].upper()}:00.0",
            f"    Product Name                          : {product}",
            "    Product Brand                         : NVIDIA",
            "    Product Architecture                  : Hopper",
            "    Persistence Mode                      : Enabled",
            f"    Serial Number                         : 165232{rng.randint(1000000, 9999999)}",
            f"    GPU UUID                              : GPU-{uuid(rng)}",
            f"    Minor Number                          : {g}",
            "    VBIOS Version                         : 96.00.74.00.1C",
            "    PCI",
            f"        Bus                               : 0x{bus[g].upper()}",
            "        Device                            : 0x00",
            "        Domain                            : 0x0000",
            f"        Bus Id                            : 00000000:{bus[g].upper()}:00.0",
            "        GPU Link Info",
            "            PCIe Generation",
            "                Max                       : 5",
            f"                Current                   : {o.get('link_gen', 5)}",
            "            Link Width",
            "                Max                       : 16x",
            f"                Current                   : {o.get('link_width', 16)}x",
            f"        Replays Since Reset               : {o.get('replays', 0)}",
            "    Performance State                     : P0",
            "    Clocks Event Reasons",
            f"        Idle                              : {act('idle')}",
            "        Applications Clocks Setting       : Not Active",
            f"        SW Power Cap                      : {act('power_cap')}",
            f"        HW Slowdown                       : {act('hw_slowdown')}",
            f"            HW Thermal Slowdown           : {act('thermal')}",
            f"            HW Power Brake Slowdown       : {act('power_brake')}",
            "        Sync Boost                        : Not Active",
            f"        SW Thermal Slowdown               : {act('sw_thermal')}",
            "        Display Clock Setting             : Not Active",
            "    FB Memory Usage",
            "        Total                             : 81559 MiB",
            "        Reserved                          : 328 MiB",
            f"        Used                              : {o.get('mem_used', rng.randint(61000, 74000))} MiB",
            "    Utilization",
            f"        Gpu                               : {o.get('util', rng.randint(93, 100))} %",
            f"        Memory                            : {rng.randint(30, 60)} %",
            "    ECC Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : 0",
            f"            DRAM Correctable              : {o.get('sbe_vol', 0)}",
            f"            DRAM Uncorrectable            : {o.get('dbe_vol', 0)}",
            "        Aggregate",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : 0",
            f"            DRAM Correctable              : {o.get('sbe_agg', 0)}",
            f"            DRAM Uncorrectable            : {o.get('dbe_agg', o.get('dbe_vol', 0))}",
            "    Retired Pages",
            "        Single Bit ECC                    : N/A",
            "        Double Bit ECC                    : N/A",
            "        Pending Page Blacklist            : N/A",
            "    Remapped Rows",
            f"        Correctable Error                 : {o.get('remap_cor', 0)}",
            f"        Uncorrectable Error               : {o.get('remap_unc', 0)}",
            f"        Pending                           : {'Yes' if o.get('remap_pending') else 'No'}",
            f"        Remapping Failure Occurred        : {'Yes' if o.get('remap_failure') else 'No'}",
            "    Temperature",
            f"        GPU Current Temp                  : {o.get('temp', rng.randint(52, 66))} C",
            "        GPU T.Limit Temp                  : 21 C",
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 87 C",
            "        GPU Max Operating Temp            : 85 C",
            f"        Memory Current Temp               : {o.get('mtemp', rng.randint(60, 74))} C",
            "    GPU Power Readings",
            f"        Power Draw                        : {o.get('power', rng.uniform(560, 690)):.2f} W",
            f"        Current Power Limit               : {o.get('power_limit', 700.0):.2f} W",
            "        Requested Power Limit             : 700.00 W",
            "        Default Power Limit               : 700.00 W",
            "        Min Power Limit                   : 200.00 W",
            "        Max Power Limit                   : 700.00 W",
            "    Clocks",
            f"        Graphics                          : {o.get('sm_clock', rng.choice([1980, 1965, 1980]))} MHz",
            f"        SM                                : {o.get('sm_clock', 1980)} MHz",
            "        Memory                            : 2619 MHz",
            "        Video                             : 1755 MHz",
            "    Max Clocks",
            "        Graphics                          : 1980 MHz",
            "        SM                                : 1980 MHz",
            "        Memory                            : 2619 MHz",
            "",
        ]
    _ = host
    return out


def nvidia_smi_table(
    rng: random.Random,
    t: datetime,
    ngpu: int = 8,
    driver: str = "550.90.07",
    cuda: str = "12.4",
    name: str = "NVIDIA H100 80GB HBM3",
    bus: list[str] | None = None,
    procs: list[tuple[int, int, str, int]] | None = None,
    over: dict[int, dict] | None = None,
) -> list[str]:
    bus = bus or BUS_IDS_H100
    over = over or {}
    out = [
        f"{t:%a %b %d %H:%M:%S %Y}       ",
        "+-----------------------------------------------------------------------------------------+",
        f"| NVIDIA-SMI {driver}              Driver Version: {driver}      CUDA Version: {cuda}     |",
        "|-----------------------------------------+------------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
        "|                                         |                        |               MIG M. |",
        "|=========================================+========================+======================|",
    ]
    for g in range(ngpu):
        o = over.get(g, {})
        temp = o.get("temp", rng.randint(34, 62))
        pw = o.get("power", rng.randint(110, 690))
        cap = o.get("cap", 700)
        used = sum(m for gg, _, _, m in (procs or []) if gg == g)
        mem = o.get("mem", used + 531 if procs else rng.randint(1, 72000))
        util = o.get("util", rng.randint(0, 100))
        ecc = o.get("ecc", 0)
        out += [
            f"|   {g}  {name:<22}         On  |   00000000:{bus[g].upper()}:00.0 Off | {ecc:>20} |",
            f"| N/A   {temp}C    P0            {pw:>3}W /  {cap}W |  {mem:>6}MiB /  81559MiB |"
            f"    {util:>3}%      Default |",
            "|                                         |                        |             Disabled |",
            "+-----------------------------------------+------------------------+----------------------+",
        ]
    out += [
        "",
        "+-----------------------------------------------------------------------------------------+",
        "| Processes:                                                                              |",
        "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
        "|        ID   ID                                                               Usage      |",
        "|=========================================================================================|",
    ]
    if not procs:
        out.append(
            "|  No running processes found                                                             |"
        )
    for g, pid, pname, mib in procs or []:
        out.append(f"|    {g}   N/A  N/A    {pid:>7}      C   {pname:<40} {mib:>6}MiB |")
    out.append(
        "+-----------------------------------------------------------------------------------------+"
    )
    return out


def ip_addr(rng: random.Random, ifaces: list[tuple[str, str, int, str]]) -> list[str]:
    """``ip addr`` output. ifaces = (name, ipv4, prefixlen, state)."""
    out = [
        "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000",
        "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00",
        "    inet 127.0.0.1/8 scope host lo",
        "       valid_lft forever preferred_lft forever",
        "    inet6 ::1/128 scope host noprefixroute ",
        "       valid_lft forever preferred_lft forever",
    ]
    for i, (name, ip, plen, state) in enumerate(ifaces, 2):
        mac = ":".join(hexid(rng, 2) for _ in range(6))
        flags = (
            "<BROADCAST,MULTICAST,UP,LOWER_UP>"
            if state == "UP"
            else "<NO-CARRIER,BROADCAST,MULTICAST,UP>"
        )
        mtu = 9001 if name.startswith(("ens", "eth", "enp")) else 1500
        out += [
            f"{i}: {name}: {flags} mtu {mtu} qdisc mq state {state} group default qlen 1000",
            f"    link/ether {mac} brd ff:ff:ff:ff:ff:ff",
            f"    inet {ip}/{plen} brd {'.'.join(ip.split('.')[:3])}.255 scope global "
            f"{'dynamic ' if name.startswith('ens') else ''}{name}",
            "       valid_lft forever preferred_lft forever",
            f"    inet6 fe80::{hexid(rng, 4)}:{hexid(rng, 4)}:fe{hexid(rng, 2)}:{hexid(rng, 4)}/64 "
            "scope link ",
            "       valid_lft forever preferred_lft forever",
        ]
    return out


def interleave(*streams: list[tuple[datetime, str]]) -> list[tuple[datetime, str]]:
    merged: list[tuple[datetime, str]] = []
    for s in streams:
        merged.extend(s)
    merged.sort(key=lambda e: e[0])
    return merged


def cosine_loss(rng: random.Random, step: int, base: float = 2.9, floor: float = 1.7) -> float:
    """A smoothly decaying training loss with noise (never pinned at the floor)."""
    decay = 1.0 / (1.0 + step / 4000.0)
    return floor + (base - floor) * decay + rng.gauss(0, 0.02)
