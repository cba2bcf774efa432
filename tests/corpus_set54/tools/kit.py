"""Shared helpers for corpus set 54 (prefix ay): time formats, log line builders,
kubectl renderers and a small Case container.  Stdlib only, deterministic."""

from __future__ import annotations

import hashlib
import random
import zlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

UTC = timezone.utc
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
WDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

PY = "/usr/local/lib/python3.10/dist-packages"


# --------------------------------------------------------------------------- case
@dataclass
class Case:
    name: str
    label: dict
    files: dict = field(default_factory=dict)
    topology: dict | None = None

    def add(self, path: str, text) -> None:
        if isinstance(text, (list, tuple)):
            text = "\n".join(text)
        if not text.endswith("\n"):
            text += "\n"
        if path in self.files:
            raise ValueError(f"{self.name}: duplicate file {path}")
        self.files[path] = text


def rng_for(name: str) -> random.Random:
    return random.Random(zlib.crc32(name.encode()) ^ 0x5417)


def label(category, layer, node, rank, action, rationale, url):
    culprit = None if node is None else {"node": node, "rank": rank}
    return {"category": category, "layer": layer, "culprit": culprit, "action": action,
            "rationale": rationale, "modelled_on": url}


# --------------------------------------------------------------------------- time
def T(s: str) -> datetime:
    """'2024-09-17 03:22:10.123' (UTC) -> aware datetime."""
    fmt = "%Y-%m-%d %H:%M:%S.%f" if "." in s else "%Y-%m-%d %H:%M:%S"
    return datetime.strptime(s, fmt).replace(tzinfo=UTC)


def iso_z(dt: datetime) -> str:
    """kubectl logs --timestamps style (RFC3339Nano, UTC)."""
    d = dt.astimezone(UTC)
    return d.strftime("%Y-%m-%dT%H:%M:%S.") + f"{d.microsecond:06d}{(d.microsecond * 7) % 1000:03d}Z"


def iso_ms(dt: datetime) -> str:
    d = dt.astimezone(UTC)
    return d.strftime("%Y-%m-%dT%H:%M:%S.") + f"{d.microsecond // 1000:03d}Z"


def iso_s(dt: datetime) -> str:
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def journal(dt: datetime, host: str, unit: str, tz_hours: int = 0) -> str:
    """journalctl -o short-iso-precise prefix, optionally in a non-UTC zone."""
    tz = timezone(timedelta(hours=tz_hours))
    d = dt.astimezone(tz)
    off = d.strftime("%z")
    return d.strftime("%Y-%m-%dT%H:%M:%S.") + f"{d.microsecond:06d}{off} {host} {unit}: "


def syslog(dt: datetime, host: str, unit: str, tz_hours: int = 0) -> str:
    d = dt.astimezone(timezone(timedelta(hours=tz_hours)))
    return f"{MONTHS[d.month - 1]} {d.day:2d} {d.strftime('%H:%M:%S')} {host} {unit}: "


def dmesg_T(dt: datetime, tz_hours: int = 0) -> str:
    d = dt.astimezone(timezone(timedelta(hours=tz_hours)))
    return f"[{WDAYS[d.weekday()]} {MONTHS[d.month - 1]} {d.day:2d} {d.strftime('%H:%M:%S')} {d.year}] "


def dmesg_raw(dt: datetime, boot: datetime) -> str:
    up = (dt - boot).total_seconds()
    return f"[{up:12.6f}] "


def klog(dt: datetime, lvl: str, pid: int, src: str) -> str:
    d = dt.astimezone(UTC)
    return f"{lvl}{d.strftime('%m%d %H:%M:%S.')}{d.microsecond:06d} {pid:>7d} {src}] "


def torch_c(dt: datetime, lvl: str, src: str, rank: int | None = None) -> str:
    """[rankN]:[E917 03:32:10.663521830 ProcessGroupNCCL.cpp:607] prefix."""
    d = dt.astimezone(UTC)
    core = f"[{lvl}{d.month}{d.day:02d} {d.strftime('%H:%M:%S')}.{d.microsecond:06d}{(d.microsecond * 13) % 1000:03d} {src}] "
    return (f"[rank{rank}]:" if rank is not None else "") + core


def torch_py(dt: datetime, lvl: str, pid: int, src: str) -> str:
    """torch.distributed.elastic python logging (glog-like)."""
    d = dt.astimezone(UTC)
    return f"{lvl}{d.strftime('%m%d %H:%M:%S.')}{d.microsecond:06d} {pid} {src}] "


def pylog(dt: datetime, name: str = "train", lvl: str = "INFO", tz_hours: int = 0) -> str:
    d = dt.astimezone(timezone(timedelta(hours=tz_hours)))
    return f"[{d.strftime('%Y-%m-%d %H:%M:%S')},{d.microsecond // 1000:03d}][{name}][{lvl}] "


def epoch(dt: datetime) -> str:
    return f"{dt.timestamp():.6f}"


def age(delta: timedelta) -> str:
    s = int(delta.total_seconds())
    if s < 120:
        return f"{s}s"
    m = s // 60
    if m < 60:
        return f"{m}m{s % 60}s" if m < 10 else f"{m}m"
    h = m // 60
    if h < 48:
        return f"{h}h{m % 60}m" if h < 10 else f"{h}h"
    return f"{h // 24}d{h % 24}h"


def rfc1123(dt: datetime) -> str:
    d = dt.astimezone(UTC)
    return f"{WDAYS[d.weekday()]}, {d.day:02d} {MONTHS[d.month - 1]} {d.year} {d.strftime('%H:%M:%S')} +0000"


# --------------------------------------------------------------------------- timed log
class TLog:
    """Collect (datetime, line) pairs and render sorted; lines at the same instant keep
    insertion order."""

    def __init__(self):
        self._rows = []
        self._n = 0

    def add(self, dt: datetime, *lines: str) -> None:
        for ln in lines:
            for sub in ln.split("\n"):
                self._rows.append((dt, self._n, sub))
                self._n += 1

    def extend(self, dt: datetime, lines) -> None:
        self.add(dt, *lines)

    def render(self, fmt=None) -> str:
        out = []
        for dt, _, ln in sorted(self._rows, key=lambda r: (r[0], r[1])):
            out.append((fmt(dt) if fmt else "") + ln)
        return "\n".join(out) + "\n"

    def kube(self) -> str:
        return self.render(lambda d: iso_z(d) + " ")


# --------------------------------------------------------------------------- NCCL / torch
def nccl(host: str, pid: int, tid: int, dev: int, msg: str, lvl: str = "INFO") -> str:
    if f" NCCL {lvl} " in msg:      # message already carries "file:line NCCL WARN ..."
        return f"{host}:{pid}:{tid} [{dev}] {msg}"
    if lvl == "WARN":               # NCCL prints the source location on WARN lines
        src = "init.cc:1412"
        for key, loc in (("Cuda failure", "enqueue.cc:1570"), ("Got async event", "transport/net_ib.cc:121"),
                         ("NET/IB", "transport/net_ib.cc:1696"), ("NET/OFI", "nccl_net_ofi_rdma.c:1561"),
                         ("NET/FasTrak", "net_fastrak.cc:388"), ("Error: network", "net.cc:823"),
                         ("socket", "misc/socket.cc:49")):
            if key in msg:
                src = loc
                break
        return f"{host}:{pid}:{tid} [{dev}] {src} NCCL WARN {msg}"
    return f"{host}:{pid}:{tid} [{dev}] NCCL {lvl} {msg}"


def nccl_init(host, pid, dev, rank, nranks, version="2.21.5+cuda12.4", net="IB",
              ifname="eth0", ip="10.0.0.1", cuda_drv=12040, busid="1b000", extra=()):
    tid = pid + 61
    L = []
    if rank == 0:
        L.append(f"NCCL version {version}")
    L += [
        nccl(host, pid, pid, dev, f"cudaDriverVersion {cuda_drv}"),
        nccl(host, pid, pid, dev, f"Bootstrap : Using {ifname}:{ip}<0>"),
    ]
    if net == "IB":
        L += [nccl(host, pid, tid, dev, "NET/Plugin: No plugin found (libnccl-net.so)"),
              nccl(host, pid, tid, dev, "NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so"),
              nccl(host, pid, tid, dev, f"NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_7:1/IB [RO]; OOB {ifname}:{ip}<0>"),
              nccl(host, pid, tid, dev, "Using network IB")]
    elif net == "OFI":
        L += [nccl(host, pid, tid, dev, "NET/OFI Initializing aws-ofi-nccl 1.9.1-aws"),
              nccl(host, pid, tid, dev, "NET/OFI Using Libfabric version 1.21"),
              nccl(host, pid, tid, dev, "NET/OFI Using CUDA driver version 12040 with runtime 12040"),
              nccl(host, pid, tid, dev, "NET/OFI Configuring AWS-specific options"),
              nccl(host, pid, tid, dev, "NET/OFI Setting provider_filter to efa"),
              nccl(host, pid, tid, dev, "NET/OFI Running on p5.48xlarge platform, Setting NCCL_TOPO_FILE environment variable to /opt/amazon/ofi-nccl/share/aws-ofi-nccl/xml/p5.48xl-topo.xml"),
              nccl(host, pid, tid, dev, "NET/OFI Selected Provider is efa (found 32 nics)"),
              nccl(host, pid, tid, dev, "Using network Libfabric")]
    elif net == "TCPX":
        L += [nccl(host, pid, tid, dev, "NET/GPUDirectTCPX ver. 3.1.8."),
              nccl(host, pid, tid, dev, "NET/GPUDirectTCPX : GPUDirectTCPX enable: 1"),
              nccl(host, pid, tid, dev, "NET/GPUDirectTCPX : Using [0]eth1:192.168.1.0 [1]eth2:192.168.2.0 [2]eth3:192.168.3.0 [3]eth4:192.168.4.0"),
              nccl(host, pid, tid, dev, "Using network GPUDirectTCPX_v7")]
    else:
        L += [nccl(host, pid, tid, dev, f"NET/Socket : Using [0]{ifname}:{ip}<0>"),
              nccl(host, pid, tid, dev, "Using network Socket")]
    L += list(extra)
    L += [nccl(host, pid, tid, dev, f"comm 0x{(pid * 977) & 0xffffffff:08x} rank {rank} nRanks {nranks} nNodes {max(1, nranks // 8)} localRanks 8 localRank {rank % 8} MNNVL 0"),
          nccl(host, pid, tid, dev, f"ncclCommInitRank comm 0x{(pid * 977) & 0xffffffff:08x} rank {rank} nranks {nranks} cudaDev {dev} nvmlDev {dev} busId {busid} commId 0x5e1c2f7a9b3d4e01 - Init COMPLETE")]
    return L


def channel_flood(host, pid, dev, rank, nranks, nch=32, via="P2P/CUMEM/read"):
    tid = pid + 61
    L = []
    nxt = (rank + 1) % nranks
    for c in range(nch):
        if (rank % 8) == 7:
            L.append(nccl(host, pid, tid, dev, f"Channel {c:02d}/0 : {rank}[{dev}] -> {nxt}[{nxt % 8}] [send] via NET/IB/{dev}/GDRDMA"))
        else:
            L.append(nccl(host, pid, tid, dev, f"Channel {c:02d}/0 : {rank}[{dev}] -> {nxt}[{nxt % 8}] via {via}"))
    return L


def watchdog_timeout(dt, rank, seq, op="ALLREDUCE", numel=16777216, timeout_ms=600000,
                     last_enq=None, last_done=None, ran_ms=None, pg="0 (default_pg)",
                     tail=True):
    last_enq = seq if last_enq is None else last_enq
    last_done = seq - 1 if last_done is None else last_done
    ran_ms = timeout_ms + 23 + (rank * 7) % 90 if ran_ms is None else ran_ms
    work = (f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, "
            f"Timeout(ms)={timeout_ms})")
    L = [
        torch_c(dt, "E", "ProcessGroupNCCL.cpp:616", rank) +
        f"[Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran_ms} milliseconds before timing out.",
        torch_c(dt, "E", "ProcessGroupNCCL.cpp:1785", rank) +
        f"[PG {pg} Rank {rank}] Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_done}.",
        torch_c(dt, "E", "ProcessGroupNCCL.cpp:1834", rank) +
        f"[PG {pg} Rank {rank}] Timeout at NCCL work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_done}.",
        torch_c(dt, "E", "ProcessGroupNCCL.cpp:630", rank) +
        f"[Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        torch_c(dt, "E", "ProcessGroupNCCL.cpp:636", rank) +
        f"[Rank {rank}] To avoid data inconsistency, we are taking the entire process down.",
    ]
    if tail:
        L += [
            torch_c(dt + timedelta(milliseconds=4), "E", "ProcessGroupNCCL.cpp:1595", rank) +
            f"[PG {pg} Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran_ms} milliseconds before timing out.",
            "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
            f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3b2c8e5446 in {PY}/torch/lib/libc10.so)",
            f"frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f3ad9e1a772 in {PY}/torch/lib/libtorch_cuda.so)",
            f"frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3ad9e21bb3 in {PY}/torch/lib/libtorch_cuda.so)",
            f"frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3ad9e235bd in {PY}/torch/lib/libtorch_cuda.so)",
            "frame #4: <unknown function> + 0xdc253 (0x7f3b2c4b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
            "frame #5: <unknown function> + 0x94ac3 (0x7f3b2e6a1ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
            "frame #6: <unknown function> + 0x126850 (0x7f3b2e733850 in /lib/x86_64-linux-gnu/libc.so.6)",
            "",
            "terminate called after throwing an instance of 'c10::DistBackendError'",
            f"  what():  [PG {pg} Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran_ms} milliseconds before timing out.",
        ]
    return L


def nccl_async_error(dt, rank, reason, version="2.21.5", pg="0 (default_pg)"):
    return [
        torch_c(dt, "E", "ProcessGroupNCCL.cpp:1595", rank) +
        f"[PG {pg} Rank {rank}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version {version}",
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        reason,
        "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f1c0e2b9446 in {PY}/torch/lib/libc10.so)",
        f"frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 (0x7f1bbb81a3d0 in {PY}/torch/lib/libtorch_cuda.so)",
        f"frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (0x7f1bbb81a61c in {PY}/torch/lib/libtorch_cuda.so)",
        f"frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 (0x7f1bbb821b93 in {PY}/torch/lib/libtorch_cuda.so)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [PG {pg} Rank {rank}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version {version}",
    ]


def sigterm_child(dt, pid_agent, pids):
    L = []
    for p in pids:
        L.append(torch_py(dt, "W", pid_agent, "torch/distributed/elastic/multiprocessing/api.py:897") +
                 f"Sending process {p} closing signal SIGTERM")
    return L


def child_failed(dt, host, script, failures, pid_agent, root_idx=0):
    """failures: list of (rank, local_rank, exitcode, pid, traceback_text)."""
    r = failures[root_idx]
    L = [torch_py(dt, "E", pid_agent, "torch/distributed/elastic/multiprocessing/api.py:869") +
         f"failed (exitcode: {r[2]}) local_rank: {r[1]} (pid: {r[3]}) of binary: /usr/bin/python3",
         "Traceback (most recent call last):",
         '  File "/usr/local/bin/torchrun", line 8, in <module>',
         "    sys.exit(main())",
         f'  File "{PY}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
         "    return f(*args, **kwargs)",
         f'  File "{PY}/torch/distributed/run.py", line 919, in main',
         "    run(args)",
         f'  File "{PY}/torch/distributed/run.py", line 910, in run',
         "    elastic_launch(",
         f'  File "{PY}/torch/distributed/launcher/api.py", line 138, in __call__',
         "    return launch_agent(self._config, self._entrypoint, list(args))",
         f'  File "{PY}/torch/distributed/launcher/api.py", line 269, in launch_agent',
         "    raise ChildFailedError(",
         "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
         "============================================================",
         f"{script} FAILED",
         "------------------------------------------------------------",
         "Failures:"]
    others = [f for i, f in enumerate(failures) if i != root_idx]
    if not others:
        L.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others, 1):
        L += [f"[{i}]:",
              f"  time      : {dt.strftime('%Y-%m-%d_%H:%M:%S')}",
              f"  host      : {host}",
              f"  rank      : {f[0]} (local_rank: {f[1]})",
              f"  exitcode  : {f[2]} (pid: {f[3]})",
              "  error_file: <N/A>",
              f"  traceback : {f[4]}"]
    L += ["------------------------------------------------------------",
          "Root Cause (first observed failure):",
          "[0]:",
          f"  time      : {dt.strftime('%Y-%m-%d_%H:%M:%S')}",
          f"  host      : {host}",
          f"  rank      : {r[0]} (local_rank: {r[1]})",
          f"  exitcode  : {r[2]} (pid: {r[3]})",
          "  error_file: <N/A>",
          f"  traceback : {r[4]}",
          "============================================================"]
    return L


def torchrun_banner(dt, pid_agent, nnodes, nproc, rdzv, run_id, script="train.py", backend="c10d",
                    max_restarts=0):
    return [
        torch_py(dt, "I", pid_agent, "torch/distributed/launcher/api.py:188") + "Starting elastic_operator with launch configs:",
        f"  entrypoint       : {script}",
        f"  min_nodes        : {nnodes}",
        f"  max_nodes        : {nnodes}",
        f"  nproc_per_node   : {nproc}",
        f"  run_id           : {run_id}",
        f"  rdzv_backend     : {backend}",
        f"  rdzv_endpoint    : {rdzv}",
        "  rdzv_configs     : {'timeout': 900}",
        f"  max_restarts     : {max_restarts}",
        "  monitor_interval : 0.1",
        "  log_dir          : /tmp/torchelastic_8f2k1c0q",
        "  metrics_cfg      : {}",
        "",
    ]


def rdzv_complete(dt, pid_agent, run_id, nnodes, node_rank, master, host=None, port=29500):
    """Returns [(datetime, line), ...] for the agent's rendezvous phase."""
    host = host or master
    t1, t2 = dt + timedelta(seconds=2), dt + timedelta(seconds=3)
    out = [(dt, torch_py(dt, "I", pid_agent, "torch/distributed/elastic/agent/server/api.py:879") +
            "[default] starting workers for entrypoint: python3"),
           (dt, torch_py(dt, "I", pid_agent, "torch/distributed/elastic/agent/server/api.py:689") +
            "[default] Rendezvous'ing worker group"),
           (t1, torch_py(t1, "I", pid_agent, "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1156") +
            f"The node '{host}_{pid_agent}_0' has joined round 0 of the c10d rendezvous '{run_id}' as rank {node_rank} in a world of size {nnodes}."),
           (t2, torch_py(t2, "I", pid_agent, "torch/distributed/elastic/agent/server/api.py:525") +
            "[default] Rendezvous complete for workers. Result:")]
    for ln in ["  restart_count=0", f"  master_addr={master}", f"  master_port={port}", f"  group_rank={node_rank}",
               f"  group_world_size={nnodes}", "  local_ranks=[0, 1, 2, 3, 4, 5, 6, 7]",
               f"  role_ranks=[{', '.join(str(node_rank * 8 + i) for i in range(8))}]",
               f"  global_ranks=[{', '.join(str(node_rank * 8 + i) for i in range(8))}]",
               f"  role_world_sizes=[{', '.join(str(nnodes * 8) for _ in range(8))}]",
               f"  global_world_sizes=[{', '.join(str(nnodes * 8) for _ in range(8))}]", ""]:
        out.append((t2, ln))
    return out


def step_line(dt, step, loss, lr, tput, tz=0, extra=""):
    return pylog(dt, "train", "INFO", tz) + (f"step {step:>6d} | loss {loss:.4f} | lr {lr:.3e} | "
                                             f"tok/s {tput:,.0f}{extra}")


# --------------------------------------------------------------------------- kubectl renderers
def events_table(rows, now: datetime, namespace_col=False):
    """rows: (last_seen_dt, type, reason, object, message[, count, first_dt])."""
    hdr = ("NAMESPACE   " if namespace_col else "") + "LAST SEEN   TYPE      REASON                    OBJECT                                          MESSAGE"
    out = [hdr]
    for r in sorted(rows, key=lambda x: x[0]):
        dt, typ, reason, obj, msg = r[:5]
        ns = (r[5] if len(r) > 5 else "default") if namespace_col else None
        a = age(now - dt)
        line = (f"{ns:<12}" if ns else "") + f"{a:<12}{typ:<10}{reason:<26}{obj:<48}{msg}"
        out.append(line)
    return "\n".join(out)


def describe_pod(name, ns, node, node_ip, pod_ip, start, labels, image, image_id, cmd,
                 state, last_state=None, restarts=0, ready="False", limits=None,
                 env=(), events=(), now=None, status="Running", reason=None, message=None,
                 controlled_by="PyTorchJob/unknown", container="pytorch", conditions=None,
                 extra_containers=(), annotations=(), tolerations=None, qos="Burstable"):
    limits = limits or {"cpu": "96", "memory": "1000Gi", "nvidia.com/gpu": "8"}
    L = [f"Name:             {name}",
         f"Namespace:        {ns}",
         "Priority:         0",
         "Service Account:  default",
         f"Node:             {node}/{node_ip}" if node else "Node:             <none>",
         f"Start Time:       {rfc1123(start)}"]
    lab = list(labels)
    L.append(f"Labels:           {lab[0]}")
    for x in lab[1:]:
        L.append(f"                  {x}")
    if annotations:
        L.append(f"Annotations:      {annotations[0]}")
        for x in annotations[1:]:
            L.append(f"                  {x}")
    else:
        L.append("Annotations:      <none>")
    L.append(f"Status:           {status}")
    if reason:
        L.append(f"Reason:           {reason}")
    if message:
        L.append(f"Message:          {message}")
    L += [f"IP:               {pod_ip}", "IPs:", f"  IP:           {pod_ip}",
          f"Controlled By:  {controlled_by}", "Containers:", f"  {container}:",
          f"    Container ID:  containerd://{hashlib.sha256((name + str(start)).encode()).hexdigest()}",
          f"    Image:         {image}",
          f"    Image ID:      {image_id}",
          "    Port:          23456/TCP",
          "    Host Port:     0/TCP",
          "    Command:"]
    for c in cmd:
        L.append(f"      {c}")
    L += [f"    State:          {state[0]}"] + [f"      {x}" for x in state[1:]]
    if last_state:
        L += [f"    Last State:     {last_state[0]}"] + [f"      {x}" for x in last_state[1:]]
    L += [f"    Ready:          {ready}", f"    Restart Count:  {restarts}", "    Limits:"]
    for k, v in limits.items():
        L.append(f"      {k}:{' ' * max(1, 16 - len(k))}{v}")
    L.append("    Requests:")
    for k, v in limits.items():
        L.append(f"      {k}:{' ' * max(1, 16 - len(k))}{v}")
    L.append("    Environment:")
    for k, v in env:
        L.append(f"      {k}:  {v}")
    L += ["    Mounts:", "      /dev/shm from dshm (rw)",
          "      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-7qk2x (ro)"]
    for ec in extra_containers:
        L += ec
    conditions = conditions or [("PodReadyToStartContainers", "True"), ("Initialized", "True"),
                                ("Ready", ready), ("ContainersReady", ready), ("PodScheduled", "True")]
    L += ["Conditions:", "  Type                        Status"]
    for t, s in conditions:
        L.append(f"  {t:<28}{s}")
    L += ["Volumes:", "  dshm:", "    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)",
          "    Medium:     Memory", "    SizeLimit:  256Gi",
          f"QoS Class:                   {qos}",
          "Node-Selectors:              <none>",
          "Tolerations:                 " + (tolerations or "nvidia.com/gpu:NoSchedule op=Exists"),
          "                             node.kubernetes.io/not-ready:NoExecute op=Exists for 300s",
          "                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s"]
    if events:
        L += ["Events:", "  Type     Reason     Age    From               Message",
              "  ----     ------     ----   ----               -------"]
        for e in events:
            dt, typ, rsn, frm, msg = e
            a = age(now - dt) if now else "-"
            L.append(f"  {typ:<8} {rsn:<10} {a:<6} {frm:<18} {msg}")
    else:
        L.append("Events:                      <none>")
    return "\n".join(L)


def get_pods(rows, wide=True):
    """rows: (name, ready, status, restarts, age, ip, node)."""
    hdr = f"{'NAME':<44}{'READY':<8}{'STATUS':<20}{'RESTARTS':<11}{'AGE':<8}"
    if wide:
        hdr += f"{'IP':<16}{'NODE':<48}NOMINATED NODE   READINESS GATES"
    out = [hdr]
    for r in rows:
        ln = f"{r[0]:<44}{r[1]:<8}{r[2]:<20}{str(r[3]):<11}{r[4]:<8}"
        if wide:
            ln += f"{r[5]:<16}{r[6]:<48}<none>           <none>"
        out.append(ln)
    return "\n".join(out)


def get_nodes(rows):
    """rows: (name, status, roles, age, version, internal_ip, os_image, kernel, runtime)."""
    out = [f"{'NAME':<48}{'STATUS':<22}{'ROLES':<9}{'AGE':<7}{'VERSION':<22}{'INTERNAL-IP':<15}{'EXTERNAL-IP':<13}{'OS-IMAGE':<36}{'KERNEL-VERSION':<28}CONTAINER-RUNTIME"]
    for r in rows:
        out.append(f"{r[0]:<48}{r[1]:<22}{r[2]:<9}{r[3]:<7}{r[4]:<22}{r[5]:<15}{'<none>':<13}{r[6]:<36}{r[7]:<28}{r[8]}")
    return "\n".join(out)


def node_conditions(rows):
    """rows: (type, status, hb_dt, tr_dt, reason, message)."""
    out = ["Conditions:",
           "  Type                 Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message",
           "  ----                 ------  -----------------                 ------------------                ------                       -------"]
    for t, s, hb, tr, rs, msg in rows:
        out.append(f"  {t:<21}{s:<8}{rfc1123(hb):<34}{rfc1123(tr):<34}{rs:<29}{msg}")
    return "\n".join(out)


def healthy_conditions(hb, tr):
    return [("MemoryPressure", "False", hb, tr, "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
            ("DiskPressure", "False", hb, tr, "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
            ("PIDPressure", "False", hb, tr, "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
            ("Ready", "True", hb, tr, "KubeletReady", "kubelet is posting ready status")]


# --------------------------------------------------------------------------- GPU tools
H100_BUS = ["0000:18:00.0", "0000:2a:00.0", "0000:3a:00.0", "0000:5d:00.0",
            "0000:9a:00.0", "0000:ab:00.0", "0000:ba:00.0", "0000:db:00.0"]
A3_BUS = ["0000:04:00.0", "0000:05:00.0", "0000:0a:00.0", "0000:0b:00.0",
          "0000:84:00.0", "0000:85:00.0", "0000:8a:00.0", "0000:8b:00.0"]
P5_BUS = ["0000:53:00.0", "0000:64:00.0", "0000:75:00.0", "0000:86:00.0",
          "0000:97:00.0", "0000:a8:00.0", "0000:b9:00.0", "0000:ca:00.0"]
ND_BUS = ["0001:00:00.0", "0002:00:00.0", "0003:00:00.0", "0008:00:00.0",
          "0009:00:00.0", "000a:00:00.0", "000b:00:00.0", "000c:00:00.0"]


def busid_of(bus: str) -> str:
    """'0001:00:00.0' -> '100000', '0000:18:00.0' -> '18000' (NCCL busId format)."""
    dom, b = bus.split(":")[0], bus.split(":")[1]
    return format((int(dom, 16) << 20) | (int(b, 16) << 12), "x")


def xid_bus(bus: str) -> str:
    """'0000:8a:00.0' -> 'PCI:0000:8a:00' as printed by NVRM."""
    return "PCI:" + bus.rsplit(".", 1)[0]


def nvidia_smi_table(dt, driver, cuda, rows, procs=()):
    """rows: (idx, bus, temp, perf, pwr, cap, mem_used, util, name)."""
    d = dt.astimezone(UTC)
    L = [f"{WDAYS[d.weekday()]} {MONTHS[d.month - 1]} {d.day:2d} {d.strftime('%H:%M:%S')} {d.year}",
         "+-----------------------------------------------------------------------------------------+",
         f"| NVIDIA-SMI {driver:<22}Driver Version: {driver:<15}CUDA Version: {cuda:<8}|",
         "|-----------------------------------------+------------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                        |               MIG M. |",
         "|=========================================+========================+======================|"]
    for idx, bus, temp, perf, pwr, cap, mem, util, name in rows:
        L.append(f"| {idx:>3}  {name:<20}           On  |   {bus[:16]:<16} Off |                    0 |")
        L.append(f"| N/A   {temp:>2}C    {perf:<3}          {pwr:>4}W / {cap:>4}W |  {mem:>6}MiB /  81559MiB |  {util:>5}%      Default |")
        L.append("|                                         |                        |             Disabled |")
        L.append("+-----------------------------------------+------------------------+----------------------+")
    L += ["", "+-----------------------------------------------------------------------------------------+",
          "| Processes:                                                                              |",
          "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
          "|        ID   ID                                                               Usage      |",
          "|=========================================================================================|"]
    if not procs:
        L.append("|  No running processes found                                                             |")
    for g, pid, name, mem in procs:
        L.append(f"|  {g:>3}   N/A  N/A  {pid:>9}      C   {name:<40}{mem:>7}MiB |")
    L.append("+-----------------------------------------------------------------------------------------+")
    return "\n".join(L)


def dcgmi_diag(version, results):
    """results: list of (section, [(name, result)])."""
    L = ["Successfully ran diagnostic for group.",
         "+---------------------------+------------------------------------------------+",
         "| Diagnostic                | Result                                         |",
         "+===========================+================================================+",
         "|-----  Metadata  ----------+------------------------------------------------|",
         f"| DCGM Version              | {version:<47}|",
         "| Driver Version Detected   | 550.90.07                                      |",
         "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |"]
    for sec, items in results:
        L.append(f"|-----  {sec + '  ':-<20}+------------------------------------------------|")
        for name, res in items:
            L.append(f"| {name:<26}| {res:<47}|")
    L.append("+---------------------------+------------------------------------------------+")
    return "\n".join(L)


# --------------------------------------------------------------------------- training pod
def train_pod(tl: TLog, host: str, node_rank: int, nnodes: int, t0: datetime, run_id: str,
              master: str, *, ip: str, net: str = "IB", nccl_ver: str = "2.21.5+cuda12.4",
              step0: int = 0, step_s: float = 2.0, t_end: datetime, loss0: float = 2.4,
              lr: float = 3e-4, tput: float = 380000.0, log_every: int = 50, rng=None,
              nccl_debug: bool = True, flood: int = 0, pid0: int = 200, busids=None,
              script: str = "train.py", nproc: int = 8, banner: bool = True,
              loss_fn=None, step_extra=None, prints_steps=None):
    """Append a healthy torchrun/NCCL/training prefix to tl. Returns dict with pids,
    agent pid and (last_step, last_step_dt)."""
    rng = rng or random.Random(node_rank)
    agent = pid0
    pids = [pid0 + 12 + i for i in range(nproc)]
    busids = busids or H100_BUS
    if banner:
        tl.extend(t0, torchrun_banner(t0, agent, nnodes, nproc, f"{master}:29500", run_id, script))
        w = torch_py(t0, "W", agent, "torch/distributed/run.py:793")
        tl.add(t0, w, w + "*****************************************",
               w + "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
               w + "*****************************************")
        for dt_, ln in rdzv_complete(t0 + timedelta(seconds=1), agent, run_id, nnodes, node_rank, master, host=host):
            tl.add(dt_, ln)
    ti = t0 + timedelta(seconds=18)
    if nccl_debug:
        for lr_ in range(nproc):
            g = node_rank * nproc + lr_
            tl.extend(ti + timedelta(milliseconds=37 * lr_),
                      nccl_init(host, pids[lr_], lr_, g, nnodes * nproc, version=nccl_ver, net=net, ip=ip,
                                busid=format((int(busids[lr_].split(":")[0], 16) << 20) | (int(busids[lr_].split(":")[1], 16) << 12), "x")))
        if flood:
            for rep in range(flood):
                for lr_ in range(nproc):
                    g = node_rank * nproc + lr_
                    tl.extend(ti + timedelta(seconds=1 + rep, milliseconds=11 * lr_),
                              channel_flood(host, pids[lr_], lr_, g, nnodes * nproc))
    prints = (node_rank == 0) if prints_steps is None else prints_steps
    t = t0 + timedelta(seconds=45)
    s = step0
    last = (s, t)
    while t < t_end:
        if prints and s % log_every == 0:
            if loss_fn:
                lv = loss_fn(s)
            else:
                lv = loss0 * (0.92 + 0.08 * 4000 / (4000 + s)) + rng.uniform(-0.02, 0.02)
            extra = step_extra(s) if step_extra else ""
            tl.add(t, step_line(t, s, lv, lr, tput * rng.uniform(0.985, 1.012), extra=extra))
        last = (s, t)
        s += 1
        t = t + timedelta(seconds=step_s * rng.uniform(0.995, 1.005))
    return {"agent": agent, "pids": pids, "last_step": last[0], "last_dt": last[1]}
