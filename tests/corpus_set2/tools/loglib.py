"""Helpers for writing realistic multi-node training failure bundles.

Only formatting helpers live here; the scenario logic (who fails, when, why)
lives in build.py, one function per case.
"""

import json
import os
import random
import shutil
from datetime import datetime, timedelta

OUT_ROOT = os.environ.get("CORPUS_OUT") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "build"
)

# --------------------------------------------------------------------------
# bundle container
# --------------------------------------------------------------------------


class Bundle:
    def __init__(self, name):
        self.name = name
        self.files = {}  # relpath -> text
        self.label = None
        self.topo = None
        self.summary = ""

    def add(self, host, rel, text, attempt=None):
        if isinstance(text, list):
            text = "\n".join(text)
        if not text.endswith("\n"):
            text += "\n"
        parts = []
        if attempt is not None:
            parts.append("attempt_%d" % attempt)
        parts += [host, rel]
        key = "/".join(parts)
        if key in self.files:
            self.files[key] += text
        else:
            self.files[key] = text

    def set_label(self, category, layer, culprit, action, rationale, modelled_on, summary):
        assert category in {
            "gpu_hardware",
            "gpu_memory",
            "nvlink",
            "network",
            "storage",
            "host",
            "hang",
            "oom",
            "numerical",
            "straggler",
            "user_code",
            "dependency",
            "unknown",
        }, category
        assert layer in {"infrastructure", "framework", "script"}, layer
        assert action in {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}, (
            action
        )
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }
        self.summary = summary

    def write(self):
        d = os.path.join(OUT_ROOT, self.name)
        if os.path.isdir(d):
            shutil.rmtree(d)
        os.makedirs(d)
        assert self.label is not None, self.name
        with open(os.path.join(d, "label.json"), "w") as f:
            json.dump(self.label, f, indent=2)
            f.write("\n")
        if self.topo:
            with open(os.path.join(d, "topology.json"), "w") as f:
                json.dump({"topology": self.topo}, f, indent=2)
                f.write("\n")
        for rel, text in self.files.items():
            p = os.path.join(d, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w") as f:
                f.write(text)
        hosts = set()
        for rel in self.files:
            parts = rel.split("/")
            hosts.add(parts[1] if parts[0].startswith("attempt_") else parts[0])
        return hosts


def culprit(node, rank=None):
    return {"node": node, "rank": rank}


# --------------------------------------------------------------------------
# timestamps
# --------------------------------------------------------------------------


def T(s):
    """'2024-03-12 09:12:44.081233' -> datetime"""
    fmt = "%Y-%m-%d %H:%M:%S.%f" if "." in s else "%Y-%m-%d %H:%M:%S"
    return datetime.strptime(s, fmt)


def sec(x):
    return timedelta(seconds=x)


def ms(x):
    return timedelta(milliseconds=x)


def glog_ts(dt, level="E", nanos=True, rng=None):
    """glog prefix body as used by c10d: E0312 09:12:44.081233125"""
    frac = "%06d" % dt.microsecond
    if nanos:
        frac += "%03d" % ((rng or random).randint(0, 999))
    return "%s%02d%02d %s.%s" % (level, dt.month, dt.day, dt.strftime("%H:%M:%S"), frac)


def glog(dt, level, src, msg, rank=None, nanos=True, tid=None, rng=None):
    """[rank3]:[E312 09:12:44.081233125 ProcessGroupNCCL.cpp:616] msg (torch>=2.2 style)"""
    lv = level
    body = glog_ts(dt, lv, nanos, rng)
    # torch drops the leading zero of the month (E312) in these prints
    body = body[0] + str(int(body[1:3])) + body[3:]
    if tid is not None:
        head = "[%s %d %s]" % (body, tid, src)
    else:
        head = "[%s %s]" % (body, src)
    if rank is not None:
        return "[rank%d]:%s %s" % (rank, head, msg)
    return "%s %s" % (head, msg)


def glog_agent(dt, level, pid, src, msg):
    """torchrun agent (torch>=2.2): E0312 09:12:44.081000 140234 torch/distributed/elastic/...py:869] msg"""
    return "%s%02d%02d %s.%06d %d %s] %s" % (
        level,
        dt.month,
        dt.day,
        dt.strftime("%H:%M:%S"),
        (dt.microsecond // 1000) * 1000,
        pid,
        src,
        msg,
    )


def pylog(dt):
    return dt.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (dt.microsecond // 1000)


def bracket_pylog(dt):
    return "[" + pylog(dt) + "]"


def dmesg_T(dt):
    return "[" + dt.strftime("%a %b ") + ("%2d" % dt.day) + dt.strftime(" %H:%M:%S %Y") + "]"


def dmesg_up(dt, boot):
    d = (dt - boot).total_seconds()
    return "[%12.6f]" % d


def journald(dt, host, ident="kernel"):
    return (
        dt.strftime("%b ") + ("%2d" % dt.day) + dt.strftime(" %H:%M:%S ") + host + " " + ident + ":"
    )


def iso(dt, z=True, frac=3):
    s = dt.strftime("%Y-%m-%dT%H:%M:%S")
    if frac:
        s += ".%s" % ("%06d" % dt.microsecond)[:frac]
    return s + ("Z" if z else "")


def slurm_ts(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S")


def ctime(dt):
    return dt.strftime("%a %b ") + ("%2d" % dt.day) + dt.strftime(" %H:%M:%S %Y")


# --------------------------------------------------------------------------
# NCCL INFO / WARN helpers
# --------------------------------------------------------------------------


def nccl_prefix(host, pid, tid, local):
    return "%s:%d:%d [%d]" % (host, pid, tid, local)


def nccl_init_lines(
    host,
    pid,
    local,
    ip,
    iface="ib0",
    hcas=None,
    version="2.19.3+cuda12.3",
    plugin="none",
    rank=None,
    nranks=None,
    rng=None,
    proto="IB",
    kind="h100",
):
    rng = rng or random
    tid = pid + rng.randint(30, 400)
    p0 = nccl_prefix(host, pid, pid, local)
    p1 = nccl_prefix(host, pid, tid, local)
    hcas = hcas or ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_6", "mlx5_7", "mlx5_8", "mlx5_9"]
    out = []
    out.append("%s NCCL INFO cudaDriverVersion 12020" % p0)
    out.append("%s NCCL INFO Bootstrap : Using %s:%s<0>" % (p0, iface, ip))
    if plugin == "none":
        out.append(
            "%s NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: "
            "No such file or directory No plugin found (libnccl-net.so), using internal implementation"
            % p0
        )
    elif plugin == "efa":
        out.append("%s NCCL INFO NET/OFI Using aws-ofi-nccl 1.7.4-aws" % p0)
        out.append("%s NCCL INFO NET/OFI Configuring AWS-specific options" % p0)
    if rank == 0:
        out.append("NCCL version %s" % version)
    if proto == "IB":
        devs = " ".join("[%d]%s:1/IB" % (i, h) for i, h in enumerate(hcas))
        out.append("%s NCCL INFO NET/IB : Using %s [RO]; OOB %s:%s<0>" % (p1, devs, iface, ip))
        out.append("%s NCCL INFO Using non-device net plugin version 0" % p1)
        out.append("%s NCCL INFO Using network IB" % p1)
    elif proto == "RoCE":
        devs = " ".join("[%d]%s:1/RoCE" % (i, h) for i, h in enumerate(hcas))
        out.append("%s NCCL INFO NET/IB : Using %s [RO]; OOB %s:%s<0>" % (p1, devs, iface, ip))
        out.append("%s NCCL INFO Using network IB" % p1)
    elif proto == "EFA":
        out.append("%s NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)" % p1)
        out.append("%s NCCL INFO Using network AWS Libfabric" % p1)
    if rank is not None and nranks is not None:
        out.append(
            "%s NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s - Init START"
            % (
                p1,
                rng.randint(0x55D000000000, 0x55DFFFFFFFFF),
                rank,
                nranks,
                local,
                local,
                busid(local, kind),
            )
        )
        out.append(
            "%s NCCL INFO comm 0x%x rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0"
            % (
                p1,
                rng.randint(0x55D000000000, 0x55DFFFFFFFFF),
                rank,
                nranks,
                max(1, nranks // 8),
                local,
            )
        )
        out.append("%s NCCL INFO Init COMPLETE" % p1)
    return out


BUSIDS_A100 = ["07000", "0f000", "47000", "4e000", "87000", "90000", "b7000", "bd000"]
BUSIDS_H100 = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]


def busid(local, kind="h100"):
    return (BUSIDS_H100 if kind == "h100" else BUSIDS_A100)[local % 8]


def pci(local, kind="h100"):
    b = busid(local, kind)
    return "0000:%s:00" % b[:2]


# --------------------------------------------------------------------------
# c10d watchdog timeout / error blocks
# --------------------------------------------------------------------------

LIBDIR = "/usr/local/lib/python3.10/dist-packages/torch/lib"


_LIBBASE = {}


def _frames(kind, rng, libdir=LIBDIR):
    # one load address per library per process-ish (keyed by libdir), offsets vary per frame
    key = libdir
    if key not in _LIBBASE:
        _LIBBASE[key] = 0x7F0000000000 + rng.randint(0x10, 0xFE) * 0x100000000
    base = _LIBBASE[key]
    a = lambda: "0x%x" % (base + rng.randint(0, 0xFFFFFFF))
    if kind == "timeout":
        return [
            "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (%s in %s/libc10.so)"
            % (a(), libdir),
            "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, "
            "std::ratio<1l, 1000l> > >) + 0x1d2 (%s in %s/libtorch_cuda.so)" % (a(), libdir),
            "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (%s in %s/libtorch_cuda.so)"
            % (a(), libdir),
            "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (%s in %s/libtorch_cuda.so)"
            % (a(), libdir),
            "frame #4: <unknown function> + 0xdc253 (%s in /lib/x86_64-linux-gnu/libstdc++.so.6)"
            % a(),
            "frame #5: <unknown function> + 0x94ac3 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % a(),
            "frame #6: <unknown function> + 0x126850 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % a(),
        ]
    if kind == "cuda":
        return [
            "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (%s in %s/libc10.so)"
            % (a(), libdir),
            "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 "
            "(%s in %s/libc10.so)" % (a(), libdir),
            "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 "
            "(%s in %s/libc10_cuda.so)" % (a(), libdir),
            "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 "
            "(%s in %s/libtorch_cuda.so)" % (a(), libdir),
            "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (%s in %s/libtorch_cuda.so)"
            % (a(), libdir),
            "frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da (%s in %s/libtorch_cuda.so)"
            % (a(), libdir),
            "frame #6: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (%s in %s/libtorch_cuda.so)"
            % (a(), libdir),
            "frame #7: <unknown function> + 0xdc253 (%s in /lib/x86_64-linux-gnu/libstdc++.so.6)"
            % a(),
            "frame #8: <unknown function> + 0x94ac3 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % a(),
            "frame #9: <unknown function> + 0x126850 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % a(),
        ]
    raise ValueError(kind)


def work_desc(seq, op, numel_in, numel_out, timeout_ms):
    return "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (
        seq,
        op,
        numel_in,
        numel_out,
        timeout_ms,
    )


def watchdog_timeout_block(
    rank,
    dt,
    seq,
    op,
    numel_in,
    numel_out,
    timeout_ms=600000,
    pg="0 (default_pg)",
    rng=None,
    style="2.3",
    last_enq=None,
    last_done=None,
    libdir=LIBDIR,
):
    """All lines one non-culprit rank prints when its watchdog fires."""
    rng = rng or random
    ran = timeout_ms + rng.randint(8, 95)
    w = work_desc(seq, op, numel_in, numel_out, timeout_ms)
    last_enq = seq + 1 if last_enq is None else last_enq
    last_done = seq - 1 if last_done is None else last_done
    out = []
    if style == "legacy":  # torch 2.0 / 2.1: no timestamps on c10d prints
        out.append(
            "[E ProcessGroupNCCL.cpp:475] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d "
            "milliseconds before timing out." % (rank, w, ran)
        )
        out.append(
            "[E ProcessGroupNCCL.cpp:489] Some NCCL operations have failed or timed out. Due to the asynchronous nature "
            "of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
        )
        out.append(
            "[E ProcessGroupNCCL.cpp:495] To avoid data inconsistency, we are taking the entire process down."
        )
        out.append(
            "[E ProcessGroupNCCL.cpp:916] [Rank %d] NCCL watchdog thread terminated with exception: [Rank %d] Watchdog "
            "caught collective operation timeout: %s ran for %d milliseconds before timing out."
            % (rank, rank, w, ran)
        )
        out.append("terminate called after throwing an instance of 'std::runtime_error'")
        out.append(
            "  what():  [Rank %d] NCCL watchdog thread terminated with exception: [Rank %d] Watchdog caught collective "
            "operation timeout: %s ran for %d milliseconds before timing out."
            % (rank, rank, w, ran)
        )
        return out
    t = dt
    out.append(
        glog(
            t,
            "E",
            "ProcessGroupNCCL.cpp:607",
            "[Rank %d] Watchdog caught collective operation timeout: %s ran "
            "for %d milliseconds before timing out." % (rank, w, ran),
            rank=rank,
            rng=rng,
        )
    )
    t += ms(rng.randint(0, 3))
    out.append(
        glog(
            t,
            "E",
            "ProcessGroupNCCL.cpp:1664",
            "[PG %s Rank %d] Exception (either an error or timeout) detected "
            "by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
            % (pg, rank, seq, last_enq, last_done),
            rank=rank,
            rng=rng,
        )
    )
    out.append(
        glog(
            t,
            "E",
            "ProcessGroupNCCL.cpp:1709",
            "[PG %s Rank %d] Timeout at NCCL work: %d, last enqueued NCCL "
            "work: %d, last completed NCCL work: %d." % (pg, rank, seq, last_enq, last_done),
            rank=rank,
            rng=rng,
        )
    )
    out.append(
        glog(
            t,
            "E",
            "ProcessGroupNCCL.cpp:621",
            "[Rank %d] Some NCCL operations have failed or timed out. Due to "
            "the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete "
            "data." % rank,
            rank=rank,
            rng=rng,
        )
    )
    out.append(
        glog(
            t,
            "E",
            "ProcessGroupNCCL.cpp:627",
            "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank,
            rank=rank,
            rng=rng,
        )
    )
    t += ms(rng.randint(300, 1400))
    msg = (
        "[PG %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective "
        "operation timeout: %s ran for %d milliseconds before timing out."
        % (pg, rank, rank, w, ran)
    )
    out.append(glog(t, "E", "ProcessGroupNCCL.cpp:1515", msg, rank=rank, rng=rng))
    out.append(
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:609 (most recent call first):"
    )
    out += _frames("timeout", rng, libdir)
    out.append("")
    out.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    out.append("  what():  " + msg)
    out.append(
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:609 (most recent call first):"
    )
    out += _frames("timeout", rng, libdir)
    out.append("")
    return out


def watchdog_cuda_error_block(rank, dt, err, pg="0 (default_pg)", rng=None, libdir=LIBDIR):
    """Watchdog thread sees an async CUDA error on the failing rank."""
    rng = rng or random
    msg = (
        "[PG %s Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n" % (pg, rank, err)
    )
    out = [glog(dt, "E", "ProcessGroupNCCL.cpp:1515", msg.rstrip("\n"), rank=rank, rng=rng)]
    out.append(
        "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):"
    )
    out += _frames("cuda", rng, libdir)
    out.append("")
    out.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    out.append("  what():  " + msg.rstrip("\n"))
    out.append(
        "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):"
    )
    out += _frames("cuda", rng, libdir)
    out.append("")
    return out


def prefix_lines(lines, pfx):
    out = []
    for l in lines:
        for sub in l.split("\n"):
            out.append(pfx + sub)
    return out


# --------------------------------------------------------------------------
# torchrun / elastic agent
# --------------------------------------------------------------------------


def child_failed_table(script, failures, root, width=60):
    """failures/root: dicts with time, host, rank, local_rank, exitcode, pid, traceback"""
    eq = "=" * width
    dash = "-" * width

    def fmt(i, f):
        ec = f["exitcode"]
        if ec < 0:
            sig = {-6: "SIGABRT", -9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV", -7: "SIGBUS"}.get(
                ec, "SIG%d" % -ec
            )
            tb = "Signal %d (%s) received by PID %d" % (-ec, sig, f["pid"])
        else:
            tb = f.get(
                "traceback",
                "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
            )
        return [
            "[%d]:" % i,
            "  time      : %s" % f["time"].strftime("%Y-%m-%d_%H:%M:%S"),
            "  host      : %s" % f["host"],
            "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
            "  exitcode  : %d (pid: %d)" % (ec, f["pid"]),
            "  error_file: <N/A>",
            "  traceback : %s" % tb,
        ]

    out = [
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        eq,
        "%s FAILED" % script,
        dash,
        "Failures:",
    ]
    if failures:
        for i, f in enumerate(failures, 1):
            out += fmt(i, f)
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out += [dash, "Root Cause (first observed failure):"]
    out += fmt(0, root)
    out.append(eq)
    return out


TORCHRUN_TB = """Traceback (most recent call last):
  File "/usr/local/bin/torchrun", line 8, in <module>
    sys.exit(main())
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 347, in wrapper
    return f(*args, **kwargs)
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 879, in main
    run(args)
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 870, in run
    elastic_launch(
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 132, in __call__
    return launch_agent(self._config, self._entrypoint, list(args))
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 263, in launch_agent
    raise ChildFailedError("""


def agent_failure_block(
    host,
    agent_pid,
    t_detect,
    script,
    local_pids,
    first_local,
    first_exit,
    rank_base,
    sigterm_others=True,
    other_exits=None,
    rng=None,
    style="2.3",
):
    """Lines printed by a torchrun agent when one of its workers dies.
    other_exits: dict local -> exitcode for workers that died on their own (else they get SIGTERM)."""
    rng = rng or random
    out = []
    t = t_detect
    other_exits = other_exits or {}
    src_api = "torch/distributed/elastic/multiprocessing/api.py"
    if style == "2.3":
        if sigterm_others:
            for l, p in enumerate(local_pids):
                if l == first_local or l in other_exits:
                    continue
                out.append(
                    glog_agent(
                        t,
                        "W",
                        agent_pid,
                        src_api + ":851",
                        "Sending process %d closing signal SIGTERM" % p,
                    )
                )
                t += ms(rng.randint(0, 4))
        t += ms(rng.randint(200, 2600))
        out.append(
            glog_agent(
                t,
                "E",
                agent_pid,
                src_api + ":826",
                "failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python"
                % (first_exit, first_local, local_pids[first_local]),
            )
        )
    else:
        if sigterm_others:
            for l, p in enumerate(local_pids):
                if l == first_local or l in other_exits:
                    continue
                out.append(
                    "%s torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal SIGTERM"
                    % (bracket_pylog(t), p)
                )
        t += ms(rng.randint(200, 2600))
        out.append(
            "%s torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: %d) local_rank: %d (pid: %d) "
            "of binary: /usr/bin/python"
            % (bracket_pylog(t), first_exit, first_local, local_pids[first_local])
        )
    out += TORCHRUN_TB.split("\n")
    fails = []
    for l, ec in sorted(other_exits.items()):
        fails.append(
            dict(
                time=t, host=host, rank=rank_base + l, local_rank=l, exitcode=ec, pid=local_pids[l]
            )
        )
    root = dict(
        time=t,
        host=host,
        rank=rank_base + first_local,
        local_rank=first_local,
        exitcode=first_exit,
        pid=local_pids[first_local],
    )
    out += child_failed_table(script, fails, root)
    return out, t


def agent_sigterm_block(host, agent_pid, t, local_pids, rng, reason_line=None):
    """torchrun agent receiving SIGTERM from the scheduler (2.3 style)."""
    out = []
    if reason_line:
        out.append(reason_line)
    out.append(
        glog_agent(
            t,
            "W",
            agent_pid,
            "torch/distributed/elastic/agent/server/api.py:741",
            "Received Signals.SIGTERM death signal, shutting down workers",
        )
    )
    tt = t
    for p in local_pids:
        tt += ms(rng.randint(0, 2))
        out.append(
            glog_agent(
                tt,
                "W",
                agent_pid,
                "torch/distributed/elastic/multiprocessing/api.py:851",
                "Sending process %d closing signal SIGTERM" % p,
            )
        )
    out += TORCHRUN_TB.split("\n")[:11]
    out += [
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 254, in launch_agent',
        "    result = agent.run()",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", line 891, in _invoke_run',
        "    time.sleep(monitor_interval)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
        '    raise SignalException(f"Process {os.getpid()} got signal: {sigval}", sigval=sigval)',
        "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15"
        % agent_pid,
    ]
    return out


def rank_traceback(frames, exc):
    """frames: list of (file, line, func, code)."""
    out = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append('  File "%s", line %d, in %s' % (f, ln, fn))
        if code:
            out.append("    " + code)
    out += exc.split("\n")
    return out


# --------------------------------------------------------------------------
# nvidia-smi -q
# --------------------------------------------------------------------------


def nvsmi_q(
    dt, gpus, driver="535.129.03", cuda="12.2", product="NVIDIA H100 80GB HBM3", kind="h100"
):
    """gpus: list of dict overrides per GPU index (8 GPUs)."""
    out = [
        "",
        "==============NVSMI LOG==============",
        "",
        "Timestamp                                 : %s" % ctime(dt),
        "Driver Version                            : %s" % driver,
        "CUDA Version                              : %s" % cuda,
        "",
        "Attached GPUs                             : %d" % len(gpus),
    ]
    for i, g in enumerate(gpus):
        b = busid(i, kind)
        out.append("GPU 00000000:%s:00.0" % b[:2].upper())
        out.append("    Product Name                          : %s" % product)
        out.append("    Persistence Mode                      : Enabled")
        out.append(
            "    Serial Number                         : %s"
            % g.get("serial", "13242%08d" % (1000 + i * 37))
        )
        out.append(
            "    GPU UUID                              : GPU-%s"
            % g.get("uuid", "5f1c%04x-7a21-4b0e-9d3c-%012x" % (i * 97, i * 1234567))
        )
        out.append("    Minor Number                          : %d" % i)
        out.append("    VBIOS Version                         : 96.00.74.00.01")
        if "fabric" in g:
            out.append("    Fabric")
            out.append("        State                             : %s" % g["fabric"])
        out.append("    PCI")
        out.append("        Bus Id                            : 00000000:%s:00.0" % b[:2].upper())
        out.append("        GPU Link Info")
        out.append("            PCIe Generation")
        out.append("                Max                       : 5")
        out.append("                Current                   : %s" % g.get("pcie_gen", "5"))
        out.append("            Link Width")
        out.append("                Max                       : 16x")
        out.append("                Current                   : %s" % g.get("pcie_width", "16x"))
        out.append("        Replays Since Reset               : %d" % g.get("replays", 0))
        out.append("    Performance State                     : %s" % g.get("pstate", "P0"))
        out.append("    Clocks Event Reasons")
        for k in [
            "Idle",
            "Applications Clocks Setting",
            "SW Power Cap",
            "HW Slowdown",
            "    HW Thermal Slowdown",
            "    HW Power Brake Slowdown",
            "Sync Boost",
            "SW Thermal Slowdown",
            "Display Clock Setting",
        ]:
            key = k.strip()
            val = g.get("throttle", {}).get(key, "Not Active")
            out.append("        %-34s: %s" % (k, val))
        out.append("    FB Memory Usage")
        out.append("        Total                             : 81559 MiB")
        out.append("        Reserved                          : 328 MiB")
        out.append("        Used                              : %d MiB" % g.get("used", 0))
        out.append(
            "        Free                              : %d MiB" % (81559 - 328 - g.get("used", 0))
        )
        out.append("    Utilization")
        out.append("        Gpu                               : %s %%" % g.get("util", 0))
        out.append("        Memory                            : %s %%" % g.get("memutil", 0))
        out.append("    ECC Mode")
        out.append("        Current                           : Enabled")
        out.append("        Pending                           : Enabled")
        out.append("    ECC Errors")
        for scope in ("Volatile", "Aggregate"):
            e = g.get("ecc", {}).get(scope, {})
            out.append("        %s" % scope)
            out.append("            SRAM Correctable              : %d" % e.get("sram_ce", 0))
            out.append("            SRAM Uncorrectable Parity     : %d" % e.get("sram_par", 0))
            out.append("            SRAM Uncorrectable SEC-DED    : %d" % e.get("sram_ue", 0))
            out.append("            DRAM Correctable              : %d" % e.get("dram_ce", 0))
            out.append("            DRAM Uncorrectable            : %d" % e.get("dram_ue", 0))
        rr = g.get("remap", {})
        out.append(
            "    Retired Pages                         : N/A"
            if kind == "h100"
            else "    Retired Pages"
        )
        if kind != "h100":
            out.append("        Single Bit ECC                    : N/A")
            out.append("        Double Bit ECC                    : N/A")
            out.append("        Pending Page Blacklist            : N/A")
        out.append("    Remapped Rows")
        out.append("        Correctable Error                 : %d" % rr.get("ce", 0))
        out.append("        Uncorrectable Error               : %d" % rr.get("ue", 0))
        out.append("        Pending                           : %s" % rr.get("pending", "No"))
        out.append("        Remapping Failure Occurred        : %s" % rr.get("failure", "No"))
        out.append("        Bank Remap Availability Histogram")
        out.append("            Max                           : %d bank(s)" % rr.get("max", 640))
        out.append("            High                          : %d bank(s)" % rr.get("high", 0))
        out.append("            Partial                       : 0 bank(s)")
        out.append("            Low                           : 0 bank(s)")
        out.append("            None                          : 0 bank(s)")
        out.append("    Temperature")
        out.append("        GPU Current Temp                  : %d C" % g.get("temp", 38))
        out.append("        GPU T.Limit Temp                  : %d C" % (g.get("tlimit", 48)))
        out.append("        GPU Shutdown Temp                 : 92 C")
        out.append("        GPU Slowdown Temp                 : 89 C")
        out.append("        GPU Max Operating Temp            : 87 C")
        out.append("        Memory Current Temp               : %d C" % g.get("memtemp", 44))
        out.append("        Memory Max Operating Temp         : 95 C")
        out.append("    GPU Power Readings")
        out.append("        Power Draw                        : %.2f W" % g.get("power", 71.5))
        out.append("        Current Power Limit               : 700.00 W")
        out.append("    Clocks")
        out.append("        Graphics                          : %d MHz" % g.get("sm_clock", 1980))
        out.append("        SM                                : %d MHz" % g.get("sm_clock", 1980))
        out.append("        Memory                            : 2619 MHz")
        out.append("    Max Clocks")
        out.append("        Graphics                          : 1980 MHz")
        out.append("        SM                                : 1980 MHz")
        out.append(
            "    Processes                             : %s"
            % ("None" if not g.get("procs") else "")
        )
        for p in g.get("procs", []):
            out.append("        GPU instance ID                   : N/A")
            out.append("        Compute instance ID               : N/A")
            out.append("        Process ID                        : %d" % p[0])
            out.append("            Type                          : C")
            out.append("            Name                          : %s" % p[1])
            out.append("            Used GPU Memory               : %d MiB" % p[2])
        out.append("")
    return out


def nvsmi_table(
    dt, rows, driver="535.129.03", cuda="12.2", procs=None, name="NVIDIA H100 80GB HBM3"
):
    """rows: list of (temp, pwr, used_mib, util, ecc) per GPU"""
    out = [
        ctime(dt),
        "+---------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI %s              Driver Version: %s   CUDA Version: %s     |"
        % (driver, driver, cuda),
        "|-----------------------------------------+----------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
        "|                                         |                      |               MIG M. |",
        "|=========================================+======================+======================|",
    ]
    for i, r in enumerate(rows):
        temp, pwr, used, util, ecc = r
        out.append(
            "|   %d  %-24s On  | 00000000:%s:00.0 Off |  %19s |"
            % (i, name[:24], busid(i)[:2].upper(), ecc)
        )
        out.append(
            "| N/A   %2dC    P0            %3dW / 700W |  %6dMiB / 81559MiB |    %3d%%      Default |"
            % (temp, pwr, used, util)
        )
        out.append(
            "|                                         |                      |             Disabled |"
        )
        out.append(
            "+-----------------------------------------+----------------------+----------------------+"
        )
    out += [
        "",
        "+---------------------------------------------------------------------------------------+",
        "| Processes:                                                                            |",
        "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
        "|        ID   ID                                                             Usage      |",
        "|=======================================================================================|",
    ]
    if not procs:
        out.append(
            "|  No running processes found                                                           |"
        )
    for p in procs or []:
        gpu, pid, pname, mem = p
        out.append(
            "|    %d   N/A  N/A    %6d      C   %-38s %6dMiB |" % (gpu, pid, pname[:38], mem)
        )
    out.append(
        "+---------------------------------------------------------------------------------------+"
    )
    return out


def dcgm_diag(version, driver, rows):
    """rows: list of (name, result) or ('--section--', title)"""
    w1, w2 = 27, 48
    out = [
        "Successfully ran diagnostic for group.",
        "+" + "-" * w1 + "+" + "-" * w2 + "+",
        "| %-25s | %-46s |" % ("Diagnostic", "Result"),
        "+" + "=" * w1 + "+" + "=" * w2 + "+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| %-25s | %-46s |" % ("DCGM Version", version),
        "| %-25s | %-46s |" % ("Driver Version Detected", driver),
        "| %-25s | %-46s |"
        % ("GPU Device IDs Detected", "2330,2330,2330,2330,2330,2330,2330,2330"),
    ]
    for name, res in rows:
        if name == "--section--":
            title = "+-----  %s  " % res
            out.append(title + "-" * (w1 + 1 - len(title)) + "+" + "-" * w2 + "+")
            continue
        first = True
        while res or first:
            chunk, res = res[:46], res[46:]
            out.append("| %-25s | %-46s |" % (name if first else "", chunk))
            first = False
    out.append("+" + "-" * w1 + "+" + "-" * w2 + "+")
    return out


# --------------------------------------------------------------------------
# misc
# --------------------------------------------------------------------------


def pids(rng, n=8, base=None):
    p = base or rng.randint(20000, 90000)
    out = []
    for i in range(n):
        out.append(p)
        p += rng.randint(1, 4)
    return out


def jitter(rng, a, b):
    return ms(rng.randint(a, b))


def megatron_iter_line(
    dt,
    it,
    total,
    consumed,
    elapsed_ms,
    tflops,
    lr,
    gbs,
    loss,
    grad_norm,
    skipped=0,
    nan=0,
    loss_scale="1.0",
):
    return (
        " [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
        "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | "
        "loss scale: %s | grad norm: %.3f | number of skipped iterations: %3d | number of nan iterations: %3d |"
        % (
            dt.strftime("%Y-%m-%d %H:%M:%S"),
            it,
            total,
            consumed,
            elapsed_ms,
            tflops,
            lr,
            gbs,
            loss,
            loss_scale,
            grad_norm,
            skipped,
            nan,
        )
    )
