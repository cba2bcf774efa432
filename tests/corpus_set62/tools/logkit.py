"""Small, deterministic helpers that render log lines in the formats real
multi-node PyTorch jobs produce (torchrun/elastic, c10d glog, NCCL INFO,
Megatron iteration lines, HF Trainer, dmesg, journald, syslog, Slurm).

Standard library only.  Every function is pure given its arguments (random
choices come from a caller-supplied random.Random).
"""

import datetime as dt

UTC = dt.timezone.utc


def tz(hours, minutes=0):
    return dt.timezone(dt.timedelta(hours=hours, minutes=minutes))


def at(y, mo, d, h, mi, s=0, us=0, tzinfo=UTC):
    return dt.datetime(y, mo, d, h, mi, s, us, tzinfo=tzinfo)


def plus(t, seconds=0.0, minutes=0.0, hours=0.0):
    return t + dt.timedelta(seconds=seconds, minutes=minutes, hours=hours)


# --------------------------------------------------------------------------
# timestamp styles
# --------------------------------------------------------------------------

def glog(level, t, pid, src):
    """absl/glog style used by torch.distributed.elastic:  W0312 09:12:44.081000 140234 path:line]"""
    return f"{level}{t:%m%d %H:%M:%S}.{t.microsecond:06d} {pid} {src}]"


def c10(level, t, src, rank=None, ns_extra=0):
    """c10 logging (TORCH_CPP_LOG):  [rank3]:[E312 09:12:44.081233245 ProcessGroupNCCL.cpp:632]"""
    ns = f"{t.microsecond:06d}{ns_extra % 1000:03d}"
    core = f"[{level}{t.month}{t.day:02d} {t:%H:%M:%S}.{ns} {src}]"
    if rank is None:
        return core
    return f"[rank{rank}]:{core}"


def pylog(t, level, name, fmt="std"):
    if fmt == "std":
        return f"{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d} - {name} - {level} -"
    if fmt == "bracket":
        return f"[{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}] [{level}] [{name}]"
    if fmt == "iso":
        return f"{t.isoformat(timespec='milliseconds')} {level:<7} {name}:"
    raise ValueError(fmt)


def dmesg_T(t):
    return f"[{t:%a %b %d %H:%M:%S %Y}]"


def dmesg_up(seconds):
    whole = int(seconds)
    frac = int(round((seconds - whole) * 1_000_000)) % 1_000_000
    return f"[{whole:5d}.{frac:06d}]"


def syslog(t, host, proc="kernel"):
    day = f"{t.day:2d}"
    return f"{t:%b} {day} {t:%H:%M:%S} {host} {proc}:"


def journal(t, host, proc="kernel"):
    return f"{t.isoformat(timespec='microseconds')} {host} {proc}:"


def iso(t):
    return t.isoformat(timespec="seconds")


def slurm_ts(t):
    return f"{t:%Y-%m-%dT%H:%M:%S}"


def epoch(t):
    return f"{t.timestamp():.3f}"


# --------------------------------------------------------------------------
# torchrun / elastic
# --------------------------------------------------------------------------

ELASTIC_API = "torch/distributed/elastic/agent/server/api.py"
ELASTIC_MP = "torch/distributed/elastic/multiprocessing/api.py"
RUN_PY = "torch/distributed/run.py"


def torchrun_banner(t, pid, nproc):
    return [
        f"{glog('W', t, pid, RUN_PY + ':793')} ",
        f"{glog('W', t, pid, RUN_PY + ':793')} *****************************************",
        f"{glog('W', t, pid, RUN_PY + ':793')} Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, "
        f"to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
        f"{glog('W', t, pid, RUN_PY + ':793')} *****************************************",
    ]


def launch_configs(t, pid, *, entry, nnodes, nproc, run_id, backend, endpoint, max_restarts=0,
                   timeout=900, logger="torch.distributed.launcher.api"):
    mn, mx = (nnodes, nnodes) if isinstance(nnodes, int) else nnodes
    return [
        f"{glog('I', t, pid, 'torch/distributed/launcher/api.py:188')} Starting elastic_operator with launch configs:",
        f"  entrypoint       : {entry}",
        f"  min_nodes        : {mn}",
        f"  max_nodes        : {mx}",
        f"  nproc_per_node   : {nproc}",
        f"  run_id           : {run_id}",
        f"  rdzv_backend     : {backend}",
        f"  rdzv_endpoint    : {endpoint}",
        f"  rdzv_configs     : {{'timeout': {timeout}}}",
        f"  max_restarts     : {max_restarts}",
        f"  monitor_interval : 0.1",
        f"  log_dir          : /tmp/torchelastic_{run_id}",
        f"  metrics_cfg      : {{}}",
        "",
    ]


def rdzv_result(t, pid, *, restart_count, master, port, group_rank, group_world, nproc):
    base = group_rank * nproc
    ranks = list(range(base, base + nproc))
    world = group_world * nproc
    return [
        f"{glog('I', t, pid, ELASTIC_API + ':525')} [default] Rendezvous complete for workers. Result:",
        f"  restart_count={restart_count}",
        f"  master_addr={master}",
        f"  master_port={port}",
        f"  group_rank={group_rank}",
        f"  group_world_size={group_world}",
        f"  local_ranks={list(range(nproc))}",
        f"  role_ranks={ranks}",
        f"  global_ranks={ranks}",
        f"  role_world_sizes={[world] * nproc}",
        f"  global_world_sizes={[world] * nproc}",
        "",
        f"{glog('I', t, pid, ELASTIC_API + ':533')} [default] Starting worker group",
    ]


def elastic_failed(t, pid, exitcode, local_rank, child_pid, binary="/usr/bin/python3"):
    return f"{glog('E', t, pid, ELASTIC_MP + ':826')} failed (exitcode: {exitcode}) local_rank: {local_rank} (pid: {child_pid}) of binary: {binary}"


def elastic_sigterm(t, pid, child_pids):
    return [f"{glog('W', t, pid, ELASTIC_MP + ':897')} Sending process {p} closing signal SIGTERM" for p in child_pids]


def child_failed_summary(script, failures, root):
    """failures/root: dicts with time, host, rank, local_rank, exitcode, pid, traceback."""
    def block(idx, f):
        return [
            f"[{idx}]:",
            f"  time      : {f['time']}",
            f"  host      : {f['host']}",
            f"  rank      : {f['rank']} (local_rank: {f['local_rank']})",
            f"  exitcode  : {f['exitcode']} (pid: {f['pid']})",
            f"  error_file: {f.get('error_file', '<N/A>')}",
            f"  traceback : {f['traceback']}",
        ]
    out = [
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
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        f"{script} FAILED",
        "------------------------------------------------------------",
        "Failures:",
    ]
    if failures:
        for i, f in enumerate(failures, 1):
            out += block(i, f)
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out += ["------------------------------------------------------------",
            "Root Cause (first observed failure):"]
    out += block(0, root)
    out.append("============================================================")
    return out


# --------------------------------------------------------------------------
# NCCL
# --------------------------------------------------------------------------

def nccl_prefix(host, pid, tid, dev):
    return f"{host}:{pid}:{tid} [{dev}]"


def nccl_init_flood(rng, host, pids, first_rank, nranks, *, ib_devs=("mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5"),
                    oob_if="ib0", oob_ip="10.0.0.1", version="2.21.5+cuda12.4", driver=12040,
                    channels=8, plugin_notice=True, bus_ids=None, print_version=False, net="IB"):
    """Return NCCL INFO init lines for the local ranks of one node (interleaved like real logs)."""
    nloc = len(pids)
    bus_ids = bus_ids or ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"][:nloc]
    comm_id = f"0x{rng.getrandbits(60):015x}"
    lines = []
    for lr, pid in enumerate(pids):
        pre = nccl_prefix(host, pid, pid, lr)
        if plugin_notice:
            lines.append(f"{pre} NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.")
        lines.append(f"{pre} NCCL INFO cudaDriverVersion {driver}")
        lines.append(f"{pre} NCCL INFO Bootstrap : Using {oob_if}:{oob_ip}<0>")
        if print_version and first_rank + lr == 0:
            lines.append(f"{pre} NCCL INFO NCCL version {version}")
    for lr, pid in enumerate(pids):
        tid = pid + 60 + lr
        pre = nccl_prefix(host, pid, tid, lr)
        if net == "IB":
            devs = " ".join(f"[{i}]{d}:1/IB" for i, d in enumerate(ib_devs))
            lines.append(f"{pre} NCCL INFO NET/IB : Using {devs} [RO]; OOB {oob_if}:{oob_ip}<0>")
            lines.append(f"{pre} NCCL INFO Using non-device net plugin version 0")
            lines.append(f"{pre} NCCL INFO Using network IB")
        else:
            lines.append(f"{pre} NCCL INFO NET/Socket : Using [0]{oob_if}:{oob_ip}<0>")
            lines.append(f"{pre} NCCL INFO Using network Socket")
    ptrs = [f"0x{rng.getrandbits(44):011x}" for _ in pids]
    for lr, pid in enumerate(pids):
        tid = pid + 60 + lr
        pre = nccl_prefix(host, pid, tid, lr)
        r = first_rank + lr
        lines.append(f"{pre} NCCL INFO comm {ptrs[lr]} rank {r} nranks {nranks} cudaDev {lr} nvmlDev {lr} "
                     f"busId {bus_ids[lr]} commId {comm_id} - Init START")
    for lr, pid in enumerate(pids):
        tid = pid + 60 + lr
        pre = nccl_prefix(host, pid, tid, lr)
        mask = "ffffffff,00000000" if lr < nloc // 2 else "00000000,ffffffff"
        lines.append(f"{pre} NCCL INFO Setting affinity for GPU {lr} to {mask}")
        lines.append(f"{pre} NCCL INFO NVLS multicast support is available on dev {lr}")
    for ch in range(channels):
        for lr, pid in enumerate(pids):
            tid = pid + 60 + lr
            pre = nccl_prefix(host, pid, tid, lr)
            r = first_rank + lr
            if lr == nloc - 1:
                nxt = (r + 1) % nranks
                dev = ib_devs[ch % len(ib_devs)] if net == "IB" else oob_if
                lines.append(f"{pre} NCCL INFO Channel {ch:02d}/0 : {r}[{lr}] -> {nxt}[0] [send] via NET/{net}/{ch % max(1, len(ib_devs))}/GDRDMA")
            else:
                lines.append(f"{pre} NCCL INFO Channel {ch:02d}/0 : {r}[{lr}] -> {r + 1}[{lr + 1}] via P2P/CUMEM/read")
    for lr, pid in enumerate(pids):
        tid = pid + 60 + lr
        pre = nccl_prefix(host, pid, tid, lr)
        lines.append(f"{pre} NCCL INFO Connected all rings")
        lines.append(f"{pre} NCCL INFO Connected all trees")
        lines.append(f"{pre} NCCL INFO threadThresholds 8/8/64 | {8 * nranks}/8/64 | 512 | 512")
        lines.append(f"{pre} NCCL INFO {channels * 2} coll channels, {channels * 2} collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer")
        lines.append(f"{pre} NCCL INFO TUNER/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-tuner.so")
        lines.append(f"{pre} NCCL INFO TUNER/Plugin: Using internal tuner plugin.")
        r = first_rank + lr
        lines.append(f"{pre} NCCL INFO ncclCommInitRank comm {ptrs[lr]} rank {r} nranks {nranks} cudaDev {lr} nvmlDev {lr} "
                     f"busId {bus_ids[lr]} commId {comm_id} - Init COMPLETE")
    return lines


# --------------------------------------------------------------------------
# c10d watchdog / CUDA error blocks
# --------------------------------------------------------------------------

def watchdog_timeout(t, rank, seq, optype="ALLREDUCE", numel=131072000, timeout_ms=600000, ran_ms=None,
                     pg="0 (default_pg)"):
    ran_ms = ran_ms or timeout_ms + 37
    p = lambda src, k=0: c10("E", t, src, rank, k)
    return [
        f"{p('ProcessGroupNCCL.cpp:632', 101)} [Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, "
        f"OpType={optype}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out.",
        f"{p('ProcessGroupNCCL.cpp:2271', 377)} [PG {pg} Rank {rank}]  failure detected by watchdog at work sequence id: {seq} PG status: last enqueued work: {seq + 1}, last completed work: {seq - 1}",
        f"{p('ProcessGroupNCCL.cpp:670', 402)} Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        f"{p('ProcessGroupNCCL.cpp:684', 511)} [Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        f"{p('ProcessGroupNCCL.cpp:698', 530)} [Rank {rank}] To avoid data inconsistency, we are taking the entire process down.",
        f"{p('ProcessGroupNCCL.cpp:1899', 902)} [PG {pg} Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught "
        f"collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={optype}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [PG {pg} Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: "
        f"WorkNCCL(SeqNum={seq}, OpType={optype}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out.",
    ]


def cxx_frames(kind="cuda"):
    if kind == "cuda":
        return [
            "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3c5e37a446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
            "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f3c5e3246e4 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
            "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f3c5e46aa18 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10_cuda.so)",
            "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f3c5f6f1726 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
            "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (0x7f3c5f6f63f0 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
            "frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da (0x7f3c5f6fdb5a in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
            "frame #6: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3c5f6ff61d in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
            "frame #7: <unknown function> + 0xdc253 (0x7f3cadab0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
            "frame #8: <unknown function> + 0x94ac3 (0x7f3cb6d0aac3 in /lib/x86_64-linux-gnu/libc.so.6)",
            "frame #9: clone + 0x44 (0x7f3cb6d9ba04 in /lib/x86_64-linux-gnu/libc.so.6)",
        ]
    return []


def watchdog_cuda_error(t, rank, msg, pg="0 (default_pg)"):
    """A rank whose own GPU raised an async CUDA error (seen by the c10d watchdog)."""
    head = c10("E", t, "ProcessGroupNCCL.cpp:1595", rank, 233)
    body = [
        f"{head} [PG {pg} Rank {rank}] Process group watchdog thread terminated with exception: CUDA error: {msg}",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
        "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
    ] + cxx_frames() + [
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [PG {pg} Rank {rank}] Process group watchdog thread terminated with exception: CUDA error: {msg}",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    ]
    return body


# --------------------------------------------------------------------------
# training progress
# --------------------------------------------------------------------------

def megatron_iter(t, it, total, *, loss, lr, ms, gbs, tflops, grad_norm, skipped=0, nan=0, loss_scale="1.0",
                  consumed=None):
    consumed = consumed if consumed is not None else it * gbs
    ln = f"{loss:.6E}" if isinstance(loss, float) and loss == loss else "nan"
    gn = f"{grad_norm:.3f}" if isinstance(grad_norm, float) and grad_norm == grad_norm else "nan"
    return (f" [{t:%Y-%m-%d %H:%M:%S}] iteration {it:8d}/{total:8d} | consumed samples: {consumed:12d} | "
            f"elapsed time per iteration (ms): {ms:.1f} | throughput per GPU (TFLOP/s/GPU): {tflops:.1f} | "
            f"learning rate: {lr:.6E} | global batch size: {gbs:5d} | lm loss: {ln} | loss scale: {loss_scale} | "
            f"grad norm: {gn} | number of skipped iterations: {skipped:3d} | number of nan iterations: {nan:3d} |")


def hf_loss(loss, grad_norm, lr, epoch):
    return f"{{'loss': {loss:.4f}, 'grad_norm': {grad_norm:.4f}, 'learning_rate': {lr:.4e}, 'epoch': {epoch:.2f}}}"


def tqdm_bar(done, total, elapsed_s, rate_s_per_it, width=10):
    pct = int(100 * done / total)
    fill = int(width * done / total)
    frac = (width * done / total) - fill
    parts = " ▏▎▍▌▋▊▉"
    bar = "█" * fill + (parts[int(frac * 8)] if fill < width else "")
    bar = bar.ljust(width)
    rem = (total - done) * rate_s_per_it

    def hms(s):
        s = int(s)
        h, s = divmod(s, 3600)
        m, s = divmod(s, 60)
        return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"
    return f"{pct:3d}%|{bar}| {done}/{total} [{hms(elapsed_s)}<{hms(rem)}, {rate_s_per_it:.2f}s/it]"


# --------------------------------------------------------------------------
# kernel / driver lines
# --------------------------------------------------------------------------

def xid(pci, code, text, pid=None, name="python3"):
    if pid is None:
        return f"NVRM: Xid (PCI:{pci}): {code}, {text}"
    return f"NVRM: Xid (PCI:{pci}): {code}, pid={pid}, name={name}, {text}"


def sacct_table(jobid, rows, fmt_header=None):
    """rows: list of tuples (JobID, JobName, Partition, Start, End, Elapsed, State, ExitCode, NodeList)."""
    widths = (16, 12, 10, 19, 19, 10, 12, 8, 30)
    header = ("JobID", "JobName", "Partition", "Start", "End", "Elapsed", "State", "ExitCode", "NodeList")
    def fmt(cols):
        out = []
        for i, (c, w) in enumerate(zip(cols, widths)):
            c = str(c)
            out.append(c.ljust(w) if i in (0, 6, 8) else c.rjust(w))
        return " ".join(out).rstrip()
    lines = []
    if fmt_header:
        lines.append(fmt_header)
    lines.append(fmt(header))
    lines.append(" ".join("-" * w for w in widths))
    for r in rows:
        lines.append(fmt(r))
    return lines


def elapsed(a, b):
    s = int((b - a).total_seconds())
    d, s = divmod(s, 86400)
    h, s = divmod(s, 3600)
    m, s = divmod(s, 60)
    if d:
        return f"{d}-{h:02d}:{m:02d}:{s:02d}"
    return f"{h:02d}:{m:02d}:{s:02d}"


def join(lines):
    return "\n".join(lines) + "\n"
