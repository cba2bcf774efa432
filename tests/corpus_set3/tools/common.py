"""Shared pieces for the set-3 failure bundles: a bundle container, timestamp styles and the
boilerplate that real multi-node PyTorch logs carry (NCCL init chatter, training progress,
watchdog timeouts, elastic-agent summaries, benign kernel noise).

Everything is deterministic: randomness comes from a ``random.Random`` seeded per case.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

CATEGORIES = {
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
}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}


@dataclass
class Bundle:
    """One failure bundle: relative path -> text, plus the expert label."""

    case_id: str
    files: dict[str, str] = field(default_factory=dict)
    label: dict[str, object] = field(default_factory=dict)
    topology: dict[str, list[str]] | None = None

    def add(self, path: str, content: str | Iterable[str]) -> None:
        text = content if isinstance(content, str) else "\n".join(content)
        if not text.endswith("\n"):
            text += "\n"
        if path in self.files:
            self.files[path] += text
        else:
            self.files[path] = text

    def verdict(
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
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def write(self, root: Path) -> None:
        assert self.label, f"{self.case_id} has no label"
        base = root / self.case_id
        for rel, text in sorted(self.files.items()):
            p = base / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
        (base / "label.json").write_text(json.dumps(self.label, indent=2) + "\n", encoding="utf-8")
        if self.topology is not None:
            (base / "topology.json").write_text(
                json.dumps({"topology": self.topology}, indent=2) + "\n", encoding="utf-8"
            )


# ----------------------------------------------------------------------------- timestamps

MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
DOW = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def glog(dt: datetime, lvl: str, src: str, pid: int | None = None, nanos: bool = False) -> str:
    """glog / c10 prefix: ``E0312 09:12:44.081233 1234 file.cpp:12]``."""
    frac = f"{dt.microsecond:06d}"
    if nanos:
        frac += f"{(dt.microsecond * 7) % 1000:03d}"
    mid = f" {pid}" if pid is not None else ""
    return f"{lvl}{dt:%m%d %H:%M:%S}.{frac}{mid} {src}]"


def pylog(dt: datetime) -> str:
    return f"{dt:%Y-%m-%d %H:%M:%S},{dt.microsecond // 1000:03d}"


def iso(dt: datetime, z: bool = True) -> str:
    return f"{dt:%Y-%m-%dT%H:%M:%S}.{dt.microsecond // 1000:03d}" + ("Z" if z else "+00:00")


def dmesg_t(dt: datetime) -> str:
    return f"[{DOW[dt.weekday()]} {MON[dt.month - 1]} {dt.day:2d} {dt:%H:%M:%S} {dt.year}]"


def syslog(dt: datetime, host: str, tag: str) -> str:
    return f"{MON[dt.month - 1]} {dt.day:2d} {dt:%H:%M:%S} {host} {tag}:"


def uptime(sec: float) -> str:
    return f"[{sec:12.6f}]"


class Kernel:
    """Formats kernel messages for one host in one of several collection styles."""

    def __init__(self, host: str, boot: datetime, style: str) -> None:
        self.host = host
        self.boot = boot
        self.style = style  # "dmesg_T", "uptime", "journal", "syslog"

    def line(self, dt: datetime, msg: str) -> str:
        if self.style == "dmesg_T":
            return f"{dmesg_t(dt)} {msg}"
        if self.style == "uptime":
            return f"{uptime((dt - self.boot).total_seconds())} {msg}"
        if self.style == "journal":
            return f"{syslog(dt, self.host, 'kernel')} {msg}"
        return f"{syslog(dt, self.host, 'kernel')} [{(dt - self.boot).total_seconds():.6f}] {msg}"

    def benign(self, rng: random.Random, start: datetime, n: int = 12) -> list[str]:
        pool = [
            "mlx5_core 0000:{b}:00.0: mlx5_pcie_event:301:(pid {p}): PCIe slot advertised sufficient power (75W).",
            "nvidia-peermem: module verification failed: signature and/or required key missing - tainting kernel",
            "EDAC skx: ECC is disabled on imc 2",
            "IPv6: ADDRCONF(NETDEV_CHANGE): ib{i}: link becomes ready",
            'audit: type=1400 audit({t}:{p}): apparmor="STATUS" operation="profile_replace" name="nvidia_modprobe"',
            "nvidia-nvlink: Nvlink Core is being initialized, major device number 508",
            "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08  Mon Feb 26 13:03:49 UTC 2024",
            "nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint.",
            "mlx5_core 0000:{b}:00.0: E-Switch: Total vports 2, per vport: max uc(128) max mc(2048)",
            "systemd-journald[{p}]: Data hash table of /var/log/journal/system.journal has a fill level at 75.0, suggesting rotation.",
            "perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
            "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters.",
            "docker0: port 1(veth{h}) entered blocking state",
            "hrtimer: interrupt took 14702 ns",
            "ib_srpt MAD registration failed for mlx5_{i}-1.",
        ]
        out = []
        t = start
        for _ in range(n):
            t += timedelta(seconds=rng.randint(20, 900), microseconds=rng.randint(0, 999999))
            msg = rng.choice(pool).format(
                b=rng.choice(["0c", "1a", "3b", "4c", "8d", "b9", "cb"]),
                p=rng.randint(300, 90000),
                i=rng.randint(0, 7),
                t=rng.randint(1700000000, 1730000000),
                h=f"{rng.randint(0, 0xFFFFFF):06x}",
            )
            out.append(self.line(t, msg))
        return out


# ----------------------------------------------------------------------------- job model


@dataclass
class Job:
    """A multi-node torch job: hosts, IPs, and how its consoles prefix lines."""

    hosts: list[str]
    gpus: int = 8
    prefix: str = "rank"  # rank | default | srun | pdsh | none
    torch: str = "new"  # new (2.4+) | old (1.13-2.0)
    nccl: str = "2.21.5"
    base_ip: str = "10.64.{a}.{b}"
    ifname: str = "eth0"
    seed: int = 0
    ips: list[str] = field(default_factory=list)
    pids: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        rng = random.Random(self.seed)
        if not self.ips:
            self.ips = [
                self.base_ip.format(a=rng.randint(1, 40), b=rng.randint(2, 250)) for _ in self.hosts
            ]
        for r in range(self.world):
            self.pids[r] = 40000 + (r % self.gpus) * 7 + rng.randint(0, 3000)

    @property
    def world(self) -> int:
        return len(self.hosts) * self.gpus

    def rank(self, node: int, lr: int) -> int:
        return node * self.gpus + lr

    def node_of(self, rank: int) -> int:
        return rank // self.gpus

    def p(self, rank: int) -> str:
        node, lr = divmod(rank, self.gpus)
        if self.prefix == "rank":
            return f"[rank{rank}]:"
        if self.prefix == "default":
            return f"[default{lr}]:"
        if self.prefix == "srun":
            return f"{rank}: "
        if self.prefix == "pdsh":
            return f"{self.hosts[node]}: "
        return ""

    # -- startup ------------------------------------------------------------------------

    def nccl_init(self, node: int, lrs: Iterable[int] | None = None, net: str = "IB") -> list[str]:
        host = self.hosts[node]
        ip = self.ips[node]
        out: list[str] = []
        for lr in lrs if lrs is not None else range(self.gpus):
            r = self.rank(node, lr)
            pid = self.pids[r]
            tag = f"{host}:{pid}:{pid} [{lr}]"
            pre = self.p(r)
            out.append(f"{pre}{tag} NCCL INFO Bootstrap : Using {self.ifname}:{ip}<0>")
            if lr == 0:
                out.append(
                    f"{pre}{tag} NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v8 symbol."
                )
                out.append(
                    f"{pre}{tag} NCCL INFO NET/Plugin: Loaded net plugin NCCL RDMA Plugin v7 (v7)"
                )
                out.append(f"{pre}{tag} NCCL INFO cudaDriverVersion 12040")
                out.append(f"{pre}NCCL version {self.nccl}+cuda12.4")
            if net == "IB":
                devs = " ".join(f"[{i}]mlx5_{i}:1/IB" for i in range(4))
                out.append(
                    f"{pre}{tag} NCCL INFO NET/IB : Using {devs} ; OOB {self.ifname}:{ip}<0>"
                )
                out.append(f"{pre}{tag} NCCL INFO Using network IB")
            elif net == "OFI":
                out.append(f"{pre}{tag} NCCL INFO NET/OFI Using aws-ofi-nccl 1.9.1-aws")
                out.append(f"{pre}{tag} NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)")
                out.append(f"{pre}{tag} NCCL INFO Using network AWS Libfabric")
            else:
                out.append(f"{pre}{tag} NCCL INFO NET/Socket : Using [0]{self.ifname}:{ip}<0>")
                out.append(f"{pre}{tag} NCCL INFO Using network Socket")
            out.append(
                f"{pre}{tag} NCCL INFO ncclCommInitRank comm 0x{0x55D0A0000000 + r * 0x1000:x} rank {r} "
                f"nranks {self.world} cudaDev {lr} nvmlDev {lr} busId {[18, 42, 58, 93, 154, 186, 202, 219][lr % 8]:x}000 "
                f"commId 0x7c3f91e2a4d5b{self.seed:03x} - Init COMPLETE"
            )
        return out

    def launcher_banner(self, node: int, dt: datetime) -> list[str]:
        if self.torch == "old":
            return [
                "WARNING:torch.distributed.run:",
                "*****************************************",
                "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
                "*****************************************",
                "INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous complete for workers. Result:",
                "  restart_count=0",
                f"  master_addr={self.hosts[0]}",
                "  master_port=29500",
                f"  group_rank={node}",
                f"  group_world_size={len(self.hosts)}",
                f"  local_ranks={list(range(self.gpus))}",
            ]
        return [
            f"{glog(dt, 'W', 'torch/distributed/run.py:793', 1000 + node)} ",
            f"{glog(dt, 'W', 'torch/distributed/run.py:793', 1000 + node)} *****************************************",
            f"{glog(dt, 'W', 'torch/distributed/run.py:793', 1000 + node)} Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
            f"{glog(dt, 'W', 'torch/distributed/run.py:793', 1000 + node)} *****************************************",
        ]

    # -- failures -----------------------------------------------------------------------

    def watchdog(
        self,
        rank: int,
        dt: datetime,
        seq: int,
        op: str = "ALLREDUCE",
        timeout_ms: int = 600000,
        numel: int = 262144000,
        completed: int | None = None,
        fr: bool = False,
    ) -> list[str]:
        pre = self.p(rank)
        dt = dt + timedelta(microseconds=(rank * 7919 + seq) % 997)
        ran = timeout_ms + (rank * 37) % 900 + 11
        last_done = seq - 1 if completed is None else completed
        if self.torch == "old":
            msg = (
                f"[Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, "
                f"OpType={op}, Timeout(ms)={timeout_ms}) ran for {ran} milliseconds before timing out."
            )
            return [
                f"{pre}[E ProcessGroupNCCL.cpp:828] {msg}",
                f"{pre}[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
                f"{pre}[E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down.",
                f"{pre}terminate called after throwing an instance of 'std::runtime_error'",
                f"{pre}  what():  {msg}",
            ]
        g = lambda src: glog(dt, "E", src, nanos=True)  # noqa: E731
        msg = (
            f"[Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, "
            f"NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms}) ran for {ran} milliseconds before timing out."
        )
        out = [
            f"{pre}[{g('ProcessGroupNCCL.cpp:632')} {msg}",
            f"{pre}[{g('ProcessGroupNCCL.cpp:2271')} [PG ID 0 PG GUID 0(default_pg) Rank {rank}] failure detected by watchdog at work sequence id: {seq} PG status: last enqueued work: {seq}, last completed work: {last_done}",
        ]
        if fr:
            out.append(
                f"{pre}[{g('ProcessGroupNCCL.cpp:1664')} [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: {seq}, last completed NCCL work: {last_done}.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. "
            )
            out.append(
                f"{pre}[{g('ProcessGroupNCCL.cpp:1385')} [PG ID 0 PG GUID 0(default_pg) Rank {rank}] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1"
            )
        else:
            out.append(
                f"{pre}[{g('ProcessGroupNCCL.cpp:670')} Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value."
            )
        out += [
            f"{pre}[{g('ProcessGroupNCCL.cpp:684')} [Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
            f"{pre}[{g('ProcessGroupNCCL.cpp:690')} [Rank {rank}] To avoid data inconsistency, we are taking the entire process down.",
            f"{pre}terminate called after throwing an instance of 'c10::DistBackendError'",
            f"{pre}  what():  [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with exception: {msg}",
            f"{pre}Exception raised from checkTimeout at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:635 (most recent call first):",
            f"{pre}frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3a1c96c446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
            f"{pre}frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x282 (0x7f3a1dc4c772 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
            f"{pre}frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3a1dc53bb3 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
            f"{pre}frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3a1dc5561d in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
            f"{pre}frame #4: <unknown function> + 0x145c0 (0x7f3a6a3b85c0 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch.so)",
            f"{pre}frame #5: <unknown function> + 0x94ac3 (0x7f3a6bd8cac3 in /lib/x86_64-linux-gnu/libc.so.6)",
            f"{pre}frame #6: <unknown function> + 0x126850 (0x7f3a6be1e850 in /lib/x86_64-linux-gnu/libc.so.6)",
            f"{pre}",
        ]
        return out

    def nccl_remote_error(self, rank: int, detail: str, src_line: int = 1970) -> list[str]:
        pre = self.p(rank)
        return [
            f"{pre}Traceback (most recent call last):",
            f'{pre}  File "/workspace/train.py", line 412, in <module>',
            f"{pre}    main()",
            f'{pre}  File "/workspace/train.py", line 377, in main',
            f"{pre}    loss = train_step(model, batch, optimizer)",
            f'{pre}  File "/workspace/train.py", line 231, in train_step',
            f"{pre}    dist.all_reduce(grad_norm_sq, group=dp_group)",
            f'{pre}  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", line 83, in wrapper',
            f"{pre}    return func(*args, **kwargs)",
            f'{pre}  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 2501, in all_reduce',
            f"{pre}    work = group.allreduce([tensor], opts)",
            f"{pre}torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:{src_line}, remote process exited or there was a network error, NCCL version {self.nccl}",
            f"{pre}ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
            f"{pre}Last error:",
            f"{pre}{detail}",
        ]

    def agent_summary(
        self,
        node: int,
        dt: datetime,
        failures: list[tuple[int, int, str]],
        script: str = "train.py",
    ) -> list[str]:
        """failures: (rank, exitcode, traceback text)."""
        host = self.hosts[node]
        apid = 1000 + node
        if self.torch == "old":
            out = []
            for r, code, _ in failures[:1]:
                out.append(
                    f"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: {code}) local_rank: {r % self.gpus} (pid: {self.pids[r]}) of binary: /opt/conda/bin/python"
                )
        else:
            r0, c0, _ = failures[0]
            out = [
                f"{glog(dt, 'E', 'torch/distributed/elastic/multiprocessing/api.py:869', apid)} failed (exitcode: {c0}) local_rank: {r0 % self.gpus} (pid: {self.pids[r0]}) of binary: /usr/bin/python"
            ]
        out += [
            "Traceback (most recent call last):",
            '  File "/usr/local/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
            "    return f(*args, **kwargs)",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main',
            "    run(args)",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 263, in launch_agent',
            "    raise ChildFailedError(",
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
            "============================================================",
            f"{script} FAILED",
            "------------------------------------------------------------",
            "Failures:",
        ]
        rest = failures[1:]
        if not rest:
            out.append("  <NO_OTHER_FAILURES>")
        for i, (r, code, tb) in enumerate(rest, 1):
            out += self._failure_block(i, host, dt, r, code, tb)
        out += [
            "------------------------------------------------------------",
            "Root Cause (first observed failure):",
        ]
        r, code, tb = failures[0]
        out += self._failure_block(0, host, dt, r, code, tb)
        out.append("============================================================")
        return out

    def _failure_block(
        self, i: int, host: str, dt: datetime, r: int, code: int | str, tb: str
    ) -> list[str]:
        return [
            f"[{i}]:",
            f"  time      : {dt:%Y-%m-%d_%H:%M:%S}",
            f"  host      : {host}",
            f"  rank      : {r} (local_rank: {r % self.gpus})",
            f"  exitcode  : {code} (pid: {self.pids[r]})",
            "  error_file: <N/A>",
            f"  traceback : {tb}",
        ]

    def sigterm(self, node: int, dt: datetime, lrs: Iterable[int]) -> list[str]:
        out = []
        for lr in lrs:
            r = self.rank(node, lr)
            if self.torch == "old":
                out.append(
                    f"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {self.pids[r]} closing signal SIGTERM"
                )
            else:
                out.append(
                    f"{glog(dt, 'W', 'torch/distributed/elastic/multiprocessing/api.py:897', 1000 + node)} Sending process {self.pids[r]} closing signal SIGTERM"
                )
        return out


# ----------------------------------------------------------------------------- progress lines


def megatron_iters(
    t0: datetime,
    start: int,
    n: int,
    every: int,
    ms: float,
    rng: random.Random,
    total: int = 250000,
    loss: float = 2.41,
    gbs: int = 1024,
    jitter: float = 0.01,
    lr: float = 2.4e-4,
) -> tuple[list[str], datetime]:
    out = []
    t = t0
    for k in range(n):
        it = start + k * every
        dt_ms = ms * (1 + rng.uniform(-jitter, jitter))
        t += timedelta(milliseconds=dt_ms * every)
        loss_k = loss - 0.0004 * k + rng.uniform(-0.02, 0.02)
        out.append(
            f" [{t:%Y-%m-%d %H:%M:%S}] iteration {it:>8d}/{total:>8d} | consumed samples: {it * gbs:>12d} | "
            f"elapsed time per iteration (ms): {dt_ms:.1f} | learning rate: {lr:.6E} | global batch size: {gbs:>5d} | "
            f"lm loss: {loss_k:.6E} | loss scale: 1.0 | grad norm: {0.21 + rng.uniform(0, 0.05):.3f} | "
            f"number of skipped iterations:   0 | number of nan iterations:   0 |"
        )
    return out, t


def titan_steps(
    t0: datetime,
    start: int,
    n: int,
    every: int,
    sec: float,
    rng: random.Random,
    pre: str = "[rank0]:",
    loss: float = 3.9,
    tps: int = 3150,
    mem: float = 61.2,
) -> tuple[list[str], datetime]:
    out = []
    t = t0
    for k in range(n):
        step = start + k * every
        t += timedelta(seconds=sec * every * (1 + rng.uniform(-0.01, 0.01)))
        tp = int(tps * (1 + rng.uniform(-0.015, 0.015)))
        out.append(
            f"{pre}[titan] {t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d} - root - INFO - step: {step:>5d}  "
            f"loss: {loss - 0.002 * k + rng.uniform(-0.03, 0.03):7.4f}  memory: {mem:5.2f}GiB({mem / 79.1 * 100:.2f}%)  "
            f"tps: {tp:,}  tflops: {tp * 0.0565:.2f}  mfu: {tp * 0.0565 / 9.89:.2f}%"
        )
    return out, t


def hf_logs(rng: random.Random, start_epoch: float, n: int, loss: float = 1.42) -> list[str]:
    out = []
    for k in range(n):
        out.append(
            f"{{'loss': {loss - 0.003 * k + rng.uniform(-0.02, 0.02):.4f}, 'grad_norm': {0.4 + rng.uniform(0, 0.3):.4f}, "
            f"'learning_rate': {1.9e-5 - k * 1e-8:.4e}, 'epoch': {start_epoch + 0.01 * k:.2f}}}"
        )
    return out


def pytb(pre: str, frames: list[tuple[str, int, str, str]], exc: str) -> list[str]:
    out = [f"{pre}Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(f'{pre}  File "{f}", line {ln}, in {fn}')
        if code:
            out.append(f"{pre}    {code}")
    out += [f"{pre}{e}" for e in exc.split("\n")]
    return out


def cuda_err_tail(pre: str) -> list[str]:
    return [
        f"{pre}CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        f"{pre}For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        f"{pre}Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    ]


def nvsmi_q(
    host: str,
    dt: datetime,
    gpus: int = 8,
    model: str = "NVIDIA H100 80GB HBM3",
    driver: str = "535.161.08",
    overrides: dict[int, dict[str, str]] | None = None,
    mem_mib: int = 81559,
) -> list[str]:
    """A trimmed ``nvidia-smi -q`` with per-GPU overridable fields."""
    overrides = overrides or {}
    bus = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]
    out = [
        "",
        "==============NVSMI LOG==============",
        "",
        f"Timestamp                                 : {DOW[dt.weekday()]} {MON[dt.month - 1]} {dt.day} {dt:%H:%M:%S} {dt.year}",
        f"Driver Version                            : {driver}",
        "CUDA Version                              : 12.2",
        "",
        f"Attached GPUs                             : {gpus}",
    ]
    for i in range(gpus):
        o = {
            "mig": "Disabled",
            "used": "1 MiB",
            "util": "0 %",
            "temp": "34 C",
            "sbe_vol": "0",
            "dbe_vol": "0",
            "sbe_agg": "0",
            "dbe_agg": "0",
            "remap_corr": "0",
            "remap_unc": "0",
            "remap_pending": "No",
            "remap_fail": "No",
            "hw_slow": "Not Active",
            "hw_thermal": "Not Active",
            "sw_thermal": "Not Active",
            "power": "71.23 W",
            "sm_clock": "345 MHz",
            "link_width": "16x",
            "pstate": "P0",
            "retired": "No",
        }
        o.update(overrides.get(i, {}))
        out += [
            f"GPU 00000000:{bus[i % 8]}:00.0",
            f"    Product Name                          : {model}",
            "    Product Brand                         : NVIDIA",
            "    Persistence Mode                      : Enabled",
            "    MIG Mode",
            f"        Current                           : {o['mig']}",
            f"        Pending                           : {o['mig']}",
            f"    Serial Number                         : 165{(sum(host.encode()) * 7919) % 10**9:09d}{i}",
            f"    GPU UUID                              : GPU-{i:x}3f0a9c2-7d1e-4b55-9a0c-{host.encode().hex()[:12]:0>12}",
            "    PCI",
            f"        Bus                               : 0x{bus[i % 8]}",
            "        GPU Link Info",
            "            PCIe Generation",
            "                Max                       : 5",
            "                Current                   : 5",
            "            Link Width",
            "                Max                       : 16x",
            f"                Current                   : {o['link_width']}",
            f"    Performance State                     : {o['pstate']}",
            "    Clocks Event Reasons",
            "        Idle                              : Not Active",
            "        Applications Clocks Setting       : Not Active",
            "        SW Power Cap                      : Not Active",
            f"        HW Slowdown                       : {o['hw_slow']}",
            f"            HW Thermal Slowdown           : {o['hw_thermal']}",
            "            HW Power Brake Slowdown       : Not Active",
            "        Sync Boost                        : Not Active",
            f"        SW Thermal Slowdown               : {o['sw_thermal']}",
            "    FB Memory Usage",
            f"        Total                             : {mem_mib} MiB",
            f"        Used                              : {o['used']}",
            "    Utilization",
            f"        Gpu                               : {o['util']}",
            "    ECC Errors",
            "        Volatile",
            f"            SRAM Correctable              : {o['sbe_vol']}",
            f"            SRAM Uncorrectable            : {o['dbe_vol']}",
            f"            DRAM Correctable              : {o['sbe_vol']}",
            f"            DRAM Uncorrectable            : {o['dbe_vol']}",
            "        Aggregate",
            f"            SRAM Correctable              : {o['sbe_agg']}",
            f"            SRAM Uncorrectable            : {o['dbe_agg']}",
            f"            DRAM Correctable              : {o['sbe_agg']}",
            f"            DRAM Uncorrectable            : {o['dbe_agg']}",
            "    Retired Pages",
            f"        Pending Page Blacklist            : {o['retired']}",
            "    Remapped Rows",
            f"        Correctable Error                 : {o['remap_corr']}",
            f"        Uncorrectable Error               : {o['remap_unc']}",
            f"        Pending                           : {o['remap_pending']}",
            f"        Remapping Failure Occurred        : {o['remap_fail']}",
            "    Temperature",
            f"        GPU Current Temp                  : {o['temp']}",
            "        GPU T.Limit Temp                  : 45 C",
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 89 C",
            "    GPU Power Readings",
            f"        Power Draw                        : {o['power']}",
            "        Current Power Limit               : 700.00 W",
            "    Clocks",
            f"        SM                                : {o['sm_clock']}",
            "    Max Clocks",
            "        SM                                : 1980 MHz",
            "",
        ]
    return out


def hosts_file(hosts: list[str], ips: list[str], domain: str = "cluster.local") -> list[str]:
    out = ["127.0.0.1\tlocalhost", "::1\tlocalhost ip6-localhost ip6-loopback", ""]
    for h, ip in zip(hosts, ips, strict=True):
        out.append(f"{ip}\t{h}.{domain}\t{h}")
    return out
