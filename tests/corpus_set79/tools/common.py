"""Shared helpers for corpus set 79: timestamp formats and log-snippet builders.

Standard library only.  Nothing here reads the clock; every time is derived
from explicit datetimes passed in by the case builders.
"""
import datetime as dt

UTC = dt.timezone.utc

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host",
              "hang", "oom", "numerical", "straggler", "user_code", "dependency",
              "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
          "Nov", "Dec"]
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

# PCI bus ids of the eight GPUs of an HGX H100 board and a DGX A100.
BUS_H100 = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
BUS_A100 = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]


def T(s, tz=UTC):
    """Parse 'YYYY-MM-DD HH:MM:SS[.ffffff]' into an aware datetime."""
    fmt = "%Y-%m-%d %H:%M:%S.%f" if "." in s else "%Y-%m-%d %H:%M:%S"
    return dt.datetime.strptime(s, fmt).replace(tzinfo=tz)


def S(seconds):
    return dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- timestamps
def ts_py(t):
    """Python logging asctime: 2024-05-02 09:41:07,123"""
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def ts_iso(t, frac=3):
    s = t.strftime("%Y-%m-%dT%H:%M:%S")
    if frac:
        s += "." + ("%06d" % t.microsecond)[:frac]
    off = t.strftime("%z")
    return s + off[:3] + ":" + off[3:]


def ts_k8s(t, salt=0):
    """kubectl logs --timestamps prefix (RFC3339Nano, UTC)."""
    u = t.astimezone(UTC)
    return u.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d" % _jit(u, salt) + "%03dZ" % ((u.microsecond + salt * 131) % 997)


def ts_ctime(t):
    """dmesg -T / ctime: Tue Mar 12 09:12:44 2024"""
    return "%s %s %2d %s %d" % (DAYS[t.weekday()], MONTHS[t.month - 1], t.day,
                                t.strftime("%H:%M:%S"), t.year)


def ts_syslog(t):
    """Mar  2 09:12:44"""
    return "%s %2d %s" % (MONTHS[t.month - 1], t.day, t.strftime("%H:%M:%S"))


def ts_uptime(t, boot, salt=0):
    d = t - boot
    secs = d.days * 86400 + d.seconds
    return "[%5d.%06d]" % (secs, _jit(t, salt))


def _jit(t, salt=0):
    """Deterministic sub-millisecond digits for times built at ms resolution."""
    us = t.microsecond
    if us % 1000 == 0:
        us += ((us // 1000) * 37 + salt * 113 + t.second * 7 + t.minute * 3) % 1000
    return us


def c10_prefix(t, level="E", rank=None, line=616, nsfrac=None):
    """torch >= 2.3 c10 logging: [rank3]:[E502 09:41:07.123456789 ProcessGroupNCCL.cpp:616]"""
    ns = nsfrac if nsfrac is not None else (t.microsecond * 7 + 131 + (rank or 0) * 17) % 1000
    md = "%d%02d" % (t.month, t.day)
    body = "[%s%s %s.%06d%03d %s]" % (level, md, t.strftime("%H:%M:%S"), _jit(t, rank or 0),
                                       ns, "ProcessGroupNCCL.cpp:%d" % line
                                       if isinstance(line, int) else line)
    if rank is None:
        return body
    return "[rank%d]:%s" % (rank, body)


def glog(t, level, tid, src):
    """Python glog-style used by torch.distributed.elastic >= 2.4:
    W0502 09:41:07.123000 140234 torch/distributed/elastic/multiprocessing/api.py:897]"""
    return "%s%s %s.%03d000 %d %s]" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S"),
                                         t.microsecond // 1000, tid, src)


def elastic(style, t, level, tid, msg, src="torch/distributed/elastic/multiprocessing/api.py:897",
            logger="torch.distributed.elastic.multiprocessing.api"):
    """One torchrun agent log line in the format of the given torch generation."""
    names = {"W": "WARNING", "E": "ERROR", "I": "INFO"}
    if style == "v24":
        return "%s %s" % (glog(t, level, tid, src), msg)
    if style == "v22":
        return "[%s] %s: [%s] %s" % (ts_py(t), logger, names[level], msg)
    return "%s:%s:%s" % (names[level], logger, msg)


# ------------------------------------------------------------ torch frames
def frames(kind, lib, seed):
    """C++ frame dumps that follow c10 exceptions (address bytes derived from seed)."""
    base = 0x7f0000000000 + (seed * 0x1f3d5b7) % 0xfffffff000
    def a(i):
        return "0x%x" % (base + i * 0x1a3f1 + (seed % 97) * 0x10)
    tl = lib.rstrip("/")
    if kind == "timeout":
        fr = [("c10::Error::Error(c10::SourceLocation, std::string) + 0x96", "libc10.so"),
              ("c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::watchdogHandler() + 0x233", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c", "libtorch_cuda.so")]
        head = "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):"
    elif kind == "remote":
        fr = [("c10::Error::Error(c10::SourceLocation, std::string) + 0x96", "libc10.so"),
              ("c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::watchdogHandler() + 0x213", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c", "libtorch_cuda.so")]
        head = "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):"
    elif kind == "cuda":
        fr = [("c10::Error::Error(c10::SourceLocation, std::string) + 0x96", "libc10.so"),
              ("c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64", "libc10.so"),
              ("c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118", "libc10_cuda.so"),
              ("c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c", "libtorch_cuda.so")]
        head = "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):"
    else:
        raise ValueError(kind)
    out = [head]
    for i, (fn, so) in enumerate(fr):
        out.append("frame #%d: %s (%s in %s/%s)" % (i, fn, a(i), tl, so))
    n = len(fr)
    out.append("frame #%d: <unknown function> + 0xdc253 (%s in /lib/x86_64-linux-gnu/libstdc++.so.6)" % (n, a(n)))
    out.append("frame #%d: <unknown function> + 0x94ac3 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % (n + 1, a(n + 1)))
    out.append("frame #%d: clone + 0x44 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % (n + 2, a(n + 2)))
    out.append("")
    return out


TORCH_LIB = "/usr/local/lib/python3.10/dist-packages/torch/lib"


def work(seq, op, ni, no, to):
    return "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, op, ni, no, to)


def wd_timeout(style, r, t, seq, op, ni, no, to_ms, ran_ms, enq=None, last=None,
               full=False, lib=TORCH_LIB):
    """Lines a rank prints when its NCCL watchdog times out.  Returns [(t, line)]."""
    enq = seq if enq is None else enq
    last = seq - 1 if last is None else last
    out = []
    us = dt.timedelta(microseconds=1)
    if style == "v24":
        w = work(seq, op, ni, no, to_ms)
        msg = "[Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (r, w, ran_ms)
        pg = "[PG ID 0 PG GUID 0(default_pg) Rank %d]" % r
        out.append((t, "%s %s" % (c10_prefix(t, rank=r, line=616), msg)))
        t2 = t + 410 * us
        out.append((t2, "%s %s Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (c10_prefix(t2, rank=r, line=1785), pg, seq, enq, last)))
        t3 = t2 + 37 * us
        out.append((t3, "%s [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (c10_prefix(t3, rank=r, line=630), r)))
        out.append((t3, "%s [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (c10_prefix(t3 + 4 * us, rank=r, line=636), r)))
        t4 = t3 + 1391 * us
        lines = ["%s %s Process group watchdog thread terminated with exception: %s" % (c10_prefix(t4, rank=r, line=1595), pg, msg)]
        if full:
            lines += frames("timeout", lib, r + seq)
        lines += ["terminate called after throwing an instance of 'c10::DistBackendError'",
                  "  what():  %s Process group watchdog thread terminated with exception: %s" % (pg, msg)]
        if full:
            lines += frames("timeout", lib, r + seq + 1)
        out.append((t4, "\n".join(lines)))
    elif style == "v22":
        w = work(seq, op, ni, no, to_ms)
        msg = "[Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (r, w, ran_ms)
        p = "[rank%d]:[E ProcessGroupNCCL.cpp:%d]"
        out.append((t, "%s %s" % (p % (r, 563), msg)))
        out.append((t, "%s [PG 0 Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (p % (r, 1537), r, seq, enq, last)))
        out.append((t, "%s [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (p % (r, 577), r)))
        out.append((t, "%s [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (p % (r, 583), r)))
        lines = ["%s [PG 0 Rank %d] Process group watchdog thread terminated with exception: %s" % (p % (r, 1414), r, msg)]
        if full:
            lines += frames("timeout", lib, r + seq)
        lines += ["terminate called after throwing an instance of 'c10::DistBackendError'",
                  "  what():  [PG 0 Rank %d] Process group watchdog thread terminated with exception: %s" % (r, msg)]
        out.append((t + 1000 * us, "\n".join(lines)))
    else:  # v20: no timestamps, no rank prefix
        msg = "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (r, seq, op, to_ms, ran_ms)
        out.append((t, "[E ProcessGroupNCCL.cpp:737] %s" % msg))
        out.append((t, "[E ProcessGroupNCCL.cpp:414] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. To avoid this inconsistency, we are taking the entire process down."))
        out.append((t + 900 * us, "terminate called after throwing an instance of 'std::runtime_error'\n  what():  %s" % msg))
    return out


def wd_remote(style, r, t, nccl_ver, last_error, full=False, lib=TORCH_LIB):
    """Watchdog noticing an async NCCL error (remote process exit / network error)."""
    us = dt.timedelta(microseconds=1)
    head = "NCCL error: remote process exited or there was a network error, NCCL version %s" % nccl_ver
    detail = ["ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
              "Last error:", last_error]
    if style == "v24":
        pg = "[PG ID 0 PG GUID 0(default_pg) Rank %d]" % r
        lines = ["%s %s Process group watchdog thread terminated with exception: %s" % (c10_prefix(t, rank=r, line=1515), pg, head)] + detail
        if full:
            lines += frames("remote", lib, r * 3 + 1)
        lines += ["terminate called after throwing an instance of 'c10::DistBackendError'",
                  "  what():  %s Process group watchdog thread terminated with exception: %s" % (pg, head)] + detail
        if full:
            lines += frames("remote", lib, r * 3 + 2)
        return [(t + 3 * us, "\n".join(lines))]
    if style == "v22":
        lines = ["[rank%d]:[E ProcessGroupNCCL.cpp:1182] [PG 0 Rank %d] NCCL watchdog thread terminated with exception: %s" % (r, r, head)] + detail
        lines += ["terminate called after throwing an instance of 'c10::DistBackendError'",
                  "  what():  [PG 0 Rank %d] NCCL watchdog thread terminated with exception: %s" % (r, head)] + detail
        return [(t, "\n".join(lines))]
    lines = ["[E ProcessGroupNCCL.cpp:916] [Rank %d] NCCL watchdog thread terminated with exception: %s" % (r, head)] + detail
    lines += ["terminate called after throwing an instance of 'std::runtime_error'",
              "  what():  [Rank %d] NCCL watchdog thread terminated with exception: %s" % (r, head)]
    return [(t, "\n".join(lines))]


def wd_cuda(style, r, t, cuda_msg, full=True, lib=TORCH_LIB):
    """Watchdog thread hitting a CUDA error while polling work completion."""
    tail = ["CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""]
    if style == "v24":
        pg = "[PG ID 0 PG GUID 0(default_pg) Rank %d]" % r
        lines = ["%s %s Process group watchdog thread terminated with exception: CUDA error: %s" % (c10_prefix(t, rank=r, line=1515), pg, cuda_msg)] + tail
        if full:
            lines += frames("cuda", lib, r * 5)
        lines += ["terminate called after throwing an instance of 'c10::DistBackendError'",
                  "  what():  %s Process group watchdog thread terminated with exception: CUDA error: %s" % (pg, cuda_msg)] + tail
        return [(t, "\n".join(lines))]
    lines = ["[rank%d]:[E ProcessGroupNCCL.cpp:1182] [PG 0 Rank %d] NCCL watchdog thread terminated with exception: CUDA error: %s" % (r, r, cuda_msg)] + tail
    if full:
        lines += frames("cuda", lib, r * 5)
    lines += ["terminate called after throwing an instance of 'c10::DistBackendError'",
              "  what():  [PG 0 Rank %d] NCCL watchdog thread terminated with exception: CUDA error: %s" % (r, cuda_msg)]
    return [(t, "\n".join(lines))]


def store_reset(r, t, host, master, port=29500):
    """torch >= 2.4 TCPStore warnings seen by survivors once the store host is gone."""
    fd = 60 + r % 40
    lp = 40000 + (r * 37) % 20000
    return [(t, "%s [c10d] recvValue failed on SocketImpl(fd=%d, addr=[%s]:%d, remote=[%s]:%d): Connection reset by peer" % (
        c10_prefix(t, "W", r, "TCPStore.cpp:125"), fd, host, lp, master, port)),
        (t, "%s [PG ID 0 PG GUID 0(default_pg) Rank %d] Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Connection reset by peer" % (
            c10_prefix(t, "W", r, 1659), r))]


def child_failed(script, failures, root, width=60):
    """torchrun ChildFailedError table.  failures/root: dicts with
    time, host, rank, local_rank, exitcode, pid, error_file, traceback(list of lines or str)."""
    def block(i, f):
        tb = f.get("traceback")
        if tb is None:
            ec = f["exitcode"]
            if ec < 0:
                names = {-6: "SIGABRT", -9: "SIGKILL", -11: "SIGSEGV", -15: "SIGTERM", -7: "SIGBUS"}
                tb = ["Signal %d (%s) received by PID %d" % (-ec, names.get(ec, "SIG"), f["pid"])]
            else:
                tb = ["To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"]
        elif isinstance(tb, str):
            tb = [tb]
        out = ["[%d]:" % i,
               "  time      : %s" % f["time"].strftime("%Y-%m-%d_%H:%M:%S"),
               "  host      : %s" % f["host"],
               "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
               "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
               "  error_file: %s" % f.get("error_file", "<N/A>"),
               "  traceback : %s" % tb[0]]
        out += ["  " + x for x in tb[1:]]
        return out
    L = ["torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
         "=" * width, "%s FAILED" % script, "-" * width, "Failures:"]
    if failures:
        for i, f in enumerate(failures, 1):
            L += block(i, f)
    else:
        L.append("  <NO_OTHER_FAILURES>")
    L += ["-" * width, "Root Cause (first observed failure):"]
    L += block(0, root)
    L.append("=" * width)
    return L


def torchrun_trace(pyver="3.10", site="/usr/local/lib/python3.10/dist-packages"):
    return ["Traceback (most recent call last):",
            '  File "/usr/local/bin/torchrun", line 8, in <module>',
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
            "    raise ChildFailedError("]


def signal_exc_trace(pid, sig=15, site="/usr/local/lib/python3.10/dist-packages"):
    return ["Traceback (most recent call last):",
            '  File "/usr/local/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            '  File "%s/torch/distributed/run.py", line 910, in run' % site,
            "    elastic_launch(",
            '  File "%s/torch/distributed/launcher/api.py", line 260, in launch_agent' % site,
            "    result = agent.run()",
            '  File "%s/torch/distributed/elastic/agent/server/api.py", line 696, in run' % site,
            "    result = self._invoke_run(role)",
            '  File "%s/torch/distributed/elastic/agent/server/api.py", line 855, in _invoke_run' % site,
            "    time.sleep(monitor_interval)",
            '  File "%s/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler' % site,
            "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
            "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: %d" % (pid, sig)]


# ----------------------------------------------------------------- kernel
def dmesg_lines(fmt, events, boot=None, host=None, tz=UTC):
    """events: [(t, msg)].  fmt: 'uptime' | 'ctime' | 'syslog' | 'iso' | 'journal'."""
    out = []
    ev = []
    for t, msg in sorted(events, key=lambda e: e[0]):
        parts = msg.split("\n")
        for part in parts:
            ev.append((t, part, len(parts[0])))
    for t, msg, salt in ev:
        lt = t.astimezone(tz)
        if fmt == "uptime":
            out.append("%s %s" % (ts_uptime(t, boot, salt), msg))
        elif fmt == "ctime":
            out.append("[%s] %s" % (ts_ctime(lt), msg))
        elif fmt == "syslog":
            up = ts_uptime(t, boot, salt) if boot is not None else None
            out.append("%s %s kernel: %s%s" % (ts_syslog(lt), host, (up + " ") if up else "", msg))
        elif fmt == "iso":
            out.append("%s %s kernel: %s" % (ts_iso(lt, 6), host, msg))
        else:
            raise ValueError(fmt)
    return out


def nvidia_smi_table(host, t, driver, cuda, gpus, procs, model="NVIDIA H100 80GB HBM3",
                     bus=BUS_H100, total_mib=81559, smi_ver=None):
    """A plain `nvidia-smi` table.  gpus: list of dicts(temp, pwr, mem, util, ecc, perf)."""
    smi_ver = smi_ver or driver
    L = [ts_ctime(t).replace("  ", " "),
         "+---------------------------------------------------------------------------------------+",
         "| NVIDIA-SMI %-12s Driver Version: %-12s CUDA Version: %-5s              |" % (smi_ver, driver, cuda),
         "|-----------------------------------------+----------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                      |               MIG M. |",
         "|=========================================+======================+======================|"]
    for i, g in enumerate(gpus):
        if g.get("err"):
            L.append("|   %d  %-22s   On  | 00000000:%s:00.0 Off |                 ERR! |" % (i, model[:22], bus[i].upper()))
            L.append("|ERR!  ERR!  ERR!             ERR! / ERR! |   ERR! /  ERR!       |    ERR!      Default |")
        else:
            L.append("|   %d  %-22s   On  | 00000000:%s:00.0 Off |                    %s |" % (i, model[:22], bus[i].upper(), g.get("ecc", "0")))
            L.append("| N/A   %2dC    %s            %3dW / 700W |  %5dMiB / %5dMiB |    %3d%%      Default |" % (
                g["temp"], g.get("perf", "P0"), g["pwr"], g["mem"], total_mib, g["util"]))
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
    for gi, pid, name, mem in procs:
        L.append("|    %d   N/A  N/A    %7d      C   %-38s %6dMiB |" % (gi, pid, name[:38], mem))
    L.append("+---------------------------------------------------------------------------------------+")
    return L


def render(events):
    """events: [(t, text)] -> text, stable-sorted by time."""
    ev = sorted(enumerate(events), key=lambda x: (x[1][0], x[0]))
    return "\n".join(e[1][1] for e in ev) + "\n"


class Cluster:
    """Hostnames, ranks, pids and addresses of one job."""

    def __init__(self, rng, hosts, gpn=8, ipfmt="10.20.%d.%d", bus=BUS_H100):
        self.rng = rng
        self.hosts = list(hosts)
        self.gpn = gpn
        self.n = len(self.hosts)
        self.world = self.n * gpn
        self.bus = bus
        self.ip = {}
        for i, h in enumerate(self.hosts):
            self.ip[h] = ipfmt % (1 + i // 200, 11 + i % 200)
        self.agent_pid = {h: rng.randint(1200, 90000) for h in self.hosts}
        self.agent_tid = {h: rng.randint(139600000000000, 140700000000000) for h in self.hosts}
        self.pid = {}
        for h in self.hosts:
            p = self.agent_pid[h]
            for lr in range(gpn):
                self.pid[self.rank(h, lr)] = p + 7 + lr
        self.tid = {r: self.pid[r] + 900 + r % 13 for r in self.pid}

    def rank(self, host, lr):
        return self.hosts.index(host) * self.gpn + lr

    def host_of(self, r):
        return self.hosts[r // self.gpn]

    def lr(self, r):
        return r % self.gpn

    def ranks(self, host):
        return [self.rank(host, lr) for lr in range(self.gpn)]

    def nccl(self, r, msg, level="INFO", tid=None, src=None):
        h = self.host_of(r)
        tid = self.pid[r] if tid is None else tid
        if level == "WARN":
            return "%s:%d:%d [%d] %s NCCL WARN %s" % (h, self.pid[r], tid, self.lr(r), src or "transport/net_ib.cc:1696", msg)
        return "%s:%d:%d [%d] NCCL %s %s" % (h, self.pid[r], tid, self.lr(r), level, msg)

    def nccl_init(self, r, nccl_ver="2.21.5+cuda12.4", net="IB", hcas=None, oob="bond0",
                  cuda_drv="12040", commid=0x5b1f33a9d07c21e4, plugin=None):
        hcas = hcas or "[0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB [4]mlx5_6:1/IB [5]mlx5_9:1/IB [6]mlx5_10:1/IB [7]mlx5_11:1/IB"
        h = self.host_of(r)
        tid = self.tid[r]
        L = [self.nccl(r, "Bootstrap : Using %s:%s<0>" % (oob, self.ip[h])),
             self.nccl(r, "cudaDriverVersion %s" % cuda_drv)]
        if plugin:
            L += [self.nccl(r, x) for x in plugin]
        else:
            L.append(self.nccl(r, "NET/Plugin: Using internal network plugin."))
        if r == 0:
            L.append("NCCL version %s" % nccl_ver)
        if net == "IB":
            L.append(self.nccl(r, "NET/IB : Using %s [RO]; OOB %s:%s<0>" % (hcas, oob, self.ip[h]), tid=tid))
        L.append(self.nccl(r, "ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x%x - Init COMPLETE" % (
            0x55d0c0000000 + r * 0x1f4a0, r, self.world, self.lr(r), self.lr(r), self.bus[self.lr(r)], commid), tid=tid))
        return L
