"""Shared helpers for the corpus_set45 generator (stdlib only, deterministic).

Everything here is pure formatting: time stamps in the styles the different
tools print, kernel-log renderers, nvidia-smi -q, NCCL INFO blocks, torchrun
console fragments and training progress lines.  No current time is read.
"""
import datetime as _dt
import json
import os

# ---------------------------------------------------------------- time helpers


def T(y, mo, d, h=0, mi=0, s=0, us=0):
    return _dt.datetime(y, mo, d, h, mi, s, us)


def plus(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


def glog(level, t, tid, src):
    """glog / c10 style prefix used by torch <= 2.4 elastic and c10d:  E0312 09:12:44.081233 140.. file:line]"""
    return f"{level}{t:%m%d %H:%M:%S}.{t.microsecond:06d} {tid} {src}]"


def glog_ms(level, t, tid, src):
    """torch elastic >= 2.1 logger: microseconds are milliseconds padded with 000."""
    return f"{level}{t:%m%d %H:%M:%S}.{(t.microsecond // 1000) * 1000:06d} {tid} {src}]"


def c10(level, t, src, nanos_extra=0):
    """torch >= 2.3 c10 logging: [E626 05:06:30.929096625 ProcessGroupNCCL.cpp:632]"""
    ns = t.microsecond * 1000 + ((nanos_extra or (t.microsecond * 7919 + t.second * 104729)) % 1000)
    return f"[{level}{t.month}{t.day:02d} {t:%H:%M:%S}.{ns:09d} {src}]"


def c10_old(level, src):
    """torch <= 2.1 c10 logging without time: [E ProcessGroupNCCL.cpp:455]"""
    return f"[{level} {src}]"


def pyts(t):
    return f"{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}"


def pyts_dot(t):
    return f"{t:%Y-%m-%d %H:%M:%S}.{t.microsecond // 1000:03d}"


def iso(t, tz="+00:00"):
    return f"{t:%Y-%m-%dT%H:%M:%S}.{t.microsecond:06d}{tz}"


def iso_z(t):
    return f"{t:%Y-%m-%dT%H:%M:%S}.{t.microsecond // 1000:03d}Z"


def dmesg_T(t):
    return f"[{t:%a %b} {t.day:2d} {t:%H:%M:%S %Y}]"


def syslog_ts(t):
    return f"{t:%b} {t.day:2d} {t:%H:%M:%S}"


def uptime_stamp(sec):
    whole = int(sec)
    frac = int(round((sec - whole) * 1_000_000))
    if frac >= 1_000_000:
        whole += 1
        frac -= 1_000_000
    return f"[{whole:5d}.{frac:06d}]"


def hms(t):
    return f"{t:%H:%M:%S}"


# ---------------------------------------------------------------- kernel log model


class KEvent:
    __slots__ = ("t", "src", "msg")

    def __init__(self, t, msg, src="kernel"):
        self.t = t
        self.src = src
        self.msg = msg


def kev(t, msg, src="kernel"):
    return KEvent(t, msg, src)


def sort_events(evs):
    return sorted(evs, key=lambda e: e.t)


def render_dmesg_T(evs):
    out = []
    for e in sort_events(evs):
        if e.src != "kernel":
            continue
        out.append(f"{dmesg_T(e.t)} {e.msg}")
    return "\n".join(out) + "\n"


def render_dmesg_raw(evs, boot):
    out = []
    for e in sort_events(evs):
        if e.src != "kernel":
            continue
        sec = (e.t - boot).total_seconds()
        out.append(f"{uptime_stamp(sec)} {e.msg}")
    return "\n".join(out) + "\n"


def render_journal_k(evs, host):
    out = []
    for e in sort_events(evs):
        if e.src != "kernel":
            continue
        out.append(f"{syslog_ts(e.t)} {host} kernel: {e.msg}")
    return "\n".join(out) + "\n"


def render_syslog(evs, host):
    out = []
    for e in sort_events(evs):
        out.append(f"{syslog_ts(e.t)} {host} {e.src}: {e.msg}")
    return "\n".join(out) + "\n"


def render_journal_iso(evs, host):
    out = []
    for e in sort_events(evs):
        out.append(f"{iso(e.t)} {host} {e.src}: {e.msg}")
    return "\n".join(out) + "\n"


GPU_BUSES_8 = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
GPU_BUSES_ALT = ["0f", "15", "50", "53", "9b", "a0", "c8", "cb"]
GPU_BUSES_DGX = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]


def boot_events(boot, host, rng, driver="535.129.03", kernel="5.15.0-97-generic", gpus=8,
                buses=None, nics=("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"), lustre=None, nfs=None,
                cpu="Intel(R) Xeon(R) Platinum 8480+", mem_gb=2048, cpu_only=False):
    """~50-80 realistic boot lines, uptime 0 .. ~95 s."""
    buses = buses or GPU_BUSES_8
    ev = []

    def at(sec, msg, src="kernel"):
        ev.append(kev(plus(boot, sec), msg, src))

    kd = boot - _dt.timedelta(days=30 + (sum(map(ord, kernel)) % 60))
    if ".el" in kernel:
        banner = f"(mockbuild@x86-vm-07.build.eng.bos.redhat.com) (gcc (GCC) 8.5.0 20210514 (Red Hat 8.5.0-18), GNU ld version 2.30-119.el8) #1 SMP {kd:%a %b} {kd.day} 09:12:48 EDT {kd.year}"
    elif kernel.endswith("-amd64"):
        banner = f"(debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 ({kd:%Y-%m-%d})"
    elif "amzn" in kernel:
        banner = f"(mockbuild@ip-10-0-61-152) (gcc (GCC) 11.4.1 20230605 (Red Hat 11.4.1-2), GNU ld version 2.39-6.amzn2023.0.10) #1 SMP PREEMPT_DYNAMIC {kd:%a %b} {kd.day} 18:15:08 UTC {kd.year}"
    elif "cray" in kernel:
        banner = f"(geeko@buildhost) (gcc (SUSE Linux) 7.5.0, GNU ld (GNU Binutils; SUSE Linux Enterprise 15) 2.39.0.20220810-150100.7.40) #1 SMP {kd:%a %b} {kd.day} 18:02:11 UTC {kd.year}"
    elif ".al8" in kernel:
        banner = f"(mockbuild@alinux-build) (gcc (GCC) 10.2.1 20200825 (Alibaba 10.2.1-3 2.32), GNU ld version 2.35-5.0.1.al8) #1 SMP {kd:%a %b} {kd.day} 11:20:17 CST {kd.year}"
    else:
        banner = f"(buildd@lcy02-amd64-032) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #107-Ubuntu SMP {kd:%a %b} {kd.day} 14:20:11 UTC {kd.year}"
    at(0.000000, f"Linux version {kernel} {banner}")
    at(0.000000, f"Command line: BOOT_IMAGE=/vmlinuz-{kernel} root=UUID=3c1f6a2e-8d41-4c55-9f0b-7c2a1c0f9e11 ro console=ttyS0,115200n8 pci=realloc=off iommu=pt amd_iommu=on intel_iommu=on")
    at(0.000000, "KERNEL supported cpus:")
    at(0.000000, "  Intel GenuineIntel")
    at(0.000000, "  AMD AuthenticAMD")
    at(0.000000, "BIOS-provided physical RAM map:")
    at(0.000000, "BIOS-e820: [mem 0x0000000000000000-0x000000000009ffff] usable")
    at(0.000000, "BIOS-e820: [mem 0x0000000000100000-0x000000005f8fefff] usable")
    at(0.000000, "DMI: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 11/03/2023")
    at(0.000000, "tsc: Detected 2000.000 MHz processor")
    at(0.012311, f"Memory: {mem_gb * 1024 * 1024 - 31457280}K/{mem_gb * 1024 * 1024}K available (20480K kernel code, 4412K rwdata, 14204K rodata, 4772K init, 17416K bss, 31457280K reserved, 0K cma-reserved)")
    at(0.160211, f"smpboot: CPU0: {cpu} (family: 0x6, model: 0x8f, stepping: 0x8)")
    at(0.311402, "smp: Brought up 2 nodes, 224 CPUs")
    at(0.421981, "ACPI: PCI Root Bridge [PC00] (domain 0000 [bus 00-15])")
    at(1.103342, "EDAC MC0: Giving out device to module i10nm_edac controller Intel_10nm Socket#0 IMC#0: DEV 0000:7e:0c.0 (INTERRUPT)")
    at(1.103562, "EDAC MC1: Giving out device to module i10nm_edac controller Intel_10nm Socket#0 IMC#1: DEV 0000:7e:0d.0 (INTERRUPT)")
    at(1.871201, "MCE: In-kernel MCE decoding enabled.")
    at(2.441800, "nvme nvme0: pci function 0000:c1:00.0")
    at(2.512001, "nvme nvme0: 64/0/0 default/read/poll queues")
    at(2.520915, " nvme0n1: p1 p2 p3")
    at(4.900183, "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.")
    at(6.221003, "systemd[1]: systemd 249.11-0ubuntu3.12 running in system mode (+PAM +AUDIT +SELINUX +APPARMOR +IMA +SMACK +SECCOMP +GCRYPT +GNUTLS +OPENSSL +ACL +BLKID +CURL +ELFUTILS +FIDO2 +IDN2 -IDN +IPTC +KMOD +LIBCRYPTSETUP +LIBFDISK +PCRE2 -PWQUALITY -P11KIT -QRENCODE +BZIP2 +LZ4 +XZ +ZLIB +ZSTD -XKBCOMMON +UTMP +SYSVINIT default-hierarchy=unified)")
    at(6.230551, f"systemd[1]: Set hostname to <{host}>.")
    if not cpu_only:
        for i, nic in enumerate(nics):
            pci = ["0c", "1c", "8c", "9c"][i % 4]
            at(9.51 + i * 0.21, f"mlx5_core 0000:{pci}:00.0: firmware version: 28.39.1002")
            at(9.52 + i * 0.21, f"mlx5_core 0000:{pci}:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)")
            at(10.91 + i * 0.19, f"mlx5_core 0000:{pci}:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 97656Mbps")
            at(11.31 + i * 0.17, f"mlx5_core 0000:{pci}:00.0: E-Switch: Total vports 2, per vport: max uc(128) max mc(2048)")
            at(12.02 + i * 0.13, f"mlx5_core 0000:{pci}:00.0: mlx5_pcie_event:301:(pid {700 + i * 3}): PCIe slot advertised sufficient power (75W).")
        at(13.450112, "ib_srp: ib_srp: Initializing")
        at(21.338105, f"nvidia: module license 'NVIDIA' taints kernel.")
        at(21.338201, "Disabling lock debugging due to kernel taint")
        at(21.902244, "nvidia-nvlink: Nvlink Core is being initialized, major device number 508")
        for i in range(gpus):
            at(22.01 + i * 0.11, f"nvidia 0000:{buses[i]}:00.0: enabling device (0000 -> 0002)")
        bd = boot - _dt.timedelta(days=47 + (sum(map(ord, driver)) % 40))
        at(23.114731, f"NVRM: loading NVIDIA UNIX x86_64 Kernel Module  {driver}  {bd:%a %b} {bd.day:2d} 23:52:52 UTC {bd.year}")
        at(23.412556, "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  " + driver + f"  {bd:%a %b} {bd.day:2d} 23:09:17 UTC {bd.year}")
        at(23.990151, "[drm] [nvidia-drm] [GPU ID 0x00001800] Loading driver")
        at(24.511823, "nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint.")
        at(25.108412, "nvidia-uvm: Loaded the UVM driver, major device number 506.")
        at(31.772019, "nvidia_peermem: loading out-of-tree module taints kernel.")
        for i, nic in enumerate(nics):
            at(33.4 + i * 0.3, f"IPv6: ADDRCONF(NETDEV_CHANGE): ib{i}: link becomes ready")
    else:
        at(9.81, "ice 0000:31:00.0: The DDP package was successfully loaded: ICE OS Default Package version 1.3.30.0")
        at(10.40, "ice 0000:31:00.0: 126.024 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x8 link)")
        at(14.80, "ice 0000:31:00.0 ens1f0: NIC Link is up 100 Gbps Full Duplex, Requested FEC: RS-FEC, Negotiated FEC: RS-FEC, Autoneg Advertised: On, Autoneg Negotiated: False, Flow Control: None")
        at(14.83, "IPv6: ADDRCONF(NETDEV_CHANGE): ens1f0: link becomes ready")
    if lustre:
        at(41.117223, "Lustre: Lustre: Build Version: 2.15.3")
        at(41.402003, "LNet: Added LNI 10.10.%d.%d@o2ib [8/256/0/180]" % (rng.randint(1, 9), rng.randint(10, 250)))
        at(43.551201, f"Lustre: Mounted {lustre}-client")
    if nfs:
        at(40.221003, f"NFS: Registering the id_resolver key type")
        at(40.992117, f"FS-Cache: Netfs 'nfs' registered for caching")
    at(52.001127, f"audit: type=1400 audit({int((boot - _dt.datetime(1970, 1, 1)).total_seconds()) + 52}.112:2): apparmor=\"STATUS\" operation=\"profile_load\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid=1771 comm=\"apparmor_parser\"")
    at(61.218922, "loop0: detected capacity change from 0 to 8")
    at(77.511903, "br-9f21c4a1d3e2: port 1(veth2b1c0f3) entered blocking state")
    at(77.512010, "br-9f21c4a1d3e2: port 1(veth2b1c0f3) entered disabled state")
    at(77.600132, "device veth2b1c0f3 entered promiscuous mode")
    return ev


def run_noise(t0, t1, rng, host, n=8, cpu_only=False, kinds=None):
    """Benign kernel/syslog lines scattered between t0 and t1."""
    pool = [
        ("kernel", "perf: interrupt took too long (2514 > 2500), lowering kernel.perf_event_max_sample_rate to 79500"),
        ("kernel", "hrtimer: interrupt took 41287 ns"),
        ("systemd[1]", "Starting Daily apt download activities..."),
        ("systemd[1]", "apt-daily.service: Deactivated successfully."),
        ("systemd[1]", "Finished Daily apt download activities."),
        ("CRON[%d]" % rng.randint(20000, 90000), "(root) CMD (/usr/local/sbin/node_health.sh --quiet)"),
        ("systemd[1]", "Started Session %d of User slurm." % rng.randint(100, 900)),
        ("kernel", "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters."),
        ("systemd[1]", "Starting Cleanup of Temporary Directories..."),
        ("systemd[1]", "systemd-tmpfiles-clean.service: Deactivated successfully."),
        ("rsyslogd[1203]", "-- MARK --"),
        ("kernel", "audit: type=1400 audit(%d.%03d:%d): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd.daemon\" name=\"/proc/%d/mounts\" pid=%d comm=\"lxd\" requested_mask=\"r\" denied_mask=\"r\" fsuid=0 ouid=0" % (1709600000 + rng.randint(0, 99999), rng.randint(0, 999), rng.randint(100, 999), rng.randint(1000, 9999), rng.randint(1000, 9999))),
    ]
    if not cpu_only:
        pool += [
            ("nvidia-persistenced[1650]", "device 0000:%s:00.0 - persistence mode enabled." % rng.choice(GPU_BUSES_8)),
            ("kernel", "nvidia-nvswitch3: open (major=508)"),
            ("dcgm[2101]", "Updated field watches for group 2 (21 fields, 8 entities)"),
        ]
    if kinds:
        pool += kinds
    span = (t1 - t0).total_seconds()
    out = []
    for _ in range(n):
        src, msg = rng.choice(pool)
        out.append(kev(plus(t0, rng.uniform(0, span)), msg, src))
    return out


# ---------------------------------------------------------------- nvidia-smi -q


def smi_gpu(idx, bus, serial, uuid, product="NVIDIA H100 80GB HBM3", temp=38, mem_temp=45, power=112.4,
            power_cap=700.0, used_mib=1, total_mib=81559, util=0, procs=None, ecc=None, remap=None,
            events=None, sm_clock=1980, mem_clock=2619, pstate="P0", retired=None, xid=None):
    return dict(idx=idx, bus=bus, serial=serial, uuid=uuid, product=product, temp=temp, mem_temp=mem_temp,
                power=power, power_cap=power_cap, used=used_mib, total=total_mib, util=util, procs=procs or [],
                ecc=ecc or {}, remap=remap or {}, events=events or {}, sm=sm_clock, memclk=mem_clock,
                pstate=pstate, retired=retired, xid=xid)


def render_smi_q(ts, driver, cuda, gpus, header_host=None):
    L = []
    L.append("")
    L.append("==============NVSMI LOG==============")
    L.append("")
    L.append(f"Timestamp                                 : {ts:%a %b %d %H:%M:%S %Y}")
    L.append(f"Driver Version                            : {driver}")
    L.append(f"CUDA Version                              : {cuda}")
    L.append("")
    L.append(f"Attached GPUs                             : {len(gpus)}")
    for g in gpus:
        ev = {"Idle": "Not Active", "Applications Clocks Setting": "Not Active", "SW Power Cap": "Not Active",
              "HW Slowdown": "Not Active", "HW Thermal Slowdown": "Not Active", "HW Power Brake Slowdown": "Not Active",
              "Sync Boost": "Not Active", "SW Thermal Slowdown": "Not Active", "Display Clock Setting": "Not Active"}
        ev.update(g["events"])
        ecc = {"v_sram_c": 0, "v_sram_u": 0, "v_dram_c": 0, "v_dram_u": 0,
               "a_sram_c": 0, "a_sram_u": 0, "a_dram_c": 0, "a_dram_u": 0}
        ecc.update(g["ecc"])
        rm = {"corr": 0, "unc": 0, "pending": "No", "failure": "No",
              "hist": ["Max     : 2559 bank(s)", "High    : 0 bank(s)", "Partial : 0 bank(s)", "Low     : 0 bank(s)", "None    : 0 bank(s)"]}
        rm.update(g["remap"])
        L.append(f"GPU 00000000:{g['bus'].upper()}:00.0")
        L.append(f"    Product Name                          : {g['product']}")
        L.append("    Product Brand                         : NVIDIA")
        L.append("    Product Architecture                  : Hopper" if "H100" in g["product"] or "H200" in g["product"] else "    Product Architecture                  : Ampere")
        L.append("    Display Mode                          : Enabled")
        L.append("    Display Active                        : Disabled")
        L.append("    Persistence Mode                      : Enabled")
        L.append("    Addressing Mode                       : None")
        L.append("    MIG Mode")
        L.append("        Current                           : Disabled")
        L.append("        Pending                           : Disabled")
        L.append("    Accounting Mode                       : Disabled")
        L.append("    Accounting Mode Buffer Size           : 4000")
        L.append(f"    Serial Number                         : {g['serial']}")
        L.append(f"    GPU UUID                              : {g['uuid']}")
        L.append(f"    Minor Number                          : {g['idx']}")
        L.append("    VBIOS Version                         : 96.00.74.00.0D")
        L.append("    MultiGPU Board                        : No")
        L.append("    GPU Part Number                       : 2330-885-A1")
        L.append("    PCI")
        L.append(f"        Bus                               : 0x{g['bus'].upper()}")
        L.append("        Device                            : 0x00")
        L.append("        Domain                            : 0x0000")
        L.append(f"        Bus Id                            : 00000000:{g['bus'].upper()}:00.0")
        L.append("        GPU Link Info")
        L.append("            PCIe Generation")
        L.append("                Max                       : 5")
        L.append("                Current                   : 5")
        L.append("            Link Width")
        L.append("                Max                       : 16x")
        L.append("                Current                   : 16x")
        L.append("        Replays Since Reset               : 0")
        L.append("    Fan Speed                             : N/A")
        L.append(f"    Performance State                     : {g['pstate']}")
        L.append("    Clocks Event Reasons")
        for k in ["Idle", "Applications Clocks Setting", "SW Power Cap", "HW Slowdown", "HW Thermal Slowdown",
                  "HW Power Brake Slowdown", "Sync Boost", "SW Thermal Slowdown", "Display Clock Setting"]:
            L.append(f"        {k:<34}: {ev[k]}")
        L.append("    FB Memory Usage")
        L.append(f"        Total                             : {g['total']} MiB")
        L.append("        Reserved                          : 559 MiB")
        L.append(f"        Used                              : {g['used']} MiB")
        L.append(f"        Free                              : {g['total'] - 559 - g['used']} MiB")
        L.append("    Compute Mode                          : Default")
        L.append("    Utilization")
        L.append(f"        Gpu                               : {g['util']} %")
        L.append(f"        Memory                            : {max(0, g['util'] // 3)} %")
        L.append("    ECC Mode")
        L.append("        Current                           : Enabled")
        L.append("        Pending                           : Enabled")
        L.append("    ECC Errors")
        L.append("        Volatile")
        L.append(f"            SRAM Correctable              : {ecc['v_sram_c']}")
        L.append(f"            SRAM Uncorrectable Parity     : {ecc['v_sram_u']}")
        L.append("            SRAM Uncorrectable SEC-DED    : 0")
        L.append(f"            DRAM Correctable              : {ecc['v_dram_c']}")
        L.append(f"            DRAM Uncorrectable            : {ecc['v_dram_u']}")
        L.append("        Aggregate")
        L.append(f"            SRAM Correctable              : {ecc['a_sram_c']}")
        L.append(f"            SRAM Uncorrectable Parity     : {ecc['a_sram_u']}")
        L.append("            SRAM Uncorrectable SEC-DED    : 0")
        L.append(f"            DRAM Correctable              : {ecc['a_dram_c']}")
        L.append(f"            DRAM Uncorrectable            : {ecc['a_dram_u']}")
        L.append("    Retired Pages")
        L.append("        Single Bit ECC                    : N/A")
        L.append("        Double Bit ECC                    : N/A")
        L.append("        Pending Page Blacklist            : N/A")
        L.append("    Remapped Rows")
        L.append(f"        Correctable Error                 : {rm['corr']}")
        L.append(f"        Uncorrectable Error               : {rm['unc']}")
        L.append(f"        Pending                           : {rm['pending']}")
        L.append(f"        Remapping Failure Occurred        : {rm['failure']}")
        L.append("        Bank Remap Availability Histogram")
        for h in rm["hist"]:
            L.append(f"            {h}")
        L.append("    Temperature")
        L.append(f"        GPU Current Temp                  : {g['temp']} C")
        L.append("        GPU T.Limit Temp                  : 47 C")
        L.append("        GPU Shutdown T.Limit Temp         : -8 C")
        L.append("        GPU Slowdown T.Limit Temp         : -2 C")
        L.append("        GPU Max Operating T.Limit Temp    : 0 C")
        L.append("        GPU Target Temperature            : N/A")
        L.append(f"        Memory Current Temp               : {g['mem_temp']} C")
        L.append("        Memory Max Operating T.Limit Temp : 0 C")
        L.append("    GPU Power Readings")
        L.append(f"        Power Draw                        : {g['power']:.2f} W")
        L.append(f"        Current Power Limit               : {g['power_cap']:.2f} W")
        L.append(f"        Requested Power Limit             : {g['power_cap']:.2f} W")
        L.append(f"        Default Power Limit               : {g['power_cap']:.2f} W")
        L.append("        Min Power Limit                   : 200.00 W")
        L.append(f"        Max Power Limit                   : {g['power_cap']:.2f} W")
        L.append("    Clocks")
        L.append(f"        Graphics                          : {g['sm']} MHz")
        L.append(f"        SM                                : {g['sm']} MHz")
        L.append(f"        Memory                            : {g['memclk']} MHz")
        L.append("        Video                             : 1755 MHz")
        L.append("    Max Clocks")
        L.append("        Graphics                          : 1980 MHz")
        L.append("        SM                                : 1980 MHz")
        L.append("        Memory                            : 2619 MHz")
        L.append("        Video                             : 1755 MHz")
        L.append("    Processes")
        if not g["procs"]:
            L.append("        None")
        for p in g["procs"]:
            L.append("        GPU instance ID                   : N/A")
            L.append("        Compute instance ID               : N/A")
            L.append(f"        Process ID                        : {p[0]}")
            L.append("            Type                          : C")
            L.append(f"            Name                          : {p[1]}")
            L.append(f"            Used GPU Memory               : {p[2]} MiB")
        L.append("")
    return "\n".join(L) + "\n"


def uuid_for(rng):
    h = "%032x" % rng.getrandbits(128)
    return f"GPU-{h[0:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"


def serial_for(rng):
    return "16523%08d" % rng.randint(0, 99999999)


# ---------------------------------------------------------------- NCCL INFO


def nccl_init_block(host, pid, tid, dev, rank, nranks, ip, ifname="ib0", version="2.18.5+cuda12.2",
                    net="IB", hcas=("mlx5_0:1", "mlx5_1:1", "mlx5_2:1", "mlx5_3:1"), bus="18000",
                    comm="0x55d1c3a7e2f0", commid="0x7f2ad4c81e3b9a05", plugin_notice=True, nchan=4,
                    cuda_driver="12020", local_size=8, short=False):
    p = f"{host}:{pid}:{pid} [{dev}]"
    q = f"{host}:{pid}:{tid} [{dev}]"
    L = []
    if dev == 0 or not short:
        L.append(f"{p} NCCL INFO Bootstrap : Using {ifname}:{ip}<0>")
        if plugin_notice:
            L.append(f"{p} NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation")
        L.append(f"{p} NCCL INFO cudaDriverVersion {cuda_driver}")
    if dev == 0:
        L.append(f"NCCL version {version}")
    if net == "IB":
        hl = " ".join(f"[{i}]{h}/IB" for i, h in enumerate(hcas))
        L.append(f"{q} NCCL INFO NET/IB : Using {hl} ; OOB {ifname}:{ip}<0>")
    else:
        L.append(f"{q} NCCL INFO NET/Socket : Using [0]{ifname}:{ip}<0>")
    L.append(f"{q} NCCL INFO Using network {net}")
    L.append(f"{q} NCCL INFO comm {comm} rank {rank} nranks {nranks} cudaDev {dev} nvmlDev {dev} busId {bus} commId {commid} - Init START")
    L.append(f"{q} NCCL INFO Setting affinity for GPU {dev} to {'ffffffff,ffffffff' if dev < local_size // 2 else 'ffffffff,ffffffff,00000000,00000000'}")
    if not short:
        nxt = (rank + 1) % nranks
        prv = (rank - 1) % nranks
        L.append(f"{q} NCCL INFO Trees [0] {nxt}/-1/-1->{rank}->{prv} [1] {nxt}/-1/-1->{rank}->{prv} [2] {nxt}/-1/-1->{rank}->{prv} [3] {nxt}/-1/-1->{rank}->{prv}")
        L.append(f"{q} NCCL INFO P2P Chunksize set to 524288")
        for c in range(nchan):
            if (rank + 1) % local_size == 0:
                L.append(f"{q} NCCL INFO Channel {c:02d}/0 : {rank}[{bus}] -> {nxt}[18000] [send] via NET/{net}/{c % len(hcas)}")
            else:
                L.append(f"{q} NCCL INFO Channel {c:02d}/0 : {rank}[{bus}] -> {nxt}[{bus}] via P2P/IPC")
        L.append(f"{q} NCCL INFO Connected all rings")
        L.append(f"{q} NCCL INFO Connected all trees")
        L.append(f"{q} NCCL INFO threadThresholds 8/8/64 | {nranks * 8}/8/64 | 512 | 512")
        L.append(f"{q} NCCL INFO {nchan * 4} coll channels, 0 nvls channels, {nchan * 4} p2p channels, 2 p2p channels per peer")
    L.append(f"{q} NCCL INFO comm {comm} rank {rank} nranks {nranks} cudaDev {dev} nvmlDev {dev} busId {bus} commId {commid} - Init COMPLETE")
    return L


# ---------------------------------------------------------------- torchrun / elastic


OMP_BANNER = ["*****************************************",
              "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
              "*****************************************"]


def torchrun_banner(style, t=None, pid=None):
    if style == "old":
        return ["WARNING:torch.distributed.run:"] + OMP_BANNER
    if style in ("mid", "new"):
        src = "torch/distributed/run.py:757" if style == "mid" else "site-packages/torch/distributed/run.py:793"
        tid = pid
        out = [f"{glog_ms('W', t, tid, src)} "]
        for b in OMP_BANNER:
            out.append(f"{glog_ms('W', t, tid, src)} {b}")
        return out
    return [""] + OMP_BANNER


def elastic(style, level, t, pid, mod, line, msg):
    """One elastic agent log line in the style of a torch version."""
    lvlname = {"W": "WARNING", "E": "ERROR", "I": "INFO"}[level]
    if style == "old":
        dotted = "torch.distributed.elastic." + mod.replace("/", ".").replace(".py", "")
        return f"{lvlname}:{dotted}:{msg}"
    if style == "mid":
        return f"{glog_ms(level, t, pid, 'torch/distributed/elastic/' + mod + ':' + str(line))} {msg}"
    return f"{glog_ms(level, t, pid, 'site-packages/torch/distributed/elastic/' + mod + ':' + str(line))} {msg}"


def elastic_tb(pyprefix, torch_ver, style="new", site=None, signal_exc=None):
    """The torchrun-side traceback that ends in ChildFailedError (or SignalException if signal_exc is given)."""
    if site is None:
        pyv = {"new": "3.11", "mid": "3.10", "old": "3.8"}[style]
        site = f"{pyprefix}/lib/python{pyv}/site-packages"
    carets = style == "new" and "python3.11" in site
    L = ["Traceback (most recent call last):",
         f"  File \"{pyprefix}/bin/torchrun\", line {8 if style == 'new' else 33}, in <module>"]
    if style == "new":
        L.append("    sys.exit(main())")
        if carets:
            L.append("             ^^^^^^")
    else:
        L.append(f"    sys.exit(load_entry_point('torch=={torch_ver}', 'console_scripts', 'torchrun')())")
    ln = {"new": (355, 919, 910, 138, 269, 260), "mid": (347, 812, 803, 135, 268, 255), "old": (346, 762, 753, 132, 246, 237)}[style]
    L.append(f"  File \"{site}/torch/distributed/elastic/multiprocessing/errors/__init__.py\", line {ln[0]}, in wrapper")
    L.append("    return f(*args, **kwargs)")
    if carets:
        L.append("           ^^^^^^^^^^^^^^^^^^")
    L.append(f"  File \"{site}/torch/distributed/run.py\", line {ln[1]}, in main")
    L.append("    run(args)")
    L.append(f"  File \"{site}/torch/distributed/run.py\", line {ln[2]}, in run")
    L.append("    elastic_launch(")
    L.append(f"  File \"{site}/torch/distributed/launcher/api.py\", line {ln[3]}, in __call__")
    L.append("    return launch_agent(self._config, self._entrypoint, list(args))")
    if carets:
        L.append("           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^")
    if signal_exc is None:
        L.append(f"  File \"{site}/torch/distributed/launcher/api.py\", line {ln[4]}, in launch_agent")
        L.append("    raise ChildFailedError(")
        L.append("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    else:
        L.append(f"  File \"{site}/torch/distributed/launcher/api.py\", line {ln[5]}, in launch_agent")
        L.append("    result = agent.run()")
        L.append(f"  File \"{site}/torch/distributed/elastic/metrics/api.py\", line 124, in wrapper")
        L.append("    result = f(*args, **kwargs)")
        L.append(f"  File \"{site}/torch/distributed/elastic/agent/server/api.py\", line 727, in run")
        L.append("    result = self._invoke_run(role)")
        L.append(f"  File \"{site}/torch/distributed/elastic/agent/server/api.py\", line 875, in _invoke_run")
        L.append("    time.sleep(monitor_interval)")
        L.append(f"  File \"{site}/torch/distributed/elastic/multiprocessing/api.py\", line 79, in _terminate_process_handler")
        L.append("    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)")
        L.append(f"torch.distributed.elastic.multiprocessing.api.SignalException: {signal_exc}")
    return L


def child_failed_box(script, root, others=()):
    """root/others: dict(time=str, host, rank, local_rank, exitcode, pid, signal=None)"""
    def entry(i, f):
        out = [f"[{i}]:",
               f"  time      : {f['time']}",
               f"  host      : {f['host']}",
               f"  rank      : {f['rank']} (local_rank: {f['local_rank']})",
               f"  exitcode  : {f['exitcode']} (pid: {f['pid']})",
               "  error_file: <N/A>"]
        if f.get("signal"):
            out.append(f"  traceback : Signal {f['signal']} received by PID {f['pid']}")
        else:
            out.append("  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
        return out

    L = ["============================================================",
         f"{script} FAILED",
         "------------------------------------------------------------",
         "Failures:"]
    if not others:
        L.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others, 1):
        L += entry(i, f)
    L.append("------------------------------------------------------------")
    L.append("Root Cause (first observed failure):")
    L += entry(0, root)
    L.append("============================================================")
    return L


def box_time(t):
    return f"{t:%Y-%m-%d_%H:%M:%S}"


def rendezvous_result(style, t, pid, restart, master, port, group_rank, gws, local_ranks, global_ranks, world):
    src = "agent/server/api.py"
    ln = 553 if style == "new" else 525
    rows = ["[default] Rendezvous complete for workers. Result:",
            f"  restart_count={restart}",
            f"  master_addr={master}",
            f"  master_port={port}",
            f"  group_rank={group_rank}",
            f"  group_world_size={gws}",
            f"  local_ranks={local_ranks}",
            f"  role_ranks={global_ranks}",
            f"  global_ranks={global_ranks}",
            f"  role_world_sizes={[world] * len(local_ranks)}",
            f"  global_world_sizes={[world] * len(local_ranks)}",
            ""]
    return [elastic(style, "I", t, pid, src, ln, r) for r in rows]


def launch_config(style, t, pid, entry, nnodes, nproc, run_id, endpoint, max_restarts, log_dir, backend="c10d"):
    src = "launcher/api.py"
    rows = ["Starting elastic_operator with launch configs:",
            f"  entrypoint       : {entry}",
            f"  min_nodes        : {nnodes}",
            f"  max_nodes        : {nnodes}",
            f"  nproc_per_node   : {nproc}",
            f"  run_id           : {run_id}",
            f"  rdzv_backend     : {backend}",
            f"  rdzv_endpoint    : {endpoint}",
            "  rdzv_configs     : {'timeout': 900}",
            f"  max_restarts     : {max_restarts}",
            "  monitor_interval : 0.1",
            f"  log_dir          : {log_dir}",
            "  metrics_cfg      : {}",
            ""]
    return [f"{glog_ms('I', t, pid, ('site-packages/torch/distributed/' if style == 'new' else 'torch/distributed/') + 'launcher/api.py:188')} {r}" for r in rows]


# ---------------------------------------------------------------- tracebacks


def tb(frames, exc_lines, prefix="", carets=False):
    """frames: list of (file, line, func, code)."""
    L = [f"{prefix}Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        L.append(f"{prefix}  File \"{f}\", line {ln}, in {fn}")
        if code is not None:
            L.append(f"{prefix}    {code}")
            if carets:
                pass
    if isinstance(exc_lines, str):
        exc_lines = [exc_lines]
    for e in exc_lines:
        L.append(f"{prefix}{e}")
    return L


def cpp_frames(lib_prefix, frames):
    """c10 style 'frame #N: sym + 0x.. (0x.. in lib)' lines."""
    out = []
    for i, (sym, off, addr, lib) in enumerate(frames):
        out.append(f"frame #{i}: {sym} + {off} ({addr} in {lib_prefix}/{lib})")
    return out


def cuda_error_frames(lib_prefix, base=0x7f3a1c):
    return cpp_frames(lib_prefix, [
        ("c10::Error::Error(c10::SourceLocation, std::string)", "0x57", hex(base * 0x100000 + 0x6d8d7), "libc10.so"),
        ("c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&)", "0x64", hex(base * 0x100000 + 0x6736b), "libc10.so"),
        ("c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool)", "0x118", hex(base * 0x100000 + 0x183b58), "libc10_cuda.so"),
        ("c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const", "0x6e", hex(base * 0x100000 + 0xa91c3e), "libtorch_cuda.so"),
        ("c10d::ProcessGroupNCCL::WorkNCCL::isCompleted()", "0x58", hex(base * 0x100000 + 0xa95f38), "libtorch_cuda.so"),
        ("c10d::ProcessGroupNCCL::watchdogHandler()", "0x2e2", hex(base * 0x100000 + 0xa9ad12), "libtorch_cuda.so"),
        ("c10d::ProcessGroupNCCL::ncclCommWatchdog()", "0x12c", hex(base * 0x100000 + 0xa9c7fc), "libtorch_cuda.so"),
        ("<unknown function>", "0xdc253", hex(base * 0x100000 + 0x4dc253), "libstdc++.so.6"),
        ("<unknown function>", "0x94ac3", hex(base * 0x100000 + 0x294ac3), "libc.so.6"),
        ("<unknown function>", "0x126850", hex(base * 0x100000 + 0x326850), "libc.so.6"),
    ])


def watchdog_frames(lib_prefix, base=0x7f51a0):
    return cpp_frames(lib_prefix, [
        ("c10::Error::Error(c10::SourceLocation, std::string)", "0x57", hex(base * 0x100000 + 0x6d8d7), "libc10.so"),
        ("c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >)", "0x1e6", hex(base * 0x100000 + 0xa92bf6), "libtorch_cuda.so"),
        ("c10d::ProcessGroupNCCL::watchdogHandler()", "0x19d", hex(base * 0x100000 + 0xa9abcd), "libtorch_cuda.so"),
        ("c10d::ProcessGroupNCCL::ncclCommWatchdog()", "0x12c", hex(base * 0x100000 + 0xa9c7fc), "libtorch_cuda.so"),
        ("<unknown function>", "0xdc253", hex(base * 0x100000 + 0x4dc253), "libstdc++.so.6"),
        ("<unknown function>", "0x94ac3", hex(base * 0x100000 + 0x294ac3), "libc.so.6"),
        ("<unknown function>", "0x126850", hex(base * 0x100000 + 0x326850), "libc.so.6"),
    ])


def watchdog_timeout_lines(ver, t, rank, seq, op, timeout_ms, ran_ms, numel=None, lib_prefix=None, pg="0 (default_pg)",
                           last_enq=None, last_done=None, prefix_rank=True, with_frames=True):
    """NCCL watchdog timeout output in the flavour of a torch version: '2.0', '2.1', '2.3', '2.4', '2.5'."""
    L = []
    if ver in ("1.13", "2.0", "2.1"):
        L.append(f"[E ProcessGroupNCCL.cpp:{828 if ver != '2.1' else 475}] [Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out.")
        L.append(f"[E ProcessGroupNCCL.cpp:{455 if ver != '2.1' else 489}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.")
        L.append(f"[E ProcessGroupNCCL.cpp:{460 if ver != '2.1' else 495}] To avoid data inconsistency, we are taking the entire process down.")
        L.append("terminate called after throwing an instance of 'std::runtime_error'")
        L.append(f"  what():  [Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out.")
        return L
    pre = f"[rank{rank}]:" if prefix_rank else ""
    numel_s = f", NumelIn={numel}, NumelOut={numel}" if numel else ""
    wd = f"[PG {pg} Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}{numel_s}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out."
    if ver in ("2.2", "2.3"):
        wd = f"[Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}{numel_s}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out."
    le = last_enq if last_enq is not None else seq
    ld = last_done if last_done is not None else seq - 1
    L.append(f"{pre}{c10('E', t, 'ProcessGroupNCCL.cpp:616')} {wd}")
    L.append(f"{pre}{c10('E', plus(t, 0.000031), 'ProcessGroupNCCL.cpp:1785')} [PG {pg} Rank {rank}] Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {le}, last completed NCCL work: {ld}.")
    L.append(f"{pre}{c10('E', plus(t, 0.000045), 'ProcessGroupNCCL.cpp:1834')} [PG {pg} Rank {rank}] Timeout at NCCL work: {seq}, last enqueued NCCL work: {le}, last completed NCCL work: {ld}.")
    L.append(f"{pre}{c10('E', plus(t, 0.000051), 'ProcessGroupNCCL.cpp:630')} [Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.")
    L.append(f"{pre}{c10('E', plus(t, 0.000058), 'ProcessGroupNCCL.cpp:636')} [Rank {rank}] To avoid data inconsistency, we are taking the entire process down.")
    L.append(f"{pre}{c10('E', plus(t, 0.000412), 'ProcessGroupNCCL.cpp:1595')} [PG {pg} Rank {rank}] Process group watchdog thread terminated with exception: {wd}")
    if with_frames and lib_prefix:
        L.append(f"Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):")
        L += watchdog_frames(lib_prefix)
        L.append("")
    L.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    L.append(f"  what():  {wd}")
    return L


# ---------------------------------------------------------------- training progress


def megatron_iter(t, it, total, consumed, ms, lr, gbs, loss, scale, gnorm, skipped=0, nan=0, ts=True):
    s = (f" iteration {it:8d}/{total:8d} | consumed samples: {consumed:12d} | elapsed time per iteration (ms): {ms:.1f} | "
         f"learning rate: {lr:.6E} | global batch size: {gbs:5d} | lm loss: {loss:.6E} | loss scale: {scale:.1f} | "
         f"grad norm: {gnorm:.3f} | number of skipped iterations: {skipped:3d} | number of nan iterations: {nan:3d} |")
    if ts:
        return f" [{t:%Y-%m-%d %H:%M:%S}]" + s
    return s


def ds_step(t, rank, step, skipped, lr, mom=(0.9, 0.95)):
    return f"[{pyts(t)}] [INFO] [logging.py:96:log_dist] [Rank {rank}] step={step}, skipped={skipped}, lr=[{lr:.10g}], mom=[{mom}]"


def ds_timer(t, epoch, micro, gstep, avg, cur, mem, maxmem):
    return (f"[{pyts(t)}] [INFO] [timer.py:260:stop] epoch={epoch}/micro_step={micro}/global_step={gstep}, "
            f"RunningAvgSamplesPerSec={avg}, CurrSamplesPerSec={cur}, MemAllocated={mem}GB, MaxMemAllocated={maxmem}GB")


def tqdm_bar(prefix, n, total, elapsed_s, rate, postfix="", width=20):
    frac = n / total if total else 0
    pct = int(frac * 100)
    full = int(frac * width)
    bar = "\u2588" * full + (" " * (width - full))
    rem = (total - n) / rate if rate > 0 else 0

    def fm(s):
        s = int(s)
        h, r = divmod(s, 3600)
        m, sec = divmod(r, 60)
        return f"{h}:{m:02d}:{sec:02d}" if h else f"{m:02d}:{sec:02d}"
    rs = f"{rate:.2f}it/s" if rate >= 1 else f"{1 / rate:.2f}s/it"
    pf = f", {postfix}" if postfix else ""
    return f"{prefix}{pct:3d}%|{bar}| {n}/{total} [{fm(elapsed_s)}<{fm(rem)}, {rs}{pf}]"


# ---------------------------------------------------------------- writing


class CaseWriter:
    def __init__(self, root, name):
        self.root = os.path.join(root, name)
        self.name = name
        self.files = []

    def file(self, rel, text):
        p = os.path.join(self.root, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        if isinstance(text, list):
            text = "\n".join(text) + "\n"
        with open(p, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        self.files.append(rel)

    def json(self, rel, obj):
        self.file(rel, json.dumps(obj, indent=2) + "\n")

    def label(self, category, layer, culprit, action, rationale, modelled_on):
        self.json("label.json", {"category": category, "layer": layer, "culprit": culprit,
                                 "action": action, "rationale": rationale, "modelled_on": modelled_on})

    def topology(self, topo):
        self.json("topology.json", {"topology": topo})


def render_smi_table(ts, driver, cuda, gpus, procs):
    """Classic `nvidia-smi` table. gpus: list of dict(idx, name, bus, temp, perf, pwr, cap, used, total, util).
    procs: list of (gpu, pid, type, name, mib)."""
    L = [f"{ts:%a %b %d %H:%M:%S %Y}       ",
         "+---------------------------------------------------------------------------------------+",
         f"| NVIDIA-SMI {driver:<22}Driver Version: {driver:<14}CUDA Version: {cuda:<9}|",
         "|-----------------------------------------+----------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                      |               MIG M. |",
         "|=========================================+======================+======================|"]
    for g in gpus:
        L.append(f"| {g['idx']:>3}  {g['name']:<24}On  | 00000000:{g['bus'].upper()}:00.0 Off |                    0 |")
        L.append(f"| N/A   {g['temp']:>2}C    {g['perf']:<3}{g['pwr']:>14}W / {g['cap']}W |  {g['used']:>6}MiB / {g['total']}MiB |    {g['util']:>3}%      Default |")
        L.append("|                                         |                      |             Disabled |")
        L.append("+-----------------------------------------+----------------------+----------------------+")
    L.append("")
    L.append("+---------------------------------------------------------------------------------------+")
    L.append("| Processes:                                                                            |")
    L.append("|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |")
    L.append("|        ID   ID                                                             Usage      |")
    L.append("|=======================================================================================|")
    for g, pid, typ, nm, mib in procs:
        L.append(f"|  {g:>4}   N/A  N/A  {pid:>9}      {typ}   {nm[:38]:<38}  {mib:>6}MiB |")
    L.append("+---------------------------------------------------------------------------------------+")
    return "\n".join(L) + "\n"
