"""Formatting helpers shared by the case modules (stdlib only, deterministic)."""
from datetime import datetime, timedelta

DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def T(base, secs):
    """base datetime plus seconds (float allowed)."""
    return base + timedelta(seconds=secs)


def ctime(dt):
    """dmesg -T style: 'Tue Jun 18 03:22:41 2024'."""
    return f"{DAYS[dt.weekday()]} {MONTHS[dt.month - 1]} {dt.day:2d} {dt:%H:%M:%S} {dt.year}"


def syslog_ts(dt):
    return f"{MONTHS[dt.month - 1]} {dt.day:2d} {dt:%H:%M:%S}"


def uptime(u):
    sec = int(u)
    us = int(round((u - sec) * 1e6)) % 1000000
    return f"[{sec:5d}.{us:06d}]"


def dmesg(u, msg):
    return f"{uptime(u)} {msg}"


def dmesg_T(dt, msg):
    return f"[{ctime(dt)}] {msg}"


def kern(dt, host, u, msg):
    return f"{syslog_ts(dt)} {host} kernel: {uptime(u)} {msg}"


def journal(dt, host, unit, msg):
    return f"{syslog_ts(dt)} {host} {unit}: {msg}"


def iso(dt, ms=True):
    if ms:
        return f"{dt:%Y-%m-%d %H:%M:%S},{dt.microsecond // 1000:03d}"
    return f"{dt:%Y-%m-%d %H:%M:%S}"


def glog_ts(level, dt, salt=0):
    ns = (dt.microsecond * 1000 + (salt * 7919) % 1000) % 1000000000
    return f"{level}{dt:%m%d %H:%M:%S}.{ns:09d}"


def c10d(rank, level, dt, where, msg):
    return f"[rank{rank}]:[{glog_ts(level, dt, rank)} {where}] {msg}"


def elastic(level, dt, pid, where, msg):
    us = (dt.microsecond + pid * 7919) % 1000000
    return f"{level}{dt:%m%d %H:%M:%S}.{us:06d} {pid} {where}] {msg}"


def nccl(host, pid, tid, lr, level, msg):
    return f"{host}:{pid}:{tid} [{lr}] NCCL {level} {msg}"


def pid_of(node_idx, local, base=40000):
    return base + node_idx * 131 + local * 7


def nccl_init(host, pid, lr, rank, nranks, busid, nic="mlx5_0", ver="2.21.5+cuda12.4", netdev="ibp12s0", ip="10.64.0.1"):
    tid = pid + 211
    out = []
    if lr == 0:
        out.append(nccl(host, pid, pid, lr, "INFO", f"Bootstrap : Using {netdev}:{ip}<0>"))
        out.append(nccl(host, pid, pid, lr, "INFO", "cudaDriverVersion 12040"))
        out.append(f"NCCL version {ver}")
    out.append(nccl(host, pid, tid, lr, "INFO", f"NET/IB : Using [0]{nic}:1/IB ; OOB {netdev}:{ip}<0>"))
    out.append(nccl(host, pid, tid, lr, "INFO", "Using network IB"))
    out.append(nccl(host, pid, tid, lr, "INFO",
                    f"ncclCommInitRank comm 0x{0x55d0a000 + rank * 0x1000:x} rank {rank} nranks {nranks} cudaDev {lr} nvmlDev {lr} busId {busid} commId 0x7a2f19c3e4b5d6a1 - Init COMPLETE"))
    return out


WATCHDOG_FRAMES = [
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f{a}e8b12f86 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
    "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f{a}e9e0f8f2 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f{a}e9e16333 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f{a}e9e1871c in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #4: <unknown function> + 0xdc253 (0x7f{a}4f329c74 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
    "frame #5: <unknown function> + 0x94ac3 (0x7f{a}54e08ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
    "frame #6: clone + 0x44 (0x7f{a}53e39a04 in /lib/x86_64-linux-gnu/libc.so.6)",
]


def watchdog_timeout(rank, dt, seq, optype="ALLREDUCE", numel=1, timeout_ms=600000, extra_ms=37, frames=True):
    """The torch>=2.3 c10d watchdog block for one rank."""
    ran = timeout_ms + extra_ms + (rank * 13) % 50
    work = f"WorkNCCL(SeqNum={seq}, OpType={optype}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms})"
    a = f"{(rank * 37) % 256:02x}"
    L = [
        c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:632", f"[Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out."),
        c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:2168", f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}]  failure detected by watchdog at work sequence id: {seq} PG status: last enqueued work: {seq}, last completed work: {seq - 1}"),
        c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:667", "Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value."),
        c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:681", f"[Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."),
        c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:695", f"[Rank {rank}] To avoid data inconsistency, we are taking the entire process down."),
    ]
    if frames:
        L.append(c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:1595", f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out."))
        L.append("Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:634 (most recent call first):")
        L.extend(f.format(a=a) for f in WATCHDOG_FRAMES)
        L.append("")
        L.append("terminate called after throwing an instance of 'c10::DistBackendError'")
        L.append(f"  what():  [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out.")
    return L


def nccl_async_error(rank, dt, seq, err_text, optype="ALLREDUCE", numel=1, timeout_ms=600000):
    """Rank that observes a remote/communicator error rather than a timeout."""
    return [
        c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:1856", f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}] NCCL watchdog thread terminated with exception: NCCL error: {err_text}"),
        c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:681", f"[Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."),
        c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:695", f"[Rank {rank}] To avoid data inconsistency, we are taking the entire process down."),
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [PG ID 0 PG GUID 0(default_pg) Rank {rank}] NCCL watchdog thread terminated with exception: NCCL error: {err_text}",
    ]


CUDA_TAIL = [
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
]


def py_traceback(frames, exc_line, tail=None):
    """frames: list of (file, line, func, code)."""
    out = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(f'  File "{f}", line {ln}, in {fn}')
        if code:
            out.append(f"    {code}")
    out.append(exc_line)
    if tail:
        out.extend(tail)
    return out


def rank_prefix(rank, lines):
    return [f"[rank{rank}]: {l}" for l in lines]


def child_failed(script, dt, failures, root):
    """failures/root: dicts with host, rank, local_rank, exitcode, pid, traceback."""
    def block(i, f):
        return [
            f"[{i}]:",
            f"  time      : {dt:%Y-%m-%d_%H:%M:%S}",
            f"  host      : {f['host']}",
            f"  rank      : {f['rank']} (local_rank: {f['local_rank']})",
            f"  exitcode  : {f['exitcode']} (pid: {f['pid']})",
            f"  error_file: <N/A>",
            f"  traceback : {f.get('traceback', 'To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html')}",
        ]
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
        "=" * 60,
        f"{script} FAILED",
        "-" * 60,
        "Failures:",
    ]
    if failures:
        for i, f in enumerate(failures, 1):
            out.extend(block(i, f))
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out.append("-" * 60)
    out.append("Root Cause (first observed failure):")
    out.extend(block(0, root))
    out.append("=" * 60)
    return out


def agent_sigterm(dt, agent_pid, pids, where="torch/distributed/elastic/multiprocessing/api.py:897"):
    return [elastic("W", dt, agent_pid, where, f"Sending process {p} closing signal SIGTERM") for p in pids]


def agent_failed(dt, agent_pid, exitcode, local_rank, pid):
    return elastic("E", dt, agent_pid, "torch/distributed/elastic/multiprocessing/api.py:869",
                   f"failed (exitcode: {exitcode}) local_rank: {local_rank} (pid: {pid}) of binary: /usr/bin/python")


# ---------------------------------------------------------------- nvidia-smi
def smi_table(dt, driver, cuda, gpus, procs=None):
    """gpus: list of dicts(name, bus, pers, temp, perf, pw, cap, mu, mt, util, ecc, fan)."""
    inner = f" NVIDIA-SMI {driver:<22} Driver Version: {driver:<14} CUDA Version: {cuda:<8}"
    hdr = "|" + inner.ljust(89) + "|"
    bar = "+-----------------------------------------+------------------------+----------------------+"
    L = [f"{ctime(dt)}       ",
         "+-----------------------------------------------------------------------------------------+",
         hdr,
         "|-----------------------------------------+------------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                        |               MIG M. |",
         "|=========================================+========================+======================|"]
    for i, g in enumerate(gpus):
        c1 = f"{i:>4}  {g['name']:<29}{g.get('pers', 'On'):>4}  "
        c2 = f"   {g['bus']} {g.get('disp', 'Off'):>3} "
        c3 = f"{g.get('ecc', '0'):>21} "
        L.append(f"|{c1:<41}|{c2:>24}|{c3:>22}|")
        left = f" {g.get('fan', 'N/A'):<4}{str(g['temp']) + 'C':>5}   {g.get('perf', 'P0'):<4}"
        right = f"{g['pw']}W / {g['cap']}W "
        c1 = left + right.rjust(41 - len(left))
        c2 = f"{g['mu']}MiB / {g['mt']}MiB "
        c3 = f"{str(g['util']) + '%':>8}      Default "
        L.append(f"|{c1:<41}|{c2:>24}|{c3:>22}|")
        L.append(f"|{'':41}|{'':24}|{'Disabled ':>22}|")
        L.append(bar)
    L.append("")
    L.append("+-----------------------------------------------------------------------------------------+")
    L.append("| Processes:                                                                              |")
    L.append("|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |")
    L.append("|        ID   ID                                                               Usage      |")
    L.append("|=========================================================================================|")
    if procs:
        for gi, pid, name, mem in procs:
            L.append(f"|  {gi:>3}   N/A  N/A  {pid:>9}      C   {name:<40}{str(mem) + 'MiB':>11} |")
    else:
        L.append("|  No running processes found                                                             |")
    L.append("+-----------------------------------------------------------------------------------------+")
    return L


def gpu_row(name, bus, temp=34, pw=71, cap=700, mu=4, mt=81559, util=0, ecc="0", perf="P0"):
    return dict(name=name, bus=bus, temp=temp, pw=pw, cap=cap, mu=mu, mt=mt, util=util, ecc=ecc, perf=perf)


H100 = "NVIDIA H100 80GB HBM3"
A100 = "NVIDIA A100-SXM4-80GB"
H100_BUS = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
            "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]
A100_BUS = ["00000000:07:00.0", "00000000:0F:00.0", "00000000:47:00.0", "00000000:4E:00.0",
            "00000000:87:00.0", "00000000:90:00.0", "00000000:B7:00.0", "00000000:BD:00.0"]


def short_bus(bus):
    """'00000000:5D:00.0' -> '0000:5d:00' (Xid style)."""
    parts = bus.split(":")
    return f"0000:{parts[1].lower()}:{parts[2][:2]}"


def busid_nccl(bus):
    return bus.split(":")[1].lower() + "000"


def smi_q(dt, driver, cuda, gpus):
    """gpus: list of dicts with keys: name, bus, serial, uuid, temp, slow_temp, shut_temp,
    hw_slow, hw_therm, sw_therm, pcie_cur, pcie_max, width_cur, width_max,
    ecc_v / ecc_a (dict SRAM/DRAM corr/uncorr), rr (dict corr, uncorr, pending, failure, hist),
    retired (None or dict sbe, dbe, pending), sm_clk, mem_clk, replay."""
    L = ["", "==============NVSMI LOG==============", "",
         f"Timestamp                                 : {ctime(dt)}",
         f"Driver Version                            : {driver}",
         f"CUDA Version                              : {cuda}", "",
         f"Attached GPUs                             : {len(gpus)}"]
    for g in gpus:
        act = lambda b: "Active" if b else "Not Active"
        L += [f"GPU {g['bus']}",
              f"    Product Name                          : {g['name']}",
              f"    Persistence Mode                      : Enabled",
              f"    Serial Number                         : {g['serial']}",
              f"    GPU UUID                              : {g['uuid']}",
              f"    Minor Number                          : {g['minor']}",
              f"    VBIOS Version                         : {g.get('vbios', '96.00.89.00.01')}",
              "    PCI",
              f"        Bus Id                            : {g['bus']}",
              "        GPU Link Info",
              "            PCIe Generation",
              f"                Max                       : {g.get('pcie_max', 5)}",
              f"                Current                   : {g.get('pcie_cur', 5)}",
              "            Link Width",
              f"                Max                       : {g.get('width_max', '16x')}",
              f"                Current                   : {g.get('width_cur', '16x')}",
              f"        Replays Since Reset               : {g.get('replay', 0)}",
              f"        Replay Number Rollovers           : 0",
              "    Clocks Event Reasons",
              f"        Idle                              : {act(False)}",
              f"        Applications Clocks Setting       : {act(False)}",
              f"        SW Power Cap                      : {act(g.get('sw_power', False))}",
              f"        HW Slowdown                       : {act(g.get('hw_slow', False))}",
              f"            HW Thermal Slowdown           : {act(g.get('hw_therm', False))}",
              f"            HW Power Brake Slowdown       : {act(g.get('hw_brake', False))}",
              f"        Sync Boost                        : {act(False)}",
              f"        SW Thermal Slowdown               : {act(g.get('sw_therm', False))}",
              f"        Display Clock Setting             : {act(False)}",
              "    ECC Mode",
              "        Current                           : Enabled",
              "        Pending                           : Enabled",
              "    ECC Errors"]
        if g.get("legacy_ecc"):
            for scope in ("Volatile", "Aggregate"):
                e = g["legacy_ecc"][scope]
                L.append(f"        {scope}")
                for kind in ("Single Bit", "Double Bit"):
                    d = e[kind]
                    L += [f"            {kind}",
                          f"                Device Memory             : {d}",
                          f"                Register File             : 0",
                          f"                L1 Cache                  : 0",
                          f"                L2 Cache                  : 0",
                          f"                Texture Memory            : N/A",
                          f"                Texture Shared            : N/A",
                          f"                CBU                       : 0",
                          f"                Total                     : {d}"]
        else:
            for scope, key in (("Volatile", "ecc_v"), ("Aggregate", "ecc_a")):
                e = g.get(key, {})
                L += [f"        {scope}",
                      f"            SRAM Correctable              : {e.get('sc', 0)}",
                      f"            SRAM Uncorrectable Parity     : {e.get('sup', 0)}",
                      f"            SRAM Uncorrectable SEC-DED    : {e.get('sus', 0)}",
                      f"            DRAM Correctable              : {e.get('dc', 0)}",
                      f"            DRAM Uncorrectable            : {e.get('du', 0)}"]
        r = g.get("retired")
        if r:
            L += ["    Retired Pages",
                  f"        Single Bit ECC                    : {r['sbe']}",
                  f"        Double Bit ECC                    : {r['dbe']}",
                  f"        Pending Page Blacklist            : {r['pending']}",
                  "    Remapped Rows                         : N/A"]
        else:
            rr = g.get("rr", {})
            hist = rr.get("hist", (640, 0, 0, 0, 0))
            L += ["    Retired Pages",
                  "        Single Bit ECC                    : N/A",
                  "        Double Bit ECC                    : N/A",
                  "        Pending Page Blacklist            : N/A",
                  "    Remapped Rows",
                  f"        Correctable Error                 : {rr.get('corr', 0)}",
                  f"        Uncorrectable Error               : {rr.get('uncorr', 0)}",
                  f"        Pending                           : {rr.get('pending', 'No')}",
                  f"        Remapping Failure Occurred        : {rr.get('failure', 'No')}",
                  "        Bank Remap Availability Histogram",
                  f"            Max                           : {hist[0]} bank(s)",
                  f"            High                          : {hist[1]} bank(s)",
                  f"            Partial                       : {hist[2]} bank(s)",
                  f"            Low                           : {hist[3]} bank(s)",
                  f"            None                          : {hist[4]} bank(s)"]
        L += ["    Temperature",
              f"        GPU Current Temp                  : {g.get('temp', 36)} C",
              f"        GPU Shutdown Temp                 : {g.get('shut_temp', 92)} C",
              f"        GPU Slowdown Temp                 : {g.get('slow_temp', 87)} C",
              f"        GPU Max Operating Temp            : {g.get('maxop_temp', 85)} C",
              f"        Memory Current Temp               : {g.get('mem_temp', 41)} C",
              "    Clocks",
              f"        Graphics                          : {g.get('sm_clk', 1980)} MHz",
              f"        SM                                : {g.get('sm_clk', 1980)} MHz",
              f"        Memory                            : {g.get('mem_clk', 2619)} MHz",
              "    Max Clocks",
              f"        Graphics                          : {g.get('max_clk', 1980)} MHz",
              f"        SM                                : {g.get('max_clk', 1980)} MHz",
              f"        Memory                            : {g.get('mem_max', 2619)} MHz",
              ""]
    return L


def qgpu(name, bus, idx, host_salt, **kw):
    d = dict(name=name, bus=bus, minor=idx,
             serial=f"1652{(host_salt * 1009 + idx * 37) % 1000000000:09d}",
             uuid=f"GPU-{(host_salt * 2654435761 + idx * 40503) % (1 << 32):08x}-{(host_salt * 7 + idx) % 65536:04x}-{(idx * 911 + host_salt) % 65536:04x}-"
                  f"{(host_salt * 31 + idx * 17) % 65536:04x}-{(host_salt * 1000003 + idx * 99991) % (1 << 48):012x}")
    d.update(kw)
    return d


# ------------------------------------------------------------------ dcgmi
def dcgmi_diag(version, driver, devids, rows, level=3):
    """rows: list of (section, [(name, [result lines])])."""
    W1, W2 = 27, 48
    def row(a, b):
        return f"| {a:<{W1 - 1}}| {b:<{W2 - 1}}|"
    L = ["Successfully ran diagnostic for group.",
         "+" + "-" * W1 + "+" + "-" * W2 + "+",
         row("Diagnostic", "Result"),
         "+" + "=" * W1 + "+" + "=" * W2 + "+",
         "|-----  Metadata  " + "-" * (W1 - 17) + "+" + "-" * W2 + "|",
         row("DCGM Version", version),
         row("Driver Version Detected", driver),
         row("GPU Device IDs Detected", devids)]
    for sec, items in rows:
        head = f"+-----  {sec}  "
        L.append(head + "-" * (W1 + 1 - len(head)) + "+" + "-" * W2 + "+")
        for name, results in items:
            for i, r in enumerate(results):
                L.append(row(name if i == 0 else "", r))
    L.append("+" + "-" * W1 + "+" + "-" * W2 + "+")
    return L


DEPLOY_PASS = [(n, ["Pass"]) for n in ("Denylist", "NVML Library", "CUDA Main Library", "Permissions and OS Blocks",
                                       "Persistence Mode", "Environment Variables", "Page Retirement/Row Remap",
                                       "Graphics Processes", "Inforom")]


# ------------------------------------------------------------------ ibstat
def ibstat_ca(ca, guid, lid, state="Active", phys="LinkUp", rate=400, fw="28.39.1002", ctype="MT4129"):
    return [f"CA '{ca}'",
            f"\tCA type: {ctype}",
            "\tNumber of ports: 1",
            f"\tFirmware version: {fw}",
            "\tHardware version: 0",
            f"\tNode GUID: 0x{guid:016x}",
            f"\tSystem image GUID: 0x{guid:016x}",
            "\tPort 1:",
            f"\t\tState: {state}",
            f"\t\tPhysical state: {phys}",
            f"\t\tRate: {rate}",
            f"\t\tBase lid: {lid}",
            "\t\tLMC: 0",
            "\t\tSM lid: 1",
            "\t\tCapability mask: 0xa751e848",
            f"\t\tPort GUID: 0x{guid:016x}",
            "\t\tLink layer: InfiniBand"]


def perfquery(lid, sym=0, lerr=0, ldown=0, rcv=0, xmitdisc=0, lli=0, wait=0):
    return [f"# Port counters: Lid {lid} port 1 (CapMask: 0x5A00)",
            "PortSelect:......................1",
            "CounterSelect:...................0x0000",
            f"SymbolErrorCounter:..............{sym}",
            f"LinkErrorRecoveryCounter:........{lerr}",
            f"LinkDownedCounter:...............{ldown}",
            f"PortRcvErrors:...................{rcv}",
            "PortRcvRemotePhysicalErrors:.....0",
            "PortRcvSwitchRelayErrors:........0",
            f"PortXmitDiscards:................{xmitdisc}",
            "PortXmitConstraintErrors:........0",
            "PortRcvConstraintErrors:.........0",
            "CounterSelect2:..................0x00",
            f"LocalLinkIntegrityErrors:........{lli}",
            "ExcessiveBufferOverrunErrors:....0",
            "VL15Dropped:.....................0",
            "PortXmitData:....................4294967295",
            "PortRcvData:.....................4294967295",
            "PortXmitPkts:....................4294967295",
            "PortRcvPkts:.....................4294967295",
            f"PortXmitWait:....................{wait}"]


# ------------------------------------------------------------------ slurm
def sacct(rows):
    """rows: (jobid, name, partition, state, exitcode, start, end, nodes, nodelist)."""
    L = ["JobID           JobName  Partition      State ExitCode               Start                 End   NNodes        NodeList ",
         "------------ ---------- ---------- ---------- -------- ------------------- ------------------- -------- --------------- "]
    for r in rows:
        jid, name, part, state, ec, st, en, nn, nl = r
        L.append(f"{jid:<12} {name:>10} {part:>10} {state:>10} {ec:>8} {st:%Y-%m-%dT%H:%M:%S} {en:%Y-%m-%dT%H:%M:%S} {nn:>8} {nl:>15} ")
    return L


def ipmi_sel(entries):
    """entries: (id, dt, sensor, event, direction)."""
    return [f" {i:>3x} | {dt:%m/%d/%Y} | {dt:%H:%M:%S} | {s} | {e} | {d}" for i, dt, s, e, d in entries]


def boot_banner(u0, kver="5.15.0-105-generic"):
    return [dmesg(0.0, f"Linux version {kver} (buildd@lcy02-amd64-007) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024 (Ubuntu {kver[:-8]}.115-generic {kver[:7]})"),
            dmesg(0.0, f"Command line: BOOT_IMAGE=/boot/vmlinuz-{kver} root=UUID=3b1f0c7e-52a1-4c3b-9f0e-2c1d9a7e55b1 ro pci=realloc=off iommu=pt intel_iommu=on nvidia.NVreg_RestrictProfilingToAdminUsers=0")]


def nvrm_load(u, driver):
    return dmesg(u, f"NVRM: loading NVIDIA UNIX x86_64 Kernel Module  {driver}  Release Build  (dvs-builder@U16-I3-B03-4-3)  Thu Jun  6 00:12:28 UTC 2024")


def join(lines):
    return "\n".join(lines) + "\n"
