"""Shared log-format helpers for corpus set 95 (standard library only).

Every helper is pure: it takes explicit datetimes / random.Random objects and
returns text, so the corpus is byte-for-byte reproducible.
"""
import sys

sys.dont_write_bytecode = True

import datetime as _dt

UTC = _dt.timezone.utc

# PCI bus numbers (hex, lower case) of the eight GPUs on a few common boards.
BUS_MAPS = {
    "dgx_h100": ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"],
    "dgx_a100": ["07", "0f", "47", "4e", "87", "90", "b7", "bd"],
    "hgx_smc": ["19", "3b", "4c", "5d", "9b", "bb", "cb", "db"],
    "hgx_dell": ["1b", "29", "45", "4d", "9c", "ac", "c3", "d1"],
    "p4d": ["10", "20", "90", "a0", "a1", "a2", "b0", "c0"],
    "a3": ["04", "05", "0a", "0b", "84", "85", "8a", "8b"],
}

# Root ports sitting above each GPU (used for AER lines).
ROOT_PORT = {
    "18": "16:01.0", "2a": "28:01.0", "3a": "38:01.0", "5d": "5b:01.0",
    "9a": "97:01.0", "ab": "a9:01.0", "ba": "b8:01.0", "db": "d9:01.0",
    "19": "17:02.0", "3b": "39:02.0", "4c": "4a:02.0", "9b": "99:02.0",
    "bb": "b9:02.0", "cb": "c9:02.0", "07": "05:01.0", "0f": "0d:01.0",
    "47": "45:01.0", "4e": "4c:01.0", "87": "85:01.0", "90": "8e:01.0",
    "b7": "b5:01.0", "bd": "bb:01.0", "1b": "19:01.0", "29": "27:01.0",
    "45": "43:01.0", "4d": "4b:01.0", "9c": "9a:01.0", "ac": "aa:01.0",
    "c3": "c1:01.0", "d1": "cf:01.0",
}

PRODUCTS = {
    "h100": ("NVIDIA H100 80GB HBM3", "Hopper", 81559, "2330", 700, 1980, 2619),
    "a100": ("NVIDIA A100-SXM4-80GB", "Ampere", 81920, "20b2", 400, 1410, 1593),
    "h200": ("NVIDIA H200", "Hopper", 143771, "2335", 700, 1980, 3201),
}


def dt(y, mo, d, h=0, mi=0, s=0, us=0):
    return _dt.datetime(y, mo, d, h, mi, s, us, tzinfo=UTC)


def add(t, seconds=0.0):
    return t + _dt.timedelta(seconds=seconds)


def iso(t, ms=True):
    if ms:
        return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03d" % (t.microsecond // 1000)
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def hms(t):
    return t.strftime("%H:%M:%S")


def pyts(t):
    """Python logging default: 2024-03-12 04:12:33,123"""
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def glog(t, level="E", nanos=None):
    """c10 glog prefix body: E0312 04:41:07.384372190"""
    frac = "%06d" % t.microsecond
    frac += "%03d" % (nanos if nanos is not None else (t.microsecond * 7) % 1000)
    return "%s%s %s.%s" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S"), frac)


def dmesg_T(t):
    return "[" + t.strftime("%a %b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S %Y") + "]"


def syslog(t, host, proc="kernel"):
    return t.strftime("%b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S") + " %s %s:" % (host, proc)


def uptime_stamp(t, boot):
    secs = (t - boot).total_seconds()
    return "[%12.6f]" % secs


def bus_full(bus):
    return "00000000:%s:00.0" % bus.upper()


def bus_xid(bus):
    return "PCI:0000:%s:00" % bus


def bus_nccl(bus):
    return "%s000" % bus


def gpu_uuid(rng):
    h = "%032x" % rng.getrandbits(128)
    return "GPU-%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:32])


def hexid(rng, n=16):
    return ("%0" + str(n) + "x") % rng.getrandbits(4 * n)


# ---------------------------------------------------------------------------
# Kernel / driver lines
# ---------------------------------------------------------------------------

def xid_line(bus, code, pid, name, msg):
    if pid is None:
        return "NVRM: Xid (%s): %d, pid='<unknown>', name=<unknown>, %s" % (bus_xid(bus), code, msg)
    return "NVRM: Xid (%s): %d, pid=%d, name=%s, %s" % (bus_xid(bus), code, pid, name, msg)


def boot_noise(host, rng, kernel="5.15.0-105-generic", driver="535.161.08"):
    return [
        "Linux version %s (buildd@lcy02-amd64-033) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP" % kernel,
        "Command line: BOOT_IMAGE=/boot/vmlinuz-%s root=UUID=%s ro pci=realloc=off iommu=pt" % (kernel, hexid(rng, 8)),
        "DMI: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 11/14/2023",
        "nvidia: loading out-of-tree module taints kernel.",
        "nvidia-nvlink: Nvlink Core is being initialized, major device number 510",
        "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  %s  Tue Feb 13 19:47:26 UTC 2024" % driver,
        "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  %s" % driver,
        "nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint.",
        "mlx5_core 0000:0c:00.0: firmware version: 28.39.2048",
        "mlx5_core 0000:0c:00.0: 400.000 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)",
        "mlx5_core 0000:0c:00.0: Port module event: module 0, Cable plugged",
        "mlx5_ib: Mellanox ConnectX InfiniBand driver v5.9-0.5.6",
        "IPv6: ADDRCONF(NETDEV_CHANGE): ibp12s0: link becomes ready",
        "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none.",
        "Lustre: Lustre: Build Version: 2.15.4",
        "Lustre: Mounted scratch-client",
    ]


def job_noise(rng, host):
    """Benign kernel chatter during a job."""
    pool = [
        "nvidia-peermem: loading out-of-tree module taints kernel.",
        "IPv4: martian source 10.0.0.255 from 10.0.3.7, on dev eno1",
        "audit: type=1400 audit(%d.%03d:%d): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd.daemon\" name=\"/proc/sys/kernel/osrelease\" pid=%d comm=\"lxd\"" % (1710000000 + rng.randint(0, 99999), rng.randint(0, 999), rng.randint(100, 999), rng.randint(2000, 9000)),
        "Lustre: scratch-OST0012-osc-ffff9b2ac1e4d000: Connection restored to 10.3.0.%d@o2ib (at 10.3.0.%d@o2ib)" % (rng.randint(10, 40), rng.randint(10, 40)),
        "perf: interrupt took too long (2512 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
        "slurm_task_prolog: cgroup v2 memory limit set",
        "device-mapper: uevent: version 1.0.3",
    ]
    return rng.choice(pool)


# ---------------------------------------------------------------------------
# NCCL / PyTorch lines
# ---------------------------------------------------------------------------

def nccl_init_lines(host, pid, local, rank, nranks, bus, rng, commid, version="2.21.5+cuda12.4", first=False):
    tid = pid + 200 + local
    out = []
    pre = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, local)
    if first:
        out.append(pre + "NCCL version %s" % version)
    out.append(pre + "cudaDriverVersion 12040")
    out.append(pre + "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_7:1/IB [RO]; OOB ibp12s0:10.%d.%d.%d<0>" % (rng.randint(1, 9), rng.randint(0, 9), rng.randint(2, 250)))
    pre2 = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, local)
    out.append(pre2 + "comm 0x%s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x%s - Init START" % (hexid(rng, 12), rank, nranks, local, local, bus_nccl(bus), commid))
    out.append(pre2 + "comm 0x%s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x%s - Init COMPLETE" % (hexid(rng, 12), rank, nranks, local, local, bus_nccl(bus), commid))
    return out


WD_FRAMES = [
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f%s in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
    "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f%s in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f%s in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f%s in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #4: <unknown function> + 0xdc253 (0x7f%s in /lib/x86_64-linux-gnu/libstdc++.so.6)",
    "frame #5: <unknown function> + 0x94ac3 (0x7f%s in /lib/x86_64-linux-gnu/libc.so.6)",
    "frame #6: clone + 0x44 (0x7f%s in /lib/x86_64-linux-gnu/libc.so.6)",
]


def watchdog_block(rank, t, seq, op, numel, timeout_ms, rng, prefix=None, frames=True, last_done=None):
    """Lines a rank prints when the NCCL watchdog fires (torch 2.3/2.4 style)."""
    p = prefix if prefix is not None else "[rank%d]:" % rank
    ran = timeout_ms + rng.randint(5, 90)
    wn = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, op, numel, numel, timeout_ms)
    ld = seq - 1 if last_done is None else last_done
    out = [
        "%s[%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (p, glog(t), rank, wn, ran),
        "%s[%s ProcessGroupNCCL.cpp:1785] [PG 0 (default_pg) Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (p, glog(add(t, 0.0002)), rank, seq, seq, ld),
        "%s[%s ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (p, glog(add(t, 0.0003)), rank),
        "%s[%s ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (p, glog(add(t, 0.0003)), rank),
        "%s[%s ProcessGroupNCCL.cpp:1595] [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (p, glog(add(t, 0.0005)), rank, rank, wn, ran),
    ]
    if frames:
        out.append("%sException raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):" % p)
        for f in WD_FRAMES:
            out.append(p + (f % hexid(rng, 10)))
        out.append(p)
    return out


def child_failed(script, t, host, rank, local, exitcode, pid, signame=None, others=None):
    tb = "Signal %d (%s) received by PID %d" % (-exitcode, signame, pid) if signame else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
    out = [
        "Traceback (most recent call last):",
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
        "Failures:",
    ]
    if others:
        for i, (orank, olocal, oexit, opid, osig) in enumerate(others, 1):
            otb = "Signal %d (%s) received by PID %d" % (-oexit, osig, opid) if osig else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
            out += [
                "[%d]:" % i,
                "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
                "  host      : %s" % host,
                "  rank      : %d (local_rank: %d)" % (orank, olocal),
                "  exitcode  : %d (pid: %d)" % (oexit, opid),
                "  error_file: <N/A>",
                "  traceback : %s" % otb,
            ]
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out += [
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
        "  host      : %s" % host,
        "  rank      : %d (local_rank: %d)" % (rank, local),
        "  exitcode  : %d (pid: %d)" % (exitcode, pid),
        "  error_file: <N/A>",
        "  traceback : %s" % tb,
        "============================================================",
    ]
    return out


def agent_sigterm(t, pids, style="new", agent_pid=None):
    out = []
    for i, p in enumerate(pids):
        tt = add(t, 0.001 * i)
        if style == "new":
            out.append("W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (glog(tt, "")[0:], agent_pid or 1000, p))
        else:
            out.append("WARNING:torch.distributed.elastic.multiprocessing.api:Sending process %d closing signal SIGTERM" % p)
    return out


def agent_failed(t, exitcode, local, pid, style="new", agent_pid=1000, binary="/usr/bin/python3"):
    if style == "new":
        return "E%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (glog(t, ""), agent_pid, exitcode, local, pid, binary)
    return "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (exitcode, local, pid, binary)


def megatron_iter(t, it, total, samples, ms, lr, gbs, loss, gnorm, skipped=0, nan=0, scale=1.0):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: %.1f | grad norm: %.3f | "
            "number of skipped iterations: %3d | number of nan iterations: %3d |"
            % (t.strftime("%Y-%m-%d %H:%M:%S"), it, total, samples, ms, lr, gbs, loss, scale, gnorm, skipped, nan))


# ---------------------------------------------------------------------------
# nvidia-smi -q
# ---------------------------------------------------------------------------

def smi_gpu(idx, bus, uuid, serial, product="h100", **kw):
    """Describe one GPU for nvidia_smi_q.  Keyword overrides:
    temp, mem_temp, power, sm_clock, mem_clock, used_mib, util, pstate,
    reasons (dict of reason->Active), ecc (dict), remap (dict), retired (dict),
    link_gen, link_width, link_width_max, replays, procs (list of (pid, name, mib)).
    """
    d = dict(idx=idx, bus=bus, uuid=uuid, serial=serial, product=product)
    d.update(kw)
    return d


def nvidia_smi_q(t, gpus, driver="535.161.08", cuda="12.2", missing=None, reasons_title="Clocks Event Reasons"):
    name, arch, fb_total, devid, plimit, maxsm, maxmem = PRODUCTS[gpus[0]["product"]]
    out = ["", "==============NVSMI LOG==============", "",
           "Timestamp                                 : %s" % t.strftime("%a %b %d %H:%M:%S %Y"),
           "Driver Version                            : %s" % driver,
           "CUDA Version                              : %s" % cuda, ""]
    if missing:
        for m in missing:
            out.insert(1, "Unable to determine the device handle for GPU0000:%s:00.0: Unknown Error" % m.upper())
    out.append("Attached GPUs                             : %d" % len(gpus))
    for g in gpus:
        name, arch, fb_total, devid, plimit, maxsm, maxmem = PRODUCTS[g["product"]]
        r = {"Idle": False, "Applications Clocks Setting": False, "SW Power Cap": False,
             "HW Slowdown": False, "HW Thermal Slowdown": False, "HW Power Brake Slowdown": False,
             "Sync Boost": False, "SW Thermal Slowdown": False, "Display Clock Setting": False}
        r.update(g.get("reasons", {}))
        ecc = {"vsc": 0, "vsup": 0, "vsus": 0, "vdc": 0, "vdu": 0,
               "asc": 0, "asup": 0, "asus": 0, "adc": 0, "adu": 0, "thr": "No"}
        ecc.update(g.get("ecc", {}))
        rm = {"corr": 0, "unc": 0, "pending": "No", "failure": "No", "max": 2560, "high": 0, "partial": 0, "low": 0, "none": 0}
        rm.update(g.get("remap", {}))
        used = g.get("used_mib", 0)
        def act(k):
            return "Active" if r[k] else "Not Active"
        out += [
            "GPU %s" % bus_full(g["bus"]),
            "    Product Name                          : %s" % name,
            "    Product Brand                         : NVIDIA",
            "    Product Architecture                  : %s" % arch,
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
            "    Serial Number                         : %s" % g["serial"],
            "    GPU UUID                              : %s" % g["uuid"],
            "    Minor Number                          : %d" % g["idx"],
            "    VBIOS Version                         : 96.00.89.00.01",
            "    MultiGPU Board                        : No",
            "    Board ID                              : 0x%s00" % g["bus"],
            "    Board Part Number                     : 692-2G520-0200-000",
            "    GPU Part Number                       : %s-895-A1" % devid.upper(),
            "    Inforom Version",
            "        Image Version                     : G520.0200.00.05",
            "        OEM Object                        : 2.1",
            "        ECC Object                        : 7.16",
            "        Power Management Object           : N/A",
            "    GPU Operation Mode",
            "        Current                           : N/A",
            "        Pending                           : N/A",
            "    GSP Firmware Version                  : %s" % driver,
            "    PCI",
            "        Bus                               : 0x%s" % g["bus"].upper(),
            "        Device                            : 0x00",
            "        Domain                            : 0x0000",
            "        Device Id                         : 0x%s10DE" % devid.upper(),
            "        Bus Id                            : %s" % bus_full(g["bus"]),
            "        Sub System Id                     : 0x16C110DE",
            "        GPU Link Info",
            "            PCIe Generation",
            "                Max                       : %d" % g.get("link_gen_max", 5),
            "                Current                   : %d" % g.get("link_gen", 5),
            "                Device Current            : %d" % g.get("link_gen", 5),
            "                Device Max                : 5",
            "                Host Max                  : 5",
            "            Link Width",
            "                Max                       : %dx" % g.get("link_width_max", 16),
            "                Current                   : %dx" % g.get("link_width", 16),
            "        Bridge Chip",
            "            Type                          : N/A",
            "            Firmware                      : N/A",
            "        Replays Since Reset               : %d" % g.get("replays", 0),
            "        Replay Number Rollovers           : %d" % g.get("rollovers", 0),
            "        Tx Throughput                     : %d KB/s" % g.get("tx", 812),
            "        Rx Throughput                     : %d KB/s" % g.get("rx", 2304),
            "        Atomic Caps Inbound               : N/A",
            "        Atomic Caps Outbound              : N/A",
            "    Fan Speed                             : N/A",
            "    Performance State                     : %s" % g.get("pstate", "P0"),
            "    %s" % reasons_title,
            "        Idle                              : %s" % act("Idle"),
            "        Applications Clocks Setting       : %s" % act("Applications Clocks Setting"),
            "        SW Power Cap                      : %s" % act("SW Power Cap"),
            "        HW Slowdown                       : %s" % act("HW Slowdown"),
            "            HW Thermal Slowdown           : %s" % act("HW Thermal Slowdown"),
            "            HW Power Brake Slowdown       : %s" % act("HW Power Brake Slowdown"),
            "        Sync Boost                        : %s" % act("Sync Boost"),
            "        SW Thermal Slowdown               : %s" % act("SW Thermal Slowdown"),
            "        Display Clock Setting             : %s" % act("Display Clock Setting"),
            "    FB Memory Usage",
            "        Total                             : %d MiB" % fb_total,
            "        Reserved                          : 328 MiB",
            "        Used                              : %d MiB" % used,
            "        Free                              : %d MiB" % max(0, fb_total - 328 - used),
            "    BAR1 Memory Usage",
            "        Total                             : 131072 MiB",
            "        Used                              : 1 MiB",
            "        Free                              : 131071 MiB",
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
            "    ECC Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : %d" % ecc["vsc"],
            "            SRAM Uncorrectable Parity     : %d" % ecc["vsup"],
            "            SRAM Uncorrectable SEC-DED    : %d" % ecc["vsus"],
            "            DRAM Correctable              : %d" % ecc["vdc"],
            "            DRAM Uncorrectable            : %d" % ecc["vdu"],
            "        Aggregate",
            "            SRAM Correctable              : %d" % ecc["asc"],
            "            SRAM Uncorrectable Parity     : %d" % ecc["asup"],
            "            SRAM Uncorrectable SEC-DED    : %d" % ecc["asus"],
            "            DRAM Correctable              : %d" % ecc["adc"],
            "            DRAM Uncorrectable            : %d" % ecc["adu"],
            "            SRAM Threshold Exceeded       : %s" % ecc["thr"],
            "    Retired Pages",
            "        Single Bit ECC                    : N/A",
            "        Double Bit ECC                    : N/A",
            "        Pending Page Blacklist            : N/A",
            "    Remapped Rows",
            "        Correctable Error                 : %d" % rm["corr"],
            "        Uncorrectable Error               : %d" % rm["unc"],
            "        Pending                           : %s" % rm["pending"],
            "        Remapping Failure Occurred        : %s" % rm["failure"],
            "        Bank Remap Availability Histogram",
            "            Max                           : %d bank(s)" % rm["max"],
            "            High                          : %d bank(s)" % rm["high"],
            "            Partial                       : %d bank(s)" % rm["partial"],
            "            Low                           : %d bank(s)" % rm["low"],
            "            None                          : %d bank(s)" % rm["none"],
            "    Temperature",
            "        GPU Current Temp                  : %d C" % g.get("temp", 38),
            "        GPU T.Limit Temp                  : %d C" % (87 - g.get("temp", 38)),
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 89 C",
            "        GPU Max Operating Temp            : 87 C",
            "        GPU Target Temperature            : N/A",
            "        Memory Current Temp               : %d C" % g.get("mem_temp", g.get("temp", 38) + 8),
            "        Memory Max Operating Temp         : 95 C",
            "    GPU Power Readings",
            "        Power Draw                        : %.2f W" % g.get("power", 71.4),
            "        Current Power Limit               : %.2f W" % plimit,
            "        Requested Power Limit             : %.2f W" % plimit,
            "        Default Power Limit               : %.2f W" % plimit,
            "        Min Power Limit                   : 200.00 W",
            "        Max Power Limit                   : %.2f W" % plimit,
            "    Clocks",
            "        Graphics                          : %d MHz" % g.get("sm_clock", 345),
            "        SM                                : %d MHz" % g.get("sm_clock", 345),
            "        Memory                            : %d MHz" % g.get("mem_clock", maxmem),
            "        Video                             : %d MHz" % min(1755, g.get("sm_clock", 345) + 420),
            "    Applications Clocks",
            "        Graphics                          : %d MHz" % maxsm,
            "        Memory                            : %d MHz" % maxmem,
            "    Max Clocks",
            "        Graphics                          : %d MHz" % maxsm,
            "        SM                                : %d MHz" % maxsm,
            "        Memory                            : %d MHz" % maxmem,
            "        Video                             : 1755 MHz",
            "    Processes",
        ]
        procs = g.get("procs", [])
        if not procs:
            out[-1] = "    Processes                             : None"
        for pid, pname, mib in procs:
            out += [
                "        GPU instance ID                   : N/A",
                "        Compute instance ID               : N/A",
                "        Process ID                        : %d" % pid,
                "            Type                          : C",
                "            Name                          : %s" % pname,
                "            Used GPU Memory               : %d MiB" % mib,
            ]
        out.append("")
    return "\n".join(out) + "\n"


def default_gpus(rng, bus_map, product="h100", **common):
    gs = []
    for i, b in enumerate(bus_map):
        kw = dict(common)
        gs.append(smi_gpu(i, b, gpu_uuid(rng), "16523%08d" % rng.randint(10000000, 99999999), product, **kw))
    return gs


# ---------------------------------------------------------------------------
# dcgmi diag
# ---------------------------------------------------------------------------

def _wrap(text, width):
    words = text.split(" ")
    lines, cur = [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = (cur + " " + w) if cur else w
    if cur:
        lines.append(cur)
    return lines


def dcgmi_diag(level, ids, results, version="3.3.5", driver="535.161.08"):
    """results: list of (section, name, result, [warnings]) in order; section in
    Deployment/Integration/Hardware/Stress."""
    sep = "+---------------------------+------------------------------------------------+"
    out = ["Successfully ran diagnostic for group.", sep,
           "| Diagnostic                | Result                                         |",
           "+===========================+================================================+",
           "|-----  Metadata  ----------+------------------------------------------------|",
           "| DCGM Version              | %-46s |" % version,
           "| Driver Version Detected   | %-46s |" % driver,
           "| GPU Device IDs Detected   | %-46s |" % ids]
    cur = None
    for section, name, result, warns in results:
        if section != cur:
            if section == "Deployment":
                out.append("|-----  Deployment  --------+------------------------------------------------|")
            else:
                out.append("+-----  %s  %s+------------------------------------------------+" % (section, "-" * (18 - len(section))))
            cur = section
        out.append("| %-25s | %-46s |" % (name, result))
        for w in warns:
            chunks = _wrap(w, 46)
            out.append("| %-25s | %-46s |" % ("Warning", chunks[0]))
            for c in chunks[1:]:
                out.append("| %-25s | %-46s |" % ("", c))
    out.append("+---------------------------+------------------------------------------------+")
    return "\n".join(out) + "\n"


DEPLOY_TESTS = ["Denylist", "NVML Library", "CUDA Main Library", "Permissions and OS Blocks",
                "Persistence Mode", "Environment Variables", "Page Retirement/Row Remap",
                "Graphics Processes", "Inforom"]


def dcgmi_standard(level, ids, overrides=None, version="3.3.5", driver="535.161.08"):
    ov = overrides or {}
    rows = []
    for n in DEPLOY_TESTS:
        res, w = ov.get(n, ("Pass", []))
        rows.append(("Deployment", n, res, w))
    if level >= 2:
        res, w = ov.get("PCIe", ("Pass - All", []))
        rows.append(("Integration", "PCIe", res, w))
    if level >= 2:
        for n in ["GPU Memory"] + (["Diagnostic"] if level >= 3 else []):
            res, w = ov.get(n, ("Pass - All", []))
            rows.append(("Hardware", n, res, w))
    if level >= 3:
        for n in ["Targeted Stress", "Targeted Power", "Memory Bandwidth"] + (["Memtest", "Pulse Test"] if level >= 4 else []):
            res, w = ov.get(n, ("Pass - All", []))
            rows.append(("Stress", n, res, w))
    return dcgmi_diag(level, ids, rows, version, driver)


# ---------------------------------------------------------------------------
# IPMI SEL, ibstat, sacct
# ---------------------------------------------------------------------------

def sel_lines(entries):
    """entries: list of (datetime, sensor, event, state)"""
    out = []
    for i, (t, sensor, event, state) in enumerate(entries, 1):
        out.append("%4x | %s | %s | %s | %s | %s" % (i, t.strftime("%m/%d/%Y"), t.strftime("%H:%M:%S"), sensor, event, state))
    return "\n".join(out) + "\n"


def sel_baseline(t0, rng):
    return [
        (add(t0, -86400 * 41), "Event Logging Disabled #0x07", "Log area reset/cleared", "Asserted"),
        (add(t0, -86400 * 41 + 60), "System Boot Initiated #0xe0", "Initiated by power up", "Asserted"),
        (add(t0, -86400 * 41 + 95), "Power Supply PS1 Status", "Presence detected", "Asserted"),
        (add(t0, -86400 * 41 + 95), "Power Supply PS2 Status", "Presence detected", "Asserted"),
        (add(t0, -86400 * 41 + 95), "Power Supply PS3 Status", "Presence detected", "Asserted"),
        (add(t0, -86400 * 41 + 95), "Power Supply PS4 Status", "Presence detected", "Asserted"),
        (add(t0, -86400 * 41 + 410), "OS Boot #0xe9", "C: boot completed", "Asserted"),
    ]


def ibstat_ca(name, state="Active", phys="LinkUp", rate=400, lid=None, guid=None, rng=None):
    g = guid or ("0x" + hexid(rng, 16))
    st = {"Active": "Active", "Down": "Down", "Init": "Initializing", "Polling": "Down"}[state]
    out = [
        "CA '%s'" % name,
        "\tCA type: MT4129",
        "\tNumber of ports: 1",
        "\tFirmware version: 28.39.2048",
        "\tHardware version: 0",
        "\tNode GUID: %s" % g,
        "\tSystem image GUID: %s" % g,
        "\tPort 1:",
        "\t\tState: %s" % st,
        "\t\tPhysical state: %s" % phys,
        "\t\tRate: %d" % (rate if state == "Active" else 10),
        "\t\tBase lid: %d" % (lid if lid is not None else 0),
        "\t\tLMC: 0",
        "\t\tSM lid: 1",
        "\t\tCapability mask: 0xa751e848",
        "\t\tPort GUID: %s" % g,
        "\t\tLink layer: InfiniBand",
    ]
    return out


def sacct(rows):
    hdr = "JobID           JobName  Partition      State ExitCode    Elapsed                 NodeList "
    sep = "------------ ---------- ---------- ---------- -------- ---------- ------------------------ "
    out = [hdr, sep]
    for jid, name, part, state, ec, el, nl in rows:
        out.append("%-12s %10s %10s %10s %8s %10s %-24s " % (jid, name[:10], part[:10], state[:10], ec, el, nl))
    return "\n".join(out) + "\n"


def join(lines):
    return "\n".join(lines) + "\n"
