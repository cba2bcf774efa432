"""Formatting helpers for set36 log bundles (stdlib only, deterministic)."""
import datetime as dt
import random

BASE_YEAR = 2025


def T(y, mo, d, h, mi, s, us=0):
    return dt.datetime(y, mo, d, h, mi, s, us)


def add(t, sec):
    return t + dt.timedelta(seconds=sec)


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def glog(level, t, src, msg, rank=None, tid=None, ns=True):
    """c10d glog line.  Newer torch: [rank3]:[E1002 12:20:55.123831168 File.cpp:N] ;
    older: [E1126 10:12:44.081233 123 File.cpp:N]"""
    if ns:
        frac = "%09d" % (t.microsecond * 1000 + (t.second * 7919) % 1000)
        head = "[%s%s %s.%s %s]" % (level, t.strftime("%m%d").lstrip("0") if False else t.strftime("%m%d"),
                                   t.strftime("%H:%M:%S"), frac, src)
        # glog month is not zero padded in torch output ("E907") -> emulate
        head = "[%s%d%s %s.%s %s]" % (level, t.month, t.strftime("%d"), t.strftime("%H:%M:%S"), frac, src)
    else:
        head = "[%s%s %s.%06d %d %s]" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S"), t.microsecond,
                                        tid or 0, src)
    pre = "[rank%d]:" % rank if rank is not None else ""
    return pre + head + " " + msg


def elastic(level, t, pid, src, msg):
    return "%s%s %s.%06d %d %s] %s" % (level, t.strftime("%m%d"), t.strftime("%H:%M:%S"), t.microsecond,
                                       pid, src, msg)


def nccl(host, pid, tid, dev, kind, msg):
    return "%s:%d:%d [%d] NCCL %s %s" % (host, pid, tid, dev, kind, msg)


def nccl_src(host, pid, tid, dev, src, msg):
    return "%s:%d:%d [%d] %s NCCL WARN %s" % (host, pid, tid, dev, src, msg)


def nccl_init_block(host, pid, tid, dev, rank, nranks, ver="2.21.5+cuda12.4", net="IB", ifname="ibp26s0",
                    ip="10.10.0.1", busid="18000", rng=None, hcas=4, nnodes=2, extra=()):
    rng = rng or random.Random(0)
    L = []
    L.append(nccl(host, pid, pid, dev, "INFO", "Bootstrap : Using %s:%s<0>" % ("eth0" if net != "IB" else "bond0", ip)))
    L.append(nccl(host, pid, pid, dev, "INFO", "cudaDriverVersion 12040"))
    if rank == 0:
        L.append("NCCL version %s" % ver)
    L.append(nccl(host, pid, tid, dev, "INFO", "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."))
    if net == "IB":
        devs = " ".join("[%d]mlx5_%d:1/IB" % (i, i) for i in range(hcas))
        L.append(nccl(host, pid, tid, dev, "INFO", "NET/IB : Using %s [RO]; OOB bond0:%s<0>" % (devs, ip)))
        L.append(nccl(host, pid, tid, dev, "INFO", "Using network IB"))
    else:
        L.append(nccl(host, pid, tid, dev, "INFO", "NET/IB : No device found."))
        L.append(nccl(host, pid, tid, dev, "INFO", "NET/Socket : Using [0]%s:%s<0>" % (ifname, ip)))
        L.append(nccl(host, pid, tid, dev, "INFO", "Using network Socket"))
    commid = "0x%016x" % rng.getrandbits(64)
    L.append(nccl(host, pid, tid, dev, "INFO", "ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START"
                  % (0x55d0a0000000 + rng.getrandbits(24), rank, nranks, dev, dev, busid, commid)))
    L.extend(nccl(host, pid, tid, dev, "INFO", e) for e in extra)
    L.append(nccl(host, pid, tid, dev, "INFO", "comm 0x%x rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0"
                  % (0x55d0a0000000 + rng.getrandbits(24), rank, nranks, nnodes, nranks // max(nnodes, 1), dev)))
    L.append(nccl(host, pid, tid, dev, "INFO", "Setting affinity for GPU %d to ffffffff,00000000,ffffffff" % dev))
    L.append(nccl(host, pid, tid, dev, "INFO", "P2P Chunksize set to 131072"))
    L.append(nccl(host, pid, tid, dev, "INFO", "Connected all rings"))
    L.append(nccl(host, pid, tid, dev, "INFO", "Connected all trees"))
    L.append(nccl(host, pid, tid, dev, "INFO", "ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE"
                  % (0x55d0a0000000 + rng.getrandbits(24), rank, nranks, dev, dev, busid, commid)))
    return L


BUSIDS8 = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
BUSIDS4 = ["07", "0f", "47", "4e"]


def busid(i, n=8):
    b = BUSIDS8 if n > 4 else BUSIDS4
    return b[i % len(b)]


def pci(i, n=8):
    return "PCI:0000:%s:00" % busid(i, n)


def xid(pcistr, code, rest):
    return "NVRM: Xid (%s): %d, %s" % (pcistr, code, rest)


def dmesg_rel(sec, msg):
    return "[%12.6f] %s" % (sec, msg)


def dmesg_T(t, msg):
    return "[%s] %s" % (t.strftime("%a %b %d %H:%M:%S %Y"), msg)


def syslog(t, host, proc, msg):
    return "%s %2d %s %s %s: %s" % (t.strftime("%b"), t.day, t.strftime("%H:%M:%S"), host, proc, msg)


def journal_iso(t, host, proc, msg, tz="+0000"):
    return "%s.%06d%s %s %s: %s" % (t.strftime("%Y-%m-%dT%H:%M:%S"), t.microsecond, tz, host, proc, msg)


def nvsmi(t, gpus, driver="550.90.07", cuda="12.4", name="NVIDIA H100 80GB HBM3", total=81559,
          procs=(), ecc=None, util=None, mem=None, temps=None, pwr=None, bus=None, note=None):
    """gpus: count.  procs: list of (gpu, pid, name, mib).  ecc: dict gpu->str (Volatile Uncorr. ECC column)."""
    n = gpus
    ecc = ecc or {}
    util = util or {}
    mem = mem or {}
    temps = temps or {}
    pwr = pwr or {}
    L = []
    L.append(t.strftime("%a %b %d %H:%M:%S %Y"))
    L.append("+-----------------------------------------------------------------------------------------+")
    L.append("| NVIDIA-SMI %-18s Driver Version: %-14s CUDA Version: %-8s|" % (driver, driver, cuda))
    L.append("|-----------------------------------------+------------------------+----------------------+")
    L.append("| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |")
    L.append("| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |")
    L.append("|                                         |                        |               MIG M. |")
    L.append("|=========================================+========================+======================|")
    for g in range(n):
        b = (bus or {}).get(g, "00000000:%s:00.0" % busid(g, n).upper())
        L.append("| %3d  %-22s      On  | %-16s   Off | %20s |" % (g, name[:22], b, ecc.get(g, "0")))
        L.append("| N/A   %2dC    P0          %4dW /  700W |  %6dMiB / %6dMiB | %6s      Default |"
                 % (temps.get(g, 33 + g % 4), pwr.get(g, 71 + g), mem.get(g, 4), total, "%d%%" % util.get(g, 0)))
        L.append("|                                         |                        |             Disabled |")
        L.append("+-----------------------------------------+------------------------+----------------------+")
    L.append("")
    L.append("+-----------------------------------------------------------------------------------------+")
    L.append("| Processes:                                                                              |")
    L.append("|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |")
    L.append("|        ID   ID                                                               Usage      |")
    L.append("|=========================================================================================|")
    if not procs:
        L.append("|  No running processes found                                                             |")
    for (g, pid, pname, mib) in procs:
        L.append("|  %3d   N/A  N/A  %9d      C   %-40s %6dMiB |" % (g, pid, pname[:40], mib))
    L.append("+-----------------------------------------------------------------------------------------+")
    if note:
        L.append(note)
    return L


def sacct(rows):
    L = ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode ",
         "------------ ---------- ---------- ---------- ---------- ---------- -------- "]
    for r in rows:
        L.append("%-12s %10s %10s %10s %10s %10s %8s " % r)
    return L


def elastic_summary(script, t, failures, root):
    """failures/root: dict(host, rank, local_rank, exitcode, pid, tb)"""
    L = ["torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
         "============================================================",
         "%s FAILED" % script,
         "------------------------------------------------------------",
         "Failures:"]
    if not failures:
        L.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(failures, 1):
        L += ["[%d]:" % i,
              "  time      : %s" % f["time"].strftime("%Y-%m-%d_%H:%M:%S"),
              "  host      : %s" % f["host"],
              "  rank      : %d (local_rank: %d)" % (f["rank"], f["local_rank"]),
              "  exitcode  : %d (pid: %d)" % (f["exitcode"], f["pid"]),
              "  error_file: <N/A>",
              "  traceback : %s" % f.get("tb", "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")]
    L += ["------------------------------------------------------------",
          "Root Cause (first observed failure):",
          "[0]:",
          "  time      : %s" % root["time"].strftime("%Y-%m-%d_%H:%M:%S"),
          "  host      : %s" % root["host"],
          "  rank      : %d (local_rank: %d)" % (root["rank"], root["local_rank"]),
          "  exitcode  : %d (pid: %d)" % (root["exitcode"], root["pid"]),
          "  error_file: <N/A>",
          "  traceback : %s" % root.get("tb", "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"),
          "============================================================"]
    return L


CUDA_TAIL = ["CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
             "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
             "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]


def frames(lib="/usr/local/lib/python3.10/dist-packages/torch/lib", rng=None, kind="watchdog"):
    rng = rng or random.Random(1)
    base = 0x7f0000000000 + rng.getrandbits(36)
    if kind == "watchdog":
        fr = [("c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >) + 0x96", "libc10.so"),
              ("c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&) + 0x64", "libc10.so"),
              ("c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118", "libc10_cuda.so"),
              ("c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c", "libtorch_cuda.so"),
              ("<unknown function> + 0xdc253", "libstdc++.so.6"),
              ("<unknown function> + 0x94ac3", "libc.so.6"),
              ("clone + 0x44", "libc.so.6")]
    else:
        fr = [("c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >) + 0x96", "libc10.so"),
              ("c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x35d", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::watchdogHandler() + 0x2b9", "libtorch_cuda.so"),
              ("c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c", "libtorch_cuda.so"),
              ("<unknown function> + 0xdc253", "libstdc++.so.6"),
              ("<unknown function> + 0x94ac3", "libc.so.6")]
    out = []
    for i, (fn, so) in enumerate(fr):
        p = lib + "/" + so if not so.startswith("lib") or so.startswith("libc10") or so.startswith("libtorch") else "/lib/x86_64-linux-gnu/" + so
        out.append("frame #%d: %s (0x%x in %s)" % (i, fn, base + i * 0x1a3f0 + rng.getrandbits(12), p))
    return out


def megatron_iter(t, it, total, ms, lr, gbs, loss, gn, scale=1.0, skipped=0, nan=0):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | "
            "global batch size: %5d | lm loss: %.6E | loss scale: %.1f | grad norm: %.3f | number of skipped iterations: %3d | number of nan iterations: %3d |"
            % (t.strftime("%Y-%m-%d %H:%M:%S"), it, total, it * gbs, ms, lr, gbs, loss, scale, gn, skipped, nan))
