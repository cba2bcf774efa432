"""Shared formatting helpers for corpus set 82 (gloo / torch.distributed.elastic captures).

Everything here is deterministic: times are built from fixed strings, no clock, no randomness
except the seeded generator handed out by ``rng``.
"""

import datetime as _dt
import random as _random

CATEGORIES = {
    "gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
    "numerical", "straggler", "user_code", "dependency", "unknown",
}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}


def rng(seed):
    return _random.Random(seed)


def D(s):
    """Parse 'YYYY-mm-dd HH:MM:SS' (optionally with .ffffff)."""
    if "." in s:
        return _dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S.%f")
    return _dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S")


def at(base, seconds):
    return base + _dt.timedelta(seconds=seconds)


def iso(d):
    return d.strftime("%Y-%m-%dT%H:%M:%S")


def stamp(d):
    return d.strftime("%Y-%m-%d %H:%M:%S")


def ms(d):
    return "%s,%03d" % (d.strftime("%Y-%m-%d %H:%M:%S"), d.microsecond // 1000)


def tfmt(d):
    """ChildFailedError 'time' field."""
    return d.strftime("%Y-%m-%d_%H:%M:%S")


def glog(level, d, pid, src, msg):
    """glog style line used by torch >= 2.4 python logging and c10d C++ logging."""
    return "%s%s.%06d %d %s] %s" % (level, d.strftime("%m%d %H:%M:%S"), d.microsecond, pid, src, msg)


def ctime(d):
    """dmesg -T style."""
    return d.strftime("%a %b %e %H:%M:%S %Y").replace("  ", " ")


def dmesg_T(d, msg):
    return "[%s] %s" % (d.strftime("%a %b %d %H:%M:%S %Y"), msg)


def dmesg_up(uptime, msg):
    return "[%12.6f] %s" % (uptime, msg)


def syslog(d, host, proc, msg):
    return "%s %s %s: %s" % (d.strftime("%b %e %H:%M:%S"), host, proc, msg)


def journal(d, host, proc, msg):
    return "%s %s %s: %s" % (d.strftime("%b %d %H:%M:%S"), host, proc, msg)


def lines(*parts):
    out = []
    for p in parts:
        if p is None:
            continue
        if isinstance(p, (list, tuple)):
            out.extend(p)
        else:
            out.append(p)
    return "\n".join(out) + "\n"


def prefix(text, pre):
    return "\n".join(pre + l for l in text.rstrip("\n").split("\n")) + "\n"


# --------------------------------------------------------------------------------------
# Python tracebacks
# --------------------------------------------------------------------------------------

def traceback(frames, exc, header="Traceback (most recent call last):"):
    """frames: list of (file, line, func, code)."""
    out = [header]
    for f, ln, fn, code in frames:
        out.append('  File "%s", line %d, in %s' % (f, ln, fn))
        if code:
            out.append("    " + code)
    out.extend(exc.split("\n"))
    return "\n".join(out)


SITE = {
    "2.0": "/opt/conda/lib/python3.10/site-packages",
    "2.1": "/usr/local/lib/python3.10/dist-packages",
    "2.2": "/usr/local/lib/python3.10/dist-packages",
    "2.3": "/opt/venv/lib/python3.11/site-packages",
    "2.4": "/usr/local/lib/python3.10/dist-packages",
    "2.5": "/home/mlops/.venv/lib/python3.10/site-packages",
}

# torchrun frames down to the point where it raises, per torch version
_LAUNCH = {
    "2.0": [("/opt/conda/bin/torchrun", 33, "<module>",
             "sys.exit(load_entry_point('torch==2.0.1', 'console_scripts', 'torchrun')())"),
            ("errors/__init__.py", 346), ("run.py", 794, 785), ("api.py", 134, 250)],
    "2.1": [("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
            ("errors/__init__.py", 346), ("run.py", 806, 797), ("api.py", 134, 264)],
    "2.2": [("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
            ("errors/__init__.py", 347), ("run.py", 812, 803), ("api.py", 135, 268)],
    "2.3": [("/opt/venv/bin/torchrun", 8, "<module>", "sys.exit(main())"),
            ("errors/__init__.py", 347), ("run.py", 879, 870), ("api.py", 132, 263)],
    "2.4": [("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
            ("errors/__init__.py", 355), ("run.py", 919, 910), ("api.py", 138, 269)],
    "2.5": [("/home/mlops/.venv/bin/torchrun", 8, "<module>", "sys.exit(main())"),
            ("errors/__init__.py", 355), ("run.py", 919, 910), ("api.py", 138, 269)],
}


def launcher_frames(ver, tail=None):
    """Frames of the torchrun process up to launch_agent. tail: extra frames after launch_agent."""
    site = SITE[ver]
    top, err, run, api = _LAUNCH[ver]
    fr = [top]
    fr.append((site + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", err[1], "wrapper",
               "return f(*args, **kwargs)"))
    fr.append((site + "/torch/distributed/run.py", run[1], "main", "run(args)"))
    fr.append((site + "/torch/distributed/run.py", run[2], "run", "elastic_launch("))
    fr.append((site + "/torch/distributed/launcher/api.py", api[1], "__call__",
               "return launch_agent(self._config, self._entrypoint, list(args))"))
    if tail is None:
        fr.append((site + "/torch/distributed/launcher/api.py", api[2], "launch_agent", "raise ChildFailedError("))
    else:
        fr.append((site + "/torch/distributed/launcher/api.py", api[2] - 15, "launch_agent", "result = agent.run()"))
        fr.extend(tail)
    return fr


def cfe_entry(idx, when, host, rank, local_rank, exitcode, pid, error_file="<N/A>", tb=None):
    out = ["[%d]:" % idx,
           "  time      : %s" % tfmt(when),
           "  host      : %s" % host,
           "  rank      : %d (local_rank: %d)" % (rank, local_rank),
           "  exitcode  : %d (pid: %d)" % (exitcode, pid),
           "  error_file: %s" % error_file]
    if tb is not None:
        tbl = tb.rstrip("\n").split("\n")
        out.append("  traceback : " + tbl[0])
        out.extend("  " + l for l in tbl[1:])
    elif exitcode < 0:
        sig = {-9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV", -6: "SIGABRT", -7: "SIGBUS"}[exitcode]
        out.append("  traceback : Signal %d (%s) received by PID %d" % (-exitcode, sig, pid))
    else:
        out.append("  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    return out


def child_failed(ver, script, root, others=(), width=60):
    """root/others: dicts for cfe_entry (without idx)."""
    out = [traceback(launcher_frames(ver),
                     "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")]
    out.append("=" * width)
    out.append("%s FAILED" % script)
    out.append("-" * width)
    out.append("Failures:")
    if not others:
        out.append("  <NO_OTHER_FAILURES>")
    else:
        for i, o in enumerate(others, 1):
            out.extend(cfe_entry(i, **o))
    out.append("-" * width)
    out.append("Root Cause (first observed failure):")
    out.extend(cfe_entry(0, **root))
    out.append("=" * width)
    return "\n".join(out)


# --------------------------------------------------------------------------------------
# elastic agent log lines per torch version
# --------------------------------------------------------------------------------------

_SRC = {
    "torch.distributed.elastic.multiprocessing.api": ("torch/distributed/elastic/multiprocessing/api.py",
                                                      {"W": 897, "E": 869, "I": 760}),
    "torch.distributed.elastic.agent.server.api": ("torch/distributed/elastic/agent/server/api.py",
                                                   {"W": 719, "E": 702, "I": 862}),
    "torch.distributed.run": ("torch/distributed/run.py", {"W": 793, "E": 793, "I": 793}),
    "torch.distributed.launcher.api": ("torch/distributed/launcher/api.py", {"W": 194, "E": 194, "I": 194}),
    "torch.distributed.elastic.agent.server.local_elastic_agent":
        ("torch/distributed/elastic/agent/server/local_elastic_agent.py", {"W": 291, "E": 291, "I": 291}),
    "torch.distributed.elastic.rendezvous.dynamic_rendezvous":
        ("torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", {"W": 1146, "E": 1146, "I": 1146}),
}
_LV = {"W": "WARNING", "E": "ERROR", "I": "INFO"}


def agent(ver, lvl, when, mod, msg, pid=0):
    """One elastic-agent log line in the format the given torch version prints."""
    if ver in ("2.0", "2.1"):
        return "%s:%s:%s" % (_LV[lvl], mod, msg)
    if ver in ("2.2", "2.3"):
        return "[%s] %s: [%s] %s" % (ms(when), mod, _LV[lvl], msg)
    src, nums = _SRC[mod]
    return glog(lvl, when, pid, src + ":%d" % nums[lvl], msg)


def omp_banner(ver, when, pid=0):
    text = ("Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your "
            "system being overloaded, please further tune the variable for optimal performance in your "
            "application as needed. ")
    stars = "*****************************************"
    if ver in ("2.0", "2.1"):
        return ["WARNING:torch.distributed.run:", stars, text, stars]
    return [agent(ver, "W", when, "torch.distributed.run", "", pid),
            agent(ver, "W", when, "torch.distributed.run", stars, pid),
            agent(ver, "W", when, "torch.distributed.run", text, pid),
            agent(ver, "W", when, "torch.distributed.run", stars, pid)]


def sigterm_lines(ver, when, pids, agent_pid=0):
    return [agent(ver, "W", when, "torch.distributed.elastic.multiprocessing.api",
                  "Sending process %d closing signal SIGTERM" % p, agent_pid) for p in pids]


def failed_line(ver, when, exitcode, local_rank, pid, binary, agent_pid=0):
    return agent(ver, "E", when, "torch.distributed.elastic.multiprocessing.api",
                 "failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (exitcode, local_rank, pid, binary),
                 agent_pid)


# --------------------------------------------------------------------------------------
# gloo error texts
# --------------------------------------------------------------------------------------

GLOO_SRC = {
    "wheel": "../third_party/gloo/gloo/transport/tcp",
    "conda": "/opt/conda/conda-bld/pytorch_1686274778240/work/third_party/gloo/gloo/transport/tcp",
    "new": "/pytorch/third_party/gloo/gloo/transport/tcp",
}


def gloo_closed(ip, port, src="wheel", line=534):
    return "[%s/pair.cc:%d] Connection closed by peer [%s]:%d" % (GLOO_SRC[src], line, ip, port)


def gloo_reset(ip, port, src="wheel", line=589):
    return "[%s/pair.cc:%d] Read error [%s]:%d: Connection reset by peer" % (GLOO_SRC[src], line, ip, port)


def gloo_recv_timeout(msec, src="wheel", line=81):
    return "[%s/unbound_buffer.cc:%d] Timed out waiting %dms for recv operation to complete" % (
        GLOO_SRC[src], line, msec)


def gloo_send_timeout(msec, src="wheel", line=133):
    return "[%s/unbound_buffer.cc:%d] Timed out waiting %dms for send operation to complete" % (
        GLOO_SRC[src], line, msec)


def c10d_frames(ver, op):
    """distributed_c10d frames for a collective call made from user code."""
    site = SITE[ver]
    lines_ = {
        "all_reduce": {"2.0": 1700, "2.1": 2050, "2.2": 2195, "2.3": 2219, "2.4": 2501, "2.5": 2501},
        "barrier": {"2.0": 3330, "2.1": 3703, "2.2": 3439, "2.3": 3441, "2.4": 4166, "2.5": 4166},
        "all_gather_object": {"2.0": 2134, "2.1": 2287, "2.2": 2436, "2.3": 2460, "2.4": 2757, "2.5": 2757},
        "broadcast": {"2.0": 1566, "2.1": 1914, "2.2": 1966, "2.3": 1990, "2.4": 2417, "2.5": 2417},
    }
    code = {
        "all_reduce": "work.wait()",
        "barrier": "work.wait()",
        "broadcast": "work.wait()",
        "all_gather_object": "all_gather(object_size_list, local_size, group=group)",
    }
    fr = []
    if ver != "2.0":
        ln = {"2.1": 47, "2.2": 72, "2.3": 75, "2.4": 83, "2.5": 83}[ver]
        fr.append((site + "/torch/distributed/c10d_logger.py", ln, "wrapper", "return func(*args, **kwargs)"))
    fr.append((site + "/torch/distributed/distributed_c10d.py", lines_[op][ver], op, code[op]))
    return fr
