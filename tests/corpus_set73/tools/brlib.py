"""Shared helpers for corpus set 73 (messy log shapes). Stdlib only, deterministic."""
import datetime as dt
import gzip
import json
import os
import random
import shutil

CATEGORIES = ["gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "oom",
              "hang", "straggler", "numerical", "user_code", "dependency", "unknown"]
LAYERS = ["infrastructure", "framework", "script"]
ACTIONS = ["restart", "restart_without_node", "stop", "run_diagnostics", "none"]

ESC = "\x1b["


def ansi(code, s):
    return "\x1b[%sm%s\x1b[0m" % (code, s)


REGISTRY = []


class Case:
    def __init__(self, out, name, seed):
        self.name = name
        self.root = os.path.join(out, name)
        self.rng = random.Random(seed)
        if os.path.isdir(self.root):
            shutil.rmtree(self.root)
        os.makedirs(self.root)
        REGISTRY.append(name)

    def write(self, rel, text, crlf=False, gz=False, raw=None):
        path = os.path.join(self.root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if raw is not None:
            data = raw
        else:
            if isinstance(text, (list, tuple)):
                text = "\n".join(text) + "\n"
            data = text.encode("utf-8")
        if crlf:
            data = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        if gz:
            data = gzip.compress(data, compresslevel=6, mtime=0)
        with open(path, "wb") as f:
            f.write(data)

    def mkdir(self, rel):
        os.makedirs(os.path.join(self.root, rel), exist_ok=True)

    def label(self, category, layer, node, rank, action, rationale, modelled_on):
        culprit = None if node is None else {"node": node, "rank": rank}
        lab = {"category": category, "layer": layer, "culprit": culprit, "action": action,
               "rationale": rationale, "modelled_on": modelled_on}
        with open(os.path.join(self.root, "label.json"), "w") as f:
            json.dump(lab, f, indent=2, sort_keys=False)
            f.write("\n")


# ---------------------------------------------------------------- time formats
def T(y, mo, d, h, mi, s, us=0):
    return dt.datetime(y, mo, d, h, mi, s, us)


def add(t, sec):
    return t + dt.timedelta(seconds=sec)


def f_dmesgT(t):
    return "[%s %2d %s]" % (t.strftime("%a %b"), t.day, t.strftime("%H:%M:%S %Y"))


def f_syslog(t):
    return "%s %2d %s" % (t.strftime("%b"), t.day, t.strftime("%H:%M:%S"))


def f_glog(t, sev="E", nanos=True):
    if nanos:
        return "%s%s %s.%06d%03d" % (sev, t.strftime("%m%d"), t.strftime("%H:%M:%S"), t.microsecond,
                                     (t.microsecond * 7) % 1000)
    return "%s%s %s.%06d" % (sev, t.strftime("%m%d"), t.strftime("%H:%M:%S"), t.microsecond)


def f_elastic(t):
    return "[%s,%03d]" % (t.strftime("%Y-%m-%d %H:%M:%S"), t.microsecond // 1000)


def f_iso(t, tz="+00:00", frac=3, sep="T"):
    base = t.strftime("%Y-%m-%d" + sep + "%H:%M:%S")
    if frac == 3:
        base += ".%03d" % (t.microsecond // 1000)
    elif frac == 6:
        base += ".%06d" % t.microsecond
    if tz == "Z":
        return base + "Z"
    return base + tz


def f_cfe(t):
    """ChildFailedError 'time' field."""
    return t.strftime("%Y-%m-%d_%H:%M:%S")


def f_slurm(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def f_slurmctld(t):
    return "[%s.%03d]" % (t.strftime("%Y-%m-%dT%H:%M:%S"), t.microsecond // 1000)


# ---------------------------------------------------------------- GPU platform data
HGX_H100_BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
DGX_A100_BUS = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]
PCIE4_BUS = ["17", "65", "ca", "e3"]
HCA_BUS_H100 = ["1a", "2c", "3c", "5f", "9c", "ad", "bc", "dd"]

GPU_MODEL = {
    "h100": ("NVIDIA H100 80GB HBM3", 81559, 700, "GH100"),
    "a100": ("NVIDIA A100-SXM4-80GB", 81920, 400, "GA100"),
    "a100_40": ("NVIDIA A100-SXM4-40GB", 40960, 400, "GA100"),
    "l40s": ("NVIDIA L40S", 46068, 350, "AD102"),
}


def uuid(rng):
    h = "%032x" % rng.getrandbits(128)
    return "GPU-%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def serial(rng):
    return "1%012d" % rng.randrange(10 ** 11, 10 ** 12)


# ---------------------------------------------------------------- NCCL
def nccl_init(host, pid, dev, rank, nranks, ip, iface="ibp26s0", hcas=None, version="2.19.3",
              cuda="12.3", busid="18000", commid="0x1f3ac5e27d0b9c41", nchan=4, net="IB",
              local_ranks=8, rng=None, print_version=False):
    """NCCL_DEBUG=INFO initialisation flood for one rank."""
    rng = rng or random.Random(rank)
    p = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, dev)
    th = pid + 47 + rank % 7
    q = "%s:%d:%d [%d] NCCL INFO " % (host, pid, th, dev)
    hcas = hcas or ["mlx5_%d" % i for i in (0, 3, 4, 5, 6, 9, 10, 11)]
    out = []
    out.append(p + "Bootstrap : Using %s:%s<0>" % (iface, ip))
    out.append(p + "NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation")
    out.append(p + "cudaDriverVersion %s" % ({"12.3": "12030", "12.2": "12020", "12.4": "12040", "12.1": "12010"}.get(cuda, "12020")))
    if print_version:
        out.append("%s:%d:%d [%d] NCCL INFO NCCL version %s+cuda%s" % (host, pid, pid, dev, version, cuda))
    if net == "IB":
        lst = " ".join("[%d]%s:1/IB" % (i, h) for i, h in enumerate(hcas))
        out.append(q + "NET/IB : Using %s ; OOB %s:%s<0>" % (lst, iface, ip))
        out.append(q + "Using non-device net plugin version 0")
        out.append(q + "Using network IB")
    else:
        out.append(q + "NET/IB : No device found.")
        out.append(q + "NET/Socket : Using [0]%s:%s<0>" % (iface, ip))
        out.append(q + "Using non-device net plugin version 0")
        out.append(q + "Using network Socket")
    out.append(q + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START" % (
        0x55d000000000 + rng.getrandbits(28), rank, nranks, dev, dev, busid, commid))
    out.append(q + "Setting affinity for GPU %d to %s" % (dev, "ffffffff,00000000,ffffffff" if dev < local_ranks // 2 else "ffffffff,00000000,ffffffff,00000000"))
    base = rank - dev
    nxt = base + (dev + 1) % local_ranks
    prv = base + (dev - 1) % local_ranks
    for ch in range(nchan):
        out.append(q + "Channel %02d/%02d :    %s" % (ch, nchan, " ".join("%3d" % ((i * (ch + 1)) % nranks) for i in range(min(nranks, 16)))))
    out.append(q + "Trees [0] %d/-1/-1->%d->%d [1] %d/-1/-1->%d->%d" % (nxt, rank, prv, nxt, rank, prv))
    out.append(q + "P2P Chunksize set to 524288")
    for ch in range(nchan):
        out.append(q + "Channel %02d/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read" % (ch, rank, dev, nxt, (dev + 1) % local_ranks))
    if nranks > local_ranks and dev in (0, local_ranks - 1):
        for ch in range(min(nchan, 2)):
            peer = (rank + local_ranks) % nranks
            if net == "IB":
                out.append(q + "Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA" % (ch, rank, dev, peer, dev, dev))
            else:
                out.append(q + "Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/Socket/0" % (ch, rank, dev, peer, dev))
    out.append(q + "Connected all rings")
    out.append(q + "Connected all trees")
    out.append(q + "threadThresholds 8/8/64 | %d/8/64 | 512 | 512" % (nranks * 8))
    out.append(q + "%d coll channels, 0 collnet channels, 0 nvls channels, %d p2p channels, %d p2p channels per peer" % (nchan, nchan, max(1, nchan // 2)))
    out.append(q + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE" % (
        0x55d000000000 + rng.getrandbits(28), rank, nranks, dev, dev, busid, commid))
    return out


# ---------------------------------------------------------------- torch.distributed
TORCH_LIB = "/usr/local/lib/python3.10/dist-packages/torch/lib"


def cpp_frames(frames, rng, lib=TORCH_LIB):
    out = []
    for i, (sym, libname) in enumerate(frames):
        addr = 0x7f0000000000 + rng.getrandbits(36)
        if sym is None:
            out.append("frame #%d: <unknown function> + 0x%x (0x%x in %s)" % (i, rng.getrandbits(20), addr, libname))
        else:
            out.append("frame #%d: %s + 0x%x (0x%x in %s)" % (i, sym, rng.getrandbits(10), addr, libname if libname.startswith("/") else lib + "/" + libname))
    return out


WATCHDOG_FRAMES = [
    ("c10::Error::Error(c10::SourceLocation, std::string)", "libc10.so"),
    ("c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >)", "libtorch_cuda.so"),
    ("c10d::ProcessGroupNCCL::watchdogHandler()", "libtorch_cuda.so"),
    ("c10d::ProcessGroupNCCL::ncclCommWatchdog()", "libtorch_cuda.so"),
    (None, "/lib/x86_64-linux-gnu/libstdc++.so.6"),
    (None, "/lib/x86_64-linux-gnu/libc.so.6"),
    (None, "/lib/x86_64-linux-gnu/libc.so.6"),
]


def watchdog(rank, t, seq, op, numel, rng, timeout_ms=600000, ran_ms=None, last_done=None,
             last_enq=None, prefix=True, pg="0 (default_pg)", full=True, lib=TORCH_LIB):
    """Torch 2.3/2.4 style watchdog timeout block for one rank."""
    ran_ms = ran_ms if ran_ms is not None else timeout_ms + rng.randrange(5, 90)
    last_done = seq - 1 if last_done is None else last_done
    last_enq = seq if last_enq is None else last_enq
    pfx = "[rank%d]:" % rank if prefix else ""
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, op, numel, numel, timeout_ms)
    lines = [
        pfx + "[%s ProcessGroupNCCL.cpp:607] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (f_glog(t), rank, work, ran_ms),
        pfx + "[%s ProcessGroupNCCL.cpp:1664] [PG %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (f_glog(add(t, 0.002)), pg, rank, seq, last_enq, last_done),
    ]
    if not full:
        return lines
    lines += [
        pfx + "[%s ProcessGroupNCCL.cpp:1709] [PG %s Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (f_glog(add(t, 0.002)), pg, rank, seq, last_enq, last_done),
        pfx + "[%s ProcessGroupNCCL.cpp:621] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (f_glog(add(t, 0.002)), rank),
        pfx + "[%s ProcessGroupNCCL.cpp:627] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (f_glog(add(t, 0.002)), rank),
        pfx + "[%s ProcessGroupNCCL.cpp:1515] [PG %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (f_glog(add(t, 0.003)), pg, rank, rank, work, ran_ms),
        pfx + "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:609 (most recent call first):",
    ]
    lines += [pfx + x for x in cpp_frames(WATCHDOG_FRAMES, rng, lib)]
    lines += [pfx, pfx + "terminate called after throwing an instance of 'c10::DistBackendError'",
              pfx + "  what():  [PG %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pg, rank, rank, work, ran_ms),
              pfx + "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:609 (most recent call first):"]
    lines += [pfx + x for x in cpp_frames(WATCHDOG_FRAMES, rng, lib)]
    return lines


def cfe_entry(idx, t, host, rank, local, exitcode, pid, tb=None, error_file="<N/A>"):
    if tb is None:
        if exitcode < 0:
            sig = {-6: "SIGABRT", -9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV", -7: "SIGBUS"}[exitcode]
            tb = "Signal %d (%s) received by PID %d" % (-exitcode, sig, pid)
        else:
            tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
    return ["[%d]:" % idx,
            "  time      : %s" % f_cfe(t),
            "  host      : %s" % host,
            "  rank      : %d (local_rank: %d)" % (rank, local),
            "  exitcode  : %d (pid: %d)" % (exitcode, pid),
            "  error_file: %s" % error_file,
            "  traceback : %s" % tb]


def child_failed(script, root, others, py="python3.10", pkgs="/usr/local/lib/python3.10/dist-packages",
                 torchrun="/usr/local/bin/torchrun"):
    """root/others are lists of cfe_entry arg tuples (without idx)."""
    out = ["Traceback (most recent call last):",
           '  File "%s", line 8, in <module>' % torchrun,
           "    sys.exit(main())",
           '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 348, in wrapper' % pkgs,
           "    return f(*args, **kwargs)",
           '  File "%s/torch/distributed/run.py", line 901, in main' % pkgs,
           "    run(args)",
           '  File "%s/torch/distributed/run.py", line 892, in run' % pkgs,
           "    elastic_launch(",
           '  File "%s/torch/distributed/launcher/api.py", line 133, in __call__' % pkgs,
           "    return launch_agent(self._config, self._entrypoint, list(args))",
           '  File "%s/torch/distributed/launcher/api.py", line 264, in launch_agent' % pkgs,
           "    raise ChildFailedError(",
           "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
           "=" * 60,
           "%s FAILED" % script,
           "-" * 60,
           "Failures:"]
    if not others:
        out.append("  <NO_OTHER_FAILURES>")
    for i, e in enumerate(others):
        out += cfe_entry(i + 1, *e)
    out += ["-" * 60, "Root Cause (first observed failure):"]
    out += cfe_entry(0, *root)
    out.append("=" * 60)
    return out


def omp_banner(t=None, new_style=True, pid=0):
    if new_style and t is not None:
        return ["%s %d torch/distributed/run.py:779] " % (f_glog(t, "W", nanos=False), pid),
                "%s %d torch/distributed/run.py:779] *****************************************" % (f_glog(t, "W", nanos=False), pid),
                "%s %d torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (f_glog(t, "W", nanos=False), pid),
                "%s %d torch/distributed/run.py:779] *****************************************" % (f_glog(t, "W", nanos=False), pid)]
    return ["*****************************************",
            "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
            "*****************************************"]


# ---------------------------------------------------------------- nvidia-smi
def nvsmi_table(t, gpus, procs, driver="535.161.08", cuda="12.2"):
    """gpus: list of dicts (name, bus, temp, perf, pwr, cap, used, total, util, ecc)."""
    out = [t.strftime("%a %b %d %H:%M:%S %Y"),
           "+---------------------------------------------------------------------------------------+",
           "| NVIDIA-SMI %-24s Driver Version: %-14s CUDA Version: %-8s|" % (driver, driver, cuda),
           "|-----------------------------------------+----------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                      |               MIG M. |",
           "|=========================================+======================+======================|"]
    for i, g in enumerate(gpus):
        name = g["name"].replace("NVIDIA ", "NVIDIA ")[:22]
        out.append("| %3d  %-22s         On | %-16s Off | %20s |" % (i, name, "00000000:%s:00.0" % g["bus"].upper(), g.get("ecc", "0")))
        out.append("| N/A   %2dC    %-4s        %4dW / %4dW | %8dMiB / %5dMiB | %6d%%      Default |" % (
            g["temp"], g["perf"], g["pwr"], g["cap"], g["used"], g["total"], g["util"]))
        out.append("|                                         |                      |             Disabled |")
        out.append("+-----------------------------------------+----------------------+----------------------+")
    out += ["", "+---------------------------------------------------------------------------------------+",
            "| Processes:                                                                            |",
            "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
            "|        ID   ID                                                             Usage      |",
            "|=======================================================================================|"]
    if not procs:
        out.append("|  No running processes found                                                           |")
    for (gi, pid, pname, mem) in procs:
        out.append("|  %3d   N/A  N/A  %9d      C   %-38s %7dMiB |" % (gi, pid, pname[:38], mem))
    out.append("+---------------------------------------------------------------------------------------+")
    return out


def nvsmi_q(t, gpus, driver="535.161.08", cuda="12.2", rng=None):
    """nvidia-smi -q (subset of sections, real layout). gpus: list of dicts."""
    rng = rng or random.Random(1)
    out = ["", "==============NVSMI LOG==============", "",
           "Timestamp                                 : %s" % t.strftime("%a %b %d %H:%M:%S %Y"),
           "Driver Version                            : %s" % driver,
           "CUDA Version                              : %s" % cuda, "",
           "Attached GPUs                             : %d" % len(gpus)]
    for g in gpus:
        model = g["name"]
        out += ["GPU 00000000:%s:00.0" % g["bus"].upper(),
                "    Product Name                          : %s" % model,
                "    Product Brand                         : NVIDIA",
                "    Product Architecture                  : %s" % g.get("arch", "Hopper"),
                "    Display Mode                          : Disabled",
                "    Display Active                        : Disabled",
                "    Persistence Mode                      : Enabled",
                "    Addressing Mode                       : None",
                "    MIG Mode",
                "        Current                           : Disabled",
                "        Pending                           : Disabled",
                "    Accounting Mode                       : Disabled",
                "    Accounting Mode Buffer Size           : 4000",
                "    Driver Model",
                "        Current                           : N/A",
                "        Pending                           : N/A",
                "    Serial Number                         : %s" % g.get("serial", serial(rng)),
                "    GPU UUID                              : %s" % g.get("uuid", uuid(rng)),
                "    Minor Number                          : %d" % g["idx"],
                "    VBIOS Version                         : %s" % g.get("vbios", "96.00.89.00.01"),
                "    MultiGPU Board                        : No",
                "    Board ID                              : 0x%s00" % g["bus"],
                "    GPU Part Number                       : %s" % g.get("part", "2330-885-A1"),
                "    Inforom Version",
                "        Image Version                     : G520.0200.00.05",
                "        OEM Object                        : 2.1",
                "        ECC Object                        : 7.16",
                "        Power Management Object           : N/A",
                "    GPU Operation Mode",
                "        Current                           : N/A",
                "        Pending                           : N/A",
                "    GPU Virtualization Mode",
                "        Virtualization Mode               : None",
                "        Host VGPU Mode                    : N/A",
                "    PCI",
                "        Bus                               : 0x%s" % g["bus"],
                "        Device                            : 0x00",
                "        Domain                            : 0x0000",
                "        Device Id                         : 0x233010DE",
                "        Bus Id                            : 00000000:%s:00.0" % g["bus"].upper(),
                "        Sub System Id                     : 0x16C110DE",
                "        GPU Link Info",
                "            PCIe Generation",
                "                Max                       : %d" % g.get("pcie_max", 5),
                "                Current                   : %d" % g.get("pcie_cur", 5),
                "                Device Current            : %d" % g.get("pcie_cur", 5),
                "                Device Max                : %d" % g.get("pcie_max", 5),
                "                Host Max                  : %d" % g.get("pcie_max", 5),
                "            Link Width",
                "                Max                       : 16x",
                "                Current                   : %s" % g.get("width", "16x"),
                "        Bridge Chip",
                "            Type                          : N/A",
                "            Firmware                      : N/A",
                "        Replays Since Reset               : %d" % g.get("replays", 0),
                "        Replay Number Rollovers           : 0",
                "        Tx Throughput                     : %d KB/s" % g.get("tx", 412000),
                "        Rx Throughput                     : %d KB/s" % g.get("rx", 398000),
                "        Atomic Caps Inbound               : N/A",
                "        Atomic Caps Outbound              : N/A",
                "    Fan Speed                             : N/A",
                "    Performance State                     : %s" % g.get("perf", "P0"),
                "    Clocks Event Reasons",
                "        Idle                              : %s" % g.get("idle", "Not Active"),
                "        Applications Clocks Setting       : Not Active",
                "        SW Power Cap                      : %s" % g.get("sw_power", "Not Active"),
                "        HW Slowdown                       : %s" % g.get("hw_slow", "Not Active"),
                "            HW Thermal Slowdown           : %s" % g.get("hw_thermal", "Not Active"),
                "            HW Power Brake Slowdown       : %s" % g.get("hw_brake", "Not Active"),
                "        Sync Boost                        : Not Active",
                "        SW Thermal Slowdown               : %s" % g.get("sw_thermal", "Not Active"),
                "        Display Clock Setting             : Not Active",
                "    FB Memory Usage",
                "        Total                             : %d MiB" % g["total"],
                "        Reserved                          : %d MiB" % g.get("reserved", 551),
                "        Used                              : %d MiB" % g["used"],
                "        Free                              : %d MiB" % (g["total"] - g.get("reserved", 551) - g["used"]),
                "    BAR1 Memory Usage",
                "        Total                             : 131072 MiB",
                "        Used                              : %d MiB" % g.get("bar1", 49),
                "        Free                              : %d MiB" % (131072 - g.get("bar1", 49)),
                "    Conf Compute Protected Memory Usage",
                "        Total                             : 0 MiB",
                "        Used                              : 0 MiB",
                "        Free                              : 0 MiB",
                "    Compute Mode                          : Default",
                "    Utilization",
                "        Gpu                               : %d %%" % g.get("util", 0),
                "        Memory                            : %d %%" % g.get("mutil", 0),
                "        Encoder                           : 0 %",
                "        Decoder                           : 0 %",
                "        JPEG                              : 0 %",
                "        OFA                               : 0 %",
                "    ECC Mode",
                "        Current                           : Enabled",
                "        Pending                           : Enabled",
                "    ECC Errors",
                "        Volatile",
                "            SRAM Correctable              : %d" % g.get("v_sram_ce", 0),
                "            SRAM Uncorrectable Parity     : 0",
                "            SRAM Uncorrectable SEC-DED    : %d" % g.get("v_sram_ue", 0),
                "            DRAM Correctable              : %d" % g.get("v_dram_ce", 0),
                "            DRAM Uncorrectable            : %d" % g.get("v_dram_ue", 0),
                "        Aggregate",
                "            SRAM Correctable              : %d" % g.get("a_sram_ce", 0),
                "            SRAM Uncorrectable Parity     : 0",
                "            SRAM Uncorrectable SEC-DED    : %d" % g.get("a_sram_ue", 0),
                "            DRAM Correctable              : %d" % g.get("a_dram_ce", 0),
                "            DRAM Uncorrectable            : %d" % g.get("a_dram_ue", 0),
                "            SRAM Threshold Exceeded       : No",
                "        Aggregate Uncorrectable SRAM Sources",
                "            SRAM L2                       : 0",
                "            SRAM SM                       : 0",
                "            SRAM Microcontroller          : 0",
                "            SRAM PCIE                     : 0",
                "            SRAM Other                    : 0",
                "    Retired Pages",
                "        Single Bit ECC                    : N/A",
                "        Double Bit ECC                    : N/A",
                "        Pending Page Blacklist            : N/A",
                "    Remapped Rows",
                "        Correctable Error                 : %d" % g.get("rr_ce", 0),
                "        Uncorrectable Error               : %d" % g.get("rr_ue", 0),
                "        Pending                           : %s" % g.get("rr_pending", "No"),
                "        Remapping Failure Occurred        : %s" % g.get("rr_fail", "No"),
                "        Bank Remap Availability Histogram",
                "            Max                           : %d bank(s)" % g.get("rr_max", 2560),
                "            High                          : 0 bank(s)",
                "            Partial                       : %d bank(s)" % g.get("rr_partial", 0),
                "            Low                           : 0 bank(s)",
                "            None                          : 0 bank(s)",
                "    Temperature",
                "        GPU Current Temp                  : %d C" % g["temp"],
                "        GPU T.Limit Temp                  : %d C" % g.get("tlimit", 43),
                "        GPU Shutdown T.Limit Temp         : -7 C",
                "        GPU Slowdown T.Limit Temp         : -2 C",
                "        GPU Max Operating T.Limit Temp    : 0 C",
                "        GPU Target Temperature            : N/A",
                "        Memory Current Temp               : %d C" % g.get("mtemp", g["temp"] + 6),
                "        Memory Max Operating T.Limit Temp : 0 C",
                "    GPU Power Readings",
                "        Power Draw                        : %.2f W" % g.get("pwr", 120.0),
                "        Current Power Limit               : %.2f W" % g.get("cap", 700.0),
                "        Requested Power Limit             : %.2f W" % g.get("cap", 700.0),
                "        Default Power Limit               : %.2f W" % g.get("cap", 700.0),
                "        Min Power Limit                   : 200.00 W",
                "        Max Power Limit                   : %.2f W" % g.get("cap", 700.0),
                "    Module Power Readings",
                "        Power Draw                        : N/A",
                "        Current Power Limit               : N/A",
                "        Requested Power Limit             : N/A",
                "        Default Power Limit               : N/A",
                "        Min Power Limit                   : N/A",
                "        Max Power Limit                   : N/A",
                "    Clocks",
                "        Graphics                          : %d MHz" % g.get("sm", 1980),
                "        SM                                : %d MHz" % g.get("sm", 1980),
                "        Memory                            : %d MHz" % g.get("mem", 2619),
                "        Video                             : %d MHz" % g.get("video", 1545),
                "    Applications Clocks",
                "        Graphics                          : 1980 MHz",
                "        Memory                            : 2619 MHz",
                "    Default Applications Clocks",
                "        Graphics                          : 1980 MHz",
                "        Memory                            : 2619 MHz",
                "    Deferred Clocks",
                "        Memory                            : N/A",
                "    Max Clocks",
                "        Graphics                          : 1980 MHz",
                "        SM                                : 1980 MHz",
                "        Memory                            : 2619 MHz",
                "        Video                             : 1545 MHz",
                "    Max Customer Boost Clocks",
                "        Graphics                          : 1980 MHz",
                "    Clock Policy",
                "        Auto Boost                        : N/A",
                "        Auto Boost Default                : N/A",
                "    Fabric",
                "        State                             : Completed",
                "        Status                            : Success",
                "    Processes"]
        procs = g.get("procs", [])
        if not procs:
            out.append("        None")
        for (pid, pname, mem) in procs:
            out += ["        GPU instance ID                   : N/A",
                    "        Compute instance ID               : N/A",
                    "        Process ID                        : %d" % pid,
                    "            Type                          : C",
                    "            Name                          : %s" % pname,
                    "            Used GPU Memory               : %d MiB" % mem]
        out.append("")
    return out


def gpu_list(model, buses, rng, **over):
    name, total, cap, _ = GPU_MODEL[model]
    gl = []
    for i, b in enumerate(buses):
        g = {"idx": i, "name": name, "bus": b, "total": total, "cap": cap, "used": 0, "temp": 31 + rng.randrange(0, 6),
             "perf": "P0", "pwr": 70 + rng.randrange(0, 20), "util": 0, "uuid": uuid(rng), "serial": serial(rng),
             "arch": "Hopper" if model == "h100" else ("Ampere" if model.startswith("a100") else "Ada Lovelace")}
        if model.startswith("a100"):
            g.update({"sm": 1410, "mem": 1593, "video": 1275, "pcie_max": 4, "pcie_cur": 4})
        gl.append(g)
    for i, d in over.items():
        gl[int(i[1:])].update(d)
    return gl


# ---------------------------------------------------------------- kernel noise
def boot_dmesg_noise(rng, host, n=40, hca_bus=None):
    hca_bus = hca_bus or HCA_BUS_H100
    pool = [
        "systemd-journald[1187]: Data hash table of /var/log/journal/%s/system.journal has a fill level at 75.0 (1534 of 2045 items, 786432 file size, 512 bytes per hash table item), suggesting rotation." % ("%032x" % rng.getrandbits(128)),
        "perf: interrupt took too long (2508 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
        "perf: interrupt took too long (3141 > 3135), lowering kernel.perf_event_max_sample_rate to 63500",
        "IPv6: ADDRCONF(NETDEV_CHANGE): veth%07x: link becomes ready" % rng.getrandbits(28),
        "docker0: port 1(veth%07x) entered forwarding state" % rng.getrandbits(28),
        "nvidia-peermem nv_mem_init:%d: nvidia-peermem: initialized" % 425,
        "audit: type=1400 audit(%d.%03d:%d): apparmor=\"STATUS\" operation=\"profile_replace\" info=\"same as current profile, skipping\" profile=\"unconfined\" name=\"/usr/bin/man\" pid=%d comm=\"apparmor_parser\"" % (1715600000 + rng.randrange(10 ** 5), rng.randrange(1000), rng.randrange(10, 99), rng.randrange(1000, 9000)),
        "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none.",
        "mlx5_core 0000:%s:00.0: mlx5_pcie_event:301:(pid %d): PCIe slot advertised sufficient power (27W)." % (rng.choice(hca_bus), rng.randrange(200, 900)),
        "nvidia-nvswitch0: open (major=508)",
        "nvidia-uvm: Loaded the UVM driver, major device number 510.",
        "NFS: Registering the id_resolver key type",
        "Key type id_resolver registered",
        "Key type id_legacy registered",
        "bpfilter: Loaded bpfilter_umh pid %d" % rng.randrange(2000, 5000),
        "Initializing XFRM netlink socket",
        "bridge: filtering via arp/ip/ip6tables is no longer available by default. Update your scripts to load br_netfilter if you need this.",
        "igb 0000:c1:00.0 eno1: igb: eno1 NIC Link is Up 1000 Mbps Full Duplex, Flow Control: RX/TX",
        "ipmi_si IPI0001:00: IPMI message handler: Found new BMC (man_id: 0x002a7c, prod_id: 0x1b92, dev_id: 0x20)",
        "process 'docker/tmp/qemu-check%d/check' started with executable stack" % rng.randrange(10 ** 8, 10 ** 9),
    ]
    return [rng.choice(pool) for _ in range(n)]


def ibstat(hcas, rng, states=None, fw="28.39.1002", ca_type="MT4129", rate=400):
    """hcas: list of names; states: dict name -> (State, Physical state, rate)."""
    states = states or {}
    out = []
    for h in hcas:
        st, ph, r = states.get(h, ("Active", "LinkUp", rate))
        guid = rng.getrandbits(64)
        out += ["CA '%s'" % h,
                "\tCA type: %s" % ca_type,
                "\tNumber of ports: 1",
                "\tFirmware version: %s" % fw,
                "\tHardware version: 0",
                "\tNode GUID: 0x%016x" % guid,
                "\tSystem image GUID: 0x%016x" % guid,
                "\tPort 1:",
                "\t\tState: %s" % st,
                "\t\tPhysical state: %s" % ph,
                "\t\tRate: %d" % r,
                "\t\tBase lid: %d" % (rng.randrange(1, 3000) if st == "Active" else 65535),
                "\t\tLMC: 0",
                "\t\tSM lid: 1",
                "\t\tCapability mask: 0xa751e848",
                "\t\tPort GUID: 0x%016x" % guid,
                "\t\tLink layer: InfiniBand"]
    return out


# ---------------------------------------------------------------- slurm
def sacct(jobid, name, rows, user="mlops"):
    """rows: list of (suffix, jobname, partition, alloccpus, state, exitcode, start, end, nodelist)."""
    out = ["JobID           JobName  Partition  AllocCPUS      State ExitCode               Start                 End        NodeList ",
           "------------ ---------- ---------- ---------- ---------- -------- ------------------- ------------------- --------------- "]
    for (suf, jn, part, cpus, state, ec, st, en, nl) in rows:
        out.append("%-12s %10s %10s %10d %10s %8s %19s %19s %-15s " % (
            str(jobid) + suf, jn[:10], part, cpus, state[:10], ec, f_slurm(st), f_slurm(en) if en else "Unknown", nl[:15]))
    return out


def scontrol_job(jobid, name, user, state, reason, nodelist, nnodes, start, end, limit, partition="gpu",
                 gres="gpu:8", cpus=None, workdir="/home/user/train", stdout=None, exitcode="0:0", runtime="00:00:00"):
    cpus = cpus or nnodes * 96
    return ["JobId=%d JobName=%s" % (jobid, name),
            "   UserId=%s(41021) GroupId=ml(4100) MCS_label=N/A" % user,
            "   Priority=12044 Nice=0 Account=llm QOS=normal",
            "   JobState=%s Reason=%s Dependency=(null)" % (state, reason),
            "   Requeue=0 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=%s" % exitcode,
            "   RunTime=%s TimeLimit=%s TimeMin=N/A" % (runtime, limit),
            "   SubmitTime=%s EligibleTime=%s" % (f_slurm(add(start, -311)), f_slurm(add(start, -311))),
            "   AccrueTime=%s" % f_slurm(add(start, -311)),
            "   StartTime=%s EndTime=%s Deadline=N/A" % (f_slurm(start), f_slurm(end)),
            "   PreemptEligibleTime=%s PreemptTime=None" % f_slurm(start),
            "   SuspendTime=None SecsPreSuspend=0 LastSchedEval=%s Scheduler=Main" % f_slurm(start),
            "   Partition=%s AllocNode:Sid=login01:2231417" % partition,
            "   ReqNodeList=(null) ExcNodeList=(null)",
            "   NodeList=%s" % nodelist,
            "   BatchHost=%s" % nodelist.split(",")[0].replace("[", "").split("-")[0],
            "   NumNodes=%d NumCPUs=%d NumTasks=%d CPUs/Task=96 ReqB:S:C:T=0:0:*:*" % (nnodes, cpus, nnodes),
            "   ReqTRES=cpu=%d,mem=%dG,node=%d,billing=%d,gres/gpu=%d" % (cpus, nnodes * 1800, nnodes, cpus, nnodes * 8),
            "   AllocTRES=cpu=%d,mem=%dG,node=%d,billing=%d,gres/gpu=%d" % (cpus, nnodes * 1800, nnodes, cpus, nnodes * 8),
            "   Socks/Node=* NtasksPerN:B:S:C=1:0:*:* CoreSpec=*",
            "   MinCPUsNode=96 MinMemoryNode=1800G MinTmpDiskNode=0",
            "   Features=(null) DelayBoot=00:00:00",
            "   OverSubscribe=NO Contiguous=0 Licenses=(null) Network=(null)",
            "   Command=%s/launch.sbatch" % workdir,
            "   WorkDir=%s" % workdir,
            "   StdErr=%s" % (stdout or "%s/slurm-%d.out" % (workdir, jobid)),
            "   StdIn=/dev/null",
            "   StdOut=%s" % (stdout or "%s/slurm-%d.out" % (workdir, jobid)),
            "   TresPerNode=gres/%s" % gres,
            ""]


# ---------------------------------------------------------------- misc
def pyspy(pid, cmd, threads, py="3.10.12"):
    """threads: list of (tid_name, idle, frames[(func, file, line)])"""
    out = ["Process %d: %s" % (pid, cmd), "Python v%s (/usr/bin/python3.10)" % py, ""]
    for (tname, tid, idle, frames) in threads:
        out.append('Thread %d (%s): "%s"' % (tid, "idle" if idle else "active", tname))
        for (fn, f, ln) in frames:
            out.append("    %s (%s:%d)" % (fn, f, ln))
        out.append("")
    return out


def df_h(rows):
    out = ["Filesystem                 Size  Used Avail Use% Mounted on"]
    for r in rows:
        out.append("%-26s %5s %5s %5s %4s %s" % r)
    return out


def tqdm_bar(desc, n, total, elapsed, rate, post="", width=10):
    frac = n / float(total)
    pct = int(frac * 100)
    full = int(frac * width)
    parts = " ▏▎▍▌▋▊▉"
    rem = frac * width - full
    bar = "█" * full
    if full < width:
        bar += parts[int(rem * 8)].strip() or " "
        bar = bar + " " * (width - len(bar))
    def hms(s):
        s = int(s)
        if s >= 3600:
            return "%d:%02d:%02d" % (s // 3600, (s % 3600) // 60, s % 60)
        return "%02d:%02d" % (s // 60, s % 60)
    if rate <= 0:
        return "%s: %3d%%|%s| %d/%d [%s<?, ?it/s%s]" % (desc, pct, bar, n, total, hms(elapsed), (", " + post) if post else "")
    left = (total - n) / rate
    return "%s: %3d%%|%s| %d/%d [%s<%s, %5.2fit/s%s]" % (desc, pct, bar, n, total, hms(elapsed), hms(left), rate, (", " + post) if post else "")
