"""Shared helpers for corpus set 67 (slowdowns, stragglers, hangs).

Everything here is deterministic: callers pass a seeded ``random.Random``.
Python stdlib only.
"""

import datetime as _dt
import random

UTC = _dt.timezone.utc


def tz(hours, minutes=0):
    return _dt.timezone(_dt.timedelta(hours=hours, minutes=minutes))


def dt(y, mo, d, h=0, mi=0, s=0, us=0, tzinfo=UTC):
    return _dt.datetime(y, mo, d, h, mi, s, us, tzinfo=tzinfo)


def td(**kw):
    return _dt.timedelta(**kw)


# ---------------------------------------------------------------- timestamps

def _jit(t):
    """Deterministic sub-second jitter for timestamps built from whole seconds."""
    if t.microsecond == 0:
        return t + _dt.timedelta(microseconds=((int(t.timestamp()) * 2654435761) % 997) * 301)
    if t.microsecond % 1000 == 0:
        return t + _dt.timedelta(microseconds=(t.microsecond * 7919 + int(t.timestamp()) * 104729) % 997)
    return t


def tqdm_hms(x):
    x = int(x)
    h, m, s = x // 3600, (x % 3600) // 60, x % 60
    return ("%d:%02d:%02d" % (h, m, s)) if h else ("%02d:%02d" % (m, s))


def ts_py(t):
    """Python logging default: 2024-03-12 09:12:44,081"""
    t = _jit(t)
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def ts_iso(t):
    """journald short-iso-precise: 2024-03-12T09:12:44.081233+0000"""
    t = _jit(t)
    return t.strftime("%Y-%m-%dT%H:%M:%S.%f%z")


def ts_glog(t, ns=False):
    """glog prefix body: 0312 09:12:44.081233 (letter added by caller)"""
    t = _jit(t)
    frac = "%06d" % t.microsecond
    if ns:
        frac += "%03d" % ((t.microsecond * 7919 + t.second * 104729) % 1000)
    return t.strftime("%m%d %H:%M:%S.") + frac


def ts_dmesg_T(t):
    """dmesg -T: [Tue Mar 12 09:12:44 2024]"""
    return "[" + t.strftime("%a %b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S %Y") + "]"


def ts_syslog(t):
    return t.strftime("%b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S")


def ts_up(sec):
    return "[%12.6f]" % sec


def ts_bracket(t):
    return t.strftime("[%Y-%m-%d %H:%M:%S]")


def ts_slurm(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


# ---------------------------------------------------------------- misc

def hexid(rng, n=16):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def gpu_uuid(rng):
    return "GPU-%s-%s-%s-%s-%s" % (hexid(rng, 8), hexid(rng, 4), hexid(rng, 4),
                                  hexid(rng, 4), hexid(rng, 12))


H100_BUSIDS = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]
A100_BUSIDS = ["07", "0F", "47", "4E", "87", "90", "B7", "BD"]


def fmt_int(n):
    return "{:,}".format(n)


# ---------------------------------------------------------------- nvidia-smi -q

def _act(flag):
    return "Active" if flag else "Not Active"


def nvsmi_q(t, gpus, driver="550.54.15", cuda="12.4", product="NVIDIA H100 80GB HBM3",
            busids=None, rng=None, legacy_throttle=False):
    """Return text of `nvidia-smi -q` for a list of per-GPU dicts.

    gpu keys (all optional): temp, mem_temp, power, plimit, sm, mem_clk, util,
    mem_used, sw_power_cap, hw_slowdown, hw_thermal, hw_power_brake,
    sw_thermal, idle, pcie_cur_gen, pcie_max_gen, width_cur, width_max,
    replays, sram_corr, dram_corr_vol, dram_corr_agg, remap_corr, remap_unc,
    pending, procs [(pid, name, mib)].
    """
    rng = rng or random.Random(1)
    busids = busids or H100_BUSIDS
    total = 81559 if "80GB" in product else 40960
    max_sm = 1980 if "H100" in product else 1410
    max_mem = 2619 if "H100" in product else 1593
    out = []
    out.append("")
    out.append("==============NVSMI LOG==============")
    out.append("")
    out.append("Timestamp                                 : " + t.strftime("%a %b %d %H:%M:%S %Y"))
    out.append("Driver Version                            : " + driver)
    out.append("CUDA Version                              : " + cuda)
    out.append("")
    out.append("Attached GPUs                             : %d" % len(gpus))
    for i, g in enumerate(gpus):
        bus = busids[i % len(busids)]
        busid = "00000000:%s:00.0" % bus
        used = g.get("mem_used", 0)
        out.append("GPU " + busid)
        out.append("    Product Name                          : " + product)
        out.append("    Product Brand                         : NVIDIA")
        out.append("    Product Architecture                  : " + ("Hopper" if "H100" in product else "Ampere"))
        out.append("    Display Mode                          : Enabled")
        out.append("    Display Active                        : Disabled")
        out.append("    Persistence Mode                      : Enabled")
        out.append("    Addressing Mode                       : None")
        out.append("    MIG Mode")
        out.append("        Current                           : Disabled")
        out.append("        Pending                           : Disabled")
        out.append("    Accounting Mode                       : Disabled")
        out.append("    Accounting Mode Buffer Size           : 4000")
        out.append("    Driver Model")
        out.append("        Current                           : N/A")
        out.append("        Pending                           : N/A")
        out.append("    Serial Number                         : 16549%08d" % rng.randint(0, 99999999))
        out.append("    GPU UUID                              : " + g.get("uuid", gpu_uuid(rng)))
        out.append("    Minor Number                          : %d" % i)
        out.append("    VBIOS Version                         : 96.00.89.00.01")
        out.append("    MultiGPU Board                        : No")
        out.append("    Board ID                              : 0x%s00" % bus.lower())
        out.append("    GPU Part Number                       : 2330-885-A1")
        out.append("    Module ID                             : %d" % (i + 1))
        out.append("    Inforom Version")
        out.append("        Image Version                     : G520.0200.00.05")
        out.append("        OEM Object                        : 2.1")
        out.append("        ECC Object                        : 7.16")
        out.append("        Power Management Object           : N/A")
        out.append("    GPU Virtualization Mode")
        out.append("        Virtualization Mode               : None")
        out.append("        Host VGPU Mode                    : N/A")
        out.append("    PCI")
        out.append("        Bus                               : 0x%s" % bus)
        out.append("        Device                            : 0x00")
        out.append("        Domain                            : 0x0000")
        out.append("        Device Id                         : 0x233010DE")
        out.append("        Bus Id                            : " + busid)
        out.append("        Sub System Id                     : 0x16C110DE")
        out.append("        GPU Link Info")
        out.append("            PCIe Generation")
        out.append("                Max                       : %d" % g.get("pcie_max_gen", 5))
        out.append("                Current                   : %d" % g.get("pcie_cur_gen", 5))
        out.append("                Device Current            : %d" % g.get("pcie_cur_gen", 5))
        out.append("                Device Max                : %d" % g.get("pcie_max_gen", 5))
        out.append("                Host Max                  : %d" % g.get("pcie_max_gen", 5))
        out.append("            Link Width")
        out.append("                Max                       : %dx" % g.get("width_max", 16))
        out.append("                Current                   : %dx" % g.get("width_cur", 16))
        out.append("        Bridge Chip")
        out.append("            Type                          : N/A")
        out.append("            Firmware                      : N/A")
        out.append("        Replays Since Reset               : %d" % g.get("replays", 0))
        out.append("        Replay Number Rollovers           : 0")
        out.append("        Tx Throughput                     : %d KB/s" % g.get("tx", rng.randint(900, 250000)))
        out.append("        Rx Throughput                     : %d KB/s" % g.get("rx", rng.randint(900, 250000)))
        out.append("        Atomic Caps Inbound               : N/A")
        out.append("        Atomic Caps Outbound              : N/A")
        out.append("    Fan Speed                             : N/A")
        out.append("    Performance State                     : P0")
        out.append("    Clocks Throttle Reasons" if legacy_throttle else "    Clocks Event Reasons")
        out.append("        Idle                              : " + _act(g.get("idle", False)))
        out.append("        Applications Clocks Setting       : Not Active")
        out.append("        SW Power Cap                      : " + _act(g.get("sw_power_cap", False)))
        hw_any = g.get("hw_slowdown", False) or g.get("hw_thermal", False) or g.get("hw_power_brake", False)
        out.append("        HW Slowdown                       : " + _act(hw_any))
        out.append("            HW Thermal Slowdown           : " + _act(g.get("hw_thermal", False)))
        out.append("            HW Power Brake Slowdown       : " + _act(g.get("hw_power_brake", False)))
        out.append("        Sync Boost                        : Not Active")
        out.append("        SW Thermal Slowdown               : " + _act(g.get("sw_thermal", False)))
        out.append("        Display Clock Setting             : Not Active")
        if not legacy_throttle:
            out.append("    Sparse Operation Mode                 : N/A")
        out.append("    FB Memory Usage")
        out.append("        Total                             : %d MiB" % total)
        out.append("        Reserved                          : 328 MiB")
        out.append("        Used                              : %d MiB" % used)
        out.append("        Free                              : %d MiB" % (total - 328 - used))
        out.append("    BAR1 Memory Usage")
        out.append("        Total                             : 131072 MiB")
        out.append("        Used                              : 1 MiB")
        out.append("        Free                              : 131071 MiB")
        out.append("    Conf Compute Protected Memory Usage")
        out.append("        Total                             : 0 MiB")
        out.append("        Used                              : 0 MiB")
        out.append("        Free                              : 0 MiB")
        out.append("    Compute Mode                          : Default")
        out.append("    Utilization")
        out.append("        Gpu                               : %d %%" % g.get("util", 100))
        out.append("        Memory                            : %d %%" % g.get("mem_util", rng.randint(28, 47)))
        out.append("        Encoder                           : 0 %")
        out.append("        Decoder                           : 0 %")
        out.append("        JPEG                              : 0 %")
        out.append("        OFA                               : 0 %")
        out.append("    Encoder Stats")
        out.append("        Active Sessions                   : 0")
        out.append("        Average FPS                       : 0")
        out.append("        Average Latency                   : 0")
        out.append("    FBC Stats")
        out.append("        Active Sessions                   : 0")
        out.append("        Average FPS                       : 0")
        out.append("        Average Latency                   : 0")
        out.append("    ECC Mode")
        out.append("        Current                           : Enabled")
        out.append("        Pending                           : Enabled")
        out.append("    ECC Errors")
        out.append("        Volatile")
        out.append("            SRAM Correctable              : %d" % g.get("sram_corr", 0))
        out.append("            SRAM Uncorrectable Parity     : 0")
        out.append("            SRAM Uncorrectable SEC-DED    : 0")
        out.append("            DRAM Correctable              : %d" % g.get("dram_corr_vol", 0))
        out.append("            DRAM Uncorrectable            : 0")
        out.append("        Aggregate")
        out.append("            SRAM Correctable              : %d" % g.get("sram_corr", 0))
        out.append("            SRAM Uncorrectable Parity     : 0")
        out.append("            SRAM Uncorrectable SEC-DED    : 0")
        out.append("            DRAM Correctable              : %d" % g.get("dram_corr_agg", g.get("dram_corr_vol", 0)))
        out.append("            DRAM Uncorrectable            : 0")
        out.append("            SRAM Threshold Exceeded       : No")
        out.append("        Aggregate Uncorrectable SRAM Sources")
        out.append("            SRAM L2                       : 0")
        out.append("            SRAM SM                       : 0")
        out.append("            SRAM Microcontroller          : 0")
        out.append("            SRAM PCIE                     : 0")
        out.append("            SRAM Other                    : 0")
        out.append("    Retired Pages")
        out.append("        Single Bit ECC                    : N/A")
        out.append("        Double Bit ECC                    : N/A")
        out.append("        Pending Page Blacklist            : N/A")
        out.append("    Remapped Rows")
        out.append("        Correctable Error                 : %d" % g.get("remap_corr", 0))
        out.append("        Uncorrectable Error               : %d" % g.get("remap_unc", 0))
        out.append("        Pending                           : " + ("Yes" if g.get("pending") else "No"))
        out.append("        Remapping Failure Occurred        : No")
        out.append("        Bank Remap Availability Histogram")
        out.append("            Max                           : %d bank(s)" % (2560 - g.get("remap_corr", 0) - g.get("remap_unc", 0)))
        out.append("            High                          : 0 bank(s)")
        out.append("            Partial                       : %d bank(s)" % (g.get("remap_corr", 0) + g.get("remap_unc", 0)))
        out.append("            Low                           : 0 bank(s)")
        out.append("            None                          : 0 bank(s)")
        out.append("    Temperature")
        out.append("        GPU Current Temp                  : %d C" % g.get("temp", 45))
        out.append("        GPU T.Limit Temp                  : %d C" % (87 - g.get("temp", 45)))
        out.append("        GPU Shutdown T.Limit Temp         : -5 C")
        out.append("        GPU Slowdown T.Limit Temp         : -2 C")
        out.append("        GPU Max Operating T.Limit Temp    : 0 C")
        out.append("        GPU Target Temperature            : N/A")
        out.append("        Memory Current Temp               : %d C" % g.get("mem_temp", g.get("temp", 45) + 9))
        out.append("        Memory Max Operating T.Limit Temp : 0 C")
        out.append("    GPU Power Readings")
        out.append("        Power Draw                        : %.2f W" % g.get("power", 600.0))
        out.append("        Current Power Limit               : %.2f W" % g.get("plimit", 700.0))
        out.append("        Requested Power Limit             : %.2f W" % g.get("plimit", 700.0))
        out.append("        Default Power Limit               : 700.00 W")
        out.append("        Min Power Limit                   : 200.00 W")
        out.append("        Max Power Limit                   : 700.00 W")
        out.append("    Module Power Readings")
        out.append("        Power Draw                        : N/A")
        out.append("        Current Power Limit               : N/A")
        out.append("        Requested Power Limit             : N/A")
        out.append("        Default Power Limit               : N/A")
        out.append("        Min Power Limit                   : N/A")
        out.append("        Max Power Limit                   : N/A")
        out.append("    Clocks")
        out.append("        Graphics                          : %d MHz" % g.get("sm", max_sm))
        out.append("        SM                                : %d MHz" % g.get("sm", max_sm))
        out.append("        Memory                            : %d MHz" % g.get("mem_clk", max_mem))
        out.append("        Video                             : %d MHz" % min(g.get("sm", max_sm), 1755))
        out.append("    Applications Clocks")
        out.append("        Graphics                          : %d MHz" % max_sm)
        out.append("        Memory                            : %d MHz" % max_mem)
        out.append("    Default Applications Clocks")
        out.append("        Graphics                          : %d MHz" % max_sm)
        out.append("        Memory                            : %d MHz" % max_mem)
        out.append("    Deferred Clocks")
        out.append("        Memory                            : N/A")
        out.append("    Max Clocks")
        out.append("        Graphics                          : %d MHz" % max_sm)
        out.append("        SM                                : %d MHz" % max_sm)
        out.append("        Memory                            : %d MHz" % max_mem)
        out.append("        Video                             : 1965 MHz")
        out.append("    Max Customer Boost Clocks")
        out.append("        Graphics                          : %d MHz" % max_sm)
        out.append("    Clock Policy")
        out.append("        Auto Boost                        : N/A")
        out.append("        Auto Boost Default                : N/A")
        out.append("    Voltage")
        out.append("        Graphics                          : %.3f mV" % g.get("volt", 920.0 + rng.randint(0, 80)))
        out.append("    Fabric")
        out.append("        State                             : Completed")
        out.append("        Status                            : Success")
        out.append("    Processes")
        procs = g.get("procs", [])
        if not procs:
            out.append("        None")
        for pid, name, mib in procs:
            out.append("        GPU instance ID                   : N/A")
            out.append("        Compute instance ID               : N/A")
            out.append("        Process ID                        : %d" % pid)
            out.append("            Type                          : C")
            out.append("            Name                          : %s" % name)
            out.append("            Used GPU Memory               : %d MiB" % mib)
        out.append("")
    return "\n".join(out) + "\n"


def nvsmi_table(t, gpus, driver="550.54.15", cuda="12.4", name="NVIDIA H100 80GB HBM3",
                busids=None, procs=None):
    """Default `nvidia-smi` view. gpus: dicts with temp, power, plimit, used, util."""
    busids = busids or H100_BUSIDS
    total = 81559 if "80GB" in name else 40960
    L = []
    L.append(t.strftime("%a %b %d %H:%M:%S %Y") + "       ")
    L.append("+-----------------------------------------------------------------------------------------+")
    L.append("| NVIDIA-SMI %-12s           Driver Version: %-12s   CUDA Version: %-5s    |" % (driver, driver, cuda))
    L.append("|-----------------------------------------+------------------------+----------------------+")
    L.append("| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |")
    L.append("| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |")
    L.append("|                                         |                        |               MIG M. |")
    L.append("|=========================================+========================+======================|")
    for i, g in enumerate(gpus):
        bus = busids[i % len(busids)]
        L.append("| %3d  %-24s  On  |   00000000:%s:00.0 Off |                    0 |" % (i, name[:24], bus))
        L.append("| N/A   %2dC    P0            %3dW /  %3dW |  %5dMiB /  %5dMiB |    %3d%%      Default |" % (
            g.get("temp", 45), g.get("power", 600), g.get("plimit", 700), g.get("used", 70000), total,
            g.get("util", 100)))
        L.append("|                                         |                        |             Disabled |")
        L.append("+-----------------------------------------+------------------------+----------------------+")
    L.append("                                                                                         ")
    L.append("+-----------------------------------------------------------------------------------------+")
    L.append("| Processes:                                                                              |")
    L.append("|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |")
    L.append("|        ID   ID                                                               Usage      |")
    L.append("|=========================================================================================|")
    for gi, pid, pname, mib in (procs or []):
        pn = pname if len(pname) <= 40 else "..." + pname[-37:]
        L.append("|  %4d   N/A  N/A   %8d      C   %-40s %6dMiB |" % (gi, pid, pn, mib))
    L.append("+-----------------------------------------------------------------------------------------+")
    return "\n".join(L) + "\n"


# ---------------------------------------------------------------- NCCL init flood

def nccl_init_lines(host, pid, tid, local_rank, rank, nranks, nnodes, ip, rng,
                    ib_devs=None, version="2.21.5+cuda12.4", comm=None, commid=None,
                    plugin_notice=True, gdr=True):
    ib_devs = ib_devs or ["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"]
    p = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, local_rank)
    q = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, local_rank)
    comm = comm or ("0x%s" % hexid(rng, 8))
    commid = commid or ("0x%s" % hexid(rng, 16))
    L = []
    L.append(p + "Bootstrap : Using bond0:%s<0>" % ip)
    if plugin_notice:
        L.append(p + "NET/Plugin: Failed to find ncclNetPlugin_v8 symbol.")
        L.append(p + "NET/Plugin: Loaded net plugin NCCL RDMA Plugin v7 (v7)")
        L.append(p + "NET/Plugin: Failed to find ncclCollNetPlugin_v8 symbol.")
        L.append(p + "NET/Plugin: Loaded coll plugin SHARP (v7)")
    L.append(p + "cudaDriverVersion 12040")
    if rank == 0:
        L.append("NCCL version " + version)
    L.append(q + "Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so")
    L.append(q + "P2P plugin IBext_v7")
    L.append(q + "NET/IB : Using " + " ".join("[%d]%s:1/IB" % (i, d) for i, d in enumerate(ib_devs))
             + " [RO]; OOB bond0:%s<0>" % ip)
    L.append(q + "Using non-device net plugin version 0")
    L.append(q + "Using network IBext_v7")
    L.append(q + "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId %s - Init START" % (
        comm, rank, nranks, local_rank, local_rank, H100_BUSIDS[local_rank % 8].lower(), commid))
    L.append(q + "Setting affinity for GPU %d to ffffffff,ffff0000,00000000" % local_rank)
    L.append(q + "NVLS multicast support is available on dev %d" % local_rank)
    L.append(q + "comm %s rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0" % (
        comm, rank, nranks, nnodes, nranks // max(nnodes, 1), local_rank))
    L.append(q + "NVLS Head  0:  0  8 16 24")
    L.append(q + "Trees [0] %d/-1/-1->%d->%d [1] %d/-1/-1->%d->%d" % (
        (rank + 1) % nranks, rank, (rank - 1) % nranks, (rank + 1) % nranks, rank, (rank - 1) % nranks))
    L.append(q + "P2P Chunksize set to 131072")
    nch = rng.choice([16, 24, 32])
    for c in range(min(nch, 8)):
        L.append(q + "Channel %02d/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read" % (
            c, rank, local_rank, (rank + 1) % nranks, (local_rank + 1) % 8))
    for c in range(min(nch, 4)):
        L.append(q + "Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/IBext_v7/%d%s" % (
            c, rank, local_rank, (rank + 8) % nranks, local_rank, c % len(ib_devs), "/GDRDMA" if gdr else ""))
    L.append(q + "Connected all rings")
    L.append(q + "Connected all trees")
    L.append(q + "NVLS comm %s headRank 0 nHeads 4 buffSize 1048576 memSize 2097152 nvlsPerRankSize 201326592 nvlsTotalSize 805306368" % comm)
    L.append(q + "Connected NVLS")
    L.append(q + "threadThresholds 8/8/64 | %d/8/64 | 512 | 512" % (nranks * 8))
    L.append(q + "%d coll channels, %d collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer" % (nch, nch))
    L.append(q + "TUNER/Plugin: Plugin load returned 11 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-tuner.so")
    L.append(q + "TUNER/Plugin: Using internal tuner plugin.")
    L.append(q + "ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId %s - Init COMPLETE" % (
        comm, rank, nranks, local_rank, local_rank, H100_BUSIDS[local_rank % 8].lower(), commid))
    return L


# ---------------------------------------------------------------- torchrun

def torchrun_header_glog(t, pid, nproc=8):
    t = t + td(microseconds=(pid * 7919) % 1000000)
    g = ts_glog(t)
    return [
        "W%s %d torch/distributed/run.py:793] " % (g, pid),
        "W%s %d torch/distributed/run.py:793] *****************************************" % (g, pid),
        "W%s %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (g, pid),
        "W%s %d torch/distributed/run.py:793] *****************************************" % (g, pid),
    ]


def torchrun_rdzv_result(t, pid, group_rank, nnodes, nproc, master, port=29500, restart=0):
    t = t + td(microseconds=(pid * 104729) % 1000000)
    g = ts_glog(t)
    base = group_rank * nproc
    world = nnodes * nproc
    lr = list(range(nproc))
    gr = [base + i for i in lr]
    return [
        "I%s %d torch/distributed/elastic/agent/server/api.py:525] [default] starting workers for entrypoint: python" % (g, pid),
        "I%s %d torch/distributed/elastic/agent/server/api.py:681] [default] Rendezvous'ing worker group" % (g, pid),
        "I%s %d torch/distributed/elastic/agent/server/api.py:525] [default] Rendezvous complete for workers. Result:" % (g, pid),
        "I%s %d torch/distributed/elastic/agent/server/api.py:525]   restart_count=%d" % (g, pid, restart),
        "I%s %d torch/distributed/elastic/agent/server/api.py:525]   master_addr=%s" % (g, pid, master),
        "I%s %d torch/distributed/elastic/agent/server/api.py:525]   master_port=%d" % (g, pid, port),
        "I%s %d torch/distributed/elastic/agent/server/api.py:525]   group_rank=%d" % (g, pid, group_rank),
        "I%s %d torch/distributed/elastic/agent/server/api.py:525]   group_world_size=%d" % (g, pid, nnodes),
        "I%s %d torch/distributed/elastic/agent/server/api.py:525]   local_ranks=%s" % (g, pid, lr),
        "I%s %d torch/distributed/elastic/agent/server/api.py:525]   role_ranks=%s" % (g, pid, gr),
        "I%s %d torch/distributed/elastic/agent/server/api.py:525]   global_ranks=%s" % (g, pid, gr),
        "I%s %d torch/distributed/elastic/agent/server/api.py:525]   role_world_sizes=%s" % (g, pid, [world] * nproc),
        "I%s %d torch/distributed/elastic/agent/server/api.py:525]   global_world_sizes=%s" % (g, pid, [world] * nproc),
        "I%s %d torch/distributed/elastic/agent/server/api.py:525] " % (g, pid),
        "I%s %d torch/distributed/elastic/agent/server/api.py:689] [default] Starting worker group" % (g, pid),
        "I%s %d torch/distributed/elastic/agent/server/local_elastic_agent.py:298] use_agent_store: True" % (g, pid),
        "I%s %d torch/distributed/elastic/agent/server/local_elastic_agent.py:192] Environment variable 'TORCHELASTIC_ENABLE_FILE_TIMER' not found. Do not start FileTimerServer." % (g, pid),
        "I%s %d torch/distributed/elastic/agent/server/local_elastic_agent.py:236] Environment variable 'TORCHELASTIC_HEALTH_CHECK_PORT' not found. Do not start health check." % (g, pid),
    ]


# ---------------------------------------------------------------- dmesg noise

def dmesg_boot_noise(rng, hostname, start_up=5.0, n=40):
    """Benign kernel lines with uptime stamps (list of (uptime, text))."""
    pool = [
        "nvidia-nvlink: Nvlink Core is being initialized, major device number 511",
        "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024",
        "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  550.54.15  Tue Mar  5 22:15:33 UTC 2024",
        "nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint.",
        "mlx5_core 0000:%02x:00.0: firmware version: 28.39.1002" % rng.randint(16, 250),
        "mlx5_core 0000:%02x:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)" % rng.randint(16, 250),
        "mlx5_ib: Mellanox Connect-IB Infiniband driver v5.8-3.0.7",
        "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none.",
        "IPv6: ADDRCONF(NETDEV_CHANGE): bond0: link becomes ready",
        "bond0: (slave ens21f0np0): Enslaving as a backup interface with an up link",
        "Lustre: Lustre: Build Version: 2.15.4_ddn12",
        "LNet: Added LNI 10.%d.%d.%d@o2ib [8/256/0/180]" % (rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254)),
        "audit: type=1400 audit(1710230000.123:2): apparmor=\"STATUS\" operation=\"profile_load\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid=1377 comm=\"apparmor_parser\"",
        "systemd-journald[712]: Received client request to flush runtime journal.",
        "nvidia-fabricmanager: Fabric Manager started successfully",
        "NFSD: Using UMH upcall client tracking operations.",
        "ACPI: button: Power Button [PWRF]",
        "ipmi_si IPI0001:00: IPMI kcs interface initialized",
        "nvme nvme0: 64/0/0 default/read/poll queues",
        "EDAC MC0: Giving out device to module skx_edac controller Skylake Socket#0 IMC#0: DEV 0000:7e:0c.0 (INTERRUPT)",
    ]
    order = list(pool)
    rng.shuffle(order)
    out = []
    u = start_up
    for i in range(n):
        u += rng.uniform(0.01, 3.0)
        out.append((u, order[i % len(order)]))
    return out


def render_dmesg(entries, style, boot_time=None, host="node"):
    """entries: list of (uptime_seconds, text). style: 'uptime', 'T', 'syslog', 'iso'."""
    L = []
    for up, text in entries:
        if style == "uptime":
            L.append("%s %s" % (ts_up(up), text))
        else:
            t = boot_time + td(seconds=up)
            if style == "T":
                L.append("%s %s" % (ts_dmesg_T(t), text))
            elif style == "syslog":
                L.append("%s %s kernel: %s" % (ts_syslog(t), host, text))
            elif style == "iso":
                L.append("%s %s kernel: %s" % (ts_iso(t), host, text))
    return "\n".join(L) + "\n"


# ---------------------------------------------------------------- ibstat

def ibstat(devs, rates=None, states=None, guid_seed=0):
    rates = rates or {}
    states = states or {}
    L = []
    for i, d in enumerate(devs):
        rate = rates.get(d, 400)
        st, ph = states.get(d, ("Active", "LinkUp"))
        L += [
            "CA '%s'" % d,
            "\tCA type: MT4129",
            "\tNumber of ports: 1",
            "\tFirmware version: 28.39.1002",
            "\tHardware version: 0",
            "\tNode GUID: 0x%016x" % (0x946dae0300a1b000 + guid_seed * 64 + i),
            "\tSystem image GUID: 0x%016x" % (0x946dae0300a1b000 + guid_seed * 64 + i),
            "\tPort 1:",
            "\t\tState: %s" % st,
            "\t\tPhysical state: %s" % ph,
            "\t\tRate: %d" % rate,
            "\t\tBase lid: %d" % (100 + guid_seed * 8 + i),
            "\t\tLMC: 0",
            "\t\tSM lid: 1",
            "\t\tCapability mask: 0xa751e848",
            "\t\tPort GUID: 0x%016x" % (0x946dae0300a1b000 + guid_seed * 64 + i),
            "\t\tLink layer: InfiniBand",
        ]
    return "\n".join(L) + "\n"


# ---------------------------------------------------------------- Megatron

def megatron_args_block(args):
    L = ["------------------------ arguments ------------------------"]
    for k in sorted(args):
        dots = "." * (48 - len(k))
        L.append("  %s %s %s" % (k, dots, args[k]))
    L.append("-------------------- end of arguments ---------------------")
    return L


def megatron_iter_line(t, it, total, consumed, ms, tflops, lr, gbs, loss, gnorm,
                       scale="1.0", skipped=0, nan=0, with_tflops=True):
    s = " [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f |" % (
        t.strftime("%Y-%m-%d %H:%M:%S"), it, total, consumed, ms)
    if with_tflops:
        s += " throughput per GPU (TFLOP/s/GPU): %.1f |" % tflops
    s += " learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: %s | grad norm: %.3f | number of skipped iterations: %3d | number of nan iterations: %3d |" % (
        lr, gbs, loss, scale, gnorm, skipped, nan)
    return s


def megatron_timers(vals):
    """vals: list of (name, min, max)."""
    L = ["(min, max) time across ranks (ms):"]
    for name, a, b in vals:
        dots = "." * (48 - len(name))
        L.append("    %s %s: (%.2f, %.2f)" % (name, dots, a, b))
    return L


def lr_at(it, peak=3e-4, warm=2000, total=500000, minlr=3e-5):
    import math
    if it < warm:
        return peak * it / warm
    frac = (it - warm) / max(1, (total - warm))
    return minlr + 0.5 * (peak - minlr) * (1 + math.cos(math.pi * min(1.0, frac)))


def loss_at(it, rng, start=10.8, floor=2.1):
    import math
    base = floor + (start - floor) * math.exp(-it / 900.0) + 0.35 * math.exp(-it / 9000.0)
    return base + rng.gauss(0, 0.012)


# ---------------------------------------------------------------- py-spy

def pyspy_dump(pid, cmd, pyver, threads):
    """threads: list of (tid, name, state, frames[list of 'func (file:line)'])."""
    L = ["Process %d: %s" % (pid, cmd), "Python %s" % pyver, ""]
    for tid, name, state, frames in threads:
        L.append("Thread %d (%s): \"%s\"" % (tid, state, name))
        for f in frames:
            L.append("    " + f)
        L.append("")
    return "\n".join(L)
