"""Shared log-format helpers for corpus set 94 (standard library only, deterministic)."""
import sys

sys.dont_write_bytecode = True

import random
from datetime import datetime, timedelta, timezone

UTC = timezone.utc

H100_BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
A100_BUS = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]
H100_NIC_BUS = ["1a", "3c", "4d", "5e", "9c", "bc", "cc", "dc"]


def dt(y, mo, d, h=0, mi=0, s=0, us=0):
    return datetime(y, mo, d, h, mi, s, us, tzinfo=UTC)


def secs(n):
    return timedelta(seconds=n)


# ---------------------------------------------------------------- timestamps
def glog_ts(t):
    """Python-logging torch format: 0513 04:11:52.123000"""
    return f"{t:%m%d %H:%M:%S}.{t.microsecond:06d}"


def c10_ts(t):
    """c10 logging in torch>=2.3: month not zero padded, nanoseconds."""
    ns = (t.microsecond * 7919 + t.second * 131 + t.minute * 17) % 1000
    return f"{t.month}{t.day:02d} {t:%H:%M:%S}.{t.microsecond:06d}{ns:03d}"


def c10d(rank, level, t, src, msg):
    return f"[rank{rank}]:[{level}{c10_ts(t)} {src}] {msg}"


def elastic(level, t, pid, src, msg):
    return f"{level}{glog_ts(t)} {pid} {src}] {msg}"


def kmsg(boot, t, msg):
    d = (t - boot).total_seconds()
    whole = int(d)
    frac = int(round((d - whole) * 1_000_000))
    if frac >= 1_000_000:
        whole += 1
        frac -= 1_000_000
    return f"[{whole:5d}.{frac:06d}] {msg}"


def kmsg_T(t, msg):
    return f"[{t:%a %b} {t.day:2d} {t:%H:%M:%S %Y}] {msg}"


def syslog(t, host, prog, msg):
    return f"{t:%b} {t.day:2d} {t:%H:%M:%S} {host} {prog}: {msg}"


def journal_iso(t, host, prog, msg):
    return f"{t:%Y-%m-%dT%H:%M:%S}.{t.microsecond:06d}+00:00 {host} {prog}: {msg}"


def pyl(t):
    """python logging asctime: 2024-05-13 04:11:52,123"""
    return f"{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}"


def ds_ts(t):
    return f"[{pyl(t)}]"


# ---------------------------------------------------------------- dmesg noise
def boot_noise(boot, host, rng, nics=("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"), nic_bus=None, driver="535.161.08"):
    nic_bus = nic_bus or H100_NIC_BUS
    out = []
    t = boot + timedelta(seconds=0.0)
    lines = [
        "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-054) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP",
        "Command line: BOOT_IMAGE=/vmlinuz-5.15.0-105-generic root=UUID=4f1c2d9e ro iommu=pt pci=realloc=off",
        "DMI: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 11/23/2023",
        "ACPI: SRAT 0x000000006F7E2000 0004B0 (v03 SUPERM SMCI--MB 01072009 AMI  01000013)",
        "Memory: 2113263848K/2146960076K available",
        "EDAC MC: Ver: 3.0.0",
        "EDAC i10nm: v0.0.5",
        "mlx5_core 0000:%s:00.0: firmware version: 28.39.1002" % nic_bus[0],
        "nvidia: loading out-of-tree module taints kernel.",
        f"NVRM: loading NVIDIA UNIX x86_64 Kernel Module  {driver}  Release Build  (dvs-builder@U16-I3-B08-1-1)",
        "nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000",
        "nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint.",
        "nvidia-peermem nv_mem_client_init:1058 Registering nvidia-peermem",
        "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.",
        "IPv6: ADDRCONF(NETDEV_CHANGE): eno8303: link becomes ready",
    ]
    for ln in lines:
        t += timedelta(seconds=rng.uniform(0.05, 1.4))
        out.append(kmsg(boot, t, ln))
    for i, n in enumerate(nics):
        t += timedelta(seconds=rng.uniform(0.3, 0.9))
        out.append(kmsg(boot, t, f"mlx5_core 0000:{nic_bus[i % len(nic_bus)]}:00.0 {n}: Port: 1 Link INIT"))
        t += timedelta(seconds=rng.uniform(2.0, 6.0))
        out.append(kmsg(boot, t, f"mlx5_core 0000:{nic_bus[i % len(nic_bus)]}:00.0 {n}: Port: 1 Link ACTIVE"))
    t += timedelta(seconds=rng.uniform(5, 20))
    out.append(kmsg(boot, t, "Lustre: Lustre: Build Version: 2.15.4"))
    t += timedelta(seconds=rng.uniform(1, 3))
    out.append(kmsg(boot, t, "Lustre: Mounted lustre-client"))
    return out, t


def periodic_noise(boot, start, end, host, rng, every=900):
    out = []
    t = start
    msgs = [
        "audit: type=1400 audit(%d.%03d:%d): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd.activate\" name=\"/proc/sys/kernel/osrelease\" pid=%d comm=\"snap-exec\"",
        "perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
        "nfs: server home-nfs01 OK",
        "workqueue: drm_fb_helper_damage_work hogged CPU for >10000us 4 times, consider switching to WQ_UNBOUND",
        "IPVS: rr: TCP 10.96.0.1:443 - no destination available",
    ]
    while True:
        t = t + timedelta(seconds=rng.uniform(every * 0.5, every * 1.5))
        if t >= end:
            break
        m = rng.choice(msgs)
        if "%d" in m:
            m = m % (int(t.timestamp()), rng.randint(0, 999), rng.randint(100, 999), rng.randint(1000, 99999))
        out.append(kmsg(boot, t, m))
    return out


# ---------------------------------------------------------------- torchrun / elastic
TORCH_SITE = "/opt/venv/lib/python3.10/site-packages"


def torchrun_header(t, pid, nnodes, nproc, rdzv, script="train.py", max_restarts=0):
    lines = []
    lines.append(elastic("W", t, pid, "torch/distributed/run.py:779", ""))
    lines.append("*****************************************")
    lines.append("Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")
    lines.append("*****************************************")
    return lines


def childfailed(script, host, t_root, root, others, site=TORCH_SITE, torchrun="/opt/venv/bin/torchrun"):
    """root: (rank, local_rank, exitcode, pid, traceback_text); others: list of same."""
    lines = [
        "Traceback (most recent call last):",
        f'  File "{torchrun}", line 8, in <module>',
        "    sys.exit(main())",
        f'  File "{site}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
        "    return f(*args, **kwargs)",
        f'  File "{site}/torch/distributed/run.py", line 919, in main',
        "    run(args)",
        f'  File "{site}/torch/distributed/run.py", line 910, in run',
        "    elastic_launch(",
        f'  File "{site}/torch/distributed/launcher/api.py", line 138, in __call__',
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        f'  File "{site}/torch/distributed/launcher/api.py", line 269, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        f"{script} FAILED",
        "------------------------------------------------------------",
    ]
    if others:
        lines.append("Failures:")
        for i, (rk, lr, ec, pid, tb) in enumerate(others, 1):
            lines += [
                f"[{i}]:",
                f"  time      : {t_root:%Y-%m-%d_%H:%M:%S}",
                f"  host      : {host}",
                f"  rank      : {rk} (local_rank: {lr})",
                f"  exitcode  : {ec} (pid: {pid})",
                "  error_file: <N/A>",
                f"  traceback : {tb}",
            ]
        lines.append("------------------------------------------------------------")
    else:
        lines.append("Failures:")
        lines.append("  <NO_OTHER_FAILURES>")
        lines.append("------------------------------------------------------------")
    rk, lr, ec, pid, tb = root
    lines += [
        "Root Cause (first observed failure):",
        "[0]:",
        f"  time      : {t_root:%Y-%m-%d_%H:%M:%S}",
        f"  host      : {host}",
        f"  rank      : {rk} (local_rank: {lr})",
        f"  exitcode  : {ec} (pid: {pid})",
        "  error_file: <N/A>",
        f"  traceback : {tb}",
        "============================================================",
    ]
    return lines


TB_HINT = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"


def sigterm_tb(pid):
    return f"Signal 15 (SIGTERM) received by PID {pid}"


def nccl_init_lines(host, pid, tid, local, rank, nranks, bus, version="2.20.5+cuda12.4", oob="ib0", ip="10.10.0.1",
                    nics=("mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5"), rng=None, with_version=False):
    p = f"{host}:{pid}:{pid} [{local}]"
    q = f"{host}:{pid}:{tid} [{local}]"
    out = []
    if with_version:
        out.append(f"NCCL version {version}")
    out.append(f"{p} NCCL INFO Bootstrap : Using {oob}:{ip}<0>")
    out.append(f"{p} NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)")
    nic_s = " ".join(f"[{i}]{n}:1/IB" for i, n in enumerate(nics))
    out.append(f"{q} NCCL INFO NET/IB : Using {nic_s} [RO]; OOB {oob}:{ip}<0>")
    out.append(f"{q} NCCL INFO Using non-device net plugin version 0")
    out.append(f"{q} NCCL INFO Using network IB")
    comm = (0x7f3a00000000 + rank * 0x1000 + (rng.randint(0, 0xfff) if rng else 0))
    out.append(f"{q} NCCL INFO comm 0x{comm:x} rank {rank} nranks {nranks} cudaDev {local} nvmlDev {local} busId {bus}000 commId 0x5e1f7a3c9b2d4e60 - Init START")
    out.append(f"{q} NCCL INFO comm 0x{comm:x} rank {rank} nranks {nranks} cudaDev {local} nvmlDev {local} busId {bus}000 commId 0x5e1f7a3c9b2d4e60 - Init COMPLETE")
    return out


def cuda_err_tb(rank, msg, site=TORCH_SITE, frames=None):
    """A '[rankN]: ' prefixed RuntimeError traceback for a CUDA error."""
    frames = frames or [
        ("/workspace/train.py", 412, "<module>", "main(cfg)"),
        ("/workspace/train.py", 377, "main", "loss = train_step(model, batch, optimizer, scaler)"),
        ("/workspace/train.py", 241, "train_step", "loss.backward()"),
        (f"{site}/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
        (f"{site}/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
        (f"{site}/torch/autograd/graph.py", 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
    ]
    out = [f"[rank{rank}]: Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(f'[rank{rank}]:   File "{f}", line {ln}, in {fn}')
        out.append(f"[rank{rank}]:     {code}")
    out.append(f"[rank{rank}]: RuntimeError: CUDA error: {msg}")
    out.append(f"[rank{rank}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.")
    out.append(f"[rank{rank}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1")
    out.append(f"[rank{rank}]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
    out.append(f"[rank{rank}]: ")
    return out


def watchdog_timeout(rank, t, seq, op, numel, timeout_ms, ran_ms, pg="0(default_pg)", last_enq=None, last_comp=None):
    last_enq = seq if last_enq is None else last_enq
    last_comp = seq - 1 if last_comp is None else last_comp
    pgid = pg.split("(")[0]
    return [
        c10d(rank, "E", t, "ProcessGroupNCCL.cpp:616", f"[Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out."),
        c10d(rank, "E", t + timedelta(microseconds=2100), "ProcessGroupNCCL.cpp:1785", f"[PG ID {pgid} PG GUID {pg} Rank {rank}] Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_comp}."),
        c10d(rank, "E", t + timedelta(microseconds=2400), "ProcessGroupNCCL.cpp:630", f"[Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."),
        c10d(rank, "E", t + timedelta(microseconds=2600), "ProcessGroupNCCL.cpp:636", f"[Rank {rank}] To avoid data inconsistency, we are taking the entire process down."),
    ]


def watchdog_terminate(rank, t, reason, cuda=False):
    origin = ("Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):"
              if cuda else "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):")
    f1 = ("frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f4b2e384d10 in /opt/venv/lib/python3.10/site-packages/torch/lib/libc10.so)"
          if cuda else "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f4ae14a48d2 in /opt/venv/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)")
    return [
        c10d(rank, "E", t, "ProcessGroupNCCL.cpp:1595", f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with exception: {reason}"),
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with exception: {reason}",
        origin,
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f4b2e3d5f86 in /opt/venv/lib/python3.10/site-packages/torch/lib/libc10.so)",
        f1,
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f4ae14ab313 in /opt/venv/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f4ae14ad6fc in /opt/venv/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: <unknown function> + 0xdc253 (0x7f4b2ee5a253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f4b30d02ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: <unknown function> + 0x126850 (0x7f4b30d94850 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
    ]


# ---------------------------------------------------------------- nvidia-smi
def smi_table(t, gpus, driver="535.161.08", cuda="12.2", name="NVIDIA H100 80GB HBM3", procs=()):
    """gpus: list of dict(bus, temp, pwr, cap, mem_used, mem_total, util, perf, ecc)"""
    out = [
        f"{t:%a %b} {t.day:2d} {t:%H:%M:%S %Y}       ",
        "+---------------------------------------------------------------------------------------+",
        f"| NVIDIA-SMI {driver}             Driver Version: {driver}   CUDA Version: {cuda}     |",
        "|-----------------------------------------+----------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
        "|                                         |                      |               MIG M. |",
        "|=========================================+======================+======================|",
    ]
    short = name.replace("NVIDIA ", "")[:20]
    for i, g in enumerate(gpus):
        out.append(f"| {i:3d}  {short:<20s}           On  | 00000000:{g['bus'].upper()}:00.0 Off |{g.get('ecc', 0):>21} |")
        out.append(f"| N/A   {g['temp']:2d}C    {g.get('perf', 'P0')}            {g['pwr']:4d}W / {g.get('cap', 700)}W | {g['mem_used']:6d}MiB / {g.get('mem_total', 81559)}MiB | {g['util']:4d}%      Default |")
        out.append("|                                         |                      |             Disabled |")
        out.append("+-----------------------------------------+----------------------+----------------------+")
    out += [
        "                                                                                         ",
        "+---------------------------------------------------------------------------------------+",
        "| Processes:                                                                            |",
        "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
        "|        ID   ID                                                             Usage      |",
        "|=======================================================================================|",
    ]
    if not procs:
        out.append("|  No running processes found                                                           |")
    for gi, pid, pname, mem in procs:
        out.append(f"|  {gi:4d}   N/A  N/A  {pid:9d}      C   {pname:<38s}{mem:6d}MiB |")
    out.append("+---------------------------------------------------------------------------------------+")
    return out


def smi_q_gpu(bus, idx, name="NVIDIA H100 80GB HBM3", serial="1654123456789", temp=38, sm_clock=1980, max_clock=1980,
              power=112.0, thermal=False, sw_power=False, hw_slow=False, vol_dbe=0, agg_dbe=0, vol_sbe=0, agg_sbe=0,
              remap_corr=0, remap_unc=0, remap_pending="No", remap_failure="No", mem_used=0, pstate="P0",
              procs=(), util=0, uuid=None, retired_note=None):
    uuid = uuid or f"GPU-{(int(bus, 16) * 2654435761) & 0xffffffff:08x}-5e1a-{idx:04x}-9c3d-1a2b3c4d5e{idx:02x}"
    a = lambda b: "Active" if b else "Not Active"
    out = [
        f"GPU 00000000:{bus.upper()}:00.0",
        f"    Product Name                          : {name}",
        "    Product Brand                         : NVIDIA",
        "    Product Architecture                  : Hopper" if "H100" in name else "    Product Architecture                  : Ampere",
        "    Persistence Mode                      : Enabled",
        f"    Serial Number                         : {serial}",
        f"    GPU UUID                              : {uuid}",
        f"    Minor Number                          : {idx}",
        "    Performance State                     : " + pstate,
        "    Clocks Event Reasons",
        "        Idle                              : Not Active",
        "        Applications Clocks Setting       : Not Active",
        f"        SW Power Cap                      : {a(sw_power)}",
        f"        HW Slowdown                       : {a(hw_slow or thermal)}",
        f"            HW Thermal Slowdown           : {a(thermal)}",
        "            HW Power Brake Slowdown       : Not Active",
        "        Sync Boost                        : Not Active",
        "        SW Thermal Slowdown               : Not Active",
        "        Display Clock Setting             : Not Active",
        "    FB Memory Usage",
        "        Total                             : 81559 MiB",
        "        Reserved                          : 328 MiB",
        f"        Used                              : {mem_used} MiB",
        f"        Free                              : {81559 - 328 - mem_used} MiB",
        "    Utilization",
        f"        Gpu                               : {util} %",
        f"        Memory                            : {max(0, util - 20)} %",
        "    ECC Errors",
        "        Volatile",
        f"            SRAM Correctable              : 0",
        f"            SRAM Uncorrectable Parity     : 0",
        f"            SRAM Uncorrectable SEC-DED    : 0",
        f"            DRAM Correctable              : {vol_sbe}",
        f"            DRAM Uncorrectable            : {vol_dbe}",
        "        Aggregate",
        f"            SRAM Correctable              : 0",
        f"            SRAM Uncorrectable Parity     : 0",
        f"            SRAM Uncorrectable SEC-DED    : 0",
        f"            DRAM Correctable              : {agg_sbe}",
        f"            DRAM Uncorrectable            : {agg_dbe}",
        "    Retired Pages",
        "        Single Bit ECC                    : N/A",
        "        Double Bit ECC                    : N/A",
        "        Pending Page Blacklist            : N/A",
        "    Remapped Rows",
        f"        Correctable Error                 : {remap_corr}",
        f"        Uncorrectable Error               : {remap_unc}",
        f"        Pending                           : {remap_pending}",
        f"        Remapping Failure Occurred        : {remap_failure}",
        "        Bank Remap Availability Histogram",
        "            Max                           : 2560 bank(s)",
        "            High                          : 0 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)",
        "    Temperature",
        f"        GPU Current Temp                  : {temp} C",
        "        GPU T.Limit Temp                  : N/A",
        "        GPU Shutdown Temp                 : 92 C",
        "        GPU Slowdown Temp                 : 87 C",
        "        GPU Max Operating Temp            : 85 C",
        f"        Memory Current Temp               : {temp + 6} C",
        "    GPU Power Readings",
        f"        Power Draw                        : {power:.2f} W",
        "        Current Power Limit               : 700.00 W",
        "    Clocks",
        f"        Graphics                          : {sm_clock} MHz",
        f"        SM                                : {sm_clock} MHz",
        "        Memory                            : 2619 MHz",
        "    Max Clocks",
        f"        Graphics                          : {max_clock} MHz",
        f"        SM                                : {max_clock} MHz",
        "        Memory                            : 2619 MHz",
        "    Processes",
    ]
    if not procs:
        out.append("        None")
    for pid, pname, mem in procs:
        out += [
            "        GPU instance ID                   : N/A",
            "        Compute instance ID               : N/A",
            f"        Process ID                        : {pid}",
            "            Type                          : C",
            f"            Name                          : {pname}",
            f"            Used GPU Memory               : {mem} MiB",
        ]
    out.append("")
    return out


def smi_q_header(t, n, driver="535.161.08", cuda="12.2"):
    return [
        "",
        "==============NVSMI LOG==============",
        "",
        f"Timestamp                                 : {t:%a %b} {t.day:2d} {t:%H:%M:%S %Y}",
        f"Driver Version                            : {driver}",
        f"CUDA Version                              : {cuda}",
        "",
        f"Attached GPUs                             : {n}",
    ]


def ibstat(cas, fw="28.39.1002", ca_type="MT4129"):
    """cas: list of (name, state, phys, rate, guid_suffix)"""
    out = []
    for name, state, phys, rate, g in cas:
        guid = f"0x946dae0300{g:06x}"
        out += [
            f"CA '{name}'",
            f"\tCA type: {ca_type}",
            "\tNumber of ports: 1",
            f"\tFirmware version: {fw}",
            "\tHardware version: 0",
            f"\tNode GUID: {guid}",
            f"\tSystem image GUID: {guid}",
            "\tPort 1:",
            f"\t\tState: {state}",
            f"\t\tPhysical state: {phys}",
            f"\t\tRate: {rate}",
            f"\t\tBase lid: {65535 if state == 'Down' else 100 + (g % 900)}",
            "\t\tLMC: 0",
            "\t\tSM lid: 1",
            "\t\tCapability mask: 0xa751e848",
            f"\t\tPort GUID: {guid}",
            "\t\tLink layer: InfiniBand",
        ]
    return out


def sacct(rows, header=("JobID", "JobName", "Partition", "Account", "AllocCPUS", "State", "ExitCode")):
    widths = [max(len(h), 10) if h != "JobID" else 16 for h in header]
    for r in rows:
        for i, c in enumerate(r):
            widths[i] = max(widths[i], len(str(c)))
    fmt = " ".join("{:>%d}" % w if i else "{:<%d}" % w for i, w in enumerate(widths))
    out = [fmt.format(*header), " ".join("-" * w for w in widths)]
    for r in rows:
        out.append(fmt.format(*[str(c) for c in r]))
    return out


def join(lines):
    return "\n".join(lines) + "\n"


def merge_sorted(*streams):
    """streams: iterables of (datetime, order, text); returns text lines sorted by time."""
    allv = []
    for s in streams:
        allv.extend(s)
    allv.sort(key=lambda x: (x[0], x[1]))
    return [x[2] for x in allv]


def loss_curve(rng, n, start=7.8, end=2.4, noise=0.03):
    vals = []
    for i in range(n):
        frac = i / max(1, n - 1)
        v = end + (start - end) * (1 - frac) ** 2.2
        vals.append(v * (1 + rng.uniform(-noise, noise)))
    return vals
