"""Shared helpers for the corpus_set31 generator (standard library only).

Everything here is deterministic: callers pass a random.Random seeded per case,
and all dates are fixed.
"""
import datetime as dt
import json
import os

UTC = dt.timezone.utc


def tz(hours, minutes=0):
    return dt.timezone(dt.timedelta(hours=hours, minutes=minutes))


def T(y, mo, d, h, mi, s=0, us=0, tzinfo=UTC):
    return dt.datetime(y, mo, d, h, mi, s, us, tzinfo=tzinfo)


def sec(n):
    return dt.timedelta(seconds=n)


# ---------------------------------------------------------------- case writer
class Case:
    def __init__(self, out_root, name, seed):
        self.name = name
        self.root = os.path.join(out_root, name)
        import random
        self.rng = random.Random(seed)
        os.makedirs(self.root, exist_ok=True)

    def w(self, rel, text):
        path = os.path.join(self.root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if isinstance(text, (list, tuple)):
            text = "\n".join(text)
        if not text.endswith("\n"):
            text += "\n"
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)

    def label(self, category, layer, node, rank, action, rationale, url):
        culprit = None if node is None else {"node": node, "rank": rank}
        d = {"category": category, "layer": layer, "culprit": culprit,
             "action": action, "rationale": rationale, "modelled_on": url}
        self.w("label.json", json.dumps(d, indent=2))

    def topology(self, topo):
        self.w("topology.json", json.dumps({"topology": topo}, indent=2))


# ---------------------------------------------------------------- nodes
DGX_BUS = ["1B", "43", "52", "61", "9D", "C3", "D1", "DF"]
HGX_BUS = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]


class Node:
    def __init__(self, host, node_rank, ib_ip, eth_ip=None, gpn=8, pid0=None,
                 bus=None, serial0=None):
        self.host = host
        self.node_rank = node_rank
        self.ib_ip = ib_ip
        self.eth_ip = eth_ip or ib_ip.replace("10.", "172.", 1)
        self.gpn = gpn
        self.pid0 = pid0 or 20000
        self.bus = bus or DGX_BUS
        self.serial0 = serial0 or 1652822000000

    def rank(self, local):
        return self.node_rank * self.gpn + local

    def ranks(self):
        return [self.rank(i) for i in range(self.gpn)]

    def pid(self, local):
        return self.pid0 + local

    def busid(self, local, short=False):
        b = self.bus[local]
        if short:
            return b.lower() + "000"
        return "00000000:%s:00.0" % b


def mk_nodes(hosts, ib_prefix, rng, order=None, pid_lo=30000, pid_hi=90000, bus=None):
    """hosts: list of hostnames; order: list of hostnames in node_rank order."""
    order = order or hosts
    nodes = []
    for h in hosts:
        nr = order.index(h)
        last = int("".join(c for c in h if c.isdigit())[-3:] or "1") % 250 + 2
        ip = "%s.%d" % (ib_prefix, last)
        n = Node(h, nr, ip, pid0=rng.randint(pid_lo, pid_hi), bus=bus)
        n.serial0 = 1652822000000 + rng.randint(0, 9999999)
        nodes.append(n)
    nodes.sort(key=lambda n: n.node_rank)
    return nodes


# ---------------------------------------------------------------- stamps
def pylog(t):
    return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (t.microsecond // 1000)


def c10(t, lvl="E", src="ProcessGroupNCCL.cpp:1595", rng=None):
    ns = "%03d" % (rng.randint(0, 999) if rng else 0)
    return "[%s%d%02d %s.%06d%s %s]" % (lvl, t.month, t.day, t.strftime("%H:%M:%S"),
                                        t.microsecond, ns, src)


def glog(t, lvl="E", tid=140235, src="api.py:826"):
    return "%s%02d%02d %s.%06d %d %s]" % (lvl, t.month, t.day, t.strftime("%H:%M:%S"),
                                          t.microsecond, tid, src)


def dmesg_T(t):
    return "[%s]" % t.strftime("%a %b %d %H:%M:%S %Y").replace(" 0", "  ", 1) \
        if t.day < 10 else "[%s]" % t.strftime("%a %b %d %H:%M:%S %Y")


def journal(t, host, ident="kernel"):
    return "%s %s %s:" % (t.strftime("%b %d %H:%M:%S"), host, ident)


def iso(t, digits=6):
    s = t.strftime("%Y-%m-%dT%H:%M:%S")
    if digits:
        s += (".%06d" % t.microsecond)[: digits + 1]
    off = t.strftime("%z")
    return s + off[:3] + ":" + off[3:]


def torch_ts(t):
    # torchrun error summary "time" field
    return t.strftime("%Y-%m-%d_%H:%M:%S")


# ---------------------------------------------------------------- kernel logs
BOOT_LINES = [
    "Linux version 5.15.0-{kv}-generic (buildd@lcy02-amd64-{b}) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #{kb}-Ubuntu SMP {bd}",
    "Command line: BOOT_IMAGE=/vmlinuz-5.15.0-{kv}-generic root=UUID={uuid} ro console=tty0 console=ttyS0,115200n8 iommu=pt pci=realloc=off",
    "KERNEL supported cpus:",
    "  Intel GenuineIntel",
    "  AMD AuthenticAMD",
    "x86/fpu: Supporting XSAVE feature 0x001: 'x87 floating point registers'",
    "x86/fpu: Supporting XSAVE feature 0x002: 'SSE registers'",
    "x86/fpu: Supporting XSAVE feature 0x004: 'AVX registers'",
    "x86/fpu: Enabled xstate features 0x2e7, context size is 2440 bytes, using 'compacted' format.",
    "signal: max sigframe size: 3632",
    "BIOS-provided physical RAM map:",
    "BIOS-e820: [mem 0x0000000000000000-0x000000000009ffff] usable",
    "BIOS-e820: [mem 0x0000000000100000-0x000000005a6fefff] usable",
    "NX (Execute Disable) protection: active",
    "SMBIOS 3.5.0 present.",
    "DMI: {vendor}, BIOS {bios} {biosdate}",
    "tsc: Detected 2000.000 MHz processor",
    "ACPI: Early table checksum verification disabled",
    "ACPI: RSDP 0x0000000069DFE014 000024 (v02 ALASKA)",
    "ACPI: SRAT 0x0000000069DBE000 0005D0 (v03 ALASKA A M I    00000001 AMI  01000013)",
    "NUMA: Initialized distance table, cnt=2",
    "Zone ranges:",
    "  DMA      [mem 0x0000000000001000-0x0000000000ffffff]",
    "  Normal   [mem 0x0000000100000000-0x000000807fffffff]",
    "percpu: Embedded 61 pages/cpu s212992 r8192 d28672 u262144",
    "Built 2 zonelists, mobility grouping on.  Total pages: 528196603",
    "Memory: 2112134808K/2146388016K available (16393K kernel code, 4384K rwdata, 10824K rodata, 3336K init, 6584K bss, 34252952K reserved, 0K cma-reserved)",
    "rcu: Hierarchical RCU implementation.",
    "Console: colour dummy device 80x25",
    "printk: console [tty0] enabled",
    "printk: console [ttyS0] enabled",
    "Calibrating delay loop (skipped), value calculated using timer frequency.. 4000.00 BogoMIPS (lpj=8000000)",
    "smp: Brought up 2 nodes, 224 CPUs",
    "devtmpfs: initialized",
    "PCI: Using configuration type 1 for base access",
    "ACPI: Interpreter enabled",
    "ACPI: PCI Root Bridge [PC00] (domain 0000 [bus 00-15])",
    "pci 0000:00:00.0: [8086:09a2] type 00 class 0x080000",
    "iommu: Default domain type: Passthrough (set via kernel command line)",
    "SCSI subsystem initialized",
    "NetLabel: Initializing",
    "clocksource: Switched to clocksource tsc-early",
    "pnp: PnP ACPI: found 4 devices",
    "NET: Registered PF_INET protocol family",
    "Trying to unpack rootfs image as initramfs...",
    "Freeing initrd memory: 98532K",
    "Initialise system trusted keyrings",
    "zswap: loaded using pool lzo/zbud",
    "Key type asymmetric registered",
    "Serial: 8250/16550 driver, 32 ports, IRQ sharing enabled",
    "nvme nvme0: pci function 0000:c5:00.0",
    "nvme nvme1: pci function 0000:c6:00.0",
    "nvme nvme0: 64/0/0 default/read/poll queues",
    " nvme0n1: p1 p2",
    "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.",
    "systemd[1]: systemd 249.11-0ubuntu3.12 running in system mode (+PAM +AUDIT +SELINUX +APPARMOR +IMA +SMACK +SECCOMP +GCRYPT +GNUTLS +OPENSSL +ACL +BLKID +CURL +ELFUTILS +FIDO2 +IDN2 -IDN +IPTC +KMOD +LIBCRYPTSETUP +LIBFDISK +PCRE2 -PWQUALITY -P11KIT -QRENCODE +BZIP2 +LZ4 +XZ +ZLIB +ZSTD -XKBCOMMON +UTMP +SYSVINIT default-hierarchy=unified)",
    "systemd[1]: Detected architecture x86-64.",
    "systemd[1]: Set hostname to <{host}>.",
    "EXT4-fs (nvme0n1p2): re-mounted. Opts: errors=remount-ro. Quota mode: none.",
    "mlx5_core 0000:{ibbus0}:00.0: firmware version: 28.39.1002",
    "mlx5_core 0000:{ibbus0}:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)",
    "mlx5_core 0000:{ibbus0}:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 97656Mbps",
    "mlx5_core 0000:{ibbus0}:00.0: E-Switch: Total vports 2, per vport: max uc(128) max mc(2048)",
    "mlx5_core 0000:{ibbus0}:00.0: Port module event: module 0, Cable plugged",
    "mlx5_core 0000:{ibbus0}:00.0: mlx5_pcie_event:301:(pid 1012): PCIe slot advertised sufficient power (75W).",
    "nvidia: loading out-of-tree module taints kernel.",
    "nvidia: module license 'NVIDIA' taints kernel.",
    "Disabling lock debugging due to kernel taint",
    "nvidia-nvlink: Nvlink Core is being initialized, major device number 234",
    "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  {drv}  {drvdate}",
    "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  {drv}  {drvdate}",
    "[drm] [nvidia-drm] [GPU ID 0x0000{bus0}00] Loading driver",
    "ib_core: loading out-of-tree module",
    "mlx5_ib: Mellanox 5th generation network adapters (ConnectX series) IB driver v23.10-1.1.9",
    "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
    "bnxt_en 0000:2a:00.0 eno1np0: NIC Link is Up, 25000 Mbps full duplex, Flow control: none",
    "IPv6: ADDRCONF(NETDEV_CHANGE): eno1np0: link becomes ready",
    "audit: type=1400 audit(1710000000.123:2): apparmor=\"STATUS\" operation=\"profile_load\" profile=\"unconfined\" name=\"lsb_release\" pid=1544 comm=\"apparmor_parser\"",
    "audit: type=1400 audit(1710000000.127:3): apparmor=\"STATUS\" operation=\"profile_load\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid=1545 comm=\"apparmor_parser\"",
    "RPC: Registered named UNIX socket transport module.",
    "RPC: Registered tcp transport module.",
    "Lustre: Lustre: Build Version: 2.15.4",
    "LNet: Added LNI {ibip}@o2ib [8/256/0/180]",
    "Lustre: Mounted lfs01-client",
    "NFSD: Using UMH upcall client tracking operations.",
    "Bridge firewalling registered",
    "bpfilter: Loaded bpfilter_umh pid 2811",
    "Initializing XFRM netlink socket",
    "loop0: detected capacity change from 0 to 8",
    "nvidia-peermem nv_mem_init: NVIDIA peer memory client loaded",
    "NVRM: GPU at PCI:0000:{bus0}:00: GPU-{uuidfrag}",
    "NVRM: GPU Board Serial Number: {serial}",
]


def boot_lines(host, rng, ibip="10.0.0.1", drv="535.161.08", drvdate="Tue Mar  5 22:42:18 UTC 2024",
               bus0="1b", ibbus0="18", lustre=True):
    vals = dict(kv="105", b="%03d" % rng.randint(1, 40), kb="115", bd="Tue Mar 19 13:20:56 UTC 2024",
                uuid="%08x-%04x-%04x-%04x-%012x" % (rng.getrandbits(32), rng.getrandbits(16),
                                                    rng.getrandbits(16), rng.getrandbits(16),
                                                    rng.getrandbits(48)),
                vendor="Supermicro SYS-821GE-TNHR/X13DEG-OAD", bios="2.1", biosdate="12/13/2023",
                host=host, ibbus0=ibbus0, drv=drv, drvdate=drvdate, bus0=bus0, ibip=ibip,
                uuidfrag="%08x-%04x" % (rng.getrandbits(32), rng.getrandbits(16)),
                serial=str(1652822000000 + rng.randint(0, 999999)))
    out = []
    for ln in BOOT_LINES:
        if not lustre and ("Lustre" in ln or "LNet" in ln):
            continue
        out.append(ln.format(**vals))
    return out


def kernel_log(events, boot, host, style, rng, boot_noise=None, tzinfo=None):
    """events: list of (datetime, text) (absolute time, any tz).
    boot: datetime of boot; boot_noise: list of strings placed in the first ~40s.
    style: 'uptime' | 'T' | 'journal' | 'iso'"""
    evs = []
    noise = boot_noise or []
    t = 0.0
    for ln in noise:
        t += rng.uniform(0.0003, 0.9)
        evs.append((boot + dt.timedelta(seconds=t), ln))
    evs.extend(events)
    evs.sort(key=lambda e: e[0])
    out = []
    for when, text in evs:
        lt = when.astimezone(tzinfo) if tzinfo else when
        if style == "uptime":
            up = (when - boot).total_seconds()
            out.append("[%12.6f] %s" % (up, text))
        elif style == "T":
            out.append("%s %s" % (dmesg_T(lt), text))
        elif style == "journal":
            out.append("%s %s" % (journal(lt, host), text))
        elif style == "iso":
            out.append("%s %s kernel: %s" % (iso(lt), host, text))
        else:
            raise ValueError(style)
    return out


def periodic_noise(start, end, rng, host, every=(10800, 36000)):
    """Benign runtime kernel chatter between start and end."""
    pool = [
        "perf: interrupt took too long (2504 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
        "IPv4: martian source 10.255.255.255 from 10.1.0.1, on dev eno1np0",
        "audit: type=1400 audit({a}): apparmor=\"DENIED\" operation=\"open\" class=\"file\" profile=\"snap.lxd.activate\" name=\"/proc/{p}/mounts\" pid={p} comm=\"snap-exec\" requested_mask=\"r\" denied_mask=\"r\" fsuid=0 ouid=0",
        "nfs: server nfs-home01 OK",
        "EXT4-fs (nvme1n1): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.",
        "docker0: port 1(veth{v}) entered blocking state",
        "docker0: port 1(veth{v}) entered forwarding state",
        "TCP: request_sock_TCP: Possible SYN flooding on port 6817. Sending cookies.  Check SNMP counters.",
        "systemd-journald[812]: Data hash table of /var/log/journal/{j}/system.journal has a fill level at 75.0 (8535 of 11377 items, 6553600 file size, 767 bytes per hash table item), suggesting rotation.",
    ]
    out = []
    t = start
    while True:
        t = t + dt.timedelta(seconds=rng.randint(*every))
        if t >= end:
            break
        ln = rng.choice(pool).format(a="%d.%03d:%d" % (int(t.timestamp()), rng.randint(0, 999), rng.randint(100, 999)),
                                     p=rng.randint(2000, 90000), v="%07x" % rng.getrandbits(28),
                                     j="%032x" % rng.getrandbits(128))
        out.append((t, ln))
    return out


# ---------------------------------------------------------------- nvidia-smi
def nvsmi_table(t, host, drv="535.161.08", cuda="12.2", used=None, util=None, procs=None,
                missing=None, temps=None, pwr=None, bus=None, lost_msg=None):
    bus = bus or DGX_BUS
    used = used or [0] * 8
    util = util or [0] * 8
    temps = temps or [33] * 8
    pwr = pwr or [70] * 8
    out = [t.strftime("%a %b %d %H:%M:%S %Y").replace(" 0", "  ", 1) if t.day < 10
           else t.strftime("%a %b %d %H:%M:%S %Y")]
    if lost_msg:
        out = [lost_msg] + out
    out += [
        "+---------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI %-10s             Driver Version: %-10s   CUDA Version: %-5s    |" % (drv, drv, cuda),
        "|-----------------------------------------+----------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
        "|                                         |                      |               MIG M. |",
        "|=========================================+======================+======================|",
    ]
    idx = 0
    for g in range(8):
        if missing and g in missing:
            continue
        perf = "P0" if util[g] > 0 else "P0"
        out.append("|  %d  NVIDIA H100 80GB HBM3          On  | 00000000:%s:00.0 Off |                    0 |" % (idx, bus[g]))
        out.append("| N/A   %2dC    %s             %3dW / 700W |  %6dMiB / 81559MiB |    %3d%%      Default |" % (temps[g], perf, pwr[g], used[g], util[g]))
        out.append("|                                         |                      |             Disabled |")
        out.append("+-----------------------------------------+----------------------+----------------------+")
        idx += 1
    out += [
        "",
        "+---------------------------------------------------------------------------------------+",
        "| Processes:                                                                            |",
        "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
        "|        ID   ID                                                             Usage      |",
        "|=======================================================================================|",
    ]
    if not procs:
        out.append("|  No running processes found                                                           |")
    else:
        for (g, pid, name, mib) in procs:
            out.append("|  %4d   N/A  N/A  %9d      C   %-38s %6dMiB |" % (g, pid, name[:38], mib))
    out.append("+---------------------------------------------------------------------------------------+")
    return out


def nvsmi_q_gpu(g, busid, serial, uuid, temp=38, sm=1980, sm_max=1980, power=420.0,
                events=None, ecc_vol_unc=0, ecc_agg_unc=0, ecc_vol_cor=0, ecc_agg_cor=0,
                remap=(0, 0, "No", "No"), used=40000, util=95, slowdown_temp=92):
    ev = {"Idle": "Not Active", "Applications Clocks Setting": "Not Active",
          "SW Power Cap": "Not Active", "HW Slowdown": "Not Active",
          "HW Thermal Slowdown": "Not Active", "HW Power Brake Slowdown": "Not Active",
          "Sync Boost": "Not Active", "SW Thermal Slowdown": "Not Active",
          "Display Clock Setting": "Not Active"}
    if events:
        ev.update(events)
    return [
        "",
        "GPU %s" % busid,
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    Product Brand                         : NVIDIA",
        "    Product Architecture                  : Hopper",
        "    Persistence Mode                      : Enabled",
        "    Serial Number                         : %s" % serial,
        "    GPU UUID                              : GPU-%s" % uuid,
        "    Minor Number                          : %d" % g,
        "    VBIOS Version                         : 96.00.89.00.01",
        "    PCI",
        "        Bus                               : 0x%s" % busid.split(":")[1],
        "        Bus Id                            : %s" % busid,
        "        GPU Link Info",
        "            PCIe Generation",
        "                Max                       : 5",
        "                Current                   : 5",
        "            Link Width",
        "                Max                       : 16x",
        "                Current                   : 16x",
        "    Performance State                     : P0",
        "    Clocks Event Reasons",
        "        Idle                              : %s" % ev["Idle"],
        "        Applications Clocks Setting       : %s" % ev["Applications Clocks Setting"],
        "        SW Power Cap                      : %s" % ev["SW Power Cap"],
        "        HW Slowdown                       : %s" % ev["HW Slowdown"],
        "            HW Thermal Slowdown           : %s" % ev["HW Thermal Slowdown"],
        "            HW Power Brake Slowdown       : %s" % ev["HW Power Brake Slowdown"],
        "        Sync Boost                        : %s" % ev["Sync Boost"],
        "        SW Thermal Slowdown               : %s" % ev["SW Thermal Slowdown"],
        "        Display Clock Setting             : %s" % ev["Display Clock Setting"],
        "    FB Memory Usage",
        "        Total                             : 81559 MiB",
        "        Reserved                          : 328 MiB",
        "        Used                              : %d MiB" % used,
        "        Free                              : %d MiB" % (81559 - 328 - used),
        "    Utilization",
        "        Gpu                               : %d %%" % util,
        "        Memory                            : %d %%" % max(0, util - 40),
        "    ECC Mode",
        "        Current                           : Enabled",
        "        Pending                           : Enabled",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : %d" % ecc_vol_cor,
        "            DRAM Uncorrectable            : %d" % ecc_vol_unc,
        "        Aggregate",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : %d" % ecc_agg_cor,
        "            DRAM Uncorrectable            : %d" % ecc_agg_unc,
        "    Retired Pages",
        "        Single Bit ECC                    : N/A",
        "        Double Bit ECC                    : N/A",
        "        Pending Page Blacklist            : N/A",
        "    Remapped Rows",
        "        Correctable Error                 : %d" % remap[0],
        "        Uncorrectable Error               : %d" % remap[1],
        "        Pending                           : %s" % remap[2],
        "        Remapping Failure Occurred        : %s" % remap[3],
        "    Temperature",
        "        GPU Current Temp                  : %d C" % temp,
        "        GPU T.Limit Temp                  : %d C" % (slowdown_temp - temp if temp < slowdown_temp else 0),
        "        GPU Shutdown Temp                 : 92 C",
        "        GPU Slowdown Temp                 : 87 C",
        "        GPU Max Operating Temp            : 85 C",
        "        Memory Current Temp               : %d C" % (temp + 6),
        "    GPU Power Readings",
        "        Power Draw                        : %.2f W" % power,
        "        Current Power Limit               : 700.00 W",
        "    Clocks",
        "        Graphics                          : %d MHz" % sm,
        "        SM                                : %d MHz" % sm,
        "        Memory                            : 2619 MHz",
        "        Video                             : 1545 MHz",
        "    Max Clocks",
        "        Graphics                          : %d MHz" % sm_max,
        "        SM                                : %d MHz" % sm_max,
        "        Memory                            : 2619 MHz",
        "        Video                             : 1965 MHz",
    ]


def nvsmi_q(t, node, rng, drv="535.161.08", cuda="12.2", per_gpu=None):
    per_gpu = per_gpu or {}
    out = ["", "==============NVSMI LOG==============", "",
           "Timestamp                                 : %s" % t.strftime("%a %b %d %H:%M:%S %Y"),
           "Driver Version                            : %s" % drv,
           "CUDA Version                              : %s" % cuda, "",
           "Attached GPUs                             : 8"]
    for g in range(8):
        kw = dict(temp=rng.randint(36, 48), power=rng.uniform(380, 520), used=rng.randint(61000, 64500),
                  util=rng.randint(93, 100))
        kw.update(per_gpu.get(g, {}))
        out += nvsmi_q_gpu(g, node.busid(g), str(node.serial0 + g * 17),
                           "%08x-%04x-%04x-%04x-%012x" % (rng.getrandbits(32), rng.getrandbits(16),
                                                          rng.getrandbits(16), rng.getrandbits(16),
                                                          rng.getrandbits(48)), **kw)
    return out


def gpu_query_csv(node, rng):
    out = ["index, name, pci.bus_id, serial, uuid"]
    for g in range(8):
        out.append("%d, NVIDIA H100 80GB HBM3, %s, %d, GPU-%08x-%04x-%04x-%04x-%012x" % (
            g, node.busid(g), node.serial0 + g * 17, rng.getrandbits(32), rng.getrandbits(16),
            rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(48)))
    return out


# ---------------------------------------------------------------- host tools
def ibstat(rng, rates=None, states=None, n=8, guid_base=None):
    rates = rates or {}
    states = states or {}
    gb = guid_base or rng.getrandbits(40)
    out = []
    for i in range(n):
        st, ph = states.get(i, ("Active", "LinkUp"))
        guid = "0x%016x" % ((0xa088c2 << 40) | (gb + i * 0x1a2))
        out += ["CA 'mlx5_%d'" % i,
                "\tCA type: MT4129",
                "\tNumber of ports: 1",
                "\tFirmware version: 28.39.1002",
                "\tHardware version: 0",
                "\tNode GUID: %s" % guid,
                "\tSystem image GUID: %s" % guid,
                "\tPort 1:",
                "\t\tState: %s" % st,
                "\t\tPhysical state: %s" % ph,
                "\t\tRate: %d" % rates.get(i, 400),
                "\t\tBase lid: %d" % (rng.randint(20, 1500) if st == "Active" else 65535),
                "\t\tLMC: 0",
                "\t\tSM lid: 1",
                "\t\tCapability mask: 0xa751e848",
                "\t\tPort GUID: %s" % guid,
                "\t\tLink layer: InfiniBand"]
    return out


def ip_addr(host, ib_ip, eth_ip, rng, ib_state="UP", extra_ib=True):
    mac = lambda: ":".join("%02x" % rng.randint(0, 255) for _ in range(6))
    out = [
        "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000",
        "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00",
        "    inet 127.0.0.1/8 scope host lo",
        "       valid_lft forever preferred_lft forever",
        "2: eno1np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP group default qlen 1000",
        "    link/ether %s brd ff:ff:ff:ff:ff:ff" % mac(),
        "    altname enp42s0f0np0",
        "    inet %s/22 brd %s.255 scope global eno1np0" % (eth_ip, eth_ip.rsplit(".", 1)[0]),
        "       valid_lft forever preferred_lft forever",
        "3: ib0: <BROADCAST,MULTICAST,%sUP,LOWER_UP> mtu 4092 qdisc mq state %s group default qlen 256" % (
            "" if ib_state == "UP" else "NO-CARRIER,", ib_state),
        "    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:%s brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff" % mac().replace(":", ":", 5)[:23],
        "    inet %s/16 brd %s.255.255 scope global ib0" % (ib_ip, ".".join(ib_ip.split(".")[:2])),
        "       valid_lft forever preferred_lft forever",
        "4: docker0: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 1500 qdisc noqueue state DOWN group default",
        "    link/ether %s brd ff:ff:ff:ff:ff:ff" % mac(),
        "    inet 172.17.0.1/16 brd 172.17.255.255 scope global docker0",
        "       valid_lft forever preferred_lft forever",
    ]
    return out


def df_h(rows):
    out = ["Filesystem                          Size  Used Avail Use% Mounted on"]
    for r in rows:
        out.append("%-35s %5s %5s %5s %4s %s" % r)
    return out


def default_df(lustre=True, scratch_use=("3.5T", "412G", "3.1T", "12%"), lustre_row=None):
    rows = [("tmpfs", "202G", "5.1M", "202G", "1%", "/run"),
            ("/dev/nvme0n1p2", "1.8T", "211G", "1.5T", "13%", "/"),
            ("tmpfs", "1008G", "0", "1008G", "0%", "/dev/shm"),
            ("tmpfs", "5.0M", "0", "5.0M", "0%", "/run/lock"),
            ("/dev/nvme0n1p1", "511M", "6.1M", "505M", "2%", "/boot/efi"),
            ("/dev/md0", scratch_use[0], scratch_use[1], scratch_use[2], scratch_use[3], "/local_scratch"),
            ("nfs-home01:/export/home", "50T", "31T", "20T", "62%", "/home")]
    if lustre:
        rows.append(lustre_row or ("10.40.0.11@o2ib:10.40.0.12@o2ib:/lfs01", "7.0P", "4.9P", "2.1P", "71%", "/lustre"))
    return df_h(rows)


# ---------------------------------------------------------------- NCCL / torch
def nccl_init_lines(node, local, nranks, rng, ver="2.20.5+cuda12.4", hcas=8, ifname="ib0",
                    comm=None, commid=None, nic_type="IB", show_version=False):
    pid = node.pid(local)
    tid = pid + rng.randint(60, 400)
    h = node.host
    p = "%s:%d:%d [%d] NCCL INFO " % (h, pid, pid, local)
    q = "%s:%d:%d [%d] NCCL INFO " % (h, pid, tid, local)
    nets = " ".join("[%d]mlx5_%d:1/%s" % (i, i, nic_type) for i in range(hcas))
    out = [p + "Bootstrap : Using %s:%s<0>" % (ifname, node.ib_ip),
           p + "NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation",
           p + "cudaDriverVersion 12040"]
    if show_version:
        out.append("NCCL version %s" % ver)
    out += [q + "NET/IB : Using %s [RO]; OOB %s:%s<0>" % (nets, ifname, node.ib_ip),
            q + "Using non-device net plugin version 0",
            q + "Using network IB",
            q + "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START" % (
                comm, node.rank(local), nranks, local, local, node.busid(local, short=True), commid),
            q + "comm %s rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0" % (
                comm, node.rank(local), nranks, nranks // 8, local),
            q + "Channel 00/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA" % (
                node.rank(local), local, (node.rank(local) + 8) % nranks, local, local),
            q + "Connected all rings",
            q + "Connected all trees",
            q + "32 coll channels, 32 collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer",
            q + "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE" % (
                comm, node.rank(local), nranks, local, local, node.busid(local, short=True), commid)]
    return out


FRAMES_WD = [
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x{a} in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
    "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x{b} in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x{c} in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x{d} in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #4: <unknown function> + 0xdc253 (0x{e} in /lib/x86_64-linux-gnu/libstdc++.so.6)",
    "frame #5: <unknown function> + 0x94ac3 (0x{f} in /lib/x86_64-linux-gnu/libc.so.6)",
    "frame #6: <unknown function> + 0x126850 (0x{g} in /lib/x86_64-linux-gnu/libc.so.6)",
]


def _addrs(rng):
    base = 0x7f0000000000 + rng.getrandbits(36)
    return {k: "%x" % (base + rng.getrandbits(24)) for k in "abcdefg"}


def watchdog_block(rank, t, seq, op, numel, timeout_ms, rng, prefix=True, pg="PG 0 (default_pg)",
                   last_enq=None, ran_for=None, frames=True, terminate=True):
    """PyTorch >= 2.3 style watchdog timeout block; returns list of lines."""
    ran = ran_for or (timeout_ms + rng.randint(3, 95))
    pre = "[rank%d]:" % rank if prefix else ""
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (
        seq, op, numel, numel, timeout_ms)
    msg = "[Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (
        rank, work, ran)
    t2 = t + dt.timedelta(microseconds=rng.randint(50, 400))
    out = [pre + c10(t, "E", "ProcessGroupNCCL.cpp:616", rng) + " " + msg,
           pre + c10(t2, "E", "ProcessGroupNCCL.cpp:1785", rng) + " [%s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (
               pg, rank, seq, last_enq or seq, seq - 1),
           pre + c10(t2, "E", "ProcessGroupNCCL.cpp:630", rng) + " [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank,
           pre + c10(t2, "E", "ProcessGroupNCCL.cpp:636", rng) + " [Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank]
    if terminate:
        t3 = t2 + dt.timedelta(microseconds=rng.randint(300, 3000))
        out.append(pre + c10(t3, "E", "ProcessGroupNCCL.cpp:1595", rng) + " [%s Rank %d] Process group watchdog thread terminated with exception: %s" % (pg, rank, msg))
        if frames:
            a = _addrs(rng)
            out.append(pre + "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):")
            out += [pre + f.format(**a) for f in FRAMES_WD]
            out.append(pre)
        out.append(pre + "terminate called after throwing an instance of 'c10::DistBackendError'")
        out.append(pre + "  what():  [%s Rank %d] Process group watchdog thread terminated with exception: %s" % (pg, rank, msg))
    return out


def old_watchdog_block(rank, seq, op, timeout_ms, rng):
    """PyTorch 1.13/2.0 style: no timestamps at all."""
    ran = timeout_ms + rng.randint(3, 900)
    work = "WorkNCCL(SeqNum=%d, OpType=%s, Timeout(ms)=%d)" % (seq, op, timeout_ms)
    return ["[E ProcessGroupNCCL.cpp:828] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, work, ran),
            "[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
            "[E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down.",
            "terminate called after throwing an instance of 'std::runtime_error'",
            "  what():  [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, work, ran)]


def torchrun_start_lines(t, node, nnodes, nproc, master, port, run_id, entry, rng, tid=None,
                         max_restarts=0, log_dir=None, attempt=0):
    tid = tid or rng.randint(180000, 3999999)
    g = lambda tt, lvl, src: glog(tt, lvl, tid, src)
    t1 = t + dt.timedelta(milliseconds=rng.randint(100, 900))
    out = [(t, g(t, "I", "torch/distributed/launcher/api.py:188") + " Starting elastic_operator with launch configs:"),
           (t, g(t, "I", "torch/distributed/launcher/api.py:188") + "   entrypoint       : %s" % entry),
           (t, g(t, "I", "torch/distributed/launcher/api.py:188") + "   min_nodes        : %d" % nnodes),
           (t, g(t, "I", "torch/distributed/launcher/api.py:188") + "   max_nodes        : %d" % nnodes),
           (t, g(t, "I", "torch/distributed/launcher/api.py:188") + "   nproc_per_node   : %d" % nproc),
           (t, g(t, "I", "torch/distributed/launcher/api.py:188") + "   run_id           : %s" % run_id),
           (t, g(t, "I", "torch/distributed/launcher/api.py:188") + "   rdzv_backend     : c10d"),
           (t, g(t, "I", "torch/distributed/launcher/api.py:188") + "   rdzv_endpoint    : %s:%d" % (master, port)),
           (t, g(t, "I", "torch/distributed/launcher/api.py:188") + "   rdzv_configs     : {'timeout': 900}"),
           (t, g(t, "I", "torch/distributed/launcher/api.py:188") + "   max_restarts     : %d" % max_restarts),
           (t, g(t, "I", "torch/distributed/launcher/api.py:188") + "   monitor_interval : 0.1"),
           (t, g(t, "I", "torch/distributed/launcher/api.py:188") + "   log_dir          : %s" % (log_dir or "/tmp/torchelastic_%s" % "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789_") for _ in range(8)))),
           (t, g(t, "I", "torch/distributed/launcher/api.py:188") + "   metrics_cfg      : {}"),
           (t1, g(t1, "I", "torch/distributed/elastic/agent/server/api.py:825") + " [default] starting workers for entrypoint: python"),
           (t1, g(t1, "I", "torch/distributed/elastic/agent/server/api.py:646") + " [default] Rendezvous'ing worker group")]
    t2 = t1 + dt.timedelta(seconds=rng.uniform(2, 20))
    out += [(t2, g(t2, "I", "torch/distributed/elastic/agent/server/api.py:512") + " [default] Rendezvous complete for workers. Result:"),
            (t2, "  restart_count=%d" % attempt),
            (t2, "  master_addr=%s" % master),
            (t2, "  master_port=%d" % (port + 100)),
            (t2, "  group_rank=%d" % node.node_rank),
            (t2, "  group_world_size=%d" % nnodes),
            (t2, "  local_ranks=%s" % list(range(nproc))),
            (t2, "  role_ranks=%s" % node.ranks()),
            (t2, "  global_ranks=%s" % node.ranks()),
            (t2, "  role_world_sizes=%s" % ([nnodes * nproc] * nproc)),
            (t2, "  global_world_sizes=%s" % ([nnodes * nproc] * nproc)),
            (t2, ""),
            (t2, g(t2, "I", "torch/distributed/elastic/agent/server/api.py:654") + " [default] Starting worker group"),
            (t2, g(t2, "I", "torch/distributed/elastic/agent/server/local_elastic_agent.py:184") + " Environment variable 'TORCHELASTIC_ENABLE_FILE_TIMER' not found. Do not start FileTimerServer."),
            (t2, g(t2, "I", "torch/distributed/elastic/agent/server/local_elastic_agent.py:216") + " Environment variable 'TORCHELASTIC_HEALTH_CHECK_PORT' not found. Do not start health check.")]
    return out, tid


def torchrun_fail_lines(t, node, failures, script, rng, tid, sigterm_pids=(), sigterm_t=None,
                        root=None, py="/usr/bin/python"):
    """failures: list of (local, time, exitcode, traceback_str, error_file)"""
    g = lambda tt, lvl, src: glog(tt, lvl, tid, src)
    out = []
    st = sigterm_t or t
    for pid in sigterm_pids:
        out.append((st, g(st, "W", "torch/distributed/elastic/multiprocessing/api.py:858") + " Sending process %d closing signal SIGTERM" % pid))
    first = root or failures[0]
    out.append((t, g(t, "E", "torch/distributed/elastic/multiprocessing/api.py:833") +
                " failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (first[2], first[0], node.pid(first[0]), py)))
    body = ["Traceback (most recent call last):",
            '  File "/usr/local/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
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
    others = [f for f in failures if f is not first]
    if not others:
        body.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others, 1):
        body += ["[%d]:" % i] + _fail_entry(node, f)
    body += ["------------------------------------------------------------",
             "Root Cause (first observed failure):",
             "[0]:"] + _fail_entry(node, first)
    body.append("============================================================")
    tt = t + dt.timedelta(milliseconds=rng.randint(200, 600))
    out += [(tt, ln) for ln in body]
    return out


def _fail_entry(node, f):
    local, when, code, tb, efile = f
    sigs = {-6: "Signal 6 (SIGABRT)", -9: "Signal 9 (SIGKILL)", -15: "Signal 15 (SIGTERM)", -11: "Signal 11 (SIGSEGV)"}
    if tb is None:
        tb = "%s received by PID %d" % (sigs.get(code, "Signal %d" % -code), node.pid(local)) if code < 0 else \
            "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
    lines = ["  time      : %s" % torch_ts(when),
             "  host      : %s" % node.host,
             "  rank      : %d (local_rank: %d)" % (node.rank(local), local),
             "  exitcode  : %d (pid: %d)" % (code, node.pid(local)),
             "  error_file: %s" % (efile or "<N/A>")]
    tbl = tb.split("\n")
    lines.append("  traceback : %s" % tbl[0])
    lines += ["  " + x for x in tbl[1:]]
    return lines


def render(events):
    """events: list of (time, line) -> sorted list of lines (stable)."""
    idx = sorted(range(len(events)), key=lambda i: (events[i][0], i))
    return [events[i][1] for i in idx]


def add(events, t, lines):
    for ln in lines:
        events.append((t, ln))


def sacct(jobid, name, nodes_expr, n, start, end, state, exitcode, elapsed=None, user="mlops"):
    el = elapsed or str(end - start).split(".")[0]
    if "day" in el:
        d, rest = el.split(" day")
        rest = rest.split(", ")[-1]
        el = "%s-%s" % (d.strip(), rest.zfill(8))
    out = ["JobID           JobName    Partition      User  AllocNodes    Elapsed               Start                 End      State ExitCode        NodeList",
           "------------ ---------- ---------- --------- ---------- ---------- ------------------- ------------------- ---------- -------- ---------------"]
    out.append("%-12s %10s %10s %9s %10d %10s %19s %19s %10s %8s %s" % (
        jobid, name[:10], "h100", user, n, el, start.strftime("%Y-%m-%dT%H:%M:%S"),
        end.strftime("%Y-%m-%dT%H:%M:%S"), state, exitcode, nodes_expr))
    out.append("%-12s %10s %10s %9s %10d %10s %19s %19s %10s %8s %s" % (
        jobid + ".batch", "batch", "", "", 1, el, start.strftime("%Y-%m-%dT%H:%M:%S"),
        end.strftime("%Y-%m-%dT%H:%M:%S"), state if state != "TIMEOUT" else "CANCELLED", exitcode, nodes_expr.split(",")[0]))
    out.append("%-12s %10s %10s %9s %10d %10s %19s %19s %10s %8s %s" % (
        jobid + ".0", "torchrun", "", "", n, el, (start + sec(4)).strftime("%Y-%m-%dT%H:%M:%S"),
        end.strftime("%Y-%m-%dT%H:%M:%S"), state if state not in ("TIMEOUT",) else "CANCELLED", exitcode, nodes_expr))
    return out


def free_g(total=2015, used=180, shared=12, cache=400):
    avail = total - used - shared
    return ["               total        used        free      shared  buff/cache   available",
            "Mem:           %4d        %4d        %4d          %2d        %4d        %4d" % (
                total, used, total - used - cache, shared, cache, avail),
            "Swap:              0           0           0"]


def timedatectl(t, tzname, abbrev, off):
    lt = t
    return ["               Local time: %s %s" % (lt.strftime("%a %Y-%m-%d %H:%M:%S"), abbrev),
            "           Universal time: %s UTC" % t.astimezone(UTC).strftime("%a %Y-%m-%d %H:%M:%S"),
            "                 RTC time: %s" % t.astimezone(UTC).strftime("%a %Y-%m-%d %H:%M:%S"),
            "                Time zone: %s (%s, %s)" % (tzname, abbrev, off),
            "System clock synchronized: yes",
            "              NTP service: active",
            "          RTC in local TZ: no"]


def megatron_iter(t, it, total, consumed, ms, tflops, lr, gbs, loss, gn, skipped=0, nan=0, scale=1.0):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size: %5d | "
            "lm loss: %.6E | loss scale: %.1f | grad norm: %.3f | number of skipped iterations: %3d | "
            "number of nan iterations: %3d |") % (t.strftime("%Y-%m-%d %H:%M:%S"), it, total, consumed, ms,
                                                  tflops, lr, gbs, loss, scale, gn, skipped, nan)
