"""Shared helpers for corpus_set65: timestamp formats and log-noise generators.

Everything here is deterministic: callers pass a seeded ``random.Random``.
Python stdlib only.
"""

from __future__ import annotations

import datetime as dt
import random

UTC = dt.UTC


def tz(hours: float) -> dt.timezone:
    return dt.timezone(dt.timedelta(hours=hours))


def at(base: dt.datetime, secs: float) -> dt.datetime:
    return base + dt.timedelta(seconds=secs)


# ---------------------------------------------------------------- timestamps


def glog(t: dt.datetime, level: str = "E", nanos: bool = False) -> str:
    frac = f"{t.microsecond:06d}"
    if nanos:
        frac += f"{(t.microsecond * 7919 + t.second * 31 + t.minute * 17) % 1000:03d}"
    return f"{level}{t:%m%d %H:%M:%S}.{frac}"


def pyts(t: dt.datetime) -> str:
    return f"{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}"


def dmesg_T(t: dt.datetime) -> str:
    day = f"{t.day:2d}"
    return f"[{t:%a %b} {day} {t:%H:%M:%S %Y}]"


def uptime(boot: dt.datetime, t: dt.datetime) -> str:
    return f"[{(t - boot).total_seconds():12.6f}]"


def iso(t: dt.datetime) -> str:
    return t.isoformat(timespec="microseconds")


def syslog(t: dt.datetime) -> str:
    day = f"{t.day:2d}"
    return f"{t:%b} {day} {t:%H:%M:%S}"


def epoch(t: dt.datetime) -> str:
    return f"{t.timestamp():.3f}"


def elastic(t: dt.datetime) -> str:
    return f"[{pyts(t)}]"


# ---------------------------------------------------------------- NCCL noise


def hexid(rng: random.Random, n: int = 16) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


BUS_IDS = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]


def nccl_init(
    host: str,
    pid0: int,
    rank0: int,
    nlocal: int,
    nranks: int,
    ip: str,
    rng: random.Random,
    version: str = "2.19.3+cuda12.3",
    ifname: str = "eth0",
    hcas: tuple = ("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"),
    channels: int = 4,
    link: str = "IB",
    plugin_line: bool = True,
    comm: str | None = None,
) -> list[str]:
    """NCCL_DEBUG=INFO initialisation flood for the local ranks of one node."""
    out: list[str] = []
    commid = "0x" + hexid(rng)
    hca_s = " ".join(f"[{i}]{h}:1/{link}" for i, h in enumerate(hcas))
    for lr in range(nlocal):
        pid = pid0 + lr
        p = f"{host}:{pid}:{pid} [{lr}]"
        out.append(f"{p} NCCL INFO Bootstrap : Using {ifname}:{ip}<0>")
        if plugin_line:
            out.append(f"{p} NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)")
            out.append(
                f"{p} NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so"
            )
            out.append(f"{p} NCCL INFO NET/Plugin: Using internal network plugin.")
        out.append(f"{p} NCCL INFO cudaDriverVersion 12040")
        if rank0 + lr == 0:
            out.append(f"NCCL version {version}")
    for lr in range(nlocal):
        pid = pid0 + lr
        tid = pid + 60 + lr
        r = rank0 + lr
        p = f"{host}:{pid}:{tid} [{lr}]"
        ptr = "0x" + hexid(rng, 8)
        out.append(f"{p} NCCL INFO NET/IB : Using {hca_s} ; OOB {ifname}:{ip}<0>")
        out.append(f"{p} NCCL INFO Using network IB")
        out.append(
            f"{p} NCCL INFO comm {ptr} rank {r} nranks {nranks} cudaDev {lr} nvmlDev {lr} busId {BUS_IDS[lr % 8]} commId {commid} - Init START"
        )
        out.append(
            f"{p} NCCL INFO Setting affinity for GPU {lr} to {'ffffffff,00000000' if lr < 4 else '00000000,ffffffff'}"
        )
        for c in range(channels):
            prev = (r - 1) % nranks
            nxt = (r + 1) % nranks
            if lr == 0:
                out.append(
                    f"{p} NCCL INFO Channel {c:02d}/0 : {prev}[{(prev % nlocal)}] -> {r}[{lr}] [receive] via NET/IB/{c % len(hcas)}"
                )
            else:
                out.append(
                    f"{p} NCCL INFO Channel {c:02d}/0 : {prev}[{lr - 1}] -> {r}[{lr}] via P2P/IPC/read"
                )
            if lr == nlocal - 1:
                out.append(
                    f"{p} NCCL INFO Channel {c:02d}/0 : {r}[{lr}] -> {nxt}[0] [send] via NET/IB/{c % len(hcas)}"
                )
        out.append(f"{p} NCCL INFO Connected all rings")
        out.append(f"{p} NCCL INFO Connected all trees")
        out.append(f"{p} NCCL INFO threadThresholds 8/8/64 | {nranks * 8}/8/64 | 512 | 512")
        out.append(
            f"{p} NCCL INFO {channels * 2} coll channels, 0 collnet channels, 0 nvls channels, {channels * 2} p2p channels, {channels * 2} p2p channels per peer"
        )
        out.append(
            f"{p} NCCL INFO comm {ptr} rank {r} nranks {nranks} cudaDev {lr} nvmlDev {lr} busId {BUS_IDS[lr % 8]} commId {commid} - Init COMPLETE"
        )
    return out


# ---------------------------------------------------------------- launcher noise


def torchrun_banner(
    t: dt.datetime, nnodes: int, nproc: int, endpoint: str, rdzv_id: str, style: str = "new"
) -> list[str]:
    if style == "old":
        return [
            "*****************************************",
            "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
            "*****************************************",
        ]
    return [
        f"W{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/run.py:793] ",
        f"W{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/run.py:793] *****************************************",
        f"W{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
        f"W{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/run.py:793] *****************************************",
        f"I{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/launcher/api.py:188] Starting elastic_operator with launch configs:",
        f"I{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/launcher/api.py:188]   entrypoint       : train.py",
        f"I{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/launcher/api.py:188]   min_nodes        : {nnodes}",
        f"I{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/launcher/api.py:188]   max_nodes        : {nnodes}",
        f"I{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/launcher/api.py:188]   nproc_per_node   : {nproc}",
        f"I{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/launcher/api.py:188]   run_id           : {rdzv_id}",
        f"I{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/launcher/api.py:188]   rdzv_backend     : c10d",
        f"I{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/launcher/api.py:188]   rdzv_endpoint    : {endpoint}",
        f"I{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/launcher/api.py:188]   rdzv_configs     : {{'timeout': 900}}",
        f"I{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/launcher/api.py:188]   max_restarts     : 0",
        f"I{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/launcher/api.py:188]   monitor_interval : 0.1",
        f"I{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/launcher/api.py:188]   log_dir          : /tmp/torchelastic_{rdzv_id[:6]}",
        f"I{t:%m%d %H:%M:%S}.{t.microsecond:06d} 1 torch/distributed/launcher/api.py:188]   metrics_cfg      : {{}}",
    ]


def child_failed(
    t: dt.datetime,
    host: str,
    failures: list[tuple],
    script: str = "train.py",
    torch_site: str = "/usr/local/lib/python3.10/dist-packages",
) -> list[str]:
    """ChildFailedError summary. failures: (rank, local_rank, exitcode, pid, traceback-text)."""
    out = [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        f'  File "{torch_site}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
        "    return f(*args, **kwargs)",
        f'  File "{torch_site}/torch/distributed/run.py", line 919, in main',
        "    run(args)",
        f'  File "{torch_site}/torch/distributed/run.py", line 910, in run',
        "    elastic_launch(",
        f'  File "{torch_site}/torch/distributed/launcher/api.py", line 138, in __call__',
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        f'  File "{torch_site}/torch/distributed/launcher/api.py", line 269, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        f"{script} FAILED",
        "------------------------------------------------------------",
        "Failures:",
    ]
    ts = f"{t:%Y-%m-%d_%H:%M:%S}"

    def block(i, f):
        rank, lr, code, pid, tb = f
        return [
            f"[{i}]:",
            f"  time      : {ts}",
            f"  host      : {host}",
            f"  rank      : {rank} (local_rank: {lr})",
            f"  exitcode  : {code} (pid: {pid})",
            "  error_file: <N/A>",
            f"  traceback : {tb}",
        ]

    if len(failures) == 1:
        out.append("  <NO_OTHER_FAILURES>")
    else:
        for i, f in enumerate(failures[1:], 1):
            out += block(i, f)
    out += [
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
    ]
    out += block(0, failures[0])
    out.append("============================================================")
    return out


def sig_tb(code: int) -> str:
    names = {
        -6: "Signal 6 (SIGABRT)",
        -9: "Signal 9 (SIGKILL)",
        -15: "Signal 15 (SIGTERM)",
        -7: "Signal 7 (SIGBUS)",
        -4: "Signal 4 (SIGILL)",
        -11: "Signal 11 (SIGSEGV)",
    }
    return names[code] + " received by PID {pid}"


def watchdog_timeout(
    t: dt.datetime,
    rank: int,
    seq: int,
    op: str,
    numel: int,
    numel_out: int | None = None,
    timeout_ms: int = 600000,
    ran_ms: int | None = None,
    pg: str = "0 PG GUID 0(default_pg)",
    last_enq: int | None = None,
    last_done: int | None = None,
) -> list[str]:
    numel_out = numel if numel_out is None else numel_out
    ran_ms = timeout_ms + 17 + rank * 3 if ran_ms is None else ran_ms
    last_enq = seq + 2 if last_enq is None else last_enq
    last_done = seq - 1 if last_done is None else last_done
    g = glog(t, "E", nanos=True)
    return [
        f"[rank{rank}]:[{g} ProcessGroupNCCL.cpp:616] [Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel_out}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out.",
        f"[rank{rank}]:[{g} ProcessGroupNCCL.cpp:1785] [PG ID {pg} Rank {rank}] Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_done}.",
        f"[rank{rank}]:[{g} ProcessGroupNCCL.cpp:1834] [PG ID {pg} Rank {rank}] Timeout at NCCL work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_done}.",
        f"[rank{rank}]:[{g} ProcessGroupNCCL.cpp:630] [Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        f"[rank{rank}]:[{g} ProcessGroupNCCL.cpp:636] [Rank {rank}] To avoid data inconsistency, we are taking the entire process down.",
    ]


def watchdog_terminate(
    rank: int, msg: str, site: str = "/usr/local/lib/python3.10/dist-packages/torch/lib"
) -> list[str]:
    return [
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [PG ID 0 PG GUID 0(default_pg) Rank {rank}] {msg}",
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3a1c96c446 in {site}/libc10.so)",
        f"frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f39c8a4a772 in {site}/libtorch_cuda.so)",
        f"frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f39c8a511b3 in {site}/libtorch_cuda.so)",
        f"frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f39c8a52b9d in {site}/libtorch_cuda.so)",
        "frame #4: <unknown function> + 0xdc253 (0x7f3a1d6b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f3a1e2d2ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: clone + 0x44 (0x7f3a1e363a04 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
    ]


def megatron_iter(
    t: dt.datetime,
    it: int,
    total: int,
    ms: float,
    lr: float,
    gbs: int,
    loss: float,
    gnorm: float | str,
    skipped: int = 0,
    nan: int = 0,
    consumed: int | None = None,
    scale: str = "1.0",
) -> str:
    consumed = it * gbs if consumed is None else consumed
    g = gnorm if isinstance(gnorm, str) else f"{gnorm:.3f}"
    return (
        f" [{t:%Y-%m-%d %H:%M:%S}] iteration {it:>8d}/{total:>8d} | consumed samples: {consumed:>12d} | "
        f"elapsed time per iteration (ms): {ms:.1f} | learning rate: {lr:.6E} | global batch size: {gbs:>5d} | "
        f"lm loss: {loss:.6E} | loss scale: {scale} | grad norm: {g} | number of skipped iterations: {skipped:>3d} | "
        f"number of nan iterations: {nan:>3d} |"
    )


def titan_step(
    t: dt.datetime,
    rank: int,
    step: int,
    loss: float,
    mem: float,
    pct: float,
    tps: int,
    tflops: float,
    mfu: float,
) -> str:
    return (
        f"[rank{rank}]:[titan] {pyts(t)} - root - INFO - step: {step:>4d}  loss: {loss:7.4f}  "
        f"memory: {mem:5.2f}GiB({pct:.2f}%)  tps: {tps:,}  tflops: {tflops:.2f}  mfu: {mfu:.2f}%"
    )


def tqdm_bar(done: int, total: int, elapsed_s: float, rate_s_it: float, extra: str = "") -> str:
    pct = int(100 * done / total)
    filled = int(10 * done / total)
    bar = "█" * filled + " " * (10 - filled)

    def fmt(s):
        s = int(s)
        h, r = divmod(s, 3600)
        m, s2 = divmod(r, 60)
        return f"{h}:{m:02d}:{s2:02d}" if h else f"{m:02d}:{s2:02d}"

    rem = (total - done) * rate_s_it
    tail = f", {extra}" if extra else ""
    return (
        f"{pct:3d}%|{bar}| {done}/{total} [{fmt(elapsed_s)}<{fmt(rem)}, {rate_s_it:5.2f}s/it{tail}]"
    )


def dmesg_boot_noise(fmt, rng: random.Random, host: str) -> list[str]:
    """A few benign kernel lines. fmt(offset_seconds)->prefix string."""
    lines = [
        (3.1, "nvidia: loading out-of-tree module taints kernel."),
        (3.2, "nvidia-nvlink: Nvlink Core is being initialized, major device number 507"),
        (
            3.9,
            "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024",
        ),
        (4.4, "nvidia-uvm: Loaded the UVM driver, major device number 505."),
        (5.0, "mlx5_core 0000:0c:00.0: firmware version: 28.39.1002"),
        (
            5.7,
            "mlx5_core 0000:0c:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 195312Mbps",
        ),
        (
            6.2,
            "mlx5_core 0000:0c:00.0: E-Switch: Total vports 2, per vport: max uc(128) max mc(2048)",
        ),
        (9.8, "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none."),
        (12.4, "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready"),
        (14.0, "nvidia-fs: loading out-of-tree module taints kernel."),
    ]
    return [f"{fmt(o + rng.random() * 0.2)} {m}" for o, m in lines]


def nvidia_smi_table(host_date: str, driver: str, cuda: str, gpus: list[dict]) -> list[str]:
    """gpus: dicts with name, bus, temp, perf, pwr, cap, mem_used, mem_tot, util, ecc."""
    out = [
        host_date,
        "+-----------------------------------------------------------------------------------------+",
        f"| NVIDIA-SMI {driver:<22} Driver Version: {driver:<14} CUDA Version: {cuda:<9}|",
        "|-----------------------------------------+------------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
        "|                                         |                        |               MIG M. |",
        "|=========================================+========================+======================|",
    ]
    for i, g in enumerate(gpus):
        c1 = f"   {i}  {g['name']}".ljust(37) + "On  "
        c2 = f"   {g['bus']} Off "
        c3 = f"{g.get('ecc', '0'):>21} "
        out.append(f"|{c1}|{c2}|{c3}|")
        d1 = f" N/A   {g['temp']:>2}C    {g['perf']}".ljust(
            26
        ) + f"{g['pwr']:>5}W /  {g['cap']}W ".rjust(15)
        d2 = f"{g['mem_used']:>9}MiB / {g['mem_tot']:>6}MiB "
        d3 = f"{g['util']:>8}%      Default "
        out.append(f"|{d1}|{d2[-24:].rjust(24)}|{d3}|")
        out.append(
            "|                                         |                        |             Disabled |"
        )
        out.append(
            "+-----------------------------------------+------------------------+----------------------+"
        )
    return out


def slurm_header(jobid: int, name: str, nodes: str, n: int, part: str = "gpu") -> list[str]:
    return [
        f"JobId={jobid} JobName={name}",
        f"   NumNodes={n} NumCPUs={n * 96} NumTasks={n} CPUs/Task=96",
        f"   Partition={part} NodeList={nodes}",
    ]
