"""GPU hardware, GPU memory and NVLink cases."""

from __future__ import annotations

from datetime import datetime, timedelta

from common import (
    Case,
    dmesg_ctime,
    dmesg_uptime,
    elastic,
    glog,
    journal,
    megatron_iters,
    py_tb,
    sigterm,
    torchrun_table,
    ts,
    watchdog_timeout,
)

MEGA = "/workspace/Megatron-LM"
SITE = "/usr/local/lib/python3.10/dist-packages"
CUDA_HINT = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the "
    "stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
)

TRAIN_FRAMES = [
    (f"{MEGA}/pretrain_gpt.py", 338, "<module>", "pretrain("),
    (
        f"{MEGA}/megatron/training/training.py",
        386,
        "pretrain",
        "iteration, num_floating_point_operations_so_far = train(",
    ),
    (f"{MEGA}/megatron/training/training.py", 1431, "train", "train_step(forward_step_func,"),
    (
        f"{MEGA}/megatron/training/training.py",
        782,
        "train_step",
        "losses_reduced = forward_backward_func(",
    ),
    (
        f"{MEGA}/megatron/core/pipeline_parallel/schedules.py",
        478,
        "forward_backward_no_pipelining",
        "backward_step(input_tensor, output_tensor, output_tensor_grad, model_type, config)",
    ),
    (f"{SITE}/torch/autograd/__init__.py", 347, "backward", "_engine_run_backward("),
]


def xid79_fell_off_bus() -> Case:
    c = Case("xid79_fell_off_bus_8n")
    nodes = [f"gpu-node-{i:03d}" for i in range(41, 49)]
    bad = "gpu-node-045"
    t_fail = datetime(2024, 3, 12, 9, 12, 44, 81233)
    t0 = t_fail - timedelta(minutes=4)
    for ni, n in enumerate(nodes):
        agent = 4400 + ni
        lines = [
            elastic(
                "I",
                t0 - timedelta(minutes=30),
                agent,
                "torch/distributed/launcher/api.py:188",
                "Starting elastic_operator with launch configs: entrypoint: pretrain_gpt.py, min_nodes: 8, max_nodes: 8, nproc_per_node: 8, rdzv_backend: c10d, rdzv_endpoint: gpu-node-041:29500, max_restarts: 0",
            ),
        ]
        if ni == 0:
            lines += megatron_iters(t0, 18201, 4, 58000.0, 1.912, seed=3)
        ranks = list(range(ni * 8, ni * 8 + 8))
        if n == bad:
            r = ranks[3]
            lines += py_tb(
                TRAIN_FRAMES,
                "RuntimeError: CUDA error: unknown error\n" + CUDA_HINT,
                prefix=f"[rank{r}]: ",
            )
            lines.append(
                glog(
                    "E",
                    t_fail + timedelta(milliseconds=820),
                    9120,
                    "ProcessGroupNCCL.cpp:1595",
                    f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: CUDA error: unknown error",
                    r,
                )
            )
            for rr in ranks[:3] + ranks[4:]:
                lines.append(
                    glog(
                        "E",
                        t_fail + timedelta(seconds=2),
                        9000 + rr,
                        "ProcessGroupNCCL.cpp:1595",
                        f"[PG ID 0 PG GUID 0(default_pg) Rank {rr}] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
                        rr,
                    )
                )
            lines += sigterm(
                t_fail + timedelta(seconds=3), agent, [88120 + i for i in range(8) if i != 3]
            )
            lines += torchrun_table(
                "pretrain_gpt.py",
                {
                    "time": "2024-03-12_09:12:45",
                    "host": n,
                    "rank": r,
                    "local_rank": 3,
                    "exitcode": 1,
                    "pid": 88123,
                },
            )
        else:
            tw = t_fail + timedelta(minutes=10, seconds=1, milliseconds=ni * 37)
            for rr in ranks:
                lines += watchdog_timeout(tw, rr, 146201, "ALLREDUCE", 262144000)
            lines += sigterm(
                tw + timedelta(seconds=1), agent, [77000 + ni * 10 + i for i in range(1, 8)]
            )
            lines += torchrun_table(
                "pretrain_gpt.py",
                {
                    "time": tw.strftime("%Y-%m-%d_%H:%M:%S"),
                    "host": n,
                    "rank": ranks[0],
                    "local_rank": 0,
                    "exitcode": -6,
                    "pid": 77000 + ni * 10,
                    "traceback": f"Signal 6 (SIGABRT) received by PID {77000 + ni * 10}",
                },
            )
        c.add(f"{n}/stderr.txt", lines)
        kl = [
            journal(t0 - timedelta(hours=3), n, "mlx5_core 0000:ca:00.0 ibp202s0: Link up"),
            journal(t0 - timedelta(hours=2), n, "nvidia-peermem: module loaded"),
        ]
        if n == bad:
            kl += [
                journal(
                    t_fail - timedelta(milliseconds=300),
                    n,
                    "pcieport 0000:38:01.0: AER: Uncorrected (Fatal) error received: 0000:38:01.0",
                ),
                journal(
                    t_fail,
                    n,
                    "NVRM: GPU at PCI:0000:3b:00: GPU-6c1a7f02-9d3e-4b8e-a9a8-1f7bb0e4f221",
                ),
                journal(t_fail, n, "NVRM: GPU Board Serial Number: 1652922031187"),
                journal(
                    t_fail,
                    n,
                    "NVRM: Xid (PCI:0000:3b:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
                ),
                journal(t_fail, n, "NVRM: GPU 0000:3b:00.0: GPU has fallen off the bus."),
                journal(
                    t_fail + timedelta(seconds=1),
                    n,
                    "NVRM: A GPU crash dump has been created. If possible, please run",
                ),
            ]
        c.add(f"{n}/kern.log", kl)
    c.label(
        "gpu_hardware",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Xid 79 (GPU fallen off the bus) with a fatal PCIe AER on gpu-node-045 precedes everything; the "
        "other seven nodes only show NCCL watchdog timeouts ten minutes later.",
        "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507",
    )
    return c


def xid48_dbe() -> Case:
    c = Case("xid48_double_bit_ecc")
    nodes = ["h100-b05", "h100-b06", "h100-b07", "h100-b08"]
    bad, badrank = "h100-b07", 21
    t = datetime(2024, 6, 2, 17, 41, 9, 402118)
    up0 = 1_204_331.0
    for ni, n in enumerate(nodes):
        ranks = range(ni * 8, ni * 8 + 8)
        log = []
        if n == bad:
            log += py_tb(
                [
                    ("/opt/train/titan/train.py", 417, "train_step", "loss.backward()"),
                    (f"{SITE}/torch/_tensor.py", 581, "backward", "torch.autograd.backward("),
                    (
                        f"{SITE}/torch/autograd/graph.py",
                        825,
                        "_engine_run_backward",
                        "return Variable._execution_engine.run_backward(",
                    ),
                ],
                "RuntimeError: CUDA error: uncorrectable ECC error encountered\n" + CUDA_HINT,
                prefix=f"[rank{badrank}]:",
            )
        else:
            for r in ranks:
                log += watchdog_timeout(
                    t + timedelta(seconds=300, milliseconds=ni * 11),
                    r,
                    90911,
                    "_REDUCE_SCATTER_BASE",
                    544997376,
                    timeout_ms=300000,
                )
        c.add(f"{n}/logs/trainer-{n}.err", log)
        dm = [dmesg_uptime(up0 - 50000 + ni, "EDAC sbridge: Seeking for: PCI ID 8086:2088")]
        if n == bad:
            dm += [
                dmesg_uptime(
                    up0,
                    "NVRM: Xid (PCI:0000:9b:00): 48, pid=2211480, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 1.",
                ),
                dmesg_uptime(
                    up0 + 0.01,
                    "NVRM: Xid (PCI:0000:9b:00): 45, pid=2211480, name=python3, Ch 00000010",
                ),
                dmesg_uptime(
                    up0 + 0.3,
                    "NVRM: Xid (PCI:0000:9b:00): 63, pid=2211480, name=python3, Row Remapper: New row (0x00000000a31f2c00) marked for remapping, reset gpu to activate.",
                ),
            ]
        c.add(f"{n}/dmesg.txt", dm)
    c.add(
        f"{bad}/nvidia-smi-q.txt",
        """==============NVSMI LOG==============

Timestamp                                 : Sun Jun  2 17:55:02 2024
Driver Version                            : 535.161.08
CUDA Version                              : 12.2

Attached GPUs                             : 8
GPU 00000000:9B:00.0
    Product Name                          : NVIDIA H100 80GB HBM3
    Minor Number                          : 5
    ECC Errors
        Volatile
            SRAM Correctable              : 0
            SRAM Uncorrectable            : 0
            DRAM Correctable              : 0
            DRAM Uncorrectable            : 2
        Aggregate
            SRAM Correctable              : 0
            SRAM Uncorrectable            : 0
            DRAM Correctable              : 12
            DRAM Uncorrectable            : 2
    Remapped Rows
        Correctable Error                 : 0
        Uncorrectable Error               : 1
        Pending                           : Yes
        Remapping Failure Occurred        : No""",
    )
    c.label(
        "gpu_memory",
        "infrastructure",
        bad,
        badrank,
        "restart_without_node",
        "Xid 48 double-bit ECC in HBM on h100-b07 and rank 21 dies with 'uncorrectable ECC error'; the other "
        "nodes only time out in reduce-scatter. The GPU needs a reset for the pending row remap, so continue without the node.",
        "https://github.com/jcjohnson/neural-style/issues/312",
    )
    return c


def xid94_contained() -> Case:
    c = Case("xid94_contained_ecc_restart")
    nodes = ["a3-mega-0113", "a3-mega-0114"]
    bad = "a3-mega-0114"
    t = datetime(2024, 9, 20, 3, 5, 12, 712000)
    for ni, n in enumerate(nodes):
        out = []
        for r in range(ni * 8, ni * 8 + 8):
            if n == bad and r == 13:
                out += py_tb(
                    [
                        ("/home/ml/llm/train_fsdp.py", 212, "main", "optimizer.step()"),
                        (
                            f"{SITE}/torch/optim/adamw.py",
                            609,
                            "_multi_tensor_adamw",
                            "torch._foreach_addcmul_(device_exp_avg_sqs, device_grads, device_grads, 1 - beta2)",
                        ),
                    ],
                    "RuntimeError: CUDA error: uncorrectable ECC error encountered\n" + CUDA_HINT,
                    prefix="[rank13]:",
                )
            elif n != bad:
                out.append(
                    glog(
                        "E",
                        t + timedelta(seconds=1800),
                        70 + r,
                        "ProcessGroupNCCL.cpp:616",
                        f"[Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=30551, OpType=ALLGATHER, NumelIn=31457280, NumelOut=503316480, Timeout(ms)=1800000) ran for 1800095 milliseconds before timing out.",
                        r,
                    )
                )
        c.add(f"{n}/job-output.log", out)
    c.add(
        f"{bad}/journalctl-k.txt",
        [
            journal(
                t - timedelta(days=2), bad, "Linux version 5.15.0-1051-gcp (buildd@lcy02-amd64-040)"
            ),
            journal(
                t - timedelta(milliseconds=4),
                bad,
                "NVRM: Xid (PCI:0000:86:00): 94, pid=51233, name=python, Contained: SM (0x1). RST: No, D-RST: No",
            ),
            journal(
                t + timedelta(milliseconds=2),
                bad,
                "NVRM: Xid (PCI:0000:86:00): 63, pid=51233, name=python, Row Remapper: New row (0x0000000167a41e00) marked for remapping, reset gpu to activate.",
            ),
        ],
    )
    c.add(
        f"{nodes[0]}/journalctl-k.txt",
        [
            journal(
                t - timedelta(days=2),
                nodes[0],
                "Linux version 5.15.0-1051-gcp (buildd@lcy02-amd64-040)",
            )
        ],
    )
    c.label(
        "gpu_memory",
        "infrastructure",
        bad,
        13,
        "restart",
        "Xid 94 is a contained ECC error: only the process touching the bad row died (rank 13) and the row was "
        "queued for remapping. NVIDIA's catalog says restart the application; the GPU itself stays usable.",
        "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html",
    )
    return c


def xid64_remap_failed() -> Case:
    c = Case("xid64_row_remap_failure")
    nodes = ["dgx-h-011", "dgx-h-012", "dgx-h-013"]
    bad = "dgx-h-012"
    t = datetime(2025, 1, 8, 22, 14, 3)
    for n in nodes:
        c.add(
            f"{n}/dmesg-T.txt",
            [
                dmesg_ctime(t - timedelta(hours=40), "Linux version 5.15.0-105-generic"),
                dmesg_ctime(t - timedelta(hours=2), "nvidia-nvswitch1: open (major=508)"),
            ],
        )
    c.add(
        f"{bad}/dmesg-T.txt",
        [
            dmesg_ctime(
                t,
                "NVRM: Xid (PCI:0000:c1:00): 48, pid=913311, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 2, subpartition 0.",
            ),
            dmesg_ctime(
                t + timedelta(seconds=1),
                "NVRM: Xid (PCI:0000:c1:00): 64, pid=913311, name=python3, Row Remapper Error: New row (0x00000000fe230400) could not be marked for remapping; reset gpu to attempt again",
            ),
            dmesg_ctime(
                t + timedelta(seconds=1),
                "NVRM: Xid (PCI:0000:c1:00): 45, pid=913311, name=python3, Ch 00000008",
            ),
        ],
    )
    c.add(
        f"{bad}/nvidia-smi-q-remap.txt",
        """GPU 00000000:C1:00.0
    Product Name                          : NVIDIA H100 80GB HBM3
    Serial Number                         : 1654823019912
    Remapped Rows
        Correctable Error                 : 0
        Uncorrectable Error               : 512
        Pending                           : No
        Remapping Failure Occurred        : Yes
        Bank Remap Availability Histogram
            Max                           : 0 bank(s)
            High                          : 0 bank(s)
            Partial                       : 3 bank(s)
            Low                           : 9 bank(s)
            None                          : 628 bank(s)""",
    )
    hf = [
        ("/srv/jobs/sft/run_sft.py", 91, "<module>", "trainer.train()"),
        (f"{SITE}/transformers/trainer.py", 2245, "train", "return inner_training_loop("),
        (
            f"{SITE}/transformers/trainer.py",
            2560,
            "_inner_training_loop",
            "tr_loss_step = self.training_step(model, inputs, num_items_in_batch)",
        ),
    ]
    for ni, n in enumerate(nodes):
        lines = [
            f"{{'loss': 1.3{ni}12, 'grad_norm': 0.5121, 'learning_rate': 1.92e-05, 'epoch': 0.41}}",
            " 41%|████      | 3310/8070 [7:02:11<10:08:40,  7.67s/it]",
        ]
        if n == bad:
            lines += py_tb(
                hf,
                "RuntimeError: CUDA error: uncorrectable ECC error encountered\n" + CUDA_HINT,
                prefix="[rank10]: ",
            )
        else:
            lines.append(
                f"[rank{ni * 8}]: torch.distributed.DistBackendError: NCCL communicator was aborted on rank {ni * 8}."
            )
        c.add(f"{n}/rank-console.log", lines)
    c.label(
        "gpu_memory",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Xid 48 followed by Xid 64 on dgx-h-012: the DBE could not be remapped and nvidia-smi shows 'Remapping "
        "Failure Occurred: Yes' with no spare banks left; the GPU is an RMA candidate, so drain the node.",
        "https://docs.nvidia.com/deploy/dynamic-page-retirement/visibility.html",
    )
    return c


def xid74_nvlink() -> Case:
    c = Case("xid74_nvlink_error")
    bad = "node-a18"
    t = datetime(2024, 11, 3, 4, 12, 44, 81233)
    up = 88211.402
    c.add(
        "node-a17/ranks.log",
        [
            line
            for r in range(8)
            for line in watchdog_timeout(
                t + timedelta(minutes=10), r, 5512, "ALLTOALL_BASE", 1379328
            )
        ],
    )
    lines = []
    for r in range(8, 16):
        lines.append(
            f"node-a18:1120{r - 8}:1130{r - 8} [{r - 8}] NCCL INFO Channel 03/0 : {r}[{r - 8}] -> {r + 1 if r < 15 else 8}[{(r - 7) % 8}] via P2P/CUMEM/read"
        )
    lines.append(
        glog(
            "E",
            t + timedelta(milliseconds=12),
            11207,
            "ProcessGroupNCCL.cpp:1595",
            "[PG ID 3 PG GUID 12 Rank 7] Process group watchdog thread terminated with exception: CUDA error: uncorrectable NVLink error detected during the execution",
            15,
        )
    )
    lines += py_tb(
        [
            (
                "/workspace/torchtitan/torchtitan/train.py",
                512,
                "train",
                "loss = self.forward_backward_step(input_dict, labels)",
            ),
            (
                "/workspace/torchtitan/torchtitan/models/moe.py",
                288,
                "forward",
                "routed_input = all_to_all_single_autograd(routed_input, output_splits, input_splits, ep_group)",
            ),
        ],
        "torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.cpp:93, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\n"
        "ncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 'uncorrectable NVLink error detected during the execution'",
        prefix="[rank12]:",
    )
    c.add("node-a18/ranks.log", lines)
    c.add(
        "node-a18/dmesg",
        [
            dmesg_uptime(
                up,
                "NVRM: Xid (PCI:0000:4e:00): 74, pid=112071, name=python, NVLink: fatal error detected on link 9(0x0, 0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
            ),
            dmesg_uptime(
                up + 0.002,
                "NVRM: Xid (PCI:0000:4e:00): 74, pid=112071, name=python, NVLink: fatal error detected on link 10(0x0, 0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
            ),
            dmesg_uptime(
                up + 0.4, "NVRM: Xid (PCI:0000:4e:00): 45, pid=112071, name=python, Ch 00000001"
            ),
        ],
    )
    counters = {8: (0, 0, 0), 9: (1841, 37, 20511), 10: (1203, 22, 11930)}
    nv = ["GPU 3: NVIDIA H100 80GB HBM3 (UUID: GPU-7a8e11b0-28f0-4f43-9a65-0c2d6f1c93aa)"]
    for link, (rep, rec, crc) in counters.items():
        nv += [
            f"\t Link {link}: Replay Errors: {rep}",
            f"\t Link {link}: Recovery Errors: {rec}",
            f"\t Link {link}: CRC Errors: {crc}",
        ]
    c.add("node-a18/nvlink-errors.txt", nv)
    c.label(
        "nvlink",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Xid 74 fatal NVLink errors on links 9/10 of one GPU on node-a18 with large CRC/replay counters; the "
        "expert all-to-all there fails with 'uncorrectable NVLink error', node-a17 merely times out.",
        "https://github.com/pytorch/pytorch/issues/58155",
    )
    return c


def xid119_gsp() -> Case:
    c = Case("xid119_gsp_timeout")
    nodes = [f"sc-gpu{i}" for i in (301, 302, 303, 304, 305, 306)]
    bad = "sc-gpu304"
    t = datetime(2025, 4, 17, 11, 2, 9)
    for ni, n in enumerate(nodes):
        ranks = range(ni * 4, ni * 4 + 4)
        lines = [f"[{n}] using 4 GPUs, global ranks {ranks.start}-{ranks.stop - 1}"]
        if n == bad:
            lines.append(
                glog(
                    "E",
                    t + timedelta(seconds=44),
                    41221,
                    "ProcessGroupNCCL.cpp:1595",
                    "[PG ID 0 PG GUID 0(default_pg) Rank 14] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure",
                    14,
                )
            )
        for r in ranks:
            if n != bad:
                lines += watchdog_timeout(
                    t + timedelta(minutes=10, seconds=2, milliseconds=ni),
                    r,
                    20017,
                    "ALLREDUCE",
                    1,
                    timeout_ms=600000,
                )
        c.add(f"{n}/slurm-88213.out", lines)
    c.add(
        f"{bad}/kern.log",
        [
            journal(
                t,
                bad,
                "NVRM: Xid (PCI:0000:ca:00): 119, pid=730112, name=python, Timeout after 6s of waiting for RPC response from GPU2 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4).",
            ),
            journal(
                t + timedelta(seconds=6),
                bad,
                "NVRM: GPU2 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020800a4c 0x0000000000000004.",
            ),
            journal(
                t + timedelta(seconds=12),
                bad,
                "NVRM: Xid (PCI:0000:ca:00): 119, pid=730112, name=python, Timeout after 6s of waiting for RPC response from GPU2 GSP! Expected function 10 (FREE) (0xa55a0050 0x0).",
            ),
            journal(
                t + timedelta(seconds=30),
                bad,
                "NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:ca:00 (printing 1 of every 30).  The GPU likely needs to be reset.",
            ),
        ],
    )
    c.label(
        "gpu_hardware",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Repeated Xid 119 GSP RPC timeouts on one GPU of sc-gpu304 ('the GPU likely needs to be reset'), then "
        "a launch failure on rank 14 there; every other node just hits the watchdog timeout later.",
        "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446",
    )
    return c


def dcgm_memory_fail() -> Case:
    c = Case("dcgm_epilog_memory_fail")
    nodes = ["cn-2201", "cn-2202", "cn-2203", "cn-2204"]
    bad = "cn-2203"
    t = datetime(2024, 8, 14, 6, 30, 2, 550000)
    for ni, n in enumerate(nodes):
        lines = [f"{ts(t - timedelta(minutes=5))} | INFO | step 40210 | loss 2.0413 | tok/s 1.41e6"]
        if n == bad:
            lines += py_tb(
                [
                    (
                        "/work/nemo/examples/nlp/language_modeling/megatron_gpt_pretraining.py",
                        42,
                        "main",
                        "trainer.fit(model)",
                    ),
                    (
                        f"{SITE}/apex/transformer/pipeline_parallel/schedules/fwd_bwd_no_pipelining.py",
                        138,
                        "forward_backward_no_pipelining",
                        "output_tensor = forward_step(",
                    ),
                ],
                "RuntimeError: CUDA error: an illegal memory access was encountered\n" + CUDA_HINT,
                prefix="",
            )
            lines.append("terminate called after throwing an instance of 'c10::DistBackendError'")
            lines.append(
                "  what():  [PG ID 0 PG GUID 0(default_pg) Rank 19] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered"
            )
        else:
            lines.append(
                f"[rank{ni * 8}]:torch.distributed.DistBackendError: [{ni * 8}] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0:1', but store->get('0:1') got error: Connection reset by peer"
            )
        c.add(f"{n}/rank_out.txt", lines)
    c.add(
        f"{bad}/epilog/dcgmi_diag_r2.json",
        """{
  "DCGM Diagnostic": {
    "test_categories": [
      {"category": "Deployment", "tests": [
        {"name": "Deployment", "results": [{"entity_group": "GPU", "entity_group_id": 1, "entity_id": 0, "status": "Pass"}], "test_summary": {"status": "Pass"}}
      ]},
      {"category": "Hardware", "tests": [
        {"name": "memory", "results": [
          {"entity_group": "GPU", "entity_group_id": 1, "entity_id": 0, "status": "Pass"},
          {"entity_group": "GPU", "entity_group_id": 1, "entity_id": 1, "status": "Pass"},
          {"entity_group": "GPU", "entity_group_id": 1, "entity_id": 2, "status": "Pass"},
          {"entity_group": "GPU", "entity_group_id": 1, "entity_id": 3, "status": "Fail",
           "warnings": [{"warning": "A memory mismatch was detected on GPU 3, but no error was reported by CUDA or ECC.", "error_id": 84, "error_category": 3, "error_severity": 2}],
           "info": "Allocated 81020223488 bytes (99.1%)"},
          {"entity_group": "GPU", "entity_group_id": 1, "entity_id": 4, "status": "Pass"},
          {"entity_group": "GPU", "entity_group_id": 1, "entity_id": 5, "status": "Pass"},
          {"entity_group": "GPU", "entity_group_id": 1, "entity_id": 6, "status": "Pass"},
          {"entity_group": "GPU", "entity_group_id": 1, "entity_id": 7, "status": "Pass"}
        ], "test_summary": {"status": "Fail"}}
      ]},
      {"category": "Integration", "tests": [
        {"name": "pcie", "results": [{"entity_group": "GPU", "entity_group_id": 1, "entity_id": 3, "status": "Pass"}], "test_summary": {"status": "Pass"}}
      ]}
    ]
  },
  "entity_groups": [{"entity_group": "GPU", "entity_group_id": 1, "entities": [{"entity_id": 3, "serial_num": "1652223015882", "device_id": "2330"}]}],
  "metadata": {"version": "3.3.5", "Driver Version Detected": "550.54.15"}
}""",
    )
    c.add(
        f"{bad}/epilog/epilog.log",
        [
            f"{ts(t + timedelta(minutes=2))} epilog: job 551902 exited 1, running dcgmi diag -r 2 -j",
            f"{ts(t + timedelta(minutes=9))} epilog: dcgmi diag FAILED on GPU 3 (memory). setting node state DRAIN",
        ],
    )
    c.label(
        "gpu_memory",
        "infrastructure",
        bad,
        19,
        "restart_without_node",
        "An illegal memory access on one rank only could be the application, but the epilog DCGM level-2 memory "
        "test on the same node fails on GPU 3 with a silent memory mismatch; the hardware evidence wins.",
        "https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/dcgm-diagnostics.html",
    )
    return c


def xid92_sbe_suspect() -> Case:
    c = Case("xid92_sbe_rate_suspect")
    nodes = ["gpu-r03-n1", "gpu-r03-n2"]
    bad = "gpu-r03-n2"
    t = datetime(2024, 12, 1, 15, 47, 30)
    c.add(
        f"{nodes[0]}/train.log",
        [
            f"[{ts(t - timedelta(seconds=30))},112][INFO][trainer] step=71200 loss=1.8821 lr=1.2e-4 step_time=1.93s",
            "[rank3]:[E1201 15:57:31.440512 9921 ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank 3] Process group watchdog thread terminated with exception: [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=284801, OpType=ALLREDUCE, NumelIn=84934656, NumelOut=84934656, Timeout(ms)=600000) ran for 600041 milliseconds before timing out.",
        ],
    )
    c.add(
        f"{bad}/train.log",
        [
            f"[{ts(t - timedelta(seconds=30))},114][INFO][trainer] step=71200 loss=1.8803 lr=1.2e-4 step_time=1.94s",
            *py_tb(
                [("/opt/app/trainer.py", 301, "step", "scaler.scale(loss).backward()")],
                "RuntimeError: CUDA error: unspecified launch failure\n" + CUDA_HINT,
                prefix="[rank12]: ",
            ),
        ],
    )
    c.add(
        f"{bad}/dmesg.log",
        [
            dmesg_uptime(
                412002.11,
                "NVRM: Xid (PCI:0000:45:00): 92, pid='<unknown>', name=<unknown>, High single-bit ECC error rate",
            ),
            dmesg_uptime(
                419881.53,
                "NVRM: Xid (PCI:0000:45:00): 92, pid='<unknown>', name=<unknown>, High single-bit ECC error rate",
            ),
            dmesg_uptime(
                420310.91,
                "NVRM: Xid (PCI:0000:45:00): 13, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address",
            ),
            dmesg_uptime(
                420310.92, "NVRM: Xid (PCI:0000:45:00): 43, pid=3309128, name=python3, Ch 00000018"
            ),
        ],
    )
    c.add(f"{nodes[0]}/dmesg.log", [dmesg_uptime(5.1, "ACPI: bus type PCI registered")])
    c.add(
        f"{bad}/nvidia-smi-ecc.txt",
        """GPU 00000000:45:00.0
    ECC Errors
        Volatile
            DRAM Correctable              : 18432
            DRAM Uncorrectable            : 0
        Aggregate
            DRAM Correctable              : 77210
            DRAM Uncorrectable            : 0""",
    )
    c.label(
        "gpu_memory",
        "infrastructure",
        bad,
        12,
        "run_diagnostics",
        "A single launch failure with Xid 13/43 would normally be the application, but the same GPU logged Xid 92 "
        "(high single-bit ECC rate) and 77k corrected DRAM errors; suspicious but not proven, so run the memory diagnostics.",
        "https://github.com/azure/azhpc-diagnostics/issues/75",
    )
    return c


def nvls_fabric() -> Case:
    c = Case("nvls_fabric_manager_init")
    nodes = ["p5-0a11", "p5-0a12", "p5-0a13"]
    bad = "p5-0a12"
    t = datetime(2026, 3, 15, 8, 0, 41)
    for ni, n in enumerate(nodes):
        lines = []
        for d in range(2):
            lines.append(
                f"{n}:{3100 + d}:{3200 + d} [{d}] NCCL INFO NVLS multicast support is available on dev {d} (NVLS_NCHANNELS 16)"
            )
        if n == bad:
            lines += py_tb(
                [
                    ("/app/train.py", 64, "setup", "dist.barrier(device_ids=[local_rank])"),
                    (
                        f"{SITE}/torch/distributed/distributed_c10d.py",
                        4811,
                        "barrier",
                        "work = group.barrier(opts=opts)",
                    ),
                ],
                "torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.cpp:93, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.27.3\n"
                "ncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\n"
                "Failed to bind NVLink SHARP (NVLS) Multicast memory of size 2097152 : CUDA error 401 'the operation cannot be performed in the present state'.\n"
                "This is usually caused by a system or configuration error in the Fabric Manager or NVSwitches.\n"
                "Disable NVLS (NCCL_NVLS_ENABLE=0) if you wish to avoid this error in the future.",
                prefix="[rank9]:",
            )
        else:
            lines.append(
                f"[rank{ni * 8}]:[W{t.strftime('%m%d %H:%M:%S')}.229000 91 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=61, addr=[{n}]:41882, remote=[p5-0a11]:29500): failed to recv, got 0 bytes"
            )
        c.add(f"{n}/console.log", lines)
    c.add(
        f"{bad}/fabricmanager.log",
        [
            "[Mar 15 2026 07:12:03] [ERROR] [tid 1822] detected NVSwitch fatal error 20034 on fid 0 on NVSwitch pci bus id 00000000:07:00.0 physical id 2 port 41",
            "[Mar 15 2026 07:12:03] [ERROR] [tid 1822] NVLink fabric state is degraded: multicast resources unavailable",
        ],
    )
    c.label(
        "nvlink",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "NVLS multicast bind fails at start-up on p5-0a12 only, and that node's Fabric Manager logged an NVSwitch "
        "fatal error; the other nodes only lose the store connection. The node's NVSwitch fabric needs a reset.",
        "https://github.com/pytorch/pytorch/pull/177472",
    )
    return c


CASES = [
    xid79_fell_off_bus,
    xid48_dbe,
    xid94_contained,
    xid64_remap_failed,
    xid74_nvlink,
    xid119_gsp,
    dcgm_memory_fail,
    xid92_sbe_suspect,
    nvls_fabric,
]
