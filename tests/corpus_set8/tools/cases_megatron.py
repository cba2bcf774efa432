"""x01-x05: Megatron-LM / Megatron-Core."""

from common import *


def _iter(t, it, total, ms, lr, loss, gn, gbs=1024, skipped=0, nan=0, ls="1.0"):
    return (
        f" [{t.strftime('%Y-%m-%d %H:%M:%S')}] iteration {it:>8d}/{total:>8d} | consumed samples: {it * gbs:>12d} | "
        f"elapsed time per iteration (ms): {ms:.1f} | learning rate: {lr:.6E} | global batch size: {gbs:>5d} | "
        f"lm loss: {loss:.6E} | loss scale: {ls} | grad norm: {gn} | number of skipped iterations: {skipped:>3d} | "
        f"number of nan iterations: {nan:>3d} |"
    )


def _args(extra):
    base = {
        "tensor_model_parallel_size": 4,
        "pipeline_model_parallel_size": 2,
        "micro_batch_size": 1,
        "global_batch_size": 1024,
        "seq_length": 4096,
        "bf16": True,
        "use_distributed_optimizer": True,
        "check_for_nan_in_loss_and_grad": True,
        "log_interval": 10,
        "save_interval": 1000,
    }
    base.update(extra)
    out = ["------------------------ arguments ------------------------"]
    for k in sorted(base):
        out.append(f"  {k} {'.' * max(3, 48 - len(k))} {base[k]}")
    out.append("-------------------- end of arguments ---------------------")
    return out


def x01_megatron_nan_after_lr_change(rng):
    b = Bundle()
    hosts = [f"dgx-b{n:03d}" for n in (41, 42, 57, 58)]
    job = Job(hosts)
    t0 = T(2024, 6, 11, 8, 14, 2, 311000)
    # srun -l console, collected on the batch host only
    con = [
        f"0: {l}"
        for l in _args(
            {
                "lr": 0.003,
                "min_lr": 3e-5,
                "lr_warmup_iters": 0,
                "clip_grad": 0.0,
                "adam_beta2": 0.999,
                "load": "/lustre/proj/ckpt/gpt-13b",
                "finetune": False,
            }
        )
    ]
    con += [
        "0: > building GPT model ...",
        "0: > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 1634467840",
        "0: [after model, optimizer, and learning rate scheduler are built] datetime: 2024-06-11 08:15:40",
        "0:  loading checkpoint from /lustre/proj/ckpt/gpt-13b at iteration 42000",
        "0:  successfully loaded checkpoint from /lustre/proj/ckpt/gpt-13b [ t 0, p 0 ] at iteration 42000",
        "0: training ...",
    ]
    t = add(t0, 120)
    loss, gn = 1.92, 0.41
    for i in range(1, 19):
        it = 42000 + i * 10
        if i > 6:
            loss *= 1.0 + 0.12 * (i - 6)
            gn = round(gn * (1.6 + rng.random()), 2)
        con.append(
            f"{job.world - 1}: " + _iter(t, it, 120000, 5300 + rng.random() * 90, 0.003, loss, gn)
        )
        t = add(t, 53)
    fail_t = add(t, 11)
    first = rng.choice(job.ranks(hosts[2]))
    order = [first] + rng.sample([r for r in range(job.world) if r != first], 9)
    for k, r in enumerate(order):
        con += [
            f"{r}: Traceback (most recent call last):",
            f'{r}:   File "/workspace/megatron/pretrain_gpt.py", line 268, in <module>',
            f"{r}:     pretrain(train_valid_test_datasets_provider,",
            f'{r}:   File "/workspace/megatron/megatron/training/training.py", line 1182, in train_step',
            f"{r}:     losses_reduced = forward_backward_func(",
            f'{r}:   File "/workspace/megatron/megatron/core/distributed/param_and_grad_buffer.py", line 132, in check_for_nan_in_grad',
            f"{r}:     assert not norm_is_nan, (",
            f"{r}: AssertionError: Rank {r}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: {job.local(r)}, node: {job.host_of(r)}",
        ]
    con += [
        f"srun: error: {h}: tasks {job.ranks(h)[0]}-{job.ranks(h)[-1]}: Exited with exit code 1"
        for h in hosts[::-1]
    ]
    con += ["srun: Terminating StepId=771204.0"]
    b.add(hosts[0], "slurm-771204.out", con)
    for h in hosts:
        b.add(h, "syslog", kernel_noise(rng, h, add(t0, -600), 8))
    b.add(hosts[1], "nvidia-smi-q.txt", nvidia_smi_q(rng, add(fail_t, 40), special={3: {"sbe": 2}}))
    b.label(
        "numerical",
        "script",
        None,
        None,
        "stop",
        "Loss and grad norm climb for ~12 logged iterations right after the resume with lr=3e-3, zero warmup and no "
        "gradient clipping, then the NaN check fires on ranks on every node. Divergence from the new hyperparameters, "
        "not a device: restarting reproduces it. Two corrected DRAM errors on one GPU are noise.",
        "https://github.com/NVIDIA/Megatron-LM/issues/780",
    )
    return b


def x02_megatron_straggler_thermal(rng):
    b = Bundle()
    hosts = [f"hgx-r07-n{n:02d}" for n in range(1, 9)]
    job = Job(hosts)
    bad = 45
    bh = job.host_of(bad)
    t0 = T(2024, 9, 3, 22, 0, 5)
    con = _args(
        {
            "log_straggler": True,
            "straggler_minmax_count": 5,
            "tensor_model_parallel_size": 8,
            "pipeline_model_parallel_size": 1,
        }
    )
    con = [f"[default0]:{l}" for l in con]
    t = t0
    for i in range(1, 31):
        it = 18000 + i * 10
        slow = i > 8
        ms = 4210 + rng.random() * 40 + (min(i - 8, 12) * 160 if slow else 0)
        con.append(
            "[default0]:"
            + _iter(t, it, 250000, ms, 1.5e-4, 2.1 - i * 0.001, round(0.3 + rng.random() * 0.05, 3))
        )
        if i % 5 == 0:
            clk = 1980 if not slow else 1980 - min(i - 8, 12) * 70
            tmp = 71 if not slow else 80 + min(i - 8, 10)
            slow_r = bad if slow else rng.randrange(job.world)
            con.append(
                f"[default0]: [{t.strftime('%Y-%m-%d %H:%M:%S')}] | MnRtt/Rnk: {3.1 + rng.random():.2f}ms/{rng.randrange(64)} | "
                f"MxRtt/Rnk: {(4.0 if not slow else 9.5 + i * 0.2):.2f}ms/{slow_r} | MnPwr/Rnk: {(610 if not slow else 455)}W/{slow_r} | "
                f"MxPwr/Rnk: 699W/{rng.randrange(64)} | MnTmp/Rnk: 49C/{rng.randrange(64)} | MxTmp/Rnk: {tmp}C/{slow_r} | "
                f"MnUtl/Rnk: 97%/{rng.randrange(64)} | MxUtl/Rnk: 100%/{rng.randrange(64)} | MnClk/Rnk: {clk}MHz/{slow_r} | "
                f"MxClk/Rnk: 1980MHz/{rng.randrange(64)} | MnDRtt/Rnk: 0.41ms/{rng.randrange(64)} | MxDRtt/Rnk: 0.93ms/{rng.randrange(64)} | "
                f"MnEtpt/Rnk: {(402.1 if not slow else 402.1 - (i - 8) * 9):.2f}TF/{slow_r} | MxEtpt/Rnk: 411.77TF/{rng.randrange(64)}"
            )
            if slow:
                others = rng.sample([r for r in range(64) if r != bad], 4)
                con.append(
                    f"[default0]:     ^^^^ Bottom 5 Ranks with lowest  Etpt(TF): {402.1 - (i - 8) * 9:.2f}/{bad}, "
                    + ", ".join(f"{405 + rng.random():.2f}/{r}" for r in others)
                )
        t = add(t, ms / 1000 * 10)
    con += [
        "slurmstepd: error: *** JOB 5521877 ON hgx-r07-n01 CANCELLED AT %s ***"
        % add(t, 30).strftime("%Y-%m-%dT%H:%M:%S")
    ]
    b.add(hosts[0], "megatron.log", con)
    b.add(
        hosts[0],
        "sacct.txt",
        [
            "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode",
            "------------ ---------- ---------- ---------- ---------- ---------- --------",
            "5521877        gpt70b-pt      train     llmres       1024 CANCELLED+      0:0",
            "5521877.bat+      batch                 llmres        128  CANCELLED     0:15",
            "5521877.0      torchrun                 llmres       1024  CANCELLED     0:15",
        ],
    )
    sp = {job.local(bad): {"thermal": True, "temp": 90, "clock": 1140, "power": 455}}
    b.add(bh, "nvidia-smi-q.txt", nvidia_smi_q(rng, add(t, 10), special=sp))
    b.add(
        hosts[2],
        "nvidia-smi-q.txt",
        nvidia_smi_q(rng, add(t, 12), special={1: {"power_cap": True}}),
    )
    jl = kernel_noise(rng, bh, t0, 5)
    jl += [
        f"{syslog(add(t0, 900), bh, 'ipmievd[1733]')} Fan FAN5 Lower Critical going low  Reading 1440 < Threshold 2000 RPM",
        f"{syslog(add(t0, 905), bh, 'ipmievd[1733]')} Fan FAN5 Lower Non-recoverable going low  Reading 0 < Threshold 600 RPM",
        f"{syslog(add(t0, 1500), bh, 'kernel')} NVRM: GPU at PCI:0000:ab:00: GPU-{rng.randint(0, 16**8):08x} thermal slowdown engaged",
    ]
    b.add(bh, "syslog", jl)
    for h in hosts[1:]:
        if h != bh:
            b.add(h, "syslog", kernel_noise(rng, h, t0, 4))
    b.label(
        "straggler",
        "infrastructure",
        bh,
        bad,
        "restart_without_node",
        "Iteration time rises ~45% and the Megatron straggler detector names rank 45 on every report: lowest "
        "throughput, lowest clock, highest temperature. nvidia-smi on that node shows HW thermal slowdown on GPU 5 "
        "and the BMC logs a dead chassis fan. The user cancelled the job. Resume without the node. The SW power cap "
        "on another node is a transient and does not matter here.",
        "https://github.com/mosaicml/composer/pull/3342",
    )
    return b


def x03_megatron_resume_tp_mismatch(rng):
    b = Bundle()
    hosts = ["node-0113", "node-0087"]
    job = Job(hosts)
    t0 = T(2025, 2, 19, 13, 40, 0)
    for h in hosts:
        lines = []
        if h == hosts[0]:
            lines += _args(
                {
                    "tensor_model_parallel_size": 8,
                    "pipeline_model_parallel_size": 1,
                    "load": "/mnt/ckpt/llama3-8b-tp4pp2",
                    "no_load_optim": False,
                }
            )
        lines += [
            "W0219 13:40:12.512000 140 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default."
        ]
        for r in job.ranks(h):
            lines += pfx(
                f"[rank{r}]:",
                [
                    "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/module/base.py:620: UserWarning: To guarantee overlapping TP and SP collectives with the backwardGEMMs, set environment variable CUDA_DEVICE_MAX_CONNECTIONS = 1"
                ],
            )
        for r in job.ranks(h):
            lines += pfx(
                f"[rank{r}]: ",
                py_tb(
                    [
                        ("/opt/megatron-lm/pretrain_gpt.py", 301, "<module>", "pretrain("),
                        (
                            "/opt/megatron-lm/megatron/training/training.py",
                            310,
                            "pretrain",
                            "model, optimizer, opt_param_scheduler = setup_model_and_optimizer(",
                        ),
                        (
                            "/opt/megatron-lm/megatron/training/training.py",
                            752,
                            "setup_model_and_optimizer",
                            "args.iteration, args.num_floating_point_operations_so_far = load_checkpoint(",
                        ),
                        (
                            "/opt/megatron-lm/megatron/training/checkpointing.py",
                            1091,
                            "load_checkpoint",
                            "check_checkpoint_args(checkpoint_args)",
                        ),
                        (
                            "/opt/megatron-lm/megatron/training/checkpointing.py",
                            89,
                            "check_checkpoint_args",
                            "_compare('tensor_model_parallel_size')",
                        ),
                        (
                            "/opt/megatron-lm/megatron/training/checkpointing.py",
                            70,
                            "_compare",
                            "assert checkpoint_value == args_value, error_message",
                        ),
                    ],
                    "AssertionError: tensor_model_parallel_size value from checkpoint (4) is not equal to the input argument value (8).",
                ),
            )
        t = add(t0, 95)
        fails = [(r, job.local(r), 1, 40000 + r * 3) for r in job.ranks(h)]
        lines += elastic_summary(t, h, "pretrain_gpt.py", fails)
        b.add(h, "torchrun.log", lines)
        b.add(h, "dmesg.txt", kernel_noise(rng, h, t0, 5, style="dmesgT"))
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Every rank on both nodes fails the checkpoint-argument check while loading: the checkpoint was saved "
        "with TP=4 and the job asks for TP=8. This is a configuration error that will repeat on every restart. "
        "The checkpoint must be converted or TP set back to 4.",
        "https://github.com/NVIDIA/Megatron-LM/issues/296",
    )
    return b


def x04_megatron_illegal_access_xid79(rng):
    b = Bundle()
    hosts = ["a3mega-07", "a3mega-11", "a3mega-12", "a3mega-19", "a3mega-23", "a3mega-31"]
    job = Job(hosts)
    bad = 29
    bh = job.host_of(bad)
    t0 = T(2024, 11, 2, 3, 12, 40, 101000)
    fail = add(t0, 7411.3)
    pid = {r: 81000 + r * 11 for r in range(job.world)}
    for h in hosts:
        lines = []
        for r in job.ranks(h):
            lines += nccl_init(h, pid[r], job.local(r), r, job.world)
        tt = add(t0, 300)
        if h == hosts[0]:
            for i in range(1, 60):
                lines.append(
                    "[rank0]:"
                    + _iter(
                        tt,
                        6000 + i * 20,
                        100000,
                        2450 + rng.random() * 30,
                        2.4e-4,
                        2.31 - i * 0.002,
                        round(0.28 + rng.random() * 0.04, 3),
                        gbs=2048,
                    )
                )
                tt = add(tt, 49)
        if h == bh:
            lines += pfx(
                f"[rank{bad}]: ",
                py_tb(
                    [
                        (
                            "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py",
                            1492,
                            "forward_backward_pipelining_without_interleaving",
                            "input_tensor_grad = backward_step(",
                        ),
                        (
                            "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py",
                            366,
                            "backward_step",
                            "custom_backward(output_tensor[0], output_tensor_grad[0])",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py",
                            825,
                            "_engine_run_backward",
                            "return Variable._execution_engine.run_backward(",
                        ),
                    ],
                    "RuntimeError: CUDA error: an illegal memory access was encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                ),
            )
            lines.append(
                f"{h}:{pid[bad]}:{pid[bad] + 90} [{job.local(bad)}] NCCL INFO [Service thread] Connection closed by localRank {job.local(bad)}"
            )
        for r in job.ranks(h):
            if r == bad:
                continue
            lines += watchdog_v2(
                r,
                141877,
                "ALLREDUCE",
                600000,
                600000 + rng.randint(11, 90),
                add(fail, 600 + rng.random() * 3),
                pg="3 PG GUID 12(DATA_PARALLEL_GROUP)",
                numel=(67108864, 67108864),
                pgrank=r // 8,
            )
        fl = [(r, job.local(r), -6, pid[r]) for r in job.ranks(h) if r != bad]
        if h == bh:
            fl = [(bad, job.local(bad), 1, pid[bad])] + fl
        lines += elastic_summary(add(fail, 604), h, "pretrain_gpt.py", fl)
        b.add(h, "train.log", lines)
        if h != bh:
            b.add(h, "dmesg.txt", kernel_noise(rng, h, t0, 4, style="dmesgT"))
    dm = kernel_noise(rng, bh, t0, 3, style="dmesgT")
    dm += [
        f"{dmesg_T(add(fail, -1))} NVRM: Xid (PCI:0000:ab:00): 79, pid={pid[bad]}, name=pt_main_thread, GPU has fallen off the bus.",
        f"{dmesg_T(add(fail, -1))} NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus.",
        f"{dmesg_T(add(fail, 0))} NVRM: A GPU crash dump has been created. If possible, please run",
        f"{dmesg_T(add(fail, 0))} NVRM: nvidia-bug-report.sh as root to collect this data before",
        f"{dmesg_T(add(fail, 0))} NVRM: the NVIDIA kernel module is unloaded.",
        f"{dmesg_T(add(fail, 2))} pcieport 0000:a8:01.0: AER: Uncorrected (Fatal) error received: 0000:ab:00.0",
    ]
    b.add(bh, "dmesg.txt", dm)
    b.add(bh, "nvidia-smi-q.txt", nvidia_smi_q(rng, add(fail, 700), special={5: {"fallen": True}}))
    b.label(
        "gpu_hardware",
        "infrastructure",
        bh,
        bad,
        "restart_without_node",
        "Rank 29 (GPU 5 on a3mega-19) raises an illegal memory access in backward. At the same second the kernel logs "
        "Xid 79 (GPU fallen off the bus) and a fatal PCIe AER error for that GPU, and nvidia-smi can no longer reach it. "
        "All other ranks then time out in the data-parallel allreduce. The GPU is dead, so resume without the node.",
        "https://github.com/databricks/megablocks/issues/62",
    )
    return b


def x05_megatron_pp_hang_one_rank(rng):
    b = Bundle()
    hosts = ["gpu-st3-01", "gpu-st3-02", "gpu-st3-03", "gpu-st3-04"]
    job = Job(hosts)
    stuck = 27
    sh = job.host_of(stuck)
    t0 = T(2025, 4, 8, 1, 2, 3)
    hang = add(t0, 5402)
    for h in hosts:
        lines = []
        if h == hosts[0]:
            tt = add(t0, 200)
            for i in range(1, 40):
                lines.append(
                    "[rank0]:"
                    + _iter(
                        tt,
                        900 + i * 10,
                        50000,
                        8100 + rng.random() * 60,
                        3e-4,
                        2.9 - i * 0.004,
                        round(0.5 + rng.random() * 0.1, 3),
                    )
                )
                tt = add(tt, 81)
        for r in job.ranks(h):
            if r == stuck:
                continue
            same_stage = job.host_of(r) == sh
            if same_stage:
                lines += watchdog_v2(
                    r,
                    88412,
                    "ALLREDUCE",
                    1800000,
                    1800000 + rng.randint(5, 80),
                    add(hang, 1800 + rng.random()),
                    pg="2 PG GUID 7(TENSOR_MODEL_PARALLEL_GROUP)",
                    numel=(33554432, 33554432),
                    pgrank=job.local(r),
                )
            else:
                lines += watchdog_v2(
                    r,
                    22103,
                    "RECV" if h > sh else "SEND",
                    1800000,
                    1800000 + rng.randint(5, 80),
                    add(hang, 1800 + rng.random()),
                    pg="5 PG GUID 19(PIPELINE_MODEL_PARALLEL_GROUP)",
                    numel=(16777216, 16777216),
                    pgrank=job.hosts.index(h),
                )
            lines.append(
                c10(
                    r,
                    "E",
                    add(hang, 1801),
                    "ProcessGroupNCCL.cpp:1595",
                    f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: [Rank {r}] Watchdog caught collective operation timeout",
                )
            )
        if h == sh:
            lines.append(
                c10(
                    stuck,
                    "W",
                    add(hang, 1860),
                    "ProcessGroupNCCL.cpp:1375",
                    f"[PG ID 2 PG GUID 7(TENSOR_MODEL_PARALLEL_GROUP) Rank 3] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=1",
                )
            )
            lines.append(
                c10(
                    stuck,
                    "F",
                    add(hang, 1920),
                    "ProcessGroupNCCL.cpp:1224",
                    "[PG ID 2 PG GUID 7(TENSOR_MODEL_PARALLEL_GROUP) Rank 3] [PG ID 2 PG GUID 7(TENSOR_MODEL_PARALLEL_GROUP) Rank 3] Terminating the process after attempting to dump debug info, due to ProcessGroupNCCL watchdog hang.",
                )
            )
        fl = [(r, job.local(r), -6, 50000 + r) for r in job.ranks(h)]
        if h == sh:
            fl = [(stuck, job.local(stuck), -6, 50000 + stuck)] + [f for f in fl if f[0] != stuck]
        lines += elastic_summary(add(hang, 1925), h, "pretrain_gpt.py", fl)
        b.add(h, "console.log", lines)
        b.add(h, "kern.log", kernel_noise(rng, h, t0, 5))
    fr = [
        "flight recorder summary (torch.distributed.flight_recorder, TORCH_NCCL_TRACE_BUFFER_SIZE=2000)",
        "pg: TENSOR_MODEL_PARALLEL_GROUP ranks [24..31]",
        f"  collective seq 88412 ALLREDUCE: state=scheduled on ranks [24, 25, 26, 28, 29, 30, 31]; rank 27 state=started, never completed",
        "pg: PIPELINE_MODEL_PARALLEL_GROUP",
        "  p2p seq 22103: stages 0-2 waiting on stage 3",
        "no mismatch in collective sizes or op types detected",
    ]
    b.add(hosts[0], "fr_trace_summary.txt", fr)
    b.add(
        sh,
        "py-spy-rank27.txt",
        [
            f"Process {50000 + stuck}: /usr/bin/python -u pretrain_gpt.py",
            'Thread 0x7F1A22B8E740 (active+gil): "MainThread"',
            "    synchronize (torch/cuda/__init__.py:954)",
            "    reduce_from_tensor_model_parallel_region (megatron/core/tensor_parallel/mappings.py:214)",
            "    forward (megatron/core/tensor_parallel/layers.py:1011)",
            "    forward (megatron/core/transformer/mlp.py:131)",
        ],
    )
    b.add(
        sh,
        "nvidia-smi.txt",
        [
            f"GPU {i}: util {'100' if i == 3 else '0'}%  power {'71' if i == 3 else '118'}W  mem 61234MiB"
            for i in range(8)
        ],
    )
    b.label(
        "hang",
        "infrastructure",
        sh,
        stuck,
        "run_diagnostics",
        "All ranks time out after 30 min. The flight recorder shows only rank 27 started TP allreduce 88412 and never "
        "finished it. Every other rank is waiting on it, either in the same TP group or, via the pipeline, on stage 3. "
        "GPU 3 on gpu-st3-04 sits at 100% utilisation and low power inside the kernel, and there is no Xid or other "
        "kernel evidence. This looks like a wedged GPU or link, but nothing proves it. Run diagnostics on that node.",
        "https://github.com/NVIDIA/nccl/issues/968",
    )
    return b


CASES = [
    x01_megatron_nan_after_lr_change,
    x02_megatron_straggler_thermal,
    x03_megatron_resume_tp_mismatch,
    x04_megatron_illegal_access_xid79,
    x05_megatron_pp_hang_one_rank,
]
