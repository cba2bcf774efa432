"""Shared formatting helpers for corpus set 77 (standard library only, deterministic)."""

import random
from datetime import datetime, timedelta

CATEGORIES = {
    "gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
    "oom", "numerical", "straggler", "user_code", "dependency", "unknown",
}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}

PY = "/usr/local/lib/python3.10/dist-packages"
TORCHRUN = "/usr/local/bin/torchrun"


def dt(s):
    """Parse 'YYYY-MM-DD HH:MM:SS' (optionally .ffffff)."""
    if "." in s:
        return datetime.strptime(s, "%Y-%m-%d %H:%M:%S.%f")
    return datetime.strptime(s, "%Y-%m-%d %H:%M:%S")


def sec(n):
    return timedelta(seconds=n)


# ---------------------------------------------------------------- timestamps
def ts_py(t):
    """Python logging asctime: 2024-03-12 09:12:44,081"""
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def ts_iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def ts_c10(t, level="E", salt=0):
    """c10 / glog style used by ProcessGroupNCCL: E312 09:12:44.081233123"""
    ns = t.microsecond * 1000 + (salt * 7919) % 1000
    return "%s%d%02d %s.%09d" % (level, t.month, t.day, t.strftime("%H:%M:%S"), ns)


def ts_glog(t, level="E"):
    return "%s%s %s.%06d" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S"), t.microsecond)


def ts_dmesg_human(t):
    return "[" + t.strftime("%a %b %d %H:%M:%S %Y") + "]"


def ts_syslog(t):
    day = "%2d" % t.day
    return t.strftime("%b ") + day + t.strftime(" %H:%M:%S")


def ts_uptime(boot, t):
    d = (t - boot).total_seconds()
    return "[%12.6f]" % d


def ts_torchrun(t):
    """torch.distributed.elastic logger: [2024-03-12 09:12:44,081]"""
    return "[" + ts_py(t) + "]"


def ts_elastic_time(t):
    return t.strftime("%Y-%m-%d_%H:%M:%S")


# ---------------------------------------------------------------- ranks
def rank_of(nodes, host, local_rank, gpus=8):
    return nodes.index(host) * gpus + local_rank


def hostlist(nodes):
    """Compress gpu-b03,gpu-b07 -> gpu-b[03,07] when all share a prefix."""
    pref = None
    nums = []
    for n in nodes:
        i = len(n)
        while i > 0 and n[i - 1].isdigit():
            i -= 1
        p, num = n[:i], n[i:]
        if pref is None:
            pref = p
        if p != pref or not num:
            return ",".join(nodes)
        nums.append(num)
    return "%s[%s]" % (pref, ",".join(sorted(nums)))


# ---------------------------------------------------------------- NCCL
def nccl_init(host, pid, lr, rank, nranks, nnodes, busid, ip, comm, commid, first=False, ib="mlx5"):
    tid = pid + 211
    p = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid if not first else pid, lr)
    q = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, lr)
    out = []
    out.append(q + "cudaDriverVersion 12040")
    out.append(q + "Bootstrap : Using ib0:%s<0>" % ip)
    if first:
        out.append(q + "NCCL version 2.20.5+cuda12.4")
    out.append(p + "NET/Plugin: No plugin found (libnccl-net.so)")
    out.append(p + "NET/IB : Using [0]%s_0:1/IB [1]%s_1:1/IB [2]%s_2:1/IB [3]%s_3:1/IB [4]%s_4:1/IB [5]%s_5:1/IB [6]%s_6:1/IB [7]%s_7:1/IB [RO]; OOB ib0:%s<0>"
               % (ib, ib, ib, ib, ib, ib, ib, ib, ip))
    out.append(p + "Using network IB")
    out.append(p + "comm %s rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0" % (comm, rank, nranks, nnodes, lr))
    out.append(p + "Setting affinity for GPU %d to ffffffff,00000000,ffffffff" % lr if lr >= 4 else p + "Setting affinity for GPU %d to ffffffff,ffffffff" % lr)
    out.append(p + "Connected all rings")
    out.append(p + "ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE"
               % (comm, rank, nranks, lr, lr, busid, commid))
    return out


BUSIDS = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
PCI = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]


def comm_id(rng):
    return "0x%016x" % rng.getrandbits(64)


def comm_ptr(rng):
    return "0x%x" % (0x55d000000000 + rng.getrandbits(32))


# ---------------------------------------------------------------- c10d watchdog
def watchdog_timeout(rank, t, seq, op, numel, enq=None, comp=None, timeout_ms=600000, ran=None, numel_out=None):
    enq = seq if enq is None else enq
    comp = seq - 1 if comp is None else comp
    ran = timeout_ms + 17 + rank % 53 if ran is None else ran
    numel_out = numel if numel_out is None else numel_out
    pre = "[rank%d]:[%s " % (rank, ts_c10(t, "E", rank))
    w = ("[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
         % (rank, seq, op, numel, numel_out, timeout_ms, ran))
    return [
        pre + "ProcessGroupNCCL.cpp:632] " + w,
        pre + "ProcessGroupNCCL.cpp:2271] [PG ID 0 PG GUID 0(default_pg) Rank %d]  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d" % (rank, seq, enq, comp),
        pre + "ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        pre + "ProcessGroupNCCL.cpp:684] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank,
        pre + "ProcessGroupNCCL.cpp:698] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank,
        "[rank%d]:[%s ProcessGroupNCCL.cpp:1614] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: %s" % (rank, ts_c10(t + sec(0.004), "F", rank), rank, w),
    ]


def watchdog_cuda_error(rank, t, msg):
    pre = "[rank%d]:[%s " % (rank, ts_c10(t, "E", rank))
    return [
        pre + "ProcessGroupNCCL.cpp:1598] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (rank, msg),
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
        "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3c2a6b7446 in %s/torch/lib/libc10.so)" % PY,
        "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f3c2a6616e4 in %s/torch/lib/libc10.so)" % PY,
        "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f3c2a7a3a18 in %s/torch/lib/libc10_cuda.so)" % PY,
        "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f3bd3a2e726 in %s/torch/lib/libtorch_cuda.so)" % PY,
        "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (0x7f3bd3a333f0 in %s/torch/lib/libtorch_cuda.so)" % PY,
        "frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da (0x7f3bd3a3ab5a in %s/torch/lib/libtorch_cuda.so)" % PY,
        "frame #6: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f3bd3a3be1c in %s/torch/lib/libtorch_cuda.so)" % PY,
        "frame #7: <unknown function> + 0xdc253 (0x7f3c2a2b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #8: <unknown function> + 0x94ac3 (0x7f3c2c3b6ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #9: <unknown function> + 0x126850 (0x7f3c2c448850 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (rank, msg),
    ]


def nccl_remote_error(rank, t, peer_host, peer_rank):
    """What a peer sees when a remote rank's process vanishes."""
    return [
        "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG ID 0 PG GUID 0(default_pg) Rank %d] Received a dump signal due to a collective timeout from  rank %d and we will try our best to dump the debug info. Last enqueued NCCL work: -1, last completed NCCL work: -1.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. "
        % (rank, ts_c10(t, "E", rank), rank, peer_rank),
    ]


def tcpstore_reset(rank, t, master):
    return [
        "[rank%d]:[%s TCPStore.cpp:141] [c10d] recvValue failed on SocketImpl(fd=64, addr=[%s]:51234, remote=[%s]:29500): failed to recv, got 0 bytes"
        % (rank, ts_c10(t, "W", rank), master, master),
        "[rank%d]:[%s ProcessGroupNCCL.cpp:1520] [PG ID 0 PG GUID 0(default_pg) Rank %d] Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Connection reset by peer"
        % (rank, ts_c10(t, "W", rank), rank),
    ]


# ---------------------------------------------------------------- tracebacks
def py_traceback(prefix, frames, exc_lines):
    out = [prefix + "Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(prefix + '  File "%s", line %d, in %s' % (f, ln, fn))
        if code:
            out.append(prefix + "    " + code)
    for e in exc_lines:
        out.append(prefix + e)
    return out


TRAIN_FRAMES_TOP = [
    ("/workspace/llm/pretrain.py", 611, "<module>", "main()"),
    ("%s/torch/distributed/elastic/multiprocessing/errors/__init__.py" % PY, 355, "wrapper", "return f(*args, **kwargs)"),
    ("/workspace/llm/pretrain.py", 598, "main", "train(cfg, model, optimizer, scheduler, train_loader)"),
]


def cuda_error_exc(msg):
    return [
        "RuntimeError: CUDA error: %s" % msg,
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
    ]


# ---------------------------------------------------------------- torchrun
def torchrun_header(t, nproc=8, nnodes=4, rdzv="c10d", endpoint="gpu-x:29500", max_restarts=0, script="pretrain.py"):
    L = []
    L.append("%s torch.distributed.run: [WARNING] " % ts_torchrun(t))
    L.append("%s torch.distributed.run: [WARNING] *****************************************" % ts_torchrun(t))
    L.append("%s torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % ts_torchrun(t))
    L.append("%s torch.distributed.run: [WARNING] *****************************************" % ts_torchrun(t))
    L.append("%s torch.distributed.launcher.api: [INFO] Starting elastic_operator with launch configs:" % ts_torchrun(t))
    L.append("  entrypoint       : %s" % script)
    L.append("  min_nodes        : %d" % nnodes)
    L.append("  max_nodes        : %d" % nnodes)
    L.append("  nproc_per_node   : %d" % nproc)
    L.append("  run_id           : none")
    L.append("  rdzv_backend     : %s" % rdzv)
    L.append("  rdzv_endpoint    : %s" % endpoint)
    L.append("  rdzv_configs     : {'timeout': 900}")
    L.append("  max_restarts     : %d" % max_restarts)
    L.append("  monitor_interval : 0.1")
    L.append("  log_dir          : /tmp/torchelastic_k1x9f2")
    L.append("  metrics_cfg      : {}")
    L.append("")
    return L


def torchrun_rdzv(t, nnodes, group_rank, nproc=8, attempt=0, master="MASTER"):
    world = nnodes * nproc
    ranks = list(range(group_rank * nproc, group_rank * nproc + nproc))
    return [
        "%s torch.distributed.elastic.agent.server.api: [INFO] [default] starting workers for entrypoint: python" % ts_torchrun(t),
        "%s torch.distributed.elastic.agent.server.api: [INFO] [default] Rendezvous'ing worker group" % ts_torchrun(t),
        "%s torch.distributed.elastic.agent.server.api: [INFO] [default] Rendezvous complete for workers. Result:" % ts_torchrun(t + sec(2)),
        "  restart_count=%d" % attempt,
        "  master_addr=%s" % master,
        "  master_port=29500",
        "  group_rank=%d" % group_rank,
        "  group_world_size=%d" % nnodes,
        "  local_ranks=%s" % list(range(nproc)),
        "  role_ranks=%s" % ranks,
        "  global_ranks=%s" % ranks,
        "  role_world_sizes=%s" % ([world] * nproc,),
        "  global_world_sizes=%s" % ([world] * nproc,),
        "",
        "%s torch.distributed.elastic.agent.server.api: [INFO] [default] Starting worker group" % ts_torchrun(t + sec(2)),
        "%s torch.distributed.elastic.agent.server.local_elastic_agent: [INFO] Environment variable 'TORCHELASTIC_ENABLE_FILE_TIMER' not found. Do not start FileTimerServer." % ts_torchrun(t + sec(2)),
    ]


def child_failed(t, host, script, failures, root, pyexe="/usr/bin/python"):
    """failures: list of (rank, local_rank, exitcode, pid, traceback_text); root: same tuple."""
    L = []
    rk, lr, code, pid, tb = root
    L.append("%s torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (ts_torchrun(t), code, lr, pid, pyexe))
    L += [
        "Traceback (most recent call last):",
        '  File "%s", line 8, in <module>' % TORCHRUN,
        "    sys.exit(main())",
        '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper' % PY,
        "    return f(*args, **kwargs)",
        '  File "%s/torch/distributed/run.py", line 919, in main' % PY,
        "    run(args)",
        '  File "%s/torch/distributed/run.py", line 910, in run' % PY,
        "    elastic_launch(",
        '  File "%s/torch/distributed/launcher/api.py", line 138, in __call__' % PY,
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        '  File "%s/torch/distributed/launcher/api.py", line 269, in launch_agent' % PY,
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "%s FAILED" % script,
        "------------------------------------------------------------",
        "Failures:",
    ]
    if not failures:
        L.append("  <NO_OTHER_FAILURES>")
    for i, (frk, flr, fcode, fpid, ftb) in enumerate(failures, 1):
        L += [
            "[%d]:" % i,
            "  time      : %s" % ts_elastic_time(t),
            "  host      : %s" % host,
            "  rank      : %d (local_rank: %d)" % (frk, flr),
            "  exitcode  : %d (pid: %d)" % (fcode, fpid),
            "  error_file: <N/A>",
            "  traceback : %s" % ftb,
        ]
    L += [
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        "  time      : %s" % ts_elastic_time(t),
        "  host      : %s" % host,
        "  rank      : %d (local_rank: %d)" % (rk, lr),
        "  exitcode  : %d (pid: %d)" % (code, pid),
        "  error_file: <N/A>",
        "  traceback : %s" % tb,
        "============================================================",
    ]
    return L


TB_URL = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"


def sig_tb(signum, pid):
    names = {6: "SIGABRT", 15: "SIGTERM", 9: "SIGKILL", 11: "SIGSEGV"}
    return "Signal %d (%s) received by PID %d" % (signum, names[signum], pid)


def sigterm_lines(t, pids):
    return ["%s torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal SIGTERM" % (ts_torchrun(t), p) for p in pids]


# ---------------------------------------------------------------- slurm
def sacct(rows):
    head = ("JobID           JobName  Partition    Account  AllocCPUS      State ExitCode               Start                 End        NodeList \n"
            "------------ ---------- ---------- ---------- ---------- ---------- -------- ------------------- ------------------- --------------- ")
    L = [head]
    for r in rows:
        jid, name, state, code, start, end, nl = r
        L.append("%-12s %10s %10s %10s %10s %10s %8s %19s %19s %-15s" % (jid, name, "batch", "llm-core", 896 if "." not in jid else 224, state, code, start, end, nl))
    return "\n".join(L) + "\n"


# ---------------------------------------------------------------- nvidia-smi
def smi_table(t, gpus, driver="550.54.15", cuda="12.4", procs=None, name="NVIDIA H100 80GB HBM3"):
    """gpus: list of dicts with keys temp, perf, pwr, mem, util, ecc (str) optional."""
    L = [t.strftime("%a %b %d %H:%M:%S %Y"),
         "+-----------------------------------------------------------------------------------------+",
         "| NVIDIA-SMI %s              Driver Version: %s      CUDA Version: %s     |" % (driver, driver, cuda),
         "|-----------------------------------------+------------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                        |               MIG M. |",
         "|=========================================+========================+======================|"]
    for i, g in enumerate(gpus):
        L.append("|   %d  %-22s         On  |   00000000:%s.0 Off |%21s |" % (i, name[:22], PCI[i][5:], g.get("ecc", "0")))
        L.append("| N/A   %2dC    %-3s           %3dW /  700W |  %6dMiB /  81559MiB |    %3d%%      Default |" % (g["temp"], g.get("perf", "P0"), g["pwr"], g["mem"], g["util"]))
        L.append("|                                         |                        |             Disabled |")
        L.append("+-----------------------------------------+------------------------+----------------------+")
    L += ["",
          "+-----------------------------------------------------------------------------------------+",
          "| Processes:                                                                              |",
          "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
          "|        ID   ID                                                               Usage      |",
          "|=========================================================================================|"]
    if not procs:
        L.append("|  No running processes found                                                             |")
    for gi, pid, pname, mem in (procs or []):
        L.append("|    %d   N/A  N/A   %8d      C   %-40s %7dMiB |" % (gi, pid, pname[:40], mem))
    L.append("+-----------------------------------------------------------------------------------------+")
    return "\n".join(L) + "\n"


def smi_q_gpu(idx, serial, ecc_vol_dram_unc=0, ecc_agg_dram_unc=0, ecc_vol_sram_unc=0, rr_corr=0, rr_unc=0, rr_pending="No", rr_fail="No",
              clocks_sm=1980, hw_slowdown="Not Active", hw_thermal="Not Active", temp=45, pwr=112.4, retired=None):
    L = [
        "GPU 00000000:%s.0" % PCI[idx][5:],
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    Serial Number                         : %s" % serial,
        "    GPU UUID                              : GPU-%08x-%04x-%04x-%04x-%012x" % (0x5a3e0000 + idx * 7919 + int(serial[-4:]), idx * 13 + 0x1a2b, 0x4c5d, 0x8e9f, 0xa1b2c3d40000 + idx),
        "    Minor Number                          : %d" % idx,
        "    Clocks Event Reasons",
        "        Idle                              : Not Active",
        "        Applications Clocks Setting       : Not Active",
        "        SW Power Cap                      : Not Active",
        "        HW Slowdown                       : %s" % hw_slowdown,
        "            HW Thermal Slowdown           : %s" % hw_thermal,
        "            HW Power Brake Slowdown       : Not Active",
        "        Sync Boost                        : Not Active",
        "        SW Thermal Slowdown               : Not Active",
        "        Display Clock Setting             : Not Active",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : %d" % ecc_vol_sram_unc,
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : %d" % ecc_vol_dram_unc,
        "        Aggregate",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : %d" % ecc_vol_sram_unc,
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : %d" % ecc_agg_dram_unc,
        "            SRAM Threshold Exceeded       : No",
        "    Remapped Rows",
        "        Correctable Error                 : %d" % rr_corr,
        "        Uncorrectable Error               : %d" % rr_unc,
        "        Pending                           : %s" % rr_pending,
        "        Remapping Failure Occurred        : %s" % rr_fail,
        "        Bank Remap Availability Histogram",
        "            Max                           : 2559 bank(s)",
        "            High                          : 1 bank(s)" if rr_unc else "            High                          : 0 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)",
        "    Temperature",
        "        GPU Current Temp                  : %d C" % temp,
        "        GPU T.Limit Temp                  : %d C" % (87 - temp),
        "        GPU Shutdown Temp                 : 92 C",
        "        GPU Slowdown Temp                 : 87 C",
        "    GPU Power Readings",
        "        Power Draw                        : %.2f W" % pwr,
        "        Current Power Limit               : 700.00 W",
        "    Clocks",
        "        Graphics                          : %d MHz" % clocks_sm,
        "        SM                                : %d MHz" % clocks_sm,
        "        Memory                            : 2619 MHz",
        "",
    ]
    return L


def smi_q(t, gpu_blocks, driver="550.54.15"):
    L = ["", "==============NVSMI LOG==============", "",
         "Timestamp                                 : %s" % t.strftime("%a %b %d %H:%M:%S %Y"),
         "Driver Version                            : %s" % driver,
         "CUDA Version                              : 12.4", "",
         "Attached GPUs                             : %d" % len(gpu_blocks)]
    for b in gpu_blocks:
        L += b
    return "\n".join(L) + "\n"


# ---------------------------------------------------------------- training progress
def megatron_iter(t, it, total, consumed, ms, lr, loss, gn, skipped=0, nan=0, scale=1.0):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size:  1024 | lm loss: %.6E | loss scale: %.1f | grad norm: %.3f | number of skipped iterations: %3d | number of nan iterations: %3d |"
            % (t.strftime("%Y-%m-%d %H:%M:%S"), it, total, consumed, ms, lr, loss, scale, gn, skipped, nan))


def simple_step(t, step, total, loss, lr, gn, tps, st, logger="pretrain", data_time=None):
    extra = "" if data_time is None else " | data_time %.3fs" % data_time
    return "%s - %s - INFO - step %d/%d | loss %.4f | lr %.3e | grad_norm %.3f | tok/s/gpu %d | step_time %.3fs%s" % (
        ts_py(t), logger, step, total, loss, lr, gn, tps, st, extra)


def loss_at(step, rng, base=2.1):
    # slow decay with noise
    return base + 8.5 / (1.0 + step / 300.0) + rng.uniform(-0.04, 0.04)
