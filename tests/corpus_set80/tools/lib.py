"""Shared helpers for the corpus_set80 generator (standard library only, deterministic)."""

import datetime as _dt
import json
import os
import random

ALLOWED = {
    "category": {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
                 "oom", "numerical", "straggler", "user_code", "dependency", "unknown"},
    "layer": {"infrastructure", "framework", "script"},
    "action": {"restart", "restart_without_node", "stop", "run_diagnostics", "none"},
}


class Bundle:
    """Collects files of one case and writes them under its directory."""

    def __init__(self, root):
        self.root = root
        self.files = {}

    def add(self, rel, text):
        if not text.endswith("\n"):
            text += "\n"
        if rel in self.files:
            self.files[rel] += text
        else:
            self.files[rel] = text

    def write(self):
        for rel in sorted(self.files):
            path = os.path.join(self.root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(self.files[rel])


def label(category, layer, node, rank, action, rationale, url):
    culprit = None if node is None else {"node": node, "rank": rank}
    return {"category": category, "layer": layer, "culprit": culprit, "action": action,
            "rationale": rationale, "modelled_on": url}


def T(y, mo, d, h, mi, s=0, us=0):
    return _dt.datetime(y, mo, d, h, mi, s, us)


def add(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


def iso(t):
    return t.strftime("%Y-%m-%d %H:%M:%S")


def iso_ms(t):
    return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (t.microsecond // 1000)


def iso_t(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def glog(t, sev="I"):
    return "%s%s %s.%06d" % (sev, t.strftime("%m%d"), t.strftime("%H:%M:%S"), t.microsecond)


def syslog_ts(t):
    return t.strftime("%b %d %H:%M:%S").replace(" 0", "  ", 1) if t.day < 10 else t.strftime("%b %d %H:%M:%S")


def ctime(t):
    return t.strftime("%a %b %d %H:%M:%S %Y")


def dmesg_rel(boot, t, msg):
    delta = t - boot
    secs = delta.days * 86400 + delta.seconds
    return "[%5d.%06d] %s" % (secs, delta.microseconds, msg)


def dmesg_T(t, msg):
    return "[%s] %s" % (ctime(t), msg)


def kern_line(t, host, boot, msg):
    delta = t - boot
    secs = delta.days * 86400 + delta.seconds
    return "%s %s kernel: [%5d.%06d] %s" % (syslog_ts(t), host, secs, delta.microseconds, msg)


H100_BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
A100_BUS = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]


def boot_lines(boot, host, kernel="5.15.0-107-generic", driver="550.54.15", gpu_bus=None, extra=None,
               style="rel"):
    """Typical early boot kernel chatter."""
    gpu_bus = gpu_bus or H100_BUS
    msgs = [
        (0.0, "Linux version %s (buildd@lcy02-amd64-017) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #117-Ubuntu SMP" % kernel),
        (0.0, "Command line: BOOT_IMAGE=/boot/vmlinuz-%s root=UUID=3f1c9a2e-6b0d-4b7e-9d61-0c2a7f5d1e44 ro iommu=pt pci=realloc=off" % kernel),
        (0.412, "ACPI: SRAT: Node 0 PXM 0 [mem 0x00000000-0x7fffffff]"),
        (1.903, "pci 0000:00:00.0: [8086:09a2] type 00 class 0x088000"),
        (6.221, "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none."),
        (9.874, "mlx5_core 0000:%s:00.0: firmware version: 28.39.2048" % ("1a" if gpu_bus is H100_BUS else "0c")),
        (10.532, "nvidia: loading out-of-tree module taints kernel."),
        (10.533, "nvidia: module license 'NVIDIA' taints kernel."),
        (10.981, "nvidia-nvlink: Nvlink Core is being initialized, major device number 510"),
        (11.204, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  %s  Thu Feb 22 01:44:30 UTC 2024" % driver),
        (11.877, "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  %s  Thu Feb 22 01:22:21 UTC 2024" % driver),
        (14.002, "nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint."),
        (19.455, "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready"),
        (21.310, "bond0: (slave eno1np0): Enslaving as a backup interface with an up link"),
        (33.870, "audit: type=1400 audit(1717000000.123:2): apparmor=\"STATUS\" operation=\"profile_load\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid=2211 comm=\"apparmor_parser\""),
    ]
    if extra:
        msgs.extend(extra)
        msgs.sort(key=lambda x: x[0])
    out = []
    for off, m in msgs:
        t = add(boot, off)
        out.append(dmesg_rel(boot, t, m) if style == "rel" else dmesg_T(t, m))
    return out


def nvsmi_q_gpu(bus, idx, o=None, style="h100"):
    """One GPU block of `nvidia-smi -q`. `o` overrides fields."""
    o = dict(o or {})
    h100 = style == "h100"
    g = {
        "name": "NVIDIA H100 80GB HBM3" if h100 else "NVIDIA A100-SXM4-80GB",
        "serial": "16541%08d" % (22000311 + idx * 7),
        "uuid": "GPU-%08x-%04x-%04x-%04x-%012x" % (0x5a1c0000 + idx * 4099, 0x1b2c + idx, 0x4d00 + idx, 0x8e11, 0x3c0ffee00 + idx * 17),
        "pcie_max": 5 if h100 else 4, "pcie_cur": 5 if h100 else 4, "width_max": "16x", "width_cur": "16x",
        "replays": 0, "perf": "P0",
        "idle": "Not Active", "app_clk": "Not Active", "sw_pcap": "Not Active", "hw_slow": "Not Active",
        "hw_therm": "Not Active", "hw_pbrake": "Not Active", "sw_therm": "Not Active",
        "mem_used": 71234 if h100 else 69870, "util": 100, "mem_util": 41,
        "sram_ce": 0, "dram_ce": 0, "dram_ue": 0, "agg_dram_ce": 0, "remap_ce": 0, "remap_ue": 0,
        "remap_pending": "No", "remap_fail": "No",
        "temp": 46 + idx % 4, "tlimit": 39 - idx % 4, "mem_temp": 54 + idx % 3,
        "power": 621.4 + idx * 3.1 if h100 else 371.2 + idx * 2.7,
        "plimit": 700.0 if h100 else 400.0,
        "gclk": 1980 if h100 else 1410, "mclk": 2619 if h100 else 1593,
        "app_gclk": 1980 if h100 else 1410, "def_app_gclk": 1980 if h100 else 1410,
        "max_gclk": 1980 if h100 else 1410,
        "procs": [],
    }
    g.update(o)
    L = []
    L.append("GPU 00000000:%s:00.0" % bus.upper())
    L.append("    Product Name                          : %s" % g["name"])
    L.append("    Product Brand                         : NVIDIA")
    L.append("    Product Architecture                  : %s" % ("Hopper" if h100 else "Ampere"))
    L.append("    Display Mode                          : Disabled")
    L.append("    Display Active                        : Disabled")
    L.append("    Persistence Mode                      : Enabled")
    L.append("    MIG Mode")
    L.append("        Current                           : Disabled")
    L.append("        Pending                           : Disabled")
    L.append("    Accounting Mode                       : Disabled")
    L.append("    Serial Number                         : %s" % g["serial"])
    L.append("    GPU UUID                              : %s" % g["uuid"])
    L.append("    Minor Number                          : %d" % idx)
    L.append("    VBIOS Version                         : %s" % ("96.00.89.00.01" if h100 else "92.00.45.00.06"))
    L.append("    GPU Operation Mode")
    L.append("        Current                           : N/A")
    L.append("        Pending                           : N/A")
    L.append("    PCI")
    L.append("        Bus                               : 0x%s" % bus.upper())
    L.append("        Device                            : 0x00")
    L.append("        Domain                            : 0x0000")
    L.append("        Device Id                         : %s" % ("0x233010DE" if h100 else "0x20B210DE"))
    L.append("        Bus Id                            : 00000000:%s:00.0" % bus.upper())
    L.append("        GPU Link Info")
    L.append("            PCIe Generation")
    L.append("                Max                       : %d" % g["pcie_max"])
    L.append("                Current                   : %d" % g["pcie_cur"])
    if h100:
        L.append("                Device Current            : %d" % g["pcie_cur"])
        L.append("                Device Max                : %d" % g["pcie_max"])
        L.append("                Host Max                  : %d" % g["pcie_max"])
    L.append("            Link Width")
    L.append("                Max                       : %s" % g["width_max"])
    L.append("                Current                   : %s" % g["width_cur"])
    L.append("        Bridge Chip")
    L.append("            Type                          : N/A")
    L.append("            Firmware                      : N/A")
    L.append("        Replays Since Reset               : %d" % g["replays"])
    L.append("        Replay Number Rollovers           : 0")
    L.append("        Tx Throughput                     : %d KB/s" % (412000 if g["util"] > 50 else 120))
    L.append("        Rx Throughput                     : %d KB/s" % (398000 if g["util"] > 50 else 88))
    L.append("    Fan Speed                             : N/A")
    L.append("    Performance State                     : %s" % g["perf"])
    L.append("    %s" % ("Clocks Event Reasons" if h100 else "Clocks Throttle Reasons"))
    L.append("        Idle                              : %s" % g["idle"])
    L.append("        Applications Clocks Setting       : %s" % g["app_clk"])
    L.append("        SW Power Cap                      : %s" % g["sw_pcap"])
    L.append("        HW Slowdown                       : %s" % g["hw_slow"])
    L.append("            HW Thermal Slowdown           : %s" % g["hw_therm"])
    L.append("            HW Power Brake Slowdown       : %s" % g["hw_pbrake"])
    L.append("        Sync Boost                        : Not Active")
    L.append("        SW Thermal Slowdown               : %s" % g["sw_therm"])
    L.append("        Display Clock Setting             : Not Active")
    total = 81559 if h100 else 81920
    L.append("    FB Memory Usage")
    L.append("        Total                             : %d MiB" % total)
    L.append("        Reserved                          : %d MiB" % (328 if h100 else 573))
    L.append("        Used                              : %d MiB" % g["mem_used"])
    L.append("        Free                              : %d MiB" % (total - (328 if h100 else 573) - g["mem_used"]))
    L.append("    BAR1 Memory Usage")
    L.append("        Total                             : 131072 MiB")
    L.append("        Used                              : 5 MiB")
    L.append("        Free                              : 131067 MiB")
    L.append("    Compute Mode                          : Default")
    L.append("    Utilization")
    L.append("        Gpu                               : %d %%" % g["util"])
    L.append("        Memory                            : %d %%" % g["mem_util"])
    L.append("        Encoder                           : 0 %")
    L.append("        Decoder                           : 0 %")
    L.append("    ECC Mode")
    L.append("        Current                           : Enabled")
    L.append("        Pending                           : Enabled")
    L.append("    ECC Errors")
    L.append("        Volatile")
    L.append("            SRAM Correctable              : %d" % g["sram_ce"])
    L.append("            SRAM Uncorrectable Parity     : 0")
    L.append("            SRAM Uncorrectable SEC-DED    : 0")
    L.append("            DRAM Correctable              : %d" % g["dram_ce"])
    L.append("            DRAM Uncorrectable            : %d" % g["dram_ue"])
    L.append("        Aggregate")
    L.append("            SRAM Correctable              : %d" % g["sram_ce"])
    L.append("            SRAM Uncorrectable Parity     : 0")
    L.append("            SRAM Uncorrectable SEC-DED    : 0")
    L.append("            DRAM Correctable              : %d" % max(g["agg_dram_ce"], g["dram_ce"]))
    L.append("            DRAM Uncorrectable            : %d" % g["dram_ue"])
    L.append("            SRAM Threshold Exceeded       : No")
    L.append("    Retired Pages")
    L.append("        Single Bit ECC                    : N/A")
    L.append("        Double Bit ECC                    : N/A")
    L.append("        Pending Page Blacklist            : N/A")
    L.append("    Remapped Rows")
    L.append("        Correctable Error                 : %d" % g["remap_ce"])
    L.append("        Uncorrectable Error               : %d" % g["remap_ue"])
    L.append("        Pending                           : %s" % g["remap_pending"])
    L.append("        Remapping Failure Occurred        : %s" % g["remap_fail"])
    L.append("        Bank Remap Availability Histogram")
    L.append("            Max                           : %d bank(s)" % (2560 - g["remap_ce"] - g["remap_ue"]))
    L.append("            High                          : 0 bank(s)")
    L.append("            Partial                       : %d bank(s)" % (g["remap_ce"] + g["remap_ue"]))
    L.append("            Low                           : 0 bank(s)")
    L.append("            None                          : 0 bank(s)")
    L.append("    Temperature")
    L.append("        GPU Current Temp                  : %d C" % g["temp"])
    if h100:
        L.append("        GPU T.Limit Temp                  : %d C" % g["tlimit"])
        L.append("        GPU Shutdown T.Limit Temp         : -7 C")
        L.append("        GPU Slowdown T.Limit Temp         : -2 C")
        L.append("        GPU Max Operating T.Limit Temp    : 0 C")
        L.append("        GPU Target Temperature            : N/A")
        L.append("        Memory Current Temp               : %d C" % g["mem_temp"])
        L.append("        Memory Max Operating T.Limit Temp : 0 C")
    else:
        L.append("        GPU Shutdown Temp                 : 92 C")
        L.append("        GPU Slowdown Temp                 : 89 C")
        L.append("        GPU Max Operating Temp            : 85 C")
        L.append("        GPU Target Temperature            : N/A")
        L.append("        Memory Current Temp               : %d C" % g["mem_temp"])
        L.append("        Memory Max Operating Temp         : 95 C")
    L.append("    %s" % ("GPU Power Readings" if h100 else "Power Readings"))
    if not h100:
        L.append("        Power Management                  : Supported")
    L.append("        Power Draw                        : %.2f W" % g["power"])
    L.append("        Current Power Limit               : %.2f W" % g["plimit"])
    L.append("        Requested Power Limit             : %.2f W" % g["plimit"])
    L.append("        Default Power Limit               : %.2f W" % (700.0 if h100 else 400.0))
    L.append("        Min Power Limit                   : %.2f W" % (200.0 if h100 else 100.0))
    L.append("        Max Power Limit                   : %.2f W" % (700.0 if h100 else 400.0))
    L.append("    Clocks")
    L.append("        Graphics                          : %d MHz" % g["gclk"])
    L.append("        SM                                : %d MHz" % g["gclk"])
    L.append("        Memory                            : %d MHz" % g["mclk"])
    L.append("        Video                             : %d MHz" % (1545 if h100 else 1275))
    L.append("    Applications Clocks")
    L.append("        Graphics                          : %d MHz" % g["app_gclk"])
    L.append("        Memory                            : %d MHz" % (2619 if h100 else 1593))
    L.append("    Default Applications Clocks")
    L.append("        Graphics                          : %d MHz" % g["def_app_gclk"])
    L.append("        Memory                            : %d MHz" % (2619 if h100 else 1593))
    L.append("    Deferred Clocks")
    L.append("        Memory                            : N/A")
    L.append("    Max Clocks")
    L.append("        Graphics                          : %d MHz" % g["max_gclk"])
    L.append("        SM                                : %d MHz" % g["max_gclk"])
    L.append("        Memory                            : %d MHz" % (2619 if h100 else 1593))
    L.append("        Video                             : %d MHz" % (1545 if h100 else 1275))
    L.append("    Max Customer Boost Clocks")
    L.append("        Graphics                          : %d MHz" % g["max_gclk"])
    L.append("    Clock Policy")
    L.append("        Auto Boost                        : N/A")
    L.append("        Auto Boost Default                : N/A")
    if not g["procs"]:
        L.append("    Processes                             : None")
    else:
        L.append("    Processes")
        for pid, name, mem in g["procs"]:
            L.append("        GPU instance ID                   : N/A")
            L.append("        Compute instance ID               : N/A")
            L.append("        Process ID                        : %d" % pid)
            L.append("            Type                          : C")
            L.append("            Name                          : %s" % name)
            L.append("            Used GPU Memory               : %d MiB" % mem)
    return L


def nvsmi_q(ts, gpus, style="h100", driver=None, bus=None):
    """Full `nvidia-smi -q` output. gpus: list of override dicts (one per GPU)."""
    bus = bus or (H100_BUS if style == "h100" else A100_BUS)
    driver = driver or ("550.54.15" if style == "h100" else "535.161.08")
    L = ["", "==============NVSMI LOG==============", "",
         "Timestamp                                 : %s" % ctime(ts),
         "Driver Version                            : %s" % driver,
         "CUDA Version                              : %s" % ("12.4" if driver.startswith("55") else "12.2"),
         "", "Attached GPUs                             : %d" % len(gpus)]
    for i, o in enumerate(gpus):
        L.extend(nvsmi_q_gpu(bus[i], i, o, style))
        L.append("")
    return "\n".join(L)


def nvsmi_table(ts, rows, procs, style="h100", driver=None, bus=None):
    """Default `nvidia-smi` table. rows: list of dicts with temp, perf, pwr, cap, mem, util."""
    bus = bus or (H100_BUS if style == "h100" else A100_BUS)
    driver = driver or ("550.54.15" if style == "h100" else "535.161.08")
    cuda = "12.4" if driver.startswith("55") else "12.2"
    name = "NVIDIA H100 80GB HBM3" if style == "h100" else "NVIDIA A100-SXM4-80GB"
    total = 81559 if style == "h100" else 81920
    cap_d = 700 if style == "h100" else 400
    sep = "+-----------------------------------------+------------------------+----------------------+"
    head = " NVIDIA-SMI %-22s Driver Version: %-14s CUDA Version: %-8s" % (driver, driver, cuda)
    L = [ctime(ts),
         "+-----------------------------------------------------------------------------------------+",
         "|" + head.ljust(89) + "|",
         "|-----------------------------------------+------------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                        |               MIG M. |",
         "|=========================================+========================+======================|"]
    for i, r in enumerate(rows):
        s1 = ("%4d  %s" % (i, name)).ljust(37) + "On  "
        s2 = "   00000000:%s:00.0 Off " % bus[i].upper()
        s3 = ("%s " % r.get("ecc", "0")).rjust(22)
        L.append("|" + s1 + "|" + s2 + "|" + s3 + "|")
        pre = " N/A   %2dC    %-2s" % (r["temp"], r.get("perf", "P0"))
        pw = "%dW / %4dW " % (r["pwr"], r.get("cap", cap_d))
        s1 = pre + pw.rjust(41 - len(pre))
        s2 = ("%dMiB / %6dMiB " % (r["mem"], total)).rjust(24)
        s3 = ("%6d%%      Default " % r["util"]).rjust(22)
        L.append("|" + s1 + "|" + s2 + "|" + s3 + "|")
        L.append("|                                         |                        |             Disabled |")
        L.append(sep)
    L.append("")
    L.append("+-----------------------------------------------------------------------------------------+")
    L.append("| Processes:                                                                              |")
    L.append("|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |")
    L.append("|        ID   ID                                                               Usage      |")
    L.append("|=========================================================================================|")
    for gpu, pid, pname, mem in procs:
        L.append(("|  %4d   N/A  N/A  %9d      C   %-40s %6dMiB" % (gpu, pid, pname[:40], mem)).ljust(90) + "|")
    L.append("+-----------------------------------------------------------------------------------------+")
    return "\n".join(L)


def nccl_init(host, ip, pid, lr, rank, nranks, nnodes, busid, comm, commid, net="IB", version="2.21.5+cuda12.4",
              nlocal=8, hcas=None, prefix=""):
    """NCCL INFO lines printed by one rank during communicator init."""
    tid = pid + 61 + lr
    p = "%s%s:%d:%d [%d] NCCL INFO " % (prefix, host, pid, pid, lr)
    q = "%s%s:%d:%d [%d] NCCL INFO " % (prefix, host, pid, tid, lr)
    L = []
    L.append(p + "Bootstrap : Using bond0:%s<0>" % ip)
    L.append(p + "cudaDriverVersion 12040")
    if rank == 0:
        L.append("%sNCCL version %s" % (prefix, version))
    if net == "IB":
        hcas = hcas or ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7"]
        L.append(q + "NET/IB : Using " + " ".join("[%d]%s:1/IB" % (i, h) for i, h in enumerate(hcas)) + " [RO]; OOB bond0:%s<0>" % ip)
        L.append(q + "Using non-device net plugin version 0")
        L.append(q + "Using network IB")
    else:
        L.append(q + "NET/Socket : Using [0]bond0:%s<0>" % ip)
        L.append(q + "Using non-device net plugin version 0")
        L.append(q + "Using network Socket")
    L.append(q + "ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START" % (
        comm, rank, nranks, lr, lr, busid, commid))
    L.append(q + "comm %s rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0" % (comm, rank, nranks, nnodes, nlocal, lr))
    L.append(q + "ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE" % (
        comm, rank, nranks, lr, lr, busid, commid))
    return L


def torchrun_rdzv(t, master, group_rank, nnodes, nproc, world, style="bracket", port=29500):
    ranks = list(range(group_rank * nproc, (group_rank + 1) * nproc))
    body = ["  restart_count=0",
            "  master_addr=%s" % master,
            "  master_port=%d" % port,
            "  group_rank=%d" % group_rank,
            "  group_world_size=%d" % nnodes,
            "  local_ranks=%s" % list(range(nproc)),
            "  role_ranks=%s" % ranks,
            "  global_ranks=%s" % ranks,
            "  role_world_sizes=%s" % [world] * 1,
            "  global_world_sizes=%s" % [world] * 1]
    body[8] = "  role_world_sizes=%s" % str([world] * nproc)
    body[9] = "  global_world_sizes=%s" % str([world] * nproc)
    if style == "bracket":
        head = ["[%s] torch.distributed.run: [WARNING] " % iso_ms(t),
                "[%s] torch.distributed.run: [WARNING] *****************************************" % iso_ms(t),
                "[%s] torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % iso_ms(t),
                "[%s] torch.distributed.run: [WARNING] *****************************************" % iso_ms(t),
                "[%s] torch.distributed.elastic.agent.server.api: [INFO] [default] starting workers for entrypoint: python" % iso_ms(add(t, 0.2)),
                "[%s] torch.distributed.elastic.agent.server.api: [INFO] [default] Rendezvous'ing worker group" % iso_ms(add(t, 0.2)),
                "[%s] torch.distributed.elastic.agent.server.api: [INFO] [default] Rendezvous complete for workers. Result:" % iso_ms(add(t, 4.1))]
        tail = ["",
                "[%s] torch.distributed.elastic.agent.server.api: [INFO] [default] Starting worker group" % iso_ms(add(t, 4.1)),
                "[%s] torch.distributed.elastic.multiprocessing: [INFO] Setting worker%d reply file to: /tmp/torchelastic_x1k2/none_q9r/attempt_0/%d/error.json" % (iso_ms(add(t, 4.2)), 0, 0)]
        for i in range(1, nproc):
            tail.append("[%s] torch.distributed.elastic.multiprocessing: [INFO] Setting worker%d reply file to: /tmp/torchelastic_x1k2/none_q9r/attempt_0/%d/error.json" % (iso_ms(add(t, 4.2)), i, i))
        return head + body + tail
    # glog style (torch >= 2.3)
    pid = 41000 + group_rank * 7
    head = ["W%s %d torch/distributed/run.py:779] " % (glog(t)[1:], pid),
            "W%s %d torch/distributed/run.py:779] *****************************************" % (glog(t)[1:], pid),
            "W%s %d torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (glog(t)[1:], pid),
            "W%s %d torch/distributed/run.py:779] *****************************************" % (glog(t)[1:], pid),
            "I%s %d torch/distributed/elastic/agent/server/api.py:870] [default] starting workers for entrypoint: python" % (glog(add(t, 0.2))[1:], pid),
            "I%s %d torch/distributed/elastic/agent/server/api.py:677] [default] Rendezvous'ing worker group" % (glog(add(t, 0.2))[1:], pid),
            "I%s %d torch/distributed/elastic/agent/server/api.py:525] [default] Rendezvous complete for workers. Result:" % (glog(add(t, 4.1))[1:], pid)]
    tail = ["",
            "I%s %d torch/distributed/elastic/agent/server/api.py:685] [default] Starting worker group" % (glog(add(t, 4.1))[1:], pid),
            "I%s %d torch/distributed/elastic/agent/server/local_elastic_agent.py:298] use_agent_store: True" % (glog(add(t, 4.1))[1:], pid),
            "I%s %d torch/distributed/elastic/agent/server/local_elastic_agent.py:192] Environment variable 'TORCHELASTIC_ENABLE_FILE_TIMER' not found. Do not start FileTimerServer." % (glog(add(t, 4.1))[1:], pid),
            "I%s %d torch/distributed/elastic/agent/server/local_elastic_agent.py:236] Environment variable 'TORCHELASTIC_HEALTH_CHECK_PORT' not found. Do not start health check." % (glog(add(t, 4.1))[1:], pid)]
    return head + body + tail


def vwr(v, r, unit, fmt="%.2f"):
    return (fmt % v) + unit + "/" + str(r)


def megatron_straggler(t, data, mmcnt, prefix="", logger="INFO:megatron.core.utils:"):
    """data: list of dicts per rank with keys rtt, pwr(mW), tmp, utl, clk, drtt, etpt. Returns lines."""
    def mn(k):
        r = min(range(len(data)), key=lambda i: (data[i][k], i))
        return data[r][k], r

    def mx(k):
        r = max(range(len(data)), key=lambda i: (data[i][k], -i))
        return data[r][k], r
    parts = ["[%s]" % iso(t)]
    for key, unit, nm in (("rtt", "ms", "Rtt"), ("pwr", "W", "Pwr"), ("tmp", "C", "Tmp"), ("utl", "%", "Utl"),
                          ("clk", "MHz", "Clk"), ("drtt", "ms", "DRtt")):
        a, ra = mn(key)
        b, rb = mx(key)
        parts.append("Mn%s/Rnk: %s" % (nm, vwr(a, ra, unit)))
        parts.append("Mx%s/Rnk: %s" % (nm, vwr(b, rb, unit)))
    order = sorted(range(len(data)), key=lambda i: (data[i]["etpt"], i))
    parts.append("MnEtpt/Rnk: %.2fTF/%d" % (data[order[0]]["etpt"], order[0]))
    parts.append("MxEtpt/Rnk: %.2fTF/%d" % (data[order[-1]]["etpt"], order[-1]))
    L = [prefix + logger + " | ".join(parts)]
    if 1 < mmcnt < len(data):
        L.append(prefix + logger + "^^^^ Bottom %d Ranks with lowest  Etpt(TF):" % mmcnt +
                 "".join(" %.2f/%d," % (data[i]["etpt"], i) for i in order[:mmcnt]))
        L.append(prefix + logger + "^^^^ Top    %d Ranks with highest Etpt(TF):" % mmcnt +
                 "".join(" %.2f/%d," % (data[i]["etpt"], i) for i in order[-mmcnt:]))
    return L


def rank_data(rng, world, base_rtt=1450.0, base_etpt=600.0, base_clk=1980.0, base_pwr=640000.0,
              base_tmp=52.0, base_drtt=2.1, slow=None):
    """Per-rank synthetic metrics. slow: dict rank -> dict of multipliers/overrides."""
    out = []
    for r in range(world):
        d = {
            "rtt": base_rtt * (1 + rng.uniform(-0.006, 0.006)),
            "pwr": base_pwr * (1 + rng.uniform(-0.05, 0.05)),
            "tmp": float(int(base_tmp + rng.uniform(-6, 8))),
            "utl": float(rng.choice([99, 100, 100, 100])),
            "clk": base_clk - rng.choice([0, 0, 0, 15, 30]),
            "drtt": base_drtt * (1 + rng.uniform(-0.3, 0.6)),
        }
        d["etpt"] = base_etpt * base_rtt / d["rtt"]
        if slow and r in slow:
            s = slow[r]
            for k, v in s.items():
                if k == "rtt_x":
                    d["rtt"] *= v
                    d["etpt"] = base_etpt * base_rtt / d["rtt"]
                elif k.endswith("_x"):
                    d[k[:-2]] *= v
                else:
                    d[k] = v
        out.append(d)
    return out


def megatron_iter(t, it, total, cons, ms, tflops, lr, gbs, loss, gnorm, ts=True):
    s = " iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |" % (
        it, total, cons, ms, tflops, lr, gbs, loss, gnorm)
    return ("[%s]" % iso(t) + s) if ts else s


def nemo_scores(rank_to_score, rank_to_node, num=3):
    num_ranks = len(rank_to_score)
    sr = sorted(((s, r) for r, s in rank_to_score.items()), reverse=True)
    res = ""
    if num_ranks > 2 * num:
        res += " Worst performing %d/%d ranks:\n" % (num, num_ranks)
        for s, r in reversed(sr[-num:]):
            res += "  Rank=%d Node=%s Score=%.2f\n" % (r, rank_to_node[r], s)
        res += " Best performing %d/%d ranks:\n" % (num, num_ranks)
        for s, r in sr[:num]:
            res += "  Rank=%d Node=%s Score=%.2f\n" % (r, rank_to_node[r], s)
    else:
        for s, r in reversed(sr):
            res += "  Rank=%d Node=%s Score=%.2f\n" % (r, rank_to_node[r], s)
    return res


def straggler_ids(ranks, rank_to_node):
    return "{" + ", ".join("StragglerId(rank=%d, node='%s')" % (r, rank_to_node[r]) for r in ranks) + "}"


def ibstat(hcas, rates=None, states=None, guid_base=0x946dae0300a1b200):
    rates = rates or {}
    states = states or {}
    L = []
    for i, h in enumerate(hcas):
        st, ph = states.get(h, ("Active", "LinkUp"))
        L += ["CA '%s'" % h,
              "\tCA type: MT4129",
              "\tNumber of ports: 1",
              "\tFirmware version: 28.39.2048",
              "\tHardware version: 0",
              "\tNode GUID: 0x%016x" % (guid_base + i * 0x10),
              "\tSystem image GUID: 0x%016x" % guid_base,
              "\tPort 1:",
              "\t\tState: %s" % st,
              "\t\tPhysical state: %s" % ph,
              "\t\tRate: %d" % rates.get(h, 400),
              "\t\tBase lid: %d" % (1100 + i * 3),
              "\t\tLMC: 0",
              "\t\tSM lid: 1",
              "\t\tCapability mask: 0xa751e848",
              "\t\tPort GUID: 0x%016x" % (guid_base + i * 0x10),
              "\t\tLink layer: InfiniBand"]
    return "\n".join(L)


def slurm_env_header(jobid, nodelist, nnodes, ntasks, extra=None):
    L = ["SLURM_JOB_ID=%s" % jobid, "SLURM_JOB_NODELIST=%s" % nodelist, "SLURM_NNODES=%d" % nnodes,
         "SLURM_NTASKS=%d" % ntasks]
    if extra:
        L += extra
    return L


def tqdm_time(secs):
    secs = int(secs)
    h, rem = divmod(secs, 3600)
    m, s = divmod(rem, 60)
    return "%d:%02d:%02d" % (h, m, s) if h else "%02d:%02d" % (m, s)


def rng_for(name):
    seed = 0
    for ch in name:
        seed = (seed * 131 + ord(ch)) % 2147483647
    return random.Random(seed)


def jdump(obj):
    return json.dumps(obj, indent=2, sort_keys=False)
