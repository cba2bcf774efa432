"""Shared helpers for the corpus_set25 generator (standard library only, deterministic)."""
import datetime as dt
import hashlib
import json
import random

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
              "oom", "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}


def rng_for(name):
    return random.Random(int(hashlib.sha256(name.encode()).hexdigest()[:16], 16))


def label(category, layer, culprit, action, rationale, modelled_on):
    return {"category": category, "layer": layer, "culprit": culprit, "action": action,
            "rationale": rationale, "modelled_on": modelled_on}


def culprit(node, rank=None):
    return {"node": node, "rank": rank}


class Bundle:
    def __init__(self, name, lab, what, style):
        self.name = name
        self.label = lab
        self.what = what          # README: what it tests
        self.style = style        # README: collection style
        self.files = {}
        self.topology = None

    def add(self, path, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text)
        if not text.endswith("\n"):
            text += "\n"
        assert path not in self.files, (self.name, path)
        self.files[path] = text

    def node_dirs(self):
        out = set()
        for p in self.files:
            parts = p.split("/")
            if parts[0].startswith("attempt_"):
                out.add(parts[1])
            else:
                out.add(parts[0])
        return out


# ---------------------------------------------------------------- time formats
def T(y, mo, d, h, mi, s=0, us=0):
    return dt.datetime(y, mo, d, h, mi, s, us)


def plus(t, seconds):
    return t + dt.timedelta(seconds=seconds)


def iso_z(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06dZ" % t.microsecond


def iso_ms(t):
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def dmesg_T(t):
    return t.strftime("[%a %b %d %H:%M:%S %Y]").replace(" 0", "  ", 1) if t.day < 10 else t.strftime("[%a %b %d %H:%M:%S %Y]")


def syslog(t):
    return t.strftime("%b %d %H:%M:%S").replace(" 0", "  ", 1) if t.day < 10 else t.strftime("%b %d %H:%M:%S")


def short_iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S+0000")


def glog(t, sev="E"):
    """c10 / glog prefix body, e.g. E0514 03:12:44.123456789"""
    return "%s%s %s.%06d%03d" % (sev, t.strftime("%m%d"), t.strftime("%H:%M:%S"), t.microsecond, 417)


def glog_short(t, sev="E"):
    """newer torch style 'E514 03:12:44.123456789' (month without zero pad)."""
    return "%s%d%s %s.%06d%03d" % (sev, t.month, t.strftime("%d"), t.strftime("%H:%M:%S"), t.microsecond, 211)


def kube_ts(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d000Z" % t.microsecond


# ---------------------------------------------------------------- NCCL / torch fragments
def nccl_init(host, pid, local, rank, nranks, busid, version="2.21.5+cuda12.4", plugin_notice=True,
              net="IB", hca="mlx5_0:1/IB", ifname="ib0", ip="10.0.0.1"):
    p = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, local)
    q = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid + 117, local)
    out = []
    if rank == 0:
        out.append(p + "Bootstrap : Using %s:%s<0>" % (ifname, ip))
        out.append(p + "cudaDriverVersion 12040")
        out.append("NCCL version %s" % version)
    if plugin_notice:
        out.append(q + "NET/Plugin: Failed to find ncclNetPlugin_v8 symbol.")
        out.append(q + "NET/Plugin: Loaded net plugin NCCL RDMA Plugin v7 (v7)" if net == "IB" else
                   q + "NET/Plugin: Using internal network plugin.")
    if net == "IB":
        out.append(q + "NET/IB : Using [0]%s [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB ; OOB %s:%s<0>" % (hca, ifname, ip))
        out.append(q + "Using network IB")
    else:
        out.append(q + "NET/Socket : Using [0]%s:%s<0>" % (ifname, ip))
        out.append(q + "Using network Socket")
    out.append(q + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x6c1f0e7a93b2d4f1 - Init START"
               % (0x55d0c0000000 + rank * 0x1000, rank, nranks, local, local, busid))
    out.append(q + "comm 0x%x rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0"
               % (0x55d0c0000000 + rank * 0x1000, rank, nranks, max(1, nranks // 8), local))
    out.append(q + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x6c1f0e7a93b2d4f1 - Init COMPLETE"
               % (0x55d0c0000000 + rank * 0x1000, rank, nranks, local, local, busid))
    return out


BUSIDS = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
PCI = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]


def watchdog_timeout(rank, t, seq, op="ALLREDUCE", numel=262144000, timeout_ms=600000, pg="0 PG GUID 0(default_pg)",
                     last_enq=None, last_done=None, style="new"):
    ran = timeout_ms + 17 + (rank * 7) % 90
    le = seq + 2 if last_enq is None else last_enq
    ld = seq - 1 if last_done is None else last_done
    if style == "new":
        g = glog_short(t)
        return [
            "[rank%d]:[%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: "
            "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
            % (rank, g, rank, seq, op, numel, numel, timeout_ms, ran),
            "[rank%d]:[%s ProcessGroupNCCL.cpp:1785] [PG ID %s Rank %d] Exception (either an error or timeout) detected by "
            "watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (rank, g, pg, rank, seq, le, ld),
            "[rank%d]:[%s ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the "
            "asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (rank, g, rank),
            "[rank%d]:[%s ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down."
            % (rank, g, rank),
            "[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID %s Rank %d] Process group watchdog thread terminated with exception: "
            "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, "
            "Timeout(ms)=%d) ran for %d milliseconds before timing out." % (rank, g, pg, rank, rank, seq, op, numel, numel, timeout_ms, ran),
            "terminate called after throwing an instance of 'c10::DistBackendError'",
        ]
    g = glog(t)
    return ["[%s ProcessGroupNCCL.cpp:475] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, "
            "OpType=%s, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (g, rank, seq, op, timeout_ms, ran),
            "[%s ProcessGroupNCCL.cpp:489] Some NCCL operations have failed or timed out. Due to the asynchronous nature of "
            "CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % g,
            "[%s ProcessGroupNCCL.cpp:495] To avoid data inconsistency, we are taking the entire process down." % g,
            "terminate called after throwing an instance of 'std::runtime_error'",
            "  what():  [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, Timeout(ms)=%d) "
            "ran for %d milliseconds before timing out." % (rank, seq, op, timeout_ms, ran)]


def nccl_async_error(rank, t, seq, op, msg, numel=131072000):
    g = glog_short(t)
    return ["[rank%d]:[%s ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread "
            "terminated with exception: NCCL error: %s, NCCL version 2.21.5" % (rank, g, rank, msg),
            "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." if "remote" in msg else
            "ncclUnhandledCudaError: Call to CUDA function failed.",
            "Last error:",
            "Collective WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=600000) raised the following async exception"
            % (seq, op, numel, numel),
            "terminate called after throwing an instance of 'c10::DistBackendError'"]


def elastic_sigterm(t, pids, sev="W"):
    return ["%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM"
            % (glog(t, sev)[:-3], pids[0] - 7, p) for p in pids]


def child_failed(script, t, root, others=()):
    """torchrun ChildFailedError summary. root/others: (rank, local, host, exitcode, pid, signal_or_None)."""
    def block(idx, f):
        rank, local, host, code, pid, sig = f
        lines = ["[%d]:" % idx,
                 "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
                 "  host      : %s" % host,
                 "  rank      : %d (local_rank: %d)" % (rank, local),
                 "  exitcode  : %d (pid: %d)" % (code, pid),
                 "  error_file: <N/A>"]
        if sig:
            lines.append("  traceback : Signal %d (%s) received by PID %d" % (-code, sig, pid))
        else:
            lines.append("  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
        return lines
    out = ["Traceback (most recent call last):",
           '  File "/usr/local/bin/torchrun", line 8, in <module>',
           "    sys.exit(main())",
           '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main',
           "    run(args)",
           '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 263, in launch_agent',
           "    raise ChildFailedError(",
           "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
           "============================================================",
           "%s FAILED" % script,
           "------------------------------------------------------------",
           "Failures:"]
    if not others:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others):
        out += block(f[0], f)
    out += ["------------------------------------------------------------", "Root Cause (first observed failure):"]
    out += block(root[0], root)
    out.append("============================================================")
    return out


# ---------------------------------------------------------------- node evidence
def nvidia_smi_table(t, driver, cuda, gpus, procs=(), model="NVIDIA H100 80GB HBM3"):
    """gpus: list of dicts (temp, pwr, mem, util, ecc) ; procs: (gpu, pid, name, mib)."""
    out = [t.strftime("%a %b %d %H:%M:%S %Y"),
           "+---------------------------------------------------------------------------------------+",
           "| NVIDIA-SMI %-10s           Driver Version: %-10s   CUDA Version: %-5s    |" % (driver, driver, cuda),
           "|-----------------------------------------+----------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                      |               MIG M. |",
           "|=========================================+======================+======================|"]
    for i, g in enumerate(gpus):
        out.append("|   %d  %-22s         On  | 0000%s.0 Off |                  %3s |" % (i, model[:22], PCI[i][4:], g.get("ecc", "0")))
        out.append("| N/A   %2dC    %-3s          %3dW / 700W |  %6dMiB / 81559MiB |    %3d%%      Default |"
                   % (g.get("temp", 34), g.get("perf", "P0"), g.get("pwr", 120), g.get("mem", 4), g.get("util", 0)))
        out.append("|                                         |                      |             Disabled |")
        out.append("+-----------------------------------------+----------------------+----------------------+")
    out += ["", "+---------------------------------------------------------------------------------------+",
            "| Processes:                                                                            |",
            "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
            "|        ID   ID                                                             Usage      |",
            "|=======================================================================================|"]
    if not procs:
        out.append("|  No running processes found                                                           |")
    for g, pid, name, mib in procs:
        out.append("|    %d   N/A  N/A    %7d      C   %-38s %6dMiB |" % (g, pid, name[:38], mib))
    out.append("+---------------------------------------------------------------------------------------+")
    return out


def ibstat(cas):
    """cas: list of (name, state, phys, rate, guid)"""
    out = []
    for name, state, phys, rate, guid in cas:
        out += ["CA '%s'" % name, "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.1002",
                "\tHardware version: 0", "\tNode GUID: 0x%s" % guid, "\tSystem image GUID: 0x%s" % guid,
                "\tPort 1:", "\t\tState: %s" % state, "\t\tPhysical state: %s" % phys, "\t\tRate: %s" % rate,
                "\t\tBase lid: %d" % (int(guid[-3:], 16) % 900 + 12), "\t\tLMC: 0", "\t\tSM lid: 1",
                "\t\tCapability mask: 0xa751e848", "\t\tPort GUID: 0x%s" % guid, "\t\tLink layer: InfiniBand"]
    return out


def benign_dmesg(t, host, rng, n=6):
    base = ["mlx5_core 0000:%02x:00.0: mlx5_pcie_event:301:(pid %d): PCIe slot advertised sufficient power (27W)." % (rng.choice([0x0c, 0x1a, 0x4b]), rng.randint(300, 900)),
            "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
            "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing",
            "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none.",
            "audit: type=1400 audit(1715650000.123:88): apparmor=\"STATUS\" operation=\"profile_replace\" name=\"/usr/bin/man\"",
            "NFSD: Using nfsdcld client tracking operations.",
            "nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3",
            "Lustre: Mounted scratch-client"]
    out = []
    for i in range(n):
        out.append("%s %s" % (dmesg_T(plus(t, i * 37 + rng.randint(0, 30))), base[(i + rng.randint(0, 7)) % len(base)]))
    return out


def step_lines(fmt, start_step, n, t0, dt_s, rng, loss0=2.3, every=1, **kw):
    """Produce training log lines using fmt with keys step, t, loss, ms, tps, lr, gn."""
    out = []
    loss = loss0
    for i in range(n):
        s = start_step + i * every
        t = plus(t0, i * dt_s * every)
        loss = max(0.8, loss - rng.uniform(-0.01, 0.015))
        out.append(fmt.format(step=s, t=t, loss=loss, ms=dt_s * 1000 * rng.uniform(0.98, 1.02),
                              tps=kw.get("tps", 3900) * rng.uniform(0.98, 1.02), lr=kw.get("lr", 3e-4),
                              gn=rng.uniform(0.3, 0.9)))
    return out


def js(obj):
    return json.dumps(obj, separators=(", ", ": "))


def interleave(streams, rng):
    """Merge several line lists keeping each list's order but mixing them (like srun -l / pdsh output)."""
    streams = [list(s) for s in streams if s]
    idx = [0] * len(streams)
    out = []
    while True:
        live = [i for i in range(len(streams)) if idx[i] < len(streams[i])]
        if not live:
            return out
        i = rng.choice(live)
        out.append(streams[i][idx[i]])
        idx[i] += 1


def pyspy(pid, thread_lines, py="3.10.12"):
    """py-spy dump text. thread_lines: list of (thread_name, tid, [frames])"""
    out = ["Process %d: /usr/bin/python3 -u train.py" % pid, "Python v%s (/usr/bin/python3.10)" % py, ""]
    for name, tid, frames in thread_lines:
        out.append('Thread %d (%s): "%s"' % (tid, "active" if name == "MainThread" else "idle", name))
        out += ["    " + f for f in frames]
    return out
