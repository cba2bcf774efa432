"""Shared helpers for the set-97 generator: clocks, log line formats, node files.

Standard library only and deterministic: every random choice comes from a
``random.Random`` that the caller seeded for its case.
"""
import sys

sys.dont_write_bytecode = True

import datetime as _dt

UTC = _dt.timezone.utc

H100_BUS = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]
A100_BUS = ["07", "0F", "47", "4E", "87", "90", "B7", "BD"]


def T(y, mo, d, h, mi, s=0, us=0):
    return _dt.datetime(y, mo, d, h, mi, s, us)


def add(dt, seconds):
    return dt + _dt.timedelta(seconds=seconds)


# --------------------------------------------------------------------------
# clock formats
# --------------------------------------------------------------------------
def t_iso(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S")


def _us(dt):
    """Sub-second part; whole-second clocks get a deterministic filler so that
    log lines do not all end in .000000."""
    if dt.microsecond:
        return dt.microsecond
    return ((dt.hour * 3600 + dt.minute * 60 + dt.second) * 7919 + dt.day * 104729) % 997 + 1


def t_glog(dt):
    """torch >= 2.3 logging prefix clock: MMDD HH:MM:SS.uuuuuu"""
    return dt.strftime("%m%d %H:%M:%S.") + "%06d" % _us(dt)


def t_nccl(dt):
    """c10d C++ log clock: MMDD HH:MM:SS.nnnnnnnnn"""
    u = _us(dt)
    return dt.strftime("%m%d %H:%M:%S.") + "%06d" % u + "%03d" % (u % 997)


def t_pylog(dt):
    return dt.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (_us(dt) // 1000)


def t_ctime(dt):
    # dmesg -T / ctime style: "Tue May 14 09:40:11 2024" (day padded with a space)
    return "%s %s %2d %s %d" % (dt.strftime("%a"), dt.strftime("%b"), dt.day,
                                dt.strftime("%H:%M:%S"), dt.year)


def t_syslog(dt):
    return "%s %2d %s" % (dt.strftime("%b"), dt.day, dt.strftime("%H:%M:%S"))


def t_k8s(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d" % dt.microsecond + "Z"


# --------------------------------------------------------------------------
# kernel logs
# --------------------------------------------------------------------------
class Kern:
    """Builds dmesg (-T or raw uptime) or kern.log style lines for one host."""

    def __init__(self, host, boot, style="dmesg_T"):
        self.host = host
        self.boot = boot
        self.style = style
        self.lines = []

    def up(self, dt):
        d = (dt - self.boot).total_seconds()
        if not dt.microsecond:
            d += _us(dt) / 1e6
        return "%12.6f" % d

    def add(self, dt, msg):
        if self.style == "dmesg_T":
            self.lines.append((dt, "[%s] %s" % (t_ctime(dt), msg)))
        elif self.style == "dmesg_raw":
            self.lines.append((dt, "[%s] %s" % (self.up(dt), msg)))
        else:  # kern.log / journal
            self.lines.append((dt, "%s %s kernel: [%s] %s" % (t_syslog(dt), self.host, self.up(dt), msg)))

    def text(self):
        return "\n".join(l for _, l in sorted(self.lines, key=lambda x: x[0])) + "\n"


def boot_noise(k, rng, boot, gpus=8, bus=None, nic="mlx5"):
    """Ordinary boot-time and idle kernel chatter (no faults)."""
    bus = bus or H100_BUS
    t = add(boot, 3)
    k.add(t, "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0) #115-Ubuntu SMP")
    k.add(add(t, 0.2), "Command line: BOOT_IMAGE=/vmlinuz-5.15.0-105-generic root=UUID=3c1e7b9d ro iommu=pt pci=realloc=off")
    k.add(add(t, 1.1), "ACPI: PCI Root Bridge [PC00] (domain 0000 [bus 00-16])")
    k.add(add(t, 9.3), "nvidia: loading out-of-tree module taints kernel.")
    k.add(add(t, 9.4), "nvidia-nvlink: Nvlink Core is being initialized, major device number 508")
    for i in range(gpus):
        k.add(add(t, 9.5 + i * 0.01), "nvidia 0000:%s:00.0: enabling device (0000 -> 0002)" % bus[i].lower())
    k.add(add(t, 10.2), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024")
    k.add(add(t, 10.9), "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  550.54.15")
    k.add(add(t, 11.4), "nvidia-uvm: Loaded the UVM driver, major device number 506.")
    if nic == "mlx5":
        for i, p in enumerate(["0c", "1f", "47", "5a"]):
            k.add(add(t, 12 + i * 0.1), "mlx5_core 0000:%s:00.0: firmware version: 28.39.1002" % p)
            k.add(add(t, 12.05 + i * 0.1), "mlx5_core 0000:%s:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 195312Mbps" % p)
        k.add(add(t, 14), "mlx5_ib: Mellanox Connect-IB Infiniband driver v5.15.0-105")
    k.add(add(t, 16), "nvidia-peermem: module verification failed: signature and/or required key missing - tainting kernel")
    k.add(add(t, 21), "IPv6: ADDRCONF(NETDEV_CHANGE): bond0: link becomes ready")
    k.add(add(t, 33), "systemd-journald[1021]: Received client request to flush runtime journal.")
    k.add(add(t, 120 + rng.randint(0, 60)), "nvidia-fabricmanager: FM starting (version 550.54.15)")


def idle_noise(k, rng, start, end, n=6):
    msgs = [
        "perf: interrupt took too long (2518 > 2500), lowering kernel.perf_event_max_sample_rate to 79250",
        "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none.",
        "audit: type=1400 audit(%d.412:221): apparmor=\"STATUS\" operation=\"profile_replace\" name=\"snap.lxd\"",
        "IPv4: martian source 10.8.255.255 from 10.8.12.9, on dev bond0",
        "enroot-aufs2ovlfs: overlay: upper fs does not support RENAME_WHITEOUT.",
        "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters.",
        "nfs: server fs-home01 OK",
        "Lustre: Mounted scratch-client",
        "device vethd3c1a2 entered promiscuous mode",
    ]
    span = max(1, int((end - start).total_seconds()))
    for _ in range(n):
        m = rng.choice(msgs)
        if "%d" in m:
            m = m % rng.randint(1700000000, 1720000000)
        k.add(add(start, rng.randint(0, span)), m)


def xid_line(bus, code, pid, name, text):
    return "NVRM: Xid (PCI:0000:%s:00): %d, pid=%s, name=%s, %s" % (bus.lower(), code, pid, name, text)


# --------------------------------------------------------------------------
# torch / elastic / NCCL
# --------------------------------------------------------------------------
def glog(dt, lvl, pid, src, msg):
    return "%s%s %d %s] %s" % (lvl, t_glog(dt), pid, src, msg)


def oldlog(dt, logger, lvl, msg):
    return "[%s] %s: [%s] %s" % (t_pylog(dt), logger, lvl, msg)


def rdzv_result(dt, pid, restart, master, port, group_rank, nnodes, nproc, style="new"):
    lr = list(range(nproc))
    gr = [group_rank * nproc + i for i in lr]
    ws = nnodes * nproc
    body = [
        "  restart_count=%d" % restart,
        "  master_addr=%s" % master,
        "  master_port=%d" % port,
        "  group_rank=%d" % group_rank,
        "  group_world_size=%d" % nnodes,
        "  local_ranks=%s" % lr,
        "  role_ranks=%s" % gr,
        "  global_ranks=%s" % gr,
        "  role_world_sizes=%s" % ([ws] * nproc),
        "  global_world_sizes=%s" % ([ws] * nproc),
        "",
    ]
    if style == "new":
        head = glog(dt, "I", pid, "torch/distributed/elastic/agent/server/api.py:525",
                    "[default] Rendezvous complete for workers. Result:")
    else:
        head = oldlog(dt, "torch.distributed.elastic.agent.server.api", "INFO",
                      "[default] Rendezvous complete for workers. Result:")
    return [head] + body


def child_failed(script, host, failures, dt_str):
    """failures: list of (rank, local_rank, exitcode_str, pid). first is the root cause."""
    out = [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
        "    return f(*args, **kwargs)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main',
        "    run(args)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 910, in run',
        "    elastic_launch(",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 138, in __call__',
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 269, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "%s FAILED" % script,
        "------------------------------------------------------------",
        "Failures:",
    ]
    root = failures[0]
    others = failures[1:]
    if not others:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others, 1):
        out += [
            "[%d]:" % i,
            "  time      : %s" % dt_str,
            "  host      : %s" % host,
            "  rank      : %d (local_rank: %d)" % (f[0], f[1]),
            "  exitcode  : %s (pid: %d)" % (f[2], f[3]),
            "  error_file: <N/A>",
            "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
        ]
    out += [
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        "  time      : %s" % dt_str,
        "  host      : %s" % host,
        "  rank      : %d (local_rank: %d)" % (root[0], root[1]),
        "  exitcode  : %s (pid: %d)" % (root[2], root[3]),
        "  error_file: <N/A>",
        "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
        "============================================================",
    ]
    return out


def watchdog_timeout(dt, rank, seq, op, numel, timeout_ms, ran_ms, pg="0 PG GUID 0(default_pg)", last_enq=None, last_done=None):
    last_enq = seq + 2 if last_enq is None else last_enq
    last_done = seq - 1 if last_done is None else last_done
    p = "[rank%d]:[E%s " % (rank, t_nccl(dt))
    return [
        p + "ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (rank, seq, op, numel, numel, timeout_ms, ran_ms),
        p + "ProcessGroupNCCL.cpp:1785] [PG ID %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (pg, rank, seq, last_enq, last_done),
        p + "ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank,
        p + "ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank,
        p + "ProcessGroupNCCL.cpp:1595] [PG ID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (pg, rank, rank, seq, op, numel, numel, timeout_ms, ran_ms),
    ]


def nccl_info_init(host, pid, tid, gpu, rank, nranks, bus, version="2.20.5", net="IB"):
    h = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, gpu)
    out = []
    if rank == 0:
        out.append("%s:%d:%d [%d] NCCL INFO NCCL version %s+cuda12.4" % (host, pid, pid, gpu, version))
    out += [
        h + "NCCL_SOCKET_IFNAME set by environment to bond0",
        h + "NCCL_IB_HCA set to mlx5_0,mlx5_1,mlx5_2,mlx5_3" if net == "IB" else h + "NET/Socket : Using [0]eth0:10.1.0.%d<0>" % (rank % 250),
        h + "Using network %s" % net,
        h + "ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x5c1f0e2a9b7d33e1 - Init COMPLETE" % (0x55d0a0000000 + rank * 0x1000, rank, nranks, gpu, gpu, bus.lower()),
    ]
    return out


def py_traceback(frames, exc_lines):
    out = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append('  File "%s", line %d, in %s' % (f, ln, fn))
        if code:
            out.append("    " + code)
    out += exc_lines
    return out


def prefix(lines, pre):
    return [pre + l for l in lines]


# --------------------------------------------------------------------------
# node health snapshots
# --------------------------------------------------------------------------
def nvidia_smi_q(host, dt, gpus=8, bus=None, product="NVIDIA H100 80GB HBM3", driver="550.54.15",
                 cuda="12.4", over=None, rng=None, mem_total=81559):
    """over: {gpu_index: {field: value}} overrides of the defaults below."""
    bus = bus or H100_BUS
    over = over or {}
    out = [
        "",
        "==============NVSMI LOG==============",
        "",
        "Timestamp                                 : %s" % t_ctime(dt),
        "Driver Version                            : %s" % driver,
        "CUDA Version                              : %s" % cuda,
        "",
        "Attached GPUs                             : %d" % gpus,
    ]
    for i in range(gpus):
        o = over.get(i, {})
        temp = o.get("temp", 31 + (rng.randint(0, 6) if rng else i % 5))
        util = o.get("util", 0)
        power = o.get("power", "71.%02d W" % (10 + i * 7))
        used = o.get("mem_used", 2)
        ev = o.get("events", {})
        def evs(k):
            return ev.get(k, "Not Active")
        out += [
            "GPU 00000000:%s:00.0" % bus[i],
            "    Product Name                          : %s" % product,
            "    Product Brand                         : NVIDIA",
            "    Persistence Mode                      : Enabled",
            "    Serial Number                         : %s" % o.get("serial", "16522%08d" % (hash_host(host) % 10**6 * 10 + i)),
            "    GPU UUID                              : GPU-%08x-%04x-%04x-%04x-%012x" % (hash_host(host) & 0xffffffff, i * 7 + 1, 0x4c2e, 0x9a1b, (hash_host(host) * (i + 3)) & 0xffffffffffff),
            "    Minor Number                          : %d" % i,
            "    VBIOS Version                         : 96.00.89.00.01",
            "    PCI",
            "        Bus                               : 0x%s" % bus[i],
            "        Bus Id                            : 00000000:%s:00.0" % bus[i],
            "        GPU Link Info",
            "            PCIe Generation",
            "                Max                       : 5",
            "                Current                   : %s" % o.get("pcie_gen", "5"),
            "            Link Width",
            "                Max                       : 16x",
            "                Current                   : %s" % o.get("pcie_width", "16x"),
            "        Replays Since Reset               : %s" % o.get("replays", "0"),
            "    Performance State                     : %s" % o.get("pstate", "P0"),
            "    Clocks Event Reasons",
            "        Idle                              : %s" % evs("idle"),
            "        Applications Clocks Setting       : Not Active",
            "        SW Power Cap                      : %s" % evs("sw_power"),
            "        HW Slowdown                       : %s" % evs("hw_slowdown"),
            "            HW Thermal Slowdown           : %s" % evs("hw_thermal"),
            "            HW Power Brake Slowdown       : %s" % evs("hw_power_brake"),
            "        Sync Boost                        : Not Active",
            "        SW Thermal Slowdown               : %s" % evs("sw_thermal"),
            "        Display Clock Setting             : Not Active",
            "    FB Memory Usage",
            "        Total                             : %d MiB" % mem_total,
            "        Reserved                          : 328 MiB",
            "        Used                              : %d MiB" % used,
            "        Free                              : %d MiB" % (mem_total - 328 - used),
            "    Compute Mode                          : Default",
            "    Utilization",
            "        Gpu                               : %d %%" % util,
            "        Memory                            : %d %%" % o.get("mem_util", 0),
            "    ECC Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : %s" % o.get("v_sram_ce", "0"),
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : 0",
            "            DRAM Correctable              : %s" % o.get("v_dram_ce", "0"),
            "            DRAM Uncorrectable            : %s" % o.get("v_dram_ue", "0"),
            "        Aggregate",
            "            SRAM Correctable              : %s" % o.get("a_sram_ce", "0"),
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : 0",
            "            DRAM Correctable              : %s" % o.get("a_dram_ce", "0"),
            "            DRAM Uncorrectable            : %s" % o.get("a_dram_ue", "0"),
            "    Retired Pages",
            "        Single Bit ECC                    : N/A",
            "        Double Bit ECC                    : N/A",
            "        Pending Page Blacklist            : N/A",
            "    Remapped Rows",
            "        Correctable Error                 : %s" % o.get("rr_ce", "0"),
            "        Uncorrectable Error               : %s" % o.get("rr_ue", "0"),
            "        Pending                           : %s" % o.get("rr_pending", "No"),
            "        Remapping Failure Occurred        : %s" % o.get("rr_fail", "No"),
            "        Bank Remap Availability Histogram",
            "            Max                           : %s bank(s)" % o.get("rr_max", "2560"),
            "            High                          : 0 bank(s)",
            "            Partial                       : %s bank(s)" % o.get("rr_partial", "0"),
            "            Low                           : 0 bank(s)",
            "            None                          : %s bank(s)" % o.get("rr_none", "0"),
            "    Temperature",
            "        GPU Current Temp                  : %d C" % temp,
            "        GPU T.Limit Temp                  : %d C" % o.get("tlimit", 56),
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 87 C",
            "        GPU Max Operating Temp            : 85 C",
            "        Memory Current Temp               : %d C" % (temp + 6),
            "    GPU Power Readings",
            "        Power Draw                        : %s" % power,
            "        Current Power Limit               : 700.00 W",
            "        Default Power Limit               : 700.00 W",
            "    Clocks",
            "        Graphics                          : %s" % o.get("clk", "1980 MHz"),
            "        SM                                : %s" % o.get("clk", "1980 MHz"),
            "        Memory                            : 2619 MHz",
            "    Max Clocks",
            "        Graphics                          : 1980 MHz",
            "        SM                                : 1980 MHz",
            "    Processes                             : %s" % ("None" if not o.get("procs") else ""),
        ]
        for p in o.get("procs", []):
            out += [
                "        GPU instance ID                   : N/A",
                "        Compute instance ID               : N/A",
                "        Process ID                        : %d" % p[0],
                "            Type                          : C",
                "            Name                          : %s" % p[1],
                "            Used GPU Memory               : %d MiB" % p[2],
            ]
        out.append("")
    return "\n".join(out) + "\n"


def hash_host(host):
    h = 2166136261
    for c in host.encode():
        h = ((h ^ c) * 16777619) & 0xffffffff
    return h


def ibstat(host, ports=4, states=None, rate=400):
    states = states or {}
    out = []
    for i in range(ports):
        st = states.get(i, {})
        out += [
            "CA 'mlx5_%d'" % i,
            "\tCA type: MT4129",
            "\tNumber of ports: 1",
            "\tFirmware version: 28.39.1002",
            "\tHardware version: 0",
            "\tNode GUID: 0x%016x" % ((hash_host(host) << 20) + i),
            "\tSystem image GUID: 0x%016x" % (hash_host(host) << 20),
            "\tPort 1:",
            "\t\tState: %s" % st.get("state", "Active"),
            "\t\tPhysical state: %s" % st.get("phys", "LinkUp"),
            "\t\tRate: %d" % st.get("rate", rate),
            "\t\tBase lid: %d" % (hash_host(host) % 900 + 10 + i),
            "\t\tLMC: 0",
            "\t\tSM lid: 1",
            "\t\tCapability mask: 0xa751e848",
            "\t\tPort GUID: 0x%016x" % ((hash_host(host) << 20) + i),
            "\t\tLink layer: InfiniBand",
        ]
    return "\n".join(out) + "\n"


def free_txt(total_gi=2015, used_gi=212, buff=40):
    avail = total_gi - used_gi - 3
    return ("               total        used        free      shared  buff/cache   available\n"
            "Mem:          %4dGi       %4dGi       %4dGi       1.2Gi       %4dGi       %4dGi\n"
            "Swap:             0B          0B          0B\n") % (total_gi, used_gi, max(1, total_gi - used_gi - buff), buff, max(1, avail))


def sacct(rows):
    """rows: (jobid, name, partition, state, exitcode, start, end, nodelist)"""
    out = ["JobID           JobName  Partition      State ExitCode               Start                 End        NodeList ",
           "------------ ---------- ---------- ---------- -------- ------------------- ------------------- --------------- "]
    for r in rows:
        out.append("%-12s %10s %10s %10s %8s %19s %19s %-15s " % r)
    return "\n".join(out) + "\n"


class Stream:
    """Time-ordered log lines; ties keep insertion order."""

    def __init__(self):
        self.items = []
        self.n = 0

    def add(self, dt, text, pre=""):
        if isinstance(text, (list, tuple)):
            for t in text:
                self.items.append((dt, self.n, pre + t))
                self.n += 1
        else:
            self.items.append((dt, self.n, pre + text))
            self.n += 1

    def lines(self):
        return [t for _, _, t in sorted(self.items, key=lambda x: (x[0], x[1]))]

    def text(self):
        return "\n".join(self.lines()) + "\n"
