"""Shared helpers for corpus set 88: timestamps, bundle container, log formats.

Everything here is deterministic: no clock, no unseeded randomness.
"""
import datetime
import json
import os
import random

CATEGORIES = {
    "gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
    "oom", "numerical", "straggler", "user_code", "dependency", "unknown",
}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}

_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
           "Nov", "Dec"]


def dt(y, mo, d, h, mi, s, us=0):
    return datetime.datetime(y, mo, d, h, mi, s, us)


def plus(base, seconds):
    return base + datetime.timedelta(seconds=seconds)


def glog(t):
    """glog style time used by c10d / torch.distributed: 1104 22:41:09.812000"""
    return "%02d%02d %02d:%02d:%02d.%06d" % (t.month, t.day, t.hour, t.minute,
                                           t.second, t.microsecond)


def pylog(t):
    """python logging asctime: 2024-11-04 22:41:09,812"""
    return "%04d-%02d-%02d %02d:%02d:%02d,%03d" % (
        t.year, t.month, t.day, t.hour, t.minute, t.second, t.microsecond // 1000)


def isots(t):
    return "%04d-%02d-%02dT%02d:%02d:%02d" % (t.year, t.month, t.day, t.hour,
                                             t.minute, t.second)


def plain(t):
    return "%04d-%02d-%02d %02d:%02d:%02d" % (t.year, t.month, t.day, t.hour,
                                             t.minute, t.second)


def ctime(t):
    """dmesg -T style: Mon Nov  4 22:41:09 2024"""
    return "%s %s %2d %02d:%02d:%02d %04d" % (_DAYS[t.weekday()], _MONTHS[t.month - 1],
                                             t.day, t.hour, t.minute, t.second, t.year)


def syslog(t):
    """syslog / journal short: Nov  4 22:41:09"""
    return "%s %2d %02d:%02d:%02d" % (_MONTHS[t.month - 1], t.day, t.hour, t.minute,
                                      t.second)


def uptime(boot, t):
    delta = t - boot
    return "[%12.6f]" % (delta.days * 86400 + delta.seconds + delta.microseconds / 1e6)


def elastic_ts(t):
    """time field in ChildFailedError table: 2024-11-04_22:41:10"""
    return "%04d-%02d-%02d_%02d:%02d:%02d" % (t.year, t.month, t.day, t.hour,
                                             t.minute, t.second)


def prefix(text, pre):
    return "\n".join(pre + line for line in text.rstrip("\n").split("\n")) + "\n"


class Bundle:
    """Collects the files of one case; writes them under a directory."""

    def __init__(self, name):
        self.name = name
        self.files = {}
        self.label = None

    def add(self, path, text):
        if not text.endswith("\n"):
            text += "\n"
        if path in self.files:
            self.files[path] += text
        else:
            self.files[path] = text

    def set_label(self, category, layer, culprit, action, rationale, modelled_on):
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def node_dirs(self):
        dirs = set()
        for p in self.files:
            parts = p.split("/")
            if len(parts) >= 2 and not parts[0].startswith("attempt_"):
                dirs.add(parts[0])
            elif len(parts) >= 3 and parts[0].startswith("attempt_"):
                dirs.add(parts[1])
        return dirs

    def validate(self):
        lab = self.label
        errs = []
        if lab is None:
            return ["no label"]
        if lab["category"] not in CATEGORIES:
            errs.append("bad category %r" % lab["category"])
        if lab["layer"] not in LAYERS:
            errs.append("bad layer %r" % lab["layer"])
        if lab["action"] not in ACTIONS:
            errs.append("bad action %r" % lab["action"])
        if not str(lab["modelled_on"]).startswith("https://"):
            errs.append("modelled_on must be an https URL")
        if not lab["rationale"] or len(lab["rationale"]) > 600:
            errs.append("rationale missing or too long")
        c = lab["culprit"]
        if c is not None:
            if not isinstance(c, dict) or set(c) != {"node", "rank"}:
                errs.append("culprit must be null or {node, rank}")
            else:
                if c["node"] not in self.node_dirs():
                    errs.append("culprit node %r has no directory" % c["node"])
                if c["rank"] is not None and not isinstance(c["rank"], int):
                    errs.append("culprit rank must be int or null")
        for p in self.files:
            if p.startswith("/") or ".." in p.split("/"):
                errs.append("bad path %r" % p)
        return errs

    def write(self, outdir):
        root = os.path.join(outdir, self.name)
        for p in sorted(self.files):
            full = os.path.join(root, p)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8", newline="\n") as f:
                f.write(self.files[p])
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8",
                  newline="\n") as f:
            json.dump(self.label, f, indent=2, sort_keys=False)
            f.write("\n")

    def size(self):
        return sum(len(v.encode("utf-8")) for v in self.files.values())


# ----------------------------------------------------------------------------
# launcher / torch.distributed formats
# ----------------------------------------------------------------------------

def torchrun_banner(t, pid, line=793):
    g = glog(t)
    src = "torch/distributed/run.py:%d]" % line
    return (
        "W%s %d %s \n"
        "W%s %d %s *****************************************\n"
        "W%s %d %s Setting OMP_NUM_THREADS environment variable for each process to be 1 "
        "in default, to avoid your system being overloaded, please further tune the "
        "variable for optimal performance in your application as needed. \n"
        "W%s %d %s *****************************************\n"
    ) % (g, pid, src, g, pid, src, g, pid, src, g, pid, src)


def elastic_sigterm(t, agent_pid, child_pids, line=897):
    out = []
    for i, p in enumerate(child_pids):
        tt = plus(t, 0.001 * i)
        out.append("W%s %d torch/distributed/elastic/multiprocessing/api.py:%d] "
                   "Sending process %d closing signal SIGTERM" % (glog(tt), agent_pid, line, p))
    return "\n".join(out) + "\n"


def elastic_failed(t, agent_pid, exitcode, local_rank, pid, binary="/usr/bin/python",
                   line=869):
    return ("E%s %d torch/distributed/elastic/multiprocessing/api.py:%d] failed "
            "(exitcode: %d) local_rank: %d (pid: %d) of binary: %s\n"
            % (glog(t), agent_pid, line, exitcode, local_rank, pid, binary))


def child_failed_error(script, root, others=(), torchrun_path="/usr/local/bin/torchrun",
                       pyver="3.10", site="/usr/local/lib/python3.10/dist-packages"):
    """root / others: dicts with t, host, rank, local_rank, exitcode, pid, [signal]."""
    head = (
        "Traceback (most recent call last):\n"
        '  File "%s", line 8, in <module>\n'
        "    sys.exit(main())\n"
        '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper\n'
        "    return f(*args, **kwargs)\n"
        '  File "%s/torch/distributed/run.py", line 919, in main\n'
        "    run(args)\n"
        '  File "%s/torch/distributed/run.py", line 910, in run\n'
        "    elastic_launch(\n"
        '  File "%s/torch/distributed/launcher/api.py", line 138, in __call__\n'
        "    return launch_agent(self._config, self._entrypoint, list(args))\n"
        '  File "%s/torch/distributed/launcher/api.py", line 269, in launch_agent\n'
        "    raise ChildFailedError(\n"
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
    ) % (torchrun_path, site, site, site, site, site)

    def entry(idx, e):
        ec = e["exitcode"]
        s = ("[%d]:\n"
             "  time      : %s\n"
             "  host      : %s\n"
             "  rank      : %d (local_rank: %d)\n"
             "  exitcode  : %d (pid: %d)\n"
             "  error_file: <N/A>\n") % (idx, elastic_ts(e["t"]), e["host"], e["rank"],
                                          e["local_rank"], ec, e["pid"])
        if ec < 0:
            sig = e.get("signal", {-9: "SIGKILL", -15: "SIGTERM", -6: "SIGABRT"}.get(ec, "SIG"))
            s += "  traceback : Signal %d (%s) received by PID %d\n" % (-ec, sig, e["pid"])
        else:
            s += ("  traceback : To enable traceback see: "
                  "https://pytorch.org/docs/stable/elastic/errors.html\n")
        return s

    bar = "=" * 60
    sub = "-" * 60
    body = bar + "\n" + script + " FAILED\n" + sub + "\nFailures:\n"
    if others:
        for i, e in enumerate(others, start=1):
            body += entry(i, e)
    else:
        body += "  <NO_OTHER_FAILURES>\n"
    body += sub + "\nRoot Cause (first observed failure):\n" + entry(0, root) + bar + "\n"
    return head + body


def watchdog_timeout(rank, t, seq, op, numel, timeout_ms, ran_ms, pg="0 (default_pg)",
                     last_completed=None, style="new"):
    """Sympathetic NCCL watchdog timeout lines as printed by ProcessGroupNCCL."""
    lc = seq - 1 if last_completed is None else last_completed
    g = glog(t)
    g2 = glog(plus(t, 0.0011))
    work = ("WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)"
            % (seq, op, numel, numel, timeout_ms))
    lines = [
        "[rank%d]:[E%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective "
        "operation timeout: %s ran for %d milliseconds before timing out." % (rank, g, rank, work, ran_ms),
        "[rank%d]:[E%s ProcessGroupNCCL.cpp:1785] [PG %s Rank %d] Exception (either an error "
        "or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last "
        "completed NCCL work: %d." % (rank, g2, pg, rank, seq, seq, lc),
        "[rank%d]:[E%s ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or "
        "timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations "
        "might run on corrupted/incomplete data." % (rank, g2, rank),
        "[rank%d]:[E%s ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are "
        "taking the entire process down." % (rank, g2, rank),
        "[rank%d]:[F%s ProcessGroupNCCL.cpp:1595] [PG %s Rank %d] Process group watchdog thread "
        "terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s "
        "ran for %d milliseconds before timing out." % (rank, glog(plus(t, 0.12)), pg, rank, rank,
                                                        work, ran_ms + 3),
    ]
    return "\n".join(lines) + "\n"


def nccl_init(host, pid, local, rank, nranks, ifname, ip, hcas, busid, cudadrv=12040,
              nccl_ver="2.21.5", cuda="12.4", show_version=False, comm=None, net="IB"):
    tid = pid
    p = "%s:%d:%d [%d] " % (host, pid, tid, local)
    out = []
    if show_version:
        out.append("%sNCCL INFO Bootstrap : Using %s:%s<0>" % (p, ifname, ip))
        out.append("%sNCCL INFO NET/Plugin: No plugin found (libnccl-net.so)" % p)
        out.append("%sNCCL INFO cudaDriverVersion %d" % (p, cudadrv))
        out.append("NCCL version %s+cuda%s" % (nccl_ver, cuda))
    else:
        out.append("%sNCCL INFO cudaDriverVersion %d" % (p, cudadrv))
        out.append("%sNCCL INFO Bootstrap : Using %s:%s<0>" % (p, ifname, ip))
        out.append("%sNCCL INFO NET/Plugin: No plugin found (libnccl-net.so)" % p)
    p2 = "%s:%d:%d [%d] " % (host, pid, pid + 211, local)
    if net == "IB":
        devs = " ".join("[%d]%s:1/IB" % (i, h) for i, h in enumerate(hcas))
        out.append("%sNCCL INFO NET/IB : Using %s [RO]; OOB %s:%s<0>" % (p2, devs, ifname, ip))
        out.append("%sNCCL INFO Using network IB" % p2)
    else:
        out.append("%sNCCL INFO NET/Socket : Using [0]%s:%s<0>" % (p2, ifname, ip))
        out.append("%sNCCL INFO Using network Socket" % p2)
    if comm is None:
        comm = 0x55d0c3a00000 + rank * 0x1e000
    out.append("%sNCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s "
               "commId 0x7a3e91c04d2b6f18 - Init COMPLETE" % (p2, comm, rank, nranks, local,
                                                              local, busid))
    return "\n".join(out) + "\n"


H100_BUS = ["18:00.0", "2a:00.0", "3a:00.0", "5d:00.0", "9a:00.0", "ab:00.0", "ba:00.0",
            "db:00.0"]
A100_BUS = ["07:00.0", "0f:00.0", "47:00.0", "4e:00.0", "87:00.0", "90:00.0", "b7:00.0",
            "bd:00.0"]


def busid_short(bus):
    return bus.split(":")[0] + "000"


def nvidia_smi(t, driver, cuda, gpu_name, buses, mem_total, rows=None, procs=None,
               mig="Disabled"):
    """Classic nvidia-smi table. rows: list of dicts (temp, perf, pwr, cap, mem, util, ecc)."""
    n = len(buses)
    rows = rows or [dict() for _ in range(n)]
    out = []
    out.append(ctime(t))
    out.append("+-----------------------------------------------------------------------------------------+")
    out.append("| NVIDIA-SMI %-17s Driver Version: %-15s CUDA Version: %-9s|" % (driver, driver, cuda))
    out.append("|-----------------------------------------+------------------------+----------------------+")
    out.append("| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |")
    out.append("| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |")
    out.append("|                                         |                        |               MIG M. |")
    out.append("|=========================================+========================+======================|")
    for i, bus in enumerate(buses):
        r = rows[i]
        if r.get("err"):
            out.append("| %3d  %-20s        On  |   00000000:%s Off |                  ERR! |" % (i, gpu_name[:20], bus.upper()))
            out.append("|ERR!  ERR!   ERR!            ERR! / ERR! |    ERR! /  %6dMiB |    ERR!      Default |" % mem_total)
            out.append("|                                         |                        |                 ERR! |")
        else:
            out.append("| %3d  %-20s        On  |   00000000:%s Off |                  %3s |" % (
                i, gpu_name[:20], bus.upper(), str(r.get("ecc", 0))))
            out.append("| N/A   %2dC    %-3s         %4dW / %4dW |  %6dMiB /  %6dMiB |    %3d%%      Default |" % (
                r.get("temp", 34 + i), r.get("perf", "P0"), r.get("pwr", 72), r.get("cap", 700),
                r.get("mem", 4), mem_total, r.get("util", 0)))
            out.append("|                                         |                        |             %8s |" % mig)
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out.append("")
    out.append("+-----------------------------------------------------------------------------------------+")
    out.append("| Processes:                                                                              |")
    out.append("|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |")
    out.append("|        ID   ID                                                               Usage      |")
    out.append("|=========================================================================================|")
    if procs:
        for g, pid, name, mem in procs:
            out.append("|  %4d   N/A  N/A  %9d      C   %-40s %7dMiB |" % (g, pid, name[:40], mem))
    else:
        out.append("|  No running processes found                                                             |")
    out.append("+-----------------------------------------------------------------------------------------+")
    return "\n".join(out) + "\n"


def dmesg_boot(boot, host, rng, kernel="5.15.0-119-generic", nvrm="550.90.07", ib=True,
               style="uptime"):
    """A handful of benign boot-time kernel lines."""
    lines = [
        (0.0, "Linux version %s (buildd@lcy02-amd64-075) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, "
              "GNU ld (GNU Binutils for Ubuntu) 2.38) #129-Ubuntu SMP" % kernel),
        (0.0, "Command line: BOOT_IMAGE=/vmlinuz-%s root=UUID=3b1f0c2e-7d4a-4f5e-9a61-2c8d9e0f1a2b ro "
              "iommu=pt pci=realloc=off" % kernel),
        (1.2 + rng.random(), "ACPI: PCI Root Bridge [PC00] (domain 0000 [bus 00-16])"),
        (4.81 + rng.random(), "EDAC MC0: Giving out device to module i10nm_edac controller Intel_10nm Socket#0 IMC#0"),
        (9.4 + rng.random(), "nvidia: loading out-of-tree module taints kernel."),
        (9.9 + rng.random(), "nvidia-nvlink: Nvlink Core is being initialized, major device number 508"),
        (10.3 + rng.random(), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  %s  Release Build  "
                              "(dvs-builder@U16-I3-B03-4-3)" % nvrm),
        (11.7 + rng.random(), "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  %s" % nvrm),
    ]
    if ib:
        lines += [
            (12.1 + rng.random(), "mlx5_core 0000:1a:00.0: firmware version: 28.39.1002"),
            (12.9 + rng.random(), "mlx5_core 0000:1a:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 195312Mbps"),
            (14.2 + rng.random(), "mlx5_core 0000:1a:00.0 ibp26s0: renamed from ib0"),
        ]
    lines += [
        (19.5 + rng.random(), "systemd[1]: Started NVIDIA Persistence Daemon."),
        (22.0 + rng.random(), "IPv6: ADDRCONF(NETDEV_CHANGE): bond0: link becomes ready"),
    ]
    out = []
    for off, msg in lines:
        tt = plus(boot, off)
        if style == "uptime":
            out.append("%s %s" % (uptime(boot, tt), msg))
        else:
            out.append("[%s] %s" % (ctime(tt), msg))
    return "\n".join(out) + "\n"


def kline(boot, t, msg, style="uptime"):
    # kernel timestamps never land on round fractions: add a deterministic sub-ms offset
    t = plus(t, (sum(ord(c) for c in msg) % 997) / 1.0e6)
    if style == "uptime":
        return "%s %s\n" % (uptime(boot, t), msg)
    return "[%s] %s\n" % (ctime(t), msg)


def ibstat(hcas, guid_base, states=None, rate=400):
    """hcas: list of device names; states: dict name -> (state, phys)"""
    states = states or {}
    out = []
    for i, h in enumerate(hcas):
        st, ph = states.get(h, ("Active", "LinkUp"))
        guid = "0x%016x" % (guid_base + i * 0x10)
        out.append("CA '%s'" % h)
        out.append("\tCA type: MT4129")
        out.append("\tNumber of ports: 1")
        out.append("\tFirmware version: 28.39.1002")
        out.append("\tHardware version: 0")
        out.append("\tNode GUID: %s" % guid)
        out.append("\tSystem image GUID: %s" % guid)
        out.append("\tPort 1:")
        out.append("\t\tState: %s" % st)
        out.append("\t\tPhysical state: %s" % ph)
        out.append("\t\tRate: %d" % (rate if st == "Active" else 10))
        out.append("\t\tBase lid: %d" % (0 if st != "Active" else 100 + i))
        out.append("\t\tLMC: 0")
        out.append("\t\tSM lid: 1")
        out.append("\t\tCapability mask: 0xa651e848")
        out.append("\t\tPort GUID: %s" % guid)
        out.append("\t\tLink layer: InfiniBand")
    return "\n".join(out) + "\n"


def sacct(jobid, name, rows):
    """rows: (JobID suffix, JobName, Partition, NNodes, State, ExitCode, Elapsed, NodeList)"""
    out = ["JobID           JobName  Partition   NNodes      State ExitCode    Elapsed        NodeList ",
           "------------ ---------- ---------- -------- ---------- -------- ---------- --------------- "]
    for suf, jn, part, nn, st, ec, el, nl in rows:
        jid = str(jobid) + suf
        out.append("%-12s %10s %10s %8d %10s %8s %10s %15s " % (jid, jn[:10], part, nn, st, ec, el, nl))
    return "\n".join(out) + "\n"


def rng_for(name):
    seed = sum((i + 1) * ord(c) for i, c in enumerate(name))
    return random.Random(seed)
