"""Cases s01-s10: GPU hardware, GPU memory, NVLink / NVSwitch / fabric manager."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from common import (
    Bundle,
    Job,
    Kernel,
    cuda_err_tail,
    glog,
    megatron_iters,
    nvsmi_q,
    pytb,
    syslog,
    titan_steps,
)

TORCH_LIB = "/usr/local/lib/python3.10/dist-packages/torch"


def s01_xid79_fell_off_bus() -> Bundle:
    b = Bundle("s01_xid79_gpu_fell_off_bus")
    rng = random.Random(101)
    hosts = ["gpu-node-014", "gpu-node-015", "gpu-node-016", "gpu-node-017"]
    job = Job(hosts, prefix="rank", seed=1)
    t0 = datetime(2024, 11, 4, 8, 2, 11, 400000)
    fault = datetime(2024, 11, 4, 9, 41, 7, 118000)
    bad_node, bad_lr = 2, 3
    bad_rank = job.rank(bad_node, bad_lr)
    timeout = fault + timedelta(minutes=10, seconds=1)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0, 1])
        if n == 0:
            prog, _ = titan_steps(t0 + timedelta(minutes=3), 10, 58, 10, 1.02, rng)
            lines += prog
        seq = 118422
        for lr in range(8):
            r = job.rank(n, lr)
            if r == bad_rank:
                continue
            lines += job.watchdog(
                r, timeout + timedelta(milliseconds=17 * r + (0 if n else -900)), seq
            )
        end = timeout + timedelta(seconds=4)
        if n == bad_node:
            lines += job.sigterm(n, end, [lr for lr in range(8) if lr != 0])
            lines.append(
                f"{glog(end + timedelta(seconds=30), 'W', 'torch/distributed/elastic/multiprocessing/api.py:916', 1002)} Unable to shutdown process {job.pids[bad_rank]} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL"
            )
        else:
            lines += job.sigterm(n, end, range(1, 8))
        lines += job.agent_summary(
            n,
            end + timedelta(seconds=31),
            [
                (
                    job.rank(n, 0),
                    -6,
                    f"Signal 6 (SIGABRT) received by PID {job.pids[job.rank(n, 0)]}",
                )
            ],
        )
        b.add(f"{h}/torchrun-{h}.log", lines)
    k = Kernel("gpu-node-016", datetime(2024, 10, 29, 6, 0, 0), "dmesg_T")
    km = k.benign(rng, t0 - timedelta(hours=6), 14)
    km += [
        k.line(fault, "NVRM: GPU at PCI:0000:5d:00: GPU-73f0a9c2-7d1e-4b55-9a0c-67707512d016"),
        k.line(fault, "NVRM: GPU Board Serial Number: 1654922017553"),
        k.line(
            fault,
            "NVRM: Xid (PCI:0000:5d:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
        ),
        k.line(fault, "NVRM: GPU 0000:5d:00.0: GPU has fallen off the bus."),
        k.line(
            fault + timedelta(microseconds=210),
            "NVRM: A GPU crash dump has been created. If possible, please run",
        ),
        k.line(
            fault + timedelta(microseconds=210),
            "NVRM: nvidia-bug-report.sh as root to collect this data before",
        ),
        k.line(fault + timedelta(microseconds=210), "NVRM: the NVIDIA kernel module is unloaded."),
        k.line(
            fault + timedelta(seconds=2),
            "NVRM: Xid (PCI:0000:5d:00): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)",
        ),
        k.line(
            fault + timedelta(minutes=11),
            "python3[48211]: segfault at 0 ip 00007f3a6bd8c9fc sp 00007f3a0effc8e0 error 4 in libc.so.6[7f3a6bd28000+195000]",
        ),
    ]
    b.add("gpu-node-016/dmesg-T.txt", km)
    k14 = Kernel("gpu-node-014", datetime(2024, 10, 30, 2, 11, 0), "dmesg_T")
    b.add(
        "gpu-node-014/dmesg-T.txt",
        [
            *k14.benign(rng, t0 - timedelta(hours=2), 10),
            k14.line(
                t0 + timedelta(minutes=50),
                "pcieport 0000:00:01.1: AER: Corrected error received: 0000:03:00.0",
            ),
            k14.line(
                t0 + timedelta(minutes=50),
                "mlx5_core 0000:03:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)",
            ),
            k14.line(
                t0 + timedelta(minutes=50),
                "mlx5_core 0000:03:00.0:   device [15b3:1021] error status/mask=00000001/00000000",
            ),
            k14.line(
                t0 + timedelta(minutes=50),
                "mlx5_core 0000:03:00.0:    [ 0] RxErr                  (First)",
            ),
        ],
    )
    b.verdict(
        "gpu_hardware",
        "infrastructure",
        "gpu-node-016",
        bad_rank,
        "restart_without_node",
        "gpu-node-016 logged Xid 79 (GPU fell off the bus) on the GPU of rank 19 ten minutes before every other rank hit the NCCL watchdog; the corrected AER on gpu-node-014 is noise.",
        "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1151",
    )
    return b


def s02_xid48_dbe_slurm() -> Bundle:
    b = Bundle("s02_xid48_double_bit_ecc_slurm")
    rng = random.Random(102)
    hosts = [f"nid00{n}" for n in (1040, 1041, 1042, 1043, 1044, 1045, 1046, 1047)]
    job = Job(hosts, gpus=4, prefix="srun", torch="new", seed=2)
    t0 = datetime(2025, 2, 17, 22, 15, 3, 0)
    fault = datetime(2025, 2, 18, 1, 7, 44, 512000)
    bad = job.rank(5, 1)  # nid001045 GPU1 -> rank 21
    lines = [
        "+ srun -l --kill-on-bad-exit=1 --cpu-bind=none python -u pretrain_gpt.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 --micro-batch-size 1 --global-batch-size 512",
        "0: using world size: 32, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 4, pipeline-model-parallel size: 2",
    ]
    lines += [f"{r}: > initialized tensor model parallel with size 4" for r in (0,)]
    for n in range(len(hosts)):
        lines += job.nccl_init(n, [0])
    prog, _t = megatron_iters(t0 + timedelta(minutes=6), 10, 40, 10, 4210.0, rng, gbs=512)
    lines += [f"31: {p}" for p in prog]
    pre = job.p(bad)
    lines += pytb(
        pre,
        [
            ("/lustre/orion/proj/megatron/pretrain_gpt.py", 283, "<module>", "pretrain("),
            (
                "/lustre/orion/proj/megatron/megatron/training/training.py",
                386,
                "pretrain",
                "iteration, num_floating_point_operations_so_far = train(",
            ),
            (
                "/lustre/orion/proj/megatron/megatron/training/training.py",
                1359,
                "train",
                "train_step(forward_step_func,",
            ),
            (
                "/lustre/orion/proj/megatron/megatron/core/pipeline_parallel/schedules.py",
                1465,
                "forward_backward_pipelining_without_interleaving",
                "input_tensor_grad = backward_step(",
            ),
            (f"{TORCH_LIB}/autograd/__init__.py", 347, "backward", "_engine_run_backward("),
        ],
        "RuntimeError: CUDA error: uncorrectable ECC error encountered",
    ) + cuda_err_tail(pre)
    lines.append(
        f"{pre}[{glog(fault, 'E', 'ProcessGroupNCCL.cpp:1595', nanos=True)} [PG ID 2 PG GUID 2(TENSOR_MODEL_PARALLEL_GROUP) Rank 1] Process group watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered"
    )
    for r in range(len(hosts) * 4):
        if r == bad:
            continue
        if job.node_of(r) == 5 or r % 7 == 0:
            lines += job.watchdog(
                r, fault + timedelta(minutes=10, milliseconds=40 * r), 88121, op="_ALLGATHER_BASE"
            )[:6]
    lines += [
        f"srun: error: nid001045: task {bad}: Aborted (core dumped)",
        "srun: launch/slurm: _step_signal: Terminating StepId=2231947.0",
        "slurmstepd: error: *** STEP 2231947.0 ON nid001040 CANCELLED AT 2025-02-18T01:18:02 ***",
    ]
    for r in (0, 4, 9, 13, 17, 22, 26, 30):
        lines.append(f"srun: error: {hosts[job.node_of(r)]}: task {r}: Terminated")
    lines.append("srun: Force Terminated StepId=2231947.0")
    b.add("nid001040/slurm-2231947.out", lines)
    k = Kernel("nid001045", datetime(2025, 2, 10, 4, 0, 0), "syslog")
    km = [
        *k.benign(rng, t0, 8),
        k.line(
            fault - timedelta(milliseconds=90),
            "NVRM: Xid (PCI:0000:45:00): 48, pid=188213, name=python, DBE (double bit error) ECC error (0x2f1)",
        ),
        k.line(
            fault - timedelta(milliseconds=88),
            "NVRM: Xid (PCI:0000:45:00): 63, pid=188213, name=python, Row Remapper: New row (0x000000000022c1e0) marked for remapping, reset gpu to activate.",
        ),
        k.line(
            fault + timedelta(seconds=1),
            "NVRM: Xid (PCI:0000:45:00): 45, pid=188213, name=python, Ch 00000008",
        ),
    ]
    b.add("nid001045/var-log-messages", km)
    b.add(
        "nid001045/nvidia-smi-q.txt",
        nvsmi_q(
            "nid001045",
            fault + timedelta(minutes=20),
            4,
            "NVIDIA A100-SXM4-40GB",
            overrides={
                1: {"dbe_vol": "2", "dbe_agg": "2", "remap_unc": "1", "remap_pending": "Yes"}
            },
            mem_mib=40960,
        ),
    )
    b.verdict(
        "gpu_memory",
        "infrastructure",
        "nid001045",
        bad,
        "restart_without_node",
        "Task 21 on nid001045 died with an uncorrectable ECC error matching Xid 48 (DBE) and a pending row remap on GPU 1 of that node; the other tasks only timed out or were terminated by srun.",
        "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194",
    )
    return b


def s03_xid94_remap_failure_deepspeed() -> Bundle:
    b = Bundle("s03_xid94_row_remap_failure_deepspeed")
    rng = random.Random(103)
    hosts = ["dgx-a100-07", "dgx-a100-08"]
    job = Job(hosts, prefix="pdsh", torch="old", nccl="2.14.3", seed=3)
    t0 = datetime(2023, 9, 21, 14, 2, 55)
    fault = datetime(2023, 9, 21, 17, 48, 19, 332000)
    bad = job.rank(1, 3)
    out = [
        "[2023-09-21 14:02:51,112] [INFO] [runner.py:570:main] cmd = pdsh -S -f 1024 -w dgx-a100-07,dgx-a100-08 export NCCL_IB_HCA=mlx5; cd /home/mlops/sft; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJkZ3gtYTEwMC0wNyI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%n --master_addr=dgx-a100-07 --master_port=29500 train_sft.py --deepspeed ds_zero2.json",
    ]
    for n, h in enumerate(hosts):
        out.append(
            f"{h}: [2023-09-21 14:02:54,9{n}1] [INFO] [launch.py:145:main] WORLD INFO DICT: {{'dgx-a100-07': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-a100-08': [0, 1, 2, 3, 4, 5, 6, 7]}}"
        )
        out.append(
            f"{h}: [2023-09-21 14:02:54,9{n}3] [INFO] [launch.py:163:main] dist_world_size=16"
        )
        out += job.nccl_init(n, [0])
    out.append(
        "dgx-a100-07: [2023-09-21 14:04:12,552] [INFO] [config.py:972:print]   zero_optimization_stage ...... 2"
    )
    out.append(
        "dgx-a100-07: /opt/conda/lib/python3.10/site-packages/torch/utils/checkpoint.py:31: UserWarning: None of the inputs have requires_grad=True. Gradients will be None"
    )
    for k in range(30):
        step = 10 * (k + 1)
        out.append(
            f"dgx-a100-07: [2023-09-21 {14 + (k * 7) // 60:02d}:{(4 + k * 7) % 60:02d}:{rng.randint(0, 59):02d},{rng.randint(0, 999):03d}] [INFO] [logging.py:96:log_dist] [Rank 0] step={step}, skipped=0, lr=[1.9e-05], mom=[(0.9, 0.95)]"
        )
        out.append(
            f"dgx-a100-07: [Rank 0] {{'loss': {1.31 - 0.004 * k + rng.uniform(-0.02, 0.02):.4f}, 'learning_rate': 1.9e-05, 'epoch': {0.02 * k:.2f}}}"
        )
    pre = job.p(bad)
    out += pytb(
        pre,
        [
            ("/home/mlops/sft/train_sft.py", 219, "<module>", "trainer.train()"),
            (
                "/opt/conda/lib/python3.10/site-packages/transformers/trainer.py",
                1537,
                "train",
                "return inner_training_loop(",
            ),
            (
                "/opt/conda/lib/python3.10/site-packages/transformers/trainer.py",
                1854,
                "_inner_training_loop",
                "tr_loss_step = self.training_step(model, inputs)",
            ),
            (
                "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/engine.py",
                1962,
                "backward",
                "self.optimizer.backward(loss, retain_graph=retain_graph)",
            ),
            (
                "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/zero/stage_1_and_2.py",
                894,
                "reduce_ipg_grads",
                "self.average_tensor(self.ipg_buffer[self.ipg_index])",
            ),
        ],
        "RuntimeError: CUDA error: an illegal memory access was encountered",
    ) + cuda_err_tail(pre)
    for r in range(16):
        if r != bad:
            out += job.watchdog(r, fault + timedelta(minutes=30), 40418, timeout_ms=1800000)[0:1]
    out += [
        f"dgx-a100-08: [2023-09-21 17:48:22,004] [INFO] [launch.py:315:sigkill_handler] Killing subprocess {job.pids[bad]}",
        "dgx-a100-08: [2023-09-21 17:48:22,271] [ERROR] [launch.py:321:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_sft.py', '--local_rank=3', '--deepspeed', 'ds_zero2.json'] exits with return code = 1",
        "pdsh@dgx-a100-07: dgx-a100-08: ssh exited with exit code 1",
        "dgx-a100-07: [2023-09-21 18:18:24,930] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 40012",
        "dgx-a100-07: [2023-09-21 18:18:25,441] [ERROR] [launch.py:321:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_sft.py', '--local_rank=0', '--deepspeed', 'ds_zero2.json'] exits with return code = -6",
        "pdsh@dgx-a100-07: dgx-a100-07: ssh exited with exit code 250",
    ]
    b.add("dgx-a100-07/deepspeed_launcher.out", out)
    k = Kernel("dgx-a100-08", datetime(2023, 9, 1, 3, 0, 0), "uptime")
    b.add(
        "dgx-a100-08/dmesg.log",
        [
            *k.benign(rng, t0 - timedelta(days=1), 10),
            k.line(
                fault - timedelta(milliseconds=300),
                "NVRM: Xid (PCI:0000:4e:00): 94, pid=41377, name=python, Contained: SM (0x1). RST: No, D-RST: No",
            ),
            k.line(
                fault - timedelta(milliseconds=299),
                "NVRM: Xid (PCI:0000:4e:00): 64, pid=41377, name=python, Row Remapper Error: (0x00000005c2a1e0e0) - All reserved rows for bank are remapped",
            ),
        ],
    )
    b.add(
        "dgx-a100-08/nvidia-smi-q.log",
        nvsmi_q(
            "dgx-a100-08",
            fault + timedelta(hours=1),
            8,
            "NVIDIA A100-SXM4-80GB",
            driver="525.125.06",
            overrides={
                3: {"remap_unc": "8", "remap_fail": "Yes", "remap_pending": "No", "dbe_agg": "9"}
            },
        ),
    )
    b.add(
        "dgx-a100-07/nvidia-smi-q.log",
        nvsmi_q(
            "dgx-a100-07",
            fault + timedelta(hours=1),
            8,
            "NVIDIA A100-SXM4-80GB",
            driver="525.125.06",
            overrides={5: {"sbe_agg": "14", "remap_corr": "1"}},
        ),
    )
    b.verdict(
        "gpu_memory",
        "infrastructure",
        "dgx-a100-08",
        bad,
        "restart_without_node",
        "The 'illegal memory access' on rank 11 coincides with Xid 94/64 on dgx-a100-08 GPU 3, whose nvidia-smi shows a row remapping failure; a retired-memory exhaustion, not an application bug.",
        "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html",
    )
    return b


def s04_xid31_everywhere_app_bug() -> Bundle:
    b = Bundle("s04_xid31_on_every_node_custom_kernel")
    rng = random.Random(104)
    hosts = ["a3-gpu-031", "a3-gpu-032", "a3-gpu-047", "a3-gpu-052"]
    pci = ["04", "05", "0a", "0b", "84", "85", "8a", "8b"]
    for att, (start, fail) in enumerate(
        [
            (datetime(2024, 7, 9, 10, 0, 12), datetime(2024, 7, 9, 10, 31, 40, 221000)),
            (datetime(2024, 7, 9, 11, 2, 51), datetime(2024, 7, 9, 11, 29, 2, 870000)),
        ]
    ):
        job = Job(hosts, prefix="rank", seed=40 + att)
        for n, h in enumerate(hosts):
            lines = job.launcher_banner(n, start) + job.nccl_init(n, [0])
            if n == 0:
                lines.append(
                    f"[rank0]:[titan] {start:%Y-%m-%d %H:%M:%S},511 - root - INFO - Loading the checkpoint at step 2000."
                )
                prog, _ = titan_steps(
                    start + timedelta(minutes=2), 2010, 19, 10, 8.1, rng, loss=2.71
                )
                lines += prog
            for lr in range(8):
                r = job.rank(n, lr)
                pre = job.p(r)
                lines += pytb(
                    pre,
                    [
                        ("/workspace/torchtitan/train.py", 341, "train", "loss.backward()"),
                        (f"{TORCH_LIB}/_tensor.py", 581, "backward", "torch.autograd.backward("),
                        (
                            f"{TORCH_LIB}/autograd/function.py",
                            307,
                            "apply",
                            "return user_fn(self, *args)",
                        ),
                        (
                            "/workspace/torchtitan/models/ext/rope_triton.py",
                            188,
                            "backward",
                            "_rope_bwd_kernel[grid](dq, dk, cos, sin, seqlens, BLOCK=128)",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/triton/runtime/jit.py",
                            662,
                            "run",
                            "kernel.run(grid_0, grid_1, grid_2, stream, kernel.function, kernel.packed_metadata,",
                        ),
                    ],
                    "RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered",
                )
            lines.append(
                f"[rank{job.rank(n, 0)}]:[titan] {fail:%Y-%m-%d %H:%M:%S},902 - root - INFO - step: 2200 aborting, batch contains sequences of length 16385 > max_seq_len 16384 packed"
            )
            lines += job.sigterm(n, fail + timedelta(seconds=2), range(1, 8))
            lines += job.agent_summary(
                n,
                fail + timedelta(seconds=3),
                [
                    (
                        job.rank(n, 0),
                        1,
                        "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                    )
                ],
            )
            b.add(f"attempt_{att}/{h}/stdout.log", lines)
            k = Kernel(h, datetime(2024, 7, 1, 0, 0, 0), "journal")
            km = k.benign(rng, start - timedelta(minutes=30), 4)
            for i, bus in enumerate(pci):
                km.append(
                    k.line(
                        fail - timedelta(milliseconds=40 - i),
                        f"NVRM: Xid (PCI:0000:{bus}:00): 31, pid={job.pids[job.rank(n, i)]}, name=python3, Ch 00000018, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC3 GPCCLIENT_T1_2 faulted @ 0x7f1c_42a00000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE",
                    )
                )
            b.add(f"attempt_{att}/{h}/journalctl-k.txt", km)
    b.verdict(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Xid 31 MMU write faults hit all 32 GPUs on all four nodes at the same step 2200 in both attempts, always inside the job's own Triton RoPE backward kernel: a deterministic out-of-bounds write in user code, not hardware.",
        "https://github.com/NVIDIA/NVSentinel/issues/271",
    )
    return b


def s05_xid119_gsp_timeout_hang() -> Bundle:
    b = Bundle("s05_xid119_gsp_rpc_timeout")
    rng = random.Random(105)
    hosts = ["h100-r07-n01", "h100-r07-n02", "h100-r07-n03", "h100-r08-n01"]
    job = Job(hosts, prefix="default", seed=5)
    t0 = datetime(2025, 3, 3, 0, 40, 2, 100000)
    fault = datetime(2025, 3, 3, 6, 12, 39, 15000)
    bad_node, bad_lr = 3, 6
    to = fault + timedelta(minutes=30, seconds=3)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0, 1, 2])
        if n == 0:
            prog, _ = megatron_iters(t0 + timedelta(minutes=5), 100, 60, 100, 3302.0, rng)
            lines += [f"[default7]:{p}" for p in prog]
        for lr in range(8):
            r = job.rank(n, lr)
            if n == bad_node and lr == bad_lr:
                continue
            lines += job.watchdog(
                r,
                to + timedelta(milliseconds=23 * r),
                771903,
                op="REDUCE_SCATTER",
                timeout_ms=1800000,
            )[:9]
        lines += job.sigterm(n, to + timedelta(seconds=8), range(8))
        b.add(f"{h}/{h}_node_rank{n}.log", lines)
    k = Kernel(hosts[bad_node], datetime(2025, 2, 27, 9, 0, 0), "journal")
    km = [
        *k.benign(rng, t0, 10),
        k.line(
            fault,
            "NVRM: Xid (PCI:0000:ba:00): 119, pid=2921113, name=python, Timeout after 6s of waiting for RPC response from GPU6 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20803039 0x98).",
        ),
        k.line(
            fault,
            "NVRM: GPU6 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020803039 0x0000000000000098.",
        ),
        k.line(fault, "NVRM: GPU6 RPC history (CPU -> GSP):"),
        k.line(
            fault,
            "NVRM:     entry function                   data0              data1              ts_start           ts_end             duration actively_polling",
        ),
        k.line(
            fault,
            "NVRM:      0    76   GSP_RM_CONTROL        0x0000000020803039 0x0000000000000098 0x00062f3a1d2c8b11 0x0000000000000000          y",
        ),
        k.line(
            fault + timedelta(seconds=6),
            "NVRM: Xid (PCI:0000:ba:00): 119, pid=2921113, name=python, Timeout after 6s of waiting for RPC response from GPU6 GSP! Expected function 10 (FREE) (0xc1d0004c 0x0).",
        ),
        k.line(
            fault + timedelta(seconds=6),
            "NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:ba:00 (printing 1 of every 30).  The GPU likely needs to be reset.",
        ),
        k.line(
            fault + timedelta(minutes=2),
            "INFO: task python:2921113 blocked for more than 122 seconds.",
        ),
        k.line(
            fault + timedelta(minutes=2),
            "      Tainted: P           OE      6.5.0-1018-nvidia #18-Ubuntu",
        ),
        k.line(
            fault + timedelta(minutes=2),
            '"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
        ),
    ]
    b.add(f"{hosts[bad_node]}/journalctl-k.txt", km)
    b.add(
        f"{hosts[bad_node]}/nvidia-smi.txt",
        [
            "Mon Mar  3 07:05:11 2025",
            "Unable to determine the device handle for GPU6: 0000:BA:00.0: Unknown Error",
            "No devices were found",
        ],
    )
    b.verdict(
        "gpu_hardware",
        "infrastructure",
        hosts[bad_node],
        job.rank(bad_node, bad_lr),
        "restart_without_node",
        "GPU6 of h100-r08-n01 stopped answering its GSP (Xid 119) half an hour before all other ranks hit the 30-minute watchdog; its rank 30 is the only one that never reported a timeout, and nvidia-smi can no longer reach the device.",
        "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html",
    )
    return b


def s06_k8s_gpu_lost() -> Bundle:
    b = Bundle("s06_k8s_gpu_lost_device_plugin")
    rng = random.Random(106)
    nodes = [
        "gke-a3-mega-pool-7f3c-2kqx",
        "gke-a3-mega-pool-7f3c-8hzn",
        "gke-a3-mega-pool-7f3c-tq4m",
    ]
    pods = ["llama-ft-master-0", "llama-ft-worker-0", "llama-ft-worker-1"]
    job = Job(nodes, prefix="rank", seed=6)
    t0 = datetime(2025, 1, 14, 3, 0, 4)
    fault = datetime(2025, 1, 14, 5, 22, 18, 880000)
    bad_node, bad_lr = 2, 2
    bad = job.rank(bad_node, bad_lr)
    for n, (node, pod) in enumerate(zip(nodes, pods, strict=True)):
        lines = [
            f"{iso(t0)} " + x
            for x in ("Starting torchrun with --nnodes=3 --nproc-per-node=8 --rdzv-backend=c10d",)
        ]
        lines += job.launcher_banner(n, t0) + job.nccl_init(n, [0], net="Socket")
        if n == 0:
            lines += [f"[rank0]:{x}" for x in hf_lines(rng)]
        if n == bad_node:
            pre = job.p(bad)
            lines += pytb(
                pre,
                [
                    ("/app/finetune.py", 188, "<module>", "trainer.train()"),
                    (
                        "/usr/local/lib/python3.11/site-packages/transformers/trainer.py",
                        2164,
                        "train",
                        "return inner_training_loop(",
                    ),
                    (
                        "/usr/local/lib/python3.11/site-packages/accelerate/accelerator.py",
                        2246,
                        "backward",
                        "loss.backward(**kwargs)",
                    ),
                ],
                "RuntimeError: CUDA error: unspecified launch failure",
            ) + cuda_err_tail(pre)
            lines.append(
                f"{pre}[{glog(fault, 'E', 'ProcessGroupNCCL.cpp:1595', nanos=True)} [PG ID 0 PG GUID 0(default_pg) Rank {bad}] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure"
            )
        for lr in range(8):
            r = job.rank(n, lr)
            if r != bad and (n != bad_node or lr < 4):
                lines += job.nccl_remote_error(
                    r,
                    f"socketProgress: Connection closed by remote peer {job.hosts[bad_node]}.llama-ft.default.svc.cluster.local<{40000 + lr}>",
                )[-4:]
        lines += job.sigterm(n, fault + timedelta(seconds=3), range(8))
        b.add(f"{node}/kubectl-logs-{pod}.txt", lines)
    b.add(
        f"{nodes[bad_node]}/nvidia-device-plugin-daemonset.log",
        [
            "I0114 05:22:19.004112       1 health.go:151] Processing event {Device:{Handle:0xc0001a2d50} EventType:8 EventData:79 GpuInstanceId:4294967295 ComputeInstanceId:4294967295}",
            "I0114 05:22:19.004169       1 health.go:177] XidCriticalError: Xid=79 on Device=GPU-2d1f7c41-9e5b-1a63-02c8-44fe1b0c7a13; marking device as unhealthy.",
            "I0114 05:22:19.004201       1 server.go:287] 'nvidia.com/gpu' device marked unhealthy: GPU-2d1f7c41-9e5b-1a63-02c8-44fe1b0c7a13",
            "E0114 05:22:49.117822       1 nvml.go:91] Unable to determine the device handle for GPU 0000:3A:00.0: Unknown Error",
        ],
    )
    b.add(
        f"{nodes[0]}/kubectl-get-events.txt",
        [
            "LAST SEEN   TYPE      REASON                 OBJECT                         MESSAGE",
            "142m        Normal    Scheduled              pod/llama-ft-worker-1          Successfully assigned default/llama-ft-worker-1 to gke-a3-mega-pool-7f3c-tq4m",
            '142m        Normal    Pulled                 pod/llama-ft-worker-1          Container image "us-docker.pkg.dev/ml/train/llama-ft:2025.01.10" already present on machine',
            "3m14s       Warning   BackOff                pod/llama-ft-master-0          Back-off restarting failed container pytorch in pod llama-ft-master-0",
            "3m30s       Warning   GPUUnhealthy           node/gke-a3-mega-pool-7f3c-tq4m  Node gke-a3-mega-pool-7f3c-tq4m capacity nvidia.com/gpu reduced from 8 to 7",
            "3m30s       Normal    PyTorchJobRestarting   pytorchjob/llama-ft             PyTorchJob llama-ft is restarting because 3 Worker replica(s) failed.",
        ],
    )
    b.verdict(
        "gpu_hardware",
        "infrastructure",
        nodes[bad_node],
        bad,
        "restart_without_node",
        "Rank 18's GPU on node 7f3c-tq4m hit Xid 79 and was marked unhealthy by the device plugin (NVML can no longer reach it); the other pods only lost their socket peer.",
        "https://github.com/rwth-i6/returnn/issues/1486",
    )
    return b


def hf_lines(rng: random.Random) -> list[str]:
    out = []
    for k in range(25):
        out.append(
            f"{{'loss': {1.12 - 0.002 * k + rng.uniform(-0.03, 0.03):.4f}, 'grad_norm': {0.6 + rng.uniform(0, 0.4):.4f}, 'learning_rate': {2e-5 - k * 2e-8:.4e}, 'epoch': {0.01 * k:.2f}}}"
        )
        out.append(
            f" {k + 1:>3d}%|{'#' * (k // 10):<10s}| {100 * (k + 1)}/10000 [{k * 3 + 2:02d}:{rng.randint(10, 59):02d}<11:02:11,  4.01s/it]"
        )
    return out


def iso(dt: datetime) -> str:
    return f"{dt:%Y-%m-%dT%H:%M:%S}.{dt.microsecond:06d}Z"


def s07_corrected_ecc_herring_keyerror() -> Bundle:
    b = Bundle("s07_corrected_ecc_herring_keyerror_resume")
    rng = random.Random(107)
    hosts = ["sc-gpu-112", "sc-gpu-113"]
    job = Job(hosts, prefix="srun", torch="new", seed=7)
    t0 = datetime(2024, 12, 2, 19, 0, 5)
    lines = [
        "+ srun -l python -u train.py --config configs/7b_continue.yaml --resume /checkpoints/7b/step_48000"
    ]
    for n in range(2):
        lines += job.nccl_init(n, [0])
    for r in range(16):
        pre = job.p(r)
        lines.append(
            f"{pre}{pylog_(t0 + timedelta(seconds=40 + r * 0.01))} INFO trainer: loading checkpoint /checkpoints/7b/step_48000 (rank {r})"
        )
    for r in range(16):
        pre = job.p(r)
        lines += pytb(
            pre,
            [
                ("/home/ml/proj/train.py", 540, "<module>", "main(cfg)"),
                (
                    "/home/ml/proj/train.py",
                    488,
                    "main",
                    "start_step = load_checkpoint(model, optim, sched, cfg.resume)",
                ),
                (
                    "/home/ml/proj/ckpt.py",
                    77,
                    "load_checkpoint",
                    'sched.load_state_dict(state["lr_scheduler"])',
                ),
            ],
            "KeyError: 'lr_scheduler'",
        )
    lines += [
        "srun: error: sc-gpu-112: tasks 0-7: Exited with exit code 1",
        "srun: error: sc-gpu-113: tasks 8-15: Exited with exit code 1",
    ]
    b.add("sc-gpu-112/slurm-884120.out", lines)
    b.add(
        "sc-gpu-113/nvidia-smi-q.txt",
        nvsmi_q(
            "sc-gpu-113",
            t0 + timedelta(minutes=5),
            8,
            overrides={
                4: {"sbe_vol": "12", "sbe_agg": "1532", "remap_corr": "2", "remap_pending": "No"},
            },
        ),
    )
    k = Kernel("sc-gpu-113", datetime(2024, 11, 20, 8, 0, 0), "dmesg_T")
    b.add(
        "sc-gpu-113/dmesg.txt",
        [
            *k.benign(rng, t0 - timedelta(days=2), 9),
            k.line(
                t0 - timedelta(hours=30),
                "NVRM: Xid (PCI:0000:9a:00): 63, pid=1011923, name=python, Row Remapper: New row (0x0000000000a3f080) marked for remapping, reset gpu to activate.",
            ),
            k.line(
                t0 - timedelta(hours=29),
                "NVRM: Xid (PCI:0000:9a:00): 92, pid=1011923, name=python, High single-bit ECC error rate",
            ),
        ],
    )
    b.add(
        "sc-gpu-112/ls-checkpoint.txt",
        [
            "$ python -c \"import torch; print(torch.load('/checkpoints/7b/step_48000/trainer_state.pt', weights_only=False).keys())\"",
            "dict_keys(['model', 'optimizer', 'step', 'rng', 'scheduler'])",
        ],
    )
    b.verdict(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "All 16 ranks fail identically with KeyError 'lr_scheduler' while resuming (the checkpoint stores it under 'scheduler'); the corrected ECC errors and old Xid 63/92 on sc-gpu-113 are unrelated noise.",
        "https://github.com/stas00/ml-engineering/blob/master/compute/accelerator/nvidia/debug.md",
    )
    return b


def pylog_(dt: datetime) -> str:
    return f"{dt:%Y-%m-%d %H:%M:%S},{dt.microsecond // 1000:03d}"


def s08_nvlink_xid74() -> Bundle:
    b = Bundle("s08_nvlink_xid74_uncorrectable")
    rng = random.Random(108)
    hosts = ["dgx-b01", "dgx-b02", "dgx-b03", "dgx-b04"]
    job = Job(hosts, prefix="rank", torch="new", nccl="2.20.5", seed=8)
    t0 = datetime(2024, 6, 18, 13, 11, 0)
    fault = datetime(2024, 6, 18, 16, 2, 51, 443000)
    bad_node, bad_lr = 3, 5
    bad = job.rank(bad_node, bad_lr)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0, 5])
        if n == 0:
            prog, _ = megatron_iters(t0 + timedelta(minutes=4), 20, 50, 20, 2380.0, rng)
            lines += [f"[rank0]:{p}" for p in prog]
        if n == bad_node:
            pre = job.p(bad)
            lines += [
                f"{pre}dgx-b04:{job.pids[bad]}:{job.pids[bad] + 221} [5] enqueue.cc:1451 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'",
                f"{pre}dgx-b04:{job.pids[bad]}:{job.pids[bad] + 221} [5] NCCL INFO group.cc:238 -> 1",
            ]
            lines += pytb(
                pre,
                [
                    ("/opt/megatron/pretrain_gpt.py", 283, "<module>", "pretrain("),
                    (
                        "/opt/megatron/megatron/core/tensor_parallel/mappings.py",
                        132,
                        "_reduce_scatter_along_first_dim",
                        "dist._reduce_scatter_base(output, input_.contiguous(), group=get_tensor_model_parallel_group())",
                    ),
                ],
                "torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:275, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5\nncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 'uncorrectable NVLink error detected during the execution'",
            )
            for lr in (4, 6, 7):
                r = job.rank(n, lr)
                lines.append(
                    f"{job.p(r)}dgx-b04:{job.pids[r]}:{job.pids[r] + 220} [{lr}] NCCL INFO [Service thread] Connection closed by localRank 5"
                )
        for lr in range(8):
            r = job.rank(n, lr)
            if r != bad:
                lines += job.watchdog(r, fault + timedelta(minutes=10, milliseconds=9 * r), 302114)[
                    :2
                ]
        lines += job.sigterm(n, fault + timedelta(minutes=10, seconds=2), range(8))
        b.add(f"{h}/console.log", lines)
    k = Kernel("dgx-b04", datetime(2024, 6, 10, 7, 0, 0), "dmesg_T")
    b.add(
        "dgx-b04/dmesg.txt",
        [
            *k.benign(rng, t0, 8),
            k.line(
                fault - timedelta(milliseconds=12),
                "NVRM: Xid (PCI:0000:b7:00): 74, pid=53112, name=python, NVLink: fatal error detected on link 8(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
            ),
            k.line(
                fault - timedelta(milliseconds=11),
                "NVRM: Xid (PCI:0000:b7:00): 45, pid=53112, name=python, Ch 00000010",
            ),
            k.line(
                fault + timedelta(seconds=1),
                "NVRM: nvlink: Link 8 on GPU 0000:b7:00.0 has been retrained failed, link is now down",
            ),
        ],
    )
    b.add(
        "dgx-b04/nvidia-smi-nvlink-e.txt",
        [
            "GPU 5: NVIDIA A100-SXM4-80GB (UUID: GPU-9a2c7e1f-55d2-4c0e-8b3a-7d16f0a2c915)",
            "\t Link 7: Replay Errors: 0",
            "\t Link 7: Recovery Errors: 0",
            "\t Link 7: CRC Errors: 0",
            "\t Link 8: Replay Errors: 4117",
            "\t Link 8: Recovery Errors: 31",
            "\t Link 8: CRC Errors: 0",
            "\t Link 8: <inactive>",
        ],
    )
    b.verdict(
        "nvlink",
        "infrastructure",
        "dgx-b04",
        bad,
        "restart_without_node",
        "Rank 29 on dgx-b04 reported an uncorrectable NVLink error matching Xid 74 on link 8 of GPU 5, with thousands of replay errors and the link now inactive; the rest are watchdog fallout.",
        "https://github.com/pytorch/pytorch/issues/58155",
    )
    return b


def s09_fabric_manager_mismatch() -> Bundle:
    b = Bundle("s09_fabric_manager_down_after_reboot")
    rng = random.Random(109)
    hosts = ["hgx-h100-19", "hgx-h100-20", "hgx-h100-21", "hgx-h100-22"]
    bad_node = 3
    t0 = datetime(2024, 10, 2, 1, 0, 0)
    reboot = datetime(2024, 10, 2, 3, 10, 0)
    job = Job(hosts, prefix="rank", seed=9)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0])
        if n == 0:
            prog, _ = titan_steps(t0 + timedelta(minutes=3), 10, 40, 10, 2.9, rng)
            lines += prog
        if n == bad_node:
            lines.append(
                f"{glog(reboot - timedelta(seconds=2), 'W', 'torch/distributed/elastic/agent/server/api.py:704', 1003)} Received Signals.SIGTERM death signal, shutting down workers"
            )
            lines += job.sigterm(n, reboot - timedelta(seconds=2), range(8))
        else:
            for lr in range(8):
                r = job.rank(n, lr)
                lines += job.nccl_remote_error(
                    r,
                    f"socketProgress: Connection closed by remote peer {job.ips[bad_node]}<{50312 + lr}>",
                )[-4:]
            lines += job.sigterm(n, reboot + timedelta(seconds=5), range(8))
        b.add(f"attempt_0/{h}/train.log", lines)
    b.add(
        f"attempt_0/{hosts[bad_node]}/journal.txt",
        [
            f"{syslog(reboot - timedelta(seconds=5), hosts[bad_node], 'systemd-logind[1402]')} The system will reboot now!",
            f"{syslog(reboot - timedelta(seconds=5), hosts[bad_node], 'systemd-logind[1402]')} System is rebooting (node maintenance: nvidia-driver-535.183.01 upgrade by ansible).",
        ],
    )
    t1 = datetime(2024, 10, 2, 3, 31, 12)
    job1 = Job(hosts, prefix="rank", seed=90)
    for n, h in enumerate(hosts):
        lines = job1.launcher_banner(n, t1)
        if n == bad_node:
            for lr in range(8):
                pre = job1.p(job1.rank(n, lr))
                lines.append(
                    f"{pre}/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:108.)"
                )
                lines += pytb(
                    pre,
                    [
                        (
                            "/workspace/torchtitan/train.py",
                            71,
                            "main",
                            "torch.cuda.set_device(device)",
                        ),
                        (
                            f"{TORCH_LIB}/cuda/__init__.py",
                            478,
                            "set_device",
                            "torch._C._cuda_setDevice(device)",
                        ),
                        (
                            f"{TORCH_LIB}/cuda/__init__.py",
                            319,
                            "_lazy_init",
                            "torch._C._cuda_init()",
                        ),
                    ],
                    "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized",
                )
            lines += job1.agent_summary(
                n,
                t1 + timedelta(seconds=20),
                [
                    (
                        job1.rank(n, 0),
                        1,
                        "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                    )
                ],
            )
        else:
            lines += job1.nccl_init(n, [0])
            lines.append(
                f"[rank{job1.rank(n, 0)}]:{glog(t1 + timedelta(minutes=10), 'W', 'socket.cpp:663')} [c10d] The client socket has timed out after 600s while trying to connect to ({hosts[0]}, 29500)."
            )
            lines += job1.sigterm(n, t1 + timedelta(minutes=10, seconds=2), range(8))
        b.add(f"attempt_1/{h}/train.log", lines)
    h = hosts[bad_node]
    b.add(
        f"attempt_1/{h}/journalctl-u-nvidia-fabricmanager.txt",
        [
            f"{syslog(datetime(2024, 10, 2, 3, 14, 2), h, 'systemd[1]')} Starting NVIDIA fabric manager service...",
            f"{syslog(datetime(2024, 10, 2, 3, 14, 3), h, 'nv-fabricmanager[2811]')} fabric manager NVIDIA GPU driver interface version 535.183.01 don't match with Fabric Manager version 535.161.08. Please update with matching NVIDIA driver package.",
            f"{syslog(datetime(2024, 10, 2, 3, 14, 3), h, 'nv-fabricmanager[2811]')} request to query NVSwitch device information from NVSwitch driver failed with error:WARNING Nothing to do [NV_WARN_NOTHING_TO_DO]",
            f"{syslog(datetime(2024, 10, 2, 3, 14, 3), h, 'systemd[1]')} nvidia-fabricmanager.service: Control process exited, code=exited, status=1/FAILURE",
            f"{syslog(datetime(2024, 10, 2, 3, 14, 3), h, 'systemd[1]')} nvidia-fabricmanager.service: Failed with result 'exit-code'.",
            f"{syslog(datetime(2024, 10, 2, 3, 14, 3), h, 'systemd[1]')} Failed to start NVIDIA fabric manager service.",
        ],
    )
    b.add(
        f"attempt_1/{h}/nvidia-smi-q.txt",
        [
            x.replace("Attached GPUs", "Fabric State : In Progress\nAttached GPUs")
            for x in nvsmi_q(h, t1, 2, driver="535.183.01")
        ],
    )
    b.verdict(
        "nvlink",
        "infrastructure",
        h,
        None,
        "restart_without_node",
        "After its maintenance reboot hgx-h100-22 came back with a driver that does not match its fabric manager, so NVSwitch fabric never initialises and every local rank fails CUDA init with error 802; the other nodes only time out waiting for it.",
        "https://github.com/dstackai/dstack/issues/2348",
    )
    return b


def s10_nvswitch_sxid_fatal() -> Bundle:
    b = Bundle("s10_nvswitch_sxid_fatal")
    rng = random.Random(110)
    hosts = ["gpu-h-029", "gpu-h-030", "gpu-h-031"]
    job = Job(hosts, prefix="rank", torch="new", seed=10)
    t0 = datetime(2025, 4, 8, 9, 30, 0)
    fault = datetime(2025, 4, 8, 12, 44, 3, 92000)
    bad_node = 2
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0])
        if n == 0:
            prog, _ = megatron_iters(t0 + timedelta(minutes=5), 50, 45, 50, 1710.0, rng)
            lines += [f"[rank0]:{p}" for p in prog]
        for lr in range(8):
            r = job.rank(n, lr)
            lines += job.watchdog(
                r,
                fault + timedelta(minutes=10, milliseconds=31 * r),
                551872,
                op="ALLGATHER",
                fr=True,
            )[:4]
        lines += job.sigterm(n, fault + timedelta(minutes=11), range(1, 8))
        lines += job.agent_summary(
            n,
            fault + timedelta(minutes=11, seconds=3),
            [
                (
                    job.rank(n, 0),
                    -6,
                    f"Signal 6 (SIGABRT) received by PID {job.pids[job.rank(n, 0)]}",
                )
            ],
        )
        b.add(f"{h}/torchrun.out", lines)
    h = hosts[bad_node]
    k = Kernel(h, datetime(2025, 4, 1, 0, 0, 0), "syslog")
    km = [
        *k.benign(rng, t0, 6),
        k.line(
            fault,
            "nvidia-nvswitch3: SXid (PCI:0000:86:00.0): 24007, Fatal, Link 44 sourcetrack timeout error (First)",
        ),
        k.line(
            fault,
            "nvidia-nvswitch3: SXid (PCI:0000:86:00.0): 24007, Severity 1 Engine instance 44 Sub-engine instance 00",
        ),
        k.line(
            fault,
            "nvidia-nvswitch3: SXid (PCI:0000:86:00.0): 24007, Data {0x00000000, 0x00000000, 0x00010000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}",
        ),
    ]
    for bus in ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db"):
        km.append(
            k.line(
                fault + timedelta(milliseconds=400),
                f"NVRM: Xid (PCI:0000:{bus}:00): 45, pid={rng.randint(60000, 69999)}, name=python, Ch 00000012",
            )
        )
    b.add(f"{h}/messages", km)
    b.add(
        f"{h}/fabricmanager.log",
        [
            f"[{fault:%b %d %Y %H:%M:%S}] [ERROR] [tid 3121] detected NVSwitch fatal error 24007 on fid 0 switch id 3 link 44",
            f"[{fault:%b %d %Y %H:%M:%S}] [ERROR] [tid 3121] NVSwitch fatal error occurred, all the GPUs and NVSwitches need to be reset",
            f"[{fault:%b %d %Y %H:%M:%S}] [INFO] [tid 3121] Degraded mode: partition 0 is marked unusable until reset",
        ],
    )
    k0 = Kernel(hosts[0], datetime(2025, 4, 1, 0, 0, 0), "syslog")
    b.add(
        f"{hosts[0]}/messages",
        [
            *k0.benign(rng, t0, 8),
            k0.line(
                fault - timedelta(hours=2),
                "nvidia-nvswitch1: SXid (PCI:0000:06:00.0): 20034, Non-fatal, Link 12 LTSSM Fault Up (First)",
            ),
            k0.line(
                fault - timedelta(hours=2),
                "nvidia-nvswitch1: SXid (PCI:0000:06:00.0): 20034, Severity 0 Engine instance 12 Sub-engine instance 00",
            ),
        ],
    )
    b.verdict(
        "nvlink",
        "infrastructure",
        h,
        None,
        "restart_without_node",
        "A fatal NVSwitch SXid 24007 on gpu-h-031 killed the channels of all eight of its GPUs (Xid 45) and stalled the collective; the earlier non-fatal SXid on gpu-h-029 was corrected and harmless.",
        "https://github.com/leptonai/gpud/pull/338",
    )
    return b


CASES = [
    s01_xid79_fell_off_bus,
    s02_xid48_dbe_slurm,
    s03_xid94_remap_failure_deepspeed,
    s04_xid31_everywhere_app_bug,
    s05_xid119_gsp_timeout_hang,
    s06_k8s_gpu_lost,
    s07_corrected_ecc_herring_keyerror,
    s08_nvlink_xid74,
    s09_fabric_manager_mismatch,
    s10_nvswitch_sxid_fatal,
]
