"""Shared helpers for corpus set 56 (prefix ``ba``): sparse and awkward bundles.

Everything here is deterministic: callers pass a seeded ``random.Random`` and
fixed datetimes.  Stdlib only.
"""
from __future__ import annotations

import datetime as dt
import json
import random
from dataclasses import dataclass, field

UTC = dt.UTC
PDT = dt.timezone(dt.timedelta(hours=-7), "PDT")
CEST = dt.timezone(dt.timedelta(hours=2), "CEST")
KST = dt.timezone(dt.timedelta(hours=9), "KST")

PY = "/usr/local/lib/python3.10/dist-packages"
ANSI_RESET = "\x1b[0m"


@dataclass
class Case:
    name: str
    label: dict
    files: dict = field(default_factory=dict)  # relpath -> str | bytes
    topology: dict | None = None

    def add(self, path: str, content):
        if path in self.files:
            raise ValueError(f"{self.name}: duplicate file {path}")
        self.files[path] = content


def label(category, layer, culprit, action, rationale, url):
    if culprit is not None:
        node, rank = culprit
        culprit = {"node": node, "rank": rank}
    return {
        "category": category,
        "layer": layer,
        "culprit": culprit,
        "action": action,
        "rationale": rationale,
        "modelled_on": url,
    }


def crlf(text: str) -> bytes:
    return text.replace("\r\n", "\n").replace("\n", "\r\n").encode("utf-8")


def T(y, mo, d, h, mi, s=0, us=0, tz=UTC):
    return dt.datetime(y, mo, d, h, mi, s, us, tzinfo=tz)


def plus(t, seconds):
    return t + dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- timestamps

def glog_stamp(level: str, t: dt.datetime) -> str:
    """c10d / glog style stamp such as ``E0611 03:24:07.715298746``."""
    extra = (t.microsecond * 7 + t.second * 13) % 1000
    return f"{level}{t:%m%d %H:%M:%S}.{t.microsecond:06d}{extra:03d}"


def c10d(rank, level, t, src, msg):
    """A ProcessGroupNCCL style line with the ``[rankN]:`` prefix of torch >= 2.2."""
    return f"[rank{rank}]:[{glog_stamp(level, t)} {src}] {msg}"


def dmesg_T(t: dt.datetime) -> str:
    return f"[{t:%a %b} {t.day:>2} {t:%H:%M:%S %Y}]"


def dmesg_raw(uptime: float) -> str:
    sec = int(uptime)
    us = round((uptime - sec) * 1e6) % 1000000
    return f"[{sec:5d}.{us:06d}]"


def journal_iso(t: dt.datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond:06d}" + t.strftime("%z")


def syslog_stamp(t: dt.datetime) -> str:
    return f"{t:%b} {t.day:>2} {t:%H:%M:%S}"


def elastic_old(t: dt.datetime, level: str, logger: str, msg: str) -> str:
    """torch 2.0-2.2 elastic agent log line."""
    return f"[{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}] {logger}: [{level}] {msg}"


def elastic_new(t: dt.datetime, level: str, pid: int, src: str, msg: str) -> str:
    """torch >= 2.4 elastic agent log line (glog style via torch._logging)."""
    return f"{level}{t:%m%d %H:%M:%S}.{t.microsecond:06d} {pid} {src}] {msg}"


def iso_ms(t: dt.datetime) -> str:
    return t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


# ---------------------------------------------------------------- torch text

def watchdog_block(rank, t, seq, op, numel, timeout_ms=600000, pg="0", enq=None, done=None,
                   ran_extra=None, src_line=616, pg_desc=None):
    ran = timeout_ms + (ran_extra if ran_extra is not None else 20 + (rank * 37) % 80)
    enq = seq if enq is None else enq
    done = seq - 1 if done is None else done
    head = f"[PG {pg} Rank {rank}]" if pg_desc is None else f"[PG ID {pg} PG GUID {pg}({pg_desc}) Rank {rank}]"
    work = (f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, "
            f"Timeout(ms)={timeout_ms})")
    lines = [
        c10d(rank, "E", t, f"ProcessGroupNCCL.cpp:{src_line}",
             f"[Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out."),
        c10d(rank, "E", plus(t, 0.0003), "ProcessGroupNCCL.cpp:1785",
             f"{head} Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {enq}, last completed NCCL work: {done}."),
        c10d(rank, "E", plus(t, 0.0004), "ProcessGroupNCCL.cpp:1834",
             f"{head} Timeout at NCCL work: {seq}, last enqueued NCCL work: {enq}, last completed NCCL work: {done}."),
        c10d(rank, "E", plus(t, 0.0005), "ProcessGroupNCCL.cpp:630",
             f"[Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."),
        c10d(rank, "E", plus(t, 0.0006), "ProcessGroupNCCL.cpp:636",
             f"[Rank {rank}] To avoid data inconsistency, we are taking the entire process down."),
        c10d(rank, "E", plus(t, 0.0009), "ProcessGroupNCCL.cpp:1595",
             f"{head} Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out."),
    ]
    return lines


def cpp_frames_watchdog(lib=f"{PY}/torch/lib"):
    return [
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3a1c8b9446 in {lib}/libc10.so)",
        f"frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f39d1e0c772 in {lib}/libtorch_cuda.so)",
        f"frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f39d1e13bb3 in {lib}/libtorch_cuda.so)",
        f"frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f39d1e1561d in {lib}/libtorch_cuda.so)",
        "frame #4: <unknown function> + 0xdc253 (0x7f3a1b2b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f3a1e9d8ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: <unknown function> + 0x126850 (0x7f3a1ea6a850 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
    ]


def cuda_error_tail():
    return [
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
    ]


def child_failed_block(script, failures, root, py=PY):
    """torchrun ChildFailedError summary.  failures/root: dicts time, host, rank, local, exitcode, pid, tb"""
    out = [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        f'  File "{py}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
        "    return f(*args, **kwargs)",
        f'  File "{py}/torch/distributed/run.py", line 919, in main',
        "    run(args)",
        f'  File "{py}/torch/distributed/run.py", line 910, in run',
        "    elastic_launch(",
        f'  File "{py}/torch/distributed/launcher/api.py", line 138, in __call__',
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        f'  File "{py}/torch/distributed/launcher/api.py", line 269, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        f"{script} FAILED",
        "------------------------------------------------------------",
        "Failures:",
    ]
    if not failures:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(failures, 1):
        out += _fail_entry(i, f)
    out += ["------------------------------------------------------------", "Root Cause (first observed failure):"]
    out += _fail_entry(0, root)
    out.append("============================================================")
    return out


def _fail_entry(i, f):
    code = f["exitcode"]
    tb = f.get("tb")
    if tb is None:
        if isinstance(code, int) and code < 0:
            sig = {-6: "6 (SIGABRT)", -9: "9 (SIGKILL)", -11: "11 (SIGSEGV)", -15: "15 (SIGTERM)"}[code]
            tb = f"Signal {sig} received by PID {f['pid']}"
        else:
            tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
    return [
        f"[{i}]:",
        f"  time      : {f['time']:%Y-%m-%d_%H:%M:%S}",
        f"  host      : {f['host']}",
        f"  rank      : {f['rank']} (local_rank: {f['local']})",
        f"  exitcode  : {code} (pid: {f['pid']})",
        "  error_file: <N/A>",
        f"  traceback : {tb}",
    ]


def nccl_banner(host, pid, dev, version):
    return f"{host}:{pid}:{pid} [{dev}] NCCL INFO NCCL version {version}"


def nccl_init_lines(host, pid, tid, dev, rank, nranks, busid, nnodes, version, ib_if="ib0", ip="10.0.0.1",
                    hca="mlx5_0:1/IB"):
    return [
        f"{host}:{pid}:{pid} [{dev}] NCCL INFO Bootstrap : Using {ib_if}:{ip}<0>",
        f"{host}:{pid}:{pid} [{dev}] NCCL INFO cudaDriverVersion 12040",
        f"{host}:{pid}:{tid} [{dev}] NCCL INFO NET/IB : Using [0]{hca} [1]{hca.replace('mlx5_0', 'mlx5_3')} ; OOB {ib_if}:{ip}<0>",
        f"{host}:{pid}:{tid} [{dev}] NCCL INFO Using network IB",
        f"{host}:{pid}:{tid} [{dev}] NCCL INFO comm 0x{0x55d7b8c3a000 + rank * 0x1e0:x} rank {rank} nRanks {nranks} nNodes {nnodes} localRanks 8 localRank {dev} MNNVL 0",
        f"{host}:{pid}:{tid} [{dev}] NCCL INFO comm 0x{0x55d7b8c3a000 + rank * 0x1e0:x} rank {rank} nranks {nranks} cudaDev {dev} nvmlDev {dev} busId {busid} commId 0x7c1f2e8a90b3d4e1 - Init COMPLETE",
    ]


H100_BUS = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
A100_BUS = ["07000", "0f000", "47000", "4e000", "87000", "90000", "b7000", "bd000"]


def bus_to_pci(busid: str) -> str:
    return f"0000:{busid[:2]}:00"


def json_line(obj) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def table(rows, widths, right=None):
    """Fixed width table like sacct prints (right-aligned by default)."""
    right = right if right is not None else [True] * len(widths)
    out = []
    for r in rows:
        cells = []
        for v, w, ra in zip(r, widths, right, strict=True):
            v = str(v)
            if len(v) > w:
                v = v[: w - 1] + "+"
            cells.append(v.rjust(w) if ra else v.ljust(w))
        out.append(" ".join(cells) + " ")
    return out


def sacct_text(rows):
    hdr = ["JobID", "JobName", "Partition", "Account", "AllocCPUS", "State", "ExitCode", "Elapsed", "NodeList"]
    w = [12, 10, 10, 10, 10, 10, 8, 10, 20]
    ra = [False, True, True, True, True, True, True, True, True]
    lines = table([hdr], w, ra)
    lines.append(" ".join("-" * x for x in w) + " ")
    lines += table(rows, w, ra)
    return "\n".join(lines) + "\n"


def scontrol_job(jobid, name, user, uid, state, reason, exitcode, start, end, limit, nodelist, nnodes,
                 ncpus, workdir, stdout, runtime, partition="batch", requeue=0, restarts=0, extra=None):
    lines = [
        f"JobId={jobid} JobName={name}",
        f"   UserId={user}({uid}) GroupId={user}({uid}) MCS_label=N/A",
        "   Priority=4294901757 Nice=0 Account=ml-research QOS=normal",
        f"   JobState={state} Reason={reason} Dependency=(null)",
        f"   Requeue={requeue} Restarts={restarts} BatchFlag=1 Reboot=0 ExitCode={exitcode}",
        f"   RunTime={runtime} TimeLimit={limit} TimeMin=N/A",
        f"   SubmitTime={start - dt.timedelta(minutes=17):%Y-%m-%dT%H:%M:%S} EligibleTime={start - dt.timedelta(minutes=17):%Y-%m-%dT%H:%M:%S}",
        "   AccrueTime=Unknown",
        f"   StartTime={start:%Y-%m-%dT%H:%M:%S} EndTime={end:%Y-%m-%dT%H:%M:%S} Deadline=N/A",
        "   SuspendTime=None SecsPreSuspend=0 LastSchedEval=" + f"{start:%Y-%m-%dT%H:%M:%S}" + " Scheduler=Main",
        f"   Partition={partition} AllocNode:Sid=login-02:1882231",
        "   ReqNodeList=(null) ExcNodeList=(null)",
        f"   NodeList={nodelist}",
        f"   BatchHost={nodelist.split('[')[0]}{nodelist.split('[')[1].split('-')[0].split(',')[0] if '[' in nodelist else ''}",
        f"   NumNodes={nnodes} NumCPUs={ncpus} NumTasks={nnodes} CPUs/Task={ncpus // nnodes} ReqB:S:C:T=0:0:*:*",
        f"   ReqTRES=cpu={ncpus},mem={nnodes * 1800}G,node={nnodes},billing={ncpus},gres/gpu={nnodes * 8}",
        f"   AllocTRES=cpu={ncpus},mem={nnodes * 1800}G,node={nnodes},billing={ncpus},gres/gpu={nnodes * 8}",
        "   Socks/Node=* NtasksPerN:B:S:C=1:0:*:* CoreSpec=*",
        "   MinCPUsNode=1 MinMemoryNode=1800G MinTmpDiskNode=0",
        "   Features=(null) DelayBoot=00:00:00",
        "   OverSubscribe=NO Contiguous=0 Licenses=(null) Network=(null)",
        f"   Command={workdir}/launch.sbatch",
        f"   WorkDir={workdir}",
        f"   StdErr={stdout}",
        "   StdIn=/dev/null",
        f"   StdOut={stdout}",
        "   TresPerNode=gres/gpu:8",
    ]
    if extra:
        lines += extra
    return "\n".join(lines) + "\n"


def tqdm_cr_line(prefix, total, steps, rate_fn, start_step=0, width=None):
    """One physical line holding many ``\r`` separated tqdm refreshes (as tqdm writes to a file)."""
    parts = []
    for i in range(start_step, start_step + steps):
        pct = int(100 * i / total)
        rate = rate_fn(i)
        elapsed = int(i / rate) if rate else 0
        remain = int((total - i) / rate) if rate else 0
        bar_len = 10
        filled = int(bar_len * i / total)
        bar = "\u2588" * filled + " " * (bar_len - filled)
        parts.append(f"{prefix}: {pct:3d}%|{bar}| {i}/{total} [{elapsed // 3600:02d}:{elapsed % 3600 // 60:02d}:{elapsed % 60:02d}<{remain // 3600:02d}:{remain % 3600 // 60:02d}:{remain % 60:02d}, {rate:.2f}it/s]")
    return "\r" + "\r".join(parts)


def rng_for(n: int) -> random.Random:
    return random.Random(560000 + n)
