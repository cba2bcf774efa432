"""Shared helpers for corpus set 59: timestamp formatters and realistic log fragments.

Everything here is deterministic: callers pass an explicit random.Random.
All event times are timezone-aware datetimes in UTC; formatters convert to the
node's local zone where a format carries local time.
"""

import datetime as _dt
import os

UTC = _dt.timezone.utc


def tz(hours, minutes=0):
    return _dt.timezone(_dt.timedelta(hours=hours, minutes=minutes))


def T(y, mo, d, h, mi, s, us=None):
    """UTC instant. Without explicit microseconds a deterministic sub-second part is filled in,
    so that logs do not show suspiciously round times."""
    if us is None:
        us = ((y * 31 + mo * 37 + d * 41 + h * 43 + mi * 47 + s * 53) * 2654435761) % 1000000
    return _dt.datetime(y, mo, d, h, mi, s, us, tzinfo=UTC)


def sec(x):
    return _dt.timedelta(seconds=x)


_MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
_DOW = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def _loc(t, z):
    return t.astimezone(z or UTC)


# ---------------------------------------------------------------- formats
def glog(t, lvl="I", z=None):
    """classic glog prefix: E0312 09:12:44.081233"""
    l = _loc(t, z)
    return "%s%02d%02d %02d:%02d:%02d.%06d" % (lvl, l.month, l.day, l.hour, l.minute, l.second, l.microsecond)


def c10(t, lvl="E", z=None, ns_tail=None):
    """c10 logging prefix used by ProcessGroupNCCL since 2.3: E312 09:12:44.081233412"""
    l = _loc(t, z)
    if ns_tail is None:
        ns_tail = "%03d" % ((l.microsecond * 7 + 3) % 1000)
    return "%s%d%02d %02d:%02d:%02d.%06d%s" % (lvl, l.month, l.day, l.hour, l.minute, l.second, l.microsecond, ns_tail)


def elastic_new(t, lvl, pid, msg, z=None, path="torch/distributed/elastic/multiprocessing/api.py:897"):
    l = _loc(t, z)
    return "%s%02d%02d %02d:%02d:%02d.%06d %d %s] %s" % (
        lvl, l.month, l.day, l.hour, l.minute, l.second, (l.microsecond // 1000) * 1000, pid, path, msg)


def pylog_ms(t, z=None):
    l = _loc(t, z)
    return "%04d-%02d-%02d %02d:%02d:%02d,%03d" % (l.year, l.month, l.day, l.hour, l.minute, l.second, l.microsecond // 1000)


def pylog(t, z=None):
    l = _loc(t, z)
    return "%04d-%02d-%02d %02d:%02d:%02d" % (l.year, l.month, l.day, l.hour, l.minute, l.second)


def hf(t, z=None):
    l = _loc(t, z)
    return "%02d/%02d/%04d %02d:%02d:%02d" % (l.month, l.day, l.year, l.hour, l.minute, l.second)


def dmesg_T(t, z=None):
    l = _loc(t, z)
    return "[%s %s %2d %02d:%02d:%02d %04d]" % (_DOW[l.weekday()], _MON[l.month - 1], l.day, l.hour, l.minute, l.second, l.year)


def dmesg_up(t, boot):
    d = (t - boot).total_seconds()
    return "[%12.6f]" % d


def iso(t, z=None, frac=6):
    l = _loc(t, z)
    off = l.utcoffset()
    mins = int(off.total_seconds() // 60)
    sign = "+" if mins >= 0 else "-"
    mins = abs(mins)
    base = "%04d-%02d-%02dT%02d:%02d:%02d" % (l.year, l.month, l.day, l.hour, l.minute, l.second)
    if frac:
        base += "." + ("%06d" % l.microsecond)[:frac]
    return base + "%s%02d:%02d" % (sign, mins // 60, mins % 60)


def iso_z(t, frac=3):
    l = t.astimezone(UTC)
    base = "%04d-%02d-%02dT%02d:%02d:%02d" % (l.year, l.month, l.day, l.hour, l.minute, l.second)
    if frac:
        base += "." + ("%06d" % l.microsecond)[:frac]
    return base + "Z"


def syslog(t, z=None):
    l = _loc(t, z)
    return "%s %2d %02d:%02d:%02d" % (_MON[l.month - 1], l.day, l.hour, l.minute, l.second)


def slurm_ts(t, z=None):
    l = _loc(t, z)
    return "%04d-%02d-%02dT%02d:%02d:%02d" % (l.year, l.month, l.day, l.hour, l.minute, l.second)


def cfe_time(t, z=None):
    """ChildFailedError 'time' field: 2024-03-12_03:24:12 (local)"""
    l = _loc(t, z)
    return "%04d-%02d-%02d_%02d:%02d:%02d" % (l.year, l.month, l.day, l.hour, l.minute, l.second)


def epoch(t):
    return t.timestamp()


def rfc2822(t, z=None):
    l = _loc(t, z)
    off = l.utcoffset()
    mins = int(off.total_seconds() // 60)
    sign = "+" if mins >= 0 else "-"
    mins = abs(mins)
    return "%s, %02d %s %04d %02d:%02d:%02d %s%02d%02d" % (
        _DOW[l.weekday()], l.day, _MON[l.month - 1], l.year, l.hour, l.minute, l.second, sign, mins // 60, mins % 60)


def date_cmd(t, z, zname):
    """`date` output: Tue Mar 12 03:14:09 PDT 2024"""
    l = _loc(t, z)
    return "%s %s %2d %02d:%02d:%02d %s %04d" % (_DOW[l.weekday()], _MON[l.month - 1], l.day, l.hour, l.minute, l.second, zname, l.year)


# ---------------------------------------------------------------- hardware tables
DGX_H100_BUS = ["0000:1B:00.0", "0000:43:00.0", "0000:52:00.0", "0000:61:00.0",
                "0000:9D:00.0", "0000:C3:00.0", "0000:D1:00.0", "0000:DF:00.0"]
DGX_A100_BUS = ["0000:07:00.0", "0000:0F:00.0", "0000:47:00.0", "0000:4E:00.0",
                "0000:87:00.0", "0000:90:00.0", "0000:B7:00.0", "0000:BD:00.0"]
HGX_H100_BUS = ["0000:18:00.0", "0000:2A:00.0", "0000:3A:00.0", "0000:5D:00.0",
                "0000:9A:00.0", "0000:AB:00.0", "0000:BA:00.0", "0000:DB:00.0"]


def busid_short(bus):
    """0000:9D:00.0 -> 9d000 (NCCL style)"""
    return bus.split(":")[1].lower() + "000"


def xid_pci(bus):
    """0000:9D:00.0 -> PCI:0000:9d:00"""
    p = bus.lower().split(":")
    return "PCI:%s:%s:%s" % (p[0], p[1], p[2].split(".")[0])


def nvidia_smi_table(rng, when_str, gpus, driver="535.161.08", cuda="12.2", model="NVIDIA H100 80GB HBM3",
                     mem_total=81559, procs=None, util=None, mem_used=None, bad=None):
    """Render an nvidia-smi default table. procs: list of (gpu, pid, name, mib).
    bad: dict gpu->'ERR!' style override."""
    out = []
    out.append(when_str)
    out.append("+---------------------------------------------------------------------------------------+")
    out.append("| NVIDIA-SMI %-14s Driver Version: %-14s CUDA Version: %-9s|" % (driver, driver, cuda))
    out.append("|-----------------------------------------+----------------------+----------------------+")
    out.append("| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |")
    out.append("| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |")
    out.append("|                                         |                      |               MIG M. |")
    out.append("|=========================================+======================+======================|")
    for i, bus in enumerate(gpus):
        if bad and i in bad:
            out.append("| %3d  %-21s          On  | %-16s Off |                 ERR! |" % (i, model[:21], bus.replace("0000:", "00000000:")))
            out.append("|ERR!  ERR!  ERR!             ERR! / ERR! |      ERR! / %5dMiB |    ERR!      Default |" % mem_total)
            out.append("|                                         |                      |             Disabled |")
            out.append("+-----------------------------------------+----------------------+----------------------+")
            continue
        temp = rng.randint(31, 44) if not util else rng.randint(48, 71)
        pwr = rng.randint(68, 120) if not util else rng.randint(390, 690)
        used = (mem_used[i] if mem_used else rng.randint(2, 9))
        u = (util[i] if util else 0)
        out.append("| %3d  %-21s          On  | %-16s Off |                    0 |" % (i, model[:21], bus.replace("0000:", "00000000:")))
        out.append("| N/A   %2dC    P0             %3dW / 700W |  %6dMiB / %5dMiB |    %3d%%      Default |" % (temp, pwr, used, mem_total, u))
        out.append("|                                         |                      |             Disabled |")
        out.append("+-----------------------------------------+----------------------+----------------------+")
    out.append("")
    out.append("+---------------------------------------------------------------------------------------+")
    out.append("| Processes:                                                                            |")
    out.append("|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |")
    out.append("|        ID   ID                                                             Usage      |")
    out.append("|=======================================================================================|")
    if not procs:
        out.append("|  No running processes found                                                           |")
    else:
        for g, pid, name, mib in procs:
            out.append("|  %4d   N/A  N/A  %8d      C   %-38s %6dMiB |" % (g, pid, name[:38], mib))
    out.append("+---------------------------------------------------------------------------------------+")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- NCCL
def nccl_init_block(rng, host, pid, local, rank, nranks, nnodes, bus, ip, hcas, version="2.21.5+cuda12.4",
                    channels=4, ring_peers=None, ifname="ibp26s0", plugin="none"):
    tid = pid + rng.randint(150, 900)
    p = "%s:%d:%d [%d]" % (host, pid, pid, local)
    q = "%s:%d:%d [%d]" % (host, pid, tid, local)
    L = []
    L.append("%s NCCL INFO Bootstrap : Using %s:%s<0>" % (p, ifname, ip))
    if plugin == "none":
        L.append("%s NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)" % p)
        L.append("%s NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so" % p)
        L.append("%s NCCL INFO NET/Plugin: Using internal network plugin." % p)
    else:
        L.append("%s NCCL INFO NET/Plugin: Loaded net plugin %s (v8)" % (p, plugin))
    L.append("%s NCCL INFO cudaDriverVersion 12040" % p)
    if rank == 0:
        L.append("NCCL version %s" % version)
    L.append("%s NCCL INFO NET/IB : Using %s [RO]; OOB %s:%s<0>" % (
        q, " ".join("[%d]%s:1/IB" % (i, h) for i, h in enumerate(hcas)), ifname, ip))
    L.append("%s NCCL INFO Using non-device net plugin version 0" % q)
    L.append("%s NCCL INFO Using network IB" % q)
    comm = "0x%x" % rng.randint(0x55d000000000, 0x55dfffffffff)
    cid = "0x%016x" % rng.getrandbits(64)
    L.append("%s NCCL INFO comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START" % (
        q, comm, rank, nranks, local, local, busid_short(bus), cid))
    L.append("%s NCCL INFO Setting affinity for GPU %d to ffffffff,00000000,ffffffff" % (q, local))
    L.append("%s NCCL INFO comm %s rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0" % (
        q, comm, rank, nranks, nnodes, local))
    prev_r = (rank - 1) % nranks
    next_r = (rank + 1) % nranks
    for ch in range(channels):
        if local == 0:
            L.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] [receive] via NET/IB/%d/GDRDMA" % (
                q, ch, prev_r, 7, rank, local, ch % len(hcas)))
        else:
            L.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] via P2P/IPC" % (q, ch, prev_r, local - 1, rank, local))
        if local == 7:
            L.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA" % (
                q, ch, rank, local, next_r, 0, ch % len(hcas)))
    L.append("%s NCCL INFO Connected all rings" % q)
    L.append("%s NCCL INFO Connected all trees" % q)
    L.append("%s NCCL INFO threadThresholds 8/8/64 | 512/8/64 | 512 | 512" % q)
    L.append("%s NCCL INFO %d coll channels, %d collnet channels, 0 nvls channels, %d p2p channels, 2 p2p channels per peer" % (
        q, channels * 4, 0, channels * 8))
    L.append("%s NCCL INFO TUNER/Plugin: Plugin load returned 2 : libnccl-tuner.so: cannot open shared object file: No such file or directory : when loading libnccl-tuner.so" % q)
    L.append("%s NCCL INFO TUNER/Plugin: Using internal tuner plugin." % q)
    L.append("%s NCCL INFO comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE" % (
        q, comm, rank, nranks, local, local, busid_short(bus), cid))
    return L


FRAMES_WATCHDOG = [
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x{a} in {lib}/libc10.so)",
    "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x{b} in {lib}/libtorch_cuda.so)",
    "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x{c} in {lib}/libtorch_cuda.so)",
    "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x{d} in {lib}/libtorch_cuda.so)",
    "frame #4: <unknown function> + 0xdc253 (0x{e} in /lib/x86_64-linux-gnu/libstdc++.so.6)",
    "frame #5: <unknown function> + 0x94ac3 (0x{f} in /lib/x86_64-linux-gnu/libc.so.6)",
    "frame #6: clone + 0x44 (0x{g} in /lib/x86_64-linux-gnu/libc.so.6)",
]


def _frames(rng, lib):
    base = rng.randint(0x7f0000000000, 0x7fffff000000)
    vals = {}
    for k in "abcdefg":
        vals[k] = "%x" % (base + rng.randint(0, 0xffffff))
    vals["lib"] = lib
    return [f.format(**vals) for f in FRAMES_WATCHDOG]


def watchdog_timeout(rng, t, rank, seq, optype="ALLREDUCE", numel=1, timeout_ms=600000, z=None, pg="0(default_pg)",
                     lib="/usr/local/lib/python3.10/dist-packages/torch/lib", prefix=True, style="new", frames=True,
                     last_enq=None, last_done=None):
    """Full sympathetic watchdog timeout block of one rank (PyTorch 2.4/2.5 style)."""
    ran = timeout_ms + rng.randint(8, 95)
    pre = "[rank%d]:" % rank if prefix else ""
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, optype, numel, numel, timeout_ms)
    le = last_enq if last_enq is not None else seq + rng.randint(0, 2)
    ld = last_done if last_done is not None else seq - 1
    t1 = t + _dt.timedelta(microseconds=rng.randint(200, 900))
    t2 = t1 + _dt.timedelta(microseconds=rng.randint(20, 90))
    t3 = t2 + _dt.timedelta(microseconds=rng.randint(1000, 3000))
    ns = lambda: None
    L = []
    if style == "old":
        L.append("[E ProcessGroupNCCL.cpp:563] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, work, ran))
        L.append("[E ProcessGroupNCCL.cpp:1537] [PG 0 Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (rank, seq, le, ld))
        L.append("[E ProcessGroupNCCL.cpp:577] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank)
        L.append("[E ProcessGroupNCCL.cpp:583] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank)
        L.append("[E ProcessGroupNCCL.cpp:1414] [PG 0 Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, rank, work, ran))
        head = "[PG 0 Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, rank, work, ran)
    else:
        L.append("%s[%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pre, c10(t, "E", z, ns()), rank, work, ran))
        L.append("%s[%s ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (pre, c10(t1, "E", z, ns()), pg, rank, seq, le, ld))
        L.append("%s[%s ProcessGroupNCCL.cpp:1834] [PG ID 0 PG GUID %s Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (pre, c10(t1, "E", z, ns()), pg, rank, seq, le, ld))
        L.append("%s[%s ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (pre, c10(t2, "E", z, ns()), rank))
        L.append("%s[%s ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (pre, c10(t2, "E", z, ns()), rank))
        L.append("%s[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pre, c10(t3, "E", z, ns()), pg, rank, rank, work, ran))
        head = "[PG ID 0 PG GUID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pg, rank, rank, work, ran)
    if frames:
        L.append("Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):")
        L += _frames(rng, lib)
        L.append("")
    L.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    L.append("  what():  " + head)
    if frames:
        L.append("Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):")
        L += _frames(rng, lib)
        L.append("")
        L.append("Exception raised from ncclCommWatchdog at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1601 (most recent call first):")
        L += _frames(rng, lib)[:1] + ["frame #1: <unknown function> + 0x%x (0x%x in %s/libtorch_cuda.so)" % (rng.randint(0x1000000, 0x1ffffff), rng.randint(0x7f0000000000, 0x7fffff000000), lib)] + _frames(rng, lib)[4:]
        L.append("")
    return L


def fr_dump_lines(rng, t, rank, seq_done, z=None, first=False, pre=True):
    """Flight-recorder dump notices that follow a timeout."""
    p = "[rank%d]:" % rank if pre else ""
    ns = "%03d" % rng.randint(0, 999)
    if first:
        return ["%s[%s ProcessGroupNCCL.cpp:2103] [PG ID 0 PG GUID 0(default_pg) Rank %d] First PG on this rank to signal dumping." % (p, c10(t, "E", z, ns), rank)]
    return ["%s[%s ProcessGroupNCCL.cpp:1743] [PG ID 0 PG GUID 0(default_pg) Rank %d] Observed flight recorder dump signal from another rank via TCPStore." % (p, c10(t, "E", z, ns), rank),
            "%s[%s ProcessGroupNCCL.cpp:1795] [PG ID 0 PG GUID 0(default_pg) Rank %d] Received a dump signal due to a collective timeout from  rank %d and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % (p, c10(t, "E", z, ns), rank, rng.randint(0, 3), seq_done + 1, seq_done)]


# ---------------------------------------------------------------- torchrun / elastic
TORCHRUN_TB = [
    "Traceback (most recent call last):",
    '  File "{bin}", line 8, in <module>',
    "    sys.exit(main())",
    "             ^^^^^^",
    '  File "{site}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
    "    return f(*args, **kwargs)",
    "           ^^^^^^^^^^^^^^^^^^",
    '  File "{site}/torch/distributed/run.py", line 919, in main',
    "    run(args)",
    '  File "{site}/torch/distributed/run.py", line 910, in run',
    "    elastic_launch(",
    '  File "{site}/torch/distributed/launcher/api.py", line 138, in __call__',
    "    return launch_agent(self._config, self._entrypoint, list(args))",
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
    '  File "{site}/torch/distributed/launcher/api.py", line 269, in launch_agent',
    "    raise ChildFailedError(",
    "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
]


def child_failed(script, failures, root, site="/usr/local/lib/python3.10/dist-packages", binp="/usr/local/bin/torchrun",
                 tb=True):
    """failures/root: dicts with time,host,rank,local,exitcode,pid,(sig)."""
    L = []
    if tb:
        L += [x.format(site=site, bin=binp) for x in TORCHRUN_TB]
    L.append("=" * 60)
    L.append("%s FAILED" % script)
    L.append("-" * 60)
    L.append("Failures:")
    if not failures:
        L.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(failures, 1):
        L += _cfe_entry(i, f)
    L.append("-" * 60)
    L.append("Root Cause (first observed failure):")
    L += _cfe_entry(0, root)
    L.append("=" * 60)
    return L


_SIGNAME = {-6: "SIGABRT", -15: "SIGTERM", -9: "SIGKILL", -11: "SIGSEGV", -7: "SIGBUS"}


def _cfe_entry(i, f):
    L = ["[%d]:" % i,
         "  time      : %s" % f["time"],
         "  host      : %s" % f["host"],
         "  rank      : %d (local_rank: %d)" % (f["rank"], f["local"]),
         "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
         "  error_file: %s" % f.get("error_file", "<N/A>")]
    if f["exitcode"] < 0:
        L.append("  traceback : Signal %d (%s) received by PID %d" % (-f["exitcode"], _SIGNAME[f["exitcode"]], f["pid"]))
    else:
        L.append("  traceback : %s" % f.get("traceback", "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"))
    return L


def elastic_teardown(rng, t, agent_pid, pids, failed_local, exitcode, z=None, style="new", sig="SIGTERM"):
    """SIGTERM lines for the survivors then the 'failed (exitcode...)' line."""
    L = []
    cur = t
    for lr, pid in enumerate(pids):
        if lr == failed_local:
            continue
        cur = cur + _dt.timedelta(microseconds=rng.randint(500, 3000))
        if style == "new":
            L.append(elastic_new(cur, "W", agent_pid, "Sending process %d closing signal %s" % (pid, sig), z))
        else:
            L.append("[%s] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal %s" % (pylog_ms(cur, z), pid, sig))
    cur = cur + _dt.timedelta(seconds=rng.uniform(0.5, 2.5))
    msg = "failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (exitcode, failed_local, pids[failed_local])
    if style == "new":
        L.append(elastic_new(cur, "E", agent_pid, msg, z, path="torch/distributed/elastic/multiprocessing/api.py:869"))
    else:
        L.append("[%s] torch.distributed.elastic.multiprocessing.api: [ERROR] %s" % (pylog_ms(cur, z), msg))
    return L, cur


OMP_BANNER = ["*****************************************",
              "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
              "*****************************************"]


# ---------------------------------------------------------------- kernel / node
def mce_panic_lines(cpu, bank, status, addr, misc, apic, socket, tsc_epoch, microcode="0x2b000571"):
    return [
        "mce: [Hardware Error]: CPU %d: Machine Check Exception: 5 Bank %d: %s" % (cpu, bank, status),
        "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffa1c3e9b2> {intel_idle+0x72/0xc0}",
        "mce: [Hardware Error]: TSC 2d6a1f7c3b4e ADDR %s MISC %s PPIN 23a6c9d41e0f81b2" % (addr, misc),
        "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME %d SOCKET %d APIC %x microcode %s" % (tsc_epoch, socket, apic, microcode),
        "mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
        "mce: [Hardware Error]: Machine check: Processor context corrupt",
        "Kernel panic - not syncing: Fatal machine check",
    ]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


class Stream:
    """Collects (time, lines) events and renders them in time order (stable)."""

    def __init__(self):
        self.ev = []

    def add(self, t, lines):
        if isinstance(lines, str):
            lines = [lines]
        self.ev.append((t, len(self.ev), list(lines)))

    def extend(self, other):
        for t, _, lines in other.ev:
            self.add(t, lines)

    def text(self):
        out = []
        for t, _, lines in sorted(self.ev, key=lambda e: (e[0], e[1])):
            out.extend(lines)
        return "\n".join(out) + "\n"


FRAMES_CUDA = [
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x{a} in {lib}/libc10.so)",
    "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x{b} in {lib}/libc10.so)",
    "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x{c} in {lib}/libc10_cuda.so)",
    "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x{d} in {lib}/libtorch_cuda.so)",
    "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (0x{e} in {lib}/libtorch_cuda.so)",
    "frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da (0x{f} in {lib}/libtorch_cuda.so)",
    "frame #6: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x{g} in {lib}/libtorch_cuda.so)",
    "frame #7: <unknown function> + 0xdc253 (0x{h} in /lib/x86_64-linux-gnu/libstdc++.so.6)",
    "frame #8: <unknown function> + 0x94ac3 (0x{i} in /lib/x86_64-linux-gnu/libc.so.6)",
    "frame #9: clone + 0x44 (0x{j} in /lib/x86_64-linux-gnu/libc.so.6)",
]


def _cframes(rng, lib):
    base = rng.randint(0x7f0000000000, 0x7fffff000000)
    vals = {k: "%x" % (base + rng.randint(0, 0xffffff)) for k in "abcdefghij"}
    vals["lib"] = lib
    return [f.format(**vals) for f in FRAMES_CUDA]


def watchdog_cuda_error(rng, t, rank, err, z=None, lib="/usr/local/lib/python3.10/dist-packages/torch/lib", prefix=True,
                        pg="0(default_pg)"):
    """Watchdog thread dies on a CUDA error reported by the GPU (sticky error), then abort."""
    pre = "[rank%d]:" % rank if prefix else ""
    head = "[PG ID 0 PG GUID %s Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (pg, rank, err)
    tail = ["CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            ""]
    out = ["%s[%s ProcessGroupNCCL.cpp:1595] %s" % (pre, c10(t, "E", z, "%03d" % rng.randint(0, 999)), head)]
    out += tail
    out.append("Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):")
    out += _cframes(rng, lib)
    out.append("")
    out.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    out.append("  what():  " + head)
    out += tail
    out.append("Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):")
    out += _cframes(rng, lib)
    out.append("")
    out.append("Exception raised from ncclCommWatchdog at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1601 (most recent call first):")
    out += _cframes(rng, lib)[:1] + _cframes(rng, lib)[7:]
    out.append("")
    return out


def iso_short(t, z=None):
    """journalctl -o short-iso: 2024-09-18T14:02:11+0200"""
    s = iso(t, z, 0)
    return s[:-3] + s[-2:]
