"""Shared helpers for corpus set 91: line formats as real tools print them.

Standard library only; everything deterministic (callers pass datetimes and
random.Random instances seeded per case).
"""
import datetime as dt
import json
import random

# HGX H100 8-GPU board: PCI bus ids as NCCL prints them (busId) and as the
# kernel prints them (NVRM Xid lines), plus the rail-local HCA per GPU.
BUSIDS = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
PCI = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00",
       "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]
HCA_PCI = ["0000:1a:00.0", "0000:2c:00.0", "0000:3c:00.0", "0000:5f:00.0",
           "0000:9c:00.0", "0000:ad:00.0", "0000:bc:00.0", "0000:dd:00.0"]
HCAS = ["mlx5_%d" % i for i in range(8)]


class Bundle:
    """Collects the files of one case and its label."""

    def __init__(self, name, seed):
        self.name = name
        self.rng = random.Random(seed)
        self.files = {}
        self.label = None

    def w(self, path, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text)
        if not text.endswith("\n"):
            text += "\n"
        self.files[path] = text

    def a(self, path, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text)
        if not text.endswith("\n"):
            text += "\n"
        self.files[path] = self.files.get(path, "") + text

    def j(self, path, obj):
        self.files[path] = json.dumps(obj, indent=2, sort_keys=False) + "\n"

    def set_label(self, category, layer, culprit, action, rationale, modelled_on):
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }


def T(y, mo, d, h, mi, s=0, us=None):
    """A fixed datetime; without us, a deterministic sub-second part is derived from the fields."""
    if us is None:
        us = (h * 3607 + mi * 60013 + s * 104729 + d * 7919 + mo * 31) % 1000000
    return dt.datetime(y, mo, d, h, mi, s, us)


def plus(t, seconds):
    return t + dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- timestamps
def _us(t):
    """Microseconds; whole-second times get a deterministic pseudo-random fraction."""
    if t.microsecond:
        return t.microsecond
    return (t.hour * 3607 + t.minute * 60013 + t.second * 104729 + t.day * 7919) % 1000000


def glog(level, t, src, rng):
    """c10d / glog prefix: [E1022 13:47:52.448170583 ProcessGroupNCCL.cpp:1515]"""
    ns = "%03d" % rng.randint(0, 999)
    return "[%s%s.%06d%s %s]" % (level, t.strftime("%m%d %H:%M:%S"), _us(t), ns, src)


def elastic(level, t, pid, src):
    """torchrun agent line prefix (PyTorch >= 2.3)."""
    return "%s%s.%06d %d %s]" % (level, t.strftime("%m%d %H:%M:%S"), _us(t), pid, src)


def dmesg_t(t):
    """dmesg -T style: [Tue Oct 22 13:47:36 2024] (day space-padded like ctime)."""
    return "[" + t.strftime("%a %b ") + str(t.day).rjust(2) + t.strftime(" %H:%M:%S %Y") + "]"


def syslog(t, host):
    day = t.strftime("%d").lstrip("0").rjust(2)
    return "%s %s %s %s" % (t.strftime("%b"), day, t.strftime("%H:%M:%S"), host)


def uptime(t, boot):
    d = (t - boot).total_seconds()
    return "[%12.6f]" % d


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def mega_ts(t):
    return t.strftime("%Y-%m-%d %H:%M:%S")


# -------------------------------------------------------------------- NCCL
def nccl_init(host, pid, tid, dev, rank, nranks, boot_if, boot_ip, net,
              hcas=None, oob=None, version="2.21.5+cuda12.4", busid=None,
              commid="0x5c1f3e27a9d0b481", first=False, comm=None,
              driver="12040", extra=None, gpn=8, plugin=None):
    p = "%s:%d:%d [%d]" % (host, pid, pid, dev)
    q = "%s:%d:%d [%d]" % (host, pid, tid, dev)
    busid = busid or BUSIDS[dev]
    comm = comm or ("0x%x" % (0x55d1c2a00000 + pid * 16))
    L = []
    L.append("%s NCCL INFO Bootstrap : Using %s:%s<0>" % (p, boot_if, boot_ip))
    L.append("%s NCCL INFO cudaDriverVersion %s" % (p, driver))
    if first:
        L.append("NCCL version %s" % version)
    if plugin:
        L.extend("%s NCCL INFO %s" % (q, x) for x in plugin)
    else:
        L.append("%s NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin." % q)
    if net == "OFI":
        L.append("%s NCCL INFO Using network Libfabric" % q)
    elif net in ("IB", "RoCE"):
        devs = " ".join("[%d]%s:1/%s" % (i, h, net) for i, h in enumerate(hcas))
        oif, oip = oob if oob else (boot_if, boot_ip)
        L.append("%s NCCL INFO NET/IB : Using %s [RO]; OOB %s:%s<0>" % (q, devs, oif, oip))
        L.append("%s NCCL INFO Using network IB" % q)
    else:
        L.append("%s NCCL INFO NET/IB : No device found." % q)
        L.append("%s NCCL INFO NET/Socket : Using [0]%s:%s<0>" % (q, boot_if, boot_ip))
        L.append("%s NCCL INFO Using network Socket" % q)
    if extra:
        L.extend("%s NCCL INFO %s" % (q, e) for e in extra)
    L.append("%s NCCL INFO ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START"
             % (q, comm, rank, nranks, dev, dev, busid, commid))
    L.append("%s NCCL INFO Setting affinity for GPU %d to %s" % (q, dev, "ffffffff,00000000,ffffffff" if dev < 4 else "ffffffff,00000000,ffffffff,00000000"))
    L.append("%s NCCL INFO comm %s rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0"
             % (q, comm, rank, nranks, max(1, nranks // gpn), gpn, dev))
    L.append("%s NCCL INFO ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE"
             % (q, comm, rank, nranks, dev, dev, busid, commid))
    return L


def ib_cqe(host, pid, tid, dev, peer, port, status, opcode, vendor, kind,
           lgid, rgid, src="transport/net_ib.cc:1696"):
    pre = "%s:%d:%d [%d]" % (host, pid, tid, dev)
    return [
        "",
        "%s %s NCCL WARN NET/IB : Got completion from peer %s<%d> with status=%d opcode=%d len=0 vendor err %d (%s) localGid %s remoteGids%s"
        % (pre, src, peer, port, status, opcode, vendor, kind, lgid, rgid),
        "%s NCCL INFO transport/net.cc:1302 -> 6" % pre,
        "%s NCCL INFO proxy.cc:698 -> 6" % pre,
        "%s NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % pre,
    ]


def ib_cqe_text(peer, port, status, opcode, vendor, kind, lgid, rgid):
    return ("NET/IB : Got completion from peer %s<%d> with status=%d opcode=%d len=0 vendor err %d (%s) localGid %s remoteGids%s"
            % (peer, port, status, opcode, vendor, kind, lgid, rgid))


FRAMES_WATCHDOG = [
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3c1a76c446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
    "frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 (0x7f3bcc4a91c0 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (0x7f3bcc4a940c in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 (0x7f3bcc4b0623 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #4: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f3bcc4b1a2c in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #5: <unknown function> + 0xdc253 (0x7f3c1a2b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
    "frame #6: <unknown function> + 0x94ac3 (0x7f3c1c0f0ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
    "frame #7: <unknown function> + 0x126850 (0x7f3c1c182850 in /lib/x86_64-linux-gnu/libc.so.6)",
]


def nccl_remote_error(rank, t, rng, last_error, prefix=True, version="2.21.5", pg="[PG ID 0 PG GUID 0(default_pg) Rank %d]"):
    """Torch's report of an async NCCL error seen by the watchdog."""
    pgs = pg % rank
    rp = "[rank%d]:" % rank if prefix else ""
    L = [
        "%s%s %s Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version %s"
        % (rp, glog("E", t, "ProcessGroupNCCL.cpp:1515", rng), pgs, version),
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        last_error,
        "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):",
    ] + FRAMES_WATCHDOG[:5] + [
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  %s Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version %s" % (pgs, version),
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        last_error,
    ]
    return L


def watchdog_timeout(rank, t, rng, seq, optype, numel, timeout_ms=600000, prefix=True):
    rp = "[rank%d]:" % rank if prefix else ""
    ran = timeout_ms + rng.randint(20, 900)
    return [
        "%s%s [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
        % (rp, glog("E", t, "ProcessGroupNCCL.cpp:632", rng), rank, seq, optype, numel, numel, timeout_ms, ran),
        "%s%s [PG ID 0 PG GUID 0(default_pg) Rank %d]  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d"
        % (rp, glog("E", t, "ProcessGroupNCCL.cpp:2268", rng), rank, seq, seq, seq - 1),
        "%s%s [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
        % (rp, glog("E", t, "ProcessGroupNCCL.cpp:684", rng), rank),
        "%s%s [Rank %d] To avoid data inconsistency, we are taking the entire process down."
        % (rp, glog("E", t, "ProcessGroupNCCL.cpp:698", rng), rank),
    ]


def torchrun_table(script, failures):
    """failures: list of dicts (time, host, rank, local_rank, exitcode, pid, tb)."""
    def block(i, f):
        tb = f.get("tb")
        if tb is None:
            if f["exitcode"] < 0:
                sig = {-6: "SIGABRT", -9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV", -7: "SIGBUS"}[f["exitcode"]]
                tb = "Signal %d (%s) received by PID %d" % (-f["exitcode"], sig, f["pid"])
            else:
                tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        return [
            "[%d]:" % i,
            "  time      : %s" % f["time"].strftime("%Y-%m-%d_%H:%M:%S"),
            "  host      : %s" % f["host"],
            "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
            "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
            "  error_file: <N/A>",
            "  traceback : %s" % tb,
        ]
    bar = "=" * 60
    dash = "-" * 60
    L = ["torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ", bar, "%s FAILED" % script, dash, "Failures:"]
    if len(failures) == 1:
        L.append("  <NO_OTHER_FAILURES>")
    else:
        for i, f in enumerate(failures[1:], 1):
            L.extend(block(i, f))
    L.append(dash)
    L.append("Root Cause (first observed failure):")
    L.extend(block(0, failures[0]))
    L.append(bar)
    return L


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


def megatron_iter(t, it, total, gbs, ms, lr, loss, gn, seq=4096):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | "
            "number of skipped iterations:   0 | number of nan iterations:   0 |"
            % (mega_ts(t), it, total, it * gbs, ms, lr, gbs, loss, gn))


# ------------------------------------------------------------ node outputs
def ip_addr(ifaces):
    """ifaces: list of dicts name, kind (loopback|ether|infiniband), state, inet, mtu, mac, flags, altname."""
    L = []
    for i, f in enumerate(ifaces, 1):
        kind = f.get("kind", "ether")
        if kind == "loopback":
            L += ["%d: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000" % i,
                  "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00",
                  "    inet 127.0.0.1/8 scope host lo",
                  "       valid_lft forever preferred_lft forever",
                  "    inet6 ::1/128 scope host noprefixroute",
                  "       valid_lft forever preferred_lft forever"]
            continue
        state = f.get("state", "UP")
        flags = f.get("flags") or ("BROADCAST,MULTICAST,UP,LOWER_UP" if state == "UP" else "NO-CARRIER,BROADCAST,MULTICAST,UP")
        mtu = f.get("mtu", 9000 if kind == "ether" else 4092)
        qd = "mq" if kind != "bridge" else "noqueue"
        extra = " master %s" % f["master"] if f.get("master") else ""
        L.append("%d: %s: <%s> mtu %d qdisc %s%s state %s group default qlen %d"
                 % (i, f["name"], flags, mtu, qd, extra, state, 1000 if kind != "infiniband" else 256))
        if kind == "infiniband":
            L.append("    link/infiniband %s brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff" % f["mac"])
        else:
            L.append("    link/ether %s brd ff:ff:ff:ff:ff:ff" % f["mac"])
        if f.get("altname"):
            L.append("    altname %s" % f["altname"])
        for inet in ([f["inet"]] if isinstance(f.get("inet"), str) else f.get("inet") or []):
            addr, plen = inet.split("/")
            L.append("    inet %s scope global %s%s" % (inet, "" if not f.get("dynamic") else "dynamic ", f["name"]))
            L.append("       valid_lft forever preferred_lft forever")
        if f.get("inet6"):
            L.append("    inet6 %s scope link" % f["inet6"])
            L.append("       valid_lft forever preferred_lft forever")
    return L


def ibstat_ca(ca, guid, state="Active", phys="LinkUp", rate=400, lid=1, sm=1,
              fw="28.39.2048", ca_type="MT4129", layer="InfiniBand"):
    return [
        "CA '%s'" % ca,
        "\tCA type: %s" % ca_type,
        "\tNumber of ports: 1",
        "\tFirmware version: %s" % fw,
        "\tHardware version: 0",
        "\tNode GUID: 0x%s" % guid,
        "\tSystem image GUID: 0x%s" % guid,
        "\tPort 1:",
        "\t\tState: %s" % state,
        "\t\tPhysical state: %s" % phys,
        "\t\tRate: %d" % rate,
        "\t\tBase lid: %d" % lid,
        "\t\tLMC: 0",
        "\t\tSM lid: %d" % sm,
        "\t\tCapability mask: 0xa751e848",
        "\t\tPort GUID: 0x%s" % guid,
        "\t\tLink layer: %s" % layer,
    ]


def perfquery(lid, port=1, **c):
    keys = ["SymbolErrorCounter", "LinkErrorRecoveryCounter", "LinkDownedCounter", "PortRcvErrors",
            "PortRcvRemotePhysicalErrors", "PortRcvSwitchRelayErrors", "PortXmitDiscards",
            "PortXmitConstraintErrors", "PortRcvConstraintErrors", "LocalLinkIntegrityErrors",
            "ExcessiveBufferOverrunErrors", "VL15Dropped", "PortXmitData", "PortRcvData",
            "PortXmitPkts", "PortRcvPkts", "PortXmitWait"]
    L = ["# Port counters: Lid %d port %d (CapMask: 0x5A00)" % (lid, port),
         "PortSelect:" + "." * 22 + "%d" % port,
         "CounterSelect:" + "." * 19 + "0x0000"]
    for k in keys:
        v = c.get(k, 0)
        L.append(k + ":" + "." * max(1, 32 - len(k)) + str(v))
    return L


def guid(rng):
    return "a088c203%08x" % rng.getrandbits(32)


def mac(rng, oui="0c:42:a1"):
    return oui + ":" + ":".join("%02x" % rng.randint(0, 255) for _ in range(3))


def ib_hw(rng):
    g = "%08x" % rng.getrandbits(32)
    return "00:00:10:29:fe:80:00:00:00:00:00:00:a0:88:c2:03:00:%s:%s:%s" % (g[0:2], g[2:4], g[4:6])


def ib_gid(rng):
    g = "%08x" % rng.getrandbits(32)
    return "fe80::a088:c203:%s:%s" % (g[0:4].lstrip("0") or "0", g[4:8].lstrip("0") or "0")


def sacct(jobid, rows):
    """rows: (jobid_suffix, jobname, partition, account, alloccpus, state, exitcode)."""
    L = ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode ",
         "------------ ---------- ---------- ---------- ---------- ---------- -------- "]
    for r in rows:
        L.append("%-12s %10s %10s %10s %10d %10s %8s " % r)
    return L
