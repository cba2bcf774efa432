"""Shared log-shape helpers for corpus set 48 (Slurm / node hardware).

Stdlib only. Everything is deterministic: callers pass a seeded random.Random
and fixed datetimes.
"""
import datetime as _dt
import json
import os

D = _dt.datetime
TD = _dt.timedelta

GPU_BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]  # HGX H100 style bus ids
HCA_BUS = ["0c", "22", "33", "4d", "8c", "a2", "b3", "c9"]


class Job:
    def __init__(self, rng, nodes, gpn=8, jobid=881231, start=None, ip_base="10.12.0.",
                 nccl="2.21.5", torch="2.4.0"):
        self.rng = rng
        self.nodes = list(nodes)
        self.gpn = gpn
        self.jobid = jobid
        self.start = start or D(2024, 5, 14, 1, 2, 11)
        self.ip = {n: "%s%d" % (ip_base, 11 + i) for i, n in enumerate(self.nodes)}
        self.nccl = nccl
        self.torch = torch
        self.pids = {n: 40000 + rng.randint(0, 20000) for n in self.nodes}

    @property
    def world(self):
        return len(self.nodes) * self.gpn

    def grank(self, node, local):
        return self.nodes.index(node) * self.gpn + local

    def pid(self, node, local):
        return self.pids[node] + 3 + local


# ----------------------------------------------------------------- timestamps
def c10(t):
    """c10 log prefix time as in '[E514 02:41:07.512034821 ...' (month not zero-padded, ns precision)."""
    return "%d%02d %s.%06d%03d" % (t.month, t.day, t.strftime("%H:%M:%S"), t.microsecond, (t.microsecond * 7 + 311) % 1000)


def glt(t):
    """glog-style time used by torchrun's python logging: W0514 02:41:07.512034"""
    return "%02d%02d %s.%06d" % (t.month, t.day, t.strftime("%H:%M:%S"), t.microsecond)


def glog(level, t, tid, where):
    return "%s%02d%02d %s.%06d %d %s]" % (level, t.month, t.day, t.strftime("%H:%M:%S"), t.microsecond, tid, where)


def pylog(t):
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def dmesg_T(t):
    return t.strftime("[%a %b %e %H:%M:%S %Y]").replace("  ", " ")


def iso(t, tz="+00:00"):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d" % t.microsecond + tz


def syslog(t):
    return t.strftime("%b %e %H:%M:%S").replace("  ", " ")


def slurm_ts(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def slurmd_ts(t):
    return t.strftime("[%Y-%m-%dT%H:%M:%S.") + "%03d]" % (t.microsecond // 1000)


# ----------------------------------------------------------------- file output
class Bundle:
    def __init__(self, root):
        self.root = root
        self.files = {}

    def add(self, rel, lines):
        if isinstance(lines, str):
            text = lines
        else:
            text = "\n".join(lines) + "\n"
        self.files.setdefault(rel, [])
        self.files[rel].append(text)

    def write(self):
        for rel, parts in sorted(self.files.items()):
            p = os.path.join(self.root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w") as f:
                f.write("".join(parts))


def write_json(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(obj, f, indent=2)
        f.write("\n")


# ----------------------------------------------------------------- NCCL / torch
def nccl_init(job, node, local, t, ib=True, nvls=True):
    h = node
    pid = job.pid(node, local)
    tid = pid + 70 + local
    g = job.grank(node, local)
    out = []
    if local == 0 and node == job.nodes[0]:
        out.append("NCCL version %s+cuda12.4" % job.nccl)
    out += [
        "%s:%d:%d [%d] NCCL INFO Bootstrap : Using ibp%ss0:%s<0>" % (h, pid, pid, local, "12" if ib else "", job.ip[node]),
        "%s:%d:%d [%d] NCCL INFO cudaDriverVersion 12040" % (h, pid, pid, local),
        "%s:%d:%d [%d] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin." % (h, pid, tid, local),
    ]
    if ib:
        devs = " ".join("[%d]mlx5_%d:1/IB" % (i, i) for i in range(8))
        out.append("%s:%d:%d [%d] NCCL INFO NET/IB : Using %s ; OOB ibp12s0:%s<0>" % (h, pid, tid, local, devs, job.ip[node]))
        out.append("%s:%d:%d [%d] NCCL INFO Using network IB" % (h, pid, tid, local))
    else:
        out.append("%s:%d:%d [%d] NCCL INFO NET/Socket : Using [0]eth0:%s<0>" % (h, pid, tid, local, job.ip[node]))
        out.append("%s:%d:%d [%d] NCCL INFO Using network Socket" % (h, pid, tid, local))
    out += [
        "%s:%d:%d [%d] NCCL INFO ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x%x - Init START"
        % (h, pid, tid, local, 0x55d4a0000000 + g * 0x1000, g, job.world, local, local, GPU_BUS[local % 8], 0x7a3be1c04d2f9e11),
        "%s:%d:%d [%d] NCCL INFO Setting affinity for GPU %d to %s" % (h, pid, tid, local, local, "ffffffff,00000000" if local < 4 else "00000000,ffffffff"),
    ]
    if nvls:
        out.append("%s:%d:%d [%d] NCCL INFO NVLS multicast support is available on dev %d" % (h, pid, tid, local, local))
    out += [
        "%s:%d:%d [%d] NCCL INFO comm 0x%x rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0"
        % (h, pid, tid, local, 0x55d4a0000000 + g * 0x1000, g, job.world, len(job.nodes), job.gpn, local),
        "%s:%d:%d [%d] NCCL INFO Channel 00/0 : %d[%d] -> %d[%d] [receive] via NET/IB/%d/GDRDMA" % (h, pid, tid, local, (g - job.gpn) % job.world, local, g, local, local),
        "%s:%d:%d [%d] NCCL INFO Connected all rings" % (h, pid, tid, local),
        "%s:%d:%d [%d] NCCL INFO Connected all trees" % (h, pid, tid, local),
        "%s:%d:%d [%d] NCCL INFO threadThresholds 8/8/64 | 256/8/64 | 512 | 512" % (h, pid, tid, local),
        "%s:%d:%d [%d] NCCL INFO 32 coll channels, 32 collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer" % (h, pid, tid, local),
        "%s:%d:%d [%d] NCCL INFO ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x%x - Init COMPLETE"
        % (h, pid, tid, local, 0x55d4a0000000 + g * 0x1000, g, job.world, local, local, GPU_BUS[local % 8], 0x7a3be1c04d2f9e11),
    ]
    return out


def watchdog_timeout(rank, t, seq, op="ALLREDUCE", numel=26214400, timeout_ms=600000, pg="0 (default_pg)"):
    ran = timeout_ms + 40 + (rank * 7) % 90
    w = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, op, numel, numel, timeout_ms)
    p = "[rank%d]:" % rank
    return [
        "%s[E%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (p, c10(t), rank, w, ran),
        "%s[E%s ProcessGroupNCCL.cpp:1785] [PG %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (p, c10(t + TD(microseconds=300)), pg, rank, seq, seq, seq - 1),
        "%s[E%s ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (p, c10(t + TD(microseconds=350)), rank),
        "%s[E%s ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (p, c10(t + TD(microseconds=371)), rank),
        "%s[E%s ProcessGroupNCCL.cpp:1595] [PG %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (p, c10(t + TD(microseconds=2100)), pg, rank, rank, w, ran),
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3a1c2b9f86 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f39d1a6c8d2 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f39d1a73313 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f39d1a746fc in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: <unknown function> + 0xdc253 (0x7f3a1c4b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f3a1d8e6ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: clone + 0x44 (0x7f3a1d977a04 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pg, rank, rank, w, ran),
    ]


def watchdog_exception(rank, t, msg, pg="0 (default_pg)"):
    """Watchdog terminated by an async error (CUDA or NCCL)."""
    p = "[rank%d]:" % rank
    return [
        "%s[E%s ProcessGroupNCCL.cpp:1595] [PG %s Rank %d] Process group watchdog thread terminated with exception: %s" % (p, c10(t), pg, rank, msg),
        "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):" if "CUDA error" in msg else
        "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1913 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3a1c2b9f86 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: <unknown function> + 0x10c2a51 (0x7f39d1a62a51 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f39d1a73313 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f39d1a746fc in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: <unknown function> + 0xdc253 (0x7f3a1c4b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: clone + 0x44 (0x7f3a1d977a04 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG %s Rank %d] Process group watchdog thread terminated with exception: %s" % (pg, rank, msg),
    ]


def nccl_remote_err(job, node, local, t, peer_node, kind="ib"):
    pid = job.pid(node, local)
    tid = pid + 211
    g = job.grank(node, local)
    peer = job.ip[peer_node]
    port = 40000 + (g * 131) % 20000
    if kind == "ib":
        lines = [
            "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGid ::ffff:%s hca mlx5_%d"
            % (node, pid, tid, local, peer, port, job.ip[node], peer, local),
            "%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (node, pid, tid, local),
            "%s:%d:%d [%d] NCCL INFO proxy.cc:698 -> 6" % (node, pid, tid, local),
            "%s:%d:%d [%d] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (node, pid, tid, local),
        ]
        last = "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGid ::ffff:%s hca mlx5_%d" % (peer, port, job.ip[node], peer, local)
    else:
        lines = [
            "%s:%d:%d [%d] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer %s<%d>" % (node, pid, tid, local, peer_node, port),
            "%s:%d:%d [%d] NCCL INFO misc/socket.cc:752 -> 6" % (node, pid, tid, local),
            "%s:%d:%d [%d] NCCL INFO transport/net_socket.cc:474 -> 6" % (node, pid, tid, local),
            "%s:%d:%d [%d] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (node, pid, tid, local),
        ]
        last = "socketProgress: Connection closed by remote peer %s<%d>" % (peer_node, port)
    msg = ("NCCL error: remote process exited or there was a network error, NCCL version %s\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\nLast error:\n%s" % (job.nccl, last))
    return lines + watchdog_exception(g, t + TD(milliseconds=40), msg)


def torchrun_summary(t, host, failures, script="pretrain_gpt.py", pid0=0, sigterm_pids=()):
    """failures: list of (rank, local_rank, exitcode, pid, traceback)."""
    out = []
    for p in sigterm_pids:
        out.append("W%s %d torch/distributed/elastic/multiprocessing/api.py:858] Sending process %d closing signal SIGTERM" % (glt(t), pid0 or 139872, p))
    f0 = failures[0]
    out.append("E%s %d torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (glt(t + TD(seconds=1)), pid0 or 139872, f0[2], f0[1], f0[3]))
    out += [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
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
        "%s FAILED" % script,
        "------------------------------------------------------------",
        "Failures:",
    ]
    ts = (t + TD(seconds=1)).strftime("%Y-%m-%d_%H:%M:%S")

    def blk(i, f):
        rank, lr, ec, pid, tb = f
        sig = {-6: "Signal 6 (SIGABRT) received by PID %d" % pid, -15: "Signal 15 (SIGTERM) received by PID %d" % pid,
               -9: "Signal 9 (SIGKILL) received by PID %d" % pid, -7: "Signal 7 (SIGBUS) received by PID %d" % pid}
        return ["[%d]:" % i, "  time      : %s" % ts, "  host      : %s" % host, "  rank      : %d (local_rank: %d)" % (rank, lr),
                "  exitcode  : %d (pid: %d)" % (ec, pid), "  error_file: <N/A>",
                "  traceback : %s" % (tb or sig.get(ec, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"))]
    if len(failures) > 1:
        for i, f in enumerate(failures[1:], 1):
            out += blk(i, f)
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out += ["------------------------------------------------------------", "Root Cause (first observed failure):"]
    out += blk(0, f0)
    out.append("============================================================")
    return out


# ----------------------------------------------------------------- training logs
def megatron_iters(rng, t0, it0, n, step_s, total=50000, gbs=1024, loss0=2.45, lr=3.0e-4, every=1, ms_jitter=0.015, slow=None,
                   t_end=None, hook=None, it_stop=None):
    """Megatron-LM style iteration lines. Returns ([(t, line)], t_end)."""
    out = []
    t = t0
    loss = loss0
    i = -1
    while True:
        i += 1
        if t_end is None and i >= n:
            break
        it = it0 + i
        if it_stop is not None and it > it_stop:
            break
        dt = step_s * (1 + rng.uniform(-ms_jitter, ms_jitter))
        if slow:
            dt *= slow(it)
        if t_end is not None and t + TD(seconds=dt) >= t_end:
            break
        t = t + TD(seconds=dt)
        loss = max(1.2, loss - 0.00004 + rng.uniform(-0.012, 0.012))
        if hook:
            for hl in hook(it, t):
                out.append((t, hl))
        if it % every:
            continue
        gn = 0.19 + rng.uniform(-0.03, 0.06)
        out.append((t, " [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
                   % (t.strftime("%Y-%m-%d %H:%M:%S"), it, total, it * gbs, dt * 1000, lr, gbs, loss, gn)))
    return out, t


def titan_steps(rng, t0, s0, n, step_s, rank=0, loss0=3.1, every=10, mem=61.3, slow=None, nan_at=None, t_end=None):
    out = []
    t = t0
    loss = loss0
    for i in range(n):
        s = s0 + i
        dt = step_s * (1 + rng.uniform(-0.02, 0.02))
        if slow:
            dt *= slow(s)
        if t_end is not None and t + TD(seconds=dt) >= t_end:
            break
        t = t + TD(seconds=dt)
        loss = max(1.5, loss - 0.0002 + rng.uniform(-0.02, 0.02))
        if s % every:
            continue
        tps = int(4096 * 2 / dt)
        ls = "nan" if (nan_at is not None and s >= nan_at) else "%.4f" % loss
        out.append((t, "[rank%d]:[titan] %s - root - INFO - step: %d  loss: %s  memory: %.2fGiB(%.2f%%)  tps: %d  tflops: %.2f  mfu: %.2f%%"
                   % (rank, t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000), s, ls, mem, mem / 79.1 * 100, tps, tps * 0.052, tps * 0.052 / 9.89)))
    return out, t


def hf_steps(rng, t0, s0, n, step_s, every=10, loss0=1.9, epoch_len=20000, nan_at=None):
    out = []
    t = t0
    loss = loss0
    for i in range(n):
        s = s0 + i
        t = t + TD(seconds=step_s * (1 + rng.uniform(-0.02, 0.02)))
        loss = max(0.6, loss - 0.0001 + rng.uniform(-0.03, 0.03))
        if s % every:
            continue
        ls = "nan" if (nan_at is not None and s >= nan_at) else round(loss, 4)
        gn = "nan" if (nan_at is not None and s >= nan_at) else round(0.8 + rng.uniform(-0.3, 0.9), 4)
        out.append((t, "{'loss': %s, 'grad_norm': %s, 'learning_rate': %.10g, 'epoch': %.2f}" % (ls, gn, 2e-5 * (1 - s / 60000.0), s / float(epoch_len))))
    return out, t


# ----------------------------------------------------------------- kernel / system
def uptime_s(boot, t):
    return (t - boot).total_seconds()


def kraw(boot, t, msg):
    return "[%12.6f] %s" % (uptime_s(boot, t), msg)


def kT(t, msg):
    return "%s %s" % (dmesg_T(t), msg)


def kjournal(t, host, msg):
    return "%s %s kernel: %s" % (iso(t), host, msg)


def boot_noise(rng, boot, host, n_gpus=8, fmt="raw", extra=()):
    """A plausible chunk of early boot dmesg."""
    msgs = [
        (0.0, "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-054) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024"),
        (0.0, "Command line: BOOT_IMAGE=/vmlinuz-5.15.0-105-generic root=UUID=3c1f9d62-90aa-4b7e-a0d5-1f2b6a7e8c11 ro iommu=pt pci=realloc=off numa_balancing=disable"),
        (0.31, "mce: CPU0: Thermal monitoring enabled (TM1)"),
        (0.52, "MDS: Mitigation: Clear CPU buffers"),
        (1.9, "ACPI: PCI Root Bridge [PC00] (domain 0000 [bus 00-16])"),
        (2.4, "pci 0000:00:01.0: [8086:09a4] type 01 class 0x060400"),
        (4.1, "EDAC MC0: Giving out device to module i10nm_edac controller Intel_10nm Socket#0 IMC#0: DEV 0000:7e:0c.0 (INTERRUPT)"),
        (4.1, "EDAC MC1: Giving out device to module i10nm_edac controller Intel_10nm Socket#0 IMC#1: DEV 0000:7e:0d.0 (INTERRUPT)"),
        (6.2, "nvme nvme0: pci function 0000:c4:00.0"),
        (6.3, "nvme nvme0: 64/0/0 default/read/poll queues"),
        (6.4, " nvme0n1: p1 p2"),
        (8.8, "mlx5_core 0000:0c:00.0: firmware version: 28.39.2048"),
        (8.9, "mlx5_core 0000:0c:00.0: 400.000 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)"),
        (11.7, "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none."),
        (14.2, "nvidia: loading out-of-tree module taints kernel."),
        (14.3, "nvidia-nvlink: Nvlink Core is being initialized, major device number 505"),
        (14.6, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024"),
        (15.1, "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  550.54.15  Tue Mar  5 22:23:56 UTC 2024"),
        (17.9, "mlx5_core 0000:0c:00.0 ibp12s0: renamed from ib0"),
        (18.2, "IPv6: ADDRCONF(NETDEV_CHANGE): ibp12s0: link becomes ready"),
        (21.4, "nvidia_uvm: module uses symbols from proprietary module nvidia, inheriting taint."),
        (29.8, "Lustre: Lustre: Build Version: 2.15.4"),
        (31.2, "Lustre: Mounted lfs01-client"),
    ]
    for i in range(1, 8):
        msgs.append((8.9 + i * 0.1, "mlx5_core 0000:%s:00.0: firmware version: 28.39.2048" % HCA_BUS[i]))
    msgs += list(extra)
    msgs.sort(key=lambda x: x[0])
    out = []
    for s, m in msgs:
        t = boot + TD(seconds=s + rng.uniform(0, 0.05))
        out.append(kraw(boot, t, m) if fmt == "raw" else kT(t, m) if fmt == "T" else kjournal(t, host, m))
    return out


def kline(fmt, boot, host, t, msg):
    if fmt == "raw":
        return kraw(boot, t, msg)
    if fmt == "T":
        return kT(t, msg)
    return kjournal(t, host, msg)


def nvsmi_q(host, t, gpus=8, override=None, driver="550.54.15", model="NVIDIA H100 80GB HBM3"):
    """Abbreviated `nvidia-smi -q` output. override: {idx: {field: value}}"""
    override = override or {}
    out = ["", "==============NVSMI LOG==============", "",
           "Timestamp                                 : %s" % t.strftime("%a %b %d %H:%M:%S %Y"),
           "Driver Version                            : %s" % driver,
           "CUDA Version                              : 12.4", "",
           "Attached GPUs                             : %d" % gpus]
    for i in range(gpus):
        o = override.get(i, {})
        g = dict(
            bus="00000000:%s:00.0" % GPU_BUS[i].upper(), util="0 %", mem_used="0 MiB", temp="34 C", slowdown="Not Active",
            sw_power="Not Active", hw_thermal="Not Active", hw_slow="Not Active", sm_clock="1980 MHz", power="71.20 W",
            sbe_vol="0", dbe_vol="0", sbe_agg="0", dbe_agg="0", rr_corr="0", rr_unc="0", rr_pend="No", rr_fail="No",
            pcie_gen="5", pcie_width="16x", replays="0", pstate="P0", procs=None,
        )
        g.update(o)
        if g.get("lost"):
            out += ["", "GPU %s" % g["bus"], "    Product Name                          : Unknown Error",
                    "    GPU is lost                           : Yes", "    Unable to determine the device handle for GPU %s: GPU is lost.  Reboot the system to recover this GPU" % g["bus"]]
            continue
        out += [
            "", "GPU %s" % g["bus"],
            "    Product Name                          : %s" % model,
            "    Product Brand                         : NVIDIA",
            "    Persistence Mode                      : Enabled",
            "    Serial Number                         : 16523240%05d" % (hash(host) % 1000 * 10 + i if False else (sum(map(ord, host)) * 10 + i) % 100000),
            "    GPU UUID                              : GPU-%08x-%04x-%04x-%04x-%012x" % ((sum(map(ord, host)) * 7919 + i * 104729) & 0xffffffff, i * 31 & 0xffff, 0x4b1c, 0x9a00 + i, (sum(map(ord, host)) * 2654435761 + i) & 0xffffffffffff),
            "    Minor Number                          : %d" % i,
            "    PCI",
            "        Bus Id                            : %s" % g["bus"],
            "        GPU Link Info",
            "            PCIe Generation",
            "                Max                       : 5",
            "                Current                   : %s" % g["pcie_gen"],
            "            Link Width",
            "                Max                       : 16x",
            "                Current                   : %s" % g["pcie_width"],
            "        Replays Since Reset               : %s" % g["replays"],
            "    Performance State                     : %s" % g["pstate"],
            "    Clocks Event Reasons",
            "        Idle                              : Not Active",
            "        SW Power Cap                      : %s" % g["sw_power"],
            "        HW Slowdown                       : %s" % g["hw_slow"],
            "            HW Thermal Slowdown           : %s" % g["hw_thermal"],
            "            HW Power Brake Slowdown       : Not Active",
            "        SW Thermal Slowdown               : %s" % g["slowdown"],
            "    FB Memory Usage",
            "        Total                             : 81559 MiB",
            "        Used                              : %s" % g["mem_used"],
            "    Utilization",
            "        Gpu                               : %s" % g["util"],
            "    ECC Mode",
            "        Current                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable            : 0",
            "            DRAM Correctable              : %s" % g["sbe_vol"],
            "            DRAM Uncorrectable            : %s" % g["dbe_vol"],
            "        Aggregate",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable            : 0",
            "            DRAM Correctable              : %s" % g["sbe_agg"],
            "            DRAM Uncorrectable            : %s" % g["dbe_agg"],
            "    Remapped Rows",
            "        Correctable Error                 : %s" % g["rr_corr"],
            "        Uncorrectable Error               : %s" % g["rr_unc"],
            "        Pending                           : %s" % g["rr_pend"],
            "        Remapping Failure Occurred        : %s" % g["rr_fail"],
            "    Temperature",
            "        GPU Current Temp                  : %s" % g["temp"],
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 89 C",
            "    GPU Power Readings",
            "        Power Draw                        : %s" % g["power"],
            "        Current Power Limit               : 700.00 W",
            "    Clocks",
            "        SM                                : %s" % g["sm_clock"],
            "        Memory                            : 2619 MHz",
            "    Processes                             : %s" % ("None" if not g["procs"] else ""),
        ]
        for pr in (g["procs"] or []):
            out += ["        GPU instance ID                   : N/A", "        Compute instance ID               : N/A",
                    "        Process ID                        : %d" % pr[0], "            Type                          : C",
                    "            Name                          : %s" % pr[1], "            Used GPU Memory               : %s" % pr[2]]
    return out


def ibstat(host, ports_down=(), rate=400):
    out = []
    for i in range(8):
        down = i in ports_down
        out += [
            "CA 'mlx5_%d'" % i, "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.2048", "\tHardware version: 0",
            "\tNode GUID: 0x%016x" % (0xa088c20300000000 + sum(map(ord, host)) * 256 + i),
            "\tSystem image GUID: 0x%016x" % (0xa088c20300000000 + sum(map(ord, host)) * 256),
            "\tPort 1:",
            "\t\tState: %s" % ("Down" if down else "Active"),
            "\t\tPhysical state: %s" % ("Polling" if down else "LinkUp"),
            "\t\tRate: %d" % (10 if down else rate),
            "\t\tBase lid: %d" % (0xffff if down else 100 + sum(map(ord, host)) % 300 + i),
            "\t\tLMC: 0", "\t\tSM lid: 1", "\t\tCapability mask: 0xa751e848",
            "\t\tPort GUID: 0x%016x" % (0xa088c20300000000 + sum(map(ord, host)) * 256 + i),
            "\t\tLink layer: InfiniBand",
        ]
    return out


def perfquery(lid, port=1, sym=0, linkdown=0, rcverr=0, xmitwait=18422, recovery=0):
    return [
        "# Port counters: Lid %d port %d (CapMask: 0x5A00)" % (lid, port),
        "PortSelect:......................%d" % port,
        "CounterSelect:...................0x0000",
        "SymbolErrorCounter:..............%d" % sym,
        "LinkErrorRecoveryCounter:........%d" % recovery,
        "LinkDownedCounter:...............%d" % linkdown,
        "PortRcvErrors:...................%d" % rcverr,
        "PortRcvRemotePhysicalErrors:.....0",
        "PortRcvSwitchRelayErrors:........0",
        "PortXmitDiscards:................0",
        "PortXmitConstraintErrors:........0",
        "PortRcvConstraintErrors:.........0",
        "CounterSelect2:..................0x00",
        "LocalLinkIntegrityErrors:........0",
        "ExcessiveBufferOverrunErrors:....0",
        "VL15Dropped:.....................0",
        "PortXmitData:....................4291033217",
        "PortRcvData:.....................4290877116",
        "PortXmitPkts:....................1830219921",
        "PortRcvPkts:.....................1830188002",
        "PortXmitWait:....................%d" % xmitwait,
    ]


def sacct(jobid, name, rows):
    """rows: list of (suffix, jobname, partition, alloc_cpus, state, exitcode, elapsed, nodelist)"""
    out = ["JobID           JobName  Partition  AllocCPUS      State ExitCode    Elapsed        NodeList ",
           "------------ ---------- ---------- ---------- ---------- -------- ---------- --------------- "]
    for suf, jn, part, cpus, st, ec, el, nl in rows:
        jid = str(jobid) + suf
        out.append("%-12s %10s %10s %10d %10s %8s %10s %15s " % (jid, jn[:10], part, cpus, st[:10], ec, el, nl[:15]))
    return out


def scontrol_job(jobid, name, user, state, reason, nodes_expr, n_nodes, start, end, restarts=0, exitcode="0:0", tl="2-00:00:00", batchhost=None, extra=()):
    return [
        "JobId=%d JobName=%s" % (jobid, name),
        "   UserId=%s(41207) GroupId=ml(4000) MCS_label=N/A" % user,
        "   Priority=100248 Nice=0 Account=llm-pretrain QOS=high",
        "   JobState=%s Reason=%s Dependency=(null)" % (state, reason),
        "   Requeue=1 Restarts=%d BatchFlag=1 Reboot=0 ExitCode=%s" % (restarts, exitcode),
        "   RunTime=%s TimeLimit=%s TimeMin=N/A" % (str(end - start).replace(" day, ", "-").replace(" days, ", "-"), tl),
        "   SubmitTime=%s EligibleTime=%s" % (slurm_ts(start - TD(minutes=7)), slurm_ts(start - TD(minutes=7))),
        "   StartTime=%s EndTime=%s Deadline=N/A" % (slurm_ts(start), slurm_ts(end)),
        "   Partition=h100 AllocNode:Sid=login01:3117822",
        "   NodeList=%s" % nodes_expr,
        "   BatchHost=%s" % (batchhost or nodes_expr.split("[")[0] + "01"),
        "   NumNodes=%d NumCPUs=%d NumTasks=%d CPUs/Task=96 ReqB:S:C:T=0:0:*:*" % (n_nodes, n_nodes * 96, n_nodes, ),
        "   TRES=cpu=%d,mem=%dG,node=%d,billing=%d,gres/gpu=%d" % (n_nodes * 96, n_nodes * 1800, n_nodes, n_nodes * 96, n_nodes * 8),
        "   Features=(null) DelayBoot=00:00:00",
        "   Command=/home/%s/jobs/train.sbatch" % user,
        "   WorkDir=/lfs01/%s/runs/%s" % (user, name),
        "   StdErr=/lfs01/%s/runs/%s/slurm-%d.out" % (user, name, jobid),
        "   StdOut=/lfs01/%s/runs/%s/slurm-%d.out" % (user, name, jobid),
    ] + list(extra)


def dcgm_diag(level, gpus=8, fails=None, warns=None):
    """dcgmi diag -r N table. fails: {test_name: (gpu, message)}"""
    fails = fails or {}
    warns = warns or {}
    W = 44

    def row(name, val):
        return "| %-25s | %-*s |" % (name, W, val)

    def wrap(label, msg):
        rows = []
        while msg:
            rows.append(row(label, msg[:W]))
            label = ""
            msg = msg[W:]
        return rows

    def result(test):
        if test in fails:
            g, m = fails[test]
            ok = ",".join(str(i) for i in range(gpus) if i != g)
            return [row(test, "Fail - GPU: %d" % g), row("", "Pass - GPUs: %s" % ok)] + wrap("Warning", "GPU %d %s" % (g, m))
        if test in warns:
            g, m = warns[test]
            return [row(test, "Pass")] + wrap("Info", "GPU %d %s" % (g, m))
        return [row(test, "Pass")]

    sep = "+---------------------------+" + "-" * (W + 2) + "+"
    out = ["Successfully ran diagnostic for group.", sep,
           "| Diagnostic                | Result" + " " * (W - 6) + " |",
           "+===========================+" + "=" * (W + 2) + "+",
           "|-----  Metadata  ----------+" + "-" * (W + 2) + "|",
           row("DCGM Version", "3.3.6"), row("Driver Version Detected", "550.54.15"),
           row("GPU Device IDs Detected", ",".join(["2330"] * min(gpus, 4)) + (",..." if gpus > 4 else "")),
           "|-----  Deployment  --------+" + "-" * (W + 2) + "|"]
    for t in ["Denylist", "NVML Library", "CUDA Main Library", "Permissions and OS Blocks", "Persistence Mode",
              "Environment Variables", "Page Retirement/Row Remap", "Graphics Processes", "Inforom"]:
        out += result(t)
    if level >= 2:
        out.append("+-----  Integration  -------+" + "-" * (W + 2) + "+")
        out += result("PCIe")
        out.append("+-----  Hardware  ----------+" + "-" * (W + 2) + "+")
        out += result("GPU Memory")
        if level >= 3:
            out += result("Diagnostic")
        out.append("+-----  Stress  ------------+" + "-" * (W + 2) + "+")
        if level >= 3:
            out += result("Targeted Stress")
            out += result("Targeted Power")
            out += result("Memory Bandwidth")
        if level >= 4:
            out += result("Memtest")
            out += result("Pulse Test")
    out.append(sep)
    return out
