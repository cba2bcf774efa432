"""Shared helpers for corpus_set52 (stdlib only, deterministic)."""
import datetime as _dt
import random
import zlib


def h(x):
    return zlib.crc32(repr(x).encode())

UTC = _dt.timezone.utc
MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
DOW = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def T(y, mo, d, h, mi, s=0, us=0):
    return _dt.datetime(y, mo, d, h, mi, s, us)


def add(t, seconds):
    return t + _dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- timestamps
def c10(t, sev="E"):
    """c10/torch logging prefix body: E312 09:12:44.081233000"""
    return f"{sev}{t.month}{t.day:02d} {t:%H:%M:%S}.{t.microsecond:06d}000"


def glog(t, sev="E"):
    return f"{sev}{t:%m%d %H:%M:%S}.{t.microsecond:06d}"


def pylog(t):
    return f"{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}"


def dmesg_T(t):
    return f"[{DOW[t.weekday()]} {MON[t.month - 1]} {t.day:2d} {t:%H:%M:%S} {t.year}]"


def raw_uptime(sec):
    return f"[{sec:12.6f}]"


def journal_iso(t, off="+00:00"):
    return f"{t:%Y-%m-%dT%H:%M:%S}.{t.microsecond:06d}{off}"


def syslog(t):
    return f"{MON[t.month - 1]} {t.day:2d} {t:%H:%M:%S}"


# ---------------------------------------------------------------- NCCL bits
def nccl_init(host, pid, local, grank, world, ver="2.21.5", ib=True, hca="mlx5", nics=8):
    p = f"{host}:{pid}:{pid + 117} [{local}]"
    out = [
        f"{host}:{pid}:{pid} [{local}] NCCL INFO Bootstrap : Using ens8np0:10.0.0.1<0>",
        f"{host}:{pid}:{pid} [{local}] NCCL INFO cudaDriverVersion 12040",
        f"{host}:{pid}:{pid} [{local}] NCCL INFO NCCL version {ver}+cuda12.4" if grank == 0 else None,
        f"{p} NCCL INFO Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so",
        f"{p} NCCL INFO P2P plugin IBext_v8",
    ]
    if ib:
        devs = " ".join(f"[{i}]{hca}_{i}:1/IB" for i in range(nics))
        out.append(f"{p} NCCL INFO NET/IB : Using {devs} [RO]; OOB ens8np0:10.0.0.1<0>")
        out.append(f"{p} NCCL INFO Using network IBext_v8")
    out += [
        f"{p} NCCL INFO comm 0x{0x55d0a0000000 + grank * 0x1000:x} rank {grank} nranks {world} cudaDev {local} nvmlDev {local} busId {BUS[local % 8]}000 commId 0x8e1f2ab7c0d6e311 - Init START",
        f"{p} NCCL INFO NCCL_IB_TIMEOUT set by environment to 22.",
        f"{p} NCCL INFO NCCL_IB_RETRY_CNT set by environment to 7.",
        f"{p} NCCL INFO comm 0x{0x55d0a0000000 + grank * 0x1000:x} rank {grank} nranks {world} cudaDev {local} nvmlDev {local} busId {BUS[local % 8]}000 commId 0x8e1f2ab7c0d6e311 - Init COMPLETE",
    ]
    return [x for x in out if x]


BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]


def pci(local):
    return f"0000:{BUS[local % 8]}:00"


# ---------------------------------------------------------------- sympathetic errors
FRAMES_WD = [
    "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3a{a}c446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
    "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x282 (0x7f39{a}cc772 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f39{a}d3bb3 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f39{a}d561d in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    "frame #4: <unknown function> + 0xdc253 (0x7f3a{a}b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
    "frame #5: <unknown function> + 0x94ac3 (0x7f3a{a}e5ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
    "frame #6: <unknown function> + 0x126850 (0x7f3a{a}77850 in /lib/x86_64-linux-gnu/libc.so.6)",
]


def watchdog(rank, t, seq, op="ALLREDUCE", numel=50331648, timeout_ms=600000, extra_ms=82, frames=True):
    pre = f"[rank{rank}]:[{c10(t)}"
    msg = (f"[Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, "
           f"NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms}) ran for {timeout_ms + extra_ms} milliseconds before timing out.")
    out = [
        f"{pre} ProcessGroupNCCL.cpp:632] {msg}",
        f"{pre} ProcessGroupNCCL.cpp:2268] [PG ID 0 PG GUID 0(default_pg) Rank {rank}]  failure detected by watchdog at work sequence id: {seq} PG status: last enqueued work: {seq + 1}, last completed work: {seq - 1}",
        f"{pre} ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        f"{pre} ProcessGroupNCCL.cpp:684] [Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        f"{pre} ProcessGroupNCCL.cpp:698] [Rank {rank}] To avoid data inconsistency, we are taking the entire process down.",
        f"{pre} ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with exception: {msg}",
    ]
    if frames:
        a = f"{(rank * 7919) % 0xfff:03x}"
        out.append("Exception raised from checkTimeout at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:635 (most recent call first):")
        out += [f.format(a=a) for f in FRAMES_WD]
        out.append("")
        out.append("terminate called after throwing an instance of 'c10::DistBackendError'")
        out.append(f"  what():  [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with exception: {msg}")
    return out


def watchdog_old(rank, t, seq, op="ALLREDUCE", timeout_ms=1800000):
    pre = f"[{glog(t)}"
    return [
        f"[E ProcessGroupNCCL.cpp:475] [Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn=1, NumelOut=1, Timeout(ms)={timeout_ms}) ran for {timeout_ms + 4321} milliseconds before timing out.",
        "[E ProcessGroupNCCL.cpp:489] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[E ProcessGroupNCCL.cpp:495] To avoid data inconsistency, we are taking the entire process down.",
    ]


def dist_backend_tb(rank, script="pretrain_gpt.py", line=212, where="train_step", call="torch.distributed.all_reduce(loss_scalar)", msg=None):
    msg = msg or f"NCCL communicator was aborted on rank {rank}."
    return [
        f"[rank{rank}]: Traceback (most recent call last):",
        f"[rank{rank}]:   File \"/workspace/{script}\", line {line}, in {where}",
        f"[rank{rank}]:     {call}",
        f"[rank{rank}]:   File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py\", line 83, in wrapper",
        f"[rank{rank}]:     return func(*args, **kwargs)",
        f"[rank{rank}]:   File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py\", line 2501, in all_reduce",
        f"[rank{rank}]:     work.wait()",
        f"[rank{rank}]: torch.distributed.DistBackendError: {msg}",
    ]


def elastic_sigterm(t, pids):
    return [f"[{pylog(t)}] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process {p} closing signal SIGTERM" for p in pids]


def child_failed(t, host, script, failures, root):
    """failures: list of (rank, local, exitcode, pid, traceback_text); root same tuple."""
    ts = f"{t:%Y-%m-%d_%H:%M:%S}"
    out = [
        f"[{pylog(t)}] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: {root[2]}) local_rank: {root[1]} (pid: {root[3]}) of binary: /usr/bin/python3",
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
        "    return f(*args, **kwargs)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main',
        "    run(args)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 263, in launch_agent',
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
        out += [f"[{i}]:", f"  time      : {ts}", f"  host      : {host}", f"  rank      : {f[0]} (local_rank: {f[1]})",
                f"  exitcode  : {f[2]} (pid: {f[3]})", "  error_file: <N/A>", f"  traceback : {f[4]}"]
    out += ["------------------------------------------------------------", "Root Cause (first observed failure):", "[0]:",
            f"  time      : {ts}", f"  host      : {host}", f"  rank      : {root[0]} (local_rank: {root[1]})",
            f"  exitcode  : {root[2]} (pid: {root[3]})", "  error_file: <N/A>", f"  traceback : {root[4]}",
            "============================================================"]
    return out


SIGABRT = lambda pid: f"Signal 6 (SIGABRT) received by PID {pid}"
SIGTERM = lambda pid: f"Signal 15 (SIGTERM) received by PID {pid}"


# ---------------------------------------------------------------- training logs
def megatron_iters(t0, start, end, step_s, rng, gbs=1024, lr=3.0e-4, loss0=2.4, nan_from=None, tflops=410.0, slow=None, every=1):
    """Return list of (time, line). slow: dict step->multiplier"""
    out = []
    t = t0
    for it in range(start, end + 1):
        mult = (slow(it) if slow else 1.0)
        dt = step_s * mult * (1 + rng.uniform(-0.015, 0.015))
        t = add(t, dt)
        if (it - start) % every:
            continue
        loss = loss0 - 0.25 * (it / (end + 5000)) + rng.uniform(-0.03, 0.03)
        ls = "nan" if nan_from is not None and it >= nan_from else f"{loss:.6E}"
        gn = "nan" if nan_from is not None and it >= nan_from else f"{rng.uniform(0.18, 0.32):.3f}"
        line = (f" [{t:%Y-%m-%d %H:%M:%S}] iteration {it:>8}/  500000 | consumed samples: {it * gbs:>12} | elapsed time per iteration (ms): {dt * 1000:.1f} | "
                f"throughput per GPU (TFLOP/s/GPU): {tflops / mult:.1f} | learning rate: {lr:.6E} | global batch size: {gbs:>5} | lm loss: {ls} | "
                f"loss scale: 1.0 | grad norm: {gn} | number of skipped iterations:   0 | number of nan iterations:   {1 if ls == 'nan' else 0} |")
        out.append((t, line))
    return out


def hf_steps(t0, start, end, step_s, rng, every=10, epoch_len=20000):
    out = []
    t = t0
    for it in range(start, end + 1):
        t = add(t, step_s * (1 + rng.uniform(-0.02, 0.02)))
        if it % every:
            continue
        loss = 1.9 - 0.4 * it / (end + 20000) + rng.uniform(-0.05, 0.05)
        out.append((t, "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (loss, rng.uniform(0.6, 1.4), 2e-5 * (1 - it / 100000), it / epoch_len)))
    return out


def dmesg_boot_noise(rng, host):
    return [
        "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP",
        "Command line: BOOT_IMAGE=/vmlinuz-5.15.0-105-generic root=UUID=3c1d... ro iommu=pt pci=realloc numa_balancing=disable",
        "mlx5_core 0000:0c:00.0: firmware version: 28.39.1002",
        "mlx5_core 0000:0c:00.0: 400.000 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)",
        "nvidia: loading out-of-tree module taints kernel.",
        "nvidia-nvlink: Nvlink Core is being initialized, major device number 507",
        "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024",
        "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  550.54.15",
        "mlx5_core 0000:0c:00.0 ibp12s0: renamed from ib0",
        "IPv6: ADDRCONF(NETDEV_CHANGE): ibp12s0: link becomes ready",
        "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.",
        "Lustre: Lustre: Build Version: 2.15.4",
        "Lustre: Mounted lfs01-client",
    ]


def nvsmi_q(host, t, gpus=8, driver="550.54.15", cuda="12.4", over=None, model="NVIDIA H100 80GB HBM3"):
    """over: dict local -> dict of overrides (keys: temp, slow_hw, slow_therm, pend, remap_corr, remap_unc, remap_fail, ecc_vol_dbe, ecc_vol_sbe, procs, used, clocks_sm, power)"""
    over = over or {}
    L = [f"==============NVSMI LOG==============", "", f"Timestamp                                 : {t:%a %b %d %H:%M:%S %Y}",
         f"Driver Version                            : {driver}", f"CUDA Version                              : {cuda}", "",
         f"Attached GPUs                             : {gpus}"]
    for g in range(gpus):
        o = over.get(g, {})
        L += [f"GPU 0000{BUS[g].upper()}:00.0".replace("0000", "00000000:", 1),
              f"    Product Name                          : {model}",
              f"    Serial Number                         : 16523230{g:02d}{(h(host) & 0xff):03d}",
              f"    GPU UUID                              : GPU-{(h((host, g)) % 16**8):08x}-1b2c-4d5e-8f90-{g:012x}",
              f"    Minor Number                          : {g}",
              "    Persistence Mode                      : Enabled",
              "    Clocks Event Reasons",
              "        Idle                              : Not Active",
              "        Applications Clocks Setting       : Not Active",
              f"        SW Power Cap                      : {'Active' if o.get('swpower') else 'Not Active'}",
              f"        HW Slowdown                       : {'Active' if o.get('slow_hw') else 'Not Active'}",
              f"            HW Thermal Slowdown           : {'Active' if o.get('slow_therm') else 'Not Active'}",
              "            HW Power Brake Slowdown       : Not Active",
              "        Sync Boost                        : Not Active",
              f"        SW Thermal Slowdown               : {'Active' if o.get('slow_therm') else 'Not Active'}",
              "    FB Memory Usage",
              "        Total                             : 81559 MiB",
              f"        Used                              : {o.get('used', 71234 + g * 13)} MiB",
              "    ECC Errors",
              "        Volatile",
              f"            SRAM Correctable              : 0",
              f"            SRAM Uncorrectable Parity     : 0",
              f"            SRAM Uncorrectable SEC-DED    : 0",
              f"            DRAM Correctable              : {o.get('ecc_vol_sbe', 0)}",
              f"            DRAM Uncorrectable            : {o.get('ecc_vol_dbe', 0)}",
              "        Aggregate",
              f"            DRAM Correctable              : {o.get('ecc_agg_sbe', o.get('ecc_vol_sbe', 0))}",
              f"            DRAM Uncorrectable            : {o.get('ecc_agg_dbe', o.get('ecc_vol_dbe', 0))}",
              "    Remapped Rows",
              f"        Correctable Error                 : {o.get('remap_corr', 0)}",
              f"        Uncorrectable Error               : {o.get('remap_unc', 0)}",
              f"        Pending                           : {'Yes' if o.get('pend') else 'No'}",
              f"        Remapping Failure Occurred        : {'Yes' if o.get('remap_fail') else 'No'}",
              "    Temperature",
              f"        GPU Current Temp                  : {o.get('temp', 41 + (g * 3) % 9)} C",
              "        GPU Shutdown Temp                 : 92 C",
              "        GPU Slowdown Temp                 : 89 C",
              "    Power Readings",
              f"        Power Draw                        : {o.get('power', 612.4 + g):.2f} W",
              "        Current Power Limit               : 700.00 W",
              "    Clocks",
              f"        SM                                : {o.get('clocks_sm', 1980)} MHz",
              "        Memory                            : 2619 MHz",
              "    Processes"]
        for p in o.get("procs", [(40000 + g, "/usr/bin/python3", o.get('used', 71234 + g * 13) - 600)]):
            L += [f"        GPU instance ID                   : N/A", f"        Process ID                        : {p[0]}",
                  "        Type                              : C", f"        Name                              : {p[1]}",
                  f"        Used GPU Memory                   : {p[2]} MiB"]
        L.append("")
    return L


def ibstat(host, ports=8, down=None, rates=None):
    down = down or {}
    L = []
    for i in range(ports):
        st = down.get(i)
        L += [f"CA 'mlx5_{i}'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.1002", "\tHardware version: 0",
              f"\tNode GUID: 0xa088c20300{i:02x}{h(host) % 256:02x}e4", "\tSystem image GUID: 0xa088c20300a1b2c3", "\tPort 1:",
              f"\t\tState: {'Down' if st else 'Active'}", f"\t\tPhysical state: {st or 'LinkUp'}", f"\t\tRate: {(rates or {}).get(i, 400)}",
              f"\t\tBase lid: {100 + i + (h(host) % 50) * 8}", "\t\tLMC: 0", "\t\tSM lid: 1", "\t\tCapability mask: 0xa751e848",
              f"\t\tPort GUID: 0xa088c20300{i:02x}{h(host) % 256:02x}e4", "\t\tLink layer: InfiniBand", ""]
    return L


def join(lines):
    return "\n".join(lines) + "\n"


def merge_sorted(*streams):
    """streams: lists of (time, line) -> sorted lines"""
    allx = []
    for s in streams:
        allx += s
    allx.sort(key=lambda x: x[0])
    return [l for _, l in allx]
