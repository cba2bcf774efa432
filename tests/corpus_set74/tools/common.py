"""Shared formatting helpers for corpus set 74 (gloo / mixed gloo+NCCL bundles).

Standard library only.  Everything here is pure: the same inputs always give
the same text, and randomness only ever comes from a caller-supplied
``random.Random`` seeded per case.
"""

import datetime as _dt

PY = "/opt/conda/lib/python3.10/site-packages"
PYD = "/usr/local/lib/python3.10/dist-packages"

CATEGORIES = {
    "gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
    "oom", "numerical", "straggler", "user_code", "dependency", "unknown",
}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}


def dt(y, mo, d, h, mi, s, us=0):
    return _dt.datetime(y, mo, d, h, mi, s, us)


def plus(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- timestamps
def iso(t):
    return t.strftime("%Y-%m-%d %H:%M:%S")


def iso_t(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def ms(t):
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def bracket_ms(t):
    return "[" + ms(t) + "]"


def syslog_ts(t):
    return t.strftime("%b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S")


def dmesg_T(t):
    return t.strftime("[%a %b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S %Y]")


def uptime(t, boot):
    return "[%12.6f]" % ((t - boot).total_seconds())


def glog_new(level, t, rank, src, msg):
    """torch >= 2.3 c10 log line: [rank4]:[E421 02:05:38.764490322 ProcessGroupGloo.cpp:143] msg"""
    ns = t.microsecond * 1000 + 321
    pre = "[rank%d]:" % rank if rank is not None else ""
    return "%s[%s%s %s.%09d %s] %s" % (pre, level, t.strftime("%m%d"), t.strftime("%H:%M:%S"), ns, src, msg)


def glog_old(level, rank, src, msg):
    """torch 2.1/2.2 style: [rank3]:[E ProcessGroupNCCL.cpp:563] msg"""
    pre = "[rank%d]:" % rank if rank is not None else ""
    return "%s[%s %s] %s" % (pre, level, src, msg)


def glog_pid(level, t, pid, src, msg):
    """classic glog with pid: W0312 09:12:44.081000 140234 file.py:897] msg"""
    return "%s%s %s.%06d %d %s] %s" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S"), t.microsecond, pid, src, msg)


# ---------------------------------------------------------------- torchrun
def torchrun_banner(t, style="old"):
    if style == "old":
        p = "%s torch.distributed.run: [WARNING] " % bracket_ms(t)
        return "\n".join([
            p,
            p + "*****************************************",
            p + "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, "
                "to avoid your system being overloaded, please further tune the variable for optimal "
                "performance in your application as needed. ",
            p + "*****************************************",
        ])
    p = glog_pid("W", t, 4101, "torch/distributed/run.py:793", "")
    return "\n".join([
        p,
        p + "*****************************************",
        p + "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, "
            "to avoid your system being overloaded, please further tune the variable for optimal "
            "performance in your application as needed. ",
        p + "*****************************************",
    ])


def agent_line(t, level, msg, style="old", pid=4101, src="torch/distributed/elastic/multiprocessing/api.py:897"):
    if style == "old":
        return "%s torch.distributed.elastic.multiprocessing.api: [%s] %s" % (bracket_ms(t), level, msg)
    return glog_pid(level[0], t, pid, src, msg)


def agent_server_line(t, level, msg, style="old", pid=4101):
    if style == "old":
        return "%s torch.distributed.elastic.agent.server.api: [%s] %s" % (bracket_ms(t), level, msg)
    return glog_pid(level[0], t, pid, "torch/distributed/elastic/agent/server/api.py:713", msg)


TORCHRUN_TB = [
    "Traceback (most recent call last):",
    '  File "/opt/conda/bin/torchrun", line 33, in <module>',
    "    sys.exit(load_entry_point('torch==2.3.1', 'console_scripts', 'torchrun')())",
    '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 347, in wrapper' % PY,
    "    return f(*args, **kwargs)",
    '  File "%s/torch/distributed/run.py", line 879, in main' % PY,
    "    run(args)",
    '  File "%s/torch/distributed/run.py", line 870, in run' % PY,
    "    elastic_launch(",
    '  File "%s/torch/distributed/launcher/api.py", line 132, in __call__' % PY,
    "    return launch_agent(self._config, self._entrypoint, list(args))",
    '  File "%s/torch/distributed/launcher/api.py", line 263, in launch_agent' % PY,
    "    raise ChildFailedError(",
]


def failure_block(f):
    tb = f.get("traceback", "<N/A>")
    tb_lines = tb.split("\n")
    out = [
        "  time      : %s" % f["time"].strftime("%Y-%m-%d_%H:%M:%S"),
        "  host      : %s" % f["host"],
        "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
        "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
        "  error_file: %s" % f.get("error_file", "<N/A>"),
        "  traceback : %s" % tb_lines[0],
    ]
    for ln in tb_lines[1:]:
        out.append("  " + ln)
    return out


def child_failed(script, root, others):
    lines = list(TORCHRUN_TB)
    lines.append("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    lines.append("=" * 60)
    lines.append("%s FAILED" % script)
    lines.append("-" * 60)
    lines.append("Failures:")
    if not others:
        lines.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others, 1):
        lines.append("[%d]:" % i)
        lines.extend(failure_block(f))
    lines.append("-" * 60)
    lines.append("Root Cause (first observed failure):")
    lines.append("[0]:")
    lines.extend(failure_block(root))
    lines.append("=" * 60)
    return "\n".join(lines)


def sig_tb(sig, pid):
    names = {15: "SIGTERM", 6: "SIGABRT", 9: "SIGKILL", 11: "SIGSEGV"}
    return "Signal %d (%s) received by PID %d" % (sig, names[sig], pid)


# ---------------------------------------------------------------- python tracebacks
def c10d_frames(op, style="2.3"):
    """Frames from a torch.distributed collective call down to work.wait()."""
    lines = {
        "barrier": ("barrier", 3696, "    work.wait()"),
        "all_reduce": ("all_reduce", 2219, "    work.wait()"),
        "broadcast": ("broadcast", 2140, "    work.wait()"),
        "all_gather": ("all_gather", 2948, "    work.wait()"),
        "recv": ("recv", 1893, "    pg.recv([tensor], group_src_rank, tag).wait()"),
    }
    name, ln, code = lines[op]
    return [
        '  File "%s/torch/distributed/c10d_logger.py", line 75, in wrapper' % PY,
        "    return func(*args, **kwargs)",
        '  File "%s/torch/distributed/distributed_c10d.py", line %d, in %s' % (PY, ln, name),
        code,
    ]


def bcast_obj_frames():
    return [
        '  File "%s/torch/distributed/c10d_logger.py", line 75, in wrapper' % PY,
        "    return func(*args, **kwargs)",
        '  File "%s/torch/distributed/distributed_c10d.py", line 2724, in broadcast_object_list' % PY,
        "    broadcast(object_sizes_tensor, src=src, group=group)",
    ] + c10d_frames("broadcast")


def prefix(lines, rank):
    if rank is None:
        return list(lines)
    return ["[rank%d]: %s" % (rank, ln) for ln in lines]


def gloo_closed(ip, port, line=534, src="../third_party/gloo"):
    return "RuntimeError: [%s/gloo/transport/tcp/pair.cc:%d] Connection closed by peer [%s]:%d" % (src, line, ip, port)


def gloo_reset(ip, port, line=589, src="../third_party/gloo"):
    return "RuntimeError: [%s/gloo/transport/tcp/pair.cc:%d] Read error [%s]:%d: Connection reset by peer" % (src, line, ip, port)


def gloo_timeout(ms_, op="recv", line=81, src="../third_party/gloo"):
    return "RuntimeError: [%s/gloo/transport/tcp/unbound_buffer.cc:%d] Timed out waiting %dms for %s operation to complete" % (src, line, ms_, op)


CONDA_GLOO = "/opt/conda/conda-bld/pytorch_1716905971214/work/third_party/gloo"


# ---------------------------------------------------------------- NCCL
def nccl_info(host, pid, tid, lr, msg):
    return "%s:%d:%d [%d] NCCL INFO %s" % (host, pid, tid, lr, msg)


def nccl_warn(host, pid, tid, lr, msg):
    return "%s:%d:%d [%d] NCCL WARN %s" % (host, pid, tid, lr, msg)


def nccl_watchdog(rank, seq, op, numel, timeout_ms, ran_ms, t=None, pg=0):
    if t is None:
        w = glog_old
        return [
            w("E", rank, "ProcessGroupNCCL.cpp:563", "[Rank %d] Watchdog caught collective operation timeout: "
              "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
              % (rank, seq, op, numel, numel, timeout_ms, ran_ms)),
            w("E", rank, "ProcessGroupNCCL.cpp:1537", "[PG %d Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
              % (pg, rank, seq, seq, seq - 1)),
            w("E", rank, "ProcessGroupNCCL.cpp:577", "[Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank),
            w("E", rank, "ProcessGroupNCCL.cpp:583", "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank),
        ]
    return [
        glog_new("E", t, rank, "ProcessGroupNCCL.cpp:616", "[Rank %d] Watchdog caught collective operation timeout: "
                 "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
                 % (rank, seq, op, numel, numel, timeout_ms, ran_ms)),
        glog_new("E", t, rank, "ProcessGroupNCCL.cpp:1785", "[PG %d (default_pg) Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
                 % (pg, rank, seq, seq, seq - 1)),
        glog_new("E", t, rank, "ProcessGroupNCCL.cpp:630", "[Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank),
        glog_new("E", t, rank, "ProcessGroupNCCL.cpp:636", "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank),
    ]


def nccl_abort_tail(rank, seq, op, numel, timeout_ms, ran_ms):
    return [
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG 0 Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: "
        "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
        % (rank, rank, seq, op, numel, numel, timeout_ms, ran_ms),
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:565 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f3c6a1b9897 in %s/torch/lib/libc10.so)" % PY,
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f3c1b0721b2 in %s/torch/lib/libtorch_cuda.so)" % PY,
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1a0 (0x7f3c1b078fd0 in %s/torch/lib/libtorch_cuda.so)" % PY,
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f3c1b07a31c in %s/torch/lib/libtorch_cuda.so)" % PY,
        "frame #4: <unknown function> + 0xdc253 (0x7f3c6a8b0253 in /usr/lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f3c6bb27ac3 in /usr/lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: <unknown function> + 0x126850 (0x7f3c6bbb9850 in /usr/lib/x86_64-linux-gnu/libc.so.6)",
        "",
    ]


def nccl_init_block(host, pid, lr, rank, nranks, version="2.20.5", ifname="bond0", ip="10.0.0.1", ib=True, link="IB"):
    tid = pid + 37
    out = [
        nccl_info(host, pid, pid, lr, "cudaDriverVersion 12040"),
        nccl_info(host, pid, pid, lr, "Bootstrap : Using %s:%s<0>" % (ifname, ip)),
    ]
    if lr == 0:
        out.insert(0, nccl_info(host, pid, pid, lr, "NCCL version %s+cuda12.4" % version))
    if ib:
        out += [
            nccl_info(host, pid, tid, lr, "NET/Plugin: Plugin load (libnccl-net.so) returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory"),
            nccl_info(host, pid, tid, lr, "NET/IB : Using [0]mlx5_0:1/%s [1]mlx5_3:1/%s [2]mlx5_4:1/%s [3]mlx5_5:1/%s ; OOB %s:%s<0>" % (link, link, link, link, ifname, ip)),
            nccl_info(host, pid, tid, lr, "Using network IB"),
        ]
    else:
        out += [
            nccl_info(host, pid, tid, lr, "NET/IB : No device found."),
            nccl_info(host, pid, tid, lr, "NET/Socket : Using [0]%s:%s<0>" % (ifname, ip)),
            nccl_info(host, pid, tid, lr, "Using network Socket"),
        ]
    out.append(nccl_info(host, pid, tid, lr, "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %x000 commId 0x7a3c91e0d2b4f158 - Init COMPLETE"
                         % (0x55d0c3a00000 + rank * 0x1100, rank, nranks, lr, lr, [0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb][lr % 8])))
    return out


# ---------------------------------------------------------------- nvidia-smi
def smi_table(t, driver, cuda, gpus, procs, name="NVIDIA H100 80GB HBM3"):
    """gpus: list of dicts with keys bus, temp, perf, pwr, cap, used, total, util; procs: (gpu, pid, name, mib)"""
    out = [
        t.strftime("%a %b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S %Y"),
        "+---------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI %-14s         Driver Version: %-14s CUDA Version: %-9s|" % (driver, driver, cuda),
        "|-----------------------------------------+----------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
        "|                                         |                      |               MIG M. |",
        "|=========================================+======================+======================|",
    ]
    for i, g in enumerate(gpus):
        ecc = g.get("ecc", "0")
        out.append("| %3d  %-24s On  | %s Off | %20s |" % (i, name[:24], g["bus"], ecc))
        out.append("| N/A   %2dC    %-4s %13s | %9s / %-9s | %5s      Default |" % (
            g["temp"], g["perf"], "%dW / %dW" % (g["pwr"], g["cap"]), "%dMiB" % g["used"], "%dMiB" % g["total"], "%d%%" % g["util"]))
        out.append("|                                         |                      |             Disabled |")
        out.append("+-----------------------------------------+----------------------+----------------------+")
    out += [
        "",
        "+---------------------------------------------------------------------------------------+",
        "| Processes:                                                                            |",
        "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
        "|        ID   ID                                                             Usage      |",
        "|=======================================================================================|",
    ]
    if not procs:
        out.append("|  No running processes found                                                           |")
    for g, pid, pname, mib in procs:
        out.append("|    %d   N/A  N/A    %7d      C   %-38s %7dMiB |" % (g, pid, pname[:38], mib))
    out.append("+---------------------------------------------------------------------------------------+")
    return "\n".join(out) + "\n"


BUSES8 = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
          "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]


def healthy_gpus(rng, n=8, used=61234, total=81559, util=(88, 100), temp=(38, 52), pwr=(520, 690), cap=700):
    return [dict(bus=BUSES8[i % 8], temp=rng.randint(*temp), perf="P0", pwr=rng.randint(*pwr), cap=cap,
                 used=used + rng.randint(-800, 800), total=total, util=rng.randint(*util)) for i in range(n)]


# ---------------------------------------------------------------- misc
def join(lines):
    return "\n".join(lines) + "\n"


def sacct(rows):
    hdr = "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode \n" \
          "------------ ---------- ---------- ---------- ---------- ---------- -------- \n"
    body = "".join("%-12s %10s %10s %10s %10s %10s %8s \n" % r for r in rows)
    return hdr + body


def validate_label(label, case):
    if label["category"] not in CATEGORIES:
        raise ValueError("%s: bad category %r" % (case, label["category"]))
    if label["layer"] not in LAYERS:
        raise ValueError("%s: bad layer %r" % (case, label["layer"]))
    if label["action"] not in ACTIONS:
        raise ValueError("%s: bad action %r" % (case, label["action"]))
    c = label["culprit"]
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            raise ValueError("%s: culprit must be null or {node, rank}" % case)
        if not isinstance(c["node"], str) or not c["node"]:
            raise ValueError("%s: culprit node must be a non-empty string" % case)
        if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
            raise ValueError("%s: culprit rank must be null or a non-negative int" % case)
    if not isinstance(label.get("rationale"), str) or len(label["rationale"]) < 20:
        raise ValueError("%s: rationale missing" % case)
    mo = label.get("modelled_on")
    if not isinstance(mo, str) or not mo.startswith("https://"):
        raise ValueError("%s: modelled_on must be an https URL" % case)
    extra = set(label) - {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
    if extra:
        raise ValueError("%s: unexpected label keys %s" % (case, sorted(extra)))
