"""Shared building blocks for the am-series corpus (stdlib only, deterministic).

Everything here is driven by a random.Random seeded from the case name, and by
datetimes chosen per case; nothing reads the clock.
"""
import datetime as dt
import json
import os
import random
import zlib

ALLOWED = {
    "category": {"user_code", "dependency", "oom", "numerical", "hang", "network", "storage",
                 "gpu_hardware", "gpu_memory", "nvlink", "host", "straggler", "unknown"},
    "layer": {"script", "framework", "infrastructure"},
    "action": {"stop", "restart", "restart_without_node", "run_diagnostics", "none"},
}

H100_BUS = ["1b", "43", "52", "61", "9d", "c3", "d1", "df"]
A100_BUS = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]
HGX_BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]

TD = dt.timedelta


def rng_for(name):
    return random.Random(zlib.crc32(name.encode("utf-8")))


# --------------------------------------------------------------------------
# timestamp styles
# --------------------------------------------------------------------------
def ts_py(t):
    return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (t.microsecond // 1000)


def ts_py_bracket(t):
    return "[" + ts_py(t) + "]"


def ts_glog(t, lvl="I"):
    return "%s%s.%06d" % (lvl, t.strftime("%m%d %H:%M:%S"), t.microsecond)


def ts_torch(t, lvl, extra=0):
    # PyTorch >= 2.3 prints nanosecond-ish fractional part (9 digits)
    return "%s%s.%06d%03d" % (lvl, t.strftime("%m%d %H:%M:%S"), t.microsecond, extra % 1000)


def ts_dmesg_T(t):
    return "[%s %2d %s]" % (t.strftime("%a %b"), t.day, t.strftime("%H:%M:%S %Y"))


def ts_uptime(t, boot):
    us = int(round((t - boot).total_seconds() * 1e6))
    return "[%5d.%06d]" % (us // 1000000, us % 1000000)


def ts_syslog(t):
    return "%s %2d %s" % (t.strftime("%b"), t.day, t.strftime("%H:%M:%S"))


def ts_iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (t.microsecond // 1000)


def ts_iso_off(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d+00:00" % t.microsecond


def ts_ctime(t):
    return "%s %2d %s" % (t.strftime("%a %b"), t.day, t.strftime("%H:%M:%S %Y"))


# --------------------------------------------------------------------------
# log accumulation
# --------------------------------------------------------------------------
class Log:
    """Lines tagged with a datetime; rendered in time order (stable)."""

    def __init__(self):
        self.e = []

    def add(self, t, text):
        self.e.append((t, len(self.e), text))

    def extend(self, items):
        for t, x in items:
            self.add(t, x)

    def render(self):
        out = [x for _, _, x in sorted(self.e, key=lambda a: (a[0], a[1]))]
        return "\n".join(out) + "\n"


class Case:
    def __init__(self, name):
        self.name = name
        self.files = {}
        self.label = None

    def add(self, path, text):
        if isinstance(text, Log):
            text = text.render()
        if not text.endswith("\n"):
            text += "\n"
        self.files[path] = text

    def set_label(self, category, layer, culprit, action, rationale, modelled_on):
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def write(self, outdir):
        base = os.path.join(outdir, self.name)
        for rel, text in sorted(self.files.items()):
            p = os.path.join(base, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
        with open(os.path.join(base, "label.json"), "w", encoding="utf-8") as fh:
            json.dump(self.label, fh, indent=2)
            fh.write("\n")


# --------------------------------------------------------------------------
# cluster model
# --------------------------------------------------------------------------
class Node:
    def __init__(self, name, ip, node_rank, gpn=8, bus=None, pid0=40000, oob=None):
        self.name = name
        self.ip = ip
        self.oob = oob or ip
        self.node_rank = node_rank
        self.gpn = gpn
        self.bus = bus or H100_BUS
        self.pid0 = pid0

    def rank(self, lr):
        return self.node_rank * self.gpn + lr

    def pid(self, lr):
        return self.pid0 + lr * 7 + 1

    def ranks(self):
        return [self.rank(i) for i in range(self.gpn)]


def make_nodes(names, ips, order=None, gpn=8, bus=None, rng=None):
    """order: list of node_rank per name (same index as names)."""
    rng = rng or random.Random(0)
    nodes = []
    for i, n in enumerate(names):
        nr = order[i] if order is not None else i
        nodes.append(Node(n, ips[i], nr, gpn=gpn, bus=bus, pid0=rng.randint(2100, 98000)))
    return nodes


def by_rank(nodes):
    return sorted(nodes, key=lambda n: n.node_rank)


def hexaddr(rng, n=12):
    return "0x" + "".join(rng.choice("0123456789abcdef") for _ in range(n))


def uuid(rng):
    h = "".join(rng.choice("0123456789abcdef") for _ in range(32))
    return "GPU-%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


# --------------------------------------------------------------------------
# NCCL INFO blocks
# --------------------------------------------------------------------------
def nccl_init(node, lr, nranks, nnodes, t0, rng, ifname="ib0", net="IB", hcas=None,
              version="2.20.5+cuda12.4", commid="0x7b3f1c2de90a4411", driver_cuda="12040",
              plugin_msg=True, verbose=True):
    """Return list of (t, line) for one rank's NCCL init at time t0."""
    host = node.name
    pid = node.pid(lr)
    tid = pid + 37 + lr
    rank = node.rank(lr)
    p0 = "%s:%d:%d [%d]" % (host, pid, pid, lr)
    p1 = "%s:%d:%d [%d]" % (host, pid, tid, lr)
    if hcas is None:
        hcas = ["mlx5_%d" % i for i in (0, 1, 2, 3, 6, 7, 8, 9)]
    t = t0
    out = []

    def a(line, dtms=1):
        nonlocal t
        t = t + TD(milliseconds=dtms)
        out.append((t, line))

    if rank == 0:
        a("%s NCCL INFO NCCL version %s" % (p0, version))
    a("%s NCCL INFO cudaDriverVersion %s" % (p0, driver_cuda))
    a("%s NCCL INFO Bootstrap : Using %s:%s<0>" % (p0, ifname, node.oob))
    if plugin_msg:
        a("%s NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so" % p1, 3)
        a("%s NCCL INFO NET/Plugin: Using internal network plugin." % p1)
    if net == "IB":
        devs = " ".join("[%d]%s:1/IB" % (i, h) for i, h in enumerate(hcas))
    else:
        devs = " ".join("[%d]%s:1/RoCE" % (i, h) for i, h in enumerate(hcas))
    a("%s NCCL INFO NET/IB : Using %s [RO]; OOB %s:%s<0>" % (p1, devs, ifname, node.oob), 9)
    a("%s NCCL INFO Using non-device net plugin version 0" % p1)
    a("%s NCCL INFO Using network IB" % p1)
    a("%s NCCL INFO ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId %s - Init START"
      % (p1, 0x55d000000000 + rng.randint(0, 0xffffff) * 16, rank, nranks, lr, lr, node.bus[lr], commid), 40)
    if verbose:
        a("%s NCCL INFO Setting affinity for GPU %d to %s" % (p1, lr, "ffffffff,00000000,ffffffff" if lr < node.gpn // 2 else "ffffffff,00000000,ffffffff,00000000"), 5)
        a("%s NCCL INFO NVLS multicast support is available on dev %d" % (p1, lr))
        a("%s NCCL INFO comm 0x%x rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0"
          % (p1, 0x55d000000000 + rng.randint(0, 0xffffff) * 16, rank, nranks, nnodes, node.gpn, lr), 30)
        nxt = node.rank((lr + 1) % node.gpn)
        prv = node.rank((lr - 1) % node.gpn)
        a("%s NCCL INFO Trees [0] %d/-1/-1->%d->%d [1] %d/-1/-1->%d->%d" % (p1, nxt, rank, prv, nxt, rank, prv))
        a("%s NCCL INFO P2P Chunksize set to 524288" % p1)
        for ch in range(0, 4):
            a("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read" % (p1, ch, rank, lr, nxt, (lr + 1) % node.gpn), 2)
        if lr == node.gpn - 1 or lr == 0:
            peer = (node.node_rank + 1) % max(nnodes, 1)
            for ch in (0, 1):
                a("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA" % (p1, ch, rank, lr, peer * node.gpn, 0, ch), 3)
        a("%s NCCL INFO Connected all rings" % p1, 60)
        a("%s NCCL INFO Connected all trees" % p1, 20)
        a("%s NCCL INFO threadThresholds 8/8/64 | 512/8/64 | 512 | 512" % p1)
        a("%s NCCL INFO 32 coll channels, 32 collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer" % p1)
    a("%s NCCL INFO ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId %s - Init COMPLETE"
      % (p1, 0x55d000000000 + rng.randint(0, 0xffffff) * 16, rank, nranks, lr, lr, node.bus[lr], commid), 15)
    return out


# --------------------------------------------------------------------------
# torch / torchrun text blocks
# --------------------------------------------------------------------------
def jit(rng, lo_ms, hi_ms):
    """Random delay with microsecond resolution."""
    return TD(milliseconds=rng.randint(lo_ms, hi_ms), microseconds=rng.randint(0, 999))


def torch_frames(rng, lib="/usr/local/lib/python3.10/dist-packages/torch/lib", kind="timeout"):
    bases = {}

    def f(sym, off, so):
        if so not in bases:
            bases[so] = 0x7f0000000000 + rng.randint(0x100, 0xffff) * 0x1000000
        return "%s + 0x%x (0x%x in %s)" % (sym, off, bases[so] + rng.randint(0x10000, 0x3ffffff) // 16 * 16 + off, so)
    c10 = lib + "/libc10.so"
    c10c = lib + "/libc10_cuda.so"
    tc = lib + "/libtorch_cuda.so"
    cxx = "/lib/x86_64-linux-gnu/libstdc++.so.6"
    libc = "/lib/x86_64-linux-gnu/libc.so.6"
    if kind == "timeout":
        fr = [f("c10::Error::Error(c10::SourceLocation, std::string)", 0x57, c10),
              f("c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >)", 0x1d2, tc),
              f("c10d::ProcessGroupNCCL::watchdogHandler()", 0x233, tc),
              f("c10d::ProcessGroupNCCL::ncclCommWatchdog()", 0x10c, tc)]
    elif kind == "cuda":
        fr = [f("c10::Error::Error(c10::SourceLocation, std::string)", 0x57, c10),
              f("c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&)", 0x64, c10),
              f("c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool)", 0x118, c10c),
              f("c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const", 0x56, tc),
              f("c10d::ProcessGroupNCCL::WorkNCCL::isCompleted()", 0xa0, tc),
              f("c10d::ProcessGroupNCCL::watchdogHandler()", 0x1f8, tc),
              f("c10d::ProcessGroupNCCL::ncclCommWatchdog()", 0x10c, tc)]
    else:
        fr = [f("c10::Error::Error(c10::SourceLocation, std::string)", 0x57, c10),
              f("c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&)", 0x220, tc),
              f("c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException()", 0x7c, tc),
              f("c10d::ProcessGroupNCCL::watchdogHandler()", 0x213, tc),
              f("c10d::ProcessGroupNCCL::ncclCommWatchdog()", 0x10c, tc)]
    fr += [f("<unknown function>", 0xdc253, cxx), f("<unknown function>", 0x94ac3, libc), f("clone", 0x44, libc)]
    return "\n".join("frame #%d: %s" % (i, x) for i, x in enumerate(fr))


def watchdog_timeout(rank, t, seq, op, numel, rng, timeout_ms=600000, pg="PG ID 0 PG GUID 0(default_pg)",
                     last_enq=None, last_done=None, prefix=True, lib="/usr/local/lib/python3.10/dist-packages/torch/lib"):
    """Multi-line watchdog timeout + abort (PyTorch 2.4/2.5 wording)."""
    ran = timeout_ms + rng.randint(8, 95)
    last_enq = seq if last_enq is None else last_enq
    last_done = seq - 1 if last_done is None else last_done
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, op, numel, numel, timeout_ms)
    pre = "[rank%d]:" % rank if prefix else ""
    lines = []
    ex = rng.randint(0, 999)
    lines.append("%s[%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out."
                 % (pre, ts_torch(t, "E", ex), rank, work, ran))
    lines.append("%s[%s ProcessGroupNCCL.cpp:1785] [%s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
                 % (pre, ts_torch(t + TD(microseconds=210), "E", ex + 3), pg, rank, seq, last_enq, last_done))
    lines.append("%s[%s ProcessGroupNCCL.cpp:1834] [%s Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
                 % (pre, ts_torch(t + TD(microseconds=260), "E", ex + 5), pg, rank, seq, last_enq, last_done))
    lines.append("%s[%s ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
                 % (pre, ts_torch(t + TD(microseconds=300), "E", ex + 7), rank))
    lines.append("%s[%s ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down."
                 % (pre, ts_torch(t + TD(microseconds=320), "E", ex + 9), rank))
    lines.append("%s[%s ProcessGroupNCCL.cpp:1595] [%s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out."
                 % (pre, ts_torch(t + TD(microseconds=900), "E", ex + 11), pg, rank, rank, work, ran))
    lines.append("Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):")
    lines.append(torch_frames(rng, lib, "timeout"))
    lines.append("")
    lines.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    lines.append("  what():  [%s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out."
                 % (pg, rank, rank, work, ran))
    lines.append("Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):")
    lines.append(torch_frames(rng, lib, "timeout"))
    lines.append("")
    return "\n".join(lines)


def nccl_remote_error(rank, t, rng, peer_ip, peer_port, local_ip, vers="2.20.5", pg="PG ID 0 PG GUID 0(default_pg)",
                      lib="/usr/local/lib/python3.10/dist-packages/torch/lib", prefix=True, direction="Send"):
    pre = "[rank%d]:" % rank if prefix else ""
    msg = ("NCCL error: remote process exited or there was a network error, NCCL version %s\n"
           "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
           "Last error:\nNET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s"
           % (vers, peer_ip, peer_port, 0 if direction == "Recv" else 1, direction, local_ip, peer_ip))
    lines = ["%s[%s ProcessGroupNCCL.cpp:1595] [%s Rank %d] Process group watchdog thread terminated with exception: %s"
             % (pre, ts_torch(t, "E", rng.randint(0, 999)), pg, rank, msg),
             "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):",
             torch_frames(rng, lib, "nccl"), "",
             "terminate called after throwing an instance of 'c10::DistBackendError'",
             "  what():  [%s Rank %d] Process group watchdog thread terminated with exception: %s" % (pg, rank, msg),
             "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):",
             torch_frames(rng, lib, "nccl"), ""]
    return "\n".join(lines)


def cuda_watchdog_error(rank, t, rng, err, pg="PG ID 0 PG GUID 0(default_pg)",
                        lib="/usr/local/lib/python3.10/dist-packages/torch/lib", prefix=True):
    """Watchdog thread dies on a sticky CUDA error (e.g. after a GPU fault)."""
    pre = "[rank%d]:" % rank if prefix else ""
    body = ("CUDA error: %s\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n" % err)
    lines = ["%s[%s ProcessGroupNCCL.cpp:1595] [%s Rank %d] Process group watchdog thread terminated with exception: %s"
             % (pre, ts_torch(t, "E", rng.randint(0, 999)), pg, rank, body),
             "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
             torch_frames(rng, lib, "cuda"), "",
             "terminate called after throwing an instance of 'c10::DistBackendError'",
             "  what():  [%s Rank %d] Process group watchdog thread terminated with exception: %s" % (pg, rank, body),
             "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
             torch_frames(rng, lib, "cuda"), ""]
    return "\n".join(lines)


def py_traceback(frames, exc, prefix=""):
    """frames: list of (file, line, func, code)."""
    out = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append('  File "%s", line %d, in %s' % (f, ln, fn))
        if code:
            out.append("    " + code)
    out.extend(exc.split("\n"))
    if prefix:
        out = [prefix + x for x in out]
    return "\n".join(out)


def torchrun_banner(t, pid, nproc=8):
    g = lambda dtms, lvl="W": ts_glog(t + TD(milliseconds=dtms), lvl)
    lines = [
        "%s %d torch/distributed/run.py:793] " % (g(0), pid),
        "%s %d torch/distributed/run.py:793] *****************************************" % (g(0), pid),
        "%s %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (g(0), pid),
        "%s %d torch/distributed/run.py:793] *****************************************" % (g(1), pid),
    ]
    return "\n".join(lines)


def child_failed_table(script, t, failures, torch_bin="/usr/local/bin/torchrun", pyver="3.10"):
    """failures: list of dicts host, rank, local_rank, exitcode, pid, traceback, time(optional).
    The first entry is the root cause as torchrun on that node saw it."""
    sp = "/usr/local/lib/python%s/dist-packages/torch/distributed" % pyver
    head = [
        "Traceback (most recent call last):",
        '  File "%s", line 8, in <module>' % torch_bin,
        "    sys.exit(main())",
        '  File "%s/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper' % sp,
        "    return f(*args, **kwargs)",
        '  File "%s/run.py", line 919, in main' % sp,
        "    run(args)",
        '  File "%s/run.py", line 910, in run' % sp,
        "    elastic_launch(",
        '  File "%s/launcher/api.py", line 138, in __call__' % sp,
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        '  File "%s/launcher/api.py", line 269, in launch_agent' % sp,
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "%s FAILED" % script,
        "------------------------------------------------------------",
        "Failures:",
    ]

    def block(i, f):
        ft = f.get("time", t)
        return [
            "[%d]:" % i,
            "  time      : %s" % ft.strftime("%Y-%m-%d_%H:%M:%S"),
            "  host      : %s" % f["host"],
            "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
            "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
            "  error_file: <N/A>",
            "  traceback : %s" % f.get("traceback", "Signal %d (%s) received by PID %d" % (-f["exitcode"], {6: "SIGABRT", 15: "SIGTERM", 9: "SIGKILL"}.get(-f["exitcode"], "SIG"), f["pid"]) if f["exitcode"] < 0 else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"),
        ]
    rest = failures[1:]
    if not rest:
        head.append("  <NO_OTHER_FAILURES>")
    else:
        for i, f in enumerate(rest, 1):
            head.extend(block(i, f))
    head.append("------------------------------------------------------------")
    head.append("Root Cause (first observed failure):")
    head.extend(block(0, failures[0]))
    head.append("============================================================")
    return "\n".join(head)


# --------------------------------------------------------------------------
# kernel / system noise
# --------------------------------------------------------------------------
def boot_dmesg(rng, boot, host, driver="550.54.15", gpus=8, bus=H100_BUS, hcas=8, mlx_bus=None, fs="lustre"):
    """Typical boot-time kernel lines; returns list of (t, text)."""
    out = []
    mlx_bus = mlx_bus or ["0000:%02x:00.0" % b for b in (0x0c, 0x1f, 0x3c, 0x4b, 0x8c, 0x9e, 0xbc, 0xcb)]
    t = boot

    def a(sec, msg):
        out.append((boot + TD(seconds=sec), msg))

    a(0.0, "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024 (Ubuntu 5.15.0-105.115-generic 5.15.148)")
    a(0.0, "Command line: BOOT_IMAGE=/vmlinuz-5.15.0-105-generic root=UUID=3c1a5e0e-51f6-4b8d-9b71-58cfc0d2ab11 ro pci=realloc=off iommu=pt amd_iommu=on console=ttyS0,115200n8")
    a(0.000412, "BIOS-provided physical RAM map:")
    a(0.213311, "ACPI: Early table checksum verification disabled")
    a(1.204991, "smpboot: Allowing 224 CPUs, 0 hotplug CPUs")
    a(2.881002, "EDAC MC: Ver: 3.0.0")
    a(3.112731, "pci 0000:00:01.1: PCI bridge to [bus 01]")
    a(4.90113, "nvme nvme0: 32/0/0 default/read/poll queues")
    a(5.41177, "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.")
    for i in range(hcas):
        a(8.0 + i * 0.41, "mlx5_core %s: firmware version: 28.39.1002" % mlx_bus[i % len(mlx_bus)])
    for i in range(hcas):
        a(11.3 + i * 0.2, "mlx5_core %s: Rate limit: 127 rates are supported, range: 0Mbps to 195312Mbps" % mlx_bus[i % len(mlx_bus)])
    a(17.20931, "nvidia: loading out-of-tree module taints kernel.")
    a(17.209441, "nvidia: module license 'NVIDIA' taints kernel.")
    a(17.301771, "nvidia-nvlink: Nvlink Core is being initialized, major device number 508")
    for i in range(gpus):
        a(17.31 + i * 0.012, "nvidia 0000:%s:00.0: enabling device (0000 -> 0002)" % bus[i])
    a(17.90233, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  %s  Thu Feb 22 01:44:30 UTC 2024" % driver)
    a(18.12001, "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  %s  Thu Feb 22 01:06:02 UTC 2024" % driver)
    a(18.331019, "nvidia_uvm: module uses symbols from proprietary module nvidia, inheriting taint.")
    a(18.40111, "nvidia-uvm: Loaded the UVM driver, major device number 506.")
    for i in range(hcas):
        a(24.1 + i * 0.15, "mlx5_core %s mlx5_%d: Port: 1 Link ACTIVE" % (mlx_bus[i % len(mlx_bus)], i))
    a(26.00213, "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready")
    if fs == "lustre":
        a(31.44, "Lustre: Lustre: Build Version: 2.15.4")
        a(33.91, "Lustre: Mounted lfs01-client")
    elif fs == "nfs":
        a(31.44, "FS-Cache: Netfs 'nfs' registered for caching")
        a(31.91, "NFS: Registering the id_resolver key type")
    a(44.1021, "audit: type=1400 audit(%d.412:2): apparmor=\"STATUS\" operation=\"profile_load\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid=2211 comm=\"apparmor_parser\"" % int(boot.timestamp()))
    a(61.9341, "nvidia-fabricmanager: loading")
    return out


def quiet_noise(rng, start, end, host, n=6, style="kernel"):
    """Sprinkle of benign lines during the run."""
    msgs = [
        "perf: interrupt took too long (2511 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
        "perf: interrupt took too long (3145 > 3138), lowering kernel.perf_event_max_sample_rate to 63500",
        "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters.",
        "hrtimer: interrupt took 28744 ns",
        "IPv4: martian source 10.255.255.255 from 10.40.2.1, on dev eno1",
        "systemd-journald[1102]: Data hash table of /var/log/journal/5c0c1e2e4a1c4e3bb2e7d6c0b2a9f0d1/system.journal has a fill level at 75.0 (8534 of 11377 items, 6553600 file size, 767 bytes per hash table item), suggesting rotation.",
        "nvidia-peermem: loading out-of-tree module taints kernel.",
        "NFSD: Using UMH upcall client tracking operations.",
        "Lustre: lfs01-OST0012-osc-ffff9a4c1e7a8000: Connection restored to 10.40.0.31@o2ib (at 10.40.0.31@o2ib)",
    ]
    out = []
    span = (end - start).total_seconds()
    for i in range(n):
        t = start + TD(seconds=rng.uniform(0, span))
        out.append((t, rng.choice(msgs)))
    return out


# --------------------------------------------------------------------------
# nvidia-smi
# --------------------------------------------------------------------------
def gpu_default(i, bus, rng, product="NVIDIA H100 80GB HBM3", arch="Hopper"):
    return {
        "idx": i, "bus": bus, "product": product, "arch": arch,
        "serial": "1654%09d" % rng.randint(0, 999999999), "uuid": uuid(rng),
        "pcie_gen": (5, 5), "pcie_width": ("16x", "16x"), "replays": 0,
        "reasons": {}, "temp": rng.randint(31, 38), "mem_temp": rng.randint(36, 44),
        "power": rng.uniform(68, 78), "plimit": 700.0, "sm_clock": 1980, "mem_total": 81559,
        "used": 0, "ecc_vol": {}, "ecc_agg": {}, "remap": {"corr": 0, "unc": 0, "pending": "No", "fail": "No"},
        "hist": None, "procs": [],
    }


def nvsmi_q(ts, driver, cuda, gpus):
    lines = ["", "==============NVSMI LOG==============", "",
             "Timestamp                                 : %s" % ts_ctime(ts),
             "Driver Version                            : %s" % driver,
             "CUDA Version                              : %s" % cuda, "",
             "Attached GPUs                             : %d" % len(gpus)]
    R = ["Idle", "Applications Clocks Setting", "SW Power Cap", "HW Slowdown", "HW Thermal Slowdown",
         "HW Power Brake Slowdown", "Sync Boost", "SW Thermal Slowdown", "Display Clock Setting"]

    def kv(ind, k, v):
        return "%s%-*s: %s" % (" " * ind, 38 - ind + 4, k, v)

    for g in gpus:
        bus = g["bus"].upper()
        lines.append("GPU 00000000:%s:00.0" % bus)
        lines.append(kv(4, "Product Name", g["product"]))
        lines.append(kv(4, "Product Brand", "NVIDIA"))
        lines.append(kv(4, "Product Architecture", g["arch"]))
        lines.append(kv(4, "Display Mode", "Disabled"))
        lines.append(kv(4, "Persistence Mode", "Enabled"))
        lines.append(kv(4, "Addressing Mode", "None"))
        lines.append(kv(4, "MIG Mode", ""))
        lines.append(kv(8, "Current", "Disabled"))
        lines.append(kv(8, "Pending", "Disabled"))
        lines.append(kv(4, "Accounting Mode", "Disabled"))
        lines.append(kv(4, "Serial Number", g["serial"]))
        lines.append(kv(4, "GPU UUID", g["uuid"]))
        lines.append(kv(4, "Minor Number", str(g["idx"])))
        lines.append(kv(4, "VBIOS Version", "96.00.89.00.01" if g["arch"] == "Hopper" else "92.00.45.00.03"))
        lines.append(kv(4, "GPU Part Number", "2330-885-A1" if g["arch"] == "Hopper" else "20B2-895-A1"))
        lines.append(kv(4, "PCI", ""))
        lines.append(kv(8, "Bus", "0x%s" % bus))
        lines.append(kv(8, "Device", "0x00"))
        lines.append(kv(8, "Domain", "0x0000"))
        lines.append(kv(8, "Bus Id", "00000000:%s:00.0" % bus))
        lines.append(kv(8, "GPU Link Info", ""))
        lines.append(kv(12, "PCIe Generation", ""))
        lines.append(kv(16, "Max", str(g["pcie_gen"][1])))
        lines.append(kv(16, "Current", str(g["pcie_gen"][0])))
        lines.append(kv(16, "Device Current", str(g["pcie_gen"][0])))
        lines.append(kv(16, "Device Max", str(g["pcie_gen"][1])))
        lines.append(kv(16, "Host Max", str(g["pcie_gen"][1])))
        lines.append(kv(12, "Link Width", ""))
        lines.append(kv(16, "Max", g["pcie_width"][1]))
        lines.append(kv(16, "Current", g["pcie_width"][0]))
        lines.append(kv(8, "Replays Since Reset", str(g["replays"])))
        lines.append(kv(8, "Replay Number Rollovers", "0"))
        lines.append(kv(4, "Fan Speed", "N/A"))
        lines.append(kv(4, "Performance State", "P0"))
        lines.append(kv(4, "Clocks Event Reasons", ""))
        for r in R:
            ind = 12 if r in ("HW Thermal Slowdown", "HW Power Brake Slowdown") else 8
            lines.append(kv(ind, r, "Active" if g["reasons"].get(r) else "Not Active"))
        lines.append(kv(4, "FB Memory Usage", ""))
        lines.append(kv(8, "Total", "%d MiB" % g["mem_total"]))
        lines.append(kv(8, "Reserved", "328 MiB"))
        lines.append(kv(8, "Used", "%d MiB" % g["used"]))
        lines.append(kv(8, "Free", "%d MiB" % (g["mem_total"] - 328 - g["used"])))
        lines.append(kv(4, "Compute Mode", "Default"))
        lines.append(kv(4, "ECC Mode", ""))
        lines.append(kv(8, "Current", "Enabled"))
        lines.append(kv(8, "Pending", "Enabled"))
        lines.append(kv(4, "ECC Errors", ""))
        for sec, d in (("Volatile", g["ecc_vol"]), ("Aggregate", g["ecc_agg"])):
            lines.append(kv(8, sec, ""))
            for k in ("SRAM Correctable", "SRAM Uncorrectable Parity", "SRAM Uncorrectable SEC-DED",
                      "DRAM Correctable", "DRAM Uncorrectable"):
                lines.append(kv(12, k, str(d.get(k, 0))))
            if sec == "Aggregate":
                lines.append(kv(12, "SRAM Threshold Exceeded", "No"))
        lines.append(kv(4, "Retired Pages", ""))
        lines.append(kv(8, "Single Bit ECC", "N/A"))
        lines.append(kv(8, "Double Bit ECC", "N/A"))
        lines.append(kv(8, "Pending Page Blacklist", "N/A"))
        rm = g["remap"]
        lines.append(kv(4, "Remapped Rows", ""))
        lines.append(kv(8, "Correctable Error", str(rm["corr"])))
        lines.append(kv(8, "Uncorrectable Error", str(rm["unc"])))
        lines.append(kv(8, "Pending", rm["pending"]))
        lines.append(kv(8, "Remapping Failure Occurred", rm["fail"]))
        hist = g["hist"] or {"Max": 2560 - rm["corr"] - rm["unc"], "High": rm["corr"] + rm["unc"], "Partial": 0, "Low": 0, "None": 0}
        lines.append(kv(8, "Bank Remap Availability Histogram", ""))
        for k in ("Max", "High", "Partial", "Low", "None"):
            lines.append(kv(12, k, "%d bank(s)" % hist[k]))
        lines.append(kv(4, "Temperature", ""))
        lines.append(kv(8, "GPU Current Temp", "%d C" % g["temp"]))
        lines.append(kv(8, "GPU T.Limit Temp", "%d C" % (87 - g["temp"])))
        lines.append(kv(8, "GPU Shutdown T.Limit Temp", "-5 C"))
        lines.append(kv(8, "GPU Slowdown T.Limit Temp", "-2 C"))
        lines.append(kv(8, "GPU Max Operating T.Limit Temp", "0 C"))
        lines.append(kv(8, "GPU Target Temperature", "N/A"))
        lines.append(kv(8, "Memory Current Temp", "%d C" % g["mem_temp"]))
        lines.append(kv(8, "Memory Max Operating T.Limit Temp", "0 C"))
        lines.append(kv(4, "GPU Power Readings", ""))
        lines.append(kv(8, "Power Draw", "%.2f W" % g["power"]))
        lines.append(kv(8, "Current Power Limit", "%.2f W" % g["plimit"]))
        lines.append(kv(8, "Requested Power Limit", "%.2f W" % g["plimit"]))
        lines.append(kv(8, "Default Power Limit", "700.00 W" if g["arch"] == "Hopper" else "400.00 W"))
        lines.append(kv(8, "Min Power Limit", "200.00 W" if g["arch"] == "Hopper" else "100.00 W"))
        lines.append(kv(8, "Max Power Limit", "700.00 W" if g["arch"] == "Hopper" else "400.00 W"))
        lines.append(kv(4, "Clocks", ""))
        lines.append(kv(8, "Graphics", "%d MHz" % g["sm_clock"]))
        lines.append(kv(8, "SM", "%d MHz" % g["sm_clock"]))
        lines.append(kv(8, "Memory", "2619 MHz" if g["arch"] == "Hopper" else "1593 MHz"))
        lines.append(kv(8, "Video", "1545 MHz" if g["arch"] == "Hopper" else "1275 MHz"))
        lines.append(kv(4, "Max Clocks", ""))
        lines.append(kv(8, "Graphics", "1980 MHz" if g["arch"] == "Hopper" else "1410 MHz"))
        lines.append(kv(8, "SM", "1980 MHz" if g["arch"] == "Hopper" else "1410 MHz"))
        lines.append(kv(8, "Memory", "2619 MHz" if g["arch"] == "Hopper" else "1593 MHz"))
        if not g["procs"]:
            lines.append(kv(4, "Processes", "None"))
        else:
            lines.append(kv(4, "Processes", ""))
            for pid, name, mem in g["procs"]:
                lines.append(kv(8, "GPU instance ID", "N/A"))
                lines.append(kv(8, "Compute instance ID", "N/A"))
                lines.append(kv(8, "Process ID", str(pid)))
                lines.append(kv(12, "Type", "C"))
                lines.append(kv(12, "Name", name))
                lines.append(kv(12, "Used GPU Memory", "%d MiB" % mem))
        lines.append("")
    return "\n".join(lines)


def nvsmi_table(ts, driver, cuda, gpus, procs=None):
    """The default `nvidia-smi` summary table."""
    L = [ts_ctime(ts),
         "+-----------------------------------------------------------------------------------------+",
         "| NVIDIA-SMI %-21s Driver Version: %-14s CUDA Version: %-8s|" % (driver, driver, cuda),
         "|-----------------------------------------+------------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                        |               MIG M. |",
         "|=========================================+========================+======================|"]
    for g in gpus:
        unc = g["ecc_vol"].get("DRAM Uncorrectable", 0)
        name = g["product"][:24]
        L.append("| %3d  %-24s  On  |   00000000:%s:00.0 Off | %20s |" % (g["idx"], name, g["bus"].upper(), unc))
        L.append("| N/A   %2dC    P0  %12s |  %6dMiB / %6dMiB | %5d%%      Default |"
                 % (g["temp"], "%dW / %dW" % (g["power"], g["plimit"]), g["used"], g["mem_total"], g.get("util", 0)))
        L.append("|                                         |                        |             Disabled |")
        L.append("+-----------------------------------------+------------------------+----------------------+")
    L.append("")
    L.append("+-----------------------------------------------------------------------------------------+")
    L.append("| Processes:                                                                              |")
    L.append("|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |")
    L.append("|        ID   ID                                                               Usage      |")
    L.append("|=========================================================================================|")
    if not procs:
        L.append("|  No running processes found                                                             |")
    else:
        for gi, pid, name, mem in procs:
            L.append("|  %4d   N/A  N/A  %9d      C   %-40s %6dMiB |" % (gi, pid, name[:40], mem))
    L.append("+-----------------------------------------------------------------------------------------+")
    return "\n".join(L)


def nvlink_e(gpus, nlinks=18, bad=None):
    """bad: {(gpu_idx, link): (replay, recovery, crc)}"""
    bad = bad or {}
    L = []
    for g in gpus:
        L.append("GPU %d: %s (UUID: %s)" % (g["idx"], g["product"], g["uuid"]))
        for l in range(nlinks):
            rp, rc, crc = bad.get((g["idx"], l), (0, 0, 0))
            L.append("\t Link %d: Replay Errors: %d" % (l, rp))
            L.append("\t Link %d: Recovery Errors: %d" % (l, rc))
            L.append("\t Link %d: CRC Errors: %d" % (l, crc))
    return "\n".join(L)


# --------------------------------------------------------------------------
# dcgmi diag -j
# --------------------------------------------------------------------------
def dcgmi_diag_json(ngpu, failures=None, version="3.3.5", level=3, driver="550.54.15"):
    """failures: {(category, test): {gpu_id: (status, warning_text, error_id)}}"""
    failures = failures or {}
    allg = ",".join(str(i) for i in range(ngpu))
    cats = [
        ("Deployment", ["Denylist", "NVML Library", "CUDA Main Library", "Permissions and OS-related Blocks",
                        "Persistence Mode", "Environmental Variables", "Page Retirement/Row Remap",
                        "Graphics Processes", "Inforom"]),
        ("Integration", ["PCIe"]),
        ("Hardware", ["GPU Memory", "Diagnostic"] if level >= 3 else ["GPU Memory"]),
        ("Stress", ["Targeted Stress", "Targeted Power", "Memory Bandwidth"] if level >= 3 else ["Targeted Stress"]),
    ]
    out = {"DCGM GPU Diagnostic": {"test_categories": [], "version": version, "Driver Version Detected": driver}}
    for cat, tests in cats:
        c = {"category": cat, "tests": []}
        for tname in tests:
            fails = failures.get((cat, tname), {})
            if cat == "Deployment":
                if fails:
                    res = []
                    for gid, (st, w, eid) in fails.items():
                        r = {"gpu_ids": str(gid), "status": st}
                        if w:
                            r["warnings"] = [{"error_category": 1, "error_id": eid, "error_severity": 2, "warning": w}]
                        res.append(r)
                else:
                    res = [{"gpu_ids": allg, "status": "Pass"}]
            else:
                res = []
                for gid in range(ngpu):
                    if gid in fails:
                        st, w, eid = fails[gid]
                        r = {"gpu_ids": str(gid), "status": st}
                        if w:
                            r["warnings"] = [{"error_category": 2, "error_id": eid, "error_severity": 2, "warning": w}]
                        res.append(r)
                    else:
                        res.append({"gpu_ids": str(gid), "status": "Pass"})
            c["tests"].append({"name": tname, "results": res})
        out["DCGM GPU Diagnostic"]["test_categories"].append(c)
    return json.dumps(out, indent=4)


# --------------------------------------------------------------------------
# InfiniBand
# --------------------------------------------------------------------------
def ibstat(rng, hcas, down=None, rate=400, ll="InfiniBand", lids=None):
    """down: {hca_name: (state, phys)}"""
    down = down or {}
    L = []
    for i, h in enumerate(hcas):
        guid = "0x%016x" % rng.getrandbits(64)
        st, ph = down.get(h, ("Active", "LinkUp"))
        L.append("CA '%s'" % h)
        L.append("\tCA type: MT4129")
        L.append("\tNumber of ports: 1")
        L.append("\tFirmware version: 28.39.1002")
        L.append("\tHardware version: 0")
        L.append("\tNode GUID: %s" % guid)
        L.append("\tSystem image GUID: %s" % guid)
        L.append("\tPort 1:")
        L.append("\t\tState: %s" % st)
        L.append("\t\tPhysical state: %s" % ph)
        L.append("\t\tRate: %d" % (rate if st == "Active" else 10))
        L.append("\t\tBase lid: %d" % ((lids[i] if lids else rng.randint(100, 2000)) if st == "Active" else 65535))
        L.append("\t\tLMC: 0")
        L.append("\t\tSM lid: %d" % (1 if st == "Active" else 0))
        L.append("\t\tCapability mask: 0xa751e848")
        L.append("\t\tPort GUID: %s" % guid)
        L.append("\t\tLink layer: %s" % ll)
    return "\n".join(L)


def ib_counters(hcas, bad=None, rng=None):
    """bad: {hca: {counter: value}}"""
    bad = bad or {}
    rng = rng or random.Random(len(hcas) * 7 + len(bad))
    keys = ["symbol_error", "link_error_recovery", "link_downed", "port_rcv_errors",
            "port_rcv_remote_physical_errors", "port_xmit_discards", "local_link_integrity_errors",
            "excessive_buffer_overrun_errors", "port_xmit_wait"]
    L = []
    for h in hcas:
        for k in keys:
            v = bad.get(h, {}).get(k, 0 if k != "port_xmit_wait" else rng.randint(2000, 90000000))
            L.append("/sys/class/infiniband/%s/ports/1/counters/%s:%d" % (h, k, v))
    return "\n".join(L)


# --------------------------------------------------------------------------
# training progress
# --------------------------------------------------------------------------
def loss_at(step, rng, base=2.1, scale=8.5):
    import math
    return base + scale / math.sqrt(step + 40) + rng.uniform(-0.035, 0.035)


def megatron_iters(t0, it0, it1, every, step_s, total, gbs, rng, lr_peak=3e-4, skip=None, jitter=0.015,
                   stamp=True, loss_base=2.1):
    out = []
    t = t0
    it = it0
    while it <= it1:
        ms = step_s * 1000 * (1 + rng.uniform(-jitter, jitter))
        line = (" iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
                % (it, total, it * gbs, ms, lr_peak * (1 - it / (total * 1.1)), gbs, loss_at(it, rng, base=loss_base), rng.uniform(0.18, 0.42)))
        if stamp:
            line = " [%s] " % t.strftime("%Y-%m-%d %H:%M:%S") + line.lstrip()
        out.append((t, line))
        it += every
        t = t + TD(seconds=step_s * every * (1 + rng.uniform(-0.004, 0.004)))
    return out, t, it - every
