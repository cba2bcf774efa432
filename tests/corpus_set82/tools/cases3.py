"""Cases ca21 - ca30."""

from common import (D, at, iso, stamp, ms, tfmt, glog, dmesg_T, dmesg_up, journal, syslog, lines, prefix,
                    traceback, SITE, launcher_frames, child_failed, agent, omp_banner, sigterm_lines,
                    failed_line, gloo_closed, gloo_reset, gloo_recv_timeout, gloo_send_timeout, c10d_frames)


def _smi_header(driver, cuda, when):
    return [when,
            "+---------------------------------------------------------------------------------------+",
            "| NVIDIA-SMI %-22s Driver Version: %-14s CUDA Version: %-9s|" % (driver, driver, cuda),
            "|-----------------------------------------+----------------------+----------------------+"]


# ======================================================================================
# ca21: one node re-imaged with an old driver; its ranks fail at set_device
# ======================================================================================

def ca21():
    ver = "2.2"
    site = SITE[ver]
    job = 2280417
    nodes = ["gpu-b01", "gpu-b02", "gpu-b03"]
    script = "/scratch/ohassan/mae/main_pretrain.py"
    t0 = D("2024-04-16 07:45:09")
    t_to = at(t0, 1808.0)
    files = {}
    for k, n in enumerate(nodes):
        out = []
        for j in range(4):
            r = k * 4 + j
            out.append("%s | rank %d/%d on %s local_rank %d" % (stamp(at(t0, 2 + j * 0.01)), r, 12, n, j))
        if n == "gpu-b02":
            for j in range(4):
                r = 4 + j
                out += traceback([(script, 301, "<module>", "main(args)"),
                                  (script, 112, "main", "torch.cuda.set_device(args.local_rank)"),
                                  (site + "/torch/cuda/__init__.py", 404, "set_device", "torch._C._cuda_setDevice(device)"),
                                  (site + "/torch/cuda/__init__.py", 302, "_lazy_init", "torch._C._cuda_init()")],
                                 "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please "
                                 "update your GPU driver by downloading and installing a new version from the URL: "
                                 "http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to "
                                 "install a PyTorch version that has been compiled with your version of the CUDA driver.").split("\n")
            out.append("srun: error: gpu-b02: tasks 4-7: Exited with exit code 1")
        else:
            for j in range(4):
                r = k * 4 + j
                out.append("%s | rank %d: init_process_group(backend='cpu:gloo,cuda:nccl') ..." % (stamp(at(t0, 6)), r))
            if k == 0:
                out += traceback([(script, 301, "<module>", "main(args)"),
                                  (script, 118, "main", "dist.init_process_group(backend=\"cpu:gloo,cuda:nccl\", timeout=timedelta(minutes=30))"),
                                  (site + "/torch/distributed/c10d_logger.py", 86, "wrapper", "func_return = func(*args, **kwargs)"),
                                  (site + "/torch/distributed/distributed_c10d.py", 1177, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                                  (site + "/torch/distributed/rendezvous.py", 246, "_env_rendezvous_handler", "store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)"),
                                  (site + "/torch/distributed/rendezvous.py", 174, "_create_c10d_store", "return TCPStore(")],
                                 "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 8/12 clients joined.").split("\n")
            for j in range(4):
                r = k * 4 + j
                if r == 0:
                    continue
                out.append("[rank%d] torch.distributed.DistNetworkError: failed to recv, got 0 bytes" % r)
            out.append("srun: error: %s: tasks %d-%d: Exited with exit code 1" % (n, k * 4, k * 4 + 3))
        files[n + "/rank-logs.txt"] = lines(out)
    for k, n in enumerate(nodes):
        if n == "gpu-b02":
            smi = _smi_header("470.223.02", "11.4", "Tue Apr 16 08:20:31 2024")
        else:
            smi = _smi_header("535.154.05", "12.2", "Tue Apr 16 08:20:31 2024")
        for g in range(4):
            smi.append("|   %d  NVIDIA A100-SXM4-40GB          On  | 00000000:%02X:00.0 Off |                    0 |" % (g, [0x07, 0x0f, 0x47, 0x4e][g]))
            smi.append("| N/A   31C    P0              52W / 400W |      0MiB / 40960MiB |      0%%      Default |" .replace("%%", "%"))
        files[n + "/nvidia-smi.txt"] = lines(smi)
    files["gpu-b02/dpkg-nvidia.txt"] = lines(
        "$ dpkg -l | grep -E 'nvidia-driver|libnvidia-compute'",
        "ii  libnvidia-compute-470-server:amd64  470.223.02-0ubuntu0.20.04.1  amd64  NVIDIA libcompute package",
        "ii  nvidia-driver-470-server            470.223.02-0ubuntu0.20.04.1  amd64  NVIDIA Server Driver metapackage",
        "# node re-imaged 2024-04-15 from golden image 'gpu-focal-2023Q3' (ticket HPC-8812)")
    files["gpu-b01/dpkg-nvidia.txt"] = lines(
        "$ dpkg -l | grep -E 'nvidia-driver|libnvidia-compute'",
        "ii  libnvidia-compute-535-server:amd64  535.154.05-0ubuntu0.20.04.1  amd64  NVIDIA libcompute package",
        "ii  nvidia-driver-535-server            535.154.05-0ubuntu0.20.04.1  amd64  NVIDIA Server Driver metapackage")
    files["job.sbatch"] = lines(
        "#!/bin/bash",
        "#SBATCH -N 3 --ntasks-per-node=4 --gpus-per-node=4 -p a100 --time=48:00:00",
        "module load cuda/12.1",
        "source /scratch/ohassan/venvs/mae/bin/activate   # torch 2.2.1+cu121",
        "export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -1) MASTER_PORT=29533",
        "srun python main_pretrain.py --model mae_vit_large_patch16 --batch_size 64 --blr 1.5e-4")
    files["slurm-%d.out" % job] = lines(
        "srun: error: gpu-b02: tasks 4-7: Exited with exit code 1",
        "srun: error: gpu-b01: tasks 0-3: Exited with exit code 1",
        "srun: error: gpu-b03: tasks 8-11: Exited with exit code 1")
    label = dict(category="dependency", layer="infrastructure", culprit={"node": "gpu-b02", "rank": None},
                 action="restart_without_node",
                 rationale="Only gpu-b02's four ranks fail, immediately, with 'NVIDIA driver on your system is too old "
                           "(found version 11040)'; that node was re-imaged with driver 470 while gpu-b01/b03 run 535. "
                           "The DistStoreError (8/12 joined) on the other nodes is the consequence.",
                 modelled_on="https://github.com/lllyasviel/Fooocus/issues/1313")
    return "ca21_diststoreerror_8_of_12_clients_joined", label, files


# ======================================================================================
# ca22: Lightning CPU DDP (gloo): loss goes NaN on every rank, EarlyStopping stops the run
# ======================================================================================

def ca22():
    nodes = ["cpu-l01", "cpu-l02"]
    t0 = D("2024-07-08 13:00:31")
    files = {}
    bar = "-" * 100
    for k, n in enumerate(nodes):
        out = []
        for j in range(4):
            r = k * 4 + j
            out.append("Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/8" % (r, r + 1))
        if k == 0:
            out += [bar, "distributed_backend=gloo", "All distributed processes registered. Starting with 8 processes", bar, "",
                    "  | Name      | Type            | Params | Mode ",
                    "------------------------------------------------------",
                    "0 | model     | FTTransformer   | 12.4 M | train",
                    "1 | criterion | BCEWithLogitsLoss | 0    | train",
                    "------------------------------------------------------",
                    "12.4 M    Trainable params",
                    "0         Non-trainable params",
                    "12.4 M    Total params",
                    "49.603    Total estimated model params size (MB)",
                    "/opt/venv/lib/python3.11/site-packages/lightning/pytorch/trainer/connectors/data_connector.py:424: "
                    "The 'val_dataloader' does not have many workers which may be a bottleneck. Consider increasing the "
                    "value of the `num_workers` argument` to `num_workers=7` in the `DataLoader` to improve performance.",
                    "Epoch 0: 100%|██████████| 1250/1250 [05:12<00:00,  4.00it/s, v_num=3, train_loss=0.912, grad_norm=3.12]",
                    "Epoch 0: 100%|██████████| 1250/1250 [05:31<00:00,  3.77it/s, v_num=3, train_loss=0.912, grad_norm=3.12, val_loss=0.874, val_auc=0.611]",
                    "Epoch 1:  30%|███       | 375/1250 [01:34<03:39,  3.98it/s, v_num=3, train_loss=1.930, grad_norm=411.0, val_loss=0.874, val_auc=0.611]",
                    "Epoch 1:  36%|███▌      | 450/1250 [01:53<03:21,  3.98it/s, v_num=3, train_loss=88.40, grad_norm=8.1e+3, val_loss=0.874, val_auc=0.611]",
                    "Epoch 1:  37%|███▋      | 462/1250 [01:56<03:18,  3.98it/s, v_num=3, train_loss=nan, grad_norm=inf, val_loss=0.874, val_auc=0.611]",
                    "Epoch 1: 100%|██████████| 1250/1250 [05:13<00:00,  3.99it/s, v_num=3, train_loss=nan, grad_norm=nan, val_loss=0.874, val_auc=0.611]",
                    "Epoch 1: 100%|██████████| 1250/1250 [05:32<00:00,  3.76it/s, v_num=3, train_loss=nan, grad_norm=nan, val_loss=nan, val_auc=0.500]",
                    "Monitored metric val_loss = nan is not finite. Previous best value was 0.874. Signaling Trainer to stop.",
                    "Epoch 1: 100%|██████████| 1250/1250 [05:32<00:00,  3.76it/s, v_num=3, train_loss=nan, grad_norm=nan, val_loss=nan, val_auc=0.500]",
                    "`Trainer.fit` stopped: EarlyStopping callback requested stop."]
        files[n + "/srun-rank-output.txt"] = lines(out)
        files[n + "/dmesg.txt"] = lines(dmesg_T(D("2024-07-01 06:00:00"), "EDAC amd64: F19h detected (node 0)."),
                                        dmesg_T(D("2024-07-01 06:00:00"), "EDAC MC0: Giving out device to module amd64_edac controller F19h: DEV 0000:00:18.3 (INTERRUPT)"))
    files["grad_log_rank0.csv"] = lines(
        "step,lr,loss,grad_norm,max_abs_logit",
        "1240,2.5000,0.9102,2.98,6.1",
        "1250,2.5000,0.9115,3.12,6.4",
        "1400,2.5000,0.9887,19.7,14.0",
        "1600,2.5000,1.9301,411.0,98.2",
        "1690,2.5000,31.772,2930.1,1804.0",
        "1700,2.5000,88.401,8101.3,8830.9",
        "1711,2.5000,inf,inf,inf",
        "1712,2.5000,nan,nan,nan")
    files["config.yaml"] = lines(
        "trainer:",
        "  accelerator: cpu",
        "  strategy: ddp          # gloo on CPU",
        "  num_nodes: 2",
        "  devices: 4",
        "  max_epochs: 40",
        "  gradient_clip_val: null",
        "model:",
        "  d_token: 192",
        "  n_blocks: 3",
        "optimizer:",
        "  name: sgd",
        "  momentum: 0.9",
        "  lr: 2.5            # linear-scaled from 0.1 @ bs 256 to global bs 6400, no warmup",
        "data:",
        "  batch_size: 800    # per rank",
        "callbacks:",
        "  early_stopping: {monitor: val_loss, patience: 5, check_finite: true}")
    files["sacct.txt"] = lines("JobID           JobName      State ExitCode   NodeList",
                               "4471902       fttrans-ddp  COMPLETED      0:0 cpu-l[01-02]")
    label = dict(category="numerical", layer="script", culprit=None, action="stop",
                 rationale="Grad norm grows over ~400 steps and the loss reaches inf/NaN on every rank at once (DDP "
                           "averages them), after which EarlyStopping stops the run. The config uses SGD lr 2.5 from "
                           "linear scaling with no warmup and no clipping: a recipe divergence, not a machine fault.",
                 modelled_on="https://github.com/facebookresearch/maskrcnn-benchmark/issues/295")
    return "ca22_val_loss_nan_earlystopping", label, files


# ======================================================================================
# ca23: mpirun CPU job, ranks 8-11 twice as slow; cpu-r1n03 thermally throttled (dead fan)
# ======================================================================================

def ca23():
    nodes = ["cpu-r1n01", "cpu-r1n02", "cpu-r1n03", "cpu-r1n04"]
    t0 = D("2024-08-05 09:00:02")
    files = {}
    mp = ["$ mpirun -np 16 -H cpu-r1n01:4,cpu-r1n02:4,cpu-r1n03:4,cpu-r1n04:4 --bind-to core --map-by slot:PE=16 \\",
          "    -x MASTER_ADDR=cpu-r1n01 -x MASTER_PORT=29500 -x OMP_NUM_THREADS=16 python train_lstm_lm.py --bptt 140",
          "[rank 0] init_process_group(gloo, tcp://cpu-r1n01:29500) world_size=16 (from OMPI_COMM_WORLD_*)"]
    for i, step in enumerate(range(200, 2201, 250)):
        t = at(t0, 600 + i * 740)
        slow = 2.85 + (i % 3) * 0.04
        mp.append("[rank 0] %s step %d | %.2f s/step | fwd+bwd ms per rank: min 1207 (r2) median 1291 max %d (r%d) | ppl %.1f" % (
            stamp(t), step, slow, int(slow * 1000 - 40), [9, 10, 8, 11][i % 4], 211.0 - i * 6.1))
    mp.append("[rank 0] %s allreduce wait ms (mean over last 100 steps): r0 1560 r1 1571 r4 1549 r5 1555 r8 12 r9 9 r10 15 r11 11 r12 1563 r15 1570" % stamp(at(t0, 7000)))
    mp.append("^C (job killed by user at %s to investigate)" % stamp(at(t0, 7400)))
    mp.append("--------------------------------------------------------------------------")
    mp.append("mpirun noticed that process rank 0 with PID 4410 on node cpu-r1n01 exited on signal 2 (Interrupt).")
    mp.append("--------------------------------------------------------------------------")
    files["mpirun.out"] = lines(mp)
    for k, n in enumerate(nodes):
        if n == "cpu-r1n03":
            d = [dmesg_T(D("2024-08-05 08:30:12"), "CPU12: Core temperature above threshold, cpu clock throttled (total events = 102)")]
            for i in range(6):
                tt = at(t0, 400 + i * 1100)
                d.append(dmesg_T(tt, "CPU%d: Package temperature above threshold, cpu clock throttled (total events = %d)" % (16 + i * 3, 48211 + i * 27003)))
                d.append(dmesg_T(tt, "CPU%d: Package temperature above threshold, cpu clock throttled (total events = %d)" % (40 + i, 48211 + i * 27003)))
                d.append(dmesg_T(at(tt, 0.004), "CPU%d: Package temperature/speed normal" % (16 + i * 3)))
            files[n + "/dmesg.txt"] = lines(d)
            files[n + "/ipmitool-sdr.txt"] = lines(
                "CPU1 Temp        | 78 degrees C      | ok",
                "CPU2 Temp        | 97 degrees C      | cr",
                "FAN1             | 8400 RPM          | ok",
                "FAN2             | 8400 RPM          | ok",
                "FAN3             | 8520 RPM          | ok",
                "FAN4             | 0 RPM             | cr",
                "FAN5             | 0 RPM             | cr",
                "PS1 Status       | 0x01              | ok")
            files[n + "/turbostat.txt"] = lines(
                "Package Core  CPU  Avg_MHz  Busy%  Bzy_MHz  PkgTmp  PkgWatt",
                "-       -     -    1108     92.71  1195     97      131.40",
                "0       0     0    2702     93.10  2902     78      205.11",
                "1       0     32   1080     92.90  1163     97      98.03")
        else:
            files[n + "/dmesg.txt"] = lines(dmesg_T(D("2024-07-29 10:00:00"), "intel_rapl_common: Found RAPL domain package"))
            files[n + "/turbostat.txt"] = lines(
                "Package Core  CPU  Avg_MHz  Busy%  Bzy_MHz  PkgTmp  PkgWatt",
                "-       -     -    2644     91.20  2899     74      203.90")
            files[n + "/ipmitool-sdr.txt"] = lines(
                "CPU1 Temp        | 73 degrees C      | ok",
                "CPU2 Temp        | 75 degrees C      | ok",
                "FAN4             | 8460 RPM          | ok",
                "FAN5             | 8400 RPM          | ok")
    files["rankfile-map.txt"] = lines(
        "# mpirun --display-map",
        " Data for node: cpu-r1n01  Num slots: 4  Num procs: 4  ranks 0 1 2 3",
        " Data for node: cpu-r1n02  Num slots: 4  Num procs: 4  ranks 4 5 6 7",
        " Data for node: cpu-r1n03  Num slots: 4  Num procs: 4  ranks 8 9 10 11",
        " Data for node: cpu-r1n04  Num slots: 4  Num procs: 4  ranks 12 13 14 15")
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "cpu-r1n03", "rank": None},
                 action="restart_without_node",
                 rationale="No crash; every step waits for ranks 8-11, which are all on cpu-r1n03 and spend ~2x longer "
                           "in compute while the others idle in allreduce. cpu-r1n03 logs package thermal throttling, "
                           "two fans at 0 RPM, CPU2 at 97 C and ~1.2 GHz busy clock. One hot node slows the whole job.",
                 modelled_on="https://github.com/erpalma/throttled/issues/103")
    return "ca23_steps_slow_ranks_8_to_11_dominate", label, files


# ======================================================================================
# ca24: torchrun gloo CPU job 10x slower than expected on both nodes: OMP_NUM_THREADS=1 set by job
# ======================================================================================

def ca24():
    ver = "2.5"
    nodes = ["epyc-01", "epyc-02"]
    t0 = D("2024-12-02 10:00:40")
    files = {}
    for k, n in enumerate(nodes):
        apid = 8810 + k * 3
        out = ["$ ./job.sh   (node_rank=%d)" % k,
               "[default0]:%s rank %d: torch %s, torch.get_num_threads()=1, os.cpu_count()=192, mkl=True" % (stamp(at(t0, 5)), k, "2.5.1+cpu"),
               "[default0]:%s rank %d: model 1.3B params (bf16 autocast on CPU), micro-batch 4, grad-accum 8" % (stamp(at(t0, 30)), k)]
        if k == 0:
            for i, s in enumerate(range(10, 131, 20)):
                out.append("[default0]:%s step %d | loss %.3f | %.1f s/step | tokens/s %d" % (stamp(at(t0, 90 + s * 41.3)), s, 3.91 - i * 0.05, 41.3 + (i % 2) * 0.4, 794 - i))
        files[n + "/torchrun.log"] = lines(out)
        files[n + "/top.txt"] = lines(
            "top - %s up 12 days,  3:11,  1 user,  load average: 1.03, 1.02, 1.00" % at(t0, 5400).strftime("%H:%M:%S"),
            "Tasks: 812 total,   2 running, 810 sleeping,   0 stopped,   0 zombie",
            "%Cpu(s):  0.6 us,  0.1 sy,  0.0 ni, 99.3 id,  0.0 wa,  0.0 hi,  0.0 si,  0.0 st",
            "MiB Mem : 1547702.1 total, 1402201.4 free,  41022.3 used, 104478.4 buff/cache",
            "",
            "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
            "   %d svc-llm   20   0   61.2g  34.1g 412212 R 100.0   2.2  91:12.44 python" % (apid + 7),
            "   1811 root      20   0 1841272  90112  41220 S   0.3   0.0   4:11.02 node_exporter")
        files[n + "/lscpu.txt"] = lines("CPU(s):                          192", "Thread(s) per core:              2",
                                        "Core(s) per socket:              48", "Socket(s):                       2",
                                        "Model name:                      AMD EPYC 9454 48-Core Processor",
                                        "CPU max MHz:                     3810.0000")
        files[n + "/dmesg.txt"] = lines(dmesg_T(D("2024-11-20 07:10:00"), "amd_pstate: driver load is disabled, boot with specific mode to enable this"))
    files["job.sh"] = lines(
        "#!/bin/bash",
        "# llm-cpu finetune, 2 x EPYC 9454 nodes",
        "export OMP_NUM_THREADS=1      # silence the torchrun warning",
        "export MKL_NUM_THREADS=1",
        "export TORCH_DISTRIBUTED_DEBUG=OFF",
        "torchrun --nnodes 2 --nproc-per-node 1 --node-rank $NODE_RANK --master-addr epyc-01 --master-port 29500 \\",
        "    finetune.py --model 1.3b --micro-batch 4 --grad-accum 8")
    files["expected-throughput.md"] = lines(
        "Benchmark from the model card (same code, single epyc node, OMP_NUM_THREADS=96): 3.9 s/step, ~8400 tokens/s",
        "Ticket: 'job is 10x slower on the new cluster, are the nodes broken?'")
    label = dict(category="straggler", layer="script", culprit=None, action="stop",
                 rationale="Both nodes are equally slow (41 s/step vs ~4 s expected) with one core busy and 99% idle; "
                           "the job script exports OMP_NUM_THREADS=1 and MKL_NUM_THREADS=1, so each single-process "
                           "node runs its math on one thread. The job's own setting, the nodes are fine.",
                 modelled_on="https://github.com/pytorch/torchtitan/issues/4038")
    return "ca24_41s_per_step_on_both_nodes", label, files


# ======================================================================================
# ca25: one node silently vanishes; later peers get connection resets; kdump shows fatal MCE
# ======================================================================================

def ca25():
    ver = "2.2"
    site = SITE[ver]
    nodes = ["gloo-d01", "gloo-d02", "gloo-d03", "gloo-d04"]
    ips = ["10.1.0.11", "10.1.0.12", "10.1.0.13", "10.1.0.14"]
    script = "/opt/train/moe_cpu/train.py"
    t0 = D("2024-03-01 00:30:04")
    t_panic = D("2024-03-01 03:12:40")
    t_back = D("2024-03-01 03:17:05")
    t_rst = at(t_back, 31.2)
    files = {}
    for k, n in enumerate(nodes):
        apid = 9120 + k * 61
        wp = [apid + 9 + j for j in range(4)]
        out = ["$ torchrun --nnodes=4 --nproc-per-node=4 --rdzv-backend=c10d --rdzv-endpoint=gloo-d01:29400 --rdzv-id=moe0301 %s" % script]
        out += omp_banner(ver, t0, apid)
        steps = [(at(t_panic, -600 + i * 120), 7100 + i * 40) for i in range(5)]
        if k == 0:
            for t, s in steps:
                out.append("[default0]:%s step %d loss %.4f aux %.4f 3.0s/it" % (stamp(t), s, 2.112, 0.0131))
        if n == "gloo-d03":
            out.append("[default2]:%s rank 10: expert load (last 100 steps) min 0.061 max 0.094" % stamp(at(t_panic, -17)))
            files[n + "/torchrun.log"] = lines(out)
            continue
        for j in range(4):
            r = k * 4 + j
            if j in (1, 2) and k != 1:
                continue
            out.append("[default%d]:Traceback (most recent call last):" % j)
            body = traceback([(script, 402, "<module>", "main()"), (script, 331, "main", "loss.backward()"),
                              (site + "/torch/_tensor.py", 522, "backward", "torch.autograd.backward("),
                              (site + "/torch/autograd/__init__.py", 266, "backward",
                               "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                             "RuntimeError: " + gloo_reset(ips[2], 51500 + r * 3))
            out += ["[default%d]:" % j + l for l in body.split("\n")[1:]]
        out += sigterm_lines(ver, at(t_rst, 4 + k * 0.2), wp[1:], apid)
        out.append(failed_line(ver, at(t_rst, 4.5 + k * 0.2), 1, 0, wp[0], "/usr/bin/python3", apid))
        out += child_failed(ver, script, dict(when=at(t_rst, k * 0.2), host=n, rank=k * 4, local_rank=0, exitcode=1, pid=wp[0])).split("\n")
        files[n + "/torchrun.log"] = lines(out)
        files[n + "/dmesg.txt"] = lines(dmesg_T(D("2024-02-27 18:00:33"), "EDAC amd64: F19h detected (node 0)."))
    files["gloo-d03/vmcore-dmesg.txt"] = lines(
        "# /var/crash/127.0.0.1-2024-03-01-03:12:41/vmcore-dmesg.txt (kdump)",
        dmesg_up(265011.402112, "mce: [Hardware Error]: Machine check events logged"),
        dmesg_up(265011.402301, "[Hardware Error]: Corrected error, no action required."),
        dmesg_up(265011.402302, "[Hardware Error]: CPU:0 (19:1:1) MC17_STATUS[Over|CE|MiscV|AddrV|-|-|SyndV|CECC|-|-|Scrub]: 0xdc2040000000011b"),
        dmesg_up(265011.402304, "[Hardware Error]: Unified Memory Controller Ext. Error Code: 0, DRAM ECC error."),
        dmesg_up(269567.991820, "mce: [Hardware Error]: CPU 33: Machine Check Exception: 5 Bank 17: bea0000000000108"),
        dmesg_up(269567.991822, "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffb2a4c1f1> {clear_page_erms+0x11/0x20}"),
        dmesg_up(269567.991823, "mce: [Hardware Error]: TSC 0 ADDR 1ffffb8c0d40 MISC d012000101000000 SYND 4d000000 IPID 1000b000000000"),
        dmesg_up(269567.991824, "mce: [Hardware Error]: PROCESSOR 2:a00f11 TIME 1709262760 SOCKET 1 APIC 41 microcode a0011d1"),
        dmesg_up(269567.991830, "[Hardware Error]: Uncorrected, software restartable error."),
        dmesg_up(269567.991831, "[Hardware Error]: CPU:33 (19:1:1) MC17_STATUS[Over|UE|MiscV|AddrV|PCC|-|SyndV|UECC|-|-|Scrub]: 0xbea0000000000108"),
        dmesg_up(269567.991833, "[Hardware Error]: Error Addr: 0x00001ffffb8c0d40"),
        dmesg_up(269567.991834, "[Hardware Error]: Unified Memory Controller Ext. Error Code: 0, DRAM ECC error."),
        dmesg_up(269567.991840, "Kernel panic - not syncing: Fatal machine check"),
        dmesg_up(269567.992110, "Kernel Offset: 0x31000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)"))
    files["gloo-d03/last-x.txt"] = lines(
        "reboot   system boot  5.15.0-97-generic Fri Mar  1 03:17   still running",
        "runlevel (to lvl 5)   5.15.0-97-generic Fri Mar  1 03:17 - 03:21  (00:03)",
        "reboot   system boot  5.15.0-97-generic Mon Feb 26 23:35 - 03:12 (3+03:37)  crash")
    files["gloo-d03/ipmi-sel.txt"] = lines(
        "  41 | 03/01/2024 | 03:12:40 | Processor CPU_MCE | Uncorrectable machine check exception | Asserted",
        "  42 | 03/01/2024 | 03:12:41 | OS Critical Stop | Run-time critical stop | Asserted",
        "  43 | 03/01/2024 | 03:14:52 | Watchdog2 BMC_WDT | Hard reset | Asserted",
        "  44 | 03/01/2024 | 03:16:10 | Memory DIMM_P1_E1 | Uncorrectable ECC | Asserted")
    label = dict(category="host", layer="infrastructure", culprit={"node": "gloo-d03", "rank": None},
                 action="restart_without_node",
                 rationale="gloo-d03's log stops mid-run at 03:12 with no error; kdump and the BMC SEL show a fatal "
                           "uncorrectable DRAM machine check, kernel panic and watchdog reset. The 'Connection reset by "
                           "peer' errors naming 10.1.0.13 on the other nodes come after it rebooted. Host hardware failure.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/150916")
    return "ca25_connection_reset_by_10_1_0_13_after_silence", label, files


# ======================================================================================
# ca26: Slurm time limit; SIGTERMs and gloo closes at the end
# ======================================================================================

def ca26():
    ver = "2.4"
    site = SITE[ver]
    job = 5520931
    nodes = ["hpc-b03", "hpc-b04"]
    script = "/home/kwon/diffusion-cpu/train.py"
    t0 = D("2024-10-21 20:00:09")
    t_lim = D("2024-10-22 08:00:14")
    files = {}
    for k, n in enumerate(nodes):
        apid = 40210 + k * 700
        wp = [apid + 12 + j for j in range(4)]
        out = ["+ srun torchrun --nnodes 2 --nproc-per-node 4 --rdzv-backend c10d --rdzv-endpoint hpc-b03:29400 %s" % script]
        out += omp_banner(ver, t0, apid)
        if k == 0:
            for i in range(4):
                out.append("[default0]:[rank0]:%s step %d/400000 loss %.4f ema %.4f" % (stamp(at(t_lim, -3600 + i * 900)), 88000 + i * 1100, 0.0841 - i * 0.0003, 0.0850))
            out.append("[default0]:[rank0]:%s checkpoint saved: ckpt/step_090000.pt" % stamp(at(t_lim, -1800)))
        out.append(agent(ver, "W", t_lim, "torch.distributed.elastic.agent.server.api",
                         "Received Signals.SIGTERM death signal, shutting down workers", apid))
        out += sigterm_lines(ver, t_lim, wp, apid)
        if k == 1:
            out.append("[default1]:[rank5]: RuntimeError: " + gloo_closed("10.22.0.3", 41233, src="new", line=534))
            out.append("[default3]:[rank7]: RuntimeError: " + gloo_closed("10.22.0.3", 41240, src="new", line=534))
        out += traceback(launcher_frames(ver, tail=[
            (site + "/torch/distributed/elastic/metrics/api.py", 137, "wrapper", "result = f(*args, **kwargs)"),
            (site + "/torch/distributed/elastic/agent/server/api.py", 696, "run", "result = self._invoke_run(role)"),
            (site + "/torch/distributed/elastic/agent/server/api.py", 855, "_invoke_run", "time.sleep(monitor_interval)"),
            (site + "/torch/distributed/elastic/multiprocessing/api.py", 84, "_terminate_process_handler",
             "raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)")]),
            "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % apid).split("\n")
        files[n + "/torchrun.log"] = lines(out)
        files[n + "/dmesg.txt"] = lines(dmesg_T(D("2024-10-20 12:00:00"), "ice 0000:31:00.0 ens785f0: NIC Link is up 100 Gbps Full Duplex, Requested FEC: RS-FEC"))
    files["slurm-%d.out" % job] = lines(
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "slurmstepd: error: *** JOB %d ON hpc-b03 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(t_lim)),
        "slurmstepd: error: *** STEP %d.0 ON hpc-b03 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(t_lim)),
        "srun: error: hpc-b04: task 1: Terminated",
        "srun: error: hpc-b03: task 0: Terminated")
    files["sacct.txt"] = lines(
        "JobID           JobName      State ExitCode    Elapsed  Timelimit",
        "------------ ---------- ---------- -------- ---------- ----------",
        "%d      ddpm-cpu-ddp    TIMEOUT      0:0   12:00:05   12:00:00" % job,
        "%d.batch        batch  CANCELLED     0:15   12:00:07" % job,
        "%d.0         torchrun  CANCELLED     0:15   12:00:05" % job)
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="Slurm cancelled the job at its 12 h limit (sacct TIMEOUT, 'DUE TO TIME LIMIT'); the agent "
                           "SIGTERMs and the gloo 'Connection closed by peer' lines are the teardown. A checkpoint was "
                           "written 30 min earlier; nothing failed.",
                 modelled_on="https://github.com/ZettaAI/zetta_utils/issues/671")
    return "ca26_sigterm_and_connection_closed_at_0800", label, files


# ======================================================================================
# ca27: the job's own DataLoader workers blow the Slurm memory limit on every node
# ======================================================================================

def ca27():
    ver = "2.3"
    site = SITE[ver]
    job = 7711203
    nodes = ["hpc-m01", "hpc-m02", "hpc-m03"]
    script = "/home/sng/ctr/train.py"
    t0 = D("2024-05-27 15:00:21")
    t_kill = D("2024-05-27 15:41:09")
    files = {}
    for k, n in enumerate(nodes):
        apid = 30001 + k * 1000
        wp = [apid + 11 + j for j in range(4)]
        out = ["+ srun torchrun --nnodes 3 --nproc-per-node 4 --rdzv-backend c10d --rdzv-endpoint hpc-m01:29400 %s --num-workers 10" % script]
        out += omp_banner(ver, t0, apid)
        out.append("[default0]:%s rank %d: loaded click log parquet into pandas: 38,112,004 rows, 29.8 GiB in memory" % (stamp(at(t0, 310)), k * 4))
        if k == 0:
            for i in range(3):
                out.append("[default0]:%s epoch 0 it %d/9300 logloss %.4f mem_rss_GiB(main)=%.1f" % (stamp(at(t0, 900 + i * 600)), 300 + i * 300, 0.4711 - i * 0.003, 31.2 + i * 0.3))
        if n == "hpc-m02":
            out.append("[default1]:Traceback (most recent call last):")
            body = traceback([(script, 288, "<module>", "main()"), (script, 201, "main", "for it, batch in enumerate(loader):"),
                              (site + "/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
                              (site + "/torch/utils/data/dataloader.py", 1329, "_next_data", "idx, data = self._get_data()"),
                              (site + "/torch/utils/data/dataloader.py", 1295, "_get_data", "success, data = self._try_get_data()"),
                              (site + "/torch/utils/data/dataloader.py", 1146, "_try_get_data",
                               "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e")],
                             "RuntimeError: DataLoader worker (pid(s) 32191, 32194) exited unexpectedly")
            out += ["[default1]:" + l for l in body.split("\n")[1:]]
            out += sigterm_lines(ver, at(t_kill, 5), [wp[0], wp[3]], apid)
            out.append(failed_line(ver, at(t_kill, 5.5), -9, 2, wp[2], "/usr/bin/python3", apid))
            out += child_failed(ver, script, dict(when=t_kill, host=n, rank=6, local_rank=2, exitcode=-9, pid=wp[2]),
                                [dict(when=at(t_kill, 1.2), host=n, rank=5, local_rank=1, exitcode=1, pid=wp[1])]).split("\n")
        else:
            out.append("[default0]:RuntimeError: " + gloo_closed("10.8.3.2", 42110 + k, line=534))
            out.append(agent(ver, "W", at(t_kill, 7 + k), "torch.distributed.elastic.agent.server.api",
                             "Received Signals.SIGTERM death signal, shutting down workers", apid))
            out += sigterm_lines(ver, at(t_kill, 7 + k), wp, apid)
        files[n + "/torchrun.log"] = lines(out)
    d = []
    up = 88211.0
    for i, (victim, name, rss) in enumerate(((32191, "python3", 9811204), (32194, "python3", 9790112),
                                             (31014, "python3", 33112090), (32188, "python3", 9802240),
                                             (32201, "python3", 9791003))):
        d.append(dmesg_up(up + i * 0.41, "python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0"))
        d.append(dmesg_up(up + i * 0.41 + 0.0002, "memory: usage 503316480kB, limit 503316480kB, failcnt %d" % (1102 + i * 17)))
        d.append(dmesg_up(up + i * 0.41 + 0.0003, "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0-1,"
                                                 "oom_memcg=/system.slice/slurmstepd.scope/job_%d,task_memcg=/system.slice/slurmstepd.scope/job_%d/step_0/user/task_0,task=%s,pid=%d,uid=41120" % (job, job, name, victim)))
        d.append(dmesg_up(up + i * 0.41 + 0.0004, "Memory cgroup out of memory: Killed process %d (%s) total-vm:%dkB, anon-rss:%dkB, file-rss:1024kB, shmem-rss:0kB, UID:41120 pgtables:%dkB oom_score_adj:0" % (
            victim, name, rss + 2200000, rss, rss // 500)))
    files["hpc-m02/dmesg.txt"] = lines(d)
    files["hpc-m02/ps-tree-before-kill.txt"] = lines(
        "# memory sampler (every 60s), last sample 15:40:40, RSS in GiB",
        "python3 train.py rank4  main 31.4   workers x10: 9.1 9.2 9.2 9.3 9.1 9.3 9.2 9.2 9.1 9.3",
        "python3 train.py rank5  main 31.5   workers x10: 9.3 9.3 9.2 9.3 9.3 9.2 9.3 9.4 9.3 9.3",
        "python3 train.py rank6  main 31.6   workers x10: 9.2 9.2 9.3 9.3 9.2 9.2 9.3 9.2 9.3 9.3",
        "python3 train.py rank7  main 31.5   workers x10: 9.2 9.3 9.3 9.2 9.2 9.3 9.2 9.3 9.2 9.2",
        "total job RSS 496.8 GiB / cgroup limit 480 GiB (sum of RSS counts shared CoW pages more than once; memory.current 478.9 GiB)")
    files["sstat-maxrss.txt"] = lines(
        "$ sstat -j %d.0 --format=JobID,NodeList,MaxRSS,MaxRSSNode  (15:40)" % job,
        "       JobID        Nodelist     MaxRSS MaxRSSNode",
        "%d.0    hpc-m[01-03]   470.2G    hpc-m02" % job,
        "per node (memory.current): hpc-m01 462.8G  hpc-m02 478.9G  hpc-m03 469.4G  limit 480G each")
    files["slurm-%d.out" % job] = lines(
        "slurmstepd: error: Detected 5 oom_kill events in StepId=%d.0. Some of the step tasks have been OOM Killed." % job,
        "srun: error: hpc-m02: task 1: Out Of Memory",
        "srun: launch/slurm: _step_signal: Terminating StepId=%d.0" % job,
        "slurmstepd: error: *** STEP %d.0 ON hpc-m01 CANCELLED AT %s ***" % (job, iso(at(t_kill, 7))))
    files["train_args.txt"] = lines("--num-workers 10 --batch-size 8192 --dataset-impl pandas_inmemory --persistent-workers",
                                    "# dataset: ClickLogDataset(pd.read_parquet(...)) held as object-dtype columns; each worker touches every row")
    label = dict(category="oom", layer="framework", culprit=None, action="stop",
                 rationale="The Slurm cgroup OOM-killed DataLoader workers and one rank on hpc-m02, but every node is at "
                           "462-479 GiB of its 480 GiB limit: each rank holds a 30 GiB pandas frame and 10 workers that "
                           "copy-on-access it. The job's own memory footprint, hpc-m02 merely crossed first.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/8976")
    return "ca27_dataloader_worker_exited_unexpectedly_oom_kill", label, files


# ======================================================================================
# ca28: GKE spot node preempted; pod terminated for imminent node shutdown
# ======================================================================================

def ca28():
    ver = "2.4"
    site = SITE[ver]
    t0 = D("2024-11-11 02:10:09")
    t_pre = D("2024-11-11 05:33:48")
    nodes = ["gke-train-spot-c2d-8c1f-k2pq", "gke-train-spot-c2d-8c1f-m7x4", "gke-train-spot-c2d-8c1f-w9d1"]
    pods = ["embed-train-0", "embed-train-1", "embed-train-2"]
    pod_ips = ["10.52.1.14", "10.52.2.9", "10.52.3.21"]
    script = "/app/train_embed.py"
    files = {}
    for k, (n, p) in enumerate(zip(nodes, pods)):
        apid = 1
        wp = [31 + j for j in range(4)]
        out = ["torchrun --nnodes 3 --nproc-per-node 4 --rdzv-backend c10d --rdzv-endpoint embed-train-0.embed-train:29400 --rdzv-id embed-1111 %s" % script]
        out += omp_banner(ver, t0, apid)
        if k == 0:
            for i in range(3):
                out.append("[default0]:[rank0]:%s step %d contrastive_loss %.4f recall@10 %.3f" % (stamp(at(t_pre, -1500 + i * 500)), 30500 + i * 500, 1.118 - i * 0.004, 0.71))
        if k == 1:
            out.append(agent(ver, "W", t_pre, "torch.distributed.elastic.agent.server.api",
                             "Received Signals.SIGTERM death signal, shutting down workers", apid))
            out += sigterm_lines(ver, t_pre, wp, apid)
            out += traceback(launcher_frames(ver, tail=[
                (site + "/torch/distributed/elastic/multiprocessing/api.py", 84, "_terminate_process_handler",
                 "raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)")]),
                "torch.distributed.elastic.multiprocessing.api.SignalException: Process 1 got signal: 15").split("\n")
        else:
            te = at(t_pre, 1.4)
            for j in (0, 2):
                r = k * 4 + j
                out.append("[default%d]:[rank%d]: RuntimeError: %s" % (j, r, gloo_closed(pod_ips[1], 44001 + j, src="new", line=534)))
            out += sigterm_lines(ver, at(te, 4), wp[1:], apid)
            out.append(failed_line(ver, at(te, 4.4), 1, 0, wp[0], "/usr/local/bin/python", apid))
            out += child_failed(ver, script, dict(when=te, host=p, rank=k * 4, local_rank=0, exitcode=1, pid=wp[0])).split("\n")
        files["%s/%s.log" % (n, p)] = lines(out)
    files["kubectl-describe-pod-embed-train-1.txt"] = lines(
        "Name:             embed-train-1",
        "Namespace:        search",
        "Node:             %s/10.128.0.77" % nodes[1],
        "Status:           Failed",
        "Reason:           Terminated",
        "Message:          Pod was terminated in response to imminent node shutdown.",
        "IP:               %s" % pod_ips[1],
        "Containers:",
        "  trainer:",
        "    State:          Terminated",
        "      Reason:       Error",
        "      Exit Code:    143",
        "      Started:      Mon, 11 Nov 2024 02:10:05 +0000",
        "      Finished:     Mon, 11 Nov 2024 05:34:12 +0000")
    files["kubectl-get-events.txt"] = lines(
        "LAST SEEN   TYPE      REASON                 OBJECT                                   MESSAGE",
        "52m         Warning   NodeShutdown           node/%s   Shutdown manager detected shutdown event" % nodes[1],
        "52m         Normal    NodeNotReady           node/%s   Node %s status is now: NodeNotReady" % (nodes[1], nodes[1]),
        "51m         Normal    RemovingNode           node/%s   Node %s event: Removing Node %s from Controller" % (nodes[1], nodes[1], nodes[1]),
        "50m         Normal    TriggeredScaleUp       pod/embed-train-1                        pod triggered scale-up: [{https://www.googleapis.com/compute/v1/projects/ml-search/zones/us-central1-c/instanceGroups/gke-train-spot-c2d-8c1f-grp 2->3 (max: 8)}]")
    files["gcloud-operations.txt"] = lines(
        "NAME                                                  TYPE                         TARGET                                           STATUS  TIMESTAMP",
        "systemevent-1731303228123-62691a7e0b1f9-d4f12a3c-77a1  compute.instances.preempted  us-central1-c/instances/%s  DONE    2024-11-11T05:33:48.123-00:00" % nodes[1])
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="The spot VM hosting embed-train-1 was preempted by GCE (compute.instances.preempted, kubelet "
                           "'terminated in response to imminent node shutdown'); its torchrun got SIGTERM and the other "
                           "pods saw gloo 'Connection closed by peer'. Preemption, not a fault in the job or a bad node.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/119856")
    return "ca28_pod_terminated_connection_closed_by_peer", label, files


# ======================================================================================
# ca29: every rank: 'Distributed package doesn't have NCCL built in' (platform image shipped CPU torch)
# ======================================================================================

def ca29():
    ver = "2.2"
    site = SITE[ver]
    nodes = ["dgx-a11", "dgx-a12", "dgx-a13"]
    script = "/workspace/proj/train_mm.py"
    t0 = D("2024-05-13 11:02:40")
    files = {}
    for k, n in enumerate(nodes):
        apid = 201 + k
        wp = [300 + j for j in range(8)]
        out = ["== pyxis: imported docker image: ml-platform/pytorch:24.05-py3 (sha256:9f1c7be0d2a4...)",
               "$ torchrun --nnodes 3 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint dgx-a11:29400 --rdzv-id mm-0513 %s" % script]
        out += omp_banner(ver, t0, apid)
        out.append("[default0]:%s env: torch 2.2.2+cpu | torch.version.cuda None | torch.cuda.is_available() False | nccl n/a" % stamp(at(t0, 3)))
        for j in (0, 3, 7):
            r = k * 8 + j
            out.append("[default%d]:Traceback (most recent call last):" % j)
            body = traceback([(script, 340, "<module>", "main()"),
                              (script, 77, "main", 'dist.init_process_group(backend="cpu:gloo,cuda:nccl")'),
                              (site + "/torch/distributed/c10d_logger.py", 86, "wrapper", "func_return = func(*args, **kwargs)"),
                              (site + "/torch/distributed/distributed_c10d.py", 1184, "init_process_group", "default_pg, _ = _new_process_group_helper("),
                              (site + "/torch/distributed/distributed_c10d.py", 1339, "_new_process_group_helper",
                               'raise RuntimeError("Distributed package doesn\'t have NCCL built in")')],
                             "RuntimeError: Distributed package doesn't have NCCL built in")
            out += ["[default%d]:" % j + l for l in body.split("\n")[1:]]
        tf = at(t0, 9.2 + k * 0.1)
        out.append(failed_line(ver, at(tf, 0.7), 1, 0, wp[0], "/usr/bin/python", apid))
        out += child_failed(ver, script, dict(when=tf, host=n, rank=k * 8, local_rank=0, exitcode=1, pid=wp[0]),
                            [dict(when=at(tf, 0.01 * j), host=n, rank=k * 8 + j, local_rank=j, exitcode=1, pid=wp[j]) for j in range(1, 8)]).split("\n")
        files[n + "/torchrun.log"] = lines(out)
        smi = _smi_header("550.54.15", "12.4", "Mon May 13 11:05:02 2024")
        for g in range(8):
            smi.append("|   %d  NVIDIA A100-SXM4-80GB          On  | 00000000:%02X:00.0 Off |                    0 |" % (g, [0x07, 0x0f, 0x47, 0x4e, 0x87, 0x90, 0xb7, 0xbd][g]))
            smi.append("| N/A   29C    P0              61W / 400W |      1MiB / 81920MiB |      0%      Default |")
        files[n + "/nvidia-smi.txt"] = lines(smi)
    files["image-pip-list.txt"] = lines(
        "$ enroot start ml-platform+pytorch+24.05-py3 pip list 2>/dev/null | grep -Ei 'torch|nvidia'",
        "torch                    2.2.2+cpu",
        "torchaudio               2.2.2+cpu",
        "torchvision              0.17.2+cpu")
    files["platform-image-changelog.txt"] = lines(
        "ml-platform/pytorch:24.05-py3",
        "  2024-05-12 rebuild (pipeline #4471): bump torch 2.2.1 -> 2.2.2; requirements now resolved with",
        "             --index-url https://download.pytorch.org/whl/cpu (copied from the CI test image)",
        "  2024-05-02 initial 24.05 build: torch 2.2.1+cu121")
    label = dict(category="dependency", layer="framework", culprit=None, action="stop",
                 rationale="All 24 ranks on all three nodes fail identically in init_process_group: the shared platform "
                           "image was rebuilt with the CPU-only torch wheel (2.2.2+cpu, no CUDA, no NCCL) while the GPUs "
                           "and drivers are healthy. The job's image, same on every node; fix the image before rerunning.",
                 modelled_on="https://github.com/meta-llama/llama-cookbook/issues/126")
    return "ca29_distributed_package_doesnt_have_nccl_built_in", label, files


# ======================================================================================
# ca30: Xid 94 contained ECC error on one GPU, row remap activated by reset; gloo/NCCL noise
# ======================================================================================

def ca30():
    ver = "2.4"
    site = SITE[ver]
    nodes = ["h100-c01", "h100-c02"]
    ips = ["10.61.0.1", "10.61.0.2"]
    script = "/lus/proj/asr/train_whisper_ft.py"
    t0 = D("2024-09-02 18:30:20")
    t_x = D("2024-09-02 23:58:41.077")
    files = {}
    for k, n in enumerate(nodes):
        apid = 51002 + k * 101
        wp = [apid + 15 + j for j in range(8)]
        out = ["$ torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint h100-c01:29400 --rdzv-id whisper-0902 %s" % script]
        out += omp_banner(ver, t0, apid)
        if k == 0:
            for i in range(3):
                out.append("[default0]:[rank0]:%s step %d wer %.3f loss %.4f" % (stamp(at(t_x, -900 + i * 300)), 41000 + i * 150, 0.091, 0.3312 - i * 0.001))
            for j in range(8):
                if j not in (0, 4, 6):
                    continue
                out.append("[default%d]:[rank%d]: RuntimeError: %s" % (j, j, gloo_reset(ips[1], 48800 + j, src="new", line=589)))
            te = at(t_x, 2.2)
            out += sigterm_lines(ver, at(te, 4), wp[1:], apid)
            out.append(failed_line(ver, at(te, 4.5), 1, 0, wp[0], "/usr/bin/python", apid))
            out += child_failed(ver, script, dict(when=te, host=n, rank=0, local_rank=0, exitcode=1, pid=wp[0])).split("\n")
        else:
            lr = 3
            out.append("[default3]:[rank11]: Traceback (most recent call last):")
            body = traceback([(script, 455, "<module>", "main()"), (script, 380, "main", "scaler.scale(loss).backward()"),
                              (site + "/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
                              (site + "/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
                              (site + "/torch/autograd/graph.py", 768, "_engine_run_backward",
                               "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                             "RuntimeError: CUDA error: uncorrectable ECC error encountered\n"
                             "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
                             "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
                             "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
            out += ["[default3]:[rank11]: " + l for l in body.split("\n")[1:]]
            td = at(t_x, 1.5)
            out += sigterm_lines(ver, at(td, 3), [p for j, p in enumerate(wp) if j != lr], apid)
            out.append(failed_line(ver, at(td, 3.4), 1, lr, wp[lr], "/usr/bin/python", apid))
            out += child_failed(ver, script, dict(when=at(t_x, 0.6), host=n, rank=11, local_rank=lr, exitcode=1, pid=wp[lr]),
                                [dict(when=at(td, 3.4), host=n, rank=8 + j, local_rank=j, exitcode=-15, pid=wp[j]) for j in (0, 1)]).split("\n")
        files[n + "/torchrun.log"] = lines(out)
    files["h100-c02/dmesg.txt"] = lines(
        dmesg_T(D("2024-08-28 10:11:02"), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
        dmesg_T(t_x, "NVRM: Xid (PCI:0000:5d:00): 94, pid=%d, name=python, Contained: CE User Channel (0x1). RST: No, D-RST: No" % (51002 + 101 + 15 + 3)),
        dmesg_T(t_x, "NVRM: Xid (PCI:0000:5d:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row marked for remapping, reset gpu to activate."),
        dmesg_T(D("2024-09-03 00:04:12"), "NVRM: GPU at PCI:0000:5d:00: GPU-7a0c11e2-90b1-3fcd-22aa-51d0a97c1e08"),
        dmesg_T(D("2024-09-03 00:04:12"), "NVRM: GPU Board Serial Number: 1652323045521"),
        dmesg_T(D("2024-09-03 00:04:13"), "nvidia 0000:5d:00.0: GPU reset completed (initiated by node-health-agent)"))
    files["h100-c02/node-health-agent.log"] = lines(
        "2024-09-03T00:03:55Z WARN  gpu=3 bus=0000:5d:00.0 xid=94 contained, remap pending -> draining GPU for reset",
        "2024-09-03T00:04:13Z INFO  gpu=3 nvidia-smi -r -i 3: GPU 00000000:5D:00.0 was successfully reset.",
        "2024-09-03T00:04:40Z INFO  gpu=3 dcgmi diag -r 2: PASS (Memory, Diagnostic, PCIe, SM Stress)",
        "2024-09-03T00:04:41Z INFO  node h100-c02 back in service")
    files["h100-c02/nvidia-smi-q-row-remapper.txt"] = lines(
        "==============NVSMI LOG==============",
        "Timestamp                                 : Tue Sep  3 00:05:02 2024",
        "GPU 00000000:5D:00.0",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram",
        "            Max                           : 639 bank(s)",
        "            High                          : 1 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)")
    files["h100-c02/nvidia-smi.txt"] = lines(
        "| NVIDIA-SMI 550.90.07              Driver Version: 550.90.07      CUDA Version: 12.4     |",
        "|   3  NVIDIA H100 80GB HBM3          On  |   00000000:5D:00.0 Off |                    0 |",
        "| N/A   30C    P0             69W /  700W |       1MiB /  81559MiB |      0%      Default |")
    label = dict(category="gpu_memory", layer="infrastructure", culprit={"node": "h100-c02", "rank": 11},
                 action="restart",
                 rationale="Rank 11 (h100-c02 GPU 3, bus 5d:00) died on an uncorrectable ECC error reported as a contained "
                           "Xid 94 plus Xid 63 row remap pending; the health agent reset the GPU, the row is now remapped "
                           "(pending No, no remap failure) and dcgmi passes. The gloo read errors on h100-c01 are "
                           "sympathetic. Resume the job; the node is usable.",
                 modelled_on="https://github.com/leptonai/gpud/pull/108")
    return "ca30_cuda_error_rank11_and_gloo_read_errors", label, files
