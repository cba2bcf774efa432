"""Log-format helpers for the corpus_set34 generator (standard library only).

Every helper is deterministic: callers pass in datetimes and a random.Random
seeded per case.  Formats imitate what the real tools print (torchrun /
torch.distributed.elastic, c10d glog-style C++ lines, NCCL debug lines,
kernel ring buffer, journalctl, nvidia-smi, sacct, ibstat ...).
"""
import datetime as _dt

UTC = _dt.timezone.utc


def tz(hours):
    return _dt.timezone(_dt.timedelta(hours=hours))


def at(base, seconds):
    return base + _dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- timestamps
def glog_ts(t, level="I", nanos=True):
    """Torch C++ glog style: E1014 03:12:45.123456789 (new) or .123456 (old)."""
    frac = "%06d" % t.microsecond
    if nanos:
        frac += "%03d" % ((t.microsecond * 7 + 311) % 1000)
    return "%s%s %s.%s" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S"), frac)


def py_ts(t):
    """Python logging default asctime: 2024-10-14 03:12:45,123"""
    return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (t.microsecond // 1000)


def iso(t, ms=True):
    s = t.strftime("%Y-%m-%dT%H:%M:%S")
    if ms:
        s += ".%03d" % (t.microsecond // 1000)
    off = t.strftime("%z")
    if off in ("+0000", ""):
        return s + "Z"
    return s + off[:3] + ":" + off[3:]


def syslog_ts(t):
    return t.strftime("%b %d %H:%M:%S").replace(" 0", "  ", 1) if t.day < 10 else t.strftime("%b %d %H:%M:%S")


def dmesg_ts(boot, t):
    secs = (t - boot).total_seconds()
    return "[%12.6f]" % secs


def dmesg_T(t):
    return t.strftime("[%a %b %d %H:%M:%S %Y]")


# ------------------------------------------------------------- torch pieces
def torchrun_line(t, level, pid, path, msg, style="new"):
    """torch.distributed.elastic python logging.

    style new  (2.3+):  W1014 03:12:45.123000 140234 torch/distributed/...py:858] msg
    style mid  (2.1/2.2): [2024-10-14 03:12:45,123] torch.distributed.elastic...: [WARNING] msg
    """
    if style == "new":
        return "%s%s %s.%06d %d %s] %s" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S"),
                                           t.microsecond, pid, path, msg)
    lv = {"I": "INFO", "W": "WARNING", "E": "ERROR"}[level]
    mod = path.replace("/", ".").rsplit(".py", 1)[0].split(":")[0]
    return "[%s] %s: [%s] %s" % (py_ts(t), mod, lv, msg)


def child_failed(script, failures, root, style="new"):
    """failures/root: dicts with time(datetime), host, rank, local_rank, exitcode, pid, extra."""
    out = []
    out.append("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    out.append("=" * 60)
    out.append("%s FAILED" % script)
    out.append("-" * 60)
    out.append("Failures:")
    if not failures:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(failures, 1):
        out += _failure_block(i, f)
    out.append("-" * 60)
    out.append("Root Cause (first observed failure):")
    out += _failure_block(0, root)
    out.append("=" * 60)
    return out


def _failure_block(i, f):
    ec = f["exitcode"]
    ecs = "%d (pid: %d)" % (ec, f["pid"])
    lines = ["[%d]:" % i,
             "  time      : %s" % f["time"].strftime("%Y-%m-%d_%H:%M:%S"),
             "  host      : %s" % f["host"],
             "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
             "  exitcode  : %s" % ecs,
             "  error_file: <N/A>"]
    if ec < 0:
        sig = {-9: "SIGKILL", -15: "SIGTERM", -6: "SIGABRT", -7: "SIGBUS", -11: "SIGSEGV"}[ec]
        lines.append("  traceback : Signal %d (%s) received by PID %d" % (-ec, sig, f["pid"]))
    else:
        lines.append("  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    return lines


def watchdog_timeout(t, rank, seq, op, numel, timeout_ms=600000, ran_ms=None, pg="0", prefix=True, style="new",
                     last_enq=None, last_done=None):
    ran_ms = ran_ms or timeout_ms + 17 + rank % 60
    last_enq = seq if last_enq is None else last_enq
    last_done = seq - 1 if last_done is None else last_done
    p = "[rank%d]:" % rank if prefix else ""
    if style == "old":
        return [
            "[E ProcessGroupNCCL.cpp:475] [Rank %d] Watchdog caught collective operation timeout: "
            "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
            % (rank, seq, op, numel, numel, timeout_ms, ran_ms),
            "[E ProcessGroupNCCL.cpp:489] Some NCCL operations have failed or timed out. Due to the asynchronous nature of "
            "CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
            "[E ProcessGroupNCCL.cpp:495] To avoid data inconsistency, we are taking the entire process down.",
        ]
    return [
        "%s[%s ProcessGroupNCCL.cpp:632] [Rank %d] Watchdog caught collective operation timeout: "
        "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
        % (p, glog_ts(t, "E"), rank, seq, op, numel, numel, timeout_ms, ran_ms),
        "%s[%s ProcessGroupNCCL.cpp:2271] [PG ID %s PG GUID %s(default_pg) Rank %d] failure detected by watchdog at work "
        "sequence id: %d PG status: last enqueued work: %d, last completed work: %d"
        % (p, glog_ts(at(t, 0.0004), "E"), pg, pg, rank, seq, last_enq, last_done),
        "%s[%s ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder "
        "is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value."
        % (p, glog_ts(at(t, 0.0005), "E")),
        "%s[%s ProcessGroupNCCL.cpp:684] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous "
        "nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
        % (p, glog_ts(at(t, 0.0007), "E"), rank),
        "%s[%s ProcessGroupNCCL.cpp:698] [Rank %d] To avoid data inconsistency, we are taking the entire process down."
        % (p, glog_ts(at(t, 0.0008), "E"), rank),
    ]


def pg_not_destroyed(t, rank, line=1479, new=True):
    if new:
        return ("[rank%d]:[%s ProcessGroupNCCL.cpp:%d] Warning: WARNING: destroy_process_group() was not called before "
                "program exit, which can leak resources. For more info, please see "
                "https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())"
                % (rank, glog_ts(t, "W"), line))
    return ("[rank%d]:[%s ProcessGroupNCCL.cpp:%d] Warning: WARNING: process group has NOT been destroyed before we "
            "destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to "
            "ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit "
            "before this point and block the progress of another member of the process group. This constraint has always "
            "been present,  but this warning has only been added since PyTorch 2.4 (function operator())"
            % (rank, glog_ts(t, "W"), line))


def omp_banner(t=None, style="new", pid=0):
    msg = ("Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system "
           "being overloaded, please further tune the variable for optimal performance in your application as needed. ")
    if style == "new":
        return [torchrun_line(t, "W", pid, "torch/distributed/run.py:793", ""),
                torchrun_line(t, "W", pid, "torch/distributed/run.py:793", "*" * 49),
                torchrun_line(t, "W", pid, "torch/distributed/run.py:793", msg),
                torchrun_line(t, "W", pid, "torch/distributed/run.py:793", "*" * 49)]
    return ["WARNING:torch.distributed.run:", "*" * 49, msg, "*" * 49]


def tb(frames, exc, prefix=""):
    """frames: list of (file, line, func, code)."""
    out = [prefix + "Traceback (most recent call last):"]
    for f, l, fn, code in frames:
        out.append(prefix + '  File "%s", line %d, in %s' % (f, l, fn))
        if code:
            out.append(prefix + "    " + code)
    for e in exc if isinstance(exc, list) else [exc]:
        out.append(prefix + e)
    return out


# ------------------------------------------------------------------ NCCL
def nccl(host, pid, tid, dev, level, msg):
    return "%s:%d:%d [%d] NCCL %s %s" % (host, pid, tid, dev, level, msg)


def nccl_preamble(host, pid, dev, ver, ifname, ip, ib_devs, plugin="none", cudadrv=12040, rank=None, nranks=None,
                  busid="", commid="0x5a1c0ffee0d1e5e1"):
    tid = pid
    L = []
    L.append(nccl(host, pid, tid, dev, "INFO", "cudaDriverVersion %d" % cudadrv))
    L.append(nccl(host, pid, tid, dev, "INFO", "NCCL_SOCKET_IFNAME set by environment to %s" % ifname))
    L.append(nccl(host, pid, tid, dev, "INFO", "Bootstrap : Using %s:%s<0>" % (ifname, ip)))
    if plugin == "none":
        L.append(nccl(host, pid, tid, dev, "INFO", "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."))
    elif plugin == "v8miss":
        L.append(nccl(host, pid, tid, dev, "INFO", "NET/Plugin: Failed to find ncclNetPlugin_v8 symbol."))
        L.append(nccl(host, pid, tid, dev, "INFO", "NET/Plugin: Loaded net plugin NCCL RDMA Plugin (v7)"))
        L.append(nccl(host, pid, tid, dev, "INFO", "NET/Plugin: Failed to find ncclCollNetPlugin_v8 symbol."))
        L.append(nccl(host, pid, tid, dev, "INFO", "NET/Plugin: Loaded coll plugin SHARP (v7)"))
    if dev == 0:
        L.append(nccl(host, pid, tid, dev, "INFO", "NCCL version %s" % ver))
    if ib_devs:
        L.append(nccl(host, pid, pid + 40 + dev, dev, "INFO", "NET/IB : Using %s ; OOB %s:%s<0>" % (
            " ".join("[%d]%s:1/IB" % (i, d) for i, d in enumerate(ib_devs)), ifname, ip)))
        L.append(nccl(host, pid, pid + 40 + dev, dev, "INFO", "Using network IB"))
    if rank is not None:
        L.append(nccl(host, pid, pid + 40 + dev, dev, "INFO",
                      "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START"
                      % (0x55d0a0000000 + pid * 16, rank, nranks, dev, dev, busid, commid)))
    return L


# ------------------------------------------------------------- nvidia-smi
def nvidia_smi_table(t, driver, cuda, gpus, procs, header_ts=True):
    """gpus: list of dicts: name, bus, temp, perf, pwr, cap, used, total, util, mode, ecc, persist."""
    L = []
    if header_ts:
        L.append(t.strftime("%a %b %d %H:%M:%S %Y"))
    L.append("+-----------------------------------------------------------------------------------------+")
    L.append("| NVIDIA-SMI %-17s Driver Version: %-14s CUDA Version: %-9s|" % (driver, driver, cuda))
    L.append("|-----------------------------------------+------------------------+----------------------+")
    L.append("| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |")
    L.append("| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |")
    L.append("|                                         |                        |               MIG M. |")
    L.append("|=========================================+========================+======================|")
    for i, g in enumerate(gpus):
        L.append("| %3d  %-22s %12s  | %-16s %5s | %20s |" % (
            i, g["name"][:22], g.get("persist", "On"), g["bus"], "Off", g.get("ecc", "0")))
        L.append("| N/A   %3sC    %-4s %12s | %22s | %7s %12s |" % (
            g["temp"], g.get("perf", "P0"), "%dW / %dW" % (g["pwr"], g["cap"]),
            "%dMiB / %dMiB" % (g["used"], g["total"]), "%d%%" % g["util"], g.get("mode", "Default")))
        L.append("|                                         |                        |             %8s |" % g.get("mig", "Disabled"))
        L.append("+-----------------------------------------+------------------------+----------------------+")
    L.append("")
    L.append("+-----------------------------------------------------------------------------------------+")
    L.append("| Processes:                                                                              |")
    L.append("|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |")
    L.append("|        ID   ID                                                               Usage      |")
    L.append("|=========================================================================================|")
    if not procs:
        L.append("|  No running processes found                                                             |")
    for p in procs:
        L.append("|  %4d   N/A  N/A  %9d      C   %-40s %9s |" % (p[0], p[1], p[2][:40], "%dMiB" % p[3]))
    L.append("+-----------------------------------------------------------------------------------------+")
    return L


def h100s(n=8, temp=33, used=0, util=0, mode="Default", buses=None, name="NVIDIA H100 80GB HBM3", total=81559,
          pwr=70, cap=700):
    buses = buses or ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
                      "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]
    out = []
    for i in range(n):
        out.append(dict(name=name, bus=buses[i], temp=temp + (i * 3) % 5, pwr=pwr + i % 3, cap=cap,
                        used=used, total=total, util=util, mode=mode))
    return out


# ---------------------------------------------------------------- slurm
def sacct(rows, extra_cols=False):
    hdr = "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode "
    sep = "------------ ---------- ---------- ---------- ---------- ---------- -------- "
    L = [hdr, sep]
    for r in rows:
        L.append("%-12s %10s %10s %10s %10s %10s %8s " % r)
    return L


def sacct_long(rows):
    hdr = ("JobID|JobName|State|ExitCode|DerivedExitCode|Start|End|Elapsed|NNodes|NodeList")
    return [hdr] + ["|".join(str(x) for x in r) for r in rows]


# ------------------------------------------------------------------- misc
def ibstat(dev_states):
    """dev_states: list of (ca, state, phys, rate, guid_suffix)."""
    L = []
    for ca, state, phys, rate, g in dev_states:
        L += ["CA '%s'" % ca,
              "\tCA type: MT4129",
              "\tNumber of ports: 1",
              "\tFirmware version: 28.39.2048",
              "\tHardware version: 0",
              "\tNode GUID: 0xa088c20300%s" % g,
              "\tSystem image GUID: 0xa088c20300%s" % g,
              "\tPort 1:",
              "\t\tState: %s" % state,
              "\t\tPhysical state: %s" % phys,
              "\t\tRate: %s" % rate,
              "\t\tBase lid: %s" % ("0" if state != "Active" else str(200 + int(g[-2:], 16) % 500)),
              "\t\tLMC: 0",
              "\t\tSM lid: 1",
              "\t\tCapability mask: 0xa651e848",
              "\t\tPort GUID: 0xa088c20300%s" % g,
              "\t\tLink layer: InfiniBand"]
    return L


def join(lines):
    return "\n".join(lines) + "\n"
