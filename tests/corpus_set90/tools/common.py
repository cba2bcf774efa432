"""Shared helpers for corpus set 90: time formats, log blocks, bundle container.

Standard library only; every random choice goes through a random.Random passed in.
"""
import datetime as dt

UTC = dt.timezone.utc

# --------------------------------------------------------------------------
# timestamp formats
# --------------------------------------------------------------------------

def T(y, mo, d, h, mi, s, us=0):
    return dt.datetime(y, mo, d, h, mi, s, us)


def add(t, seconds):
    return t + dt.timedelta(seconds=seconds)


def ts_c10d(t, extra_ns=0):
    """c10 logging: month not padded, day padded, nanoseconds: E312 09:12:44.081233817"""
    ns = t.microsecond * 1000 + extra_ns
    return f"{t.month}{t.day:02d} {t:%H:%M:%S}.{ns:09d}"


def ts_glog(t):
    """torch elastic logger: 0312 09:12:44.081000 (milliseconds padded with zeros)"""
    return f"{t:%m%d %H:%M:%S}.{t.microsecond // 1000:03d}000"


def ts_glog_us(t):
    return f"{t:%m%d %H:%M:%S}.{t.microsecond:06d}"


def ts_py(t):
    """python logging default asctime: 2024-03-12 09:12:44,081"""
    return f"{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}"


def ts_dmesg_T(t):
    """dmesg -T / --ctime: [Tue Mar 12 09:12:40 2024] (day space padded like %e)"""
    return f"[{t:%a %b} {t.day:>2} {t:%H:%M:%S %Y}]"


def ts_uptime(t, boot):
    """raw dmesg: [ 12345.678901] seconds since boot"""
    delta = t - boot
    secs = delta.days * 86400 + delta.seconds
    return f"[{secs:>5}.{delta.microseconds:06d}]"


def ts_iso(t, tz="+00:00"):
    """rsyslog RFC3339 high precision"""
    return f"{t:%Y-%m-%dT%H:%M:%S}.{t.microsecond:06d}{tz}"


def ts_syslog(t):
    """traditional syslog / journalctl short: Mar 12 09:12:40"""
    return f"{t:%b} {t.day:>2} {t:%H:%M:%S}"


def ts_torchrun(t):
    return f"{t:%Y-%m-%d_%H:%M:%S}"


def ts_slurm(t):
    return f"{t:%Y-%m-%dT%H:%M:%S}"


# --------------------------------------------------------------------------
# job model
# --------------------------------------------------------------------------

H100_BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
A100_BUS = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]


class Job:
    def __init__(self, rng, hosts, gpn=8, site="/usr/local/lib/python3.10/dist-packages",
                 python="/usr/bin/python3", torch_style="2.4", nccl="2.20.5", bus=None):
        self.rng = rng
        self.hosts = list(hosts)
        self.gpn = gpn
        self.world = len(hosts) * gpn
        self.site = site
        self.python = python
        self.torch_style = torch_style
        self.nccl = nccl
        self.bus = bus or H100_BUS
        self.agent_pid = {}
        self.pid = {}
        self.tid = {}
        self.addr = {}
        for hi, h in enumerate(self.hosts):
            ap = rng.randint(30000, 990000)
            self.agent_pid[h] = ap
            first = ap + rng.randint(30, 90)
            for lr in range(gpn):
                r = hi * gpn + lr
                self.pid[r] = first + lr
                self.tid[r] = first + lr + rng.randint(400, 2400)
                self.addr[r] = rng.randrange(0x7f0000000000, 0x7fffff000000) & ~0xfff

    def host(self, rank):
        return self.hosts[rank // self.gpn]

    def local(self, rank):
        return rank % self.gpn

    def ranks_of(self, host):
        hi = self.hosts.index(host)
        return list(range(hi * self.gpn, (hi + 1) * self.gpn))

    def pci(self, local, short=False):
        b = self.bus[local]
        return f"0000:{b}:00" if short else f"0000:{b}:00.0"

    def lib(self, name):
        return f"{self.site}/torch/lib/{name}"


def rank_prefix(rank):
    return f"[rank{rank}]:"


# --------------------------------------------------------------------------
# c10d / NCCL blocks
# --------------------------------------------------------------------------

def _pg_tag(job, rank, pg="0", pgname="default_pg"):
    if job.torch_style == "2.5":
        return f"[PG ID {pg} PG GUID {pg}({pgname}) Rank {rank}]"
    return f"[PG {pg} ({pgname}) Rank {rank}]"


def _frames(job, rank, kind):
    a = job.addr[rank]
    libc10 = job.lib("libc10.so")
    libtc = job.lib("libtorch_cuda.so")
    off = lambda k: f"0x{a + k:x}"  # noqa: E731
    src = "../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp"
    if kind == "timeout":
        head = f"Exception raised from checkTimeout at {src}:{609 if job.torch_style == '2.4' else 632} (most recent call first):"
        mid = [
            f"frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 ({off(0x1e8d2)} in {libtc})",
            f"frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 ({off(0x25313)} in {libtc})",
            f"frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c ({off(0x276fc)} in {libtc})",
        ]
    elif kind == "nccl":
        head = f"Exception raised from checkForNCCLErrorsInternal at {src}:{1784 if job.torch_style == '2.4' else 2027} (most recent call first):"
        mid = [
            f"frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 ({off(0x1a1c0)} in {libtc})",
            f"frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7b ({off(0x1b64b)} in {libtc})",
            f"frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x650 ({off(0x25590)} in {libtc})",
        ]
    else:  # cuda
        head = "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):"
        mid = [
            f"frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 ({off(0x5d98d)} in {libc10})",
            f"frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 ({off(0x3f118)} in {job.lib('libc10_cuda.so')})",
            f"frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 ({off(0x1e656)} in {libtc})",
        ]
    return [head,
            f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 ({off(-0x4b2c00 + 0xf86)} in {libc10})",
            *mid,
            f"frame #4: <unknown function> + 0xdbbf4 ({off(0x4c8bf4)} in /lib/x86_64-linux-gnu/libstdc++.so.6)",
            f"frame #5: <unknown function> + 0x94ac3 ({off(0x9a0ac3)} in /lib/x86_64-linux-gnu/libc.so.6)",
            f"frame #6: clone + 0x44 ({off(0xa31a04)} in /lib/x86_64-linux-gnu/libc.so.6)",
            ""]


def wd_timeout(job, rank, t, seq, op, numel, timeout_ms, ran_ms=None, pg="0", pgname="default_pg",
               last_enq=None, trace=True, terminate=True, prefix=True):
    """Watchdog collective timeout on one rank (c10d format)."""
    rng = job.rng
    ran_ms = ran_ms if ran_ms is not None else timeout_ms + rng.randint(3, 95)
    last_enq = last_enq if last_enq is not None else seq
    p = rank_prefix(rank) if prefix else ""
    tag = _pg_tag(job, rank, pg, pgname)
    work = (f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, "
            f"Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out.")
    ns = lambda: rng.randint(0, 999)  # noqa: E731
    t1 = add(t, rng.randint(150, 900) / 1e6)
    t1b = add(t1, rng.randint(3, 20) / 1e6)
    t2 = add(t1b, rng.randint(10, 90) / 1e6)
    t2b = add(t2, rng.randint(3, 20) / 1e6)
    t3 = add(t2b, rng.randint(1000, 4000) / 1e6)
    if job.torch_style == "2.5":
        L = (632, 2268, 684, 698, 1896)
        lines = [
            f"{p}[E{ts_c10d(t, ns())} ProcessGroupNCCL.cpp:{L[0]}] [Rank {rank}] Watchdog caught collective operation timeout: {work}",
            f"{p}[E{ts_c10d(t1, ns())} ProcessGroupNCCL.cpp:{L[1]}] {tag}  failure detected by watchdog at work sequence id: {seq} PG status: last enqueued work: {last_enq}, last completed work: {seq - 1}",
            f"{p}[E{ts_c10d(t2, ns())} ProcessGroupNCCL.cpp:{L[2]}] [Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
            f"{p}[E{ts_c10d(t2b, ns())} ProcessGroupNCCL.cpp:{L[3]}] [Rank {rank}] To avoid data inconsistency, we are taking the entire process down.",
        ]
    else:
        L = (607, 1664, 1709, 621, 627, 1515)
        lines = [
            f"{p}[E{ts_c10d(t, ns())} ProcessGroupNCCL.cpp:{L[0]}] [Rank {rank}] Watchdog caught collective operation timeout: {work}",
            f"{p}[E{ts_c10d(t1, ns())} ProcessGroupNCCL.cpp:{L[1]}] {tag} Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {seq - 1}.",
            f"{p}[E{ts_c10d(t1b, ns())} ProcessGroupNCCL.cpp:{L[2]}] {tag} Timeout at NCCL work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {seq - 1}.",
            f"{p}[E{ts_c10d(t2, ns())} ProcessGroupNCCL.cpp:{L[3]}] [Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
            f"{p}[E{ts_c10d(t2b, ns())} ProcessGroupNCCL.cpp:{L[4]}] [Rank {rank}] To avoid data inconsistency, we are taking the entire process down.",
        ]
    if terminate:
        what = f"{tag} Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: {work}"
        lines.append(f"{p}[E{ts_c10d(t3, ns())} ProcessGroupNCCL.cpp:{1515 if job.torch_style == '2.4' else 1896}] {what}")
        if trace:
            lines += _frames(job, rank, "timeout")
            lines.append("terminate called after throwing an instance of 'c10::DistBackendError'")
            lines.append(f"  what():  {what}")
    return lines


def wd_nccl_error(job, rank, t, last_error, reason="remote process exited or there was a network error",
                  kind="ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                  pg="0", pgname="default_pg", trace=True, prefix=True):
    rng = job.rng
    p = rank_prefix(rank) if prefix else ""
    tag = _pg_tag(job, rank, pg, pgname)
    ns = lambda: rng.randint(0, 999)  # noqa: E731
    what = f"{tag} Process group watchdog thread terminated with exception: NCCL error: {reason}, NCCL version {job.nccl}"
    lines = [
        f"{p}[E{ts_c10d(t, ns())} ProcessGroupNCCL.cpp:{1515 if job.torch_style == '2.4' else 1896}] {what}",
        kind,
        "Last error:",
        last_error,
    ]
    if trace:
        lines += _frames(job, rank, "nccl")
        lines.append("terminate called after throwing an instance of 'c10::DistBackendError'")
        lines.append(f"  what():  {what}")
        lines.append(kind)
        lines.append("Last error:")
        lines.append(last_error)
    return lines


def wd_cuda_error(job, rank, t, err, pg="0", pgname="default_pg", prefix=True):
    rng = job.rng
    p = rank_prefix(rank) if prefix else ""
    tag = _pg_tag(job, rank, pg, pgname)
    what = f"{tag} Process group watchdog thread terminated with exception: CUDA error: {err}"
    tail = ["CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            ""]
    lines = [f"{p}[E{ts_c10d(t, rng.randint(0, 999))} ProcessGroupNCCL.cpp:{1515 if job.torch_style == '2.4' else 1896}] {what}", *tail]
    lines += _frames(job, rank, "cuda")
    lines.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    lines.append(f"  what():  {what}")
    lines += tail
    return lines


def nccl_warn_ib_completion(job, rank, t_unused, peer_ip, peer_port, local_ip, hca, status=12, vendor=129, op="Recv"):
    h = job.host(rank)
    tid = job.tid[rank] + 11
    pid = job.pid[rank]
    lr = job.local(rank)
    return [
        f"{h}:{pid}:{tid} [{lr}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {peer_ip}<{peer_port}> with status={status} opcode={0 if op == 'Recv' else 1} len=0 vendor err {vendor} ({op}) localGid ::ffff:{local_ip} remoteGids::ffff:{peer_ip} hca {hca}",
        f"{h}:{pid}:{tid} [{lr}] NCCL INFO transport/net.cc:1302 -> 6",
        f"{h}:{pid}:{tid} [{lr}] NCCL INFO proxy.cc:698 -> 6",
        f"{h}:{pid}:{tid} [{lr}] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]",
        "",
    ]


def nccl_init_lines(job, rank, iface, ip, hcas, nranks=None):
    h = job.host(rank)
    pid = job.pid[rank]
    tid = job.tid[rank]
    lr = job.local(rank)
    nranks = nranks or job.world
    busid = f"{job.bus[lr]}000"
    out = []
    if lr == 0:
        out.append(f"{h}:{pid}:{pid} [{lr}] NCCL INFO Bootstrap : Using {iface}:{ip}<0>")
        out.append(f"{h}:{pid}:{pid} [{lr}] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)")
        if rank == 0:
            out.append(f"NCCL version {job.nccl}+cuda12.4")
        hl = " ".join(f"[{i}]{hc}:1/IB" for i, hc in enumerate(hcas))
        out.append(f"{h}:{pid}:{tid} [{lr}] NCCL INFO NET/IB : Using {hl} [RO]; OOB {iface}:{ip}<0>")
        out.append(f"{h}:{pid}:{tid} [{lr}] NCCL INFO Using non-device net plugin version 0")
        out.append(f"{h}:{pid}:{tid} [{lr}] NCCL INFO Using network IB")
    out.append(f"{h}:{pid}:{tid} [{lr}] NCCL INFO comm 0x{job.addr[rank] + 0x1c40:x} rank {rank} nranks {nranks} cudaDev {lr} nvmlDev {lr} busId {busid} commId 0x{(job.addr[0] * 7919) & 0xffffffffffffffff:016x} - Init COMPLETE")
    return out


# --------------------------------------------------------------------------
# torchrun (elastic agent)
# --------------------------------------------------------------------------

SIGNAMES = {-6: "SIGABRT", -9: "SIGKILL", -11: "SIGSEGV", -15: "SIGTERM", -7: "SIGBUS"}


def agent_glog(job, host, t, lvl, path, line, msg):
    return f"{lvl}{ts_glog(t)} {job.agent_pid[host]} torch/distributed/{path}:{line}] {msg}"


def agent_start(job, host, t, script, nnodes, rdzv, restart=0, max_restarts=0):
    hi = job.hosts.index(host)
    g = job.gpn
    ranks = list(range(hi * g, hi * g + g))
    lines = [
        agent_glog(job, host, t, "W", "run.py", 793, ""),
        agent_glog(job, host, t, "W", "run.py", 793, "*****************************************"),
        agent_glog(job, host, t, "W", "run.py", 793, "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "),
        agent_glog(job, host, t, "W", "run.py", 793, "*****************************************"),
        agent_glog(job, host, add(t, 0.4), "I", "elastic/agent/server/api.py", 869, f"[default] starting workers for entrypoint: python3"),
        agent_glog(job, host, add(t, 0.4), "I", "elastic/agent/server/api.py", 677, f"[default] Rendezvous'ing worker group"),
        agent_glog(job, host, add(t, 2.1), "I", "elastic/agent/server/api.py", 525, "[default] Rendezvous complete for workers. Result:"),
        agent_glog(job, host, add(t, 2.1), "I", "elastic/agent/server/api.py", 525, f"  restart_count={restart}"),
        agent_glog(job, host, add(t, 2.1), "I", "elastic/agent/server/api.py", 525, f"  master_addr={rdzv.split(':')[0]}"),
        agent_glog(job, host, add(t, 2.1), "I", "elastic/agent/server/api.py", 525, f"  master_port={rdzv.split(':')[1]}"),
        agent_glog(job, host, add(t, 2.1), "I", "elastic/agent/server/api.py", 525, f"  group_rank={hi}"),
        agent_glog(job, host, add(t, 2.1), "I", "elastic/agent/server/api.py", 525, f"  group_world_size={nnodes}"),
        agent_glog(job, host, add(t, 2.1), "I", "elastic/agent/server/api.py", 525, f"  local_ranks={list(range(g))}"),
        agent_glog(job, host, add(t, 2.1), "I", "elastic/agent/server/api.py", 525, f"  role_ranks={ranks}"),
        agent_glog(job, host, add(t, 2.1), "I", "elastic/agent/server/api.py", 525, f"  global_ranks={ranks}"),
        agent_glog(job, host, add(t, 2.1), "I", "elastic/agent/server/api.py", 525, f"  role_world_sizes={[job.world] * g}"),
        agent_glog(job, host, add(t, 2.1), "I", "elastic/agent/server/api.py", 525, f"  global_world_sizes={[job.world] * g}"),
        agent_glog(job, host, add(t, 2.1), "I", "elastic/agent/server/api.py", 525, ""),
        agent_glog(job, host, add(t, 2.2), "I", "elastic/agent/server/api.py", 685, "[default] Starting worker group"),
    ]
    if max_restarts:
        lines.insert(5, agent_glog(job, host, add(t, 0.3), "I", "elastic/agent/server/api.py", 860, f"[default] max_restarts={max_restarts}"))
    return lines


def agent_sigterm(job, host, t, ranks_to_kill):
    out = []
    for i, r in enumerate(ranks_to_kill):
        out.append(agent_glog(job, host, add(t, i * 0.0007), "W", "elastic/multiprocessing/api.py", 897,
                              f"Sending process {job.pid[r]} closing signal SIGTERM"))
    return out


def childfailed(job, host, t, script, failures, traceback_text=None, first_line_exit=None):
    """failures: list of dict(rank, exitcode, time, error_file?, tb?) - root cause = earliest time."""
    site = job.site
    fs = sorted(failures, key=lambda f: (f["time"], f["rank"]))
    root = fs[0]
    others = fs[1:]
    first = first_line_exit or root
    lr = job.local(first["rank"])
    out = [agent_glog(job, host, t, "E", "elastic/multiprocessing/api.py", 869,
                      f"failed (exitcode: {first['exitcode']}) local_rank: {lr} (pid: {job.pid[first['rank']]}) of binary: {job.python}"),
           "Traceback (most recent call last):",
           "  File \"/usr/local/bin/torchrun\", line 8, in <module>",
           "    sys.exit(main())",
           f"  File \"{site}/torch/distributed/elastic/multiprocessing/errors/__init__.py\", line 348, in wrapper",
           "    return f(*args, **kwargs)",
           f"  File \"{site}/torch/distributed/run.py\", line 901, in main",
           "    run(args)",
           f"  File \"{site}/torch/distributed/run.py\", line 892, in run",
           "    elastic_launch(",
           f"  File \"{site}/torch/distributed/launcher/api.py\", line 133, in __call__",
           "    return launch_agent(self._config, self._entrypoint, list(args))",
           f"  File \"{site}/torch/distributed/launcher/api.py\", line 264, in launch_agent",
           "    raise ChildFailedError(",
           "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
           "============================================================",
           f"{script} FAILED",
           "------------------------------------------------------------",
           "Failures:"]

    def entry(i, f):
        code = f["exitcode"]
        if code < 0:
            tb = f"Signal {-code} ({SIGNAMES[code]}) received by PID {job.pid[f['rank']]}"
            ef = "<N/A>"
        else:
            ef = f.get("error_file", "<N/A>")
            tb = f.get("tb", "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
        return [f"[{i}]:",
                f"  time      : {ts_torchrun(f['time'])}",
                f"  host      : {job.host(f['rank'])}",
                f"  rank      : {f['rank']} (local_rank: {job.local(f['rank'])})",
                f"  exitcode  : {code} (pid: {job.pid[f['rank']]})",
                f"  error_file: {ef}",
                f"  traceback : {tb}"]
    if not others:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others, 1):
        out += entry(i, f)
    out.append("------------------------------------------------------------")
    out.append("Root Cause (first observed failure):")
    out += entry(0, root)
    out.append("============================================================")
    return out


# --------------------------------------------------------------------------
# stream: lines with an emit time, rendered in emit order
# --------------------------------------------------------------------------

class Stream:
    def __init__(self):
        self.items = []

    def add(self, t, lines, prefix=""):
        if isinstance(lines, str):
            lines = [lines]
        self.items.append((t, len(self.items), [prefix + x if prefix else x for x in lines]))

    def render(self):
        out = []
        for _, _, ls in sorted(self.items, key=lambda x: (x[0], x[1])):
            out.extend(ls)
        return out


# --------------------------------------------------------------------------
# nvidia-smi -q (abridged sections, real field names)
# --------------------------------------------------------------------------

def nvidia_smi_q(rng, ts, driver, cuda, gpus, product="NVIDIA H100 80GB HBM3", bus=None, overrides=None):
    bus = bus or H100_BUS
    overrides = overrides or {}
    out = ["", "==============NVSMI LOG==============", "",
           f"Timestamp                                 : {ts:%a %b %d %H:%M:%S %Y}",
           f"Driver Version                            : {driver}",
           f"CUDA Version                              : {cuda}", "",
           f"Attached GPUs                             : {gpus}"]
    for i in range(gpus):
        o = overrides.get(i, {})
        b = bus[i].upper()
        if o.get("lost"):
            out += [f"GPU 00000000:{b}:00.0",
                    f"Unable to determine the device handle for GPU00000000:{b}:00.0: Unknown Error", ""]
            continue
        serial = 1650000000000 + rng.randint(10000, 99999999)
        uuid = "GPU-%08x-%04x-%04x-%04x-%012x" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16),
                                                   rng.getrandbits(16), rng.getrandbits(48))
        used = o.get("used", rng.randint(61000, 74000) if o.get("busy", True) else 0)
        temp = o.get("temp", rng.randint(38, 52))
        power = o.get("power", f"{rng.randint(380, 640)}.{rng.randint(10, 99)} W")
        sm = o.get("sm_clock", f"{rng.choice([1980, 1965, 1950])} MHz")
        ev = o.get("events", {})
        def act(k):
            return "Active" if ev.get(k) else "Not Active"
        ecc = o.get("ecc", {})
        rr = o.get("remap", {})
        out += [
            f"GPU 00000000:{b}:00.0",
            f"    Product Name                          : {product}",
            "    Product Brand                         : NVIDIA",
            "    Persistence Mode                      : Enabled",
            f"    Serial Number                         : {serial}",
            f"    GPU UUID                              : {uuid}",
            f"    Minor Number                          : {i}",
            "    PCI",
            f"        Bus                               : 0x{b}",
            f"        Bus Id                            : 00000000:{b}:00.0",
            f"    Performance State                     : {o.get('pstate', 'P0')}",
            "    Clocks Event Reasons",
            f"        Idle                              : {act('idle')}",
            "        Applications Clocks Setting       : Not Active",
            f"        SW Power Cap                      : {act('sw_power')}",
            f"        HW Slowdown                       : {act('hw_slowdown')}",
            f"            HW Thermal Slowdown           : {act('hw_thermal')}",
            f"            HW Power Brake Slowdown       : {act('hw_power_brake')}",
            "        Sync Boost                        : Not Active",
            f"        SW Thermal Slowdown               : {act('sw_thermal')}",
            "        Display Clock Setting             : Not Active",
            "    FB Memory Usage",
            "        Total                             : 81559 MiB",
            "        Reserved                          : 551 MiB",
            f"        Used                              : {used} MiB",
            f"        Free                              : {81559 - 551 - used} MiB",
            "    ECC Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            f"            SRAM Correctable              : {ecc.get('v_sram_c', 0)}",
            f"            SRAM Uncorrectable Parity     : {ecc.get('v_sram_up', 0)}",
            f"            SRAM Uncorrectable SEC-DED    : {ecc.get('v_sram_u', 0)}",
            f"            DRAM Correctable              : {ecc.get('v_dram_c', 0)}",
            f"            DRAM Uncorrectable            : {ecc.get('v_dram_u', 0)}",
            "        Aggregate",
            f"            SRAM Correctable              : {ecc.get('a_sram_c', 0)}",
            f"            SRAM Uncorrectable Parity     : {ecc.get('a_sram_up', 0)}",
            f"            SRAM Uncorrectable SEC-DED    : {ecc.get('a_sram_u', 0)}",
            f"            DRAM Correctable              : {ecc.get('a_dram_c', 0)}",
            f"            DRAM Uncorrectable            : {ecc.get('a_dram_u', 0)}",
            "    Retired Pages",
            "        Single Bit ECC                    : N/A",
            "        Double Bit ECC                    : N/A",
            "        Pending Page Blacklist            : N/A",
            "    Remapped Rows",
            f"        Correctable Error                 : {rr.get('c', 0)}",
            f"        Uncorrectable Error               : {rr.get('u', 0)}",
            f"        Pending                           : {rr.get('pending', 'No')}",
            f"        Remapping Failure Occurred        : {rr.get('failure', 'No')}",
            "        Bank Remap Availability Histogram",
            "            Max                           : 2560 bank(s)",
            "            High                          : 0 bank(s)",
            "            Partial                       : 0 bank(s)",
            "            Low                           : 0 bank(s)",
            "            None                          : 0 bank(s)",
            "    Temperature",
            f"        GPU Current Temp                  : {temp} C",
            "        GPU T.Limit Temp                  : N/A",
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 89 C",
            f"        Memory Current Temp               : {o.get('mem_temp', temp + rng.randint(2, 9))} C",
            "    GPU Power Readings",
            f"        Power Draw                        : {power}",
            "        Current Power Limit               : 700.00 W",
            "    Clocks",
            f"        Graphics                          : {sm}",
            f"        SM                                : {sm}",
            "        Memory                            : 2619 MHz",
            "    Max Clocks",
            "        Graphics                          : 1980 MHz",
            "        SM                                : 1980 MHz",
            "        Memory                            : 2619 MHz",
        ]
        procs = o.get("procs", [])
        if procs:
            out.append("    Processes")
            for pid, name, mem in procs:
                out += ["        GPU instance ID                   : N/A",
                        "        Compute instance ID               : N/A",
                        f"        Process ID                        : {pid}",
                        "            Type                          : C",
                        f"            Name                          : {name}",
                        f"            Used GPU Memory               : {mem} MiB"]
        else:
            out.append("    Processes                             : None")
        out.append("")
    return out


# --------------------------------------------------------------------------
# kernel noise
# --------------------------------------------------------------------------

def dmesg_boot_noise(driver="535.161.08"):
    return [
        "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-034) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024 (Ubuntu 5.15.0-105.115-generic 5.15.148)",
        "Command line: BOOT_IMAGE=/vmlinuz-5.15.0-105-generic root=UUID=4b1c3f0e-7d41-4a25-9f2e-0c1f5e2b7a9d ro pci=realloc=off iommu=pt amd_iommu=on",
        "KERNEL supported cpus:",
        "x86/fpu: Supporting XSAVE feature 0x001: 'x87 floating point registers'",
        "DMI: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 02/29/2024",
        "ACPI: Early table checksum verification disabled",
        "pci 0000:00:00.0: [8086:09a2] type 00 class 0x080000",
        "mlx5_core 0000:0c:00.0: firmware version: 28.39.2048",
        "mlx5_core 0000:0c:00.0: 400.000 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)",
        "nvidia: loading out-of-tree module taints kernel.",
        "nvidia-nvlink: Nvlink Core is being initialized, major device number 509",
        f"NVRM: loading NVIDIA UNIX x86_64 Kernel Module  {driver}  Thu Feb 29 01:03:24 UTC 2024",
        "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  " + driver,
        "nvidia-uvm: Loaded the UVM driver, major device number 507.",
        "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.",
        "IPv6: ADDRCONF(NETDEV_CHANGE): ibp12s0: link becomes ready",
        "nvidia-peermem: module verification failed: signature and/or required key missing - tainting kernel",
    ]


class Bundle:
    def __init__(self, name):
        self.name = name
        self.files = {}
        self.label = None

    def w(self, path, content):
        if isinstance(content, list):
            content = "\n".join(content) + "\n"
        self.files[path] = content

    def set_label(self, category, layer, culprit, action, rationale, modelled_on):
        self.label = {"category": category, "layer": layer, "culprit": culprit, "action": action,
                      "rationale": rationale, "modelled_on": modelled_on}


def culprit(node, rank=None):
    return {"node": node, "rank": rank}
