"""Shared helpers for corpus_set33: log-line formatters and a tiny bundle writer.

Standard library only. Everything is deterministic: callers pass fixed datetimes
and a seeded random.Random.
"""
import datetime as dt
import json
import os
import random

UTC = dt.timezone.utc


def tz(hours, minutes=0):
    return dt.timezone(dt.timedelta(hours=hours, minutes=minutes))


def T(y, mo, d, h, mi, s=0, us=0, zone=UTC):
    return dt.datetime(y, mo, d, h, mi, s, us, tzinfo=zone)


def plus(t, seconds):
    return t + dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- bundle
class Bundle:
    def __init__(self, root, name):
        self.name = name
        self.dir = os.path.join(root, name)
        self.files = {}

    def add(self, relpath, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text)
        if not text.endswith("\n"):
            text += "\n"
        self.files[relpath] = self.files.get(relpath, "") + text

    def label(self, category, layer, culprit_node, culprit_rank, action, rationale, modelled_on):
        culprit = None
        if culprit_node is not None:
            culprit = {"node": culprit_node, "rank": culprit_rank}
        self.lab = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def write(self):
        os.makedirs(self.dir, exist_ok=True)
        for rel, text in sorted(self.files.items()):
            p = os.path.join(self.dir, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        with open(os.path.join(self.dir, "label.json"), "w", encoding="utf-8") as f:
            json.dump(self.lab, f, indent=2)
            f.write("\n")
        if hasattr(self, "topology"):
            with open(os.path.join(self.dir, "topology.json"), "w", encoding="utf-8") as f:
                json.dump({"topology": self.topology}, f, indent=2)
                f.write("\n")


# ---------------------------------------------------------------- time formats
def glog_time(t, rng):
    """c10 / glog style 'MMDD HH:MM:SS.nnnnnnnnn' used by PyTorch >= 2.4."""
    us = t.microsecond if t.microsecond else rng.randint(1000, 998999)
    return "%s.%06d%03d" % (t.strftime("%m%d %H:%M:%S"), us, rng.randint(0, 999))


def py_logging_time(t):
    """'2024-10-15 14:22:31,123' (python logging asctime)."""
    return "%s,%03d" % (t.strftime("%Y-%m-%d %H:%M:%S"), t.microsecond // 1000)


def iso_z(t):
    t = t.astimezone(UTC)
    return "%s.%06d%03dZ" % (t.strftime("%Y-%m-%dT%H:%M:%S"), t.microsecond, 0)


def dmesg_T(t):
    """dmesg -T: '[Tue Oct 15 14:22:31 2024]' in node-local time."""
    return t.strftime("[%a %b %e %H:%M:%S %Y]")


def dmesg_raw(uptime_s):
    return "[%12.6f]" % uptime_s


def journal_short(t, host):
    return "%s %s" % (t.strftime("%b %e %H:%M:%S"), host)


def journal_iso(t, host):
    return "%s %s" % (t.strftime("%Y-%m-%dT%H:%M:%S%z"), host)


def torchrun_time(t):
    return t.strftime("%Y-%m-%d_%H:%M:%S")


# ---------------------------------------------------------------- PyTorch c10d lines
def pg(rank, t, rng, level="E", src="ProcessGroupNCCL.cpp:616", new=True):
    """Rank-prefixed c10d log prefix. new=True is the >=2.4 style with a timestamp."""
    if new:
        return "[rank%d]:[%s %s] " % (rank, level + glog_time(t, rng), src)
    return "[rank%d]:[%s %s] " % (rank, level, src)


def watchdog_timeout(rank, t, rng, seq, op="ALLREDUCE", numel=None, timeout_ms=600000, new=True, pg_new=True):
    numel = numel if numel is not None else 1
    ran = timeout_ms + rng.randint(5, 900)
    out = []
    out.append(pg(rank, t, rng, "E", "ProcessGroupNCCL.cpp:616", new) +
               "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
               % (rank, seq, op, numel, numel, timeout_ms, ran))
    if pg_new:
        out.append(pg(rank, t, rng, "E", "ProcessGroupNCCL.cpp:1785", new) +
                   "[PG ID 0 PG GUID 0(default_pg) Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
                   % (rank, seq, seq, seq - 1))
    out.append(pg(rank, t, rng, "E", "ProcessGroupNCCL.cpp:1834", new) +
               "[PG ID 0 PG GUID 0(default_pg) Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (rank, seq, seq, seq - 1))
    out.append(pg(rank, t, rng, "E", "ProcessGroupNCCL.cpp:630", new) +
               "[Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank)
    out.append(pg(rank, t, rng, "E", "ProcessGroupNCCL.cpp:636", new) +
               "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank)
    return out


def abort_tail(rank, reason, rng, lib="/usr/local/lib/python3.10/dist-packages/torch/lib"):
    """The 'terminate called after throwing' block + a few frames."""
    out = ["[rank%d]:terminate called after throwing an instance of 'c10::DistBackendError'" % rank,
           "[rank%d]:  what():  %s" % (rank, reason),
           "[rank%d]:Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):" % rank]
    base = rng.randint(0x7f0000000000, 0x7fffffffffff)
    frames = ["c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x%x in %s/libc10.so)",
              "c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x%x in %s/libtorch_cuda.so)",
              "c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x%x in %s/libtorch_cuda.so)",
              "c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x%x in %s/libtorch_cuda.so)"]
    for i, f in enumerate(frames):
        out.append("[rank%d]:frame #%d: " % (rank, i) + f % (base + i * 0x1a3f0, lib))
    out.append("[rank%d]:frame #4: <unknown function> + 0x94ac3 (0x%x in /lib/x86_64-linux-gnu/libc.so.6)" % (rank, base + 0x99120))
    out.append("[rank%d]:" % rank)
    return out


# ---------------------------------------------------------------- NCCL
def nccl(host, pid, tid, lr, msg):
    return "%s:%d:%d [%d] NCCL %s" % (host, pid, tid, lr, msg)


def nccl_init(host, ip, node_rank, nranks, pids, rng, version="2.21.5+cuda12.4", hcas=8, busids=None,
              with_version=False, lr_list=None):
    lr_list = lr_list if lr_list is not None else list(range(8))
    busids = busids or ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
    comm = rng.getrandbits(64)
    out = []
    for lr in lr_list:
        pid = pids[lr]
        r = node_rank * 8 + lr
        if with_version and lr == 0 and node_rank == 0:
            out.append(nccl(host, pid, pid, lr, "INFO Bootstrap : Using eth0:%s<0>" % ip))
            out.append("NCCL version %s" % version)
        out.append(nccl(host, pid, pid, lr, "INFO cudaDriverVersion 12040"))
        tid = pid + rng.randint(200, 900)
        devs = " ".join("[%d]mlx5_%d:1/IB" % (i, i) for i in range(hcas))
        out.append(nccl(host, pid, tid, lr, "INFO NET/IB : Using %s [RO]; OOB eth0:%s<0>" % (devs, ip)))
        out.append(nccl(host, pid, tid, lr, "INFO Using network IB"))
        out.append(nccl(host, pid, tid, lr, "INFO ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x%x - Init START"
                        % (rng.getrandbits(44), r, nranks, lr, lr, busids[lr], comm)))
    for lr in lr_list:
        pid = pids[lr]
        tid = pid + 1000 + lr
        r = node_rank * 8 + lr
        out.append(nccl(host, pid, tid, lr, "INFO comm 0x%x rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0"
                        % (rng.getrandbits(44), r, nranks, nranks // 8, lr)))
        out.append(nccl(host, pid, tid, lr, "INFO ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x%x - Init COMPLETE"
                        % (rng.getrandbits(44), r, nranks, lr, lr, busids[lr], comm)))
    return out


# ---------------------------------------------------------------- torchrun
def torchrun_failure(script, root, others=None):
    """root/others: dict(time, host, rank, local_rank, exitcode, pid, traceback, error_file)"""
    def block(i, d):
        ef = d.get("error_file", "<N/A>")
        tb = d.get("traceback")
        if tb is None:
            ec = d["exitcode"]
            if ec < 0:
                names = {-6: "SIGABRT", -9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV"}
                tb = "Signal %d (%s) received by PID %d" % (-ec, names.get(ec, "SIG"), d["pid"])
            else:
                tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        return ["[%d]:" % i,
                "  time      : %s" % d["time"],
                "  host      : %s" % d["host"],
                "  rank      : %d (local_rank: %d)" % (d["rank"], d["local_rank"]),
                "  exitcode  : %d (pid: %d)" % (d["exitcode"], d["pid"]),
                "  error_file: %s" % ef,
                "  traceback : %s" % tb]
    out = ["Traceback (most recent call last):",
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
           "%s FAILED" % script,
           "------------------------------------------------------------",
           "Failures:"]
    if others:
        for i, d in enumerate(others, 1):
            out += block(i, d)
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out += ["------------------------------------------------------------",
            "Root Cause (first observed failure):"]
    out += block(0, root)
    out.append("============================================================")
    return out


def torchrun_header(t, nproc=8):
    return ["W%s torch/distributed/run.py:793] " % t + "",
            "W%s torch/distributed/run.py:793] *****************************************" % t,
            "W%s torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % t,
            "W%s torch/distributed/run.py:793] *****************************************" % t]


def elastic_line(level, t, rng, src, msg):
    return "%s%s %s] %s" % (level, glog_time(t, rng), src, msg)


# ---------------------------------------------------------------- kernel / nvidia
def xid(pci, code, pid, name, text):
    if pid is None:
        return "NVRM: Xid (PCI:%s): %d, pid='<unknown>', name=<unknown>, %s" % (pci, code, text)
    return "NVRM: Xid (PCI:%s): %d, pid=%d, name=%s, %s" % (pci, code, pid, name, text)


def benign_dmesg(rng, host, n=6):
    pool = [
        "IPv6: ADDRCONF(NETDEV_CHANGE): veth%x: link becomes ready" % rng.getrandbits(24),
        "docker0: port 1(veth%x) entered forwarding state" % rng.getrandbits(24),
        "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing",
        "audit: type=1400 audit(%d.%03d:%d): apparmor=\"STATUS\" operation=\"profile_replace\" name=\"nvidia_modprobe\"" % (1700000000 + rng.randint(0, 9999999), rng.randint(0, 999), rng.randint(100, 999)),
        "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none.",
        "perf: interrupt took too long (2504 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
        "mlx5_core 0000:%02x:00.0: mlx5_pcie_event:301:(pid %d): PCIe slot advertised sufficient power (75W)." % (rng.choice([0x0c, 0x1f, 0x3b, 0x4d]), rng.randint(400, 900)),
        "nvidia-nvswitch3: open (major=509)",
        "NFS: state manager: check lease failed on NFSv4 server fs-home with error 10008",
        "xfs filesystem being remounted at /raid supports timestamps until 2038 (0x7fffffff)",
    ]
    rng.shuffle(pool)
    return pool[:n]


def nvsmi_table(driver, cuda, gpus, ts_line, procs=None):
    """gpus: list of dict(name, bus, temp, perf, pwr, cap, mem, total, util, ecc)"""
    out = [ts_line,
           "+-----------------------------------------------------------------------------------------+",
           "| NVIDIA-SMI %-14s Driver Version: %-14s CUDA Version: %-8s    |" % (driver, driver, cuda),
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                        |               MIG M. |",
           "|=========================================+========================+======================|"]
    for i, g in enumerate(gpus):
        out.append("|   %d  %-22s         On  |   %s Off |   %18s |" % (i, g["name"], g["bus"], g.get("ecc", "0")))
        out.append("| N/A   %2dC    %-3s    %4dW / %4dW |  %7dMiB / %6dMiB |    %3d%%      Default |"
                   % (g["temp"], g["perf"], g["pwr"], g["cap"], g["mem"], g["total"], g["util"]))
        out.append("|                                         |                        |             Disabled |")
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out += ["",
            "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|=========================================================================================|"]
    if procs:
        for p in procs:
            out.append("|    %d   N/A  N/A    %7d      C   %-40s %8sMiB |" % p)
    else:
        out.append("|  No running processes found                                                             |")
    out.append("+-----------------------------------------------------------------------------------------+")
    return out


H100 = "NVIDIA H100 80GB HBM3"
A100 = "NVIDIA A100-SXM4-80GB"
H200 = "NVIDIA H200"
BUS8 = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
        "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]


def healthy_gpus(rng, name=H100, n=8, util=(0, 0), mem=(0, 0), temp=(29, 38), buses=BUS8, pwr=(68, 75), perf="P0"):
    out = []
    for i in range(n):
        out.append(dict(name=name, bus=buses[i], temp=rng.randint(*temp), perf=perf, pwr=rng.randint(*pwr), cap=700,
                        mem=rng.randint(*mem), total=81559, util=rng.randint(*util), ecc="0"))
    return out


# ---------------------------------------------------------------- noise
WARN_POOL = [
    "/usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:1399: FutureWarning: `torch.cpu.amp.autocast(args...)` is deprecated. Please use `torch.amp.autocast('cpu', args...)` instead.",
    "/usr/local/lib/python3.10/dist-packages/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class. This should only matter to you if you are using storages directly.  To access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()",
    "/usr/local/lib/python3.10/dist-packages/transformers/utils/generic.py:441: FutureWarning: `torch.utils._pytree._register_pytree_node` is deprecated. Please use `torch.utils._pytree.register_pytree_node` instead.",
    "/usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_init_utils.py:440: UserWarning: FSDP is switching to use `NO_SHARD` instead of ShardingStrategy.FULL_SHARD since the world size is 1.",
]


def ddp_warn(rank):
    return ("[rank%d]:[W reducer.cpp:1400] Warning: find_unused_parameters=True was specified in DDP constructor, but did not find any unused parameters in the forward pass. "
            "This flag results in an extra traversal of the autograd graph every iteration,  which can adversely affect performance." % rank)
