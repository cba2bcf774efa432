"""Shared helpers for the set-39 generator (stdlib only, deterministic).

Nothing here reads the clock or the environment except build.py's CORPUS_OUT.
All randomness comes from random.Random(seed) instances created per case.
"""
import datetime as _dt
import json
import random

DOW = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
       "Nov", "Dec"]

H100_BUS = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0",
            "00000000:5D:00.0", "00000000:9A:00.0", "00000000:AB:00.0",
            "00000000:BA:00.0", "00000000:DB:00.0"]
A100_BUS = ["00000000:07:00.0", "00000000:0F:00.0", "00000000:47:00.0",
            "00000000:4E:00.0", "00000000:87:00.0", "00000000:90:00.0",
            "00000000:B7:00.0", "00000000:BD:00.0"]


def dt(y, mo, d, h=0, mi=0, s=0):
    return _dt.datetime(y, mo, d, h, mi, s)


def add(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


def iso(t, ms=True, sep=" "):
    if ms:
        return t.strftime("%Y-%m-%d" + sep + "%H:%M:%S") + ",%03d" % (t.microsecond // 1000)
    return t.strftime("%Y-%m-%d" + sep + "%H:%M:%S")


def isoT(t, z="Z"):
    return t.strftime("%Y-%m-%dT%H:%M:%S") + ".%03d" % (t.microsecond // 1000) + z


def hms(t):
    return t.strftime("%H:%M:%S")


def syslog_ts(t):
    return "%s %2d %s" % (MON[t.month - 1], t.day, t.strftime("%H:%M:%S"))


def ctime(t):
    return "%s %s %2d %s %d" % (DOW[t.weekday()], MON[t.month - 1], t.day,
                                t.strftime("%H:%M:%S"), t.year)


def c10(t, level, rng):
    """c10 glog-style prefix body, e.g. E311 02:44:07.384372190"""
    return "%s%d%02d %s.%09d" % (level, t.month, t.day, t.strftime("%H:%M:%S"),
                                 t.microsecond * 1000 + rng.randint(0, 999))


def glog(t, level, rng):
    """glog prefix used by torch elastic/c10d python side: I0311 02:44:07.384000 1234"""
    return "%s%02d%02d %s.%06d" % (level, t.month, t.day, t.strftime("%H:%M:%S"),
                                   t.microsecond or rng.randint(1000, 999999))


class Case:
    def __init__(self, cid, name):
        self.cid = cid
        self.name = name
        self.files = {}
        self.label = None

    @property
    def folder(self):
        return "%s_%s" % (self.cid, self.name)

    def w(self, path, text):
        if not text.endswith("\n"):
            text += "\n"
        if path in self.files:
            self.files[path] += text
        else:
            self.files[path] = text

    def set_label(self, category, layer, culprit, action, rationale, modelled_on):
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def label_json(self):
        return json.dumps(self.label, indent=2) + "\n"


# ---------------------------------------------------------------- snippets

def perf_block(bus, pstate="P0", active=()):
    """One GPU section of `nvidia-smi -q -d PERFORMANCE`.
    active: subset of names that should read Active."""
    names = [("Idle", 2), ("Applications Clocks Setting", 2), ("SW Power Cap", 2),
             ("HW Slowdown", 2), ("HW Thermal Slowdown", 3),
             ("HW Power Brake Slowdown", 3), ("Sync Boost", 2),
             ("SW Thermal Slowdown", 2), ("Display Clock Setting", 2)]
    out = ["GPU %s" % bus, "    Performance State                     : %s" % pstate,
           "    Clocks Event Reasons"]
    for n, ind in names:
        pad = " " * (4 * ind)
        label = (pad + n).ljust(42)
        out.append("%s: %s" % (label, "Active" if n in active else "Not Active"))
    out.append("    Sparse Operation Mode                 : N/A")
    return "\n".join(out)


def smi_header(t, driver="550.90.07", cuda="12.4", ngpu=8):
    return ("==============NVSMI LOG==============\n\n"
            "Timestamp                                 : %s\n"
            "Driver Version                            : %s\n"
            "CUDA Version                              : %s\n\n"
            "Attached GPUs                             : %d" % (ctime(t), driver, cuda, ngpu))


def smi_table(t, rows, driver="550.90.07", cuda="12.4", model="NVIDIA H100 80GB HBM3",
              procs=None):
    """Classic nvidia-smi table. rows: list of dicts with bus,temp,perf,pwr,cap,mem,util"""
    lines = [ctime(t),
             "+-----------------------------------------------------------------------------------------+",
             "| NVIDIA-SMI %s              Driver Version: %s      CUDA Version: %s     |" % (driver, driver, cuda),
             "|-----------------------------------------+------------------------+----------------------+",
             "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
             "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
             "|=========================================+========================+======================|"]
    for i, r in enumerate(rows):
        lines.append("|   %d  %-20s           On  |   %s Off |                    0 |" % (i, model[:20], r["bus"]))
        lines.append("| N/A   %2dC    %s           %3dW / %3dW |  %6dMiB /  81559MiB |    %3d%%      Default |" % (
            r["temp"], r.get("perf", "P0"), r["pwr"], r["cap"], r["mem"], r["util"]))
        lines.append("|                                         |                        |             Disabled |")
        lines.append("+-----------------------------------------+------------------------+----------------------+")
    lines.append("")
    lines.append("+-----------------------------------------------------------------------------------------+")
    lines.append("| Processes:                                                                              |")
    lines.append("|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |")
    lines.append("|        ID   ID                                                               Usage      |")
    lines.append("|=========================================================================================|")
    for p in (procs or []):
        lines.append("|    %d   N/A  N/A    %7d      C   %-40s %8dMiB |" % (p[0], p[1], p[2][:40], p[3]))
    lines.append("+-----------------------------------------------------------------------------------------+")
    return "\n".join(lines)


def watchdog_line(t, rank, seq, op, numel_in, numel_out, timeout_ms, rng, pg="PG ID 0 PG GUID 0(default_pg) "):
    return ("[rank%d]:[%s ProcessGroupNCCL.cpp:632] [%sRank %d] Watchdog caught collective operation "
            "timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d "
            "milliseconds before timing out." % (rank, c10(t, "E", rng), pg, rank, seq, op, numel_in,
                                                   numel_out, timeout_ms, timeout_ms + rng.randint(40, 900)))


def watchdog_tail(t, rank, seq_timeout, last_enq, last_done, rng, pg="PG ID 0 PG GUID 0(default_pg) "):
    t1, t2, t3 = add(t, 0.0004), add(t, 0.0009), add(t, 0.0013)
    return [
        "[rank%d]:[%s ProcessGroupNCCL.cpp:1664] [%sRank %d] Exception (either an error or timeout) detected by "
        "watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (
            rank, c10(t1, "E", rng), pg, rank, seq_timeout, last_enq, last_done),
        "[rank%d]:[%s ProcessGroupNCCL.cpp:678] [Rank %d] Some NCCL operations have failed or timed out. Due to "
        "the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete "
        "data." % (rank, c10(t2, "E", rng), rank),
        "[rank%d]:[%s ProcessGroupNCCL.cpp:684] [Rank %d] To avoid data inconsistency, we are taking the entire "
        "process down." % (rank, c10(t3, "E", rng), rank),
    ]


def nccl_init_lines(host, pid, local, rank, nranks, rng, version="2.21.5+cuda12.4", hcas=None):
    hcas = hcas or ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7"]
    tid = pid + rng.randint(30, 400)
    p = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, local)
    out = []
    if rank == 0:
        out.append(p + "NCCL version " + version)
    out.append(p + "Bootstrap : Using ib0:10.%d.%d.%d<0>" % (rng.randint(1, 9), rng.randint(0, 255), rng.randint(2, 250)))
    out.append(p + "NET/Plugin: Plugin name set by env to libnccl-net.so")
    out.append(p + "NET/IB : Using [0]%s:1/IB [1]%s:1/IB [2]%s:1/IB [3]%s:1/IB [4]%s:1/IB [5]%s:1/IB [6]%s:1/IB [7]%s:1/IB ; OOB ib0:10.0.0.1<0>" % tuple(hcas))
    out.append(p + "comm 0x%x rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0" % (
        rng.randint(0x10000000, 0x7fffffff), rank, nranks, nranks // 8 if nranks >= 8 else 1, local))
    return out


def dmesg_lines(entries):
    """entries: list of (uptime_seconds, text)"""
    return "\n".join("[%12.6f] %s" % (u, s) for u, s in sorted(entries))


def benign_dmesg(rng, start_up, n=6):
    pool = [
        lambda: "mlx5_core 0000:%02x:00.0: mlx5_pcie_event:301:(pid %d): PCIe slot advertised sufficient power (27W)." % (rng.randint(0x10, 0xf0), rng.randint(1000, 9000)),
        lambda: "IPv6: ADDRCONF(NETDEV_CHANGE): ib%d: link becomes ready" % rng.randint(0, 7),
        lambda: "nvidia-fs: module verification failed: signature and/or required key missing - tainting kernel",
        lambda: "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none.",
        lambda: "audit: type=1400 audit(%d.%03d:%d): apparmor=\"STATUS\" operation=\"profile_replace\" name=\"nvidia_modprobe\"" % (rng.randint(1700000000, 1740000000), rng.randint(0, 999), rng.randint(10, 99)),
        lambda: "nvidia-peermem: loading out-of-tree module taints kernel.",
        lambda: "systemd-journald[%d]: Data hash table of /var/log/journal/system.journal has a fill level at 75.0 (174762 of 233016 items), suggesting rotation." % rng.randint(300, 900),
        lambda: "perf: interrupt took too long (2510 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
        lambda: "NFSD: Using nfsdcld client tracking operations.",
    ]
    out = []
    u = start_up
    for i in range(n):
        out.append((u, rng.choice(pool)()))
        u += rng.uniform(5, 4000)
    return out


def lspci_nic(bus, cap_w=16, sta_w=16, cap_s="32GT/s", sta_s="32GT/s", name="Mellanox Technologies MT2910 Family [ConnectX-7]"):
    sta_sp = sta_s + (" (ok)" if sta_s == cap_s else " (downgraded)")
    sta_wd = "x%d" % sta_w + (" (ok)" if sta_w == cap_w else " (downgraded)")
    return "\n".join([
        "%s Infiniband controller: %s" % (bus, name),
        "\tSubsystem: Mellanox Technologies Device 0070",
        "\tControl: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr- Stepping- SERR- FastB2B- DisINTx+",
        "\tStatus: Cap+ 66MHz- UDF- FastB2B- ParErr- DEVSEL=fast >TAbort- <TAbort- <MAbort- >SERR- <PERR- INTx-",
        "\tLatency: 0, Cache Line Size: 64 bytes",
        "\tNUMA node: %d" % (0 if bus < "80" else 1),
        "\tCapabilities: [60] Express (v2) Endpoint, MSI 00",
        "\t\tDevCap:\tMaxPayload 512 bytes, PhantFunc 0, Latency L0s unlimited, L1 unlimited",
        "\t\t\tExtTag+ AttnBtn- AttnInd- PwrInd- RBE+ FLReset+ SlotPowerLimit 75W",
        "\t\tDevCtl:\tCorrErr+ NonFatalErr+ FatalErr+ UnsupReq+",
        "\t\t\tRlxdOrd+ ExtTag+ PhantFunc- AuxPwr- NoSnoop+ FLReset-",
        "\t\t\tMaxPayload 256 bytes, MaxReadReq 4096 bytes",
        "\t\tDevSta:\tCorrErr- NonFatalErr- FatalErr- UnsupReq- AuxPwr- TransPend-",
        "\t\tLnkCap:\tPort #0, Speed %s, Width x%d, ASPM not supported" % (cap_s, cap_w),
        "\t\t\tClockPM- Surprise- LLActRep- BwNot- ASPMOptComp+",
        "\t\tLnkCtl:\tASPM Disabled; RCB 64 bytes, Disabled- CommClk+",
        "\t\t\tExtSynch- ClockPM- AutWidDis- BWInt- AutBWInt-",
        "\t\tLnkSta:\tSpeed %s, Width %s" % (sta_sp, sta_wd),
        "\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-",
        "\t\tDevCap2: Completion Timeout: Range ABC, TimeoutDis+ NROPrPrP- LTR-",
        "\t\tLnkCtl2: Target Link Speed: %s, EnterCompliance- SpeedDis-" % cap_s,
        "\tCapabilities: [100 v1] Advanced Error Reporting",
        "\t\tUESta:\tDLP- SDES- TLP- FCP- CmpltTO- CmpltAbrt- UnxCmplt- RxOF- MalfTLP- ECRC- UnsupReq- ACSViol-",
        "\t\tCESta:\tRxErr- BadTLP- BadDLLP- Rollover- Timeout- AdvNonFatalErr-",
        "\tKernel driver in use: mlx5_core",
        "\tKernel modules: mlx5_core",
        "",
    ])


def ibstat_block(ca, rate=400, state="Active", phys="LinkUp", lid=None, guid=None):
    return "\n".join([
        "CA '%s'" % ca,
        "\tCA type: MT4129",
        "\tNumber of ports: 1",
        "\tFirmware version: 28.39.1002",
        "\tHardware version: 0",
        "\tNode GUID: %s" % guid,
        "\tSystem image GUID: %s" % guid,
        "\tPort 1:",
        "\t\tState: %s" % state,
        "\t\tPhysical state: %s" % phys,
        "\t\tRate: %d" % rate,
        "\t\tBase lid: %d" % lid,
        "\t\tLMC: 0",
        "\t\tSM lid: 1",
        "\t\tCapability mask: 0xa751e848",
        "\t\tPort GUID: %s" % guid,
        "\t\tLink layer: InfiniBand",
    ])


def guid(rng):
    return "0x%016x" % rng.randint(0xa088c20300000000, 0xa088c203ffffffff)


def pyspy_header(pid, cmd, py="3.10.12"):
    return ("Process %d: %s\nPython v%s (/usr/bin/python3.10)\n" % (pid, cmd, py))


BENIGN_PY_WARN = [
    "/usr/local/lib/python3.10/dist-packages/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class. This should only matter to you if you are using storages directly.  To access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()",
    "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/attention.py:4711: UserWarning: window_size should be (-1, -1) or (>=0, >=0) for attn_mask_type=causal",
    "FutureWarning: `torch.cuda.amp.autocast(args...)` is deprecated. Please use `torch.amp.autocast('cuda', args...)` instead.",
    "/usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_init_utils.py:440: UserWarning: FSDP is switching to use `NO_SHARD` instead of ShardingStrategy.FULL_SHARD since the world size is 1.",
    "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:4631: UserWarning: No device id is provided via `init_process_group` or `barrier `. Using the current device set by the user.",
    "/usr/local/lib/python3.10/dist-packages/apex/normalization/fused_layer_norm.py: UserWarning: apex.normalization.FusedLayerNorm is deprecated, use torch.nn.LayerNorm",
]


def pick_warns(rng, k=2):
    return rng.sample(BENIGN_PY_WARN, k)
