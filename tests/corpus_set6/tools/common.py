"""Shared helpers for corpus_set6: the bundle container, timestamp styles, a small
job model (hosts, ranks, IPs, PIDs) and generators for the log lines that most
bundles share (NCCL init, watchdog, elastic-agent summaries, progress lines,
nvidia-smi -q, kernel noise).

Standard library only. Every random choice goes through the rng handed to a case.
"""

import datetime as _dt
import gzip
import io
import json
import os

CATEGORIES = {
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
}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}


# --------------------------------------------------------------------------- bundle
class Bundle:
    def __init__(self):
        self.files = {}
        self.label = None
        self.topology = None

    def add(self, path, text):
        """Append text (str or list of lines) to a file of the bundle."""
        if isinstance(text, (list, tuple)):
            text = "\n".join(text) + "\n"
        self.files[path] = self.files.get(path, "") + text

    def set_label(self, category, layer, action, rationale, modelled_on, node=None, rank=None):
        assert category in CATEGORIES, category
        assert layer in LAYERS, layer
        assert action in ACTIONS, action
        culprit = None if node is None else {"node": node, "rank": rank}
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def write(self, root, name):
        base = os.path.join(root, name)
        os.makedirs(base, exist_ok=True)
        assert self.label is not None, name
        with open(os.path.join(base, "label.json"), "w") as f:
            json.dump(self.label, f, indent=2, sort_keys=True)
            f.write("\n")
        if self.topology is not None:
            with open(os.path.join(base, "topology.json"), "w") as f:
                json.dump({"topology": self.topology}, f, indent=2, sort_keys=True)
                f.write("\n")
        for rel in sorted(self.files):
            path = os.path.join(base, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            data = self.files[rel].encode("utf-8")
            if rel.endswith(".gz"):
                buf = io.BytesIO()
                with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0) as gz:
                    gz.write(data)
                data = buf.getvalue()
            with open(path, "wb") as f:
                f.write(data)


# --------------------------------------------------------------------------- time
def T(s):
    return _dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S.%f" if "." in s else "%Y-%m-%d %H:%M:%S")


def sec(x):
    return _dt.timedelta(seconds=x)


def glog(t, lvl="E", ns=False, rng=None):
    """c10/glog prefix without brackets: E0312 09:12:44.081233 (or 9 digits)."""
    frac = "%06d" % t.microsecond
    if ns:
        frac += "%03d" % (rng.randrange(1000) if rng else 0)
    return "%s%s %s.%s" % (lvl, t.strftime("%m%d"), t.strftime("%H:%M:%S"), frac)


def pylog(t):
    return "%s,%03d" % (t.strftime("%Y-%m-%d %H:%M:%S"), t.microsecond // 1000)


def dmesg_T(t):
    return "[%s %2d %s]" % (t.strftime("%a %b"), t.day, t.strftime("%H:%M:%S %Y"))


def dmesg_up(t, boot):
    s = (t - boot).total_seconds()
    return "[%5d.%06d]" % (int(s), int(round((s - int(s)) * 1e6)) % 1000000)


def syslog(t, host, proc):
    return "%s %2d %s %s %s:" % (t.strftime("%b"), t.day, t.strftime("%H:%M:%S"), host, proc)


def iso(t, z=True):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d" % t.microsecond + ("Z" if z else "")


def iso_off(t, off="+00:00"):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d" % t.microsecond + off


def jitter(rng, t, lo=0.0, hi=1.0):
    return t + sec(rng.uniform(lo, hi))


# --------------------------------------------------------------------------- job model
class Job:
    """Hosts, IPs and rank placement of a job. rank = node_index * gpus + local."""

    def __init__(self, rng, hosts, gpus=8, subnet="10.42", iface="ib0", ips=None, port=29500):
        self.rng = rng
        self.hosts = list(hosts)
        self.gpus = gpus
        self.iface = iface
        if ips is None:
            third = rng.sample(range(2, 250), len(self.hosts))
            ips = [
                "%s.%d.%d" % (subnet, third[i], rng.randrange(2, 250))
                for i in range(len(self.hosts))
            ]
        self.ips = list(ips)
        self.pid0 = [rng.randrange(20000, 3900000) for _ in self.hosts]
        self.agent_pid = [rng.randrange(2000, 19999) for _ in self.hosts]
        self.port = port

    @property
    def world(self):
        return len(self.hosts) * self.gpus

    def rank(self, n, local):
        return n * self.gpus + local

    def node_of(self, rank):
        return rank // self.gpus

    def pid(self, n, local):
        return self.pid0[n] + local

    def ranks_of(self, n):
        return range(n * self.gpus, (n + 1) * self.gpus)

    def busid(self, local):
        return ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"][local % 8]

    # ---- NCCL INFO at init -------------------------------------------------
    def nccl_init(self, n, version="2.21.5+cuda12.4", net="IB", hca="mlx5", extra=None):
        h = self.hosts[n]
        out = []
        for l in range(self.gpus):
            p = self.pid(n, l)
            out.append(
                "%s:%d:%d [%d] NCCL INFO Bootstrap : Using %s:%s<0>"
                % (h, p, p, l, self.iface, self.ips[n])
            )
            if l == 0:
                out.append(
                    "%s:%d:%d [0] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)"
                    % (h, p, p)
                )
                out.append("%s:%d:%d [0] NCCL INFO cudaDriverVersion 12040" % (h, p, p))
                if n == 0:
                    out.append("NCCL version %s" % version)
        for l in range(self.gpus):
            p = self.pid(n, l)
            tid = p + 1200 + l
            if net == "IB":
                out.append(
                    "%s:%d:%d [%d] NCCL INFO NET/IB : Using [0]%s_%d:1/IB [1]%s_%d:1/IB ; OOB %s:%s<0>"
                    % (h, p, tid, l, hca, l % 4 * 2, hca, l % 4 * 2 + 1, self.iface, self.ips[n])
                )
            elif net == "Socket":
                out.append(
                    "%s:%d:%d [%d] NCCL INFO NET/Socket : Using [0]%s:%s<0>"
                    % (h, p, tid, l, self.iface, self.ips[n])
                )
            else:
                out.append(
                    "%s:%d:%d [%d] NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)"
                    % (h, p, tid, l)
                )
            out.append("%s:%d:%d [%d] NCCL INFO Using network %s" % (h, p, tid, l, net))
        for l in range(self.gpus):
            p = self.pid(n, l)
            tid = p + 1200 + l
            r = self.rank(n, l)
            out.append(
                "%s:%d:%d [%d] NCCL INFO comm 0x%x rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0"
                % (
                    h,
                    p,
                    tid,
                    l,
                    0x55D0E0000000 + self.rng.randrange(1 << 24),
                    r,
                    self.world,
                    len(self.hosts),
                    self.gpus,
                    l,
                )
            )
            out.append(
                "%s:%d:%d [%d] NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x%x - Init COMPLETE"
                % (
                    h,
                    p,
                    tid,
                    l,
                    0x55D0E0000000 + self.rng.randrange(1 << 24),
                    r,
                    self.world,
                    l,
                    l,
                    self.busid(l).lower(),
                    0x7A3C91E0D2B4F000 + n,
                )
            )
        if extra:
            out.extend(extra)
        return out

    # ---- watchdog ----------------------------------------------------------
    def watchdog(
        self, r, t, seq, op="ALLREDUCE", numel=1048576, timeout_ms=600000, style="2.4", prefix=True
    ):
        rng = self.rng
        ran = timeout_ms + rng.randrange(5, 120)
        pre = "[rank%d]:" % r if prefix else ""
        if style == "1.13":
            return [
                "[E ProcessGroupNCCL.cpp:828] [Rank %d] Watchdog caught collective operation timeout: "
                "WorkNCCL(SeqNum=%d, OpType=%s, Timeout(ms)=%d) ran for %d milliseconds before timing out."
                % (r, seq, op, timeout_ms, ran),
                "[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the asynchronous nature of "
                "CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
                "[E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down.",
                "terminate called after throwing an instance of 'std::runtime_error'",
                "  what():  [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, "
                "Timeout(ms)=%d) ran for %d milliseconds before timing out."
                % (r, seq, op, timeout_ms, ran),
            ]
        g = lambda dt_: glog(dt_, "E", ns=True, rng=rng)
        msg = (
            "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, "
            "NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
            % (r, seq, op, numel, numel, timeout_ms, ran)
        )
        pg = (
            "[PG ID 0 PG GUID 0(default_pg) Rank %d]" % r
            if style == "2.4"
            else "[PG 0 Rank %d]" % r
        )
        t2 = t + sec(0.0003)
        lines = [
            "%s[%s ProcessGroupNCCL.cpp:616] %s" % (pre, g(t), msg),
            "%s[%s ProcessGroupNCCL.cpp:1785] %s Exception (either an error or timeout) detected by watchdog at work: %d, "
            "last enqueued NCCL work: %d, last completed NCCL work: %d."
            % (pre, g(t2), pg, seq, seq + 1, seq - 1),
            "%s[%s ProcessGroupNCCL.cpp:1834] %s Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
            % (pre, g(t2), pg, seq, seq + 1, seq - 1),
            "%s[%s ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous "
            "nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
            % (pre, g(t2), r),
            "%s[%s ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down."
            % (pre, g(t2), r),
            "%s[%s ProcessGroupNCCL.cpp:1595] %s Process group watchdog thread terminated with exception: %s"
            % (pre, g(t2), pg, msg),
            "%sterminate called after throwing an instance of 'c10::DistBackendError'" % pre,
            "%s  what():  %s Process group watchdog thread terminated with exception: %s"
            % (pre, pg, msg),
            "%sException raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):"
            % pre,
            "%sframe #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f%010x in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)"
            % (pre, rng.randrange(1 << 36)),
            "%sframe #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2"
            % pre,
            "%sframe #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233" % pre,
            "%sframe #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d" % pre,
            "",
        ]
        return lines

    # ---- elastic agent -----------------------------------------------------
    def elastic_failure(self, n, t, failures, script="train.py", style="2.x"):
        """failures: list of (rank, local, exitcode, when, traceback_or_signal). First is the root cause."""
        h = self.hosts[n]
        ap = self.agent_pid[n]
        out = []
        if style == "2.x":
            for r, l, code, when, tb in failures[1:]:
                pass
            others = [l for l in range(self.gpus) if l not in {f[1] for f in failures}]
            for l in others:
                out.append(
                    "W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM"
                    % (glog(t, "W")[1:], ap, self.pid(n, l))
                )
            r0 = failures[0]
            out.append(
                "E%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python3"
                % (glog(t + sec(2.1), "E")[1:], ap, r0[2], r0[1], self.pid(n, r0[1]))
            )
        else:
            others = [l for l in range(self.gpus) if l not in {f[1] for f in failures}]
            for l in others:
                out.append(
                    "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process %d closing signal SIGTERM"
                    % self.pid(n, l)
                )
            r0 = failures[0]
            out.append(
                "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /opt/conda/bin/python"
                % (r0[2], r0[1], self.pid(n, r0[1]))
            )
        out += [
            "Traceback (most recent call last):",
            '  File "/usr/local/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main',
            "    run(args)",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 263, in launch_agent',
            "    raise ChildFailedError(",
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
            "=" * 60,
            "%s FAILED" % script,
            "-" * 60,
            "Failures:",
        ]

        def block(idx, f):
            r, l, code, when, tb = f
            b = [
                "[%d]:" % idx,
                "  time      : %s" % when.strftime("%Y-%m-%d_%H:%M:%S"),
                "  host      : %s" % h,
                "  rank      : %d (local_rank: %d)" % (r, l),
                "  exitcode  : %d (pid: %d)" % (code, self.pid(n, l)),
            ]
            if code < 0:
                b += ["  error_file: <N/A>", "  traceback : %s" % tb]
            else:
                b += [
                    "  error_file: /tmp/torchelastic_%s/none_%s/attempt_0/%d/error.json"
                    % (self._tag(n), self._tag(n + 7), l),
                    "  traceback : %s"
                    % (
                        tb
                        or "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
                    ),
                ]
            return b

        if len(failures) > 1:
            for i, f in enumerate(failures[1:], 1):
                out += block(i, f)
        else:
            out.append("  <NO_OTHER_FAILURES>")
        out += (
            ["-" * 60, "Root Cause (first observed failure):"] + block(0, failures[0]) + ["=" * 60]
        )
        return out

    def _tag(self, k):
        return "%08x" % ((self.pid0[0] * 2654435761 + k * 40503) & 0xFFFFFFFF)


SIGNAMES = {6: "SIGABRT", 9: "SIGKILL", 15: "SIGTERM", 11: "SIGSEGV", 7: "SIGBUS"}


def sigtb(pid, signo):
    return "Signal %d (%s) received by PID %d" % (signo, SIGNAMES[signo], pid)


# --------------------------------------------------------------------------- progress lines
def megatron_iter(it, total, ms, loss, lr, gbs=1024, gnorm=None, skipped=0, nan=0, scale=None):
    s = (
        " iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | "
        "global batch size: %5d | lm loss: %.6E | " % (it, total, it * gbs, ms, lr, gbs, loss)
    )
    if scale is not None:
        s += "loss scale: %.1f | " % scale
    s += "grad norm: %.3f | number of skipped iterations: %3d | number of nan iterations: %3d |" % (
        gnorm if gnorm is not None else 1.0,
        skipped,
        nan,
    )
    return s


def hf_log(step, loss, lr, epoch, gnorm):
    return "{'loss': %.4f, 'grad_norm': %.6f, 'learning_rate': %.4e, 'epoch': %.2f}" % (
        loss,
        gnorm,
        lr,
        epoch,
    )


def titan_step(t, step, loss, mem_gib, pct, tps, tflops, mfu, prefix="[rank0]:"):
    return (
        "%s%s - root - INFO - step: %2d  loss: %7.4f  memory: %5.2fGiB(%.2f%%)  tps: %s  tflops: %.2f  mfu: %.2f%%"
        % (prefix, pylog(t), step, loss, mem_gib, pct, format(tps, ","), tflops, mfu)
    )


# --------------------------------------------------------------------------- nvidia-smi
def smi_q(
    host,
    t,
    driver="550.90.07",
    cuda="12.4",
    gpus=8,
    product="NVIDIA H100 80GB HBM3",
    override=None,
    uuid_seed=0,
):
    """Compact `nvidia-smi -q`. override: {local: {field: value}}"""
    override = override or {}
    out = [
        "",
        "==============NVSMI LOG==============",
        "",
        "Timestamp                                 : %s" % t.strftime("%a %b %d %H:%M:%S %Y"),
        "Driver Version                            : %s" % driver,
        "CUDA Version                              : %s" % cuda,
        "",
        "Attached GPUs                             : %d" % gpus,
    ]
    bus = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]
    for g in range(gpus):
        o = {
            "temp": 38 + (g * 7 + uuid_seed) % 9,
            "power": 420.0 + ((g * 13 + uuid_seed) % 90),
            "sm": 1980,
            "mem": 2619,
            "pstate": "P0",
            "hw_slow": "Not Active",
            "hw_therm": "Not Active",
            "hw_pb": "Not Active",
            "sw_pc": "Not Active",
            "sw_therm": "Not Active",
            "sram_corr": 0,
            "dram_corr": 0,
            "sram_unc": 0,
            "dram_unc": 0,
            "remap_corr": 0,
            "remap_unc": 0,
            "remap_pending": "No",
            "remap_fail": "No",
            "util": 97,
            "pcie_gen": 5,
            "pcie_width": "16x",
            "procs": None,
        }
        o.update(override.get(g, {}))
        out += [
            "",
            "GPU 00000000:%s:00.0" % bus[g],
            "    Product Name                          : %s" % product,
            "    Persistence Mode                      : Enabled",
            "    Serial Number                         : 16523%07d"
            % ((uuid_seed * 97 + g * 7919) % 10000000),
            "    GPU UUID                              : GPU-%08x-%04x-%04x-%04x-%012x"
            % (
                (uuid_seed * 2654435761 + g) & 0xFFFFFFFF,
                g * 31 + 7,
                0x4A00 + g,
                0x8000 + uuid_seed % 4096,
                (uuid_seed << 8) + g,
            ),
            "    Minor Number                          : %d" % g,
            "    PCI",
            "        Bus Id                            : 00000000:%s:00.0" % bus[g],
            "        GPU Link Info",
            "            PCIe Generation",
            "                Max                       : 5",
            "                Current                   : %s" % o["pcie_gen"],
            "            Link Width",
            "                Max                       : 16x",
            "                Current                   : %s" % o["pcie_width"],
            "    Performance State                     : %s" % o["pstate"],
            "    Clocks Event Reasons",
            "        Idle                              : Not Active",
            "        Applications Clocks Setting       : Not Active",
            "        SW Power Cap                      : %s" % o["sw_pc"],
            "        HW Slowdown                       : %s" % o["hw_slow"],
            "            HW Thermal Slowdown           : %s" % o["hw_therm"],
            "            HW Power Brake Slowdown       : %s" % o["hw_pb"],
            "        Sync Boost                        : Not Active",
            "        SW Thermal Slowdown               : %s" % o["sw_therm"],
            "        Display Clock Setting             : Not Active",
            "    Utilization",
            "        Gpu                               : %d %%" % o["util"],
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : %d" % o["sram_corr"],
            "            SRAM Uncorrectable            : %d" % o["sram_unc"],
            "            DRAM Correctable              : %d" % o["dram_corr"],
            "            DRAM Uncorrectable            : %d" % o["dram_unc"],
            "    Remapped Rows",
            "        Correctable Error                 : %d" % o["remap_corr"],
            "        Uncorrectable Error               : %d" % o["remap_unc"],
            "        Pending                           : %s" % o["remap_pending"],
            "        Remapping Failure Occurred        : %s" % o["remap_fail"],
            "    Temperature",
            "        GPU Current Temp                  : %d C" % o["temp"],
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 87 C",
            "    GPU Power Readings",
            "        Power Draw                        : %.2f W" % o["power"],
            "        Current Power Limit               : 700.00 W",
            "    Clocks",
            "        SM                                : %d MHz" % o["sm"],
            "        Memory                            : %d MHz" % o["mem"],
        ]
        if o["procs"]:
            out.append("    Processes")
            for pid, name, mem in o["procs"]:
                out += [
                    "        Process ID                        : %d" % pid,
                    "            Type                          : C",
                    "            Name                          : %s" % name,
                    "            Used GPU Memory               : %d MiB" % mem,
                ]
    return out


# --------------------------------------------------------------------------- kernel noise
def kernel_noise(rng, t0, t1, fmt, count=8):
    """Benign kernel lines spread between t0 and t1. fmt(t) -> prefix."""
    pool = [
        "IPv6: ADDRCONF(NETDEV_CHANGE): veth%07x: link becomes ready",
        'audit: type=1400 audit(%d.%03d:%d): apparmor="STATUS" operation="profile_replace" name="nvidia_modprobe"',
        "mlx5_core 0000:%02x:00.0: mlx5_pcie_event:301:(pid %d): PCIe slot advertised sufficient power (27W).",
        "nvidia-nvswitch3: open (major=509)",
        "EXT4-fs (nvme1n1): mounted filesystem with ordered data mode. Quota mode: none.",
        "docker0: port 1(veth%07x) entered forwarding state",
        "perf: interrupt took too long (2511 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
        "NFSD: Using UMH upcall client tracking operations.",
        "nvidia-peermem nv_mem_init:487 INFO: loading nvidia-peermem",
    ]
    out = []
    span = max(1.0, (t1 - t0).total_seconds())
    times = sorted(rng.uniform(0, span) for _ in range(count))
    for x in times:
        t = t0 + sec(x)
        s = rng.choice(pool)
        n = s.count("%")
        if n == 1:
            s = s % rng.randrange(1 << 24) if "%07x" in s else s % rng.randrange(1, 200)
        elif n == 2:
            s = s % (rng.randrange(0x10, 0xF0), rng.randrange(100, 900))
        elif n == 3:
            s = s % (int(t.timestamp()), rng.randrange(1000), rng.randrange(100, 999))
        out.append("%s %s" % (fmt(t), s))
    return out


def merge_sorted(pairs):
    """pairs: list of (time, line). Returns lines sorted by time (stable)."""
    return [l for _, l in sorted(pairs, key=lambda p: p[0])]


def py_tb(frames, exc):
    """frames: list of (file, line, func, code)."""
    out = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append('  File "%s", line %d, in %s' % (f, ln, fn))
        if code:
            out.append("    " + code)
    out += exc if isinstance(exc, list) else [exc]
    return out


def prefixed(prefix, lines):
    return [prefix + l for l in lines]
