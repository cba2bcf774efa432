"""Cases bt23-bt29."""

from random import Random

from common import (T, add, py_ts, iso, ctime, syslog, uptime, smi_date, hms, bar, gpu, nvsmi_q, nvsmi_table,
                    dmon_header, dmon_row, nccl_init, nccl_channels, torchrun_rdzv, child_failed, boot_dmesg,
                    watchdog_timeout, watchdog_tail, torch_glog, H100_BUS, A100_BUS)
from cases_a import megatron_line, megatron_args, ds_step_lines, nemo_bar, titan_line


# =============================================================================================
def bt23():
    rng = Random(7523)
    name = "bt23_every_rank_slow_gpus_mostly_idle"
    nodes = ["gpu-v01", "gpu-v02"]
    start = T("2024-02-14 09:12:02")
    files = {}
    files["run.sh"] = (
        "#!/bin/bash\n# launched with: sbatch -N2 --gpus-per-node=8 run.sh\n"
        "source /opt/venvs/fsdp/bin/activate\n"
        "export OMP_NUM_THREADS=8\n"
        "export NCCL_DEBUG=WARN\n"
        "export CUDA_LAUNCH_BLOCKING=1   # ML-2231: repro illegal memory access in fused rope kernel\n"
        "export TORCH_NCCL_ASYNC_ERROR_HANDLING=1\n"
        "srun torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint gpu-v01:29500 train_fsdp.py --cfg cfg/13b_v7.yaml\n")
    for ni, h in enumerate(nodes):
        L = torchrun_rdzv(start, ni, 2, "gpu-v01")
        t = add(start, 30)
        if ni == 0:
            L.append("%s INFO train_fsdp.py:64 [rank0] torch 2.2.0+cu121, cuda 12.1, nccl (2, 19, 3), world_size=16" % py_ts(t, 11))
            L.append("%s INFO train_fsdp.py:71 [rank0] relevant env: CUDA_LAUNCH_BLOCKING=1 NCCL_DEBUG=WARN OMP_NUM_THREADS=8 TORCH_NCCL_ASYNC_ERROR_HANDLING=1 PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True" % py_ts(t, 12))
            L.append("%s INFO train_fsdp.py:120 [rank0] FSDP wrapped 40 LlamaDecoderLayer blocks, sharding=FULL_SHARD, mixed_precision=bf16, activation_checkpointing=True" % py_ts(add(t, 40), 801))
        t = add(t, 75)
        for step in range(10, 1201, 10):
            st = 4.71 + rng.uniform(-0.08, 0.1)
            t = add(t, st * 10)
            if ni == 0:
                L.append("%s INFO train_fsdp.py:233 [rank0] step %5d | loss %.4f | lr %.2e | step_time %.2fs | tok/s/gpu %d | mem %.1fGiB" % (
                    py_ts(t, rng.randint(0, 999)), step, 2.4 - step * 0.0002 + rng.uniform(-0.02, 0.02), 1.5e-4, st, int(8192 / st), 61.3))
        files["%s/train.log" % h] = "\n".join(L) + "\n"
        body = [dmon_header()]
        for k in range(25):
            for i in range(8):
                sm = rng.randint(24, 41)
                body.append(dmon_row(i, 190 + sm * 3, 40 + i % 5, 47, sm, sm // 4, 2619, 1980))
        files["%s/nvidia-smi-dmon.txt" % h] = "".join(body)
    files["previous_runs.txt"] = (
        "fsdp-13b-v6  2024-02-09  gpu-v[01-02]  step_time ~1.42s  tok/s/gpu ~5770\n"
        "fsdp-13b-v7  2024-02-14  gpu-v[01-02]  step_time ~4.7s   tok/s/gpu ~1740   (this run; cfg diff vs v6: rope kernel fused)\n")
    files["gpu-v02/top.txt"] = (
        "top - 10:31:02 up 5 days,  1:10,  0 users,  load average: 8.41, 8.33, 8.20\n"
        "Tasks: 1102 total,   9 running, 1093 sleeping,   0 stopped,   0 zombie\n"
        "%Cpu(s):  3.9 us,  0.2 sy,  0.0 ni, 95.8 id,  0.0 wa,  0.0 hi,  0.1 si,  0.0 st\n"
        "MiB Mem : 2063891.2 total, 1902331.1 free,  96011.9 used,  65548.2 buff/cache\n\n"
        "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
        + "".join("  %6d rkumar    20   0   88.1g  14.2g 902114 R 100.0   0.7  78:%02d.%02d python\n" % (210331 + i, 10 + i, 7 * i % 60) for i in range(8)))
    label = dict(category="straggler", layer="script", culprit=None, action="stop",
                 rationale="Step time went from ~1.42 s to ~4.7 s on the same two nodes; rank 0 prints CUDA_LAUNCH_BLOCKING=1 in its environment, exported in run.sh for a debugging ticket, which serialises every kernel launch: all GPUs on both nodes sit at 24-41% SM at full clocks while each rank pins one CPU core. A debugging setting left on in the job, not hardware.",
                 modelled_on="https://github.com/horenbergerb/BernoulliDiffusion/issues/23")
    return name, files, label


# =============================================================================================
def bt24():
    rng = Random(7524)
    name = "bt24_iteration_time_spikes_on_every_rank"
    nodes = ["cn-201", "cn-202", "cn-203", "cn-204"]
    start = T("2024-03-03 02:00:41")
    files = {}
    L = []
    L += megatron_args([("tensor_model_parallel_size", 2), ("pipeline_model_parallel_size", 4), ("data_parallel_size", 4),
                        ("world_size", 32), ("global_batch_size", 1024), ("log_interval", 5), ("timing_log_level", 2),
                        ("data_path", "/lustre/fs1/data/redpajama_v2_tok/rpv2_text_document"), ("num_workers", 2),
                        ("train_iters", 80000)])
    t = add(start, 170)
    windows = [(T("2024-03-03 03:41:00"), T("2024-03-03 03:58:00")), (T("2024-03-03 04:30:00"), T("2024-03-03 04:52:00"))]
    for it in range(5, 3001, 5):
        ms = 2930.0 + rng.uniform(-25, 30)
        bg = 1.2 + rng.uniform(0, 1.5)
        if any(a <= t <= b for a, b in windows) and rng.random() < 0.6:
            bg = rng.choice([11840.0, 27311.0, 48102.0, 6120.0]) + rng.uniform(0, 900)
            ms += bg / 5.0
        t = add(t, ms * 5 / 1000.0)
        L.append(megatron_line(t, it, 80000, it * 1024, ms, 2.9e6 / ms, 1e-4, 1024, 2.1 - it * 0.00004 + rng.uniform(-0.02, 0.02), 0.31 + rng.uniform(0, 0.05)))
        if it % 5 == 0:
            L.append("(min, max) time across ranks (ms):")
            L.append("    forward-backward ...............................: (%.2f, %.2f)" % (2790.0 + rng.uniform(-10, 10), 2811.0 + rng.uniform(-10, 10)))
            L.append("    batch-generator ................................: (%.2f, %.2f)" % (bg * 0.7, bg))
            L.append("    optimizer ......................................: (%.2f, %.2f)" % (61.0 + rng.uniform(-2, 2), 64.0 + rng.uniform(-2, 2)))
    files["slurm-30177.out"] = "\n".join(L) + "\n"
    ost_nid = "10.150.1.27@o2ib"
    for ni, h in enumerate(nodes):
        if h == "cn-204":
            continue
        boot = T("2024-02-26 12:0%d:00" % ni)
        ev = []
        for (a, b) in windows:
            ev.append((add(a, ni * 2), "Lustre: fs1-OST0007-osc-ffff9c4e1a2b%04x: Connection to fs1-OST0007 (at %s) was lost; in progress operations using this service will wait for recovery to complete" % (0x3000 + ni, ost_nid)))
            for k in range(3):
                ev.append((add(a, 95 + k * 240 + ni), "Lustre: %d:0:(client.c:2295:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@ffff8b0c%08x x17921%09d/t0(0) o4->fs1-OST0007-osc-ffff9c4e1a2b%04x@%s:6/4 lens 488/448 e 1 to 1 dl %d ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'30177'" % (
                    2210 + ni, 1709434000 + k * 240, 1709434000 + k * 240, 0x11220000 + k, 812330 + k, 0x3000 + ni, ost_nid, 1709434047 + k * 240)))
            ev.append((add(b, ni), "Lustre: fs1-OST0007-osc-ffff9c4e1a2b%04x: Connection restored to %s (at %s)" % (0x3000 + ni, ost_nid, ost_nid)))
        if h == "cn-201":
            lines = [ctime(tt) + " " + msg for tt, msg in ev]
            files["%s/dmesg-T.txt" % h] = "\n".join(lines) + "\n"
        elif h == "cn-202":
            dm = boot_dmesg(boot, h, dmi="HPE ProLiant XL675d Gen10 Plus/ProLiant XL675d Gen10 Plus, BIOS A47 02/03/2023")
            dm += [uptime(boot, tt, 1000 + i) + " " + msg for i, (tt, msg) in enumerate(ev)]
            files["%s/dmesg.txt" % h] = "\n".join(dm) + "\n"
        else:
            files["%s/journal-k.txt" % h] = "\n".join("%s %s kernel: %s" % (syslog(tt), h, msg) for tt, msg in ev) + "\n"
    files["lfs_check_servers.txt"] = (
        "# lfs check servers (cn-204, 2024-03-03 04:41:13)\n"
        "fs1-MDT0000-mdc-ffff9c4e1a2b3000 active.\n"
        "fs1-OST0006-osc-ffff9c4e1a2b3000 active.\n"
        "lfs check: error: check 'fs1-OST0007-osc-ffff9c4e1a2b3000': Resource temporarily unavailable (11)\n"
        "fs1-OST0008-osc-ffff9c4e1a2b3000 active.\n")
    label = dict(category="straggler", layer="infrastructure", culprit=None, action="restart",
                 rationale="Iteration time spikes from ~2.9 s to 5-12 s only inside two windows, and the timers show it is batch-generator (data read) on every rank, not forward-backward. In the same windows cn-201, cn-202 and cn-203 all log 'Connection to fs1-OST0007 ... was lost' and ptlrpc slow-reply timeouts, later 'Connection restored', and lfs check from cn-204 shows OST0007 unavailable: the shared Lustre OST is stalling every node.",
                 modelled_on="https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/14")
    return name, files, label


# =============================================================================================
def bt25():
    rng = Random(7525)
    name = "bt25_throughput_sagging_then_oserror_on_one_rank"
    nodes = ["gpu-r01", "gpu-r02", "gpu-r03"]
    start = T("2024-06-11 18:40:22")
    files = {}
    crash_t = None
    for ni, h in enumerate(nodes):
        L = torchrun_rdzv(start, ni, 3, "gpu-r01")
        t = add(start, 62)
        if ni == 0:
            L.append("%s INFO pretrain.py:88 [rank0] streaming dataset: hf://acme/web-mix-v2 -> local cache HF_DATASETS_CACHE=/scratch/hf_cache (per node)" % py_ts(t, 40))
        for step in range(50, 3051, 50):
            frac = max(0.0, (step - 1800) / 1250.0)
            st = 1.62 + 1.9 * frac * frac + rng.uniform(-0.03, 0.04)
            t = add(t, st * 50)
            if ni == 0:
                L.append("%s INFO pretrain.py:201 [rank0] step %d loss %.4f step_time %.2fs tok/s %d" % (py_ts(t, rng.randint(0, 999)), step, 2.9 - step * 0.0002, st, int(24 * 16384 / st)))
        crash_t = add(t, 40)
        if h == "gpu-r02":
            L += [
                "[rank9]: Traceback (most recent call last):",
                '[rank9]:   File "/workspace/pretrain.py", line 233, in <module>',
                "[rank9]:     main()",
                '[rank9]:   File "/workspace/pretrain.py", line 190, in main',
                "[rank9]:     batch = next(train_iter)",
                '[rank9]:   File "/usr/local/lib/python3.10/dist-packages/datasets/iterable_dataset.py", line 1368, in __iter__',
                "[rank9]:     for key, example in ex_iterable:",
                '[rank9]:   File "/usr/local/lib/python3.10/dist-packages/datasets/arrow_writer.py", line 575, in write_table',
                "[rank9]:     self.pa_writer.write_table(pa_table, writer_batch_size)",
                '[rank9]:   File "pyarrow/ipc.pxi", line 525, in pyarrow.lib._CRecordBatchWriter.write_table',
                '[rank9]:   File "/usr/local/lib/python3.10/dist-packages/fsspec/implementations/local.py", line 382, in write',
                "[rank9]:     return self.f.write(*args, **kwargs)",
                "[rank9]: OSError: [Errno 28] No space left on device",
            ]
            root = (9, 1, h, 1, 51109, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
            L += child_failed("pretrain.py", crash_t, [], root)
        else:
            tt = add(crash_t, 600)
            for lr in (0, 5):
                r = ni * 8 + lr
                L.append(watchdog_timeout(r, tt, 100000000 + r, 91120, "ALLREDUCE", 262144000))
                L += watchdog_tail(r, add(tt, 1), 200000000 + r, 91120)
            root = (ni * 8, 0, h, -6, 60100 + ni * 100, "Signal 6 (SIGABRT) received by PID %d" % (60100 + ni * 100))
            L += child_failed("pretrain.py", add(tt, 3), [], root)
        files["%s/torchrun.log" % h] = "\n".join(L) + "\n"
    files["gpu-r02/df-h.txt"] = (
        "Filesystem      Size  Used Avail Use% Mounted on\n"
        "/dev/nvme4n1p2  1.8T  211G  1.5T  13% /\n"
        "tmpfs           1.0T   12M  1.0T   1% /dev/shm\n"
        "/dev/md0         28T   28T     0 100% /scratch\n"
        "fs1@o2ib:/fs1   4.1P  3.0P  1.1P  74% /lustre/fs1\n")
    files["gpu-r01/df-h.txt"] = (
        "Filesystem      Size  Used Avail Use% Mounted on\n"
        "/dev/nvme4n1p2  1.8T  198G  1.5T  12% /\n"
        "tmpfs           1.0T   12M  1.0T   1% /dev/shm\n"
        "/dev/md0         28T  8.7T   20T  31% /scratch\n"
        "fs1@o2ib:/fs1   4.1P  3.0P  1.1P  74% /lustre/fs1\n")
    files["gpu-r02/du_scratch.txt"] = (
        "$ du -sh /scratch/* 2>/dev/null | sort -h | tail -4\n"
        "12G\t/scratch/enroot\n"
        "8.4T\t/scratch/hf_cache\n"
        "19T\t/scratch/tmp/job_81233\n"
        "$ ls -ld /scratch/tmp/job_81233\n"
        "drwxr-x--- 14 lwu vision 4096 May 30 03:12 /scratch/tmp/job_81233\n"
        "$ squeue -j 81233\n"
        "slurm_load_jobs error: Invalid job id specified\n")
    files["gpu-r02/iostat.txt"] = (
        "Linux 5.15.0-107-generic (gpu-r02) \t06/11/2024 \t_x86_64_\t(224 CPU)\n\n"
        "Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz  aqu-sz  %util\n"
        "md0             41.20   5210.40     0.00   0.00    2.10   126.47 8831.40 1130419.2    0.00   0.00  481.22   128.00  4250.1  99.80\n"
        "nvme0n1         10.30   1302.60     0.00   0.00    2.04   126.47 2207.85  282604.8    0.00   0.00  478.91   128.00  1057.3  99.70\n")
    label = dict(category="storage", layer="infrastructure", culprit={"node": "gpu-r02", "rank": None},
                 action="restart_without_node",
                 rationale="Step time creeps up while gpu-r02's local /scratch RAID writes at ~480 ms await and 99.8% util, then rank 9 on gpu-r02 dies with 'OSError: [Errno 28] No space left on device' writing the per-node HF cache; the other nodes only show watchdog timeouts ten minutes later. df shows /scratch at 100% on gpu-r02 (31% on gpu-r01), filled by 19T left by finished job 81233: a local disk full on one node.",
                 modelled_on="https://github.com/hiyouga/LlamaFactory/issues/275")
    return name, files, label


# =============================================================================================
def bt26():
    rng = Random(7526)
    name = "bt26_steps_stretching_then_collective_timeout"
    nodes = ["node-k01", "node-k02", "node-k03", "node-k04"]
    ips = ["10.1.0.11", "10.1.0.12", "10.1.0.13", "10.1.0.14"]
    start = T("2024-04-22 03:00:10")
    files = {}
    L = ["[NeMo I %s exp_manager:396] Experiments will be logged at /results/llama2-34b/0422" % start.strftime("%Y-%m-%d %H:%M:%S")]
    el = 0.0
    tr0 = add(start, 120)
    flap0 = T("2024-04-22 05:10:02")
    hang = T("2024-04-22 05:41:33")
    step = 0
    while True:
        now = add(tr0, el)
        if now >= hang:
            break
        step += 1
        st = 2.11 + rng.uniform(-0.03, 0.04)
        if now >= flap0:
            st += rng.choice([0.0, 3.2, 7.9, 12.1, 5.5])
        el += st
        if step % 10 == 0:
            L.append(nemo_bar(0, step, 30000, el, 2.4 - step * 0.00005 + rng.uniform(-0.02, 0.02), step - 1, step * 512.0, st))
    files["node-k01/nemo_log_globalrank-0.txt"] = "\n".join(L) + "\n"
    pids = {h: [22010 + ni * 417 + i for i in range(8)] for ni, h in enumerate(nodes)}
    for ni, h in enumerate(nodes):
        O = []
        if h == "node-k03":
            tt = flap0
            for k in range(9):
                tt = add(tt, rng.randint(90, 260))
                for lr in (4, 5):
                    O.append("%s:%d:%d [%d] NCCL WARN NET/IB : Got async event : port error" % (h, pids[h][lr], pids[h][lr] + 211, lr))
                O.append("%s:%d:%d [%d] NCCL WARN NET/IB : Got async event : port active" % (h, pids[h][4], pids[h][4] + 211, 4))
            O.append("")
            O.append("%s:%d:%d [5] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<51082> with status=IBV_WC_RETRY_EXC_ERR(12) opcode=IBV_WC_SEND(0) reqSize=0 vendor_err=129 req_type=Send localGid fe80::b83f:d203:5c:7a02 remoteGids fe80::b83f:d203:5c:8a02 hca mlx5_2" % (h, pids[h][5], pids[h][5] + 211, ips[3]))
            O.append("%s:%d:%d [5] NCCL INFO transport/net.cc:1298 -> 6" % (h, pids[h][5], pids[h][5] + 211))
            O.append("%s:%d:%d [5] NCCL INFO proxy.cc:698 -> 6" % (h, pids[h][5], pids[h][5] + 211))
            O.append("%s:%d:%d [5] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (h, pids[h][5], pids[h][5] + 211))
            O.append("%s [PG 0 (default_pg) Rank 21] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3" % torch_glog(21, "E", add(hang, 14), 30221110, "ProcessGroupNCCL.cpp:1316"))
            O.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
            O.append("Last error:")
            O.append("NET/IB : Got completion from peer %s<51082> with status=IBV_WC_RETRY_EXC_ERR(12) opcode=IBV_WC_SEND(0) reqSize=0 vendor_err=129 req_type=Send localGid fe80::b83f:d203:5c:7a02 remoteGids fe80::b83f:d203:5c:8a02 hca mlx5_2" % ips[3])
            root = (21, 5, h, -6, pids[h][5], "Signal 6 (SIGABRT) received by PID %d" % pids[h][5])
            O += child_failed("megatron_gpt_pretraining.py", add(hang, 16), [], root)
        else:
            tt = add(hang, 600)
            for lr in (0, 3):
                r = ni * 8 + lr
                O.append(watchdog_timeout(r, tt, 77000000 + r, 40982, "ALLREDUCE", 335544320))
                O += watchdog_tail(r, add(tt, 1), 88000000 + r, 40982)
            root = (ni * 8, 0, h, -6, pids[h][0], "Signal 6 (SIGABRT) received by PID %d" % pids[h][0])
            O += child_failed("megatron_gpt_pretraining.py", add(tt, 4), [], root)
        files["%s/stderr.log" % h] = "\n".join(O) + "\n"
    boot = T("2024-04-15 09:00:00")
    dm = boot_dmesg(boot, "node-k03", nic_pci="4b:00.0")
    tt = flap0
    for k in range(9):
        tt = add(tt, rng.randint(90, 260))
        dm.append("%s mlx5_core 0000:4b:00.0 mlx5_2: Port: 1 Link DOWN" % uptime(boot, add(tt, -1), 100 + k))
        dm.append("%s mlx5_core 0000:4b:00.0: Port module event: module 0, Cable plugged" % uptime(boot, add(tt, 2), 300 + k))
        dm.append("%s mlx5_core 0000:4b:00.0 mlx5_2: Port: 1 Link ACTIVE" % uptime(boot, add(tt, 4), 500 + k))
    dm.append("%s mlx5_core 0000:4b:00.0 mlx5_2: Port: 1 Link DOWN" % uptime(boot, add(hang, -2), 9001))
    files["node-k03/dmesg.txt"] = "\n".join(dm) + "\n"
    files["slurm-50431.out"] = (
        "srun: error: node-k03: task 2: Exited with exit code 1\n"
        "srun: error: node-k01: task 0: Exited with exit code 1\n"
        "srun: error: node-k02: task 1: Exited with exit code 1\n"
        "srun: error: node-k04: task 3: Exited with exit code 1\n")
    label = dict(category="network", layer="infrastructure", culprit={"node": "node-k03", "rank": None},
                 action="restart_without_node",
                 rationale="From 05:10 node-k03's dmesg shows mlx5_2 port 1 flapping DOWN/ACTIVE nine times and its ranks log 'NET/IB : Got async event : port error', while train_step_timing swings from 2.1 s up to 14 s. At 05:41 rank 21 on node-k03 fails first with IBV_WC_RETRY_EXC_ERR on hca mlx5_2; the other nodes only hit collective watchdog timeouts ten minutes later. One node's NIC/cable.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/905")
    return name, files, label


# =============================================================================================
def bt27():
    rng = Random(7527)
    name = "bt27_periodic_throughput_dips_ecc_counts_on_one_gpu"
    nodes = ["gpu-s01", "gpu-s02"]
    start = T("2024-09-09 12:00:04")
    files = {}
    L = []
    t = add(start, 90)
    run = 0.0
    for step in range(1, 3001):
        dt = 256.0 / (47.0 + rng.uniform(-1, 1))
        if step % 500 == 1 and step > 1:
            dt += 212.0
        t = add(t, dt)
        run += dt
        if step % 500 == 0:
            L.append("gpu-s01: ***** Running Evaluation *****")
            L.append("gpu-s01:   Num examples = 20000")
            L.append("gpu-s01:   Batch size = 16")
            L.append("gpu-s01: {'eval_loss': %.4f, 'eval_runtime': 211.8, 'eval_samples_per_second': 94.43, 'eval_steps_per_second': 0.39, 'epoch': %.2f}" % (1.62 - step * 0.00004, step / 3000.0))
        if step % 25 == 0 or step % 500 == 1:
            for l in ds_step_lines(t, rng.randint(0, 999), step, 2e-5, round(step * 256.0 / run, 6), round(256.0 / dt, 6), 52.1, 71.8):
                L.append("gpu-s01: %s" % l)
    L.append("gpu-s01: {'train_runtime': %.4f, 'train_samples_per_second': %.3f, 'train_steps_per_second': %.3f, 'train_loss': 1.4471, 'epoch': 1.0}" % (run, 3000 * 256 / run, 3000 / run))
    L.append("gpu-s01: ")
    L.append("gpu-s01: Training completed. Do not forget to share your model on huggingface.co/models =)")
    L.append("gpu-s01: ")
    L.append("gpu-s01: [%s] [INFO] [launch.py:351:main] Process 70211 exits successfully." % py_ts(add(t, 95), 301))
    L.append("gpu-s02: [%s] [INFO] [launch.py:351:main] Process 51844 exits successfully." % py_ts(add(t, 96), 12))
    files["deepspeed_launcher.log"] = "\n".join(L) + "\n"
    files["sacct.txt"] = (
        "JobID           JobName      State ExitCode              Start                 End        NodeList \n"
        "------------ ---------- ---------- -------- ------------------- ------------------- --------------- \n"
        "204418       sft-8b-v3   COMPLETED      0:0 2024-09-09T12:00:00 %s    gpu-s[01-02] \n" % iso(add(t, 99)))
    snap = T("2024-09-09 14:22:40")
    gs = [gpu(i, H100_BUS[i], temp=52 + i % 5, power=520.0 + i * 3, util=99, used=73120,
              sram_corr=(2 if i == 2 else 0), remap_corr=(1 if i == 2 else 0), remap_pending="No") for i in range(8)]
    files["gpu-s02/nvidia-smi-q.txt"] = nvsmi_q(snap, gs)
    files["ops_question.txt"] = ("Throughput graph for sft-8b-v3 dips to near zero every ~45 min. gpu-s02 GPU 2 shows SRAM correctable ECC 2 and one remapped row.\n"
                                 "Should we drain gpu-s02?\n")
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="The job completed: 'Training completed', both DeepSpeed launchers report 'exits successfully', sacct COMPLETED 0:0. The dips come right after each 500-step evaluation pass (~212 s eval_runtime folded into the next step's timer); steady-state CurrSamplesPerSec is flat at ~47. gpu-s02 GPU 2's two corrected SRAM errors and one remapped row with nothing pending did not affect the run.",
                 modelled_on="https://github.com/huggingface/pytorch-image-models/issues/1491")
    return name, files, label


# =============================================================================================
def bt28():
    rng = Random(7528)
    name = "bt28_straggler_report_keeps_naming_one_rank"
    nodes = ["gpu-t01", "gpu-t02", "gpu-t03", "gpu-t04"]
    start = T("2025-01-21 06:00:12")
    files = {}
    L = []
    L.append("[NeMo I %s nemo_logging:393] Straggler detection enabled: report_time_interval=300.0 calc_relative_gpu_perf=True calc_individual_gpu_perf=True num_gpu_perf_scores_to_print=5 gpu_relative_perf_threshold=0.7 gpu_individual_perf_threshold=0.7 stop_if_detected=False" % start.strftime("%Y-%m-%d %H:%M:%S"))
    el = 0.0
    tr0 = add(start, 140)
    nxt = 300.0
    for step in range(1, 3001):
        st = 2.74 + rng.uniform(-0.03, 0.04)
        el += st
        if step % 20 == 0:
            L.append(nemo_bar(0, step, 40000, el, 2.5 - step * 0.0001 + rng.uniform(-0.02, 0.02), step - 1, step * 256.0, st))
        if el >= nxt:
            nxt += 300.0
            ts = add(tr0, el).strftime("%Y-%m-%d %H:%M:%S")
            s13 = 0.41 + rng.uniform(-0.02, 0.02)
            others = sorted([(0.96 + rng.uniform(0, 0.04), r) for r in range(32) if r != 13])
            L.append("[NeMo I %s nemo_logging:393] GPU relative performance:" % ts)
            L.append("     Worst performing 5/32 ranks:")
            L.append("      Rank=13 Node=gpu-t02 Score=%.2f" % s13)
            for sc, r in others[:4]:
                L.append("      Rank=%d Node=%s Score=%.2f" % (r, nodes[r // 8], sc))
            L.append("     Best performing 5/32 ranks:")
            for sc, r in others[-5:][::-1]:
                L.append("      Rank=%d Node=%s Score=%.2f" % (r, nodes[r // 8], sc))
            L.append("[NeMo I %s nemo_logging:393] GPU individual performance:" % ts)
            L.append("     Worst performing 5/32 ranks:")
            L.append("      Rank=13 Node=gpu-t02 Score=%.2f" % (s13 + 0.02))
            for sc, r in others[:4]:
                L.append("      Rank=%d Node=%s Score=%.2f" % (r, nodes[r // 8], sc))
            L.append("[NeMo W %s nemo_logging:405] STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. Affected Ranks: [13]" % ts)
            L.append("[NeMo W %s nemo_logging:405] STRAGGLER DETECTION WARNING: Some GPUs performance dropped. Affected Ranks: [13]" % ts)
    files["gpu-t01/nemo_log_globalrank-0.txt"] = "\n".join(L) + "\n"
    files["expected.txt"] = "llama3-8b cpt, 4x8 H100, same config on gpu-t[05-08] last week: train_step_timing ~2.21 s\n"
    snap = T("2025-01-21 08:31:44")
    gs = [gpu(i, H100_BUS[i], temp=54 + i % 6, power=(402.0 if i == 5 else 630.0 + i * 4), sm=1980, util=100, used=70118) for i in range(8)]
    files["gpu-t02/nvidia-smi-q.txt"] = nvsmi_q(snap, gs, driver="535.161.08", cuda="12.2")
    files["gpu-t02/dcgmi-diag-r2.txt"] = (
        "Successfully ran diagnostic for group.\n"
        "+---------------------------+------------------------------------------------+\n"
        "| Diagnostic                | Result                                         |\n"
        "+===========================+================================================+\n"
        "|-----  Metadata  ----------+------------------------------------------------|\n"
        "| DCGM Version              | 3.3.5                                          |\n"
        "| Driver Version Detected   | 535.161.08                                     |\n"
        "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |\n"
        "|-----  Deployment  --------+------------------------------------------------|\n"
        "| Denylist                  | Pass                                           |\n"
        "| NVML Library              | Pass                                           |\n"
        "| CUDA Main Library         | Pass                                           |\n"
        "| Permissions and OS Blocks | Pass                                           |\n"
        "| Persistence Mode          | Pass                                           |\n"
        "| Environment Variables     | Pass                                           |\n"
        "| Page Retirement/Row Remap | Pass                                           |\n"
        "| Graphics Processes        | Pass                                           |\n"
        "| Inforom                   | Pass                                           |\n"
        "+-----  Integration  -------+------------------------------------------------+\n"
        "| PCIe                      | Pass - All                                     |\n"
        "+-----  Hardware  ----------+------------------------------------------------+\n"
        "| GPU Memory                | Pass - All                                     |\n"
        "+-----  Stress  ------------+------------------------------------------------+\n"
        "+---------------------------+------------------------------------------------+\n"
        "# note: run on gpu-t02 during a 10-minute drain window at 08:20 (job 118221 paused)\n")
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "gpu-t02", "rank": 13},
                 action="restart_without_node",
                 rationale="Every 5-minute NVRx straggler report names Rank=13 Node=gpu-t02 with relative and individual scores ~0.4 while all other ranks score ~0.96-1.0, and step time is ~2.74 s against ~2.21 s expected. nvidia-smi shows no throttle reason on gpu-t02 GPU 5 (only lower power from doing less work) and a short dcgmi diag -r 2 passes, but a single consistently slow rank on one node is node evidence.",
                 modelled_on="https://github.com/NVIDIA/DCGM/issues/122")
    return name, files, label


# =============================================================================================
def bt29():
    rng = Random(7529)
    name = "bt29_resumed_run_quarter_slower_than_before_preemption"
    files = {}
    a1 = ["gpu-w01", "gpu-w02", "gpu-w03", "gpu-w04"]
    a2 = ["gpu-w05", "gpu-w06", "gpu-w07", "gpu-w08"]
    s1 = T("2024-12-18 20:00:07")
    L = torchrun_rdzv(s1, 0, 4, a1[0])
    t = add(s1, 60)
    for step in range(1, 2401):
        tps = 3905 + rng.randint(-40, 40) if step > 1 else 380
        t = add(t, 2 * 8192.0 / tps)
        if step == 1 or step % 20 == 0:
            tfl = tps * 0.0594
            L.append(titan_line(0, t, rng.randint(0, 999), step, max(2.6, 11.0 - step * 0.0035), 57.91, 73.14, tps, tfl, tfl / 9.89))
        if step % 500 == 0:
            L.append("[rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % py_ts(t, 100))
            L.append("[rank0]:[titan] %s - root - INFO - [GC] Peforming periodical GC collection. 0.05 seconds." % py_ts(t, 400))
    pre_t = add(t, 30)
    L.append("slurmstepd: error: *** STEP 91231.0 ON gpu-w01 CANCELLED AT %s DUE TO PREEMPTION ***" % iso(pre_t))
    L.append("W%s %s.%06d 140 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (pre_t.strftime("%m%d"), pre_t.strftime("%H:%M:%S"), 8812))
    files["attempt_1/gpu-w01/torchrun.log"] = "\n".join(L) + "\n"
    s2 = add(pre_t, 1420)
    L = torchrun_rdzv(s2, 0, 4, a2[0])
    t = add(s2, 70)
    L.append("[rank0]:[titan] %s - root - INFO - Loading the checkpoint at step 2000." % py_ts(t, 210))
    t = add(t, 38)
    L.append("[rank0]:[titan] %s - root - INFO - Finished loading the checkpoint in 37.92 seconds." % py_ts(t, 930))
    for step in range(2001, 4201):
        tps = 2935 + rng.randint(-40, 40)
        t = add(t, 2 * 8192.0 / tps)
        if step % 20 == 0:
            tfl = tps * 0.0594
            L.append(titan_line(0, t, rng.randint(0, 999), step, max(2.6, 11.0 - step * 0.0035), 57.91, 73.14, tps, tfl, tfl / 9.89))
    files["attempt_2/gpu-w05/torchrun.log"] = "\n".join(L) + "\n"
    pids = {h: [30100 + ni * 321 + i for i in range(8)] for ni, h in enumerate(a2)}
    N = []
    for ni, h in enumerate(a2):
        N += nccl_init(h, pids[h], ni, 32, s2, "10.77.2.%d" % (5 + ni), version="2.21.5+cuda12.4")
    for ni, h in enumerate(a2):
        N += nccl_channels(h, pids[h], ni, 32, nchan=1)
    files["attempt_2/nccl_init.log"] = "\n".join(N) + "\n"
    snap = add(s2, 5400)
    for h in ("gpu-w06", "gpu-w08"):
        gs = [gpu(i, H100_BUS[i], temp=53 + (i + int(h[-1])) % 7, power=560.0 + (i * 11) % 70, sm=1980 - (i % 2) * 15,
                  util=100, used=64001) for i in range(8)]
        files["attempt_2/%s/nvidia-smi-q.txt" % h] = nvsmi_q(add(snap, int(h[-1])), gs, driver="550.90.07", cuda="12.4")
    for h in ("gpu-w02", "gpu-w07"):
        files["%s/ibstat_summary.txt" % ("attempt_1/" + h if h in a1 else "attempt_2/" + h)] = "".join(
            "mlx5_%d: State: Active  Physical state: LinkUp  Rate: 400  Link layer: InfiniBand\n" % i for i in range(8))
    files["scheduler_events.log"] = (
        "%s job 91231 started on gpu-w[01-04]\n" % iso(add(s1, -6))
        + "%s job 91231 preempted by higher-priority reservation 'eval-burst' (PreemptMode=REQUEUE)\n" % iso(pre_t)
        + "%s job 91231 requeued, started on gpu-w[05-08] (attempt 2)\n" % iso(add(s2, -5))
        + "%s bundle collected, job 91231 RUNNING\n" % iso(add(s2, 5500)))
    files["inventory.txt"] = ("gpu-w[01-08]: DGX H100, BIOS 1.2.4, driver 550.90.07, CX-7 fw 28.41.1000, same image dgx-os-6.3.1, same rack row R14\n")
    label = dict(category="straggler", layer="infrastructure", culprit=None, action="run_diagnostics",
                 rationale="After the scheduler preempted and requeued the job, the resumed attempt on gpu-w[05-08] runs at a steady ~2,935 tps versus ~3,905 before, with the same config and image. NCCL uses IB with GDRDMA on every rank, the sampled nodes show full clocks and no throttle reasons, and nothing singles out a node or rank. Slow with no evidence of why.",
                 modelled_on="https://github.com/rwth-i6/returnn/issues/1485")
    return name, files, label


CASES = [bt23, bt24, bt25, bt26, bt27, bt28, bt29]
