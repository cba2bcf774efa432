"""Shared formatting helpers for corpus set 92 (standard library only).

Every helper is a pure function of its arguments: no clocks, no global
random state. Cases pass their own ``random.Random(seed)`` where they need
variation.
"""
import datetime as _dt

GPUS_PER_NODE = 8


def T(text):
    """Parse 'YYYY-MM-DD HH:MM:SS[.ffffff]' into a naive datetime."""
    if "." in text:
        return _dt.datetime.strptime(text, "%Y-%m-%d %H:%M:%S.%f")
    return _dt.datetime.strptime(text, "%Y-%m-%d %H:%M:%S")


def plus(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


# --------------------------------------------------------------------------
# timestamp formats
# --------------------------------------------------------------------------
def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def _us(t, salt=0):
    """Sub-second part with a deterministic jitter that depends only on the
    whole second (and salt), so stamps do not look synthetic while events that
    are milliseconds apart keep their order."""
    j = (t.minute * 104729 + t.second * 7919 + t.hour * 3571 + t.day * 131 + salt * 613) % 850000
    if not t.microsecond:
        return j
    return t.microsecond + j % (1000000 - t.microsecond)


def pylog(t):
    """Python logging default: 2024-05-14 03:12:44,118"""
    return "%s,%03d" % (t.strftime("%Y-%m-%d %H:%M:%S"), _us(t) // 1000)


def glog(level, t, tid, src):
    """glog style used by torch.distributed.elastic >= 2.3."""
    pid = tid if tid < 4194304 else 1000 + tid % 3900000   # the field is the agent's pid
    return "%s%s.%06d %d %s]" % (level, t.strftime("%m%d %H:%M:%S"), _us(t, tid % 97), pid, src)


def c10(level, t, src):
    """c10 logger prefix as printed by ProcessGroupNCCL in torch 2.4/2.5."""
    us = _us(t)
    return "[%s%d%02d %s.%06d%03d %s]" % (
        level, t.month, t.day, t.strftime("%H:%M:%S"), us, (us * 7919 + us // 7) % 1000, src)


def syslog(t):
    return "%s %2d %s" % (t.strftime("%b"), t.day, t.strftime("%H:%M:%S"))


def dmesg_T(t):
    return t.strftime("%a %b ") + "%2d " % t.day + t.strftime("%H:%M:%S %Y")


def up(t, boot):
    return (t - boot).total_seconds()


def dmesg(t, boot, msg):
    return "[%12.6f] %s" % (up(t, boot), msg)


def kern(t, boot, host, msg):
    return "%s %s kernel: [%12.6f] %s" % (syslog(t), host, up(t, boot), msg)


def nccl(host, pid, tid, dev, msg, kind="INFO"):
    return "%s:%d:%d [%d] NCCL %s %s" % (host, pid, tid, dev, kind, msg)


def nccl_warn(host, pid, tid, dev, src, msg):
    return "%s:%d:%d [%d] %s NCCL WARN %s" % (host, pid, tid, dev, src, msg)


# --------------------------------------------------------------------------
# boot noise
# --------------------------------------------------------------------------
def boot_dmesg(host, boot, driver="550.54.15", kernel="5.15.0-105-generic",
               nics=("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"), with_nvidia=True,
               gpu_bus=("18", "2a", "3a", "5d", "9a", "ab", "ba", "db")):
    out = []
    t = boot

    def add(sec, msg):
        out.append("[%12.6f] %s" % (sec, msg))

    add(0.0, "Linux version %s (buildd@lcy02-amd64-051) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, "
             "GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP" % kernel)
    add(0.0, "Command line: BOOT_IMAGE=/boot/vmlinuz-%s root=UUID=3b1c9f2e-8d4e-4a57-9d61-0f3e2c7a9b11 "
             "ro iommu=pt pci=realloc=off console=ttyS0,115200n8" % kernel)
    add(0.000000, "DMI: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 11/07/2023")
    add(1.204117, "ACPI: PCI Root Bridge [PC00] (domain 0000 [bus 00-14])")
    add(2.553301, "pci 0000:%s:00.0: [10de:2330] type 00 class 0x030200" % gpu_bus[0])
    for i, nic in enumerate(nics):
        add(6.10 + i * 0.21, "mlx5_core 0000:%02x:00.0: firmware version: 28.39.1002" % (0x1a + i * 0x20))
    add(7.881402, "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none.")
    if with_nvidia:
        add(9.115006, "nvidia: loading out-of-tree module taints kernel.")
        add(9.115019, "nvidia: module license 'NVIDIA' taints kernel.")
        add(9.402771, "nvidia-nvlink: Nvlink Core is being initialized, major device number 508")
        add(9.611983, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  %s  Tue Feb 27 22:58:19 UTC 2024" % driver)
        add(9.702554, "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  %s" % driver)
        add(10.04411, "[drm] [nvidia-drm] [GPU ID 0x0000%s00] Loading driver" % gpu_bus[0])
        add(31.55102, "nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint.")
        add(38.20331, "NVRM: GPU at PCI:0000:%s:00: GPU-%s" % (gpu_bus[0], "9c1e2f0a-77b3-4d1e-a0f4-1b2c3d4e5f60"))
    for i, nic in enumerate(nics):
        add(44.0 + i * 0.3, "mlx5_core 0000:%02x:00.0 %s: Port: 1 Link ACTIVE" % (0x1a + i * 0x20, nic))
    add(52.7781, "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready")
    return out


# --------------------------------------------------------------------------
# nvidia-smi
# --------------------------------------------------------------------------
H100 = "NVIDIA H100 80GB HBM3"
A100 = "NVIDIA A100-SXM4-80GB"


def nvidia_smi(t, driver, cuda, gpus, procs=(), name=H100, total_mib=81559,
               smi_ver=None):
    """gpus: list of dicts with bus, temp, pwr, mem, util (optional keys)."""
    smi_ver = smi_ver or driver
    lines = [t.strftime("%a %b ") + "%2d " % t.day + t.strftime("%H:%M:%S %Y"),
             "+-----------------------------------------------------------------------------------------+",
             "| NVIDIA-SMI %-22s Driver Version: %-15s CUDA Version: %-9s|" % (smi_ver, driver, cuda),
             "|-----------------------------------------+------------------------+----------------------+",
             "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
             "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
             "|                                         |                        |               MIG M. |",
             "|=========================================+========================+======================|"]
    cap = 700 if name == H100 else 400
    for i, g in enumerate(gpus):
        lines.append("|   %d  %-20s           On  |   %-20s Off |                    %s |" % (
            i, name[:20], "00000000:%s:00.0" % g["bus"].upper(), g.get("ecc", "0")))
        lines.append("| N/A   %2dC    %-3s      %4dW / %4dW |  %6dMiB / %6dMiB |    %3d%%      Default |" % (
            g.get("temp", 34), g.get("perf", "P0"), g.get("pwr", 72), cap, g.get("mem", 4), total_mib,
            g.get("util", 0)))
        lines.append("|                                         |                        |             Disabled |")
        lines.append("+-----------------------------------------+------------------------+----------------------+")
    lines += ["",
              "+-----------------------------------------------------------------------------------------+",
              "| Processes:                                                                              |",
              "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
              "|        ID   ID                                                               Usage      |",
              "|=========================================================================================|"]
    if not procs:
        lines.append("|  No running processes found                                                             |")
    for gpu, pid, pname, mib in procs:
        lines.append("|  %4d   N/A  N/A  %9d      C   %-40s %6dMiB |" % (gpu, pid, pname[:40], mib))
    lines.append("+-----------------------------------------------------------------------------------------+")
    return "\n".join(lines) + "\n"


def default_gpus(rng, bus=("18", "2a", "3a", "5d", "9a", "ab", "ba", "db"), busy=False):
    out = []
    for b in bus:
        if busy:
            out.append({"bus": b, "temp": rng.randint(52, 63), "pwr": rng.randint(520, 655),
                        "mem": rng.randint(61000, 72000), "util": rng.randint(96, 100)})
        else:
            out.append({"bus": b, "temp": rng.randint(29, 36), "pwr": rng.randint(68, 79),
                        "mem": 1, "util": 0})
    return out


# --------------------------------------------------------------------------
# torch / torchrun
# --------------------------------------------------------------------------
def child_failed(script, t, failures, width=60):
    """failures: list of dicts host, rank, local_rank, exitcode, pid, error_file(optional).
    First entry is the root cause."""
    bar = "=" * width
    dash = "-" * width
    out = ["torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ", bar,
           "%s FAILED" % script, dash, "Failures:"]

    def block(idx, f):
        b = ["[%d]:" % idx,
             "  time      : %s" % f.get("time", t).strftime("%Y-%m-%d_%H:%M:%S"),
             "  host      : %s" % f["host"],
             "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
             "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
             "  error_file: %s" % f.get("error_file", "<N/A>")]
        if f["exitcode"] < 0:
            b.append("  traceback : Signal %d (%s) received by PID %d" % (-f["exitcode"], f.get("signame", "SIGTERM"), f["pid"]))
        elif f.get("error_file", "<N/A>") == "<N/A>":
            b.append("  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
        else:
            b.append("  traceback : Traceback (most recent call last):")
            b.extend("    " + ln for ln in f.get("tb", []))
        return b

    if len(failures) == 1:
        out.append("  <NO_OTHER_FAILURES>")
    else:
        for i, f in enumerate(failures[1:], start=1):
            out.extend(block(i, f))
    out.append(dash)
    out.append("Root Cause (first observed failure):")
    out.extend(block(0, failures[0]))
    out.append(bar)
    return out


def torchrun_tb(py="/usr/local/lib/python3.10/dist-packages", exe="/usr/local/bin/torchrun"):
    return ["Traceback (most recent call last):",
            '  File "%s", line 8, in <module>' % exe,
            "    sys.exit(main())",
            '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper' % py,
            "    return f(*args, **kwargs)",
            '  File "%s/torch/distributed/run.py", line 919, in main' % py,
            "    run(args)",
            '  File "%s/torch/distributed/run.py", line 910, in run' % py,
            "    elastic_launch(",
            '  File "%s/torch/distributed/launcher/api.py", line 138, in __call__' % py,
            "    return launch_agent(self._config, self._entrypoint, list(args))",
            '  File "%s/torch/distributed/launcher/api.py", line 269, in launch_agent' % py,
            "    raise ChildFailedError("]


def watchdog_timeout(rank, t, seq, op="ALLREDUCE", numel=1, timeout_ms=600000, ran=None):
    ran = ran or timeout_ms + 17
    return ("[rank%d]:%s [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, "
            "OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
            % (rank, c10("E", t, "ProcessGroupNCCL.cpp:616"), rank, seq, op, numel, numel, timeout_ms, ran))


def watchdog_tail(rank, t, seq, op="ALLREDUCE", numel=1, timeout_ms=600000):
    return [
        "[rank%d]:%s [Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
        % (rank, c10("E", t, "ProcessGroupNCCL.cpp:1785"), rank, seq, seq, seq - 1),
        "[rank%d]:%s [Rank %d] To avoid data inconsistency, we are taking the entire process down."
        % (rank, c10("E", t, "ProcessGroupNCCL.cpp:630"), rank),
        "[rank%d]:%s [Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught "
        "collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) "
        "ran for %d milliseconds before timing out."
        % (rank, c10("E", t, "ProcessGroupNCCL.cpp:1595"), rank, rank, seq, op, numel, numel, timeout_ms, timeout_ms + 9),
        "terminate called after throwing an instance of 'c10::DistBackendError'",
    ]


def megatron_iter(t, it, total, consumed, ms, lr, gbs, loss, scale, gnorm, skipped=0, nan=0):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: %.1f | grad norm: %.3f | "
            "number of skipped iterations: %3d | number of nan iterations: %3d |"
            % (t.strftime("%Y-%m-%d %H:%M:%S"), it, total, consumed, ms, lr, gbs, loss, scale, gnorm, skipped, nan))


def titan_step(rank, t, step, loss, mem_gib, pct, tps, mfu):
    return ("[rank%d]:%s - root - INFO - step: %d  loss: %7.4f  memory: %5.2fGiB(%5.2f%%)  tps: %s  mfu: %.2f%%"
            % (rank, pylog(t), step, loss, mem_gib, pct, "{:,}".format(tps), mfu))


def sacct(rows):
    """rows: list of tuples (jobid, jobname, partition, state, exitcode, elapsed, nodelist)."""
    hdr = "%-20s %-14s %-10s %-13s %-8s %-10s %s" % ("JobID", "JobName", "Partition", "State", "ExitCode", "Elapsed", "NodeList")
    sep = "%s %s %s %s %s %s %s" % ("-" * 20, "-" * 14, "-" * 10, "-" * 13, "-" * 8, "-" * 10, "-" * 24)
    out = [hdr, sep]
    for r in rows:
        out.append("%-20s %-14s %-10s %-13s %-8s %-10s %s" % r)
    return "\n".join(out) + "\n"


def ranks_of(node_index, gpus=GPUS_PER_NODE):
    return list(range(node_index * gpus, (node_index + 1) * gpus))


def join(lines):
    return "\n".join(lines) + "\n"


def sort_dmesg(lines):
    """Stable sort of '[ secs] msg' lines by their timestamp."""
    def key(ln):
        try:
            return float(ln[1:ln.index("]")])
        except ValueError:
            return 0.0
    return sorted(lines, key=key)
