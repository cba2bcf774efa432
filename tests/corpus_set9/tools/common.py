"""Shared helpers for corpus_set9: bundle container, timestamp styles, log snippets.

Standard library only.  Every helper that needs randomness takes the case's rng.
"""

import datetime as _dt
import gzip
import io
import json
import os

UTC = _dt.timezone.utc


def tz(hours, minutes=0):
    return _dt.timezone(_dt.timedelta(hours=hours, minutes=minutes))


def T(s):
    """'2024-05-11T08:06:03.250' (UTC) -> aware datetime."""
    return _dt.datetime.fromisoformat(s).replace(tzinfo=UTC)


def add(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- timestamps
def glog(t, level="I", nanos=False, z=UTC):
    t = t.astimezone(z)
    frac = "%06d" % t.microsecond
    if nanos:
        frac += "%03d" % ((t.microsecond * 7) % 1000)
    return "%s%02d%02d %02d:%02d:%02d.%s" % (
        level,
        t.month,
        t.day,
        t.hour,
        t.minute,
        t.second,
        frac,
    )


def pylog(t, z=UTC):
    t = t.astimezone(z)
    return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (t.microsecond // 1000)


def iso(t, z=UTC, ms=True):
    t = t.astimezone(z)
    s = t.strftime("%Y-%m-%dT%H:%M:%S")
    if ms:
        s += ".%03d" % (t.microsecond // 1000)
    off = t.utcoffset()
    if off == _dt.timedelta(0) and z is UTC:
        return s + "Z"
    mins = int(off.total_seconds() // 60)
    sign = "+" if mins >= 0 else "-"
    mins = abs(mins)
    return s + "%s%02d:%02d" % (sign, mins // 60, mins % 60)


def syslog(t, z=UTC):
    t = t.astimezone(z)
    return t.strftime("%b ") + "%2d" % t.day + t.strftime(" %H:%M:%S")


def dmesg_T(t, z=UTC):
    t = t.astimezone(z)
    return t.strftime("[%a %b ") + "%2d" % t.day + t.strftime(" %H:%M:%S %Y]")


def uptime(boot, t):
    return "[%12.6f]" % (t - boot).total_seconds()


def epoch(t):
    return round(t.timestamp(), 3)


# ---------------------------------------------------------------- bundle
class Bundle:
    def __init__(self, name):
        self.name = name
        self.files = {}
        self.label = None
        self.topology = None

    def add(self, path, text):
        """Append text to a file in the bundle (path relative to the case dir)."""
        if isinstance(text, (list, tuple)):
            text = "\n".join(text) + "\n"
        self.files[path] = self.files.get(path, "") + text

    def set_label(self, category, layer, node, rank, action, rationale, modelled_on):
        culprit = None if node is None else {"node": node, "rank": rank}
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def write(self, root):
        d = os.path.join(root, self.name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "label.json"), "w") as f:
            json.dump(self.label, f, indent=2)
            f.write("\n")
        if self.topology:
            with open(os.path.join(d, "topology.json"), "w") as f:
                json.dump({"topology": self.topology}, f, indent=2)
                f.write("\n")
        total = 0
        for rel in sorted(self.files):
            p = os.path.join(d, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            data = self.files[rel].encode("utf-8")
            if rel.endswith(".gz"):
                buf = io.BytesIO()
                with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0) as g:
                    g.write(data)
                data = buf.getvalue()
            with open(p, "wb") as f:
                f.write(data)
            total += len(data)
        return total


# ---------------------------------------------------------------- log snippets
def nccl_init(host, pid, local, rank, nranks, busid, version="2.21.5+cuda12.4", prefix=""):
    comm = "0x%x" % (0x55D0A0000000 + pid * 16)
    return [
        "%s%s:%d:%d [%d] NCCL INFO cudaDriverVersion 12040" % (prefix, host, pid, pid, local),
        "%s%s:%d:%d [%d] NCCL INFO NCCL version %s" % (prefix, host, pid, pid, local, version)
        if rank == 0
        else "%s%s:%d:%d [%d] NCCL INFO Bootstrap : Using ib0:%s"
        % (prefix, host, pid, pid, local, "10.0.0.%d" % (pid % 200 + 10)),
        "%s%s:%d:%d [%d] NCCL INFO comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x5e1f7a2c93d04b11 - Init COMPLETE"
        % (prefix, host, pid, pid + 41, local, comm, rank, nranks, local, local, busid),
    ]


def progress(rng, t0, step0, n, step_s, loss0, every=10, fmt="std", prefix=""):
    """Training progress lines; returns (lines, last_time, last_step)."""
    out = []
    t = t0
    loss = loss0
    step = step0
    for _ in range(n):
        step += every
        t = add(t, step_s * every * rng.uniform(0.97, 1.03))
        loss = max(0.8, loss - rng.uniform(0.0, 0.01))
        if fmt == "std":
            out.append(
                "%s[%s] step %d | loss %.4f | lr 2.40e-04 | grad_norm %.3f | %.2f s/it"
                % (
                    prefix,
                    pylog(t),
                    step,
                    loss,
                    rng.uniform(0.3, 0.9),
                    step_s * rng.uniform(0.98, 1.02),
                )
            )
        else:
            out.append(
                "%s%s INFO train.py:211 iteration %d/200000 | consumed samples %d | elapsed time per iteration (ms): %.1f | lm loss %.6E"
                % (
                    prefix,
                    pylog(t),
                    step,
                    step * 1024,
                    step_s * 1000 * rng.uniform(0.98, 1.02),
                    loss,
                )
            )
    return out, t, step


def watchdog(
    rank, t, seq, op="ALLREDUCE", numel=67108864, timeout_ms=600000, new=True, pg="0(default_pg)"
):
    ran = timeout_ms + 13 + (rank * 7) % 40
    if new:
        p = "[rank%d]:" % rank
        return [
            "%s[%s ProcessGroupNCCL.cpp:632] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
            % (p, glog(t, "E", True), rank, seq, op, numel, numel, timeout_ms, ran),
            "%s[%s ProcessGroupNCCL.cpp:1664] [PG ID 0 PG GUID %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
            % (p, glog(t, "E", True), pg, rank, seq, seq, seq - 1),
            "%s[%s ProcessGroupNCCL.cpp:1709] [PG ID 0 PG GUID %s Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
            % (p, glog(t, "E", True), pg, rank, seq, seq, seq - 1),
            "%s[%s ProcessGroupNCCL.cpp:621] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
            % (p, glog(t, "E", True), rank),
            "%s[%s ProcessGroupNCCL.cpp:627] [Rank %d] To avoid data inconsistency, we are taking the entire process down."
            % (p, glog(t, "E", True), rank),
        ]
    return [
        "[%s ProcessGroupNCCL.cpp:828] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, Timeout(ms)=%d) ran for %d milliseconds before timing out."
        % (glog(t, "E").replace(" ", " ", 1), rank, seq, op, timeout_ms, ran),
        "[%s ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
        % glog(t, "E"),
        "[%s ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down."
        % glog(t, "E"),
    ]


def agent_summary(t, script, host, failures, z=UTC):
    """torchrun ChildFailedError summary.  failures: list of (rank, local, pid, exitcode or -signum, signame).
    The first entry is the root cause."""

    def block(i, f):
        rank, local, pid, code, sig = f
        return [
            "[%d]:" % i,
            "  time      : %s" % t.astimezone(z).strftime("%Y-%m-%d_%H:%M:%S"),
            "  host      : %s" % host,
            "  rank      : %d (local_rank: %d)" % (rank, local),
            "  exitcode  : %d (pid: %d)" % (code, pid),
            "  error_file: <N/A>",
            "  traceback : %s"
            % (
                "Signal %d (%s) received by PID %d" % (-code, sig, pid)
                if code < 0
                else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
            ),
        ]

    out = [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 263, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "%s FAILED" % script,
        "------------------------------------------------------------",
        "Failures:",
    ]
    if len(failures) == 1:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(failures[1:], 1):
        out += block(i, f)
    out += [
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
    ]
    out += block(0, failures[0])
    out.append("============================================================")
    return out


def torchrun_header(
    t, host, group_rank, nnodes, nproc, master, port=29500, restart=0, z=UTC, pid=4100
):
    ranks = list(range(group_rank * nproc, group_rank * nproc + nproc))
    return [
        "I%s %d torch/distributed/launcher/api.py:188] Starting elastic_operator with launch configs:"
        % (glog(t, "")[0:], pid),
        "  entrypoint       : train.py",
        "  min_nodes        : %d" % nnodes,
        "  max_nodes        : %d" % nnodes,
        "  nproc_per_node   : %d" % nproc,
        "  rdzv_backend     : c10d",
        "  rdzv_endpoint    : %s:%d" % (master, port),
        "  max_restarts     : 0",
        "I%s %d torch/distributed/elastic/agent/server/api.py:525] [default] Rendezvous complete for workers. Result:"
        % (glog(add(t, 4), ""), pid),
        "  restart_count=%d" % restart,
        "  master_addr=%s" % master,
        "  master_port=%d" % (port + 1),
        "  group_rank=%d" % group_rank,
        "  group_world_size=%d" % nnodes,
        "  local_ranks=%s" % list(range(nproc)),
        "  role_ranks=%s" % ranks,
        "  global_ranks=%s" % ranks,
        "  role_world_sizes=%s" % ([nnodes * nproc] * nproc),
        "  global_world_sizes=%s" % ([nnodes * nproc] * nproc),
        "",
    ]


def sigterm_lines(t, pids):
    return [
        "W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM"
        % (glog(t, "")[0:], pids[0] - 40, p)
        for p in pids
    ]


def dmesg_noise(rng, boot, t_from, n, style="uptime", host="node", z=UTC):
    msgs = [
        "IPv6: ADDRCONF(NETDEV_CHANGE): veth%x: link becomes ready",
        "docker0: port 1(veth%x) entered forwarding state",
        "nvidia-nvswitch: Probing device 0000:%02x:00.0",
        'audit: type=1400 audit(%d.112:%d): apparmor="STATUS" operation="profile_replace"',
        "EXT4-fs (nvme0n1p1): re-mounted. Opts: errors=remount-ro",
        "systemd-journald[%d]: Data hash table of /var/log/journal grew.",
        "perf: interrupt took too long (%d > 2500), lowering kernel.perf_event_max_sample_rate",
        "mlx5_core 0000:%02x:00.0: mlx5_pcie_event:301: Detected insufficient power on the PCIe slot (27W).",
    ]
    out = []
    t = t_from
    for _ in range(n):
        t = add(t, rng.uniform(30, 1800))
        m = rng.choice(msgs)
        m = m.replace("%x", "%x" % rng.randrange(0x10000, 0xFFFFF)).replace(
            "%02x", "%02x" % rng.randrange(16, 200)
        )
        while "%d" in m:
            m = m.replace("%d", str(rng.randrange(100, 99999)), 1)
        out.append((t, m))
    return out


def render_kernel(entries, style, boot=None, host="node", z=UTC):
    """entries: list of (t, msg).  style: uptime | T | syslog | journal-iso."""
    out = []
    for t, m in sorted(entries, key=lambda e: e[0]):
        if style == "uptime":
            out.append("%s %s" % (uptime(boot, t), m))
        elif style == "T":
            out.append("%s %s" % (dmesg_T(t, z), m))
        elif style == "syslog":
            out.append("%s %s kernel: %s" % (syslog(t, z), host, m))
        elif style == "journal-iso":
            out.append("%s %s kernel: %s" % (iso(t, z, ms=False).replace("Z", "+0000"), host, m))
    return out


def smi_q(gpus, driver="550.90.07", when="Sat May 11 09:02:11 2024"):
    """gpus: list of dicts with bus, model, temp, dbe, sbe, pending, remap_pending, slowdown, util, mem_used."""
    out = [
        "==============NVSMI LOG==============",
        "",
        "Timestamp                                 : %s" % when,
        "Driver Version                            : %s" % driver,
        "CUDA Version                              : 12.4",
        "",
        "Attached GPUs                             : %d" % len(gpus),
    ]
    for g in gpus:
        out += [
            "GPU %s" % g["bus"],
            "    Product Name                          : %s"
            % g.get("model", "NVIDIA H100 80GB HBM3"),
            "    Minor Number                          : %d" % g["idx"],
            "    Fan Speed                             : N/A",
            "    Performance State                     : P0",
            "    Clocks Event Reasons",
            "        Idle                              : Not Active",
            "        SW Power Cap                      : %s" % g.get("swcap", "Not Active"),
            "        HW Slowdown                       : %s" % g.get("slowdown", "Not Active"),
            "            HW Thermal Slowdown           : %s" % g.get("thermal", "Not Active"),
            "            HW Power Brake Slowdown       : Not Active",
            "        SW Thermal Slowdown               : %s" % g.get("swthermal", "Not Active"),
            "    FB Memory Usage",
            "        Total                             : 81559 MiB",
            "        Used                              : %d MiB" % g.get("mem_used", 3),
            "    Utilization",
            "        Gpu                               : %d %%" % g.get("util", 0),
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : %d" % g.get("sbe", 0),
            "            SRAM Uncorrectable            : 0",
            "            DRAM Correctable              : %d" % g.get("dram_ce", 0),
            "            DRAM Uncorrectable            : %d" % g.get("dbe", 0),
            "    Remapped Rows",
            "        Correctable Error                 : %d" % g.get("remap_ce", 0),
            "        Uncorrectable Error               : %d" % g.get("remap_ue", 0),
            "        Pending                           : %s"
            % ("Yes" if g.get("remap_pending") else "No"),
            "        Remapping Failure Occurred        : No",
            "    Temperature",
            "        GPU Current Temp                  : %d C" % g.get("temp", 34),
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 87 C",
            "    Power Readings",
            "        Power Draw                        : %.2f W" % g.get("power", 71.5),
            "",
        ]
    return out


def smi_table(gpus, procs=(), driver="550.90.07"):
    """Compact `nvidia-smi` table.  gpus: list of (idx, bus, mem_used_mib, util).  procs: (gpu, pid, name, mib)."""
    out = [
        "+-----------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI %s              Driver Version: %s      CUDA Version: 12.4     |"
        % (driver, driver),
        "|-----------------------------------------+------------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
        "|=========================================+========================+======================|",
    ]
    for idx, bus, mem, util in gpus:
        out.append(
            "|   %d  NVIDIA H100 80GB HBM3          On  |   %s Off |                    0 |"
            % (idx, bus)
        )
        out.append(
            "| N/A   36C    P0            118W /  700W |  %6dMiB /  81559MiB |    %3d%%      Default |"
            % (mem, util)
        )
        out.append(
            "+-----------------------------------------+------------------------+----------------------+"
        )
    out += [
        "",
        "| Processes:                                                                              |",
        "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
        "|=========================================================================================|",
    ]
    if not procs:
        out.append(
            "|  No running processes found                                                             |"
        )
    for g, pid, name, mib in procs:
        out.append("|    %d   N/A  N/A    %7d      C   %-40s %6dMiB |" % (g, pid, name, mib))
    out.append(
        "+-----------------------------------------------------------------------------------------+"
    )
    return out


def py_tb(frames, exc):
    out = ["Traceback (most recent call last):"]
    for f, line, fn, code in frames:
        out.append('  File "%s", line %d, in %s' % (f, line, fn))
        out.append("    " + code)
    out.append(exc)
    return out


def prefix(lines, p):
    return [p + l for l in lines]
