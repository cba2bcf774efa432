"""Shared helpers for the ao corpus generator (stdlib only, deterministic).

Every log file is built as a list of timestamped events that are sorted and
rendered at the end, so that a case can inject the failure, the sympathetic
timeouts and the launcher teardown at precise moments without worrying about
line order.  Lines that carry no timestamp of their own (NCCL INFO, Python
tracebacks, tqdm bars) are still placed by the time they were emitted.
"""
import json
import os
import random
from datetime import datetime, timedelta

UTC_MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
UTC_DOW = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def T(s):
    """Parse 'YYYY-MM-DD HH:MM:SS[.ffffff]'."""
    if "." in s:
        return datetime.strptime(s, "%Y-%m-%d %H:%M:%S.%f")
    return datetime.strptime(s, "%Y-%m-%d %H:%M:%S")


def sec(n):
    return timedelta(seconds=n)


# --------------------------------------------------------------------------
# timestamp formats
# --------------------------------------------------------------------------
def f_pylog(dt):
    """2025-03-04 15:27:41,081"""
    return dt.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (dt.microsecond // 1000)


def f_pylog_br(dt):
    """[2025-03-04 15:27:41,081]"""
    return "[" + f_pylog(dt) + "]"


def f_iso(dt, frac=True, tz="Z"):
    s = dt.strftime("%Y-%m-%dT%H:%M:%S")
    if frac:
        s += ".%06d" % dt.microsecond
    return s + tz


def f_c10(dt, rng, level="E"):
    """C++ c10 logging as printed by torch>=2.3: E304 15:27:41.081233412 (month not padded)."""
    return "%s%d%02d %s.%06d%03d" % (level, dt.month, dt.day, dt.strftime("%H:%M:%S"),
                                     dt.microsecond, rng.randint(0, 999))


def f_glog_py(dt, level="W"):
    """python glog-style used by torch.distributed.elastic in torch>=2.4: W0304 15:27:41.081000"""
    return "%s%02d%02d %s.%06d" % (level, dt.month, dt.day, dt.strftime("%H:%M:%S"),
                                   (dt.microsecond // 1000) * 1000)


def f_dmesg_T(dt):
    """[Tue Mar  4 15:27:41 2025]"""
    return "[%s %s %2d %s %d]" % (UTC_DOW[dt.weekday()], UTC_MON[dt.month - 1], dt.day,
                                  dt.strftime("%H:%M:%S"), dt.year)


def f_uptime(dt, boot):
    s = (dt - boot).total_seconds()
    return "[%12.6f]" % s


def f_syslog(dt):
    """Mar  4 15:27:41"""
    return "%s %2d %s" % (UTC_MON[dt.month - 1], dt.day, dt.strftime("%H:%M:%S"))


def f_journal_iso(dt, off="+0000"):
    return dt.strftime("%Y-%m-%dT%H:%M:%S") + off


def f_date_cmd(dt):
    """output of `date` : Tue Mar  4 15:27:41 UTC 2025"""
    return "%s %s %2d %s UTC %d" % (UTC_DOW[dt.weekday()], UTC_MON[dt.month - 1], dt.day,
                                    dt.strftime("%H:%M:%S"), dt.year)


def f_nemo(dt):
    return dt.strftime("%Y-%m-%d %H:%M:%S")


def f_elastic_time(dt):
    return dt.strftime("%Y-%m-%d_%H:%M:%S")


# --------------------------------------------------------------------------
# log containers
# --------------------------------------------------------------------------
class Log:
    def __init__(self):
        self.ev = []
        self.n = 0

    def add(self, dt, text):
        self.n += 1
        self.ev.append((dt, self.n, text))
        return dt

    def extend(self, other):
        for dt, _, text in other.ev:
            self.add(dt, text)

    def render(self):
        out = [t for _, _, t in sorted(self.ev, key=lambda e: (e[0], e[1]))]
        s = "\n".join(out)
        return s + ("\n" if not s.endswith("\n") else "")


class Bundle:
    def __init__(self, name):
        self.name = name
        self.files = {}
        self.label = None

    def put(self, path, content):
        if isinstance(content, Log):
            content = content.render()
        if isinstance(content, list):
            content = "\n".join(content) + "\n"
        assert path not in self.files, path
        self.files[path] = content

    def set_label(self, category, layer, culprit, action, rationale, modelled_on):
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def topology(self, topo):
        self.put("topology.json", json.dumps({"topology": topo}, indent=2) + "\n")

    def write(self, root):
        base = os.path.join(root, self.name)
        for rel, content in sorted(self.files.items()):
            p = os.path.join(base, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(content)
        with open(os.path.join(base, "label.json"), "w", encoding="utf-8") as fh:
            json.dump(self.label, fh, indent=2)
            fh.write("\n")


# --------------------------------------------------------------------------
# cluster description
# --------------------------------------------------------------------------
class Node:
    def __init__(self, name, ip, index, gpus=8, boot=None, pid0=None):
        self.name = name
        self.ip = ip
        self.index = index
        self.gpus = gpus
        self.boot = boot
        self.pid0 = pid0

    def rank(self, local):
        return self.index * self.gpus + local

    def ranks(self):
        return [self.rank(i) for i in range(self.gpus)]


H100_BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
A100_BUS = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]


def make_nodes(names, ips, rng, gpus=8, boot_range=("2025-02-20 06:00:00", 9)):
    nodes = []
    base = T(boot_range[0])
    for i, (n, ip) in enumerate(zip(names, ips)):
        boot = base + timedelta(days=rng.randint(0, boot_range[1]), seconds=rng.randint(0, 80000))
        nodes.append(Node(n, ip, i, gpus, boot, rng.randint(20000, 90000)))
    return nodes


def hexaddr(rng):
    return "0x7f%010x" % rng.randint(0x1000000000, 0xfffffffff0)


# --------------------------------------------------------------------------
# NCCL / c10d text
# --------------------------------------------------------------------------
def nccl_init(node, local, pid, tid, world, nnodes, rng, version="2.21.5+cuda12.4",
              ifname="ib0", hcas=8, net="IB", plugin_msg=None, verbose=True, commid=None, cuda_drv=12040):
    """NCCL INFO lines one rank prints during communicator init."""
    p = "%s:%d:%d [%d]" % (node.name, pid, pid, local)
    q = "%s:%d:%d [%d]" % (node.name, pid, tid, local)
    r = node.rank(local)
    out = ["%s NCCL INFO Bootstrap : Using %s:%s<0>" % (p, ifname, node.ip)]
    if plugin_msg:
        out.append("%s NCCL INFO %s" % (p, plugin_msg))
    else:
        out.append("%s NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: "
                   "No such file or directory No plugin found (libnccl-net.so), using internal implementation" % p)
    out.append("%s NCCL INFO cudaDriverVersion %d" % (p, cuda_drv))
    if r == 0:
        out.append("NCCL version %s" % version)
    if not verbose:
        return out
    if net == "IB":
        devs = " ".join("[%d]mlx5_%d:1/IB" % (i, i) for i in range(hcas))
        out.append("%s NCCL INFO NET/IB : Using %s ; OOB %s:%s<0>" % (q, devs, ifname, node.ip))
        out.append("%s NCCL INFO Using non-device net plugin version 0" % q)
        out.append("%s NCCL INFO Using network IB" % q)
    else:
        out.append("%s NCCL INFO NET/Socket : Using [0]%s:%s<0>" % (q, ifname, node.ip))
        out.append("%s NCCL INFO Using network Socket" % q)
    cid = commid or "0x%016x" % rng.getrandbits(64)
    bus = H100_BUS[local % 8]
    out.append("%s NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId %s - Init START"
               % (q, rng.randint(0x5000000, 0x9ffffff), r, world, local, local, bus, cid))
    out.append("%s NCCL INFO comm rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0"
               % (q, r, world, nnodes, node.gpus, local))
    out.append("%s NCCL INFO Connected all rings" % q)
    out.append("%s NCCL INFO Connected all trees" % q)
    out.append("%s NCCL INFO threadThresholds 8/8/64 | %d/8/64 | 512 | 512" % (q, world * 8))
    out.append("%s NCCL INFO %d coll channels, 16 collnet channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer"
               % (q, 16))
    out.append("%s NCCL INFO comm rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId %s - Init COMPLETE"
               % (q, r, world, local, local, bus, cid))
    return out


LIBDIR = "/usr/local/lib/python3.10/dist-packages/torch/lib"


def c10_frames(rng, kind="timeout", libdir=LIBDIR):
    if kind == "error":
        f = [
            "c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (%s in %s/libc10.so)",
            "c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 (%s in %s/libtorch_cuda.so)",
            "c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (%s in %s/libtorch_cuda.so)",
            "c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 (%s in %s/libtorch_cuda.so)",
            "c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (%s in %s/libtorch_cuda.so)",
        ]
    elif kind == "timeout":
        f = [
            "c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (%s in %s/libc10.so)",
            "c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (%s in %s/libtorch_cuda.so)",
            "c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (%s in %s/libtorch_cuda.so)",
            "c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (%s in %s/libtorch_cuda.so)",
        ]
    else:
        f = [
            "c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (%s in %s/libc10.so)",
            "c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (%s in %s/libc10.so)",
            "c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (%s in %s/libc10_cuda.so)",
            "c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (%s in %s/libtorch_cuda.so)",
            "c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0x58 (%s in %s/libtorch_cuda.so)",
            "c10d::ProcessGroupNCCL::watchdogHandler() + 0x1b7 (%s in %s/libtorch_cuda.so)",
            "c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (%s in %s/libtorch_cuda.so)",
        ]
    out = []
    bases = {}
    for i, fr in enumerate(f):
        lib = fr.rsplit("/", 1)[-1]
        if lib not in bases:
            bases[lib] = rng.randint(0x7f0000000000, 0x7ffff0000000) & ~0xfff
        out.append("frame #%d: " % i + fr % ("0x%x" % (bases[lib] + rng.randint(0x10000, 0x1ffffff)), libdir))
    n = len(out)
    out.append("frame #%d: <unknown function> + 0xdc253 (%s in /lib/x86_64-linux-gnu/libstdc++.so.6)" % (n, hexaddr(rng)))
    out.append("frame #%d: <unknown function> + 0x94ac3 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % (n + 1, hexaddr(rng)))
    out.append("frame #%d: <unknown function> + 0x126850 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % (n + 2, hexaddr(rng)))
    return out


def watchdog_timeout(rank, dt, rng, seq, op="ALLREDUCE", numel=1, timeout_ms=600000,
                     last_enq=None, last_done=None, prefix=True, frames=True, pg="0 PG GUID 0(default_pg)"):
    """Modern (torch 2.4/2.5) NCCL watchdog timeout block for one rank."""
    ran = timeout_ms + rng.randint(5, 900)
    pre = "[rank%d]:" % rank if prefix else ""
    le = last_enq if last_enq is not None else seq
    lc = last_done if last_done is not None else seq - 1
    work = ("WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)"
            % (seq, op, numel, numel, timeout_ms))
    lines = []
    d = dt
    step = timedelta(microseconds=rng.randint(9, 40))
    lines.append("%s[%s ProcessGroupNCCL.cpp:632] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out."
                 % (pre, f_c10(d + step * 1, rng), rank, work, ran))
    lines.append("%s[%s ProcessGroupNCCL.cpp:2271] [PG ID %s Rank %d]  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d"
                 % (pre, f_c10(d + step * 2, rng), pg, rank, seq, le, lc))
    lines.append("%s[%s ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value."
                 % (pre, f_c10(d + step * 3, rng)))
    lines.append("%s[%s ProcessGroupNCCL.cpp:684] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
                 % (pre, f_c10(d + step * 4, rng), rank))
    lines.append("%s[%s ProcessGroupNCCL.cpp:698] [Rank %d] To avoid data inconsistency, we are taking the entire process down."
                 % (pre, f_c10(d + step * 5, rng), rank))
    msg = ("[PG ID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out."
           % (pg, rank, rank, work, ran))
    lines.append("%s[%s ProcessGroupNCCL.cpp:1896] %s" % (pre, f_c10(d + step * 6, rng), msg))
    if frames:
        lines.append("Exception raised from checkTimeout at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:635 (most recent call first):")
        lines.extend(c10_frames(rng))
        lines.append("")
        lines.append("terminate called after throwing an instance of 'c10::DistBackendError'")
        lines.append("  what():  " + msg)
    return "\n".join(lines)


def watchdog_timeout_old(rank, rng, seq, op="ALLREDUCE", numel=1, timeout_ms=1800000):
    """torch 2.1-era watchdog text (no timestamps)."""
    ran = timeout_ms + rng.randint(5, 900)
    work = ("WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)"
            % (seq, op, numel, numel, timeout_ms))
    return "\n".join([
        "[E ProcessGroupNCCL.cpp:475] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, work, ran),
        "[E ProcessGroupNCCL.cpp:489] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[E ProcessGroupNCCL.cpp:495] To avoid data inconsistency, we are taking the entire process down.",
        "[E ProcessGroupNCCL.cpp:916] [Rank %d] NCCL watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, rank, work, ran),
        "terminate called after throwing an instance of 'std::runtime_error'",
        "  what():  [Rank %d] NCCL watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, rank, work, ran),
    ])


def py_traceback(rank, frames, exc, prefix=True):
    """frames: list of (file, line, func, code)."""
    pre = "[rank%d]: " % rank if prefix else ""
    out = [pre + "Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(pre + '  File "%s", line %d, in %s' % (f, ln, fn))
        if code:
            out.append(pre + "    " + code)
    for l in exc.split("\n"):
        out.append(pre + l)
    return "\n".join(out)


# --------------------------------------------------------------------------
# torchrun / elastic agent text
# --------------------------------------------------------------------------
def agent_banner():
    return ("*****************************************\n"
            "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. \n"
            "*****************************************")


def agent_sigterm_new(dt, agent_pid, child_pid, site="torch"):
    return "%s %d %s/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (
        f_glog_py(dt, "W"), agent_pid, site, child_pid)


def agent_failed_new(dt, agent_pid, code, local, child_pid, binary="/usr/bin/python", site="torch"):
    return "%s %d %s/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (
        f_glog_py(dt, "E"), agent_pid, site, code, local, child_pid, binary)


def agent_sigterm_old(dt, child_pid):
    return "%s torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal SIGTERM" % (
        f_pylog_br(dt), child_pid)


def agent_failed_old(dt, code, local, child_pid, binary="/usr/bin/python"):
    return "%s torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (
        f_pylog_br(dt), code, local, child_pid, binary)


SIGNAMES = {-15: "SIGTERM", -6: "SIGABRT", -9: "SIGKILL", -7: "SIGBUS", -11: "SIGSEGV"}


def child_failed(script, host, root, others, launcher="/usr/local/bin/torchrun", pyver="3.10",
                 site="/usr/local/lib/python3.10/dist-packages", width=60):
    """root/others: dicts with time(dt), rank, local, code, pid, [error_file], [traceback]."""
    out = ["Traceback (most recent call last):",
           '  File "%s", line 8, in <module>' % launcher,
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
           "=" * width,
           "%s FAILED" % script,
           "-" * width,
           "Failures:"]

    def entry(i, f):
        code = f["code"]
        sig = "  (%s)" % SIGNAMES[code] if code in SIGNAMES else " "
        tb = f.get("traceback")
        if tb is None:
            if code < 0:
                tb = "Signal %d (%s) received by PID %d" % (-code, SIGNAMES.get(code, "?"), f["pid"])
            else:
                tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        return ["[%d]:" % i,
                "  time      : %s" % f_elastic_time(f["time"]),
                "  host      : %s" % f.get("host", host),
                "  rank      : %d (local_rank: %d)" % (f["rank"], f["local"]),
                "  exitcode  : %d (pid: %d)%s" % (code, f["pid"], sig),
                "  error_file: %s" % f.get("error_file", "<N/A>"),
                "  traceback : %s" % tb]
    if not others:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others, 1):
        out.extend(entry(i, f))
    out.append("-" * width)
    out.append("Root Cause (first observed failure):")
    out.extend(entry(0, root))
    out.append("=" * width)
    return "\n".join(out)


# --------------------------------------------------------------------------
# kernel log lines
# --------------------------------------------------------------------------
def kline(fmt, dt, host, msg, boot=None):
    if fmt == "T":
        return "%s %s" % (f_dmesg_T(dt), msg)
    if fmt == "uptime":
        return "%s %s" % (f_uptime(dt, boot), msg)
    if fmt == "syslog":
        return "%s %s kernel: %s %s" % (f_syslog(dt), host, f_uptime(dt, boot), msg)
    if fmt == "journal":
        return "%s %s kernel: %s" % (f_journal_iso(dt), host, msg)
    if fmt == "iso":
        return "%s %s kernel: %s" % (f_iso(dt, tz="+00:00"), host, msg)
    raise ValueError(fmt)


def benign_kernel(rng, start, end, n, extra=None):
    """A pool of benign kernel messages spread between start and end (list of (dt, msg))."""
    pool = [
        lambda r: "IPv6: ADDRCONF(NETDEV_CHANGE): veth%07x: link becomes ready" % r.getrandbits(28),
        lambda r: "docker0: port 1(veth%07x) entered forwarding state" % r.getrandbits(28),
        lambda r: "docker0: port 1(veth%07x) entered disabled state" % r.getrandbits(28),
        lambda r: "device veth%07x left promiscuous mode" % r.getrandbits(28),
        lambda r: ("audit: type=1400 audit(%d.412:%d): apparmor=\"STATUS\" operation=\"profile_replace\" "
                   "info=\"same as current profile, skipping\" profile=\"unconfined\" name=\"docker-default\" "
                   "pid=%d comm=\"apparmor_parser\"" % (r.randint(1740000000, 1743000000), r.randint(100, 999), r.randint(1000, 99999))),
        lambda r: "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters.",
        lambda r: "mlx5_core 0000:%02x:00.0: mlx5_fw_tracer_handle_traces:745:(pid %d): FWTracer: Events were lost" % (
            r.choice([0x0c, 0x1f, 0x4b, 0x5e, 0x8c, 0x9f, 0xcb, 0xde]), r.randint(100, 9999)),
        lambda r: "perf: interrupt took too long (%d > %d), lowering kernel.perf_event_max_sample_rate to %d" % (
            r.randint(3100, 3300), 3131, r.choice([63500, 50750, 40500])),
        lambda r: "nfs: server nfs-home.internal OK",
        lambda r: "IPMI message handler: IPMI message handler: BMC returned 0xc0, internal error",
    ]
    if extra:
        pool += extra
    out = []
    span = (end - start).total_seconds()
    for _ in range(n):
        t = start + timedelta(seconds=rng.uniform(0, span))
        out.append((t, rng.choice(pool)(rng)))
    return out


def nvrm_xid(bus, xid, pid, name, text):
    return "NVRM: Xid (PCI:0000:%s:00): %d, pid=%s, name=%s, %s" % (bus, xid, pid, name, text)


# --------------------------------------------------------------------------
# nvidia-smi
# --------------------------------------------------------------------------
def smi_header(dt, driver="550.90.07", cuda="12.4", ngpu=8):
    return ["", "==============NVSMI LOG==============", "",
            "Timestamp                                 : %s" % f_date_cmd(dt).replace(" UTC", ""),
            "Driver Version                            : %s" % driver,
            "CUDA Version                              : %s" % cuda, "",
            "Attached GPUs                             : %d" % ngpu]


def smi_gpu_q(i, bus, rng, name="NVIDIA H100 80GB HBM3", serial=None, ecc_sram_unc=0, ecc_dram_unc=0,
              ecc_dram_cor=0, agg_dram_unc=None, remap_cor=0, remap_unc=0, remap_pending="No",
              remap_fail="No", temp=None, hw_slow="Not Active", hw_thermal="Not Active",
              sw_thermal="Not Active", sw_power="Not Active", sm_clock=1980, power=None,
              util=None, procs=None, fb_used=None, pcie_gen=5, pcie_width=16, pstate="P0"):
    temp = temp if temp is not None else rng.randint(38, 56)
    power = power if power is not None else rng.uniform(420, 690)
    util = util if util is not None else rng.randint(92, 100)
    fb_used = fb_used if fb_used is not None else rng.randint(61000, 74000)
    serial = serial or "16523%08d" % rng.randint(0, 99999999)
    agg = agg_dram_unc if agg_dram_unc is not None else ecc_dram_unc
    L = ["", "GPU 00000000:%s:00.0" % bus.upper(),
         "    Product Name                          : %s" % name,
         "    Product Brand                         : NVIDIA",
         "    Persistence Mode                      : Enabled",
         "    Serial Number                         : %s" % serial,
         "    GPU UUID                              : GPU-%08x-%04x-%04x-%04x-%012x" % (
             rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(48)),
         "    Minor Number                          : %d" % i,
         "    VBIOS Version                         : 96.00.89.00.01",
         "    PCI",
         "        Bus                               : 0x%s" % bus,
         "        GPU Link Info",
         "            PCIe Generation",
         "                Max                       : 5",
         "                Current                   : %d" % pcie_gen,
         "            Link Width",
         "                Max                       : 16x",
         "                Current                   : %dx" % pcie_width,
         "    Performance State                     : %s" % pstate,
         "    Clocks Event Reasons",
         "        Idle                              : Not Active",
         "        Applications Clocks Setting       : Not Active",
         "        SW Power Cap                      : %s" % sw_power,
         "        HW Slowdown                       : %s" % hw_slow,
         "            HW Thermal Slowdown           : %s" % hw_thermal,
         "            HW Power Brake Slowdown       : Not Active",
         "        Sync Boost                        : Not Active",
         "        SW Thermal Slowdown               : %s" % sw_thermal,
         "        Display Clock Setting             : Not Active",
         "    FB Memory Usage",
         "        Total                             : 81559 MiB",
         "        Reserved                          : 551 MiB",
         "        Used                              : %d MiB" % fb_used,
         "        Free                              : %d MiB" % (81559 - 551 - fb_used),
         "    Utilization",
         "        Gpu                               : %d %%" % util,
         "        Memory                            : %d %%" % max(0, util - rng.randint(20, 40)),
         "    ECC Mode",
         "        Current                           : Enabled",
         "        Pending                           : Enabled",
         "    ECC Errors",
         "        Volatile",
         "            SRAM Correctable              : 0",
         "            SRAM Uncorrectable Parity     : 0",
         "            SRAM Uncorrectable SEC-DED    : %d" % ecc_sram_unc,
         "            DRAM Correctable              : %d" % ecc_dram_cor,
         "            DRAM Uncorrectable            : %d" % ecc_dram_unc,
         "        Aggregate",
         "            SRAM Correctable              : 0",
         "            SRAM Uncorrectable Parity     : 0",
         "            SRAM Uncorrectable SEC-DED    : %d" % ecc_sram_unc,
         "            DRAM Correctable              : %d" % ecc_dram_cor,
         "            DRAM Uncorrectable            : %d" % agg,
         "    Retired Pages",
         "        Single Bit ECC                    : N/A",
         "        Double Bit ECC                    : N/A",
         "        Pending Page Blacklist            : N/A",
         "    Remapped Rows",
         "        Correctable Error                 : %d" % remap_cor,
         "        Uncorrectable Error               : %d" % remap_unc,
         "        Pending                           : %s" % remap_pending,
         "        Remapping Failure Occurred        : %s" % remap_fail,
         "        Bank Remap Availability Histogram",
         "            Max                           : 2560 bank(s)",
         "            High                          : 0 bank(s)",
         "            Partial                       : 0 bank(s)",
         "            Low                           : 0 bank(s)",
         "            None                          : 0 bank(s)",
         "    Temperature",
         "        GPU Current Temp                  : %d C" % temp,
         "        GPU T.Limit Temp                  : %d C" % (87 - temp),
         "        GPU Shutdown Temp                 : 92 C",
         "        GPU Slowdown Temp                 : 89 C",
         "        GPU Max Operating Temp            : 87 C",
         "        Memory Current Temp               : %d C" % (temp + rng.randint(2, 8)),
         "        Memory Max Operating Temp         : 95 C",
         "    GPU Power Readings",
         "        Power Draw                        : %.2f W" % power,
         "        Current Power Limit               : 700.00 W",
         "    Clocks",
         "        Graphics                          : %d MHz" % sm_clock,
         "        SM                                : %d MHz" % sm_clock,
         "        Memory                            : 2619 MHz",
         "    Max Clocks",
         "        Graphics                          : 1980 MHz",
         "        SM                                : 1980 MHz",
         "        Memory                            : 2619 MHz",
         "    Processes"]
    if procs is None:
        L.append("        None")
    else:
        for pid, pname, mem in procs:
            L += ["        GPU instance ID                   : N/A",
                  "        Compute instance ID               : N/A",
                  "        Process ID                        : %d" % pid,
                  "            Type                          : C",
                  "            Name                          : %s" % pname,
                  "            Used GPU Memory               : %d MiB" % mem]
    return L


def smi_table(dt, rows, driver="550.90.07", cuda="12.4", procs=None, name="NVIDIA H100 80GB HBM3"):
    """rows: list of (bus, temp, power, memused, util) ; procs: list of (gpu, pid, name, mem)"""
    L = [f_date_cmd(dt).replace(" UTC", ""),
         "+-----------------------------------------------------------------------------------------+",
         "| NVIDIA-SMI %-10s             Driver Version: %-10s     CUDA Version: %-5s    |" % (driver, driver, cuda),
         "|-----------------------------------------+------------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                        |               MIG M. |",
         "|=========================================+========================+======================|"]
    for i, (bus, temp, pw, mem, util) in enumerate(rows):
        L.append("|   %d  %-20s    On  |   00000000:%s:00.0 Off |                    0 |" % (i, name[:20], bus.upper()))
        L.append("| N/A   %2dC    P0            %3dW /  700W |  %5dMiB /  81559MiB |    %3d%%      Default |" % (temp, pw, mem, util))
        L.append("|                                         |                        |             Disabled |")
        L.append("+-----------------------------------------+------------------------+----------------------+")
    L += ["", "+-----------------------------------------------------------------------------------------+",
          "| Processes:                                                                              |",
          "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
          "|        ID   ID                                                               Usage      |",
          "|=========================================================================================|"]
    for g, pid, pname, mem in (procs or []):
        L.append("|  %4d   N/A  N/A    %7d      C   %-40s %6dMiB |" % (g, pid, pname[:40], mem))
    if not procs:
        L.append("|  No running processes found                                                             |")
    L.append("+-----------------------------------------------------------------------------------------+")
    return L


# --------------------------------------------------------------------------
# training progress formats
# --------------------------------------------------------------------------
def megatron_iter(dt, it, total, gbs, seq_tokens, ms, lr, loss, gnorm, tflops, skipped=0, nan=0, scale="1.0"):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | "
            "loss scale: %s | grad norm: %.3f | number of skipped iterations: %3d | number of nan iterations: %3d |"
            % (dt.strftime("%Y-%m-%d %H:%M:%S"), it, total, it * gbs, ms, tflops, lr, gbs, loss, scale, gnorm, skipped, nan))


def ds_step(dt, step, skipped, lr, samples, mem_alloc, max_mem, micro):
    a = "%s [INFO] [logging.py:128:log_dist] [Rank 0] step=%d, skipped=%d, lr=[%.8f], mom=[(0.9, 0.95)]" % (
        f_pylog_br(dt), step, skipped, lr)
    b = ("%s [INFO] [timer.py:264:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.3f, "
         "CurrSamplesPerSec=%.3f, MemAllocated=%.2fGB, MaxMemAllocated=%.2fGB" % (
             f_pylog_br(dt), micro, step, samples, samples * 0.997, mem_alloc, max_mem))
    return a + "\n" + b


def titan_step(dt, rank, step, loss, gnorm, mem_gib, mem_pct, tps, tflops, mfu):
    return ("[rank%d]:[titan] %s - root - INFO - step: %5d  loss: %8.4f  grad_norm: %7.4f  memory: %5.2fGiB(%5.2f%%)  "
            "tps: %s  tflops: %.2f  mfu: %.2f%%" % (rank, f_pylog(dt), step, loss, gnorm, mem_gib, mem_pct,
                                                      "{:,}".format(tps), tflops, mfu))


def bar(pct, width=10):
    full = int(pct * width)
    parts = " ▏▎▍▌▋▊▉"
    rem = int((pct * width - full) * 8)
    s = "█" * full
    if full < width:
        s += parts[rem] if rem else " "
        s += " " * (width - full - 1)
    return s


def hms(seconds):
    seconds = int(seconds)
    h, r = divmod(seconds, 3600)
    m, s = divmod(r, 60)
    if h:
        return "%d:%02d:%02d" % (h, m, s)
    return "%02d:%02d" % (m, s)


def write_json(obj):
    return json.dumps(obj, indent=2) + "\n"


def rng_for(name):
    return random.Random("ao-corpus-" + name)


def smi_gpu_ecc(bus, ecc_dram_unc=0, ecc_dram_cor=0, agg_dram_unc=None, agg_dram_cor=None, sram_unc=0,
                remap_cor=0, remap_unc=0, pending="No", failure="No", hist_none=0, hist_low=0):
    """`nvidia-smi -q -d ECC,ROW_REMAPPER` section for one GPU."""
    agg_u = agg_dram_unc if agg_dram_unc is not None else ecc_dram_unc
    agg_c = agg_dram_cor if agg_dram_cor is not None else ecc_dram_cor
    return ["", "GPU 00000000:%s:00.0" % bus.upper(),
            "    ECC Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : %d" % sram_unc,
            "            DRAM Correctable              : %d" % ecc_dram_cor,
            "            DRAM Uncorrectable            : %d" % ecc_dram_unc,
            "        Aggregate",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : %d" % sram_unc,
            "            DRAM Correctable              : %d" % agg_c,
            "            DRAM Uncorrectable            : %d" % agg_u,
            "    Remapped Rows",
            "        Correctable Error                 : %d" % remap_cor,
            "        Uncorrectable Error               : %d" % remap_unc,
            "        Pending                           : %s" % pending,
            "        Remapping Failure Occurred        : %s" % failure,
            "        Bank Remap Availability Histogram",
            "            Max                           : %d bank(s)" % (2560 - hist_none - hist_low - (1 if remap_unc or remap_cor else 0)),
            "            High                          : %d bank(s)" % (1 if remap_unc or remap_cor else 0),
            "            Partial                       : 0 bank(s)",
            "            Low                           : %d bank(s)" % hist_low,
            "            None                          : %d bank(s)" % hist_none]
