"""Shared helpers for corpus_set8: bundle container, timestamp styles, log fragments.

Standard library only. Every case gets its own random.Random seeded from its name,
so output is deterministic.
"""

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


class Bundle:
    def __init__(self):
        self.files = {}
        self.label_data = None
        self.topology = None

    def label(self, category, layer, node, rank, action, rationale, url):
        assert category in CATEGORIES, category
        assert layer in LAYERS, layer
        assert action in ACTIONS, action
        culprit = None if node is None else {"node": node, "rank": rank}
        self.label_data = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": url,
        }

    def add(self, host, name, content, attempt=None):
        if isinstance(content, (list, tuple)):
            content = "\n".join(content) + "\n"
        path = f"{host}/{name}" if attempt is None else f"attempt_{attempt}/{host}/{name}"
        if path in self.files:
            self.files[path] += content
        else:
            self.files[path] = content

    def write(self, root):
        assert self.label_data is not None
        os.makedirs(root, exist_ok=True)
        with open(os.path.join(root, "label.json"), "w") as f:
            json.dump(self.label_data, f, indent=2)
            f.write("\n")
        if self.topology:
            with open(os.path.join(root, "topology.json"), "w") as f:
                json.dump({"topology": self.topology}, f, indent=2)
                f.write("\n")
        for rel, text in sorted(self.files.items()):
            p = os.path.join(root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            data = text.encode("utf-8")
            if rel.endswith(".gz"):
                buf = io.BytesIO()
                with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, filename="") as g:
                    g.write(data)
                data = buf.getvalue()
            with open(p, "wb") as f:
                f.write(data)


# ---------------------------------------------------------------- time formats
def T(y, mo, d, h, mi, s=0, us=0):
    return _dt.datetime(y, mo, d, h, mi, s, us)


def add(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


def py_ts(t):  # 2024-03-12 14:03:22,123
    return t.strftime("%Y-%m-%d %H:%M:%S,") + f"{t.microsecond // 1000:03d}"


def iso(t):  # 2024-03-12T14:03:22.123Z
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


def glog(level, t, tid=None, src="ProcessGroupNCCL.cpp:1575", nanos=False):
    frac = f"{t.microsecond:06d}" + ("%03d" % ((t.microsecond * 7) % 1000) if nanos else "")
    mid = f" {tid}" if tid is not None else ""
    return f"{level}{t.strftime('%m%d %H:%M:%S')}.{frac}{mid} {src}]"


def dmesg_T(t):
    return f"[{t.strftime('%a %b')} {t.day:2d} {t.strftime('%H:%M:%S %Y')}]"


def uptime(sec):
    return f"[{sec:12.6f}]"


def syslog(t, host, proc):
    return f"{t.strftime('%b')} {t.day:2d} {t.strftime('%H:%M:%S')} {host} {proc}:"


def journal(t, host, proc):
    return f"{t.strftime('%b %d %H:%M:%S')} {host} {proc}:"


# ---------------------------------------------------------------- job model
class Job:
    def __init__(self, hosts, gpn=8):
        self.hosts = list(hosts)
        self.gpn = gpn

    @property
    def world(self):
        return len(self.hosts) * self.gpn

    def ranks(self, host):
        i = self.hosts.index(host)
        return list(range(i * self.gpn, (i + 1) * self.gpn))

    def host_of(self, rank):
        return self.hosts[rank // self.gpn]

    def local(self, rank):
        return rank % self.gpn


def pids(rng, n, lo=20000, hi=900000):
    base = rng.randint(lo, hi)
    return [base + i * rng.randint(1, 3) for i in range(n)]


def ip(rng, net="10.18"):
    return f"{net}.{rng.randint(1, 254)}.{rng.randint(2, 250)}"


# ---------------------------------------------------------------- NCCL / c10d fragments
def nccl_init(host, pid, local, rank, world, version="2.21.5+cuda12.4", net="IB", hca="mlx5_0:1"):
    tag = f"{host}:{pid}:{pid}"
    out = [
        f"{tag} [{local}] NCCL INFO Bootstrap : Using eth0:{'10.%d.%d.%d' % (local, rank % 200, 11)}<0>"
    ]
    if rank == 0:
        out.append(f"{tag} [{local}] NCCL INFO NCCL version {version}")
    out += [
        f"{tag} [{local}] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)",
        f"{tag} [{local}] NCCL INFO NET/{net} : Using [0]{hca}/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB ; OOB eth0",
        f"{tag} [{local}] NCCL INFO Using network {net}",
        f"{tag} [{local}] NCCL INFO comm 0x{(pid * 4099) & 0xFFFFFF:x}00 rank {rank} nranks {world} cudaDev {local} nvmlDev {local} busId {['18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'][local % 8]}000 commId 0x7f3a91c2 - Init COMPLETE",
    ]
    return out


def c10(rank, level, t, src, msg):
    """torch 2.x c10 log line with the torchrun rank prefix."""
    return f"[rank{rank}]:[{glog(level, t, src=src, nanos=True)} {msg}"


def watchdog_v2(
    rank, seq, op, timeout_ms, ran_ms, t, pg="0 PG GUID 0(default_pg)", numel=(1, 1), pgrank=None
):
    pr = rank if pgrank is None else pgrank
    return [
        c10(
            rank,
            "E",
            t,
            "ProcessGroupNCCL.cpp:632",
            f"[PG ID {pg} Rank {pr}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel[0]}, NumelOut={numel[1]}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out.",
        ),
        c10(
            rank,
            "E",
            add(t, 0.001),
            "ProcessGroupNCCL.cpp:2168",
            f"[PG ID {pg} Rank {pr}]  failure detected by watchdog at work sequence id: {seq} PG status: last enqueued work: {seq}, last completed work: {seq - 1}",
        ),
        c10(
            rank,
            "E",
            add(t, 0.002),
            "ProcessGroupNCCL.cpp:681",
            f"[Rank {pr}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        ),
        c10(
            rank,
            "E",
            add(t, 0.003),
            "ProcessGroupNCCL.cpp:695",
            f"[Rank {pr}] To avoid data inconsistency, we are taking the entire process down.",
        ),
    ]


def watchdog_v113(rank, seq, op, timeout_ms, ran_ms, t):
    return [
        f"[E ProcessGroupNCCL.cpp:828] [Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out.",
        "[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down.",
        "terminate called after throwing an instance of 'std::runtime_error'",
        f"  what():  [Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out.",
    ]


def cpp_frames(n=4):
    libs = [
        ("c10::Error::Error(c10::SourceLocation, std::string) + 0x57", "libc10.so"),
        (
            "c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2",
            "libtorch_cuda.so",
        ),
        ("c10d::ProcessGroupNCCL::watchdogHandler() + 0x233", "libtorch_cuda.so"),
        ("c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c", "libtorch_cuda.so"),
        ("<unknown function> + 0xdc253", "libstdc++.so.6"),
        ("<unknown function> + 0x94ac3", "libc.so.6"),
    ]
    return [
        f"frame #{i}: {f} (0x7f{(i * 7919 + 0x3A1) & 0xFFFF:04x}5e1c{i}a0 in /usr/local/lib/python3.10/dist-packages/torch/lib/{l})"
        for i, (f, l) in enumerate(libs[:n])
    ]


def elastic_summary(t, host, script, failures, style="v2"):
    """failures: list of (rank, local_rank, exitcode, pid, error_file_note)"""
    r0 = failures[0]
    bar = "=" * 60
    out = []
    if style == "v2":
        out.append(
            f"E{t.strftime('%m%d %H:%M:%S')}.{t.microsecond:06d} {r0[3] - 40} torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: {r0[2]}) local_rank: {r0[1]} (pid: {r0[3]}) of binary: /usr/bin/python"
        )
    else:
        out.append(
            f"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: {r0[2]}) local_rank: {r0[1]} (pid: {r0[3]}) of binary: /opt/conda/bin/python"
        )
    out += [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 892, in main',
        "    run(args)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 263, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        bar,
        f"{script} FAILED",
        "-" * 60,
        "Failures:",
    ]
    if len(failures) == 1:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(failures[1:], 1):
        out += [
            f"[{i}]:",
            f"  time      : {t.strftime('%Y-%m-%d_%H:%M:%S')}",
            f"  host      : {host}",
            f"  rank      : {f[0]} (local_rank: {f[1]})",
            f"  exitcode  : {f[2]} (pid: {f[3]})",
            f"  error_file: {f[4] if len(f) > 4 and f[4] else '<N/A>'}",
            "  traceback : "
            + (
                "Signal %d (%s) received by PID %d"
                % (
                    -f[2],
                    {6: "SIGABRT", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM"}.get(-f[2], "SIG"),
                    f[3],
                )
                if f[2] < 0
                else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
            ),
        ]
    out += [
        "-" * 60,
        "Root Cause (first observed failure):",
        "[0]:",
        f"  time      : {t.strftime('%Y-%m-%d_%H:%M:%S')}",
        f"  host      : {host}",
        f"  rank      : {r0[0]} (local_rank: {r0[1]})",
        f"  exitcode  : {r0[2]} (pid: {r0[3]})",
        f"  error_file: {r0[4] if len(r0) > 4 and r0[4] else '<N/A>'}",
        "  traceback : "
        + (
            "Signal %d (%s) received by PID %d"
            % (
                -r0[2],
                {6: "SIGABRT", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM"}.get(-r0[2], "SIG"),
                r0[3],
            )
            if r0[2] < 0
            else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        ),
        bar,
    ]
    return out


def sigterm_lines(t, pid_list, style="v2"):
    out = []
    for p in pid_list:
        if style == "v2":
            out.append(
                f"W{t.strftime('%m%d %H:%M:%S')}.{t.microsecond:06d} {pid_list[0] - 40} torch/distributed/elastic/multiprocessing/api.py:897] Sending process {p} closing signal SIGTERM"
            )
        else:
            out.append(
                f"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {p} closing signal SIGTERM"
            )
    return out


def py_tb(frames, exc, prefix=""):
    out = [prefix + "Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(f'{prefix}  File "{f}", line {ln}, in {fn}')
        if code:
            out.append(f"{prefix}    {code}")
    out += [prefix + e for e in exc.split("\n")]
    return out


def pfx(prefix, lines):
    return [prefix + l for l in lines]


# ---------------------------------------------------------------- host-side fragments
def kernel_noise(rng, host, t, n=6, style="syslog"):
    msgs = [
        "systemd[1]: Started Session %d of user slurm." % rng.randint(100, 9999),
        "kernel: [UFW BLOCK] IN=eth0 OUT= SRC=10.0.%d.%d DST=224.0.0.251 PROTO=UDP SPT=5353 DPT=5353"
        % (rng.randint(0, 9), rng.randint(2, 250)),
        "chronyd[1184]: Selected source 10.0.0.%d" % rng.randint(2, 9),
        "systemd[1]: Starting Daily apt download activities...",
        "kernel: nvidia-uvm: Loaded the UVM driver, major device number 507.",
        "nvidia-persistenced[2210]: Started (2210)",
        "kernel: IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
        "systemd-logind[1201]: New session %d of user root." % rng.randint(10, 999),
        'dcgm-exporter[3301]: level=info msg="Starting webserver"',
        "kernel: perf: interrupt took too long (2511 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
    ]
    out = []
    for i in range(n):
        tt = add(t, i * rng.randint(20, 400))
        m = rng.choice(msgs)
        proc, _, rest = m.partition(": ")
        if style == "syslog":
            out.append(f"{syslog(tt, host, proc)} {rest}")
        elif style == "dmesgT":
            out.append(f"{dmesg_T(tt)} {rest if proc == 'kernel' else m}")
        else:
            out.append(
                f"{uptime(1000 + i * 37.5 + rng.random())} {rest if proc == 'kernel' else m}"
            )
    return out


def nvidia_smi_q(
    rng, t, n=8, model="NVIDIA H100 80GB HBM3", driver="550.90.07", cuda="12.4", special=None
):
    """special: {gpu_index: dict(dbe=, sbe=, retired_pending=, remap_fail=, remap_pending=,
    thermal=, power_cap=, power_limit=, clock=, fallen=)}"""
    special = special or {}
    bus = [
        "00000000:18:00.0",
        "00000000:2A:00.0",
        "00000000:3A:00.0",
        "00000000:5D:00.0",
        "00000000:9A:00.0",
        "00000000:AB:00.0",
        "00000000:BA:00.0",
        "00000000:DB:00.0",
    ]
    out = [
        "",
        "==============NVSMI LOG==============",
        "",
        f"Timestamp                                 : {t.strftime('%a %b %d %H:%M:%S %Y')}",
        f"Driver Version                            : {driver}",
        f"CUDA Version                              : {cuda}",
        "",
        f"Attached GPUs                             : {n}",
    ]
    for i in range(n):
        s = special.get(i, {})
        out.append(f"GPU {bus[i % 8]}")
        if s.get("fallen"):
            out.append(
                "    Unable to determine the device handle for GPU" + bus[i % 8] + ": Unknown Error"
            )
            continue
        maxp = 700 if "H100" in model or "H200" in model else 400
        plim = s.get("power_limit", maxp)
        out += [
            f"    Product Name                          : {model}",
            f"    Serial Number                         : 16523{rng.randint(10000000, 99999999)}",
            f"    GPU UUID                              : GPU-{rng.randint(0, 16**8):08x}-{rng.randint(0, 16**4):04x}-{rng.randint(0, 16**4):04x}-{rng.randint(0, 16**4):04x}-{rng.randint(0, 16**12):012x}",
            "    Clocks Event Reasons",
            "        Idle                              : Not Active",
            "        Applications Clocks Setting       : Not Active",
            f"        SW Power Cap                      : {'Active' if s.get('power_cap') else 'Not Active'}",
            "        HW Slowdown                       : "
            + ("Active" if s.get("thermal") else "Not Active"),
            "            HW Thermal Slowdown           : "
            + ("Active" if s.get("thermal") else "Not Active"),
            "            HW Power Brake Slowdown       : Not Active",
            "        Sync Boost                        : Not Active",
            "        SW Thermal Slowdown               : "
            + ("Active" if s.get("thermal") else "Not Active"),
            "    ECC Errors",
            "        Volatile",
            f"            SRAM Correctable              : 0",
            f"            SRAM Uncorrectable            : 0",
            f"            DRAM Correctable              : {s.get('sbe', 0)}",
            f"            DRAM Uncorrectable            : {s.get('dbe', 0)}",
            "        Aggregate",
            f"            SRAM Correctable              : 0",
            f"            SRAM Uncorrectable            : 0",
            f"            DRAM Correctable              : {s.get('sbe', 0) + s.get('sbe_agg', 0)}",
            f"            DRAM Uncorrectable            : {s.get('dbe', 0)}",
            "    Retired Pages",
            "        Single Bit ECC                    : N/A",
            "        Double Bit ECC                    : N/A",
            "        Pending Page Blacklist            : N/A",
            "    Remapped Rows",
            f"        Correctable Error                 : {s.get('remap_corr', 0)}",
            f"        Uncorrectable Error               : {s.get('remap_unc', 0)}",
            f"        Pending                           : {'Yes' if s.get('remap_pending') else 'No'}",
            f"        Remapping Failure Occurred        : {'Yes' if s.get('remap_fail') else 'No'}",
            "    Temperature",
            f"        GPU Current Temp                  : {s.get('temp', rng.randint(38, 52))} C",
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 89 C",
            "    GPU Power Readings",
            f"        Power Draw                        : {s.get('power', rng.randint(90, 130))}.{rng.randint(10, 99)} W",
            f"        Current Power Limit               : {plim}.00 W",
            f"        Default Power Limit               : {maxp}.00 W",
            f"        Max Power Limit                   : {maxp}.00 W",
            "    Clocks",
            f"        SM                                : {s.get('clock', 1980)} MHz",
            f"        Memory                            : 2619 MHz",
        ]
    return out
