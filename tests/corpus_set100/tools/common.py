"""Shared log-format helpers for corpus_set100 (standard library only, deterministic)."""
import sys

sys.dont_write_bytecode = True

import datetime as _dt

UTC = _dt.timezone.utc

H100_BUS = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]
A100_BUS = ["07", "0F", "47", "4E", "87", "90", "B7", "BD"]


def T(y, mo, d, h, mi, s=0, us=0):
    return _dt.datetime(y, mo, d, h, mi, s, us, tzinfo=UTC)


def plus(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- timestamps
def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def iso_ms(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (t.microsecond // 1000)


def glog_ts(t):
    # glog style used by torch.distributed logging: W1105 09:12:03.512000
    return t.strftime("%m%d %H:%M:%S.") + "%06d" % t.microsecond


def glog(level, t, pid, src, msg):
    return "%s%s %d %s] %s" % (level, glog_ts(t), pid, src, msg)


def pylog(t, level, name, msg):
    # python logging default-ish: 2024-11-05 09:12:03,512 - INFO - name - msg
    return "%s,%03d - %s - %s - %s" % (t.strftime("%Y-%m-%d %H:%M:%S"), t.microsecond // 1000, level, name, msg)


def ds_log(t, level, where, msg):
    # DeepSpeed logger: [2024-03-12 14:02:11,201] [INFO] [runner.py:463:main] msg
    return "[%s,%03d] [%s] [%s] %s" % (t.strftime("%Y-%m-%d %H:%M:%S"), t.microsecond // 1000, level, where, msg)


def syslog_ts(t):
    # "Nov  5 09:12:01"
    return t.strftime("%b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S")


def journal_ts(t):
    return t.strftime("%b %d %H:%M:%S")


def dmesg_line(uptime, msg):
    return "[%12.6f] %s" % (uptime, msg)


def kern_line(t, host, uptime, msg):
    return "%s %s kernel: [%12.6f] %s" % (syslog_ts(t), host, uptime, msg)


def journal_line(t, host, proc, msg):
    return "%s %s %s: %s" % (journal_ts(t), host, proc, msg)


def nccl(host, pid, tid, dev, msg, level="INFO"):
    return "%s:%d:%d [%d] NCCL %s %s" % (host, pid, tid, dev, level, msg)


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


def prefix(pfx, text_lines):
    return [pfx + l for l in text_lines]


# ---------------------------------------------------------------- torchrun
def torchrun_banner(t, pid, nproc=8):
    src = "torch/distributed/run.py:793"
    return [
        glog("W", t, pid, src, ""),
        glog("W", t, pid, src, "*****************************************"),
        glog("W", t, pid, src, "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, "
             "to avoid your system being overloaded, please further tune the variable for optimal performance in "
             "your application as needed. "),
        glog("W", t, pid, src, "*****************************************"),
    ]


def torchrun_launch_config(t, pid, entry, nnodes, nproc, rdzv_backend, endpoint, run_id, max_restarts=0):
    src = "torch/distributed/launcher/api.py:188"
    rows = [
        "Starting elastic_operator with launch configs:",
        "  entrypoint       : %s" % entry,
        "  min_nodes        : %s" % nnodes,
        "  max_nodes        : %s" % nnodes,
        "  nproc_per_node   : %s" % nproc,
        "  run_id           : %s" % run_id,
        "  rdzv_backend     : %s" % rdzv_backend,
        "  rdzv_endpoint    : %s" % endpoint,
        "  rdzv_configs     : {'timeout': 900}",
        "  max_restarts     : %d" % max_restarts,
        "  monitor_interval : 0.1",
        "  log_dir          : /tmp/torchelastic_%s" % run_id[:8].replace("-", "x"),
        "  metrics_cfg      : {}",
        "",
    ]
    return [glog("I", t, pid, src, r) for r in rows]


def torchrun_agent_fail(t, pid, local_rank, child_pid, binary="/usr/bin/python"):
    return glog("E", t, pid, "torch/distributed/elastic/multiprocessing/api.py:869",
                "failed (exitcode: 1) local_rank: %d (pid: %d) of binary: %s" % (local_rank, child_pid, binary))


def torchrun_sigterm(t, pid, child_pids):
    return [glog("W", t, pid, "torch/distributed/elastic/multiprocessing/api.py:897",
                 "Sending process %d closing signal SIGTERM" % cp) for cp in child_pids]


TORCHRUN_TB = [
    "Traceback (most recent call last):",
    '  File "/usr/local/bin/torchrun", line 8, in <module>',
    "    sys.exit(main())",
    '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
    "    return f(*args, **kwargs)",
    '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main',
    "    run(args)",
    '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 910, in run',
    "    elastic_launch(",
    '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 138, in __call__',
    "    return launch_agent(self._config, self._entrypoint, list(args))",
    '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 269, in launch_agent',
    "    raise ChildFailedError(",
]


def child_failed(script, host, failures, torchrun_tb=True):
    """failures: list of (time, rank, local_rank, exitcode, pid); first one is the root cause."""
    out = list(TORCHRUN_TB) if torchrun_tb else []
    out.append("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    out.append("=" * 60)
    out.append("%s FAILED" % script)
    out.append("-" * 60)
    out.append("Failures:")
    rest = failures[1:]
    if not rest:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(rest, 1):
        out.extend(_failure_block(i, host, f))
    out.append("-" * 60)
    out.append("Root Cause (first observed failure):")
    out.extend(_failure_block(0, host, failures[0]))
    out.append("=" * 60)
    return out


def _failure_block(i, host, f):
    t, rank, lr, code, pid = f
    ec = "%d (pid: %d)" % (code, pid) if code >= 0 else "%d (pid: %d)" % (code, pid)
    blk = [
        "[%d]:" % i,
        "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
        "  host      : %s" % host,
        "  rank      : %d (local_rank: %d)" % (rank, lr),
        "  exitcode  : %s" % ec,
        "  error_file: <N/A>",
    ]
    if code < 0:
        blk.append("  traceback : Signal %d (SIGTERM) received by PID %d" % (-code, pid))
    else:
        blk.append("  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    return blk


# ---------------------------------------------------------------- slurm
def sacct(jobid, jobname, partition, account, rows):
    """rows: list of (suffix, name, cpus, state, exitcode, elapsed, nodelist)."""
    hdr = ("JobID           JobName  Partition    Account  AllocCPUS      State ExitCode    Elapsed        NodeList ",
           "------------ ---------- ---------- ---------- ---------- ---------- -------- ---------- --------------- ")
    out = list(hdr)
    for suf, name, cpus, state, ec, el, nl in rows:
        jid = str(jobid) + suf
        nm = name if len(name) <= 10 else name[:9] + "+"
        pt = partition if suf == "" else ""
        nlx = nl if len(nl) <= 15 else nl[:14] + "+"
        out.append("%-12s %10s %10s %10s %10d %10s %8s %10s %15s " % (jid, nm, pt, account, cpus, state, ec, el, nlx))
    return out


def srun_step_cancel(t, jobid, step, host):
    return "slurmstepd: error: *** STEP %s.%s ON %s CANCELLED AT %s ***" % (jobid, step, host, iso(t))


# ---------------------------------------------------------------- nvidia-smi -q
def nvsmi_q(t, driver, cuda, gpus):
    """gpus: list of dicts with keys bus, name, serial, uuid, temp, power, plimit, mem_total, mem_used,
    util, pstate, sbe, dbe, remap_pending, remap_fail, vbios, minor, pcie_gen, pcie_width, clocks_reason."""
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
        out += [
            "GPU 00000000:%s:00.0" % g["bus"],
            "    Product Name                          : %s" % g["name"],
            "    Product Brand                         : NVIDIA",
            "    Product Architecture                  : %s" % g.get("arch", "Hopper"),
            "    Display Mode                          : Disabled",
            "    Persistence Mode                      : Enabled",
            "    MIG Mode",
            "        Current                           : Disabled",
            "        Pending                           : Disabled",
            "    Serial Number                         : %s" % g["serial"],
            "    GPU UUID                              : %s" % g["uuid"],
            "    Minor Number                          : %d" % g["minor"],
            "    VBIOS Version                         : %s" % g.get("vbios", "96.00.99.00.01"),
            "    GPU PCI Info",
            "        Bus                               : 0x%s" % g["bus"],
            "        Device                            : 0x00",
            "        Domain                            : 0x0000",
            "        Bus Id                            : 00000000:%s:00.0" % g["bus"],
            "        GPU Link Info",
            "            PCIe Generation",
            "                Max                       : %d" % g.get("pcie_gen", 5),
            "                Current                   : %d" % g.get("pcie_gen", 5),
            "            Link Width",
            "                Max                       : 16x",
            "                Current                   : %dx" % g.get("pcie_width", 16),
            "    Performance State                     : %s" % g.get("pstate", "P0"),
            "    Clocks Event Reasons",
            "        Idle                              : %s" % ("Active" if g.get("pstate") == "P8" else "Not Active"),
            "        HW Slowdown                       : Not Active",
            "        SW Thermal Slowdown               : Not Active",
            "    FB Memory Usage",
            "        Total                             : %d MiB" % g.get("mem_total", 81559),
            "        Reserved                          : 551 MiB",
            "        Used                              : %d MiB" % g.get("mem_used", 0),
            "        Free                              : %d MiB" % (g.get("mem_total", 81559) - 551 - g.get("mem_used", 0)),
            "    Compute Mode                          : Default",
            "    Utilization",
            "        Gpu                               : %d %%" % g.get("util", 0),
            "        Memory                            : %d %%" % g.get("mutil", 0),
            "    ECC Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : %d" % g.get("sbe", 0),
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : 0",
            "            DRAM Correctable              : 0",
            "            DRAM Uncorrectable            : %d" % g.get("dbe", 0),
            "    Remapped Rows",
            "        Correctable Error                 : 0",
            "        Uncorrectable Error               : 0",
            "        Pending                           : %s" % ("Yes" if g.get("remap_pending") else "No"),
            "        Remapping Failure Occurred        : %s" % ("Yes" if g.get("remap_fail") else "No"),
            "    Temperature",
            "        GPU Current Temp                  : %d C" % g.get("temp", 33),
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 89 C",
            "    GPU Power Readings",
            "        Power Draw                        : %.2f W" % g.get("power", 70.0),
            "        Current Power Limit               : %.2f W" % g.get("plimit", 700.0),
            "    Processes                             : %s" % ("None" if not g.get("procs") else ""),
        ]
        for p in g.get("procs", []):
            out += [
                "        GPU instance ID                   : N/A",
                "        Compute instance ID               : N/A",
                "        Process ID                        : %d" % p[0],
                "            Type                          : C",
                "            Name                          : %s" % p[1],
                "            Used GPU Memory               : %d MiB" % p[2],
            ]
        out.append("")
    return out


def make_gpus(rng, n, name, bus_list, arch="Hopper", mem_total=81559, temp_base=32, power_base=68.0,
              plimit=700.0, vbios="96.00.99.00.01", serial_base=1654923000000):
    gpus = []
    for i in range(n):
        u = "%08x-%04x-%04x-%04x-%012x" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16),
                                            rng.getrandbits(16), rng.getrandbits(48))
        gpus.append({
            "bus": bus_list[i], "name": name, "serial": str(serial_base + rng.randint(0, 999999)),
            "uuid": "GPU-" + u, "minor": i, "temp": temp_base + rng.randint(0, 5),
            "power": power_base + rng.random() * 12, "plimit": plimit, "arch": arch,
            "mem_total": mem_total, "vbios": vbios, "pstate": "P0",
        })
    return gpus


# ---------------------------------------------------------------- misc noise
def free_m(total_gib, used_gib, rng):
    tot = total_gib * 1024
    used = used_gib * 1024 + rng.randint(0, 900)
    bc = rng.randint(20000, 60000)
    return [
        "               total        used        free      shared  buff/cache   available",
        "Mem:        %7d     %7d     %7d        %4d     %7d     %7d" % (tot, used, tot - used - bc, rng.randint(20, 900), bc, tot - used),
        "Swap:              0           0           0",
    ]


def ip_addr(host_idx, ifaces):
    """ifaces: list of (name, mac, ipv4-or-None, state)."""
    out = ["1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000",
           "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00",
           "    inet 127.0.0.1/8 scope host lo",
           "       valid_lft forever preferred_lft forever"]
    for i, (name, mac, ip, state) in enumerate(ifaces, 2):
        flags = "<BROADCAST,MULTICAST,UP,LOWER_UP>" if state == "UP" else "<NO-CARRIER,BROADCAST,MULTICAST,UP>"
        out.append("%d: %s: %s mtu %d qdisc mq state %s group default qlen 1000" % (
            i, name, flags, 4092 if name.startswith("ib") else 9000, state))
        out.append("    link/%s %s brd ff:ff:ff:ff:ff:ff" % ("infiniband" if name.startswith("ib") else "ether", mac))
        if ip:
            out.append("    inet %s scope global %s" % (ip, name))
            out.append("       valid_lft forever preferred_lft forever")
    return out


def mac(rng):
    return ":".join("%02x" % rng.randint(0, 255) for _ in range(6))
