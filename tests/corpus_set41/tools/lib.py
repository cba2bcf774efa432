"""Shared helpers for the al* corpus generator (stdlib only, deterministic)."""
import datetime as _dt
import json
import os
import random

UTC = _dt.timezone.utc

ALLOWED = {
    "category": {"user_code", "dependency", "oom", "numerical", "hang", "network", "storage",
                 "gpu_hardware", "gpu_memory", "nvlink", "host", "straggler", "unknown"},
    "layer": {"script", "framework", "infrastructure"},
    "action": {"stop", "restart", "restart_without_node", "run_diagnostics", "none"},
}


# ---------------------------------------------------------------- case container
class Case:
    def __init__(self, root, name):
        self.root = root
        self.name = name
        self.files = {}
        self.hosts = set()
        self._label = None

    def w(self, rel, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text)
        if not text.endswith("\n"):
            text += "\n"
        if rel in self.files:
            raise ValueError("duplicate file %s in %s" % (rel, self.name))
        self.files[rel] = text

    def wj(self, rel, obj, indent=2):
        self.w(rel, json.dumps(obj, indent=indent, ensure_ascii=True))

    def host(self, *names):
        for n in names:
            self.hosts.add(n)

    def label(self, category, layer, node, rank, action, rationale, modelled_on):
        assert category in ALLOWED["category"], category
        assert layer in ALLOWED["layer"], layer
        assert action in ALLOWED["action"], action
        culprit = None
        if node is not None:
            culprit = {"node": node}
            if rank is not None:
                culprit["rank"] = rank
        self._label = {"category": category, "layer": layer, "culprit": culprit,
                       "action": action, "rationale": rationale, "modelled_on": modelled_on}

    def topology(self, topo):
        self.wj("topology.json", {"topology": topo})

    def flush(self):
        assert self._label is not None, self.name
        base = os.path.join(self.root, self.name)
        for rel, text in sorted(self.files.items()):
            p = os.path.join(base, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        with open(os.path.join(base, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(self._label, indent=2) + "\n")


# ---------------------------------------------------------------- time helpers
def T(s):
    """'2024-03-12 09:12:44.081' -> aware UTC datetime"""
    fmt = "%Y-%m-%d %H:%M:%S.%f" if "." in s else "%Y-%m-%d %H:%M:%S"
    return _dt.datetime.strptime(s, fmt).replace(tzinfo=UTC)


def secs(x):
    return _dt.timedelta(seconds=x)


def epoch(dt):
    return int(dt.timestamp())


def pylog(dt):
    return dt.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (dt.microsecond // 1000)


def glog(level, dt, tid, src):
    # torch >= 2.2 style (python logging rendered glog-like, micros end in 000)
    us = (dt.microsecond // 1000) * 1000
    return "%s%s %s.%06d %d %s] " % (level, dt.strftime("%m%d"), dt.strftime("%H:%M:%S"), us, tid, src)


def cglog(level, dt, src):
    # c++ glog as printed by c10 ([W312 ...] style of torch 2.x C++ side)
    return "[%s%s %s.%09d %s] " % (level, dt.strftime("%m%d"), dt.strftime("%H:%M:%S"),
                                   dt.microsecond * 1000 + 417, src)


def iso(dt, z=True, ms=True):
    s = dt.strftime("%Y-%m-%dT%H:%M:%S")
    if ms:
        s += ".%03d" % (dt.microsecond // 1000)
    return s + ("Z" if z else "+00:00")


def dmesg_T(dt):
    return "[%s %s %2d %s %d]" % (dt.strftime("%a"), dt.strftime("%b"), dt.day, dt.strftime("%H:%M:%S"), dt.year)


def uptime_stamp(dt, boot):
    return "[%12.6f]" % (dt - boot).total_seconds()


def syslog_prefix(dt, host, tag):
    return "%s %2d %s %s %s: " % (dt.strftime("%b"), dt.day, dt.strftime("%H:%M:%S"), host, tag)


def journal_prefix(dt, host, tag, offset_h=0):
    d = dt + _dt.timedelta(hours=offset_h)
    sign = "+" if offset_h >= 0 else "-"
    return "%s.%06d%s%02d%02d %s %s: " % (d.strftime("%Y-%m-%dT%H:%M:%S"), d.microsecond, sign,
                                         abs(offset_h), 0, host, tag)


def elastic_time(dt):
    return dt.strftime("%Y-%m-%d_%H:%M:%S")


# ---------------------------------------------------------------- torch versions
class TV:
    """Torch version flavour: controls launcher log style and source line numbers."""

    def __init__(self, ver, py="3.10", prefix="/opt/conda"):
        self.ver = ver
        self.py = py
        self.prefix = prefix
        major, minor = [int(x) for x in ver.split(".")[:2]]
        self.minor = minor if major == 2 else -1
        if self.minor <= 0:
            self.style = "old"
        elif self.minor == 1:
            self.style = "b21"
        elif self.minor <= 4:
            self.style = "glog"
        else:
            self.style = "site"
        self.site = "%s/lib/python%s/site-packages" % (prefix, py)
        # version specific line numbers (approximate, consistent within a version)
        table = {
            -1: dict(mp_api=610, fail=543, c10d_ar=1320, c10d_bar=2709, pair_closed=598, pair_read=575,
                     ub_recv=84, ub_send=136, run_main=723, run_run=714, launch_call=131, launch_raise=245, wrapper=345),
            0: dict(mp_api=699, fail=609, c10d_ar=1436, c10d_bar=3145, pair_closed=534, pair_read=589,
                    ub_recv=81, ub_send=129, run_main=794, run_run=785, launch_call=134, launch_raise=250, wrapper=346),
            1: dict(mp_api=836, fail=760, c10d_ar=2050, c10d_bar=3696, pair_closed=534, pair_read=589,
                    ub_recv=81, ub_send=129, run_main=806, run_run=797, launch_call=134, launch_raise=264, wrapper=346),
            2: dict(mp_api=835, fail=759, c10d_ar=2050, c10d_bar=3703, pair_closed=534, pair_read=589,
                    ub_recv=81, ub_send=129, run_main=812, run_run=803, launch_call=135, launch_raise=268, wrapper=347),
            3: dict(mp_api=858, fail=834, c10d_ar=2195, c10d_bar=3683, pair_closed=534, pair_read=589,
                    ub_recv=81, ub_send=129, run_main=879, run_run=870, launch_call=132, launch_raise=263, wrapper=347),
            4: dict(mp_api=858, fail=833, c10d_ar=2288, c10d_bar=3936, pair_closed=534, pair_read=589,
                    ub_recv=81, ub_send=129, run_main=901, run_run=892, launch_call=133, launch_raise=260, wrapper=348),
            5: dict(mp_api=897, fail=869, c10d_ar=2501, c10d_bar=4159, pair_closed=535, pair_read=590,
                    ub_recv=81, ub_send=129, run_main=919, run_run=910, launch_call=138, launch_raise=269, wrapper=355),
            6: dict(mp_api=897, fail=869, c10d_ar=2806, c10d_bar=4551, pair_closed=546, pair_read=601,
                    ub_recv=81, ub_send=129, run_main=918, run_run=909, launch_call=138, launch_raise=270, wrapper=355),
        }
        self.n = table[self.minor]
        self.gloo_src = "../third_party/gloo/gloo/transport/tcp" if self.minor < 5 else \
            "/pytorch/third_party/gloo/gloo/transport/tcp"

    # ---- gloo message texts
    def closed_by_peer(self, ip, port):
        return "[%s/pair.cc:%d] Connection closed by peer [%s]:%d" % (self.gloo_src, self.n["pair_closed"], ip, port)

    def read_error(self, ip, port, why="Connection reset by peer"):
        return "[%s/pair.cc:%d] Read error [%s]:%d: %s" % (self.gloo_src, self.n["pair_read"], ip, port, why)

    def recv_timeout(self, ms=1800000):
        return "[%s/unbound_buffer.cc:%d] Timed out waiting %dms for recv operation to complete" % (
            self.gloo_src, self.n["ub_recv"], ms)

    def send_timeout(self, ms=1800000):
        return "[%s/unbound_buffer.cc:%d] Timed out waiting %dms for send operation to complete" % (
            self.gloo_src, self.n["ub_send"], ms)

    # ---- launcher log line prefixes
    def _mod_path(self, mod):
        rel = mod.replace(".", "/") + ".py"
        if self.style == "site":
            return "site-packages/" + rel
        return rel

    def log(self, level, dt, tid, mod, line, msg):
        """One launcher log line. level: I/W/E. mod: dotted module name."""
        name = {"I": "INFO", "W": "WARNING", "E": "ERROR"}[level]
        if self.style == "old":
            return "%s:%s:%s" % (name, mod, msg)
        if self.style == "b21":
            return "[%s] %s: [%s] %s" % (pylog(dt), mod, name, msg)
        return glog(level, dt, tid, "%s:%d" % (self._mod_path(mod), line)) + msg

    def sigterm(self, dt, tid, pid):
        return self.log("W", dt, tid, "torch.distributed.elastic.multiprocessing.api", self.n["mp_api"],
                        "Sending process %d closing signal SIGTERM" % pid)

    def failed(self, dt, tid, exitcode, local_rank, pid, binary=None):
        binary = binary or ("%s/bin/python" % self.prefix)
        return self.log("E", dt, tid, "torch.distributed.elastic.multiprocessing.api", self.n["fail"],
                        "failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (exitcode, local_rank, pid, binary))

    def omp_banner(self, dt, tid):
        star = "*****************************************"
        msg = ("Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your "
               "system being overloaded, please further tune the variable for optimal performance in your "
               "application as needed. ")
        if self.style == "old":
            return ["WARNING:torch.distributed.run:", star, msg, star]
        if self.style == "b21":
            p = "[%s] torch.distributed.run: [WARNING] " % pylog(dt)
            return [p, p + star, p + msg, p + star]
        p = glog("W", dt, tid, "%s:%d" % (self._mod_path("torch.distributed.run"), 793 if self.minor < 5 else 792))
        return [p, p + star, p + msg, p + star]

    def torchrun_tb(self, launcher="torchrun"):
        s = self.site
        n = self.n
        out = ["Traceback (most recent call last):"]
        if self.minor <= 0:
            out += ['  File "%s/bin/torchrun", line 33, in <module>' % self.prefix,
                    "    sys.exit(load_entry_point('torch==%s', 'console_scripts', 'torchrun')())" % self.ver]
        elif launcher == "module":
            out += ['  File "%s/lib/python%s/runpy.py", line 196, in _run_module_as_main' % (self.prefix, self.py),
                    '    return _run_code(code, main_globals, None,',
                    '  File "%s/lib/python%s/runpy.py", line 86, in _run_code' % (self.prefix, self.py),
                    '    exec(code, run_globals)',
                    '  File "%s/torch/distributed/run.py", line %d, in <module>' % (s, n["run_main"] + 8),
                    '    main()']
        else:
            out += ['  File "%s/bin/torchrun", line 8, in <module>' % self.prefix,
                    '    sys.exit(main())']
        out += ['  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line %d, in wrapper' % (s, n["wrapper"]),
                '    return f(*args, **kwargs)',
                '  File "%s/torch/distributed/run.py", line %d, in main' % (s, n["run_main"]),
                '    run(args)',
                '  File "%s/torch/distributed/run.py", line %d, in run' % (s, n["run_run"]),
                '    elastic_launch(',
                '  File "%s/torch/distributed/launcher/api.py", line %d, in __call__' % (s, n["launch_call"]),
                '    return launch_agent(self._config, self._entrypoint, list(args))',
                '  File "%s/torch/distributed/launcher/api.py", line %d, in launch_agent' % (s, n["launch_raise"]),
                '    raise ChildFailedError(']
        return out

    def frames_all_reduce(self):
        s = self.site
        if self.minor <= 0:
            return [('%s/torch/distributed/distributed_c10d.py' % s, self.n["c10d_ar"], "all_reduce", "work.wait()")]
        return [('%s/torch/distributed/c10d_logger.py' % s, 47 if self.minor < 3 else 75 if self.minor < 5 else 81,
                 "wrapper", "return func(*args, **kwargs)"),
                ('%s/torch/distributed/distributed_c10d.py' % s, self.n["c10d_ar"], "all_reduce", "work.wait()")]

    def frames_barrier(self):
        s = self.site
        fr = []
        if self.minor >= 1:
            fr.append(('%s/torch/distributed/c10d_logger.py' % s, 47 if self.minor < 3 else 75 if self.minor < 5 else 81,
                       "wrapper", "return func(*args, **kwargs)"))
        fr.append(('%s/torch/distributed/distributed_c10d.py' % s, self.n["c10d_bar"], "barrier", "work.wait()"))
        return fr

    def frames_backward(self):
        s = self.site
        return [('%s/torch/_tensor.py' % s, 492 if self.minor < 3 else 521, "backward", "torch.autograd.backward("),
                ('%s/torch/autograd/__init__.py' % s, 251 if self.minor < 3 else 289, "backward", "_engine_run_backward(" if self.minor >= 3 else "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
                ] + ([('%s/torch/autograd/graph.py' % s, 768, "_engine_run_backward",
                       "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]
                     if self.minor >= 3 else [])

    def frames_wrapper(self):
        return [('%s/torch/distributed/elastic/multiprocessing/errors/__init__.py' % self.site, self.n["wrapper"],
                 "wrapper", "return f(*args, **kwargs)")]


# ---------------------------------------------------------------- tracebacks
def traceback(frames, exc_lines, prefix="", chained=None):
    """frames: list of (file, line, func, code). exc_lines: final exception line(s)."""
    out = []
    if chained:
        out += chained
        out += ["", "The above exception was the direct cause of the following exception:", ""]
    out.append("Traceback (most recent call last):")
    for f, ln, fn, code in frames:
        out.append('  File "%s", line %d, in %s' % (f, ln, fn))
        if code:
            out.append("    " + code)
    if isinstance(exc_lines, str):
        exc_lines = [exc_lines]
    out += exc_lines
    if prefix:
        out = [prefix + l for l in out]
    return out


def tb_text(frames, exc_lines):
    return "\n".join(traceback(frames, exc_lines)) + "\n"


def error_json(exc_message, frames, exc_lines, dt):
    return {"message": {"message": exc_message,
                        "extraInfo": {"py_callstack": tb_text(frames, exc_lines), "timestamp": str(epoch(dt))}}}


# ---------------------------------------------------------------- ChildFailedError table
def failure_entry(idx, dt, host, rank, local_rank, exitcode, pid, error_file, tb, tv):
    """tb: list of lines (python traceback) or a plain string (signal / no traceback)."""
    sig = ""
    if tv.minor >= 5 and exitcode < 0:
        sig = " (%s)" % {-9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV", -7: "SIGBUS", -6: "SIGABRT"}.get(exitcode, "")
    lines = ["[%d]:" % idx,
             "  time      : %s" % elastic_time(dt),
             "  host      : %s" % host,
             "  rank      : %d (local_rank: %d)" % (rank, local_rank),
             "  exitcode  : %d (pid: %d)%s" % (exitcode, pid, (" " + sig) if sig else ""),
             "  error_file: %s" % (error_file or "<N/A>")]
    if isinstance(tb, str):
        lines.append("  traceback : %s" % tb)
    else:
        lines.append("  traceback : %s" % tb[0])
        for l in tb[1:]:
            lines.append("  " + l)
        lines.append("  ")
    return lines


def no_tb(exitcode, pid):
    if exitcode < 0:
        sig = {-9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV", -7: "SIGBUS", -6: "SIGABRT"}[exitcode]
        return "Signal %d (%s) received by PID %d" % (-exitcode, sig, pid)
    return "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"


def child_failed(script, root, others):
    """root/others: lists of lines from failure_entry."""
    body = []
    for o in others:
        body += o
    width = max([len(script) + 7] + [len(l) for l in root + body])
    width = min(width, 60)
    out = ["torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
           "=" * width, "%s FAILED" % script, "-" * width, "Failures:"]
    out += body if body else ["  <NO_OTHER_FAILURES>"]
    out += ["-" * width, "Root Cause (first observed failure):"] + root + ["=" * width]
    return out


# ---------------------------------------------------------------- launcher preamble
def launch_configs(tv, dt, tid, entry, nmin, nmax, nproc, run_id, backend, endpoint, max_restarts,
                   monitor=5, log_dir=None, rdzv_configs="{'timeout': 900}"):
    rows = [("entrypoint", entry), ("min_nodes", nmin), ("max_nodes", nmax), ("nproc_per_node", nproc),
            ("run_id", run_id), ("rdzv_backend", backend), ("rdzv_endpoint", endpoint),
            ("rdzv_configs", rdzv_configs), ("max_restarts", max_restarts), ("monitor_interval", monitor),
            ("log_dir", log_dir), ("metrics_cfg", "{}")]
    line = 188 if tv.minor <= 3 else 189 if tv.minor == 4 else 250
    if tv.style in ("old", "b21"):
        first = "Starting elastic_operator with launch configs:"
        out = [("INFO:torch.distributed.launcher.api:" if tv.style == "old" else "[%s] torch.distributed.launcher.api: [INFO] " % pylog(dt)) + first]
        out += ["  %-16s : %s" % (k, v) for k, v in rows]
        out.append("")
        return out
    p = glog("I", dt, tid, "%s:%d" % (tv._mod_path("torch.distributed.launcher.api"), line))
    out = [p + "Starting elastic_operator with launch configs:"]
    out += [p + "  %-16s : %s" % (k, v) for k, v in rows]
    out.append(p)
    return out


def rdzv_complete(tv, dt, tid, restart_count, master_addr, master_port, group_rank, gws, nproc):
    ranks = [group_rank * nproc + i for i in range(nproc)]
    ws = gws * nproc
    rows = ["restart_count=%d" % restart_count, "master_addr=%s" % master_addr, "master_port=%d" % master_port,
            "group_rank=%d" % group_rank, "group_world_size=%d" % gws,
            "local_ranks=%s" % list(range(nproc)), "role_ranks=%s" % ranks, "global_ranks=%s" % ranks,
            "role_world_sizes=%s" % ([ws] * nproc), "global_world_sizes=%s" % ([ws] * nproc)]
    mod = "torch.distributed.elastic.agent.server.api"
    if tv.style in ("old", "b21"):
        out = [tv.log("I", dt, tid, mod, 0, "[default] Rendezvous complete for workers. Result:")]
        out += ["  " + r for r in rows]
        out.append("")
        return out
    ln = 568 if tv.minor < 5 else 525
    p = glog("I", dt, tid, "%s:%d" % (tv._mod_path(mod), ln))
    return [p + "[default] Rendezvous complete for workers. Result:"] + [p + "  " + r for r in rows] + [p]


def agent_info(tv, dt, tid, msg, ln=None):
    mod = "torch.distributed.elastic.agent.server.api"
    return tv.log("I", dt, tid, mod, ln or (723 if tv.minor < 5 else 689), msg)


def agent_warn(tv, dt, tid, msg, ln=None):
    mod = "torch.distributed.elastic.agent.server.api"
    return tv.log("W", dt, tid, mod, ln or (883 if tv.minor < 5 else 867), msg)


# ---------------------------------------------------------------- training progress
class Progress:
    """Generates per-rank training log lines with a chosen format."""

    def __init__(self, rng, fmt, rank, world, loss0=6.5, loss_floor=2.1, lr=3e-4, bs=32, host=None):
        self.rng = rng
        self.fmt = fmt
        self.rank = rank
        self.world = world
        self.loss0 = loss0
        self.floor = loss_floor
        self.lr = lr
        self.bs = bs
        self.host = host

    def loss_at(self, step):
        base = self.floor + (self.loss0 - self.floor) * (0.9995 ** step)
        return base * (1 + self.rng.uniform(-0.03, 0.03))

    def line(self, dt, step, total, epoch=0, loss=None, step_time=0.42, extra=""):
        loss = self.loss_at(step) if loss is None else loss
        r = self.rank
        sps = self.bs / max(step_time, 1e-3)
        if self.fmt == "pylog":
            s = "%s INFO [trainer.py:%d] rank=%d epoch=%d step=%d/%d loss=%.4f lr=%.2e samples/s=%.1f step_time=%.3fs" % (
                pylog(dt), 241, r, epoch, step, total, loss, self.lr, sps, step_time)
        elif self.fmt == "bracket":
            s = "[%s] [rank %d] ep %d it %d/%d | loss %.4f | %.3f s/it | lr %.3g" % (
                dt.strftime("%Y-%m-%d %H:%M:%S"), r, epoch, step, total, loss, step_time, self.lr)
        elif self.fmt == "absl":
            s = "I%s %s.%06d %d train.py:%d] step %d loss %.4f gnorm %.3f tput %.1f ex/s" % (
                dt.strftime("%m%d"), dt.strftime("%H:%M:%S"), dt.microsecond, 4000 + r, 318, step, loss,
                self.rng.uniform(0.6, 1.4), sps)
        elif self.fmt == "json":
            s = json.dumps({"ts": iso(dt), "rank": r, "epoch": epoch, "step": step, "loss": round(loss, 4),
                            "lr": self.lr, "step_time": round(step_time, 3)}, sort_keys=False)
        elif self.fmt == "iso":
            s = "%s rank%02d step=%07d loss=%.5f tokens/s=%.0f" % (iso(dt), r, step, loss, sps * 512)
        else:
            raise ValueError(self.fmt)
        return s + extra

    def run(self, start, step0, step1, every, step_time, total, epoch=0, jitter=0.05):
        out = []
        dt = start
        for s in range(step0, step1 + 1, every):
            st = step_time * (1 + self.rng.uniform(-jitter, jitter))
            out.append(self.line(dt, s, total, epoch, step_time=st))
            dt = dt + secs(st * every)
        return out, dt


# ---------------------------------------------------------------- noise
KERNEL_NOISE = [
    "perf: interrupt took too long (%d > %d), lowering kernel.perf_event_max_sample_rate to %d",
    "IPv6: ADDRCONF(NETDEV_CHANGE): veth%x: link becomes ready",
    "docker0: port 1(veth%x) entered forwarding state",
    "audit: type=1400 audit(%d.%03d:%d): apparmor=\"STATUS\" operation=\"profile_replace\" profile=\"unconfined\" name=\"/usr/bin/man\" pid=%d comm=\"apparmor_parser\"",
    "TCP: request_sock_TCP: Possible SYN flooding on port %d. Sending cookies.  Check SNMP counters.",
    "nfs: server nfs-home.cluster.local OK",
    "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null)",
    "systemd-journald[%d]: Data hash table of /var/log/journal/%032x/system.journal has a fill level at 75.0 (%d of %d items, %d file size, %d bytes per hash table item), suggesting rotation.",
]


def kernel_noise(rng, n):
    out = []
    for _ in range(n):
        t = rng.choice(KERNEL_NOISE)
        if t.startswith("perf"):
            a = rng.randint(2501, 3900)
            out.append(t % (a, a - rng.randint(1, 400), rng.choice([79750, 63750, 50750])))
        elif "veth" in t and "forwarding" in t:
            out.append(t % rng.getrandbits(28))
        elif "veth" in t:
            out.append(t % rng.getrandbits(28))
        elif t.startswith("audit"):
            out.append(t % (rng.randint(1700000000, 1720000000), rng.randint(0, 999), rng.randint(10, 99), rng.randint(1000, 9999)))
        elif t.startswith("TCP"):
            out.append(t % rng.choice([22, 6817, 29400]))
        elif t.startswith("systemd"):
            out.append(t % (rng.randint(400, 900), rng.getrandbits(128), rng.randint(10000, 30000), 40000,
                            rng.randint(10, 90) * 1048576, 112))
        else:
            out.append(t)
    return out


def syslog_noise(rng, host):
    c = rng.randint(0, 9)
    if c == 0:
        return "CRON[%d]: (root) CMD (command -v debian-sa1 > /dev/null && debian-sa1 1 1)" % rng.randint(10000, 99999), "CRON"
    if c == 1:
        return "Started Session %d of User %s." % (rng.randint(100, 9000), rng.choice(["slurm", "svc-train", "root"])), "systemd[1]"
    if c == 2:
        return "Selected source %s (ntp%d.cluster.local)" % (rng.choice(["10.0.0.2", "10.0.0.3"]), rng.randint(1, 2)), "chronyd[%d]" % rng.randint(800, 999)
    if c == 3:
        return "Accepted publickey for %s from 10.0.%d.%d port %d ssh2: ED25519 SHA256:%s" % (
            rng.choice(["ops", "jlee", "mkumar"]), rng.randint(0, 3), rng.randint(2, 250), rng.randint(30000, 60000),
            "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") for _ in range(43))), "sshd[%d]" % rng.randint(10000, 99999)
    if c == 4:
        return "node_exporter: scrape ok duration_seconds=%.3f" % rng.uniform(0.01, 0.2), "prometheus-node-exporter[%d]" % rng.randint(1000, 2000)
    if c == 5:
        return "pam_unix(sshd:session): session closed for user %s" % rng.choice(["ops", "jlee"]), "sshd[%d]" % rng.randint(10000, 99999)
    if c == 6:
        return "Starting Daily apt download activities...", "systemd[1]"
    if c == 7:
        return "telegraf: [outputs.influxdb] Wrote batch of %d metrics in %.3fms" % (rng.randint(200, 1000), rng.uniform(3, 40)), "telegraf[%d]" % rng.randint(1000, 3000)
    if c == 8:
        return "Finished Clean php session files.", "systemd[1]"
    return "rsyslogd was HUPed", "rsyslogd[%d]" % rng.randint(500, 900)


def syslog_block(rng, host, start, end, n, prefix_fn=None):
    """n noise lines between start and end, sorted. returns list of (dt, line)."""
    out = []
    span = (end - start).total_seconds()
    for _ in range(n):
        dt = start + secs(rng.uniform(0, span))
        msg, tag = syslog_noise(rng, host)
        out.append((dt, (prefix_fn or syslog_prefix)(dt, host, tag) + msg))
    return out


def merge(*lists):
    allx = []
    for l in lists:
        allx += l
    allx.sort(key=lambda x: x[0])
    return [l for _, l in allx]


def boot_dmesg(rng, boot_host_model="PowerEdge R750", ncpu=64, kernel="5.15.0-97-generic"):
    """Early boot dmesg lines (uptime seconds, text)."""
    lines = [
        (0.000000, "Linux version %s (buildd@lcy02-amd64-033) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #107-Ubuntu SMP Fri Feb 9 14:20:11 UTC 2024" % kernel),
        (0.000000, "Command line: BOOT_IMAGE=/vmlinuz-%s root=UUID=8f2c1e55-6b0a-4a52-9d1d-2f7c3b1c9e01 ro quiet splash" % kernel),
        (0.000000, "DMI: Dell Inc. %s/0DW6GX, BIOS 1.10.2 08/17/2023" % boot_host_model),
        (0.004211, "tsc: Detected 2600.000 MHz processor"),
        (0.161233, "smpboot: Allowing %d CPUs, 0 hotplug CPUs" % ncpu),
        (0.512907, "mce: CPU0: Thermal monitoring enabled (TM1)"),
        (0.513001, "MCE: In-kernel MCE decoding enabled."),
        (1.204554, "EDAC MC: Ver: 3.0.0"),
        (1.934110, "EDAC i10nm: v0.0.5"),
        (2.118004, "nvme nvme0: 64/0/0 default/read/poll queues"),
        (2.377120, " nvme0n1: p1 p2"),
        (4.881234, "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none."),
        (6.002311, "systemd[1]: Detected architecture x86-64."),
        (9.510870, "mlx5_core 0000:31:00.0: firmware version: 22.36.1010"),
        (10.221344, "mlx5_core 0000:31:00.0 ens1f0np0: Link up"),
        (11.734512, "bonding: bond0 is being created..."),
        (12.001278, "RPC: Registered tcp transport module."),
        (12.400911, "FS-Cache: Netfs 'nfs' registered for caching"),
    ]
    return lines


def rid(rng, n=8):
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789_") for _ in range(n))


# ---------------------------------------------------------------- agent termination block
def fail_rec(dt, rank, lr, code, pid, ef=None, tb=None):
    return dict(dt=dt, rank=rank, lr=lr, code=code, pid=pid, ef=ef, tb=tb)


def finish_block(tv, tid, host, script, t_detect, sigterm_pids, first, others, launcher="torchrun",
                 error_handler_log=True):
    """Agent output after a worker failure: SIGTERM lines, 'failed' line, torchrun traceback, table."""
    lines = []
    for i, p in enumerate(sigterm_pids):
        lines.append(tv.sigterm(t_detect + secs(0.001 * i), tid, p))
    t_fail = t_detect + secs(0.034 + 0.001 * len(sigterm_pids))
    lines.append(tv.failed(t_fail, tid, first["code"], first["lr"], first["pid"]))
    if error_handler_log and first.get("ef") and tv.style not in ("old", "b21"):
        lines.append(tv.log("E", t_fail + secs(0.02), tid,
                            "torch.distributed.elastic.multiprocessing.errors.error_handler",
                            136 if tv.minor < 5 else 141,
                            "no error file defined for parent, to copy child error file (%s)" % first["ef"]))
    lines += tv.torchrun_tb(launcher)

    def entry(idx, r):
        tb = r["tb"] if r.get("tb") is not None else no_tb(r["code"], r["pid"])
        return failure_entry(idx, r["dt"], host, r["rank"], r["lr"], r["code"], r["pid"], r.get("ef"), tb, tv)

    root = entry(0, first)
    oth = [entry(i + 1, o) for i, o in enumerate(others)]
    lines += child_failed(script, root, oth)
    return lines, t_fail


def prefix_lines(prefix, lines):
    return [prefix + l for l in lines]
