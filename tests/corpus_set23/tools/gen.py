"""Log fragment generators in the formats public reports show.

Each function returns a list of lines. Nothing here knows about verdicts.
"""

import json

from common import (plus, st_c10, st_ctime, st_glog, st_pylog, st_bracket)


# --------------------------------------------------------------------------
# NCCL
# --------------------------------------------------------------------------

def nccl_init(host, pid, dev, rank, nranks, *, rng, version="2.21.5+cuda12.4",
              oob="ib0:10.10.0.11<0>", hcas=None, plugin=None, gdr=True,
              print_version=None, net_name="IB", commid="0x5c1e9b27d3a04f11",
              busid=None, cuda_drv="12040", complete=True):
    """NCCL_DEBUG=INFO lines a rank prints while its first communicator comes up."""
    tid = pid + rng.randint(60, 400)
    busid = busid or ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"][dev % 8]
    hcas = hcas or "[0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB"
    p = f"{host}:{pid}:{pid} [{dev}]"
    q = f"{host}:{pid}:{tid} [{dev}]"
    comm = f"0x{rng.randint(0x55d000000000, 0x55dfffffffff):x}"
    out = [f"{p} NCCL INFO Bootstrap : Using {oob}",
           f"{p} NCCL INFO cudaDriverVersion {cuda_drv}"]
    if print_version if print_version is not None else rank == 0:
        out.append(f"NCCL version {version}")
    if plugin:
        out += [f"{q} NCCL INFO Plugin Path : {plugin}",
                f"{q} NCCL INFO P2P plugin v8 IBext_v8"]
        netn = "IBext_v8"
    else:
        out.append(f"{q} NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.")
        netn = net_name
    out.append(f"{q} NCCL INFO NET/IB : Using {hcas} [RO]; OOB {oob}")
    out.append(f"{q} NCCL INFO Using network {netn}")
    out.append(f"{q} NCCL INFO ncclCommInitRank comm {comm} rank {rank} nranks {nranks} "
               f"cudaDev {dev} nvmlDev {dev} busId {busid} commId {commid} - Init START")
    if not gdr:
        for i in range(4):
            out.append(f"{q} NCCL INFO NET/IB : GPU Direct RDMA Disabled for HCA {i} 'mlx5_{[0, 3, 4, 5][i]}'")
    if complete:
        out.append(f"{q} NCCL INFO ncclCommInitRank comm {comm} rank {rank} nranks {nranks} "
                   f"cudaDev {dev} nvmlDev {dev} busId {busid} commId {commid} - Init COMPLETE")
    return out


# --------------------------------------------------------------------------
# torch.distributed / ProcessGroupNCCL
# --------------------------------------------------------------------------

def watchdog_timeout(rank, t, seq, op="ALLREDUCE", numel=1, timeout_ms=600000, over_ms=37,
                     last_enqueued=None, prefix=True, pg="0(default_pg)"):
    """ProcessGroupNCCL watchdog timeout block (torch 2.3/2.4 wording)."""
    last_enqueued = seq if last_enqueued is None else last_enqueued
    pre = f"[rank{rank}]:" if prefix else ""
    work = (f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, "
            f"Timeout(ms)={timeout_ms})")
    t2 = plus(t, 0.0004)
    t3 = plus(t, 0.0011)
    return [
        f"{pre}[{st_c10(t)} ProcessGroupNCCL.cpp:616] [Rank {rank}] Watchdog caught collective operation "
        f"timeout: {work} ran for {timeout_ms + over_ms} milliseconds before timing out.",
        f"{pre}[{st_c10(t2)} ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID {pg} Rank {rank}] Exception "
        f"(either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: "
        f"{last_enqueued}, last completed NCCL work: {seq - 1}.",
        f"{pre}[{st_c10(t2)} ProcessGroupNCCL.cpp:630] [Rank {rank}] Some NCCL operations have failed or "
        f"timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run "
        f"on corrupted/incomplete data.",
        f"{pre}[{st_c10(t2)} ProcessGroupNCCL.cpp:636] [Rank {rank}] To avoid data inconsistency, we are "
        f"taking the entire process down.",
        f"{pre}[{st_c10(t3)} ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID {pg} Rank {rank}] Process group "
        f"watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation "
        f"timeout: {work} ran for {timeout_ms + over_ms} milliseconds before timing out.",
        f"{pre}Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 "
        f"(most recent call first):",
        f"{pre}frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3a5d2b9446 in "
        f"/usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        f"{pre}frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration"
        f"<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f3a5e5a3772 in /usr/local/lib/python3.10/dist-"
        f"packages/torch/lib/libtorch_cuda.so)",
        f"{pre}frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3a5e5aa1b3 in "
        f"/usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        f"{pre}",
    ]


def remote_error(rank, t, version="2.21.5", peer="10.10.0.14<52311>", status=12, prefix=True,
                 where="../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970"):
    pre = f"[rank{rank}]:" if prefix else ""
    return [
        f"{pre}Traceback (most recent call last):",
        f"{pre}  File \"/workspace/train.py\", line 412, in <module>",
        f"{pre}    main()",
        f"{pre}  File \"/workspace/train.py\", line 377, in main",
        f"{pre}    loss = train_step(model, batch, optimizer)",
        f"{pre}  File \"/workspace/train.py\", line 241, in train_step",
        f"{pre}    dist.all_reduce(grad_norm_sq, group=dp_group)",
        f"{pre}torch.distributed.DistBackendError: NCCL error in: {where}, remote process exited or there "
        f"was a network error, NCCL version {version}",
        f"{pre}ncclRemoteError: A call failed possibly due to a network error or a remote process exiting "
        f"prematurely.",
        f"{pre}Last error:",
        f"{pre}NET/IB : Got completion from peer {peer} with status={status} opcode=0 len=0 vendor err 129 (Recv)",
    ]


def sigterm_lines(t, agent_pid, pids, api_line=897, style="glog"):
    out = []
    for i, pid in enumerate(pids):
        tt = plus(t, 0.0003 * i)
        if style == "glog":
            out.append(f"{st_glog(tt, 'W')} {agent_pid} torch/distributed/elastic/multiprocessing/api.py:"
                       f"{api_line}] Sending process {pid} closing signal SIGTERM")
        else:
            out.append(f"{st_pylog(tt)} torch.distributed.elastic.multiprocessing.api: [WARNING] Sending "
                       f"process {pid} closing signal SIGTERM")
    return out


def child_failed(script, host, t, failures, *, python="/usr/bin/python3", tb_frames=True):
    """torchrun's ChildFailedError report. failures: list of dicts with keys
    rank, local_rank, exitcode, pid and optionally time, error_file, traceback."""
    def block(idx, f):
        ft = f.get("time", t)
        ec = f["exitcode"]
        if "traceback" in f:
            tb = f["traceback"]
        elif ec < 0:
            signame = {-6: "SIGABRT", -9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV", -7: "SIGBUS"}.get(ec, "SIG")
            tb = f"Signal {-ec} ({signame}) received by PID {f['pid']}"
        else:
            tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        return [
            f"[{idx}]:",
            f"  time      : {ft:%Y-%m-%d_%H:%M:%S}",
            f"  host      : {host}",
            f"  rank      : {f['rank']} (local_rank: {f['local_rank']})",
            f"  exitcode  : {ec} (pid: {f['pid']})",
            f"  error_file: {f.get('error_file', '<N/A>')}",
            f"  traceback : {tb}",
        ]

    out = []
    if tb_frames:
        out += [
            "Traceback (most recent call last):",
            "  File \"/usr/local/bin/torchrun\", line 8, in <module>",
            "    sys.exit(main())",
            "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/"
            "errors/__init__.py\", line 348, in wrapper",
            "    return f(*args, **kwargs)",
            "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py\", line 901, in main",
            "    run(args)",
            "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py\", line 892, in run",
            "    elastic_launch(",
            "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py\", line 133, "
            "in __call__",
            "    return launch_agent(self._config, self._entrypoint, list(args))",
            "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py\", line 264, "
            "in launch_agent",
            "    raise ChildFailedError(",
        ]
    out.append("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    out.append("=" * 60)
    out.append(f"{script} FAILED")
    out.append("-" * 60)
    root, others = failures[0], failures[1:]
    out.append("Failures:")
    if not others:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(others, 1):
        out += block(i, f)
    out.append("-" * 60)
    out.append("Root Cause (first observed failure):")
    out += block(0, root)
    out.append("=" * 60)
    return out


def agent_failed_line(t, agent_pid, exitcode, local_rank, pid, python="/usr/bin/python3"):
    return (f"{st_glog(t, 'E')} {agent_pid} torch/distributed/elastic/multiprocessing/api.py:869] failed "
            f"(exitcode: {exitcode}) local_rank: {local_rank} (pid: {pid}) of binary: {python}")


def agent_start(t, agent_pid, nnodes, nproc, rdzv="c10d", endpoint="10.10.0.11:29500", run_id="job"):
    return [
        f"{st_glog(t, 'W')} {agent_pid} torch/distributed/run.py:793] ",
        f"{st_glog(t, 'W')} {agent_pid} torch/distributed/run.py:793] *****************************************",
        f"{st_glog(t, 'W')} {agent_pid} torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment "
        f"variable for each process to be 1 in default, to avoid your system being overloaded, please further "
        f"tune the variable for optimal performance in your application as needed. ",
        f"{st_glog(t, 'W')} {agent_pid} torch/distributed/run.py:793] *****************************************",
        f"{st_glog(plus(t, 0.2), 'I')} {agent_pid} torch/distributed/launcher/api.py:188] Starting elastic_operator "
        f"with launch configs:",
        f"{st_glog(plus(t, 0.2), 'I')} {agent_pid} torch/distributed/launcher/api.py:188]   entrypoint       : train",
        f"{st_glog(plus(t, 0.2), 'I')} {agent_pid} torch/distributed/launcher/api.py:188]   min_nodes        : {nnodes}",
        f"{st_glog(plus(t, 0.2), 'I')} {agent_pid} torch/distributed/launcher/api.py:188]   max_nodes        : {nnodes}",
        f"{st_glog(plus(t, 0.2), 'I')} {agent_pid} torch/distributed/launcher/api.py:188]   nproc_per_node   : {nproc}",
        f"{st_glog(plus(t, 0.2), 'I')} {agent_pid} torch/distributed/launcher/api.py:188]   run_id           : {run_id}",
        f"{st_glog(plus(t, 0.2), 'I')} {agent_pid} torch/distributed/launcher/api.py:188]   rdzv_backend     : {rdzv}",
        f"{st_glog(plus(t, 0.2), 'I')} {agent_pid} torch/distributed/launcher/api.py:188]   rdzv_endpoint    : {endpoint}",
        f"{st_glog(plus(t, 0.2), 'I')} {agent_pid} torch/distributed/launcher/api.py:188]   max_restarts     : 0",
    ]


# --------------------------------------------------------------------------
# training progress lines
# --------------------------------------------------------------------------

def megatron_iters(t0, it0, n, step_s, *, total=500000, gbs=1024, lr=2.7e-4, loss0=2.1,
                   rng, loss_fn=None, gnorm_fn=None, interval=1, seq=4096, skipped_fn=None,
                   nan_fn=None, time_fn=None):
    out = []
    t = t0
    for k in range(n):
        it = it0 + k * interval
        ms = step_s * 1000 * (1 + rng.uniform(-0.01, 0.01))
        if time_fn:
            ms = time_fn(k, ms)
        t = plus(t, ms / 1000 * interval)
        loss = loss_fn(k) if loss_fn else loss0 - 0.00002 * k + rng.uniform(-0.01, 0.01)
        gn = gnorm_fn(k) if gnorm_fn else 0.21 + rng.uniform(-0.03, 0.03)
        sk = skipped_fn(k) if skipped_fn else 0
        nn = nan_fn(k) if nan_fn else 0
        lstr = f"{loss:E}" if isinstance(loss, float) else loss
        gstr = f"{gn:.3f}" if isinstance(gn, float) else gn
        out.append(
            f" {st_bracket(t)} iteration {it:>8d}/{total:>8d} | consumed samples: {it * gbs:>12d} | "
            f"elapsed time per iteration (ms): {ms:.1f} | learning rate: {lr:.6E} | global batch size: "
            f"{gbs:>5d} | lm loss: {lstr} | loss scale: 1.0 | grad norm: {gstr} | number of skipped "
            f"iterations: {sk:>3d} | number of nan iterations: {nn:>3d} |")
    return out, t


def titan_steps(t0, s0, n, step_s, *, rng, rank=0, loss0=6.2, mem="61.42GiB(77.56%)", tps=7100,
                tflops=382.0, mfu=38.6, loss_fn=None, gn_fn=None, every=10, prefix=True):
    out = []
    t = t0
    for k in range(n):
        s = s0 + k * every
        t = plus(t, step_s * every * (1 + rng.uniform(-0.01, 0.01)))
        loss = loss_fn(k) if loss_fn else loss0 - 0.004 * k + rng.uniform(-0.02, 0.02)
        gn = gn_fn(k) if gn_fn else 0.6 + rng.uniform(-0.1, 0.1)
        tp = int(tps * (1 + rng.uniform(-0.01, 0.01)))
        tf = tflops * (1 + rng.uniform(-0.01, 0.01))
        mf = mfu * (1 + rng.uniform(-0.01, 0.01))
        pre = f"[rank{rank}]:" if prefix else ""
        lstr = f"{loss:7.4f}" if isinstance(loss, float) else f"{loss:>7}"
        gstr = f"{gn:7.4f}" if isinstance(gn, float) else f"{gn:>7}"
        out.append(f"{pre}[titan] {st_pylog(t)} - root - INFO - step: {s:>5d}  loss: {lstr}  grad_norm: "
                   f"{gstr}  memory: {mem}  tps: {tp:,}  tflops: {tf:.2f}  mfu: {mf:.2f}%")
    return out, t


# --------------------------------------------------------------------------
# GPU tooling output
# --------------------------------------------------------------------------

def nvsmi_q(t, gpus, *, driver="550.90.07", cuda="12.4", product="NVIDIA H100 80GB HBM3", rng):
    """nvidia-smi -q excerpt. gpus: list of dicts (bus, and optional overrides)."""
    out = ["", "==============NVSMI LOG==============", "",
           f"Timestamp                                 : {st_ctime(t)}",
           f"Driver Version                            : {driver}",
           f"CUDA Version                              : {cuda}", "",
           f"Attached GPUs                             : {len(gpus)}"]
    a100 = "A100" in product
    for i, g in enumerate(gpus):
        if g.get("lost"):
            out += [f"GPU {g['bus']}", f"    Product Name                          : {product}",
                    "    Product Brand                         : Unknown Error",
                    "    Display Mode                          : Unknown Error",
                    "    Persistence Mode                      : Unknown Error",
                    "    GPU UUID                              : Unknown Error",
                    "    Minor Number                          : Unknown Error",
                    "    Retired Pages / Remapped Rows         : Unknown Error",
                    "    GPU Recovery Action                   : " + g.get("recovery", "Unknown Error"),
                    ""]
            continue
        serial = g.get("serial", str(1650000000000 + rng.randint(0, 99999999)))
        uuid = g.get("uuid", "GPU-%08x-%04x-%04x-%04x-%012x" % (
            rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(16),
            rng.getrandbits(48)))
        vol = g.get("volatile", {})
        agg = g.get("aggregate", {})
        rr = g.get("remap", {})
        out += [f"GPU {g['bus']}",
                f"    Product Name                          : {product}",
                "    Product Brand                         : NVIDIA",
                "    Persistence Mode                      : Enabled",
                f"    Serial Number                         : {serial}",
                f"    GPU UUID                              : {uuid}",
                f"    Minor Number                          : {i}",
                "    MIG Mode",
                "        Current                           : Disabled",
                "        Pending                           : Disabled",
                f"    GPU Recovery Action                   : {g.get('recovery', 'None')}",
                "    PCI",
                f"        Bus Id                            : {g['bus']}",
                "        GPU Link Info",
                "            PCIe Generation",
                f"                Max                       : {g.get('pcie_max', 5)}",
                f"                Current                   : {g.get('pcie_cur', 5)}",
                "            Link Width",
                "                Max                       : 16x",
                f"                Current                   : {g.get('width', '16x')}",
                f"        Replays Since Reset               : {g.get('replays', 0)}",
                "    Performance State                     : " + g.get("pstate", "P0"),
                "    Clocks Event Reasons",
                "        Idle                              : Not Active",
                "        Applications Clocks Setting       : Not Active",
                "        SW Power Cap                      : " + g.get("swpower", "Not Active"),
                "        HW Slowdown                       : " + g.get("hwslow", "Not Active"),
                "        SW Thermal Slowdown               : Not Active",
                "    FB Memory Usage",
                f"        Total                             : {'81920' if not a100 else '81920'} MiB",
                f"        Used                              : {g.get('fb_used', 1)} MiB",
                "    Utilization",
                f"        Gpu                               : {g.get('util', 0)} %",
                f"        Memory                            : {g.get('mutil', 0)} %",
                "    ECC Mode",
                "        Current                           : Enabled",
                "        Pending                           : Enabled",
                "    ECC Errors",
                "        Volatile"]
        if a100:
            out += [f"            SRAM Correctable              : {vol.get('sram_ce', 0)}",
                    f"            SRAM Uncorrectable            : {vol.get('sram_ue', 0)}",
                    f"            DRAM Correctable              : {vol.get('dram_ce', 0)}",
                    f"            DRAM Uncorrectable            : {vol.get('dram_ue', 0)}",
                    "        Aggregate",
                    f"            SRAM Correctable              : {agg.get('sram_ce', 0)}",
                    f"            SRAM Uncorrectable            : {agg.get('sram_ue', 0)}",
                    f"            DRAM Correctable              : {agg.get('dram_ce', 0)}",
                    f"            DRAM Uncorrectable            : {agg.get('dram_ue', 0)}"]
        else:
            out += [f"            SRAM Correctable              : {vol.get('sram_ce', 0)}",
                    f"            SRAM Uncorrectable Parity     : {vol.get('sram_par', 0)}",
                    f"            SRAM Uncorrectable SEC-DED    : {vol.get('sram_ue', 0)}",
                    f"            DRAM Correctable              : {vol.get('dram_ce', 0)}",
                    f"            DRAM Uncorrectable            : {vol.get('dram_ue', 0)}",
                    "        Aggregate",
                    f"            SRAM Correctable              : {agg.get('sram_ce', 0)}",
                    f"            SRAM Uncorrectable Parity     : {agg.get('sram_par', 0)}",
                    f"            SRAM Uncorrectable SEC-DED    : {agg.get('sram_ue', 0)}",
                    f"            DRAM Correctable              : {agg.get('dram_ce', 0)}",
                    f"            DRAM Uncorrectable            : {agg.get('dram_ue', 0)}",
                    f"            SRAM Threshold Exceeded       : {agg.get('sram_thr', 'No')}"]
        out += ["    Retired Pages",
                "        Single Bit ECC                    : N/A",
                "        Double Bit ECC                    : N/A",
                "        Pending Page Blacklist            : N/A",
                "    Remapped Rows",
                f"        Correctable Error                 : {rr.get('ce', 0)}",
                f"        Uncorrectable Error               : {rr.get('ue', 0)}",
                f"        Pending                           : {rr.get('pending', 'No')}",
                f"        Remapping Failure Occurred        : {rr.get('failed', 'No')}",
                "        Bank Remap Availability Histogram",
                f"            Max                           : {rr.get('max', 2560 if not a100 else 640)} bank(s)",
                f"            High                          : {rr.get('high', 0)} bank(s)",
                f"            Partial                       : {rr.get('partial', 0)} bank(s)",
                f"            Low                           : {rr.get('low', 0)} bank(s)",
                f"            None                          : {rr.get('none', 0)} bank(s)",
                "    Temperature",
                f"        GPU Current Temp                  : {g.get('temp', 38 + rng.randint(0, 6))} C",
                "        GPU Shutdown Temp                 : 92 C",
                "        GPU Slowdown Temp                 : 89 C",
                "    GPU Power Readings",
                f"        Power Draw                        : {g.get('power', 71.0 + rng.randint(0, 30)):.2f} W",
                "        Current Power Limit               : 700.00 W",
                "    Clocks",
                f"        Graphics                          : {g.get('sm_clock', 345)} MHz",
                f"        SM                                : {g.get('sm_clock', 345)} MHz",
                "        Memory                            : 2619 MHz",
                "    Processes                             : " + ("None" if not g.get("procs") else "")]
        for pr in g.get("procs", []):
            out += [f"        GPU instance ID                   : N/A",
                    f"        Compute instance ID               : N/A",
                    f"        Process ID                        : {pr[0]}",
                    "            Type                          : C",
                    f"            Name                          : {pr[1]}",
                    f"            Used GPU Memory               : {pr[2]} MiB"]
        out.append("")
    return out


def nvsmi_table(t, rows, *, driver="550.90.07", cuda="12.4", name="NVIDIA H100 80GB HBM3", procs=()):
    """Default nvidia-smi table. rows: list of (bus, temp, perf, pwr, mem_used, util, ecc)."""
    out = [st_ctime(t),
           "+-----------------------------------------------------------------------------------------+",
           f"| NVIDIA-SMI {driver}              Driver Version: {driver}      CUDA Version: {cuda}     |",
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                        |               MIG M. |",
           "|=========================================+========================+======================|"]
    for i, (bus, temp, perf, pwr, mem, util, ecc) in enumerate(rows):
        nm = name[:23]
        out.append(f"| {i:>3}  {nm:<23}        On  |   {bus} Off |{ecc:>21} |")
        out.append(f"| N/A   {temp:>2}C    {perf:<3}          {pwr:>4}W /  700W |  {mem:>7}MiB /  81559MiB |"
                   f"  {util:>3}%      Default |")
        out.append("|                                         |                        |             Disabled |")
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out += ["", "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|=========================================================================================|"]
    if not procs:
        out.append("|  No running processes found                                                             |")
    for g, pid, pname, mem in procs:
        out.append(f"|  {g:>3}   N/A  N/A    {pid:>7}      C   {pname:<40}{mem:>7}MiB |")
    out.append("+-----------------------------------------------------------------------------------------+")
    return out


def dcgm_diag_json(gpu_ids, results, version="3.3.7", level=2):
    """dcgmi diag -r N -j. results: {test_name: {gpu_id: (status, info)}} for non-pass entries."""
    tests = {
        "Deployment": ["Denylist", "NVML Library", "CUDA Main Library", "Permissions and OS Blocks",
                       "Persistence Mode", "Environment Variables", "Page Retirement/Row Remap",
                       "Graphics Processes", "Inforom"],
        "Integration": ["PCIe"],
        "Hardware": ["GPU Memory"] + (["Diagnostic"] if level >= 3 else []),
        "Stress": ["Targeted Stress", "Targeted Power"] if level >= 3 else [],
    }
    cats = []
    for cat, names in tests.items():
        if not names:
            continue
        tlist = []
        for name in names:
            res = []
            per_gpu = name not in ("Denylist", "NVML Library", "CUDA Main Library",
                                   "Permissions and OS Blocks", "Environment Variables")
            if per_gpu:
                for g in gpu_ids:
                    st, info = results.get(name, {}).get(g, ("Pass", None))
                    r = {"gpu_id": str(g), "status": st}
                    if info:
                        r["info"] = info
                    res.append(r)
            else:
                st, info = results.get(name, {}).get("all", ("Pass", None))
                r = {"status": st}
                if info:
                    r["info"] = info
                res.append(r)
            tlist.append({"name": name, "results": res})
        cats.append({"category": cat, "tests": tlist})
    return json.dumps({"DCGM GPU Diagnostic": {"test_categories": cats, "version": version}}, indent=2).splitlines()


def df_h(rows):
    out = ["Filesystem                                   Size  Used Avail Use% Mounted on"]
    for fs, size, used, avail, pct, mnt in rows:
        out.append(f"{fs:<44} {size:>5} {used:>5} {avail:>5} {pct:>4} {mnt}")
    return out


def std_df(extra=()):
    rows = [("overlay", "1.8T", "412G", "1.3T", "24%", "/"),
            ("tmpfs", "64M", "0", "64M", "0%", "/dev"),
            ("/dev/nvme0n1p2", "1.8T", "412G", "1.3T", "24%", "/etc/hosts"),
            ("shm", "512G", "1.2G", "511G", "1%", "/dev/shm")]
    rows += list(extra)
    return df_h(rows)


def pyspy(pid, cmd, threads, python="3.10.12"):
    """threads: list of (tid, state, name, [frames])"""
    out = [f"Process {pid}: {cmd}", f"Python v{python} (/usr/bin/python3.10)", ""]
    for tid, state, name, frames in threads:
        out.append(f"Thread {tid} ({state}): \"{name}\"")
        for fr in frames:
            out.append(f"    {fr}")
        out.append("")
    return out
