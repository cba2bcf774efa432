"""Shared helpers for corpus_set7: bundle container, clocks and timestamp styles,
a small job model (ranks, IPs, NCCL init, watchdog/timeouts, torchrun summaries),
launcher rendering and host-side noise.  Standard library only, deterministic."""

import datetime as _dt
import gzip
import io
import json
import os

CATEGORIES = [
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
]
LAYERS = ["infrastructure", "framework", "script"]
ACTIONS = ["restart", "restart_without_node", "stop", "run_diagnostics", "none"]

PCI = [
    "0000:18:00",
    "0000:2a:00",
    "0000:3a:00",
    "0000:5d:00",
    "0000:9a:00",
    "0000:ab:00",
    "0000:ba:00",
    "0000:db:00",
]
BUSID = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


# --------------------------------------------------------------------------- bundle
class Bundle:
    def __init__(self, name):
        self.name = name
        self.files = {}
        self._label = None
        self.topology = None

    def add(self, path, text, gz=False):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text)
        if text and not text.endswith("\n"):
            text += "\n"
        if gz:
            path += ".gz"
        if path in self.files:
            prev, pgz = self.files[path]
            text = prev + text
        self.files[path] = (text, gz)

    def label(self, category, layer, node, rank, action, rationale, modelled_on):
        assert category in CATEGORIES, category
        assert layer in LAYERS, layer
        assert action in ACTIONS, action
        culprit = None if node is None else {"node": node, "rank": rank}
        self._label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def write(self, outdir):
        assert self._label is not None, self.name
        root = os.path.join(outdir, self.name)
        os.makedirs(root, exist_ok=True)
        with open(os.path.join(root, "label.json"), "w") as f:
            json.dump(self._label, f, indent=2)
            f.write("\n")
        if self.topology:
            with open(os.path.join(root, "topology.json"), "w") as f:
                json.dump({"topology": self.topology}, f, indent=2)
                f.write("\n")
        for rel, (text, gz) in sorted(self.files.items()):
            p = os.path.join(root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            data = text.encode("utf-8")
            if gz:
                buf = io.BytesIO()
                with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0) as g:
                    g.write(data)
                data = buf.getvalue()
            with open(p, "wb") as f:
                f.write(data)
        return self._label


# --------------------------------------------------------------------------- time
class Clock:
    """Wall clock for one job; t(sec) gives an absolute datetime, boot gives uptime."""

    def __init__(self, rng, year=2024):
        month = rng.randint(1, 12)
        day = rng.randint(1, 27)
        self.t0 = _dt.datetime(
            year,
            month,
            day,
            rng.randint(0, 23),
            rng.randint(0, 59),
            rng.randint(0, 59),
            rng.randint(0, 999999),
        )

    def t(self, sec):
        return self.t0 + _dt.timedelta(seconds=sec)


def ts_py(t):  # 2024-03-14 12:03:04,123
    return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (t.microsecond // 1000)


def ts_iso(t, z=True):  # 2024-03-14T12:03:04.123456Z
    return t.strftime("%Y-%m-%dT%H:%M:%S") + ".%06d" % t.microsecond + ("Z" if z else "+00:00")


def ts_iso_ms(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S") + ".%03dZ" % (t.microsecond // 1000)


def ts_dmesg_T(t):  # [Thu Mar 14 12:03:04 2024]
    return "[%s %s %2d %s %d]" % (
        DAYS[t.weekday()],
        MONTHS[t.month - 1],
        t.day,
        t.strftime("%H:%M:%S"),
        t.year,
    )


def ts_uptime(sec):  # [ 12345.678901]
    return "[%12.6f]" % sec


def ts_syslog(t):  # Mar 14 12:03:04
    return "%s %2d %s" % (MONTHS[t.month - 1], t.day, t.strftime("%H:%M:%S"))


def ts_glog(t, ns=False):  # 0314 12:03:04.123456 (prefix letter added by caller)
    frac = "%09d" % (t.microsecond * 1000 + 417) if ns else "%06d" % t.microsecond
    return t.strftime("%m%d %H:%M:%S") + "." + frac


def ts_slurm(t):  # 2024-03-14T12:03:04
    return t.strftime("%Y-%m-%dT%H:%M:%S")


# --------------------------------------------------------------------------- hosts
def hostnames(rng, style, n):
    """n distinct hostnames of one naming style (never sorted in node_rank order by construction)."""
    suf = "".join(rng.choice("abcdefghjkmnpqrstvwxz0123456789") for _ in range(4))
    a, b = rng.randint(0, 60), rng.randint(0, 250)
    rack = rng.randint(3, 19)
    cl = rng.randint(1, 4)

    def one(i):
        if style == "gpu-node":
            return "gpu-node-%03d" % rng.randint(1, 120)
        if style == "nid":
            return "nid%06d" % rng.randint(1000, 6000)
        if style == "aws":
            return "ip-10-%d-%d-%d" % (a, b + rng.randint(0, 3), rng.randint(2, 250))
        if style == "dgx":
            return "dgx-h100-%02d" % rng.randint(1, 64)
        if style == "rack":
            return "h100-r%02d-u%02d" % (rack + rng.randint(0, 2), 2 + 4 * rng.randint(0, 9))
        if style == "gke":
            return "gke-trn-a3mega-pool-%s-%s" % (
                suf,
                "".join(rng.choice("bcdfghjklmnpqrstvwxz") for _ in range(4)),
            )
        if style == "fqdn":
            return "node%02d.hpc.example.org" % rng.randint(10, 99)
        if style == "compute":
            return "compute-%d-%d" % (cl + rng.randint(0, 1), rng.randint(1, 40))
        raise ValueError(style)

    out = []
    while len(out) < n:
        h = one(len(out))
        if h not in out:
            out.append(h)
    return out


def ips_for(rng, hosts, prefix="10.%d.%d"):
    a, b = rng.randint(10, 240), rng.randint(0, 200)
    out = {}
    used = set()
    for h in hosts:
        if h.startswith("ip-"):
            out[h] = h[3:].replace("-", ".")
            continue
        while True:
            last = rng.randint(2, 250)
            if last not in used:
                used.add(last)
                break
        out[h] = "10.%d.%d.%d" % (a, b, last)
    return out


# --------------------------------------------------------------------------- job
class Job:
    """Ranks, node order (node_rank, deliberately not alphabetical), IPs, pids."""

    def __init__(
        self, rng, hosts, gpn=8, order=None, torch2=True, nccl="2.21.5+cuda12.4", master_port=29500
    ):
        self.rng = rng
        self.hosts = list(hosts)
        if order is None:
            order = list(hosts)
            rng.shuffle(order)
        self.order = order
        self.gpn = gpn
        self.world = gpn * len(order)
        self.ip = ips_for(rng, hosts)
        self.torch2 = torch2
        self.nccl = nccl
        self.master = order[0]
        self.master_port = master_port
        self.pid = {}
        for h in order:
            base = rng.randint(3000, 90000)
            for l in range(gpn):
                self.pid[(h, l)] = base + l * rng.randint(1, 40) + 7
        self.agent_pid = {h: rng.randint(1000, 2999) for h in order}

    def node_rank(self, host):
        return self.order.index(host)

    def rank(self, host, local):
        return self.node_rank(host) * self.gpn + local

    def where(self, rank):
        return self.order[rank // self.gpn], rank % self.gpn

    def ranks_of(self, host):
        nr = self.node_rank(host)
        return list(range(nr * self.gpn, (nr + 1) * self.gpn))

    def nccl_ver(self):
        return self.nccl.split("+")[0]

    # ---------------------------------------------------------------- NCCL init
    def nccl_init(self, host, local, iface="eth0", net="IB", hcas=None, extra=()):
        """NCCL_DEBUG=INFO start-up lines for one rank (host:pid:tid [dev] form)."""
        pid = self.pid[(host, local)]
        tid = pid + 331
        p = "%s:%d:%d [%d]" % (host, pid, pid, local)
        q = "%s:%d:%d [%d]" % (host, pid, tid, local)
        r = self.rank(host, local)
        out = ["%s NCCL INFO Bootstrap : Using %s:%s<0>" % (p, iface, self.ip[host])]
        if r == 0:
            out.append("%s NCCL INFO cudaDriverVersion 12040" % p)
            out.append("NCCL version %s" % self.nccl)
        if net == "IB":
            hcas = hcas or ["mlx5_%d:1/IB" % i for i in range(4)]
            out.append(
                "%s NCCL INFO NET/IB : Using %s ; OOB %s:%s<0>"
                % (q, " ".join("[%d]%s" % (i, h) for i, h in enumerate(hcas)), iface, self.ip[host])
            )
            out.append("%s NCCL INFO Using network IB" % q)
        elif net == "RoCE":
            hcas = hcas or ["mlx5_bond_%d:1/RoCE" % i for i in range(4)]
            out.append(
                "%s NCCL INFO NET/IB : Using %s [RO]; OOB %s:%s<0>"
                % (q, " ".join("[%d]%s" % (i, h) for i, h in enumerate(hcas)), iface, self.ip[host])
            )
            out.append("%s NCCL INFO Using network IB" % q)
        elif net == "OFI":
            out.append("%s NCCL INFO NET/OFI Initializing aws-ofi-nccl 1.9.1-aws" % q)
            out.append("%s NCCL INFO NET/OFI Using Libfabric version 1.21" % q)
            out.append("%s NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)" % q)
            out.append("%s NCCL INFO Using network Libfabric" % q)
        else:
            out.append("%s NCCL INFO NET/Socket : Using [0]%s:%s<0>" % (q, iface, self.ip[host]))
            out.append("%s NCCL INFO Using network Socket" % q)
        out.extend("%s %s" % (q, e) for e in extra)
        out.append(
            "%s NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s "
            "commId 0x%x - Init COMPLETE"
            % (
                q,
                0x55D000000000 + pid * 4096,
                r,
                self.world,
                local,
                local,
                BUSID[local % 8],
                0x1F00AA55 + self.world,
            )
        )
        return out

    # ---------------------------------------------------------------- timeouts
    def watchdog(
        self,
        t,
        rank,
        seq,
        op="ALLREDUCE",
        timeout_ms=600000,
        numel=None,
        last_done=None,
        fr=False,
        pg="0(default_pg)",
    ):
        """Watchdog timeout lines for one rank.  torch2: [rankN]:[E...] style, else 1.13."""
        if last_done is None:
            last_done = seq - 1
        ran = timeout_ms + self.rng.randint(20, 900)
        if not self.torch2:
            g = ts_glog(t)
            return [
                "[E ProcessGroupNCCL.cpp:828] [Rank %d] Watchdog caught collective operation timeout: "
                "WorkNCCL(SeqNum=%d, OpType=%s, Timeout(ms)=%d) ran for %d milliseconds before timing out."
                % (rank, seq, op, timeout_ms, ran),
                "[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the "
                "asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
                "corrupted/incomplete data.",
                "[E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down.",
                "terminate called after throwing an instance of 'std::runtime_error'",
                "  what():  [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, "
                "OpType=%s, Timeout(ms)=%d) ran for %d milliseconds before timing out."
                % (rank, seq, op, timeout_ms, ran),
            ]
        numel = numel or self.rng.choice([1, 16777216, 52428800, 131334144])
        pfx = "[rank%d]:[E%s ProcessGroupNCCL.cpp:%%d] " % (rank, ts_glog(t, ns=True))
        pgs = "[PG ID 0 PG GUID %s Rank %d]" % (pg, rank)
        out = [
            pfx
            % 632
            + "%s Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, "
            "NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
            % (pgs, seq, op, numel, numel, timeout_ms, ran),
            pfx % 2271 + "%s failure detected by watchdog at work sequence id: %d PG status: last "
            "enqueued work: %d, last completed work: %d" % (pgs, seq, seq, last_done),
            pfx
            % 670
            + "Stack trace of the failed collective not found, potentially because FlightRecorder "
            "is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value."
            if not fr
            else pfx % 1595 + "%s ProcessGroupNCCL preparing to dump debug info. Include stack "
            "trace: 1" % pgs,
            pfx % 2079 + "%s First PG on this rank to signal dumping." % pgs,
        ]
        if fr:
            out.append(
                "[rank%d]:[I%s ProcessGroupNCCL.cpp:1510] %s ProcessGroupNCCL dumped debug info "
                "to /tmp/nccl_trace_rank_%d" % (rank, ts_glog(t, ns=True), pgs, rank)
            )
        out.append(
            "[rank%d]:[F%s ProcessGroupNCCL.cpp:1585] %s %s Terminating the process after "
            "attempting to dump debug info, due to collective timeout or exception."
            % (rank, ts_glog(t, ns=True), pgs, pgs)
        )
        return out

    def remote_error(
        self,
        rank,
        peer_ip,
        port=None,
        status=12,
        vendor=129,
        kind="Recv",
        file="ProcessGroupNCCL.cpp:2006",
    ):
        port = port or self.rng.randint(33000, 60000)
        if not self.torch2:
            return [
                "RuntimeError: NCCL communicator was aborted on rank %d.  Original reason for failure "
                "was: NCCL error: remote process exited or there was a network error, NCCL version %s"
                % (rank, self.nccl_ver()),
                "ncclRemoteError: A call failed possibly due to a network error or a remote process "
                "exiting prematurely.",
                "Last error:",
                "NET/IB : Got completion from peer %s<%d> with status=%d opcode=0 len=0 vendor err %d"
                % (peer_ip, port, status, vendor),
            ]
        return [
            "[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
            "%s, remote process exited or there was a network error, NCCL version %s"
            % (rank, file, self.nccl_ver()),
            "[rank%d]: ncclRemoteError: A call failed possibly due to a network error or a remote "
            "process exiting prematurely." % rank,
            "[rank%d]: Last error:" % rank,
            "[rank%d]: NET/IB : Got completion from peer %s<%d> with status=%d opcode=0 len=0 vendor "
            "err %d (%s) localGid ::ffff:%s remoteGids::ffff:%s"
            % (rank, peer_ip, port, status, vendor, kind, "10.0.0.1", peer_ip),
        ]

    def nccl_warn_completion(
        self, host, local, peer_ip, status=12, vendor=129, kind="Recv", plugin="net_ib.cc:1696"
    ):
        pid = self.pid[(host, local)]
        q = "%s:%d:%d [%d]" % (host, pid, pid + 407, local)
        port = self.rng.randint(33000, 60000)
        return [
            "%s %s NCCL WARN NET/IB : Got completion from peer %s<%d> with status=%d opcode=%d len=0 "
            "vendor err %d (%s) localGid ::ffff:%s remoteGids::ffff:%s"
            % (
                q,
                plugin,
                peer_ip,
                port,
                status,
                self.rng.choice([0, 1, 32616]),
                vendor,
                kind,
                self.ip[host],
                peer_ip,
            ),
            "%s NCCL INFO transport/net.cc:1298 -> 6" % q,
            "%s NCCL INFO proxy.cc:694 -> 6" % q,
            "%s NCCL INFO proxy.cc:874 -> 6 [Progress Thread]" % q,
        ]

    def cuda_error_trace(self, rank, msg, where="loss.backward()", api="python"):
        pr = "[rank%d]: " % rank if self.torch2 else ""
        lines = [
            "Traceback (most recent call last):",
            '  File "/workspace/train.py", line 412, in <module>',
            "    main()",
            '  File "/workspace/train.py", line 388, in main',
            "    train_step(model, batch, optimizer)",
            '  File "/workspace/train.py", line 271, in train_step',
            "    %s" % where,
            "RuntimeError: CUDA error: %s" % msg,
            "CUDA kernel errors might be asynchronously reported at some other API call, so the "
            "stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        ]
        return [pr + l for l in lines]

    def unhandled_cuda(self, rank, last="unspecified launch failure"):
        pr = "[rank%d]: " % rank if self.torch2 else ""
        return [
            pr + l
            for l in [
                "Traceback (most recent call last):",
                '  File "/workspace/train.py", line 388, in main',
                "    dist.all_reduce(grad_norm_sq, group=dp_group)",
                "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
                "ProcessGroupNCCL.cpp:1970, unhandled cuda error (run with NCCL_DEBUG=INFO for details), "
                "NCCL version %s" % self.nccl_ver(),
                "ncclUnhandledCudaError: Call to CUDA function failed.",
                "Last error:",
                "Cuda failure '%s'" % last,
            ]
        ]

    # ---------------------------------------------------------------- torchrun
    def agent_sigterm(self, t, host, skip=()):
        out = []
        for l in range(self.gpn):
            if l in skip:
                continue
            out.append(
                "[%s] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d "
                "closing signal SIGTERM" % (ts_py(t).replace(",", ","), self.pid[(host, l)])
            )
        return out

    def child_failed(self, t, host, local, exitcode=-6, script="train.py", extra_failures=()):
        r = self.rank(host, local)
        sig = {
            -6: "Signal 6 (SIGABRT) received by PID %d",
            -9: "Signal 9 (SIGKILL) received by PID %d",
            -11: "Signal 11 (SIGSEGV) received by PID %d",
            -7: "Signal 7 (SIGBUS) received by PID %d",
        }
        tb = sig.get(
            exitcode, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        )
        if "%d" in tb:
            tb = tb % self.pid[(host, local)]
        out = [
            "[%s] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: %d) "
            "local_rank: %d (pid: %d) of binary: /usr/bin/python3"
            % (ts_py(t), exitcode, local, self.pid[(host, local)]),
            "Traceback (most recent call last):",
            '  File "/usr/local/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main',
            "    run(args)",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 263, '
            "in launch_agent",
            "    raise ChildFailedError(",
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
            "============================================================",
            "%s FAILED" % script,
            "------------------------------------------------------------",
            "Failures:",
        ]
        if not extra_failures:
            out.append("  <NO_OTHER_FAILURES>")
        for i, (el, ec) in enumerate(extra_failures, 1):
            out += [
                "[%d]:" % i,
                "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
                "  host      : %s" % host,
                "  rank      : %d (local_rank: %d)" % (self.rank(host, el), el),
                "  exitcode  : %d (pid: %d)" % (ec, self.pid[(host, el)]),
                "  error_file: <N/A>",
                "  traceback : To enable traceback see: "
                "https://pytorch.org/docs/stable/elastic/errors.html",
            ]
        out += [
            "------------------------------------------------------------",
            "Root Cause (first observed failure):",
            "[0]:",
            "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
            "  host      : %s" % host,
            "  rank      : %d (local_rank: %d)" % (r, local),
            "  exitcode  : %d (pid: %d)" % (exitcode, self.pid[(host, local)]),
            "  error_file: <N/A>",
            "  traceback : %s" % tb,
            "============================================================",
        ]
        return out


# --------------------------------------------------------------------------- launcher logs
class Log:
    """Collects (time, host, rank, text) and renders them the way a launcher would."""

    def __init__(self, job):
        self.job = job
        self.ev = []
        self.n = 0

    def add(self, t, host, rank, text):
        if isinstance(text, str):
            text = [text]
        for item in text:
            for line in item.split("\n"):
                self.ev.append((t, self.n, host, rank, line))
                self.n += 1

    def _sorted(self):
        return sorted(self.ev, key=lambda e: (e[0], e[1]))

    def render(self, b, launcher, base="", fname=None, head=None, jobid=None, pod_fmt=None):
        job = self.job
        ev = self._sorted()
        if launcher in ("torchrun", "tee", "plain"):
            per = {}
            for t, _, h, r, line in ev:
                if r is not None and launcher == "tee":
                    line = "[default%d]:%s" % (r % job.gpn, line)
                per.setdefault(h, []).append(line)
            for h, lines in per.items():
                b.add(os.path.join(base, h, fname or "torchrun.log"), lines)
        elif launcher == "slurm":
            out = []
            for t, _, h, r, line in ev:
                out.append(("%d: " % r if r is not None else "") + line)
            b.add(os.path.join(base, head or job.order[0], fname or "slurm-%s.out" % jobid), out)
        elif launcher == "pdsh":
            out = []
            for t, _, h, r, line in ev:
                out.append(
                    ("%s: " % h if (r is not None or h != (head or job.order[0])) else "") + line
                )
            b.add(os.path.join(base, head or job.order[0], fname or "deepspeed_launch.log"), out)
        elif launcher == "mpirun":
            out = []
            for t, _, h, r, line in ev:
                out.append(("[1,%d]<stderr>:" % r if r is not None else "") + line)
            b.add(os.path.join(base, head or job.order[0], fname or "mpirun.out"), out)
        elif launcher == "k8s":
            per = {}
            for t, _, h, r, line in ev:
                per.setdefault(h, []).append(line)
            for h, lines in per.items():
                b.add(os.path.join(base, h, pod_fmt(h) + ".log"), lines)
        elif launcher == "ray":
            out = []
            for t, _, h, r, line in ev:
                if r is not None:
                    line = "(RayTrainWorker pid=%d, ip=%s) %s" % (
                        job.pid[job.where(r)],
                        job.ip[h],
                        line,
                    )
                out.append(line)
            b.add(os.path.join(base, head or job.order[0], fname or "ray_driver.log"), out)
        else:
            raise ValueError(launcher)


# --------------------------------------------------------------------------- training progress
def megatron_iter(t, it, total, ms, loss, gbs=1024):
    return (
        " [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
        "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: "
        "%.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
        % (
            t.strftime("%Y-%m-%d %H:%M:%S"),
            it,
            total,
            it * gbs,
            ms,
            2.4e-4,
            gbs,
            loss,
            0.2 + (it % 7) * 0.013,
        )
    )


def simple_step(t, step, loss, sec, tflops):
    return "%s | INFO | trainer | step %d | loss %.4f | %.3f s/it | %.1f TFLOP/s/GPU" % (
        ts_py(t),
        step,
        loss,
        sec,
        tflops,
    )


def loss_at(rng, step):
    return 2.1 + 6.0 / (1 + step / 300.0) + rng.uniform(-0.03, 0.03)


# --------------------------------------------------------------------------- host side
def kernel_noise_uptime(rng, start, end, n=12, host="node"):
    """Benign dmesg lines with uptime stamps between start and end seconds."""
    pool = [
        "IPv6: ADDRCONF(NETDEV_CHANGE): eth1: link becomes ready",
        "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing",
        'audit: type=1400 audit(%d.512:%d): apparmor="STATUS" operation="profile_replace" '
        'profile="unconfined" name="nvidia_modprobe" pid=%d comm="apparmor_parser"',
        "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null)",
        "mlx5_core 0000:%02x:00.0: mlx5_pcie_event:299:(pid %d): PCIe slot advertised sufficient power (75W).",
        "systemd-journald[812]: Data hash table of /var/log/journal/system.journal has a fill level at 75.0, "
        "suggesting rotation.",
        "overlayfs: upperdir is in-use as upperdir/workdir of another mount, accessing files from both "
        "mounts will result in undefined behavior.",
        "docker0: port 1(veth%07x) entered forwarding state",
        "perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
        "nvidia-nvswitch3: open (major=511)",
        "NFSD: Using nfsdcld client tracking operations.",
    ]
    out = []
    times = sorted(rng.uniform(start, end) for _ in range(n))
    for tt in times:
        line = rng.choice(pool)
        if "%" in line:
            cnt = line.count("%") - line.count("%%") * 2
            args = tuple(rng.randint(1, 0xFFFFF) for _ in range(cnt))
            try:
                line = line % args
            except TypeError:
                line = line.replace("%", "")
        out.append((tt, line))
    return out


def fmt_dmesg(lines, style, clock=None, boot=0.0, host=""):
    """lines: [(uptime_sec, text)] -> rendered strings.
    style: 'uptime' | 'T' | 'journal' | 'syslog' | 'iso'"""
    out = []
    for sec, text in sorted(lines, key=lambda x: x[0]):
        if style == "uptime":
            out.append("%s %s" % (ts_uptime(sec), text))
        else:
            wall = clock.t(sec - boot)
            if style == "T":
                out.append("%s %s" % (ts_dmesg_T(wall), text))
            elif style == "journal":
                out.append("%s %s kernel: %s" % (ts_syslog(wall), host, text))
            elif style == "syslog":
                out.append("%s %s kernel: [%12.6f] %s" % (ts_syslog(wall), host, sec, text))
            elif style == "iso":
                out.append(
                    "%s %s kernel: %s"
                    % (
                        wall.strftime("%Y-%m-%dT%H:%M:%S") + ".%06d+00:00" % wall.microsecond,
                        host,
                        text,
                    )
                )
            else:
                raise ValueError(style)
    return out


def boot_lines(rng, n_gpu=8):
    """A few start-of-boot kernel lines (uptime seconds small)."""
    out = [
        (
            0.0,
            "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-011) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) "
            "11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP",
        ),
        (
            0.0,
            "Command line: BOOT_IMAGE=/boot/vmlinuz-5.15.0-105-generic root=UUID=3e1c6a2b ro "
            "console=tty0 console=ttyS0,115200n8 iommu=pt pci=realloc=off",
        ),
        (14.2, "nvidia: loading out-of-tree module taints kernel."),
        (
            14.9,
            "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08  Wed Mar 27 02:14:53 UTC 2024",
        ),
        (
            15.3,
            "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  535.161.08",
        ),
        (22.8, "mlx5_core 0000:0c:00.0 ibp12s0: renamed from ib0"),
        (31.5, "mlx5_core 0000:0c:00.0: Port module event: module 0, Cable plugged"),
    ]
    return out


def smi_gpu_block(
    i,
    pci,
    temp=38,
    power=71.2,
    plimit=700.0,
    clock_sm=1980,
    max_sm=1980,
    reasons=None,
    ecc_vol_unc=0,
    ecc_agg_unc=0,
    ecc_vol_cor=0,
    remap_cor=0,
    remap_unc=0,
    pending="No",
    failure="No",
    link_gen=5,
    link_width=16,
    max_width=16,
    retired=None,
    util=0,
    mem_used=0,
    name="NVIDIA H100 80GB HBM3",
    serial=None,
    replay=0,
):
    reasons = reasons or {}

    def r(k):
        return "Active" if reasons.get(k) else "Not Active"

    return [
        "GPU 0000%s.0" % pci[4:],
        "    Product Name                          : %s" % name,
        "    Serial Number                         : %s"
        % (serial or "16523240%05d" % (i * 911 + 17)),
        "    GPU UUID                              : GPU-%08x-%04x-%04x-%04x-%012x"
        % (0x3A1F0000 + i * 77, 0x1C2 + i, 0x4E0B, 0x9A00 + i, 0x5E6B00000000 + i),
        "    PCI",
        "        Bus Id                            : 0000%s.0" % pci[4:],
        "        GPU Link Info",
        "            PCIe Generation",
        "                Max                       : 5",
        "                Current                   : %d" % link_gen,
        "            Link Width",
        "                Max                       : %dx" % max_width,
        "                Current                   : %dx" % link_width,
        "        Replays Since Reset               : %d" % replay,
        "        Replay Number Rollovers           : 0",
        "    Performance State                     : P0",
        "    Clocks Event Reasons",
        "        Idle                              : %s" % r("idle"),
        "        Applications Clocks Setting       : Not Active",
        "        SW Power Cap                      : %s" % r("sw_power"),
        "        HW Slowdown                       : %s" % r("hw"),
        "            HW Thermal Slowdown           : %s" % r("hw_thermal"),
        "            HW Power Brake Slowdown       : %s" % r("hw_power_brake"),
        "        Sync Boost                        : Not Active",
        "        SW Thermal Slowdown               : %s" % r("sw_thermal"),
        "        Display Clock Setting             : Not Active",
        "    FB Memory Usage",
        "        Total                             : 81559 MiB",
        "        Used                              : %d MiB" % mem_used,
        "    Utilization",
        "        Gpu                               : %d %%" % util,
        "    ECC Mode",
        "        Current                           : Enabled",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : %d" % ecc_vol_cor,
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : %d" % ecc_vol_cor,
        "            DRAM Uncorrectable            : %d" % ecc_vol_unc,
        "        Aggregate",
        "            SRAM Correctable              : %d" % ecc_vol_cor,
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : %d" % (ecc_vol_cor + 3),
        "            DRAM Uncorrectable            : %d" % ecc_agg_unc,
        "    Retired Pages",
        "        Single Bit ECC                    : N/A",
        "        Double Bit ECC                    : N/A",
        "        Pending Page Blacklist            : N/A",
        "    Remapped Rows",
        "        Correctable Error                 : %d" % remap_cor,
        "        Uncorrectable Error               : %d" % remap_unc,
        "        Pending                           : %s" % pending,
        "        Remapping Failure Occurred        : %s" % failure,
        "        Bank Remap Availability Histogram",
        "            Max                           : %d bank(s)" % (640 - remap_unc - remap_cor),
        "            High                          : 0 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)",
        "    Temperature",
        "        GPU Current Temp                  : %d C" % temp,
        "        GPU Shutdown Temp                 : 92 C",
        "        GPU Slowdown Temp                 : 89 C",
        "        GPU Max Operating Temp            : 87 C",
        "        Memory Current Temp               : %d C" % (temp + 6),
        "    GPU Power Readings",
        "        Power Draw                        : %.2f W" % power,
        "        Current Power Limit               : %.2f W" % plimit,
        "    Clocks",
        "        Graphics                          : %d MHz" % clock_sm,
        "        SM                                : %d MHz" % clock_sm,
        "    Max Clocks",
        "        SM                                : %d MHz" % max_sm,
        "",
    ]


def smi_q(t, gpus, driver="535.161.08", cuda="12.2"):
    out = [
        "",
        "==============NVSMI LOG==============",
        "",
        "Timestamp                                 : %s" % t.strftime("%a %b %d %H:%M:%S %Y"),
        "Driver Version                            : %s" % driver,
        "CUDA Version                              : %s" % cuda,
        "",
        "Attached GPUs                             : %d" % len(gpus),
    ]
    for g in gpus:
        out += smi_gpu_block(**g)
    return out


def smi_table(t, rows, driver="535.161.08", name="NVIDIA H100 80GB HBM3"):
    """rows: list of dict(temp, power, mem, util, unc) -> nvidia-smi default table."""
    out = [
        t.strftime("%a %b %d %H:%M:%S %Y"),
        "+---------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI %s             Driver Version: %s   CUDA Version: 12.2     |"
        % (driver, driver),
        "|-----------------------------------------+----------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
        "|=========================================+======================+======================|",
    ]
    for i, r in enumerate(rows):
        out.append(
            "|   %d  %-22s    On  | 0000%s.0 Off |  %19s |"
            % (i, name[:22], PCI[i][4:], str(r.get("unc", 0)))
        )
        out.append(
            "| N/A   %2dC    P0           %3dW / 700W |  %5dMiB / 81559MiB |    %3d%%      Default |"
            % (r.get("temp", 40), r.get("power", 90), r.get("mem", 0), r.get("util", 0))
        )
        out.append(
            "|                                         |                      |             Disabled |"
        )
        out.append(
            "+-----------------------------------------+----------------------+----------------------+"
        )
    return out


# --------------------------------------------------------------------------- scenario helpers
def startup(log, job, clock, t=0.0, net="IB", nccl_debug=True, every=1, extra=()):
    """Rendezvous / NCCL init lines for all ranks (every n-th local rank prints NCCL INFO)."""
    for h in job.order:
        log.add(
            clock.t(t),
            h,
            None,
            "[%s] torch.distributed.run: [WARNING] "
            % ts_py(clock.t(t))
            + "\n*****************************************\nSetting OMP_NUM_THREADS environment variable "
            "for each process to be 1 in default, to avoid your system being overloaded, please "
            "further tune the variable for optimal performance in your application as needed. "
            "\n*****************************************",
        )
        log.add(
            clock.t(t + 2.1),
            h,
            None,
            "[%s] torch.distributed.elastic.agent.server.api: [INFO] [default] Rendezvous complete for "
            "workers. Result:\n  restart_count=0\n  master_addr=%s\n  master_port=%d\n  group_rank=%d\n"
            "  group_world_size=%d\n  local_ranks=%s\n  role_ranks=%s\n  global_ranks=%s"
            % (
                ts_py(clock.t(t + 2.1)),
                job.master,
                job.master_port,
                job.node_rank(h),
                len(job.order),
                list(range(job.gpn)),
                job.ranks_of(h),
                job.ranks_of(h),
            ),
        )
        if nccl_debug:
            for l in range(0, job.gpn, every):
                log.add(
                    clock.t(t + 9 + l * 0.01),
                    h,
                    job.rank(h, l),
                    job.nccl_init(h, l, net=net, extra=extra),
                )


def progress(
    log, job, clock, rng, t0, t1, step0, dt, style="megatron", total=200000, rank=None, slow=None
):
    """Progress lines from the logging rank (last rank for megatron, rank 0 otherwise)."""
    if rank is None:
        rank = job.world - 1 if style == "megatron" else 0
    host = job.where(rank)[0]
    t, step = t0, step0
    while t < t1:
        ms = dt * 1000 * rng.uniform(0.98, 1.03)
        if slow:
            ms *= slow(t)
        if style == "megatron":
            line = megatron_iter(clock.t(t), step, total, ms, loss_at(rng, step))
        else:
            line = simple_step(clock.t(t), step, loss_at(rng, step), ms / 1000.0, 1000.0 / ms * 180)
        log.add(clock.t(t), host, rank, line)
        step += 10
        t += 10 * ms / 1000.0
    return step


def sysfile(b, host, lines, name, base="", gz=False):
    b.add(os.path.join(base, host, name), lines, gz=gz)


def fail_pattern(
    log,
    job,
    clock,
    rng,
    T,
    culprit_host,
    culprit_lines=None,
    culprit_locals=(),
    seq=None,
    timeout_s=600,
    victims="watchdog",
    op="ALLREDUCE",
    culprit_exit=1,
    fr=False,
    peer_ip=None,
    mode="torchrun",
    jobid=None,
    victim_exit=-6,
    quiet_hosts=(),
):
    """Emit the common shape of a multi-node failure.

    culprit_lines: {local_rank: [lines]} printed at T on culprit_host.
    victims: 'watchdog' -> every other rank times out at T+timeout_s;
             'remote'   -> ranks on other nodes get ncclRemoteError naming peer_ip a few s later;
             'none'     -> no victim lines.
    mode: 'torchrun' (elastic agent summaries) | 'slurm' (srun messages) | 'bare' (nothing).
    quiet_hosts: hosts that print nothing after T (node died)."""
    seq = seq or rng.randint(20000, 90000)
    culprit_lines = culprit_lines or {}
    for l, lines in culprit_lines.items():
        log.add(
            clock.t(T), culprit_host, job.rank(culprit_host, l) if culprit_host else None, lines
        )
    t_end = T
    other_hosts = [h for h in job.order if h != culprit_host and h not in quiet_hosts]
    for h in other_hosts:
        first_local = None
        for l in range(job.gpn):
            r = job.rank(h, l)
            if victims == "watchdog":
                tt = T + timeout_s + rng.uniform(0.0, 1.5)
                log.add(
                    clock.t(tt),
                    h,
                    r,
                    job.watchdog(clock.t(tt), r, seq, op=op, timeout_ms=timeout_s * 1000, fr=fr),
                )
            elif victims == "remote":
                tt = T + rng.uniform(0.5, 4.0)
                if l % 2 == 0:
                    log.add(clock.t(tt), h, r, job.remote_error(r, peer_ip or job.ip[culprit_host]))
                else:
                    tt = T + timeout_s + rng.uniform(0.0, 1.5)
                    log.add(
                        clock.t(tt),
                        h,
                        r,
                        job.watchdog(clock.t(tt), r, seq, op=op, timeout_ms=timeout_s * 1000),
                    )
            else:
                continue
            if first_local is None:
                first_local = (l, tt)
        if first_local is None:
            continue
        l, tt = first_local
        t_end = max(t_end, tt)
        if mode == "torchrun":
            log.add(clock.t(tt + 2), h, None, job.agent_sigterm(clock.t(tt + 1), h, skip=(l,)))
            log.add(
                clock.t(tt + 4),
                h,
                None,
                job.child_failed(clock.t(tt + 4), h, l, exitcode=victim_exit),
            )
        elif mode == "slurm":
            log.add(
                clock.t(tt + 3),
                h,
                None,
                "srun: error: %s: task %d: Aborted (core dumped)" % (h, job.rank(h, l)),
            )
    if culprit_host and culprit_host not in quiet_hosts and culprit_locals:
        l0 = culprit_locals[0]
        if mode == "torchrun":
            log.add(
                clock.t(T + 1.2),
                culprit_host,
                None,
                job.agent_sigterm(clock.t(T + 1.1), culprit_host, skip=tuple(culprit_locals)),
            )
            log.add(
                clock.t(T + 3.0),
                culprit_host,
                None,
                job.child_failed(clock.t(T + 3.0), culprit_host, l0, exitcode=culprit_exit),
            )
        elif mode == "slurm":
            if culprit_exit < 0:
                log.add(
                    clock.t(T + 1.0),
                    culprit_host,
                    None,
                    "srun: error: %s: task %d: Killed" % (culprit_host, job.rank(culprit_host, l0)),
                )
            else:
                log.add(
                    clock.t(T + 1.0),
                    culprit_host,
                    None,
                    "srun: error: %s: task %d: Exited with exit "
                    "code %d" % (culprit_host, job.rank(culprit_host, l0), culprit_exit),
                )
            log.add(
                clock.t(T + 1.1),
                culprit_host,
                None,
                "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
            )
            log.add(
                clock.t(T + 1.2),
                culprit_host,
                None,
                "slurmstepd: error: *** STEP %s.0 ON %s CANCELLED "
                "AT %s ***" % (jobid, job.order[0], ts_slurm(clock.t(T + 1.2))),
            )
    return seq
