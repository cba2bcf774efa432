"""Cases bt16-bt22."""

from random import Random

from common import (T, add, py_ts, iso, ctime, syslog, uptime, smi_date, hms, bar, gpu, nvsmi_q, nvsmi_table,
                    dmon_header, dmon_row, nccl_init, nccl_channels, torchrun_rdzv, child_failed, boot_dmesg,
                    watchdog_timeout, watchdog_tail, torch_glog, H100_BUS, A100_BUS)
from cases_a import megatron_line, megatron_args, ds_step_lines, nemo_bar, titan_line
from cases_b import composer_block


# =============================================================================================
def bt16():
    rng = Random(7516)
    name = "bt16_two_node_run_slower_than_single_node"
    nodes = ["dgx-a07", "dgx-a08"]
    ips = ["10.8.0.7", "10.8.0.8"]
    start = T("2024-03-05 16:22:40")
    files = {}
    L = []
    pids = {h: [31020 + ni * 511 + i for i in range(8)] for ni, h in enumerate(nodes)}
    for ni, h in enumerate(nodes):
        L += nccl_init(h, pids[h], ni, 16, start, ips[ni], bus=A100_BUS, version="2.18.5+cuda12.2",
                       socket_if="enp226s0")
    for ni, h in enumerate(nodes):
        for lr in range(8):
            pid = pids[h][lr]
            p = "%s:%d:%d [%d]" % (h, pid, pid + 91 + lr, lr)
            r = ni * 8 + lr
            for c in range(2):
                if lr == 7:
                    L.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[0] [send] via NET/IB/%d/GDRDMA" % (p, c, r, lr, (r + 1) % 16, c))
                else:
                    via = "P2P/IPC/read"
                    if h == "dgx-a08" and lr in (2, 3):
                        via = "SHM/direct/direct"
                    L.append("%s NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] via %s" % (p, c, r, lr, r + 1, lr + 1, via))
            L.append("%s NCCL INFO Connected all rings" % p)
            L.append("%s NCCL INFO comm 0x%x rank %d nranks 16 cudaDev %d nvmlDev %d busId %s000 commId 0x1d2e3f405a6b7c8d - Init COMPLETE" % (
                p, 0x5601c0000000 + r * 0x2000, r, lr, lr, A100_BUS[lr].lower()))
    t = add(start, 55)
    L.append("[rank0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 4, global batch size 64, sequence length 4096, total steps 10000 (warmup 300)" % py_ts(t, 88))
    for step in range(1, 801):
        tps = 1540 + rng.randint(-30, 30) if step > 1 else 240
        t = add(t, 4 * 4096.0 / tps)
        if step == 1 or step % 10 == 0:
            tfl = tps * 0.0466
            L.append(titan_line(0, t, rng.randint(0, 999), step, max(2.9, 10.9 - step * 0.01), 61.02, 77.07, tps, tfl, tfl / 3.12))
    files["torchrun_all.log"] = "\n".join(L) + "\n"
    files["single_node_baseline.txt"] = "dgx-a07 alone, same per-GPU batch, 2024-03-04: tps ~2,380, mfu ~35.5%\n"
    nv = ""
    for i in range(8):
        nv += "GPU %d: NVIDIA A100-SXM4-80GB (UUID: GPU-%08x-1c2d-4e5f-8a9b-%012x)\n" % (i, 0x3e7a0000 + i * 4099, 0x1b2c3d4e5f00 + i)
        for ln in range(12):
            if i == 3:
                nv += "\t Link %d: <inactive>\n" % ln
            else:
                nv += "\t Link %d: 25 GB/s\n" % ln
    files["dgx-a08/nvidia-smi-nvlink-s.txt"] = nv
    topo = "\tGPU0\tGPU1\tGPU2\tGPU3\tGPU4\tGPU5\tGPU6\tGPU7\tmlx5_0\tmlx5_1\tmlx5_2\tmlx5_3\tCPU Affinity\tNUMA Affinity\n"
    for i in range(8):
        row = "GPU%d" % i
        for j in range(8):
            if i == j:
                row += "\t X "
            elif i == 3 or j == 3:
                row += "\tSYS" if (i < 4) != (j < 4) else "\tNODE"
            else:
                row += "\tNV12"
        row += "\t%s\t%s\t%s\t%s" % (("PXB", "PXB", "SYS", "SYS") if i < 4 else ("SYS", "SYS", "PXB", "PXB"))
        row += "\t%s\t%d\n" % ("48-63,176-191" if i < 4 else "112-127,240-255", 3 if i < 4 else 7)
        topo += row
    topo += ("\nLegend:\n\n  X    = Self\n  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)\n"
             "  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node\n"
             "  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)\n"
             "  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)\n"
             "  PIX  = Connection traversing at most a single PCIe bridge\n  NV#  = Connection traversing a bonded set of # NVLinks\n")
    files["dgx-a08/nvidia-smi-topo-m.txt"] = topo
    boot = T("2024-03-05 14:58:12")
    dm = boot_dmesg(boot, "dgx-a08", dmi="NVIDIA DGXA100 920-23687-2530-000/DGXA100, BIOS 1.25 08/30/2023")
    dm.append("%s systemd[1]: Started NVIDIA fabric manager service." % uptime(boot, add(boot, 44), 10122))
    dm.append("%s nv-fabricmanager[3112]: Successfully configured all the available GPUs and NVSwitches." % uptime(boot, add(boot, 52), 88712))
    files["dgx-a08/dmesg.txt"] = "\n".join(dm) + "\n"
    files["dgx-a08/maintenance.txt"] = "2024-03-05 14:40  dgx-a08 returned from RMA bench (baseboard reseat), rebooted 14:58, returned to partition 15:10\n"
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "dgx-a08", "rank": 11},
                 action="restart_without_node",
                 rationale="Two nodes give ~1,540 tps against ~2,380 on dgx-a07 alone. On dgx-a08, nvidia-smi nvlink -s shows all 12 links of GPU 3 <inactive>, topo -m shows GPU3 with no NV12 paths, and NCCL routes 10[2]->11[3]->12[4] via SHM instead of P2P/IPC, so rank 11 (dgx-a08 GPU 3) throttles every ring. The node came back from a baseboard reseat that morning.",
                 modelled_on="https://github.com/Azure/azhpc-diagnostics/issues/73")
    return name, files, label


# =============================================================================================
def bt17():
    rng = Random(7517)
    name = "bt17_samples_per_sec_dropped_at_3am"
    nodes = ["gpu-g11", "gpu-g12", "gpu-g13", "gpu-g14"]
    start = T("2024-10-14 01:30:02")
    files = {}
    L = []
    t = add(start, 80)
    run = 0.0
    ev = T("2024-10-14 03:12:58")
    for step in range(1, 13001):
        slow = t >= ev
        dt = 256.0 / ((238.0 if slow else 412.0) + rng.uniform(-5, 5))
        t = add(t, dt)
        run += dt
        if step % 200 == 0:
            for l in ds_step_lines(t, rng.randint(0, 999), step, 6e-5, round(step * 256.0 / run, 6), round(256.0 / dt, 6), 38.1, 52.7):
                L.append("gpu-g11: %s" % l)
    files["ds_launcher.log"] = "\n".join(L) + "\n"

    def dcgm(host, slow):
        s = "# dcgmi dmon -e 100,101,112,150,155 -d 5000   (%s)\n" % host
        s += "#Entity   SMCLK  MMCLK  DVCCTR                TMPTR  POWER    \nID                                                           \n"
        for k in range(6):
            for i in range(8):
                if slow:
                    s += "GPU %d     %-5d  2619   %-20d  %-5d  %-8.3f \n" % (i, 1095 + rng.randint(-30, 30), 136, 39 + i % 4, 301.0 + rng.uniform(-20, 20))
                else:
                    s += "GPU %d     %-5d  2619   %-20d  %-5d  %-8.3f \n" % (i, 1980 - rng.choice([0, 15, 30]), rng.choice([0, 0, 4]), 55 + i % 6, 640.0 + rng.uniform(-30, 30))
        return s
    files["gpu-g13/dcgmi-dmon.txt"] = dcgm("gpu-g13", True)
    files["gpu-g11/dcgmi-dmon.txt"] = dcgm("gpu-g11", False)
    files["gpu-g13/ipmi-sel.txt"] = (
        "  1a0 | 10/02/2024 | 11:20:13 | System Event #0x83 | Timestamp Clock Sync | Asserted\n"
        "  1a1 | 10/14/2024 | 03:12:51 | Power Supply #0x62 | Power Supply AC lost | Asserted\n"
        "  1a2 | 10/14/2024 | 03:12:51 | Power Supply #0x62 | Failure detected | Asserted\n"
        "  1a3 | 10/14/2024 | 03:12:52 | Power Unit #0x70 | Redundancy Lost | Asserted\n"
        "  1a4 | 10/14/2024 | 03:12:53 | Power Unit #0x70 | Non-Redundant: Sufficient from Redundant | Asserted\n")
    files["dcgm_field_reference.txt"] = (
        "DVCCTR = DCGM_FI_DEV_CLOCK_THROTTLE_REASONS (field 112), bitmask:\n"
        "  0x01 GPU_IDLE  0x02 CLOCKS_SETTING  0x04 SW_POWER_CAP  0x08 HW_SLOWDOWN  0x10 SYNC_BOOST\n"
        "  0x20 SW_THERMAL  0x40 HW_THERMAL  0x80 HW_POWER_BRAKE  0x100 DISPLAY_CLOCKS\n")
    files["gpu-g12/syslog.txt"] = "".join(
        "%s gpu-g12 dcgm-exporter[2210]: time=\"%s\" level=info msg=\"Collecting metrics\" fields=42\n" % (syslog(add(ev, k * 300 - 900)), iso(add(ev, k * 300 - 900)) + "Z")
        for k in range(6))
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "gpu-g13", "rank": None},
                 action="restart_without_node",
                 rationale="CurrSamplesPerSec falls from ~412 to ~238 at 03:13. DCGM on gpu-g13 shows all eight GPUs at ~1095 MHz with clock-throttle bitmask 136 (HW_SLOWDOWN | HW_POWER_BRAKE) and ~300 W, while gpu-g11 runs at 1980 MHz with no throttle bits; the BMC SEL on gpu-g13 records a PSU AC loss and loss of power redundancy at 03:12:51. One node's power fault is dragging the job.",
                 modelled_on="https://github.com/leptonai/gpud/pull/330")
    return name, files, label


# =============================================================================================
def bt18():
    rng = Random(7518)
    name = "bt18_iterations_slowing_then_job_died"
    nodes = ["gpu-h01", "gpu-h02", "gpu-h03", "gpu-h04"]
    start = T("2024-11-19 06:30:11")
    files = {}
    L = []
    L += megatron_args([("tensor_model_parallel_size", 8), ("pipeline_model_parallel_size", 1), ("data_parallel_size", 4),
                        ("world_size", 32), ("global_batch_size", 512), ("log_interval", 20), ("train_iters", 60000),
                        ("distributed_timeout_minutes", 10)], prefix="")
    t = add(start, 150)
    it = 0
    last_it_t = t
    while True:
        it += 20
        if it <= 2200:
            ms = 3810.0 + rng.uniform(-30, 40)
        else:
            ms = 3810.0 + min(3700.0, (it - 2200) * 7.4) + rng.uniform(-60, 60)
        nt = add(t, ms * 20 / 1000.0)
        if nt > T("2024-11-19 09:47:09"):
            break
        t = nt
        last_it_t = t
        L.append(megatron_line(t, it, 60000, it * 512, ms, 1.4e6 / ms, 2.5e-4, 512, 2.4 - it * 0.00004 + rng.uniform(-0.02, 0.02), 0.22 + rng.uniform(0, 0.05)))
    xid_t = T("2024-11-19 09:47:12")
    crash = []
    crash.append("%s [PG 0 (default_pg) Rank 22] Process group watchdog thread terminated with exception: CUDA error: unknown error" % torch_glog(22, "E", add(xid_t, 2), 118220311, "ProcessGroupNCCL.cpp:1316"))
    crash.append("CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.")
    crash.append("For debugging consider passing CUDA_LAUNCH_BLOCKING=1")
    crash.append("Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
    crash.append("")
    crash.append("Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):")
    crash.append("frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f3c1a97a897 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)")
    crash.append("frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f3c1a92ab25 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)")
    crash.append("frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f3c1aa52718 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10_cuda.so)")
    crash.append("frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f3bce9848e6 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)")
    crash.append("frame #4: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1a0 (0x7f3bce98b9e0 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)")
    crash.append("")
    crash.append("srun: error: gpu-h03: task 2: Exited with exit code 1")
    tt = add(xid_t, 600)
    for r in (0, 5, 9, 14, 27, 31):
        crash.append(watchdog_timeout(r, add(tt, r % 3), 412000000 + r * 1111, 18011, "ALLREDUCE", 131072000))
        crash += watchdog_tail(r, add(tt, r % 3 + 1), 501000000 + r * 10, 18011)
    crash.append("srun: error: gpu-h01: task 0: Aborted (core dumped)")
    crash.append("srun: error: gpu-h02: task 1: Aborted (core dumped)")
    crash.append("srun: error: gpu-h04: task 3: Aborted (core dumped)")
    files["slurm-412277.out"] = "\n".join(L + crash) + "\n"
    # per-node torchrun summaries
    for ni, h in enumerate(nodes):
        if h == "gpu-h03":
            root = (22, 6, h, 1, 61306, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
            fails = [(r, r - 16, h, -6, 61300 + r - 16, "Signal 6 (SIGABRT) received by PID %d" % (61300 + r - 16)) for r in (16, 17)]
            files["%s/torchrun.log" % h] = "\n".join(child_failed("pretrain_gpt.py", add(xid_t, 4), fails, root)) + "\n"
        else:
            r0 = ni * 8
            root = (r0 + 1, 1, h, -6, 50201 + ni * 99, "Signal 6 (SIGABRT) received by PID %d" % (50201 + ni * 99))
            files["%s/torchrun.log" % h] = "\n".join(child_failed("pretrain_gpt.py", add(xid_t, 605), [], root)) + "\n"
    body = ["# nvidia-smi dmon -s pucm -d 30 (gpu-h03, started %s)\n" % smi_date(T("2024-11-19 08:50:00")), dmon_header()]
    tt = T("2024-11-19 08:50:00")
    k = 0
    while tt < T("2024-11-19 09:47:00"):
        for i in range(8):
            if i == 6:
                frac = min(1.0, k / 90.0)
                gt = int(74 + 16 * frac)
                body.append(dmon_row(i, int(640 - 260 * frac), gt, gt + 8, 100, 40, 2619, int(1980 - 760 * frac)))
            else:
                body.append(dmon_row(i, 480 + rng.randint(0, 60), 58 + i % 5, 66, rng.randint(60, 90), 30, 2619, 1980))
        tt = add(tt, 30)
        k += 1
    files["gpu-h03/nvidia-smi-dmon.txt"] = "".join(body)
    boot = T("2024-11-02 10:12:00")
    dm = boot_dmesg(boot, "gpu-h03")
    dm.append("%s NVRM: GPU at PCI:0000:ba:00: GPU-7c1e9a02-55d3-8b4f-a1e0-3f92d6c4b811" % uptime(boot, xid_t, 402113))
    dm.append("%s NVRM: GPU Board Serial Number: 1652321000419" % uptime(boot, xid_t, 402118))
    dm.append("%s NVRM: Xid (PCI:0000:ba:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." % uptime(boot, xid_t, 402121))
    dm.append("%s NVRM: GPU 0000:ba:00.0: GPU has fallen off the bus." % uptime(boot, xid_t, 402133))
    dm.append("%s NVRM: GPU 0000:ba:00.0: GPU serial number is 1652321000419." % uptime(boot, xid_t, 402140))
    dm.append("%s NVRM: kgspRcAndNotifyAllChannels_IMPL: RC all channels for critical error 79." % uptime(boot, xid_t, 402201))
    dm.append("%s NVRM: _threadNodeCheckTimeout: API_GPU_ATTACHED_SANITY_CHECK failed!" % uptime(boot, add(xid_t, 1), 11022))
    files["gpu-h03/dmesg.txt"] = "\n".join(dm) + "\n"
    files["gpu-h03/nvidia-smi.txt"] = "Unable to determine the device handle for GPU0000:BA:00.0: Unknown Error\n"
    files["sacct.txt"] = (
        "JobID           JobName      State ExitCode              Start                 End        NodeList \n"
        "------------ ---------- ---------- -------- ------------------- ------------------- --------------- \n"
        "412277        gpt-moe-pt     FAILED      1:0 2024-11-19T06:30:05 2024-11-19T09:57:31    gpu-h[01-04] \n"
        "412277.0           bash     FAILED      1:0 2024-11-19T06:30:09 2024-11-19T09:57:31    gpu-h[01-04] \n")
    label = dict(category="gpu_hardware", layer="infrastructure", culprit={"node": "gpu-h03", "rank": 22},
                 action="restart_without_node",
                 rationale="Iterations slow from ~3.8 s to ~7.5 s while dmon on gpu-h03 shows GPU 6 heating to ~90 C with pclk falling; at 09:47:12 gpu-h03 logs Xid 79 'GPU has fallen off the bus' for 0000:ba:00 (GPU 6), rank 22 dies two seconds later with 'CUDA error: unknown error', and the other nodes only hit watchdog timeouts ten minutes later.",
                 modelled_on="https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507")
    return name, files, label


# =============================================================================================
def bt19():
    rng = Random(7519)
    name = "bt19_run_stopped_before_reaching_max_steps"
    nodes = ["gpu-k01", "gpu-k02"]
    start = T("2024-05-29 20:00:09")
    files = {}
    files["job.sbatch"] = ("#!/bin/bash\n#SBATCH -J vq-run31\n#SBATCH -N 2\n#SBATCH --gpus-per-node=8\n#SBATCH --ntasks-per-node=8\n"
                           "#SBATCH --time=12:00:00\n#SBATCH -o slurm-%j.out\n\nsrun python train_vq.py --config cfg/vq_run31.yaml trainer.max_steps=100000\n")
    L = ["GPU available: True (cuda), used: True",
         "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/16",
         ""]
    el = 0.0
    for s in range(1, 100001):
        el += 0.447 + rng.uniform(-0.008, 0.009)
        if el > 12 * 3600 - 160:
            break
        if s % 500 == 0:
            ep = (s - 1) // 25000
            si = s - ep * 25000
            L.append("Epoch %d:  %2d%%|%s| %d/25000 [%s<%s,  2.24it/s, v_num=31, train_loss=%.3f]" % (
                ep, si * 100 // 25000, bar(si / 25000.0), si, hms(el - ep * 25000 * 0.447), hms((25000 - si) * 0.447), 1.9 - s * 0.000004 + rng.uniform(-0.02, 0.02)))
        if s % 25000 == 0:
            L.append("Epoch %d, global step %d: 'val_loss' reached %.5f (best %.5f), saving model to '/scratch/ckpt/vq-run31/epoch=%d-step=%d.ckpt' as top 1" % (
                (s - 1) // 25000, s, 1.71 - s * 0.000002, 1.71 - s * 0.000002, (s - 1) // 25000, s))
    end = T("2024-05-30 08:00:14")
    L.append("slurmstepd: error: *** JOB 88213 ON gpu-k01 CANCELLED AT %s DUE TO TIME LIMIT ***" % iso(end))
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    L.append("slurmstepd: error: *** STEP 88213.0 ON gpu-k01 CANCELLED AT %s DUE TO TIME LIMIT ***" % iso(end))
    L.append("srun: error: gpu-k02: task 1: Terminated")
    L.append("srun: error: gpu-k01: task 0: Terminated")
    L.append("srun: Force Terminated StepId=88213.0")
    files["slurm-88213.out"] = "\n".join(L) + "\n"
    files["sacct.txt"] = (
        "JobID           JobName  Partition  Timelimit      State ExitCode              Start                 End    Elapsed        NodeList \n"
        "------------ ---------- ---------- ---------- ---------- -------- ------------------- ------------------- ---------- --------------- \n"
        "88213         vq-run31        gpu   12:00:00    TIMEOUT      0:0 2024-05-29T20:00:03 2024-05-30T08:00:14   12:00:11    gpu-k[01-02] \n"
        "88213.batch      batch                          CANCELLED     0:15 2024-05-29T20:00:03 2024-05-30T08:00:16   12:00:13         gpu-k01 \n"
        "88213.0         python                          CANCELLED     0:15 2024-05-29T20:00:07 2024-05-30T08:00:16   12:00:09    gpu-k[01-02] \n")
    snap = T("2024-05-30 07:41:20")
    gs = [gpu(i, A100_BUS[i], temp=(79 if i == 7 else 61 + i % 5), power=(371.0 if i == 7 else 338.0 + i), plimit=400.0,
              sm=1410, maxsm=1410, mem=1593, maxmem=1593, util=97, used=66120, total=81920) for i in range(8)]
    files["gpu-k02/nvidia-smi-q.txt"] = nvsmi_q(snap, gs, driver="535.104.12", product="NVIDIA A100-SXM4-80GB", style="events")
    files["user_question.txt"] = "vq-run31 died at ~epoch 3 with no error, is gpu-k02 overheating? GPU 7 shows 79C in the dashboard.\n"
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="Throughput is a flat ~2.24 it/s from the first to the last epoch, so max_steps=100000 needs ~12.4 h against the 12:00:00 limit in job.sbatch; Slurm ends it with 'CANCELLED ... DUE TO TIME LIMIT' and sacct State TIMEOUT. gpu-k02 GPU 7 at 79 C has no clock-event reasons active and runs at full 1410 MHz.",
                 modelled_on="https://github.com/ZettaAI/zetta_utils/issues/671")
    return name, files, label


# =============================================================================================
def bt20():
    rng = Random(7520)
    name = "bt20_steps_getting_slower_then_crash"
    nodes = ["gpu-m01", "gpu-m02"]
    start = T("2024-07-18 22:05:40")
    files = {}
    L = []
    L += torchrun_rdzv(start, 0, 2, "gpu-m01")
    L.append("***** Running training *****")
    L.append("  Num examples = 4,812,002")
    L.append("  Num Epochs = 1")
    L.append("  Instantaneous batch size per device = 16")
    L.append("  Total optimization steps = 18,797")
    el = 0.0
    crash_el = None
    for s in range(1, 6001):
        st = 1.91 + s * 0.00026 + rng.uniform(-0.05, 0.05)
        el += st
        if s % 50 == 0:
            L.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %s, 'epoch': %.2f}" % (2.1 - s * 0.00005, rng.uniform(0.4, 0.9), repr(3e-5), s / 18797.0))
            L.append(" %2d%%|%s| %d/18797 [%s<%s,  %.2fs/it]" % (s * 100 // 18797, bar(s / 18797.0), s, hms(el), hms(st * (18797 - s)), st))
        if s % 500 == 0:
            L.append("[%s] [rank0] mem: host_rss=%.1fGiB node_available=%.0fGiB" % (py_ts(add(start, 60 + el), 10), 9.4 + s * 0.0148, max(3.0, 1890 - s * 0.3122 * 8 / 8 * 1.0)))
    crash_t = add(start, 60 + el + 30)
    L.append("Traceback (most recent call last):")
    L.append('  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1133, in _try_get_data')
    L.append("    data = self._data_queue.get(timeout=timeout)")
    L.append('  File "/usr/lib/python3.10/multiprocessing/queues.py", line 113, in get')
    L.append("    if not self._poll(timeout):")
    L.append('  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py", line 66, in handler')
    L.append("    _error_if_any_worker_fails()")
    L.append("RuntimeError: DataLoader worker (pid 71843) is killed by signal: Killed. ")
    L.append("")
    L.append("The above exception was the direct cause of the following exception:")
    L.append("")
    L.append("Traceback (most recent call last):")
    L.append('  File "/workspace/train_sft.py", line 301, in <module>')
    L.append("    trainer.train()")
    L.append('  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 1938, in train')
    L.append("    return inner_training_loop(")
    L.append('  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1146, in _try_get_data')
    L.append("    raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e")
    L.append("RuntimeError: DataLoader worker (pid(s) 71843) exited unexpectedly")
    L.append("W%s %s.%06d 140 torch/distributed/elastic/multiprocessing/api.py:858] Sending process 71701 closing signal SIGTERM" % (crash_t.strftime("%m%d"), crash_t.strftime("%H:%M:%S"), 123111))
    root = (0, 0, "gpu-m01", 1, 71700, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    L += child_failed("train_sft.py", add(crash_t, 2), [], root)
    files["gpu-m01/train.log"] = "\n".join(L) + "\n"
    L2 = torchrun_rdzv(start, 1, 2, "gpu-m01")
    c2 = add(crash_t, -41)
    L2.append("[rank12]: RuntimeError: DataLoader worker (pid 40213) is killed by signal: Killed. ")
    L2.append("[rank12]: RuntimeError: DataLoader worker (pid(s) 40213) exited unexpectedly")
    root2 = (12, 4, "gpu-m02", 1, 40110, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    L2 += child_failed("train_sft.py", c2, [(9, 1, "gpu-m02", -15, 40104, "Signal 15 (SIGTERM) received by PID 40104")], root2)
    files["gpu-m02/train.log"] = "\n".join(L2) + "\n"
    for h, ct, wpid, ppid in (("gpu-m02", add(c2, -1), 40213, 40110), ("gpu-m01", add(crash_t, -1), 71843, 71700)):
        dm = ["%s %s kernel: python invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0" % (syslog(ct), h),
              "%s %s kernel: CPU: 87 PID: %d Comm: python Tainted: P           OE     5.15.0-113-generic #123-Ubuntu" % (syslog(ct), h, ppid),
              "%s %s kernel: Mem-Info:" % (syslog(ct), h),
              "%s %s kernel: active_anon:498812331 inactive_anon:12331 isolated_anon:0" % (syslog(ct), h),
              "%s %s kernel: Tasks state (memory values in pages):" % (syslog(ct), h),
              "%s %s kernel: oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_1044/job_66120,task_memcg=/slurm/uid_1044/job_66120/step_0/task_0,task=python,pid=%d,uid=1044" % (syslog(ct), h, wpid),
              "%s %s kernel: Memory cgroup out of memory: Killed process %d (python) total-vm:201338112kB, anon-rss:190211844kB, file-rss:81220kB, shmem-rss:1032kB, UID:1044 pgtables:373412kB oom_score_adj:0" % (syslog(ct), h, wpid)]
        files["%s/kern.log" % h] = "\n".join(dm) + "\n"
    files["gpu-m02/free_m_samples.txt"] = "".join(
        "%s               total        used        free      shared  buff/cache   available\nMem:         %d     %d      %d        1203      %d      %d\n" % (
            add(start, k * 3600).strftime("%H:%M"), 2063891, 140000 + k * 400000, 1830000 - k * 400000, 90000, 1880000 - k * 401000)
        for k in range(5))
    files["sacct.txt"] = (
        "JobID           JobName      State ExitCode     MaxRSS   ReqMem        NodeList \n"
        "------------ ---------- ---------- -------- ---------- -------- --------------- \n"
        "66120        sft-13b-img OUT_OF_ME+    0:125                1900G    gpu-m[01-02] \n"
        "66120.0           python OUT_OF_ME+    0:125  1858.21G             gpu-m[01-02] \n")
    label = dict(category="oom", layer="framework", culprit=None, action="stop",
                 rationale="Step time climbs steadily while the job's own host RSS grows (~9 GiB to ~98 GiB per rank, node available memory shrinking hourly on both nodes); the Slurm memcg OOM killer then kills the job's DataLoader workers on gpu-m02 first and gpu-m01 shortly after, raising 'DataLoader worker ... is killed by signal: Killed' and sacct OUT_OF_MEMORY. The job exhausted its own memory allocation.",
                 modelled_on="https://github.com/gemcollector/RL-ViGen/issues/17")
    return name, files, label


# =============================================================================================
def bt21():
    rng = Random(7521)
    name = "bt21_tps_halved_hot_gpu_reported"
    nodes = ["gpu-p01", "gpu-p02", "gpu-p03", "gpu-p04"]
    start = T("2024-12-10 09:00:30")
    files = {}
    L = torchrun_rdzv(start, 0, 4, "gpu-p01")
    t = add(start, 60)
    ev_step = 1180
    for step in range(1, 2001):
        tps = (1240 if step >= ev_step else 3010) + rng.randint(-35, 35)
        if step == 1:
            tps = 402
        t = add(t, 2 * 8192.0 / tps)
        if step == 1 or step % 20 == 0:
            tfl = tps * 0.0594
            L.append(titan_line(0, t, rng.randint(0, 999), step, max(2.8, 11.2 - step * 0.004), 55.02, 69.51, tps, tfl, tfl / 9.89))
    files["gpu-p01/torchrun.log"] = "\n".join(L) + "\n"
    for ni in (1, 3):
        h = nodes[ni]
        files["%s/torchrun_header.log" % h] = "\n".join(torchrun_rdzv(start, ni, 4, "gpu-p01")) + "\n"
    snap = T("2024-12-10 11:38:02")
    csv = ""
    for ni, h in enumerate(nodes):
        for i in range(8):
            temp = 55 + (i * 7 + ni) % 9
            clk, pw, reasons = 1980 - rng.choice([0, 15]), 600.0 + rng.uniform(0, 90), "0x0000000000000000"
            if h == "gpu-p02" and i == 4:
                temp, pw = 81, 689.9
            if h == "gpu-p04" and i == 1:
                temp, clk, pw, reasons = 41, 705, 211.4, "0x0000000000000008"
            csv += "%s: %d, %d, %d MHz, %.2f W, %s\n" % (h, i, temp, clk, pw, reasons)
    files["pdsh_gpu_query.csv"] = "# pdsh -w gpu-p[01-04] nvidia-smi --query-gpu=index,temperature.gpu,clocks.sm,power.draw,clocks_throttle_reasons.active --format=csv,noheader\n" + csv
    gs = [gpu(i, H100_BUS[i], temp=(81 if i == 4 else 57 + i % 6), mtemp=(88 if i == 4 else 66), power=(689.9 if i == 4 else 610.0 + i), util=100, used=66001) for i in range(8)]
    files["gpu-p02/nvidia-smi-q.txt"] = nvsmi_q(snap, gs)
    gs = [gpu(i, H100_BUS[i], temp=(41 if i == 1 else 55 + i % 6), power=(211.4 if i == 1 else 300.0 + i * 5), sm=(705 if i == 1 else 1980),
              hwslow=(i == 1), util=100, used=66001) for i in range(8)]
    files["gpu-p04/nvidia-smi-q.txt"] = nvsmi_q(add(snap, 12), gs)
    files["alerts.txt"] = (
        "[FIRING] GPUTempHigh  host=gpu-p02 gpu=4 temp=81C threshold=80C since 2024-12-10T09:41:10Z\n"
        "[FIRING] JobThroughputDrop job=titan-70b-sft tps_drop=59% since 2024-12-10T10:51:44Z\n")
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "gpu-p04", "rank": 25},
                 action="restart_without_node",
                 rationale="tps drops from ~3,010 to ~1,240 at step ~1180. The loud alert is gpu-p02 GPU 4 at 81 C, but it has throttle bitmask 0x0 at 1965-1980 MHz and full power; gpu-p04 GPU 1 shows bitmask 0x8 (HW Slowdown) at 705 MHz and 211 W, and nvidia-smi -q confirms HW Slowdown active. gpu-p04 is group_rank 3, so GPU 1 is global rank 25.",
                 modelled_on="https://github.com/facebookarchive/fb.resnet.torch/issues/61")
    return name, files, label


# =============================================================================================
def bt22():
    rng = Random(7522)
    name = "bt22_requeued_run_still_slow"
    files = {}
    att = {1: (["gpu-q01", "gpu-q02", "gpu-q03"], T("2024-08-27 07:10:12")),
           2: (["gpu-q03", "gpu-q04", "gpu-q05"], T("2024-08-27 10:48:40"))}
    for a, (nodes, start) in att.items():
        pre = "attempt_%d/" % a
        slow_node = nodes.index("gpu-q03")
        for ni, h in enumerate(nodes):
            ranks = list(range(ni * 8, ni * 8 + 8))
            files[pre + "%s/launcher.log" % h] = (
                "%s: INFO: composer.cli.launcher: Starting distributed environment on local node for global_rank(s) %s\n"
                "%s: INFO: composer.cli.launcher: Distributed KV store: tcp://%s:29400\n" % (
                    start.strftime("%Y-%m-%d %H:%M:%S"), ranks, start.strftime("%Y-%m-%d %H:%M:%S"), nodes[0]))
        L = ["%s: rank0[4410][MainThread]: INFO: composer.trainer.trainer: Run name: clip-vitl-laion-%d" % (start.strftime("%Y-%m-%d %H:%M:%S"), a)]
        if a == 2:
            L.append("%s: rank0[4410][MainThread]: INFO: composer.trainer.trainer: Resuming from checkpoint s3://ckpts/clip-vitl/ep0-ba1900-rank0.pt" % add(start, 30).strftime("%Y-%m-%d %H:%M:%S"))
        el = 0.0
        b0 = 1 if a == 1 else 1901
        for b in range(b0, b0 + 1900):
            sps = 3010.0 + rng.uniform(-60, 60)
            el += 8192.0 / sps
            if b % 100 == 0:
                sr = slow_node * 8 + rng.randint(0, 7)
                fr = [r for r in range(24) if r // 8 != slow_node]
                extra = ["\t Train MinBatchLoadLatency/Rank: %.2fms/%d" % (9.0 + rng.uniform(0, 4), rng.choice(fr)),
                         "\t Train MaxBatchLoadLatency/Rank: %.2fms/%d" % (2390.0 + rng.uniform(-150, 200), sr),
                         "\t Train MinClock/Rank: %dMHz/%d" % (1965, rng.choice(fr)),
                         "\t Train MaxClock/Rank: %dMHz/%d" % (1980, rng.randint(0, 23)),
                         "\t Train MinThroughput/Rank: %.2fTF/%d" % (101.3 + rng.uniform(-2, 2), sr),
                         "\t Train MaxThroughput/Rank: %.2fTF/%d" % (103.9 + rng.uniform(-2, 2), rng.choice(fr))]
                L += composer_block(el, b, 30000, sps, sps / 24.0, 5.1 - b * 0.0004 + rng.uniform(-0.03, 0.03), extra)
        files[pre + "%s/rank0_console.log" % nodes[0]] = "\n".join(L) + "\n"
    files["expected_throughput.txt"] = "clip-vitl on 3x8 H100, laion shards on local NVMe, 24 dataloader workers/rank: ~5,900 samples/s (run 2024-08-12)\n"
    files["scheduler_events.log"] = (
        "2024-08-27T07:10:05 job 70112 started on gpu-q[01-03]\n"
        "2024-08-27T10:44:51 job 70112 requeued by operator ops-jlee: 'half expected throughput, retry on other nodes' (ExcNodeList not set)\n"
        "2024-08-27T10:48:35 job 70112 restarted on gpu-q[03-05] (attempt 2)\n"
        "2024-08-27T13:52:02 bundle collected, job 70112 RUNNING\n")
    files["attempt_2/gpu-q03/cpupower_frequency_info.txt"] = (
        "analyzing CPU 0:\n  driver: intel_cpufreq\n  CPUs which run at the same hardware frequency: 0\n"
        "  CPUs which need to have their frequency coordinated by software: 0\n  maximum transition latency: 20.0 us\n"
        "  hardware limits: 800 MHz - 3.80 GHz\n  available cpufreq governors: conservative ondemand userspace powersave performance schedutil\n"
        "  current policy: frequency should be within 800 MHz and 3.80 GHz.\n                  The governor \"powersave\" may decide which speed to use\n                  within this range.\n"
        "  current CPU frequency: 800 MHz (asserted by call to hardware)\n  boost state support:\n    Supported: yes\n    Active: yes\n")
    files["attempt_2/gpu-q04/cpupower_frequency_info.txt"] = (
        "analyzing CPU 0:\n  driver: intel_pstate\n  CPUs which run at the same hardware frequency: 0\n"
        "  CPUs which need to have their frequency coordinated by software: 0\n  maximum transition latency:  Cannot determine or is not supported.\n"
        "  hardware limits: 800 MHz - 3.80 GHz\n  available cpufreq governors: performance powersave\n"
        "  current policy: frequency should be within 800 MHz and 3.80 GHz.\n                  The governor \"performance\" may decide which speed to use\n                  within this range.\n"
        "  current CPU frequency: 3.41 GHz (asserted by call to hardware)\n  boost state support:\n    Supported: yes\n    Active: yes\n")
    files["attempt_2/gpu-q03/kernel_cmdline.txt"] = "BOOT_IMAGE=/boot/vmlinuz-5.15.0-117-generic root=/dev/md0 ro intel_pstate=passive cpufreq.default_governor=powersave console=ttyS0,115200\n"
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "gpu-q03", "rank": None},
                 action="restart_without_node",
                 rationale="Both attempts run at ~3,000 of the expected ~5,900 samples/s, and in both the composer straggler metrics put MaxBatchLoadLatency (~2.4 s) and MinThroughput on a rank hosted by gpu-q03 (ranks 16-23 in attempt 1, 0-7 in attempt 2), the one node common to both allocations. gpu-q03 boots with intel_pstate=passive and the powersave governor, pinning its CPUs at 800 MHz, so its data loaders starve.",
                 modelled_on="https://github.com/AdnanHodzic/auto-cpufreq/issues/284")
    return name, files, label


CASES = [bt16, bt17, bt18, bt19, bt20, bt21, bt22]
