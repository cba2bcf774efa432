#!/usr/bin/env python3
"""Build corpus_set19: blind failure bundles for long pretraining runs at scale.

Standard library only.  Deterministic: every case draws from
random.Random("corpus_set19/<case name>") and never reads the wall clock.

    CORPUS_OUT=/tmp/out python3 tools/build.py        # default: ../out next to tools/

Each case is written to <out>/<case>/ with label.json, optional topology.json,
one folder per node and attempt_N/ folders for jobs that ran more than once.
"""
import datetime as _dt
import json
import os
import random
import shutil
import sys

SET = "corpus_set19"
PREFIX = "f"
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = ["category", "layer", "culprit", "action", "rationale", "modelled_on"]

TD = _dt.timedelta
WEEKDAY = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONTH = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

# H100 SXM bus ids in GPU index order (HGX board)
BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
BUS_ALT = ["1b", "43", "52", "61", "9d", "c3", "d1", "df"]
HCA = ["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"]


# --------------------------------------------------------------------------- bundle
class Bundle:
    def __init__(self, name):
        self.name = name
        self.rng = random.Random(f"{SET}/{name}")
        self.timed = {}   # path -> list[(t, seq, text)]
        self.plain = {}   # path -> text
        self.seq = 0
        self.label = None
        self.topology = None

    def line(self, path, t, text):
        self.seq += 1
        self.timed.setdefault(path, []).append((t, self.seq, text))

    def lines(self, path, t, texts, step=0.0):
        for i, x in enumerate(texts):
            self.line(path, t + i * step, x)

    def put(self, path, text):
        if not text.endswith("\n"):
            text += "\n"
        self.plain[path] = self.plain.get(path, "") + text

    def set_label(self, category, layer, culprit, action, rationale, modelled_on):
        self.label = {"category": category, "layer": layer, "culprit": culprit, "action": action,
                      "rationale": rationale, "modelled_on": modelled_on}

    def render(self):
        files = {}
        for p, entries in self.timed.items():
            entries.sort(key=lambda e: (e[0], e[1]))
            files[p] = "\n".join(e[2] for e in entries) + "\n"
        for p, txt in self.plain.items():
            files[p] = files.get(p, "") + txt
        return files


def node_dirs(files):
    tops = set()
    for p in files:
        parts = p.split("/")
        if parts[0].startswith("attempt_"):
            tops.add(parts[1])
        elif len(parts) > 1:
            tops.add(parts[0])
    return tops


def validate(b, files):
    lab = b.label
    assert lab is not None, b.name
    assert list(lab.keys()) == LABEL_KEYS, (b.name, list(lab.keys()))
    assert lab["category"] in CATEGORIES, b.name
    assert lab["layer"] in LAYERS, b.name
    assert lab["action"] in ACTIONS, b.name
    assert isinstance(lab["rationale"], str) and len(lab["rationale"]) > 30, b.name
    assert lab["modelled_on"].startswith("https://"), b.name
    nodes = node_dirs(files)
    assert 2 <= len({n for n in nodes}) , b.name
    c = lab["culprit"]
    if c is not None:
        assert set(c.keys()) == {"node", "rank"}, b.name
        assert c["node"] in nodes, (b.name, c["node"])
        assert c["rank"] is None or isinstance(c["rank"], int), b.name
    assert b.name.startswith(PREFIX) and b.name[1:3].isdigit() and b.name[3] == "_", b.name
    for p in files:
        assert not p.endswith(".gz"), p
        assert ".." not in p and not p.startswith("/"), p


# --------------------------------------------------------------------------- time formats
class Clock:
    """Case clock: t is float seconds after base (true time); each host has a skew."""

    def __init__(self, base):
        self.base = base

    def at(self, t, skew=0.0):
        return self.base + TD(seconds=t + skew)


def f_py(d):          # 2025-03-04 01:12:07,123
    return d.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (d.microsecond // 1000)


def f_sec(d):         # 2025-03-04 01:12:07
    return d.strftime("%Y-%m-%d %H:%M:%S")


def f_iso(d, z="Z"):  # 2025-03-04T01:12:07.123456Z
    return d.strftime("%Y-%m-%dT%H:%M:%S") + ".%06d" % d.microsecond + z


def f_glog(d, lvl, nanos=True):  # E0304 01:12:07.123456789 (torch>=2.4 prints 9 digits)
    frac = "%06d%03d" % (d.microsecond, (d.microsecond * 7) % 1000) if nanos else "%06d" % d.microsecond
    return "%s%02d%02d %s.%s" % (lvl, d.month, d.day, d.strftime("%H:%M:%S"), frac)


def f_dmesg_T(d):     # [Tue Mar  4 01:12:07 2025]
    return "[%s %s %2d %s %d]" % (WEEKDAY[d.weekday()], MONTH[d.month - 1], d.day, d.strftime("%H:%M:%S"), d.year)


def f_journal(d):     # Mar 04 01:12:07
    return "%s %02d %s" % (MONTH[d.month - 1], d.day, d.strftime("%H:%M:%S"))


def f_uptime(sec):    # [ 1234.567890]
    return "[%5d.%06d]" % (int(sec), int((sec - int(sec)) * 1e6))


def f_slurm(d):       # 2025-03-04T01:12:07
    return d.strftime("%Y-%m-%dT%H:%M:%S")


def f_slurmctld(d):   # [2025-03-04T01:12:07.123]
    return "[%s.%03d]" % (d.strftime("%Y-%m-%dT%H:%M:%S"), d.microsecond // 1000)


# --------------------------------------------------------------------------- job model
class Job:
    def __init__(self, b, nodes, base, *, gpn=8, jobid=None, skew_max=0.9, ip_prefix=None,
                 user="llmtrain", dirprefix="", skews=None):
        self.b = b
        self.rng = b.rng
        self.nodes = list(nodes)
        self.gpn = gpn
        self.world = len(self.nodes) * gpn
        self.clock = Clock(base)
        self.jobid = jobid or self.rng.randint(1200000, 4800000)
        self.user = user
        self.dir = dirprefix
        a = ip_prefix or (10, self.rng.randint(16, 250))
        self.skew = {}
        self.ip = {}
        self.ibip = {}
        self.pid = {}
        self.uptime0 = {}
        for i, n in enumerate(self.nodes):
            self.skew[n] = (skews or {}).get(n, round(self.rng.uniform(-skew_max, skew_max), 3))
            self.ip[n] = "%d.%d.%d.%d" % (a[0], a[1], self.rng.randint(0, 60), self.rng.randint(2, 250))
            self.ibip[n] = "%d.%d.%d.%d" % (a[0], a[1] + 1 if a[1] < 250 else 2, self.rng.randint(64, 127),
                                           self.rng.randint(2, 250))
            base_pid = self.rng.randint(180000, 3900000)
            for l in range(gpn):
                self.pid[(n, l)] = base_pid + 7 + l * 3 + self.rng.randint(0, 2)
            self.pid[(n, "agent")] = base_pid
            self.uptime0[n] = random.Random(f"{SET}/{b.name}/{n}/boot").uniform(86400 * 3, 86400 * 41)

    # rank helpers
    def rank(self, node, local):
        return self.nodes.index(node) * self.gpn + local

    def where(self, rank):
        return self.nodes[rank // self.gpn], rank % self.gpn

    def ranks_of(self, node):
        i = self.nodes.index(node)
        return list(range(i * self.gpn, (i + 1) * self.gpn))

    def lt(self, node, t):
        return self.clock.at(t, self.skew.get(node, 0.0))

    def up(self, node, t):
        return self.uptime0[node] + t

    def path(self, node, fname):
        return f"{self.dir}{node}/{fname}"


# --------------------------------------------------------------------------- generic text blocks
def py_traceback(frames, exc):
    out = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(f'  File "{f}", line {ln}, in {fn}')
        if code:
            out.append(f"    {code}")
    out.extend(exc.split("\n"))
    return out


def cpp_frames(kind="watchdog", pyver="3.10"):
    lib = f"/usr/local/lib/python{pyver}/dist-packages/torch/lib"
    if kind == "watchdog":
        fr = [("c10::Error::Error(c10::SourceLocation, std::string) + 0x96", "libc10.so"),
              ("c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x282", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::watchdogHandler() + 0x233", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d", "libtorch_cuda.so"),
              ("<unknown function> + 0x145c0", "libtorch.so"),
              ("<unknown function> + 0x94ac3", "/lib/x86_64-linux-gnu/libc.so.6"),
              ("<unknown function> + 0x126850", "/lib/x86_64-linux-gnu/libc.so.6")]
    else:
        fr = [("c10::Error::Error(c10::SourceLocation, std::string) + 0x96", "libc10.so"),
              ("c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64", "libc10.so"),
              ("c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118", "libc10_cuda.so"),
              ("c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d", "libtorch_cuda.so"),
              ("<unknown function> + 0x94ac3", "/lib/x86_64-linux-gnu/libc.so.6")]
    out = []
    for i, (fn, so) in enumerate(fr):
        where = so if so.startswith("/") else f"{lib}/{so}"
        out.append("frame #%d: %s (0x%012x in %s)" % (i, fn, 0x7f0000000000 + (i * 0x1f3a7b1 + len(fn) * 4099), where))
    return out


def watchdog_block(prefix, d, rank, seq, op="ALLREDUCE", numel=134217728, timeout_ms=600000,
                   ran_ms=None, pg="0", pgname="default_pg", dump_path=None, torchv="2.5"):
    ran_ms = ran_ms or timeout_ms + 27 + (rank * 13) % 400
    g = lambda lv: f_glog(d, lv)
    pgid = f"[PG ID {pg} PG GUID {pg}({pgname}) Rank {rank}]"
    work = (f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, "
            f"Timeout(ms)={timeout_ms})")
    L = [f"{prefix}[{g('E')} ProcessGroupNCCL.cpp:616] [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran_ms} milliseconds before timing out.",
         f"{prefix}[{g('E')} ProcessGroupNCCL.cpp:1785] {pgid} Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {seq + 1}, last completed NCCL work: {seq - 1}.",
         f"{prefix}[{g('E')} ProcessGroupNCCL.cpp:1834] {pgid} Timeout at NCCL work: {seq}, last enqueued NCCL work: {seq + 1}, last completed NCCL work: {seq - 1}.",
         f"{prefix}[{g('E')} ProcessGroupNCCL.cpp:630] [Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
         f"{prefix}[{g('E')} ProcessGroupNCCL.cpp:636] [Rank {rank}] To avoid data inconsistency, we are taking the entire process down."]
    if dump_path:
        L.append(f"{prefix}[{g('E')} ProcessGroupNCCL.cpp:1388] {pgid} ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1")
        L.append(f"{prefix}[{g('I')} NCCLUtils.cpp:349] Finished writing NCCLPG debug info to {dump_path}{rank}")
    L.append(f"{prefix}[{g('E')} ProcessGroupNCCL.cpp:1595] {pgid} Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran_ms} milliseconds before timing out.")
    L.append("Exception raised from checkTimeout at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):")
    L.extend(cpp_frames("watchdog"))
    L.append("")
    L.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    L.append(f"  what():  [PG ID {pg} PG GUID {pg}({pgname}) Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran_ms} milliseconds before timing out.")
    return L


def destroy_pg_warning(prefix, d, rank):
    return (f"{prefix}[{f_glog(d, 'W')} ProcessGroupNCCL.cpp:1496] Warning: WARNING: destroy_process_group() was not called "
            "before program exit, which can leak resources. For more info, please see "
            "https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())")


def child_failed(script, failures, root):
    """failures/root: list of dicts with time, host, rank, local, exitcode, pid, error_file, traceback."""
    def one(i, f):
        return [f"[{i}]:",
                f"  time      : {f['time']}",
                f"  host      : {f['host']}",
                f"  rank      : {f['rank']} (local_rank: {f['local']})",
                f"  exitcode  : {f['exitcode']} (pid: {f['pid']})",
                f"  error_file: {f.get('error_file', '<N/A>')}",
                f"  traceback : {f.get('traceback', 'To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html')}"]
    L = ["torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
         "============================================================",
         f"{script} FAILED",
         "------------------------------------------------------------",
         "Failures:"]
    if not failures:
        L.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(failures, 1):
        L.extend(one(i, f))
    L.append("------------------------------------------------------------")
    L.append("Root Cause (first observed failure):")
    L.extend(one(0, root))
    L.append("============================================================")
    return L


def torchrun_tb(pyver="3.10"):
    base = f"/usr/local/lib/python{pyver}/dist-packages/torch/distributed"
    return ["Traceback (most recent call last):",
            '  File "/usr/local/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            f'  File "{base}/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
            "    return f(*args, **kwargs)",
            f'  File "{base}/run.py", line 919, in main',
            "    run(args)",
            f'  File "{base}/run.py", line 910, in run',
            "    elastic_launch(",
            f'  File "{base}/launcher/api.py", line 138, in __call__',
            "    return launch_agent(self._config, self._entrypoint, list(args))",
            f'  File "{base}/launcher/api.py", line 269, in launch_agent',
            "    raise ChildFailedError("]


def sig_name(code):
    return {-6: "Signal 6 (SIGABRT)", -9: "Signal 9 (SIGKILL)", -15: "Signal 15 (SIGTERM)",
            -11: "Signal 11 (SIGSEGV)", -7: "Signal 7 (SIGBUS)"}.get(code)


# --------------------------------------------------------------------------- node diagnostics
def nvsmi_table(rng, d, driver="550.90.07", cuda="12.4", procs=None, gpus=8, bus=BUS, util=None,
                temps=None, power=None, mem_used=None, unknown=None, ecc=None, name="NVIDIA H100 80GB HBM3"):
    """procs: list of (gpu, pid, name, MiB). unknown: set of gpu ids that NVML cannot reach."""
    util = util or [0] * gpus
    L = [d.strftime("%a %b %e %H:%M:%S %Y").replace("  ", " ") if False else
         "%s %s %2d %s %d       " % (WEEKDAY[d.weekday()], MONTH[d.month - 1], d.day, d.strftime("%H:%M:%S"), d.year),
         "+-----------------------------------------------------------------------------------------+",
         f"| NVIDIA-SMI {driver}              Driver Version: {driver}      CUDA Version: {cuda}     |",
         "|-----------------------------------------+------------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                        |               MIG M. |",
         "|=========================================+========================+======================|"]
    unknown = unknown or set()
    ecc = ecc or {}
    for g in range(gpus):
        if g in unknown:
            continue
        t = temps[g] if temps else rng.randint(29, 36)
        p = power[g] if power else rng.randint(68, 79)
        m = mem_used[g] if mem_used else 1
        e = ecc.get(g, 0)
        L.append("|  %2d  %-26s  On  |   00000000:%s:00.0 Off |  %18s  |" % (g, name[:26], bus[g].upper(), e))
        L.append("| N/A   %2dC    P0            %3dW /  700W |  %6dMiB /  81559MiB |    %3d%%      Default |" % (t, p, m, util[g]))
        L.append("|                                         |                        |             Disabled |")
        L.append("+-----------------------------------------+------------------------+----------------------+")
    L.append("")
    L.append("+-----------------------------------------------------------------------------------------+")
    L.append("| Processes:                                                                              |")
    L.append("|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |")
    L.append("|        ID   ID                                                               Usage      |")
    L.append("|=========================================================================================|")
    if not procs:
        L.append("|  No running processes found                                                             |")
    for g, pid, pname, mib in procs or []:
        L.append("|    %d   N/A  N/A    %7d      C   %-40s %6dMiB |" % (g, pid, pname[:40], mib))
    L.append("+-----------------------------------------------------------------------------------------+")
    return "\n".join(L)


def nvsmi_q_gpu(g, bus, *, serial, uuid, temp=33, slowdown=None, remap=None, ecc_vol=None, ecc_agg=None,
                retired=None, clocks=(1980, 2619), power=(72.4, 700.0), pstate="P0", driver="550.90.07",
                vbios="96.00.99.00.01", pcie=("5", "16", "5", "16"), name="NVIDIA H100 80GB HBM3"):
    slowdown = slowdown or {}
    remap = remap or {"corr": 0, "unc": 0, "pending": "No", "failure": "No"}
    ecc_vol = ecc_vol or {"sram_corr": 0, "sram_unc_p": 0, "sram_unc_np": 0, "dram_corr": 0, "dram_unc": 0}
    ecc_agg = ecc_agg or dict(ecc_vol)
    def act(k):
        return "Active" if slowdown.get(k) else "Not Active"
    L = [f"GPU 00000000:{bus.upper()}:00.0",
         f"    Product Name                          : {name}",
         "    Product Brand                         : NVIDIA",
         "    Product Architecture                  : Hopper",
         "    Persistence Mode                      : Enabled",
         f"    Serial Number                         : {serial}",
         f"    GPU UUID                              : {uuid}",
         f"    Minor Number                          : {g}",
         f"    VBIOS Version                         : {vbios}",
         "    GPU Operation Mode",
         "        Current                           : N/A",
         "    PCI",
         f"        Bus                               : 0x{bus}",
         "        Device                            : 0x00",
         "        Domain                            : 0x0000",
         "        Device Id                         : 0x233010DE",
         f"        Bus Id                            : 00000000:{bus.upper()}:00.0",
         "        GPU Link Info",
         "            PCIe Generation",
         f"                Max                       : {pcie[0]}",
         f"                Current                   : {pcie[2]}",
         "            Link Width",
         f"                Max                       : {pcie[1]}x",
         f"                Current                   : {pcie[3]}x",
         "        Replays Since Reset               : 0",
         "    Fan Speed                             : N/A",
         f"    Performance State                     : {pstate}",
         "    Clocks Event Reasons",
         f"        Idle                              : {act('idle')}",
         "        Applications Clocks Setting       : Not Active",
         f"        SW Power Cap                      : {act('sw_power')}",
         f"        HW Slowdown                       : {act('hw')}",
         f"            HW Thermal Slowdown           : {act('hw_thermal')}",
         f"            HW Power Brake Slowdown       : {act('hw_power')}",
         "        Sync Boost                        : Not Active",
         f"        SW Thermal Slowdown               : {act('sw_thermal')}",
         "        Display Clock Setting             : Not Active",
         "    ECC Mode",
         "        Current                           : Enabled",
         "        Pending                           : Enabled",
         "    ECC Errors",
         "        Volatile",
         f"            SRAM Correctable              : {ecc_vol['sram_corr']}",
         f"            SRAM Uncorrectable Parity     : {ecc_vol['sram_unc_p']}",
         f"            SRAM Uncorrectable SEC-DED    : {ecc_vol['sram_unc_np']}",
         f"            DRAM Correctable              : {ecc_vol['dram_corr']}",
         f"            DRAM Uncorrectable            : {ecc_vol['dram_unc']}",
         "        Aggregate",
         f"            SRAM Correctable              : {ecc_agg['sram_corr']}",
         f"            SRAM Uncorrectable Parity     : {ecc_agg['sram_unc_p']}",
         f"            SRAM Uncorrectable SEC-DED    : {ecc_agg['sram_unc_np']}",
         f"            DRAM Correctable              : {ecc_agg['dram_corr']}",
         f"            DRAM Uncorrectable            : {ecc_agg['dram_unc']}",
         "    Retired Pages",
         "        Single Bit ECC                    : N/A",
         "        Double Bit ECC                    : N/A",
         "        Pending Page Blacklist            : N/A",
         "    Remapped Rows",
         f"        Correctable Error                 : {remap['corr']}",
         f"        Uncorrectable Error               : {remap['unc']}",
         f"        Pending                           : {remap['pending']}",
         f"        Remapping Failure Occurred        : {remap['failure']}",
         "        Bank Remap Availability Histogram",
         "            Max                           : %d bank(s)" % (2560 - remap['corr'] - remap['unc']),
         "            High                          : 0 bank(s)",
         "            Partial                       : %d bank(s)" % (remap['corr'] + remap['unc']),
         "            Low                           : 0 bank(s)",
         "            None                          : 0 bank(s)",
         "    Temperature",
         f"        GPU Current Temp                  : {temp} C",
         "        GPU T.Limit Temp                  : %d C" % (max(-5, 87 - temp)),
         "        GPU Shutdown T.Limit Temp         : -8 C",
         "        GPU Slowdown T.Limit Temp         : -2 C",
         "        GPU Max Operating T.Limit Temp    : 0 C",
         "        GPU Target Temperature            : N/A",
         f"        Memory Current Temp               : {temp + 4} C",
         "        Memory Max Operating T.Limit Temp : 0 C",
         "    GPU Power Readings",
         f"        Power Draw                        : {power[0]:.2f} W",
         f"        Current Power Limit               : {power[1]:.2f} W",
         "        Requested Power Limit             : 700.00 W",
         "        Default Power Limit               : 700.00 W",
         "    Clocks",
         f"        Graphics                          : {clocks[0]} MHz",
         f"        SM                                : {clocks[0]} MHz",
         f"        Memory                            : {clocks[1]} MHz",
         "        Video                             : 1755 MHz",
         "    Max Clocks",
         "        Graphics                          : 1980 MHz",
         "        SM                                : 1980 MHz",
         "        Memory                            : 2619 MHz",
         ""]
    return L


def nvsmi_q(rng, d, host, driver="550.90.07", cuda="12.4", per_gpu=None, gpus=8, bus=BUS):
    per_gpu = per_gpu or {}
    L = ["", "==============NVSMI LOG==============", "",
         "Timestamp                                 : %s" % d.strftime("%a %b %d %H:%M:%S %Y"),
         f"Driver Version                            : {driver}",
         f"CUDA Version                              : {cuda}", "",
         f"Attached GPUs                             : {gpus}"]
    for g in range(gpus):
        kw = dict(per_gpu.get(g, {}))
        kw.setdefault("temp", rng.randint(29, 36))
        kw.setdefault("power", (rng.uniform(66, 80), 700.0))
        L.extend(nvsmi_q_gpu(g, bus[g], serial="16523%08d" % rng.randint(0, 99999999),
                             uuid="GPU-%08x-%04x-%04x-%04x-%012x" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16),
                                                                     rng.getrandbits(16), rng.getrandbits(48)),
                             driver=driver, **kw))
    return "\n".join(L)


def dmesg_boot(job, node, t0, fmt="T", driver="550.90.07", extra=None):
    """Ordinary kernel lines: a few from boot (uptime0 ago) and a few from the job prolog."""
    r = random.Random(f"{SET}/{job.b.name}/{node}/dmesg")
    boot = -job.uptime0[node]
    L = [(boot + 4.2 + r.uniform(0, 1), "Linux version 5.15.0-126-generic (buildd@lcy02-amd64-051) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #136-Ubuntu SMP Wed Nov 6 10:38:22 UTC 2024 (Ubuntu 5.15.0-126.136-generic 5.15.167)"),
         (boot + 21.7 + r.uniform(0, 1), f"NVRM: loading NVIDIA UNIX x86_64 Kernel Module  {driver}  Release Build  (dvs-builder@U16-I3-B14-3-1)  Tue Jun 11 23:24:06 UTC 2024"),
         (boot + 22.3 + r.uniform(0, 1), "nvidia-nvswitch3: open (major=509)"),
         (boot + 25.1 + r.uniform(0, 1), "nvidia-peermem nv_mem_init: module loaded"),
         (boot + 31.0 + r.uniform(0, 2), "IPv6: ADDRCONF(NETDEV_CHANGE): ibp26s0: link becomes ready"),
         (t0 - 60 - r.uniform(0, 60), "audit: type=1400 audit(%d.%03d:%d): apparmor=\"STATUS\" operation=\"profile_replace\" profile=\"unconfined\" name=\"enroot\" pid=%d comm=\"apparmor_parser\"" % (1741000000 + r.randint(0, 99999), r.randint(0, 999), r.randint(100, 999), r.randint(10000, 99999))),
         (t0 - 20 - r.uniform(0, 10), "nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint."),
         (t0 - 8 - r.uniform(0, 4), "EXT4-fs (nvme0n1p1): re-mounted. Quota mode: none."),
         ]
    return L + (extra or [])


def write_dmesg(b, job, node, fname, entries, style="T"):
    """entries: list of (t, text). style T (-T), U (uptime), J (journalctl -k), S (syslog iso)."""
    path = job.path(node, fname)
    host = node
    for t, text in entries:
        if style == "T":
            b.line(path, t, f"{f_dmesg_T(job.lt(node, t))} {text}")
        elif style == "U":
            b.line(path, t, f"{f_uptime(job.up(node, t))} {text}")
        elif style == "J":
            b.line(path, t, f"{f_journal(job.lt(node, t))} {host} kernel: {text}")
        else:
            b.line(path, t, f"{f_iso(job.lt(node, t), '+00:00')} {host} kernel: {text}")


def ipmi_sel(job, node, entries):
    """entries: list of (t, sensor, event, dir)."""
    L = []
    for i, (t, sensor, ev, dr) in enumerate(entries, 1):
        d = job.lt(node, t)
        L.append("%4x | %s | %s | %s | %s | %s" % (i, d.strftime("%m/%d/%Y"), d.strftime("%H:%M:%S"), sensor, ev, dr))
    return "\n".join(L)


def ibstat(node, hcas=None, bad=None, rate=400):
    """bad: dict hca -> dict(state=..., phys=..., rate=...)"""
    bad = bad or {}
    L = []
    for i, h in enumerate(hcas or HCA):
        s = bad.get(h, {})
        L += [f"CA '{h}'",
              "\tCA type: MT4129",
              "\tNumber of ports: 1",
              "\tFirmware version: 28.39.1002",
              "\tHardware version: 0",
              "\tNode GUID: 0x%016x" % (0xa088c20300f1a000 + i * 0x1d3 + len(node) * 0x10000 + sum(map(ord, node)) * 0x100000),
              "\tSystem image GUID: 0x%016x" % (0xa088c20300f1a000 + sum(map(ord, node)) * 0x100000),
              "\tPort 1:",
              f"\t\tState: {s.get('state', 'Active')}",
              f"\t\tPhysical state: {s.get('phys', 'LinkUp')}",
              f"\t\tRate: {s.get('rate', rate)}",
              "\t\tBase lid: %d" % (1000 + (sum(map(ord, node)) * 8 + i) % 3000),
              "\t\tLMC: 0",
              "\t\tSM lid: 1",
              "\t\tCapability mask: 0xa651e848",
              "\t\tPort GUID: 0x%016x" % (0xa088c20300f1a000 + i * 0x1d3 + sum(map(ord, node)) * 0x100000),
              "\t\tLink layer: InfiniBand"]
    return "\n".join(L)


def dcgmi_diag(level, results, gpus=8, version="3.3.6", driver="550.90.07"):
    """results: dict test -> dict gpu -> message ; tests not listed pass."""
    tests = [("Deployment", ["Denylist", "NVML Library", "CUDA Main Library", "Permissions and OS Blocks",
                             "Persistence Mode", "Environment Variables", "Page Retirement/Row Remap",
                             "Graphics Processes", "Inforom"])]
    if level >= 2:
        tests.append(("Integration", ["PCIe"]))
        tests.append(("Hardware", ["GPU Memory"]))
    if level >= 3:
        tests[-1][1].append("Diagnostic")
        tests.append(("Stress", ["Targeted Stress", "Targeted Power", "Memory Bandwidth"]))
    row = lambda a, b_: "| %-25s | %-46s |" % (a, b_)
    L = ["Successfully ran diagnostic for group.",
         "+---------------------------+------------------------------------------------+",
         "| Diagnostic                | Result                                         |",
         "+===========================+================================================+",
         "|-----  Metadata  ----------+------------------------------------------------|",
         row("DCGM Version", version), row("Driver Version Detected", driver),
         row("GPU Device IDs Detected", ",".join(["2330"] * gpus)[:46])]
    for cat, names in tests:
        L.append("|-----  " + (cat + "  ").ljust(20, "-") + "+------------------------------------------------|")
        for n in names:
            r = results.get(n, {})
            if not r:
                L.append(row(n, "Pass"))
                continue
            L.append(row(n, "Fail - " + ", ".join("GPU%d" % g for g in sorted(r))))
            for g in sorted(r):
                msg = "GPU%d %s" % (g, r[g])
                first = True
                while msg:
                    L.append(row("   Warning" if first else "", msg[:46]))
                    msg = msg[46:]
                    first = False
    L.append("+---------------------------+------------------------------------------------+")
    return "\n".join(L)


def pyspy_dump(pid, cmd, threads, pyver="3.10.12"):
    """threads: list of (tid, name, idle, frames[(func, file, line)])."""
    L = [f"Process {pid}: {cmd}", f"Python v{pyver} (/usr/bin/python3.10)", ""]
    for tid, name, idle, frames in threads:
        L.append("Thread %s (%s)%s: \"%s\"" % (tid, "idle" if idle else "active", "", name))
        for fn, f, ln in frames:
            L.append(f"    {fn} ({f}:{ln})")
        L.append("")
    return "\n".join(L)


TORCH_PKG = "/usr/local/lib/python3.10/dist-packages"


def fr_entry(rid, seq, op, state, t_ns, sizes, pg=("0", "default_pg"), frames=None, dtype="BFloat16",
             timeout_ms=600000, started_ns=None, completed_ns=None):
    return {"record_id": rid, "pg_id": int(pg[0]), "process_group": [pg[0], pg[1]], "collective_seq_id": seq,
            "p2p_seq_id": 0, "op_id": seq, "profiling_name": f"nccl:{op}", "time_created_ns": t_ns,
            "input_sizes": [sizes], "input_dtypes": [dtype], "output_sizes": [sizes], "output_dtypes": [dtype],
            "state": state, "time_discovered_started_ns": started_ns, "time_discovered_completed_ns": completed_ns,
            "retired": state == "completed", "timeout_ms": timeout_ms, "is_p2p": False,
            "frames": frames or []}


def fr_dump(rank, host, entries, pg_world):
    return json.dumps({"version": "2.4", "rank": rank, "hostname": host, "pg_config": {
        "0": {"name": "0", "desc": "default_pg", "ranks": "[%s]" % ", ".join(str(i) for i in range(pg_world))}},
        "pg_status": {"0": {"last_enqueued_collective": entries[-1]["collective_seq_id"],
                            "last_started_collective": max([e["collective_seq_id"] for e in entries if e["state"] != "scheduled"] or [-1]),
                            "last_completed_collective": max([e["collective_seq_id"] for e in entries if e["state"] == "completed"] or [-1])}},
        "entries": entries}, indent=1)


def nccl_init(job, node, t, *, version="2.21.5", cuda="12.4", net="IB", plugin=None, nranks=None,
              commid=None, prefix_fn=None, ranks_local=None, hcas=None, nvls=True, tuner_noise=True):
    """Returns list of (t, line) for NCCL_DEBUG=INFO init on each local rank of node."""
    nranks = nranks or job.world
    commid = commid or "0x%016x" % job.rng.getrandbits(64)
    out = []
    iface = "ibp%ds0" % (26 + job.nodes.index(node) % 3) if net == "IB" else "enp%ds0np0" % (90 + job.nodes.index(node) % 3)
    hcas = hcas or HCA
    for l in (ranks_local if ranks_local is not None else range(job.gpn)):
        pid = job.pid[(node, l)]
        tid = pid + 61 + l
        r = job.rank(node, l)
        h = f"{node}:{pid}:{tid} [{l}]"
        h0 = f"{node}:{pid}:{pid} [{l}]"
        pf = prefix_fn(l) if prefix_fn else ""
        tt = t + 0.05 * l + job.rng.uniform(0, 0.02)
        L = []
        L.append(f"{h0} NCCL INFO Bootstrap : Using {iface}:{job.ip[node]}<0>")
        if plugin == "none":
            L.append(f"{h0} NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.")
        elif plugin:
            L.append(f"{h0} NCCL INFO NET/Plugin: Loaded net plugin {plugin}")
        L.append(f"{h0} NCCL INFO cudaDriverVersion 12040")
        if r == 0:
            L.append(f"NCCL version {version}+cuda{cuda}")
        L.append(f"{h} NCCL INFO NCCL_IB_TIMEOUT set by environment to 20.")
        L.append(f"{h} NCCL INFO NCCL_IB_HCA set to ={','.join(hcas)}")
        L.append(f"{h} NCCL INFO NET/IB : Using " + " ".join(f"[{i}]{x}:1/IB" for i, x in enumerate(hcas)) +
                 f" [RO]; OOB {iface}:{job.ip[node]}<0>")
        L.append(f"{h} NCCL INFO Using network IB")
        L.append(f"{h} NCCL INFO ncclCommInitRank comm 0x%x rank {r} nranks {nranks} cudaDev {l} nvmlDev {l} busId {BUS[l]}000 commId {commid} - Init START" % (0x55d0c0000000 + r * 0x1a20))
        if nvls and l == 0:
            L.append(f"{h} NCCL INFO NVLS multicast support is available on dev {l}")
        L.append(f"{h} NCCL INFO comm 0x%x rank {r} nRanks {nranks} nNodes {len(job.nodes)} localRanks {job.gpn} localRank {l} MNNVL 0" % (0x55d0c0000000 + r * 0x1a20))
        if tuner_noise:
            L.append(f"{h} NCCL INFO TUNER/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-tuner.so")
            L.append(f"{h} NCCL INFO TUNER/Plugin: Using internal tuner plugin.")
        L.append(f"{h} NCCL INFO ncclCommInitRank comm 0x%x rank {r} nranks {nranks} cudaDev {l} nvmlDev {l} busId {BUS[l]}000 commId {commid} - Init COMPLETE" % (0x55d0c0000000 + r * 0x1a20))
        L.append(f"{h} NCCL INFO Init timings - ncclCommInitRank: rank {r} nranks {nranks} total %.2f (kernels 0.21, alloc 0.05, bootstrap %.2f, allgathers 0.04, topo 0.58, graphs 0.02, connections 0.31, rest 0.01)" % (2.4 + job.rng.uniform(0, 1.2), 1.1 + job.rng.uniform(0, 1)))
        for i, x in enumerate(L):
            out.append((tt + i * 0.001, pf + x))
    return out


def ncclras_report(job, missing=None, dead=None, status="RUNNING", errors=None, version="2.26.2", secs=2.108,
                   comms=None):
    """missing: list of (rank) missing communicator data (process unreachable)."""
    missing = missing or []
    nodes = len(job.nodes)
    L = [f"NCCL version {version}+cuda12.8 compiled with CUDA 12.8",
         "CUDA runtime version 12080, driver version 12080", "",
         "Job summary", "===========", "",
         "  Nodes  Processes         GPUs  Processes     GPUs",
         "(total)   per node  per process    (total)  (total)",
         "%7d  %9d  %11d  %9d  %7d" % (nodes, job.gpn, 1, job.world, job.world), "",
         "Communicators... (%.3fs)" % secs, "=============", "",
         "Group     Comms     Nodes     Ranks     Ranks     Ranks    Status  Errors",
         "    #  in group  per comm  per node  per comm  in group"]
    err = errors or ("INCOMPLETE" if missing else "OK")
    comms = comms or [(1, nodes, str(job.gpn), job.world, job.world), (8, nodes, "1", nodes, job.world)]
    for i, (cnt, nn, rpn, rpc, rig) in enumerate(comms):
        L.append("%5d  %8d  %8d  %8s  %8d  %8d  %8s  %6s" % (i, cnt, nn, rpn, rpc, rig, status, err))
    L += ["", "Errors", "======", ""]
    if missing:
        procs = sorted({job.where(r)[0] for r in missing})
        n = len(missing)
        L.append("INCOMPLETE")
        L.append("  Missing communicator data from %d job process%s" % (n, "es" if n > 1 else ""))
        for r in missing:
            node, l = job.where(r)
            L.append("  Process %d on node %s managing GPU %d" % (job.pid[(node, l)], job.ip[node], l))
        L.append("")
        L.append("#0-0 (%016x) INCOMPLETE" % job.rng.getrandbits(64))
        L.append("  Missing communicator data from %d rank%s" % (n, "s" if n > 1 else ""))
        for r in missing:
            node, l = job.where(r)
            L.append("  Rank %d -- GPU %d managed by process %d on node %s" % (r, l, job.pid[(node, l)], job.ip[node]))
        L.append("")
    L += ["Warnings", "========", ""]
    if missing:
        L += ["TIMEOUT", "  Encountered %d communication timeout%s while gathering communicator data" %
              (len(procs), "s" if len(procs) > 1 else ""), ""]
    return "\n".join(L)


# --------------------------------------------------------------------------- training runs
import math


def lr_at(it, peak=3e-4, warm=2000, total=250000, minlr=3e-5):
    if it < warm:
        return peak * it / warm
    p = min(1.0, (it - warm) / max(1, total - warm))
    return minlr + 0.5 * (peak - minlr) * (1 + math.cos(math.pi * p))


def loss_at(rng, it, base=1.85, amp=6.0):
    return base + amp / (1 + it / 400.0) ** 0.55 + rng.gauss(0, 0.018)


class Run:
    """One attempt of a training job, written as per-node console logs.

    fw: megatron | nemo | titan | composer | deepspeed
    """

    def __init__(self, job, fw, console="console.log", total=250000, gbs=2048, seq=4096, model="gpt",
                 ckpt="/lustre/fsw/llm/ckpt/run", log_rank=None, tflops=410.0, launcher_node=None):
        self.job, self.b, self.fw = job, job.b, fw
        self.rng = job.rng
        self.total, self.gbs, self.seq, self.model, self.ckpt = total, gbs, seq, model, ckpt
        self.tflops = tflops
        self.console = {n: job.path(n, console(n) if callable(console) else console) for n in job.nodes}
        self.launcher_node = launcher_node or job.nodes[0]
        if log_rank is None:
            log_rank = job.world - 1 if fw == "megatron" else 0
        self.log_rank = log_rank
        self.w = len(str(job.world - 1))

    # ---- prefixes
    def pfx(self, rank):
        j = self.job
        node, l = j.where(rank)
        if self.fw == "megatron":
            return "%*d: " % (self.w, rank)
        if self.fw == "nemo":
            return "%d: [default%d]:" % (j.nodes.index(node), l)
        if self.fw == "titan":
            return "[rank%d]:" % rank
        if self.fw == "deepspeed":
            return "%s: " % node
        return ""

    def out_path(self, rank):
        node, _ = self.job.where(rank)
        if self.fw == "deepspeed":
            return self.console[self.launcher_node]
        return self.console[node]

    def say(self, rank, t, text, raw=False):
        """text may contain newlines; each line gets the rank prefix. t is true time."""
        p = self.pfx(rank)
        node, _ = self.job.where(rank)
        path = self.out_path(rank)
        for i, ln in enumerate(text.split("\n")):
            self.b.line(path, t + i * 1e-6, (ln if raw else p + ln))

    def torch_prefix(self, rank):
        return "%s[rank%d]:" % (self.pfx(rank) if self.fw != "titan" else "", rank)

    def glog(self, rank, t, lvl, src, msg):
        node, _ = self.job.where(rank)
        d = self.job.lt(node, t)
        self.say(rank, t, f"[rank{rank}]:[{f_glog(d, lvl)} {src}] {msg}")

    def ts(self, rank, t):
        node, _ = self.job.where(rank)
        return self.job.lt(node, t)

    def pylog(self, rank, t, level, name, msg):
        """framework logger line in the framework's own style."""
        d = self.ts(rank, t)
        if self.fw == "nemo":
            lv = level[0]
            self.say(rank, t, f"[NeMo {lv} {f_sec(d)} {name}] {msg}")
        elif self.fw == "titan":
            self.say(rank, t, f"[titan] {f_py(d)} - root - {level} - {msg}")
        elif self.fw == "composer":
            self.say(rank, t, f"{f_py(d)}: rank{rank}[{self.job.pid[self.job.where(rank)]}][MainThread]: {level}: {name}: {msg}")
        elif self.fw == "deepspeed":
            self.say(rank, t, f"[{f_py(d)}] [{level}] [{name}] {msg}")
        else:
            self.say(rank, t, msg)

    # ---- NCCL init for all nodes
    def nccl_init(self, t, **kw):
        j = self.job
        for n in j.nodes:
            lines = nccl_init(j, n, t + self.rng.uniform(0, 0.4), prefix_fn=lambda l, n=n: self.pfx(j.rank(n, l)), **kw)
            for tt, x in lines:
                self.b.line(self.out_path(j.rank(n, 0)), tt, x)

    # ---- progress
    def progress(self, it0, it1, t0, step, interval=10, slow=None, metrics=None, skip_lines=None,
                 extra=None):
        """Log iterations it0+interval .. it1 (inclusive multiples of interval).
        step: seconds per iteration (float) or callable(it)->seconds.
        metrics: callable(it) -> dict overrides (loss, gn, ms ...).
        Returns dict iteration -> true time it finished, and end time."""
        times = {}
        t = t0
        for it in range(it0 + 1, it1 + 1):
            s = step(it) if callable(step) else step * (1 + self.rng.uniform(-0.006, 0.006))
            t += s
            times[it] = t
            if it % interval == 0 and not (skip_lines and it in skip_lines):
                m = {"loss": loss_at(self.rng, it), "gn": abs(self.rng.gauss(0.26, 0.03)), "ms": s * 1000.0}
                if metrics:
                    over = metrics(it) or {}
                    for k_, v_ in over.items():
                        if isinstance(v_, float) and v_ == v_ and k_ in ("loss", "gn"):
                            v_ = v_ * (1 + self.rng.uniform(-0.03, 0.03))
                        m[k_] = v_
                self.iter_line(it, t, m, interval)
            if extra:
                extra(it, t)
        return times, t

    def iter_line(self, it, t, m, interval):
        r = self.log_rank
        d = self.ts(r, t)
        lr = m.get("lr", lr_at(it, total=self.total))
        loss = m["loss"]
        ms = m["ms"]
        if not hasattr(self, "base_ms"):
            self.base_ms = ms
        tf = self.tflops * self.base_ms / ms * (1 + self.rng.uniform(-0.003, 0.003))
        fl = lambda v: ("nan" if isinstance(v, float) and v != v else "%.6E" % v)
        if self.fw == "megatron":
            gn = m["gn"]
            gns = "nan" if gn != gn else "%.3f" % gn
            self.say(r, t, f" [{f_sec(d)}] iteration {it:>8d}/{self.total:>8d} | consumed samples: {it * self.gbs:>12d} | "
                           f"elapsed time per iteration (ms): {ms:.1f} | throughput per GPU (TFLOP/s/GPU): {tf:.1f} | "
                           f"learning rate: {lr:.6E} | global batch size: {self.gbs:>5d} | lm loss: {fl(loss)} | "
                           f"loss scale: 1.0 | grad norm: {gns} | number of skipped iterations: {m.get('skipped', 0):>3d} | "
                           f"number of nan iterations: {m.get('nan', 0):>3d} |")
        elif self.fw == "nemo":
            ls = "nan" if loss != loss else "%.4g" % loss
            self.say(r, t, f"Training epoch 0, iteration {it - 1}/{self.total - 1} | lr: {lr:.4g} | global_batch_size: {self.gbs} | "
                           f"global_step: {it - 1} | reduced_train_loss: {ls} | train_step_timing in s: {ms / 1000:.4g} | "
                           f"consumed_samples: {it * self.gbs}")
        elif self.fw == "titan":
            mem = m.get("mem", 61.23)
            tps = int(self.seq * self.gbs / self.job.world / (ms / 1000.0))
            ls = "nan" if loss != loss else "%7.4f" % loss
            self.say(r, t, f"[titan] {f_py(d)} - root - INFO - step: {it:>5d}  loss: {ls}  grad_norm: {m['gn']:7.4f}  "
                           f"memory: {mem:5.2f}GiB({mem / 79.1 * 100:.2f}%)  tps: {tps:,}  tflops: {tf:.2f}  mfu: {tf / 989.4 * 100:.2f}%")
        elif self.fw == "composer":
            tok = it * self.gbs * self.seq
            bl = [f"[batch={it}/{self.total}]:",
                  f"\t Train time/batch: {it - 1}", f"\t Train time/sample: {(it - 1) * self.gbs}",
                  f"\t Train time/batch_in_epoch: {it - 1}", f"\t Train time/sample_in_epoch: {(it - 1) * self.gbs}",
                  f"\t Train time/token: {tok}", f"\t Train time/token_in_epoch: {tok}",
                  f"\t Train trainer/device_train_microbatch_size: 2",
                  f"\t Train loss/train/total: {'nan' if loss != loss else '%.4f' % loss}",
                  f"\t Train metrics/train/LanguageCrossEntropy: {'nan' if loss != loss else '%.4f' % loss}",
                  f"\t Train metrics/train/LanguagePerplexity: {'nan' if loss != loss else '%.4f' % math.exp(min(loss, 50))}",
                  f"\t Train throughput/batches_per_sec: {1000.0 / ms:.4f}",
                  f"\t Train throughput/samples_per_sec: {self.gbs * 1000.0 / ms:.4f}",
                  f"\t Train throughput/device/tokens_per_sec: {self.gbs * self.seq * 1000.0 / ms / self.job.world:.4f}",
                  f"\t Train time/train: {(t - getattr(self, 't_train0', 0)) / 3600:.4f}",
                  f"\t Train lr-DecoupledAdamW/group0: {lr:.4e}",
                  f"\t Train l2_norm/grad/global: {m['gn']:.4f}"]
            self.say(r, t, "\n".join(bl))
        elif self.fw == "deepspeed":
            self.say(r, t, f"[{f_py(d)}] [INFO] [logging.py:128:log_dist] [Rank 0] step={it}, skipped={m.get('skipped', 0)}, "
                           f"lr=[{lr:.8f}, {lr:.8f}], mom=[[0.9, 0.95], [0.9, 0.95]]")
            self.say(r, t + 0.001, f"steps: {it} loss: {'nan' if loss != loss else '%.4f' % loss} iter time (s): {ms / 1000:.3f} "
                                   f"samples/sec: {self.gbs * 1000.0 / ms:.3f}")


def exited_lines(job, node, t, ranks, code):
    return "srun: error: %s: tasks %d-%d: Exited with exit code %d" % (node, ranks[0], ranks[-1], code)


MEGA_ARGS = [("accumulate_allreduce_grads_in_fp32", "True"), ("adam_beta1", "0.9"), ("adam_beta2", "0.95"),
             ("async_save", "{async_save}"), ("attention_backend", "AttnBackend.auto"), ("bf16", "True"),
             ("ckpt_format", "torch_dist"), ("clip_grad", "1.0"), ("context_parallel_size", "1"),
             ("data_path", "['0.7', '/lustre/fsw/llm/data/web_v3_text_document', '0.3', '/lustre/fsw/llm/data/code_v2_text_document']"),
             ("distributed_backend", "nccl"), ("distributed_timeout_minutes", "10"), ("exit_signal_handler", "True"),
             ("ffn_hidden_size", "{ffn}"), ("global_batch_size", "{gbs}"), ("hidden_size", "{hidden}"),
             ("load", "{ckpt}"), ("log_interval", "{log_interval}"), ("lr", "0.0003"), ("lr_decay_style", "cosine"),
             ("lr_warmup_iters", "2000"), ("micro_batch_size", "1"), ("min_lr", "3e-05"),
             ("num_attention_heads", "{heads}"), ("num_layers", "{layers}"), ("overlap_grad_reduce", "True"),
             ("overlap_param_gather", "True"), ("pipeline_model_parallel_size", "{pp}"), ("save", "{ckpt}"),
             ("save_interval", "{save_interval}"), ("seed", "1234"), ("seq_length", "{seq}"),
             ("sequence_parallel", "True"), ("tensor_model_parallel_size", "{tp}"), ("tokenizer_type", "HuggingFaceTokenizer"),
             ("train_iters", "{total}"), ("transformer_impl", "transformer_engine"), ("use_distributed_optimizer", "True"),
             ("use_flash_attn", "False"), ("use_mcore_models", "True"), ("weight_decay", "0.1"), ("world_size", "{world}")]


def megatron_init(run, t0, *, tp=4, pp=2, resume=None, layers=96, hidden=12288, heads=96, log_interval=10,
                  save_interval=500, async_save=False, nccl=True, extra_args=None, load_ms=None, stop_at_model=False):
    """Writes Megatron-LM startup chatter; returns time training starts."""
    j, r0 = run.job, 0
    dp = j.world // (tp * pp)
    fmt = dict(async_save=async_save, ffn=hidden * 4 if hidden < 8192 else int(hidden * 3.5), gbs=run.gbs,
               hidden=hidden, ckpt=run.ckpt, log_interval=log_interval, heads=heads, layers=layers, pp=pp,
               save_interval=save_interval, seq=run.seq, tp=tp, total=run.total, world=j.world)
    t = t0
    L = [f"using world size: {j.world}, data-parallel size: {dp}, context-parallel size: 1, hierarchical context-parallel sizes: None, "
         f"tensor-model-parallel size: {tp}, encoder-tensor-model-parallel size: 0, pipeline-model-parallel size: {pp}, encoder-pipeline-model-parallel size: 0",
         "WARNING: Setting args.overlap_p2p_comm and args.align_param_gather to False since non-interleaved schedule does not support overlapping p2p communication and aligned param AG",
         f"accumulate and all-reduce gradients in fp32 for bfloat16 data type.",
         "using torch.bfloat16 for parameters ...",
         "------------------------ arguments ------------------------"]
    args = list(MEGA_ARGS) + list(extra_args or [])
    args.sort()
    for k, v in args:
        L.append("  %s %s %s" % (k, "." * max(3, 48 - len(k)), v.format(**fmt)))
    L.append("-------------------- end of arguments ---------------------")
    L.append("setting number of microbatches to constant %d" % (run.gbs // dp))
    L.append("> building HuggingFaceTokenizer tokenizer ...")
    L.append(" > padded vocab (size: 128256) with 0 dummy tokens (new size: 128256)")
    L.append("> initializing torch distributed ...")
    run.say(r0, t, "\n".join(L))
    t += 6.0
    if nccl:
        run.nccl_init(t + 8.0)
    L = [f"> initialized tensor model parallel with size {tp}",
         f"> initialized pipeline model parallel with size {pp}",
         "> setting random seeds to 1234 ...",
         "> compiling dataset index builder ...",
         "make: Entering directory '/opt/megatron-lm/megatron/core/datasets'",
         "make: Nothing to be done for 'default'.",
         "make: Leaving directory '/opt/megatron-lm/megatron/core/datasets'",
         ">>> done with dataset index builder. Compilation time: 0.058 seconds",
         "> compiling and loading fused kernels ...",
         ">>> done with compiling and loading fused kernels. Compilation time: 2.914 seconds"]
    run.say(r0, t + 12, "\n".join(L))
    t += 30 + run.rng.uniform(0, 6)
    run.say(r0, t, f"time to initialize megatron (seconds): {t - t0 + 11.3:.3f}")
    run.say(r0, t + 0.01, f"[after megatron is initialized] datetime: {f_sec(run.ts(r0, t))} ")
    run.say(r0, t + 0.02, "building GPT model ...")
    for n in j.nodes:
        for l in range(j.gpn):
            r = j.rank(n, l)
            if l in (0, 4) or r < 8:
                tpr, ppr = (r % tp), (r // (tp * dp)) % pp
                run.say(r, t + 1.5 + run.rng.uniform(0, 0.3),
                        f" > number of parameters on (tensor, pipeline) model parallel rank ({tpr}, {ppr}): {1612000000 + 3121 * tpr + 991 * ppr}")
    t += 4
    if stop_at_model:
        return t
    run.say(r0, t, "INFO:megatron.core.distributed.distributed_data_parallel:Setting up DistributedDataParallel with config DistributedDataParallelConfig(grad_reduce_in_fp32=True, overlap_grad_reduce=True, overlap_param_gather=True, align_param_gather=False, use_distributed_optimizer=True, num_distributed_optimizer_instances=1, check_for_nan_in_grad=True, bucket_size=40000000, average_in_collective=False, fp8_param_gather=False)")
    run.say(r0, t + 0.5, "INFO:megatron.core.optimizer:Setting up optimizer with config OptimizerConfig(optimizer='adam', lr=0.0003, min_lr=3e-05, decoupled_lr=None, decoupled_min_lr=None, weight_decay=0.1, fp16=False, bf16=True, params_dtype=torch.bfloat16, use_precision_aware_optimizer=False, loss_scale=None, initial_loss_scale=4294967296, min_loss_scale=1.0, loss_scale_window=1000, hysteresis=2, adam_beta1=0.9, adam_beta2=0.95, adam_eps=1e-08, sgd_momentum=0.9, use_distributed_optimizer=True, overlap_param_gather_with_optimizer_step=False, clip_grad=1.0, log_num_zeros_in_grad=False, barrier_with_L1_time=True, timers=<megatron.core.timers.Timers object at 0x7f4c1c2d7c10>, config_logger_dir='')")
    t += 2
    if resume is not None:
        run.say(r0, t, f" loading distributed checkpoint from {run.ckpt} at iteration {resume}")
        lm = load_ms or run.rng.uniform(38000, 61000)
        t += lm / 1000.0
        run.say(r0, t, f"  successfully loaded checkpoint from {run.ckpt} [ t 1/{tp}, p 1/{pp} ] at iteration {resume}")
        run.say(r0, t + 0.2, "(min, max) time across ranks (ms):\n    load-checkpoint ................................: (%.2f, %.2f)" % (lm - 31.2, lm))
    else:
        run.say(r0, t, "WARNING: could not find the metadata file %s/latest_checkpointed_iteration.txt" % run.ckpt)
        run.say(r0, t + 0.01, "    will not load any checkpoints and will start from random")
    t += 1
    run.say(r0, t, f"[after model, optimizer, and learning rate scheduler are built] datetime: {f_sec(run.ts(r0, t))} ")
    run.say(r0, t + 0.1, "> building train, validation, and test datasets ...\n > datasets target sizes (minimum size):\n"
                         f"    train:      {run.total * run.gbs}\n    validation: {(run.total // 1000 + 1) * 10 * run.gbs}\n    test:       {10 * run.gbs}")
    run.say(r0, t + 0.3, "INFO:megatron.core.datasets.blended_megatron_dataset_config:mock = False\n"
                         "INFO:megatron.core.datasets.blended_megatron_dataset_config:Let split_matrix = [(0, 0.99), (0.99, 0.999), (0.999, 1.0)]\n"
                         "> building train, validation, and test datasets for GPT ...")
    t += 9 + run.rng.uniform(0, 3)
    run.say(r0, t, "> finished creating GPT datasets ...")
    run.say(r0, t + 0.4, f"[after dataloaders are built] datetime: {f_sec(run.ts(r0, t))} \ndone with setup ...")
    run.say(r0, t + 0.5, "(min, max) time across ranks (ms):\n    model-and-optimizer-setup ......................: (%.2f, %.2f)\n    train/valid/test-data-iterators-setup ..........: (%.2f, %.2f)"
            % (9000 + run.rng.uniform(0, 900), 9950 + run.rng.uniform(0, 900), 8900 + run.rng.uniform(0, 200), 9300 + run.rng.uniform(0, 200)))
    run.say(r0, t + 0.6, "training ...")
    run.say(r0, t + 0.7, f"[before the start of training step] datetime: {f_sec(run.ts(r0, t))} ")
    for n in j.nodes:
        r = j.rank(n, 0)
        run.say(r, t + 3 + run.rng.uniform(0, 1), "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/module/base.py:702: UserWarning: To guarantee overlapping TP and SP collectives with the backward GEMMs, set environment variable CUDA_DEVICE_MAX_CONNECTIONS = 1\n  warnings.warn(")
    return t + 1.0


def megatron_save(run, it, t, dur=14.0, async_save=False, tp=4, pp=2):
    r0 = 0
    if async_save:
        run.say(r0, t, f"saving checkpoint at iteration {it:>8d} to {run.ckpt} in torch_dist format")
        run.say(r0, t + 2.1, f"  scheduled an async checkpoint save at iteration {it:>8d} to {run.ckpt}")
        run.say(r0, t + dur, f"  successfully saved checkpoint from iteration {it:>8d} to {run.ckpt} [ t 1/{tp}, p 1/{pp} ]")
        return 2.3
    run.say(r0, t, f"saving checkpoint at iteration {it:>8d} to {run.ckpt} in torch_dist format")
    run.say(r0, t + dur, f"  successfully saved checkpoint from iteration {it:>8d} to {run.ckpt} [ t 1/{tp}, p 1/{pp} ]")
    run.say(r0, t + dur + 0.05, "(min, max) time across ranks (ms):\n    save-checkpoint ................................: (%.2f, %.2f)" % (dur * 1000 - 40.1, dur * 1000))
    return dur + 0.1


def nemo_init(run, t0, *, resume_path=None, tp=4, pp=4, exp="/results/nemo2_llama3_70b", nccl_kw=None):
    j = run.job
    t = t0
    for n in j.nodes:
        for l in range(j.gpn):
            r = j.rank(n, l)
            tt = t + run.rng.uniform(0, 2)
            run.say(r, tt, f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/{j.world}")
            if l == 0:
                run.say(r, tt + 0.2, f"LOCAL_RANK: {l} - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]")
    run.say(0, t + 3, "----------------------------------------------------------------------------------------------------\n"
                      f"distributed_backend=nccl\nAll distributed processes registered. Starting with {j.world} processes\n"
                      "----------------------------------------------------------------------------------------------------\n")
    run.pylog(0, t + 0.5, "INFO", "nemo_logging:393", f"Experiments will be logged at {exp}/default/2025-03-04_01-10-02")
    run.pylog(0, t + 0.6, "INFO", "megatron_init:396", f"Rank 0 has data parallel group : {list(range(0, j.world, tp * pp))[:8]}")
    run.pylog(0, t + 0.6, "INFO", "megatron_init:402", f"Rank 0 has combined group of data parallel and context parallel : {list(range(0, j.world, tp * pp))[:8]}")
    run.pylog(0, t + 0.7, "INFO", "megatron_init:407", f"All data parallel group ranks with context parallel combined: [[0, {tp * pp}, ...]]")
    run.pylog(0, t + 0.7, "INFO", "megatron_init:410", f"Ranks 0 has data parallel rank: 0")
    run.pylog(0, t + 0.8, "INFO", "megatron_init:418", f"Rank 0 has context parallel group: [0]")
    run.pylog(0, t + 0.9, "INFO", "megatron_init:434", f"Rank 0 has model parallel group: {list(range(tp * pp))}")
    run.pylog(0, t + 1.0, "INFO", "megatron_init:444", f"Rank 0 has tensor model parallel group: {list(range(tp))}")
    run.pylog(0, t + 1.0, "INFO", "megatron_init:474", f"Rank 0 has pipeline model parallel group: {list(range(0, tp * pp, tp))}")
    run.say(0, t + 2, "GPU available: True (cuda), used: True\nTPU available: False, using: 0 TPU cores\nHPU available: False, using: 0 HPUs")
    run.nccl_init(t + 9, **(nccl_kw or {}))
    t += 20
    run.pylog(0, t, "INFO", "num_microbatches_calculator:228", f"setting number of microbatches to constant {run.gbs // (j.world // (tp * pp))}")
    run.pylog(0, t + 0.2, "INFO", "megatron_parallel:550", "  > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 4592828416")
    run.say(0, t + 1, "  | Name   | Type     | Params | Mode \n--------------------------------------------\n0 | module | GPTModel | 4.6 B  | train\n--------------------------------------------\n"
                      "4.6 B     Trainable params\n0         Non-trainable params\n4.6 B     Total params\n18,371.314Total estimated model params size (MB)\n"
                      "853       Modules in train mode\n0         Modules in eval mode")
    if resume_path:
        run.pylog(0, t + 2, "INFO", "nemo_logging:393", f"Restoring states from the checkpoint path at {resume_path}")
        t += 40 + run.rng.uniform(0, 15)
        run.pylog(0, t, "INFO", "nemo_logging:393", f"Global Checkpoint Load : Rank : 0 : Start time : {j.lt(j.nodes[0], t - 38):%s}.%03d : Time spent in load_checkpoint: %.3fs" % (int(run.rng.uniform(0, 999)), 37.9 + run.rng.uniform(0, 3)))
        run.pylog(0, t + 0.4, "INFO", "nemo_logging:393", f"Restored all states from the checkpoint at {resume_path}")
    for n in j.nodes:
        run.pylog(j.rank(n, 0), t + 2 + run.rng.uniform(0, 1), "WARNING", "nemo_logging:405",
                  "/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py:825: UserWarning: c10d::broadcast_: an autograd kernel was not registered to the Autograd key(s) but we are trying to backprop through it.")
    return t + 4


def titan_init(run, t0, *, resume_step=None, flavor="405B", mesh=(8, 8), total=30000, ckpt="./outputs/checkpoint"):
    j = run.job
    t = t0
    for n in j.nodes:
        pth = run.console[n]
        d = j.lt(n, t - 5)
        run.b.line(pth, t - 5, f"W{d:%m%d %H:%M:%S}.%06d {j.pid[(n, 'agent')]} torch/distributed/run.py:793] " % d.microsecond)
        run.b.line(pth, t - 5 + 1e-5, f"W{d:%m%d %H:%M:%S}.%06d {j.pid[(n, 'agent')]} torch/distributed/run.py:793] *****************************************" % d.microsecond)
        run.b.line(pth, t - 5 + 2e-5, f"W{d:%m%d %H:%M:%S}.%06d {j.pid[(n, 'agent')]} torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % d.microsecond)
        run.b.line(pth, t - 5 + 3e-5, f"W{d:%m%d %H:%M:%S}.%06d {j.pid[(n, 'agent')]} torch/distributed/run.py:793] *****************************************" % d.microsecond)
    run.pylog(0, t, "INFO", "", f"Starting job: Llama 3 {flavor} training")
    run.pylog(0, t + 0.1, "INFO", "", f"Building 2-D device mesh with ['dp_shard', 'tp'], {list(mesh)}")
    run.pylog(0, t + 0.2, "INFO", "", "[GC] Initial GC collection. 0.00 seconds.")
    run.nccl_init(t + 2, version="2.23.4", cuda="12.6")
    run.pylog(0, t + 4, "INFO", "", "Loading tokenizer from tokenizer.model")
    run.pylog(0, t + 4.5, "INFO", "", "Preparing fineweb_edu dataset from /lustre/datasets/fineweb_edu")
    run.pylog(0, t + 6, "INFO", "", f"Building llama3 {flavor} with ModelArgs(dim=16384, n_layers=126, n_heads=128, n_kv_heads=8, vocab_size=128256, multiple_of=4096, ffn_dim_multiplier=1.2, norm_eps=1e-05, rope_theta=500000, max_seq_len={run.seq}, depth_init=True, norm_type='rmsnorm')")
    run.pylog(0, t + 9, "INFO", "", "Model llama3 405B size: 405,853,388,800 total parameters")
    run.pylog(0, t + 9.1, "INFO", "", "Applied Tensor Parallelism to the model")
    run.pylog(0, t + 9.2, "INFO", "", "Applied full activation checkpointing to the model")
    run.pylog(0, t + 9.4, "INFO", "", "Applied FSDP to the model")
    run.pylog(0, t + 12, "INFO", "", "CUDA memory usage for model: 11.87GiB(15.01%)")
    run.pylog(0, t + 12.1, "INFO", "", f"Checkpointing active. Checkpoints will be loaded from and saved to {ckpt}")
    t += 13
    if resume_step:
        run.pylog(0, t, "INFO", "", f"Loading the checkpoint at step {resume_step}.")
        t += 55 + run.rng.uniform(0, 10)
        run.pylog(0, t, "INFO", "", f"Finished loading the checkpoint in {t - (t - 55):.2f} seconds.")
    run.pylog(0, t + 0.5, "INFO", "", f"Training starts at step {(resume_step or 0) + 1}, with local batch size 1, global batch size {run.gbs}, sequence length {run.seq}, total steps {total} (warmup 2000)")
    run.pylog(0, t + 0.6, "INFO", "", "Profiling active. Traces will be saved at ./outputs/profile_trace")
    return t + 1


def deepspeed_init(run, t0, *, script="pretrain_gpt.py", zero=1):
    j = run.job
    t = t0
    h0 = j.nodes[0]
    wi = "{" + ", ".join("'%s': [0, 1, 2, 3, 4, 5, 6, 7]" % n for n in j.nodes) + "}"
    run.say(0, t - 20, f"[{f_py(j.lt(h0, t - 20))}] [INFO] [runner.py:607:main] cmd = pdsh -S -f 1024 -w {','.join(j.nodes)} export PYTHONPATH=/workspace/Megatron-DeepSpeed; cd /workspace/Megatron-DeepSpeed; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJ... --node_rank=%n --master_addr={j.ip[h0]} --master_port=29500 {script} --deepspeed --deepspeed_config ds_config.json", raw=True)
    for n in j.nodes:
        rr = j.rank(n, 0)
        d = j.lt(n, t)
        run.say(rr, t, f"[{f_py(d)}] [INFO] [launch.py:146:main] WORLD INFO DICT: {wi}")
        run.say(rr, t + 0.01, f"[{f_py(d)}] [INFO] [launch.py:152:main] nnodes={len(j.nodes)}, num_local_procs=8, node_rank={j.nodes.index(n)}")
        run.say(rr, t + 0.02, f"[{f_py(d)}] [INFO] [launch.py:164:main] dist_world_size={j.world}")
        run.say(rr, t + 0.03, f"[{f_py(d)}] [INFO] [launch.py:166:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7")
        for l in range(j.gpn):
            run.say(rr, t + 0.04 + l * 0.001, f"[{f_py(d)}] [INFO] [launch.py:256:main] process {j.pid[(n, l)]} spawned with command: ['/usr/bin/python', '-u', '{script}', '--local_rank={l}', '--deepspeed', '--deepspeed_config', 'ds_config.json']")
        run.say(rr, t + 6, f"[{f_py(j.lt(n, t + 6))}] [INFO] [comm.py:652:init_distributed] cdb=None")
    run.say(0, t + 6.2, f"[{f_py(j.lt(h0, t + 6.2))}] [INFO] [comm.py:683:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl")
    run.nccl_init(t + 12, version="2.21.5")
    t += 25
    d = j.lt(h0, t)
    run.say(0, t, f"[{f_py(d)}] [INFO] [logging.py:128:log_dist] [Rank 0] DeepSpeed info: version=0.15.4, git-hash=unknown, git-branch=unknown")
    run.say(0, t + 1, f"[{f_py(d)}] [INFO] [logging.py:128:log_dist] [Rank 0] Creating BF16 optimizer")
    run.say(0, t + 2, f"[{f_py(d)}] [INFO] [stage_1_and_2.py:149:__init__] Reduce bucket size 500000000\n[{f_py(d)}] [INFO] [stage_1_and_2.py:150:__init__] Allgather bucket size 500000000")
    run.say(0, t + 3, f"[{f_py(d)}] [INFO] [config.py:1001:print] DeepSpeedEngine configuration:\n[{f_py(d)}] [INFO] [config.py:1005:print]   zero_optimization_stage ...... {zero}\n[{f_py(d)}] [INFO] [config.py:1005:print]   train_batch_size ............. {run.gbs}\n[{f_py(d)}] [INFO] [config.py:1005:print]   gradient_clipping ............ 1.0\n[{f_py(d)}] [INFO] [config.py:1005:print]   bf16_enabled ................. True")
    return t + 8


def composer_init(run, t0, *, autoresume=None, run_name="mpt-70b-pretrain"):
    j = run.job
    t = t0
    for n in j.nodes:
        r = j.rank(n, 0)
        run.pylog(r, t + run.rng.uniform(0, 0.5), "INFO", "llmfoundry.command_utils.train", "Building tokenizer...")
        run.pylog(r, t + 1 + run.rng.uniform(0, 0.5), "INFO", "llmfoundry.command_utils.train", "Building train loader...")
        run.pylog(r, t + 30 + run.rng.uniform(0, 2), "INFO", "llmfoundry.command_utils.train", "Initializing model...")
        run.pylog(r, t + 31, "INFO", "composer.utils.reproducibility", f"Setting seed to 17")
    run.nccl_init(t + 20)
    t += 60
    run.pylog(0, t, "INFO", "llmfoundry.command_utils.train", "Building trainer...")
    run.pylog(0, t + 0.5, "INFO", "composer.trainer.trainer", f"Run name: {run_name}")
    run.pylog(0, t + 1, "INFO", "composer.trainer.trainer", "Stepping schedulers every batch. To step schedulers every epoch, set `step_schedulers_every_batch=False`.")
    if autoresume:
        run.pylog(0, t + 2, "INFO", "composer.trainer.trainer", f"Found latest checkpoint at {autoresume}, loading...")
        t += 30
    run.pylog(0, t + 3, "INFO", "llmfoundry.command_utils.train", "Logging config")
    run.pylog(0, t + 4, "INFO", "llmfoundry.command_utils.train", "Starting training...")
    run.t_train0 = t
    return t + 5


# --------------------------------------------------------------------------- per-node standard files
def std_node_files(job, t0, tend, *, dmesg_name="dmesg.txt", style="T", extra=None, skip=(), driver="550.90.07"):
    """Write kernel logs for every node: boot noise + extra[node] events (list of (t, text))."""
    extra = extra or {}
    for n in job.nodes:
        if n in skip:
            continue
        ev = dmesg_boot(job, n, t0, driver=driver) + list(extra.get(n, []))
        # a little periodic noise during the run
        k = 0
        tt = t0 + job.rng.uniform(300, 1800)
        while tt < tend and k < 6:
            ev.append((tt, job.rng.choice([
                "mlx5_core 0000:%s:00.0: mlx5_fw_tracer_handle_traces:1008:(pid %d): FWTracer: Event 0x6 - health poll" % (job.rng.choice(["1a", "3c", "4d", "5e"]), job.rng.randint(100, 999)),
                "nvidia-persistenced[%d]: Verbose syslog connection opened" % job.rng.randint(1000, 4000),
                "systemd-journald[%d]: Data hash table of /var/log/journal/system.journal has a fill level at 75.0 (174760 of 233016 items, 100663296 file size, 575 bytes per hash table item), suggesting rotation." % job.rng.randint(500, 900),
                "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters." if n == job.nodes[0] else "perf: interrupt took too long (2513 > 2500), lowering kernel.perf_event_max_sample_rate to 79500"])))
            tt += job.rng.uniform(1800, 7200)
            k += 1
        ev.sort(key=lambda e: e[0])
        write_dmesg(job.b, job, n, dmesg_name, ev, style=style)


def xid(bus, code, rest):
    return "NVRM: Xid (PCI:0000:%s:00): %d, %s" % (bus, code, rest)


def slurm_header(job, t, name, nodes_str=None, part="batch"):
    d = job.lt(job.nodes[0], t)
    return [f"+ echo 'SLURM_JOB_ID={job.jobid} SLURM_JOB_NAME={name} SLURM_NNODES={len(job.nodes)} SLURM_JOB_NODELIST={nodes_str or ','.join(job.nodes)}'",
            f"SLURM_JOB_ID={job.jobid} SLURM_JOB_NAME={name} SLURM_NNODES={len(job.nodes)} SLURM_JOB_NODELIST={nodes_str or ','.join(job.nodes)}",
            f"+ date", d.strftime("%a %b %d %H:%M:%S UTC %Y"),
            f"+ srun -l --kill-on-bad-exit=1 --ntasks-per-node=8 --container-image=/lustre/fsw/llm/images/nemo-25.02.sqsh --container-mounts=/lustre:/lustre python -u /opt/megatron-lm/pretrain_gpt.py ..."]


def mega_run(b, nodes, base, *, name="gpt3-175b", dirprefix="", jobid=None, total=250000, gbs=2048, seq=4096,
             tflops=412.0, skews=None, ckpt="/lustre/fsw/llm/ckpt/gpt3-175b", ip_prefix=None):
    job = Job(b, nodes, base, jobid=jobid, dirprefix=dirprefix, skews=skews, ip_prefix=ip_prefix)
    run = Run(job, "megatron", console=lambda n: f"{name}-{job.jobid}-{n}.out", total=total, gbs=gbs, seq=seq,
              ckpt=ckpt, tflops=tflops)
    return job, run


def megatron_nan_error(run, rank, t, it, node, dev, bucket=0):
    tb = [("/opt/megatron-lm/pretrain_gpt.py", 314, "<module>", "pretrain("),
          ("/opt/megatron-lm/megatron/training/training.py", 386, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
          ("/opt/megatron-lm/megatron/training/training.py", 1421, "train", "train_step(forward_step_func,"),
          ("/opt/megatron-lm/megatron/training/training.py", 747, "train_step", "losses_reduced = forward_backward_func("),
          ("/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 1598, "forward_backward_pipelining_without_interleaving", "config.finalize_model_grads_func("),
          ("/opt/megatron-lm/megatron/core/distributed/finalize_model_grads.py", 254, "finalize_model_grads", "model_chunk.finish_grad_sync()"),
          ("/opt/megatron-lm/megatron/core/distributed/distributed_data_parallel.py", 462, "finish_grad_sync", "bucket_group.finish_grad_sync()"),
          ("/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 396, "finish_grad_sync", "self.start_grad_sync()"),
          ("/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 285, "start_grad_sync", "self.check_for_nan_in_grad()"),
          ("/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 158, "check_for_nan_in_grad", "rerun_state_machine.validate_result("),
          ("/opt/megatron-lm/megatron/core/rerun_state_machine.py", 497, "validate_result", "raise RuntimeError(full_message)")]
    msg = (f"RuntimeError: Rank {rank}, node {node}, device {dev}, iteration {it}: Unexpected result nan "
           f"(message='found NaN in local grad norm for bucket #{bucket} in backward pass before data-parallel communication collective')")
    run.say(rank, t, "\n".join(f"[rank{rank}]: " + x for x in py_traceback(tb, msg)))


# =========================================================================== cases
CASES = []


def case(name):
    def deco(fn):
        CASES.append((name, fn))
        return fn
    return deco


def srun_abort(run, job, t, bad_node, bad_ranks, code=1, step=0):
    """Slurm messages for a failed step, written to the batch output on the first node."""
    p = job.path(job.nodes[0], f"slurm-{job.jobid}.out")
    d = job.lt(job.nodes[0], t)
    b = job.b
    b.line(p, t, f"srun: error: {bad_node}: task{'s' if len(bad_ranks) > 1 else ''} {bad_ranks[0] if len(bad_ranks) == 1 else '%d-%d' % (bad_ranks[0], bad_ranks[-1])}: Exited with exit code {code}")
    b.line(p, t + 0.01, "srun: Terminating StepId=%d.%d" % (job.jobid, step))
    b.line(p, t + 0.3, "slurmstepd: error: *** STEP %d.%d ON %s CANCELLED AT %s ***" % (job.jobid, step, job.nodes[0], f_slurm(d)))
    return p


@case("f01_loss_spikes_then_nan_after_every_resume")
def c01(b):
    base = _dt.datetime(2025, 3, 4, 1, 10, 2)
    pool0 = ["gpu-a0%d" % i for i in range(17, 25)]
    att = [pool0,
           sorted([n for n in pool0 if n != "gpu-a021"] + ["gpu-a031"]),
           sorted([n for n in pool0 if n not in ("gpu-a021", "gpu-a022")] + ["gpu-a031", "gpu-a032"])]
    starts = [0.0, 3 * 3600 + 1210.0, 5 * 3600 + 400.0]
    resume = [14000, 18000, 18000]
    bad_it = 18437
    for a, nodes in enumerate(att):
        job, run = mega_run(b, nodes, base, dirprefix=f"attempt_{a}/", jobid=3311870 + a * 17)
        t0 = starts[a]
        slurm = job.path(nodes[0], f"slurm-{job.jobid}.out")
        hdr = slurm_header(job, t0, "gpt3-175b-pt")
        if a > 0:
            excl = ["gpu-a021"] if a == 1 else ["gpu-a021", "gpu-a022"]
            hdr.insert(0, f"[autoresume] previous job {3311870 + (a - 1) * 17} ended FAILED (exit 1); resuming from latest checkpoint")
            hdr.insert(1, f"[autoresume] excluding node(s) that reported the last error: {','.join(excl)} ; requesting spare from pool 'hot-spare'")
        b.lines(slurm, t0 - 5, hdr, 0.01)
        t = megatron_init(run, t0, tp=4, pp=2, resume=resume[a], log_interval=5 if a else 10, save_interval=500)
        metric = lambda it: ({"loss": 2.31 + (it - 18420) * 0.19, "gn": 0.9 + (it - 18420) ** 2 * 0.09}
                             if 18420 < it < bad_it else None)
        # healthy progress with checkpoint saves
        it = resume[a]
        while it < bad_it - 1:
            nxt = min(bad_it - 1, (it // 500 + 1) * 500)
            times, t = run.progress(it, nxt, t, 4.93, interval=5 if a else 10, metrics=metric)
            it = nxt
            if it % 500 == 0 and it < bad_it - 1:
                t += megatron_save(run, it, t + 0.2, dur=13.0 + run.rng.uniform(0, 3))
        # iteration 18437 blows up
        t += 4.9
        bad_rank = 37
        bad_node, dev = job.where(bad_rank)
        for r in (37, 39):
            megatron_nan_error(run, r, t + (0.002 if r == 39 else 0), bad_it, bad_node, job.where(r)[1])
        srun_abort(run, job, t + 3.1, bad_node, [37], 1)
        for n in nodes:
            for l in range(8):
                rr = job.rank(n, l)
                if rr in (37, 39):
                    continue
                if l == 0:
                    run.say(rr, t + 3.4 + run.rng.uniform(0, 0.2), "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s ***" % (job.jobid, n, f_slurm(job.lt(n, t + 3.4))), raw=True)
        b.line(slurm, t + 5, "srun: error: Timed out waiting for job step to complete")
        b.line(slurm, t + 6, f"[autoresume] job step exited with 1 at iteration >= {bad_it - 1}; will requeue")
        std_node_files(job, t0, t + 10, dmesg_name="dmesg-T.log")
    b.set_label("numerical", "script", None, "stop",
                "All three attempts resume from checkpoints, show lm loss and grad norm climbing after iteration 18420 and die at the same "
                "iteration 18437 with 'found NaN in local grad norm'; the failing rank 37 sits on gpu-a021, gpu-a022 and gpu-a023 in turn "
                "after node swaps, so the NaN follows the data/step, not hardware.",
                "https://github.com/NVIDIA/Megatron-LM/issues/780")



# --------------------------------------------------------------------------- failure helpers
def watchdog_all(run, t, seq, *, skip=(), only=None, op="ALLREDUCE", full_locals=(0,), timeout_ms=600000,
                 jitter=2.5, dump=None, numel=134217728, pg="0", pgname="default_pg"):
    j = run.job
    ranks = only if only is not None else range(j.world)
    for r in ranks:
        if r in skip:
            continue
        n, l = j.where(r)
        tr = t + run.rng.uniform(0, jitter)
        d = j.lt(n, tr)
        blk = watchdog_block("", d, r, seq, op=op, numel=numel, timeout_ms=timeout_ms, dump_path=dump if l == 0 else None,
                             pg=pg, pgname=pgname)
        if l not in full_locals:
            blk = blk[:1] + blk[4:5] + blk[-2:]
        run.say(r, tr, "\n".join(("[rank%d]:" % r + x) if x.startswith("[") and "ProcessGroupNCCL" in x or "NCCLUtils" in x else x for x in blk))


def agent_prefix(run, node):
    if run.fw == "nemo":
        return "%d: " % run.job.nodes.index(node)
    return ""


def agent_log(run, node, t, lvl, src, msg):
    j = run.job
    d = j.lt(node, t)
    pth = run.console[node]
    run.b.line(pth, t, "%s%s%s %d %s] %s" % (agent_prefix(run, node), lvl, "%02d%02d %s.%06d" % (d.month, d.day, d.strftime("%H:%M:%S"), d.microsecond),
                                          j.pid[(node, "agent")], src, msg))


def torchrun_fail(run, node, t, root, others=(), script="train.py", code=1, error_file=True, tb_text=None):
    """Agent-side failure on `node`: SIGTERM to the rest, ChildFailedError table."""
    j = run.job
    pth = run.console[node]
    pre = agent_prefix(run, node)
    for l in range(j.gpn):
        r = j.rank(node, l)
        if r == root or r in others:
            continue
        agent_log(run, node, t + 0.001 * l, "W", "torch/distributed/elastic/multiprocessing/api.py:897",
                  f"Sending process {j.pid[(node, l)]} closing signal SIGTERM")
    rn, rl = j.where(root)
    agent_log(run, node, t + 2.1, "E", "torch/distributed/elastic/multiprocessing/api.py:869",
              f"failed (exitcode: {code}) local_rank: {rl} (pid: {j.pid[(rn, rl)]}) of binary: /usr/bin/python")
    def rec(r, c):
        n_, l_ = j.where(r)
        d = j.lt(n_, t)
        f = {"time": d.strftime("%Y-%m-%d_%H:%M:%S"), "host": n_, "rank": r, "local": l_, "exitcode": c, "pid": j.pid[(n_, l_)]}
        if sig_name(c):
            f["traceback"] = f"{sig_name(c)} received by PID {j.pid[(n_, l_)]}"
        elif error_file:
            f["error_file"] = f"/tmp/torchelastic_{j.jobid % 100000:05x}q/{j.jobid}_r{r}/attempt_0/{l_}/error.json"
            f["traceback"] = tb_text or "Traceback (most recent call last):"
        return f
    fl = [rec(r, c) for r, c in others]
    lines = torchrun_tb() + child_failed(script, fl, rec(root, code))
    run.b.lines(pth, t + 2.3, [pre + x for x in lines], 1e-5)


def elastic_restart(run, node, t, restart_count, max_restarts, role_ranks):
    agent_log(run, node, t, "I", "torch/distributed/elastic/agent/server/api.py:873",
              f"[default] Worker group FAILED. {max_restarts - restart_count + 1}/{max_restarts} attempts left; will restart worker group")
    agent_log(run, node, t + 0.1, "I", "torch/distributed/elastic/agent/server/api.py:697", "[default] Stopping worker group")
    agent_log(run, node, t + 3.0, "I", "torch/distributed/elastic/agent/server/api.py:683", "[default] Rendezvous'ing worker group")
    j = run.job
    gi = j.nodes.index(node)
    agent_log(run, node, t + 9.0, "I", "torch/distributed/elastic/agent/server/api.py:525",
              f"[default] Rendezvous complete for workers. Result:\n  restart_count={restart_count}\n  master_addr={j.nodes[0]}\n  master_port=29500\n"
              f"  group_rank={gi}\n  group_world_size={len(j.nodes)}\n  local_ranks={list(range(j.gpn))}\n  role_ranks={role_ranks}\n"
              f"  global_ranks={role_ranks}\n  role_world_sizes={[j.world] * j.gpn}\n  global_world_sizes={[j.world] * j.gpn}\n")
    agent_log(run, node, t + 9.1, "I", "torch/distributed/elastic/agent/server/api.py:691", "[default] Starting worker group")


def cuda_error_tb(run, rank, t, err, frames, fw_prefix=True, exc="RuntimeError"):
    msg = (f"{exc}: CUDA error: {err}\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
           "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n")
    run.say(rank, t, "\n".join(f"[rank{rank}]: " + x for x in py_traceback(frames, msg)))


TITAN_TRAIN_TB = [("/workspace/torchtitan/torchtitan/train.py", 466, "<module>", "main(config)"),
                  ("/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)"),
                  ("/workspace/torchtitan/torchtitan/train.py", 337, "main", "loss.backward()"),
                  ("/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", 626, "backward", "torch.autograd.backward("),
                  ("/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", 347, "backward", "_engine_run_backward("),
                  ("/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", 823, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]


@case("f02_grad_norm_nan_at_random_steps")
def c02(b):
    base = _dt.datetime(2025, 2, 11, 18, 40, 17)
    nodes = ["dgx-04%02d" % i for i in range(9, 21)]
    culprit, dev = "dgx-0417", 3
    bad = [5211, 5320, 5266]
    resume = [3000, 5000, 5000]
    t0s = [0.0, 2 * 3600 + 900.0, 3 * 3600 + 1500.0]
    for a in range(3):
        job = Job(b, nodes, base, dirprefix=f"attempt_{a}/", jobid=915522)
        run = Run(job, "nemo", console=f"nemo-llama3-70b_{job.jobid}.{a}.log", total=100000, gbs=1024, seq=8192,
                  ckpt="/lustre/fsw/portfolios/llm/users/pt/llama3-70b/checkpoints")
        t0 = t0s[a]
        sb = job.path(nodes[0], f"slurm-{job.jobid}.out")
        b.lines(sb, t0 - 4, [f"[{f_slurm(job.lt(nodes[0], t0 - 4))}] starting attempt {a} of job {job.jobid} (SLURM_RESTART_COUNT={a})",
                             f"+ srun -l --ntasks-per-node=1 torchrun --nnodes={len(nodes)} --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint={nodes[0]}:29500 --tee 3 /opt/NeMo/examples/llm/pretrain/llama3_70b.py"], 0.01)
        t = nemo_init(run, t0, resume_path=None if a == 0 and False else f"{run.ckpt}/step={resume[a]}-consumed_samples={resume[a] * 1024}.0", tp=4, pp=4)
        times, t = run.progress(resume[a], bad[a] - 1, t, 3.12, interval=10)
        for s in range(resume[a] + 500, bad[a], 500):
            tt = times[s]
            run.pylog(0, tt + 0.3, "INFO", "nemo_logging:393", f"Async checkpoint save for step {s} (/lustre/fsw/portfolios/llm/users/pt/llama3-70b/checkpoints/step={s}-consumed_samples={s * 1024}.0) finalized successfully.")
        t += 3.1
        r = job.rank(culprit, dev)
        frames = [("/opt/NeMo/examples/llm/pretrain/llama3_70b.py", 112, "<module>", "llm.train(model, data, trainer, log=log, resume=resume, optim=opt)"),
                  ("/opt/NeMo/nemo/collections/llm/api.py", 107, "train", "trainer.fit(model, data)"),
                  ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/trainer.py", 538, "fit", "call._call_and_handle_interrupt("),
                  ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/optimization/automatic.py", 208, "_optimizer_step", "self.trainer.strategy.optimizer_step(...)"),
                  ("/opt/NeMo/nemo/lightning/pytorch/strategies/megatron_strategy.py", 685, "optimizer_step", "optimizer_output = super().optimizer_step(optimizer, closure, model, **kwargs)"),
                  ("/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 158, "check_for_nan_in_grad", "rerun_state_machine.validate_result("),
                  ("/opt/megatron-lm/megatron/core/rerun_state_machine.py", 497, "validate_result", "raise RuntimeError(full_message)")]
        msg = (f"RuntimeError: Rank {r}, node {culprit}, device {dev}, iteration {bad[a]}: Unexpected result nan "
               "(message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')")
        run.say(r, t, "\n".join(f"[rank{r}]: " + x for x in py_traceback(frames, msg)))
        torchrun_fail(run, culprit, t + 1.2, r, script="llama3_70b.py", tb_text="Traceback (most recent call last): ... RuntimeError: Rank %d, node %s, device %d, iteration %d: Unexpected result nan" % (r, culprit, dev, bad[a]))
        b.line(sb, t + 4, f"srun: error: {culprit}: task {nodes.index(culprit)}: Exited with exit code 1")
        b.line(sb, t + 4.1, f"srun: Terminating StepId={job.jobid}.{a}")
        for n in nodes:
            if n == culprit:
                continue
            for l in range(8):
                agent_log(run, n, t + 4.5 + l * 0.001, "W", "torch/distributed/elastic/agent/server/api.py:704", "Received Signals.SIGTERM death signal, shutting down workers") if l == 0 else None
        std_node_files(job, t0, t + 10, dmesg_name="kern.log", style="S")
        if a == 2:
            nvq = nvsmi_q(job.rng, job.lt(culprit, t + 300), culprit)
            b.put(job.path(culprit, "nvidia-smi-q.txt"), nvq)
    b.set_label("gpu_hardware", "infrastructure", {"node": "dgx-0417", "rank": 67}, "restart_without_node",
                "Three attempts on the same allocation each die with 'found NaN in local grad norm' on rank 67 (dgx-0417, device 3) at "
                "different iterations (5211, 5320, 5266) with no loss spike beforehand: the NaN follows one GPU, a silent-data-corruption pattern.",
                "https://github.com/NVIDIA-NeMo/Speech/issues/14348")


@case("f03_all_ranks_hit_watchdog_timeout")
def c03(b):
    base = _dt.datetime(2025, 1, 27, 22, 3, 41)
    nodes = sorted(["hgx-r06-u%02d" % u for u in (5, 9, 13, 17, 21, 25, 29, 33)] + ["hgx-r07-u%02d" % u for u in (5, 9, 13, 17, 21, 25, 29, 33)])
    culprit, g = "hgx-r07-u21", 5
    job, run = mega_run(b, nodes, base, name="gpt-moe-1t", total=120000, gbs=4096, seq=4096, tflops=386.0,
                        ckpt="/lustre/fsw/moe/ckpt/gpt-moe-1t")
    t = megatron_init(run, 0.0, tp=8, pp=4, resume=61500, layers=72, hidden=8192, heads=64, log_interval=10, save_interval=1000)
    times0, t = run.progress(61500, 62000, t, 6.41, interval=10)
    t += megatron_save(run, 62000, t + 0.3, dur=21.3)
    times, t = run.progress(62000, 62744, t, 6.41, interval=10)
    times.update(times0)
    tf = t + 3.7   # GPU drops off during iteration 62745
    up = lambda s: tf + s
    bus = BUS[g]
    ev = {culprit: [(up(-0.02), "pcieport 0000:a7:01.0: AER: Uncorrected (Fatal) error received: 0000:a8:00.0"),
                    (up(-0.01), "pcieport 0000:a8:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
                    (up(0.0), "NVRM: GPU at PCI:0000:%s:00: GPU-7f3a91c2-55be-8d0e-1f45-a1c0d2e3f4b5" % bus),
                    (up(0.0), "NVRM: GPU Board Serial Number: 1652323045871"),
                    (up(0.0), xid(bus, 79, "pid='<unknown>', name=<unknown>, GPU has fallen off the bus.")),
                    (up(0.01), "NVRM: GPU 0000:%s:00.0: GPU has fallen off the bus." % bus),
                    (up(0.02), "NVRM: A GPU crash dump has been created. If possible, please run"),
                    (up(0.02), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                    (up(0.02), "NVRM: the NVIDIA kernel module is unloaded."),
                    (up(31.5), "INFO: task python:%d blocked for more than 122 seconds." % job.pid[(culprit, g)]),
                    (up(31.5), "      Tainted: P           OE     5.15.0-126-generic #136-Ubuntu"),
                    (up(31.6), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.")],
          "hgx-r06-u13": [(times[61950] + 2.2, xid(BUS[3], 63, "pid=%d, name=python, Row Remapper: New row (0x00000000001e4a07) marked for remapping, reset gpu to activate." % job.pid[("hgx-r06-u13", 3)]))],
          "hgx-r07-u09": [(times[62310], "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x1a2f3c offset:0x7c0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:0 bg:1 ba:2 row:0x1a5e col:0x3f0)")]}
    std_node_files(job, 0.0, tf + 900, dmesg_name="dmesg.log", extra=ev)
    # everyone waits in the gradient all-reduce / pipeline send for 10 minutes
    watchdog_all(run, tf + 600.2, 744318, jitter=3.0, full_locals=(0,), dump="/lustre/fsw/moe/fr/gpt-moe-1t/nccl_trace_rank_")
    te = tf + 606
    srun_abort(run, job, te + 1.0, nodes[2], job.ranks_of(nodes[2]), code=134)
    # post incident collection
    for n in nodes:
        kw = {}
        if n == culprit:
            b.put(job.path(n, "nvidia-smi.txt"), "Unable to determine the device handle for GPU0000:%s:00.0: Unknown Error\n" % bus.upper() +
                  nvsmi_table(job.rng, job.lt(n, te + 1200), unknown={g}))
        elif n == "hgx-r06-u13":
            b.put(job.path(n, "nvidia-smi.txt"), nvsmi_table(job.rng, job.lt(n, te + 1200)))
            b.put(job.path(n, "nvidia-smi-q.txt"), nvsmi_q(job.rng, job.lt(n, te + 1210), n, per_gpu={3: {"remap": {"corr": 0, "unc": 1, "pending": "Yes", "failure": "No"}}}))
        else:
            b.put(job.path(n, "nvidia-smi.txt"), nvsmi_table(job.rng, job.lt(n, te + 1200)))
    b.set_label("gpu_hardware", "infrastructure", {"node": culprit, "rank": job.rank(culprit, g)}, "restart_without_node",
                "Every rank only shows the 10-minute NCCL watchdog timeout; the cause is in hgx-r07-u21's kernel log (PCIe fatal AER then "
                "Xid 79, GPU 0000:ab:00 fell off the bus) and its nvidia-smi cannot reach that GPU. The Xid 63 on hgx-r06-u13 and the corrected "
                "EDAC error on hgx-r07-u09 are benign.",
                "https://github.com/rwth-i6/returnn/issues/1486")


@case("f04_restarts_die_during_init")
def c04(b):
    base = _dt.datetime(2025, 4, 2, 7, 55, 9)
    nodes = ["gpu-b104", "gpu-b105", "gpu-b107", "gpu-b108", "gpu-b110", "gpu-b113", "gpu-b114", "gpu-b115"]
    culprit, g = "gpu-b113", 5
    job = Job(b, nodes, base, jobid=2290144)
    run = Run(job, "titan", console="torchrun.log", total=30000, gbs=128, seq=8192, tflops=402.0)
    r_bad = job.rank(culprit, g)
    t = titan_init(run, 0.0, resume_step=1000, flavor="405B", mesh=(8, 8))
    times, t = run.progress(1000, 1186, t, 9.8, interval=1)
    tf = t + 5.1
    bus = BUS[g]
    ev = [(tf - 0.3, xid(bus, 48, "pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % job.pid[(culprit, g)])),
          (tf - 0.29, xid(bus, 63, "pid=%d, name=python, Row Remapper: New row (0x00000000003c10a2) marked for remapping, reset gpu to activate." % job.pid[(culprit, g)])),
          (tf - 0.28, xid(bus, 64, "pid=%d, name=python, Row Remapper Error: Failed to remap row (0x00000000003c10a2) - no spare rows left in bank." % job.pid[(culprit, g)])),
          (tf - 0.1, xid(bus, 45, "pid=%d, name=python, Ch 00000008" % job.pid[(culprit, g)]))]
    cuda_error_tb(run, r_bad, tf, "uncorrectable ECC error encountered", TITAN_TRAIN_TB)
    std = {culprit: list(ev)}
    tt = tf + 2
    for rc in range(1, 4):
        for n in nodes:
            elastic_restart(run, n, tt + run.rng.uniform(0, 0.5), rc, 3, job.ranks_of(n))
        ts_ = tt + 10
        run.pylog(0, ts_, "INFO", "", "Starting job: Llama 3 405B training")
        run.pylog(0, ts_ + 0.1, "INFO", "", "Building 2-D device mesh with ['dp_shard', 'tp'], [8, 8]")
        if True:
            std[culprit].append((ts_ + 1.1, xid(bus, 48, "pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % (job.pid[(culprit, g)] + 1000 * rc))))
        frames = [("/workspace/torchtitan/torchtitan/train.py", 466, "<module>", "main(config)"),
                  ("/workspace/torchtitan/torchtitan/train.py", 63, "main", "device = torch.device(f\"{device_type}:{int(os.environ['LOCAL_RANK'])}\")"),
                  ("/workspace/torchtitan/torchtitan/train.py", 71, "main", "device_module.set_device(device)"),
                  ("/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", 476, "set_device", "torch._C._cuda_setDevice(device)")]
        cuda_error_tb(run, r_bad, ts_ + 1.2, "uncorrectable ECC error encountered", frames)
        for r in range(job.world):
            if r != r_bad and r % 8 == 0:
                run.say(r, ts_ + 40 + run.rng.uniform(0, 2), f"[rank{r}]: torch.distributed.DistNetworkError: Connection reset by peer; failed to recv, got 0 bytes (while waiting for rank {r_bad} in TCPStore barrier)")
        tt = ts_ + 45
    # final give-up
    for n in nodes:
        if n != culprit:
            agent_log(run, n, tt + 1, "I", "torch/distributed/elastic/agent/server/api.py:873", "[default] Worker group FAILED. 0/3 attempts left; will not restart worker group")
    torchrun_fail(run, culprit, tt + 1, r_bad, script="torchtitan/train.py",
                  tb_text="RuntimeError: CUDA error: uncorrectable ECC error encountered")
    std_node_files(job, 0.0, tt + 60, dmesg_name="dmesg.txt", extra=std)
    b.put(job.path(culprit, "nvidia-smi-q.txt"), nvsmi_q(job.rng, job.lt(culprit, tt + 400), culprit, per_gpu={g: {
        "remap": {"corr": 2, "unc": 9, "pending": "Yes", "failure": "Yes"},
        "ecc_vol": {"sram_corr": 0, "sram_unc_p": 0, "sram_unc_np": 0, "dram_corr": 14, "dram_unc": 4}}}))
    b.set_label("gpu_memory", "infrastructure", {"node": culprit, "rank": r_bad}, "restart_without_node",
                "torchrun restarted the worker group three times and every round died on rank 45 (gpu-b113 GPU 5) with 'uncorrectable ECC error "
                "encountered'; the kernel log shows Xid 48 double-bit errors and Xid 64 row-remap failure, nvidia-smi -q reports "
                "'Remapping Failure Occurred: Yes'.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")


@case("f05_one_pod_crashed_mid_epoch")
def c05(b):
    base = _dt.datetime(2025, 5, 19, 13, 20, 44)
    nodes = ["gke-a3mega-np-4f1c-%s" % s for s in ("0q2x", "2hdl", "5vbn", "7kcw", "9mzt", "b3ra", "fjx8", "wq1p")]
    culprit, g = "gke-a3mega-np-4f1c-7kcw", 2
    job = Job(b, nodes, base, jobid=0)
    run = Run(job, "composer", console=lambda n: f"pods/mpt-70b-pt-worker-{nodes.index(n)}.log", total=40000, gbs=1024, seq=4096)
    t = composer_init(run, 0.0, autoresume="s3://llm-ckpt-usc1/mpt-70b/checkpoints/ep0-ba22000-rank0.pt")
    times, t = run.progress(22000, 23917, t, 3.42, interval=10)
    tf = t + 2.0
    r = job.rank(culprit, g)
    bus = BUS[g]
    ev = {culprit: [(tf - 0.05, xid(bus, 94, "pid=%d, name=python, Contained ECC error" % job.pid[(culprit, g)])),
                    (tf + 95, "NVRM: GPU at PCI:0000:%s:00: GPU reset completed (initiated by nvidia-smi --gpu-reset)" % bus)]}
    frames = [("/llm-foundry/scripts/train/train.py", 9, "<module>", "train_from_yaml(yaml_path, args_list)"),
              ("/llm-foundry/llmfoundry/command_utils/train.py", 593, "train", "trainer.fit()"),
              ("/usr/lib/python3/dist-packages/composer/trainer/trainer.py", 2336, "fit", "self._train_loop()"),
              ("/usr/lib/python3/dist-packages/composer/trainer/trainer.py", 2534, "_train_loop", "total_loss_dict = self._train_batch(use_grad_scaling)"),
              ("/usr/lib/python3/dist-packages/composer/trainer/trainer.py", 2762, "_train_batch", "self._train_microbatches(microbatches, total_loss_dict)"),
              ("/usr/lib/python3/dist-packages/composer/trainer/trainer.py", 3062, "_train_microbatch", "self.state.scaler.scale(microbatch_loss).backward(create_graph=self._backwards_create_graph)")]
    msg = ("RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, "
           "so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
    pod = run.console[culprit]
    b.lines(pod, tf + 1.0, [f"ERROR:composer.cli.launcher:Rank {r} crashed with exit code 1.",
                            f"Waiting up to 30 seconds for all training processes to terminate. Press Ctrl-C to exit immediately.",
                            f"Global rank {r} (PID {job.pid[(culprit, g)]}) exited with code 1",
                            f"----------Begin global rank {r} STDOUT----------",
                            f"[batch=23917/40000]:", f"----------End global rank {r} STDOUT----------",
                            f"----------Begin global rank {r} STDERR----------"] + py_traceback(frames, msg) +
            [f"----------End global rank {r} STDERR----------",
             "ERROR:composer.cli.launcher:Global rank %d (PID %d) exited with code -15" % (job.rank(culprit, 0), job.pid[(culprit, 0)])], 1e-4)
    for n in nodes:
        if n == culprit:
            continue
        rr = job.rank(n, 0)
        run.say(rr, tf + 600 + run.rng.uniform(0, 3), "\n".join(watchdog_block(f"[rank{rr}]:", job.lt(n, tf + 600), rr, 1934770, op="_REDUCE_SCATTER_BASE", numel=283115520)[:2]))
        b.line(run.console[n], tf + 603, f"ERROR:composer.cli.launcher:Rank {rr} crashed with exit code -6.")
    # k8s records
    kd = job.path(nodes[0], "kubectl/pytorchjob-describe.txt")
    b.put(kd, "\n".join([
        "Name:         mpt-70b-pt", "Namespace:    llm-training", "API Version:  kubeflow.org/v1", "Kind:         PyTorchJob",
        "Status:", "  Conditions:",
        f"    Last Transition Time:  {f_slurm(job.lt(nodes[0], 0))}Z", "    Message:               PyTorchJob mpt-70b-pt is running.", "    Reason:                PyTorchJobRunning", "    Status:                False", "    Type:                  Running",
        f"    Last Transition Time:  {f_slurm(job.lt(nodes[0], tf + 610))}Z", f"    Message:               PyTorchJob mpt-70b-pt is failed because 1 Worker replica(s) failed.", "    Reason:                PyTorchJobFailed", "    Status:                True", "    Type:                  Failed",
        "Events:", "  Type     Reason                   Age   From                   Message", "  ----     ------                   ----  ----                   -------",
        f"  Warning  PyTorchJobFailed         14m   pytorchjob-controller  PyTorchJob mpt-70b-pt is failed because 1 Worker replica(s) failed.",
        f"  Normal   ExitedWithCode           14m   pytorchjob-controller  Pod: llm-training.mpt-70b-pt-worker-{nodes.index(culprit)} exited with code 1"]))
    std_node_files(job, 0.0, tf + 700, dmesg_name="host/journal-kernel.txt", style="J", extra=ev)
    b.put(job.path(culprit, "host/nvidia-smi-q.txt"), nvsmi_q(job.rng, job.lt(culprit, tf + 140), culprit, per_gpu={g: {
        "remap": {"corr": 0, "unc": 1, "pending": "No", "failure": "No"},
        "ecc_vol": {"sram_corr": 0, "sram_unc_p": 0, "sram_unc_np": 0, "dram_corr": 0, "dram_unc": 0},
        "ecc_agg": {"sram_corr": 0, "sram_unc_p": 0, "sram_unc_np": 0, "dram_corr": 3, "dram_unc": 1}}}))
    b.put(job.path(culprit, "host/dcgmi-diag-r1.txt"), dcgmi_diag(1, {}))
    b.set_label("gpu_memory", "infrastructure", {"node": culprit, "rank": r}, "restart",
                f"Rank {r} on gke-a3mega-np-4f1c-7kcw died with 'uncorrectable ECC error encountered' at the moment the host logged Xid 94 "
                "(contained ECC error) on GPU 2; after the GPU reset the row is remapped (Pending: No, Remapping Failure: No) and dcgmi diag "
                "passes, so the GPU is usable and the job can simply restart.",
                "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html")


@case("f06_nccl_errors_then_launcher_kills_all")
def c06(b):
    base = _dt.datetime(2025, 6, 8, 3, 1, 12)
    nodes = ["ip-10-7-35-230", "ip-10-7-32-87", "ip-10-7-34-5", "ip-10-7-32-11", "ip-10-7-35-19", "ip-10-7-33-201", "ip-10-7-33-140", "ip-10-7-34-66"]
    culprit, g = "ip-10-7-33-140", 6
    job = Job(b, nodes, base, jobid=0, ip_prefix=(10, 7))
    for n in nodes:
        job.ip[n] = n[3:].replace("-", ".")
    run = Run(job, "deepspeed", console="deepspeed_launcher.log", total=320000, gbs=1536, seq=2048, log_rank=0)
    t = deepspeed_init(run, 0.0)
    times, t = run.progress(0, 1640, t, 2.71, interval=10)
    tf = t + 1.3
    bus = BUS[g]
    r = job.rank(culprit, g)
    ev = [(tf - 40.0, xid(bus, 74, "pid=%d, name=python, NVLink: Link 4 recovery succeeded. (0x0, 0x0, 0x1000, 0x0, 0x0, 0x0, 0x0)" % job.pid[(culprit, g)])),
          (tf - 12.0, xid(bus, 74, "pid=%d, name=python, NVLink: Link 4 recovery succeeded. (0x0, 0x0, 0x1000, 0x0, 0x0, 0x0, 0x0)" % job.pid[(culprit, g)])),
          (tf - 0.02, xid(bus, 74, "pid=%d, name=python, NVLink: fatal error detected on link 4(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % job.pid[(culprit, g)])),
          (tf + 0.01, xid(bus, 45, "pid=%d, name=python, Ch 0000000c" % job.pid[(culprit, g)]))]
    hdr = f"{culprit}:{job.pid[(culprit, g)]}:{job.pid[(culprit, g)] + 77} [{g}]"
    run.say(r, tf + 0.3, f"{hdr} enqueue.cc:1533 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'")
    run.say(r, tf + 0.31, f"{hdr} NCCL INFO group.cc:231 -> 1")
    frames = [("/workspace/Megatron-DeepSpeed/pretrain_gpt.py", 356, "<module>", "pretrain("),
              ("/workspace/Megatron-DeepSpeed/megatron/training.py", 233, "pretrain", "iteration = train(forward_step_func,"),
              ("/workspace/Megatron-DeepSpeed/megatron/training.py", 1212, "train", "train_step(forward_step_func,"),
              ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", 2213, "step", "self._take_model_step(lr_kwargs)"),
              ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/bf16_optimizer.py", 320, "step", "all_groups_norm = get_global_norm_of_tensors("),
              ("/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", 2501, "all_reduce", "work = group.allreduce([tensor], opts)")]
    run.say(r, tf + 0.4, "\n".join(py_traceback(frames, "torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3351, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\n"
                                                     "ncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 'uncorrectable NVLink error detected during the execution'")))
    for l in (4, 5, 7):
        rr = job.rank(culprit, l)
        run.say(rr, tf + 0.6 + l * 0.01, f"{culprit}:{job.pid[(culprit, l)]}:{job.pid[(culprit, l)] + 77} [{l}] proxy.cc:1523 NCCL WARN [Proxy Service {rr}] Failed to execute operation Connect from rank {r}, retcode 3")
    d = job.lt(culprit, tf + 2)
    run.say(r, tf + 2, f"[{f_py(d)}] [INFO] [launch.py:319:sigkill_handler] Killing subprocess {job.pid[(culprit, 0)]}")
    run.say(r, tf + 2.5, f"[{f_py(d)}] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'pretrain_gpt.py', '--local_rank={g}', '--deepspeed', '--deepspeed_config', 'ds_config.json'] exits with return code = 1")
    b.line(run.console[nodes[0]], tf + 3, f"pdsh@{nodes[0]}: {culprit}: ssh exited with exit code 1")
    for n in nodes:
        if n == culprit:
            continue
        for l in (0, 3):
            rr = job.rank(n, l)
            run.say(rr, tf + 600 + run.rng.uniform(0, 2), "\n".join(watchdog_block(f"[rank{rr}]:", job.lt(n, tf + 600), rr, 98311, numel=1)[:1]))
        b.line(run.console[nodes[0]], tf + 605 + job.rng.uniform(0, 1), f"pdsh@{nodes[0]}: {n}: ssh exited with exit code 250")
    std_node_files(job, 0.0, tf + 700, dmesg_name="journalctl-k.txt", style="J", extra={culprit: ev})
    nl = [f"GPU {gg}: NVIDIA H100 80GB HBM3 (UUID: GPU-{job.rng.getrandbits(32):08x}-{job.rng.getrandbits(16):04x}-{job.rng.getrandbits(16):04x}-{job.rng.getrandbits(16):04x}-{job.rng.getrandbits(48):012x})" for gg in range(8)]
    out = []
    for gg in range(8):
        out.append(nl[gg])
        for ln in range(18):
            bad = (gg == g and ln == 4)
            out.append(f"\t Link {ln}: Replay Errors: {18452 if bad else 0}")
            out.append(f"\t Link {ln}: Recovery Errors: {37 if bad else 0}")
            out.append(f"\t Link {ln}: CRC Errors: {906112 if bad else 0}")
    b.put(job.path(culprit, "nvidia-smi-nvlink-e.txt"), "\n".join(out))
    b.set_label("nvlink", "infrastructure", {"node": culprit, "rank": r}, "restart_without_node",
                "Rank 54 (ip-10-7-33-140 GPU 6) fails with 'uncorrectable NVLink error detected during the execution'; that host's kernel log "
                "has repeated Xid 74 on NVLink link 4 ending in a fatal error and nvidia-smi nvlink -e shows large replay/CRC counts on GPU 6 link 4. "
                "Watchdog timeouts on other nodes are sympathetic.",
                "https://github.com/NVIDIA/NVSentinel/issues/364")


def net_ib_warn(job, node, l, t_ip, status=12, vendor=129, kind="Recv"):
    pid = job.pid[(node, l)]
    return (f"{node}:{pid}:{pid + 93} [{l}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {t_ip}<{40000 + (pid % 20000)}> "
            f"with status={status} opcode=0 len=0 vendor err {vendor} ({kind}) localGid ::ffff:{job.ibip[node]} remoteGids::ffff:{t_ip}")


def nccl_remote_error_tb(run, r, t, peer_ip, node, l):
    job = run.job
    pid = job.pid[(node, l)]
    hdr = f"{node}:{pid}:{pid + 93} [{l}]"
    run.say(r, t, "\n".join([f"{hdr} NCCL INFO transport/net.cc:1302 -> 6", f"{hdr} NCCL INFO proxy.cc:698 -> 6",
                             f"{hdr} NCCL INFO proxy.cc:878 -> 6 [Progress Thread]"]))
    run.say(r, t + 0.2, "\n".join(f"[rank{r}]: " + x for x in py_traceback(
        [("/opt/megatron-lm/pretrain_gpt.py", 314, "<module>", "pretrain("),
         ("/opt/megatron-lm/megatron/training/training.py", 1421, "train", "train_step(forward_step_func,"),
         ("/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 421, "finish_grad_sync", "self.grad_reduce_handle.wait()")],
        "torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, remote process exited or there was a network error, NCCL version 2.21.5\n"
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
        f"Last error:\nNET/IB : Got completion from peer {peer_ip}<{40000 + pid % 20000}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{job.ibip[node]} remoteGids::ffff:{peer_ip}")))


@case("f07_training_died_with_ib_completion_errors")
def c07(b):
    base = _dt.datetime(2025, 2, 3, 9, 14, 55)
    nodes = ["cn-41%02d" % i for i in range(1, 13)]
    culprit, lrail = "cn-4108", 2
    neighbor = "cn-4109"
    job, run = mega_run(b, nodes, base, name="llama-3-70b", total=200000, gbs=1536, seq=8192, tflops=398.0,
                        ckpt="/lustre/llm/ckpt/llama3-70b-v2")
    t = megatron_init(run, 0.0, tp=8, pp=2, resume=23500, layers=80, hidden=8192, heads=64, log_interval=10)
    times, t = run.progress(23500, 24203, t, 5.37, interval=10)
    tf = t + 2.2
    hca = HCA[lrail]
    flaps = []
    for k, dt_ in enumerate([-1420, -1160, -700, -431, -95, -21, -0.4]):
        flaps.append((tf + dt_, f"mlx5_core 0000:4d:00.0 ibp77s0: Link down"))
        if dt_ < -1:
            flaps.append((tf + dt_ + 5.8 + k, f"mlx5_core 0000:4d:00.0 ibp77s0: Link up"))
    flaps.insert(0, (tf - 3600 * 2, "mlx5_core 0000:4d:00.0: mlx5_pcie_event:301:(pid 1147): PCIe slot advertised sufficient power (27W)."))
    ev = {culprit: flaps, "cn-4103": [(tf - 2000, "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#0_DIMM#0 (channel:0 slot:0 page:0x31cc2 offset:0x300 grain:32 syndrome:0x0)")]}
    std_node_files(job, 0.0, tf + 700, dmesg_name="dmesg.txt", extra=ev)
    # peers on both sides of cn-4108's rail-2 connection see completion errors
    for n, tgt in (("cn-4107", culprit), (neighbor, culprit), (culprit, neighbor)):
        r = job.rank(n, lrail)
        run.say(r, tf + 0.5 + job.rng.uniform(0, 0.2), net_ib_warn(job, n, lrail, job.ibip[tgt], kind="Recv" if n != culprit else "Send"))
        nccl_remote_error_tb(run, r, tf + 1.0, job.ibip[tgt], n, lrail)
    srun_abort(run, job, tf + 4.0, neighbor, [job.rank(neighbor, lrail)], code=1)
    for n in nodes:
        for l in (0,):
            rr = job.rank(n, l)
            run.say(rr, tf + 4.3, "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s ***" % (job.jobid, n, f_slurm(job.lt(n, tf + 4.3))), raw=True)
    b.put(job.path(culprit, "ibstat.txt"), ibstat(culprit))
    pq = []
    for h in HCA:
        bad = h == hca
        pq += [f"# Port counters: Lid {1200 + HCA.index(h)} port 1 ({h})", f"PortSelect:......................1",
               f"SymbolErrorCounter:..............{4211 if bad else 0}", f"LinkErrorRecoveryCounter:........{3 if bad else 0}",
               f"LinkDownedCounter:...............{7 if bad else 0}", f"PortRcvErrors:...................{388 if bad else 0}",
               f"PortRcvRemotePhysicalErrors:.....0", f"PortXmitDiscards:................{52 if bad else 0}",
               f"LocalLinkIntegrityErrors:........{2 if bad else 0}", f"ExcessiveBufferOverrunErrors:....0",
               f"PortXmitWait:....................{9182231 if bad else job.rng.randint(1000, 90000)}", ""]
    b.put(job.path(culprit, "perfquery.txt"), "\n".join(pq))
    b.put(job.path(neighbor, "perfquery.txt"), "\n".join(x if "Wait" in x or not x.split(":")[-1].strip("." ).isdigit() else x.rsplit(".", 1)[0] + ".0" for x in pq))
    b.set_label("network", "infrastructure", {"node": culprit, "rank": None}, "restart_without_node",
                "Ranks on cn-4107 and cn-4109 get IBV_WC_RETRY_EXC_ERR (status=12) from cn-4108's rail address and cn-4108 reports the same "
                "against cn-4109; only cn-4108's kernel log shows ibp77s0 (mlx5_4) flapping link down/up for 25 minutes and its perfquery has "
                "symbol errors and LinkDowned=7, so cn-4108's NIC/cable is at fault and cn-4109 is only accused.",
                "https://github.com/NVIDIA/nccl/issues/1405")


@case("f08_quarter_of_the_nodes_dropped_at_once")
def c08(b):
    base = _dt.datetime(2025, 7, 14, 16, 2, 30)
    nodes = ["gpu-k23-%02d" % i for i in range(1, 17)]
    leaves = {"leaf-k23-1": nodes[0:4], "leaf-k23-2": nodes[4:8], "leaf-k23-3": nodes[8:12], "leaf-k23-4": nodes[12:16]}
    b.topology = leaves
    dead = leaves["leaf-k23-3"]
    job = Job(b, nodes, base, jobid=5518020)
    run = Run(job, "titan", console="train.log", total=60000, gbs=256, seq=8192, tflops=395.0)
    t = titan_init(run, 0.0, resume_step=12000, flavor="405B", mesh=(16, 8))
    times, t = run.progress(12000, 12377, t, 8.9, interval=1)
    tf = t + 4.0
    ev = {}
    for n in dead:
        e = []
        for i, h in enumerate(HCA):
            e.append((tf + 0.01 * i + job.rng.uniform(0, 0.05), f"mlx5_core 0000:{BUS_ALT[i]}:00.0: mlx5_port_module_event:1155:(pid 0): Port module event: module {i}, Cable error, High power (but not enough) or unknown" if False else f"mlx5_core 0000:{BUS_ALT[i]}:00.0 ibp{int(BUS_ALT[i], 16)}s0: Link down"))
        e.append((tf + 2.0, "infiniband mlx5_0: mlx5_ib_event:308:(pid 2411): warning: event on port 1, event: IB_EVENT_PORT_ERR"))
        ev[n] = e
    ev[nodes[1]] = [(tf - 5400, "nvidia-fabricmanager[2231]: fabric manager NVLink inband message: received heartbeat timeout from GPU 4, retrying")]
    std_node_files(job, 0.0, tf + 900, dmesg_name="dmesg.txt", extra=ev)
    for n in nodes:
        if n in dead:
            continue
        for l in (0, 5):
            r = job.rank(n, l)
            peer = dead[(l + nodes.index(n)) % 4]
            run.say(r, tf + 18 + job.rng.uniform(0, 2), net_ib_warn(job, n, l, job.ibip[peer], status=12))
    for n in dead:
        r = job.rank(n, 0)
        run.say(r, tf + 20, f"{n}:{job.pid[(n, 0)]}:{job.pid[(n, 0)] + 93} [0] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got async event : port error")
    watchdog_all(run, tf + 600, 2277140, op="_REDUCE_SCATTER_BASE", numel=1098907648, jitter=4)
    b.put(job.path(nodes[0], "ncclras-1641.txt"), ncclras_report(job, missing=[r for n in dead for r in job.ranks_of(n)]))
    ib = ["-I- Using port 1 as the local port", "-I- Discovering ... 212 nodes (20 Switches & 192 CA-s) discovered.", "",
          "-I- ---------------------------------------------", "-I- Links Check", "-I- ---------------------------------------------"]
    for i, n in enumerate(dead):
        for k in range(8):
            ib.append(f"-E- Link is DOWN: \"{n}/HCA-{k + 1}\"/P1 <--> \"leaf-k23-3\"/P{i * 8 + k + 1}")
    ib += ["-E- Node \"leaf-k23-3\" lid=0x00a3: 32 of 64 ports in state DOWN, PSU status: FAULT (from SMP VendorSpecific)", "",
           "-I- Stage Warnings   Errors     Comment", "-I- Discovery   0     0", "-I- Lids Check  0     0", f"-I- Links Check 0     {len(dead) * 8 + 1}"]
    b.put(job.path(nodes[0], "ibdiagnet-summary.txt"), "\n".join(ib))
    b.set_label("network", "infrastructure", None, "restart",
                "All eight IB ports of gpu-k23-09..12 went down within the same second; those four nodes are exactly the ones behind leaf-k23-3 "
                "(topology.json), ibdiagnet reports 32 ports of that leaf DOWN, and ncclras lists their 32 processes as missing. One switch took out "
                "several nodes, so no single node is to blame.",
                "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting/ras.html")


@case("f09_checkpoint_save_errors_on_many_ranks")
def c09(b):
    base = _dt.datetime(2025, 3, 21, 4, 44, 0)
    nodes = ["lux-g%03d" % i for i in (102, 103, 104, 110, 111, 115, 116, 120, 121, 127)]
    job, run = mega_run(b, nodes, base, name="mixtral-8x22b", total=150000, gbs=1024, seq=4096, tflops=355.0,
                        ckpt="/lustre/fs1/mixtral/ckpt")
    t = megatron_init(run, 0.0, tp=2, pp=4, resume=38000, log_interval=10, async_save=True, save_interval=1000)
    times, t = run.progress(38000, 39000, t, 4.12, interval=10)
    t += megatron_save(run, 39000, t + 0.2, dur=38.0, async_save=True)
    times, t = run.progress(39000, 40000, t, 4.12, interval=10)
    ts = t + 0.2
    megatron_save(run, 40000, ts, dur=0, async_save=True) if False else run.say(0, ts, f"saving checkpoint at iteration {40000:>8d} to {run.ckpt} in torch_dist format")
    ost = "fs1-OST002a"
    srv = "10.150.2.41@o2ib"
    ev = {}
    hit = [n for n in nodes if n not in ("lux-g104", "lux-g121")]
    for n in nodes:
        e = []
        base_t = ts + 8 + job.rng.uniform(0, 3)
        if n in hit:
            e += [(base_t, f"Lustre: {ost}-osc-ffff9c2e1a3f8000: Connection to {ost} (at {srv}) was lost; in progress operations using this service will wait for recovery to complete"),
                  (base_t + 101, f"LustreError: 11-0: {ost}-osc-ffff9c2e1a3f8000: operation ost_write to node {srv} failed: rc = -107"),
                  (base_t + 140, f"LustreError: 167-0: {ost}-osc-ffff9c2e1a3f8000: This client was evicted by {ost}; in progress operations using this service will fail."),
                  (base_t + 140.2, f"LustreError: {job.pid[(n, 0)] + 5}:0:(osc_request.c:1035:osc_init_grant()) {ost}-osc-ffff9c2e1a3f8000: granted 8437760 but already consumed 33554432"),
                  (base_t + 152, f"Lustre: {ost}-osc-ffff9c2e1a3f8000: Connection restored to {srv} (at {srv})")]
        ev[n] = e
    ev["lux-g116"].append((ts - 4000, "EDAC skx MC2: HANDLING MCE MEMORY ERROR\nEDAC skx MC2: CPU 24: Machine Check Event: 0x0 Bank 13: 0x8c00004000010090\nEDAC MC2: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0"))
    std_node_files(job, 0.0, ts + 900, dmesg_name="dmesg-T.txt", extra=ev)
    # async writers fail on ranks of affected nodes
    tfail = ts + 150
    for n in hit:
        for l in (1, 3, 6):
            r = job.rank(n, l)
            run.say(r, tfail + job.rng.uniform(0, 4), f"ERROR:megatron.core.dist_checkpointing.strategies.filesystem_async:Local process {l} encountered an error: [Errno 5] Input/output error")
    run.progress(40000, 40041, ts + 2.4, 4.12, interval=10)
    tfin = ts + 2.4 + 41 * 4.12 + 1
    frames = [("/opt/megatron-lm/pretrain_gpt.py", 314, "<module>", "pretrain("),
              ("/opt/megatron-lm/megatron/training/training.py", 1466, "train", "maybe_finalize_async_save(blocking=False)"),
              ("/opt/megatron-lm/megatron/training/async_utils.py", 39, "maybe_finalize_async_save", "_async_calls_queue.maybe_finalize_async_calls(blocking)"),
              ("/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/async_utils.py", 253, "maybe_finalize_async_calls", "raise RuntimeError(f'Worker failure: {ten.item()}')" if False else "raise CheckpointException(...)")]
    for r in (0, 8, 16, 24):
        run.say(r, tfin + 0.1 * r, "\n".join(f"[rank{r}]: " + x for x in py_traceback(frames,
                "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([9, 11, 14, 25, 27, 30, 33, 35, 38, 41, 43, 46, 49, 51, 54, 57, 59, 62, 65, 67, 70])\n"
                "Traceback (most recent call last): (RANK 9)\n  File \"/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/filesystem_async.py\", line 291, in write_preloaded_data\n    os.fsync(stream.fileno())\nOSError: [Errno 5] Input/output error")))
    srun_abort(run, job, tfin + 3, nodes[0], [0], code=1)
    b.set_label("storage", "infrastructure", None, "restart",
                "During the async save at iteration 40000, eight of ten nodes log Lustre 'Connection to fs1-OST002a was lost' and 'This client was "
                "evicted by fs1-OST002a' at the same time and many ranks' async writers fail with [Errno 5] Input/output error; a shared "
                "filesystem target failed, not a node. The corrected EDAC error on lux-g116 is unrelated.",
                "https://github.com/THUDM/slime/issues/326")


@case("f10_checkpoint_write_fails_on_resume_too")
def c10(b):
    base = _dt.datetime(2025, 8, 1, 20, 12, 1)
    nodes = ["mosaic-h100-%03d" % i for i in (17, 18, 19, 21, 22, 23, 26, 30)]
    t0s = [0.0, 4 * 3600 + 320.0]
    for a in range(2):
        job = Job(b, nodes, base, dirprefix=f"attempt_{a}/", jobid=771203 + a)
        run = Run(job, "composer", console=lambda n: "composer-launcher.log", total=80000, gbs=512, seq=8192)
        t0 = t0s[a]
        t = composer_init(run, t0, autoresume="/lustre/projects/llm/ckpt/mpt-30b-v3/ep0-ba5000/" if a else "/lustre/projects/llm/ckpt/mpt-30b-v3/ep0-ba5000/")
        times, t = run.progress(5000, 6000, t, 3.05, interval=10)
        run.pylog(0, t + 0.1, "INFO", "composer.callbacks.checkpoint_saver", "Saving checkpoint to /lustre/projects/llm/ckpt/mpt-30b-v3/ep0-ba6000/")
        tf = t + 7.5
        frames = [("/usr/lib/python3/dist-packages/composer/trainer/trainer.py", 2622, "_train_loop", "self.engine.run_event(Event.BATCH_CHECKPOINT)"),
                  ("/usr/lib/python3/dist-packages/composer/callbacks/checkpoint_saver.py", 342, "batch_checkpoint", "self._save_checkpoint("),
                  ("/usr/lib/python3/dist-packages/composer/utils/checkpoint.py", 1125, "_save_sharded_checkpoint", "dist_cp.save(state_dict=state_dict, storage_writer=storage_writer, planner=save_planner)"),
                  ("/usr/local/lib/python3.11/dist-packages/torch/distributed/checkpoint/state_dict_saver.py", 324, "_save_state_dict", "return central_plan = distW.reduce_scatter(...)" if False else "return distW.all_reduce(\"write\", write_data, finish_checkpoint)"),
                  ("/usr/local/lib/python3.11/dist-packages/torch/distributed/checkpoint/utils.py", 233, "all_reduce", "raise final_result")]
        for n in nodes:
            r = job.rank(n, 0)
            ex = ("torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%s])\n"
                  "Traceback (most recent call last): (RANK %d)\n  File \"/usr/local/lib/python3.11/dist-packages/torch/distributed/checkpoint/filesystem.py\", line 454, in _write_files_from_queue\n"
                  "    with create_stream(file_name, \"wb\") as stream:\nOSError: [Errno 122] Disk quota exceeded: '/lustre/projects/llm/ckpt/mpt-30b-v3/ep0-ba6000/__%d_0.distcp'"
                  % (", ".join(str(x) for x in range(0, 64, 3)), r + 3, r + 3))
            run.say(r, tf + job.rng.uniform(0, 0.5), "\n".join(py_traceback(frames, ex)))
            run.say(r, tf + 2, f"ERROR:composer.cli.launcher:Rank {r} crashed with exit code 1.")
        sb = job.path(nodes[0], f"slurm-{job.jobid}.out")
        b.lines(sb, t0 - 3, [f"Job {job.jobid} attempt {a}: resuming with autoresume=True", f"+ srun --ntasks-per-node=1 composer -n 8 --node_rank $SLURM_NODEID --master_addr {nodes[0]} train.py yamls/pretrain/mpt-30b.yaml"])
        b.line(sb, tf + 5, f"srun: error: {nodes[2]}: task 2: Exited with exit code 1")
        std_node_files(job, t0, tf + 60, dmesg_name="dmesg.txt")
        if a == 1:
            b.put(job.path(nodes[0], "lfs-quota.txt"),
                  "$ lfs quota -h -p 4021 /lustre/projects\n"
                  "Disk quotas for prj 4021 (pid 4021):\n"
                  "     Filesystem    used   quota   limit   grace   files   quota   limit   grace\n"
                  "/lustre/projects   1.2P*      1P    1.2P  6d23h59m42s 18214421       0       0       -\n"
                  "$ du -sh /lustre/projects/llm/ckpt/mpt-30b-v3\n1.1P\t/lustre/projects/llm/ckpt/mpt-30b-v3\n")
    b.set_label("storage", "infrastructure", None, "stop",
                "Both attempts train fine and then every rank fails writing the ba6000 checkpoint with OSError [Errno 122] Disk quota exceeded; "
                "lfs quota shows the project at its 1.2P hard limit. Restarting cannot help until someone frees space or raises the quota.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")


@case("f11_pods_crashloop_right_after_start")
def c11(b):
    base = _dt.datetime(2025, 9, 9, 6, 30, 18)
    nodes = ["ip-192-168-%d-%d.us-west-2.compute.internal" % (x, y) for x, y in ((41, 17), (41, 203), (42, 9), (42, 88), (43, 150), (43, 61), (44, 12), (44, 230))]
    t0s = [0.0, 412.0]
    url = "s3://acme-llm-ckpt/mpt-65b/run-0907/ep1-ba31000"
    for a in range(2):
        job = Job(b, nodes, base, dirprefix=f"attempt_{a}/", jobid=0, ip_prefix=(192, 168))
        run = Run(job, "composer", console=lambda n: "pod.log", total=60000, gbs=1024, seq=4096)
        t = t0s[a]
        for n in nodes:
            r = job.rank(n, 0)
            run.pylog(r, t + job.rng.uniform(0, 1), "INFO", "llmfoundry.command_utils.train", "Building tokenizer...")
            run.pylog(r, t + 1 + job.rng.uniform(0, 1), "INFO", "llmfoundry.command_utils.train", "Building train loader...")
            run.pylog(r, t + 3, "INFO", "composer.trainer.trainer", f"Found latest checkpoint at {url}, loading...")
        run.nccl_init(t + 2.5)
        tf = t + 64
        hit = 0
        for n in nodes:
            for l in (0, 2, 5, 7):
                r = job.rank(n, l)
                tt = tf + job.rng.uniform(0, 20)
                for k in range(1, 5):
                    run.pylog(r, tt - 40 + k * 9, "WARNING", "composer.utils.object_store.s3_object_store",
                              f"Retrying GetObject for mpt-65b/run-0907/ep1-ba31000/__{r}_0.distcp (attempt {k}/5): An error occurred (SlowDown) when calling the GetObject operation: Please reduce your request rate.") if l == 0 else None
                ex = ("botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 4): Please reduce your request rate.")
                frames = [("/usr/lib/python3/dist-packages/composer/utils/checkpoint.py", 572, "load_sharded_checkpoint", "state_dict = dist_cp.load(...)"),
                          ("/usr/lib/python3/dist-packages/composer/utils/checkpoint.py", 432, "read_data", "self.object_store.download_object(object_name=..., filename=...)"),
                          ("/usr/lib/python3/dist-packages/composer/utils/object_store/s3_object_store.py", 231, "download_object", "self.client.download_file(Bucket=self.bucket, Key=self.get_key(object_name), Filename=tmp_path)"),
                          ("/usr/local/lib/python3.11/dist-packages/botocore/client.py", 1023, "_make_api_call", "raise error_class(parsed_response, operation_name)")]
                if l in (0, 5):
                    run.say(r, tt, "\n".join(py_traceback(frames, ex)))
                    hit += 1
            b.line(run.console[n], tf + 22, f"ERROR:composer.cli.launcher:Rank {job.rank(n, 0)} crashed with exit code 1.")
        kd = job.path(nodes[0], "kubectl-get-pods.txt")
        b.put(kd, "NAME                     READY   STATUS             RESTARTS      AGE\n" + "\n".join(
            "mpt-65b-worker-%d         0/1     %s   %d (%ds ago)   %dm" % (i, "CrashLoopBackOff" if a else "Error           ", a, 20 + i, 7 + a * 7) for i in range(8)))
        std_node_files(job, t0s[a], tf + 60, dmesg_name="host-dmesg.txt")
    b.put("attempt_1/%s/s3-metrics.txt" % nodes[0], "bucket=acme-llm-ckpt prefix=mpt-65b/run-0907/ window=06:30-06:45Z\n"
          "GetObject requests: 1,311,204   2xx: 288,930   503 SlowDown: 1,022,274\n"
          "Per-prefix request rate (max 1s): 18,420 GET/s (S3 guidance: 5,500 GET/s per prefix)\n")
    b.set_label("storage", "infrastructure", None, "restart",
                "In both pod restarts, ranks on every node fail loading the sharded checkpoint from S3 with botocore ClientError (SlowDown) after "
                "exhausting retries; the bucket metrics show most GETs answered 503 SlowDown. The object store throttles the whole job; no node "
                "is at fault, and a staggered restart is the fix.",
                "https://github.com/cockpit-project/bots/issues/3991")


@case("f12_single_rank_out_of_memory_at_startup")
def c12(b):
    base = _dt.datetime(2025, 10, 2, 11, 5, 50)
    nodes = ["sn-gpu-1%02d" % i for i in (11, 12, 14, 15, 17, 18, 19, 22)]
    culprit, g = "sn-gpu-117", 3
    job, run = mega_run(b, nodes, base, name="nemotron-22b", total=300000, gbs=1024, seq=4096, ckpt="/lustre/fsw/nemotron/ckpt")
    r = job.rank(culprit, g)
    t = 0.0
    b.lines(job.path(nodes[0], f"slurm-{job.jobid}.out"), t - 3, slurm_header(job, t - 3, "nemotron-22b"), 0.01)
    tf = megatron_init(run, t, tp=4, pp=1, resume=88000, log_interval=10, stop_at_model=True) + 1.3
    frames = [("/opt/megatron-lm/pretrain_gpt.py", 314, "<module>", "pretrain("),
              ("/opt/megatron-lm/megatron/training/training.py", 290, "pretrain", "model, optimizer, opt_param_scheduler = setup_model_and_optimizer("),
              ("/opt/megatron-lm/megatron/training/training.py", 640, "setup_model_and_optimizer", "model = get_model(model_provider_func, model_type)"),
              ("/opt/megatron-lm/megatron/training/training.py", 555, "get_model", "model = [DDP(config, ddp_config, model_chunk, ...)"),
              ("/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 612, "__init__", "self.grad_data = torch.zeros("),
              ]
    pid_foreign = 1873345
    msg = (f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.02 GiB. GPU {g} has a total capacity of 79.11 GiB of which 1.16 GiB is free. "
           f"Process {pid_foreign} has 44.21 GiB memory in use. Process {job.pid[(culprit, g)]} has 33.71 GiB memory in use. Of the allocated memory 31.90 GiB is allocated by PyTorch, "
           "and 187.12 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  "
           "See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")
    run.say(r, tf, "\n".join(f"[rank{r}]: " + x for x in py_traceback(frames, msg)))
    srun_abort(run, job, tf + 2.0, culprit, [r], 1)
    procs = [(gg, job.pid[(culprit, gg)], "/usr/bin/python", 34522 if gg == g else 0) for gg in range(8)]
    procs = [(g, pid_foreign, "python /home/jdoe/rlhf/train_rm.py", 45270)]
    b.put(job.path(culprit, "nvidia-smi.txt"), nvsmi_table(job.rng, job.lt(culprit, tf + 240), procs=procs,
                                                          mem_used=[1 if gg != g else 45271 for gg in range(8)], util=[0 if gg != g else 0 for gg in range(8)]))
    b.put(job.path(culprit, "ps-gpu3.txt"), "$ ps -o pid,user,stat,etime,cmd -p %d\n    PID USER     STAT     ELAPSED CMD\n%7d jdoe     Dl    1-03:12:44 python /home/jdoe/rlhf/train_rm.py --config rm_70b.yaml\n" % (pid_foreign, pid_foreign))
    eplog = job.path(culprit, "slurmd.log")
    for k, (dt_, msg_) in enumerate([(-98000, "[job 3310911] Prolog: start"), (-1500, "[job 3310911] epilog: killing remaining processes of job 3310911"),
                                     (-1470, "[job 3310911] epilog: process 1873345 (uid 40112) did not exit after SIGKILL, state D (uninterruptible), GPU 0000:5D:00.0"),
                                     (-1469, "[job 3310911] epilog: health check: WARNING gpu3 has 1 leftover compute process(es); node NOT drained (HealthCheckNodeState=ANY, warn-only)"),
                                     (-5, f"[job {job.jobid}] Prolog: start"), (-4, f"launch task StepId={job.jobid}.0 request from UID:41877 GID:41877 HOST:{nodes[0]} PORT:43872")]):
        b.line(eplog, tf + dt_, f"{f_slurmctld(job.lt(culprit, tf + dt_))} {msg_}")
    std_node_files(job, 0.0, tf + 60, dmesg_name="dmesg.txt", extra={culprit: [(tf - 1480, "INFO: task python:1873345 blocked for more than 120 seconds."), (tf - 1480, "      Tainted: P           OE     5.15.0-126-generic #136-Ubuntu")]})
    b.set_label("oom", "infrastructure", {"node": culprit, "rank": r}, "restart_without_node",
                "Rank 35 (sn-gpu-117 GPU 3) hits CUDA OOM during model setup because 'Process 1873345 has 44.21 GiB memory in use'; nvidia-smi and "
                "slurmd.log show that PID is a stuck (D-state) process of a previous user's job that the epilog could not kill. Foreign memory on one GPU.",
                "https://github.com/NVIDIA/gpu-operator/issues/2880")


@case("f13_every_restart_dies_on_first_step")
def c13(b):
    base = _dt.datetime(2025, 4, 28, 0, 30, 0)
    nodes = ["hsg-dgx-%02d" % i for i in (3, 4, 6, 7, 8, 10, 11, 12)]
    t0s = [0.0, 4 * 3600 + 600.0, 4 * 3600 + 1500.0]
    for a in range(3):
        job = Job(b, nodes, base, dirprefix=f"attempt_{a}/", jobid=664410 + a * 3)
        seq = 4096 if a == 0 else 8192
        run = Run(job, "nemo", console="log-nemo.txt", total=200000, gbs=512, seq=seq, ckpt="/lustre/fsw/llm/llama3-8b-cpt/checkpoints")
        t0 = t0s[a]
        sb = job.path(nodes[0], f"slurm-{job.jobid}.out")
        cfg = ["model:", "  config:", f"    seq_length: {seq}", "    num_layers: 32", "    hidden_size: 4096", "    recompute_granularity: null",
               "data:", f"  seq_length: {seq}", f"  micro_batch_size: {1 if a == 0 else 2}", "  global_batch_size: 512",
               "trainer:", "  max_steps: 200000", "  val_check_interval: 2000"]
        b.lines(sb, t0 - 5, [f"+ cat /lustre/fsw/llm/llama3-8b-cpt/conf/run_{job.jobid}.yaml"] + cfg + ["+ srun -l torchrun --nproc-per-node 8 pretrain.py --config-name run.yaml"], 0.001)
        t = nemo_init(run, t0, resume_path=f"{run.ckpt}/step={[40000, 44000, 44000][a]}-last", tp=1, pp=1)
        if a == 0:
            times, t = run.progress(40000, 44000, t, 1.61, interval=20)
            run.pylog(0, t + 0.4, "INFO", "nemo_logging:393", f"Async checkpoint save for step 44000 ({run.ckpt}/step=44000-last) finalized successfully.")
            b.line(sb, t + 80, "slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (job.jobid, nodes[0], f_slurm(job.lt(nodes[0], t + 80))))
            std_node_files(job, t0, t + 100, dmesg_name="dmesg.txt")
            continue
        tf = t + 9.0
        frames = [("/opt/NeMo/nemo/collections/llm/api.py", 107, "train", "trainer.fit(model, data)"),
                  ("/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 474, "forward_backward_no_pipelining", "output_tensor, num_tokens = forward_step("),
                  ("/opt/megatron-lm/megatron/core/transformer/mlp.py", 120, "forward", "intermediate_parallel = self.activation_func(intermediate_parallel)"),
                  ("/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/ops/basic/activation.py", 89, "op_forward", "y = self._activation_forward_impl(x)")]
        for r in range(job.world):
            if r % 3 and r % 5:
                continue
            n, l = job.where(r)
            free = 4.9 + run.rng.uniform(0, 0.8)
            msg = (f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.00 GiB. GPU {l} has a total capacity of 79.11 GiB of which {free:.2f} GiB is free. "
                   f"Including non-PyTorch memory, this process has {79.11 - free:.2f} GiB memory in use. Of the allocated memory {71.2 + run.rng.uniform(0, 1):.2f} GiB is allocated by PyTorch, "
                   f"and {1.1 + run.rng.uniform(0, 1):.2f} GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.")
            run.say(r, tf + run.rng.uniform(0, 1.5), "\n".join(f"[rank{r}]: " + x for x in py_traceback(frames, msg)))
        for n in nodes:
            if n in (nodes[0], nodes[3]):
                torchrun_fail(run, n, tf + 3, job.rank(n, 0), others=[(job.rank(n, 5), 1)], script="pretrain.py", tb_text="torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.00 GiB.")
        b.line(sb, tf + 6, f"srun: error: {nodes[0]}: task 0: Exited with exit code 1")
        b.line(sb, tf + 6.1, f"[requeue] step failed; SLURM_RESTART_COUNT={a} -> requeue")
        std_node_files(job, t0, tf + 100, dmesg_name="dmesg.txt")
    b.set_label("oom", "framework", None, "stop",
                "After the time-limited first job, the resubmitted config doubles seq_length to 8192 and micro_batch_size to 2; both restarts "
                "die at the first step with CUDA OOM on ranks across all nodes, with ~71 GiB allocated by PyTorch itself. The job's own memory "
                "demand, deterministic on every restart.",
                "https://pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf")


@case("f14_dataloader_worker_killed")
def c14(b):
    base = _dt.datetime(2025, 5, 3, 12, 0, 0)
    nodes = ["gx-%03d" % i for i in (201, 202, 203, 204, 209, 210, 211, 212)]
    job = Job(b, nodes, base, jobid=884211)
    run = Run(job, "deepspeed", console="ds_launch.out", total=90000, gbs=1024, seq=4096, log_rank=0)
    t = deepspeed_init(run, 0.0)
    times, t = run.progress(0, 2630, t, 2.38, interval=10)
    ev = {}
    tk = {}
    for n, l, dt_ in (("gx-210", 3, 0.0), ("gx-203", 6, 41.0)):
        tt = t + dt_
        wp = job.pid[(n, l)] + 310 + l
        tk[n] = (l, wp, tt)
        ev[n] = [(tt - 0.4, "python invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"),
                 (tt - 0.39, "CPU: 71 PID: %d Comm: python Tainted: P           OE     5.15.0-126-generic #136-Ubuntu" % job.pid[(n, l)]),
                 (tt - 0.3, "memory: usage 2030043136kB, limit 2030043136kB, failcnt 1483"),
                 (tt - 0.3, "swap: usage 0kB, limit 9007199254740988kB, failcnt 0"),
                 (tt - 0.2, "Tasks state (memory values in pages):"),
                 (tt - 0.1, "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_41877/job_884211,task_memcg=/slurm/uid_41877/job_884211/step_0/task_0,task=pt_data_worker,pid=%d,uid=41877" % wp),
                 (tt, "Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:131881212kB, anon-rss:61244508kB, file-rss:10212kB, shmem-rss:2188kB, UID:41877 pgtables:121980kB oom_score_adj:0" % wp)]
    std_node_files(job, 0.0, t + 700, dmesg_name="dmesg.txt", extra=ev)
    for n, (l, wp, tt) in tk.items():
        r = job.rank(n, l)
        frames = [("/workspace/Megatron-DeepSpeed/megatron/training.py", 1212, "train", "train_step(forward_step_func,"),
                  ("/workspace/Megatron-DeepSpeed/pretrain_gpt.py", 145, "get_batch", "data = next(data_iterator)"),
                  ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1328, "_next_data", "idx, data = self._get_data()"),
                  ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1294, "_get_data", "success, data = self._try_get_data()"),
                  ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1145, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e")]
        run.say(r, tt + 1.1, "\n".join(py_traceback(frames, f"RuntimeError: DataLoader worker (pid(s) {wp}) exited unexpectedly")))
        run.say(r, tt + 1.0, "\n".join(py_traceback([("/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py", 67, "handler", "_error_if_any_worker_fails()")],
                                                    f"RuntimeError: DataLoader worker (pid {wp}) is killed by signal: Killed. ")))
    first = "gx-210"
    d = job.lt(first, t + 3)
    run.say(job.rank(first, 0), t + 3, f"[{f_py(d)}] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'pretrain_gpt.py', '--local_rank=3', '--deepspeed', '--deepspeed_config', 'ds_config.json', '--num-workers', '12'] exits with return code = 1")
    b.line(run.console[nodes[0]], t + 4, f"pdsh@{nodes[0]}: {first}: ssh exited with exit code 1")
    b.put(job.path(nodes[0], "sacct.txt"), "\n".join([
        "JobID           JobName  Partition    Elapsed      State ExitCode     MaxRSS  NodeList",
        "------------ ---------- ---------- ---------- ---------- -------- ---------- ---------------",
        f"884211         gpt-13b        h100   01:45:41 OUT_OF_ME+    0:125            gx-[201-204,209-212]",
        f"884211.batch     batch                01:45:41  COMPLETED      0:0      5.12G  gx-201",
        f"884211.0        python                01:45:38 OUT_OF_ME+    0:125   1935.92G  gx-[201-204,209-212]"]))
    b.put(job.path(nodes[0], "ds_config.json"), json.dumps({"train_batch_size": 1024, "train_micro_batch_size_per_gpu": 2, "bf16": {"enabled": True},
                                                            "zero_optimization": {"stage": 1}, "gradient_clipping": 1.0, "data_loader": {"num_workers": 12, "prefetch_factor": 16, "pin_memory": True}}, indent=2))
    b.set_label("oom", "framework", None, "stop",
                "DataLoader workers of the job's own ranks on gx-210 and later gx-203 are killed by the Slurm memory cgroup OOM killer "
                "(job_884211/step_0 at its 1.9 TB limit); sacct marks the step OUT_OF_MEMORY. 12 workers x prefetch 16 per rank exhaust host "
                "memory: the job's own usage, needs a config change.",
                "https://github.com/NVIDIA/Megatron-LM/issues/1657")


@case("f15_peers_report_connection_reset")
def c15(b):
    base = _dt.datetime(2025, 6, 22, 2, 17, 5)
    nodes = ["gpu-c201", "gpu-c202", "gpu-c203", "gpu-c205", "gpu-c206", "gpu-c207", "gpu-c208", "gpu-c210"]
    culprit = "gpu-c207"
    job = Job(b, nodes, base, jobid=4410923)
    run = Run(job, "titan", console="torchrun-stdout.log", total=50000, gbs=256, seq=8192, tflops=401.0)
    t = titan_init(run, 0.0, resume_step=20500, flavor="70B", mesh=(8, 8))
    times, t = run.progress(20500, 21390, t, 4.85, interval=10)
    tf = t + 2.0
    for n in nodes:
        if n == culprit:
            continue
        for l in (0, 4):
            r = job.rank(n, l)
            peer_l = l
            run.say(r, tf + 21 + job.rng.uniform(0, 1), net_ib_warn(job, n, l, job.ibip[culprit], status=12))
            run.say(r, tf + 22, "\n".join(f"[rank{r}]: " + x for x in py_traceback(TITAN_TRAIN_TB[:3] + [
                ("/usr/local/lib/python3.10/dist-packages/torch/distributed/_composable/fsdp/_fsdp_collectives.py", 341, "foreach_reduce", "dist.reduce_scatter_tensor(")],
                "torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3653, remote process exited or there was a network error, NCCL version 2.23.4\n"
                "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\nLast error:\n"
                f"NET/IB : Got completion from peer {job.ibip[culprit]}<51344> with status=12 opcode=0 len=0 vendor err 129 (Recv)")))
        torchrun_fail(run, n, tf + 25 + job.rng.uniform(0, 1), job.rank(n, 0), others=[(job.rank(n, 4), 1)], script="torchtitan/train.py",
                      tb_text="torch.distributed.DistBackendError: NCCL error ... remote process exited or there was a network error")
    ctl = job.path(nodes[0], "slurmctld-excerpt.log")
    for dt_, m in [(80, f"error: Nodes {culprit} not responding"), (81, f"Killing JobId={job.jobid} on failed node {culprit}"),
                   (81.2, f"_job_complete: JobId={job.jobid} WTERMSIG 126"), (81.3, f"_job_complete: JobId={job.jobid} done"),
                   (260, f"Node {culprit} now responding"), (262, f"validate_node_specs: Node {culprit} unexpectedly rebooted boot_time=%d last response=%d" % (1750558600, 1750558300)),
                   (262.1, f"update_node: node {culprit} reason set to: Node unexpectedly rebooted"), (262.2, f"update_node: node {culprit} state set to DOWN")]:
        b.line(ctl, tf + dt_, f"{f_slurmctld(job.lt(nodes[0], tf + dt_))} {m}")
    # culprit: console stops abruptly, host logs from next boot + SEL
    std_node_files(job, 0.0, tf, dmesg_name="dmesg.txt", skip=(culprit,))
    boot = tf + 250
    ev = [(boot + 0.0, "Linux version 5.15.0-126-generic (buildd@lcy02-amd64-051) #136-Ubuntu SMP Wed Nov 6 10:38:22 UTC 2024"),
          (boot + 1.9, "BERT: Error records from previous boot:"),
          (boot + 1.9, "[Hardware Error]: event severity: fatal"),
          (boot + 1.9, "[Hardware Error]:  Error 0, type: fatal"),
          (boot + 1.9, "[Hardware Error]:  fru_text: Card02, ChnA, DIMM0"),
          (boot + 1.9, "[Hardware Error]:   section_type: memory error"),
          (boot + 1.9, "[Hardware Error]:   error_status: 0x0000000000000400"),
          (boot + 1.9, "[Hardware Error]:   physical_address: 0x000000a3f1c2e040"),
          (boot + 1.9, "[Hardware Error]:   node: 1 card: 2 module: 0 rank: 1 bank: 9 device: 4 row: 52214 column: 1016"),
          (boot + 1.9, "[Hardware Error]:   error_type: 3, multi-bit ECC"),
          (boot + 2.0, "mce: [Hardware Error]: Machine check events logged"),
          (boot + 14, "EDAC MC1: Giving out device to module skx_edac controller Skylake Socket#1 IMC#0: DEV 0000:7e:0a.0 (INTERRUPT)"),
          (boot + 23, f"NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Release Build  (dvs-builder@U16-I3-B14-3-1)  Tue Jun 11 23:24:06 UTC 2024")]
    for tt, x in ev:
        b.line(job.path(culprit, "journalctl-k-b0.txt"), tt, f"{f_journal(job.lt(culprit, tt))} {culprit} kernel: {x}")
    b.put(job.path(culprit, "ipmitool-sel-elist.txt"), ipmi_sel(job, culprit, [
        (-86400 * 12, "Event Logging Disabled #0x07", "Log area reset/cleared", "Asserted"),
        (tf - 3.0, "Memory #0x87", "Correctable ECC (@DIMM C0)", "Asserted"),
        (tf - 0.2, "Memory #0x87", "Uncorrectable ECC (@DIMM C0)", "Asserted"),
        (tf - 0.1, "Critical Interrupt #0x1d", "Bus Uncorrectable error", "Asserted"),
        (tf + 0.5, "Processor #0x01", "IERR", "Asserted"),
        (tf + 70, "System Event #0x83", "OEM System boot event", "Asserted"),
        (tf + 71, "System Boot Initiated #0xe0", "Initiated by hard reset", "Asserted")]))
    b.set_label("host", "infrastructure", {"node": culprit, "rank": None}, "restart_without_node",
                "gpu-c207's console simply stops; all other nodes report ncclRemoteError/status=12 against its address. Its SEL shows an "
                "uncorrectable DIMM ECC error and CPU IERR followed by a hard reset, the next boot's kernel log prints BERT fatal multi-bit "
                "memory error records, and slurmctld marks it 'unexpectedly rebooted'.",
                "https://www.kernel.org/doc/html/latest/admin-guide/ras.html")


@case("f16_job_frozen_all_ranks_timeout_but_one")
def c16(b):
    base = _dt.datetime(2025, 8, 19, 19, 40, 12)
    nodes = ["h100-r3-n%02d" % i for i in range(1, 11)]
    culprit, g = "h100-r3-n07", 5
    job, run = mega_run(b, nodes, base, name="gpt-40b", total=180000, gbs=1280, seq=4096, ckpt="/lustre/ckpt/gpt-40b")
    r_bad = job.rank(culprit, g)
    t = megatron_init(run, 0.0, tp=4, pp=2, resume=30000, log_interval=10)
    times, t = run.progress(30000, 30611, t, 4.44, interval=10)
    th = t + 1.0
    seq = 88213
    watchdog_all(run, th + 600, seq, skip=(r_bad,), dump="/lustre/ckpt/gpt-40b/fr/nccl_trace_rank_", jitter=2.0)
    srun_abort(run, job, th + 606, nodes[0], job.ranks_of(nodes[0]), code=134)
    std_node_files(job, 0.0, th + 700, dmesg_name="kern.log", style="U")
    frames_c = [{"name": "all_reduce", "filename": f"{TORCH_PKG}/torch/distributed/distributed_c10d.py", "line": 2501},
                {"name": "start_grad_sync", "filename": "/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", "line": 302},
                {"name": "train_step", "filename": "/opt/megatron-lm/megatron/training/training.py", "line": 747}]
    def entries(rank, last_state):
        E = []
        t_ns = 1755632412000000000 + int(th * 1e9)
        for k in range(6):
            s = seq - 5 + k
            st = "completed" if s < seq else last_state
            E.append(fr_entry(4116 + k, s, "all_reduce" if k % 2 else "_reduce_scatter_base", st, t_ns - (5 - k) * 4440000000,
                              [134217728], frames=frames_c, started_ns=t_ns - (5 - k) * 4440000000 + 1000 if st != "scheduled" else None,
                              completed_ns=t_ns - (5 - k) * 4440000000 + 900000000 if st == "completed" else None))
        if last_state is None:
            E = E[:-1]
        return E
    for rr in (0, 8, r_bad, r_bad - 1):
        n, l = job.where(rr)
        b.put(job.path(n, f"fr/nccl_trace_rank_{rr}.json"), fr_dump(rr, n, entries(rr, None if rr == r_bad else "started"), job.world))
    b.put(job.path(nodes[0], "fr/fr_trace_analysis.txt"), "\n".join([
        "$ python -m torch.distributed.flight_recorder.fr_trace /lustre/ckpt/gpt-40b/fr -p nccl_trace_rank_",
        "loaded 80 files in 1.9s", "built groups, memberships", "",
        f"Not all ranks joining collective {seq} at entry 4121",
        "group info: 0:default_pg", "collective: nccl:all_reduce", f"missing ranks: {{{r_bad}}}",
        "input sizes: [[134217728]]", "output sizes: [[134217728]]", "expected ranks: 80", "collective state: started",
        "collective stack traces:", "  all_reduce at distributed_c10d.py:2501", "  start_grad_sync at param_and_grad_buffer.py:302", "",
        f"Rank {r_bad} last completed collective: {seq - 1} (nccl:_reduce_scatter_base)"]))
    stk = [("synchronize", f"{TORCH_PKG}/torch/cuda/__init__.py", 954),
           ("_get_global_min_max_time", "/opt/megatron-lm/megatron/core/timers.py", 352),
           ("log", "/opt/megatron-lm/megatron/core/timers.py", 402),
           ("training_log", "/opt/megatron-lm/megatron/training/training.py", 1040),
           ("train", "/opt/megatron-lm/megatron/training/training.py", 1455),
           ("pretrain", "/opt/megatron-lm/megatron/training/training.py", 386),
           ("<module>", "/opt/megatron-lm/pretrain_gpt.py", 314)]
    b.put(job.path(culprit, f"py-spy-dump-rank{r_bad}.txt"), pyspy_dump(job.pid[(culprit, g)], "python -u /opt/megatron-lm/pretrain_gpt.py --tensor-model-parallel-size 4 ...",
          [(job.pid[(culprit, g)], "MainThread", False, stk), (job.pid[(culprit, g)] + 212, "Thread-3 (_pin_memory_loop)", True,
           [("_wait_for_tstate_lock", "/usr/lib/python3.10/threading.py", 1116), ("_pin_memory_loop", f"{TORCH_PKG}/torch/utils/data/_utils/pin_memory.py", 55)])]))
    other = job.rank(culprit, 1)
    b.put(job.path(culprit, f"py-spy-dump-rank{other}.txt"), pyspy_dump(job.pid[(culprit, 1)], "python -u /opt/megatron-lm/pretrain_gpt.py --tensor-model-parallel-size 4 ...",
          [(job.pid[(culprit, 1)], "MainThread", False, [("wait", f"{TORCH_PKG}/torch/distributed/distributed_c10d.py", 2503),
                                                          ("finish_grad_sync", "/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 421),
                                                          ("train_step", "/opt/megatron-lm/megatron/training/training.py", 747),
                                                          ("train", "/opt/megatron-lm/megatron/training/training.py", 1421)])]))
    b.put(job.path(culprit, "nvidia-smi.txt"), nvsmi_table(job.rng, job.lt(culprit, th + 500), procs=[(gg, job.pid[(culprit, gg)], "/usr/bin/python", 71230 + gg) for gg in range(8)],
                                                          util=[100 if gg == g else 0 for gg in range(8)], mem_used=[71231 + gg for gg in range(8)],
                                                          temps=[44, 45, 43, 46, 44, 61, 45, 44], power=[118, 121, 117, 119, 120, 402, 118, 119]))
    b.set_label("hang", "infrastructure", {"node": culprit, "rank": r_bad}, "run_diagnostics",
                "79 ranks time out in all_reduce seq 88213 while rank 53 never enqueued it: the flight-recorder analysis names rank 53 as the only "
                "missing rank and its py-spy stack is stuck in torch.cuda.synchronize (GPU 5 busy at 100%). No Xid or other hardware evidence, "
                "so the node/GPU needs diagnostics.",
                "https://github.com/pytorch/tutorials/pull/3814")


@case("f17_training_froze_then_auto_restarted")
def c17(b):
    base = _dt.datetime(2025, 9, 30, 8, 8, 8)
    nodes = ["nid00%d" % i for i in (1288, 1289, 1290, 1291, 1302, 1303, 1304, 1305)]
    job = Job(b, nodes, base, jobid=6620117)
    run = Run(job, "nemo", console="ft_launcher.log", total=120000, gbs=512, seq=8192, ckpt="/capstor/scratch/llm/nemo-mistral-12b/ckpt")
    t = nemo_init(run, 0.0, resume_path=f"{run.ckpt}/step=15000-last", tp=2, pp=2)
    times, t = run.progress(15000, 15736, t, 2.77, interval=10)
    th = t + 1.0
    for n in nodes:
        for l in range(8):
            r = job.rank(n, l)
            d = job.lt(n, th + 600 + l * 0.01)
            agent_log(run, n, th + 600 + job.rng.uniform(0, 0.5), "W", "nvidia_resiliency_ext/fault_tolerance/rank_monitor_server.py:284",
                      f"[RankMonitorServer] Rank {r}: Did not get subsequent heartbeat. Waited 600.00 seconds. (timeout: 600.0s); terminating rank") if l in (0, 3, 6) else None
        agent_log(run, n, th + 601, "I", "nvidia_resiliency_ext/fault_tolerance/launcher.py:712", "[default] Worker group FAILED. 3/3 attempts left; will restart worker group")
    b.put(job.path(nodes[0], "ncclras-at-hang.txt"), ncclras_report(job, missing=[], status="RUNNING", errors="OK", comms=[(1, 8, "8", 64, 64), (4, 8, "2", 16, 64), (16, 4, "1", 4, 64)]))
    for rr in (0, 37):
        n, l = job.where(rr)
        b.put(job.path(n, f"py-spy-rank{rr}.txt"), pyspy_dump(job.pid[(n, l)], "python /opt/NeMo/examples/llm/pretrain/mistral_12b.py",
              [(job.pid[(n, l)], "MainThread", False, [("wait", f"{TORCH_PKG}/torch/distributed/distributed_c10d.py", 2503),
                                                      ("finish_grad_sync", "/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 421),
                                                      ("finalize_model_grads", "/opt/megatron-lm/megatron/core/distributed/finalize_model_grads.py", 254),
                                                      ("forward_backward_pipelining_without_interleaving", "/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 1598),
                                                      ("training_step", "/opt/NeMo/nemo/lightning/megatron_parallel.py", 338)])]))
    b.put(job.path(nodes[0], "fr_trace-summary.txt"), "\n".join(["$ torchfrtrace -p nccl_trace_rank_ /capstor/scratch/llm/fr/6620117", "loaded 64 files",
          "All 64 ranks entered collective 44102 (nccl:all_reduce, pg 2:dp_cp, sizes [[218103808]]) state=started", "No rank completed 44102; no mismatched or missing collectives found"]))
    std_node_files(job, 0.0, th + 2000, dmesg_name="dmesg.log", style="U")
    # in-job restart recovers
    t2 = th + 640
    for n in nodes:
        elastic_restart(run, n, t2, 1, 3, job.ranks_of(n))
    t3 = nemo_init(run, t2 + 12, resume_path=f"{run.ckpt}/step=15500-last", tp=2, pp=2)
    times, t4 = run.progress(15500, 16100, t3, 2.77, interval=10)
    for n in nodes:
        b.put(job.path(n, "nvidia-smi.txt"), nvsmi_table(job.rng, job.lt(n, th + 420), util=[100] * 8, mem_used=[70120] * 8,
                                                        procs=[(gg, job.pid[(n, gg)], "/usr/bin/python", 70112) for gg in range(8)]))
    b.set_label("hang", "infrastructure", None, "restart",
                "All 64 ranks stop heartbeating together and NVRx fault tolerance fires on every rank; the flight recorder shows every rank inside "
                "the same all_reduce (44102) with none missing, ncclras reports all communicators RUNNING/OK and no host shows hardware errors. "
                "Nothing singles out a node; the in-job restart resumed cleanly.",
                "https://github.com/InternLM/InternLM/issues/290")


@case("f18_step_time_creeping_up")
def c18(b):
    base = _dt.datetime(2025, 7, 2, 12, 12, 12)
    nodes = ["gpu-j1%02d" % i for i in (8, 9, 10, 11, 12, 13, 15, 16)]
    culprit, g = "gpu-j113", 3
    job, run = mega_run(b, nodes, base, name="gpt-22b", total=200000, gbs=1024, seq=4096, ckpt="/weka/ckpt/gpt-22b")
    r = job.rank(culprit, g)
    t = megatron_init(run, 0.0, tp=2, pp=1, resume=51000, log_interval=10, extra_args=[("log_straggler", "True"), ("straggler_minmax_count", "1")])
    slow_from = 51900
    step = lambda it: (4.02 if it < slow_from else 4.02 + min(1.55, (it - slow_from) * 0.004)) * (1 + run.rng.uniform(-0.005, 0.005))
    def extra(it, tt):
        if it % 100 == 0:
            s = step(it)
            hot = it >= slow_from + 100
            d = run.ts(job.world - 1, tt + 0.2)
            run.say(job.world - 1, tt + 0.2, f" {f_sec(d)} | MnRtt/Rnk: {4010.1:.2f}ms/{(it // 100) % 60} | MxRtt/Rnk: {s * 1000 - 8 if hot else 4080.4:.2f}ms/{r if hot else (it // 100) % 63} | "
                                             f"MnPwr/Rnk: {402000 if hot else 681000:.2f}W/{r if hot else 7} | MxPwr/Rnk: 699000.00W/12 | MnTmp/Rnk: 41.00C/2 | "
                                             f"MxTmp/Rnk: {89.0 if hot else 62.0:.2f}C/{r if hot else 19} | MnUtl/Rnk: {71.0 if hot else 98.0:.2f}%/{r if hot else 5} | MxUtl/Rnk: 100.00%/0 | "
                                             f"MnClk/Rnk: {1155.0 if hot else 1980.0:.2f}MHz/{r if hot else 0} | MxClk/Rnk: 1980.00MHz/0 | MnDRtt/Rnk: 0.31ms/8 | MxDRtt/Rnk: 3.12ms/{r if hot else 30} | "
                                             f"MnEtpt/Rnk: {0.91 if hot else 1.02:.2f}TF/{r if hot else 3} | MxEtpt/Rnk: 1.05TF/44")
    times, t = run.progress(51000, 52900, t, step, interval=10, extra=extra)
    sb = job.path(nodes[0], f"slurm-{job.jobid}.out")
    b.line(sb, t + 30, "slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s ***" % (job.jobid, nodes[0], f_slurm(job.lt(nodes[0], t + 30))))
    std_node_files(job, 0.0, t + 60, dmesg_name="dmesg.txt")
    per = {gg: {} for gg in range(8)}
    per[g] = {"temp": 89, "slowdown": {"hw": 1, "hw_thermal": 1, "sw_thermal": 1}, "clocks": (1155, 2619), "power": (402.3, 700.0)}
    for gg in range(8):
        if gg != g:
            per[gg] = {"temp": 58 + gg % 3, "clocks": (1980, 2619), "power": (684.0 + gg, 700.0)}
    b.put(job.path(culprit, "nvidia-smi-q.txt"), nvsmi_q(job.rng, job.lt(culprit, t - 300), culprit, per_gpu=per))
    b.put(job.path(culprit, "ipmitool-sdr-fan.txt"), "\n".join(
        ["FAN%d_F          | %5d RPM         | %s" % (i, 0 if i == 6 else 14200 + i * 37, "cr" if i == 6 else "ok") for i in range(1, 11)]))
    b.put(job.path(culprit, "ipmitool-sel.txt"), ipmi_sel(job, culprit, [(times[slow_from] - 400, "Fan #0x36", "Lower Critical going low", "Asserted"),
                                                                          (times[slow_from] - 399, "Fan #0x36", "Lower Non-recoverable going low", "Asserted"),
                                                                          (times[slow_from] + 300, "Temperature #0x42", "Upper Critical going high (GPU4_Temp)", "Asserted")]))
    b.set_label("straggler", "infrastructure", {"node": culprit, "rank": r}, "restart_without_node",
                "No crash: iteration time climbs from ~4.0 s to ~5.6 s and Megatron's straggler report pins max round-trip, max temperature and "
                "min clock to rank 43 (gpu-j113 GPU 3). That node's nvidia-smi -q shows HW Thermal Slowdown active at 89 C with SM clock "
                "1155 MHz, and the BMC reports fan 6 failed.",
                "https://github.com/mlfoundations/open_clip/issues/703")


@case("f19_throughput_down_a_third_no_errors")
def c19(b):
    base = _dt.datetime(2025, 10, 14, 21, 0, 0)
    nodes = ["nid00%d" % i for i in range(1340, 1348)]
    culprit, g = "nid001347", 5
    job = Job(b, nodes, base, jobid=7301544)
    run = Run(job, "nemo", console=lambda n: "nemo-%s.log" % n, total=90000, gbs=512, seq=8192, ckpt="/capstor/ckpt/llama3-8b")
    r = job.rank(culprit, g)
    t = nemo_init(run, 0.0, resume_path=f"{run.ckpt}/step=61000-last", tp=1, pp=1, nccl_kw={"plugin": "none"})
    slow_from = 61450
    step = lambda it: (2.04 if it < slow_from else 2.95) * (1 + run.rng.uniform(-0.006, 0.006))
    def extra(it, tt):
        if it % 150 == 0:
            bad = it >= slow_from + 40
            worst = [(r, 0.68 + run.rng.uniform(-0.01, 0.01))] if bad else []
            others = sorted(((x, 0.96 + run.rng.uniform(0, 0.04)) for x in run.rng.sample(range(job.world), 6) if x != r), key=lambda e: e[1])
            lines = ["", "GPU relative performance:", f" Worst performing 5/{job.world} ranks:"]
            for rr, sc in (worst + others)[:5]:
                lines.append(f"  Rank={rr} Node={job.where(rr)[0]} Score={sc:.2f}")
            lines.append(f" Best performing 5/{job.world} ranks:")
            for rr, sc in sorted(others, key=lambda e: -e[1])[:5]:
                lines.append(f"  Rank={rr} Node={job.where(rr)[0]} Score={min(1.0, sc + 0.02):.2f}")
            lines.append("GPU individual performance:")
            lines.append(f" Worst performing 5/{job.world} ranks:")
            for rr, sc in (worst + others)[:5]:
                lines.append(f"  Rank={rr} Node={job.where(rr)[0]} Score={min(1.0, sc + (0.01 if rr == r else 0.03)):.2f}")
            run.pylog(0, tt + 0.3, "INFO", "straggler_det_callback:197", "\n".join(lines))
            if bad:
                run.pylog(0, tt + 0.31, "WARNING", "straggler_det_callback:214", f"STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. Affected ranks: [{r}]")
                run.pylog(0, tt + 0.32, "WARNING", "straggler_det_callback:221", f"STRAGGLER DETECTION WARNING: Some GPUs performance dropped. Affected ranks: [{r}]")
    times, t = run.progress(61000, 62800, t, step, interval=10, extra=extra)
    std_node_files(job, 0.0, t + 30, dmesg_name="dmesg.txt")
    per = {gg: {"temp": 55 + gg % 4, "power": (650.0 + gg * 3, 700.0)} for gg in range(8)}
    per[g] = {"temp": 52, "power": (448.0, 700.0), "clocks": (1980, 2619)}
    b.put(job.path(culprit, "nvidia-smi-q.txt"), nvsmi_q(job.rng, job.lt(culprit, t - 200), culprit, per_gpu=per))
    b.put(job.path(culprit, "dcgmi-diag-r1.txt"), dcgmi_diag(1, {}))
    b.set_label("straggler", "infrastructure", {"node": culprit, "rank": r}, "run_diagnostics",
                "Step time rises from ~2.0 s to ~2.95 s with no errors; every NVRx straggler report after step 61490 names rank 61 on nid001347 "
                "(relative and individual GPU score ~0.68). That GPU draws less power but shows no throttle reason, ECC or Xid and passes dcgmi "
                "diag -r 1, so the slow node needs deeper diagnostics.",
                "https://github.com/NVIDIA/nvidia-resiliency-ext/blob/main/docs/source/straggler_det/usage_guide.rst")


@case("f20_slower_after_maintenance_swap")
def c20(b):
    base = _dt.datetime(2025, 11, 3, 5, 0, 0)
    pool = ["gpu-m3%02d" % i for i in (1, 2, 4, 5, 6, 7, 8, 9)]
    spare = "gpu-m399"
    att = [pool, sorted([n for n in pool if n != "gpu-m304"] + [spare])]
    for a, nodes in enumerate(att):
        job, run = mega_run(b, nodes, base, name="gpt-30b", dirprefix=f"attempt_{a}/", jobid=8812300 + a, total=200000, gbs=1024, seq=4096,
                            ckpt="/lustre/ckpt/gpt-30b")
        t0 = 0.0 if a == 0 else 7 * 3600 + 20.0
        sb = job.path(nodes[0], f"slurm-{job.jobid}.out")
        hdr = slurm_header(job, t0, "gpt-30b")
        if a:
            hdr = ["[autoresume] previous job 8812300 ended PREEMPTED (node gpu-m304 reserved for maintenance MAINT-4471: BMC firmware update)",
                   f"[autoresume] replacement node from pool 'spares': {spare}"] + hdr
        b.lines(sb, t0 - 3, hdr, 0.01)
        t = megatron_init(run, t0, tp=4, pp=2, resume=[70000, 75500][a], log_interval=10)
        if a == 0:
            times, t = run.progress(70000, 75500, t, 4.21, interval=10, extra=None)
            t += megatron_save(run, 75500, t + 0.2, dur=15.0)
            b.line(sb, t + 60, "slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO PREEMPTION ***" % (job.jobid, nodes[0], f_slurm(job.lt(nodes[0], t + 60))))
            std_node_files(job, t0, t + 60, dmesg_name="dmesg.txt")
        else:
            times, t = run.progress(75500, 76400, t, 9.74, interval=10)
            b.line(sb, t + 20, "slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s ***" % (job.jobid, nodes[0], f_slurm(job.lt(nodes[0], t + 20))))
            ev = {spare: [(t0 - 3000, "mlx5_core 0000:c1:00.0: firmware version: 28.39.1002"),
                          (t0 - 3000, "mlx5_core 0000:c1:00.0: 31.504 Gb/s available PCIe bandwidth, limited by 8.0 GT/s PCIe x4 link at 0000:c0:01.1 (capable of 252.048 Gb/s with 16.0 GT/s PCIe x16 link)"),
                          (t0 - 2999, "mlx5_core 0000:c1:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 195312Mbps"),
                          (t0 - 2990, "mlx5_core 0000:c1:00.0: E-Switch: Total vports 2, per vport: max uc(128) max mc(2048)")]}
            std_node_files(job, t0, t + 30, dmesg_name="dmesg.txt", extra=ev)
            b.put(job.path(spare, "lspci-c1.txt"), "c1:00.0 Infiniband controller: Mellanox Technologies MT2910 Family [ConnectX-7]\n"
                  "\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM not supported\n"
                  "\t\tLnkSta:\tSpeed 8GT/s (downgraded), Width x4 (downgraded)\n"
                  "\t\tLnkCtl2: Target Link Speed: 16GT/s, EnterCompliance- SpeedDis-\n")
            b.put(job.path(spare, "ibstat.txt"), ibstat(spare))
    b.set_label("straggler", "infrastructure", {"node": spare, "rank": None}, "restart_without_node",
                "Attempt 0 ends by planned preemption at ~4.2 s/iteration; after gpu-m304 is swapped for spare gpu-m399 every iteration takes "
                "~9.7 s. Only the spare's kernel log shows its ConnectX-7 at 0000:c1:00.0 limited to 8 GT/s x4 (capable of 16 GT/s x16), "
                "confirmed by lspci 'downgraded': a degraded link on one node slows the whole job.",
                "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html")


@case("f21_requeued_job_fails_within_seconds")
def c21(b):
    base = _dt.datetime(2025, 12, 1, 9, 30, 0)
    nodes = ["bcm-h100-%02d" % i for i in (21, 22, 23, 24, 29, 30, 31, 32)]
    sym = "_ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE"
    for a in range(3):
        job, run = mega_run(b, nodes, base, name="gpt-8b", dirprefix=f"attempt_{a}/", jobid=9900120 + a, total=100000)
        t0 = a * 420.0
        sb = job.path(nodes[0], f"slurm-{job.jobid}.out")
        b.lines(sb, t0 - 60, [f"+ pip install -q -r /lustre/home/mlops/gpt-8b/requirements.txt",
                              "Successfully installed torch-2.6.0 triton-3.2.0 nvidia-nccl-cu12-2.21.5 nvidia-cudnn-cu12-9.1.0.70",
                              "WARNING: Running pip as the 'root' user can result in broken permissions and conflicting behaviour with the system package manager."] + slurm_header(job, t0, "gpt-8b"), 0.1)
        for r in range(job.world):
            tb = py_traceback([("/opt/megatron-lm/pretrain_gpt.py", 14, "<module>", "from megatron.core.models.gpt import GPTModel"),
                               ("/opt/megatron-lm/megatron/core/models/gpt/gpt_layer_specs.py", 34, "<module>", "from megatron.core.extensions.transformer_engine import ("),
                               ("/opt/megatron-lm/megatron/core/extensions/transformer_engine.py", 12, "<module>", "import transformer_engine as te"),
                               ("/usr/local/lib/python3.10/dist-packages/transformer_engine/__init__.py", 14, "<module>", "from . import pytorch"),
                               ("/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/__init__.py", 64, "<module>", "import transformer_engine_torch as tex")],
                              f"ImportError: /usr/local/lib/python3.10/dist-packages/transformer_engine_torch.cpython-310-x86_64-linux-gnu.so: undefined symbol: {sym}")
            if r % 8 in (0, 3, 7):
                run.say(r, t0 + 9 + run.rng.uniform(0, 2), "\n".join(tb))
        for i, n in enumerate(nodes[:3]):
            b.line(sb, t0 + 13 + i * 0.1, f"srun: error: {n}: tasks {i * 8}-{i * 8 + 7}: Exited with exit code 1")
        b.line(sb, t0 + 14, f"[autoresume] job step failed (exit 1) -> requeue {a + 1}/3" if a < 2 else "[autoresume] giving up after 3 consecutive failures")
        std_node_files(job, t0, t0 + 30, dmesg_name="dmesg.txt")
    b.put(f"attempt_2/{nodes[0]}/pip-list.txt", "Package                Version\n---------------------- ------------------\nmegatron-core          0.10.0\n"
          "nvidia-nccl-cu12       2.21.5\ntorch                  2.6.0\ntransformer-engine     1.12.0+7f2afaa (built against torch 2.5.0a0+e000cf0)\n")
    b.set_label("dependency", "framework", None, "stop",
                "All three requeued attempts die within seconds on every node with the same ImportError: transformer_engine_torch ... undefined "
                "symbol (a c10 symbol). The job's requirements.txt upgrades torch to 2.6.0 inside the container while Transformer Engine was built "
                "against the container's torch 2.5; an environment problem on every node that restarts cannot fix.",
                "https://github.com/NVIDIA/TransformerEngine/issues/1192")


@case("f22_resume_after_swap_stuck_in_rendezvous")
def c22(b):
    base = _dt.datetime(2025, 2, 26, 14, 0, 0)
    pool = ["gpu-d0%02d" % i for i in (2, 3, 5, 6, 8, 9, 11, 12)]
    spare = "gpu-d004"
    att = [pool, sorted([n for n in pool if n != "gpu-d011"] + [spare])]
    for a, nodes in enumerate(att):
        job = Job(b, nodes, base, dirprefix=f"attempt_{a}/", jobid=1203300 + a)
        run = Run(job, "titan", console="torchrun.log", total=40000, gbs=128, seq=8192)
        t0 = 0.0 if a == 0 else 5 * 3600.0
        if a == 0:
            t = titan_init(run, t0, resume_step=9000, flavor="70B", mesh=(8, 8))
            times, t = run.progress(9000, 11000, t, 7.6, interval=10)
            run.pylog(0, t + 0.2, "INFO", "", "Saving the checkpoint (or staging if async is enabled).")
            run.pylog(0, t + 14, "INFO", "", "[GC] GC collection invoked by checkpointer. 0.03 seconds.")
            run.pylog(0, t + 14.1, "INFO", "", f"Finished saving the checkpoint (or staging if async is enabled)in 13.88 seconds.")
            ctl = job.path(nodes[0], "scontrol-events.txt")
            b.line(ctl, t + 100, f"{f_slurmctld(job.lt(nodes[0], t + 100))} update_node: node gpu-d011 reason set to: MAINT-5102 NIC firmware")
            b.line(ctl, t + 101, f"{f_slurmctld(job.lt(nodes[0], t + 101))} requeue job {job.jobid} due to node gpu-d011 entering maintenance")
            std_node_files(job, t0, t + 120, dmesg_name="dmesg.txt")
            continue
        for n in nodes:
            agent_log(run, n, t0 - 5, "I", "torch/distributed/elastic/agent/server/api.py:683", "[default] Rendezvous'ing worker group")
        # spare cannot initialise CUDA
        for l in range(8):
            r = job.rank(spare, l)
            tb = py_traceback([("/workspace/torchtitan/torchtitan/train.py", 466, "<module>", "main(config)"),
                               ("/workspace/torchtitan/torchtitan/train.py", 71, "main", "device_module.set_device(device)"),
                               (f"{TORCH_PKG}/torch/cuda/__init__.py", 478, "set_device", "torch._C._cuda_setDevice(device)"),
                               (f"{TORCH_PKG}/torch/cuda/__init__.py", 319, "_lazy_init", "torch._C._cuda_init()")],
                              "RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.")
            run.say(r, t0 + 12 + l * 0.05, "\n".join(f"[rank{r}]: " + x for x in tb))
        torchrun_fail(run, spare, t0 + 14, job.rank(spare, 0), others=[(job.rank(spare, l), 1) for l in range(1, 4)], script="torchtitan/train.py",
                      tb_text="RuntimeError: The NVIDIA driver on your system is too old (found version 12020).")
        for n in nodes:
            if n == spare:
                continue
            r = job.rank(n, 0)
            run.say(r, t0 + 615, "\n".join(f"[rank{r}]: " + x for x in py_traceback(
                [("/workspace/torchtitan/torchtitan/train.py", 98, "main", "dist_utils.init_distributed(job_config)"),
                 (f"{TORCH_PKG}/torch/distributed/distributed_c10d.py", 1520, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)")],
                f"torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 56/64 clients joined.")))
            torchrun_fail(run, n, t0 + 617, r, script="torchtitan/train.py", tb_text="torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 56/64 clients joined.")
        std_node_files(job, t0, t0 + 700, dmesg_name="dmesg.txt", extra={spare: []})
        for n in nodes:
            drv, cu = ("535.104.05", "12.2") if n == spare else ("550.90.07", "12.4")
            b.put(job.path(n, "nvidia-smi.txt"), nvsmi_table(job.rng, job.lt(n, t0 + 900), driver=drv, cuda=cu))
    b.set_label("dependency", "infrastructure", {"node": spare, "rank": None}, "restart_without_node",
                "After gpu-d011 went to maintenance the job resumed with spare gpu-d004; all eight ranks there fail with 'The NVIDIA driver on "
                "your system is too old (found version 12020)' and its nvidia-smi shows driver 535.104.05/CUDA 12.2 while every other node runs "
                "550.90.07/CUDA 12.4. The other nodes only time out waiting in rendezvous.",
                "https://github.com/NVIDIA/nvidia-docker/issues/400")


@case("f23_resume_crashes_loading_checkpoint")
def c23(b):
    base = _dt.datetime(2025, 3, 10, 10, 0, 0)
    nodes = ["gpu-q%03d" % i for i in (41, 42, 43, 44, 45, 46, 47, 48)]
    for a in range(3):
        job = Job(b, nodes, base, dirprefix=f"attempt_{a}/", jobid=2230110 + a)
        run = Run(job, "titan", console="train_stdout.log", total=30000, gbs=256, seq=8192)
        t0 = [0.0, 9 * 3600.0, 9 * 3600 + 900.0][a]
        cfg = job.path(nodes[0], "job_config.toml")
        b.put(cfg, "[job]\ndump_folder = \"/lustre/llm/titan/llama3_8b_run7\"\n[model]\nname = \"llama3\"\nflavor = \"8B\"\n[training]\nbatch_size = 4\nseq_len = 8192\n"
              f"compile = {'false' if a == 0 else 'true'}\n[checkpoint]\nenable_checkpoint = true\ninterval = 500\nasync_mode = \"async\"\n")
        if a == 0:
            t = titan_init(run, t0, resume_step=2500, flavor="8B", mesh=(64, 1))
            times, t = run.progress(2500, 5000, t, 1.1, interval=10)
            run.pylog(0, t + 0.2, "INFO", "", "Saving the checkpoint (or staging if async is enabled).")
            run.pylog(0, t + 2.1, "INFO", "", "Finished saving the checkpoint (or staging if async is enabled)in 1.88 seconds.")
            b.line(job.path(nodes[0], f"slurm-{job.jobid}.out"), t + 30, "slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (job.jobid, nodes[0], f_slurm(job.lt(nodes[0], t + 30))))
            std_node_files(job, t0, t + 40, dmesg_name="dmesg.txt")
            continue
        run.pylog(0, t0, "INFO", "", "Starting job: Llama 3 8B training")
        run.nccl_init(t0 + 2)
        run.pylog(0, t0 + 6, "INFO", "", "Compiling each TransformerBlock with torch.compile")
        run.pylog(0, t0 + 7, "INFO", "", "Applied FSDP to the model")
        run.pylog(0, t0 + 8, "INFO", "", "Checkpointing active. Checkpoints will be loaded from and saved to /lustre/llm/titan/llama3_8b_run7/checkpoint")
        run.pylog(0, t0 + 8.1, "INFO", "", "Loading the checkpoint at step 5000.")
        for r in range(job.world):
            if r % 8 not in (0, 1):
                continue
            tb = py_traceback([("/workspace/torchtitan/torchtitan/train.py", 231, "main", "checkpoint.load(step=job_config.checkpoint.load_step)"),
                               ("/workspace/torchtitan/torchtitan/components/checkpoint.py", 520, "load", "dcp.load(states, checkpoint_id=checkpoint_id)"),
                               (f"{TORCH_PKG}/torch/distributed/checkpoint/state_dict_loader.py", 172, "load", "_load_state_dict("),
                               (f"{TORCH_PKG}/torch/distributed/checkpoint/state_dict_loader.py", 229, "_load_state_dict", "central_plan: LoadPlan = distW.reduce_scatter(\"plan\", local_step, global_step)"),
                               (f"{TORCH_PKG}/torch/distributed/checkpoint/utils.py", 192, "reduce_scatter", "raise result")],
                              "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63])\n"
                              f"Traceback (most recent call last): (RANK {r})\n  File \"{TORCH_PKG}/torch/distributed/checkpoint/default_planner.py\", line 406, in create_default_local_load_plan\n"
                              "    raise RuntimeError(f\"Missing key in checkpoint state_dict: {fqn}.\")\nRuntimeError: Missing key in checkpoint state_dict: model.layers.0.attention.wq.weight.")
            run.say(r, t0 + 15 + run.rng.uniform(0, 1), "\n".join(f"[rank{r}]: " + x for x in tb))
        for n in nodes[:4]:
            torchrun_fail(run, n, t0 + 18, job.rank(n, 0), others=[(job.rank(n, 1), 1)], script="torchtitan/train.py",
                          tb_text="RuntimeError: Missing key in checkpoint state_dict: model.layers.0.attention.wq.weight.")
        std_node_files(job, t0, t0 + 30, dmesg_name="dmesg.txt")
    b.set_label("user_code", "script", None, "stop",
                "The first job trains and checkpoints step 5000 without torch.compile; the relaunched config sets compile = true and both "
                "restarts fail on every rank with 'Missing key in checkpoint state_dict: model.layers.0.attention.wq.weight.' The run is resumed "
                "with keys that do not match the checkpoint; a config/code fix is needed, not another restart.",
                "https://github.com/pytorch/torchtitan/issues/961")


@case("f24_hang_after_validation_step")
def c24(b):
    base = _dt.datetime(2025, 4, 16, 23, 10, 0)
    nodes = ["hpc-g%02d" % i for i in (31, 32, 33, 34, 36, 37, 38, 40)]
    job = Job(b, nodes, base, jobid=3120881)
    run = Run(job, "nemo", console="stdout.log", total=60000, gbs=512, seq=4096, ckpt="/lustre/scratch/ptrain/ckpt")
    t = nemo_init(run, 0.0, resume_path=f"{run.ckpt}/step=18000-last", tp=2, pp=1)
    times, t = run.progress(18000, 20000, t, 1.93, interval=10)
    run.pylog(0, t + 0.5, "INFO", "nemo_logging:393", "Running validation at step 19999 (val_check_interval=2000) ...")
    run.say(0, t + 40, "Validation DataLoader 0: 100%|##########| 32/32 [00:38<00:00,  0.83it/s]")
    tv = t + 41
    run.pylog(0, tv, "INFO", "sample_logger:58", "[SampleTextCallback] global rank 0 logging 4 generated samples (val/sample_len, sync_dist=True)")
    seq = 1203442
    for r in range(job.world):
        n, l = job.where(r)
        tr = tv + 600 + run.rng.uniform(0, 2)
        d = job.lt(n, tr)
        if r == 0:
            blk = watchdog_block(f"[rank0]:", d, 0, seq, op="BROADCAST", numel=1, dump_path="/lustre/scratch/ptrain/fr/trace_")
        else:
            blk = watchdog_block(f"[rank{r}]:", d, r, seq, op="ALLREDUCE", numel=20971520)
            if l not in (0, 4):
                blk = blk[:1]
        run.say(r, tr, "\n".join(blk))
    b.put(job.path(nodes[0], "py-spy-rank0.txt"), pyspy_dump(job.pid[(nodes[0], 0)], "python pretrain.py --config-name llama_3b.yaml",
          [(job.pid[(nodes[0], 0)], "MainThread", False, [("broadcast", f"{TORCH_PKG}/torch/distributed/distributed_c10d.py", 2421),
                                                          ("_sync_ddp", "/usr/local/lib/python3.10/dist-packages/lightning/fabric/utilities/distributed.py", 220),
                                                          ("sync", "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/logger_connector/result.py", 495),
                                                          ("log", "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/core/module.py", 519),
                                                          ("on_validation_epoch_end", "/workspace/ptrain/callbacks/sample_logger.py", 61),
                                                          ("_call_callback_hooks", "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/call.py", 218)])]))
    n1 = nodes[3]
    b.put(job.path(n1, "py-spy-rank29.txt"), pyspy_dump(job.pid[(n1, 5)], "python pretrain.py --config-name llama_3b.yaml",
          [(job.pid[(n1, 5)], "MainThread", False, [("all_reduce", f"{TORCH_PKG}/torch/distributed/distributed_c10d.py", 2501),
                                                    ("start_grad_sync", "/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 302),
                                                    ("training_step", "/opt/NeMo/nemo/lightning/megatron_parallel.py", 338),
                                                    ("fit_loop", "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/fit_loop.py", 224)])]))
    b.put(job.path(nodes[0], "callbacks/sample_logger.py"), "\n".join([
        "class SampleTextCallback(Callback):", "    def on_validation_epoch_end(self, trainer, pl_module):",
        "        if trainer.is_global_zero:", "            samples = self._generate(pl_module, n=4)",
        "            # log average generated length", "            pl_module.log(\"val/sample_len\", float(sum(map(len, samples))) / len(samples), sync_dist=True)"]))
    torchrun_fail(run, nodes[0], tv + 604, 0, script="pretrain.py", code=-6)
    std_node_files(job, 0.0, tv + 700, dmesg_name="dmesg.txt")
    b.set_label("hang", "script", None, "stop",
                "After validation every rank except 0 times out in ALLREDUCE seq 1203442 while rank 0 times out in a BROADCAST with the same "
                "sequence number; py-spy puts rank 0 in a user callback that calls self.log(..., sync_dist=True) only when is_global_zero. A "
                "collective called on a subset of ranks: a code bug, not a node.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")


@case("f25_crash_at_same_iteration_twice")
def c25(b):
    base = _dt.datetime(2025, 5, 27, 7, 45, 0)
    nodes = ["gpu-s2%02d" % i for i in (10, 11, 12, 13, 14, 15, 16, 17)]
    bad_it = 77021
    for a in range(2):
        job, run = mega_run(b, nodes, base, name="gpt-13b-blend", dirprefix=f"attempt_{a}/", jobid=4012000 + a * 5, total=120000, gbs=1024, seq=4096,
                            ckpt="/lustre/ckpt/gpt-13b-blend")
        t0 = [0.0, 3 * 3600 + 200.0][a]
        b.lines(job.path(nodes[0], f"slurm-{job.jobid}.out"), t0 - 3, slurm_header(job, t0, "gpt-13b-blend"), 0.01)
        resume = [75000, 77000][a]
        t = megatron_init(run, t0, tp=2, pp=1, resume=resume, log_interval=10,
                          extra_args=[("data_path", "['0.999', '/lustre/data/web_text_document', '0.001', '/lustre/data/code_small_text_document']")] if False else None)
        times, t = run.progress(resume, bad_it - 1, t, 2.31, interval=10)
        tf = t + 2.0
        for r in (40, 42, 44, 46):
            tb = py_traceback([("/opt/megatron-lm/megatron/training/training.py", 747, "train_step", "losses_reduced = forward_backward_func("),
                               ("/opt/megatron-lm/pretrain_gpt.py", 196, "forward_step", "tokens, labels, loss_mask, attention_mask, position_ids = get_batch(data_iterator)"),
                               ("/opt/megatron-lm/megatron/training/utils.py", 388, "get_batch_on_this_tp_rank", "data = next(data_iterator)"),
                               (f"{TORCH_PKG}/torch/utils/data/dataloader.py", 1480, "_process_data", "data.reraise()"),
                               (f"{TORCH_PKG}/torch/_utils.py", 733, "reraise", "raise exception")],
                              "IndexError: Caught IndexError in DataLoader worker process 1.\nOriginal Traceback (most recent call last):\n"
                              "  File \"/opt/megatron-lm/megatron/core/datasets/blended_dataset.py\", line 84, in __getitem__\n"
                              "    return {\"dataset_id\": dataset_id, **self.datasets[dataset_id][dataset_sample_id]}\n"
                              "  File \"/opt/megatron-lm/megatron/core/datasets/gpt_dataset.py\", line 189, in __getitem__\n"
                              "    text, _ = self._query_document_sample_shuffle_indices(idx)\n"
                              "  File \"/opt/megatron-lm/megatron/core/datasets/gpt_dataset.py\", line 273, in _query_document_sample_shuffle_indices\n"
                              "    idx = self.shuffle_index[idx]\nIndexError: index 3906250 is out of bounds for axis 0 with size 3906250")
            run.say(r, tf + run.rng.uniform(0, 0.3), "\n".join(f"[rank{r}]: " + x for x in tb))
        srun_abort(run, job, tf + 2, job.where(40)[0], [40], code=1)
        ev = {}
        if a == 1:
            ev = {"gpu-s212": [(t0 + 1800, xid(BUS[6], 63, "pid=%d, name=python, Row Remapper: New row (0x000000000009af31) marked for remapping, reset gpu to activate." % job.pid[("gpu-s212", 6)]))]}
        std_node_files(job, t0, tf + 30, dmesg_name="dmesg.txt", extra=ev)
    b.put(f"attempt_1/{nodes[0]}/dataset-build.log", "> building blended dataset with weights [0.999, 0.001]\n"
          "    code_small_text_document: requested 3906311 samples for the train split, index built with 3906250 samples (1 epoch of 3906250)\n"
          "WARNING: BlendedDataset: dataset 1 will be sampled for more than one epoch but num_epochs=1 was used to build its index\n")
    b.set_label("user_code", "script", None, "stop",
                "Both attempts resume from checkpoints and crash at iteration 77021 on the same data-parallel ranks with IndexError 'index 3906250 "
                "is out of bounds for axis 0 with size 3906250' in Megatron's BlendedDataset/GPTDataset; the blend weights over-sample a small "
                "dataset beyond its built index. The Xid 63 on gpu-s212 is an unrelated benign row-remap notice.",
                "https://github.com/NVIDIA/Megatron-LM/issues/705")


@case("f26_run_finished_but_alerts_fired")
def c26(b):
    base = _dt.datetime(2025, 6, 30, 0, 0, 5)
    nodes = ["dgx-b2-%02d" % i for i in range(1, 9)]
    job, run = mega_run(b, nodes, base, name="gpt-15b-anneal", total=62000, gbs=1024, seq=4096, ckpt="/lustre/ckpt/gpt-15b-anneal")
    b.lines(job.path(nodes[0], f"slurm-{job.jobid}.out"), -3, slurm_header(job, 0.0, "gpt-15b-anneal"), 0.01)
    t = megatron_init(run, 0.0, tp=2, pp=1, resume=59500, log_interval=10)
    times, t = run.progress(59500, 60000, t, 2.61, interval=10)
    t += megatron_save(run, 60000, t + 0.2, dur=11.0)
    times2, t = run.progress(60000, 62000, t, 2.61, interval=10)
    times.update(times2)
    t += megatron_save(run, 62000, t + 0.2, dur=11.3)
    run.say(0, t + 1, f"[after training is done] datetime: {f_sec(run.ts(0, t + 1))} ")
    run.say(0, t + 2, "Evaluating on 1024 samples\nEvaluating iter 1/1\n-" * 1 + "----------------------------------------------------------------------------------------------------------------\n"
                      f" validation loss at iteration 62000 on validation set | lm loss value: 2.011238E+00 | lm loss PPL: 7.472631E+00 | \n"
                      "-----------------------------------------------------------------------------------------------------------------")
    for r in range(job.world):
        n, _ = job.where(r)
        run.say(r, t + 6 + run.rng.uniform(0, 1), destroy_pg_warning(f"[rank{r}]:", job.lt(n, t + 6), r)) if r % 3 == 0 else None
    b.line(job.path(nodes[0], f"slurm-{job.jobid}.out"), t + 9, f"[epilog] job {job.jobid} COMPLETED exit 0:0")
    ev = {"dgx-b2-05": [(times[60420], xid(BUS[1], 63, "pid=%d, name=python, Row Remapper: New row (0x0000000000a1c07e) marked for remapping, reset gpu to activate." % job.pid[("dgx-b2-05", 1)]))],
          "dgx-b2-02": [(times[61200], "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#3_DIMM#0 (channel:3 slot:0 page:0x5d21a offset:0x1c0 grain:32 syndrome:0x0)"),
                        (times[61700], "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#3_DIMM#0 (channel:3 slot:0 page:0x5d21b offset:0x0 grain:32 syndrome:0x0)")]}
    std_node_files(job, 0.0, t + 20, dmesg_name="dmesg.txt", extra=ev)
    b.put(job.path("dgx-b2-05", "nvidia-smi-q.txt"), nvsmi_q(job.rng, job.lt("dgx-b2-05", t + 60), "dgx-b2-05", per_gpu={1: {"remap": {"corr": 0, "unc": 1, "pending": "Yes", "failure": "No"}}}))
    b.put(job.path(nodes[0], "alerts.txt"), "\n".join([
        f"{f_iso(job.lt(nodes[0], times[60420] + 30))} WARN  dcgm-exporter dgx-b2-05 DCGM_FI_DEV_XID_ERRORS=63 gpu=1",
        f"{f_iso(job.lt(nodes[0], times[61200] + 30))} WARN  node-exporter dgx-b2-02 node_edac_correctable_errors_total increased (+1)",
        f"{f_iso(job.lt(nodes[0], t + 40))} INFO  slurm job {job.jobid} COMPLETED"]))
    b.set_label("unknown", "framework", None, "none",
                "The run trains to train_iters 62000, saves the final checkpoint, evaluates and the epilog reports COMPLETED 0:0. The alerts are "
                "benign: an Xid 63 row-remap notice (pending, no failure) on dgx-b2-05, corrected EDAC errors on dgx-b2-02 and "
                "destroy_process_group warnings at exit.",
                "https://github.com/NVIDIA/Megatron-LM/issues/1541")


@case("f27_pods_completed_with_retry_warnings")
def c27(b):
    base = _dt.datetime(2025, 7, 21, 3, 3, 3)
    nodes = ["aks-ndh100-%08d" % (30000000 + i * 17) for i in range(8)]
    job = Job(b, nodes, base, jobid=0)
    run = Run(job, "composer", console=lambda n: "pod-worker.log", total=24000, gbs=1024, seq=4096)
    t = composer_init(run, 0.0, autoresume="s3://acme-ckpt/mpt-7b-ft/ep0-ba22000-rank0.pt")
    def extra(it, tt):
        if it % 400 == 0:
            r = job.rank(nodes[(it // 400) % 8], 0)
            run.pylog(r, tt + 0.5, "WARNING", "composer.utils.object_store.s3_object_store",
                      f"Retrying PutObject for mpt-7b-ft/ep0-ba{it}/__{r}_0.distcp (attempt 2/5): Read timeout on endpoint URL: \"https://acme-ckpt.s3.us-east-1.amazonaws.com/...\"")
            run.pylog(0, tt + 1, "INFO", "composer.callbacks.checkpoint_saver", f"Uploaded checkpoint ep0-ba{it} to s3://acme-ckpt/mpt-7b-ft/ep0-ba{it}")
        if it % 300 == 0:
            run.pylog(0, tt + 0.2, "INFO", "nvidia_resiliency_ext.straggler", "Straggler report: GPU relative perf min=0.97 (rank 23) max=1.00 (rank 4); no stragglers detected (threshold 0.70)")
    times, t = run.progress(22000, 24000, t, 1.21, interval=20, extra=extra)
    run.pylog(0, t + 2, "INFO", "composer.trainer.trainer", "Training finished.")
    run.pylog(0, t + 3, "INFO", "llmfoundry.command_utils.train", "Done.")
    for n in nodes:
        rr = job.rank(n, 0)
        run.say(rr, t + 5, destroy_pg_warning(f"[rank{rr}]:", job.lt(n, t + 5), rr))
    b.put(job.path(nodes[0], "kubectl-get-pods.txt"), "NAME               READY   STATUS      RESTARTS   AGE\n" + "\n".join(
        "mpt-7b-ft-worker-%d   0/1     Completed   0          %dm" % (i, 51) for i in range(8)))
    std_node_files(job, 0.0, t + 10, dmesg_name="host/kern.log", style="S",
                   extra={nodes[5]: [(times[23100], "mlx5_core 0001:00:00.0 eth1: Link down"), (times[23100] + 3.1, "mlx5_core 0001:00:00.0 eth1: Link up")]})
    b.set_label("unknown", "framework", None, "none",
                "All eight pods reach batch 24000, log 'Training finished.' and end Completed with 0 restarts. The S3 PutObject read-timeout "
                "retries succeed on the next attempt, straggler reports find none, and the single front-end eth1 link blip on one host did not "
                "touch training.",
                "https://github.com/ai2cm/ace/issues/679")


@case("f28_crash_with_gpu_alerts_on_two_hosts")
def c28(b):
    base = _dt.datetime(2025, 8, 8, 8, 8, 0)
    nodes = ["gpu-p1%02d" % i for i in (1, 2, 3, 5, 6, 7, 8, 9, 11, 14, 16, 18)]
    noisy, culprit, g = "gpu-p105", "gpu-p118", 7
    job, run = mega_run(b, nodes, base, name="gpt-100b", total=160000, gbs=3072, seq=4096, ckpt="/lustre/ckpt/gpt-100b")
    t = megatron_init(run, 0.0, tp=8, pp=4, resume=90500, log_interval=10)
    times, t = run.progress(90500, 91377, t, 7.02, interval=10)
    tf = t + 3.3
    r = job.rank(culprit, g)
    ev = {noisy: [(times[90700], xid(BUS[2], 63, "pid=%d, name=python, Row Remapper: New row (0x0000000000d7c221) marked for remapping, reset gpu to activate." % job.pid[(noisy, 2)])),
                  (times[90701], "NVRM: GPU at PCI:0000:%s:00: GPU-5b1e99a0-1c2d: corrected DRAM ECC error count exceeded threshold, page 0x1f3a0 scheduled for row remap" % BUS[2]),
                  (times[91000], xid(BUS[2], 63, "pid=%d, name=python, Row Remapper: New row (0x0000000000d7c229) marked for remapping, reset gpu to activate." % job.pid[(noisy, 2)]))],
          culprit: [(tf - 0.01, xid(BUS[g], 95, "pid=%d, name=python, Uncontained: FBHUB. RST: Yes, D-RST: No" % job.pid[(culprit, g)])),
                    (tf + 0.2, xid(BUS[g], 45, "pid=%d, name=python, Ch 00000009" % job.pid[(culprit, g)]))]}
    std_node_files(job, 0.0, tf + 700, dmesg_name="dmesg.txt", extra=ev)
    for l in range(8):
        rr = job.rank(culprit, l)
        if l == g:
            cuda_error_tb(run, rr, tf + 0.4, "uncorrectable ECC error encountered",
                          [("/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 1598, "forward_backward_pipelining_without_interleaving", "input_tensor_grad = backward_step("),
                           (f"{TORCH_PKG}/torch/autograd/__init__.py", 347, "backward", "_engine_run_backward(")])
        elif l in (5, 6):
            run.say(rr, tf + 0.9, f"[rank{rr}]:[{f_glog(job.lt(culprit, tf + 0.9), 'E')} ProcessGroupNCCL.cpp:1595] [PG ID 3 PG GUID 17(TENSOR_MODEL_PARALLEL_GROUP) Rank {l}] Process group watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered")
    srun_abort(run, job, tf + 3, culprit, [r], code=1)
    for n in (noisy, nodes[0], nodes[6]):
        rr = job.rank(n, 3)
        run.say(rr, tf + 3.2, f"[rank{rr}]:[{f_glog(job.lt(n, tf + 3.2), 'W')} TCPStore.cpp:141] [c10d] recvValue failed on SocketImpl(fd=81, addr=[{n}]:51020, remote=[{nodes[0]}]:29500): failed to recv, got 0 bytes\nException raised from recvBytes at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/Utils.hpp:670 (most recent call first):")
    b.put(job.path(noisy, "nvidia-smi-q.txt"), nvsmi_q(job.rng, job.lt(noisy, tf + 900), noisy, per_gpu={2: {"remap": {"corr": 2, "unc": 0, "pending": "Yes", "failure": "No"},
                                                                                                         "ecc_vol": {"sram_corr": 0, "sram_unc_p": 0, "sram_unc_np": 0, "dram_corr": 311, "dram_unc": 0}}}))
    b.put(job.path(culprit, "nvidia-smi-q.txt"), nvsmi_q(job.rng, job.lt(culprit, tf + 900), culprit, per_gpu={g: {"remap": {"corr": 0, "unc": 3, "pending": "Yes", "failure": "No"},
                                                                                                               "ecc_vol": {"sram_corr": 0, "sram_unc_p": 0, "sram_unc_np": 2, "dram_corr": 0, "dram_unc": 5}}}))
    b.set_label("gpu_memory", "infrastructure", {"node": culprit, "rank": r}, "restart_without_node",
                f"Rank {r} on gpu-p118 dies with 'uncorrectable ECC error encountered' at the moment that host logs Xid 95 (uncontained ECC, reset "
                "required) on GPU 7, with uncorrectable DRAM/SRAM counts in nvidia-smi -q. gpu-p105's earlier Xid 63 and corrected-ECC row-remap "
                "notices are a separate, benign issue; the TCPStore errors are sympathetic.",
                "https://github.com/huggingface/accelerate/issues/1192")


@case("f29_job_requeued_after_node_failure")
def c29(b):
    base = _dt.datetime(2025, 9, 12, 15, 30, 0)
    pool = ["cn-11%02d" % i for i in (33, 34, 36, 37, 39, 40, 41, 42, 44, 45)]
    culprit, spare = "cn-1142", "cn-1150"
    att = [pool, sorted([n for n in pool if n != culprit] + [spare])]
    for a, nodes in enumerate(att):
        job, run = mega_run(b, nodes, base, name="llama-34b", dirprefix=f"attempt_{a}/", jobid=5566001, total=140000, gbs=1280, seq=4096,
                            ckpt="/gpfs/ckpt/llama-34b")
        t0 = [0.0, 2 * 3600 + 1200.0][a]
        sb = job.path(nodes[0], f"slurm-{job.jobid}.out")
        b.lines(sb, t0 - 3, ([f"[requeue] SLURM_RESTART_COUNT=1; previous allocation lost node {culprit} (NODE_FAIL)"] if a else []) + slurm_header(job, t0, "llama-34b"), 0.01)
        t = megatron_init(run, t0, tp=4, pp=2, resume=[40500, 41000][a], log_interval=10)
        if a == 0:
            times, t = run.progress(40500, 41000, t, 5.08, interval=10)
            t += megatron_save(run, 41000, t + 0.2, dur=16.0)
            times, t = run.progress(41000, 41288, t, 5.08, interval=10)
            tf = t + 2.7
            std_node_files(job, t0, tf + 1000, dmesg_name="dmesg.txt", extra={})
            for n in nodes:
                if n == culprit:
                    continue
                rr = job.rank(n, 2)
                run.say(rr, tf + 30 + job.rng.uniform(0, 2), net_ib_warn(job, n, 2, job.ibip[culprit], status=12))
            ctl = job.path(nodes[0], "slurmctld.log")
            for dt_, m in [(122, f"error: Nodes {culprit} not responding, setting DOWN"), (122.1, f"Killing JobId={job.jobid} on failed node {culprit}"),
                           (122.3, f"requeue job JobId={job.jobid} due to failure of node {culprit}"), (122.4, f"Requeuing JobId={job.jobid}")]:
                b.line(ctl, tf + dt_, f"{f_slurmctld(job.lt(nodes[0], tf + dt_))} {m}")
            b.line(sb, tf + 123, f"srun: error: Node failure on {culprit}")
            b.line(sb, tf + 123.1, "slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (job.jobid, nodes[0], f_slurm(job.lt(nodes[0], tf + 123))))
            b.put(job.path(culprit, "ipmitool-sel-list.txt"), ipmi_sel(job, culprit, [
                (-86400 * 30, "Event Logging Disabled #0x07", "Log area reset/cleared", "Asserted"),
                (tf - 3600 * 5, "Power Supply #0x51", "Predictive failure", "Asserted"),
                (tf - 0.8, "Power Supply #0x51", "Failure detected", "Asserted"),
                (tf - 0.5, "Power Unit #0x01", "Redundancy Lost", "Asserted"),
                (tf - 0.1, "Power Supply #0x52", "Power Supply AC lost", "Asserted"),
                (tf + 110, "Power Unit #0x01", "Power off/down", "Asserted"),
                (tf + 900, "System ACPI Power State #0x2c", "S0/G0: working", "Asserted")]))
            b.put(job.path(culprit, "ipmitool-sdr-psu.txt"), "PSU1_Status      | 51h | ok  | 10.1 | Presence detected, Failure detected\nPSU2_Status      | 52h | ok  | 10.2 | Presence detected, Power Supply AC lost\n"
                  "PSU3_Status      | 53h | ok  | 10.3 | Presence detected\nPSU4_Status      | 54h | ok  | 10.4 | Presence detected\nPS_Redundancy    | 01h | ok  | 19.1 | Redundancy Lost\n")
        else:
            times, t = run.progress(41000, 41820, t, 5.08, interval=10)
            std_node_files(job, t0, t + 30, dmesg_name="dmesg.txt")
    b.set_label("host", "infrastructure", {"node": culprit, "rank": None}, "restart_without_node",
                "Attempt 0 stops mid-iteration when cn-1142 stops responding; slurmctld marks it DOWN and requeues the job (NODE_FAIL). cn-1142's "
                "BMC log shows PSU1 failure, PSU2 AC lost and power-unit redundancy lost just before, then power off. The requeued attempt without "
                "cn-1142 trains normally.",
                "https://arxiv.org/abs/2407.21783")


@case("f30_in_job_restarts_keep_failing")
def c30(b):
    base = _dt.datetime(2025, 10, 28, 4, 4, 4)
    nodes = ["gpu-e1%02d" % i for i in (11, 12, 13, 14, 16, 17, 18, 20)]
    culprit, g = "gpu-e118", 1
    job = Job(b, nodes, base, jobid=7001882)
    run = Run(job, "nemo", console="ft_launcher.out", total=80000, gbs=512, seq=8192, ckpt="/lustre/ckpt/nemotron-h-8b")
    r = job.rank(culprit, g)
    t = nemo_init(run, 0.0, resume_path=f"{run.ckpt}/step=30000-last", tp=2, pp=1)
    times, t = run.progress(30000, 30412, t, 1.88, interval=10)
    tf = t + 1.5
    bus = BUS[g]
    ev = []
    ev.append((tf - 46, "NVRM: _kgspLogXid119: ********************************* GSP Timeout **********************************"))
    ev.append((tf - 46, "NVRM: _kgspLogXid119: Note: Please also check logs above."))
    ev.append((tf - 45.9, xid(bus, 119, "pid=%d, name=python, Timeout after 45s of waiting for RPC response from GPU1 GSP! Expected function 76 (GSP_RM_CONTROL) sequence 51822 (0x20801322 0x808)." % job.pid[(culprit, g)])))
    frames_rt = [("/opt/NeMo/nemo/collections/llm/api.py", 107, "train", "trainer.fit(model, data)"),
                 ("/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 474, "forward_backward_no_pipelining", "output_tensor, num_tokens = forward_step(")]
    cuda_error_tb(run, r, tf, "unspecified launch failure", frames_rt)
    tt = tf + 2
    for rc in range(1, 4):
        for n in nodes:
            agent_log(run, n, tt, "I", "nvidia_resiliency_ext/fault_tolerance/launcher.py:712",
                      f"[default] Worker group FAILED. {4 - rc}/3 attempts left; will restart worker group")
            elastic_restart(run, n, tt + 0.5, rc, 3, job.ranks_of(n))
        ti = tt + 15
        ev.append((ti - 0.5, xid(bus, 119, "pid=%d, name=python, Timeout after 45s of waiting for RPC response from GPU1 GSP! Expected function 10 (FREE) sequence %d (0x0 0x0)." % (job.pid[(culprit, g)] + rc * 900, 51830 + rc * 7))))
        if rc == 3:
            ev.append((ti - 0.3, xid(bus, 154, "pid=%d, name=python, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)" % (job.pid[(culprit, g)] + rc * 900))))
        run.say(r, ti, "\n".join(f"[rank{r}]: " + x for x in py_traceback(
            [("/opt/NeMo/nemo/lightning/megatron_init.py", 152, "initialize_model_parallel_for_nemo", "torch.cuda.set_device(local_rank)"),
             (f"{TORCH_PKG}/torch/cuda/__init__.py", 478, "set_device", "torch._C._cuda_setDevice(device)")],
            "RuntimeError: CUDA error: unknown error\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.")))
        for n in nodes:
            if n != culprit:
                rr = job.rank(n, 0)
                run.say(rr, ti + 30, f"[rank{rr}]: torch.distributed.DistNetworkError: failed to recv, got 0 bytes (connection to rank {r} closed) during NCCL bootstrap")
        tt = ti + 35
    for n in nodes:
        agent_log(run, n, tt, "E", "nvidia_resiliency_ext/fault_tolerance/launcher.py:740", "[default] Worker group FAILED. 0/3 attempts left; exiting")
    torchrun_fail(run, culprit, tt + 0.5, r, script="pretrain.py", tb_text="RuntimeError: CUDA error: unknown error")
    std_node_files(job, 0.0, tt + 60, dmesg_name="dmesg.txt", extra={culprit: ev})
    b.set_label("gpu_hardware", "infrastructure", {"node": culprit, "rank": r}, "restart_without_node",
                f"The first crash is rank {r} on gpu-e118 (GPU 1) with 'unspecified launch failure' right after that host logs Xid 119 GSP RPC timeouts; "
                "each of the three in-job restarts fails again on the same GPU with 'CUDA error: unknown error' and new Xid 119s, ending with "
                "Xid 154 'Node Reboot Required'. The other nodes only see closed connections.",
                "https://github.com/vllm-project/vllm/issues/40652")


# =========================================================================== main
def main():
    only = sys.argv[1:]
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    total = 0
    names = set()
    for name, fn in CASES:
        assert name not in names
        names.add(name)
        if only and name not in only and name[:3] not in only:
            continue
        b = Bundle(name)
        fn(b)
        files = b.render()
        validate(b, files)
        root = os.path.join(OUT, name)
        for p in sorted(files):
            full = os.path.join(root, p)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(files[p])
            total += len(files[p].encode("utf-8"))
        with open(os.path.join(root, "label.json"), "w") as fh:
            json.dump(b.label, fh, indent=2)
            fh.write("\n")
        if b.topology:
            with open(os.path.join(root, "topology.json"), "w") as fh:
                json.dump({"topology": b.topology}, fh, indent=2)
                fh.write("\n")
    print("wrote %d cases, %.2f MiB to %s" % (len(CASES) if not only else len(only), total / 1048576.0, OUT))


if __name__ == "__main__":
    main()
