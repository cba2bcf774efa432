"""Shared log-format helpers for corpus set 96 (hangs and stalls).

Standard library only; every function is deterministic given its inputs
(callers pass a seeded random.Random).
"""
import sys

sys.dont_write_bytecode = True

import calendar  # noqa: E402
from datetime import datetime, timedelta  # noqa: E402

H100_BUS = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]
A100_BUS = ["07", "0F", "47", "4E", "87", "90", "B7", "BD"]
A100_4_BUS = ["01", "41", "81", "C1"]

MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
DOW = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def dt(y, mo, d, h, mi, s=0):
    return datetime(y, mo, d, h, mi, s)


def plus(t, seconds):
    return t + timedelta(seconds=seconds)


def epoch(t):
    return calendar.timegm(t.timetuple())


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def glog(level, t, usec, src):
    """torch/c10 glog-style prefix body, e.g. E1106 14:22:03.123456789 ProcessGroupNCCL.cpp:632"""
    return "%s%02d%02d %s.%09d %s" % (level, t.month, t.day, t.strftime("%H:%M:%S"), usec, src)


def syslog_ts(t):
    return "%s %2d %s" % (MON[t.month - 1], t.day, t.strftime("%H:%M:%S"))


def ctime(t):
    return "%s %s %2d %s %d" % (DOW[t.weekday()], MON[t.month - 1], t.day, t.strftime("%H:%M:%S"), t.year)


def pylog_ts(t, ms=0):
    return "%s,%03d" % (t.strftime("%Y-%m-%d %H:%M:%S"), ms)


# ---------------------------------------------------------------- dmesg / kern.log

BENIGN_KERNEL = [
    "IPv6: ADDRCONF(NETDEV_CHANGE): {ifc}: link becomes ready",
    "audit: type=1400 audit({aud}:{n}): apparmor=\"STATUS\" operation=\"profile_replace\" info=\"same as current profile, skipping\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid={pid} comm=\"apparmor_parser\"",
    "mlx5_core 0000:{nic}:00.0: mlx5_pcie_event:301:(pid {pid}): PCIe slot advertised sufficient power (75W).",
    "perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
    "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters.",
    "mlx5_core 0000:{nic}:00.0: Port module event: module 0, Cable plugged",
    "device veth{vh} entered promiscuous mode",
    "docker0: port {k}(veth{vh}) entered blocking state",
    "docker0: port {k}(veth{vh}) entered forwarding state",
    "hrtimer: interrupt took {n}421 ns",
    "systemd-journald[{pid}]: Data hash table of /var/log/journal/{vh}/system.journal has a fill level at 75.0 (8533 of 11377 items, 6553600 file size, 768 bytes per hash table item), suggesting rotation.",
    "nvidia-nvswitch: Probing device 0000:{sw}:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000",
    "process 'usr/bin/nvidia-smi' started with executable stack",
    "Process accounting resumed",
]


def benign_kernel(rng, drv="535.161.08"):
    tpl = rng.choice(BENIGN_KERNEL)
    return tpl.format(
        ifc=rng.choice(["ens1f0np0", "eth0", "ibp26s0", "bond0"]),
        aud="%d.%03d" % (rng.randint(1700000000, 1730000000), rng.randint(0, 999)),
        n=rng.randint(2, 400),
        pid=rng.randint(600, 9000),
        sw=rng.choice(["05", "06", "07", "08"]),
        drv=drv,
        nic=rng.choice(["1a", "3b", "4c", "5d", "9c", "bb", "cc", "dc"]),
        k=rng.randint(0, 7),
        vh="%06x" % rng.randint(0, 0xFFFFFF),
    )


def dmesg_lines(rng, start_uptime, events, n_noise=14, drv="535.161.08", span=None):
    """events: list of (uptime_seconds, text). Adds benign noise spread before/among the events."""
    lines = []
    span = span or (max([e[0] for e in events]) - start_uptime + 60 if events else 3600)
    for _ in range(n_noise):
        u = start_uptime + rng.random() * span
        lines.append((u, benign_kernel(rng, drv)))
    lines.extend(events)
    lines.sort(key=lambda x: x[0])
    return "".join("[%12.6f] %s\n" % (u, txt) for u, txt in lines)


def kernlog_lines(rng, host, boot_time, events, n_noise=12, drv="535.161.08", span=None, around=None):
    """events: list of (datetime, text). syslog style kern.log with [uptime] stamps."""
    out = []
    evs = list(events)
    if evs:
        first = min(e[0] for e in evs)
        last = max(e[0] for e in evs)
    elif around is not None:
        first = plus(around, -6 * 3600)
        last = around
        span = span or 6 * 3600
    else:
        first = plus(boot_time, 3600)
        last = first
    span_s = span or max(600, int((last - first).total_seconds()) + 3600)
    base = plus(first, -3000)
    for _ in range(n_noise):
        t = plus(base, int(rng.random() * span_s))
        evs.append((t, benign_kernel(rng, drv)))
    evs.sort(key=lambda x: x[0])
    last_up = 0.0
    for t, txt in evs:
        up = (t - boot_time).total_seconds() + rng.random() * 0.4
        up = max(up, last_up + 0.000041)
        last_up = up
        out.append("%s %s kernel: [%12.6f] %s\n" % (syslog_ts(t), host, up, txt))
    return "".join(out)


# ---------------------------------------------------------------- NCCL / c10d

def nccl_init_block(rng, host, pid, lr, rank, nranks, bus, ifc, ip, nccl_ver="2.21.5+cuda12.4",
                    hcas=None, commid=None, include_version=True, nnodes=None):
    tid = pid + rng.randint(60, 400)
    p = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, lr)
    q = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, lr)
    hcas = hcas or ["mlx5_%d:1/IB" % i for i in range(8)]
    commid = commid or "%016x" % rng.getrandbits(64)
    comm = 0x55d000000000 + rng.randint(0, 0xffffff) * 16
    lines = []
    if include_version and lr == 0:
        lines.append("NCCL version %s" % nccl_ver)
    lines.append(p + "cudaDriverVersion 12040")
    lines.append(p + "Bootstrap : Using %s:%s<0>" % (ifc, ip))
    lines.append(p + "NET/Plugin: No plugin found (libnccl-net.so)")
    lines.append(q + "NET/IB : Using %s ; OOB %s:%s<0>" % (
        " ".join("[%d]%s" % (i, h) for i, h in enumerate(hcas)), ifc, ip))
    lines.append(q + "Using network IB")
    lines.append(q + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x%s - Init START" % (
        comm, rank, nranks, lr, lr, bus.lower(), commid))
    lines.append(q + "Setting affinity for GPU %d to ffff,ffffffff,00000000,0000ffff,ffffffff" % lr)
    lines.append(q + "comm 0x%x rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0" % (
        comm, rank, nranks, nnodes or max(1, nranks // 8), lr))
    lines.append(q + "Connected all rings")
    lines.append(q + "Connected all trees")
    lines.append(q + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x%s - Init COMPLETE" % (
        comm, rank, nranks, lr, lr, bus.lower(), commid))
    return lines


def watchdog_block(rank, t, usec, seq, optype, numel, timeout_ms, ran_ms, last_enq, last_comp,
                   pg="0", pg_name="default_pg", fr_dump=False, dump_path=None, prefix=None, world=8):
    """PyTorch 2.4/2.5 ProcessGroupNCCL watchdog timeout lines for one rank."""
    pre = prefix if prefix is not None else "[rank%d]:" % rank
    numel_out = numel
    if optype == "_ALLGATHER_BASE":
        numel_out = numel * world
    elif optype == "_REDUCE_SCATTER_BASE":
        numel_out = max(1, numel // world)
    tag = "[PG ID %s PG GUID %s(%s) Rank %d]" % (pg, pg, pg_name, rank)
    lines = [
        "%s[%s] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (
            pre, glog("E", t, usec, "ProcessGroupNCCL.cpp:632"), rank, seq, optype, numel, numel_out, timeout_ms, ran_ms),
        "%s[%s] %s Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (
            pre, glog("E", t, usec + 31204, "ProcessGroupNCCL.cpp:2168"), tag, seq, last_enq, last_comp),
        "%s[%s] %s Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (
            pre, glog("E", t, usec + 31876, "ProcessGroupNCCL.cpp:2213"), tag, seq, last_enq, last_comp),
        "%s[%s] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (
            pre, glog("E", t, usec + 32011, "ProcessGroupNCCL.cpp:665"), rank),
        "%s[%s] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (
            pre, glog("E", t, usec + 32090, "ProcessGroupNCCL.cpp:671"), rank),
    ]
    if fr_dump:
        lines.append("%s[%s] %s ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (
            pre, glog("E", t, usec + 40112, "ProcessGroupNCCL.cpp:1595"), tag))
        if dump_path:
            lines.append("%s[%s] %s Dumping nccl trace to %s%d" % (
                pre, glog("I", t, usec + 61550, "NCCLUtils.cpp:349"), tag, dump_path, rank))
    lines.append("%s[%s] %s Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (
        pre, glog("F", plus(t, 1), usec // 3, "ProcessGroupNCCL.cpp:1609"), tag, rank, seq, optype, numel, numel_out, timeout_ms, ran_ms))
    lines.append("%sException raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:635 (most recent call first):" % pre)
    lines.append("%sframe #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f%010x in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)" % (pre, 0x3a2b4c5d6 + rank * 4096))
    lines.append("%sframe #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f%010x in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % (pre, 0x3b1c2d3e4 + rank * 4096))
    lines.append("%sframe #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f%010x in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % (pre, 0x3b1c2e5f6 + rank * 4096))
    lines.append("%sframe #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f%010x in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % (pre, 0x3b1c2f708 + rank * 4096))
    lines.append("%s" % pre)
    return lines


def heartbeat_block(rank, t, usec, secs=480, prefix=None):
    pre = prefix if prefix is not None else "[rank%d]:" % rank
    return ["%s[%s] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL's watchdog got stuck for %d seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, you can either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the hang. " % (
        pre, glog("E", t, usec, "ProcessGroupNCCL.cpp:1743"), rank, secs)]


def torchrun_child_failed(script, t, host, failures, exe="/usr/bin/python3"):
    """failures: list of (rank, local_rank, exitcode, pid, sig). First entry is root cause."""
    out = []
    root = failures[0]
    others = failures[1:]
    out.append("Traceback (most recent call last):")
    out.append('  File "/usr/local/bin/torchrun", line 8, in <module>')
    out.append("    sys.exit(main())")
    out.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper')
    out.append("    return f(*args, **kwargs)")
    out.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main')
    out.append("    run(args)")
    out.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 910, in run')
    out.append("    elastic_launch(")
    out.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 138, in __call__')
    out.append("    return launch_agent(self._config, self._entrypoint, list(args))")
    out.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 269, in launch_agent')
    out.append("    raise ChildFailedError(")
    out.append("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    out.append("=" * 60)
    out.append("%s FAILED" % script)
    out.append("-" * 60)
    out.append("Failures:")
    if not others:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others, 1):
        out.extend(_fail_entry(i, t, host, f))
    out.append("-" * 60)
    out.append("Root Cause (first observed failure):")
    out.extend(_fail_entry(0, t, host, root))
    out.append("=" * 60)
    return out


def _fail_entry(i, t, host, f):
    rank, lr, code, pid, sig = f
    lines = ["[%d]:" % i,
             "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
             "  host      : %s" % host,
             "  rank      : %d (local_rank: %d)" % (rank, lr),
             "  exitcode  : %d (pid: %d)" % (code, pid),
             "  error_file: <N/A>"]
    if sig:
        lines.append("  traceback : Signal %d (%s) received by PID %d" % (-code, sig, pid))
    else:
        lines.append("  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    return lines


def agent_sigterm_lines(t, agent_pid, pids, failed_lr, failed_pid, code):
    lines = []
    for i, p in enumerate(pids):
        if i == failed_lr:
            continue
        lines.append("W%02d%02d %s.%06d %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (
            t.month, t.day, t.strftime("%H:%M:%S"), 120000 + i * 311, agent_pid, p))
    lines.append("E%02d%02d %s.%06d %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (
        t.month, t.day, plus(t, 1).strftime("%H:%M:%S"), 448120, agent_pid, code, failed_lr, failed_pid))
    return lines


# ---------------------------------------------------------------- py-spy

def pyspy_dump(pid, cmd, threads, pyver="3.10.12", exe="/usr/bin/python3.10"):
    """threads: list of (tid, state, name, frames[(func, file, line)]) innermost first."""
    out = ["Process %d: %s" % (pid, cmd), "Python v%s (%s)" % (pyver, exe), ""]
    for tid, state, name, frames in threads:
        out.append('Thread %d (%s): "%s"' % (tid, state, name))
        for fn, f, ln in frames:
            out.append("    %s (%s:%d)" % (fn, f, ln))
    out.append("")
    return "\n".join(out)


TP = "/usr/local/lib/python3.10/dist-packages/"


def frames_backward(script, line):
    return [
        ("_engine_run_backward", TP + "torch/autograd/graph.py", 825),
        ("backward", TP + "torch/autograd/__init__.py", 347),
        ("backward", TP + "torch/_tensor.py", 581),
        ("train_step", script, line),
    ]


def pin_memory_thread(tid):
    return (tid, "idle", "Thread-2 (_pin_memory_loop)", [
        ("get", "/usr/lib/python3.10/multiprocessing/queues.py", 113),
        ("do_one_step", TP + "torch/utils/data/_utils/pin_memory.py", 31),
        ("_pin_memory_loop", TP + "torch/utils/data/_utils/pin_memory.py", 54),
        ("run", "/usr/lib/python3.10/threading.py", 953),
        ("_bootstrap_inner", "/usr/lib/python3.10/threading.py", 1016),
        ("_bootstrap", "/usr/lib/python3.10/threading.py", 973),
    ])


# ---------------------------------------------------------------- nvidia-smi -q

def nvsmi_q(t, gpus, driver="535.161.08", cuda="12.2", product="NVIDIA H100 80GB HBM3", arch="Hopper",
            missing=None, mem_total=81559, power_limit=700.0, max_clock=1980):
    """gpus: list of dicts with keys bus, idx, serial, uuid and optional overrides."""
    out = ["", "==============NVSMI LOG==============", "",
           "Timestamp                                 : %s" % ctime(t),
           "Driver Version                            : %s" % driver,
           "CUDA Version                              : %s" % cuda, ""]
    if missing:
        for m in missing:
            out.insert(1, "Unable to determine the device handle for GPU%s: Unknown Error" % m)
    out.append("Attached GPUs                             : %d" % (len(gpus) + len(missing or [])))
    for g in gpus:
        thr = g.get("throttle", {})

        def a(k):
            return "Active" if thr.get(k) else "Not Active"
        util = g.get("util", 100)
        out += [
            "GPU 00000000:%s:00.0" % g["bus"],
            "    Product Name                          : %s" % product,
            "    Product Brand                         : NVIDIA",
            "    Product Architecture                  : %s" % arch,
            "    Persistence Mode                      : Enabled",
            "    MIG Mode",
            "        Current                           : Disabled",
            "        Pending                           : Disabled",
            "    Serial Number                         : %s" % g["serial"],
            "    GPU UUID                              : %s" % g["uuid"],
            "    Minor Number                          : %d" % g["idx"],
            "    VBIOS Version                         : %s" % g.get("vbios", "96.00.89.00.01"),
            "    GPU Reset Status",
            "        Reset Required                    : %s" % g.get("reset_required", "No"),
            "        Drain and Reset Recommended       : %s" % g.get("drain", "No"),
            "    PCI",
            "        Bus                               : 0x%s" % g["bus"],
            "        Device                            : 0x00",
            "        Domain                            : 0x0000",
            "        Bus Id                            : 00000000:%s:00.0" % g["bus"],
            "        GPU Link Info",
            "            PCIe Generation",
            "                Max                       : %s" % g.get("pcie_max_gen", "5"),
            "                Current                   : %s" % g.get("pcie_gen", "5"),
            "            Link Width",
            "                Max                       : 16x",
            "                Current                   : %s" % g.get("pcie_width", "16x"),
            "        Replays Since Reset               : %d" % g.get("replays", 0),
            "    Performance State                     : %s" % g.get("pstate", "P0"),
            "    Clocks Event Reasons",
            "        Idle                              : %s" % a("idle"),
            "        Applications Clocks Setting       : Not Active",
            "        SW Power Cap                      : %s" % a("sw_power"),
            "        HW Slowdown                       : %s" % a("hw"),
            "            HW Thermal Slowdown           : %s" % a("hw_thermal"),
            "            HW Power Brake Slowdown       : %s" % a("hw_power_brake"),
            "        Sync Boost                        : Not Active",
            "        SW Thermal Slowdown               : %s" % a("sw_thermal"),
            "        Display Clock Setting             : Not Active",
            "    FB Memory Usage",
            "        Total                             : %d MiB" % mem_total,
            "        Reserved                          : 328 MiB",
            "        Used                              : %d MiB" % g.get("mem_used", 70112),
            "        Free                              : %d MiB" % (mem_total - 328 - g.get("mem_used", 70112)),
            "    Utilization",
            "        Gpu                               : %d %%" % util,
            "        Memory                            : %d %%" % g.get("mem_util", 2),
            "    ECC Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : %d" % g.get("sram_ce", 0),
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : %d" % g.get("sram_ue", 0),
            "            DRAM Correctable              : %d" % g.get("dram_ce", 0),
            "            DRAM Uncorrectable            : %d" % g.get("dram_ue", 0),
            "        Aggregate",
            "            SRAM Correctable              : %d" % g.get("sram_ce_agg", g.get("sram_ce", 0)),
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : %d" % g.get("sram_ue_agg", g.get("sram_ue", 0)),
            "            DRAM Correctable              : %d" % g.get("dram_ce_agg", g.get("dram_ce", 0)),
            "            DRAM Uncorrectable            : %d" % g.get("dram_ue_agg", g.get("dram_ue", 0)),
            "    Remapped Rows",
            "        Correctable Error                 : %d" % g.get("remap_ce", 0),
            "        Uncorrectable Error               : %d" % g.get("remap_ue", 0),
            "        Pending                           : %s" % g.get("remap_pending", "No"),
            "        Remapping Failure Occurred        : %s" % g.get("remap_fail", "No"),
            "    Temperature",
            "        GPU Current Temp                  : %d C" % g.get("temp", 47),
            "        GPU T.Limit Temp                  : %d C" % (87 - g.get("temp", 47)),
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 87 C",
            "        Memory Current Temp               : %d C" % (g.get("temp", 47) + 8),
            "    GPU Power Readings",
            "        Power Draw                        : %.2f W" % g.get("power", 402.3),
            "        Current Power Limit               : %.2f W" % power_limit,
            "        Default Power Limit               : %.2f W" % power_limit,
            "    Clocks",
            "        Graphics                          : %d MHz" % g.get("clock", max_clock),
            "        SM                                : %d MHz" % g.get("clock", max_clock),
            "        Memory                            : 2619 MHz",
            "    Max Clocks",
            "        Graphics                          : %d MHz" % max_clock,
            "        SM                                : %d MHz" % max_clock,
            "    Processes",
        ]
        if g.get("procs"):
            for pid, name, mem in g["procs"]:
                out += ["        GPU instance ID                   : N/A",
                        "        Compute instance ID               : N/A",
                        "        Process ID                        : %d" % pid,
                        "            Type                          : C",
                        "            Name                          : %s" % name,
                        "            Used GPU Memory               : %d MiB" % mem]
        else:
            out.append("                                          : None")
        out.append("")
    return "\n".join(out) + "\n"


def gpu_list(rng, n, bus, overrides=None, procs_base=None):
    overrides = overrides or {}
    gl = []
    for i in range(n):
        g = {"bus": bus[i], "idx": i, "serial": "16549%08d" % rng.randint(0, 99999999),
             "uuid": "GPU-%08x-%04x-%04x-%04x-%012x" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16),
                                                       rng.getrandbits(16), rng.getrandbits(48)),
             "power": round(rng.uniform(95, 130), 2), "temp": rng.randint(38, 52),
             "mem_used": rng.randint(64000, 72000)}
        if procs_base:
            g["procs"] = [(procs_base + i, "/usr/bin/python3", g["mem_used"] - 600)]
        g.update(overrides.get(i, {}))
        gl.append(g)
    return gl


# ---------------------------------------------------------------- ibstat

def ibstat(hcas, down=None, rate=400, guid_seed=0x0c42a10300a1b200):
    down = down or {}
    out = []
    for i, h in enumerate(hcas):
        st = down.get(h)
        out += [
            "CA '%s'" % h,
            "\tCA type: MT4129",
            "\tNumber of ports: 1",
            "\tFirmware version: 28.39.2048",
            "\tHardware version: 0",
            "\tNode GUID: 0x%016x" % (guid_seed + i * 0x10),
            "\tSystem image GUID: 0x%016x" % (guid_seed + i * 0x10),
            "\tPort 1:",
            "\t\tState: %s" % (st[0] if st else "Active"),
            "\t\tPhysical state: %s" % (st[1] if st else "LinkUp"),
            "\t\tRate: %d" % (st[2] if st and len(st) > 2 else rate),
            "\t\tBase lid: %d" % (0 if st else 100 + i),
            "\t\tLMC: 0",
            "\t\tSM lid: 1",
            "\t\tCapability mask: 0xa751e848",
            "\t\tPort GUID: 0x%016x" % (guid_seed + i * 0x10),
            "\t\tLink layer: InfiniBand",
        ]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- slurm

def sacct(jobid, name, part, acct, state, exitc, elapsed, nodes, ncpus, start, end, steps=None):
    hdr = ("JobID           JobName  Partition    Account  AllocCPUS      State ExitCode    Elapsed              Start                End        NodeList \n"
           "------------ ---------- ---------- ---------- ---------- ---------- -------- ---------- ------------------- ------------------- --------------- ")
    secs = int((end - start).total_seconds())
    d, rem = divmod(secs, 86400)
    elapsed = ("%d-" % d if d else "") + "%02d:%02d:%02d" % (rem // 3600, rem % 3600 // 60, rem % 60)
    rows = [(str(jobid), name, part, acct, ncpus, state, exitc, elapsed, iso(start), iso(end), nodes)]
    for s in steps or []:
        rows.append(s)
    out = [hdr]
    for r in rows:
        out.append("%-12s %10s %10s %10s %10s %10s %8s %10s %19s %19s %-15s " % tuple(r))
    return "\n".join(out) + "\n"


def megatron_iter(t, it, total, consumed, ms, lr, gbs, loss, gn, prefix=""):
    return ("%s [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | "
            "number of skipped iterations:   0 | number of nan iterations:   0 |" % (
                prefix, t.strftime("%Y-%m-%d %H:%M:%S"), it, total, consumed, ms, lr, gbs, loss, gn))


def hexid(rng, n=12):
    return "%0*x" % (n, rng.getrandbits(n * 4))


class Bundle:
    """Collects files for one case; text values only."""

    def __init__(self):
        self.files = {}

    def add(self, path, content):
        if isinstance(content, (list, tuple)):
            content = "\n".join(content) + "\n"
        if path in self.files:
            raise ValueError("duplicate path " + path)
        self.files[path] = content


class Timeline:
    """Interleaves log lines from many sources by (time, seq)."""

    def __init__(self):
        self.items = []
        self.n = 0

    def add(self, t, line):
        self.n += 1
        self.items.append((t, self.n, line))

    def extend(self, t, lines):
        for ln in lines:
            self.add(t, ln)

    def render(self):
        return "\n".join(x[2] for x in sorted(self.items, key=lambda x: (x[0], x[1]))) + "\n"
