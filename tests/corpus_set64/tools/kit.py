"""Small stdlib-only helpers shared by the corpus_set64 case builders.

Everything here is deterministic: callers pass a seeded ``random.Random``.
"""
import datetime as dt

UTC = dt.timezone.utc


def tz(hours, minutes=0):
    return dt.timezone(dt.timedelta(hours=hours, minutes=minutes))


def T(y, mo, d, h, mi, s=0, us=0, zone=UTC):
    return dt.datetime(y, mo, d, h, mi, s, us, tzinfo=zone)


def sec(n):
    return dt.timedelta(seconds=n)


class Case:
    """One bundle: files keyed by relative path, plus label and topology."""

    def __init__(self, name):
        self.name = name
        self.files = {}
        self.label = None
        self.topology = None

    def add(self, path, text):
        if path in self.files:
            raise ValueError("duplicate file %s in %s" % (path, self.name))
        if not text.endswith("\n"):
            text += "\n"
        self.files[path] = text

    def set_label(self, category, layer, node, rank, action, rationale, url):
        culprit = None if node is None else {"node": node, "rank": rank}
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": url,
        }


# ---------------------------------------------------------------- timestamps

def glog(t, level="E", pid=None, src="ProcessGroupNCCL.cpp:1414", nano=False):
    """glog prefix: E0312 09:12:44.081233 12345 file.cc:12]"""
    frac = "%06d" % t.microsecond
    if nano:
        frac += "%03d" % ((t.microsecond * 7) % 1000)
    mid = "" if pid is None else " %d" % pid
    return "%s%s %s.%s%s %s]" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S"), frac, mid, src)


def torch_glog(rank, t, level="E", src="ProcessGroupNCCL.cpp:1414"):
    """torch>=2.4 style: [rank3]:[E1119 13:21:13.938104757 ProcessGroupNCCL.cpp:636]"""
    return "[rank%d]:[%s]" % (rank, glog(t, level, None, src, nano=True)[:-1])


def pylog(t, ms=True):
    if ms:
        return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (t.microsecond // 1000)
    return t.strftime("%Y-%m-%d %H:%M:%S")


def dmesg_T(t):
    return "[" + t.strftime("%a %b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S %Y") + "]"


def uptime(s):
    return "[%12.6f]" % s


def iso(t, us=True):
    if us:
        base = t.strftime("%Y-%m-%dT%H:%M:%S") + ".%06d" % t.microsecond
    else:
        base = t.strftime("%Y-%m-%dT%H:%M:%S")
    off = t.strftime("%z")
    return base + off[:3] + ":" + off[3:]


def short_iso(t):
    """journalctl -o short-iso: 2024-06-18T23:40:58-0700"""
    return t.strftime("%Y-%m-%dT%H:%M:%S%z")


def syslog(t, host):
    return t.strftime("%b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S ") + host


def k8s_time(t):
    return t.strftime("%a, %d %b %Y %H:%M:%S %z")


def epoch(t, digits=3):
    v = t.timestamp()
    return ("%." + str(digits) + "f") % v


def elastic_glog(t, pid, level="W", src="torch/distributed/elastic/multiprocessing/api.py:858"):
    return "%s%s %s.%06d %d %s]" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S"),
                                    (t.microsecond // 1000) * 1000, pid,
                                    "site-packages/" + src if not src.startswith("/") else src)


# ---------------------------------------------------------------- NCCL noise

def nccl_init(host, pid, lr, rank, nranks, ip, rng, nic="ibp12s0", hcas=8, t_first_line=None,
              version="2.21.5+cuda12.4", plugin_msg=True, nodes=None, gpus_per_node=8):
    """NCCL_DEBUG=INFO init flood for one rank.  Returns a list of lines."""
    tid = pid + 170 + rng.randint(0, 40)
    pre = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, lr)
    pre2 = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, lr)
    bus = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"][lr % 8]
    out = []
    out.append(pre + "Bootstrap : Using %s:%s<0>" % (nic, ip))
    if plugin_msg:
        out.append(pre + "NET/Plugin: No plugin found (libnccl-net.so)")
        out.append(pre + "NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so")
        out.append(pre + "NET/Plugin: Using internal network plugin.")
    out.append(pre + "cudaDriverVersion 12040")
    if rank == 0:
        out.append("NCCL version %s" % version)
    if hcas:
        devs = " ".join("[%d]mlx5_%d:1/IB" % (i, i) for i in range(hcas))
        out.append(pre2 + "NET/IB : Using %s [RO]; OOB %s:%s<0>" % (devs, nic, ip))
        out.append(pre2 + "Using non-device net plugin version 0")
        out.append(pre2 + "Using network IB")
    else:
        out.append(pre2 + "NET/IB : No device found.")
        out.append(pre2 + "NET/Socket : Using [0]%s:%s<0>" % (nic, ip))
        out.append(pre2 + "Using non-device net plugin version 0")
        out.append(pre2 + "Using network Socket")
    comm = "0x%x" % (0x55d1c0000000 + rng.randint(0, 0xfffffff))
    cid = "0x%016x" % rng.getrandbits(64)
    out.append(pre2 + "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START" % (comm, rank, nranks, lr, lr, bus, cid))
    out.append(pre2 + "Setting affinity for GPU %d to %s" % (lr, "ffffffff,00000000,ffffffff" if lr < 4 else "ffffffff,00000000,ffffffff,00000000"))
    out.append(pre2 + "NVLS multicast support is not available on dev %d" % lr)
    out.append(pre2 + "comm %s rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0" % (comm, rank, nranks, max(1, nranks // gpus_per_node), min(nranks, gpus_per_node), lr))
    nxt = (rank + 1) % nranks
    prv = (rank - 1) % nranks
    out.append(pre2 + "Trees [0] %d/-1/-1->%d->%d [1] %d/-1/-1->%d->%d" % (nxt, rank, prv, nxt, rank, prv))
    out.append(pre2 + "P2P Chunksize set to 131072")
    for ch in range(0, 16, 1 if rng.random() < 0.5 else 2):
        if (rank % gpus_per_node) == gpus_per_node - 1 and nranks > gpus_per_node:
            out.append(pre2 + "Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA" % (ch, rank, lr, nxt, 0, ch % hcas))
        else:
            out.append(pre2 + "Channel %02d/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read" % (ch, rank, lr, nxt, (lr + 1) % gpus_per_node))
    out.append(pre2 + "Connected all rings")
    out.append(pre2 + "Connected all trees")
    out.append(pre2 + "threadThresholds 8/8/64 | 256/8/64 | 512 | 512")
    out.append(pre2 + "16 coll channels, 16 collnet channels, 0 nvls channels, 16 p2p channels, 2 p2p channels per peer")
    out.append(pre2 + "TUNER/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-tuner.so")
    out.append(pre2 + "TUNER/Plugin: Using internal tuner plugin.")
    out.append(pre2 + "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE" % (comm, rank, nranks, lr, lr, bus, cid))
    return out


def traceback(frames, exc):
    """frames: list of (file, line, func, code)."""
    out = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append('  File "%s", line %d, in %s' % (f, ln, fn))
        if code:
            out.append("    " + code)
    out.extend(exc.split("\n"))
    return out


SITE = "/usr/local/lib/python3.10/dist-packages"


def torchrun_main_frames(site=SITE, torchrun="/usr/local/bin/torchrun"):
    return [
        (torchrun, 8, "<module>", "sys.exit(main())"),
        (site + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)"),
        (site + "/torch/distributed/run.py", 919, "main", "run(args)"),
        (site + "/torch/distributed/run.py", 910, "run", "elastic_launch("),
        (site + "/torch/distributed/launcher/api.py", 138, "__call__", "return launch_agent(self._config, self._entrypoint, list(args))"),
        (site + "/torch/distributed/launcher/api.py", 269, "launch_agent", "raise ChildFailedError("),
    ]


def child_failed(script, failures, root, site=SITE, torchrun="/usr/local/bin/torchrun"):
    """failures/root: dicts with time, host, rank, local_rank, exitcode, pid, traceback."""
    out = traceback(torchrun_main_frames(site, torchrun),
                    "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    out.append("=" * 60)
    out.append("%s FAILED" % script)
    out.append("-" * 60)
    out.append("Failures:")
    if not failures:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(failures, 1):
        out.extend(_failure_block(i, f))
    out.append("-" * 60)
    out.append("Root Cause (first observed failure):")
    out.extend(_failure_block(0, root))
    out.append("=" * 60)
    return out


def _failure_block(i, f):
    return [
        "[%d]:" % i,
        "  time      : %s" % f["time"],
        "  host      : %s" % f["host"],
        "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
        "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
        "  error_file: <N/A>",
        "  traceback : %s" % f.get("traceback", "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"),
    ]


def watchdog_timeout(rank, t, seq, op="ALLREDUCE", numel=1, timeout_ms=600000, extra_ms=None,
                     last_enq=None, last_comp=None, rng=None, pg="PG ID 0 PG GUID 0(default_pg)"):
    """torch 2.4-style watchdog timeout block for one rank (glog prefixed)."""
    if extra_ms is None:
        extra_ms = 30 + (rng.randint(0, 900) if rng else 77)
    if last_enq is None:
        last_enq = seq
    if last_comp is None:
        last_comp = seq - 1
    ran = timeout_ms + extra_ms
    p = lambda src, dt_ms=0: torch_glog(rank, t + dt.timedelta(milliseconds=dt_ms), "E", src)
    wn = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, op, numel, numel, timeout_ms)
    out = [
        "%s [%s Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (p("ProcessGroupNCCL.cpp:616"), pg, rank, wn, ran),
        "%s [%s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (p("ProcessGroupNCCL.cpp:1785", 1), pg, rank, seq, last_enq, last_comp),
        "%s [%s Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (p("ProcessGroupNCCL.cpp:1834", 1), pg, rank, seq, last_enq, last_comp),
        "%s [%s Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (p("ProcessGroupNCCL.cpp:630", 1), pg, rank),
        "%s [%s Rank %d] To avoid data inconsistency, we are taking the entire process down." % (p("ProcessGroupNCCL.cpp:636", 1), pg, rank),
        "%s [%s Rank %d] Process group watchdog thread terminated with exception: [%s Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (p("ProcessGroupNCCL.cpp:1595", 2), pg, rank, pg, rank, wn, ran),
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3c8a2b9446 in %s/torch/lib/libc10.so)" % SITE,
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x282 (0x7f3c8b5cc772 in %s/torch/lib/libtorch_cuda.so)" % SITE,
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3c8b5d3bb3 in %s/torch/lib/libtorch_cuda.so)" % SITE,
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3c8b5d561d in %s/torch/lib/libtorch_cuda.so)" % SITE,
        "frame #4: <unknown function> + 0xdc253 (0x7f3cd8aa5253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f3cda6a1ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: <unknown function> + 0x126850 (0x7f3cda733850 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [%s Rank %d] Process group watchdog thread terminated with exception: [%s Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pg, rank, pg, rank, wn, ran),
    ]
    return out


def remote_error(rank, t, peer_ip, peer_port, local_ip, status=12, vendor=129, direction="Recv",
                 pg="PG ID 0 PG GUID 0(default_pg)", nccl="2.21.5", host=None, pid=None, lr=0):
    """An NCCL async error on a rank that accuses a peer address."""
    out = []
    if host is not None:
        out.append("")
        out.append("%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=%d opcode=0 len=0 vendor err %d (%s) localGid ::ffff:%s remoteGids::ffff:%s" % (
            host, pid, pid + 211, lr, peer_ip, peer_port, status, vendor, direction, local_ip, peer_ip))
        out.append("%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (host, pid, pid + 211, lr))
        out.append("%s:%d:%d [%d] NCCL INFO proxy.cc:694 -> 6" % (host, pid, pid + 211, lr))
        out.append("%s:%d:%d [%d] NCCL INFO proxy.cc:874 -> 6 [Progress Thread]" % (host, pid, pid + 211, lr))
        out.append("")
    p = torch_glog(rank, t, "E", "ProcessGroupNCCL.cpp:1595")
    out.append("%s [%s Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version %s" % (p, pg, rank, nccl))
    out.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
    out.append("Last error:")
    out.append("NET/IB : Got completion from peer %s<%d> with status=%d opcode=0 len=0 vendor err %d (%s) localGid ::ffff:%s remoteGids::ffff:%s" % (
        peer_ip, peer_port, status, vendor, direction, local_ip, peer_ip))
    out.append("Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):")
    out.append("frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f21a0c6c446 in %s/torch/lib/libc10.so)" % SITE)
    out.append("frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 (0x7f21a1f8a1f0 in %s/torch/lib/libtorch_cuda.so)" % SITE)
    out.append("frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (0x7f21a1f8a43c in %s/torch/lib/libtorch_cuda.so)" % SITE)
    out.append("frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 (0x7f21a1f91b93 in %s/torch/lib/libtorch_cuda.so)" % SITE)
    out.append("")
    out.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    out.append("  what():  [%s Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version %s" % (pg, rank, nccl))
    return out


def sigterm_lines(t, agent_pid, pids, style="glog"):
    out = []
    for i, p in enumerate(pids):
        tt = t + dt.timedelta(milliseconds=i * 3)
        if style == "glog":
            out.append("%s Sending process %d closing signal SIGTERM" % (elastic_glog(tt, agent_pid), p))
        else:
            out.append("WARNING:torch.distributed.elastic.multiprocessing.api:Sending process %d closing signal SIGTERM" % p)
    return out


def fmt_gib(x):
    return "%.2f GiB" % x


def slurm_nodelist(prefix, nums, width):
    return ",".join("%s%0*d" % (prefix, width, n) for n in nums)


def ansi(code, text):
    return "\x1b[%sm%s\x1b[0m" % (code, text)
