"""Shared helpers for corpus set 51 (launchers other than torchrun).

Stdlib only, deterministic: every case builds its own random.Random(seed)
and uses fixed datetimes.
"""
import datetime as _dt
import random
import zlib


def shash(s):
    return zlib.crc32(s.encode())

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host",
              "hang", "oom", "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}

TD = _dt.timedelta


def dt(s):
    return _dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S")


# ---------------------------------------------------------------- time formats
def f_pylog(t):          # 2024-05-13 08:12:01,123
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def f_ds(t):             # DeepSpeed: [2024-05-13 08:12:01,123]
    return "[" + f_pylog(t) + "]"


def f_glog(t, pid, src, lvl="I"):   # I0513 08:12:01.123456 1234 file.cpp:88]
    return "%s%s %s %d %s]" % (lvl, t.strftime("%m%d"), t.strftime("%H:%M:%S.") + "%06d" % t.microsecond, pid, src)


def f_c10(t, lvl="E"):  # [E513 08:12:01.123456789 ...
    return "%s%d%s %s" % (lvl, t.month, t.strftime("%d"), t.strftime("%H:%M:%S.") + "%06d000" % t.microsecond)


def f_elastic(t, pid, src, lvl="W"):  # W0513 08:12:01.123000 1234 torch/distributed/...py:900]
    return "%s%s %s %d %s]" % (lvl, t.strftime("%m%d"), t.strftime("%H:%M:%S.") + "%03d000" % (t.microsecond // 1000), pid, src)


def f_dmesg_T(t):        # [Mon May 13 08:12:01 2024]
    return t.strftime("[%a %b %d %H:%M:%S %Y]").replace(" 0", "  ", 1) if t.day < 10 else t.strftime("[%a %b %d %H:%M:%S %Y]")


def f_journal(t, host):  # 2024-05-13T08:12:01.123456+0000 host
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d+0000 %s" % (t.microsecond, host)


def f_syslog(t, host):   # May 13 08:12:01 host
    return t.strftime("%b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S ") + host


def f_iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def f_nemo(t):
    return t.strftime("%Y-%m-%d %H:%M:%S")


# ---------------------------------------------------------------- the job model
class Job:
    """A multi-node job; events are (time, node_idx, rank, stream, text)."""

    def __init__(self, seed, hosts, gpn, start, ips=None):
        self.rng = random.Random(seed)
        self.hosts = list(hosts)
        self.gpn = gpn
        self.start = start
        self.ev = []
        self.ips = ips or ["10.%d.%d.%d" % (20 + seed % 7, 1 + i // 200, 11 + i) for i in range(len(hosts))]
        self.pids = {}
        for n in range(len(hosts)):
            base = self.rng.randint(20000, 90000)
            for l in range(gpn):
                self.pids[n * gpn + l] = base + l * self.rng.randint(1, 3)

    @property
    def world(self):
        return len(self.hosts) * self.gpn

    def node_of(self, rank):
        return rank // self.gpn

    def local(self, rank):
        return rank % self.gpn

    def host_of(self, rank):
        return self.hosts[self.node_of(rank)]

    def emit(self, t, rank, text, stream="err", node=None):
        if node is None:
            node = self.node_of(rank) if rank is not None else 0
        for i, line in enumerate(text.split("\n")):
            self.ev.append((t + TD(microseconds=i), node, rank, stream, line))

    def jitter(self, t, ms=400):
        return t + TD(microseconds=self.rng.randint(0, ms * 1000))

    def sorted(self):
        return sorted(self.ev, key=lambda e: e[0])

    # -- NCCL init noise for every rank
    def nccl_init(self, t, version="2.20.5", hca="mlx5_%d", nhca=4, cuda="12.4"):
        for r in range(self.world):
            h, pid, l = self.host_of(r), self.pids[r], self.local(r)
            tt = self.jitter(t, 3000)
            tid = pid + 80 + l
            pre = "%s:%d:%d [%d] NCCL INFO " % (h, pid, pid, l)
            pre2 = "%s:%d:%d [%d] NCCL INFO " % (h, pid, tid, l)
            lines = []
            if r == 0:
                lines.append("NCCL version %s+cuda%s" % (version, cuda))
            lines += [pre + "Bootstrap : Using ens8f0:%s<0>" % self.ips[self.node_of(r)],
                      pre + "NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation",
                      pre + "cudaDriverVersion 12040",
                      pre2 + "NET/IB : Using " + " ".join("[%d]%s:1/IB" % (i, hca % i) for i in range(nhca)) + " [RO]; OOB ens8f0:%s<0>" % self.ips[self.node_of(r)],
                      pre2 + "Using network IB",
                      pre2 + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %x000 commId 0x%x - Init START" % (0x55d0a0000000 + r * 0x1000, r, self.world, l, l, [0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb][l % 8], 0x7c1f33a2b9e04d11),
                      pre2 + "Setting affinity for GPU %d to ffffffff,00000000" % l,
                      pre2 + "Channel 00/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA" % (r, l, (r + self.gpn) % self.world, l, l % nhca),
                      pre2 + "Connected all rings",
                      pre2 + "Connected all trees",
                      pre2 + "threadThresholds 8/8/64 | 256/8/64 | 512 | 512",
                      pre2 + "24 coll channels, 24 collnet channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer",
                      pre2 + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %x000 commId 0x%x - Init COMPLETE" % (0x55d0a0000000 + r * 0x1000, r, self.world, l, l, [0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb][l % 8], 0x7c1f33a2b9e04d11)]
            for i, ln in enumerate(lines):
                self.emit(tt + TD(milliseconds=30 * i), r, ln, "out")


# ---------------------------------------------------------------- sympathetic blocks
def watchdog_block(t, rank, seq, op="ALLREDUCE", numel=26214400, timeout_ms=600000, pg="0(default_pg)"):
    ts = f_c10(t)
    p = "[rank%d]:" % rank
    ran = timeout_ms + (seq * 7) % 90
    w = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (seq, op, numel, numel, timeout_ms, ran)
    return "\n".join([
        p + "[%s ProcessGroupNCCL.cpp:632] [Rank %d] Watchdog caught collective operation timeout: %s" % (ts, rank, w),
        p + "[%s ProcessGroupNCCL.cpp:2168] [PG ID 0 PG GUID %s Rank %d]  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d" % (ts, pg, rank, seq, seq, seq - 1),
        p + "[%s ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value." % ts,
        p + "[%s ProcessGroupNCCL.cpp:684] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (ts, rank),
        p + "[%s ProcessGroupNCCL.cpp:698] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (ts, rank),
        p + "[%s ProcessGroupNCCL.cpp:1606] [PG ID 0 PG GUID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s" % (ts, pg, rank, rank, w),
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 0 PG GUID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s" % (pg, rank, rank, w),
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:635 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3c1a6b9446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x282 (0x7f3bcd4a1772 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3bcd4a8bb3 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3bcd4aa61d in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: <unknown function> + 0xdc253 (0x7f3c1a2b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f3c1d1c8ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: clone + 0x44 (0x7f3c1d259a04 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
    ])


def nccl_remote_error(rank, host, pid, local, peer_ip, peer_port, reason="ib", hca="mlx5_0", version="2.20.5", where="train.py", line=212):
    if reason == "ib":
        last = "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid fe80::ba3f:d2ff:fe1c:%04x remoteGidsfe80::ba3f:d2ff:fe1c:%04x hca %s" % (peer_ip, peer_port, 0x1000 + rank, 0x2000 + peer_port % 4096, hca)
    elif reason == "reset":
        last = "socketProgressOpt: Call to recv from %s<%d> failed : Connection reset by peer" % (peer_ip, peer_port)
    else:
        last = "socketProgress: Connection closed by remote peer %s<%d>" % (peer_ip, peer_port)
    p = "[rank%d]: " % rank
    return "\n".join([
        p + "Traceback (most recent call last):",
        p + "  File \"/workspace/%s\", line %d, in <module>" % (where, line),
        p + "    main()",
        p + "  File \"/workspace/%s\", line %d, in train_step" % (where, line - 90),
        p + "    loss.backward()",
        p + "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py\", line 2501, in all_reduce",
        p + "    work.wait()",
        p + "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, remote process exited or there was a network error, NCCL version %s" % version,
        p + "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        p + "Last error:",
        p + last,
    ])


def nccl_warn_ib(host, pid, local, peer_ip, peer_port, rank, hca="mlx5_0"):
    return "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid fe80::ba3f:d2ff:fe1c:%04x remoteGidsfe80::ba3f:d2ff:fe1c:%04x hca %s" % (host, pid, pid + 211, local, peer_ip, peer_port, 0x1000 + rank, 0x2000 + peer_port % 4096, hca)


# ---------------------------------------------------------------- node files
def nvidia_smi_q(host, t, gpus=8, driver="550.54.15", cuda="12.4", product="NVIDIA H100 80GB HBM3",
                 overrides=None, procs=None):
    """Abbreviated `nvidia-smi -q`; overrides: {gpu_idx: {key: value}}."""
    overrides = overrides or {}
    procs = procs or {}
    out = ["", "==============NVSMI LOG==============", "",
           "Timestamp                                 : %s" % t.strftime("%a %b %d %H:%M:%S %Y"),
           "Driver Version                            : %s" % driver,
           "CUDA Version                              : %s" % cuda, "",
           "Attached GPUs                             : %d" % gpus]
    bus = [0x18, 0x2A, 0x3A, 0x5D, 0x9A, 0xAB, 0xBA, 0xDB]
    for g in range(gpus):
        o = overrides.get(g, {})
        if o.get("lost"):
            out += ["GPU 00000000:%02X:00.0" % bus[g % 8], "    Product Name                          : Unknown Error",
                    "    (Unable to determine the device handle for GPU 00000000:%02X:00.0: GPU is lost. Reboot the system to recover this GPU)" % bus[g % 8]]
            continue
        out += ["GPU 00000000:%02X:00.0" % bus[g % 8],
                "    Product Name                          : %s" % product,
                "    Serial Number                         : 16523%08d" % (shash(host) % 10**6 * 10 + g),
                "    GPU UUID                              : GPU-%08x-1b2c-4d5e-8f90-%012x" % (0x3a000000 + g, shash(host + str(g)) % (16**12)),
                "    Minor Number                          : %d" % g,
                "    FB Memory Usage",
                "        Total                             : 81559 MiB",
                "        Reserved                          : 328 MiB",
                "        Used                              : %s MiB" % o.get("used", "1"),
                "        Free                              : %s MiB" % o.get("free", "81230"),
                "    Performance State                     : %s" % o.get("pstate", "P0"),
                "    Clocks Event Reasons",
                "        Idle                              : Not Active",
                "        Applications Clocks Setting       : Not Active",
                "        SW Power Cap                      : %s" % o.get("swpower", "Not Active"),
                "        HW Slowdown                       : %s" % o.get("hwslow", "Not Active"),
                "            HW Thermal Slowdown           : %s" % o.get("hwthermal", "Not Active"),
                "            HW Power Brake Slowdown       : Not Active",
                "        SW Thermal Slowdown               : %s" % o.get("swthermal", "Not Active"),
                "    ECC Errors",
                "        Volatile",
                "            SRAM Correctable              : 0",
                "            SRAM Uncorrectable Parity     : 0",
                "            SRAM Uncorrectable SEC-DED    : 0",
                "            DRAM Correctable              : %s" % o.get("dram_ce", "0"),
                "            DRAM Uncorrectable            : %s" % o.get("dram_ue", "0"),
                "        Aggregate",
                "            SRAM Correctable              : 0",
                "            SRAM Uncorrectable Parity     : 0",
                "            SRAM Uncorrectable SEC-DED    : 0",
                "            DRAM Correctable              : %s" % o.get("agg_dram_ce", o.get("dram_ce", "0")),
                "            DRAM Uncorrectable            : %s" % o.get("agg_dram_ue", o.get("dram_ue", "0")),
                "    Remapped Rows",
                "        Correctable Error                 : %s" % o.get("rr_ce", "0"),
                "        Uncorrectable Error               : %s" % o.get("rr_ue", "0"),
                "        Pending                           : %s" % o.get("rr_pending", "No"),
                "        Remapping Failure Occurred        : %s" % o.get("rr_fail", "No"),
                "    Temperature",
                "        GPU Current Temp                  : %s C" % o.get("temp", str(38 + (g * 3) % 9)),
                "        GPU T.Limit Temp                  : %s C" % o.get("tlimit", "46"),
                "        Memory Current Temp               : %s C" % o.get("memtemp", str(44 + g % 5)),
                "    GPU Power Readings",
                "        Power Draw                        : %s W" % o.get("power", "%.2f" % (71 + g * 1.7)),
                "        Current Power Limit               : 700.00 W",
                "    Clocks",
                "        Graphics                          : %s MHz" % o.get("gclk", "1980"),
                "        SM                                : %s MHz" % o.get("gclk", "1980"),
                "        Memory                            : 2619 MHz",
                "    Processes                             : %s" % ("" if g in procs else "None")]
        for (pid, name, mem) in procs.get(g, []):
            out += ["        GPU instance ID                   : N/A",
                    "        Compute instance ID               : N/A",
                    "        Process ID                        : %d" % pid,
                    "            Type                          : C",
                    "            Name                          : %s" % name,
                    "            Used GPU Memory               : %d MiB" % mem]
    return "\n".join(out) + "\n"


def ibstat(host, hcas=4, down=None, phys=None, rate=400):
    down = down or {}
    out = []
    for i in range(hcas):
        st = down.get(i, "Active")
        ps = (phys or {}).get(i, "LinkUp" if st == "Active" else "Polling")
        out += ["CA 'mlx5_%d'" % i, "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.2048",
                "\tHardware version: 0", "\tNode GUID: 0x%016x" % (0xb83fd20300a10000 + shash(host) % 65536 * 16 + i),
                "\tSystem image GUID: 0x%016x" % (0xb83fd20300a10000 + shash(host) % 65536 * 16),
                "\tPort 1:", "\t\tState: %s" % st, "\t\tPhysical state: %s" % ps,
                "\t\tRate: %d" % (rate if st == "Active" else 10), "\t\tBase lid: %d" % ((shash(host) % 900) * 4 + i if st == "Active" else 65535),
                "\t\tLMC: 0", "\t\tSM lid: 1", "\t\tCapability mask: 0xa751e848",
                "\t\tPort GUID: 0x%016x" % (0xb83fd20300a10000 + shash(host) % 65536 * 16 + i), "\t\tLink layer: InfiniBand"]
    return "\n".join(out) + "\n"


def df_h(rows):
    out = ["Filesystem                         Size  Used Avail Use% Mounted on"]
    for r in rows:
        out.append("%-34s %5s %5s %5s %4s %s" % r)
    return "\n".join(out) + "\n"


DF_STD = [("/dev/md0", "3.5T", "412G", "2.9T", "13%", "/"),
          ("tmpfs", "1.0T", "0", "1.0T", "0%", "/dev/shm"),
          ("/dev/nvme8n1p1", "7.0T", "1.2T", "5.5T", "18%", "/local_scratch"),
          ("10.40.0.5@o2ib:/lfs01", "4.2P", "3.1P", "1.1P", "74%", "/lustre")]


def free_m(total=2063720, used=182311, avail=None):
    avail = avail if avail is not None else total - used - 10000
    return ("               total        used        free      shared  buff/cache   available\n"
            "Mem:         %7d     %7d     %7d       10212     %7d     %7d\n"
            "Swap:              0           0           0\n") % (total, used, total - used - 400000, 400000, avail)


def dmesg_boot_noise(rng, up0=12.0, n=25, host="node"):
    """Raw dmesg lines [uptime] with harmless boot/runtime noise."""
    msgs = ["mlx5_core 0000:%02x:00.0: mlx5_pcie_event:301:(pid %d): PCIe slot advertised sufficient power (75W).",
            "mlx5_core 0000:%02x:00.0 ibp%ds0: renamed from ib%d",
            "nvidia-nvlink: Nvlink Core is being initialized, major device number %d",
            "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024",
            "nvidia-fabricmanager: Fabric Manager version 550.54.15 started",
            "EXT4-fs (nvme8n1p1): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.",
            "Lustre: Lustre: Build Version: 2.15.4",
            "LNet: Added LNI 10.40.%d.%d@o2ib [8/256/0/180]",
            "IPv6: ADDRCONF(NETDEV_CHANGE): ens8f0: link becomes ready",
            "audit: type=1400 audit(1715580000.%03d:%d): apparmor=\"STATUS\" operation=\"profile_load\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid=%d comm=\"apparmor_parser\"",
            "bpfilter: Loaded bpfilter_umh pid %d",
            "Lustre: Mounted lfs01-client"]
    out = []
    t = up0
    for i in range(n):
        t += rng.uniform(0.05, 9.0)
        m = rng.choice(msgs)
        cnt = m.count("%")
        args = tuple(rng.randint(1, 250) for _ in range(cnt))
        out.append((t, m % args if cnt else m))
    return out


def fmt_raw_dmesg(lines):
    return "\n".join("[%12.6f] %s" % (u, m) for u, m in sorted(lines)) + "\n"


def label(category, layer, culprit, action, rationale, modelled_on):
    return {"category": category, "layer": layer, "culprit": culprit, "action": action,
            "rationale": rationale, "modelled_on": modelled_on}


def culprit(node, rank=None):
    return {"node": node, "rank": rank}


# ---------------------------------------------------------------- launcher renderers
# Events whose node is -1 are the launcher's own lines (no per-host prefix).
def render(job, style, extra=None):
    ev = job.sorted()
    out = []
    width = len(str(job.world - 1))
    for (t, node, rank, stream, text) in ev:
        if node == -1:
            out.append(text)
            continue
        host = job.hosts[node]
        if style == "pdsh":
            out.append("%s: %s" % (host, text))
        elif style == "mpirun":
            if rank is None:
                out.append(text)
            else:
                out.append("[1,%d]<%s>:%s" % (rank, "stdout" if stream == "out" else "stderr", text))
        elif style == "srun_label":
            if rank is None:
                out.append(text)
            else:
                out.append("%s: %s" % (str(rank).rjust(width), text))
        elif style == "hydra":
            out.append(("[%d] %s" % (rank, text)) if rank is not None else text)
        elif style == "torchx":
            if rank is None:
                out.append("trainer/%d %s" % (node, text))
            else:
                out.append("trainer/%d [default%d]:%s" % (node, job.local(rank), text))
        else:  # plain
            out.append(text)
    return "\n".join(out) + "\n"


def per_node(job, node, style="plain"):
    """Only the events of one node, e.g. an operator-collected per-node log."""
    out = []
    for (t, n, rank, stream, text) in job.sorted():
        if n != node:
            continue
        if style == "torchrun_tee" and rank is not None:
            out.append("[default%d]:%s" % (job.local(rank), text))
        else:
            out.append(text)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- training loops
def train_ds(job, t0, step0, steps, step_s, loss0=2.9, lr=1.5e-4, node=0, every=1, mem="38.21GB", samples=256.0, rank=0,
             ds_ver_stage="stage_1_and_2.py"):
    """DeepSpeed log_dist lines from rank 0 (+ timer lines). Returns (t_end, loss)."""
    rng = job.rng
    t = t0
    loss = loss0
    for s in range(step0, step0 + steps):
        t += TD(seconds=step_s * rng.uniform(0.97, 1.03))
        loss = max(0.9, loss - rng.uniform(0.0, 0.0016) + rng.uniform(-0.004, 0.004))
        if s % every == 0:
            job.emit(t, rank, "%s [INFO] [logging.py:128:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.6e], mom=[(0.9, 0.95)]" % (f_ds(t), s, lr), "out")
            if s % 10 == 0:
                sps = samples * rng.uniform(0.985, 1.01)
                job.emit(t + TD(milliseconds=2), rank, "%s [INFO] [timer.py:264:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.6f, CurrSamplesPerSec=%.6f, MemAllocated=%s, MaxMemAllocated=%s" % (f_ds(t + TD(milliseconds=2)), s * 4, s, samples, sps, "21.4GB", mem), "out")
                job.emit(t + TD(milliseconds=5), rank, "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (loss, rng.uniform(0.3, 1.1), lr, s / 9000.0), "out")
    return t, loss


def train_megatron(job, t0, it0, iters, step_ms, loss0=2.4, rank=None, gbs=1024, nan_at=None, scale=65536.0):
    rng = job.rng
    rank = job.world - 1 if rank is None else rank
    t = t0
    loss = loss0
    for it in range(it0, it0 + iters):
        ms = step_ms * rng.uniform(0.98, 1.02)
        t += TD(milliseconds=ms)
        loss = max(1.2, loss - rng.uniform(0, 0.0008) + rng.uniform(-0.01, 0.01))
        job.emit(t, rank, " [%s] iteration %8d/  250000 | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: %.1f | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |" % (t.strftime("%Y-%m-%d %H:%M:%S"), it, it * gbs, ms, 1.2e-4 * min(1, it / 2000.0), gbs, loss, scale, rng.uniform(0.18, 0.42)), "out")
    return t, loss


def train_generic(job, t0, step0, steps, step_ms, loss0=3.1, rank=0, fmt="step {s:>6} | loss {l:.4f} | lr {lr:.3e} | {ms:.1f} ms/step | tok/s {tps:.3f}M", every=1, tps=1.31):
    rng = job.rng
    t = t0
    loss = loss0
    for s in range(step0, step0 + steps):
        ms = step_ms * rng.uniform(0.97, 1.03)
        t += TD(milliseconds=ms)
        loss = max(1.0, loss - rng.uniform(0, 0.0012) + rng.uniform(-0.006, 0.006))
        if s % every == 0:
            line = fmt.format(s=s, l=loss, lr=3e-4, ms=ms, tps=tps * step_ms / ms, ts=f_pylog(t), t=t)
            job.emit(t, rank, line, "out")
    return t, loss


def ds_launch_head(job, t, script="train.py", args="--deepspeed ds_config.json", hostfile="/etc/deepspeed/hostfile", port=29500):
    """deepspeed runner lines on the head node + launch.py lines per node (pdsh)."""
    import base64, json
    wi = {h: list(range(job.gpn)) for h in job.hosts}
    b64 = base64.urlsafe_b64encode(json.dumps(wi).encode()).decode()
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    H(t, "%s [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % f_ds(t))
    t += TD(seconds=2.1)
    H(t, "%s [INFO] [runner.py:463:main] Using IP address of %s for node %s" % (f_ds(t), job.ips[0], job.hosts[0]))
    H(t, "%s [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: %s" % (f_ds(t), ",".join(job.hosts)))
    H(t, "%s [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s export PYTHONPATH=/workspace/src;  cd /workspace/src; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=%s --node_rank=%%n --master_addr=%s --master_port=%d %s %s" % (f_ds(t), ",".join(job.hosts), b64, job.ips[0], port, script, args))
    for n, h in enumerate(job.hosts):
        tt = job.jitter(t + TD(seconds=3), 1500)
        E = lambda x, s: job.emit(x, None, s, "out", node=n)
        E(tt, "%s [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % f_ds(tt))
        tt += TD(seconds=2)
        E(tt, "%s [INFO] [launch.py:139:main] %d NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3" % (f_ds(tt), n))
        E(tt, "%s [INFO] [launch.py:139:main] %d NCCL_SOCKET_IFNAME=ens8f0" % (f_ds(tt), n))
        E(tt, "%s [INFO] [launch.py:146:main] WORLD INFO DICT: %s" % (f_ds(tt), json.dumps(wi)))
        E(tt, "%s [INFO] [launch.py:152:main] nnodes=%d, num_local_procs=%d, node_rank=%d" % (f_ds(tt), len(job.hosts), job.gpn, n))
        E(tt, "%s [INFO] [launch.py:163:main] global_rank_mapping=defaultdict(<class 'list'>, {%s})" % (f_ds(tt), ", ".join("'%s': %s" % (hh, list(range(i * job.gpn, (i + 1) * job.gpn))) for i, hh in enumerate(job.hosts))))
        E(tt, "%s [INFO] [launch.py:164:main] dist_world_size=%d" % (f_ds(tt), job.world))
        E(tt, "%s [INFO] [launch.py:168:main] Setting CUDA_VISIBLE_DEVICES=%s" % (f_ds(tt), ",".join(map(str, range(job.gpn)))))
        E(tt, "%s [INFO] [launch.py:256:main] process %d spawned with command: ['/usr/bin/python', '-u', '%s', '--local_rank=0', '--deepspeed', 'ds_config.json']" % (f_ds(tt), job.pids[n * job.gpn], script))
    return t + TD(seconds=8)


def ds_kill(job, node, t, failed_local, rc, script="train.py"):
    E = lambda x, s: job.emit(x, None, s, "out", node=node)
    for l in range(job.gpn):
        E(t + TD(milliseconds=l), "%s [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (f_ds(t), job.pids[node * job.gpn + l]))
    t2 = t + TD(seconds=4)
    E(t2, "%s [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', '%s', '--local_rank=%d', '--deepspeed', 'ds_config.json'] exits with return code = %d" % (f_ds(t2), script, failed_local, rc))
    return t2


def c10d_rank_init(job, t, kind="ds"):
    for r in range(job.world):
        tt = job.jitter(t, 2500)
        if kind == "ds":
            if r == 0:
                job.emit(tt, r, "%s [INFO] [comm.py:637:init_distributed] cdb=None" % f_ds(tt), "out")
                job.emit(tt, r, "%s [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl" % f_ds(tt), "out")
            else:
                job.emit(tt, r, "%s [INFO] [comm.py:637:init_distributed] cdb=None" % f_ds(tt), "out")
