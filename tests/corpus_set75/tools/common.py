"""Shared formatting helpers for corpus set 75 (standard library only, deterministic)."""

import datetime as _dt

H100_BUS = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]
A100_BUS = ["07", "0F", "47", "4E", "87", "90", "B7", "BD"]

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def T(s):
    """Parse 'YYYY-mm-dd HH:MM:SS' into a datetime."""
    return _dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S")


def add(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


def py_ts(t, ms=0):
    """Python logging asctime: 2024-03-12 09:12:44,081"""
    return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (ms % 1000)


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def glog(level, t, us, pid, src):
    """glog/c10 prefix: E0312 09:12:44.081233 1234 file.cpp:123]"""
    return "%s%s %s.%06d %d %s]" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S"), us % 1000000, pid, src)


def torch_glog(rank, level, t, ns, src):
    """Newer PyTorch c10 prefix: [rank3]:[E312 09:12:44.081233123 ProcessGroupNCCL.cpp:616]"""
    return "[rank%d]:[%s%d%s %s.%09d %s]" % (rank, level, t.month, t.strftime("%d"), t.strftime("%H:%M:%S"), ns % 1000000000, src)


def ctime(t):
    """[Tue Mar 12 09:12:44 2024] as printed by dmesg -T"""
    return "[%s %s %2d %s %d]" % (DAYS[t.weekday()], MONTHS[t.month - 1], t.day, t.strftime("%H:%M:%S"), t.year)


def syslog(t):
    return "%s %2d %s" % (MONTHS[t.month - 1], t.day, t.strftime("%H:%M:%S"))


def uptime(boot, t, frac=0):
    secs = (t - boot).total_seconds()
    return "[%12.6f]" % (secs + (frac % 1000000) / 1e6)


def smi_date(t):
    return "%s %s %2d %s %d" % (DAYS[t.weekday()], MONTHS[t.month - 1], t.day, t.strftime("%H:%M:%S"), t.year)


def hms(seconds):
    seconds = int(seconds)
    h, rem = divmod(seconds, 3600)
    m, s = divmod(rem, 60)
    if h:
        return "%d:%02d:%02d" % (h, m, s)
    return "%02d:%02d" % (m, s)


def bar(frac, width=10):
    full = int(frac * width)
    return "\u2588" * full + " " * (width - full)


# --------------------------------------------------------------------------------------------
# nvidia-smi
# --------------------------------------------------------------------------------------------

def gpu(idx, bus, **kw):
    d = dict(
        idx=idx, bus=bus, temp=45, mtemp=52, power=420.0, plimit=700.0, sm=1980, maxsm=1980,
        mem=2619, maxmem=2619, util=98, memutil=41, used=61234, total=81559, pstate="P0",
        idle=False, app=False, swpower=False, hwslow=False, hwthermal=False, hwbrake=False,
        sync=False, swthermal=False, pgen=5, pmaxgen=5, pwidth=16, pmaxwidth=16,
        sram_corr=0, sram_unc=0, dram_corr=0, dram_unc=0, remap_corr=0, remap_unc=0,
        remap_pending="No", remap_failure="No", serial="165232100%04d" % (idx * 37 + 11),
        replay=0,
    )
    d.update(kw)
    return d


def _act(b):
    return "Active" if b else "Not Active"


def nvsmi_q(t, gpus, driver="535.129.03", cuda="12.2", product="NVIDIA H100 80GB HBM3",
            style="events"):
    """nvidia-smi -q (subset of sections, real layout). style: 'events' (>=535) or 'throttle' (<535)."""
    out = []
    out.append("")
    out.append("==============NVSMI LOG==============")
    out.append("")
    out.append("Timestamp                                 : %s" % smi_date(t))
    out.append("Driver Version                            : %s" % driver)
    out.append("CUDA Version                              : %s" % cuda)
    out.append("")
    out.append("Attached GPUs                             : %d" % len(gpus))
    for g in gpus:
        out.append("GPU 00000000:%s:00.0" % g["bus"])
        out.append("    Product Name                          : %s" % product)
        out.append("    Product Brand                         : NVIDIA")
        out.append("    Product Architecture                  : %s" % ("Hopper" if "H100" in product else "Ampere"))
        out.append("    Display Mode                          : Disabled")
        out.append("    Display Active                        : Disabled")
        out.append("    Persistence Mode                      : Enabled")
        out.append("    MIG Mode")
        out.append("        Current                           : Disabled")
        out.append("        Pending                           : Disabled")
        out.append("    Accounting Mode                       : Disabled")
        out.append("    Driver Model")
        out.append("        Current                           : N/A")
        out.append("        Pending                           : N/A")
        out.append("    Serial Number                         : %s" % g["serial"])
        out.append("    Minor Number                          : %d" % g["idx"])
        out.append("    PCI")
        out.append("        Bus                               : 0x%s" % g["bus"])
        out.append("        Device                            : 0x00")
        out.append("        Domain                            : 0x0000")
        out.append("        Bus Id                            : 00000000:%s:00.0" % g["bus"])
        out.append("        GPU Link Info")
        out.append("            PCIe Generation")
        out.append("                Max                       : %d" % g["pmaxgen"])
        out.append("                Current                   : %d" % g["pgen"])
        out.append("                Device Current            : %d" % g["pgen"])
        out.append("                Device Max                : %d" % g["pmaxgen"])
        out.append("                Host Max                  : %d" % g["pmaxgen"])
        out.append("            Link Width")
        out.append("                Max                       : %dx" % g["pmaxwidth"])
        out.append("                Current                   : %dx" % g["pwidth"])
        out.append("        Bridge Chip")
        out.append("            Type                          : N/A")
        out.append("            Firmware                      : N/A")
        out.append("        Replays Since Reset               : %d" % g["replay"])
        out.append("        Replay Number Rollovers           : 0")
        out.append("        Tx Throughput                     : %d KB/s" % (g["util"] * 9120))
        out.append("        Rx Throughput                     : %d KB/s" % (g["util"] * 7310))
        out.append("    Fan Speed                             : N/A")
        out.append("    Performance State                     : %s" % g["pstate"])
        out.append("    %s" % ("Clocks Event Reasons" if style == "events" else "Clocks Throttle Reasons"))
        out.append("        Idle                              : %s" % _act(g["idle"]))
        out.append("        Applications Clocks Setting       : %s" % _act(g["app"]))
        out.append("        SW Power Cap                      : %s" % _act(g["swpower"]))
        out.append("        HW Slowdown                       : %s" % _act(g["hwslow"]))
        out.append("            HW Thermal Slowdown           : %s" % _act(g["hwthermal"]))
        out.append("            HW Power Brake Slowdown       : %s" % _act(g["hwbrake"]))
        out.append("        Sync Boost                        : %s" % _act(g["sync"]))
        out.append("        SW Thermal Slowdown               : %s" % _act(g["swthermal"]))
        out.append("        Display Clock Setting             : Not Active")
        out.append("    FB Memory Usage")
        out.append("        Total                             : %d MiB" % g["total"])
        out.append("        Reserved                          : 328 MiB")
        out.append("        Used                              : %d MiB" % g["used"])
        out.append("        Free                              : %d MiB" % (g["total"] - 328 - g["used"]))
        out.append("    Compute Mode                          : Default")
        out.append("    Utilization")
        out.append("        Gpu                               : %d %%" % g["util"])
        out.append("        Memory                            : %d %%" % g["memutil"])
        out.append("        Encoder                           : 0 %")
        out.append("        Decoder                           : 0 %")
        out.append("    ECC Mode")
        out.append("        Current                           : Enabled")
        out.append("        Pending                           : Enabled")
        out.append("    ECC Errors")
        out.append("        Volatile")
        out.append("            SRAM Correctable              : %d" % g["sram_corr"])
        out.append("            SRAM Uncorrectable            : %d" % g["sram_unc"])
        out.append("            DRAM Correctable              : %d" % g["dram_corr"])
        out.append("            DRAM Uncorrectable            : %d" % g["dram_unc"])
        out.append("        Aggregate")
        out.append("            SRAM Correctable              : %d" % g["sram_corr"])
        out.append("            SRAM Uncorrectable            : %d" % g["sram_unc"])
        out.append("            DRAM Correctable              : %d" % g["dram_corr"])
        out.append("            DRAM Uncorrectable            : %d" % g["dram_unc"])
        out.append("    Retired Pages")
        out.append("        Single Bit ECC                    : N/A")
        out.append("        Double Bit ECC                    : N/A")
        out.append("        Pending Page Blacklist            : N/A")
        out.append("    Remapped Rows")
        out.append("        Correctable Error                 : %d" % g["remap_corr"])
        out.append("        Uncorrectable Error               : %d" % g["remap_unc"])
        out.append("        Pending                           : %s" % g["remap_pending"])
        out.append("        Remapping Failure Occurred        : %s" % g["remap_failure"])
        out.append("        Bank Remap Availability Histogram")
        out.append("            Max                           : 2560 bank(s)")
        out.append("            High                          : 0 bank(s)")
        out.append("            Partial                       : 0 bank(s)")
        out.append("            Low                           : 0 bank(s)")
        out.append("            None                          : 0 bank(s)")
        out.append("    Temperature")
        out.append("        GPU Current Temp                  : %d C" % g["temp"])
        if style == "events":
            out.append("        GPU T.Limit Temp                  : %d C" % (87 - g["temp"]))
            out.append("        GPU Shutdown T.Limit Temp         : -8 C")
            out.append("        GPU Slowdown T.Limit Temp         : -2 C")
            out.append("        GPU Max Operating T.Limit Temp    : 0 C")
        else:
            out.append("        GPU Shutdown Temp                 : 92 C")
            out.append("        GPU Slowdown Temp                 : 89 C")
            out.append("        GPU Max Operating Temp            : 87 C")
        out.append("        GPU Target Temperature            : N/A")
        out.append("        Memory Current Temp               : %d C" % g["mtemp"])
        out.append("        Memory Max Operating Temp         : 95 C")
        out.append("    GPU Power Readings")
        out.append("        Power Draw                        : %.2f W" % g["power"])
        out.append("        Current Power Limit               : %.2f W" % g["plimit"])
        out.append("        Requested Power Limit             : %.2f W" % g["plimit"])
        out.append("        Default Power Limit               : %.2f W" % g["plimit"])
        out.append("        Min Power Limit                   : 200.00 W")
        out.append("        Max Power Limit                   : %.2f W" % g["plimit"])
        out.append("    Clocks")
        out.append("        Graphics                          : %d MHz" % g["sm"])
        out.append("        SM                                : %d MHz" % g["sm"])
        out.append("        Memory                            : %d MHz" % g["mem"])
        out.append("        Video                             : %d MHz" % int(g["sm"] * 0.78))
        out.append("    Applications Clocks")
        out.append("        Graphics                          : %d MHz" % g["maxsm"])
        out.append("        Memory                            : %d MHz" % g["maxmem"])
        out.append("    Default Applications Clocks")
        out.append("        Graphics                          : %d MHz" % g["maxsm"])
        out.append("        Memory                            : %d MHz" % g["maxmem"])
        out.append("    Max Clocks")
        out.append("        Graphics                          : %d MHz" % g["maxsm"])
        out.append("        SM                                : %d MHz" % g["maxsm"])
        out.append("        Memory                            : %d MHz" % g["maxmem"])
        out.append("        Video                             : 1545 MHz")
        out.append("    Processes")
        if g.get("procs"):
            for pid, name, mib in g["procs"]:
                out.append("        GPU instance ID                   : N/A")
                out.append("        Compute instance ID               : N/A")
                out.append("        Process ID                        : %d" % pid)
                out.append("            Type                          : C")
                out.append("            Name                          : %s" % name)
                out.append("            Used GPU Memory               : %d MiB" % mib)
        else:
            out.append("        None")
        out.append("")
    return "\n".join(out) + "\n"


def nvsmi_table(t, gpus, driver="535.129.03", cuda="12.2", short="NVIDIA H100 80GB HBM3", procs=None):
    out = []
    out.append(smi_date(t))
    out.append("+---------------------------------------------------------------------------------------+")
    out.append("| NVIDIA-SMI %-22s Driver Version: %-14s CUDA Version: %-7s|" % (driver, driver, cuda))
    out.append("|-----------------------------------------+----------------------+----------------------+")
    out.append("| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |")
    out.append("| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |")
    out.append("|                                         |                      |               MIG M. |")
    out.append("|=========================================+======================+======================|")
    for g in gpus:
        a = (" %3d  %-26s" % (g["idx"], short[:26])).ljust(37) + "On  "
        out.append("|%s| %s |%s |" % (a.ljust(41), ("00000000:%s:00.0 Off" % g["bus"]).rjust(20),
                                      ("%d" % (g["sram_unc"] + g["dram_unc"])).rjust(21)))
        b = " N/A   %2dC    %-3s" % (g["temp"], g["pstate"])
        b = b + ("%dW / %dW" % (int(g["power"]), int(g["plimit"]))).rjust(40 - len(b)) + " "
        m = ("%dMiB / %dMiB" % (g["used"], g["total"])).rjust(21) + " "
        u = ("%d%%" % g["util"]).rjust(8) + "      Default "
        out.append("|%s|%s|%s|" % (b, m, u))
        out.append("|                                         |                      |             Disabled |")
        out.append("+-----------------------------------------+----------------------+----------------------+")
    out.append("")
    out.append("+---------------------------------------------------------------------------------------+")
    out.append("| Processes:                                                                            |")
    out.append("|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |")
    out.append("|        ID   ID                                                             Usage      |")
    out.append("|=======================================================================================|")
    for p in (procs or []):
        out.append("|  %4d   N/A  N/A  %9d      C   %-38s %8dMiB |" % p)
    if not procs:
        out.append("|  No running processes found                                                           |")
    out.append("+---------------------------------------------------------------------------------------+")
    return "\n".join(out) + "\n"


def dmon_header(old=False):
    if old:
        return ("# gpu   pwr gtemp mtemp    sm   mem   enc   dec  mclk  pclk\n"
                "# Idx     W     C     C     %     %     %     %   MHz   MHz\n")
    return ("# gpu    pwr  gtemp  mtemp     sm    mem    enc    dec    jpg    ofa   mclk   pclk \n"
            "# Idx      W      C      C      %      %      %      %      %      %    MHz    MHz \n")


def dmon_row(i, pwr, gt, mt, sm, mem, mclk, pclk, old=False):
    if old:
        return "%5d %5d %5d %5d %5d %5d %5d %5d %5d %5d\n" % (i, pwr, gt, mt, sm, mem, 0, 0, mclk, pclk)
    return "%5d %6d %6d %6d %6d %6d %6d %6d %6d %6d %6d %6d \n" % (i, pwr, gt, mt, sm, mem, 0, 0, 0, 0, mclk, pclk)


# --------------------------------------------------------------------------------------------
# NCCL / torchrun
# --------------------------------------------------------------------------------------------

def nccl_init(host, pids, node_idx, nranks, t, ip, net="IB", hcas=None, gdr=True, version="2.19.3+cuda12.3",
              bus=None, extra=None, rng=None, gdr_disabled_note=False, ranks_per_node=8, socket_if="bond0"):
    """NCCL INFO init lines for one node. pids: list of per-local-rank pids."""
    bus = bus or H100_BUS
    hcas = hcas or ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7"]
    lines = []
    for lr in range(ranks_per_node):
        pid = pids[lr]
        r = node_idx * ranks_per_node + lr
        p = "%s:%d:%d [%d]" % (host, pid, pid, lr)
        if r == 0:
            lines.append("%s NCCL INFO Bootstrap : Using %s:%s<0>" % (p, socket_if, ip))
            lines.append("%s NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation" % p)
            lines.append("%s NCCL INFO cudaDriverVersion 12030" % p)
            lines.append("NCCL version %s" % version)
        else:
            lines.append("%s NCCL INFO cudaDriverVersion 12030" % p)
            lines.append("%s NCCL INFO Bootstrap : Using %s:%s<0>" % (p, socket_if, ip))
        for e in (extra or []):
            lines.append("%s NCCL INFO %s" % (p, e))
    for lr in range(ranks_per_node):
        pid = pids[lr]
        tid = pid + 91 + lr
        r = node_idx * ranks_per_node + lr
        p = "%s:%d:%d [%d]" % (host, pid, tid, lr)
        if net == "IB":
            lines.append("%s NCCL INFO NET/IB : Using %s ; OOB %s:%s<0>" % (
                p, " ".join("[%d]%s:1/IB" % (i, h) for i, h in enumerate(hcas)), socket_if, ip))
            lines.append("%s NCCL INFO Using non-device net plugin version 0" % p)
            lines.append("%s NCCL INFO Using network IB" % p)
        else:
            lines.append("%s NCCL INFO NET/Socket : Using [0]%s:%s<0>" % (p, socket_if, ip))
            lines.append("%s NCCL INFO Using non-device net plugin version 0" % p)
            lines.append("%s NCCL INFO Using network Socket" % p)
        lines.append("%s NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x7a3c91e0d44f2b18 - Init START" % (
            p, 0x55d0a0000000 + r * 0x1f000, r, nranks, lr, lr, bus[lr].lower()))
        if gdr_disabled_note and net == "IB":
            for i, h in enumerate(hcas[:4]):
                lines.append("%s NCCL INFO NET/IB : GPU Direct RDMA Disabled for HCA %d '%s' (no module)" % (p, i, h))
    return lines


def nccl_channels(host, pids, node_idx, nranks, net="IB", gdr=True, ranks_per_node=8, intra="P2P/IPC",
                  nchan=2):
    lines = []
    for lr in range(ranks_per_node):
        pid = pids[lr]
        tid = pid + 91 + lr
        r = node_idx * ranks_per_node + lr
        p = "%s:%d:%d [%d]" % (host, pid, tid, lr)
        for c in range(nchan):
            if lr == ranks_per_node - 1:
                nxt = (r + 1) % nranks
                via = "NET/%s/%d%s" % ("IB" if net == "IB" else "Socket", c % 4, "/GDRDMA" if (gdr and net == "IB") else "")
                lines.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] [send] via %s" % (p, c, r, lr, nxt, 0, via))
            else:
                lines.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] via %s" % (p, c, r, lr, r + 1, lr + 1, intra))
        lines.append("%s NCCL INFO Connected all rings" % p)
        lines.append("%s NCCL INFO Connected all trees" % p)
        lines.append("%s NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x7a3c91e0d44f2b18 - Init COMPLETE" % (
            p, 0x55d0a0000000 + r * 0x1f000, r, nranks, lr, lr, H100_BUS[lr].lower()))
    return lines


def torchrun_rdzv(t, node_rank, nnodes, master, nproc=8, port=29500, prefix="", ms=0):
    world = nnodes * nproc
    ranks = list(range(node_rank * nproc, (node_rank + 1) * nproc))
    lines = [
        "%sINFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:" % prefix,
        "%s  entrypoint       : train.py" % prefix,
        "%s  min_nodes        : %d" % (prefix, nnodes),
        "%s  max_nodes        : %d" % (prefix, nnodes),
        "%s  nproc_per_node   : %d" % (prefix, nproc),
        "%s  run_id           : %s" % (prefix, "job"),
        "%s  rdzv_backend     : c10d" % prefix,
        "%s  rdzv_endpoint    : %s:%d" % (prefix, master, port),
        "%s  rdzv_configs     : {'timeout': 900}" % prefix,
        "%s  max_restarts     : 0" % prefix,
        "%s  monitor_interval : 5" % prefix,
        "%s  log_dir          : None" % prefix,
        "%s  metrics_cfg      : {}" % prefix,
        "%s" % prefix,
        "%sINFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous complete for workers. Result:" % prefix,
        "%s  restart_count=0" % prefix,
        "%s  master_addr=%s" % (prefix, master),
        "%s  master_port=%d" % (prefix, port + 1),
        "%s  group_rank=%d" % (prefix, node_rank),
        "%s  group_world_size=%d" % (prefix, nnodes),
        "%s  local_ranks=%s" % (prefix, list(range(nproc))),
        "%s  role_ranks=%s" % (prefix, ranks),
        "%s  global_ranks=%s" % (prefix, ranks),
        "%s  role_world_sizes=%s" % (prefix, [world] * nproc),
        "%s  global_world_sizes=%s" % (prefix, [world] * nproc),
        "%s" % prefix,
        "%sINFO:torch.distributed.elastic.agent.server.api:[default] Starting worker group" % prefix,
        "%sINFO:torch.distributed.elastic.agent.server.local_elastic_agent:Environment variable 'TORCHELASTIC_ENABLE_FILE_TIMER' not found. Do not start FileTimerServer." % prefix,
        "%sINFO:torch.distributed.elastic.multiprocessing:Setting worker0 reply file to: /tmp/torchelastic_x1c9q2/job_3p0sr1/attempt_0/0/error.json" % prefix,
    ]
    return lines


def child_failed(script, t, failures, root):
    """torch.distributed.elastic ChildFailedError summary. failures/root: (rank, local, host, exitcode, pid, traceback)"""
    def block(i, f, tt):
        rank, local, host, code, pid, tb = f
        return [
            "[%d]:" % i,
            "  time      : %s" % tt.strftime("%Y-%m-%d_%H:%M:%S"),
            "  host      : %s" % host,
            "  rank      : %d (local_rank: %d)" % (rank, local),
            "  exitcode  : %d (pid: %d)" % (code, pid),
            "  error_file: <N/A>",
            "  traceback : %s" % tb,
        ]
    out = [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 347, in wrapper',
        "    return f(*args, **kwargs)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 812, in main',
        "    run(args)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 803, in run',
        "    elastic_launch(",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 135, in __call__',
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 268, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "%s FAILED" % script,
        "------------------------------------------------------------",
        "Failures:",
    ]
    if failures:
        for i, f in enumerate(failures, 1):
            out += block(i, f, t)
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out += ["------------------------------------------------------------", "Root Cause (first observed failure):"]
    out += block(0, root, t)
    out.append("============================================================")
    return out


def watchdog_timeout(rank, t, ns, seq, op, numel, timeout_ms=600000, ran=None):
    ran = ran or timeout_ms + 13 + rank
    return ("%s [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, "
            "NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (
                torch_glog(rank, "E", t, ns, "ProcessGroupNCCL.cpp:632"), rank, seq, op, numel, numel, timeout_ms, ran))


def watchdog_tail(rank, t, ns, seq):
    p = torch_glog(rank, "E", t, ns, "ProcessGroupNCCL.cpp:1664")
    p2 = torch_glog(rank, "E", t, ns + 1200, "ProcessGroupNCCL.cpp:1709")
    p3 = torch_glog(rank, "E", t, ns + 2300, "ProcessGroupNCCL.cpp:1716")
    return [
        "%s [PG 0 (default_pg) Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (p, rank, seq, seq + 3, seq - 1),
        "%s [PG 0 (default_pg) Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (p2, rank, seq, seq + 3, seq - 1),
        "%s To avoid data inconsistency, we are taking the entire process down." % p3,
    ]


def boot_dmesg(boot_t, host, kernel="5.15.0-105-generic", nic_pci=None, fmt="uptime", extra_early=None,
               peermem=True, dmi="NVIDIA DGXH100/DGXH100, BIOS 1.2.4 09/20/2023"):
    """A small, plausible early-boot dmesg slice."""
    def ts(sec, frac):
        if fmt == "uptime":
            return "[%12.6f]" % (sec + frac / 1e6)
        return ctime(add(boot_t, sec))
    lines = [
        "%s Linux version %s (buildd@lcy02-amd64-051) (x86_64-linux-gnu-gcc-11 (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP" % (ts(0, 0), kernel),
        "%s Command line: BOOT_IMAGE=/boot/vmlinuz-%s root=UUID=3f1a2c77-0d2b-4c5e-9a31-5b2e8e7d9c10 ro console=tty0 console=ttyS0,115200n8 pci=realloc=off iommu=pt" % (ts(0, 0), kernel),
        "%s DMI: %s" % (ts(0, 1), dmi),
        "%s Memory: 2113191936K/2147481088K available" % ts(0, 182311),
        "%s smpboot: Allowing 224 CPUs, 0 hotplug CPUs" % ts(0, 211034),
    ]
    for e in (extra_early or []):
        lines.append("%s %s" % (ts(e[0], e[1]), e[2]))
    lines += [
        "%s mlx5_core 0000:%s: firmware version: 28.39.1002" % (ts(14, 330021), nic_pci or "1a:00.0"),
        "%s mlx5_core 0000:%s: Rate limit: 127 rates are supported, range: 0Mbps to 97656Mbps" % (ts(14, 331008), nic_pci or "1a:00.0"),
        "%s nvidia: loading out-of-tree module taints kernel." % ts(21, 402113),
        "%s nvidia-nvlink: Nvlink Core is being initialized, major device number 508" % ts(21, 405992),
        "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023" % ts(21, 611201),
        "%s nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  535.129.03  Thu Oct 19 18:42:12 UTC 2023" % ts(21, 702118),
    ]
    if peermem:
        lines.append("%s nvidia-peermem nv_mem_init: NVIDIA peer memory client module loaded" % ts(23, 118812))
    return lines
