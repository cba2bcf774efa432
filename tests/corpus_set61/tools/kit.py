"""Shared helpers for corpus set 61: timestamp formats and log fragments.

Python stdlib only. Everything here is deterministic: callers pass fixed
datetimes and seeded random.Random instances.
"""

import datetime as _dt

UTC = _dt.timezone.utc


def tz(hours, minutes=0):
    return _dt.timezone(_dt.timedelta(hours=hours, minutes=minutes))


def at(y, mo, d, h, mi, s=0, us=0, tzinfo=UTC):
    return _dt.datetime(y, mo, d, h, mi, s, us, tzinfo=tzinfo)


def plus(dt, seconds):
    return dt + _dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- timestamps

def pylog(dt):
    """Python logging default: 2024-06-12 08:00:03,511"""
    return dt.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (dt.microsecond // 1000)


def glog(dt, level="I"):
    """glog prefix without pid: I0612 08:00:03.511233"""
    return level + dt.strftime("%m%d %H:%M:%S") + ".%06d" % dt.microsecond


def iso(dt, ms=True, z=False):
    s = dt.strftime("%Y-%m-%dT%H:%M:%S")
    if ms:
        s += ".%03d" % (dt.microsecond // 1000)
    if z and dt.utcoffset() == _dt.timedelta(0):
        return s + "Z"
    off = dt.strftime("%z")
    return s + off[:3] + ":" + off[3:]


def journal(dt):
    """journalctl -o short-iso: 2024-06-12T08:00:03+0000"""
    return dt.strftime("%Y-%m-%dT%H:%M:%S%z")


def _day(dt):
    return "%2d" % dt.day


def dmesg_t(dt):
    """dmesg -T: [Wed Jun 12 08:00:03 2024]"""
    return "[%s %s %s %s]" % (dt.strftime("%a"), dt.strftime("%b"), _day(dt),
                              dt.strftime("%H:%M:%S %Y"))


def syslog(dt):
    """classic syslog: Jun 12 08:00:03"""
    return "%s %s %s" % (dt.strftime("%b"), _day(dt), dt.strftime("%H:%M:%S"))


def uptime(sec):
    """dmesg raw: [ 8123.456789]"""
    whole = int(sec)
    frac = int(round((sec - whole) * 1e6))
    if frac >= 1000000:
        whole, frac = whole + 1, frac - 1000000
    return "[%5d.%06d]" % (whole, frac)


def epoch(dt):
    return "%.3f" % dt.timestamp()


def elastic_ts(dt):
    """time field inside ChildFailedError block: 2024-06-12_08:00:21"""
    return dt.strftime("%Y-%m-%d_%H:%M:%S")


def slurm_ts(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S")


# ---------------------------------------------------------------- launcher

OMP_BANNER = [
    "*****************************************",
    "Setting OMP_NUM_THREADS environment variable for each process to be 1 in "
    "default, to avoid your system being overloaded, please further tune the "
    "variable for optimal performance in your application as needed. ",
    "*****************************************",
]


def omp_banner_old(dt):
    out = ["[%s] torch.distributed.run: [WARNING] " % pylog(dt)]
    out += ["[%s] torch.distributed.run: [WARNING] %s" % (pylog(dt), l) for l in OMP_BANNER]
    return out


def omp_banner_new(dt, pid):
    p = "W%s %d torch/distributed/run.py:793] " % (dt.strftime("%m%d %H:%M:%S") + ".%06d" % dt.microsecond, pid)
    return [p] + [p + l for l in OMP_BANNER]


def elastic_err_new(dt, pid, msg, line=833, mod="torch/distributed/elastic/multiprocessing/api.py", level="E"):
    return "%s%s.%06d %d %s:%d] %s" % (level, dt.strftime("%m%d %H:%M:%S"), dt.microsecond, pid, mod, line, msg)


def elastic_old(dt, level, msg, mod="torch.distributed.elastic.multiprocessing.api"):
    return "[%s] %s: [%s] %s" % (pylog(dt), mod, level, msg)


TORCHRUN_TB = [
    "Traceback (most recent call last):",
    '  File "{bin}", line 8, in <module>',
    "    sys.exit(main())",
    '  File "{site}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 348, in wrapper',
    "    return f(*args, **kwargs)",
    '  File "{site}/torch/distributed/run.py", line 901, in main',
    "    run(args)",
    '  File "{site}/torch/distributed/run.py", line 892, in run',
    "    elastic_launch(",
    '  File "{site}/torch/distributed/launcher/api.py", line 133, in __call__',
    "    return launch_agent(self._config, self._entrypoint, list(args))",
    '  File "{site}/torch/distributed/launcher/api.py", line 264, in launch_agent',
    "    raise ChildFailedError(",
]


def child_failed(script, host, failures, bin_path="/usr/local/bin/torchrun",
                 site="/usr/local/lib/python3.10/dist-packages"):
    """failures: list of (dt, rank, local_rank, exitcode, pid, signal_name_or_None).
    The first entry is reported as the root cause."""
    out = [l.format(bin=bin_path, site=site) for l in TORCHRUN_TB]
    out.append("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    out.append("=" * 60)
    out.append("%s FAILED" % script)
    out.append("-" * 60)
    out.append("Failures:")
    rest = failures[1:]
    if not rest:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(rest, 1):
        out += _failure_entry(i, host, f)
    out.append("-" * 60)
    out.append("Root Cause (first observed failure):")
    out += _failure_entry(0, host, failures[0])
    out.append("=" * 60)
    return out


def _failure_entry(i, host, f):
    dt, rank, lr, code, pid, sig = f
    lines = ["[%d]:" % i,
             "  time      : %s" % elastic_ts(dt),
             "  host      : %s" % host,
             "  rank      : %d (local_rank: %d)" % (rank, lr)]
    if sig:
        lines.append("  exitcode  : %d (pid: %d)" % (code, pid))
        lines.append("  error_file: <N/A>")
        lines.append("  traceback : Signal %d (%s) received by PID %d" % (-code, sig, pid))
    else:
        lines.append("  exitcode  : %d (pid: %d)" % (code, pid))
        lines.append("  error_file: <N/A>")
        lines.append("  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    return lines


# ---------------------------------------------------------------- NCCL

def nccl_prefix(host, pid, tid, lr):
    return "%s:%d:%d [%d]" % (host, pid, tid, lr)


def nccl_init(host, pid, tid, lr, rank, nranks, nnodes, oob_if, ip, version,
              cuda_drv=12040, hcas=("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"),
              plugin_line=None, comm="0x55d1c4a3e2b0", commid="0x8d1a6b0f3c2e77a1",
              busid="18000", channels=16, p2p_via="P2P/CUMEM/read", extra=None,
              print_version_plain=False, complete=True, rng=None):
    p = nccl_prefix(host, pid, pid, lr)
    t = nccl_prefix(host, pid, tid, lr)
    out = ["%s NCCL INFO Bootstrap : Using %s:%s<0>" % (p, oob_if, ip)]
    if plugin_line:
        out.append("%s NCCL INFO %s" % (p, plugin_line))
    out.append("%s NCCL INFO cudaDriverVersion %d" % (p, cuda_drv))
    if print_version_plain:
        if rank == 0:
            out.append("NCCL version %s" % version)
    else:
        out.append("%s NCCL INFO NCCL version %s" % (p, version))
    if extra:
        out += ["%s NCCL INFO %s" % (p, e) for e in extra]
    hl = " ".join("[%d]%s:1/IB" % (i, h) for i, h in enumerate(hcas))
    out.append("%s NCCL INFO NET/IB : Using %s ; OOB %s:%s<0>" % (t, hl, oob_if, ip))
    out.append("%s NCCL INFO Using non-device net plugin version 0" % t)
    out.append("%s NCCL INFO Using network IB" % t)
    out.append("%s NCCL INFO comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START"
               % (t, comm, rank, nranks, lr, lr, busid, commid))
    if not complete:
        return out
    out.append("%s NCCL INFO Setting affinity for GPU %d to ffffffff,00000000,ffffffff" % (t, lr))
    out.append("%s NCCL INFO comm %s rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0"
               % (t, comm, rank, nranks, nnodes, lr))
    peers = " ".join("%d" % ((rank + k) % nranks) for k in range(min(nranks, 8)))
    for c in range(2):
        out.append("%s NCCL INFO Channel %02d/%02d :    %s" % (t, c, channels, peers))
    out.append("%s NCCL INFO P2P Chunksize set to 131072" % t)
    nxt = (rank + 1) % nranks
    prv = (rank - 1) % nranks
    for c in range(channels):
        if lr == 7:
            out.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[0] [send] via NET/IB/%d/GDRDMA"
                       % (t, c, rank, lr, nxt, c % len(hcas)))
        else:
            out.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] via %s" % (t, c, rank, lr, nxt, lr + 1, p2p_via))
        if lr == 0:
            out.append("%s NCCL INFO Channel %02d/0 : %d[7] -> %d[0] [receive] via NET/IB/%d/GDRDMA"
                       % (t, c, prv, rank, c % len(hcas)))
    out.append("%s NCCL INFO Connected all rings" % t)
    out.append("%s NCCL INFO Connected all trees" % t)
    out.append("%s NCCL INFO threadThresholds 8/8/64 | %d/8/64 | 512 | 512" % (t, nranks * 8))
    out.append("%s NCCL INFO %d coll channels, %d collnet channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer"
               % (t, channels, channels))
    out.append("%s NCCL INFO comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE"
               % (t, comm, rank, nranks, lr, lr, busid, commid))
    tot = 1.1 + (rng.random() if rng else 0.3)
    out.append("%s NCCL INFO Init timings: rank %d nranks %d total %.2f (kernels 0.14, alloc 0.03, bootstrap %.2f, allgathers 0.01, topo 0.22, graphs 0.01, connections 0.19, rest 0.05)"
               % (t, rank, nranks, tot, tot - 0.65))
    return out


BUSIDS = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]


# ---------------------------------------------------------------- PyTorch errors

def watchdog_timeout(rank, seq, op, numel, timeout_ms, ran_ms, last_enq=None, pg="PG 0 (default_pg)"):
    last_enq = last_enq if last_enq is not None else seq
    w = ("WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)"
         % (seq, op, numel, numel, timeout_ms))
    r = "[rank%d]:[E ProcessGroupNCCL.cpp" % rank
    return [
        "%s:607] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out."
        % (r, rank, w, ran_ms),
        "%s:1664] [%s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
        % (r, pg, rank, seq, last_enq, seq - 1),
        "%s:621] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
        % (r, rank),
        "%s:627] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (r, rank),
        "%s:1515] [%s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out."
        % (r, pg, rank, rank, w, ran_ms),
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [%s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out."
        % (pg, rank, rank, w, ran_ms),
    ]


def tb(frames, exc, prefix=""):
    """frames: list of (file, line, func, code)."""
    out = [prefix + "Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(prefix + '  File "%s", line %d, in %s' % (f, ln, fn))
        if code:
            out.append(prefix + "    " + code)
    for l in exc.split("\n"):
        out.append(prefix + l)
    return out


def nvidia_smi(host_time, driver, cuda, gpus, name="NVIDIA H100 80GB HBM3", mem_total=81559,
               used=None, temps=None, pstate="P0", persist="On", smi_ver=None, power_cap=700, rng=None):
    smi_ver = smi_ver or driver
    out = [host_time,
           "+-----------------------------------------------------------------------------------------+",
           "| NVIDIA-SMI %-22s Driver Version: %-14s CUDA Version: %-9s|" % (smi_ver, driver, cuda),
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                        |               MIG M. |",
           "|=========================================+========================+======================|"]
    for i in range(gpus):
        t = temps[i] if temps else 30 + (rng.randint(0, 6) if rng else i % 4)
        u = used[i] if used else 1
        pw = 68 + (rng.randint(0, 9) if rng else i)
        out.append("|   %d  %-24s %3s  |   00000000:%s:00.0 Off |                    0 |" % (i, name[:24], persist, BUSIDS[i % 8][:2].upper()))
        out.append("| N/A   %2dC    %s           %3dW /  %3dW |  %7dMiB / %6dMiB |      0%%      Default |" % (t, pstate, pw, power_cap, u, mem_total))
        out.append("|                                         |                        |             Disabled |")
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out += ["",
            "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|=========================================================================================|",
            "|  No running processes found                                                             |",
            "+-----------------------------------------------------------------------------------------+"]
    return out


def tqdm_line(desc, i, n, elapsed_s, rate, postfix=""):
    pct = int(100 * i / n)
    bar_w = 20
    fill = int(bar_w * i / n)
    bar = "\u2588" * fill + " " * (bar_w - fill)
    def hms(s):
        s = int(s)
        return "%02d:%02d" % (s // 60, s % 60) if s < 3600 else "%d:%02d:%02d" % (s // 3600, (s % 3600) // 60, s % 60)
    rem = (n - i) / rate if rate else 0
    return "%s: %3d%%|%s| %d/%d [%s<%s, %.2fit/s%s]" % (desc, pct, bar, i, n, hms(elapsed_s), hms(rem), rate, postfix)


def join(lines):
    return "\n".join(lines) + "\n"
