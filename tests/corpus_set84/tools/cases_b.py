"""Cases cc09-cc17: benign/old hardware lines, NVLink/NVSwitch/fabric manager, GSP, stragglers."""
from datetime import datetime
from lib import (T, ctime, dmesg, dmesg_T, kern, journal, c10d, elastic, nccl, pid_of, watchdog_timeout,
                 nccl_async_error, py_traceback, CUDA_TAIL, child_failed, agent_sigterm, agent_failed,
                 smi_table, gpu_row, H100, A100, H100_BUS, A100_BUS, short_bus, smi_q, qgpu, dcgmi_diag,
                 DEPLOY_PASS, sacct, join, iso, rank_prefix, ipmi_sel, boot_banner, nvrm_load, syslog_ts)
from common import torchrun_preamble, node_nccl_init, write_label
from cases_a import benign, megatron_iter, titan_progress


# --------------------------------------------------------------------------- cc09
def cc09():
    name = "cc09_cuda_oom_first_iteration_two_nodes"
    base = datetime(2024, 6, 3, 10, 11, 20)
    hosts = ["gpu-e01", "gpu-e02"]
    gpn, nr = 8, 16
    t_err = 161.8
    files = {}
    files["run.sh"] = join(["#!/bin/bash", "# 2024-06-03: bump micro batch 4 -> 16 to use the bigger nodes",
                            "torchrun --nnodes=2 --nproc-per-node=8 --rdzv-endpoint=gpu-e01:29400 --rdzv-backend=c10d \\",
                            "  pretrain_gpt.py --micro-batch-size 16 --global-batch-size 256 --seq-length 4096 \\",
                            "  --num-layers 40 --hidden-size 5120 --num-attention-heads 40 --tensor-model-parallel-size 2 \\",
                            "  --bf16 --use-flash-attn --recompute-activations 0"])
    for ni, h in enumerate(hosts):
        L = torchrun_preamble(T(base, 1), 31000 + ni)
        L += node_nccl_init(h, ni, gpn, nr, H100_BUS, f"10.8.1.{21 + ni}")
        if ni == 0:
            L += ["[rank0]: > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 6627031040",
                  "[rank0]: [after model, optimizer, and learning rate scheduler are built] datetime: %s " % iso(T(base, 131), False),
                  "[rank0]: training ..."]
        for lr in range(gpn):
            r = ni * gpn + lr
            free = 4.87 + (lr % 3) * 0.11
            L += rank_prefix(r, py_traceback([
                ("/workspace/Megatron-LM/pretrain_gpt.py", 278, "<module>", "pretrain("),
                ("/workspace/Megatron-LM/megatron/training/training.py", 1432, "train", "train_step(forward_step_func,"),
                ("/workspace/Megatron-LM/megatron/core/transformer/transformer_layer.py", 305, "forward", "mlp_output_with_bias = self.mlp(pre_mlp_layernorm_output)"),
            ], f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.50 GiB. GPU {lr} has a total capacity of 79.11 GiB of which {free:.2f} GiB is free. Including non-PyTorch memory, this process has {79.11 - free:.2f} GiB memory in use. Of the allocated memory 71.04 GiB is allocated by PyTorch, and 1.83 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")) if lr in (0, 1, 4) else []
        L.append(agent_failed(T(base, t_err + 1), 31000 + ni, 1, 0, pid_of(ni, 0)))
        L += child_failed("pretrain_gpt.py", T(base, t_err + 1),
                          [dict(host=h, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pid_of(ni, k)) for k in range(1, 8)],
                          dict(host=h, rank=ni * 8, local_rank=0, exitcode=1, pid=pid_of(ni, 0)))
        files[f"{h}/train.log"] = join(L)
        g = [gpu_row(H100, b, temp=31 + i, pw=69) for i, b in enumerate(H100_BUS)]
        files[f"{h}/nvidia-smi.txt"] = join(smi_table(T(base, t_err + 300), "550.54.15", "12.4", g))
    boot_old = datetime(2024, 5, 27, 6, 12, 0)
    K = [kern(T(boot_old, 3 * 86400 + 3600 * 14), "gpu-e02", 273622.118204, "NVRM: Xid (PCI:0000:ab:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
         kern(T(boot_old, 3 * 86400 + 3600 * 14), "gpu-e02", 273622.118219, "NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus."),
         kern(T(boot_old, 3 * 86400 + 3600 * 14 + 1), "gpu-e02", 273622.999812, "NVRM: A GPU crash dump has been created. If possible, please run"),
         kern(T(boot_old, 3 * 86400 + 3600 * 14 + 1), "gpu-e02", 273622.999813, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
         kern(T(boot_old, 3 * 86400 + 3600 * 14 + 1), "gpu-e02", 273622.999814, "NVRM: the NVIDIA kernel module is unloaded.")]
    nb = datetime(2024, 5, 31, 9, 2, 11)
    K += [kern(nb, "gpu-e02", 0.0, "Linux version 5.15.0-107-generic (buildd@lcy02-amd64-012) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #117-Ubuntu SMP Fri Apr 26 12:26:49 UTC 2024 (Ubuntu 5.15.0-107.117-generic 5.15.149)"),
          kern(T(nb, 21), "gpu-e02", 14.650646, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024"),
          kern(T(nb, 40), "gpu-e02", 33.102944, "nvidia-fabricmanager: Successfully configured all the available NVSwitches to route GPU NVLink traffic.")]
    files["gpu-e02/kern.log"] = join(K)
    files["gpu-e02/maintenance.txt"] = join([f"2024-05-30 GPU 5 (0000:AB:00.0) Xid 79 -> node drained, reseated GPU, HGX board fw updated",
                                             "2024-05-31 rebooted; dcgmi diag -r 3 PASS (all 8 GPUs); returned to service"])
    label = write_label("oom", "framework", None, "stop",
                        "All 16 ranks on both nodes hit torch.OutOfMemoryError in the first iteration right after the micro batch size was raised from 4 to 16 with activation recompute off. The Xid 79 in gpu-e02's kern.log is from the previous boot, days before this job; the GPU was reseated and passed diagnostics, and nvidia-smi shows all 8 GPUs healthy.",
                        "https://github.com/karpathy/nanoGPT/issues/88")
    return name, files, label


# --------------------------------------------------------------------------- cc10
def cc10():
    name = "cc10_loss_scale_minimum_exit_deepspeed"
    base = datetime(2024, 4, 18, 19, 30, 0)
    hosts = ["dgx07", "dgx08", "dgx09", "dgx10"]
    files = {}
    files["ds_config.json"] = join(['{', '  "train_micro_batch_size_per_gpu": 4,', '  "gradient_accumulation_steps": 8,',
                                    '  "optimizer": {"type": "AdamW", "params": {"lr": 3e-3, "betas": [0.9, 0.95], "weight_decay": 0.1}},',
                                    '  "scheduler": {"type": "WarmupLR", "params": {"warmup_num_steps": 50}},',
                                    '  "fp16": {"enabled": true, "loss_scale": 0, "initial_scale_power": 16, "loss_scale_window": 1000, "hysteresis": 2, "min_loss_scale": 1},',
                                    '  "gradient_clipping": 0.0,', '  "zero_optimization": {"stage": 2}', '}'])
    L = []
    for ni, h in enumerate(hosts):
        L.append(f"{h}: [{iso(T(base, 5))}] [INFO] [launch.py:146:main] WORLD INFO DICT: {{'dgx07': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx08': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx09': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx10': [0, 1, 2, 3, 4, 5, 6, 7]}}")
    step = 0
    t = 60.0
    scale = 65536.0
    skipped = 0
    while step < 410:
        step += 10
        t += 10 * 2.2
        if step < 250:
            L.append(f"dgx07: [{iso(T(base, t))}] [INFO] [logging.py:96:log_dist] [Rank 0] step={step}, skipped={skipped}, lr=[{min(3e-3, 3e-3 * step / 50):.6f}], mom=[[0.9, 0.95]]")
            L.append(f"dgx07: [{iso(T(base, t))}] [INFO] [timer.py:260:stop] epoch=0/micro_step={step * 8}/global_step={step}, RunningAvgSamplesPerSec=1164.2, CurrSamplesPerSec=1171.0, MemAllocated=9.12GB, MaxMemAllocated=31.4GB")
            L.append(f"dgx07: step {step} loss {3.21 - step * 0.002 + (step % 30) / 300:.4f}")
        else:
            for k in range(2):
                new = max(scale / 2, 1.0)
                L.append(f"dgx07: [{iso(T(base, t + k))}] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: {scale:g}, reducing to {new:g}")
                scale = new
                skipped += 1
            L.append(f"dgx07: step {step} loss nan")
        if scale <= 1.0:
            break
    t_err = t + 3
    for ni, h in enumerate(hosts):
        for lr in (0, 3):
            r = ni * 8 + lr
            L += [f"{h}: [rank{r}]: " + x for x in py_traceback([
                ("/home/ml/gpt-neox-lite/train.py", 287, "<module>", "engine.step()"),
                ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", 2213, "step", "self._take_model_step(lr_kwargs)"),
                ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage_1_and_2.py", 1801, "step", "self._update_scale(self.overflow)"),
                ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/fp16/loss_scaler.py", 175, "update_scale", "raise Exception("),
            ], "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.")]
        L.append(f"{h}: [{iso(T(base, t_err + 2))}] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=7', '--deepspeed_config', 'ds_config.json'] exits with return code = 1")
        L.append(f"pdsh@dgx07: {h}: ssh exited with exit code 1")
    files["deepspeed-launcher.log"] = join(L)
    for ni, h in enumerate(hosts):
        q = []
        for g in range(8):
            kw = {}
            if ni == 2 and g == 4:
                kw = dict(ecc_v=dict(dc=3), ecc_a=dict(dc=41), rr=dict(corr=1, uncorr=0, pending="No", failure="No", hist=(639, 1, 0, 0, 0)))
            q.append(qgpu(A100, A100_BUS[g], g, 700 + ni, temp=30 + g, sm_clk=210, max_clk=1410, mem_clk=1593, mem_max=1593, **kw))
        if ni in (0, 2):
            files[f"{h}/nvidia-smi-q.txt"] = join(smi_q(T(base, t_err + 600), "535.129.03", "12.2", q))
        files[f"{h}/dmesg.txt"] = join(benign(311200.4 + ni * 99, 3))
    label = write_label("numerical", "script", None, "stop",
                        "Loss becomes NaN on the data-parallel job as a whole at step ~250, the fp16 dynamic loss scale halves at every step down to 1, and DeepSpeed exits with 'Current loss scale already at minimum' on every rank. The config uses lr 3e-3 with fp16, a 50-step warmup and no gradient clipping. The few correctable DRAM errors on one dgx09 GPU are corrected and harmless; no rank or node is singled out.",
                        "https://github.com/deepspeedai/DeepSpeedExamples/issues/418")
    return name, files, label


# --------------------------------------------------------------------------- cc11
def cc11():
    name = "cc11_nccl_unhandled_cuda_error_dgx_a100"
    base = datetime(2023, 11, 20, 13, 0, 0)
    hosts = [f"dgx-04{i:02d}" for i in range(8, 16)]
    gpn, nr, job = 8, 64, 1187342
    bad_node, bad_lr = 5, 6
    bad_rank = bad_node * gpn + bad_lr
    t_err = 20412.6
    files = {}
    for ni, h in enumerate(hosts):
        L = torchrun_preamble(T(base, 1), 5100 + ni)
        L += node_nccl_init(h, ni, gpn, nr, A100_BUS, f"10.33.0.{8 + ni}", ver="2.18.6+cuda12.2")
        if ni == 0:
            L.append(nccl(h, pid_of(0, 0), pid_of(0, 0) + 211, 0, "INFO", "Channel 00/24 :    0   1   2   3   4   5   6   7   8   9  10  11  12  13  14  15  16  17  18  19  20  21  22  23"))
            L.append(nccl(h, pid_of(0, 0), pid_of(0, 0) + 211, 0, "INFO", "Channel 00/0 : 0[7000] -> 1[f000] via P2P/IPC/read"))
            prog, _ = titan_progress(0, base, 90, t_err - 5, 10, 3.3, 100, 2.98, 2711, "55.10GiB(69.64%)")
            L += prog
        if ni == bad_node:
            pid = pid_of(ni, bad_lr)
            L.append(nccl(h, pid, pid + 213, bad_lr, "WARN", "Cuda failure 'uncorrectable NVLink error detected during the execution'"))
            L.append(nccl(h, pid, pid + 213, bad_lr, "INFO", "transport/p2p.cc:302 -> 1"))
            L += nccl_async_error(bad_rank, T(base, t_err + 0.6), 61870, "unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.6\nncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 'uncorrectable NVLink error detected during the execution'")
            for lr in (2, 7):
                p2 = pid_of(ni, lr)
                L.append(nccl(h, p2, p2 + 213, lr, "WARN", "Cuda failure 'uncorrectable NVLink error detected during the execution'"))
                L += nccl_async_error(ni * 8 + lr, T(base, t_err + 0.9), 61870, "unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.6\nncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 'uncorrectable NVLink error detected during the execution'")[:1]
            L += agent_sigterm(T(base, t_err + 1.8), 5100 + ni, [pid_of(ni, k) for k in range(gpn) if k != bad_lr])
            L += child_failed("train.py", T(base, t_err + 2.4), [dict(host=h, rank=ni * 8 + 2, local_rank=2, exitcode=-6, pid=pid_of(ni, 2)),
                                                                dict(host=h, rank=ni * 8 + 7, local_rank=7, exitcode=-6, pid=pid_of(ni, 7))],
                              dict(host=h, rank=bad_rank, local_rank=bad_lr, exitcode=-6, pid=pid, traceback=f"Signal 6 (SIGABRT) received by PID {pid}"))
        else:
            for lr in (0, 4):
                L += watchdog_timeout(ni * 8 + lr, T(base, t_err + 600.3), 61870, "REDUCE_SCATTER", 33554432, 600000, frames=(lr == 0 and ni == 0))
        files[f"{h}/train.log"] = join(L)
        u0 = 704410.5 + ni * 37
        D = benign(u0, 2)
        if ni == bad_node:
            sb = short_bus(A100_BUS[bad_lr])
            D += [dmesg(u0 + t_err - 0.2, f"NVRM: Xid (PCI:{sb}): 74, pid={pid_of(ni, bad_lr)}, name=python, NVLink: fatal error detected on link 7(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"),
                  dmesg(u0 + t_err - 0.19, f"NVRM: Xid (PCI:{sb}): 45, pid={pid_of(ni, bad_lr)}, name=python, Ch 00000008"),
                  dmesg(u0 + t_err + 2.1, f"NVRM: Xid (PCI:{short_bus(A100_BUS[2])}): 45, pid={pid_of(ni, 2)}, name=python, Ch 00000008"),
                  dmesg(u0 + t_err + 2.1, f"NVRM: Xid (PCI:{short_bus(A100_BUS[7])}): 45, pid={pid_of(ni, 7)}, name=python, Ch 00000008")]
            NL = [f"$ nvidia-smi nvlink -e -i {bad_lr}", f"GPU {bad_lr}: NVIDIA A100-SXM4-80GB (UUID: GPU-8d2f1a77-31c0-6e45-b2a9-0fd14c7e9a31)"]
            for link in range(12):
                if link == 7:
                    NL += [f"\t Link {link}: Replay Errors: 1840", f"\t Link {link}: Recovery Errors: 37", f"\t Link {link}: CRC Errors: 22961"]
                else:
                    NL += [f"\t Link {link}: Replay Errors: 0", f"\t Link {link}: Recovery Errors: 0", f"\t Link {link}: CRC Errors: 0"]
            files[f"{h}/nvlink-errors.txt"] = join(NL)
        files[f"{h}/dmesg.txt"] = join(D)
    files[f"slurm-{job}.out"] = join([f"srun: error: {hosts[bad_node]}: task {bad_node}: Exited with exit code 1"] +
                                     [f"srun: error: {h}: task {i}: Exited with exit code 1" for i, h in enumerate(hosts) if i != bad_node])
    label = write_label("nvlink", "infrastructure", {"node": hosts[bad_node], "rank": bad_rank}, "restart_without_node",
                        f"{hosts[bad_node]} logs Xid 74 (NVLink fatal error on link 7) for GPU 6 (B7:00), and rank {bad_rank} is the first to fail with 'uncorrectable NVLink error detected during the execution'. nvlink -e shows thousands of CRC/replay errors on that single link; its NVLink peers on the same node fail next, and the other nodes only time out.",
                        "https://github.com/pytorch/pytorch/issues/58155")
    return name, files, label


# --------------------------------------------------------------------------- cc12
def cc12():
    name = "cc12_cuda_error_802_one_node_at_startup"
    base = datetime(2024, 10, 28, 7, 45, 0)
    hosts = ["hgx-d05", "hgx-d06", "hgx-d07", "hgx-d08"]
    gpn, job = 8, 2290177
    bad_node = 2
    files = {}
    for ni, h in enumerate(hosts):
        L = torchrun_preamble(T(base, 1), 6000 + ni)
        if ni == bad_node:
            for lr in range(gpn):
                r = ni * 8 + lr
                if lr in (0, 1, 2):
                    L.append(f"[rank{r}]: /usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)")
                    L += rank_prefix(r, py_traceback([
                        ("/workspace/train.py", 58, "setup", "torch.cuda.set_device(local_rank)"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
                    ], "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized"))
            L.append(agent_failed(T(base, 14), 6000 + ni, 1, 0, pid_of(ni, 0)))
            L += child_failed("train.py", T(base, 14), [dict(host=h, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pid_of(ni, k)) for k in range(1, 8)],
                              dict(host=h, rank=ni * 8, local_rank=0, exitcode=1, pid=pid_of(ni, 0)))
        else:
            L += [elastic("E", T(base, 15.4), 6000 + ni, "torch/distributed/elastic/agent/server/api.py:723", "Rendezvous 'llm-7b-pt' is closed; another agent on the same rendezvous failed"),
                  "torch.distributed.elastic.rendezvous.api.RendezvousClosedError"]
            if ni == 0:
                L += [c10d(0, "W", T(base, 15.9), "TCPStore.cpp:464", "[c10d] TCPStore server: connection from hgx-d07 (10.9.3.7:41888) reset by peer")]
        files[f"{h}/train.log"] = join(L)
        if ni == bad_node:
            J = [journal(datetime(2024, 10, 28, 6, 58, 3), h, "systemd[1]", "Starting NVIDIA fabric manager service..."),
                 journal(datetime(2024, 10, 28, 6, 58, 3), h, "nv-fabricmanager[4121]", "fabric manager NVIDIA GPU driver interface version 550.90.07 don't match with driver version 550.127.05. Please update with matching NVIDIA driver package."),
                 journal(datetime(2024, 10, 28, 6, 58, 3), h, "systemd[1]", "nvidia-fabricmanager.service: Control process exited, code=exited, status=1/FAILURE"),
                 journal(datetime(2024, 10, 28, 6, 58, 3), h, "systemd[1]", "nvidia-fabricmanager.service: Failed with result 'exit-code'."),
                 journal(datetime(2024, 10, 28, 6, 58, 3), h, "systemd[1]", "Failed to start NVIDIA fabric manager service."),
                 journal(datetime(2024, 10, 28, 6, 41, 17), h, "apt.systemd.daily[2218]", "unattended-upgrade: Packages that will be upgraded: nvidia-driver-550-server nvidia-utils-550-server libnvidia-compute-550-server")]
            J.sort(key=lambda s: s[:15])
            files[f"{h}/journal-nvidia.txt"] = join(J)
            files[f"{h}/versions.txt"] = join(["$ cat /proc/driver/nvidia/version",
                                               "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.127.05  Tue Oct  8 03:22:07 UTC 2024",
                                               "$ dpkg -l | grep -E 'fabricmanager|nvidia-driver'",
                                               "ii  nvidia-driver-550-server     550.127.05-0ubuntu1  amd64  NVIDIA Server Driver metapackage",
                                               "ii  nvidia-fabricmanager-550     550.90.07-1          amd64  Fabric Manager for NVSwitch based systems.",
                                               "$ nvidia-smi -q | grep -A2 Fabric", "    Fabric",
                                               "        State                             : In Progress", "        Status                            : N/A"])
        else:
            files[f"{h}/versions.txt"] = join(["$ cat /proc/driver/nvidia/version",
                                               "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024",
                                               "$ systemctl is-active nvidia-fabricmanager", "active"])
    files["sacct.txt"] = join(sacct([(str(job), "llm-7b-pt", "hgx", "FAILED", "1:0", base, T(base, 620), 4, "hgx-d[05-08]")]))
    label = write_label("dependency", "infrastructure", {"node": hosts[bad_node], "rank": None}, "restart_without_node",
                        "Only hgx-d07 fails, every local rank at CUDA init with Error 802 'system not yet initialized'. Its journal shows unattended-upgrade moved the driver to 550.127.05 while nvidia-fabricmanager stayed at 550.90.07 and refused to start, so the NVSwitch fabric never initialised. The other three nodes are healthy and only hit the rendezvous timeout.",
                        "https://github.com/ollama/ollama/issues/12136")
    return name, files, label


# --------------------------------------------------------------------------- cc13
def cc13():
    name = "cc13_all_ranks_on_one_node_illegal_memory_access"
    base = datetime(2025, 2, 6, 23, 10, 0)
    hosts = ["hgx-f01", "hgx-f02", "hgx-f03", "hgx-f04", "hgx-f05", "hgx-f06"]
    gpn, nr = 8, 48
    bad_node = 2
    t_err = 31890.2
    files = {}
    for ni, h in enumerate(hosts):
        L = node_nccl_init(h, ni, gpn, nr, H100_BUS, f"10.50.6.{1 + ni}", ver="2.23.4+cuda12.6")
        if ni == 0:
            prog, _ = titan_progress(0, base, 100, t_err - 3, 10, 2.4, 200, 2.55, 4120)
            L += prog
        if ni == bad_node:
            for lr in range(gpn):
                r = ni * 8 + lr
                p = pid_of(ni, lr)
                L.append(nccl(h, p, p + 219, lr, "WARN", "Cuda failure 700 'an illegal memory access was encountered'"))
                if lr in (0, 4):
                    L += nccl_async_error(r, T(base, t_err + 0.3 + lr * 0.01), 402211, "unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.23.4\nncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 700 'an illegal memory access was encountered'")
        else:
            L += watchdog_timeout(ni * 8, T(base, t_err + 600.2), 402211, "ALLREDUCE", 50331648, 600000, frames=False)
        files[f"{h}/train.log"] = join(L)
        u0 = 1208800.0 + ni * 12
        D = benign(u0, 2)
        if ni == bad_node:
            u = u0 + t_err - 0.4
            D += [dmesg(u, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Fatal, Link 44 sourcetrack TCEN0 crumbstore ECC DBE Error (First)"),
                  dmesg(u + 0.000004, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Severity 1 Engine instance 44 Sub-engine instance 00"),
                  dmesg(u + 0.000006, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Data {0x00000008, 0x00000008, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}")]
            for g in range(8):
                D.append(dmesg(u + 0.31 + g * 0.0004, f"NVRM: Xid (PCI:{short_bus(H100_BUS[g])}): 145, RLW_REMAP Nonfatal XC0 i0 Link {g * 2} (0x00000002 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000)" if g == 9 else
                                 f"NVRM: Xid (PCI:{short_bus(H100_BUS[g])}): 45, pid={pid_of(ni, g)}, name=python, Ch 00000001"))
            files[f"{h}/fabricmanager.log"] = join([
                f"[{T(base, t_err - 0.3):%b %d %Y %H:%M:%S}] [ERROR] [tid 3190] detected NVSwitch fatal error 24007 on fid 0 on NVSwitch pci bus id 00000000:07:00.0 physical id 2 port 44",
                f"[{T(base, t_err - 0.2):%b %d %Y %H:%M:%S}] [ERROR] [tid 3190] NVSwitch fatal error detected on node, GPU and NVSwitch reset required to recover the NVLink fabric",
                f"[{T(base, t_err + 0.1):%b %d %Y %H:%M:%S}] [INFO] [tid 3188] Received an inband message: NVLink fabric state changed to degraded"])
            files[f"{h}/nvidia-smi.txt"] = join(["$ nvidia-smi -q | grep -A3 Fabric"] +
                                                [f"GPU {b}\n    Fabric\n        State                             : Completed\n        Status                            : Failure" for b in H100_BUS[:2]] + ["..."])
        files[f"{h}/dmesg.txt"] = join(D)
    files["mpirun.out"] = join([f"mpirun -np 48 -H {','.join(h + ':8' for h in hosts)} -x NCCL_DEBUG=WARN python train.py",
                                "--------------------------------------------------------------------------",
                                "Primary job  terminated normally, but 1 process returned",
                                "a non-zero exit code. Per user-direction, the job has been aborted.",
                                "--------------------------------------------------------------------------",
                                "--------------------------------------------------------------------------",
                                f"mpirun noticed that process rank 16 with PID {pid_of(2, 0)} on node {hosts[bad_node]} exited on signal 6 (Aborted).",
                                "--------------------------------------------------------------------------"])
    label = write_label("nvlink", "infrastructure", {"node": hosts[bad_node], "rank": None}, "restart_without_node",
                        "All eight ranks on hgx-f03, and only that node, fail within a second with illegal memory access inside NCCL. The kernel log shows an NVSwitch SXid 24007 fatal error (crumbstore ECC DBE) on nvswitch2, and fabric manager reports the fault and that a GPU/NVSwitch reset is needed. The other five nodes only time out; the fault is the node's NVLink fabric, not one GPU.",
                        "https://github.com/NVIDIA/nccl/issues/1562")
    return name, files, label


# --------------------------------------------------------------------------- cc14
def cc14():
    name = "cc14_training_hang_watchdog_30min"
    base = datetime(2024, 12, 10, 2, 0, 0)
    hosts = ["hgx-g11", "hgx-g12", "hgx-g13", "hgx-g14"]
    gpn, nr, job = 8, 32, 8812004
    bad_node, bad_lr = 1, 3
    bad_rank = bad_node * 8 + bad_lr
    t_hang = 26110.0
    files = {}
    for ni, h in enumerate(hosts):
        L = torchrun_preamble(T(base, 1), 7200 + ni)
        L += node_nccl_init(h, ni, gpn, nr, H100_BUS, f"10.61.0.{11 + ni}")
        if ni == 0:
            prog, _ = titan_progress(0, base, 100, t_hang - 2, 10, 1.9, 500, 2.33, 5230)
            L += prog
        for lr in range(gpn):
            r = ni * 8 + lr
            if r == bad_rank:
                continue
            if lr in (0, 5) or (ni == bad_node and lr in (2, 4)):
                L += watchdog_timeout(r, T(base, t_hang + 1800.5 + lr * 0.01), 730114, "ALLREDUCE", 26214400, 1800000, frames=(lr == 0))
        if ni == bad_node:
            L.append(c10d(bad_rank, "E", T(base, t_hang + 2280), "ProcessGroupNCCL.cpp:1381", f"[PG ID 0 PG GUID 0(default_pg) Rank {bad_rank}] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=2"))
            L.append(c10d(bad_rank, "F", T(base, t_hang + 2280), "ProcessGroupNCCL.cpp:1427", f"[PG ID 0 PG GUID 0(default_pg) Rank {bad_rank}] [PG ID 0 PG GUID 0(default_pg) Rank {bad_rank}] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, you can either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the hang. "))
        files[f"{h}/train.log"] = join(L)
        u0 = 510022.0 + ni * 55
        D = benign(u0, 2)
        if ni == bad_node:
            sb = short_bus(H100_BUS[bad_lr])
            u = u0 + t_hang + 0.8
            D += [dmesg(u, f"NVRM: Xid (PCI:{sb}): 119, pid={pid_of(ni, bad_lr)}, name=python, Timeout after 6s of waiting for RPC response from GPU3 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4)."),
                  dmesg(u + 6.1, f"NVRM: Xid (PCI:{sb}): 119, pid={pid_of(ni, bad_lr)}, name=python, Timeout after 6s of waiting for RPC response from GPU3 GSP! Expected function 10 (FREE) (0xa55a00b0 0x0)."),
                  dmesg(u + 6.2, "NVRM: GPU3 _kgspLogRpcTimeout: ********************************* GSP Timeout **********************************"),
                  dmesg(u + 6.2, "NVRM: GPU3 _kgspLogRpcTimeout: Note: Please also check logs above."),
                  dmesg(u + 6.3, f"NVRM: Xid (PCI:{sb}): 120, pid='<unknown>', name=<unknown>, GSP task timeout @ pc:0x8a7b1c4, task: 1"),
                  dmesg(u + 12.9, f"NVRM: Xid (PCI:{sb}): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)"),
                  dmesg(u + 242.0, "INFO: task nvidia-smi:3312087 blocked for more than 120 seconds."),
                  dmesg(u + 242.0, "      Tainted: P           OE     5.15.0-122-generic #132-Ubuntu"),
                  dmesg(u + 242.0, "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.")]
            files[f"{h}/nvidia-smi.txt"] = join([f"$ timeout 120 nvidia-smi; echo rc=$?   # {T(base, t_hang + 900):%H:%M}", "rc=124"])
            files[f"{h}/py-spy-rank{bad_rank}.txt"] = join([
                f"Process {pid_of(ni, bad_lr)}: /usr/bin/python -u train.py --job.config_file llama3_70b.toml",
                "Python v3.10.12 (/usr/bin/python3.10)", "",
                f"Thread {pid_of(ni, bad_lr)} (active): \"MainThread\"",
                "    synchronize (torch/cuda/__init__.py:892)",
                "    train_step (torchtitan/train.py:344)",
                "    main (torchtitan/train.py:402)"])
        files[f"{h}/dmesg.txt"] = join(D)
    files[f"slurm-{job}.out"] = join([f"srun: error: {h}: task {i}: Exited with exit code 1" for i, h in enumerate(hosts) if i != bad_node] +
                                     [f"srun: error: {hosts[bad_node]}: task {bad_node}: Aborted"])
    label = write_label("gpu_hardware", "infrastructure", {"node": hosts[bad_node], "rank": bad_rank}, "restart_without_node",
                        f"The job stalled, and after 30 min every rank except {bad_rank} reported a watchdog timeout. hgx-g12 shows Xid 119 GSP RPC timeouts and Xid 120 on GPU 3 at the moment the step stopped, then Xid 154 'GPU Reset Required'; nvidia-smi hangs and py-spy shows rank {bad_rank} stuck in cuda synchronize. The GPU is wedged, so exclude the node until it is reset and checked.",
                        "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446")
    return name, files, label


# --------------------------------------------------------------------------- cc15
def cc15():
    name = "cc15_step_time_doubled_16_nodes"
    base = datetime(2024, 7, 22, 0, 0, 0)
    hosts = [f"gpu-h{i:02d}" for i in range(1, 17)]
    bad = 8  # gpu-h09
    files = {}
    L = ["[NeMo I 2024-07-22 00:01:41 nemo_logging:381] Rank 0 has data parallel group : [0, 8, 16, ...]",
         "[NeMo I 2024-07-22 00:01:44 straggler_det:62] StragglerDetectionCallback enabled: report_time_interval=300s, calc_relative_gpu_perf=True"]
    for k in range(20):
        t = 300 + k * 300
        dt = T(base, t)
        step = 100 + k * 110 if k < 6 else 760 + (k - 6) * 57
        ms = 2710 if k < 6 else 5480 + (k % 3) * 40
        L.append(f"Epoch 0: : {step}it [{int(t) // 3600:02d}:{int(t) % 3600 // 60:02d}:{int(t) % 60:02d}, {ms / 1000:.2f}s/it, lr=0.000293, global_step={step}, consumed_samples={step * 2048}, train_step_timing in s={ms / 1000:.3f}, reduced_train_loss={2.3 - step * 1e-4:.3f}]")
        if k >= 6 and k % 2 == 0:
            L.append(f"[NeMo I {dt:%Y-%m-%d %H:%M:%S} straggler_det:118] GPU relative performance:")
            L.append(f"[NeMo I {dt:%Y-%m-%d %H:%M:%S} straggler_det:118]  Worst performing 5/128 ranks:")
            for j, r in enumerate((69, 71, 64, 67, 70)):
                L.append(f"[NeMo I {dt:%Y-%m-%d %H:%M:%S} straggler_det:118]   Rank={r} Node={hosts[bad]} Score={0.47 + j * 0.01:.2f}")
            L.append(f"[NeMo I {dt:%Y-%m-%d %H:%M:%S} straggler_det:118]  Best performing 5/128 ranks:")
            for j, r in enumerate((3, 90, 17, 122, 45)):
                L.append(f"[NeMo I {dt:%Y-%m-%d %H:%M:%S} straggler_det:118]   Rank={r} Node={hosts[r // 8]} Score={1.00 - j * 0.002:.3f}")
    files["gpu-h01/nemo_log_globalrank-0.txt"] = join(L)
    for ni, h in enumerate(hosts):
        if ni == bad:
            continue
        files[f"{h}/nvidia-smi.txt"] = join(smi_table(T(base, 6500), "535.161.08", "12.2",
                                                      [gpu_row(H100, b, temp=58 + (i + ni) % 6, pw=612 + (i * 7) % 40, mu=71220, util=100) for i, b in enumerate(H100_BUS)]))
    q = [qgpu(H100, H100_BUS[g], g, 909, temp=88 + g % 3, slow_temp=87, shut_temp=92, maxop_temp=85, hw_slow=True, hw_therm=True, sw_therm=True,
              sm_clk=1095 - g * 15) for g in range(8)]
    files[f"{hosts[bad]}/nvidia-smi-q.txt"] = join(smi_q(T(base, 6500), "535.161.08", "12.2", q))
    files[f"{hosts[bad]}/nvidia-smi.txt"] = join(smi_table(T(base, 6500), "535.161.08", "12.2",
                                                           [gpu_row(H100, b, temp=88 + i % 3, pw=402 + i * 3, mu=71220, util=100) for i, b in enumerate(H100_BUS)]))
    sel_base = datetime(2024, 7, 22, 0, 32, 12)
    files[f"{hosts[bad]}/ipmi-sel.txt"] = join(ipmi_sel([
        (0x1a1, datetime(2024, 7, 2, 11, 3, 5), "Event Logging Disabled #0x51", "Log area reset/cleared", "Asserted"),
        (0x1a2, sel_base, "Fan #0x34", "Lower Critical going low", "Asserted"),
        (0x1a3, T(sel_base, 2), "Fan #0x35", "Lower Critical going low", "Asserted"),
        (0x1a4, T(sel_base, 100), "Temperature #0x41", "Upper Non-critical going high", "Asserted"),
        (0x1a5, T(sel_base, 110), "Temperature #0x42", "Upper Non-critical going high", "Asserted")]))
    files[f"{hosts[bad]}/ipmi-sensor-fans.txt"] = join([
        "FAN_1            | 11760.000  | RPM        | ok    | na        | 1680.000  | 2520.000  | na        | na        | na",
        "FAN_2            | 11900.000  | RPM        | ok    | na        | 1680.000  | 2520.000  | na        | na        | na",
        "FAN_3            | 0.000      | RPM        | lcr   | na        | 1680.000  | 2520.000  | na        | na        | na",
        "FAN_4            | 0.000      | RPM        | lcr   | na        | 1680.000  | 2520.000  | na        | na        | na",
        "FAN_5            | 11830.000  | RPM        | ok    | na        | 1680.000  | 2520.000  | na        | na        | na",
        "FAN_6            | 11690.000  | RPM        | ok    | na        | 1680.000  | 2520.000  | na        | na        | na"])
    label = write_label("straggler", "infrastructure", {"node": hosts[bad], "rank": None}, "restart_without_node",
                        "Step time doubled at about 00:35 with no error. NeMo's straggler detector consistently ranks all eight GPUs of gpu-h09 (ranks 64-71) worst at about 0.5 relative performance. That node's GPUs sit at 88-90 C with HW Thermal Slowdown active and SM clocks near 1 GHz, and its SEL shows two fans dropping to 0 RPM at 00:32. All other nodes run at normal temperature.",
                        "https://github.com/NVIDIA/DCGM/issues/270")
    return name, files, label


# --------------------------------------------------------------------------- cc16
def cc16():
    name = "cc16_throughput_down_35pct_after_node_swap"
    base = datetime(2025, 3, 3, 9, 0, 0)
    hosts = ["gpu-k01", "gpu-k02", "gpu-k03", "gpu-k04"]
    bad_node, bad_lr = 1, 6
    bad_rank = bad_node * 8 + bad_lr
    files = {}
    L = []
    for k in range(24):
        dt = T(base, 60 + k * 120)
        L.append(f"[rank0]:[titan] {iso(dt)} - root - INFO - step: {52000 + k * 50:5d}  loss:  2.0418  memory: 58.31GiB(73.69%)  tps: {2541 + (k * 13) % 31:,}  tflops: 267.8  mfu: 27.08%")
    files["gpu-k01/train.log"] = join(["# previous allocation (gpu-k01,k05,k03,k04) steady at tps ~3,900 / mfu ~41%",
                                       "# this allocation: gpu-k05 replaced by gpu-k02"] + L)
    files["gpu-k01/rank_step_times.csv"] = join(["rank,host,local_rank,fwd_bwd_ms_p50,allreduce_wait_ms_p50"] +
                                                [f"{r},{hosts[r // 8]},{r % 8},{1840 + (r * 7) % 23 if r != bad_rank else 1851},{1100 + (r * 5) % 40 if r != bad_rank else 12}" for r in range(32)])
    sb = H100_BUS[bad_lr]
    u0 = 8812.0
    D = [dmesg(9.812, f"pci 0000:{sb[9:11].lower()}:00.0: 252.048 Gb/s available PCIe bandwidth, limited by 32.0 GT/s PCIe x8 link at 0000:b8:01.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)")]
    for k in range(4):
        uu = u0 + k * 611.2
        D += [dmesg(uu, "pcieport 0000:b8:01.0: AER: Corrected error received: 0000:b8:01.0"),
              dmesg(uu + 0.000006, "pcieport 0000:b8:01.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
              dmesg(uu + 0.000009, "pcieport 0000:b8:01.0:   device [1000:c030] error status/mask=00000001/0000e000"),
              dmesg(uu + 0.000012, "pcieport 0000:b8:01.0:    [ 0] RxErr                  (First)")]
    files["gpu-k02/dmesg.txt"] = join(D)
    q = [qgpu(H100, H100_BUS[g], g, 1602, temp=55 + g % 4, width_cur="8x" if g == bad_lr else "16x", replay=311 if g == bad_lr else 0) for g in range(8)]
    files["gpu-k02/nvidia-smi-q.txt"] = join(smi_q(T(base, 3000), "550.90.07", "12.4", q))
    d = dcgmi_diag("3.3.7", "550.90.07", ",".join(["2330"] * 8), [
        ("Deployment", DEPLOY_PASS),
        ("Integration", [("PCIe", ["Pass - GPUs: 0, 1, 2, 3, 4, 5, 7", "Fail - GPU: 6"]),
                         ("Warning", ["GPU 6 PCIe link width 8x is lower than the", "minimum allowed 16x (DCGM_FR_PCIE_WIDTH)",
                                      "GPU 6 host-to-device bandwidth 26.41 GB/s is", "below the threshold 45.00 GB/s"])]),
        ("Hardware", [("GPU Memory", ["Pass - All"]), ("Diagnostic", ["Pass - All"])]),
        ("Stress", [("Targeted Stress", ["Pass - All"]), ("Targeted Power", ["Pass - All"]), ("Memory Bandwidth", ["Pass - All"])])])
    files["gpu-k02/dcgmi-diag-r3.txt"] = join(d)
    for ni in (0, 2, 3):
        files[f"{hosts[ni]}/dcgmi-diag-r3.txt"] = join(dcgmi_diag("3.3.7", "550.90.07", ",".join(["2330"] * 8), [
            ("Deployment", DEPLOY_PASS), ("Integration", [("PCIe", ["Pass - All"])]),
            ("Hardware", [("GPU Memory", ["Pass - All"]), ("Diagnostic", ["Pass - All"])]),
            ("Stress", [("Targeted Stress", ["Pass - All"]), ("Targeted Power", ["Pass - All"]), ("Memory Bandwidth", ["Pass - All"])])]))
    label = write_label("straggler", "infrastructure", {"node": "gpu-k02", "rank": bad_rank}, "restart_without_node",
                        f"Throughput fell by about a third as soon as gpu-k02 joined, with no error. GPU 6 on that node trained down to PCIe x8 (kernel bandwidth notice, nvidia-smi Link Width Current 8x, replay counter rising, corrected RxErr AER on its root port), and dcgmi diag -r 3 fails the PCIe test for GPU 6 only. Rank {bad_rank} is the one every other rank waits on in allreduce.",
                        "https://github.com/aws/aws-k8s-tester/pull/806")
    return name, files, label


# --------------------------------------------------------------------------- cc17
def cc17():
    name = "cc17_slow_iterations_one_data_parallel_rank"
    base = datetime(2024, 2, 14, 18, 0, 0)
    hosts = ["a100-n21", "a100-n22", "a100-n23"]
    bad_node, bad_lr = 2, 1
    bad_rank = bad_node * 8 + bad_lr
    files = {}
    L = []
    for k in range(30):
        dt = T(base, 600 + k * 600)
        slow = k >= 12
        L.append(f"[rank0]: {iso(dt)} | epoch 2 | iter {30100 + k * 150} | {1.12 if not slow else 1.71:.2f} s/iter | loss {1.882 - k * 0.001:.4f} | slowest rank {(k * 5) % 24 if not slow else bad_rank} ({1.09 if not slow else 1.69:.2f}s compute)")
    files["a100-n21/train.log"] = join(L)
    sb = short_bus(A100_BUS[bad_lr])
    D = benign(40211.0, 2)
    for k in range(14):
        D.append(dmesg(40211.0 + 7200 + k * 397.3, f"NVRM: Xid (PCI:{sb}): 92, pid={pid_of(bad_node, bad_lr, 3300)}, name=python, High single-bit ECC error rate"))
    files[f"{hosts[bad_node]}/dmesg.txt"] = join(D)
    q = []
    for g in range(8):
        kw = {}
        if g == bad_lr:
            kw = dict(ecc_v=dict(dc=184233), ecc_a=dict(dc=1203377), rr=dict(corr=3, uncorr=0, pending="No", failure="No", hist=(637, 3, 0, 0, 0)))
        q.append(qgpu(A100, A100_BUS[g], g, 2301, temp=61 + g % 3, sm_clk=1410, max_clk=1410, mem_clk=1593, mem_max=1593, **kw))
    files[f"{hosts[bad_node]}/nvidia-smi-q.txt"] = join(smi_q(T(base, 16000), "535.104.12", "12.2", q))
    files[f"{hosts[bad_node]}/dcgm-health.txt"] = join([
        "$ dcgmi health -c -j", '{"Overall Health": "Warning", "GPUs": [{"GPU ID": 1, "Overall Health": "Warning", "Incidents": [{"System": "Memory", "Health": "Warning",',
        f'  "Error": "Detected more than 1000 SBE memory errors on GPU 1 in the last 60 minutes. (DCGM_FR_SBE_VIOLATION)"}}]}}]}}'])
    for ni in (0, 1):
        files[f"{hosts[ni]}/dmesg.txt"] = join(benign(39000.0 + ni * 9, 3))
    label = write_label("straggler", "infrastructure", {"node": hosts[bad_node], "rank": bad_rank}, "restart_without_node",
                        f"Iteration time rose about 50% with no error and the trainer names rank {bad_rank} as the slowest rank every interval. That rank's GPU (a100-n23 GPU 1, 0F:00) logs repeated Xid 92 'High single-bit ECC error rate', its volatile correctable DRAM count is 184k, and DCGM health flags an SBE violation: an ECC storm slowing one GPU.",
                        "https://github.com/Azure/azurehpc/pull/617")
    return name, files, label


CASES = [cc09, cc10, cc11, cc12, cc13, cc14, cc15, cc16, cc17]
