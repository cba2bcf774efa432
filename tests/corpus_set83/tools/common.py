"""Shared helpers that render log formats for corpus set 83.

Standard library only; no clock, no unseeded randomness.
"""
import datetime as _dt
import random

DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
          "Oct", "Nov", "Dec"]


def T(s):
    """Parse 'YYYY-mm-dd HH:MM:SS'."""
    return _dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S")


def add(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


def rng(seed):
    return random.Random(seed)


# ---------------------------------------------------------------- timestamps
def ctime(t):
    """'Mon Nov  4 22:41:09 2024' (dmesg -T / nvidia-smi header)."""
    return "%s %s %2d %02d:%02d:%02d %d" % (
        DAYS[t.weekday()], MONTHS[t.month - 1], t.day, t.hour, t.minute,
        t.second, t.year)


def dmesg_T(t, msg):
    return "[%s] %s" % (ctime(t), msg)


def dmesg_up(uptime, msg):
    return "[%12.6f] %s" % (uptime, msg)


def syslog(t, host, proc, msg):
    return "%s %2d %02d:%02d:%02d %s %s: %s" % (
        MONTHS[t.month - 1], t.day, t.hour, t.minute, t.second, host, proc, msg)


def journal(t, host, proc, msg):
    # journalctl -o short-iso
    return "%s%s %s %s: %s" % (t.strftime("%Y-%m-%dT%H:%M:%S"), "+0000", host,
                               proc, msg)


def glog(level, t, frac, pid, src, msg):
    """glog style line used by torch elastic agent: 'W1104 22:41:09.934000 1402 src] msg'."""
    return "%s%s.%06d %d %s] %s" % (level, t.strftime("%m%d %H:%M:%S"), frac,
                                     pid, src, msg)


def c10d(rank, level, t, ns, src, msg):
    """'[rank5]:[E1104 22:41:09.812070943 ProcessGroupNCCL.cpp:616] msg'."""
    # c10 logging pads the day but not the month: 'E429 13:55:49', 'E1104 22:41:09'
    return "[rank%d]:[%s%d%s.%09d %s] %s" % (rank, level, t.month, t.strftime("%d %H:%M:%S"),
                                           (ns * 7919 + 312070943) % 1000000000, src, msg)


def pyts(t, ms=0):
    """'2024-11-04 22:41:09,812'"""
    return "%s,%03d" % (t.strftime("%Y-%m-%d %H:%M:%S"), ms)


def bracket_ts(t):
    return t.strftime("[%Y-%m-%d %H:%M:%S]")


# ------------------------------------------------------------ torch elastic
def torchrun_banner(t, pid, nproc=8):
    lines = [glog("W", t, 112000, pid, "torch/distributed/run.py:793", ""),
             "*****************************************",
             "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, "
             "to avoid your system being overloaded, please further tune the variable for optimal "
             "performance in your application as needed. ",
             "*****************************************"]
    return lines


def elastic_sigterm(t, agent_pid, pids, frac=934000):
    out = []
    for i, p in enumerate(pids):
        out.append(glog("W", t, frac + 1000 * i, agent_pid,
                        "torch/distributed/elastic/multiprocessing/api.py:897",
                        "Sending process %d closing signal SIGTERM" % p))
    return out


def elastic_failed(t, agent_pid, exitcode, local_rank, pid, binary="/usr/bin/python"):
    return glog("E", t, 512000, agent_pid,
                "torch/distributed/elastic/multiprocessing/api.py:869",
                "failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s"
                % (exitcode, local_rank, pid, binary))


def child_failed(script, root, others=(), launcher="/usr/local/bin/torchrun"):
    """Render the ChildFailedError table.

    root/others: dicts with time (datetime), host, rank, local_rank, exitcode, pid
    and optional signal name (e.g. 'SIGKILL').
    """
    def entry(idx, e):
        if e.get("signal"):
            tb = "Signal %d (%s) received by PID %d" % (
                {"SIGKILL": 9, "SIGTERM": 15, "SIGBUS": 7, "SIGABRT": 6}[e["signal"]],
                e["signal"], e["pid"])
        else:
            tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        return ["[%d]:" % idx,
                "  time      : %s" % e["time"].strftime("%Y-%m-%d_%H:%M:%S"),
                "  host      : %s" % e["host"],
                "  rank      : %d (local_rank: %d)" % (e["rank"], e["local_rank"]),
                "  exitcode  : %d (pid: %d)" % (e["exitcode"], e["pid"]),
                "  error_file: <N/A>",
                "  traceback : %s" % tb]
    lines = ["Traceback (most recent call last):",
             '  File "%s", line 8, in <module>' % launcher,
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
    if others:
        for i, e in enumerate(others, 1):
            lines += entry(i, e)
    else:
        lines.append("  <NO_OTHER_FAILURES>")
    lines += ["------------------------------------------------------------",
              "Root Cause (first observed failure):"]
    lines += entry(0, root)
    lines.append("============================================================")
    return lines


# --------------------------------------------------------------------- NCCL
def nccl_init(host, pid, lr, rank, nranks, ifname, ip, hca="mlx5", commid="0x7c1a9e3f2b4d5e60",
              version="2.21.5+cuda12.4", busid=None, plugin=True, transport="ib"):
    tid = pid
    busids = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
    b = busid or busids[lr % 8]
    p = "%s:%d:%d [%d] " % (host, pid, tid, lr)
    lines = []
    if lr == 0:
        lines.append(p + "NCCL INFO Bootstrap : Using %s:%s<0>" % (ifname, ip))
        lines.append(p + "NCCL INFO cudaDriverVersion 12040")
        lines.append(p + "NCCL INFO NCCL version %s" % version)
    if plugin:
        lines.append(p + "NCCL INFO Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so")
        lines.append(p + "NCCL INFO P2P plugin v8 IBext_v8")
    if transport == "socket":
        lines.append(p + "NCCL INFO NET/IB : No device found.")
        lines.append(p + "NCCL INFO NET/Socket : Using [0]%s:%s<0>" % (ifname, ip))
        lines.append(p + "NCCL INFO Using network Socket")
    else:
        lines.append(p + "NCCL INFO NET/IB : Using [0]%s_0:1/IB [1]%s_3:1/IB [2]%s_4:1/IB [3]%s_5:1/IB "
                     "[4]%s_6:1/IB [5]%s_9:1/IB [6]%s_10:1/IB [7]%s_11:1/IB [RO]; OOB %s:%s<0>"
                     % ((hca,) * 8 + (ifname, ip)))
        lines.append(p + "NCCL INFO Using network %s" % ("IBext_v8" if plugin else "IB"))
    lines.append(p + "NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START"
                 % (0x55d1c2a0 + 0x1000 * lr, rank, nranks, lr, lr, b, commid))
    via = "NET/Socket/0" if transport == "socket" else ("NET/IBext_v8/%d/GDRDMA" % lr if plugin else "NET/IB/%d/GDRDMA" % lr)
    lines.append(p + "NCCL INFO Channel 00/0 : %d[%d] -> %d[%d] [receive] via %s"
                 % ((rank - 8) % nranks, lr, rank, lr, via))
    lines.append(p + "NCCL INFO Connected all rings")
    lines.append(p + "NCCL INFO Connected all trees")
    lines.append(p + "NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE"
                 % (0x55d1c2a0 + 0x1000 * lr, rank, nranks, lr, lr, b, commid))
    return lines


def watchdog_timeout(rank, t, seq, optype, numel, timeout_ms=600000, ns=0, ran_extra=27):
    return [
        c10d(rank, "E", t, ns + 812070, "ProcessGroupNCCL.cpp:616",
             "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, "
             "NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
             % (rank, seq, optype, numel, numel, timeout_ms, timeout_ms + ran_extra)),
        c10d(rank, "E", t, ns + 812599, "ProcessGroupNCCL.cpp:1785",
             "[PG ID 0 PG GUID 0(default_pg) Rank %d] Exception (either an error or timeout) detected by "
             "watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
             % (rank, seq, seq, seq - 1)),
        c10d(rank, "E", t, ns + 812633, "ProcessGroupNCCL.cpp:630",
             "[Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature "
             "of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank),
        c10d(rank, "E", t, ns + 812640, "ProcessGroupNCCL.cpp:636",
             "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank),
    ]


# --------------------------------------------------------------- nvidia-smi
GPU_MODELS = {
    "h100": ("NVIDIA H100 80GB HBM3", 81559, 700),
    "a100": ("NVIDIA A100-SXM4-80GB", 81920, 400),
    "h200": ("NVIDIA H200", 143771, 700),
}
BUS = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
       "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]


def nvidia_smi(t, model, gpus, procs, driver="550.90.07", cuda="12.4"):
    """gpus: list of (temp, power, mem_used, util); procs: list of (gpu, pid, name, mib)."""
    name, total, cap = GPU_MODELS[model]
    bar = "+" + "-" * 89 + "+"
    sep = "+" + "-" * 41 + "+" + "-" * 24 + "+" + "-" * 22 + "+"
    head = ("NVIDIA-SMI %s" % driver).ljust(34) + ("Driver Version: %s" % driver).ljust(31) + "CUDA Version: %s" % cuda
    out = [ctime(t) + "       ", bar, "| " + head.ljust(87) + " |",
           "|" + "-" * 41 + "+" + "-" * 24 + "+" + "-" * 22 + "|",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                        |               MIG M. |",
           "|" + "=" * 41 + "+" + "=" * 24 + "+" + "=" * 22 + "|"]
    for i, (temp, pw, mem, util) in enumerate(gpus):
        s1 = ("%4d  %s" % (i, name)).ljust(35) + "On".rjust(4) + "  "
        s2 = ("%s Off" % BUS[i]).rjust(23) + " "
        s3 = "0".rjust(21) + " "
        out.append("|%s|%s|%s|" % (s1, s2, s3))
        r1 = (" N/A   %2dC    P0" % temp) + ("%dW / %4dW" % (pw, cap)).rjust(24) + " "
        r2 = ("%dMiB / %6dMiB" % (mem, total)).rjust(23) + " "
        r3 = ("%d%%" % util).rjust(8) + "      Default "
        out.append("|%s|%s|%s|" % (r1, r2, r3))
        out.append("|%s|%s|%s|" % (" " * 41, " " * 24, "Disabled".rjust(21) + " "))
        out.append(sep)
    out += ["", bar,
            "| Processes:".ljust(90) + "|",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|" + "=" * 89 + "|"]
    if not procs:
        out.append("|  No running processes found".ljust(90) + "|")
    for g, pid, pname, mib in procs:
        left = "%5d   N/A  N/A  %8d      C   %s" % (g, pid, pname[:40])
        out.append("|" + left + ("%dMiB" % mib).rjust(88 - len(left)) + " |")
    out.append(bar)
    return out


# ------------------------------------------------------------------- misc
def join(lines):
    return "\n".join(lines) + "\n"


def sacct(rows):
    """rows: (jobid, jobname, partition, account, cpus, state, exitcode)."""
    out = ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode ",
           "------------ ---------- ---------- ---------- ---------- ---------- -------- "]
    for r in rows:
        out.append("%-12s %10s %10s %10s %10s %10s %8s " % r)
    return out


def oom_kill_block(uptime, host_comm, host_pid, cpu, kernel, tasks, victim, memcg=None,
                   hw="Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 04/11/2024",
                   constraint="CONSTRAINT_NONE", cpuset="/", mems="0-1",
                   task_memcg="/", limit_kb=None, usage_kb=None, gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)",
                   free_kb=None):
    """Render a kernel OOM report (uptime dmesg format).

    tasks: list of (pid, uid, total_vm_pages, rss_pages, pgtables_bytes, oom_score_adj, name)
    victim: dict pid, name, total_vm_kb, anon_rss_kb, file_rss_kb, shmem_rss_kb, uid, pgtables_kb, adj
    """
    lines = []
    state = {"u": uptime + 0.412337}

    def L(msg):
        lines.append(dmesg_up(state["u"], msg))
        state["u"] += 0.000011
    L("%s invoked oom-killer: gfp_mask=%s, order=0, oom_score_adj=0" % (host_comm, gfp))
    L("CPU: %d PID: %d Comm: %s Tainted: P           OE     %s" % (cpu, host_pid, host_comm, kernel))
    L("Hardware name: %s" % hw)
    L("Call Trace:")
    L(" <TASK>")
    L(" dump_stack_lvl+0x48/0x70")
    L(" dump_header+0x4a/0x240")
    L(" oom_kill_process+0xf9/0x190")
    L(" out_of_memory+0x256/0x540")
    if memcg:
        L(" mem_cgroup_out_of_memory+0x13f/0x160")
        L(" try_charge_memcg+0x6a8/0x7a0")
    else:
        L(" __alloc_pages_slowpath.constprop.0+0xc6c/0xe80")
        L(" __alloc_pages+0x2e5/0x320")
    L(" handle_mm_fault+0x1d7/0x520")
    L(" do_user_addr_fault+0x1d8/0x690")
    L(" exc_page_fault+0x77/0x170")
    L(" </TASK>")
    if memcg:
        L("memory: usage %dkB, limit %dkB, failcnt %d" % (usage_kb, limit_kb, 18231))
        L("swap: usage 0kB, limit 0kB, failcnt 0")
        L("Memory cgroup stats for %s:" % memcg)
    else:
        L("Mem-Info:")
        L("active_anon:%d inactive_anon:%d isolated_anon:0" % (248113242, 1312041))
        L(" active_file:3104 inactive_file:2261 isolated_file:0")
        L(" unevictable:0 dirty:12 writeback:0")
        L(" slab_reclaimable:412336 slab_unreclaimable:988120")
        L(" mapped:31201 shmem:4481220 pagetables:801233")
        L(" free:%d free_pcp:1203 free_cma:0" % ((free_kb or 1048576) // 4))
        L("Node 0 Normal free:%dkB boost:0kB min:%dkB low:%dkB high:%dkB" % (
            (free_kb or 1048576) // 2, 512000, 640000, 768000))
        L("Free swap  = 0kB")
        L("Total swap = 0kB")
    L("Tasks state (memory values in pages):")
    L("[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name")
    for pid, uid, tvm, rss, pgt, adj, name in tasks:
        L("[%7d] %5d %7d %8d %8d %14d %8d %13d %s" % (pid, uid, pid, tvm, rss, pgt, 0, adj, name))
    if memcg:
        L("oom-kill:constraint=%s,nodemask=(null),cpuset=%s,mems_allowed=%s,oom_memcg=%s,task_memcg=%s,task=%s,pid=%d,uid=%d"
          % (constraint, cpuset, mems, memcg, task_memcg, victim["name"], victim["pid"], victim["uid"]))
        L("Memory cgroup out of memory: Killed process %d (%s) total-vm:%dkB, anon-rss:%dkB, file-rss:%dkB, "
          "shmem-rss:%dkB, UID:%d pgtables:%dkB oom_score_adj:%d"
          % (victim["pid"], victim["name"], victim["total_vm_kb"], victim["anon_rss_kb"],
             victim["file_rss_kb"], victim["shmem_rss_kb"], victim["uid"], victim["pgtables_kb"],
             victim.get("adj", 0)))
    else:
        L("oom-kill:constraint=%s,nodemask=(null),cpuset=%s,mems_allowed=%s,global_oom,task_memcg=%s,task=%s,pid=%d,uid=%d"
          % (constraint, cpuset, mems, task_memcg, victim["name"], victim["pid"], victim["uid"]))
        L("Out of memory: Killed process %d (%s) total-vm:%dkB, anon-rss:%dkB, file-rss:%dkB, "
          "shmem-rss:%dkB, UID:%d pgtables:%dkB oom_score_adj:%d"
          % (victim["pid"], victim["name"], victim["total_vm_kb"], victim["anon_rss_kb"],
             victim["file_rss_kb"], victim["shmem_rss_kb"], victim["uid"], victim["pgtables_kb"],
             victim.get("adj", 0)))
    return lines


def boot_noise(uptime, host, kernel="5.15.0-105-generic", build=None, boot=None):
    """A few benign kernel lines from boot time; with boot (datetime) they are rendered like dmesg -T."""
    if build is None:
        build = "#115-Ubuntu SMP" if kernel.startswith("5.15.0-105") else "#1 SMP"
    items = [
        (0.0, "Linux version %s (builder@buildhost) (gcc version 11.4.0) %s" % (kernel, build)),
        (0.000011, "Command line: BOOT_IMAGE=/vmlinuz-%s root=UUID=6c1e7a0e-2f7d-4e8e-9a61-2f1b2bb4e0d1 ro iommu=pt pci=realloc=off" % kernel),
        (3.120554, "ACPI: PCI Root Bridge [PC00] (domain 0000 [bus 00-15])"),
        (9.884120, "nvidia: loading out-of-tree module taints kernel."),
        (9.912407, "nvidia-nvlink: Nvlink Core is being initialized, major device number 508"),
        (10.200119, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
        (12.771902, "mlx5_core 0000:1a:00.0: firmware version: 28.39.1002"),
        (14.002113, "IPv6: ADDRCONF(NETDEV_CHANGE): ibp26s0: link becomes ready"),
    ]
    if boot is not None:
        return [dmesg_T(add(boot, int(uptime + off)), msg) for off, msg in items]
    return [dmesg_up(uptime + off, msg) for off, msg in items]


def remote_exit(rank, peer, port=45221, version="2.21.5"):
    """DistBackendError printed by ranks whose NCCL peer process went away."""
    q = "[rank%d]: " % rank
    return [q + "torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:317, "
                "remote process exited or there was a network error, NCCL version %s" % version,
            q + "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
            q + "Last error:",
            q + "socketProgress: Connection closed by remote peer %s<%d>" % (peer, port)]
