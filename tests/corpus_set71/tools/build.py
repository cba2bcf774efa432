#!/usr/bin/env python3
"""Build blind corpus set 71: jobs restarted 2 to 5 times (attempt_N/ directories).

Stdlib only, deterministic (fixed seeds, fixed timestamps, no network, no wall clock).
Writes every case under $CORPUS_OUT (default ./out) and validates every label.
"""
import json
import os
import random
import sys
from datetime import datetime, timedelta

OUT = os.environ.get("CORPUS_OUT", "./out")

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "oom",
              "hang", "straggler", "numerical", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}

BUNDLES = []


def D(s):
    """Parse a fixed timestamp 'YYYY-mm-dd HH:MM:SS'."""
    return datetime.strptime(s, "%Y-%m-%d %H:%M:%S")


def S(sec):
    return timedelta(seconds=sec)


# ---------------------------------------------------------------- bundle / logs

class Bundle:
    def __init__(self, name, seed):
        self.name = name
        self.rng = random.Random(seed)
        self.files = {}
        self.label = None

    def put(self, path, content):
        if isinstance(content, (list, tuple)):
            content = "\n".join(content) + "\n"
        if path in self.files:
            raise SystemExit("%s: duplicate file %s" % (self.name, path))
        self.files[path] = content

    def set_label(self, category, layer, node, rank, action, rationale, url):
        culprit = None if node is None else {"node": node, "rank": rank}
        self.label = {"category": category, "layer": layer, "culprit": culprit,
                      "action": action, "rationale": rationale, "modelled_on": url}


class Log:
    """Lines with a sort key (time, insertion order)."""

    def __init__(self):
        self.items = []

    def add(self, t, line):
        self.items.append((t, len(self.items), line))

    def addl(self, t, lines, step=0.0):
        for i, l in enumerate(lines):
            self.add(t + S(step * i), l)

    def render(self):
        return [x[2] for x in sorted(self.items, key=lambda x: (x[0], x[1]))]

    def __len__(self):
        return len(self.items)


# ---------------------------------------------------------------- time formats

def f_agent(t):  # 2024-05-14 03:12:45,123
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def f_glog(t, sev="I"):  # I0514 03:12:45.123000
    return "%s%02d%02d %s.%06d" % (sev, t.month, t.day, t.strftime("%H:%M:%S"), t.microsecond)


def f_c10(t, sev="E", salt=0):  # E514 03:12:45.123456789
    ns = t.microsecond * 1000 + (salt * 7919) % 1000
    return "%s%d %s.%09d" % (sev, t.month * 100 + t.day, t.strftime("%H:%M:%S"), ns)


def f_dmesgT(t):  # Tue May 14 03:12:31 2024
    return t.strftime("%a %b ") + "%2d" % t.day + t.strftime(" %H:%M:%S %Y")


def f_journal(t):  # May 14 03:12:31
    return t.strftime("%b ") + "%2d" % t.day + t.strftime(" %H:%M:%S")


def f_iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def f_ms(t):
    return t.strftime("%Y-%m-%d %H:%M:%S.") + "%03d" % (t.microsecond // 1000)


def f_ctime(t):
    return t.strftime("%a %b ") + "%2d" % t.day + t.strftime(" %H:%M:%S %Y")


# ---------------------------------------------------------------- hardware constants

HGX_BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
A100_BUS = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]
QUAD_BUS = ["01", "41", "81", "c1"]

GPU_MODELS = {
    "h100": ("NVIDIA H100 80GB HBM3", 81559, 700, "Hopper"),
    "a100": ("NVIDIA A100-SXM4-80GB", 81920, 400, "Ampere"),
    "a100_40": ("NVIDIA A100-SXM4-40GB", 40960, 400, "Ampere"),
    "h200": ("NVIDIA H200", 143771, 700, "Hopper"),
}


def xid(bus, code, pid, name, msg):
    if pid is None:
        return "NVRM: Xid (PCI:0000:%s:00): %d, pid='<unknown>', name=<unknown>, %s" % (bus, code, msg)
    return "NVRM: Xid (PCI:0000:%s:00): %d, pid=%d, name=%s, %s" % (bus, code, pid, name, msg)


def dm(t, msg):
    return "[%s] %s" % (f_dmesgT(t), msg)


def jk(t, host, msg, proc="kernel"):
    return "%s %s %s: %s" % (f_journal(t), host, proc, msg)


def dmesg_boot(host, tb, rng, gpus=8, bus=HGX_BUS, driver="550.54.15", hca=("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"),
               kernel="5.15.0-105-generic", n_noise=40):
    """Benign dmesg -T lines from a boot plus some later noise. Returns (t, line) pairs."""
    out = []
    t = tb
    lines = [
        "Linux version %s (buildd@lcy02-amd64-013) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP" % kernel,
        "Command line: BOOT_IMAGE=/vmlinuz-%s root=UUID=6c1f0a2e-3f1d-4a8e-9e0b-2d8c5b1f7a11 ro console=tty0 console=ttyS0,115200n8 iommu=pt pci=realloc=off" % kernel,
        "KERNEL supported cpus:",
        "  Intel GenuineIntel",
        "  AMD AuthenticAMD",
        "x86/fpu: Supporting XSAVE feature 0x001: 'x87 floating point registers'",
        "BIOS-provided physical RAM map:",
        "DMI: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 03/12/2024",
        "ACPI: SRAT 0x000000006E1F1000 0008F0 (v03 SUPERM SMCI--MB 01072009 AMI  01000013)",
        "Memory: 2113216556K/2147026356K available (16393K kernel code, 4399K rwdata, 11576K rodata, 3216K init, 19660K bss, 33809544K reserved, 0K cma-reserved)",
        "smpboot: Allowing 224 CPUs, 0 hotplug CPUs",
        "pci 0000:00:00.0: [8086:09a2] type 00 class 0x088000",
        "EDAC MC0: Giving out device to module i10nm_edac controller Intel_10nm Socket#0 IMC#0: DEV 0000:7e:0c.0 (INTERRUPT)",
        "EDAC MC1: Giving out device to module i10nm_edac controller Intel_10nm Socket#0 IMC#1: DEV 0000:7e:0d.0 (INTERRUPT)",
        "mlx5_core 0000:4b:00.0: firmware version: 28.39.2048",
        "mlx5_core 0000:4b:00.0: 400.000 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)",
        "nvidia: loading out-of-tree module taints kernel.",
        "nvidia: module license 'NVIDIA' taints kernel.",
        "nvidia-nvlink: Nvlink Core is being initialized, major device number 507",
    ]
    for i in range(gpus):
        lines.append("nvidia 0000:%s:00.0: enabling device (0000 -> 0002)" % bus[i])
    lines += [
        "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  %s  Thu Feb 22 01:44:30 UTC 2024" % driver,
        "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  %s  Thu Feb 22 01:36:22 UTC 2024" % driver,
        "[drm] [nvidia-drm] [GPU ID 0x00001800] Loading driver",
        "nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint.",
        "nvidia-uvm: Loaded the UVM driver, major device number 505.",
        "nvidia_peermem: module uses symbols ib_register_peer_memory_client from proprietary module nvidia, inheriting taint.",
    ]
    lines.append("mlx5_ib: Mellanox Connect-IB Infiniband driver v5.8-4.1.5")
    for i, h in enumerate(hca):
        lines.append("mlx5_core 0000:%02x:00.0 ibp%ds0: renamed from ib%d" % (0x4b + 0x20 * i, 0x4b + 0x20 * i, i))
    lines += [
        "IPv6: ADDRCONF(NETDEV_CHANGE): ibp75s0: link becomes ready",
        "Bluetooth: Core ver 2.22",
        "bpfilter: Loaded bpfilter_umh pid 2201",
        "Initializing XFRM netlink socket",
        "loop0: detected capacity change from 0 to 8",
        "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.",
        "Lustre: Lustre: Build Version: 2.15.4",
        "audit: type=1400 audit(%d.412:2): apparmor=\"STATUS\" operation=\"profile_load\" profile=\"unconfined\" name=\"lsb_release\" pid=1811 comm=\"apparmor_parser\"" % (int((tb - datetime(1970, 1, 1)).total_seconds()) + 31),
    ]
    for i, l in enumerate(lines):
        out.append((t + S(i * 0.05), l))
    t2 = tb + S(600)
    noise = [
        "IPv6: ADDRCONF(NETDEV_CHANGE): ibp107s0: link becomes ready",
        "nvidia-persistenced: persistence mode enabled for all devices",
        "NFSD: Using nfsdcld client tracking operations.",
        "systemd-journald[1021]: Data hash table of /var/log/journal/3c4f/system.journal has a fill level at 75.0 (174763 of 233016 items, 134217728 file size, 767 bytes per hash table item), suggesting rotation.",
        "perf: interrupt took too long (2510 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
        "TCP: request_sock_TCP: Possible SYN flooding on port 8443. Sending cookies.  Check SNMP counters.",
        "hrtimer: interrupt took 28391 ns",
        "docker0: port 1(veth3a1c2e1) entered blocking state",
        "docker0: port 1(veth3a1c2e1) entered forwarding state",
        "IPv6: ADDRCONF(NETDEV_CHANGE): veth3a1c2e1: link becomes ready",
    ]
    for i in range(n_noise):
        t2 = t2 + S(rng.randint(600, 7200))
        out.append((t2, noise[rng.randrange(len(noise))]))
    return out


def render_dmesg(pairs):
    return [dm(t, l) for t, l in sorted(pairs, key=lambda x: x[0])]


def render_journal(pairs, host):
    return [jk(t, host, l) for t, l in sorted(pairs, key=lambda x: x[0])]


# ---------------------------------------------------------------- nvidia-smi

def nvsmi_q(t, host, gpus, model="h100", bus=HGX_BUS, driver="550.54.15", cuda="12.4", over=None, rng=None):
    """nvidia-smi -q. over: {gpu_index: {key: value}} for overrides."""
    over = over or {}
    rng = rng or random.Random(host)
    name, mem, plim, arch = GPU_MODELS[model]
    L = ["", "==============NVSMI LOG==============", "",
         "Timestamp                                 : %s" % f_ctime(t),
         "Driver Version                            : %s" % driver,
         "CUDA Version                              : %s" % cuda, "",
         "Attached GPUs                             : %d" % gpus]
    for g in range(gpus):
        o = over.get(g, {})
        b = bus[g]
        if o.get("lost"):
            continue
        used = o.get("used", 0)
        temp = o.get("temp", 30 + rng.randint(0, 8))
        power = o.get("power", 60 + rng.randint(0, 25) + rng.random())
        util = o.get("util", 0)
        sm = o.get("sm_clock", 345 if util == 0 else 1980)
        L += [
            "GPU 00000000:%s:00.0" % b.upper(),
            "    Product Name                          : %s" % name,
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
            "    Accounting Mode Buffer Size           : 4000",
            "    Driver Model",
            "        Current                           : N/A",
            "        Pending                           : N/A",
            "    Serial Number                         : %d" % (1654922000000 + rng.randint(0, 999999)),
            "    GPU UUID                              : GPU-%08x-%04x-%04x-%04x-%012x" % (
                rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(48)),
            "    Minor Number                          : %d" % g,
            "    VBIOS Version                         : %s" % ("96.00.89.00.01" if arch == "Hopper" else "92.00.45.00.06"),
            "    MultiGPU Board                        : No",
            "    Board ID                              : 0x%s00" % b,
            "    GPU Part Number                       : %s" % ("2330-885-A1" if arch == "Hopper" else "20B2-895-A1"),
            "    Inforom Version",
            "        Image Version                     : G520.0200.00.05",
            "        OEM Object                        : 2.1",
            "        ECC Object                        : 7.16",
            "        Power Management Object           : N/A",
            "    GPU Virtualization Mode",
            "        Virtualization Mode               : None",
            "        Host VGPU Mode                    : N/A",
            "    GPU Reset Status",
            "        Reset Required                    : %s" % o.get("reset_required", "No"),
            "        Drain and Reset Recommended       : %s" % o.get("drain", "No"),
            "    IBMNPU",
            "        Relaxed Ordering Mode             : N/A",
            "    PCI",
            "        Bus                               : 0x%s" % b,
            "        Device                            : 0x00",
            "        Domain                            : 0x0000",
            "        Device Id                         : %s" % ("0x233010DE" if arch == "Hopper" else "0x20B210DE"),
            "        Bus Id                            : 00000000:%s:00.0" % b.upper(),
            "        Sub System Id                     : %s" % ("0x16C110DE" if arch == "Hopper" else "0x147F10DE"),
            "        GPU Link Info",
            "            PCIe Generation",
            "                Max                       : %d" % (5 if arch == "Hopper" else 4),
            "                Current                   : %s" % o.get("pcie_gen", 5 if arch == "Hopper" else 4),
            "                Device Current            : %s" % o.get("pcie_gen", 5 if arch == "Hopper" else 4),
            "                Device Max                : %d" % (5 if arch == "Hopper" else 4),
            "                Host Max                  : %d" % (5 if arch == "Hopper" else 4),
            "            Link Width",
            "                Max                       : 16x",
            "                Current                   : %s" % o.get("pcie_width", "16x"),
            "        Bridge Chip",
            "            Type                          : N/A",
            "            Firmware                      : N/A",
            "        Replays Since Reset               : %d" % o.get("replays", 0),
            "        Replay Number Rollovers           : 0",
            "        Tx Throughput                     : %d KB/s" % rng.randint(200, 900),
            "        Rx Throughput                     : %d KB/s" % rng.randint(400, 1800),
            "        Atomic Caps Inbound               : N/A",
            "        Atomic Caps Outbound              : N/A",
            "    Fan Speed                             : N/A",
            "    Performance State                     : P0",
            "    Clocks Event Reasons",
            "        Idle                              : %s" % ("Active" if util == 0 and not o.get("hw_slowdown") else "Not Active"),
            "        Applications Clocks Setting       : Not Active",
            "        SW Power Cap                      : %s" % o.get("sw_power_cap", "Not Active"),
            "        HW Slowdown                       : %s" % ("Active" if o.get("hw_slowdown") else "Not Active"),
            "            HW Thermal Slowdown           : %s" % ("Active" if o.get("hw_thermal") else "Not Active"),
            "            HW Power Brake Slowdown       : %s" % ("Active" if o.get("hw_brake") else "Not Active"),
            "        Sync Boost                        : Not Active",
            "        SW Thermal Slowdown               : %s" % ("Active" if o.get("sw_thermal") else "Not Active"),
            "        Display Clock Setting             : Not Active",
            "    Sparse Operation Mode                 : N/A",
            "    FB Memory Usage",
            "        Total                             : %d MiB" % mem,
            "        Reserved                          : 551 MiB",
            "        Used                              : %d MiB" % used,
            "        Free                              : %d MiB" % (mem - 551 - used),
            "    BAR1 Memory Usage",
            "        Total                             : 131072 MiB",
            "        Used                              : %d MiB" % (1 + (used // 64)),
            "        Free                              : %d MiB" % (131071 - used // 64),
            "    Conf Compute Protected Memory Usage",
            "        Total                             : 0 MiB",
            "        Used                              : 0 MiB",
            "        Free                              : 0 MiB",
            "    Compute Mode                          : Default",
            "    Utilization",
            "        Gpu                               : %d %%" % util,
            "        Memory                            : %d %%" % (util // 3),
            "        Encoder                           : 0 %",
            "        Decoder                           : 0 %",
            "    ECC Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : %d" % o.get("v_sram_ce", 0),
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : %d" % o.get("v_sram_ue", 0),
            "            DRAM Correctable              : %d" % o.get("v_dram_ce", 0),
            "            DRAM Uncorrectable            : %d" % o.get("v_dram_ue", 0),
            "        Aggregate",
            "            SRAM Correctable              : %d" % o.get("a_sram_ce", 0),
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : %d" % o.get("a_sram_ue", 0),
            "            DRAM Correctable              : %d" % o.get("a_dram_ce", 0),
            "            DRAM Uncorrectable            : %d" % o.get("a_dram_ue", 0),
            "            SRAM Threshold Exceeded       : No",
            "    Retired Pages",
            "        Single Bit ECC                    : N/A",
            "        Double Bit ECC                    : N/A",
            "        Pending Page Blacklist            : N/A",
            "    Remapped Rows",
            "        Correctable Error                 : %d" % o.get("rr_ce", 0),
            "        Uncorrectable Error               : %d" % o.get("rr_ue", 0),
            "        Pending                           : %s" % o.get("rr_pending", "No"),
            "        Remapping Failure Occurred        : %s" % o.get("rr_fail", "No"),
            "        Bank Remap Availability Histogram",
            "            Max                           : %d bank(s)" % o.get("bank_max", 640 - o.get("rr_ce", 0) - o.get("rr_ue", 0)),
            "            High                          : %d bank(s)" % o.get("bank_high", o.get("rr_ce", 0) + o.get("rr_ue", 0)),
            "            Partial                       : %d bank(s)" % o.get("bank_partial", 0),
            "            Low                           : %d bank(s)" % o.get("bank_low", 0),
            "            None                          : %d bank(s)" % o.get("bank_none", 0),
            "    Temperature",
            "        GPU Current Temp                  : %d C" % temp,
            "        GPU T.Limit Temp                  : %d C" % (87 - temp),
            "        GPU Shutdown T.Limit Temp         : -8 C",
            "        GPU Slowdown T.Limit Temp         : -2 C",
            "        GPU Max Operating T.Limit Temp    : 0 C",
            "        GPU Target Temperature            : N/A",
            "        Memory Current Temp               : %d C" % (temp + 8),
            "        Memory Max Operating T.Limit Temp : 0 C",
            "    GPU Power Readings",
            "        Power Draw                        : %.2f W" % power,
            "        Current Power Limit               : %.2f W" % o.get("plimit", plim),
            "        Requested Power Limit             : %.2f W" % o.get("plimit", plim),
            "        Default Power Limit               : %.2f W" % plim,
            "        Min Power Limit                   : 200.00 W",
            "        Max Power Limit                   : %.2f W" % plim,
            "    GPU Memory Power Readings ",
            "        Power Draw                        : N/A",
            "    Module Power Readings",
            "        Power Draw                        : N/A",
            "        Current Power Limit               : N/A",
            "    Clocks",
            "        Graphics                          : %d MHz" % sm,
            "        SM                                : %d MHz" % sm,
            "        Memory                            : %d MHz" % (2619 if arch == "Hopper" else 1593),
            "        Video                             : %d MHz" % (765 if util == 0 else 1545),
            "    Applications Clocks",
            "        Graphics                          : 1980 MHz" if arch == "Hopper" else "        Graphics                          : 1410 MHz",
            "        Memory                            : %d MHz" % (2619 if arch == "Hopper" else 1593),
            "    Max Clocks",
            "        Graphics                          : %d MHz" % (1980 if arch == "Hopper" else 1410),
            "        SM                                : %d MHz" % (1980 if arch == "Hopper" else 1410),
            "        Memory                            : %d MHz" % (2619 if arch == "Hopper" else 1593),
            "        Video                             : 1545 MHz",
            "    Voltage",
            "        Graphics                          : %.3f mV" % (670.0 + rng.randint(0, 300)),
        ]
        procs = o.get("procs")
        if procs:
            L.append("    Processes")
            for pid, pname, pm in procs:
                L += ["        GPU instance ID                   : N/A",
                      "        Compute instance ID               : N/A",
                      "        Process ID                        : %d" % pid,
                      "            Type                          : C",
                      "            Name                          : %s" % pname,
                      "            Used GPU Memory               : %d MiB" % pm]
        else:
            L.append("    Processes                             : None")
        L.append("")
    return L


def nvsmi_table(t, gpus, model="h100", bus=HGX_BUS, driver="550.54.15", cuda="12.4", over=None, rng=None):
    over = over or {}
    rng = rng or random.Random(gpus)
    name, mem, plim, arch = GPU_MODELS[model]
    L = [f_ctime(t) + "       ",
         "+-----------------------------------------------------------------------------------------+",
         "| NVIDIA-SMI %-22s Driver Version: %-14s CUDA Version: %-9s|" % (driver, driver, cuda),
         "|-----------------------------------------+------------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                        |               MIG M. |",
         "|=========================================+========================+======================|"]
    procs = []
    for g in range(gpus):
        o = over.get(g, {})
        if o.get("lost"):
            continue
        used = o.get("used", 0)
        temp = o.get("temp", 30 + rng.randint(0, 8))
        pw = int(o.get("power", 65 + rng.randint(0, 20)))
        util = o.get("util", 0)
        L.append("| %3d  %-28s %3s  | %s Off | %20s |" % (g, name[:28], "On", "  00000000:%s:00.0" % b_up(bus[g]), o.get("ecc", "0")))
        L.append("| N/A   %2dC    P0            %4dW / %4dW | %8dMiB / %6dMiB | %5d%%      Default |" % (temp, pw, plim, used, mem, util))
        L.append("|                                         |                        |             Disabled |")
        L.append("+-----------------------------------------+------------------------+----------------------+")
        for p in o.get("procs", []):
            procs.append((g,) + tuple(p))
    L += ["",
          "+-----------------------------------------------------------------------------------------+",
          "| Processes:                                                                              |",
          "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
          "|        ID   ID                                                               Usage      |",
          "|=========================================================================================|"]
    if not procs:
        L.append("|  No running processes found                                                             |")
    for g, pid, pname, pm in procs:
        L.append("|  %3d   N/A  N/A   %8d      C   %-40s %7dMiB |" % (g, pid, pname[:40], pm))
    L.append("+-----------------------------------------------------------------------------------------+")
    return L


def b_up(b):
    return b.upper()


# ---------------------------------------------------------------- IB tools

def ibstat(hcas, states=None, rate=400, fw="28.39.2048", rng=None, lid0=100):
    states = states or {}
    rng = rng or random.Random(str(hcas))
    L = []
    for i, h in enumerate(hcas):
        st, ph = states.get(h, ("Active", "LinkUp"))
        guid = rng.getrandbits(64) | 0xb83fd20300000000
        L += ["CA '%s'" % h,
              "\tCA type: MT4129",
              "\tNumber of ports: 1",
              "\tFirmware version: %s" % fw,
              "\tHardware version: 0",
              "\tNode GUID: 0x%016x" % guid,
              "\tSystem image GUID: 0x%016x" % guid,
              "\tPort 1:",
              "\t\tState: %s" % st,
              "\t\tPhysical state: %s" % ph,
              "\t\tRate: %d" % (rate if st == "Active" else 10),
              "\t\tBase lid: %d" % (lid0 + i if st == "Active" else 65535),
              "\t\tLMC: 0",
              "\t\tSM lid: 1",
              "\t\tCapability mask: 0xa751e848",
              "\t\tPort GUID: 0x%016x" % guid,
              "\t\tLink layer: InfiniBand"]
    return L


def perfquery(lid, c=None):
    c = c or {}
    keys = [("PortSelect", 1), ("CounterSelect", "0x0000"), ("SymbolErrorCounter", 0),
            ("LinkErrorRecoveryCounter", 0), ("LinkDownedCounter", 0), ("PortRcvErrors", 0),
            ("PortRcvRemotePhysicalErrors", 0), ("PortRcvSwitchRelayErrors", 0), ("PortXmitDiscards", 0),
            ("PortXmitConstraintErrors", 0), ("PortRcvConstraintErrors", 0), ("CounterSelect2", "0x00"),
            ("LocalLinkIntegrityErrors", 0), ("ExcessiveBufferOverrunErrors", 0), ("VL15Dropped", 0),
            ("PortXmitData", 4294967295), ("PortRcvData", 4294967295), ("PortXmitPkts", 1823123100),
            ("PortRcvPkts", 1823001200), ("PortXmitWait", 122310)]
    L = ["# Port counters: Lid %d port 1 (CapMask: 0x5A00)" % lid]
    for k, v in keys:
        v = c.get(k, v)
        L.append((k + ":").ljust(33, ".") + str(v))
    return L


# ---------------------------------------------------------------- NCCL / torch text

def nccl_init(host, pid, local, rank, world, nnodes, gpn, ip, bus, rng, ifname="ib0", hcas=None,
              version="2.21.5", cuda="12.4", net="IB", rings=4):
    """A rank's NCCL_DEBUG=INFO init flood."""
    hcas = hcas or ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]
    p = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, local)
    comm = "0x%x" % (0x55d5c0000000 + rng.getrandbits(28))
    cid = "0x%016x" % (rng.getrandbits(64))
    L = []
    if rank == 0:
        L.append("%s:%d:%d [0] NCCL INFO NCCL version %s+cuda%s" % (host, pid, pid, version, cuda))
    L += [p + "cudaDriverVersion %d" % (12040 if cuda == "12.4" else 12020),
          p + "Bootstrap : Using %s:%s<0>" % (ifname, ip),
          p + "NET/Plugin: No plugin found (libnccl-net.so)",
          p + "NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so",
          p + "NET/Plugin: Using internal network plugin."]
    if net == "IB":
        L.append(p + "NET/IB : Using %s ; OOB %s:%s<0>" % (" ".join("[%d]%s:1/%s" % (i, h, "IB") for i, h in enumerate(hcas)), ifname, ip))
        L.append(p + "Using network IB")
    else:
        L.append(p + "NET/IB : Using %s ; OOB %s:%s<0>" % (" ".join("[%d]%s:1/RoCE" % (i, h) for i, h in enumerate(hcas)), ifname, ip))
        L.append(p + "Using network IB")
    L += [p + "ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId %s - Init START" % (comm, rank, world, local, local, bus, cid),
          p + "Setting affinity for GPU %d to %s" % (local, "ffffffff,00000000,ffffffff" if local < gpn // 2 else "ffffffff,00000000,ffffffff,00000000"),
          p + "comm %s rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0" % (comm, rank, world, nnodes, gpn, local)]
    nxt = (rank + 1) % world
    prv = (rank - 1) % world
    L.append(p + "Trees [0] %d/-1/-1->%d->%d [1] %d/-1/-1->%d->%d [2] %d/-1/-1->%d->%d [3] %d/-1/-1->%d->%d" % (
        nxt, rank, prv, nxt, rank, prv, nxt, rank, prv, nxt, rank, prv))
    L.append(p + "P2P Chunksize set to 131072")
    for ch in range(rings):
        if (rank + 1) % gpn == 0:
            L.append(p + "Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA" % (ch, rank, local, nxt, 0, (local // 2) % len(hcas)))
        else:
            L.append(p + "Channel %02d/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read" % (ch, rank, local, nxt, (local + 1) % gpn))
        if rank % gpn == 0:
            L.append(p + "Channel %02d/0 : %d[%d] -> %d[%d] [receive] via NET/IB/%d/GDRDMA" % (ch, prv, gpn - 1, rank, local, (local // 2) % len(hcas)))
    L += [p + "Connected all rings",
          p + "Connected all trees",
          p + "threadThresholds 8/8/64 | %d/8/64 | 512 | 512" % (world * 8),
          p + "%d coll channels, %d collnet channels, 0 nvls channels, %d p2p channels, 2 p2p channels per peer" % (rings * 4, 0, rings * 8),
          p + "TUNER/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-tuner.so",
          p + "TUNER/Plugin: Using internal tuner plugin.",
          p + "ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId %s - Init COMPLETE" % (comm, rank, world, local, local, bus, cid)]
    return L


def watchdog(rank, t, seq, op, numel, timeout_ms=600000, ran_ms=None, pfx="", pg="PG ID 0 PG GUID 0(default_pg)",
             new=True, last_enq=None, last_comp=None, salt=0):
    ran_ms = ran_ms or (timeout_ms + 17 + (rank * 7) % 50)
    w = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, op, numel, numel if op != "_ALLGATHER_BASE" else numel, timeout_ms)
    c = lambda k: f_c10(t + S(k * 0.0003), "E", salt + rank + k)
    r = "[rank%d]:" % rank
    L = ["%s%s[%s ProcessGroupNCCL.cpp:632] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pfx, r, c(0), rank, w, ran_ms)]
    if new:
        le = last_enq if last_enq is not None else seq
        lc = last_comp if last_comp is not None else seq - 1
        L.append("%s%s[%s ProcessGroupNCCL.cpp:2168] [%s Rank %d]  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d" % (pfx, r, c(1), pg, rank, seq, le, lc))
        L.append("%s%s[%s ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value." % (pfx, r, c(2)))
    L += ["%s%s[%s ProcessGroupNCCL.cpp:684] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (pfx, r, c(3), rank),
          "%s%s[%s ProcessGroupNCCL.cpp:698] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (pfx, r, c(4), rank),
          "%s%s[%s ProcessGroupNCCL.cpp:1917] [%s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pfx, r, c(5), pg, rank, rank, w, ran_ms),
          "%sException raised from checkTimeout at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:632 (most recent call first):" % pfx,
          "%sframe #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f%010x in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)" % (pfx, 0x3c2a1b5446 + rank),
          "%sframe #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f%010x in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % (pfx, 0x3bd6e3c772 + rank),
          "%sframe #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f%010x in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % (pfx, 0x3bd6e43c33 + rank),
          "%sframe #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f%010x in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % (pfx, 0x3bd6e44c3d + rank),
          "%sframe #4: <unknown function> + 0xdc253 (0x7f%010x in /lib/x86_64-linux-gnu/libstdc++.so.6)" % (pfx, 0x3c6a8b0253 + rank),
          "%sframe #5: <unknown function> + 0x94ac3 (0x7f%010x in /lib/x86_64-linux-gnu/libc.so.6)" % (pfx, 0x3c6a894ac3 + rank),
          "%sframe #6: clone + 0x44 (0x7f%010x in /lib/x86_64-linux-gnu/libc.so.6)" % (pfx, 0x3c6a925a04 + rank),
          "%s" % pfx,
          "%sterminate called after throwing an instance of 'c10::DistBackendError'" % pfx,
          "%s  what():  [%s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pfx, pg, rank, rank, w, ran_ms)]
    return L


def watchdog_old(rank, t, seq, op, numel, timeout_ms=1800000, pfx=""):
    """torch 2.1-style watchdog lines ([E ProcessGroupNCCL.cpp:475])."""
    ran = timeout_ms + 100 + (rank * 13) % 400
    w = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, op, numel, numel, timeout_ms)
    return ["%s[E ProcessGroupNCCL.cpp:475] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pfx, rank, w, ran),
            "%s[E ProcessGroupNCCL.cpp:489] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % pfx,
            "%s[E ProcessGroupNCCL.cpp:495] To avoid data inconsistency, we are taking the entire process down." % pfx,
            "%s[E ProcessGroupNCCL.cpp:916] [Rank %d] NCCL watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pfx, rank, rank, w, ran),
            "%sterminate called after throwing an instance of 'std::runtime_error'" % pfx,
            "%s  what():  [Rank %d] NCCL watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pfx, rank, rank, w, ran)]


def cuda_err_tb(rank, pfx, frames, err, extra=None):
    """A python traceback ending in a CUDA-ish RuntimeError, with [rankN]: prefix."""
    r = "%s[rank%d]: " % (pfx, rank)
    L = [r + "Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        L.append(r + '  File "%s", line %d, in %s' % (f, ln, fn))
        L.append(r + "    " + code)
    L.append(r + err)
    for e in (extra or []):
        L.append(r + e)
    return L


CUDA_ASYNC = ["CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
              "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
              "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""]


def nccl_remote_err_tb(rank, pfx, frames, lasterr, version="2.21.5"):
    return cuda_err_tb(rank, pfx, frames,
                       "torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, remote process exited or there was a network error, NCCL version %s" % version,
                       ["ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                        "Last error:", lasterr])


# ---------------------------------------------------------------- torchrun agent

def agent_header(log, t, style, host, nnodes, gpn, group_rank, master, port, restart_count, world, script, pids,
                 max_restarts=0, rdzv="c10d", cont=False):
    """torchrun agent start. style 'old' (2.1/2.2 bracket) or 'new' (2.3+ glog)."""
    def A(tt, mod, lvl, msg):
        if style == "old":
            log.add(tt, "[%s] %s: [%s] %s" % (f_agent(tt), mod, lvl, msg))
        else:
            sev = {"INFO": "I", "WARNING": "W", "ERROR": "E"}[lvl]
            path = mod.replace(".", "/") + ".py"
            ln = {"torch/distributed/run.py": 793, "torch/distributed/elastic/agent/server/api.py": 525,
                  "torch/distributed/elastic/multiprocessing/api.py": 897,
                  "torch/distributed/elastic/agent/server/local_elastic_agent.py": 301}.get(path, 101)
            log.add(tt, "%s %d torch/%s:%d] %s" % (f_glog(tt, sev), 140000000000000 + (hash_s(host) % 999999), path[6:], ln, msg))
    if cont:
        A(t, "torch.distributed.elastic.agent.server.api", "INFO", "[default] Rendezvous'ing worker group")
        return _agent_rdzv(A, t, host, nnodes, gpn, group_rank, master, port, restart_count, world)
    A(t, "torch.distributed.run", "WARNING", "")
    A(t, "torch.distributed.run", "WARNING", "*****************************************")
    A(t, "torch.distributed.run", "WARNING", "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")
    A(t, "torch.distributed.run", "WARNING", "*****************************************")
    A(t + S(0.01), "torch.distributed.launcher.api", "INFO", "Starting elastic_operator with launch configs:")
    for k, v in [("entrypoint", script.split()[0]), ("min_nodes", nnodes), ("max_nodes", nnodes), ("nproc_per_node", gpn),
                 ("run_id", "%s" % (abs(hash_s(master)) % 90000 + 10000)), ("rdzv_backend", rdzv),
                 ("rdzv_endpoint", "%s:%d" % (master, port)), ("rdzv_configs", "{'timeout': 900}"),
                 ("max_restarts", max_restarts), ("monitor_interval", 0.1), ("log_dir", "None"),
                 ("metrics_cfg", "{}")]:
        A(t + S(0.01), "torch.distributed.launcher.api", "INFO", "  %s       : %s" % (k, v))
    A(t + S(0.02), "torch.distributed.elastic.agent.server.local_elastic_agent", "INFO", "log directory set to: /tmp/torchelastic_%s/none_%s" % ("%08x" % (hash_s(host + master) & 0xffffffff), "%04x" % (hash_s(host) & 0xffff)))
    A(t + S(0.02), "torch.distributed.elastic.agent.server.api", "INFO", "[default] starting workers for entrypoint: python")
    A(t + S(0.02), "torch.distributed.elastic.agent.server.api", "INFO", "[default] Rendezvous'ing worker group")
    return _agent_rdzv(A, t, host, nnodes, gpn, group_rank, master, port, restart_count, world)


def _agent_rdzv(A, t, host, nnodes, gpn, group_rank, master, port, restart_count, world):
    tr = t + S(4.2 + group_rank * 0.01)
    A(tr, "torch.distributed.elastic.agent.server.api", "INFO",
      "[default] Rendezvous complete for workers. Result:\n  restart_count=%d\n  master_addr=%s\n  master_port=%d\n  group_rank=%d\n  group_world_size=%d\n  local_ranks=%s\n  role_ranks=%s\n  global_ranks=%s\n  role_world_sizes=%s\n  global_world_sizes=%s\n" % (
          restart_count, master, port + 1, group_rank, nnodes, list(range(gpn)),
          list(range(group_rank * gpn, group_rank * gpn + gpn)), list(range(group_rank * gpn, group_rank * gpn + gpn)),
          [world] * gpn, [world] * gpn))
    A(tr, "torch.distributed.elastic.agent.server.api", "INFO", "[default] Starting worker group")
    A(tr, "torch.distributed.elastic.agent.server.local_elastic_agent", "INFO", "use_agent_store: True")
    A(tr, "torch.distributed.elastic.agent.server.local_elastic_agent", "INFO", "Environment variable 'TORCHELASTIC_ENABLE_FILE_TIMER' not found. Do not start FileTimerServer.")
    A(tr, "torch.distributed.elastic.agent.server.local_elastic_agent", "INFO", "Environment variable 'TORCHELASTIC_HEALTH_CHECK_PORT' not found. Do not start health check.")
    return tr


def hash_s(s):
    h = 2166136261
    for ch in s:
        h = ((h ^ ord(ch)) * 16777619) & 0xFFFFFFFF
    return h


def agent_line(style, t, mod, lvl, msg, host="x"):
    if style == "old":
        return "[%s] %s: [%s] %s" % (f_agent(t), mod, lvl, msg)
    sev = {"INFO": "I", "WARNING": "W", "ERROR": "E"}[lvl]
    path = mod.replace(".", "/") + ".py"
    ln = {"torch/distributed/elastic/multiprocessing/api.py": 897, "torch/distributed/elastic/agent/server/api.py": 680}.get(path, 101)
    return "%s %d %s:%d] %s" % (f_glog(t, sev), 140000000000000 + (hash_s(host) % 999999), path, ln, msg)


def agent_teardown(log, t, style, host, sigterm_pids, failed, script, gpn, final=True, restarts_left=None,
                   root_cause=None, python="/usr/bin/python"):
    """failed: list of dict(rank, local, exitcode, pid, time, tb). The first (by time) is the root cause."""
    MP = "torch.distributed.elastic.multiprocessing.api"
    for i, pid in enumerate(sigterm_pids):
        log.add(t + S(0.001 * i), agent_line(style, t + S(0.001 * i), MP, "WARNING", "Sending process %d closing signal SIGTERM" % pid, host))
    fs = sorted(failed, key=lambda f: (f["time"], f["rank"]))
    f0 = root_cause or fs[0]
    t2 = t + S(1.2)
    log.add(t2, agent_line(style, t2, MP, "ERROR", "failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (f0["exitcode"], f0["local"], f0["pid"], python), host))
    if not final:
        log.add(t2 + S(0.1), agent_line(style, t2 + S(0.1), "torch.distributed.elastic.agent.server.api", "INFO",
                                        "[default] Worker group FAILED. %d/%d attempts left; will restart worker group" % restarts_left, host))
        log.add(t2 + S(0.1), agent_line(style, t2 + S(0.1), "torch.distributed.elastic.agent.server.api", "INFO", "[default] Stopping worker group", host))
        return
    L = ["Traceback (most recent call last):",
         '  File "/usr/local/bin/torchrun", line 33, in <module>',
         "    sys.exit(load_entry_point('torch', 'console_scripts', 'torchrun')())",
         '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 348, in wrapper',
         "    return f(*args, **kwargs)",
         '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 901, in main',
         "    run(args)",
         '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 892, in run',
         "    elastic_launch(",
         '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 133, in __call__',
         "    return launch_agent(self._config, self._entrypoint, list(args))",
         '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 264, in launch_agent',
         "    raise ChildFailedError(",
         "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
         "============================================================",
         "%s FAILED" % script,
         "------------------------------------------------------------",
         "Failures:"]
    others = [f for f in fs if f is not f0]
    if not others:
        L.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others):
        L += ["[%d]:" % (i + 1)] + fail_block(f)
    L += ["------------------------------------------------------------",
          "Root Cause (first observed failure):",
          "[0]:"] + fail_block(f0) + ["============================================================"]
    log.addl(t2 + S(0.3), L)


def fail_block(f):
    ec = f["exitcode"]
    if "tb" in f and f["tb"]:
        tb = f["tb"]
    elif ec < 0:
        sig = {-6: "SIGABRT", -9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV", -7: "SIGBUS"}[ec]
        tb = "Signal %d (%s) received by PID %d" % (-ec, sig, f["pid"])
    else:
        tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
    return ["  time      : %s" % f["time"].strftime("%Y-%m-%d_%H:%M:%S"),
            "  host      : %s" % f["host"],
            "  rank      : %d (local_rank: %d)" % (f["rank"], f["local"]),
            "  exitcode  : %d (pid: %d)" % (ec, f["pid"]),
            "  error_file: %s" % f.get("error_file", "<N/A>"),
            "  traceback : %s" % tb]


# ---------------------------------------------------------------- training progress

def loss_at(step, base=1.85, amp=3.2, tau=4000.0, rng=None, noise=0.03):
    import math
    v = base + amp * math.exp(-step / tau)
    if rng:
        v += rng.uniform(-noise, noise)
    return v


def megatron_iter(t, it, total, gbs, ms, lr, loss, gnorm, scale=1.0, skipped=0, nan=0):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: %.1f | grad norm: %.3f | "
            "number of skipped iterations: %3d | number of nan iterations: %3d |" % (
                t.strftime("%Y-%m-%d %H:%M:%S"), it, total, it * gbs, ms, lr, gbs, loss, scale, gnorm, skipped, nan))


def write_bundle(b):
    root = os.path.join(OUT, b.name)
    for rel, content in sorted(b.files.items()):
        p = os.path.join(root, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(content)
    with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
        json.dump(b.label, fh, indent=2, sort_keys=False)
        fh.write("\n")


# ---------------------------------------------------------------- generic attempt scaffold

class Attempt:
    """Per-node console logs of one attempt, with launcher header and NCCL init."""

    def __init__(self, b, nodes, gpn, t0, style="new", script="train.py", port=29500, restart_count=0,
                 nccl_info=True, tee=False, bus=HGX_BUS, ips=None, launcher="torchrun", nccl_version="2.21.5",
                 cuda="12.4", hcas=None, ifname="ib0", max_restarts=0, net="IB", init_delay=30, master=None, cont=False,
                 pids=None):
        self.b = b
        self.rng = b.rng
        self.nodes = list(nodes)
        self.gpn = gpn
        self.world = len(nodes) * gpn
        self.style = style
        self.tee = tee
        self.bus = bus
        self.script = script
        self.logs = {h: Log() for h in nodes}
        self.ips = ips or {h: "10.10.%d.%d" % (1 + i // 200, 11 + i % 200) for i, h in enumerate(nodes)}
        self.pids = {}
        self.master = master or self.nodes[0]
        for h in nodes:
            base = self.rng.randint(20000, 90000)
            self.pids[h] = [base + i * (1 + self.rng.randint(0, 2)) for i in range(gpn)]
            if pids and h in pids:
                self.pids[h] = [pids[h] + 40 + i * 2 for i in range(gpn)]
        self.t_rdzv = {}
        for gi, h in enumerate(nodes):
            if launcher == "torchrun":
                tr = agent_header(self.logs[h], t0 + S(self.rng.random() * 2), style, h, len(nodes), gpn, gi,
                                  self.master, port, restart_count, self.world, script, self.pids[h], max_restarts,
                                  cont=cont)
            else:
                tr = t0 + S(self.rng.random() * 2)
            self.t_rdzv[h] = tr
        tinit = max(self.t_rdzv.values()) + S(init_delay + self.rng.randint(0, 10))
        self.t_init = tinit
        if nccl_info:
            for gi, h in enumerate(nodes):
                for l in range(gpn):
                    r = gi * gpn + l
                    lines = nccl_init(h, self.pids[h][l], l, r, self.world, len(nodes), gpn, self.ips[h], bus[l],
                                      self.rng, ifname=ifname, hcas=hcas, version=nccl_version, cuda=cuda, net=net)
                    self.logs[h].addl(tinit + S(self.rng.random() * 3), [self.rpfx(r) + x for x in lines], 0.002)
        self.t_ready = tinit + S(45)

    def pfx(self, local):
        return "[default%d]:" % local if self.tee is True else ""

    def rpfx(self, r):
        if self.tee == "srun":
            return "%d: " % r
        return self.pfx(r % self.gpn)

    def rank(self, h, l):
        return self.nodes.index(h) * self.gpn + l

    def where(self, r):
        return self.nodes[r // self.gpn], r % self.gpn

    def add(self, h, t, lines, step=0.0):
        if isinstance(lines, str):
            lines = [lines]
        self.logs[h].addl(t, lines, step)

    def radd(self, r, t, lines, step=0.0):
        h, l = self.where(r)
        if isinstance(lines, str):
            lines = [lines]
        self.logs[h].addl(t, [self.rpfx(r) + x for x in lines], step)

    def watchdog_all(self, t, seq, op, numel, skip=(), hosts=None, timeout_ms=600000, new=True, spread=4.0,
                     last_enq=None, last_comp=None):
        """Sympathetic watchdog timeouts on every rank of the given hosts. Returns {host: [fail dicts]}."""
        fails = {}
        for h in (hosts or self.nodes):
            for l in range(self.gpn):
                r = self.rank(h, l)
                if r in skip:
                    continue
                tt = t + S(self.rng.random() * spread)
                if new:
                    lines = watchdog(r, tt, seq, op, numel, timeout_ms, pfx="", new=True, last_enq=last_enq, last_comp=last_comp)
                else:
                    lines = watchdog_old(r, tt, seq, op, numel, timeout_ms)
                self.radd(r, tt, lines, 0.0005)
                fails.setdefault(h, []).append(dict(rank=r, local=l, exitcode=-6, pid=self.pids[h][l], time=tt + S(0.4), host=h))
        return fails

    def teardown(self, h, t, fails, final=True, restarts_left=None, python="/usr/bin/python"):
        failed_locals = {f["local"] for f in fails}
        sig = [self.pids[h][l] for l in range(self.gpn) if l not in failed_locals]
        agent_teardown(self.logs[h], t, self.style, h, sig, fails, self.script.split()[0], self.gpn, final=final,
                       restarts_left=restarts_left, python=python)

    def write(self, adir, fname):
        for h in self.nodes:
            if len(self.logs[h]):
                name = fname(h) if callable(fname) else fname
                self.b.put("%s/%s/%s" % (adir, h, name), self.logs[h].render())


def megatron_progress(a, t, it0, it1, total, gbs, ms, rng, lr=3.0e-4, log_interval=10, loss_fn=None, gnorm_fn=None,
                      rank=None, header=True):
    """Megatron iteration lines on the last rank. Returns time at iteration it1."""
    r = a.world - 1 if rank is None else rank
    if header:
        a.radd(r, t - S(5), [" > loading checkpoint from checkpoints/ at iteration %d" % it0,
                             " > loaded checkpoint from checkpoints/ at iteration %d" % it0,
                             "(min, max) time across ranks (ms):",
                             "    load-checkpoint ................................: (%.2f, %.2f)" % (9000 + rng.random() * 2000, 12000 + rng.random() * 2000),
                             "[after model, optimizer, and learning rate scheduler are built] datetime: %s " % (t - S(4)).strftime("%Y-%m-%d %H:%M:%S"),
                             "> building train, validation, and test datasets ...",
                             " > datasets target sizes (minimum size):",
                             "    train:      %d" % (total * gbs),
                             "[after dataloaders are built] datetime: %s " % (t - S(1)).strftime("%Y-%m-%d %H:%M:%S"),
                             "done with setup ...",
                             "training ...",
                             "[before the start of training step] datetime: %s " % t.strftime("%Y-%m-%d %H:%M:%S")], 0.1)
    tt = t
    it = it0
    while it < it1:
        nxt = min(it1, (it // log_interval + 1) * log_interval)
        dt = (nxt - it) * ms / 1000.0
        tt = tt + S(dt * (1 + rng.uniform(-0.01, 0.01)))
        it = nxt
        if it % log_interval == 0:
            loss = loss_fn(it) if loss_fn else loss_at(it, rng=rng)
            gn = gnorm_fn(it) if gnorm_fn else 0.25 + rng.random() * 0.2
            a.radd(r, tt, megatron_iter(tt, it, total, gbs, ms * (1 + rng.uniform(-0.02, 0.02)), lr, loss, gn))
    return tt


# ---------------------------------------------------------------- shared failure snippets

def cuda_watchdog_err(rank, t, err="CUDA error: unspecified launch failure", pg="PG ID 0 PG GUID 0(default_pg)"):
    c = lambda k: f_c10(t + S(k * 0.0002), "E", rank + k)
    return ["[rank%d]:[%s ProcessGroupNCCL.cpp:1917] [%s Rank %d] Process group watchdog thread terminated with exception: %s" % (rank, c(0), pg, rank, err)] + \
        CUDA_ASYNC[:3] + ["",
                          "Exception raised from c10_cuda_check_implementation at /opt/pytorch/pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):",
                          "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f1c3a2b5446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
                          "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f1c3a25f6e4 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
                          "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f1c3a3a1a18 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10_cuda.so)",
                          "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f1bd6e3b726 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
                          "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (0x7f1bd6e403f0 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
                          "frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da (0x7f1bd6e47b5a in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
                          "frame #6: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f1bd6e48c3d in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
                          "frame #7: <unknown function> + 0xdc253 (0x7f1c6a8b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
                          "frame #8: <unknown function> + 0x94ac3 (0x7f1c6a894ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
                          "frame #9: clone + 0x44 (0x7f1c6a925a04 in /lib/x86_64-linux-gnu/libc.so.6)",
                          "",
                          "terminate called after throwing an instance of 'c10::DistBackendError'",
                          "  what():  [%s Rank %d] Process group watchdog thread terminated with exception: %s" % (pg, rank, err)]


def fell_off_bus(t, bus, serial):
    return [(t, xid(bus, 79, None, None, "GPU has fallen off the bus.")),
            (t, "NVRM: GPU 0000:%s:00.0: GPU has fallen off the bus." % bus),
            (t, "NVRM: GPU 0000:%s:00.0: GPU serial number is %d." % (bus, serial)),
            (t + S(0.01), "NVRM: A GPU crash dump has been created. If possible, please run"),
            (t + S(0.01), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
            (t + S(0.01), "NVRM: the NVIDIA kernel module is unloaded.")]


def remote_err_lines(host, pid, local, peer_ip, port, rank, t, status=12, vendor=129, version="2.21.5", opcode=0, local_ip=None):
    p = "%s:%d:%d [%d] " % (host, pid, pid + 419, local)
    lg = "::ffff:%s" % (local_ip or "0.0.0.0")
    return [p + "transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=%d opcode=%d len=0 vendor err %d (Recv) localGid %s remoteGids::ffff:%s" % (peer_ip, port, status, opcode, vendor, lg, peer_ip),
            p + "NCCL INFO transport/net.cc:1298 -> 6",
            p + "NCCL INFO proxy.cc:694 -> 6",
            p + "NCCL INFO proxy.cc:874 -> 6 [Progress Thread]"]


SACCT_HDR = ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode              Start                 End    Elapsed        NodeList ",
             "------------ ---------- ---------- ---------- ---------- ---------- -------- ------------------- ------------------- ---------- --------------- "]


def elapsed_str(st, en):
    h, rem = divmod(int((en - st).total_seconds()), 3600)
    m, s = divmod(rem, 60)
    if h >= 24:
        return "%d-%02d:%02d:%02d" % (h // 24, h % 24, m, s)
    return "%02d:%02d:%02d" % (h, m, s)


def sacct_row(jid, name, part, acct, cpus, state, ec, st, en, nodelist):
    els = elapsed_str(st, en)
    tr = lambda x, n: x if len(x) <= n else x[:n - 1] + "+"
    return "%-12s %10s %10s %10s %10d %10s %8s %19s %19s %10s %-15s " % (tr(jid, 12), tr(name, 10), part, acct, cpus, state, ec, f_iso(st), f_iso(en), els, nodelist)


def hostlist(prefix, nums, width=2):
    """Compress like Slurm: gpu-a[01-04,06]"""
    nums = sorted(nums)
    parts = []
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        if i == j:
            parts.append("%0*d" % (width, nums[i]))
        else:
            parts.append("%0*d-%0*d" % (width, nums[i], width, nums[j]))
        i = j + 1
    if len(nums) == 1:
        return prefix + parts[0]
    return "%s[%s]" % (prefix, ",".join(parts))


# ================================================================= cases

def case_bp01():
    b = Bundle("bp01_job_dies_again_after_each_resubmit", 7101)
    rng = b.rng
    nodes = ["gpu-a%02d" % i for i in range(1, 9)]
    cul, cl = "gpu-a05", 3
    bus = HGX_BUS
    jobs = [4471203, 4471388, 4471502]
    starts = [D("2024-05-13 22:04:10"), None, None]
    resume = [11000, 12500, 13000]
    fail_it = [12784, 13391, 13120]
    ms = 5230.0
    sacct = list(SACCT_HDR)
    ctl = []
    serial = 1654922031187
    boot = D("2024-05-02 09:12:40")
    t = starts[0]
    dm_a05_all = dmesg_boot(cul, boot, rng)
    for k in range(3):
        jid = jobs[k]
        a = Attempt(b, nodes, 8, t, style="new", script="pretrain_gpt.py", port=29500, nccl_info=True,
                    tee=False, bus=bus)
        t_fail = megatron_progress(a, a.t_ready, resume[k], fail_it[k], 250000, 1024, ms, rng, lr=2.4e-4)
        tx = t_fail + S(3.7)
        # culprit GPU falls off the bus
        dm_a05_all += fell_off_bus(tx, bus[cl], serial)
        r = a.rank(cul, cl)
        pid = a.pids[cul][cl]
        a.radd(r, tx + S(1.3), ["%s:%d:%d [%d] enqueue.cc:1522 NCCL WARN Cuda failure 'unspecified launch failure'" % (cul, pid, pid + 523, cl),
                                "%s:%d:%d [%d] NCCL INFO enqueue.cc:1618 -> 1" % (cul, pid, pid + 523, cl)])
        a.radd(r, tx + S(1.5), cuda_watchdog_err(r, tx + S(1.5)))
        fails = {cul: [dict(rank=r, local=cl, exitcode=-6, pid=pid, time=tx + S(2.1), host=cul)]}
        # neighbours see the remote error first, others time out
        for h in ("gpu-a04", "gpu-a06"):
            for l in (0, 7) if h == "gpu-a06" else (7,):
                rr = a.rank(h, l)
                te = tx + S(21 + rng.random() * 5)
                lines = remote_err_lines(h, a.pids[h][l], l, a.ips[cul], 40000 + rng.randint(0, 20000), rr, te, local_ip=a.ips[h])
                lines += nccl_remote_err_tb(rr, "", [
                    ("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                    ("/workspace/Megatron-LM/megatron/training/training.py", 355, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                    ("/workspace/Megatron-LM/megatron/training/training.py", 1247, "train", "train_step(forward_step_func,"),
                    ("/workspace/Megatron-LM/megatron/training/training.py", 688, "train_step", "update_successful, grad_norm, num_zeros_in_grad = optimizer.step()"),
                    ("/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", 2501, "all_reduce", "work = group.allreduce([tensor], opts)")],
                    "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (a.ips[cul], 41234, a.ips[h], a.ips[cul]))
                a.radd(rr, te, lines, 0.001)
                fails.setdefault(h, []).append(dict(rank=rr, local=l, exitcode=1, pid=a.pids[h][l], time=te + S(1), host=h))
        seq = 412000 + (fail_it[k] - resume[k]) * 211
        wd = a.watchdog_all(tx + S(600.2), seq, "ALLREDUCE", 1, skip={a.rank(cul, x) for x in range(8)} | {f["rank"] for h in fails for f in fails[h]},
                            hosts=[h for h in nodes if h not in (cul, "gpu-a04", "gpu-a06")])
        for h in nodes:
            fl = fails.get(h, []) + wd.get(h, [])
            tt = min(f["time"] for f in fl) + S(0.5)
            if h != cul and h not in ("gpu-a04", "gpu-a06"):
                fl = wd[h]
                tt = min(f["time"] for f in fl) + S(0.3)
            elif h in ("gpu-a04", "gpu-a06"):
                fl = fails[h]
            a.teardown(h, tt, fl)
        t_end = tx + S(610)
        a.write("attempt_%d" % k, "torchrun_%d.log" % jid)
        # batch script output on the first node
        so = ["+ source /lustre/fs0/proj/llm-pre/env/megatron-24.04.sh",
              "Job %d starting on %s at %s" % (jid, hostlist("gpu-a", range(1, 9)), t.strftime("%a %b %d %H:%M:%S %Z %Y").replace("  ", " ")),
              "MASTER_ADDR=gpu-a01 MASTER_PORT=29500 NNODES=8 GPUS_PER_NODE=8",
              "latest_checkpointed_iteration.txt -> %d" % resume[k],
              "+ srun --output=logs/%j/torchrun_%j.log bash -c 'torchrun --nnodes 8 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-a01:29500 pretrain_gpt.py ${MEGATRON_ARGS}'",
              "srun: error: %s: task 4: Exited with exit code 1" % cul,
              "srun: error: gpu-a04: task 3: Exited with exit code 1",
              "srun: error: gpu-a06: task 5: Exited with exit code 1"]
        for i, h in enumerate(nodes):
            if h not in (cul, "gpu-a04", "gpu-a06"):
                so.append("srun: error: %s: task %d: Exited with exit code 1" % (h, i))
        so.append("Job %d finished with exit code 1 at %s" % (jid, f_iso(tx + S(612))))
        b.put("attempt_%d/gpu-a01/slurm-%d.out" % (k, jid), so)
        sacct.append(sacct_row(str(jid), "gpt-175b-pre", "h100", "llm-pre", 1792, "FAILED", "1:0", t, tx + S(612), hostlist("gpu-a", range(1, 9))))
        sacct.append(sacct_row("%d.batch" % jid, "batch", "", "llm-pre", 224, "FAILED", "1:0", t, tx + S(612), "gpu-a01"))
        sacct.append(sacct_row("%d.0" % jid, "bash", "", "llm-pre", 1792, "FAILED", "1:0", t + S(2), tx + S(611), hostlist("gpu-a", range(1, 9))))
        ctl += ["[%s] _slurm_rpc_submit_batch_job: JobId=%d InitPrio=21034 usec=1187" % (f_ms(t - S(3600 if k == 0 else 300)).replace(" ", "T"), jid),
                "[%s] sched: Allocate JobId=%d NodeList=%s #CPUs=1792 Partition=h100" % (f_ms(t - S(1)).replace(" ", "T"), jid, hostlist("gpu-a", range(1, 9))),
                "[%s] _job_complete: JobId=%d WEXITSTATUS 1" % (f_ms(tx + S(612)).replace(" ", "T"), jid),
                "[%s] _job_complete: JobId=%d done" % (f_ms(tx + S(612)).replace(" ", "T"), jid)]
        if k < 2:
            # NHC drains, someone reboots and resumes the node
            tr = tx + S(700)
            ctl += ["[%s] update_node: node %s reason set to: NHC: check_nv_healthmon: nvidia-smi failed (GPU 0000:5D:00.0)" % (f_ms(tr).replace(" ", "T"), cul),
                    "[%s] update_node: node %s state set to DRAINING" % (f_ms(tr).replace(" ", "T"), cul),
                    "[%s] update_node: node %s state set to DRAINED" % (f_ms(tr + S(1)).replace(" ", "T"), cul),
                    "[%s] Node %s now responding" % (f_ms(tr + S(1200)).replace(" ", "T"), cul),
                    "[%s] update_node: node %s state set to IDLE" % (f_ms(tr + S(1500)).replace(" ", "T"), cul)]
            boot = tr + S(900)
            b.put("attempt_%d/%s/dmesg.txt" % (k, cul), render_dmesg(dm_a05_all))
            dm_a05_all = dmesg_boot(cul, boot, rng, n_noise=4)
            t = tr + S(1560 + rng.randint(0, 300))
        else:
            b.put("attempt_%d/%s/dmesg.txt" % (k, cul), render_dmesg(dm_a05_all))
            ts = tx + S(300)
            b.put("attempt_%d/%s/nvidia-smi.txt" % (k, cul),
                  ["Unable to determine the device handle for GPU0000:5D:00.0: Unknown Error"] +
                  nvsmi_table(ts, 8, over={3: {"lost": True}}, rng=rng))
    # red herrings: old Xid 13 on a02 from another user's job last week; an old SBE count on a03
    d2 = dmesg_boot("gpu-a02", D("2024-04-29 16:40:02"), rng)
    d2 += [(D("2024-05-07 11:21:09"), xid("9a", 13, 88123, "python3", "Graphics SM Warp Exception on (GPC 2, TPC 0, SM 1): Out Of Range Address")),
           (D("2024-05-07 11:21:09"), xid("9a", 13, 88123, "python3", "Graphics Exception: ESR 0x514730=0x10000e 0x514734=0x24 0x514728=0xc81eb60 0x51472c=0x1174")),
           (D("2024-05-07 11:21:10"), xid("9a", 43, 88123, "python3", "Ch 00000010"))]
    b.put("attempt_0/gpu-a02/dmesg.txt", render_dmesg(d2))
    b.put("attempt_2/gpu-a03/nvidia-smi-q.txt", nvsmi_q(tx + S(330), "gpu-a03", 8, over={6: {"a_dram_ce": 3}}, rng=rng))
    b.put("sacct.txt", sacct)
    b.put("slurmctld.log", sorted(ctl))
    b.set_label("gpu_hardware", "infrastructure", cul, 35, "restart_without_node",
                "All three submissions died the same way: gpu-a05's GPU at 0000:5d:00 (local rank 3, global rank 35) logged Xid 79 "
                "'fell off the bus' seconds before rank 35's CUDA failure; the other nodes only show remote errors/watchdog timeouts. "
                "The node was rebooted and resumed between attempts without fixing it.",
                "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return b


def pyspy(pid, cmd, threads):
    L = ["Process %d: %s" % (pid, cmd), "Python v3.10.12 (/usr/bin/python3.10)", ""]
    for tid, state, name, frames in threads:
        L.append('Thread %d (%s): "%s"' % (tid, state, name))
        for f in frames:
            L.append("    " + f)
    return L


PIN_MEM = ["select (selectors.py:416)", "wait (multiprocessing/connection.py:936)", "_poll (multiprocessing/connection.py:440)",
           "poll (multiprocessing/connection.py:257)", "get (multiprocessing/queues.py:113)",
           "do_one_step (torch/utils/data/_utils/pin_memory.py:31)", "_pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)",
           "run (threading.py:953)", "_bootstrap_inner (threading.py:1016)", "_bootstrap (threading.py:973)"]


def case_bp02():
    b = Bundle("bp02_freezes_then_watchdog_on_every_restart", 7102)
    rng = b.rng
    nodes = ["node-%03d" % i for i in (107, 108, 109, 110)]
    ips = {h: "172.16.40.%d" % (int(h[-3:]) - 60) for h in nodes}
    t = D("2024-06-03 13:40:05")
    SEQ = 6007
    cmd = "train.py --config configs/llama_7b_ddp.yaml"
    for k in range(3):
        a = Attempt(b, nodes, 8, t, style="new", script=cmd, port=29400, restart_count=k, nccl_info=False, tee=True,
                    max_restarts=2, cont=(k > 0), ips=ips, master="node-107")
        for h in nodes:
            for l in range(8):
                r = a.rank(h, l)
                tt = a.t_init + S(rng.random() * 4)
                a.radd(r, tt, ["/usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:1399: FutureWarning: `torch.cpu.amp.autocast(args...)` is deprecated. Please use `torch.amp.autocast('cpu', args...)` instead.",
                               "  with device_autocast_ctx, torch.cpu.amp.autocast(**cpu_autocast_kwargs), recompute_context:  # type: ignore[attr-defined]",
                               "[rank%d]:[W%d %s.%06d ProcessGroupNCCL.cpp:4115] [PG 0 Rank %d]  using GPU %d to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular device,or call init_process_group() with a device_id." % (r, tt.month * 100 + tt.day, tt.strftime("%H:%M:%S"), tt.microsecond, r, l)], 0.01)
        t0 = a.t_init + S(6)
        lg = lambda tt, msg: "%s INFO %s" % (f_agent(tt), msg)
        a.radd(0, t0, [lg(t0, "train.py:71] world_size=32 local_world_size=8 backend=nccl timeout=0:10:00"),
                       lg(t0, "train.py:74] config: model=llama-7b seq_len=4096 micro_batch=4 grad_accum=1 lr=3.0e-04 warmup=2000 eval_every=500 ckpt_every=500"),
                       lg(t0, "train.py:96] wrapping model in DistributedDataParallel(bucket_cap_mb=100, gradient_as_bucket_view=True)"),
                       lg(t0 + S(1), "train.py:118] resuming from /mnt/ckpt/llama7b-ddp/step_2000"),
                       lg(t0 + S(71), "train.py:131] checkpoint loaded in 70.4s; dataloader fast-forwarded to sample 256000")], 0.3)
        tt = t0 + S(75)
        step = 2000
        while step < 2500:
            step += 10
            tt = tt + S(10 * 1.12 * (1 + rng.uniform(-0.02, 0.02)))
            loss = loss_at(step, base=1.9, amp=1.4, tau=3000, rng=rng)
            msg = "train.py:288] step %d | loss %.4f | lr %.2e | grad_norm %.3f | tok/s/gpu %d | mem %.1fGB" % (
                step, loss, 3.0e-4, 0.3 + rng.random() * 0.2, 3050 + rng.randint(0, 120), 61.0 + rng.random())
            a.radd(0, tt, lg(tt, msg))
            if step % 500 == 0:
                a.radd(0, tt + S(0.5), lg(tt + S(0.5), "train.py:301] step %d | running validation (200 batches) on rank 0" % step))
                a.radd(0, tt + S(44), lg(tt + S(44), "train.py:214] validation done: val_loss(local)=%.4f over 200 batches, reducing across ranks" % (loss + 0.05)))
        t_hang = tt + S(44.3)
        fails = {}
        for h in nodes:
            for l in range(8):
                r = a.rank(h, l)
                te = t_hang + S(600 + rng.random() * 2)
                numel = 1 if r == 0 else 26214400
                a.radd(r, te, watchdog(r, te, SEQ, "ALLREDUCE", numel, 600000, new=True, last_enq=SEQ, last_comp=SEQ - 1), 0.0005)
                fails.setdefault(h, []).append(dict(rank=r, local=l, exitcode=-6, pid=a.pids[h][l], time=te + S(0.5), host=h))
        for h in nodes:
            tt2 = max(f["time"] for f in fails[h]) + S(0.4)
            if k < 2:
                a.teardown(h, tt2, fails[h], final=False, restarts_left=(2 - k, 2))
            else:
                a.teardown(h, tt2, fails[h], final=True)
        a.write("attempt_%d" % k, "torchrun.log")
        if k == 2:
            ts = t_hang + S(310)
            b.put("attempt_2/node-107/py-spy_rank0.txt",
                  ["$ py-spy dump --pid %d   # %s" % (a.pids["node-107"][0], ts.strftime("%Y-%m-%d %H:%M:%S"))] +
                  pyspy(a.pids["node-107"][0], "/usr/bin/python -u " + cmd,
                        [(a.pids["node-107"][0], "active", "MainThread", ["evaluate (train.py:216)", "main (train.py:302)", "<module> (train.py:341)"]),
                         (a.pids["node-107"][0] + 181, "idle", "Thread-2 (_pin_memory_loop)", PIN_MEM)]))
            for h, l in (("node-108", 1), ("node-110", 6)):
                pid = a.pids[h][l]
                b.put("attempt_2/%s/py-spy_rank%d.txt" % (h, a.rank(h, l)),
                      ["$ py-spy dump --pid %d   # %s" % (pid, (ts + S(20)).strftime("%Y-%m-%d %H:%M:%S"))] +
                      pyspy(pid, "/usr/bin/python -u " + cmd,
                            [(pid, "active", "MainThread", ["train_step (train.py:164)", "main (train.py:297)", "<module> (train.py:341)"]),
                             (pid + 177, "idle", "Thread-2 (_pin_memory_loop)", PIN_MEM)]))
            b.put("attempt_2/node-109/nvidia-smi.txt", nvsmi_table(ts, 8, over={g: {"util": 100, "used": 63112 + g * 11, "power": 118 + g,
                                                                                 "procs": [(a.pids["node-109"][g], "/usr/bin/python", 63104 + g * 11)]} for g in range(8)}, rng=rng))
        t = tt2 + S(8)
    b.put("launch.sh", ["#!/bin/bash",
                        "# started on each of node-[107-110] by pdsh",
                        "export NCCL_DEBUG=WARN",
                        "export TORCH_NCCL_ASYNC_ERROR_HANDLING=1",
                        "torchrun --nnodes 4 --nproc-per-node 8 --max-restarts 2 --tee 3 \\",
                        "  --rdzv-backend c10d --rdzv-endpoint node-107:29400 --rdzv-id llama7b-ddp \\",
                        "  " + cmd])
    b.set_label("hang", "script", None, None, "stop",
                "Every restart resumes from step 2000 and freezes right after rank 0 starts its rank-0-only validation at step 2500; "
                "the watchdog then shows rank 0 in ALLREDUCE SeqNum=6007 with NumelIn=1 while all other ranks are in ALLREDUCE 6007 with "
                "NumelIn=26214400 (py-spy: rank 0 in evaluate, others in train_step). Mismatched collectives in the program; restarting cannot help.",
                "https://pytorch.org/docs/stable/distributed.html#debugging-torch-distributed-applications")
    return b


DS_CFG = ["activation_checkpointing_config  {", '    "partition_activations": false, ', '    "contiguous_memory_optimization": false, ',
          '    "cpu_checkpointing": false, ', '    "number_checkpoints": null, ', '    "synchronize_checkpoint_boundary": false, ',
          '    "profile": false', "}", "aio_config ................... {'block_size': 1048576, 'queue_depth': 8, 'thread_count': 1, 'single_submit': False, 'overlap_events': True}",
          "amp_enabled .................. False", "amp_params ................... False", "bfloat16_enabled ............. True",
          "checkpoint_parallel_write_pipeline  False", "checkpoint_tag_validation_enabled  True", "checkpoint_tag_validation_fail  False",
          "communication_data_type ...... None", "curriculum_enabled_legacy .... False", "data_efficiency_enabled ...... False",
          "dataloader_drop_last ......... False", "disable_allgather ............ False", "dump_state ................... False",
          "elasticity_enabled ........... False", "fp16_auto_cast ............... None", "fp16_enabled ................. False",
          "global_rank .................. 0", "grad_accum_dtype ............. None", "gradient_accumulation_steps .. 4",
          "gradient_clipping ............ 1.0", "gradient_predivide_factor .... 1.0", "load_universal_checkpoint .... False",
          "loss_scale ................... 1.0", "memory_breakdown ............. False", "optimizer_legacy_fusion ...... False",
          "optimizer_name ............... adamw", "optimizer_params ............. {'lr': 0.0002, 'betas': [0.9, 0.95], 'eps': 1e-08, 'weight_decay': 0.1}",
          "pipeline ..................... {'stages': 'auto', 'partition': 'best', 'seed_layers': False, 'activation_checkpoint_interval': 0, 'pipe_partitioned': True, 'grad_partitioned': True}",
          "prescale_gradients ........... False", "scheduler_name ............... WarmupDecayLR",
          "scheduler_params ............. {'warmup_min_lr': 0, 'warmup_max_lr': 0.0002, 'warmup_num_steps': 1000, 'total_num_steps': 60000}",
          "seq_parallel_communication_data_type  torch.float32", "sparse_attention ............. None", "steps_per_print .............. 10",
          "train_batch_size ............. 512", "train_micro_batch_size_per_gpu  4", "use_node_local_storage ....... False",
          "wall_clock_breakdown ......... False", "weight_quantization_config ... None", "world_size ................... 32",
          "zero_allow_untested_optimizer  False", "zero_config .................. stage=2 contiguous_gradients=True reduce_scatter=True reduce_bucket_size=500000000 allgather_partitions=True allgather_bucket_size=500000000 overlap_comm=True load_from_fp32_weights=True",
          "zero_enabled ................. True", "zero_force_ds_cpu_optimizer .. True", "zero_optimization_stage ...... 2"]


def case_bp03():
    b = Bundle("bp03_cuda_assert_follows_exclusions", 7103)
    rng = b.rng
    sets = [["dgx-03", "dgx-07", "dgx-11", "dgx-12"], ["dgx-03", "dgx-11", "dgx-12", "dgx-15"], ["dgx-03", "dgx-12", "dgx-15", "dgx-16"]]
    starts = [D("2024-06-02 09:58:11"), D("2024-06-02 11:31:40"), D("2024-06-02 13:02:05")]
    BAD_RANK, BAD_STEP, RESUME = 13, 7311, 7000
    ipn = lambda h: "10.31.0.%d" % int(h[-2:])
    excl = []
    for k, nodes in enumerate(sets):
        t = starts[k]
        L = Log()
        dsl = lambda h, tt, lvl, src, msg: "%s: [%s] [%s] [%s] %s" % (h, f_agent(tt), lvl, src, msg)
        L.add(t, "[%s] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % f_agent(t))
        L.add(t + S(2), "[%s] [WARNING] [runner.py:202:fetch_hostfile] Unable to find hostfile, will proceed with training with local resources only." % f_agent(t + S(2)) if False else
              "[%s] [INFO] [runner.py:463:main] Using IP address of %s for node dgx-03" % (f_agent(t + S(2)), ipn("dgx-03")))
        L.add(t + S(2), "[%s] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: %s" % (f_agent(t + S(2)), ",".join(nodes)))
        L.add(t + S(2), "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_6,mlx5_7,mlx5_8,mlx5_9; export PYTHONPATH=/workspace/llm;  cd /workspace/llm; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJkZ3gtMDMiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN119 --node_rank=%%n --master_addr=%s --master_port=29500 train.py --deepspeed --deepspeed_config ds_config.json --resume latest" % (
            f_agent(t + S(2)), ",".join(nodes), ipn("dgx-03")))
        pids = {}
        for gi, h in enumerate(nodes):
            tt = t + S(4 + rng.random())
            L.add(tt, dsl(h, tt, "INFO", "real_accelerator.py:203:get_accelerator", "Setting ds_accelerator to cuda (auto detect)"))
            L.add(tt, dsl(h, tt, "INFO", "launch.py:146:main", "WORLD INFO DICT: {%s}" % ", ".join("'%s': [0, 1, 2, 3, 4, 5, 6, 7]" % x for x in nodes)))
            L.add(tt, dsl(h, tt, "INFO", "launch.py:152:main", "nnodes=4, num_local_procs=8, node_rank=%d" % gi))
            L.add(tt, dsl(h, tt, "INFO", "launch.py:163:main", "global_rank_mapping=defaultdict(<class 'list'>, {%s})" % ", ".join("'%s': %s" % (x, list(range(i * 8, i * 8 + 8))) for i, x in enumerate(nodes))))
            L.add(tt, dsl(h, tt, "INFO", "launch.py:164:main", "dist_world_size=32"))
            L.add(tt, dsl(h, tt, "INFO", "launch.py:166:main", "Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7"))
            base = rng.randint(100000, 900000)
            pids[h] = [base + l for l in range(8)]
            for l in range(8):
                L.add(tt, dsl(h, tt, "INFO", "launch.py:253:main", "process %d spawned with command: ['/usr/bin/python', '-u', 'train.py', '--local_rank=%d', '--deepspeed', '--deepspeed_config', 'ds_config.json', '--resume', 'latest']" % (pids[h][l], l)))
            ti = tt + S(12 + rng.random() * 3)
            for l in range(8):
                r = gi * 8 + l
                L.add(ti, dsl(h, ti, "INFO", "comm.py:637:init_distributed", "cdb=None"))
                if r == 0:
                    L.add(ti, dsl(h, ti, "INFO", "comm.py:668:init_distributed", "Initializing TorchBackend in DeepSpeed with backend nccl"))
                L.add(ti + S(1), "%s: %s - train.py:88 - rank %d: tokenizer /models/llama2-7b-chat-ext: len(tokenizer)=32003, model.config.vocab_size=32000, resize_token_embeddings=False" % (h, f_agent(ti + S(1)), r) if l == 0 else
                      "%s: [rank%d]:[W%d %s ProcessGroupNCCL.cpp:4115] [PG 0 Rank %d]  using GPU %d to perform barrier as devices used by this process are currently unknown." % (h, r, ti.month * 100 + ti.day, ti.strftime("%H:%M:%S.%f"), r, l))
        t0 = t + S(25)
        L.add(t0, "dgx-03: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.14.2, git-hash=unknown, git-branch=unknown" % f_agent(t0))
        L.add(t0, "dgx-03: [%s] [INFO] [engine.py:1142:_configure_optimizer] Using DeepSpeed Optimizer param name adamw as basic optimizer" % f_agent(t0))
        L.add(t0, "dgx-03: [%s] [INFO] [stage_1_and_2.py:148:__init__] Reduce bucket size 500000000" % f_agent(t0))
        L.add(t0, "dgx-03: [%s] [INFO] [config.py:996:print] DeepSpeedEngine configuration:" % f_agent(t0))
        for c in DS_CFG:
            L.add(t0, "dgx-03: [%s] [INFO] [config.py:1000:print]   %s" % (f_agent(t0), c))
        tl = t0 + S(64)
        L.add(tl, "dgx-03: [%s] [INFO] [torch_checkpoint_engine.py:27:load] [Torch] Loading checkpoint from /ckpt/llm7b-sft/global_step%d/mp_rank_00_model_states.pt..." % (f_agent(tl), RESUME))
        L.add(tl + S(40), "dgx-03: [%s] [INFO] [engine.py:3046:_get_all_zero_checkpoint_state_dicts] successfully read 32 ZeRO state_dicts for rank 0" % f_agent(tl + S(40)))
        L.add(tl + S(52), "dgx-03: [%s] [INFO] [engine.py:2996:_load_zero_checkpoint] loading 32 zero partition checkpoints for rank 0" % f_agent(tl + S(52)))
        tt = tl + S(60)
        step = RESUME
        while step < BAD_STEP - 1:
            step += 10 if step + 10 < BAD_STEP else (BAD_STEP - 1 - step)
            tt = tt + S(10 * 2.42 * (1 + rng.uniform(-0.02, 0.02)))
            if step % 10 == 0:
                L.add(tt, "dgx-03: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.16f], mom=[(0.9, 0.95)]" % (f_agent(tt), step, 0.0002 * (1 - step / 60000.0)))
                L.add(tt, "dgx-03: [%s] [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.2f, CurrSamplesPerSec=%.2f, MemAllocated=21.34GB, MaxMemAllocated=48.91GB" % (
                    f_agent(tt), step * 4, step, 211.0 + rng.random(), 208 + rng.random() * 6))
                L.add(tt, "dgx-03: %s - train.py:312 - step %d loss %.4f" % (f_agent(tt), step, loss_at(step, base=1.1, amp=0.9, tau=5000, rng=rng)))
        tx = tt + S(1.9)
        bh = nodes[BAD_RANK // 8]
        bl = BAD_RANK % 8
        for i in range(24):
            L.add(tx, "%s: /opt/pytorch/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [%d,0,0], thread: [%d,0,0] Assertion `srcIndex < srcSelectDimSize` failed." % (
                bh, 212 + i // 8, 64 + (i % 8) * 4))
        tb = ["Traceback (most recent call last):",
              '  File "/workspace/llm/train.py", line 412, in <module>', "    main()",
              '  File "/workspace/llm/train.py", line 371, in main', "    loss = engine(input_ids=batch[\"input_ids\"], labels=batch[\"labels\"]).loss",
              '  File "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", line 1553, in _wrapped_call_impl', "    return self._call_impl(*args, **kwargs)",
              '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", line 1855, in forward', "    loss = self.module(*inputs, **kwargs)",
              '  File "/usr/local/lib/python3.10/dist-packages/transformers/models/llama/modeling_llama.py", line 1141, in forward', "    outputs = self.model(",
              '  File "/usr/local/lib/python3.10/dist-packages/transformers/models/llama/modeling_llama.py", line 920, in forward', "    inputs_embeds = self.embed_tokens(input_ids)",
              '  File "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/sparse.py", line 164, in forward', "    return F.embedding(",
              '  File "/usr/local/lib/python3.10/dist-packages/torch/nn/functional.py", line 2267, in embedding', "    return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)",
              "RuntimeError: CUDA error: device-side assert triggered"] + CUDA_ASYNC[:3]
        for x in tb:
            L.add(tx + S(0.2), "%s: %s" % (bh, x))
        for l in range(8):
            L.add(tx + S(1.5), dsl(bh, tx + S(1.5), "INFO", "launch.py:319:sigkill_handler", "Killing subprocess %d" % pids[bh][l]))
        L.add(tx + S(2.6), dsl(bh, tx + S(2.6), "ERROR", "launch.py:325:sigkill_handler", "['/usr/bin/python', '-u', 'train.py', '--local_rank=%d', '--deepspeed', '--deepspeed_config', 'ds_config.json', '--resume', 'latest'] exits with return code = 1" % bl))
        L.add(tx + S(2.9), "pdsh@dgx-03: %s: ssh exited with exit code 1" % bh)
        for gi, h in enumerate(nodes):
            if h == bh:
                continue
            for l in range(8):
                r = gi * 8 + l
                te = tx + S(1800 + rng.random() * 3)
                for x in watchdog_old(r, te, 412000 + (BAD_STEP - RESUME) * 97, "ALLREDUCE", 250000000 if l % 2 else 249950208, 1800000):
                    L.add(te, "%s: %s" % (h, x))
            tk = tx + S(1804)
            for l in range(8):
                L.add(tk, dsl(h, tk, "INFO", "launch.py:319:sigkill_handler", "Killing subprocess %d" % pids[h][l]))
            L.add(tk + S(1), dsl(h, tk + S(1), "ERROR", "launch.py:325:sigkill_handler", "['/usr/bin/python', '-u', 'train.py', '--local_rank=0', '--deepspeed', '--deepspeed_config', 'ds_config.json', '--resume', 'latest'] exits with return code = -6"))
            L.add(tk + S(1.2), "pdsh@dgx-03: %s: ssh exited with exit code 250" % h)
        b.put("attempt_%d/dgx-03/deepspeed_launch.log" % k, L.render())
        b.put("attempt_%d/hostfile" % k, ["%s slots=8" % h for h in nodes])
        # kernel log on the node that crashed: Xid 43 from the killed context
        dd = dmesg_boot(bh, D("2024-05-21 07:12:00") + S(3600 * k), rng, bus=A100_BUS, n_noise=25)
        dd.append((tx + S(0.4), xid(A100_BUS[bl], 43, pids[bh][bl], "python", "Ch 00000008")))
        b.put("attempt_%d/%s/dmesg.txt" % (k, bh), render_dmesg(dd))
        b.put("attempt_%d/%s/nvidia-smi-q.txt" % (k, bh), nvsmi_q(tx + S(2400), bh, 8, model="a100", bus=A100_BUS, driver="535.161.08", cuda="12.2", rng=rng))
        excl.append("%s  excluded %s from hostfile (crashed with CUDA device-side assert, Xid 43 in dmesg), resubmitted from global_step%d" % ((tx + S(2400)).strftime("%Y-%m-%d %H:%M"), bh, RESUME))
    b.put("oncall_notes.txt", excl[:2] + ["%s  crashed again, on %s this time" % ((tx + S(2400)).strftime("%Y-%m-%d %H:%M"), bh)])
    b.set_label("user_code", "script", None, None, "stop",
                "Each attempt resumes at global_step 7000 and dies at step 7311 with the same embedding index assertion on rank 13, "
                "which sat on dgx-07, dgx-11 and dgx-12 in turn as nodes were excluded; the tokenizer has 32003 tokens for a 32000-row embedding. "
                "A deterministic data/program bug, not a node: the Xid 43 is just the killed context.",
                "https://github.com/huggingface/transformers/issues/11008")
    return b


def megatron_banner(a, t, tp, pp, gbs, mbs, extra=()):
    dp = a.world // (tp * pp)
    a.radd(0, t, ["using world size: %d, data-parallel size: %d, context-parallel size: 1, hierarchical context-parallel sizes: None, tensor-model-parallel size: %d, encoder-tensor-model-parallel size: 0, pipeline-model-parallel size: %d, encoder-pipeline-model-parallel size: 0" % (a.world, dp, tp, pp),
                  "using torch.bfloat16 for parameters ...",
                  "------------------------ arguments ------------------------",
                  "  accumulate_allreduce_grads_in_fp32 .............. True",
                  "  bf16 ............................................ True",
                  "  clip_grad ....................................... 1.0",
                  "  distributed_backend ............................. nccl",
                  "  distributed_timeout_minutes ..................... 10",
                  "  global_batch_size ............................... %d" % gbs,
                  "  micro_batch_size ................................ %d" % mbs,
                  "  pipeline_model_parallel_size .................... %d" % pp,
                  "  tensor_model_parallel_size ...................... %d" % tp,
                  "  use_distributed_optimizer ....................... True",
                  "  world_size ...................................... %d" % a.world] + list(extra) +
           ["-------------------- end of arguments ---------------------",
            "> building GPT2BPETokenizer tokenizer ...",
            " > padded vocab (size: 50257) with 175 dummy tokens (new size: 50432)",
            "> initializing torch distributed ...",
            "> initialized tensor model parallel with size %d" % tp,
            "> initialized pipeline model parallel with size %d" % pp,
            "> setting random seeds to 1234 ...",
            "> compiling dataset index builder ...",
            ">>> done with dataset index builder. Compilation time: 0.061 seconds"], 0.05)


def srun_cancel_lines(jid, host, t):
    return "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s ***" % (jid, host, f_iso(t))


def case_bp04():
    b = Bundle("bp04_new_crash_after_bad_host_removed", 7104)
    rng = b.rng
    n0 = ["gpu-b%02d" % i for i in range(1, 9)]
    n1 = ["gpu-b01", "gpu-b02", "gpu-b04", "gpu-b05", "gpu-b06", "gpu-b07", "gpu-b08", "gpu-b17"]
    ips = {"gpu-b%02d" % i: "10.20.0.%d" % (100 + i) for i in range(1, 18)}
    hcas = ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]
    jobs = [901122, 901188, 901240]
    t = D("2024-07-21 08:00:12")
    resume = [30000, 31000, 35500]
    fails_at = [31420, 35910, 36270]
    sacct = list(SACCT_HDR)
    ctl = []
    ms = 1180.0
    d06 = dmesg_boot("gpu-b06", D("2024-07-09 10:02:11"), rng, gpus=4, bus=QUAD_BUS, hca=hcas)
    for k in range(3):
        nodes = n0 if k == 0 else n1
        jid = jobs[k]
        a = Attempt(b, nodes, 4, t, launcher="srun", tee="srun", nccl_info=True, bus=QUAD_BUS, ips=ips, hcas=hcas,
                    nccl_version="2.19.3", cuda="12.2", script="pretrain_gpt.py")
        megatron_banner(a, a.t_init - S(20), 4, 1, 512, 2)
        tf = megatron_progress(a, a.t_ready, resume[k], fails_at[k], 400000, 512, ms, rng, lr=1.5e-4)
        tx = tf + S(0.8)
        so = ["Job %d on %s, %d nodes, resuming from iteration %d" % (jid, ",".join(nodes), len(nodes), resume[k]),
              "+ srun -l --kill-on-bad-exit=1 --output=logs/megatron-%j-%N.out python pretrain_gpt.py ${GPT_ARGS} ${DATA_ARGS} ${OUTPUT_ARGS} --load ${CKPT} --save ${CKPT}"]
        if k == 0:
            cul, cl = "gpu-b03", 2
            r = a.rank(cul, cl)
            pid = a.pids[cul][cl]
            dd = dmesg_boot(cul, D("2024-07-09 10:01:40"), rng, gpus=4, bus=QUAD_BUS, hca=hcas)
            dd += [(tx - S(0.3), xid(QUAD_BUS[cl], 48, pid, "python", "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.")),
                   (tx - S(0.3), xid(QUAD_BUS[cl], 63, pid, "python", "Row Remapper: New row (0x00000000002ac1f0) marked for remapping, reset gpu to activate."))]
            b.put("attempt_0/gpu-b03/dmesg.txt", render_dmesg(dd))
            b.put("attempt_0/gpu-b03/nvidia-smi-q.txt", nvsmi_q(tx + S(240), cul, 4, model="a100", bus=QUAD_BUS, driver="535.161.08", cuda="12.2", rng=rng,
                                                                over={2: {"v_dram_ue": 1, "a_dram_ue": 1, "rr_ue": 1, "rr_pending": "Yes", "reset_required": "Yes"}}))
            a.radd(r, tx, cuda_err_tb(r, "", [
                ("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                ("/workspace/Megatron-LM/megatron/training/training.py", 355, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                ("/workspace/Megatron-LM/megatron/training/training.py", 1247, "train", "train_step(forward_step_func,"),
                ("/workspace/Megatron-LM/megatron/training/training.py", 662, "train_step", "losses_reduced = forward_backward_func("),
                ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 462, "forward_backward_no_pipelining", "backward_step(input_tensor, output_tensor, output_tensor_grad, model_type, config)"),
                ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 366, "backward_step", "custom_backward(output_tensor[0], output_tensor_grad[0])"),
                ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 150, "custom_backward", "Variable._execution_engine.run_backward(")],
                "RuntimeError: CUDA error: uncorrectable ECC error encountered", CUDA_ASYNC[:3]), 0.001)
            first = (cul, r)
            ctl.append("[%s] update_node: node gpu-b03 reason set to: NHC: GPU 2 DBE / row remap pending" % f_ms(tx + S(200)).replace(" ", "T"))
            ctl.append("[%s] update_node: node gpu-b03 state set to DRAINED" % f_ms(tx + S(201)).replace(" ", "T"))
        else:
            cul = "gpu-b06"
            peer = "gpu-b05"
            r16 = a.rank(cul, 0)
            r15 = a.rank(peer, 3)
            d06 += [(tx - S(2.2), "mlx5_core 0000:0c:00.0: mlx5_port_module_event:1158:(pid 0): Port module event[error]: module 0, Cable error, Bad or shorted cable/module"),
                    (tx - S(2.1), "mlx5_core 0000:0c:00.0: Port module event: module 0, Cable unplugged"),
                    (tx + S(19), "mlx5_core 0000:0c:00.0: Port module event: module 0, Cable plugged"),
                    (tx + S(31), "IPv6: ADDRCONF(NETDEV_CHANGE): ibp12s0: link becomes ready")]
            pid = a.pids[cul][0]
            a.radd(r16, tx - S(2.0), "%s:%d:%d [0] NCCL WARN NET/IB : mlx5_0:1 Got async event : port error" % (cul, pid, pid + 611))
            a.radd(r16, tx + S(0.4), remote_err_lines(cul, pid, 0, ips[peer], 50211, r16, tx, version="2.19.3", local_ip=ips[cul]))
            acc = [(peer, 3)] + [(h, 0) for h in ("gpu-b04", "gpu-b08")]
            for j, (h, l) in enumerate(acc):
                rr = a.rank(h, l)
                te = tx + S(0.1 + j * 0.35)
                a.radd(rr, te, remote_err_lines(h, a.pids[h][l], l, ips[cul], 44000 + j * 17, rr, te, version="2.19.3", local_ip=ips[h]))
                a.radd(rr, te + S(0.2), nccl_remote_err_tb(rr, "", [
                    ("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                    ("/workspace/Megatron-LM/megatron/training/training.py", 1247, "train", "train_step(forward_step_func,"),
                    ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 277, "finish_grad_sync", "self.start_grad_sync()"),
                    ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 244, "start_grad_sync", "self.communication_handle = torch.distributed._reduce_scatter_base(")],
                    "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (ips[cul], 44000 + j * 17, ips[h], ips[cul]),
                    version="2.19.3"), 0.001)
            a.radd(r16, tx + S(0.9), nccl_remote_err_tb(r16, "", [
                ("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 244, "start_grad_sync", "self.communication_handle = torch.distributed._reduce_scatter_base(")],
                "NET/IB : Got completion from peer %s<50211> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (ips[peer], ips[cul], ips[peer]),
                version="2.19.3"), 0.001)
            first = (peer, r15)
        fh, fr = first
        so.append("srun: error: %s: task %d: Exited with exit code 1" % (fh, fr))
        so.append("srun: launch/slurm: _step_signal: Terminating StepId=%d.0" % jid)
        so.append(srun_cancel_lines(jid, "gpu-b01", tx + S(1.3)))
        so.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
        for i, h in enumerate(nodes):
            a.add(h, tx + S(1.3), srun_cancel_lines(jid, h, tx + S(1.3)))
            if h != fh:
                so.append("srun: error: %s: tasks %d-%d: Terminated" % (h, i * 4, i * 4 + 3))
        so.append("srun: Force Terminated StepId=%d.0" % jid)
        a.write("attempt_%d" % k, lambda h, j=jid: "megatron-%d-%s.out" % (j, h))
        b.put("attempt_%d/gpu-b01/slurm-%d.out" % (k, jid), so)
        nl = hostlist("gpu-b", [int(h[-2:]) for h in nodes])
        sacct.append(sacct_row(str(jid), "gpt-13b", "a100", "nlp-lab", 512, "FAILED", "1:0", t, tx + S(35), nl))
        sacct.append(sacct_row("%d.0" % jid, "python", "", "nlp-lab", 512, "CANCELLED", "0:15", t + S(3), tx + S(34), nl))
        ctl += ["[%s] sched: Allocate JobId=%d NodeList=%s #CPUs=512 Partition=a100" % (f_ms(t - S(1)).replace(" ", "T"), jid, nl),
                "[%s] _job_complete: JobId=%d WEXITSTATUS 1" % (f_ms(tx + S(35)).replace(" ", "T"), jid)]
        t = tx + S(1500 + rng.randint(0, 600))
    # collected after the last failure
    tc = t - S(900)
    b.put("attempt_2/gpu-b06/dmesg.txt", render_dmesg(d06))
    b.put("attempt_2/gpu-b06/ibstat.txt", ibstat(hcas, states={"mlx5_0": ("Down", "Polling")}, rate=200, fw="20.39.1002", rng=rng, lid0=61))
    b.put("attempt_2/gpu-b06/perfquery_mlx5_0.txt", perfquery(61, {"SymbolErrorCounter": 31744, "LinkErrorRecoveryCounter": 212, "LinkDownedCounter": 9, "PortRcvErrors": 1803}))
    b.put("attempt_2/gpu-b05/perfquery_mlx5_3.txt", perfquery(58, {"PortXmitWait": 883120}))
    b.put("attempt_2/gpu-b05/ibstat.txt", ibstat(hcas, rate=200, fw="20.39.1002", rng=rng, lid0=55))
    b.put("sacct.txt", sacct)
    b.put("slurmctld.log", sorted(ctl))
    b.set_label("network", "infrastructure", "gpu-b06", None, "restart_without_node",
                "The DBE on gpu-b03 was handled (node drained, gone from attempts 1-2). Both later attempts died on IB errors: the peers all "
                "name 10.20.0.106 (gpu-b06), and gpu-b06's own rank logged 'mlx5_0:1 Got async event : port error', its kernel shows cable "
                "errors and ibstat/perfquery show mlx5_0 Down with rising symbol/link-downed counters. The first task srun reports (on gpu-b05) is only the accuser.",
                "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html")
    return b


def nemo(t, lvl, src, msg):
    return "[NeMo %s %s %s] %s" % (lvl, t.strftime("%Y-%m-%d %H:%M:%S"), src, msg)


def nemo_bar(step, total, elapsed, loss, cons, tstep):
    pct = int(100 * step / total)
    def hms(x):
        x = int(x)
        return "%d:%02d:%02d" % (x // 3600, (x % 3600) // 60, x % 60)
    rem = (total - step) * tstep
    return "Epoch 0: : %3d%%|%-10s| %d/%d [%s<%s, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%.1f, train_step_timing in s=%.2f]" % (
        pct, "\u2588" * (pct // 10), step, total, hms(elapsed), hms(rem), loss, step - 1, cons, tstep)


def case_bp05():
    b = Bundle("bp05_crash_then_checkpoint_save_error", 7105)
    rng = b.rng
    n0 = ["hpc-g%03d" % i for i in range(1, 17)]
    n1 = [h for h in n0 if h != "hpc-g009"] + ["hpc-g017"]
    jobs = [6610221, 6610390, 6610455]
    t = D("2024-07-08 09:01:05")
    resume = [12000, 14500, 14500]
    stop = [13377, 15000, 15000]
    CK = "/lustre/fs1/proj/p4021/results/gpt20b/checkpoints"
    sacct = list(SACCT_HDR)
    for k in range(3):
        nodes = n0 if k == 0 else n1
        jid = jobs[k]
        show = ["hpc-g001", "hpc-g005", "hpc-g009" if k == 0 else "hpc-g012", "hpc-g016" if k == 0 else "hpc-g017"]
        a = Attempt(b, nodes, 8, t, launcher="srun", tee=False, nccl_info=False, script="megatron_gpt_pretraining.py")
        t0 = a.t_init
        for r in range(a.world):
            tr = t0 - S(45 - rng.random() * 4)
            a.radd(r, tr, ["Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/%d" % (r, r + 1, a.world),
                           "[NeMo W %s nemo_logging:349] /usr/local/lib/python3.10/dist-packages/megatron/core/tensor_parallel/layers.py:280: FutureWarning: `torch.cuda.amp.custom_fwd(args...)` is deprecated. Please use `torch.amp.custom_fwd(args..., device_type='cuda')` instead." % tr.strftime("%Y-%m-%d %H:%M:%S")], 0.01)
            if r % 8 == 0:
                a.radd(r, t0 + S(2), "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]")
        a.radd(0, t0 - S(30), [nemo(t0 - S(30), "I", "megatron_gpt_pretraining:37", "\n\n************** Experiment configuration ***********"),
                                "name: megatron_gpt", "restore_from_path: null", "trainer:", "  devices: 8", "  num_nodes: 16", "  accelerator: gpu",
                                "  precision: bf16-mixed", "  max_steps: 200000", "  val_check_interval: 2000", "exp_manager:",
                                "  explicit_log_dir: /lustre/fs1/proj/p4021/results/gpt20b", "  resume_if_exists: true", "  checkpoint_callback_params:",
                                "    every_n_train_steps: 500", "    save_top_k: 10", "model:", "  micro_batch_size: 2", "  global_batch_size: 512",
                                "  tensor_model_parallel_size: 4", "  pipeline_model_parallel_size: 2", "  dist_ckpt_format: torch_dist",
                                nemo(t0 - S(28), "I", "exp_manager:396", "Experiments will be logged at /lustre/fs1/proj/p4021/results/gpt20b"),
                                nemo(t0 - S(28), "I", "exp_manager:856", "TensorboardLogger has been set up"),
                                nemo(t0 - S(28), "W", "exp_manager:966", "The checkpoint callback was told to monitor a validation value and trainer's max_steps was set to 200000. Please ensure that max_steps will run for at least 1 epochs to ensure that checkpointing will not error out."),
                                nemo(t0 - S(27), "I", "exp_manager:450", "Resuming training from checkpoint: %s/megatron_gpt--val_loss=2.14-step=%d-consumed_samples=%d.0-last" % (CK, resume[k], resume[k] * 512)),
                                nemo(t0 - S(20), "I", "megatron_init:269", "Rank 0 has data parallel group : [0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120]"),
                                nemo(t0 - S(20), "I", "megatron_init:278", "All data parallel group ranks with context parallel combined: [[0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120], ...]"),
                                nemo(t0 - S(20), "I", "megatron_init:306", "Rank 0 has model parallel group: [0, 1, 2, 3, 4, 5, 6, 7]"),
                                nemo(t0 - S(19), "I", "tokenizer_utils:183", "Getting Megatron tokenizer for pretrained model name: megatron-gpt-345m, custom vocab file: None, and merges file: None"),
                                nemo(t0 - S(10), "I", "megatron_gpt_model:1561", "Pipeline model parallel rank: 0, Tensor model parallel rank: 0, Number of model parameters on device: 2.56e+09. Number of precise model parameters on device: 2561794048."),
                                "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]",
                                nemo(t0 + S(30), "I", "nemo_model_checkpoint:270", "Restored checkpoint from %s" % CK)], 0.01)
        tt = a.t_ready
        tstep = 3.59
        step = resume[k]
        el = 0.0
        while step < stop[k]:
            inc = min(10, stop[k] - step)
            step += inc
            el += inc * tstep * (1 + rng.uniform(-0.01, 0.01))
            tt = a.t_ready + S(el)
            if step % 10 == 0:
                a.radd(0, tt, nemo_bar(step, 200000, el, loss_at(step, 1.95, 1.6, 6000, rng), step * 512.0, tstep))
            if step % 500 == 0 and step != stop[k]:
                a.radd(0, tt + S(0.2), nemo(tt, "I", "nemo_model_checkpoint:497", "Scheduled async checkpoint save for %s/megatron_gpt--val_loss=2.1%d-step=%d-consumed_samples=%d.0.ckpt" % (CK, step % 7, step, step * 512)))
                a.radd(0, tt + S(41), nemo(tt + S(41), "I", "nemo_model_checkpoint:420", "Async checkpoint save for step %d (%s/megatron_gpt--val_loss=2.1%d-step=%d-consumed_samples=%d.0.ckpt) finalized successfully." % (step + 1, CK, step % 7, step, step * 512)))
        tx = tt + S(0.3)
        if k == 0:
            cul, cl = "hpc-g009", 4
            r = a.rank(cul, cl)
            dd = dmesg_boot(cul, D("2024-06-30 14:00:05"), rng, n_noise=20)
            dd += [(tx - S(0.5), xid(HGX_BUS[cl], 95, a.pids[cul][cl], "python", "Uncontained: FBHUB. RST: Yes, D-RST: No"))]
            b.put("attempt_0/hpc-g009/dmesg.txt", render_dmesg(dd))
            for l in range(8):
                rr = a.rank(cul, l)
                a.radd(rr, tx + S(0.2 + l * 0.01), cuda_err_tb(rr, "", [
                    ("/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", 42, "main", "trainer.fit(model)"),
                    ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/trainer.py", 538, "fit", "call._call_and_handle_interrupt("),
                    ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/training_epoch_loop.py", 250, "advance", "batch_output = self.automatic_optimization.run(trainer.optimizers[0], batch_idx, kwargs)"),
                    ("/usr/local/lib/python3.10/dist-packages/megatron/core/pipeline_parallel/schedules.py", 1366, "forward_backward_pipelining_without_interleaving", "input_tensor_grad = backward_step(")],
                    "RuntimeError: CUDA error: uncorrectable ECC error encountered", CUDA_ASYNC[:3]), 0.001)
            so = ["srun: error: hpc-g009: task 68: Exited with exit code 1",
                  "srun: launch/slurm: _step_signal: Terminating StepId=%d.0" % jid,
                  srun_cancel_lines(jid, "hpc-g001", tx + S(2)),
                  "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."]
            state = "FAILED"
        else:
            so = []
            fr = sorted(rng.sample(range(128), 23) + [0])
            tail = "megatron_gpt--val_loss=2.11-step=15000-consumed_samples=7680000.0"
            a.radd(0, tx, nemo(tx, "I", "nemo_model_checkpoint:497", "Scheduled async checkpoint save for %s/%s.ckpt" % (CK, tail)))
            te = tx + S(38)
            for h in show:
                if h not in nodes:
                    continue
                for l in (0, 3, 5):
                    rr = a.rank(h, l)
                    a.radd(rr, te + S(rng.random()), [
                        "[rank%d]: Traceback (most recent call last):" % rr,
                        '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/megatron/core/dist_checkpointing/strategies/filesystem_async.py", line 225, in write_preloaded_data' % rr,
                        '[rank%d]:     with open(file_name, "wb") as stream:' % rr,
                        "[rank%d]: OSError: [Errno 122] Disk quota exceeded: '%s/%s/__%d_%d.distcp'" % (rr, CK, tail, rr, l % 2)], 0.001)
            tb = ["Traceback (most recent call last):",
                  '  File "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", line 42, in main', "    trainer.fit(model)",
                  '  File "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/callbacks/model_checkpoint.py", line 383, in _save_checkpoint', "    trainer.save_checkpoint(filepath, self.save_weights_only)",
                  '  File "/opt/NeMo/nemo/utils/callbacks/dist_ckpt_io.py", line 237, in save_checkpoint', "    return dist_checkpointing.save(",
                  '  File "/usr/local/lib/python3.10/dist-packages/megatron/core/dist_checkpointing/strategies/async_utils.py", line 214, in maybe_finalize_async_calls', "    finalize_fn()",
                  '  File "/usr/local/lib/python3.10/dist-packages/megatron/core/dist_checkpointing/strategies/state_dict_saver.py", line 144, in save_state_dict_async_finalize', '    raise CheckpointException("write", node_failures)',
                  "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys(%s)" % fr,
                  "Traceback: (RANK 0)", "Traceback (most recent call last):",
                  '  File "/usr/local/lib/python3.10/dist-packages/megatron/core/dist_checkpointing/strategies/filesystem_async.py", line 225, in write_preloaded_data',
                  '    with open(file_name, "wb") as stream:',
                  "OSError: [Errno 122] Disk quota exceeded: '%s/%s/__0_0.distcp'" % (CK, tail)]
            for h in nodes:
                if h not in show:
                    continue
                rr = a.rank(h, 0)
                a.radd(rr, te + S(3), ["[rank%d]: %s" % (rr, x) for x in tb], 0.001)
            so = ["srun: error: hpc-g001: task 0: Exited with exit code 1",
                  "srun: launch/slurm: _step_signal: Terminating StepId=%d.0" % jid,
                  srun_cancel_lines(jid, "hpc-g001", te + S(5)),
                  "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."]
            tx = te
            state = "FAILED"
        for h in nodes:
            if h in show:
                a.add(h, tx + S(5), srun_cancel_lines(jid, h, tx + S(5)))
        for h in list(a.logs):
            if h not in show:
                a.logs[h] = Log()
        a.write("attempt_%d" % k, lambda h, j=jid: "log-nemo-gpt20b_%d_%s.out" % (j, h))
        nl = "hpc-g[001-016]" if k == 0 else "hpc-g[001-008,010-017]"
        b.put("attempt_%d/hpc-g001/slurm-%d.out" % (k, jid), ["NODELIST=%s" % nl, "container: nvcr.io/nvidia/nemo:24.05"] + so)
        sacct.append(sacct_row(str(jid), "nemo-gpt20b", "batch", "p4021", 2048, state, "1:0", t, tx + S(40), nl))
        t = tx + S(900 + rng.randint(0, 900))
    tq = t - S(600)
    b.put("lfs_quota.txt", ["$ date; lfs quota -h -p 4021 /lustre/fs1", f_ctime(tq),
                            "Disk quotas for prj 4021 (pid 4021):",
                            "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
                            "    /lustre/fs1    100T*    100T    100T 6d23h41m  1288412       0       0       -",
                            "$ lfs df -h /lustre/fs1 | tail -1",
                            "filesystem_summary:         3.4P        1.4P        2.0P  41% /lustre/fs1",
                            "$ du -sh --apparent-size %s | tail -3" % CK,
                            "4.1T\t%s/megatron_gpt--val_loss=2.14-step=14500-consumed_samples=7424000.0-last" % CK,
                            "2.7T\t%s/megatron_gpt--val_loss=2.11-step=15000-consumed_samples=7680000.0" % CK,
                            "98T\t%s" % CK])
    b.put("sacct.txt", sacct)
    b.set_label("storage", "infrastructure", None, None, "stop",
                "Attempt 0 lost hpc-g009 to an Xid 95; that node is gone from later attempts. Attempts 1 and 2 both fail at the step-15000 "
                "checkpoint with EDQUOT (Errno 122) from ranks on every node; lfs quota shows project 4021 at its 100T hard limit while the "
                "filesystem is only 41% full. It will fail again until space is freed or the quota raised.",
                "https://docs.nvidia.com/nemo-framework/user-guide/latest/nemotoolkit/checkpoints/intro.html")
    return b


def mpirun_abort(jobid, rank, ec=1):
    return ["--------------------------------------------------------------------------",
            "Primary job  terminated normally, but 1 process returned",
            "a non-zero exit code. Per user-direction, the job has been aborted.",
            "--------------------------------------------------------------------------",
            "--------------------------------------------------------------------------",
            "mpirun detected that one or more processes exited with non-zero status, thus causing",
            "the job to be terminated. The first process to do so was:",
            "",
            "  Process name: [[%d,1],%d]" % (jobid, rank),
            "  Exit code:    %d" % ec,
            "--------------------------------------------------------------------------"]


def case_bp06():
    b = Bundle("bp06_ib_errors_at_random_steps_five_tries", 7106)
    rng = b.rng
    nodes = ["sc2-r14-n%02d" % i for i in range(1, 7)] + ["sc2-r15-n%02d" % i for i in range(1, 7)]
    ips = {h: "10.44.%d.%d" % (14 if "r14" in h else 15, int(h[-2:]) + 10) for h in nodes}
    gpn = 8
    resume = [0, 500, 2000, 2500, 3000]
    fail = [812, 2301, 2577, 3320, 3044]
    pairs = [("sc2-r14-n03", 7, "sc2-r15-n02", 0), ("sc2-r15-n04", 0, "sc2-r14-n05", 7), ("sc2-r14-n01", 3, "sc2-r15-n06", 3),
             ("sc2-r15-n01", 7, "sc2-r14-n06", 0), ("sc2-r14-n02", 5, "sc2-r15-n05", 5)]
    t = D("2024-08-13 19:30:00")
    ufm = []
    spine_ports = [(17, 33), (21, 37), (17, 33), (9, 41), (21, 37)]
    for k in range(5):
        L = Log()
        jid = 20117 + k * 311
        rk = lambda h, l: nodes.index(h) * gpn + l
        tag = lambda r, o="stderr": "[1,%d]<%s>:" % (r, o)
        L.add(t, "+ mpirun -np 96 -npernode 8 --hostfile hosts.txt --tag-output --bind-to none -x NCCL_DEBUG=WARN -x NCCL_IB_HCA=mlx5_0,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_9,mlx5_10,mlx5_11 -x MASTER_ADDR=sc2-r14-n01 -x MASTER_PORT=23456 python train_llm.py --cfg cfg/llm_30b.yaml --resume auto")
        t0 = t + S(20)
        for r in range(96):
            L.add(t0 + S(rng.random() * 5), tag(r) + "[W%d %s socket.cpp:464] [c10d] The server socket has failed to bind to [::]:23456 (errno: 98 - Address already in use)." % (t0.month * 100 + t0.day, t0.strftime("%H:%M:%S.%f")) if (r == 0 and k == 3) else
                  tag(r, "stdout") + "rank %d/96 local_rank %d host %s: cuda:%d ready" % (r, r % 8, nodes[r // 8], r % 8))
        L.add(t0 + S(8), tag(0, "stdout") + "loaded cfg/llm_30b.yaml: n_layer=60 d_model=6656 seq=4096 mbs=1 gbs=768 zero=1 lr=1.2e-4")
        if resume[k]:
            L.add(t0 + S(9), tag(0, "stdout") + "resuming from /gpfs/ckpt/llm30b/step_%06d (optimizer shards 96/96)" % resume[k])
            L.add(t0 + S(131), tag(0, "stdout") + "checkpoint restored in 122.4s")
        tt = t0 + S(140)
        step = resume[k]
        while step < fail[k]:
            nxt = min(fail[k], (step // 10 + 1) * 10)
            tt += S((nxt - step) * 2.94 * (1 + rng.uniform(-0.01, 0.01)))
            step = nxt
            if step % 10 == 0:
                L.add(tt, tag(0, "stdout") + "step %5d | loss %.4f | gnorm %.3f | %.2f s/it | %.2fM tok/s" % (step, loss_at(step, 2.2, 6.0, 900, rng), 0.4 + rng.random() * 0.3, 2.94 + rng.uniform(-0.03, 0.03), 1.07 + rng.uniform(-0.01, 0.01)))
            if step % 500 == 0 and step != resume[k]:
                L.add(tt + S(1), tag(0, "stdout") + "saved checkpoint /gpfs/ckpt/llm30b/step_%06d in 88.1s" % step)
                tt += S(89)
        tx = tt + S(1.4)
        h1, l1, h2, l2 = pairs[k]
        sp, lp = spine_ports[k]
        leaf = "sw-leaf-r15" if k % 2 == 0 else "sw-leaf-r14"
        ufm.append("%s ufm-01 UFM[3511]: [Event 329] Severity: Warning | Object: sw-spine-02 / port %d | Description: Link went down: sw-spine-02:%d <-> %s:%d" % (f_ms(tx - S(2.7)), sp, sp, leaf, lp))
        ufm.append("%s ufm-01 UFM[3511]: [Event 328] Severity: Info | Object: sw-spine-02 / port %d | Description: Link went up: sw-spine-02:%d <-> %s:%d" % (f_ms(tx + S(9.1)), sp, sp, leaf, lp))
        for (h, l, ph) in ((h1, l1, h2), (h2, l2, h1)):
            r = rk(h, l)
            pid = 40000 + r * 3 + k
            te = tx + S(0.2 if h == h1 else 0.9)
            for x in remote_err_lines(h, pid, l, ips[ph], 51000 + r, r, te, version="2.20.5", local_ip=ips[h]):
                L.add(te, tag(r) + x)
            for x in nccl_remote_err_tb(r, "", [("/home/svc-llm/train_llm.py", 388, "<module>", "main(cfg)"),
                                               ("/home/svc-llm/train_llm.py", 341, "main", "loss = train_step(model, batch, opt)"),
                                               ("/home/svc-llm/train_llm.py", 219, "train_step", "dist.all_reduce(flat, op=dist.ReduceOp.SUM, group=dp_group)"),
                                               ("/usr/lib/python3/dist-packages/torch/distributed/c10d_logger.py", 79, "wrapper", "return func(*args, **kwargs)"),
                                               ("/usr/lib/python3/dist-packages/torch/distributed/distributed_c10d.py", 2288, "all_reduce", "work = group.allreduce([tensor], opts)")],
                                        "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (ips[ph], 51000 + r, ips[h], ips[ph]),
                                        version="2.20.5"):
                L.add(te + S(0.3), tag(r) + x)
        L.addl(tx + S(1.9), mpirun_abort(jid, rk(h1, l1)))
        b.put("attempt_%d/sc2-r14-n01/mpirun.log" % k, L.render())
        b.put("attempt_%d/hosts.txt" % k, ["%s slots=8" % h for h in nodes])
        # both endpoints look healthy from the host side
        for h in (h1, h2):
            b.put("attempt_%d/%s/ibstat.txt" % (k, h), ibstat(["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"], rng=rng, lid0=200 + nodes.index(h) * 8))
            hca = ["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"][l1 if h == h1 else l2]
            b.put("attempt_%d/%s/perfquery_%s.txt" % (k, h, hca), perfquery(200 + nodes.index(h) * 8, {"PortXmitWait": rng.randint(100000, 900000), "PortRcvRemotePhysicalErrors": rng.randint(0, 3)}))
            dd = dmesg_boot(h, D("2024-08-01 06:00:00") + S(nodes.index(h) * 61), rng, n_noise=30)
            b.put("attempt_%d/%s/dmesg.txt" % (k, h), render_dmesg(dd))
        t = tx + S(600 + rng.randint(0, 900))
    for i in range(14):
        tn = D("2024-08-13 19:00:00") + S(i * 3600 + rng.randint(0, 3000))
        ufm.append("%s ufm-01 UFM[3511]: [Event 110] Severity: Minor | Object: sw-spine-02 / port %d | Description: Symbol error counter rate exceeded threshold (%.1f per sec)" % (f_ms(tn), rng.choice([9, 17, 21]), 1.2 + rng.random() * 4))
    for i in range(10):
        tn = D("2024-08-13 19:00:00") + S(i * 5000 + rng.randint(0, 3000))
        ufm.append("%s ufm-01 UFM[3511]: [Event 64] Severity: Info | Object: Grid | Description: Periodic fabric health report: 0 new critical, %d warnings" % (f_ms(tn), rng.randint(1, 6)))
    b.put("ufm_events.log", sorted(ufm))
    b.put("topology.json", json.dumps({"topology": {"sw-leaf-r14": nodes[:6], "sw-leaf-r15": nodes[6:]}, "spines": ["sw-spine-01", "sw-spine-02"]}, indent=2))
    b.set_label("network", "infrastructure", None, None, "restart",
                "Five attempts died at unrelated steps (812, 2301, 2577, 3320, 3044) with IB retry-exceeded errors between a different pair of "
                "nodes each time, always one under leaf r14 and one under leaf r15; the hosts' HCAs are Active with clean counters, and every failure "
                "matches a sw-spine-02 link flap in the UFM log. A shared fabric problem with no node to blame.",
                "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#networking-issues")
    return b


def hf_log(step, loss, gn, lr, epoch):
    return "{'loss': %.4f, 'grad_norm': %.6f, 'learning_rate': %.15e, 'epoch': %.2f}" % (loss, gn, lr, epoch)


def case_bp07():
    b = Bundle("bp07_sft_job_keeps_dying_on_nccl_errors", 7107)
    rng = b.rng
    nodes = ["rk-gpu-%02d" % i for i in range(17, 23)]
    pods = ["llama-sft-master-0"] + ["llama-sft-worker-%d" % i for i in range(5)]
    ips = {h: "10.4.3.%d" % int(h[-2:]) for h in nodes}
    cul = "rk-gpu-22"
    t = D("2024-09-03 07:12:30")
    fails = [1184, 2977, 2210]
    resume = [0, 1000, 2000]
    accusers = [("rk-gpu-21", 2), ("rk-gpu-17", 2), ("rk-gpu-19", 2)]
    ev = []
    d22 = dmesg_boot(cul, D("2024-08-27 11:30:00"), rng, hca=("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"), n_noise=30)
    total_steps = 4686
    for k in range(3):
        a = Attempt(b, nodes, 8, t, style="new", script="sft.py", port=23456, restart_count=0, nccl_info=True, tee=False,
                    ips=ips, hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"], ifname="eth0", net="RoCE", master="llama-sft-master-0",
                    nccl_version="2.20.5", cuda="12.4")
        for h in nodes:
            a.add(h, a.t_init - S(10), ["/usr/local/lib/python3.10/dist-packages/transformers/training_args.py:1525: FutureWarning: `evaluation_strategy` is deprecated and will be removed in version 4.46 of \U0001F917 Transformers. Use `eval_strategy` instead",
                                        "  warnings.warn("])
        tt = a.t_ready
        a.radd(0, tt - S(5), ["***** Running training *****", "  Num examples = 1,199,616", "  Num Epochs = 3", "  Instantaneous batch size per device = 4",
                              "  Total train batch size (w. parallel, distributed & accumulation) = 768", "  Gradient Accumulation steps = 4",
                              "  Total optimization steps = %d" % total_steps, "  Number of trainable parameters = 8,030,261,248"] +
               (["  Continuing training from checkpoint, will skip to saved global_step", "  Continuing training from epoch 0",
                 "  Continuing training from global step %d" % resume[k]] if resume[k] else []), 0.01)
        step = resume[k]
        while step < fails[k]:
            step += 10
            tt += S(10 * 3.31 * (1 + rng.uniform(-0.01, 0.01)))
            if step > fails[k]:
                break
            a.radd(0, tt, hf_log(step, loss_at(step, 0.92, 0.7, 700, rng, 0.02), 0.9 + rng.random(), 2e-5 * (1 - step / total_steps), 3.0 * step / total_steps))
            if step % 500 == 0:
                a.radd(0, tt + S(2), "Saving model checkpoint to /mnt/shared/ckpt/llama3-8b-sft/checkpoint-%d" % step)
                tt += S(64)
        tx = tt + S(2.0)
        # the fault: rk-gpu-22 port flaps
        d22 += [(tx - S(1.4), "mlx5_core 0000:9c:00.0 eth2: Link down"),
                (tx + S(6.3), "mlx5_core 0000:9c:00.0 eth2: Link up"),
                (tx + S(6.5), "IPv6: ADDRCONF(NETDEV_CHANGE): eth2: link becomes ready")]
        p22 = a.pids[cul][4]
        a.add(cul, tx - S(1.3), "%s:%d:%d [4] NCCL WARN NET/IB : mlx5_2:1 Got async event : port error" % (cul, p22, p22 + 677))
        a.add(cul, tx - S(1.3), "%s:%d:%d [5] NCCL WARN NET/IB : mlx5_2:1 Got async event : port error" % (cul, a.pids[cul][5], a.pids[cul][5] + 677))
        ah, al = accusers[k]
        fl = {}
        for j, (h, l) in enumerate([(ah, al), (ah, al + 1)]):
            r = a.rank(h, l)
            te = tx + S(0.5 + j * 0.2)
            a.radd(r, te, remote_err_lines(h, a.pids[h][l], l, ips[cul], 36000 + r, r, te, version="2.20.5", local_ip=ips[h]))
            a.radd(r, te + S(0.1), nccl_remote_err_tb(r, "", [
                ("/app/sft.py", 211, "<module>", "trainer.train(resume_from_checkpoint=args.resume)"),
                ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 1938, "train", "return inner_training_loop("),
                ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 2279, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
                ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 3349, "training_step", "self.accelerator.backward(loss, **kwargs)"),
                ("/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward(")],
                "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (ips[cul], 36000 + r, ips[h], ips[cul]),
                version="2.20.5"), 0.001)
            fl.setdefault(h, []).append(dict(rank=r, local=l, exitcode=1, pid=a.pids[h][l], time=te + S(1.5), host=h))
        wd = a.watchdog_all(tx + S(1800.4), 98211 + k, "_ALLGATHER_BASE", 65536000, timeout_ms=1800000,
                            hosts=[h for h in nodes if h != ah], skip=set())
        for h in nodes:
            ff = fl.get(h) or wd.get(h)
            a.teardown(h, max(f["time"] for f in ff) + S(0.5), ff)
        a.write("attempt_%d" % k, lambda h: "pod-%s.log" % pods[nodes.index(h)])
        ev += ["%s   Warning   Failed        pod/%s   Container pytorch exited with code 1 (restart %d)" % (f_iso(tx + S(2)), pods[nodes.index(ah)], k),
               "%s   Normal    Killing       pod/llama-sft-master-0   Stopping container pytorch" % f_iso(tx + S(1805)),
               "%s   Normal    Pulled        pod/llama-sft-master-0   Container image \"harbor.rk.local/ml/llm-train:2024.08.2\" already present on machine" % f_iso(tx + S(1840)),
               "%s   Normal    Started       pod/llama-sft-master-0   Started container pytorch" % f_iso(tx + S(1841))]
        t = tx + S(1850)
    tc = t + S(120)
    b.put("attempt_2/%s/dmesg.txt" % cul, render_dmesg(d22))
    eth = lambda crc, sym, ld: ["NIC statistics:", "     rx_packets: 9812231177", "     tx_packets: 9811093412", "     rx_bytes: 84412293371121",
                                "     tx_bytes: 84401120044312", "     rx_out_of_buffer: 0", "     rx_discards_phy: %d" % (crc // 3),
                                "     rx_crc_errors_phy: %d" % crc, "     rx_symbol_err_phy: %d" % sym, "     rx_corrected_bits_phy: %d" % (sym * 41 + 1200),
                                "     link_down_events_phy: %d" % ld, "     tx_pause_ctrl_phy: 1822", "     rx_pause_ctrl_phy: 30911",
                                "     rx_prio3_buf_discard: 0", "     tx_prio3_pause: 1820", "     rx_prio3_pause: 30911"]
    b.put("attempt_2/%s/ethtool-S-eth2.txt" % cul, ["$ ethtool -S eth2 | egrep 'packets|bytes|phy|prio3|out_of'   # %s" % f_iso(tc)] + eth(412877, 1904311, 14))
    for h in ("rk-gpu-21", "rk-gpu-17"):
        b.put("attempt_2/%s/ethtool-S-eth2.txt" % h, ["$ ethtool -S eth2 | egrep 'packets|bytes|phy|prio3|out_of'   # %s" % f_iso(tc)] + eth(0, 12, 1))
    b.put("kubectl-get-events.txt", ["LAST SEEN              TYPE      REASON        OBJECT                       MESSAGE"] + ev)
    b.put("kubectl-get-pods.txt", ["NAME                   READY   STATUS    RESTARTS       AGE    IP            NODE"] +
          ["%-22s 1/1     Error     %d (4m ago)     9h     10.233.%d.%d   %s" % (p, 2, 60 + i, 10 + i, nodes[i]) for i, p in enumerate(pods)])
    b.set_label("network", "infrastructure", cul, None, "restart_without_node",
                "Three restarts failed at unrelated steps, each time with RoCE retry-exceeded errors on a different accusing rank, but every one names "
                "peer 10.4.3.22 (rk-gpu-22). rk-gpu-22's ranks saw 'mlx5_2:1 Got async event : port error', its eth2 flaps Link down/up at each "
                "failure, and ethtool shows CRC/symbol errors and 14 link-down events there only.",
                "https://enterprise-support.nvidia.com/s/article/understanding-mlx5-ethtool-counters")
    return b


def agent_success(log, t, style, host):
    API = "torch.distributed.elastic.agent.server.api"
    log.add(t, agent_line(style, t, API, "INFO", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish.", host))
    log.add(t, agent_line(style, t, "torch.distributed.elastic.agent.server.api", "INFO", "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish", host))
    log.add(t + S(2.1), agent_line(style, t + S(2.1), API, "INFO", "Done waiting for other agents. Elapsed: 2.0843122005462646 seconds", host))


def agent_sigterm(log, t, style, host, pids, agent_pid):
    API = "torch.distributed.elastic.agent.server.api"
    MP = "torch.distributed.elastic.multiprocessing.api"
    log.add(t, agent_line(style, t, API, "WARNING", "Received Signals.SIGTERM death signal, shutting down workers", host))
    for i, p in enumerate(pids):
        log.add(t + S(0.001 * i), agent_line(style, t + S(0.001 * i), MP, "WARNING", "Sending process %d closing signal SIGTERM" % p, host))
    log.addl(t + S(2), ["Traceback (most recent call last):",
                        '  File "/usr/local/bin/torchrun", line 33, in <module>',
                        "    sys.exit(load_entry_point('torch', 'console_scripts', 'torchrun')())",
                        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 348, in wrapper',
                        "    return f(*args, **kwargs)",
                        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 901, in main',
                        "    run(args)",
                        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 255, in launch_agent',
                        "    result = agent.run()",
                        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", line 680, in run',
                        "    result = self._invoke_run(role)",
                        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", line 835, in _invoke_run',
                        "    time.sleep(monitor_interval)",
                        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/api.py", line 79, in _terminate_process_handler',
                        '    raise SignalException(f"Process {os.getpid()} got signal: {sigval}", sigval=sigval)',
                        "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % agent_pid])


def pg_not_destroyed(r, t):
    return "[rank%d]:[W%d %s.%09d ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % (
        r, t.month * 100 + t.day, t.strftime("%H:%M:%S"), t.microsecond * 1000 + r)


def case_bp08():
    b = Bundle("bp08_two_crashes_then_third_run", 7108)
    rng = b.rng
    sets = [["ml-h100-%02d" % i for i in (1, 2, 3, 4)]] * 2 + [["ml-h100-%02d" % i for i in (1, 2, 4, 5)]]
    jobs = [118821, 118874, 118903]
    t = D("2024-10-02 20:15:00")
    total = 3510
    resume = [0, 1200, 2100]
    fails = [1377, 2188, None]
    cul, cl = "ml-h100-03", 5
    sacct = list(SACCT_HDR)
    d03 = dmesg_boot(cul, D("2024-09-30 08:20:00"), rng, n_noise=20)
    for k in range(3):
        nodes = sets[k]
        jid = jobs[k]
        a = Attempt(b, nodes, 8, t, style="new", script="dpo_train.py", port=29500, nccl_info=False, tee=False, master=nodes[0])
        for h in nodes:
            a.add(h, t - S(3), ["The following values were not passed to `accelerate launch` and had defaults used instead:",
                                "\t`--dynamo_backend` was set to a value of `'no'`",
                                "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`."])
        tt = a.t_ready
        a.radd(0, tt - S(4), ["***** Running training *****", "  Num examples = 359,424", "  Num Epochs = 3", "  Instantaneous batch size per device = 8",
                              "  Total train batch size (w. parallel, distributed & accumulation) = 1,024", "  Gradient Accumulation steps = 4",
                              "  Total optimization steps = %d" % total, "  Number of trainable parameters = 7,241,732,096"] +
               (["  Continuing training from checkpoint, will skip to saved global_step", "  Continuing training from global step %d" % resume[k]] if resume[k] else []), 0.01)
        end = fails[k] or total
        step = resume[k]
        while step < end:
            step = min(end, step + 10)
            tt += S(10 * 8.61 * (1 + rng.uniform(-0.01, 0.01)))
            if step % 10 == 0:
                a.radd(0, tt, "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.3e, 'rewards/chosen': %.4f, 'rewards/rejected': %.4f, 'rewards/accuracies': %.4f, 'rewards/margins': %.4f, 'epoch': %.2f}" % (
                    loss_at(step, 0.42, 0.27, 900, rng, 0.02), 8 + rng.random() * 6, 5e-7 * (1 - step / total), 0.4 + rng.random(), -1.2 - rng.random(), 0.78 + rng.random() * 0.1, 1.7 + rng.random(), 3.0 * step / total))
            if step % 300 == 0:
                a.radd(0, tt + S(1), "Saving model checkpoint to /data/runs/mistral-7b-dpo/checkpoint-%d" % step)
                tt += S(71)
        if fails[k]:
            tx = tt + S(3.2)
            d03 += fell_off_bus(tx, HGX_BUS[cl], 1654922188120)
            r = a.rank(cul, cl)
            pid = a.pids[cul][cl]
            a.radd(r, tx + S(1.1), cuda_watchdog_err(r, tx + S(1.1), "CUDA error: unspecified launch failure"))
            ff = {cul: [dict(rank=r, local=cl, exitcode=-6, pid=pid, time=tx + S(1.8), host=cul)]}
            wd = a.watchdog_all(tx + S(1800.1), 71120 + k * 9000, "ALLREDUCE", 262144000, hosts=[h for h in nodes if h != cul], timeout_ms=1800000)
            for h in nodes:
                f = ff.get(h) or wd[h]
                a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
            te = tx + S(1802)
            sacct.append(sacct_row(str(jid), "dpo-mistral", "h100", "align", 768, "FAILED", "1:0", t, te, ",".join(nodes)))
            b.put("attempt_%d/%s/dmesg.txt" % (k, cul), render_dmesg(d03))
            d03 = dmesg_boot(cul, tx + S(2400), rng, n_noise=3)
        else:
            tf = tt + S(5)
            a.radd(0, tf, ["", "", "Training completed. Do not forget to share your model on huggingface.co/models =)", "", "",
                           "{'train_runtime': %.4f, 'train_samples_per_second': %.3f, 'train_steps_per_second': %.3f, 'train_loss': %.4f, 'epoch': 3.0}" % (
                               (tf - a.t_ready).total_seconds(), 117.85, 0.115, 0.5112),
                           "100%%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| %d/%d [%s<00:00,  8.61s/it]" % (total, total, "3:28:41"),
                           "Saving model checkpoint to /data/runs/mistral-7b-dpo/final",
                           "Configuration saved in /data/runs/mistral-7b-dpo/final/config.json",
                           "Model weights saved in /data/runs/mistral-7b-dpo/final/model.safetensors"], 0.5)
            for h in nodes:
                for l in range(8):
                    r = a.rank(h, l)
                    a.radd(r, tf + S(40 + rng.random()), pg_not_destroyed(r, tf + S(40)))
                agent_success(a.logs[h], tf + S(43), a.style, h)
            te = tf + S(46)
            sacct.append(sacct_row(str(jid), "dpo-mistral", "h100", "align", 768, "COMPLETED", "0:0", t, te, ",".join(nodes)))
        a.write("attempt_%d" % k, "accelerate_%d.log" % jid)
        t = te + S(1800 + rng.randint(0, 600))
    b.put("sacct.txt", sacct)
    b.set_label("unknown", "framework", None, None, "none",
                "Attempts 0 and 1 both lost ml-h100-03's GPU 5 to Xid 79, but the third run without that node trained to step 3510, "
                "saved the final model and every agent reported SUCCEEDED (sacct COMPLETED); the process-group warning is exit noise. Nothing to do now for this job.",
                "https://pytorch.org/docs/stable/elastic/run.html")
    return b


def case_bp09():
    b = Bundle("bp09_requeued_job_ended_during_third_run", 7109)
    rng = b.rng
    n0 = ["hgx-q%02d" % i for i in (1, 2, 3, 4)]
    n1 = ["hgx-q%02d" % i for i in (1, 2, 3, 5)]
    jid = 2281931
    t = D("2024-08-02 02:10:44")
    fails = [(2210, "xid74"), (4030, "timeout"), (None, "cancel")]
    resume = [1000, 2000, 4000]
    ctl = []
    for k in range(3):
        nodes = n0 if k == 0 else n1
        a = Attempt(b, nodes, 8, t, style="new", script="torchtitan/train.py --job.config_file train_configs/llama3_8b.toml", port=29500,
                    nccl_info=(k == 0), tee=True, restart_count=0)
        tt = a.t_ready
        tl = lambda tt, m: "[rank0]:[titan] %s - root - INFO - %s" % (f_agent(tt), m)
        a.radd(0, tt - S(30), [tl(tt - S(30), "Starting job: Llama 3 8B training"),
                                tl(tt - S(30), "Building 1-D device mesh with ['dp_shard'], [32]"),
                                tl(tt - S(28), "Building llama3 8B with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm')"),
                                tl(tt - S(20), "Applied FSDP to the model"),
                                tl(tt - S(6), "Loading the checkpoint at step %d." % resume[k]),
                                tl(tt - S(1), "Finished loading the checkpoint in 5.31 seconds."),
                                tl(tt, "Training starts at step %d, with local batch size 2, global batch size 64, sequence length 8192, total steps 30000 (warmup 200)" % (resume[k] + 1))], 0.01)
        end, kind = fails[k]
        stop = end or 9999999
        step = resume[k]
        while step < stop:
            step += 10
            tt += S(10 * 2.83 * (1 + rng.uniform(-0.01, 0.01)))
            if kind == "cancel" and tt > D("2024-08-02 14:02:11") - S(3):
                break
            a.radd(0, tt, tl(tt, "step: %5d  loss: %7.4f  memory: 61.23GiB(77.41%%)  tps: %d  tflops: %.2f  mfu: %.2f%%" % (
                step, loss_at(step, 2.6, 6.0, 1500, rng, 0.04), 5790 + rng.randint(0, 90), 335 + rng.random() * 5, 33.9 + rng.random() * 0.5)))
            if step % 500 == 0:
                a.radd(0, tt + S(1), tl(tt + S(1), "Saving a full checkpoint at last step, step %d." % step) if False else tl(tt + S(1), "Saving the checkpoint (or staging if async is enabled)."))
                a.radd(0, tt + S(22), tl(tt + S(22), "Finished saving the checkpoint (or staging if async is enabled)in 21.07 seconds."))
                tt += S(22)
        tx = tt + S(2)
        if kind == "xid74":
            cul, cl = "hgx-q04", 2
            r = a.rank(cul, cl)
            pid = a.pids[cul][cl]
            dd = dmesg_boot(cul, D("2024-07-25 13:00:00"), rng, n_noise=20)
            dd += [(tx - S(0.4), xid(HGX_BUS[cl], 74, pid, "python3", "NVLink: fatal error detected on link 5(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)")),
                   (tx - S(0.4), xid(HGX_BUS[cl], 74, pid, "python3", "NVLink: fatal error detected on link 6(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"))]
            b.put("attempt_0/hgx-q04/dmesg.txt", render_dmesg(dd))
            a.radd(r, tx, ["%s:%d:%d [%d] NCCL INFO misc/cudawrap.cc:... " % (cul, pid, pid + 12, cl) if False else
                           "%s:%d:%d [%d] proxy.cc:1523 NCCL WARN [Service thread] Error encountered progressing operation=Connect, res=3, closing connection" % (cul, pid, pid + 212, cl),
                           "%s:%d:%d [%d] enqueue.cc:1522 NCCL WARN Cuda failure 'an illegal memory access was encountered'" % (cul, pid, pid + 190, cl)])
            a.radd(r, tx + S(0.4), cuda_watchdog_err(r, tx + S(0.4), "CUDA error: an illegal memory access was encountered"))
            ff = {cul: [dict(rank=r, local=cl, exitcode=-6, pid=pid, time=tx + S(1), host=cul)]}
            wd = a.watchdog_all(tx + S(600.2), 88120, "_REDUCE_SCATTER_BASE", 65536000, hosts=[h for h in nodes if h != cul])
            for h in nodes:
                f = ff.get(h) or wd[h]
                a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
            ctl += ["[%s] update_node: node hgx-q04 reason set to: NHC: Xid 74 NVLink fatal on GPU 2" % f_ms(tx + S(60)).replace(" ", "T"),
                    "[%s] update_node: node hgx-q04 state set to DRAINING" % f_ms(tx + S(60)).replace(" ", "T"),
                    "[%s] _job_complete: JobId=%d WEXITSTATUS 1" % (f_ms(tx + S(610)).replace(" ", "T"), jid),
                    "[%s] _slurm_rpc_requeue: Requeue of JobId=%d returned Success usec=211" % (f_ms(tx + S(640)).replace(" ", "T"), jid),
                    "[%s] update_node: node hgx-q04 state set to DRAINED" % f_ms(tx + S(612)).replace(" ", "T")]
            tnext = tx + S(900)
        elif kind == "timeout":
            wd = a.watchdog_all(tx + S(600.1), 160400, "_ALLGATHER_BASE", 65536000)
            for h in nodes:
                a.teardown(h, max(x["time"] for x in wd[h]) + S(0.3), wd[h])
            ctl += ["[%s] _job_complete: JobId=%d WEXITSTATUS 1" % (f_ms(tx + S(610)).replace(" ", "T"), jid),
                    "[%s] _slurm_rpc_requeue: Requeue of JobId=%d returned Success usec=188" % (f_ms(tx + S(660)).replace(" ", "T"), jid)]
            tnext = tx + S(780)
        else:
            tc = D("2024-08-02 14:02:11")
            for h in nodes:
                a.add(h, tc, "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s ***" % (jid, h, f_iso(tc)))
                agent_sigterm(a.logs[h], tc + S(0.2), a.style, h, a.pids[h], a.pids[h][0] - 37)
                for l in range(8):
                    r = a.rank(h, l)
                    if rng.random() < 0.3:
                        a.radd(r, tc + S(1.2 + rng.random()), nccl_remote_err_tb(r, "", [
                            ("/workspace/torchtitan/train.py", 395, "main", "loss.backward()"),
                            ("/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", 521, "backward", "torch.autograd.backward(")],
                            "socketProgress: Connection closed by remote peer %s<%d>" % (a.ips[nodes[(nodes.index(h) + 1) % 4]], 41000 + r), version="2.21.5"), 0.001)
                    else:
                        a.radd(r, tc + S(1.0 + rng.random()), pg_not_destroyed(r, tc + S(1)))
            ctl += ["[%s] _slurm_rpc_kill_job: REQUEST_KILL_JOB JobId=%d uid 41023" % (f_ms(tc - S(0.1)).replace(" ", "T"), jid),
                    "[%s] _job_complete: JobId=%d WTERMSIG 15" % (f_ms(tc + S(4)).replace(" ", "T"), jid),
                    "[%s] _job_complete: JobId=%d done" % (f_ms(tc + S(4)).replace(" ", "T"), jid)]
        a.write("attempt_%d" % k, "torchrun_%s.log" % jid)
        so = ["NODELIST=%s  SLURM_RESTART_COUNT=%d" % (hostlist("hgx-q", [int(h[-2:]) for h in nodes]), k),
              "+ srun --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 8 --tee 3 --rdzv-backend c10d --rdzv-endpoint %s:29500 torchtitan/train.py --job.config_file train_configs/llama3_8b.toml" % nodes[0]]
        if kind == "cancel":
            so += ["slurmstepd: error: *** JOB %d ON hgx-q01 CANCELLED AT 2024-08-02T14:02:11 ***" % jid,
                   "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."]
        else:
            so += ["srun: error: %s: task %d: Exited with exit code 1" % (h, i) for i, h in enumerate(nodes)] + ["+ scontrol requeue %d   # auto-resume wrapper, attempt %d failed" % (jid, k)]
        b.put("attempt_%d/hgx-q01/slurm-%d.out" % (k, jid), so)
        if kind != "cancel":
            t = tnext
    b.put("sacct.txt", SACCT_HDR + [sacct_row(str(jid), "llama3-8b", "gpu", "mlres", 1024, "CANCELLED", "0:15", t, D("2024-08-02 14:02:15"), "hgx-q[01-03,05]"),
                                    sacct_row("%d.batch" % jid, "batch", "", "mlres", 256, "CANCELLED", "0:15", t, D("2024-08-02 14:02:15"), "hgx-q01"),
                                    sacct_row("%d.0" % jid, "torchrun", "", "mlres", 1024, "CANCELLED", "0:15", t + S(3), D("2024-08-02 14:02:14"), "hgx-q[01-03,05]")])
    b.put("scontrol_show_job.txt", ["JobId=%d JobName=llama3-8b" % jid, "   UserId=aokafor(41023) GroupId=mlres(4100) MCS_label=N/A",
                                    "   Priority=18812 Nice=0 Account=mlres QOS=normal",
                                    "   JobState=CANCELLED Reason=None Dependency=(null)",
                                    "   Requeue=1 Restarts=2 BatchFlag=1 Reboot=0 ExitCode=0:15",
                                    "   RunTime=%s TimeLimit=2-00:00:00 TimeMin=N/A" % elapsed_str(t, D("2024-08-02 14:02:15")),
                                    "   SubmitTime=2024-08-02T02:09:12 EligibleTime=%s" % f_iso(t - S(120)),
                                    "   StartTime=%s EndTime=2024-08-02T14:02:15 Deadline=N/A" % f_iso(t),
                                    "   Partition=gpu AllocNode:Sid=login02:881231",
                                    "   ReqNodeList=(null) ExcNodeList=hgx-q04",
                                    "   NodeList=hgx-q[01-03,05]",
                                    "   NumNodes=4 NumCPUs=1024 NumTasks=4 CPUs/Task=256 ReqB:S:C:T=0:0:*:*",
                                    "   TRES=cpu=1024,mem=7800G,node=4,billing=1024,gres/gpu=32",
                                    "   Command=/home/aokafor/jobs/llama3_8b.sbatch",
                                    "   StdOut=/home/aokafor/jobs/logs/slurm-%d.out" % jid])
    b.put("slurmctld.log", sorted(ctl))
    b.set_label("unknown", "framework", None, None, "none",
                "The job was requeued twice (Xid 74 on hgx-q04, then a watchdog timeout), and the third run was training normally until uid 41023 "
                "(the job owner) cancelled it at 14:02:11: scancel/REQUEST_KILL_JOB, CANCELLED in sacct, SIGTERM in every agent. The NCCL errors after that are teardown noise.",
                "https://slurm.schedmd.com/scancel.html")
    return b


def case_bp10():
    b = Bundle("bp10_third_submission_killed_after_12h", 7110)
    rng = b.rng
    n0 = ["dgx-c%02d" % i for i in range(1, 9)]
    n1 = [h for h in n0 if h != "dgx-c06"] + ["dgx-c09"]
    jobs = [66011, 66057, 66120]
    t = D("2024-09-10 08:40:00")
    tlimit = [12 * 3600] * 3
    resume_ep = [(11, 0), (12, 3201), (13, 4410)]
    sacct = list(SACCT_HDR)
    d06 = dmesg_boot("dgx-c06", D("2024-09-01 10:00:00"), rng, bus=A100_BUS, n_noise=20)
    for k in range(3):
        nodes = n0 if k == 0 else n1
        jid = jobs[k]
        L = Log()
        L.add(t, "Running on %s" % hostlist("dgx-c", [int(h[-2:]) for h in nodes]))
        pid = {}
        for r in range(64):
            h = nodes[r // 8]
            tt = t + S(20 + rng.random() * 6)
            L.add(tt, "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/64" % (r, r + 1))
            pid[r] = 30000 + r * 7 + k
        t1 = t + S(40)
        L.addl(t1, ["----------------------------------------------------------------------------------------------------",
                    "distributed_backend=nccl", "All distributed processes registered. Starting with 64 processes",
                    "----------------------------------------------------------------------------------------------------", "",
                    "GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores", "HPU available: False, using: 0 HPUs"], 0.01)
        for r in range(64):
            L.add(t1 + S(2 + rng.random()), "LOCAL_RANK: %d - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]" % (r % 8))
        ep, st = resume_ep[k]
        L.addl(t1 + S(5), ["Restoring states from the checkpoint path at /scratch/vitg/ckpt/last.ckpt" if k else "",
                           "", "  | Name      | Type              | Params | Mode ", "--------------------------------------------------------",
                           "0 | model     | VisionTransformer | 1.8 B  | train", "1 | criterion | CrossEntropyLoss  | 0      | train",
                           "2 | mixup     | Mixup             | 0      | train",
                           "--------------------------------------------------------", "1.8 B     Trainable params", "0         Non-trainable params",
                           "1.8 B     Total params", "7,367.803 Total estimated model params size (MB)",
                           "Restored all states from the checkpoint at /scratch/vitg/ckpt/last.ckpt" if k else "",
                           "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/data_connector.py:424: The 'train_dataloader' does not have many workers which may be a bottleneck. Consider increasing the value of the `num_workers` argument` to `num_workers=11` in the `DataLoader` to improve performance."], 0.01)
        tt = t1 + S(90)
        it_s = 1.22
        endt = t + S(tlimit[k])
        fail_t = {0: t + S(4 * 3600 + 1712), 1: t + S(7 * 3600 + 433), 2: endt}[k]
        while tt < fail_t - S(30):
            st += 50
            if st >= 5004:
                L.add(tt, "Epoch %d: 100%%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 5004/5004 [1:08:22<00:00,  1.22it/s, v_num=8812, train_loss=%.3f, lr=%.5f, val_acc=%.4f]" % (ep, 2.6 - ep * 0.04, 0.00081 - ep * 0.00001, 0.71 + ep * 0.006))
                L.add(tt + S(2), "Epoch %d, global step %d: 'val_acc' reached %.5f (best %.5f), saving model to '/scratch/vitg/ckpt/epoch=%d-val_acc=%.4f.ckpt' as top 3" % (ep, (ep + 1) * 5004, 0.71 + ep * 0.006, 0.71 + ep * 0.006, ep, 0.71 + ep * 0.006))
                ep += 1
                st = 0
                tt += S(95)
                continue
            tt += S(50 / it_s)
            pct = int(100 * st / 5004)
            L.add(tt, "Epoch %d: %3d%%|%-10s| %d/5004 [%s<%s, %.2fit/s, v_num=8812, train_loss=%.3f, lr=%.5f]" % (
                ep, pct, "\u2588" * (pct // 10), st, elapsed_str(tt - S(st / it_s), tt)[3:], elapsed_str(tt, tt + S((5004 - st) / it_s))[3:], it_s + rng.uniform(-0.02, 0.02),
                2.7 - ep * 0.04 + rng.uniform(-0.05, 0.05), 0.00081 - ep * 0.00001))
        tx = fail_t
        if k == 0:
            cl = 1
            d06 += fell_off_bus(tx, A100_BUS[cl], 1562421003311)
            r = 5 * 8 + cl
            L.addl(tx + S(1), cuda_watchdog_err(r, tx + S(1), "CUDA error: unspecified launch failure"), 0.001)
            wd = []
            for rr in range(64):
                if rr // 8 == 5:
                    continue
                te = tx + S(1800 + rng.random() * 3)
                L.addl(te, watchdog(rr, te, 7712011, "ALLREDUCE", 112640000, 1800000), 0.0005)
            L.addl(tx + S(2), ["srun: error: dgx-c06: task 41: Aborted (core dumped)"])
            L.addl(tx + S(1805), ["srun: error: %s: tasks %d-%d: Aborted (core dumped)" % (h, i * 8, i * 8 + 7) for i, h in enumerate(nodes) if h != "dgx-c06"])
            b.put("attempt_0/dgx-c06/dmesg.txt", render_dmesg(d06))
            state, ec, te = "FAILED", "134:0", tx + S(1806)
        elif k == 1:
            r1, r2 = 19, 28
            for rr, peer in ((r1, 4), (r2, 2)):
                h = nodes[rr // 8]
                ph = nodes[peer]
                L.addl(tx, remote_err_lines(h, pid[rr], rr % 8, "10.30.0.%d" % int(ph[-2:]), 42000 + rr, rr, tx, status=12, version="2.20.5", local_ip="10.30.0.%d" % int(h[-2:])))
                L.addl(tx + S(0.2), nccl_remote_err_tb(rr, "", [("/home/jli/vitg/train.py", 144, "<module>", "trainer.fit(model, datamodule=dm, ckpt_path=ckpt)"),
                                                                ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/trainer.py", 538, "fit", "call._call_and_handle_interrupt("),
                                                                ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/strategies/ddp.py", 270, "optimizer_step", "optimizer_output = super().optimizer_step(optimizer, closure, model, **kwargs)")],
                                                       "NET/IB : Got completion from peer 10.30.0.%d<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.30.0.%d remoteGids::ffff:10.30.0.%d" % (int(ph[-2:]), 42000 + rr, int(h[-2:]), int(ph[-2:])),
                                                       version="2.20.5"), 0.001)
            L.addl(tx + S(3), ["srun: error: %s: task %d: Exited with exit code 1" % (nodes[r1 // 8], r1),
                               "srun: launch/slurm: _step_signal: Terminating StepId=%d.0" % jid,
                               "slurmstepd: error: *** STEP %d.0 ON dgx-c01 CANCELLED AT %s ***" % (jid, f_iso(tx + S(3))),
                               "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."])
            state, ec, te = "FAILED", "1:0", tx + S(40)
        else:
            L.addl(tx, ["slurmstepd: error: *** JOB %d ON dgx-c01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jid, f_iso(tx)),
                        "slurmstepd: error: *** STEP %d.0 ON dgx-c01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jid, f_iso(tx))])
            for rr in range(64):
                L.add(tx + S(0.3 + rng.random()), "[rank: %d] Received SIGTERM: 15" % rr)
            for rr in rng.sample(range(64), 9):
                te2 = tx + S(1.5 + rng.random())
                L.addl(te2, ["[rank%d]:[E%d %s ProcessGroupNCCL.cpp:1515] [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (rr, tx.month * 100 + tx.day, te2.strftime("%H:%M:%S.%f"), rr),
                             "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."], 0.001)
            L.add(tx + S(1), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
            L.add(tx + S(33), "srun: got SIGCONT")
            L.add(tx + S(33), "srun: forcing job termination")
            state, ec, te = "TIMEOUT", "0:0", tx + S(34)
        b.put("attempt_%d/dgx-c01/slurm-%d.out" % (k, jid), L.render())
        nl = hostlist("dgx-c", [int(h[-2:]) for h in nodes])
        sacct.append(sacct_row(str(jid), "vitg-in22k", "dgx", "vision", 1024, state, ec, t, te, nl))
        sacct.append(sacct_row("%d.0" % jid, "python", "", "vision", 1024, "CANCELLED" if k else "FAILED", "0:15" if k else "134:0", t + S(3), te, nl))
        t = te + S(1200 + rng.randint(0, 1200))
    b.put("sacct.txt", sacct)
    b.put("job.sbatch", ["#!/bin/bash", "#SBATCH --job-name=vitg-in22k", "#SBATCH --nodes=8", "#SBATCH --ntasks-per-node=8", "#SBATCH --gpus-per-node=8",
                         "#SBATCH --time=12:00:00", "#SBATCH --exclude=dgx-c06", "#SBATCH --output=slurm-%j.out", "", "srun python train.py --config configs/vitg_in22k.yaml --ckpt last"])
    b.set_label("unknown", "framework", None, None, "none",
                "The earlier attempts died on dgx-c06's Xid 79 and on a transient IB error, but the latest run was training normally until Slurm "
                "killed it at its 12 h wall-clock limit (DUE TO TIME LIMIT, sacct TIMEOUT); the SIGTERM and NCCL messages after that are teardown.",
                "https://lightning.ai/docs/pytorch/stable/clouds/cluster_advanced.html")
    return b


def megatron_nan(rank, device, node):
    return "AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s" % (rank, device, node)


MEG_NAN_FRAMES = [("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                  ("/workspace/Megatron-LM/megatron/training/training.py", 355, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                  ("/workspace/Megatron-LM/megatron/training/training.py", 1247, "train", "train_step(forward_step_func,"),
                  ("/workspace/Megatron-LM/megatron/training/training.py", 671, "train_step", "model_chunk.finish_grad_sync()"),
                  ("/workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py", 369, "finish_grad_sync", "bucket_group.finish_grad_sync()"),
                  ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 289, "finish_grad_sync", "self.start_grad_sync()"),
                  ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 227, "start_grad_sync", "self.check_for_nan_in_grad()"),
                  ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 212, "check_for_nan_in_grad", "assert not norm.isnan(), (")]


def case_bp11():
    b = Bundle("bp11_loss_goes_nan_same_iteration_each_resume", 7111)
    rng = b.rng
    n0 = ["gpu-m%02d" % i for i in range(1, 9)]
    n1 = ["gpu-m%02d" % i for i in (1, 2, 4, 5, 6, 7, 8, 9)]
    jobs = [5520311, 5520374, 5520410, 5520466]
    t = D("2024-11-18 10:05:00")
    R0, BAD = 18000, 18342
    sacct = list(SACCT_HDR)
    lrs = [3.0e-4, 3.0e-4, 3.0e-4, 1.5e-4]
    for k in range(4):
        nodes = n0 if k < 2 else n1
        jid = jobs[k]
        a = Attempt(b, nodes, 8, t, style="old", script="pretrain_gpt.py", port=6000, nccl_info=False, tee=False)
        megatron_banner(a, a.t_init - S(15), 8, 1, 1024, 1, extra=["  lr .............................................. %s" % lrs[k],
                                                                       "  check_for_nan_in_loss_and_grad .................. True"])

        def lossf(it):
            if it >= BAD - 12:
                return 2.05 + (it - (BAD - 12)) * 0.21
            return loss_at(it, 1.9, 1.1, 6000, rng, 0.02)

        def gnf(it):
            if it >= BAD - 12:
                return 3.0 * (it - (BAD - 13)) ** 2
            return 0.2 + rng.random() * 0.1
        tf = megatron_progress(a, a.t_ready, R0, BAD - 1, 300000, 1024, 4120.0, rng, lr=lrs[k], loss_fn=lossf, gnorm_fn=gnf, log_interval=1 if False else 10)
        last = a.world - 1
        for it in (BAD - 1,):
            a.radd(last, tf, megatron_iter(tf, it, 300000, 1024, 4118.2, lrs[k], 4.61, 98.4))
        tx = tf + S(4.1)
        bad_node = nodes[2]
        ff = {}
        for l in range(8):
            r = a.rank(bad_node, l)
            te = tx + S(rng.random() * 0.05)
            a.radd(r, te, cuda_err_tb(r, "", MEG_NAN_FRAMES, megatron_nan(r, l, bad_node)), 0.001)
            ff.setdefault(bad_node, []).append(dict(rank=r, local=l, exitcode=1, pid=a.pids[bad_node][l], time=te + S(2), host=bad_node))
        wd = a.watchdog_all(tx + S(600.1), 731200 + k, "_REDUCE_SCATTER_BASE", 131072000, hosts=[h for h in nodes if h != bad_node], new=False, timeout_ms=600000)
        for h in nodes:
            f = ff.get(h) or wd[h]
            a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
        a.write("attempt_%d" % k, "torchrun-%d.log" % jid)
        te = tx + S(603)
        nl = hostlist("gpu-m", [int(h[-2:]) for h in nodes])
        b.put("attempt_%d/gpu-m01/slurm-%d.out" % (k, jid), ["nodes: %s" % nl, "resume: checkpoints/gpt-30b/iter_%07d" % R0, "lr override: %s" % lrs[k],
                                                              "srun: error: %s: task 2: Exited with exit code 1" % bad_node] +
              ["srun: error: %s: task %d: Exited with exit code 1" % (h, i) for i, h in enumerate(nodes) if h != bad_node])
        sacct.append(sacct_row(str(jid), "gpt30b", "gpu", "pretrain", 1024, "FAILED", "1:0", t, te, nl))
        if k == 1:
            b.put("attempt_1/gpu-m03/nvidia-smi-q.txt", nvsmi_q(te + S(300), "gpu-m03", 8, rng=rng))
            b.put("attempt_1/gpu-m03/dcgmi_diag_r3.txt", dcgm_text("gpu-m03", 8))
        t = te + S(1400 + rng.randint(0, 900))
    b.put("sacct.txt", sacct)
    b.set_label("numerical", "script", None, None, "stop",
                "All four attempts resume from iteration 18000 and blow up at iteration 18342 (grad norm climbing over the preceding iterations, then "
                "'found NaN in local grad norm'), on whichever host holds data-parallel rank 2: gpu-m03, then gpu-m04 after m03 was swapped out; halving the LR did not move it "
                "and m03 passed dcgmi diag. The batch at that iteration or the recipe, not a node.",
                "https://github.com/NVIDIA/Megatron-LM/issues/780")
    return b


def dcgm_text(host, gpus, fails=None):
    fails = fails or {}
    L = ["Successfully ran diagnostic for group.",
         "+---------------------------+------------------------------------------------+",
         "| Diagnostic                | Result                                         |",
         "+===========================+================================================+",
         "|-----  Metadata  ----------+------------------------------------------------|",
         "| DCGM Version              | 3.3.6                                          |",
         "| Driver Version Detected   | 550.54.15                                      |",
         "| GPU Device IDs Detected   | %-46s |" % ",".join(["2330"] * gpus)[:46],
         "|-----  Deployment  --------+------------------------------------------------|",
         "| Denylist                  | Pass                                           |",
         "| NVML Library              | Pass                                           |",
         "| CUDA Main Library         | Pass                                           |",
         "| Permissions and OS Blocks | Pass                                           |",
         "| Persistence Mode          | Pass                                           |",
         "| Environment Variables     | Pass                                           |",
         "| Page Retirement/Row Remap | Pass                                           |",
         "| Graphics Processes        | Pass                                           |",
         "| Inforom                   | Pass                                           |",
         "+-----  Integration  -------+------------------------------------------------+",
         "| PCIe                      | Pass - All                                     |",
         "+-----  Hardware  ----------+------------------------------------------------+",
         "| GPU Memory                | %-46s |" % fails.get("GPU Memory", "Pass - All"),
         "| Diagnostic                | %-46s |" % fails.get("Diagnostic", "Pass - All"),
         "+-----  Stress  ------------+------------------------------------------------+",
         "| Targeted Stress           | Pass - All                                     |",
         "| Targeted Power            | Pass - All                                     |",
         "| Memory Bandwidth          | Pass - All                                     |",
         "+---------------------------+------------------------------------------------+"]
    return ["$ dcgmi diag -r 3   # on %s" % host] + L


def case_bp12():
    b = Bundle("bp12_loss_nan_at_different_iterations", 7112)
    rng = b.rng
    sets = [["gpu-d01", "gpu-d02", "gpu-d04", "gpu-d05", "gpu-d07", "gpu-d08", "gpu-d10", "gpu-d11"],
            ["gpu-d04", "gpu-d05", "gpu-d06", "gpu-d08", "gpu-d09", "gpu-d10", "gpu-d12", "gpu-d13"],
            ["gpu-c11", "gpu-c12", "gpu-c14", "gpu-c15", "gpu-c16", "gpu-d04", "gpu-d06", "gpu-d07"]]
    resume = [8500, 9000, 10000]
    bad = [9112, 10470, 10655]
    cul, dev = "gpu-d04", 5
    jobs = [3310092, 3310188, 3310245]
    t = D("2024-12-04 01:10:00")
    sacct = list(SACCT_HDR)
    for k in range(3):
        nodes = sets[k]
        jid = jobs[k]
        a = Attempt(b, nodes, 8, t, style="new", script="pretrain_gpt.py", port=6000, nccl_info=(k == 2), tee=False)
        megatron_banner(a, a.t_init - S(15), 1, 1, 512, 1, extra=["  check_for_nan_in_loss_and_grad .................. True", "  lr .............................................. 0.00025"])
        tf = megatron_progress(a, a.t_ready, resume[k], bad[k] - 1, 250000, 512, 1630.0, rng, lr=2.5e-4, loss_fn=lambda it: loss_at(it, 2.0, 1.3, 5000, rng, 0.02))
        tx = tf + S(1.6)
        r = a.rank(cul, dev)
        a.radd(r, tx, cuda_err_tb(r, "", MEG_NAN_FRAMES, megatron_nan(r, dev, cul)), 0.001)
        ff = {cul: [dict(rank=r, local=dev, exitcode=1, pid=a.pids[cul][dev], time=tx + S(1.5), host=cul)]}
        wd = a.watchdog_all(tx + S(600.1), 402211 + k * 77, "_REDUCE_SCATTER_BASE", 201326592, skip={a.rank(cul, l) for l in range(8)},
                            hosts=[h for h in nodes if h != cul])
        for h in nodes:
            f = ff.get(h) or wd[h]
            a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
        a.write("attempt_%d" % k, "torchrun_%d.log" % jid)
        te = tx + S(605)
        nl = ",".join(nodes)
        sacct.append(sacct_row(str(jid), "gpt8b-dp", "gpu", "lm", 1024, "FAILED", "1:0", t, te, nl))
        t = te + S(1300 + rng.randint(0, 900))
    b.put("attempt_2/gpu-d04/nvidia-smi-q.txt", nvsmi_q(t - S(1000), cul, 8, rng=rng))
    b.put("attempt_2/gpu-d04/dmesg.txt", render_dmesg(dmesg_boot(cul, D("2024-11-27 16:00:00"), rng, n_noise=40)))
    b.put("attempt_2/gpu-c14/nvidia-smi-q.txt", nvsmi_q(t - S(990), "gpu-c14", 8, rng=rng, over={2: {"a_dram_ce": 2, "a_sram_ce": 1}}))
    b.put("sacct.txt", sacct)
    b.set_label("gpu_hardware", "infrastructure", cul, 45, "restart_without_node",
                "Three attempts on three different node sets hit NaN at unrelated iterations (9112, 10470, 10655); attempt 1 ran through 9112 cleanly, so "
                "it is not the data. Every time the first NaN is on gpu-d04 device 5 (rank 21, 5, then 45 as the rank order changed); the GPU has no ECC or Xid "
                "record, so silent data corruption on that GPU: take gpu-d04 out.",
                "https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/dcgm-diagnostics.html")
    return b


def oom_msg(tried, gpu, total, free, procs, this, alloc, reserved_unalloc):
    ps = " ".join("Process %d has %.2f GiB memory in use." % (p, m) for p, m in procs)
    return ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %s. GPU %d has a total capacity of %.2f GiB of which %s is free. %s "
            "Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %s is reserved by PyTorch but unallocated. "
            "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  "
            "See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)") % (
        tried, gpu, total, free, ps, this, alloc, reserved_unalloc)


def case_bp13():
    b = Bundle("bp13_out_of_memory_when_resuming", 7113)
    rng = b.rng
    n0 = ["a3-gpu-%03d" % i for i in (1, 2, 3, 4)]
    n1 = ["a3-gpu-%03d" % i for i in (1, 2, 4, 5)]
    jobs = [88410, 88455, 88472]
    t = D("2025-01-14 16:20:00")
    sacct = list(SACCT_HDR)
    for k in range(3):
        nodes = n0 if k == 0 else n1
        jid = jobs[k]
        a = Attempt(b, nodes, 8, t, style="new", script="train_fsdp.py --cfg cfg/mixtral_8x7b.yaml", port=29500, nccl_info=False, tee=True)
        lg = lambda tt, m: "%s | INFO | %s" % (f_ms(tt), m)
        a.radd(0, a.t_init, [lg(a.t_init, "world=32 dp=32 fsdp=FULL_SHARD mixed=bf16 act_ckpt=True"),
                             lg(a.t_init, "ckpt_dir=/fsx/ckpt/mixtral-ft  save_every=250")], 0.01)
        if k == 0:
            tt = a.t_ready
            for step in range(10, 1140, 10):
                tt += S(10 * 6.2 * (1 + rng.uniform(-0.01, 0.01)))
                a.radd(0, tt, lg(tt, "step %d loss %.4f lr %.2e gnorm %.3f step_time %.2fs max_mem %.1fGiB" % (step, loss_at(step, 1.3, 0.8, 400, rng, 0.02), 1e-5, 0.5 + rng.random() * 0.3, 6.2, 58.1)))
                if step % 250 == 0:
                    for h in nodes:
                        for l in range(8):
                            rr = a.rank(h, l)
                            if rr == 0:
                                a.radd(rr, tt + S(1), lg(tt + S(1), "saving sharded state rank%05d.pt -> /fsx/ckpt/mixtral-ft/step_%d/" % (rr, step)))
                    tt += S(48)
            tx = tt + S(3)
            cul, cl = "a3-gpu-003", 6
            dd = dmesg_boot(cul, D("2025-01-06 09:00:00"), rng, n_noise=20)
            dd += [(tx - S(6), xid(HGX_BUS[cl], 119, a.pids[cul][cl], "python3", "Timeout after 6s of waiting for RPC response from GPU6 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4).")),
                   (tx - S(0.5), xid(HGX_BUS[cl], 119, a.pids[cul][cl], "python3", "Timeout after 6s of waiting for RPC response from GPU6 GSP! Expected function 10 (FREE) (0x0 0x0).")),
                   (tx + S(3), "NVRM: GPU 0000:%s:00.0: GPU has fallen off the bus." % HGX_BUS[cl] if False else xid(HGX_BUS[cl], 154, None, None, "GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)"))]
            b.put("attempt_0/a3-gpu-003/dmesg.txt", render_dmesg(dd))
            r = a.rank(cul, cl)
            a.radd(r, tx, cuda_watchdog_err(r, tx, "CUDA error: unspecified launch failure"))
            ff = {cul: [dict(rank=r, local=cl, exitcode=-6, pid=a.pids[cul][cl], time=tx + S(1), host=cul)]}
            wd = a.watchdog_all(tx + S(600.2), 41203, "_ALLGATHER_BASE", 58720256, hosts=[h for h in nodes if h != cul])
            for h in nodes:
                f = ff.get(h) or wd[h]
                a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
            te = tx + S(605)
        else:
            tt = a.t_init + S(20)
            a.radd(0, tt, lg(tt, "resuming from /fsx/ckpt/mixtral-ft/step_1000 (latest)"))
            fl = {}
            for h in nodes:
                for l in range(8):
                    rr = a.rank(h, l)
                    tl = tt + S(12 + l * 1.1 + rng.random())
                    if l == 0:
                        a.radd(rr, tl, lg(tl, "loading shard rank%05d.pt (7.84 GB)" % rr))
                        continue
                    others = [(a.pids[h][j], 9.81 + rng.random() * 0.1) for j in range(8) if j != l][:l]
                    free = "%.2f MiB" % (300 + rng.random() * 200)
                    msg = oom_msg("1.96 GiB", 0, 79.10, free, others, 9.77 + rng.random() * 0.1, 9.28, "3.51 MiB")
                    a.radd(rr, tl, cuda_err_tb(rr, "", [
                        ("/home/ml/mixtral-ft/train_fsdp.py", 402, "<module>", "main(cfg)"),
                        ("/home/ml/mixtral-ft/train_fsdp.py", 355, "main", "step = load_checkpoint(model, optim, cfg.ckpt_dir)"),
                        ("/home/ml/mixtral-ft/ckpt.py", 61, "load_checkpoint", 'state = torch.load(os.path.join(path, f"rank{rank:05d}.pt"))'),
                        ("/usr/local/lib/python3.10/dist-packages/torch/serialization.py", 1097, "load", "return _load("),
                        ("/usr/local/lib/python3.10/dist-packages/torch/serialization.py", 1525, "_load", "result = unpickler.load()"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/serialization.py", 1492, "persistent_load", "typed_storage = load_tensor(dtype, nbytes, key, _maybe_decode_ascii(location))"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/serialization.py", 1466, "load_tensor", "wrap_storage=restore_location(storage, location),"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/serialization.py", 414, "default_restore_location", "result = fn(storage, location)"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/serialization.py", 392, "_deserialize", "return obj.to(device=device)"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/storage.py", 187, "to", "return _to(self, device, non_blocking)"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/_utils.py", 90, "_to", "untyped_storage = torch.UntypedStorage(")],
                        msg), 0.001)
                    fl.setdefault(h, []).append(dict(rank=rr, local=l, exitcode=1, pid=a.pids[h][l], time=tl + S(1.5), host=h,
                                                     error_file="/tmp/torchelastic_err/%d/error.json" % rr))
            for h in nodes:
                a.teardown(h, max(x["time"] for x in fl[h]) + S(0.3), fl[h])
            te = tt + S(40)
            if k == 2:
                b.put("attempt_2/a3-gpu-002/nvidia-smi.txt", nvsmi_table(tt + S(18), 8, over={0: {"used": 79010, "util": 0, "procs": [(a.pids["a3-gpu-002"][j], "/usr/bin/python3", 9800 + j * 3) for j in range(8)]}}, rng=rng))
        a.write("attempt_%d" % k, "torchrun-%d.log" % jid)
        sacct.append(sacct_row(str(jid), "mixtral-ft", "a3", "ft", 832, "FAILED", "1:0", t, te, ",".join(nodes)))
        t = te + S(900 + rng.randint(0, 600))
    b.put("sacct.txt", sacct)
    b.set_label("oom", "framework", None, None, "stop",
                "Attempt 0 (a fresh start) lost a3-gpu-003 to Xid 119; that node is gone. Both resumes then fail while loading the checkpoint: on every node "
                "local ranks 1-7 run out of memory on GPU 0, where the other local ranks' processes already hold ~9.8 GiB each, because torch.load has no "
                "map_location and restores the shards to cuda:0. The job's own bug; it will OOM on any nodes.",
                "https://pytorch.org/docs/stable/generated/torch.load.html")
    return b


def case_bp14():
    b = Bundle("bp14_out_of_memory_on_one_host_after_requeue", 7114)
    rng = b.rng
    nodes = ["gn-%d" % i for i in range(111, 119)]
    jid = 7719
    cul = "gn-114"
    t = D("2024-10-21 21:02:00")
    ctl = []
    stale = None
    d114 = dmesg_boot(cul, D("2024-10-14 08:00:00"), rng, bus=A100_BUS, n_noise=30)
    for k in range(3):
        a = Attempt(b, nodes, 8, t, style="old", script="train.py --config cfgs/t5_11b.yaml", port=29500, nccl_info=False, tee=False,
                    bus=A100_BUS)
        lg = lambda tt, m: "%s - INFO - %s" % (f_agent(tt), m)
        if k == 0:
            tt = a.t_ready
            for step in range(20, 5420, 20):
                tt += S(20 * 1.9 * (1 + rng.uniform(-0.01, 0.01)))
                a.radd(0, tt, lg(tt, "global_step=%d loss=%.4f lr=%.2e samples/s=%.1f" % (step, loss_at(step, 1.4, 1.0, 1500, rng, 0.02), 1e-4, 538 + rng.random() * 4)))
            tx = tt + S(5)
            wd = a.watchdog_all(tx + S(1800), 1282201, "ALLREDUCE", 52428800, timeout_ms=1800000, new=False)
            for h in nodes:
                a.teardown(h, max(x["time"] for x in wd[h]) + S(0.3), wd[h])
            stale = list(a.pids[cul])
            tkill = tx + S(1802)
            for i, p in enumerate(stale):
                d114.append((tkill + S(242 + i * 0.01), "INFO: task python:%d blocked for more than 241 seconds." % p))
                if i < 2:
                    d114 += [(tkill + S(242 + i * 0.01), "      Tainted: P           OE     5.15.0-119-generic #129-Ubuntu"),
                             (tkill + S(242 + i * 0.01), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
                             (tkill + S(242 + i * 0.01), "task:python          state:D stack:0     pid:%d ppid:%d flags:0x00004006" % (p, p - 40)),
                             (tkill + S(242 + i * 0.01), "Call Trace:"),
                             (tkill + S(242 + i * 0.01), " <TASK>"),
                             (tkill + S(242 + i * 0.01), " __schedule+0x2cd/0x890"),
                             (tkill + S(242 + i * 0.01), " schedule+0x69/0x110"),
                             (tkill + S(242 + i * 0.01), " rwsem_down_write_slowpath+0x22f/0x4d0"),
                             (tkill + S(242 + i * 0.01), " ll_file_release+0x1b4/0x5e0 [lustre]"),
                             (tkill + S(242 + i * 0.01), " __fput+0x9c/0x280"),
                             (tkill + S(242 + i * 0.01), " task_work_run+0x6a/0xb0"),
                             (tkill + S(242 + i * 0.01), " do_exit+0x217/0x3c0"),
                             (tkill + S(242 + i * 0.01), " do_group_exit+0x3b/0xb0"),
                             (tkill + S(242 + i * 0.01), " get_signal+0x150/0x900"),
                             (tkill + S(242 + i * 0.01), " </TASK>")]
            d114.append((tkill + S(150), "LustreError: 11-0: scratch-OST0017-osc-ffff9a4b2c61d000: operation ost_write to node 10.50.1.27@o2ib failed: rc = -107"))
            d114.append((tkill + S(151), "Lustre: scratch-OST0017-osc-ffff9a4b2c61d000: Connection to scratch-OST0017 (at 10.50.1.27@o2ib) was lost; in progress operations using this service will wait for recovery to complete"))
            ctl += ["[%s] _job_complete: JobId=%d WEXITSTATUS 1" % (f_ms(tkill).replace(" ", "T"), jid),
                    "[%s] error: slurmd error running JobId=%d on node(s)=%s: Kill task failed" % (f_ms(tkill + S(125)).replace(" ", "T"), jid, cul),
                    "[%s] drain_nodes: node %s state set to DRAIN" % (f_ms(tkill + S(125)).replace(" ", "T"), cul),
                    "[%s] update_node: node %s reason set to: Kill task failed" % (f_ms(tkill + S(125)).replace(" ", "T"), cul),
                    "[%s] _slurm_rpc_requeue: Requeue of JobId=%d returned Success usec=301" % (f_ms(tkill + S(140)).replace(" ", "T"), jid),
                    "[%s] update_node: node %s state set to IDLE" % (f_ms(tkill + S(1320)).replace(" ", "T"), cul),
                    "[%s] _slurm_rpc_update_node complete for %s usec=41 (uid=0, resume by opsbot: 'auto-resume Kill task failed')" % (f_ms(tkill + S(1320)).replace(" ", "T"), cul)]
            te = tkill + S(125)
            tn = tkill + S(1330)
        else:
            fl = {}
            tt = a.t_init + S(30)
            for l in range(8):
                r = a.rank(cul, l)
                tl = tt + S(rng.random() * 2)
                msg = oom_msg("1.00 GiB", l, 79.15, "%.2f GiB" % (6.9 + rng.random() * 0.3), [(stale[l], 71.40 + rng.random() * 0.2)], 0.52, 0.04, "0 bytes")
                a.radd(r, tl, cuda_err_tb(r, "", [("/opt/t5x/train.py", 288, "<module>", "main(args)"),
                                                  ("/opt/t5x/train.py", 201, "main", "model = build_model(cfg).to(device)"),
                                                  ("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", 1152, "to", "return self._apply(convert)"),
                                                  ("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", 825, "_apply", "param_applied = fn(param)"),
                                                  ("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", 1150, "convert", "return t.to(device, dtype if t.is_floating_point() or t.is_complex() else None, non_blocking)")],
                                          msg.replace("torch.OutOfMemoryError", "torch.cuda.OutOfMemoryError")), 0.001)
                fl.setdefault(cul, []).append(dict(rank=r, local=l, exitcode=1, pid=a.pids[cul][l], time=tl + S(1), host=cul))
            a.teardown(cul, max(x["time"] for x in fl[cul]) + S(0.3), fl[cul])
            tw = tt + S(1800 + 30)
            for h in nodes:
                if h == cul:
                    continue
                for l in range(8):
                    r = a.rank(h, l)
                    if r == 0:
                        a.radd(r, tw, cuda_err_tb(r, "", [("/opt/t5x/train.py", 288, "<module>", "main(args)"),
                                                          ("/opt/t5x/train.py", 188, "main", "dist.init_process_group(backend=\"nccl\", timeout=timedelta(minutes=30))"),
                                                          ("/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", 1305, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                                                          ("/usr/local/lib/python3.10/dist-packages/torch/distributed/rendezvous.py", 246, "_env_rendezvous_handler", "store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)"),
                                                          ("/usr/local/lib/python3.10/dist-packages/torch/distributed/rendezvous.py", 174, "_create_c10d_store", "return TCPStore(")],
                                                   "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 56/64 clients joined."), 0.001)
                    else:
                        a.radd(r, tw + S(0.5 + rng.random() * 0.3), "[rank%d]: torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?" % r)
                fl[h] = [dict(rank=a.rank(h, 0), local=0, exitcode=1, pid=a.pids[h][0], time=tw + S(2), host=h)]
                a.teardown(h, tw + S(3), fl[h])
            te = tw + S(5)
            ctl += ["[%s] _job_complete: JobId=%d WEXITSTATUS 1" % (f_ms(te).replace(" ", "T"), jid)]
            if k == 1:
                ctl.append("[%s] _slurm_rpc_requeue: Requeue of JobId=%d returned Success usec=277" % (f_ms(te + S(60)).replace(" ", "T"), jid))
            tn = te + S(300)
        a.write("attempt_%d" % k, "train-%d.log" % jid)
        t = tn
    tc = t - S(200)
    over = {g: {"used": 73112 + g * 3, "util": 0, "procs": [(stale[g], "python", 73110 + g * 3)]} for g in range(8)}
    b.put("attempt_2/gn-114/nvidia-smi.txt", nvsmi_table(tc, 8, model="a100", bus=A100_BUS, driver="535.183.01", cuda="12.2", over=over, rng=rng))
    b.put("attempt_2/gn-114/ps.txt", ["$ ps -o pid,ppid,user,stat,lstart,etime,cmd -C python"] +
          ["%7d %7d svc-t5   Dl   %s  %s python -u train.py --config cfgs/t5_11b.yaml" % (p, p - 40, (D("2024-10-21 21:03:11")).strftime("%a %b %d %H:%M:%S %Y"), elapsed_str(D("2024-10-21 21:03:11"), tc).replace("-", "-")) for p in stale])
    b.put("attempt_2/gn-114/dmesg.txt", render_dmesg(d114))
    b.put("attempt_2/gn-113/nvidia-smi.txt", nvsmi_table(tc + S(3), 8, model="a100", bus=A100_BUS, driver="535.183.01", cuda="12.2", rng=rng))
    b.put("slurmctld.log", sorted(ctl))
    b.set_label("oom", "infrastructure", cul, None, "restart_without_node",
                "After attempt 0 the python processes on gn-114 never died (state D in a Lustre close, 'Kill task failed'); an auto-resume put the node back and the "
                "requeued attempts 1 and 2 hit CUDA OOM on all 8 GPUs of gn-114 only, each GPU already holding ~71 GiB for PIDs from the first run (nvidia-smi, ps). "
                "The other nodes just waited for gn-114's ranks at the store.",
                "https://slurm.schedmd.com/slurm.conf.html#OPT_UnkillableStepTimeout")
    return b


def titan(r, t, m):
    return "[rank%d]:[titan] %s - root - INFO - %s" % (r, f_agent(t), m)


def dump_signal_lines(r, t, enq, comp, first=False, pg="PG ID 0 PG GUID 0(default_pg)"):
    c = lambda k: f_c10(t + S(k * 0.001), "E", r + k)
    if first:
        return ["[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [%s Rank %d] First PG on this rank to signal dumping." % (r, c(0), pg, r),
                "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [%s Rank %d] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % (r, c(1), pg, r, enq, comp),
                "[rank%d]:[%s ProcessGroupNCCL.cpp:1117] [%s Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (r, c(2), pg, r)]
    return ["[rank%d]:[%s ProcessGroupNCCL.cpp:1375] [%s Rank %d] Observed flight recorder dump signal from another rank via TCPStore." % (r, c(0), pg, r),
            "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [%s Rank %d] Received a dump signal due to a collective timeout from  rank %d and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % (r, c(1), pg, r, 0, enq, comp),
            "[rank%d]:[%s ProcessGroupNCCL.cpp:1117] [%s Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (r, c(2), pg, r)]


def case_bp15():
    b = Bundle("bp15_hangs_after_every_restart", 7115)
    rng = b.rng
    nodes = ["hgx-f%02d" % i for i in (1, 2, 3, 4)]
    STUCK = 19
    t = D("2024-11-05 09:40:00")
    hang_steps = [1843, 613, 1277, 402]
    resume = [1500, 1500, 1500, 0]
    for k in range(4):
        a = Attempt(b, nodes, 8, t, style="new", script="torchtitan/train.py --job.config_file train_configs/llama3_70b.toml", port=29500,
                    restart_count=k, nccl_info=False, tee=True, max_restarts=3, cont=(k > 0))
        tt = a.t_init + S(5)
        a.radd(0, tt, [titan(0, tt, "Starting job: Llama 3 70B training"),
                       titan(0, tt, "Building 2-D device mesh with ['dp_shard', 'tp'], [4, 8]"),
                       titan(0, tt, "TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_NCCL_TRACE_BUFFER_SIZE=2000 TORCH_FR_DUMP_TEMP_FILE=/lustre/runs/l70b/fr/nccl_trace_rank_"),
                       titan(0, tt + S(30), "Applied Tensor Parallelism to the model"),
                       titan(0, tt + S(31), "Applied FSDP to the model"),
                       titan(0, tt + S(40), ("Loading the checkpoint at step %d." % resume[k]) if resume[k] else "Checkpointing active. Checkpoints will be loaded from and saved to /lustre/runs/l70b/checkpoint"),
                       titan(0, tt + S(88), "Training starts at step %d, with local batch size 1, global batch size 4, sequence length 8192, total steps 10000 (warmup 200)" % (resume[k] + 1))], 0.01)
        if k == 3:
            a.radd(0, tt + S(41), titan(0, tt + S(41), "Checkpoint at step 1500 skipped: --checkpoint.load_step 0 set by operator (fresh start to rule out a bad checkpoint)"))
        tt += S(90)
        step = resume[k]
        end = resume[k] + hang_steps[k] if k < 3 else hang_steps[k]
        while step < end:
            step += 10
            tt += S(10 * 3.9 * (1 + rng.uniform(-0.01, 0.01)))
            a.radd(0, tt, titan(0, tt, "step: %5d  loss: %7.4f  memory: 58.71GiB(74.23%%)  tps: %d  tflops: %.2f  mfu: %.2f%%" % (
                min(step, end), loss_at(step, 2.1, 7.0, 800, rng, 0.03), 262 + rng.randint(0, 6), 392 + rng.random() * 4, 39.6 + rng.random() * 0.4)))
        th = tt + S(2.5)
        seq = 48000 + (end - resume[k]) * 37 + 11
        fails = {}
        for h in nodes:
            for l in range(8):
                r = a.rank(h, l)
                te = th + S(600 + rng.random() * 2)
                if r == STUCK:
                    continue
                a.radd(r, te, watchdog(r, te, seq, "_REDUCE_SCATTER_BASE", 117440512, 600000, new=True, last_enq=seq, last_comp=seq - 1), 0.0005)
                a.radd(r, te + S(0.01), dump_signal_lines(r, te + S(0.01), seq, seq - 1, first=True), 0.0005)
                fails.setdefault(h, []).append(dict(rank=r, local=l, exitcode=-6, pid=a.pids[h][l], time=te + S(60), host=h))
        ts = th + S(601.5)
        a.radd(STUCK, ts, dump_signal_lines(STUCK, ts, seq - 1, seq - 1), 0.0005)
        a.radd(STUCK, ts + S(58), "[rank%d]:[%s ProcessGroupNCCL.cpp:1434] [PG ID 0 PG GUID 0(default_pg) Rank %d] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=0" % (STUCK, f_c10(ts + S(58), "E", 3), STUCK))
        fails.setdefault("hgx-f03", []).append(dict(rank=STUCK, local=3, exitcode=-6, pid=a.pids["hgx-f03"][3], time=ts + S(60), host="hgx-f03"))
        for h in nodes:
            tt2 = max(f["time"] for f in fails[h]) + S(0.5)
            if k < 3:
                a.teardown(h, tt2, fails[h], final=False, restarts_left=(3 - k, 3))
            else:
                a.teardown(h, tt2, fails[h], final=True)
        a.write("attempt_%d" % k, "torchrun.log")
        if k == 3:
            tp = th + S(300)
            pid = a.pids["hgx-f03"][3]
            b.put("attempt_3/hgx-f03/py-spy_rank19.txt", ["$ py-spy dump --native --pid %d   # %s" % (pid, tp.strftime("%H:%M:%S"))] +
                  pyspy(pid, "/usr/bin/python3 -u torchtitan/train.py --job.config_file train_configs/llama3_70b.toml",
                        [(pid, "active+gil", "MainThread", ["cuStreamSynchronize (libcuda.so.1)", "cudaStreamSynchronize (libcudart.so.12)",
                                                            "c10::cuda::stream_synchronize (libc10_cuda.so)", "at::native::_local_scalar_dense_cuda (libtorch_cuda.so)",
                                                            "item (torch/_tensor.py)", "clip_grad_norm_ (torchtitan/utils.py:418)",
                                                            "train (torchtitan/train.py:331)", "<module> (torchtitan/train.py:437)"]),
                         (pid + 212, "idle", "Thread-3 (_read_thread)", ["_read_thread (torch/_inductor/compile_worker/subproc_pool.py:171)", "run (threading.py:953)"])]))
            pid0 = a.pids["hgx-f02"][3]
            b.put("attempt_3/hgx-f02/py-spy_rank11.txt", ["$ py-spy dump --native --pid %d   # %s" % (pid0, (tp + S(15)).strftime("%H:%M:%S"))] +
                  pyspy(pid0, "/usr/bin/python3 -u torchtitan/train.py --job.config_file train_configs/llama3_70b.toml",
                        [(pid0, "active+gil", "MainThread", ["cuStreamSynchronize (libcuda.so.1)", "cudaStreamSynchronize (libcudart.so.12)",
                                                             "c10::cuda::stream_synchronize (libc10_cuda.so)", "at::native::_local_scalar_dense_cuda (libtorch_cuda.so)",
                                                             "item (torch/_tensor.py)", "clip_grad_norm_ (torchtitan/utils.py:418)",
                                                             "train (torchtitan/train.py:331)", "<module> (torchtitan/train.py:437)"])]))
            over = {g: {"util": 100, "used": 60110 + g * 7, "power": 152 + rng.randint(0, 20), "procs": [(a.pids["hgx-f03"][g], "/usr/bin/python3", 60102 + g * 7)]} for g in range(8)}
            over[3]["power"] = 412
            b.put("attempt_3/hgx-f03/nvidia-smi.txt", nvsmi_table(tp + S(30), 8, over=over, rng=rng))
            b.put("attempt_3/hgx-f03/dmesg.txt", render_dmesg(dmesg_boot("hgx-f03", D("2024-10-29 12:00:00"), rng, n_noise=40)))
            b.put("attempt_3/fr_trace_summary.txt", [
                "$ torchfrtrace /lustre/runs/l70b/fr -j --mismatch-only   # %s" % (th + S(900)).strftime("%Y-%m-%d %H:%M"),
                "Loaded 32 dumps (nccl_trace_rank_0 .. nccl_trace_rank_31)",
                "pg 0 (default_pg): 32 ranks",
                "  collective seq %d  _reduce_scatter_base  input [117440512] bf16" % seq,
                "    state=started   ranks: 0-18,20-31",
                "    missing ranks: 19  (last recorded entry on rank 19: seq %d _reduce_scatter_base state=completed)" % (seq - 1),
                "No size mismatches found among ranks that entered the collective."])
        t = max(f["time"] for h in nodes for f in fails[h]) + S(15)
    b.set_label("hang", "infrastructure", "hgx-f03", STUCK, "run_diagnostics",
                "All four attempts (including a fresh start without the checkpoint) hang at different steps; each time every rank except 19 times out in the same "
                "reduce-scatter while rank 19 (hgx-f03 GPU 3) never enqueued it (last enqueued = last completed = one behind), and py-spy shows rank 19 stuck "
                "synchronizing its own GPU. No Xid or ECC on that node, so test hgx-f03's GPU 3.",
                "https://pytorch.org/tutorials/prototype/flight_recorder_tutorial.html")
    return b


def case_bp16():
    b = Bundle("bp16_crash_again_after_host_came_back", 7116)
    rng = b.rng
    nodes = ["n-%04d" % i for i in range(410, 418)]
    cul, cl = "n-0412", 1
    jobs = ["88120.pbs01", "88244.pbs01", "88301.pbs01"]
    t = D("2024-03-11 18:30:00")
    bus = QUAD_BUS
    resume = [0, 6000, 9500]
    fails = [6911, 9981, 10240]
    dd = dmesg_boot(cul, D("2024-03-01 07:00:00"), rng, gpus=4, bus=bus, n_noise=20)
    pbslog = []
    for k in range(3):
        L = Log()
        jid = jobs[k]
        tag = lambda r, o="stderr": "[1,%d]<%s>:" % (r, o)
        L.add(t, "+ mpirun -np 32 --hostfile $PBS_NODEFILE --map-by ppr:4:node --tag-output -x MASTER_ADDR=n-0410 -x MASTER_PORT=29500 -x NCCL_SOCKET_IFNAME=ib0 python train_bert.py --deepspeed --deepspeed_config ds_zero1.json --resume_dir /scratch/bert-xl/ckpt")
        t0 = t + S(18)
        for r in range(32):
            L.add(t0 + S(rng.random() * 3), tag(r, "stdout") + "[%s] [INFO] [comm.py:637:init_distributed] cdb=None" % f_agent(t0))
        L.add(t0 + S(4), tag(0, "stdout") + "[%s] [INFO] [comm.py:652:init_distributed] Distributed backend already initialized" % f_agent(t0 + S(4)) if False else
              tag(0, "stdout") + "[%s] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl" % f_agent(t0 + S(4)))
        for r in range(32):
            L.add(t0 + S(6 + rng.random()), tag(r, "stdout") + "[%s] [INFO] [comm.py:718:mpi_discovery] Discovered MPI settings of world_rank=%d, local_rank=%d, world_size=32, master_addr=10.60.4.10, master_port=29500" % (f_agent(t0 + S(6)), r, r % 4))
        tt = t0 + S(60)
        if resume[k]:
            L.add(tt - S(10), tag(0, "stdout") + "[%s] [INFO] [engine.py:3046:_get_all_zero_checkpoint_state_dicts] successfully read 32 ZeRO state_dicts for rank 0" % f_agent(tt - S(10)))
        step = resume[k]
        while step < fails[k]:
            step = min(fails[k], step + 50)
            tt += S(50 * 0.71 * (1 + rng.uniform(-0.01, 0.01)))
            if step % 50 == 0:
                L.add(tt, tag(0, "stdout") + "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=%d, lr=[%.6e], mom=[(0.9, 0.999)]" % (f_agent(tt), step, 3 + step // 4000, 1e-4))
                L.add(tt, tag(0, "stdout") + "iteration %d | mlm loss %.4f | nsp loss %.4f | %.1f seq/s" % (step, loss_at(step, 1.6, 4.0, 2500, rng, 0.03), 0.05 + rng.random() * 0.02, 2880 + rng.random() * 30))
        tx = tt + S(0.6)
        r = 2 * 4 + cl
        pid = 51000 + k * 311 + cl
        if k == 0:
            dd += [(tx - S(0.4), xid(bus[cl], 48, pid, "python", "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 1.")),
                   (tx - S(0.4), xid(bus[cl], 63, pid, "python", "Row Remapper: New row (0x0000000000a11ce0) marked for remapping, reset gpu to activate."))]
        else:
            dd += [(tx - S(0.4), xid(bus[cl], 94, pid, "python", "Contained: SM (0x1). RST: No, D-RST: No")),
                   (tx - S(0.3), xid(bus[cl], 64, pid, "python", "Row Remapper: Failed to remap row (0x0000000000a11d02); no spare rows left in bank"))]
        for x in cuda_err_tb(r, "", [("/home/hpcuser/bert/train_bert.py", 301, "<module>", "main()"),
                                     ("/home/hpcuser/bert/train_bert.py", 266, "main", "engine.backward(loss)"),
                                     ("/usr/lib/python3/dist-packages/deepspeed/runtime/engine.py", 1976, "backward", "self.optimizer.backward(loss, retain_graph=retain_graph)"),
                                     ("/usr/lib/python3/dist-packages/torch/autograd/__init__.py", 266, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                             "RuntimeError: CUDA error: uncorrectable ECC error encountered", CUDA_ASYNC[:3]):
            L.add(tx, tag(r) + x)
        L.addl(tx + S(2), mpirun_abort(11403 + k * 1000, r))
        b.put("attempt_%d/n-0410/bert-xl.o%s" % (k, jid.split(".")[0]), L.render())
        b.put("attempt_%d/n-0412/dmesg.txt" % k, render_dmesg(dd))
        pbslog += ["%s;0008;Server@pbs01;Job;%s;Job Run at request of Scheduler@pbs01 on exec_vnode (n-0410:ncpus=64:ngpus=4)+(n-0411:ncpus=64:ngpus=4)+(n-0412:ncpus=64:ngpus=4)+..." % (t.strftime("%m/%d/%Y %H:%M:%S"), jid),
                   "%s;0010;Server@pbs01;Job;%s;Exit_status=1 resources_used.cpupercent=1612 resources_used.walltime=%s" % ((tx + S(5)).strftime("%m/%d/%Y %H:%M:%S"), jid, elapsed_str(t, tx))]
        if k < 2:
            tb = tx + S(300)
            pbslog += ["%s;0004;Server@pbs01;Node;n-0412;attributes set: state=offline comment=\"GPU1 ECC DBE - hw check\" by root@pbs01" % tb.strftime("%m/%d/%Y %H:%M:%S"),
                       "%s;0004;Server@pbs01;Node;n-0412;attributes set: state=free comment=\"rebooted, gpu health OK\" by root@pbs01" % (tb + S(2400)).strftime("%m/%d/%Y %H:%M:%S")]
            dd = dmesg_boot(cul, tb + S(900), rng, gpus=4, bus=bus, n_noise=2)
            t = tb + S(2700 + rng.randint(0, 600))
    over = {1: {"a_dram_ue": 4, "v_dram_ue": 1, "rr_ue": 3, "rr_pending": "No", "rr_fail": "Yes", "bank_max": 634, "bank_high": 2, "bank_partial": 1, "bank_low": 2, "bank_none": 1}}
    b.put("attempt_2/n-0412/nvidia-smi-q.txt", nvsmi_q(tx + S(600), cul, 4, model="a100_40", bus=bus, driver="535.129.03", cuda="12.2", over=over, rng=rng))
    b.put("pbs_server_log.txt", pbslog)
    b.put("qstat-fx-%s.txt" % jobs[2].split(".")[0], ["Job Id: %s" % jobs[2], "    Job_Name = bert-xl", "    Job_Owner = hpcuser@login01", "    job_state = F",
                                                      "    queue = gpu", "    exec_host = n-0410/0*64+n-0411/0*64+n-0412/0*64+n-0413/0*64+n-0414/0*64+n-0415/0*64+n-0416/0*64+n-0417/0*64",
                                                      "    Exit_status = 1", "    Resource_List.select = 8:ncpus=64:ngpus=4", "    Resource_List.walltime = 24:00:00",
                                                      "    comment = Job run at %s on (n-0410:ncpus=64:ngpus=4)+... and finished" % t.strftime("%a %b %d at %H:%M")])
    b.set_label("gpu_memory", "infrastructure", cul, 9, "restart_without_node",
                "All three runs died on rank 9 = n-0412 GPU 1 with 'uncorrectable ECC error': a DBE + row-remap-pending first, then after a reboot Xid 94 with Xid 64 "
                "remap failures twice more. nvidia-smi -q shows 'Remapping Failure Occurred: Yes' and a bank with no spare rows: the GPU memory is worn out.",
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")
    return b


def case_bp17():
    b = Bundle("bp17_third_run_crashed_on_different_host", 7117)
    rng = b.rng
    n0 = ["hopper-%03d" % i for i in range(21, 29)]
    n1 = ["hopper-%03d" % i for i in (21, 22, 23, 25, 26, 27, 28, 31)]
    jobs = [2004711, 2004790, 2004833]
    t = D("2025-02-03 07:00:00")
    resume = [4000, 5500, 6000]
    fails = [5712, 6388, 7160]
    sacct = list(SACCT_HDR)
    for k in range(3):
        nodes = n0 if k == 0 else n1
        jid = jobs[k]
        a = Attempt(b, nodes, 8, t, style="new", script="train.py --model qwen2-72b --fsdp hybrid", port=29500, nccl_info=(k == 2), tee=False,
                    nccl_version="2.23.4", cuda="12.6")
        lg = lambda tt, m: "%s INFO [trainer] %s" % (f_ms(tt), m)
        tt = a.t_ready
        a.radd(0, tt - S(2), lg(tt - S(2), "restored step %d from /weka/ckpt/qwen72b-cpt (hybrid-shard, 64 ranks)" % resume[k]))
        step = resume[k]
        while step < fails[k]:
            step = min(fails[k], step + 10)
            tt += S(10 * 4.4 * (1 + rng.uniform(-0.01, 0.01)))
            a.radd(0, tt, lg(tt, "step=%d loss=%.4f ppl=%.2f lr=%.3e grad_norm=%.3f tokens/s=%d" % (step, loss_at(step, 1.7, 0.9, 3000, rng, 0.02), 2.718 ** loss_at(step, 1.7, 0.9, 3000), 1.5e-5, 0.3 + rng.random() * 0.1, 119000 + rng.randint(0, 3000))))
        tx = tt + S(2.2)
        if k == 0:
            cul, cl = "hopper-024", 2
            dd = dmesg_boot(cul, D("2025-01-27 10:00:00"), rng, n_noise=20) + fell_off_bus(tx, HGX_BUS[cl], 1654924400211)
            b.put("attempt_0/hopper-024/dmesg.txt", render_dmesg(dd))
            r = a.rank(cul, cl)
            a.radd(r, tx + S(1), cuda_watchdog_err(r, tx + S(1)))
            ff = {cul: [dict(rank=r, local=cl, exitcode=-6, pid=a.pids[cul][cl], time=tx + S(1.5), host=cul)]}
            wd = a.watchdog_all(tx + S(600.3), 901221, "_ALLGATHER_BASE", 113246208, hosts=[h for h in nodes if h != cul])
        elif k == 1:
            ff = {}
            for h, l, ph in (("hopper-022", 4, "hopper-027"), ("hopper-027", 4, "hopper-022")):
                r = a.rank(h, l)
                te = tx + S(0.3 if h == "hopper-022" else 0.8)
                a.radd(r, te, remote_err_lines(h, a.pids[h][l], l, a.ips[ph], 39000 + r, r, te, version="2.23.4", local_ip=a.ips[h]))
                a.radd(r, te + S(0.1), nccl_remote_err_tb(r, "", [("/opt/app/train.py", 512, "<module>", "trainer.fit()"),
                                                                  ("/opt/app/trainer.py", 288, "fit", "loss.backward()"),
                                                                  ("/usr/local/lib/python3.11/dist-packages/torch/_tensor.py", 626, "backward", "torch.autograd.backward(")],
                                                          "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (a.ips[ph], 39000 + r, a.ips[h], a.ips[ph]),
                                                          version="2.23.4"), 0.001)
                ff[h] = [dict(rank=r, local=l, exitcode=1, pid=a.pids[h][l], time=te + S(2), host=h)]
            wd = a.watchdog_all(tx + S(600.3), 77120, "_REDUCE_SCATTER_BASE", 113246208, hosts=[h for h in nodes if h not in ff])
        else:
            cul, cl = "hopper-026", 6
            r = a.rank(cul, cl)
            pid = a.pids[cul][cl]
            dd = dmesg_boot(cul, D("2025-01-27 10:01:00"), rng, n_noise=30)
            dd += [(tx - S(0.3), xid(HGX_BUS[cl], 94, pid, "python3", "Contained: SM (0x1). RST: No, D-RST: No")),
                   (tx - S(0.3), xid(HGX_BUS[cl], 63, pid, "python3", "Row Remapper: New row (0x0000000001c2a4f0) marked for remapping, reset gpu to activate."))]
            tr = tx + S(420)
            dd += [(tr, "NVRM: GPU at PCI:0000:%s:00: GPU-3f2c1b7a-8e41-2d0c-9a33-c81b2e7f40d1" % HGX_BUS[cl]),
                   (tr, "NVRM: GPU Board Serial Number: 1654924401887"),
                   (tr + S(1), "nvidia 0000:%s:00.0: GPU reset requested by nvidia-smi (pid 912231)" % HGX_BUS[cl] if False else "NVRM: GPU 0000:%s:00.0: GPU reset completed" % HGX_BUS[cl])]
            b.put("attempt_2/hopper-026/dmesg.txt", render_dmesg(dd))
            a.radd(r, tx, cuda_err_tb(r, "", [("/opt/app/train.py", 512, "<module>", "trainer.fit()"),
                                              ("/opt/app/trainer.py", 281, "fit", "out = self.model(**batch)"),
                                              ("/usr/local/lib/python3.11/dist-packages/torch/distributed/fsdp/fully_sharded_data_parallel.py", 863, "forward", "output = self._fsdp_wrapped_module(*args, **kwargs)")],
                                      "RuntimeError: CUDA error: uncorrectable ECC error encountered", CUDA_ASYNC[:3]), 0.001)
            ff = {cul: [dict(rank=r, local=cl, exitcode=1, pid=pid, time=tx + S(1.2), host=cul)]}
            wd = a.watchdog_all(tx + S(600.3), 120331, "_ALLGATHER_BASE", 113246208, hosts=[h for h in nodes if h != cul])
            over = {cl: {"v_dram_ue": 0, "a_dram_ue": 1, "rr_ue": 1, "rr_pending": "No", "rr_fail": "No"}}
            b.put("attempt_2/hopper-026/nvidia-smi-q.txt", nvsmi_q(tr + S(300), cul, 8, over=over, rng=rng, driver="560.35.03", cuda="12.6"))
            b.put("attempt_2/hopper-026/nhc.log", ["%s nhc[77121]: check_nv_xid: GPU 0000:%s:00.0 reported Xid 94 (contained ECC) + Xid 63 (row remap pending)" % (f_iso(tx + S(360)), HGX_BUS[cl]),
                                                   "%s nhc[77121]: action: drain node, wait for idle, nvidia-smi -r -i %d" % (f_iso(tx + S(361)), cl),
                                                   "%s nhc[77433]: GPU %d reset OK; remapped rows: uncorrectable=1 pending=No failure=No; bank availability High" % (f_iso(tr + S(5)), cl),
                                                   "%s nhc[77433]: dcgmi diag -r 2 -i %d: PASS" % (f_iso(tr + S(240)), cl),
                                                   "%s nhc[77433]: all checks passed, resuming node" % f_iso(tr + S(250))])
        for h in nodes:
            f = ff.get(h) or wd[h]
            a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
        a.write("attempt_%d" % k, "train_%d.log" % jid)
        te = tx + S(605)
        sacct.append(sacct_row(str(jid), "qwen72b-cpt", "hopper", "cpt", 1792, "FAILED", "1:0", t, te, ",".join(nodes)))
        t = te + S(1000 + rng.randint(0, 600))
    b.put("sacct.txt", sacct)
    b.set_label("gpu_memory", "infrastructure", "hopper-026", 38, "restart",
                "Attempt 0's Xid 79 node (hopper-024) was excluded and attempt 1 was a one-off IB error. The latest failure is a contained ECC error (Xid 94 + Xid 63) "
                "on hopper-026 GPU 6, rank 38; after the GPU reset the row remap is applied (Pending: No, Remapping Failure Occurred: No, bank availability high) and dcgmi passes, "
                "so the node can be used again: resume as is.",
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html#row-remapping")
    return b


def case_bp18():
    b = Bundle("bp18_ranks_fail_at_start_after_requeue", 7118)
    rng = b.rng
    n0 = ["ml-a%02d" % i for i in (1, 2, 3, 4)]
    n1 = ["ml-a%02d" % i for i in (1, 2, 4, 9)]
    jid = 3302118
    t = D("2024-12-09 12:00:00")
    ctl = []
    for k in range(3):
        nodes = n0 if k == 0 else n1
        a = Attempt(b, nodes, 8, t, style="new", script="run_clm.py --model_name_or_path /models/llama-3.1-8b --bf16 --fsdp 'full_shard auto_wrap'",
                    port=29400, nccl_info=False, tee=True, restart_count=0)
        if k == 0:
            tt = a.t_ready
            for step in range(10, 2210, 10):
                tt += S(10 * 2.2)
                a.radd(0, tt, "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}" % (loss_at(step, 1.8, 0.8, 900, rng, 0.02), 1.1 + rng.random() * 0.4, 2e-5, step / 6000.0))
            tx = tt + S(4)
            ff = {}
            for h in ("ml-a02", "ml-a04"):
                l = 3 if h == "ml-a02" else 0
                r = a.rank(h, l)
                te = tx + S(7 + rng.random() * 3)
                a.radd(r, te, remote_err_lines(h, a.pids[h][l], l, a.ips["ml-a03"], 52000 + r, r, te, version="2.21.5", local_ip=a.ips[h]))
                a.radd(r, te + S(0.1), nccl_remote_err_tb(r, "", [("/workspace/run_clm.py", 655, "<module>", "main()"),
                                                                  ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 2279, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)")],
                                                          "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (a.ips["ml-a03"], 52000 + r, a.ips[h], a.ips["ml-a03"])), 0.001)
                ff[h] = [dict(rank=r, local=l, exitcode=1, pid=a.pids[h][l], time=te + S(2), host=h)]
            wd = a.watchdog_all(tx + S(1800.2), 99311, "_ALLGATHER_BASE", 131334144, timeout_ms=1800000, hosts=["ml-a01"])
            a.logs["ml-a03"] = Log()
            for h in ("ml-a01", "ml-a02", "ml-a04"):
                f = ff.get(h) or wd[h]
                a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
            b.put("attempt_0/ml-a03/ipmi-sel.txt", ["$ ipmitool -I lanplus -H ml-a03-bmc sel elist | tail -6   # collected %s" % f_iso(tx + S(5400)),
                                                    "  9c1 | 12/09/2024 | %s | Power Supply PS2_Status | Power Supply AC lost | Asserted" % (tx - S(1)).strftime("%H:%M:%S"),
                                                    "  9c2 | 12/09/2024 | %s | Power Supply PS1_Status | Failure detected | Asserted" % (tx - S(0.5)).strftime("%H:%M:%S"),
                                                    "  9c3 | 12/09/2024 | %s | Power Unit PWR_Unit | Power off/down | Asserted" % tx.strftime("%H:%M:%S"),
                                                    "  9c4 | 12/09/2024 | %s | System ACPI Power State ACPI_State | S5/G2: soft-off | Asserted" % (tx + S(1)).strftime("%H:%M:%S")])
            ctl += ["[%s] error: Nodes ml-a03 not responding, setting DOWN" % f_ms(tx + S(300)).replace(" ", "T"),
                    "[%s] Killing JobId=%d on failed node ml-a03" % (f_ms(tx + S(300)).replace(" ", "T"), jid),
                    "[%s] _job_complete: requeue JobId=%d due to node failure" % (f_ms(tx + S(301)).replace(" ", "T"), jid),
                    "[%s] sched: Allocate JobId=%d NodeList=ml-a[01-02,04,09] #CPUs=512 Partition=gpu" % (f_ms(tx + S(420)).replace(" ", "T"), jid)]
            t = tx + S(421)
        else:
            spare = "ml-a09"
            tt = a.t_init
            fl = {}
            for l in range(8):
                r = a.rank(spare, l)
                tl = tt + S(rng.random() * 2)
                a.radd(r, tl, cuda_err_tb(r, "", [("/workspace/run_clm.py", 655, "<module>", "main()"),
                                                  ("/workspace/run_clm.py", 271, "main", "model_args, data_args, training_args = parser.parse_args_into_dataclasses()"),
                                                  ("/usr/local/lib/python3.10/dist-packages/transformers/training_args.py", 1951, "__post_init__", "and (self.device.type != \"cuda\")"),
                                                  ("/usr/local/lib/python3.10/dist-packages/transformers/training_args.py", 2112, "_setup_devices", "torch.cuda.set_device(device)"),
                                                  ("/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
                                                  ("/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", 302, "_lazy_init", "torch._C._cuda_init()")],
                                          "RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."), 0.001)
                fl.setdefault(spare, []).append(dict(rank=r, local=l, exitcode=1, pid=a.pids[spare][l], time=tl + S(1), host=spare))
            a.teardown(spare, max(x["time"] for x in fl[spare]) + S(0.3), fl[spare])
            tw = tt + S(1801)
            for h in nodes:
                if h == spare:
                    continue
                r = a.rank(h, 0)
                if r == 0:
                    a.radd(0, tw, cuda_err_tb(0, "", [("/workspace/run_clm.py", 655, "<module>", "main()"),
                                                      ("/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", 1520, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                                                      ("/usr/local/lib/python3.10/dist-packages/torch/distributed/rendezvous.py", 269, "_env_rendezvous_handler", "store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)")],
                                              "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined."), 0.001)
                else:
                    a.radd(r, tw + S(0.6), "[rank%d]: torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?" % r)
                a.teardown(h, tw + S(2), [dict(rank=r, local=0, exitcode=1, pid=a.pids[h][0], time=tw + S(1), host=h)])
            if k == 1:
                ctl += ["[%s] _job_complete: JobId=%d WEXITSTATUS 1" % (f_ms(tw + S(3)).replace(" ", "T"), jid),
                        "[%s] _slurm_rpc_requeue: Requeue of JobId=%d returned Success usec=190" % (f_ms(tw + S(600)).replace(" ", "T"), jid)]
                t = tw + S(660)
            else:
                ctl += ["[%s] _job_complete: JobId=%d WEXITSTATUS 1" % (f_ms(tw + S(3)).replace(" ", "T"), jid)]
                tc = tw + S(300)
                b.put("attempt_2/ml-a09/nvidia-smi.txt", nvsmi_table(tc, 8, driver="535.104.05", cuda="12.2", rng=rng))
                b.put("attempt_2/ml-a01/nvidia-smi.txt", nvsmi_table(tc + S(5), 8, driver="550.90.07", cuda="12.4", rng=rng))
                b.put("attempt_2/ml-a09/rpm-qa-nvidia.txt", ["$ rpm -qa | grep -i nvidia | sort", "kmod-nvidia-latest-dkms-535.104.05-1.el8.x86_64",
                                                             "nvidia-driver-cuda-535.104.05-1.el8.x86_64", "nvidia-driver-cuda-libs-535.104.05-1.el8.x86_64",
                                                             "nvidia-fabric-manager-535.104.05-1.el8.x86_64", "nvidia-persistenced-535.104.05-1.el8.x86_64"])
                b.put("attempt_2/ml-a01/rpm-qa-nvidia.txt", ["$ rpm -qa | grep -i nvidia | sort", "kmod-nvidia-latest-dkms-550.90.07-1.el8.x86_64",
                                                             "nvidia-driver-cuda-550.90.07-1.el8.x86_64", "nvidia-driver-cuda-libs-550.90.07-1.el8.x86_64",
                                                             "nvidia-fabric-manager-550.90.07-1.el8.x86_64", "nvidia-persistenced-550.90.07-1.el8.x86_64"])
        a.write("attempt_%d" % k, "torchrun-%d.log" % jid)
    b.put("slurmctld.log", sorted(ctl))
    b.set_label("dependency", "infrastructure", "ml-a09", None, "restart_without_node",
                "Attempt 0 ended when ml-a03 lost power (BMC SEL, node DOWN); the requeue pulled in spare ml-a09, and in both later attempts all 8 ranks on ml-a09 fail at "
                "CUDA init with 'NVIDIA driver on your system is too old (found version 12020)': ml-a09 runs driver 535.104.05 while the rest of the pool has 550.90.07. "
                "The other nodes only time out waiting for its ranks.",
                "https://pytorch.org/get-started/previous-versions/")
    return b


def case_bp19():
    b = Bundle("bp19_all_pods_crash_immediately_after_restart", 7119)
    rng = b.rng
    n0 = ["gke-llm-a3-pool-7c1f2d3e-0b7k", "gke-llm-a3-pool-7c1f2d3e-4hq2", "gke-llm-a3-pool-7c1f2d3e-9qzd", "gke-llm-a3-pool-7c1f2d3e-m1xt"]
    n1 = ["gke-llm-a3-pool-7c1f2d3e-0b7k", "gke-llm-a3-pool-7c1f2d3e-4hq2", "gke-llm-a3-pool-7c1f2d3e-m1xt", "gke-llm-a3-pool-7c1f2d3e-x2lm"]
    pods = ["llm-pt-4n-master-0", "llm-pt-4n-worker-0", "llm-pt-4n-worker-1", "llm-pt-4n-worker-2"]
    t = D("2024-06-26 03:10:00")
    ev = []
    old_digest = "sha256:4f1c9e0d2b7a66e1c0a9d3b8f21e77c5a0b4d9e2f6c3a1b8e7d5c4f3a2b1c0d9"
    new_digest = "sha256:9a7e3c21f0d84b56a1e2c3d4b5a69788c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2"
    for k in range(3):
        nodes = n0 if k == 0 else n1
        a = Attempt(b, nodes, 8, t, style="new", script="train.py --config /app/configs/mpt-30b.yaml", port=23456, nccl_info=False, tee=False,
                    master="llm-pt-4n-master-0")
        if k == 0:
            tt = a.t_ready
            a.radd(0, tt - S(2), "[%s] INFO flash-attn 2.5.6 / torch 2.2.1+cu121 / image digest %s" % (f_agent(tt - S(2)), old_digest[:19]))
            for step in range(10, 3310, 10):
                tt += S(10 * 1.7)
                a.radd(0, tt, "[%s] INFO step %d/40000 loss %.4f tokens/s %.0f" % (f_agent(tt), step, loss_at(step, 2.3, 5.0, 900, rng, 0.03), 2.31e6 + rng.randint(-20000, 20000)))
            tx = tt + S(2)
            bad = "gke-llm-a3-pool-7c1f2d3e-9qzd"
            a.logs[bad] = Log()
            ff = {}
            for h in nodes:
                if h == bad:
                    continue
                l = 7
                r = a.rank(h, l)
                te = tx + S(30 + rng.random() * 10)
                a.radd(r, te, remote_err_lines(h, a.pids[h][l], l, a.ips[bad], 60000 + r, r, te, version="2.19.3", local_ip=a.ips[h]))
                a.radd(r, te + S(0.1), nccl_remote_err_tb(r, "", [("/app/train.py", 301, "<module>", "main()"), ("/app/train.py", 250, "main", "loss.backward()")],
                                                          "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (a.ips[bad], 60000 + r, a.ips[h], a.ips[bad]),
                                                          version="2.19.3"), 0.001)
                ff[h] = [dict(rank=r, local=l, exitcode=1, pid=a.pids[h][l], time=te + S(2), host=h)]
                a.teardown(h, te + S(2.5), ff[h])
            ev += ["%s   Normal    NodeNotReady      node/%s              Node %s status is now: NodeNotReady" % (f_iso(tx + S(40)), bad, bad),
                   "%s   Warning   NodeNotReady      pod/%s   Node is not ready" % (f_iso(tx + S(41)), pods[2]),
                   "%s   Normal    TaintManagerEviction   pod/%s   Marking for deletion Pod default/%s" % (f_iso(tx + S(340)), pods[2], pods[2]),
                   "%s   Normal    RemovingNode      node/%s              Node %s event: Removing Node %s from Controller" % (f_iso(tx + S(900)), bad, bad, bad),
                   "%s   Normal    RegisteredNode    node/gke-llm-a3-pool-7c1f2d3e-x2lm   Node gke-llm-a3-pool-7c1f2d3e-x2lm event: Registered Node gke-llm-a3-pool-7c1f2d3e-x2lm in Controller" % f_iso(tx + S(1260))]
            t = tx + S(1400)
        else:
            for i, h in enumerate(nodes):
                ev += ["%s   Normal    Scheduled   pod/%s   Successfully assigned default/%s to %s" % (f_iso(t - S(95)), pods[i], pods[i], h),
                       "%s   Normal    Pulling     pod/%s   Pulling image \"us-docker.pkg.dev/llm-prod/train/mpt:latest\"" % (f_iso(t - S(94)), pods[i])]
                if k == 1:
                    ev.append("%s   Normal    Pulled      pod/%s   Successfully pulled image \"us-docker.pkg.dev/llm-prod/train/mpt:latest\" in 1m22.304s (1m22.304s including waiting). Image size: 21877123301 bytes." % (f_iso(t - S(12)), pods[i]))
                else:
                    ev.append("%s   Normal    Pulled      pod/%s   Container image \"us-docker.pkg.dev/llm-prod/train/mpt:latest\" already present on machine" % (f_iso(t - S(12)), pods[i]))
                ev.append("%s   Normal    Started     pod/%s   Started container pytorch" % (f_iso(t - S(10)), pods[i]))
            for h in nodes:
                for l in range(8):
                    r = a.rank(h, l)
                    tl = a.t_rdzv[h] + S(9 + rng.random() * 3)
                    a.radd(r, tl, cuda_err_tb(r, "", [("/app/train.py", 14, "<module>", "from model.mpt import MPTForCausalLM"),
                                                      ("/app/model/mpt.py", 22, "<module>", "from flash_attn import flash_attn_varlen_qkvpacked_func"),
                                                      ("/usr/local/lib/python3.10/dist-packages/flash_attn/__init__.py", 3, "<module>", "from flash_attn.flash_attn_interface import ("),
                                                      ("/usr/local/lib/python3.10/dist-packages/flash_attn/flash_attn_interface.py", 10, "<module>", "import flash_attn_2_cuda as flash_attn_cuda")],
                                              "ImportError: /usr/local/lib/python3.10/dist-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi"), 0.001)
                fl = [dict(rank=a.rank(h, l), local=l, exitcode=1, pid=a.pids[h][l], time=a.t_rdzv[h] + S(13 + l * 0.01), host=h) for l in range(8)]
                a.teardown(h, max(x["time"] for x in fl) + S(0.3), fl)
                ev.append("%s   Warning   BackOff     pod/%s   Back-off restarting failed container pytorch in pod %s_default" % (f_iso(a.t_rdzv[h] + S(40)), pods[nodes.index(h)], pods[nodes.index(h)]))
            t = t + S(300)
        a.write("attempt_%d" % k, lambda h: "pod-%s.log" % pods[nodes.index(h)])
    ev.append("%s   Warning   PyTorchJobFailed   pytorchjob/llm-pt-4n   PyTorchJob llm-pt-4n is failed because 4 Master replica(s) failed." % f_iso(t))
    b.put("kubectl-get-events.txt", ["LAST SEEN              TYPE      REASON        OBJECT                       MESSAGE"] + sorted(ev))
    b.put("image-digests.txt", ["$ crictl images --digests | grep train/mpt   # on gke-llm-a3-pool-7c1f2d3e-0b7k",
                                "us-docker.pkg.dev/llm-prod/train/mpt   latest    %s   a71c2e0f9d3b   21.9GB" % new_digest[:19],
                                "us-docker.pkg.dev/llm-prod/train/mpt   <none>    %s   0c44d1e8b7a2   20.4GB" % old_digest[:19],
                                "", "$ docker run --rm us-docker.pkg.dev/llm-prod/train/mpt:latest pip list 2>/dev/null | egrep '^(torch|flash.attn) '",
                                "flash-attn               2.5.6", "torch                    2.3.1+cu121"])
    b.put("pytorchjob.yaml", ["apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: llm-pt-4n", "spec:", "  runPolicy:", "    backoffLimit: 3",
                              "  pytorchReplicaSpecs:", "    Master:", "      replicas: 1", "      restartPolicy: OnFailure", "      template:", "        spec:",
                              "          containers:", "          - name: pytorch", "            image: us-docker.pkg.dev/llm-prod/train/mpt:latest",
                              "            imagePullPolicy: Always", "            resources:", "              limits:", "                nvidia.com/gpu: 8",
                              "    Worker:", "      replicas: 3", "      restartPolicy: OnFailure"])
    b.set_label("dependency", "framework", None, None, "stop",
                "Attempt 0 died when node ...-9qzd went NotReady; the recreated pods re-pulled ':latest' (imagePullPolicy Always), which now has torch 2.3.1 with a flash-attn "
                "built for 2.2, so every rank on every pod fails importing flash_attn_2_cuda (undefined symbol _ZN3c104cuda9SetDeviceEi) in attempts 1 and 2. The image must be fixed or pinned.",
                "https://github.com/Dao-AILab/flash-attention/issues/966")
    return b


def case_bp20():
    b = Bundle("bp20_requeued_job_cannot_start", 7120)
    rng = b.rng
    n0 = ["cn-a%d" % i for i in range(101, 109)]
    n1 = [h for h in n0 if h != "cn-a104"] + ["cn-a112"]
    jid = 991034
    t = D("2025-03-17 01:30:00")
    ctl = []
    EP = "cn-a101.ib.cluster"
    for k in range(3):
        nodes = n0 if k == 0 else n1
        if k == 0:
            a = Attempt(b, nodes, 4, t, style="new", script="train.py --cfg cfg/gemma2_27b.yaml", port=29400, nccl_info=False, tee=False,
                        master=EP, bus=QUAD_BUS)
            tt = a.t_ready
            for step in range(10, 4120, 10):
                tt += S(10 * 3.05)
                a.radd(0, tt, "%s [INFO] step=%d loss=%.4f lr=%.2e" % (f_ms(tt), step, loss_at(step, 2.0, 3.0, 1200, rng, 0.02), 2e-4))
            tx = tt + S(6)
            a.logs["cn-a104"] = Log()
            wd = a.watchdog_all(tx + S(600.2), 220113, "ALLREDUCE", 1, hosts=[h for h in nodes if h != "cn-a104"])
            for h in nodes:
                if h != "cn-a104":
                    a.teardown(h, max(x["time"] for x in wd[h]) + S(0.3), wd[h])
            a.write("attempt_0", "torchrun_%d.log" % jid)
            b.put("attempt_0/cn-a104/console-sol.log", ["[%s] BUG: unable to handle page fault for address: ffffb8a1c6f3d008" % f_ms(tx - S(1)),
                                                        "[%s] #PF: supervisor read access in kernel mode" % f_ms(tx - S(1)),
                                                        "[%s] Oops: 0000 [#1] PREEMPT SMP NOPTI" % f_ms(tx - S(1)),
                                                        "[%s] CPU: 37 PID: 0 Comm: swapper/37 Tainted: P           OE      6.5.0-1024-nvidia #24-Ubuntu" % f_ms(tx - S(1)),
                                                        "[%s] RIP: 0010:mlx5e_poll_rx_cq+0x1f3/0x8d0 [mlx5_core]" % f_ms(tx - S(1)),
                                                        "[%s] Kernel panic - not syncing: Fatal exception in interrupt" % f_ms(tx - S(0.9)),
                                                        "[%s] Kernel Offset: 0x2a000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)" % f_ms(tx - S(0.9)),
                                                        "[%s] ---[ end Kernel panic - not syncing: Fatal exception in interrupt ]---" % f_ms(tx - S(0.9))])
            ctl += ["[%s] error: Nodes cn-a104 not responding, setting DOWN" % f_ms(tx + S(310)).replace(" ", "T"),
                    "[%s] _job_complete: requeue JobId=%d due to node failure" % (f_ms(tx + S(611)).replace(" ", "T"), jid),
                    "[%s] sched: Allocate JobId=%d NodeList=cn-a[101-103,105-108,112] #CPUs=768 Partition=gpu4" % (f_ms(tx + S(700)).replace(" ", "T"), jid)]
            t = tx + S(705)
            continue
        logs = {h: Log() for h in nodes}
        pidmap = {}
        for gi, h in enumerate(nodes):
            L = logs[h]
            t0 = t + S(rng.random() * 2)
            apid = rng.randint(10000, 90000)
            pidmap[h] = apid
            L.add(t0, agent_line("new", t0, "torch.distributed.run", "WARNING", "", h))
            L.add(t0, agent_line("new", t0, "torch.distributed.run", "WARNING", "*****************************************", h))
            L.add(t0, agent_line("new", t0, "torch.distributed.run", "WARNING", "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ", h))
            L.add(t0, agent_line("new", t0, "torch.distributed.run", "WARNING", "*****************************************", h))
            tt = t0 + S(0.1)
            n = 0
            while tt < t0 + S(900):
                L.add(tt, "[W%d %s socket.cpp:755] [c10d] The IPv6 network addresses of (%s, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution)." % (tt.month * 100 + tt.day, tt.strftime("%H:%M:%S.%f"), EP))
                L.add(tt, "[W%d %s socket.cpp:755] [c10d] The IPv4 network addresses of (%s, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution)." % (tt.month * 100 + tt.day, tt.strftime("%H:%M:%S.%f"), EP))
                tt += S(10 + rng.random() * 5)
                n += 1
            te = t0 + S(900.2)
            L.addl(te, ["[E%d %s socket.cpp:1011] [c10d] The client socket has timed out after 900000ms while trying to connect to (%s, 29400)." % (te.month * 100 + te.day, te.strftime("%H:%M:%S.%f"), EP),
                        "Traceback (most recent call last):",
                        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 159, in _create_tcp_store',
                        "    store = TCPStore(",
                        "torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while trying to connect to (%s, 29400)." % EP,
                        "",
                        "The above exception was the direct cause of the following exception:",
                        "",
                        "Traceback (most recent call last):",
                        '  File "/usr/local/bin/torchrun", line 33, in <module>',
                        "    sys.exit(load_entry_point('torch', 'console_scripts', 'torchrun')())",
                        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 892, in run',
                        "    elastic_launch(",
                        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 231, in launch_agent',
                        "    rdzv_handler=rdzv_registry.get_rendezvous_handler(rdzv_parameters),",
                        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/registry.py", line 64, in get_rendezvous_handler',
                        "    return handler_registry.create_handler(params)",
                        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 263, in create_backend',
                        "    store = _create_tcp_store(params)",
                        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 183, in _create_tcp_store',
                        "    raise RendezvousConnectionError(",
                        "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."], 0.001)
            b.put("attempt_%d/%s/torchrun_%d.log" % (k, h, jid), L.render())
            if gi in (0, 3, 7):
                sl = []
                tt = t - S(300) + S(gi * 7)
                for i in range(40):
                    tt += S(30 + rng.randint(0, 20))
                    if tt > t + S(1000):
                        break
                    sl.append("%s %s systemd-resolved[1187]: Using degraded feature set UDP instead of UDP+EDNS0 for DNS server 10.0.0.53." % (f_journal(tt), h) if i % 4 == 0 else
                              "%s %s systemd-resolved[1187]: Using degraded feature set TCP instead of UDP for DNS server 10.0.0.54." % (f_journal(tt), h) if i % 4 == 2 else
                              "%s %s sssd_be[2211]: Backend is offline" % (f_journal(tt), h) if i % 4 == 1 else
                              "%s %s chronyd[1402]: Could not resolve address of ntp1.cluster: Temporary failure in name resolution" % (f_journal(tt), h))
                b.put("attempt_%d/%s/syslog.txt" % (k, h), sl)
        ctl += ["[%s] _job_complete: JobId=%d WEXITSTATUS 1" % (f_ms(t + S(903)).replace(" ", "T"), jid)]
        if k == 1:
            ctl.append("[%s] _slurm_rpc_requeue: Requeue of JobId=%d returned Success usec=243" % (f_ms(t + S(960)).replace(" ", "T"), jid))
            t = t + S(1080)
    b.put("dns_check.txt", ["$ date; getent hosts %s; echo rc=$?" % EP, f_ctime(t + S(400)), "rc=2",
                            "$ resolvectl query %s" % EP, "%s: resolve call failed: All attempts to contact name servers or networks failed" % EP,
                            "$ dig +time=2 +tries=1 @10.0.0.53 %s" % EP, ";; communications error to 10.0.0.53#53: timed out",
                            ";; no servers could be reached", "",
                            "$ date; getent hosts %s; echo rc=$?" % EP, f_ctime(t + S(3100)), "10.70.1.101     %s cn-a101" % EP, "rc=0"])
    b.put("slurmctld.log", sorted(ctl))
    b.set_label("network", "infrastructure", None, None, "restart",
                "Attempt 0 ended with cn-a104's kernel panic (node DOWN, job requeued). Both requeued attempts never started training: every agent on every node spends "
                "15 min failing to resolve the rendezvous host cn-a101.ib.cluster (gai error -3, 'Temporary failure in name resolution') and syslog shows the cluster DNS servers "
                "timing out; later the name resolves again. A transient shared DNS outage: resubmit.",
                "https://pytorch.org/docs/stable/elastic/rendezvous.html")
    return b


def case_bp21():
    b = Bundle("bp21_same_host_crashes_at_first_step", 7121)
    rng = b.rng
    nodes = ["gpu-h%02d" % i for i in range(1, 9)]
    cul = "gpu-h06"
    jobs = [1188021, 1188060, 1188093]
    t = D("2025-04-08 13:00:00")
    sacct = list(SACCT_HDR)
    for k in range(3):
        jid = jobs[k]
        a = Attempt(b, nodes, 8, t, style="new", script="torchtitan/train.py --job.config_file train_configs/llama3_8b.toml --training.compile",
                    port=29500, nccl_info=(k == 0), tee=True, nccl_version="2.21.5")
        tt = a.t_init + S(5)
        a.radd(0, tt, [titan(0, tt, "Starting job: Llama 3 8B training"),
                       titan(0, tt, "Building 1-D device mesh with ['dp_shard'], [64]"),
                       titan(0, tt + S(12), "Compiling each TransformerBlock with torch.compile"),
                       titan(0, tt + S(14), "Loading the checkpoint at step 12000."),
                       titan(0, tt + S(21), "Training starts at step 12001, with local batch size 2, global batch size 128, sequence length 8192, total steps 50000 (warmup 200)")], 0.01)
        tc = tt + S(22)
        fl = {}
        for l in range(8):
            r = a.rank(cul, l)
            te = tc + S(35 + rng.random() * 20)
            path = "/tmp/torchinductor_svc-llm/%s/c%s.py" % ("".join(rng.choice("abcdefghijklmnopqrstuvwxyz234567") for _ in range(2)),
                                                           "".join(rng.choice("abcdefghijklmnopqrstuvwxyz234567") for _ in range(50)))
            a.radd(r, te, cuda_err_tb(r, "", [("/workspace/torchtitan/train.py", 437, "<module>", "main(config)"),
                                              ("/workspace/torchtitan/train.py", 317, "main", "pred = model(input_ids)"),
                                              ("/usr/local/lib/python3.10/dist-packages/torch/_dynamo/eval_frame.py", 465, "_fn", "return fn(*args, **kwargs)"),
                                              ("/usr/local/lib/python3.10/dist-packages/torch/_dynamo/convert_frame.py", 1238, "__call__", "return self._torchdynamo_orig_callable("),
                                              ("/usr/local/lib/python3.10/dist-packages/torch/_dynamo/output_graph.py", 1465, "call_user_compiler", "raise BackendCompilerFailed(self.compiler_fn, e) from e")],
                                      "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
                                      ["OSError: [Errno 28] No space left on device: '%s'" % path, "",
                                       'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information', "", "",
                                       "You can suppress this exception and fall back to eager by setting:", "    import torch._dynamo",
                                       "    torch._dynamo.config.suppress_errors = True", ""]), 0.001)
            fl.setdefault(cul, []).append(dict(rank=r, local=l, exitcode=1, pid=a.pids[cul][l], time=te + S(1), host=cul))
        tx = min(f["time"] for f in fl[cul])
        wd = a.watchdog_all(tx + S(600), 19, "_ALLGATHER_BASE", 16777216, hosts=[h for h in nodes if h != cul])
        for h in nodes:
            f = fl.get(h) or wd[h]
            a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
        a.write("attempt_%d" % k, "torchrun_%d.log" % jid)
        te = tx + S(605)
        sacct.append(sacct_row(str(jid), "l3-8b-cpt", "h100", "llm", 1792, "FAILED", "1:0", t, te, hostlist("gpu-h", range(1, 9))))
        t = te + S(900 + rng.randint(0, 900))
    tc = t - S(800)
    dfl = lambda used, avail, pct: ["Filesystem                    Size  Used Avail Use% Mounted on", "tmpfs                         202G  4.1M  202G   1% /run",
                                   "/dev/nvme0n1p2                438G  %s  %s %3s%% /" % (used, avail, pct), "tmpfs                        1008G     0 1008G   0% /dev/shm",
                                   "/dev/nvme0n1p1                511M  6.1M  505M   2% /boot/efi", "/dev/md0                       28T  3.1T   25T  12% /raid",
                                   "10.8.0.21@o2ib:/lfs01          8.2P  5.7P  2.5P  70% /lustre"]
    b.put("attempt_2/gpu-h06/df-h.txt", ["$ df -h   # %s" % f_iso(tc)] + dfl("438G", "  0 ", 100))
    b.put("attempt_2/gpu-h06/du-tmp.txt", ["$ sudo du -xsh /tmp/* 2>/dev/null | sort -h | tail -5",
                                           "96M\t/tmp/torchinductor_svc-llm", "1.2G\t/tmp/triton_cache_svc-llm", "3.9G\t/tmp/core.python3.77123",
                                           "21G\t/tmp/pip-req-build-x1k2a9", "409G\t/tmp/enroot-data/user-2231"])
    b.put("attempt_2/gpu-h05/df-h.txt", ["$ df -h   # %s" % f_iso(tc + S(4))] + dfl(" 51G", "365G", 13))
    b.put("attempt_2/gpu-h06/dmesg.txt", render_dmesg(dmesg_boot(cul, D("2025-03-30 07:00:00"), rng, n_noise=30) +
                                                      [(t - S(4000), "EXT4-fs warning (device nvme0n1p2): ext4_dx_add_entry:2518: Directory (ino: 393219) index full, reach max htree level :2")]))
    b.put("sacct.txt", sacct)
    b.set_label("storage", "infrastructure", cul, None, "restart_without_node",
                "Three submissions on the same eight nodes fail the same way within a minute of the first compiled step: all eight ranks on gpu-h06 (and only there) hit "
                "'[Errno 28] No space left on device' writing the inductor cache under /tmp, and the other nodes then time out. df shows gpu-h06's root filesystem 100% full "
                "(409G of another user's enroot data in /tmp) while its neighbours are at 13%.",
                "https://pytorch.org/docs/stable/torch.compiler_troubleshooting.html")
    return b


def lsf_header(jid, name, user, hosts, ngpu, tsub, tstart, tend, exitline, cmd):
    L = ["Sender: LSF System <lsfadmin@%s>" % hosts[0],
         "Subject: Job %d: <%s> in cluster <hpc2> %s" % (jid, name, "Exited" if "exit code" in exitline else "Done"), "",
         "Job <%s> was submitted from host <login03> by user <%s> in cluster <hpc2> at %s" % (name, user, f_ctime(tsub)),
         "Job was executed on host(s) <%d*%s>, in queue <gpu>, as user <%s> in cluster <hpc2> at %s" % (ngpu, hosts[0], user, f_ctime(tstart))]
    for h in hosts[1:]:
        L.append("                            <%d*%s>" % (ngpu, h))
    L += ["</home/%s> was used as the home directory." % user, "</home/%s/gpt-ft> was used as the working directory." % user,
          "Started at %s" % f_ctime(tstart), "Terminated at %s" % f_ctime(tend), "Results reported at %s" % f_ctime(tend), "",
          "Your job looked like:", "", "------------------------------------------------------------", "# LSBATCH: User input"] + cmd + [
          "------------------------------------------------------------", "", exitline, "", "Resource usage summary:", "",
          "    CPU time :                                   %.2f sec." % ((tend - tstart).total_seconds() * 31.4),
          "    Max Memory :                                 %d GB" % 611, "    Average Memory :                             %d GB" % 402,
          "    Total Requested Memory :                     -", "    Delta Memory :                               -",
          "    Max Swap :                                   -", "    Max Processes :                              %d" % 97,
          "    Max Threads :                                %d" % 2211, "    Run time :                                   %d sec." % (tend - tstart).total_seconds(),
          "    Turnaround time :                            %d sec." % (tend - tsub).total_seconds(), "",
          "The output (if any) follows:", ""]
    return L


def edac(t, kind, page, n=1):
    return (t, "EDAC MC1: %d %s memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x%x offset:0x0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f "
               "SystemAddress:0x%x000 ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x2e0f9f000 ChannelId:0x1 RankAddress:0x170fcf000 PhysicalRankId:0x1 "
               "DimmSlotId:0x0 Row:0x5c3f Column:0x3e0 Bank:0x2 BankGroup:0x1 ChipSelect:0x1 ChipId:0x0)" % (n, kind, page, page))


def case_bp22():
    b = Bundle("bp22_segfault_then_bus_error_then_segfault", 7122)
    rng = b.rng
    hosts = ["cn-3315", "cn-3316", "cn-3317", "cn-3318"]
    cul = "cn-3317"
    jobs = [449012, 449187, 449233]
    t = D("2024-04-16 08:01:40")
    cmd = ["#BSUB -J gpt-ft", "#BSUB -q gpu", "#BSUB -n 16", "#BSUB -R \"span[ptile=4]\"", "#BSUB -gpu \"num=4:mode=exclusive_process\"",
           "#BSUB -o lsf-%J.out", "#BSUB -W 24:00", "module load cuda/12.1 nccl/2.18.3", "source ~/venvs/gpt/bin/activate",
           "blaunch -z \"$(echo $LSB_HOSTS | tr ' ' '\\n' | sort -u | tr '\\n' ' ')\" ./run_node.sh"]
    dd = dmesg_boot(cul, D("2024-04-02 09:00:00"), rng, gpus=4, bus=QUAD_BUS, n_noise=25)
    page = 0x5c1f3e
    for i in range(6):
        dd.append(edac(D("2024-04-10 02:00:00") + S(i * 50000 + rng.randint(0, 9000)), "CE", page + rng.randint(0, 3), 1))
    kinds = ["segv_worker", "sigbus", "segv_main"]
    fails = [3210, 5840, 6433]
    resume = [0, 3000, 5500]
    for k in range(3):
        jid = jobs[k]
        a = Attempt(b, hosts, 4, t, style="old", script="train.py --model gpt2-xl --data /gpfs/data/owt", port=29500, nccl_info=False, tee=False,
                    bus=QUAD_BUS, master="cn-3315")
        tt = a.t_ready
        for step in range(resume[k] + 10, fails[k], 10):
            tt += S(10 * 1.31 * (1 + rng.uniform(-0.01, 0.01)))
            a.radd(0, tt, "iter %d: loss %.4f, time %.2fms, mfu %.2f%%" % (step, loss_at(step, 2.9, 2.0, 2000, rng, 0.03), 1310 + rng.random() * 20, 41.2 + rng.random()))
        tx = tt + S(0.7)
        kind = kinds[k]
        fl = {}
        if kind == "segv_worker":
            r = a.rank(cul, 1)
            dd += [edac(tx - S(40), "CE", page, 3), (tx - S(0.2), "pt_data_worker[81234]: segfault at 7f3c1a2b9000 ip 00007f3c6a99e2c1 sp 00007f3b2effc7a8 error 4 in libc.so.6[7f3c6a828000+195000] likely on CPU 61 (core 13, socket 1)"),
                   (tx - S(0.2), "Code: 0f 1f 00 48 89 f8 48 83 f9 20 0f 82 d2 00 00 00 c5 fe 6f 06 48 83 f9 40 0f 87 e5 00 00 00 c5 fe 6f 4c 0e e0 c5 fe 7f 07 <c5> fe 7f 4c 0f e0 c5 f8 77 c3 48 3b 15 f6 2e 0e 00 0f 83 e7 00 00")]
            a.radd(r, tx, ["ERROR: Unexpected segmentation fault encountered in worker."] +
                   cuda_err_tb(r, "", [("/home/rtan/gpt-ft/train.py", 240, "<module>", "X, Y = get_batch('train')"),
                                       ("/home/rtan/gpt-ft/train.py", 118, "get_batch", "x, y = next(train_iter)"),
                                       ("/home/rtan/venvs/gpt/lib/python3.10/site-packages/torch/utils/data/dataloader.py", 1328, "_next_data", "idx, data = self._get_data()"),
                                       ("/home/rtan/venvs/gpt/lib/python3.10/site-packages/torch/utils/data/dataloader.py", 1147, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e")],
                               "RuntimeError: DataLoader worker (pid(s) 81234) exited unexpectedly"), 0.001)
            fl[cul] = [dict(rank=r, local=1, exitcode=1, pid=a.pids[cul][1], time=tx + S(1), host=cul)]
        elif kind == "sigbus":
            r = a.rank(cul, 2)
            pid = a.pids[cul][2]
            dd += [(tx - S(0.1), "mce: [Hardware Error]: Machine check events logged"), edac(tx - S(0.1), "UE", page),
                   (tx - S(0.05), "Memory failure: 0x%x: Sending SIGBUS to python:%d due to hardware memory corruption" % (page, pid)),
                   (tx - S(0.05), "Memory failure: 0x%x: recovery action for dirty LRU page: Recovered" % page)]
            fl[cul] = [dict(rank=r, local=2, exitcode=-7, pid=pid, time=tx + S(0.3), host=cul)]
        else:
            r = a.rank(cul, 0)
            pid = a.pids[cul][0]
            dd += [edac(tx - S(300), "CE", page + 1, 7), (tx - S(0.1), "mce: [Hardware Error]: Machine check events logged"), edac(tx - S(0.1), "UE", page + 2),
                   (tx - S(0.05), "Memory failure: 0x%x: Sending SIGBUS to python:%d due to hardware memory corruption" % (page + 2, pid + 1 if False else pid)),
                   (tx, "python[%d]: segfault at 0 ip 00007f9a1c2e40f3 sp 00007ffd3a1e2c90 error 6 in libtorch_cpu.so[7f9a0f200000+14c1b000] likely on CPU 60 (core 12, socket 1)" % pid)]
            fl[cul] = [dict(rank=r, local=0, exitcode=-11, pid=pid, time=tx + S(0.3), host=cul)]
        wd = a.watchdog_all(tx + S(1800.5), 400000 + k, "ALLREDUCE", 389120000, hosts=[h for h in hosts if h != cul], new=False, timeout_ms=1800000)
        for h in hosts:
            f = fl.get(h) or wd[h]
            a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
        out = lsf_header(jid, "gpt-ft", "rtan", hosts, 4, t - S(30), t, tx + S(1806), "Exited with exit code 1.", cmd)
        for h in hosts:
            out += ["==> %s <==" % h] + a.logs[h].render()
        b.put("attempt_%d/cn-3315/lsf-%d.out" % (k, jid), out)
        b.put("attempt_%d/cn-3317/dmesg.txt" % k, render_dmesg(dd))
        t = tx + S(2700 + rng.randint(0, 900))
    b.put("attempt_2/cn-3317/edac-util.txt", ["$ edac-util -v", "mc0: 0 Uncorrected Errors with no DIMM info", "mc0: 0 Corrected Errors with no DIMM info",
                                              "mc0: csrow0: 0 Uncorrected Errors", "mc1: csrow1: 2 Uncorrected Errors", "mc1: csrow1: ch1: 17 Corrected Errors",
                                              "mc1: csrow1: CPU_SrcID#1_MC#0_Chan#1_DIMM#0: 17 Corrected Errors", "mc1: csrow1: CPU_SrcID#1_MC#0_Chan#1_DIMM#0: 2 Uncorrected Errors"])
    b.set_label("host", "infrastructure", cul, None, "restart_without_node",
                "Three LSF runs each died on cn-3317 with a different symptom (dataloader worker segfault, SIGBUS, segfault in libtorch) on different local ranks. Its kernel log "
                "shows EDAC corrected errors rising on one DIMM (CPU_SrcID#1_MC#0_Chan#1_DIMM#0), then machine checks with uncorrected errors and 'Sending SIGBUS ... due to "
                "hardware memory corruption'. Bad host RAM on cn-3317.",
                "https://www.kernel.org/doc/html/latest/admin-guide/ras.html")
    return b


def case_bp23():
    b = Bundle("bp23_slow_steps_after_each_restart", 7123)
    rng = b.rng
    nodes = ["gpu-j%02d" % i for i in range(1, 7)]
    cul = "gpu-j03"
    slow = [20, 21, 22, 23]
    jobs = [7730112, 7730190, 7730244]
    t = D("2024-12-16 09:00:00")
    sacct = list(SACCT_HDR)
    for k in range(3):
        jid = jobs[k]
        a = Attempt(b, nodes, 8, t, launcher="srun", tee=False, nccl_info=False, script="megatron_gpt_pretraining.py")
        tt = a.t_init
        for r in range(a.world):
            tr = tt - S(40 - rng.random() * 4)
            a.radd(r, tr, "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/%d" % (r, r + 1, a.world))
            if r % 8 == 0:
                a.radd(r, tt - S(20), ["LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]",
                                       "[NeMo W %s nemo_logging:349] /usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/data_connector.py:441: The 'val_dataloader' does not have many workers which may be a bottleneck." % (tt - S(20)).strftime("%Y-%m-%d %H:%M:%S")], 0.01)
            if r in slow:
                a.radd(r, tt + S(60), "[NeMo W %s nemo_logging:349] rank %d: cuda:%d reports clocks_event_reasons=HW_SLOWDOWN|HW_THERMAL_SLOWDOWN at startup" % ((tt + S(60)).strftime("%Y-%m-%d %H:%M:%S"), r, r % 8))
        a.radd(0, tt, [nemo(tt, "I", "exp_manager:396", "Experiments will be logged at /lustre/proj/results/gpt5b"),
                       nemo(tt, "I", "straggler_det_callback:129", "Straggler detection enabled: report_time_interval=300s, calc_relative_gpu_perf=True, calc_individual_gpu_perf=True, num_gpu_perf_scores_to_print=5, gpu_relative_perf_threshold=0.7, gpu_individual_perf_threshold=0.7, stop_if_detected=False"),
                       nemo(tt + S(50), "I", "nemo_model_checkpoint:270", "Restored checkpoint from /lustre/proj/results/gpt5b/checkpoints/megatron_gpt--step=%d-last" % (20000 + k * 1500))], 0.01)
        step = 20000 + k * 1500
        dur = [7200, 5400, 6600][k]
        el = 0.0
        tstep = 1.93
        n = 0
        while el < dur:
            step += 10
            el += 10 * tstep * (1 + rng.uniform(-0.01, 0.01))
            tt = a.t_ready + S(el)
            a.radd(0, tt, nemo_bar(step, 100000, el, loss_at(step, 2.05, 1.2, 9000, rng, 0.02), step * 1024.0, tstep + rng.uniform(-0.03, 0.03)))
            n += 1
            if n % 16 == 0:
                scores = sorted([(r, 0.97 + rng.random() * 0.03) for r in range(48) if r not in slow] + [(r, 0.55 + rng.random() * 0.06) for r in slow], key=lambda x: x[1])
                a.radd(0, tt + S(0.1), [nemo(tt, "I", "straggler_det_callback:198", "\nGPU relative performance:\n Worst performing 5/48 ranks:"),
                                         ] + ["  Rank=%d Node=%s Score=%.2f" % (r, nodes[r // 8], sc) for r, sc in scores[:5]] +
                       [" Best performing 5/48 ranks:"] + ["  Rank=%d Node=%s Score=%.2f" % (r, nodes[r // 8], sc) for r, sc in scores[-5:][::-1]] +
                       ["GPU individual performance:", " Worst performing 5/48 ranks:"] + ["  Rank=%d Node=%s Score=%.2f" % (r, nodes[r // 8], sc - 0.02) for r, sc in scores[:5]] +
                       [nemo(tt, "W", "straggler_det_callback:221", "STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. Affected Ranks: %s" % slow),
                        nemo(tt, "W", "straggler_det_callback:225", "STRAGGLER DETECTION WARNING: Some GPUs performance dropped. Affected Ranks: %s" % slow)], 0.001)
        tx = tt + S(20)
        if k < 2:
            for h in nodes:
                a.add(h, tx, "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s ***" % (jid, h, f_iso(tx)))
            a.radd(0, tx + S(1), ["[rank: 0] Received SIGTERM: 15", "Bypassing SIGTERM: 15"])
            sacct.append(sacct_row(str(jid), "gpt5b", "gpu", "nlp", 576, "CANCELLED", "0:0", t, tx + S(5), hostlist("gpu-j", range(1, 7))))
        else:
            sacct.append(sacct_row(str(jid), "gpt5b", "gpu", "nlp", 576, "RUNNING", "0:0", t, tx + S(0.5), hostlist("gpu-j", range(1, 7))))
        for h in list(a.logs):
            if h not in ("gpu-j01", cul):
                a.logs[h] = Log()
        a.write("attempt_%d" % k, lambda h, j=jid: "nemo_%d_%s.out" % (j, h))
        if k < 2:
            t = tx + S(1200 + rng.randint(0, 600))
    tc = tx + S(30)
    over = {g: {"util": 100, "used": 71011 + g, "power": 640 + rng.randint(0, 50), "temp": 61 + rng.randint(0, 6), "sm_clock": 1980} for g in range(8)}
    for g in range(4, 8):
        over[g].update({"hw_slowdown": True, "hw_thermal": True, "temp": 88 + rng.randint(0, 3), "sm_clock": 1155, "power": 410 + rng.randint(0, 30)})
    b.put("attempt_2/gpu-j03/nvidia-smi-q.txt", nvsmi_q(tc, cul, 8, over=over, rng=rng))
    b.put("attempt_2/gpu-j03/ipmitool-sdr-fan.txt", ["$ ipmitool sdr type Fan   # %s" % f_iso(tc),
                                                     "FAN1             | 41h | ok  | 29.1 | 11200 RPM", "FAN2             | 42h | ok  | 29.2 | 11340 RPM",
                                                     "FAN3             | 43h | ok  | 29.3 | 11200 RPM", "FAN4             | 44h | ok  | 29.4 | 11060 RPM",
                                                     "FAN5             | 45h | cr  | 29.5 | 0 RPM", "FAN6             | 46h | cr  | 29.6 | 0 RPM",
                                                     "FAN7             | 47h | ok  | 29.7 | 11480 RPM", "FAN8             | 48h | ok  | 29.8 | 11200 RPM"])
    over2 = {g: {"util": 100, "used": 71011 + g, "power": 650 + rng.randint(0, 40), "temp": 60 + rng.randint(0, 6), "sm_clock": 1980} for g in range(8)}
    b.put("attempt_2/gpu-j05/nvidia-smi-q.txt", nvsmi_q(tc + S(10), "gpu-j05", 8, over=over2, rng=rng))
    b.put("ticket.txt", ["Ticket ML-4471 (user nlp/akim): gpt5b pretraining at 1.9 s/step instead of ~1.15 s/step measured on the same 6 nodes last month.",
                         "Restarted twice (jobs %d, %d cancelled by me), no change. Current job %d still running, slow. Logs collected %s." % (jobs[0], jobs[1], jobs[2], f_iso(tc))])
    b.put("sacct.txt", sacct)
    b.set_label("straggler", "infrastructure", cul, None, "restart_without_node",
                "Nothing fails; every run since the restarts steps at ~1.93 s instead of ~1.15 s and the straggler detector names the same ranks 20-23 every report, "
                "all on gpu-j03. That node's GPUs 4-7 are at 88-90 C with HW Thermal Slowdown active and SM clocks at 1155 MHz, and two chassis fans read 0 RPM. Move the job off gpu-j03.",
                "https://github.com/NVIDIA/nvidia-resiliency-ext")
    return b


def case_bp24():
    b = Bundle("bp24_nccl_errors_on_each_restart", 7124)
    rng = b.rng
    nodes = ["dgx-b%d" % i for i in range(10, 16)]
    cul, cl = "dgx-b12", 4
    jobs = [612201, 612255, 612301]
    t = D("2025-05-20 00:30:00")
    resume = [2000, 2500, 3000]
    fails = [2741, 3108, 3077]
    sacct = list(SACCT_HDR)
    dd = dmesg_boot(cul, D("2025-05-12 08:00:00"), rng, n_noise=30)
    for k in range(3):
        jid = jobs[k]
        a = Attempt(b, nodes, 8, t, style="new", script="train.py --cfg configs/mixtral_8x22b.yaml", port=29500, nccl_info=True, tee=False,
                    nccl_version="2.21.5")
        lg = lambda tt, m: "%s [INFO] %s" % (f_ms(tt), m)
        tt = a.t_ready
        a.radd(0, tt - S(3), lg(tt - S(3), "resumed from /vast/ckpt/mx22b/step_%06d" % resume[k]))
        for step in range(resume[k] + 1, fails[k]):
            tt += S(5.8 * (1 + rng.uniform(-0.01, 0.01)))
            if step % 5 == 0:
                a.radd(0, tt, lg(tt, "step %d | loss %.4f | aux_loss %.4f | %.2fs/it | grad_norm %.3f" % (step, loss_at(step, 1.8, 1.0, 2000, rng, 0.02), 0.011 + rng.random() * 0.002, 5.8, 0.4 + rng.random() * 0.2)))
        tx = tt + S(1.3)
        r = a.rank(cul, cl)
        r2 = a.rank(cul, 5)
        pid = a.pids[cul][cl]
        link = [3, 3, 11][k]
        dd += [(tx - S(0.4), xid(HGX_BUS[cl], 74, pid, "python3", "NVLink: fatal error detected on link %d(0x0, 0x0, 0x0, 0x0, 0x0, 0x40, 0x0)" % link)),
               (tx - S(0.4), "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Fatal, Link %d LTSSM Fault Up" % (32 + link)),
               (tx - S(0.4), "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Severity 1 Engine instance %d Sub-engine instance 00" % (32 + link)),
               (tx - S(0.4), "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Data {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}")]
        a.radd(r, tx, ["%s:%d:%d [%d] enqueue.cc:1522 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % (cul, pid, pid + 331, cl),
                       "%s:%d:%d [%d] NCCL INFO enqueue.cc:1618 -> 1" % (cul, pid, pid + 331, cl)])
        a.radd(r, tx + S(0.3), cuda_watchdog_err(r, tx + S(0.3), "CUDA error: uncorrectable NVLink error detected during the execution"))
        a.radd(r2, tx + S(0.9), cuda_watchdog_err(r2, tx + S(0.9), "CUDA error: uncorrectable NVLink error detected during the execution"))
        ff = {cul: [dict(rank=r, local=cl, exitcode=-6, pid=pid, time=tx + S(0.8), host=cul),
                    dict(rank=r2, local=5, exitcode=-6, pid=a.pids[cul][5], time=tx + S(1.4), host=cul)]}
        wd = a.watchdog_all(tx + S(600.2), 310022 + k, "ALLTOALL_BASE", 58720256, hosts=[h for h in nodes if h != cul])
        for h in nodes:
            f = ff.get(h) or wd[h]
            a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
        a.write("attempt_%d" % k, "torchrun_%d.log" % jid)
        b.put("attempt_%d/%s/dmesg.txt" % (k, cul), render_dmesg(dd))
        te = tx + S(605)
        sacct.append(sacct_row(str(jid), "mx22b", "dgxh100", "moe", 1344, "FAILED", "1:0", t, te, "dgx-b[10-15]"))
        t = te + S(600 + rng.randint(0, 600))
    nl = ["$ nvidia-smi nvlink -e -i %d   # %s" % (cl, f_iso(te + S(120))), "GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-8a1c22e4-7b0f-4b1d-93a2-0c5e1f7d9b3e)" % cl]
    for ln in range(18):
        bad = ln in (3, 11)
        nl += ["\t Link %d: Replay Errors: %d" % (ln, 18211 if bad else rng.randint(0, 2)),
               "\t Link %d: Recovery Errors: %d" % (ln, 412 if bad else 0),
               "\t Link %d: CRC Errors: %d" % (ln, 90331 if bad else 0)]
    b.put("attempt_2/%s/nvidia-smi-nvlink-e.txt" % cul, nl)
    b.put("attempt_2/dgx-b11/nvidia-smi-q.txt", nvsmi_q(te + S(130), "dgx-b11", 8, rng=rng, over={1: {"a_sram_ce": 4}}))
    b.put("sacct.txt", sacct)
    b.set_label("nvlink", "infrastructure", cul, 20, "restart_without_node",
                "Each of the three runs died on dgx-b12 with 'uncorrectable NVLink error' on rank 20 (GPU 4) first, with Xid 74 NVLink fatal errors for that GPU and NVSwitch "
                "SXid 20034 link faults in the same second; nvlink -e shows tens of thousands of replay/CRC errors on GPU 4 links 3 and 11. The other nodes only time out.",
                "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return b


def case_bp25():
    b = Bundle("bp25_timeouts_during_checkpoint_each_attempt", 7125)
    rng = b.rng
    nodes = ["ai-n%02d" % i for i in range(1, 7)]
    jobs = [40211, 40260, 40298]
    stuck = ["ai-n02", "ai-n05", "ai-n03"]
    t = D("2024-10-30 15:00:00")
    resume = [8000, 9000, 9000]
    save_at = [9000, 10000, 10000]
    sacct = list(SACCT_HDR)
    for k in range(3):
        jid = jobs[k]
        a = Attempt(b, nodes, 8, t, style="old", script="train.py --config conf/wav2vec2_xl.yaml", port=29500, nccl_info=False, tee=False)
        lg = lambda tt, m: "[%s][train][INFO] - %s" % (f_agent(tt), m)
        tt = a.t_ready
        for step in range(resume[k] + 20, save_at[k] + 1, 20):
            tt += S(20 * 0.93 * (1 + rng.uniform(-0.01, 0.01)))
            a.radd(0, tt, lg(tt, "step %d | loss %.3f | lr %.2e | %.0f samples/s" % (step, loss_at(step, 0.9, 2.0, 4000, rng, 0.02), 3e-4, 1700 + rng.random() * 30)))
        tsave = tt + S(0.5)
        for h in nodes:
            r = a.rank(h, 0)
            a.radd(r, tsave + S(rng.random()), lg(tsave, "rank %d: writing shard /mnt/ckpt/w2v2-xl/step_%d/shard_%02d.pt (11.2 GB)" % (r, save_at[k], r // 8)))
            if h != stuck[k]:
                a.radd(r, tsave + S(95 + rng.random() * 60), lg(tsave + S(95), "rank %d: shard written" % r))
        sh = stuck[k]
        sr = a.rank(sh, 0)
        fl = {}
        wd = a.watchdog_all(tsave + S(600 + 170), 551203 + k, "ALLREDUCE", 1, skip={sr}, new=False, timeout_ms=600000)
        for h in nodes:
            f = wd[h]
            a.teardown(h, max(x["time"] for x in f) + S(0.4), f)
        a.write("attempt_%d" % k, "train_%d.log" % jid)
        for h in nodes:
            dd = []
            base = dmesg_boot(h, D("2024-10-21 06:00:00") + S(nodes.index(h) * 97), rng, n_noise=15)
            if h == sh:
                dd += [(tsave + S(31), "nfs: server nfs-ckpt01 not responding, still trying"),
                       (tsave + S(31), "nfs: server nfs-ckpt01 not responding, still trying")]
                for j in range(3):
                    tj = tsave + S(246 + j * 123)
                    pid = a.pids[sh][0]
                    dd += [(tj, "INFO: task python:%d blocked for more than %d seconds." % (pid, 122 * (j + 2))),
                           (tj, "      Tainted: P           OE     5.15.0-107-generic #117-Ubuntu"),
                           (tj, "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
                           (tj, "task:python         state:D stack:0     pid:%d ppid:%d flags:0x00000002" % (pid, pid - 41)),
                           (tj, "Call Trace:"), (tj, " <TASK>"), (tj, " __schedule+0x2cd/0x890"), (tj, " schedule+0x69/0x110"),
                           (tj, " io_schedule+0x46/0x80"), (tj, " folio_wait_bit_common+0x14b/0x370"), (tj, " folio_wait_writeback+0x2b/0x90"),
                           (tj, " __filemap_fdatawait_range+0x8d/0x100"), (tj, " filemap_write_and_wait_range+0x7c/0xc0"),
                           (tj, " nfs_file_fsync+0x5c/0x1f0 [nfs]"), (tj, " __x64_sys_fsync+0x3b/0x70"), (tj, " do_syscall_64+0x5c/0xc0"), (tj, " </TASK>")]
                dd.append((tsave + S(850), "nfs: server nfs-ckpt01 OK"))
            else:
                dd += [(tsave + S(40 + rng.random() * 20), "nfs: server nfs-ckpt01 not responding, still trying"),
                       (tsave + S(88 + rng.random() * 40), "nfs: server nfs-ckpt01 OK")]
            if h in (sh, nodes[(nodes.index(sh) + 2) % 6]):
                b.put("attempt_%d/%s/dmesg.txt" % (k, h), render_dmesg(base + dd))
        te = tsave + S(780)
        sacct.append(sacct_row(str(jid), "w2v2-xl", "gpu", "speech", 768, "FAILED", "6:0", t, te, "ai-n[01-06]"))
        t = te + S(900 + rng.randint(0, 600))
    b.put("mountstats-nfs-ckpt01.txt", ["$ grep -A3 'nfs-ckpt01' /proc/self/mountstats   # on ai-n01, %s" % f_iso(t - S(600)),
                                        "device nfs-ckpt01:/export/ckpt mounted on /mnt/ckpt with fstype nfs4 statvers=1.1",
                                        "\topts:\trw,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,acregmin=3,acregmax=60,acdirmin=30,acdirmax=60,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=10.12.0.11,local_lock=none",
                                        "\tage:\t812233",
                                        "\tWRITE: 2291102 2291877 775 2405011290112 396011200 112201911 812331021 924563010 0"])
    b.put("sacct.txt", sacct)
    b.set_label("storage", "infrastructure", None, None, "restart",
                "All three attempts die 10 minutes into a checkpoint save: one node's writer (ai-n02, then ai-n05, then ai-n03) is stuck in D state in nfs_file_fsync while "
                "nfs-ckpt01 is 'not responding', so every other rank times out in the next all-gather. Every node logs the same NFS server stalls; the stuck node is just the "
                "unlucky one. A shared checkpoint-server problem that cleared ('nfs-ckpt01 OK'): resume once the server is healthy.",
                "https://docs.kernel.org/admin-guide/nfs/nfs-client.html")
    return b


def case_bp26():
    b = Bundle("bp26_pods_terminated_on_third_start", 7126)
    rng = b.rng
    n0 = ["h100-pool-node-%02d" % i for i in (1, 2, 3, 4)]
    n1 = ["h100-pool-node-%02d" % i for i in (1, 2, 4, 5)]
    pods = ["gemma-ft-master-0", "gemma-ft-worker-0", "gemma-ft-worker-1", "gemma-ft-worker-2"]
    t = D("2025-01-21 10:00:00")
    ev = []
    for k in range(3):
        nodes = n0 if k == 0 else n1
        a = Attempt(b, nodes, 8, t, style="new", script="finetune.py --config /cfg/gemma2_27b_sft.yaml", port=23456, nccl_info=(k == 2), tee=False,
                    master="gemma-ft-master-0", ips={h: "10.233.%d.%d" % (64 + i, 12 + k) for i, h in enumerate(nodes)}, ifname="eth0", net="RoCE")
        tt = a.t_ready
        a.radd(0, tt - S(2), "[%s] INFO resume: %s" % (f_agent(tt - S(2)), ["fresh start", "checkpoint-1400", "checkpoint-2400"][k]))
        end = {0: 1733, 1: 2716, 2: 99999}[k]
        step = [0, 1400, 2400][k]
        tpre = D("2025-01-21 17:41:07")
        while step < end:
            step += 10
            tt += S(10 * 3.7 * (1 + rng.uniform(-0.01, 0.01)))
            if k == 2 and tt > tpre:
                break
            a.radd(0, tt, "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}" % (loss_at(step, 0.8, 0.9, 700, rng, 0.02), 0.7 + rng.random() * 0.4, 1e-5, step / 3000.0))
            if step % 200 == 0:
                a.radd(0, tt + S(1), "Saving model checkpoint to /workspace/out/checkpoint-%d" % step)
                tt += S(45)
        tx = tt + S(2)
        if k == 0:
            cul, cl = "h100-pool-node-03", 6
            r = a.rank(cul, cl)
            a.radd(r, tx + S(1), cuda_watchdog_err(r, tx + S(1)))
            ff = {cul: [dict(rank=r, local=cl, exitcode=-6, pid=a.pids[cul][cl], time=tx + S(1.5), host=cul)]}
            wd = a.watchdog_all(tx + S(600.2), 88001, "_ALLGATHER_BASE", 56623104, hosts=[h for h in nodes if h != cul])
            for h in nodes:
                f = ff.get(h) or wd[h]
                a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
            b.put("attempt_0/h100-pool-node-03/dmesg.txt", render_dmesg(dmesg_boot(cul, D("2025-01-14 00:00:00"), rng, n_noise=20) + fell_off_bus(tx, HGX_BUS[cl], 1654925510088)))
            ev += ["%s   Warning   GPUFailure         node/h100-pool-node-03   Xid 79 on GPU 0000:%s:00.0: GPU has fallen off the bus" % (f_iso(tx + S(20)), HGX_BUS[cl]),
                   "%s   Normal    NodeNotSchedulable node/h100-pool-node-03   Node h100-pool-node-03 status is now: NodeNotSchedulable" % f_iso(tx + S(25)),
                   "%s   Normal    Restarting         pytorchjob/gemma-ft      PyTorchJob gemma-ft is restarting because 1 Master replica(s) failed." % f_iso(tx + S(610))]
            t = tx + S(700)
        elif k == 1:
            ff = {}
            for h, l, ph in (("h100-pool-node-02", 3, "h100-pool-node-05"),):
                r = a.rank(h, l)
                a.radd(r, tx, remote_err_lines(h, a.pids[h][l], l, a.ips[ph], 41000 + r, r, tx, version="2.21.5", local_ip=a.ips[h]))
                a.radd(r, tx + S(0.1), nccl_remote_err_tb(r, "", [("/app/finetune.py", 188, "<module>", "trainer.train(resume_from_checkpoint=True)")],
                                                          "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (a.ips[ph], 41000 + r, a.ips[h], a.ips[ph])), 0.001)
                ff[h] = [dict(rank=r, local=l, exitcode=1, pid=a.pids[h][l], time=tx + S(2), host=h)]
            wd = a.watchdog_all(tx + S(600.2), 61002, "_ALLGATHER_BASE", 56623104, hosts=[h for h in nodes if h not in ff])
            for h in nodes:
                f = ff.get(h) or wd[h]
                a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
            ev += ["%s   Normal    Restarting         pytorchjob/gemma-ft      PyTorchJob gemma-ft is restarting because 1 Worker replica(s) failed." % f_iso(tx + S(610))]
            t = tx + S(680)
        else:
            tp = tpre
            ev += ["%s   Normal    Preempted          workload/pytorchjob-gemma-ft-3c1d2   Preempted to accommodate a workload (UID: 7b1e4f0a-2d9c-4e3b-a1f6-55c0d2e8b913, JobUID: 0d9f2c11-8a7e-4b6d-9c31-2f4e6a8b1c70) due to prioritization in the ClusterQueue" % f_iso(tp),
                   "%s   Normal    Stopped            pytorchjob/gemma-ft      Preempted to accommodate a higher priority Workload" % f_iso(tp + S(1))]
            for i, h in enumerate(nodes):
                ev.append("%s   Normal    Killing            pod/%s   Stopping container pytorch" % (f_iso(tp + S(2)), pods[i]))
                agent_sigterm(a.logs[h], tp + S(2.2), a.style, h, a.pids[h], a.pids[h][0] - 19)
                for l in range(8):
                    r = a.rank(h, l)
                    if rng.random() < 0.35:
                        a.radd(r, tp + S(3 + rng.random()), nccl_remote_err_tb(r, "", [("/app/finetune.py", 188, "<module>", "trainer.train(resume_from_checkpoint=True)"),
                                                                                       ("/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", 521, "backward", "torch.autograd.backward(")],
                                                                               "socketProgress: Connection closed by remote peer %s<%d>" % (a.ips[nodes[(i + 1) % 4]], 40100 + r)), 0.001)
                    else:
                        a.radd(r, tp + S(3 + rng.random()), pg_not_destroyed(r, tp + S(3)))
            ev.append("%s   Normal    QuotaReserved      workload/pytorchjob-gemma-ft-3c1d2   Quota reserved in ClusterQueue research-cq, wait time since queued was 0s" % f_iso(t - S(60)))
            ev.append("%s   Normal    Pending            workload/pytorchjob-gemma-ft-3c1d2   couldn't assign flavors to pod set master: insufficient unused quota for nvidia.com/gpu in flavor h100-80g, 32 more needed" % f_iso(tp + S(40)))
        a.write("attempt_%d" % k, lambda h: "pod-%s.log" % pods[nodes.index(h)])
    b.put("kubectl-get-events.txt", ["LAST SEEN              TYPE      REASON             OBJECT                                 MESSAGE"] + sorted(ev))
    b.put("kubectl-get-workloads.txt", ["NAME                         QUEUE        RESERVED IN   ADMITTED   FINISHED   AGE",
                                        "pytorchjob-gemma-ft-3c1d2    research-lq                False                 7h44m",
                                        "pytorchjob-llama405b-eval-a1  prod-lq      prod-cq       True                  41s"])
    b.set_label("unknown", "framework", None, None, "none",
                "Attempt 0 lost a GPU on h100-pool-node-03 (node cordoned, gone later) and attempt 1 hit a one-off RoCE error; the third start was training normally until Kueue "
                "preempted the workload for a higher-priority job and the pods got SIGTERM. The NCCL errors after that are teardown. The workload is now queued waiting for quota.",
                "https://kueue.sigs.k8s.io/docs/concepts/preemption/")
    return b


def case_bp27():
    b = Bundle("bp27_assertion_on_every_rank_after_restart", 7127)
    rng = b.rng
    n0 = ["gpu-e%02d" % i for i in range(1, 9)]
    n1 = [h for h in n0 if h != "gpu-e05"]
    cul, cl = "gpu-e05", 0
    t = D("2024-09-24 06:00:00")
    ctl = []
    for k in range(4):
        nodes = n0 if k == 0 else n1
        a = Attempt(b, nodes, 8, t, style="new", script="pretrain_gpt.py", port=29500, restart_count=k, nccl_info=(k == 0), tee=False,
                    max_restarts=3, cont=(k > 0))
        megatron_banner(a, a.t_init + S(5), 4, 1, 1536, 4)
        if k == 0:
            tf = megatron_progress(a, a.t_ready, 64000, 64377, 500000, 1536, 3310.0, rng, lr=1.2e-4)
            tx = tf + S(1.2)
            r = a.rank(cul, cl)
            a.radd(r, tx + S(1), cuda_watchdog_err(r, tx + S(1)))
            b.put("attempt_0/gpu-e05/dmesg.txt", render_dmesg(dmesg_boot(cul, D("2024-09-16 12:00:00"), rng, n_noise=25) + fell_off_bus(tx, HGX_BUS[cl], 1654921199402)))
            ff = {cul: [dict(rank=r, local=cl, exitcode=-6, pid=a.pids[cul][cl], time=tx + S(1.5), host=cul)]}
            wd = a.watchdog_all(tx + S(600.3), 3310112, "_REDUCE_SCATTER_BASE", 98566144, hosts=[h for h in nodes if h != cul])
            for h in nodes:
                f = ff.get(h) or wd[h]
                a.teardown(h, max(x["time"] for x in f) + S(0.3), f, final=(h == cul), restarts_left=(3, 3))
            a.add(cul, tx + S(240), "slurmstepd: error: *** STEP 5561203.0 ON gpu-e05 CANCELLED AT %s ***" % f_iso(tx + S(240)))
            ctl += ["[%s] update_node: node gpu-e05 reason set to: NHC: Xid 79 GPU 0000:%s:00.0 lost" % (f_ms(tx + S(200)).replace(" ", "T"), HGX_BUS[cl]),
                    "[%s] update_node: node gpu-e05 state set to DRAINING" % f_ms(tx + S(200)).replace(" ", "T"),
                    "[%s] _step_signal: sending SIGKILL to StepId=5561203.0 task(s) on drained node gpu-e05 (--no-kill set, job continues)" % f_ms(tx + S(240)).replace(" ", "T")]
            t = tx + S(614)
        else:
            fl = {}
            for h in nodes:
                for l in range(8):
                    r = a.rank(h, l)
                    tl = a.t_init + S(6 + rng.random() * 0.5)
                    a.radd(r, tl, cuda_err_tb(r, "", [("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                                                      ("/workspace/Megatron-LM/megatron/training/training.py", 270, "pretrain", "initialize_megatron("),
                                                      ("/workspace/Megatron-LM/megatron/training/initialize.py", 72, "initialize_megatron", "set_global_variables(args)"),
                                                      ("/workspace/Megatron-LM/megatron/training/global_vars.py", 93, "set_global_variables", "init_num_microbatches_calculator("),
                                                      ("/workspace/Megatron-LM/megatron/core/num_microbatches_calculator.py", 85, "init_num_microbatches_calculator", "_GLOBAL_NUM_MICROBATCHES_CALCULATOR = _build_num_microbatches_calculator("),
                                                      ("/workspace/Megatron-LM/megatron/core/num_microbatches_calculator.py", 178, "_build_num_microbatches_calculator", "num_microbatches_calculator = ConstantNumMicroBatchesCalculator("),
                                                      ("/workspace/Megatron-LM/megatron/core/num_microbatches_calculator.py", 283, "__init__", "assert (")],
                                              "AssertionError: global batch size (1536) is not divisible by micro batch size (4) times data parallel size (14)"), 0.001)
                    fl.setdefault(h, []).append(dict(rank=r, local=l, exitcode=1, pid=a.pids[h][l], time=tl + S(0.8), host=h,
                                                     error_file="/tmp/torchelastic_mg/%d/error.json" % r))
            for h in nodes:
                a.teardown(h, max(x["time"] for x in fl[h]) + S(0.3), fl[h], final=(k == 3), restarts_left=(3 - k, 3))
            t = max(x["time"] for h in nodes for x in fl[h]) + S(3)
        a.write("attempt_%d" % k, "torchrun_5561203.log")
    b.put("job.sbatch", ["#!/bin/bash", "#SBATCH -N 8 --gpus-per-node=8 --no-kill --time=2-00:00:00", "",
                         "srun --ntasks-per-node=1 torchrun --nnodes 6:8 --nproc-per-node 8 --max-restarts 3 \\",
                         "  --rdzv-backend c10d --rdzv-endpoint gpu-e01:29500 --rdzv-id gpt175 \\",
                         "  pretrain_gpt.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 1 \\",
                         "  --global-batch-size 1536 --micro-batch-size 4 --seq-length 4096 --load ckpt --save ckpt"])
    b.put("slurmctld.log", sorted(ctl))
    b.set_label("user_code", "script", None, None, "stop",
                "gpu-e05 lost a GPU (Xid 79) in attempt 0 and was drained; the elastic launcher then re-formed the group with 7 nodes (56 GPUs, TP=4 so DP=14) and every rank of "
                "attempts 1-3 fails at startup with 'global batch size (1536) is not divisible by micro batch size (4) times data parallel size (14)'. The job's settings do not "
                "fit the node counts its elastic range allows; it will not start until the config or node count is changed.",
                "https://github.com/NVIDIA/Megatron-LM/blob/main/megatron/core/num_microbatches_calculator.py")
    return b


def case_bp28():
    b = Bundle("bp28_freezes_again_after_host_swap", 7128)
    rng = b.rng
    n0 = ["gpu-p%02d" % i for i in range(1, 9)]
    n1 = [h for h in n0 if h != "gpu-p06"] + ["gpu-p09"]
    jobs = [3001221, 3001277, 3001330]
    t = D("2025-06-02 11:00:00")
    resume = [30000, 31000, 33000]
    stop = [31212, 33391, 34078]
    sacct = list(SACCT_HDR)
    for k in range(3):
        nodes = n0 if k == 0 else n1
        jid = jobs[k]
        a = Attempt(b, nodes, 8, t, style="new", script="train.py --recipe recipes/dense_34b.yaml", port=29500, nccl_info=(k == 2), tee=False,
                    nccl_version="2.23.4", cuda="12.6")
        lg = lambda tt, m: "%s | rank0 | %s" % (f_ms(tt), m)
        tt = a.t_ready
        for step in range(resume[k] + 10, stop[k] + 1, 10):
            tt += S(10 * 2.6 * (1 + rng.uniform(-0.01, 0.01)))
            a.radd(0, tt, lg(tt, "step=%d loss=%.4f lr=%.2e gnorm=%.3f tok/s=%d" % (step, loss_at(step, 1.9, 1.0, 9000, rng, 0.02), 1e-4, 0.25 + rng.random() * 0.1, 412000 + rng.randint(0, 5000))))
        tx = tt + S(2.6)
        if k == 0:
            cul, cl = "gpu-p06", 1
            r = a.rank(cul, cl)
            b.put("attempt_0/gpu-p06/dmesg.txt", render_dmesg(dmesg_boot(cul, D("2025-05-26 09:00:00"), rng, n_noise=20) + [
                (tx - S(0.3), xid(HGX_BUS[cl], 48, a.pids[cul][cl], "python3", "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 2, subpartition 1.")),
                (tx - S(0.3), xid(HGX_BUS[cl], 63, a.pids[cul][cl], "python3", "Row Remapper: New row (0x0000000000b1c340) marked for remapping, reset gpu to activate."))]))
            a.radd(r, tx, cuda_err_tb(r, "", [("/srv/train/train.py", 402, "<module>", "main()"), ("/srv/train/train.py", 344, "main", "loss.backward()")],
                                      "RuntimeError: CUDA error: uncorrectable ECC error encountered", CUDA_ASYNC[:3]), 0.001)
            ff = {cul: [dict(rank=r, local=cl, exitcode=1, pid=a.pids[cul][cl], time=tx + S(1), host=cul)]}
            wd = a.watchdog_all(tx + S(600.2), 9901231, "_ALLGATHER_BASE", 75497472, hosts=[h for h in nodes if h != cul])
        else:
            seq = 1200000 + k * 77777
            wd = a.watchdog_all(tx + S(600.2), seq, "_REDUCE_SCATTER_BASE", 75497472, last_enq=seq, last_comp=seq - 1)
            ff = {}
        for h in nodes:
            f = ff.get(h) or wd[h]
            a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
        a.write("attempt_%d" % k, "torchrun_%d.log" % jid)
        te = tx + S(605)
        nl = hostlist("gpu-p", [int(h[-2:]) for h in nodes])
        sacct.append(sacct_row(str(jid), "dense34b", "h100", "core", 1792, "FAILED", "1:0", t, te, nl))
        if k == 2:
            tp = tx + S(300)
            for h, l in (("gpu-p02", 5), ("gpu-p09", 0), ("gpu-p07", 3)):
                pid = a.pids[h][l]
                b.put("attempt_2/%s/py-spy_rank%d.txt" % (h, a.rank(h, l)), ["$ py-spy dump --pid %d   # %s" % (pid, tp.strftime("%H:%M:%S"))] +
                      pyspy(pid, "/usr/bin/python3 train.py --recipe recipes/dense_34b.yaml",
                            [(pid, "active", "MainThread", ["_wait_for_grad_reduce (srv/train/fsdp_utils.py:88)", "step (srv/train/trainer.py:212)", "main (train.py:351)", "<module> (train.py:402)"]),
                             (pid + 99, "idle", "Thread-2 (_pin_memory_loop)", PIN_MEM)]))
            for h in ("gpu-p02", "gpu-p09"):
                b.put("attempt_2/%s/dmesg.txt" % h, render_dmesg(dmesg_boot(h, D("2025-05-26 09:00:00") + S(n1.index(h) * 60), rng, n_noise=30)))
                b.put("attempt_2/%s/ibstat.txt" % h, ibstat(["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7"], rng=rng, lid0=300 + n1.index(h) * 8))
            b.put("attempt_2/fr_trace_summary.txt", ["$ torchfrtrace /shared/fr/dense34b/%d -j   # collected %s" % (jid, f_iso(tx + S(900))),
                                                     "Loaded 64 dumps", "pg 0 (default_pg): 64 ranks",
                                                     "  last fully completed collective: seq %d _reduce_scatter_base" % (seq - 1),
                                                     "  collective seq %d  _reduce_scatter_base  input [75497472] bf16" % seq,
                                                     "    state=started   ranks: 0-63", "    missing ranks: none", "No size or op mismatches found."])
        t = te + S(900 + rng.randint(0, 600))
    b.put("sacct.txt", sacct)
    b.set_label("hang", "infrastructure", None, None, "restart",
                "Attempt 0's ECC failure on gpu-p06 was handled by swapping in gpu-p09. Attempts 1 and 2 then hang at unrelated steps: every one of the 64 ranks entered the same "
                "reduce-scatter and none finished (flight recorder: all started, none missing, no mismatch), py-spy shows all ranks waiting, and no node has Xid, ECC or IB errors. "
                "Nothing points at a rank or node.",
                "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html")
    return b


def case_bp29():
    b = Bundle("bp29_workers_killed_on_a_different_host_each_time", 7129)
    rng = b.rng
    nodes = ["vis-n%02d" % i for i in range(1, 5)]
    jobs = [77120, 77163, 77201]
    victims = ["vis-n03", "vis-n01", "vis-n04"]
    t = D("2024-07-29 20:00:00")
    durs = [9800, 8600, 10400]
    sacct = list(SACCT_HDR)
    for k in range(3):
        jid = jobs[k]
        a = Attempt(b, nodes, 8, t, style="old", script="train_clip.py --cfg cfg/vit_h14.yaml", port=29500, nccl_info=False, tee=False)
        tt = a.t_ready
        el = 0
        step = 0 if k == 0 else 4000 * k
        while el < durs[k]:
            step += 50
            el += 50 * 1.9
            tt = a.t_ready + S(el)
            a.radd(0, tt, "%s INFO step %d loss %.4f lr %.2e data_time %.3fs" % (f_agent(tt), step, loss_at(step, 1.1, 3.0, 3000, rng, 0.02), 5e-4, 0.012 + rng.random() * 0.01))
            if step % 500 == 0:
                for h in nodes:
                    r = a.rank(h, 0)
                    rate = (952.0 - 48) / durs[k] * (1.0 if h == victims[k] else 0.965 + 0.01 * nodes.index(h) / 4.0)
                    rss = 48 + el * rate + rng.random() * 2
                    a.radd(r, tt + S(0.2), "%s INFO [mem] host=%s step=%d host_rss_total=%.1fGB (8 ranks + 64 dataloader workers) MemAvailable=%.1fGB" % (f_agent(tt), h, step, rss * 1.0, 1007.5 - rss))
        tx = tt + S(20)
        vh = victims[k]
        vl = [5, 2, 6][k]
        r = a.rank(vh, vl)
        wpid = a.pids[vh][vl] + 1000 + rng.randint(0, 400)
        dd = dmesg_boot(vh, D("2024-07-22 10:00:00") + S(nodes.index(vh) * 60), rng, n_noise=30)
        dd += [(tx - S(1.2), "pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"),
               (tx - S(1.2), "CPU: 71 PID: %d Comm: pt_data_worker Tainted: P           OE     5.15.0-116-generic #126-Ubuntu" % wpid),
               (tx - S(1.2), "memory: usage 1006632960kB, limit 1006632960kB, failcnt 31"),
               (tx - S(1.2), "memory+swap: usage 1006632960kB, limit 9007199254740988kB, failcnt 0"),
               (tx - S(1.2), "Memory cgroup stats for /slurm/uid_1207/job_%d:" % jid),
               (tx - S(1.1), "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_1207/job_%d,task_memcg=/slurm/uid_1207/job_%d/step_0/user/task_0,task=pt_data_worker,pid=%d,uid=1207" % (jid, jid, wpid)),
               (tx - S(1.1), "Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:61234112kB, anon-rss:31811412kB, file-rss:70112kB, shmem-rss:1022944kB, UID:1207 pgtables:74312kB oom_score_adj:0" % wpid)]
        b.put("attempt_%d/%s/dmesg.txt" % (k, vh), render_dmesg(dd))
        a.radd(r, tx, cuda_err_tb(r, "", [("/home/ylee/clip/train_clip.py", 288, "<module>", "main(cfg)"),
                                          ("/home/ylee/clip/train_clip.py", 231, "main", "for step, (images, texts) in enumerate(loader, start=start_step):"),
                                          ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1328, "_next_data", "idx, data = self._get_data()"),
                                          ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1133, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e")],
                                  "RuntimeError: DataLoader worker (pid(s) %d) exited unexpectedly" % wpid), 0.001)
        a.radd(r, tx - S(0.9), "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm)." if False else
               "RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % wpid)
        ff = {vh: [dict(rank=r, local=vl, exitcode=1, pid=a.pids[vh][vl], time=tx + S(1), host=vh)]}
        wd = a.watchdog_all(tx + S(1800.4), 902211 + k, "ALLREDUCE", 158334976, hosts=[h for h in nodes if h != vh], new=False, timeout_ms=1800000)
        for h in nodes:
            f = ff.get(h) or wd[h]
            a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
        a.write("attempt_%d" % k, "train-%d.log" % jid)
        te = tx + S(1805)
        sacct.append(sacct_row(str(jid), "clip-vith", "gpu", "vision", 1024, "OUT_OF_ME+", "0:125", t, te, "vis-n[01-04]"))
        t = te + S(900 + rng.randint(0, 900))
    b.put("sacct.txt", sacct)
    b.put("dataset.py.excerpt", ["# clip/data.py (excerpt, from the user's repo)", "class WebShardDataset(IterableDataset):", "    def __init__(self, shards, cache_decoded=True):",
                                 "        self.cache = {}  # decoded images kept per worker for re-use across epochs", "        ...",
                                 "    def _load(self, key, raw):", "        if key not in self.cache:", "            self.cache[key] = decode_and_resize(raw)",
                                 "        return self.cache[key]"])
    b.set_label("oom", "framework", None, None, "stop",
                "Each attempt runs 2.5-3 h and then the kernel OOM-killer, inside the job's own memory cgroup, kills a dataloader worker, on vis-n03, then vis-n01, then vis-n04. "
                "The job's [mem] lines show host RSS on every node climbing steadily (~300+ GB/hour) from the start (the dataset caches decoded images per worker), so whichever node "
                "fills first dies. The job's own leak, not a node.",
                "https://pytorch.org/docs/stable/data.html#multi-process-data-loading")
    return b


def case_bp30():
    b = Bundle("bp30_startup_timeout_after_restart", 7130)
    rng = b.rng
    nodes = ["gpu-r%02d" % i for i in range(1, 9)]
    cul, cl = "gpu-r06", 2
    jobs = [8123301, 8123360, 8123402]
    t = D("2025-02-18 08:00:00")
    sacct = list(SACCT_HDR)
    for k in range(3):
        jid = jobs[k]
        a = Attempt(b, nodes, 8, t, style="new", script="train.py --config configs/llama2_70b_lora.yaml", port=29500, nccl_info=(k == 0), tee=True)
        if k == 0:
            tt = a.t_ready
            for step in range(10, 2911, 10):
                tt += S(10 * 1.4)
                a.radd(0, tt, "%s rank0 INFO step %d loss %.4f" % (f_ms(tt), step, loss_at(step, 1.2, 0.8, 600, rng, 0.02)))
            tx = tt + S(1)
            ff = {}
            for h, l, ph in (("gpu-r02", 6, "gpu-r07"), ("gpu-r07", 6, "gpu-r02")):
                r = a.rank(h, l)
                te = tx + S(0.2 if h == "gpu-r02" else 0.6)
                a.radd(r, te, remote_err_lines(h, a.pids[h][l], l, a.ips[ph], 47000 + r, r, te, local_ip=a.ips[h]))
                a.radd(r, te + S(0.1), nccl_remote_err_tb(r, "", [("/opt/lora/train.py", 301, "<module>", "main()"), ("/opt/lora/train.py", 240, "main", "loss.backward()")],
                                                          "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (a.ips[ph], 47000 + r, a.ips[h], a.ips[ph])), 0.001)
                ff[h] = [dict(rank=r, local=l, exitcode=1, pid=a.pids[h][l], time=te + S(2), host=h)]
            wd = a.watchdog_all(tx + S(600.2), 331203, "ALLREDUCE", 20971520, hosts=[h for h in nodes if h not in ff])
            for h in nodes:
                f = ff.get(h) or wd[h]
                a.teardown(h, max(x["time"] for x in f) + S(0.3), f)
            te = tx + S(605)
        else:
            ti = a.t_init
            for h in nodes:
                for l in range(8):
                    r = a.rank(h, l)
                    a.radd(r, ti + S(rng.random() * 2), "%s rank%d INFO initializing cuda:%d on %s" % (f_ms(ti), r, l, h))
                    if r != a.rank(cul, cl):
                        a.radd(r, ti + S(4 + rng.random() * 3), "%s rank%d INFO cuda:%d ready (%s), joining process group" % (f_ms(ti + S(4)), r, l, "NVIDIA H100 80GB HBM3"))
            tw = ti + S(1805)
            a.radd(0, tw, cuda_err_tb(0, "", [("/opt/lora/train.py", 301, "<module>", "main()"),
                                              ("/opt/lora/train.py", 118, "main", "dist.init_process_group(\"nccl\", timeout=timedelta(minutes=30))"),
                                              ("/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", 1520, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                                              ("/usr/local/lib/python3.10/dist-packages/torch/distributed/rendezvous.py", 269, "_env_rendezvous_handler", "store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)")],
                                      "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 63/64 clients joined."), 0.001)
            fl = {}
            for h in nodes:
                for l in range(8):
                    r = a.rank(h, l)
                    if r == 0 or r == a.rank(cul, cl):
                        continue
                    a.radd(r, tw + S(0.5 + rng.random() * 0.3), "[rank%d]: torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?" % r)
                    fl.setdefault(h, []).append(dict(rank=r, local=l, exitcode=1, pid=a.pids[h][l], time=tw + S(1), host=h))
            fl.setdefault("gpu-r01", []).append(dict(rank=0, local=0, exitcode=1, pid=a.pids["gpu-r01"][0], time=tw + S(0.2), host="gpu-r01"))
            for h in nodes:
                a.teardown(h, max(x["time"] for x in fl[h]) + S(0.4), fl[h])
            te = tw + S(5)
            if k == 2:
                tp = ti + S(900)
                pid = a.pids[cul][cl]
                b.put("attempt_2/gpu-r06/py-spy_rank42.txt", ["$ py-spy dump --native --pid %d   # %s" % (pid, tp.strftime("%H:%M:%S"))] +
                      pyspy(pid, "/usr/bin/python3 -u train.py --config configs/llama2_70b_lora.yaml",
                            [(pid, "active", "MainThread", ["ioctl (libc.so.6)", "0x7f8a1c2d3e10 (libcuda.so.550.54.15)", "0x7f8a1c1a0b32 (libcuda.so.550.54.15)",
                                                             "cuDevicePrimaryCtxRetain (libcuda.so.550.54.15)", "cudart::contextStateManager::initPrimaryContext (libcudart.so.12)",
                                                             "cudaSetDevice (libcudart.so.12)", "c10::cuda::set_device (libc10_cuda.so)",
                                                             "set_device (torch/cuda/__init__.py:399)", "main (train.py:112)", "<module> (train.py:301)"])]))
                b.put("attempt_2/gpu-r06/ps.txt", ["$ ps -o pid,stat,wchan:24,etime,cmd -p %s" % ",".join(str(p) for p in a.pids[cul])] +
                      ["%7d %-4s %-24s %10s python3 -u train.py --config configs/llama2_70b_lora.yaml --local-rank=%d" % (p, "Rl" if i == cl else "Sl", "-" if i == cl else "futex_wait_queue", "15:02", i) for i, p in enumerate(a.pids[cul])])
                b.put("attempt_2/gpu-r06/dmesg.txt", render_dmesg(dmesg_boot(cul, D("2025-02-10 07:00:00"), rng, n_noise=35)))
                b.put("attempt_2/gpu-r06/nvidia-smi.txt", nvsmi_table(tp + S(20), 8, over={g: {"used": 514 if g != cl else 0, "procs": [(a.pids[cul][g], "/usr/bin/python3", 506)] if g != cl else []} for g in range(8)}, rng=rng))
        a.write("attempt_%d" % k, "torchrun_%d.log" % jid)
        sacct.append(sacct_row(str(jid), "l2-70b-lora", "h100", "ft", 1792, "FAILED", "1:0", t, te, "gpu-r[01-08]"))
        t = te + S(700 + rng.randint(0, 500))
    b.put("sacct.txt", sacct)
    b.set_label("hang", "infrastructure", cul, 42, "run_diagnostics",
                "Attempt 0 was a one-off IB error. In both restarts 63 of 64 ranks reach the store and the job dies after 30 min with '63/64 clients joined'; the missing one is "
                "rank 42 (gpu-r06, cuda:2), which logs 'initializing cuda:2' and nothing more. py-spy shows it stuck in cudaSetDevice/primary-context creation and GPU 2 has no "
                "memory allocated, with no Xid logged: check that GPU.",
                "https://pytorch.org/docs/stable/distributed.html#torch.distributed.init_process_group")
    return b


CASES = [case_bp01, case_bp02, case_bp03, case_bp04, case_bp05, case_bp06, case_bp07, case_bp08, case_bp09,
         case_bp10, case_bp11, case_bp12, case_bp13, case_bp14, case_bp15, case_bp16, case_bp17, case_bp18, case_bp19, case_bp20,
         case_bp21, case_bp22, case_bp23, case_bp24, case_bp25,
         case_bp26, case_bp27, case_bp28, case_bp29, case_bp30]


def validate(b):
    errs = []
    lab = b.label
    if not isinstance(lab, dict):
        return ["no label"]
    need = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
    if set(lab) != need:
        errs.append("label fields %s" % sorted(lab))
    if lab.get("category") not in CATEGORIES:
        errs.append("bad category %r" % lab.get("category"))
    if lab.get("layer") not in LAYERS:
        errs.append("bad layer %r" % lab.get("layer"))
    if lab.get("action") not in ACTIONS:
        errs.append("bad action %r" % lab.get("action"))
    if not str(lab.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on must be https")
    if not lab.get("rationale"):
        errs.append("empty rationale")
    c = lab.get("culprit")
    if c is not None:
        if set(c) != {"node", "rank"}:
            errs.append("culprit fields %s" % sorted(c))
        node = c.get("node")
        r = c.get("rank")
        if r is not None and (not isinstance(r, int) or r < 0):
            errs.append("bad rank %r" % r)
        dirs = set()
        for p in b.files:
            parts = p.split("/")
            for i in range(len(parts) - 1):
                dirs.add(parts[i])
        if node not in dirs:
            errs.append("culprit node %r has no directory" % node)
        last = max((p.split("/")[0] for p in b.files if p.startswith("attempt_")), key=lambda x: int(x.split("_")[1]), default=None)
        if last and not any(p.startswith("%s/%s/" % (last, node)) for p in b.files):
            errs.append("culprit node %r is not in the final attempt %s" % (node, last))
    import re
    if not re.match(r"^bp\d\d_[a-z0-9_]+$", b.name):
        errs.append("bad case name")
    if not any(p.startswith("attempt_") for p in b.files):
        errs.append("no attempt_N directories")
    att = {p.split("/")[0] for p in b.files if p.startswith("attempt_")}
    if not 3 <= len(att) <= 6:
        errs.append("expected 3..6 attempts, got %d" % len(att))
    return errs


def main():
    bundles = []
    bad = 0
    names = set()
    for fn in CASES:
        b = fn()
        if b.name in names:
            print("duplicate case %s" % b.name, file=sys.stderr)
            bad += 1
        names.add(b.name)
        errs = validate(b)
        for e in errs:
            print("%s: %s" % (b.name, e), file=sys.stderr)
        bad += len(errs)
        bundles.append(b)
    if bad:
        print("%d label problem(s); nothing written" % bad, file=sys.stderr)
        return 1
    os.makedirs(OUT, exist_ok=True)
    for b in bundles:
        write_bundle(b)
    print("wrote %d cases under %s" % (len(bundles), OUT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
