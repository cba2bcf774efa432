"""Cases at01-at10: compile, checkpoint, storage, dependency, NCCL env."""
from common import (Case, Job, T, ms, sec, f_py, f_glog, f_c10, f_dmesg_T, f_iso, f_syslog,
                    torchrun_header, nccl_init_noise, watchdog_timeout, remote_closed, sigterm_lines,
                    child_failed, TB_LINK, sigterm_tb, nvsmi_q, dmesg_benign, fmt_kernel,
                    titan_steps, megatron_iters)

SP = "/usr/local/lib/python3.11/site-packages"


def tb(rank, frames, exc_lines, prefix=True):
    p = f"[rank{rank}]: " if prefix else ""
    L = [f"{p}Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        L.append(f'{p}  File "{f}", line {ln}, in {fn}')
        L.append(f"{p}    {code}")
    L += [p + x for x in exc_lines]
    return L


def at01(c):
    """Triton/inductor fails identically on every rank at first compiled step (two triton backends in image)."""
    nodes = [f"gpu-a{n:03d}" for n in (11, 12, 13, 14)]
    job = Job(nodes, 8, c.rng)
    t0 = T("2025-02-18 14:02:11")
    c.add("slurm-771204.out", [f"+ srun --kill-on-bad-exit=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint {nodes[0]}:29500 -m torchtitan.train --job.config_file llama3_8b.toml --training.compile"])
    tfail = sec(t0, 212)
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "torchtitan.train")
        tt = sec(t0, 9)
        for lr in range(8):
            r = job.rank(n, lr)
            L.append(f"[rank{r}]:[titan] {f_py(ms(tt, lr*3))} - root - INFO - Starting job: Llama 3 8B training")
            L.append(f"[rank{r}]:[titan] {f_py(ms(tt, 40+lr))} - root - WARNING - ENV[TORCH_NCCL_ASYNC_ERROR_HANDLING] = 1 will be overridden to 3 based on job config")
            L.append(f"[rank{r}]:[titan] {f_py(ms(tt, 800+lr))} - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]")
        L += nccl_init_noise(job, n, sec(t0, 12))
        for lr in range(8):
            r = job.rank(n, lr)
            L.append(f"[rank{r}]:[titan] {f_py(sec(t0, 30+lr*0.01))} - root - INFO - Compiling each TransformerBlock with torch.compile")
            L.append(f"[rank{r}]:[titan] {f_py(sec(t0, 31))} - root - INFO - Applied FSDP to the model")
            L.append(f"[rank{r}]:[titan] {f_py(sec(t0, 44))} - root - INFO - Training starts at step 1, with local batch size 2, global batch size 64, sequence length 8192, total steps 3000 (warmup 200)")
            L.append(f"[rank{r}]:/usr/local/lib/python3.11/site-packages/torch/_inductor/compile_fx.py:236: UserWarning: TensorFloat32 tensor cores for float32 matrix multiplication available but not enabled. Consider setting `torch.set_float32_matmul_precision('high')` for better performance.")
        for lr in range(8):
            r = job.rank(n, lr)
            tr = ms(tfail, ni*37 + lr*11)
            L += tb(r, [
                ("/workspace/torchtitan/torchtitan/train.py", 563, "<module>", "trainer.train()"),
                (f"{SP}/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)"),
                ("/workspace/torchtitan/torchtitan/train.py", 481, "train", "self.train_step(data_iterator)"),
                ("/workspace/torchtitan/torchtitan/train.py", 399, "forward_backward_step", "pred = model_parts[0](inputs)"),
                (f"{SP}/torch/_dynamo/eval_frame.py", 574, "_fn", "return fn(*args, **kwargs)"),
                (f"{SP}/torch/_dynamo/output_graph.py", 1483, "_call_user_compiler", "raise BackendCompilerFailed(self.compiler_fn, e).with_traceback("),
                (f"{SP}/torch/_inductor/graph.py", 1224, "compile_to_fn", "return self.compile_to_module().call"),
                (f"{SP}/torch/_inductor/codecache.py", 2904, "load_by_key_path", "mod = _reload_python_module(key, path)"),
                (f"/tmp/torchinductor_{job.user}/6x/c6xkqz5ldmq4yq7tvb3i2w6pqgqg6r2rmbk4d7x3o7ctl3lm2t5c.py", 41, "<module>", "triton_red_fused__to_copy_add_mean_mul_pow_rsqrt_0 = async_compile.triton('triton_', '''"),
                (f"{SP}/torch/_inductor/async_compile.py", 203, "triton", "kernel.precompile()"),
                (f"{SP}/torch/_inductor/runtime/triton_heuristics.py", 256, "_precompile_config", "binary = triton.compile(*compile_args, **compile_kwargs)"),
                (f"{SP}/triton/compiler/compiler.py", 272, "compile", "backend = make_backend(target)"),
                (f"{SP}/triton/compiler/compiler.py", 382, "make_backend", "raise RuntimeError("),
            ], ["torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
                "RuntimeError: 2 compatible backends for target (cuda) ([<class 'nvidia.backend.compiler.CUDABackend'>, <class 'triton.backends.nvidia.compiler.CUDABackend'>]). There should only be one.",
                "",
                "Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information",
                "",
                "",
                "You can suppress this exception and fall back to eager by setting:",
                "    import torch._dynamo",
                "    torch._dynamo.config.suppress_errors = True"])
        te = sec(tfail, 3)
        L += child_failed(job, n, te, [(lr, 1, TB_LINK) for lr in range(1, 8)], (0, 1, TB_LINK), "torchtitan.train")
        c.add(f"{n}/torchrun.log", L)
        c.add(f"{n}/pip_freeze.txt", ["accelerate==1.1.1", "numpy==1.26.4", "nvidia-nccl-cu12==2.21.5", "pytorch-triton==3.2.0+git0d4682f0", "safetensors==0.4.5", "torch==2.6.0.dev20241120+cu124", "torchao==0.7.0", "torchdata==0.9.0", "triton==3.1.0", "tomli==2.0.2"])
        c.add(f"{n}/dmesg.txt", dmesg_benign(n, T("2025-02-11 07:40:02"), t0))
    c.add("sacct.txt", ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode",
                        "------------ ---------- ---------- ---------- ---------- ---------- --------",
                        "771204        titan-8b        h100      llm       512     FAILED      1:0",
                        "771204.batch      batch                  llm       128     FAILED      1:0",
                        "771204.0       torchrun                  llm       512     FAILED      1:0"])
    c.set_label("dependency", "framework", None, "stop",
                "All 32 ranks on all 4 nodes raise the same BackendCompilerFailed at the first compiled forward (gpu-a0NN/torchrun.log: 'RuntimeError: 2 compatible backends for target (cuda) ... There should only be one'). pip_freeze.txt on every node lists both pytorch-triton 3.2.0 (the nightly's pinned build) and a separately installed triton==3.1.0 - a broken environment image shared by every node, not a node fault and not the user's model code. The ChildFailedError summaries are just torchrun reporting the exits. Fix the image (uninstall the stray triton), so stop.",
                "https://github.com/pytorch/torchtitan/issues/55")


def at02(c):
    """torch.compile fullgraph=True in user model hits data-dependent branch -> Unsupported on every rank."""
    nodes = ["trn-node-0", "trn-node-1", "trn-node-2"]
    job = Job(nodes, 8, c.rng)
    t0 = T("2025-05-06 08:15:40")
    tfail = sec(t0, 96)
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "train_vlm.py", new_style=True)
        L += nccl_init_noise(job, n, sec(t0, 15), ifname="eth0", net="Socket" if False else "IB")
        if ni == 0:
            L += [f"{f_py(sec(t0, 40))} - INFO - __main__ - model params: 2.21B, trainable: 2.21B",
                  f"{f_py(sec(t0, 41))} - INFO - __main__ - Compiling model with torch.compile(mode='max-autotune-no-cudagraphs', fullgraph=True)",
                  f"{f_py(sec(t0, 42))} - INFO - __main__ - Starting training: 24 ranks, micro batch 4, grad accum 2"]
        for lr in range(8):
            r = job.rank(n, lr)
            L += tb(r, [
                ("/home/svc-train/vlm/train_vlm.py", 412, "<module>", "main(cfg)"),
                ("/home/svc-train/vlm/train_vlm.py", 371, "main", "loss = model(images, input_ids, attention_mask=attn, labels=labels)"),
                (f"{SP}/torch/nn/modules/module.py", 1739, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                (f"{SP}/torch/_dynamo/eval_frame.py", 574, "_fn", "return fn(*args, **kwargs)"),
                (f"{SP}/torch/_dynamo/convert_frame.py", 1380, "__call__", "return self._torchdynamo_orig_callable("),
                (f"{SP}/torch/_dynamo/symbolic_convert.py", 2934, "run", "super().run()"),
                (f"{SP}/torch/_dynamo/variables/tensor.py", 1218, "evaluate_expr", "unimplemented("),
                (f"{SP}/torch/_dynamo/exc.py", 317, "unimplemented", "raise Unsupported(msg, case_name=case_name)"),
            ], ["torch._dynamo.exc.UserError: Dynamic control flow is not supported at the moment. Please use functorch.experimental.control_flow.cond to explicitly capture the control flow. For more information about this error, see: https://pytorch.org/docs/main/generated/exportdb/index.html#cond-operands",
                "",
                "from user code:",
                '   File "/home/svc-train/vlm/model/projector.py", line 88, in forward',
                "    if (image_mask.sum(dim=-1) > self.max_image_tokens).any():",
                "",
                "Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information"])
        L.append(f"{f_glog(sec(tfail, 2), 'W')} {job.pid0[n]} torch/distributed/elastic/multiprocessing/api.py:897] Sending process {job.pid(n, 7)} closing signal SIGTERM")
        L += child_failed(job, n, sec(tfail, 3), [(lr, 1, TB_LINK) for lr in range(1, 7)] + [(7, -15, sigterm_tb(job.pid(n, 7)))], (0, 1, TB_LINK), "train_vlm.py")
        c.add(f"{n}/stdout.log", L)
        c.add(f"{n}/free.txt", ["               total        used        free      shared  buff/cache   available",
                                 "Mem:      2113425004    86120312  1901221196     4217844   126083496  2015603980",
                                 "Swap:              0           0           0"])
    c.set_label("user_code", "script", None, "stop",
                "Every rank on all three nodes raises the same torch._dynamo UserError ('Dynamic control flow is not supported') pointing at the user's own model/projector.py line 88 (a data-dependent `if ....any()`) while compiling with fullgraph=True (trn-node-*/stdout.log). Deterministic, identical everywhere, in user code; the SIGTERM of local rank 7 and the ChildFailedError tables are launcher fallout. Fix the model or drop fullgraph=True.",
                "https://github.com/huggingface/nanoVLM/issues/61")


def at03(c):
    """Resume from DCP fails: Missing key in checkpoint state_dict (compiled model FQNs)."""
    nodes = [f"h100-{i:02d}" for i in (3, 4, 7, 8)]
    job = Job(nodes, 8, c.rng)
    t0 = T("2025-03-17 22:41:05")
    # attempt_1: trains and saves, is preempted
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, sec(t0, -7200))
        if ni == 0:
            steps, te = titan_steps(c.rng, sec(t0, -7100), 1, 900, 6.9)
            for s_i in range(0, len(steps)):
                L.append(steps[s_i])
                if (s_i + 1) % 300 == 0:
                    L.append(f"[rank0]:[titan] {f_py(sec(t0, -7100 + (s_i+1)*6.9))} - root - INFO - Saving the checkpoint (or staging if async is enabled).")
                    L.append(f"[rank0]:[titan] {f_py(sec(t0, -7100 + (s_i+1)*6.9 + 21))} - root - INFO - [GC] GC collection invoked by checkpointer. 0.05 seconds.")
                    L.append(f"[rank0]:[titan] {f_py(sec(t0, -7100 + (s_i+1)*6.9 + 21))} - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 20.84 seconds.")
        L.append(f"slurmstepd: error: *** STEP 80211.0 ON {n} CANCELLED AT 2025-03-17T22:36:50 DUE TO PREEMPTION ***")
        c.add(f"attempt_1/{n}/torchrun.log", L)
    # attempt_2: resume fails
    tfail = sec(t0, 58)
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0)
        L += nccl_init_noise(job, n, sec(t0, 14))
        for lr in range(8):
            r = job.rank(n, lr)
            L.append(f"[rank{r}]:[titan] {f_py(sec(t0, 30))} - root - INFO - Compiling each TransformerBlock with torch.compile")
            L.append(f"[rank{r}]:[titan] {f_py(sec(t0, 52))} - root - INFO - Loading the checkpoint from /lustre/proj/llm/outputs/llama3_8b/checkpoint/step-900.")
        for lr in range(8):
            r = job.rank(n, lr)
            L += tb(r, [
                ("/workspace/torchtitan/torchtitan/train.py", 540, "<module>", "trainer = Trainer(config)"),
                ("/workspace/torchtitan/torchtitan/train.py", 290, "__init__", "self.checkpointer.load(step=job_config.checkpoint.load_step)"),
                ("/workspace/torchtitan/torchtitan/components/checkpoint.py", 520, "load", "dcp.load(states, checkpoint_id=checkpoint_id)"),
                (f"{SP}/torch/distributed/checkpoint/state_dict_loader.py", 164, "_load_state_dict", "central_plan: LoadPlan = distW.reduce_scatter(\"plan\", local_step, global_step)"),
                (f"{SP}/torch/distributed/checkpoint/utils.py", 191, "reduce_scatter", "raise result"),
            ], ["torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([" + ", ".join(str(x) for x in range(32)) + "])",
                "Traceback (most recent call last): (RANK 0)",
                f'  File "{SP}/torch/distributed/checkpoint/utils.py", line 165, in reduce_scatter',
                "    local_data = map_fun()",
                f'  File "{SP}/torch/distributed/checkpoint/default_planner.py", line 356, in create_local_plan',
                "    return create_default_local_load_plan(",
                f'  File "{SP}/torch/distributed/checkpoint/default_planner.py", line 463, in create_default_local_load_plan',
                '    raise RuntimeError(f"Missing key in checkpoint state_dict: {fqn}.")',
                "RuntimeError: Missing key in checkpoint state_dict: model.layers.0.attention.wq.weight."]) if lr == 0 and ni == 0 else []
        if ni == 0:
            pass
        L.append(f"[rank0]:[titan] {f_py(tfail)} - root - ERROR - checkpoint load failed; see traceback above" if ni == 0 else f"{f_glog(tfail, 'W')} {job.pid0[n]} torch/distributed/elastic/agent/server/api.py:704] [default] worker group failed")
        if ni != 0:
            for lr in range(8):
                r = job.rank(n, lr)
                L += [f"[rank{r}]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([0, 1, 2, 3, ... 31])",
                      f"[rank{r}]: RuntimeError: Missing key in checkpoint state_dict: model.layers.0.attention.wq.weight."]
        L += child_failed(job, n, sec(tfail, 2), [(lr, 1, TB_LINK) for lr in range(1, 8)], (0, 1, TB_LINK), "torchtitan.train")
        c.add(f"attempt_2/{n}/torchrun.log", L)
    c.add("attempt_2/ckpt_ls.txt", ["$ ls -la /lustre/proj/llm/outputs/llama3_8b/checkpoint/step-900 | head",
                                    "total 31457316",
                                    "drwxr-sr-x  2 svc-train llm      4096 Mar 17 22:33 .",
                                    "-rw-r--r--  1 svc-train llm   2184211 Mar 17 22:33 .metadata",
                                    "-rw-r--r--  1 svc-train llm 1003880448 Mar 17 22:33 __0_0.distcp",
                                    "-rw-r--r--  1 svc-train llm 1003880448 Mar 17 22:33 __1_0.distcp",
                                    "-rw-r--r--  1 svc-train llm 1003880448 Mar 17 22:33 __2_0.distcp",
                                    "$ python -c \"...read_metadata...\" | grep 'layers.0.attention.wq'",
                                    "model.layers.0._orig_mod.attention.wq.weight  TensorStorageMetadata(size=torch.Size([4096, 4096]))"])
    c.set_label("user_code", "script", None, "stop",
                "attempt_2: every rank fails in dcp.load with 'RuntimeError: Missing key in checkpoint state_dict: model.layers.0.attention.wq.weight.' (attempt_2/h100-03/torchrun.log) right after 'Loading the checkpoint from .../step-900'. attempt_2/ckpt_ls.txt shows the checkpoint is complete (.metadata present) but its keys carry the '_orig_mod.' prefix of the compiled module - a state-dict FQN mismatch between how the job saved and how it now loads, deterministic on all ranks. attempt_1 ended by Slurm PREEMPTION, not a fault. Fix the checkpoint key mapping / load config; stop.",
                "https://github.com/pytorch/torchtitan/issues/961")


def at04(c):
    """Megatron/NeMo resume after changing seq length: global shape mismatch for position embeddings."""
    nodes = ["dgx-b07", "dgx-b08"]
    job = Job(nodes, 8, c.rng)
    t0 = T("2024-10-02 11:20:44")
    tfail = sec(t0, 141)
    for ni, n in enumerate(nodes):
        L = [f"[NeMo W {t0:%Y-%m-%d %H:%M:%S} nemo_logging:405] /usr/local/lib/python3.10/dist-packages/megatron/core/tensor_parallel/layers.py:280: UserWarning: torch.cuda.amp.custom_fwd(args...) is deprecated.",
             f"[NeMo I {sec(t0,3):%Y-%m-%d %H:%M:%S} nemo_logging:393] ",
             "    ",
             "    ************** Experiment configuration ***********",
             f"[NeMo I {sec(t0,3):%Y-%m-%d %H:%M:%S} nemo_logging:394] ",
             "    name: megatron_gpt",
             "    restore_from_path: null",
             "    trainer:",
             "      devices: 8",
             "      num_nodes: 2",
             "      precision: bf16-mixed",
             "    exp_manager:",
             "      resume_if_exists: true",
             "      resume_ignore_no_checkpoint: true",
             "    model:",
             "      micro_batch_size: 6",
             "      global_batch_size: 192",
             "      tensor_model_parallel_size: 1",
             "      encoder_seq_length: 512",
             "      max_position_embeddings: 512",
             "      hidden_size: 768",
             "      num_layers: 12",
             f"GPU available: True (cuda), used: True",
             f"[NeMo I {sec(t0,40):%Y-%m-%d %H:%M:%S} nemo_logging:393] Resuming training from checkpoint: /results/megatron_gpt/checkpoints/megatron_gpt--val_loss=3.12-step=12000-consumed_samples=2304000.0-last",
             f"Initializing distributed: GLOBAL_RANK: {ni*8}, MEMBER: {ni*8+1}/16"]
        L += nccl_init_noise(job, n, sec(t0, 60), version="2.21.5")
        L.append(f"[NeMo I {sec(t0,130):%Y-%m-%d %H:%M:%S} nemo_logging:393] Loading distributed checkpoint with TensorStoreLoadShardedStrategy")
        for lr in range(8):
            r = job.rank(n, lr)
            pre = f"[default{lr}]:[rank{r}]: "
            L += [pre + "Traceback (most recent call last):",
                  pre + '  File "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", line 44, in main',
                  pre + "    trainer.fit(model)",
                  pre + '  File "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/trainer.py", line 538, in fit',
                  pre + "    call._call_and_handle_interrupt(",
                  pre + '  File "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/checkpoint_connector.py", line 84, in resume_start',
                  pre + "    loaded_checkpoint = self.trainer.strategy.load_checkpoint(checkpoint_path)",
                  pre + '  File "/opt/NeMo/nemo/collections/nlp/parts/nlp_overrides.py", line 1057, in load_checkpoint',
                  pre + "    return dist_checkpointing.load(sharded_state_dict=checkpoint, checkpoint_dir=checkpoint_path)",
                  pre + '  File "/opt/megatron-lm/megatron/core/dist_checkpointing/serialization.py", line 133, in load',
                  pre + "    loaded_state_dict = sharded_strategy.load(sharded_state_dict, checkpoint_dir)",
                  pre + '  File "/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/torch.py", line 828, in load',
                  pre + "    checkpoint.load_state_dict(",
                  pre + '  File "/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/torch.py", line 532, in _validate_global_shapes',
                  pre + "    raise KeyError(",
                  pre + "KeyError: 'Global shape mismatch for loaded ((512, 768)) and expected ((1024, 768)) tensor for key model.embedding.position_embeddings.weight'"] if (lr % 4 == 0) else []
        L += [f"[default{lr}]:[rank{job.rank(n, lr)}]: KeyError: 'Global shape mismatch for loaded ((512, 768)) and expected ((1024, 768)) tensor for key model.embedding.position_embeddings.weight'" for lr in range(8) if lr % 4]
        L += sigterm_lines(job, n, sec(tfail, 1), skip_lr=0, new_style=False)
        L += child_failed(job, n, sec(tfail, 3), [], (0, 1, TB_LINK), "megatron_gpt_pretraining.py", "/usr/bin/python")
        c.add(f"{n}/nemo_log_globalrank-{ni*8}_localrank-0.txt", L)
        c.add(f"{n}/nvidia-smi-q.txt", nvsmi_q(n, sec(tfail, 30)))
    c.add("job_config_diff.txt", ["--- run_2024-09-28.yaml", "+++ run_2024-10-02.yaml", "@@ model @@",
                                  "-  encoder_seq_length: 512", "-  max_position_embeddings: 512",
                                  "+  encoder_seq_length: 1024", "+  max_position_embeddings: 1024"])
    c.set_label("user_code", "script", None, "stop",
                "Every rank on both nodes fails while loading the distributed checkpoint with \"KeyError: 'Global shape mismatch for loaded ((512, 768)) and expected ((1024, 768)) tensor for key model.embedding.position_embeddings.weight'\" (dgx-b0*/nemo_log_globalrank-*.txt). job_config_diff.txt shows max_position_embeddings was raised from 512 to 1024 between runs while resume_if_exists picked up the old checkpoint. A config/checkpoint mismatch, deterministic; nothing wrong with nodes. Stop and resume with the old shape or start fresh.",
                "https://github.com/NVIDIA-NeMo/Speech/issues/10715")


def at05(c):
    """Checkpoint save fails on all ranks with EDQUOT on the shared Lustre project."""
    nodes = [f"c{n:04d}" for n in (101, 102, 103, 104, 105, 106)]
    job = Job(nodes, 4, c.rng)
    t0 = T("2024-12-09 02:10:00")
    L0 = []
    for n in nodes:
        pass
    tsave = sec(t0, 3 * 3600 + 44)
    for ni, n in enumerate(nodes):
        L = [f"{n}: [{f_py(t0)}] [INFO] [launch.py:164:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3",
             f"{n}: [{f_py(t0)}] [INFO] [launch.py:148:main] nnodes=6, num_local_procs=4, node_rank={ni}",
             f"{n}: [{f_py(t0)}] [INFO] [launch.py:162:main] dist_world_size=24"]
        if ni == 0:
            tt = sec(t0, 60)
            for s in range(1, 1601):
                tt = ms(tt, 8400 + c.rng.randrange(-90, 90))
                if s % 10 == 0:
                    L.append(f"{n}: [{f_py(tt)}] [INFO] [logging.py:128:log_dist] [Rank 0] step={s}, skipped=0, lr=[0.00019987], mom=[(0.9, 0.95)]")
                    L.append(f"{n}: steps: {s} loss: {2.9 - s*0.0004 + c.rng.uniform(-0.03,0.03):.4f} iter time (s): {8.4 + c.rng.uniform(-0.1,0.1):.3f} samples/sec: {121.9 + c.rng.uniform(-2,2):.3f}")
                if s in (500, 1000, 1500):
                    L.append(f"{n}: [{f_py(ms(tt, 10))}] [INFO] [logging.py:128:log_dist] [Rank 0] [Torch] Checkpoint global_step{s} is about to be saved!")
                    L.append(f"{n}: [{f_py(ms(tt, 38000))}] [INFO] [logging.py:128:log_dist] [Rank 0] Saving model checkpoint: /lustre/projects/vision-llm/ckpt/global_step{s}/mp_rank_00_model_states.pt")
                    L.append(f"{n}: [{f_py(ms(tt, 91000))}] [INFO] [engine.py:3536:_save_zero_checkpoint] zero checkpoint saved /lustre/projects/vision-llm/ckpt/global_step{s}/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt")
        for lr in range(4):
            r = job.rank(n, lr)
            tr = ms(tsave, 4000 + r * 230)
            L += [f"{n}: [{f_py(tr)}] [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving /lustre/projects/vision-llm/ckpt/global_step1600/bf16_zero_pp_rank_{r}_mp_rank_00_optim_states.pt..."]
            L += [f"{n}: Traceback (most recent call last):",
                  f'{n}:   File "/home/mwei/vl/train.py", line 302, in <module>',
                  f"{n}:     engine.save_checkpoint(args.output_dir, tag=f\"global_step{{step}}\")",
                  f'{n}:   File "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/engine.py", line 3139, in save_checkpoint',
                  f"{n}:     self._save_zero_checkpoint(save_dir, tag)",
                  f'{n}:   File "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/checkpoint_engine/torch_checkpoint_engine.py", line 22, in save',
                  f"{n}:     torch.save(state_dict, path)",
                  f'{n}:   File "/opt/conda/lib/python3.10/site-packages/torch/serialization.py", line 849, in save',
                  f"{n}:     with _open_zipfile_writer(f) as opened_zipfile:",
                  f"{n}: RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos 1127212416 vs 1127212304" if lr % 2 else
                  f"{n}: OSError: [Errno 122] Disk quota exceeded: '/lustre/projects/vision-llm/ckpt/global_step1600/bf16_zero_pp_rank_{r}_mp_rank_00_optim_states.pt'"]
        L.append(f"{n}: [{f_py(sec(tsave, 12))}] [INFO] [launch.py:319:sigkill_handler] Killing subprocess {job.pid(n, 0)}")
        L.append(f"{n}: [{f_py(sec(tsave, 12))}] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train.py', '--local_rank=0', '--deepspeed_config', 'ds_z2.json'] exits with return code = 1")
        c.add(f"{n}/deepspeed.out", L)
        c.add(f"{n}/df-h.txt", ["Filesystem                              Size  Used Avail Use% Mounted on",
                                "/dev/nvme0n1p2                          1.8T  212G  1.5T  13% /",
                                "tmpfs                                   1008G   18M 1008G   1% /dev/shm",
                                "10.10.0.1@o2ib:10.10.0.2@o2ib:/proj    4.4P  3.1P  1.3P  71% /lustre/projects"])
    c.add(f"{nodes[0]}/lfs_quota.txt", ["$ lfs quota -h -p 40211 /lustre/projects",
                                        "Disk quotas for prj 40211 (pid 40211):",
                                        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
                                        " /lustre/projects  50.01T*    50T     50T       -  188214       0       0       -"])
    c.set_label("storage", "infrastructure", None, "stop",
                "At global_step1600 every rank on all six nodes fails inside torch.save with \"OSError: [Errno 122] Disk quota exceeded\" or the truncation symptom 'unexpected pos ... vs ...' (c0*/deepspeed.out). df shows the Lustre filesystem itself has 1.3P free but c0101/lfs_quota.txt shows project 40211 at 50.01T* of a 50T hard limit. A shared-storage quota will not clear by itself: stop, free space or raise quota, then resume from global_step1500.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")


def at06(c):
    """DCP load stalls and fails: NFS server not responding on all nodes."""
    nodes = ["gpu-n21", "gpu-n22", "gpu-n23", "gpu-n24"]
    job = Job(nodes, 8, c.rng)
    t0 = T("2025-07-14 03:05:12")
    boot = T("2025-07-01 18:22:40")
    tload = sec(t0, 48)
    tnfs = sec(tload, 5)
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "train_fsdp.py")
        L += nccl_init_noise(job, n, sec(t0, 16))
        if ni == 0:
            L.append(f"{f_py(tload)} INFO [ckpt] resuming from /mnt/shared/ckpts/run42/step_018000 (dcp)")
        for lr in range(8):
            r = job.rank(n, lr)
            L += [f"[rank{r}]: Traceback (most recent call last):",
                  f'[rank{r}]:   File "/app/train_fsdp.py", line 211, in <module>',
                  f"[rank{r}]:     dcp.load(state, checkpoint_id=ckpt_dir)",
                  f'[rank{r}]:   File "{SP}/torch/distributed/checkpoint/filesystem.py", line 654, in read_data',
                  f"[rank{r}]:     bytes = io.BytesIO(stream.read(item_md.length))",
                  f"[rank{r}]: OSError: [Errno 5] Input/output error"] if (lr + ni) % 3 == 0 else []
        tdead = sec(tload, 1800 + 3)
        for lr in range(8):
            r = job.rank(n, lr)
            if (lr + ni) % 3:
                L += watchdog_timeout(r, ms(tdead, r * 17), 14, "_ALLGATHER_BASE", 2048, 1800000)[:2]
        L += sigterm_lines(job, n, sec(tdead, 4))
        L += child_failed(job, n, sec(tdead, 36), [(lr, -15, sigterm_tb(job.pid(n, lr))) for lr in range(1, 8)], (0, 1, TB_LINK), "train_fsdp.py")
        c.add(f"{n}/train.log", L)
        kl = [(sec(tnfs, ni * 0.4), "nfs: server fs-shared-01 not responding, still trying"),
              (sec(tnfs, 2 + ni * 0.4), "nfs: server fs-shared-01 not responding, still trying"),
              (sec(tnfs, 200), "INFO: task python:%d blocked for more than 122 seconds." % job.pid(n, 1)),
              (sec(tnfs, 200), "      Tainted: P           OE      6.5.0-41-generic #41~22.04.2-Ubuntu"),
              (sec(tnfs, 200), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
              (sec(tnfs, 200), "task:python          state:D stack:0     pid:%d  ppid:%d  flags:0x00004002" % (job.pid(n, 1), job.pid0[n])),
              (sec(tnfs, 200), " rpc_wait_bit_killable+0x11/0x70 [sunrpc]"),
              (sec(tnfs, 200), " nfs_read_folio+0x1a3/0x2c0 [nfs]"),
              (sec(tnfs, 1740), "nfs: server fs-shared-01 not responding, timed out"),
              (sec(tnfs, 2400), "nfs: server fs-shared-01 OK")]
        c.add(f"{n}/dmesg_raw.txt", fmt_kernel(kl, n, boot, "raw") + dmesg_benign(n, boot, t0, "raw"))
        c.add(f"{n}/uptime-s.txt", [f"{boot:%Y-%m-%d %H:%M:%S}"])
        c.add(f"{n}/mount.txt", ["fs-shared-01:/export/ml on /mnt/shared type nfs4 (rw,relatime,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=10.42.0.%d)" % (21 + ni)])
    c.set_label("storage", "infrastructure", None, "restart",
                "All four nodes log 'nfs: server fs-shared-01 not responding, still trying' within a second of each other right after the DCP resume starts (gpu-n2*/dmesg_raw.txt, uptime mapped with uptime-s.txt), followed by hung-task D-state traces in nfs_read_folio and 'OSError: [Errno 5] Input/output error' in dcp read_data on ranks of every node (train.log). The remaining ranks then hit the 30-min allgather watchdog - sympathetic. A shared-server outage that recovered ('nfs: server fs-shared-01 OK' later), so restart once the server is healthy.",
                "https://github.com/pytorch/torchtitan/pull/1729")


def at07(c):
    """One node's image lacks cuDNN; its ranks die at import, others time out at rendezvous/init."""
    nodes = [f"ip-10-1-{x}-{y}" for x, y in ((12, 40), (12, 77), (13, 9), (13, 201))]
    job = Job(nodes, 8, c.rng)
    bad = nodes[2]
    t0 = T("2025-01-22 16:44:09")
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "finetune.py")
        if n == bad:
            for lr in range(8):
                L += [f"[rank{job.rank(n, lr)}]: Traceback (most recent call last):" if False else "Traceback (most recent call last):",
                      '  File "/fsx/users/ana/sft/finetune.py", line 9, in <module>',
                      "    import torch",
                      f'  File "/opt/conda/envs/sft/lib/python3.11/site-packages/torch/__init__.py", line 367, in <module>',
                      "    from torch._C import *  # noqa: F403",
                      "ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory"]
            L += child_failed(job, n, sec(t0, 6), [(lr, 1, TB_LINK) for lr in range(1, 8)], (0, 1, TB_LINK), "finetune.py", "/opt/conda/envs/sft/bin/python")
        else:
            L.append(f"{f_py(sec(t0, 20))} - accelerate.utils.other - WARNING - Detected kernel version 5.10.219, which is below the recommended minimum of 5.5.0; this can cause the process to hang. It is recommended to upgrade the kernel to the minimum version or higher.")
            for lr in range(8):
                r = job.rank(n, lr)
                tt = sec(t0, 20 + 600 + r * 0.01)
                L += [f"[rank{r}]: Traceback (most recent call last):",
                      f'[rank{r}]:   File "/fsx/users/ana/sft/finetune.py", line 58, in main',
                      f"[rank{r}]:     accelerator = Accelerator(mixed_precision='bf16')",
                      f'[rank{r}]:   File "/opt/conda/envs/sft/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 4165, in barrier',
                      f"[rank{r}]:     work = default_pg.barrier(opts=opts)",
                      f"[rank{r}]: torch.distributed.DistStoreError: wait timeout after 600000ms, keys: /default_pg/0//cuda//0, [{f_c10(tt)[1:]} ] Timed out waiting for all ranks to check in (24/32 checked in)"] if lr in (0, 3) else [f"[rank{r}]: torch.distributed.DistStoreError: wait timeout after 600000ms, keys: /default_pg/0//cuda//0"]
            L += child_failed(job, n, sec(t0, 628), [(lr, 1, TB_LINK) for lr in range(1, 8)], (0, 1, TB_LINK), "finetune.py", "/opt/conda/envs/sft/bin/python")
        c.add(f"{n}/stdout.txt", L)
        pkgs = ["accelerate==1.2.1", "nvidia-cublas-cu12==12.4.5.8", "nvidia-cuda-runtime-cu12==12.4.127",
                "nvidia-nccl-cu12==2.21.5", "torch==2.5.1", "transformers==4.47.1"]
        if n != bad:
            pkgs.insert(3, "nvidia-cudnn-cu12==9.1.0.70")
        c.add(f"{n}/env_check.txt", [f"$ hostname; cat /etc/image-release; pip list 2>/dev/null | grep -E 'torch|nvidia|transformers|accelerate'", n,
                                     "IMAGE=dlami-base-2025.01.14" if n != bad else "IMAGE=dlami-base-2025.01.20-rc2"] + pkgs)
    c.set_label("dependency", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                f"Only {bad} fails, and at import time: all 8 of its ranks print 'ImportError: libcudnn.so.9: cannot open shared object file' ({bad}/stdout.txt) within 6 s of launch. Its env_check.txt shows a different image (dlami-base-2025.01.20-rc2) with no nvidia-cudnn-cu12 package, while the other three nodes have 9.1.0.70. The other nodes' DistStoreError '24/32 checked in' barrier timeouts 10 minutes later are sympathetic (they wait for the 8 missing ranks). One node's broken image: exclude it / reimage.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/91")


def at08(c):
    """Container's CUDA 12.4 torch on hosts with driver 525 everywhere."""
    nodes = ["worker-0", "worker-1", "worker-2"]
    job = Job(nodes, 8, c.rng)
    t0 = T("2024-09-23 10:02:31")
    for ni, n in enumerate(nodes):
        pod = f"pretrain-bert-{['master-0', 'worker-0', 'worker-1'][ni]}"
        L = torchrun_header(job, n, t0, "run_mlm.py", new_style=False) if False else []
        L.append(f"[{f_py(t0)}] torch.distributed.run: [WARNING] ")
        L.append(f"[{f_py(t0)}] torch.distributed.run: [WARNING] *****************************************")
        for lr in range(8):
            r = job.rank(n, lr)
            L += [f"{SP}/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 12000). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)",
                  "  return torch._C._cuda_getDeviceCount() > 0",
                  "Traceback (most recent call last):",
                  '  File "/workspace/run_mlm.py", line 634, in <module>',
                  "    main()",
                  '  File "/workspace/run_mlm.py", line 255, in main',
                  "    model_args, data_args, training_args = parser.parse_args_into_dataclasses()",
                  f'  File "{SP}/transformers/training_args.py", line 1934, in __post_init__',
                  "    self.device",
                  f'  File "{SP}/transformers/training_args.py", line 2234, in _setup_devices',
                  "    torch.cuda.set_device(device)",
                  f'  File "{SP}/torch/cuda/__init__.py", line 319, in _lazy_init',
                  "    torch._C._cuda_init()",
                  "RuntimeError: The NVIDIA driver on your system is too old (found version 12000). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."]
        L.append(f"[{f_py(sec(t0, 9))}] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: 1) local_rank: 0 (pid: {job.pid(n, 0)}) of binary: /usr/bin/python")
        c.add(f"{n}/{pod}.log", L)
        c.add(f"{n}/nvidia-smi.txt", [f"{t0:%a %b %d %H:%M:%S %Y}",
                                      "+---------------------------------------------------------------------------------------+",
                                      "| NVIDIA-SMI 525.147.05             Driver Version: 525.147.05   CUDA Version: 12.0     |",
                                      "|-----------------------------------------+----------------------+----------------------+"] +
              [f"|   {g}  NVIDIA A100-SXM4-80GB          On  | 00000000:{['07','0F','47','4E','87','90','B7','BD'][g]}:00.0 Off |                    0 |\n| N/A   {31+g%4}C    P0    {60+g}W / 400W |      4MiB / 81920MiB |      0%      Default |" for g in range(8)])
        c.add(f"{n}/kubectl-describe-pod.txt", [f"Name:             {pod}", "Namespace:        nlp", f"Node:             {n}/10.0.3.{20+ni}",
                                                "Containers:", "  pytorch:", "    Image:          registry.internal/nlp/bert-train:2024.09-cu124-py311",
                                                "    State:          Terminated", "      Reason:       Error", "      Exit Code:    1",
                                                "    Restart Count:  0", "Events:", "  Type    Reason   Age   From     Message",
                                                "  ----    ------   ----  ----     -------",
                                                f"  Normal  Pulled   2m    kubelet  Container image \"registry.internal/nlp/bert-train:2024.09-cu124-py311\" already present on machine",
                                                "  Normal  Started  2m    kubelet  Started container pytorch"])
    c.set_label("dependency", "framework", None, "stop",
                "All 24 ranks on all three pods fail at CUDA init with 'RuntimeError: The NVIDIA driver on your system is too old (found version 12000)' (worker-*/pretrain-bert-*.log). nvidia-smi.txt on every node shows driver 525.147.05 / CUDA 12.0 while the image is built for cu124. The same version mismatch everywhere - no single node to blame; stop and use a cu121/cu118 build or upgrade the cluster driver.",
                "https://github.com/IEIT-Yuan/Yuan-2.0/issues/65")


def at09(c):
    """One node has an older driver after a partial rollout: 'driver version is insufficient' on that node only."""
    nodes = [f"node{n:02d}" for n in range(1, 7)]
    job = Job(nodes, 8, c.rng)
    bad = "node05"
    t0 = T("2025-04-03 19:30:00")
    boot = T("2025-04-03 07:12:55")
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "pretrain_gpt.py")
        if n == bad:
            for lr in range(8):
                r = job.rank(n, lr)
                L += [f"[rank{r}]: Traceback (most recent call last):",
                      f'[rank{r}]:   File "/workspace/Megatron-LM/pretrain_gpt.py", line 278, in <module>',
                      f"[rank{r}]:     pretrain(",
                      f'[rank{r}]:   File "/workspace/Megatron-LM/megatron/training/initialize.py", line 296, in _initialize_distributed',
                      f"[rank{r}]:     torch.cuda.set_device(device)",
                      f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 478, in set_device',
                      f"[rank{r}]:     torch._C._cuda_setDevice(device)",
                      f"[rank{r}]: RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime version",
                      f"[rank{r}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                      f"[rank{r}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                      f"[rank{r}]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
            L += child_failed(job, n, sec(t0, 7), [(lr, 1, TB_LINK) for lr in range(1, 8)], (0, 1, TB_LINK), "pretrain_gpt.py", "/usr/bin/python")
            drv = "535.54.03"
        else:
            L.append("using world size: 48, data-parallel size: 6, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1")
            L.append("> initializing torch distributed ...")
            L += nccl_init_noise(job, n, sec(t0, 6), lrs=[0])
            for lr in range(8):
                r = job.rank(n, lr)
                te = sec(t0, 6 + 600 + r * 0.003)
                L += [f"[rank{r}]: torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 40/48 clients joined."] if lr == 0 else []
            L.append(f"{f_glog(sec(t0, 610), 'E')} {job.pid0[n]} torch/distributed/elastic/agent/server/api.py:704] [default] Worker group failed")
            L += child_failed(job, n, sec(t0, 612), [(lr, 1, TB_LINK) for lr in range(1, 8)], (0, 1, TB_LINK), "pretrain_gpt.py", "/usr/bin/python")
            drv = "560.35.03"
        c.add(f"{n}/megatron.log", L)
        jl = [f"{f_iso(sec(boot, 19))} {n} kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  {drv}",
              f"{f_iso(sec(boot, 33))} {n} systemd[1]: Started nvidia-persistenced.service - NVIDIA Persistence Daemon.",
              f"{f_iso(sec(boot, 34))} {n} nv-fabricmanager[2231]: Successfully configured all the available NVSwitches to route GPU NVLink traffic.",
              f"{f_iso(sec(boot, 120))} {n} ansible-ansible.legacy.command[8812]: Invoked with _raw_params=nvidia-smi --query-gpu=driver_version --format=csv"]
        if n == bad:
            jl.insert(0, f"{f_iso(sec(boot, -400))} {n} unattended-upgrades[3120]: Packages that will be upgraded: cuda-drivers-560 nvidia-driver-560")
            jl.insert(1, f"{f_iso(sec(boot, -395))} {n} unattended-upgrades[3120]: Package nvidia-driver-560 has conflicts: nvidia-driver-535 is held back; not upgrading")
        c.add(f"{n}/journal.txt", jl)
    c.set_label("dependency", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                f"Only {bad}'s 8 ranks die at torch.cuda.set_device with 'CUDA driver version is insufficient for CUDA runtime version' ({bad}/megatron.log); its journal shows NVRM loading driver 535.54.03 and an upgrade to 560 held back, while every other node loads 560.35.03. The other five nodes' 'Timed out ... 40/48 clients joined' are sympathetic - they wait for the 8 ranks that exited. A per-node driver drift: exclude the node and fix its driver.",
                "https://github.com/alpa-projects/alpa/issues/805")


def at10(c):
    """NCCL_SOCKET_IFNAME set to an exact-match value that exists on no node -> bootstrap fails everywhere."""
    nodes = [f"pod-trainer-{i}" for i in range(4)]
    job = Job(nodes, 8, c.rng)
    t0 = T("2026-01-08 21:14:52")
    for ni, n in enumerate(nodes):
        L = torchrun_header(job, n, t0, "train.py")
        tt = sec(t0, 18)
        for lr in range(8):
            p = job.pid(n, lr)
            r = job.rank(n, lr)
            L += [f"{n}:{p}:{p} [{lr}] NCCL INFO NCCL_SOCKET_IFNAME set by environment to =enp90s0np0",
                  f"{n}:{p}:{p} [{lr}] NCCL INFO NCCL_SOCKET_IFNAME set to =enp90s0np0",
                  f"{n}:{p}:{p} [{lr}] misc/socket.cc:479 NCCL WARN Bootstrap : no socket interface found",
                  f"{n}:{p}:{p} [{lr}] NCCL INFO init.cc:1865 -> 5",
                  f"[rank{r}]: Traceback (most recent call last):",
                  f'[rank{r}]:   File "/src/train.py", line 142, in <module>',
                  f"[rank{r}]:     dist.barrier()",
                  f'[rank{r}]:   File "{SP}/torch/distributed/distributed_c10d.py", line 4551, in barrier',
                  f"[rank{r}]:     work = group.allreduce([tensor], opts=opts)",
                  f"[rank{r}]: torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.21.5",
                  f"[rank{r}]: ncclInvalidUsage: This usually reflects invalid usage of NCCL library.",
                  f"[rank{r}]: Last error:",
                  f"[rank{r}]: Bootstrap : no socket interface found"]
        L += child_failed(job, n, sec(t0, 22), [(lr, 1, TB_LINK) for lr in range(1, 8)], (0, 1, TB_LINK), "train.py")
        c.add(f"{n}/logs.txt", L)
        c.add(f"{n}/ip-addr.txt", ["1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000",
                                   "    inet 127.0.0.1/8 scope host lo",
                                   f"2: enp90s0np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP group default qlen 1000",
                                   f"    inet 10.168.206.{131 + 2*ni}/31 scope global enp90s0np0",
                                   "3: ibs0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092 qdisc mq state UP group default qlen 256",
                                   "7: cilium_host@cilium_net: <BROADCAST,MULTICAST,NOARP,UP,LOWER_UP> mtu 8950",
                                   f"    inet 10.0.21.{95+ni}/32 scope global cilium_host"])
    c.add("jobset.yaml", ["apiVersion: jobset.x-k8s.io/v1alpha2", "kind: JobSet", "spec:", "  replicatedJobs:", "  - name: trainer",
                          "    template:", "      spec:", "        template:", "          spec:", "            hostNetwork: true",
                          "            containers:", "            - name: trainer", "              env:",
                          "              - name: NCCL_SOCKET_IFNAME", "                value: \"=enp90s0np0\"",
                          "              - name: NCCL_IB_HCA", "                value: \"mlx5\""])
    c.set_label("dependency", "framework", None, "stop",
                "Every rank on all four pods logs 'NCCL_SOCKET_IFNAME set by environment to =enp90s0np0' then 'NCCL WARN Bootstrap : no socket interface found' and DistBackendError 'invalid usage' at the first barrier (pod-trainer-*/logs.txt). ip-addr.txt shows enp90s0np0 does exist on each node - the value from jobset.yaml uses '=' exact-match syntax that this NCCL build does not match, so bootstrap finds no interface anywhere. The same environment misconfiguration on every node, not a network fault: stop and fix the env value.",
                "https://github.com/marin-community/marin/issues/6940")


CASES = [("at01_compile_fails_first_step_all_ranks", at01),
         ("at02_dynamo_error_every_rank_at_first_forward", at02),
         ("at03_resume_attempt_exits_during_checkpoint_load", at03),
         ("at04_nemo_resume_keyerror_all_ranks", at04),
         ("at05_checkpoint_save_errors_all_nodes", at05),
         ("at06_resume_hangs_then_watchdog_timeouts", at06),
         ("at07_one_node_exits_at_launch_others_barrier_timeout", at07),
         ("at08_cuda_init_error_every_pod", at08),
         ("at09_megatron_init_one_node_exits_rest_store_timeout", at09),
         ("at10_nccl_invalid_usage_first_barrier", at10)]
