"""Cases bh21-bh28: fragmentation, config asserts, tokenizer/config errors, pipeline-stage OOM,
a foreign pod on one Kubernetes node, and a DCP resume size mismatch."""
import json
import random

from common import (add, destroy_pg_warning, dt, elastic_agent_sigterm, elastic_failed_line,
                    elastic_summary, epoch, hf_progress, nccl_init_lines, nvidia_smi, traceback,
                    ts_ctime, ts_ds, ts_glog, ts_iso, ts_py, ts_syslog, watchdog_timeout, write_lines)
from cases_b import lab, mk, node_fail_tail, oom_msg, torchrun_header

ULT = "/usr/local/lib/python3.10/dist-packages"
ULT12 = "/usr/local/lib/python3.12/dist-packages"


# =====================================================================
# bh21 HF + FSDP: OOM at step 2310 with a large reserved-but-unallocated share
# =====================================================================
def bh21():
    rng = random.Random(6321)
    nodes = ["g-a100-01", "g-a100-02", "g-a100-03", "g-a100-04"]
    t0 = dt(2024, 6, 30, 22, 15, 3, 500000)
    sec = 2.71
    fail_step = 2310
    t_fail = add(t0, seconds=140 + fail_step * sec, milliseconds=388)
    bad = 14
    files = {}
    for ni, n in enumerate(nodes):
        ranks = list(range(ni * 8, ni * 8 + 8))
        pids = {r: 70200 + r * 9 for r in ranks}
        L = torchrun_header(t0, tid=139421)
        r0 = ranks[0]
        for s in range(100, fail_step + 1, 100):
            ts = add(t0, seconds=140 + s * sec)
            reserved = min(77.8, 57.9 + s * 0.0079 + rng.random() * 0.3)
            L.append("[rank%d]:%s - INFO - memcb - step=%d alloc=%.1fGiB max_alloc=%.1fGiB reserved=%.1fGiB num_alloc_retries=%d" % (
                r0, ts_py(ts), s, 40.8 + rng.random() * 0.6, 51.2 + rng.random() * 0.4, reserved, int(max(0, (s - 600) * 0.11))))
            if ni == 0 and s % 200 == 0:
                L.append("[rank0]:{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (1.08 - s * 0.00005 + rng.random() * 0.03, 0.3 + rng.random() * 0.2, 2e-5, s / 4200.0))
                L.append("[rank0]:" + hf_progress(s, 8400, s * sec, sec + rng.random() * 0.4))
        if ni == 1:
            fr = [("/srv/ft/train.py", 199, "<module>", "main()"),
                  ("/srv/ft/train.py", 190, "main", "trainer.train(resume_from_checkpoint=ckpt)"),
                  (ULT + "/transformers/trainer.py", 1938, "train", "return inner_training_loop("),
                  (ULT + "/transformers/trainer.py", 2279, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
                  (ULT + "/transformers/trainer.py", 3349, "training_step", "self.accelerator.backward(loss, **kwargs)"),
                  (ULT + "/accelerate/accelerator.py", 2151, "backward", "loss.backward(**kwargs)"),
                  (ULT + "/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
                  (ULT + "/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
                  (ULT + "/torch/autograd/graph.py", 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]
            L.extend(traceback(fr, [oom_msg("3.91 GiB", bad % 8, "79.15 GiB", "2.86 GiB", "76.28 GiB", "49.66 GiB", "25.93 GiB")], prefix="[rank%d]: " % bad))
            node_fail_tail(L, n, ranks, {bad: t_fail}, pids, 1, "train.py", tid=139421)
        else:
            tw = add(t_fail, seconds=1800, milliseconds=rng.randint(20, 90))
            wf = {}
            for r in ranks:
                wf[r] = add(tw, milliseconds=rng.randint(0, 900))
                L.extend(watchdog_timeout(r, wf[r], 96211, "_REDUCE_SCATTER_BASE", 54788096, 1800000, rng=rng))
            node_fail_tail(L, n, ranks, wf, pids, -6, "train.py", tid=139421, sigterm=False)
        files["%s/train-%s.log" % (n, n)] = write_lines(L)
    files["fsdp_config.yaml"] = write_lines([
        "compute_environment: LOCAL_MACHINE", "distributed_type: FSDP", "fsdp_config:",
        "  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP", "  fsdp_backward_prefetch: BACKWARD_PRE",
        "  fsdp_sharding_strategy: FULL_SHARD", "  fsdp_state_dict_type: SHARDED_STATE_DICT",
        "  fsdp_use_orig_params: true", "mixed_precision: bf16", "num_machines: 4", "num_processes: 32",
        "# env: PYTORCH_CUDA_ALLOC_CONF not set; packing: false; group_by_length: false; max_seq_length: 16384"])
    label = lab("oom", "framework", None, "stop",
                "Rank 14 hits torch.OutOfMemoryError at step 2310 with only 49.66 GiB allocated but 25.93 GiB reserved-but-unallocated, the fragmentation pattern the message itself points at (expandable_segments); every node's memory callback shows reserved memory and allocator retries climbing while allocated memory stays flat. The rest are reduce-scatter watchdog timeouts.",
                "https://github.com/NVIDIA-NeMo/RL/issues/2319")
    return mk("bh21_oom_after_2310_steps_with_retries_climbing", files, label)


# =====================================================================
# bh22 Megatron: AssertionError in validate_args on every rank
# =====================================================================
def bh22():
    rng = random.Random(6322)
    nodes = ["dgx-h-01", "dgx-h-02", "dgx-h-03", "dgx-h-04"]
    L = ["+ srun -l --mpi=pmix --container-image=/lustre/images/megatron-25.01.sqsh bash -c 'python pretrain_gpt.py ${ARGS}'",
         "+ ARGS='--num-layers 30 --hidden-size 4096 --num-attention-heads 32 --seq-length 4096 --max-position-embeddings 4096 "
         "--tensor-model-parallel-size 2 --pipeline-model-parallel-size 4 --micro-batch-size 2 --global-batch-size 512 --bf16 "
         "--data-path /lustre/data/en_mix_text_document --tokenizer-type GPT2BPETokenizer --vocab-file gpt2-vocab.json --merge-file gpt2-merges.txt'"]
    for r in range(32):
        L.append("%d: pyxis: imported docker image: /lustre/images/megatron-25.01.sqsh" % r if r % 8 == 0 else "%d: " % r)
    L = [l for l in L if not l.endswith(": ")]
    order = list(range(32))
    rng.shuffle(order)
    for r in order:
        if r == 0:
            L.append("0: using world size: 32, data-parallel size: 4, context-parallel size: 1, hierarchical context-parallel sizes: Nonetensor-model-parallel size: 2, encoder-tensor-model-parallel size: 0, pipeline-model-parallel size: 4, encoder-pipeline-model-parallel size: 0")
            L.append("0: WARNING: overriding default arguments for tokenizer_type:GPT2BPETokenizer                        with tokenizer_type:GPT2BPETokenizer")
        fr = [("/workspace/megatron-lm/pretrain_gpt.py", 297, "<module>", "pretrain("),
              ("/workspace/megatron-lm/megatron/training/training.py", 250, "pretrain", "initialize_megatron("),
              ("/workspace/megatron-lm/megatron/training/initialize.py", 62, "initialize_megatron", "validate_args(args, args_defaults)"),
              ("/workspace/megatron-lm/megatron/training/arguments.py", 561, "validate_args", "assert num_layers % args.transformer_pipeline_model_parallel_size == 0, \\")]
        L.extend(traceback(fr, ["AssertionError: Number of layers should be divisible by the pipeline-model-parallel size"], prefix="%d: " % r))
    for ni in (2, 0, 3, 1):
        L.append("srun: error: %s: tasks %d-%d: Exited with exit code 1" % (nodes[ni], ni * 8, ni * 8 + 7))
    files = {"slurm-60112.out": write_lines(L)}
    files["dgx-h-03/dmesg.txt"] = write_lines([
        "[  702.118204] NVRM: Xid (PCI:0000:9a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000fa02b1c4) marked for remapping, reset gpu to activate.",
        "[  790.500110] NVRM: GPU at PCI:0000:9a:00: GPU has been reset (nvidia-smi -r)",
        "[ 1203.774012] nvidia-peermem: loaded",
    ])
    files["dgx-h-03/nvidia-smi-q-remap.txt"] = write_lines([
        "GPU 00000000:9A:00.0", "    Remapped Rows", "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1", "        Pending                           : No",
        "        Remapping Failure Occurred        : No", "        Bank Remap Availability Histogram",
        "            Max                           : 639 bank(s)", "            High                          : 1 bank(s)",
        "            Partial                       : 0 bank(s)", "            Low                           : 0 bank(s)", "            None                          : 0 bank(s)"])
    for n in ("dgx-h-01", "dgx-h-02", "dgx-h-04"):
        files["%s/dmesg.txt" % n] = write_lines(["[ 1199.882301] nvidia-peermem: loaded", "[ 1201.002911] mlx5_core 0000:0c:00.0 ibp12s0: Link up"])
    label = lab("user_code", "script", None, "stop",
                "All 32 ranks exit in validate_args with 'AssertionError: Number of layers should be divisible by the pipeline-model-parallel size' (--num-layers 30 with --pipeline-model-parallel-size 4) before any communication starts. The row-remap on dgx-h-03 was applied by a GPU reset and nothing is pending.",
                "https://github.com/modelscope/ms-swift/issues/5737")
    return mk("bh22_megatron_assertion_on_every_rank_at_startup", files, label)


# =====================================================================
# bh23 DeepSpeed: batch-size assertion after the job shrank to 3 nodes
# =====================================================================
def bh23():
    rng = random.Random(6323)
    nodes = ["gpu-node-2", "gpu-node-5", "gpu-node-6"]
    t0 = dt(2025, 1, 8, 9, 30, 2, 200000)
    L = ["%s [INFO] [runner.py:463:main] Using IP address of 172.16.8.2 for node gpu-node-2" % ts_ds(t0),
         "%s [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: gpu-node-2,gpu-node-5,gpu-node-6" % ts_ds(t0),
         "%s [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w gpu-node-2,gpu-node-5,gpu-node-6 export NCCL_SOCKET_IFNAME=bond0; cd /data/users/wz/llm; /opt/venv/bin/python -u -m deepspeed.launcher.launch --node_rank=%%n --master_addr=172.16.8.2 --master_port=29500 train.py --deepspeed ds_config_z3.json --model qwen2-7b" % ts_ds(t0)]
    for ni, n in enumerate(nodes):
        L.append("%s: %s [INFO] [launch.py:152:main] nnodes=3, num_local_procs=8, node_rank=%d" % (n, ts_ds(add(t0, seconds=3)), ni))
        L.append("%s: %s [INFO] [launch.py:164:main] dist_world_size=24" % (n, ts_ds(add(t0, seconds=3))))
    for r in range(24):
        n = nodes[r // 8]
        L.append("%s: %s [INFO] [comm.py:637:init_distributed] cdb=None" % (n, ts_ds(add(t0, seconds=14, milliseconds=r * 11))))
    hcas = ["mlx5_0", "mlx5_1", "mlx5_4", "mlx5_5"]
    for r in range(24):
        n = nodes[r // 8]
        for l in nccl_init_lines(n, 12000 + r * 7, 12000 + r * 7 + 500, r % 8, r, 24, 3, "172.16.8.%d" % [2, 5, 6][r // 8], "bond0", hcas, rng,
                                 version="2.21.5+cuda12.4", comm_id="0x2f11b0e9c3d8a6f5", channels=2):
            L.append("%s: %s" % (n, l))
    order = list(range(24))
    rng.shuffle(order)
    for r in order:
        n = nodes[r // 8]
        fr = [("/data/users/wz/llm/train.py", 288, "<module>", "main()"),
              ("/data/users/wz/llm/train.py", 171, "main", "model_engine, optimizer, _, scheduler = deepspeed.initialize("),
              ("/opt/venv/lib/python3.11/site-packages/deepspeed/__init__.py", 193, "initialize", "engine = DeepSpeedEngine(args=args,"),
              ("/opt/venv/lib/python3.11/site-packages/deepspeed/runtime/engine.py", 271, "__init__", "self._configure_with_arguments(args, mpu)"),
              ("/opt/venv/lib/python3.11/site-packages/deepspeed/runtime/engine.py", 1082, "_configure_with_arguments", "self._config = DeepSpeedConfig(self.config, mpu, mesh_device=self.mesh_device)"),
              ("/opt/venv/lib/python3.11/site-packages/deepspeed/runtime/config.py", 796, "__init__", "self._configure_train_batch_size()"),
              ("/opt/venv/lib/python3.11/site-packages/deepspeed/runtime/config.py", 979, "_configure_train_batch_size", "self._batch_assertion()"),
              ("/opt/venv/lib/python3.11/site-packages/deepspeed/runtime/config.py", 927, "_batch_assertion", "assert train_batch == micro_batch * grad_acc * self.world_size, (")]
        for l in traceback(fr, ["AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 1024 != 4 * 8 * 24"], prefix="[rank%d]: " % r):
            L.append("%s: %s" % (n, l))
    tk = add(t0, seconds=41)
    for ni, n in enumerate(nodes):
        L.append("%s: %s [INFO] [launch.py:316:sigkill_handler] Killing subprocess %d" % (n, ts_ds(add(tk, milliseconds=ni * 30)), 12000 + ni * 56))
        L.append("%s: %s [ERROR] [launch.py:322:sigkill_handler] ['/opt/venv/bin/python', '-u', 'train.py', '--local_rank=7', '--deepspeed', 'ds_config_z3.json', '--model', 'qwen2-7b'] exits with return code = 1" % (n, ts_ds(add(tk, milliseconds=ni * 30 + 60))))
    for n in ("gpu-node-5", "gpu-node-2", "gpu-node-6"):
        L.append("pdsh@gpu-node-2: %s: ssh exited with exit code 1" % n)
    files = {"deepspeed_launch.log": write_lines(L)}
    files["hostfile"] = write_lines(["gpu-node-2 slots=8", "# gpu-node-3 slots=8   # out for RMA (PSU), ticket INFRA-4471", "gpu-node-5 slots=8", "gpu-node-6 slots=8"])
    files["ds_config_z3.json"] = json.dumps({"train_batch_size": 1024, "train_micro_batch_size_per_gpu": 4, "gradient_accumulation_steps": 8,
                                             "bf16": {"enabled": True}, "zero_optimization": {"stage": 3, "overlap_comm": True, "stage3_gather_16bit_weights_on_model_save": True},
                                             "gradient_clipping": 1.0, "steps_per_print": 10}, indent=2) + "\n"
    for ni, n in enumerate(nodes):
        files["%s/ipmi-sel.txt" % n] = write_lines([
            "   1 | 11/28/2024 | 14:02:11 | Event Logging Disabled #0x07 | Log area reset/cleared | Asserted",
            "   2 | 12/19/2024 | 03:44:%02d | Power Supply #0x%02x | Presence detected | Asserted" % (10 + ni, 0x51 + ni)])
    label = lab("user_code", "script", None, "stop",
                "Every one of the 24 ranks fails in deepspeed.initialize with 'train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 1024 != 4 * 8 * 24': the config still assumes 32 GPUs after gpu-node-3 was removed from the hostfile. The node removal is history; the current failure is the batch configuration.",
                "https://github.com/deepspeedai/DeepSpeed/issues/6914")
    return mk("bh23_deepspeed_batch_assertion_on_every_rank", files, label)


# =====================================================================
# bh24 TRL/HF: tokenizer has no pad token, every rank on the first batch
# =====================================================================
def bh24():
    rng = random.Random(6324)
    nodes = ["sft-node-a", "sft-node-b"]
    t0 = dt(2024, 8, 2, 14, 55, 12, 42000)
    files = {}
    for ni, n in enumerate(nodes):
        ranks = list(range(ni * 8, ni * 8 + 8))
        pids = {r: 33012 + r * 2 for r in ranks}
        L = torchrun_header(t0, tid=140666)
        if ni == 0:
            L.append("[rank3]:Token indices sequence length is longer than the specified maximum sequence length for this model (9412 > 8192). Running this sequence through the model will result in indexing errors")
        L.append("[rank%d]:huggingface/tokenizers: The current process just got forked, after parallelism has already been used. Disabling parallelism to avoid deadlocks..." % ranks[5])
        L.append("[rank%d]:To disable this warning, you can either:" % ranks[5])
        L.append("[rank%d]:\t- Avoid using `tokenizers` before the fork if possible" % ranks[5])
        L.append("[rank%d]:\t- Explicitly set the environment variable TOKENIZERS_PARALLELISM=(true | false)" % ranks[5])
        for r in ranks:
            L.append("[rank%d]:%s [INFO] sft: tokenizer=/models/Meta-Llama-3-8B vocab=128256 bos=128000 eos=128001 pad=None" % (r, ts_py(add(t0, seconds=18, milliseconds=rng.randint(0, 600)))))
        if ni == 0:
            L.append("[rank0]:Map (num_proc=32): 100%%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 210331/210331 [00:41<00:00, %d.21 examples/s]" % 5120)
            L.append("[rank0]:[INFO|trainer.py:2134] %s >> ***** Running training *****" % ts_py(add(t0, seconds=88)))
            L.append("[rank0]:[INFO|trainer.py:2135] %s >>   Num examples = 210,331" % ts_py(add(t0, seconds=88)))
            L.append("[rank0]:[INFO|trainer.py:2137] %s >>   Instantaneous batch size per device = 4" % ts_py(add(t0, seconds=88)))
            L.append("[rank0]:  0%|          | 0/3287 [00:00<?, ?it/s]")
        fails = {}
        for r in ranks:
            tf = add(t0, seconds=89, milliseconds=rng.randint(0, 900))
            fails[r] = tf
            fr = [("/app/sft/run_sft.py", 147, "<module>", "trainer.train()"),
                  (ULT + "/transformers/trainer.py", 1938, "train", "return inner_training_loop("),
                  (ULT + "/transformers/trainer.py", 2236, "_inner_training_loop", "for step, inputs in enumerate(epoch_iterator):"),
                  (ULT + "/accelerate/data_loader.py", 454, "__iter__", "current_batch = next(dataloader_iter)"),
                  (ULT + "/torch/utils/data/dataloader.py", 630, "__next__", "data = self._next_data()"),
                  (ULT + "/torch/utils/data/dataloader.py", 673, "_next_data", "data = self._dataset_fetcher.fetch(index)  # may raise StopIteration"),
                  (ULT + "/torch/utils/data/_utils/fetch.py", 55, "fetch", "return self.collate_fn(data)"),
                  (ULT + "/transformers/data/data_collator.py", 271, "__call__", "batch = pad_without_fast_tokenizer_warning("),
                  (ULT + "/transformers/data/data_collator.py", 66, "pad_without_fast_tokenizer_warning", "padded = tokenizer.pad(*pad_args, **pad_kwargs)"),
                  (ULT + "/transformers/tokenization_utils_base.py", 3460, "pad", "padding_strategy, _, max_length, _ = self._get_padding_truncation_strategies("),
                  (ULT + "/transformers/tokenization_utils_base.py", 2772, "_get_padding_truncation_strategies", "raise ValueError(")]
            L.extend(traceback(fr, ["ValueError: Asking to pad but the tokenizer does not have a padding token. Please select a token to use as `pad_token` `(tokenizer.pad_token = tokenizer.eos_token e.g.)` or add a new pad token via `tokenizer.add_special_tokens({'pad_token': '[PAD]'})`."], prefix="[rank%d]: " % r))
        node_fail_tail(L, n, ranks, fails, pids, 1, "run_sft.py", tid=140666)
        files["%s/launch-%s.log" % (n, n)] = write_lines(L)
    label = lab("user_code", "script", None, "stop",
                "All 16 ranks fail on the first batch with 'ValueError: Asking to pad but the tokenizer does not have a padding token' from the padding collator; the startup lines show the Llama-3 tokenizer loaded with pad=None. A script/configuration mistake that repeats on any hardware.",
                "https://github.com/huggingface/trl/issues/466")
    return mk("bh24_first_batch_valueerror_asking_to_pad", files, label)


# =====================================================================
# bh25 rope_scaling ValueError: user's image pins an old transformers
# =====================================================================
def bh25():
    rng = random.Random(6325)
    nodes = ["ml-h100-a", "ml-h100-b"]
    t0 = dt(2024, 9, 17, 8, 12, 30, 0)
    files = {}
    for ni, n in enumerate(nodes):
        ranks = list(range(ni * 8, ni * 8 + 8))
        pids = {r: 5120 + r * 3 for r in ranks}
        L = torchrun_header(t0, tid=139800)
        fails = {}
        for r in ranks:
            tf = add(t0, seconds=11, milliseconds=rng.randint(0, 700))
            fails[r] = tf
            fr = [("/workspace/dpo/train_dpo.py", 204, "<module>", "main()"),
                  ("/workspace/dpo/train_dpo.py", 96, "main", "model = AutoModelForCausalLM.from_pretrained(cfg.model, torch_dtype=torch.bfloat16, attn_implementation=\"flash_attention_2\")"),
                  (ULT + "/transformers/models/auto/auto_factory.py", 523, "from_pretrained", "config, kwargs = AutoConfig.from_pretrained("),
                  (ULT + "/transformers/models/auto/configuration_auto.py", 958, "from_pretrained", "return config_class.from_dict(config_dict, **unused_kwargs)"),
                  (ULT + "/transformers/configuration_utils.py", 768, "from_dict", "config = cls(**config_dict)"),
                  (ULT + "/transformers/models/llama/configuration_llama.py", 161, "__init__", "self._rope_scaling_validation()"),
                  (ULT + "/transformers/models/llama/configuration_llama.py", 181, "_rope_scaling_validation", "raise ValueError(")]
            L.extend(traceback(fr, ["ValueError: `rope_scaling` must be a dictionary with with two fields, `type` and `factor`, got {'factor': 8.0, 'low_freq_factor': 1.0, 'high_freq_factor': 4.0, 'original_max_position_embeddings': 8192, 'rope_type': 'llama3'}"], prefix="[rank%d]: " % r))
        node_fail_tail(L, n, ranks, fails, pids, 1, "train_dpo.py", tid=139800)
        files["%s/torchrun.log" % n] = write_lines(L)
        files["%s/pip-freeze-excerpt.txt" % n] = write_lines(["accelerate==0.29.3", "datasets==2.19.0", "flash-attn==2.5.7", "peft==0.10.0",
                                                           "torch==2.3.0", "transformers==4.40.2", "trl==0.8.6"])
    files["requirements.txt"] = write_lines(["torch==2.3.0", "transformers==4.40.2   # pinned: flash-attn 2.5.7 build matrix", "accelerate==0.29.3",
                                             "trl==0.8.6", "peft==0.10.0", "datasets==2.19.0", "flash-attn==2.5.7"])
    files["Dockerfile"] = write_lines(["FROM nvcr.io/nvidia/pytorch:24.04-py3", "COPY requirements.txt /tmp/", "RUN pip install --no-cache-dir -r /tmp/requirements.txt",
                                       "COPY dpo /workspace/dpo", "WORKDIR /workspace/dpo"])
    files["run_config.yaml"] = write_lines(["model: /models/Meta-Llama-3.1-8B-Instruct", "dataset: /data/prefs/ultrafeedback_binarized", "beta: 0.1", "max_length: 4096"])
    label = lab("dependency", "script", None, "stop",
                "Every rank fails loading the Llama-3.1 config with '`rope_scaling` must be a dictionary with with two fields, `type` and `factor`': the user's requirements pin transformers==4.40.2, which predates the llama3 rope_type. The same image on both nodes; a mistake in the user's own requirements.",
                "https://github.com/StartHua/Comfyui_CXH_joy_caption/issues/35")
    return mk("bh25_rope_scaling_valueerror_on_every_rank", files, label)


# =====================================================================
# bh26 Megatron PP=4: the first pipeline stage OOMs, later stages time out in recv
# =====================================================================
def bh26():
    rng = random.Random(6326)
    nodes = ["sm-h100-01", "sm-h100-02", "sm-h100-03", "sm-h100-04"]
    t0 = dt(2025, 2, 25, 19, 44, 0)
    files = {}
    t_it = add(t0, minutes=2, seconds=41)
    params = {0: 2710302720, 1: 1604321280, 2: 1604321280, 3: 2655854592}
    for ni, n in enumerate(nodes):
        L = []
        ranks = list(range(ni * 8, ni * 8 + 8))
        if ni == 0:
            L.append("0: using world size: 32, data-parallel size: 1, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 4 ")
            for k, v in [("decoder_first_pipeline_num_layers", "15"), ("decoder_last_pipeline_num_layers", "None"), ("global_batch_size", "256"),
                         ("micro_batch_size", "2"), ("num_layers", "48"), ("recompute_granularity", "None"), ("seq_length", "8192"),
                         ("sequence_parallel", "True"), ("distributed_timeout_minutes", "15")]:
                L.append("0:   %s %s %s" % (k, "." * (48 - len(k)), v))
            L.append("0: setting number of micro-batches to constant 128")
            L.append("0: building GPT model ...")
        L.append("%d:  > number of parameters on (tensor, pipeline) model parallel rank (0, %d): %d" % (ranks[0], ni, params[ni]))
        if ni == 0:
            L.append("0: [after dataloaders are built] datetime: %s " % add(t_it, seconds=-9).strftime("%Y-%m-%d %H:%M:%S"))
            L.append("0: done with setup ...")
            L.append("0: training ...")
            L.append("0: [before the start of training step] datetime: %s " % add(t_it, seconds=-2).strftime("%Y-%m-%d %H:%M:%S"))
            fails = {}
            for j, r in enumerate([3, 0, 6, 1, 5, 2, 7, 4]):
                fails[r] = add(t_it, seconds=17, milliseconds=j * 61 + rng.randint(0, 40))
                fr = [("/opt/megatron-lm/pretrain_gpt.py", 297, "<module>", "pretrain("),
                      ("/opt/megatron-lm/megatron/training/training.py", 386, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                      ("/opt/megatron-lm/megatron/training/training.py", 1401, "train", "train_step(forward_step_func,"),
                      ("/opt/megatron-lm/megatron/training/training.py", 754, "train_step", "losses_reduced = forward_backward_func("),
                      ("/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 1601, "forward_backward_pipelining_without_interleaving", "output_tensor, num_tokens = forward_step("),
                      ("/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 275, "forward_step", "output_tensor, loss_func = forward_step_func(data_iterator, model)"),
                      ("/opt/megatron-lm/pretrain_gpt.py", 205, "forward_step", "output_tensor = model(tokens, position_ids, attention_mask,"),
                      ("/opt/megatron-lm/megatron/core/models/gpt/gpt_model.py", 264, "forward", "hidden_states = self.decoder("),
                      ("/opt/megatron-lm/megatron/core/transformer/transformer_block.py", 496, "forward", "hidden_states, context = layer("),
                      ("/opt/megatron-lm/megatron/core/transformer/transformer_layer.py", 390, "forward", "mlp_output_with_bias = self.mlp(pre_mlp_layernorm_output)"),
                      ("/opt/megatron-lm/megatron/core/transformer/mlp.py", 123, "forward", "intermediate_parallel = self.activation_func(intermediate_parallel)")]
                L.extend(traceback(fr, [oom_msg("448.00 MiB", r, "79.11 GiB", "%d.31 MiB" % rng.randint(210, 400), "78.%02d GiB" % rng.randint(40, 70),
                                                "75.%02d GiB" % rng.randint(0, 40), "1.%02d GiB" % rng.randint(40, 80))], prefix="%d: " % r))
            L.append("srun: error: %s: tasks 0-7: Exited with exit code 1" % n)
        else:
            tw = add(t_it, seconds=17 + 900, milliseconds=rng.randint(100, 300))
            for r in ranks:
                op = "RECV" if ni in (1, 3) else "SEND"
                for l in watchdog_timeout(r, add(tw, milliseconds=rng.randint(0, 700)), 9 + ni, op, 8388608, 900000, pg="2 (pp)", prefix=False, rng=rng):
                    L.append("%d: %s" % (r, l))
            L.append("srun: error: %s: tasks %d-%d: Aborted (core dumped)" % (n, ranks[0], ranks[-1]))
        files["%s/megatron-%s.log" % (n, n)] = write_lines(L)
        C = ["epoch,host,gpu,fb_used_mib,fb_total_mib"]
        t = add(t0, minutes=1)
        while t <= add(t_it, minutes=1):
            for g in range(8):
                if t < add(t_it, seconds=-5):
                    used = 11800 + (ni in (0, 3)) * 5200 + rng.randint(0, 200)
                elif t <= add(t_it, seconds=20):
                    used = (81004 if ni == 0 else 50100 + rng.randint(0, 900))
                else:
                    used = 0 if ni == 0 else 50500 + rng.randint(0, 300)
                C.append("%d,%s,%d,%d,81559" % (epoch(t), n, g, used))
            t = add(t, seconds=15)
        files["%s/dcgm_fb_used.csv" % n] = write_lines(C)
    label = lab("oom", "framework", None, "stop",
                "All 8 tensor-parallel ranks of pipeline stage 0 (sm-h100-01) OOM during the first 1F1B warmup; that stage holds 15 of 48 layers (--decoder-first-pipeline-num-layers 15) plus the embedding and the most in-flight microbatches, while the other stages sit near 50 GiB and then time out in pipeline send/recv. An unbalanced split in the job's own configuration, not a bad node.",
                "https://github.com/sail-sg/zero-bubble-pipeline-parallelism/issues/8")
    return mk("bh26_oom_on_first_node_others_timeout_in_recv", files, label)


# =====================================================================
# bh27 Kubernetes: one pod's ranks all OOM at init; an inference server shares its GPUs
# =====================================================================
def bh27():
    rng = random.Random(6327)
    knodes = ["aks-ndh100v5-31207459-vmss000003", "aks-ndh100v5-31207459-vmss000004",
              "aks-ndh100v5-31207459-vmss00000b", "aks-ndh100v5-31207459-vmss00000c"]
    pods = ["llama-pt-70b-master-0", "llama-pt-70b-worker-0", "llama-pt-70b-worker-1", "llama-pt-70b-worker-2"]
    bad = knodes[2]
    t0 = dt(2025, 3, 19, 1, 20, 41, 90000)
    files = {}
    tf = add(t0, seconds=96)
    for pi, (kn, pod) in enumerate(zip(knodes, pods)):
        ranks = list(range(pi * 8, pi * 8 + 8))
        pids = {r: 88 + (r % 8) * 12 for r in ranks}
        L = torchrun_header(t0, tid=1)
        for r in ranks:
            L.append("[rank%d]:%s INFO pt70b: rank=%d pod=%s materializing FSDP shards on cuda:%d (param_init_fn)" % (r, ts_py(add(t0, seconds=88, milliseconds=rng.randint(0, 500))), r, pod, r % 8))
        if kn == bad:
            fails = {}
            for r in ranks:
                fails[r] = add(tf, milliseconds=rng.randint(0, 900))
                fr = [("/app/pt70b/train.py", 402, "<module>", "main()"),
                      ("/app/pt70b/train.py", 166, "main", "model = FSDP(model, auto_wrap_policy=wrap_policy, param_init_fn=init_fn, device_id=torch.cuda.current_device(), sync_module_states=False)"),
                      (ULT12 + "/torch/distributed/fsdp/fully_sharded_data_parallel.py", 509, "__init__", "_init_param_handle_from_module("),
                      (ULT12 + "/torch/distributed/fsdp/_init_utils.py", 607, "_init_param_handle_from_module", "_materialize_meta_module(fully_sharded_module, device_from_device_id, ignored_modules)"),
                      (ULT12 + "/torch/distributed/fsdp/_init_utils.py", 898, "_materialize_meta_module", "module.to_empty(device=materialization_device, recurse=False)")]
                L.extend(traceback(fr, [oom_msg("1.96 GiB", r % 8, "79.11 GiB", "%d.19 MiB" % rng.randint(300, 900), "%.2f GiB" % (59.8 + rng.random() * 0.3),
                                                "%.2f GiB" % (59.1 + rng.random() * 0.3), "%.2f MiB" % (4 + rng.random() * 10), others=[(31177 + (r % 8), "18.21 GiB")])], prefix="[rank%d]: " % r))
            node_fail_tail(L, pod, ranks, fails, pids, 1, "train.py", tid=1)
        else:
            tw = add(tf, seconds=600, milliseconds=rng.randint(300, 600))
            wf = {}
            for r in ranks:
                wf[r] = add(tw, milliseconds=rng.randint(0, 800))
                L.extend(watchdog_timeout(r, wf[r], 2, "ALLREDUCE", 1, 600000, rng=rng))
            node_fail_tail(L, pod, ranks, wf, pids, -6, "train.py", tid=1, sigterm=False)
        files["%s/%s.log" % (kn, pod)] = write_lines(L)
        M = ["# dcgm-exporter scrape %s" % ts_iso(add(t0, seconds=-30)), "# HELP DCGM_FI_DEV_FB_USED Framebuffer memory used (in MiB).", "# TYPE DCGM_FI_DEV_FB_USED gauge"]
        for g in range(8):
            used = 18650 + rng.randint(0, 30) if kn == bad else 0
            M.append('DCGM_FI_DEV_FB_USED{gpu="%d",UUID="GPU-%08x-%04x",device="nvidia%d",modelName="NVIDIA H100 80GB HBM3",Hostname="%s",container="",namespace="",pod=""} %d' % (
                g, 0x3c1e0000 + pi * 16 + g, 0x7a00 + g, g, kn, used))
        files["%s/dcgm-metrics-before-start.txt" % kn] = write_lines(M)
    files["%s/host-nvidia-smi.txt" % bad] = write_lines(
        nvidia_smi(add(tf, minutes=4), [{"used_mib": 18650 + g * 3, "util": 23, "temp": 44, "power": 210} for g in range(8)],
                   [(g, 31177 + g, "/opt/tritonserver/bin/tritonserver", 18640) for g in range(8)], driver="550.90.12"))
    files["kubectl-get-pods-on-%s.txt" % bad] = write_lines([
        "$ kubectl get pods -A -o wide --field-selector spec.nodeName=%s" % bad,
        "NAMESPACE     NAME                                READY   STATUS    RESTARTS   AGE     IP             NODE",
        "kube-system   azure-ip-masq-agent-q2x8l           1/1     Running   0          41d     10.224.0.61    %s" % bad,
        "gpu-operator  nvidia-dcgm-exporter-8vzc4          1/1     Running   0          41d     10.244.7.12    %s" % bad,
        "gpu-operator  nvidia-device-plugin-daemonset-n7p  1/1     Running   0          41d     10.244.7.9     %s" % bad,
        "serving       triton-llm-7d9f8c6b5-xk2lp          1/1     Running   0          2d3h    10.244.7.44    %s" % bad,
        "training      llama-pt-70b-worker-1               0/1     Error     0          14m     10.244.7.51    %s" % bad,
        "", "$ kubectl -n serving get pod triton-llm-7d9f8c6b5-xk2lp -o jsonpath='{.spec.containers[0].resources}{\"\\n\"}{.spec.containers[0].env}'",
        '{"limits":{"cpu":"16","memory":"128Gi"},"requests":{"cpu":"8","memory":"64Gi"}}',
        '[{"name":"NVIDIA_VISIBLE_DEVICES","value":"all"},{"name":"MODEL_REPO","value":"/models/llm-int8"}]'])
    label = lab("oom", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "All 8 ranks of worker-1 OOM while materialising FSDP shards, each message naming another process with 18.21 GiB on its GPU; on that node (vmss00000b) a Triton inference pod requesting no GPUs but with NVIDIA_VISIBLE_DEVICES=all holds ~18 GiB on every GPU, which DCGM already showed before the job started. The other three nodes' GPUs were empty and their ranks only time out.",
                "https://github.com/NVIDIA/gpu-operator/issues/2880")
    return mk("bh27_one_pod_oom_at_fsdp_init_others_timeout", files, label)


# =====================================================================
# bh28 torchtitan: DCP resume fails with Size mismatch on every rank
# =====================================================================
def bh28():
    rng = random.Random(6328)
    nodes = ["hgx-b03-n1", "hgx-b03-n2", "hgx-b03-n3", "hgx-b03-n4"]
    t0 = dt(2025, 5, 20, 7, 3, 18, 200000)
    files = {}
    for ni, n in enumerate(nodes):
        last = [t0]

        def tl(r, t, lvl, msg, last=last):
            t = max(add(t, milliseconds=rng.randint(0, 350)), add(last[0], milliseconds=1))
            last[0] = t
            return "[rank%d]:[titan] %s - root - %s - %s" % (r, ts_py(t), lvl, msg)
        r = ni * 8
        L = torchrun_header(t0, tid=139512)
        L.append(tl(r, add(t0, seconds=6), "INFO", "Starting job: llama3_8b_ext_vocab continued pretraining"))
        L.append(tl(r, add(t0, seconds=9), "INFO", "Building 1-D device mesh with ['dp_shard'], [32]"))
        L.append(tl(r, add(t0, seconds=11), "INFO", "Loading tokenizer from ./assets/tokenizer/llama3_ext_131k.model"))
        L.append(tl(r, add(t0, seconds=11), "INFO", "TikTokenizer built: #words 131072, BOS ID 128000, EOS ID 128001"))
        if ni == 0:
            L.append(tl(r, add(t0, seconds=12), "WARNING", "wandb.init() failed: Network error (ConnectTimeout), entering retry loop."))
            L.append("[rank0]:wandb: Tracking run with wandb version 0.18.5")
            L.append("[rank0]:wandb: Run data is saved locally in /outputs/wandb/run-20250520_070331-2k1x9c0q")
        L.append(tl(r, add(t0, seconds=20), "INFO", "Building llama3 8B with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=131072, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm')"))
        L.append(tl(r, add(t0, seconds=22), "INFO", "Applied FSDP to the model"))
        L.append(tl(r, add(t0, seconds=24), "INFO", "Loading the checkpoint at step 2000."))
        body = ["Traceback (most recent call last):",
                '  File "/workspace/torchtitan/torchtitan/train.py", line 528, in <module>',
                "    trainer = Trainer(config)",
                '  File "/workspace/torchtitan/torchtitan/train.py", line 251, in __init__',
                "    self.checkpointer.load(step=job_config.checkpoint.load_step)",
                '  File "/workspace/torchtitan/torchtitan/components/checkpoint.py", line 520, in load',
                "    self.dcp_load(states, checkpoint_id=checkpoint_id, from_hf=from_hf)",
                '  File "/workspace/torchtitan/torchtitan/components/checkpoint.py", line 410, in dcp_load',
                "    dcp.load(state_dict, checkpoint_id=checkpoint_id)",
                '  File "%s/torch/distributed/checkpoint/logger.py", line 87, in wrapper' % ULT12,
                "    result = func(*args, **kwargs)",
                '  File "%s/torch/distributed/checkpoint/utils.py", line 475, in inner_func' % ULT12,
                "    return func(*args, **kwargs)",
                '  File "%s/torch/distributed/checkpoint/state_dict_loader.py", line 176, in load' % ULT12,
                "    _load_state_dict(",
                '  File "%s/torch/distributed/checkpoint/state_dict_loader.py", line 236, in _load_state_dict' % ULT12,
                '    central_plan: LoadPlan = distW.reduce_scatter("plan", local_step, global_step)',
                '  File "%s/torch/distributed/checkpoint/utils.py", line 200, in reduce_scatter' % ULT12,
                "    raise result",
                "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%s])" % ", ".join(str(i) for i in range(32))]
        for k in range(32):
            body += ["Traceback (most recent call last): (RANK %d)" % k,
                     '  File "%s/torch/distributed/checkpoint/utils.py", line 171, in reduce_scatter' % ULT12,
                     "    local_data = map_fun()",
                     '  File "%s/torch/distributed/checkpoint/logger.py", line 87, in wrapper' % ULT12,
                     "    result = func(*args, **kwargs)",
                     '  File "%s/torch/distributed/checkpoint/state_dict_loader.py", line 224, in local_step' % ULT12,
                     "    local_plan = planner.create_local_plan()",
                     '  File "%s/torch/distributed/checkpoint/default_planner.py", line 311, in create_local_plan' % ULT12,
                     "    return create_default_local_load_plan(",
                     '  File "%s/torch/distributed/checkpoint/default_planner.py", line 437, in create_default_local_load_plan' % ULT12,
                     "    raise ValueError(",
                     "ValueError: Size mismatch between saved torch.Size([128256, 4096]) and current: torch.Size([131072, 4096]) for model.tok_embeddings.weight"]
        body.append("")
        L.extend("[rank%d]: %s" % (r, b) if b else "[rank%d]: " % r for b in body)
        L.append(destroy_pg_warning(r, add(t0, seconds=31, milliseconds=200)))
        tk = add(t0, seconds=33, milliseconds=rng.randint(0, 900))
        L.append(elastic_failed_line(tk, 1, 0, 40100 + r, agent_tid=139512))
        L.extend(elastic_summary("torchtitan/train.py", {"time": add(t0, seconds=31), "host": n, "rank": r, "local_rank": 0, "exitcode": 1, "pid": 40100 + r, "error_file": None},
                                 [{"time": add(t0, seconds=31, milliseconds=k * 7), "host": n, "rank": r + k, "local_rank": k, "exitcode": 1, "pid": 40100 + r + k, "error_file": None} for k in range(1, 8)]))
        files["%s/run_train.%s.log" % (n, n)] = write_lines(L)
    files["run_train.sh"] = write_lines([
        "#!/usr/bin/bash", "NGPU=${NGPU:-\"8\"}", "LOG_RANK=${LOG_RANK:-0}", "CONFIG_FILE=${CONFIG_FILE:-\"./train_configs/llama3_8b_ext_vocab.toml\"}", "",
        "torchrun --nnodes=4 --nproc_per_node=${NGPU} --rdzv_backend c10d --rdzv_endpoint=hgx-b03-n1:29500 \\",
        "  --local-ranks-filter ${LOG_RANK} --role rank --tee 3 \\",
        "  -m torchtitan.train --job.config_file ${CONFIG_FILE}"])
    files["llama3_8b_ext_vocab.toml"] = write_lines([
        "[model]", 'name = "llama3"', 'flavor = "8B"', 'tokenizer_path = "./assets/tokenizer/llama3_ext_131k.model"', "",
        "[training]", "seq_len = 8192", "batch_size = 2", "steps = 20000", "",
        "[checkpoint]", "enable_checkpoint = true", 'folder = "checkpoint"', "load_step = 2000   # from run llama3_8b_base_cpt (tokenizer: original/tokenizer.model)",
        "interval = 500"])
    label = lab("user_code", "script", None, "stop",
                "All 32 ranks fail in dcp.load with a CheckpointException whose per-rank cause is 'Size mismatch between saved torch.Size([128256, 4096]) and current: torch.Size([131072, 4096]) for model.tok_embeddings.weight': the run switched to a 131k-token tokenizer but resumes a step-2000 checkpoint trained with the 128k one. The wandb connect retry is harmless.",
                "https://github.com/RLinf/RLinf/issues/655")
    return mk("bh28_resume_checkpointexception_size_mismatch", files, label)


CASES = [bh21, bh22, bh23, bh24, bh25, bh26, bh27, bh28]
