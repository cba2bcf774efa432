"""Shared helpers for corpus set 78: timestamps and the real log formats we imitate.

Standard library only. Nothing here reads the clock; every time is derived from a
fixed string given by the case.
"""

import datetime as _dt
import random

DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def T(s):
    """Parse 'YYYY-MM-DD HH:MM:SS' into a datetime (optionally with .ffffff)."""
    if "." in s:
        return _dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S.%f")
    return _dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S")


def add(t, sec):
    return t + _dt.timedelta(seconds=sec)


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def pylog(t):
    """Python logging asctime: 2024-05-14 06:41:02,118"""
    return t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (t.microsecond // 1000)


def bracket(t):
    return "[" + t.strftime("%Y-%m-%d %H:%M:%S") + "]"


def glog(level, t, tid, src):
    """glog prefix: E0514 06:41:02.118233 1234 file.cpp:123]"""
    return "%s%s %s %d %s]" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S.%f"), tid, src)


def c10d(rank, level, t, src):
    """PyTorch >= 2.2 c10d prefix: [rank3]:[E514 06:41:02.118233911 ProcessGroupNCCL.cpp:632]"""
    mmdd = "%d%02d" % (t.month, t.day)
    ns = "%06d%03d" % (t.microsecond, (t.microsecond * 7 + rank * 13) % 1000)
    return "[rank%d]:[%s%s %s.%s %s]" % (rank, level, mmdd, t.strftime("%H:%M:%S"), ns, src)


def dmesg_h(t):
    """dmesg -T style: [Tue May 14 06:41:02 2024]"""
    return "[%s %s %2d %s %d]" % (DAYS[t.weekday()], MONTHS[t.month - 1], t.day,
                                  t.strftime("%H:%M:%S"), t.year)


def dmesg_up(sec):
    """raw dmesg uptime: [ 1234.567890]"""
    whole = int(sec)
    frac = int(round((sec - whole) * 1000000)) % 1000000
    return "[%5d.%06d]" % (whole, frac)


def syslog(t):
    """classic syslog / journalctl short: May 14 06:41:02"""
    return "%s %2d %s" % (MONTHS[t.month - 1], t.day, t.strftime("%H:%M:%S"))


def ctime(t):
    """date(1)/ctime style without locale: Tue May 14 06:41:02 2024"""
    return "%s %s %2d %s %d" % (DAYS[t.weekday()], MONTHS[t.month - 1], t.day, t.strftime("%H:%M:%S"), t.year)


def k8s_ts(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06dZ" % t.microsecond


def elastic_ts(t):
    return t.strftime("%Y-%m-%d_%H:%M:%S")


def torchrun_summary(script, failures, root, style="new", error_file=None):
    """The torch.distributed.elastic ChildFailedError table.

    failures: list of dicts {time, host, rank, local_rank, exitcode, pid}
    root: dict of the same shape (first observed failure)
    """
    def block(idx, f):
        ef = error_file or "<N/A>"
        tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        if f.get("signal"):
            code = "%d (pid: %d)" % (f["exitcode"], f["pid"])
            tb = "Signal %d (%s) received by PID %d" % (-f["exitcode"], f["signal"], f["pid"])
        else:
            code = "%d (pid: %d)" % (f["exitcode"], f["pid"])
        return [
            "[%d]:" % idx,
            "  time      : %s" % elastic_ts(f["time"]),
            "  host      : %s" % f["host"],
            "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
            "  exitcode  : %s" % code,
            "  error_file: %s" % ef,
            "  traceback : %s" % tb,
        ]

    out = []
    out.append("Traceback (most recent call last):")
    if style == "new":
        out.append('  File "/usr/local/bin/torchrun", line 33, in <module>')
        out.append("    sys.exit(load_entry_point('torch', 'console_scripts', 'torchrun')())")
        out.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper')
        out.append("    return f(*args, **kwargs)")
        out.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main')
        out.append("    run(args)")
        out.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 910, in run')
        out.append("    elastic_launch(")
        out.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 138, in __call__')
        out.append("    return launch_agent(self._config, self._entrypoint, list(args))")
        out.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 269, in launch_agent')
        out.append("    raise ChildFailedError(")
    else:
        out.append('  File "/opt/conda/bin/torchrun", line 8, in <module>')
        out.append("    sys.exit(main())")
        out.append('  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 346, in wrapper')
        out.append("    return f(*args, **kwargs)")
        out.append('  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/run.py", line 794, in main')
        out.append("    run(args)")
        out.append('  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/run.py", line 785, in run')
        out.append("    elastic_launch(")
        out.append('  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/launcher/api.py", line 134, in __call__')
        out.append("    return launch_agent(self._config, self._entrypoint, list(args))")
        out.append('  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/launcher/api.py", line 250, in launch_agent')
        out.append("    raise ChildFailedError(")
    out.append("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    out.append("=" * 60)
    out.append("%s FAILED" % script)
    out.append("-" * 60)
    out.append("Failures:")
    others = [f for f in failures if f is not root]
    if not others:
        out.append("  <NO_OTHER_FAILURES>")
    else:
        for i, f in enumerate(others, 1):
            out.extend(block(i, f))
    out.append("-" * 60)
    out.append("Root Cause (first observed failure):")
    out.extend(block(0, root))
    out.append("=" * 60)
    return out


def agent_failed_line(t, local_rank, pid, exitcode, binary, style="new", tid=140213):
    if style == "new":
        return "%s failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (
            glog("E", t, tid, "torch/distributed/elastic/multiprocessing/api.py:833"),
            exitcode, local_rank, pid, binary)
    return "%s torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (
        "[" + pylog(t) + "]", exitcode, local_rank, pid, binary)


def agent_sigterm_lines(t, pids, style="new", tid=140213):
    out = []
    if style == "new":
        out.append("%s Received Signals.SIGTERM death signal, shutting down workers" % glog(
            "W", t, tid, "torch/distributed/elastic/agent/server/api.py:704"))
        for p in pids:
            out.append("%s Sending process %d closing signal SIGTERM" % (
                glog("W", add(t, 0.002), tid, "torch/distributed/elastic/multiprocessing/api.py:897"), p))
    else:
        out.append("[%s] torch.distributed.elastic.agent.server.api: [WARNING] Received Signals.SIGTERM death signal, shutting down workers" % pylog(t))
        for p in pids:
            out.append("[%s] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal SIGTERM" % (pylog(add(t, 0.002)), p))
    return out


def sigterm_traceback(pid, style="new"):
    pre = "/usr/local/lib/python3.10/dist-packages" if style == "new" else "/opt/conda/lib/python3.10/site-packages"
    return [
        "Traceback (most recent call last):",
        '  File "%s/torch/distributed/run.py", line 910, in run' % pre,
        "    elastic_launch(",
        '  File "%s/torch/distributed/launcher/api.py", line 260, in launch_agent' % pre,
        "    result = agent.run()",
        '  File "%s/torch/distributed/elastic/agent/server/api.py", line 696, in run' % pre,
        "    result = self._invoke_run(role)",
        '  File "%s/torch/distributed/elastic/agent/server/api.py", line 855, in _invoke_run' % pre,
        "    time.sleep(monitor_interval)",
        '  File "%s/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler' % pre,
        "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
        "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % pid,
    ]


def watchdog_lines(rank, t, seq, optype, numel, timeout_ms, ran_ms, pg="0"):
    src = "ProcessGroupNCCL.cpp:632"
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (
        seq, optype, numel, numel, timeout_ms)
    return [
        "%s [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (
            c10d(rank, "E", t, src), rank, work, ran_ms),
        "%s [PG ID %s PG GUID %s(default_pg) Rank %d]  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d" % (
            c10d(rank, "E", add(t, 0.001), "ProcessGroupNCCL.cpp:2268"), pg, pg, rank, seq, seq, seq - 1),
        "%s [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (
            c10d(rank, "E", add(t, 0.002), "ProcessGroupNCCL.cpp:630"), rank),
        "%s [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (
            c10d(rank, "E", add(t, 0.002), "ProcessGroupNCCL.cpp:636"), rank),
        "%s [PG ID %s PG GUID %s(default_pg) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (
            c10d(rank, "E", add(t, 0.003), "ProcessGroupNCCL.cpp:1595"), pg, pg, rank, rank, work, ran_ms),
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:634 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3b1e7d8446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f3ad3a4e772 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3ad3a551b3 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3ad3a5697d in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: <unknown function> + 0xdc253 (0x7f3b1f2b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f3b23a94ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: <unknown function> + 0x126850 (0x7f3b23b26850 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
    ]


def nccl_info(host, pid, tid, lr, msg):
    return "%s:%d:%d [%d] NCCL INFO %s" % (host, pid, tid, lr, msg)


def nccl_warn(host, pid, tid, lr, src, msg):
    return "%s:%d:%d [%d] %s NCCL WARN %s" % (host, pid, tid, lr, src, msg)


def nccl_init_block(host, pid, lr, rank, nranks, version, iface, ip, net="IB", plugin_lines=None,
                    cuda_driver=12040, bus=None):
    tid = pid
    out = []
    if lr == 0 and rank == 0:
        out.append("NCCL version %s" % version)
    out.append(nccl_info(host, pid, tid, lr, "cudaDriverVersion %d" % cuda_driver))
    out.append(nccl_info(host, pid, tid, lr, "NCCL_SOCKET_IFNAME set by environment to %s" % iface))
    out.append(nccl_info(host, pid, tid, lr, "Bootstrap : Using %s:%s<0>" % (iface, ip)))
    if plugin_lines:
        for p in plugin_lines:
            out.append(nccl_info(host, pid, tid, lr, p))
    else:
        out.append(nccl_info(host, pid, tid, lr, "NET/Plugin: No plugin found (libnccl-net.so)"))
        out.append(nccl_info(host, pid, tid, lr, "NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so"))
        out.append(nccl_info(host, pid, tid, lr, "NET/Plugin: Using internal network plugin."))
    tid2 = pid + 190 + lr
    if net == "IB":
        out.append(nccl_info(host, pid, tid2, lr, "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB [4]mlx5_6:1/IB [5]mlx5_9:1/IB [6]mlx5_10:1/IB [7]mlx5_11:1/IB [RO]; OOB %s:%s<0>" % (iface, ip)))
        out.append(nccl_info(host, pid, tid2, lr, "Using network IB"))
    out.append(nccl_info(host, pid, tid2, lr, "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x7f9c2e1d4b6a8c10 - Init START" % (
        0x55d0c0000000 + rank * 0x1a40, rank, nranks, lr, lr, bus or ("%x000" % (0x18 + lr * 0x10)))))
    return out


def nvidia_smi_table(t, driver, cuda, gpu_name, n=8, mem_total=81559, temp_base=33, util=0,
                     mem_used=None, procs=None, power_cap=700, seed=1):
    rnd = random.Random(seed)
    out = []
    out.append("%s %s %02d %s %d" % (DAYS[t.weekday()], MONTHS[t.month - 1], t.day, t.strftime("%H:%M:%S"), t.year))
    out.append("+---------------------------------------------------------------------------------------+")
    hdr = " NVIDIA-SMI %-22s Driver Version: %-12s CUDA Version: %s" % (driver, driver, cuda)
    out.append("|" + hdr.ljust(87) + "|")
    out.append("|-----------------------------------------+----------------------+----------------------+")
    out.append("| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |")
    out.append("| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |")
    out.append("|                                         |                      |               MIG M. |")
    out.append("|=========================================+======================+======================|")
    buses = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
             "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]
    for i in range(n):
        temp = temp_base + rnd.randint(0, 6)
        pw = rnd.randint(68, 118) if util == 0 else rnd.randint(520, 690)
        mu = mem_used[i] if mem_used else (rnd.randint(2, 7) if util == 0 else rnd.randint(60100, 71200))
        out.append("|%4d  %-28s%5s  | %s Off |%21s |" % (i, gpu_name[:28], "On", buses[i % 8], "0"))
        out.append("| N/A   %2dC    P0%s | %s |    %3d%%      Default |" % (
            temp, ("%dW / %dW" % (pw, power_cap)).rjust(24), ("%dMiB / %dMiB" % (mu, mem_total)).rjust(20), util))
        out.append("|                                         |                      |             Disabled |")
        out.append("+-----------------------------------------+----------------------+----------------------+")
    out.append("")
    out.append("+---------------------------------------------------------------------------------------+")
    out.append("| Processes:                                                                            |")
    out.append("|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |")
    out.append("|        ID   ID                                                             Usage      |")
    out.append("|=======================================================================================|")
    if procs:
        for p in procs:
            out.append("|    %d   N/A  N/A    %7d      C   %-38s %6dMiB |" % p)
    else:
        out.append("|  No running processes found                                                           |")
    out.append("+---------------------------------------------------------------------------------------+")
    return out


def sacct(rows):
    """rows: list of (jobid, jobname, partition, account, alloccpus, state, exitcode)"""
    out = ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode ",
           "------------ ---------- ---------- ---------- ---------- ---------- -------- "]
    for r in rows:
        out.append("%-12s %10s %10s %10s %10s %10s %8s " % (r[0], r[1][:10], r[2], r[3], r[4], r[5], r[6]))
    return out


def megatron_iter(t, it, total, samples, ms, lr, gbs, loss, scale=1.0, gnorm=None):
    g = " grad norm: %.3f |" % gnorm if gnorm is not None else ""
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f |"
            " learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: %.1f |%s"
            " number of skipped iterations:   0 | number of nan iterations:   0 |") % (
        t.strftime("%Y-%m-%d %H:%M:%S"), it, total, samples, ms, lr, gbs, loss, scale, g)


def titan_step(rank, t, step, loss, mem_gib, mem_pct, tps, tflops, mfu):
    return "[rank%d]:[titan] %s - root - INFO - step: %d  loss: %7.4f  memory: %.2fGiB(%.2f%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
        rank, pylog(t), step, loss, mem_gib, mem_pct, "{:,}".format(tps), tflops, mfu)


def loss_curve(rnd, start, n, base=2.6, floor=1.9):
    vals = []
    for i in range(n):
        x = start + i
        v = floor + (base - floor) * (2.718 ** (-x / 4000.0)) + rnd.uniform(-0.03, 0.03)
        vals.append(v)
    return vals
