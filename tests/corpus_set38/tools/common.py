"""Shared log-format helpers for corpus set 38 (stdlib only, deterministic)."""
import datetime as _dt
import json
import os
import random

UTC = _dt.timezone.utc
MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
DOW = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def T(y, mo, d, h, mi, s=0, us=0):
    return _dt.datetime(y, mo, d, h, mi, s, us)


def plus(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- timestamps
def glog_ts(t, level="E"):
    """c10d glog prefix body, e.g. E0312 09:12:44.081233541"""
    return "%s%02d%02d %02d:%02d:%02d.%06d%03d" % (
        level, t.month, t.day, t.hour, t.minute, t.second, t.microsecond, (t.microsecond * 7) % 1000)


def glog(t, rank, level, src, msg):
    return "[rank%d]:[%s %s] %s" % (rank, glog_ts(t, level), src, msg)


def pylog_ts(t):
    return "%04d-%02d-%02d %02d:%02d:%02d,%03d" % (t.year, t.month, t.day, t.hour, t.minute, t.second, t.microsecond // 1000)


def iso(t, tz="Z"):
    return "%04d-%02d-%02dT%02d:%02d:%02d.%03d%s" % (t.year, t.month, t.day, t.hour, t.minute, t.second, t.microsecond // 1000, tz)


def ctime(t):
    return "%s %s %2d %02d:%02d:%02d %04d" % (DOW[t.weekday()], MON[t.month - 1], t.day, t.hour, t.minute, t.second, t.year)


def dmesg_ctime(t, msg):
    return "[%s] %s" % (ctime(t), msg)


def dmesg_up(boot, t, msg):
    up = (t - boot).total_seconds()
    return "[%12.6f] %s" % (up, msg)


def syslog(t, host, proc, msg):
    return "%s %2d %02d:%02d:%02d %s %s: %s" % (MON[t.month - 1], t.day, t.hour, t.minute, t.second, host, proc, msg)


def journal_iso(t, host, proc, msg, tz="+0000"):
    return "%04d-%02d-%02dT%02d:%02d:%02d%s %s %s: %s" % (t.year, t.month, t.day, t.hour, t.minute, t.second, tz, host, proc, msg)


# ---------------------------------------------------------------- NCCL
def nccl(host, pid, tid, dev, msg, level="INFO"):
    return "%s:%d:%d [%d] NCCL %s %s" % (host, pid, tid, dev, level, msg)


def nccl_init(host, pid, dev, ifname, ip, hcas, version="2.21.5+cuda12.4", rank=None, nranks=None, busid="18000"):
    out = [
        nccl(host, pid, pid, dev, "Bootstrap : Using %s:%s<0>" % (ifname, ip)),
        nccl(host, pid, pid, dev, "cudaDriverVersion 12040"),
        nccl(host, pid, pid, dev, "NCCL version %s" % version),
        nccl(host, pid, pid + 211, dev, "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."),
        nccl(host, pid, pid + 211, dev, "NET/IB : Using %s ; OOB %s:%s<0>" % (hcas, ifname, ip)),
        nccl(host, pid, pid + 211, dev, "Using network IB"),
    ]
    if rank is not None:
        out.append(nccl(host, pid, pid + 211, dev, "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x7e3a19c0d4f2a8b1 - Init COMPLETE" % (0x55d0a0000000 + rank * 4096, rank, nranks, dev, dev, busid)))
    return out


def hca_list(n=8, kind="IB"):
    return " ".join("[%d]mlx5_%d:1/%s" % (i, i, kind) for i in range(n))


# ---------------------------------------------------------------- PyTorch c10d
FRAMES_WD = [
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3c2a16c1b6 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
    "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x2b4 (0x7f3bd841bc74 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x890 (0x7f3bd841d7d0 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3bd841eead in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #4: <unknown function> + 0xdc253 (0x7f3c29ad8253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
    "frame #5: <unknown function> + 0x94ac3 (0x7f3c2cc94ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
    "frame #6: clone + 0x44 (0x7f3c2cd25a04 in /lib/x86_64-linux-gnu/libc.so.6)",
]


def watchdog_timeout(t, rank, seq, optype, numel, timeout_ms=1800000, extra_ms=37, pg="0", short=False):
    ran = timeout_ms + extra_ms
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, optype, numel, numel, timeout_ms)
    lines = [
        glog(t, rank, "E", "ProcessGroupNCCL.cpp:632", "[Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (rank, work, ran)),
        glog(plus(t, 0.0004), rank, "E", "ProcessGroupNCCL.cpp:2271", "[PG ID %s PG GUID %s(default_pg) Rank %d]  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d" % (pg, pg, rank, seq, seq, seq - 1)),
        glog(plus(t, 0.0005), rank, "E", "ProcessGroupNCCL.cpp:670", "Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value."),
        glog(plus(t, 0.0006), rank, "E", "ProcessGroupNCCL.cpp:684", "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank),
    ]
    if short:
        return lines
    lines += [
        glog(plus(t, 0.0009), rank, "E", "ProcessGroupNCCL.cpp:1896", "[PG ID %s PG GUID %s(default_pg) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pg, pg, rank, rank, work, ran)),
        "Exception raised from checkTimeout at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:635 (most recent call first):",
    ] + FRAMES_WD + [
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID %s PG GUID %s(default_pg) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pg, pg, rank, rank, work, ran),
        "Exception raised from checkTimeout at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:635 (most recent call first):",
        FRAMES_WD[0], FRAMES_WD[1], "...",
    ]
    return lines


def torchrun_summary(script, root, others=(), tz_note=None):
    """root / others: dict(time, host, rank, local_rank, exitcode, pid, signal=None)."""
    bar = "=" * 60
    out = ["Traceback (most recent call last):",
           '  File "/usr/local/bin/torchrun", line 8, in <module>',
           "    sys.exit(main())",
           '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main',
           "    run(args)",
           '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 263, in launch_agent',
           "    raise ChildFailedError(",
           "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
           bar, "%s FAILED" % script, "-" * 60, "Failures:"]

    def block(idx, f):
        b = ["[%d]:" % idx,
             "  time      : %s" % f["time"],
             "  host      : %s" % f["host"],
             "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
             "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
             "  error_file: <N/A>"]
        if f.get("signal"):
            b.append("  traceback : Signal %d (%s) received by PID %d" % (f["signal"][0], f["signal"][1], f["pid"]))
        else:
            b.append("  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
        return b

    if not others:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others, 1):
        out += ["  " + l for l in block(i, f)]
    out += ["-" * 60, "Root Cause (first observed failure):"]
    out += block(0, root)
    out.append(bar)
    return out


def ts_elastic(t):
    return "%04d-%02d-%02d_%02d:%02d:%02d" % (t.year, t.month, t.day, t.hour, t.minute, t.second)


def elastic_warn(t, msg, level="WARNING"):
    return "[%s] %s torch.distributed.elastic.multiprocessing.api: %s" % (pylog_ts(t), level, msg) if False else \
        "%s:torch.distributed.elastic.multiprocessing.api:%s" % (level, msg)


# ---------------------------------------------------------------- NVIDIA
def xid(pci, code, text, pid=None, name=None):
    if pid is None:
        return "NVRM: Xid (PCI:%s): %d, %s" % (pci, code, text)
    return "NVRM: Xid (PCI:%s): %d, pid=%d, name=%s, %s" % (pci, code, pid, name, text)


def smi_q(gpus, t, driver="550.90.07", cuda="12.4"):
    """gpus: list of dicts with keys bus, temp, power, clocks, reasons(dict), remap(dict), ecc(dict), util."""
    out = ["", "==============NVSMI LOG==============", "",
           "Timestamp                                 : %s" % ctime(t),
           "Driver Version                            : %s" % driver,
           "CUDA Version                              : %s" % cuda, "",
           "Attached GPUs                             : %d" % len(gpus)]
    for i, g in enumerate(gpus):
        r = {"Idle": "Not Active", "Applications Clocks Setting": "Not Active", "SW Power Cap": "Not Active",
             "HW Slowdown": "Not Active", "HW Thermal Slowdown": "Not Active", "HW Power Brake Slowdown": "Not Active",
             "Sync Boost": "Not Active", "SW Thermal Slowdown": "Not Active", "Display Clock Setting": "Not Active"}
        r.update(g.get("reasons", {}))
        rm = {"Correctable Error": 0, "Uncorrectable Error": 0, "Pending": "No", "Remapping Failure Occurred": "No"}
        rm.update(g.get("remap", {}))
        out += ["GPU %s" % g["bus"],
                "    Product Name                          : NVIDIA H100 80GB HBM3",
                "    Serial Number                         : 16523%07d" % (i * 7919 + 1301),
                "    GPU UUID                              : GPU-%08x-1c2d-4e5f-a6b7-%012x" % (0x3a1f0000 + i * 17, 0x9c0000a1b2 + i),
                "    Performance State                     : P0",
                "    Clocks Event Reasons",
                ] + ["        %-34s: %s" % (("    " if k in ("HW Thermal Slowdown", "HW Power Brake Slowdown") else "") + k, v) for k, v in r.items()] + [
                "    GPU Link Info",
                "        PCIe Generation",
                "            Max                           : 5",
                "            Current                       : %s" % g.get("pcie_gen", 5),
                "        Link Width",
                "            Max                           : 16x",
                "            Current                       : %s" % g.get("width", "16x"),
                "    ECC Errors",
                "        Volatile",
                "            SRAM Correctable              : 0",
                "            SRAM Uncorrectable            : 0",
                "            DRAM Correctable              : %d" % g.get("dram_ce", 0),
                "            DRAM Uncorrectable            : %d" % g.get("dram_ue", 0),
                "    Remapped Rows",
                ] + ["        %-34s: %s" % (k, v) for k, v in rm.items()] + [
                "    Temperature",
                "        GPU Current Temp                  : %d C" % g.get("temp", 41),
                "        GPU Shutdown Temp                 : 92 C",
                "        GPU Slowdown Temp                 : 89 C",
                "    GPU Power Readings",
                "        Power Draw                        : %.2f W" % g.get("power", 612.3),
                "        Current Power Limit               : 700.00 W",
                "    Clocks",
                "        Graphics                          : %d MHz" % g.get("clock", 1980),
                "        SM                                : %d MHz" % g.get("clock", 1980),
                "    Max Clocks",
                "        Graphics                          : 1980 MHz",
                ""]
    return out


def smi_table(host, t, rows, driver="550.90.07", cuda="12.4", procs=()):
    out = [ctime(t),
           "+-----------------------------------------------------------------------------------------+",
           "| NVIDIA-SMI %-10s           Driver Version: %-10s   CUDA Version: %-5s       |" % (driver, driver, cuda),
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|=========================================+========================+======================|"]
    for i, r in enumerate(rows):
        out.append("|   %d  NVIDIA H100 80GB HBM3          On  |   %s Off |                    %s |" % (i, r.get("bus", "00000000:%02X:00.0" % (0x18 + i * 0x10)), r.get("ecc", "0")))
        out.append("| N/A   %2dC    P0            %3dW /  700W |  %6dMiB /  81559MiB |    %3d%%      Default |" % (r.get("temp", 40), r.get("pwr", 120), r.get("mem", 4), r.get("util", 0)))
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out += ["", "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|=========================================================================================|"]
    if not procs:
        out.append("|  No running processes found                                                             |")
    for p in procs:
        out.append("|    %d   N/A  N/A    %7d      C   %-40s %8sMiB |" % p)
    out.append("+-----------------------------------------------------------------------------------------+")
    return out


# ---------------------------------------------------------------- Slurm
def sacct(rows):
    hdr = "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode              Start                 End   NodeList"
    out = [hdr, "------------ ---------- ---------- ---------- ---------- ---------- -------- ------------------- ------------------- ----------"]
    for r in rows:
        out.append("%-12s %10s %10s %10s %10d %10s %8s %19s %19s %s" % r)
    return out


def slurm_err(t, msg, step=None):
    return "slurmstepd: error: *** %s ON %s CANCELLED AT %s ***" % (msg, step or "", "")


# ---------------------------------------------------------------- progress lines
def megatron_iter(stamp, it, total, consumed, ms, lr, gbs, loss, scale=1.0, gnorm=0.21, skipped=0, nan=0):
    ls = "nan" if loss != loss else "%.6E" % loss
    gn = "nan" if gnorm != gnorm else "%.3f" % gnorm
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "learning rate: %.6E | global batch size: %5d | lm loss: %s | loss scale: %.1f | grad norm: %s | "
            "number of skipped iterations: %3d | number of nan iterations: %3d |") % (stamp, it, total, consumed, ms, lr, gbs, ls, scale, gn, skipped, nan)


def write_case(root, name, files, label):
    d = os.path.join(root, name)
    for rel, content in sorted(files.items()):
        p = os.path.join(d, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        if isinstance(content, list):
            content = "\n".join(content) + "\n"
        with open(p, "w", encoding="utf-8") as fh:
            fh.write(content)
    with open(os.path.join(d, "label.json"), "w", encoding="utf-8") as fh:
        json.dump(label, fh, indent=2, sort_keys=False)
        fh.write("\n")


def label(category, layer, culprit, action, rationale, url):
    return {"category": category, "layer": layer, "culprit": culprit, "action": action,
            "rationale": rationale, "modelled_on": url}


def rng(seed):
    return random.Random(seed)
