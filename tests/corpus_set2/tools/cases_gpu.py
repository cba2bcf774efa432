"""GPU hardware, GPU memory and NVLink cases."""

from scenario import *  # noqa

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


def dmesg_boot_noise(boot, host, style, rng, kind="h100"):
    """A few benign kernel lines that precede the interesting ones."""
    lines = []
    t = boot + sec(31)
    msgs = [
        "nvidia-nvlink: Nvlink Core is being initialized, major device number 507",
        "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023",
        "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  535.129.03",
        "nvidia-uvm: Loaded the UVM driver, major device number 505.",
        "mlx5_core 0000:0c:00.0: firmware version: 28.39.1002",
        "infiniband mlx5_0: mlx5_ib_add: port 1 state changed to ACTIVE",
        "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
    ]
    for m in msgs:
        t += ms(rng.randint(10, 900))
        lines.append(_dm(t, boot, host, style) + " " + m)
    return lines


def _dm(t, boot, host, style):
    if style == "T":
        return dmesg_T(t)
    if style == "up":
        return dmesg_up(t, boot)
    if style == "journal":
        return journald(t, host)
    if style == "iso":
        return iso(t, z=False, frac=6)[:26] + "+00:00 " + host + " kernel:"
    raise ValueError(style)


# ============================================================================
@case
def c01(rng):
    b = Bundle("c01_xid79_fell_off_bus_p4d")
    hosts = [
        "gpu-st-p4d-24xlarge-12",
        "gpu-st-p4d-24xlarge-13",
        "gpu-st-p4d-24xlarge-17",
        "gpu-st-p4d-24xlarge-21",
    ]
    ips = ["172.31.40.118", "172.31.43.27", "172.31.36.201", "172.31.45.9"]
    t0 = T("2024-03-12 07:58:02")
    libdir = "/opt/conda/lib/python3.10/site-packages/torch/lib"
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        proto="EFA",
        iface="ens32",
        plugin="efa",
        libdir=libdir,
        rank_file=lambda hi, l, r: "logs/rank_%02d.log" % r,
        agent_file="torchrun_agent.log",
        nccl_version="2.18.5+cuda12.2",
        kind="a100",
    )
    job.startup(
        warn_all=lambda hi, l, r, t: [
            "/opt/conda/lib/python3.10/site-packages/transformer_engine/pytorch/attention.py:4103: UserWarning: "
            "window_size should be (-1, -1) or (>=0, >=0) for attn_mask_type=causal",
            "  warnings.warn(",
        ]
    )
    prog, t_last, it_last = megatron_progress(
        t0 + sec(171), 0, 96, 5.1, rng, every=100, gbs=1024, tflops=161.0, loss0=2.6
    )
    job.logs[(3, 7)] += prog
    t_fault = t_last + ms(3120)
    cul_hi, cul_l = 2, 3
    cul_r = job.rank(cul_hi, cul_l)
    h = hosts[cul_hi]
    lg = job.logs[(cul_hi, cul_l)]
    pp = job.pids[h][cul_l]
    lg.append(
        "%s transport/net.cc:1050 NCCL WARN Cuda failure 'unknown error'"
        % nccl_prefix(h, pp, pp + 811, cul_l)
    )
    lg.append("%s NCCL INFO transport/net.cc:1062 -> 1" % nccl_prefix(h, pp, pp + 811, cul_l))
    lg.append("%s NCCL INFO proxy.cc:698 -> 1" % nccl_prefix(h, pp, pp + 811, cul_l))
    lg.append(
        "%s NCCL INFO proxy.cc:878 -> 1 [Progress Thread]" % nccl_prefix(h, pp, pp + 811, cul_l)
    )
    lg += watchdog_cuda_error_block(
        cul_r, t_fault + ms(2140), "unknown error", rng=rng, libdir=libdir
    )
    died = {cul_r: t_fault + ms(2400)}
    # everyone else waits on reduce-scatter the dead GPU never joins
    seq = 58211
    d2 = job.watchdog_cascade(
        t_fault - ms(180),
        seq,
        "_REDUCE_SCATTER_BASE",
        (817889280, 25559040),
        skip=[job.rank(cul_hi, l) for l in range(8)],
    )
    died.update(d2)
    job.agents_after(died)
    job.emit()
    # dmesg on the culprit
    boot = t0 - sec(86400 * 3 + 3711)
    dm = dmesg_boot_noise(boot, h, "T", rng)
    dm.append(
        dmesg_T(t0 - sec(14))
        + " EFA: 0000:10:1c.0: Setup irq:0xffff8e80c2b1e000 vector:163 name:efa-mgmnt@pci:0000:10:1c.0"
    )
    tf = t_fault
    dm += [
        dmesg_T(tf)
        + " pcieport 0000:4c:10.0: AER: Uncorrected (Fatal) error received: 0000:4e:00.0",
        dmesg_T(tf)
        + " nvidia 0000:4e:00.0: AER: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)",
        dmesg_T(tf)
        + " nvidia 0000:4e:00.0: AER:   device [10de:20b0] error status/mask=00000020/00000000",
        dmesg_T(tf) + " nvidia 0000:4e:00.0: AER:    [ 5] SDES                   (First)",
        dmesg_T(tf) + " NVRM: GPU at PCI:0000:4e:00: GPU-7a0d3a1e-9b67-0f2c-81d2-4a5bd1f0c9e3",
        dmesg_T(tf) + " NVRM: GPU Board Serial Number: 1324021051887",
        dmesg_T(tf)
        + " NVRM: Xid (PCI:0000:4e:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
        dmesg_T(tf) + " NVRM: GPU 0000:4e:00.0: GPU has fallen off the bus.",
        dmesg_T(tf) + " NVRM: GPU 0000:4e:00.0: GPU serial number is 1324021051887.",
        dmesg_T(tf + sec(1)) + " NVRM: A GPU crash dump has been created. If possible, please run",
        dmesg_T(tf + sec(1)) + " NVRM: nvidia-bug-report.sh as root to collect this data before",
        dmesg_T(tf + sec(1)) + " NVRM: the NVIDIA kernel module is unloaded.",
    ]
    b.add(h, "dmesg.txt", dm)
    b.add(
        h,
        "nvidia-smi.txt",
        [
            "$ nvidia-smi",
            "Unable to determine the device handle for GPU0000:4E:00.0: Unknown Error",
        ],
    )
    # innocent node red herring: Xid 45 at teardown + nvidia-peermem
    for hi in (0, 1, 3):
        hh = hosts[hi]
        dmi = dmesg_boot_noise(boot + sec(rng.randint(5, 60)), hh, "T", rng)
        te = job.end_time.get(hi, t_fault + sec(620))
        dmi.append(
            dmesg_T(te + sec(1))
            + " nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing"
        )
        if hi == 3:
            dmi.append(
                dmesg_T(te + sec(1))
                + " NVRM: Xid (PCI:0000:90:00): 45, pid=%d, name=python, Ch 00000010"
                % job.pids[hh][5]
            )
        b.add(hh, "dmesg.txt", dmi)
    # launcher console on the batch host
    so = [
        "+ srun --kill-on-bad-exit=0 -l torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d "
        "--rdzv_endpoint gpu-st-p4d-24xlarge-12:29500 pretrain_gpt.py --tensor-model-parallel-size 8 "
        "--pipeline-model-parallel-size 1 --num-layers 40 --hidden-size 5120 --seq-length 4096 --micro-batch-size 1 "
        "--global-batch-size 1024 --bf16 --log-interval 100 --save-interval 2000 --save /fsx/ckpt/gpt-13b"
    ]
    so += ["3: " + l for l in prog[-12:]]
    ce = job.end_time[cul_hi]
    so.append("srun: error: %s: task 2: Exited with exit code 1" % h)
    for hi in (0, 1, 3):
        so.append("srun: error: %s: task %d: Exited with exit code 1" % (hosts[hi], hi))
    b.add(hosts[0], "slurm-884213.out", so)
    b.set_label(
        "gpu_hardware",
        "infrastructure",
        culprit(h, cul_r),
        "restart_without_node",
        "GPU 0000:4e:00 (local rank 3, global rank 19) on %s logged Xid 79 'fell off the bus' and its rank died with "
        "a CUDA 'unknown error' ten minutes before everyone else's reduce-scatter watchdog timed out; the node must be "
        "drained." % h,
        "https://github.com/rwth-i6/returnn/issues/1486",
        "Xid 79 on one p4d node; 31 ranks flood watchdog timeouts 10 min later; nvidia-smi can't see the GPU.",
    )
    return b


# ============================================================================
@case
def c02(rng):
    b = Bundle("c02_nvlink_xid74_dgx_a100")
    hosts = ["dgx-a100-07", "dgx-a100-11"]
    ips = ["10.149.0.7", "10.149.0.11"]
    t0 = T("2023-11-02 14:03:20")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train.py",
        torch_style="2.1",
        rank_file=lambda hi, l, r: "stderr_rank%d.txt" % r,
        agent_file="launcher.log",
        nccl_version="2.18.1+cuda12.1",
        kind="a100",
    )
    job.startup()
    # DDP + FSDP: progress printed by rank 0 via python logging
    t = t0 + sec(95)
    lg0 = job.logs[(0, 0)]
    for step in range(0, 6200, 200):
        t += sec(200 * 1.47 * (1 + rng.uniform(-0.01, 0.01)))
        lg0.append(
            "%s - INFO - trainer - step %d | loss %.4f | lr %.3e | tok/s/gpu %d"
            % (
                pylog(t),
                step,
                3.1 - step * 0.00012 + rng.uniform(-0.02, 0.02),
                3e-4,
                3650 + rng.randint(-40, 40),
            )
        )
    t_fault = t + sec(41.2)
    cul_hi, cul_l = 1, 5
    cul_r = job.rank(cul_hi, cul_l)
    h = hosts[cul_hi]
    lg = job.logs[(cul_hi, cul_l)]
    lg += rank_traceback(
        [
            ("/workspace/llm/train.py", 412, "<module>", "main(cfg)"),
            (
                "/workspace/llm/train.py",
                377,
                "main",
                "loss = train_step(model, batch, optim, scaler)",
            ),
            ("/workspace/llm/train.py", 201, "train_step", "loss.backward()"),
            (
                "/usr/local/lib/python3.10/dist-packages/torch/_tensor.py",
                492,
                "backward",
                "torch.autograd.backward(",
            ),
            (
                "/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py",
                251,
                "backward",
                "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
            ),
        ],
        "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    )
    # a neighbour on the same node also sees the nvlink error via NCCL P2P
    nb = job.logs[(cul_hi, 4)]
    pp = job.pids[h][4]
    nb.append(
        "%s transport/p2p.cc:275 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'"
        % nccl_prefix(h, pp, pp + 702, 4)
    )
    died = {cul_r: t_fault + ms(300), job.rank(cul_hi, 4): t_fault + ms(1800)}
    d2 = job.watchdog_cascade(
        t_fault - ms(40),
        93115,
        "ALLREDUCE",
        (26214400, 26214400),
        timeout_ms=1800000,
        skip=[job.rank(cul_hi, l) for l in range(8)],
        last_enq_delta=0,
    )
    died.update(d2)
    job.agents_after(died, exitcodes={cul_r: 1})
    job.emit()
    boot = t0 - sec(86400 * 12)
    dm = dmesg_boot_noise(boot, h, "up", rng, kind="a100")
    dm.append(
        dmesg_up(t_fault - ms(35), boot)
        + " NVRM: Xid (PCI:0000:90:00): 74, pid=%d, name=python, NVLink: fatal error "
        "detected on link 9(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % job.pids[h][cul_l]
    )
    dm.append(
        dmesg_up(t_fault - ms(34), boot)
        + " NVRM: Xid (PCI:0000:90:00): 74, pid=%d, name=python, NVLink: fatal error "
        "detected on link 10(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % job.pids[h][cul_l]
    )
    dm.append(
        dmesg_up(t_fault + ms(1200), boot)
        + " NVRM: Xid (PCI:0000:90:00): 45, pid=%d, name=python, Ch 00000008" % job.pids[h][cul_l]
    )
    b.add(h, "dmesg.txt", dm)
    b.add(
        h,
        "nvlink_errors.txt",
        [
            "$ nvidia-smi nvlink -e -i 5",
            "GPU 5: NVIDIA A100-SXM4-80GB (UUID: GPU-2b8f9c1e-44a0-7d21-0c3e-91ab7f2c0d51)",
        ]
        + [
            "\t Link %d: Replay Errors: %d\n\t Link %d: Recovery Errors: %d\n\t Link %d: CRC Errors: %d"
            % (
                k,
                0 if k not in (9, 10) else 1877 + k,
                k,
                0 if k not in (9, 10) else 14,
                k,
                0 if k not in (9, 10) else 262144,
            )
            for k in range(12)
        ]
        + [
            "",
            "$ nvidia-smi nvlink -s -i 5",
            "GPU 5: NVIDIA A100-SXM4-80GB (UUID: GPU-2b8f9c1e-44a0-7d21-0c3e-91ab7f2c0d51)",
        ]
        + ["\t Link %d: %s" % (k, "<inactive>" if k in (9, 10) else "25 GB/s") for k in range(12)],
    )
    # red herring: corrected SRAM ECC on the other node
    b.add(
        hosts[0],
        "nvidia-smi-q-ecc.txt",
        nvsmi_q(
            t_fault + sec(1900),
            [{"ecc": {"Aggregate": {"sram_ce": 2}} if i == 1 else {}} for i in range(8)],
            product="NVIDIA A100-SXM4-80GB",
            kind="a100",
            driver="525.147.05",
            cuda="12.0",
        ),
    )
    b.set_label(
        "nvlink",
        "infrastructure",
        culprit(h, cul_r),
        "restart_without_node",
        "Xid 74 fatal NVLink errors on links 9/10 of GPU 5 (PCI 90) on dgx-a100-11 coincide with rank 13's "
        "'uncorrectable NVLink error'; all rank-timeouts on dgx-a100-07 are fallout 30 minutes later.",
        "https://github.com/pytorch/pytorch/issues/58155",
        "Xid 74 NVLink fatal on one DGX; CRC/replay counters on two links; corrected SRAM ECC red herring on peer.",
    )
    return b


# ============================================================================
@case
def c03(rng):
    b = Bundle("c03_xid94_contained_ecc_h100")
    hosts = ["h100-r3-n%02d" % i for i in range(9, 17)]
    ips = ["10.42.3.%d" % (100 + i) for i in range(9, 17)]
    t0 = T("2024-06-03 01:14:09")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train_llama.py",
        nccl_version="2.20.5+cuda12.4",
        rank_file=lambda hi, l, r: "rank%03d/stdout.log" % r,
        agent_file="elastic_agent.log",
    )
    job.startup()
    cul_hi, cul_l = 5, 2  # h100-r3-n14
    cul_r = job.rank(cul_hi, cul_l)
    h = hosts[cul_hi]
    prog, t_last, it_last = megatron_progress(
        t0 + sec(260), 14000, 41, 9.8, rng, every=100, gbs=2048, tflops=471.0, loss0=2.1
    )
    job.logs[(7, 7)] += prog
    t_fault = t_last + ms(6400)
    lg = job.logs[(cul_hi, cul_l)]
    lg += rank_traceback(
        [
            ("/opt/megatron-lm/pretrain_gpt.py", 281, "<module>", "pretrain("),
            (
                "/opt/megatron-lm/megatron/training/training.py",
                342,
                "pretrain",
                "iteration, num_floating_point_operations_so_far = train(",
            ),
            (
                "/opt/megatron-lm/megatron/training/training.py",
                1264,
                "train",
                "train_step(forward_step_func,",
            ),
            (
                "/opt/megatron-lm/megatron/training/training.py",
                718,
                "train_step",
                "losses_reduced = forward_backward_func(",
            ),
            (
                "/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py",
                452,
                "forward_backward_no_pipelining",
                "backward_step(input_tensor, output_tensor, output_tensor_grad, model_type, config)",
            ),
            (
                "/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py",
                353,
                "backward_step",
                "custom_backward(output_tensor[0], output_tensor_grad[0])",
            ),
            (
                "/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py",
                144,
                "custom_backward",
                "Variable._execution_engine.run_backward(",
            ),
        ],
        "RuntimeError: CUDA error: uncorrectable ECC error encountered\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    )
    # prefix the culprit traceback like torch>=2.3 does for rank-prefixed stderr
    job.logs[(cul_hi, cul_l)] = [
        ("[rank%d]: " % cul_r + x)
        if x.startswith(("Traceback", "  ", "RuntimeError", "CUDA", "For", "Compile"))
        else x
        for x in lg
    ]
    died = {cul_r: t_fault + ms(900)}
    d2 = job.watchdog_cascade(
        t_fault - ms(70),
        201778,
        "_ALLGATHER_BASE",
        (104857600, 838860800),
        skip=[cul_r] + [job.rank(cul_hi, l) for l in range(8) if l != cul_l],
        pg="3 (TENSOR_PARALLEL)",
    )
    # the other ranks of the culprit node are sigtermed by their agent before timing out
    died.update(d2)
    job.agents_after(died, exitcodes={cul_r: 1})
    job.emit()
    boot = t0 - sec(86400 * 6 + 123)
    dm = dmesg_boot_noise(boot, h, "journal", rng)
    pidc = job.pids[h][cul_l]
    dm += [
        journald(t_fault - ms(400), h)
        + " NVRM: Xid (PCI:0000:3a:00): 94, pid=%d, name=pt_main_thread, Contained: SM (0x1). RST: No, D-RST: No"
        % pidc,
        journald(t_fault - ms(390), h)
        + " NVRM: Xid (PCI:0000:3a:00): 94, pid=%d, name=pt_main_thread, Contained: SM (0x1). RST: No, D-RST: No"
        % pidc,
        journald(t_fault - ms(12), h)
        + " NVRM: Xid (PCI:0000:3a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000b3f1a420) marked for remapping, reset gpu to activate.",
        journald(t_fault + ms(950), h)
        + " NVRM: Xid (PCI:0000:3a:00): 45, pid=%d, name=pt_main_thread, Ch 00000009" % pidc,
    ]
    b.add(h, "kern.log", dm)
    b.add(
        h,
        "nvidia-smi-q.txt",
        nvsmi_q(
            t_fault + sec(700),
            [
                {
                    "ecc": {"Volatile": {"dram_ue": 1}, "Aggregate": {"dram_ue": 3, "dram_ce": 12}},
                    "remap": {"ue": 1, "pending": "Yes", "max": 639, "high": 1},
                }
                if i == 2
                else ({"ecc": {"Aggregate": {"dram_ce": 4}}} if i == 6 else {})
                for i in range(8)
            ],
        ),
    )
    # red herring on a peer node: correctable DRAM errors only
    b.add(
        hosts[2],
        "nvidia-smi-q.txt",
        nvsmi_q(
            t_fault + sec(705),
            [{"ecc": {"Aggregate": {"dram_ce": 31}}} if i == 0 else {} for i in range(8)],
        ),
    )
    b.set_label(
        "gpu_memory",
        "infrastructure",
        culprit(h, cul_r),
        "restart_without_node",
        "Rank 42 on h100-r3-n14 raised 'uncorrectable ECC error encountered' right after Xid 94 contained ECC errors and "
        "a pending row remap on GPU 0000:3a (local 2); other ranks' all-gather timeouts are fallout. Correctable DRAM "
        "counts on h100-r3-n11 are noise.",
        "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194",
        "Xid 94/63 + pending row remap on one H100; correctable ECC on another node as red herring.",
    )
    return b


# ============================================================================
@case
def c04(rng):
    b = Bundle("c04_xid48_dbe_srun_only")
    hosts = ["nid001234", "nid001236", "nid001237"]
    t0 = T("2023-09-18 22:40:11")
    # srun-launched (no torchrun): one process per GPU, 4 GPUs per node (A100-40GB Perlmutter style)
    world = 12
    cul_node, cul_local = 1, 1
    cul_rank = cul_node * 4 + cul_local
    t_fault = T("2023-09-19 03:27:52.417")
    out = [
        "#!/bin/bash",
        "#SBATCH -N 3 --ntasks-per-node=4 --gpus-per-node=4 -C gpu -q regular -t 06:00:00",
        "+ export MASTER_ADDR=nid001234",
        "+ export MASTER_PORT=29500",
        "+ srun -l -u python train_vit.py --config configs/vit_h14_in22k.yaml",
    ]
    t = t0 + sec(50)
    for r in range(world):
        out.append("%2d: | distributed init (rank %d): env://, gpu %d" % (r, r, r % 4))
    for ep in range(0, 14):
        for it in range(0, 2500, 500):
            t += sec(500 * 0.62 * (1 + rng.uniform(-0.01, 0.01)))
            if t > t_fault:
                break
            out.append(
                " 0: Epoch: [%d]  [%4d/2502]  eta: 0:%02d:%02d  lr: %.6f  loss: %.4f (%.4f)  time: 0.6%02d  data: 0.0%02d  max mem: 31877"
                % (
                    ep,
                    it,
                    rng.randint(0, 25),
                    rng.randint(0, 59),
                    0.0012 * (1 - ep / 90),
                    6.9 - ep * 0.21 + rng.uniform(-0.1, 0.1),
                    6.95 - ep * 0.21,
                    rng.randint(10, 40),
                    rng.randint(10, 30),
                )
            )
        if t > t_fault:
            break
    out += [
        "%2d: Traceback (most recent call last):" % cul_rank,
        '%2d:   File "/global/homes/k/kchen/vit/train_vit.py", line 318, in <module>' % cul_rank,
        "%2d:     main(args)" % cul_rank,
        '%2d:   File "/global/homes/k/kchen/vit/train_vit.py", line 271, in main' % cul_rank,
        "%2d:     train_stats = train_one_epoch(model, criterion, data_loader_train, optimizer, device, epoch, loss_scaler)"
        % cul_rank,
        '%2d:   File "/global/homes/k/kchen/vit/engine.py", line 58, in train_one_epoch' % cul_rank,
        "%2d:     loss_value = loss.item()" % cul_rank,
        "%2d: RuntimeError: CUDA error: uncorrectable ECC error encountered" % cul_rank,
        "%2d: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect."
        % cul_rank,
        "%2d: For debugging consider passing CUDA_LAUNCH_BLOCKING=1." % cul_rank,
        "%2d: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % cul_rank,
        "%2d: " % cul_rank,
        "srun: error: nid001236: task %d: Exited with exit code 1" % cul_rank,
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
    ]
    for r in range(world):
        if r == cul_rank:
            continue
        out.append(
            "%2d: slurmstepd: error: *** STEP 16533808.0 ON %s CANCELLED AT %s ***"
            % (r, hosts[r // 4], slurm_ts(t_fault + sec(2)))
        )
    out.append("srun: error: nid001234: tasks 0-3: Terminated")
    out.append("srun: error: nid001237: tasks 8-11: Terminated")
    out.append("srun: error: nid001236: tasks 4,6-7: Terminated")
    out.append("srun: Force Terminated StepId=16533808.0")
    b.add(hosts[0], "slurm-16533808.out", out)
    h = hosts[cul_node]
    boot = t0 - sec(86400 * 2 + 600)
    k = [
        journald(t0 - sec(3600), h, "systemd[1]") + " Started Session 4411 of user root.",
        journald(t_fault - ms(60), h)
        + " NVRM: Xid (PCI:0000:41:00): 48, pid=%d, name=python, An uncorrectable double bit error "
        "(DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % 88412,
        journald(t_fault - ms(58), h)
        + " NVRM: Xid (PCI:0000:41:00): 63, pid=%d, name=python, Row Remapper: New row "
        "(0x000000007d2c1e00) marked for remapping, reset gpu to activate." % 88412,
        journald(t_fault + ms(620), h)
        + " NVRM: Xid (PCI:0000:41:00): 45, pid=88412, name=python, Ch 00000010",
        journald(t_fault + sec(40), h, "nhc[101822]")
        + " ERROR:  nhc:  Health check failed:  check_nv_healthmon:  GPU 1: "
        "Remapped rows pending (uncorrectable)",
        journald(t_fault + sec(41), h, "slurmd[2011]")
        + " slurmd: error: Node health check failed, draining node: GPU 1 row remap pending",
    ]
    b.add(h, "messages", k)
    b.add(
        hosts[2],
        "messages",
        [
            journald(t_fault + sec(3), hosts[2])
            + " NVRM: Xid (PCI:0000:81:00): 45, pid=55102, name=python, Ch 00000008",
            journald(t_fault + sec(3), hosts[2])
            + " NVRM: Xid (PCI:0000:c1:00): 45, pid=55104, name=python, Ch 00000008",
        ],
    )
    b.set_label(
        "gpu_memory",
        "infrastructure",
        culprit(h, cul_rank),
        "restart_without_node",
        "Only the srun console plus syslog: task 5 on nid001236 hit 'uncorrectable ECC error' within a second of "
        "Xid 48 (DBE) and Xid 63 row-remap-pending on its GPU; every other task was cancelled by srun. Xid 45s are teardown noise.",
        "https://github.com/NVIDIA/semantic-segmentation/issues/33",
        "srun-only console (no torchrun, no per-rank files); Xid 48 DBE in /var/log/messages on the node.",
    )
    return b


# ============================================================================
@case
def c05(rng):
    b = Bundle("c05_xid95_uncontained_dcgm")
    hosts = ["gpu-h100-a-003", "gpu-h100-a-004", "gpu-h100-a-007", "gpu-h100-a-010"]
    ips = ["192.168.120.3", "192.168.120.4", "192.168.120.7", "192.168.120.10"]
    t0 = T("2024-08-21 19:02:44")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="torchtitan/train.py",
        nccl_version="2.21.5+cuda12.4",
        rank_file=lambda hi, l, r: "torchrun/%s/attempt_0/%d/stderr.log" % ("8e3c1d", l),
        agent_file="torchrun.out",
    )
    job.startup()
    cul_hi = 2
    h = hosts[cul_hi]
    # torchtitan step lines on rank 0
    t = t0 + sec(120)
    lg0 = job.logs[(0, 0)]
    for step in range(10, 3210, 10):
        t += sec(10 * 2.31 * (1 + rng.uniform(-0.01, 0.01)))
        lg0.append(
            "[rank0]:[titan] %s - root - INFO - step: %d  loss: %7.4f  memory: 61.22GiB(77.34%%)  tps: %s  mfu: 41.%02d%%"
            % (
                pylog(t),
                step,
                7.9 - 1.1 * (step**0.2) + rng.uniform(-0.03, 0.03),
                f"{3540 + rng.randint(-20, 20):,}",
                rng.randint(0, 99),
            )
        )
    t_fault = t + ms(5300)
    # uncontained: every process that had a context on the GPU is killed; ranks on the node die with ECC errors
    for l in (4,):
        r = job.rank(cul_hi, l)
        job.logs[(cul_hi, l)] += prefix_lines(
            rank_traceback(
                [
                    ("/home/svc/torchtitan/train.py", 468, "<module>", "main(config)"),
                    (
                        "/usr/local/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py",
                        355,
                        "wrapper",
                        "return f(*args, **kwargs)",
                    ),
                    ("/home/svc/torchtitan/train.py", 369, "main", "loss.backward()"),
                ],
                "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some "
                "other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
                "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            ),
            "[rank%d]: " % r,
        )
    cul_r = job.rank(cul_hi, 4)
    died = {cul_r: t_fault + ms(700)}
    died.update(
        job.watchdog_cascade(
            t_fault - ms(25),
            77502,
            "_REDUCE_SCATTER_BASE",
            (1048576000, 16384000),
            skip=[job.rank(cul_hi, l) for l in range(8)],
        )
    )
    job.agents_after(died, exitcodes={cul_r: 1})
    job.emit()
    boot = t0 - sec(86400 * 21)
    pid = job.pids[h][4]
    b.add(
        h,
        "dmesg.log",
        dmesg_boot_noise(boot, h, "up", rng)
        + [
            dmesg_up(t_fault - ms(3), boot)
            + " NVRM: Xid (PCI:0000:9a:00): 95, pid=%d, name=pt_main_thread, Uncontained: LTC TAG (0x2,0x0). RST: Yes, D-RST: No"
            % pid,
            dmesg_up(t_fault - ms(2), boot)
            + " NVRM: Xid (PCI:0000:9a:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)",
            dmesg_up(t_fault + ms(500), boot)
            + " NVRM: Xid (PCI:0000:9a:00): 45, pid=%d, name=pt_main_thread, Ch 00000008" % pid,
        ],
    )
    b.add(
        h,
        "dcgmi_diag_r3.txt",
        ["# dcgmi diag -r 3   (run by on-call %s)" % ctime(t_fault + sec(2400))]
        + dcgm_diag(
            "3.3.7",
            "550.90.07",
            [
                ("--section--", "Deployment"),
                ("Denylist", "Pass"),
                ("NVML Library", "Pass"),
                ("CUDA Main Library", "Pass"),
                ("Permissions and OS Blocks", "Pass"),
                ("Persistence Mode", "Pass"),
                ("Environment Variables", "Pass"),
                ("Page Retirement/Row Remap", "Fail - GPU: 4"),
                (
                    "Warning",
                    "GPU 4 Row remap failure occurred; the GPU requires a reset or RMA. Uncorrectable DRAM errors: 2",
                ),
                ("Graphics Processes", "Pass"),
                ("Inforom", "Pass"),
                ("--section--", "Integration"),
                ("PCIe", "Skip - All"),
                ("--section--", "Hardware"),
                ("GPU Memory", "Skip - All"),
                ("Diagnostic", "Skip - All"),
                ("--section--", "Stress"),
                ("Memory Bandwidth", "Skip - All"),
            ],
        ),
    )
    # red herring: dcgmi on a healthy node shows a warning about PCIe replays but passes
    b.add(
        hosts[1],
        "dcgmi_diag_r1.txt",
        ["# dcgmi diag -r 1"]
        + dcgm_diag(
            "3.3.7",
            "550.90.07",
            [
                ("--section--", "Deployment"),
                ("Denylist", "Pass"),
                ("NVML Library", "Pass"),
                ("CUDA Main Library", "Pass"),
                ("Permissions and OS Blocks", "Pass"),
                ("Persistence Mode", "Pass"),
                ("Environment Variables", "Pass"),
                ("Page Retirement/Row Remap", "Pass"),
                ("Graphics Processes", "Pass"),
                ("Inforom", "Pass"),
            ],
        ),
    )
    b.set_label(
        "gpu_memory",
        "infrastructure",
        culprit(h, cul_r),
        "restart_without_node",
        "Xid 95 (uncontained ECC, RST: Yes) and Xid 154 'GPU Reset Required' on GPU 0000:9a (local 4) of gpu-h100-a-007 "
        "killed rank 20; dcgmi confirms a row-remap failure. Other ranks only time out.",
        "https://plexus.company/guides/gpu-xid-errors",
        "torchtitan job; Xid 95 uncontained + Xid 154; post-mortem dcgmi diag fails row remap on one GPU.",
    )
    return b


# ============================================================================
@case
def c06(rng):
    b = Bundle("c06_xid119_gsp_timeout_hang")
    hosts = ["a3mega-a3pool-0041", "a3mega-a3pool-0013"]
    ips = ["10.128.0.41", "10.128.0.13"]
    t0 = T("2024-10-07 05:31:57")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train.py",
        nccl_version="2.21.5+cuda12.4",
        proto="RoCE",
        iface="eth0",
        hcas=["mlx5_%d" % i for i in range(8)],
        rank_file=lambda hi, l, r: "logs/%s.rank%d.log" % (hosts[hi], r),
        agent_file="torchrun.log",
    )
    job.startup()
    cul_hi, cul_l = 0, 6
    h = hosts[cul_hi]
    cul_r = job.rank(cul_hi, cul_l)
    t = t0 + sec(90)
    lg15 = job.logs[(1, 7)]
    for step in range(50, 7050, 50):
        t += sec(50 * 1.12 * (1 + rng.uniform(-0.01, 0.01)))
        lg15.append(
            "%s [INFO] step=%d loss=%.4f grad_norm=%.3f step_time=%.3fs"
            % (
                iso(t),
                step,
                2.8 - step * 0.0001,
                0.9 + rng.uniform(0, 0.2),
                1.12 + rng.uniform(-0.01, 0.01),
            )
        )
    t_fault = t + sec(33)
    # everybody (including the culprit) times out; culprit's watchdog additionally can't query CUDA events
    died = job.watchdog_cascade(
        t_fault + ms(150), 281004, "ALLREDUCE", (67108864, 67108864), skip=[cul_r]
    )
    lgc = job.logs[(cul_hi, cul_l)]
    tw = t_fault + ms(150) + ms(600000) + ms(520)
    lgc.append(
        glog(
            tw,
            "E",
            "ProcessGroupNCCL.cpp:607",
            "[Rank %d] Watchdog caught collective operation timeout: %s ran for "
            "600519 milliseconds before timing out."
            % (cul_r, work_desc(281003, "ALLREDUCE", 67108864, 67108864, 600000)),
            rank=cul_r,
            rng=rng,
        )
    )
    lgc.append(
        glog(
            tw + sec(480),
            "E",
            "ProcessGroupNCCL.cpp:1316",
            "[PG 0 (default_pg) Rank %d] Heartbeat monitor timed out! "
            "Process will be terminated after dumping debug info. workMetaList_.size()=2" % cul_r,
            rank=cul_r,
            rng=rng,
        )
    )
    lgc.append(
        glog(
            tw + sec(480),
            "E",
            "ProcessGroupNCCL.cpp:1153",
            "[PG 0 (default_pg) Rank %d] ProcessGroupNCCL's watchdog "
            "got stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically "
            "indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by "
            "another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone "
            "behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, you can either "
            "increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor "
            "(TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch "
            "about the short timeout or report a hang." % cul_r,
            rank=cul_r,
            rng=rng,
        )
    )
    died[cul_r] = tw + sec(481)
    job.agents_after(died, exitcodes={cul_r: -6})
    job.emit()
    boot = t0 - sec(86400 * 4)
    pidc = job.pids[h][cul_l]
    b.add(
        h,
        "kern.log",
        dmesg_boot_noise(boot, h, "iso", rng)
        + [
            _dm(t_fault, boot, h, "iso")
            + " NVRM: Xid (PCI:0000:ba:00): 119, pid=%d, name=pt_main_thread, Timeout after 6s of waiting "
            "for RPC response from GPU6 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4)."
            % pidc,
            _dm(t_fault + sec(6), boot, h, "iso")
            + " NVRM: Xid (PCI:0000:ba:00): 119, pid=%d, name=pt_main_thread, Timeout after 6s of waiting "
            "for RPC response from GPU6 GSP! Expected function 10 (FREE) (0xa55a00b0 0x0)." % pidc,
            _dm(t_fault + sec(12), boot, h, "iso")
            + " NVRM: GPU6 _kgspLogXid119: ********************************* GSP Timeout **********************************",
            _dm(t_fault + sec(12), boot, h, "iso")
            + " NVRM: GPU6 _kgspLogXid119: Note: Please also check logs above.",
            _dm(t_fault + sec(12), boot, h, "iso")
            + " NVRM: GPU6 GPU0 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020800a4c 0x0000000000000004.",
            _dm(t_fault + sec(18), boot, h, "iso")
            + " NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:ba:00 (printing 1 of every 30).  The GPU likely needs to be reset.",
            _dm(t_fault + sec(250), boot, h, "iso")
            + " INFO: task pt_main_thread:%d blocked for more than 122 seconds." % pidc,
            _dm(t_fault + sec(250), boot, h, "iso")
            + "       Tainted: P           OE      6.5.0-1017-gcp #17~22.04.1-Ubuntu",
            _dm(t_fault + sec(250), boot, h, "iso")
            + ' "echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
        ],
    )
    b.add(
        h,
        "nvidia-smi.txt",
        [
            "$ timeout 60 nvidia-smi",
            "(no output; command timed out after 60s)",
            "$ nvidia-smi -i 0,1,2,3,4,5,7 --query-gpu=index,temperature.gpu,utilization.gpu --format=csv",
        ]
        + ["%d, %d, 0 %%" % (i, 33 + i) for i in (0, 1, 2, 3, 4, 5, 7)],
    )
    b.add(
        hosts[1],
        "nvidia-smi.txt",
        ["$ timeout 60 nvidia-smi --query-gpu=index,temperature.gpu,utilization.gpu --format=csv"]
        + ["%d, %d, 0 %%" % (i, 31 + i % 4) for i in range(8)],
    )
    b.set_label(
        "gpu_hardware",
        "infrastructure",
        culprit(h, cul_r),
        "restart_without_node",
        "GPU6 (PCI ba) on a3mega-a3pool-0041 logged repeated Xid 119 GSP RPC timeouts exactly when the job stalled; "
        "its rank's watchdog itself hung (heartbeat monitor), nvidia-smi hangs on that GPU. All other ranks only timed out.",
        "https://plexus.company/guides/gpu-xid-errors/119",
        "Xid 119 GSP timeout turns into a silent hang; the culprit rank itself only shows a timeout + stuck-watchdog message; evidence is in kern.log.",
    )
    return b


# ============================================================================
@case
def c07(rng):
    """Silent data corruption: NaN follows one node across attempts."""
    b = Bundle("c07_nan_follows_node_sdc")
    t0s = [T("2024-04-10 02:11:05"), T("2024-04-10 11:47:30")]
    hosts_a = ["node-2041", "node-2042", "node-2047", "node-2050"]
    hosts_b = [
        "node-2047",
        "node-2063",
        "node-2064",
        "node-2071",
    ]  # node-2047 is kept, now hosts ranks 0-7
    bad = "node-2047"
    for att, (hosts, t0) in enumerate(zip([hosts_a, hosts_b], t0s)):
        ips = ["10.20.%d.%d" % (int(h[-4:]) // 100, int(h[-2:])) for h in hosts]
        job = Job(
            b,
            rng,
            hosts,
            ips,
            t0,
            attempt=att,
            nccl_version="2.19.4+cuda12.3",
            rank_file=lambda hi, l, r: "rank%02d.out" % r,
            agent_file="launcher.out",
        )
        job.startup()
        hi_bad = hosts.index(bad)
        r_bad = job.rank(hi_bad, 5)
        it_fail = 18220 if att == 0 else 18517
        it_start = 17000 if att == 0 else 18000
        prog, t_last, it_last = megatron_progress(
            t0 + sec(300),
            it_start,
            (it_fail - it_start) // 10 - 1,
            6.6,
            rng,
            every=10,
            gbs=1536,
            tflops=402.0,
            loss0=2.35,
        )
        job.logs[(3, 7)] += prog
        t_nan = t_last + ms(6600 * 8)
        lg = job.logs[(hi_bad, 5)]
        lg.append(
            "ERROR:megatron.core.rerun_state_machine:Unexpected result nan on rank %d at iteration #%d invocation #1 "
            "(message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')"
            % (r_bad, it_fail)
        )
        lg.append(
            "ERROR:megatron.core.rerun_state_machine:Rank %d, node %s, device 5, iteration #%d: First rerun: unexpected "
            "result is not reproducible within the tolerance (3.2761E+02 != nan). Possible transient error!"
            % (r_bad, bad, it_fail)
        )
        lg += rank_traceback(
            [
                (
                    "/workspace/Megatron-LM/megatron/training/training.py",
                    1289,
                    "train",
                    "train_step(forward_step_func,",
                ),
                (
                    "/workspace/Megatron-LM/megatron/training/training.py",
                    744,
                    "train_step",
                    "update_successful, grad_norm, num_zeros_in_grad = optimizer.step()",
                ),
                (
                    "/workspace/Megatron-LM/megatron/core/rerun_state_machine.py",
                    498,
                    "validate_result",
                    "raise RuntimeError(full_message)",
                ),
            ],
            "RuntimeError: Rank %d, node %s, device 5, iteration #%d: Unexpected result nan (message='found NaN in local grad "
            "norm for bucket #0 in backward pass before data-parallel communication collective')"
            % (r_bad, bad, it_fail),
        )
        died = {r_bad: t_nan + ms(800)}
        died.update(
            job.watchdog_cascade(
                t_nan - ms(2000),
                600000 + it_fail * 7,
                "ALLREDUCE",
                (1, 1),
                skip=[job.rank(hi_bad, l) for l in range(8)],
            )
        )
        job.agents_after(died, exitcodes={r_bad: 1})
        job.emit()
        # clean kernel logs: no Xid at all
        boot = t0 - sec(86400 * 9)
        b.add(bad, "dmesg.txt", dmesg_boot_noise(boot, bad, "T", rng), attempt=att)
        if att == 1:
            b.add(
                bad,
                "nvidia-smi-q.txt",
                nvsmi_q(t_nan + sec(1300), [{} for _ in range(8)], driver="545.23.08", cuda="12.3"),
                attempt=att,
            )
    b.set_label(
        "gpu_hardware",
        "infrastructure",
        culprit(bad, None),
        "restart_without_node",
        "NaN grad-norm fired at different iterations (18220, 18517) in two attempts on different node sets, but both "
        "times on node-2047 device 5 (rank 21, then rank 5), and Megatron's rerun found it non-reproducible: silent data "
        "corruption on that GPU even though no Xid or ECC is logged.",
        "https://github.com/NVIDIA/Megatron-LM/issues/5026",
        "Two attempts; NaN follows the same physical GPU (different global ranks); clean dmesg/nvidia-smi.",
    )
    return b


# ============================================================================
@case
def c08(rng):
    """NaN at the same iteration across attempts on different nodes -> numerical / script."""
    b = Bundle("c08_nan_same_iteration_recurs")
    groups = [
        ["ip-10-0-17-201", "ip-10-0-17-202", "ip-10-0-17-219", "ip-10-0-18-4"],
        ["ip-10-0-18-4", "ip-10-0-21-33", "ip-10-0-21-90", "ip-10-0-22-7"],
    ]
    t0s = [T("2024-02-27 08:00:14"), T("2024-02-27 16:21:02")]
    it_fail = 31744
    bad_ranks = [12, 3]
    for att in range(2):
        hosts = groups[att]
        ips = [h[3:].replace("-", ".") for h in hosts]
        job = Job(
            b,
            rng,
            hosts,
            ips,
            t0s[att],
            attempt=att,
            proto="EFA",
            iface="ens5",
            plugin="efa",
            nccl_version="2.20.3+cuda12.3",
            rank_file=lambda hi, l, r: "train_rank_%d.log" % r,
            agent_file="torchrun.log",
        )
        job.startup()
        start_it = 30000 if att == 0 else 31000
        prog, t_last, _ = megatron_progress(
            t0s[att] + sec(210),
            start_it,
            (it_fail - start_it) // 10 - 2,
            4.4,
            rng,
            every=10,
            gbs=512,
            tflops=188.0,
            loss0=2.05,
        )
        # loss spikes before the NaN, identical in both attempts (deterministic data order)
        prog += [
            megatron_iter_line(
                t_last + sec(44),
                it_fail - 10,
                500000,
                (it_fail - 10) * 512,
                4410.2,
                187.1,
                2.38e-4,
                512,
                7.918,
                38.112,
                0,
                0,
            )
        ]
        job.logs[(3, 7)] += prog
        t_nan = t_last + sec(44 + 40)
        r = bad_ranks[att]
        hi, l = job.where(r)
        job.logs[(hi, l)] += rank_traceback(
            [
                (
                    "/opt/Megatron-LM/megatron/training/training.py",
                    1178,
                    "train",
                    "train_step(forward_step_func,",
                ),
                (
                    "/opt/Megatron-LM/megatron/training/training.py",
                    690,
                    "train_step",
                    "losses_reduced = forward_backward_func(",
                ),
                (
                    "/opt/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py",
                    115,
                    "start_grad_sync",
                    "assert not norm.isnan(), (",
                ),
            ],
            "AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. "
            "Device: %d, node: %s" % (r, l, hosts[hi]),
        )
        died = {r: t_nan + ms(300)}
        died.update(
            job.watchdog_cascade(
                t_nan - ms(500),
                4400000 + it_fail,
                "_REDUCE_SCATTER_BASE",
                (402653184, 100663296),
                skip=[r] + [job.rank(hi, x) for x in range(8) if x != l],
            )
        )
        job.agents_after(died, exitcodes={r: 1})
        job.emit()
        b.add(
            hosts[hi],
            "dmesg.txt",
            [
                "[%s] EFA: 0000:31:00.0: Setup irq:0xffff9e2ac0b2f000 vector:37 name:efa-mgmnt@pci:0000:31:00.0"
                % "    6.112233"
            ],
            attempt=att,
        )
    b.set_label(
        "numerical",
        "script",
        None,
        "stop",
        "Both attempts die at iteration 31744 after the same grad-norm spike (38.1) even though the node set changed "
        "(rank 12 on ip-10-0-17-202 first, rank 3 on ip-10-0-18-4 second): a deterministic divergence from data/hyper-"
        "parameters, not hardware. Restarting will loop.",
        "https://github.com/NVIDIA/Megatron-LM/issues/780",
        "Recurrence at the same iteration across attempts on different nodes -> numerical, stop.",
    )
    return b
