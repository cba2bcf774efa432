"""Cases s28-s40: OOM, numerical, stragglers, user code, dependencies and a clean run."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from common import (
    Bundle,
    Job,
    Kernel,
    glog,
    hf_logs,
    megatron_iters,
    nvsmi_q,
    pylog,
    pytb,
    titan_steps,
)

SITE = "/usr/local/lib/python3.10/dist-packages"


def _oom(
    pre: str,
    tried: str,
    gpu: int,
    free: str,
    inuse: str,
    alloc: str,
    reserved: str,
    other: str = "",
) -> list[str]:
    msg = (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried}. GPU {gpu} has a total capacity of 79.11 GiB of which {free} is free. "
        f"{other}Including non-PyTorch memory, this process has {inuse} memory in use. Of the allocated memory {alloc} is allocated by PyTorch, and {reserved} is reserved by PyTorch but unallocated. "
        "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )
    return [f"{pre}{msg}"]


def s28_oom_config_every_rank() -> Bundle:
    b = Bundle("s28_oom_all_ranks_after_batch_change")
    rng = random.Random(128)
    hosts = ["h100-p1-n01", "h100-p1-n02", "h100-p1-n03", "h100-p1-n04"]
    for att, t0 in enumerate((datetime(2025, 1, 20, 9, 0, 0), datetime(2025, 1, 20, 9, 21, 0))):
        job = Job(hosts, prefix="rank", seed=280 + att)
        for n, h in enumerate(hosts):
            lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0])
            if n == 0:
                lines.append(
                    f"[rank0]:[titan] {pylog(t0 + timedelta(seconds=40))} - root - INFO - Training starts at step 1, with local batch size 8, global batch size 256, sequence length 8192, total steps 60000 (warmup 2000)"
                )
            for lr in range(8):
                r = job.rank(n, lr)
                pre = job.p(r)
                lines += pytb(
                    pre,
                    [
                        (
                            "/workspace/torchtitan/torchtitan/train.py",
                            375,
                            "train_step",
                            "pred = model(inputs)",
                        ),
                        (
                            f"{SITE}/torch/nn/modules/module.py",
                            1747,
                            "_call_impl",
                            "return forward_call(*args, **kwargs)",
                        ),
                        (
                            "/workspace/torchtitan/torchtitan/models/llama/model.py",
                            217,
                            "forward",
                            "scores = torch.matmul(xq, xk.transpose(2, 3)) / math.sqrt(self.head_dim)",
                        ),
                    ],
                    "",
                )[:-1]
                lines += _oom(
                    pre,
                    "16.00 GiB",
                    lr,
                    f"{rng.uniform(3.1, 4.0):.2f} GiB",
                    f"{rng.uniform(75.0, 76.0):.2f} GiB",
                    f"{rng.uniform(68, 70):.2f} GiB",
                    f"{rng.uniform(1.2, 2.0):.2f} GiB",
                )
            lines += job.agent_summary(
                n,
                t0 + timedelta(minutes=1, seconds=10),
                [
                    (
                        job.rank(n, 0),
                        1,
                        "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                    )
                ],
            )
            b.add(f"attempt_{att}/{h}/run.log", lines)
    b.add(
        "attempt_0/h100-p1-n01/config-diff.txt",
        [
            "--- configs/llama3_8b.toml@run-41",
            "+++ configs/llama3_8b.toml@run-42",
            "@@ [training]",
            "-batch_size = 4",
            "+batch_size = 8",
            "-seq_len = 4096",
            "+seq_len = 8192",
            " [activation_checkpoint]",
            "-mode = 'selective'",
            "+mode = 'none'",
        ],
    )
    b.verdict(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "Every rank on every node runs out of GPU memory in the first forward pass, in both attempts, right after batch size and sequence length were doubled and activation checkpointing was switched off: a configuration that cannot fit, not a node problem.",
        "https://pytorch.org/docs/stable/torch_cuda_memory.html",
    )
    return b


def s29_oom_foreign_gpu_process() -> Bundle:
    b = Bundle("s29_oom_one_rank_foreign_process_on_gpu")
    rng = random.Random(129)
    hosts = ["gpu-b-11", "gpu-b-12", "gpu-b-13", "gpu-b-14"]
    job = Job(hosts, prefix="srun", seed=29)
    bad = job.rank(3, 3)
    t0 = datetime(2024, 10, 10, 13, 0, 0)
    lines = ["+ srun -l python -u train.py --model 13b --zero-stage 1"]
    for n in range(4):
        lines += job.nccl_init(n, [0])
    prog, t = megatron_iters(t0 + timedelta(minutes=3), 1, 3, 1, 2800.0, rng)
    lines += [f"0: {p}" for p in prog]
    lines += pytb(
        job.p(bad),
        [
            ("/home/ml/train.py", 233, "train_step", "optimizer.step()"),
            (f"{SITE}/torch/optim/adamw.py", 220, "step", "self._init_group("),
            (
                f"{SITE}/torch/optim/adamw.py",
                159,
                "_init_group",
                'state["exp_avg_sq"] = torch.zeros_like(',
            ),
        ],
        "",
    )[:-1]
    lines += _oom(
        job.p(bad),
        "1.62 GiB",
        3,
        "781.31 MiB",
        "37.80 GiB",
        "35.02 GiB",
        "1.91 GiB",
        other="Process 771203 has 40.51 GiB memory in use. ",
    )
    for r in range(32):
        if r != bad and r % 5 == 0:
            lines += job.watchdog(r, t + timedelta(minutes=10), 118)[:1]
    lines += [
        f"srun: error: gpu-b-14: task {bad}: Exited with exit code 1",
        "slurmstepd: error: *** STEP 661204.0 ON gpu-b-11 CANCELLED AT 2024-10-10T13:14:59 ***",
    ]
    b.add("gpu-b-11/slurm-661204.out", lines)
    b.add(
        "gpu-b-14/nvidia-smi.txt",
        [
            "Thu Oct 10 13:20:02 2024",
            "+---------------------------------------------------------------------------------------+",
            "| Processes:                                                                            |",
            "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
            "|        ID   ID                                                             Usage      |",
            "|=======================================================================================|",
            "|    3   N/A  N/A    771203      C   python3 /home/jlee/serve_eval.py           41480MiB |",
            "+---------------------------------------------------------------------------------------+",
            "$ ps -o user,pid,lstart,cmd -p 771203",
            "USER        PID                  STARTED CMD",
            "jlee     771203 Tue Oct  8 18:02:41 2024 python3 /home/jlee/serve_eval.py --port 8100",
        ],
    )
    b.add("gpu-b-13/nvidia-smi.txt", ["Thu Oct 10 13:20:02 2024", "No running processes found"])
    b.verdict(
        "oom",
        "infrastructure",
        "gpu-b-14",
        bad,
        "restart_without_node",
        "Only rank 27 ran out of memory, because another user's process (PID 771203, running since Oct 8) holds 40 GiB on GPU 3 of gpu-b-14; the node is dirty, the job's configuration fits elsewhere.",
        "https://github.com/NVIDIA/gpu-operator/issues/2880",
    )
    return b


def s30_oom_fragmentation_lightning() -> Bundle:
    b = Bundle("s30_oom_fragmentation_late_one_rank")
    rng = random.Random(130)
    hosts = ["lt-node-1", "lt-node-2"]
    job = Job(hosts, prefix="none", seed=30)
    t0 = datetime(2024, 11, 25, 0, 0, 0)
    bad = 13
    for n, h in enumerate(hosts):
        lines = [
            "GPU available: True (cuda), used: True",
            "TPU available: False, using: 0 TPU cores",
            "HPU available: False, using: 0 HPUs",
            f"Initializing distributed: GLOBAL_RANK: {n * 8}, MEMBER: {n * 8 + 1}/16",
            "You are using a CUDA device ('NVIDIA H100 80GB HBM3') that has Tensor Cores. To properly utilize them, you should set `torch.set_float32_matmul_precision('medium' | 'high')` which will trade-off precision for performance.",
        ]
        for k in range(40):
            lines.append(
                f"Epoch 2:  {k * 2:2d}%|{'█' * (k // 5):<10s}| {k * 520 + 40000}/61022 [{k // 2:02d}:{rng.randint(10, 59):02d}<3:12:01,  2.31it/s, v_num=12, train_loss={1.83 - 0.002 * k:.3f}, seq_len_max={rng.choice([2048, 4096, 8192, 16384])}]"
            )
        if n == 1:
            pre = ""
            lines += pytb(
                pre,
                [
                    (
                        f"{SITE}/lightning/pytorch/trainer/call.py",
                        47,
                        "_call_and_handle_interrupt",
                        "return trainer_fn(*args, **kwargs)",
                    ),
                    (
                        f"{SITE}/lightning/pytorch/loops/optimization/automatic.py",
                        319,
                        "backward_fn",
                        'call._call_strategy_hook(self.trainer, "backward", loss, optimizer)',
                    ),
                    (
                        f"{SITE}/torch/autograd/graph.py",
                        825,
                        "_engine_run_backward",
                        "return Variable._execution_engine.run_backward(",
                    ),
                ],
                "",
            )[:-1]
            lines += _oom(pre, "2.00 GiB", 5, "1.71 GiB", "77.38 GiB", "51.30 GiB", "24.87 GiB")
            lines.append(f"[rank: {bad}] Received SIGTERM: 15")
        else:
            lines.append("[rank: 3] Received SIGTERM: 15")
            lines += job.watchdog(3, t0, 4410291)[:1]
        b.add(f"{h}/lightning_logs/version_12/stdout.txt", lines)
    b.add(
        "lt-node-2/memory_snapshot_summary.txt",
        [
            "rank 13 @ step 61,040 (batch with 16384-token sequence)",
            "segments: 1,912   largest free block: 1.98 GiB   total reserved-unallocated: 24.87 GiB",
            "allocator settings: PYTORCH_CUDA_ALLOC_CONF not set",
        ],
    )
    b.verdict(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "Rank 13 hit OOM deep into the epoch with 24.9 GiB reserved but unallocated: caching-allocator fragmentation from variable sequence lengths. The allocator configuration (expandable_segments) or the batching must change; the node is fine.",
        "https://pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf",
    )
    return b


def s31_k8s_oomkilled_full_state_dict() -> Bundle:
    b = Bundle("s31_k8s_oomkilled_rank0_checkpoint_gather")
    rng = random.Random(131)
    nodes = ["gpu-pool-a-0", "gpu-pool-a-1", "gpu-pool-a-2", "gpu-pool-a-3"]
    pods = ["llm70b-master-0", "llm70b-worker-0", "llm70b-worker-1", "llm70b-worker-2"]
    for att, t0 in enumerate((datetime(2025, 5, 12, 1, 0, 0), datetime(2025, 5, 12, 4, 30, 0))):
        job = Job(nodes, prefix="rank", seed=310 + att)
        save = t0 + timedelta(hours=3, minutes=1)
        for n, (node, pod) in enumerate(zip(nodes, pods, strict=True)):
            lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0])
            if n == 0:
                prog, _ = titan_steps(t0 + timedelta(minutes=4), 10, 40, 50, 5.3, rng, mem=70.4)
                lines += prog
                lines.append(
                    f"[rank0]:{pylog(save)} INFO ckpt: step 2000: saving FULL_STATE_DICT (offload_to_cpu=True, rank0_only=True) to /ckpt/llm70b/step-2000/model.pt"
                )
            else:
                for lr in (0, 4):
                    lines += job.nccl_remote_error(
                        job.rank(n, lr),
                        f"socketProgress: Connection closed by remote peer llm70b-master-0.llm70b.train.svc<5{lr}221>",
                    )[-4:]
            b.add(f"attempt_{att}/{node}/kubectl-logs-{pod}.txt", lines)
        b.add(
            f"attempt_{att}/{nodes[0]}/kubectl-describe-pod-{pods[0]}.txt",
            [
                f"Name:         {pods[0]}",
                "Containers:",
                "  pytorch:",
                "    Image:          registry.internal/llm/train:2025.05.02",
                "    State:          Terminated",
                "      Reason:       OOMKilled",
                "      Exit Code:    137",
                f"      Started:      {t0:%a, %d %b %Y %H:%M:%S} +0000",
                f"      Finished:     {save + timedelta(seconds=74):%a, %d %b %Y %H:%M:%S} +0000",
                "    Limits:",
                "      memory:          512Gi",
                "      nvidia.com/gpu:  8",
                "    Requests:",
                "      memory:          512Gi",
            ],
        )
    b.verdict(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "In both attempts the master pod was OOMKilled (exit 137, 512Gi limit) while rank 0 gathered a full 70B state dict into CPU memory at the step-2000 checkpoint; the save configuration, not any node, must change.",
        "https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/",
    )
    return b


def _megatron_nan(pre: str, rank: int, node: str, dev: int, it: int) -> list[str]:
    return pytb(
        pre,
        [
            (
                "/opt/megatron/megatron/training/training.py",
                1359,
                "train",
                "train_step(forward_step_func,",
            ),
            (
                "/opt/megatron/megatron/core/distributed/param_and_grad_buffer.py",
                251,
                "start_grad_sync",
                "self.check_for_nan_in_grad()",
            ),
            (
                "/opt/megatron/megatron/core/distributed/param_and_grad_buffer.py",
                178,
                "check_for_nan_in_grad",
                "rerun_state_machine.validate_result(",
            ),
        ],
        f"RuntimeError: Rank {rank}, node {node}, device {dev}, iteration {it}: Unexpected result nan (message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')",
    )


def s32_nan_deterministic_lr() -> Bundle:
    b = Bundle("s32_nan_same_iteration_after_restart")
    rng = random.Random(132)
    hosts = ["dgx-h-101", "dgx-h-102"]
    for att, t0 in enumerate((datetime(2024, 8, 1, 0, 0, 0), datetime(2024, 8, 1, 9, 0, 0))):
        job = Job(hosts, prefix="rank", seed=320 + att)
        start = 12001 if att else 1
        for n, h in enumerate(hosts):
            lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0])
            if n == 0:
                if att:
                    lines.append(
                        "[rank0]: successfully loaded checkpoint from /ckpt/moe-8x7b [ t 1/1, p 1/1 ] at iteration 12000"
                    )
                prog, t = megatron_iters(
                    t0 + timedelta(minutes=3),
                    start + 399 if att else 12001,
                    4,
                    4,
                    1900.0,
                    rng,
                    lr=6.0e-4,
                    loss=1.98,
                )
                lines += [f"[rank0]:{p}" for p in prog]
                lines.append(
                    f"[rank0]: [{t:%Y-%m-%d %H:%M:%S}] iteration    12416/  250000 | consumed samples:     12713984 | elapsed time per iteration (ms): 1911.2 | learning rate: 6.000000E-04 | global batch size:  1024 | lm loss: 9.871233E+00 | loss scale: 1.0 | grad norm: 4712.331 | number of skipped iterations:   0 | number of nan iterations:   0 |"
                )
            for lr in range(8):
                r = job.rank(n, lr)
                lines += _megatron_nan(job.p(r), r, h, lr, 12417)
            lines += job.agent_summary(
                n,
                t0 + timedelta(hours=8),
                [
                    (
                        job.rank(n, 0),
                        1,
                        "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                    )
                ],
            )
            b.add(f"attempt_{att}/{h}/pretrain.log", lines)
    b.add(
        "attempt_1/dgx-h-101/run-args.txt",
        [
            "--lr 6e-4 --min-lr 6e-5 --lr-warmup-iters 500 --clip-grad 0.0 --bf16 --moe-router-load-balancing-type aux_loss --moe-aux-loss-coeff 0.0"
        ],
    )
    b.verdict(
        "numerical",
        "script",
        None,
        None,
        "stop",
        "All 16 ranks see NaN gradients at iteration 12417 in both attempts, after the grad norm explodes to 4700 with gradient clipping disabled: a deterministic divergence of this configuration, not a faulty GPU.",
        "https://github.com/mlfoundations/open_lm/pull/7",
    )
    return b


def s33_sdc_follows_node() -> Bundle:
    b = Bundle("s33_nan_follows_one_node_across_attempts")
    rng = random.Random(133)
    sets = [
        ["gpu-r3-11", "gpu-r3-14", "gpu-r3-17", "gpu-r3-20"],
        ["gpu-r3-17", "gpu-r3-11", "gpu-r3-20", "gpu-r3-23"],
        ["gpu-r3-11", "gpu-r3-20", "gpu-r3-23", "gpu-r3-17"],
    ]
    its = [8812, 8431, 8199]
    devs = [5, 5, 5]
    for att, hosts in enumerate(sets):
        t0 = datetime(2025, 6, 20, 0, 0, 0) + timedelta(hours=7 * att)
        job = Job(hosts, prefix="rank", seed=330 + att)
        bn = hosts.index("gpu-r3-17")
        bad = job.rank(bn, devs[att])
        for n, h in enumerate(hosts):
            lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0])
            if n == 0:
                if att:
                    lines.append(
                        "[rank0]: successfully loaded checkpoint from /ckpt/gpt-22b [ t 1/1, p 1/1 ] at iteration 8000"
                    )
                prog, _ = megatron_iters(
                    t0 + timedelta(minutes=4), 8000 if att else 1, 25, 10, 2120.0, rng
                )
                lines += [f"[rank0]:{p}" for p in prog]
            if n == bn:
                lines += _megatron_nan(job.p(bad), bad, h, devs[att], its[att])
            for lr in range(8):
                r = job.rank(n, lr)
                if r != bad:
                    lines += job.watchdog(r, t0 + timedelta(hours=5, minutes=10), 99120 + att)[:1]
            lines += job.sigterm(n, t0 + timedelta(hours=5, minutes=11), range(8))
            b.add(f"attempt_{att}/{h}/train.log", lines)
        k = Kernel("gpu-r3-17", datetime(2025, 6, 1, 0, 0, 0), "dmesg_T")
        b.add(f"attempt_{att}/gpu-r3-17/dmesg.txt", k.benign(rng, t0, 6))
    b.add(
        "attempt_2/gpu-r3-17/nvidia-smi-q.txt",
        nvsmi_q("gpu-r3-17", datetime(2025, 6, 20, 20, 0, 0), 8),
    )
    b.verdict(
        "numerical",
        "infrastructure",
        "gpu-r3-17",
        None,
        "restart_without_node",
        "NaN gradients appeared at a different iteration in each of three attempts (8812, 8431, 8199), always on device 5 of gpu-r3-17 whatever its rank number, while the same data on other nodes stayed finite: silent data corruption that follows the node, with no Xid to show for it.",
        "https://github.com/pytorch/torchtitan/issues/951",
    )
    return b


def s34_straggler_thermal_megatron() -> Bundle:
    b = Bundle("s34_straggler_thermal_slowdown_megatron")
    rng = random.Random(134)
    hosts = ["mlx-gpu-301", "mlx-gpu-302", "mlx-gpu-303", "mlx-gpu-304"]
    job = Job(hosts, prefix="srun", seed=34)
    bad_n, bad_lr = 3, 3
    bad = job.rank(bad_n, bad_lr)
    t0 = datetime(2025, 7, 2, 6, 0, 0)
    lines = ["+ srun -l python pretrain_gpt.py ... --log-straggler --straggler-minmax-count 4"]
    for n in range(4):
        lines += job.nccl_init(n, [0])
    rows, t = megatron_iters(t0 + timedelta(minutes=5), 100, 20, 100, 1902.0, rng)
    lines += [f"31: {r}" for r in rows]
    for k in range(24):
        slow = 1902.0 * (1 + 0.03 * k)
        lines.append(
            f"0:  | MnRtt/Rnk: {1890.2 + rng.uniform(-5, 5):.2f}ms/{rng.randint(0, 20)} | MxRtt/Rnk: {slow:.2f}ms/{bad} | MnPwr/Rnk: {322 - 4 * k}W/{bad} | MxPwr/Rnk: 698W/{rng.randint(0, 20)} | MnTmp/Rnk: 51C/{rng.randint(0, 12)} | MxTmp/Rnk: {78 + k // 2}C/{bad} | MnUtl/Rnk: 97%/{rng.randint(0, 20)} | MxUtl/Rnk: 100%/{rng.randint(0, 20)} | MnClk/Rnk: {1755 - 28 * k}MHz/{bad} | MxClk/Rnk: 1980MHz/0 | MnDRtt/Rnk: 14.27ms/23 | MxDRtt/Rnk: 14.36ms/4 | MnEtpt/Rnk: {297.0 / (1 + 0.03 * k):.2f}TF/{bad} | MxEtpt/Rnk: 297.32TF/8"
        )
        rows, t = megatron_iters(t, 2100 + 100 * k, 1, 100, slow, rng)
        lines += [f"31: {r}" for r in rows]
    lines += [
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "slurmstepd: error: *** JOB 990412 ON mlx-gpu-301 CANCELLED AT 2025-07-02T12:58:40 DUE to scancel by user opsbot (reason: throughput below 60% of baseline for 45 min) ***",
    ]
    b.add("mlx-gpu-301/slurm-990412.out", lines)
    b.add(
        "mlx-gpu-304/nvidia-smi-q.txt",
        nvsmi_q(
            "mlx-gpu-304",
            datetime(2025, 7, 2, 12, 50, 0),
            8,
            overrides={
                bad_lr: {
                    "hw_slow": "Active",
                    "hw_thermal": "Active",
                    "sw_thermal": "Active",
                    "temp": "91 C",
                    "sm_clock": "1095 MHz",
                    "power": "288.41 W",
                    "util": "100 %",
                },
            },
        ),
    )
    b.add(
        "mlx-gpu-302/nvidia-smi-q.txt",
        nvsmi_q(
            "mlx-gpu-302",
            datetime(2025, 7, 2, 12, 50, 0),
            8,
            overrides={
                i: {"temp": "58 C", "sm_clock": "1980 MHz", "util": "100 %", "power": "690.10 W"}
                for i in range(8)
            },
        ),
    )
    b.verdict(
        "straggler",
        "infrastructure",
        "mlx-gpu-304",
        bad,
        "restart_without_node",
        "The straggler detector names rank 27 as slowest every interval, with its clock and power falling and temperature climbing; nvidia-smi on mlx-gpu-304 shows HW thermal slowdown active on GPU 3 at 91 C. A cooling fault on that node slows the whole job.",
        "https://github.com/NVIDIA/Megatron-LM/blob/main/megatron/core/README_STRAGGLER.md",
    )
    return b


def s35_straggler_nemo_no_proof() -> Bundle:
    b = Bundle("s35_straggler_detected_without_hw_evidence")
    rng = random.Random(135)
    hosts = ["h100-b-05", "h100-b-06", "h100-b-07", "h100-b-08"]
    job = Job(hosts, prefix="none", seed=35)
    bad = job.rank(2, 1)
    t0 = datetime(2024, 9, 10, 8, 0, 0)
    lines = []
    for k in range(12):
        t = t0 + timedelta(minutes=10 * k)
        lines.append(
            f"Epoch 0: : {k * 5}%| {k * 300}/6000 [{k * 10:02d}:00<1:40:00, reduced_train_loss={2.6 - 0.02 * k:.3f}, global_step={k * 300}.0, consumed_samples={k * 300 * 512}.0, train_step_timing in s={1.41 + 0.02 * k:.3f}]"
        )
        if k >= 4:
            lines += [
                f"[NeMo I {t:%Y-%m-%d %H:%M:%S} straggler_det_callback:215] ",
                "    GPU relative performance:",
                "     Worst performing 3/32 ranks:",
                f"      Rank={bad:<3d} Node={hosts[2]} Score={0.74 - 0.01 * k:.2f}",
                f"      Rank=4   Node={hosts[0]} Score=0.97",
                f"      Rank=30  Node={hosts[3]} Score=0.98",
                "     Best performing 3/32 ranks:",
                "      Rank=11  Node=h100-b-06 Score=1.00",
                "    GPU individual performance:",
                "     Worst performing 3/32 ranks:",
                f"      Rank={bad:<3d} Node={hosts[2]} Score={0.75 - 0.01 * k:.2f}",
                "      Rank=8   Node=h100-b-06 Score=0.97",
                "    Straggler report processing time: 0.041 sec.",
                f"[NeMo W {t:%Y-%m-%d %H:%M:%S} straggler_det_callback:241] STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. Affected ranks: [{bad}]",
            ]
    lines += [
        f"[NeMo I {t0 + timedelta(minutes=115):%Y-%m-%d %H:%M:%S} straggler_det_callback:260] Detected stragglers. Stopping training... (stop_if_detected=True)",
        "`Trainer.fit` stopped: requested stop by StragglerDetectionCallback.",
    ]
    b.add("h100-b-05/nemo_log_globalrank-0_localrank-0.txt", lines)
    b.add(
        "h100-b-07/nvidia-smi-q.txt",
        nvsmi_q(
            "h100-b-07",
            t0 + timedelta(hours=2),
            8,
            overrides={
                i: {"temp": "61 C", "sm_clock": "1980 MHz", "power": "655.02 W"} for i in range(8)
            },
        ),
    )
    k = Kernel("h100-b-07", datetime(2024, 9, 1, 0, 0, 0), "journal")
    b.add("h100-b-07/journalctl-k.txt", k.benign(rng, t0, 10))
    b.verdict(
        "straggler",
        "infrastructure",
        "h100-b-07",
        bad,
        "run_diagnostics",
        "NeMo's straggler detector repeatedly scores rank 17 on h100-b-07 at ~0.7 and stopped the run, but clocks, temperature and kernel logs on that node look normal; the node is suspect and needs a diagnostic pass rather than blind exclusion.",
        "https://docs.nvidia.com/nemo-framework/user-guide/latest/resiliency.html#straggler-detection",
    )
    return b


def s36_shape_mismatch_all_ranks() -> Bundle:
    b = Bundle("s36_shape_mismatch_every_rank")
    hosts = ["trainer-0", "trainer-1"]
    job = Job(hosts, prefix="default", seed=36)
    t0 = datetime(2025, 2, 26, 15, 0, 0)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0, 1])
        lines.append(
            f"[default0]:{SITE}/torch/utils/checkpoint.py:92: UserWarning: torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. In version 2.5 we will raise an exception if use_reentrant is not passed."
        )
        lines.append(
            f"[default0]:{pylog(t0 + timedelta(seconds=50))} WARNING model: ffn_hidden_size overridden to 14336 from config 'llama-8b-wide.yaml'"
        )
        for lr in range(8):
            pre = job.p(job.rank(n, lr))
            lines += pytb(
                pre,
                [
                    ("/src/lm/train.py", 301, "train", "logits = model(tokens)"),
                    ("/src/lm/model.py", 188, "forward", "h = h + self.mlp(self.norm2(h))"),
                    (
                        "/src/lm/model.py",
                        97,
                        "forward",
                        "return self.w2(F.silu(self.w1(x)) * self.w3(x))",
                    ),
                    (
                        f"{SITE}/torch/nn/modules/linear.py",
                        125,
                        "forward",
                        "return F.linear(input, self.weight, self.bias)",
                    ),
                ],
                "RuntimeError: mat1 and mat2 shapes cannot be multiplied (16384x11008 and 14336x4096)",
            )
        lines += job.agent_summary(
            n,
            t0 + timedelta(minutes=1),
            [
                (
                    job.rank(n, 0),
                    1,
                    "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                )
            ],
        )
        b.add(f"{h}/torchrun.stdout", lines)
    b.verdict(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "All 16 ranks fail on the first forward pass with the same shape mismatch in the MLP: ffn_hidden_size was overridden for w2 but w1/w3 still use 11008. A configuration/code bug that any restart reproduces.",
        "https://github.com/epfLLM/Megatron-LLM/issues/73",
    )
    return b


def s37_deepspeed_batch_assert() -> Bundle:
    b = Bundle("s37_deepspeed_batch_size_assertion")
    hosts = ["ds-worker-01", "ds-worker-02", "ds-worker-03", "ds-worker-04"]
    job = Job(hosts, prefix="pdsh", seed=37)
    out = [
        "[2024-06-03 10:11:02,004] [INFO] [runner.py:463:main] Using IP address of 10.4.1.11 for node ds-worker-01",
        "[2024-06-03 10:11:02,006] [INFO] [multinode_runner.py:81:get_cmd] Running on the following workers: ds-worker-01,ds-worker-02,ds-worker-03,ds-worker-04",
    ]
    for n, h in enumerate(hosts):
        out.append(
            f"{h}: [2024-06-03 10:11:05,51{n}] [INFO] [launch.py:256:main] process {job.pids[job.rank(n, 0)]} spawned with command: ['/usr/bin/python', '-u', 'finetune.py', '--local_rank=0', '--deepspeed', 'ds_config.json']"
        )
        out.append(
            f"{h}: [2024-06-03 10:11:09,1{n}2] [WARNING] [real_accelerator.py:162:get_accelerator] Setting accelerator to CUDA. If you wish to change this override via the DS_ACCELERATOR environment variable."
        )
    for r in range(32):
        pre = job.p(r)
        out += pytb(
            pre,
            [
                (
                    "/work/finetune.py",
                    144,
                    "<module>",
                    "model_engine, optimizer, _, _ = deepspeed.initialize(args=args, model=model, model_parameters=params)",
                ),
                (
                    f"{SITE}/deepspeed/__init__.py",
                    144,
                    "initialize",
                    "config_class = DeepSpeedConfig(config, mpu, mesh_device=mesh_device)",
                ),
                (
                    f"{SITE}/deepspeed/runtime/config.py",
                    798,
                    "__init__",
                    "self._configure_train_batch_size()",
                ),
                (
                    f"{SITE}/deepspeed/runtime/config.py",
                    981,
                    "_configure_train_batch_size",
                    "self._batch_assertion()",
                ),
                (
                    f"{SITE}/deepspeed/runtime/config.py",
                    929,
                    "_batch_assertion",
                    "assert train_batch == micro_batch * grad_acc * self.world_size, (",
                ),
            ],
            "AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 512 != 4 * 2 * 32",
        )
    for n, h in enumerate(hosts):
        out.append(
            f"{h}: [2024-06-03 10:11:31,90{n}] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'finetune.py', '--local_rank=7', '--deepspeed', 'ds_config.json'] exits with return code = 1"
        )
        out.append(f"pdsh@ds-worker-01: {h}: ssh exited with exit code 1")
    b.add("ds-worker-01/deepspeed-launch.log", out)
    b.add(
        "ds-worker-01/ds_config.json",
        [
            "{",
            '  "train_batch_size": 512,',
            '  "train_micro_batch_size_per_gpu": 4,',
            '  "gradient_accumulation_steps": 2,',
            '  "bf16": {"enabled": true},',
            '  "zero_optimization": {"stage": 3}',
            "}",
        ],
    )
    b.verdict(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Every rank on all four nodes trips DeepSpeed's batch-size assertion at initialisation (512 != 4 * 2 * 32): the ds_config does not match the 32-GPU world size.",
        "https://github.com/deepspeedai/DeepSpeed/issues/6914",
    )
    return b


def s38_stale_image_one_node() -> Bundle:
    b = Bundle("s38_k8s_stale_image_undefined_symbol_one_node")
    nodes = ["gpu-node-a7", "gpu-node-b2", "gpu-node-c4", "gpu-node-c9"]
    pods = ["vlm-train-worker-0", "vlm-train-worker-1", "vlm-train-worker-2", "vlm-train-worker-3"]
    job = Job(nodes, prefix="rank", seed=38)
    bad = 2
    t0 = datetime(2025, 8, 19, 10, 0, 0)
    for n, (node, pod) in enumerate(zip(nodes, pods, strict=True)):
        lines = job.launcher_banner(n, t0)
        if n == bad:
            for lr in range(8):
                pre = job.p(job.rank(n, lr))
                lines += pytb(
                    pre,
                    [
                        (
                            "/app/train_vlm.py",
                            12,
                            "<module>",
                            "from flash_attn import flash_attn_varlen_func",
                        ),
                        (
                            f"{SITE}/flash_attn/__init__.py",
                            3,
                            "<module>",
                            "from flash_attn.flash_attn_interface import (",
                        ),
                        (
                            f"{SITE}/flash_attn/flash_attn_interface.py",
                            15,
                            "<module>",
                            "import flash_attn_2_cuda as flash_attn_gpu",
                        ),
                    ],
                    f"ImportError: {SITE}/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
                )
            lines += job.agent_summary(
                n,
                t0 + timedelta(seconds=25),
                [
                    (
                        job.rank(n, 0),
                        1,
                        "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                    )
                ],
            )
        else:
            lines += job.nccl_init(n, [0])
            lines.append(
                f"{glog(t0 + timedelta(seconds=930), 'E', 'torch/distributed/elastic/agent/server/api.py:716', 1)} [default] Rendezvous timed out: 3 of 4 nodes joined (min_nodes=4)"
            )
            lines.append("torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError")
        b.add(f"{node}/{pod}.log", lines)
    b.add(
        f"{nodes[0]}/kubectl-get-pods-o-custom.txt",
        [
            "NAME                 NODE          IMAGE                                   IMAGEID",
            "vlm-train-worker-0   gpu-node-a7   registry.local/vlm/train:latest         registry.local/vlm/train@sha256:9f0c41e7a2b3...c81d",
            "vlm-train-worker-1   gpu-node-b2   registry.local/vlm/train:latest         registry.local/vlm/train@sha256:9f0c41e7a2b3...c81d",
            "vlm-train-worker-2   gpu-node-c4   registry.local/vlm/train:latest         registry.local/vlm/train@sha256:4b1e09d3f6aa...07e2",
            "vlm-train-worker-3   gpu-node-c9   registry.local/vlm/train:latest         registry.local/vlm/train@sha256:9f0c41e7a2b3...c81d",
            "",
            "imagePullPolicy: IfNotPresent",
        ],
    )
    b.add(
        f"{nodes[bad]}/crictl-images.txt",
        [
            "IMAGE                         TAG       IMAGE ID        CREATED        SIZE",
            "registry.local/vlm/train      latest    4b1e09d3f6aa    5 weeks ago    21.4GB",
            "nvcr.io/nvidia/k8s-device-plugin  v0.15.0  1c2d3e4f5a6b  4 months ago  129MB",
        ],
    )
    b.add(
        f"{nodes[bad]}/pip-freeze-in-pod.txt",
        ["flash-attn==2.5.8", "torch==2.5.1+cu124", "transformers==4.46.3"],
    )
    b.add(
        f"{nodes[0]}/pip-freeze-in-pod.txt",
        ["flash-attn==2.7.0.post2", "torch==2.5.1+cu124", "transformers==4.46.3"],
    )
    b.verdict(
        "dependency",
        "infrastructure",
        nodes[bad],
        None,
        "restart_without_node",
        "Only worker-2 fails, with a flash-attn/torch ABI mismatch; gpu-node-c4 runs a five-week-old cached ':latest' image (different digest, flash-attn 2.5.8) because of IfNotPresent. The node's image cache is the problem.",
        "https://github.com/Dao-AILab/flash-attention/issues/931",
    )
    return b


def s39_import_error_everywhere() -> Bundle:
    b = Bundle("s39_transformers_torch_mismatch_all_nodes")
    hosts = ["a100-q-01", "a100-q-02", "a100-q-03"]
    job = Job(hosts, prefix="srun", torch="new", seed=39, gpus=4)
    lines = [
        "+ srun -l accelerate launch --multi_gpu --num_machines 3 --num_processes 12 sft.py --config sft.yaml"
    ]
    for r in range(12):
        pre = job.p(r)
        lines += pytb(
            pre,
            [
                (
                    "/scratch/u/sft/sft.py",
                    9,
                    "<module>",
                    "from transformers import AutoModelForCausalLM, AutoTokenizer",
                ),
                (
                    "/scratch/u/envs/sft/lib/python3.11/site-packages/transformers/utils/import_utils.py",
                    1851,
                    "_get_module",
                    'return importlib.import_module("." + module_name, self.__name__)',
                ),
                (
                    "/scratch/u/envs/sft/lib/python3.11/site-packages/transformers/modeling_utils.py",
                    44,
                    "<module>",
                    "from torch.distributed.tensor import DTensor",
                ),
            ],
            "ImportError: cannot import name 'DTensor' from 'torch.distributed.tensor' (unknown location)\n\nThe above exception was the direct cause of the following exception:\n\nRuntimeError: Failed to import transformers.modeling_utils because of the following error (look up to see its traceback):\ncannot import name 'DTensor' from 'torch.distributed.tensor' (unknown location)",
        )
    lines += [
        f"srun: error: {h}: tasks {4 * i}-{4 * i + 3}: Exited with exit code 1"
        for i, h in enumerate(hosts)
    ]
    b.add("a100-q-01/slurm-31877.out", lines)
    b.add(
        "a100-q-01/env.txt",
        [
            "$ pip list | grep -E '^(torch|transformers|accelerate) '",
            "accelerate   1.4.0",
            "torch        2.4.1",
            "transformers 4.50.0.dev0",
        ],
    )
    b.verdict(
        "dependency",
        "framework",
        None,
        None,
        "stop",
        "Every task on every node fails importing transformers, whose dev build needs DTensor from torch>=2.5 while the shared environment has torch 2.4.1; the environment must be fixed before any rerun.",
        "https://github.com/huggingface/transformers/issues/36472",
    )
    return b


def s40_clean_run_scary_noise() -> Bundle:
    b = Bundle("s40_clean_finish_with_scary_warnings")
    rng = random.Random(140)
    hosts = ["dgx-c1", "dgx-c2"]
    job = Job(hosts, prefix="rank", seed=40)
    t0 = datetime(2024, 11, 3, 22, 0, 0)
    end = t0 + timedelta(hours=6, minutes=12)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, range(8))
        lines.append(
            f"[rank{job.rank(n, 0)}]:{h}:{job.pids[job.rank(n, 0)]}:{job.pids[job.rank(n, 0)] + 12} [0] NCCL INFO NET/IB : GPU Direct RDMA Disabled for HCA 3 'mlx5_3' (no module or not supported by GPU)"
        )
        lines.append(
            f"[rank{job.rank(n, 0)}]:{h}:{job.pids[job.rank(n, 0)]}:{job.pids[job.rank(n, 0)] + 12} [0] NCCL INFO TUNER/Plugin: Failed to find ncclTunerPlugin_v2 symbol, using internal tuner instead."
        )
        lines.append(
            f"[rank{job.rank(n, 1)}]:{SITE}/torch/amp/grad_scaler.py:132: FutureWarning: `torch.cuda.amp.GradScaler(args...)` is deprecated. Please use `torch.amp.GradScaler('cuda', args...)` instead."
        )
        if n == 0:
            lines += [f"[rank0]:{x}" for x in hf_logs(rng, 0.0, 40)]
            lines += [
                "[rank0]:{'train_runtime': 22301.41, 'train_samples_per_second': 91.84, 'train_steps_per_second': 0.179, 'train_loss': 1.0412, 'epoch': 3.0}",
                "[rank0]:Saving model checkpoint to /outputs/sft-13b/checkpoint-4000",
                "[rank0]:Training completed. Do not forget to share your model on huggingface.co/models =)",
            ]
        for lr in range(8):
            r = job.rank(n, lr)
            if lr in (0, 4):
                lines.append(
                    f"[rank{r}]:[{glog(end, 'W', 'ProcessGroupNCCL.cpp:1250', nanos=True)} Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())"
                )
        lines += [
            f"{glog(end + timedelta(seconds=2), 'I', 'torch/distributed/elastic/agent/server/api.py:879', 1000 + n)} [default] worker group successfully finished. Waiting 300 seconds for other agents to finish.",
            f"{glog(end + timedelta(seconds=2), 'I', 'torch/distributed/elastic/agent/server/api.py:932', 1000 + n)} Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish",
            f"{glog(end + timedelta(seconds=3), 'I', 'torch/distributed/elastic/agent/server/api.py:946', 1000 + n)} Done waiting for other agents. Elapsed: 0.8712103843688965 seconds",
        ]
        b.add(f"{h}/torchrun.log", lines)
    b.add(
        "dgx-c2/nvidia-smi-q.txt",
        nvsmi_q(
            "dgx-c2",
            end + timedelta(minutes=1),
            8,
            overrides={6: {"sbe_vol": "3", "sbe_agg": "311", "remap_corr": "1"}},
        ),
    )
    k = Kernel("dgx-c2", datetime(2024, 10, 30, 0, 0, 0), "dmesg_T")
    b.add(
        "dgx-c2/dmesg.txt",
        [
            *k.benign(rng, t0, 8),
            k.line(
                t0 + timedelta(hours=2),
                "NVRM: Xid (PCI:0000:ba:00): 92, pid=55120, name=python, High single-bit ECC error rate",
            ),
            k.line(
                end + timedelta(seconds=40),
                "python[55131]: segfault at 7f2c1c0 ip 00007f2c1a3e51a0 sp 00007ffd4e1c9b20 error 4 in libcuda.so.535.161.08",
            ),
        ],
    )
    b.verdict(
        "unknown",
        "framework",
        None,
        None,
        "none",
        "The run completed all 3 epochs, saved its final checkpoint and every agent reports SUCCEEDED; the destroy_process_group warnings, NCCL plugin notices, corrected-ECC counters and a segfault during interpreter shutdown are noise.",
        "https://github.com/pytorch/pytorch/issues/126275",
    )
    return b


CASES = [
    s28_oom_config_every_rank,
    s29_oom_foreign_gpu_process,
    s30_oom_fragmentation_lightning,
    s31_k8s_oomkilled_full_state_dict,
    s32_nan_deterministic_lr,
    s33_sdc_follows_node,
    s34_straggler_thermal_megatron,
    s35_straggler_nemo_no_proof,
    s36_shape_mismatch_all_ranks,
    s37_deepspeed_batch_assert,
    s38_stale_image_one_node,
    s39_import_error_everywhere,
    s40_clean_run_scary_noise,
]
