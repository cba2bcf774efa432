"""Shared building blocks for corpus set 22 (stdlib only, deterministic).

Every random choice goes through ``Bundle.rng``, which is seeded from the case
name, so a rebuild produces byte-identical output.
"""

import datetime as dt
import hashlib
import random

UTC = dt.timezone.utc

# --------------------------------------------------------------------------
# bundle container
# --------------------------------------------------------------------------


def rng_for(name):
    seed = int(hashlib.sha256(name.encode("utf-8")).hexdigest()[:16], 16)
    return random.Random(seed)


class Bundle:
    def __init__(self, name):
        self.name = name
        self.rng = rng_for(name)
        self.files = {}
        self.label = None
        self.topology = None

    def add(self, path, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text)
        if not text.endswith("\n"):
            text += "\n"
        self.files[path] = self.files.get(path, "") + text

    def set_label(self, category, layer, node, rank, action, rationale, modelled_on):
        culprit = None if node is None else {"node": node, "rank": rank}
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def pid(self, lo=10000, hi=400000):
        return self.rng.randint(lo, hi)


# --------------------------------------------------------------------------
# time formats
# --------------------------------------------------------------------------


def T(s, tz=UTC):
    """Parse 'YYYY-mm-dd HH:MM:SS[.ffffff]' into an aware datetime."""
    fmt = "%Y-%m-%d %H:%M:%S.%f" if "." in s else "%Y-%m-%d %H:%M:%S"
    return dt.datetime.strptime(s, fmt).replace(tzinfo=tz)


def sec(n):
    return dt.timedelta(seconds=n)


def glog(t, level="E", digits=9, rng=None):
    """glog-style stamp as printed by c10: E312 09:12:44.081233871"""
    frac = "%06d" % t.microsecond
    if digits == 9:
        frac += "%03d" % ((rng.randint(0, 999)) if rng else 0)
    return "%s%d%02d %s.%s" % (level, t.month, t.day, t.strftime("%H:%M:%S"), frac)


def dmesg_T(t):
    return t.strftime("[%a %b ") + ("%2d" % t.day).replace(" ", " ") + t.strftime(" %H:%M:%S %Y]")


def dmesg_up(seconds):
    whole = int(seconds)
    frac = int(round((seconds - whole) * 1e6))
    if frac >= 1000000:
        whole, frac = whole + 1, frac - 1000000
    return "[%5d.%06d]" % (whole, frac)


def journal(t, host, ident="kernel"):
    return "%s %s %s:" % (t.strftime("%b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S"), host, ident)


def iso(t, ms=True):
    if ms:
        return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)
    return t.strftime("%Y-%m-%d %H:%M:%S")


def pylog(t, name, level, msg):
    return "%s - %s - %s - %s" % (iso(t), name, level, msg)


# --------------------------------------------------------------------------
# GPU / host inventory
# --------------------------------------------------------------------------

H100_BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
A100_BUS = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]
P5_BUS = ["53", "64", "75", "86", "97", "a8", "b9", "ca"]
V100_BUS = ["15", "16", "3a", "3b", "89", "8a", "b2", "b3"]


def gpu_uuid(rng):
    h = "%032x" % rng.getrandbits(128)
    return "GPU-%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:32])


def serial(rng):
    return "%d" % rng.randint(1320000000000, 1659999999999)


def rank_of(node_index, local_rank, per_node=8):
    return node_index * per_node + local_rank


# --------------------------------------------------------------------------
# NCCL init chatter
# --------------------------------------------------------------------------


def nccl_init(host, pid, lr, ip, iface="ib0", hcas=None, version="2.21.5+cuda12.4",
              nranks=32, rank=0, net="IB", prefix="", extra=None, cuda_drv=12040, bus_list=None):
    if hcas is None:
        hcas = ["mlx5_%d:1/IB" % i for i in range(8)]
    p = "%s%s:%d:%d [%d]" % (prefix, host, pid, pid, lr)
    lines = []
    if lr == 0 and rank == 0:
        lines.append("%sNCCL version %s" % (prefix, version))
    lines += [
        "%s NCCL INFO cudaDriverVersion %d" % (p, cuda_drv),
        "%s NCCL INFO Bootstrap : Using %s:%s<0>" % (p, iface, ip),
        "%s NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation" % p,
    ]
    if net == "IB":
        lines.append("%s NCCL INFO NET/IB : Using %s [RO]; OOB %s:%s<0>" % (
            p, " ".join("[%d]%s" % (i, h) for i, h in enumerate(hcas)), iface, ip))
        lines.append("%s NCCL INFO Using network IB" % p)
    else:
        lines.append("%s NCCL INFO NET/Socket : Using [0]%s:%s<0>" % (p, iface, ip))
        lines.append("%s NCCL INFO Using network Socket" % p)
    q = "%s%s:%d:%d [%d]" % (prefix, host, pid, pid + 41 + lr, lr)
    lines += [
        "%s NCCL INFO comm 0x%x rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0" % (
            q, 0x55d0a0000000 + pid * 16, rank, nranks, max(1, nranks // 8), lr),
        "%s NCCL INFO Setting affinity for GPU %d to ffffffff,ffffffff" % (q, lr),
        "%s NCCL INFO NVLS multicast support is not available on dev %d" % (q, lr) if lr % 3 == 1 else
        "%s NCCL INFO P2P Chunksize set to 524288" % q,
        "%s NCCL INFO Connected all rings" % q,
        "%s NCCL INFO Connected all trees" % q,
        "%s NCCL INFO threadThresholds 8/8/64 | 256/8/64 | 512 | 512" % q,
        "%s NCCL INFO 32 coll channels, 32 collnet channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer" % q,
        "%s NCCL INFO ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x%x - Init COMPLETE" % (
            q, 0x55d0a0000000 + pid * 16, rank, nranks, lr, lr, (bus_list or H100_BUS)[lr], 0x1b2c3d4e5f607182),
    ]
    if extra:
        lines += extra
    return lines


# --------------------------------------------------------------------------
# c10d / torch error blocks
# --------------------------------------------------------------------------

TORCH_LIB = "/usr/local/lib/python3.10/dist-packages/torch/lib"


def frames_timeout(lib=TORCH_LIB):
    return [
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3b2c16c446 in %s/libc10.so)" % lib,
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f3ad9a0e772 in %s/libtorch_cuda.so)" % lib,
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3ad9a151b3 in %s/libtorch_cuda.so)" % lib,
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3ad9a1661d in %s/libtorch_cuda.so)" % lib,
        "frame #4: <unknown function> + 0xdc253 (0x7f3b2c8b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f3b2d2b1ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: clone + 0x44 (0x7f3b2d342a04 in /lib/x86_64-linux-gnu/libc.so.6)",
    ]


def frames_cuda_check(lib=TORCH_LIB):
    return [
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3b2c16c446 in %s/libc10.so)" % lib,
        "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f3b2c1166e4 in %s/libc10.so)" % lib,
        "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f3b2c25fa18 in %s/libc10_cuda.so)" % lib,
        "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f3ad9a0b726 in %s/libtorch_cuda.so)" % lib,
        "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (0x7f3ad9a103f0 in %s/libtorch_cuda.so)" % lib,
        "frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da (0x7f3ad9a1515a in %s/libtorch_cuda.so)" % lib,
        "frame #6: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3ad9a1661d in %s/libtorch_cuda.so)" % lib,
        "frame #7: <unknown function> + 0xdc253 (0x7f3b2c8b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #8: <unknown function> + 0x94ac3 (0x7f3b2d2b1ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #9: clone + 0x44 (0x7f3b2d342a04 in /lib/x86_64-linux-gnu/libc.so.6)",
    ]


def watchdog_timeout(rank, t, seq, optype, numel, timeout_ms, rng, prefix="", ran_extra=None,
                     pg="PG ID 0 PG GUID 0(default_pg) ", with_frames=True, lib=TORCH_LIB,
                     last_enqueued=None, last_completed=None):
    ran = timeout_ms + (ran_extra if ran_extra is not None else rng.randint(5, 90))
    pre = "%s[rank%d]:" % (prefix, rank)
    g = lambda lvl, tt=t: glog(tt, lvl, rng=rng)
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, optype, numel, numel, timeout_ms)
    lines = [
        "%s[%s ProcessGroupNCCL.cpp:632] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pre, g("E"), rank, work, ran),
        "%s[%s ProcessGroupNCCL.cpp:2168] [%sRank %d]  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d" % (
            pre, g("E"), pg, rank, seq, last_enqueued if last_enqueued else seq, last_completed if last_completed is not None else seq - 1),
        "%s[%s ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value." % (pre, g("E")),
        "%s[%s ProcessGroupNCCL.cpp:684] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (pre, g("E"), rank),
        "%s[%s ProcessGroupNCCL.cpp:698] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (pre, g("E"), rank),
        "%s[%s ProcessGroupNCCL.cpp:1895] [%sRank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (
            pre, g("E"), pg, rank, rank, work, ran),
        "%sException raised from checkTimeout at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:635 (most recent call first):" % pre,
    ]
    if with_frames:
        lines += [pre + f for f in frames_timeout(lib)]
    lines += [
        "%s" % pre,
        "%sterminate called after throwing an instance of 'c10::DistBackendError'" % prefix,
        "%s  what():  [%sRank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (
            prefix, pg, rank, rank, work, ran),
    ]
    return lines


def watchdog_cuda_error(rank, t, err, rng, prefix="", pg="PG ID 0 PG GUID 0(default_pg) ", lib=TORCH_LIB):
    pre = "%s[rank%d]:" % (prefix, rank)
    lines = [
        "%s[%s ProcessGroupNCCL.cpp:1895] [%sRank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (pre, glog(t, "E", rng=rng), pg, rank, err),
        "%sCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % pre,
        "%sFor debugging consider passing CUDA_LAUNCH_BLOCKING=1" % pre,
        "%sCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % pre,
        "%s" % pre,
        "%sException raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):" % pre,
    ]
    lines += [pre + f for f in frames_cuda_check(lib)]
    lines += [
        "%s" % pre,
        "%sterminate called after throwing an instance of 'c10::DistBackendError'" % prefix,
        "%s  what():  [%sRank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (prefix, pg, rank, err),
    ]
    return lines


def py_traceback(frames, exc_lines, prefix="", header="Traceback (most recent call last):"):
    out = [prefix + header]
    for f, line, func, code in frames:
        out.append('%s  File "%s", line %d, in %s' % (prefix, f, line, func))
        if code:
            out.append("%s    %s" % (prefix, code))
    for e in exc_lines:
        out.append(prefix + e)
    return out


def torchrun_failure(script, failures, root, lib_py="/usr/local/lib/python3.10/dist-packages",
                     launcher="/usr/local/bin/torchrun", prefix=""):
    """failures / root: dicts with time, host, rank, local_rank, exitcode, pid, traceback"""
    tb = py_traceback([
        (launcher, 8, "<module>", "sys.exit(main())"),
        ("%s/torch/distributed/elastic/multiprocessing/errors/__init__.py" % lib_py, 355, "wrapper", "return f(*args, **kwargs)"),
        ("%s/torch/distributed/run.py" % lib_py, 919, "main", "run(args)"),
        ("%s/torch/distributed/run.py" % lib_py, 910, "run", "elastic_launch("),
        ("%s/torch/distributed/launcher/api.py" % lib_py, 138, "__call__", "return launch_agent(self._config, self._entrypoint, list(args))"),
        ("%s/torch/distributed/launcher/api.py" % lib_py, 269, "launch_agent", "raise ChildFailedError("),
    ], ["torch.distributed.elastic.multiprocessing.errors.ChildFailedError: "], prefix=prefix)

    def block(i, f):
        return [
            "[%d]:" % i,
            "  time      : %s" % f["time"],
            "  host      : %s" % f["host"],
            "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
            "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
            "  error_file: %s" % f.get("error_file", "<N/A>"),
            "  traceback : %s" % f.get("traceback", "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"),
        ]

    out = ["=" * 60, "%s FAILED" % script, "-" * 60, "Failures:"]
    if failures:
        for i, f in enumerate(failures, 1):
            out += block(i, f)
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out += ["-" * 60, "Root Cause (first observed failure):"] + block(0, root) + ["=" * 60]
    return tb + [prefix + l for l in out]


def sigtxt(sig):
    names = {6: "SIGABRT", 9: "SIGKILL", 15: "SIGTERM", 11: "SIGSEGV", 7: "SIGBUS"}
    return names.get(sig, "SIG%d" % sig)


def sig_failure(t, host, rank, lr, sig, pid):
    return {"time": t.strftime("%Y-%m-%d_%H:%M:%S"), "host": host, "rank": rank, "local_rank": lr,
            "exitcode": -sig, "pid": pid, "traceback": "Signal %d (%s) received by PID %d" % (sig, sigtxt(sig), pid)}


def exit_failure(t, host, rank, lr, code, pid, error_file="<N/A>"):
    return {"time": t.strftime("%Y-%m-%d_%H:%M:%S"), "host": host, "rank": rank, "local_rank": lr,
            "exitcode": code, "pid": pid, "error_file": error_file}


# --------------------------------------------------------------------------
# node level snapshots
# --------------------------------------------------------------------------


def gpu_inventory(rng, bus, model="NVIDIA H100 80GB HBM3", n=8):
    return [{"idx": i, "bus": bus[i], "uuid": gpu_uuid(rng), "serial": serial(rng), "model": model}
            for i in range(n)]


def nvidia_smi_q(t, gpus, driver="550.54.15", cuda="12.4", over=None, sections=("ecc", "remap", "clocks", "temp", "power")):
    """gpus: list from gpu_inventory; over: {idx: {key: value}}"""
    over = over or {}
    out = ["", "==============NVSMI LOG==============", "",
           "Timestamp                                 : %s" % t.strftime("%a %b %d %H:%M:%S %Y"),
           "Driver Version                            : %s" % driver,
           "CUDA Version                              : %s" % cuda, "",
           "Attached GPUs                             : %d" % len(gpus)]
    for g in gpus:
        o = dict(over.get(g["idx"], {}))
        mem80 = "H100" in g["model"] or "80GB" in g["model"]
        out += [
            "GPU 00000000:%s:00.0" % g["bus"].upper(),
            "    Product Name                          : %s" % g["model"],
            "    Product Brand                         : NVIDIA",
            "    Persistence Mode                      : Enabled",
            "    Serial Number                         : %s" % g["serial"],
            "    GPU UUID                              : %s" % g["uuid"],
            "    Minor Number                          : %d" % g["idx"],
            "    PCI",
            "        Bus                               : 0x%s" % g["bus"],
            "        Bus Id                            : 00000000:%s:00.0" % g["bus"].upper(),
            "        GPU Link Info",
            "            PCIe Generation",
            "                Max                       : %s" % o.get("pcie_max_gen", "5"),
            "                Current                   : %s" % o.get("pcie_gen", "5"),
            "            Link Width",
            "                Max                       : 16x",
            "                Current                   : %s" % o.get("pcie_width", "16x"),
            "        Replays Since Reset               : %s" % o.get("replays", "0"),
            "    Fan Speed                             : N/A",
            "    Performance State                     : %s" % o.get("pstate", "P0"),
        ]
        if "clocks" in sections:
            ev = o.get("events", {})
            out += ["    Clocks Event Reasons"]
            for k in ["Idle", "Applications Clocks Setting", "SW Power Cap", "HW Slowdown",
                      "    HW Thermal Slowdown", "    HW Power Brake Slowdown", "Sync Boost",
                      "SW Thermal Slowdown", "Display Clock Setting"]:
                name = k.strip()
                out.append("        %-34s: %s" % (k, "Active" if ev.get(name) else "Not Active"))
        out += [
            "    FB Memory Usage",
            "        Total                             : %s MiB" % ("81559" if mem80 else "40960"),
            "        Reserved                          : 551 MiB",
            "        Used                              : %s MiB" % o.get("fb_used", "3"),
            "        Free                              : %s MiB" % o.get("fb_free", "81004" if mem80 else "40405"),
        ]
        if "ecc" in sections:
            out += [
                "    ECC Mode",
                "        Current                           : Enabled",
                "        Pending                           : Enabled",
                "    ECC Errors",
                "        Volatile",
                "            SRAM Correctable              : %s" % o.get("v_sram_ce", "0"),
                "            SRAM Uncorrectable Parity     : 0",
                "            SRAM Uncorrectable SEC-DED    : %s" % o.get("v_sram_ue", "0"),
                "            DRAM Correctable              : %s" % o.get("v_dram_ce", "0"),
                "            DRAM Uncorrectable            : %s" % o.get("v_dram_ue", "0"),
                "        Aggregate",
                "            SRAM Correctable              : %s" % o.get("a_sram_ce", "0"),
                "            SRAM Uncorrectable Parity     : 0",
                "            SRAM Uncorrectable SEC-DED    : %s" % o.get("a_sram_ue", "0"),
                "            DRAM Correctable              : %s" % o.get("a_dram_ce", "0"),
                "            DRAM Uncorrectable            : %s" % o.get("a_dram_ue", "0"),
                "            SRAM Threshold Exceeded       : No",
            ]
        if "retired" in sections:
            out += [
                "    Retired Pages",
                "        Single Bit ECC                    : %s" % o.get("ret_sbe", "0"),
                "        Double Bit ECC                    : %s" % o.get("ret_dbe", "0"),
                "        Pending Page Blacklist            : %s" % o.get("ret_pending", "No"),
            ]
        if "remap" in sections:
            out += [
                "    Remapped Rows",
                "        Correctable Error                 : %s" % o.get("rr_ce", "0"),
                "        Uncorrectable Error               : %s" % o.get("rr_ue", "0"),
                "        Pending                           : %s" % o.get("rr_pending", "No"),
                "        Remapping Failure Occurred        : %s" % o.get("rr_fail", "No"),
                "        Bank Remap Availability Histogram",
                "            Max                           : %s bank(s)" % o.get("rr_max", "2560"),
                "            High                          : 0 bank(s)",
                "            Partial                       : %s bank(s)" % o.get("rr_partial", "0"),
                "            Low                           : 0 bank(s)",
                "            None                          : 0 bank(s)",
            ]
        if "temp" in sections:
            out += [
                "    Temperature",
                "        GPU Current Temp                  : %s C" % o.get("temp", "34"),
                "        GPU T.Limit Temp                  : %s C" % o.get("tlimit", "51"),
                "        GPU Shutdown Temp                 : 92 C",
                "        GPU Slowdown Temp                 : 87 C",
                "        GPU Max Operating Temp            : 85 C",
                "        Memory Current Temp               : %s C" % o.get("memtemp", "41"),
                "        Memory Max Operating Temp         : 95 C",
            ]
        if "power" in sections:
            out += [
                "    GPU Power Readings",
                "        Power Draw                        : %s W" % o.get("power", "71.22"),
                "        Current Power Limit               : 700.00 W",
                "        Requested Power Limit             : 700.00 W",
                "    Clocks",
                "        Graphics                          : %s MHz" % o.get("gclk", "1980"),
                "        SM                                : %s MHz" % o.get("smclk", o.get("gclk", "1980")),
                "        Memory                            : 2619 MHz",
                "    Max Clocks",
                "        Graphics                          : 1980 MHz",
                "        SM                                : 1980 MHz",
                "    Processes                             : %s" % o.get("procs", "None"),
            ]
        out.append("")
    return out


def nvidia_smi_table(t, gpus, driver="550.54.15", cuda="12.4", rows=None, procs=None):
    """rows: {idx: dict(temp, pwr, mem, util)}; procs: list of (gpu, pid, name, mib)"""
    rows = rows or {}
    out = [t.strftime("%a %b %d %H:%M:%S %Y") + "       ",
           "+-----------------------------------------------------------------------------------------+",
           "| NVIDIA-SMI %-18s Driver Version: %-14s CUDA Version: %-9s|" % (driver, driver, cuda),
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                        |               MIG M. |",
           "|=========================================+========================+======================|"]
    for g in gpus:
        r = rows.get(g["idx"], {})
        name = g["model"].replace("NVIDIA ", "")[:20]
        out.append("| %3d  %-20s           On  |   00000000:%s:00.0 Off |  %19s |" % (g["idx"], name, g["bus"].upper(), r.get("ecc", "0")))
        out.append("| N/A   %2sC    P0   %16s |  %9s / %-9s | %5s      Default |" % (
            r.get("temp", 33), "%sW /  700W" % r.get("pwr", 72), "%sMiB" % r.get("mem", 4), "81559MiB", "%s%%" % r.get("util", 0)))
        out.append("|                                         |                        |             Disabled |")
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out += ["", "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|=========================================================================================|"]
    if procs:
        for gpu, pid, name, mib in procs:
            out.append("|  %4d   N/A  N/A  %9d      C   %-40s %7sMiB |" % (gpu, pid, name[:40], mib))
    else:
        out.append("|  No running processes found                                                             |")
    out.append("+-----------------------------------------------------------------------------------------+")
    return out


def df_h(rows):
    """rows: (fs, size, used, avail, pct, mount)"""
    out = ["Filesystem                Size  Used Avail Use% Mounted on"]
    for fs, size, used, avail, pct, mnt in rows:
        out.append("%-25s %5s %5s %5s %4s %s" % (fs, size, used, avail, pct, mnt))
    return out


def std_df(rng, local=("/dev/nvme1n1", "/raid", "28T", None), shared=("10.9.0.10@o2ib:/lustre", "/lustre", "4.2P", "3.1P", "74%")):
    dev, mnt, size, used = local
    if used is None:
        used = "%.1fT" % rng.uniform(1.0, 6.0)
    rows = [("/dev/nvme0n1p2", "1.8T", "%dG" % rng.randint(180, 420), "1.3T", "%d%%" % rng.randint(12, 26), "/"),
            ("tmpfs", "1.0T", "%dM" % rng.randint(0, 900), "1.0T", "1%", "/dev/shm"),
            ("/dev/nvme0n1p1", "511M", "6.1M", "505M", "2%", "/boot/efi"),
            (dev, size, used, "%.1fT" % (float(size[:-1]) - float(used[:-1])) if float(size[:-1]) - float(used[:-1]) > 0 else "0", "%d%%" % int(100 * float(used[:-1]) / float(size[:-1])), mnt)]
    if shared:
        fs, s2, u2, a2, p2 = shared[0], shared[2], shared[3], "1.1P", shared[4]
        rows.append((fs, s2, u2, a2, p2, shared[1]))
    return rows


def free_m(total=2063722, used=None, free=None, shared=2211, cache=None, rng=None):
    used = used if used is not None else rng.randint(150000, 240000)
    cache = cache if cache is not None else rng.randint(300000, 900000)
    free = free if free is not None else total - used - cache
    avail = total - used
    return ["               total        used        free      shared  buff/cache   available",
            "Mem:         %7d     %7d     %7d     %7d     %7d     %7d" % (total, used, free, shared, cache, avail),
            "Swap:              0           0           0"]


def ipmi_sel(entries):
    """entries: (id_hex, datetime, sensor, event, state)"""
    return ["%4s | %s | %s | %-28s | %-40s | %s" % (i, t.strftime("%m/%d/%Y"), t.strftime("%H:%M:%S"), s, e, st)
            for i, t, s, e, st in entries]


def dcgm_metrics(host, gpus, vals, model="NVIDIA H100 80GB HBM3"):
    """vals: {metric: {idx: value}} with a default via key None"""
    out = []
    for metric, per in vals.items():
        out.append("# HELP %s %s" % (metric, DCGM_HELP.get(metric, metric)))
        out.append("# TYPE %s %s" % (metric, "counter" if metric.endswith(("TOTAL", "_VIOLATION")) or "ECC" in metric or "XID" in metric and False else "gauge"))
        for g in gpus:
            v = per.get(g["idx"], per.get(None, 0))
            out.append('%s{gpu="%d",UUID="%s",pci_bus_id="00000000:%s:00.0",device="nvidia%d",modelName="%s",Hostname="%s",DCGM_FI_DRIVER_VERSION="550.54.15"} %s' % (
                metric, g["idx"], g["uuid"], g["bus"].upper(), g["idx"], model, host, v))
    return out


DCGM_HELP = {
    "DCGM_FI_DEV_GPU_TEMP": "GPU temperature (in C).",
    "DCGM_FI_DEV_MEMORY_TEMP": "Memory temperature (in C).",
    "DCGM_FI_DEV_POWER_USAGE": "Power draw (in W).",
    "DCGM_FI_DEV_SM_CLOCK": "SM frequency (in MHz).",
    "DCGM_FI_DEV_GPU_UTIL": "GPU utilization (in %).",
    "DCGM_FI_DEV_XID_ERRORS": "Value of the last XID error encountered.",
    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": "Total number of single-bit volatile ECC errors.",
    "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": "Total number of double-bit volatile ECC errors.",
    "DCGM_FI_DEV_THERMAL_VIOLATION": "Throttling duration due to thermal constraints (in us).",
    "DCGM_FI_DEV_POWER_VIOLATION": "Throttling duration due to power constraints (in us).",
    "DCGM_FI_DEV_FB_USED": "Framebuffer memory used (in MiB).",
    "DCGM_FI_DEV_PCIE_REPLAY_COUNTER": "Total number of PCIe retries.",
    "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL": "Total number of NVLink bandwidth counters for all lanes.",
}


def dcgmi_diag(level, gpu_ids, hw_rows, version="3.3.5", driver="550.54.15"):
    """hw_rows: list of (name, result_text) - result_text may contain newlines"""
    w = 46
    out = ["Successfully ran diagnostic for group.",
           "+---------------------------+------------------------------------------------+",
           "| Diagnostic                | Result                                         |",
           "+===========================+================================================+",
           "|-----  Metadata  ----------+------------------------------------------------|",
           "| DCGM Version              | %-*s |" % (w, version),
           "| Driver Version Detected   | %-*s |" % (w, driver),
           "| GPU Device IDs Detected   | %-*s |" % (w, ",".join(["2330"] * len(gpu_ids))),
           "|-----  Deployment  --------+------------------------------------------------|"]
    for n in ["Denylist", "NVML Library", "CUDA Main Library", "Permissions and OS Blocks",
              "Persistence Mode", "Environment Variables", "Page Retirement/Row Remap", "Graphics Processes", "Inforom"]:
        out.append("| %-25s | %-*s |" % (n, w, "Pass"))
    out.append("+-----  Integration  -------+------------------------------------------------+")
    out.append("| %-25s | %-*s |" % ("PCIe", w, "Pass - All" if level >= 2 else "Skip - All"))
    out.append("+-----  Hardware  ----------+------------------------------------------------+")
    for name, res in hw_rows:
        parts = res.split("\n")
        out.append("| %-25s | %-*s |" % (name, w, parts[0]))
        for p in parts[1:]:
            if p.startswith("Warning") or p.startswith("Info"):
                k, v = p.split(":", 1)
                out.append("| %-25s | %-*s |" % (k, w, v.strip()[:w]))
                rest = v.strip()[w:]
                while rest:
                    out.append("| %-25s | %-*s |" % ("", w, rest[:w]))
                    rest = rest[w:]
            else:
                out.append("| %-25s | %-*s |" % ("", w, p))
    out.append("+-----  Stress  ------------+------------------------------------------------+")
    for n in ["Targeted Stress", "Targeted Power", "Memory Bandwidth"]:
        out.append("| %-25s | %-*s |" % (n, w, "Pass - All" if level >= 3 else "Skip - All"))
    out.append("+---------------------------+------------------------------------------------+")
    return out


def pyspy(pid, cmd, threads, py="Python v3.10.12 (/usr/bin/python3.10)"):
    """threads: list of (tid, state, name, frames[(func, file, line)])"""
    out = ["Process %d: %s" % (pid, cmd), py, ""]
    for tid, state, name, frames in threads:
        out.append('Thread %d (%s): "%s"' % (tid, state, name))
        for func, f, line in frames:
            out.append("    %s (%s:%d)" % (func, f, line))
        out.append("")
    return out


def boot_noise_lines(rng, kind="nvidia", driver="550.54.15", n_mlx=8, host="node"):
    """Return list of (offset_seconds, text) for early boot kernel messages."""
    ev = [
        (0.0, "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024 (Ubuntu 5.15.0-105.115-generic 5.15.148)"),
        (0.0, "Command line: BOOT_IMAGE=/vmlinuz-5.15.0-105-generic root=UUID=3c1f2a8e-55b0-4d61-9c1e-0b3f4f6d8a21 ro pci=realloc=off iommu=pt intel_iommu=on"),
        (0.000012, "DMI: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 01/10/2024"),
        (1.412233, "ACPI: PCI Root Bridge [PC00] (domain 0000 [bus 00-14])"),
        (3.221871, "pci 0000:00:00.0: [8086:09a2] type 00 class 0x088000"),
        (7.901127, "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none."),
    ]
    for i in range(n_mlx):
        ev.append((9.1 + i * 0.37, "mlx5_core 0000:%02x:00.0: firmware version: 28.39.1002" % (0x1a + i * 0x10)))
    ev.append((12.8, "nvidia: loading out-of-tree module taints kernel."))
    ev.append((12.81, "nvidia-nvlink: Nvlink Core is being initialized, major device number 511"))
    ev.append((13.02, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  %s  Tue Feb 13 01:14:49 UTC 2024" % driver))
    ev.append((13.9, "nvidia-uvm: Loaded the UVM driver, major device number 509."))
    ev.append((14.2, "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  %s  Tue Feb 13 00:59:27 UTC 2024" % driver))
    for i in range(n_mlx):
        ev.append((21.4 + i * 0.11, "mlx5_core 0000:%02x:00.0 ibp%ds0: Link up" % (0x1a + i * 0x10, 0x1a + i * 0x10)))
    ev.append((27.3, "Lustre: Lustre: Build Version: 2.15.4"))
    ev.append((31.7, "nvidia-fabricmanager: [info] Successfully configured all the available NVSwitches to route GPU NVLink traffic"))
    return ev


def render_kernel(events, style, boot, host=None):
    """events: list of (uptime_seconds, text). style: 'T' (dmesg -T), 'up', 'journal'"""
    out = []
    for up, text in sorted(events, key=lambda e: e[0]):
        t = boot + dt.timedelta(seconds=up)
        if style == "T":
            out.append("%s %s" % (dmesg_T(t), text))
        elif style == "up":
            out.append("%s %s" % (dmesg_up(up), text))
        elif style == "journal":
            out.append("%s %s" % (journal(t, host), text))
        elif style == "iso":
            out.append("%s %s kernel: %s" % (t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d" % t.microsecond + "+00:00", host, text))
    return out


def at(boot, t):
    """uptime seconds of absolute time t for a given boot time"""
    return (t - boot).total_seconds()


def fr_dump(rank, world, last_seq, states, t_base_ns, op="nccl:all_reduce", numel=262144000,
            dtype="BFloat16", frames=None, pg_desc="default_pg", timeout_ms=1800000, n=6):
    """Flight-recorder style JSON (as produced by the json dump of the NCCL trace buffer).
    states: dict seq -> state for the newest entries; entries with seq not in states are 'completed'."""
    import json
    frames = frames or [
        {"name": "all_reduce", "filename": "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", "line": 2501},
        {"name": "wrapper", "filename": "/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", "line": 83},
    ]
    entries = []
    for k in range(n):
        seq = last_seq - (n - 1) + k
        st = states.get(seq, "completed")
        if st == "absent":
            continue
        created = t_base_ns + k * 1_410_000_000
        e = {
            "record_id": seq * 3 + rank % 3, "pg_id": 0, "process_group": ["0", pg_desc],
            "collective_seq_id": seq, "p2p_seq_id": 0, "op_id": seq,
            "profiling_name": op, "time_created_ns": created,
            "input_sizes": [[numel]], "input_dtypes": [dtype], "output_sizes": [[numel]], "output_dtypes": [dtype],
            "state": st,
            "time_discovered_started_ns": created + 1_000_000 if st in ("started", "completed") else None,
            "time_discovered_completed_ns": created + 390_000_000 if st == "completed" else None,
            "retired": st == "completed", "timeout_ms": timeout_ms, "is_p2p": False, "frames": frames,
        }
        entries.append(e)
    last_done = max([e["collective_seq_id"] for e in entries if e["state"] == "completed"] or [0])
    last_enq = max([e["collective_seq_id"] for e in entries] or [0])
    last_started = max([e["collective_seq_id"] for e in entries if e["state"] in ("started", "completed")] or [0])
    doc = {
        "version": "2.4",
        "rank": rank,
        "pg_config": {"0": {"name": "0", "desc": pg_desc, "ranks": str(list(range(world)))}},
        "pg_status": {"0": {"last_enqueued_collective": last_enq, "last_started_collective": last_started,
                            "last_completed_collective": last_done}},
        "entries": entries,
    }
    return json.dumps(doc, indent=1)
