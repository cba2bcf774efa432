"""Shared helpers for the bc (set 58) corpus: timestamp formats and the log
blocks that many bundles have in common (torchrun banner, NCCL init chatter,
ProcessGroupNCCL watchdog blocks, torchelastic ChildFailedError, py-spy dumps,
Slurm lines).  Stdlib only, deterministic: every random choice goes through the
Case's own seeded Random."""

import datetime as dt
import random

UTC = dt.timezone.utc


def T(y, mo, d, h, mi, s=0, us=0, tzinfo=UTC):
    return dt.datetime(y, mo, d, h, mi, s, us, tzinfo=tzinfo)


def tz(hours, minutes=0):
    return dt.timezone(dt.timedelta(hours=hours, minutes=minutes))


def sec(n):
    return dt.timedelta(seconds=n)


def ms(n):
    return dt.timedelta(milliseconds=n)


# --------------------------------------------------------------------------
# case container
# --------------------------------------------------------------------------
class Case:
    def __init__(self, name, seed):
        self.name = name
        self.files = {}
        self.label = None
        self.topology = None
        self.rng = random.Random(seed)

    def add(self, path, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text) + "\n"
        self.files[path] = self.files.get(path, "") + text

    def set_label(self, category, layer, culprit, action, rationale, modelled_on):
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def ns(self, t):
        """nanosecond field for glog timestamps (stable, looks random)."""
        us = t.microsecond
        if us % 1000 == 0:
            us += self.rng.randint(0, 999)
        return us * 1000 + self.rng.randint(0, 999)


# --------------------------------------------------------------------------
# timestamp styles
# --------------------------------------------------------------------------
def _us(t):
    us = t.microsecond
    if us % 1000 == 0:
        us += (t.second * 7919 + t.minute * 104729 + t.hour * 1299709 + t.day * 15485863) % 997
    return us


def glog(case, t):
    """c10 glog style used by torch>=2.4 C++ logs: 'E0312 04:31:07.123456789'."""
    return f"{t:%m%d %H:%M:%S}.{case.ns(t):09d}"


def pyglog(t, level="I", pid=140213, where="torch/distributed/elastic/agent/server/api.py:894"):
    return f"{level}{t:%m%d %H:%M:%S}.{_us(t):06d} {pid} {where}]"


def dmesg_T(t):
    return "[" + t.strftime("%a %b %e %H:%M:%S %Y") + "]"


def dmesg_raw(uptime):
    us = int(round(uptime * 1e6))
    if us % 1000 == 0:
        us += ((us // 1000) * 7919) % 997
    return f"[{us // 1000000:5d}.{us % 1000000:06d}]"


def iso(t):
    return t.replace(microsecond=_us(t)).isoformat(timespec="microseconds")


def syslog(t):
    return t.strftime("%b %e %H:%M:%S")


def pylog(t):
    return f"{t:%Y-%m-%d %H:%M:%S},{_us(t) // 1000 if t.microsecond else _us(t) % 1000:03d}"


# --------------------------------------------------------------------------
# launch chatter
# --------------------------------------------------------------------------
def torchrun_banner(t, nnodes, nproc, rdzv_backend, endpoint, run_id, pid=140213, max_restarts=0, new_style=True):
    lines = []
    if new_style:
        lines.append(pyglog(t, "W", pid, "torch/distributed/run.py:779") + " ")
        lines.append(pyglog(t, "W", pid, "torch/distributed/run.py:779") + " *****************************************")
        lines.append(pyglog(t, "W", pid, "torch/distributed/run.py:779") + " Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")
        lines.append(pyglog(t, "W", pid, "torch/distributed/run.py:779") + " *****************************************")
    else:
        lines.append("WARNING:torch.distributed.run:")
        lines.append("*****************************************")
        lines.append("Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")
        lines.append("*****************************************")
    t2 = t + ms(310)
    lines.append(pyglog(t2, "I", pid, "torch/distributed/launcher/api.py:188") + " Starting elastic_operator with launch configs:")
    lines.append(pyglog(t2, "I", pid, "torch/distributed/launcher/api.py:188") + "   entrypoint       : train.py")
    lines.append(pyglog(t2, "I", pid, "torch/distributed/launcher/api.py:188") + f"   min_nodes        : {nnodes}")
    lines.append(pyglog(t2, "I", pid, "torch/distributed/launcher/api.py:188") + f"   max_nodes        : {nnodes}")
    lines.append(pyglog(t2, "I", pid, "torch/distributed/launcher/api.py:188") + f"   nproc_per_node   : {nproc}")
    lines.append(pyglog(t2, "I", pid, "torch/distributed/launcher/api.py:188") + f"   run_id           : {run_id}")
    lines.append(pyglog(t2, "I", pid, "torch/distributed/launcher/api.py:188") + f"   rdzv_backend     : {rdzv_backend}")
    lines.append(pyglog(t2, "I", pid, "torch/distributed/launcher/api.py:188") + f"   rdzv_endpoint    : {endpoint}")
    lines.append(pyglog(t2, "I", pid, "torch/distributed/launcher/api.py:188") + "   rdzv_configs     : {'timeout': 900}")
    lines.append(pyglog(t2, "I", pid, "torch/distributed/launcher/api.py:188") + f"   max_restarts     : {max_restarts}")
    lines.append(pyglog(t2, "I", pid, "torch/distributed/launcher/api.py:188") + "   monitor_interval : 5")
    lines.append(pyglog(t2, "I", pid, "torch/distributed/launcher/api.py:188") + "   log_dir          : /tmp/torchelastic_" + run_id[:8])
    lines.append(pyglog(t2, "I", pid, "torch/distributed/launcher/api.py:188") + "   metrics_cfg      : {}")
    lines.append(pyglog(t2, "I", pid, "torch/distributed/launcher/api.py:188") + "")
    return lines


def rdzv_complete(t, pid, node_rank, nnodes, nproc, master, port=29500):
    base = node_rank * nproc
    lines = [
        pyglog(t, "I", pid, "torch/distributed/elastic/agent/server/api.py:867") + " [default] starting workers for entrypoint: python3",
        pyglog(t, "I", pid, "torch/distributed/elastic/agent/server/api.py:683") + " [default] Rendezvous'ing worker group",
        pyglog(t + ms(900), "I", pid, "torch/distributed/elastic/agent/server/api.py:525") + " [default] Rendezvous complete for workers. Result:",
        f"  restart_count=0",
        f"  master_addr={master}",
        f"  master_port={port}",
        f"  group_rank={node_rank}",
        f"  group_world_size={nnodes}",
        f"  local_ranks={list(range(nproc))}",
        f"  role_ranks={list(range(base, base + nproc))}",
        f"  global_ranks={list(range(base, base + nproc))}",
        f"  role_world_sizes={[nnodes * nproc] * nproc}",
        f"  global_world_sizes={[nnodes * nproc] * nproc}",
        "",
        pyglog(t + ms(950), "I", pid, "torch/distributed/elastic/agent/server/api.py:691") + " [default] Starting worker group",
        pyglog(t + ms(980), "I", pid, "torch/distributed/elastic/agent/server/local_elastic_agent.py:184") + f" Environment variable 'TORCHELASTIC_ENABLE_FILE_TIMER' not found. Do not start FileTimerServer.",
        pyglog(t + ms(990), "I", pid, "torch/distributed/elastic/agent/server/local_elastic_agent.py:216") + f" Environment variable 'TORCHELASTIC_HEALTH_CHECK_PORT' not found. Do not start health check.",
    ]
    return lines


def nccl_init(case, host, node_idx, nproc, nnodes, pids, ip, nccl_ver="2.20.5+cuda12.4", channels=16,
              nics=("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"), oob="eth0", net="IB", only_ranks=None):
    """Per-rank NCCL INFO init chatter for one node (a flood if channels is large)."""
    world = nproc * nnodes
    lines = []
    ranks = range(nproc) if only_ranks is None else only_ranks
    commid = "0x%016x" % case.rng.getrandbits(64)
    for lr in ranks:
        g = node_idx * nproc + lr
        pid = pids[lr]
        tid = pid + 260 + lr
        p = f"{host}:{pid}:{pid} [{lr}] NCCL INFO"
        q = f"{host}:{pid}:{tid} [{lr}] NCCL INFO"
        lines.append(f"{p} Bootstrap : Using {oob}:{ip}<0>")
        lines.append(f"{p} NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation")
        lines.append(f"{p} cudaDriverVersion 12040")
        if g == 0:
            lines.append(f"NCCL version {nccl_ver}")
        if net == "IB":
            devs = " ".join(f"[{i}]{n}:1/IB" for i, n in enumerate(nics))
            lines.append(f"{q} NET/IB : Using {devs} ; OOB {oob}:{ip}<0>")
            lines.append(f"{q} Using non-device net plugin version 0")
            lines.append(f"{q} Using network IB")
        else:
            lines.append(f"{q} NET/Socket : Using [0]{oob}:{ip}<0>")
            lines.append(f"{q} Using network Socket")
        bus = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"][lr % 8]
        lines.append(f"{q} comm 0x{0x55d4c8a0 + 0x1000 * lr:x} rank {g} nranks {world} cudaDev {lr} nvmlDev {lr} busId {bus} commId {commid} - Init START")
        lines.append(f"{q} comm 0x{0x55d4c8a0 + 0x1000 * lr:x} rank {g} nRanks {world} nNodes {nnodes} localRanks {nproc} localRank {lr} MNNVL 0")
        if g == 0:
            lines.append(f"{q} Channel 00/{channels:02d} :    " + " ".join(f"{r:3d}" for r in range(min(world, 24))))
        lines.append(f"{q} P2P Chunksize set to 131072")
        for c in range(channels):
            prev = (g - 1) % world
            nxt = (g + 1) % world
            if prev // nproc != node_idx:
                lines.append(f"{q} Channel {c:02d}/0 : {prev}[{prev % nproc}] -> {g}[{lr}] [receive] via NET/{net}/{c % len(nics)}/GDRDMA")
            else:
                lines.append(f"{q} Channel {c:02d}/0 : {prev}[{prev % nproc}] -> {g}[{lr}] via P2P/CUMEM/read")
            if nxt // nproc != node_idx:
                lines.append(f"{q} Channel {c:02d}/0 : {g}[{lr}] -> {nxt}[{nxt % nproc}] [send] via NET/{net}/{c % len(nics)}/GDRDMA")
        lines.append(f"{q} Connected all rings")
        lines.append(f"{q} Connected all trees")
        lines.append(f"{q} threadThresholds 8/8/64 | {8 * world}/8/64 | 512 | 512")
        lines.append(f"{q} {channels} coll channels, 0 collnet channels, 0 nvls channels, {channels} p2p channels, {channels} p2p channels per peer")
        lines.append(f"{q} comm 0x{0x55d4c8a0 + 0x1000 * lr:x} rank {g} nranks {world} cudaDev {lr} nvmlDev {lr} busId {bus} commId {commid} - Init COMPLETE")
    return lines


# --------------------------------------------------------------------------
# ProcessGroupNCCL watchdog
# --------------------------------------------------------------------------
def _pfx(case, rank, t, lvl, line, ver):
    if ver == "2.3":
        return f"[rank{rank}]:[{lvl} ProcessGroupNCCL.cpp:{line}]"
    return f"[rank{rank}]:[{lvl}{glog(case, t)} ProcessGroupNCCL.cpp:{line}]"


def _pg(rank, ver, pg="0", desc="default_pg", pg_rank=None):
    r = rank if pg_rank is None else pg_rank
    if ver == "2.3":
        return f"[PG {pg} Rank {r}]"
    return f"[PG ID {pg} PG GUID {pg}({desc}) Rank {r}]"


def work(seq, op, nin, nout, timeout_ms):
    return f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={nin}, NumelOut={nout}, Timeout(ms)={timeout_ms})"


def watchdog_timeout(case, rank, t, seq, op, nin, nout, timeout_ms, last_enq, last_comp, ver="2.4",
                     pg="0", desc="default_pg", pg_rank=None, frames=True, dump_from=None):
    """The block one rank prints when its watchdog times a collective out."""
    r = rank
    ln = {"2.3": (563, 1537, 1414, 577, 583, 1418, 565), "2.4": (607, 1664, 1709, 621, 627, 1515, 609),
          "2.5": (616, 1785, 1834, 630, 636, 1601, 618)}[ver]
    ran = timeout_ms + case.rng.randint(4, 95)
    w = work(seq, op, nin, nout, timeout_ms)
    pgs = _pg(r, ver, pg, desc, pg_rank)
    L = []
    L.append(f"{_pfx(case, r, t, 'E', ln[0], ver)} [Rank {r if pg_rank is None else pg_rank}] Watchdog caught collective operation timeout: {w} ran for {ran} milliseconds before timing out.")
    t1 = t + ms(case.rng.randint(1, 40))
    L.append(f"{_pfx(case, r, t1, 'E', ln[1], ver)} {pgs} Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_comp}.")
    if dump_from is not None and ver != "2.3":
        L.append(f"{_pfx(case, r, t1, 'E', 1987, ver)} {pgs} Received a dump signal due to a collective timeout from {dump_from} and we will try our best to dump the debug info. Last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_comp}.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. ")
    L.append(f"{_pfx(case, r, t1, 'E', ln[2], ver)} {pgs} Timeout at NCCL work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_comp}.")
    L.append(f"{_pfx(case, r, t1, 'E', ln[3], ver)} [Rank {r}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.")
    L.append(f"{_pfx(case, r, t1, 'E', ln[4], ver)} [Rank {r}] To avoid data inconsistency, we are taking the entire process down.")
    L.append(f"{_pfx(case, r, t1, 'E', ln[5], ver)} {pgs} Process group watchdog thread terminated with exception: [Rank {r}] Watchdog caught collective operation timeout: {w} ran for {ran} milliseconds before timing out.")
    if frames:
        L += cpp_frames(case, "checkTimeout", ln[6])
        L.append("")
        L.append("terminate called after throwing an instance of 'c10::DistBackendError'")
        L.append(f"  what():  {pgs} Process group watchdog thread terminated with exception: [Rank {r}] Watchdog caught collective operation timeout: {w} ran for {ran} milliseconds before timing out.")
        L += cpp_frames(case, "checkTimeout", ln[6])
        L.append("")
    return L


def cpp_frames(case, where, line):
    base = 0x7f0000000000 + case.rng.getrandbits(36)
    tl = "/usr/local/lib/python3.10/dist-packages/torch/lib"
    return [
        f"Exception raised from {where} at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:{line} (most recent call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x{base + 0x1f096:x} in {tl}/libc10.so)",
        f"frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x{base + 0x9b51d2:x} in {tl}/libtorch_cuda.so)",
        f"frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x{base + 0x9bc233:x} in {tl}/libtorch_cuda.so)",
        f"frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x{base + 0x9be14d:x} in {tl}/libtorch_cuda.so)",
        f"frame #4: <unknown function> + 0xdc253 (0x{base + 0x2dc253:x} in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        f"frame #5: <unknown function> + 0x94ac3 (0x{base + 0x494ac3:x} in /lib/x86_64-linux-gnu/libc.so.6)",
        f"frame #6: clone + 0x44 (0x{base + 0x526850:x} in /lib/x86_64-linux-gnu/libc.so.6)",
    ]


def heartbeat_kill(case, rank, t, ver="2.4", stuck_s=480, wml=1):
    pgs = _pg(rank, ver)
    return [
        f"{_pfx(case, rank, t, 'E', 1316 if ver == '2.3' else 1395, ver)} {pgs} Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()={wml}",
        f"{_pfx(case, rank, t, 'E', 1153 if ver == '2.3' else 1207, ver)} {pgs} ProcessGroupNCCL preparing to dump debug info.",
        f"{_pfx(case, rank, t + sec(2), 'F', 1169 if ver == '2.3' else 1427, ver)} {pgs} {pgs} ProcessGroupNCCL's watchdog got stuck for {stuck_s} seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, you can either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the hang. workMetaList_.size() = {wml}",
    ]


def fr_dump_lines(case, rank, t, path, ver="2.4"):
    pgs = _pg(rank, ver)
    return [
        f"{_pfx(case, rank, t, 'I', 1281, ver)} {pgs} ProcessGroupNCCL dumping nccl trace to {path}{rank}",
        f"{_pfx(case, rank, t + ms(180), 'I', 1283, ver)} {pgs} Flight Recorder trace successfully dumped.",
    ]


# --------------------------------------------------------------------------
# torchelastic failure summary
# --------------------------------------------------------------------------
def child_failed(t, host, failures, script="train.py", pid=140213, python="/usr/bin/python3",
                 torchrun="/usr/local/bin/torchrun"):
    """failures: list of (global_rank, local_rank, exitcode, worker_pid, when, traceback_text).
    The first one is reported as 'Root Cause (first observed failure)'."""
    first = failures[0]
    L = []
    L.append(pyglog(t, "E", pid, "torch/distributed/elastic/multiprocessing/api.py:833")
             + f" failed (exitcode: {first[2]}) local_rank: {first[1]} (pid: {first[3]}) of binary: {python}")
    L += [
        "Traceback (most recent call last):",
        f'  File "{torchrun}", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 348, in wrapper',
        "    return f(*args, **kwargs)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 901, in main',
        "    run(args)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 892, in run',
        "    elastic_launch(",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 133, in __call__',
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 264, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        f"{script} FAILED",
        "------------------------------------------------------------",
        "Failures:",
    ]

    def block(idx, f):
        g, lr, code, wpid, when, tb = f
        out = [f"[{idx}]:",
               f"  time      : {when:%Y-%m-%d_%H:%M:%S}",
               f"  host      : {host}",
               f"  rank      : {g} (local_rank: {lr})",
               f"  exitcode  : {code} (pid: {wpid})"]
        if code < 0:
            sig = {-6: "SIGABRT", -9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV", -7: "SIGBUS"}.get(code, "SIG")
            out += ["  error_file: <N/A>", f"  traceback : Signal {-code} ({sig}) received by PID {wpid}"]
        else:
            out += ["  error_file: <N/A>", f"  traceback : {tb or 'To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html'}"]
        return out

    if len(failures) == 1:
        L.append("  <NO_OTHER_FAILURES>")
    else:
        for i, f in enumerate(failures[1:], 1):
            L += block(i, f)
    L.append("------------------------------------------------------------")
    L.append("Root Cause (first observed failure):")
    L += block(0, first)
    L.append("============================================================")
    return L


def sigterm_agent(t, pid, worker_pids, where=858):
    L = []
    for wp in worker_pids:
        L.append(pyglog(t, "W", pid, f"torch/distributed/elastic/multiprocessing/api.py:{where}") + f" Sending process {wp} closing signal SIGTERM")
    return L


# --------------------------------------------------------------------------
# training progress
# --------------------------------------------------------------------------
def step_lines(case, t0, step0, step1, step_time, loss0, every=1, fmt="megatron", rank_prefix="[rank0]:",
               tok_per_s=None, lr=3e-4, tzinfo=None):
    L = []
    t = t0
    loss = loss0
    for s in range(step0, step1 + 1):
        t = t + dt.timedelta(seconds=step_time * (1 + case.rng.uniform(-0.02, 0.02)))
        loss = max(0.8, loss - case.rng.uniform(-0.002, 0.0035))
        if (s - step0) % every:
            continue
        tt = t if tzinfo is None else t.astimezone(tzinfo)
        if fmt == "megatron":
            tps = tok_per_s or 405000
            L.append(f"{rank_prefix} [{tt:%Y-%m-%d %H:%M:%S}] iteration {s:>8d} | consumed samples: {s * 1024:>11d} | elapsed time per iteration (ms): {step_time * 1000 * (1 + case.rng.uniform(-0.02, 0.02)):.1f} | learning rate: {lr:.6E} | global batch size:  1024 | lm loss: {loss:.6E} | loss scale: 1.0 | grad norm: {case.rng.uniform(0.6, 1.3):.3f} | number of skipped iterations:   0 | number of nan iterations:   0 | throughput (tok/s): {int(tps * (1 + case.rng.uniform(-0.03, 0.03)))}")
        elif fmt == "titan":
            L.append(f"{rank_prefix}[titan] {pylog(tt)} - root - INFO - step: {s:>5d}  loss: {loss:7.4f}  memory: 61.37GiB(77.53%)  tps: {int((tok_per_s or 3650) * (1 + case.rng.uniform(-0.03, 0.03))):,}  tflops: {case.rng.uniform(380, 395):.2f}  mfu: {case.rng.uniform(38.5, 39.9):.2f}%")
        else:
            L.append(f"{rank_prefix} {pylog(tt)} INFO trainer: step={s} loss={loss:.4f} lr={lr:.3e} grad_norm={case.rng.uniform(0.6, 1.3):.3f} step_time={step_time * (1 + case.rng.uniform(-0.02, 0.02)):.2f}s")
    return L, t, loss


# --------------------------------------------------------------------------
# py-spy
# --------------------------------------------------------------------------
def pyspy(pid, cmd, threads, python="Python v3.10.12 (/usr/bin/python3.10)"):
    """threads: list of (tid, state, name, [frames...])"""
    L = [f"Process {pid}: {cmd}", python, ""]
    for tid, state, name, frames in threads:
        L.append(f'Thread {tid} ({state}): "{name}"')
        for fr in frames:
            L.append(f"    {fr}")
    return L


def pyspy_bg_threads(pid):
    return [
        (pid + 57, "idle", "Thread-2 (_pin_memory_loop)", [
            "wait (threading.py:324)", "get (queue.py:180)",
            "_pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)",
            "run (threading.py:953)", "_bootstrap_inner (threading.py:1016)", "_bootstrap (threading.py:973)"]),
        (pid + 61, "idle", "QueueFeederThread", [
            "wait (threading.py:320)", "_feed (multiprocessing/queues.py:231)",
            "run (threading.py:953)", "_bootstrap_inner (threading.py:1016)", "_bootstrap (threading.py:973)"]),
    ]


# --------------------------------------------------------------------------
# small system snippets
# --------------------------------------------------------------------------
def nvidia_smi_table(host, t, gpus, driver="550.54.15", cuda="12.4", procs=None):
    """gpus: list of dicts(idx,bus,temp,pwr,cap,mem_used,util,name)."""
    L = [t.strftime("%a %b %e %H:%M:%S %Y"),
         "+-----------------------------------------------------------------------------------------+",
         f"| NVIDIA-SMI {driver}              Driver Version: {driver}      CUDA Version: {cuda}     |",
         "|-----------------------------------------+------------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                        |               MIG M. |",
         "|=========================================+========================+======================|"]
    for g in gpus:
        L.append(f"|   {g['idx']}  {g.get('name', 'NVIDIA H100 80GB HBM3'):<22}        On  |   {g['bus']} Off |                    0 |")
        L.append(f"| N/A   {g['temp']:>2}C    {g.get('perf', 'P0')}            {g['pwr']:>3}W /  {g.get('cap', 700)}W |  {g['mem_used']:>5}MiB /  81559MiB |    {g['util']:>3}%      Default |")
        L.append("|                                         |                        |             Disabled |")
        L.append("+-----------------------------------------+------------------------+----------------------+")
    L += ["",
          "+-----------------------------------------------------------------------------------------+",
          "| Processes:                                                                              |",
          "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
          "|        ID   ID                                                               Usage      |",
          "|=========================================================================================|"]
    for p in (procs or []):
        L.append(f"|    {p[0]}   N/A  N/A    {p[1]:>7}      C   {p[2]:<40} {p[3]:>6}MiB |")
    L.append("+-----------------------------------------------------------------------------------------+")
    return L


def sacct(jobid, name, state, exitcode, elapsed, nodes, nodelist, start, end, steps=None):
    L = ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode    Elapsed   NNodes        NodeList               Start                 End ",
         "------------ ---------- ---------- ---------- ---------- ---------- -------- ---------- -------- --------------- ------------------- ------------------- "]
    L.append(f"{jobid:<12} {name:>10} {'gpu':>10} {'llm-pretr':>10} {nodes * 96:>10} {state:>10} {exitcode:>8} {elapsed:>10} {nodes:>8} {nodelist:>15} {start:%Y-%m-%dT%H:%M:%S} {end:%Y-%m-%dT%H:%M:%S} ")
    for st in (steps or []):
        L.append(f"{st[0]:<12} {st[1]:>10} {'':>10} {'llm-pretr':>10} {st[2]:>10} {st[3]:>10} {st[4]:>8} {st[5]:>10} {st[6]:>8} {st[7]:>15} {st[8]:%Y-%m-%dT%H:%M:%S} {st[9]:%Y-%m-%dT%H:%M:%S} ")
    return L


def ibstat_port(dev, state="Active", phys="LinkUp", rate=400, guid=None, lid=None):
    guid = guid or "0xa088c20300f1e2d4"
    return [f"CA '{dev}'",
            "\tCA type: MT4129",
            "\tNumber of ports: 1",
            "\tFirmware version: 28.39.1002",
            "\tHardware version: 0",
            f"\tNode GUID: {guid}",
            f"\tSystem image GUID: {guid}",
            "\tPort 1:",
            f"\t\tState: {state}",
            f"\t\tPhysical state: {phys}",
            f"\t\tRate: {rate}",
            f"\t\tBase lid: {lid if lid is not None else 0}",
            "\t\tLMC: 0",
            "\t\tSM lid: 1",
            "\t\tCapability mask: 0xa751e848",
            f"\t\tPort GUID: {guid}",
            "\t\tLink layer: InfiniBand"]


def preamble(case, host, node_idx, nnodes, nproc, t0, master, pids, ip, run_id, agent_pid,
             endpoint=None, rdzv="c10d", nccl_ver="2.20.5+cuda12.4", channels=8, net="IB",
             nics=("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"), oob="eth0", new_style=True):
    ep = endpoint or f"{master}:29400"
    L = torchrun_banner(t0, nnodes, nproc, rdzv, ep, run_id, agent_pid, new_style=new_style)
    L += rdzv_complete(t0 + sec(3), agent_pid, node_idx, nnodes, nproc, master)
    L += nccl_init(case, host, node_idx, nproc, nnodes, pids, ip, nccl_ver, channels, nics=nics, oob=oob, net=net)
    return L


def fr_header(nfiles, prefix, folder):
    return [f"$ torchfrtrace --prefix {prefix} {folder}",
            f"loaded {nfiles} files in {0.31 + nfiles * 0.013:.2f}s",
            "built groups, memberships"]


def fr_entry(kind, seq, record, pg_desc, coll, in_sizes, out_sizes, world, expected, state, frames,
             missing=None, errors=None):
    if kind == "missing":
        L = [f"Not all ranks joining collective, sequence number: {seq}"]
    else:
        L = [f"Collective sequence number: {seq} has errors"]
    L += [f"internal record id: {record}",
          f"group info: {pg_desc}",
          f"collective: {coll}"]
    if missing is not None:
        L.append(f"missing ranks: {missing}")
    L += [f"input sizes: {in_sizes}",
          f"output sizes: {out_sizes}",
          f"world size: {world}",
          f"expected ranks: {expected}",
          f"collective state: {state}"]
    if errors is not None:
        L.append(f"error msg: {errors}")
    L.append("collective stack trace: ")
    L += [" " + f for f in frames]
    return L


def rank_traceback(rank, frames, exc_lines):
    """frames: list of (file, line, func, code)."""
    p = f"[rank{rank}]:"
    L = [f"{p} Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        L.append(f'{p}   File "{f}", line {ln}, in {fn}')
        if code:
            L.append(f"{p}     {code}")
    for e in exc_lines:
        L.append(f"{p} {e}")
    return L
