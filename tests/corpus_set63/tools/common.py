"""Shared helpers for corpus set 63: timestamp styles and realistic log fragments.

Everything here is deterministic: callers pass datetimes and random.Random
instances seeded with fixed values.
"""
from datetime import datetime, timedelta, timezone
import random

UTC = timezone.utc

TORCH_LIB = "/usr/local/lib/python3.10/dist-packages/torch/lib"
TORCH_PY = "/usr/local/lib/python3.10/dist-packages/torch"


# ---------------------------------------------------------------- timestamps
def dt(y, mo, d, h, mi, s, us=0, tz=UTC):
    return datetime(y, mo, d, h, mi, s, us, tzinfo=tz)


def ts_py(t):
    """Python logging default: 2024-05-14 10:02:11,120"""
    return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (t.microsecond // 1000)


def ts_glog(t, level="E", ns_extra=None):
    """glog / c10 style: E0514 10:02:11.120331 (or with 9 fractional digits)."""
    frac = "%06d" % t.microsecond
    if ns_extra is not None:
        frac += "%03d" % ns_extra
    return "%s%s %s.%s" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S"), frac)


def ts_ctime(t):
    """dmesg -T style: Tue May 14 10:02:11 2024 (day space padded)."""
    return "%s %2d %s" % (t.strftime("%a %b"), t.day, t.strftime("%H:%M:%S %Y"))


def ts_iso(t):
    return t.isoformat(timespec="microseconds")


def ts_syslog(t):
    return "%s %2d %s" % (t.strftime("%b"), t.day, t.strftime("%H:%M:%S"))


def ts_elastic(t):
    """torchelastic error summary: 2024-05-14_10:42:14"""
    return t.strftime("%Y-%m-%d_%H:%M:%S")


def ts_ds(t):
    """DeepSpeed / older torchrun bracket style: [2024-05-14 10:02:11,120]"""
    return "[%s]" % ts_py(t)


def epoch(t):
    return int(t.timestamp())


def add(t, **kw):
    return t + timedelta(**kw)


# ---------------------------------------------------------------- NCCL init
def nccl_init_lines(host, pid, tid, local_rank, rank, nranks, nnodes, ip, iface,
                    hcas, rng, version="2.20.5+cuda12.4", comm_id=None, nvls=False,
                    plugin_missing=True, bus_ids=None, channels=4):
    """A plausible NCCL_DEBUG=INFO init sequence for one rank."""
    p = "%s:%d:%d [%d]" % (host, pid, pid, local_rank)
    q = "%s:%d:%d [%d]" % (host, pid, tid, local_rank)
    out = []
    out.append("%s NCCL INFO Bootstrap : Using %s:%s<0>" % (p, iface, ip))
    if plugin_missing:
        out.append("%s NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)" % p)
        out.append("%s NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so" % p)
        out.append("%s NCCL INFO NET/Plugin: Using internal network plugin." % p)
    out.append("%s NCCL INFO cudaDriverVersion 12040" % p)
    if rank == 0:
        out.append("NCCL version %s" % version)
    hca_s = " ".join("[%d]%s:1/IB" % (i, h) for i, h in enumerate(hcas))
    out.append("%s NCCL INFO NET/IB : Using %s [RO]; OOB %s:%s<0>" % (q, hca_s, iface, ip))
    out.append("%s NCCL INFO Using non-device net plugin version 0" % q)
    out.append("%s NCCL INFO Using network IB" % q)
    cid = comm_id or "0x%016x" % rng.getrandbits(64)
    bus = (bus_ids or ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"])[local_rank % 8]
    ptr = "0x%x" % (0x55d100000000 + rng.getrandbits(28))
    out.append("%s NCCL INFO comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START" % (q, ptr, rank, nranks, local_rank, local_rank, bus, cid))
    out.append("%s NCCL INFO Setting affinity for GPU %d to ffffffff,00000000,ffffffff" % (q, local_rank))
    if nvls:
        out.append("%s NCCL INFO NVLS multicast support is available on dev %d" % (q, local_rank))
    lr = nranks // nnodes if nnodes else nranks
    out.append("%s NCCL INFO comm %s rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0" % (q, ptr, rank, nranks, nnodes, lr, local_rank))
    for c in range(channels):
        out.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA" % (
            q, c, rank, local_rank, (rank + lr) % nranks, local_rank, c % max(1, len(hcas))))
    for c in range(channels):
        out.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read" % (
            q, c, rank, local_rank, rank - local_rank + (local_rank + 1) % lr, (local_rank + 1) % lr))
    out.append("%s NCCL INFO Connected all rings" % q)
    out.append("%s NCCL INFO Connected all trees" % q)
    out.append("%s NCCL INFO threadThresholds 8/8/64 | %d/8/64 | 512 | 512" % (q, nranks * 8))
    out.append("%s NCCL INFO 32 coll channels, 32 collnet channels, %d nvls channels, 32 p2p channels, 32 p2p channels per peer" % (q, 16 if nvls else 0))
    out.append("%s NCCL INFO comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE" % (q, ptr, rank, nranks, local_rank, local_rank, bus, cid))
    return out


# ---------------------------------------------------------------- watchdog
def watchdog_timeout(rank, t, seq, optype="ALLREDUCE", numel=1, timeout_ms=600000,
                     pg="0 (default_pg)", prefix=True, rng=None, lib=TORCH_LIB):
    """PyTorch 2.3/2.4 ProcessGroupNCCL watchdog timeout + DistBackendError abort."""
    rng = rng or random.Random(rank * 7919 + seq)
    ran = timeout_ms + rng.randint(8, 95)
    pre = "[rank%d]:" % rank if prefix else ""
    g = lambda k, extra=0: ts_glog(t + timedelta(microseconds=extra), "E", rng.randint(0, 999))
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, optype, numel, numel, timeout_ms)
    head = "[Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, work, ran)
    out = [
        "%s[%s ProcessGroupNCCL.cpp:616] %s" % (pre, g(0), head),
        "%s[%s ProcessGroupNCCL.cpp:1785] [PG %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (pre, g(0, 310), pg, rank, seq, seq, seq - 1),
        "%s[%s ProcessGroupNCCL.cpp:1834] [PG %s Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (pre, g(0, 322), pg, rank, seq, seq, seq - 1),
        "%s[%s ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (pre, g(0, 330), rank),
        "%s[%s ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (pre, g(0, 335), rank),
        "%s[%s ProcessGroupNCCL.cpp:1595] [PG %s Rank %d] Process group watchdog thread terminated with exception: %s" % (pre, g(0, 2470), pg, rank, head),
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
    ]
    base = 0x7f0000000000 + (rng.getrandbits(24) << 12)
    frames = [
        ("c10::Error::Error(c10::SourceLocation, std::string) + 0x96", "libc10.so"),
        ("c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2", "libtorch_cuda.so"),
        ("c10d::ProcessGroupNCCL::watchdogHandler() + 0x233", "libtorch_cuda.so"),
        ("c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d", "libtorch_cuda.so"),
    ]
    for i, (fn, so) in enumerate(frames):
        out.append("frame #%d: %s (0x%x in %s/%s)" % (i, fn, base + 0x1a0000 * (i + 1) + rng.getrandbits(16), lib, so))
    out.append("frame #4: <unknown function> + 0xdc253 (0x%x in /lib/x86_64-linux-gnu/libstdc++.so.6)" % (base + 0x9dc253))
    out.append("frame #5: <unknown function> + 0x94ac3 (0x%x in /lib/x86_64-linux-gnu/libc.so.6)" % (base + 0xa94ac3))
    out.append("frame #6: clone + 0x44 (0x%x in /lib/x86_64-linux-gnu/libc.so.6)" % (base + 0xb26850))
    out.append("")
    out.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    out.append("  what():  [PG %s Rank %d] Process group watchdog thread terminated with exception: %s" % (pg, rank, head))
    if pre:
        out = [l if l.startswith(pre) or not l else pre + l for l in out]
    return out


def destroy_pg_warning(rank, t):
    return ("[rank%d]:[%s ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. "
            "On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. "
            "In rare cases this process can exit before this point and block the progress of another member of the process group. "
            "This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % (rank, ts_glog(t, "W", 117)))


# ---------------------------------------------------------------- tracebacks
def traceback(frames, exc_lines, prefix="", caret=False):
    """frames: list of (file, line, func, code). exc_lines: final exception lines."""
    out = [prefix + "Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(prefix + '  File "%s", line %d, in %s' % (f, ln, fn))
        if code:
            out.append(prefix + "    " + code)
            if caret and not code.startswith(("return", "self.", "raise")) and "(" in code:
                out.append(prefix + "    " + "^" * min(len(code), 60))
    for e in exc_lines:
        out.append(prefix + e)
    return out


# ---------------------------------------------------------------- torchrun / elastic
def elastic_agent_sigterm(t, pids, style="new", agent_tid=140213987):
    out = []
    for i, pid in enumerate(pids):
        tt = t + timedelta(milliseconds=3 * i)
        if style == "new":
            out.append("W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (
                ts_glog(tt, "")[0:] , agent_tid, pid))
        else:
            out.append("%s torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal SIGTERM" % (ts_ds(tt), pid))
    return out


def elastic_failed_line(t, exitcode, local_rank, pid, style="new", binary="/usr/bin/python3", agent_tid=140213987):
    if style == "new":
        return "E%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (
            ts_glog(t, ""), agent_tid, exitcode, local_rank, pid, binary)
    return "%s torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (
        ts_ds(t), exitcode, local_rank, pid, binary)


def _fail_block(idx, f):
    out = ["[%d]:" % idx,
           "  time      : %s" % ts_elastic(f["time"]),
           "  host      : %s" % f["host"],
           "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
           "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"])]
    if f.get("error_file"):
        out.append("  error_file: %s" % f["error_file"])
        tb = f["traceback"]
        out.append("  traceback : " + tb[0])
        for l in tb[1:]:
            out.append("  " + l)
    else:
        out.append("  error_file: <N/A>")
        if f["exitcode"] < 0:
            sig = {-6: "6 (SIGABRT)", -9: "9 (SIGKILL)", -15: "15 (SIGTERM)", -7: "7 (SIGBUS)", -11: "11 (SIGSEGV)"}[f["exitcode"]]
            out.append("  traceback : Signal %s received by PID %d" % (sig, f["pid"]))
        else:
            out.append("  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    return out


def elastic_summary(script, root, others, torchrun_bin="/usr/local/bin/torchrun"):
    out = ["Traceback (most recent call last):",
           '  File "%s", line 8, in <module>' % torchrun_bin,
           "    sys.exit(main())",
           '  File "%s/distributed/elastic/multiprocessing/errors/__init__.py", line 348, in wrapper' % TORCH_PY,
           "    return f(*args, **kwargs)",
           '  File "%s/distributed/run.py", line 901, in main' % TORCH_PY,
           "    run(args)",
           '  File "%s/distributed/run.py", line 892, in run' % TORCH_PY,
           "    elastic_launch(",
           '  File "%s/distributed/launcher/api.py", line 133, in __call__' % TORCH_PY,
           "    return launch_agent(self._config, self._entrypoint, list(args))",
           '  File "%s/distributed/launcher/api.py", line 264, in launch_agent' % TORCH_PY,
           "    raise ChildFailedError(",
           "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
           "=" * 60,
           "%s FAILED" % script,
           "-" * 60,
           "Failures:"]
    if not others:
        out.append("  <NO_OTHER_FAILURES>")
    else:
        for i, f in enumerate(others, 1):
            out.extend(_fail_block(i, f))
    out.append("-" * 60)
    out.append("Root Cause (first observed failure):")
    out.extend(_fail_block(0, root))
    out.append("=" * 60)
    return out


# ---------------------------------------------------------------- nvidia-smi
def nvidia_smi(t, gpus, procs, driver="550.54.15", cuda="12.4", name="NVIDIA H100 80GB HBM3",
               total_mib=81559, bus_ids=None):
    """gpus: list of dicts (used_mib, util, temp, power). procs: list of (gpu, pid, name, mib)."""
    bus_ids = bus_ids or ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
                          "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]
    W = 91
    out = [t.strftime("%a %b %d %H:%M:%S %Y") + "       ",
           "+" + "-" * (W - 2) + "+",
           "| NVIDIA-SMI %-22s Driver Version: %-14s CUDA Version: %-9s|" % (driver, driver, cuda),
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                        |               MIG M. |",
           "|=========================================+========================+======================|"]
    for i, g in enumerate(gpus):
        out.append("|" + " %3d  %-31sOn  " % (i, name[:31]) + "|" + "   %s Off " % bus_ids[i] + "|" + "%21s " % "0" + "|")
        pw = "%4dW /  700W " % g.get("power", 118)
        out.append("|" + (" N/A   %2dC    P0" % g.get("temp", 34)).ljust(41 - len(pw)) + pw + "|" +
                   "%8dMiB / %6dMiB " % (g["used_mib"], total_mib) + "|" + "%7d%%      Default " % g.get("util", 0) + "|")
        out.append("|" + " " * 41 + "|" + " " * 24 + "|" + "             Disabled " + "|")
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out.append("")
    out.append("+" + "-" * (W - 2) + "+")
    out.append("| Processes:" + " " * (W - 13) + "|")
    out.append("|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |")
    out.append("|        ID   ID                                                               Usage      |")
    out.append("|" + "=" * (W - 2) + "|")
    if not procs:
        out.append("|  No running processes found".ljust(W - 1) + "|")
    for g, pid, pname, mib in procs:
        left = "|  %3d   N/A  N/A  %8d      C   %s" % (g, pid, pname[-40:])
        right = "%dMiB |" % mib
        out.append(left + " " * (W - len(left) - len(right)) + right)
    out.append("+" + "-" * (W - 2) + "+")
    return out


# ---------------------------------------------------------------- misc noise
def hf_progress(step, total, elapsed_s, rate_s_per_it):
    pct = int(100 * step / total)
    bar_len = 10
    filled = int(bar_len * step / total)
    bar = "\u2588" * filled + " " * (bar_len - filled)
    def fmt(s):
        s = int(s)
        h, r = divmod(s, 3600)
        m, s2 = divmod(r, 60)
        return "%d:%02d:%02d" % (h, m, s2) if h else "%02d:%02d" % (m, s2)
    remaining = (total - step) * rate_s_per_it
    return "%3d%%|%s| %d/%d [%s<%s, %.2fs/it]" % (pct, bar, step, total, fmt(elapsed_s), fmt(remaining), rate_s_per_it)


def write_lines(lines):
    return "\n".join(lines) + "\n"
