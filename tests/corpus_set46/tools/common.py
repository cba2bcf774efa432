"""Shared helpers for corpus set 46 (stdlib only, deterministic)."""
import datetime as _dt
import json
import os
import random

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
              "oom", "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}

TD = _dt.timedelta


def dt(y, mo, d, h, mi, s=0, us=0):
    return _dt.datetime(y, mo, d, h, mi, s, us)


# ---------------------------------------------------------------- time formats
def f_iso(t):                     # 2024-03-12T09:12:44.081233+00:00
    return t.strftime("%Y-%m-%dT%H:%M:%S.%f") + "+00:00"


def f_py(t):                      # 2024-03-12 09:12:44,081
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def f_glog(t, lvl="I"):           # I0312 09:12:44.081233
    return "%s%s %s" % (lvl, t.strftime("%m%d"), t.strftime("%H:%M:%S.%f"))


def f_c10(t, lvl="E"):            # E312 09:12:44.081233000  (month without leading zero)
    return "%s%d%s %s%03d" % (lvl, t.month, t.strftime("%d"), t.strftime("%H:%M:%S.%f"), (t.microsecond * 7 + t.second * 131 + t.minute * 17) % 1000)


def f_dmesg_T(t):                 # Tue Mar 12 09:12:44 2024
    return t.strftime("%a %b %d %H:%M:%S %Y").replace(" 0", "  ", 1) if t.day < 10 else t.strftime("%a %b %d %H:%M:%S %Y")


def f_syslog(t):                  # Mar 12 09:12:44
    s = t.strftime("%b %d %H:%M:%S")
    if t.day < 10:
        s = s[:4] + " " + s[5:]
    return s


def f_ds(t):                      # [2024-03-12 09:12:44,081]
    return "[" + f_py(t) + "]"


# ---------------------------------------------------------------- bundle
class Bundle:
    def __init__(self):
        self.files = {}

    def add(self, path, text):
        if isinstance(text, list):
            text = "\n".join(text) + "\n"
        if path in self.files:
            self.files[path] += text
        else:
            self.files[path] = text

    def write(self, root):
        for p, t in sorted(self.files.items()):
            full = os.path.join(root, p)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as fh:
                fh.write(t)


def validate_label(name, label, node_dirs):
    errs = []
    if set(label) != LABEL_KEYS:
        errs.append("%s: keys %s" % (name, sorted(label)))
        return errs
    if label["category"] not in CATEGORIES:
        errs.append("%s: bad category %r" % (name, label["category"]))
    if label["layer"] not in LAYERS:
        errs.append("%s: bad layer %r" % (name, label["layer"]))
    if label["action"] not in ACTIONS:
        errs.append("%s: bad action %r" % (name, label["action"]))
    c = label["culprit"]
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            errs.append("%s: culprit must be {node, rank}" % name)
        else:
            if c["node"] not in node_dirs:
                errs.append("%s: culprit node %r not a bundle folder %s" % (name, c["node"], sorted(node_dirs)))
            if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool)):
                errs.append("%s: culprit rank must be int or null" % name)
    if not isinstance(label["rationale"], str) or len(label["rationale"]) < 40:
        errs.append("%s: rationale too short" % name)
    if not str(label["modelled_on"]).startswith("https://"):
        errs.append("%s: modelled_on must be https URL" % name)
    return errs


def label(category, layer, culprit_node, culprit_rank, action, rationale, url):
    c = None if culprit_node is None else {"node": culprit_node, "rank": culprit_rank}
    return {"category": category, "layer": layer, "culprit": c, "action": action,
            "rationale": rationale, "modelled_on": url}


# ---------------------------------------------------------------- NCCL noise
def nccl_init(host, pid, lr, rank, nranks, rng, hca="mlx5", nic_count=8, ver="2.21.5+cuda12.4", iface="eth0",
              ip="10.0.0.1"):
    h = "%s:%d:%d [%d]" % (host, pid, pid, lr)
    h2 = "%s:%d:%d [%d]" % (host, pid, pid + 97 + lr, lr)
    out = []
    if rank == 0:
        out.append("NCCL version %s" % ver)
    out += [
        "%s NCCL INFO Bootstrap : Using %s:%s<0>" % (h, iface, ip),
        "%s NCCL INFO cudaDriverVersion 12040" % h,
        "%s NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)" % h,
        "%s NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so" % h,
        "%s NCCL INFO NET/IB : Using %s ; OOB %s:%s<0>" % (h, " ".join("[%d]%s_%d:1/IB" % (i, hca, i) for i in range(nic_count)), iface, ip),
        "%s NCCL INFO Using non-device net plugin version 0" % h,
        "%s NCCL INFO Using network IB" % h,
        "%s NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %x000 commId 0x%x - Init START" % (
            h2, 0x55d0c0000000 + rng.randrange(1 << 24), rank, nranks, lr, lr, [0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb][lr % 8], 0x6b1f3a2c7e91d004),
        "%s NCCL INFO Setting affinity for GPU %d to ffffffff,00000000,ffffffff" % (h2, lr) if lr < 4 else
        "%s NCCL INFO Setting affinity for GPU %d to 00000000,ffffffff,00000000,ffffffff" % (h2, lr),
        "%s NCCL INFO NVLS multicast support is available on dev %d" % (h2, lr),
        "%s NCCL INFO comm 0x%x rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0" % (
            h2, 0x55d0c0000000 + rng.randrange(1 << 24), rank, nranks, max(1, nranks // 8), lr),
        "%s NCCL INFO Trees [0] %d/-1/-1->%d->%d [1] %d/-1/-1->%d->%d" % (h2, (rank + 1) % nranks, rank, (rank - 1) % nranks, (rank + 1) % nranks, rank, (rank - 1) % nranks),
        "%s NCCL INFO P2P Chunksize set to 131072" % h2,
        "%s NCCL INFO Channel 00/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA" % (h2, rank, lr, (rank + 8) % nranks, lr, lr),
        "%s NCCL INFO Connected all rings" % h2,
        "%s NCCL INFO Connected all trees" % h2,
        "%s NCCL INFO threadThresholds 8/8/64 | 512/8/64 | 512 | 512" % h2,
        "%s NCCL INFO 24 coll channels, 24 collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer" % h2,
        "%s NCCL INFO TUNER/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-tuner.so" % h2,
        "%s NCCL INFO ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %x000 commId 0x6b1f3a2c7e91d004 - Init COMPLETE" % (
            h2, 0x55d0c0000000 + rng.randrange(1 << 24), rank, nranks, lr, lr, [0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb][lr % 8]),
    ]
    return out


TB_FRAMES_TIMEOUT = [
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f{a}9c0b446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
    "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f{a}5a8e772 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f{a}5a95bb3 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f{a}5a9761d in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #4: <unknown function> + 0xdc253 (0x7f{a}9ad3253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
    "frame #5: <unknown function> + 0x94ac3 (0x7f{a}9c7cac3 in /lib/x86_64-linux-gnu/libc.so.6)",
    "frame #6: clone + 0x44 (0x7f{a}9d0da04 in /lib/x86_64-linux-gnu/libc.so.6)",
]


def watchdog_timeout(t, rank, seq, optype, numel, timeout_ms=600000, prefix=True, last_enq=None, last_done=None,
                     pg="0", pgname="default_pg", dump=True):
    """PyTorch >= 2.4 style watchdog timeout block for one rank. Returns list of lines."""
    p = "[rank%d]:" % rank if prefix else ""
    last_enq = seq if last_enq is None else last_enq
    last_done = seq - 1 if last_done is None else last_done
    ran = timeout_ms + 7 + (rank * 13) % 90
    w = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (seq, optype, numel, numel, timeout_ms)
    ts = lambda k: f_c10(t + TD(microseconds=k * 311))
    pgs = "[PG ID %s PG GUID %s(%s) Rank %d]" % (pg, pg, pgname, rank)
    out = [
        "%s[%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (p, ts(0), rank, w, ran),
        "%s[%s ProcessGroupNCCL.cpp:1785] %s Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (p, ts(1), pgs, seq, last_enq, last_done),
        "%s[%s ProcessGroupNCCL.cpp:1834] %s Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (p, ts(2), pgs, seq, last_enq, last_done),
        "%s[%s ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (p, ts(3), rank),
        "%s[%s ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (p, ts(4), rank),
    ]
    if dump:
        out.append("%s[%s ProcessGroupNCCL.cpp:1376] %s Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % (p, ts(5), pgs, last_enq, last_done))
        out.append("%s[%s ProcessGroupNCCL.cpp:1185] %s ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (p, ts(6), pgs))
    out.append("%s[%s ProcessGroupNCCL.cpp:1595] %s Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (p, ts(7), pgs, rank, w, ran))
    out.append("%sException raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):" % p)
    a = "%03x" % (0x100 + rank * 7 % 0xeff)
    out += [p + fr.format(a=a) for fr in TB_FRAMES_TIMEOUT]
    out.append(p)
    out.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    out.append("  what():  [PG ID %s PG GUID %s(%s) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (pg, pg, pgname, rank, rank, w, ran))
    return out


def torchrun_sigterm(t, host, gpus, base_pid, failed_lr, failed_rank, exitcode=-6, script="train.py", pid_host=None,
                     sig_name="SIGABRT", others=True):
    """torchrun agent lines: SIGTERM to siblings + ChildFailedError summary."""
    pid_host = pid_host or base_pid - 17
    out = []
    ts = t
    if others:
        for lr in range(gpus):
            if lr == failed_lr:
                continue
            out.append("W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (
                f_glog(ts)[1:], pid_host, base_pid + lr))
            ts += TD(microseconds=731)
    out.append("E%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (
        f_glog(ts + TD(seconds=1))[1:], pid_host, exitcode, failed_lr, base_pid + failed_lr))
    out += [
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
        "%s FAILED" % script,
        "------------------------------------------------------------",
        "Failures:",
        "  <NO_OTHER_FAILURES>",
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        "  time      : %s" % (ts + TD(seconds=1)).strftime("%Y-%m-%d_%H:%M:%S"),
        "  host      : %s" % host,
        "  rank      : %d (local_rank: %d)" % (failed_rank, failed_lr),
        "  exitcode  : %d (pid: %d)" % (exitcode, base_pid + failed_lr),
        "  error_file: <N/A>",
        "  traceback : Signal %d (%s) received by PID %d" % (-exitcode, sig_name, base_pid + failed_lr) if exitcode < 0 else
        "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
        "============================================================",
    ]
    return out


def torchrun_start(t, pid_host, nnodes, gpus, master, port=29500, rdzv_id="job"):
    return [
        "W%s %d torch/distributed/run.py:793] " % (f_glog(t)[1:], pid_host),
        "W%s %d torch/distributed/run.py:793] *****************************************" % (f_glog(t)[1:], pid_host),
        "W%s %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (f_glog(t)[1:], pid_host),
        "W%s %d torch/distributed/run.py:793] *****************************************" % (f_glog(t)[1:], pid_host),
        "I%s %d torch/distributed/launcher/api.py:194] Starting elastic_operator with launch configs:" % (f_glog(t)[1:], pid_host),
        "I%s %d torch/distributed/launcher/api.py:194]   entrypoint       : train.py" % (f_glog(t)[1:], pid_host),
        "I%s %d torch/distributed/launcher/api.py:194]   min_nodes        : %d" % (f_glog(t)[1:], pid_host, nnodes),
        "I%s %d torch/distributed/launcher/api.py:194]   max_nodes        : %d" % (f_glog(t)[1:], pid_host, nnodes),
        "I%s %d torch/distributed/launcher/api.py:194]   nproc_per_node   : %d" % (f_glog(t)[1:], pid_host, gpus),
        "I%s %d torch/distributed/launcher/api.py:194]   run_id           : %s" % (f_glog(t)[1:], pid_host, rdzv_id),
        "I%s %d torch/distributed/launcher/api.py:194]   rdzv_backend     : c10d" % (f_glog(t)[1:], pid_host),
        "I%s %d torch/distributed/launcher/api.py:194]   rdzv_endpoint    : %s:%d" % (f_glog(t)[1:], pid_host, master, port),
        "I%s %d torch/distributed/launcher/api.py:194]   monitor_interval : 0.1" % (f_glog(t)[1:], pid_host),
        "I%s %d torch/distributed/elastic/agent/server/api.py:845] [default] starting workers for entrypoint: python3" % (f_glog(t + TD(seconds=2))[1:], pid_host),
        "I%s %d torch/distributed/elastic/agent/server/api.py:662] [default] Rendezvous'ing worker group" % (f_glog(t + TD(seconds=2))[1:], pid_host),
    ]


# ---------------------------------------------------------------- kernel noise
def dmesg_boot_noise(rng, n=40):
    base = [
        "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-054) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP",
        "Command line: BOOT_IMAGE=/boot/vmlinuz-5.15.0-105-generic root=UUID=1d7e2f0a ro iommu=pt pci=realloc=off",
        "ACPI: SRAT: Node 0 PXM 0 [mem 0x00000000-0x7fffffff]",
        "smpboot: Allowing 224 CPUs, 0 hotplug CPUs",
        "mlx5_core 0000:18:00.0: firmware version: 28.39.1002",
        "mlx5_core 0000:18:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)",
        "nvidia: loading out-of-tree module taints kernel.",
        "nvidia-nvlink: Nvlink Core is being initialized, major device number 508",
        "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024",
        "nvidia-uvm: Loaded the UVM driver, major device number 506.",
        "nvidia-fabricmanager: Started",
        "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.",
        "IPv6: ADDRCONF(NETDEV_CHANGE): ibp24s0: link becomes ready",
        "mlx5_core 0000:18:00.0 ibp24s0: Link up",
        "audit: type=1400 audit(1710230101.118:2): apparmor=\"STATUS\" operation=\"profile_load\" profile=\"unconfined\" name=\"nvidia_modprobe\"",
        "bpfilter: Loaded bpfilter_umh pid 2311",
        "Started bpfilter",
    ]
    return base[:n]


def nvsmi_q(gpus, ts, driver="550.54.15", cuda="12.4", prod="NVIDIA H100 80GB HBM3", overrides=None, bus_ids=None):
    """Abbreviated `nvidia-smi -q` output. overrides: {gpu_idx: {field: value}}"""
    overrides = overrides or {}
    bus_ids = bus_ids or ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
                          "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]
    out = ["", "==============NVSMI LOG==============", "",
           "Timestamp                                 : %s" % ts.strftime("%a %b %d %H:%M:%S %Y"),
           "Driver Version                            : %s" % driver,
           "CUDA Version                              : %s" % cuda, "",
           "Attached GPUs                             : %d" % gpus]
    for i in range(gpus):
        o = dict(temp=54 + (i * 3) % 7, power=612.4 + i * 7.1, plim=700.0, dplim=700.0, sm=1980, mem=2619, util=100,
                 memused=71234 + i * 37, pgen=5, pgenmax=5, pwidth="16x", pwidthmax="16x", thr_idle="Not Active",
                 thr_swpower="Not Active", thr_hw="Not Active", thr_hwthermal="Not Active", thr_hwpower="Not Active",
                 thr_swthermal="Not Active", ecc_vol_sbe=0, ecc_vol_dbe=0, ecc_agg_sbe=0, ecc_agg_dbe=0,
                 rr_corr=0, rr_unc=0, rr_pending="No", rr_fail="No", pstate="P0", procs=None, retired="N/A")
        o.update(overrides.get(i, {}))
        out += [
            "GPU %s" % bus_ids[i],
            "    Product Name                          : %s" % prod,
            "    Product Brand                         : NVIDIA",
            "    Persistence Mode                      : Enabled",
            "    MIG Mode",
            "        Current                           : Disabled",
            "        Pending                           : Disabled",
            "    Serial Number                         : 165322%07d" % (1180000 + i * 331),
            "    GPU UUID                              : GPU-%08x-4b1e-9a3c-7d2e-%012x" % (0x3f2a0000 + i * 0x1111, 0x5c0ffee00000 + i),
            "    Minor Number                          : %d" % i,
            "    VBIOS Version                         : 96.00.89.00.01",
            "    GPU Link Info",
            "        PCIe Generation",
            "            Max                           : %s" % o["pgenmax"],
            "            Current                       : %s" % o["pgen"],
            "            Device Current                : %s" % o["pgen"],
            "            Device Max                    : 5",
            "            Host Max                      : 5",
            "        Link Width",
            "            Max                           : %s" % o["pwidthmax"],
            "            Current                       : %s" % o["pwidth"],
            "    Performance State                     : %s" % o["pstate"],
            "    Clocks Event Reasons",
            "        Idle                              : %s" % o["thr_idle"],
            "        Applications Clocks Setting       : Not Active",
            "        SW Power Cap                      : %s" % o["thr_swpower"],
            "        HW Slowdown                       : %s" % o["thr_hw"],
            "            HW Thermal Slowdown           : %s" % o["thr_hwthermal"],
            "            HW Power Brake Slowdown       : %s" % o["thr_hwpower"],
            "        Sync Boost                        : Not Active",
            "        SW Thermal Slowdown               : %s" % o["thr_swthermal"],
            "        Display Clock Setting             : Not Active",
            "    FB Memory Usage",
            "        Total                             : 81559 MiB",
            "        Reserved                          : 328 MiB",
            "        Used                              : %d MiB" % o["memused"],
            "        Free                              : %d MiB" % max(0, 81559 - 328 - o["memused"]),
            "    Utilization",
            "        Gpu                               : %d %%" % o["util"],
            "        Memory                            : %d %%" % max(0, o["util"] - 23),
            "    ECC Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : %d" % o["ecc_vol_sbe"],
            "            SRAM Uncorrectable            : 0",
            "            DRAM Correctable              : 0",
            "            DRAM Uncorrectable            : %d" % o["ecc_vol_dbe"],
            "        Aggregate",
            "            SRAM Correctable              : %d" % o["ecc_agg_sbe"],
            "            SRAM Uncorrectable            : 0",
            "            DRAM Correctable              : 0",
            "            DRAM Uncorrectable            : %d" % o["ecc_agg_dbe"],
            "    Retired Pages",
            "        Single Bit ECC                    : N/A",
            "        Double Bit ECC                    : N/A",
            "        Pending Page Blacklist            : N/A",
            "    Remapped Rows",
            "        Correctable Error                 : %d" % o["rr_corr"],
            "        Uncorrectable Error               : %d" % o["rr_unc"],
            "        Pending                           : %s" % o["rr_pending"],
            "        Remapping Failure Occurred        : %s" % o["rr_fail"],
            "    Temperature",
            "        GPU Current Temp                  : %d C" % o["temp"],
            "        GPU T.Limit Temp                  : %d C" % (87 - o["temp"]),
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 87 C",
            "        GPU Max Operating Temp            : 85 C",
            "        Memory Current Temp               : %d C" % (o["temp"] + 6),
            "    GPU Power Readings",
            "        Power Draw                        : %.2f W" % o["power"],
            "        Current Power Limit               : %.2f W" % o["plim"],
            "        Requested Power Limit             : %.2f W" % o["plim"],
            "        Default Power Limit               : %.2f W" % o["dplim"],
            "        Min Power Limit                   : 200.00 W",
            "        Max Power Limit                   : 700.00 W",
            "    Clocks",
            "        Graphics                          : %d MHz" % o["sm"],
            "        SM                                : %d MHz" % o["sm"],
            "        Memory                            : %d MHz" % o["mem"],
            "        Video                             : 1545 MHz",
            "    Max Clocks",
            "        Graphics                          : 1980 MHz",
            "        SM                                : 1980 MHz",
            "        Memory                            : 2619 MHz",
            "    Processes",
        ]
        procs = o["procs"] if o["procs"] is not None else []
        if not procs:
            out.append("        None" if o["util"] == 0 else "")
        for (pid, name, mib) in procs:
            out += ["        GPU instance ID                   : N/A",
                    "        Compute instance ID               : N/A",
                    "        Process ID                        : %d" % pid,
                    "            Type                          : C",
                    "            Name                          : %s" % name,
                    "            Used GPU Memory               : %d MiB" % mib]
        out.append("")
    return out


def nvsmi_table(ts, rows, procs, driver="550.54.15", cuda="12.4"):
    """rows: list of (idx, bus, temp, perf, pwr, cap, mem_used, mem_tot, util). procs: (gpu, pid, name, mib)"""
    out = [ts.strftime("%a %b %d %H:%M:%S %Y"),
           "+-----------------------------------------------------------------------------------------+",
           "| NVIDIA-SMI %s              Driver Version: %s      CUDA Version: %s     |" % (driver, driver, cuda),
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                        |               MIG M. |",
           "|=========================================+========================+======================|"]
    for (i, bus, temp, perf, pwr, cap, mu, mt, ut) in rows:
        out.append("|   %d  NVIDIA H100 80GB HBM3          On  |   %s Off |                    0 |" % (i, bus))
        out.append("| N/A   %2dC    %s            %3dW /  %3dW |  %6dMiB /  %5dMiB |    %3d%%      Default |" % (temp, perf, pwr, cap, mu, mt, ut))
        out.append("|                                         |                        |             Disabled |")
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out += ["", "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|=========================================================================================|"]
    for (g, pid, name, mib) in procs:
        out.append("|    %d   N/A  N/A    %6d      C   %-40s %6dMiB |" % (g, pid, name[:40], mib))
    out.append("+-----------------------------------------------------------------------------------------+")
    return out


def ibstat(nics=8, state=None, rate=400):
    state = state or {}
    out = []
    for i in range(nics):
        st = state.get(i, ("Active", "LinkUp"))
        out += ["CA 'mlx5_%d'" % i,
                "\tCA type: MT4129",
                "\tNumber of ports: 1",
                "\tFirmware version: 28.39.1002",
                "\tHardware version: 0",
                "\tNode GUID: 0x946dae0300%06x" % (0x5a10c0 + i),
                "\tSystem image GUID: 0x946dae0300%06x" % 0x5a10c0,
                "\tPort 1:",
                "\t\tState: %s" % st[0],
                "\t\tPhysical state: %s" % st[1],
                "\t\tRate: %d" % (rate if st[0] == "Active" else 10),
                "\t\tBase lid: %d" % (100 + i),
                "\t\tLMC: 0",
                "\t\tSM lid: 1",
                "\t\tCapability mask: 0xa751e848",
                "\t\tPort GUID: 0x946dae0300%06x" % (0x5a10c0 + i),
                "\t\tLink layer: InfiniBand"]
    return out


def df_h(extra=None, root_use="38%"):
    out = ["Filesystem                         Size  Used Avail Use% Mounted on",
           "tmpfs                               202G  4.1M  202G   1% /run",
           "/dev/nvme0n1p2                      1.8T  612G  1.1T  %s /" % root_use,
           "tmpfs                              1008G     0 1008G   0% /dev/shm",
           "/dev/md0                             28T  9.4T   19T  34% /raid",
           "10.0.7.20@o2ib:/lfs01               4.2P  2.9P  1.3P  70% /lustre"]
    return out + (extra or [])


def pyspy_thread_dump(pid, cmd, threads, py="3.10.12", exe="/usr/bin/python3.10"):
    """threads: list of (tid_hex, status, name, [frames])"""
    out = ["Process %d: %s" % (pid, cmd), "Python v%s (%s)" % (py, exe), ""]
    for (tid, status, name, frames) in threads:
        out.append("Thread 0x%X (%s): \"%s\"" % (tid, status, name))
        for fr in frames:
            out.append("    " + fr)
    out.append("")
    return out


def bg_threads(pid_seed):
    return [
        (0x7F1D2BFFF640 + pid_seed * 0x1000, "idle", "Thread-2", [
            "wait (threading.py:324)", "wait (threading.py:607)", "run (tqdm/_monitor.py:60)",
            "_bootstrap_inner (threading.py:1016)", "_bootstrap (threading.py:973)"]),
        (0x7F1C9AFFD640 + pid_seed * 0x1000, "idle", "pin_memory", [
            "_recv_msg (torch/utils/data/_utils/pin_memory.py:32)" if False else "get (queue.py:180)",
            "do_one_step (torch/utils/data/_utils/pin_memory.py:31)",
            "_pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)",
            "run (threading.py:953)", "_bootstrap_inner (threading.py:1016)", "_bootstrap (threading.py:973)"]),
    ]


def write_json(path, obj):
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(obj, fh, indent=2)
        fh.write("\n")


def kernel_log(b, host, fmt, t_boot, events, rng, fname=None):
    """Write a kernel log for `host` in one of several real formats.
    events: list of (datetime, text). fmt: 'T' (dmesg -T), 'raw' (dmesg uptime + uptime -s file),
    'journal' (journalctl -k -o short-iso), 'syslog' (/var/log/kern.log)."""
    boot = [(t_boot + TD(seconds=0.5 + i * 0.37), s) for i, s in enumerate(dmesg_boot_noise(rng))]
    evs = sorted(boot + list(events), key=lambda e: e[0])
    lines = []
    for (t, s) in evs:
        up = (t - t_boot).total_seconds()
        if fmt == "T":
            lines.append("[%s] %s" % (f_dmesg_T(t), s))
        elif fmt == "raw":
            lines.append("[%12.6f] %s" % (up, s))
        elif fmt == "journal":
            lines.append("%s %s kernel: %s" % (t.strftime("%Y-%m-%dT%H:%M:%S") + "+0000", host, s))
        else:
            lines.append("%s %s kernel: [%12.6f] %s" % (f_syslog(t), host, up, s))
    if fmt == "raw":
        b.add("%s/%s" % (host, fname or "dmesg.txt"), lines)
        b.add("%s/uptime_s.txt" % host, [t_boot.strftime("%Y-%m-%d %H:%M:%S")])
    elif fmt == "journal":
        b.add("%s/%s" % (host, fname or "journalctl_k.txt"), lines)
    elif fmt == "syslog":
        b.add("%s/%s" % (host, fname or "kern.log"), lines)
    else:
        b.add("%s/%s" % (host, fname or "dmesg_T.txt"), lines)


def benign_kernel_events(rng, t_from, t_to, n=6):
    pool = [
        "perf: interrupt took too long (2513 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
        "hrtimer: interrupt took 21043 ns",
        "IPMI message handler: version 39.2",
        "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters.",
        "systemd-journald[811]: Data hash table of /var/log/journal/system.journal has a fill level at 75.1 (8192 of 10922 items), suggesting rotation.",
        "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f1a2 offset:0x0 grain:32 syndrome:0x0)",
        "nvidia-peermem: loading out-of-tree module taints kernel.",
        "Key type id_resolver registered",
    ]
    span = (t_to - t_from).total_seconds()
    out = []
    for i in range(n):
        out.append((t_from + TD(seconds=rng.uniform(0, span)), pool[rng.randrange(len(pool))]))
    return out
