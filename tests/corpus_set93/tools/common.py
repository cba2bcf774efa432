"""Shared helpers for corpus_set93: time formats, log-line formatters, tool outputs.

Standard library only.  Every function is deterministic given its arguments
(randomness only through a random.Random passed in by the caller).
"""
import datetime as _dt
import json

H100_BUS = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
WDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


# --------------------------------------------------------------------------- time
def T(s):
    """Parse 'YYYY-mm-dd HH:MM:SS'."""
    return _dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S")


def plus(d, seconds):
    return d + _dt.timedelta(seconds=seconds)


def iso(d):
    return d.strftime("%Y-%m-%d %H:%M:%S")


def iso_ms(d, ms):
    return "%s,%03d" % (d.strftime("%Y-%m-%d %H:%M:%S"), ms)


def elapsed(a, b):
    sec = int((b - a).total_seconds())
    return "%02d:%02d:%02d" % (sec // 3600, sec % 3600 // 60, sec % 60)


def isot(d):
    return d.strftime("%Y-%m-%dT%H:%M:%S")


def glog(level, d, micro, pid, where):
    """glog style line prefix used by torch >= 2.4 (E0611 10:02:14.512000 88110 file.py:869])."""
    return "%s%s.%06d %d %s]" % (level, d.strftime("%m%d %H:%M:%S"), micro, pid, where)


def c10d(rank, level, d, nanos, where):
    """[rank9]:[E0611 10:12:13.456789123 ProcessGroupNCCL.cpp:607]"""
    return "[rank%d]:[%s%s.%09d %s]" % (rank, level, d.strftime("%m%d %H:%M:%S"), nanos, where)


def syslog_ts(d):
    return "%s %2d %s" % (MONTHS[d.month - 1], d.day, d.strftime("%H:%M:%S"))


def ctime(d):
    return "%s %s %2d %s %d" % (WDAYS[d.weekday()], MONTHS[d.month - 1], d.day, d.strftime("%H:%M:%S"), d.year)


def nvsmi_ts(d):
    return "%s %s %02d %s %d" % (WDAYS[d.weekday()], MONTHS[d.month - 1], d.day, d.strftime("%H:%M:%S"), d.year)


class Kernel:
    """Produces dmesg/kern.log lines for one host with a fixed boot time.

    Lines logged in the same second keep their insertion order (microseconds are
    drawn once, sorted, and assigned in order)."""

    def __init__(self, host, boot, rng):
        self.host = host
        self.boot = boot
        self.rng = rng
        self.lines = []  # (secs, seq, wallclock, text)
        self._rendered = None

    def at(self, d, text, frac=None):
        secs = int((d - self.boot).total_seconds())
        self.lines.append((secs, len(self.lines), d, text))
        self._rendered = None

    def boot_noise(self, extra=()):
        b = self.boot
        base = [
            (0, "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024 (Ubuntu 5.15.0-105.115-generic 5.15.148)"),
            (0, "Command line: BOOT_IMAGE=/vmlinuz-5.15.0-105-generic root=UUID=5b1d6f3e-0c0e-4a36-9f1e-3c7b2a9d1f10 ro console=tty0 console=ttyS0,115200n8 pci=realloc=off iommu=pt"),
            (1, "DMI: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 12/14/2023"),
            (2, "ACPI: SRAT: Node 0 PXM 0 [mem 0x00000000-0x7fffffff]"),
            (9, "mlx5_core 0000:0c:00.0: firmware version: 28.39.1002"),
            (11, "nvidia: loading out-of-tree module taints kernel."),
            (12, "nvidia-nvlink: Nvlink Core is being initialized, major device number 506"),
            (13, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024"),
            (24, "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none."),
            (31, "IPv6: ADDRCONF(NETDEV_CHANGE): ibp12s0: link becomes ready"),
        ]
        for off, txt in list(base) + list(extra):
            self.at(plus(b, off), txt)

    def _render(self):
        if self._rendered is None:
            rows = sorted(self.lines)
            out = []
            i = 0
            while i < len(rows):
                j = i
                while j < len(rows) and rows[j][0] == rows[i][0]:
                    j += 1
                us = sorted(self.rng.sample(range(0, 1000000), j - i))
                for k in range(i, j):
                    secs, _, d, text = rows[k]
                    stamp = "[%5d.%06d]" % (secs, us[k - i])
                    out.append(("%s %s" % (stamp, text), "%s %s kernel: %s %s" % (syslog_ts(d), self.host, stamp, text)))
                i = j
            self._rendered = out
        return self._rendered

    def dmesg(self):
        return "\n".join(a for a, _ in self._render()) + "\n"

    def kern(self):
        return "\n".join(b for _, b in self._render()) + "\n"


# --------------------------------------------------------------------------- ids
def gpu_uuid(rng):
    return "GPU-%08x-%04x-%04x-%04x-%012x" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16),
                                               rng.getrandbits(16), rng.getrandbits(48))


def serial(rng):
    return "16522%08d" % rng.randint(10000000, 99999999)


# --------------------------------------------------------------------------- nvidia-smi -q
REASON_KEYS = ["Idle", "Applications Clocks Setting", "SW Power Cap", "HW Slowdown", "HW Thermal Slowdown",
               "HW Power Brake Slowdown", "Sync Boost", "SW Thermal Slowdown", "Display Clock Setting"]


def nvsmi_q(when, rng, gpus=8, over=None, driver="550.54.15", cuda="12.4", product="NVIDIA H100 80GB HBM3",
            proc_pid=None, proc_mib=71012, util=100):
    """nvidia-smi -q for an 8x H100 node.  over: {gpu_index: {key: value}}."""
    over = over or {}
    out = ["", "==============NVSMI LOG==============", "",
           "Timestamp                                 : %s" % nvsmi_ts(when),
           "Driver Version                            : %s" % driver,
           "CUDA Version                              : %s" % cuda, "",
           "Attached GPUs                             : %d" % gpus]
    for i in range(gpus):
        o = over.get(i, {})
        bus = H100_BUS[i]
        reasons = {k: "Not Active" for k in REASON_KEYS}
        reasons.update(o.get("reasons", {}))
        temp = o.get("temp", rng.randint(44, 58))
        mtemp = o.get("mem_temp", temp + rng.randint(4, 9))
        plimit = o.get("plimit", 700.0)
        power = o.get("power", round(rng.uniform(560, 690), 2))
        sm = o.get("sm", 1980)
        gen_cur = o.get("gen_cur", 5)
        w_cur = o.get("width_cur", 16)
        app_gfx = o.get("app_gfx", 1980)
        fb_used = o.get("fb_used", proc_mib + rng.randint(400, 700))
        u = o.get("util", util)
        pid = o.get("pid", (proc_pid + i) if proc_pid else None)
        out += [
            "GPU 00000000:%s:00.0" % bus,
            "    Product Name                          : %s" % product,
            "    Product Brand                         : NVIDIA",
            "    Product Architecture                  : Hopper",
            "    Display Mode                          : Enabled",
            "    Display Active                        : Disabled",
            "    Persistence Mode                      : Enabled",
            "    Addressing Mode                       : None",
            "    MIG Mode",
            "        Current                           : Disabled",
            "        Pending                           : Disabled",
            "    Accounting Mode                       : Disabled",
            "    Accounting Mode Buffer Size           : 4000",
            "    Serial Number                         : %s" % o.get("serial", serial(rng)),
            "    GPU UUID                              : %s" % o.get("uuid", gpu_uuid(rng)),
            "    Minor Number                          : %d" % i,
            "    VBIOS Version                         : 96.00.89.00.01",
            "    MultiGPU Board                        : No",
            "    Board ID                              : 0x%s00" % bus.lower(),
            "    Board Part Number                     : 692-2G520-0200-000",
            "    GPU Part Number                       : 2330-885-A1",
            "    Inforom Version",
            "        Image Version                     : G520.0200.00.05",
            "        OEM Object                        : 2.1",
            "        ECC Object                        : 7.16",
            "        Power Management Object           : N/A",
            "    PCI",
            "        Bus                               : 0x%s" % bus,
            "        Device                            : 0x00",
            "        Domain                            : 0x0000",
            "        Device Id                         : 0x233010DE",
            "        Bus Id                            : 00000000:%s:00.0" % bus,
            "        Sub System Id                     : 0x16C110DE",
            "        GPU Link Info",
            "            PCIe Generation",
            "                Max                       : 5",
            "                Current                   : %d" % gen_cur,
            "                Device Current            : %d" % gen_cur,
            "                Device Max                : 5",
            "                Host Max                  : 5",
            "            Link Width",
            "                Max                       : 16x",
            "                Current                   : %dx" % w_cur,
            "        Bridge Chip",
            "            Type                          : N/A",
            "            Firmware                      : N/A",
            "        Replays Since Reset               : %d" % o.get("replays", 0),
            "        Replay Number Rollovers           : 0",
            "        Tx Throughput                     : %d KB/s" % rng.randint(900, 2400),
            "        Rx Throughput                     : %d KB/s" % rng.randint(900, 2400),
            "    Fan Speed                             : N/A",
            "    Performance State                     : %s" % o.get("pstate", "P0"),
            "    Clocks Event Reasons",
        ]
        for k in REASON_KEYS:
            ind = "            " if k in ("HW Thermal Slowdown", "HW Power Brake Slowdown") else "        "
            out.append("%s%s: %s" % (ind, k.ljust(42 - len(ind)), reasons[k]))
        out += [
            "    FB Memory Usage",
            "        Total                             : 81559 MiB",
            "        Reserved                          : 328 MiB",
            "        Used                              : %d MiB" % fb_used,
            "        Free                              : %d MiB" % max(0, 81559 - 328 - fb_used),
            "    BAR1 Memory Usage",
            "        Total                             : 131072 MiB",
            "        Used                              : 7 MiB",
            "        Free                              : 131065 MiB",
            "    Compute Mode                          : Default",
            "    Utilization",
            "        Gpu                               : %d %%" % u,
            "        Memory                            : %d %%" % (rng.randint(30, 45) if u > 50 else 0),
            "        Encoder                           : 0 %",
            "        Decoder                           : 0 %",
            "    ECC Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable            : 0",
            "            DRAM Correctable              : %d" % o.get("dram_corr", 0),
            "            DRAM Uncorrectable            : 0",
            "        Aggregate",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable            : 0",
            "            DRAM Correctable              : %d" % o.get("dram_corr_agg", o.get("dram_corr", 0)),
            "            DRAM Uncorrectable            : 0",
            "    Retired Pages",
            "        Single Bit ECC                    : N/A",
            "        Double Bit ECC                    : N/A",
            "        Pending Page Blacklist            : N/A",
            "    Remapped Rows",
            "        Correctable Error                 : 0",
            "        Uncorrectable Error               : 0",
            "        Pending                           : No",
            "        Remapping Failure Occurred        : No",
            "        Bank Remap Availability Histogram",
            "            Max                           : 2560 bank(s)",
            "            High                          : 0 bank(s)",
            "            Partial                       : 0 bank(s)",
            "            Low                           : 0 bank(s)",
            "            None                          : 0 bank(s)",
            "    Temperature",
            "        GPU Current Temp                  : %d C" % temp,
            "        GPU T.Limit Temp                  : %d C" % (87 - temp),
            "        GPU Shutdown T.Limit Temp         : -5 C",
            "        GPU Slowdown T.Limit Temp         : -2 C",
            "        GPU Max Operating T.Limit Temp    : 0 C",
            "        GPU Target Temperature            : N/A",
            "        Memory Current Temp               : %d C" % mtemp,
            "        Memory Max Operating T.Limit Temp : 0 C",
            "    GPU Power Readings",
            "        Power Draw                        : %.2f W" % power,
            "        Current Power Limit               : %.2f W" % plimit,
            "        Requested Power Limit             : %.2f W" % o.get("req_plimit", plimit),
            "        Default Power Limit               : 700.00 W",
            "        Min Power Limit                   : 200.00 W",
            "        Max Power Limit                   : 700.00 W",
            "    Module Power Readings",
            "        Power Draw                        : N/A",
            "        Current Power Limit               : N/A",
            "    Clocks",
            "        Graphics                          : %d MHz" % sm,
            "        SM                                : %d MHz" % sm,
            "        Memory                            : 2619 MHz",
            "        Video                             : %d MHz" % min(1545, sm),
            "    Applications Clocks",
            "        Graphics                          : %d MHz" % app_gfx,
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
            "    Voltage",
            "        Graphics                          : %.3f mV" % (670.0 + sm / 10.0),
            "    Fabric",
            "        State                             : Completed",
            "        Status                            : Success",
            "    Processes",
        ]
        procs = o.get("procs")
        if procs is None:
            procs = [(pid, "/usr/bin/python3", proc_mib)] if pid else []
        if not procs:
            out.append("        None")
        for p_pid, p_name, p_mib in procs:
            out += [
                "        GPU instance ID                   : N/A",
                "        Compute instance ID               : N/A",
                "        Process ID                        : %d" % p_pid,
                "            Type                          : C",
                "            Name                          : %s" % p_name,
                "            Used GPU Memory               : %d MiB" % p_mib,
            ]
        out.append("")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- torch / NCCL text
def nccl_init_lines(host, pid, tid, dev, rank, nranks, version="2.21.5", hcas=("mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11")):
    p = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, dev)
    lines = []
    if rank == 0:
        lines.append("%s:%d:%d [%d] NCCL INFO NCCL version %s+cuda12.4" % (host, pid, pid, dev, version))
    lines += [
        p + "NCCL_SOCKET_IFNAME set by environment to bond0",
        p + "NCCL_IB_HCA set to %s" % ",".join(hcas),
        p + "NET/IB : Using [0]%s:1/IB [1]%s:1/IB [2]%s:1/IB [3]%s:1/IB [4]%s:1/IB [5]%s:1/IB [6]%s:1/IB [7]%s:1/IB ; OOB bond0:10.44.%d.%d<0>" % (tuple(hcas) + (rank // 8 % 250, 11 + rank // 8)),
        p + "Using non-device net plugin version 0",
        p + "Using network IB",
        p + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x5c1f2e77a1d0b3e4 - Init START" % (0x55d0a1c3e000 + rank * 0x1000, rank, nranks, dev, dev, H100_BUS[dev].lower()),
        p + "Setting affinity for GPU %d to %s" % (dev, "ffffffff,ffffffff" if dev < 4 else "ffffffff,ffffffff,00000000,00000000"),
        p + "NVLS multicast support is available on dev %d" % dev,
        p + "comm 0x%x rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0" % (0x55d0a1c3e000 + rank * 0x1000, rank, nranks, max(1, nranks // 8), dev),
        p + "Connected all rings",
        p + "Connected all trees",
        p + "NVLS comm 0x%x headRank %d nHeads 8 buffSize 1048576 memSize 2097152 nvlsPerRankSize 201326592 nvlsTotalSize 1610612736" % (0x55d0a1c3e000 + rank * 0x1000, dev),
        p + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x5c1f2e77a1d0b3e4 - Init COMPLETE" % (0x55d0a1c3e000 + rank * 0x1000, rank, nranks, dev, dev, H100_BUS[dev].lower()),
    ]
    return lines


def watchdog_block(rank, d, seq, optype, timeout_ms, ran_ms, numel=1, pg="0 (default_pg)", last_done=None):
    """PyTorch 2.4 style ProcessGroupNCCL watchdog timeout lines for one rank."""
    if last_done is None:
        last_done = seq - 1
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, optype, numel, numel, timeout_ms)
    pre = lambda n, w: c10d(rank, "E", d, n, w)
    return [
        "%s [PG %s Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pre(118203331 + rank * 7, "ProcessGroupNCCL.cpp:607"), pg, rank, work, ran_ms),
        "%s [PG %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (pre(118342101 + rank * 7, "ProcessGroupNCCL.cpp:1664"), pg, rank, seq, seq, last_done),
        "%s [PG %s Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (pre(118351772 + rank * 7, "ProcessGroupNCCL.cpp:1709"), pg, rank, seq, seq, last_done),
        "%s [PG %s Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (pre(118355902 + rank * 7, "ProcessGroupNCCL.cpp:621"), pg, rank),
        "%s [PG %s Rank %d] To avoid data inconsistency, we are taking the entire process down." % (pre(118359018 + rank * 7, "ProcessGroupNCCL.cpp:627"), pg, rank),
        "%s [PG %s Rank %d] Process group watchdog thread terminated with exception: [PG %s Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pre(119020550 + rank * 7, "ProcessGroupNCCL.cpp:1515"), pg, rank, pg, rank, work, ran_ms),
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:609 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f91c2d7b897 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f9176a5e1b2 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f9176a64fd3 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f9176a6737c in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: <unknown function> + 0xdc253 (0x7f91c24b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f91c6c19ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: clone + 0x44 (0x7f91c6caa8c4 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG %s Rank %d] Process group watchdog thread terminated with exception: [PG %s Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pg, rank, pg, rank, work, ran_ms),
    ]


def torchrun_failure(script, d, agent_pid, host, failures, sigterm_pids=(), binary="/usr/bin/python3", exit_by_signal=None):
    """torchrun agent epilogue.  failures: list of (rank, local_rank, exitcode, pid) - first is root cause."""
    out = []
    mic = 104000
    for p in sigterm_pids:
        out.append("%s Sending process %d closing signal SIGTERM" % (glog("W", d, mic, agent_pid, "torch/distributed/elastic/multiprocessing/api.py:897"), p))
        mic += 1000
    r0 = failures[0]
    out.append("%s failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (glog("E", plus(d, 1), 623000, agent_pid, "torch/distributed/elastic/multiprocessing/api.py:869"), r0[2], r0[1], r0[3], binary))
    out += [
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
    ts = plus(d, 0).strftime("%Y-%m-%d_%H:%M:%S")
    if len(failures) == 1:
        out.append("  <NO_OTHER_FAILURES>")
    for i, (rank, lr, code, pid) in enumerate(failures[1:], 1):
        out += ["[%d]:" % i, "  time      : %s" % ts, "  host      : %s" % host,
                "  rank      : %d (local_rank: %d)" % (rank, lr),
                "  exitcode  : %d (pid: %d)" % (code, pid)]
        if code < 0:
            out.append("  error_file: <N/A>")
            out.append("  traceback : Signal %d (%s) received by PID %d" % (-code, {6: "SIGABRT", 15: "SIGTERM", 9: "SIGKILL"}.get(-code, "SIG"), pid))
        else:
            out.append("  error_file: <N/A>")
            out.append("  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    rank, lr, code, pid = r0
    out += ["------------------------------------------------------------",
            "Root Cause (first observed failure):", "[0]:",
            "  time      : %s" % ts, "  host      : %s" % host,
            "  rank      : %d (local_rank: %d)" % (rank, lr),
            "  exitcode  : %d (pid: %d)" % (code, pid), "  error_file: <N/A>"]
    if code < 0:
        out.append("  traceback : Signal %d (%s) received by PID %d" % (-code, {6: "SIGABRT", 15: "SIGTERM", 9: "SIGKILL"}.get(-code, "SIG"), pid))
    else:
        out.append("  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    out.append("============================================================")
    return out


def megatron_iter(d, it, total, samples, ms, lr, gbs, loss, gnorm, tflops=None, skipped=0, nan=0):
    tp = (" throughput per GPU (TFLOP/s/GPU): %.1f |" % tflops) if tflops is not None else ""
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f |%s"
            " learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f |"
            " number of skipped iterations: %3d | number of nan iterations: %3d |"
            % (iso(d), it, total, samples, ms, tp, lr, gbs, loss, gnorm, skipped, nan))


def megatron_timers(rows):
    out = ["(min, max) time across ranks (ms):"]
    for name, mn, mx in rows:
        out.append("    %s: (%.2f, %.2f)" % (name.ljust(48, "."), mn, mx))
    return out


# --------------------------------------------------------------------------- slurm
def table(headers, widths, rows):
    line1 = " ".join(h.rjust(w) if i else h.ljust(w) for i, (h, w) in enumerate(zip(headers, widths)))
    line2 = " ".join("-" * w for w in widths)
    out = [line1, line2]
    for r in rows:
        out.append(" ".join(str(c).rjust(w) if i else str(c).ljust(w) for i, (c, w) in enumerate(zip(r, widths))))
    return "\n".join(out) + "\n"


def sacct(rows):
    """rows: (JobID, JobName, Partition, AllocCPUS, State, ExitCode, Elapsed, NodeList)"""
    return table(["JobID", "JobName", "Partition", "AllocCPUS", "State", "ExitCode", "Elapsed", "NodeList"],
                 [14, 12, 10, 10, 12, 8, 11, 26], rows)


def topology(groups):
    return json.dumps({"topology": groups}, indent=2) + "\n"


def jdump(obj):
    return json.dumps(obj, indent=2, sort_keys=True) + "\n"
