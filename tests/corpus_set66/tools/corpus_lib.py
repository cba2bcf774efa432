"""Shared helpers for corpus set 66: bundle writer, timestamp styles and
log-line builders for PyTorch / torchrun / NCCL output.

Everything is deterministic: callers pass a seeded random.Random.
"""

import datetime as _dt
import zlib

UTC = _dt.timezone.utc


def rng_seed(name):
    return zlib.crc32(name.encode("utf-8")) & 0xFFFFFFFF


def T(y, mo, d, h, mi, s=0, us=0, tz=UTC):
    return _dt.datetime(y, mo, d, h, mi, s, us, tzinfo=tz)


def tz(hours, minutes=0):
    return _dt.timezone(_dt.timedelta(hours=hours, minutes=minutes))


def add(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- time styles

def f_pylog(t):
    """2024-03-14 09:12:01,551"""
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def f_iso(t):
    """2024-03-14T09:12:01.551203+00:00"""
    return t.isoformat(timespec="microseconds")


def f_journal(t):
    """journalctl -o short-iso-precise: 2024-03-14T09:12:01.551203+0000"""
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d" % t.microsecond + t.strftime("%z")


def f_syslog(t):
    """Mar 14 09:12:01"""
    return t.strftime("%b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S")


def f_dmesg_T(t):
    """[Thu Mar 14 09:12:01 2024]"""
    return "[" + t.strftime("%a %b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S %Y") + "]"


def f_uptime(sec):
    return "[%12.6f]" % sec


def f_glog(t, level="I"):
    """E0314 09:12:44.081233"""
    return level + t.strftime("%m%d %H:%M:%S.") + "%06d" % t.microsecond


def f_bracket(t):
    """[2024-03-14 09:12:01]"""
    return t.strftime("[%Y-%m-%d %H:%M:%S]")


def f_torchlog(t):
    """[2024-03-14 09:12:01,551]"""
    return "[" + f_pylog(t) + "]"


def f_ctime(t):
    """Thu Mar 14 09:12:01 2024"""
    return t.strftime("%a %b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S %Y")


def f_epoch(t):
    return "%.3f" % t.timestamp()


# ---------------------------------------------------------------- bundle

class Bundle:
    def __init__(self, name, label, topology=None):
        self.name = name
        self.label = label
        self.topology = topology
        self.files = {}

    def add(self, relpath, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text) + "\n"
        if relpath in self.files:
            raise ValueError("%s: duplicate file %s" % (self.name, relpath))
        self.files[relpath] = text

    def node(self, host, relpath, text):
        self.add(host + "/" + relpath, text)


def label(category, layer, node, rank, action, rationale, modelled_on):
    culprit = None if node is None else {"node": node, "rank": rank}
    return {
        "category": category,
        "layer": layer,
        "culprit": culprit,
        "action": action,
        "rationale": rationale,
        "modelled_on": modelled_on,
    }


# ---------------------------------------------------------------- torch / torchrun

PY = "/usr/local/lib/python3.10/dist-packages"


def torchrun_banner(t, style="bracket"):
    """Launcher warning banner printed by torch.distributed.run."""
    p = f_torchlog(t) + " torch.distributed.run: [WARNING] "
    return [
        p,
        p + "*****************************************",
        p + "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, "
            "to avoid your system being overloaded, please further tune the variable for optimal "
            "performance in your application as needed. ",
        p + "*****************************************",
    ]


def torchrun_banner_new(t):
    """torch >= 2.4 style (W0314 ... torch/distributed/run.py:...)"""
    p = f_glog(t, "W") + " 140231 torch/distributed/run.py:793] "
    return [
        p,
        p + "*****************************************",
        p + "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, "
            "to avoid your system being overloaded, please further tune the variable for optimal "
            "performance in your application as needed. ",
        p + "*****************************************",
    ]


def child_failed(t, host, script, rank, local_rank, exitcode, pid, others=None, signal_name=None):
    """torchrun ChildFailedError summary."""
    lines = [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 347, in wrapper' % PY,
        "    return f(*args, **kwargs)",
        '  File "%s/torch/distributed/run.py", line 812, in main' % PY,
        "    run(args)",
        '  File "%s/torch/distributed/run.py", line 803, in run' % PY,
        "    elastic_launch(",
        '  File "%s/torch/distributed/launcher/api.py", line 135, in __call__' % PY,
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        '  File "%s/torch/distributed/launcher/api.py", line 268, in launch_agent' % PY,
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "%s FAILED" % script,
        "------------------------------------------------------------",
        "Failures:",
    ]
    if not others:
        lines.append("  <NO_OTHER_FAILURES>")
    else:
        for i, (o_rank, o_local, o_code, o_pid) in enumerate(others, 1):
            lines += [
                "[%d]:" % i,
                "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
                "  host      : %s" % host,
                "  rank      : %d (local_rank: %d)" % (o_rank, o_local),
                "  exitcode  : %d (pid: %d)" % (o_code, o_pid),
                "  error_file: <N/A>",
                "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
            ]
    lines += [
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
        "  host      : %s" % host,
        "  rank      : %d (local_rank: %d)" % (rank, local_rank),
        "  exitcode  : %d (pid: %d)" % (exitcode, pid),
        "  error_file: <N/A>",
    ]
    if signal_name:
        lines.append("  traceback : Signal %d (%s) received by PID %d" % (-exitcode, signal_name, pid))
    else:
        lines.append("  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    lines.append("============================================================")
    return lines


def sigterm_lines(t, pids):
    return [f_torchlog(t) + " torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal SIGTERM" % p for p in pids]


def agent_failed(t, exitcode, local_rank, pid):
    return [f_torchlog(t) + " torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (exitcode, local_rank, pid)]


def watchdog_timeout(rank, seq, op, ms_ran, numel=1, timeout_ms=600000, last_done=None, pg=0):
    """PyTorch 2.2/2.3 ProcessGroupNCCL watchdog timeout lines."""
    if last_done is None:
        last_done = seq - 1
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, op, numel, numel, timeout_ms)
    p = "[rank%d]:[E ProcessGroupNCCL.cpp" % rank
    return [
        p + ":563] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, work, ms_ran),
        p + ":1537] [PG %d Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (pg, rank, seq, seq, last_done),
        p + ":577] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank,
        p + ":583] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank,
        p + ":1414] [PG %d Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pg, rank, rank, work, ms_ran),
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG %d Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pg, rank, rank, work, ms_ran),
        "Exception raised from ncclCommWatchdog at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1418 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f3a1c2f5d87 in %s/torch/lib/libc10.so)" % PY,
        "frame #1: <unknown function> + 0xdf6b11 (0x7f3a1d0aeb11 in %s/torch/lib/libtorch_cuda.so)" % PY,
        "frame #2: <unknown function> + 0xdc253 (0x7f3a6b8b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #3: <unknown function> + 0x94ac3 (0x7f3a6d6b8ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #4: <unknown function> + 0x126850 (0x7f3a6d74a850 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
    ]


def cuda_error_tb(frames, msg, extra=True):
    lines = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        lines.append('  File "%s", line %d, in %s' % (f, ln, fn))
        lines.append("    " + code)
    lines.append(msg)
    if extra:
        lines += [
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            "",
        ]
    return lines


def train_frames(script="/workspace/train.py", step_line=241, where="backward"):
    fr = [
        (script, 512, "<module>", "main()"),
        (script, 488, "main", "loss = train_step(model, batch, optimizer, scaler)"),
    ]
    if where == "backward":
        fr += [
            (script, step_line, "train_step", "scaler.scale(loss).backward()"),
            (PY + "/torch/_tensor.py", 522, "backward", "torch.autograd.backward("),
            (PY + "/torch/autograd/__init__.py", 266, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
        ]
    elif where == "item":
        fr += [(script, step_line, "train_step", "running_loss += loss.detach().float().item()")]
    elif where == "forward":
        fr += [
            (script, step_line, "train_step", "out = model(batch[\"input_ids\"], labels=batch[\"labels\"])"),
            (PY + "/torch/nn/modules/module.py", 1511, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
            (PY + "/torch/nn/modules/module.py", 1520, "_call_impl", "return forward_call(*args, **kwargs)"),
        ]
    return fr


# ---------------------------------------------------------------- NCCL

def nccl_init(host, pid, tid, lr, rank, nranks, ip, ifname="ib0", version="2.19.3+cuda12.3",
              hcas=None, bus=None, comm="0x55d0c4a3e0c0", commid="0x3e1f0b2c9a7d4e11",
              gpus_per_node=8, plugin_notice=True, rng=None, channels=4, net="IB"):
    """A plausible NCCL_DEBUG=INFO init block for one rank."""
    h = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, lr)
    ht = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, lr)
    if hcas is None:
        hcas = ["mlx5_%d" % i for i in (0, 3, 4, 5, 6, 9, 10, 11)]
    out = []
    out.append(h + "Bootstrap : Using %s:%s<0>" % (ifname, ip))
    if plugin_notice:
        out.append(h + "NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation")
    out.append(h + "cudaDriverVersion 12020")
    if lr == 0 and rank == 0:
        out.append("NCCL version %s" % version)
    if net == "IB":
        using = " ".join("[%d]%s:1/IB" % (i, hc) for i, hc in enumerate(hcas))
        out.append(ht + "NET/IB : Using %s ; OOB %s:%s<0>" % (using, ifname, ip))
    else:
        out.append(ht + "NET/Socket : Using [0]%s:%s<0>" % (ifname, ip))
    out.append(ht + "Using non-device net plugin version 0")
    out.append(ht + "Using network %s" % net)
    busid = bus or ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"][lr % 8]
    out.append(ht + "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START" % (comm, rank, nranks, lr, lr, busid, commid))
    aff = "ffffffff,00000000,ffffffff" if lr < gpus_per_node // 2 else "00000000,ffffffff,00000000,ffffffff"
    out.append(ht + "Setting affinity for GPU %d to %s" % (lr, aff))
    nxt = rank + 1 if (rank + 1) % gpus_per_node else rank + 1 - gpus_per_node
    prv = rank - 1 if rank % gpus_per_node else rank - 1 + gpus_per_node
    out.append(ht + "Trees [0] %d/-1/-1->%d->%d [1] %d/-1/-1->%d->%d" % (nxt, rank, prv, nxt, rank, prv))
    out.append(ht + "P2P Chunksize set to 524288")
    for c in range(channels):
        out.append(ht + "Channel %02d/0 : %d[%d] -> %d[%d] via P2P/IPC/read" % (c, rank, lr, nxt, nxt % gpus_per_node))
    if lr == gpus_per_node - 1 or lr == 0:
        for c in range(channels):
            out.append(ht + "Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA" % (c, rank, lr, (rank + 1) % nranks, (rank + 1) % gpus_per_node, c % len(hcas)))
    out.append(ht + "Connected all rings")
    out.append(ht + "Connected all trees")
    out.append(ht + "threadThresholds 8/8/64 | %d/8/64 | 512 | 512" % (nranks * 8))
    out.append(ht + "%d coll channels, 0 collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer" % (channels * 4))
    out.append(ht + "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE" % (comm, rank, nranks, lr, lr, busid, commid))
    return out


def tee(lr, lines):
    """torchrun --tee 3 prefix."""
    return ["[default%d]:%s" % (lr, l) for l in lines]


def interleave(rng, streams):
    """Deterministically interleave several lists of lines (keeping order within each)."""
    idx = [0] * len(streams)
    out = []
    while True:
        live = [i for i, s in enumerate(streams) if idx[i] < len(s)]
        if not live:
            break
        i = live[rng.randrange(len(live))]
        n = 1 + rng.randrange(3)
        out.extend(streams[i][idx[i]:idx[i] + n])
        idx[i] += n
    return out


# ---------------------------------------------------------------- training progress styles

def megatron_iter(t, it, total, ms, lr, gbs, loss, gnorm, consumed=None, skipped=0, nan=0, scale=1.0):
    if consumed is None:
        consumed = it * gbs
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: %.1f | grad norm: %.3f | "
            "number of skipped iterations: %3d | number of nan iterations: %3d |"
            % (t.strftime("%Y-%m-%d %H:%M:%S"), it, total, consumed, ms, lr, gbs, loss, scale, gnorm, skipped, nan))


def tqdm_line(done, total, elapsed_s, rate_s_per_it):
    pct = int(100 * done / total)
    bar_w = 10
    filled = int(bar_w * done / total)
    bar = "\u2588" * filled + " " * (bar_w - filled)
    rem = (total - done) * rate_s_per_it

    def hms(s):
        s = int(s)
        h, r = divmod(s, 3600)
        m, s = divmod(r, 60)
        return ("%d:%02d:%02d" % (h, m, s)) if h else ("%02d:%02d" % (m, s))
    return "%3d%%|%s| %d/%d [%s<%s, %.2fs/it]" % (pct, bar, done, total, hms(elapsed_s), hms(rem), rate_s_per_it)


def sacct(rows):
    hdr = ["JobID           JobName  Partition      State  ExitCode    Elapsed        NodeList ",
           "------------ ---------- ---------- ---------- -------- ---------- --------------- "]
    out = list(hdr)
    for r in rows:
        out.append("%-12s %10s %10s %10s %8s %10s %-15s " % r)
    return out
