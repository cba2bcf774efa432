"""Formatting helpers shared by the case modules (standard library only).

Everything here is deterministic: times are derived from fixed datetimes and
any variation comes from random.Random instances seeded by the caller.
"""
import datetime as _dt
import json

DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
          "Oct", "Nov", "Dec"]


def T(year, month, day, hour=0, minute=0, second=0, micro=None):
    """A fixed datetime. Without an explicit micro, a deterministic sub-second
    part is derived from the other fields so log stamps do not all end in .000."""
    if micro is None:
        micro = ((year * 31 + month * 17 + day * 13 + hour * 7 + minute * 3 + second) * 7919) % 1000000
    return _dt.datetime(year, month, day, hour, minute, second, micro)


def tq(seconds):
    """tqdm style duration: 5:43:21 or 12:04."""
    seconds = int(seconds)
    h, rem = divmod(seconds, 3600)
    m, s = divmod(rem, 60)
    if h:
        return "%d:%02d:%02d" % (h, m, s)
    return "%02d:%02d" % (m, s)


def hexid(seed, n=56):
    """Deterministic hex identifier (Ray node ids, uuids)."""
    import hashlib
    out = ""
    k = 0
    while len(out) < n:
        out += hashlib.sha256(("%s/%d" % (seed, k)).encode()).hexdigest()
        k += 1
    return out[:n]


def plus(t, seconds=0.0):
    return t + _dt.timedelta(seconds=seconds)


def iso(t):
    """2024-06-12T06:00:14 (Slurm style)."""
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def stamp(t):
    """2024-06-12 06:00:14"""
    return t.strftime("%Y-%m-%d %H:%M:%S")


def stamp_ms(t):
    """2024-06-12 06:00:14,123 (python logging)"""
    return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (t.microsecond // 1000)


def glog(t, level="E"):
    """E0612 06:00:14.123456789 (c10d / glog with nanoseconds)."""
    return "%s%s %s.%06d000" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S"),
                               t.microsecond)


def glog_us(t, level="W"):
    """W0612 06:00:14.123000 (torch elastic logging)."""
    return "%s%s %s.%06d" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S"),
                            t.microsecond)


def ctime(t):
    """Tue Jun 11 14:02:33 2024 (dmesg -T)."""
    return "%s %s %2d %s %d" % (DAYS[t.weekday()], MONTHS[t.month - 1], t.day,
                                t.strftime("%H:%M:%S"), t.year)


def syslog_ts(t):
    """Jun 11 14:02:33 (syslog / journal short)."""
    return "%s %2d %s" % (MONTHS[t.month - 1], t.day, t.strftime("%H:%M:%S"))


def uptime(t, boot):
    s = (t - boot).total_seconds()
    return "[%12.6f]" % s


def dmesg_T(t, msg):
    return "[%s] %s" % (ctime(t), msg)


def dmesg_up(t, boot, msg):
    return "%s %s" % (uptime(t, boot), msg)


def dumps(obj):
    return json.dumps(obj, indent=2, sort_keys=False) + "\n"


def hms(seconds):
    seconds = int(seconds)
    d, rem = divmod(seconds, 86400)
    h, rem = divmod(rem, 3600)
    m, s = divmod(rem, 60)
    if d:
        return "%d-%02d:%02d:%02d" % (d, h, m, s)
    return "%02d:%02d:%02d" % (h, m, s)


def table(header, rows, widths=None):
    """sacct-like fixed width table with a dashed separator line."""
    if widths is None:
        widths = []
        for i, h in enumerate(header):
            w = len(h)
            for r in rows:
                w = max(w, len(str(r[i])))
            widths.append(w)
    def line(cells):
        out = []
        for i, c in enumerate(cells):
            c = str(c)
            if i == 0:
                out.append(c.ljust(widths[i]))
            else:
                out.append(c.rjust(widths[i]))
        return " ".join(out) + " "
    lines = [line(header), " ".join("-" * w for w in widths) + " "]
    for r in rows:
        lines.append(line(r))
    return "\n".join(lines) + "\n"


def sacct(rows):
    header = ["JobID", "JobName", "Partition", "AllocNodes", "State",
              "ExitCode", "Elapsed", "Timelimit", "NodeList"]
    return table(header, rows)


class Bundle(object):
    """Collects the files of one case: relative path -> list of lines."""

    def __init__(self):
        self.files = {}

    def add(self, path, text):
        if path in self.files:
            raise ValueError("duplicate file " + path)
        self.files[path] = text if text.endswith("\n") else text + "\n"

    def lines(self, path, lines):
        self.add(path, "\n".join(lines) + "\n")

    def json(self, path, obj):
        self.add(path, dumps(obj))


# ---------------------------------------------------------------- torch bits

def c10d_timeout(t, rank, seq, op, numel, timeout_ms, ran_ms, pg="0",
                 last_enq=None, last_done=None):
    last_enq = seq if last_enq is None else last_enq
    last_done = seq - 1 if last_done is None else last_done
    g = "[rank%d]:[%s ProcessGroupNCCL.cpp:%d]"
    out = [
        (g % (rank, glog(t), 616)) + " [Rank %d] Watchdog caught collective operation timeout: "
        "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d "
        "milliseconds before timing out." % (rank, seq, op, numel, numel, timeout_ms, ran_ms),
        (g % (rank, glog(plus(t, 0.0004)), 1785)) + " [PG ID %s PG GUID %s(default_pg) Rank %d] "
        "Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued "
        "NCCL work: %d, last completed NCCL work: %d." % (pg, pg, rank, seq, last_enq, last_done),
        (g % (rank, glog(plus(t, 0.0005)), 630)) + " [Rank %d] Some NCCL operations have failed "
        "or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations "
        "might run on corrupted/incomplete data." % rank,
        (g % (rank, glog(plus(t, 0.0006)), 636)) + " [Rank %d] To avoid data inconsistency, we "
        "are taking the entire process down." % rank,
    ]
    return out


def elastic_sigterm(t, agent_pid, child_pids, signal_name="SIGTERM"):
    """torchrun agent reaction to a scheduler SIGTERM (torch >= 2.3 log format)."""
    out = ["%s %d torch/distributed/elastic/agent/server/api.py:704] Received "
           "Signals.%s death signal, shutting down workers" % (glog_us(t, "W"), agent_pid,
                                                                signal_name)]
    for i, p in enumerate(child_pids):
        out.append("%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending "
                   "process %d closing signal %s" % (glog_us(plus(t, 0.001 * (i + 1)), "W"),
                                                     agent_pid, p, signal_name))
    return out


def elastic_signal_traceback(agent_pid, signum=15, torchrun="/usr/local/bin/torchrun",
                             site="/usr/local/lib/python3.10/dist-packages", accelerate=False):
    if accelerate:
        head = [
            "Traceback (most recent call last):",
            '  File "%s", line 8, in <module>' % torchrun,
            "    sys.exit(main())",
            '  File "%s/accelerate/commands/accelerate_cli.py", line 48, in main' % site,
            "    args.func(args)",
            '  File "%s/accelerate/commands/launch.py", line 1159, in launch_command' % site,
            "    multi_gpu_launcher(args)",
            '  File "%s/accelerate/commands/launch.py", line 793, in multi_gpu_launcher' % site,
            "    distrib_run.run(args)",
        ]
    else:
        head = [
            "Traceback (most recent call last):",
            '  File "%s", line 8, in <module>' % torchrun,
            "    sys.exit(main())",
            '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, '
            "in wrapper" % site,
            "    return f(*args, **kwargs)",
            '  File "%s/torch/distributed/run.py", line 919, in main' % site,
            "    run(args)",
        ]
    return head + [
        '  File "%s/torch/distributed/run.py", line 910, in run' % site,
        "    elastic_launch(",
        '  File "%s/torch/distributed/launcher/api.py", line 138, in __call__' % site,
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        '  File "%s/torch/distributed/launcher/api.py", line 260, in launch_agent' % site,
        "    result = agent.run()",
        '  File "%s/torch/distributed/elastic/agent/server/api.py", line 696, in run' % site,
        "    result = self._invoke_run(role)",
        '  File "%s/torch/distributed/elastic/agent/server/api.py", line 855, in _invoke_run'
        % site,
        "    time.sleep(monitor_interval)",
        '  File "%s/torch/distributed/elastic/multiprocessing/api.py", line 84, in '
        "_terminate_process_handler" % site,
        "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
        "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: %d"
        % (agent_pid, signum),
    ]


def child_failed(script, t, host, rank, local_rank, exitcode, pid, traceback_line,
                 error_file="<N/A>", others=None):
    out = [
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "%s FAILED" % script,
        "------------------------------------------------------------",
        "Failures:",
    ]
    if others:
        for i, o in enumerate(others):
            out += [
                "[%d]:" % (i + 1),
                "  time      : %s" % o[0].strftime("%Y-%m-%d_%H:%M:%S"),
                "  host      : %s" % o[1],
                "  rank      : %d (local_rank: %d)" % (o[2], o[3]),
                "  exitcode  : %d (pid: %d)" % (o[4], o[5]),
                "  error_file: <N/A>",
                "  traceback : %s" % o[6],
            ]
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out += [
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
        "  host      : %s" % host,
        "  rank      : %d (local_rank: %d)" % (rank, local_rank),
        "  exitcode  : %d (pid: %d)" % (exitcode, pid),
        "  error_file: %s" % error_file,
        "  traceback : %s" % traceback_line,
        "============================================================",
    ]
    return out


def nccl_info_init(host, pid, tid, local, rank, nranks, version="2.21.5+cuda12.4",
                   hca="mlx5_0:1", t=None):
    p = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, local)
    return [
        p + "cudaDriverVersion 12040",
        p + "NCCL version %s" % version if rank == 0 else p + "Bootstrap : Using ibp0:10.%d.%d.%d<0>"
        % (10, (rank // 8) % 250, 10 + rank % 200),
        p + "NET/Plugin: No plugin found (libnccl-net.so)",
        p + "NET/IB : Using [0]%s/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB ; OOB ibp0:10.10.0.1<0>"
        % hca,
        p + "Using network IB",
        p + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %x0 commId 0x5e1d2c0a7b3f9e11 - Init START"
        % (0x55d0a3c00000 + rank * 0x1000, rank, nranks, local, local, 0x18 + local * 0x10),
        p + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %x0 commId 0x5e1d2c0a7b3f9e11 - Init COMPLETE"
        % (0x55d0a3c00000 + rank * 0x1000, rank, nranks, local, local, 0x18 + local * 0x10),
    ]


def nvidia_smi_table(t, host, gpus, driver="550.90.07", cuda="12.4", name="NVIDIA H100 80GB HBM3",
                     procs=None):
    """gpus: list of dict(temp, perf, pwr, cap, mem, memtot, util, ecc, bus)"""
    out = [
        ctime(t),
        "+-----------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI %s              Driver Version: %s      CUDA Version: %s     |"
        % (driver, driver, cuda),
        "|-----------------------------------------+------------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
        "|                                         |                        |               MIG M. |",
        "|=========================================+========================+======================|",
    ]
    for i, g in enumerate(gpus):
        out.append("|   %d  %-24s       On  |   %s Off |" % (i, name[:24], g["bus"])
                   + ("%21s |" % g.get("ecc", "0")))
        out.append("| N/A   %2dC    %-3s          %4dW / %4dW |  %6dMiB /  %6dMiB |   %3d%%      Default |"
                   % (g["temp"], g["perf"], g["pwr"], g["cap"], g["mem"], g["memtot"], g["util"]))
        out.append("|                                         |                        |             Disabled |")
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out += [
        "",
        "+-----------------------------------------------------------------------------------------+",
        "| Processes:                                                                              |",
        "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
        "|        ID   ID                                                               Usage      |",
        "|=========================================================================================|",
    ]
    if procs:
        for (gpu, pid, name_, mem) in procs:
            out.append("|  %4d   N/A  N/A   %8d      C   %-40s %8dMiB |" % (gpu, pid, name_[:40], mem))
    else:
        out.append("|  No running processes found                                                             |")
    out.append("+-----------------------------------------------------------------------------------------+")
    return out


def h100_gpus(n=8, temp=34, perf="P0", pwr=118, util=0, mem=4, seed_off=0, buses=None):
    buses = buses or ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0",
                      "00000000:5D:00.0", "00000000:9A:00.0", "00000000:AB:00.0",
                      "00000000:BA:00.0", "00000000:DB:00.0"]
    out = []
    for i in range(n):
        out.append(dict(temp=temp + ((i * 3 + seed_off) % 5), perf=perf,
                        pwr=pwr + ((i * 7 + seed_off) % 11), cap=700, mem=mem,
                        memtot=81559, util=util, ecc="0", bus=buses[i % len(buses)]))
    return out
