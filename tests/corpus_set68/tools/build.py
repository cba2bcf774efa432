#!/usr/bin/env python3
"""Build blind development corpus set 68 (prefix ``bm``).

Each case rebuilds the failure of one real public issue thread about
multi-node communication trouble (NCCL / RCCL / aws-ofi-nccl errors,
timeouts, IB/RoCE/EFA, rendezvous, version skew ...) as a whole-job bundle,
and labels it under the house guide.

Deterministic, stdlib only, no network, no wall clock.  Output goes to the
directory named by $CORPUS_OUT (default ./out).  Every label is validated; the
script exits non-zero if one is wrong.
"""
import datetime as _dt
import json
import os
import random
import re
import sys

PREFIX = "bm"
CATEGORIES = {
    "gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "oom",
    "hang", "straggler", "numerical", "user_code", "dependency", "unknown",
}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


# --------------------------------------------------------------------------
# bundle container
# --------------------------------------------------------------------------
class Bundle:
    def __init__(self, name, label):
        self.name = name
        self.label = label
        self.files = {}

    def add(self, path, lines):
        if isinstance(lines, str):
            lines = lines.split("\n")
        self.files.setdefault(path, []).extend(lines)

    def write(self, root):
        base = os.path.join(root, self.name)
        for rel in sorted(self.files):
            full = os.path.join(base, rel)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            text = "\n".join(self.files[rel])
            if not text.endswith("\n"):
                text += "\n"
            with open(full, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
        with open(os.path.join(base, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps(self.label, indent=2, sort_keys=True) + "\n")


def label(category, layer, node, rank, action, rationale, url):
    culprit = None if node is None else {"node": node, "rank": rank}
    return {"category": category, "layer": layer, "culprit": culprit,
            "action": action, "rationale": rationale, "modelled_on": url}


def validate(b):
    errs = []
    if not re.match(r"^%s\d\d_[a-z0-9_]+$" % PREFIX, b.name):
        errs.append("bad case name")
    lab = b.label
    if set(lab) != LABEL_KEYS:
        errs.append("label keys %s" % sorted(lab))
    if lab.get("category") not in CATEGORIES:
        errs.append("category %r" % lab.get("category"))
    if lab.get("layer") not in LAYERS:
        errs.append("layer %r" % lab.get("layer"))
    if lab.get("action") not in ACTIONS:
        errs.append("action %r" % lab.get("action"))
    if not str(lab.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on must be https")
    if not isinstance(lab.get("rationale"), str) or len(lab["rationale"]) < 20:
        errs.append("rationale too short")
    cul = lab.get("culprit")
    if cul is not None:
        if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
            errs.append("culprit shape")
        else:
            node = cul["node"]
            if not (cul["rank"] is None or (isinstance(cul["rank"], int) and cul["rank"] >= 0)):
                errs.append("culprit rank")
            dirs = set()
            for rel in b.files:
                parts = rel.split("/")
                for p in parts[:-1]:
                    dirs.add(p)
            if node not in dirs:
                errs.append("culprit node %r has no directory" % node)
    if not b.files:
        errs.append("no files")
    return errs


# --------------------------------------------------------------------------
# time helpers
# --------------------------------------------------------------------------
def T(y, mo, d, h, mi, s=0):
    return _dt.datetime(y, mo, d, h, mi, s)


def add(t, sec):
    return t + _dt.timedelta(seconds=sec)


def glog(t, level, rng):
    """PyTorch/glog style stamp: E1119 13:21:12.512781555"""
    return "%s%s.%09d" % (level, t.strftime("%m%d %H:%M:%S"), rng.randrange(0, 999999999))


def glog_us(t, level, rng):
    """c10 logging style used by elastic in 2.x: W0816 01:45:41.684000"""
    return "%s%s.%06d" % (level, t.strftime("%m%d %H:%M:%S"), rng.randrange(0, 999) * 1000)


def dmesg_T(t):
    return "[%s %s %2d %s]" % (t.strftime("%a"), t.strftime("%b"), t.day, t.strftime("%H:%M:%S %Y"))


def syslog_ts(t):
    return "%s %2d %s" % (t.strftime("%b"), t.day, t.strftime("%H:%M:%S"))


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def pyts(t, rng):
    return "%s,%03d" % (t.strftime("%Y-%m-%d %H:%M:%S"), rng.randrange(0, 1000))


def interleave(streams, rng):
    """Merge lists keeping per-list order, random interleave (deterministic)."""
    idx = [0] * len(streams)
    out = []
    live = [i for i, s in enumerate(streams) if s]
    while live:
        i = rng.choice(live)
        out.append(streams[i][idx[i]])
        idx[i] += 1
        if idx[i] >= len(streams[i]):
            live.remove(i)
    return out


def hexid(rng, n=12):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


# --------------------------------------------------------------------------
# NCCL INFO flood
# --------------------------------------------------------------------------
BUS_H100 = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
BUS_A100 = ["7000", "f000", "47000", "4e000", "87000", "90000", "b7000", "bd000"]
BUS_V4 = ["1a000", "1b000", "3d000", "3e000"]


def nccl_init_rank(host, pid, tid, lr, rank, nranks, nnodes, gpn, rng, net="IB",
                   hcas=None, oob=("ib0", "10.0.0.1"), version="2.18.5+cuda12.2",
                   bus=None, plugin_line=None, extra=None, gdr=True, ts_prefix=None,
                   channels=4, env_lines=None, rank0_version_banner=True):
    p = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, lr)
    q = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, lr)
    if bus is None:
        bus = BUS_H100
    L = []
    L.append(p + "cudaDriverVersion 12020")
    L.append(p + "Bootstrap : Using %s:%s<0>" % oob)
    if plugin_line is None:
        L.append(p + "NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation")
    else:
        for pl in ([plugin_line] if isinstance(plugin_line, str) else plugin_line):
            L.append(p + pl)
    if rank == 0 and rank0_version_banner:
        L.append("NCCL version %s" % version)
    for e in (env_lines or []):
        L.append(q + e)
    if net == "IB":
        hs = hcas or ["mlx5_%d:1" % i for i in range(gpn)]
        L.append(q + "NET/IB : Using " + " ".join("[%d]%s/IB" % (i, h) for i, h in enumerate(hs)) + " [RO]; OOB %s:%s<0>" % oob)
        L.append(q + "Using non-device net plugin version 0")
        L.append(q + "Using network IB")
    elif net == "RoCE":
        hs = hcas or ["mlx5_%d:1" % i for i in range(gpn)]
        L.append(q + "NET/IB : Using " + " ".join("[%d]%s/RoCE" % (i, h) for i, h in enumerate(hs)) + " [RO]; OOB %s:%s<0>" % oob)
        L.append(q + "Using non-device net plugin version 0")
        L.append(q + "Using network IB")
    elif net == "Socket":
        L.append(q + "NET/IB : No device found.")
        L.append(q + "NET/Socket : Using [0]%s:%s<0>" % oob)
        L.append(q + "Using non-device net plugin version 0")
        L.append(q + "Using network Socket")
    elif net == "OFI":
        L.append(q + "NET/OFI Initializing aws-ofi-nccl 1.9.1-aws")
        L.append(q + "NET/OFI Using Libfabric version 1.20")
        L.append(q + "NET/OFI Using CUDA driver version 12020")
        L.append(q + "NET/OFI Configuring AWS-specific options")
        L.append(q + "NET/OFI Setting provider_filter to efa")
        L.append(q + "NET/OFI Running on p4d.24xlarge platform, Setting NCCL_TOPO_FILE environment variable to /opt/amazon/ofi-nccl/share/aws-ofi-nccl/xml/p4d-24xl-topo.xml")
        L.append(q + "NET/OFI Selected Provider is efa (found 4 nics)")
        L.append(q + "Using network AWS Libfabric")
    commid = "0x%s" % hexid(rng, 16)
    comm = "0x%s" % hexid(rng, 12)
    L.append(q + "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START" % (comm, rank, nranks, lr, lr, bus[lr % len(bus)], commid))
    L.append(q + "Setting affinity for GPU %d to %s" % (lr, "ffffffff,00000000,ffffffff" if lr < gpn // 2 else "ffffffff,00000000,ffffffff,00000000"))
    if extra:
        for e in extra:
            L.append(q + e)
    nxt = (rank + 1) % nranks
    prv = (rank - 1) % nranks
    L.append(q + "comm %s rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0" % (comm, rank, nranks, nnodes, gpn, lr))
    L.append(q + "Trees [0] %d/-1/-1->%d->%d [1] %d/-1/-1->%d->%d" % (nxt, rank, prv, prv, rank, nxt))
    L.append(q + "P2P Chunksize set to 131072")
    for ch in range(channels):
        if lr == gpn - 1 and nnodes > 1:
            via = {"IB": "NET/IB/%d%s" % (lr, "/GDRDMA" if gdr else ""),
                   "RoCE": "NET/IB/%d%s" % (lr, "/GDRDMA" if gdr else ""),
                   "Socket": "NET/Socket/0",
                   "OFI": "NET/AWS Libfabric/%d%s" % (lr // 2, "/GDRDMA" if gdr else "")}[net]
            L.append(q + "Channel %02d/0 : %d[%d] -> %d[%d] [send] via %s" % (ch, rank, lr, nxt, 0, via))
        elif lr == 0 and nnodes > 1:
            via = {"IB": "NET/IB/0%s" % ("/GDRDMA" if gdr else ""),
                   "RoCE": "NET/IB/0%s" % ("/GDRDMA" if gdr else ""),
                   "Socket": "NET/Socket/0",
                   "OFI": "NET/AWS Libfabric/0%s" % ("/GDRDMA" if gdr else "")}[net]
            L.append(q + "Channel %02d/0 : %d[%d] -> %d[%d] [receive] via %s" % (ch, prv, gpn - 1, rank, lr, via))
            L.append(q + "Channel %02d/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read" % (ch, rank, lr, nxt, (lr + 1) % gpn))
        else:
            L.append(q + "Channel %02d/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read" % (ch, rank, lr, nxt, (lr + 1) % gpn))
    L.append(q + "Connected all rings")
    L.append(q + "Connected all trees")
    L.append(q + "threadThresholds 8/8/64 | %d/8/64 | 512 | 512" % (8 * nranks))
    L.append(q + "%d coll channels, 0 collnet channels, 0 nvls channels, %d p2p channels, 2 p2p channels per peer" % (channels * 2, channels * 2))
    L.append(q + "TUNER/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-tuner.so")
    L.append(q + "TUNER/Plugin: Using internal tuner plugin.")
    L.append(q + "ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE" % (comm, rank, nranks, lr, lr, bus[lr % len(bus)], commid))
    if ts_prefix:
        L = ["[%s] %s" % (ts_prefix, x) if "NCCL" in x and x.startswith(host) else x for x in L]
    return L


def nccl_init_node(host, node_rank, gpn, nnodes, pids, rng, **kw):
    streams = []
    for lr in range(gpn):
        rank = node_rank * gpn + lr
        streams.append(nccl_init_rank(host, pids[lr], pids[lr] + 1000 + 37 * lr, lr, rank,
                                      nnodes * gpn, nnodes, gpn, rng, **kw))
    return interleave(streams, rng)


def mkpids(rng, gpn):
    p = rng.randrange(20000, 3900000)
    out = []
    for _ in range(gpn):
        p += rng.randrange(1, 5)
        out.append(p)
    return out


# --------------------------------------------------------------------------
# PyTorch c10d / elastic text
# --------------------------------------------------------------------------
TORCH_LIB = "/usr/local/lib/python3.10/dist-packages/torch/lib"


def frames_checktimeout(lib=TORCH_LIB, line=618):
    return [
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:%d (most recent call first):" % line,
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7fdf89a24446 in %s/libc10.so)" % lib,
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x282 (0x7fdf8ad37772 in %s/libtorch_cuda.so)" % lib,
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7fdf8ad3ebb3 in %s/libtorch_cuda.so)" % lib,
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7fdf8ad4061d in %s/libtorch_cuda.so)" % lib,
        "frame #4: <unknown function> + 0x145c0 (0x7fdfd5c8f5c0 in %s/libtorch.so)" % lib,
        "frame #5: <unknown function> + 0x94ac3 (0x7fdfd7494ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: <unknown function> + 0x126850 (0x7fdfd7526850 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
    ]


def work_str(seq, op, numel_in, numel_out, timeout_ms, new=True):
    if new:
        return "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, op, numel_in, numel_out, timeout_ms)
    return "WorkNCCL(SeqNum=%d, OpType=%s, Timeout(ms)=%d)" % (seq, op, timeout_ms)


def watchdog_new(rank, t, seq, op, nin, nout, timeout_ms, ran_ms, rng, pg="0", pgname="0(default_pg)",
                 last_enq=None, last_done=None, lib=TORCH_LIB, with_frames=True):
    """torch 2.3/2.4 style watchdog timeout on one rank."""
    w = work_str(seq, op, nin, nout, timeout_ms)
    le = seq + 1 if last_enq is None else last_enq
    ld = seq - 1 if last_done is None else last_done
    pfx = "[rank%d]:[%s " % (rank, "%s")
    g = lambda: glog(t, "E", rng)
    L = [
        "[rank%d]:[%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, g(), rank, w, ran_ms),
        "[rank%d]:[%s ProcessGroupNCCL.cpp:1785] [PG ID %s PG GUID %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (rank, g(), pg, pgname, rank, seq, le, ld),
        "[rank%d]:[%s ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (rank, g(), rank),
        "[rank%d]:[%s ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (rank, g(), rank),
        "[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID %s PG GUID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, g(), pg, pgname, rank, rank, w, ran_ms + rng.randrange(0, 40)),
    ]
    if with_frames:
        L += frames_checktimeout(lib)
        L.append("terminate called after throwing an instance of 'c10::DistBackendError'")
        L.append("  what():  [PG ID %s PG GUID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pg, pgname, rank, rank, w, ran_ms + rng.randrange(0, 40)))
        L += frames_checktimeout(lib)
    return L


def watchdog_old(rank, seq, op, timeout_ms, ran_ms, rng, line=737):
    """torch 1.13/2.0 style (no rank prefix, no timestamps)."""
    w = work_str(seq, op, 0, 0, timeout_ms, new=False)
    return [
        "[E ProcessGroupNCCL.cpp:%d] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (line, rank, w, ran_ms),
        "[E ProcessGroupNCCL.cpp:414] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. To avoid this inconsistency, we are taking the entire process down.",
        "terminate called after throwing an instance of 'std::runtime_error'",
        "  what():  [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, w, ran_ms + rng.randrange(1, 30)),
    ]


def elastic_sigterm(t, agent_pid, pids, rng, api_line=897):
    us = rng.randrange(100, 300) * 1000
    out = []
    for p in pids:
        out.append("W%s.%06d %d torch/distributed/elastic/multiprocessing/api.py:%d] Sending process %d closing signal SIGTERM" % (t.strftime("%m%d %H:%M:%S"), us, agent_pid, api_line, p))
        us += rng.randrange(1, 3) * 1000
    return out


def elastic_failed(t, agent_pid, exitcode, lr, pid, python="/usr/bin/python", api_line=869):
    return ["E%s %d torch/distributed/elastic/multiprocessing/api.py:%d] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (t.strftime("%m%d %H:%M:%S") + ".%06d" % 390000, agent_pid, api_line, exitcode, lr, pid, python)]


def torchrun_traceback(pyver="3.10", site="/usr/local/lib/python3.10/dist-packages", entry="/usr/local/bin/torchrun"):
    return [
        "Traceback (most recent call last):",
        '  File "%s", line 8, in <module>' % entry,
        "    sys.exit(main())",
        '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper' % site,
        "    return f(*args, **kwargs)",
        '  File "%s/torch/distributed/run.py", line 919, in main' % site,
        "    run(args)",
        '  File "%s/torch/distributed/run.py", line 910, in run' % site,
        "    elastic_launch(",
        '  File "%s/torch/distributed/launcher/api.py", line 138, in __call__' % site,
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        '  File "%s/torch/distributed/launcher/api.py", line 269, in launch_agent' % site,
        "    raise ChildFailedError(",
    ]


def sig_desc(code):
    names = {-6: "Signal 6 (SIGABRT)", -9: "Signal 9 (SIGKILL)", -15: "Signal 15 (SIGTERM)", -11: "Signal 11 (SIGSEGV)", -7: "Signal 7 (SIGBUS)"}
    return names.get(code)


def child_failed(script, failures, root, **kw):
    """failures/root: dict(time, host, rank, lr, exitcode, pid, error_file)"""
    def blk(i, f):
        tb = sig_desc(f["exitcode"])
        tb = ("%s received by PID %d" % (tb, f["pid"])) if tb else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        return [
            "[%d]:" % i,
            "  time      : %s" % f["time"].strftime("%Y-%m-%d_%H:%M:%S"),
            "  host      : %s" % f["host"],
            "  rank      : %d (local_rank: %d)" % (f["rank"], f["lr"]),
            "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
            "  error_file: %s" % f.get("error_file", "<N/A>"),
            "  traceback : %s" % tb,
        ]
    L = torchrun_traceback(**kw)
    L.append("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    L.append("=" * 60)
    L.append("%s FAILED" % script)
    L.append("-" * 60)
    L.append("Failures:")
    if failures:
        for i, f in enumerate(failures, 1):
            L += blk(i, f)
    else:
        L.append("  <NO_OTHER_FAILURES>")
    L.append("-" * 60)
    L.append("Root Cause (first observed failure):")
    L += blk(0, root)
    L.append("=" * 60)
    return L


# --------------------------------------------------------------------------
# tool output
# --------------------------------------------------------------------------
def nvidia_smi_table(t, gpus, driver="535.129.03", cuda="12.2", model="NVIDIA H100 80GB HBM3", mem_total=81559,
                     bus=None, procs=None, ecc_col=None):
    """gpus: list of dicts with temp, pwr, cap, mem, util, perf"""
    bus = bus or ["00000000:%s.0" % ("%s:00" % b[:-3].upper().zfill(2)) for b in BUS_H100]
    L = [t.strftime("%a %b %d %H:%M:%S %Y") + "       ",
         "+---------------------------------------------------------------------------------------+",
         "| NVIDIA-SMI %-18s Driver Version: %-14s CUDA Version: %-9s|" % (driver, driver, cuda),
         "|-----------------------------------------+----------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                      |               MIG M. |",
         "|=========================================+======================+======================|"]
    for i, g in enumerate(gpus):
        ecc = (ecc_col or {}).get(i, "0")
        L.append("| %3d  %-24s      On  | %-17s Off | %20s |" % (i, model[:24], bus[i % len(bus)], ecc))
        L.append("| N/A   %2dC    %-3s         %4dW / %4dW |  %6dMiB / %6dMiB |    %3d%%      Default |" % (g.get("temp", 34), g.get("perf", "P0"), g.get("pwr", 70), g.get("cap", 700), g.get("mem", 4), mem_total, g.get("util", 0)))
        L.append("|                                         |                      |             Disabled |")
        L.append("+-----------------------------------------+----------------------+----------------------+")
    L += ["", "+---------------------------------------------------------------------------------------+",
          "| Processes:                                                                            |",
          "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
          "|        ID   ID                                                             Usage      |",
          "|=======================================================================================|"]
    if not procs:
        L.append("|  No running processes found                                                           |")
    else:
        for (g, pid, name, mem) in procs:
            L.append("|  %4d   N/A  N/A  %9d      C   %-38s %8dMiB |" % (g, pid, name[:38], mem))
    L.append("+---------------------------------------------------------------------------------------+")
    return L


def nvidia_smi_q_gpu(i, busid, model="NVIDIA H100 80GB HBM3", serial="1650123456789", uuid=None,
                     temp=36, pwr=72.5, mem_used=4, mem_total=81559, dbe_vol=0, dbe_agg=0, sbe_agg=0,
                     remap_corr=0, remap_unc=0, remap_pending="No", remap_fail="No", throttle=None,
                     sm_clock=1980, pcie_gen=5, pcie_width=16, procs=None, rng=None):
    throttle = throttle or {}
    uuid = uuid or "GPU-%s-%s-%s-%s-%s" % (hexid(rng, 8), hexid(rng, 4), hexid(rng, 4), hexid(rng, 4), hexid(rng, 12))
    def thr(k):
        return "Active" if throttle.get(k) else "Not Active"
    L = [
        "GPU %s" % busid,
        "    Product Name                          : %s" % model,
        "    Product Brand                         : NVIDIA",
        "    Display Mode                          : Disabled",
        "    Persistence Mode                      : Enabled",
        "    MIG Mode",
        "        Current                           : Disabled",
        "        Pending                           : Disabled",
        "    Serial Number                         : %s" % serial,
        "    GPU UUID                              : %s" % uuid,
        "    Minor Number                          : %d" % i,
        "    VBIOS Version                         : 96.00.89.00.01",
        "    GPU Part Number                       : 2330-885-A1",
        "    PCI",
        "        Bus                               : 0x%s" % busid.split(":")[1],
        "        Device                            : 0x00",
        "        Domain                            : 0x0000",
        "        Bus Id                            : %s" % busid,
        "        GPU Link Info",
        "            PCIe Generation",
        "                Max                       : 5",
        "                Current                   : %d" % pcie_gen,
        "            Link Width",
        "                Max                       : 16x",
        "                Current                   : %dx" % pcie_width,
        "    Performance State                     : P0",
        "    Clocks Event Reasons",
        "        Idle                              : %s" % thr("idle"),
        "        Applications Clocks Setting       : Not Active",
        "        SW Power Cap                      : %s" % thr("swpower"),
        "        HW Slowdown                       : %s" % thr("hw"),
        "            HW Thermal Slowdown           : %s" % thr("hwthermal"),
        "            HW Power Brake Slowdown       : Not Active",
        "        Sync Boost                        : Not Active",
        "        SW Thermal Slowdown               : %s" % thr("swthermal"),
        "        Display Clock Setting             : Not Active",
        "    FB Memory Usage",
        "        Total                             : %d MiB" % mem_total,
        "        Reserved                          : 551 MiB",
        "        Used                              : %d MiB" % mem_used,
        "        Free                              : %d MiB" % (mem_total - 551 - mem_used),
        "    Compute Mode                          : Default",
        "    Utilization",
        "        Gpu                               : 0 %",
        "        Memory                            : 0 %",
        "    ECC Mode",
        "        Current                           : Enabled",
        "        Pending                           : Enabled",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : %d" % dbe_vol,
        "        Aggregate",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : %d" % sbe_agg,
        "            DRAM Uncorrectable            : %d" % dbe_agg,
        "    Retired Pages",
        "        Single Bit ECC                    : N/A",
        "        Double Bit ECC                    : N/A",
        "        Pending Page Blacklist            : N/A",
        "    Remapped Rows",
        "        Correctable Error                 : %d" % remap_corr,
        "        Uncorrectable Error               : %d" % remap_unc,
        "        Pending                           : %s" % remap_pending,
        "        Remapping Failure Occurred        : %s" % remap_fail,
        "        Bank Remap Availability Histogram",
        "            Max                           : %d bank(s)" % (2560 - remap_unc - remap_corr),
        "            High                          : 0 bank(s)",
        "            Partial                       : %d bank(s)" % (remap_unc + remap_corr),
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)",
        "    Temperature",
        "        GPU Current Temp                  : %d C" % temp,
        "        GPU T.Limit Temp                  : %d C" % (87 - temp),
        "        GPU Shutdown Temp                 : 92 C",
        "        GPU Slowdown Temp                 : 89 C",
        "    GPU Power Readings",
        "        Power Draw                        : %.2f W" % pwr,
        "        Current Power Limit               : 700.00 W",
        "    Clocks",
        "        Graphics                          : %d MHz" % sm_clock,
        "        SM                                : %d MHz" % sm_clock,
        "        Memory                            : 2619 MHz",
        "    Max Clocks",
        "        Graphics                          : 1980 MHz",
        "        SM                                : 1980 MHz",
        "        Memory                            : 2619 MHz",
        "    Processes                             : %s" % ("None" if not procs else ""),
    ]
    for (pid, name, mem) in (procs or []):
        L += ["        GPU instance ID                   : N/A",
              "        Compute instance ID               : N/A",
              "        Process ID                        : %d" % pid,
              "            Type                          : C",
              "            Name                          : %s" % name,
              "            Used GPU Memory               : %d MiB" % mem]
    L.append("")
    return L


def nvidia_smi_q(t, gpus, driver="535.129.03", cuda="12.2"):
    L = ["", "==============NVSMI LOG==============", "",
         "Timestamp                                 : %s" % t.strftime("%a %b %d %H:%M:%S %Y"),
         "Driver Version                            : %s" % driver,
         "CUDA Version                              : %s" % cuda, "",
         "Attached GPUs                             : %d" % len(gpus)]
    for g in gpus:
        L += g
    return L


def ibstat(cas):
    """cas: list of (name, state, phys, rate, lid, guid, link_layer, fw)"""
    L = []
    for (name, state, phys, rate, lid, guid, ll, fw) in cas:
        L += ["CA '%s'" % name,
              "\tCA type: MT4129" if "400" in str(rate) or rate == 400 else "\tCA type: MT4123",
              "\tNumber of ports: 1",
              "\tFirmware version: %s" % fw,
              "\tHardware version: 0",
              "\tNode GUID: %s" % guid,
              "\tSystem image GUID: %s" % guid,
              "\tPort 1:",
              "\t\tState: %s" % state,
              "\t\tPhysical state: %s" % phys,
              "\t\tRate: %s" % rate,
              "\t\tBase lid: %s" % lid,
              "\t\tLMC: 0",
              "\t\tSM lid: 1",
              "\t\tCapability mask: 0xa751e848",
              "\t\tPort GUID: %s" % guid,
              "\t\tLink layer: %s" % ll]
    return L


def guid(rng):
    return "0x" + hexid(rng, 16)


def sacct(jobid, name, user, rows):
    """rows: list of (jobid_suffix, jobname, partition, state, exitcode, elapsed, nodelist)"""
    L = ["JobID           JobName  Partition      User      State ExitCode    Elapsed        NodeList ",
         "------------ ---------- ---------- --------- ---------- -------- ---------- --------------- "]
    for (suf, jn, part, st, ec, el, nl) in rows:
        L.append("%-12s %10s %10s %9s %10s %8s %10s %-15s " % (str(jobid) + suf, jn[:10], part, user if not suf else "", st, ec, el, nl))
    return L


def scontrol_job(jobid, name, user, uid, state, reason, start, end, nodes, nnodes, ncpus, gres, batchhost, timelimit="2-00:00:00", runtime="00:00:00", exitcode="0:0", partition="gpu", workdir="/home", cmd=""):
    return [
        "JobId=%d JobName=%s" % (jobid, name),
        "   UserId=%s(%d) GroupId=%s(%d) MCS_label=N/A" % (user, uid, user, uid),
        "   Priority=4294881 Nice=0 Account=ml QOS=normal",
        "   JobState=%s Reason=%s Dependency=(null)" % (state, reason),
        "   Requeue=0 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=%s" % exitcode,
        "   RunTime=%s TimeLimit=%s TimeMin=N/A" % (runtime, timelimit),
        "   SubmitTime=%s EligibleTime=%s" % (iso(add(start, -412)), iso(add(start, -412))),
        "   StartTime=%s EndTime=%s Deadline=N/A" % (iso(start), iso(end)),
        "   Partition=%s AllocNode:Sid=login01:3411" % partition,
        "   NodeList=%s" % nodes,
        "   BatchHost=%s" % batchhost,
        "   NumNodes=%d NumCPUs=%d NumTasks=%d CPUs/Task=%d" % (nnodes, ncpus, nnodes, ncpus // nnodes),
        "   TRES=cpu=%d,mem=%dG,node=%d,billing=%d,%s" % (ncpus, nnodes * 1800, nnodes, ncpus, gres),
        "   Command=%s" % cmd,
        "   WorkDir=%s" % workdir,
        "   StdErr=%s/slurm-%d.out" % (workdir, jobid),
        "   StdOut=%s/slurm-%d.out" % (workdir, jobid),
    ]


def dmesg_noise(t0, span, rng, host, n=25, style="T", extra_pool=None):
    """Benign periodic kernel chatter over [t0, t0+span]; extra_pool items appear once each."""
    jid = hexid(rng, 32)
    pool = [
        lambda: "systemd-journald[1021]: Data hash table of /var/log/journal/%s/system.journal has a fill level at 75.0 (6215 of 8285 items, 4771840 file size, 767 bytes per hash table item), suggesting rotation." % jid,
        lambda: "systemd-journald[1021]: /var/log/journal/%s/system.journal: Journal header limits reached or header out-of-date, rotating." % jid,
        lambda: "kauditd_printk_skb: %d callbacks suppressed" % rng.randrange(3, 40),
        lambda: "audit: type=1400 audit(%d.%03d:%d): apparmor=\"STATUS\" operation=\"profile_replace\" info=\"same as current profile, skipping\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid=%d comm=\"apparmor_parser\"" % (1700000000 + rng.randrange(10 ** 7), rng.randrange(1000), rng.randrange(100, 999), rng.randrange(1000, 90000)),
        lambda: "TCP: request_sock_TCP: Possible SYN flooding on port %d. Sending cookies.  Check SNMP counters." % rng.choice([29500, 29400, 6000]),
        lambda: "perf: interrupt took too long (%d > %d), lowering kernel.perf_event_max_sample_rate to %d" % (2500 + rng.randrange(10, 900), 2500, rng.choice([79500, 63000, 50000])),
        lambda: "hrtimer: interrupt took %d ns" % rng.randrange(20000, 90000),
        lambda: "INFO: NMI handler (perf_event_nmi_handler) took too long to run: %d.%03d msecs" % (rng.randrange(1, 4), rng.randrange(1000)),
        lambda: "workqueue: drm_fb_helper_damage_work hogged CPU for >10000us %d times, consider switching to WQ_UNBOUND" % rng.randrange(4, 64),
    ]
    out = []
    for i in range(n):
        tt = add(t0, int(span * i / max(n, 1)) + rng.randrange(0, max(1, span // max(n, 1))))
        out.append((tt, rng.choice(pool)()))
    for msg in (extra_pool or []):
        out.append((add(t0, rng.randrange(0, max(1, span // 3))), msg))
    return out


def fmt_kern(events, style, host, boot=None):
    """events: list of (datetime, msg) sorted; style T=dmesg -T, S=syslog, J=journalctl -k"""
    events = sorted(events, key=lambda e: e[0])
    L = []
    for (t, m) in events:
        if style == "T":
            L.append("%s %s" % (dmesg_T(t), m))
        elif style == "S":
            up = (t - boot).total_seconds() if boot else 0
            L.append("%s %s kernel: [%12.6f] %s" % (syslog_ts(t), host, up, m))
        else:
            L.append("%s %s kernel: %s" % (syslog_ts(t), host, m))
    return L


def megatron_iter(t, it, total, ms, lr, loss, gbs, tflops=None, ls=None, gn=None):
    s = " [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f |" % (t.strftime("%Y-%m-%d %H:%M:%S"), it, total, it * gbs, ms)
    if tflops:
        s += " throughput per GPU (TFLOP/s/GPU): %.1f |" % tflops
    s += " learning rate: %.6E | global batch size: %5d | lm loss: %.6E |" % (lr, gbs, loss)
    if ls is not None:
        s += " loss scale: %.1f |" % ls
    if gn is not None:
        s += " grad norm: %.3f |" % gn
    s += " number of skipped iterations:   0 | number of nan iterations:   0 |"
    return s


def torchrun_banner(t, agent_pid, rng):
    g = glog_us(t, "W", rng)
    return ["%s %d torch/distributed/run.py:779] " % (g, agent_pid),
            "%s %d torch/distributed/run.py:779] *****************************************" % (g, agent_pid),
            "%s %d torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (g, agent_pid),
            "%s %d torch/distributed/run.py:779] *****************************************" % (g, agent_pid)]


def megatron_startup(t, world, tp, pp, dp, rng, model="GPT", extra=None, gbs=1024, log_interval=50, timeout_min=10):
    L = ["using world size: %d, data-parallel size: %d, context-parallel size: 1, tensor-model-parallel size: %d, pipeline-model-parallel size: %d " % (world, dp, tp, pp),
         "using torch.bfloat16 for parameters ...",
         "------------------------ arguments ------------------------",
         "  accumulate_allreduce_grads_in_fp32 .............. True",
         "  bf16 ............................................ True",
         "  distributed_backend ............................. nccl",
         "  distributed_timeout_minutes ..................... %d" % timeout_min,
         "  global_batch_size ............................... %d" % gbs,
         "  log_interval .................................... %d" % log_interval,
         "  micro_batch_size ................................ 2",
         "  num_layers ...................................... 48",
         "  hidden_size ..................................... 6144",
         "  seq_length ...................................... 4096",
         "  tensor_model_parallel_size ...................... %d" % tp,
         "  pipeline_model_parallel_size .................... %d" % pp,
         "  use_distributed_optimizer ....................... True",
         "-------------------- end of arguments ---------------------",
         "> initializing torch distributed ...",
         "> initialized tensor model parallel with size %d" % tp,
         "> initialized pipeline model parallel with size %d" % pp,
         "> setting random seeds to 1234 ...",
         "> compiling dataset index builder ...",
         "make: Entering directory '/workspace/Megatron-LM/megatron/core/datasets'",
         "make: Nothing to be done for 'default'.",
         "make: Leaving directory '/workspace/Megatron-LM/megatron/core/datasets'",
         ">>> done with dataset index builder. Compilation time: 0.071 seconds",
         "> compiling and loading fused kernels ...",
         ">>> done with compiling and loading fused kernels. Compilation time: 2.114 seconds",
         "time to initialize megatron (seconds): %.3f" % (30 + rng.random() * 20),
         "[after megatron is initialized] datetime: %s " % add(t, 45).strftime("%Y-%m-%d %H:%M:%S"),
         "building %s model ..." % model,
         " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 2251038720",
         "[after model, optimizer, and learning rate scheduler are built] datetime: %s " % add(t, 71).strftime("%Y-%m-%d %H:%M:%S"),
         "> building train, validation, and test datasets ...",
         " > datasets target sizes (minimum size):",
         "    train:      102400000",
         "    validation: 1024000",
         "    test:       10240",
         "[after dataloaders are built] datetime: %s " % add(t, 96).strftime("%Y-%m-%d %H:%M:%S"),
         "done with setup ...",
         "training ...",
         "[before the start of training step] datetime: %s " % add(t, 97).strftime("%Y-%m-%d %H:%M:%S")]
    return L + (extra or [])


def ib_remote_error_block(host, pid, tid, lr, peer, status, vendor, which, nccl_ver, localgid, remotegid):
    return [
        "",
        "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s with status=%d opcode=0 len=0 vendor err %d (%s) localGid %s remoteGids %s" % (host, pid, tid, lr, peer, status, vendor, which, localgid, remotegid),
        "%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (host, pid, tid, lr),
        "%s:%d:%d [%d] NCCL INFO proxy.cc:694 -> 6" % (host, pid, tid, lr),
        "%s:%d:%d [%d] NCCL INFO proxy.cc:874 -> 6 [Progress Thread]" % (host, pid, tid, lr),
    ]


def remote_error_torch(rank, t, rng, nccl_ver, last_error, pg="0", lib=TORCH_LIB):
    return [
        "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG %s Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version %s" % (rank, glog(t, "E", rng), pg, rank, nccl_ver),
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        last_error,
        "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1891 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f3e6b97a897 in %s/libc10.so)" % lib,
        "frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 (0x7f3e6cc53a10 in %s/libtorch_cuda.so)" % lib,
        "frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (0x7f3e6cc53c5c in %s/libtorch_cuda.so)" % lib,
        "frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x180 (0x7f3e6cc58a60 in %s/libtorch_cuda.so)" % lib,
        "frame #4: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f3e6cc59dcc in %s/libtorch_cuda.so)" % lib,
        "frame #5: <unknown function> + 0xdc253 (0x7f3eb86b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #6: <unknown function> + 0x94ac3 (0x7f3eb9e0cac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #7: <unknown function> + 0x126850 (0x7f3eb9e9e850 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG %s Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version %s" % (pg, rank, nccl_ver),
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        last_error,
    ]


def ip_of(prefix, i):
    return "%s.%d" % (prefix, i)


# ==========================================================================
# cases
# ==========================================================================
@case
def bm01():
    rng = random.Random(6801)
    name = "bm01_error12_after_hours_of_training"
    hosts = ["gpu-b%02d" % i for i in range(1, 9)]
    gpn, nn = 8, 8
    world = gpn * nn
    bad = "gpu-b05"
    bad_i = hosts.index(bad)
    ips = {h: "10.12.0.%d" % (40 + i + 1) for i, h in enumerate(hosts)}
    lab = label("network", "infrastructure", bad, None, "restart_without_node",
                "Only gpu-b05 logs 'NET/IB : Got async event : port error' and its dmesg/ibstat show mlx5_3 flapping then Down with LinkDownedCounter climbing; every error-12 completion on the other nodes names gpu-b05's IP (10.12.0.45) as peer, so the flapping HCA port on gpu-b05 is the cause.",
                "https://github.com/NVIDIA/nccl/issues/905")
    b = Bundle(name, lab)
    jobid = 884213
    t0 = T(2024, 3, 11, 22, 5, 12)
    t_fail = T(2024, 3, 12, 1, 38, 40)
    ver = "2.18.5+cuda12.2"
    pids_by = {}
    for i, h in enumerate(hosts):
        agent = rng.randrange(100000, 200000)
        pids = mkpids(rng, gpn)
        pids_by[h] = (agent, pids)
        L = ["+ srun torchrun --nnodes=8 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=gpu-b01:29500 pretrain_gpt.py ..."] if i == 0 else []
        L += torchrun_banner(add(t0, 2), agent, rng)
        L += nccl_init_node(h, i, gpn, nn, pids, rng, net="IB", oob=("ib0", ips[h]), version=ver)
        if i == 0:
            L += megatron_startup(add(t0, 20), world, 8, 1, 8, rng)
            it = 0
            tt = add(t0, 120)
            while tt < add(t_fail, -95):
                it += 50
                tt = add(tt, 50 * 1.93 + rng.random())
                L.append(megatron_iter(tt, it, 120000, 1930 + rng.random() * 25, 3.0e-4 * min(1, it / 2000.0), 2.9 - it / 20000.0 + rng.random() * 0.02, 1024, tflops=402 + rng.random() * 4, gn=0.3 + rng.random() * 0.1))
        ch = []
        if h == bad:
            for k in range(6):
                tt = add(t_fail, -72 + k * 9)
                ch.append("%s:%d:%d [3] NCCL WARN NET/IB : Got async event : port error" % (h, pids[3], pids[3] + 1300))
                if k % 2:
                    ch.append("%s:%d:%d [3] NCCL WARN NET/IB : Got async event : port active" % (h, pids[3], pids[3] + 1300))
            ch += ib_remote_error_block(h, pids[3], pids[3] + 1222, 3, "%s<48213>" % ips["gpu-b06"], 12, 129, "Send", ver, "fe80::a088:c203:74:cf3d", "fe80::a088:c203:74:d011")
            ch += remote_error_torch(35, t_fail, rng, ver.split("+")[0], "NET/IB : Got completion from peer %s<48213> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid fe80::a088:c203:74:cf3d remoteGids fe80::a088:c203:74:d011" % ips["gpu-b06"])
        elif h in ("gpu-b04", "gpu-b06"):
            lr = 7 if h == "gpu-b04" else 0
            rk = i * gpn + lr
            ch += ib_remote_error_block(h, pids[lr], pids[lr] + 1190, lr, "%s<%d>" % (ips[bad], rng.randrange(33000, 60000)), 12, 129, "Recv" if lr == 0 else "Send", ver, "fe80::a088:c203:74:%s" % hexid(rng, 4), "fe80::a088:c203:74:cf3d")
            ch += remote_error_torch(rk, add(t_fail, 1), rng, ver.split("+")[0], "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (%s) localGid fe80::a088:c203:74:%s remoteGids fe80::a088:c203:74:cf3d" % (ips[bad], rng.randrange(33000, 60000), "Recv" if lr == 0 else "Send", hexid(rng, 4)))
        # everyone else: watchdog timeouts 10 min later (sympathetic) unless killed first
        tw = add(t_fail, 600 + rng.randrange(0, 3))
        sym = []
        if h not in (bad, "gpu-b04", "gpu-b06"):
            for lr in range(gpn):
                rk = i * gpn + lr
                if lr % 3 == 0 or h in ("gpu-b01", "gpu-b08"):
                    sym.append(watchdog_new(rk, tw, 101884, "_REDUCE_SCATTER_BASE", 117440512, 14680064, 600000, 600000 + rng.randrange(10, 90), rng, with_frames=(lr == 0)))
            tend = add(tw, 3)
        else:
            tend = add(t_fail, 4)
        L += ch
        for s in sym:
            L += s
        first_lr = 3 if h == bad else (7 if h == "gpu-b04" else (0 if h == "gpu-b06" else 0))
        others = [p for k, p in enumerate(pids) if k != first_lr]
        L += elastic_sigterm(tend, agent, others, rng)
        L += elastic_failed(add(tend, 2), agent, -6, first_lr, pids[first_lr])
        root = dict(time=add(tend, -1 if h in (bad, "gpu-b04", "gpu-b06") else 0), host=h, rank=i * gpn + first_lr, lr=first_lr, exitcode=-6, pid=pids[first_lr])
        fails = [dict(time=add(tend, 2), host=h, rank=i * gpn + k, lr=k, exitcode=-15, pid=pids[k]) for k in range(gpn) if k != first_lr][:3]
        L += child_failed("pretrain_gpt.py", fails, root)
        if h == bad:
            L += ["srun: error: %s: task %d: Exited with exit code 1" % (h, i)]
        b.add("%s/torchrun-%d.log" % (h, jobid), L)
    # kernel logs
    boot = T(2024, 3, 2, 9, 12, 0)
    ev = dmesg_noise(add(t0, -3600 * 30), 3600 * 33, rng, bad, n=30)
    for k in range(14):
        tt = add(t_fail, -330 + k * 27)
        if k % 2 == 0:
            ev.append((tt, "mlx5_core 0000:9a:00.0: Port module event[error]: module 3, Cable error, Bad or shorted cable/module"))
            ev.append((add(tt, 1), "mlx5_core 0000:9a:00.0 ibp154s0: Link down"))
        else:
            ev.append((tt, "mlx5_core 0000:9a:00.0: Port module event: module 3, Cable plugged"))
            ev.append((add(tt, 2), "mlx5_core 0000:9a:00.0 ibp154s0: Link up"))
    ev.append((add(t_fail, 80), "mlx5_core 0000:9a:00.0: Port module event[error]: module 3, Cable error, Bad or shorted cable/module"))
    ev.append((add(t_fail, 81), "mlx5_core 0000:9a:00.0 ibp154s0: Link down"))
    b.add("%s/dmesg.txt" % bad, fmt_kern(ev, "T", bad))
    cas = []
    for k in range(8):
        if k == 3:
            cas.append(("mlx5_%d" % k, "Down", "Polling", 10, 65535, guid(rng), "InfiniBand", "28.39.1002"))
        else:
            cas.append(("mlx5_%d" % k, "Active", "LinkUp", 400, 300 + bad_i * 8 + k, guid(rng), "InfiniBand", "28.39.1002"))
    b.add("%s/ibstat.txt" % bad, ibstat(cas))
    b.add("%s/perfquery_mlx5_3.txt" % bad, [
        "# Port counters: Lid 343 port 1 (CapMask: 0x5A00)",
        "PortSelect:......................1",
        "CounterSelect:...................0x0000",
        "SymbolErrorCounter:..............65535",
        "LinkErrorRecoveryCounter:........255",
        "LinkDownedCounter:...............41",
        "PortRcvErrors:...................3112",
        "PortRcvRemotePhysicalErrors:.....0",
        "PortRcvSwitchRelayErrors:........0",
        "PortXmitDiscards:................1877",
        "PortXmitConstraintErrors:........0",
        "PortRcvConstraintErrors:.........0",
        "CounterSelect2:..................0x00",
        "LocalLinkIntegrityErrors:........14",
        "ExcessiveBufferOverrunErrors:....0",
        "VL15Dropped:.....................0",
        "PortXmitData:....................2877146813247",
        "PortRcvData:.....................2871005126612",
        "PortXmitPkts:....................6115003811",
        "PortRcvPkts:.....................6109923115",
        "PortXmitWait:....................81120071",
    ])
    for h in ("gpu-b02", "gpu-b06"):
        hi = hosts.index(h)
        b.add("%s/ibstat.txt" % h, ibstat([("mlx5_%d" % k, "Active", "LinkUp", 400, 300 + hi * 8 + k, guid(rng), "InfiniBand", "28.39.1002") for k in range(8)]))
        ev2 = dmesg_noise(add(t0, -3600 * 40), 3600 * 43, rng, h, n=22, extra_pool=["mlx5_core 0000:3b:00.0: Port module event: module 0, Cable plugged"])
        b.add("%s/dmesg.txt" % h, fmt_kern(ev2, "T", h))
    b.add("sacct.txt", sacct(jobid, "gpt-7b-pt", "mli", [
        ("", "gpt-7b-pt", "h100", "FAILED", "1:0", "03:44:02", "gpu-b[01-08]"),
        (".batch", "batch", "", "FAILED", "1:0", "03:44:02", "gpu-b01"),
        (".extern", "extern", "", "COMPLETED", "0:0", "03:44:02", "gpu-b[01-08]"),
        (".0", "torchrun", "", "FAILED", "1:0", "03:43:51", "gpu-b[01-08]")]))
    return b


def std_console(h, i, gpn, nn, rng, agent, pids, t0, ncclkw, train=None, tail=None, first_lr=None,
                first_code=-6, t_end=None, script="train.py", first_time=None, header=None, nfail=3, tbkw=None):
    L = list(header or [])
    L += torchrun_banner(add(t0, 2), agent, rng)
    L += nccl_init_node(h, i, gpn, nn, pids, rng, **ncclkw)
    if train:
        L += train
    if tail:
        L += tail
    if first_lr is not None:
        others = [p for k, p in enumerate(pids) if k != first_lr]
        L += elastic_sigterm(t_end, agent, others, rng)
        L += elastic_failed(add(t_end, 2), agent, first_code, first_lr, pids[first_lr])
        root = dict(time=first_time or t_end, host=h, rank=i * gpn + first_lr, lr=first_lr, exitcode=first_code, pid=pids[first_lr])
        fails = [dict(time=add(t_end, 2), host=h, rank=i * gpn + k, lr=k, exitcode=-15, pid=pids[k]) for k in range(gpn) if k != first_lr][:nfail]
        L += child_failed(script, fails, root, **(tbkw or {}))
    return L


def megatron_train(t_start, t_stop, rng, ms, total=200000, every=50, gbs=1024, it0=0, lr=3e-4, loss0=2.9, tflops=None, ls=None, slow=None):
    """slow: optional function(t) -> multiplier"""
    out = []
    it = it0
    tt = t_start
    while True:
        mult = slow(tt) if slow else 1.0
        step_ms = ms * mult * (1 + rng.random() * 0.012)
        nt = add(tt, every * step_ms / 1000.0)
        if nt > t_stop:
            break
        tt = nt
        it += every
        out.append(megatron_iter(tt, it, total, step_ms, lr * min(1.0, it / 2000.0), loss0 - it / 60000.0 + rng.random() * 0.03, gbs,
                                 tflops=(tflops / mult if tflops else None), ls=ls, gn=0.25 + rng.random() * 0.2))
    return out, tt, it


def kubectl_events(rows):
    L = ["LAST SEEN   TYPE      REASON              OBJECT                                   MESSAGE"]
    for r in rows:
        L.append("%-11s %-9s %-19s %-40s %s" % r)
    return L


@case
def bm02():
    rng = random.Random(6802)
    name = "bm02_status12_across_many_nodes"
    hosts = ["h100-r2-%02d" % i for i in range(1, 17)]
    gpn, nn = 8, 16
    leaves = {"leaf-r2-a": hosts[0:4], "leaf-r2-b": hosts[4:8], "leaf-r2-c": hosts[8:12], "leaf-r2-d": hosts[12:16]}
    ips = {h: "29.87.4.%d" % (200 + i) for i, h in enumerate(hosts)}
    lab = label("network", "infrastructure", None, None, "restart",
                "Error-12 (retry exceeded) completions hit ranks on 11 of 16 nodes under all four leaf switches in the same second, while every node's RoCE NICs stay up with no local link events; the fabric syslog shows spine-r2-03 uplinks flapping and PFC watchdog storms at exactly that time and recovering minutes later - a shared fabric fault, no single node to blame.",
                "https://github.com/NVIDIA/nccl/issues/1814")
    b = Bundle(name, lab)
    b.add("topology.json", json.dumps({"topology": leaves}, indent=2, sort_keys=True))
    b.add("fabric_inventory.txt", ["# every leaf has one uplink to each spine"] + ["%s -> spine-r2-01 spine-r2-02 spine-r2-03 spine-r2-04" % lf for lf in sorted(leaves)])
    jobid = 5120771
    t0 = T(2024, 9, 17, 21, 40, 3)
    tf = T(2024, 9, 18, 2, 14, 7)
    ver = "2.21.5+cuda12.4"
    env = ["NCCL_IB_TC set by environment to 128.", "NCCL_IB_TIMEOUT set by environment to 18.", "NCCL_IB_RETRY_CNT set by environment to 15.", "NCCL_IB_GID_INDEX set by environment to 3."]
    hit = [h for k, h in enumerate(hosts) if k not in (2, 6, 9, 13, 15)]
    for i, h in enumerate(hosts):
        agent = rng.randrange(100000, 200000)
        pids = mkpids(rng, gpn)
        train = None
        if i == 0:
            train, _, _ = megatron_train(add(t0, 130), add(tf, -20), rng, 2870, every=100, tflops=388)
            train = megatron_startup(add(t0, 25), nn * gpn, 8, 2, 8, rng, log_interval=100) + train
        tail = []
        first = None
        if h in hit:
            lrs = sorted(rng.sample(range(gpn), 2))
            for lr in lrs:
                peer = hosts[(i + 5 + lr) % nn]
                tail += ["", "[%s] %s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s" % (tf.strftime("%Y-%m-%d %H:%M:%S"), h, pids[lr], pids[lr] + 2001, lr, ips[peer], rng.randrange(30000, 60000), ips[h], ips[peer]),
                         "%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (h, pids[lr], pids[lr] + 2001, lr),
                         "%s:%d:%d [%d] NCCL INFO proxy.cc:694 -> 6" % (h, pids[lr], pids[lr] + 2001, lr),
                         "%s:%d:%d [%d] NCCL INFO proxy.cc:874 -> 6 [Progress Thread]" % (h, pids[lr], pids[lr] + 2001, lr)]
            lr = lrs[0]
            peer = hosts[(i + 5 + lr) % nn]
            tail += remote_error_torch(i * gpn + lr, add(tf, 1), rng, "2.21.5", "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s" % (ips[peer], rng.randrange(30000, 60000), ips[h], ips[peer]))
            first = lr
            tend = add(tf, 5)
        else:
            tw = add(tf, 600)
            for lr in (0, 4):
                tail += watchdog_new(i * gpn + lr, tw, 77102, "ALLREDUCE", 262144000, 262144000, 600000, 600000 + rng.randrange(5, 60), rng, with_frames=(lr == 0))
            first = 0
            tend = add(tw, 2)
        L = std_console(h, i, gpn, nn, rng, agent, pids, t0, dict(net="RoCE", oob=("bond0", ips[h]), version=ver, env_lines=env, hcas=["mlx5_%d:1" % k for k in range(gpn)]),
                        train=train, tail=tail, first_lr=first, t_end=tend, script="pretrain_gpt.py", first_time=add(tend, -3))
        b.add("%s/slurm-%d-%s.out" % (h, jobid, h), L)
        if i in (0, 5, 6, 10, 14):
            ev = dmesg_noise(add(t0, -7200), 6 * 3600, rng, h, n=18)
            b.add("%s/dmesg.txt" % h, fmt_kern(ev, "T", h))
            b.add("%s/rdma_link.txt" % h, ["link mlx5_%d/1 state ACTIVE physical_state LINK_UP netdev ens%dnp0 " % (k, 10 + k) for k in range(8)])
            eth = ["NIC statistics:", "     rx_packets: %d" % rng.randrange(10**11, 10**12), "     tx_packets: %d" % rng.randrange(10**11, 10**12),
                   "     rx_discards_phy: %d" % (12 if h == "h100-r2-07" else 0), "     rx_prio3_pause: %d" % rng.randrange(100000, 900000),
                   "     tx_prio3_pause: %d" % rng.randrange(1000, 9000), "     rx_prio3_pause_duration: %d" % rng.randrange(10**6, 10**7),
                   "     link_down_events_phy: 0", "     rx_symbol_err_phy: 0", "     rx_corrected_bits_phy: %d" % rng.randrange(0, 40), "     rx_pcs_symbol_err_phy: 0"]
            b.add("%s/ethtool_S_ens13np0.txt" % h, eth)
    sw = []
    base = add(tf, -9)
    for k, port in enumerate(["Ethernet17/1", "Ethernet18/1", "Ethernet21/1", "Ethernet22/1"]):
        sw.append("%s spine-r2-03 Ebra: %%LINEPROTO-5-UPDOWN: Line protocol on Interface %s (leaf-r2-%s), changed state to down" % (add(base, k).strftime("%b %d %H:%M:%S"), port, "abcd"[k]))
    for k in range(6):
        sw.append("%s spine-r2-03 PfcWatchdog: %%PFC_WATCHDOG-4-STUCK_QUEUE: Stuck queue detected on interface Ethernet%d/1 traffic-class 3, taking action drop" % (add(base, 4 + k * 3).strftime("%b %d %H:%M:%S"), 17 + k))
    for k, port in enumerate(["Ethernet17/1", "Ethernet18/1", "Ethernet21/1", "Ethernet22/1"]):
        sw.append("%s spine-r2-03 Ebra: %%LINEPROTO-5-UPDOWN: Line protocol on Interface %s (leaf-r2-%s), changed state to up" % (add(tf, 212 + k * 7).strftime("%b %d %H:%M:%S"), port, "abcd"[k]))
    sw.append("%s spine-r2-03 PfcWatchdog: %%PFC_WATCHDOG-6-RECOVERED: Queue traffic-class 3 recovered on all interfaces" % add(tf, 260).strftime("%b %d %H:%M:%S"))
    pre = ["%s leaf-r2-%s Lldp: %%LLDP-5-NEIGHBOR_NEW: LLDP neighbor with chassisId 4c76.25e8.%s and portId \"Ethernet%d/1\" added on interface Ethernet%d/1" % (add(t0, -86400 * 3 + k * 60).strftime("%b %d %H:%M:%S"), "abcd"[k % 4], hexid(rng, 4), 17 + k, 49 + k) for k in range(4)]
    b.add("fabric_syslog.txt", pre + sw)
    b.add("sacct.txt", sacct(jobid, "gpt-20b-roce", "wangq", [("", "gpt-20b-roce", "h100", "FAILED", "1:0", "04:44:51", "h100-r2-[01-16]"),
                                                          (".batch", "batch", "", "FAILED", "1:0", "04:44:51", "h100-r2-01"),
                                                          (".0", "torchrun", "", "FAILED", "1:0", "04:44:40", "h100-r2-[01-16]")]))
    return b


@case
def bm03():
    rng = random.Random(6803)
    name = "bm03_host_not_found_at_startup"
    nodes = ["a100-pool-n04", "a100-pool-n11", "a100-pool-n12", "a100-pool-n17"]
    pods = ["llama-ft-7b-master-0", "llama-ft-7b-worker-0", "llama-ft-7b-worker-1", "llama-ft-7b-worker-2"]
    lab = label("network", "infrastructure", None, None, "restart",
                "All three worker pods fail at rendezvous because the master's headless-service name cannot be resolved (gai error -3, 'Temporary failure in name resolution'), while the master pod itself is up and waiting; kube-system events show both CoreDNS replicas OOMKilled and failing readiness in the same minutes - a transient cluster DNS outage, not the job or any one node.",
                "https://github.com/pytorch/pytorch/issues/73682")
    b = Bundle(name, lab)
    t0 = T(2024, 5, 7, 8, 31, 2)
    site = "/opt/conda/lib/python3.11/site-packages"
    # master
    m = ["+ torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=llama-ft-7b-master-0:29400 --rdzv_id=llama-ft-7b --max_restarts=0 finetune.py --config configs/llama7b_sft.yaml"]
    agent = 41
    m += torchrun_banner(add(t0, 3), agent, rng)
    m += ["I%s %d torch/distributed/elastic/agent/server/api.py:879] [default] starting workers for entrypoint: python" % (glog_us(add(t0, 4), "", rng), agent),
          "I%s %d torch/distributed/elastic/agent/server/api.py:696] [default] Rendezvous'ing worker group" % (glog_us(add(t0, 4), "", rng), agent)]
    for k in range(6):
        m.append("I%s %d torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1134] The node 'llama-ft-7b-master-0_41_0' is waiting for %d more nodes to join the rendezvous 'llama-ft-7b'." % (glog_us(add(t0, 30 + 60 * k), "", rng), agent, 3))
    m += ["E%s %d torch/distributed/elastic/agent/server/api.py:889] [default] Rendezvous failed: RendezvousTimeoutError: The node 'llama-ft-7b-master-0_41_0' has timed out waiting for the rendezvous 'llama-ft-7b' to complete." % (glog_us(add(t0, 904), "", rng), agent)]
    m += torchrun_traceback(site=site, entry="/opt/conda/bin/torchrun")[:-1] + [
        '  File "%s/torch/distributed/launcher/api.py", line 254, in launch_agent' % site,
        "    result = agent.run()",
        '  File "%s/torch/distributed/elastic/agent/server/api.py", line 680, in run' % site,
        "    result = self._invoke_run(role)",
        '  File "%s/torch/distributed/elastic/agent/server/api.py", line 829, in _invoke_run' % site,
        "    self._initialize_workers(self._worker_group)",
        '  File "%s/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1062, in next_rendezvous' % site,
        "    self._op_executor.run(join_op, deadline, self._get_deadline)",
        "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError: The node 'llama-ft-7b-master-0_41_0' has timed out waiting for the rendezvous 'llama-ft-7b' to complete."]
    b.add("%s/%s.log" % (nodes[0], pods[0]), m)
    for k in (1, 2, 3):
        w = ["+ torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=llama-ft-7b-master-0:29400 --rdzv_id=llama-ft-7b --max_restarts=0 finetune.py --config configs/llama7b_sft.yaml"]
        w += torchrun_banner(add(t0, 4 + k), 41, rng)
        tt = add(t0, 5 + k)
        for r in range(12):
            w.append("[W socket.cpp:697] [c10d] The IPv6 network addresses of (llama-ft-7b-master-0, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution).")
            if r % 3 == 2:
                w.append("[W socket.cpp:697] [c10d] The IPv4 network addresses of (llama-ft-7b-master-0, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution).")
        w += ["[E socket.cpp:957] [c10d] The client socket has timed out after 60s while trying to connect to (llama-ft-7b-master-0, 29400).",
              "E%s 41 torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py:156] The connection to the C10d store has failed." % glog_us(add(tt, 60), "", rng),
              "Traceback (most recent call last):",
              '  File "%s/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 156, in _create_tcp_store' % site,
              "    store = TCPStore(",
              "            ^^^^^^^^^",
              "torch.distributed.DistNetworkError: The client socket has timed out after 60s while trying to connect to (llama-ft-7b-master-0, 29400).",
              "",
              "The above exception was the direct cause of the following exception:",
              ""] + torchrun_traceback(site=site, entry="/opt/conda/bin/torchrun")[:7] + [
              '  File "%s/torch/distributed/run.py", line 901, in run' % site,
              "    elastic_launch(",
              '  File "%s/torch/distributed/launcher/api.py", line 133, in __call__' % site,
              "    return launch_agent(self._config, self._entrypoint, list(args))",
              '  File "%s/torch/distributed/launcher/api.py", line 240, in launch_agent' % site,
              "    rdzv_handler=rdzv_registry.get_rendezvous_handler(rdzv_parameters),",
              '  File "%s/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 250, in create_backend' % site,
              "    store = _create_tcp_store(params)",
              '  File "%s/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 176, in _create_tcp_store' % site,
              "    raise RendezvousConnectionError(",
              "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."]
        b.add("%s/%s.log" % (nodes[k], pods[k]), w)
    ev = [("%ds" % s, ty, rs, obj, msg) for (s, ty, rs, obj, msg) in [
        (1190, "Warning", "Unhealthy", "pod/coredns-5d78c9869d-8xq2v", "Readiness probe failed: HTTP probe failed with statuscode: 503"),
        (1184, "Warning", "BackOff", "pod/coredns-5d78c9869d-8xq2v", "Back-off restarting failed container coredns in pod coredns-5d78c9869d-8xq2v_kube-system"),
        (1181, "Normal", "Killing", "pod/coredns-5d78c9869d-r7kfm", "Container coredns failed liveness probe, will be restarted"),
        (1175, "Warning", "OOMKilling", "node/cpu-infra-n02", "Memory cgroup out of memory: Killed process 3311 (coredns) total-vm:814236kB, anon-rss:170112kB"),
        (1172, "Warning", "OOMKilling", "node/cpu-infra-n03", "Memory cgroup out of memory: Killed process 9027 (coredns) total-vm:809112kB, anon-rss:170040kB"),
        (1160, "Normal", "Scheduled", "pod/llama-ft-7b-master-0", "Successfully assigned default/llama-ft-7b-master-0 to a100-pool-n04"),
        (1160, "Normal", "Scheduled", "pod/llama-ft-7b-worker-0", "Successfully assigned default/llama-ft-7b-worker-0 to a100-pool-n11"),
        (1160, "Normal", "Scheduled", "pod/llama-ft-7b-worker-1", "Successfully assigned default/llama-ft-7b-worker-1 to a100-pool-n12"),
        (1160, "Normal", "Scheduled", "pod/llama-ft-7b-worker-2", "Successfully assigned default/llama-ft-7b-worker-2 to a100-pool-n17"),
        (1150, "Normal", "Started", "pod/llama-ft-7b-master-0", "Started container pytorch"),
        (1149, "Normal", "Started", "pod/llama-ft-7b-worker-1", "Started container pytorch"),
        (1140, "Warning", "Unhealthy", "pod/coredns-5d78c9869d-r7kfm", "Readiness probe failed: HTTP probe failed with statuscode: 503"),
        (1020, "Warning", "BackOff", "pod/coredns-5d78c9869d-r7kfm", "Back-off restarting failed container coredns in pod coredns-5d78c9869d-r7kfm_kube-system"),
        (980, "Warning", "Unhealthy", "pod/wandb-sync-7c9f6", "Liveness probe failed: dial tcp: lookup api.wandb.ai on 10.96.0.10:53: read udp 10.244.9.14:41012->10.96.0.10:53: i/o timeout"),
        (1079, "Warning", "Failed", "pytorchjob/llama-ft-7b", "PyTorchJob llama-ft-7b is failed because 1 Worker replica(s) failed."),
        (420, "Normal", "Started", "pod/coredns-5d78c9869d-8xq2v", "Started container coredns"),
        (410, "Normal", "Started", "pod/coredns-5d78c9869d-r7kfm", "Started container coredns")]]
    b.add("kubectl_get_events_A.txt", kubectl_events(ev))
    b.add("kubectl_get_pods_kube-system.txt", [
        "NAME                                   READY   STATUS    RESTARTS        AGE",
        "coredns-5d78c9869d-8xq2v               1/1     Running   7 (6m58s ago)   41d",
        "coredns-5d78c9869d-r7kfm               1/1     Running   6 (6m50s ago)   41d",
        "etcd-cp-01                             1/1     Running   2               212d",
        "kube-apiserver-cp-01                   1/1     Running   3               212d",
        "kube-proxy-2b7wd                       1/1     Running   0               88d",
        "nvidia-device-plugin-daemonset-q9l4x   1/1     Running   0               88d"])
    b.add("kubectl_get_pods.txt", [
        "NAME                    READY   STATUS   RESTARTS   AGE",
        "llama-ft-7b-master-0    0/1     Error    0          19m",
        "llama-ft-7b-worker-0    0/1     Error    0          19m",
        "llama-ft-7b-worker-1    0/1     Error    0          19m",
        "llama-ft-7b-worker-2    0/1     Error    0          19m"])
    cl = []
    for k in range(10):
        cl.append("[ERROR] plugin/errors: 2 llama-ft-7b-master-0.default.svc.cluster.local. A: dial tcp 10.0.0.2:53: i/o timeout" if k % 2 else "[INFO] 10.244.11.7:52110 - %d \"AAAA IN llama-ft-7b-master-0.default.svc.cluster.local. udp 77 false 512\" SERVFAIL qr,aa,rd 170 0.000143s" % rng.randrange(1000, 60000))
    cl.append("[INFO] SIGTERM: Shutting down servers then terminating")
    b.add("coredns-5d78c9869d-8xq2v.previous.log", [".:53", "[INFO] plugin/reload: Running configuration SHA512 = 591cf328cccc12bc490481273e738df59329c62c0b729d94e8b61db9961c2fa5f046dd37f1cf888b953814040d180f52594972691cd6ff41be96639138a43908", "CoreDNS-1.10.1", "linux/amd64, go1.20, 055b2c3"] + cl)
    return b


@case
def bm04():
    rng = random.Random(6804)
    name = "bm04_ofi_request_completed_with_error"
    hosts = ["ip-10-1-33-70", "ip-10-1-35-12", "ip-10-1-41-206", "ip-10-1-44-9"]
    gpn, nn = 8, 4
    bad = "ip-10-1-41-206"
    lab = label("network", "infrastructure", bad, None, "restart_without_node",
                "The only NET/OFI completion errors come from ranks 20 and 21 on ip-10-1-41-206, both bound to efa_2; that node's kernel log shows efa_2 admin commands failing and the device going away, and fi_info there lists 3 EFA devices instead of 4, while the other nodes only show sympathetic watchdog timeouts.",
                "https://github.com/aws/aws-ofi-nccl/issues/161")
    b = Bundle(name, lab)
    t0 = T(2024, 8, 15, 0, 2, 41)
    tf = T(2024, 8, 15, 3, 21, 9)
    ver = "2.18.5+cuda12.2"
    jobid = 2211
    for i, h in enumerate(hosts):
        agent = rng.randrange(30000, 90000)
        pids = mkpids(rng, gpn)
        ip = h[3:].replace("-", ".")
        train = None
        if i == 0:
            train = []
            tt = add(t0, 140)
            step = 0
            while tt < add(tf, -30):
                step += 10
                tt = add(tt, 10 * 3.42 + rng.random())
                train.append("[rank0]:%s - INFO - step %d | loss %.4f | lr %.3e | grad_norm %.3f | tokens/s/gpu %d" % (pyts(tt, rng), step, 2.41 - step / 40000.0 + rng.random() * 0.05, 2e-4, 0.8 + rng.random() * 0.3, 2980 + rng.randrange(0, 60)))
        tail = []
        first = 0
        if h == bad:
            for lr in (4, 5):
                tail += ["", "%s:%d:%d [%d] ofi_process_cq:1066 NCCL WARN NET/OFI Request 0x7f2c%s completed with error. RC: 5. Error: Input/output error. Completed length: 0, Request: { dev: 2, size: 0, state: CREATED, direction: SEND }" % (h, pids[lr], pids[lr] + 811, lr, hexid(rng, 8)),
                         "%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 2" % (h, pids[lr], pids[lr] + 811, lr),
                         "%s:%d:%d [%d] NCCL INFO proxy.cc:694 -> 2" % (h, pids[lr], pids[lr] + 811, lr),
                         "%s:%d:%d [%d] NCCL INFO proxy.cc:874 -> 2 [Progress Thread]" % (h, pids[lr], pids[lr] + 811, lr)]
            tail += ["[rank20]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 Rank 20] NCCL watchdog thread terminated with exception: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.5" % glog(add(tf, 1), "E", rng),
                     "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ",
                     "Last error:",
                     "NET/OFI Request 0x7f2c3a1e90c0 completed with error. RC: 5. Error: Input/output error. Completed length: 0, Request: { dev: 2, size: 0, state: CREATED, direction: SEND }",
                     "terminate called after throwing an instance of 'c10::DistBackendError'"]
            first = 4
            tend = add(tf, 4)
        else:
            tw = add(tf, 1800)
            for lr in (0, 3, 6):
                tail += watchdog_new(i * gpn + lr, tw, 61207, "ALLREDUCE", 50331648, 50331648, 1800000, 1800000 + rng.randrange(10, 80), rng, with_frames=(lr == 0))
            tend = add(tw, 2)
        L = std_console(h, i, gpn, nn, rng, agent, pids, t0, dict(net="OFI", oob=("ens32", ip), version=ver, bus=BUS_A100,
                        plugin_line=["NET/Plugin: Loaded net plugin AWS Libfabric (v6)", "NET/Plugin: Failed to find ncclCollNetPlugin_v6 symbol."]),
                        train=train, tail=tail, first_lr=first, t_end=tend, script="train_fsdp.py", first_time=add(tend, -3))
        b.add("%s/torchrun-%d.log" % (h, jobid), L)
    ev = dmesg_noise(add(t0, -3600 * 20), 3600 * 24, rng, bad, n=20, extra_pool=["efa 0000:90:1c.0: Setup irqs:0x1 budget:1"])
    ev += [(add(tf, -2), "infiniband efa_2: Failed to process command MODIFY_QP (opcode 2) comp_status 1 err -5"),
           (add(tf, -2), "infiniband efa_2: Failed to modify qp-%d modify mask[%#x] [-5]" % (rng.randrange(10, 99), 0x1f)),
           (add(tf, -1), "efa 0000:90:1c.0: Admin command DESTROY_QP (opcode 4) timed out (no completion), status 0"),
           (add(tf, 3), "infiniband efa_2: Failed to process command DESTROY_QP (opcode 4) comp_status 1 err -5"),
           (add(tf, 9), "efa 0000:90:1c.0: Device reset requested"),
           (add(tf, 40), "efa 0000:90:1c.0: Failed to init admin queue, err -110"),
           (add(tf, 40), "efa: probe of 0000:90:1c.0 failed with error -110")]
    b.add("%s/dmesg.txt" % bad, fmt_kern(ev, "T", bad))
    def fi(devs):
        L = []
        for d in devs:
            L += ["provider: efa", "    fabric: efa", "    domain: %s-rdm" % d, "    version: 120.0", "    type: FI_EP_RDM", "    protocol: FI_PROTO_EFA"]
        return L
    b.add("%s/fi_info_efa.txt" % bad, fi(["efa_0", "efa_1", "efa_3"]))
    b.add("%s/fi_info_efa.txt" % hosts[1], fi(["efa_0", "efa_1", "efa_2", "efa_3"]))
    ev2 = dmesg_noise(add(t0, -3600 * 20), 3600 * 24, rng, hosts[1], n=20, extra_pool=["efa 0000:a0:1c.0: Setup irqs:0x1 budget:1"])
    b.add("%s/dmesg.txt" % hosts[1], fmt_kern(ev2, "T", hosts[1]))
    b.add("sacct.txt", sacct(jobid, "fsdp-13b", "ubuntu", [("", "fsdp-13b", "p4d", "FAILED", "1:0", "03:48:37", "queue1-dy-p4d-[1-4]"),
                                                        (".0", "torchrun", "", "FAILED", "1:0", "03:48:30", "queue1-dy-p4d-[1-4]")]))
    return b


def mlxlink(dev, speed, width, recommendation="No issue was observed", fw="20.39.1002"):
    return ["", "Operational Info", "----------------",
            "State                           : Active",
            "Physical state                  : LinkUp",
            "Speed                           : %s" % speed,
            "Width                           : %s" % width,
            "FEC                             : Standard LL RS-FEC - RS(271,257)",
            "Loopback Mode                   : No Loopback",
            "Auto Negotiation                : ON", "",
            "Supported Info", "--------------",
            "Enabled Link Speed              : 0x000000f0 (HDR,EDR,FDR,FDR10)",
            "Supported Cable Speed           : 0x000000f0 (HDR,EDR,FDR,FDR10)", "",
            "Troubleshooting Info", "--------------------",
            "Status Opcode                   : 0",
            "Group Opcode                    : N/A",
            "Recommendation                  : %s" % recommendation, "",
            "Tool Information", "----------------",
            "Firmware Version                : %s" % fw,
            "MFT Version                     : mft 4.26.1-3",
            "Device                          : %s" % dev]


def nccl_tests_out(hosts, gpn, rng, busbw_peak, sizes=None, model="NVIDIA A100-SXM4-80GB", ver="2.18.5+cuda12.2"):
    sizes = sizes or [2 ** k for k in range(20, 34)]
    L = ["# nThread 1 nGpus %d minBytes %d maxBytes %d step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0" % (gpn, sizes[0], sizes[-1]),
         "#", "# Using devices"]
    r = 0
    for h in hosts:
        for g in range(gpn):
            L.append("#  Rank %2d Group  0 Pid %6d on %10s device  %d [0x%s] %s" % (r, rng.randrange(10000, 99999), h, g, BUS_A100[g][:-3].zfill(2), model))
            r += 1
    L += ["#", "#                                                              out-of-place                       in-place          ",
          "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong",
          "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       "]
    n = len(hosts) * gpn
    tot = 0.0
    for s in sizes:
        frac = min(1.0, (s / float(2 ** 29)) ** 0.45)
        bb = busbw_peak * frac * (0.97 + rng.random() * 0.03)
        ab = bb * n / (2.0 * (n - 1))
        tm = s / (ab * 1e3)
        bb2 = bb * (0.98 + rng.random() * 0.03)
        ab2 = bb2 * n / (2.0 * (n - 1))
        L.append("%12d  %12d     float     sum      -1  %7.1f  %6.2f  %6.2f      0  %7.1f  %6.2f  %6.2f      0" % (s, s // 4, tm, ab, bb, s / (ab2 * 1e3), ab2, bb2))
        tot += bb
    L += ["# Out of bounds values : 0 OK", "# Avg bus bandwidth    : %.4f " % (tot / len(sizes)), "#"]
    return L


@case
def bm05():
    rng = random.Random(6805)
    name = "bm05_iterations_half_speed_no_errors"
    hosts = ["dgx-c11", "dgx-c12", "dgx-c13", "dgx-c14"]
    gpn, nn = 8, 4
    bad = "dgx-c14"
    lab = label("straggler", "infrastructure", bad, None, "restart_without_node",
                "The job is running 50% slower than the same config last week and every rank waits in grads-reduce-scatter; dgx-c14 is the only node whose mlx5_2 and mlx5_6 negotiated Rate 100 (mlxlink: HDR at width 2x) instead of 200, and nccl-tests only lose half their bus bandwidth when dgx-c14 is in the set.",
                "https://github.com/NVIDIA/nccl/issues/307")
    b = Bundle(name, lab)
    t0 = T(2024, 6, 3, 9, 12, 30)
    tnow = T(2024, 6, 3, 13, 40, 0)
    jobid = 771902
    ips = {h: "10.31.4.%d" % (11 + i) for i, h in enumerate(hosts)}
    for i, h in enumerate(hosts):
        agent = rng.randrange(30000, 90000)
        pids = mkpids(rng, gpn)
        train = None
        if i == 0:
            train, _, _ = megatron_train(add(t0, 140), tnow, rng, 2160, every=20, gbs=512, tflops=141)
            timers = []
            for k in range(0, len(train), 25):
                timers += ["(min, max) time across ranks (ms):",
                           "    forward-backward ...............................: (%.2f, %.2f)" % (1301 + rng.random() * 8, 1322 + rng.random() * 8),
                           "    layernorm-grads-all-reduce .....................: (0.03, 0.05)",
                           "    embedding-grads-all-reduce .....................: (0.02, 0.04)",
                           "    all-grads-sync .................................: (%.2f, %.2f)" % (31 + rng.random(), 33 + rng.random()),
                           "    params-all-gather ..............................: (%.2f, %.2f)" % (311 + rng.random() * 5, 322 + rng.random() * 5),
                           "    optimizer-copy-to-main-grad ....................: (4.81, 5.02)",
                           "    optimizer-inner-step ...........................: (11.02, 11.40)",
                           "    grads-reduce-scatter ...........................: (%.2f, %.2f)" % (455 + rng.random() * 9, 471 + rng.random() * 9),
                           "    optimizer ......................................: (%.2f, %.2f)" % (333 + rng.random() * 3, 340 + rng.random() * 3)]
            merged = []
            for k, ln in enumerate(train):
                merged.append(ln)
                if k % 25 == 24:
                    merged += timers[:10]
                    timers = timers[10:]
            train = megatron_startup(add(t0, 20), 32, 4, 1, 8, rng, gbs=512, log_interval=20) + merged
        L = std_console(h, i, gpn, nn, rng, agent, pids, t0, dict(net="IB", oob=("ib0", ips[h]), version="2.18.5+cuda12.2", bus=BUS_A100,
                        hcas=["mlx5_%d:1" % k for k in range(8)]), train=train, script="pretrain_gpt.py")
        b.add("%s/slurm-%d.out" % (h, jobid) if i == 0 else "%s/torchrun-%d.log" % (h, jobid), L)
        cas = []
        for k in range(8):
            rate = 100 if (h == bad and k in (2, 6)) else 200
            cas.append(("mlx5_%d" % k, "Active", "LinkUp", rate, 120 + i * 8 + k, guid(rng), "InfiniBand", "20.39.1002"))
        b.add("%s/ibstat.txt" % h, ibstat(cas))
    b.add("%s/mlxlink_mlx5_2.txt" % bad, mlxlink("mlx5_2", "IB-HDR", "2x", recommendation="Bad signal integrity - consider cleaning or replacing the cable (lanes 2,3 down)"))
    b.add("%s/mlxlink_mlx5_6.txt" % bad, mlxlink("mlx5_6", "IB-HDR", "2x", recommendation="Bad signal integrity - consider cleaning or replacing the cable (lanes 2,3 down)"))
    b.add("%s/mlxlink_mlx5_2.txt" % hosts[1], mlxlink("mlx5_2", "IB-HDR", "4x"))
    b.add("%s/dmesg.txt" % bad, fmt_kern(dmesg_noise(add(t0, -3600 * 50), 3600 * 54, rng, bad, n=24), "T", bad))
    b.add("user_report.txt", ["From: r.okafor", "Subject: job 771902 much slower than last week",
                              "",
                              "Same config (GPT 13B, TP4 x DP8, 4 nodes) ran at ~1420 ms/iter on job 765511 last Tuesday",
                              "(dgx-c[07-10]). Today on dgx-c[11-14] it sits at ~2160 ms/iter from the very first step.",
                              "No errors, nothing in the log. Leaving it running so you can look."])
    b.add("nccl_tests_by_admin.txt", ["### all_reduce_perf across dgx-c[11-14], 1 GPU/node, run while job 771902 was suspended (13:31-13:38)", ""]
          + ["$ mpirun -np 4 -H dgx-c11,dgx-c12,dgx-c13,dgx-c14 -x NCCL_IB_HCA=mlx5_2 ./all_reduce_perf -b 1M -e 8G -f 2 -g 1"]
          + nccl_tests_out(hosts, 1, rng, 12.1) + ["", "$ mpirun -np 3 -H dgx-c11,dgx-c12,dgx-c13 -x NCCL_IB_HCA=mlx5_2 ./all_reduce_perf -b 1M -e 8G -f 2 -g 1"]
          + nccl_tests_out(hosts[:3], 1, rng, 23.6))
    b.add("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                         "            771902       dgx gpt13b-d  rokafor  R    4:27:30      4 dgx-c[11-14]"])
    return b


@case
def bm06():
    rng = random.Random(6806)
    name = "bm06_training_slower_than_expected"
    hosts = ["se02gn284", "se02gn404", "se02gn632", "se02gn641", "se02gn644", "se02gn678", "se02gn684", "se02gn699"]
    gpn, nn = 8, 8
    bad = "se02gn644"
    lab = label("straggler", "infrastructure", bad, None, "run_diagnostics",
                "Pairwise all_reduce_perf shows ~49 GB/s for every pair that contains se02gn644 and ~87 GB/s for every other pair, including pairs crossing the same TORs, but nothing on se02gn644 explains it: links are Active at full rate with clean counters, clocks/PCIe are normal, dcgmi diag passes and its topology dump is identical to a fast node - one slow node with no visible cause.",
                "https://github.com/NVIDIA/nccl-tests/issues/106")
    b = Bundle(name, lab)
    t0 = T(2022, 5, 19, 15, 2, 0)
    tnow = T(2022, 5, 19, 19, 10, 0)
    jobid = 3304112
    ips = {h: "10.8.%d.%d" % (int(h[-3]), int(h[-2:])) for h in hosts}
    for i, h in enumerate(hosts):
        agent = rng.randrange(30000, 90000)
        pids = mkpids(rng, gpn)
        train = None
        if i == 0:
            train, _, _ = megatron_train(add(t0, 150), tnow, rng, 3240, every=20, gbs=2048, tflops=96)
            train = megatron_startup(add(t0, 20), 64, 2, 1, 32, rng, gbs=2048, log_interval=20) + train
        L = std_console(h, i, gpn, nn, rng, agent, pids, t0, dict(net="IB", oob=("ib0", ips[h]), version="2.12.10+cuda11.6", bus=BUS_A100,
                        hcas=["mlx5_%d:1" % k for k in (0, 1, 2, 3, 6, 7, 8, 9)]), train=train, script="pretrain_gpt.py")
        b.add("%s/torchrun-%d.log" % (h, jobid), L)
        b.add("%s/ibstat.txt" % h, ibstat([("mlx5_%d" % k, "Active", "LinkUp", 200, 40 + i * 10 + k, guid(rng), "InfiniBand", "20.32.1010") for k in (0, 1, 2, 3, 6, 7, 8, 9)]))
    pairs = [("se02gn644", "se02gn699", 49.36), ("se02gn632", "se02gn641", 88.36), ("se02gn284", "se02gn678", 87.91),
             ("se02gn641", "se02gn644", 49.30), ("se02gn404", "se02gn699", 86.81), ("se02gn644", "se02gn684", 49.12),
             ("se02gn284", "se02gn644", 49.41), ("se02gn632", "se02gn699", 88.02), ("se02gn678", "se02gn684", 87.44),
             ("se02gn404", "se02gn644", 49.27), ("se02gn632", "se02gn684", 87.75)]
    pw = ["# all_reduce_perf -b 8 -e 8G -f 2 -g 8, NCCL_ALGO=Ring, 2 nodes x 8 GPUs, busbw at the 8 GB message size",
          "# TOR: gn284->tor-07  gn404->tor-11  gn632/641/644->tor-15  gn678/684/699->tor-16   (adaptive routing enabled)",
          "pair                     busbw(GB/s)  note"]
    tor = {"se02gn284": 7, "se02gn404": 11, "se02gn632": 15, "se02gn641": 15, "se02gn644": 15, "se02gn678": 16, "se02gn684": 16, "se02gn699": 16}
    for (a, c, v) in pairs:
        note = "crossing TOR" if tor[a] != tor[c] else "same TOR"
        pw.append("%-10s %-10s     %6.2f     %s" % (a, c, v, note))
    b.add("pairwise_allreduce_busbw.txt", pw)
    b.add("nccl_tests_se02gn644_se02gn699.txt", nccl_tests_out(["se02gn644", "se02gn699"], 8, rng, 49.4, ver="2.12.10+cuda11.6"))
    b.add("nccl_tests_se02gn632_se02gn641.txt", nccl_tests_out(["se02gn632", "se02gn641"], 8, rng, 88.4, ver="2.12.10+cuda11.6"))
    b.add("%s/dcgmi_diag_r2.txt" % bad, [
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 2.3.5                                          |",
        "| Driver Version Detected   | 510.47.03                                      |",
        "| GPU Device IDs Detected   | 20b2,20b2,20b2,20b2,20b2,20b2,20b2,20b2        |",
        "|-----  Deployment  --------+------------------------------------------------|",
        "| Denylist                  | Pass                                           |",
        "| NVML Library              | Pass                                           |",
        "| CUDA Main Library         | Pass                                           |",
        "| Permissions and OS Blocks | Pass                                           |",
        "| Persistence Mode          | Pass                                           |",
        "| Environment Variables     | Pass                                           |",
        "| Page Retirement/Row Remap | Pass                                           |",
        "| Graphics Processes        | Pass                                           |",
        "| Inforom                   | Pass                                           |",
        "+-----  Integration  -------+------------------------------------------------+",
        "| PCIe                      | Pass - All                                     |",
        "+-----  Hardware  ----------+------------------------------------------------+",
        "| GPU Memory                | Pass - All                                     |",
        "+-----  Stress  ------------+------------------------------------------------+",
        "+---------------------------+------------------------------------------------+"])
    gpus = [nvidia_smi_q_gpu(g, "00000000:%s:00.0" % BUS_A100[g][:-3].zfill(2).upper(), model="NVIDIA A100-SXM4-80GB", mem_total=81920, temp=33 + g % 3, pwr=64.1 + g, sm_clock=1410, pcie_gen=4, rng=rng) for g in range(8)]
    b.add("%s/nvidia-smi-q.txt" % bad, nvidia_smi_q(add(tnow, 600), gpus, driver="510.47.03", cuda="11.6"))
    topo = ['<system version="1">', '  <cpu numaid="0" affinity="ffffffff,ffffffff" arch="x86_64" vendor="AuthenticAMD" familyid="143" modelid="49">']
    for g in range(4):
        topo.append('    <pci busid="0000:%s:00.0" class="0x060400" vendor="0x1000" device="0xc010" subsystem_vendor="0x1000" subsystem_device="0xa064" link_speed="16.0 GT/s PCIe" link_width="16">' % BUS_A100[g][:-3].zfill(2))
        topo.append('      <gpu dev="%d" sm="80" rank="%d" gdr="1"><nvlink target="0000:c1:00.0" count="2" tclass="0x068000"/></gpu>' % (g, g))
        topo.append('      <nic><net name="mlx5_%d" dev="%d" speed="200000" port="1" latency="0.000000" guid="%s" maxconn="262144" gdr="1"/></nic>' % (g, g, guid(rng)))
        topo.append('    </pci>')
    topo += ['  </cpu>', '</system>']
    b.add("%s/nccl_topo_dump.xml" % bad, topo)
    b.add("topo_diff.txt", ["$ diff <(sed 's/guid=\"[^\"]*\"//' se02gn644/nccl_topo_dump.xml) <(sed 's/guid=\"[^\"]*\"//' se02gn641/nccl_topo_dump.xml)", "$ echo $?", "0"])
    b.add("%s/perfquery_all_ports.txt" % bad, ["# mlx5_%d port 1: SymbolErrorCounter 0 LinkErrorRecoveryCounter 0 LinkDownedCounter 0 PortRcvErrors 0 PortXmitDiscards 0 PortXmitWait %d" % (k, rng.randrange(1000, 9000)) for k in (0, 1, 2, 3, 6, 7, 8, 9)])
    return b


@case
def bm07():
    rng = random.Random(6807)
    name = "bm07_two_nodes_slower_than_one"
    hosts = ["gpu033", "gpu041"]
    gpn, nn = 4, 2
    lab = label("straggler", "script", None, None, "stop",
                "NCCL reports 'NCCL_IB_DISABLE set by environment to 1' and 'Using network Socket' on both nodes even though ibv_devinfo shows an active RoCE port; the sbatch template exports NCCL_IB_DISABLE=1, so all inter-node traffic goes over TCP and GPUs sit ~90% idle - a job setting, not a broken node.",
                "https://github.com/scottclowe/pytorch-experiment-template/issues/11")
    b = Bundle(name, lab)
    t0 = T(2025, 4, 8, 10, 4, 11)
    jobid = 14417729
    ips = {"gpu033": "172.17.8.33", "gpu041": "172.17.8.41"}
    b.add("train.slrm", ["#!/bin/bash", "#SBATCH --job-name=llama3b-ddp", "#SBATCH --partition=a40", "#SBATCH --nodes=2", "#SBATCH --gres=gpu:a40:4",
                         "#SBATCH --ntasks-per-node=1", "#SBATCH --cpus-per-task=32", "#SBATCH --mem=0", "#SBATCH --time=08:00:00", "",
                         "# --- networking (copied from the 2023 template) ---",
                         "export NCCL_IB_DISABLE=1        # no InfiniBand on this cluster",
                         "export NCCL_SOCKET_IFNAME=eth0",
                         "export NCCL_DEBUG=INFO", "",
                         "MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)",
                         "srun torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 \\",
                         "    train.py --model meta-llama/Llama-3.2-3B-Instruct --precision fp16 --batch-size 8"])
    for i, h in enumerate(hosts):
        agent = rng.randrange(30000, 90000)
        pids = mkpids(rng, gpn)
        train = None
        if i == 0:
            train = []
            tt = add(t0, 95)
            for step in range(1, 1201):
                dur = 5.72 + (rng.random() - 0.5) * 0.3
                tt = add(tt, dur)
                if step % 20 == 0:
                    train.append("[rank0]: %s | step %5d | loss %.4f | Train Step Duration (s): %.2f | GPU Processing Time (s): %.2f | GPU Idle Time (%%): %.1f" % (tt.strftime("%Y-%m-%d %H:%M:%S"), step, 1.91 - step / 3000.0 + rng.random() * 0.03, dur, 0.58, 100 * (1 - 0.58 / dur)))
        L = std_console(h, i, gpn, nn, rng, agent, pids, t0, dict(net="Socket", oob=("eth0", ips[h]), version="2.21.5+cuda12.4", bus=BUS_V4,
                        env_lines=["NCCL_IB_DISABLE set by environment to 1.", "NCCL_SOCKET_IFNAME set by environment to eth0"]), train=train, script="train.py")
        if i == 0:
            L += ["[rank0]: reference (job 14411802, 1 node x 4 GPUs, same global batch): Train Step Duration (s): 2.51 | GPU Idle Time (%): 76.9"]
        b.add("%s/slurm-%d.out" % (h, jobid), L)
        b.add("%s/ibv_devinfo.txt" % h, ["hca_id:\tmlx5_0", "\ttransport:\t\t\tInfiniBand (0)", "\tfw_ver:\t\t\t\t22.36.1010", "\tnode_guid:\t\t\t%s" % guid(rng)[2:],
                                          "\tvendor_id:\t\t\t0x02c9", "\tvendor_part_id:\t\t\t4125", "\tphys_port_cnt:\t\t\t1", "\t\tport:\t1",
                                          "\t\t\tstate:\t\t\tPORT_ACTIVE (4)", "\t\t\tmax_mtu:\t\t4096 (5)", "\t\t\tactive_mtu:\t\t1024 (3)",
                                          "\t\t\tsm_lid:\t\t\t0", "\t\t\tport_lid:\t\t0", "\t\t\tport_lmc:\t\t0x00", "\t\t\tlink_layer:\t\tEthernet"])
    b.add("sacct.txt", sacct(jobid, "llama3b-ddp", "jwilles", [("", "llama3b-ddp", "a40", "RUNNING", "0:0", "02:01:44", "gpu[033,041]")]))
    return b


@case
def bm08():
    rng = random.Random(6808)
    name = "bm08_iteration_time_suddenly_doubles"
    hosts = ["gn-%02d" % i for i in range(1, 9)]
    lab = label("straggler", "infrastructure", None, None, "restart",
                "Iteration time jumps from ~5.2 s to ~9-10 s at 14:01 and the whole increase is in the batch_input timer; at that minute every client node logs slow-reply timeouts and a lost connection to scratch-OST0017, so the shared Lustre OST (not the fabric or one node) is starving the data path.",
                "https://github.com/EleutherAI/gpt-neox/issues/1248")
    b = Bundle(name, lab)
    t0 = T(2024, 5, 24, 9, 30, 0)
    tslow = T(2024, 5, 24, 14, 1, 11)
    tnow = T(2024, 5, 24, 15, 20, 0)
    L = ["[2024-05-24 09:30:02,118] [INFO] [runner.py:568:main] cmd = /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJnbi0wMSI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%n --master_addr=gn-01 --master_port=29500 train.py --deepspeed_config eyJ0cmFpbl9iYXRjaF9zaXplIjogMTAyNH0= --megatron_config configs/20B.yml",
         "gn-01: [2024-05-24 09:30:04,551] [INFO] [launch.py:146:main] WORLD INFO DICT: {'gn-01': [0, 1, 2, 3, 4, 5, 6, 7], 'gn-02': [0, 1, 2, 3, 4, 5, 6, 7], 'gn-03': [0, 1, 2, 3, 4, 5, 6, 7], 'gn-04': [0, 1, 2, 3, 4, 5, 6, 7], 'gn-05': [0, 1, 2, 3, 4, 5, 6, 7], 'gn-06': [0, 1, 2, 3, 4, 5, 6, 7], 'gn-07': [0, 1, 2, 3, 4, 5, 6, 7], 'gn-08': [0, 1, 2, 3, 4, 5, 6, 7]}",
         "gn-01: [2024-05-24 09:30:04,551] [INFO] [launch.py:152:main] nnodes=8, num_local_procs=8, node_rank=0"]
    for h in hosts:
        L.append("%s: NeoXArgs.configure_distributed_args() using world size: 64 and model-parallel size: 2 " % h)
    it = 0
    tt = add(t0, 240)
    while tt < tnow:
        slow = tt >= tslow
        bi = (3900 + rng.random() * 900) if slow else (2.2 + rng.random() * 0.6)
        ms = 5180 + rng.random() * 60 + bi
        it += 10
        tt = add(tt, 10 * ms / 1000.0)
        L.append("gn-01:  samples/sec: %.3f | iteration %8d/  320000 | elapsed time per iteration (ms): %.1f | learning rate: 5.998E-05 | approx flops per GPU: %.1fTFLOPS | lm_loss: %.6E | loss scale: 65536.0 | number of skipped iterations:   0 | number of nan iterations:   0 |" % (1024000.0 / ms, 24000 + it, ms, 120.3 * 5240 / ms, 2.713 - it / 900000.0 + rng.random() * 0.02))
        L.append("gn-01: time (ms) | forward: %.2f | backward: %.2f | backward-backward: %.2f | backward-allreduce: %.2f | optimizer: %.2f | batch generator: %.2f | batch_input: %.2f" % (1610 + rng.random() * 20, 3320 + rng.random() * 30, 3100 + rng.random() * 20, 221 + rng.random() * 10, 240 + rng.random() * 5, 3.1 + rng.random() + (bi if slow else 0), bi))
    b.add("deepy_train.log", L)
    for i, h in enumerate(hosts):
        ev = dmesg_noise(add(t0, -3600 * 6), 3600 * 12, rng, h, n=16)
        req = "%016x" % rng.randrange(2 ** 60)
        ev += [(add(tslow, -31 + i), "Lustre: %d:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent 1716559271/real 1716559271]  req@%s x17992431234%05d/t0(0) o3->scratch-OST0017-osc-ffff8d2c4e1d%04x@10.40.1.27@o2ib:6/4 lens 488/440 e 0 to 1 dl 1716559282 ref 2 fl Rpc:Xr/0/ffffffff rc 0/-1 job:''" % (rng.randrange(2000, 9000), req, rng.randrange(99999), rng.randrange(65535))),
               (add(tslow, -30 + i), "Lustre: scratch-OST0017-osc-ffff8d2c4e1d%04x: Connection to scratch-OST0017 (at 10.40.1.27@o2ib) was lost; in progress operations using this service will wait for recovery to complete" % rng.randrange(65535)),
               (add(tslow, 1900 + i * 3), "Lustre: scratch-OST0017-osc-ffff8d2c4e1d%04x: Connection restored to 10.40.1.27@o2ib (at 10.40.1.27@o2ib)" % rng.randrange(65535))]
        for k in range(4):
            ev.append((add(tslow, 300 + 400 * k + i), "Lustre: %d:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@%016x x1799243%09d/t0(0) o3->scratch-OST0017-osc-ffff8d2c4e1d%04x@10.40.1.27@o2ib:6/4 lens 488/440 e 0 to 1 dl %d ref 2 fl Rpc:Xr/2/ffffffff rc 0/-1 job:''" % (rng.randrange(2000, 9000), 1716559571 + 400 * k, 1716559571 + 400 * k, rng.randrange(2 ** 60), rng.randrange(10 ** 9), rng.randrange(65535), 1716559582 + 400 * k)))
        b.add("%s/dmesg.txt" % h, fmt_kern(ev, "S", h, boot=T(2024, 5, 1, 6, 0, 0)))
    b.add("lfs_check_osts.txt", ["$ lfs check osts  (gn-03, 15:18)"] + ["scratch-OST%04x-osc-ffff8d2c4e1d7000 active." % k for k in range(0, 32) if k != 0x17] + ["scratch-OST0017-osc-ffff8d2c4e1d7000 active (recovering)."])
    return b


def pyspy_block(pid, cmd, frames, thread_state="idle", extra_threads=None):
    L = ["Process %d: %s" % (pid, cmd), "Python v3.10.12 (/usr/bin/python3.10)", "",
         "Thread %d (%s): \"MainThread\"" % (pid, thread_state)]
    L += ["    %s" % f for f in frames]
    for (tid, name, st, fr) in (extra_threads or []):
        L += ["Thread %d (%s): \"%s\"" % (tid, st, name)] + ["    %s" % f for f in fr]
    L.append("")
    return L


@case
def bm09():
    rng = random.Random(6809)
    name = "bm09_training_stuck_then_watchdog_abort"
    hosts = ["gpu-k%02d" % i for i in range(1, 9)]
    gpn, nn = 8, 8
    bad, bad_rank = "gpu-k06", 43
    lab = label("hang", "infrastructure", bad, bad_rank, "run_diagnostics",
                "The flight-recorder analysis reports only rank 43 missing from reduce_scatter 88431, rank 43 is the only rank that never times out (its last enqueued work already completed), py-spy shows it blocked launching a forward matmul while the other 63 ranks wait in clip_grad_norm_, and its GPU3 sits at 100% util but ~72 W with no Xid - one stuck GPU/rank on gpu-k06 with no hardware error yet.",
                "https://github.com/NVIDIA/nccl/issues/968")
    b = Bundle(name, lab)
    t0 = T(2024, 10, 1, 12, 0, 0)
    thang = T(2024, 10, 1, 18, 22, 4)
    tw = add(thang, 600)
    ver = "2.21.5+cuda12.4"
    jobid = 9114
    cmd = "/usr/bin/python3 -u -m torchtitan.train --job.config_file ./train_configs/llama3_8b.toml"
    ips = {h: "10.20.6.%d" % (1 + i) for i, h in enumerate(hosts)}
    for i, h in enumerate(hosts):
        agent = rng.randrange(30000, 90000)
        pids = mkpids(rng, gpn)
        train = None
        if i == 0:
            train = ["[rank0]:%s - root - INFO - Starting job: Llama 3 8B training" % pyts(add(t0, 40), rng),
                     "[rank0]:%s - root - INFO - Building 1-D device mesh with ['dp_shard'], [64]" % pyts(add(t0, 41), rng),
                     "[rank0]:%s - root - INFO - Applied FSDP to the model" % pyts(add(t0, 60), rng),
                     "[rank0]:%s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 128, sequence length 8192, total steps 20000 (warmup 200)" % pyts(add(t0, 75), rng)]
            tt = add(t0, 80)
            st = 0
            while True:
                nt = add(tt, 10 * 4.15 + rng.random())
                if nt > add(thang, -3):
                    break
                tt = nt
                st += 10
                train.append("[rank0]:%s - root - INFO - step: %5d  loss: %7.4f  memory: 61.%02dGiB(77.45%%)  tps: %s  mfu: %.2f%%" % (pyts(tt, rng), st, 7.9 * (0.999 ** st) + 2.1 + rng.random() * 0.05, rng.randrange(100), "{:,}".format(3940 + rng.randrange(-30, 30)), 38.2 + rng.random()))
        tail = []
        first = None
        t_end = add(tw, 3)
        for lr in range(gpn):
            rk = i * gpn + lr
            if rk == bad_rank:
                continue
            if lr in (0, 2, 5) or h == bad:
                tail += watchdog_new(rk, add(tw, rng.randrange(0, 2)), 88431, "_REDUCE_SCATTER_BASE", 262144000, 4096000, 600000, 600000 + rng.randrange(20, 90), rng, pg="1", pgname="1", last_enq=88431, last_done=88430, with_frames=(lr == 0))
                if lr == 0:
                    tail.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1746] [PG ID 1 PG GUID 1 Rank %d] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: 88431, last completed NCCL work: 88430." % (rk, glog(tw, "E", rng), rk))
                    tail.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1536] [PG ID 1 PG GUID 1 Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (rk, glog(tw, "E", rng), rk))
        first = 0 if h != bad else 0
        L = std_console(h, i, gpn, nn, rng, agent, pids, t0, dict(net="IB", oob=("ib0", ips[h]), version=ver), train=train, tail=tail,
                        first_lr=first, t_end=t_end, script="torchtitan.train", first_time=add(t_end, -2))
        b.add("%s/torchrun-%d.log" % (h, jobid), L)
        # py-spy dumps taken at 18:27 on all nodes
        ps = ["# py-spy dump --pid <rank pid> for all local ranks, collected 2024-10-01 18:27:40 by oncall"]
        for lr in range(gpn):
            rk = i * gpn + lr
            if rk == bad_rank:
                fr = ["linear (torch/nn/modules/linear.py:125)",
                      "_call_impl (torch/nn/modules/module.py:1747)",
                      "forward (torchtitan/models/llama/model.py:318)",
                      "_call_impl (torch/nn/modules/module.py:1747)",
                      "forward (torchtitan/models/llama/model.py:402)",
                      "_call_impl (torch/nn/modules/module.py:1747)",
                      "forward (torchtitan/models/llama/model.py:469)",
                      "train_step (torchtitan/train.py:338)",
                      "train (torchtitan/train.py:421)",
                      "<module> (torchtitan/train.py:512)"]
                ps += pyspy_block(pids[lr], cmd, fr, "active")
            else:
                fr = ["clip_grad_norm_ (torchtitan/distributed/utils.py:247)",
                      "train_step (torchtitan/train.py:362)",
                      "train (torchtitan/train.py:421)",
                      "<module> (torchtitan/train.py:512)"]
                ps += pyspy_block(pids[lr], cmd, fr, "active", extra_threads=[(pids[lr] + 51, "pt_nccl_watchdg", "idle", ["wait (threading.py:320)"])] if lr == 0 else None)
        if h in (bad, "gpu-k01", "gpu-k03"):
            b.add("%s/py-spy-dump.txt" % h, ps)
            gpus = []
            for g in range(gpn):
                if h == bad and g == 3:
                    gpus.append(dict(temp=41, pwr=72, util=100, mem=62810, cap=700))
                else:
                    gpus.append(dict(temp=47 + g % 3, pwr=118 + rng.randrange(0, 9), util=100, mem=62100 + rng.randrange(0, 900), cap=700))
            b.add("%s/nvidia-smi.txt" % h, nvidia_smi_table(T(2024, 10, 1, 18, 27, 52), gpus, procs=[(g, pids[g], "/usr/bin/python3", gpus[g]["mem"] - 520) for g in range(gpn)]))
            ev = dmesg_noise(add(t0, -86400), 86400 + 7 * 3600, rng, h, n=20)
            b.add("%s/dmesg.txt" % h, fmt_kern(ev, "T", h))
    b.add("fr_trace_analysis.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace /lustre/jobs/9114/fr_dumps -p nccl_trace_rank_",
        "loaded 64 files in 3.1s",
        "built groups, memberships",
        "Not all ranks joining collective 88431 at entry 1871",
        "group info: 1:1",
        "collective: nccl:_reduce_scatter_base",
        "missing ranks: {43}",
        "input sizes: [[262144000]]",
        "output sizes: [[4096000]]",
        "expected ranks: 64",
        "collective state: started",
        "collective stack trace:",
        "  reduce_scatter_tensor at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:4196",
        "  foreach_reduce at /usr/local/lib/python3.10/dist-packages/torch/distributed/_composable/fsdp/_fsdp_collectives.py:281",
        "  post_backward at /usr/local/lib/python3.10/dist-packages/torch/distributed/_composable/fsdp/_fsdp_param_group.py:402",
        "",
        "rank 43: last entry 1870 (record_id), collective 88430 nccl:_reduce_scatter_base state: completed; no entry for 88431",
        "ranks 0-42,44-63: entry 1871 collective 88431 state: started"])
    b.add("sacct.txt", sacct(jobid, "llama3-8b", "titan", [("", "llama3-8b", "batch", "FAILED", "1:0", "06:32:51", "gpu-k[01-08]")]))
    return b


@case
def bm10():
    rng = random.Random(6810)
    name = "bm10_crash_at_end_of_validation"
    hosts = ["ml-gpu-07", "ml-gpu-09"]
    gpn = 4
    lab = label("hang", "script", None, None, "stop",
                "With TORCH_DISTRIBUTED_DEBUG=DETAIL the ranks report 'Detected mismatch between collectives': some ranks are in an ALLREDUCE of a metric while others are already in the BROADCAST for the next key, because validation_step logs a different set of per-class keys on each rank (log_dict with sync_dist=True); a deterministic collective mismatch in the user's code.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")
    b = Bundle(name, lab)
    t0 = T(2023, 12, 6, 16, 20, 5)
    tv = T(2023, 12, 6, 17, 3, 48)
    site = "/myenv/lib/python3.10/site-packages"
    fp = "TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))"
    for i, h in enumerate(hosts):
        L = []
        if i == 0:
            L += ["GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores", "IPU available: False, using: 0 IPUs", "HPU available: False, using: 0 HPUs"]
        for lr in range(gpn):
            L.append("Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/8" % (i * gpn + lr, i * gpn + lr + 1))
        if i == 0:
            L += ["----------------------------------------------------------------------------------------------------",
                  "distributed_backend=nccl", "All distributed processes registered. Starting with 8 processes",
                  "----------------------------------------------------------------------------------------------------", ""]
        pids = mkpids(rng, gpn)
        L += nccl_init_node(h, i, gpn, 2, pids, rng, net="IB", oob=("ib0", "10.3.1.%d" % (7 + 2 * i)), version="2.18.6+cuda12.1", bus=BUS_V4, hcas=["mlx5_0:1"])
        L += ["LOCAL_RANK: %d - CUDA_VISIBLE_DEVICES: [0,1,2,3]" % lr for lr in range(gpn)]
        if i == 0:
            L += ["", "  | Name      | Type             | Params", "-----------------------------------------------", "0 | backbone  | ConvNeXt         | 87.6 M",
                  "1 | head      | SegHead          | 4.1 M", "2 | criterion | CrossEntropyLoss | 0     ", "-----------------------------------------------",
                  "91.7 M    Trainable params", "0         Non-trainable params", "91.7 M    Total params", "366.896   Total estimated model params size (MB)"]
            tt = add(t0, 60)
            for ep in range(3):
                for p in range(0, 101, 5):
                    n = int(1000 * p / 100)
                    L.append("Epoch %d:  %3d%%|%-10s| %d/1000 [%02d:%02d<%02d:%02d,  1.62it/s, v_num=12, train_loss=%.3f]" % (ep, p, "#" * (p // 10), n, n // 97, n % 60, (1000 - n) // 97, (1000 - n) % 60, 0.9 - ep * 0.1 - p / 1000.0 + rng.random() * 0.02))
                if ep < 2:
                    L.append("Validation DataLoader 0: 100%%|##########| 125/125 [00:21<00:00,  5.81it/s]")
            L.append("Validation DataLoader 0:  37%%|###7      | 46/125 [00:08<00:14,  5.60it/s]")
        for lr in range(gpn):
            rk = i * gpn + lr
            mine = "BROADCAST" if rk in (1, 5, 6) else "ALLREDUCE"
            other_rank = 0 if rk != 0 else 1
            other = "ALLREDUCE" if mine == "BROADCAST" else "BROADCAST"
            L += ["[rank%d]: Traceback (most recent call last):" % rk,
                  '[rank%d]:   File "/home/mk/seg/train.py", line 141, in <module>' % rk,
                  "[rank%d]:     trainer.fit(model, datamodule=dm)" % rk,
                  '[rank%d]:   File "%s/lightning/pytorch/trainer/trainer.py", line 544, in fit' % (rk, site),
                  "[rank%d]:     call._call_and_handle_interrupt(" % rk,
                  '[rank%d]:   File "%s/lightning/pytorch/loops/evaluation_loop.py", line 411, in _evaluation_step' % (rk, site),
                  "[rank%d]:     output = call._call_strategy_hook(trainer, hook_name, *step_args)" % rk,
                  '[rank%d]:   File "/home/mk/seg/model.py", line 88, in validation_step' % rk,
                  "[rank%d]:     self.log_dict({f\"val/iou_{c}\": v for c, v in per_class_iou.items()}, sync_dist=True)" % rk,
                  '[rank%d]:   File "%s/lightning/pytorch/core/module.py", line 642, in log_dict' % (rk, site),
                  "[rank%d]:     self.log(" % rk,
                  '[rank%d]:   File "%s/lightning/pytorch/core/module.py", line 515, in log' % (rk, site),
                  "[rank%d]:     value = apply_to_collection(value, (Tensor, numbers.Number), self.__to_tensor, name)" % rk,
                  '[rank%d]:   File "%s/lightning_fabric/utilities/distributed.py", line 220, in _sync_ddp' % (rk, site),
                  "[rank%d]:     torch.distributed.all_reduce(result, op=op, group=group, async_op=False)" % rk if mine == "ALLREDUCE" else "[rank%d]:     broadcast(object_sizes_tensor, src=src, group=group)" % rk,
                  '[rank%d]:   File "%s/torch/distributed/c10d_logger.py", line 47, in wrapper' % (rk, site),
                  "[rank%d]:     return func(*args, **kwargs)" % rk,
                  "[rank%d]: RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: CollectiveFingerPrint(SequenceNumber=3121, OpType=%s, TensorShape=[1], TensorDtypes=%s, %s), but Rank %d is running collective: CollectiveFingerPrint(SequenceNumber=3121, OpType=%s, TensorShape=[1], TensorDtypes=%s, %s).Collectives differ in the following aspects: \t Op type: %svs %s  Tensor Tensor dtypes: %svs %s" % (
                      rk, rk, mine, "Long" if mine == "BROADCAST" else "Float", fp, other_rank, other, "Float" if mine == "BROADCAST" else "Long", fp, mine, other, "Long" if mine == "BROADCAST" else "Float", "Float" if mine == "BROADCAST" else "Long")]
        L += ["srun: error: %s: tasks %d-%d: Exited with exit code 1" % (h, i * gpn, i * gpn + 3)]
        b.add("%s/slurm-6603117.out" % h, L)
    b.add("run_env.txt", ["TORCH_DISTRIBUTED_DEBUG=DETAIL", "NCCL_DEBUG=INFO", "lightning==2.1.2", "torch==2.1.1+cu121", "SLURM_NTASKS_PER_NODE=4", "SLURM_JOB_NODELIST=ml-gpu-[07,09]"])
    b.add("model_validation_step.py", [
        "    def validation_step(self, batch, batch_idx):",
        "        x, y = batch",
        "        logits = self(x)",
        "        loss = self.criterion(logits, y)",
        "        self.log(\"val/loss\", loss, sync_dist=True)",
        "        per_class_iou = {}",
        "        for c in torch.unique(y).tolist():          # only classes present on this rank's batch",
        "            if c == IGNORE_INDEX:",
        "                continue",
        "            per_class_iou[CLASSES[c]] = iou(logits, y, c)",
        "        self.log_dict({f\"val/iou_{c}\": v for c, v in per_class_iou.items()}, sync_dist=True)"])
    return b


@case
def bm11():
    rng = random.Random(6811)
    name = "bm11_reducescatter_timeout_no_nccl_error"
    hosts = ["hpc-g%02d" % i for i in range(1, 17)]
    gpn = 8
    lab = label("hang", "infrastructure", None, None, "restart",
                "All 128 ranks hit the watchdog on the same _REDUCE_SCATTER_BASE (SeqNum=1559) within about a second of each other, NCCL printed no WARN at all, and the sampled nodes show clean dmesg, healthy IB ports and no GPU errors; nothing identifies a lagging rank or a faulty node, so it is an unexplained collective hang.",
                "https://github.com/NVIDIA/nccl/issues/1111")
    b = Bundle(name, lab)
    t0 = T(2023, 12, 12, 22, 41, 0)
    th = T(2023, 12, 13, 3, 17, 30)
    tw = add(th, 1800)
    for i, h in enumerate(hosts):
        L = []
        pids = mkpids(rng, gpn)
        agent = rng.randrange(30000, 90000)
        L += torchrun_banner(add(t0, 3), agent, rng)
        L += nccl_init_node(h, i, gpn, 16, pids, rng, net="RoCE", oob=("bond1", "30.14.4.%d" % (51 + i)), version="2.18.1+cuda12.1",
                            hcas=["mlx5_bond_%d:1" % k for k in range(8)], channels=2)
        if i == 0:
            L += megatron_startup(add(t0, 30), 128, 8, 1, 16, rng, timeout_min=30)
            tr, _, _ = megatron_train(add(t0, 150), add(th, -5), rng, 9800, every=10, gbs=1024, tflops=151)
            L += tr
        for lr in range(gpn):
            rk = i * gpn + lr
            ran = 1800441 + rng.randrange(0, 900)
            L.append("[E ProcessGroupNCCL.cpp:475] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1559, OpType=_REDUCE_SCATTER_BASE, NumelIn=3121908768, NumelOut=32519883, Timeout(ms)=1800000) ran for %d milliseconds before timing out." % (rk, ran))
        for lr in range(gpn):
            L += ["[E ProcessGroupNCCL.cpp:489] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
                  "[E ProcessGroupNCCL.cpp:495] To avoid data inconsistency, we are taking the entire process down.",
                  "terminate called after throwing an instance of 'std::runtime_error'",
                  "  what():  [Rank %d] NCCL watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1559, OpType=_REDUCE_SCATTER_BASE, NumelIn=3121908768, NumelOut=32519883, Timeout(ms)=1800000) ran for %d milliseconds before timing out." % (i * gpn + lr, i * gpn + lr, 1800441 + rng.randrange(0, 900))]
            if lr == 2:
                break
        te = add(tw, 4)
        L += elastic_sigterm(te, agent, pids[1:], rng, api_line=729)
        L += elastic_failed(add(te, 1), agent, -6, 0, pids[0], api_line=710)
        root = dict(time=add(te, -1), host=h, rank=i * gpn, lr=0, exitcode=-6, pid=pids[0])
        L += child_failed("pretrain_gpt.py", [dict(time=add(te, 1), host=h, rank=i * gpn + 1, lr=1, exitcode=-6, pid=pids[1])], root)
        b.add("%s/stdout.log" % h, L)
        if i in (0, 4, 8, 12, 15):
            b.add("%s/dmesg.txt" % h, fmt_kern(dmesg_noise(add(t0, -20000), 60000, rng, h, n=20), "T", h))
            b.add("%s/ibstat.txt" % h, ibstat([("mlx5_bond_%d" % k, "Active", "LinkUp", 200, 0, guid(rng), "Ethernet", "22.36.1010") for k in range(8)]))
            b.add("%s/nvidia-smi.txt" % h, nvidia_smi_table(add(tw, 300), [dict(temp=36, pwr=86, util=0, mem=4) for _ in range(8)], driver="535.104.05", model="NVIDIA H800"))
    return b


@case
def bm12():
    rng = random.Random(6812)
    name = "bm12_allreduce_timeout_after_30_minutes"
    hosts = ["cn-231", "cn-232", "cn-234", "cn-237"]
    gpn = 4
    bad, bad_rank = "cn-234", 8
    lab = label("gpu_hardware", "infrastructure", bad, bad_rank, "restart_without_node",
                "cn-234 logs a stream of PCIe AER timeouts on the GPU root port followed by 'Xid ... 79, GPU has fallen off the bus' for 0000:03:00 (GPU0, rank 8), nvidia-smi can no longer open that GPU, and rank 8 goes silent while every other rank later times out in the all_reduce; the old Xid 13 on cn-231 is from another job last week.",
                "https://github.com/rwth-i6/returnn/issues/1486")
    b = Bundle(name, lab)
    t0 = T(2024, 1, 1, 19, 40, 2)
    tx = T(2024, 1, 2, 1, 7, 12)
    tw = add(tx, 1800 + 14)
    site = "/work/tools/users/zeyer/py-envs/py3.11-torch2.1/lib/python3.11/site-packages"
    for i, h in enumerate(hosts):
        pids = mkpids(rng, gpn)
        agent = rng.randrange(30000, 90000)
        train = None
        if i == 0:
            train = []
            tt = add(t0, 60)
            ep, st = 1, 0
            while tt < add(tx, -2):
                st += 100
                tt = add(tt, 100 * 0.71)
                if st % 5000 == 0:
                    ep += 1
                train.append("ep %d train, step %d, ce %.3f, fer %.3f, num_seqs 28, max_size:time 226800, mem_usage:cuda:0 13.9GB, %.3f sec/step" % (ep, st % 5000, 1.8 - st / 400000.0 + rng.random() * 0.1, 0.41 - st / 2000000.0, 0.70 + rng.random() * 0.03))
        tail = []
        first = 0
        if h != bad:
            for lr in range(gpn):
                tail += watchdog_old(i * gpn + lr, 184419, "ALLREDUCE", 1800000, 1800000 + rng.randrange(20, 600), rng, line=475)
            t_end = add(tw, 3)
        else:
            for lr in (1, 2, 3):
                tail += watchdog_old(i * gpn + lr, 184419, "ALLREDUCE", 1800000, 1800000 + rng.randrange(20, 600), rng, line=475)
            first = 1
            t_end = add(tw, 3)
        L = std_console(h, i, gpn, 4, rng, agent, pids, t0, dict(net="IB", oob=("ib0", "10.10.2.%d" % (31 + i)), version="2.18.1+cuda12.1", bus=["3000", "4000", "82000", "83000"], hcas=["mlx5_0:1"]),
                        train=train, tail=tail, first_lr=first, t_end=t_end, script="rnn.py", first_time=add(t_end, -2))
        b.add("%s/torchrun.log" % h, L)
    ev = dmesg_noise(add(t0, -3600 * 5), 3600 * 10, rng, bad, n=22)
    for k in range(40):
        tt = add(tx, -240 + k * 6)
        ev += [(tt, "pcieport 0000:00:03.0: AER: Corrected error received: 0000:00:03.0"),
               (tt, "pcieport 0000:00:03.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)"),
               (tt, "pcieport 0000:00:03.0:   device [8086:6f08] error status/mask=00001000/00002000"),
               (tt, "pcieport 0000:00:03.0:    [12] Timeout               ")]
    ev += [(tx, "NVRM: GPU at PCI:0000:03:00: GPU-6b1e7a3c-95d2-1f0a-7c44-0e9d3f51a2b8"),
           (tx, "NVRM: Xid (PCI:0000:03:00): 79, pid=%d, name=python3, GPU has fallen off the bus." % rng.randrange(3000000, 3200000)),
           (tx, "NVRM: GPU 0000:03:00.0: GPU has fallen off the bus."),
           (add(tx, 1), "NVRM: A GPU crash dump has been created. If possible, please run"),
           (add(tx, 1), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
           (add(tx, 1), "NVRM: the NVIDIA kernel module is unloaded.")]
    b.add("%s/dmesg.txt" % bad, fmt_kern(ev, "T", bad))
    b.add("%s/nvidia-smi.txt" % bad, ["$ nvidia-smi", "Unable to determine the device handle for GPU0000:03:00.0: Unknown Error", "",
                                     "$ nvidia-smi --query-gpu=index,pci.bus_id,temperature.gpu,utilization.gpu,memory.used --format=csv",
                                     "Unable to determine the device handle for GPU0000:03:00.0: Unknown Error",
                                     "index, pci.bus_id, temperature.gpu, utilization.gpu [%], memory.used [MiB]",
                                     "1, 00000000:04:00.0, 38, 100 %, 14211 MiB",
                                     "2, 00000000:82:00.0, 37, 100 %, 14193 MiB",
                                     "3, 00000000:83:00.0, 39, 100 %, 14207 MiB"])
    ev2 = dmesg_noise(add(t0, -86400 * 8), 86400 * 9, rng, "cn-231", n=24)
    ev2 += [(add(t0, -86400 * 6 - 3000), "NVRM: Xid (PCI:0000:82:00): 13, pid=1912231, name=python3, Graphics SM Warp Exception on (GPC 1, TPC 2, SM 0): Out Of Range Address"),
            (add(t0, -86400 * 6 - 3000), "NVRM: Xid (PCI:0000:82:00): 13, pid=1912231, name=python3, Graphics Exception: ESR 0x514730=0x201000e 0x514734=0x24 0x514728=0xc81eb60 0x51472c=0x1174")]
    b.add("cn-231/dmesg.txt", fmt_kern(ev2, "T", "cn-231"))
    return b


def old_elastic_tail(h, i, gpn, pids, first_lr, first_code, t_end, script, python="/usr/bin/python3"):
    L = ["WARNING:torch.distributed.elastic.multiprocessing.api:Sending process %d closing signal SIGTERM" % p for k, p in enumerate(pids) if k != first_lr]
    L.append("ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (first_code, first_lr, pids[first_lr], python))
    root = dict(time=t_end, host=h, rank=i * gpn + first_lr, lr=first_lr, exitcode=first_code, pid=pids[first_lr])
    L += child_failed(script, [], root, site="/usr/local/lib/python3.8/dist-packages", entry="/usr/local/bin/torchrun")
    return L


@case
def bm13():
    rng = random.Random(6813)
    name = "bm13_hw_exception_gpu_hang_rccl_job"
    hosts = ["mi300x-n01", "mi300x-n02", "mi300x-n03", "mi300x-n04"]
    gpn = 8
    bad, bad_rank = "mi300x-n03", 17
    bus = ["0c000", "22000", "38000", "5c000", "9f000", "af000", "bf000", "df000"]
    lab = label("gpu_memory", "infrastructure", bad, bad_rank, "restart_without_node",
                "On mi300x-n03 the kernel logs new uncorrectable errors in the UMC (HBM memory controller) block of 0000:22:00.0 followed by a GPU reset that fails; rank 17 (local GPU 1 on that node) dies with 'HW Exception by GPU node-3 ... reason :GPU Hang', amd-smi shows 2 UMC uncorrectable errors on GPU 1, and the other nodes only show watchdog timeouts afterwards.",
                "https://github.com/ROCm/legacy-rocm-build/issues/3766")
    b = Bundle(name, lab)
    t0 = T(2024, 9, 19, 6, 0, 0)
    tx = T(2024, 9, 19, 11, 42, 37)
    tw = add(tx, 600 + 4)
    for i, h in enumerate(hosts):
        pids = mkpids(rng, gpn)
        agent = rng.randrange(30000, 90000)
        hdr = []
        for lr in range(gpn):
            hdr += ["%s:%d:%d [%d] NCCL INFO RCCL version : 2.20.5-HEAD:7ec1573" % (h, pids[lr], pids[lr], lr),
                    "HIP version  : 6.2.41133-dd7f95766", "ROCm version : 6.2.0.0-66-e3e5f7e", "Hostname     : %s" % h, "Librccl path : /opt/rocm/lib/librccl.so.1"]
        train = None
        if i == 0:
            train, _, _ = megatron_train(add(t0, 180), add(tx, -5), rng, 6120, every=20, gbs=1024, tflops=None)
            train = megatron_startup(add(t0, 40), 32, 8, 1, 4, rng, log_interval=20) + train
        tail = []
        if h == bad:
            tail += ["HW Exception by GPU node-3 (Agent handle: 0x55d1c0a3e2b0) reason :GPU Hang"]
            t_end = add(tx, 3)
            first, code = 1, -6
        else:
            for lr in (0, 4):
                tail += watchdog_new(i * gpn + lr, tw, 40218, "ALLREDUCE", 96468992, 96468992, 600000, 600000 + rng.randrange(10, 90), rng, with_frames=(lr == 0),
                                     lib="/opt/conda/envs/py_3.10/lib/python3.10/site-packages/torch/lib")
            t_end = add(tw, 3)
            first, code = 0, -6
        L = hdr + std_console(h, i, gpn, 4, rng, agent, pids, t0, dict(net="RoCE", oob=("ens50f0np0", "10.228.1.%d" % (11 + i)), version="2.20.5+hip6.2", bus=bus,
                                                                       hcas=["bnxt_re%d:1" % k for k in range(8)], plugin_line="NET/Plugin: Could not find: librccl-net.so. Using internal network plugin."),
                              train=train, tail=tail, first_lr=first, first_code=code, t_end=t_end, script="pretrain_gpt.py", first_time=add(t_end, -2))
        b.add("%s/torchrun.log" % h, L)
    ev = dmesg_noise(add(t0, -7200), 6 * 3600, rng, bad, n=20, extra_pool=["amdgpu 0000:22:00.0: amdgpu: SMU is initialized successfully!", "[drm] Initialized amdgpu 3.58.0 20150101 for 0000:22:00.0 on minor 2"])
    ev += [(tx, "[Hardware Error]: Accelerator Check Architecture events logged"),
           (tx, "[Hardware Error]: Uncorrected, software restartable error."),
           (tx, "amdgpu 0000:22:00.0: amdgpu: socket: 0, die: 1, 2 new uncorrectable hardware errors detected in UMC block"),
           (tx, "amdgpu 0000:22:00.0: amdgpu: HBM 3 UMC_CH 5 uncorrectable error, row 0x1a2f3, column 0x40"),
           (add(tx, 1), "amdgpu 0000:22:00.0: amdgpu: GPU reset begin!"),
           (add(tx, 1), "amdgpu: Failed to evict queue 3"),
           (add(tx, 6), "amdgpu 0000:22:00.0: amdgpu: Mode1 reset failed, ret -110"),
           (add(tx, 6), "amdgpu 0000:22:00.0: amdgpu: GPU reset(2) failed"),
           (add(tx, 6), "amdgpu 0000:22:00.0: amdgpu: GPU reset end with ret = -110")]
    b.add("%s/dmesg.txt" % bad, fmt_kern(ev, "T", bad))
    ecc = []
    for g in range(8):
        unc = 2 if g == 1 else 0
        ecc += ["GPU: %d" % g, "    ECC:", "        TOTAL_CORRECTABLE_COUNT: %d" % (0 if g != 5 else 3), "        TOTAL_UNCORRECTABLE_COUNT: %d" % unc,
                "        TOTAL_DEFERRED_COUNT: 0", "        CACHE_CORRECTABLE_COUNT: 0", "        CACHE_UNCORRECTABLE_COUNT: 0",
                "    ECC_BLOCKS:", "        UMC:", "            CORRECTABLE_COUNT: %d" % (0 if g != 5 else 3), "            UNCORRECTABLE_COUNT: %d" % unc, "            DEFERRED_COUNT: 0",
                "        SDMA:", "            CORRECTABLE_COUNT: 0", "            UNCORRECTABLE_COUNT: 0", "            DEFERRED_COUNT: 0",
                "        GFX:", "            CORRECTABLE_COUNT: 0", "            UNCORRECTABLE_COUNT: 0", "            DEFERRED_COUNT: 0", ""]
    b.add("%s/amd-smi_metric_--ecc.txt" % bad, ecc)
    b.add("mi300x-n01/dmesg.txt", fmt_kern(dmesg_noise(add(t0, -7200), 6 * 3600, rng, "mi300x-n01", n=20), "T", "mi300x-n01"))
    return b


@case
def bm14():
    rng = random.Random(6814)
    name = "bm14_cuda_error_during_backward"
    hosts = ["taurusi8029", "taurusi8030", "taurusi8031", "taurusi8032"]
    gpn = 4
    bad, bad_rank = "taurusi8030", 6
    lab = label("nvlink", "infrastructure", bad, bad_rank, "restart_without_node",
                "taurusi8030 logs 'Xid ... 74, NVLink: fatal error detected on link 1' for 0000:3b:00 (GPU2), rank 6 on that GPU raises 'CUDA error: uncorrectable NVLink error detected during the execution' first, and nvidia-smi nvlink -e shows thousands of replay/CRC errors on GPU2 link 1 only; the other nodes just time out afterwards.",
                "https://github.com/pytorch/pytorch/issues/58155")
    b = Bundle(name, lab)
    t0 = T(2021, 5, 12, 9, 15, 0)
    tx = T(2021, 5, 12, 10, 51, 26)
    tw = add(tx, 1800 + 6)
    bus = ["11000", "12000", "3b000", "3c000"]
    for i, h in enumerate(hosts):
        pids = mkpids(rng, gpn)
        L = ["*****************************************",
             "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
             "*****************************************"]
        L += nccl_init_node(h, i, gpn, 4, pids, rng, net="IB", oob=("ib0", "172.24.80.%d" % (29 + i)), version="2.7.8+cuda11.0", bus=bus, hcas=["mlx5_0:1", "mlx5_1:1"])
        if i == 0:
            tt = add(t0, 90)
            for ep in range(1, 40):
                tt = add(tt, 148 + rng.random() * 4)
                if tt > tx:
                    break
                L.append("Epoch: [%d]  [1250/1251]  eta: 0:00:00  lr: %.6f  loss: %.4f (%.4f)  time: 0.1183  data: 0.0011  max mem: 21874" % (ep, 0.1 * (0.97 ** ep), 3.1 - ep * 0.05, 3.2 - ep * 0.05))
                L.append("Epoch: [%d] Total time: 0:02:%02d (0.1185 s / it)" % (ep, int(28 + rng.random() * 3)))
                L.append("Test:  Acc@1 %.3f Acc@5 %.3f loss %.3f" % (30 + ep * 1.1, 55 + ep * 0.9, 2.9 - ep * 0.04))
        if h == bad:
            L += ["Traceback (most recent call last):",
                  '  File "train.py", line 312, in <module>',
                  "    main(args)",
                  '  File "train.py", line 247, in main',
                  "    train_one_epoch(model, criterion, optimizer, data_loader, device, epoch, args)",
                  '  File "train.py", line 41, in train_one_epoch',
                  "    loss.backward()",
                  '  File "/sw/installed/PyTorch/1.8.1-fosscuda-2020b/lib/python3.8/site-packages/torch/tensor.py", line 245, in backward',
                  "    torch.autograd.backward(self, gradient, retain_graph, create_graph, inputs=inputs)",
                  "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution",
                  "CUDA kernel errors might be asynchronously reported at some other API call,so the stacktrace below might be incorrect.",
                  "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                  "",
                  "%s:%d:%d [1] NCCL INFO misc/utils.cc:136 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % (h, pids[1], pids[1] + 233)]
            L += old_elastic_tail(h, i, gpn, pids, 2, 1, add(tx, 2), "train.py", python="/sw/installed/Python/3.8.6-GCCcore-10.2.0/bin/python")
        else:
            for lr in range(gpn):
                L += watchdog_old(i * gpn + lr, 711204, "ALLREDUCE", 1800000, 1800000 + rng.randrange(30, 400), rng, line=587)
            L += old_elastic_tail(h, i, gpn, pids, 0, -6, add(tw, 2), "train.py", python="/sw/installed/Python/3.8.6-GCCcore-10.2.0/bin/python")
        b.add("%s/slurm-21992870.out" % h, L)
    ev = dmesg_noise(add(t0, -7200), 4 * 3600, rng, bad, n=18)
    ev += [(add(tx, -1), "NVRM: Xid (PCI:0000:3b:00): 74, pid=%d, name=python, NVLink: fatal error detected on link 1(0x10000, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)" % pids[2]),
           (add(tx, -1), "NVRM: Xid (PCI:0000:3b:00): 45, pid=%d, name=python, Ch 00000008" % pids[2]),
           (add(tx, 0), "NVRM: Xid (PCI:0000:12:00): 45, pid=%d, name=python, Ch 00000010" % pids[1])]
    b.add("%s/dmesg.txt" % bad, fmt_kern(ev, "S", bad, boot=T(2021, 5, 3, 7, 0, 0)))
    nv = []
    for g in range(4):
        nv.append("GPU %d: NVIDIA A100-SXM4-40GB (UUID: GPU-%s-%s-%s-%s-%s)" % (g, hexid(rng, 8), hexid(rng, 4), hexid(rng, 4), hexid(rng, 4), hexid(rng, 12)))
        for ln in range(4):
            bad_link = (g == 2 and ln == 1)
            nv += ["\t Link %d: Replay Errors: %d" % (ln, 1893 if bad_link else 0), "\t Link %d: Recovery Errors: %d" % (ln, 17 if bad_link else 0), "\t Link %d: CRC Errors: %d" % (ln, 40212 if bad_link else 0)]
    b.add("%s/nvidia-smi_nvlink_-e.txt" % bad, nv)
    b.add("taurusi8031/dmesg.txt", fmt_kern(dmesg_noise(add(t0, -7200), 4 * 3600, rng, "taurusi8031", n=18), "S", "taurusi8031", boot=T(2021, 5, 3, 7, 0, 0)))
    return b


@case
def bm15():
    rng = random.Random(6815)
    name = "bm15_error12_then_job_node_fail"
    hosts = ["gpu-a%02d" % i for i in range(9, 17)]
    gpn = 8
    bad = "gpu-a11"
    ips = {h: "10.44.1.%d" % (9 + k) for k, h in enumerate(hosts)}
    lab = label("host", "infrastructure", bad, None, "restart_without_node",
                "gpu-a11's previous-boot kernel log ends with an uncorrectable DIMM error (EDAC UE, 'Fatal machine check' panic) at 04:17, its torchrun output simply stops, slurmctld marks it not responding and the IPMI SEL records an uncorrectable ECC on CPU1_DIMM_B2; the error-12 completions on the other nodes all name gpu-a11's address as the peer.",
                "https://github.com/ovro-lwa/lwa-issues/issues/117")
    b = Bundle(name, lab)
    t0 = T(2024, 2, 20, 22, 0, 0)
    tx = T(2024, 2, 21, 4, 17, 32)
    jobid = 4410927
    for i, h in enumerate(hosts):
        pids = mkpids(rng, gpn)
        agent = rng.randrange(30000, 90000)
        train = None
        if i == 0:
            train, _, _ = megatron_train(add(t0, 160), add(tx, -3), rng, 4410, every=25, gbs=1536, tflops=187)
            train = megatron_startup(add(t0, 30), 64, 4, 2, 8, rng, gbs=1536, log_interval=25) + train
        tail = []
        if h == bad:
            L = torchrun_banner(add(t0, 2), agent, rng) + nccl_init_node(h, i, gpn, 8, pids, rng, net="IB", oob=("ib0", ips[h]), version="2.19.3+cuda12.3")
            b.add("%s/torchrun-%d.log" % (h, jobid), L)
            continue
        if h in ("gpu-a10", "gpu-a12", "gpu-a13"):
            lr = 0 if h == "gpu-a12" else 7
            port = rng.randrange(30000, 60000)
            tail += ib_remote_error_block(h, pids[lr], pids[lr] + 901, lr, "%s<%d>" % (ips[bad], port), 12, 129, "Send" if lr == 7 else "Recv", "2.19.3", "fe80::ba3f:d203:2c:%s" % hexid(rng, 4), "fe80::ba3f:d203:2c:11a0")
            tail += remote_error_torch(i * gpn + lr, add(tx, 25), rng, "2.19.3", "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (%s) localGid fe80::ba3f:d203:2c:%s remoteGids fe80::ba3f:d203:2c:11a0" % (ips[bad], port, "Send" if lr == 7 else "Recv", hexid(rng, 4)))
            first, t_end = lr, add(tx, 29)
        else:
            tw = add(tx, 600)
            for lr in (0, 5):
                tail += watchdog_new(i * gpn + lr, tw, 29117, "ALLREDUCE", 33554432, 33554432, 600000, 600000 + rng.randrange(10, 80), rng, with_frames=(lr == 0))
            first, t_end = 0, add(tw, 3)
        L = std_console(h, i, gpn, 8, rng, agent, pids, t0, dict(net="IB", oob=("ib0", ips[h]), version="2.19.3+cuda12.3"), train=train, tail=tail,
                        first_lr=first, t_end=t_end, script="pretrain_gpt.py", first_time=add(t_end, -3))
        b.add("%s/torchrun-%d.log" % (h, jobid), L)
    boot = T(2024, 2, 1, 8, 0, 0)
    ev = dmesg_noise(add(t0, -3600 * 3), 3600 * 9, rng, bad, n=20)
    for k in range(12):
        ev.append((add(tx, -600 + k * 40), "EDAC MC3: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0xb757589 offset:0xdc0 grain:32 syndrome:0x0 - err_code:0x0000:0x0091 SystemAddress:0xb757589dc0 ProcessorSocketId:0x1 MemoryControllerId:0x1 ChannelAddress:0x2dd5d6dc0 ChannelId:0x2 RankAddress:0x16eaeb40 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x5bab Column:0x370 Bank:0x1 BankGroup:0x2 ChipSelect:0x0 ChipId:0x0)"))
    ev += [(add(tx, -130), "mce: CMCI storm detected: switching to poll mode"),
           (add(tx, -1), "mce: [Hardware Error]: Machine check events logged"),
           (tx, "EDAC skx MC3: HANDLING MCE MEMORY ERROR"),
           (tx, "EDAC skx MC3: CPU 10: Machine Check Event: 0 Bank 8: fc00010001010092"),
           (tx, "EDAC skx MC3: TSC e6ee62e90fe6 "),
           (tx, "EDAC skx MC3: ADDR b757589dc0 "),
           (tx, "EDAC skx MC3: MISC 200805c290402086 "),
           (tx, "EDAC skx MC3: PROCESSOR 0:50657 TIME 1708489052 SOCKET 1 APIC 20"),
           (tx, "EDAC MC3: 1 UE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0xb757589 offset:0xdc0 grain:32 -  OVERFLOW err_code:0x0101:0x0092 SystemAddress:0xb757589dc0 ProcessorSocketId:0x1 MemoryControllerId:0x1 ChannelAddress:0x2dd5d6dc0 ChannelId:0x2)"),
           (add(tx, 1), "mce: [Hardware Error]: CPU 10: Machine Check Exception: 5 Bank 8: fc00010001010092"),
           (add(tx, 1), "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffae2b8f9e> {native_safe_halt+0xe/0x20}"),
           (add(tx, 1), "mce: [Hardware Error]: TSC e6ee62e911a2 ADDR b757589dc0 MISC 200805c290402086 "),
           (add(tx, 1), "mce: [Hardware Error]: PROCESSOR 0:50657 TIME 1708489053 SOCKET 1 APIC 20 microcode 5003604"),
           (add(tx, 1), "mce: [Hardware Error]: Run the above through 'mcelog --ascii'"),
           (add(tx, 1), "Kernel panic - not syncing: Fatal machine check")]
    b.add("%s/journalctl_-k_-b_-1.txt" % bad, ["-- Logs begin at Thu 2024-02-01 08:00:11 UTC, end at Wed 2024-02-21 04:17:33 UTC. --"] + fmt_kern(ev, "J", bad))
    b.add("%s/ipmitool_sel_list.txt" % bad, [
        "  1a3 | 01/29/2024 | 14:12:09 | Power Supply #0x62 | Power Supply AC lost | Asserted",
        "  1a4 | 01/29/2024 | 14:12:41 | Power Supply #0x62 | Power Supply AC lost | Deasserted",
        "  1a5 | 02/21/2024 | 04:17:32 | Memory #0x87 | Correctable ECC logging limit reached | Asserted | CPU1_DIMM_B2",
        "  1a6 | 02/21/2024 | 04:17:33 | Memory #0x87 | Uncorrectable ECC | Asserted | CPU1_DIMM_B2",
        "  1a7 | 02/21/2024 | 04:17:33 | Critical Interrupt #0xa1 | Bus Fatal Error | Asserted",
        "  1a8 | 02/21/2024 | 04:29:05 | System Event #0x83 | Timestamp Clock Sync | Asserted"])
    b.add("slurmctld.log", [
        "[2024-02-20T21:59:41.118] sched: Allocate JobId=%d NodeList=gpu-a[09-16] #CPUs=896 Partition=gpu" % jobid,
        "[2024-02-21T04:19:18.002] error: Nodes gpu-a11 not responding",
        "[2024-02-21T04:22:38.004] error: Nodes gpu-a11 not responding, setting DOWN",
        "[2024-02-21T04:22:38.005] Killing JobId=%d on failed node gpu-a11" % jobid,
        "[2024-02-21T04:22:38.117] _job_complete: JobId=%d WEXITSTATUS 0" % jobid,
        "[2024-02-21T04:22:38.118] _job_complete: JobId=%d done" % jobid,
        "[2024-02-21T04:29:41.551] Node gpu-a11 now responding",
        "[2024-02-21T04:29:41.552] validate_node_specs: Node gpu-a11 unexpectedly rebooted boot_time=1708489721 last response=1708489045"])
    b.add("sacct.txt", sacct(jobid, "gpt-40b", "hsun", [("", "gpt-40b", "gpu", "NODE_FAIL", "1:0", "06:22:57", "gpu-a[09-16]"),
                                                      (".0", "torchrun", "", "CANCELLED", "0:15", "06:22:50", "gpu-a[09-16]")]))
    return b


@case
def bm16():
    rng = random.Random(6816)
    name = "bm16_nccl_error_at_first_step"
    hosts = ["ng30903", "ng30904", "ng31001", "ng31102"]
    gpn = 4
    lab = label("oom", "framework", None, None, "stop",
                "Ranks on all four nodes fail the same way at the first training step: NCCL 'Cuda failure out of memory / Failed to CUDA calloc' while setting up a communicator, and torch OutOfMemoryError where this process alone holds ~39 GiB of the 40 GiB A100; no foreign processes are on the GPUs and the socket 'Connection closed by remote peer' lines are only fallout - the job's own configuration (13B, fp32 weights, FULL_SHARD without checkpointing, 4k seq) does not fit.",
                "https://github.com/NVIDIA/nccl/issues/1235")
    b = Bundle(name, lab)
    t0 = T(2024, 3, 8, 14, 1, 0)
    tf = T(2024, 3, 8, 14, 19, 47)
    b.add("fsdp_config.yaml", ["compute_environment: LOCAL_MACHINE", "distributed_type: FSDP", "downcast_bf16: 'no'", "fsdp_config:",
                               "  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP", "  fsdp_backward_prefetch: BACKWARD_PRE", "  fsdp_offload_params: false",
                               "  fsdp_sharding_strategy: FULL_SHARD", "  fsdp_state_dict_type: SHARDED_STATE_DICT", "  fsdp_transformer_layer_cls_to_wrap: LlamaDecoderLayer",
                               "mixed_precision: 'no'", "num_machines: 4", "num_processes: 16", "rdzv_backend: c10d", "same_network: true",
                               "# train args: --model_name_or_path meta-llama/Llama-2-13b-hf --per_device_train_batch_size 4 --max_seq_length 4096 --gradient_checkpointing False"])
    site = "/home/swayne/venvs/llm/lib/python3.10/site-packages"
    for i, h in enumerate(hosts):
        pids = mkpids(rng, gpn)
        agent = rng.randrange(30000, 90000)
        train = None
        if i == 0:
            train = ["Loading checkpoint shards: 100%%|##########| 3/3 [00:41<00:00, 13.71s/it]",
                     "  0%%|          | 0/2930 [00:00<?, ?it/s]"]
        tail = []
        oom_lr = [1, 3] if i % 2 == 0 else [0, 2]
        for lr in range(gpn):
            rk = i * gpn + lr
            if lr in oom_lr:
                tail += ["", "%s:%d:%d [%d] include/alloc.h:178 NCCL WARN Cuda failure 'out of memory'" % (h, pids[lr], pids[lr] + 3027, lr), "",
                         "%s:%d:%d [%d] include/alloc.h:185 NCCL WARN Failed to CUDA calloc 6291456 bytes" % (h, pids[lr], pids[lr] + 3027, lr),
                         "%s:%d:%d [%d] NCCL INFO transport/p2p.cc:204 -> 1" % (h, pids[lr], pids[lr] + 3027, lr),
                         "%s:%d:%d [%d] NCCL INFO transport/p2p.cc:605 -> 1" % (h, pids[lr], pids[lr] + 3027, lr),
                         "%s:%d:%d [%d] NCCL INFO proxy.cc:1303 -> 1" % (h, pids[lr], pids[lr] + 3027, lr),
                         "", "%s:%d:%d [%d] proxy.cc:1519 NCCL WARN [Proxy Service %d] Failed to execute operation Setup from rank %d, retcode 1" % (h, pids[lr], pids[lr] + 3027, lr, rk, rk),
                         "", "%s:%d:%d [%d] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer %s-ib.narval.calcul.quebec<%d>" % (h, pids[lr], pids[lr] + 3011, lr, hosts[(i + 1) % 4], rng.randrange(40000, 60000)),
                         "%s:%d:%d [%d] NCCL INFO misc/socket.cc:749 -> 6" % (h, pids[lr], pids[lr] + 3011, lr)]
            else:
                used = 38.96 + rng.random() * 0.3
                tail += ["[rank%d]: Traceback (most recent call last):" % rk,
                         '[rank%d]:   File "/home/swayne/llm-sft/train.py", line 208, in <module>' % rk,
                         "[rank%d]:     trainer.train()" % rk,
                         '[rank%d]:   File "%s/transformers/trainer.py", line 3238, in training_step' % (rk, site),
                         "[rank%d]:     self.accelerator.backward(loss, **kwargs)" % rk,
                         '[rank%d]:   File "%s/torch/autograd/graph.py", line 768, in _engine_run_backward' % (rk, site),
                         "[rank%d]:     return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass" % rk,
                         "[rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.22 GiB. GPU %d has a total capacity of 39.38 GiB of which %d.06 MiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and 1.07 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (rk, lr, rng.randrange(200, 420), used, used - 1.31)]
        tail += ["[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5" % (i * gpn + oom_lr[0]),
                 "[rank%d]: ncclUnhandledCudaError: Call to CUDA function failed." % (i * gpn + oom_lr[0]),
                 "[rank%d]: Last error:" % (i * gpn + oom_lr[0]),
                 "[rank%d]: Failed to CUDA calloc 6291456 bytes" % (i * gpn + oom_lr[0])]
        L = std_console(h, i, gpn, 4, rng, agent, pids, t0, dict(net="IB", oob=("ib0", "172.16.%d.%d" % (140 + i, 3 + i)), version="2.20.5+cuda12.4", bus=BUS_V4, hcas=["mlx5_0:1"]),
                        train=train, tail=tail, first_lr=oom_lr[0], first_code=1, t_end=add(tf, 3), script="train.py", first_time=tf,
                        tbkw=dict(site=site, entry="/home/swayne/venvs/llm/bin/torchrun"))
        b.add("%s/slurm-%d.out" % (h, 27338105), L)
        if i in (0, 2):
            b.add("%s/nvidia-smi.txt" % h, nvidia_smi_table(add(tf, -20), [dict(temp=55, pwr=260, util=100, mem=40100 + rng.randrange(200), cap=400) for _ in range(4)],
                                                            driver="550.54.14", cuda="12.4", model="NVIDIA A100-SXM4-40GB", mem_total=40960,
                                                            bus=["00000000:%s:00.0" % x for x in ("1A", "1B", "3D", "3E")],
                                                            procs=[(g, pids[g], "/home/swayne/venvs/llm/bin/python", 39800 + rng.randrange(200)) for g in range(4)]))
    b.add("sacct.txt", sacct(27338105, "llama13b-sft", "swayne", [("", "llama13b-sft", "gpubase_b", "FAILED", "1:0", "00:18:55", "ng[30903-30904,31001,31102]")]))
    return b


@case
def bm17():
    rng = random.Random(6817)
    name = "bm17_job_dies_seconds_after_start"
    hosts = ["dgk212", "dgk213", "dgk214", "dgk215"]
    gpn = 8
    bad = "dgk214"
    lab = label("oom", "infrastructure", bad, None, "restart_without_node",
                "Only the eight ranks on dgk214 hit CUDA OOM, and each message says another process already holds ~14 GiB of that GPU; nvidia-smi on dgk214 shows python processes of job 4411 (another user, killed yesterday, stuck in D state after 'STEPD TERMINATED ... DUE TO JOB NOT ENDING WITH SIGNALS') on all GPUs, while the other nodes only report the peers' disconnect.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/73")
    b = Bundle(name, lab)
    t0 = T(2024, 2, 12, 9, 30, 0)
    tf = T(2024, 2, 12, 9, 33, 41)
    jobid = 4532
    stale = [28341 + k * 3 for k in range(8)]
    for i, h in enumerate(hosts):
        pids = mkpids(rng, gpn)
        agent = rng.randrange(30000, 90000)
        tail = []
        if h == bad:
            for lr in range(gpn):
                rk = i * gpn + lr
                tail += ["[rank%d]: Traceback (most recent call last):" % rk,
                         '[rank%d]:   File "/jmain02/home/J2AD014/amartin/seg3d/train.py", line 97, in <module>' % rk,
                         "[rank%d]:     model = DDP(model.to(device), device_ids=[local_rank])" % rk,
                         '[rank%d]:   File "/jmain02/home/J2AD014/amartin/envs/torch24/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1340, in convert' % rk,
                         "[rank%d]:     return t.to(" % rk,
                         "[rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU %d has a total capacity of 31.74 GiB of which 1.12 GiB is free. Process %d has 14.02 GiB memory in use. Including non-PyTorch memory, this process has 16.57 GiB memory in use. Of the allocated memory 15.80 GiB is allocated by PyTorch, and 213.44 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (rk, lr, stale[lr])]
            first, code, t_end = 2, 1, add(tf, 2)
        else:
            lr = 0
            tail += ["", "%s:%d:%d [%d] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer %s<%d>" % (h, pids[lr], pids[lr] + 411, lr, bad, rng.randrange(40000, 60000)),
                     "%s:%d:%d [%d] NCCL INFO misc/socket.cc:749 -> 6" % (h, pids[lr], pids[lr] + 411, lr),
                     "", "%s:%d:%d [%d] proxy.cc:1143 NCCL WARN Socket recv failed while polling for opId=0x7f1c4400a210" % (h, pids[lr], pids[lr] + 411, lr),
                     "[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, remote process exited or there was a network error, NCCL version 2.20.5" % (i * gpn),
                     "[rank%d]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % (i * gpn),
                     "[rank%d]: Last error:" % (i * gpn),
                     "[rank%d]: socketProgress: Connection closed by remote peer %s<%d>" % (i * gpn, bad, rng.randrange(40000, 60000))]
            first, code, t_end = 0, 1, add(tf, 9)
        L = std_console(h, i, gpn, 4, rng, agent, pids, t0, dict(net="IB", oob=("ib0", "10.140.2.%d" % (12 + i)), version="2.20.5+cuda12.4", bus=["6000", "7000", "a000", "b000", "85000", "86000", "89000", "8a000"], hcas=["mlx5_0:1"]),
                        tail=tail, first_lr=first, first_code=code, t_end=t_end, script="train.py", first_time=add(t_end, -1),
                        tbkw=dict(site="/jmain02/home/J2AD014/amartin/envs/torch24/lib/python3.11/site-packages", entry="/jmain02/home/J2AD014/amartin/envs/torch24/bin/torchrun"))
        b.add("%s/slurm-%d.out" % (h, jobid), L)
    gpus = [dict(temp=38, pwr=58, util=0, mem=14356, cap=300) for _ in range(8)]
    b.add("%s/nvidia-smi.txt" % bad, nvidia_smi_table(add(tf, 120), gpus, driver="535.154.05", cuda="12.2", model="Tesla V100-SXM2-32GB", mem_total=32768,
                                                    bus=["00000000:%s:00.0" % x for x in ("06", "07", "0A", "0B", "85", "86", "89", "8A")],
                                                    procs=[(g, stale[g], "python", 14338) for g in range(8)]))
    b.add("%s/ps_stale.txt" % bad, ["$ ps -o pid,user,stat,lstart,etime,cmd -p %s" % ",".join(str(p) for p in stale),
                                   "    PID USER     STAT                  STARTED     ELAPSED CMD"] +
          ["%7d tkelly   Dl   Sun Feb 11 06:12:%02d 2024  1-03:21:%02d python train_seg.py --cfg cfg/unet3d.yaml" % (p, 10 + k, 30 + k) for k, p in enumerate(stale)])
    b.add("%s/slurmd.log" % bad, [
        "[2024-02-11T06:12:02.514] [4411.0] task/cgroup: _memcg_initialize: job: alloc=491520MB mem.limit=491520MB memsw.limit=unlimited",
        "[2024-02-11T23:56:12.004] [4411.0] error: *** STEP 4411.0 ON dgk214 CANCELLED AT 2024-02-11T23:56:12 DUE TO TIME LIMIT ***",
        "[2024-02-11T23:58:14.402] [4411.0] error: *** STEP 4411.0 STEPD TERMINATED ON dgk214 AT 2024-02-11T23:58:14 DUE TO JOB NOT ENDING WITH SIGNALS ***",
        "[2024-02-11T23:58:14.403] [4411.0] done with job",
        "[2024-02-12T09:29:51.117] [4532.extern] task/cgroup: _memcg_initialize: job: alloc=491520MB mem.limit=491520MB memsw.limit=unlimited",
        "[2024-02-12T09:29:52.640] [4532.0] task/cgroup: _memcg_initialize: step: alloc=491520MB mem.limit=491520MB memsw.limit=unlimited"])
    b.add("%s/nvidia-smi.txt" % hosts[0], nvidia_smi_table(add(tf, 130), [dict(temp=36, pwr=44, util=0, mem=0, cap=300) for _ in range(8)], driver="535.154.05", cuda="12.2",
                                                         model="Tesla V100-SXM2-32GB", mem_total=32768, bus=["00000000:%s:00.0" % x for x in ("06", "07", "0A", "0B", "85", "86", "89", "8A")]))
    return b


@case
def bm18():
    rng = random.Random(6818)
    name = "bm18_timeout_right_after_checkpoint_save"
    hosts = ["h100-301", "h100-302", "h100-303", "h100-304"]
    gpn = 8
    lab = label("storage", "infrastructure", None, None, "restart",
                "Rank 0 starts 'Saving latest checkpoint' at 10:28:25 and never returns (py-spy: blocked in torch.save write, kernel: python blocked in D state in nfs_*); at the same moment all four nodes log 'nfs: server nfs-proj02 not responding, still trying' until 'OK' at 10:51, so the watchdog ALLREDUCE timeouts on ranks 1-31 are fallout of a transient outage of the shared NFS server.",
                "https://github.com/ai2cm/ace/issues/851")
    b = Bundle(name, lab)
    t0 = T(2025, 2, 17, 22, 5, 0)
    ts = T(2025, 2, 18, 10, 28, 25)
    tw = T(2025, 2, 18, 10, 48, 25)
    tok = T(2025, 2, 18, 10, 51, 4)
    jobid = 61870
    for i, h in enumerate(hosts):
        pids = mkpids(rng, gpn)
        agent = rng.randrange(30000, 90000)
        train = None
        if i == 0:
            train = []
            tt = add(t0, 120)
            ep, nb = 3, 33000
            while tt < add(ts, -30):
                tt = add(tt, 60 * 5)
                nb += 250
                train.append("%s - root - INFO - Epoch %d: batch %d, train/mean/loss=%.5f, lr=%.3e, batches/s=%.3f" % (pyts(tt, rng), ep, nb, 0.0912 - nb / 2e7 + rng.random() * 0.002, 1e-4, 0.83 + rng.random() * 0.02))
            train.append("%s - root - INFO - Saving latest checkpoint model trained for 3 complete epochs and 36738 additional batches, or 369000 total batches, with best_validation_loss 0.20325350761413574 and best_inference_error 0.3175671041704888" % pyts(ts, rng))
        tail = []
        for lr in range(gpn):
            rk = i * gpn + lr
            if rk == 0:
                continue
            if lr in (1, 4) or (i == 0 and lr == 2):
                tail += watchdog_new(rk, add(tw, rng.randrange(0, 2)), 1512677, "ALLREDUCE", 306176, 306176, 1200000, 1200000 + rng.randrange(10, 60), rng, with_frames=(lr == 1))
        first = 1 if i == 0 else 1
        L = std_console(h, i, gpn, 4, rng, agent, pids, t0, dict(net="IB", oob=("ib0", "10.52.0.%d" % (1 + i)), version="2.21.5+cuda12.4"), train=train, tail=tail,
                        first_lr=first, t_end=add(tw, 3), script="fme.ace.train", first_time=add(tw, 1))
        b.add("%s/torchrun-%d.log" % (h, jobid), L)
        ev = dmesg_noise(add(t0, -7200), 14 * 3600, rng, h, n=18)
        ev += [(add(ts, 7 + i), "nfs: server nfs-proj02 not responding, still trying"),
               (add(ts, 190 + i), "nfs: server nfs-proj02 not responding, still trying"),
               (add(tok, i), "nfs: server nfs-proj02 OK")]
        if i == 0:
            ev += [(add(ts, 250), "INFO: task python:%d blocked for more than 122 seconds." % pids[0]),
                   (add(ts, 250), "      Not tainted 5.15.0-119-generic #129-Ubuntu"),
                   (add(ts, 250), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
                   (add(ts, 250), "task:python          state:D stack:    0 pid:%d ppid:%d flags:0x00004002" % (pids[0], agent)),
                   (add(ts, 250), "Call Trace:"),
                   (add(ts, 250), " <TASK>"),
                   (add(ts, 250), " __schedule+0x24e/0x590"),
                   (add(ts, 250), " schedule+0x69/0x110"),
                   (add(ts, 250), " rpc_wait_bit_killable+0x11/0x70 [sunrpc]"),
                   (add(ts, 250), " __wait_on_bit+0x33/0xa0"),
                   (add(ts, 250), " nfs_writepages+0x1e9/0x2c0 [nfs]"),
                   (add(ts, 250), " do_writepages+0xd5/0x210"),
                   (add(ts, 250), " filemap_fdatawrite_wbc+0x66/0x90"),
                   (add(ts, 250), " nfs_file_flush+0x56/0x80 [nfs]"),
                   (add(ts, 250), " filp_close+0x37/0x90"),
                   (add(ts, 250), " </TASK>")]
        b.add("%s/dmesg.txt" % h, fmt_kern(ev, "T", h))
    b.add("h100-301/py-spy-rank0.txt", ["# py-spy dump taken 2025-02-18 10:41:12"] + pyspy_block(40012, "/opt/venv/bin/python -m fme.ace.train config-train.yaml", [
        "_save (torch/serialization.py:900)",
        "save (torch/serialization.py:652)",
        "save_checkpoint (fme/core/generics/trainer.py:512)",
        "_save_restart_checkpoints (fme/core/generics/trainer.py:488)",
        "train (fme/core/generics/trainer.py:301)",
        "run_train (fme/ace/train/train.py:174)",
        "<module> (fme/ace/train/__main__.py:4)"], "idle"))
    b.add("mount_checkpoint_dir.txt", ["$ findmnt -T /climate-default/checkpoints/ace2-era5", "TARGET                      SOURCE                         FSTYPE OPTIONS",
                                       "/climate-default            nfs-proj02:/export/climate-default nfs4   rw,relatime,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys"])
    return b


@case
def bm19():
    rng = random.Random(6819)
    name = "bm19_nccl_init_fails_under_mpirun"
    hosts = ["a100-05", "a100-06", "a100-07", "a100-08"]
    gpn = 8
    bad = "a100-07"
    lab = label("storage", "infrastructure", bad, None, "restart_without_node",
                "Only ranks 16-23 (all on a100-07) fail creating their NCCL shared-memory segments with 'failed to extend /dev/shm/nccl-* ... No space left on device (28)'; df shows /dev/shm on a100-07 100% full of stale nccl-* files left by earlier crashed jobs, while the other nodes have free /dev/shm and only report the peer disconnects.",
                "https://github.com/NVIDIA/nccl/issues/525")
    b = Bundle(name, lab)
    t0 = T(2024, 11, 4, 16, 2, 10)
    L = ["$ mpirun -np 32 -H a100-05:8,a100-06:8,a100-07:8,a100-08:8 --tag-output --bind-to none -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH -x MASTER_ADDR=a100-05 -x MASTER_PORT=29611 python train_ddp.py --cfg configs/vit_h14.yaml"]
    streams, init_streams, bad_streams = [], [], []
    pids_all = {}
    for i, h in enumerate(hosts):
        pids = mkpids(rng, gpn)
        pids_all[h] = pids
        for lr in range(gpn):
            rk = i * gpn + lr
            lines = nccl_init_rank(h, pids[lr], pids[lr] + 77, lr, rk, 32, 4, gpn, rng, net="IB", oob=("ib0", "10.60.7.%d" % (5 + i)), version="2.21.5+cuda12.4", bus=BUS_A100, hcas=["mlx5_%d:1" % k for k in range(4)])
            lines = [x for x in lines if "Connected all" not in x and "Init COMPLETE" not in x and "threadThresholds" not in x and "coll channels" not in x and "TUNER" not in x]
            init_streams.append(["[1,%d]<stdout>:%s" % (rk, x) for x in lines])
            lines = []
            if h == bad:
                seg = "nccl-" + "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") for _ in range(6))
                sz = rng.choice([9637892, 33030532])
                lines += ["%s:%d:%d [%d] NCCL INFO Channel 00 : %d[%d] -> %d[%d] via SHM/direct/direct" % (h, pids[lr], pids[lr] + 77, lr, rk, lr, rk + 1 if lr < 7 else rk - 7, (lr + 1) % 8),
                          "", "[2024-11-04 16:03:02] %s:%d:%d [%d] misc/shmutils.cc:87 NCCL WARN Error: failed to extend /dev/shm/%s to %d bytes, error: No space left on device (28)" % (h, pids[lr], pids[lr] + 77, lr, seg, sz),
                          "", "[2024-11-04 16:03:02] %s:%d:%d [%d] misc/shmutils.cc:129 NCCL WARN Error while creating shared memory segment /dev/shm/%s (size %d), error: No space left on device (28)" % (h, pids[lr], pids[lr] + 77, lr, seg, sz - 4),
                          "%s:%d:%d [%d] NCCL INFO transport/shm.cc:551 -> 2" % (h, pids[lr], pids[lr] + 77, lr),
                          "%s:%d:%d [%d] NCCL INFO transport/shm.cc:493 -> 2" % (h, pids[lr], pids[lr] + 77, lr),
                          "%s:%d:%d [%d] NCCL INFO transport.cc:165 -> 2" % (h, pids[lr], pids[lr] + 77, lr),
                          "%s:%d:%d [%d] NCCL INFO init.cc:1222 -> 2" % (h, pids[lr], pids[lr] + 77, lr),
                          "%s:%d:%d [%d] NCCL INFO group.cc:64 -> 2 [Async thread]" % (h, pids[lr], pids[lr] + 77, lr),
                          "Traceback (most recent call last):",
                          '  File "/work/vit/train_ddp.py", line 77, in <module>',
                          "    model = DDP(model, device_ids=[local_rank])",
                          '  File "/opt/conda/lib/python3.11/site-packages/torch/nn/parallel/distributed.py", line 825, in __init__',
                          "    _verify_param_shape_across_processes(self.process_group, parameters)",
                          "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
                          "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ",
                          "Last error:",
                          "Error while creating shared memory segment /dev/shm/%s (size %d), error: No space left on device (28)" % (seg, sz - 4)]
            elif lr in (0, 7):
                lines += ["", "[2024-11-04 16:03:03] %s:%d:%d [%d] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer %s<%d>" % (h, pids[lr], pids[lr] + 78, lr, bad, rng.randrange(40000, 60000)),
                          "%s:%d:%d [%d] NCCL INFO misc/socket.cc:749 -> 6" % (h, pids[lr], pids[lr] + 78, lr),
                          "", "[2024-11-04 16:03:03] %s:%d:%d [%d] proxy.cc:1143 NCCL WARN Socket recv failed while polling for opId=0x7f%s" % (h, pids[lr], pids[lr] + 78, lr, hexid(rng, 10)),
                          "%s:%d:%d [%d] NCCL INFO transport/net.cc:304 -> 3" % (h, pids[lr], pids[lr] + 78, lr),
                          "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, remote process exited or there was a network error, NCCL version 2.21.5",
                          "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                          "Last error:",
                          "socketProgress: Connection closed by remote peer %s<%d>" % (bad, rng.randrange(40000, 60000))]
            (bad_streams if h == bad else streams).append(["[1,%d]<%s>:%s" % (rk, "stderr" if ("Traceback" in x or x.startswith("  ") or "Error" in x.split(":")[0] or x.startswith("ncclS") or x.startswith("ncclR") or x.startswith("Last") or x.startswith("Error while") or x.startswith("socketP")) else "stdout", x) for x in lines])
    L += interleave(init_streams, rng)
    L += interleave(bad_streams, rng)
    L += interleave(streams, rng)
    L += ["--------------------------------------------------------------------------",
          "Primary job  terminated normally, but 1 process returned",
          "a non-zero exit code. Per user-direction, the job has been aborted.",
          "--------------------------------------------------------------------------",
          "--------------------------------------------------------------------------",
          "mpirun detected that one or more processes exited with non-zero status, thus causing",
          "the job to be terminated. The first process to do so was:", "",
          "  Process name: [[11192,1],18]", "  Exit code:    1",
          "--------------------------------------------------------------------------"]
    b.add("mpirun.out", L)
    b.add("%s/df_h.txt" % bad, ["Filesystem      Size  Used Avail Use% Mounted on", "/dev/nvme0n1p2  1.8T  412G  1.3T  25% /", "tmpfs           252G  252G     0 100% /dev/shm",
                                "/dev/nvme1n1    7.0T  2.1T  4.9T  30% /scratch", "weka01:/ml     2.0P  1.4P  612T  70% /work"])
    ls = ["$ ls -la --time-style=long-iso /dev/shm | head -40", "total 264241152", "drwxrwxrwt  2 root   root          52840 2024-11-04 16:03 .", "drwxr-xr-x 21 root   root           4680 2024-10-02 09:14 .."]
    for k in range(36):
        d = add(T(2024, 10, 21, 3, 11, 0), k * 5400)
        ls.append("-rw-------  1 %-7s %-7s %9d %s nccl-%s" % (rng.choice(["jli", "pkumar", "jli", "svc-ml"]), "ml", rng.choice([9637888, 33030528, 0, 0]), d.strftime("%Y-%m-%d %H:%M"), "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") for _ in range(6))))
    ls += ["$ ls /dev/shm | wc -l", "26417", "$ du -sh /dev/shm", "252G\t/dev/shm"]
    b.add("%s/ls_dev_shm.txt" % bad, ls)
    b.add("a100-05/df_h.txt", ["Filesystem      Size  Used Avail Use% Mounted on", "/dev/nvme0n1p2  1.8T  398G  1.3T  24% /", "tmpfs           252G  1.2G  251G   1% /dev/shm",
                               "/dev/nvme1n1    7.0T  1.7T  5.3T  25% /scratch", "weka01:/ml     2.0P  1.4P  612T  70% /work"])
    return b


@case
def bm20():
    rng = random.Random(6820)
    name = "bm20_crash_while_saving_checkpoint"
    hosts = ["cw-gpu-%03d" % k for k in range(11, 19)]
    gpn = 8
    lab = label("storage", "infrastructure", None, None, "stop",
                "The distributed checkpoint at step 12000 fails on several ranks with 'OSError: [Errno 122] Disk quota exceeded' writing .distcp shards to /lustre/fsw/proj-llm, and lfs quota shows the project group at its 200T hard limit; the NCCL timeouts on the remaining ranks follow from that, and resubmitting will fail again until space is freed or the quota raised.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")
    b = Bundle(name, lab)
    t0 = T(2024, 6, 20, 18, 30, 0)
    tc = T(2024, 6, 21, 3, 11, 2)
    ck = "/lustre/fsw/proj-llm/users/jdoe/results/gpt-22b/checkpoints/megatron_gpt--step=12000-consumed_samples=24576000.0"
    L = []
    for k in range(0, 64, 9):
        L.append("%d: [NeMo I %s nemo_logging:349] Rank %d has data parallel group : %s" % (k, add(t0, 40).strftime("%Y-%m-%d %H:%M:%S"), k, [k % 8 + 8 * j for j in range(8)]))
    L.append("0: [NeMo I %s megatron_init:269] All data parallel group ranks with context parallel combined: [[0, 8, 16, 24, 32, 40, 48, 56], ...]" % add(t0, 41).strftime("%Y-%m-%d %H:%M:%S"))
    for h_i, h in enumerate(hosts):
        for lr in (0,):
            rk = h_i * gpn + lr
            L.append("%d: %s:%d:%d [%d] NCCL INFO ncclCommInitRank comm 0x%s rank %d nranks 64 cudaDev %d nvmlDev %d busId 18000 commId 0x%s - Init COMPLETE" % (rk, h, 70000 + rk, 71000 + rk, lr, hexid(rng, 10), rk, lr, lr, hexid(rng, 16)))
    tt = add(t0, 300)
    st = 0
    while tt < add(tc, -5):
        st += 100
        tt = add(tt, 100 * 3.06)
        L.append("0: Epoch 0: : %d/200000 [%02d:%02d:%02d<..., reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=3.060]" % (st, int((tt - t0).total_seconds()) // 3600, (int((tt - t0).total_seconds()) // 60) % 60, int((tt - t0).total_seconds()) % 60, 2.4 - st / 40000.0 + rng.random() * 0.02, st - 1, st * 2048))
        if st % 4000 == 0 and st < 12000:
            L.append("0: [NeMo I %s nemo_model_checkpoint:226] Checkpoint save for step %d started at %.3f." % (tt.strftime("%Y-%m-%d %H:%M:%S"), st, 1718900000.0 + st))
            L.append("0: Epoch 0, global step %d: 'val_loss' reached %.5f (best %.5f), saving model to '/lustre/fsw/proj-llm/users/jdoe/results/gpt-22b/checkpoints/megatron_gpt--val_loss=%.2f-step=%d-consumed_samples=%d.0.ckpt' as top 3" % (st - 1, 2.3 - st / 40000.0, 2.3 - st / 40000.0, 2.3 - st / 40000.0, st, st * 2048))
    L.append("0: [NeMo I %s nemo_model_checkpoint:226] Checkpoint save for step 12000 started at 1718939462.013." % tc.strftime("%Y-%m-%d %H:%M:%S"))
    bad_ranks = [3, 19, 27, 44, 58]
    for rk in bad_ranks:
        L += ["%d: Traceback (most recent call last):" % rk,
              '%d:   File "/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/filesystem_async.py", line 240, in write_preloaded_data' % rk,
              "%d:     with open(file_name, \"wb\") as stream:" % rk,
              "%d: OSError: [Errno 122] Disk quota exceeded: '%s/__%d_0.distcp'" % (rk, ck, rk),
              "%d: " % rk,
              "%d: The above exception was the direct cause of the following exception:" % rk,
              "%d: " % rk,
              '%d:   File "/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/async_utils.py", line 186, in maybe_finalize_async_calls' % rk,
              "%d:     raise CheckpointException(\"write\", {rank: e})" % rk,
              "%d: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%d])" % (rk, rk)]
    tw = add(tc, 600)
    for rk in (0, 8, 16, 33, 47, 63):
        L += ["%d: %s" % (rk, x) for x in watchdog_new(rk, tw, 610144, "ALLREDUCE", 1, 1, 600000, 600000 + rng.randrange(10, 50), rng, pg="5", pgname="5", with_frames=False)]
    L += ["srun: error: cw-gpu-011: task 3: Exited with exit code 1", "srun: Terminating StepId=880142.0",
          "slurmstepd: error: *** STEP 880142.0 ON cw-gpu-011 CANCELLED AT 2024-06-21T03:21:09 ***",
          "srun: error: cw-gpu-013: task 19: Exited with exit code 1", "srun: error: cw-gpu-014: tasks 24-31: Terminated"]
    b.add("slurm-880142.out", L)
    b.add("lfs_quota.txt", ["$ lfs quota -h -g proj-llm /lustre/fsw", "Disk quotas for grp proj-llm (gid 40211):",
                            "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
                            "    /lustre/fsw    200T*   190T    200T       -  4812233       0       0       -",
                            "", "$ lfs quota -h -u jdoe /lustre/fsw", "Disk quotas for usr jdoe (uid 51107):",
                            "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
                            "    /lustre/fsw   61.2T       0       0       -   711502       0       0       -"])
    b.add("ls_checkpoints.txt", ["$ ls -1 /lustre/fsw/proj-llm/users/jdoe/results/gpt-22b/checkpoints/",
                                 "megatron_gpt--val_loss=2.20-step=4000-consumed_samples=8192000.0",
                                 "megatron_gpt--val_loss=2.10-step=8000-consumed_samples=16384000.0",
                                 "megatron_gpt--step=12000-consumed_samples=24576000.0-unfinished"])
    for h in hosts[:2]:
        b.add("%s/dmesg.txt" % h, fmt_kern(dmesg_noise(add(t0, -3600), 10 * 3600, rng, h, n=16), "T", h))
    b.add("sacct.txt", sacct(880142, "gpt-22b", "jdoe", [("", "gpt-22b", "batch", "FAILED", "1:0", "08:51:09", "cw-gpu-[011-018]"), (".0", "bash", "", "FAILED", "1:0", "08:51:05", "cw-gpu-[011-018]")]))
    return b


@case
def bm21():
    rng = random.Random(6821)
    name = "bm21_socket_family_0_at_bootstrap"
    hosts = ["lh-01", "lh-02", "lh-03", "lh-04"]
    gpn = 8
    bad = "lh-01"
    lab = label("dependency", "infrastructure", bad, None, "restart_without_node",
                "Ranks on lh-02..lh-04 fail bootstrap with 'ncclSocketInit: connecting to address with family 0' while lh-01 sees peers hang up; pip freeze and torch.cuda.nccl.version() show lh-01's venv alone carries nvidia-nccl-cu12 2.20.5 (plus a stray cu11 wheel) against 2.19.3 on the other three - a broken environment on one host.",
                "https://github.com/NVIDIA/nccl/issues/1267")
    b = Bundle(name, lab)
    t0 = T(2024, 4, 25, 13, 12, 0)
    tf = add(t0, 41)
    for i, h in enumerate(hosts):
        pids = mkpids(rng, gpn)
        agent = rng.randrange(30000, 90000)
        ver = "2.20.5+cuda12.4" if h == bad else "2.19.3+cuda12.3"
        tail = []
        if h != bad:
            for lr in range(gpn):
                rk = i * gpn + lr
                if lr in (0, 3, 6):
                    tail += ["", "%s:%d:%d [%d] misc/socket.cc:50 NCCL WARN ncclSocketInit: connecting to address with family 0 is neither AF_INET(2) nor AF_INET6(10)" % (h, pids[lr], pids[lr] + 99, lr),
                             "%s:%d:%d [%d] NCCL INFO bootstrap.cc:391 -> 3" % (h, pids[lr], pids[lr] + 99, lr),
                             "%s:%d:%d [%d] NCCL INFO init.cc:1375 -> 3" % (h, pids[lr], pids[lr] + 99, lr),
                             "%s:%d:%d [%d] NCCL INFO group.cc:64 -> 3 [Async thread]" % (h, pids[lr], pids[lr] + 99, lr),
                             "[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, internal error - please report this issue to the NCCL developers, NCCL version 2.19.3" % rk,
                             "[rank%d]: ncclInternalError: Internal check failed." % rk,
                             "[rank%d]: Last error:" % rk,
                             "[rank%d]: ncclSocketInit: connecting to address with family 0 is neither AF_INET(2) nor AF_INET6(10)" % rk]
            first = 0
        else:
            for lr in (0, 1):
                rk = lr
                tail += ["", "%s:%d:%d [%d] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer lh-0%d<%d>" % (h, pids[lr], pids[lr] + 99, lr, 2 + lr, rng.randrange(40000, 60000)),
                         "%s:%d:%d [%d] NCCL INFO bootstrap.cc:268 -> 6" % (h, pids[lr], pids[lr] + 99, lr),
                         "[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error, NCCL version 2.20.5" % rk,
                         "[rank%d]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % rk,
                         "[rank%d]: Last error:" % rk,
                         "[rank%d]: socketProgress: Connection closed by remote peer lh-02<51023>" % rk]
            first = 0
        L = torchrun_banner(add(t0, 2), agent, rng)
        for lr in range(gpn):
            L += ["%s:%d:%d [%d] NCCL INFO Bootstrap : Using enp65s0f0:192.168.50.%d<0>" % (h, pids[lr], pids[lr], lr, 11 + i),
                  "%s:%d:%d [%d] NCCL INFO cudaDriverVersion 12040" % (h, pids[lr], pids[lr], lr)]
            if i == 0 and lr == 0:
                L.append("NCCL version %s" % ver)
            L += ["%s:%d:%d [%d] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [RO]; OOB enp65s0f0:192.168.50.%d<0>" % (h, pids[lr], pids[lr] + 99, lr, 11 + i),
                  "%s:%d:%d [%d] NCCL INFO Using network IB" % (h, pids[lr], pids[lr] + 99, lr)]
        L += tail
        others = [p for k, p in enumerate(pids) if k != first]
        L += elastic_sigterm(add(tf, 2), agent, others, rng)
        L += elastic_failed(add(tf, 4), agent, 1, first, pids[first], python="/home/jc/venv/bin/python")
        L += child_failed("train.py", [dict(time=add(tf, 4), host=h, rank=i * gpn + 3, lr=3, exitcode=1, pid=pids[3])] if h != bad else [],
                          dict(time=tf, host=h, rank=i * gpn + first, lr=first, exitcode=1, pid=pids[first]), site="/home/jc/venv/lib/python3.10/site-packages", entry="/home/jc/venv/bin/torchrun")
        b.add("%s/torchrun.log" % h, L)
        pf = ["$ /home/jc/venv/bin/pip freeze | grep -i -E 'torch|nccl'"]
        if h == bad:
            pf += ["nvidia-nccl-cu11==2.14.3", "nvidia-nccl-cu12==2.20.5", "torch==2.2.1"]
            nv = "(2, 20, 5)"
        else:
            pf += ["nvidia-nccl-cu11==2.14.3", "nvidia-nccl-cu12==2.19.3", "torch==2.2.1"]
            nv = "(2, 19, 3)"
        pf += ["$ /home/jc/venv/bin/python -c 'import torch; print(torch.__version__, torch.cuda.nccl.version())'", "2.2.1+cu121 %s" % nv,
               "$ ls -l /usr/local/nccl2/lib/", "lrwxrwxrwx 1 root root       12 Mar  2 10:41 libnccl.so -> libnccl.so.2", "lrwxrwxrwx 1 root root       17 Mar  2 10:41 libnccl.so.2 -> libnccl.so.2.17.1", "-rwxr-xr-x 1 root root 183624416 Mar  2 10:41 libnccl.so.2.17.1"]
        b.add("%s/pip_freeze_nccl.txt" % h, pf)
    return b


@case
def bm22():
    rng = random.Random(6822)
    name = "bm22_internal_error_attribute_arch_missing"
    nodes = ["ip-10-3-14-201.ec2.internal", "ip-10-3-22-87.ec2.internal"]
    pods = ["llm-sft-p5-worker-0", "llm-sft-p5-worker-1"]
    gpn = 8
    lab = label("dependency", "framework", None, None, "stop",
                "Every rank on both p5 pods aborts in ncclCommInitRank with 'graph/xml.h:101 NCCL WARN Attribute arch of node cpu not found' after aws-ofi-nccl points NCCL_TOPO_FILE at the p5.48xl-topo.xml shipped in the image; that XML lacks the cpu arch/vendor attributes, so the same image will fail identically everywhere until it is rebuilt.",
                "https://github.com/aws/aws-ofi-nccl/issues/476")
    b = Bundle(name, lab)
    t0 = T(2024, 7, 25, 17, 40, 0)
    for i, (n, p) in enumerate(zip(nodes, pods)):
        pids = [100 + k * 7 for k in range(gpn)]
        h = p
        L = torchrun_banner(add(t0, 3), 1, rng)
        streams = []
        for lr in range(gpn):
            rk = i * gpn + lr
            q = "%s:%d:%d [%d] NCCL INFO " % (h, pids[lr], pids[lr] + 20, lr)
            s = ["%s:%d:%d [%d] NCCL INFO Bootstrap : Using eth0:10.3.%d.%d<0>" % (h, pids[lr], pids[lr], lr, 14 + 8 * i, 201 - 114 * i),
                 q + "NET/OFI Initializing aws-ofi-nccl 1.9.2-aws", q + "NET/OFI Using Libfabric version 1.21", q + "NET/OFI Using CUDA driver version 12040",
                 q + "NET/OFI Configuring AWS-specific options", q + "NET/OFI Setting provider_filter to efa",
                 q + "NET/OFI Running on p5.48xlarge platform, Setting NCCL_TOPO_FILE environment variable to /opt/amazon/ofi-nccl/share/aws-ofi-nccl/xml/p5.48xl-topo.xml",
                 q + "NET/OFI Internode latency set at 75.0 us", q + "NET/OFI Selected Provider is efa (found 32 nics)",
                 q + "Using network AWS Libfabric",
                 q + "comm 0x%s rank %d nranks 16 cudaDev %d nvmlDev %d busId %s commId 0x%s - Init START" % (hexid(rng, 10), rk, lr, lr, BUS_H100[lr], hexid(rng, 16)),
                 "", "%s:%d:%d [%d] graph/xml.h:101 NCCL WARN Attribute arch of node cpu not found" % (h, pids[lr], pids[lr] + 20, lr),
                 q + "graph/topo.cc:493 -> 3", q + "graph/topo.cc:623 -> 3", q + "graph/topo.cc:773 -> 3", q + "init.cc:1012 -> 3", q + "init.cc:1548 -> 3", q + "group.cc:64 -> 3 [Async thread]",
                 "[rank%d]: Traceback (most recent call last):" % rk,
                 '[rank%d]:   File "/workspace/sft/train.py", line 64, in <module>' % rk,
                 "[rank%d]:     dist.barrier()" % rk,
                 '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 3936, in barrier' % rk,
                 "[rank%d]:     work = default_pg.barrier(opts=opts)" % rk,
                 "[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, internal error - please report this issue to the NCCL developers, NCCL version 2.20.5" % rk,
                 "[rank%d]: ncclInternalError: Internal check failed." % rk,
                 "[rank%d]: Last error:" % rk,
                 "[rank%d]: Attribute arch of node cpu not found" % rk]
            if lr == 0 and i == 0:
                s.insert(1, "NCCL version 2.20.5+cuda12.4")
            streams.append(s)
        L += interleave(streams, rng)
        L += elastic_sigterm(add(t0, 40), 1, pids[1:], rng)
        L += elastic_failed(add(t0, 42), 1, 1, 0, pids[0])
        L += child_failed("train.py", [dict(time=add(t0, 42), host=h, rank=i * gpn + k, lr=k, exitcode=1, pid=pids[k]) for k in (1, 2)],
                          dict(time=add(t0, 39), host=h, rank=i * gpn, lr=0, exitcode=1, pid=pids[0]))
        b.add("%s/%s.log" % (n, p), L)
        b.add("%s/kubectl_describe_pod_%s.txt" % (n, p), ["Name:             %s" % p, "Namespace:        ml", "Node:             %s/10.3.%d.%d" % (n, 14 + 8 * i, 201 - 114 * i),
                                                      "Status:           Failed", "Containers:", "  pytorch:",
                                                      "    Image:          123456789012.dkr.ecr.us-west-2.amazonaws.com/llm-train:2024.07.2",
                                                      "    Image ID:       123456789012.dkr.ecr.us-west-2.amazonaws.com/llm-train@sha256:5b2f0c9e7d41a3be08c1f1e6d0a7c2b9e4f3a1d5c6b7e8f9a0b1c2d3e4f5a6b7",
                                                      "    State:          Terminated", "      Reason:       Error", "      Exit Code:    1",
                                                      "    Limits:", "      nvidia.com/gpu:          8", "      vpc.amazonaws.com/efa:   32"])
    b.add("image_topo_file.txt", ["$ kubectl exec llm-sft-p5-debug -- sed -n 1,12p /opt/amazon/ofi-nccl/share/aws-ofi-nccl/xml/p5.48xl-topo.xml",
                                  '<system version="1">',
                                  '  <cpu numaid="0" affinity="00000000,00000000,0000ffff,ffffffff,ffffffff,00000000,00000000,ffffffff,ffffffff,ffffffff">',
                                  '    <pci busid="ffff:ff:01.0" class="0x060400" link_speed="32.0 GT/s PCIe" link_width="16">',
                                  '      <pci busid="ffff:ff:02.0" class="0x060400" link_speed="32.0 GT/s PCIe" link_width="16">',
                                  '        <pci busid="0000:53:00.0" class="0x030200" link_speed="32.0 GT/s PCIe" link_width="16"/>',
                                  '        <pci busid="0000:50:00.0" class="0x020000" link_speed="32.0 GT/s PCIe" link_width="16"/>',
                                  "",
                                  "$ kubectl exec llm-sft-p5-debug -- cat /opt/build-info.txt",
                                  "aws-ofi-nccl: 1.9.2-aws (built from source, --with-topo-files=./topology/p5)",
                                  "nccl: 2.20.5 (torch wheel)", "efa-installer: 1.32.0"])
    b.add("kubectl_get_pytorchjob.txt", ["NAME          STATE    AGE", "llm-sft-p5    Failed   6m"])
    return b


@case
def bm23():
    rng = random.Random(6823)
    name = "bm23_nemo_internal_error_could_not_find_net"
    hosts = ["uoe-gpu-03", "uoe-gpu-04"]
    gpn = 4
    lab = label("dependency", "framework", None, None, "stop",
                "Both nodes fail the first collective with 'NCCL error ... internal error ... NCCL version 2.25.1' after 'graph/topo.h:230 NCCL WARN Could not find NET with id 0'; single-node runs work and yesterday's identical job in the previous container (NCCL 2.23.4) completed, so the NCCL 2.25.1 build inside nemo:25.02 is at fault and needs a different image.",
                "https://github.com/NVIDIA-NeMo/Speech/issues/13996")
    b = Bundle(name, lab)
    t0 = T(2025, 6, 9, 11, 5, 0)
    for i, h in enumerate(hosts):
        pids = mkpids(rng, gpn)
        agent = rng.randrange(30000, 90000)
        streams = []
        for lr in range(gpn):
            rk = i * gpn + lr
            base = nccl_init_rank(h, pids[lr], pids[lr] + 58, lr, rk, 8, 2, gpn, rng, net="IB", oob=("ib0", "10.90.3.%d" % (3 + i)), version="2.25.1+cuda12.8", bus=BUS_V4, hcas=["mlx5_0:1", "mlx5_1:1"])
            base = [x for x in base if "Channel" not in x and "Connected" not in x and "Init COMPLETE" not in x and "threadThresholds" not in x and "coll channels" not in x and "TUNER" not in x]
            q = "%s:%d:%d [%d] " % (h, pids[lr], pids[lr] + 58, lr)
            base += ["", q + "graph/search.cc:1135 NCCL WARN Could not find a path for pattern 1, falling back to simple order", "",
                     q + "graph/search.cc:1135 NCCL WARN Could not find a path for pattern 4, falling back to simple order", "",
                     q + "graph/topo.h:230 NCCL WARN Could not find NET with id 0",
                     q + "NCCL INFO graph/connect.cc:466 -> 3", q + "NCCL INFO init.cc:1214 -> 3", q + "NCCL INFO init.cc:1582 -> 3", q + "NCCL INFO group.cc:75 -> 3 [Async thread]",
                     "[rank%d]: Traceback (most recent call last):" % rk,
                     '[rank%d]:   File "/opt/NeMo/nemo/lightning/pytorch/strategies/megatron_strategy.py", line 351, in setup_distributed' % rk,
                     "[rank%d]:     torch.distributed.barrier()" % rk,
                     "[rank%d]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3376, internal error - please report this issue to the NCCL developers, NCCL version 2.25.1" % rk,
                     "[rank%d]: ncclInternalError: Internal check failed." % rk,
                     "[rank%d]: Last error:" % rk,
                     "[rank%d]: Could not find NET with id 0" % rk]
            streams.append(base)
        L = ["[NeMo W %s nemo_logging:405] /usr/local/lib/python3.12/dist-packages/pyannote/core/notebook.py:134: MatplotlibDeprecationWarning: The get_cmap function was deprecated in Matplotlib 3.7" % add(t0, 20).strftime("%Y-%m-%d %H:%M:%S")]
        L += ["Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/8" % (i * gpn + lr, i * gpn + lr + 1) for lr in range(gpn)]
        L += interleave(streams, rng)
        L += elastic_sigterm(add(t0, 75), agent, pids[1:], rng)
        L += elastic_failed(add(t0, 77), agent, 1, 0, pids[0], python="/usr/bin/python")
        L += child_failed("nemo_pretrain.py", [], dict(time=add(t0, 74), host=h, rank=i * gpn, lr=0, exitcode=1, pid=pids[0]))
        b.add("%s/slurm-%d.out" % (h, 1188305), L)
    b.add("sacct.txt", sacct(1188305, "nemo-llama", "bhaddow", [("", "nemo-llama", "gpu", "FAILED", "1:0", "00:01:22", "uoe-gpu-[03-04]")]) +
          ["", "# previous run, same script and nodes, container nvcr.io/nvidia/nemo:24.12 (NCCL 2.23.4):"] +
          sacct(1187990, "nemo-llama", "bhaddow", [("", "nemo-llama", "gpu", "COMPLETED", "0:0", "05:41:09", "uoe-gpu-[03-04]")])[2:])
    b.add("job_env.txt", ["CONTAINER_IMAGE=nvcr.io/nvidia/nemo:25.02", "NCCL_DEBUG=INFO", "NCCL_IB_HCA=mlx5_0,mlx5_1", "single-node test (1 node x 4 GPU) with the same image: OK"])
    return b


@case
def bm24():
    rng = random.Random(6824)
    name = "bm24_childfailederror_right_after_compile"
    hosts = ["gpu-l40s-01", "gpu-l40s-02"]
    gpn = 4
    lab = label("dependency", "script", None, None, "stop",
                "Rank 0 dies at startup with \"AttributeError: module 'wandb' has no attribute 'init'\" because the job's working directory contains a wandb/ run folder that shadows the installed package (import resolves to a namespace package in the workdir); the NCCL 'Connection closed by remote peer' errors and the Root Cause on gpu-l40s-02 are only fallout, and every rerun from that directory fails the same way.",
                "https://github.com/karpathy/nanoGPT/issues/545")
    b = Bundle(name, lab)
    t0 = T(2024, 8, 15, 16, 55, 2)
    tf = add(t0, 71)
    for i, h in enumerate(hosts):
        pids = mkpids(rng, gpn)
        agent = rng.randrange(30000, 90000)
        tail = []
        if i == 0:
            tail += ["tokens per iteration will be: 491,520", "found vocab_size = 50304 (inside data/openwebtext/meta.pkl)", "Initializing from OpenAI GPT-2 weights: gpt2-medium",
                     "number of parameters: 353.77M", "num decayed parameter tensors: 98, with 354,501,632 parameters", "num non-decayed parameter tensors: 194, with 321,536 parameters",
                     "using fused AdamW: True", "compiling the model... (takes a ~minute)",
                     "[rank0]: Traceback (most recent call last):",
                     '[rank0]:   File "/shared/zoe/nanoGPT/train.py", line 253, in <module>',
                     '[rank0]:     wandb.init(project=wandb_project, name=wandb_run_name, config=config, mode="offline")',
                     "[rank0]: AttributeError: module 'wandb' has no attribute 'init'"]
            first, code, te = 0, 1, add(tf, 1)
        else:
            tail += ["using fused AdamW: True", "compiling the model... (takes a ~minute)"]
            for lr in (1, 2):
                rk = i * gpn + lr
                tail += ["", "%s:%d:%d [%d] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer gpu-l40s-01<%d>" % (h, pids[lr], pids[lr] + 61, lr, rng.randrange(40000, 60000)),
                         "%s:%d:%d [%d] NCCL INFO misc/socket.cc:749 -> 6" % (h, pids[lr], pids[lr] + 61, lr),
                         "[rank%d]: Traceback (most recent call last):" % rk,
                         '[rank%d]:   File "/shared/zoe/nanoGPT/train.py", line 306, in <module>' % rk,
                         "[rank%d]:     logits, loss = model(X, Y)" % rk,
                         '[rank%d]:   File "/home/zoe/miniconda3/envs/gpt/lib/python3.11/site-packages/torch/nn/parallel/distributed.py", line 1589, in forward' % rk,
                         "[rank%d]:     inputs, kwargs = self._pre_forward(*inputs, **kwargs)" % rk,
                         "[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, remote process exited or there was a network error, NCCL version 2.20.5" % rk,
                         "[rank%d]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % rk,
                         "[rank%d]: Last error:" % rk,
                         "[rank%d]: socketProgress: Connection closed by remote peer gpu-l40s-01<%d>" % (rk, rng.randrange(40000, 60000))]
            first, code, te = 2, 1, add(tf, 6)
        L = std_console(h, i, gpn, 2, rng, agent, pids, t0, dict(net="Socket", oob=("eno1", "192.168.10.%d" % (21 + i)), version="2.20.5+cuda12.4", bus=["1000", "41000", "81000", "c1000"]),
                        tail=tail, first_lr=first, first_code=code, t_end=te, script="train.py", first_time=add(te, -1),
                        tbkw=dict(site="/home/zoe/miniconda3/envs/gpt/lib/python3.11/site-packages", entry="/home/zoe/miniconda3/envs/gpt/bin/torchrun"))
        b.add("%s/torchrun.log" % h, L)
    b.add("workdir_check.txt", ["$ cd /shared/zoe/nanoGPT && ls -la", "total 120",
                                "drwxr-xr-x  7 zoe zoe  4096 Aug 15 16:40 .", "drwxr-xr-x 12 zoe zoe  4096 Aug 10 09:12 ..",
                                "drwxr-xr-x  8 zoe zoe  4096 Aug 14 11:02 .git", "-rw-r--r--  1 zoe zoe  1072 Aug 14 11:02 LICENSE",
                                "drwxr-xr-x  2 zoe zoe  4096 Aug 14 11:02 config", "drwxr-xr-x  5 zoe zoe  4096 Aug 14 12:30 data",
                                "-rw-r--r--  1 zoe zoe 16345 Aug 14 11:02 model.py", "-rw-r--r--  1 zoe zoe 14857 Aug 15 16:38 train.py",
                                "drwxr-xr-x  9 zoe zoe  4096 Aug 15 14:21 wandb",
                                "$ ls wandb/", "debug-internal.log  debug.log  latest-run  offline-run-20240815_141802-1j6c02wm  offline-run-20240815_142117-9x2kq0pn",
                                "$ python -c 'import wandb; print(wandb)'", "<module 'wandb' (namespace) from ['/shared/zoe/nanoGPT/wandb']>",
                                "$ cd /tmp && python -c 'import wandb; print(wandb.__version__, wandb.__file__)'",
                                "0.17.5 /home/zoe/miniconda3/envs/gpt/lib/python3.11/site-packages/wandb/__init__.py"])
    return b


@case
def bm25():
    rng = random.Random(6825)
    name = "bm25_duplicate_gpu_detected_at_barrier"
    hosts = ["gpu-n41", "gpu-n42"]
    gpn = 8
    lab = label("user_code", "script", None, None, "stop",
                "Every rank fails the first barrier with ncclInvalidUsage 'Duplicate GPU detected : rank N and rank 0 both on CUDA device 18000': the modified launch script starts ranks with srun without exporting LOCAL_RANK, so all eight processes per node select cuda:0 (nvidia-smi shows eight python processes on GPU 0) - a launch-script bug.",
                "https://github.com/NVIDIA/Megatron-LM/issues/661")
    b = Bundle(name, lab)
    t0 = T(2024, 1, 14, 8, 20, 11)
    b.add("pretrain_gpt_distributed_with_mp.sh", ["#!/bin/bash", "# modified: launch with srun instead of torchrun (one task per GPU)",
                                                   "GPUS_PER_NODE=8", "NNODES=$SLURM_NNODES", "export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)", "export MASTER_PORT=6000",
                                                   "export WORLD_SIZE=$SLURM_NTASKS", "export RANK=$SLURM_PROCID", "# export LOCAL_RANK=$SLURM_LOCALID", "",
                                                   "srun --ntasks-per-node=$GPUS_PER_NODE --gpus-per-node=8 --cpu-bind=none \\",
                                                   "    python pretrain_gpt.py --tensor-model-parallel-size 2 --pipeline-model-parallel-size 2 --num-layers 24 --hidden-size 1024 \\",
                                                   "    --num-attention-heads 16 --seq-length 1024 --max-position-embeddings 1024 --micro-batch-size 4 --global-batch-size 16 \\",
                                                   "    --data-path $DATA_PATH --vocab-file $VOCAB_FILE --merge-file $MERGE_FILE --distributed-backend nccl --bf16"])
    L = []
    for i, h in enumerate(hosts):
        for lr in range(gpn):
            rk = i * gpn + lr
            if rk == 0:
                L.append("%d: > initializing torch distributed ..." % rk)
    L += ["0: > initialized tensor model parallel with size 2", "0: > initialized pipeline model parallel with size 2", "0: > setting random seeds to 1234 ...",
          "0: > compiling dataset index builder ...", "0: make: Entering directory '/run/megatron/core/datasets'", "0: make: Nothing to be done for 'default'.",
          "0: make: Leaving directory '/run/megatron/core/datasets'", "0: >>> done with dataset index builder. Compilation time: 0.046 seconds"]
    for i, h in enumerate(hosts):
        pid = rng.randrange(100000, 900000)
        for lr in range(gpn):
            rk = i * gpn + lr
            q = "%d: %s:%d:%d [0] " % (rk, h, pid + lr, pid + lr + 155)
            L += [q + "NCCL INFO Bootstrap : Using ibp24s0:10.77.2.%d<0>" % (41 + i), q + "NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [RO]; OOB ibp24s0:10.77.2.%d<0>" % (41 + i)]
            if rk != 0 and lr != 0:
                L += ["%d: " % rk, q + "init.cc:871 NCCL WARN Duplicate GPU detected : rank %d and rank %d both on CUDA device 18000" % (rk, i * gpn), q + "NCCL INFO init.cc:1501 -> 5"]
    for i, h in enumerate(hosts):
        for lr in range(gpn):
            rk = i * gpn + lr
            other = i * gpn if lr else i * gpn + 1
            L += ["%d: Traceback (most recent call last):" % rk,
                  '%d:   File "/run/pretrain_gpt.py", line 243, in <module>' % rk,
                  "%d:     pretrain(train_valid_test_datasets_provider," % rk,
                  '%d:   File "/run/megatron/training/training.py", line 188, in pretrain' % rk,
                  "%d:     initialize_megatron(extra_args_provider=extra_args_provider," % rk,
                  '%d:   File "/run/megatron/training/initialize.py", line 89, in initialize_megatron' % rk,
                  "%d:     _compile_dependencies()" % rk,
                  '%d:   File "/run/megatron/training/initialize.py", line 156, in _compile_dependencies' % rk,
                  "%d:     torch.distributed.barrier()" % rk,
                  '%d:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 3744, in barrier' % rk,
                  "%d:     work = default_pg.barrier(opts=opts)" % rk,
                  "%d: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1727, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.19.3" % rk,
                  "%d: ncclInvalidUsage: This usually reflects invalid usage of NCCL library." % rk,
                  "%d: Last error:" % rk,
                  "%d: Duplicate GPU detected : rank %d and rank %d both on CUDA device 18000" % (rk, max(rk, other), min(rk, other))]
    L += ["srun: error: gpu-n41: tasks 0-7: Exited with exit code 1", "srun: error: gpu-n42: tasks 8-15: Exited with exit code 1"]
    b.add("slurm-301922.out", L)
    for i, h in enumerate(hosts):
        procs = [(0, 200000 + 31 * k + i, "/usr/bin/python", 1486 + k) for k in range(8)]
        b.add("%s/nvidia-smi.txt" % h, nvidia_smi_table(add(t0, 35), [dict(temp=41 if g == 0 else 30, pwr=140 if g == 0 else 69, util=3 if g == 0 else 0, mem=12400 if g == 0 else 4) for g in range(8)], procs=procs))
    b.add("sacct.txt", sacct(301922, "gpt-mp", "haytham", [("", "gpt-mp", "h100", "FAILED", "1:0", "00:00:49", "gpu-n[41-42]")]))
    return b


@case
def bm26():
    rng = random.Random(6826)
    name = "bm26_roce_error12_right_after_init"
    hosts = ["roce-a01", "roce-a02"]
    gpn = 8
    ips = {"roce-a01": "10.248.0.10", "roce-a02": "10.248.0.12"}
    lab = label("user_code", "script", None, None, "stop",
                "Both nodes get status=12 completions on the very first collective, between link-local fe80:: GIDs, right after 'NCCL_IB_GID_INDEX set by environment to 1'; show_gids puts the routable RoCEv2 address at index 3, ib_write_bw between the same two nodes works with -x 3 and fails with -x 1, and the only change from the last good job is the sbatch line exporting NCCL_IB_GID_INDEX=1 - a wrong setting in the job, not a fabric fault.",
                "https://github.com/NVIDIA/nccl/issues/769")
    b = Bundle(name, lab)
    t0 = T(2023, 1, 6, 10, 12, 0)
    tf = add(t0, 55)
    b.add("job.sbatch", ["#!/bin/bash", "#SBATCH -N 2", "#SBATCH --gres=gpu:8", "#SBATCH --exclusive",
                         "export NCCL_SOCKET_IFNAME=ens9f0np0", "export NCCL_IB_HCA=mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1,mlx5_6:1,mlx5_7:1,mlx5_8:1,mlx5_9:1",
                         "export NCCL_IB_GID_INDEX=1   # added 2023-01-05, from the cluster-B runbook", "export NCCL_DEBUG=INFO", "",
                         "srun torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint roce-a01:29400 train.py --config cfg/bert_large.yaml"])
    for i, h in enumerate(hosts):
        pids = mkpids(rng, gpn)
        agent = rng.randrange(30000, 90000)
        peer = hosts[1 - i]
        tail = []
        for lr in (0, 3, 7):
            tail += ["", "%s:%d:%d [%d] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer %s<%d> with error 12, opcode 0, len 0, vendor err 129 (Send) localGid fe80::ac0:ebff:feda:%s remoteGid fe80::ac0:ebff:feda:%s" % (h, pids[lr], pids[lr] + 140, lr, ips[peer], rng.randrange(40000, 60000), "1cfb" if i == 0 else "20c1", "20c1" if i == 0 else "1cfb"),
                     "%s:%d:%d [%d] NCCL INFO transport/net.cc:1122 -> 6" % (h, pids[lr], pids[lr] + 140, lr),
                     "%s:%d:%d [%d] NCCL INFO proxy.cc:866 -> 6 [Progress Thread]" % (h, pids[lr], pids[lr] + 140, lr)]
        tail += remote_error_torch(i * gpn, tf, rng, "2.16.2", "NET/IB : Got completion from peer %s<%d> with error 12, opcode 0, len 0, vendor err 129 (Send) localGid fe80::ac0:ebff:feda:%s remoteGid fe80::ac0:ebff:feda:%s" % (ips[peer], rng.randrange(40000, 60000), "1cfb" if i == 0 else "20c1", "20c1" if i == 0 else "1cfb"))
        L = std_console(h, i, gpn, 2, rng, agent, pids, t0, dict(net="RoCE", oob=("ens9f0np0", ips[h]), version="2.16.2+cuda11.8",
                        hcas=["mlx5_%d:1" % k for k in (0, 1, 2, 3, 6, 7, 8, 9)], env_lines=["NCCL_IB_GID_INDEX set by environment to 1.", "NCCL_SOCKET_IFNAME set by environment to ens9f0np0", "NCCL_IB_HCA set to mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1,mlx5_6:1,mlx5_7:1,mlx5_8:1,mlx5_9:1"]),
                        tail=tail, first_lr=0, t_end=add(tf, 2), script="train.py", first_time=tf)
        b.add("%s/slurm-%d.out" % (h, 90410), L)
        sg = ["DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV", "---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---"]
        for k in (0, 1, 2, 3, 6, 7, 8, 9):
            ll = "fe80:0000:0000:0000:0ac0:ebff:feda:%s" % hexid(rng, 4)
            v4 = "10.248.%d.%d" % (k, 10 + 2 * i)
            sg += ["mlx5_%d\t1\t0\t%s\t\t\tv1\tens%dnp0" % (k, ll, k), "mlx5_%d\t1\t1\t%s\t\t\tv2\tens%dnp0" % (k, ll, k),
                   "mlx5_%d\t1\t2\t0000:0000:0000:0000:0000:ffff:%s\t%s  \tv1\tens%dnp0" % (k, "0af8:%02x%02x" % (k, 10 + 2 * i), v4, k),
                   "mlx5_%d\t1\t3\t0000:0000:0000:0000:0000:ffff:%s\t%s  \tv2\tens%dnp0" % (k, "0af8:%02x%02x" % (k, 10 + 2 * i), v4, k)]
        sg.append("n_gids_found=32")
        b.add("%s/show_gids.txt" % h, sg)
    b.add("ib_write_bw_by_admin.txt", ["# roce-a02 server / roce-a01 client, mlx5_0, run 2023-01-06 11:02",
                                       "$ ib_write_bw -d mlx5_0 -x 1 --report_gbits 10.248.0.12",
                                       " Failed to modify QP 1239 to RTR",
                                       " Unable to Connect the HCA's through the link",
                                       "$ ib_write_bw -d mlx5_0 -x 3 --report_gbits 10.248.0.12",
                                       "---------------------------------------------------------------------------------------",
                                       "                    RDMA_Write BW Test",
                                       " Dual-port       : OFF\t\tDevice         : mlx5_0",
                                       " Number of qps   : 1\t\tTransport type : IB",
                                       " Connection type : RC\t\tUsing SRQ      : OFF",
                                       " GID index       : 3",
                                       "---------------------------------------------------------------------------------------",
                                       " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]",
                                       " 65536      5000             97.92              97.88                 0.186695",
                                       "---------------------------------------------------------------------------------------"])
    b.add("sacct.txt", sacct(90410, "bert-large", "chg", [("", "bert-large", "gpu", "FAILED", "1:0", "00:01:03", "roce-a[01-02]")]) + ["", "# last successful run, same nodes, before the sbatch change:"] +
          sacct(90212, "bert-large", "chg", [("", "bert-large", "gpu", "COMPLETED", "0:0", "09:12:44", "roce-a[01-02]")])[2:])
    return b


@case
def bm27():
    rng = random.Random(6827)
    name = "bm27_loss_scale_at_minimum_exit"
    hosts = ["worker-1", "worker-2"]
    gpn = 8
    lab = label("numerical", "script", None, None, "stop",
                "DeepSpeed fp16 keeps hitting OVERFLOW and halving the loss scale from 65536 down to 1 within a few hundred steps, then every rank raises 'Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.'; the model was pretrained in bf16 and is being fine-tuned in fp16 - a recipe/precision problem, the launcher and NCCL teardown noise are consequences.",
                "https://github.com/yangjianxin1/Firefly/issues/68")
    b = Bundle(name, lab)
    t0 = T(2023, 7, 20, 9, 2, 0)
    b.add("ds_config_zero2.json", json.dumps({"fp16": {"enabled": True, "loss_scale": 0, "loss_scale_window": 1000, "initial_scale_power": 16, "hysteresis": 2, "min_loss_scale": 1},
                                              "bf16": {"enabled": False}, "zero_optimization": {"stage": 2, "overlap_comm": True, "contiguous_gradients": True},
                                              "gradient_accumulation_steps": 4, "train_micro_batch_size_per_gpu": 2, "gradient_clipping": 1.0}, indent=2, sort_keys=True))
    b.add("model_config_excerpt.json", ['{', '  "architectures": ["LlamaForCausalLM"],', '  "hidden_size": 5120,', '  "num_hidden_layers": 40,', '  "torch_dtype": "bfloat16",', '  "_name_or_path": "IDEA-CCNL/Ziya-LLaMA-13B-Pretrain-v1"', '}'])
    L = ["[2023-07-20 09:02:00,418] [INFO] [runner.py:555:main] cmd = pdsh -S -f 1024 -w worker-1,worker-2 export NCCL_DEBUG=WARN; cd /root/Firefly; /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJ3b3JrZXItMSI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XSwgIndvcmtlci0yIjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddfQ== --node_rank=%n --master_addr=worker-1 --master_port=29500 train.py --train_args_file train_args/sft/full/ziya-13b-sft-full.json"]
    for h in hosts:
        L.append("%s: [2023-07-20 09:02:03,118] [INFO] [launch.py:145:main] WORLD INFO DICT: {'worker-1': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-2': [0, 1, 2, 3, 4, 5, 6, 7]}" % h)
        L.append("%s: [2023-07-20 09:02:03,118] [INFO] [launch.py:151:main] nnodes=2, num_local_procs=8, node_rank=%d" % (h, hosts.index(h)))
    L.append("worker-1: [2023-07-20 09:03:41,772] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.9.5, git-hash=unknown, git-branch=unknown")
    L.append("worker-1: [2023-07-20 09:03:49,014] [INFO] [stage_1_and_2.py:133:__init__] Reduce bucket size 500,000,000")
    tt = add(t0, 240)
    scale = 65536
    step = 0
    while scale >= 1:
        tt = add(tt, rng.randrange(25, 140))
        step += rng.randrange(1, 12)
        if scale > 1:
            nxt = scale // 2
            L.append("worker-1: [%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %d, reducing to %d" % (pyts(tt, rng), scale, nxt))
            if step % 3 == 0:
                L.append("worker-1: {'loss': %.4f, 'learning_rate': %.10f, 'epoch': %.2f}" % (2.1 + (65536 / max(scale, 1)) ** 0.3 + rng.random(), 2e-5 * min(1, step / 300), step / 2724.0))
            scale = nxt
        else:
            L.append("worker-1: [%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 1, but hysteresis is 2. Reducing hysteresis to 1" % pyts(tt, rng))
            break
    L.append("worker-1: {'loss': nan, 'learning_rate': %.10f, 'epoch': %.2f}" % (2e-5 * min(1, step / 300), step / 2724.0))
    tf = add(tt, 40)
    for i, h in enumerate(hosts):
        for lr in range(gpn):
            rk = i * gpn + lr
            if lr not in (0, 3, 6) and rk != 9:
                continue
            L += ["%s: Traceback (most recent call last):" % h,
                  '%s:   File "/root/Firefly/train.py", line 223, in <module>' % h,
                  "%s:     main()" % h,
                  '%s:   File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 1837, in _inner_training_loop' % h,
                  "%s:     self.deepspeed.step()" % h,
                  '%s:   File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage_1_and_2.py", line 1756, in step' % h,
                  "%s:     self._update_scale(self.overflow)" % h,
                  '%s:   File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/fp16/loss_scaler.py", line 175, in update_scale' % h,
                  "%s:     raise Exception(" % h,
                  "%s: Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run." % h]
    for i, h in enumerate(hosts):
        for lr in range(gpn):
            L.append("%s: [%s] [INFO] [launch.py:315:sigkill_handler] Killing subprocess %d" % (h, pyts(add(tf, 2), rng), 31200 + 100 * i + lr))
        L.append("%s: [%s] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=7', '--train_args_file', 'train_args/sft/full/ziya-13b-sft-full.json'] exits with return code = 1" % (h, pyts(add(tf, 3), rng)))
    L += ["worker-2: [W ProcessGroupNCCL.cpp:1125] [Rank 9] ProcessGroupNCCL destructor entered.",
          "worker-2: worker-2:31209:31877 [1] NCCL INFO [Service thread] Connection closed by localRank 0",
          "pdsh@worker-1: worker-2: ssh exited with exit code 1", "pdsh@worker-1: worker-1: ssh exited with exit code 1"]
    b.add("deepspeed_launcher.log", L)
    for h in hosts:
        b.add("%s/nvidia-smi.txt" % h, nvidia_smi_table(add(tf, 300), [dict(temp=33, pwr=61, util=0, mem=4, cap=400) for _ in range(8)], driver="525.105.17", cuda="12.0", model="NVIDIA A100-SXM4-80GB", mem_total=81920))
    return b


@case
def bm28():
    rng = random.Random(6828)
    name = "bm28_segfaults_after_training_exit"
    hosts = ["r13i2n%d" % k for k in range(8)]
    gpn = 8
    lab = label("unknown", "framework", None, None, "none",
                "The user created the kill-switch file: rank 0 saved the iteration-95300 checkpoint successfully and all ranks logged 'Detected kill switch ... Exiting' and exited 0; the segfaults and rendezvous errors printed by the elastic agents afterwards are teardown noise, and sacct shows the job was then cancelled by its owner.",
                "https://github.com/pytorch/pytorch/issues/76287")
    b = Bundle(name, lab)
    t0 = T(2022, 5, 4, 8, 0, 5)
    tk = T(2022, 5, 4, 14, 21, 40)
    ck = "/gpfsscratch/rech/six/commun/checkpoints/tr11-176B-ml/checkpoints/main"
    for i, h in enumerate(hosts):
        pids = mkpids(rng, gpn)
        agent = rng.randrange(30000, 90000)
        L = ["*****************************************",
             "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
             "*****************************************"]
        if i == 0:
            tt = add(t0, 300)
            it = 95000
            while tt < add(tk, -260):
                it += 1
                tt = add(tt, 104.3 + rng.random())
                L.append(" iteration %8d/  115311 | consumed samples:    %10d | consumed tokens:   %12d | elapsed time per iteration (s): %.2f | learning rate: 5.957E-05 | global batch size:  2048 | lm loss: %.6E | grad norm: %.3f | num zeros: 0.0 | number of skipped iterations:   0 | number of nan iterations:   0 | samples per second: %.3f | TFLOPs: %.2f |" % (it, it * 2048, it * 2048 * 2048, 104.3 + rng.random(), 2.31 + rng.random() * 0.02, 0.14 + rng.random() * 0.03, 19.6 + rng.random() * 0.1, 149.1 + rng.random()))
            L += ["[2022-05-04 14:17:22,008] [INFO] [logging.py:69:log_dist] [Rank 0] Saving model checkpoint: %s/global_step95300/mp_rank_00_model_states.pt" % ck,
                  "saving checkpoint at iteration   95300 to %s" % ck,
                  "[2022-05-04 14:21:31,770] [INFO] [engine.py:3225:_save_zero_checkpoint] zero checkpoint saved %s/global_step95300/zero_pp_rank_0_mp_rank_00_optim_states.pt" % ck,
                  "  successfully saved checkpoint at iteration   95300 to %s" % ck,
                  "time (ms) | save-checkpoint: 249762.18",
                  "Detected kill switch at /gpfswork/rech/six/commun/synched_exps/tr11-176B-ml/kill-switch-tr11-176B-exp1. Exiting"]
        L += ["INFO:torch.distributed.elastic.agent.server.api:[default] worker group successfully finished. Waiting 300 seconds for other agents to finish."]
        L += ["INFO:torch.distributed.elastic.agent.server.api:Local worker group finished (SUCCEEDED). Waiting 300 seconds for other agents to finish"]
        if i in (0, 3, 5):
            L += ["Fatal Python error: Segmentation fault", "", "Thread 0x000014b5e0ff9700 (most recent call first):",
                  '  File "/gpfswork/rech/six/commun/conda/py38-pt111/lib/python3.8/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1162 in _keep_alive',
                  '  File "/gpfswork/rech/six/commun/conda/py38-pt111/lib/python3.8/site-packages/torch/distributed/elastic/rendezvous/utils.py", line 257 in _run',
                  '  File "/gpfswork/rech/six/commun/conda/py38-pt111/lib/python3.8/threading.py", line 870 in run', ""]
        else:
            L += ["ERROR:torch.distributed.elastic.rendezvous.dynamic_rendezvous:The node '%s_%d_0' has failed to send a keep-alive heartbeat to the rendezvous 'tr11-176B-ml' due to an error of type RendezvousConnectionError." % (h, agent)]
        b.add("%s/tr11-176B-ml.%s.log" % (h, "1554478"), L)
    b.add("sacct.txt", sacct(1554478, "tr11-176B-ml", "stas", [("", "tr11-176B-ml", "gpu_p5", "CANCELLED by 301213", "0:0", "06:31:02", "r13i2n[0-7]"),
                                                              (".batch", "batch", "", "CANCELLED", "0:15", "06:31:02", "r13i2n0"),
                                                              (".0", "torchrun", "", "CANCELLED", "0:15", "06:30:49", "r13i2n[0-7]")]))
    b.add("slurm-1554478.out", ["srun: Job step aborted: Waiting up to 62 seconds for job step to finish.",
                                "slurmstepd: error: *** JOB 1554478 ON r13i2n0 CANCELLED AT 2022-05-04T14:31:07 ***",
                                "slurmstepd: error: *** STEP 1554478.0 ON r13i2n0 CANCELLED AT 2022-05-04T14:31:07 ***"])
    b.add("kill_switch_note.txt", ["$ ls -l --time-style=full-iso /gpfswork/rech/six/commun/synched_exps/tr11-176B-ml/",
                                   "-rw-r--r-- 1 stas six 0 2022-05-04 14:09:58.112 +0200 kill-switch-tr11-176B-exp1"])
    return b


@case
def bm29():
    rng = random.Random(6829)
    name = "bm29_rank_crash_cuda_error_midrun"
    hosts = ["dgx-a05", "dgx-a06", "dgx-a07", "dgx-a08"]
    gpn = 8
    bad, bad_rank = "dgx-a07", 21
    lab = label("gpu_memory", "infrastructure", bad, bad_rank, "restart",
                "Rank 21 (dgx-a07 GPU5) dies first with 'CUDA error: uncorrectable ECC error encountered' and the kernel logs Xid 94 (contained ECC error) for 0000:90:00; after the GPU reset nvidia-smi shows 1 uncorrectable row remapped, nothing pending and no remapping failure, so the node is healthy again and the job can restart on it.",
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")
    b = Bundle(name, lab)
    t0 = T(2024, 4, 2, 7, 30, 0)
    tx = T(2024, 4, 2, 12, 8, 19)
    bus = ["7000", "f000", "47000", "4e000", "87000", "90000", "b7000", "bd000"]
    for i, h in enumerate(hosts):
        pids = mkpids(rng, gpn)
        agent = rng.randrange(30000, 90000)
        train = None
        if i == 0:
            train, _, _ = megatron_train(add(t0, 150), add(tx, -4), rng, 3120, every=25, gbs=512, tflops=171)
            train = megatron_startup(add(t0, 30), 32, 4, 1, 8, rng, gbs=512, log_interval=25) + train
        tail = []
        if h == bad:
            bad_pids = pids
            tail += ["[rank21]: Traceback (most recent call last):",
                     '[rank21]:   File "/workspace/Megatron-LM/pretrain_gpt.py", line 243, in <module>',
                     "[rank21]:     pretrain(",
                     '[rank21]:   File "/workspace/Megatron-LM/megatron/training/training.py", line 1048, in train_step',
                     "[rank21]:     losses_reduced = forward_backward_func(",
                     "[rank21]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
                     "[rank21]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                     "[rank21]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                     "[rank21]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
            first, code, te = 5, 1, add(tx, 3)
        else:
            tw = add(tx, 600)
            for lr in (0, 6):
                tail += watchdog_new(i * gpn + lr, tw, 212077, "_ALLGATHER_BASE", 8388608, 67108864, 600000, 600000 + rng.randrange(10, 70), rng, with_frames=(lr == 0))
            first, code, te = 0, -6, add(tw, 3)
        L = std_console(h, i, gpn, 4, rng, agent, pids, t0, dict(net="IB", oob=("ib0", "10.5.7.%d" % (5 + i)), version="2.19.3+cuda12.3", bus=bus), train=train, tail=tail,
                        first_lr=first, first_code=code, t_end=te, script="pretrain_gpt.py", first_time=add(te, -2))
        b.add("%s/torchrun.log" % h, L)
    ev = dmesg_noise(add(t0, -3600), 7 * 3600, rng, bad, n=18)
    ev += [(tx, "NVRM: Xid (PCI:0000:90:00): 94, pid=%d, name=python3, Contained ECC error." % bad_pids[5]),
           (add(tx, 2), "NVRM: Xid (PCI:0000:90:00): 45, pid=%d, name=python3, Ch 00000008" % bad_pids[5]),
           (add(tx, 480), "NVRM: GPU at PCI:0000:90:00: GPU-8d21c0be-4f7e-3a90-b1c2-5a9d07e6f311"),
           (add(tx, 481), "NVRM: GPU Board Serial Number: 1652322012345")]
    b.add("%s/dmesg.txt" % bad, fmt_kern(ev, "T", bad))
    gpus = []
    for g in range(8):
        busid = "00000000:%s:00.0" % bus[g][:-3].zfill(2).upper()
        if g == 5:
            gpus.append(nvidia_smi_q_gpu(g, busid, model="NVIDIA A100-SXM4-80GB", mem_total=81920, dbe_vol=0, dbe_agg=1, remap_unc=1, remap_pending="No", remap_fail="No", sm_clock=1410, pcie_gen=4, rng=rng))
        else:
            gpus.append(nvidia_smi_q_gpu(g, busid, model="NVIDIA A100-SXM4-80GB", mem_total=81920, sbe_agg=(3 if g == 1 else 0), sm_clock=1410, pcie_gen=4, rng=rng))
    b.add("%s/nvidia-smi-q_after_reset.txt" % bad, ["$ nvidia-smi -r -i 5", "GPU 00000000:90:00.0 was successfully reset.", "All done.", ""] + nvidia_smi_q(add(tx, 900), gpus, driver="535.161.08", cuda="12.2"))
    return b


# ==========================================================================
# main
# ==========================================================================
def main():
    import shutil
    out = os.environ.get("CORPUS_OUT", "./out")
    bundles, names, failed = [], set(), 0
    for fn in CASES:
        b = fn()
        errs = validate(b)
        if b.name in names:
            errs.append("duplicate case name")
        names.add(b.name)
        if errs:
            failed += 1
            sys.stderr.write("LABEL/BUNDLE ERROR %s: %s\n" % (b.name, "; ".join(errs)))
        bundles.append(b)
    if not 24 <= len(bundles) <= 30:
        sys.stderr.write("expected 24-30 cases, got %d\n" % len(bundles))
        failed += 1
    if failed:
        return 1
    os.makedirs(out, exist_ok=True)
    for b in bundles:
        shutil.rmtree(os.path.join(out, b.name), ignore_errors=True)
        b.write(out)
    print("wrote %d cases to %s" % (len(bundles), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
