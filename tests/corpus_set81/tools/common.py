"""Shared helpers for corpus set 81 (hang diagnosis bundles).

Standard library only. Everything is deterministic: no clock, and every
random choice goes through a random.Random seeded per case.
"""
import datetime as _dt
import json
import os
import random

CATEGORIES = {
    "gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
    "oom", "numerical", "straggler", "user_code", "dependency", "unknown",
}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
          "Nov", "Dec"]
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


class Bundle:
    """Collects the files of one case in memory, then writes them."""

    def __init__(self, name):
        self.name = name
        self.files = {}

    def add(self, relpath, text):
        if not text.endswith("\n"):
            text += "\n"
        if relpath in self.files:
            self.files[relpath] += text
        else:
            self.files[relpath] = text

    def lines(self, relpath, lines):
        self.add(relpath, "\n".join(lines))

    def node_dirs(self):
        """Top-level directories (and attempt_N/<node> dirs) that hold files."""
        dirs = set()
        for p in self.files:
            parts = p.split("/")
            if len(parts) < 2:
                continue
            if parts[0].startswith("attempt_") and len(parts) >= 3:
                dirs.add(parts[1])
            else:
                dirs.add(parts[0])
        return dirs

    def write(self, root):
        base = os.path.join(root, self.name)
        for rel in sorted(self.files):
            path = os.path.join(base, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(self.files[rel])
        return base


def write_json(bundle, relpath, obj):
    bundle.add(relpath, json.dumps(obj, indent=2, sort_keys=False))


class Clock:
    """A fixed wall clock for a case, with helpers for every log format."""

    def __init__(self, year, month, day, hour, minute, second, boot_offset_s):
        self.t0 = _dt.datetime(year, month, day, hour, minute, second)
        # dmesg uptime at t0
        self.boot = boot_offset_s

    def at(self, sec):
        return self.t0 + _dt.timedelta(seconds=sec)

    # 2024-05-02 11:14:29
    def iso(self, sec, sep=" "):
        return self.at(sec).strftime("%Y-%m-%d" + sep + "%H:%M:%S")

    def iso_ms(self, sec):
        t = self.at(sec)
        return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (t.microsecond // 1000)

    def k8s(self, sec):
        t = self.at(sec)
        return t.strftime("%Y-%m-%dT%H:%M:%S") + ".%06dZ" % t.microsecond

    # glog: E1104 22:41:09.812000  (digits=6) or .812000123 (digits=9)
    def glog(self, sec, level="E", digits=6):
        t = self.at(sec)
        frac = "%06d" % t.microsecond
        if digits == 9:
            frac += "%03d" % (int(sec * 1000000000) % 1000)
        return "%s%02d%02d %02d:%02d:%02d.%s" % (
            level, t.month, t.day, t.hour, t.minute, t.second, frac)

    # dmesg raw: [1234567.123456]
    def uptime(self, sec):
        v = self.boot + sec
        return "[%12.6f]" % v

    # dmesg -T: [Mon Mar 18 02:11:40 2024]
    def ctime(self, sec):
        t = self.at(sec)
        return "[%s %s %2d %02d:%02d:%02d %d]" % (
            DAYS[t.weekday()], MONTHS[t.month - 1], t.day, t.hour, t.minute,
            t.second, t.year)

    # syslog / journal: May 02 11:14:29
    def syslog(self, sec):
        t = self.at(sec)
        return "%s %02d %02d:%02d:%02d" % (MONTHS[t.month - 1], t.day, t.hour,
                                           t.minute, t.second)

    def slurm(self, sec):
        return self.at(sec).strftime("%Y-%m-%dT%H:%M:%S")

    def elastic(self, sec):
        return self.at(sec).strftime("%Y-%m-%d_%H:%M:%S")


def nccl_init(host, pid, tid, local, rank, nranks, ip, nccl_ver="2.20.5",
              cuda="12.4", ib=True, busid="18000", comm="0x55d0c8a1f2e0",
              plugin_noise=True):
    """The usual NCCL_DEBUG=INFO start-up chatter for one rank."""
    p = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, local)
    q = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, local)
    out = [p + "Bootstrap : Using ib0:%s<0>" % ip if ib else
           p + "Bootstrap : Using eth0:%s<0>" % ip]
    if plugin_noise:
        out.append(p + "NET/Plugin : Plugin load (libnccl-net.so) returned 2 : "
                   "libnccl-net.so: cannot open shared object file: No such file or directory")
        out.append(p + "NET/Plugin : No plugin found, using internal implementation")
    out.append(p + "cudaDriverVersion %s" % cuda.replace(".", "0") + "0")
    if rank == 0:
        out.append("NCCL version %s+cuda%s" % (nccl_ver, cuda))
    if ib:
        out.append(q + "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB "
                   "[3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB "
                   "[7]mlx5_7:1/IB ; OOB ib0:%s<0>" % ip)
        out.append(q + "Using network IB")
    else:
        out.append(q + "NET/Socket : Using [0]eth0:%s<0>" % ip)
        out.append(q + "Using network Socket")
    out.append(q + "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s "
               "commId 0x6b1f%04x9c2e7d41 - Init START" % (comm, rank, nranks, local,
                                                           local, busid, nranks))
    out.append(q + "Setting affinity for GPU %d to ffff,ffffffff" % local)
    out.append(q + "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s "
               "commId 0x6b1f%04x9c2e7d41 - Init COMPLETE" % (comm, rank, nranks, local,
                                                              local, busid, nranks))
    return out


BUS_IDS = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
PCI = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00",
       "0000:ab:00", "0000:ba:00", "0000:db:00"]


def pyspy(pid, cmd, threads, pyver="3.10.12", pybin="/usr/bin/python3.10"):
    """py-spy dump text. threads: list of (tid, state, name, frames)."""
    out = ["Process %d: %s" % (pid, cmd), "Python v%s (%s)" % (pyver, pybin), ""]
    for tid, state, name, frames in threads:
        head = "Thread %d (%s)" % (tid, state)
        if name:
            head += ': "%s"' % name
        out.append(head)
        for f in frames:
            out.append("    " + f)
    return out


def faulthandler_dump(threads, header=None):
    """threads: list of (addr, current, frames[(file, line, func)])."""
    out = []
    if header:
        out.append(header)
    for i, (addr, current, frames) in enumerate(threads):
        if i:
            out.append("")
        out.append("%s 0x%016x (most recent call first):" % (
            "Current thread" if current else "Thread", addr))
        for fname, line, func in frames:
            out.append('  File "%s", line %d in %s' % (fname, line, func))
    return out


def child_failed(script, host, rank, local, exitcode, pid, when, sig=None,
                 others=None):
    """torchelastic ChildFailedError summary block."""
    out = ["Traceback (most recent call last):",
           '  File "/usr/local/bin/torchrun", line 8, in <module>',
           "    sys.exit(main())",
           '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 347, in wrapper',
           "    return f(*args, **kwargs)",
           '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 812, in main',
           "    run(args)",
           '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 803, in run',
           "    elastic_launch(",
           '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 135, in __call__',
           "    return launch_agent(self._config, self._entrypoint, list(args))",
           '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 268, in launch_agent',
           "    raise ChildFailedError(",
           "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
           "=" * 60,
           "%s FAILED" % script,
           "-" * 60,
           "Failures:"]
    if others:
        for i, (r, lr, ec, p, w, s) in enumerate(others, 1):
            out += ["[%d]:" % i,
                    "  time      : %s" % w,
                    "  host      : %s" % host,
                    "  rank      : %d (local_rank: %d)" % (r, lr),
                    "  exitcode  : %d (pid: %d)" % (ec, p),
                    "  error_file: <N/A>",
                    "  traceback : %s" % (s or "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")]
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out += ["-" * 60,
            "Root Cause (first observed failure):",
            "[0]:",
            "  time      : %s" % when,
            "  host      : %s" % host,
            "  rank      : %d (local_rank: %d)" % (rank, local),
            "  exitcode  : %d (pid: %d)" % (exitcode, pid),
            "  error_file: <N/A>",
            "  traceback : %s" % (sig or "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"),
            "=" * 60]
    return out


def watchdog_cpp_frames(tp="/usr/local/lib/python3.10/dist-packages/torch/lib",
                        line=565, newer=True):
    if newer:
        return [
            "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:%d (most recent call first):" % line,
            "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f3a1c97a897 in %s/libc10.so)" % tp,
            "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f3a1dc5a1b2 in %s/libtorch_cuda.so)" % tp,
            "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1a0 (0x7f3a1dc5efd0 in %s/libtorch_cuda.so)" % tp,
            "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f3a1dc6031c in %s/libtorch_cuda.so)" % tp,
            "frame #4: <unknown function> + 0xdc253 (0x7f3a6a2b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
            "frame #5: <unknown function> + 0x94ac3 (0x7f3a6c05aac3 in /lib/x86_64-linux-gnu/libc.so.6)",
            "frame #6: clone + 0x44 (0x7f3a6c0eb850 in /lib/x86_64-linux-gnu/libc.so.6)",
            ""]
    return [
        "Exception raised from ncclCommWatchdog at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:%d (most recent call first):" % line,
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f3a1c97a617 in %s/libc10.so)" % tp,
        "frame #1: <unknown function> + 0xdfbec1 (0x7f3a1db3bec1 in %s/libtorch_cuda.so)" % tp,
        "frame #2: <unknown function> + 0xdc253 (0x7f3a6a2b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #3: <unknown function> + 0x94ac3 (0x7f3a6c05aac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #4: clone + 0x44 (0x7f3a6c0eb850 in /lib/x86_64-linux-gnu/libc.so.6)",
        ""]


def work(seq, op, nin, nout, tmo):
    if nin is None:
        return "WorkNCCL(SeqNum=%d, OpType=%s, Timeout(ms)=%d)" % (seq, op, tmo)
    return "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (
        seq, op, nin, nout, tmo)


def watchdog_block(ver, clock, sec, rank, seq, op, nin, nout, tmo, ran, enq, comp,
                   pg="0", pgdesc="default_pg", tp=None):
    """The lines a waiting rank prints when its NCCL watchdog fires.

    ver is one of '1.13', '2.1', '2.3', '2.4', '2.5', '2.7'.
    """
    w = work(seq, op, nin, nout, tmo)
    msg = "[Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, w, ran)
    tpath = tp or "/usr/local/lib/python3.10/dist-packages/torch/lib"
    out = []
    if ver == "1.13":
        out.append("[E ProcessGroupNCCL.cpp:737] " + msg)
        out.append("[E ProcessGroupNCCL.cpp:414] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. To avoid this inconsistency, we are taking the entire process down.")
        out.append("terminate called after throwing an instance of 'std::runtime_error'")
        out.append("  what():  " + msg)
        return out
    if ver == "2.1":
        out.append("[E ProcessGroupNCCL.cpp:475] " + msg)
        out.append("[E ProcessGroupNCCL.cpp:489] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.")
        out.append("[E ProcessGroupNCCL.cpp:495] To avoid data inconsistency, we are taking the entire process down.")
        out.append("[E ProcessGroupNCCL.cpp:916] [Rank %d] NCCL watchdog thread terminated with exception: %s" % (rank, msg))
        out.append("terminate called after throwing an instance of 'std::runtime_error'")
        out.append("  what():  [Rank %d] NCCL watchdog thread terminated with exception: %s" % (rank, msg))
        return out
    rp = "[rank%d]:" % rank
    if ver == "2.3":
        pre = "[PG %s Rank %d]" % (pg, rank)
        out.append(rp + "[E ProcessGroupNCCL.cpp:563] " + msg)
        out.append(rp + "[E ProcessGroupNCCL.cpp:1537] %s Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (pre, seq, enq, comp))
        out.append(rp + "[E ProcessGroupNCCL.cpp:577] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank)
        out.append(rp + "[E ProcessGroupNCCL.cpp:583] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank)
        out.append(rp + "[E ProcessGroupNCCL.cpp:1414] %s Process group watchdog thread terminated with exception: %s" % (pre, msg))
        out += watchdog_cpp_frames(tpath, 565)
        out.append("terminate called after throwing an instance of 'c10::DistBackendError'")
        out.append("  what():  %s Process group watchdog thread terminated with exception: %s" % (pre, msg))
        return out
    g = lambda s, lvl="E": "%s[%s " % (rp, clock.glog(s, lvl, 9))
    if ver == "2.4":
        pre = "[PG %s Rank %d]" % (pg, rank)
        out.append(g(sec) + "ProcessGroupNCCL.cpp:607] " + msg)
        out.append(g(sec + 0.0003) + "ProcessGroupNCCL.cpp:1664] %s Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (pre, seq, enq, comp))
        out.append(g(sec + 0.0004) + "ProcessGroupNCCL.cpp:1709] %s Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (pre, seq, enq, comp))
        out.append(g(sec + 0.0005) + "ProcessGroupNCCL.cpp:621] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank)
        out.append(g(sec + 0.0006) + "ProcessGroupNCCL.cpp:627] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank)
        out.append(g(sec + 0.0021) + "ProcessGroupNCCL.cpp:1515] %s Process group watchdog thread terminated with exception: %s" % (pre, msg))
        out += watchdog_cpp_frames(tpath, 609)
        out.append("terminate called after throwing an instance of 'c10::DistBackendError'")
        out.append("  what():  %s Process group watchdog thread terminated with exception: %s" % (pre, msg))
        return out
    pre = "[PG ID %s PG GUID %s(%s) Rank %d]" % (pg, pg, pgdesc, rank)
    if ver == "2.5":
        out.append(g(sec) + "ProcessGroupNCCL.cpp:616] " + msg)
        out.append(g(sec + 0.0004) + "ProcessGroupNCCL.cpp:1785] %s Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (pre, seq, enq, comp))
        out.append(g(sec + 0.0007) + "ProcessGroupNCCL.cpp:1834] %s Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (pre, seq, enq, comp))
        out.append(g(sec + 0.0008) + "ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank)
        out.append(g(sec + 0.0009) + "ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank)
        out.append(g(sec + 0.0030) + "ProcessGroupNCCL.cpp:1595] %s Process group watchdog thread terminated with exception: %s" % (pre, msg))
        out += watchdog_cpp_frames(tpath, 618)
        out.append("terminate called after throwing an instance of 'c10::DistBackendError'")
        out.append("  what():  %s Process group watchdog thread terminated with exception: %s" % (pre, msg))
        return out
    if ver == "2.7":
        out.append(g(sec) + "ProcessGroupNCCL.cpp:632] " + msg)
        out.append(g(sec + 0.0004) + "ProcessGroupNCCL.cpp:2271] %s failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d" % (pre, seq, enq, comp))
        return out
    raise ValueError(ver)


def validate_label(label, node_dirs):
    errs = []
    for key in ("category", "layer", "culprit", "action", "rationale", "modelled_on"):
        if key not in label:
            errs.append("missing key %s" % key)
    if errs:
        return errs
    if label["category"] not in CATEGORIES:
        errs.append("bad category %r" % label["category"])
    if label["layer"] not in LAYERS:
        errs.append("bad layer %r" % label["layer"])
    if label["action"] not in ACTIONS:
        errs.append("bad action %r" % label["action"])
    c = label["culprit"]
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            errs.append("culprit must be null or {node, rank}")
        else:
            if c["node"] not in node_dirs:
                errs.append("culprit node %r has no directory" % c["node"])
            if c["rank"] is not None and (not isinstance(c["rank"], int) or c["rank"] < 0):
                errs.append("culprit rank must be null or a non-negative int")
    if not isinstance(label["rationale"], str) or not label["rationale"].strip():
        errs.append("empty rationale")
    if not str(label["modelled_on"]).startswith("https://"):
        errs.append("modelled_on must be an https URL")
    return errs


def rng(seed):
    return random.Random(seed)
