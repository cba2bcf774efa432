"""Cases bk01-bk10."""

import random

import nodetools as nt
from corpus_lib import (Bundle, label, T, tz, add, rng_seed, f_pylog, f_torchlog, f_journal, f_ctime, f_iso,
                        f_glog, f_bracket, tee, cuda_error_tb, train_frames, megatron_iter, sacct, PY,
                        child_failed, sigterm_lines, agent_failed, watchdog_timeout, nccl_init, interleave,
                        tqdm_line)
from scaffold import Job, progress_pylog


# ============================================================================ bk01

def bk01():
    name = "bk01_cuda_unspecified_launch_failure_mid_run"
    rng = random.Random(rng_seed(name))
    hosts = ["gpu-a14", "gpu-a15", "gpu-a16", "gpu-a17"]
    ips = ["10.20.1.14", "10.20.1.15", "10.20.1.16", "10.20.1.17"]
    job = Job(rng, hosts, ips, script="pretrain_gpt.py")
    b = Bundle(name, label(
        "gpu_memory", "infrastructure", "gpu-a15", 13, "restart_without_node",
        "Rank 13 (gpu-a15, GPU 5) died with a CUDA launch failure; the epilog nvidia-smi -q on gpu-a15 shows GPU 5 "
        "with a volatile DRAM uncorrectable error and an uncorrectable row remap still pending (reset required); the "
        "other nodes only show watchdog timeouts and an old aggregate corrected count.",
        "https://github.com/leptonai/gpud/pull/80"))
    t0 = T(2024, 3, 14, 8, 2, 11, 330000)
    crash = T(2024, 3, 14, 10, 44, 9, 512000)
    wd = add(crash, 600.4)

    # progress on rank 0 (gpu-a14)
    def fmt(s, t):
        loss = 9.8 * (s + 40) ** -0.12 + rng.uniform(-0.02, 0.02)
        return "step %d | loss %.4f | lr %.3e | tok/s/gpu %d | mfu %.1f%%" % (
            s, loss, min(3e-4, 3e-4 * s / 2000), 3890 + rng.randrange(60), 41.0 + rng.uniform(-0.4, 0.4))
    prog, tlast = progress_pylog(add(t0, 96), 50, 5200, 50, 1.843, fmt, rng)

    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h)
        if h == "gpu-a14":
            log += tee(0, ["%s - train - INFO - world_size=32 dp=32 tp=1 pp=1 micro_bs=2 grad_accum=4 seq_len=4096" % f_pylog(add(t0, 40))])
            log += tee(0, ["%s - train - INFO - resumed from /ckpt/gpt-7b/step_0000000 (fresh start)" % f_pylog(add(t0, 52))])
            log += tee(0, prog)
        if h == "gpu-a15":
            r = job.rank(h, 5)
            tb = cuda_error_tb(train_frames("/workspace/pretrain_gpt.py", 241, "backward"),
                               "RuntimeError: CUDA error: unspecified launch failure")
            log += tee(5, ["[rank13]: " + l if l else l for l in tb])
            log += job.agent_teardown(h, add(crash, 1.2), 5, 1)
        else:
            log += job.watchdog_storm(h, wd, seq=104388)
            # the agents then see their workers die with SIGABRT
            pids = job.pids[h]
            log += agent_failed(add(wd, 2.0), -6, 0, pids[0])
            others = [(job.rank(h, lr), lr, -6, pids[lr]) for lr in range(1, 8)]
            log += child_failed(add(wd, 2.0), h, "pretrain_gpt.py", job.rank(h, 0), 0, -6, pids[0],
                                others=others, signal_name="SIGABRT")
        b.node(h, "torchrun.log", log)

    b.add("slurm-88231.out", [
        "+ srun --ntasks-per-node=1 torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=gpu-a14:29500 --tee 3 pretrain_gpt.py --config cfg/gpt7b.yaml",
        "srun: error: gpu-a15: task 1: Exited with exit code 1",
        "srun: error: gpu-a17: task 3: Exited with exit code 1",
        "srun: error: gpu-a14: task 0: Exited with exit code 1",
        "srun: error: gpu-a16: task 2: Exited with exit code 1",
    ])

    ts = "Thu Mar 14 10:56:41 2024"
    for h in hosts:
        gpus = [nt.gpu(i, host=h) for i in range(8)]
        if h == "gpu-a15":
            g = gpus[5]
            g.update(ecc_v=(0, 0, 0, 1), ecc_a=(0, 0, 0, 1), rr=(0, 1, "Yes", "No"), reset_req="Yes")
        if h == "gpu-a16":
            gpus[2].update(ecc_a=(0, 0, 3, 0))
        b.node(h, "epilog/nvidia-smi-q.txt", nt.nvsmi_q(ts, "535.161.08", "12.2", gpus))
        if h == "gpu-a15":
            b.node(h, "epilog/dmesg.txt", ["dmesg: read kernel buffer failed: Operation not permitted"])
    return b


# ============================================================================ bk02

def bk02():
    name = "bk02_uncorrectable_ecc_error_after_eight_hours"
    rng = random.Random(rng_seed(name))
    hosts = ["dgx-041", "dgx-042"]
    ips = ["172.16.40.41", "172.16.40.42"]
    job = Job(rng, hosts, ips, script="train_mlm.py", nccl="2.18.5+cuda12.2",
              hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_6", "mlx5_7", "mlx5_8", "mlx5_9"])
    cest = tz(2)
    b = Bundle(name, label(
        "gpu_memory", "infrastructure", "dgx-042", 11, "restart",
        "Rank 11 hit 'uncorrectable ECC error encountered'; the kernel journal on dgx-042 shows Xid 94 (contained) and "
        "Xid 63 for GPU 4e:00 and the post-reset nvidia-smi -q shows the row remapped (1 uncorrectable remap, pending No, "
        "no remap failure), so the GPU is usable again and the job can simply be restarted.",
        "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html"))
    t0 = T(2024, 5, 20, 19, 4, 52, 120000, cest)
    crash = T(2024, 5, 21, 3, 17, 42, 240000, cest)

    def fmt(s, t):
        return "epoch 0 iter %d/120000 loss=%.4f mlm_acc=%.3f lr=%.2e it/s=%.2f" % (
            s, 4.1 * (s + 200) ** -0.09 + rng.uniform(-0.01, 0.01), 0.31 + s / 400000.0, 1e-4, 1.37 + rng.uniform(-0.02, 0.02))
    prog, _ = progress_pylog(add(t0, 61), 100, 40500, 100, 0.729, fmt, rng, logger="mlm")
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h, plugin_notice=False)
        if h == "dgx-041":
            log += tee(0, prog)
            log += job.watchdog_storm(h, add(crash, 600), seq=324119, numel=262144)
        else:
            tb = cuda_error_tb(train_frames("/work/train_mlm.py", 188, "item"),
                               "RuntimeError: CUDA error: uncorrectable ECC error encountered")
            log += tee(3, tb)
            log += job.agent_teardown(h, add(crash, 0.9), 3, 1)
        b.node(h, "torchrun.log", log)

    jk = [
        f_journal(T(2024, 5, 20, 18, 58, 3, 118220, cest)) + " dgx-042 kernel: nvidia-nvswitch0: open (major=508)",
        f_journal(T(2024, 5, 20, 18, 58, 4, 733001, cest)) + " dgx-042 kernel: nvidia 0000:4e:00.0: enabling device (0000 -> 0002)",
        f_journal(T(2024, 5, 21, 3, 17, 41, 881273, cest)) + " dgx-042 kernel: NVRM: Xid (PCI:0000:4e:00): 94, pid=228871, name=python3, Ch 00000010",
        f_journal(T(2024, 5, 21, 3, 17, 41, 882004, cest)) + " dgx-042 kernel: NVRM: Xid (PCI:0000:4e:00): 63, pid=228871, name=python3, Row Remapper: New row marked for remapping, reset gpu to activate.",
        f_journal(T(2024, 5, 21, 3, 29, 10, 402117, cest)) + " dgx-042 kernel: NVRM: GPU at PCI:0000:4e:00: GPU-7a2e01f3-0c11-bf83-2ec1-77a9b0d4c6e2",
        f_journal(T(2024, 5, 21, 3, 29, 10, 402119, cest)) + " dgx-042 kernel: NVRM: GPU Board Serial Number: 1654221013377",
        f_journal(T(2024, 5, 21, 3, 29, 12, 10433, cest)) + " dgx-042 kernel: NVRM: GPU 0000:4e:00.0: RmInitAdapter succeeded",
    ]
    b.node("dgx-042", "journalctl-k.txt", jk)
    b.node("dgx-042", "epilog.log", [
        "[%s] epilog start job=311872 user=mkoval" % T(2024, 5, 21, 3, 28, 55, 0, cest).isoformat(),
        "[%s] GPU processes remaining: none" % T(2024, 5, 21, 3, 28, 56, 0, cest).isoformat(),
        "[%s] running: nvidia-smi -r -i 3" % T(2024, 5, 21, 3, 28, 58, 0, cest).isoformat(),
        "GPU 00000000:4E:00.0 was successfully reset.",
        "All done.",
        "[%s] running: nvidia-smi --query-remapped-rows=gpu_bus_id,remapped_rows.correctable,remapped_rows.uncorrectable,remapped_rows.pending,remapped_rows.failure --format=csv" % T(2024, 5, 21, 3, 29, 14, 0, cest).isoformat(),
        "gpu_bus_id, remapped_rows.correctable, remapped_rows.uncorrectable, remapped_rows.pending, remapped_rows.failure",
        "00000000:07:00.0, 0, 0, No, No",
        "00000000:0F:00.0, 0, 0, No, No",
        "00000000:47:00.0, 0, 0, No, No",
        "00000000:4E:00.0, 0, 1, No, No",
        "00000000:87:00.0, 0, 0, No, No",
        "00000000:90:00.0, 0, 0, No, No",
        "00000000:B7:00.0, 0, 0, No, No",
        "00000000:BD:00.0, 0, 0, No, No",
        "[%s] epilog done rc=0" % T(2024, 5, 21, 3, 29, 40, 0, cest).isoformat(),
    ])
    gpus = [nt.gpu(i, "a100", host="dgx-042") for i in range(8)]
    gpus[3].update(ecc_a=(0, 0, 2, 1), rr=(0, 1, "No", "No"), hist=(639, 1, 0, 0, 0))
    b.node("dgx-042", "nvidia-smi-q.after-reset.txt", nt.nvsmi_q("Tue May 21 03:29:31 2024", "535.129.03", "12.2", gpus))
    gpus1 = [nt.gpu(i, "a100", host="dgx-041") for i in range(8)]
    gpus1[6].update(ecc_a=(0, 0, 1, 0))
    b.node("dgx-041", "nvidia-smi-q.txt", nt.nvsmi_q("Tue May 21 03:29:30 2024", "535.129.03", "12.2", gpus1))
    return b


# ============================================================================ bk03

def bk03():
    name = "bk03_tokens_per_second_halved_mid_run"
    rng = random.Random(rng_seed(name))
    hosts = ["hgx-pod2-n%02d" % i for i in range(1, 9)]
    ips = ["10.48.2.%d" % (100 + i) for i in range(1, 9)]
    job = Job(rng, hosts, ips, script="pretrain_gpt.py", nccl="2.20.5+cuda12.4")
    b = Bundle(name, label(
        "straggler", "infrastructure", "hgx-pod2-n05", None, "restart_without_node",
        "Iteration time jumped from ~1.84 s to ~3.4 s at 14:22 with no error. The 15:05 snapshot shows all eight GPUs on "
        "hgx-pod2-n05 with HW Slowdown and HW Power Brake Slowdown active and SM clocks at 690 MHz, and its BMC SEL "
        "logs a PSU failure / redundancy lost at 14:21:47; every other node runs at full clock.",
        "https://github.com/leptonai/gpud/pull/330"))
    t0 = T(2024, 8, 7, 9, 31, 4, 0)
    slow_at = T(2024, 8, 7, 14, 22, 0)
    lines = []
    it = 10
    t = add(t0, 140)
    while t < T(2024, 8, 7, 15, 9, 0):
        slow = t >= slow_at
        ms = (3391.0 if slow else 1843.0) + rng.uniform(-25, 25)
        loss = 2.9 * (it + 500) ** -0.05 + rng.uniform(-0.01, 0.01)
        lines.append(megatron_iter(t, it, 250000, ms, 3.0e-4, 1024, loss, 0.31 + rng.uniform(-0.05, 0.05)))
        t = add(t, 10 * ms / 1000.0)
        it += 10
    # keep the file at a sensible size: first 300 and everything after 13:40
    head = lines[:300]
    tail = [l for l in lines[300:] if l[2:21] >= "2024-08-07 13:40:00"]
    meg = ["using world size: 64, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1",
           "> initializing torch distributed ...",
           "> initialized tensor model parallel with size 8",
           "> building GPT model ...",
           " > number of parameters on (tensor, pipeline) model parallel rank (7, 0): 1634250752",
           "[after model, optimizer, and learning rate scheduler are built] datetime: 2024-08-07 09:33:11",
           "training ...",
           "[before the start of training step] datetime: 2024-08-07 09:33:19"] + head + ["..."] + tail
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h, channels=2)
        if h == hosts[-1]:
            log += tee(7, meg)
        b.node(h, "torchrun.log", log)

    ts = "Wed Aug  7 15:05:12 2024"
    for h in hosts:
        gpus = [nt.busy(nt.gpu(i, host=h)) for i in range(8)]
        if h == "hgx-pod2-n05":
            for g in gpus:
                g["reasons"] = {"HW Slowdown": "Active", "HW Power Brake Slowdown": "Active"}
                g["sm"] = 690
                g["power"] = round(281.0 + g["idx"] * 2.7, 2)
                g["temp"] = 44 + g["idx"] % 3
        b.node(h, "snapshot-1505/nvidia-smi-q.txt", nt.nvsmi_q(ts, "550.54.15", "12.4", gpus, expanded_sram=True))
    sel_old = [
        (T(2024, 2, 2, 11, 4, 51), "Event Logging Disabled SEL Fullness", "Log area reset/cleared", "Asserted"),
        (T(2024, 2, 2, 11, 7, 3), "System ACPI Power State ACPI State", "S0/G0: working", "Asserted"),
        (T(2024, 6, 19, 3, 14, 40), "Drive Present Drive 2", "Drive Present", "Asserted"),
    ]
    for h in hosts:
        entries = list(sel_old)
        if h == "hgx-pod2-n05":
            entries += [
                (T(2024, 8, 7, 14, 21, 47), "Power Supply PSU3 Status", "Failure detected", "Asserted"),
                (T(2024, 8, 7, 14, 21, 47), "Power Supply PSU3 Status", "Power Supply AC lost", "Asserted"),
                (T(2024, 8, 7, 14, 21, 48), "Power Unit PSU Redundancy", "Redundancy Lost", "Asserted"),
                (T(2024, 8, 7, 14, 21, 48), "Power Unit PSU Redundancy", "Non-Redundant: Sufficient Resources from Redundant", "Asserted"),
            ]
        if h == "hgx-pod2-n02":
            entries += [(T(2024, 7, 30, 22, 10, 5), "Temperature Inlet Temp", "Upper Non-critical going high", "Asserted"),
                        (T(2024, 7, 30, 22, 14, 31), "Temperature Inlet Temp", "Upper Non-critical going high", "Deasserted")]
        b.node(h, "snapshot-1505/ipmitool-sel-elist.txt", nt.sel_elist(entries, start_id=0x2c + hosts.index(h)))
    return b


# ============================================================================ bk04

def bk04():
    name = "bk04_iteration_time_up_after_maintenance"
    rng = random.Random(rng_seed(name))
    hosts = ["a100-07", "a100-08", "a100-09", "a100-10"]
    ips = ["10.9.0.7", "10.9.0.8", "10.9.0.9", "10.9.0.10"]
    job = Job(rng, hosts, ips, script="train_vit.py", nccl="2.18.3+cuda12.1",
              hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"])
    b = Bundle(name, label(
        "straggler", "infrastructure", "a100-09", None, "restart_without_node",
        "Step time is ~1.41 s instead of the ~1.02 s of the previous identical run. In the under-load nvidia-smi -q only "
        "a100-09 GPU 6 runs its PCIe link at 4x (max 16x) with thousands of replays, and lspci confirms 'Width x4 "
        "(downgraded)' with corrected-error bits set; the Gen1 links in the idle prolog snapshots are normal power saving.",
        "https://github.com/janhq/jan/issues/183"))
    pst = tz(-7)
    t0 = T(2024, 10, 2, 13, 15, 0, 0, pst)

    def fmt(s, t):
        return "[ep 3] step %d/50000 loss %.4f top1 %.2f step_time %.3fs data %.3fs lr %.5f" % (
            s, 1.9 - s / 80000.0 + rng.uniform(-0.02, 0.02), 58 + s / 2000.0, 1.41 + rng.uniform(-0.02, 0.02),
            0.011 + rng.uniform(0, 0.004), 0.0008)
    prog, _ = progress_pylog(add(t0, 75), 20, 3000, 20, 1.41, fmt, rng, logger="vit")
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h, plugin_notice=True)
        if h == "a100-07":
            log += tee(0, prog)
        b.node(h, "torchrun.log", log)
    prev = []
    tp = T(2024, 9, 27, 9, 2, 0, 0, pst)
    for s in range(2000, 3020, 20):
        prev.append("%s - vit - INFO - [ep 3] step %d/50000 loss %.4f top1 %.2f step_time %.3fs data %.3fs lr %.5f" % (
            f_pylog(tp), s, 1.9 - s / 80000.0 + rng.uniform(-0.02, 0.02), 58 + s / 2000.0, 1.02 + rng.uniform(-0.02, 0.02),
            0.010 + rng.uniform(0, 0.004), 0.0008))
        tp = add(tp, 20.4)
    b.add("previous_run_job4410_tail.log", ["# same config, job 4410 on a100-03..a100-06, 2024-09-27"] + prev)

    for h in hosts:
        idle = [nt.gpu(i, "a100", host=h) for i in range(8)]
        for g in idle:
            g["pcie_cur"] = 1
            g["pcie_dev_cur"] = 1
        b.node(h, "prolog/nvidia-smi-q.idle.txt", nt.nvsmi_q("Wed Oct  2 13:14:41 2024", "535.183.06", "12.2", idle))
        run = [nt.busy(nt.gpu(i, "a100", host=h)) for i in range(8)]
        if h == "a100-09":
            run[6].update(width_cur="4x", replays=18442)
        b.node(h, "during-run/nvidia-smi-q.txt", nt.nvsmi_q("Wed Oct  2 14:02:17 2024", "535.183.06", "12.2", run))
    b.node("a100-09", "during-run/lspci-vvv-b7.txt", nt.lspci_gpu(
        "b7:00.0", "NVIDIA Corporation GA100 [A100 SXM4 80GB]", "16GT/s", "x16", "16GT/s", "x4",
        sta_width_ok=False, cesta={"RxErr": "+", "BadDLLP": "+"}, subsystem="NVIDIA Corporation Device 147f"))
    b.node("a100-08", "during-run/lspci-vvv-b7.txt", nt.lspci_gpu(
        "b7:00.0", "NVIDIA Corporation GA100 [A100 SXM4 80GB]", "16GT/s", "x16", "16GT/s", "x16",
        subsystem="NVIDIA Corporation Device 147f"))
    return b


# ============================================================================ bk05

def bk05():
    name = "bk05_slow_from_first_step_on_every_node"
    rng = random.Random(rng_seed(name))
    hosts = ["ip-10-1-33-12", "ip-10-1-37-201", "ip-10-1-40-88", "ip-10-1-45-9"]
    b = Bundle(name, label(
        "straggler", "script", None, None, "stop",
        "Every node is equally slow from the first step (~2.1 s/it, GPU util 20-30 %, data_wait ~1.5 s of each step) "
        "with dataloader_num_workers=0; nvidia-smi -q, dcgm-exporter and dcgmi diag are clean on all four nodes, so the "
        "input pipeline configuration is the bottleneck, not hardware.",
        "https://github.com/pytorch/examples/issues/387"))
    t0 = T(2024, 11, 5, 16, 20, 3, 0)
    args = [
        "TrainingArguments(",
        "_n_gpu=1,",
        "bf16=True,",
        "dataloader_drop_last=False,",
        "dataloader_num_workers=0,",
        "dataloader_persistent_workers=False,",
        "dataloader_pin_memory=True,",
        "ddp_backend=nccl,",
        "ddp_find_unused_parameters=False,",
        "deepspeed=None,",
        "fsdp=[<FSDPOption.FULL_SHARD: 'full_shard'>, <FSDPOption.AUTO_WRAP: 'auto_wrap'>],",
        "gradient_accumulation_steps=1,",
        "gradient_checkpointing=True,",
        "learning_rate=2e-05,",
        "logging_steps=10,",
        "max_steps=12000,",
        "per_device_train_batch_size=4,",
        "save_steps=1000,",
        "seed=42,",
        "torch_compile=False,",
        ")",
    ]
    for i, h in enumerate(hosts):
        lines = ["[%s] INFO  launcher: PET_NNODES=4 PET_NODE_RANK=%d PET_NPROC_PER_NODE=8 MASTER_ADDR=llama-ft-master-0" % (t0.isoformat(), i)]
        lines += ["[INFO|trainer.py:2062] 2024-11-05 16:21:12,118 >> ***** Running training *****"] if i == 0 else []
        if i == 0:
            lines += args
            lines += ["[INFO|trainer.py:2063] 2024-11-05 16:21:12,119 >>   Num examples = 1,912,334",
                      "[INFO|trainer.py:2064] 2024-11-05 16:21:12,119 >>   Num Epochs = 1",
                      "[INFO|trainer.py:2065] 2024-11-05 16:21:12,119 >>   Instantaneous batch size per device = 4",
                      "[INFO|trainer.py:2068] 2024-11-05 16:21:12,119 >>   Total train batch size (w. parallel, distributed & accumulation) = 128",
                      "[INFO|trainer.py:2071] 2024-11-05 16:21:12,119 >>   Total optimization steps = 12,000"]
            el = 0.0
            for s in range(10, 330, 10):
                el += 10 * (2.08 + rng.uniform(-0.05, 0.05))
                lines.append(tqdm_line(s, 12000, el, 2.08 + rng.uniform(-0.04, 0.04)))
                if s % 50 == 0:
                    lines.append("{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': 2e-05, 'epoch': %.2f}" % (1.41 - s / 2000.0, 0.9 + rng.uniform(-0.1, 0.1), s / 14940.0))
                    lines.append("[timing rank0] step=%d data_wait=%.2fs fwd_bwd=%.2fs optim=%.2fs" % (s, 1.48 + rng.uniform(-0.06, 0.06), 0.51 + rng.uniform(-0.02, 0.02), 0.07))
        else:
            lines.append("[timing rank%d] step=50 data_wait=%.2fs fwd_bwd=%.2fs optim=%.2fs" % (i * 8, 1.51, 0.52, 0.07))
            lines.append("[timing rank%d] step=300 data_wait=%.2fs fwd_bwd=%.2fs optim=%.2fs" % (i * 8, 1.47, 0.51, 0.07))
        b.node(h, "pods/llama-ft-worker-%d.log" % i, lines)
        gpus = [nt.busy(nt.gpu(j, host=h), util=23 + (j * 3 + i) % 9, power=248.0 + j) for j in range(8)]
        b.node(h, "nvidia-smi-q.txt", nt.nvsmi_q("Tue Nov  5 16:33:50 2024", "550.90.07", "12.4", gpus, expanded_sram=True))
        vals = {
            "DCGM_FI_DEV_SM_CLOCK": lambda g: 1980,
            "DCGM_FI_DEV_GPU_TEMP": lambda g, i=i: 41 + (g + i) % 5,
            "DCGM_FI_DEV_POWER_USAGE": lambda g: "%.3f" % (251.2 + g * 1.7),
            "DCGM_FI_DEV_PCIE_REPLAY_COUNTER": lambda g: 0,
            "DCGM_FI_DEV_GPU_UTIL": lambda g, i=i: 23 + (g * 3 + i) % 9,
            "DCGM_FI_DEV_XID_ERRORS": lambda g: 0,
            "DCGM_FI_DEV_FB_USED": lambda g: 61240 + g * 11,
            "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS": lambda g: 0,
            "DCGM_FI_DEV_ROW_REMAP_FAILURE": lambda g: 0,
            "DCGM_FI_PROF_GR_ENGINE_ACTIVE": lambda g: "%.6f" % (0.241 + g * 0.003),
            "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE": lambda g: "%.6f" % (0.118 + g * 0.002),
        }
        pods = {j: ("ml-train", "llama-ft-worker-%d" % i, "pytorch") for j in range(8)}
        b.node(h, "dcgm-exporter-metrics.txt", nt.exporter_metrics(h, [nt.gpu(j, host=h) for j in range(8)], vals, pods=pods, driver="550.90.07"))
        b.node(h, "dcgmi-diag-r1.txt", nt.dcgmi_diag_text("3.3.7", "550.90.07", ["2330"] * 8, nt.deploy_rows(), [], [], []))
    return b


# ============================================================================ bk06

def bk06():
    name = "bk06_allreduce_hang_then_watchdog_timeout"
    rng = random.Random(rng_seed(name))
    hosts = ["sc-h100-031", "sc-h100-032"]
    ips = ["192.168.50.31", "192.168.50.32"]
    job = Job(rng, hosts, ips, script="train_llm.py", nccl="2.20.5+cuda12.4")
    b = Bundle(name, label(
        "nvlink", "infrastructure", "sc-h100-032", None, "restart_without_node",
        "All 16 ranks time out in the same ALLREDUCE with no other error. Post-mortem, sc-h100-032 shows GPU 3 NVLinks 9 and "
        "10 <inactive> with tens of thousands of replay errors (zero in its prolog snapshot) and fabric manager logged an "
        "NVSwitch fatal SXid seconds before progress stopped; sc-h100-031 only has 3 static replays.",
        "https://github.com/stas00/ml-engineering/blob/master/compute/accelerator/nvidia/debug.md"))
    t0 = T(2024, 4, 9, 18, 5, 40, 0)
    stop = T(2024, 4, 9, 21, 7, 33, 0)

    def fmt(s, t):
        return "it %6d | loss %.4f | %.1f TFLOP/s/gpu | %.2f s/it" % (s, 2.7 * (s + 100) ** -0.06, 402 + rng.uniform(-3, 3), 3.31 + rng.uniform(-0.03, 0.03))
    prog, _ = progress_pylog(add(t0, 88), 20, 3180, 20, 3.31, fmt, rng, logger="llm")
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h)
        if h == hosts[0]:
            log += tee(0, prog)
        log += job.watchdog_storm(h, add(stop, 600), seq=61007, numel=134217728)
        pids = job.pids[h]
        log += agent_failed(add(stop, 603), -6, 0, pids[0])
        log += child_failed(add(stop, 603), h, "train_llm.py", job.rank(h, 0), 0, -6, pids[0],
                            others=[(job.rank(h, lr), lr, -6, pids[lr]) for lr in range(1, 8)], signal_name="SIGABRT")
        b.node(h, "torchrun.log", log)

    for h in hosts:
        gpus = [nt.gpu(i, host=h) for i in range(8)]
        pre = {}
        post = {}
        if h == "sc-h100-031":
            pre = {(0, 2): (3, 0, 0)}
            post = {(0, 2): (3, 0, 0)}
        else:
            post = {(3, 9): (48211, 117, 3901), (3, 10): (30877, 96, 2210)}
        b.node(h, "prolog/nvlink-errors.txt", ["# nvidia-smi nvlink -e  (prolog, 2024-04-09 18:05:02)"] + nt.nvlink_errors(gpus, errs=pre))
        b.node(h, "postmortem/nvlink-errors.txt", ["# nvidia-smi nvlink -e  (2024-04-09 21:31:40)"] + nt.nvlink_errors(gpus, errs=post))
        down = {(3, 9), (3, 10)} if h == "sc-h100-032" else set()
        b.node(h, "postmortem/nvlink-status.txt", ["# nvidia-smi nvlink -s  (2024-04-09 21:31:41)"] + nt.nvlink_status(gpus, down=down))
    fm = []
    base = T(2024, 4, 2, 7, 12, 55)
    fm += ["[Apr 02 2024 07:12:55] [INFO] [tid 2741] Fabric Manager version 535.161.08 is running with the following configuration options",
           "[Apr 02 2024 07:12:55] [INFO] [tid 2741] Logging level = 4",
           "[Apr 02 2024 07:12:55] [INFO] [tid 2741] Logging file name/path = /var/log/fabricmanager.log",
           "[Apr 02 2024 07:12:55] [INFO] [tid 2741] Fabric Mode = 0",
           "[Apr 02 2024 07:13:01] [INFO] [tid 2741] Successfully configured all the available NVSwitches to route GPU NVLink traffic. NVLink Peer-to-Peer support will be enabled once the GPUs are successfully registered with the NVLink fabric.",
           "[Apr 09 2024 21:07:29] [ERROR] [tid 2779] detected NVSwitch fatal error 24007 on fid 0 on NVSwitch pci bus id 00000000:07:00.0 physical id 1 port 41",
           "[Apr 09 2024 21:07:29] [INFO] [tid 2779] NVSwitch fatal error handling: logging error and notifying clients",
           "[Apr 09 2024 21:07:30] [ERROR] [tid 2779] detected NVSwitch fatal error 24007 on fid 0 on NVSwitch pci bus id 00000000:07:00.0 physical id 1 port 40",
           "[Apr 09 2024 21:07:30] [INFO] [tid 2779] NVSwitch fatal error handling: logging error and notifying clients"]
    b.node("sc-h100-032", "postmortem/fabricmanager.log", fm)
    b.node("sc-h100-031", "postmortem/fabricmanager.log", fm[:5])
    return b


# ============================================================================ bk07

def bk07():
    name = "bk07_ranks_fail_at_startup_cuda_init"
    rng = random.Random(rng_seed(name))
    hosts = ["node-017", "node-018", "node-019", "node-020"]
    ips = ["10.3.17.17", "10.3.17.18", "10.3.17.19", "10.3.17.20"]
    job = Job(rng, hosts, ips, script="pretrain.py")
    b = Bundle(name, label(
        "dependency", "infrastructure", "node-019", None, "restart_without_node",
        "Only node-019's eight ranks fail at torch.cuda.set_device with CUDA error 802 'system not yet initialized'; its "
        "journal shows nvidia-fabricmanager refusing to start because the FM package (535.129.03) does not match the "
        "driver (535.161.08), and its GPUs report fabric state 'In Progress'. The other nodes were only killed by srun.",
        "https://github.com/NVIDIA/gpu-operator/issues/544"))
    t0 = T(2024, 7, 2, 6, 40, 12, 0)
    for h in hosts:
        log = job.launcher_head(h, t0)
        if h == "node-019":
            for lr in range(8):
                tb = ["Traceback (most recent call last):",
                      '  File "/opt/app/pretrain.py", line 412, in <module>',
                      "    main()",
                      '  File "/opt/app/pretrain.py", line 61, in main',
                      "    torch.cuda.set_device(local_rank)",
                      '  File "%s/torch/cuda/__init__.py", line 399, in set_device' % PY,
                      "    torch._C._cuda_setDevice(device)",
                      '  File "%s/torch/cuda/__init__.py", line 298, in _lazy_init' % PY,
                      "    torch._C._cuda_init()",
                      "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized"]
                log += tee(lr, tb)
            pids = job.pids[h]
            tf = add(t0, 21.4)
            log += agent_failed(tf, 1, 0, pids[0])
            log += child_failed(tf, h, "pretrain.py", job.rank(h, 0), 0, 1, pids[0],
                                others=[(job.rank(h, lr), lr, 1, pids[lr]) for lr in range(1, 8)])
        else:
            log += job.nccl_lines(h)[:40]
            tk = add(t0, 23.0)
            log += [f_torchlog(tk) + " torch.distributed.elastic.agent.server.api: [INFO] Received Signals.SIGTERM death signal, shutting down workers"]
            log += sigterm_lines(tk, job.pids[h])
            log += ["Traceback (most recent call last):",
                    '  File "/usr/local/bin/torchrun", line 8, in <module>',
                    "    sys.exit(main())",
                    "  ...",
                    '  File "%s/torch/distributed/elastic/multiprocessing/api.py", line 79, in _terminate_process_handler' % PY,
                    "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
                    "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % (job.pids[h][0] - 37)]
        b.node(h, "torchrun.log", log)
    b.add("slurm-90311.out", [
        "+ srun --kill-on-bad-exit=1 --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint node-017:29500 --tee 3 /opt/app/pretrain.py",
        "srun: error: node-019: task 2: Exited with exit code 1",
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "slurmstepd: error: *** STEP 90311.0 ON node-017 CANCELLED AT 2024-07-02T06:40:35 ***",
        "srun: error: node-017: task 0: Terminated",
        "srun: error: node-018: task 1: Terminated",
        "srun: error: node-020: task 3: Terminated",
        "srun: Force Terminated StepId=90311.0",
    ])
    jfm = [
        "2024-07-01T22:03:40+0000 node-019 systemd[1]: Starting NVIDIA fabric manager service...",
        "2024-07-01T22:03:40+0000 node-019 nv-fabricmanager[3228]: fabric manager NVIDIA GPU driver interface version 535.129.03 don't match with driver version 535.161.08. Please update with matching NVIDIA driver package.",
        "2024-07-01T22:03:40+0000 node-019 systemd[1]: nvidia-fabricmanager.service: Control process exited, code=exited, status=1/FAILURE",
        "2024-07-01T22:03:40+0000 node-019 systemd[1]: nvidia-fabricmanager.service: Failed with result 'exit-code'.",
        "2024-07-01T22:03:40+0000 node-019 systemd[1]: Failed to start NVIDIA fabric manager service.",
    ]
    b.node("node-019", "journalctl-u-nvidia-fabricmanager.txt", jfm)
    b.node("node-019", "dpkg-nvidia.txt", [
        "ii  libnvidia-compute-535:amd64            535.161.08-0ubuntu1   amd64  NVIDIA libcompute package",
        "ii  nvidia-driver-535-server               535.161.08-0ubuntu1   amd64  NVIDIA Server Driver metapackage",
        "ii  nvidia-fabricmanager-535               535.129.03-1          amd64  Fabric Manager for NVSwitch based systems.",
        "ii  nvidia-kernel-common-535-server        535.161.08-0ubuntu1   amd64  Shared files used with the kernel module",
        "ii  nvidia-utils-535-server                535.161.08-0ubuntu1   amd64  NVIDIA Server Driver support binaries",
    ])
    for h in hosts:
        gpus = [nt.gpu(i, host=h) for i in range(8)]
        if h == "node-019":
            for g in gpus:
                g["fabric"] = ("In Progress", "N/A")
        b.node(h, "nvidia-smi-q.txt", nt.nvsmi_q("Tue Jul  2 06:41:02 2024", "535.161.08", "12.2", gpus))
    for h in ("node-017", "node-020"):
        b.node(h, "dpkg-nvidia.txt", [
            "ii  libnvidia-compute-535:amd64            535.161.08-0ubuntu1   amd64  NVIDIA libcompute package",
            "ii  nvidia-driver-535-server               535.161.08-0ubuntu1   amd64  NVIDIA Server Driver metapackage",
            "ii  nvidia-fabricmanager-535               535.161.08-1          amd64  Fabric Manager for NVSwitch based systems.",
            "ii  nvidia-kernel-common-535-server        535.161.08-0ubuntu1   amd64  Shared files used with the kernel module",
            "ii  nvidia-utils-535-server                535.161.08-0ubuntu1   amd64  NVIDIA Server Driver support binaries",
        ])
    return b


# ============================================================================ bk08

def _diag_pass_r2(driver, devid="2330"):
    return nt.dcgmi_diag_text("3.3.5", driver, [devid] * 8, nt.deploy_rows(),
                              [("PCIe", "Pass - All", [])],
                              [("GPU Memory", "Pass - All", [])], [], level=2)


def bk08():
    name = "bk08_job_requeued_before_first_step"
    rng = random.Random(rng_seed(name))
    hosts = ["gpu-c05", "gpu-c06", "gpu-c07", "gpu-c08"]
    b = Bundle(name, label(
        "gpu_memory", "infrastructure", "gpu-c08", None, "restart_without_node",
        "The job never started: the prolog on gpu-c08 failed and Slurm drained it ('Prolog error') and requeued/held the "
        "job. The prolog's dcgmi diag on gpu-c08 fails Page Retirement/Row Remap with GPU 6 uncorrectable errors and a "
        "failed row remap (remapped_rows.failure Yes) - an RMA condition; the other prologs pass.",
        "https://blog.icer.msu.edu/announcement/2023/10/27/Jobs-Requeued-On-Prolog-Failure"))
    tp = T(2024, 5, 2, 3, 13, 2)
    b.add("scontrol-show-job-5521.txt", [
        "JobId=5521 JobName=sft-70b",
        "   UserId=apark(41022) GroupId=ml(4100) MCS_label=N/A",
        "   Priority=18402 Nice=0 Account=llm QOS=normal",
        "   JobState=PENDING Reason=launch_failed_requeued_held Dependency=(null)",
        "   Requeue=1 Restarts=1 BatchFlag=1 Reboot=0 ExitCode=0:0",
        "   RunTime=00:00:00 TimeLimit=2-00:00:00 TimeMin=N/A",
        "   SubmitTime=2024-05-02T03:12:41 EligibleTime=Unknown",
        "   AccrueTime=Unknown",
        "   StartTime=Unknown EndTime=Unknown Deadline=N/A",
        "   SuspendTime=None SecsPreSuspend=0 LastSchedEval=2024-05-02T03:14:10 Scheduler=Main",
        "   Partition=h100 AllocNode:Sid=login02:88114",
        "   ReqNodeList=(null) ExcNodeList=(null)",
        "   NodeList=",
        "   BatchHost=gpu-c05",
        "   NumNodes=4-4 NumCPUs=448 NumTasks=4 CPUs/Task=112 ReqB:S:C:T=0:0:*:*",
        "   TRES=cpu=448,mem=7200G,node=4,billing=448,gres/gpu=32",
        "   Command=/home/apark/sft/launch.sbatch",
        "   StdErr=/home/apark/sft/logs/slurm-5521.out",
        "   StdOut=/home/apark/sft/logs/slurm-5521.out",
    ])
    b.add("sinfo-R.txt", [
        "REASON               USER      TIMESTAMP           NODELIST",
        "Prolog error         root      2024-05-02T03:14:09 gpu-c08",
        "rma ticket 22871     fdiaz     2024-04-18T10:02:44 gpu-c19",
    ])
    b.add("sacct-5521.txt", sacct([
        ("5521", "sft-70b", "h100", "REQUEUED", "0:0", "00:00:00", "gpu-c[05-08]"),
        ("5521", "sft-70b", "h100", "PENDING", "0:0", "00:00:00", "None assigned"),
    ]))
    for i, h in enumerate(hosts):
        plog = ["%s prolog[%d]: job=5521 user=apark starting node checks" % (add(tp, i).isoformat(), 77100 + i * 13),
                "%s prolog[%d]: check mounts: /home /scratch /datasets ok" % (add(tp, 1 + i).isoformat(), 77100 + i * 13),
                "%s prolog[%d]: check ib: 8/8 ports Active" % (add(tp, 2 + i).isoformat(), 77100 + i * 13),
                "%s prolog[%d]: running dcgmi diag -r 2" % (add(tp, 3 + i).isoformat(), 77100 + i * 13)]
        if h == "gpu-c08":
            diag = nt.dcgmi_diag_text("3.3.5", "535.161.08", ["2330"] * 8, nt.deploy_rows({
                "Page Retirement/Row Remap": ("Fail", [("Error", "GPU 6 had uncorrectable memory errors and row remapping failed.")])}),
                [], [], [], level=2)
            plog += diag
            plog += ["%s prolog[%d]: dcgmi diag rc=226" % (add(tp, 62).isoformat(), 77139),
                     "%s prolog[%d]: nvidia-smi --query-remapped-rows=gpu_bus_id,remapped_rows.correctable,remapped_rows.uncorrectable,remapped_rows.pending,remapped_rows.failure --format=csv,noheader" % (add(tp, 63).isoformat(), 77139)]
            for j, bdf in enumerate(nt.H100_BDF):
                plog.append("00000000:%s:00.0, 0, %d, No, %s" % (bdf, 8 if j == 6 else 0, "Yes" if j == 6 else "No"))
            plog.append("%s prolog[%d]: FAIL dcgm-diag; exit 1" % (add(tp, 64).isoformat(), 77139))
        else:
            plog += _diag_pass_r2("535.161.08")
            plog.append("%s prolog[%d]: dcgmi diag rc=0" % (add(tp, 58 + i).isoformat(), 77100 + i * 13))
            plog.append("%s prolog[%d]: all checks passed" % (add(tp, 59 + i).isoformat(), 77100 + i * 13))
        b.node(h, "prolog-healthcheck.log", plog)
    b.node("gpu-c08", "slurmd.log", [
        "[2024-05-02T03:13:02.118] task/affinity: task_p_slurmd_batch_request: task_p_slurmd_batch_request: 5521",
        "[2024-05-02T03:13:02.119] task/affinity: batch_bind: job 5521 CPU input mask for node: 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
        "[2024-05-02T03:14:09.441] error: prolog failed: rc:256 output:FAIL dcgm-diag; exit 1",
        "[2024-05-02T03:14:09.441] error: [job 5521] prolog failed status=1:0",
        "[2024-05-02T03:14:09.442] Job 5521 already killed, do not launch batch job",
    ])
    return b


# ============================================================================ bk09

def bk09():
    name = "bk09_training_finished_then_node_drained"
    rng = random.Random(rng_seed(name))
    hosts = ["h200-b3", "h200-b4"]
    ips = ["10.60.3.3", "10.60.3.4"]
    job = Job(rng, hosts, ips, script="finetune.py", nccl="2.21.5+cuda12.4")
    b = Bundle(name, label(
        "unknown", "framework", None, None, "none",
        "The run completed: rank 0 logs the final checkpoint, both torchrun agents report the worker group finished and "
        "sacct says COMPLETED 0:0. The epilog's dcgmi health warning (pending row remap on h200-b4 GPU 2) and the drain "
        "came after the job and did not affect it.",
        "https://docs.nvidia.com/datacenter/dcgm/latest/reference/command-line-reference/dcgmi/dcgmi-health.html"))
    t0 = T(2024, 9, 3, 1, 0, 4)
    tend = T(2024, 9, 3, 6, 12, 47)

    def fmt(s, t):
        return "step %d/6000 loss=%.4f lr=%.2e grad_norm=%.3f" % (s, 1.2 - s / 9000.0 + rng.uniform(-0.01, 0.01), 1e-5, 0.4 + rng.uniform(-0.05, 0.05))
    prog, _ = progress_pylog(add(t0, 70), 25, 6000, 25, 3.11, fmt, rng, logger="ft")
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h)
        if h == hosts[0]:
            log += tee(0, prog)
            log += tee(0, ["%s - ft - INFO - saving final checkpoint to /ckpt/ft-70b-v3/step_6000" % f_pylog(add(tend, -40)),
                           "%s - ft - INFO - checkpoint saved (131.2 GB in 36.4 s)" % f_pylog(add(tend, -3)),
                           "%s - ft - INFO - Training completed in 5h 11m 33s" % f_pylog(add(tend, -2))])
        log += tee(0, ["%s/torch/distributed/distributed_c10d.py:1370: UserWarning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % PY])
        log += [f_torchlog(tend) + " torch.distributed.elastic.agent.server.api: [INFO] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish.",
                f_torchlog(add(tend, 0.2)) + " torch.distributed.elastic.agent.server.api: [INFO] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish",
                f_torchlog(add(tend, 0.9)) + " torch.distributed.elastic.agent.server.api: [INFO] Done waiting for other agents. Elapsed: 0.6882424354553223 seconds"]
        b.node(h, "torchrun.log", log)
    b.add("sacct-700112.txt", sacct([
        ("700112", "ft-70b-v3", "h200", "COMPLETED", "0:0", "05:13:02", "h200-b[3-4]"),
        ("700112.batch", "batch", "", "COMPLETED", "0:0", "05:13:02", "h200-b3"),
        ("700112.0", "torchrun", "", "COMPLETED", "0:0", "05:12:44", "h200-b[3-4]"),
    ]))
    b.add("sinfo-R.txt", ["REASON               USER      TIMESTAMP           NODELIST",
                          "epilog: dcgm health  root      2024-09-03T06:14:02 h200-b4"])
    b.node("h200-b4", "epilog.log", [
        "2024-09-03T06:13:31+00:00 epilog[55102]: job=700112 exit=0:0",
        "2024-09-03T06:13:32+00:00 epilog[55102]: dcgmi health -c",
    ] + nt.dcgmi_health("Warning", [(2, "Warning", ["Memory system: Warning - GPU 2 had memory errors and row remappings are pending"])]) + [
        "2024-09-03T06:13:33+00:00 epilog[55102]: health != Healthy -> scontrol update nodename=h200-b4 state=drain reason='epilog: dcgm health'",
    ])
    gpus = [nt.gpu(i, "h200", host="h200-b4") for i in range(8)]
    gpus[2].update(rr=(1, 0, "Yes", "No"), ecc_a=(0, 0, 2, 0))
    b.node("h200-b4", "epilog-nvidia-smi-q.txt", nt.nvsmi_q("Tue Sep  3 06:13:35 2024", "550.90.07", "12.4", gpus, expanded_sram=True))
    b.node("h200-b3", "epilog.log", [
        "2024-09-03T06:13:30+00:00 epilog[61877]: job=700112 exit=0:0",
        "2024-09-03T06:13:31+00:00 epilog[61877]: dcgmi health -c",
    ] + nt.dcgmi_health("Healthy", []))
    return b


# ============================================================================ bk10

def bk10():
    name = "bk10_loss_nan_at_same_step_in_two_allocations"
    rng = random.Random(rng_seed(name))
    a0 = ["r7-gpu01", "r7-gpu02", "r7-gpu03", "r7-gpu04"]
    a1 = ["r9-gpu11", "r9-gpu12", "r9-gpu13", "r9-gpu14"]
    b = Bundle(name, label(
        "numerical", "script", None, None, "stop",
        "Both allocations, on disjoint nodes, diverge at the same point (right after iteration 31200, grad norm climbing to "
        "911 as warmup reaches the 6e-4 peak); Megatron's NaN check fires on several ranks on different nodes. The post-mortem dcgmi diag "
        "-r 3 on r7-gpu03 passes and nvidia-smi -q on r9-gpu12 is clean, so this is the recipe, not a GPU.",
        "https://github.com/pytorch/torchtitan/issues/951"))
    for att, hosts, t0, base_ip in ((0, a0, T(2024, 6, 14, 2, 11, 0), "10.7.0."), (1, a1, T(2024, 6, 15, 9, 40, 22), "10.9.1.")):
        job = Job(rng, hosts, [base_ip + str(11 + i) for i in range(4)], script="pretrain_gpt.py", nccl="2.19.3+cuda12.3")
        start_it = 30000
        tt = add(t0, 240)
        lines = ["> loading checkpoint from /ckpt/gpt-13b at iteration 30000",
                 "  successfully loaded checkpoint from /ckpt/gpt-13b [ t 0, p 0 ] at iteration 30000"]
        it = start_it + 10
        while it <= 31200:
            warm = min(1.0, it / 31000.0)
            lr = 6.0e-4 * warm
            gn = 0.9 + rng.uniform(-0.1, 0.1) if it < 31160 else {31170: 2.1, 31180: 4.8, 31190: 37.2, 31200: 911.4}.get(it, 1.3)
            lines.append(megatron_iter(tt, it, 500000, 2211 + rng.uniform(-20, 20), lr, 2048, 2.41 - (it - 30000) / 30000.0 if it < 31190 else 2.61 + (it - 31180) / 10.0, gn))
            tt = add(tt, 22.1)
            it += 10
        for h in hosts:
            log = job.launcher_head(h, t0)
            log += job.nccl_lines(h)
            if h == hosts[-1]:
                log += tee(7, lines)
            ni = hosts.index(h)
            for lr in ((0, 5) if ni == 0 else (3,) if ni == 2 else ()):
                r = job.rank(h, lr)
                log += tee(lr, [
                    "Traceback (most recent call last):",
                    '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 243, in <module>',
                    "    pretrain(",
                    '  File "/workspace/Megatron-LM/megatron/training/training.py", line 1091, in train',
                    "    train_step(forward_step_func,",
                    '  File "/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", line 118, in check_for_nan_in_grad',
                    "    assert not norm_is_nan, (",
                    "AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s" % (r, lr, h)])
            b.add("attempt_%d/%s/torchrun.log" % (att, h), log)
        b.add("attempt_%d/sacct.txt" % att, sacct([
            ("%d" % (880120 + att * 377), "gpt13b", "batch", "FAILED", "1:0", "00:48:%02d" % (31 + att * 7), "%s[%s]" % (hosts[0][:-2], ",".join(h[-2:] for h in hosts)))]))
    diag_json = nt.dcgmi_diag_json("3.3.5", "535.161.08", ["2330"] * 8, [
        ("Deployment", [(t, [{"status": "Pass"}]) for t in nt.DEPLOY_TESTS]),
        ("Integration", [("PCIe", [{"gpu_id": str(i), "status": "Pass"} for i in range(8)])]),
        ("Hardware", [("GPU Memory", [{"gpu_id": str(i), "status": "Pass"} for i in range(8)]),
                      ("Diagnostic", [{"gpu_id": str(i), "status": "Pass"} for i in range(8)])]),
        ("Stress", [("Targeted Stress", [{"gpu_id": str(i), "status": "Pass"} for i in range(8)]),
                    ("Targeted Power", [{"gpu_id": str(i), "status": "Pass"} for i in range(8)]),
                    ("Memory Bandwidth", [{"gpu_id": str(i), "status": "Pass"} for i in range(8)]),
                    ("EUD Test", [{"gpu_id": str(i), "status": "Skip"} for i in range(8)])]),
    ])
    b.node("r7-gpu03", "postmortem/dcgmi-diag-r3.json", diag_json)
    gpus = [nt.gpu(i, host="r9-gpu12") for i in range(8)]
    b.node("r9-gpu12", "postmortem/nvidia-smi-q.txt", nt.nvsmi_q("Sat Jun 15 10:21:07 2024", "535.161.08", "12.2", gpus))
    return b


CASES = [bk01, bk02, bk03, bk04, bk05, bk06, bk07, bk08, bk09, bk10]
