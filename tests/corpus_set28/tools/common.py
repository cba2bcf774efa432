"""Shared helpers: deterministic RNG, timestamp styles, bundle container, noise lines."""
import datetime as _dt
import hashlib
import json
import random

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
              "oom", "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}


def rng_for(name):
    return random.Random(int(hashlib.sha256(name.encode()).hexdigest()[:16], 16))


def T(y, mo, d, h, mi, s=0, us=0):
    return _dt.datetime(y, mo, d, h, mi, s, us)


def add(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- timestamp styles
def glog(t, level="E"):
    """c10d/glog stamp body: E0429 13:55:49.384372190 (nanoseconds faked from us)."""
    return "%s%02d%02d %02d:%02d:%02d.%06d%03d" % (level, t.month, t.day, t.hour, t.minute,
                                                   t.second, t.microsecond, (t.microsecond * 7) % 1000)


def pylog(t):
    return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (t.microsecond // 1000)


def iso(t, tz="Z"):
    return t.strftime("%Y-%m-%dT%H:%M:%S") + ".%03d" % (t.microsecond // 1000) + tz


def dmesg_T(t):
    return "[" + t.strftime("%a %b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S %Y") + "]"


def dmesg_up(boot, t):
    delta = (t - boot).total_seconds()
    return "[%12.6f]" % delta


def journal(t, host, unit="kernel"):
    return "%s %s %s:" % (t.strftime("%b %d %H:%M:%S"), host, unit)


def bracket(t):
    return "[" + t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d]" % (t.microsecond // 1000)


# ---------------------------------------------------------------- bundle
class Bundle:
    def __init__(self, name):
        self.name = name
        self.files = {}
        self.label = None
        self.rng = rng_for(name)

    def put(self, path, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text) + "\n"
        if path in self.files:
            raise ValueError("duplicate file %s in %s" % (path, self.name))
        self.files[path] = text

    def append(self, path, lines):
        cur = self.files.get(path, "")
        self.files[path] = cur + "\n".join(lines) + "\n"

    def put_json(self, path, obj):
        self.files[path] = json.dumps(obj, indent=2, sort_keys=True) + "\n"

    def set_label(self, category, layer, culprit, action, rationale, modelled_on):
        self.label = {"category": category, "layer": layer, "culprit": culprit,
                      "action": action, "rationale": rationale, "modelled_on": modelled_on}

    def node_dirs(self):
        out = set()
        for p in self.files:
            parts = p.split("/")
            if parts[0].startswith("attempt_"):
                if len(parts) > 2:
                    out.add(parts[1])
            elif len(parts) > 1:
                out.add(parts[0])
        return out


# ---------------------------------------------------------------- common log fragments
NCCL_VER = "2.21.5"


def nccl_init(host, pid, local_rank, rng, plugin_notice=True, ib=True):
    p = "%s:%d:%d [%d]" % (host, pid, pid, local_rank)
    out = ["%s NCCL INFO Bootstrap : Using eth0:10.%d.%d.%d<0>" % (p, 10 + local_rank % 3, rng.randint(0, 9), rng.randint(2, 250))]
    if plugin_notice:
        out.append("%s NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin." % p)
    out.append("%s NCCL INFO cudaDriverVersion 12040" % p)
    out.append("NCCL version %s+cuda12.4" % NCCL_VER if local_rank == 0 else "%s NCCL INFO Comm config Blocking set to 1" % p)
    if ib:
        out.append("%s NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB ; OOB eth0:10.10.0.1<0>" % p)
    else:
        out.append("%s NCCL INFO NET/Socket : Using [0]eth0:10.10.0.1<0>" % p)
    out.append("%s NCCL INFO Using network %s" % (p, "IB" if ib else "Socket"))
    out.append("%s NCCL INFO ncclCommInitRank comm 0x%x rank %d nranks ... - Init COMPLETE" % (p, 0x55d0c0000000 + pid * 16, local_rank))
    return out


def watchdog_timeout(t, rank, seq, op, numel, timeout_ms, ran_ms, pg="0(default_pg)", last_enq=None, last_comp=None):
    pre = "[rank%d]:[%s ProcessGroupNCCL.cpp:%d] [PG ID 0 PG GUID %s Rank %d]" % (rank, glog(t), 632, pg, rank)
    out = [pre + " Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (seq, op, numel, numel, timeout_ms, ran_ms)]
    if last_enq is not None:
        t2 = add(t, 0.0004)
        out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:2089] [PG ID 0 PG GUID %s Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (rank, glog(t2), pg, rank, seq, last_enq, last_comp))
    t3 = add(t, 0.001)
    out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:670] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (rank, glog(t3), rank))
    out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:676] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (rank, glog(t3), rank))
    out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (rank, glog(add(t, 0.002)), pg, rank, rank, seq, op, numel, numel, timeout_ms, ran_ms))
    out.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    return out


def dump_signal(t, rank, first=False):
    lines = []
    if first:
        lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1724] [PG ID 0 PG GUID 0(default_pg) Rank %d] First watchdog to set the dump signal to TCPStore." % (rank, glog(t), rank))
    else:
        lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1415] [PG ID 0 PG GUID 0(default_pg) Rank %d] Observed flight recorder dump signal from another rank via TCPStore." % (rank, glog(t), rank))
    lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1459] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (rank, glog(add(t, 0.01)), rank))
    return lines


def torchrun_failure(t, host, failed):
    """failed: list of (local_rank, global_rank, exitcode, pid)."""
    lr, gr, code, pid = failed[0]
    out = ["E%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /opt/conda/bin/python3" % (glog(t, "")[0:], pid - 40, code, lr, pid)]
    out.append("Traceback (most recent call last):")
    out.append('  File "/opt/conda/bin/torchrun", line 8, in <module>')
    out.append("    sys.exit(main())")
    out.append("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    out.append("============================================================")
    out.append("train.py FAILED")
    out.append("------------------------------------------------------------")
    out.append("Failures:")
    for f in failed[1:]:
        out.append("[%d]:" % (failed.index(f)))
        out.append("  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"))
        out.append("  host      : %s" % host)
        out.append("  rank      : %d (local_rank: %d)" % (f[1], f[0]))
        out.append("  exitcode  : %d (pid: %d)" % (f[2], f[3]))
        out.append("  error_file: <N/A>")
        out.append("  traceback : %s" % ("Signal 6 (SIGABRT) received by PID %d" % f[3] if f[2] == -6 else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"))
    if len(failed) == 1:
        out.append("  <NO_OTHER_FAILURES>")
    out.append("------------------------------------------------------------")
    out.append("Root Cause (first observed failure):")
    out.append("[0]:")
    out.append("  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"))
    out.append("  host      : %s" % host)
    out.append("  rank      : %d (local_rank: %d)" % (gr, lr))
    out.append("  exitcode  : %d (pid: %d)" % (code, pid))
    out.append("  error_file: <N/A>")
    out.append("  traceback : %s" % ("Signal 6 (SIGABRT) received by PID %d" % pid if code == -6 else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"))
    out.append("============================================================")
    return out


def benign_dmesg(rng, boot, t0, host, style="T", n=6, xid63=False, corrected_ecc=False):
    """A few harmless kernel lines (uptime or -T style)."""
    lines = []
    msgs = [
        "nvidia-nvlink: Nvlink Core is being initialized, major device number 508",
        "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024",
        "mlx5_core 0000:%02x:00.0: mlx5_pcie_event:301:(pid 0): PCIe slot advertised sufficient power (75W)." % rng.choice([0x18, 0x2a, 0x9a, 0xab]),
        "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
        "nvidia-peermem nv_mem_init:1013 ib_register_peer_memory_client(...) succeeded",
        "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none.",
        "systemd-journald[812]: Received client request to flush runtime journal.",
        "bpfilter: Loaded bpfilter_umh pid 2210",
    ]
    for i, m in enumerate(rng.sample(msgs, min(n, len(msgs)))):
        tt = add(boot, 5 + i * 3.7)
        lines.append((dmesg_T(tt) if style == "T" else dmesg_up(boot, tt)) + " " + m)
    if xid63:
        tt = add(t0, -3600 * 5.2)
        lines.append((dmesg_T(tt) if style == "T" else dmesg_up(boot, tt)) + " NVRM: Xid (PCI:0000:%02x:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row marked for remapping, reboot device to activate." % rng.choice([0x18, 0x2a, 0x3a, 0x5d]))
    if corrected_ecc:
        tt = add(t0, -3600 * 2.1)
        lines.append((dmesg_T(tt) if style == "T" else dmesg_up(boot, tt)) + " EDAC MC0: 1 CE memory read error on CPU_SrcID#0_Ha#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x1d2e4f offset:0x0 grain:32 syndrome:0x0)")
    return lines


BUS_IDS = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
           "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]


def smi_table(t, gpus, procs=None, driver="550.54.15", cuda="12.4", model="NVIDIA H100 80GB HBM3"):
    """gpus: list of dicts idx,temp,power,cap,mem,util. procs: list (gpu,pid,name,mem)."""
    out = [t.strftime("%a %b %d %H:%M:%S %Y"),
           "+-----------------------------------------------------------------------------------------+",
           "| NVIDIA-SMI %s              Driver Version: %s      CUDA Version: %s     |" % (driver, driver, cuda),
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|=========================================+========================+======================|"]
    for g in gpus:
        out.append("|   %d  %-24s On | %s Off |                    0 |" % (g["idx"], model[:24], BUS_IDS[g["idx"]][4:]))
        out.append("| N/A   %2dC    P0            %3dW / %3dW |  %6dMiB /  81559MiB |    %3d%%      Default |" % (g["temp"], g["power"], g["cap"], g["mem"], g["util"]))
        out.append("|                                         |                        |             Disabled |")
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out += ["", "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|=========================================================================================|"]
    for (gi, pid, name, mem) in (procs or []):
        out.append("|    %d   N/A  N/A     %6d      C   %-40s %6dMiB |" % (gi, pid, name[:40], mem))
    out.append("+-----------------------------------------------------------------------------------------+")
    return out


def smi_q_gpu(idx, reasons=None, power_draw=650.0, power_limit=700.0, default_limit=700.0,
              pcie_gen=(5, 5), pcie_width=("16x", "16x"), sm_clock=1980, temp=55,
              remap=None, vol_unc=0, vol_cor=0):
    reasons = reasons or {}

    def r(k):
        return "Active" if reasons.get(k) else "Not Active"
    remap = remap or {"corr": 0, "unc": 0, "pending": "No", "failure": "No"}
    return [
        "GPU %s" % BUS_IDS[idx],
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    Minor Number                          : %d" % idx,
        "    PCI",
        "        Bus Id                            : %s" % BUS_IDS[idx],
        "        GPU Link Info",
        "            PCIe Generation",
        "                Max                       : %d" % pcie_gen[0],
        "                Current                   : %d" % pcie_gen[1],
        "                Device Current            : %d" % pcie_gen[1],
        "                Device Max                : 5",
        "                Host Max                  : 5",
        "            Link Width",
        "                Max                       : %s" % pcie_width[0],
        "                Current                   : %s" % pcie_width[1],
        "    Performance State                     : P0",
        "    Clocks Event Reasons",
        "        Idle                              : %s" % r("idle"),
        "        Applications Clocks Setting       : Not Active",
        "        SW Power Cap                      : %s" % r("sw_power"),
        "        HW Slowdown                       : %s" % r("hw"),
        "            HW Thermal Slowdown           : %s" % r("hw_thermal"),
        "            HW Power Brake Slowdown       : %s" % r("hw_brake"),
        "        Sync Boost                        : Not Active",
        "        SW Thermal Slowdown               : %s" % r("sw_thermal"),
        "        Display Clock Setting             : Not Active",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : %d" % vol_cor,
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : %d" % vol_unc,
        "    Remapped Rows",
        "        Correctable Error                 : %d" % remap["corr"],
        "        Uncorrectable Error               : %d" % remap["unc"],
        "        Pending                           : %s" % remap["pending"],
        "        Remapping Failure Occurred        : %s" % remap["failure"],
        "    Temperature",
        "        GPU Current Temp                  : %d C" % temp,
        "        GPU Shutdown Temp                 : 92 C",
        "        GPU Slowdown Temp                 : 89 C",
        "    GPU Power Readings",
        "        Power Draw                        : %.2f W" % power_draw,
        "        Current Power Limit               : %.2f W" % power_limit,
        "        Requested Power Limit             : %.2f W" % power_limit,
        "        Default Power Limit               : %.2f W" % default_limit,
        "        Min Power Limit                   : 200.00 W",
        "        Max Power Limit                   : 700.00 W",
        "    Clocks",
        "        Graphics                          : %d MHz" % sm_clock,
        "        SM                                : %d MHz" % sm_clock,
        "        Memory                            : 2619 MHz",
        "",
    ]


def smi_q(t, per_gpu, n=8, driver="550.54.15"):
    out = ["", "==============NVSMI LOG==============", "",
           "Timestamp                                 : %s" % t.strftime("%a %b %d %H:%M:%S %Y"),
           "Driver Version                            : %s" % driver,
           "CUDA Version                              : 12.4", "",
           "Attached GPUs                             : %d" % n]
    for i in range(n):
        out += smi_q_gpu(i, **per_gpu.get(i, {}))
    return out
