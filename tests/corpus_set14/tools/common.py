"""Shared generators for corpus set 14: bundle container, clocks and the
repetitive log formats (NCCL INFO chatter, torch watchdog/elastic messages by
version, dmesg, nvidia-smi, ibstat, df, ip addr ...).

Everything is deterministic: callers pass a ``random.Random`` seeded per case.
"""

from __future__ import annotations

import datetime as _dt
import gzip
import json
import zlib

VOCAB = {
    "category": {
        "gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
        "oom", "numerical", "straggler", "user_code", "dependency", "unknown",
    },
    "layer": {"infrastructure", "framework", "script"},
    "action": {"restart", "restart_without_node", "stop", "run_diagnostics", "none"},
}


# ---------------------------------------------------------------------------
# bundle container
# ---------------------------------------------------------------------------
class Bundle:
    """In-memory bundle; build.py validates it and writes it out."""

    def __init__(self, name: str):
        self.name = name
        self.files: dict[str, bytes] = {}
        self.label_data: dict | None = None

    def label(self, category, layer, culprit, action, rationale, modelled_on):
        if self.files:
            raise RuntimeError(f"{self.name}: label must be written before bundle text")
        if culprit is not None:
            node, rank = culprit
            culprit = {"node": node, "rank": rank}
        self.label_data = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def add(self, path: str, content) -> None:
        if self.label_data is None:
            raise RuntimeError(f"{self.name}: write the label first")
        if isinstance(content, (list, tuple)):
            text = "\n".join(content) + "\n"
        else:
            text = content if content.endswith("\n") else content + "\n"
        if path in self.files:
            raise RuntimeError(f"{self.name}: duplicate file {path}")
        self.files[path] = text.encode("utf-8")

    def add_gz(self, path: str, content) -> None:
        if isinstance(content, (list, tuple)):
            text = "\n".join(content) + "\n"
        else:
            text = content
        self.files[path] = gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)

    def topology(self, mapping: dict) -> None:
        self.add("topology.json", json.dumps({"topology": mapping}, indent=2))


# ---------------------------------------------------------------------------
# time
# ---------------------------------------------------------------------------
def T(s: str) -> _dt.datetime:
    """'2024-07-18 10:22:31' -> datetime."""
    return _dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S")


def plus(t: _dt.datetime, seconds: float) -> _dt.datetime:
    return t + _dt.timedelta(seconds=seconds)


def iso(t):            # 2024-07-18 10:22:31
    return t.strftime("%Y-%m-%d %H:%M:%S")


def _ms(t):
    """Milliseconds of t; whole-second times get a stable pseudo-random fraction."""
    if t.microsecond:
        return t.microsecond // 1000
    return zlib.crc32(t.strftime("%Y%m%d%H%M%S").encode()) % 1000


def iso_ms(t):         # 2024-07-18 10:22:31,123
    return t.strftime("%Y-%m-%d %H:%M:%S,") + f"{_ms(t):03d}"


def iso_T(t):          # 2024-07-18T10:22:31.123456
    return t.strftime("%Y-%m-%dT%H:%M:%S.%f")


def syslog(t):         # Jul 18 10:22:31
    return t.strftime("%b %d %H:%M:%S")


def ctime(t):          # Thu Jul 18 10:22:31 2024
    return t.strftime("%a %b ") + f"{t.day:2d}" + t.strftime(" %H:%M:%S %Y")


def dmesg_T(t):        # [Thu Jul 18 10:22:31 2024]
    return "[" + ctime(t) + "]"


def journal_iso(t):    # 2024-07-18T10:22:31+0000
    return t.strftime("%Y-%m-%dT%H:%M:%S+0000")


def uptime_stamp(t, boot):
    sec = (t - boot).total_seconds()
    return f"[{sec:12.6f}]"


def glog_c10(t, level, rng):
    """c10 glog stamp as printed by torch >= 2.4: E718 10:22:31.123456789"""
    ns = _ms(t) * 1000000 + rng.randint(0, 999999)
    return f"{level}{t.month}{t.day:02d} {t.strftime('%H:%M:%S')}.{ns:09d}"


def glog_py(t, level):
    """python logging in glog shape (torch elastic >= 2.4): W0718 10:22:33.123000"""
    return f"{level}{t.strftime('%m%d %H:%M:%S')}.{_ms(t):03d}000"


# ---------------------------------------------------------------------------
# misc helpers
# ---------------------------------------------------------------------------
def hexaddr(rng, lo=0x7F0000000000, hi=0x7FFFFFFFFFFF):
    return f"0x{rng.randint(lo, hi):x}"


def vernum(v: str) -> tuple:
    return tuple(int(x) for x in v.split("."))


H100_BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
A100_BUS = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]


def busid_short(bus):      # NCCL style "5d000"
    return f"{bus}000"


def pci_full(bus):         # 00000000:5D:00.0
    return f"00000000:{bus.upper()}:00.0"


def pci_xid(bus):          # 0000:5d:00
    return f"0000:{bus}:00"


# ---------------------------------------------------------------------------
# NCCL INFO chatter
# ---------------------------------------------------------------------------
def nccl_init(rng, *, host, pid, dev, rank, nranks, gpn, nccl, cuda_drv,
              sock_if, sock_ip, hcas, oob_if=None, oob_ip=None, bus=None,
              comm=None, commid=None, net="IB", rank0_version_line=True,
              channels=4, plugin_msg=True, link="IB"):
    """NCCL_DEBUG=INFO init lines of one rank (no timestamps, as NCCL prints)."""
    tid = pid + rng.randint(60, 400)
    bus = bus or H100_BUS[dev]
    comm = comm or f"0x{rng.randint(0x55a000000000, 0x55ffffffffff):x}"
    commid = commid or f"0x{rng.randint(1 << 60, (1 << 64) - 1):x}"
    oob_if = oob_if or sock_if
    oob_ip = oob_ip or sock_ip
    p0 = f"{host}:{pid}:{pid} [{dev}] NCCL INFO "
    p = f"{host}:{pid}:{tid} [{dev}] NCCL INFO "
    nv = vernum(nccl.split("+")[0])
    out = []
    out.append(p0 + f"Bootstrap : Using {sock_if}:{sock_ip}<0>")
    if plugin_msg:
        if nv >= (2, 19):
            out.append(p0 + "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.")
        else:
            out.append(p0 + "NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation")
    if nv >= (2, 15):
        out.append(p0 + f"cudaDriverVersion {cuda_drv}")
    if rank == 0 and rank0_version_line:
        if nv >= (2, 20):
            out.append(p0 + f"NCCL version {nccl}")
        else:
            out.append(f"NCCL version {nccl}")
    if net == "IB":
        hl = " ".join(f"[{i}]{h}:1/{link}" for i, h in enumerate(hcas))
        out.append(p + f"NET/IB : Using {hl} ; OOB {oob_if}:{oob_ip}<0>")
        out.append(p + "Using network IB")
    else:
        out.append(p + f"NET/Socket : Using [0]{sock_if}:{sock_ip}<0>")
        out.append(p + "Using network Socket")
    init_word = "ncclCommInitRank comm" if nv >= (2, 19) else "comm"
    nvml = f" nvmlDev {dev}" if nv >= (2, 17) else ""
    out.append(p + f"{init_word} {comm} rank {rank} nranks {nranks} cudaDev {dev}{nvml} busId {busid_short(bus)} commId {commid} - Init START")
    aff = "ffffffff,00000000,ffffffff" if dev < gpn // 2 else "00000000,ffffffff,00000000,ffffffff"
    out.append(p + f"Setting affinity for GPU {dev} to {aff}")
    if nv >= (2, 17):
        out.append(p + f"NVLS multicast support is not available on dev {dev}")
    nxt = rank + 1 if (rank + 1) % gpn else rank + 1 - gpn
    prv = rank - 1 if rank % gpn else rank - 1 + gpn
    trees = " ".join(f"[{c}] {nxt}/-1/-1->{rank}->{prv}" for c in range(min(channels, 4)))
    out.append(p + f"Trees {trees}")
    if nv >= (2, 14):
        out.append(p + "P2P Chunksize set to 524288")
    nnodes = nranks // gpn
    node_idx = rank // gpn
    for c in range(channels):
        if dev == gpn - 1 and nnodes > 1:
            peer = ((node_idx + 1) % nnodes) * gpn
            out.append(p + f"Channel {c:02d}/0 : {rank}[{busid_short(bus)}] -> {peer}[{busid_short(H100_BUS[0])}] [send] via NET/IB/{c % max(1, len(hcas))}/GDRDMA")
        elif dev == 0 and nnodes > 1:
            peer = ((node_idx - 1) % nnodes) * gpn + gpn - 1
            out.append(p + f"Channel {c:02d}/0 : {peer}[{busid_short(H100_BUS[gpn - 1])}] -> {rank}[{busid_short(bus)}] [receive] via NET/IB/{c % max(1, len(hcas))}/GDRDMA")
        else:
            out.append(p + f"Channel {c:02d}/0 : {rank}[{busid_short(bus)}] -> {nxt}[{busid_short(H100_BUS[(dev + 1) % gpn])}] via P2P/IPC/read")
    out.append(p + "Connected all rings")
    for c in range(min(channels, 2)):
        out.append(p + f"Channel {c:02d}/0 : {rank}[{busid_short(bus)}] -> {prv}[{busid_short(H100_BUS[(dev - 1) % gpn])}] via P2P/IPC/read")
    out.append(p + "Connected all trees")
    out.append(p + "threadThresholds 8/8/64 | 256/8/64 | 512 | 512")
    if nv >= (2, 17):
        out.append(p + f"{channels * 4} coll channels, 0 nvls channels, {channels * 4} p2p channels, 2 p2p channels per peer")
    else:
        out.append(p + f"{channels * 4} coll channels, {channels * 4} p2p channels, 2 p2p channels per peer")
    out.append(p + f"{init_word} {comm} rank {rank} nranks {nranks} cudaDev {dev}{nvml} busId {busid_short(bus)} commId {commid} - Init COMPLETE")
    return out


# ---------------------------------------------------------------------------
# torch watchdog / c10d messages by version
# ---------------------------------------------------------------------------
def _torch_lib(version):
    if vernum(version) >= (2, 6):
        return "/usr/local/lib/python3.12/dist-packages/torch/lib", "/pytorch/torch/csrc/distributed/c10d"
    if vernum(version) >= (2, 2):
        return "/usr/local/lib/python3.10/dist-packages/torch/lib", "../torch/csrc/distributed/c10d"
    return "/opt/conda/lib/python3.10/site-packages/torch/lib", "../torch/csrc/distributed/c10d"


def cpp_frames(rng, version, kind="timeout", lib=None):
    lib = lib or _torch_lib(version)[0]
    libc = "/usr/lib/x86_64-linux-gnu"
    fr = [f"c10::Error::Error(c10::SourceLocation, std::string) + 0x{rng.choice([0x57, 0x96, 0x99]):x} ({hexaddr(rng)} in {lib}/libc10.so)"]
    if kind == "timeout":
        fr.append(f"c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x{rng.randint(0x1c0, 0x2c0):x} ({hexaddr(rng)} in {lib}/libtorch_cuda.so)")
    else:
        fr.append(f"<unknown function> + 0x{rng.randint(0xe00000, 0xf00000):x} ({hexaddr(rng)} in {lib}/libtorch_cuda.so)")
    if vernum(version) >= (2, 2):
        fr.append(f"c10d::ProcessGroupNCCL::watchdogHandler() + 0x{rng.randint(0x200, 0x900):x} ({hexaddr(rng)} in {lib}/libtorch_cuda.so)")
    else:
        fr.append(f"c10d::ProcessGroupNCCL::workCleanupLoop() + 0x{rng.randint(0x100, 0x200):x} ({hexaddr(rng)} in {lib}/libtorch_cuda.so)")
    fr.append(f"c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x{rng.randint(0x100, 0x150):x} ({hexaddr(rng)} in {lib}/libtorch_cuda.so)")
    fr.append(f"<unknown function> + 0xdc253 ({hexaddr(rng)} in {libc}/libstdc++.so.6)")
    fr.append(f"<unknown function> + 0x94ac3 ({hexaddr(rng)} in {libc}/libc.so.6)")
    fr.append(f"clone + 0x44 ({hexaddr(rng)} in {libc}/libc.so.6)")
    return [f"frame #{i}: {f}" for i, f in enumerate(fr)]


def watchdog_timeout(rng, version, *, rank, seq, op="ALLREDUCE", numel=1, numel_out=None,
                     timeout_ms=600000, t=None, pg=0, pg_desc="default_pg",
                     last_enq=None, last_comp=None, with_terminate=True):
    """The watchdog-timeout block one rank prints, in the shape of its torch version."""
    v = vernum(version)
    numel_out = numel if numel_out is None else numel_out
    ran = timeout_ms + rng.randint(3, 95)
    last_enq = seq if last_enq is None else last_enq
    last_comp = seq - 1 if last_comp is None else last_comp
    lib, src = _torch_lib(version)
    if v >= (2, 1):
        work = f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel_out}, Timeout(ms)={timeout_ms})"
    else:
        work = f"WorkNCCL(SeqNum={seq}, OpType={op}, Timeout(ms)={timeout_ms})"
    caught = f"[Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out."
    some = "Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
    avoid = "To avoid data inconsistency, we are taking the entire process down."
    out = []
    if v < (2, 1):
        ln = (821, 456, 461) if v < (2, 0) else (828, 455, 460)
        out += [f"[E ProcessGroupNCCL.cpp:{ln[0]}] {caught}",
                f"[E ProcessGroupNCCL.cpp:{ln[1]}] {some}",
                f"[E ProcessGroupNCCL.cpp:{ln[2]}] {avoid}"]
        if with_terminate:
            out += ["terminate called after throwing an instance of 'std::runtime_error'",
                    f"  what():  {caught}"]
        return out
    if v < (2, 2):
        term = f"[Rank {rank}] NCCL watchdog thread terminated with exception: {caught}"
        out += [f"[E ProcessGroupNCCL.cpp:475] {caught}",
                f"[E ProcessGroupNCCL.cpp:489] {some}",
                f"[E ProcessGroupNCCL.cpp:495] {avoid}",
                f"[E ProcessGroupNCCL.cpp:916] {term}"]
        if with_terminate:
            out += ["terminate called after throwing an instance of 'std::runtime_error'",
                    f"  what():  {term}"]
        return out
    pr = f"[rank{rank}]:"
    if v < (2, 3):
        term = f"[Rank {rank}] NCCL watchdog thread terminated with exception: {caught}"
        out += [f"{pr}[E ProcessGroupNCCL.cpp:523] {caught}",
                f"{pr}[E ProcessGroupNCCL.cpp:537] {some}",
                f"{pr}[E ProcessGroupNCCL.cpp:543] {avoid}",
                f"{pr}[E ProcessGroupNCCL.cpp:1182] {term}",
                f"Exception raised from checkTimeout at {src}/ProcessGroupNCCL.cpp:525 (most recent call first):"]
        out += cpp_frames(rng, version)
        out.append("")
        if with_terminate:
            out += ["terminate called after throwing an instance of 'c10::DistBackendError'",
                    f"  what():  {term}",
                    f"Exception raised from checkTimeout at {src}/ProcessGroupNCCL.cpp:525 (most recent call first):"]
            out += cpp_frames(rng, version)
            out += ["", f"Exception raised from ncclCommWatchdog at {src}/ProcessGroupNCCL.cpp:1186 (most recent call first):",
                    f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 ({hexaddr(rng)} in {lib}/libc10.so)",
                    f"frame #1: <unknown function> + 0xdf6b11 ({hexaddr(rng)} in {lib}/libtorch_cuda.so)",
                    f"frame #2: <unknown function> + 0xdc253 ({hexaddr(rng)} in /usr/lib/x86_64-linux-gnu/libstdc++.so.6)",
                    f"frame #3: <unknown function> + 0x94ac3 ({hexaddr(rng)} in /usr/lib/x86_64-linux-gnu/libc.so.6)",
                    f"frame #4: clone + 0x44 ({hexaddr(rng)} in /usr/lib/x86_64-linux-gnu/libc.so.6)", ""]
        return out
    if v < (2, 4):
        pgs = f"[PG {pg} Rank {rank}]"
        term = f"{pgs} Process group watchdog thread terminated with exception: {caught}"
        out += [f"{pr}[E ProcessGroupNCCL.cpp:563] {caught}",
                f"{pr}[E ProcessGroupNCCL.cpp:1537] {pgs} Timeout at NCCL work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_comp}.",
                f"{pr}[E ProcessGroupNCCL.cpp:577] [Rank {rank}] {some}",
                f"{pr}[E ProcessGroupNCCL.cpp:583] [Rank {rank}] {avoid}",
                f"{pr}[E ProcessGroupNCCL.cpp:1414] {term}",
                f"Exception raised from checkTimeout at {src}/ProcessGroupNCCL.cpp:565 (most recent call first):"]
        out += cpp_frames(rng, version) + [""]
        if with_terminate:
            out += ["terminate called after throwing an instance of 'c10::DistBackendError'",
                    f"  what():  {term}",
                    f"Exception raised from checkTimeout at {src}/ProcessGroupNCCL.cpp:565 (most recent call first):"]
            out += cpp_frames(rng, version) + [""]
        return out
    # glog-stamped versions
    def g(tt, lvl="E"):
        return f"{pr}[{glog_c10(tt, lvl, rng)} "
    if v < (2, 5):
        pgs = f"[PG {pg} ({pg_desc}) Rank {rank}]"
        term = f"{pgs} Process group watchdog thread terminated with exception: {caught}"
        out += [g(t) + f"ProcessGroupNCCL.cpp:607] {caught}",
                g(t) + f"ProcessGroupNCCL.cpp:1709] {pgs} Timeout at NCCL work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_comp}.",
                g(t) + f"ProcessGroupNCCL.cpp:621] [Rank {rank}] {some}",
                g(t) + f"ProcessGroupNCCL.cpp:627] [Rank {rank}] {avoid}",
                g(t) + f"ProcessGroupNCCL.cpp:1515] {term}",
                f"Exception raised from checkTimeout at {src}/ProcessGroupNCCL.cpp:609 (most recent call first):"]
        out += cpp_frames(rng, version) + [""]
        if with_terminate:
            out += ["terminate called after throwing an instance of 'c10::DistBackendError'",
                    f"  what():  {term}",
                    f"Exception raised from checkTimeout at {src}/ProcessGroupNCCL.cpp:609 (most recent call first):"]
            out += cpp_frames(rng, version) + [""]
        return out
    pgs = f"[PG ID {pg} PG GUID {pg}({pg_desc}) Rank {rank}]" if pg == 0 else f"[PG ID {pg} PG GUID {pg + 3} Rank {rank}]"
    term = f"{pgs} Process group watchdog thread terminated with exception: {caught}"
    if v < (2, 7):
        ln = (616, 1785, 1834, 630, 636, 1595, 618) if v < (2, 6) else (632, 1895, 1943, 646, 652, 1711, 635)
        out += [g(t) + f"ProcessGroupNCCL.cpp:{ln[0]}] {caught}",
                g(t) + f"ProcessGroupNCCL.cpp:{ln[1]}] {pgs} Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_comp}.",
                g(t) + f"ProcessGroupNCCL.cpp:{ln[2]}] {pgs} Timeout at NCCL work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_comp}.",
                g(t) + f"ProcessGroupNCCL.cpp:{ln[3]}] [Rank {rank}] {some}",
                g(t) + f"ProcessGroupNCCL.cpp:{ln[4]}] [Rank {rank}] {avoid}",
                g(t) + f"ProcessGroupNCCL.cpp:{ln[5]}] {term}",
                f"Exception raised from checkTimeout at {src}/ProcessGroupNCCL.cpp:{ln[6]} (most recent call first):"]
        out += cpp_frames(rng, version) + [""]
        if with_terminate:
            out += ["terminate called after throwing an instance of 'c10::DistBackendError'",
                    f"  what():  {term}",
                    f"Exception raised from checkTimeout at {src}/ProcessGroupNCCL.cpp:{ln[6]} (most recent call first):"]
            out += cpp_frames(rng, version) + [""]
        return out
    # 2.7 .. 2.9
    out += [g(t) + f"ProcessGroupNCCL.cpp:632] {caught}",
            g(t) + f"ProcessGroupNCCL.cpp:2268] {pgs}  failure detected by watchdog at work sequence id: {seq} PG status: last enqueued work: {last_enq}, last completed work: {last_comp}",
            g(t) + "ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
            g(t) + f"ProcessGroupNCCL.cpp:2103] {pgs} First PG on this rank to signal dumping.",
            g(t) + f"ProcessGroupNCCL.cpp:684] [Rank {rank}] {some}",
            g(t) + f"ProcessGroupNCCL.cpp:698] [Rank {rank}] {avoid}"]
    if with_terminate:
        out += ["terminate called after throwing an instance of 'c10::DistBackendError'",
                f"  what():  {term}",
                f"Exception raised from checkTimeout at {src}/ProcessGroupNCCL.cpp:635 (most recent call first):"]
        out += cpp_frames(rng, version) + [""]
    return out


def nccl_async_error(rng, version, *, rank, nccl, detail, t=None, pg=0, pg_desc="default_pg",
                     kind="remote"):
    """Watchdog noticing an async NCCL error (remote peer / network / cuda)."""
    v = vernum(version)
    ncclv = nccl.split("+")[0]
    if kind == "remote":
        head = f"NCCL error: remote process exited or there was a network error, NCCL version {ncclv}"
        body = ["ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                "Last error:", detail]
    elif kind == "unhandled_cuda":
        head = f"NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version {ncclv}"
        body = ["ncclUnhandledCudaError: Call to CUDA function failed.", "Last error:", detail]
    else:
        head = detail
        body = []
    lib, src = _torch_lib(version)
    out = []
    if v < (2, 2):
        out.append(f"[E ProcessGroupNCCL.cpp:916] [Rank {rank}] NCCL watchdog thread terminated with exception: {head}")
        out += body
        out += ["terminate called after throwing an instance of 'std::runtime_error'",
                f"  what():  [Rank {rank}] NCCL watchdog thread terminated with exception: {head}"] + body
        return out
    pr = f"[rank{rank}]:"
    if v < (2, 4):
        pgs = f"[PG {pg} Rank {rank}]" if v >= (2, 3) else f"[Rank {rank}]"
        term = f"{pgs} {'Process group' if v >= (2, 3) else 'NCCL'} watchdog thread terminated with exception: {head}"
        out.append(f"{pr}[E ProcessGroupNCCL.cpp:{1414 if v >= (2, 3) else 1182}] {term}")
    else:
        if v >= (2, 5):
            pgs = f"[PG ID {pg} PG GUID {pg}({pg_desc}) Rank {rank}]"
        else:
            pgs = f"[PG {pg} ({pg_desc}) Rank {rank}]"
        term = f"{pgs} Process group watchdog thread terminated with exception: {head}"
        out.append(f"{pr}[{glog_c10(t, 'E', rng)} ProcessGroupNCCL.cpp:{1515 if v < (2, 5) else 1595}] {term}")
    out += body
    out.append(f"Exception raised from checkForNCCLErrorsInternal at {src}/ProcessGroupNCCL.cpp:{2027 if v >= (2, 4) else 1723} (most recent call first):")
    out += cpp_frames(rng, version, kind="other") + [""]
    out += ["terminate called after throwing an instance of 'c10::DistBackendError'", f"  what():  {term}"] + body
    out.append(f"Exception raised from checkForNCCLErrorsInternal at {src}/ProcessGroupNCCL.cpp:{2027 if v >= (2, 4) else 1723} (most recent call first):")
    out += cpp_frames(rng, version, kind="other") + [""]
    return out


# ---------------------------------------------------------------------------
# torch elastic (torchrun) agent messages
# ---------------------------------------------------------------------------
def elastic_line(version, t, level, msg, agent_pid=None, module="api", lineno=None):
    v = vernum(version)
    lv = {"W": "WARNING", "E": "ERROR", "I": "INFO"}[level]
    if v < (2, 1):
        return f"{lv}:torch.distributed.elastic.multiprocessing.{module}:{msg}"
    if v < (2, 4):
        return f"[{iso_ms(t)}] torch.distributed.elastic.multiprocessing.{module}: [{lv}] {msg}"
    if lineno is None:
        lineno = {"W": 897, "E": 869, "I": 702}[level] if v >= (2, 5) else {"W": 858, "E": 833, "I": 680}[level]
    path = "site-packages/torch/distributed/elastic/multiprocessing/api.py" if v >= (2, 5) else "torch/distributed/elastic/multiprocessing/api.py"
    tid = agent_pid if v >= (2, 5) else 139800000000000 + (agent_pid or 4242) * 4096
    return f"{glog_py(t, level)} {tid} {path}:{lineno}] {msg}"


def torchrun_banner(version, t, agent_pid):
    v = vernum(version)
    msgs = ["", "*****************************************",
            "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
            "*****************************************"]
    if v < (2, 1):
        return ["WARNING:torch.distributed.run:"] + msgs[1:]
    if v < (2, 4):
        return [f"[{iso_ms(t)}] torch.distributed.run: [WARNING] {m}" for m in msgs]
    path = "site-packages/torch/distributed/run.py:793]" if v >= (2, 5) else "torch/distributed/run.py:757]"
    tid = agent_pid if v >= (2, 5) else 139800000000000 + (agent_pid or 4242) * 4096
    return [f"{glog_py(t, 'W')} {tid} {path} {m}" for m in msgs]


def torchrun_traceback(version, pyver="3.10", prefix="/usr/local/lib"):
    v = vernum(version)
    sp = f"{prefix}/python{pyver}/dist-packages" if "local" in prefix else f"{prefix}/python{pyver}/site-packages"
    runline = {True: 919, False: 806}[v >= (2, 4)]
    return ["Traceback (most recent call last):",
            f'  File "{prefix.replace("/lib", "/bin")}/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            f'  File "{sp}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line {355 if v >= (2, 4) else 346}, in wrapper',
            "    return f(*args, **kwargs)",
            f'  File "{sp}/torch/distributed/run.py", line {runline}, in main',
            "    run(args)",
            f'  File "{sp}/torch/distributed/run.py", line {runline - 9}, in run',
            "    elastic_launch(",
            f'  File "{sp}/torch/distributed/launcher/api.py", line {138 if v >= (2, 4) else 132}, in __call__',
            "    return launch_agent(self._config, self._entrypoint, list(args))",
            f'  File "{sp}/torch/distributed/launcher/api.py", line {269 if v >= (2, 4) else 246}, in launch_agent',
            "    raise ChildFailedError(",
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: "]


def child_failed_block(script, failures, root):
    """failures/root: dicts time, host, rank, local_rank, exitcode, pid, error_file, traceback"""
    def fmt(i, f):
        return [f"[{i}]:",
                f"  time      : {f['time']}",
                f"  host      : {f['host']}",
                f"  rank      : {f['rank']} (local_rank: {f['local_rank']})",
                f"  exitcode  : {f['exitcode']} (pid: {f['pid']})",
                f"  error_file: {f.get('error_file', '<N/A>')}",
                f"  traceback : {f['traceback']}"]
    out = ["=" * 60, f"{script} FAILED", "-" * 60, "Failures:"]
    if failures:
        for i, f in enumerate(failures, start=1):
            out += fmt(i, f)
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out += ["-" * 60, "Root Cause (first observed failure):"] + fmt(0, root) + ["=" * 60]
    return out


def signal_tb(code, pid):
    names = {-6: "Signal 6 (SIGABRT)", -9: "Signal 9 (SIGKILL)", -11: "Signal 11 (SIGSEGV)", -15: "Signal 15 (SIGTERM)", -7: "Signal 7 (SIGBUS)"}
    if code < 0:
        return f"{names[code]} received by PID {pid}"
    return "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"


# ---------------------------------------------------------------------------
# training-progress formats
# ---------------------------------------------------------------------------
def megatron_iter(t, it, total, *, consumed, ms, lr, gbs, loss, scale=1.0, gnorm=None,
                  skipped=0, nan=0, tflops=None):
    s = f" [{iso(t)}] iteration {it:>8d}/{total:>8d} | consumed samples: {consumed:>12d} | elapsed time per iteration (ms): {ms:.1f} |"
    if tflops is not None:
        s += f" throughput per GPU (TFLOP/s/GPU): {tflops:.1f} |"
    s += f" learning rate: {lr:.6E} | global batch size: {gbs:>5d} | lm loss: {loss:.6E} | loss scale: {scale:.1f} |"
    if gnorm is not None:
        s += f" grad norm: {gnorm:.3f} |"
    s += f" number of skipped iterations: {skipped:>3d} | number of nan iterations: {nan:>3d} |"
    return s


def cosine_lr(it, peak=3e-4, warm=2000, total=500000, minlr=3e-5):
    import math
    if it < warm:
        return peak * it / warm
    p = (it - warm) / max(1, total - warm)
    return minlr + 0.5 * (peak - minlr) * (1 + math.cos(math.pi * p))


def loss_curve(rng, it, start=10.8, floor=2.1, k=1800.0):
    import math
    return floor + (start - floor) * math.exp(-it / k) + rng.uniform(-0.03, 0.03)


# ---------------------------------------------------------------------------
# kernel / host diagnostics
# ---------------------------------------------------------------------------
def dmesg_boot(rng, *, kernel="5.15.0-105-generic", host="node", cpus=112, mem_gb=2048,
               gpus=8, bus=None, driver="535.161.08", hcas=8, nvme=2, boot_noise=True):
    """Boot-time kernel messages as (seconds_since_boot, text) pairs."""
    bus = bus or H100_BUS
    ev = []
    ev.append((0.0, f"Linux version {kernel} (buildd@lcy02-amd64-{rng.randint(10, 99):03d}) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #{rng.randint(100, 130)}-Ubuntu SMP Mon Apr 15 15:07:35 UTC 2024 (Ubuntu {kernel})"))
    ev.append((0.0, f"Command line: BOOT_IMAGE=/vmlinuz-{kernel} root=UUID={rng.randint(0, 16**8):08x}-5c1e-4f0b-9a7e-{rng.randint(0, 16**12):012x} ro console=tty0 console=ttyS0,115200n8 intel_iommu=on iommu=pt pci=realloc=off"))
    ev.append((0.0, "KERNEL supported cpus:"))
    ev.append((0.0, "  Intel GenuineIntel"))
    ev.append((0.0, "  AMD AuthenticAMD"))
    ev.append((0.0, "BIOS-provided physical RAM map:"))
    ev.append((0.0, "BIOS-e820: [mem 0x0000000000000000-0x000000000009ffff] usable"))
    ev.append((0.0, "DMI: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 02/23/2024"))
    ev.append((0.0, "tsc: Detected 2000.000 MHz processor"))
    ev.append((0.013, f"Memory: {mem_gb * 1024 * 1024 - rng.randint(20000000, 30000000)}K/{mem_gb * 1024 * 1024}K available"))
    ev.append((0.052, f"smpboot: Allowing {cpus} CPUs, 0 hotplug CPUs"))
    ev.append((0.61, f"smp: Brought up 2 nodes, {cpus} CPUs"))
    ev.append((1.02, "ACPI: PCI Root Bridge [PC00] (domain 0000 [bus 00-15])"))
    for i in range(gpus):
        ev.append((1.3 + i * 0.01, f"pci 0000:{bus[i]}:00.0: [10de:2330] type 00 class 0x030200"))
    ev.append((2.3, "iommu: Default domain type: Passthrough (set via kernel command line)"))
    ev.append((3.1, "EDAC MC0: Giving out device to module skx_edac controller Skylake Socket#0 IMC#0: DEV 0000:7e:0c.0 (INTERRUPT)"))
    ev.append((3.1, "EDAC MC1: Giving out device to module skx_edac controller Skylake Socket#1 IMC#0: DEV 0000:fe:0c.0 (INTERRUPT)"))
    for i in range(nvme):
        ev.append((4.2 + i * 0.1, f"nvme nvme{i}: {rng.choice([32, 64, 128])}/0/0 default/read/poll queues"))
        ev.append((4.25 + i * 0.1, f" nvme{i}n1: p1 p2"))
    for i in range(hcas):
        pb = f"{0x0c + i * 0x20:02x}" if i < 7 else "e1"
        ev.append((5.0 + i * 0.05, f"mlx5_core 0000:{pb}:00.0: firmware version: 28.39.1002"))
        ev.append((5.01 + i * 0.05, f"mlx5_core 0000:{pb}:00.0: 252.048 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x8 link)"))
    ev.append((6.2, "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none."))
    ev.append((9.8, "nvidia: loading out-of-tree module taints kernel."))
    ev.append((9.8, "nvidia: module license 'NVIDIA' taints kernel."))
    ev.append((9.9, "nvidia-nvlink: Nvlink Core is being initialized, major device number 508"))
    ev.append((10.0, f"NVRM: loading NVIDIA UNIX x86_64 Kernel Module  {driver}  Thu Feb 29 11:10:14 UTC 2024"))
    ev.append((10.4, f"nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  {driver}  Thu Feb 29 10:52:57 UTC 2024"))
    ev.append((10.9, "[drm] [nvidia-drm] [GPU ID 0x00001800] Loading driver"))
    ev.append((12.5, "nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint."))
    ev.append((13.1, "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready"))
    ev.append((14.7, "Initializing XFRM netlink socket"))
    ev.append((15.2, "bridge: filtering via arp/ip/ip6tables is no longer available by default. Update your scripts to load br_netfilter if you need this."))
    return ev


def dmesg_noise(rng, start_s, end_s, n=40, extra=()):
    """Benign periodic kernel chatter between two uptime offsets."""
    pool = [
        "IPv4: martian source 10.0.0.255 from 10.0.0.1, on dev eno1",
        "nfs: server nfs-home01 OK",
        "perf: interrupt took too long (2512 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
        "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters.",
        "audit: type=1400 audit(0.0:1): apparmor=\"STATUS\" operation=\"profile_replace\" info=\"same as current profile, skipping\" profile=\"unconfined\" name=\"nvidia_modprobe\"",
        "docker0: port 1(veth3c1a2b4) entered blocking state",
        "docker0: port 1(veth3c1a2b4) entered forwarding state",
        "overlayfs: upperdir is in-use as upperdir/workdir of another mount, accessing files from both mounts will result in undefined behavior.",
        "Process accounting resumed",
        "systemd-journald[1123]: Data hash table of /var/log/journal/system.journal has a fill level at 75.0 (8533 of 11377 items, 6553600 file size, 767 bytes per hash table item), suggesting rotation.",
    ]
    pool += list(extra)
    ts = sorted(rng.uniform(start_s, end_s) for _ in range(n))
    return [(s, rng.choice(pool)) for s in ts]


def render_dmesg(events, style="uptime", boot=None, host=None):
    """style: uptime ([  12.345678] msg), T (dmesg -T), syslog (kern.log), journal (journalctl -k -o short-iso)."""
    out = []
    for s, msg in sorted(events, key=lambda e: e[0]):
        if style == "uptime":
            out.append(f"[{s:12.6f}] {msg}")
        elif style == "T":
            out.append(f"{dmesg_T(plus(boot, s))} {msg}")
        elif style == "syslog":
            out.append(f"{syslog(plus(boot, s))} {host} kernel: [{s:12.6f}] {msg}")
        elif style == "journal":
            out.append(f"{journal_iso(plus(boot, s))} {host} kernel: {msg}")
        else:
            raise ValueError(style)
    return out


def secs(t, boot):
    """Seconds since boot; whole-second datetimes get a stable sub-second fraction."""
    x = (t - boot).total_seconds()
    if t.microsecond == 0:
        x += (zlib.crc32(t.strftime("%Y%m%d%H%M%S").encode()) % 899981) / 1e6
    return x


# ---------------------------------------------------------------------------
# nvidia-smi
# ---------------------------------------------------------------------------
def smi_header(t, driver, cuda, ngpu):
    return ["", "==============NVSMI LOG==============", "",
            f"Timestamp                                 : {ctime(t)}",
            f"Driver Version                            : {driver}",
            f"CUDA Version                              : {cuda}", "",
            f"Attached GPUs                             : {ngpu}"]


def _kv(indent, key, val):
    pad = 42 - indent
    return " " * indent + f"{key:<{pad}}: {val}"


def smi_q(t, driver, cuda, gpus, sections=("PERFORMANCE", "TEMPERATURE", "CLOCK", "ECC")):
    """nvidia-smi -q -d <sections>.  gpus: list of dicts with keys bus, temp, sm, mem_clk,
    pstate, reasons (set of active reason names), ecc (dict), remap (dict), power, pids."""
    legacy = vernum(driver.split(".")[0] + ".0") < (530, 0)
    out = smi_header(t, driver, cuda, len(gpus))
    for g in gpus:
        out.append(f"GPU {pci_full(g['bus'])}")
        if "PERFORMANCE" in sections:
            out.append(_kv(4, "Performance State", g.get("pstate", "P0")))
            out.append("    Clocks Throttle Reasons" if legacy else "    Clocks Event Reasons")
            act = g.get("reasons", set())
            for key, ind in [("Idle", 8), ("Applications Clocks Setting", 8), ("SW Power Cap", 8),
                             ("HW Slowdown", 8), ("HW Thermal Slowdown", 12), ("HW Power Brake Slowdown", 12),
                             ("Sync Boost", 8), ("SW Thermal Slowdown", 8), ("Display Clock Setting", 8)]:
                out.append(_kv(ind, key, "Active" if key in act else "Not Active"))
            if not legacy:
                out.append("    Sparse Operation Mode                 : N/A")
        if "TEMPERATURE" in sections:
            out.append("    Temperature")
            out.append(_kv(8, "GPU Current Temp", f"{g.get('temp', 45)} C"))
            if legacy:
                out += [_kv(8, "GPU Shutdown Temp", "92 C"), _kv(8, "GPU Slowdown Temp", "89 C"),
                        _kv(8, "GPU Max Operating Temp", "87 C"), _kv(8, "GPU Target Temperature", "N/A"),
                        _kv(8, "Memory Current Temp", f"{g.get('memtemp', g.get('temp', 45) + 6)} C"),
                        _kv(8, "Memory Max Operating Temp", "95 C")]
            else:
                tl = 87 - g.get("temp", 45)
                out += [_kv(8, "GPU T.Limit Temp", f"{tl} C"), _kv(8, "GPU Shutdown T.Limit Temp", "-5 C"),
                        _kv(8, "GPU Slowdown T.Limit Temp", "-2 C"), _kv(8, "GPU Max Operating T.Limit Temp", "0 C"),
                        _kv(8, "GPU Target Temperature", "N/A"),
                        _kv(8, "Memory Current Temp", f"{g.get('memtemp', g.get('temp', 45) + 6)} C"),
                        _kv(8, "Memory Max Operating T.Limit Temp", "0 C")]
        if "POWER" in sections:
            out.append("    GPU Power Readings" if not legacy else "    Power Readings")
            if legacy:
                out.append(_kv(8, "Power Management", "Supported"))
            out += [_kv(8, "Power Draw", f"{g.get('power', 520.0):.2f} W"),
                    _kv(8, "Current Power Limit", f"{g.get('plimit', 700.0):.2f} W"),
                    _kv(8, "Requested Power Limit", f"{g.get('plimit', 700.0):.2f} W"),
                    _kv(8, "Default Power Limit", "700.00 W"),
                    _kv(8, "Min Power Limit", "200.00 W"),
                    _kv(8, "Max Power Limit", "700.00 W")]
        if "CLOCK" in sections:
            sm = g.get("sm", 1980)
            mx = g.get("max_sm", 1980)
            mem = g.get("mem_clk", 2619)
            out += ["    Clocks", _kv(8, "Graphics", f"{sm} MHz"), _kv(8, "SM", f"{sm} MHz"),
                    _kv(8, "Memory", f"{mem} MHz"), _kv(8, "Video", f"{min(1755, sm - 100)} MHz"),
                    "    Applications Clocks", _kv(8, "Graphics", f"{mx} MHz"), _kv(8, "Memory", f"{mem} MHz"),
                    "    Default Applications Clocks", _kv(8, "Graphics", f"{mx} MHz"), _kv(8, "Memory", f"{mem} MHz"),
                    "    Deferred Clocks", _kv(8, "Memory", "N/A"),
                    "    Max Clocks", _kv(8, "Graphics", f"{mx} MHz"), _kv(8, "SM", f"{mx} MHz"),
                    _kv(8, "Memory", f"{mem} MHz"), _kv(8, "Video", "1755 MHz"),
                    "    Max Customer Boost Clocks", _kv(8, "Graphics", f"{mx} MHz"),
                    "    Clock Policy", _kv(8, "Auto Boost", "N/A"), _kv(8, "Auto Boost Default", "N/A")]
        if "ECC" in sections:
            e = {"vsc": 0, "vsu": 0, "vdc": 0, "vdu": 0, "asc": 0, "asu": 0, "adc": 0, "adu": 0}
            e.update(g.get("ecc", {}))
            out += ["    ECC Mode", _kv(8, "Current", "Enabled"), _kv(8, "Pending", "Enabled"),
                    "    ECC Errors", "        Volatile",
                    _kv(12, "SRAM Correctable", e["vsc"]), _kv(12, "SRAM Uncorrectable", e["vsu"]),
                    _kv(12, "DRAM Correctable", e["vdc"]), _kv(12, "DRAM Uncorrectable", e["vdu"]),
                    "        Aggregate",
                    _kv(12, "SRAM Correctable", e["asc"]), _kv(12, "SRAM Uncorrectable", e["asu"]),
                    _kv(12, "DRAM Correctable", e["adc"]), _kv(12, "DRAM Uncorrectable", e["adu"])]
        if "ROW_REMAPPER" in sections:
            r = {"corr": 0, "unc": 0, "pending": "No", "failure": "No", "max": 640, "high": 0, "partial": 0, "low": 0, "none": 0}
            r.update(g.get("remap", {}))
            out += ["    Remapped Rows", _kv(8, "Correctable Error", r["corr"]), _kv(8, "Uncorrectable Error", r["unc"]),
                    _kv(8, "Pending", r["pending"]), _kv(8, "Remapping Failure Occurred", r["failure"]),
                    "        Bank Remap Availability Histogram",
                    _kv(12, "Max", f"{r['max']} bank(s)"), _kv(12, "High", f"{r['high']} bank(s)"),
                    _kv(12, "Partial", f"{r['partial']} bank(s)"), _kv(12, "Low", f"{r['low']} bank(s)"),
                    _kv(12, "None", f"{r['none']} bank(s)")]
        if "PIDS" in sections:
            procs = g.get("pids", [])
            if not procs:
                out.append("    Processes                             : None")
            else:
                out.append("    Processes")
                for pr in procs:
                    out += [_kv(8, "GPU instance ID", "N/A"), _kv(8, "Compute instance ID", "N/A"),
                            _kv(8, "Process ID", pr[0]), _kv(12, "Type", "C"), _kv(12, "Name", pr[1]),
                            _kv(12, "Used GPU Memory", f"{pr[2]} MiB")]
        out.append("")
    return out


def smi_table(t, driver, cuda, gpus, name="NVIDIA H100 80GB HBM3", total_mib=81559):
    """Default `nvidia-smi` table (R535+ layout). gpus: dicts bus, temp, power, mem_used, util, pids[(pid,name,mib)]"""
    w = 87
    sep = "+-----------------------------------------+----------------------+----------------------+"
    def row(*cells):
        return "|" + "|".join(cells) + "|"
    out = [ctime(t) + "       ",
           "+" + "-" * w + "+",
           "|" + f" NVIDIA-SMI {driver:<22}Driver Version: {driver:<13}CUDA Version: {cuda:<9}".ljust(w) + "|",
           "|-----------------------------------------+----------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                      |               MIG M. |",
           "|=========================================+======================+======================|"]
    for i, g in enumerate(gpus):
        out.append(row(f" {i:>3}  {name[:29]:<31}On  ", f" {pci_full(g['bus'])} Off ", f"{str(g.get('ecc_unc', 0)):>21} "))
        pw = f"{g.get('power', 70)}W / 700W" if "pw" not in g else g["pw"]
        head = f"N/A   {str(g.get('temp', 33)) + 'C' if 'tmp' not in g else g['tmp']:>3}    {g.get('pstate', 'P0')}"
        mem = f"{g.get('mem_used', 4)}MiB / {total_mib}MiB"
        util = f"{g.get('util', 0)}%" if "ut" not in g else g["ut"]
        out.append(row(" " + head + " " * (39 - len(head) - len(pw)) + pw + " ", f"{mem:>21} ", f"{util:>8}      Default "))
        out.append("|                                         |                      |             Disabled |")
        out.append(sep)
    out += ["", "+" + "-" * w + "+",
            "| Processes:                                                                            |",
            "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
            "|        ID   ID                                                             Usage      |",
            "|" + "=" * w + "|"]
    any_p = False
    for i, g in enumerate(gpus):
        for pid, pname, mib in g.get("pids", []):
            any_p = True
            out.append("|" + f"  {i:>4}   N/A  N/A  {pid:>9}      C   {pname:<38}{str(mib) + 'MiB':>11} ".ljust(w) + "|")
    if not any_p:
        out.append("|  No running processes found                                                           |")
    out.append("+" + "-" * w + "+")
    return out


# ---------------------------------------------------------------------------
# network / storage diagnostics
# ---------------------------------------------------------------------------
def ibstat(rng, hcas, overrides=None, fw="28.39.1002", ca_type="MT4129", rate=400):
    overrides = overrides or {}
    out = []
    for i, h in enumerate(hcas):
        o = {"State": "Active", "Physical state": "LinkUp", "Rate": rate}
        o.update(overrides.get(h, {}))
        guid = f"0x{rng.randint(0xa088c20300000000, 0xa088c203ffffffff):016x}"
        out += [f"CA '{h}'", f"\tCA type: {ca_type}", "\tNumber of ports: 1", f"\tFirmware version: {fw}",
                "\tHardware version: 0", f"\tNode GUID: {guid}", f"\tSystem image GUID: {guid}", "\tPort 1:",
                f"\t\tState: {o['State']}", f"\t\tPhysical state: {o['Physical state']}", f"\t\tRate: {o['Rate']}",
                f"\t\tBase lid: {rng.randint(10, 2000)}", "\t\tLMC: 0", "\t\tSM lid: 1",
                "\t\tCapability mask: 0xa751e848", f"\t\tPort GUID: {guid}", "\t\tLink layer: InfiniBand"]
    return out


def perfquery(rng, lid, counters=None):
    c = {"SymbolErrorCounter": 0, "LinkErrorRecoveryCounter": 0, "LinkDownedCounter": 0, "PortRcvErrors": 0,
         "PortRcvRemotePhysicalErrors": 0, "PortRcvSwitchRelayErrors": 0, "PortXmitDiscards": 0,
         "PortXmitConstraintErrors": 0, "PortRcvConstraintErrors": 0, "CounterSelect2": "0x00",
         "LocalLinkIntegrityErrors": 0, "ExcessiveBufferOverrunErrors": 0, "VL15Dropped": 0,
         "PortXmitData": 4294967295, "PortRcvData": 4294967295, "PortXmitPkts": rng.randint(10**8, 4 * 10**9),
         "PortRcvPkts": rng.randint(10**8, 4 * 10**9), "PortXmitWait": rng.randint(0, 10**6)}
    c.update(counters or {})
    out = [f"# Port counters: Lid {lid} port 1 (CapMask: 0x5A00)", "PortSelect:......................1",
           "CounterSelect:...................0x0000"]
    for k, v in c.items():
        out.append(f"{k + ':':.<33}{v}")
    return out


def df_h(rows):
    out = ["Filesystem                     Size  Used Avail Use% Mounted on"]
    for r in rows:
        out.append(f"{r[0]:<30} {r[1]:>5} {r[2]:>5} {r[3]:>5} {r[4]:>4} {r[5]}")
    return out


def std_df(rng, shared=None, local_use=None, local_mount="/raid"):
    rows = [("/dev/nvme0n1p2", "1.8T", f"{rng.randint(80, 300)}G", "1.5T", f"{rng.randint(6, 18)}%", "/"),
            ("tmpfs", "1008G", f"{rng.randint(1, 30)}G", "990G", f"{rng.randint(1, 3)}%", "/dev/shm"),
            ("/dev/nvme0n1p1", "511M", "6.1M", "505M", "2%", "/boot/efi")]
    if local_use is None:
        rows.append(("/dev/md0", "28T", f"{rng.randint(2, 9)}.{rng.randint(0, 9)}T", "20T", f"{rng.randint(8, 30)}%", local_mount))
    else:
        rows.append(("/dev/md0",) + tuple(local_use) + (local_mount,))
    rows += list(shared or [])
    return df_h(rows)


def ip_addr(rng, ifaces):
    """ifaces: list of (name, ip/prefix, state, kind)"""
    out = ["1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000",
           "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00",
           "    inet 127.0.0.1/8 scope host lo", "       valid_lft forever preferred_lft forever"]
    for i, (name, cidr, state, kind) in enumerate(ifaces, start=2):
        if kind == "ib":
            out.append(f"{i}: {name}: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 2044 qdisc mq state {state} group default qlen 256")
            out.append(f"    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:a0:88:c2:03:00:{rng.randint(16, 255):02x}:{rng.randint(16, 255):02x}:{rng.randint(16, 255):02x} brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff")
        else:
            flags = "<BROADCAST,MULTICAST,UP,LOWER_UP>" if state == "UP" else "<NO-CARRIER,BROADCAST,MULTICAST,UP>"
            out.append(f"{i}: {name}: {flags} mtu {9000 if kind == 'roce' else 1500} qdisc mq state {state} group default qlen 1000")
            out.append(f"    link/ether {':'.join(f'{rng.randint(0, 255):02x}' for _ in range(6))} brd ff:ff:ff:ff:ff:ff")
        ip, pfx = cidr.split("/")
        parts = ip.split(".")
        brd = ".".join(parts[:3] + ["255"])
        out.append(f"    inet {cidr} brd {brd} scope global {name}")
        out.append("       valid_lft forever preferred_lft forever")
    return out


def ipmi_sel(rng, t0, events):
    """ipmitool sel list. events: list of (datetime, sensor, desc, state)"""
    out = []
    base = rng.randint(0x100, 0x600)
    for i, (t, sensor, desc, state) in enumerate(events):
        out.append(f" {base + i:>4x} | {t.strftime('%m/%d/%Y')} | {t.strftime('%H:%M:%S')} | {sensor} | {desc} | {state}")
    return out


def py_frames(frames):
    """frames: list of (file, line, func, code)"""
    out = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(f'  File "{f}", line {ln}, in {fn}')
        if code:
            out.append(f"    {code}")
    return out


def prefix(lines, pfx):
    return [pfx + ln for ln in lines]
