"""Shared helpers for the az (set 55) corpus: timestamps, log fragments, bundles.

Everything is deterministic: callers pass a seeded random.Random and fixed datetimes.
"""
from __future__ import annotations

import datetime as _dt
import random

UTC = _dt.timezone.utc

# PCI bus ids in GPU-index order for the two baseboards used in this set.
PCI_H100 = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
PCI_A100 = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]

PY = "/usr/local/lib/python3.10/dist-packages"


def T(s: str) -> _dt.datetime:
    """Parse 'YYYY-mm-dd HH:MM:SS[.ffffff]' as a naive UTC datetime."""
    fmt = "%Y-%m-%d %H:%M:%S.%f" if "." in s else "%Y-%m-%d %H:%M:%S"
    return _dt.datetime.strptime(s, fmt)


def add(dt: _dt.datetime, seconds: float) -> _dt.datetime:
    return dt + _dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- timestamps
def iso(dt, tz="+00:00", digits=6):
    frac = f"{dt.microsecond:06d}"[:digits]
    return f"{dt:%Y-%m-%dT%H:%M:%S}.{frac}{tz}"


def pyts(dt):
    """Python logging default asctime: 2024-05-03 11:22:33,123"""
    return f"{dt:%Y-%m-%d %H:%M:%S},{dt.microsecond // 1000:03d}"


def glog(level, dt, tid, src, msg):
    """torch elastic / c10d glog-style line: E0503 11:22:33.123000 1402 file.py:12] msg"""
    return f"{level}{dt:%m%d %H:%M:%S}.{dt.microsecond:06d} {tid} {src}] {msg}"


def c10d(rank, level, dt, src, msg, rng=None):
    ns = dt.microsecond * 1000 + (rng.randint(0, 999) if rng else 0)
    pre = f"[rank{rank}]:" if rank is not None else ""
    return f"{pre}[{level}{dt:%m%d %H:%M:%S}.{ns:09d} {src}] {msg}"


def dmesg_T(dt):
    return f"[{dt:%a %b} {dt.day:2d} {dt:%H:%M:%S %Y}]"


def dmesg_raw(uptime):
    return f"[{uptime:12.6f}]"


def syslog(dt, host, proc, msg):
    return f"{dt:%b} {dt.day:2d} {dt:%H:%M:%S} {host} {proc}: {msg}"


def journal(dt, host, proc, msg, tz="+00:00"):
    return f"{iso(dt, tz)} {host} {proc}: {msg}"


def dslog(dt, level, src, msg):
    return f"[{pyts(dt)}] [{level}] [{src}] {msg}"


def epoch(dt):
    return f"{dt.replace(tzinfo=UTC).timestamp():.3f}"


# ---------------------------------------------------------------- fragments
def nccl(host, pid, tid, dev, msg, kind="INFO"):
    return f"{host}:{pid}:{tid} [{dev}] NCCL {kind} {msg}"


def xid(pci, num, pid, name, text):
    return f"NVRM: Xid (PCI:0000:{pci}:00): {num}, pid={pid}, name={name}, {text}"


def traceback(frames, exc, prefix=""):
    """frames: list of (file, line, func, code) ; exc: final exception line(s)."""
    out = [prefix + "Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(f'{prefix}  File "{f}", line {ln}, in {fn}')
        if code:
            out.append(f"{prefix}    {code}")
    if isinstance(exc, str):
        exc = exc.split("\n")
    out.extend(prefix + e for e in exc)
    return out


def cpp_frames(prefix, rng, lib=f"{PY}/torch/lib", first="c10::Error::Error(c10::SourceLocation, std::string) + 0x96",
               names=None):
    names = names or [
        first,
        "c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2",
        "c10d::ProcessGroupNCCL::watchdogHandler() + 0x233",
        "c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d",
        "<unknown function> + 0xdc253",
        "<unknown function> + 0x94ac3",
        "<unknown function> + 0x126850",
    ]
    libs = ["libc10.so", "libtorch_cuda.so", "libtorch_cuda.so", "libtorch_cuda.so",
            "/lib/x86_64-linux-gnu/libstdc++.so.6", "/lib/x86_64-linux-gnu/libc.so.6",
            "/lib/x86_64-linux-gnu/libc.so.6"]
    base = rng.randint(0x7f0000000000, 0x7fffffff0000)
    out = []
    for i, n in enumerate(names):
        l = libs[min(i, len(libs) - 1)]
        path = l if l.startswith("/") else f"{lib}/{l}"
        out.append(f"{prefix}frame #{i}: {n} (0x{base + rng.randint(0, 0xffffff):x} in {path})")
    return out


def watchdog_timeout(rank, dt, seq, op, numel, elapsed_ms, rng, pg="0(default_pg)", timeout_ms=600000,
                     last_enq=None, last_done=None, frames=True, numel_out=None):
    last_enq = seq if last_enq is None else last_enq
    last_done = seq - 1 if last_done is None else last_done
    work = (f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel if numel_out is None else numel_out}, "
            f"Timeout(ms)={timeout_ms})")
    p = f"[rank{rank}]:"
    L = [
        c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:616",
             f"[Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {elapsed_ms} milliseconds before timing out.", rng),
        c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:1785",
             f"[PG ID 0 PG GUID {pg} Rank {rank}] Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_done}.", rng),
        c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:630",
             f"[Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.", rng),
        c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:636",
             f"[Rank {rank}] To avoid data inconsistency, we are taking the entire process down.", rng),
        c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:1595",
             f"[PG ID 0 PG GUID {pg} Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {elapsed_ms} milliseconds before timing out.", rng),
    ]
    if frames:
        L.append(f"{p}Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):")
        L += cpp_frames(p, rng)
        L.append("")
        L.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    return L


def nccl_remote_error(rank, dt, rng, last_error, version="2.21.5", pg="0(default_pg)", seq=None):
    p = f"[rank{rank}]:"
    L = [
        c10d(rank, "E", dt, "ProcessGroupNCCL.cpp:1595",
             f"[PG ID 0 PG GUID {pg} Rank {rank}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version {version}", rng),
        f"{p}ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        f"{p}Last error:",
        f"{p}{last_error}",
        f"{p}Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):",
    ]
    L += cpp_frames(p, rng, names=[
        "c10::Error::Error(c10::SourceLocation, std::string) + 0x96",
        "c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220",
        "c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c",
        "c10d::ProcessGroupNCCL::watchdogHandler() + 0x213",
        "c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d",
        "<unknown function> + 0xdc253",
        "<unknown function> + 0x94ac3",
    ])
    L.append("")
    L.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    return L


def elastic_failure(dt, host, script, failures, tid=140213, binary="/usr/bin/python", root=None,
                    sigterm_pids=(), torch_ver_src="torch/distributed/elastic/multiprocessing/api.py"):
    """torchrun agent output on a node after a worker died.

    failures: list of dicts rank, local_rank, exitcode, pid, tb ('Signal 6 (SIGABRT) received by PID x' or text)
    The first entry is reported as the root cause unless root is given.
    """
    L = []
    for pid in sigterm_pids:
        L.append(glog("W", dt, tid, f"{torch_ver_src}:897", f"Sending process {pid} closing signal SIGTERM"))
    f0 = root or failures[0]
    dt2 = add(dt, 1.4)
    L.append(glog("E", dt2, tid, f"{torch_ver_src}:869",
                  f"failed (exitcode: {f0['exitcode']}) local_rank: {f0['local_rank']} (pid: {f0['pid']}) of binary: {binary}"))
    L += [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        f'  File "{PY}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
        "    return f(*args, **kwargs)",
        f'  File "{PY}/torch/distributed/run.py", line 919, in main',
        "    run(args)",
        f'  File "{PY}/torch/distributed/run.py", line 910, in run',
        "    elastic_launch(",
        f'  File "{PY}/torch/distributed/launcher/api.py", line 138, in __call__',
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        f'  File "{PY}/torch/distributed/launcher/api.py", line 269, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        f"{script} FAILED",
        "------------------------------------------------------------",
        "Failures:",
    ]
    others = [f for f in failures if f is not f0]

    def block(i, f):
        tb = f.get("tb") or "<N/A>"
        return [
            f"[{i}]:",
            f"  time      : {f.get('time', dt):%Y-%m-%d_%H:%M:%S}",
            f"  host      : {host}",
            f"  rank      : {f['rank']} (local_rank: {f['local_rank']})",
            f"  exitcode  : {f['exitcode']} (pid: {f['pid']})",
            "  error_file: <N/A>",
            f"  traceback : {tb}",
        ]
    if not others:
        L.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others, 1):
        L += block(i, f)
    L.append("------------------------------------------------------------")
    L.append("Root Cause (first observed failure):")
    L += block(0, f0)
    L.append("============================================================")
    return L


def sig_tb(sig, pid):
    names = {6: "SIGABRT", 9: "SIGKILL", 7: "SIGBUS", 11: "SIGSEGV", 15: "SIGTERM"}
    return f"Signal {sig} ({names[sig]}) received by PID {pid}"


def smi_table(dt, gpus, procs, driver="535.161.08", cuda="12.2", model="NVIDIA H100 80GB HBM3"):
    """gpus: list of dict(idx, bus, temp, perf, pwr, cap, used, total, util, ecc='0')."""
    L = [
        f"{dt:%a %b} {dt.day:2d} {dt:%H:%M:%S %Y}       ",
        "+---------------------------------------------------------------------------------------+",
        f"| NVIDIA-SMI {driver}             Driver Version: {driver}   CUDA Version: {cuda}     |",
        "|-----------------------------------------+----------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
        "|                                         |                      |               MIG M. |",
        "|=========================================+======================+======================|",
    ]
    for g in gpus:
        name = g.get("model", model)
        L.append(f"| {g['idx']:>3}  {name:<22}    On  | 00000000:{g['bus'].upper()}:00.0 Off |"
                 f" {g.get('ecc', '0'):>20} |")
        L.append(f"| N/A   {g['temp']:>2}C    {g['perf']:<3}        {g['pwr']:>4}W / {g['cap']:>4}W |"
                 f" {g['used']:>8}MiB / {g['total']}MiB | {g['util']:>6}%      Default |")
        L.append("|                                         |                      |             Disabled |")
        L.append("+-----------------------------------------+----------------------+----------------------+")
    L += [
        "",
        "+---------------------------------------------------------------------------------------+",
        "| Processes:                                                                            |",
        "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
        "|        ID   ID                                                             Usage      |",
        "|=======================================================================================|",
    ]
    if not procs:
        L.append("|  No running processes found                                                           |")
    for gpu, pid, name, mem in procs:
        L.append(f"|  {gpu:>4}   N/A  N/A  {pid:>9}      C   {name[:38]:<38} {mem:>7}MiB |")
    L.append("+---------------------------------------------------------------------------------------+")
    return L


def gpus_healthy(rng, n=8, pci=PCI_H100, used=(60000, 72000), util=(92, 100), temp=(38, 52),
                 total=81559, cap=700, pwr=(480, 690)):
    return [dict(idx=i, bus=pci[i], temp=rng.randint(*temp), perf="P0", pwr=rng.randint(*pwr), cap=cap,
                 used=rng.randint(*used), total=total, util=rng.randint(*util)) for i in range(n)]


class Bundle:
    def __init__(self, name):
        self.name = name
        self.files: dict[str, str] = {}
        self.label_data = None
        self.topo = None

    def add(self, path, content):
        if isinstance(content, (list, tuple)):
            content = "\n".join(content) + "\n"
        if path in self.files:
            self.files[path] += content
        else:
            self.files[path] = content
        return self

    def label(self, category, layer, node, rank, action, rationale, modelled_on):
        self.label_data = {
            "category": category,
            "layer": layer,
            "culprit": None if node is None else {"node": node, "rank": rank},
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }
        return self

    def topology(self, mapping):
        self.topo = {"topology": mapping}
        return self


def rng_for(n):
    return random.Random(55_000 + n)


def interleave(rng, *streams):
    """Merge several (dt, line) lists by time, with a stable tie-break."""
    merged = []
    for s in streams:
        merged.extend(s)
    merged.sort(key=lambda x: x[0])
    return [l for _, l in merged]


def pidseq(rng, lo, hi, n=8):
    """PIDs of n worker processes spawned back to back by one launcher."""
    base = rng.randint(lo, hi)
    out, cur = [], base
    for _ in range(n):
        out.append(cur)
        cur += rng.randint(1, 4)
    return out


def hms(sec):
    sec = int(sec)
    h, m, s = sec // 3600, sec % 3600 // 60, sec % 60
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


def pbar(prefix, i, total, sec_per_it, postfix):
    """A tqdm/Lightning progress-bar line."""
    pct = i * 100 // total
    fill = i * 10 // total
    el = i * sec_per_it
    rem = (total - i) * sec_per_it
    rate = f"{sec_per_it:.2f}s/it" if sec_per_it >= 1 else f"{1 / sec_per_it:.2f}it/s"
    return f"{prefix}: {pct:3d}%|{'█' * fill}{' ' * (10 - fill)}| {i}/{total} [{hms(el)}<{hms(rem)}, {rate}, {postfix}]"
