"""Shared formatters for the set-72 corpus builder (Kubernetes / managed-cloud flavour).

Everything here is deterministic: callers pass an explicit random.Random and explicit
datetimes; nothing reads the wall clock or the network.
"""
import datetime as dt
import json
import os
import random

CATEGORIES = ["gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "oom",
              "hang", "straggler", "numerical", "user_code", "dependency", "unknown"]
LAYERS = ["infrastructure", "framework", "script"]
ACTIONS = ["restart", "restart_without_node", "stop", "run_diagnostics", "none"]

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
WDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def D(y, mo, d, h=0, mi=0, s=0):
    return dt.datetime(y, mo, d, h, mi, s)


def plus(t, seconds):
    return t + dt.timedelta(seconds=seconds)


# ----------------------------------------------------------------------------- time styles
def iso_z(t, frac=6):
    base = "%04d-%02d-%02dT%02d:%02d:%02d" % (t.year, t.month, t.day, t.hour, t.minute, t.second)
    if frac == 0:
        return base + "Z"
    us = "%06d" % t.microsecond
    if frac == 9:
        us = us + "%03d" % ((t.microsecond * 7 + t.second * 131 + t.minute * 17 + 311) % 1000)
    else:
        us = us[:frac]
    return base + "." + us + "Z"


def pyts(t):
    return "%04d-%02d-%02d %02d:%02d:%02d,%03d" % (t.year, t.month, t.day, t.hour, t.minute,
                                                    t.second, t.microsecond // 1000)


def sqlts(t):
    return "%04d-%02d-%02d %02d:%02d:%02d" % (t.year, t.month, t.day, t.hour, t.minute, t.second)


def hms(t):
    return "%02d:%02d:%02d" % (t.hour, t.minute, t.second)


def syslog_ts(t):
    return "%s %02d %02d:%02d:%02d" % (MONTHS[t.month - 1], t.day, t.hour, t.minute, t.second)


def dmesg_T(t):
    return "[%s %s %2d %02d:%02d:%02d %04d]" % (WDAYS[t.weekday()], MONTHS[t.month - 1], t.day,
                                                t.hour, t.minute, t.second, t.year)


def date_cmd(t, zone="UTC"):
    return "%s %s %2d %02d:%02d:%02d %s %04d" % (WDAYS[t.weekday()], MONTHS[t.month - 1], t.day,
                                                  t.hour, t.minute, t.second, zone, t.year)


def klog_prefix(level, t, pid, src):
    return "%s%02d%02d %02d:%02d:%02d.%06d %7d %s]" % (level, t.month, t.day, t.hour, t.minute,
                                                      t.second, t.microsecond, pid, src)


def torch_glog(rank, level, t, src, nanos_extra=0):
    ns = t.microsecond * 1000 + nanos_extra % 1000
    return "[rank%d]:[%s%02d%02d %02d:%02d:%02d.%09d %s]" % (rank, level, t.month, t.day, t.hour,
                                                            t.minute, t.second, ns, src)


def age(delta_s):
    """kubectl style relative age."""
    s = int(delta_s)
    if s < 120:
        return "%ds" % s
    m = s // 60
    if m < 10:
        return "%dm%ds" % (m, s % 60) if s % 60 else "%dm" % m
    if m < 180:
        return "%dm" % m
    h = m // 60
    if h < 8:
        return "%dh%dm" % (h, m % 60) if m % 60 else "%dh" % h
    if h < 48:
        return "%dh" % h
    return "%dd" % (h // 24)


# ----------------------------------------------------------------------------- tables
def table(headers, rows, pad=3):
    cols = len(headers)
    widths = [len(h) for h in headers]
    for r in rows:
        for i in range(cols):
            widths[i] = max(widths[i], len(str(r[i])))
    out = []
    for r in [headers] + rows:
        cells = []
        for i in range(cols):
            c = str(r[i])
            cells.append(c if i == cols - 1 else c.ljust(widths[i] + pad))
        out.append("".join(cells).rstrip())
    return out


def pods_wide(rows, now, namespace_col=False):
    """rows: dicts with name, ready, status, restarts, start(dt), ip, node; optional ns."""
    hdr = ["NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE",
           "READINESS GATES"]
    if namespace_col:
        hdr = ["NAMESPACE"] + hdr
    out = []
    for r in rows:
        line = [r["name"], r.get("ready", "1/1"), r.get("status", "Running"),
                str(r.get("restarts", 0)), age((now - r["start"]).total_seconds()),
                r.get("ip", "<none>"), r.get("node", "<none>"), "<none>", "<none>"]
        if namespace_col:
            line = [r.get("ns", "default")] + line
        out.append(line)
    return table(hdr, out)


def events_table(evs, now, wide=False):
    """evs: list of (t, type, reason, object, message[, source]) sorted by time."""
    rows = []
    for e in evs:
        t, typ, reason, obj, msg = e[:5]
        row = [age((now - t).total_seconds()), typ, reason, obj]
        if wide:
            row.append(e[5] if len(e) > 5 else "")
        row.append(msg)
        rows.append(row)
    hdr = ["LAST SEEN", "TYPE", "REASON", "OBJECT"] + (["SOURCE"] if wide else []) + ["MESSAGE"]
    return table(hdr, rows)


# ----------------------------------------------------------------------------- misc ids
def hexs(rng, n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def alnum(rng, n):
    return "".join(rng.choice("bcdfghjklmnpqrstvwxz2456789") for _ in range(n))


def uuid4(rng):
    h = hexs(rng, 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], rng.choice("89ab"), h[17:20], h[20:32])


def gpu_uuid(rng):
    h = hexs(rng, 32)
    return "GPU-%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:32])


# PCI bus ids of the GPUs on common 8-GPU boards
BUS = {
    "p4d": ["10:1c", "10:1d", "20:1c", "20:1d", "90:1c", "90:1d", "a0:1c", "a0:1d"],
    "p5": ["53:00", "64:00", "75:00", "86:00", "97:00", "a8:00", "b9:00", "ca:00"],
    "dgx": ["18:00", "2a:00", "3a:00", "5d:00", "9a:00", "ab:00", "ba:00", "db:00"],
    "a3": ["04:00", "05:00", "0a:00", "0b:00", "84:00", "85:00", "8a:00", "8b:00"],
    "nd": ["0b:00", "0c:00", "0d:00", "0e:00", "8b:00", "8c:00", "8d:00", "8e:00"],
}


def nccl_busid(bus):
    a, b = bus.split(":")
    return "%s%s0" % (a.lstrip("0") or "0", b)


# ----------------------------------------------------------------------------- NCCL
NET_DESC = {
    "efa": ("Libfabric", "NET/Libfabric/%d/GDRDMA"),
    "ib": ("IB", "NET/IB/%d/GDRDMA"),
    "socket": ("Socket", "NET/Socket/%d"),
    "tcpx": ("GPUDirectTCPX", "NET/GPUDirectTCPX/%d"),
    "roce": ("IB", "NET/IB/%d/GDRDMA"),
}


def nccl_init(rng, host, pids, rank0, nranks, net, ip, nccl_ver="2.21.5+cuda12.4",
              cuda_drv=12040, bus=None, nnics=4, extra_first=None, nchannels=16, comm=None):
    """NCCL_DEBUG=INFO init flood for all local ranks of one node/pod.

    pids: list of pids (one per local rank). Returns a list of lines.
    """
    n = len(pids)
    bus = bus or BUS["dgx"]
    comm = comm or ("0x" + hexs(rng, 16))
    lines = []

    def L(i, msg, tid=None):
        tid = tid if tid is not None else pids[i]
        lines.append("%s:%d:%d [%d] NCCL INFO %s" % (host, pids[i], tid, i, msg))

    for i in range(n):
        L(i, "Bootstrap : Using eth0:%s<0>" % ip)
        if net == "efa":
            L(i, "NET/Plugin: Loaded net plugin Libfabric (v8)")
            L(i, "NET/OFI Initializing aws-ofi-nccl 1.9.1-aws")
            L(i, "NET/OFI Using Libfabric version 1.19")
            L(i, "NET/OFI Using CUDA driver version %d" % cuda_drv)
            L(i, "NET/OFI Configuring AWS-specific options")
            L(i, "NET/OFI Setting provider_filter to efa")
            L(i, "NET/OFI Setting FI_EFA_FORK_SAFE environment variable to 1")
            L(i, "NET/OFI Selected Provider is efa (found %d nics)" % nnics)
            L(i, "Using network Libfabric")
        elif net in ("ib", "roce"):
            L(i, "NET/Plugin: No plugin found (libnccl-net.so)")
            L(i, "NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so")
            L(i, "NET/Plugin: Using internal network plugin.")
            devs = " ".join("[%d]mlx5_%d:1/%s" % (k, k, "RoCE" if net == "roce" else "IB")
                            for k in range(nnics))
            L(i, "NET/IB : Using %s ; OOB eth0:%s<0>" % (devs, ip))
            L(i, "Using network IB")
        elif net == "tcpx":
            L(i, "NET/Plugin: Loaded net plugin GPUDirectTCPX (v7)")
            L(i, "NET/GPUDirectTCPX ver. 3.1.6.")
            L(i, "NET/GPUDirectTCPX : GPUDirectTCPX enable: 1")
            L(i, "NET/GPUDirectTCPX : Using [0]eth1:172.16.%d.%d<0> [1]eth2:172.16.%d.%d<0> [2]eth3:172.16.%d.%d<0> [3]eth4:172.16.%d.%d<0>" %
              tuple(x for k in range(4) for x in (k + 1, int(ip.split(".")[-1]))))
            L(i, "Using network GPUDirectTCPX")
        else:
            L(i, "NET/Plugin: No plugin found (libnccl-net.so)")
            L(i, "NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so")
            L(i, "NET/Plugin: Using internal network plugin.")
            L(i, "NET/Socket : Using [0]eth0:%s<0>" % ip)
            L(i, "Using network Socket")
        if i == 0 and extra_first:
            for m in extra_first:
                L(i, m)
    lines.append("NCCL version %s" % nccl_ver)
    for i in range(n):
        r = rank0 + i
        L(i, "cudaDriverVersion %d" % cuda_drv)
        L(i, "comm 0x%s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START" %
          (hexs(rng, 12), r, nranks, i, i, nccl_busid(bus[i % len(bus)]), comm), tid=pids[i] + 71)
    for i in range(n):
        r = rank0 + i
        tid = pids[i] + 71
        aff = "ffffffff,ffff0000,00000000" if i >= n // 2 else "00000000,0000ffff,ffffffff"
        L(i, "Setting affinity for GPU %d to %s" % (i, aff), tid)
        L(i, "NVLS multicast support is available on dev %d" % i, tid)
        L(i, "comm 0x%s rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0" %
          (hexs(rng, 12), r, nranks, max(1, nranks // n), n, i), tid)
        if i == 0:
            L(i, "Channel 00/%02d :    " % nchannels + " ".join(str(k) for k in range(min(nranks, 24))) +
              (" ..." if nranks > 24 else ""), tid)
        prev = r - 1 if i > 0 else -1
        nxt = r + 1 if i < n - 1 else -1
        L(i, "Trees [0] %d/-1/-1->%d->%d [1] %d/-1/-1->%d->%d" % (nxt, r, prev, nxt, r, prev), tid)
        L(i, "P2P Chunksize set to 524288", tid)
    for i in range(n):
        r = rank0 + i
        tid = pids[i] + 79
        for ch in range(0, nchannels, 4):
            if i == 0:
                src = (rank0 - 1) % nranks
                L(i, "Channel %02d/0 : %d[%d] -> %d[%d] [receive] via %s" %
                  (ch, src, (n - 1), r, i, NET_DESC[net][1] % (i % max(1, nnics))), tid)
            if i == n - 1:
                dst = (rank0 + n) % nranks
                L(i, "Channel %02d/0 : %d[%d] -> %d[0] [send] via %s" %
                  (ch, r, i, dst, NET_DESC[net][1] % (i % max(1, nnics))), tid)
            if i < n - 1:
                L(i, "Channel %02d/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read" % (ch, r, i, r + 1, i + 1), tid)
    for i in range(n):
        tid = pids[i] + 71
        L(i, "Connected all rings", tid)
        L(i, "Connected all trees", tid)
        L(i, "NVLS comm 0x%s headRank %d nHeads 4 buffSize 1048576 memSize 2097152 nvlsPerRankSize 201326592 nvlsTotalSize 805306368" % (hexs(rng, 12), i % 4), tid)
        L(i, "threadThresholds 8/8/64 | %d/8/64 | 512 | 512" % (nranks * 8), tid)
        L(i, "%d coll channels, 16 collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer" % nchannels, tid)
    for i in range(n):
        r = rank0 + i
        L(i, "comm 0x%s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE" %
          (hexs(rng, 12), r, nranks, i, i, nccl_busid(bus[i % len(bus)]), comm), tid=pids[i] + 71)
    return lines


# ----------------------------------------------------------------------------- torch elastic
def torchrun_preamble(t, nproc, style="2.3", host=None):
    """Warning torchrun prints at start when OMP_NUM_THREADS not set."""
    if style == "2.4":
        return [
            "W%02d%02d %02d:%02d:%02d.%06d 1 torch/distributed/run.py:793] " % (t.month, t.day, t.hour, t.minute, t.second, t.microsecond),
            "W%02d%02d %02d:%02d:%02d.%06d 1 torch/distributed/run.py:793] *****************************************" % (t.month, t.day, t.hour, t.minute, t.second, t.microsecond),
            "W%02d%02d %02d:%02d:%02d.%06d 1 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (t.month, t.day, t.hour, t.minute, t.second, t.microsecond),
            "W%02d%02d %02d:%02d:%02d.%06d 1 torch/distributed/run.py:793] *****************************************" % (t.month, t.day, t.hour, t.minute, t.second, t.microsecond),
        ]
    return [
        "[%s] torch.distributed.run: [WARNING] " % pyts(t),
        "[%s] torch.distributed.run: [WARNING] *****************************************" % pyts(t),
        "[%s] torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % pyts(t),
        "[%s] torch.distributed.run: [WARNING] *****************************************" % pyts(t),
    ]


def elastic_agent_start(t, entry, nnodes, nproc, rdzv_ep, run_id, node_rank=None, max_restarts=0):
    p = "[%s] torch.distributed.elastic.agent.server.api: [INFO]" % pyts(t)
    out = [
        "%s Starting elastic_operator with launch configs:" % p,
        "  entrypoint       : %s" % entry,
        "  min_nodes        : %d" % nnodes,
        "  max_nodes        : %d" % nnodes,
        "  nproc_per_node   : %d" % nproc,
        "  run_id           : %s" % run_id,
        "  rdzv_backend     : c10d",
        "  rdzv_endpoint    : %s" % rdzv_ep,
        "  rdzv_configs     : {'timeout': 900}",
        "  max_restarts     : %d" % max_restarts,
        "  monitor_interval : 5",
        "  log_dir          : None",
        "  metrics_cfg      : {}",
        "",
        "%s [default] starting workers for entrypoint: python" % p,
        "%s [default] Rendezvous'ing worker group" % p,
    ]
    return out


def elastic_rdzv_done(t, node_rank, nnodes, nproc, master, port=29500, restart_count=0):
    p = "[%s] torch.distributed.elastic.agent.server.api: [INFO]" % pyts(t)
    ranks = list(range(node_rank * nproc, node_rank * nproc + nproc))
    return [
        "%s [default] Rendezvous complete for workers. Result:" % p,
        "  restart_count=%d" % restart_count,
        "  master_addr=%s" % master,
        "  master_port=%d" % port,
        "  group_rank=%d" % node_rank,
        "  group_world_size=%d" % nnodes,
        "  local_ranks=%s" % list(range(nproc)),
        "  role_ranks=%s" % ranks,
        "  global_ranks=%s" % ranks,
        "  role_world_sizes=%s" % ([nnodes * nproc] * nproc,),
        "  global_world_sizes=%s" % ([nnodes * nproc] * nproc,),
        "",
        "%s [default] Starting worker group" % p,
        "[%s] torch.distributed.elastic.agent.server.local_elastic_agent: [INFO] Environment variable 'TORCHELASTIC_ENABLE_FILE_TIMER' not found. Do not start FileTimerServer." % pyts(t),
    ]


def child_failed(t, script, host, failures, root):
    """failures/root: dicts with rank, local_rank, exitcode, pid, (t), traceback(optional)."""
    out = ["torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
           "============================================================",
           "%s FAILED" % script,
           "------------------------------------------------------------",
           "Failures:"]

    def blk(idx, f):
        tt = f.get("t", t)
        ec = f["exitcode"]
        if "traceback" in f:
            tb = f["traceback"]
        elif ec < 0:
            sig = {-6: "6 (SIGABRT)", -15: "15 (SIGTERM)", -9: "9 (SIGKILL)", -11: "11 (SIGSEGV)", -7: "7 (SIGBUS)"}[ec]
            tb = "Signal %s received by PID %d" % (sig, f["pid"])
        else:
            tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        return ["[%d]:" % idx,
                "  time      : %04d-%02d-%02d_%02d:%02d:%02d" % (tt.year, tt.month, tt.day, tt.hour, tt.minute, tt.second),
                "  host      : %s" % f.get("host", host),
                "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
                "  exitcode  : %d (pid: %d)" % (ec, f["pid"]),
                "  error_file: %s" % f.get("error_file", "<N/A>"),
                "  traceback : %s" % tb]
    if failures:
        for k, f in enumerate(failures):
            out += blk(k + 1, f)
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out += ["------------------------------------------------------------",
            "Root Cause (first observed failure):"]
    out += blk(0, root)
    out.append("============================================================")
    return out


TORCHRUN_TB = [
    "Traceback (most recent call last):",
    "  File \"/usr/local/bin/torchrun\", line 8, in <module>",
    "    sys.exit(main())",
    "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py\", line 347, in wrapper",
    "    return f(*args, **kwargs)",
    "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py\", line 812, in main",
    "    run(args)",
    "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py\", line 803, in run",
    "    elastic_launch(",
    "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py\", line 135, in __call__",
    "    return launch_agent(self._config, self._entrypoint, list(args))",
    "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py\", line 268, in launch_agent",
    "    raise ChildFailedError(",
]


def agent_sigterm_others(t, pids, skip=None):
    out = []
    for i, p in enumerate(pids):
        if skip is not None and i == skip:
            continue
        out.append("[%s] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal SIGTERM" % (pyts(plus(t, 0.001 * i)), p))
    return out


def watchdog_timeout(rank, t, seq, op, numel, ran_ms=600031, timeout_ms=600000, pg="0 (default_pg)", last_enq=None, last_done=None):
    w = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, op, numel, numel, timeout_ms)
    last_enq = seq + 1 if last_enq is None else last_enq
    last_done = seq - 1 if last_done is None else last_done
    g = lambda lv, src, dt_=0: torch_glog(rank, lv, plus(t, dt_), src, rank * 37)
    return [
        "%s [PG %s Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (g("E", "ProcessGroupNCCL.cpp:616"), pg, rank, w, ran_ms),
        "%s [PG %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (g("E", "ProcessGroupNCCL.cpp:1785", 0.0002), pg, rank, seq, last_enq, last_done),
        "%s [PG %s Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (g("E", "ProcessGroupNCCL.cpp:1834", 0.0003), pg, rank, seq, last_enq, last_done),
        "%s [PG %s Rank %d] To avoid data inconsistency, we are taking the entire process down." % (g("E", "ProcessGroupNCCL.cpp:630", 0.0004), pg, rank),
        "%s [PG %s Rank %d] Process group watchdog thread terminated with exception: [PG %s Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (g("E", "ProcessGroupNCCL.cpp:1595", 0.0011), pg, rank, pg, rank, w, ran_ms + 2),
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3b2c4b9446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f3ae1a2f772 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3ae1a361b3 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3ae1a37b9d in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: <unknown function> + 0xdc253 (0x7f3b2cc5c253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f3b2e894ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: <unknown function> + 0x126850 (0x7f3b2e926850 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
    ]


def cuda_err_watchdog(rank, t, err, pg="0 (default_pg)"):
    g = torch_glog(rank, "E", t, "ProcessGroupNCCL.cpp:1595", rank * 41)
    return [
        "%s [PG %s Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (g, pg, rank, err),
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
        "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f61a34b9446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f61a34636e4 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f61a35a5a18 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f615862e726 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (0x7f61586333f0 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da (0x7f6158639b5a in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #6: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f615863ae1c in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #7: <unknown function> + 0xdc253 (0x7f61a3cb0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #8: <unknown function> + 0x94ac3 (0x7f61a5a94ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #9: <unknown function> + 0x126850 (0x7f61a5b26850 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
    ]


# ----------------------------------------------------------------------------- training progress
def megatron_iters(t0, it0, n, step_s, loss0, rng, total=250000, gbs=1024, lr=3.0e-4, decay=0.0007,
                   every=10, loss_fn=None, time_fn=None):
    out = []
    t = t0
    loss = loss0
    for k in range(n):
        it = it0 + (k + 1) * every
        st = time_fn(it) if time_fn else step_s * (1 + rng.uniform(-0.012, 0.012))
        t = plus(t, st * every)
        loss = loss_fn(it) if loss_fn else max(1.2, loss - decay * rng.uniform(0.2, 1.8) + rng.uniform(-0.01, 0.01))
        out.append((t, " [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |" %
                    (sqlts(t), it, total, it * gbs, st * 1000, lr, gbs, loss, rng.uniform(0.18, 0.32))))
    return out


def titan_steps(t0, s0, n, step_s, loss0, rng, every=10, mem=61.4, tps=3150, mfu=41.0, time_fn=None):
    out = []
    t = t0
    loss = loss0
    for k in range(n):
        s = s0 + (k + 1) * every
        st = time_fn(s) if time_fn else step_s * (1 + rng.uniform(-0.01, 0.01))
        t = plus(t, st * every)
        loss = max(1.5, loss - rng.uniform(0.0, 0.004))
        f = step_s / st
        out.append((t, "[titan] %s - root - INFO - step: %5d  loss: %7.4f  memory: %5.2fGiB(%.2f%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" %
                    (pyts(t), s, loss, mem, mem / 79.1 * 100, "{:,}".format(int(tps * f)), 989 * mfu / 100 * f, mfu * f)))
    return out


def hf_steps(t0, s0, n, step_s, loss0, rng, total, every=10, lr0=2e-5, epoch_steps=4000):
    out = []
    t = t0
    loss = loss0
    for k in range(n):
        s = s0 + (k + 1) * every
        t = plus(t, step_s * every * (1 + rng.uniform(-0.02, 0.02)))
        loss = max(0.4, loss - rng.uniform(0.0, 0.01) + rng.uniform(-0.005, 0.005))
        out.append((t, "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %s, 'epoch': %.2f}" %
                    (loss, rng.uniform(0.6, 1.6), "%.4e" % (lr0 * (1 - s / total)), s / epoch_steps)))
    return out


# ----------------------------------------------------------------------------- kubernetes node noise
def kubelet_noise(rng, t0, t1, host, pid, pods, n):
    """Routine kubelet journal lines between t0 and t1 (journalctl short format)."""
    span = (t1 - t0).total_seconds()
    times = sorted(rng.uniform(0, span) for _ in range(n))
    out = []
    kinds = [
        lambda: 'I%s kubelet_getters.go:218] "Pod status updated" pod="%s" status="Running"' % ("", rng.choice(pods)),
        lambda: 'E%s summary_sys_containers.go:51] "Failed to get system container stats" err="failed to get cgroup stats for \\"/system.slice/containerd.service\\": failed to get container info for \\"/system.slice/containerd.service\\": unknown container \\"/system.slice/containerd.service\\"" containerName="/system.slice/containerd.service"' % "",
        lambda: 'I%s log.go:245] http: TLS handshake error from 10.%d.%d.%d:%d: EOF' % ("", rng.randint(0, 3), rng.randint(0, 255), rng.randint(2, 250), rng.randint(30000, 60000)),
        lambda: 'I%s kuberuntime_container_linux.go:167] "No swap cgroup controller present" swapBehavior="" pod="%s" containerName="%s"' % ("", rng.choice(pods), "pytorch"),
        lambda: 'I%s reconciler_common.go:258] "operationExecutor.VerifyControllerAttachedVolume started for volume \\"kube-api-access-%s\\"" pod="%s"' % ("", alnum(rng, 5), rng.choice(pods)),
        lambda: 'I%s kubelet_node_status.go:506] "Fast updating node status as it just became ready"' % "",
        lambda: 'W%s watcher.go:93] Error while processing event ("/sys/fs/cgroup/kubepods.slice/kubepods-burstable.slice": 0x40000100 == IN_CREATE|IN_ISDIR): inotify_add_watch /sys/fs/cgroup/kubepods.slice/kubepods-burstable.slice: no such file or directory' % "",
    ]
    weights = [5, 3, 3, 1, 2, 0, 1]
    pool = [k for k, w in zip(kinds, weights) for _ in range(w)]
    for s in times:
        t = plus(t0, s)
        msg = rng.choice(pool)()
        lvl = msg[0]
        body = msg[1:]
        src_and_msg = body.strip()
        out.append((t, "%s %s kubelet[%d]: %s%02d%02d %02d:%02d:%02d.%06d %7d %s" % (
            syslog_ts(t), host, pid, lvl, t.month, t.day, t.hour, t.minute, t.second, t.microsecond, pid, src_and_msg)))
    return out


def kubelet_line(t, host, pid, level, src, msg):
    return "%s %s kubelet[%d]: %s %s" % (syslog_ts(t), host, pid, klog_prefix(level, t, pid, src), msg)


def containerd_line(t, host, pid, level, msg):
    return '%s %s containerd[%d]: time="%s" level=%s msg="%s"' % (syslog_ts(t), host, pid, iso_z(t, 9), level, msg)


def dmesg_boot(kernel, driver, extra=None, style="T", t_boot=None, host_nics=None):
    """A handful of boot lines; returns list of (uptime_s, msg)."""
    base = [
        (0.0, "Linux version %s (mockbuild@builder) (gcc (GCC) 11.4.0) #1 SMP PREEMPT_DYNAMIC" % kernel),
        (0.0, "Command line: BOOT_IMAGE=/boot/vmlinuz-%s root=UUID=3f1c2a9e-51b0-4e7e-9d55-0c1a8f1b2d44 ro console=ttyS0,115200n8 nvme_core.io_timeout=4294967295 iommu=pt" % kernel),
        (0.000000, "KERNEL supported cpus:"),
        (0.000000, "  Intel GenuineIntel"),
        (0.000000, "  AMD AuthenticAMD"),
        (0.512331, "ACPI: Early table checksum verification disabled"),
        (1.204417, "PCI: Using configuration type 1 for base access"),
        (3.881201, "EDAC MC: Ver: 3.0.0"),
        (5.002144, "systemd[1]: Detected architecture x86-64."),
        (9.771934, "nvidia: loading out-of-tree module taints kernel."),
        (9.771941, "nvidia: module license 'NVIDIA' taints kernel."),
        (9.801544, "nvidia-nvlink: Nvlink Core is being initialized, major device number 234"),
        (9.921553, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  %s  Wed Feb 21 17:06:44 UTC 2024" % driver),
        (10.337812, "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  %s  Wed Feb 21 16:56:17 UTC 2024" % driver),
        (10.883001, "nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint."),
        (11.092212, "[drm] [nvidia-drm] [GPU ID 0x00000000] Loading driver"),
        (12.442091, "nvidia_peermem: loading out-of-tree module taints kernel."),
    ]
    if extra:
        base += extra
    return base


def render_dmesg(entries, boot, style="T"):
    """entries: list of (uptime_seconds, msg); boot: datetime of boot."""
    out = []
    for up, msg in sorted(entries, key=lambda e: e[0]):
        if style == "T":
            out.append("%s %s" % (dmesg_T(plus(boot, up)), msg))
        elif style == "raw":
            out.append("[%12.6f] %s" % (up, msg))
        elif style == "iso":
            t = plus(boot, up)
            out.append("%s,%06d+00:00 %s" % (sqlts(t).replace(" ", "T"), t.microsecond, msg))
    return out


def journal_kernel(entries, boot, host):
    out = []
    for up, msg in sorted(entries, key=lambda e: e[0]):
        t = plus(boot, up)
        out.append("%s %s kernel: %s" % (syslog_ts(t), host, msg))
    return out


# ----------------------------------------------------------------------------- DCGM exporter
DCGM_HELP = {
    "DCGM_FI_DEV_SM_CLOCK": ("SM frequency (in MHz).", "gauge"),
    "DCGM_FI_DEV_MEM_CLOCK": ("Memory frequency (in MHz).", "gauge"),
    "DCGM_FI_DEV_GPU_TEMP": ("GPU temperature (in C).", "gauge"),
    "DCGM_FI_DEV_MEMORY_TEMP": ("Memory temperature (in C).", "gauge"),
    "DCGM_FI_DEV_POWER_USAGE": ("Power draw (in W).", "gauge"),
    "DCGM_FI_DEV_GPU_UTIL": ("GPU utilization (in %).", "gauge"),
    "DCGM_FI_DEV_FB_USED": ("Framebuffer memory used (in MiB).", "gauge"),
    "DCGM_FI_DEV_FB_FREE": ("Framebuffer memory free (in MiB).", "gauge"),
    "DCGM_FI_DEV_XID_ERRORS": ("Value of the last XID error encountered.", "gauge"),
    "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": ("Current clock throttle reasons.", "gauge"),
    "DCGM_FI_DEV_PCIE_REPLAY_COUNTER": ("Total number of PCIe retries.", "counter"),
    "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL": ("Total number of NVLink bandwidth counters for all lanes.", "counter"),
    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": ("Total number of single-bit volatile ECC errors.", "counter"),
    "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": ("Total number of double-bit volatile ECC errors.", "counter"),
    "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS": ("Number of remapped rows for uncorrectable errors", "counter"),
    "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS": ("Number of remapped rows for correctable errors", "counter"),
    "DCGM_FI_DEV_ROW_REMAP_FAILURE": ("Whether remapping of rows has failed", "gauge"),
    "DCGM_FI_PROF_GR_ENGINE_ACTIVE": ("Ratio of time the graphics engine is active.", "gauge"),
    "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE": ("Ratio of cycles the tensor (HMMA) pipe is active.", "gauge"),
}


def dcgm_scrape(host, gpus, values, model="NVIDIA H100 80GB HBM3", driver="535.161.08", pods=None,
                namespace="default", container="pytorch"):
    """values: dict metric -> list(8) of values (numbers or strings)."""
    out = []
    for m, vals in values.items():
        h, ty = DCGM_HELP[m]
        out.append("# HELP %s %s" % (m, h))
        out.append("# TYPE %s %s" % (m, ty))
        for i, (uuid, bus) in enumerate(gpus):
            lbl = 'gpu="%d",UUID="%s",pci_bus_id="00000000:%s.0",device="nvidia%d",modelName="%s",Hostname="%s",DCGM_FI_DRIVER_VERSION="%s"' % (
                i, uuid, bus, i, model, host, driver)
            if pods:
                lbl += ',container="%s",namespace="%s",pod="%s"' % (container, namespace, pods[i] if isinstance(pods, list) else pods)
            v = vals[i]
            if isinstance(v, float):
                vs = ("%.6f" % v).rstrip("0").rstrip(".") if v != int(v) else "%d" % int(v)
            else:
                vs = str(v)
            out.append("%s{%s} %s" % (m, lbl, vs))
    return out


# ----------------------------------------------------------------------------- describe pod
def describe_pod(p):
    """p: dict with many optional fields. Produces kubectl describe pod text."""
    L = []
    L.append("Name:             %s" % p["name"])
    L.append("Namespace:        %s" % p.get("ns", "default"))
    L.append("Priority:         %d" % p.get("priority", 0))
    if p.get("priority_class"):
        L.append("Priority Class Name:  %s" % p["priority_class"])
    L.append("Service Account:  %s" % p.get("sa", "default"))
    L.append("Node:             %s" % (("%s/%s" % (p["node"], p["node_ip"])) if p.get("node") else "<none>"))
    L.append("Start Time:       %s" % p["start_rfc"])
    L.append("Labels:           " + ("\n                  ".join(p.get("labels", []))))
    L.append("Annotations:      " + ("\n                  ".join(p.get("annotations", ["<none>"]))))
    L.append("Status:           %s" % p.get("status", "Running"))
    if p.get("reason"):
        L.append("Reason:           %s" % p["reason"])
    if p.get("message"):
        L.append("Message:          %s" % p["message"])
    L.append("IP:               %s" % p.get("ip", ""))
    L.append("IPs:")
    L.append("  IP:           %s" % p.get("ip", ""))
    L.append("Controlled By:  %s" % p.get("owner", "PyTorchJob/unknown"))
    if p.get("init"):
        L.append("Init Containers:")
        L += p["init"]
    L.append("Containers:")
    for c in p["containers"]:
        L.append("  %s:" % c["name"])
        L.append("    Container ID:  %s" % c.get("cid", ""))
        L.append("    Image:         %s" % c["image"])
        L.append("    Image ID:      %s" % c.get("image_id", ""))
        L.append("    Port:          %s" % c.get("port", "23456/TCP"))
        L.append("    Host Port:     0/TCP")
        if c.get("command"):
            L.append("    Command:")
            for x in c["command"]:
                L.append("      %s" % x)
        if c.get("args"):
            L.append("    Args:")
            for x in c["args"]:
                L.append("      %s" % x)
        L.append("    State:          %s" % c["state"])
        for x in c.get("state_detail", []):
            L.append("      %s" % x)
        if c.get("last_state"):
            L.append("    Last State:     %s" % c["last_state"])
            for x in c.get("last_detail", []):
                L.append("      %s" % x)
        L.append("    Ready:          %s" % c.get("ready", "True"))
        L.append("    Restart Count:  %d" % c.get("restarts", 0))
        if c.get("limits"):
            L.append("    Limits:")
            for x in c["limits"]:
                L.append("      %s" % x)
        if c.get("requests"):
            L.append("    Requests:")
            for x in c["requests"]:
                L.append("      %s" % x)
        L.append("    Environment:")
        for x in c.get("env", []):
            L.append("      %s" % x)
        L.append("    Mounts:")
        for x in c.get("mounts", []):
            L.append("      %s" % x)
    L.append("Conditions:")
    L.append("  Type                        Status")
    for k, v in p.get("conditions", [("PodReadyToStartContainers", "True"), ("Initialized", "True"),
                                     ("Ready", "True"), ("ContainersReady", "True"), ("PodScheduled", "True")]):
        L.append("  %s%s" % (k.ljust(28), v))
    L.append("Volumes:")
    for x in p.get("volumes", []):
        L.append("  %s" % x)
    L.append("QoS Class:                   %s" % p.get("qos", "Burstable"))
    L.append("Node-Selectors:              %s" % p.get("node_selectors", "<none>"))
    L.append("Tolerations:                 " + "\n                             ".join(p.get("tolerations", [
        "node.kubernetes.io/not-ready:NoExecute op=Exists for 300s",
        "node.kubernetes.io/unreachable:NoExecute op=Exists for 300s",
        "nvidia.com/gpu:NoSchedule op=Exists"])))
    L.append("Events:")
    evs = p.get("events")
    if not evs:
        L.append("  <none>")
    else:
        rows = [[e[0], e[1], e[2], e[3], e[4]] for e in evs]
        for ln in table(["Type", "Reason", "Age", "From", "Message"], rows):
            L.append("  " + ln)
    return L


def nvidia_smi_table(t, driver, cuda, gpus, procs, model="NVIDIA H100 80GB HBM3", host=None):
    """gpus: list of dicts: bus, temp, perf, pwr, cap, mem_used, mem_tot, util, ecc(str)
    procs: list of (gpu, pid, name, mib)."""
    L = ["%s %s %2d %02d:%02d:%02d %04d       " % (
        WDAYS[t.weekday()], MONTHS[t.month - 1], t.day, t.hour, t.minute, t.second, t.year)]
    L += ["+---------------------------------------------------------------------------------------+",
          "| NVIDIA-SMI %-10s           Driver Version: %-10s   CUDA Version: %-5s    |" % (driver, driver, cuda),
          "|-----------------------------------------+----------------------+----------------------+",
          "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
          "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
          "|                                         |                      |               MIG M. |",
          "|=========================================+======================+======================|"]
    for i, g in enumerate(gpus):
        name = model.replace("NVIDIA ", "NVIDIA ")[:20]
        L.append("| %3d  %-20s           On  | %s.0 Off |  %19s |" % (i, name, ("00000000:" + g["bus"].upper()).ljust(16), g.get("ecc", "0")))
        L.append("| N/A   %2dC    %-3s          %4dW / %4dW |  %6dMiB / %6dMiB |    %3d%%      Default |" % (
            g["temp"], g.get("perf", "P0"), g["pwr"], g.get("cap", 700), g["mem_used"], g.get("mem_tot", 81559), g["util"]))
        L.append("|                                         |                      |             Disabled |")
        L.append("+-----------------------------------------+----------------------+----------------------+")
    L += ["",
          "+---------------------------------------------------------------------------------------+",
          "| Processes:                                                                            |",
          "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
          "|        ID   ID                                                             Usage      |",
          "|=======================================================================================|"]
    if not procs:
        L.append("|  No running processes found                                                           |")
    for g, pid, name, mib in procs:
        L.append("|  %4d   N/A  N/A  %9d      C   %-38s %6dMiB |" % (g, pid, name[:38], mib))
    L.append("+---------------------------------------------------------------------------------------+")
    return L


def ensure_dir(p):
    os.makedirs(p, exist_ok=True)


class Case:
    def __init__(self, root, name, seed):
        self.root = os.path.join(root, name)
        self.name = name
        self.rng = random.Random(seed)
        self.label = None
        ensure_dir(self.root)

    def w(self, rel, lines):
        path = os.path.join(self.root, rel)
        ensure_dir(os.path.dirname(path))
        if isinstance(lines, str):
            text = lines
        else:
            text = "\n".join(lines)
        if not text.endswith("\n"):
            text += "\n"
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)

    def wj(self, rel, obj):
        self.w(rel, json.dumps(obj, indent=2, sort_keys=False))

    def set_label(self, category, layer, node, rank, action, rationale, modelled_on):
        culprit = None if node is None else {"node": node, "rank": rank}
        self.label = {"category": category, "layer": layer, "culprit": culprit, "action": action,
                      "rationale": rationale, "modelled_on": modelled_on}
        self.wj("label.json", self.label)


def merge_timed(*streams):
    """Merge lists of (t, line) by time (stable) and return lines."""
    allx = []
    for si, s in enumerate(streams):
        for k, (t, ln) in enumerate(s):
            allx.append((t, si, k, ln))
    allx.sort(key=lambda x: (x[0], x[1], x[2]))
    return [x[3] for x in allx]


def tstamp_prefix(timed):
    """kubectl logs --timestamps: prefix RFC3339Nano."""
    return ["%s %s" % (iso_z(t, 9), ln) for t, ln in timed]
