"""u31-u35: deterministic user errors recognised by their message, on every rank (shape,
state-dict keys, dtype, DeepSpeed batch arithmetic, collective mismatch)."""

from __future__ import annotations

import random

from common import (
    BUS_IDS_A100,
    SITE,
    Bundle,
    Job,
    cosine_loss,
    dt,
    hexid,
    kernel_noise,
    render_dmesg_t,
    sec,
    traceback,
    ts_py,
)

# --------------------------------------------------------------------------------------
# u31 FSDP2 script: shape mismatch on every rank (torchelastic per-rank stderr files)
# --------------------------------------------------------------------------------------


def u31(rng: random.Random) -> Bundle:
    b = Bundle("u31_fsdp2_shape_mismatch_every_rank")
    hosts = ["dgxb200-07", "dgxb200-08"]
    job = Job(rng, hosts, gpn=8, ifname="enp170s0np0", nccl="2.23.4", cuda="12.6")
    t0 = dt("2025-04-07 15:22:09")
    for h in hosts:
        out = job.agent_start(h, t0, "train_fsdp2.py", 2, "dgxb200-07:29500")
        out.append(
            f"{ts_py(t0 + sec(1))} torchrun: logs for each worker in /tmp/torchelastic_"
            f"{hexid(rng, 8)}/job-4471_{hexid(rng, 6)}/attempt_0/<local_rank>/{{stdout,stderr}}.log"
        )
        out += job.agent_failure(h, t0 + sec(74), [(lr, 1) for lr in range(8)], "train_fsdp2.py")
        b.add(h, "torchrun.out", out)
        nccl = job.nccl_init(h)
        for lr in range(8):
            r = job.rank(h, lr)
            err = [x for x in nccl if f" [{lr}] " in x]
            err += [
                f"{ts_py(t0 + sec(30))} INFO cfg: model=llama-13b-custom hidden_size=4096 "
                "intermediate_size=13824 num_layers=40 init_from=/ckpt/base-13b-v2 (dim 5120)",
                f"{ts_py(t0 + sec(55))} INFO applied fully_shard to 40 blocks + root; "
                "reshard_after_forward=True",
                f"{ts_py(t0 + sec(61))} INFO step 0: first batch shape torch.Size([4, 4096])",
            ]
            err += traceback(
                [
                    ("/home/ml/train_fsdp2.py", 318, "<module>", "main()"),
                    ("/home/ml/train_fsdp2.py", 270, "main", "logits = model(tokens)"),
                    (
                        f"{SITE}/torch/nn/modules/module.py",
                        1751,
                        "_wrapped_call_impl",
                        "return self._call_impl(*args, **kwargs)",
                    ),
                    ("/home/ml/model.py", 211, "forward", "h = layer(h, freqs_cis)"),
                    ("/home/ml/model.py", 160, "forward", "out = h + self.mlp(self.mlp_norm(h))"),
                    (
                        "/home/ml/model.py",
                        121,
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
                "RuntimeError: mat1 and mat2 shapes cannot be multiplied (16384x4096 and 5120x13824)",
            )
            b.add(h, f"torchelastic/attempt_0/{lr}/stderr.log", err)
            _ = r
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "All 16 ranks fail in the first forward pass with 'mat1 and mat2 shapes cannot be "
        "multiplied (16384x4096 and 5120x13824)': the config sets hidden_size 4096 but the "
        "initial weights come from a 5120-wide checkpoint. A configuration bug; restarting "
        "cannot help.",
        "https://github.com/epfLLM/Megatron-LLM/issues/73",
        "generic RuntimeError recognised by message; per-rank torchelastic stderr files",
    )
    return b


# --------------------------------------------------------------------------------------
# u32 Accelerate resume: missing/unexpected keys loading a PEFT model state
# --------------------------------------------------------------------------------------


def u32(rng: random.Random) -> Bundle:
    b = Bundle("u32_accelerate_resume_missing_keys")
    hosts = ["ml-a100-x1", "ml-a100-x2"]
    job = Job(rng, hosts, gpn=8, ifname="eth0", bus_ids=BUS_IDS_A100, nccl="2.20.5", cuda="12.1")
    t0 = dt("2024-05-15 21:44:30")
    py = "/opt/conda/lib/python3.10/site-packages"
    missing = ", ".join(
        f'"base_model.model.model.layers.{i}.self_attn.{p}_proj.lora_{ab}.default.weight"'
        for i in range(0, 3)
        for p in ("q", "v")
        for ab in ("A", "B")
    )
    unexpected = ", ".join(
        f'"model.layers.{i}.self_attn.{p}_proj.weight"'
        for i in range(0, 3)
        for p in ("q", "k", "v", "o")
    )
    for h in hosts:
        out = [
            f"{t0:%m/%d/%Y %H:%M:%S} - INFO - accelerate.commands.launch - Launching training on "
            f"machine {hosts.index(h)} of 2",
        ]
        out += job.agent_start(h, t0, "finetune_lora.py", 2, "ml-a100-x1:29500")
        out += job.nccl_init(h, prefix="[rank{rank}]:", net="Socket")
        for lr in range(8):
            r = job.rank(h, lr)
            pre = f"[rank{r}]:"
            tt = t0 + sec(70 + rng.uniform(0, 3))
            out += [
                f"{pre}{tt:%m/%d/%Y %H:%M:%S} - INFO - __main__ - trainable params: 13,631,488 || "
                "all params: 6,751,641,600 || trainable%: 0.2019",
                f"{pre}{tt:%m/%d/%Y %H:%M:%S} - INFO - accelerate.accelerator - Loading states from "
                "/shared/ckpt/llama2-7b-lora/step_6000",
            ]
            out += traceback(
                [
                    ("/workspace/finetune_lora.py", 402, "<module>", "main()"),
                    (
                        "/workspace/finetune_lora.py",
                        318,
                        "main",
                        "accelerator.load_state(args.resume_from_checkpoint)",
                    ),
                    (
                        f"{py}/accelerate/accelerator.py",
                        3087,
                        "load_state",
                        "load_accelerator_state(",
                    ),
                    (
                        f"{py}/accelerate/checkpointing.py",
                        200,
                        "load_accelerator_state",
                        "models[i].load_state_dict(state_dict, **load_model_func_kwargs)",
                    ),
                    (
                        f"{py}/torch/nn/modules/module.py",
                        2215,
                        "load_state_dict",
                        "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
                    ),
                ],
                "RuntimeError: Error(s) in loading state_dict for PeftModelForCausalLM:\n"
                f"\tMissing key(s) in state_dict: {missing}, ... \n"
                f"\tUnexpected key(s) in state_dict: {unexpected}, ... ",
                pre,
            )
        out += job.agent_failure(h, t0 + sec(79), [(lr, 1) for lr in range(8)], "finetune_lora.py")
        out.append(
            f"{t0 + sec(80):%m/%d/%Y %H:%M:%S} - ERROR - accelerate.commands.launch - "
            "Command '['torchrun', ...]' returned non-zero exit status 1."
        )
        b.add(h, "launch.log", out)
    b.add(
        "ml-a100-x1",
        "ls_ckpt.txt",
        [
            "$ ls -la /shared/ckpt/llama2-7b-lora/step_6000",
            "total 13194148",
            "drwxr-xr-x 2 ml ml        4096 May 15 19:02 .",
            "-rw-r--r-- 1 ml ml 13476839424 May 15 19:02 model.safetensors",
            "-rw-r--r-- 1 ml ml   109068562 May 15 19:02 optimizer.bin",
            "-rw-r--r-- 1 ml ml       14244 May 15 19:02 random_states_0.pkl",
            "-rw-r--r-- 1 ml ml        1064 May 15 19:02 scheduler.bin",
        ],
    )
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Every rank fails in accelerator.load_state with missing LoRA keys and unexpected base "
        "weights: the checkpoint was saved from the merged, non-PEFT model and is being loaded "
        "into a PEFT-wrapped one. Deterministic; it will fail the same way on any node.",
        "https://github.com/nerfstudio-project/nerfstudio/issues/1636",
        "missing keys in a state dict on every rank",
    )
    return b


# --------------------------------------------------------------------------------------
# u33 Composer amp_bf16: dtype mismatch in a custom conv on every rank
# --------------------------------------------------------------------------------------


def u33(rng: random.Random) -> Bundle:
    b = Bundle("u33_composer_bf16_dtype_mismatch")
    hosts = ["cw-h100-a17", "cw-h100-a18", "cw-h100-b03"]
    job = Job(rng, hosts, gpn=8, ifname="ens7", nccl="2.21.5")
    t0 = dt("2024-07-09 03:30:01")
    py = "/usr/lib/python3/dist-packages"
    for h in hosts:
        out = [
            f"Starting distributed environment on local node for global_rank(s) {job.ranks_on(h)}"
        ]
        out.append(f"Distributed KV store: tcp://{job.ips[hosts[0]]}:29400")
        out += job.nccl_init(h)
        for lr in range(8):
            r = job.rank(h, lr)
            tt = t0 + sec(88 + rng.uniform(0, 2))
            lines = [
                f"{ts_py(tt)}: rank{r}[{job.pid[r]}][MainThread]: INFO: composer.trainer.trainer: "
                "Stepping schedulers every batch. To step schedulers every epoch, set "
                "`step_schedulers_every_batch=False`.",
                f"{ts_py(tt)}: rank{r}[{job.pid[r]}][MainThread]: INFO: composer.trainer.trainer: "
                "Setting seed to 17",
                f"{ts_py(tt + sec(3))}: rank{r}[{job.pid[r]}][MainThread]: INFO: composer.core.state: "
                "Using precision Precision.AMP_BF16",
            ]
            lines += traceback(
                [
                    ("/workspace/vitdet/train.py", 151, "<module>", "trainer.fit()"),
                    (f"{py}/composer/trainer/trainer.py", 2223, "fit", "self._train_loop()"),
                    (
                        f"{py}/composer/trainer/trainer.py",
                        2464,
                        "_train_loop",
                        "total_loss_dict = self._train_batch(use_grad_scaling)",
                    ),
                    (
                        f"{py}/composer/trainer/trainer.py",
                        2815,
                        "_train_microbatches",
                        "microbatch_loss_dict = self._train_microbatch(use_grad_scaling, current_batch_size, is_final_microbatch)",
                    ),
                    (
                        f"{py}/composer/trainer/trainer.py",
                        2878,
                        "_train_microbatch",
                        "self.state.outputs = self.state.model(self.state.batch)",
                    ),
                    (
                        "/workspace/vitdet/model.py",
                        88,
                        "forward",
                        "x = self.patch_embed(x.to(torch.bfloat16))",
                    ),
                    (
                        "/workspace/vitdet/model.py",
                        31,
                        "forward",
                        "return F.conv2d(x, self.proj.weight.to(x.dtype), self.proj.bias, stride=self.stride)",
                    ),
                ],
                "RuntimeError: Input type (c10::BFloat16) and bias type (float) should be the same",
            )
            out += lines
        tc = t0 + sec(92)
        for lr in range(8):
            out.append(
                f"ERROR:composer.cli.launcher:Rank {job.rank(h, lr)} crashed with exit code 1."
            )
        out.append(
            "Waiting up to 30 seconds for all training processes to terminate. Press Ctrl-C to "
            "exit immediately."
        )
        out.append(
            f"Global rank {job.ranks_on(h)[0]} (PID {job.pid[job.ranks_on(h)[0]]}) exited "
            "with code 1"
        )
        out.append(f"{ts_py(tc + sec(31))} composer launcher finished with return code 1")
        b.add(h, "composer_launcher.log", out)
        b.add(h, "dmesg.txt", render_dmesg_t(kernel_noise(rng, t0 - sec(3600), t0 + sec(120), 15)))
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "All 24 ranks crash on the first batch with 'Input type (c10::BFloat16) and bias type "
        "(float) should be the same' from the user's patch-embedding forward, which casts the "
        "input and weight to bf16 but passes the fp32 bias: a dtype bug in the model code.",
        "https://github.com/bghira/SimpleTuner/issues/356",
        "dtype mismatch recognised by message; Composer launcher/rank log format",
    )
    return b


# --------------------------------------------------------------------------------------
# u34 DeepSpeed: batch-size arithmetic assertion on every rank at initialize
# --------------------------------------------------------------------------------------


def u34(rng: random.Random) -> Bundle:
    b = Bundle("u34_deepspeed_batch_size_assertion")
    hosts = ["gn-001", "gn-002", "gn-003"]
    job = Job(rng, hosts, gpn=8, ifname="ib0", bus_ids=BUS_IDS_A100, nccl="2.18.5", cuda="12.1")
    t0 = dt("2024-02-19 10:05:44")
    ds = "/usr/local/lib/python3.10/dist-packages/deepspeed"
    for h in hosts:
        p = f"{h}: "
        out = [
            f"{p}[{ts_py(t0)}] [INFO] [real_accelerator.py:191:get_accelerator] Setting "
            "ds_accelerator to cuda (auto detect)",
            f"{p}[{ts_py(t0 + sec(2))}] [INFO] [launch.py:145:main] WORLD INFO DICT: {{'gn-001': "
            "[0, 1, 2, 3, 4, 5, 6, 7], 'gn-002': [0, 1, 2, 3, 4, 5, 6, 7], 'gn-003': [0, 1, 2, 3, "
            "4, 5, 6, 7]}",
            f"{p}[{ts_py(t0 + sec(2))}] [INFO] [launch.py:151:main] nnodes=3, num_local_procs=8, "
            f"node_rank={hosts.index(h)}",
            f"{p}[{ts_py(t0 + sec(2))}] [INFO] [launch.py:163:main] dist_world_size=24",
        ]
        out += job.nccl_init(h, prefix=p)
        for lr in range(8):
            r = job.rank(h, lr)
            out += traceback(
                [
                    ("/home/lab/llm-sft/train.py", 211, "<module>", "main()"),
                    (
                        "/home/lab/llm-sft/train.py",
                        160,
                        "main",
                        "model_engine, optimizer, _, _ = deepspeed.initialize(args=args, model=model, "
                        "model_parameters=params, config=args.deepspeed_config)",
                    ),
                    (
                        f"{ds}/__init__.py",
                        157,
                        "initialize",
                        "config_class = DeepSpeedConfig(config, mpu)",
                    ),
                    (
                        f"{ds}/runtime/config.py",
                        791,
                        "__init__",
                        "self._configure_train_batch_size()",
                    ),
                    (
                        f"{ds}/runtime/config.py",
                        974,
                        "_configure_train_batch_size",
                        "self._batch_assertion()",
                    ),
                    (
                        f"{ds}/runtime/config.py",
                        922,
                        "_batch_assertion",
                        "assert train_batch == micro_batch * grad_acc * self.world_size, (",
                    ),
                ],
                "AssertionError: Check batch related parameters. train_batch_size is not equal to "
                "micro_batch_per_gpu * gradient_acc_step * world_size 512 != 8 * 4 * 24",
                f"{p}[rank{r}]: ",
            )
        for lr in range(8):
            out.append(
                f"{p}[{ts_py(t0 + sec(41 + lr * 0.1))}] [INFO] [launch.py:315:sigkill_handler] "
                f"Killing subprocess {job.pid[job.rank(h, lr)]}"
            )
        out.append(
            f"{p}[{ts_py(t0 + sec(42))}] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/"
            "python3', '-u', 'train.py', '--local_rank=7', '--deepspeed_config', "
            "'ds_z2_bs512.json'] exits with return code = 1"
        )
        out.append(f"pdsh@gn-001: {h}: ssh exited with exit code 1")
        b.add(h, "deepspeed.log", out)
    b.add(
        "gn-001",
        "ds_z2_bs512.json",
        [
            "{",
            '  "train_batch_size": 512,',
            '  "train_micro_batch_size_per_gpu": 8,',
            '  "gradient_accumulation_steps": 4,',
            '  "bf16": {"enabled": true},',
            '  "zero_optimization": {"stage": 2, "overlap_comm": true, "contiguous_gradients": true},',
            '  "gradient_clipping": 1.0',
            "}",
        ],
    )
    b.add("gn-001", "hostfile", ["gn-001 slots=8", "gn-002 slots=8", "gn-003 slots=8"])
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Every rank fails in deepspeed.initialize with the batch assertion 512 != 8 * 4 * 24: "
        "the DeepSpeed config was written for 16 GPUs and the job now runs on 24. A "
        "configuration error that fails identically on any nodes.",
        "https://github.com/OpenRLHF/OpenRLHF/issues/346",
        "AssertionError recognised by message; pdsh host: prefixes; config file",
    )
    return b


# --------------------------------------------------------------------------------------
# u35 TORCH_DISTRIBUTED_DEBUG=DETAIL catches a rank-0-only all_reduce at the eval step
# --------------------------------------------------------------------------------------


def u35(rng: random.Random) -> Bundle:
    b = Bundle("u35_collective_mismatch_rank0_eval_branch")
    hosts = ["hgx-lm-a", "hgx-lm-b"]
    job = Job(rng, hosts, gpn=8, ifname="enp12s0")
    t0 = dt("2024-11-26 13:00:12")
    t_train = t0 + sec(95)
    step_s = 0.94
    t_fail = t_train + sec(2000 * step_s + 0.4)
    seq = 48213
    shape = 29360128
    fp_tail = (
        "TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided "
        "(default), requires_grad=false (default), pinned_memory=false (default), "
        "memory_format=(nullopt)))"
    )
    for h in hosts:
        out = job.agent_start(h, t0, "train.py", 2, "hgx-lm-a:29500")
        out.append(f"{ts_py(t0 + sec(2))} env: TORCH_DISTRIBUTED_DEBUG=DETAIL NCCL_DEBUG=INFO")
        out += job.nccl_init(h, prefix="[rank{rank}]:")
        if h == hosts[0]:
            for step in range(20, 2001, 20):
                tt = t_train + sec(step * step_s)
                out.append(
                    f"[rank0]:{ts_py(tt)} train | step {step:5d} | loss "
                    f"{cosine_loss(rng, step, 2.7, 2.0):.4f} | {step_s + rng.uniform(-0.02, 0.02):.3f} s/step"
                )
            out.append(
                f"[rank0]:{ts_py(t_fail - sec(0.3))} eval | step 2000 | computing val "
                "perplexity on rank 0"
            )
        for lr in range(8):
            r = job.rank(h, lr)
            other = 3 if r == 0 else 0
            mine = (
                ("ALLREDUCE", "1", "Float")
                if r == 0
                else ("_ALLGATHER_BASE", str(shape), "BFloat16")
            )
            theirs = (
                ("_ALLGATHER_BASE", str(shape), "BFloat16")
                if r == 0
                else ("ALLREDUCE", "1", "Float")
            )
            msg = (
                f"RuntimeError: Detected mismatch between collectives on ranks. Rank {r} is running "
                f"collective: CollectiveFingerPrint(SequenceNumber={seq}, OpType={mine[0]}, "
                f"TensorShape=[{mine[1]}], TensorDtypes={mine[2]}, {fp_tail}, but Rank {other} is "
                f"running collective: CollectiveFingerPrint(SequenceNumber={seq}, OpType={theirs[0]}, "
                f"TensorShape=[{theirs[1]}], TensorDtypes={theirs[2]}, {fp_tail}.Collectives differ "
                f"in the following aspects: \t Op type: {mine[0]}vs {theirs[0]}\t Tensor Tensor "
                f"shapes: {mine[1]}vs {theirs[1]}\t Tensor Tensor dtypes: {mine[2]}vs {theirs[2]}"
            )
            frames = [("/srv/lm/train.py", 301, "<module>", "main()")]
            if r == 0:
                frames += [
                    ("/srv/lm/train.py", 262, "main", "val_ppl = evaluate(model, val_loader)"),
                    (
                        "/srv/lm/train.py",
                        131,
                        "evaluate",
                        "dist.all_reduce(total_loss, op=dist.ReduceOp.SUM)",
                    ),
                ]
            else:
                frames += [
                    ("/srv/lm/train.py", 248, "main", "loss = model(batch).loss"),
                    (
                        f"{SITE}/torch/distributed/_composable/fsdp/_fsdp_collectives.py",
                        193,
                        "foreach_all_gather",
                        "all_gather_work = dist.all_gather_into_tensor(",
                    ),
                ]
            frames.append(
                (
                    f"{SITE}/torch/distributed/c10d_logger.py",
                    83,
                    "wrapper",
                    "return func(*args, **kwargs)",
                )
            )
            out += traceback(frames, msg, f"[rank{r}]:")
        out += job.agent_failure(h, t_fail + sec(2), [(lr, 1) for lr in range(8)], "train.py")
        b.add(h, "train.log", out)
    b.label(
        "hang",
        "script",
        None,
        None,
        "stop",
        "At step 2000 every rank stops with 'Detected mismatch between collectives': rank 0 runs "
        "an ALLREDUCE from evaluate() (called only on rank 0) while all others are in the next "
        "FSDP all-gather. Without DETAIL debugging this would hang; it is a code bug that will "
        "recur at the same step.",
        "https://github.com/modelscope/ms-swift/pull/9443",
        "collective desync caught by TORCH_DISTRIBUTED_DEBUG=DETAIL; rank-0-only branch",
    )
    return b


CASES = [u31, u32, u33, u34, u35]
