"""Shared helpers for corpus set 60: bundle container, timestamp styles and
log-line generators (NCCL, PyTorch c10d, torchrun, kernel).

Everything here is deterministic: callers pass a seeded random.Random.
"""

import datetime as dt
import json
import os

UTC = dt.timezone.utc


def tz(hours, minutes=0):
    return dt.timezone(dt.timedelta(hours=hours, minutes=minutes))


def T(s, zone=UTC):
    """Parse 'YYYY-mm-dd HH:MM:SS[.ffffff]' in the given zone."""
    fmt = "%Y-%m-%d %H:%M:%S.%f" if "." in s else "%Y-%m-%d %H:%M:%S"
    return dt.datetime.strptime(s, fmt).replace(tzinfo=zone)


def sec(x):
    return dt.timedelta(seconds=x)


# ---------------------------------------------------------------- timestamps

def f_glog(t, lvl="E"):
    """glog / c10d style: E0312 09:12:44.081233"""
    return "%s%s %s.%06d" % (lvl, t.strftime("%m%d"), t.strftime("%H:%M:%S"), t.microsecond)


def f_glog_ns(t, lvl="E", extra=0):
    """PyTorch >= 2.4 prints nanoseconds: E1206 18:44:12.715298746"""
    return "%s%s %s.%06d%03d" % (lvl, t.strftime("%m%d"), t.strftime("%H:%M:%S"), t.microsecond, extra % 1000)


def f_py(t):
    """python logging asctime: 2024-03-12 09:12:44,081"""
    return "%s,%03d" % (t.strftime("%Y-%m-%d %H:%M:%S"), t.microsecond // 1000)


def f_dmesg_T(t):
    """dmesg -T: [Tue Mar  5 09:12:44 2024]"""
    return "[%s %2d %s]" % (t.strftime("%a %b"), t.day, t.strftime("%H:%M:%S %Y"))


def f_uptime(s):
    """raw dmesg: [ 8123.456789]"""
    whole = int(s)
    frac = int(round((s - whole) * 1e6))
    if frac >= 1000000:
        whole, frac = whole + 1, frac - 1000000
    return "[%5d.%06d]" % (whole, frac)


def f_iso(t):
    return t.isoformat(timespec="microseconds")


def f_syslog(t):
    return "%s %2d %s" % (t.strftime("%b"), t.day, t.strftime("%H:%M:%S"))


def f_short_iso(t):
    """journalctl -o short-iso: 2024-03-12T09:12:44+0000"""
    return t.strftime("%Y-%m-%dT%H:%M:%S%z")


def f_epoch(t):
    return "%.6f" % t.timestamp()


# ---------------------------------------------------------------- bundle

class Bundle:
    def __init__(self, name):
        self.name = name
        self.files = {}
        self.label = None
        self.topology = None

    def add(self, path, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text) + "\n"
        if path in self.files:
            raise ValueError("%s: duplicate file %s" % (self.name, path))
        self.files[path] = text

    def append(self, path, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text) + "\n"
        self.files[path] = self.files.get(path, "") + text

    def set_label(self, category, layer, culprit_node, rank, action, rationale, modelled_on):
        culprit = None if culprit_node is None else {"node": culprit_node, "rank": rank}
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def set_topology(self, mapping):
        self.topology = {"topology": mapping}

    def write(self, root):
        base = os.path.join(root, self.name)
        for path in sorted(self.files):
            full = os.path.join(base, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(self.files[path])
        with open(os.path.join(base, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps(self.label, indent=2, sort_keys=False) + "\n")
        if self.topology is not None:
            with open(os.path.join(base, "topology.json"), "w", encoding="utf-8", newline="\n") as fh:
                fh.write(json.dumps(self.topology, indent=2) + "\n")

    def dirs(self):
        out = set()
        for p in self.files:
            parts = p.split("/")
            if len(parts) > 1:
                out.add(parts[0])
                if parts[0].startswith("attempt_") and len(parts) > 2:
                    out.add(parts[1])
        return out


# ---------------------------------------------------------------- NCCL lines

def hexid(rng, n=12):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def nccl_prefix(host, pid, tid, dev):
    return "%s:%d:%d [%d]" % (host, pid, tid, dev)


def nccl_init(host, pid, lr, rank, nranks, oob_if, oob_ip, rng, net="IB", hcas=None,
              version="2.21.5+cuda12.4", plugin_line=True, channels=4, gpn=8,
              busid=None, comm=None, commid=None, peers_prev=None, peers_next=None,
              roce=False):
    """A plausible NCCL_DEBUG=INFO init block for one rank."""
    t0 = pid
    t1 = pid + 60 + rng.randint(0, 40)
    p0 = nccl_prefix(host, pid, t0, lr)
    p1 = nccl_prefix(host, pid, t1, lr)
    busid = busid or ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"][lr % 8]
    comm = comm or "0x%s" % hexid(rng, 12)
    commid = commid or "0x%s" % hexid(rng, 16)
    L = []
    L.append("%s NCCL INFO cudaDriverVersion 12040" % p0)
    L.append("%s NCCL INFO Bootstrap : Using %s:%s<0>" % (p0, oob_if, oob_ip))
    if plugin_line:
        L.append("%s NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation" % p0)
    if rank == 0:
        L.append("NCCL version %s" % version)
    if net == "IB":
        kind = "RoCE" if roce else "IB"
        hl = " ".join("[%d]%s:1/%s" % (i, h, kind) for i, h in enumerate(hcas or ["mlx5_0"]))
        L.append("%s NCCL INFO NET/IB : Using %s [RO]; OOB %s:%s<0>" % (p1, hl, oob_if, oob_ip))
        L.append("%s NCCL INFO Using non-device net plugin version 0" % p1)
        L.append("%s NCCL INFO Using network IB" % p1)
    elif net == "OFI":
        L.append("%s NCCL INFO Using network Libfabric" % p1)
    else:
        L.append("%s NCCL INFO NET/IB : No device found." % p1)
        L.append("%s NCCL INFO NET/Socket : Using [0]%s:%s<0>" % (p1, oob_if, oob_ip))
        L.append("%s NCCL INFO Using non-device net plugin version 0" % p1)
        L.append("%s NCCL INFO Using network Socket" % p1)
    L.append("%s NCCL INFO ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START"
             % (p1, comm, rank, nranks, lr, lr, busid, commid))
    L.append("%s NCCL INFO Setting affinity for GPU %d to ffffffff,00000000,ffffffff" % (p1, lr) if lr >= 4 else
             "%s NCCL INFO Setting affinity for GPU %d to ffffffff,00000000,ffffffff,00000000" % (p1, lr))
    L.append("%s NCCL INFO comm %s rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0"
             % (p1, comm, rank, nranks, max(1, nranks // gpn), gpn, lr))
    nxt = (rank + 1) % nranks
    prv = (rank - 1) % nranks
    L.append("%s NCCL INFO Trees [0] %d/-1/-1->%d->%d [1] %d/-1/-1->%d->%d" % (p1, nxt, rank, prv, nxt, rank, prv))
    L.append("%s NCCL INFO P2P Chunksize set to 131072" % p1)
    via_net = {"IB": "NET/IB/%d/GDRDMA", "OFI": "NET/Libfabric/%d/GDRDMA"}.get(net, "NET/Socket/%d")
    for c in range(channels):
        if lr == 0:
            L.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] [receive] via %s"
                     % (p1, c, prv, (lr - 1) % gpn, rank, lr, via_net % (c % max(1, len(hcas or [1])))))
        elif lr == gpn - 1:
            L.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] [send] via %s"
                     % (p1, c, rank, lr, nxt, 0, via_net % (c % max(1, len(hcas or [1])))))
        else:
            L.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read" % (p1, c, rank, lr, nxt, lr + 1))
    L.append("%s NCCL INFO Connected all rings" % p1)
    L.append("%s NCCL INFO Connected all trees" % p1)
    L.append("%s NCCL INFO threadThresholds 8/8/64 | 256/8/64 | 512 | 512" % p1)
    L.append("%s NCCL INFO %d coll channels, %d collnet channels, 0 nvls channels, %d p2p channels, %d p2p channels per peer"
             % (p1, channels, 0, channels * 2, 2))
    L.append("%s NCCL INFO ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE"
             % (p1, comm, rank, nranks, lr, lr, busid, commid))
    return L


def nccl_ib_completion(host, pid, tid, lr, peer_ip, port, status, opcode, vendor, kind,
                       lgid=None, rgid=None, hca=None, src="transport/net_ib.cc:1696"):
    extra = ""
    if lgid:
        extra += " localGid %s" % lgid
    if rgid:
        extra += " remoteGids%s" % rgid
    if hca:
        extra += " hca %s" % hca
    p = nccl_prefix(host, pid, tid, lr)
    return [
        "",
        "%s %s NCCL WARN NET/IB : Got completion from peer %s<%d> with status=%d opcode=%d len=%d vendor err %d (%s)%s"
        % (p, src, peer_ip, port, status, opcode, 0 if opcode != 129 else 65536, vendor, kind, extra),
        "%s NCCL INFO transport/net.cc:1302 -> 6" % p,
        "%s NCCL INFO proxy.cc:698 -> 6" % p,
        "%s NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % p,
    ]


def nccl_socket_fail(host, pid, tid, lr, peer, port, what="recv", err="Connection reset by peer"):
    p = nccl_prefix(host, pid, tid, lr)
    return [
        "",
        "%s misc/socket.cc:50 NCCL WARN socketProgressOpt: Call to %s %s %s<%d> failed : %s"
        % (p, what, "to" if what == "send" else "from", peer, port, err),
        "%s NCCL INFO misc/socket.cc:64 -> 6" % p,
        "%s NCCL INFO misc/socket.cc:80 -> 6" % p,
        "%s NCCL INFO misc/socket.cc:847 -> 6" % p,
        "%s NCCL INFO transport/net_socket.cc:556 -> 6" % p,
        "%s NCCL INFO transport/net.cc:1305 -> 6" % p,
        "%s NCCL INFO proxy.cc:698 -> 6" % p,
        "%s NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % p,
    ]


def nccl_socket_closed(host, pid, tid, lr, peer, port):
    p = nccl_prefix(host, pid, tid, lr)
    return [
        "",
        "%s misc/socket.cc:47 NCCL WARN socketProgress: Connection closed by remote peer %s<%d>" % (p, peer, port),
        "%s NCCL INFO misc/socket.cc:55 -> 6" % p,
        "%s NCCL INFO misc/socket.cc:847 -> 6" % p,
        "%s NCCL INFO transport/net_socket.cc:556 -> 6" % p,
        "%s NCCL INFO transport/net.cc:1305 -> 6" % p,
        "%s NCCL INFO proxy.cc:698 -> 6" % p,
        "%s NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % p,
    ]


# ---------------------------------------------------------------- PyTorch c10d

def watchdog_timeout(t, rank, seq, op="ALLREDUCE", numel=1048576, timeout_ms=600000, ran=None,
                     style="new", pg="0(default_pg)", ns=0):
    ran = ran or timeout_ms + 17
    if style == "old":
        return ["[E ProcessGroupNCCL.cpp:475] [Rank %d] Watchdog caught collective operation timeout: "
                "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
                % (rank, seq, op, numel, numel, timeout_ms, ran)]
    ts = f_glog_ns(t, "E", ns)
    return [
        "[rank%d]:[%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: "
        "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
        % (rank, ts, rank, seq, op, numel, numel, timeout_ms, ran),
        "[rank%d]:[%s ProcessGroupNCCL.cpp:1785] [PG ID %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
        % (rank, ts, pg.split("(")[0], rank, seq, seq + 1, seq - 1),
        "[rank%d]:[%s ProcessGroupNCCL.cpp:1834] [PG ID %s PG GUID %s Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
        % (rank, ts, pg.split("(")[0], pg, rank, seq, seq + 1, seq - 1),
        "[rank%d]:[%s ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
        % (rank, ts, rank),
        "[rank%d]:[%s ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down."
        % (rank, ts, rank),
    ]


def remote_error_abort(t, rank, last_error, version="2.21.5", ns=0, pg="0(default_pg)"):
    """Watchdog thread dies on an async ncclRemoteError."""
    ts = f_glog_ns(t, "E", ns)
    return [
        "[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID %s PG GUID %s Rank %d] Process group watchdog thread terminated with exception: "
        "NCCL error: remote process exited or there was a network error, NCCL version %s"
        % (rank, ts, pg.split("(")[0], pg, rank, version),
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        last_error,
        "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f%s in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)" % ("%09x" % (0x3a1b2c4d0 + rank * 4096)),
        "frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 (0x7f3b6e71f8c0 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (0x7f3b6e71fb0c in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 (0x7f3b6e726b03 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3b6e72838d in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #5: <unknown function> + 0xdc253 (0x7f3bca9d5253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #6: <unknown function> + 0x94ac3 (0x7f3c74f76ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #7: <unknown function> + 0x126850 (0x7f3c75008850 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID %s PG GUID %s Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version %s"
        % (pg.split("(")[0], pg, rank, version),
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        last_error,
    ]


def torchrun_failed(t, agent_pid, rank_pids, failed_lr, exitcode, style="new", sigterm=True):
    """Agent side lines after a local worker died."""
    L = []
    for lr, pid in enumerate(rank_pids):
        if lr == failed_lr or not sigterm:
            continue
        tt = t + sec(0.001 * lr)
        if style == "new":
            L.append("W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM"
                     % (f_glog(tt, "")[0:], agent_pid, pid))
        else:
            L.append("WARNING:torch.distributed.elastic.multiprocessing.api:Sending process %d closing signal SIGTERM" % pid)
    tt = t + sec(1.7)
    if style == "new":
        L.append("E%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python"
                 % (f_glog(tt, ""), agent_pid, exitcode, failed_lr, rank_pids[failed_lr]))
    else:
        L.append("ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python3"
                 % (exitcode, failed_lr, rank_pids[failed_lr]))
    return L


TORCHRUN_TB = """Traceback (most recent call last):
  File "/usr/local/bin/torchrun", line 8, in <module>
    sys.exit(main())
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper
    return f(*args, **kwargs)
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main
    run(args)
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 910, in run
    elastic_launch(
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 138, in __call__
    return launch_agent(self._config, self._entrypoint, list(args))
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 269, in launch_agent
    raise ChildFailedError(
torch.distributed.elastic.multiprocessing.errors.ChildFailedError: """


def child_failed_summary(script, t, host, failures, root):
    """failures/root: dicts with rank, local_rank, exitcode, pid; root is the first."""
    L = TORCHRUN_TB.split("\n")
    L.append("=" * 60)
    L.append("%s FAILED" % script)
    L.append("-" * 60)
    L.append("Failures:")
    if not failures:
        L.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(failures, 1):
        L.append("[%d]:" % i)
        L += _fail_block(t, host, f)
    L.append("-" * 60)
    L.append("Root Cause (first observed failure):")
    L.append("[0]:")
    L += _fail_block(t, host, root)
    L.append("=" * 60)
    return L


def _fail_block(t, host, f):
    ec = f["exitcode"]
    out = ["  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
           "  host      : %s" % host,
           "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"])]
    if ec < 0:
        sig = {-6: "SIGABRT", -9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV"}[ec]
        out.append("  exitcode  : %d (pid: %d)" % (ec, f["pid"]))
        out.append("  error_file: <N/A>")
        out.append("  traceback : Signal %d (%s) received by PID %d" % (-ec, sig, f["pid"]))
    else:
        out.append("  exitcode  : %d (pid: %d)" % (ec, f["pid"]))
        out.append("  error_file: <N/A>")
        out.append("  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    return out


# ---------------------------------------------------------------- training progress

def megatron_iter(t, it, total, ms, lr, loss, gbs=1024, gn=None, consumed=None):
    consumed = consumed if consumed is not None else it * gbs
    gn = gn if gn is not None else 0.4
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | "
            "number of skipped iterations:   0 | number of nan iterations:   0 |"
            % (t.strftime("%Y-%m-%d %H:%M:%S"), it, total, consumed, ms, lr, gbs, loss, gn))


def titan_step(t, rank, step, loss, mem, tps, mfu):
    return ("[rank%d]:%s - root - INFO - step: %d  loss: %7.4f  memory: %.2fGiB(%.2f%%)  tps: %s  tflops: %.2f  mfu: %.2f%%"
            % (rank, f_py(t), step, loss, mem, mem / 79.1 * 100, format(tps, ","), mfu * 9.89, mfu))


def ascii_bar(done, total, elapsed, rate, width=10):
    frac = done / total
    full = int(frac * width)
    bar = "\u2588" * full + (" " * (width - full))
    return "%3d%%|%s| %d/%d [%s<%s, %.2fs/it]" % (int(frac * 100), bar, done, total, elapsed, "?", rate)


# ---------------------------------------------------------------- host tools

def ip_br(entries):
    """entries: list of (ifname, state, addrs)"""
    return ["%-16s %-14s %s " % (i, s, " ".join(a)) for i, s, a in entries]


def ip_addr(entries):
    """entries: list of dicts: name, flags, mtu, state, link, mac, inet, brd"""
    L = []
    for n, e in enumerate(entries, 1):
        L.append("%d: %s: <%s> mtu %d qdisc %s state %s group default qlen %d"
                 % (n, e["name"], e["flags"], e["mtu"], e.get("qdisc", "mq"), e["state"], e.get("qlen", 1000)))
        L.append("    link/%s %s brd %s" % (e["link"], e["mac"], e.get("lbrd", "ff:ff:ff:ff:ff:ff")))
        for a in e.get("inet", []):
            if e["name"] == "lo":
                L.append("    inet %s scope host lo" % a[0])
            else:
                L.append("    inet %s brd %s scope global %s" % (a[0], a[1], e["name"]))
            L.append("       valid_lft forever preferred_lft forever")
        for a in e.get("inet6", []):
            L.append("    inet6 %s scope link " % a)
            L.append("       valid_lft forever preferred_lft forever")
    return L


def ibstat_ca(name, ca_type, fw, guid, state="Active", phys="LinkUp", rate=400, lid=1, sm_lid=1,
              link_layer="InfiniBand"):
    return [
        "CA '%s'" % name,
        "\tCA type: %s" % ca_type,
        "\tNumber of ports: 1",
        "\tFirmware version: %s" % fw,
        "\tHardware version: 0",
        "\tNode GUID: %s" % guid,
        "\tSystem image GUID: %s" % guid,
        "\tPort 1:",
        "\t\tState: %s" % state,
        "\t\tPhysical state: %s" % phys,
        "\t\tRate: %s" % rate,
        "\t\tBase lid: %d" % lid,
        "\t\tLMC: 0",
        "\t\tSM lid: %d" % sm_lid,
        "\t\tCapability mask: 0xa751e848",
        "\t\tPort GUID: %s" % guid,
        "\t\tLink layer: %s" % link_layer,
    ]


def perfquery(lid, port, counters):
    """counters: dict of name->value; order fixed like infiniband-diags prints."""
    order = ["PortSelect", "CounterSelect", "SymbolErrorCounter", "LinkErrorRecoveryCounter", "LinkDownedCounter",
             "PortRcvErrors", "PortRcvRemotePhysicalErrors", "PortRcvSwitchRelayErrors", "PortXmitDiscards",
             "PortXmitConstraintErrors", "PortRcvConstraintErrors", "CounterSelect2", "LocalLinkIntegrityErrors",
             "ExcessiveBufferOverrunErrors", "QP1Dropped", "VL15Dropped", "PortXmitData", "PortRcvData",
             "PortXmitPkts", "PortRcvPkts", "PortXmitWait"]
    dflt = {"PortSelect": port, "CounterSelect": "0x0000", "CounterSelect2": "0x00"}
    L = ["# Port counters: Lid %d port %d (CapMask: 0x5A00)" % (lid, port)]
    for k in order:
        v = counters.get(k, dflt.get(k, 0))
        L.append("%s:%s%s" % (k, "." * (33 - len(k) - 1), v))
    return L


def nvsmi_header(t, driver="550.90.07", cuda="12.4"):
    return [
        t.strftime("%a %b %e %H:%M:%S %Y"),
        "+-----------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI %-10s             Driver Version: %-10s     CUDA Version: %-6s  |" % (driver, driver, cuda),
        "|-----------------------------------------+------------------------+----------------------+",
    ]
