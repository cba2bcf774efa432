"""Numerical faults, stragglers and clean runs."""

from __future__ import annotations

from datetime import datetime, timedelta

from common import (
    Case,
    dmesg_uptime,
    elastic,
    journal,
    megatron_iters,
    py_tb,
    ts,
)

MEGA = "/workspace/Megatron-LM"


def _grad_nan(rank: int, dev: int, node: str) -> list[str]:
    return py_tb(
        [
            (
                f"{MEGA}/megatron/training/training.py",
                782,
                "train_step",
                "losses_reduced = forward_backward_func(",
            ),
            (
                f"{MEGA}/megatron/core/distributed/param_and_grad_buffer.py",
                182,
                "check_for_nan_in_grad",
                "assert not norm_is_nan, (",
            ),
        ],
        f"AssertionError: Rank {rank}: found NaN in local grad norm in backward pass before data-parallel "
        f"communication collective. Device: {dev}, node: {node}",
        prefix=f"[rank{rank}]: ",
    )


def nan_same_iteration() -> Case:
    c = Case("nan_same_iteration_rescheduled")
    layout = {
        "attempt_0": ["dgx-a-11", "dgx-a-12", "dgx-a-13", "dgx-a-14"],
        "attempt_1": ["dgx-b-02", "dgx-b-03", "dgx-b-05", "dgx-b-06"],
    }
    for ai, (att, nodes) in enumerate(layout.items()):
        t = datetime(2024, 4, 16, 8, 0, 0) + timedelta(hours=5 * ai)
        start = 8790 if ai == 0 else 8700
        n_it = 8812 - start + 1
        for ni, n in enumerate(nodes):
            lines = []
            if ni == 0:
                lines += megatron_iters(
                    t - timedelta(seconds=3 * n_it), start, n_it, 3000.0, 2.02, seed=ai, nan_at=8812
                )
            if ni in (1, 3):
                for lr in (0, 4):
                    r = ni * 8 + lr
                    lines += _grad_nan(r, lr, n)
            c.add(f"{att}/{n}/megatron_{n}.log", lines)
    c.label(
        "numerical",
        "script",
        None,
        None,
        "stop",
        "The loss and grad norm turn NaN at iteration 8812 in attempt 0 and again at 8812 after resuming from "
        "8700 on four different machines; same iteration and ranks, different hardware: the data or the "
        "recipe, not a node. Skip the bad batch or fix the recipe before restarting.",
        "https://github.com/NVIDIA/Megatron-LM/issues/780",
    )
    return c


def nan_follows_node() -> Case:
    c = Case("nan_follows_one_node_sdc")
    nodes = [f"gpu-a{i:02d}" for i in range(9, 15)]
    bad = "gpu-a12"
    runs = [
        ("attempt_0", datetime(2024, 10, 1, 2, 10, 0), 15230, 28, 4),
        ("attempt_1", datetime(2024, 10, 1, 9, 44, 0), 15611, 25, 1),
    ]
    for att, t, it, rank, dev in runs:
        for ni, n in enumerate(nodes):
            lines = []
            if ni == 0:
                lines += megatron_iters(t - timedelta(seconds=10), it - 2, 2, 5000.0, 1.78, seed=it)
            if n == bad:
                lines += _grad_nan(rank, dev, n)
            c.add(f"{att}/{n}/rank-{ni * 8}-{ni * 8 + 7}.log", lines)
    c.add(
        "attempt_1/resume_note.txt",
        [
            "resumed from iter_0015000 (same data order, deterministic loader); attempt_0 failed at 15230, attempt_1 passed 15230 cleanly"
        ],
    )
    c.label(
        "gpu_hardware",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "NaN gradients appear only on gpu-a12, at iteration 15230 (rank 28, GPU 4) and, after resuming with "
        "the same data order, at 15611 (rank 25, GPU 1) while 15230 passed cleanly. NaNs that follow one node "
        "and not the data point to silent data corruption there: exclude it and test it.",
        "https://github.com/alibaba/Pai-Megatron-Patch/issues/366",
    )
    return c


def loss_scale_minimum() -> Case:
    c = Case("fp16_loss_scale_underflow")
    nodes = ["v100-n3", "v100-n4"]
    t = datetime(2023, 5, 11, 20, 17, 33)
    for ni, n in enumerate(nodes):
        lines = []
        scale = 65536.0
        step = 5100
        while scale >= 1.0:
            lines.append(
                f"[{ts(t)},{100 + step % 900}] [INFO] [loss_scaler.py:190:update_scale] [deepspeed] OVERFLOW! Rank {ni * 8} Skipping step. Attempted loss scale: {scale}, reducing to {scale / 2}"
            )
            scale /= 2
            step += 1
            t += timedelta(seconds=2)
        lines += py_tb(
            [
                ("/home/ds/train_gpt.py", 266, "train", "model_engine.step()"),
                (
                    "/usr/local/lib/python3.9/site-packages/deepspeed/runtime/fp16/loss_scaler.py",
                    183,
                    "update_scale",
                    "raise Exception(",
                ),
            ],
            "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.",
            prefix="",
        )
        c.add(f"{n}/deepspeed_{n}.log", lines)
    c.label(
        "numerical",
        "script",
        None,
        None,
        "stop",
        "Every step since 5100 overflows in fp16 on all ranks until DeepSpeed's dynamic loss scale reaches its "
        "minimum and aborts: the training diverged numerically. Roll back, lower the LR or switch to bf16.",
        "https://github.com/ymcui/Chinese-LLaMA-Alpaca/issues/534",
    )
    return c


def straggler_thermal() -> Case:
    c = Case("straggler_thermal_throttle")
    nodes = [f"gpu-node-{i:03d}" for i in range(1, 9)]
    bad, badrank = "gpu-node-005", 37
    t = datetime(2024, 7, 19, 14, 0, 0)
    ms = [2051.0 + (k % 3) for k in range(20)] + [2051.0 + 37 * k for k in range(1, 21)]
    lines = megatron_iters(t, 61001, 40, ms, 1.95, seed=7)
    for k, it in enumerate(range(61010, 61041, 10)):
        slow = it > 61020
        lines.append(
            f" 0: INFO:megatron.core.utils:[{ts(t + timedelta(seconds=20 * k))}] | MnRtt/Rnk: 2031.44ms/11 | "
            f"MxRtt/Rnk: {2790.2 if slow else 2066.9:.2f}ms/{badrank if slow else 3} | MnPwr/Rnk: {412 if slow else 655}W/{badrank if slow else 20} | "
            f"MxPwr/Rnk: 699W/6 | MnTmp/Rnk: 51C/2 | MxTmp/Rnk: {91 if slow else 66}C/{badrank if slow else 44} | "
            f"MnUtl/Rnk: 97%/8 | MxUtl/Rnk: 100%/6 | MnClk/Rnk: {1035 if slow else 1950}MHz/{badrank if slow else 28} | "
            f"MxClk/Rnk: 1980MHz/0 | MnEtpt/Rnk: {218.4 if slow else 398.1}TF/{badrank if slow else 9} | MxEtpt/Rnk: 401.3TF/8"
        )
    # Megatron prints the straggler report between iteration lines: merge by timestamp.
    lines.sort(key=lambda line: line[line.index("[") + 1 : line.index("]")])
    c.add("gpu-node-001/megatron.log", lines)
    for n in nodes:
        if n != bad:
            c.add(
                f"{n}/nvidia-smi-q-perf.txt",
                [
                    "GPU 00000000:9C:00.0",
                    "    Clocks Event Reasons",
                    "        HW Slowdown                       : Not Active",
                    "            HW Thermal Slowdown           : Not Active",
                    "        SW Thermal Slowdown               : Not Active",
                    f"        GPU Current Temp                  : {58 + nodes.index(n)} C",
                    "        SM                                : 1980 MHz",
                ],
            )
    c.add(
        f"{bad}/nvidia-smi-q-perf.txt",
        """GPU 00000000:9C:00.0
    Product Name                          : NVIDIA H100 80GB HBM3
    Performance State                     : P0
    Clocks Event Reasons
        Idle                              : Not Active
        Applications Clocks Setting       : Not Active
        SW Power Cap                      : Not Active
        HW Slowdown                       : Active
            HW Thermal Slowdown           : Active
            HW Power Brake Slowdown       : Not Active
        Sync Boost                        : Not Active
        SW Thermal Slowdown               : Active
    Temperature
        GPU Current Temp                  : 91 C
        GPU T.Limit Temp                  : -4 C
        GPU Shutdown Temp                 : 92 C
        GPU Slowdown Temp                 : 87 C
        Memory Current Temp               : 84 C
    Clocks
        SM                                : 1035 MHz
        Memory                            : 2619 MHz""",
    )
    c.add(
        f"{bad}/ipmi-sensors.txt",
        [
            "FAN4A            | 0 RPM      | Lower Critical",
            "FAN4B            | 0 RPM      | Lower Critical",
            "FAN5A            | 14640 RPM  | ok",
        ],
    )
    c.label(
        "straggler",
        "infrastructure",
        bad,
        badrank,
        "restart_without_node",
        "Iteration time grows from 2.05 s to 2.79 s with no error; the straggler report names rank 37 (GPU 5 "
        "of gpu-node-005) for the longest round trip, lowest clock and 91 C, and that GPU shows HW thermal "
        "slowdown with two failed fans. Swap the node out.",
        "https://github.com/mosaicml/composer/pull/3342",
    )
    return c


def straggler_no_signal() -> Case:
    c = Case("straggler_slow_node_no_hw_signal")
    nodes = [f"trn-h-{i:02d}" for i in range(11, 15)]
    bad = "trn-h-14"
    t = datetime(2025, 2, 26, 10, 0, 0)
    for ni, n in enumerate(nodes):
        lines = []
        for s in range(6):
            tt = t + timedelta(seconds=6 * s)
            slow = n == bad
            fwd = 2.91 if slow else 2.12
            lines.append(
                f"[titan] {ts(tt)},{200 + s} - root - INFO - rank {ni * 8}: step {41020 + s}  data_wait 0.01s  fwd_bwd {fwd + s * 0.002:.3f}s  comm_wait {0.02 if slow else 0.81:.2f}s  step 2.95s"
            )
        c.add(f"{n}/titan_rank{ni * 8}.log", lines)
        c.add(
            f"{n}/nvidia-smi-q-clocks.txt",
            [
                "    Clocks Event Reasons",
                "        HW Slowdown                       : Not Active",
                "        SW Thermal Slowdown               : Not Active",
                "    GPU Current Temp                  : 58 C",
                "    SM                                : 1980 MHz",
            ],
        )
        c.add(
            f"{n}/dmesg",
            [
                dmesg_uptime(
                    33.2,
                    "mlx5_core 0000:1a:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)",
                )
            ],
        )
    c.label(
        "straggler",
        "infrastructure",
        bad,
        None,
        "run_diagnostics",
        "Ranks on trn-h-14 spend 0.8 s longer in forward/backward than everyone else, whose extra time is all "
        "communication wait; nothing crashed and clocks, temperatures and links look normal. A persistent slow "
        "node with no hardware proof: run diagnostics on it.",
        "https://github.com/flagos-ai/FlagScale/pull/938",
    )
    return c


def clean_megatron() -> Case:
    c = Case("clean_run_megatron_finished")
    nodes = ["gpu-node-101", "gpu-node-102"]
    t = datetime(2024, 5, 30, 23, 58, 0)
    for ni, n in enumerate(nodes):
        agent = 5100 + ni
        lines = [
            f"{n}:7712:7712 [0] NCCL INFO NET/Plugin: Failed to find ncclCollNetPlugin_v6 symbol.",
            f"{n}:7712:7790 [0] NCCL INFO NCCL_IB_TIMEOUT set by environment to 22.",
            "/usr/local/lib/python3.10/dist-packages/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class.",
        ]
        if ni == 0:
            lines += megatron_iters(t - timedelta(seconds=10), 49998, 3, 3100.0, 1.71, seed=5)
            lines += [
                f"[after training is done] datetime: {ts(t)} ",
                " saving checkpoint at iteration   50000 to /ckpt/gpt-13b in torch_dist format",
                "  successfully saved checkpoint from iteration   50000 to /ckpt/gpt-13b [ t 1/1, p 1/1 ]",
                "exiting program at iteration 50000",
            ]
        lines += [
            elastic(
                "I",
                t + timedelta(seconds=40),
                agent,
                "torch/distributed/elastic/agent/server/api.py:879",
                "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish.",
            ),
            elastic(
                "I",
                t + timedelta(seconds=41),
                agent,
                "torch/distributed/elastic/agent/server/api.py:932",
                "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish",
            ),
            elastic(
                "I",
                t + timedelta(seconds=41),
                agent,
                "torch/distributed/elastic/agent/server/api.py:946",
                "Done waiting for other agents. Elapsed: 0.43193578720092773 seconds",
            ),
        ]
        c.add(f"{n}/torchrun.log", lines)
        c.add(
            f"{n}/kern.log",
            [
                journal(
                    t - timedelta(hours=7),
                    n,
                    "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3e01 offset:0x0 grain:32 syndrome:0x0)",
                )
            ],
        )
    c.label(
        "unknown",
        "framework",
        None,
        None,
        "none",
        "The run reached its final iteration, saved the checkpoint and every agent reports SUCCEEDED; the "
        "NCCL plugin notices, deprecation warnings and one corrected DIMM error are benign.",
        "https://github.com/instructlab/training/pull/217",
    )
    return c


def clean_hf() -> Case:
    c = Case("clean_run_hf_trainer")
    nodes = ["ws-a", "ws-b", "ws-c"]
    for ni, n in enumerate(nodes):
        lines = [
            "100%|██████████| 8070/8070 [17:02:11<00:00,  7.60s/it]",
            "{'train_runtime': 61331.9, 'train_samples_per_second': 16.83, 'train_steps_per_second': 0.132, 'train_loss': 1.2119, 'epoch': 3.0}",
            "[W1003 07:12:40.233417 3301 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. (function operator())",
        ]
        if ni == 0:
            lines.append(
                "[INFO|trainer.py:3705] 2024-10-03 07:12:31,110 >> Saving model checkpoint to /out/sft-70b/final"
            )
        lines.append(f"[{n}] train.sh: python exited with code 0")
        c.add(f"{n}/out.log", lines)
    c.add(
        "ws-b/dmesg",
        [
            dmesg_uptime(
                50211.0,
                "NVRM: Xid (PCI:0000:2a:00): 63, pid=3302, Row Remapper: New row (0x0000000011f0a200) marked for remapping, reset gpu to activate.",
            )
        ],
    )
    c.label(
        "unknown",
        "framework",
        None,
        None,
        "none",
        "All three nodes finished the epoch and exited 0; the NCCL destroy_process_group warning is printed at "
        "every normal exit and the single Xid 63 records a row remap that takes effect at the next reset.",
        "https://github.com/huggingface/accelerate/issues/2183",
    )
    return c


CASES = [
    nan_same_iteration,
    nan_follows_node,
    loss_scale_minimum,
    straggler_thermal,
    straggler_no_signal,
    clean_megatron,
    clean_hf,
]
