"""Shared formatting helpers for corpus set 87 (Kubernetes / managed-cloud jobs).

Standard library only. Everything is deterministic: callers pass explicit
datetimes and a seeded random.Random where variation is wanted.
"""

import datetime as _dt
import json

PY = "/usr/local/lib/python3.10/dist-packages"
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
          "Oct", "Nov", "Dec"]
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def T(y, mo, d, h, mi, s, us=0):
    return _dt.datetime(y, mo, d, h, mi, s, us)


def plus(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- timestamps
def k8s_ts(t):
    """kubectl logs --timestamps prefix (RFC3339 with nanoseconds)."""
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d" % t.microsecond + "417Z"


def glog(level, t):
    """c10d glog-style stamp: E514 03:12:44.123456789 (month not padded)."""
    return "%s%d%02d %s.%06d%03d" % (level, t.month, t.day,
                                     t.strftime("%H:%M:%S"), t.microsecond,
                                     (t.microsecond * 7) % 1000)


def elastic(level, t, tid, where, msg):
    """torch.distributed.elastic logging line (torch >= 2.3)."""
    return "%s%02d%02d %s.%06d %d %s] %s" % (level, t.month, t.day,
                                            t.strftime("%H:%M:%S"),
                                            t.microsecond, tid, where, msg)


def pylog(t, ms=True):
    """Python logging asctime: 2024-05-14 03:12:44,123"""
    return t.strftime("%Y-%m-%d %H:%M:%S") + (",%03d" % (t.microsecond // 1000) if ms else "")


def ctime(t):
    return "%s %s %2d %s %d" % (DAYS[t.weekday()], MONTHS[t.month - 1], t.day,
                                t.strftime("%H:%M:%S"), t.year)


def dmesg(uptime, msg):
    return "[%5d.%06d] %s" % (int(uptime), int(round((uptime % 1) * 1e6)) % 1000000, msg)


def dmesg_T(t, msg):
    return "[%s] %s" % (ctime(t), msg)


def syslog(t, host, tag, msg):
    return "%s %2d %s %s %s: %s" % (MONTHS[t.month - 1], t.day,
                                    t.strftime("%H:%M:%S"), host, tag, msg)


def age(seconds):
    seconds = int(seconds)
    if seconds < 120:
        return "%ds" % seconds
    if seconds < 3600 * 2:
        return "%dm" % (seconds // 60)
    if seconds < 86400 * 2:
        h, m = divmod(seconds // 60, 60)
        return "%dh%dm" % (h, m) if m and h < 10 else "%dh" % h
    return "%dd" % (seconds // 86400)


# ---------------------------------------------------------------- tables
def table(headers, rows, gap=3):
    widths = [len(h) for h in headers]
    for r in rows:
        for i, c in enumerate(r):
            widths[i] = max(widths[i], len(str(c)))
    out = []
    for r in [headers] + rows:
        cells = [str(c).ljust(widths[i] + (gap if i < len(r) - 1 else 0))
                 for i, c in enumerate(r)]
        out.append("".join(cells).rstrip())
    return "\n".join(out) + "\n"


def pods_wide(rows):
    """rows: (name, ready, status, restarts, age, ip, node)"""
    return table(["NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE",
                  "NOMINATED NODE", "READINESS GATES"],
                 [list(r) + ["<none>", "<none>"] for r in rows])


def events(rows):
    """rows: (last_seen, type, reason, object, message)"""
    return table(["LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"], rows)


def nodes_wide(rows):
    """rows: (name, status, roles, age, version, internal_ip)"""
    return table(["NAME", "STATUS", "ROLES", "AGE", "VERSION", "INTERNAL-IP",
                  "EXTERNAL-IP", "OS-IMAGE", "KERNEL-VERSION",
                  "CONTAINER-RUNTIME"],
                 [list(r) + ["<none>", "Ubuntu 22.04.4 LTS", "5.15.0-1057-gke",
                             "containerd://1.7.13"] for r in rows])


def describe_pod(name, ns, node, node_ip, pod_ip, start, image, state_lines,
                 last_state_lines=None, restarts=0, labels=None, env=None,
                 limits=None, events_rows=None, status="Running", qos="Guaranteed",
                 command=None, reason=None, message=None):
    L = []
    L.append("Name:             %s" % name)
    L.append("Namespace:        %s" % ns)
    L.append("Priority:         0")
    L.append("Service Account:  default")
    L.append("Node:             %s/%s" % (node, node_ip))
    L.append("Start Time:       %s" % start.strftime("%a, %d %b %Y %H:%M:%S +0000"))
    labels = labels or {}
    first = True
    for k, v in labels.items():
        L.append("%s%s=%s" % ("Labels:           " if first else "                  ", k, v))
        first = False
    if first:
        L.append("Labels:           <none>")
    L.append("Status:           %s" % status)
    if reason:
        L.append("Reason:           %s" % reason)
    if message:
        L.append("Message:          %s" % message)
    L.append("IP:               %s" % pod_ip)
    L.append("Containers:")
    L.append("  pytorch:")
    L.append("    Container ID:  containerd://%s" % "".join("%016x" % hash_str(name + str(i)) for i in range(4)))
    L.append("    Image:         %s" % image)
    if command:
        L.append("    Command:")
        for c in command:
            L.append("      %s" % c)
    for s in state_lines:
        L.append("    " + s)
    if last_state_lines:
        for s in last_state_lines:
            L.append("    " + s)
    L.append("    Ready:          %s" % ("True" if status == "Running" else "False"))
    L.append("    Restart Count:  %d" % restarts)
    limits = limits or {"cpu": "180", "memory": "1600Gi", "nvidia.com/gpu": "8"}
    L.append("    Limits:")
    for k, v in limits.items():
        L.append("      %-16s %s" % (k + ":", v))
    L.append("    Requests:")
    for k, v in limits.items():
        L.append("      %-16s %s" % (k + ":", v))
    if env:
        L.append("    Environment:")
        for k, v in env.items():
            L.append("      %s:  %s" % (k, v))
    L.append("QoS Class:                   %s" % qos)
    L.append("Node-Selectors:              <none>")
    L.append("Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s")
    L.append("                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s")
    L.append("                             nvidia.com/gpu:NoSchedule op=Exists")
    L.append("Events:")
    if events_rows:
        L.append("  " + table(["Type", "Reason", "Age", "From", "Message"],
                              [list(r) for r in events_rows]).replace("\n", "\n  ").rstrip())
    else:
        L.append("  <none>")
    return "\n".join(L) + "\n"


def hash_str(s):
    h = 1469598103934665603
    for ch in s:
        h = ((h ^ ord(ch)) * 1099511628211) & ((1 << 64) - 1)
    return h


# ---------------------------------------------------------------- torch
def tb(frames, exc):
    """Python traceback text. frames: list of (file, line, func, code)."""
    out = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append('  File "%s", line %d, in %s' % (f, ln, fn))
        if code:
            out.append("    " + code)
    out.extend(exc.split("\n"))
    return out


def rank_prefix(rank, lines):
    return ["[rank%d]: %s" % (rank, l) if l else "[rank%d]:" % rank for l in lines]


def watchdog_timeout(rank, t, seq, op, numel, timeout_ms=600000, ran_ms=None,
                     pg="0 PG GUID 0(default_pg)", last_enq=None, last_done=None,
                     frames=True):
    ran_ms = ran_ms or timeout_ms + 19 + (rank * 7) % 60
    last_enq = seq if last_enq is None else last_enq
    last_done = seq - 1 if last_done is None else last_done
    w = ("WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) "
         "ran for %d milliseconds before timing out." % (seq, op, numel, numel,
                                                         timeout_ms, ran_ms))
    p = "[rank%d]:[%s ProcessGroupNCCL.cpp:%d] "
    L = [
        p % (rank, glog("E", t), 616) + "[Rank %d] Watchdog caught collective operation timeout: %s" % (rank, w),
        p % (rank, glog("E", plus(t, 0.002)), 1785) + "[PG ID %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (pg, rank, seq, last_enq, last_done),
        p % (rank, glog("E", plus(t, 0.002)), 630) + "[Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank,
        p % (rank, glog("E", plus(t, 0.002)), 636) + "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank,
        p % (rank, glog("E", plus(t, 0.003)), 1595) + "[PG ID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s" % (pg, rank, rank, w),
    ]
    if frames:
        L += [
            "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
            "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3c1d16e446 in %s/torch/lib/libc10.so)" % PY,
            "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x282 (0x7f3bd2a3a772 in %s/torch/lib/libtorch_cuda.so)" % PY,
            "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3bd2a41bb3 in %s/torch/lib/libtorch_cuda.so)" % PY,
            "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3bd2a4361d in %s/torch/lib/libtorch_cuda.so)" % PY,
            "frame #4: <unknown function> + 0xdc253 (0x7f3c1ccb0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
            "frame #5: <unknown function> + 0x94ac3 (0x7f3c1f0a1ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
            "frame #6: <unknown function> + 0x126850 (0x7f3c1f133850 in /lib/x86_64-linux-gnu/libc.so.6)",
            "",
            "terminate called after throwing an instance of 'c10::DistBackendError'",
            "  what():  [PG ID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s" % (pg, rank, rank, w),
        ]
    return L


def child_failed(script, failures, root, t, py=PY):
    """failures/root: dict(host, rank, local_rank, exitcode, pid, traceback)"""
    def blk(i, f):
        return [
            "[%d]:" % i,
            "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
            "  host      : %s" % f["host"],
            "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
            "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
            "  error_file: %s" % f.get("error_file", "<N/A>"),
            "  traceback : %s" % f.get("traceback", "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"),
        ]
    L = tb([
        ("/usr/local/bin/torchrun" if py == PY else py.split("/lib/")[0] + "/bin/torchrun", 8, "<module>", "sys.exit(main())"),
        (py + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)"),
        (py + "/torch/distributed/run.py", 919, "main", "run(args)"),
        (py + "/torch/distributed/run.py", 910, "run", "elastic_launch("),
        (py + "/torch/distributed/launcher/api.py", 138, "__call__", "return launch_agent(self._config, self._entrypoint, list(args))"),
        (py + "/torch/distributed/launcher/api.py", 269, "launch_agent", "raise ChildFailedError("),
    ], "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    L.append("=" * 60)
    L.append("%s FAILED" % script)
    L.append("-" * 60)
    L.append("Failures:")
    if failures:
        for i, f in enumerate(failures, 1):
            L += blk(i, f)
    else:
        L.append("  <NO_OTHER_FAILURES>")
    L.append("-" * 60)
    L.append("Root Cause (first observed failure):")
    L += blk(0, root)
    L.append("=" * 60)
    return L


def sigterm_lines(t, tid, pids, where="torch/distributed/elastic/multiprocessing/api.py:897"):
    return [elastic("W", plus(t, 0.001 * i), tid, where,
                    "Sending process %d closing signal SIGTERM" % p)
            for i, p in enumerate(pids)]


def nccl_init(host, pid, lr, rank, nranks, t=None, net="IB", ver="2.21.5",
              cuda="12040", ifname="eth0", ip="10.0.0.1", hcas=None, plugin=None,
              extra=None):
    tid = pid + 97 + lr
    p = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, lr)
    q = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, lr)
    L = []
    if rank == 0:
        L.append(p + "cudaDriverVersion %s" % cuda)
    L.append(p + "Bootstrap : Using %s:%s<0>" % (ifname, ip))
    if plugin:
        L.append(p + plugin)
    else:
        L.append(p + "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.")
    if rank == 0:
        L.append("NCCL version %s+cuda12.4" % ver)
    if net == "IB":
        hcas = hcas or ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]
        L.append(q + "NET/IB : Using " + " ".join("[%d]%s:1/IB" % (i, h) for i, h in enumerate(hcas)) + " [RO]; OOB %s:%s<0>" % (ifname, ip))
        L.append(q + "Using network IB")
    elif net == "Socket":
        L.append(q + "NET/IB : No device found.")
        L.append(q + "NET/Socket : Using [0]%s:%s<0>" % (ifname, ip))
        L.append(q + "Using network Socket")
    else:
        L.append(q + net)
    if extra:
        L += [q + e for e in extra]
    L.append(q + "ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s - Init START" % (0x55d0c0a3b000 + rank * 0x1000, rank, nranks, lr, lr, BUS[lr % 8] + "000"))
    L.append(q + "comm 0x%x rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0" % (0x55d0c0a3b000 + rank * 0x1000, rank, nranks, max(1, nranks // 8), lr))
    L.append(q + "ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x5f1e2d3c4b5a6978 - Init COMPLETE" % (0x55d0c0a3b000 + rank * 0x1000, rank, nranks, lr, lr, BUS[lr % 8] + "000"))
    return L


BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]  # H100 HGX style bus ids
PCI = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00",
       "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]


def nvsmi_table(gpus, driver="550.54.15", cuda="12.4", stamp="Tue May 14 03:41:07 2024",
                name="NVIDIA H100 80GB HBM3", procs=None):
    """gpus: list of dict(temp, perf, pwr, cap, mem, util, ecc) per GPU."""
    L = [stamp,
         "+-----------------------------------------------------------------------------------------+",
         "| NVIDIA-SMI %-10s             Driver Version: %-10s     CUDA Version: %-5s    |" % (driver, driver, cuda),
         "|-----------------------------------------+------------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                        |               MIG M. |",
         "|=========================================+========================+======================|"]
    for i, g in enumerate(gpus):
        L.append("|  %d  %-22s      On  |   00000000:%s.0 Off |  %19s |" % (i, name[:22], PCI[i][5:], g.get("ecc", "0")))
        L.append("| N/A   %2dC    %-3s          %3dW / %3dW |  %6dMiB /  81559MiB |    %3d%%      Default |" % (g.get("temp", 35), g.get("perf", "P0"), g.get("pwr", 120), g.get("cap", 700), g.get("mem", 0), g.get("util", 0)))
        L.append("|                                         |                        |             Disabled |")
        L.append("+-----------------------------------------+------------------------+----------------------+")
    L.append("")
    L.append("+-----------------------------------------------------------------------------------------+")
    L.append("| Processes:                                                                              |")
    L.append("|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |")
    L.append("|        ID   ID                                                               Usage      |")
    L.append("|=========================================================================================|")
    if procs:
        for gi, pid, pname, mem in procs:
            L.append("|    %d   N/A  N/A    %7d      C   %-40s %8dMiB |" % (gi, pid, pname, mem))
    else:
        L.append("|  No running processes found                                                             |")
    L.append("+-----------------------------------------------------------------------------------------+")
    return "\n".join(L) + "\n"


def lines(*parts):
    out = []
    for p in parts:
        if isinstance(p, str):
            out.append(p)
        else:
            out.extend(p)
    return "\n".join(out) + "\n"


def stamp_lines(pairs):
    """pairs: list of (datetime, text) -> kubectl logs --timestamps text."""
    out = []
    for t, txt in pairs:
        for l in txt.split("\n"):
            out.append("%s %s" % (k8s_ts(t), l))
    return "\n".join(out) + "\n"


def dumps(obj):
    return json.dumps(obj, indent=2, sort_keys=False) + "\n"


class Log:
    """Collects (time, text) pairs for one container log."""

    def __init__(self):
        self.items = []

    def add(self, t, *texts):
        for x in texts:
            if isinstance(x, str):
                self.items.append((t, x))
            else:
                for y in x:
                    self.items.append((t, y))
        return self

    def text(self, timestamps=True):
        items = sorted(self.items, key=lambda p: p[0]) if timestamps else self.items
        if timestamps:
            return stamp_lines(items)
        return "\n".join(x for _, x in items) + "\n"
