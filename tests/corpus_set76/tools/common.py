"""Shared helpers for corpus set 76 (address-named network evidence).

Standard library only; everything deterministic (callers pass a seeded
random.Random and fixed datetimes).
"""
from datetime import datetime, timedelta

ALLOWED = {
    "category": {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host",
                 "hang", "oom", "numerical", "straggler", "user_code", "dependency",
                 "unknown"},
    "layer": {"infrastructure", "framework", "script"},
    "action": {"restart", "restart_without_node", "stop", "run_diagnostics", "none"},
}

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def sec(n):
    return timedelta(seconds=n)


def ms(n):
    return timedelta(milliseconds=n)


class Log:
    """Collects (time, text) pairs and renders them in time order.

    Lines without a printed timestamp (NCCL INFO/WARN) still carry a time so
    that they interleave realistically with timestamped lines.
    """

    def __init__(self):
        self.items = []
        self.n = 0

    def add(self, dt, text):
        for line in text.split("\n"):
            self.items.append((dt, self.n, line))
            self.n += 1

    def extend(self, dt, lines, step=None):
        for i, line in enumerate(lines):
            t = dt if step is None else dt + step * i
            self.add(t, line)

    def render(self):
        return "\n".join(x[2] for x in sorted(self.items, key=lambda x: (x[0], x[1]))) + "\n"


# ----------------------------------------------------------------- timestamps
def c10(dt, sev="E", rng=None):
    """PyTorch c10 logging stamp: E312 09:42:11.412345678"""
    extra = rng.randint(0, 999) if rng else 0
    return f"{sev}{dt.month}{dt.day:02d} {dt:%H:%M:%S}.{dt.microsecond:06d}{extra:03d}"


def glog(dt, sev="E"):
    """glog stamp: E0312 09:12:44.081233"""
    return f"{sev}{dt.month:02d}{dt.day:02d} {dt:%H:%M:%S}.{dt.microsecond:06d}"


def pylog(dt):
    return f"{dt:%Y-%m-%d %H:%M:%S},{dt.microsecond // 1000:03d}"


def syslog_ts(dt):
    return f"{MONTHS[dt.month - 1]} {dt.day:2d} {dt:%H:%M:%S}"


def ctime(dt):
    return f"{DAYS[dt.weekday()]} {MONTHS[dt.month - 1]} {dt.day:2d} {dt:%H:%M:%S} {dt.year}"


def iso(dt):
    return f"{dt:%Y-%m-%dT%H:%M:%S}"


class Clock:
    """Maps wall-clock datetimes to a node's dmesg uptime."""

    def __init__(self, boot):
        self.boot = boot

    def up(self, dt):
        d = dt - self.boot
        return d.days * 86400 + d.seconds + d.microseconds / 1e6

    def dmesg(self, dt, msg):
        return f"[{self.up(dt):12.6f}] {msg}"

    def dmesg_T(self, dt, msg):
        return f"[{ctime(dt)}] {msg}"

    def kern(self, dt, host, msg):
        return f"{syslog_ts(dt)} {host} kernel: [{self.up(dt):12.6f}] {msg}"


# ---------------------------------------------------------------- cluster model
class Node:
    def __init__(self, host, idx, gpn, rng, ip=None, extra=None):
        self.host = host
        self.idx = idx
        self.gpn = gpn
        self.ip = ip
        self.pid0 = rng.randint(20000, 90000)
        self.tid0 = self.pid0 + rng.randint(300, 900)
        self.agent_pid = self.pid0 - rng.randint(20, 200)
        self.extra = extra or {}

    def rank(self, lr):
        return self.idx * self.gpn + lr

    def pid(self, lr):
        return self.pid0 + lr

    def pfx(self, lr, tid_off=0):
        """NCCL line prefix host:pid:tid [lr]"""
        pid = self.pid(lr)
        tid = pid if tid_off == 0 else self.tid0 + lr * 7 + tid_off
        return f"{self.host}:{pid}:{tid} [{lr}]"


H100_BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
A100_BUS = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]
P4D_BUS = ["10:1c", "10:1d", "20:1c", "20:1d", "90:1c", "90:1d", "a0:1c", "a0:1d"]


def hexid(rng, n=12):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def nccl_init(node, lr, nranks, rng, dt, log, *, version="2.19.3", cuda="12.2",
              oob_if="ib0", net="IB", netdevs=None, bus=H100_BUS, new_fmt=True,
              comm_id="0x7a1c2b3d4e5f6071", channels=True, drv="12020"):
    """Emit a typical NCCL_DEBUG=INFO init sequence for one rank into log."""
    p = node.pfx(lr)
    p2 = node.pfx(lr, 1)
    rank = node.rank(lr)
    L = []
    L.append(f"{p} NCCL INFO cudaDriverVersion {drv}")
    L.append(f"{p} NCCL INFO Bootstrap : Using {oob_if}:{node.ip}<0>")
    if rank == 0:
        L.append(f"NCCL version {version}+cuda{cuda}")
    if net == "IB":
        L.append(f"{p2} NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: "
                 f"No such file or directory No plugin found (libnccl-net.so), using internal implementation")
        L.append(f"{p2} NCCL INFO NET/IB : Using {netdevs} ; OOB {oob_if}:{node.ip}<0>")
        L.append(f"{p2} NCCL INFO Using network IB")
    elif net == "Socket":
        L.append(f"{p2} NCCL INFO NET/IB : No device found.")
        L.append(f"{p2} NCCL INFO NET/Socket : Using [0]{oob_if}:{node.ip}<0>")
        L.append(f"{p2} NCCL INFO Using network Socket")
    elif net == "OFI":
        L.append(f"{p2} NCCL INFO NET/OFI Initializing aws-ofi-nccl 1.7.4-aws")
        L.append(f"{p2} NCCL INFO NET/OFI Using Libfabric version 1.19")
        L.append(f"{p2} NCCL INFO NET/OFI Using CUDA driver version {drv}")
        L.append(f"{p2} NCCL INFO NET/OFI Configuring AWS-specific options")
        L.append(f"{p2} NCCL INFO NET/OFI Setting provider_filter to efa")
        L.append(f"{p2} NCCL INFO NET/OFI Selected Provider is efa (found {netdevs} nics)")
        L.append(f"{p2} NCCL INFO Using network AWS Libfabric")
    b = bus[lr % len(bus)]
    busid = (b.replace(":", "") + "0") if ":" in b else (b + "000")
    head = "ncclCommInitRank comm" if new_fmt else "comm"
    if channels and net != "none":
        via = {"IB": "NET/IB/%d/GDRDMA", "Socket": "NET/Socket/0", "OFI": "NET/AWS Libfabric/%d/GDRDMA"}[net]
        v = via % (lr // 2) if "%d" in via else via
        if lr == node.gpn - 1:
            nxt = (rank + 1) % nranks
            L.append(f"{p2} NCCL INFO Channel 00/0 : {rank}[{lr}] -> {nxt}[0] [send] via {v}")
            L.append(f"{p2} NCCL INFO Channel 01/0 : {rank}[{lr}] -> {nxt}[0] [send] via {v}")
        if lr == 0:
            prv = (rank - 1) % nranks
            L.append(f"{p2} NCCL INFO Channel 00/0 : {prv}[{node.gpn - 1}] -> {rank}[0] [receive] via {v}")
            L.append(f"{p2} NCCL INFO Channel 01/0 : {prv}[{node.gpn - 1}] -> {rank}[0] [receive] via {v}")
        L.append(f"{p2} NCCL INFO Connected all rings")
        L.append(f"{p2} NCCL INFO Connected all trees")
    L.append(f"{p2} NCCL INFO {head} 0x{hexid(rng, 12)} rank {rank} nranks {nranks} cudaDev {lr} "
             f"nvmlDev {lr} busId {busid} commId {comm_id} - Init COMPLETE")
    log.extend(dt + ms(lr * 37), L, step=ms(3))


# ------------------------------------------------------------ NCCL error text
def ib_completion(node, lr, peer_ip, port, status, vendor, kind, version_new=True,
                  local_gid=None, remote_gid=None, line=None, opcode=0, length=0):
    """NCCL WARN for an IB completion error plus the return-code trail."""
    p = node.pfx(lr, 2)
    if version_new:
        src = line or "transport/net_ib.cc:1696"
        msg = (f"NET/IB : Got completion from peer {peer_ip}<{port}> with status={status} opcode={opcode} "
               f"len={length} vendor err {vendor} ({kind})")
        if local_gid:
            msg += f" localGid {local_gid} remoteGids{remote_gid}"
    else:
        src = line or "transport/net_ib.cc:1295"
        msg = (f"NET/IB : Got completion from peer {peer_ip}<{port}> with error {status}, opcode {opcode}, "
               f"len {length}, vendor err {vendor}")
    return [
        "",
        f"{p} {src} NCCL WARN {msg}",
        f"{p} NCCL INFO transport/net.cc:1302 -> 6",
        f"{p} NCCL INFO proxy.cc:698 -> 6",
        f"{p} NCCL INFO proxy.cc:878 -> 6 [Progress Thread]",
    ], msg


def async_event(node, lr, dev, event, new=True):
    p = node.pfx(lr, 3)
    if new:
        return f"{p} transport/net_ib.cc:101 NCCL WARN NET/IB : {dev}:1 Got async event : {event}"
    return f"{p} transport/net_ib.cc:89 NCCL WARN NET/IB : Got async event : {event}"


def nccl_remote_abort(rank, dt, last_error, version, rng, pg="PG 0 (default_pg)"):
    """PyTorch >= 2.2 watchdog reporting an async NCCL error (ncclRemoteError)."""
    s = c10(dt, "E", rng)
    return [
        f"[rank{rank}]:[{s} ProcessGroupNCCL.cpp:1316] [{pg} Rank {rank}] Process group watchdog thread "
        f"terminated with exception: NCCL error: remote process exited or there was a network error, "
        f"NCCL version {version}",
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        last_error,
        "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1852 "
        "(most recent call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f{hexid(rng, 10)} in "
        "/usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        f"frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 "
        f"(0x7f{hexid(rng, 10)} in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        f"frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (0x7f{hexid(rng, 10)} in "
        "/usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        f"frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x180 (0x7f{hexid(rng, 10)} in "
        "/usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [{pg} Rank {rank}] Process group watchdog thread terminated with exception: NCCL error: "
        f"remote process exited or there was a network error, NCCL version {version}",
    ]


def watchdog_timeout(rank, dt, seq, op, numel, timeout_ms, rng, pg="PG 0 (default_pg)", last_enq=None):
    s = c10(dt, "E", rng)
    ran = timeout_ms + rng.randint(3, 90)
    le = last_enq if last_enq is not None else seq + rng.randint(0, 2)
    return [
        f"[rank{rank}]:[{s} ProcessGroupNCCL.cpp:616] [Rank {rank}] Watchdog caught collective operation "
        f"timeout: WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, "
        f"Timeout(ms)={timeout_ms}) ran for {ran} milliseconds before timing out.",
        f"[rank{rank}]:[{s} ProcessGroupNCCL.cpp:1785] [{pg} Rank {rank}] Exception (either an error or "
        f"timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {le}, last completed NCCL "
        f"work: {seq - 1}.",
        f"[rank{rank}]:[{s} ProcessGroupNCCL.cpp:630] [Rank {rank}] Some NCCL operations have failed or timed "
        "out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
        "corrupted/incomplete data.",
        f"[rank{rank}]:[{s} ProcessGroupNCCL.cpp:636] [Rank {rank}] To avoid data inconsistency, we are taking "
        "the entire process down.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [{pg} Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, "
        f"OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms}) ran for {ran} "
        "milliseconds before timing out.",
    ]


def store_reset(rank, dt, local, remote, rng):
    s = c10(dt, "W", rng)
    return [
        f"[rank{rank}]:[{s} TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd={rng.randint(60, 140)}, "
        f"addr=[{local}]:{rng.randint(33000, 60000)}, remote=[{remote.rsplit(':', 1)[0]}]:{remote.rsplit(':', 1)[1]}): "
        "Connection reset by peer",
        "Exception raised from recvBytes at ../torch/csrc/distributed/c10d/Utils.hpp:670 (most recent call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f{hexid(rng, 10)} in "
        "/usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        f"frame #1: <unknown function> + 0x5d0ffbe (0x7f{hexid(rng, 10)} in "
        "/usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cpu.so)",
        f"frame #2: c10d::TCPStore::check(std::vector<std::string, std::allocator<std::string> > const&) + 0x2a9 "
        f"(0x7f{hexid(rng, 10)} in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cpu.so)",
        f"frame #3: c10d::ProcessGroupNCCL::heartbeatMonitor() + 0x379 (0x7f{hexid(rng, 10)} in "
        "/usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "",
        f"[rank{rank}]:[{c10(dt + ms(2), 'W', rng)} ProcessGroupNCCL.cpp:1338] [PG 0 (default_pg) Rank {rank}] "
        "Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has shut down too early), "
        "with error: Connection reset by peer",
    ]


# --------------------------------------------------------------- torchrun agent
TORCHRUN_TB = """Traceback (most recent call last):
  File "/usr/local/bin/torchrun", line 8, in <module>
    sys.exit(main())
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 347, in wrapper
    return f(*args, **kwargs)
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 812, in main
    run(args)
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 803, in run
    elastic_launch(
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 135, in __call__
    return launch_agent(self._config, self._entrypoint, list(args))
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 268, in launch_agent
    raise ChildFailedError(
torch.distributed.elastic.multiprocessing.errors.ChildFailedError: """

SIGNAME = {-6: "SIGABRT", -9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV", -7: "SIGBUS"}


def failure_entry(i, f):
    ec = f["exitcode"]
    if ec < 0:
        tb = f"Signal {-ec} ({SIGNAME[ec]}) received by PID {f['pid']}"
    else:
        tb = f.get("traceback", "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    return [
        f"[{i}]:",
        f"  time      : {f['time']:%Y-%m-%d_%H:%M:%S}",
        f"  host      : {f['host']}",
        f"  rank      : {f['rank']} (local_rank: {f['local_rank']})",
        f"  exitcode  : {ec} (pid: {f['pid']})",
        f"  error_file: {f.get('error_file', '<N/A>')}",
        f"  traceback : {tb}",
    ]


def elastic_summary(script, failures):
    """failures: list of dicts, first is root cause (earliest on this node)."""
    root, others = failures[0], failures[1:]
    L = TORCHRUN_TB.split("\n")
    L += ["=" * 60, f"{script} FAILED", "-" * 60, "Failures:"]
    if not others:
        L.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others, 1):
        L += failure_entry(i, f)
    L += ["-" * 60, "Root Cause (first observed failure):"]
    L += failure_entry(0, root)
    L.append("=" * 60)
    return L


def agent_line(dt, level, msg, style="new", pid=0):
    if style == "new":
        sev = level[0]
        return f"{glog(dt, sev)} {pid} torch/distributed/elastic/multiprocessing/api.py:{890 if sev == 'W' else 862}] {msg}"
    return f"[{pylog(dt)}] torch.distributed.elastic.multiprocessing.api: [{level}] {msg}"


def agent_teardown(node, dt, failed, killed, log, script="train.py", style="new"):
    """failed: list of (lr, exitcode, time, traceback-or-None) in time order.
    killed: local ranks SIGTERM'd by the agent."""
    for j, lr in enumerate(killed):
        log.add(dt + ms(5 + j), agent_line(dt + ms(5 + j), "WARNING",
                                           f"Sending process {node.pid(lr)} closing signal SIGTERM", style,
                                           node.agent_pid))
    t2 = dt + sec(2)
    lr0, ec0 = failed[0][0], failed[0][1]
    log.add(t2, agent_line(t2, "ERROR", f"failed (exitcode: {ec0}) local_rank: {lr0} (pid: {node.pid(lr0)}) of "
                                        f"binary: /usr/bin/python3", style, node.agent_pid))
    fl = []
    for lr, ec, t, tb in failed:
        d = {"time": t, "host": node.host, "rank": node.rank(lr), "local_rank": lr, "exitcode": ec,
             "pid": node.pid(lr)}
        if tb:
            d["traceback"] = tb
            d["error_file"] = f"/tmp/torchelastic_{node.pid0:x}{node.idx}/none_{node.agent_pid:x}/attempt_0/{lr}/error.json"
        fl.append(d)
    log.extend(t2 + ms(40), elastic_summary(script, fl))


# ------------------------------------------------------------------ tool output
def ibstat_ca(ca, state, phys, rate, lid, sm_lid, guid, fw="28.39.1002", ca_type="MT4129",
              link_layer="InfiniBand"):
    return [
        f"CA '{ca}'",
        f"\tCA type: {ca_type}",
        "\tNumber of ports: 1",
        f"\tFirmware version: {fw}",
        "\tHardware version: 0",
        f"\tNode GUID: {guid}",
        f"\tSystem image GUID: {guid}",
        "\tPort 1:",
        f"\t\tState: {state}",
        f"\t\tPhysical state: {phys}",
        f"\t\tRate: {rate}",
        f"\t\tBase lid: {lid}",
        "\t\tLMC: 0",
        f"\t\tSM lid: {sm_lid}",
        "\t\tCapability mask: 0xa751e848",
        f"\t\tPort GUID: {guid}",
        f"\t\tLink layer: {link_layer}",
    ]


def guid(rng):
    return "0x" + "b83fd20300" + hexid(rng, 6)


def ip_link_block(n, ifname, flags, mtu, state, mac, inet=None, prefix=24, kind="ether", altname=None,
                  master=None):
    qdisc = "mq"
    m = f" master {master}" if master else ""
    L = [f"{n}: {ifname}: <{flags}> mtu {mtu} qdisc {qdisc}{m} state {state} group default qlen 1000",
         f"    link/{kind} {mac} brd ff:ff:ff:ff:ff:ff"]
    if altname:
        L.append(f"    altname {altname}")
    if inet:
        a = inet.split(".")
        brd = ".".join(a[:3] + ["255"]) if prefix == 24 else ".".join(a[:2] + ["255", "255"])
        L.append(f"    inet {inet}/{prefix} brd {brd} scope global {ifname}")
        L.append("       valid_lft forever preferred_lft forever")
    return L


def lo_block():
    return ["1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000",
            "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00",
            "    inet 127.0.0.1/8 scope host lo",
            "       valid_lft forever preferred_lft forever"]


def mac(rng):
    return ":".join(f"{rng.randint(0, 255):02x}" for _ in range(6))


def megatron_iter(dt, it, total, ms_per_it, loss, lr, gn, gbs=1024):
    return (f" [{dt:%Y-%m-%d %H:%M:%S}] iteration {it:>8d}/{total:>8d} | consumed samples: {it * gbs:>12d} | "
            f"elapsed time per iteration (ms): {ms_per_it:.1f} | learning rate: {lr:.6E} | global batch size: "
            f"{gbs:>5d} | lm loss: {loss:.6E} | loss scale: 1.0 | grad norm: {gn:.3f} | number of skipped "
            f"iterations:   0 | number of nan iterations:   0 |")


def nvsmi_header(dt, driver="535.129.03", cuda="12.2"):
    return [ctime(dt),
            "+---------------------------------------------------------------------------------------+",
            f"| NVIDIA-SMI {driver}             Driver Version: {driver}   CUDA Version: {cuda}     |",
            "|-----------------------------------------+----------------------+----------------------+",
            "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
            "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
            "|                                         |                      |               MIG M. |",
            "|=========================================+======================+======================|"]


def nvsmi_row(i, name, bus, temp, pwr, cap, mem_used, mem_tot, util, ecc="0"):
    return [f"|   {i}  {name:<24s}    On  | 00000000:{bus}.0 Off |{ecc:>21s} |",
            f"| N/A   {temp}C    P0             {pwr:>3d}W / {cap}W |  {mem_used:>6d}MiB / {mem_tot}MiB |"
            f"    {util:>3d}%      Default |",
            "|                                         |                      |             Disabled |",
            "+-----------------------------------------+----------------------+----------------------+"]
