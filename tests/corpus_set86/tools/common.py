"""Shared helpers for the corpus_set86 generator (stdlib only, deterministic)."""
import datetime as _dt
import json
import os

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
              "oom", "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}

MONS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
DAYS = "Mon Tue Wed Thu Fri Sat Sun".split()


def T(s):
    """Parse 'YYYY-MM-DD HH:MM:SS[.ffffff]' into a naive datetime (all times are UTC)."""
    fmt = "%Y-%m-%d %H:%M:%S.%f" if "." in s else "%Y-%m-%d %H:%M:%S"
    return _dt.datetime.strptime(s, fmt)


def add(t, **kw):
    return t + _dt.timedelta(**kw)


# ---------------------------------------------------------------- timestamp styles
def c10(t):
    """c10/ProcessGroupNCCL C++ log stamp: month not padded, 9 fractional digits."""
    ns = (t.microsecond * 1000) + (t.microsecond * 37) % 1000
    return "%d%02d %02d:%02d:%02d.%09d" % (t.month, t.day, t.hour, t.minute, t.second, ns)


def pyglog(t):
    """Python-side glog-like stamp used by torch.distributed.elastic (>=2.4)."""
    return "%02d%02d %02d:%02d:%02d.%06d" % (t.month, t.day, t.hour, t.minute, t.second,
                                             (t.microsecond // 1000) * 1000)


def pylog(t):
    return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (t.microsecond // 1000)


def iso(t, frac=False, z=False):
    s = t.strftime("%Y-%m-%dT%H:%M:%S")
    if frac:
        s += ".%06d" % t.microsecond
    return s + ("Z" if z else "")


def slurm_ts(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def elastic_ts(t):
    return t.strftime("%Y-%m-%d_%H:%M:%S")


def up(t, boot):
    d = t - boot
    sec = d.days * 86400 + d.seconds
    return "[%5d.%06d]" % (sec, d.microseconds)


def ctime(t):
    return "%s %s %2d %s %d" % (DAYS[t.weekday()], MONS[t.month - 1], t.day, t.strftime("%H:%M:%S"), t.year)


def dmesg_T(t):
    return "[" + ctime(t) + "]"


def syslog(t):
    return "%s %2d %s" % (MONS[t.month - 1], t.day, t.strftime("%H:%M:%S"))


def journal(t):
    return "%s %02d %s.%06d" % (MONS[t.month - 1], t.day, t.strftime("%H:%M:%S"), t.microsecond)


def megatron_ts(t):
    return t.strftime("[%Y-%m-%d %H:%M:%S]")


def nccl_ts(t):
    return t.strftime("[%Y-%m-%d %H:%M:%S]")


# ---------------------------------------------------------------- bundle writer
class Bundle:
    def __init__(self, root, name):
        self.name = name
        self.root = os.path.join(root, name)
        self.files = {}
        self.lab = None

    def w(self, rel, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text)
        if not text.endswith("\n"):
            text += "\n"
        self.files[rel] = self.files.get(rel, "") + text

    def label(self, category, layer, node, rank, action, rationale, modelled_on):
        culprit = None if node is None else {"node": node, "rank": rank}
        self.lab = {"category": category, "layer": layer, "culprit": culprit, "action": action,
                    "rationale": rationale, "modelled_on": modelled_on}

    def validate(self):
        errs = []
        lab = self.lab
        if lab is None:
            return ["no label"]
        if lab["category"] not in CATEGORIES:
            errs.append("bad category %r" % lab["category"])
        if lab["layer"] not in LAYERS:
            errs.append("bad layer %r" % lab["layer"])
        if lab["action"] not in ACTIONS:
            errs.append("bad action %r" % lab["action"])
        if not lab["modelled_on"].startswith("https://"):
            errs.append("modelled_on must be an https URL")
        if not lab["rationale"].strip():
            errs.append("empty rationale")
        c = lab["culprit"]
        if c is not None:
            if set(c) != {"node", "rank"}:
                errs.append("culprit keys")
            if c["rank"] is not None and not isinstance(c["rank"], int):
                errs.append("culprit rank must be int or null")
            dirs = set()
            for rel in self.files:
                parts = rel.split("/")
                dirs.update(parts[:-1])
            if c["node"] not in dirs:
                errs.append("culprit node %r has no directory" % c["node"])
        return errs

    def write(self):
        total = 0
        for rel in sorted(self.files):
            p = os.path.join(self.root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            data = self.files[rel].encode("utf-8")
            total += len(data)
            with open(p, "wb") as f:
                f.write(data)
        lab = (json.dumps(self.lab, indent=2) + "\n").encode("utf-8")
        with open(os.path.join(self.root, "label.json"), "wb") as f:
            f.write(lab)
        return total + len(lab)


# ---------------------------------------------------------------- NCCL text
def ni(host, pid, tid, local, msg):
    return "%s:%d:%d [%d] NCCL INFO %s" % (host, pid, tid, local, msg)


def nw(host, pid, tid, local, src, msg, ts=None):
    pre = (nccl_ts(ts) + " ") if ts is not None else ""
    return "\n%s%s:%d:%d [%d] %s NCCL WARN %s" % (pre, host, pid, tid, local, src, msg)


def nccl_init(host, pid, local, rank, nranks, nnodes, busid, boot_if, ip, net="IB",
              hcas=("mlx5_0:1", "mlx5_1:1", "mlx5_2:1", "mlx5_3:1"), version="2.21.5+cuda12.4",
              link="IB", cuda_drv=12040, commid="0x8c4f2a91d05e7b13", plugin_line=None, tid_off=0):
    """Typical NCCL_DEBUG=INFO init chatter for one rank (trimmed the way people paste it)."""
    tid = pid + 181 + tid_off
    L = []
    if rank == 0:
        L.append(ni(host, pid, pid, local, "Bootstrap : Using %s:%s<0>" % (boot_if, ip)))
        L.append("NCCL version %s" % version)
    L.append(ni(host, pid, pid, local, "cudaDriverVersion %d" % cuda_drv))
    if rank != 0:
        L.append(ni(host, pid, pid, local, "Bootstrap : Using %s:%s<0>" % (boot_if, ip)))
    L.append(ni(host, pid, pid, local, plugin_line or
                "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."))
    if net == "IB":
        hl = " ".join("[%d]%s/%s" % (i, h, link) for i, h in enumerate(hcas))
        L.append(ni(host, pid, pid, local, "NET/IB : Using %s ; OOB %s:%s<0>" % (hl, boot_if, ip)))
        L.append(ni(host, pid, pid, local, "Using network IB"))
    else:
        L.append(ni(host, pid, pid, local, "NET/Socket : Using [0]%s:%s<0>" % (boot_if, ip)))
        L.append(ni(host, pid, pid, local, "Using network Socket"))
    L.append(ni(host, pid, tid, local, "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START"
                % (hex(0x55d1c8a00000 + rank * 0x1340), rank, nranks, local, local, busid, commid)))
    L.append(ni(host, pid, tid, local, "Setting affinity for GPU %d to %s" %
                (local, "ffffffff,00000000,ffffffff" if local < 4 else "ffffffff,00000000,ffffffff,00000000")))
    L.append(ni(host, pid, tid, local, "comm %s rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0"
                % (hex(0x55d1c8a00000 + rank * 0x1340), rank, nranks, nnodes, local)))
    L.append(ni(host, pid, tid, local, "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE"
                % (hex(0x55d1c8a00000 + rank * 0x1340), rank, nranks, local, local, busid, commid)))
    return L


BUS8 = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
BUS8_B = ["19000", "3b000", "4c000", "5d000", "9b000", "bb000", "cb000", "db000"]


def busid_pci(b):
    """'9a000' -> '0000:9a:00'"""
    return "0000:%s:00" % b[:2]


# ---------------------------------------------------------------- torch / c10d text
def c10line(rank, lvl, t, src, msg):
    return "[rank%d]:[%s%s %s] %s" % (rank, lvl, c10(t), src, msg)


CPP_FRAMES_TIMEOUT = [
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3b2a96c446 in {tl}/libc10.so)",
    "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f3ac0a1e772 in {tl}/libtorch_cuda.so)",
    "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3ac0a251b3 in {tl}/libtorch_cuda.so)",
    "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f3ac0a2759c in {tl}/libtorch_cuda.so)",
    "frame #4: <unknown function> + 0xdc253 (0x7f3b2a4b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
    "frame #5: <unknown function> + 0x94ac3 (0x7f3b2b6a3ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
    "frame #6: clone + 0x44 (0x7f3b2b734a04 in /lib/x86_64-linux-gnu/libc.so.6)",
]

TL = "/usr/local/lib/python3.10/dist-packages/torch/lib"


def watchdog_timeout(rank, t, seq, op, numel, timeout_ms, ran_ms, enq, comp, pg="0 (default_pg)",
                     tl=TL, full=True):
    """torch 2.4-style watchdog timeout burst for one rank."""
    desc = ("WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
            % (seq, op, numel, numel, timeout_ms, ran_ms))
    t1 = add(t, microseconds=180)
    t2 = add(t, microseconds=260)
    t3 = add(t, milliseconds=2, microseconds=470)
    L = [
        c10line(rank, "E", t, "ProcessGroupNCCL.cpp:616", "[Rank %d] Watchdog caught collective operation timeout: %s" % (rank, desc)),
        c10line(rank, "E", t1, "ProcessGroupNCCL.cpp:1785", "[PG %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
                % (pg, rank, seq, enq, comp)),
        c10line(rank, "E", t1, "ProcessGroupNCCL.cpp:630", "[Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank),
        c10line(rank, "E", t2, "ProcessGroupNCCL.cpp:636", "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank),
    ]
    if full:
        L.append(c10line(rank, "E", t3, "ProcessGroupNCCL.cpp:1595", "[PG %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s"
                         % (pg, rank, rank, desc)))
        L.append("Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):")
        L += [f.format(tl=tl) for f in CPP_FRAMES_TIMEOUT]
        L.append("")
        L.append("terminate called after throwing an instance of 'c10::DistBackendError'")
        L.append("  what():  [PG %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s"
                 % (pg, rank, rank, desc))
    return L


def elastic_fail(t, tid, local, pid, exitcode, binary="/usr/bin/python3"):
    return "E%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (
        pyglog(t), tid, exitcode, local, pid, binary)


def elastic_sigterm(t, tid, pid):
    return "W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (pyglog(t), tid, pid)


SIG = {-6: "Signal 6 (SIGABRT)", -9: "Signal 9 (SIGKILL)", -15: "Signal 15 (SIGTERM)", -7: "Signal 7 (SIGBUS)", -11: "Signal 11 (SIGSEGV)"}


def child_failed(script, root, others, torchrun="/usr/local/bin/torchrun", pyver="3.10", sp=None):
    """root/others: dicts(time, host, rank, local, exitcode, pid, tb[optional error_file])"""
    sp = sp or "/usr/local/lib/python%s/dist-packages" % pyver
    L = [
        "Traceback (most recent call last):",
        '  File "%s", line 8, in <module>' % torchrun,
        "    sys.exit(main())",
        '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 348, in wrapper' % sp,
        "    return f(*args, **kwargs)",
        '  File "%s/torch/distributed/run.py", line 901, in main' % sp,
        "    run(args)",
        '  File "%s/torch/distributed/run.py", line 892, in run' % sp,
        "    elastic_launch(",
        '  File "%s/torch/distributed/launcher/api.py", line 133, in __call__' % sp,
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        '  File "%s/torch/distributed/launcher/api.py", line 264, in launch_agent' % sp,
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "=" * 60,
        "%s FAILED" % script,
        "-" * 60,
    ]

    def ent(i, d):
        tb = d.get("tb") or (SIG.get(d["exitcode"], "") + " received by PID %d" % d["pid"] if d["exitcode"] < 0
                             else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
        return ["[%d]:" % i,
                "  time      : %s" % elastic_ts(d["time"]),
                "  host      : %s" % d["host"],
                "  rank      : %d (local_rank: %d)" % (d["rank"], d["local"]),
                "  exitcode  : %d (pid: %d)" % (d["exitcode"], d["pid"]),
                "  error_file: %s" % d.get("error_file", "<N/A>"),
                "  traceback : %s" % tb]
    if others:
        L.append("Failures:")
        for i, d in enumerate(others, 1):
            L += ent(i, d)
    else:
        L.append("Failures:")
        L.append("  <NO_OTHER_FAILURES>")
    L.append("-" * 60)
    L.append("Root Cause (first observed failure):")
    L += ent(0, root)
    L.append("=" * 60)
    return L


# ---------------------------------------------------------------- nvidia-smi
def smi_table(ts, driver, cuda, gpus, procs, smi_ver=None):
    """gpus: list of dict(name,bus,temp,perf,pwr,cap,used,total,util,ecc,fan='N/A',mig='Disabled')"""
    smi_ver = smi_ver or driver
    L = [ctime(ts),
         "+-----------------------------------------------------------------------------------------+",
         "| NVIDIA-SMI %-22s Driver Version: %-14s CUDA Version: %-9s|" % (smi_ver, driver, cuda),
         "|-----------------------------------------+------------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                        |               MIG M. |",
         "|=========================================+========================+======================|"]
    for i, g in enumerate(gpus):
        L.append("| %3d  %-23s        On  |   00000000:%s:00.0 Off |%21s |" % (i, g["name"][:23], g["bus"][:2].upper(), g.get("ecc", "0")))
        L.append("| %3s   %2dC    %-3s           %3dW / %4dW |  %6dMiB / %6dMiB |    %3d%%      Default |"
                 % (g.get("fan", "N/A"), g["temp"], g["perf"], g["pwr"], g["cap"], g["used"], g["total"], g["util"]))
        L.append("|                                         |                        |             %8s |" % g.get("mig", "Disabled"))
        L.append("+-----------------------------------------+------------------------+----------------------+")
    L += ["",
          "+-----------------------------------------------------------------------------------------+",
          "| Processes:                                                                              |",
          "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
          "|        ID   ID                                                               Usage      |",
          "|=========================================================================================|"]
    if not procs:
        L.append("|  No running processes found                                                             |")
    for (gi, pid, name, mem) in procs:
        L.append("|  %4d   N/A  N/A  %9d      C   %-40s %8dMiB |" % (gi, pid, name[:40], mem))
    L.append("+-----------------------------------------------------------------------------------------+")
    return L


def h100(bus, temp=41, perf="P0", pwr=512, used=71210, util=98, ecc="0", total=81559, cap=700):
    return dict(name="NVIDIA H100 80GB HBM3", bus=bus, temp=temp, perf=perf, pwr=pwr, cap=cap, used=used,
                total=total, util=util, ecc=ecc)


def a100(bus, temp=38, perf="P0", pwr=301, used=70110, util=97, ecc="0"):
    return dict(name="NVIDIA A100-SXM4-80GB", bus=bus, temp=temp, perf=perf, pwr=pwr, cap=400, used=used,
                total=81920, util=util, ecc=ecc)


def smi_q_perf(ts, driver, cuda, gpus):
    """Subset of `nvidia-smi -q -d PERFORMANCE,CLOCK,TEMPERATURE,POWER` output.
    gpus: list of dict(bus, sm, mem, temp, pwr, reasons: dict name->Active/Not Active, slow_temp)"""
    reasons_order = ["Idle", "Applications Clocks Setting", "SW Power Cap", "HW Slowdown",
                     "HW Thermal Slowdown", "HW Power Brake Slowdown", "Sync Boost",
                     "SW Thermal Slowdown", "Display Clock Setting"]
    L = ["", "==============NVSMI LOG==============", "",
         "Timestamp                                 : %s" % ctime(ts),
         "Driver Version                            : %s" % driver,
         "CUDA Version                              : %s" % cuda, "",
         "Attached GPUs                             : %d" % len(gpus)]
    for g in gpus:
        L.append("GPU 00000000:%s:00.0" % g["bus"][:2].upper())
        L.append("    Performance State                     : P0")
        L.append("    Clocks Event Reasons")
        for r in reasons_order:
            L.append("        %-34s: %s" % (r, g.get("reasons", {}).get(r, "Not Active")))
        L.append("    Clocks Event Reasons Counters")
        L.append("        SW Power Capping                  : %d us" % g.get("cnt_sw", 1204311))
        L.append("        Sync Boost                        : 0 us")
        L.append("        SW Thermal Slowdown               : %d us" % g.get("cnt_swt", 0))
        L.append("        HW Thermal Slowdown               : %d us" % g.get("cnt_hwt", 0))
        L.append("        HW Power Braking                  : 0 us")
        L.append("    Temperature")
        L.append("        GPU Current Temp                  : %d C" % g["temp"])
        L.append("        GPU T.Limit Temp                  : %d C" % (g.get("tlimit", 87 - g["temp"] + 0)))
        L.append("        GPU Shutdown Temp                 : 92 C")
        L.append("        GPU Slowdown Temp                 : 89 C")
        L.append("        GPU Max Operating Temp            : 87 C")
        L.append("        Memory Current Temp               : %d C" % (g["temp"] + 6))
        L.append("        Memory Max Operating Temp         : 95 C")
        L.append("    GPU Power Readings")
        L.append("        Power Draw                        : %.2f W" % g["pwr"])
        L.append("        Current Power Limit               : 700.00 W")
        L.append("    Clocks")
        L.append("        Graphics                          : %d MHz" % g["sm"])
        L.append("        SM                                : %d MHz" % g["sm"])
        L.append("        Memory                            : %d MHz" % g.get("mem", 2619))
        L.append("        Video                             : %d MHz" % int(g["sm"] * 0.89))
        L.append("    Max Clocks")
        L.append("        Graphics                          : 1980 MHz")
        L.append("        SM                                : 1980 MHz")
        L.append("        Memory                            : 2619 MHz")
        L.append("")
    return L


def ibstat(cas):
    """cas: list of (name, state, phys, rate, link_layer, guid)"""
    L = []
    for name, state, phys, rate, ll, guid in cas:
        L += ["CA '%s'" % name,
              "\tCA type: MT4129",
              "\tNumber of ports: 1",
              "\tFirmware version: 28.39.2048",
              "\tHardware version: 0",
              "\tNode GUID: %s" % guid,
              "\tSystem image GUID: %s" % guid,
              "\tPort 1:",
              "\t\tState: %s" % state,
              "\t\tPhysical state: %s" % phys,
              "\t\tRate: %s" % rate,
              "\t\tBase lid: %s" % ("0" if ll == "Ethernet" else "%d" % (int(guid[-3:], 16) % 900 + 17)),
              "\t\tLMC: 0",
              "\t\tSM lid: %s" % ("0" if ll == "Ethernet" else "1"),
              "\t\tCapability mask: 0x%s" % ("00010000" if ll == "Ethernet" else "a751e848"),
              "\t\tPort GUID: %s" % guid,
              "\t\tLink layer: %s" % ll]
    return L


def sacct(rows):
    """rows: list of (jobid, jobname, partition, account, alloc, state, exitcode)"""
    L = ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode ",
         "------------ ---------- ---------- ---------- ---------- ---------- -------- "]
    for r in rows:
        L.append("%-12s %10s %10s %10s %10s %10s %8s " % r)
    return L


def boot_lines(boot, host, kernel="5.15.0-119-generic", extra=()):
    if "el8" in kernel or "el9" in kernel:
        gcc = "gcc version 8.5.0 20210514 (Red Hat 8.5.0-20) (GCC)" if "el8" in kernel else "gcc (GCC) 11.4.1 20230605 (Red Hat 11.4.1-2)"
        ver = "Linux version %s (mockbuild@x86-vm-07.build.eng.bos.redhat.com) (%s) #1 SMP PREEMPT_DYNAMIC Wed Jan 10 14:41:11 EST 2024" % (kernel, gcc)
    elif "amzn" in kernel:
        ver = "Linux version %s (mockbuild@ip-10-0-57-190) (gcc10-gcc (GCC) 10.5.0 20230707 (Red Hat 10.5.0-1), GNU ld version 2.35.2-9.amzn2.0.1) #1 SMP Tue Feb 13 22:21:46 UTC 2024" % kernel
    else:
        num = kernel.split("-")[1]
        ver = "Linux version %s (buildd@lcy02-amd64-028) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #%d-Ubuntu SMP Fri Aug 2 19:25:20 UTC 2024 (Ubuntu %s.%d-generic)" % (
            kernel, int(num) + 10, kernel.rsplit("-", 1)[0], int(num) + 10)
    L = ["%s %s" % (up(boot, boot), ver),
         "%s Command line: BOOT_IMAGE=/vmlinuz-%s root=UUID=4f1c2d9e-7a8b-4e0f-9d61-2b3c4a5e6f70 ro iommu=pt pci=realloc=off console=ttyS0,115200n8"
         % (up(add(boot, microseconds=1), boot), kernel)]
    L += list(extra)
    return L
