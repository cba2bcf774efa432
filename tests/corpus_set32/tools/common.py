"""Shared helpers for corpus_set32: deterministic log/telemetry renderers.

Everything here is pure standard library and deterministic: callers pass a
random.Random seeded per case, and all times are fixed datetimes.
"""
import datetime as _dt
import json
import os
import random

ONE_S = _dt.timedelta(seconds=1)


def T(s):
    """Parse 'YYYY-mm-dd HH:MM:SS[.ffffff]' into a naive datetime."""
    fmt = "%Y-%m-%d %H:%M:%S.%f" if "." in s else "%Y-%m-%d %H:%M:%S"
    return _dt.datetime.strptime(s, fmt)


def sec(x):
    return _dt.timedelta(seconds=x)


# ----------------------------------------------------------------- case I/O
class Case:
    def __init__(self, out, name, seed):
        self.name = name
        self.root = os.path.join(out, name)
        self.rng = random.Random(seed)
        self.bytes = 0

    def write(self, rel, text):
        path = os.path.join(self.root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if isinstance(text, (list, tuple)):
            text = "\n".join(text) + "\n"
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        self.bytes += len(text.encode("utf-8"))

    def label(self, category, layer, node, rank, action, rationale, url):
        culprit = None if node is None else {"node": node, "rank": rank}
        self.write("label.json", json.dumps({
            "category": category, "layer": layer, "culprit": culprit,
            "action": action, "rationale": rationale, "modelled_on": url,
        }, indent=2) + "\n")

    def topology(self, topo):
        self.write("topology.json", json.dumps({"topology": topo}, indent=2) + "\n")


# ----------------------------------------------------------- time formats
def glog_c10(t, lvl="E"):
    """c10 logging prefix as printed by ProcessGroupNCCL (month not padded)."""
    ns = t.microsecond * 1000 + 117
    return f"{lvl}{t.month}{t.day:02d} {t:%H:%M:%S}.{ns:09d}"


def glog_py(t, lvl="I"):
    """torch python logging prefix (torchelastic >= 2.4)."""
    return f"{lvl}{t:%m%d %H:%M:%S}.{t.microsecond:06d}"


def c10(rank, t, lvl, src, msg):
    return f"[rank{rank}]:[{glog_c10(t, lvl)} {src}] {msg}"


def dmesg_T(t):
    return f"[{t:%a %b} {t.day:2d} {t:%H:%M:%S %Y}]"


def up(x):
    return f"[{x:12.6f}]"


def jshort(t):
    return f"{t:%b %d %H:%M:%S}"


def pylog(t):
    return f"{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}"


def iso(t, z="Z"):
    return f"{t:%Y-%m-%dT%H:%M:%S}.{t.microsecond // 1000:03d}{z}"


# ------------------------------------------------------------- hardware
BUS = {
    "H100": ["0000:1b:00.0", "0000:43:00.0", "0000:52:00.0", "0000:61:00.0",
             "0000:9d:00.0", "0000:c3:00.0", "0000:d1:00.0", "0000:df:00.0"],
    "H200": ["0000:18:00.0", "0000:2a:00.0", "0000:3a:00.0", "0000:5d:00.0",
             "0000:9a:00.0", "0000:ab:00.0", "0000:ba:00.0", "0000:db:00.0"],
    "B200": ["0000:17:00.0", "0000:3d:00.0", "0000:60:00.0", "0000:70:00.0",
             "0000:97:00.0", "0000:ba:00.0", "0000:dc:00.0", "0000:ed:00.0"],
    "GB200": ["0008:01:00.0", "0009:01:00.0", "0018:01:00.0", "0019:01:00.0"],
}
GPU_NAME = {
    "H100": ("NVIDIA H100 80GB HBM3", 81559, 700, "2330"),
    "H200": ("NVIDIA H200", 143771, 700, "2335"),
    "B200": ("NVIDIA B200", 183359, 1000, "2901"),
    "GB200": ("NVIDIA GB200", 189471, 1200, "2941"),
}
CUDA_FOR = {"550": "12.4", "560": "12.6", "565": "12.7", "570": "12.8", "575": "12.9", "580": "13.0"}


def xid_pci(bus):
    """'0000:1b:00.0' -> 'PCI:0000:1b:00' as printed in Xid lines."""
    return "PCI:" + bus.rsplit(".", 1)[0]


def gpu_uuid(rng):
    h = "%032x" % rng.getrandbits(128)
    return f"GPU-{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"


# --------------------------------------------------------- kernel logs
def kernel_boot(rng, host, boot, gpu="H100", driver="570.133.20", nics=8,
                open_module=True, fs="lustre", arch="x86_64", kver="5.15.0-131-generic"):
    """Return a list of (datetime, uptime_seconds, message) for a normal boot."""
    ev = []
    u = 0.0

    def add(msg, dt=None):
        nonlocal u
        u += dt if dt is not None else rng.uniform(0.0001, 0.02)
        ev.append((boot + sec(u), u, msg))

    add(f"Linux version {kver} (buildd@lcy02-amd64-055) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #141-Ubuntu SMP", 0.0)
    add(f"Command line: BOOT_IMAGE=/boot/vmlinuz-{kver} root=UUID=3c1f0a4e-8b1d-4d59-9a43-0c6a9f0b2e11 ro iommu=pt pci=realloc=off numa_balancing=disable init_on_alloc=0")
    add("KERNEL supported cpus:")
    add("  Intel GenuineIntel" if arch == "x86_64" else "  ARM Neoverse-V2")
    add("BIOS-provided physical RAM map:")
    if "aws" in kver:
        add("DMI: Amazon EC2 p5.48xlarge/, BIOS 1.0 10/16/2017")
    elif "gke" in kver or kver.startswith("6.6."):
        add("DMI: Google Google Compute Engine/Google Compute Engine, BIOS Google 05/14/2025")
    elif "cray" in kver:
        add("DMI: HPE Cray EX254n/EX254n, BIOS 1.6.1 09/03/2025")
    else:
        add("DMI: NVIDIA DGXH100/DGXH100, BIOS 1.6.7 04/12/2025" if gpu in ("H100", "H200") else
        ("DMI: Supermicro SYS-A22GA-NBRT/X14DBG-AP, BIOS 1.3 03/11/2025" if gpu == "B200" else
         "DMI: NVIDIA GB200 NVL/P3809-BMC, BIOS 02.03.09 05/02/2025"))
    add("tsc: Detected 2000.000 MHz processor" if arch == "x86_64" else "arch_timer: cp15 timer(s) running at 1000.00MHz (phys).")
    add("ACPI: Early table checksum verification disabled", 0.01)
    add("NUMA: Initialized distance table, cnt=2")
    add("Memory: 2113494532K/2147000000K available (20480K kernel code, 4430K rwdata, 13656K rodata)", 0.05)
    add("rcu: Hierarchical RCU implementation.")
    add("Console: colour dummy device 80x25")
    add("printk: console [ttyS0] enabled", 0.2)
    add("smp: Brought up 2 nodes, 224 CPUs", 0.8)
    add("devtmpfs: initialized")
    add("PCI: Using configuration type 1 for base access" if arch == "x86_64" else "PCI: CLS 0 bytes, default 64")
    add("ACPI: PCI Root Bridge [PC00] (domain 0000 [bus 00-15])", 0.3)
    for i in range(6):
        add(f"pci 0000:{0x10 + 0x11 * i:02x}:01.0: PCI bridge to [bus {0x11 + 0x11 * i:02x}-{0x1b + 0x11 * i:02x}]")
    add("iommu: Default domain type: Passthrough (set via kernel command line)")
    add("SCSI subsystem initialized")
    add("NetLabel: Initializing")
    add("clocksource: Switched to clocksource tsc-early" if arch == "x86_64" else "clocksource: Switched to clocksource arch_sys_counter", 0.2)
    add("Trying to unpack rootfs image as initramfs...", 0.3)
    add("Freeing initrd memory: 98304K", 1.2)
    add("nvme nvme0: pci function 0000:c1:00.0")
    add("nvme nvme0: 64/0/0 default/read/poll queues", 0.3)
    add(" nvme0n1: p1 p2")
    add("EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.", 0.6)
    add("systemd[1]: systemd 249.11-0ubuntu3.12 running in system mode", 0.4)
    add(f"systemd[1]: Set hostname to <{host}>.")
    add("systemd[1]: Started Journal Service.", 0.2)
    add("ipmi_si IPI0001:00: IPMI kcs interface initialized", 0.4)
    add("EDAC MC0: Giving out device to module i10nm_edac controller Intel_10nm Socket#0 IMC#0: DEV 0000:7e:0c.0 (INTERRUPT)" if arch == "x86_64"
        else "EDAC MC0: Giving out device to module ghes_edac.c controller ghes_edac: DEV ghes (INTERRUPT)")
    for i in range(nics):
        add(f"mlx5_core 0000:{0x18 + 0x20 * i % 0xe0:02x}:00.0: firmware version: 28.43.1014", 0.05)
        add(f"mlx5_core 0000:{0x18 + 0x20 * i % 0xe0:02x}:00.0: 400.000 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)")
    add("mlx5_core 0000:18:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 97656Mbps", 0.1)
    add("mlx5_ib: Mellanox ConnectX InfiniBand driver v5.15-0", 0.2)
    add("nvidia: loading out-of-tree module taints kernel.", 0.9)
    add("nvidia: module verification failed: signature and/or required key missing - tainting kernel")
    add("nvidia-nvlink: Nvlink Core is being initialized, major device number 509")
    for b in BUS[gpu]:
        add(f"nvidia {b}: enabling device (0000 -> 0002)", 0.02)
    kind = "Open Kernel Module" if open_module else "Kernel Module"
    add(f"NVRM: loading NVIDIA UNIX {'aarch64' if arch != 'x86_64' else 'x86_64'} {kind}  {driver}  Release Build  (dvs-builder@U16-I1-N07-12-3)", 0.3)
    add("nvidia-modeset: Loading NVIDIA UNIX Open Kernel Mode Setting Driver for x86_64  " + driver, 0.05)
    add("[drm] [nvidia-drm] [GPU ID 0x00001b00] Loading driver", 0.05)
    add("nvidia-peermem: loading out-of-tree module taints kernel.", 0.4)
    add("NFSD: Using UMH upcall client tracking operations.", 0.1)
    if fs == "lustre":
        add("Lustre: Lustre: Build Version: 2.15.6", 2.0)
        add("Lustre: Mounted lfs01-client", 0.4)
    elif fs == "nfs":
        add("NFS: Registering the id_resolver key type", 2.0)
    elif fs == "fsx":
        add("Lustre: Lustre: Build Version: 2.15.5_amzn", 2.0)
        add("Lustre: Mounted fsx-client", 0.4)
    for i in range(min(nics, 4)):
        add(f"mlx5_core 0000:{0x18 + 0x20 * i % 0xe0:02x}:00.0 ibp{i}s0: Link up", 0.5)
    add("IPv6: ADDRCONF(NETDEV_CHANGE): ens10f0np0: link becomes ready", 0.3)
    add("bpfilter: Loaded bpfilter_umh pid 4312", 1.0)
    add("Initializing XFRM netlink socket", 0.5)
    add("nvidia-fabricmanager: started" if gpu in ("H100", "H200", "B200") else "nvidia-imex: started", 3.0)
    return ev


def kernel_noise(rng, start, end, host, every=(3600, 10800), boot=None):
    """Benign runtime chatter between two datetimes; returns (dt, msg) list."""
    msgs = [
        "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters.",
        "audit: type=1400 audit(0.000:412): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd.activate\" name=\"/proc/sys/kernel/osrelease\"",
        "perf: interrupt took too long (2511 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
        "mlx5_core 0000:18:00.0: mlx5_fw_tracer_handle_traces:740:(pid 0): FW tracer: trace buffer was overwritten",
        "hrtimer: interrupt took 41203 ns",
        "IPv4: martian source 10.0.0.255 from 10.0.3.1, on dev ens10f0np0",
        "process 'python3' launched '/usr/bin/nvidia-smi' with NULL argv: empty string added",
        "systemd-journald[1422]: Data hash table of /var/log/journal/system.journal has a fill level at 75.0 (8536 of 11377 items), suggesting rotation.",
        "nvidia-peermem nv_mem_client_acquire: registered NV-P2P memory region",
    ]
    out = []
    t = start
    while True:
        t = t + sec(rng.randint(*every))
        if t >= end:
            break
        out.append((t, rng.choice(msgs)))
    return out


def render_kernel(entries, boot, style, host="node"):
    """entries: list of (datetime, msg) or (datetime, uptime, msg); style: up|T|journal|iso."""
    lines = []
    for e in sorted(entries, key=lambda x: x[0]):
        t = e[0]
        msg = e[-1]
        u = (t - boot).total_seconds()
        if style == "up":
            lines.append(f"{up(u)} {msg}")
        elif style == "T":
            lines.append(f"{dmesg_T(t)} {msg}")
        elif style == "journal":
            lines.append(f"{jshort(t)} {host} kernel: {msg}")
        elif style == "iso":
            lines.append(f"{t:%Y-%m-%dT%H:%M:%S}+0000 {host} kernel: {msg}")
    return lines


# ------------------------------------------------------------ nvidia-smi
def nvidia_smi(t, gpu, driver, gpus=None, procs=None, temps=None, mem=None, util=None,
               power=None, ecc=None):
    name, memtot, cap, _ = GPU_NAME[gpu]
    cuda = CUDA_FOR[driver.split(".")[0]]
    n = len(BUS[gpu]) if gpus is None else gpus

    def split(left, right, w):
        return left + " " * max(1, w - len(left) - len(right)) + right

    hdr = f" NVIDIA-SMI {driver:<22} Driver Version: {driver:<14} CUDA Version: {cuda:<10}"
    L = [f"{t:%a %b} {t.day:2d} {t:%H:%M:%S %Y}       ",
         "+-----------------------------------------------------------------------------------------+",
         f"|{hdr}|",
         "|-----------------------------------------+------------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                        |               MIG M. |",
         "|=========================================+========================+======================|"]
    for i in range(n):
        b = BUS[gpu][i].upper()
        bus = ("0000" + b) if not b.startswith("0000") else ("0000" + b)
        tmp = (temps or {}).get(i, 33 + (i * 3) % 7)
        mu = (mem or {}).get(i, 1)
        ut = (util or {}).get(i, 0)
        pw = (power or {}).get(i, 70 + (i * 7) % 20)
        ec = (ecc or {}).get(i, "0")
        c1 = split(f" {i:>3}  {name}", "On  ", 41)
        L.append(f"|{c1}|{bus:>19} Off | {ec:>20} |")
        c1 = split(f" N/A   {tmp:>2}C    P0", f"{pw}W / {cap:>4}W ", 41)
        L.append(f"|{c1}|{f'{mu}MiB / {memtot:>6}MiB ':>24}|{str(ut) + '%':>8}      Default |")
        L.append("|                                         |                        |             Disabled |")
        L.append("+-----------------------------------------+------------------------+----------------------+")
    L += ["", "+-----------------------------------------------------------------------------------------+",
          "| Processes:                                                                              |",
          "|  GPU   GI   CI              PID   Type   Process name                        GPU Memory |",
          "|        ID   ID                                                               Usage      |",
          "|=========================================================================================|"]
    if not procs:
        L.append("|  No running processes found                                                             |")
    else:
        for (g, pid, pname, mib) in procs:
            L.append("|" + split(f"  {g:>3}   N/A  N/A   {pid:>12}      C   {pname[:34]}", f"{mib}MiB ", 89) + "|")
    L.append("+-----------------------------------------------------------------------------------------+")
    return L


# ---------------------------------------------------------------- DCGM
def dcgmi_diag(level, driver, gpu, dcgm="3.3.9", results=None, warnings=None, ngpu=None):
    """results: test -> 'Pass - All' etc. warnings: list of (test, text)."""
    ids = ",".join([GPU_NAME[gpu][3]] * (ngpu or len(BUS[gpu])))
    r = {
        "Denylist": "Pass", "NVML Library": "Pass", "CUDA Main Library": "Pass",
        "Permissions and OS Blocks": "Pass", "Persistence Mode": "Pass",
        "Environment Variables": "Pass", "Page Retirement/Row Remap": "Pass",
        "Graphics Processes": "Pass", "Inforom": "Pass",
        "PCIe": "Pass - All", "GPU Memory": "Pass - All", "Diagnostic": "Pass - All",
        "Targeted Stress": "Pass - All", "Targeted Power": "Pass - All",
        "Memory Bandwidth": "Pass - All", "Memtest": "Pass - All", "Pulse Test": "Pass - All",
        "EUD Test": "Skip - All",
    }
    r.update(results or {})
    w = warnings or []

    def row(k, v):
        return f"| {k:<25} | {v:<46} |"

    L = ["Successfully ran diagnostic for group.",
         "+---------------------------+------------------------------------------------+",
         "| Diagnostic                | Result                                         |",
         "+===========================+================================================+",
         "|-----  Metadata  ----------+------------------------------------------------|",
         row("DCGM Version", dcgm), row("Driver Version Detected", driver),
         row("GPU Device IDs Detected", ids[:46]),
         "|-----  Deployment  --------+------------------------------------------------|"]
    for k in ["Denylist", "NVML Library", "CUDA Main Library", "Permissions and OS Blocks",
              "Persistence Mode", "Environment Variables", "Page Retirement/Row Remap",
              "Graphics Processes", "Inforom"]:
        L.append(row(k, r[k]))
        L += [row("Warning", x) for (tk, x) in w if tk == k]
    if level >= 2:
        L.append("+-----  Integration  -------+------------------------------------------------+")
        L.append(row("PCIe", r["PCIe"]))
        L += [row("Warning", x) for (tk, x) in w if tk == "PCIe"]
        L.append("+-----  Hardware  ----------+------------------------------------------------+")
        for k in ["GPU Memory"] + (["Diagnostic", "Pulse Test"] if level >= 3 else []):
            L.append(row(k, r[k]))
            L += [row("Warning", x) for (tk, x) in w if tk == k]
    if level >= 3:
        L.append("+-----  Stress  ------------+------------------------------------------------+")
        for k in ["Targeted Stress", "Targeted Power", "Memory Bandwidth"] + (["Memtest", "EUD Test"] if level >= 4 else ["EUD Test"]):
            L.append(row(k, r[k]))
            L += [row("Warning", x) for (tk, x) in w if tk == k]
    L.append("+---------------------------+------------------------------------------------+")
    return L


def dcgmi_health(overall="Healthy", entries=None):
    L = ["Health Monitor Report",
         "+----------------------------------------------------------------------------+",
         f"| Group 0          | Overall Health: {overall:<40}|",
         "+==================+=========================================================+"]
    for (gid, status, text_lines) in (entries or []):
        L.append(f"| GPU ID: {gid:<8} | {status:<56}|")
        for tl in text_lines:
            L.append(f"|                  | {tl:<56}|")
        L.append("+------------------+---------------------------------------------------------+")
    if not entries:
        L.append("+------------------+---------------------------------------------------------+")
    return L


# ----------------------------------------------------------------- NCCL
def nccl_init(host, pid, dev, rank, nranks, ver="2.23.4+cuda12.6", net="IB", stamp=None,
              nics=("mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"),
              ip="10.0.0.1", commid="0x5ae77eb5ea4ec1ee", extra=()):
    tid = pid + 37 + dev

    def p(msg, t=None, tt=tid):
        pre = f"[{stamp:%Y-%m-%d %H:%M:%S}] " if stamp is not None else ""
        return f"{pre}{host}:{pid}:{tt} [{dev}] NCCL INFO {msg}"

    L = []
    if rank % 8 == 0 or dev == 0:
        L.append(p(f"Bootstrap: Using eth0:{ip}<0>", tt=pid))
        L.append(p(f"cudaDriverVersion 12080", tt=pid))
        L.append(f"NCCL version {ver}")
    if net == "IB":
        L.append(p("NET/IB : Using [" + " ".join(f"{i}]{n}:1/IB" + ("" if i == len(nics) - 1 else " [") for i, n in enumerate(nics)) + "; OOB eth0:" + ip + "<0>"))
        L.append(p("Using network IB"))
    elif net == "OFI":
        L.append(p("NET/OFI Initializing aws-ofi-nccl 1.13.2"))
        L.append(p("NET/OFI Using Libfabric version 1.22"))
        L.append(p("NET/OFI Selected provider is efa, fabric is efa-direct (found 32 nics)"))
        L.append(p("Using network Libfabric"))
    elif net == "Socket":
        L.append(p(f"NET/Socket : Using [0]eth0:{ip}<0>"))
        L.append(p("Using network Socket"))
    L.append(p(f"ncclCommInitRankConfig comm 0x{0x55d0c0000000 + rank * 0x1000:x} rank {rank} nranks {nranks} cudaDev {dev} nvmlDev {dev} busId {['1b000','43000','52000','61000','9d000','c3000','d1000','df000'][dev % 8]} commId {commid} - Init START"))
    L.append(p(f"Setting affinity for GPU {dev} to ffffffff,ffffffff"))
    L += [p(x) for x in extra]
    L.append(p("NVLS multicast support is available on dev %d (NVLS_NCHANNELS 16)" % dev))
    L.append(p("comm 0x%x rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0" % (0x55d0c0000000 + rank * 0x1000, rank, nranks, max(1, nranks // 8), dev)))
    L.append(p("24 coll channels, 24 collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer"))
    L.append(p(f"ncclCommInitRankConfig comm 0x{0x55d0c0000000 + rank * 0x1000:x} rank {rank} nranks {nranks} cudaDev {dev} nvmlDev {dev} busId {['1b000','43000','52000','61000','9d000','c3000','d1000','df000'][dev % 8]} commId {commid} - Init COMPLETE"))
    L.append(p(f"Init timings - ncclCommInitRankConfig: rank {rank} nranks {nranks} total 2.41 (kernels 0.21, alloc 0.88, bootstrap 0.37, allgathers 0.06, topo 0.31, graphs 0.02, connections 0.51, rest 0.05)"))
    return L


# -------------------------------------------------------- PyTorch blocks
def watchdog_timeout(rank, t, seq, op="ALLREDUCE", numel=262144000, timeout_ms=600000,
                     last_enq=None, last_done=None, pg="0 PG GUID 0(default_pg)", fr=True):
    ran = timeout_ms + 37 + (rank * 13) % 90
    last_enq = last_enq if last_enq is not None else seq + 3
    last_done = last_done if last_done is not None else seq - 1
    L = [
        c10(rank, t, "E", "ProcessGroupNCCL.cpp:632", f"[Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms}) ran for {ran} milliseconds before timing out."),
        c10(rank, t + sec(0.0004), "E", "ProcessGroupNCCL.cpp:2271", f"[PG ID {pg} Rank {rank}]  failure detected by watchdog at work sequence id: {seq} PG status: last enqueued work: {last_enq}, last completed work: {last_done}"),
    ]
    if not fr:
        L.append(c10(rank, t + sec(0.0005), "E", "ProcessGroupNCCL.cpp:670", "Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value."))
    L += [
        c10(rank, t + sec(0.0006), "E", "ProcessGroupNCCL.cpp:2106", f"[PG ID {pg} Rank {rank}] First PG on this rank to signal dumping."),
        c10(rank, t + sec(0.03), "E", "ProcessGroupNCCL.cpp:1746", f"[PG ID {pg} Rank {rank}] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_done}.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. "),
        c10(rank, t + sec(0.031), "E", "ProcessGroupNCCL.cpp:1536", f"[PG ID {pg} Rank {rank}] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1"),
    ]
    if fr:
        L.append(c10(rank, t + sec(0.9), "I", "NCCLUtils.cpp:355", f"Finished writing NCCLPG debug info to /shared/fr_dumps/nccl_trace_rank_{rank}"))
    L.append(c10(rank, t + sec(1.2), "F", "ProcessGroupNCCL.cpp:1558", f"[PG ID {pg} Rank {rank}] [PG ID {pg} Rank {rank}] Terminating the process after attempting to dump debug info, due to collective timeout or exception."))
    return L


def watchdog_exception(rank, t, seq, err, op="ALLREDUCE", pg="0 PG GUID 0(default_pg)"):
    return [
        c10(rank, t, "E", "ProcessGroupNCCL.cpp:1905", f"[PG ID {pg} Rank {rank}] Process group watchdog thread terminated with exception: {err}"),
        "Exception raised from checkForNCCLErrors at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2363 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x98 (0x7f2a1b96c1b6 in /usr/local/lib/python3.12/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7b (0x7f29c57fe64b in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x650 (0x7f29c5800590 in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f29c58016ed in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: <unknown function> + 0x145c0 (0x7f2a1c0d75c0 in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch.so)",
        "frame #5: <unknown function> + 0x9caa4 (0x7f2a1cc9caa4 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: <unknown function> + 0x129c3c (0x7f2a1cd29c3c in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [PG ID {pg} Rank {rank}] Process group watchdog thread terminated with exception: {err}",
    ]


def py_traceback(rank, frames, exc, prefix=True):
    pre = f"[rank{rank}]: " if prefix else ""
    L = [pre + "Traceback (most recent call last):"]
    for (f, ln, fn, code) in frames:
        L.append(f'{pre}  File "{f}", line {ln}, in {fn}')
        if code:
            L.append(f"{pre}    {code}")
    for e in exc.split("\n"):
        L.append(pre + e)
    return L


def elastic_failure(t, script, host, fails, root, nproc=8, node_rank=0, pids=None, sigterm=None):
    """torchrun ChildFailedError summary. fails/root: list of (rank, local, exitcode, pid, traceback)."""
    L = []
    for (pid, lr) in (sigterm or []):
        L.append(f"W{t:%m%d %H:%M:%S}.{t.microsecond:06d} 4127 torch/distributed/elastic/multiprocessing/api.py:897] Sending process {pid} closing signal SIGTERM")
    r0 = root[0]
    L.append(f"E{t:%m%d %H:%M:%S}.{(t.microsecond + 400) % 1000000:06d} 4127 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: {r0[2]}) local_rank: {r0[1]} (pid: {r0[3]}) of binary: /usr/bin/python3")
    L += ["Traceback (most recent call last):",
          '  File "/usr/local/bin/torchrun", line 8, in <module>',
          "    sys.exit(main())",
          '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
          "    return f(*args, **kwargs)",
          '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/run.py", line 919, in main',
          "    run(args)",
          '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/run.py", line 910, in run',
          "    elastic_launch(",
          '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/launcher/api.py", line 138, in __call__',
          "    return launch_agent(self._config, self._entrypoint, list(args))",
          '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/launcher/api.py", line 269, in launch_agent',
          "    raise ChildFailedError(",
          "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
          "============================================================",
          f"{script} FAILED",
          "------------------------------------------------------------",
          "Failures:"]
    if not fails:
        L.append("  <NO_OTHER_FAILURES>")
    for i, (rk, lr, ec, pid, tb) in enumerate(fails):
        L += [f"[{i + 1}]:", f"  time      : {t:%Y-%m-%d_%H:%M:%S}", f"  host      : {host}",
              f"  rank      : {rk} (local_rank: {lr})", f"  exitcode  : {ec} (pid: {pid})",
              "  error_file: <N/A>", f"  traceback : {tb}"]
    L += ["------------------------------------------------------------", "Root Cause (first observed failure):"]
    rk, lr, ec, pid, tb = r0
    L += ["[0]:", f"  time      : {t:%Y-%m-%d_%H:%M:%S}", f"  host      : {host}",
          f"  rank      : {rk} (local_rank: {lr})", f"  exitcode  : {ec} (pid: {pid})",
          "  error_file: <N/A>" if not tb.startswith("Traceback") else f"  error_file: /tmp/torchelastic_x1/none_a/attempt_0/{lr}/error.json",
          f"  traceback : {tb}", "============================================================"]
    return L


# ------------------------------------------------------ training loggers
def loss_curve(rng, step, base=2.1, floor=1.6, noise=0.03):
    return floor + (base - floor) * (0.9995 ** step) + rng.uniform(-noise, noise)


def megatron_iter(t, it, total, gbs, loss, ms, lr, scale="1.0", gn=None, skipped=0, nan=0, tflops=None):
    gn_s = f" grad norm: {gn:.3f} |" if isinstance(gn, float) else (f" grad norm: {gn} |" if gn else "")
    tf = f" throughput per GPU (TFLOP/s/GPU): {tflops:.1f} |" if tflops else ""
    ls = f"{loss:.6E}" if isinstance(loss, float) else loss
    return (f" [{t:%Y-%m-%d %H:%M:%S}] iteration {it:>8}/{total:>8} | consumed samples: {it * gbs:>12} | "
            f"elapsed time per iteration (ms): {ms:.1f} |{tf} learning rate: {lr:.6E} | global batch size: {gbs:>5} | "
            f"lm loss: {ls} | loss scale: {scale} |{gn_s} number of skipped iterations: {skipped:>3} | number of nan iterations: {nan:>3} |")


def titan_step(t, rank, step, loss, gn, mem_gib, mem_pct, tps, tflops, mfu, prefix=True):
    pre = f"[rank{rank}]:" if prefix else ""
    return (f"{pre}[titan] {pylog(t)} - root - INFO - step: {step:>5}  loss: {loss:8.5f}  grad_norm: {gn:7.4f}  "
            f"memory: {mem_gib:5.2f}GiB({mem_pct:5.2f}%)  tps: {tps:,}  tflops: {tflops:.2f}  mfu: {mfu:.2f}%")


def hf_step(loss, gn, lr, epoch):
    return "{" + f"'loss': {loss:.4f}, 'grad_norm': {gn:.6f}, 'learning_rate': {lr:.6e}, 'epoch': {epoch:.2f}" + "}"


def ds_step(t, rank, step, lr, loss, it_s, sps):
    return [f"[{pylog(t)}] [INFO] [logging.py:128:log_dist] [Rank {rank}] step={step}, skipped=0, lr=[{lr:.6e}], mom=[(0.9, 0.95)]",
            f"[{pylog(t)}] [INFO] [timer.py:264:stop] epoch=0/micro_step={step * 4}/global_step={step}, RunningAvgSamplesPerSec={sps:.3f}, CurrSamplesPerSec={sps * 1.01:.3f}, MemAllocated=41.27GB, MaxMemAllocated=63.9GB",
            f"steps: {step} loss: {loss:.4f} iter time (s): {it_s:.3f} samples/sec: {sps:.3f}"]


def nemo_step(t, step, total, loss, it_s, gs, lr, elapsed):
    pct = int(100 * step / total)
    return (f"Epoch 0: : {pct:>3}%|{'█' * (pct // 10):<10}| {step}/{total} [{elapsed}<??:??, {it_s:.2f}s/it, "
            f"v_num=0, reduced_train_loss={loss:.3f}, global_step={gs}.0, consumed_samples={gs * 512}.0, train_step_timing in s={it_s:.3f}, lr={lr:.3e}]")


def hms(seconds):
    seconds = int(seconds)
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


# --------------------------------------------------------- misc host tools
def df_out(rng, extra=None, root_used=41, scratch_used=12):
    L = ["Filesystem                          Size  Used Avail Use% Mounted on",
         "tmpfs                                202G  4.9M  202G   1% /run",
         f"/dev/nvme0n1p2                       1.8T  {int(1800 * root_used / 100)}G  {1800 - int(1800 * root_used / 100)}G  {root_used}% /",
         "tmpfs                                1.0T     0  1.0T   0% /dev/shm",
         "/dev/nvme0n1p1                       511M  6.1M  505M   2% /boot/efi",
         f"/dev/md0                              28T  {int(28 * scratch_used / 100)}T   {28 - int(28 * scratch_used / 100)}T  {scratch_used}% /raid"]
    L += extra or []
    return L


def ibstat(nics, down=None, rate=400):
    down = down or {}
    L = []
    for i, n in enumerate(nics):
        st = down.get(n)
        state = "Down" if st else "Active"
        phys = "Polling" if st else "LinkUp"
        L += [f"CA '{n}'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.43.1014",
              "\tHardware version: 0", f"\tNode GUID: 0xa088c20300{i:02x}3e{(i * 37) % 256:02x}",
              f"\tSystem image GUID: 0xa088c20300{i:02x}3e{(i * 37) % 256:02x}", "\tPort 1:",
              f"\t\tState: {state}", f"\t\tPhysical state: {phys}", f"\t\tRate: {rate if not st else 10}",
              f"\t\tBase lid: {0 if st else 100 + i * 7}", "\t\tLMC: 0", "\t\tSM lid: 1",
              "\t\tCapability mask: 0xa751e848", f"\t\tPort GUID: 0xa088c20300{i:02x}3e{(i * 37) % 256:02x}",
              "\t\tLink layer: InfiniBand"]
    return L


def sacct(jobid, name, nodes, state, elapsed, exitcode, start, end, extra_steps=()):
    secs = int((end - start).total_seconds())
    d, rem = divmod(secs, 86400)
    elapsed = (f"{d}-" if d else "") + f"{rem // 3600:02d}:{rem % 3600 // 60:02d}:{rem % 60:02d}"
    L = ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode    Elapsed               Start                 End        NodeList",
         "------------ ---------- ---------- ---------- ---------- ---------- -------- ---------- ------------------- ------------------- ---------------"]
    L.append(f"{jobid:<12} {name:>10}        gpu   llm-pre  {224 * 0 + 1792:>9} {state:>10} {exitcode:>8} {elapsed:>10} {start:%Y-%m-%dT%H:%M:%S} {end:%Y-%m-%dT%H:%M:%S} {nodes}")
    L.append(f"{jobid}.batch       batch               llm-pre        224 {state if state != 'TIMEOUT' else 'CANCELLED':>10} {('0:15' if state in ('TIMEOUT', 'CANCELLED') else exitcode):>8} {elapsed:>10} {start:%Y-%m-%dT%H:%M:%S} {end:%Y-%m-%dT%H:%M:%S} {nodes.split(',')[0]}")
    L.append(f"{jobid}.extern     extern              llm-pre       1792  COMPLETED      0:0 {elapsed:>10} {start:%Y-%m-%dT%H:%M:%S} {end:%Y-%m-%dT%H:%M:%S} {nodes}")
    for s in extra_steps:
        L.append(s)
    return L
