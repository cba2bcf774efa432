"""Shared formatting helpers for the set-89 corpus generator.

Everything here is deterministic: timestamps come from fixed datetimes, and any
"random looking" number (pid, pointer, port) is derived from a seeded
random.Random owned by the caller.
"""

import datetime as _dt

WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
          "Oct", "Nov", "Dec"]


def t0(s):
    """Parse 'YYYY-MM-DD HH:MM:SS'."""
    return _dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S")


def plus(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def ymd_hms(t):
    return t.strftime("%Y-%m-%d %H:%M:%S")


def c10d(t, frac_ns, level="E"):
    """PyTorch >= 2.3 c10 log stamp: 'E211 03:02:17.123456789'."""
    return "%s%d%02d %s.%09d" % (level, t.month, t.day, t.strftime("%H:%M:%S"), frac_ns)


def glog(t, frac_us, level="I"):
    """glog stamp used by torch.distributed.elastic: 'I0211 03:02:17.123000'."""
    return "%s%02d%02d %s.%06d" % (level, t.month, t.day, t.strftime("%H:%M:%S"), frac_us)


def dmesg_T(t):
    """dmesg -T stamp: '[Tue Feb 11 03:02:17 2025]' (day space padded)."""
    return "[%s %s %2d %s %d]" % (WEEKDAYS[t.weekday()], MONTHS[t.month - 1], t.day,
                                 t.strftime("%H:%M:%S"), t.year)


def uptime(sec):
    """Raw dmesg stamp '[ 1843.308145]'."""
    whole = int(sec)
    frac = int(round((sec - whole) * 1e6)) % 1000000
    return "[%5d.%06d]" % (whole, frac)


def syslog_ts(t):
    """journal/syslog short stamp 'Feb 11 03:02:17'."""
    return "%s %2d %s" % (MONTHS[t.month - 1], t.day, t.strftime("%H:%M:%S"))


def hexptr(rng):
    return "0x%012x" % (0x550000000000 + rng.randrange(0, 0xffffffff))


def comm_id(rng):
    return "0x%016x" % rng.randrange(1 << 60, 1 << 63)


# ---------------------------------------------------------------- NCCL lines

def nccl(host, pid, tid, local, msg, src=None, level="INFO"):
    if level == "WARN":
        loc = (src + " ") if src else ""
        return "%s:%d:%d [%d] %sNCCL WARN %s" % (host, pid, tid, local, loc, msg)
    return "%s:%d:%d [%d] NCCL INFO %s" % (host, pid, tid, local, msg)


def nccl_init_block(host, pid, tid, local, rank, nranks, bus, cid, ptr,
                    net="IB", oob="ibp0", ip="10.0.0.1", driver=12040,
                    version="2.21.5+cuda12.4", hcas=None):
    hcas = hcas or ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]
    out = []
    out.append(nccl(host, pid, pid, local, "cudaDriverVersion %d" % driver))
    out.append(nccl(host, pid, pid, local, "Bootstrap : Using %s:%s<0>" % (oob, ip)))
    if rank == 0:
        out.append("NCCL version %s" % version)
    if net == "IB":
        devs = " ".join("[%d]%s:1/IB" % (i, h) for i, h in enumerate(hcas))
        out.append(nccl(host, pid, tid, local, "NET/IB : Using %s ; OOB %s:%s<0>" % (devs, oob, ip)))
        out.append(nccl(host, pid, tid, local, "Using network IB"))
    else:
        out.append(nccl(host, pid, tid, local, "NET/Socket : Using [0]%s:%s<0>" % (oob, ip)))
        out.append(nccl(host, pid, tid, local, "Using network Socket"))
    out.append(nccl(host, pid, tid, local,
                    "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE"
                    % (ptr, rank, nranks, local, local, bus, cid)))
    return out


# ------------------------------------------------------------ c10d watchdog

def watchdog_timeout(rank, t, frac, seq, op, numel, timeout_ms, ran_ms,
                     last_enq, last_done, prefix=True, numel_out=None, fr_enabled=False):
    """The lines a rank prints when ProcessGroupNCCL's watchdog times out."""
    numel_out = numel if numel_out is None else numel_out
    p = "[rank%d]:" % rank if prefix else ""
    s = c10d(t, frac)
    lines = [
        "%s[%s ProcessGroupNCCL.cpp:632] [Rank %d] Watchdog caught collective operation timeout: "
        "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds "
        "before timing out." % (p, s, rank, seq, op, numel, numel_out, timeout_ms, ran_ms),
        "%s[%s ProcessGroupNCCL.cpp:2271] [PG ID 0 PG GUID 0(default_pg) Rank %d] failure detected by "
        "watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d"
        % (p, s, rank, seq, last_enq, last_done),
        "%s[%s ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially "
        "because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to "
        "a non-zero value." % (p, s),
        "%s[%s ProcessGroupNCCL.cpp:684] [Rank %d] Some NCCL operations have failed or timed out. Due to "
        "the asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
        "corrupted/incomplete data." % (p, s, rank),
        "%s[%s ProcessGroupNCCL.cpp:698] [Rank %d] To avoid data inconsistency, we are taking the entire "
        "process down." % (p, s, rank),
    ]
    if fr_enabled:
        lines = [l for l in lines if "FlightRecorder is disabled" not in l]
    return lines


def watchdog_abort_tail(rank, seq, op, numel, timeout_ms, ran_ms, prefix=True, numel_out=None):
    numel_out = numel if numel_out is None else numel_out
    body = [
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with "
        "exception: [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, "
        "NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
        % (rank, rank, seq, op, numel, numel_out, timeout_ms, ran_ms),
        "Exception raised from checkTimeout at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:634 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3e1b8e2f86 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f3e1cbe08f2 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3e1cbe7333 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3e1cbe8d7d in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: <unknown function> + 0xdc253 (0x7f3e6b6b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f3e6d3b9ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: clone + 0x44 (0x7f3e6d44aa04 in /lib/x86_64-linux-gnu/libc.so.6)",
    ]
    if prefix:
        body = ["[rank%d]:%s" % (rank, l) for l in body]
    return body + [""]


# ------------------------------------------------------------------ torchrun

def elastic_sigterm(t, frac, agent_pid, child_pids, prefix=""):
    return ["%s%s %d site-packages/torch/distributed/elastic/multiprocessing/api.py:897] "
            "Sending process %d closing signal SIGTERM" % (prefix, glog(t, frac + 1000 * i, "W"), agent_pid, cp)
            for i, cp in enumerate(child_pids)]


def elastic_failed(t, frac, agent_pid, exitcode, local_rank, pid, binary="/usr/bin/python3", prefix=""):
    return "%s%s %d site-packages/torch/distributed/elastic/multiprocessing/api.py:869] failed " \
           "(exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (
               prefix, glog(t, frac, "E"), agent_pid, exitcode, local_rank, pid, binary)


def torchrun_entry_traceback(prefix="", site="/usr/local/lib/python3.10/dist-packages", exe="/usr/local/bin/torchrun"):
    lines = [
        "Traceback (most recent call last):",
        '  File "%s", line 8, in <module>' % exe,
        "    sys.exit(main())",
        '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper' % site,
        "    return f(*args, **kwargs)",
        '  File "%s/torch/distributed/run.py", line 919, in main' % site,
        "    run(args)",
        '  File "%s/torch/distributed/run.py", line 910, in run' % site,
        "    elastic_launch(",
        '  File "%s/torch/distributed/launcher/api.py", line 138, in __call__' % site,
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        '  File "%s/torch/distributed/launcher/api.py", line 269, in launch_agent' % site,
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
    ]
    return [prefix + l for l in lines]


def child_failed_table(script, failures, root, prefix=""):
    """failures/root: dicts with time, host, rank, local_rank, exitcode, pid,
    error_file, traceback (list of lines)."""
    def entry(idx, f):
        out = ["[%d]:" % idx,
               "  time      : %s" % f["time"],
               "  host      : %s" % f["host"],
               "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
               "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
               "  error_file: %s" % f.get("error_file", "<N/A>")]
        tb = f.get("traceback", ["To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"])
        out.append("  traceback : %s" % tb[0])
        out.extend("  " + l for l in tb[1:])
        return out

    lines = ["=" * 60, "%s FAILED" % script, "-" * 60, "Failures:"]
    if not failures:
        lines.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(failures, 1):
        lines.extend(entry(i, f))
    lines.append("-" * 60)
    lines.append("Root Cause (first observed failure):")
    lines.extend(entry(0, root))
    lines.append("=" * 60)
    return [prefix + l for l in lines]


# --------------------------------------------------------------------- slurm

def srun_task_ranges(tasks):
    """[8,9,10,12] -> '8-10,12'"""
    tasks = sorted(tasks)
    parts = []
    start = prev = tasks[0]
    for x in tasks[1:]:
        if x == prev + 1:
            prev = x
            continue
        parts.append(str(start) if start == prev else "%d-%d" % (start, prev))
        start = prev = x
    parts.append(str(start) if start == prev else "%d-%d" % (start, prev))
    return ",".join(parts)


def srun_exit(host, tasks, code=None, signal=None):
    word = "task" if len(tasks) == 1 else "tasks"
    rng = srun_task_ranges(tasks)
    if signal:
        return "srun: error: %s: %s %s: %s" % (host, word, rng, signal)
    return "srun: error: %s: %s %s: Exited with exit code %d" % (host, word, rng, code)


def sacct_table(rows):
    """rows: (JobID, JobName, Partition, NNodes, State, ExitCode, Elapsed, NodeList)"""
    hdr = "%-20s %-12s %-10s %8s %-14s %8s %10s %-30s" % (
        "JobID", "JobName", "Partition", "NNodes", "State", "ExitCode", "Elapsed", "NodeList")
    sep = " ".join(["-" * 20, "-" * 12, "-" * 10, "-" * 8, "-" * 14, "-" * 8, "-" * 10, "-" * 30])
    out = [hdr, sep]
    for r in rows:
        out.append("%-20s %-12s %-10s %8s %-14s %8s %10s %-30s" % r)
    return out


def tqdm_t(sec):
    """tqdm interval format: '07:42' below an hour, '3:43:18' above."""
    sec = int(sec)
    h, rem = divmod(sec, 3600)
    m, s = divmod(rem, 60)
    if h:
        return "%d:%02d:%02d" % (h, m, s)
    return "%02d:%02d" % (m, s)


def join(lines):
    return "\n".join(lines) + "\n"
