"""Shared helpers for the set-37 generator (stdlib only, deterministic).

Every helper takes explicit datetimes / seeds; nothing reads the wall clock.
"""
import datetime as _dt
import json
import os
import random

ALLOWED_CATEGORY = {"user_code", "dependency", "oom", "numerical", "hang", "network", "storage",
                    "gpu_hardware", "gpu_memory", "nvlink", "host", "straggler", "unknown"}
ALLOWED_LAYER = {"script", "framework", "infrastructure"}
ALLOWED_ACTION = {"stop", "restart", "restart_without_node", "run_diagnostics", "none"}


def T(s):
    """Parse 'YYYY-mm-dd HH:MM:SS[.ffffff]'."""
    fmt = "%Y-%m-%d %H:%M:%S.%f" if "." in s else "%Y-%m-%d %H:%M:%S"
    return _dt.datetime.strptime(s, fmt)


def add(ts, seconds=0.0):
    return ts + _dt.timedelta(seconds=seconds)


# ---- timestamp renderings -------------------------------------------------
def glog(ts, lvl="E"):
    return "%s%s.%06d" % (lvl, ts.strftime("%m%d %H:%M:%S"), ts.microsecond)


def pylog(ts):
    return "%s,%03d" % (ts.strftime("%Y-%m-%d %H:%M:%S"), ts.microsecond // 1000)


def iso(ts):
    return ts.strftime("%Y-%m-%dT%H:%M:%S")


def isoz(ts):
    return "%s.%03dZ" % (ts.strftime("%Y-%m-%dT%H:%M:%S"), ts.microsecond // 1000)


def syslog(ts):
    return ts.strftime("%b %d %H:%M:%S").replace(" 0", "  ", 1) if ts.day < 10 else ts.strftime("%b %d %H:%M:%S")


def dmesg_T(ts):
    return "[%s]" % ts.strftime("%a %b %d %H:%M:%S %Y")


def dmesg_rel(ts, boot):
    return "[%12.6f]" % (ts - boot).total_seconds()


def bracket(ts):
    return "[%s]" % ts.strftime("%Y-%m-%d %H:%M:%S")


# ---- bundle ---------------------------------------------------------------
class Bundle:
    def __init__(self, name):
        self.name = name
        self.files = {}
        self.lbl = None

    def add(self, path, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text)
        if not text.endswith("\n"):
            text += "\n"
        self.files[path] = text

    def label(self, category, layer, culprit, action, rationale, modelled_on):
        assert category in ALLOWED_CATEGORY, category
        assert layer in ALLOWED_LAYER, layer
        assert action in ALLOWED_ACTION, action
        self.lbl = {"category": category, "layer": layer, "culprit": culprit, "action": action,
                    "rationale": rationale, "modelled_on": modelled_on}

    def write(self, root):
        assert self.lbl is not None, self.name
        d = os.path.join(root, self.name)
        for rel, text in sorted(self.files.items()):
            p = os.path.join(d, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        with open(os.path.join(d, "label.json"), "w", encoding="utf-8") as f:
            json.dump(self.lbl, f, indent=2)
            f.write("\n")


# ---- NCCL / c10d ----------------------------------------------------------
def nccl_boot(host, pid, dev, ver="2.21.5+cuda12.4", iface="ib0", ip="10.0.0.1", hcas=8, ts=None):
    p = "%s:%d:%d [%d] " % (host, pid, pid, dev)
    out = []
    if dev == 0:
        out.append(p + "NCCL INFO Bootstrap : Using %s:%s<0>" % (iface, ip))
        out.append(p + "NCCL INFO cudaDriverVersion 12040")
        out.append(p + "NCCL INFO NCCL version %s" % ver)
    out.append(p + "NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.")
    ibs = " ".join("[%d]mlx5_%d:1/IB" % (i, i) for i in range(hcas))
    out.append(p + "NCCL INFO NET/IB : Using %s ; OOB %s:%s<0>" % (ibs, iface, ip))
    out.append(p + "NCCL INFO Using network IB")
    return out


def nccl_comm_init(host, pid, tid, dev, rank, nranks, commid, busid):
    p = "%s:%d:%d [%d] " % (host, pid, tid, dev)
    return [p + "NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x%s - Init START"
            % (0x55d0a0000000 + rank * 0x1000, rank, nranks, dev, dev, busid, commid),
            p + "NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x%s - Init COMPLETE"
            % (0x55d0a0000000 + rank * 0x1000, rank, nranks, dev, dev, busid, commid)]


BUSIDS = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
PCI = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]


def watchdog_timeout(rank, ts, seq, op, numel, timeout_ms=600000, pg="0", pgname="default_pg",
                     last_enq=None, last_comp=None, extra_ms=None, prefix=True, line="632"):
    extra_ms = extra_ms if extra_ms is not None else timeout_ms + 37 + rank % 23
    pre = "[rank%d]:" % rank if prefix else ""
    le = last_enq if last_enq is not None else seq + 1
    lc = last_comp if last_comp is not None else seq - 1
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (
        seq, op, numel, numel if op != "_ALLGATHER_BASE" else numel * 8, timeout_ms)
    out = [
        "%s[%s %d ProcessGroupNCCL.cpp:%s] [PG ID %s PG GUID %s(%s) Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out."
        % (pre, glog(ts), 2200 + rank, line, pg, pg, pgname, rank, work, extra_ms),
        "%s[%s %d ProcessGroupNCCL.cpp:2168] [PG ID %s PG GUID %s(%s) Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
        % (pre, glog(add(ts, 0.0004)), 2200 + rank, pg, pg, pgname, rank, seq, le, lc),
        "%s[%s %d ProcessGroupNCCL.cpp:1804] [PG ID %s PG GUID %s(%s) Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
        % (pre, glog(add(ts, 0.0006)), 2200 + rank, pg, pg, pgname, rank, seq, le, lc),
        "%s[%s %d ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
        % (pre, glog(add(ts, 0.0007)), 2200 + rank, rank),
        "%s[%s %d ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down."
        % (pre, glog(add(ts, 0.0008)), 2200 + rank, rank),
    ]
    return out


def dist_backend_terminate(rank, ts, seq, op, numel, timeout_ms=600000, pg="0", pgname="default_pg"):
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (
        seq, op, numel, numel, timeout_ms)
    return [
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID %s PG GUID %s(%s) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out."
        % (pg, pg, pgname, rank, rank, work, timeout_ms + 41),
        "Exception raised from checkTimeout at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:632 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f%09x in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)" % (0x3b6d41df86 + rank),
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f%09x in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % (0x3b6e71a8d2 + rank),
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f%09x in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % (0x3b6e721363 + rank),
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f%09x in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % (0x3b6e7236fc + rank),
        "frame #4: <unknown function> + 0xdc253 (0x7f%09x in /lib/x86_64-linux-gnu/libstdc++.so.6)" % (0x3bca9d5253 + rank),
        "frame #5: <unknown function> + 0x94ac3 (0x7f%09x in /lib/x86_64-linux-gnu/libc.so.6)" % (0x3c74f76ac3 + rank),
        "frame #6: <unknown function> + 0x126850 (0x7f%09x in /lib/x86_64-linux-gnu/libc.so.6)" % (0x3c750b0850 + rank),
        "",
    ]


def torchrun_header(ts, nnodes, nproc, endpoint, run_id, max_restarts=0, ver="2.4"):
    lines = []
    lines.append("%s] Starting elastic_operator with launch configs:" % ("[" + pylog(ts) + "] torch.distributed.launcher.api: [INFO"))
    lines.append("  entrypoint       : %s" % "train.py")
    lines.append("  min_nodes        : %s" % nnodes)
    lines.append("  max_nodes        : %s" % nnodes)
    lines.append("  nproc_per_node   : %d" % nproc)
    lines.append("  run_id           : %s" % run_id)
    lines.append("  rdzv_backend     : c10d")
    lines.append("  rdzv_endpoint    : %s" % endpoint)
    lines.append("  rdzv_configs     : {'timeout': 900}")
    lines.append("  max_restarts     : %d" % max_restarts)
    lines.append("  monitor_interval : 0.1")
    lines.append("  log_dir          : /tmp/torchelastic_%s" % run_id[-6:])
    lines.append("  metrics_cfg      : {}")
    lines.append("")
    lines.append("W%s torch/distributed/run.py:793] " % ts.strftime("%m%d %H:%M:%S.%f"))
    lines.append("W%s torch/distributed/run.py:793] *****************************************" % ts.strftime("%m%d %H:%M:%S.%f"))
    lines.append("W%s torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % ts.strftime("%m%d %H:%M:%S.%f"))
    lines.append("W%s torch/distributed/run.py:793] *****************************************" % ts.strftime("%m%d %H:%M:%S.%f"))
    return lines


def child_failed_box(script, failures, root):
    """failures: list of dicts(rank, host, local_rank, exitcode, pid, ts, msg)"""
    out = ["Traceback (most recent call last):",
           '  File "/usr/local/bin/torchrun", line 33, in <module>',
           "    sys.exit(load_entry_point('torch', 'console_scripts', 'torchrun')())",
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
           "=" * 56, "%s FAILED" % script, "-" * 56, "Failures:"]

    def blk(f):
        b = ["[%d]:" % f.get("idx", 0) if "idx" in f else "",
             "  time      : %s" % f["ts"].strftime("%Y-%m-%d_%H:%M:%S"),
             "  host      : %s" % f["host"],
             "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
             "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
             "  error_file: <N/A>",
             "  traceback : %s" % f.get("msg", "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")]
        return [x for x in b if x != ""]
    others = [f for f in failures if f is not root]
    if not others:
        out.append("  <NO_OTHER_FAILURES>")
    else:
        for i, f in enumerate(others, 1):
            g = dict(f)
            g["idx"] = i
            out.extend(["  " + x if not x.startswith("  ") else x for x in blk(g)])
    out += ["-" * 56, "Root Cause (first observed failure):"]
    g = dict(root)
    g["idx"] = 0
    out.extend(blk(g))
    out.append("=" * 56)
    return out


def sigterm_agent(ts, pids):
    out = []
    for p in pids:
        out.append("W%s torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (ts.strftime("%m%d %H:%M:%S.%f"), p))
    return out


# ---- nvidia-smi -------------------------------------------------------------
def nvsmi_table(ts, gpus, procs, driver="550.90.07", cuda="12.4", model="NVIDIA H100 80GB HBM3"):
    """gpus: list of dict(temp, perf, pwr, cap, used, total, util, ecc)"""
    L = []
    L.append(ts.strftime("%a %b %d %H:%M:%S %Y"))
    L.append("+-----------------------------------------------------------------------------------------+")
    L.append("| NVIDIA-SMI %-20s Driver Version: %-14s CUDA Version: %-9s|" % (driver, driver, cuda))
    L.append("|-----------------------------------------+------------------------+----------------------+")
    L.append("| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |")
    L.append("| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |")
    L.append("|                                         |                        |               MIG M. |")
    L.append("|=========================================+========================+======================|")
    for i, g in enumerate(gpus):
        name = g.get("model", model)[:24]
        L.append("| %3d  %-24s       On  |   %s Off | %20s |" % (i, name, "0000" + PCI[i] + ".0", g.get("ecc", "0")))
        L.append("| N/A   %2dC    %-3s          %4dW / %4dW |  %7dMiB / %6dMiB |    %3d%%      Default |" % (
            g["temp"], g.get("perf", "P0"), g["pwr"], g.get("cap", 700), g["used"], g.get("total", 81559), g["util"]))
        L.append("|                                         |                        |             Disabled |")
        L.append("+-----------------------------------------+------------------------+----------------------+")
    L.append("")
    L.append("+-----------------------------------------------------------------------------------------+")
    L.append("| Processes:                                                                              |")
    L.append("|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |")
    L.append("|        ID   ID                                                               Usage      |")
    L.append("|=========================================================================================|")
    for (gi, pid, name, mem) in procs:
        L.append("|  %4d   N/A  N/A  %9d      C   %-40s %7dMiB |" % (gi, pid, name[:40], mem))
    L.append("+-----------------------------------------------------------------------------------------+")
    return L


def sacct(rows, header=True):
    out = []
    if header:
        out.append("JobID           JobName  Partition    Account  AllocCPUS      State ExitCode               Start                 End    NodeList")
        out.append("------------ ---------- ---------- ---------- ---------- ---------- -------- ------------------- ------------------- -----------")
    for r in rows:
        out.append("%-12s %10s %10s %10s %10s %10s %8s %19s %19s %s" % r)
    return out


def rng(seed):
    return random.Random(seed)
