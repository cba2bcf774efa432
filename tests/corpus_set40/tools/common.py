"""Shared helpers for the corpus_set40 generator (stdlib only, deterministic).

Everything here formats text the way the real tools print it: PyTorch c10d
(glog-like) lines, Python logging, kubectl --timestamps, dmesg -T, dmesg
uptime, syslog / journald, NCCL INFO/WARN lines, torchrun (elastic) agent
output, nvidia-smi -q, and per-framework training progress lines.
"""
import datetime as _D
import random

UTC = _D.timezone.utc
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

# --------------------------------------------------------------------------
# Case container
# --------------------------------------------------------------------------


class Case:
    def __init__(self, name, seed):
        self.name = name
        self.files = {}
        self.label = None
        self.rng = random.Random(seed)

    def write(self, path, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text) + "\n"
        if path in self.files:
            raise ValueError("duplicate file %s in %s" % (path, self.name))
        self.files[path] = text

    def set_label(self, category, layer, node, rank, action, rationale, modelled_on):
        culprit = None
        if node is not None:
            culprit = {"node": node}
            if rank is not None:
                culprit["rank"] = rank
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }


# --------------------------------------------------------------------------
# Time helpers
# --------------------------------------------------------------------------


def T(s):
    """Parse 'YYYY-mm-dd HH:MM:SS[.ffffff]' as a naive UTC datetime."""
    fmt = "%Y-%m-%d %H:%M:%S.%f" if "." in s else "%Y-%m-%d %H:%M:%S"
    return _D.datetime.strptime(s, fmt)


def plus(t, seconds):
    return t + _D.timedelta(seconds=seconds)


def f_torch(t, level="E", rng=None):
    """c10d style used by torch>=2.3: E312 09:12:44.081233981 (month unpadded)."""
    ns = (t.microsecond * 1000) + (rng.randint(0, 999) if rng else 417)
    return "%s%d%02d %s.%09d" % (level, t.month, t.day, t.strftime("%H:%M:%S"), ns)


def f_glog(t, level="I"):
    """Classic glog header as printed by torch.distributed.elastic: E0312 09:12:44.081233."""
    return "%s%02d%02d %s.%06d" % (level, t.month, t.day, t.strftime("%H:%M:%S"), t.microsecond)


def f_py(t):
    return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (t.microsecond // 1000)


def f_iso(t, z="Z", digits=6):
    frac = "%06d" % t.microsecond
    return t.strftime("%Y-%m-%dT%H:%M:%S") + "." + frac[:digits] + z


def f_kts(t, rng):
    """kubectl logs --timestamps: RFC3339 with nanoseconds."""
    return t.strftime("%Y-%m-%dT%H:%M:%S") + ".%06d%03dZ" % (t.microsecond, rng.randint(0, 999))


def f_dmesg_T(t):
    return "[%s %s %2d %s %d]" % (DAYS[t.weekday()], MONS[t.month - 1], t.day, t.strftime("%H:%M:%S"), t.year)


def f_uptime(t, boot):
    secs = (t - boot).total_seconds()
    return "[%12.6f]" % secs


def f_syslog(t):
    return "%s %2d %s" % (MONS[t.month - 1], t.day, t.strftime("%H:%M:%S"))


def f_journal_iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S") + "+0000"


def f_accel(t):
    """transformers / accelerate logger default: 01/15/2025 10:22:31."""
    return t.strftime("%m/%d/%Y %H:%M:%S")


def f_nemo(t):
    return t.strftime("%Y-%m-%d %H:%M:%S")


def f_ctime(t):
    return "%s %s %2d %s %d" % (DAYS[t.weekday()], MONS[t.month - 1], t.day, t.strftime("%H:%M:%S"), t.year)


# --------------------------------------------------------------------------
# Hardware inventory helpers
# --------------------------------------------------------------------------

H100_BUS = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]
A100_BUS = ["07", "0F", "47", "4E", "87", "90", "B7", "BD"]
HCAS = ["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"]


def gpu_uuid(rng):
    h = "%032x" % rng.getrandbits(128)
    return "GPU-%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:32])


def smi_q(t, gpus, driver="550.90.07", cuda="12.4", product="NVIDIA H100 80GB HBM3", rng=None, bus=None):
    """Render `nvidia-smi -q`.  gpus: list of dicts with optional overrides."""
    rng = rng or random.Random(1)
    bus = bus or H100_BUS
    arch = "Hopper" if "H100" in product else "Ampere"
    total = 81559 if "80GB" in product else 40960
    out = [
        "",
        "==============NVSMI LOG==============",
        "",
        "Timestamp                                 : %s" % f_ctime(t),
        "Driver Version                            : %s" % driver,
        "CUDA Version                              : %s" % cuda,
        "",
        "Attached GPUs                             : %d" % len(gpus),
    ]
    for i, g in enumerate(gpus):
        b = bus[i]
        busid = "00000000:%s:00.0" % b
        if g.get("lost"):
            out += ["GPU %s" % busid, "    Unable to determine the device handle for GPU %s: Unknown Error" % busid, ""]
            continue
        ecc = g.get("ecc", {})
        rr = g.get("remap", {})
        out += [
            "GPU %s" % busid,
            "    Product Name                          : %s" % product,
            "    Product Brand                         : NVIDIA",
            "    Product Architecture                  : %s" % arch,
            "    Display Mode                          : Enabled",
            "    Display Active                        : Disabled",
            "    Persistence Mode                      : Enabled",
            "    Addressing Mode                       : None",
            "    MIG Mode",
            "        Current                           : Disabled",
            "        Pending                           : Disabled",
            "    Accounting Mode                       : Disabled",
            "    Driver Model",
            "        Current                           : N/A",
            "        Pending                           : N/A",
            "    Serial Number                         : 16520230%05d" % rng.randint(0, 99999),
            "    GPU UUID                              : %s" % gpu_uuid(rng),
            "    Minor Number                          : %d" % i,
            "    VBIOS Version                         : 96.00.89.00.01",
            "    MultiGPU Board                        : No",
            "    GPU Part Number                       : 2330-885-A1",
            "    Module ID                             : %d" % (i + 1),
            "    Inforom Version",
            "        Image Version                     : G520.0200.00.05",
            "        OEM Object                        : 2.1",
            "        ECC Object                        : 7.16",
            "        Power Management Object           : N/A",
            "    GPU Virtualization Mode",
            "        Virtualization Mode               : None",
            "        Host VGPU Mode                    : N/A",
            "    PCI",
            "        Bus                               : 0x%s" % b,
            "        Device                            : 0x00",
            "        Domain                            : 0x0000",
            "        Device Id                         : 0x233010DE",
            "        Bus Id                            : %s" % busid,
            "        Sub System Id                     : 0x16C110DE",
            "        GPU Link Info",
            "            PCIe Generation",
            "                Max                       : 5",
            "                Current                   : %s" % g.get("pcie_gen", "5"),
            "                Device Current            : %s" % g.get("pcie_gen", "5"),
            "                Device Max                : 5",
            "                Host Max                  : 5",
            "            Link Width",
            "                Max                       : 16x",
            "                Current                   : %s" % g.get("width", "16x"),
            "        Bridge Chip",
            "            Type                          : N/A",
            "            Firmware                      : N/A",
            "        Replays Since Reset               : %d" % g.get("replays", 0),
            "        Replay Number Rollovers           : 0",
            "        Tx Throughput                     : %d KB/s" % g.get("tx", rng.randint(300, 900)),
            "        Rx Throughput                     : %d KB/s" % g.get("rx", rng.randint(300, 900)),
            "        Atomic Caps Inbound               : N/A",
            "        Atomic Caps Outbound              : N/A",
            "    Fan Speed                             : N/A",
            "    Performance State                     : P0",
            "    Clocks Event Reasons",
            "        Idle                              : Not Active",
            "        Applications Clocks Setting       : Not Active",
            "        SW Power Cap                      : %s" % g.get("sw_power", "Not Active"),
            "        HW Slowdown                       : %s" % g.get("hw_slow", "Not Active"),
            "            HW Thermal Slowdown           : %s" % g.get("hw_thermal", "Not Active"),
            "            HW Power Brake Slowdown       : Not Active",
            "        Sync Boost                        : Not Active",
            "        SW Thermal Slowdown               : %s" % g.get("sw_thermal", "Not Active"),
            "        Display Clock Setting             : Not Active",
            "    FB Memory Usage",
            "        Total                             : %d MiB" % total,
            "        Reserved                          : 328 MiB",
            "        Used                              : %d MiB" % g.get("used", 0),
            "        Free                              : %d MiB" % (total - 328 - g.get("used", 0)),
            "    BAR1 Memory Usage",
            "        Total                             : 131072 MiB",
            "        Used                              : 1 MiB",
            "        Free                              : 131071 MiB",
            "    Compute Mode                          : Default",
            "    Utilization",
            "        Gpu                               : %d %%" % g.get("util", 0),
            "        Memory                            : %d %%" % g.get("mutil", 0),
            "        Encoder                           : 0 %",
            "        Decoder                           : 0 %",
            "    ECC Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : %d" % ecc.get("v_sram_ce", 0),
            "            SRAM Uncorrectable Parity     : %d" % ecc.get("v_sram_par", 0),
            "            SRAM Uncorrectable SEC-DED    : %d" % ecc.get("v_sram_ue", 0),
            "            DRAM Correctable              : %d" % ecc.get("v_dram_ce", 0),
            "            DRAM Uncorrectable            : %d" % ecc.get("v_dram_ue", 0),
            "        Aggregate",
            "            SRAM Correctable              : %d" % ecc.get("a_sram_ce", 0),
            "            SRAM Uncorrectable Parity     : %d" % ecc.get("a_sram_par", 0),
            "            SRAM Uncorrectable SEC-DED    : %d" % ecc.get("a_sram_ue", 0),
            "            DRAM Correctable              : %d" % ecc.get("a_dram_ce", 0),
            "            DRAM Uncorrectable            : %d" % ecc.get("a_dram_ue", 0),
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
            "        Correctable Error                 : %d" % rr.get("ce", 0),
            "        Uncorrectable Error               : %d" % rr.get("ue", 0),
            "        Pending                           : %s" % rr.get("pending", "No"),
            "        Remapping Failure Occurred        : %s" % rr.get("failure", "No"),
            "        Bank Remap Availability Histogram",
            "            Max                           : %d bank(s)" % rr.get("max", 2560),
            "            High                          : 0 bank(s)",
            "            Partial                       : %d bank(s)" % rr.get("partial", 0),
            "            Low                           : 0 bank(s)",
            "            None                          : 0 bank(s)",
            "    Temperature",
            "        GPU Current Temp                  : %d C" % g.get("temp", rng.randint(36, 48)),
            "        GPU T.Limit Temp                  : %d C" % g.get("tlimit", rng.randint(38, 47)),
            "        GPU Shutdown T.Limit Temp         : -8 C",
            "        GPU Slowdown T.Limit Temp         : -2 C",
            "        GPU Max Operating T.Limit Temp    : 0 C",
            "        GPU Target Temperature            : N/A",
            "        Memory Current Temp               : %d C" % g.get("mtemp", rng.randint(44, 58)),
            "        Memory Max Operating T.Limit Temp : 0 C",
            "    GPU Power Readings",
            "        Power Draw                        : %.2f W" % g.get("power", rng.uniform(560, 690)),
            "        Current Power Limit               : %.2f W" % g.get("plimit", 700.0),
            "        Requested Power Limit             : 700.00 W",
            "        Default Power Limit               : 700.00 W",
            "        Min Power Limit                   : 200.00 W",
            "        Max Power Limit                   : 700.00 W",
            "    Clocks",
            "        Graphics                          : %d MHz" % g.get("clk", 1980),
            "        SM                                : %d MHz" % g.get("clk", 1980),
            "        Memory                            : 2619 MHz",
            "        Video                             : 1545 MHz",
            "    Applications Clocks",
            "        Graphics                          : 1980 MHz",
            "        Memory                            : 2619 MHz",
            "    Max Clocks",
            "        Graphics                          : 1980 MHz",
            "        SM                                : 1980 MHz",
            "        Memory                            : 2619 MHz",
            "        Video                             : 1545 MHz",
            "    Processes",
        ]
        procs = g.get("procs", [])
        if not procs:
            out.append("        None")
        for pid, name, mem in procs:
            out += [
                "        GPU instance ID                   : N/A",
                "        Compute instance ID               : N/A",
                "        Process ID                        : %d" % pid,
                "            Type                          : C",
                "            Name                          : %s" % name,
                "            Used GPU Memory               : %d MiB" % mem,
            ]
        out.append("")
    return out


def smi_table(t, driver, cuda, gpus, product="NVIDIA H100 80GB HBM3", bus=None):
    """Plain `nvidia-smi` table. gpus: list of (temp, power, used_mib, util)."""
    bus = bus or H100_BUS
    short = product.replace("NVIDIA ", "")[:20]
    out = [
        f_ctime(t),
        "+-----------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI %-18s Driver Version: %-14s CUDA Version: %-9s|" % (driver, driver, cuda),
        "|-----------------------------------------+------------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
        "|                                         |                        |               MIG M. |",
        "|=========================================+========================+======================|",
    ]
    for i, (temp, pw, used, util) in enumerate(gpus):
        out += [
            "|   %d  %-20s    On  |   00000000:%s:00.0 Off |                    0 |" % (i, short, bus[i]),
            "| N/A   %2dC    P0            %3dW /  700W |  %6dMiB /  81559MiB |    %3d%%      Default |" % (temp, pw, used, util),
            "|                                         |                        |             Disabled |",
            "+-----------------------------------------+------------------------+----------------------+",
        ]
    out += [
        "",
        "+-----------------------------------------------------------------------------------------+",
        "| Processes:                                                                              |",
        "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
        "|        ID   ID                                                               Usage      |",
        "|=========================================================================================|",
        "|  No running processes found                                                             |",
        "+-----------------------------------------------------------------------------------------+",
    ]
    return out


# --------------------------------------------------------------------------
# Kernel log noise
# --------------------------------------------------------------------------

BOOT_NOISE = [
    "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024",
    "Command line: BOOT_IMAGE=/boot/vmlinuz-5.15.0-105-generic root=UUID=3c1e0f8a-7d0e-4b0e-9a39-1f2d6c0b8e11 ro iommu=pt pci=realloc=off",
    "x86/fpu: Supporting XSAVE feature 0x001: 'x87 floating point registers'",
    "BIOS-provided physical RAM map:",
    "DMI: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 01/23/2024",
    "ACPI: SRAT 0x000000006F5D6000 0030F0 (v03 SUPERM SMCI--MB 01072009 AMI  01000013)",
    "smpboot: Allowing 224 CPUs, 0 hotplug CPUs",
    "Memory: 2113540148K/2147236036K available (16393K kernel code, 4384K rwdata, 10884K rodata, 3200K init, 18764K bss, 33695888K reserved, 0K cma-reserved)",
    "pci 0000:18:00.0: [10de:2330] type 00 class 0x030200",
    "mlx5_core 0000:1a:00.0: firmware version: 28.39.1002",
    "mlx5_core 0000:1a:00.0: 400.000 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)",
    "nvidia: loading out-of-tree module taints kernel.",
    "nvidia-nvlink: Nvlink Core is being initialized, major device number 235",
    "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024",
    "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  550.90.07  Fri May 31 09:30:47 UTC 2024",
    "[drm] [nvidia-drm] [GPU ID 0x00001800] Loading driver",
    "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.",
    "mlx5_core 0000:1a:00.0 ibp26s0: renamed from ib0",
    "IPv6: ADDRCONF(NETDEV_CHANGE): ibp26s0: link becomes ready",
    "nvidia-fabricmanager: Fabric Manager running",
    "Lustre: Lustre: Build Version: 2.15.4",
    "Lustre: Mounted scratch-client",
]

RUN_NOISE = [
    "audit: type=1400 audit(%d.123:%d): apparmor=\"STATUS\" operation=\"profile_replace\" info=\"same as current profile, skipping\" profile=\"unconfined\" name=\"/usr/bin/man\" pid=%d comm=\"apparmor_parser\"",
    "IPv4: martian source 10.255.255.255 from 10.1.0.4, on dev eno1",
    "perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
    "hrtimer: interrupt took 21234 ns",
    "nvidia-uvm: Loaded the UVM driver, major device number 509.",
    "NVRM: GPU at PCI:0000:%s:00: GPU-%08x-c0de-4a1b-9f2e-00%010x",
    "systemd-journald[1023]: Data hash table of /var/log/journal/9b1e.../system.journal has a fill level at 75.0 (8535 of 11377 items, 6553600 file size, 767 bytes per hash table item), suggesting rotation.",
]


def boot_noise(rng, n=12):
    return list(BOOT_NOISE[: max(6, min(n, len(BOOT_NOISE)))])


# --------------------------------------------------------------------------
# NCCL lines
# --------------------------------------------------------------------------


def nccl_prefix(host, pid, tid, dev):
    return "%s:%d:%d [%d]" % (host, pid, tid, dev)


def nccl_init(host, ip, ifname, node_rank, nnodes, pids, rng, version="2.21.5", cuda="12.4",
              plugin=True, show_version=False, gpus=8, busids=None, hcas=None, extra_warn=None):
    """Lines emitted by NCCL_DEBUG=INFO during communicator init on one node."""
    busids = busids or [b.lower() + "000" for b in H100_BUS]
    hcas = hcas or HCAS
    nranks = nnodes * gpus
    out = []
    comm = rng.getrandbits(48)
    commid = rng.getrandbits(64)
    for lr in range(gpus):
        p = pids[lr]
        pre = nccl_prefix(host, p, p, lr)
        out.append("%s NCCL INFO Bootstrap : Using %s:%s<0>" % (pre, ifname, ip))
        if plugin:
            out.append("%s NCCL INFO NET/Plugin: Plugin load (libnccl-net.so) returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory" % pre)
            out.append("%s NCCL INFO NET/Plugin: No plugin found, using internal implementation" % pre)
        out.append("%s NCCL INFO cudaDriverVersion %s" % (pre, cuda.replace(".", "0") + "0"))
        if show_version and lr == 0 and node_rank == 0:
            out.append("NCCL version %s+cuda%s" % (version, cuda))
    for lr in range(gpus):
        p = pids[lr]
        tid = p + 37 + lr
        pre = nccl_prefix(host, p, tid, lr)
        ibs = " ".join("[%d]%s:1/IB" % (k, h) for k, h in enumerate(hcas))
        out.append("%s NCCL INFO NET/IB : Using %s [RO]; OOB %s:%s<0>" % (pre, ibs, ifname, ip))
        out.append("%s NCCL INFO Using non-device net plugin version 0" % pre)
        out.append("%s NCCL INFO Using network IB" % pre)
        if extra_warn and lr == 0:
            out.append("%s %s" % (pre, extra_warn))
        out.append("%s NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x%x - Init START"
                   % (pre, comm + lr * 0x2a0, node_rank * gpus + lr, nranks, lr, lr, busids[lr], commid))
    for lr in range(gpus):
        p = pids[lr]
        tid = p + 37 + lr
        pre = nccl_prefix(host, p, tid, lr)
        out.append("%s NCCL INFO Setting affinity for GPU %d to ffffffff,ffffffff,ffffffff" % (pre, lr))
        out.append("%s NCCL INFO NVLS multicast support is available on dev %d" % (pre, lr))
        out.append("%s NCCL INFO comm 0x%x rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0"
                   % (pre, comm + lr * 0x2a0, node_rank * gpus + lr, nranks, nnodes, gpus, lr))
        out.append("%s NCCL INFO Channel 00/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA"
                   % (pre, node_rank * gpus + lr, lr, ((node_rank + 1) % nnodes) * gpus + lr, lr, lr))
        out.append("%s NCCL INFO Connected all rings" % pre)
        out.append("%s NCCL INFO Connected all trees" % pre)
        out.append("%s NCCL INFO threadThresholds 8/8/64 | 512/8/64 | 512 | 512" % pre)
        out.append("%s NCCL INFO 32 coll channels, 32 collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer" % pre)
        out.append("%s NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x%x - Init COMPLETE"
                   % (pre, comm + lr * 0x2a0, node_rank * gpus + lr, nranks, lr, lr, busids[lr], commid))
    return out


# --------------------------------------------------------------------------
# c10d watchdog / errors
# --------------------------------------------------------------------------

TORCH_LIB = "/usr/local/lib/python3.10/dist-packages/torch/lib"


def frames_timeout(lib=TORCH_LIB, base=0x7f3a):
    return [
        "Exception raised from checkTimeout at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:632 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x%x1c2b6f86 in %s/libc10.so)" % (base, lib),
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x2b4 (0x%x1d9e9c74 in %s/libtorch_cuda.so)" % (base, lib),
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x890 (0x%x1d9eb7d0 in %s/libtorch_cuda.so)" % (base, lib),
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x%x1d9ed6ed in %s/libtorch_cuda.so)" % (base, lib),
        "frame #4: <unknown function> + 0xdc253 (0x%x6a2dc253 in /lib/x86_64-linux-gnu/libstdc++.so.6)" % base,
        "frame #5: <unknown function> + 0x94ac3 (0x%x6af94ac3 in /lib/x86_64-linux-gnu/libc.so.6)" % base,
        "frame #6: <unknown function> + 0x126850 (0x%x6b026850 in /lib/x86_64-linux-gnu/libc.so.6)" % base,
        "",
    ]


def watchdog_timeout(rank, t, rng, seq, op="ALLREDUCE", numel=None, timeout_ms=600000, pg="0", pgdesc="0(default_pg)",
                     full=True, prefix=True):
    """Lines a rank prints when the NCCL watchdog fires (torch 2.4/2.5 wording)."""
    numel = numel if numel is not None else rng.choice([1, 8, 127926272, 262144000, 524288000])
    ran = timeout_ms + rng.randint(3, 95)
    pre = "[rank%d]:" % rank if prefix else ""
    ts = lambda dt: f_torch(dt, "E", rng)
    msg = ("[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
           % (rank, seq, op, numel, numel, timeout_ms, ran))
    out = [
        "%s[%s ProcessGroupNCCL.cpp:616] %s" % (pre, ts(t), msg),
        "%s[%s ProcessGroupNCCL.cpp:1785] [PG ID %s PG GUID %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
        % (pre, ts(plus(t, 0.0004)), pg, pgdesc, rank, seq, seq + rng.randint(0, 2), seq - 1),
    ]
    if not full:
        return out
    out += [
        "%s[%s ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (pre, ts(plus(t, 0.0006)), rank),
        "%s[%s ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (pre, ts(plus(t, 0.0007)), rank),
        "%s[%s ProcessGroupNCCL.cpp:1595] [PG ID %s PG GUID %s Rank %d] Process group watchdog thread terminated with exception: %s" % (pre, ts(plus(t, 0.0011)), pg, pgdesc, rank, msg),
    ]
    out += frames_timeout()
    out += [
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID %s PG GUID %s Rank %d] Process group watchdog thread terminated with exception: %s" % (pg, pgdesc, rank, msg),
    ]
    return out


def cuda_error_watchdog(rank, t, rng, err, pg="0", pgdesc="0(default_pg)"):
    pre = "[rank%d]:" % rank
    out = [
        "%s[%s ProcessGroupNCCL.cpp:1595] [PG ID %s PG GUID %s Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s"
        % (pre, f_torch(t, "E", rng), pg, pgdesc, rank, err),
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
        "Exception raised from c10_cuda_check_implementation at /opt/pytorch/pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f0c8a36cf86 in %s/libc10.so)" % TORCH_LIB,
        "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f0c8a31bd10 in %s/libc10.so)" % TORCH_LIB,
        "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f0c8a6d2f08 in %s/libc10_cuda.so)" % TORCH_LIB,
        "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f0c8b5e3a76 in %s/libtorch_cuda.so)" % TORCH_LIB,
        "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (0x7f0c8b5e8b60 in %s/libtorch_cuda.so)" % TORCH_LIB,
        "frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da (0x7f0c8b5eb11a in %s/libtorch_cuda.so)" % TORCH_LIB,
        "frame #6: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f0c8b5ed6ed in %s/libtorch_cuda.so)" % TORCH_LIB,
        "frame #7: <unknown function> + 0xdc253 (0x7f0cd72dc253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #8: <unknown function> + 0x94ac3 (0x7f0cd7f94ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #9: <unknown function> + 0x126850 (0x7f0cd8026850 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID %s PG GUID %s Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (pg, pgdesc, rank, err),
    ]
    return out


def remote_error(rank, t, rng, host_peer, last_error, collective="ALLREDUCE", version="2.21.5"):
    """DistBackendError raised in the main thread when NCCL reports ncclRemoteError."""
    pre = "[rank%d]:" % rank
    return [
        "%s Traceback (most recent call last):" % pre,
        "%s   File \"/workspace/train.py\", line 412, in <module>" % pre,
        "%s     main()" % pre,
        "%s   File \"/workspace/train.py\", line 388, in main" % pre,
        "%s     loss = train_step(model, batch, optimizer)" % pre,
        "%s   File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py\", line 83, in wrapper" % pre,
        "%s     return func(*args, **kwargs)" % pre,
        "%s   File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py\", line 2501, in all_reduce" % pre,
        "%s     work.wait()" % pre,
        "%s torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:317, remote process exited or there was a network error, NCCL version %s" % (pre, version),
        "%s ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % pre,
        "%s Last error:" % pre,
        "%s %s" % (pre, last_error),
    ]


def torchrun_rdzv(t, host, group_rank, nnodes, nproc, master, port=29500, run_id="ak", level_prefix=True):
    ranks = list(range(group_rank * nproc, (group_rank + 1) * nproc))
    head = "%s %d torch/distributed/elastic/agent/server/api.py:525]" % (f_glog(t, "I"), 1000 + group_rank)
    return [
        "W%s %d torch/distributed/run.py:793] " % (f_glog(t, "W")[1:], 1000 + group_rank),
        "W%s %d torch/distributed/run.py:793] *****************************************" % (f_glog(t, "W")[1:], 1000 + group_rank),
        "W%s %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (f_glog(t, "W")[1:], 1000 + group_rank),
        "W%s %d torch/distributed/run.py:793] *****************************************" % (f_glog(t, "W")[1:], 1000 + group_rank),
        "%s [default] Starting worker group" % head,
        "%s [default] Rendezvous complete for workers. Result:" % head,
        "  restart_count=0",
        "  master_addr=%s" % master,
        "  master_port=%d" % port,
        "  group_rank=%d" % group_rank,
        "  group_world_size=%d" % nnodes,
        "  local_ranks=%s" % list(range(nproc)),
        "  role_ranks=%s" % ranks,
        "  global_ranks=%s" % ranks,
        "  role_world_sizes=%s" % ([nnodes * nproc] * nproc),
        "  global_world_sizes=%s" % ([nnodes * nproc] * nproc),
        "",
    ]


def child_failed(t, script, host, rank, local_rank, exitcode, pid, tb=None, others=None, binary="/usr/bin/python"):
    sig = {-9: "Signal 9 (SIGKILL) received by PID %d", -6: "Signal 6 (SIGABRT) received by PID %d",
           -15: "Signal 15 (SIGTERM) received by PID %d", -7: "Signal 7 (SIGBUS) received by PID %d",
           -11: "Signal 11 (SIGSEGV) received by PID %d"}
    if tb is None:
        tb = sig[exitcode] % pid if exitcode in sig else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
    out = [
        "%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s"
        % (f_glog(t, "E"), 2000 + local_rank, exitcode, local_rank, pid, binary),
        "Traceback (most recent call last):",
        "  File \"/usr/local/bin/torchrun\", line 8, in <module>",
        "    sys.exit(main())",
        "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py\", line 355, in wrapper",
        "    return f(*args, **kwargs)",
        "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py\", line 919, in main",
        "    run(args)",
        "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py\", line 910, in run",
        "    elastic_launch(",
        "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py\", line 138, in __call__",
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py\", line 269, in launch_agent",
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "%s FAILED" % script,
        "------------------------------------------------------------",
        "Failures:",
    ]
    if not others:
        out.append("  <NO_OTHER_FAILURES>")
    else:
        for i, (r, lr, ec, p, ot) in enumerate(others, 1):
            out += [
                "[%d]:" % i,
                "  time      : %s" % ot.strftime("%Y-%m-%d_%H:%M:%S"),
                "  host      : %s" % host,
                "  rank      : %d (local_rank: %d)" % (r, lr),
                "  exitcode  : %d (pid: %d)" % (ec, p),
                "  error_file: <N/A>",
                "  traceback : %s" % (sig[ec] % p if ec in sig else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"),
            ]
    out += [
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
        "  host      : %s" % host,
        "  rank      : %d (local_rank: %d)" % (rank, local_rank),
        "  exitcode  : %d (pid: %d)" % (exitcode, pid),
        "  error_file: <N/A>",
        "  traceback : %s" % tb,
        "============================================================",
    ]
    return out


def sigterm_lines(t, pids, agent_pid=2100):
    return ["%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM"
            % (f_glog(plus(t, 0.001 * i), "W"), agent_pid, p) for i, p in enumerate(pids)]


# --------------------------------------------------------------------------
# Training progress lines
# --------------------------------------------------------------------------


def megatron_iter(t, it, total, loss, ms, lr, gbs=1024, grad=None, scale=1.0, skipped=0, nan=0, seq=4096):
    grad = grad if grad is not None else 0.0
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | "
            "loss scale: %.1f | grad norm: %.3f | number of skipped iterations: %3d | number of nan iterations: %3d |"
            % (t.strftime("%Y-%m-%d %H:%M:%S"), it, total, it * gbs, ms, 1450.0 * 1000 / max(ms, 1) * 0.28, lr, gbs, loss,
               scale, grad, skipped, nan))


def ds_step(t, step, loss, lr, it_s, rank=0, sps=None):
    return [
        "[%s] [INFO] [logging.py:128:log_dist] [Rank %d] step=%d, skipped=0, lr=[%.6e], mom=[(0.9, 0.95)]" % (f_py(t), rank, step, lr),
        "[%s] [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.2f, CurrSamplesPerSec=%.2f, MemAllocated=31.27GB, MaxMemAllocated=58.9GB"
        % (f_py(plus(t, 0.002)), step * 4, step, sps or 256 / it_s, (sps or 256 / it_s) * 0.99),
        "steps: %d loss: %.4f iter time (s): %.3f samples/sec: %.3f" % (step, loss, it_s, 256 / it_s),
    ]


def titan_step(t, rank, step, loss, mem, tps, tflops, mfu, grad=None):
    g = "  grad_norm: %.4f" % grad if grad is not None else ""
    return ("[rank%d]:[titan] %s - root - INFO - step: %d  loss: %7.4f%s  memory: %.2fGiB(%.2f%%)  tps: %s  tflops: %.2f  mfu: %.2f%%"
            % (rank, f_py(t), step, loss, g, mem, mem / 79.1 * 100, "{:,}".format(tps), tflops, mfu))


def nemo_line(t, level, module, line, msg):
    return "[NeMo %s %s %s:%d] %s" % (level, f_nemo(t), module, line, msg)


def bar(frac, width=10):
    full = int(frac * width)
    return "\u2588" * full + " " * (width - full)


def smooth_loss(rng, step, start=3.2, floor=1.9, tau=4000.0, noise=0.03):
    import math
    return floor + (start - floor) * math.exp(-step / tau) + rng.uniform(-noise, noise)
