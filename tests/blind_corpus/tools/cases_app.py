"""Application (user code) cases, including multi-attempt bundles."""

from __future__ import annotations

from datetime import datetime, timedelta

from common import (
    Case,
    dmesg_ctime,
    dmesg_uptime,
    elastic,
    journal,
    megatron_iters,
    py_tb,
    sigterm,
    torchrun_table,
    ts,
    watchdog_timeout,
)

SITE = "/opt/conda/lib/python3.10/site-packages"


def shape_mismatch() -> Case:
    c = Case("shape_mismatch_first_step")
    nodes = ["worker-0", "worker-1"]
    for ni, n in enumerate(nodes):
        lines = [
            f"{ts(datetime(2024, 11, 5, 13, 0, 2))} - INFO - accelerate.accelerator - Updating DeepSpeed plugin from the Accelerate config"
        ]
        for lr in range(0, 8, 3):
            lines += py_tb(
                [
                    ("/mnt/code/adapter_train.py", 211, "<module>", "main(args)"),
                    ("/mnt/code/adapter_train.py", 176, "main", "outputs = model(**batch)"),
                    (
                        "/mnt/code/models/adapter.py",
                        58,
                        "forward",
                        "h = self.up_proj(self.down_proj(x))",
                    ),
                    (
                        f"{SITE}/torch/nn/modules/linear.py",
                        125,
                        "forward",
                        "return F.linear(input, self.weight, self.bias)",
                    ),
                ],
                "RuntimeError: mat1 and mat2 shapes cannot be multiplied (4096x5120 and 4096x11008)",
                prefix=f"[rank{ni * 8 + lr}]: ",
            )
        c.add(f"{n}/accelerate_launch.log", lines)
    c.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Every rank fails on the first forward pass with the same matmul shape mismatch in the user's adapter "
        "module (hidden size 5120 fed to a 4096-wide projection): a deterministic bug in the script.",
        "https://github.com/hpcaitech/ColossalAI/issues/3571",
    )
    return c


def missing_keys() -> Case:
    c = Case("missing_state_dict_keys_resume")
    nodes = ["nemo-0", "nemo-1", "nemo-2", "nemo-3"]
    for ni, n in enumerate(nodes):
        lines = [
            f"[NeMo I 2024-08-01 10:12:0{ni} nemo_model_checkpoint:233] Restoring from /ckpt/gpt-8b/step=30000-last.ckpt"
        ]
        lines += py_tb(
            [
                (
                    "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py",
                    42,
                    "main",
                    "trainer.fit(model)",
                ),
                (
                    f"{SITE}/lightning/pytorch/trainer/connectors/checkpoint_connector.py",
                    382,
                    "restore_model",
                    "self.trainer.strategy.load_model_state_dict(",
                ),
                (
                    f"{SITE}/torch/nn/modules/module.py",
                    2215,
                    "load_state_dict",
                    "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
                ),
            ],
            "RuntimeError: Error(s) in loading state_dict for MegatronGPTModel:\n"
            '\tMissing key(s) in state_dict: "model.decoder.layers.0.mlp.linear_fc1.layer_norm_weight", '
            '"model.decoder.layers.0.mlp.linear_fc1.layer_norm_bias", "model.decoder.layers.1.mlp.linear_fc1.layer_norm_weight". \n'
            '\tUnexpected key(s) in state_dict: "model.decoder.layers.0.pre_mlp_layernorm.weight", "model.decoder.layers.0.pre_mlp_layernorm.bias". ',
            prefix="",
        )
        c.add(f"{n}/nemo_log_globalrank-{ni * 8}.txt", lines)
    c.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "All nodes fail restoring the checkpoint with missing/unexpected keys: the model config (fused layer norm "
        "in linear_fc1) no longer matches the checkpoint layout. Deterministic; restarting cannot help.",
        "https://github.com/NVIDIA/Megatron-LM/issues/780",
    )
    return c


def syntax_error() -> Case:
    c = Case("syntax_error_eight_nodes")
    nodes = [f"sxm{i:02d}" for i in range(1, 9)]
    t = datetime(2024, 4, 2, 23, 59, 40)
    for ni, n in enumerate(nodes):
        agent = 3000 + ni
        lines = [
            elastic(
                "W",
                t - timedelta(seconds=2),
                agent,
                "torch/distributed/run.py:779",
                "*****************************************",
            ),
            elastic(
                "W",
                t - timedelta(seconds=2),
                agent,
                "torch/distributed/run.py:779",
                "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed.",
            ),
        ]
        if ni != 0:
            lines += [
                '  File "/shared/exp/run_pretrain.py", line 148',
                "    if args.resume and not os.path.exists(args.ckpt_dir)",
                "                                                        ^",
                "SyntaxError: expected ':'",
            ]
        lines += sigterm(t, agent, [agent + 100 + k for k in range(1, 3)])
        lines += torchrun_table(
            "run_pretrain.py",
            {
                "time": "2024-04-02_23:59:40",
                "host": n,
                "rank": ni * 8,
                "local_rank": 0,
                "exitcode": 1,
                "pid": agent + 100,
            },
        )
        c.add(f"{n}/torchrun.{n}.log", lines)
    c.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "The script does not parse (SyntaxError: expected ':' at run_pretrain.py:148) on every node; sxm01's log "
        "only has the launcher's teardown. A deterministic script error.",
        "https://github.com/Chinese-Vicuna/Chinese-Vicuna/issues/113",
    )
    return c


def name_error_eval() -> Case:
    c = Case("name_error_at_eval_iteration")
    nodes = ["c3-101", "c3-102", "c3-103"]
    t = datetime(2024, 9, 9, 4, 40, 0)
    for ni, n in enumerate(nodes):
        lines = megatron_iters(t - timedelta(seconds=8), 1997, 4, 2000.0, 2.11, seed=ni)
        lines.append(f" [{ts(t)}] running validation at iteration 2000")
        lines += py_tb(
            [
                (
                    "/home/team/gpt/pretrain.py",
                    288,
                    "<module>",
                    "pretrain(train_valid_test_datasets_provider, model_provider, ModelType.encoder_or_decoder, forward_step)",
                ),
                ("/home/team/gpt/hooks.py", 61, "custom_eval_hook", "for batch in val_loader:"),
            ],
            "NameError: name 'val_loader' is not defined",
            prefix=f"[rank{ni * 8 + 5}]: ",
        )
        c.add(f"{n}/pretrain.stdout", lines)
    c.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "All data-parallel replicas reach iteration 2000 and die in the user's custom eval hook with the same "
        "NameError; the bug fires at the same iteration on every node.",
        "https://github.com/bytedance/HLLM/issues/9",
    )
    return c


def import_user_module() -> Case:
    c = Case("user_module_not_shipped")
    nodes = ["ip-172-31-7-201", "ip-172-31-7-202"]
    for ni, n in enumerate(nodes):
        lines = py_tb(
            [
                (
                    "/fsx/users/kim/moe_exp/train.py",
                    14,
                    "<module>",
                    "from mymodels.moe_router import TopKRouter",
                )
            ],
            "ModuleNotFoundError: No module named 'mymodels.moe_router'",
            prefix=f"[rank{ni * 8}]:",
        )
        lines.append(f"srun: error: {n}: task {ni}: Exited with exit code 1")
        c.add(f"{n}/slurm-40021.out", lines)
    c.add(
        nodes[0] + "/ls-mymodels.txt",
        ["/fsx/users/kim/moe_exp/mymodels:", "__init__.py  attention.py  mlp.py"],
    )
    c.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "The user's own package lacks moe_router.py (the directory listing shows it was never synced), so "
        "import fails on every rank. Script error; stop.",
        "https://github.com/Vision-CAIR/MiniGPT-4/issues/237",
    )
    return c


def keyerror_with_noise() -> Case:
    c = Case("keyerror_data_with_benign_xid63")
    nodes = ["hgx-21", "hgx-22", "hgx-23"]
    t = datetime(2024, 12, 12, 18, 3, 27)
    for ni, n in enumerate(nodes):
        lines = [f"{ts(t - timedelta(minutes=1))} [INFO] step 7730 loss=1.6622 tokens/s=2.9e5"]
        lines += py_tb(
            [
                (
                    "/data/sft/train.py",
                    140,
                    "collate",
                    "ids = [ex['input_ids'] for ex in examples]",
                ),
                (
                    "/data/sft/train.py",
                    140,
                    "<listcomp>",
                    "ids = [ex['input_ids'] for ex in examples]",
                ),
            ],
            "KeyError: 'input_ids'",
            prefix=f"[rank{ni * 8 + 1}]: ",
        )
        lines.append(
            f"{ts(t)} [ERROR] batch 7731 came from shard 'webqa-2024-12/part-0093.jsonl' (schema: question, answer)"
        )
        c.add(f"{n}/train.err.log", lines)
        dm = [
            dmesg_ctime(
                t - timedelta(days=1),
                "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x12aa1 offset:0x0 grain:32 syndrome:0x0)",
            )
        ]
        if n == "hgx-22":
            dm.append(
                dmesg_ctime(
                    t - timedelta(minutes=7),
                    "NVRM: Xid (PCI:0000:18:00): 63, pid=1896, Row Remapper: New row (0x00000000a2b4c000) marked for remapping, reset gpu to activate.",
                )
            )
        c.add(f"{n}/dmesg-T", dm)
    c.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "All replicas hit KeyError 'input_ids' on batch 7731, which came from a shard with a different schema. The "
        "Xid 63 on hgx-22 (a row remap recorded, effective at next reset) and a corrected EDAC error are noise.",
        "https://github.com/awslabs/graphstorm/issues/199",
    )
    return c


def device_assert_embedding() -> Case:
    c = Case("device_assert_vocab_mismatch")
    nodes = ["gpu-a-01", "gpu-a-02"]
    t = datetime(2025, 7, 14, 9, 20, 11)
    for ni, n in enumerate(nodes):
        lines = [
            f"{ts(t - timedelta(minutes=1))} INFO tokenizer=llama3 (vocab 128256), model.vocab_size=32000"
        ]
        lines += [
            f"/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1308: indexSelectLargeIndex: block: [{k},0,0], thread: [{32 + k},0,0] Assertion `srcIndex < srcSelectDimSize` failed."
            for k in range(3)
        ]
        lines += py_tb(
            [
                ("/code/train.py", 91, "step", "logits = model(input_ids)"),
                (
                    f"{SITE}/torch/nn/functional.py",
                    2551,
                    "embedding",
                    "return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)",
                ),
            ],
            "RuntimeError: CUDA error: device-side assert triggered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            prefix=f"[rank{ni * 8 + 3}]:",
        )
        c.add(f"{n}/stdout_stderr.log", lines)
        c.add(
            f"{n}/kern.log",
            [
                journal(
                    t,
                    n,
                    f"NVRM: Xid (PCI:0000:{'1b' if ni == 0 else '43'}:00): 13, pid={5100 + ni}, name=python, Graphics Exception: ChID 0010, Class 0000c9c0, Offset 00000000, Data 00000000",
                )
            ],
        )
    c.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Both nodes assert in the embedding lookup (srcIndex < srcSelectDimSize) because a 128k-token tokenizer "
        "feeds a 32k-vocab model; the Xid 13 on each node is the consequence of the assert, not a GPU fault.",
        "https://github.com/marin-community/marin/issues/7344",
    )
    return c


def same_error_different_nodes() -> Case:
    c = Case("illegal_access_same_iter_two_attempts")
    t0 = datetime(2024, 3, 30, 1, 10, 0)
    layout = {
        "attempt_0": ["hpc-7-01", "hpc-7-02", "hpc-7-03", "hpc-7-04"],
        "attempt_1": ["hpc-7-02", "hpc-7-03", "hpc-7-04", "hpc-7-09"],
    }
    culprits = {"attempt_0": ("hpc-7-01", 5), "attempt_1": ("hpc-7-09", 29)}
    for ai, (att, nodes) in enumerate(layout.items()):
        t = t0 + timedelta(hours=2 * ai)
        bad, badrank = culprits[att]
        for ni, n in enumerate(nodes):
            lines = megatron_iters(
                t - timedelta(seconds=9), 1198, 3, 3000.0, 3.02, seed=ai * 10 + ni
            )
            if n == bad:
                lines += py_tb(
                    [
                        (
                            "/proj/llm/model/rope.py",
                            61,
                            "forward",
                            "return fused_rope_ext.apply(q, k, self.cos, self.sin, positions)",
                        ),
                        (
                            "/proj/llm/model/rope.py",
                            29,
                            "forward",
                            "fused_rope_cuda.fwd(q, k, cos, sin, positions)",
                        ),
                    ],
                    "RuntimeError: CUDA error: an illegal memory access was encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                    prefix=f"[rank{badrank}]: ",
                )
                lines.append(
                    f" [{ts(t)}] failing batch: iteration 1201, max position id 65540 > rope table size 65536"
                )
            else:
                lines += watchdog_timeout(t + timedelta(minutes=10), ni * 8, 3602, "ALLREDUCE", 1)
            c.add(f"{att}/{n}/train.log", lines)
    c.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "The illegal memory access happens at iteration 1201 in the user's fused RoPE extension on hpc-7-01, and "
        "again at 1201 on a different node (hpc-7-09) after hpc-7-01 was excluded: positions beyond the rope "
        "table. Same error, same iteration, different nodes: the application.",
        "https://github.com/pytorch/pytorch/issues/45826",
    )
    return c


def follows_node() -> Case:
    c = Case("launch_failure_follows_node_attempts")
    nodes = [f"gpu-node-{i:03d}" for i in range(1, 5)]
    bad = "gpu-node-003"
    runs = [
        (
            "attempt_0",
            datetime(2024, 5, 5, 3, 1, 12),
            22,
            5120,
            "an illegal memory access was encountered",
        ),
        ("attempt_1", datetime(2024, 5, 5, 5, 47, 40), 22, 5077, "unspecified launch failure"),
    ]
    for att, t, badrank, it, err in runs:
        for ni, n in enumerate(nodes):
            lines = megatron_iters(t - timedelta(seconds=12), it - 3, 3, 4000.0, 2.31, seed=it + ni)
            if n == bad:
                lines += py_tb(
                    [
                        (
                            "/workspace/Megatron-LM/megatron/core/transformer/moe/experts.py",
                            217,
                            "forward",
                            "intermediate_parallel = self.activation_func(intermediate_parallel)",
                        ),
                        (
                            "/workspace/Megatron-LM/megatron/core/fusions/fused_bias_swiglu.py",
                            49,
                            "forward",
                            "return bias_swiglu_impl(input, bias)",
                        ),
                    ],
                    f"RuntimeError: CUDA error: {err}\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                    prefix=f"[rank{badrank}]: ",
                )
            else:
                lines += watchdog_timeout(
                    t + timedelta(minutes=10), ni * 8, 7711 + it, "_REDUCE_SCATTER_BASE", 67108864
                )
            c.add(f"{att}/{n}/rank_logs.txt", lines)
    c.add(
        f"attempt_1/{bad}/dmesg.txt",
        [
            dmesg_uptime(
                10211.22,
                "NVRM: Xid (PCI:0000:cb:00): 31, pid=77410, name=python, Ch 00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7f3c_a1200000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ",
            )
        ],
    )
    c.label(
        "gpu_hardware",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Both attempts crash with a CUDA fault on the same GPU of gpu-node-003 (rank 22, local rank 6), at "
        "different iterations (5120 vs 5077) with different errors, and the second time the kernel logs an MMU "
        "fault (Xid 31) there, while the same code runs on the other nodes. The failure follows the node: exclude it.",
        "https://github.com/learning-at-home/hivemind/issues/509",
    )
    return c


CASES = [
    shape_mismatch,
    missing_keys,
    syntax_error,
    name_error_eval,
    import_user_module,
    keyerror_with_noise,
    device_assert_embedding,
    same_error_different_nodes,
    follows_node,
]
