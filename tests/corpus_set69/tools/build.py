#!/usr/bin/env python3
"""Build blind corpus set 69 (prefix ``bn``).

Every case is a whole-job bundle rebuilt from a public issue thread about a
multi-node training job failing (torchrun/elastic, DDP/FSDP, distributed
checkpoints, dataloader workers, CUDA errors, OOM, NaN, versions).

Deterministic and stdlib-only: fixed seeds, fixed timestamps, no network, no
wall clock.  Output goes to $CORPUS_OUT (default ./out).  Every label is
validated before it is written; the script exits non-zero if one is wrong.
"""

import datetime as dt
import json
import os
import random
import shutil
import sys

CATEGORIES = {
    "gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host",
    "oom", "hang", "straggler", "numerical", "user_code", "dependency",
    "unknown",
}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}

MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
       "Nov", "Dec"]
DOW = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


# ---------------------------------------------------------------------------
# time formatting (all manual, no locale)
# ---------------------------------------------------------------------------

def T(y, mo, d, h, mi, s=0, us=0):
    return dt.datetime(y, mo, d, h, mi, s, us)


def add(t, seconds):
    return t + dt.timedelta(seconds=seconds)


def f_py(t):
    """python logging asctime: 2024-03-04 10:12:33,123"""
    return "%04d-%02d-%02d %02d:%02d:%02d,%03d" % (
        t.year, t.month, t.day, t.hour, t.minute, t.second, t.microsecond // 1000)


def f_iso(t, ms=False):
    if ms:
        return "%04d-%02d-%02dT%02d:%02d:%02d.%03d" % (
            t.year, t.month, t.day, t.hour, t.minute, t.second, t.microsecond // 1000)
    return "%04d-%02d-%02dT%02d:%02d:%02d" % (
        t.year, t.month, t.day, t.hour, t.minute, t.second)


def f_glog(t, lvl="I"):
    """torch elastic / glog style: I0304 10:12:33.123000"""
    return "%s%02d%02d %02d:%02d:%02d.%06d" % (
        lvl, t.month, t.day, t.hour, t.minute, t.second, t.microsecond)


def f_c10d(t, lvl="E", ns_tail=0):
    """c10d C++ style: E304 10:12:33.123456789 (month without zero pad)"""
    return "%s%d%02d %02d:%02d:%02d.%06d%03d" % (
        lvl, t.month, t.day, t.hour, t.minute, t.second, t.microsecond, ns_tail % 1000)


def f_dmesg(t):
    """dmesg -T: [Mon Mar  4 10:12:33 2024]"""
    return "[%s %s %2d %02d:%02d:%02d %d]" % (
        DOW[t.weekday()], MON[t.month - 1], t.day, t.hour, t.minute, t.second, t.year)


def f_sys(t):
    """syslog: Mar  4 10:12:33"""
    return "%s %2d %02d:%02d:%02d" % (MON[t.month - 1], t.day, t.hour, t.minute, t.second)


def f_hms(t):
    return "%02d:%02d:%02d" % (t.hour, t.minute, t.second)


def f_ds(t):
    """DeepSpeed / Megatron logger: [2024-03-04 10:12:33,123]"""
    return "[" + f_py(t) + "]"


def f_date(t):
    """`date` default output, UTC"""
    return "%s %s %2d %02d:%02d:%02d UTC %d" % (
        DOW[t.weekday()], MON[t.month - 1], t.day, t.hour, t.minute, t.second, t.year)


def f_elastic_time(t):
    return "%04d-%02d-%02d_%02d:%02d:%02d" % (
        t.year, t.month, t.day, t.hour, t.minute, t.second)


# ---------------------------------------------------------------------------
# bundle container
# ---------------------------------------------------------------------------

class Bundle(object):
    def __init__(self, name):
        self.name = name
        self.files = {}
        self.order = []
        self.label = None

    def add(self, path, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text)
        if not text.endswith("\n"):
            text += "\n"
        if path in self.files:
            self.files[path] += text
        else:
            self.files[path] = text
            self.order.append(path)

    def set_label(self, category, layer, culprit, action, rationale, modelled_on):
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }


def node_dirs(bundle):
    """Every directory component that holds files, by its base name."""
    names = set()
    for p in bundle.files:
        parts = p.split("/")[:-1]
        for part in parts:
            names.add(part)
    return names


def validate(bundle):
    errs = []
    lab = bundle.label
    if lab is None:
        return ["no label"]
    want = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
    if set(lab.keys()) != want:
        errs.append("label keys %s" % sorted(lab.keys()))
    if lab.get("category") not in CATEGORIES:
        errs.append("bad category %r" % lab.get("category"))
    if lab.get("layer") not in LAYERS:
        errs.append("bad layer %r" % lab.get("layer"))
    if lab.get("action") not in ACTIONS:
        errs.append("bad action %r" % lab.get("action"))
    c = lab.get("culprit")
    if c is not None:
        if not isinstance(c, dict) or set(c.keys()) != {"node", "rank"}:
            errs.append("culprit must be {node, rank} or null")
        else:
            if not isinstance(c["node"], str) or not c["node"]:
                errs.append("culprit node must be a host name")
            elif c["node"] not in node_dirs(bundle):
                errs.append("culprit node %s has no directory" % c["node"])
            if c["rank"] is not None and (not isinstance(c["rank"], int) or c["rank"] < 0):
                errs.append("culprit rank must be int >= 0 or null")
    r = lab.get("rationale")
    if not isinstance(r, str) or len(r) < 20:
        errs.append("rationale too short")
    m = lab.get("modelled_on")
    if not isinstance(m, str) or not m.startswith("https://"):
        errs.append("modelled_on must be an https URL")
    name = bundle.name
    if not (name.startswith("bn") and name[2:4].isdigit() and name[4] == "_"):
        errs.append("bad case name %s" % name)
    for p in bundle.files:
        if p.startswith("/") or ".." in p.split("/"):
            errs.append("bad path %s" % p)
        if p == "label.json":
            errs.append("label.json written as a log")
    return errs


# ---------------------------------------------------------------------------
# generic text generators
# ---------------------------------------------------------------------------

def hexid(rng, n=12):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def nccl_init(host, pids, local_ranks, granks, nranks, rng, ip, ifname="ens9f0np0",
              version="2.21.5+cuda12.4", net="IB", hcas=8, cuda_drv=12040,
              ib_disabled=False, extra=None, comm_id=None, bus_ids=None):
    """NCCL_DEBUG=INFO flood of one communicator init for the local ranks."""
    out = []
    if comm_id is None:
        comm_id = "0x" + hexid(rng, 16)
    if bus_ids is None:
        bus_ids = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
    for i, lr in enumerate(local_ranks):
        pid = pids[i]
        pre = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, lr)
        out.append(pre + "cudaDriverVersion %d" % cuda_drv)
        out.append(pre + "Bootstrap : Using %s:%s<0>" % (ifname, ip))
        out.append(pre + "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.")
        if granks[i] == 0:
            out.append("NCCL version %s" % version)
    for i, lr in enumerate(local_ranks):
        pid = pids[i]
        tid = pid + 101 + i
        pre = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, lr)
        if ib_disabled:
            out.append(pre + "NCCL_IB_DISABLE set by environment to 1.")
            out.append(pre + "NET/Socket : Using [0]%s:%s<0>" % (ifname, ip))
            out.append(pre + "Using non-device net plugin version 0")
            out.append(pre + "Using network Socket")
        else:
            devs = " ".join("[%d]mlx5_%d:1/IB" % (k, k) for k in range(hcas))
            out.append(pre + "NCCL_IB_HCA set to mlx5_%s" % ",mlx5_".join(str(k) for k in range(hcas)))
            out.append(pre + "NET/IB : Using %s [RO]; OOB %s:%s<0>" % (devs, ifname, ip))
            out.append(pre + "Using non-device net plugin version 0")
            out.append(pre + "Using network IB")
        out.append(pre + "ncclCommInitRank comm 0x%s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START"
                   % (hexid(rng, 7), granks[i], nranks, lr, lr, bus_ids[lr % len(bus_ids)], comm_id))
        out.append(pre + "Setting affinity for GPU %d to %s" % (lr, "ffffffff,00000000,ffffffff" if lr < 4 else "ffffffff,00000000,ffffffff,00000000"))
        out.append(pre + "NVLS multicast support is not available on dev %d" % lr)
        out.append(pre + "comm 0x%s rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0"
                   % (hexid(rng, 7), granks[i], nranks, max(1, nranks // max(1, len(local_ranks))), len(local_ranks), lr))
        prev = (granks[i] - 1) % nranks
        nxt = (granks[i] + 1) % nranks
        out.append(pre + "Trees [0] %d/-1/-1->%d->%d [1] %d/-1/-1->%d->%d" % (nxt, granks[i], prev, prev, granks[i], nxt))
        out.append(pre + "P2P Chunksize set to 524288")
        via = "NET/Socket/0" if ib_disabled else "NET/IB/%d/GDRDMA" % (lr % max(1, hcas))
        for ch in range(2 if ib_disabled else 4):
            out.append(pre + "Channel %02d/0 : %d[%d] -> %d[%d] [receive] via %s" % (ch, prev, (lr - 1) % 8, granks[i], lr, via))
            out.append(pre + "Channel %02d/0 : %d[%d] -> %d[%d] [send] via %s" % (ch, granks[i], lr, nxt, (lr + 1) % 8, via))
        out.append(pre + "Connected all rings")
        out.append(pre + "Connected all trees")
        out.append(pre + "threadThresholds 8/8/64 | 128/8/64 | 512 | 512")
        out.append(pre + "24 coll channels, 24 collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer")
        if extra:
            for e in extra:
                out.append(pre + e)
        out.append(pre + "ncclCommInitRank comm 0x%s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE"
                   % (hexid(rng, 7), granks[i], nranks, lr, lr, bus_ids[lr % len(bus_ids)], comm_id))
        out.append(pre + "Init timings: rank %d nranks %d total %.2f (kernels 0.21, alloc 0.04, bootstrap %.2f, allgathers 0.02, topo 0.33, graphs 0.02, connections %.2f, rest 0.01)"
                   % (granks[i], nranks, 1.1 + rng.random(), 0.3 + rng.random() * 0.3, 0.2 + rng.random() * 0.4))
    return out


def torchrun_header(t, pid, nnodes, nproc, rdzv_id, endpoint, entry, backend="c10d",
                    max_restarts=0, verbose=True, node_rank=None, log_dir="None"):
    out = []
    g = f_glog(t, "W")
    out.append("%s %d torch/distributed/run.py:793] " % (g, pid))
    out.append("%s %d torch/distributed/run.py:793] *****************************************" % (g, pid))
    out.append("%s %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (g, pid))
    out.append("%s %d torch/distributed/run.py:793] *****************************************" % (g, pid))
    if verbose:
        g = f_glog(add(t, 0.002), "I")
        out.append("%s %d torch/distributed/launcher/api.py:188] Starting elastic_operator with launch configs:" % (g, pid))
        out.append("  entrypoint       : %s" % entry)
        out.append("  min_nodes        : %d" % nnodes)
        out.append("  max_nodes        : %d" % nnodes)
        out.append("  nproc_per_node   : %d" % nproc)
        out.append("  run_id           : %s" % rdzv_id)
        out.append("  rdzv_backend     : %s" % backend)
        out.append("  rdzv_endpoint    : %s" % endpoint)
        out.append("  rdzv_configs     : {'timeout': 900}")
        out.append("  max_restarts     : %d" % max_restarts)
        out.append("  monitor_interval : 0.1")
        out.append("  log_dir          : %s" % log_dir)
        out.append("  metrics_cfg      : {}")
        out.append("")
    return out


def rdzv_complete(t, pid, host, group_rank, nnodes, nproc, master, port=29500, restart=0):
    g = f_glog(t, "I")
    base = group_rank * nproc
    out = []
    out.append("%s %d torch/distributed/elastic/agent/server/api.py:840] [default] starting workers for entrypoint: python" % (g, pid))
    out.append("%s %d torch/distributed/elastic/agent/server/api.py:677] [default] Rendezvous'ing worker group" % (g, pid))
    g2 = f_glog(add(t, 1.7), "I")
    out.append("%s %d torch/distributed/elastic/agent/server/api.py:525] [default] Rendezvous complete for workers. Result:" % (g2, pid))
    out.append("  restart_count=%d" % restart)
    out.append("  master_addr=%s" % master)
    out.append("  master_port=%d" % port)
    out.append("  group_rank=%d" % group_rank)
    out.append("  group_world_size=%d" % nnodes)
    out.append("  local_ranks=%s" % list(range(nproc)))
    out.append("  role_ranks=%s" % list(range(base, base + nproc)))
    out.append("  global_ranks=%s" % list(range(base, base + nproc)))
    out.append("  role_world_sizes=%s" % ([nnodes * nproc] * nproc))
    out.append("  global_world_sizes=%s" % ([nnodes * nproc] * nproc))
    out.append("")
    out.append("%s %d torch/distributed/elastic/agent/server/api.py:685] [default] Starting worker group" % (g2, pid))
    out.append("%s %d torch/distributed/elastic/agent/server/local_elastic_agent.py:236] Environment variable 'TORCHELASTIC_ENABLE_FILE_TIMER' not found. Do not start FileTimerServer." % (g2, pid))
    out.append("%s %d torch/distributed/elastic/agent/server/local_elastic_agent.py:230] Environment variable 'TORCHELASTIC_HEALTH_CHECK_PORT' not found. Do not start health check." % (g2, pid))
    return out


def torchrun_traceback(py="/opt/conda/lib/python3.10", launcher="/opt/conda/bin/torchrun"):
    head = torchrun_tb_head(py, launcher)
    site = head[3].split('"')[1].split("/torch/")[0]
    return head + [
        '  File "%s/torch/distributed/launcher/api.py", line 269, in launch_agent' % site,
        "    raise ChildFailedError(",
    ]


def torchrun_tb_head(py="/opt/conda/lib/python3.10", launcher="/opt/conda/bin/torchrun"):
    if py.endswith("dist-packages"):
        py, sub = py.rsplit("/", 1)[0], "dist-packages"
    else:
        sub = "site-packages"
    return [x.replace("/site-packages/", "/%s/" % sub) for x in _tb_head(py, launcher)]


def _tb_head(py, launcher):
    return [
        "Traceback (most recent call last):",
        '  File "%s", line 8, in <module>' % launcher,
        "    sys.exit(main())",
        '  File "%s/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper' % py,
        "    return f(*args, **kwargs)",
        '  File "%s/site-packages/torch/distributed/run.py", line 919, in main' % py,
        "    run(args)",
        '  File "%s/site-packages/torch/distributed/run.py", line 910, in run' % py,
        "    elastic_launch(",
        '  File "%s/site-packages/torch/distributed/launcher/api.py", line 138, in __call__' % py,
        "    return launch_agent(self._config, self._entrypoint, list(args))",
    ]


def child_failed(entry, root, others=None):
    """root / others: dicts time, host, rank, local_rank, exitcode, pid, tb"""
    def block(idx, f):
        tb = f.get("tb")
        if tb is None:
            if f["exitcode"] < 0:
                sig = {-6: "SIGABRT", -9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV", -7: "SIGBUS"}[f["exitcode"]]
                tb = "Signal %d (%s) received by PID %d" % (-f["exitcode"], sig, f["pid"])
            else:
                tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        return [
            "[%d]:" % idx,
            "  time      : %s" % f_elastic_time(f["time"]),
            "  host      : %s" % f["host"],
            "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
            "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
            "  error_file: <N/A>",
            "  traceback : %s" % tb,
        ]
    out = ["torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
           "============================================================",
           "%s FAILED" % entry,
           "------------------------------------------------------------",
           "Failures:"]
    if others:
        for i, f in enumerate(others):
            out += block(i + 1, f)
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out += ["------------------------------------------------------------",
            "Root Cause (first observed failure):"]
    out += block(0, root)
    out.append("============================================================")
    return out


def watchdog_timeout(t, rank, seq, op, numel, timeout_ms, ran_ms, pg="0(default_pg)",
                     last_enq=None, last_done=None, lib="/opt/conda/lib/python3.10/site-packages/torch/lib",
                     numel_out=None):
    e = f_c10d(t, "E", rank * 37)
    if last_enq is None:
        last_enq = seq
    if last_done is None:
        last_done = seq - 1
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (
        seq, op, numel, numel if numel_out is None else numel_out, timeout_ms)
    p = "[rank%d]:" % rank
    out = [
        "%s[%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (p, e, rank, work, ran_ms),
        "%s[%s ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (p, e, pg, rank, seq, last_enq, last_done),
        "%s[%s ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (p, e, rank),
        "%s[%s ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (p, e, rank),
        "%s[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (p, e, pg, rank, rank, work, ran_ms),
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3b8e56c446 in %s/libc10.so)" % lib,
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x282 (0x7f3b3f8a4772 in %s/libtorch_cuda.so)" % lib,
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3b3f8abbb3 in %s/libtorch_cuda.so)" % lib,
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3b3f8ad61d in %s/libtorch_cuda.so)" % lib,
        "frame #4: <unknown function> + 0x145c0 (0x7f3b8ea9a5c0 in %s/libtorch.so)" % lib,
        "frame #5: <unknown function> + 0x94ac3 (0x7f3b95f4aac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: clone + 0x44 (0x7f3b95fdba04 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 0 PG GUID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pg, rank, rank, work, ran_ms),
    ]
    return out


def nccl_remote_error(t, rank, seq, op, numel, peer, lib="/opt/conda/lib/python3.10/site-packages/torch/lib",
                      version="2.21.5", last="socketProgress: Connection closed by remote peer"):
    e = f_c10d(t, "E", rank * 13)
    p = "[rank%d]:" % rank
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=1800000)" % (seq, op, numel, numel)
    return [
        "%s[%s ProcessGroupNCCL.cpp:552] [Rank %d] Collective %s raised the following async exception: NCCL error: remote process exited or there was a network error, NCCL version %s" % (p, e, rank, work, version),
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        ("%s %s" % (last, peer)).rstrip(),
        "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2363 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f0c4756c1b6 in %s/libc10.so)" % lib,
        "frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 (0x7f0bf581c1c0 in %s/libtorch_cuda.so)" % lib,
        "frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (0x7f0bf581c40c in %s/libtorch_cuda.so)" % lib,
        "frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 (0x7f0bf5823a63 in %s/libtorch_cuda.so)" % lib,
        "frame #4: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f0bf58254dd in %s/libtorch_cuda.so)" % lib,
        "frame #5: <unknown function> + 0x145c0 (0x7f0c47a9a5c0 in %s/libtorch.so)" % lib,
        "frame #6: <unknown function> + 0x94ac3 (0x7f0c4e94aac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #7: clone + 0x44 (0x7f0c4e9dba04 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
    ]


def sigterm_lines(t, agent_pid, pids, fmt="new"):
    out = []
    for i, p in enumerate(pids):
        g = f_glog(add(t, 0.001 * i), "W")
        out.append("%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (g, agent_pid, p))
    return out


def dmesg_boot_noise(t0, host, rng, n=40, gpus=8, driver="550.90.07"):
    """Benign kernel lines from boot / early uptime, dmesg -T format."""
    lines = [
        "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-054) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024 (Ubuntu 5.15.0-105.115-generic 5.15.149)",
        "Command line: BOOT_IMAGE=/boot/vmlinuz-5.15.0-105-generic root=UUID=6c1f3a0e-7f9b-4d9e-9d5a-2a3b4c5d6e7f ro iommu=pt pci=realloc=off",
        "DMI: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 02/21/2024",
        "x86/fpu: Supporting XSAVE feature 0x001: 'x87 floating point registers'",
        "Memory: 2113571540K/2147015080K available (16393K kernel code, 4376K rwdata, 10836K rodata, 3284K init, 18736K bss, 33443540K reserved, 0K cma-reserved)",
        "mlx5_core 0000:1a:00.0: firmware version: 28.39.1002",
        "mlx5_core 0000:1a:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)",
        "mlx5_core 0000:1a:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 97656Mbps",
        "mlx5_core 0000:1a:00.0: E-Switch: Total vports 2, per vport: max uc(128) max mc(2048)",
        "mlx5_core 0000:1a:00.0: Port module event: module 0, Cable plugged",
        "nvidia: loading out-of-tree module taints kernel.",
        "nvidia: module license 'NVIDIA' taints kernel.",
        "nvidia-nvlink: Nvlink Core is being initialized, major device number 508",
        "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  %s  Fri May 31 09:35:42 UTC 2024" % driver,
        "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  %s  Fri May 31 09:30:47 UTC 2024" % driver,
        "nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint.",
        "nvidia-uvm: Loaded the UVM driver, major device number 506.",
        "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.",
        "IPv6: ADDRCONF(NETDEV_CHANGE): ibp26s0: link becomes ready",
        "Lustre: Lustre: Build Version: 2.15.4",
        "audit: type=1400 audit(1709541600.123:2): apparmor=\"STATUS\" operation=\"profile_load\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid=1342 comm=\"apparmor_parser\"",
        "bpfilter: Loaded bpfilter_umh pid 2012",
        "Started bpfilter",
        "NET: Registered PF_ALG protocol family",
        "infiniband mlx5_0: mlx5_ib_probe:4268:(pid 1204): ODP is not supported",
        "nvidia 0000:18:00.0: enabling device (0000 -> 0002)",
        "systemd-journald[812]: Received client request to flush runtime journal.",
        "EDAC MC0: Giving out device to module i10nm_edac controller Intel_10nm Socket#0 IMC#0: DEV 0000:7e:0c.0 (INTERRUPT)",
        "ipmi_si IPI0001:00: IPMI kcs interface initialized",
        "power_meter ACPI000D:00: Found ACPI power meter.",
    ]
    out = []
    t = t0
    for i in range(n):
        t = add(t, rng.uniform(0.0, 2.5) if i < 30 else rng.uniform(10, 900))
        out.append("%s %s" % (f_dmesg(t), lines[i % len(lines)]))
    return out, t


def ibstat(hcas, rate=400, down=None, guid_seed=0, fw="28.39.1002", ca="MT4129"):
    """down: dict hca_index -> (state, physical)"""
    out = []
    for k in range(hcas):
        st, ph = ("Active", "LinkUp")
        if down and k in down:
            st, ph = down[k]
        out += [
            "CA 'mlx5_%d'" % k,
            "\tCA type: %s" % ca,
            "\tNumber of ports: 1",
            "\tFirmware version: %s" % fw,
            "\tHardware version: 0",
            "\tNode GUID: 0x%016x" % (0xa088c20300a1b200 + guid_seed * 64 + k),
            "\tSystem image GUID: 0x%016x" % (0xa088c20300a1b200 + guid_seed * 64),
            "\tPort 1:",
            "\t\tState: %s" % st,
            "\t\tPhysical state: %s" % ph,
            "\t\tRate: %d" % (rate if st == "Active" else 10),
            "\t\tBase lid: %d" % ((guid_seed * 8 + k + 17) if st == "Active" else 65535),
            "\t\tLMC: 0",
            "\t\tSM lid: 1",
            "\t\tCapability mask: 0xa751e848",
            "\t\tPort GUID: 0x%016x" % (0xa088c20300a1b200 + guid_seed * 64 + k),
            "\t\tLink layer: InfiniBand",
        ]
    return out


def nvsmi_table(t, gpus, name="NVIDIA H100 80GB HBM3", driver="550.90.07", cuda="12.4",
                mem_total=81559, procs=None, bus=None, util=None, mem=None, temps=None,
                power=None, cap=700, perf=None, ecc=None):
    if bus is None:
        bus = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
               "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]
    out = [
        "%s %s %2d %02d:%02d:%02d %d       " % (DOW[t.weekday()], MON[t.month - 1], t.day, t.hour, t.minute, t.second, t.year),
        "+-----------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI %-10s             Driver Version: %-10s     CUDA Version: %-5s    |" % (driver, driver, cuda),
        "|-----------------------------------------+------------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
        "|                                         |                        |               MIG M. |",
        "|=========================================+========================+======================|",
    ]
    for g in range(gpus):
        u = util[g] if util else 0
        m = mem[g] if mem else 1
        tp = temps[g] if temps else 31
        pw = power[g] if power else 69
        pf = perf[g] if perf else "P0"
        ec = ecc[g] if ecc else "0"
        out.append("|  %2d  %-26s  On  |   %s Off |  %19s |" % (g, name[:26], bus[g % len(bus)], ec))
        out.append("| N/A   %2dC    %-2s            %3dW /  %3dW |  %6dMiB /  %6dMiB |    %3d%%      Default |" % (tp, pf, pw, cap, m, mem_total, u))
        out.append("|                                         |                        |             Disabled |")
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out += [
        "                                                                                         ",
        "+-----------------------------------------------------------------------------------------+",
        "| Processes:                                                                              |",
        "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
        "|        ID   ID                                                               Usage      |",
        "|=========================================================================================|",
    ]
    if not procs:
        out.append("|  No running processes found                                                             |")
    else:
        for (g, pid, name_, usage) in procs:
            out.append("|  %3d   N/A  N/A    %7d      C   %-40s %6dMiB |" % (g, pid, name_[:40], usage))
    out.append("+-----------------------------------------------------------------------------------------+")
    return out


def sacct(jobid, jobname, part, acct, cpus, state, exitcode, steps):
    """steps: list of (suffix, name, cpus, state, exit)"""
    out = [
        "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode ",
        "------------ ---------- ---------- ---------- ---------- ---------- -------- ",
        "%-12s %10s %10s %10s %10d %10s %8s " % (str(jobid), jobname[:9] + ("+" if len(jobname) > 10 else jobname[9:10]), part, acct, cpus, state, exitcode),
    ]
    for (suf, name, c, st, ex) in steps:
        nm = name if len(name) <= 10 else name[:9] + "+"
        out.append("%-12s %10s %10s %10s %10d %10s %8s " % ("%s.%s" % (jobid, suf), nm, "", acct, c, st, ex))
    return out


def hf_progress(t, step0, steps, total, sec_per_it, rng, loss0=1.9, every=10, lr0=2e-5,
                epoch_per_step=0.0004, grad=True):
    """HF Trainer style tqdm + dict log lines"""
    out = []
    loss = loss0
    tt = t
    for s in range(step0, step0 + steps):
        tt = add(tt, sec_per_it * rng.uniform(0.97, 1.03))
        el = (s - step0 + 1) * sec_per_it
        rem = (total - s) * sec_per_it
        pct = int(100.0 * s / total)
        out.append(" %2d%%|%s| %d/%d [%s<%s, %.2fs/it]" % (
            pct, ("#" * (pct // 10)).ljust(10), s, total, _hms(el + step0 * sec_per_it), _hms(rem), sec_per_it * rng.uniform(0.98, 1.02)))
        if s % every == 0:
            loss = max(0.3, loss * rng.uniform(0.985, 1.004))
            d = "{'loss': %.4f, " % loss
            if grad:
                d += "'grad_norm': %.6f, " % rng.uniform(0.6, 1.6)
            d += "'learning_rate': %.4e, 'epoch': %.2f}" % (lr0, s * epoch_per_step)
            out.append(d)
    return out, tt


def _hms(sec):
    sec = int(sec)
    h = sec // 3600
    m = (sec % 3600) // 60
    s = sec % 60
    if h:
        return "%d:%02d:%02d" % (h, m, s)
    return "%02d:%02d" % (m, s)


def megatron_iters(t, it0, n, total, ms_per_it, rng, loss0=2.3, lr=1.5e-4, gbs=1024,
                   every=1, tokens=None, nan_at=None, skipped=None, grad_norm=1.1, loss_scale=None):
    out = []
    tt = t
    loss = loss0
    for i in range(it0, it0 + n):
        tt = add(tt, ms_per_it / 1000.0 * rng.uniform(0.98, 1.02))
        if (i - it0) % every:
            continue
        loss = loss * rng.uniform(0.995, 1.002)
        lstr = "%.6E" % loss
        gn = "%.3f" % (grad_norm * rng.uniform(0.8, 1.3))
        if nan_at is not None and i >= nan_at:
            lstr = "nan"
            gn = "nan"
        extra = ""
        if loss_scale is not None:
            extra = " loss scale: %.1f |" % loss_scale
        out.append(" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %s |%s grad norm: %s | number of skipped iterations:   %d | number of nan iterations:   %d |"
                   % (f_py(tt)[:19], i, total, i * gbs, ms_per_it * rng.uniform(0.98, 1.02), lr, gbs, lstr, extra, gn,
                      0 if skipped is None else skipped, 1 if (nan_at is not None and i >= nan_at) else 0))
    return out, tt


def pip_freeze(pkgs):
    return ["%s==%s" % kv for kv in pkgs]


def df_h(rows):
    out = ["Filesystem                       Size  Used Avail Use% Mounted on"]
    for r in rows:
        out.append("%-32s %5s %5s %5s %4s %s" % r)
    return out


def rtb(rank, lines):
    return ["[rank%d]: %s" % (rank, l) for l in lines]


def pids_for(base, n, rng):
    out = []
    p = base
    for _ in range(n):
        p += rng.randint(1, 3)
        out.append(p)
    return out


SP = "/opt/conda/lib/python3.10/site-packages"


# ===========================================================================
# bn01  DDP "Expected to have finished reduction" at step 1
# ===========================================================================

def case_bn01():
    b = Bundle("bn01_reduction_not_finished_step1")
    rng = random.Random(6901)
    nodes = ["gpu-a07", "gpu-a08"]
    ips = ["10.31.4.107", "10.31.4.108"]
    job = 231877
    t0 = T(2024, 9, 16, 14, 2, 11, 512000)
    entry = "train_mtl.py"
    b.add("job_script.sh", [
        "#!/bin/bash",
        "#SBATCH --job-name=mtl-dense",
        "#SBATCH --nodes=2",
        "#SBATCH --ntasks-per-node=1",
        "#SBATCH --gpus-per-node=8",
        "#SBATCH --cpus-per-task=96",
        "#SBATCH --time=24:00:00",
        "#SBATCH --output=slurm-%j.out",
        "",
        "export NCCL_DEBUG=INFO",
        "export LOGLEVEL=INFO",
        "export OMP_NUM_THREADS=8",
        "head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)",
        "srun torchrun --nnodes=2 --nproc-per-node=8 --rdzv-backend=c10d \\",
        "    --rdzv-endpoint=${head}:29500 --rdzv-id=$SLURM_JOB_ID \\",
        "    train_mtl.py --config configs/mtl_seg_depth_normals.yaml --batch-size 12",
    ])
    b.add("sacct.txt", sacct(job, "mtl-dense", "gpu-h100", "vision", 192, "FAILED", "1:0", [
        ("batch", "batch", 96, "FAILED", "1:0"),
        ("extern", "extern", 192, "COMPLETED", "0:0"),
        ("0", "torchrun", 192, "FAILED", "1:0"),
    ]))
    fail_t = add(t0, 212.4)
    for ni, host in enumerate(nodes):
        apid = 3811207 + ni * 1000
        pids = pids_for(apid + 40, 8, rng)
        L = []
        L += torchrun_header(t0, apid, 2, 8, str(job), "%s:29500" % nodes[0], entry)
        L += rdzv_complete(add(t0, 0.4), apid, host, ni, 2, 8, nodes[0])
        tt = add(t0, 18)
        for lr in range(8):
            g = ni * 8 + lr
            L.append("[rank%d]:[W916 %s ProcessGroupNCCL.cpp:4115] [PG ID 0 PG GUID 0 Rank %d]  using GPU %d to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular device,or call init_process_group() with a device_id." % (g, f_hms(tt) + ".%06d" % (rng.randint(0, 999999)), g, lr))
        L += nccl_init(host, pids, list(range(8)), [ni * 8 + k for k in range(8)], 16, rng, ips[ni])
        if ni == 0:
            L += [
                "[rank0]: %s | INFO | train_mtl | world_size=16 rank=0 local_rank=0 device=cuda:0" % f_py(add(t0, 31)),
                "[rank0]: %s | INFO | train_mtl | building MultiTaskNet(backbone=convnext_large, heads=['seg', 'depth', 'normals'])" % f_py(add(t0, 31.2)),
                "[rank0]: %s | INFO | train_mtl | params: backbone 196.2M, seg 8.4M, depth 6.1M, normals 6.1M" % f_py(add(t0, 33.0)),
                "[rank0]: %s | INFO | train_mtl | DDP(find_unused_parameters=False, gradient_as_bucket_view=True, static_graph=False)" % f_py(add(t0, 34.1)),
                "[rank0]: %s | INFO | data | taskonomy+nyu mixed sampler: 3 sources, 1,204,551 samples, depth labels present in 61.3%% of samples" % f_py(add(t0, 52.7)),
                "[rank0]: %s | INFO | data | DistributedSampler(num_replicas=16, shuffle=True, seed=17), 12 workers/rank" % f_py(add(t0, 52.8)),
                "%s/torch/utils/data/dataloader.py:617: UserWarning: This DataLoader will create 12 worker processes in total. Our suggested max number of worker in current system is 11, which is smaller than what this DataLoader is going to create. Please be aware that excessive worker creation might get DataLoader running slow or even freeze, lower the worker number to avoid potential slowness/freeze if necessary." % SP,
                "  warnings.warn(",
                "[rank0]: %s | INFO | train_mtl | epoch 0 step 0 loss 7.9113 (seg 2.7719 depth 3.0140 normals 2.1254) lr 1.00e-06 %.2fs/it" % (f_py(add(t0, 206.3)), 5.81),
            ]
        # the failing ranks on each node
        bad = {0: [3], 1: [9, 14]}[ni]
        L.append("%s/torch/autograd/graph.py:825: UserWarning: grad and param do not obey the gradient layout contract. This is not an error, but may impair performance." % SP)
        for r in bad:
            tb = [
                "Traceback (most recent call last):",
                '  File "/home/mtl/repo/train_mtl.py", line 412, in <module>',
                "    main(cfg)",
                '  File "/home/mtl/repo/train_mtl.py", line 371, in main',
                "    train_one_epoch(model, loader, optim, sched, scaler, epoch, cfg)",
                '  File "/home/mtl/repo/train_mtl.py", line 214, in train_one_epoch',
                "    out = model(batch[\"image\"], tasks=batch[\"tasks\"])",
                '  File "%s/torch/nn/modules/module.py", line 1736, in _wrapped_call_impl' % SP,
                "    return self._call_impl(*args, **kwargs)",
                '  File "%s/torch/nn/modules/module.py", line 1747, in _call_impl' % SP,
                "    return forward_call(*args, **kwargs)",
                '  File "%s/torch/nn/parallel/distributed.py", line 1639, in forward' % SP,
                "    inputs, kwargs = self._pre_forward(*inputs, **kwargs)",
                '  File "%s/torch/nn/parallel/distributed.py", line 1528, in _pre_forward' % SP,
                "    if torch.is_grad_enabled() and self.reducer._rebuild_buckets():",
                "RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This error indicates that your module has parameters that were not used in producing loss. You can enable unused parameter detection by passing the keyword argument `find_unused_parameters=True` to `torch.nn.parallel.DistributedDataParallel`, and by ",
                "making sure all `forward` function outputs participate in calculating loss. ",
                "If you already have done the above, then the distributed data parallel module wasn't able to locate the output tensors in the return value of your module's `forward` function. Please include the loss function and the structure of the return value of `forward` of your module when reporting this issue (e.g. list, dict, iterable).",
                "Parameter indices which did not receive grad for rank %d: 412 413 414 415 416 417 418 419 420 421 422 423" % r,
                " In addition, you can set the environment variable TORCH_DISTRIBUTED_DEBUG to either INFO or DETAIL to print out information about which particular parameters did not receive gradient on this rank as part of this error",
            ]
            L += rtb(r, tb)
        ft = add(fail_t, 0.9 * ni)
        failed_lr = bad[0] - ni * 8
        bad_lr = [r - ni * 8 for r in bad]
        others = [p for k, p in enumerate(pids) if k not in bad_lr]
        L += sigterm_lines(add(ft, 0.6), apid, others)
        L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /opt/conda/bin/python3.10" % (f_glog(add(ft, 1.4), "E"), apid, failed_lr, pids[failed_lr]))
        L += torchrun_traceback()
        root = dict(time=ft, host=host, rank=bad[0], local_rank=failed_lr, exitcode=1, pid=pids[failed_lr])
        oth = None
        if len(bad) > 1:
            lr2 = bad[1] - 8
            oth = [dict(time=add(ft, 0.02), host=host, rank=bad[1], local_rank=lr2, exitcode=1, pid=pids[lr2])]
        L += child_failed(entry, root, oth)
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (host, ni))
        b.add("%s/torchrun.log" % host, L)
        # dmesg
        dm, tt = dmesg_boot_noise(T(2024, 9, 2, 6, 14, 3), host, rng, n=44)
        if host == "gpu-a08":
            dm.append("%s NVRM: Xid (PCI:0000:3a:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 1, TPC 3, SM 0): Out Of Range Address" % f_dmesg(T(2024, 9, 10, 22, 41, 7)))
            dm.append("%s NVRM: Xid (PCI:0000:3a:00): 13, pid=2210931, name=python, Graphics Exception: ESR 0x51e730=0x201000e 0x51e734=0x0 0x51e728=0x4c1eb72 0x51e72c=0x174" % f_dmesg(T(2024, 9, 10, 22, 41, 7)))
        dm.append("%s docker0: port 1(veth3a1c2f9) entered disabled state" % f_dmesg(T(2024, 9, 15, 3, 10, 44)))
        b.add("%s/dmesg.txt" % host, dm)
        b.add("%s/nvidia-smi.txt" % host, nvsmi_table(add(fail_t, 95), 8, temps=[33, 31, 34, 32, 30, 33, 31, 32], power=[71, 69, 70, 72, 68, 70, 69, 71], mem=[1] * 8))
    b.set_label("user_code", "script", None, "stop",
                "Ranks 3, 9 and 14 all raise DDP's 'Expected to have finished reduction in the prior iteration' at step 1 with the same unused parameter indices (the depth head), because batches without depth labels skip that head and DDP runs with find_unused_parameters=False; deterministic code/config error, the old Xid 13 on gpu-a08 predates the job.",
                "https://github.com/pytorch/pytorch/issues/43259")
    return b


# ===========================================================================
# bn02  c10d rendezvous cannot reach the store: DNS on the workers
# ===========================================================================

def case_bn02():
    b = Bundle("bn02_rendezvous_store_unreachable")
    rng = random.Random(6902)
    nodes = ["hx-node01", "hx-node02", "hx-node03", "hx-node04"]
    ips = ["172.20.8.11", "172.20.8.12", "172.20.8.13", "172.20.8.14"]
    t0 = T(2024, 11, 5, 8, 30, 2, 114000)
    ep = "train-head.cluster.internal:29400"
    b.add("launch_all.sh", [
        "#!/bin/bash",
        "# started from the login host with: pdsh -w hx-node0[1-4] ./launch_all.sh",
        "source /opt/envs/ptn/bin/activate",
        "export NCCL_SOCKET_IFNAME=bond0",
        "export LOGLEVEL=INFO",
        "torchrun --nnodes=4 --nproc-per-node=8 --max-restarts=3 \\",
        "  --rdzv-backend=c10d --rdzv-endpoint=%s --rdzv-id=ptn-0611 \\" % ep,
        "  pretrain.py --model gpt-6.7b --data /mnt/shared/tok/pile_dedup",
    ])
    b.add("dns_check.txt", [
        "# run by on-call from the login host at %s" % f_date(add(t0, 1080)),
        "$ for h in hx-node01 hx-node02 hx-node03 hx-node04; do echo == $h; ssh $h 'getent hosts train-head.cluster.internal; cat /etc/resolv.conf | grep -v ^#'; done",
        "== hx-node01",
        "172.20.8.11     hx-node01 train-head.cluster.internal",
        "nameserver 127.0.0.53",
        "options edns0 trust-ad",
        "search cluster.internal",
        "== hx-node02",
        "nameserver 127.0.0.53",
        "options edns0 trust-ad",
        "search cluster.internal",
        "== hx-node03",
        "nameserver 127.0.0.53",
        "options edns0 trust-ad",
        "search cluster.internal",
        "== hx-node04",
        "nameserver 127.0.0.53",
        "options edns0 trust-ad",
        "search cluster.internal",
        "",
        "$ ssh hx-node03 'resolvectl query train-head.cluster.internal'",
        "train-head.cluster.internal: resolve call failed: All attempts to contact name servers or networks failed",
        "",
        "$ dig @10.40.0.2 train-head.cluster.internal +time=2 +tries=1",
        "",
        "; <<>> DiG 9.18.28-0ubuntu0.22.04.1-Ubuntu <<>> @10.40.0.2 train-head.cluster.internal +time=2 +tries=1",
        "; (1 server found)",
        ";; global options: +cmd",
        ";; communications error to 10.40.0.2#53: timed out",
        ";; no servers could be reached",
        "",
        "$ dig @10.40.0.3 train-head.cluster.internal +time=2 +tries=1",
        ";; communications error to 10.40.0.3#53: timed out",
        ";; no servers could be reached",
        "",
        "# hx-node01 answers from /etc/hosts (alias added by the image), the other three depend on",
        "# the site resolvers 10.40.0.2/10.40.0.3",
    ])
    for ni, host in enumerate(nodes):
        apid = 90211 + ni * 17
        L = torchrun_header(t0, apid, 4, 8, "ptn-0611", ep, "pretrain.py", max_restarts=3)
        g = f_glog(add(t0, 0.01), "I")
        if ni == 0:
            L.append("%s %d torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py:162] Process %d hosts the TCP store for the C10d rendezvous backend." % (g, apid, apid))
            L.append("%s %d torch/distributed/elastic/agent/server/api.py:840] [default] starting workers for entrypoint: python" % (g, apid))
            L.append("%s %d torch/distributed/elastic/agent/server/api.py:677] [default] Rendezvous'ing worker group" % (g, apid))
            L.append("%s %d torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1146] The node 'hx-node01_%d_0' attempts to join the next round of the rendezvous 'ptn-0611'." % (g, apid, apid))
            te = add(t0, 900.2)
            L.append("%s %d torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1203] The node 'hx-node01_%d_0' has failed to join the rendezvous 'ptn-0611' round 0: timeout." % (f_glog(te, "E"), apid, apid))
            L += torchrun_tb_head(py="/opt/envs/ptn/lib/python3.11", launcher="/opt/envs/ptn/bin/torchrun")
            L += [
                '  File "/opt/envs/ptn/lib/python3.11/site-packages/torch/distributed/launcher/api.py", line 260, in launch_agent',
                "    result = agent.run()",
                '  File "/opt/envs/ptn/lib/python3.11/site-packages/torch/distributed/elastic/metrics/api.py", line 138, in wrapper',
                "    result = f(*args, **kwargs)",
                '  File "/opt/envs/ptn/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py", line 711, in run',
                "    result = self._invoke_run(role)",
                '  File "/opt/envs/ptn/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py", line 864, in _invoke_run',
                "    self._initialize_workers(self._worker_group)",
                '  File "/opt/envs/ptn/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py", line 683, in _initialize_workers',
                "    self._rendezvous(worker_group)",
                '  File "/opt/envs/ptn/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1130, in next_rendezvous',
                "    self._op_executor.run(join_op, deadline, self._get_deadline)",
                '  File "/opt/envs/ptn/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 660, in run',
                "    raise RendezvousTimeoutError",
                "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
            ]
        else:
            L.append("%s %d torch/distributed/elastic/agent/server/api.py:840] [default] starting workers for entrypoint: python" % (g, apid))
            for k in range(4):
                tk = add(t0, 0.5 + 60.6 * k)
                L.append("[W%d%02d %s.%06d socket.cpp:697] [c10d] The IPv4 network addresses of (train-head.cluster.internal, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution)." % (tk.month, tk.day, f_hms(tk), rng.randint(0, 999999)))
                tk2 = add(tk, 20.1)
                L.append("[W%d%02d %s.%06d socket.cpp:697] [c10d] The IPv6 network addresses of (train-head.cluster.internal, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution)." % (tk2.month, tk2.day, f_hms(tk2), rng.randint(0, 999999)))
            te = add(t0, 60.4)
            L.append("[E%d%02d %s.%06d socket.cpp:957] [c10d] The client socket has timed out after 60000ms while trying to connect to (train-head.cluster.internal, 29400)." % (te.month, te.day, f_hms(te), rng.randint(0, 999999)))
            L.append("%s %d torch/distributed/elastic/multiprocessing/errors/error_handler.py:67] {" % (f_glog(add(te, 0.01), "E"), apid))
            L.append('  "message": {')
            L.append('    "message": "RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.",')
            L.append('    "extraInfo": {')
            L.append('      "py_callstack": "Traceback (most recent call last):\\n  File \\"/opt/envs/ptn/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py\\", line 159, in _create_tcp_store\\n    store = TCPStore(\\n            ^^^^^^^^^\\ntorch.distributed.DistNetworkError: The client socket has timed out after 60000ms while trying to connect to (train-head.cluster.internal, 29400).\\n",')
            L.append('      "timestamp": "%d"' % (1730795400 + int(60.4 + ni)))
            L.append("    }")
            L.append("  }")
            L.append("}")
            L += [
                "Traceback (most recent call last):",
                '  File "/opt/envs/ptn/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 159, in _create_tcp_store',
                "    store = TCPStore(",
                "            ^^^^^^^^^",
                "torch.distributed.DistNetworkError: The client socket has timed out after 60000ms while trying to connect to (train-head.cluster.internal, 29400).",
                "",
                "The above exception was the direct cause of the following exception:",
                "",
            ]
            L += torchrun_tb_head(py="/opt/envs/ptn/lib/python3.11", launcher="/opt/envs/ptn/bin/torchrun")
            L += [
                "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
                '  File "/opt/envs/ptn/lib/python3.11/site-packages/torch/distributed/launcher/api.py", line 241, in launch_agent',
                "    rdzv_handler=rdzv_registry.get_rendezvous_handler(rdzv_parameters),",
                '  File "/opt/envs/ptn/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 257, in create_backend',
                "    store = _create_tcp_store(params)",
                "            ^^^^^^^^^^^^^^^^^^^^^^^^^",
                '  File "/opt/envs/ptn/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 183, in _create_tcp_store',
                "    raise RendezvousConnectionError(",
                "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.",
                "pdsh@login02: %s: ssh exited with exit code 1" % host,
            ]
        b.add("%s/torchrun.log" % host, L)
        J = []
        tb = T(2024, 11, 5, 8, 12, 40)
        J.append("-- Logs begin at Mon 2024-10-28 04:01:17 UTC, end at %s. --" % f_date(add(t0, 1200)).replace(" UTC", ""))
        for k in range(6):
            J.append("%s %s systemd[1]: Started Session %d of User ptn." % (f_sys(add(tb, 61 * k)), host, 4410 + k))
        if ni != 0:
            for k in range(22):
                tk = add(t0, -950 + 97 * k + rng.randint(0, 20))
                if k % 4 == 0:
                    J.append("%s %s systemd-resolved[1034]: Using degraded feature set UDP instead of UDP+EDNS0 for DNS server 10.40.0.2." % (f_sys(tk), host))
                elif k % 4 == 1:
                    J.append("%s %s systemd-resolved[1034]: Using degraded feature set TCP instead of UDP for DNS server 10.40.0.2." % (f_sys(tk), host))
                elif k % 4 == 2:
                    J.append("%s %s systemd-resolved[1034]: Switching to DNS server 10.40.0.3 for interface bond0." % (f_sys(tk), host))
                else:
                    J.append("%s %s systemd-resolved[1034]: Using degraded feature set UDP instead of UDP+EDNS0 for DNS server 10.40.0.3." % (f_sys(tk), host))
            J.append("%s %s chronyd[1190]: Could not resolve address of NTP server ntp1.cluster.internal" % (f_sys(add(t0, 300)), host))
        else:
            J.append("%s %s systemd-resolved[1031]: Using degraded feature set UDP instead of UDP+EDNS0 for DNS server 10.40.0.2." % (f_sys(add(t0, -400)), host))
            J.append("%s %s chronyd[1187]: Could not resolve address of NTP server ntp1.cluster.internal" % (f_sys(add(t0, 300)), host))
        for k in range(8):
            J.append("%s %s systemd[1]: session-%d.scope: Deactivated successfully." % (f_sys(add(t0, 960 + 13 * k)), host, 4410 + k))
        b.add("%s/journalctl.txt" % host, J)
        b.add("%s/ip_addr.txt" % host, [
            "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000",
            "    inet 127.0.0.1/8 scope host lo",
            "4: bond0: <BROADCAST,MULTICAST,MASTER,UP,LOWER_UP> mtu 9000 qdisc noqueue state UP group default qlen 1000",
            "    link/ether 0c:42:a1:7e:%02x:10 brd ff:ff:ff:ff:ff:ff" % (0x20 + ni),
            "    inet %s/22 brd 172.20.11.255 scope global bond0" % ips[ni],
            "7: ibp26s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092 qdisc mq state UP group default qlen 256",
            "    inet 192.168.40.%d/24 brd 192.168.40.255 scope global ibp26s0" % (11 + ni),
        ])
    b.set_label("network", "infrastructure", None, "restart",
                "Three worker nodes cannot resolve the rendezvous endpoint (gai error -3, 'Temporary failure in name resolution') and systemd-resolved shows the site DNS servers 10.40.0.2/.3 timing out on all of them, while hx-node01 hosts the store and resolves from /etc/hosts; a shared DNS outage, transient, nothing wrong with any one node.",
                "https://github.com/pytorch/pytorch/issues/107021")
    return b


# ===========================================================================
# bn03  DataLoader worker killed by signal: Killed (job's own memcg OOM)
# ===========================================================================

def case_bn03():
    b = Bundle("bn03_dataloader_worker_killed")
    rng = random.Random(6903)
    nodes = ["dgx-a100-041", "dgx-a100-042", "dgx-a100-043", "dgx-a100-044"]
    ips = ["10.8.1.41", "10.8.1.42", "10.8.1.43", "10.8.1.44"]
    job = 77120
    t0 = T(2025, 2, 12, 22, 4, 50, 300000)
    entry = "run_mae_pretraining.py"
    b.add("sbatch_mae.sh", [
        "#!/bin/bash",
        "#SBATCH -J mae-l-21k",
        "#SBATCH -N 4",
        "#SBATCH --ntasks-per-node=1",
        "#SBATCH --gres=gpu:8",
        "#SBATCH --cpus-per-task=128",
        "#SBATCH --mem=480G",
        "#SBATCH -t 3-00:00:00",
        "srun --kill-on-bad-exit=1 torchrun --nnodes 4 --nproc-per-node 8 \\",
        "   --rdzv-backend c10d --rdzv-endpoint $(hostname):29511 --rdzv-id $SLURM_JOB_ID \\",
        "   run_mae_pretraining.py --data_path /bigdata/data21/imagenet21k_train/ --mask_ratio 0.75 \\",
        "   --model pretrain_mae_large_patch16_224 --batch_size 128 --num_workers 14 --epochs 400 \\",
        "   --output_dir /scratch/mae/out_l21k",
    ])
    b.add("sacct.txt", sacct(job, "mae-l-21k", "dgxa100", "cv-found", 512, "OUT_OF_ME+", "0:125", [
        ("batch", "batch", 128, "OUT_OF_ME+", "0:125"),
        ("extern", "extern", 512, "COMPLETED", "0:0"),
        ("0", "torchrun", 512, "OUT_OF_ME+", "0:125"),
    ]))
    fail = T(2025, 2, 13, 3, 41, 22, 418000)
    for ni, host in enumerate(nodes):
        apid = 118204 + ni * 311
        pids = pids_for(apid + 30, 8, rng)
        L = torchrun_header(t0, apid, 4, 8, str(job), "dgx-a100-041:29511", entry, verbose=False)
        L += nccl_init(host, pids, list(range(8)), [ni * 8 + k for k in range(8)], 32, rng, ips[ni],
                       version="2.19.3+cuda12.3", hcas=8, ifname="enp225s0f0")
        if ni == 0:
            L += ["| distributed init (rank 0): env://, gpu 0",
                  "Namespace(batch_size=128, epochs=400, save_ckpt_freq=20, model='pretrain_mae_large_patch16_224', mask_ratio=0.75, input_size=224, drop_path=0.0, normlize_target=True, opt='adamw', lr=0.0015, warmup_epochs=40, data_path='/bigdata/data21/imagenet21k_train/', num_workers=14, pin_mem=True, world_size=32, dist_url='env://')",
                  "Data Aug = (DataAugmentationForMAE,",
                  "  transform = Compose(RandomResizedCropAndInterpolationWithTwoPic(size=(224, 224), scale=(0.2, 1.0), interpolation=bicubic), RandomHorizontalFlip(p=0.5), ToTensor(), Normalize(mean=tensor([0.4850, 0.4560, 0.4060]), std=tensor([0.2290, 0.2240, 0.2250])))",
                  "Sampler_train = <torch.utils.data.distributed.DistributedSampler object at 0x7f21c4a4e6d0>",
                  "Number of training examples = 13153500",
                  "LR = 0.01200000",
                  "Batch size = 4096",
                  "Number of training steps = 3211",
                  "Start training for 400 epochs"]
            tt = add(t0, 140)
            ep_steps = 3211
            for ep in range(0, 4):
                for it in range(0, ep_steps, 200):
                    tt = add(tt, 200 * 1.57)
                    if tt > fail:
                        break
                    L.append("Epoch: [%d]  [%4d/%d]  eta: %s  lr: %.6f  min_lr: %.6f  loss: %.4f (%.4f)  loss_scale: 65536.0000 (65536.0000)  weight_decay: 0.0500 (0.0500)  grad_norm: %.4f (%.4f)  time: %.4f  data: %.4f  max mem: 61231"
                             % (ep, it, ep_steps, _hms((ep_steps - it) * 1.57), 0.0003 * (ep * ep_steps + it + 1) / 40 / ep_steps * 40, 0.0,
                                0.92 - 0.05 * ep - it * 1e-5, 0.93 - 0.05 * ep, rng.uniform(0.2, 0.5), 0.31, rng.uniform(1.5, 1.65), rng.uniform(0.001, 0.004)))
                else:
                    L.append("Epoch: [%d] Total time: %s (1.5702 s / it)" % (ep, _hms(ep_steps * 1.5702)))
                    L.append("Averaged stats: lr: %.6f  min_lr: %.6f  loss: %.4f (%.4f)" % (0.0003 * (ep + 1) / 40 * 40, 0.0, 0.9 - 0.05 * ep, 0.9 - 0.05 * ep))
                    continue
                break
        # failure story: node 043 local rank 3 (rank 19) first, then 041 local rank 6 (rank 6)
        if ni == 2:
            wpid = 291877
            L += rtb(19, [
                "Traceback (most recent call last):",
                '  File "/home/mae/MAE-pytorch/run_mae_pretraining.py", line 266, in <module>',
                "    main(opts)",
                '  File "/home/mae/MAE-pytorch/run_mae_pretraining.py", line 232, in main',
                "    train_stats = train_one_epoch(",
                '  File "/home/mae/MAE-pytorch/engine_for_pretraining.py", line 102, in train_one_epoch',
                "    metric_logger.update(grad_norm=grad_norm)",
                '  File "/home/mae/MAE-pytorch/utils.py", line 102, in update',
                "    v = v.item()",
                '  File "%s/torch/utils/data/_utils/signal_handling.py", line 73, in handler' % SP,
                "    _error_if_any_worker_fails()",
                "RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % wpid,
            ])
            failed_lr, rr, ft = 3, 19, fail
        elif ni == 0:
            wpid = 288412
            ft = add(fail, 41.7)
            L += rtb(6, [
                "Traceback (most recent call last):",
                '  File "%s/torch/utils/data/dataloader.py", line 1251, in _try_get_data' % SP,
                "    data = self._data_queue.get(timeout=timeout)",
                '  File "/opt/conda/lib/python3.10/multiprocessing/queues.py", line 113, in get',
                "    if not self._poll(timeout):",
                '  File "/opt/conda/lib/python3.10/multiprocessing/connection.py", line 257, in poll',
                "    return self._poll(timeout)",
                '  File "/opt/conda/lib/python3.10/multiprocessing/connection.py", line 424, in _poll',
                "    r = wait([self], timeout)",
                '  File "/opt/conda/lib/python3.10/multiprocessing/connection.py", line 931, in wait',
                "    ready = selector.select(timeout)",
                '  File "/opt/conda/lib/python3.10/selectors.py", line 416, in select',
                "    fd_event_list = self._selector.poll(timeout)",
                '  File "%s/torch/utils/data/_utils/signal_handling.py", line 73, in handler' % SP,
                "    _error_if_any_worker_fails()",
                "RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % wpid,
                "",
                "The above exception was the direct cause of the following exception:",
                "",
                "Traceback (most recent call last):",
                '  File "/home/mae/MAE-pytorch/run_mae_pretraining.py", line 266, in <module>',
                "    main(opts)",
                '  File "/home/mae/MAE-pytorch/run_mae_pretraining.py", line 232, in main',
                "    train_stats = train_one_epoch(",
                '  File "/home/mae/MAE-pytorch/engine_for_pretraining.py", line 42, in train_one_epoch',
                "    for step, (batch, _) in enumerate(metric_logger.log_every(data_loader, print_freq, header)):",
                '  File "%s/torch/utils/data/dataloader.py", line 1448, in _next_data' % SP,
                "    idx, data = self._get_data()",
                '  File "%s/torch/utils/data/dataloader.py", line 1412, in _get_data' % SP,
                "    success, data = self._try_get_data()",
                '  File "%s/torch/utils/data/dataloader.py", line 1264, in _try_get_data' % SP,
                "    raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e",
                "RuntimeError: DataLoader worker (pid(s) %d) exited unexpectedly" % wpid,
            ])
            failed_lr, rr = 6, 6
        else:
            ft = add(fail, 3.2 + ni)
            r = ni * 8 + 2
            L += nccl_remote_error(ft, r, 118233, "ALLREDUCE", 304127232, "dgx-a100-043<47102>", version="2.19.3")
            failed_lr, rr = 2, r
        if ni in (1, 3):
            ft = add(ft, 1.5)
            L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /opt/conda/bin/python3.10" % (f_glog(ft, "E"), apid, failed_lr, pids[failed_lr]))
            ec = -6
        else:
            L += sigterm_lines(add(ft, 0.4), apid, [p for k, p in enumerate(pids) if k != failed_lr])
            L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /opt/conda/bin/python3.10" % (f_glog(add(ft, 1.2), "E"), apid, failed_lr, pids[failed_lr]))
            ec = 1
        L += torchrun_traceback()
        L += child_failed(entry, dict(time=ft, host=host, rank=rr, local_rank=failed_lr, exitcode=ec, pid=pids[failed_lr]))
        if ni == 2:
            L.append("slurmstepd: error: Detected 1 oom_kill event in StepId=%d.0. Some of the step tasks have been OOM Killed." % job)
            L.append("srun: error: %s: task 2: Out Of Memory" % host)
        if ni == 0:
            L.append("slurmstepd: error: Detected 2 oom_kill events in StepId=%d.0. Some of the step tasks have been OOM Killed." % job)
            L.append("srun: error: %s: task 0: Out Of Memory" % host)
        b.add("%s/torchrun.log" % host, L)

        # site memory watcher (every 10 minutes)
        M = ["# /opt/site/bin/memwatch -i 600 (free -g, used by job cgroup)", "time                 total  used  free  shared  buff/cache  available  cgroup_mem_GB(limit 480)"]
        tt = add(t0, 60)
        used = 96.0
        while tt < add(fail, 40):
            used = min(479.6, used + rng.uniform(11.0, 12.4))
            M.append("%s  1007  %4d  %4d  %5d  %10d  %9d  %.1f" % (f_iso(tt), int(used + 22), int(1007 - used - 60), 38, 40, int(1007 - used - 22), used))
            tt = add(tt, 600)
        b.add("%s/memwatch.log" % host, M)

        dm, tdm = dmesg_boot_noise(T(2025, 1, 30, 11, 2, 0), host, rng, n=35)
        if ni in (0, 2):
            kt = fail if ni == 2 else add(fail, 41.2)
            kp = 291877 if ni == 2 else 288412
            dm += [
                "%s pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0" % f_dmesg(kt),
                "%s CPU: %d PID: %d Comm: pt_data_worker Tainted: P           OE     5.15.0-105-generic #115-Ubuntu" % (f_dmesg(kt), 71 - ni, kp),
                "%s Hardware name: NVIDIA DGXA100 920-23687-2530-000/DGXA100, BIOS 1.25 01/05/2024" % f_dmesg(kt),
                "%s Call Trace:" % f_dmesg(kt),
                "%s  <TASK>" % f_dmesg(kt),
                "%s  dump_stack_lvl+0x4a/0x63" % f_dmesg(kt),
                "%s  dump_header+0x4a/0x1f4" % f_dmesg(kt),
                "%s  oom_kill_process.cold+0xb/0x10" % f_dmesg(kt),
                "%s  out_of_memory+0x106/0x2f0" % f_dmesg(kt),
                "%s  mem_cgroup_out_of_memory+0x13b/0x160" % f_dmesg(kt),
                "%s  try_charge_memcg+0x68a/0x740" % f_dmesg(kt),
                "%s  charge_memcg+0x45/0xb0" % f_dmesg(kt),
                "%s  __mem_cgroup_charge+0x2d/0x80" % f_dmesg(kt),
                "%s  </TASK>" % f_dmesg(kt),
                "%s memory: usage 503316480kB, limit 503316480kB, failcnt %d" % (f_dmesg(kt), 8812 + ni * 31),
                "%s swap: usage 0kB, limit 9007199254740988kB, failcnt 0" % f_dmesg(kt),
                "%s Memory cgroup stats for /slurm/uid_20417/job_%d:" % (f_dmesg(kt), job),
                "%s anon 497011744768" % f_dmesg(kt),
                "%s file 6121840640" % f_dmesg(kt),
                "%s shmem 34359738368" % f_dmesg(kt),
                "%s Tasks state (memory values in pages):" % f_dmesg(kt),
                "%s [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name" % f_dmesg(kt),
            ]
            for k in range(8):
                dm.append("%s [%7d]  20417 %6d 13421772  %7d %14d        0             0 python3.10" % (f_dmesg(kt), pids[k], pids[k], 3412881 + rng.randint(-9000, 9000), 31113216))
            for k in range(14):
                wp = kp - 6 + k
                dm.append("%s [%7d]  20417 %6d 13605276  %7d %14d        0             0 pt_data_worker" % (f_dmesg(kt), wp, wp, 2960530 + rng.randint(-40000, 40000), 24698880))
            dm += [
                "%s oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-7,oom_memcg=/slurm/uid_20417/job_%d,task_memcg=/slurm/uid_20417/job_%d/step_0/user/task_0,task=pt_data_worker,pid=%d,uid=20417" % (f_dmesg(kt), job, job, kp),
                "%s Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:54421104kB, anon-rss:11842120kB, file-rss:81744kB, shmem-rss:4194304kB, UID:20417 pgtables:24120kB oom_score_adj:0" % (f_dmesg(kt), kp),
            ]
        b.add("%s/dmesg.txt" % host, dm)
    b.set_label("oom", "framework", None, "stop",
                "DataLoader workers were killed by the kernel OOM-killer inside the job's own Slurm memory cgroup (CONSTRAINT_MEMCG, oom_memcg=/slurm/uid_20417/job_77120) on two nodes; memwatch shows the job's cgroup growing steadily to the 480G limit with 14 workers per rank; the job's own host-memory use, it will recur with these settings.",
                "https://github.com/pytorch/pytorch/issues/8976")
    return b


# ===========================================================================
# bn04  torchtitan resume on a bigger world: missing dataloader state
# ===========================================================================

def case_bn04():
    b = Bundle("bn04_checkpoint_load_missing_key")
    rng = random.Random(6904)
    nodes = ["h100-r2-n12", "h100-r2-n17"]
    ips = ["10.60.2.112", "10.60.2.117"]
    job = 5521
    t0 = T(2025, 1, 28, 13, 38, 44, 10000)
    b.add("prev_run_tail.log", [
        "# tail of the previous job (5498, 1 node x 8 GPU) that wrote step-3000",
        "[rank0]:2025-01-27 22:10:07,118 - root - INFO - Building 1-D device mesh with ['dp_shard'], [8]",
        "[rank0]:2025-01-28 09:58:40,771 - root - INFO - step: 2990  loss:  2.9512  memory: 61.20GiB(77.36%)  tps: 6,918  tflops: 401.13  mfu: 40.56%",
        "[rank0]:2025-01-28 10:00:54,020 - root - INFO - step: 3000  loss:  2.9388  memory: 61.20GiB(77.36%)  tps: 6,921  tflops: 401.31  mfu: 40.58%",
        "[rank0]:2025-01-28 10:00:54,021 - root - INFO - Saving the checkpoint (or staging if async is enabled).",
        "[rank0]:2025-01-28 10:01:21,660 - root - INFO - [GC] GC collection invoked by checkpointer. 0.04 seconds.",
        "[rank0]:2025-01-28 10:01:21,661 - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 27.64 seconds.",
        "[rank0]:2025-01-28 10:01:21,702 - root - INFO - Training completed",
    ])
    b.add("ckpt_listing.txt", [
        "$ ls -la outputs/checkpoint/step-3000/",
        "total 96339012",
        "drwxr-xr-x 2 titan titan        4096 Jan 28 10:01 .",
        "drwxr-xr-x 5 titan titan        4096 Jan 28 10:01 ..",
        "-rw-r--r-- 1 titan titan     1984417 Jan 28 10:01 .metadata",
    ] + ["-rw-r--r-- 1 titan titan 12329146732 Jan 28 10:01 __%d_0.distcp" % k for k in range(8)] + [
        "",
        "$ python -c \"import torch.distributed.checkpoint as dcp; m=dcp.FileSystemReader('outputs/checkpoint/step-3000').read_metadata(); print(sorted(k for k in m.state_dict_metadata if k.startswith('dataloader')))\"",
        "['dataloader.dp_rank_0', 'dataloader.dp_rank_1', 'dataloader.dp_rank_2', 'dataloader.dp_rank_3', 'dataloader.dp_rank_4', 'dataloader.dp_rank_5', 'dataloader.dp_rank_6', 'dataloader.dp_rank_7']",
    ])
    b.add("train_config_diff.txt", [
        "--- llama3_8b.toml (job 5498)",
        "+++ llama3_8b.toml (job 5521)",
        "@@ -38,7 +38,7 @@",
        " [training]",
        " batch_size = 2",
        " seq_len = 8192",
        "-data_parallel_shard_degree = 8",
        "+data_parallel_shard_degree = 16",
        " tensor_parallel_degree = 1",
        " compile = true",
        " dataset = \"c4\"",
    ])
    b.add("sacct.txt", sacct(job, "titan-8b", "h100", "pretrain", 256, "FAILED", "1:0", [
        ("batch", "batch", 128, "FAILED", "1:0"), ("extern", "extern", 256, "COMPLETED", "0:0"), ("0", "torchrun", 256, "FAILED", "1:0")]))
    for ni, host in enumerate(nodes):
        apid = 551201 + ni * 9
        pids = pids_for(apid + 12, 8, rng)
        L = torchrun_header(t0, apid, 2, 8, str(job), "h100-r2-n12:29500", "torchtitan.train", verbose=False)
        r0 = ni * 8
        p = "[rank%d]:" % r0
        tt = add(t0, 7.2)

        def lg(dtsec, lvl, msg):
            return "%s%s - root - %s - %s" % (p, f_py(add(tt, dtsec)), lvl, msg)
        L += [
            lg(0, "INFO", "Starting job: Llama 3 8B training"),
            lg(0.8, "WARNING", "ENV[TORCH_NCCL_ASYNC_ERROR_HANDLING] = 1 will be overridden to 3 based on job config"),
            lg(0.81, "INFO", "CUDA capacity: NVIDIA H100 80GB HBM3 with 79.11GiB memory"),
            lg(0.86, "INFO", "Peak FLOPS used for computing MFU: 9.890e+14"),
            lg(0.86, "INFO", "Building 1-D device mesh with ['dp_shard'], [16]"),
        ]
        L += nccl_init(host, [pids[0]], [0], [r0], 16, rng, ips[ni], version="2.21.5+cuda12.4")
        L += [
            lg(4.6, "INFO", "Building tiktoken tokenizer locally from ./torchtitan/datasets/tokenizer/original/tokenizer.model"),
            lg(4.8, "INFO", "TikTokenizer built: #words 128256, BOS ID 128000, EOS ID 128001"),
            lg(4.8, "INFO", "Preparing c4 dataset from allenai/c4"),
            lg(11.2, "INFO", "Building llama3 8B with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm')"),
            lg(11.4, "INFO", "Model llama3 8B size: 8,030,261,248 total parameters"),
            lg(11.4, "INFO", "Applied selective activation checkpointing to the model"),
            lg(11.6, "INFO", "Compiling each TransformerBlock with torch.compile"),
            lg(11.6, "INFO", "Applied FSDP to the model"),
            lg(12.0, "INFO", "CUDA memory usage for model: 1.96GiB(2.48%)"),
            lg(12.0, "INFO", "Checkpointing active. Checkpoints will be loaded from and saved to ./outputs/checkpoint"),
            lg(12.0, "INFO", "Loading the checkpoint at step 3000."),
        ]
        bad = list(range(8, 16))
        L += rtb(r0, [
            "Traceback (most recent call last):",
            '  File "/app/torchtitan/torchtitan/train.py", line 478, in <module>',
            "    main(config)",
            '  File "/app/.venv/lib/python3.10/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
            "    return f(*args, **kwargs)",
            '  File "/app/torchtitan/torchtitan/train.py", line 212, in main',
            "    checkpoint.load(step=job_config.checkpoint.load_step)",
            '  File "/app/torchtitan/torchtitan/components/checkpoint.py", line 432, in load',
            "    dcp.load(states, checkpoint_id=checkpoint_id)",
            '  File "/app/.venv/lib/python3.10/site-packages/torch/distributed/checkpoint/logger.py", line 83, in wrapper',
            "    result = func(*args, **kwargs)",
            '  File "/app/.venv/lib/python3.10/site-packages/torch/distributed/checkpoint/utils.py", line 438, in inner_func',
            "    return func(*args, **kwargs)",
            '  File "/app/.venv/lib/python3.10/site-packages/torch/distributed/checkpoint/state_dict_loader.py", line 172, in load',
            "    _load_state_dict(",
            '  File "/app/.venv/lib/python3.10/site-packages/torch/distributed/checkpoint/state_dict_loader.py", line 229, in _load_state_dict',
            '    central_plan: LoadPlan = distW.reduce_scatter("plan", local_step, global_step)',
            '  File "/app/.venv/lib/python3.10/site-packages/torch/distributed/checkpoint/utils.py", line 191, in reduce_scatter',
            "    raise result",
            "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys(%s)" % bad,
        ])
        for r in bad[:3]:
            L += rtb(r0, [
                "Traceback (most recent call last): (RANK %d)" % r,
                '  File "/app/.venv/lib/python3.10/site-packages/torch/distributed/checkpoint/utils.py", line 164, in reduce_scatter',
                "    local_data = map_fun()",
                '  File "/app/.venv/lib/python3.10/site-packages/torch/distributed/checkpoint/logger.py", line 83, in wrapper',
                "    result = func(*args, **kwargs)",
                '  File "/app/.venv/lib/python3.10/site-packages/torch/distributed/checkpoint/state_dict_loader.py", line 211, in local_step',
                "    local_plan = planner.create_local_plan()",
                '  File "/app/.venv/lib/python3.10/site-packages/torch/distributed/checkpoint/default_planner.py", line 233, in create_local_plan',
                "    return create_default_local_load_plan(",
                '  File "/app/.venv/lib/python3.10/site-packages/torch/distributed/checkpoint/default_planner.py", line 354, in create_default_local_load_plan',
                '    raise RuntimeError(f"Missing key in checkpoint state_dict: {fqn}.")',
                "RuntimeError: Missing key in checkpoint state_dict: dataloader.dp_rank_%d." % r,
            ])
        L.append("%s ... (RANK 11..15: same 'Missing key in checkpoint state_dict: dataloader.dp_rank_N.' trace elided by --local-ranks-filter) ..." % p)
        ft = add(tt, 14.9 + 0.2 * ni)
        L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /app/.venv/bin/python3" % (f_glog(ft, "E"), apid, pids[0]))
        L += torchrun_traceback(py="/app/.venv/lib/python3.10", launcher="/app/.venv/bin/torchrun")
        others = [dict(time=add(ft, 0.01 * k), host=host, rank=r0 + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(1, 8)]
        L += child_failed("torchtitan.train", dict(time=ft, host=host, rank=r0, local_rank=0, exitcode=1, pid=pids[0]), others)
        b.add("%s/torchrun.log" % host, L)
        b.add("%s/nvidia-smi.txt" % host, nvsmi_table(add(ft, 30), 8))
    b.set_label("user_code", "script", None, "stop",
                "dcp.load fails on every rank with 'Missing key in checkpoint state_dict: dataloader.dp_rank_8..15' because the step-3000 checkpoint was written by an 8-way dp_shard run and the job was relaunched with data_parallel_shard_degree=16; a deterministic configuration/resume error, not the nodes.",
                "https://github.com/pytorch/torchtitan/issues/811")
    return b


# ===========================================================================
# bn05  checkpoint save: Lustre project quota exceeded
# ===========================================================================

def case_bn05():
    b = Bundle("bn05_checkpoint_save_fails_many_ranks")
    rng = random.Random(6905)
    nodes = ["lx-gpu%03d" % k for k in range(201, 209)]
    ips = ["10.77.2.%d" % k for k in range(201, 209)]
    job = 1180344
    t0 = T(2024, 12, 9, 1, 12, 0, 500000)
    save_t = T(2024, 12, 9, 6, 49, 23, 100000)
    ck = "/lustre/proj/llm-sft/ckpts/run17/checkpoint-2000"
    b.add("lfs_quota.txt", [
        "$ lfs quota -h -p 40217 /lustre",
        "Disk quotas for prj 40217 (pid 40217):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace ",
        "        /lustre    200T*      0    200T       -  812044       0       0       - ",
        "",
        "$ lfs quota -h -u sft-bot /lustre",
        "Disk quotas for usr sft-bot (uid 30412):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace ",
        "        /lustre  61.02T      0      0       -  204411       0       0       - ",
        "",
        "$ lfs df -h /lustre | tail -3",
        "filesystem_summary:         8.7P        5.1P        3.6P  59% /lustre",
        "",
        "$ du -sh /lustre/proj/llm-sft/ckpts/*",
    ] + ["%5.1fT\t/lustre/proj/llm-sft/ckpts/run%02d" % (rng.uniform(8.5, 12.8), k) for k in range(1, 17)] + [
        " 9.7T\t/lustre/proj/llm-sft/ckpts/run17",
    ])
    b.add("train_args.txt", [
        "TrainingArguments(",
        "  output_dir=/lustre/proj/llm-sft/ckpts/run17,",
        "  per_device_train_batch_size=2, gradient_accumulation_steps=4,",
        "  learning_rate=1e-05, num_train_epochs=3, bf16=True,",
        "  save_strategy=steps, save_steps=500, save_total_limit=None, save_only_model=False,",
        "  deepspeed=configs/zero3_offload_none.json, logging_steps=10, report_to=['wandb'])",
    ])
    b.add("sacct.txt", sacct(job, "sft-70b-r17", "gpu", "llm-sft", 1024, "FAILED", "1:0", [
        ("batch", "batch", 128, "FAILED", "1:0"), ("extern", "extern", 1024, "COMPLETED", "0:0"), ("0", "torchrun", 1024, "FAILED", "1:0")]))
    for ni, host in enumerate(nodes):
        apid = 40210 + ni * 101
        pids = pids_for(apid + 20, 8, rng)
        L = torchrun_header(t0, apid, 8, 8, str(job), "lx-gpu201:29500", "sft.py", verbose=False)
        L += nccl_init(host, pids, list(range(8)), [ni * 8 + k for k in range(8)], 64, rng, ips[ni], version="2.20.5+cuda12.4")
        if ni == 0:
            L.append("[2024-12-09 01:14:02,551] [INFO] [config.py:984:print] DeepSpeedEngine configuration:")
            L.append("[2024-12-09 01:14:02,552] [INFO] [config.py:988:print]   zero_optimization_stage ...... 3")
            L.append("[2024-12-09 01:14:02,552] [INFO] [config.py:988:print]   bf16_enabled ................. True")
            L.append("***** Running training *****")
            L.append("  Num examples = 2,130,514")
            L.append("  Num Epochs = 3")
            L.append("  Instantaneous batch size per device = 2")
            L.append("  Total train batch size (w. parallel, distributed & accumulation) = 512")
            L.append("  Gradient Accumulation steps = 4")
            L.append("  Total optimization steps = 12,483")
            L.append("  Number of trainable parameters = 70,553,706,496")
            pr, tt = hf_progress(add(t0, 130), 1901, 99, 12483, 10.2, rng, loss0=0.9812, every=10, lr0=9.71e-06, epoch_per_step=0.00024)
            L += pr
            L.append("Saving model checkpoint to %s" % ck)
            L.append("[2024-12-09 06:49:23,311] [INFO] [logging.py:96:log_dist] [Rank 0] [Torch] Checkpoint global_step2000 is about to be saved!")
            L.append("[2024-12-09 06:49:24,020] [INFO] [logging.py:96:log_dist] [Rank 0] Saving model checkpoint: %s/global_step2000/zero_pp_rank_0_mp_rank_00_model_states.pt" % ck)
            L.append("[2024-12-09 06:49:24,020] [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving %s/global_step2000/zero_pp_rank_0_mp_rank_00_model_states.pt..." % ck)
        # ranks that hit the quota
        victims = [ni * 8 + k for k in range(8) if rng.random() < 0.55] or [ni * 8 + 1]
        for r in victims:
            et = add(save_t, rng.uniform(8, 55))
            if r % 3 == 0:
                L += rtb(r, [
                    "Traceback (most recent call last):",
                    '  File "%s/torch/serialization.py", line 850, in save' % SP,
                    "    _save(",
                    '  File "%s/torch/serialization.py", line 1114, in _save' % SP,
                    "    zip_file.write_record(name, storage, num_bytes)",
                    "RuntimeError: [enforce fail at inline_container.cc:778] . PytorchStreamWriter failed writing file data/%d: file write failed" % rng.randint(3, 40),
                    "",
                    "During handling of the above exception, another exception occurred:",
                    "",
                    "Traceback (most recent call last):",
                    '  File "/home/sft-bot/llm-sft/sft.py", line 301, in <module>',
                    "    trainer.train(resume_from_checkpoint=args.resume)",
                    '  File "%s/transformers/trainer.py", line 2123, in train' % SP,
                    "    return inner_training_loop(",
                    '  File "%s/transformers/trainer.py", line 2548, in _inner_training_loop' % SP,
                    "    self._maybe_log_save_evaluate(tr_loss, grad_norm, model, trial, epoch, ignore_keys_for_eval, start_time)",
                    '  File "%s/transformers/trainer.py", line 3004, in _maybe_log_save_evaluate' % SP,
                    "    self._save_checkpoint(model, trial)",
                    '  File "%s/transformers/trainer.py", line 3098, in _save_checkpoint' % SP,
                    "    self._save_optimizer_and_scheduler(output_dir)",
                    '  File "%s/transformers/trainer.py", line 3217, in _save_optimizer_and_scheduler' % SP,
                    "    self.model_wrapped.save_checkpoint(output_dir)",
                    '  File "%s/deepspeed/runtime/engine.py", line 3192, in save_checkpoint' % SP,
                    "    self._save_zero_checkpoint(save_dir, tag)",
                    '  File "%s/deepspeed/runtime/engine.py", line 3546, in _save_zero_checkpoint' % SP,
                    "    self.checkpoint_engine.save(zero_sd, zero_checkpoint_name)",
                    '  File "%s/deepspeed/runtime/checkpoint_engine/torch_checkpoint_engine.py", line 22, in save' % SP,
                    "    torch.save(state_dict, path)",
                    '  File "%s/torch/serialization.py", line 849, in save' % SP,
                    "    with _open_zipfile_writer(f) as opened_zipfile:",
                    '  File "%s/torch/serialization.py", line 690, in __exit__' % SP,
                    "    self.file_like.write_end_of_file()",
                    "RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos %d vs %d" % (2617243264 + r * 64, 2617243152 + r * 64),
                ])
            else:
                L += rtb(r, [
                    "Traceback (most recent call last):",
                    '  File "/home/sft-bot/llm-sft/sft.py", line 301, in <module>',
                    "    trainer.train(resume_from_checkpoint=args.resume)",
                    '  File "%s/transformers/trainer.py", line 3098, in _save_checkpoint' % SP,
                    "    self._save_optimizer_and_scheduler(output_dir)",
                    '  File "%s/deepspeed/runtime/engine.py", line 3546, in _save_zero_checkpoint' % SP,
                    "    self.checkpoint_engine.save(zero_sd, zero_checkpoint_name)",
                    '  File "%s/torch/serialization.py", line 848, in save' % SP,
                    "    with _open_zipfile_writer(f) as opened_zipfile:",
                    '  File "%s/torch/serialization.py", line 717, in _open_zipfile_writer' % SP,
                    "    return container(name_or_buffer)",
                    '  File "%s/torch/serialization.py", line 688, in __init__' % SP,
                    "    super().__init__(torch._C.PyTorchFileWriter(self.name))",
                    "OSError: [Errno 122] Disk quota exceeded: '%s/global_step2000/bf16_zero_pp_rank_%d_mp_rank_00_optim_states.pt'" % (ck, r),
                ])
        ft = add(save_t, 60 + ni)
        L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /opt/conda/bin/python3.10" % (f_glog(ft, "E"), apid, victims[0] - ni * 8, pids[victims[0] - ni * 8]))
        L += torchrun_traceback()
        L += child_failed("sft.py", dict(time=ft, host=host, rank=victims[0], local_rank=victims[0] - ni * 8, exitcode=1, pid=pids[victims[0] - ni * 8]),
                          [dict(time=add(ft, 0.1), host=host, rank=r, local_rank=r - ni * 8, exitcode=1, pid=pids[r - ni * 8]) for r in victims[1:]])
        b.add("%s/torchrun.log" % host, L)
        if ni in (0, 3, 6):
            b.add("%s/df.txt" % host, df_h([
                ("/dev/nvme0n1p2", "1.8T", "212G", "1.5T", "13%", "/"),
                ("tmpfs", "1008G", "41G", "967G", "5%", "/dev/shm"),
                ("/dev/md0", "28T", "3.1T", "25T", "12%", "/raid"),
                ("10.50.0.10@o2ib:10.50.0.11@o2ib:/lustre", "8.7P", "5.1P", "3.6P", "59%", "/lustre"),
            ]))
    b.set_label("storage", "infrastructure", None, "stop",
                "The step-2000 checkpoint write fails on ranks of all eight nodes with Errno 122 'Disk quota exceeded' / PytorchStreamWriter write failures, and lfs quota shows project 40217 at its 200T hard limit with old checkpoints filling it (save_total_limit=None); a shared-filesystem quota that will recur until space is freed.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")
    return b


# ===========================================================================
# bn06  DeepSpeed node-local checkpoint: one node's NVMe is full
# ===========================================================================

def case_bn06():
    b = Bundle("bn06_checkpoint_write_failed_one_host")
    rng = random.Random(6906)
    nodes = ["ng30905", "ng30906", "ng30907", "ng30908"]
    ips = ["10.140.28.105", "10.140.28.106", "10.140.28.107", "10.140.28.108"]
    t0 = T(2024, 4, 25, 5, 31, 2, 330000)
    save_t = T(2024, 4, 25, 9, 2, 41, 0)
    ck = "/local_nvme/ckpt/run-b7"
    b.add("hostfile", ["%s slots=8" % h for h in nodes])
    b.add("ds_config.json", json.dumps({
        "train_micro_batch_size_per_gpu": 4, "gradient_accumulation_steps": 8,
        "bf16": {"enabled": True},
        "zero_optimization": {"stage": 2, "overlap_comm": True, "contiguous_gradients": True,
                              "reduce_bucket_size": 500000000},
        "checkpoint": {"use_node_local_storage": True},
        "gradient_clipping": 1.0, "steps_per_print": 50, "wall_clock_breakdown": False,
    }, indent=2))
    L = []
    tt = t0
    L.append("[2024-04-25 05:31:02,330] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)")
    L.append("[2024-04-25 05:31:04,911] [INFO] [runner.py:463:main] Using IP address of 10.140.28.105 for node ng30905")
    L.append("[2024-04-25 05:31:04,913] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: ng30905,ng30906,ng30907,ng30908")
    L.append("[2024-04-25 05:31:04,913] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w ng30905,ng30906,ng30907,ng30908 export PYTHONPATH=/home/conderls/proj/sft; export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3; export NCCL_DEBUG=WARN;  cd /home/conderls/proj/sft; /opt/envs/llm/bin/python -u -m deepspeed.launcher.launch --world_info=eyJuZzMwOTA1IjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddLCAibmczMDkwNiI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XSwgIm5nMzA5MDciOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN10sICJuZzMwOTA4IjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddfQ== --node_rank=%n --master_addr=10.140.28.105 --master_port=29500 train.py --deepspeed ds_config.json --model_name_or_path /models/qwen1.5-32b --output_dir /local_nvme/ckpt/run-b7 --save_steps 500")
    for ni, host in enumerate(nodes):
        L.append("%s: [2024-04-25 05:31:07,%03d] [INFO] [launch.py:146:main] WORLD INFO DICT: {'ng30905': [0, 1, 2, 3, 4, 5, 6, 7], 'ng30906': [0, 1, 2, 3, 4, 5, 6, 7], 'ng30907': [0, 1, 2, 3, 4, 5, 6, 7], 'ng30908': [0, 1, 2, 3, 4, 5, 6, 7]}" % (host, 100 + ni * 7))
        L.append("%s: [2024-04-25 05:31:07,%03d] [INFO] [launch.py:152:main] nnodes=4, num_local_procs=8, node_rank=%d" % (host, 101 + ni * 7, ni))
        L.append("%s: [2024-04-25 05:31:07,%03d] [INFO] [launch.py:163:main] global_rank_mapping=defaultdict(<class 'list'>, {'ng30905': [0, 1, 2, 3, 4, 5, 6, 7], 'ng30906': [8, 9, 10, 11, 12, 13, 14, 15], 'ng30907': [16, 17, 18, 19, 20, 21, 22, 23], 'ng30908': [24, 25, 26, 27, 28, 29, 30, 31]})" % (host, 101 + ni * 7))
        L.append("%s: [2024-04-25 05:31:07,%03d] [INFO] [launch.py:164:main] dist_world_size=32" % (host, 102 + ni * 7))
        L.append("%s: [2024-04-25 05:31:07,%03d] [INFO] [launch.py:166:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7" % (host, 102 + ni * 7))
        L.append("%s: [2024-04-25 05:31:07,%03d] [INFO] [launch.py:253:main] process %d spawned with command: ['/opt/envs/llm/bin/python', '-u', 'train.py', '--local_rank=0', '--deepspeed', 'ds_config.json', '--model_name_or_path', '/models/qwen1.5-32b', '--output_dir', '/local_nvme/ckpt/run-b7', '--save_steps', '500']" % (host, 110 + ni * 7, 118000 + ni * 1000))
    L.append("ng30905: [2024-04-25 05:33:40,221] [INFO] [comm.py:637:init_distributed] cdb=None")
    L.append("ng30905: [2024-04-25 05:33:40,221] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl")
    L.append("ng30905: [2024-04-25 05:35:12,004] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.14.2, git-hash=unknown, git-branch=unknown")
    L.append("ng30905: [2024-04-25 05:35:19,775] [INFO] [stage_1_and_2.py:148:__init__] Reduce bucket size 500000000")
    L.append("ng30905: [2024-04-25 05:35:19,775] [INFO] [stage_1_and_2.py:149:__init__] Allgather bucket size 500000000")
    L.append("ng30905: [2024-04-25 05:35:19,775] [INFO] [stage_1_and_2.py:150:__init__] CPU Offload: False")
    L.append("ng30905: [2024-04-25 05:36:02,118] [INFO] [utils.py:800:see_memory_usage] After initializing ZeRO optimizer")
    L.append("ng30905: [2024-04-25 05:36:02,119] [INFO] [utils.py:801:see_memory_usage] MA 31.52 GB         Max_MA 33.41 GB         CA 33.94 GB         Max_CA 34 GB ")
    tt = T(2024, 4, 25, 5, 36, 30)
    for step in range(50, 501, 50):
        tt = add(tt, 50 * 25.9)
        L.append("ng30905: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.8e], mom=[(0.9, 0.95)]" % (f_py(tt), step, 2e-5 * min(1.0, step / 200.0)))
        L.append("ng30905: [%s] [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.3f, CurrSamplesPerSec=%.3f, MemAllocated=31.66GB, MaxMemAllocated=58.2GB" % (f_py(add(tt, 0.001)), step * 8, step, 39.41 + rng.uniform(-0.3, 0.3), 39.4 + rng.uniform(-1, 1)))
        L.append("ng30905: {'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (1.21 - step * 0.0006 + rng.uniform(-0.02, 0.02), rng.uniform(0.4, 0.9), 2e-5 * min(1.0, step / 200.0), step / 3100.0))
    L.append("ng30905: [2024-04-25 09:02:41,118] [INFO] [logging.py:96:log_dist] [Rank 0] [Torch] Checkpoint global_step500 is about to be saved!")
    L.append("ng30905: [2024-04-25 09:02:41,903] [INFO] [logging.py:96:log_dist] [Rank 0] Saving model checkpoint: %s/checkpoint-500/global_step500/mp_rank_00_model_states.pt" % ck)
    L.append("ng30905: [2024-04-25 09:02:41,903] [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving %s/checkpoint-500/global_step500/mp_rank_00_model_states.pt..." % ck)
    for r in range(16, 24):
        L.append("ng30907: [2024-04-25 09:02:4%d,%03d] [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving %s/checkpoint-500/global_step500/bf16_zero_pp_rank_%d_mp_rank_00_optim_states.pt..." % (3 + (r % 3), rng.randint(0, 999), ck, r))
    for r in (16, 17, 19, 20, 22, 23, 18, 21):
        pre = "ng30907: "
        tb = [
            "Traceback (most recent call last):",
            '  File "/opt/envs/llm/lib/python3.10/site-packages/torch/serialization.py", line 628, in save',
            "    _save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)",
            '  File "/opt/envs/llm/lib/python3.10/site-packages/torch/serialization.py", line 862, in _save',
            "    zip_file.write_record(name, storage.data_ptr(), num_bytes)",
            "RuntimeError: [enforce fail at inline_container.cc:778] . PytorchStreamWriter failed writing file data/%d: file write failed" % rng.randint(0, 9),
            "",
            "During handling of the above exception, another exception occurred:",
            "",
            "Traceback (most recent call last):",
            '  File "/home/conderls/proj/sft/train.py", line 188, in <module>',
            "    main()",
            '  File "/home/conderls/proj/sft/train.py", line 181, in main',
            "    trainer.train()",
            '  File "/opt/envs/llm/lib/python3.10/site-packages/transformers/trainer.py", line 2914, in _save_checkpoint',
            "    self._save_optimizer_and_scheduler(output_dir)",
            '  File "/opt/envs/llm/lib/python3.10/site-packages/transformers/trainer.py", line 3028, in _save_optimizer_and_scheduler',
            "    self.model_wrapped.save_checkpoint(output_dir)",
            '  File "/opt/envs/llm/lib/python3.10/site-packages/deepspeed/runtime/engine.py", line 3146, in save_checkpoint',
            "    self._save_zero_checkpoint(save_dir, tag)",
            '  File "/opt/envs/llm/lib/python3.10/site-packages/deepspeed/runtime/engine.py", line 3498, in _save_zero_checkpoint',
            "    self.checkpoint_engine.save(zero_sd, zero_checkpoint_name)",
            '  File "/opt/envs/llm/lib/python3.10/site-packages/deepspeed/runtime/checkpoint_engine/torch_checkpoint_engine.py", line 22, in save',
            "    torch.save(state_dict, path)",
            '  File "/opt/envs/llm/lib/python3.10/site-packages/torch/serialization.py", line 627, in save',
            "    with _open_zipfile_writer(f) as opened_zipfile:",
            '  File "/opt/envs/llm/lib/python3.10/site-packages/torch/serialization.py", line 501, in __exit__',
            "    self.file_like.write_end_of_file()",
            "RuntimeError: [enforce fail at inline_container.cc:595] . unexpected pos 1985742848 vs 1985742736",
        ] if r % 2 == 0 else [
            "Traceback (most recent call last):",
            '  File "/home/conderls/proj/sft/train.py", line 181, in main',
            "    trainer.train()",
            '  File "/opt/envs/llm/lib/python3.10/site-packages/deepspeed/runtime/engine.py", line 3498, in _save_zero_checkpoint',
            "    self.checkpoint_engine.save(zero_sd, zero_checkpoint_name)",
            '  File "/opt/envs/llm/lib/python3.10/site-packages/torch/serialization.py", line 627, in save',
            "    with _open_zipfile_writer(f) as opened_zipfile:",
            '  File "/opt/envs/llm/lib/python3.10/site-packages/torch/serialization.py", line 475, in __init__',
            "    super().__init__(torch._C.PyTorchFileWriter(self.name))",
            "RuntimeError: File %s/checkpoint-500/global_step500/bf16_zero_pp_rank_%d_mp_rank_00_optim_states.pt cannot be opened." % (ck, r),
            "OSError: [Errno 28] No space left on device: '%s/checkpoint-500/global_step500/bf16_zero_pp_rank_%d_mp_rank_00_optim_states.pt'" % (ck, r),
        ]
        L += [pre + x for x in tb]
    L.append("ng30907: [2024-04-25 09:03:02,447] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 120114")
    for k in range(1, 8):
        L.append("ng30907: [2024-04-25 09:03:02,%03d] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (447 + k * 3, 120114 + k * 2))
    L.append("ng30907: [2024-04-25 09:03:03,981] [ERROR] [launch.py:325:sigkill_handler] ['/opt/envs/llm/bin/python', '-u', 'train.py', '--local_rank=7', '--deepspeed', 'ds_config.json', '--model_name_or_path', '/models/qwen1.5-32b', '--output_dir', '/local_nvme/ckpt/run-b7', '--save_steps', '500'] exits with return code = 1")
    L.append("pdsh@ng30905: ng30907: ssh exited with exit code 1")
    for ni, host in enumerate(nodes):
        if host == "ng30907":
            continue
        for k in range(2):
            r = ni * 8 + k * 5
            L += [host + ": " + x for x in nccl_remote_error(add(save_t, 24 + ni), r, 25331, "ALLREDUCE", 1, "10.140.28.107<%d>" % (41000 + r), version="2.20.5")[:5]]
        L.append("%s: [2024-04-25 09:03:%02d,%03d] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (host, 27 + ni, rng.randint(0, 999), 118000 + ni * 1000))
        L.append("%s: [2024-04-25 09:03:%02d,%03d] [ERROR] [launch.py:325:sigkill_handler] ['/opt/envs/llm/bin/python', '-u', 'train.py', '--local_rank=0', '--deepspeed', 'ds_config.json'] exits with return code = -6" % (host, 29 + ni, rng.randint(0, 999)))
        L.append("pdsh@ng30905: %s: ssh exited with exit code 250" % host)
    b.add("deepspeed_launch.log", L)
    for ni, host in enumerate(nodes):
        full = host == "ng30907"
        b.add("%s/df.txt" % host, df_h([
            ("/dev/sda2", "438G", "61G", "355G", "15%", "/"),
            ("tmpfs", "756G", "12G", "744G", "2%", "/dev/shm"),
            ("/dev/nvme1n1", "3.5T", "3.5T" if full else "%dG" % (212 + ni), "0" if full else "3.3T", "100%" if full else "7%", "/local_nvme"),
            ("nfs-home:/export/home", "200T", "121T", "80T", "61%", "/home"),
        ]))
        dm, tdm = dmesg_boot_noise(T(2024, 4, 1, 9, 0, 0), host, rng, n=32)
        if full:
            dm += [
                "%s EXT4-fs (nvme1n1): Delayed block allocation failed for inode 4194311 at logical offset 0 with max blocks 2048 with error 28" % f_dmesg(add(save_t, 4)),
                "%s EXT4-fs (nvme1n1): This should not happen!! Data will be lost" % f_dmesg(add(save_t, 4)),
                "%s EXT4-fs (nvme1n1): Delayed block allocation failed for inode 4194317 at logical offset 0 with max blocks 2048 with error 28" % f_dmesg(add(save_t, 6)),
                "%s EXT4-fs (nvme1n1): This should not happen!! Data will be lost" % f_dmesg(add(save_t, 6)),
            ]
        b.add("%s/dmesg.txt" % host, dm)
    b.add("ng30907/du_local_nvme.txt", [
        "$ sudo du -xsh /local_nvme/* 2>/dev/null | sort -h",
        "16K\t/local_nvme/lost+found",
        "212G\t/local_nvme/ckpt",
        "3.2T\t/local_nvme/scratch",
        "",
        "$ sudo du -xsh /local_nvme/scratch/* | sort -h | tail -3",
        "88G\t/local_nvme/scratch/hf_cache_tmp",
        "410G\t/local_nvme/scratch/spill_j2231",
        "2.7T\t/local_nvme/scratch/ray_spill_jlee",
        "",
        "$ ls -ld --time-style=long-iso /local_nvme/scratch/ray_spill_jlee",
        "drwxr-x--- 7 jlee research 4096 2024-04-11 17:52 /local_nvme/scratch/ray_spill_jlee",
        "# epilog cleanup of /local_nvme/scratch is configured on the partition, ng30907 was reinstalled on 04-09 without it",
    ])
    b.set_label("storage", "infrastructure", {"node": "ng30907", "rank": None}, "restart_without_node",
                "Only the eight ranks on ng30907 fail writing their node-local ZeRO shards (Errno 28 'No space left on device', ext4 delayed allocation error 28) because that host's /local_nvme is 100% full with another user's stale spill data; the other nodes' /local_nvme is 7% used and their NCCL errors follow ng30907's exit.",
                "https://github.com/deepspeedai/DeepSpeed/issues/5452")
    return b


# ===========================================================================
# bn07  CUDA OOM after raising the sequence length
# ===========================================================================

def case_bn07():
    b = Bundle("bn07_cuda_oom_first_step")
    rng = random.Random(6907)
    nodes = ["a100-st1-n%02d" % k for k in range(1, 5)]
    ips = ["10.0.12.%d" % (31 + k) for k in range(4)]
    t0 = T(2024, 4, 1, 16, 20, 5, 0)
    b.add("accelerate_fsdp.yaml", [
        "compute_environment: LOCAL_MACHINE",
        "distributed_type: FSDP",
        "fsdp_config:",
        "  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP",
        "  fsdp_backward_prefetch: BACKWARD_PRE",
        "  fsdp_forward_prefetch: false",
        "  fsdp_offload_params: false",
        "  fsdp_sharding_strategy: FULL_SHARD",
        "  fsdp_state_dict_type: SHARDED_STATE_DICT",
        "  fsdp_transformer_layer_cls_to_wrap: LlamaDecoderLayer",
        "  fsdp_use_orig_params: true",
        "machine_rank: ${SLURM_NODEID}",
        "main_process_ip: a100-st1-n01",
        "main_process_port: 29500",
        "mixed_precision: bf16",
        "num_machines: 4",
        "num_processes: 32",
        "rdzv_backend: static",
    ])
    b.add("run_config_diff.txt", [
        "--- configs/llama2_13b_sft.yaml  (run 14, completed 2024-03-29)",
        "+++ configs/llama2_13b_sft.yaml  (run 15)",
        "@@ -9,9 +9,9 @@ model:",
        "   name_or_path: /fsx/models/Llama-2-13b-hf",
        "-  attn_implementation: sdpa",
        "+  attn_implementation: eager      # sdpa gave slightly different logits in eval, try eager",
        " data:",
        "-  max_seq_length: 4096",
        "+  max_seq_length: 8192",
        "   packing: true",
        " train:",
        "   per_device_train_batch_size: 1",
        "   gradient_accumulation_steps: 8",
        "   gradient_checkpointing: false",
    ])
    b.add("run14_tail.log", [
        "{'loss': 1.0421, 'grad_norm': 0.612, 'learning_rate': 1.98e-05, 'epoch': 1.0}",
        "[run14] step 2400 peak_allocated_gib=52.81 peak_reserved_gib=57.10 tokens/s/gpu=3081",
        "{'train_runtime': 61204.1, 'train_samples_per_second': 5.61, 'train_steps_per_second': 0.039, 'train_loss': 1.1187, 'epoch': 1.0}",
    ])
    oom_t = add(t0, 212)
    for ni, host in enumerate(nodes):
        apid = 20481 + ni * 50
        pids = pids_for(apid + 10, 8, rng)
        L = ["The following values were not passed to `accelerate launch` and had defaults used instead:",
             "\t`--dynamo_backend` was set to a value of `'no'`",
             "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`."]
        L += torchrun_header(t0, apid, 4, 8, "none", "a100-st1-n01:29500", "sft_train.py", backend="static", verbose=False)
        L += nccl_init(host, pids, list(range(8)), [ni * 8 + k for k in range(8)], 32, rng, ips[ni],
                       ifname="ens32", version="2.20.5+cuda12.4", hcas=4)
        if ni == 0:
            L += ["[INFO|modeling_utils.py:3474] 2024-04-01 16:21:40,118 >> loading weights file /fsx/models/Llama-2-13b-hf/model.safetensors.index.json",
                  "Loading checkpoint shards: 100%|##########| 3/3 [00:09<00:00,  3.11s/it]",
                  "[INFO|trainer.py:2048] 2024-04-01 16:23:02,551 >> ***** Running training *****",
                  "[INFO|trainer.py:2049] 2024-04-01 16:23:02,551 >>   Num examples = 284,113",
                  "[INFO|trainer.py:2050] 2024-04-01 16:23:02,551 >>   Num Epochs = 1",
                  "[INFO|trainer.py:2051] 2024-04-01 16:23:02,551 >>   Instantaneous batch size per device = 1",
                  "[INFO|trainer.py:2054] 2024-04-01 16:23:02,551 >>   Total train batch size (w. parallel, distributed & accumulation) = 256",
                  "[INFO|trainer.py:2055] 2024-04-01 16:23:02,551 >>   Gradient Accumulation steps = 8",
                  "[INFO|trainer.py:2056] 2024-04-01 16:23:02,551 >>   Total optimization steps = 1,110",
                  "[INFO|trainer.py:2057] 2024-04-01 16:23:02,552 >>   Number of trainable parameters = 13,015,864,320",
                  "  0%|          | 0/1110 [00:00<?, ?it/s]"]
        victims = [ni * 8 + k for k in range(8) if k not in (rng.randint(0, 7),)]
        for r in victims:
            lr = r - ni * 8
            alloc = 68.12 + rng.uniform(-0.4, 0.4)
            L += rtb(r, [
                "Traceback (most recent call last):",
                '  File "/fsx/sft/sft_train.py", line 244, in <module>',
                "    main()",
                '  File "/fsx/sft/sft_train.py", line 238, in main',
                "    trainer.train()",
                '  File "%s/transformers/trainer.py", line 1859, in train' % SP,
                "    return inner_training_loop(",
                '  File "%s/transformers/trainer.py", line 2203, in _inner_training_loop' % SP,
                "    tr_loss_step = self.training_step(model, inputs)",
                '  File "%s/transformers/trainer.py", line 3138, in training_step' % SP,
                "    loss = self.compute_loss(model, inputs)",
                '  File "%s/transformers/models/llama/modeling_llama.py", line 1174, in forward' % SP,
                "    outputs = self.model(",
                '  File "%s/torch/distributed/fsdp/fully_sharded_data_parallel.py", line 849, in forward' % SP,
                "    output = self._fsdp_wrapped_module(*args, **kwargs)",
                '  File "%s/transformers/models/llama/modeling_llama.py", line 758, in forward' % SP,
                "    hidden_states, self_attn_weights, present_key_value = self.self_attn(",
                '  File "%s/transformers/models/llama/modeling_llama.py", line 375, in forward' % SP,
                "    attn_weights = nn.functional.softmax(attn_weights, dim=-1, dtype=torch.float32).to(query_states.dtype)",
                '  File "%s/torch/nn/functional.py", line 1890, in softmax' % SP,
                "    ret = input.softmax(dim, dtype=dtype)",
                "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 10.00 GiB. GPU %d has a total capacity of 79.15 GiB of which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
                % (lr, 79.15 - alloc - 5.8, alloc + 5.8, alloc, 4.02 + rng.uniform(-0.5, 0.5)),
            ])
        ft = add(oom_t, ni * 0.7)
        flr = victims[0] - ni * 8
        L += sigterm_lines(add(ft, 0.5), apid, [p for k, p in enumerate(pids) if k != flr])
        L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /opt/conda/bin/python3.10" % (f_glog(add(ft, 1.9), "E"), apid, flr, pids[flr]))
        L += torchrun_traceback()
        L += child_failed("sft_train.py", dict(time=ft, host=host, rank=victims[0], local_rank=flr, exitcode=1, pid=pids[flr]),
                          [dict(time=add(ft, 0.05 * k), host=host, rank=r, local_rank=r - ni * 8, exitcode=1, pid=pids[r - ni * 8]) for k, r in enumerate(victims[1:])])
        b.add("%s/torchrun.log" % host, L)
        procs = [(g, pids[g], "/opt/conda/bin/python3.10", int((73.2 + rng.uniform(-0.5, 0.5)) * 1024)) for g in range(8)]
        b.add("%s/nvidia-smi_pre_crash.txt" % host, nvsmi_table(add(oom_t, -4), 8, name="NVIDIA A100-SXM4-80GB", mem_total=81920, cap=400,
                                                                 util=[100] * 8, mem=[p[3] + 420 for p in procs], temps=[55, 57, 54, 58, 56, 55, 57, 56],
                                                                 power=[318, 301, 322, 297, 310, 315, 305, 309], procs=procs, driver="535.161.08", cuda="12.2"))
    b.set_label("oom", "framework", None, "stop",
                "CUDA OOM on almost every rank of all four nodes in the first step inside eager-attention softmax ('Tried to allocate 10.00 GiB', ~68 GiB already allocated by PyTorch) right after the config raised max_seq_length 4096->8192 and switched to eager attention; only the job's own processes hold GPU memory, so the recipe does not fit and will OOM again.",
                "https://github.com/pytorch/pytorch/issues/123070")
    return b


# ===========================================================================
# bn08  OOM at model init on one node: another user's leftover processes
# ===========================================================================

def case_bn08():
    b = Bundle("bn08_oom_at_init_on_some_ranks")
    rng = random.Random(6908)
    nodes = ["gpu-n09", "gpu-n10", "gpu-n11", "gpu-n12"]
    ips = ["10.22.0.%d" % k for k in (109, 110, 111, 112)]
    job = 88412
    t0 = T(2024, 7, 3, 9, 15, 31, 220000)
    b.add("sacct.txt", [
        "$ sacct -N gpu-n12 -S 2024-07-02T18:00 -o JobID,User,JobName%20,State,Start,End,NodeList%30",
        "JobID             User              JobName      State               Start                 End                       NodeList ",
        "------------ --------- -------------------- ---------- ------------------- ------------------- ------------------------------ ",
        "88120          evalbot     vllm-eval-sweep  COMPLETED 2024-07-03T01:04:12 2024-07-03T02:14:55                        gpu-n12 ",
        "88120.batch                           batch  COMPLETED 2024-07-03T01:04:12 2024-07-03T02:14:55                        gpu-n12 ",
        "88301          mhsu          nemo-gpt-20b       FAILED 2024-07-03T03:40:10 2024-07-03T03:44:31        gpu-n[10-12],gpu-n14 ",
        "88412          mhsu          nemo-gpt-20b       FAILED 2024-07-03T09:15:28 2024-07-03T09:19:02             gpu-n[09-12] ",
    ])
    fail_t = add(t0, 198)
    leftover = [771203 + k * 7 for k in range(8)]
    for ni, host in enumerate(nodes):
        apid = 60110 + ni * 97
        pids = pids_for(apid + 15, 8, rng)
        L = torchrun_header(t0, apid, 4, 8, str(job), "gpu-n09:29500", "megatron_gpt_pretraining.py", verbose=False)
        L += nccl_init(host, pids, list(range(8)), [ni * 8 + k for k in range(8)], 32, rng, ips[ni], version="2.19.4+cuda12.3")
        if ni == 0:
            L += [
                "[NeMo I 2024-07-03 09:16:02 megatron_gpt_pretraining:37] ",
                "    ",
                "    ************** Experiment configuration ***********",
                "[NeMo I 2024-07-03 09:16:02 megatron_gpt_pretraining:38] ",
                "    name: megatron_gpt_20b",
                "    trainer:",
                "      devices: 8",
                "      num_nodes: 4",
                "      accelerator: gpu",
                "      precision: bf16-mixed",
                "    model:",
                "      micro_batch_size: 2",
                "      global_batch_size: 512",
                "      tensor_model_parallel_size: 4",
                "      pipeline_model_parallel_size: 1",
                "      encoder_seq_length: 4096",
                "[NeMo I 2024-07-03 09:16:09 exp_manager:396] Experiments will be logged at /lustre/mhsu/results/megatron_gpt_20b/2024-07-03_09-16-09",
                "[NeMo I 2024-07-03 09:16:41 megatron_init:265] Rank 0 has data parallel group : [0, 4, 8, 12, 16, 20, 24, 28]",
                "[NeMo I 2024-07-03 09:16:41 megatron_init:271] All data parallel group ranks with context parallel combined: [[0, 4, 8, 12, 16, 20, 24, 28], [1, 5, 9, 13, 17, 21, 25, 29], [2, 6, 10, 14, 18, 22, 26, 30], [3, 7, 11, 15, 19, 23, 27, 31]]",
                "[NeMo I 2024-07-03 09:16:41 megatron_init:286] Rank 0 has tensor model parallel group: [0, 1, 2, 3]",
                "[NeMo I 2024-07-03 09:17:55 megatron_gpt_model:1591] Pipeline model parallel rank: 0, Tensor model parallel rank: 0, Number of model parameters on device: 5.04e+09. Number of precise model parameters on device: 5039677440.",
                "[NeMo I 2024-07-03 09:18:40 modelPT:770] Optimizer config = MegatronDistributedFusedAdam (",
            ]
        if host == "gpu-n12":
            for lr in range(8):
                r = 24 + lr
                L += rtb(r, [
                    "Traceback (most recent call last):",
                    '  File "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", line 41, in main',
                    "    model = MegatronGPTModel(cfg.model, trainer)",
                    '  File "/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py", line 398, in __init__',
                    "    self.model = build_model(",
                    '  File "/opt/NeMo/nemo/collections/nlp/modules/common/megatron/build_model.py", line 104, in build_model',
                    "    model = model_provider_func(",
                    '  File "/opt/megatron-lm/megatron/core/transformer/transformer_block.py", line 212, in _build_layers',
                    "    [build_layer(layer_spec, i + 1) for i, layer_spec in enumerate(self.submodules.layer_specs)]",
                    '  File "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/module/layernorm_mlp.py", line 1283, in __init__',
                    "    torch.empty(fc1_output_features, self.in_features, device=device, dtype=params_dtype)",
                    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU %d has a total capacity of 79.11 GiB of which %.2f GiB is free. Process %d has 38.02 GiB memory in use. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %d.00 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
                    % (lr, 1.22 + rng.uniform(-0.2, 0.2), leftover[lr], 39.85 + rng.uniform(-0.3, 0.3), 37.91 + rng.uniform(-0.3, 0.3), 612),
                ])
            ft = add(fail_t, 0.2)
            L += sigterm_lines(add(ft, 0.3), apid, pids[1:])
            L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (f_glog(add(ft, 1.1), "E"), apid, pids[0]))
            L += torchrun_traceback(py="/usr/local/lib/python3.10/dist-packages", launcher="/usr/local/bin/torchrun")
            L += child_failed("megatron_gpt_pretraining.py", dict(time=ft, host=host, rank=24, local_rank=0, exitcode=1, pid=pids[0]),
                              [dict(time=add(ft, 0.01 * k), host=host, rank=24 + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(1, 8)])
        else:
            ft = add(fail_t, 2.1 + ni)
            r = ni * 8 + 3
            L += nccl_remote_error(ft, r, 12, "BROADCAST", 1048576, "gpu-n12<%d>" % (52110 + r), version="2.19.4")
            L += sigterm_lines(add(ft, 0.6), apid, [p for k, p in enumerate(pids) if k != 3])
            L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: 3 (pid: %d) of binary: /usr/bin/python" % (f_glog(add(ft, 1.3), "E"), apid, pids[3]))
            L += torchrun_traceback(py="/usr/local/lib/python3.10/dist-packages", launcher="/usr/local/bin/torchrun")
            L += child_failed("megatron_gpt_pretraining.py", dict(time=ft, host=host, rank=r, local_rank=3, exitcode=-6, pid=pids[3]))
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (host, ni))
        b.add("%s/torchrun.log" % host, L)
        if host == "gpu-n12":
            procs = [(g, leftover[g], "/home/evalbot/.venv/bin/python3", 38934) for g in range(8)]
            b.add("%s/nvidia-smi.txt" % host, nvsmi_table(add(fail_t, 140), 8, procs=procs, mem=[38940 + g for g in range(8)],
                                                          util=[0] * 8, temps=[36, 35, 37, 36, 34, 36, 35, 37], power=[118, 116, 121, 117, 115, 119, 118, 120]))
            b.add("%s/ps.txt" % host, [
                "$ ps -o user,pid,ppid,stat,lstart,etime,rss,cmd -p %s" % ",".join(str(p) for p in leftover),
                "USER         PID    PPID STAT                  STARTED     ELAPSED   RSS CMD",
            ] + ["evalbot   %6d       1 Sl   Wed Jul  3 01:05:%02d 2024    08:12:%02d 9120344 /home/evalbot/.venv/bin/python3 -m vllm.entrypoints.openai.api_server --model /models/llama3-70b-instruct --tensor-parallel-size 8 --port 8%03d --gpu-memory-utilization 0.45"
                 % (p, 11 + k, 50 - k, 100 + k) for k, p in enumerate(leftover)] + [
                "",
                "$ systemd-cgls -u slurmstepd.scope | grep -c 771203",
                "0",
                "$ cat /proc/771203/cgroup",
                "0::/user.slice/user-30771.slice/session-412.scope",
            ])
        else:
            b.add("%s/nvidia-smi.txt" % host, nvsmi_table(add(fail_t, 140), 8))
        dm, _ = dmesg_boot_noise(T(2024, 6, 20, 7, 0, 0), host, rng, n=30)
        b.add("%s/dmesg.txt" % host, dm)
    b.set_label("oom", "infrastructure", {"node": "gpu-n12", "rank": None}, "restart_without_node",
                "Only gpu-n12's eight ranks OOM at model construction, each message naming another process holding 38.02 GiB; nvidia-smi/ps on gpu-n12 show another user's vLLM servers (ppid 1, outside any Slurm step) still occupying every GPU since 01:05, while the other nodes are clean and only fail afterwards.",
                "https://github.com/pytorch/pytorch/issues/5736")
    return b


# ===========================================================================
# bn09  DeepSpeed fp16: loss scale already at minimum
# ===========================================================================

def case_bn09():
    b = Bundle("bn09_loss_scale_cannot_decrease")
    rng = random.Random(6909)
    nodes = ["v100-sxm-03", "v100-sxm-04"]
    job = 4410923
    t0 = T(2024, 4, 17, 7, 58, 10, 0)
    b.add("config.yaml", [
        "trainer:",
        "  accelerator: gpu",
        "  devices: 8",
        "  num_nodes: 2",
        "  strategy: deepspeed_stage_2",
        "  precision: 16-mixed",
        "  max_epochs: 3",
        "  gradient_clip_val: null",
        "  log_every_n_steps: 20",
        "model:",
        "  encoder: protein_bert_large",
        "  optimizer:",
        "    name: adamw",
        "    lr: 3.0e-3            # scaled from 3e-4 for 16 GPUs (linear scaling)",
        "    weight_decay: 0.01",
        "  scheduler:",
        "    name: constant",
        "    warmup_steps: 0",
        "deepspeed:",
        "  fp16: {enabled: true, loss_scale: 0, initial_scale_power: 16, loss_scale_window: 1000, hysteresis: 2, min_loss_scale: 1}",
    ])
    L = []
    for r in range(16):
        L.append("%d: Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (r, r, r + 1))
    L.append("0: ----------------------------------------------------------------------------------------------------")
    L.append("0: distributed_backend=nccl")
    L.append("0: All distributed processes registered. Starting with 16 processes")
    L.append("0: ----------------------------------------------------------------------------------------------------")
    L.append("0: ")
    L.append("0: LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]")
    L.append("0: [2024-04-17 07:59:41,772] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.14.0, git-hash=unknown, git-branch=unknown")
    L.append("0: [2024-04-17 07:59:44,118] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed Final Optimizer = FusedAdam")
    L.append("0: [2024-04-17 07:59:44,119] [INFO] [stage_1_and_2.py:148:__init__] Reduce bucket size 200000000")
    L.append("0: ")
    L.append("0:   | Name    | Type              | Params")
    L.append("0: ----------------------------------------------")
    L.append("0: 0 | encoder | ProteinBertModel  | 652 M ")
    L.append("0: 1 | head    | MLMHead           | 33.7 M")
    L.append("0: ----------------------------------------------")
    L.append("0: 686 M     Trainable params")
    L.append("0: 0         Non-trainable params")
    L.append("0: 686 M     Total params")
    L.append("0: 2,744.418 Total estimated model params size (MB)")
    tt = add(t0, 120)
    scale = 65536.0
    loss = 2.41
    total = 11690
    for step in range(0, 1403):
        tt = add(tt, 1.77 * rng.uniform(0.98, 1.02))
        if step > 1100:
            loss = loss * rng.uniform(1.0, 1.035)
        if step % 20 == 0 and step <= 1380:
            shown = "%.2f" % loss
            L.append("0: Epoch 0:  %2d%%|%s| %d/%d [%s<%s,  1.77s/it, v_num=3, train_loss=%s]" % (
                int(100.0 * step / total), ("#" * (step * 10 // total)).ljust(10), step, total, _hms(step * 1.77), _hms((total - step) * 1.77), shown))
        if step in (312, 640, 905):
            L.append("0: [%s] [INFO] [loss_scaler.py:190:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %d, reducing to %d" % (f_py(tt), int(scale), int(scale / 2)))
            scale /= 2
        if step >= 1384 and scale >= 1:
            nxt = max(1, scale / 2)
            L.append("0: [%s] [INFO] [loss_scaler.py:190:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %d, reducing to %d" % (f_py(tt), int(scale), int(nxt)))
            if scale == 1:
                break
            scale = nxt
    et = add(tt, 1.8)
    for r in range(16):
        pre = "%d: " % r
        tb = [
            "Traceback (most recent call last):",
            '  File "/home/pbert/train.py", line 141, in <module>',
            "    main(get_args())",
            '  File "/home/pbert/train.py", line 88, in run',
            "    trainer.fit(model=model, datamodule=data_module)",
            '  File "/opt/envs/pb/lib/python3.10/site-packages/pytorch_lightning/trainer/trainer.py", line 544, in fit',
            "    call._call_and_handle_interrupt(",
            '  File "/opt/envs/pb/lib/python3.10/site-packages/pytorch_lightning/trainer/call.py", line 43, in _call_and_handle_interrupt',
            "    return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)",
            '  File "/opt/envs/pb/lib/python3.10/site-packages/pytorch_lightning/loops/optimization/automatic.py", line 270, in _optimizer_step',
            "    call._call_lightning_module_hook(",
            '  File "/opt/envs/pb/lib/python3.10/site-packages/pytorch_lightning/strategies/deepspeed.py", line 233, in optimizer_step',
            "    return deepspeed_engine.step(**kwargs)",
            '  File "/opt/envs/pb/lib/python3.10/site-packages/deepspeed/runtime/engine.py", line 2169, in step',
            "    self._take_model_step(lr_kwargs)",
            '  File "/opt/envs/pb/lib/python3.10/site-packages/deepspeed/runtime/engine.py", line 2075, in _take_model_step',
            "    self.optimizer.step()",
            '  File "/opt/envs/pb/lib/python3.10/site-packages/deepspeed/runtime/zero/stage_1_and_2.py", line 1820, in step',
            "    self._update_scale(self.overflow)",
            '  File "/opt/envs/pb/lib/python3.10/site-packages/deepspeed/runtime/zero/stage_1_and_2.py", line 2078, in _update_scale',
            "    self.loss_scaler.update_scale(has_overflow)",
            '  File "/opt/envs/pb/lib/python3.10/site-packages/deepspeed/runtime/fp16/loss_scaler.py", line 175, in update_scale',
            '    raise Exception(',
            "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.",
        ]
        if r in (0, 5, 11):
            L += [pre + x for x in tb]
        else:
            L.append(pre + tb[-1])
    L.append("srun: error: v100-sxm-03: tasks 0-7: Exited with exit code 1")
    L.append("srun: error: v100-sxm-04: tasks 8-15: Exited with exit code 1")
    b.add("slurm-%d.out" % job, L)
    b.add("sacct.txt", sacct(job, "pbert-mlm", "v100", "bio", 80, "FAILED", "1:0", [
        ("batch", "batch", 40, "FAILED", "1:0"), ("extern", "extern", 80, "COMPLETED", "0:0"), ("0", "python", 80, "FAILED", "1:0")]))
    for ni, host in enumerate(nodes):
        b.add("%s/nvidia-smi.txt" % host, nvsmi_table(add(et, 60), 8, name="Tesla V100-SXM2-32GB", mem_total=32768, cap=300, driver="535.183.01", cuda="12.2"))
        dm, _ = dmesg_boot_noise(T(2024, 4, 2, 12, 0, 0), host, rng, n=28, driver="535.183.01")
        b.add("%s/dmesg.txt" % host, dm)
    b.set_label("numerical", "script", None, "stop",
                "fp16 training diverges: train_loss climbs then goes nan, DeepSpeed reports repeated 'OVERFLOW! Skipping step' down to scale 1 and every rank of both nodes raises 'Current loss scale already at minimum'; the recipe uses lr 3e-3 with no warmup and no clipping, no hardware errors anywhere.",
                "https://github.com/deepspeedai/DeepSpeed/issues/5426")
    return b


# ===========================================================================
# bn10  NaN grad norm on the same GPU over three attempts
# ===========================================================================

def case_bn10():
    b = Bundle("bn10_nan_grad_norm_after_restarts")
    rng = random.Random(6910)
    nodes = ["gpu-h%02d" % k for k in range(1, 9)]
    ips = ["10.11.0.%d" % (100 + k) for k in range(1, 9)]
    attempts = [
        dict(job=610233, start=T(2024, 10, 2, 1, 10, 4), it0=17501, nan_it=18211, seed=1234, load=17500),
        dict(job=610291, start=T(2024, 10, 2, 3, 22, 40), it0=18001, nan_it=18102, seed=1234, load=18000),
        dict(job=610330, start=T(2024, 10, 2, 5, 4, 15), it0=18001, nan_it=18044, seed=1235, load=18000),
    ]
    ms = 2210.0
    sac = ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode ",
           "------------ ---------- ---------- ---------- ---------- ---------- -------- "]
    for a in attempts:
        sac.append("%-12d %10s %10s %10s %10d %10s %8s " % (a["job"], "gpt-8b-pt", "h100", "found", 1024, "FAILED", "1:0"))
    b.add("sacct.txt", sac)
    for ai, a in enumerate(attempts):
        base = "attempt_%d/" % ai
        t0 = a["start"]
        L = []
        L.append("using world size: 64, data-parallel size: 64, context-parallel size: 1, tensor-model-parallel size: 1, pipeline-model-parallel size: 1")
        L.append("WARNING: Setting args.overlap_p2p_comm and args.align_param_gather to False since non-interleaved schedule does not support overlapping p2p communication and aligned param AG")
        L.append("------------------------ arguments ------------------------")
        for k, v in [("bf16", "True"), ("check_for_nan_in_loss_and_grad", "True"), ("ckpt_format", "torch_dist"),
                     ("global_batch_size", "1024"), ("load", "/lustre/gpt8b/ckpt"), ("lr", "0.0003"), ("micro_batch_size", "2"),
                     ("seed", str(a["seed"])), ("seq_length", "4096"), ("use_distributed_optimizer", "True"), ("train_iters", "250000")]:
            L.append("  %s %s %s" % (k, "." * (40 - len(k)), v))
        L.append("-------------------- end of arguments ---------------------")
        L.append("> initializing torch distributed ...")
        L.append("> initialized tensor model parallel with size 1")
        L.append("> initialized pipeline model parallel with size 1")
        L.append(" loading distributed checkpoint from /lustre/gpt8b/ckpt at iteration %d" % a["load"])
        L.append("  successfully loaded checkpoint from /lustre/gpt8b/ckpt [ t 1/1, p 1/1 ] at iteration %d" % a["load"])
        L.append("[after model, optimizer, and learning rate scheduler are built] datetime: %s " % f_py(add(t0, 140))[:19])
        L.append("> building train, validation, and test datasets ...")
        L.append("[after dataloaders are built] datetime: %s " % f_py(add(t0, 171))[:19])
        L.append("training ...")
        it_lines, tt = megatron_iters(add(t0, 175), a["it0"], a["nan_it"] - a["it0"], 250000, ms, rng, loss0=2.021, lr=2.87e-4, gbs=1024, every=10)
        L += it_lines
        et = add(tt, 1.9)
        L += rtb(43, [
            "Traceback (most recent call last):",
            '  File "/workspace/megatron-lm/pretrain_gpt.py", line 316, in <module>',
            "    pretrain(",
            '  File "/workspace/megatron-lm/megatron/training/training.py", line 386, in pretrain',
            "    iteration, num_floating_point_operations_so_far = train(",
            '  File "/workspace/megatron-lm/megatron/training/training.py", line 1461, in train',
            "    train_step(forward_step_func,",
            '  File "/workspace/megatron-lm/megatron/training/training.py", line 769, in train_step',
            "    losses_reduced = forward_backward_func(",
            '  File "/workspace/megatron-lm/megatron/core/pipeline_parallel/schedules.py", line 496, in forward_backward_no_pipelining',
            "    config.finalize_model_grads_func(",
            '  File "/workspace/megatron-lm/megatron/core/distributed/finalize_model_grads.py", line 264, in finalize_model_grads',
            "    model_chunk.finish_grad_sync()",
            '  File "/workspace/megatron-lm/megatron/core/distributed/distributed_data_parallel.py", line 437, in finish_grad_sync',
            "    bucket_group.finish_grad_sync()",
            '  File "/workspace/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", line 342, in finish_grad_sync',
            "    self.start_grad_sync()",
            '  File "/workspace/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", line 257, in start_grad_sync',
            "    self.check_grads(",
            '  File "/workspace/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", line 181, in check_grads',
            "    rerun_state_machine.validate_result(",
            '  File "/workspace/megatron-lm/megatron/core/rerun_state_machine.py", line 510, in validate_result',
            "    raise RuntimeError(full_message)",
            "RuntimeError: Rank 43, node gpu-h06, device 3, iteration %d: Unexpected result nan (message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')" % a["nan_it"],
        ])
        L.append("srun: error: gpu-h06: task 43: Exited with exit code 1")
        L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
        L.append("slurmstepd: error: *** STEP %d.0 ON gpu-h01 CANCELLED AT %s ***" % (a["job"], f_iso(add(et, 2))))
        for r in (0, 17, 58):
            L += nccl_remote_error(add(et, 1.2), r, 3 * a["nan_it"] + 11, "_REDUCE_SCATTER_BASE", 126877696, "gpu-h06<%d>" % (41022 + ai), version="2.21.5")[:4]
        L.append("srun: error: gpu-h01: tasks 0-7: Terminated")
        L.append("srun: error: gpu-h02: tasks 8-15: Terminated")
        L.append("srun: Force Terminated StepId=%d.0" % a["job"])
        b.add(base + "slurm-%d.out" % a["job"], L)
        for ni, host in enumerate(nodes):
            pids = pids_for(120000 + ni * 311 + ai * 40, 8, rng)
            N = nccl_init(host, pids, list(range(8)), [ni * 8 + k for k in range(8)], 64, rng, ips[ni])
            b.add(base + host + "/nccl_init.log", N)
            if host in ("gpu-h06", "gpu-h02"):
                dm, _ = dmesg_boot_noise(T(2024, 9, 21, 4, 0, 0), host, rng, n=30)
                if host == "gpu-h02":
                    dm.append("%s pcieport 0000:16:02.0: AER: Corrected error received: 0000:16:02.0" % f_dmesg(T(2024, 9, 28, 11, 2, 9)))
                    dm.append("%s pcieport 0000:16:02.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)" % f_dmesg(T(2024, 9, 28, 11, 2, 9)))
                    dm.append("%s pcieport 0000:16:02.0:   device [8086:352a] error status/mask=00000001/00002000" % f_dmesg(T(2024, 9, 28, 11, 2, 9)))
                    dm.append("%s pcieport 0000:16:02.0:    [ 0] RxErr                  (First)" % f_dmesg(T(2024, 9, 28, 11, 2, 9)))
                b.add(base + host + "/dmesg.txt", dm)
        b.add(base + "gpu-h06/nvidia-smi-q_gpu3.txt", [
            "==============NVSMI LOG==============",
            "",
            "Timestamp                                 : %s" % f_date(add(attempts[ai]["start"], 7400)),
            "Driver Version                            : 550.90.07",
            "CUDA Version                              : 12.4",
            "",
            "Attached GPUs                             : 8",
            "GPU 00000000:5D:00.0",
            "    Product Name                          : NVIDIA H100 80GB HBM3",
            "    Serial Number                         : 1652823040%03d" % 417,
            "    GPU UUID                              : GPU-4b1e6c2a-81f4-7d1f-1c52-92ab7e0c4d13",
            "    Minor Number                          : 3",
            "    ECC Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : 0",
            "            DRAM Correctable              : 0",
            "            DRAM Uncorrectable            : 0",
            "        Aggregate",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : 0",
            "            DRAM Correctable              : 0",
            "            DRAM Uncorrectable            : 0",
            "    Remapped Rows",
            "        Correctable Error                 : 0",
            "        Uncorrectable Error               : 0",
            "        Pending                           : No",
            "        Remapping Failure Occurred        : No",
            "    Temperature",
            "        GPU Current Temp                  : 41 C",
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 89 C",
            "    Clocks Event Reasons",
            "        Idle                              : Active",
            "        HW Slowdown                       : Not Active",
            "            HW Thermal Slowdown           : Not Active",
            "            HW Power Brake Slowdown       : Not Active",
        ])
    b.add("notes_oncall.txt", [
        "attempt_0 job 610233: NaN at it 18211 on rank 43 (gpu-h06 dev 3) -> requeued from it 18000",
        "attempt_1 job 610291: NaN at it 18102 on rank 43 (gpu-h06 dev 3). same data order as attempt_0, but different iteration",
        "attempt_2 job 610330: changed --seed to 1235 to reshuffle data. NaN at it 18044, again rank 43 / gpu-h06 dev 3",
        "loss curve on rank 0 is flat ~2.02 right up to the failure in all three attempts",
    ])
    b.set_label("gpu_hardware", "infrastructure", {"node": "gpu-h06", "rank": 43}, "restart_without_node",
                "Three attempts fail with 'found NaN in local grad norm' on the same rank 43 = gpu-h06 device 3, at different iterations and even with a reshuffled data order, with a flat healthy loss before; a NaN that follows one GPU across restarts is silent hardware corruption even though nvidia-smi shows no ECC errors (the AER line on gpu-h02 is a corrected, unrelated event).",
                "https://github.com/NVIDIA/Megatron-LM/issues/780")
    return b


# ===========================================================================
# bn11  every rank: ImportError between deepspeed and the image's torch
# ===========================================================================

def case_bn11():
    b = Bundle("bn11_import_error_all_pods")
    rng = random.Random(6911)
    nodes = ["k8s-gpu-a21", "k8s-gpu-a22", "k8s-gpu-a23", "k8s-gpu-a24"]
    pods = ["sft-qwen2-7b-master-0", "sft-qwen2-7b-worker-0", "sft-qwen2-7b-worker-1", "sft-qwen2-7b-worker-2"]
    t0 = T(2024, 6, 13, 10, 2, 44, 0)
    b.add("Dockerfile", [
        "FROM nvcr.io/nvidia/pytorch:24.05-py3",
        "RUN pip install --no-cache-dir deepspeed==0.14.0 transformers==4.41.2 trl==0.9.4 peft==0.11.1 accelerate==0.31.0",
        "COPY LLaMA-Factory /workspace/LLaMA-Factory",
        "RUN pip install --no-deps -e /workspace/LLaMA-Factory",
        "ENTRYPOINT [\"/workspace/entrypoint.sh\"]",
    ])
    ev = ["LAST SEEN   TYPE      REASON              OBJECT                                MESSAGE"]
    for k in range(4):
        for rs in range(4):
            tt = add(t0, 95 * rs + 2 * k)
            ev.append("%-11s %-9s %-19s %-37s %s" % ("%dm" % max(1, (900 - 95 * rs) // 60), "Normal", "Pulled", "pod/%s" % pods[k],
                                                    "Container image \"registry.local/ml/sft-llamafactory:0613a\" already present on machine"))
            ev.append("%-11s %-9s %-19s %-37s %s" % ("%dm" % max(1, (900 - 95 * rs) // 60), "Normal", "Started", "pod/%s" % pods[k], "Started container pytorch"))
            if rs:
                ev.append("%-11s %-9s %-19s %-37s %s" % ("%dm" % max(1, (900 - 95 * rs) // 60), "Warning", "BackOff", "pod/%s" % pods[k], "Back-off restarting failed container pytorch in pod %s_ml-sft(%s)" % (pods[k], hexid(rng, 8))))
    ev.append("%-11s %-9s %-19s %-37s %s" % ("2m", "Warning", "PyTorchJobFailed", "pytorchjob/sft-qwen2-7b", "PyTorchJob sft-qwen2-7b is failed because 1 Master replica(s) failed."))
    b.add("kubectl_events.txt", ev)
    b.add("kubectl_get_pods.txt", [
        "NAME                      READY   STATUS   RESTARTS      AGE   IP             NODE          NOMINATED NODE   READINESS GATES",
    ] + ["%-25s 0/1     Error    3 (%ds ago)   16m   10.244.%d.%d   %-13s <none>           <none>" % (pods[k], 60 + k * 3, 21 + k, 14 + k * 3, nodes[k]) for k in range(4)])
    for ni, host in enumerate(nodes):
        for rs in range(2):
            tt = add(t0, 95 * (rs + 2) + ni)
            L = ["+ python -c 'import torch, deepspeed' 2>/dev/null || true",
                 "+ pip list 2>/dev/null | grep -E '^(torch|deepspeed|transformers|trl|accelerate) '",
                 "accelerate                 0.31.0",
                 "deepspeed                  0.14.0",
                 "torch                      2.4.0a0+07cecf4168.nv24.5",
                 "transformers               4.41.2",
                 "trl                        0.9.4",
                 "+ FORCE_TORCHRUN=1 NNODES=4 NODE_RANK=%d MASTER_ADDR=sft-qwen2-7b-master-0 MASTER_PORT=23456 llamafactory-cli train examples/train_full/qwen2_full_sft_ds3.yaml" % ni,
                 "%02d/%02d/%04d %s - INFO - llamafactory.cli - Initializing distributed tasks at: sft-qwen2-7b-master-0:23456" % (tt.month, tt.day, tt.year, f_hms(tt))]
            apid = 81 + rs * 40
            L += torchrun_header(add(tt, 1), apid, 4, 8, "none", "sft-qwen2-7b-master-0:23456", "/workspace/LLaMA-Factory/src/llamafactory/launcher.py", backend="static", verbose=False)
            pids = pids_for(apid + 5, 8, rng)
            for lr in range(8):
                r = ni * 8 + lr
                tb = [
                    "Traceback (most recent call last):",
                    '  File "/usr/local/lib/python3.10/dist-packages/transformers/utils/import_utils.py", line 1535, in _get_module',
                    '    return importlib.import_module("." + module_name, self.__name__)',
                    '  File "/usr/lib/python3.10/importlib/__init__.py", line 126, in import_module',
                    "    return _bootstrap._gcd_import(name[level:], package, level)",
                    '  File "<frozen importlib._bootstrap>", line 1050, in _gcd_import',
                    '  File "<frozen importlib._bootstrap>", line 1027, in _find_and_load',
                    '  File "<frozen importlib._bootstrap>", line 1006, in _find_and_load_unlocked',
                    '  File "<frozen importlib._bootstrap>", line 688, in _load_unlocked',
                    '  File "<frozen importlib._bootstrap_external>", line 883, in exec_module',
                    '  File "<frozen importlib._bootstrap>", line 241, in _call_with_frames_removed',
                    '  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 221, in <module>',
                    "    from accelerate import Accelerator, skip_first_batches",
                    '  File "/usr/local/lib/python3.10/dist-packages/accelerate/accelerator.py", line 276, in __init__',
                    "    import deepspeed",
                    '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/__init__.py", line 26, in <module>',
                    "    from . import module_inject",
                    '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", line 33, in <module>',
                    "    from deepspeed.runtime.zero.stage_1_and_2 import DeepSpeedZeroOptimizer",
                    '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/elasticity/__init__.py", line 10, in <module>',
                    "    from .elastic_agent import DSElasticAgent",
                    '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/elasticity/elastic_agent.py", line 9, in <module>',
                    "    from torch.distributed.elastic.agent.server.api import log, _get_socket_with_port",
                    "ImportError: cannot import name 'log' from 'torch.distributed.elastic.agent.server.api' (/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py)",
                    "",
                    "The above exception was the direct cause of the following exception:",
                    "",
                    "Traceback (most recent call last):",
                    '  File "/workspace/LLaMA-Factory/src/llamafactory/launcher.py", line 15, in <module>',
                    "    from llamafactory.train.tuner import run_exp",
                    '  File "/workspace/LLaMA-Factory/src/llamafactory/train/tuner.py", line 26, in <module>',
                    "    from .dpo import run_dpo",
                    '  File "/workspace/LLaMA-Factory/src/llamafactory/train/dpo/workflow.py", line 22, in <module>',
                    "    from .trainer import CustomDPOTrainer",
                    '  File "/workspace/LLaMA-Factory/src/llamafactory/train/dpo/trainer.py", line 25, in <module>',
                    "    from trl import DPOTrainer",
                    '  File "/usr/local/lib/python3.10/dist-packages/trl/import_utils.py", line 182, in _get_module',
                    "    raise RuntimeError(",
                    "RuntimeError: Failed to import trl.trainer.dpo_trainer because of the following error (look up to see its traceback):",
                    "Failed to import transformers.trainer because of the following error (look up to see its traceback):",
                    "cannot import name 'log' from 'torch.distributed.elastic.agent.server.api' (/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py)",
                ]
                if lr in (0, 5):
                    L += rtb(r, tb)
                else:
                    L += rtb(r, tb[-3:])
            ft = add(tt, 21 + lr * 0.01)
            L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (f_glog(ft, "E"), apid, pids[0]))
            L += torchrun_traceback(py="/usr/local/lib/python3.10/dist-packages", launcher="/usr/local/bin/torchrun")
            L += child_failed("/workspace/LLaMA-Factory/src/llamafactory/launcher.py", dict(time=ft, host=pods[ni], rank=ni * 8, local_rank=0, exitcode=1, pid=pids[0]),
                              [dict(time=add(ft, 0.02 * k), host=pods[ni], rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(1, 8)])
            b.add("%s/%s.restart%d.log" % (host, pods[ni], rs + 2), L)
    b.set_label("dependency", "framework", None, "stop",
                "All 32 ranks on all four pods, in every container restart, die at import with \"cannot import name 'log' from 'torch.distributed.elastic.agent.server.api'\": the image pins deepspeed 0.14.0 on top of NGC torch 2.4.0a0 which removed that symbol; the same version mismatch everywhere, restarting cannot help.",
                "https://github.com/hiyouga/LlamaFactory/issues/4271")
    return b


# ===========================================================================
# bn12  DeepSpeed launcher: deepspeed missing on one worker node
# ===========================================================================

def case_bn12():
    b = Bundle("bn12_init_timeout_24_of_32_joined")
    rng = random.Random(6912)
    nodes = ["ng30905", "ng31103", "ng31104", "ng31105"]
    ips = ["10.140.28.105", "10.140.31.103", "10.140.31.104", "10.140.31.105"]
    t0 = T(2023, 5, 3, 10, 46, 14, 0)
    b.add("hostfile", ["%s slots=8" % h for h in nodes])
    L = []
    L.append("[2023-05-03 10:46:14,522] [INFO] [runner.py:454:main] Using IP address of 10.140.28.105 for node ng30905")
    L.append("[2023-05-03 10:46:14,523] [INFO] [multinode_runner.py:65:get_cmd] Running on the following workers: ng30905,ng31103,ng31104,ng31105")
    L.append("[2023-05-03 10:46:14,523] [INFO] [runner.py:548:main] cmd = pdsh -S -f 1024 -w ng30905,ng31103,ng31104,ng31105 export NCCL_DEBUG=INFO; export PYTHONPATH=/home/macabdul/llm-ft;  cd /home/macabdul/llm-ft; python -u -m deepspeed.launcher.launch --world_info=eyJuZzMwOTA1IjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddLCAibmczMTEwMyI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XSwgIm5nMzExMDQiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN10sICJuZzMxMTA1IjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddfQ== --node_rank=%n --master_addr=10.140.28.105 --master_port=29500 train.py --deepspeed configs/ds_z3.json --model_name_or_path /models/bloomz-7b1 --output_dir out/bloomz-ft")
    L.append("ng31103: /usr/bin/python3: Error while finding module specification for 'deepspeed.launcher.launch' (ModuleNotFoundError: No module named 'deepspeed')")
    L.append("pdsh@ng30905: ng31103: ssh exited with exit code 1")
    for ni, host in enumerate(nodes):
        if host == "ng31103":
            continue
        L.append("%s: [2023-05-03 10:46:2%d,%03d] [INFO] [launch.py:135:main] %d NCCL_DEBUG=INFO" % (host, ni, rng.randint(0, 999), ni))
        L.append("%s: [2023-05-03 10:46:2%d,%03d] [INFO] [launch.py:142:main] WORLD INFO DICT: {'ng30905': [0, 1, 2, 3, 4, 5, 6, 7], 'ng31103': [0, 1, 2, 3, 4, 5, 6, 7], 'ng31104': [0, 1, 2, 3, 4, 5, 6, 7], 'ng31105': [0, 1, 2, 3, 4, 5, 6, 7]}" % (host, ni, rng.randint(0, 999)))
        L.append("%s: [2023-05-03 10:46:2%d,%03d] [INFO] [launch.py:148:main] nnodes=4, num_local_procs=8, node_rank=%d" % (host, ni, rng.randint(0, 999), ni))
        L.append("%s: [2023-05-03 10:46:2%d,%03d] [INFO] [launch.py:161:main] global_rank_mapping=defaultdict(<class 'list'>, {'ng30905': [0, 1, 2, 3, 4, 5, 6, 7], 'ng31103': [8, 9, 10, 11, 12, 13, 14, 15], 'ng31104': [16, 17, 18, 19, 20, 21, 22, 23], 'ng31105': [24, 25, 26, 27, 28, 29, 30, 31]})" % (host, ni, rng.randint(0, 999)))
        L.append("%s: [2023-05-03 10:46:2%d,%03d] [INFO] [launch.py:162:main] dist_world_size=32" % (host, ni, rng.randint(0, 999)))
        L.append("%s: [2023-05-03 10:46:2%d,%03d] [INFO] [launch.py:164:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7" % (host, ni, rng.randint(0, 999)))
    for ni, host in enumerate(nodes):
        if host == "ng31103":
            continue
        for lr in range(8):
            L.append("%s: [2023-05-03 10:47:0%d,%03d] [INFO] [comm.py:652:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl" % (host, lr, rng.randint(0, 999)))
    te = add(t0, 1801 + 47)
    L += ["ng30905: " + x for x in rtb(0, [
        "Traceback (most recent call last):",
        '  File "/home/macabdul/llm-ft/train.py", line 233, in <module>',
        "    main()",
        '  File "/home/macabdul/llm-ft/train.py", line 96, in main',
        "    deepspeed.init_distributed()",
        '  File "/opt/envs/llm/lib/python3.10/site-packages/deepspeed/comm/comm.py", line 670, in init_distributed',
        "    cdb = TorchBackend(dist_backend, timeout, init_method, rank, world_size)",
        '  File "/opt/envs/llm/lib/python3.10/site-packages/deepspeed/comm/torch.py", line 121, in __init__',
        "    self.init_process_group(backend, timeout, init_method, rank, world_size)",
        '  File "/opt/envs/llm/lib/python3.10/site-packages/deepspeed/comm/torch.py", line 149, in init_process_group',
        "    torch.distributed.init_process_group(backend,",
        '  File "/opt/envs/llm/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py", line 1141, in init_process_group',
        "    store, rank, world_size = next(rendezvous_iterator)",
        '  File "/opt/envs/llm/lib/python3.10/site-packages/torch/distributed/rendezvous.py", line 241, in _env_rendezvous_handler',
        "    store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout)",
        '  File "/opt/envs/llm/lib/python3.10/site-packages/torch/distributed/rendezvous.py", line 172, in _create_c10d_store',
        "    return TCPStore(",
        "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined.",
    ])]
    L.append("ng30905: [2023-05-03 11:17:02,114] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 44120")
    for k in range(1, 8):
        L.append("ng30905: [2023-05-03 11:17:02,%03d] [INFO] [launch.py:315:sigkill_handler] Killing subprocess %d" % (114 + 2 * k, 44120 + k))
    L.append("ng30905: [2023-05-03 11:17:03,006] [ERROR] [launch.py:321:sigkill_handler] ['/opt/envs/llm/bin/python', '-u', 'train.py', '--local_rank=7', '--deepspeed', 'configs/ds_z3.json', '--model_name_or_path', '/models/bloomz-7b1', '--output_dir', 'out/bloomz-ft'] exits with return code = 1")
    for host in ("ng31104", "ng31105"):
        L.append("%s: [rank%d]: torch.distributed.DistNetworkError: Connection reset by peer" % (host, 16 if host == "ng31104" else 24))
        L.append("%s: [2023-05-03 11:17:0%d,%03d] [ERROR] [launch.py:321:sigkill_handler] ['/opt/envs/llm/bin/python', '-u', 'train.py', '--local_rank=0'] exits with return code = 1" % (host, 4 if host == "ng31104" else 5, rng.randint(0, 999)))
    L.append("pdsh@ng30905: ng30905: ssh exited with exit code 1")
    L.append("pdsh@ng30905: ng31104: ssh exited with exit code 1")
    L.append("pdsh@ng30905: ng31105: ssh exited with exit code 1")
    b.add("deepspeed_launch.log", L)
    for ni, host in enumerate(nodes):
        if host == "ng31103":
            P = ["$ ssh ng31103 'hostname; which python python3; ls -ld /opt/envs/llm; python3 -c \"import deepspeed\"; cat /etc/node-info'",
                 "ng31103",
                 "/usr/bin/python",
                 "/usr/bin/python3",
                 "ls: cannot access '/opt/envs/llm': No such file or directory",
                 "Traceback (most recent call last):",
                 '  File "<string>", line 1, in <module>',
                 "ModuleNotFoundError: No module named 'deepspeed'",
                 "image=rocky8-gpu-2023.04 reimaged=2023-05-02T16:40Z ticket=HPC-8812 local_envs_synced=no"]
        else:
            P = ["$ ssh %s 'hostname; which python python3; ls -ld /opt/envs/llm; python3 -c \"import deepspeed\"; cat /etc/node-info'" % host,
                 host,
                 "/opt/envs/llm/bin/python",
                 "/opt/envs/llm/bin/python3",
                 "drwxr-xr-x 8 root root 4096 Mar 14 09:12 /opt/envs/llm",
                 "image=rocky8-gpu-2023.02 reimaged=2023-03-14T08:55Z ticket=HPC-7301 local_envs_synced=yes"]
        b.add("%s/env_check.txt" % host, P)
        if host != "ng31103":
            pids = pids_for(44100 + ni * 200, 8, rng)
            b.add("%s/nccl_debug.log" % host, [
                "%s:%d:%d [%d] NCCL INFO Bootstrap : Using ib0:%s<0>" % (host, p, p, k, ips[ni]) for k, p in enumerate(pids)
            ] + ["%s:%d:%d [%d] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation" % (host, p, p, k) for k, p in enumerate(pids)]
              + ["%s:%d:%d [%d] NCCL INFO cudaDriverVersion 12000" % (host, p, p, k) for k, p in enumerate(pids)])
    b.set_label("dependency", "infrastructure", {"node": "ng31103", "rank": None}, "restart_without_node",
                "The DeepSpeed launcher never starts on ng31103 ('No module named deepspeed', /opt/envs/llm missing after the node was reimaged the day before), so rank 0's store times out with 24/32 clients joined and the others die sympathetically; an environment problem on that one host.",
                "https://github.com/deepspeedai/DeepSpeed/issues/3489")
    return b


# ===========================================================================
# bn13  user's own package import broken after a refactor
# ===========================================================================

def case_bn13():
    b = Bundle("bn13_all_ranks_exit_at_import")
    rng = random.Random(6913)
    nodes = ["cn-g017", "cn-g018"]
    job = 5571203
    t0 = T(2024, 8, 21, 19, 40, 3, 600000)
    b.add("repo_state.txt", [
        "$ cd /shared/home/ykim/proj-moe && git log --oneline -5",
        "a91c2e1 (HEAD -> main) refactor: rename moe_layers.py -> moe_layer.py, split router into router.py",
        "7d0b3f9 add aux loss coefficient to config",
        "c1e88a0 fsdp wrap policy for MoE blocks",
        "5f9e2d1 eval every 2k steps",
        "e30a7b4 initial import",
        "$ ls src/models/",
        "__init__.py  attention.py  moe_layer.py  router.py  transformer.py",
        "$ grep -rn 'moe_layers' --include=*.py . | head",
        "./train.py:14:from src.models.moe_layers import TopKRouter, ExpertMLP",
        "./tools/convert_ckpt.py:9:from src.models.moe_layers import ExpertMLP",
    ])
    b.add("sacct.txt", sacct(job, "moe-1b-a200m", "gpu", "lm", 64, "FAILED", "1:0", [
        ("batch", "batch", 32, "FAILED", "1:0"), ("extern", "extern", 64, "COMPLETED", "0:0"), ("0", "torchrun", 64, "FAILED", "1:0")]))
    for ni, host in enumerate(nodes):
        apid = 201331 + ni * 44
        pids = pids_for(apid + 9, 8, rng)
        L = torchrun_header(t0, apid, 2, 8, str(job), "cn-g017:29400", "train.py")
        L += rdzv_complete(add(t0, 0.3), apid, host, ni, 2, 8, "cn-g017", port=29400)
        for lr in range(8):
            r = ni * 8 + lr
            L += rtb(r, [
                "Traceback (most recent call last):",
                '  File "/shared/home/ykim/proj-moe/train.py", line 14, in <module>',
                "    from src.models.moe_layers import TopKRouter, ExpertMLP",
                "ModuleNotFoundError: No module named 'src.models.moe_layers'",
            ])
        ft = add(t0, 4.1 + ni * 0.2)
        L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /shared/home/ykim/.venvs/moe/bin/python" % (f_glog(ft, "E"), apid, pids[0]))
        L += torchrun_traceback(py="/shared/home/ykim/.venvs/moe/lib/python3.11", launcher="/shared/home/ykim/.venvs/moe/bin/torchrun")
        L += child_failed("train.py", dict(time=ft, host=host, rank=ni * 8, local_rank=0, exitcode=1, pid=pids[0]),
                          [dict(time=ft, host=host, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(1, 8)])
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (host, ni))
        b.add("%s/torchrun.log" % host, L)
        dm, _ = dmesg_boot_noise(T(2024, 8, 12, 3, 0, 0), host, rng, n=26)
        b.add("%s/dmesg.txt" % host, dm)
    b.set_label("dependency", "script", None, "stop",
                "Every rank on both nodes dies four seconds after launch with \"ModuleNotFoundError: No module named 'src.models.moe_layers'\": the user's own latest commit renamed moe_layers.py to moe_layer.py but train.py still imports the old name; an error in the user's code imports, identical everywhere.",
                "https://github.com/pytorch/pytorch/issues/50277")
    return b


def fr_dump(rank, world, entries, pg="default_pg"):
    """Flight recorder dump (json form of the trace buffer)."""
    d = {
        "version": "2.4",
        "pg_config": {"0": {"name": "0", "desc": pg, "ranks": "all" if world > 32 else str(list(range(world)))}},
        "pg_status": {"0": {"last_enqueued_collective": max(e["seq"] for e in entries),
                            "last_started_collective": max(e["seq"] for e in entries if e["state"] != "scheduled"),
                            "last_completed_collective": max([e["seq"] for e in entries if e["state"] == "completed"] or [-1])}},
        "rank": rank,
        "entries": [],
    }
    for i, e in enumerate(entries):
        d["entries"].append({
            "record_id": e["seq"] - 1 + e.get("rid_off", 0),
            "pg_id": 0,
            "process_group": ["0", pg],
            "collective_seq_id": e["seq"],
            "p2p_seq_id": 0,
            "op_id": e["seq"],
            "profiling_name": e["name"],
            "time_created_ns": e["t_ns"],
            "duration_ms": e.get("dur"),
            "input_sizes": e["in"],
            "input_dtypes": [e.get("dtype", "BFloat16")],
            "output_sizes": e["out"],
            "output_dtypes": [e.get("dtype", "BFloat16")],
            "state": e["state"],
            "time_discovered_started_ns": e["t_ns"] + 1200 if e["state"] != "scheduled" else None,
            "time_discovered_completed_ns": e["t_ns"] + 900000 if e["state"] == "completed" else None,
            "retired": e["state"] == "completed",
            "timeout_ms": e.get("timeout", 600000),
            "is_p2p": False,
            "frames": e.get("frames", []),
        })
    return json.dumps(d, indent=1)


def frames(*names):
    out = []
    for n in names:
        fn, rest = n.split("@")
        f, ln = rest.rsplit(":", 1)
        out.append({"name": fn, "filename": f, "line": int(ln)})
    return out


# ===========================================================================
# bn14  Lightning: save_checkpoint only on global zero -> hang
# ===========================================================================

def case_bn14():
    b = Bundle("bn14_stuck_after_epoch_end")
    rng = random.Random(6914)
    nodes = ["hpc-g0412", "hpc-g0413", "hpc-g0414", "hpc-g0415"]
    job = 9931201
    t0 = T(2023, 12, 5, 9, 58, 2, 0)
    ep_end = T(2023, 12, 5, 14, 22, 10, 411000)
    to = add(ep_end, 1800.05)
    b.add("callbacks_snippet.py", [
        "# src/pl_callbacks.py (user code, as deployed in job %d)" % job,
        "class PeriodicSave(pl.Callback):",
        "    def __init__(self, every_n_epochs, dirpath):",
        "        self.every_n_epochs = every_n_epochs",
        "        self.dirpath = dirpath",
        "",
        "    def on_train_epoch_end(self, trainer, pl_module):",
        "        if (trainer.current_epoch + 1) % self.every_n_epochs:",
        "            return",
        "        if trainer.is_global_zero:   # only rank 0 writes files",
        "            path = os.path.join(self.dirpath, f\"epoch{trainer.current_epoch:03d}.ckpt\")",
        "            trainer.save_checkpoint(path)",
        "            log.info(\"saved %s\", path)",
    ])
    S = []
    for r in range(16):
        S.append("Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (r, r + 1))
    S += ["----------------------------------------------------------------------------------------------------",
          "distributed_backend=nccl",
          "All distributed processes registered. Starting with 16 processes",
          "----------------------------------------------------------------------------------------------------",
          "",
          "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]",
          "",
          "  | Name      | Type              | Params",
          "------------------------------------------------",
          "0 | backbone  | PointPillarsNet   | 4.8 M ",
          "1 | head      | CenterHead        | 1.6 M ",
          "2 | loss_fn   | DetLoss           | 0     ",
          "------------------------------------------------",
          "6.4 M     Trainable params",
          "0         Non-trainable params",
          "6.4 M     Total params",
          "25.624    Total estimated model params size (MB)"]
    tt = add(t0, 60)
    nb = 2203
    for ep in range(3):
        for i in range(0, nb + 1, 100):
            tt = add(tt, 100 * 2.36)
            S.append("Epoch %d:  %3d%%|%s| %d/%d [%s<%s,  0.42it/s, v_num=7, train_loss=%.3f]" % (ep, int(100 * i / nb), ("#" * (10 * i // nb)).ljust(10), i, nb, _hms(i * 2.36), _hms((nb - i) * 2.36), 3.1 - 0.4 * ep - i * 0.0001))
        if ep < 2:
            S.append("Epoch %d: 100%%|##########| %d/%d [1:26:39<00:00,  0.42it/s, v_num=7, train_loss=%.3f, val_mAP=%.4f]" % (ep, nb, nb, 2.9 - 0.4 * ep, 0.41 + 0.05 * ep))
    S.append("Epoch 2: 100%%|##########| %d/%d [1:26:41<00:00,  0.42it/s, v_num=7, train_loss=2.071, val_mAP=0.5017]" % (nb, nb))
    S.append("Epoch 3:   0%|          | 0/2203 [00:00<?, ?it/s, v_num=7, train_loss=2.071, val_mAP=0.5017]")
    for r in range(16):
        numel = 1 if r == 0 else 26214400
        S += watchdog_timeout(add(to, r * 0.013), r, 8812, "ALLREDUCE", numel, 1800000, 1800000 + rng.randint(20, 90),
                              lib="/opt/envs/det/lib/python3.10/site-packages/torch/lib")[:5]
    for r in range(16):
        S.append("[rank%d]:[E%s ProcessGroupNCCL.cpp:1347] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (r, f_c10d(add(to, 0.2), "", r)[0:], r))
        S.append("[rank%d]:[E%s ProcessGroupNCCL.cpp:1413] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL dumping nccl trace to /scratch/perc3d/fr/nccl_trace_rank_%d" % (r, f_c10d(add(to, 0.3), "", r), r, r))
    S.append("srun: error: hpc-g0412: task 0: Aborted (core dumped)")
    S.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    S.append("slurmstepd: error: *** STEP %d.0 ON hpc-g0412 CANCELLED AT %s ***" % (job, f_iso(add(to, 3))))
    S.append("srun: error: hpc-g0413: tasks 4-7: Aborted (core dumped)")
    S.append("srun: error: hpc-g0414: tasks 8-11: Aborted (core dumped)")
    S.append("srun: error: hpc-g0415: tasks 12-15: Aborted (core dumped)")
    b.add("slurm-%d.out" % job, S)
    b.add("fr_trace_analysis.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace /scratch/perc3d/fr --prefix nccl_trace_rank_",
        "loaded 16 files in 0.41s",
        "built groups, memberships",
        "Collective 8812 at entry 8811 error",
        "  Group info: 0:default_pg",
        "  Collective: nccl:all_reduce",
        "  Reason: Input tensor sizes do not match",
        "  Expected input sizes: '[[1]]' from rank 0",
        "  Found input sizes: '[[26214400]]' on ranks 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15",
        "  Expected state: 'started', found on all ranks",
        "  Collective stack traces:",
        "    rank 0:",
        "      barrier at /opt/envs/det/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py:4159",
        "      barrier at /opt/envs/det/lib/python3.10/site-packages/lightning/pytorch/strategies/ddp.py:290",
        "      save_checkpoint at /opt/envs/det/lib/python3.10/site-packages/lightning/pytorch/trainer/trainer.py:1384",
        "      on_train_epoch_end at /home/perc3d/det3d/src/pl_callbacks.py:41",
        "    ranks 1-15:",
        "      _sync_buckets / reduce_scatter at torch/nn/parallel/distributed.py (DDP bucket 0 all_reduce during backward)",
        "      training_step at /home/perc3d/det3d/src/model.py:212",
        "Too many mismatches, stopping after the first one",
    ])
    for ni, host in enumerate(nodes):
        for lr in range(4):
            r = ni * 4 + lr
            ents = []
            base_ns = 1701786130000000000
            for k in range(8806, 8813):
                if k < 8812:
                    ents.append(dict(seq=k, name="nccl:all_reduce", t_ns=base_ns + (k - 8806) * 2360000000, in_=None, state="completed", dur=41.2))
                else:
                    ents.append(dict(seq=k, name="nccl:all_reduce", t_ns=base_ns + 6 * 2360000000 + 900000000, state="started", dur=None))
            for e in ents:
                e["in"] = [[26214400]] if not (r == 0 and e["seq"] == 8812) else [[1]]
                e["out"] = e["in"]
                e["timeout"] = 1800000
                if r == 0 and e["seq"] == 8812:
                    e["frames"] = frames("barrier@/opt/envs/det/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py:4159",
                                         "barrier@/opt/envs/det/lib/python3.10/site-packages/lightning/pytorch/strategies/ddp.py:290",
                                         "save_checkpoint@/opt/envs/det/lib/python3.10/site-packages/lightning/pytorch/trainer/trainer.py:1384",
                                         "on_train_epoch_end@/home/perc3d/det3d/src/pl_callbacks.py:41")
                elif e["seq"] == 8812:
                    e["frames"] = frames("_run_ddp_forward@/opt/envs/det/lib/python3.10/site-packages/torch/nn/parallel/distributed.py:1453",
                                         "training_step@/home/perc3d/det3d/src/model.py:212")
            if r in (0, 5, 9, 14):
                b.add("%s/nccl_trace_rank_%d.json" % (host, r), fr_dump(r, 16, ents))
        dm, _ = dmesg_boot_noise(T(2023, 11, 28, 6, 0, 0), host, rng, n=26, gpus=4, driver="535.129.03")
        b.add("%s/dmesg.txt" % host, dm)
        b.add("%s/nvidia-smi_during_hang.txt" % host, nvsmi_table(add(ep_end, 900), 4, name="NVIDIA A100-SXM4-40GB", mem_total=40960, cap=400,
                                                                  util=[100, 100, 100, 100], mem=[21311, 20877, 20901, 20899], temps=[44, 43, 45, 44],
                                                                  power=[97, 95, 96, 98], driver="535.129.03", cuda="12.2",
                                                                  procs=[(g, 771000 + ni * 10 + g, "/opt/envs/det/bin/python", 20800) for g in range(4)]))
    b.add("hpc-g0412/py-spy_rank0.txt", [
        "Process 771000: /opt/envs/det/bin/python -u src/train.py fit --config cfg/pillars_waymo.yaml",
        "Python v3.10.13 (/opt/envs/det/bin/python3.10)",
        "",
        "Thread 771000 (idle): \"MainThread\"",
        "    barrier (torch/distributed/distributed_c10d.py:4159)",
        "    wrapper (torch/distributed/c10d_logger.py:83)",
        "    barrier (lightning/pytorch/strategies/ddp.py:290)",
        "    save_checkpoint (lightning/pytorch/trainer/trainer.py:1384)",
        "    on_train_epoch_end (src/pl_callbacks.py:41)",
        "    _call_callback_hooks (lightning/pytorch/trainer/call.py:218)",
        "    on_advance_end (lightning/pytorch/loops/fit_loop.py:477)",
        "    run (lightning/pytorch/loops/fit_loop.py:206)",
        "    _run_stage (lightning/pytorch/trainer/trainer.py:1030)",
        "    _run (lightning/pytorch/trainer/trainer.py:989)",
        "    _fit_impl (lightning/pytorch/trainer/trainer.py:580)",
        "    fit (lightning/pytorch/trainer/trainer.py:544)",
        "    main (src/train.py:77)",
        "    <module> (src/train.py:81)",
        "Thread 771233 (idle): \"Thread-2 (_pin_memory_loop)\"",
        "    select (selectors.py:416)",
        "    wait (multiprocessing/connection.py:931)",
        "    _poll (multiprocessing/connection.py:424)",
        "    poll (multiprocessing/connection.py:257)",
        "    get (multiprocessing/queues.py:113)",
        "    do_one_step (torch/utils/data/_utils/pin_memory.py:31)",
        "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)",
    ])
    b.add("hpc-g0413/py-spy_rank5.txt", [
        "Process 771011: /opt/envs/det/bin/python -u src/train.py fit --config cfg/pillars_waymo.yaml",
        "Python v3.10.13 (/opt/envs/det/bin/python3.10)",
        "",
        "Thread 771011 (active): \"MainThread\"",
        "    _engine_run_backward (torch/autograd/graph.py:825)",
        "    backward (torch/autograd/__init__.py:347)",
        "    backward (torch/_tensor.py:581)",
        "    backward (lightning/pytorch/core/module.py:1074)",
        "    backward (lightning/pytorch/strategies/strategy.py:212)",
        "    backward_fn (lightning/pytorch/loops/optimization/automatic.py:246)",
        "    closure (lightning/pytorch/loops/optimization/automatic.py:146)",
        "    optimizer_step (lightning/pytorch/core/module.py:1306)",
        "    advance (lightning/pytorch/loops/training_epoch_loop.py:250)",
        "    run (lightning/pytorch/loops/training_epoch_loop.py:140)",
        "    advance (lightning/pytorch/loops/fit_loop.py:355)",
        "    run (lightning/pytorch/loops/fit_loop.py:205)",
        "    fit (lightning/pytorch/trainer/trainer.py:544)",
        "    main (src/train.py:77)",
    ])
    b.set_label("hang", "script", None, "stop",
                "At the epoch-3 boundary rank 0 sits in the Trainer.save_checkpoint barrier (an all_reduce of 1 element, seq 8812) called from the user's callback under `if trainer.is_global_zero`, while ranks 1-15 have moved on to the next step's DDP all_reduce of 26214400 elements at the same sequence number; mismatched collectives from the program itself, it will hang again.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/19045")
    return b


# ===========================================================================
# bn15  FSDP hang: one rank never enqueues the next all-gather
# ===========================================================================

def case_bn15():
    b = Bundle("bn15_fsdp_allgather_timeout_63_ranks")
    rng = random.Random(6915)
    nodes = ["gpu-k%02d" % k for k in range(1, 9)]
    ips = ["10.9.1.%d" % (10 + k) for k in range(1, 9)]
    job = 330981
    t0 = T(2025, 3, 11, 2, 0, 41, 0)
    last_ok = T(2025, 3, 11, 9, 12, 30, 200000)
    to = add(last_ok, 602.4)
    stuck = 21
    seq = 552101
    numel_in = 20447232
    b.add("fr_trace_analysis.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace /fsx/runs/llm13b/fr_dumps --prefix nccl_trace_rank_",
        "loaded 64 files in 1.93s",
        "built groups, memberships",
        "Not all ranks joining collective %d at entry %d" % (seq, seq - 1),
        "  group info: 0:default_pg",
        "  collective: nccl:_allgather_base",
        "  missing ranks: {%d}" % stuck,
        "  input sizes: [[%d]]" % numel_in,
        "  output sizes: [[%d]]" % (numel_in * 64),
        "  expected ranks: 64",
        "  collective state: started on 63 ranks",
        "  last collective on rank %d: %d (nccl:_reduce_scatter_base, completed)" % (stuck, seq - 1),
        "No mismatched sizes or op types found among joined ranks",
    ])
    for ni, host in enumerate(nodes):
        apid = 400100 + ni * 213
        pids = pids_for(apid + 30, 8, rng)
        L = torchrun_header(t0, apid, 8, 8, str(job), "gpu-k01:29500", "train_fsdp.py", verbose=False)
        L += nccl_init(host, pids, list(range(8)), [ni * 8 + k for k in range(8)], 64, rng, ips[ni])
        if ni == 0:
            tt = add(t0, 160)
            for s in range(18000, 18234, 10):
                tt = add(tt, 14.2 * rng.uniform(0.99, 1.01))
                if tt > last_ok:
                    break
                L.append("[rank0] %s step %d | loss %.4f | lr %.3e | %.2f s/step | tok/s/gpu %d | mem %.1fGiB" % (f_py(tt), s, 1.99 - (s - 18000) * 2e-5 + rng.uniform(-0.01, 0.01), 2.1e-4, 1.42 * rng.uniform(0.99, 1.01), int(5771 * rng.uniform(0.98, 1.02)), 61.3))
            L.append("[rank0] %s step 18230 | loss 1.9874 | lr 2.100e-04 | 1.42 s/step | tok/s/gpu 5768 | mem 61.3GiB" % f_py(last_ok))
        for lr in range(8):
            r = ni * 8 + lr
            if r == stuck:
                continue
            tl = add(to, rng.uniform(0, 0.9))
            w = watchdog_timeout(tl, r, seq, "_ALLGATHER_BASE", numel_in, 600000, 600000 + rng.randint(10, 900), numel_out=numel_in * 64)
            L += w[:5] if lr not in (0, 3) else w
        if host == "gpu-k03":
            L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: 1 (pid: %d) of binary: /opt/conda/bin/python3.10" % (f_glog(add(to, 2.1), "E"), apid, pids[1]))
            L += sigterm_lines(add(to, 1.5), apid, [p for k, p in enumerate(pids) if k != 1])
            L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:921] Unable to shutdown process %d via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL" % (f_glog(add(to, 32.0), "W"), apid, pids[5]))
            L += torchrun_traceback()
            others = [dict(time=add(to, 2.2), host=host, rank=ni * 8 + k, local_rank=k, exitcode=-6, pid=pids[k]) for k in (0, 2, 3, 4, 6, 7)]
            others.append(dict(time=add(to, 32.1), host=host, rank=stuck, local_rank=5, exitcode=-9, pid=pids[5]))
            L += child_failed("train_fsdp.py", dict(time=add(to, 2.1), host=host, rank=ni * 8 + 1, local_rank=1, exitcode=-6, pid=pids[1]), others)
        else:
            flr = 3 if ni == 0 else rng.randint(0, 7)
            L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /opt/conda/bin/python3.10" % (f_glog(add(to, 1.1 + ni * 0.05), "E"), apid, flr, pids[flr]))
            L += torchrun_traceback()
            L += child_failed("train_fsdp.py", dict(time=add(to, 1.0 if ni == 0 else 1.3), host=host, rank=ni * 8 + flr, local_rank=flr, exitcode=-6, pid=pids[flr]),
                              [dict(time=add(to, 1.4), host=host, rank=ni * 8 + k, local_rank=k, exitcode=-6, pid=pids[k]) for k in range(8) if k != flr])
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (host, ni))
        b.add("%s/torchrun.log" % host, L)
        if host in ("gpu-k03", "gpu-k01", "gpu-k06"):
            util = [100] * 8
            pw = [131, 128, 133, 129, 127, 130, 132, 128]
            clk_note = None
            if host == "gpu-k03":
                pw[5] = 642
            b.add("%s/nvidia-smi_during_hang.txt" % host, nvsmi_table(add(last_ok, 420), 8, util=util, power=pw,
                                                                      temps=[45, 44, 46, 45, 43, 71 if host == "gpu-k03" else 45, 44, 45],
                                                                      mem=[65120 + g for g in range(8)],
                                                                      procs=[(g, pids[g], "/opt/conda/bin/python3.10", 65000) for g in range(8)]))
            dm, _ = dmesg_boot_noise(T(2025, 3, 1, 5, 0, 0), host, rng, n=30)
            b.add("%s/dmesg.txt" % host, dm)
        if host == "gpu-k03":
            b.add("%s/py-spy_rank21.txt" % host, [
                "$ py-spy dump --native --pid %d" % pids[5],
                "Process %d: /opt/conda/bin/python3.10 -u train_fsdp.py --config cfg/llama13b.yaml" % pids[5],
                "Python v3.10.14 (/opt/conda/bin/python3.10)",
                "",
                "Thread %d (active): \"MainThread\"" % pids[5],
                "    cuStreamSynchronize (libcuda.so.550.90.07)",
                "    0x7f8e2c41a2b3 (libcudart.so.12)",
                "    cudaStreamSynchronize (libcudart.so.12)",
                "    at::native::_local_scalar_dense_cuda(at::Tensor const&) (libtorch_cuda.so)",
                "    at::_ops::_local_scalar_dense::call(at::Tensor const&) (libtorch_cpu.so)",
                "    at::native::item(at::Tensor const&) (libtorch_cpu.so)",
                "    THPVariable_item (libtorch_python.so)",
                "    train_step (train_fsdp.py:233)",
                "    main (train_fsdp.py:301)",
                "    <module> (train_fsdp.py:340)",
                "Thread %d (idle): \"Thread-1 (_pin_memory_loop)\"" % (pids[5] + 233),
                "    select (selectors.py:416)",
                "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)",
                "Thread %d (idle)" % (pids[5] + 240),
                "    pthread_cond_timedwait@@GLIBC_2.3.2 (libc.so.6)",
                "    c10d::ProcessGroupNCCL::ncclCommWatchdog() (libtorch_cuda.so)",
            ])
            b.add("%s/py-spy_rank20.txt" % host, [
                "$ py-spy dump --pid %d" % pids[4],
                "Process %d: /opt/conda/bin/python3.10 -u train_fsdp.py --config cfg/llama13b.yaml" % pids[4],
                "Python v3.10.14 (/opt/conda/bin/python3.10)",
                "",
                "Thread %d (active): \"MainThread\"" % pids[4],
                "    _unshard (torch/distributed/fsdp/_runtime_utils.py:301)",
                "    _pre_forward_unshard (torch/distributed/fsdp/_runtime_utils.py:445)",
                "    _pre_forward (torch/distributed/fsdp/_runtime_utils.py:412)",
                "    forward (torch/distributed/fsdp/fully_sharded_data_parallel.py:850)",
                "    _call_impl (torch/nn/modules/module.py:1747)",
                "    forward (model/llama.py:288)",
                "    train_step (train_fsdp.py:221)",
                "    main (train_fsdp.py:301)",
                "    <module> (train_fsdp.py:340)",
            ])
            b.add("%s/nvidia-smi-q_gpu5_clocks.txt" % host, [
                "GPU 00000000:AB:00.0",
                "    Performance State                     : P0",
                "    Clocks Event Reasons",
                "        Idle                              : Not Active",
                "        Applications Clocks Setting       : Not Active",
                "        SW Power Cap                      : Not Active",
                "        HW Slowdown                       : Not Active",
                "            HW Thermal Slowdown           : Not Active",
                "            HW Power Brake Slowdown       : Not Active",
                "        Sync Boost                        : Not Active",
                "        SW Thermal Slowdown               : Not Active",
                "    Clocks",
                "        Graphics                          : 1980 MHz",
                "        SM                                : 1980 MHz",
                "        Memory                            : 2619 MHz",
                "    ECC Errors",
                "        Volatile",
                "            DRAM Correctable              : 0",
                "            DRAM Uncorrectable            : 0",
            ])
    b.set_label("hang", "infrastructure", {"node": "gpu-k03", "rank": 21}, "run_diagnostics",
                "63 of 64 ranks time out in all-gather seq 552101 while rank 21 (gpu-k03, GPU 5) never enqueued it: the flight recorder lists it as the only missing rank, py-spy shows it blocked in cudaStreamSynchronize under loss.item(), and its GPU alone runs at 100% util / 642 W with no Xid; a provably stuck rank with no logged fault, so the GPU needs diagnostics.",
                "https://github.com/pytorch/pytorch/issues/140563")
    return b


# ===========================================================================
# bn16  every rank times out on the same collective, nothing else
# ===========================================================================

def case_bn16():
    b = Bundle("bn16_watchdog_timeout_all_128_ranks")
    rng = random.Random(6916)
    nodes = ["hpc4-n01%02d" % k for k in range(1, 17)]
    ips = ["10.4.1.%d" % (100 + k) for k in range(1, 17)]
    job = 2261870
    t0 = T(2024, 5, 19, 20, 3, 0, 0)
    seq = 77121
    S = ["using world size: 128, data-parallel size: 16, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1",
         "> initializing torch distributed ...",
         "> initialized tensor model parallel with size 8",
         "> initialized pipeline model parallel with size 1",
         "training ..."]
    its, tt = megatron_iters(add(t0, 300), 30001, 12450, 200000, 2490.0, rng, loss0=1.901, lr=1.2e-4, gbs=2048, every=50)
    S += its
    hang = add(tt, 2.6)
    to = add(hang, 600.9)
    for r in range(128):
        w = watchdog_timeout(add(to, rng.uniform(0, 1.6)), r, seq, "_REDUCE_SCATTER_BASE", 117440512, 600000, 600000 + rng.randint(5, 1600), numel_out=117440512 // 16)
        S += w[:2] if r % 9 else w[:5]
    S.append("srun: error: hpc4-n0104: tasks 24-31: Aborted (core dumped)")
    S.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    S.append("slurmstepd: error: *** STEP %d.0 ON hpc4-n0101 CANCELLED AT %s ***" % (job, f_iso(add(to, 4))))
    for k in range(16):
        if k != 3:
            S.append("srun: error: %s: tasks %d-%d: Aborted (core dumped)" % (nodes[k], 8 * k, 8 * k + 7))
    b.add("slurm-%d.out" % job, S)
    b.add("fr_trace_analysis.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace /lustre/ft/fr/2261870 --prefix nccl_trace_rank_",
        "loaded 128 files in 4.02s",
        "built groups, memberships",
        "collective %d (nccl:_reduce_scatter_base, pg 2:DATA_PARALLEL_GROUP... and 0:default_pg views merged)" % seq,
        "  all 128 ranks have the entry, state 'started' on every rank",
        "  no missing ranks, no size mismatches, no op type mismatches",
        "  time_discovered_started spread across ranks: 0.41 ms",
        "last completed collective on every rank: %d" % (seq - 1),
        "No errors found by the analyzer.",
    ])
    b.add("sacct.txt", sacct(job, "gpt-70b-cont", "batch", "llm", 2048, "FAILED", "6:0", [
        ("batch", "batch", 128, "FAILED", "6:0"), ("extern", "extern", 2048, "COMPLETED", "0:0"), ("0", "python", 2048, "FAILED", "6:0")]))
    ib_err = ["$ perfquery -x  (all HCAs, cumulative since job start)"]
    for ni, host in enumerate(nodes):
        if ni % 3 == 0 or ni == 15:
            dm, _ = dmesg_boot_noise(T(2024, 5, 10, 1, 0, 0), host, rng, n=28)
            if ni == 6:
                dm.append("%s NVRM: Xid (PCI:0000:9a:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 4, TPC 0, SM 1): Misaligned Address" % f_dmesg(T(2024, 5, 14, 16, 22, 1)))
            b.add("%s/dmesg.txt" % host, dm)
            b.add("%s/ibstat.txt" % host, ibstat(8, guid_seed=ni))
        if ni in (0, 4, 9, 13):
            P = ["# Port counters: Lid %d port 1 (CapMask: 0x5A00)" % (ni * 8 + 17 + k) for k in range(1)]
            for k in range(8):
                P += ["# mlx5_%d port 1" % k,
                      "PortXmitData:....................%d" % rng.randint(10**12, 9 * 10**12),
                      "PortRcvData:.....................%d" % rng.randint(10**12, 9 * 10**12),
                      "SymbolErrorCounter:..............0",
                      "LinkErrorRecoveryCounter:........0",
                      "LinkDownedCounter:...............0",
                      "PortRcvErrors:...................0",
                      "PortXmitDiscards:................0",
                      "PortXmitWait:....................%d" % rng.randint(1000, 90000)]
            b.add("%s/perfquery.txt" % host, P)
    b.add("fabric_ufm_events.txt", [
        "# UFM event log, %s .. %s" % (f_iso(add(hang, -3600)), f_iso(add(to, 600))),
        "Time                 Severity  Event",
        "%s  Info      Periodic fabric sweep completed: 0 errors, 0 warnings (1152 ports)" % f_iso(add(hang, -2700)),
        "%s  Info      Periodic fabric sweep completed: 0 errors, 0 warnings (1152 ports)" % f_iso(add(hang, -900)),
        "%s  Info      Periodic fabric sweep completed: 0 errors, 0 warnings (1152 ports)" % f_iso(add(hang, 900)),
    ])
    b.set_label("hang", "infrastructure", None, "restart",
                "All 128 ranks time out together on reduce-scatter seq 77121 with 'last enqueued 77121, last completed 77120'; the flight recorder finds no missing rank and no mismatch, no Xid (only an old Xid 13 from another job), IB ports and counters clean, UFM sweeps clean; a hang with no evidence pointing at any node.",
                "https://github.com/meta-llama/llama-cookbook/issues/567")
    return b


# ===========================================================================
# bn17  device-side assert from new tokens without resized embeddings
# ===========================================================================

def case_bn17():
    b = Bundle("bn17_device_side_assert_mid_epoch")
    rng = random.Random(6917)
    nodes = ["dgx-b11", "dgx-b12"]
    ips = ["10.70.0.11", "10.70.0.12"]
    job = 71244
    t0 = T(2024, 10, 21, 2, 30, 5, 0)
    fail = add(t0, 380)
    bad = [6, 13]
    for ni, host in enumerate(nodes):
        apid = 1464580 + ni * 300
        pids = pids_for(apid + 20, 8, rng)
        L = torchrun_header(t0, apid, 2, 8, str(job), "dgx-b11:29500", "finetune_tools.py", verbose=False)
        L += nccl_init(host, pids, list(range(8)), [ni * 8 + k for k in range(8)], 16, rng, ips[ni], version="2.20.5+cuda12.4")
        if ni == 0:
            L += [
                "[rank0] 2024-10-21 02:31:02 | INFO | finetune_tools | base model /models/llama-2-7b-hf, vocab_size=32000",
                "[rank0] 2024-10-21 02:31:02 | INFO | finetune_tools | adding special tokens ['<tool_call>', '</tool_call>', '<tool_result>', '</tool_result>']",
                "[rank0] 2024-10-21 02:31:02 | INFO | finetune_tools | len(tokenizer)=32004",
                "[rank0] 2024-10-21 02:31:41 | INFO | finetune_tools | model.get_input_embeddings().num_embeddings=32000",
                "[rank0] 2024-10-21 02:31:44 | INFO | finetune_tools | dataset: 41,872 dialogues (18.3% contain tool calls)",
                "[2024-10-21 02:32:10,551] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.15.2, git-hash=unknown, git-branch=unknown",
                "[2024-10-21 02:32:12,004] [INFO] [stage_1_and_2.py:148:__init__] Reduce bucket size 500000000",
                "***** Running training *****",
                "  Num examples = 41,872",
                "  Total train batch size (w. parallel, distributed & accumulation) = 128",
                "  Total optimization steps = 981",
            ]
            pr, tt = hf_progress(add(t0, 130), 1, 36, 981, 6.8, rng, loss0=1.42, every=10, lr0=2e-5, epoch_per_step=0.001)
            L += pr
        for r in bad:
            if r // 8 != ni:
                continue
            for k in range(40):
                L.append("../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [%d,0,0], thread: [%d,0,0] Assertion `srcIndex < srcSelectDimSize` failed." % (211 + k // 32, 64 + k % 32))
            L += rtb(r, [
                "Traceback (most recent call last):",
                '  File "/home/ft/agent-ft/finetune_tools.py", line 318, in <module>',
                "    main()",
                '  File "/home/ft/agent-ft/finetune_tools.py", line 311, in main',
                "    trainer.train()",
                '  File "%s/transformers/trainer.py", line 2122, in train' % SP,
                "    return inner_training_loop(",
                '  File "%s/transformers/trainer.py", line 2474, in _inner_training_loop' % SP,
                "    tr_loss_step = self.training_step(model, inputs)",
                '  File "%s/transformers/trainer.py", line 3572, in training_step' % SP,
                "    loss = self.compute_loss(model, inputs)",
                '  File "%s/transformers/models/llama/modeling_llama.py", line 1189, in forward' % SP,
                "    outputs = self.model(",
                '  File "%s/transformers/models/llama/modeling_llama.py", line 945, in forward' % SP,
                "    causal_mask = self._update_causal_mask(",
                '  File "%s/transformers/models/llama/modeling_llama.py", line 1050, in _update_causal_mask' % SP,
                "    if AttentionMaskConverter._ignore_causal_mask_sdpa(",
                '  File "%s/transformers/modeling_attn_mask_utils.py", line 284, in _ignore_causal_mask_sdpa' % SP,
                "    elif (is_training or not is_tracing) and torch.all(attention_mask == 1):",
                "RuntimeError: CUDA error: device-side assert triggered",
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                "",
            ])
            L += [
                "terminate called after throwing an instance of 'c10::Error'",
                "  what():  CUDA error: device-side assert triggered",
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                "",
                "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
                "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f5e2a96c446 in %s/torch/lib/libc10.so)" % SP,
                "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f5e2a9166e4 in %s/torch/lib/libc10.so)" % SP,
                "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f5e2aa58a18 in %s/torch/lib/libc10_cuda.so)" % SP,
                "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f5ddbc1b726 in %s/torch/lib/libtorch_cuda.so)" % SP,
                "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (0x7f5ddbc203f0 in %s/torch/lib/libtorch_cuda.so)" % SP,
                "frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da (0x7f5ddbc2755a in %s/torch/lib/libtorch_cuda.so)" % SP,
                "",
            ]
        ft = add(fail, ni * 0.8)
        flr = [r for r in bad if r // 8 == ni][0] - ni * 8
        L += sigterm_lines(add(ft, 0.3), apid, [p for k, p in enumerate(pids) if k != flr])
        L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /opt/conda/bin/python3.10" % (f_glog(add(ft, 1.0), "E"), apid, flr, pids[flr]))
        L += torchrun_traceback()
        L += child_failed("finetune_tools.py", dict(time=ft, host=host, rank=ni * 8 + flr, local_rank=flr, exitcode=-6, pid=pids[flr]))
        b.add("%s/torchrun.log" % host, L)
        dm, _ = dmesg_boot_noise(T(2024, 10, 14, 8, 0, 0), host, rng, n=28)
        bus = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"][flr]
        dm.append("%s NVRM: Xid (PCI:0000:%s:00): 43, pid=%d, name=python3.10, Ch 00000008" % (f_dmesg(add(ft, -0.4)), bus, pids[flr]))
        b.add("%s/dmesg.txt" % host, dm)
    b.add("sacct.txt", sacct(job, "agent-ft", "dgx", "apps", 256, "FAILED", "1:0", [
        ("batch", "batch", 128, "FAILED", "1:0"), ("extern", "extern", 256, "COMPLETED", "0:0"), ("0", "torchrun", 256, "FAILED", "1:0")]))
    b.set_label("user_code", "script", None, "stop",
                "Ranks 6 and 13 hit `srcIndex < srcSelectDimSize` index asserts then 'CUDA error: device-side assert triggered' at step 37: the script added 4 special tokens (len(tokenizer)=32004) without resizing the 32000-row embedding, so batches with tool-call tokens index out of range; the Xid 43s are the application-triggered channel resets that follow, not hardware.",
                "https://github.com/huggingface/transformers/issues/1848")
    return b


# ===========================================================================
# bn18  uncorrectable ECC error on one GPU
# ===========================================================================

def case_bn18():
    b = Bundle("bn18_cuda_error_rank13_then_timeouts")
    rng = random.Random(6918)
    nodes = ["a100-n021", "a100-n022", "a100-n023", "a100-n024"]
    ips = ["10.33.7.21", "10.33.7.22", "10.33.7.23", "10.33.7.24"]
    job = 8841
    t0 = T(2023, 3, 21, 0, 12, 0, 0)
    ecc_t = T(2023, 3, 21, 6, 47, 19, 0)
    to = add(ecc_t, 1800.6)
    for ni, host in enumerate(nodes):
        apid = 77311 + ni * 51
        pids = pids_for(apid + 14, 8, rng)
        L = ["Accelerate launch: using DeepSpeed (zero_stage=3) on 4 machines x 8 processes"]
        L += torchrun_header(t0, apid, 4, 8, "none", "a100-n021:29500", "train_rm.py", backend="static", verbose=False)
        L += nccl_init(host, pids, list(range(8)), [ni * 8 + k for k in range(8)], 32, rng, ips[ni], version="2.14.3+cuda11.8", cuda_drv=12000)
        if ni == 0:
            pr, tt = hf_progress(add(t0, 400), 1, 120, 3000, 4.1, rng, loss0=0.69, every=20, lr0=9e-6, epoch_per_step=0.00033)
            L += pr
        if host == "a100-n022":
            L += rtb(13, [
                "Traceback (most recent call last):",
                '  File "/work/rm/train_rm.py", line 402, in <module>',
                "    main()",
                '  File "/work/rm/train_rm.py", line 371, in main',
                "    accelerator.backward(loss)",
                '  File "%s/accelerate/accelerator.py", line 1958, in backward' % SP,
                "    self.deepspeed_engine_wrapped.backward(loss, **kwargs)",
                '  File "%s/accelerate/utils/deepspeed.py", line 167, in backward' % SP,
                "    self.engine.backward(loss, **kwargs)",
                '  File "%s/deepspeed/runtime/engine.py", line 1964, in backward' % SP,
                "    self.optimizer.backward(loss, retain_graph=retain_graph)",
                '  File "%s/deepspeed/runtime/zero/stage3.py", line 2080, in backward' % SP,
                "    self.loss_scaler.backward(loss.float(), retain_graph=retain_graph)",
                '  File "%s/torch/_tensor.py", line 487, in backward' % SP,
                "    torch.autograd.backward(",
                "RuntimeError: CUDA error: uncorrectable ECC error encountered",
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            ])
            L += ["[E ProcessGroupNCCL.cpp:916] [Rank 13] NCCL watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered",
                  "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                  "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                  "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                  "",
                  "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:44 (most recent call first):",
                  "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7a71e4e84617 in %s/torch/lib/libc10.so)" % SP,
                  "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7a71e4e3f98d in %s/torch/lib/libc10.so)" % SP,
                  "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7a71e4f40128 in %s/torch/lib/libc10_cuda.so)" % SP,
                  "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x6e (0x7a7188a3b8ae in %s/torch/lib/libtorch_cuda.so)" % SP,
                  "",
                  "terminate called after throwing an instance of 'std::runtime_error'",
                  "  what():  [Rank 13] NCCL watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered"]
            ft = add(ecc_t, 0.8)
            L += sigterm_lines(add(ft, 0.4), apid, [p for k, p in enumerate(pids) if k != 5])
            L.append("ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -6) local_rank: 5 (pid: %d) of binary: /opt/conda/bin/python3.10" % pids[5])
            L += torchrun_traceback()
            L += child_failed("train_rm.py", dict(time=ft, host=host, rank=13, local_rank=5, exitcode=-6, pid=pids[5]))
        else:
            r = ni * 8 + [2, 0, 7, 4][ni]
            L += ["[E ProcessGroupNCCL.cpp:828] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=412208, OpType=_ALLGATHER_BASE, Timeout(ms)=1800000) ran for %d milliseconds before timing out." % (r, 1800000 + rng.randint(20, 900)),
                  "[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
                  "[E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down.",
                  "terminate called after throwing an instance of 'std::runtime_error'",
                  "  what():  [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=412208, OpType=_ALLGATHER_BASE, Timeout(ms)=1800000) ran for %d milliseconds before timing out." % (r, 1800000 + rng.randint(20, 900))]
            ft = add(to, ni * 0.3)
            lr = r - ni * 8
            L += sigterm_lines(add(ft, 0.4), apid, [p for k, p in enumerate(pids) if k != lr])
            L.append("ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /opt/conda/bin/python3.10" % (lr, pids[lr]))
            L += torchrun_traceback()
            L += child_failed("train_rm.py", dict(time=ft, host=host, rank=r, local_rank=lr, exitcode=-6, pid=pids[lr]))
        b.add("%s/accelerate_launch.log" % host, L)
        dm, _ = dmesg_boot_noise(T(2023, 3, 2, 7, 0, 0), host, rng, n=30, driver="525.85.12")
        if host == "a100-n022":
            dm += [
                "%s NVRM: Xid (PCI:0000:ab:00): 48, pid=%d, name=python3.10, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 2, subpartition 1." % (f_dmesg(ecc_t), pids[5]),
                "%s NVRM: Xid (PCI:0000:ab:00): 63, pid=%d, name=python3.10, Row Remapper: New row (0x000000000003a8f2) was marked for remapping, reset gpu to activate." % (f_dmesg(ecc_t), pids[5]),
                "%s NVRM: Xid (PCI:0000:ab:00): 45, pid=%d, name=python3.10, Ch 00000010" % (f_dmesg(add(ecc_t, 2)), pids[5]),
            ]
        b.add("%s/dmesg.txt" % host, dm)
    b.add("a100-n022/nvidia-smi-q_gpu5.txt", [
        "GPU 00000000:AB:00.0",
        "    Product Name                          : NVIDIA A100-SXM4-80GB",
        "    ECC Mode",
        "        Current                           : Enabled",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 1",
        "        Aggregate",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 1",
        "    Retired Pages",
        "        Single Bit ECC                    : N/A",
        "        Double Bit ECC                    : N/A",
        "        Pending Page Blacklist            : N/A",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1",
        "        Pending                           : Yes",
        "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram",
        "            Max                           : 639 bank(s)",
        "            High                          : 1 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)",
    ])
    b.add("a100-n024/nvidia-smi-q_gpu1.txt", [
        "GPU 00000000:2A:00.0",
        "    Product Name                          : NVIDIA A100-SXM4-80GB",
        "    ECC Errors",
        "        Volatile",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "        Aggregate",
        "            DRAM Correctable              : 2",
        "            DRAM Uncorrectable            : 0",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 0",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No",
    ])
    b.set_label("gpu_memory", "infrastructure", {"node": "a100-n022", "rank": 13}, "restart_without_node",
                "Rank 13 (a100-n022 GPU 5) dies with 'CUDA error: uncorrectable ECC error encountered'; that GPU logged Xid 48 (DBE) and Xid 63 with a row remap still pending, and the other nodes only show watchdog timeouts 30 minutes later (the aggregate correctable count on a100-n024 is old and benign).",
                "https://github.com/huggingface/accelerate/issues/1192")
    return b


# ===========================================================================
# bn19  Lightning on Slurm: step cancelled at the time limit
# ===========================================================================

def case_bn19():
    b = Bundle("bn19_sigterm_then_nccl_errors")
    rng = random.Random(6919)
    nodes = ["maestro-3017", "maestro-3018"]
    job = 55595933
    t0 = T(2025, 1, 10, 9, 27, 18, 0)
    tl = T(2025, 1, 10, 15, 27, 25, 0)
    b.add("scontrol_show_job.txt", [
        "JobId=%d JobName=scgpt-pretrain" % job,
        "   UserId=jkobject(41022) GroupId=dbc(3310) MCS_label=N/A",
        "   Priority=21344 Nice=0 Account=dbc QOS=gpu",
        "   JobState=TIMEOUT Reason=TimeLimit Dependency=(null)",
        "   Requeue=0 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0",
        "   RunTime=06:00:07 TimeLimit=06:00:00 TimeMin=N/A",
        "   SubmitTime=2025-01-10T08:59:40 EligibleTime=2025-01-10T08:59:40",
        "   StartTime=2025-01-10T09:27:18 EndTime=2025-01-10T15:27:25 Deadline=N/A",
        "   Partition=gpu AllocNode:Sid=maestro-submit:2211",
        "   NodeList=maestro-[3017-3018]",
        "   NumNodes=2 NumCPUs=64 NumTasks=8 CPUs/Task=8 ReqB:S:C:T=0:0:*:*",
        "   TRES=cpu=64,mem=480G,node=2,billing=64,gres/gpu=8",
        "   Command=/pasteur/appa/homes/jkobject/scprint/slurm/pretrain.sh",
        "   StdOut=/pasteur/appa/homes/jkobject/scprint/logs/slurm-%d.out" % job,
    ])
    b.add("sacct.txt", sacct(job, "scgpt-pretrain", "gpu", "dbc", 64, "TIMEOUT", "0:0", [
        ("batch", "batch", 32, "CANCELLED", "0:15"), ("extern", "extern", 64, "COMPLETED", "0:0"), ("0", "python", 64, "CANCELLED", "0:15")]))
    S = []
    for r in range(8):
        S.append("Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/8" % (r, r + 1))
    S += ["----------------------------------------------------------------------------------------------------",
          "distributed_backend=nccl",
          "All distributed processes registered. Starting with 8 processes",
          "----------------------------------------------------------------------------------------------------",
          "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]",
          "  | Name      | Type              | Params | Mode ",
          "--------------------------------------------------------",
          "0 | encoder   | FlashTransformer  | 88.6 M | train",
          "1 | decoders  | ModuleDict        | 4.2 M  | train",
          "--------------------------------------------------------",
          "92.8 M    Trainable params"]
    tt = add(t0, 90)
    nb = 20000
    for ep in range(11):
        for i in range(0, nb, 1250):
            tt = add(tt, 1250 / 0.9)
            if tt > tl:
                break
            S.append("Epoch %d:  %2d%%|%s| %d/%d [%s<%s,  0.90it/s, v_num=0txx, train_loss=%.3f, denoise_60%%_expr=%.3f, gen_expr=%.3f]"
                     % (ep, int(100 * i / nb), ("#" * (10 * i // nb)).ljust(10), i, nb, _hms(i / 0.9), _hms((nb - i) / 0.9), 4.9 - 0.14 * ep + rng.uniform(-0.2, 0.2), 1.9 - 0.06 * ep, 1.8 - 0.03 * ep))
        else:
            S.append("Epoch %d, global step %d: 'val_loss' reached %.3f (best %.3f), saving model to '/pasteur/appa/scratch/jkobject/scprint/0txx/checkpoints/epoch=%d-step=%d.ckpt' as top 1" % (ep, (ep + 1) * nb, 1.1 - 0.02 * ep, 1.1 - 0.02 * ep, ep, (ep + 1) * nb))
            continue
        break
    S.append("Epoch 10:  93%|#########3| 18626/20000 [5:43:21<25:19,  0.90it/s, v_num=0txx, train_loss=3.400, denoise_60%_expr=1.290, gen_expr=1.490]")
    S.append("slurmstepd: error: *** STEP %d.0 ON maestro-3017 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, f_iso(tl)))
    S.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for r in range(8):
        S.append("[rank: %d] Received SIGTERM: 15" % r)
        S.append("Bypassing SIGTERM: 15")
    S.append("Epoch 10:  93%|#########3| 18627/20000 [5:43:23<25:18,  0.90it/s, v_num=0txx, train_loss=3.970, denoise_60%_expr=1.570, gen_expr=1.520]")
    for r in (5, 2, 7):
        S += nccl_remote_error(add(tl, 31 + r * 0.1), r, 1884412, "ALLREDUCE", 23198720, "maestro-3017<%d>" % (51100 + r), version="2.21.5")[:4]
    S.append("slurmstepd: error: *** JOB %d ON maestro-3017 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, f_iso(add(tl, 32))))
    S.append("srun: error: maestro-3018: tasks 4-7: Killed")
    S.append("srun: error: maestro-3017: tasks 0-3: Killed")
    b.add("slurm-%d.out" % job, S)
    for ni, host in enumerate(nodes):
        dm, _ = dmesg_boot_noise(T(2025, 1, 3, 7, 0, 0), host, rng, n=26, gpus=4)
        b.add("%s/dmesg.txt" % host, dm)
        b.add("%s/nvidia-smi.txt" % host, nvsmi_table(add(tl, 120), 4, name="NVIDIA A100-SXM4-80GB", mem_total=81920, cap=400, driver="550.54.15"))
    b.set_label("unknown", "framework", None, "none",
                "Slurm cancelled the step and job at the 6-hour TimeLimit ('CANCELLED AT ... DUE TO TIME LIMIT', sacct TIMEOUT); Lightning's handler bypassed the SIGTERM and the NCCL 'remote process exited' errors are teardown noise; the last epoch checkpoint was saved, nothing failed.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/20542")
    return b


# ===========================================================================
# bn20  Kubernetes: workload preempted, agents get SIGTERM
# ===========================================================================

def case_bn20():
    b = Bundle("bn20_signal_exception_all_pods")
    rng = random.Random(6920)
    nodes = ["gpu-pool-b-07", "gpu-pool-b-08", "gpu-pool-b-09", "gpu-pool-b-10"]
    pods = ["llm-pt-13b-master-0", "llm-pt-13b-worker-0", "llm-pt-13b-worker-1", "llm-pt-13b-worker-2"]
    t0 = T(2024, 12, 21, 0, 4, 0, 0)
    pre = T(2024, 12, 21, 7, 41, 12, 0)
    b.add("kubectl_events.txt", [
        "LAST SEEN   TYPE      REASON            OBJECT                                   MESSAGE",
        "7h38m       Normal    Admitted          workload/pytorchjob-llm-pt-13b-3f9a2     Admitted by ClusterQueue research-cq, wait time since reservation was 0s",
        "7h37m       Normal    Scheduled         pod/llm-pt-13b-master-0                  Successfully assigned ml-research/llm-pt-13b-master-0 to gpu-pool-b-07",
        "2m11s       Normal    Preempted         workload/pytorchjob-llm-pt-13b-3f9a2     Preempted to accommodate a workload (UID: 6b2e91d0-4c3e-4b8e-9a71-0e2f5c9d8a11, JobUID: 1c0f7a55-2d3b-4f1a-8c2e-7d9b0a6e4f30) due to prioritization in the ClusterQueue",
        "2m11s       Normal    Stopped           pytorchjob/llm-pt-13b                    Preempted to accommodate a higher priority Workload",
    ] + ["2m10s       Normal    Killing           pod/%-36s Stopping container pytorch" % p for p in pods] + [
        "2m9s        Normal    Pending           workload/pytorchjob-llm-pt-13b-3f9a2     couldn't assign flavors to pod set master: insufficient unused quota for nvidia.com/gpu in flavor h100-ondemand, 32 more needed",
        "1m58s       Normal    Admitted          workload/prod-eval-nightly-88c1d         Admitted by ClusterQueue research-cq, wait time since reservation was 0s",
    ])
    b.add("kubectl_get_workloads.txt", [
        "NAME                               QUEUE        RESERVED IN   ADMITTED   FINISHED   AGE",
        "pytorchjob-llm-pt-13b-3f9a2        research-lq                False                 7h39m",
        "prod-eval-nightly-88c1d            prod-lq      research-cq   True                  2m30s",
        "",
        "$ kubectl get workload pytorchjob-llm-pt-13b-3f9a2 -o jsonpath='{.status.conditions[?(@.type==\"Evicted\")]}'",
        '{"lastTransitionTime":"2024-12-21T07:41:12Z","message":"Preempted to accommodate a workload (UID: 6b2e91d0-4c3e-4b8e-9a71-0e2f5c9d8a11, JobUID: 1c0f7a55-2d3b-4f1a-8c2e-7d9b0a6e4f30) due to prioritization in the ClusterQueue","reason":"Preempted","status":"True","type":"Evicted"}',
    ])
    for ni, host in enumerate(nodes):
        apid = 107 if ni == 0 else 96 + ni
        pids = pids_for(apid + 20, 8, rng)
        L = torchrun_header(t0, apid, 4, 8, "llm-pt-13b", "llm-pt-13b-master-0:29400", "pretrain.py")
        L += rdzv_complete(add(t0, 2), apid, pods[ni], ni, 4, 8, "llm-pt-13b-master-0", port=29400)
        L += nccl_init(pods[ni], pids, list(range(8)), [ni * 8 + k for k in range(8)], 32, rng, "10.244.%d.%d" % (7 + ni, 30 + ni), ifname="eth0")
        if ni == 0:
            tt = add(t0, 200)
            for s in range(0, 12000, 250):
                tt = add(tt, 250 * 2.3)
                if tt > pre:
                    break
                L.append("[rank0] %s | step %6d | loss %.4f | grad_norm %.3f | lr %.2e | tok/s %d" % (f_py(tt), s, 3.2 - s * 0.00009 + rng.uniform(-0.02, 0.02), rng.uniform(0.3, 0.6), 3e-4, int(412000 * rng.uniform(0.98, 1.02))))
                if s and s % 2000 == 0:
                    L.append("[rank0] %s | saved checkpoint step %d to gs://ml-research-ckpt/llm-pt-13b/step_%07d (async, 41.2s)" % (f_py(add(tt, 1)), s, s))
        tp = add(pre, 1.0 + ni * 0.2)
        if ni == 2:
            L += nccl_remote_error(add(pre, 1.25), 19, 2210481, "ALLREDUCE", 1, "llm-pt-13b-worker-0<40122>", version="2.21.5")[:4]
        L.append("%s %d torch/distributed/elastic/agent/server/api.py:719] Received 15 death signal, shutting down workers" % (f_glog(tp, "W"), apid))
        L += sigterm_lines(add(tp, 0.001), apid, pids)
        L += torchrun_tb_head(py="/usr/local/lib/python3.11/dist-packages", launcher="/usr/local/bin/torchrun")
        L += [
            '  File "/usr/local/lib/python3.11/dist-packages/torch/distributed/launcher/api.py", line 260, in launch_agent',
            "    result = agent.run()",
            '  File "/usr/local/lib/python3.11/dist-packages/torch/distributed/elastic/metrics/api.py", line 137, in wrapper',
            "    result = f(*args, **kwargs)",
            '  File "/usr/local/lib/python3.11/dist-packages/torch/distributed/elastic/agent/server/api.py", line 711, in run',
            "    result = self._invoke_run(role)",
            '  File "/usr/local/lib/python3.11/dist-packages/torch/distributed/elastic/agent/server/api.py", line 864, in _invoke_run',
            "    time.sleep(monitor_interval)",
            '  File "/usr/local/lib/python3.11/dist-packages/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
            '    raise SignalException(f"Process {os.getpid()} got signal: {sigval}", sigval=sigval)',
            "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % apid,
        ]
        b.add("%s/%s.log" % (host, pods[ni]), L)
    b.set_label("unknown", "framework", None, "none",
                "Kueue evicted the PyTorchJob ('Preempted to accommodate a workload ... due to prioritization in the ClusterQueue') and Kubernetes stopped all four pods; every torchrun agent logs 'Received 15 death signal' and SignalException, the NCCL error is teardown noise; a scheduler preemption, not a failure.",
                "https://github.com/pytorch/pytorch/issues/67742")
    return b


# ===========================================================================
# bn21  DDP: rank 0 has 392 params, others 0
# ===========================================================================

def case_bn21():
    b = Bundle("bn21_ddp_param_count_mismatch")
    rng = random.Random(6921)
    nodes = ["gpu-c31", "gpu-c32"]
    ips = ["10.5.3.31", "10.5.3.32"]
    t0 = T(2024, 6, 2, 18, 6, 51, 0)
    b.add("train_snippet.py", [
        "# train.py lines 640-662 (user code)",
        "    model = AutoModelForCausalLM.from_pretrained(args.model_name_or_path, torch_dtype=torch.bfloat16)",
        "    model.requires_grad_(False)",
        "    lora_config = LoraConfig(r=16, lora_alpha=32, target_modules=[\"q_proj\", \"k_proj\", \"v_proj\", \"o_proj\"], lora_dropout=0.05)",
        "    if accelerator.is_main_process:",
        "        logger.info(\"building LoRA model\")",
        "        model = get_peft_model(model, lora_config)",
        "        model.print_trainable_parameters()",
        "    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=args.learning_rate)",
        "    model, optimizer, train_dataloader, lr_scheduler = accelerator.prepare(",
        "        model, optimizer, train_dataloader, lr_scheduler",
        "    )",
    ])
    for ni, host in enumerate(nodes):
        apid = 31101 + ni * 77
        pids = pids_for(apid + 5, 8, rng)
        L = torchrun_header(t0, apid, 2, 8, "none", "gpu-c31:29500", "train.py", backend="static", verbose=False)
        L += nccl_init(host, pids, list(range(8)), [ni * 8 + k for k in range(8)], 16, rng, ips[ni], version="2.20.5+cuda12.4")
        if ni == 0:
            L += ["06/02/2024 18:07:40 - INFO - __main__ - building LoRA model",
                  "trainable params: 16,777,216 || all params: 6,755,192,832 || trainable%: 0.2484"]
        for lr in range(8):
            r = ni * 8 + lr
            msg = ("RuntimeError: DDP expects same model across all ranks, but Rank 0 has 256 params, while rank 1 has inconsistent 0 params." if r == 0
                   else "RuntimeError: DDP expects same model across all ranks, but Rank %d has 0 params, while rank 0 has inconsistent 256 params." % r)
            tb = [
                "Traceback (most recent call last):",
                '  File "/workspace/bin/src/language_modeling/train.py", line 879, in <module>',
                "    main()",
                '  File "/workspace/bin/src/language_modeling/train.py", line 659, in main',
                "    model, optimizer, train_dataloader, lr_scheduler = accelerator.prepare(",
                '  File "/root/miniconda3/lib/python3.10/site-packages/accelerate/accelerator.py", line 1311, in prepare',
                "    result = tuple(",
                '  File "/root/miniconda3/lib/python3.10/site-packages/accelerate/accelerator.py", line 1312, in <genexpr>',
                "    self._prepare_one(obj, first_pass=True, device_placement=d) for obj, d in zip(args, device_placement)",
                '  File "/root/miniconda3/lib/python3.10/site-packages/accelerate/accelerator.py", line 1188, in _prepare_one',
                "    return self.prepare_model(obj, device_placement=device_placement)",
                '  File "/root/miniconda3/lib/python3.10/site-packages/accelerate/accelerator.py", line 1452, in prepare_model',
                "    model = torch.nn.parallel.DistributedDataParallel(",
                '  File "/root/miniconda3/lib/python3.10/site-packages/torch/nn/parallel/distributed.py", line 825, in __init__',
                "    _verify_param_shape_across_processes(self.process_group, parameters)",
                '  File "/root/miniconda3/lib/python3.10/site-packages/torch/distributed/utils.py", line 288, in _verify_param_shape_across_processes',
                "    return dist._verify_params_across_processes(process_group, tensors, logger)",
                msg,
            ]
            L += rtb(r, tb if lr in (0, 3) else tb[-1:])
        ft = add(t0, 71 + ni * 0.3)
        L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /root/miniconda3/bin/python" % (f_glog(ft, "E"), apid, pids[0]))
        L += torchrun_traceback(py="/root/miniconda3/lib/python3.10", launcher="/root/miniconda3/bin/accelerate")
        L += child_failed("train.py", dict(time=ft, host=host, rank=ni * 8, local_rank=0, exitcode=1, pid=pids[0]),
                          [dict(time=ft, host=host, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(1, 8)])
        b.add("%s/accelerate_launch.log" % host, L)
    b.set_label("user_code", "script", None, "stop",
                "DDP construction fails on all 16 ranks: rank 0 has 256 trainable LoRA tensors and every other rank 0, because the user's script wraps get_peft_model() inside `if accelerator.is_main_process:` after freezing the base model, so only rank 0 gets LoRA adapters; a deterministic bug in the training script.",
                "https://github.com/huggingface/accelerate/issues/1481")
    return b


def composer_batch(t, batch, total, bsz, seq, loss, sps, ndev, elapsed_h):
    return [
        "[batch=%d/%d]:" % (batch, total),
        "\t Train time/batch: %d" % (batch - 1),
        "\t Train time/sample: %d" % ((batch - 1) * bsz),
        "\t Train time/batch_in_epoch: %d" % (batch - 1),
        "\t Train time/sample_in_epoch: %d" % ((batch - 1) * bsz),
        "\t Train time/token: %d" % ((batch - 1) * bsz * seq),
        "\t Train time/token_in_epoch: %d" % ((batch - 1) * bsz * seq),
        "\t Train trainer/device_train_microbatch_size: 8",
        "\t Train loss/train/total: %.4f" % loss,
        "\t Train metrics/train/LanguageCrossEntropy: %.4f" % loss,
        "\t Train metrics/train/LanguagePerplexity: %.4f" % (2.718281828 ** loss),
        "\t Train throughput/batches_per_sec: %.4f" % (sps / bsz),
        "\t Train throughput/samples_per_sec: %.4f" % sps,
        "\t Train throughput/device/batches_per_sec: %.4f" % (sps / bsz / ndev),
        "\t Train throughput/device/samples_per_sec: %.4f" % (sps / ndev),
        "\t Train throughput/tokens_per_sec: %.1f" % (sps * seq),
        "\t Train throughput/device/tokens_per_sec: %.1f" % (sps * seq / ndev),
        "\t Train time/train: %.4f" % elapsed_h,
        "\t Train time/val: 0.0000",
        "\t Train time/total: %.4f" % elapsed_h,
        "\t Train lr-DecoupledAdamW/group0: %.4e" % 6e-4,
    ]


# ===========================================================================
# bn22  two nodes 8x slower than one: NCCL on sockets
# ===========================================================================

def case_bn22():
    b = Bundle("bn22_two_nodes_slower_than_one")
    rng = random.Random(6922)
    nodes = ["hgx-s1-07", "hgx-s1-08"]
    ips = ["10.88.1.7", "10.88.1.8"]
    job = 99312
    t0 = T(2023, 6, 15, 11, 0, 10, 0)
    b.add("launch_mpt1b.sh", [
        "#!/bin/bash",
        "#SBATCH -N 2 --gpus-per-node=8 --ntasks-per-node=1 -t 72:00:00 -J mpt-1b-rulm",
        "source /opt/envs/foundry/bin/activate",
        "# copied from ~/dev-box/run.sh (dev box has no IB; IB made NCCL hang there)",
        "export NCCL_IB_DISABLE=1",
        "export NCCL_SOCKET_IFNAME=eth0",
        "export NCCL_DEBUG=INFO",
        "MASTER=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)",
        "srun bash -c 'composer --world_size 16 --node_rank $SLURM_NODEID --master_addr '$MASTER' --master_port 29511 \\",
        "    train.py yamls/pretrain/mpt-1b-rulm-cluster.yaml train_loader.dataset.split=train eval_loader.dataset.split=val'",
    ])
    b.add("single_node_baseline.log", ["# job 99240, 1 node x 8 GPU, same yaml, same image (2023-06-14)"]
          + composer_batch(T(2023, 6, 14, 16, 2, 0), 400, 4800, 256, 2048, 3.9812, 331.7, 8, 0.3182)
          + composer_batch(T(2023, 6, 14, 16, 12, 0), 600, 4800, 256, 2048, 3.6120, 330.9, 8, 0.4771))
    b.add("squeue.txt", [
        "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
        "             %d       hgx mpt-1b-r  germanj  R    2:51:03      2 hgx-s1-[07-08]" % job,
    ])
    for ni, host in enumerate(nodes):
        pids = pids_for(51200 + ni * 88, 8, rng)
        L = ["Starting distributed environment on local node for global_rank(%s-%s)" % (ni * 8, ni * 8 + 7)]
        L += nccl_init(host, pids, list(range(8)), [ni * 8 + k for k in range(8)], 16, rng, ips[ni], ifname="eth0",
                       version="2.18.1+cuda12.1", ib_disabled=True, cuda_drv=12020)
        if ni == 0:
            L += ["******************************",
                  "Config:",
                  "enabled_algorithms/GradientClipping: true",
                  "node_name: unknown because NODENAME environment variable not set",
                  "num_gpus_per_node: 8",
                  "num_nodes: 2",
                  "rank_zero_seed: 17",
                  "******************************",
                  "Starting training..."]
            tt = add(t0, 300)
            for k, bt in enumerate(range(20, 420, 20)):
                tt = add(tt, 20 * 512 / 41.2)
                L += composer_batch(tt, bt, 4800, 512, 2048, 9.8 - 0.0135 * bt + rng.uniform(-0.03, 0.03), 41.2 * rng.uniform(0.97, 1.03), 16, (bt * 512 / 41.2) / 3600.0)
        b.add("%s/composer.log" % host, L)
        b.add("%s/ibstat.txt" % host, ibstat(8, guid_seed=ni + 7))
        b.add("%s/nvidia-smi.txt" % host, nvsmi_table(add(t0, 9000), 8, util=[31, 28, 35, 30, 27, 33, 29, 30],
                                                      power=[181, 176, 190, 178, 173, 186, 177, 180], temps=[41, 40, 42, 41, 39, 42, 40, 41],
                                                      mem=[50321 + k for k in range(8)], driver="535.54.03", cuda="12.2",
                                                      procs=[(g, pids[g], "/opt/envs/foundry/bin/python", 50210) for g in range(8)]))
        b.add("%s/sar_net.txt" % host, [
            "Linux 5.15.0-73-generic (%s) \t06/15/2023 \t_x86_64_\t(224 CPU)" % host,
            "",
            "01:41:01 PM     IFACE   rxpck/s   txpck/s    rxkB/s    txkB/s   rxcmp/s   txcmp/s  rxmcst/s   %ifutil",
        ] + ["01:4%d:01 PM      eth0 %9.2f %9.2f %9.2f %9.2f      0.00      0.00      0.00     %5.2f" % (k, 201331.4 + rng.uniform(-900, 900), 199874.2 + rng.uniform(-900, 900), 2891204.2 + rng.uniform(-9000, 9000), 2870193.1 + rng.uniform(-9000, 9000), 94.7 + rng.uniform(-1, 1)) for k in range(2, 8)]
           + ["01:4%d:01 PM   ibp26s0      0.00      0.00      0.00      0.00      0.00      0.00      0.00      0.00" % k for k in range(2, 5)])
    b.set_label("straggler", "script", None, "stop",
                "The 2-node run makes 41 samples/s (2.6 per GPU) against 331 samples/s on one node because the launch script exports NCCL_IB_DISABLE=1 (copied from a dev box), so NCCL uses 'network Socket' over a saturated eth0 while the 400 Gb IB ports are Active and idle; a job setting, not a fault.",
                "https://github.com/mosaicml/llm-foundry/issues/336")
    return b


# ===========================================================================
# bn23  one node's GPUs in HW thermal slowdown
# ===========================================================================

def nvsmi_q_clocks(host, gpu, temp, sm, hw_slow, thermal, power, slow_temp=87):
    return [
        "GPU 00000000:%s:00.0" % ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"][gpu],
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    Performance State                     : P0",
        "    Clocks Event Reasons",
        "        Idle                              : Not Active",
        "        Applications Clocks Setting       : Not Active",
        "        SW Power Cap                      : Not Active",
        "        HW Slowdown                       : %s" % ("Active" if hw_slow else "Not Active"),
        "            HW Thermal Slowdown           : %s" % ("Active" if thermal else "Not Active"),
        "            HW Power Brake Slowdown       : Not Active",
        "        Sync Boost                        : Not Active",
        "        SW Thermal Slowdown               : %s" % ("Active" if thermal else "Not Active"),
        "        Display Clock Setting             : Not Active",
        "    Temperature",
        "        GPU Current Temp                  : %d C" % temp,
        "        GPU T.Limit Temp                  : %d C" % (slow_temp - temp),
        "        GPU Shutdown Temp                 : 92 C",
        "        GPU Slowdown Temp                 : %d C" % slow_temp,
        "        GPU Max Operating Temp            : 85 C",
        "        Memory Current Temp               : %d C" % (temp + 6),
        "    GPU Power Readings",
        "        Power Draw                        : %.2f W" % power,
        "        Current Power Limit               : 700.00 W",
        "    Clocks",
        "        Graphics                          : %d MHz" % sm,
        "        SM                                : %d MHz" % sm,
        "        Memory                            : 2619 MHz",
        "    Max Clocks",
        "        Graphics                          : 1980 MHz",
        "        SM                                : 1980 MHz",
        "",
    ]


def case_bn23():
    b = Bundle("bn23_step_time_up_60_percent")
    rng = random.Random(6923)
    nodes = ["dgx-h100-%03d" % k for k in range(110, 118)]
    t0 = T(2024, 6, 10, 22, 0, 0, 0)
    slow_from = T(2024, 6, 11, 1, 40, 0, 0)
    L = []
    tt = add(t0, 420)
    step = 5200
    while tt < T(2024, 6, 11, 4, 10, 0):
        st = 4.11 if tt < slow_from else 6.82
        tt = add(tt, st * 25)
        step += 25
        L.append("Epoch 0: : %d/200000 [%s<?, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.3f]"
                 % (step, _hms((step - 5200) * 4.5), 2.31 - step * 2e-6 + rng.uniform(-0.01, 0.01), step, step * 1024, st * rng.uniform(0.99, 1.01)))
        if step % 500 == 0:
            L.append("[NeMo I %s straggler_det_callback:146] " % f_py(tt)[:19])
            L.append("    GPU relative performance:")
            if tt < slow_from:
                L.append("     Worst performing 5/64 ranks:")
                for r in rng.sample(range(64), 5):
                    L.append("      Rank=%d Node=%s Score=%.2f" % (r, nodes[r // 8], rng.uniform(0.95, 0.98)))
                L.append("    GPU individual performance:")
                L.append("     Worst performing 5/64 ranks:")
                for r in rng.sample(range(64), 5):
                    L.append("      Rank=%d Node=%s Score=%.2f" % (r, nodes[r // 8], rng.uniform(0.94, 0.98)))
                L.append("    Straggler report processing time: 0.011 sec.")
            else:
                L.append("     Worst performing 5/64 ranks:")
                for r, sc in zip((44, 41, 47, 40, 43), (0.58, 0.59, 0.60, 0.61, 0.61)):
                    L.append("      Rank=%d Node=dgx-h100-115 Score=%.2f" % (r, sc + rng.uniform(-0.01, 0.01)))
                L.append("    GPU individual performance:")
                L.append("     Worst performing 5/64 ranks:")
                for r, sc in zip((44, 41, 42, 47, 45), (0.55, 0.56, 0.57, 0.58, 0.58)):
                    L.append("      Rank=%d Node=dgx-h100-115 Score=%.2f" % (r, sc + rng.uniform(-0.01, 0.01)))
                L.append("    Straggler report processing time: 0.012 sec.")
                L.append("[NeMo W %s straggler_det_callback:171] STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. Affected ranks: [40, 41, 42, 43, 44, 45, 46, 47]" % f_py(tt)[:19])
    b.add("nemo_rank0.log", L)
    b.add("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                         "           4471093     batch nemo-gpt  llmteam  R    6:12:44      8 dgx-h100-[110-117]"])
    for ni, host in enumerate(nodes):
        if host == "dgx-h100-115":
            Q = ["==============NVSMI LOG==============", "Timestamp : %s" % f_date(T(2024, 6, 11, 4, 2, 0)), ""]
            for g in range(8):
                Q += nvsmi_q_clocks(host, g, 88 + (g % 4), 1095 + 15 * (g % 3), True, True, 402 + 11 * g)
            b.add("%s/nvidia-smi-q.txt" % host, Q)
            b.add("%s/ipmitool_sdr.txt" % host, [
                "$ ipmitool sdr type Fan",
            ] + ["FAN%d%s            | %02Xh | ok  | 29.%d | %d RPM" % (k // 2 + 1, "AB"[k % 2], 0x30 + k, k, 11200 + 40 * k) for k in range(10)] + [
                "FAN6A            | 3Ah | cr  | 29.10 | 0 RPM",
                "FAN6B            | 3Bh | cr  | 29.11 | 0 RPM",
                "",
                "$ ipmitool sel list | tail -4",
                "  3a1 | 06/11/2024 | 01:31:52 | Fan FAN6A | Lower Critical going low  | Asserted",
                "  3a2 | 06/11/2024 | 01:31:52 | Fan FAN6B | Lower Critical going low  | Asserted",
                "  3a3 | 06/11/2024 | 01:38:40 | Temperature GPU_TEMP_5 | Upper Non-critical going high | Asserted",
                "  3a4 | 06/11/2024 | 01:39:02 | Temperature GPU_TEMP_1 | Upper Non-critical going high | Asserted",
            ])
            dm, _ = dmesg_boot_noise(T(2024, 6, 1, 4, 0, 0), host, rng, n=30)
            b.add("%s/dmesg.txt" % host, dm)
        elif host in ("dgx-h100-112", "dgx-h100-116"):
            Q = ["==============NVSMI LOG==============", "Timestamp : %s" % f_date(T(2024, 6, 11, 4, 3, 0)), ""]
            for g in range(8):
                Q += nvsmi_q_clocks(host, g, 61 + (g % 5), 1980, False, False, 655 + 4 * g)
            b.add("%s/nvidia-smi-q.txt" % host, Q)
            dm, _ = dmesg_boot_noise(T(2024, 6, 1, 4, 0, 0), host, rng, n=30)
            if host == "dgx-h100-116":
                dm.append("%s NVRM: Xid (PCI:0000:9a:00): 13, pid=881201, name=python, Graphics Exception: ESR 0x51e730=0x201000e 0x51e734=0x0" % f_dmesg(T(2024, 6, 4, 10, 12, 40)))
            b.add("%s/dmesg.txt" % host, dm)
    b.set_label("straggler", "infrastructure", {"node": "dgx-h100-115", "rank": None}, "restart_without_node",
                "Step time went from 4.1 s to 6.8 s at 01:40 and NeMo's straggler detector names only dgx-h100-115's ranks 40-47 (score ~0.6); that node's GPUs show HW/SW thermal slowdown at 88-91 C with SM clocks ~1100 MHz, and IPMI shows fans FAN6A/6B at 0 RPM since 01:31; other nodes run at 1980 MHz.",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return b


# ===========================================================================
# bn24  NCCL IB completion errors; one node's HCA port went down
# ===========================================================================

def case_bn24():
    b = Bundle("bn24_nccl_remote_error_mid_run")
    rng = random.Random(6924)
    nodes = ["gpu-e06", "gpu-e07", "gpu-e08", "gpu-e09"]
    ips = ["10.20.3.%d" % k for k in (6, 7, 8, 9)]
    job = 640112
    t0 = T(2024, 2, 7, 13, 0, 5, 0)
    ev = T(2024, 2, 7, 19, 52, 41, 0)
    for ni, host in enumerate(nodes):
        apid = 70001 + ni * 19
        pids = pids_for(apid + 16, 8, rng)
        L = torchrun_header(t0, apid, 4, 8, str(job), "gpu-e06:29500", "pretrain_gpt.py", verbose=False)
        L += nccl_init(host, pids, list(range(8)), [ni * 8 + k for k in range(8)], 32, rng, ips[ni], version="2.19.3+cuda12.3", hcas=4, ifname="bond0")
        if ni == 0:
            its, tt = megatron_iters(add(t0, 260), 1, 9640, 60000, 2390.0, rng, loss0=4.1, lr=3e-4, gbs=512, every=40)
            L += its
        # IB errors
        if host == "gpu-e09":
            for k in (0, 4):
                L.append("%s:%d:%d [%d] NCCL INFO NET/IB : Got async event : port error" % (host, pids[k], pids[k] + 140, k))
            for k in (2, 3):
                L.append("")
                L.append("%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=IBV_WC_WR_FLUSH_ERR(5) opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_2" % (host, pids[k], pids[k] + 141, k, ips[1], 41112 + k, ips[3], ips[1]))
        else:
            for k in (2, 3) if ni != 2 else (2,):
                L.append("")
                L.append("%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=IBV_WC_RETRY_EXC_ERR(12) opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_2" % (host, pids[k], pids[k] + 141, k, ips[3], 45012 + k, ips[ni], ips[3]))
        r = ni * 8 + 2
        lastmsg = "NET/IB : Got completion from peer %s<%d> with status=IBV_WC_%s opcode=0 len=0 vendor err %s" % (
            ips[3] if ni != 3 else ips[1], 45014, "RETRY_EXC_ERR(12)" if ni != 3 else "WR_FLUSH_ERR(5)", "129" if ni != 3 else "249")
        L += nccl_remote_error(add(ev, 0.9 + ni * 0.2), r, 291123, "ALLREDUCE", 76546048, "", version="2.19.3", last=lastmsg)
        ft = add(ev, 2.5 + ni * 0.3)
        L += sigterm_lines(add(ft, 0.2), apid, [p for k, p in enumerate(pids) if k != 2])
        L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: 2 (pid: %d) of binary: /opt/conda/bin/python3.10" % (f_glog(add(ft, 1.0), "E"), apid, pids[2]))
        L += torchrun_traceback()
        L += child_failed("pretrain_gpt.py", dict(time=ft, host=host, rank=r, local_rank=2, exitcode=-6, pid=pids[2]))
        b.add("%s/torchrun.log" % host, L)
        b.add("%s/ibstat.txt" % host, ibstat(4, guid_seed=ni + 30, down={2: ("Down", "Polling")} if host == "gpu-e09" else None))
        dm, _ = dmesg_boot_noise(T(2024, 1, 30, 8, 0, 0), host, rng, n=30)
        if host == "gpu-e09":
            dm += [
                "%s mlx5_core 0000:4b:00.0: Port module event[error]: module 2, Cable error, High Temperature" % f_dmesg(add(ev, -3)),
                "%s mlx5_core 0000:4b:00.0 ibp75s0: Link down" % f_dmesg(add(ev, -1)),
                "%s mlx5_core 0000:4b:00.0: mlx5_port_module_event:1141:(pid 0): Port module event[error]: module 2, Cable error, Bus stuck (I2C or data shorted)" % f_dmesg(add(ev, 40)),
                "%s mlx5_core 0000:4b:00.0 ibp75s0: Link up" % f_dmesg(add(ev, 96)),
                "%s mlx5_core 0000:4b:00.0 ibp75s0: Link down" % f_dmesg(add(ev, 101)),
            ]
        if host == "gpu-e07":
            dm.append("%s mlx5_core 0000:1a:00.0: mlx5_fw_tracer_handle_traces:740:(pid 4102): FWTracer: Events were lost" % f_dmesg(T(2024, 2, 3, 2, 11, 9)))
        b.add("%s/dmesg.txt" % host, dm)
    b.add("gpu-e09/perfquery_mlx5_2.txt", [
        "# Port extended counters: Lid 28 port 1 (CapMask: 0x5A00)",
        "PortXmitData:....................731204412290",
        "PortRcvData:.....................729988100122",
        "# Port counters: Lid 28 port 1",
        "SymbolErrorCounter:..............65535",
        "LinkErrorRecoveryCounter:........255",
        "LinkDownedCounter:...............14",
        "PortRcvErrors:...................2291",
        "PortRcvRemotePhysicalErrors:.....0",
        "PortXmitDiscards:................1120",
        "LocalLinkIntegrityErrors:........9",
        "ExcessiveBufferOverrunErrors:....0",
    ])
    b.set_label("network", "infrastructure", {"node": "gpu-e09", "rank": None}, "restart_without_node",
                "Every peer reports NET/IB completion errors (RETRY_EXC_ERR 12, vendor err 129) toward 10.20.3.9 via mlx5_2, and gpu-e09's own log shows 'port error' async events; its dmesg has a module 2 cable error and link flapping, ibstat shows mlx5_2 Down/Polling with saturated symbol and link-down counters; one node's HCA port/cable.",
                "https://github.com/pytorch/pytorch/issues/81628")
    return b


# ===========================================================================
# bn25  GPU fell off the bus; everyone else times out 30 min later
# ===========================================================================

def case_bn25():
    b = Bundle("bn25_watchdog_timeouts_all_nodes")
    rng = random.Random(6925)
    nodes = ["gpu-m11", "gpu-m12", "gpu-m13", "gpu-m14"]
    ips = ["10.61.0.%d" % k for k in (11, 12, 13, 14)]
    job = 1410092
    t0 = T(2024, 1, 2, 19, 0, 31, 0)
    xt = T(2024, 1, 3, 0, 41, 7, 0)
    to = add(xt, 1800.3)
    for ni, host in enumerate(nodes):
        apid = 90100 + ni * 71
        pids = pids_for(apid + 9, 8, rng)
        L = torchrun_header(t0, apid, 4, 8, str(job), "gpu-m11:29500", "train_fsdp_hf.py", verbose=False)
        L += nccl_init(host, pids, list(range(8)), [ni * 8 + k for k in range(8)], 32, rng, ips[ni], version="2.19.3+cuda12.3")
        if ni == 0:
            pr, tt = hf_progress(add(t0, 240), 1, 2400, 9000, 8.4, rng, loss0=2.2, every=25, lr0=1e-5, epoch_per_step=0.00011)
            L += [x for x in pr if "{" in x or int(x.split("/")[0].split()[-1].split("|")[-1] if "|" in x else 0) % 50 == 0]
        if host == "gpu-m14":
            e = f_c10d(add(xt, 0.6), "E", 26)
            L += ["[rank26]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank 26] Process group watchdog thread terminated with exception: CUDA error: unknown error" % e,
                  "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                  "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                  "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                  "",
                  "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
                  "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f55a096c446 in %s/torch/lib/libc10.so)" % SP,
                  "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f55a09166e4 in %s/torch/lib/libc10.so)" % SP,
                  "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f55a0a58a18 in %s/torch/lib/libc10_cuda.so)" % SP,
                  "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f5551c1b726 in %s/torch/lib/libtorch_cuda.so)" % SP,
                  "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (0x7f5551c203f0 in %s/torch/lib/libtorch_cuda.so)" % SP,
                  "frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da (0x7f5551c2755a in %s/torch/lib/libtorch_cuda.so)" % SP,
                  "",
                  "terminate called after throwing an instance of 'c10::DistBackendError'",
                  "  what():  [PG ID 0 PG GUID 0(default_pg) Rank 26] Process group watchdog thread terminated with exception: CUDA error: unknown error"]
        for lr in range(8):
            r = ni * 8 + lr
            if r == 26:
                continue
            w = watchdog_timeout(add(to, rng.uniform(0, 1.2)), r, 1441208, "_ALLGATHER_BASE", 33030144, 1800000, 1800000 + rng.randint(20, 700), numel_out=33030144 * 32)
            L += w[:5] if lr % 3 else w
        if host == "gpu-m14":
            L += sigterm_lines(add(to, 1.5), apid, [p for k, p in enumerate(pids) if k != 1])
            L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:921] Unable to shutdown process %d via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL" % (f_glog(add(to, 31.6), "W"), apid, pids[2]))
            flr = 1
        else:
            flr = 3 if ni == 0 else rng.choice([0, 4, 6])
            L += sigterm_lines(add(to, 1.1), apid, [p for k, p in enumerate(pids) if k != flr])
        ft = add(to, 0.9)
        L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /opt/conda/bin/python3.10" % (f_glog(add(to, 1.4), "E"), apid, flr, pids[flr]))
        L += torchrun_traceback()
        oth = None
        if host == "gpu-m14":
            oth = [dict(time=add(to, 31.7), host=host, rank=26, local_rank=2, exitcode=-9, pid=pids[2])]
        L += child_failed("train_fsdp_hf.py", dict(time=ft, host=host, rank=ni * 8 + flr, local_rank=flr, exitcode=-6, pid=pids[flr]), oth)
        b.add("%s/torchrun.log" % host, L)
        dm, _ = dmesg_boot_noise(T(2023, 12, 20, 9, 0, 0), host, rng, n=30, driver="535.129.03")
        if host == "gpu-m14":
            dm += [
                "%s pcieport 0000:38:01.0: AER: Uncorrected (Fatal) error received: 0000:3a:00.0" % f_dmesg(add(xt, -1)),
                "%s nvidia 0000:3a:00.0: AER: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Requester ID)" % f_dmesg(add(xt, -1)),
                "%s nvidia 0000:3a:00.0: AER:   device [10de:2330] error status/mask=00004000/00000000" % f_dmesg(add(xt, -1)),
                "%s nvidia 0000:3a:00.0: AER:    [14] CmpltTO                (First)" % f_dmesg(add(xt, -1)),
                "%s NVRM: GPU at PCI:0000:3a:00: GPU-2a4b9c1e-5d0f-6a7b-8c9d-0e1f2a3b4c5d" % f_dmesg(xt),
                "%s NVRM: GPU Board Serial Number: 1652923018812" % f_dmesg(xt),
                "%s NVRM: Xid (PCI:0000:3a:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." % f_dmesg(xt),
                "%s NVRM: GPU 0000:3a:00.0: GPU has fallen off the bus." % f_dmesg(xt),
                "%s NVRM: A GPU crash dump has been created. If possible, please run" % f_dmesg(add(xt, 1)),
                "%s NVRM: nvidia-bug-report.sh as root to collect this data before" % f_dmesg(add(xt, 1)),
                "%s NVRM: the NVIDIA kernel module is unloaded." % f_dmesg(add(xt, 1)),
                "%s INFO: task python3.10:%d blocked for more than 122 seconds." % (f_dmesg(add(xt, 245)), pids[2]),
                "%s       Tainted: P           OE     5.15.0-91-generic #101-Ubuntu" % f_dmesg(add(xt, 245)),
                "%s \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message." % f_dmesg(add(xt, 245)),
            ]
        if host == "gpu-m12":
            dm.append("%s NVRM: Xid (PCI:0000:9a:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 2, TPC 1, SM 0): Out Of Range Address" % f_dmesg(T(2023, 12, 27, 14, 3, 22)))
        b.add("%s/dmesg.txt" % host, dm)
    b.add("gpu-m14/nvidia-smi.txt", ["$ nvidia-smi", "Unable to determine the device handle for GPU0000:3A:00.0: Unknown Error"])
    b.add("gpu-m11/nvidia-smi.txt", nvsmi_table(add(to, 200), 8, driver="535.129.03", cuda="12.2"))
    b.set_label("gpu_hardware", "infrastructure", {"node": "gpu-m14", "rank": 26}, "restart_without_node",
                "At 00:41 gpu-m14's GPU 0000:3a:00 (local 2, rank 26) logs a fatal PCIe AER then Xid 79 'GPU has fallen off the bus', rank 26's watchdog fails with 'CUDA error: unknown error' and its process hangs; everyone else only times out 30 minutes later, so every node's ChildFailedError 'Root Cause' (e.g. rank 3 on gpu-m11) is sympathetic.",
                "https://github.com/rwth-i6/returnn/issues/1486")
    return b


# ===========================================================================
# bn26  resume from checkpoint: Lustre OST eviction during the read
# ===========================================================================

def case_bn26():
    b = Bundle("bn26_resume_read_errors_several_ranks")
    rng = random.Random(6926)
    nodes = ["lc-g%04d" % k for k in range(211, 217)]
    ips = ["10.50.8.%d" % k for k in range(211, 217)]
    job = 7730412
    t0 = T(2024, 3, 14, 3, 9, 40, 0)
    ev = T(2024, 3, 14, 3, 12, 31, 0)
    ck = "/lustre/scratch/proj-nlp/ckpt/gpt-3b/iter_0042000"
    b.add("lustre_status.txt", [
        "From: storage-ops",
        "Subject: [resolved] scratch OST0012 failover 03:12-03:19 UTC",
        "",
        "oss06 (serving scratch-OST0010..0013) hit an HBA reset at 03:12 UTC; OSTs failed over to oss05",
        "and recovery completed at 03:19 UTC. Clients that had I/O in flight to OST0012 were evicted and",
        "got EIO/ESTALE on open files. No data loss. Jobs reading from /lustre/scratch in that window",
        "should be resubmitted.",
    ])
    b.add("sacct.txt", sacct(job, "gpt3b-resume", "gpu", "nlp", 768, "FAILED", "1:0", [
        ("batch", "batch", 128, "FAILED", "1:0"), ("extern", "extern", 768, "COMPLETED", "0:0"), ("0", "torchrun", 768, "FAILED", "1:0")]))
    victims = {1: [12], 3: [27, 29], 4: [35]}
    for ni, host in enumerate(nodes):
        apid = 33201 + ni * 45
        pids = pids_for(apid + 7, 8, rng)
        L = torchrun_header(t0, apid, 6, 8, str(job), "lc-g0211:29500", "pretrain_gpt.py", verbose=False)
        L += nccl_init(host, pids, list(range(8)), [ni * 8 + k for k in range(8)], 48, rng, ips[ni], version="2.18.5+cuda12.2")
        if ni == 0:
            L += [" loading checkpoint from %s at iteration 42000" % ck.rsplit("/", 1)[0]]
        for r in victims.get(ni, []):
            if r == 27:
                msg = ["RuntimeError: read(): fd 33 failed with Stale file handle"]
            else:
                msg = ["OSError: [Errno 5] Input/output error"]
            L += rtb(r, [
                "Traceback (most recent call last):",
                '  File "/home/nlp/Megatron-LM/pretrain_gpt.py", line 233, in <module>',
                "    pretrain(train_valid_test_datasets_provider,",
                '  File "/home/nlp/Megatron-LM/megatron/training/training.py", line 250, in pretrain',
                "    model, optimizer, opt_param_scheduler = setup_model_and_optimizer(",
                '  File "/home/nlp/Megatron-LM/megatron/training/training.py", line 560, in setup_model_and_optimizer',
                "    args.iteration, args.num_floating_point_operations_so_far = load_checkpoint(",
                '  File "/home/nlp/Megatron-LM/megatron/training/checkpointing.py", line 826, in load_checkpoint',
                "    state_dict, checkpoint_name, release = _load_base_checkpoint(",
                '  File "/home/nlp/Megatron-LM/megatron/training/checkpointing.py", line 591, in _load_base_checkpoint',
                "    state_dict = torch.load(checkpoint_name, map_location='cpu')",
                '  File "%s/torch/serialization.py", line 1025, in load' % SP,
                "    return _load(opened_zipfile,",
                '  File "%s/torch/serialization.py", line 1446, in _load' % SP,
                "    result = unpickler.load()",
                '  File "%s/torch/serialization.py", line 1416, in persistent_load' % SP,
                "    typed_storage = load_tensor(dtype, nbytes, key, _maybe_decode_ascii(location))",
                '  File "%s/torch/serialization.py", line 1381, in load_tensor' % SP,
                "    storage = zip_file.get_storage_from_record(name, numel, torch.UntypedStorage)._typed_storage()._untyped_storage",
            ] + msg)
        if ni in victims:
            ft = add(ev, 3 + ni)
            flr = victims[ni][0] - ni * 8
            L += sigterm_lines(add(ft, 0.3), apid, [p for k, p in enumerate(pids) if k != flr])
            L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /opt/conda/bin/python3.10" % (f_glog(add(ft, 1), "E"), apid, flr, pids[flr]))
            L += torchrun_traceback()
            L += child_failed("pretrain_gpt.py", dict(time=ft, host=host, rank=victims[ni][0], local_rank=flr, exitcode=1, pid=pids[flr]),
                              [dict(time=add(ft, 0.2), host=host, rank=r, local_rank=r - ni * 8, exitcode=1, pid=pids[r - ni * 8]) for r in victims[ni][1:]])
        else:
            r = ni * 8 + 1
            ft = add(ev, 9 + ni)
            L += nccl_remote_error(ft, r, 3, "BROADCAST", 1, "lc-g0212<%d>" % (40211 + ni), version="2.18.5")[:4]
            L += sigterm_lines(add(ft, 0.3), apid, [p for k, p in enumerate(pids) if k != 1])
            L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: 1 (pid: %d) of binary: /opt/conda/bin/python3.10" % (f_glog(add(ft, 1), "E"), apid, pids[1]))
            L += torchrun_traceback()
            L += child_failed("pretrain_gpt.py", dict(time=ft, host=host, rank=r, local_rank=1, exitcode=-6, pid=pids[1]))
        b.add("%s/torchrun.log" % host, L)
        dm, _ = dmesg_boot_noise(T(2024, 3, 1, 6, 0, 0), host, rng, n=28)
        oid = "ffff9a3c0d4e%04x" % (0x8800 + ni * 0x40)
        dm += [
            "%s Lustre: 2901:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent 1710385951/real 1710385951]  req@00000000%s x1792034411%06d/t0(0) o3->scratch-OST0012-osc-%s@10.50.0.12@o2ib:6/4 lens 488/432 e 0 to 1 dl 1710385958 ref 2 fl Rpc:Xr/0/ffffffff rc 0/-1 job:''" % (f_dmesg(add(ev, -7)), hexid(rng, 8), rng.randint(0, 999999), oid),
            "%s Lustre: scratch-OST0012-osc-%s: Connection to scratch-OST0012 (at 10.50.0.12@o2ib) was lost; in progress operations using this service will wait for recovery to complete" % (f_dmesg(add(ev, -7)), oid),
            "%s LustreError: 11-0: scratch-OST0012-osc-%s: operation ost_read to node 10.50.0.12@o2ib failed: rc = -107" % (f_dmesg(add(ev, -2)), oid),
            "%s LustreError: 167-0: scratch-OST0012-osc-%s: This client was evicted by scratch-OST0012; in progress operations using this service will fail." % (f_dmesg(ev), oid),
            "%s LustreError: 3091:0:(ldlm_resource.c:1125:ldlm_resource_complain()) scratch-OST0012-osc-%s: namespace resource [0x2c0000402:0x1b2f9a:0x0].0x0 (0000000021d3c8e1) refcount nonzero (1) after lock cleanup; forcing cleanup." % (f_dmesg(add(ev, 1)), oid),
            "%s Lustre: scratch-OST0012-osc-%s: Connection restored to 10.50.0.13@o2ib (at 10.50.0.13@o2ib)" % (f_dmesg(add(ev, 410)), oid),
        ]
        b.add("%s/dmesg.txt" % host, dm)
    b.add("lc-g0211/lfs_check.txt", [
        "$ lfs check osts | grep -v active",
        "$ lfs check osts | grep OST001",
        "scratch-OST0010-osc-ffff9a3c0d4e8800 active.",
        "scratch-OST0011-osc-ffff9a3c0d4e8800 active.",
        "scratch-OST0012-osc-ffff9a3c0d4e8800 active.",
        "scratch-OST0013-osc-ffff9a3c0d4e8800 active.",
        "$ python -c \"import torch; torch.load('%s/mp_rank_00_012/model_optim_rng.pt', map_location='cpu'); print('ok')\"" % ck,
        "ok",
    ])
    b.set_label("storage", "infrastructure", None, "restart",
                "While loading the iteration-42000 checkpoint, ranks on three different nodes get EIO / 'Stale file handle' from torch.load; every node's kernel log shows the same Lustre OST0012 connection loss and client eviction at 03:12 and recovery at 03:19, confirmed by storage-ops as an OSS failover; the file reads fine afterwards, so a transient shared-storage fault.",
                "https://github.com/pytorch/pytorch/issues/45826")
    return b


# ===========================================================================
# bn27  node lost mid-run: fatal machine check
# ===========================================================================

def case_bn27():
    b = Bundle("bn27_node_failure_mid_training")
    rng = random.Random(6927)
    nodes = ["cn-%04d" % k for k in range(211, 219)]
    ips = ["10.2.2.%d" % k for k in range(211, 219)]
    job = 4410221
    t0 = T(2024, 5, 29, 21, 0, 12, 0)
    crash = T(2024, 5, 30, 3, 40, 12, 0)
    dead = "cn-0217"
    b.add("slurmctld.log", [
        "[2024-05-29T21:00:09.114] sched: Allocate JobId=%d NodeList=cn-[0211-0218] #CPUs=1024 Partition=gpu" % job,
        "[2024-05-30T02:11:40.551] _slurm_rpc_submit_batch_job: JobId=4410390 InitPrio=18112 usec=912",
        "[2024-05-30T03:41:52.008] error: Nodes cn-0217 not responding",
        "[2024-05-30T03:43:32.411] error: Nodes cn-0217 not responding, setting DOWN",
        "[2024-05-30T03:43:32.412] Killing JobId=%d on failed node cn-0217" % job,
        "[2024-05-30T03:43:32.413] update_node: node cn-0217 reason set to: Not responding",
        "[2024-05-30T03:43:32.413] update_node: node cn-0217 state set to DOWN",
        "[2024-05-30T03:43:33.902] _job_complete: JobId=%d WTERMSIG 9" % job,
        "[2024-05-30T03:43:33.903] _job_complete: JobId=%d done" % job,
        "[2024-05-30T03:52:18.550] Node cn-0217 now responding",
        "[2024-05-30T03:52:18.551] node cn-0217 returned to service (reason: Not responding)  -- held DOWN by admin: reason='MCE panic, HW ticket 55210'",
    ])
    b.add("sacct.txt", sacct(job, "nemo-gpt-40b", "gpu", "llm", 1024, "NODE_FAIL", "0:0", [
        ("batch", "batch", 128, "CANCELLED", "0:9"), ("extern", "extern", 1024, "CANCELLED", "0:9"), ("0", "python", 1024, "CANCELLED", "0:9")]))
    S = ["[NeMo I 2024-05-29 21:02:01 exp_manager:396] Experiments will be logged at /lustre/llm/results/nemo-gpt-40b/2024-05-29_21-02-01"]
    its, tt = megatron_iters(add(t0, 300), 88001, 9050, 300000, 2640.0, rng, loss0=1.84, lr=9.5e-5, gbs=1536, every=50)
    S += its
    for r in (3, 12, 27, 35, 44, 50, 60):
        if 48 <= r < 56:
            continue
        S += nccl_remote_error(add(crash, 1.1 + r * 0.01), r, 2655001, "_REDUCE_SCATTER_BASE", 201326592, "%s<%d>" % (ips[6], 51000 + r), version="2.20.3",
                               last="NET/IB : Got completion from peer")[:4]
        S[-1] = "NET/IB : Got completion from peer %s<%d> with status=IBV_WC_RETRY_EXC_ERR(12) opcode=0 len=0 vendor err 129" % (ips[6], 51000 + r)
    S += ["srun: error: Node failure on cn-0217",
          "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
          "slurmstepd: error: *** STEP %d.0 ON cn-0211 CANCELLED AT 2024-05-30T03:43:32 DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % job,
          "srun: error: cn-0211: tasks 0-7: Killed",
          "srun: error: cn-0212: tasks 8-15: Killed",
          "srun: error: cn-0213: tasks 16-23: Killed",
          "srun: error: cn-0214: tasks 24-31: Killed",
          "srun: error: cn-0215: tasks 32-39: Killed",
          "srun: error: cn-0216: tasks 40-47: Killed",
          "srun: error: cn-0218: tasks 56-63: Killed",
          "srun: Force Terminated StepId=%d.0" % job]
    b.add("slurm-%d.out" % job, S)
    for ni, host in enumerate(nodes):
        if host == dead:
            K = []
            tk = T(2024, 5, 30, 3, 31, 0)
            K.append("-- Journal begins at Tue 2024-03-19 11:02:41 UTC, ends at Thu 2024-05-30 03:40:12 UTC. --")
            for k in range(12):
                K.append("%s %s kernel: EDAC skx MC3: HANDLING MCE MEMORY ERROR" % (f_sys(add(tk, 40 * k)), host) if k % 4 == 0 else
                         "%s %s kernel: mce: [Hardware Error]: Machine check events logged" % (f_sys(add(tk, 40 * k)), host) if k % 4 == 1 else
                         "%s %s kernel: EDAC MC3: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3ff3c02 offset:0xcc0 grain:32 syndrome:0x0 - err_code:0x0000:0x0090 SystemAddress:0x3ff3c02cc0 ProcessorSocketId:0x1 MemoryControllerId:0x1 ChannelAddress:0x7fe780cc0 ChannelId:0x0 RankAddress:0x3ff3c0cc0 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x1ff9e Column:0x198 Bank:0x1 BankGroup:0x2 ChipSelect:0x0 ChipId:0x0)" % (f_sys(add(tk, 40 * k)), host) if k % 4 == 2 else
                         "%s %s kernel: {%d}[Hardware Error]: Hardware error from APEI Generic Hardware Error Source: 0" % (f_sys(add(tk, 40 * k)), host, k))
            K += [
                "%s %s kernel: mce: [Hardware Error]: CPU 37: Machine Check Exception: 5 Bank 13: be00000000800400" % (f_sys(crash), host),
                "%s %s kernel: mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff8a2c53f1> {native_safe_halt+0x11/0x20}" % (f_sys(crash), host),
                "%s %s kernel: mce: [Hardware Error]: TSC 4d1f7f0e8b2a ADDR 3ff3c02cc0 MISC 9022020a0086 " % (f_sys(crash), host),
                "%s %s kernel: mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1717040412 SOCKET 1 APIC 4b microcode 2b000571" % (f_sys(crash), host),
                "%s %s kernel: mce: [Hardware Error]: Run the above through 'mcelog --ascii'" % (f_sys(crash), host),
                "%s %s kernel: mce: [Hardware Error]: Machine check: Processor context corrupt" % (f_sys(crash), host),
                "%s %s kernel: Kernel panic - not syncing: Fatal machine check" % (f_sys(crash), host),
                "%s %s kernel: Kernel Offset: 0x9000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)" % (f_sys(crash), host),
            ]
            b.add("%s/journalctl_-k_-b_-1.txt" % host, K)
            b.add("%s/ipmitool_sel.txt" % host, [
                "  1a | 05/30/2024 | 03:31:00 | Memory #0x87 | Correctable ECC | Asserted",
                "  1b | 05/30/2024 | 03:33:40 | Memory #0x87 | Correctable ECC logging limit reached | Asserted",
                "  1c | 05/30/2024 | 03:40:12 | Processor #0x2f | IERR | Asserted",
                "  1d | 05/30/2024 | 03:40:12 | Critical Interrupt #0x14 | Bus Uncorrectable error | Asserted",
                "  1e | 05/30/2024 | 03:40:40 | System Event #0x8e | Timestamp Clock Sync | Asserted",
                "  1f | 05/30/2024 | 03:49:02 | System ACPI Power State #0x8a | S0/G0: working | Asserted",
            ])
        else:
            dm, _ = dmesg_boot_noise(T(2024, 5, 20, 6, 0, 0), host, rng, n=28)
            if host == "cn-0213":
                dm.append("%s EDAC MC1: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0x1a2c71 offset:0x400 grain:32 syndrome:0x0 - err_code:0x0000:0x009f)" % f_dmesg(T(2024, 5, 26, 9, 40, 11)))
            b.add("%s/dmesg.txt" % host, dm)
    b.set_label("host", "infrastructure", {"node": "cn-0217", "rank": None}, "restart_without_node",
                "cn-0217 logged a burst of corrected memory errors then 'Machine Check Exception ... Processor context corrupt' and 'Kernel panic - not syncing: Fatal machine check' at 03:40:12 (SEL: IERR, bus uncorrectable); slurmctld marks it not responding and NODE_FAIL, and all other ranks only report IB completion errors toward its address; the single CE on cn-0213 days earlier is unrelated.",
                "https://github.com/pytorch/pytorch/issues/150916")
    return b


# ===========================================================================
# bn28  rendezvous never completes: --nnodes larger than the allocation
# ===========================================================================

def case_bn28():
    b = Bundle("bn28_rendezvous_timeout_at_start")
    rng = random.Random(6928)
    nodes = ["gn-103", "gn-104", "gn-105"]
    job = 301772
    t0 = T(2023, 9, 6, 14, 20, 3, 0)
    b.add("run_dist_7b_sft.sh", [
        "#!/bin/bash",
        "#SBATCH --job-name=alpaca2-7b-sft",
        "#SBATCH --nodes=3",
        "#SBATCH --ntasks-per-node=1",
        "#SBATCH --gres=gpu:8",
        "#SBATCH --time=48:00:00",
        "",
        "NNODES=4            # TODO: 4 nodes once gn-106 is back",
        "MASTER=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)",
        "srun torchrun --nnodes ${NNODES} --nproc_per_node 8 \\",
        "    --rdzv_backend c10d --rdzv_endpoint ${MASTER}:29400 --rdzv_id ${SLURM_JOB_ID} \\",
        "    run_clm_sft_with_peft.py --deepspeed ds_zero2_no_offload.json --model_name_or_path /models/chinese-alpaca-2-7b",
    ])
    b.add("scontrol_show_job.txt", [
        "JobId=%d JobName=alpaca2-7b-sft" % job,
        "   JobState=FAILED Reason=NonZeroExitCode Dependency=(null)",
        "   RunTime=00:15:07 TimeLimit=2-00:00:00 TimeMin=N/A",
        "   NodeList=gn-[103-105]",
        "   BatchHost=gn-103",
        "   NumNodes=3 NumCPUs=288 NumTasks=3 CPUs/Task=96 ReqB:S:C:T=0:0:*:*",
        "   TRES=cpu=288,mem=1500G,node=3,billing=288,gres/gpu=24",
    ])
    b.add("sinfo_gn.txt", [
        "PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST",
        "a800*        up 7-00:00:00      3  alloc gn-[103-105]",
        "a800*        up 7-00:00:00      1  drain gn-106",
        "a800*        up 7-00:00:00      4   idle gn-[107-110]",
    ])
    te = add(t0, 900.4)
    for ni, host in enumerate(nodes):
        apid = 55012 + ni * 23
        L = ["master_addr is only used for static rdzv_backend and when rdzv_endpoint is not specified."]
        L += torchrun_header(t0, apid, 4, 8, str(job), "gn-103:29400", "run_clm_sft_with_peft.py")
        g = f_glog(add(t0, 0.2), "I")
        if ni == 0:
            L.append("%s %d torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py:162] Process %d hosts the TCP store for the C10d rendezvous backend." % (g, apid, apid))
        L.append("%s %d torch/distributed/elastic/agent/server/api.py:840] [default] starting workers for entrypoint: python" % (g, apid))
        L.append("%s %d torch/distributed/elastic/agent/server/api.py:677] [default] Rendezvous'ing worker group" % (g, apid))
        L.append("%s %d torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1146] The node '%s_%d_0' attempts to join the next round of the rendezvous '%d'." % (f_glog(add(t0, 0.3 + ni), "I"), apid, host, apid, job))
        L.append("%s %d torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1203] The node '%s_%d_0' has failed to join the rendezvous '%d' round 0: timeout." % (f_glog(add(te, ni * 0.7), "E"), apid, host, apid, job))
        L.append("%s %d torch/distributed/elastic/multiprocessing/errors/error_handler.py:67] {" % (f_glog(add(te, ni * 0.7 + 0.01), "E"), apid))
        L += ['  "message": {',
              '    "message": "RendezvousTimeoutError: ",',
              '    "extraInfo": {',
              '      "py_callstack": "Traceback (most recent call last):\\n  File \\"/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py\\", line 346, in wrapper\\n    return f(*args, **kwargs)\\n  File \\"/opt/conda/lib/python3.10/site-packages/torch/distributed/run.py\\", line 794, in main\\n    run(args)\\n  File \\"/opt/conda/lib/python3.10/site-packages/torch/distributed/run.py\\", line 785, in run\\n    elastic_launch(\\n  File \\"/opt/conda/lib/python3.10/site-packages/torch/distributed/launcher/api.py\\", line 134, in __call__\\n    return launch_agent(self._config, self._entrypoint, list(args))\\n  File \\"/opt/conda/lib/python3.10/site-packages/torch/distributed/launcher/api.py\\", line 241, in launch_agent\\n    result = agent.run()\\n  File \\"/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/agent/server/api.py\\", line 871, in _invoke_run\\n    self._initialize_workers(self._worker_group)\\n  File \\"/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py\\", line 1053, in next_rendezvous\\n    self._op_executor.run(join_op, deadline)\\n  File \\"/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py\\", line 648, in run\\n    raise RendezvousTimeoutError()\\ntorch.distributed.elastic.rendezvous.api.RendezvousTimeoutError\\n",',
              '      "timestamp": "%d"' % (1694010903 + 900 + ni),
              "    }",
              "  }",
              "}"]
        L += torchrun_tb_head(py="/opt/conda/lib/python3.10", launcher="/opt/conda/bin/torchrun")
        L += ['  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/launcher/api.py", line 241, in launch_agent',
              "    result = agent.run()",
              '  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/metrics/api.py", line 129, in wrapper',
              "    result = f(*args, **kwargs)",
              '  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/agent/server/api.py", line 723, in run',
              "    result = self._invoke_run(role)",
              '  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/agent/server/api.py", line 858, in _invoke_run',
              "    self._initialize_workers(self._worker_group)",
              '  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/agent/server/api.py", line 692, in _initialize_workers',
              "    self._rendezvous(worker_group)",
              '  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/agent/server/api.py", line 546, in _rendezvous',
              "    store, group_rank, group_world_size = spec.rdzv_handler.next_rendezvous()",
              '  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1053, in next_rendezvous',
              "    self._op_executor.run(join_op, deadline)",
              '  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 648, in run',
              "    raise RendezvousTimeoutError()",
              "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
              "srun: error: %s: task %d: Exited with exit code 1" % (host, ni)]
        b.add("%s/torchrun.log" % host, L)
        dm, _ = dmesg_boot_noise(T(2023, 9, 1, 6, 0, 0), host, rng, n=24, driver="535.86.10")
        b.add("%s/dmesg.txt" % host, dm)
    b.set_label("user_code", "script", None, "stop",
                "All three agents join rendezvous round 0 and time out after 900 s (RendezvousTimeoutError) because the script launches torchrun with --nnodes 4 (min_nodes 4) inside a 3-node allocation (NumNodes=3; gn-106 is drained); no node is missing from the job, the launch configuration is wrong and will time out again.",
                "https://github.com/ymcui/Chinese-LLaMA-Alpaca-2/issues/274")
    return b


# ===========================================================================
# bn29  one node consistently slowest, no cause visible
# ===========================================================================

def case_bn29():
    b = Bundle("bn29_throughput_down_12_percent")
    rng = random.Random(6929)
    nodes = ["hgx-%03d" % k for k in range(88, 104)]
    slow = "hgx-097"
    t0 = T(2024, 5, 27, 16, 0, 0, 0)
    S = []
    tt = add(t0, 600)
    it = 12000
    while it < 16000:
        it += 100
        slowphase = it > 12800
        ms = 3620.0 if not slowphase else 4055.0
        tt = add(tt, 100 * ms / 1000.0)
        S.append(" [%s] iteration %8d/  500000 | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: 2.400000E-04 | global batch size:  2048 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
                 % (f_py(tt)[:19], it, it * 2048, ms * rng.uniform(0.995, 1.005), 2.2 - it * 1e-5 + rng.uniform(-0.01, 0.01), rng.uniform(0.8, 1.1)))
        if it % 400 == 0:
            if slowphase:
                lo = [(72 + k, 448.0 + 4 * k + rng.uniform(-2, 2)) for k in rng.sample(range(8), 4)]
                mxr = rng.choice(range(72, 80))
                S.append(" %s | MnRtt/Rnk: 3601.12ms/%d | MxRtt/Rnk: 4049.88ms/%d | MnPwr/Rnk: 601W/%d | MxPwr/Rnk: 698W/%d | MnTmp/Rnk: 52C/%d | MxTmp/Rnk: 71C/%d | MnUtl/Rnk: 97%%/%d | MxUtl/Rnk: 100%%/%d | MnClk/Rnk: 1980MHz/%d | MxClk/Rnk: 1980MHz/%d | MnDRtt/Rnk: 0.41ms/%d | MxDRtt/Rnk: 0.77ms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: 514.31TF/%d"
                         % (f_py(tt)[:19], rng.randint(0, 71), mxr, rng.randint(0, 127), rng.randint(0, 127), rng.randint(80, 127), rng.randint(0, 40),
                            rng.randint(0, 127), rng.randint(0, 127), rng.randint(0, 127), rng.randint(0, 127), rng.randint(0, 127), rng.randint(0, 127), lo[0][1], lo[0][0], rng.randint(0, 70)))
                S.append("^^^^ Bottom 4 Ranks with lowest  Etpt(TF): %s" % ", ".join("%d:%.2f" % x for x in sorted(lo, key=lambda x: x[1])))
                S.append("^^^^ Top    4 Ranks with highest Etpt(TF): %s" % ", ".join("%d:%.2f" % (r, 512 + rng.uniform(0, 3)) for r in rng.sample(range(64), 4)))
            else:
                lo = [(r, 505 + rng.uniform(0, 5)) for r in rng.sample(range(128), 4)]
                S.append(" %s | MnRtt/Rnk: 3598.40ms/%d | MxRtt/Rnk: 3641.02ms/%d | MnPwr/Rnk: 604W/%d | MxPwr/Rnk: 699W/%d | MnTmp/Rnk: 51C/%d | MxTmp/Rnk: 70C/%d | MnUtl/Rnk: 98%%/%d | MxUtl/Rnk: 100%%/%d | MnClk/Rnk: 1980MHz/%d | MxClk/Rnk: 1980MHz/%d | MnDRtt/Rnk: 0.40ms/%d | MxDRtt/Rnk: 0.74ms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: 515.02TF/%d"
                         % (f_py(tt)[:19], rng.randint(0, 127), rng.randint(0, 127), rng.randint(0, 127), rng.randint(0, 127), rng.randint(0, 127), rng.randint(0, 127),
                            rng.randint(0, 127), rng.randint(0, 127), rng.randint(0, 127), rng.randint(0, 127), rng.randint(0, 127), rng.randint(0, 127), lo[0][1], lo[0][0], rng.randint(0, 127)))
                S.append("^^^^ Bottom 4 Ranks with lowest  Etpt(TF): %s" % ", ".join("%d:%.2f" % x for x in sorted(lo, key=lambda x: x[1])))
                S.append("^^^^ Top    4 Ranks with highest Etpt(TF): %s" % ", ".join("%d:%.2f" % (r, 513 + rng.uniform(0, 2)) for r in rng.sample(range(128), 4)))
    b.add("megatron_last_rank.log", S)
    b.add("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                         "           8120554      llm  gpt-22b   pretrn  R    5:02:11     16 hgx-[088-103]"])
    b.add("topology.json", json.dumps({"topology": {"leaf-07": nodes[:8], "leaf-08": nodes[8:]}}, indent=1))
    for ni, host in enumerate(nodes):
        if host in (slow, "hgx-096", "hgx-101"):
            Q = ["==============NVSMI LOG==============", "Timestamp : %s" % f_date(add(tt, -300)), ""]
            for g in range(8):
                Q += nvsmi_q_clocks(host, g, 58 + (g * 3) % 9, 1980, False, False, 640 + 7 * g)
            b.add("%s/nvidia-smi-q.txt" % host, Q)
            b.add("%s/ibstat.txt" % host, ibstat(8, guid_seed=ni + 50))
            dm, _ = dmesg_boot_noise(T(2024, 5, 18, 3, 0, 0), host, rng, n=30)
            b.add("%s/dmesg.txt" % host, dm)
            b.add("%s/lspci_link.txt" % host, ["$ nvidia-smi --query-gpu=index,pcie.link.gen.current,pcie.link.width.current --format=csv"] +
                  ["index, pcie.link.gen.current, pcie.link.width.current"] + ["%d, 5, 16" % g for g in range(8)])
    b.set_label("straggler", "infrastructure", {"node": "hgx-097", "rank": None}, "run_diagnostics",
                "From iteration ~12800 step time rises 3.62 s -> 4.06 s and Megatron's straggler report puts only ranks 72-79 (hgx-097) at the bottom of throughput every interval, yet their power, temperature, clocks, PCIe links, IB ports and kernel log are all normal; one slow node with no visible cause.",
                "https://github.com/intelligent-machine-learning/dlrover/issues/678")
    return b


# ===========================================================================
# main
# ===========================================================================

CASES = [
    case_bn01, case_bn02, case_bn03, case_bn04, case_bn05, case_bn06, case_bn07, case_bn08,
    case_bn09, case_bn10, case_bn11, case_bn12, case_bn13, case_bn14, case_bn15, case_bn16,
    case_bn17, case_bn18, case_bn19, case_bn20, case_bn21, case_bn22, case_bn23, case_bn24,
    case_bn25, case_bn26, case_bn27, case_bn28, case_bn29,
]


def main():
    out = os.environ.get("CORPUS_OUT", "./out")
    bundles = []
    failed = False
    names = set()
    for fn in CASES:
        b = fn()
        errs = validate(b)
        if b.name in names:
            errs.append("duplicate case name")
        names.add(b.name)
        if errs:
            failed = True
            for e in errs:
                sys.stderr.write("%s: %s\n" % (b.name, e))
        bundles.append(b)
    if failed:
        sys.stderr.write("label validation failed, nothing written\n")
        return 1
    os.makedirs(out, exist_ok=True)
    for b in bundles:
        root = os.path.join(out, b.name)
        if os.path.isdir(root):
            shutil.rmtree(root)
        os.makedirs(root)
        for p in b.order:
            full = os.path.join(root, *p.split("/"))
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8", newline="\n") as f:
                f.write(b.files[p])
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(b.label, indent=2, sort_keys=True) + "\n")
    sys.stdout.write("wrote %d cases to %s\n" % (len(bundles), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
