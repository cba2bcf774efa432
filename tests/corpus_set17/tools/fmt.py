"""Format helpers for corpus_set17: real-looking log lines of the tools found on cloud GPU fleets.
Standard library only; everything deterministic (a fixed base time per case, a seeded Random)."""
from datetime import datetime, timedelta
import json

MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
DOW = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


class Clock:
    """Wall clock of one case. t(s) = base + s seconds."""

    def __init__(self, y, mo, d, h, mi, s=0, boot_offset=0.0):
        self.base = datetime(y, mo, d, h, mi, s)
        self.boot = boot_offset  # seconds since boot at base (for dmesg uptime stamps)

    def t(self, sec):
        return self.base + timedelta(seconds=sec)

    # ---- stamp styles -------------------------------------------------
    def iso(self, sec, ms=True, z=True):
        d = self.t(sec)
        s = d.strftime("%Y-%m-%dT%H:%M:%S")
        if ms:
            s += ".%03d" % (d.microsecond // 1000)
        return s + ("Z" if z else "")

    def pylog(self, sec):  # 2025-03-11 08:15:02,123
        d = self.t(sec)
        ms = d.microsecond // 1000 if d.microsecond else (int(sec * 1000) * 2654435761 // 7) % 1000
        return d.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % ms

    def plain(self, sec):
        return self.t(sec).strftime("%Y-%m-%d %H:%M:%S")

    def c10(self, sec, lvl, src, rank=None, nanos_seed=0):
        """[rank3]:[E311 08:15:02.123456789 ProcessGroupNCCL.cpp:616] (c10 logging)"""
        d = self.t(sec)
        jitter = (int(sec * 1000003) * 2654435761 + nanos_seed * 40503 + 12345) % 1000000
        if d.microsecond == 0:
            jitter = (int(sec * 1000) * 2654435761 + nanos_seed * 40503 + 12345) % 1000000000
        ns = (d.microsecond * 1000 + jitter) % 1000000000
        head = "[%s%d%02d %s.%09d %s]" % (lvl, d.month, d.day, d.strftime("%H:%M:%S"), ns, src)
        if rank is not None:
            head = "[rank%d]:%s" % (rank, head)
        return head

    def elastic(self, sec, lvl, pid, src):
        """I0311 08:15:02.123000 1234 torch/distributed/elastic/...py:123]"""
        d = self.t(sec)
        us = d.microsecond if d.microsecond else ((int(sec * 1000) * 2654435761 + pid * 7919) % 1000000)
        return "%s%02d%02d %s.%06d %d %s]" % (lvl, d.month, d.day, d.strftime("%H:%M:%S"),
                                             (us // 1000) * 1000, pid, src)

    def dmesg_T(self, sec):  # [Tue Mar 11 08:15:02 2025]
        d = self.t(sec)
        return "[%s %s %2d %s %d]" % (DOW[d.weekday()], MON[d.month - 1], d.day, d.strftime("%H:%M:%S"), d.year)

    def uptime(self, sec):  # [12345.678901]
        return "[%12.6f]" % (self.boot + sec)

    def syslog(self, sec):  # Mar 11 08:15:02
        d = self.t(sec)
        return "%s %2d %s" % (MON[d.month - 1], d.day, d.strftime("%H:%M:%S"))

    def k8s(self, sec):  # Tue, 11 Mar 2025 08:15:02 +0000
        d = self.t(sec)
        return "%s, %02d %s %d %s +0000" % (DOW[d.weekday()], d.day, MON[d.month - 1], d.year, d.strftime("%H:%M:%S"))

    def smi(self, sec):  # Tue Mar 11 08:15:02 2025
        d = self.t(sec)
        return "%s %s %2d %s %d" % (DOW[d.weekday()], MON[d.month - 1], d.day, d.strftime("%H:%M:%S"), d.year)

    def rfc1123(self, sec):
        d = self.t(sec)
        return "%s, %02d %s %d %s GMT" % (DOW[d.weekday()], d.day, MON[d.month - 1], d.year, d.strftime("%H:%M:%S"))

    def elastic_time(self, sec):  # 2025-03-11_08:15:02
        return self.t(sec).strftime("%Y-%m-%d_%H:%M:%S")

    def epoch(self, sec):
        return int((self.t(sec) - datetime(1970, 1, 1)).total_seconds())


def jl(obj):
    return json.dumps(obj, separators=(", ", ": "))


# ---------------------------------------------------------------------------------------------
# NCCL init chatter
def nccl_init(host, pid, dev, rank, nranks, ver="2.21.5+cuda12.4", net="IB", plugin=None, rng=None,
              cuda_drv="12040", ifname="eth0", ip="10.0.0.1"):
    p = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, dev)
    q = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid + 71 + dev, dev)
    L = []
    if rank == 0:
        L.append(p + "Bootstrap : Using %s:%s<0>" % (ifname, ip))
        L.append("NCCL version %s" % ver)
    else:
        L.append(p + "Bootstrap : Using %s:%s<0>" % (ifname, ip))
    L.append(p + "cudaDriverVersion %s" % cuda_drv)
    if plugin == "ofi":
        L.append(q + "NET/OFI Initializing aws-ofi-nccl 1.13.2-aws")
        L.append(q + "NET/OFI Using Libfabric version 1.22")
        L.append(q + "NET/OFI Using CUDA driver version %s with runtime 12040" % cuda_drv)
        L.append(q + "NET/OFI Configuring AWS-specific options")
        L.append(q + "NET/OFI Setting provider_filter to efa")
        L.append(q + "NET/OFI Selected Provider is efa (found 32 nics)")
        L.append(q + "NET/OFI Using transport protocol RDMA (platform set)")
        L.append(q + "NET/OFI Support for global registrations: true")
        L.append(q + "NET/OFI Support for DMA-BUF registrations: false")
        L.append(q + "Using network Libfabric")
    elif plugin == "tcpx":
        L.append(q + "NET/Plugin: Loaded net plugin GPUDirectTCPX_v7 (v7)")
        L.append(q + "NET/GPUDirectTCPX ver. 3.1.9.")
        L.append(q + "NET/GPUDirectTCPX : GPUDirectTCPX enable: 1")
        L.append(q + "Using network GPUDirectTCPX")
    else:
        L.append(q + "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.")
        L.append(q + "NET/IB : Using [0]mlx5_ib0:1/IB [1]mlx5_ib1:1/IB [2]mlx5_ib2:1/IB [3]mlx5_ib3:1/IB [4]mlx5_ib4:1/IB [5]mlx5_ib5:1/IB [6]mlx5_ib6:1/IB [7]mlx5_ib7:1/IB ; OOB %s:%s<0>" % (ifname, ip))
        L.append(q + "Using network IB")
    L.append(q + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s - Init START" % (0x55d0c0a00000 + rank * 0x1000, rank, nranks, dev, dev, BUS_H100[dev]))
    L.append(q + "Setting affinity for GPU %d to %s" % (dev, "ffffffff,00000000,ffffffff" if dev < 4 else "ffffffff,00000000,ffffffff,00000000"))
    L.append(q + "NVLS multicast support is available on dev %d" % dev)
    L.append(q + "comm 0x%x rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0" % (0x55d0c0a00000 + rank * 0x1000, rank, nranks, max(1, nranks // 8), dev))
    L.append(q + "P2P Chunksize set to 524288")
    L.append(q + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x%x - Init COMPLETE" % (0x55d0c0a00000 + rank * 0x1000, rank, nranks, dev, dev, BUS_H100[dev], 0x6a3f0c2e91d4b7 if rng is None else rng.getrandbits(60)))
    return L


BUS_H100 = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
PCI_H100 = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00", "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]
PCI_A100 = ["0000:07:00", "0000:0f:00", "0000:47:00", "0000:4e:00", "0000:87:00", "0000:90:00", "0000:b7:00", "0000:bd:00"]
PCI_P5 = ["0000:53:00", "0000:64:00", "0000:75:00", "0000:86:00", "0000:97:00", "0000:a8:00", "0000:b9:00", "0000:ca:00"]
PCI_P4D = ["0000:10:1c", "0000:10:1d", "0000:20:1c", "0000:20:1d", "0000:90:1c", "0000:90:1d", "0000:a0:1c", "0000:a0:1d"]


# ---------------------------------------------------------------------------------------------
# torch watchdog / errors
def watchdog_timeout(clk, sec, rank, seq, op, numel, last_done=None, timeout_ms=600000, pg="0(default_pg)",
                     fr_enabled=False, lib="/usr/local/lib/python3.10/dist-packages/torch/lib"):
    last_done = seq - 1 if last_done is None else last_done
    ran = timeout_ms + 5 + (rank * 7) % 90
    w = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, op, numel, numel, timeout_ms)
    L = [
        "%s [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (clk.c10(sec, "E", "ProcessGroupNCCL.cpp:632", rank, rank * 131), rank, w, ran),
        "%s [PG ID 0 PG GUID %s Rank %d]  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d" % (clk.c10(sec, "E", "ProcessGroupNCCL.cpp:2268", rank, rank * 17 + 3), pg, rank, seq, seq, last_done),
    ]
    if not fr_enabled:
        L.append("%s Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value." % clk.c10(sec, "E", "ProcessGroupNCCL.cpp:670", rank, rank * 5 + 1))
    else:
        L.append("%s [PG ID 0 PG GUID %s Rank %d] ProcessGroupNCCL preparing to dump debug info. Include a stack trace in the dumped debug info." % (clk.c10(sec, "E", "ProcessGroupNCCL.cpp:1683", rank, rank * 5 + 2), pg, rank))
    L += [
        "%s [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (clk.c10(sec, "E", "ProcessGroupNCCL.cpp:646", rank, rank * 3 + 9), rank),
        "%s [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (clk.c10(sec, "E", "ProcessGroupNCCL.cpp:652", rank, rank * 3 + 11), rank),
        "%s [PG ID 0 PG GUID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (clk.c10(sec, "E", "ProcessGroupNCCL.cpp:1595", rank, rank * 7), pg, rank, rank, w, ran),
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
    ]
    L += cpp_frames(lib, ["c10::Error::Error(c10::SourceLocation, std::string)", "c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >)",
                          "c10d::ProcessGroupNCCL::watchdogHandler()", "c10d::ProcessGroupNCCL::ncclCommWatchdog()"], rank)
    L += ["", "terminate called after throwing an instance of 'c10::DistBackendError'",
          "  what():  [PG ID 0 PG GUID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pg, rank, rank, w, ran)]
    return L


def cpp_frames(lib, funcs, salt=0):
    libs = ["libc10.so", "libtorch_cuda.so", "libtorch_cuda.so", "libtorch_cuda.so", "libtorch_cuda.so"]
    L = []
    base = 0x7f3a1c000000 + salt * 0x100000
    for i, f in enumerate(funcs):
        L.append("frame #%d: %s + 0x%x (0x%x in %s/%s)" % (i, f, 0x57 + i * 0x3d, base + 0x96 + i * 0x1a2f3, lib, libs[min(i, 4)]))
    n = len(funcs)
    L.append("frame #%d: <unknown function> + 0xdc253 (0x%x in /lib/x86_64-linux-gnu/libstdc++.so.6)" % (n, base + 0x6dc253))
    L.append("frame #%d: <unknown function> + 0x94ac3 (0x%x in /lib/x86_64-linux-gnu/libc.so.6)" % (n + 1, base + 0x894ac3))
    L.append("frame #%d: <unknown function> + 0x126850 (0x%x in /lib/x86_64-linux-gnu/libc.so.6)" % (n + 2, base + 0x926850))
    L.append("")
    return L


def nccl_remote_error(clk, sec, rank, detail, ver="2.21.5", lib="/usr/local/lib/python3.10/dist-packages/torch/lib"):
    msg = ("NCCL error: remote process exited or there was a network error, NCCL version %s\n"
           "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
           "Last error:\n%s" % (ver, detail))
    L = ["%s [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: %s" % (clk.c10(sec, "E", "ProcessGroupNCCL.cpp:1595", rank, rank), rank, msg),
         "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):"]
    L += cpp_frames(lib, ["c10::Error::Error(c10::SourceLocation, std::string)", "c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&)",
                          "c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException()", "c10d::ProcessGroupNCCL::watchdogHandler()", "c10d::ProcessGroupNCCL::ncclCommWatchdog()"], rank)
    L += ["terminate called after throwing an instance of 'c10::DistBackendError'",
          "  what():  [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: %s" % (rank, msg)]
    return L


# ---------------------------------------------------------------------------------------------
# torchrun / elastic
def torchrun_start(clk, sec, pid, nnodes, nproc, rdzv, run_id, max_restarts=0, node_rank=None):
    L = [clk.elastic(sec, "W", pid, "torch/distributed/run.py:793") + " ",
         clk.elastic(sec, "W", pid, "torch/distributed/run.py:793") + " *****************************************",
         clk.elastic(sec, "W", pid, "torch/distributed/run.py:793") + " Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
         clk.elastic(sec, "W", pid, "torch/distributed/run.py:793") + " *****************************************",
         clk.elastic(sec + 0.2, "I", pid, "torch/distributed/launcher/api.py:188") + " Starting elastic_operator with launch configs:",
         clk.elastic(sec + 0.2, "I", pid, "torch/distributed/launcher/api.py:188") + "   entrypoint       : train.py",
         clk.elastic(sec + 0.2, "I", pid, "torch/distributed/launcher/api.py:188") + "   min_nodes        : %d" % nnodes,
         clk.elastic(sec + 0.2, "I", pid, "torch/distributed/launcher/api.py:188") + "   max_nodes        : %d" % nnodes,
         clk.elastic(sec + 0.2, "I", pid, "torch/distributed/launcher/api.py:188") + "   nproc_per_node   : %d" % nproc,
         clk.elastic(sec + 0.2, "I", pid, "torch/distributed/launcher/api.py:188") + "   run_id           : %s" % run_id,
         clk.elastic(sec + 0.2, "I", pid, "torch/distributed/launcher/api.py:188") + "   rdzv_backend     : c10d",
         clk.elastic(sec + 0.2, "I", pid, "torch/distributed/launcher/api.py:188") + "   rdzv_endpoint    : %s" % rdzv,
         clk.elastic(sec + 0.2, "I", pid, "torch/distributed/launcher/api.py:188") + "   rdzv_configs     : {'timeout': 900}",
         clk.elastic(sec + 0.2, "I", pid, "torch/distributed/launcher/api.py:188") + "   max_restarts     : %d" % max_restarts,
         clk.elastic(sec + 0.2, "I", pid, "torch/distributed/launcher/api.py:188") + "   monitor_interval : 0.1",
         clk.elastic(sec + 0.2, "I", pid, "torch/distributed/launcher/api.py:188") + "   log_dir          : /tmp/torchelastic_%s" % run_id[:8],
         clk.elastic(sec + 0.2, "I", pid, "torch/distributed/launcher/api.py:188") + "   metrics_cfg      : {}",
         clk.elastic(sec + 0.3, "I", pid, "torch/distributed/elastic/agent/server/local_elastic_agent.py:230") + " log directory set to: /tmp/torchelastic_%s/%s_wq3x1c2k" % (run_id[:8], run_id),
         clk.elastic(sec + 0.3, "I", pid, "torch/distributed/elastic/agent/server/api.py:870") + " [default] starting workers for entrypoint: python3",
         clk.elastic(sec + 0.3, "I", pid, "torch/distributed/elastic/agent/server/api.py:677") + " [default] Rendezvous'ing worker group"]
    return L


def torchrun_rdzv_done(clk, sec, pid, node_rank, nproc, nnodes, master, port=29500, restart=0):
    ws = nproc * nnodes
    g0 = node_rank * nproc
    granks = list(range(g0, g0 + nproc))
    L = [clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/api.py:525") + " [default] Rendezvous complete for workers. Result:",
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/api.py:525") + "   restart_count=%d" % restart,
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/api.py:525") + "   master_addr=%s" % master,
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/api.py:525") + "   master_port=%d" % port,
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/api.py:525") + "   group_rank=%d" % node_rank,
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/api.py:525") + "   group_world_size=%d" % nnodes,
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/api.py:525") + "   local_ranks=%s" % list(range(nproc)),
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/api.py:525") + "   role_ranks=%s" % granks,
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/api.py:525") + "   global_ranks=%s" % granks,
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/api.py:525") + "   role_world_sizes=%s" % ([ws] * nproc),
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/api.py:525") + "   global_world_sizes=%s" % ([ws] * nproc),
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/api.py:525") + " ",
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/api.py:685") + " [default] Starting worker group",
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/local_elastic_agent.py:298") + " use_agent_store: True",
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/local_elastic_agent.py:192") + " Environment variable 'TORCHELASTIC_ENABLE_FILE_TIMER' not found. Do not start FileTimerServer.",
         clk.elastic(sec, "I", pid, "torch/distributed/elastic/agent/server/local_elastic_agent.py:236") + " Environment variable 'TORCHELASTIC_HEALTH_CHECK_PORT' not found. Do not start health check."]
    return L


def child_failed(clk, sec, host, rank, local, exitcode, pid, script="train.py", others=None, error_file=None, sig=None):
    sig_txt = {-6: "Signal 6 (SIGABRT) received by PID %d", -9: "Signal 9 (SIGKILL) received by PID %d",
               -15: "Signal 15 (SIGTERM) received by PID %d", -7: "Signal 7 (SIGBUS) received by PID %d"}
    tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
    if exitcode < 0:
        tb = sig_txt.get(exitcode, "Signal %d received by PID %%d" % -exitcode) % pid
    L = ["Traceback (most recent call last):",
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
         "%s FAILED" % script,
         "------------------------------------------------------------",
         "Failures:"]
    if not others:
        L.append("  <NO_OTHER_FAILURES>")
    else:
        for i, (r, lr, ec, p) in enumerate(others, 1):
            t2 = sig_txt.get(ec, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
            if ec < 0:
                t2 = t2 % p
            L += ["[%d]:" % i, "  time      : %s" % clk.elastic_time(sec), "  host      : %s" % host,
                  "  rank      : %d (local_rank: %d)" % (r, lr), "  exitcode  : %d (pid: %d)" % (ec, p),
                  "  error_file: <N/A>", "  traceback : %s" % t2]
    L += ["------------------------------------------------------------",
          "Root Cause (first observed failure):",
          "[0]:",
          "  time      : %s" % clk.elastic_time(sec),
          "  host      : %s" % host,
          "  rank      : %d (local_rank: %d)" % (rank, local),
          "  exitcode  : %d (pid: %d)" % (exitcode, pid),
          "  error_file: %s" % (error_file or "<N/A>"),
          "  traceback : %s" % (tb if not error_file else "Traceback (most recent call last):"),
          "============================================================"]
    return L


# ---------------------------------------------------------------------------------------------
# nvidia-smi
def smi_table(clk, sec, gpus, driver="550.127.05", cuda="12.4", name="NVIDIA H100 80GB HBM3", buses=None,
              procs=None, total=81559, cap=700):
    """gpus: list of dicts with temp, pwr, mem, util, ecc (str), perf"""
    buses = buses or ["00000000:%s.0" % p[5:] for p in PCI_H100]
    W = 89
    hdr = " NVIDIA-SMI %-22s Driver Version: %-14s CUDA Version: %s" % (driver, driver, cuda)
    L = [clk.smi(sec) + "       ",
         "+" + "-" * W + "+",
         "|" + hdr.ljust(W) + "|",
         "|-----------------------------------------+------------------------+----------------------+",
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
         "|                                         |                        |               MIG M. |",
         "|=========================================+========================+======================|"]
    for i, g in enumerate(gpus):
        s1 = "%4d  %-29s%4s  " % (i, name[:29], "On")
        s2 = "   %s Off " % buses[i]
        s3 = "%21s " % g.get("ecc", "0")
        L.append("|%s|%s|%s|" % (s1, s2.rjust(24)[:24], s3))
        left = " N/A   %2dC    %s" % (g["temp"], g.get("perf", "P0"))
        right = "%dW / %4dW " % (g["pwr"], cap)
        L.append("|%s|%s|%s|" % (left + right.rjust(41 - len(left)), ("%dMiB / %6dMiB " % (g["mem"], total)).rjust(24), ("%d%%      Default " % g["util"]).rjust(22)))
        L.append("|%s|%s|%s|" % (" " * 41, " " * 24, "Disabled ".rjust(22)))
        L.append("+-----------------------------------------+------------------------+----------------------+")
    L += ["", "+" + "-" * W + "+",
          "|" + " Processes:".ljust(W) + "|",
          "|  GPU   GI   CI              PID   Type   Process name                        GPU Memory |",
          "|        ID   ID                                                               Usage      |",
          "|" + "=" * W + "|"]
    if not procs:
        L.append("|" + "  No running processes found".ljust(W) + "|")
    else:
        for (g, pid, pname, mem) in procs:
            body = "  %4d   N/A  N/A  %15d      C   %-34s" % (g, pid, pname[-34:])
            L.append("|" + body + ("%dMiB " % mem).rjust(W - len(body)) + "|")
    L.append("+" + "-" * W + "+")
    return L


def smi_q_gpu(idx, bus, name="NVIDIA H100 80GB HBM3", serial="1654223017321", temp=41, sm_clk=1980, max_clk=1980,
              pwr=412.3, slow=False, sw_thermal=False, remap=(0, 0, "No", "No"), ecc_sram_unc=0, ecc_dram_unc=0,
              ecc_dram_cor=0, uuid="GPU-00000000-0000-0000-0000-000000000000", hist=(640, 0, 0, 0, 0)):
    A = lambda b: "Active" if b else "Not Active"
    L = ["GPU %s" % bus.upper().replace("0000:", "00000000:") + ".0",
         "    Product Name                          : %s" % name,
         "    Product Brand                         : NVIDIA",
         "    Product Architecture                  : Hopper" if "H100" in name else "    Product Architecture                  : Ampere",
         "    Display Mode                          : Enabled",
         "    Persistence Mode                      : Enabled",
         "    Serial Number                         : %s" % serial,
         "    GPU UUID                              : %s" % uuid,
         "    Minor Number                          : %d" % idx,
         "    Performance State                     : P0",
         "    Clocks Event Reasons",
         "        Idle                              : Not Active",
         "        Applications Clocks Setting       : Not Active",
         "        SW Power Cap                      : Not Active",
         "        HW Slowdown                       : %s" % A(slow),
         "            HW Thermal Slowdown           : %s" % A(slow),
         "            HW Power Brake Slowdown       : Not Active",
         "        Sync Boost                        : Not Active",
         "        SW Thermal Slowdown               : %s" % A(sw_thermal),
         "        Display Clock Setting             : Not Active",
         "    ECC Mode",
         "        Current                           : Enabled",
         "        Pending                           : Enabled",
         "    ECC Errors",
         "        Volatile",
         "            SRAM Correctable              : 0",
         "            SRAM Uncorrectable Parity     : 0",
         "            SRAM Uncorrectable SEC-DED    : %d" % ecc_sram_unc,
         "            DRAM Correctable              : %d" % ecc_dram_cor,
         "            DRAM Uncorrectable            : %d" % ecc_dram_unc,
         "        Aggregate",
         "            SRAM Correctable              : 0",
         "            SRAM Uncorrectable Parity     : 0",
         "            SRAM Uncorrectable SEC-DED    : %d" % ecc_sram_unc,
         "            DRAM Correctable              : %d" % ecc_dram_cor,
         "            DRAM Uncorrectable            : %d" % ecc_dram_unc,
         "            SRAM Threshold Exceeded       : No",
         "    Retired Pages",
         "        Single Bit ECC                    : N/A",
         "        Double Bit ECC                    : N/A",
         "        Pending Page Blacklist            : N/A",
         "    Remapped Rows",
         "        Correctable Error                 : %d" % remap[0],
         "        Uncorrectable Error               : %d" % remap[1],
         "        Pending                           : %s" % remap[2],
         "        Remapping Failure Occurred        : %s" % remap[3],
         "        Bank Remap Availability Histogram",
         "            Max                           : %d bank(s)" % hist[0],
         "            High                          : %d bank(s)" % hist[1],
         "            Partial                       : %d bank(s)" % hist[2],
         "            Low                           : %d bank(s)" % hist[3],
         "            None                          : %d bank(s)" % hist[4],
         "    Temperature",
         "        GPU Current Temp                  : %d C" % temp,
         "        GPU T.Limit Temp                  : %d C" % (87 - temp if temp < 87 else 0),
         "        GPU Shutdown Temp                 : 92 C",
         "        GPU Slowdown Temp                 : 89 C",
         "        GPU Max Operating Temp            : 87 C",
         "        Memory Current Temp               : %d C" % (temp + 6),
         "        Memory Max Operating Temp         : 95 C",
         "    GPU Power Readings",
         "        Power Draw                        : %.2f W" % pwr,
         "        Current Power Limit               : 700.00 W",
         "        Requested Power Limit             : 700.00 W",
         "        Default Power Limit               : 700.00 W",
         "    Clocks",
         "        Graphics                          : %d MHz" % sm_clk,
         "        SM                                : %d MHz" % sm_clk,
         "        Memory                            : 2619 MHz",
         "        Video                             : 1755 MHz",
         "    Max Clocks",
         "        Graphics                          : %d MHz" % max_clk,
         "        SM                                : %d MHz" % max_clk,
         "        Memory                            : 2619 MHz",
         "        Video                             : 1965 MHz",
         ""]
    return L


def smi_q_header(clk, sec, driver="550.127.05", cuda="12.4", n=8):
    return ["", "==============NVSMI LOG==============", "",
            "Timestamp                                 : %s" % clk.smi(sec),
            "Driver Version                            : %s" % driver,
            "CUDA Version                              : %s" % cuda, "",
            "Attached GPUs                             : %d" % n]


# ---------------------------------------------------------------------------------------------
# kubectl describe pod
def describe_pod(clk, name, ns, node, node_ip, pod_ip, image, digest, state, started, finished=None,
                 reason=None, exit_code=None, restarts=0, labels=(), env=(), events=(), limits_mem="1800Gi",
                 gpus=8, last_state=None, status=None, container="pytorch", conditions=None, qos="Burstable"):
    L = ["Name:             %s" % name,
         "Namespace:        %s" % ns,
         "Priority:         1000",
         "Priority Class Name:  training-high",
         "Service Account:  default",
         "Node:             %s/%s" % (node, node_ip),
         "Start Time:       %s" % clk.k8s(started - 40)]
    L.append("Labels:           %s" % labels[0] if labels else "Labels:           <none>")
    for lb in labels[1:]:
        L.append("                  %s" % lb)
    L += ["Annotations:      <none>",
          "Status:           %s" % (status or ("Failed" if state == "Terminated" else "Running")),
          "IP:               %s" % pod_ip,
          "IPs:",
          "  IP:           %s" % pod_ip,
          "Controlled By:  %s" % ("PyTorchJob/" + name.rsplit("-", 2)[0] if "worker" in name or "master" in name else "Job/" + name.rsplit("-", 1)[0]),
          "Containers:",
          "  %s:" % container,
          "    Container ID:  containerd://%s" % digest[7:71][::-1],
          "    Image:         %s" % image,
          "    Image ID:      %s@%s" % (image.rsplit(":", 1)[0], digest),
          "    Port:          23456/TCP",
          "    Host Port:     0/TCP"]
    if state == "Terminated":
        L += ["    State:          Terminated",
              "      Reason:       %s" % reason,
              "      Exit Code:    %d" % exit_code,
              "      Started:      %s" % clk.k8s(started),
              "      Finished:     %s" % clk.k8s(finished)]
    elif state == "Waiting":
        L += ["    State:          Waiting", "      Reason:       %s" % reason]
    else:
        L += ["    State:          Running", "      Started:      %s" % clk.k8s(started)]
    if last_state:
        L += ["    Last State:     Terminated",
              "      Reason:       %s" % last_state[0],
              "      Exit Code:    %d" % last_state[1],
              "      Started:      %s" % clk.k8s(last_state[2]),
              "      Finished:     %s" % clk.k8s(last_state[3])]
    L += ["    Ready:          %s" % ("True" if state == "Running" else "False"),
          "    Restart Count:  %d" % restarts,
          "    Limits:",
          "      memory:                 %s" % limits_mem,
          "      nvidia.com/gpu:         %d" % gpus,
          "      vpc.amazonaws.com/efa:  32" if "ec2" in node else "      rdma/ib:                8" if "aks" in node else "      cpu:                    200",
          "    Requests:",
          "      cpu:                    96",
          "      memory:                 %s" % limits_mem,
          "      nvidia.com/gpu:         %d" % gpus,
          "    Environment:"]
    for k, v in env:
        L.append("      %-22s %s" % (k + ":", v))
    L += ["    Mounts:",
          "      /dev/shm from dshm (rw)",
          "      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-%s (ro)" % digest[-5:],
          "Conditions:",
          "  Type                        Status"]
    for c, s in (conditions or [("PodReadyToStartContainers", "False" if state == "Terminated" else "True"), ("Initialized", "True"), ("Ready", "False" if state != "Running" else "True"), ("ContainersReady", "False" if state != "Running" else "True"), ("PodScheduled", "True")]):
        L.append("  %-27s %s" % (c, s))
    L += ["Volumes:",
          "  dshm:",
          "    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)",
          "    Medium:     Memory",
          "    SizeLimit:  256Gi",
          "QoS Class:                   %s" % qos,
          "Node-Selectors:              <none>",
          "Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s",
          "                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s",
          "                             nvidia.com/gpu:NoSchedule op=Exists",
          "Events:"]
    if not events:
        L.append("  <none>")
    else:
        L += ["  Type     Reason     Age                From               Message",
              "  ----     ------     ----               ----               -------"]
        for typ, rsn, age, frm, msg in events:
            L.append("  %-8s %-10s %-18s %-18s %s" % (typ, rsn, age, frm, msg))
    return L


def tqdm_bar(desc, i, n, elapsed_s, rate, post=""):
    pct = int(100 * i / n)
    fill = int(10 * i / n)
    bar = "\u2588" * fill + (" " if fill < 10 else "") + " " * max(0, 9 - fill)
    bar = bar[:10]
    rem = (n - i) / rate if rate > 0 else 0

    def mmss(x):
        x = int(x)
        h, r = divmod(x, 3600)
        m, s = divmod(r, 60)
        return ("%d:%02d:%02d" % (h, m, s)) if h else ("%02d:%02d" % (m, s))
    rs = ("%5.2fit/s" % rate) if rate >= 1 else ("%5.2fs/it" % (1.0 / rate))
    return "%s: %3d%%|%s| %d/%d [%s<%s, %s%s]" % (desc, pct, bar, i, n, mmss(elapsed_s), mmss(rem), rs, (", " + post) if post else "")
