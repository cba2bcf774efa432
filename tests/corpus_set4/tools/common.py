"""Shared building blocks for the set-4 failure-bundle generator.

Standard library only. Every helper takes an explicit ``random.Random`` so that each case is
deterministic on its own seed.
"""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
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

H100_BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
A100_BUS = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]

# --------------------------------------------------------------------------------------------
# bundle container
# --------------------------------------------------------------------------------------------


class Bundle:
    """Files of one case, its label and optional switch topology."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.files: dict[str, list[str]] = {}
        self.label_data: dict[str, object] | None = None
        self.topo: dict[str, list[str]] | None = None

    def add(self, path: str, text: str | list[str]) -> None:
        """Append text (a string or a list of lines) to a file of the bundle."""
        if isinstance(text, list):
            text = "\n".join(text) + "\n"
        self.files.setdefault(path, []).append(text)

    def label(
        self,
        category: str,
        layer: str,
        node: str | None,
        rank: int | None,
        action: str,
        rationale: str,
        modelled_on: str,
    ) -> None:
        assert category in CATEGORIES, category
        assert layer in LAYERS, layer
        assert action in ACTIONS, action
        assert node is not None or rank is None
        culprit = None if node is None else {"node": node, "rank": rank}
        self.label_data = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def topology(self, mapping: dict[str, list[str]]) -> None:
        self.topo = mapping

    def host_dirs(self) -> set[str]:
        hosts = set()
        for path in self.files:
            parts = path.split("/")
            if parts[0].startswith("attempt_"):
                hosts.add(parts[1])
            else:
                hosts.add(parts[0])
        return hosts

    def write(self, out: Path) -> int:
        assert self.label_data is not None, self.name
        hosts = self.host_dirs()
        assert 2 <= len(hosts) <= 16, (self.name, sorted(hosts))
        culprit = self.label_data["culprit"]
        if isinstance(culprit, dict):
            assert culprit["node"] in hosts, (self.name, culprit)
        root = out / self.name
        if root.exists():
            shutil.rmtree(root)
        root.mkdir(parents=True)
        total = 0
        for path, chunks in sorted(self.files.items()):
            target = root / path
            target.parent.mkdir(parents=True, exist_ok=True)
            text = "".join(chunks)
            target.write_text(text, encoding="utf-8")
            total += len(text.encode("utf-8"))
        (root / "label.json").write_text(json.dumps(self.label_data, indent=2) + "\n")
        if self.topo is not None:
            (root / "topology.json").write_text(
                json.dumps({"topology": self.topo}, indent=2) + "\n"
            )
        return total


# --------------------------------------------------------------------------------------------
# timestamp styles
# --------------------------------------------------------------------------------------------


def _ns(dt: datetime) -> str:
    return f"{dt.microsecond:06d}{(dt.microsecond * 7 + dt.second * 13) % 1000:03d}"


def c10(dt: datetime, sev: str = "E") -> str:
    """c10/torch >= 2.2 log header: ``E312 09:12:44.081233412`` (month not padded)."""
    return f"{sev}{dt.month}{dt.day:02d} {dt:%H:%M:%S}.{_ns(dt)}"


def glog(dt: datetime, sev: str = "E") -> str:
    """Classic glog header: ``E0312 09:12:44.081233``."""
    return f"{sev}{dt:%m%d %H:%M:%S}.{dt.microsecond:06d}"


def pylog(dt: datetime) -> str:
    return f"{dt:%Y-%m-%d %H:%M:%S},{dt.microsecond // 1000:03d}"


def dmesg_t(dt: datetime) -> str:
    return f"[{dt:%a %b} {dt.day:2d} {dt:%H:%M:%S %Y}]"


def uptime(dt: datetime, boot: datetime) -> str:
    delta = dt - boot
    secs = int(delta.total_seconds())
    return f"[{secs:5d}.{delta.microseconds:06d}]"


def syslog(dt: datetime, host: str) -> str:
    return f"{dt:%b} {dt.day:2d} {dt:%H:%M:%S} {host}"


def journal(dt: datetime, host: str) -> str:
    """journalctl -o short-iso."""
    return f"{dt:%Y-%m-%dT%H:%M:%S}+0000 {host}"


def journal_precise(dt: datetime, host: str) -> str:
    """journalctl -o short-precise."""
    return f"{dt:%b} {dt.day:2d} {dt:%H:%M:%S}.{dt.microsecond:06d} {host}"


def iso(dt: datetime) -> str:
    return f"{dt:%Y-%m-%dT%H:%M:%S}.{_ns(dt)}Z"


def slurm_ts(dt: datetime) -> str:
    return f"[{dt:%Y-%m-%dT%H:%M:%S}.{dt.microsecond // 1000:03d}]"


def tr_time(dt: datetime) -> str:
    return f"{dt:%Y-%m-%d_%H:%M:%S}"


def ms(n: float) -> timedelta:
    return timedelta(milliseconds=n)


def sec(n: float) -> timedelta:
    return timedelta(seconds=n)


# --------------------------------------------------------------------------------------------
# console: ordered events, rendered once
# --------------------------------------------------------------------------------------------


class Console:
    """Collects lines with the moment they were written and renders them in time order."""

    def __init__(self) -> None:
        self.events: list[tuple[datetime, int, str]] = []

    def at(self, dt: datetime, *lines: str) -> None:
        for line in lines:
            self.events.append((dt, len(self.events), line))

    def block(self, dt: datetime, prefix: str, lines: list[str]) -> None:
        for line in lines:
            self.events.append((dt, len(self.events), prefix + line))

    def render(self) -> str:
        return "".join(f"{line}\n" for _, _, line in sorted(self.events))

    def render_stamped(self, stamp: Callable[[datetime], str]) -> str:
        """Render with a per-line prefix built from each line's own time (kubectl logs --timestamps)."""
        return "".join(f"{stamp(dt)} {line}\n" for dt, _, line in sorted(self.events))


# --------------------------------------------------------------------------------------------
# job model
# --------------------------------------------------------------------------------------------


@dataclass
class Job:
    hosts: list[str]  # in node-rank order
    gpus: int
    ips: dict[str, str]
    pids: dict[str, int]
    bus: list[str] = field(default_factory=lambda: list(H100_BUS))
    agent_pid: dict[str, int] = field(default_factory=dict)
    comm_id: str = "0x5eed5eed5eed5eed"

    @property
    def world(self) -> int:
        return len(self.hosts) * self.gpus

    def rank(self, host: str, local: int) -> int:
        return self.hosts.index(host) * self.gpus + local

    def ranks(self, host: str) -> list[int]:
        base = self.hosts.index(host) * self.gpus
        return list(range(base, base + self.gpus))

    def host_of(self, rank: int) -> str:
        return self.hosts[rank // self.gpus]

    def local(self, rank: int) -> int:
        return rank % self.gpus

    def pid(self, rank: int) -> int:
        return self.pids[self.host_of(rank)] + self.local(rank)


def make_job(
    rng: random.Random,
    hosts: list[str],
    gpus: int = 8,
    subnet: str = "10.8.3",
    first: int = 11,
    ips: dict[str, str] | None = None,
    bus: list[str] | None = None,
) -> Job:
    if ips is None:
        ips = {h: f"{subnet}.{first + i}" for i, h in enumerate(hosts)}
    pids = {h: rng.randint(20000, 90000) for h in hosts}
    agent = {h: pids[h] - rng.randint(40, 400) for h in hosts}
    return Job(
        hosts, gpus, ips, pids, list(bus or H100_BUS), agent, f"0x{rng.getrandbits(64):016x}"
    )


def hexaddr(rng: random.Random) -> str:
    return f"0x{rng.randint(0x7F0000000000, 0x7FFFFFFFFFFF):x}"


# --------------------------------------------------------------------------------------------
# NCCL init chatter
# --------------------------------------------------------------------------------------------


def nccl_init(
    rng: random.Random,
    job: Job,
    host: str,
    *,
    version: str = "2.21.5+cuda12.4",
    ifname: str = "ib0",
    hcas: int = 8,
    transport: str = "IB",
    channels: int = 8,
    plugin_notice: bool = True,
    comm_id: str | None = None,
) -> list[tuple[int, str]]:
    """NCCL_DEBUG=INFO lines of every local rank of ``host`` (rank, line)."""
    out: list[tuple[int, str]] = []
    comm_id = comm_id or job.comm_id
    ip = job.ips[host]
    hca_list = " ".join(f"[{i}]mlx5_{i}:1/{transport}" for i in range(hcas))
    for rank in job.ranks(host):
        lr = job.local(rank)
        pid = job.pid(rank)
        tid = pid + rng.randint(90, 400)
        h = f"{host}:{pid}:{pid} [{lr}]"
        t = f"{host}:{pid}:{tid} [{lr}]"
        lines = []
        if rank == 0:
            lines.append(f"{h} NCCL INFO NCCL version {version}")
        lines += [
            f"{h} NCCL INFO cudaDriverVersion 12040",
            f"{h} NCCL INFO Bootstrap : Using {ifname}:{ip}<0>",
        ]
        if plugin_notice:
            lines += [
                f"{h} NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.",
                f"{t} NCCL INFO NET/Plugin: Failed to find ncclCollNetPlugin_v8 symbol.",
            ]
        lines += [
            f"{t} NCCL INFO Failed to open libibverbs.so[.1]"
            if transport == "Socket"
            else f"{t} NCCL INFO NET/IB : Using {hca_list} [RO]; OOB {ifname}:{ip}<0>",
            f"{t} NCCL INFO Using non-device net plugin version 0",
            f"{t} NCCL INFO Using network {transport}",
            f"{t} NCCL INFO ncclCommInitRank comm 0x{rng.getrandbits(40):x} rank {rank} "
            f"nranks {job.world} cudaDev {lr} nvmlDev {lr} busId {job.bus[lr]}000 commId {comm_id} - Init START",
            f"{t} NCCL INFO Setting affinity for GPU {lr} to {'ffffffff,00000000' if lr > 3 else '00000000,ffffffff'}",
        ]
        if rank == 0:
            order = " ".join(str(r) for r in range(min(job.world, 32)))
            for c in range(channels):
                lines.append(f"{t} NCCL INFO Channel {c:02d}/{channels * 2} :    {order}")
        nxt = rank + 1 if rank + 1 < job.world else 0
        for c in range(channels):
            if job.local(rank) == job.gpus - 1 and len(job.hosts) > 1:
                via = f"[send] via NET/{transport}/{lr % hcas}/GDRDMA"
                lines.append(f"{t} NCCL INFO Channel {c:02d}/0 : {rank}[{lr}] -> {nxt}[0] {via}")
            else:
                nl = (lr + 1) % job.gpus
                lines.append(
                    f"{t} NCCL INFO Channel {c:02d}/0 : {rank}[{lr}] -> {nxt}[{nl}] via P2P/CUMEM/read"
                )
        lines += [
            f"{t} NCCL INFO Connected all rings",
            f"{t} NCCL INFO Connected all trees",
            f"{t} NCCL INFO threadThresholds 8/8/64 | {job.world * 8}/8/64 | 512 | 512",
            f"{t} NCCL INFO {channels * 2} coll channels, {channels * 2} collnet channels, 0 nvls channels, "
            f"{channels * 2} p2p channels, 2 p2p channels per peer",
        ]
        if plugin_notice:
            lines.append(
                f"{t} NCCL INFO TUNER/Plugin: Failed to find ncclTunerPlugin_v2 symbol, using internal tuner instead."
            )
        lines.append(
            f"{t} NCCL INFO ncclCommInitRank comm 0x{rng.getrandbits(40):x} rank {rank} nranks {job.world} "
            f"cudaDev {lr} nvmlDev {lr} busId {job.bus[lr]}000 commId {comm_id} - Init COMPLETE"
        )
        out += [(rank, line) for line in lines]
    return out


# --------------------------------------------------------------------------------------------
# torch / NCCL failure text
# --------------------------------------------------------------------------------------------

LIB = "/usr/local/lib/python3.10/dist-packages/torch/lib"


def _frames(rng: random.Random, lib: str, kind: str) -> list[str]:
    a = lambda: hexaddr(rng)  # noqa: E731
    if kind == "timeout":
        body = [
            ("c10::Error::Error(c10::SourceLocation, std::string) + 0x96", "libc10.so"),
            (
                "c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration"
                "<long, std::ratio<1l, 1000l> > >) + 0x1d2",
                "libtorch_cuda.so",
            ),
            ("c10d::ProcessGroupNCCL::watchdogHandler() + 0x233", "libtorch_cuda.so"),
            ("c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d", "libtorch_cuda.so"),
        ]
    elif kind == "cuda":
        body = [
            ("c10::Error::Error(c10::SourceLocation, std::string) + 0x96", "libc10.so"),
            (
                "c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64",
                "libc10.so",
            ),
            (
                "c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118",
                "libc10_cuda.so",
            ),
            (
                "c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56",
                "libtorch_cuda.so",
            ),
            ("c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0", "libtorch_cuda.so"),
            ("c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da", "libtorch_cuda.so"),
            ("c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d", "libtorch_cuda.so"),
        ]
    else:  # outer
        body = [
            ("c10::Error::Error(c10::SourceLocation, std::string) + 0x96", "libc10.so"),
            ("<unknown function> + 0xe5c6fc", "libtorch_cuda.so"),
        ]
    out = [f"frame #{i}: {fn} ({a()} in {lib}/{so})" for i, (fn, so) in enumerate(body)]
    n = len(out)
    out += [
        f"frame #{n}: <unknown function> + 0x145c0 ({a()} in {lib}/libtorch.so)",
        f"frame #{n + 1}: <unknown function> + 0x94ac3 ({a()} in /lib/x86_64-linux-gnu/libc.so.6)",
        f"frame #{n + 2}: clone + 0x44 ({a()} in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
    ]
    return out


def work(
    seq: int,
    op: str,
    numel: int,
    timeout_ms: int,
    ran_ms: int,
    new: bool = True,
    numel_out: int | None = None,
) -> str:
    if new:
        return (
            f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel if numel_out is None else numel_out}, "
            f"Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out."
        )
    return f"WorkNCCL(SeqNum={seq}, OpType={op}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out."


def watchdog_new(
    rng: random.Random,
    rank: int,
    dt: datetime,
    seq: int,
    op: str = "ALLREDUCE",
    numel: int = 26214400,
    timeout_ms: int = 1800000,
    lib: str = LIB,
    pg: str = "PG ID 0 PG GUID 0(default_pg)",
    flight_recorder: bool = False,
    numel_out: int | None = None,
) -> list[tuple[datetime, str]]:
    """torch >= 2.4 watchdog timeout text of one rank (unprefixed lines with times)."""
    ran = timeout_ms + rng.randint(20, 900)
    w = work(seq, op, numel, timeout_ms, ran, numel_out=numel_out)
    d = dt
    out: list[tuple[datetime, str]] = []

    def e(line: str, sev: str = "E", step: float = 0.05) -> None:
        nonlocal d
        d = d + ms(rng.uniform(0.001, step))
        out.append((d, f"[{c10(d, sev)} {line}"))

    e(f"ProcessGroupNCCL.cpp:616] [Rank {rank}] Watchdog caught collective operation timeout: {w}")
    e(
        f"ProcessGroupNCCL.cpp:1785] [{pg} Rank {rank}] Exception (either an error or timeout) detected by "
        f"watchdog at work: {seq}, last enqueued NCCL work: {seq + rng.randint(0, 3)}, "
        f"last completed NCCL work: {seq - 1}."
    )
    e(
        f"ProcessGroupNCCL.cpp:630] [Rank {rank}] Some NCCL operations have failed or timed out. Due to the "
        "asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
    )
    e(
        f"ProcessGroupNCCL.cpp:636] [Rank {rank}] To avoid data inconsistency, we are taking the entire process down."
    )
    if flight_recorder:
        e(
            f"ProcessGroupNCCL.cpp:1283] [{pg} Rank {rank}] ProcessGroupNCCL preparing to dump debug info.",
            "W",
        )
    msg = f"[{pg} Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: {w}"
    e(f"ProcessGroupNCCL.cpp:1595] {msg}")
    tail = [
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):"
    ]
    tail += _frames(rng, lib, "timeout")
    tail += [
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  {msg}",
    ]
    tail += [
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):"
    ]
    tail += _frames(rng, lib, "timeout")
    tail += [
        "Exception raised from ncclCommWatchdog at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1601 (most recent call first):"
    ]
    tail += _frames(rng, lib, "outer")
    out += [(d, line) for line in tail]
    return out


def watchdog_old(
    rng: random.Random, rank: int, seq: int, op: str = "ALLREDUCE", timeout_ms: int = 1800000
) -> list[str]:
    """torch 1.13 watchdog text: no timestamps at all."""
    ran = timeout_ms + rng.randint(100, 4000)
    w = work(seq, op, 0, timeout_ms, ran, new=False)
    return [
        f"[E ProcessGroupNCCL.cpp:828] [Rank {rank}] Watchdog caught collective operation timeout: {w}",
        "[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the asynchronous "
        "nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down.",
        "terminate called after throwing an instance of 'std::runtime_error'",
        f"  what():  [Rank {rank}] Watchdog caught collective operation timeout: {w}",
    ]


def watchdog_cuda_error(
    rng: random.Random,
    rank: int,
    dt: datetime,
    err: str,
    lib: str = LIB,
    pg: str = "PG ID 0 PG GUID 0(default_pg)",
) -> list[tuple[datetime, str]]:
    """The watchdog of a rank whose GPU failed: CUDA error instead of a timeout."""
    msg = f"[{pg} Rank {rank}] Process group watchdog thread terminated with exception: CUDA error: {err}"
    hint = [
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
    ]
    lines = [f"[{c10(dt)} ProcessGroupNCCL.cpp:1595] {msg}", *hint]
    lines += [
        "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):"
    ]
    lines += _frames(rng, lib, "cuda")
    lines += [
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  {msg}",
        *hint,
    ]
    lines += [
        "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):"
    ]
    lines += _frames(rng, lib, "cuda")
    lines += [
        "Exception raised from ncclCommWatchdog at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1601 (most recent call first):"
    ]
    lines += _frames(rng, lib, "outer")
    return [(dt, line) for line in lines]


def nccl_remote_error(
    last_error: str,
    version: str = "2.21.5",
    where: str = "../torch/csrc/distributed/c10d/NCCLUtils.hpp:317",
) -> list[str]:
    return [
        f"torch.distributed.DistBackendError: NCCL error in: {where}, remote process exited or there was a "
        f"network error, NCCL version {version}",
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        last_error,
    ]


def py_traceback(frames: list[tuple[str, int, str, str]], exc: list[str] | str) -> list[str]:
    out = ["Traceback (most recent call last):"]
    for path, line, func, code in frames:
        out.append(f'  File "{path}", line {line}, in {func}')
        if code:
            out.append(f"    {code}")
    out += [exc] if isinstance(exc, str) else exc
    return out


SIGNALS = {-6: "SIGABRT", -7: "SIGBUS", -9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV"}


@dataclass
class Failure:
    dt: datetime
    host: str
    rank: int
    local: int
    exitcode: int
    pid: int
    traceback: str | None = None
    error_file: str = "<N/A>"


def torchrun_summary(
    script: str,
    failures: list[Failure],
    root: Failure,
    *,
    glog_style: bool = True,
    agent_pid: int = 1,
    dt: datetime | None = None,
    py: str = "/usr/local/lib/python3.10/dist-packages",
    binary: str = "/usr/bin/python3",
) -> list[str]:
    """The elastic agent's ChildFailedError report (root is the *local* first failure)."""
    dt = dt or root.dt + sec(1)
    if glog_style:
        head = f"{glog(dt, 'E')[:-3]}000 {agent_pid} torch/distributed/elastic/multiprocessing/api.py:869] "
    else:
        head = f"[{pylog(dt)}] torch.distributed.elastic.multiprocessing.api: [ERROR] "
    lines = [
        f"{head}failed (exitcode: {root.exitcode}) local_rank: {root.local} (pid: {root.pid}) of binary: {binary}",
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        f'  File "{py}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
        "    return f(*args, **kwargs)",
        f'  File "{py}/torch/distributed/run.py", line 919, in main',
        "    run(args)",
        f'  File "{py}/torch/distributed/run.py", line 910, in run',
        "    elastic_launch(",
        f'  File "{py}/torch/distributed/launcher/api.py", line 138, in __call__',
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        f'  File "{py}/torch/distributed/launcher/api.py", line 269, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        f"{script} FAILED",
        "------------------------------------------------------------",
        "Failures:",
    ]

    def entry(i: int, f: Failure) -> list[str]:
        if f.traceback is not None:
            tb = f.traceback
        elif f.exitcode < 0:
            tb = f"Signal {-f.exitcode} ({SIGNALS[f.exitcode]}) received by PID {f.pid}"
        else:
            tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        return [
            f"[{i}]:",
            f"  time      : {tr_time(f.dt)}",
            f"  host      : {f.host}",
            f"  rank      : {f.rank} (local_rank: {f.local})",
            f"  exitcode  : {f.exitcode} (pid: {f.pid})",
            f"  error_file: {f.error_file}",
            f"  traceback : {tb}",
        ]

    others = [f for f in failures if f is not root]
    if not others:
        lines.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others, 1):
        lines += entry(i, f)
    lines += [
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
    ]
    lines += entry(0, root)
    lines.append("============================================================")
    return lines


def torchrun_banner(dt: datetime, agent_pid: int, glog_style: bool = True) -> list[str]:
    msg = [
        "",
        "*****************************************",
        "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system "
        "being overloaded, please further tune the variable for optimal performance in your application as needed. ",
        "*****************************************",
    ]
    if glog_style:
        return [
            f"{glog(dt, 'W')[:-3]}000 {agent_pid} torch/distributed/run.py:793] {m}" for m in msg
        ]
    return [f"[{pylog(dt)}] torch.distributed.run: [WARNING] {m}" for m in msg]


def sigterm_lines(
    dt: datetime, agent_pid: int, pids: list[int], glog_style: bool = True
) -> list[str]:
    out = []
    for p in pids:
        if glog_style:
            out.append(
                f"{glog(dt, 'W')[:-3]}000 {agent_pid} torch/distributed/elastic/multiprocessing/api.py:897] "
                f"Sending process {p} closing signal SIGTERM"
            )
        else:
            out.append(
                f"[{pylog(dt)}] torch.distributed.elastic.multiprocessing.api: [WARNING] "
                f"Sending process {p} closing signal SIGTERM"
            )
    return out


# --------------------------------------------------------------------------------------------
# training chatter
# --------------------------------------------------------------------------------------------


def megatron_iters(
    rng: random.Random,
    start: datetime,
    first: int,
    last: int,
    *,
    every: int = 10,
    total: int = 250000,
    gbs: int = 1024,
    ms_per_iter: float = 4200.0,
    slow_from: int | None = None,
    slow_ms: float = 0.0,
    loss0: float = 2.6,
    nan_at: int | None = None,
) -> list[tuple[datetime, str]]:
    out = []
    t = start
    for it in range(first, last + 1, every):
        base = ms_per_iter + (slow_ms if slow_from is not None and it >= slow_from else 0.0)
        per = base * rng.uniform(0.985, 1.015)
        t = t + ms(per * every)
        loss = loss0 * (1.0 - 0.18 * it / total) + rng.uniform(-0.04, 0.04)
        tflops = 1.7e6 / per
        loss_s = "nan" if nan_at is not None and it >= nan_at else f"{loss:.6E}"
        out.append(
            (
                t,
                f" [{t:%Y-%m-%d %H:%M:%S}] iteration {it:>8}/{total:>8} | consumed samples: {it * gbs:>12} | "
                f"elapsed time per iteration (ms): {per:.1f} | throughput per GPU (TFLOP/s/GPU): {tflops:.1f} | "
                f"learning rate: {3e-4 * min(1.0, it / 2000):.6E} | global batch size: {gbs:>5} | "
                f"lm loss: {loss_s} | loss scale: 1.0 | grad norm: {rng.uniform(0.2, 0.9):.3f} | "
                f"number of skipped iterations:   0 | number of nan iterations:   0 |",
            )
        )
    return out


def titan_steps(
    rng: random.Random,
    start: datetime,
    first: int,
    last: int,
    *,
    every: int = 10,
    step_s: float = 1.6,
    tps: int = 5860,
    mem: str = "49.66GiB(52.28%)",
    loss0: float = 8.0,
) -> list[tuple[datetime, str]]:
    out = []
    t = start
    for s in range(first, last + 1, every):
        t = t + sec(step_s * every * rng.uniform(0.99, 1.01))
        loss = max(2.1, loss0 * (0.9995**s)) + rng.uniform(-0.05, 0.05)
        tp = int(tps * rng.uniform(0.985, 1.01))
        out.append(
            (
                t,
                f"[titan] {pylog(t)} - root - INFO - step: {s:>5}  loss: {loss:8.4f}  memory: {mem}  "
                f"tps: {tp:,}  tflops: {tp * 0.0579:.2f}  mfu: {tp * 0.00585:.2f}%",
            )
        )
    return out


def hf_logs(
    rng: random.Random,
    start: datetime,
    first: int,
    last: int,
    total: int,
    *,
    every: int = 10,
    s_it: float = 2.0,
) -> list[tuple[datetime, str]]:
    out = []
    t = start
    for s in range(first, last + 1, every):
        t = t + sec(s_it * every * rng.uniform(0.98, 1.02))
        pct = int(100 * s / total)
        el = int((t - start).total_seconds())
        rem = int((total - s) * s_it)
        out.append(
            (
                t,
                f"{{'loss': {1.9 * (0.9998**s) + rng.uniform(-0.05, 0.05):.4f}, 'grad_norm': "
                f"{rng.uniform(0.3, 1.2):.4f}, 'learning_rate': {2e-5 * (1 - s / total):.3e}, "
                f"'epoch': {s / total * 3:.2f}}}",
            )
        )
        out.append(
            (
                t,
                f"{pct:3d}%|{'█' * (pct // 10):<10}| {s}/{total} [{el // 3600}:{el % 3600 // 60:02d}:"
                f"{el % 60:02d}<{rem // 3600}:{rem % 3600 // 60:02d}:{rem % 60:02d}, {s_it:.2f}s/it]",
            )
        )
    return out


def nemo_bar(
    rng: random.Random,
    start: datetime,
    first: int,
    last: int,
    total: int,
    *,
    every: int = 10,
    step_s: float = 2.1,
    slow_from: int | None = None,
    slow_s: float = 0.0,
) -> list[tuple[datetime, str]]:
    out = []
    t = start
    for s in range(first, last + 1, every):
        step = step_s + (slow_s if slow_from is not None and s >= slow_from else 0.0)
        step *= rng.uniform(0.99, 1.01)
        t = t + sec(step * every)
        pct = int(100 * s / total)
        el = int((t - start).total_seconds())
        out.append(
            (
                t,
                f"Epoch 0: : {pct:3d}%|{'█' * (pct // 10):<10}| {s}/{total} [{el // 3600}:{el % 3600 // 60:02d}:"
                f"{el % 60:02d}<?, ?it/s, v_num=0, reduced_train_loss={2.4 * (0.99995**s):.3f}, "
                f"global_step={s - 1}.0, consumed_samples={s * 512}.0, train_step_timing in s={step:.3f}]",
            )
        )
    return out


def ds_steps(
    rng: random.Random,
    start: datetime,
    first: int,
    last: int,
    *,
    every: int = 10,
    iter_s: float = 1.23,
    bs: int = 256,
) -> list[tuple[datetime, str]]:
    out = []
    t = start
    for s in range(first, last + 1, every):
        it = iter_s * rng.uniform(0.98, 1.02)
        t = t + sec(it * every)
        out.append(
            (
                t,
                f"[{pylog(t)}] [INFO] [logging.py:96:log_dist] [Rank 0] step={s}, skipped=0, "
                f"lr=[{2e-4 * min(1, s / 500):.6e}], mom=[(0.9, 0.95)]",
            )
        )
        out.append(
            (
                t,
                f"[{pylog(t)}] [INFO] [timer.py:260:stop] epoch=0/micro_step={s}/global_step={s}, "
                f"RunningAvgSamplesPerSec={bs / it:.3f}, CurrSamplesPerSec={bs / it * rng.uniform(0.97, 1.03):.3f}, "
                f"MemAllocated=31.2GB, MaxMemAllocated=58.9GB",
            )
        )
    return out


def pylog_steps(
    rng: random.Random,
    start: datetime,
    first: int,
    last: int,
    *,
    name: str = "train",
    every: int = 10,
    step_s: float = 1.0,
    tok: int = 412000,
) -> list[tuple[datetime, str]]:
    out = []
    t = start
    for s in range(first, last + 1, every):
        st = step_s * rng.uniform(0.98, 1.02)
        t = t + sec(st * every)
        out.append(
            (
                t,
                f"{pylog(t)} - {name} - INFO - step {s} | loss {2.7 * (0.99996**s) + rng.uniform(-0.03, 0.03):.4f} | "
                f"lr {3e-4 * min(1, s / 1000):.3e} | step_time {st:.3f}s | tok/s {int(tok / st):,}",
            )
        )
    return out


DEPRECATIONS = [
    "/usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:464: UserWarning: torch.utils.checkpoint: "
    "the use_reentrant parameter should be passed explicitly. In version 2.4 we will raise an exception if "
    "use_reentrant is not passed. use_reentrant=False is recommended, but if you need to preserve the current "
    "default behavior, you can pass use_reentrant=True. Refer to docs for more details on the differences "
    "between the two variants.",
    "/usr/local/lib/python3.10/dist-packages/torch/amp/grad_scaler.py:131: FutureWarning: "
    "`torch.cuda.amp.GradScaler(args...)` is deprecated. Please use `torch.amp.GradScaler('cuda', args...)` "
    "instead.",
    "/usr/local/lib/python3.10/dist-packages/transformers/tokenization_utils_base.py:1601: FutureWarning: "
    "`clean_up_tokenization_spaces` was not set. It will be set to `True` by default. This behavior will be "
    "depracted in transformers v4.45, and will be then set to `False` by default.",
    "/usr/local/lib/python3.10/dist-packages/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It "
    "will be removed in the future and UntypedStorage will be the only storage class. This should only matter "
    "to you if you are using storages directly.  To access UntypedStorage directly, use "
    "tensor.untyped_storage() instead of tensor.storage()",
]


def destroy_pg_warning(dt: datetime, rank: int) -> str:
    return (
        f"[rank{rank}]:[{c10(dt, 'W')} ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been "
        "destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call "
        "destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare "
        "cases this process can exit before this point and block the progress of another member of the process "
        "group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 "
        "(function operator())"
    )


# --------------------------------------------------------------------------------------------
# torchrun per-node consoles
# --------------------------------------------------------------------------------------------


class Prefix:
    """Line prefixes of a launcher: plain output lines and c10-logged lines."""

    def __init__(self, job: Job, style: str = "rank", stream: str = "stderr") -> None:
        self.job = job
        self.style = style
        self.stream = stream

    def out(self, rank: int) -> str:
        lr = self.job.local(rank)
        host = self.job.host_of(rank)
        return {
            "rank": f"[rank{rank}]:",
            "default": f"[default{lr}]:",
            "srun": f"{rank}: ",
            "pdsh": f"{host}: ",
            "mpi": f"[1,{rank}]<{self.stream}>:",
            "none": "",
        }[self.style]

    def c10(self, rank: int) -> str:
        if self.style == "default":
            return f"[default{self.job.local(rank)}]:[rank{rank}]:"
        if self.style in ("srun", "pdsh", "mpi"):
            return self.out(rank) + f"[rank{rank}]:"
        return self.out(rank)

    def line(self, rank: int, line: str) -> str:
        is_c10 = len(line) > 2 and line[0] == "[" and line[1] in "EWI" and line[2].isdigit()
        return (self.c10(rank) if is_c10 else self.out(rank)) + line


def base_console(
    rng: random.Random,
    job: Job,
    host: str,
    start: datetime,
    pfx: Prefix,
    *,
    glog_style: bool = True,
    nccl: bool = True,
    nccl_kw: dict[str, object] | None = None,
    warnings: int = 2,
    banner: bool = True,
) -> Console:
    con = Console()
    if banner:
        con.at(start, *torchrun_banner(start, job.agent_pid[host], glog_style))
    t = start + sec(rng.uniform(20, 40))
    for rank in job.ranks(host):
        for w in rng.sample(DEPRECATIONS, k=min(warnings, len(DEPRECATIONS))):
            d = t + ms(rng.uniform(0, 900))
            con.at(d, pfx.out(rank) + w, pfx.out(rank) + "  warnings.warn(")
    if nccl:
        t2 = t + sec(rng.uniform(8, 15))
        place(con, rng, nccl_init(rng, job, host, **(nccl_kw or {})), t2, pfx.out)  # type: ignore[arg-type]
    return con


def place(
    con: Console,
    rng: random.Random,
    items: list[tuple[int, str]],
    t: datetime,
    pfx: Callable[[int], str],
    spread_ms: float = 1500.0,
) -> None:
    """Place per-rank lines in order for each rank, interleaved between ranks."""
    cur: dict[int, datetime] = {}
    for rank, line in items:
        d = cur.get(rank, t + ms(rng.uniform(0, spread_ms))) + ms(rng.uniform(0.2, 30))
        cur[rank] = d
        con.at(d, pfx(rank) + line)


def add_watchdogs(
    con: Console,
    rng: random.Random,
    job: Job,
    ranks: list[int],
    t0: datetime,
    seq: int,
    pfx: Prefix,
    *,
    spread_s: float = 2.0,
    **kw: object,
) -> dict[int, datetime]:
    """Watchdog timeouts of the given ranks; returns when each rank aborted."""
    done = {}
    for rank in ranks:
        t = t0 + sec(rng.uniform(0, spread_s))
        ev = watchdog_new(rng, rank, t, seq, **kw)  # type: ignore[arg-type]
        for d, line in ev:
            con.at(d, pfx.line(rank, line))
        done[rank] = ev[-1][0] + ms(rng.uniform(5, 60))
    return done


def agent_exit(
    con: Console,
    rng: random.Random,
    job: Job,
    host: str,
    script: str,
    failures: list[Failure],
    *,
    glog_style: bool = True,
    sigterm: list[int] | None = None,
    sigterm_at: datetime | None = None,
) -> None:
    """Elastic agent: optional SIGTERM to survivors, then the ChildFailedError report."""
    root = min(failures, key=lambda f: f.dt)
    if sigterm and sigterm_at is not None:
        con.at(sigterm_at, *sigterm_lines(sigterm_at, job.agent_pid[host], sigterm, glog_style))
    last = max(f.dt for f in failures) + sec(rng.uniform(0.5, 2.0))
    con.at(
        last,
        *torchrun_summary(
            script, failures, root, glog_style=glog_style, agent_pid=job.agent_pid[host], dt=last
        ),
    )


def watchdog_nccl_error(
    rng: random.Random,
    rank: int,
    dt: datetime,
    last_error: str,
    *,
    version: str = "2.21.5",
    lib: str = LIB,
    pg: str = "PG ID 0 PG GUID 0(default_pg)",
    stamped: bool = True,
) -> list[tuple[datetime, str]]:
    """Watchdog that found an async NCCL error (remote process exited / network error)."""
    err = (
        f"NCCL error: remote process exited or there was a network error, NCCL version {version}\n"
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
        f"Last error:\n{last_error}"
    ).split("\n")
    if stamped:
        head = f"[{c10(dt)} ProcessGroupNCCL.cpp:1595] [{pg} Rank {rank}] Process group watchdog thread terminated with exception: "
        pre = [
            f"[{c10(dt - ms(2))} ProcessGroupNCCL.cpp:1785] [{pg} Rank {rank}] Exception (either an error or timeout) "
            "detected by watchdog at work: "
            f"{rng.randint(1000, 90000)}, last enqueued NCCL work: 0, last completed NCCL work: 0.",
        ]
    else:
        head = f"[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank {rank}] NCCL watchdog thread terminated with exception: "
        pre = []
    lines = [*pre, head + err[0], *err[1:]]
    lines += [
        "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1903 (most recent call first):"
    ]
    lines += _frames(rng, lib, "outer")
    lines += [
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [{pg} Rank {rank}] Process group watchdog thread terminated with exception: {err[0]}",
        *err[1:],
    ]
    lines += _frames(rng, lib, "outer")
    return [(dt, line) for line in lines]


def ib_completion(
    peer_ip: str,
    port: int,
    local_ip: str,
    hca: str,
    status: int = 12,
    new: bool = True,
    direction: str = "Recv",
) -> str:
    if new:
        return (
            f"NET/IB : Got completion from peer {peer_ip}<{port}> with status={status} opcode=0 len=0 vendor err 129 "
            f"({direction}) localGid ::ffff:{local_ip} remoteGids::ffff:{peer_ip} hca {hca}"
        )
    return f"NET/IB : Got completion from peer {peer_ip}<{port}> with error {status}, opcode 0, len 0, vendor err 129 ({direction})"
