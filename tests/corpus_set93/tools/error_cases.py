"""Cases cl16-cl28: deterministic user errors behind generic exception types."""
import random

from common import (T, plus, iso, iso_ms, isot, glog, c10d, Kernel, nvsmi_q, nccl_init_lines, watchdog_block,
                    torchrun_failure, megatron_iter, sacct, jdump)
from slow_cases import label, megatron_preamble, slurm_head

PY = "/usr/local/lib/python3.10/dist-packages"


def pre(prefix, lines):
    return [prefix + l for l in lines]


def tb_load_state_dict(cls_name, errs, frames):
    out = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out += ['  File "%s", line %d, in %s' % (f, ln, fn), "    " + code]
    out += ['  File "%s/torch/nn/modules/module.py", line 2215, in load_state_dict' % PY,
            "    raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
            "RuntimeError: Error(s) in loading state_dict for %s:" % cls_name]
    out += ["\t" + e for e in errs]
    return out


def srun_errors(nodes, tasks_per_node, code=1, first=None):
    out = []
    for i, h in enumerate(nodes):
        out.append("srun: error: %s: tasks %d-%d: Exited with exit code %d" % (h, i * tasks_per_node, (i + 1) * tasks_per_node - 1, code))
    return out


# ============================================================================ cl16
def cl16():
    rng = random.Random(9316)
    nodes = ["hgx-s07-n01", "hgx-s07-n02"]
    job = 880412
    start = T("2024-06-24 13:00:00")
    out = slurm_head(job, nodes, start, "'torchrun --nnodes 2 --nproc-per-node 8 pretrain_gpt.py ${ARGS}'")
    out += megatron_preamble(start, 16, 8, 1, 32000, 32768, 4096, 1, 256, rng, load="/lustre/proj/ckpt/base-8b-128k")[:40]
    out += [" loading checkpoint from /lustre/proj/ckpt/base-8b-128k at iteration 50000",
            " checkpoint version 3.0"]
    fail = plus(start, 74)
    frames = [("/workspace/Megatron-LM/pretrain_gpt.py", 278, "<module>", "pretrain("),
              ("/workspace/Megatron-LM/megatron/training/training.py", 291, "pretrain", "model, optimizer, opt_param_scheduler = setup_model_and_optimizer("),
              ("/workspace/Megatron-LM/megatron/training/training.py", 701, "setup_model_and_optimizer", "args.iteration, args.num_floating_point_operations_so_far = load_checkpoint("),
              ("/workspace/Megatron-LM/megatron/training/checkpointing.py", 1146, "load_checkpoint", "model[0].load_state_dict(state_dict['model'], strict=strict)"),
              ("/workspace/Megatron-LM/megatron/core/transformer/module.py", 183, "load_state_dict", "self.module.load_state_dict(state_dict, strict=strict)")]
    errs = ["size mismatch for embedding.word_embeddings.weight: copying a param with shape torch.Size([16128, 4096]) from checkpoint, the shape in current model is torch.Size([4096, 4096]).",
            "size mismatch for output_layer.weight: copying a param with shape torch.Size([16128, 4096]) from checkpoint, the shape in current model is torch.Size([4096, 4096])."]
    order = list(range(16))
    rng.shuffle(order)
    for r in order:
        out += pre("[rank%d]: " % r, tb_load_state_dict("GPTModel", errs, frames))
    for n, h in enumerate(nodes):
        out += torchrun_failure("pretrain_gpt.py", plus(fail, 1), 60100 + n * 50, h,
                                [(n * 8 + i, i, 1, 60110 + n * 50 + i) for i in range(8)])
    out += srun_errors(nodes, 1)
    files = {"slurm-%d.out" % job: "\n".join(out) + "\n"}
    files["sacct.txt"] = sacct([(str(job), "cpt-8b", "batch", 448, "FAILED", "1:0", "00:01:19", "hgx-s07-n[01-02]"),
                                (str(job) + ".0", "bash", "", 448, "FAILED", "1:0", "00:01:17", "hgx-s07-n[01-02]")])
    files["job.sbatch"] = "\n".join([
        "#!/bin/bash", "#SBATCH --job-name=cpt-8b", "#SBATCH --nodes=2", "#SBATCH --ntasks-per-node=1", "#SBATCH --gpus-per-node=8",
        "export ARGS=\"--tensor-model-parallel-size 8 --num-layers 32 --hidden-size 4096 --seq-length 4096 \\",
        "  --tokenizer-type HuggingFaceTokenizer --tokenizer-model /lustre/tok/mistral-7b-v0.1 \\",
        "  --load /lustre/proj/ckpt/base-8b-128k --finetune --bf16\"",
        "srun bash -c 'torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint $(hostname):29500 pretrain_gpt.py ${ARGS}'",
    ]) + "\n"
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-06-20 07:1%d:14" % i), rng)
        k.boot_noise()
        files["%s/dmesg.txt" % h] = k.dmesg()
    lab = label("user_code", "script", None, None, "stop",
                "All 16 ranks on both nodes fail the same way while loading the checkpoint: the embedding and output layer are 16128 rows per TP shard (128k-vocab checkpoint) but the model was built with a 32000-token tokenizer (4096 rows). The tokenizer and checkpoint do not match; a retry gives the same error.",
                "https://github.com/Jiuzhouh/PiVe/issues/4")
    return "cl16_runtimeerror_at_checkpoint_load_on_all_16_ranks", lab, files


# ============================================================================ cl17
def cl17():
    rng = random.Random(9317)
    nodes = ["g5-train-a01", "g5-train-a02"]
    job = 41788
    start = T("2024-05-07 10:00:00")
    fail = T("2024-05-07 10:01:42")
    files = {}
    keys_m = ", ".join('"%s"' % k for k in ["tok_embeddings.weight", "layers.0.attention.wq.weight", "layers.0.attention.wk.weight",
                                            "layers.0.attention.wv.weight", "layers.0.attention.wo.weight", "layers.0.feed_forward.w1.weight"])
    keys_u = ", ".join('"%s"' % k for k in ["module.tok_embeddings.weight", "module.layers.0.attention.wq.weight", "module.layers.0.attention.wk.weight",
                                            "module.layers.0.attention.wv.weight", "module.layers.0.attention.wo.weight", "module.layers.0.feed_forward.w1.weight"])
    for n, h in enumerate(nodes):
        lines = ["[%s] torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint g5-train-a01:29500 train.py --resume /shared/runs/llm1b/ckpt_step12000.pt" % iso(start)]
        for lr_ in range(8):
            r = n * 8 + lr_
            lines += nccl_init_lines(h, 31200 + n * 100 + lr_, 31300 + n * 100 + lr_, lr_, r, 16)[:3]
        if n == 0:
            lines.append("[rank0]: %s INFO resume: loading /shared/runs/llm1b/ckpt_step12000.pt on rank 0, will broadcast to other ranks" % iso(plus(start, 95)))
            tb = ["Traceback (most recent call last):",
                  '  File "/home/sroy/llm1b/train.py", line 311, in <module>', "    main()",
                  '  File "/home/sroy/llm1b/train.py", line 247, in main', "    load_resume(model, args.resume)",
                  '  File "/home/sroy/llm1b/train.py", line 118, in load_resume', '    model.load_state_dict(ckpt["model"])',
                  '  File "%s/torch/nn/modules/module.py", line 2215, in load_state_dict' % PY,
                  "    raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
                  "RuntimeError: Error(s) in loading state_dict for Transformer:",
                  "\tMissing key(s) in state_dict: %s, ... (182 more)" % keys_m,
                  "\tUnexpected key(s) in state_dict: %s, ... (182 more). " % keys_u]
            lines += pre("[rank0]: ", tb)
            lines += torchrun_failure("train.py", plus(fail, 1), 31190, h, [(0, 0, 1, 31200)],
                                      sigterm_pids=[31201 + i for i in range(7)])
        else:
            for lr_ in range(8):
                r = 8 + lr_
                lines += watchdog_block(r, plus(fail, 600 + lr_ % 3), 1, "BROADCAST", 600000, 600000 + rng.randint(10, 90),
                                        numel=rng.choice([131072000, 4194304]), last_done=0)
            lines += torchrun_failure("train.py", plus(fail, 605), 31290, h,
                                      [(8 + i, i, -6, 31300 + i) for i in range(8)])
        files["%s/stdout.log" % h] = "\n".join(lines) + "\n"
        k = Kernel(h, T("2024-05-01 12:0%d:00" % n), rng)
        k.boot_noise()
        files["%s/dmesg.txt" % h] = k.dmesg()
    files["slurm-%d.out" % job] = "\n".join([
        "srun: error: g5-train-a01: task 0: Exited with exit code 1",
        "srun: error: g5-train-a02: task 1: Exited with exit code 1",
    ]) + "\n"
    files["sacct.txt"] = sacct([(str(job), "llm1b-res", "gpu", 192, "FAILED", "1:0", "00:11:51", "g5-train-a[01-02]")])
    lab = label("user_code", "script", None, None, "stop",
                "The first failure is on rank 0 at 10:01:42: the resume checkpoint has 'module.'-prefixed keys (saved from the DDP wrapper) but is loaded into the bare model. Rank 0 dies before the initial broadcast, so the 8 ranks on g5-train-a02 hit the 600 s NCCL watchdog on BROADCAST ten minutes later. Those timeouts are sympathetic, and the error repeats on every retry.",
                "https://github.com/NVIDIA/apex/issues/647")
    return "cl17_rank0_runtimeerror_then_broadcast_watchdog_on_other_node", lab, files


# ============================================================================ cl18
def oom_msg(tried, gpu, free, inuse, alloc, reserved, pid):
    return ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %.2f GiB. GPU %d has a total capacity of 79.11 GiB of which %.2f GiB is free. "
            "Process %d has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f GiB is reserved by PyTorch but unallocated. "
            "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  "
            "See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
            % (tried, gpu, free, pid, inuse, alloc, reserved))


def cl18():
    rng = random.Random(9318)
    nodes = ["nv-hpc-4401", "nv-hpc-4402", "nv-hpc-4403", "nv-hpc-4404"]
    job = 771190
    start = T("2024-12-10 16:00:00")
    out = slurm_head(job, nodes, start, "'torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py ${ARGS}'")
    out += megatron_preamble(start, 32, 4, 1, 32000, 32000, 16384, 4, 256, rng)
    fail = plus(start, 151)
    order = list(range(32))
    rng.shuffle(order)
    for r in order:
        g = r % 8
        tb = ["Traceback (most recent call last):",
              '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 278, in <module>', "    pretrain(",
              '  File "/workspace/Megatron-LM/megatron/training/training.py", line 376, in pretrain', "    iteration, num_floating_point_operations_so_far = train(",
              '  File "/workspace/Megatron-LM/megatron/training/training.py", line 1262, in train', "    train_step(forward_step_func,",
              '  File "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", line 452, in forward_backward_no_pipelining',
              "    output_tensor, num_tokens = forward_step(",
              '  File "/workspace/Megatron-LM/megatron/core/transformer/attention.py", line 362, in forward',
              "    core_attn_out = self.core_attention(",
              '  File "/workspace/Megatron-LM/megatron/core/transformer/dot_product_attention.py", line 137, in forward',
              "    matmul_result = parallel_state.get_global_memory_buffer().get_tensor(output_size, query.dtype, \"mpu\")",
              '  File "/workspace/Megatron-LM/megatron/core/utils.py", line 416, in get_tensor',
              "    self.buffer[(name, dtype)] = torch.empty(",
              oom_msg(16.0, g, rng.uniform(5.2, 6.4), rng.uniform(72.3, 73.6), rng.uniform(66.9, 68.2), rng.uniform(3.1, 4.4), 118800 + r * 3)]
        out += pre("[rank%d]: " % r, tb)
    for n, h in enumerate(nodes):
        out += torchrun_failure("pretrain_gpt.py", plus(fail, 2), 118700 + n, h, [(n * 8 + i, i, 1, 118800 + (n * 8 + i) * 3) for i in range(8)])
    out += srun_errors(nodes, 1)
    files = {"slurm-%d.out" % job: "\n".join(out) + "\n"}
    files["sacct.txt"] = sacct([("771102", "gpt7b-4k", "batch", 896, "COMPLETED", "0:0", "11:58:02", "nv-hpc-[4401-4404]"),
                                (str(job), "gpt7b-16k", "batch", 896, "FAILED", "1:0", "00:02:36", "nv-hpc-[4401-4404]"),
                                (str(job) + ".0", "bash", "", 896, "FAILED", "1:0", "00:02:34", "nv-hpc-[4401-4404]")])
    files["job.sbatch"] = "\n".join([
        "#!/bin/bash", "#SBATCH --job-name=gpt7b-16k", "#SBATCH --nodes=4", "#SBATCH --gpus-per-node=8", "#SBATCH --exclusive",
        "SEQ_LEN=16384      # was 4096 in 771102",
        "MBS=4              # unchanged",
        "export ARGS=\"--tensor-model-parallel-size 4 --num-layers 32 --hidden-size 4096 --num-attention-heads 32 \\",
        "  --seq-length ${SEQ_LEN} --max-position-embeddings ${SEQ_LEN} --micro-batch-size ${MBS} --global-batch-size 256 \\",
        "  --attention-backend unfused --bf16\"",
        "srun bash -c 'torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py ${ARGS}'",
    ]) + "\n"
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-12-06 09:%02d:00" % (i * 3)), rng)
        k.boot_noise()
        files["%s/dmesg.txt" % h] = k.dmesg()
    lab = label("oom", "script", None, None, "stop",
                "All 32 ranks hit torch.OutOfMemoryError at the first forward, each on its own GPU, while allocating a 16 GiB unfused attention score buffer. The only change from the completed run 771102 on the same nodes is seq_length 4096 to 16384 at micro batch 4. The 'Process N has 72 GiB in use' is the rank's own PID, not a foreign process.",
                "https://github.com/huggingface/trl/issues/1510")
    return "cl18_out_of_memory_on_every_rank_at_first_iteration", lab, files


# ============================================================================ cl19
def cl19():
    rng = random.Random(9319)
    nodes = ["gpu-w-31", "gpu-w-32"]
    job = 503377
    start = T("2024-08-02 20:00:00")
    fail = plus(start, 88)
    files = {}
    out = ["+ srun --ntasks-per-node=1 torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-w-31:29500 train_fsdp.py --config cfg/tiny-llama-1b.yaml",
           "[rank0] %s config: model=TinyLlama-1.1B vocab_size=32000 hidden=2048 layers=22 | data=/datasets/fineweb-edu-llama3-tok (pre-tokenized, uint32) | seq=2048" % iso(plus(start, 30)),
           "[rank0] %s FSDP wrapped 22 LlamaDecoderLayer, mixed precision bf16" % iso(plus(start, 71))]
    asserting = [0, 3, 4, 6, 9, 10, 13, 15]
    for r in range(16):
        if r in asserting:
            b = rng.randint(100, 400)
            for th in range(rng.randint(3, 6)):
                out.append("[rank%d]: ../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [%d,0,0], thread: [%d,0,0] Assertion `srcIndex < srcSelectDimSize` failed." % (r, b, 64 + th))
    for r in range(16):
        tb = ["Traceback (most recent call last):",
              '  File "/home/ychen/pt/train_fsdp.py", line 402, in <module>', "    main(cfg)",
              '  File "/home/ychen/pt/train_fsdp.py", line 331, in main', "    loss = model(input_ids=batch[\"input_ids\"], labels=batch[\"labels\"]).loss",
              '  File "%s/transformers/models/llama/modeling_llama.py", line 1189, in forward' % PY, "    outputs = self.model(",
              '  File "%s/transformers/models/llama/modeling_llama.py", line 945, in forward' % PY, "    causal_mask = self._update_causal_mask(",
              '  File "%s/transformers/models/llama/modeling_llama.py", line 1068, in _update_causal_mask' % PY, "    if AttentionMaskConverter._ignore_causal_mask_sdpa(",
              "RuntimeError: CUDA error: device-side assert triggered",
              "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
              "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
              "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""]
        if r in asserting:
            out += pre("[rank%d]: " % r, tb)
    for n, h in enumerate(nodes):
        fails = [(n * 8 + i, i, 1, 90200 + n * 40 + i) for i in range(8) if (n * 8 + i) in asserting]
        fails += [(n * 8 + i, i, -15, 90200 + n * 40 + i) for i in range(8) if (n * 8 + i) not in asserting]
        out += torchrun_failure("train_fsdp.py", plus(fail, 2), 90190 + n * 40, h, fails)
    out += srun_errors(nodes, 1)
    files["slurm-%d.out" % job] = "\n".join(out) + "\n"
    files["sacct.txt"] = sacct([(str(job), "tinyllama", "gpu", 256, "FAILED", "1:0", "00:01:33", "gpu-w-[31-32]")])
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-07-30 15:%02d:41" % (i * 5)), rng)
        k.boot_noise()
        for g in range(8):
            r = i * 8 + g
            if r in asserting:
                k.at(plus(fail, 1), "NVRM: Xid (PCI:0000:%s:00): 43, pid=%d, name=python3, Ch 00000008" % (["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"][g], 90200 + i * 40 + g))
        files["%s/dmesg.txt" % h] = k.dmesg()
    lab = label("user_code", "script", None, None, "stop",
                "Eight ranks on both nodes fail the indexSelectLargeIndex assertion (srcIndex < srcSelectDimSize) in the embedding at the first step. The data was pre-tokenized with a Llama-3 tokenizer (ids up to 128k) but the model has vocab_size 32000. The device-side assert and the Xid 43 lines on both hosts are what an application fault leaves; this is a tokenizer/vocab mismatch, not a GPU fault.",
                "https://github.com/Lightning-AI/lit-llama/issues/306")
    return "cl19_device_side_assert_on_8_ranks_and_xid_43", lab, files


# ============================================================================ cl20
def cl20():
    rng = random.Random(9320)
    nodes = ["hpc-gn-061", "hpc-gn-062"]
    job = 2288019
    start = T("2024-11-04 01:00:00")
    fail = T("2024-11-04 02:31:07")
    files = {}
    for n, h in enumerate(nodes):
        lines = []
        for lr_ in range(8):
            lines += nccl_init_lines(h, 5100 + n * 20 + lr_, 5200 + n * 20 + lr_, lr_, n * 8 + lr_, 16)[4:7]
        d = plus(start, 60)
        for it in range(50, 501, 50):
            d = plus(d, 50 * 10.8)
            if n == 0:
                lines.append("[rank0]: %s it %d/20000 loss %.4f lr %.2e step_time 10.78s" % (iso(d), it, 3.2 - it * 0.0011, 1e-4))
        if n == 0:
            lines.append("[rank0]: %s running eval + sample generation on rank 0 (eval_every=500)" % iso(plus(fail, -14)))
            tb = ["Traceback (most recent call last):",
                  '  File "/home/lmoreau/vlm/train.py", line 288, in <module>', "    main()",
                  '  File "/home/lmoreau/vlm/train.py", line 262, in main', "    evaluate(model, val_loader, step)",
                  '  File "/home/lmoreau/vlm/train.py", line 201, in evaluate', "    samples = generate_samples(model.module, prompts)",
                  '  File "/home/lmoreau/vlm/sampling.py", line 44, in generate_samples', "    ids = torch.cat([prefix_ids, tok(prompt)], dim=1)",
                  "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument tensors in method wrapper_CUDA_cat)"]
            lines += pre("[rank0]: ", tb)
            lines += torchrun_failure("train.py", plus(fail, 1), 5090, h, [(0, 0, 1, 5100)], sigterm_pids=[5101 + i for i in range(7)])
        else:
            for lr_ in range(8):
                lines += watchdog_block(8 + lr_, plus(fail, 1800 + lr_ % 2), 4012, "ALLREDUCE", 1800000, 1800000 + rng.randint(20, 95), numel=1)
            lines += torchrun_failure("train.py", plus(fail, 1806), 5110, h, [(8 + i, i, -6, 5120 + i) for i in range(8)])
        files["%s/stdout.log" % h] = "\n".join(lines) + "\n"
        k = Kernel(h, T("2024-10-28 17:%02d:40" % (10 + n)), rng)
        k.boot_noise()
        files["%s/dmesg.txt" % h] = k.dmesg()
    files["slurm-%d.out" % job] = "srun: error: hpc-gn-061: task 0: Exited with exit code 1\nsrun: error: hpc-gn-062: task 1: Exited with exit code 1\n"
    files["sacct.txt"] = sacct([(str(job), "vlm-7b", "gpu", 224, "FAILED", "1:0", "02:01:15", "hpc-gn-[061-062]")])
    lab = label("user_code", "script", None, None, "stop",
                "Only rank 0 runs the eval/sample generation at step 500, and it fails with 'Expected all tensors to be on the same device ... cuda:0 and cpu' in torch.cat on a CPU prompt tensor. The 8 ranks on hpc-gn-062 then time out on ALLREDUCE after 30 minutes. This is a deterministic bug in the eval path; it will fail again at step 500.",
                "https://github.com/ChenYi99/EgoPlan/issues/15")
    return "cl20_rank0_fails_at_step_500_then_30min_allreduce_timeouts", lab, files


# ============================================================================ cl21
def cl21():
    rng = random.Random(9321)
    nodes = ["hgx-j2-n05", "hgx-j2-n06", "hgx-j2-n07"]
    job = 901144
    start = T("2025-02-03 09:10:00")
    out = slurm_head(job, nodes, start, "'torchrun --nnodes 3 --nproc-per-node 8 pretrain_gpt.py ${ARGS}'")
    order = list(range(24))
    rng.shuffle(order)
    for r in order:
        tb = ["Traceback (most recent call last):",
              '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 278, in <module>', "    pretrain(",
              '  File "/workspace/Megatron-LM/megatron/training/training.py", line 230, in pretrain', "    initialize_megatron(",
              '  File "/workspace/Megatron-LM/megatron/training/initialize.py", line 62, in initialize_megatron', "    validate_args(args, args_defaults)",
              '  File "/workspace/Megatron-LM/megatron/training/arguments.py", line 178, in validate_args',
              "    assert args.world_size % model_parallel_size == 0, 'world size ({}) is not'\\",
              "AssertionError: world size (24) is not divisible by tensor model parallel size (8) times pipeline model parallel size (2)"]
        out += pre("[rank%d]: " % r, tb)
    fail = plus(start, 21)
    for n, h in enumerate(nodes):
        out += torchrun_failure("pretrain_gpt.py", fail, 7700 + n * 30, h, [(n * 8 + i, i, 1, 7710 + n * 30 + i) for i in range(8)])
    out += srun_errors(nodes, 1)
    files = {"slurm-%d.out" % job: "\n".join(out) + "\n"}
    files["job.sbatch"] = "\n".join([
        "#!/bin/bash", "#SBATCH --job-name=gpt30b", "#SBATCH --nodes=3            # bumped from 2 to 3 to go faster", "#SBATCH --gpus-per-node=8",
        "TP=8", "PP=2",
        "export ARGS=\"--tensor-model-parallel-size ${TP} --pipeline-model-parallel-size ${PP} --num-layers 48 --hidden-size 7168 ...\"",
        "srun bash -c 'torchrun --nnodes ${SLURM_NNODES} --nproc-per-node 8 pretrain_gpt.py ${ARGS}'",
    ]) + "\n"
    files["sacct.txt"] = sacct([(str(job), "gpt30b", "batch", 672, "FAILED", "1:0", "00:00:24", "hgx-j2-n[05-07]")])
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2025-02-02 21:%02d:18" % (i * 7)) if i < 2 else T("2025-02-03 08:52:11"), rng)
        k.boot_noise([(45, "systemd[1]: Started Slurm node daemon.")] if i == 2 else [])
        files["%s/dmesg.txt" % h] = k.dmesg()
    lab = label("user_code", "script", None, None, "stop",
                "All 24 ranks fail validate_args within seconds of launch: 'world size (24) is not divisible by tensor model parallel size (8) times pipeline model parallel size (2)'. The sbatch was bumped to 3 nodes; with TP8xPP2 the GPU count must be a multiple of 16. The freshly rebooted third node is not the cause.",
                "https://github.com/modelscope/ms-swift/issues/5737")
    return "cl21_assertionerror_on_all_24_ranks_within_20s", lab, files


# ============================================================================ cl22
def cl22():
    rng = random.Random(9322)
    nodes = ["gpu-q-11", "gpu-q-12"]
    job = 61922
    start = T("2024-09-09 14:20:00")
    fail = plus(start, 33)
    out = ["+ export GPUS_PER_NODE=4",
           "+ srun --ntasks-per-node=8 --gpus-per-node=8 python -u train.py --backend nccl"]
    bus = ["18", "2a", "3a", "5d"]
    for n, h in enumerate(nodes):
        for lr_ in range(8):
            r = n * 8 + lr_
            dev = lr_ % 4
            out.append("%s:%d:%d [%d] NCCL INFO comm 0x%x rank %d nranks 16 cudaDev %d nvmlDev %d busId %s000 commId 0x9e01c2d4f5a6b701 - Init START" % (
                h, 51800 + r, 52000 + r, dev, 0x55aa10000000 + r * 0x1000, r, dev, dev, bus[dev]))
    for n, h in enumerate(nodes):
        for lr_ in range(4, 8):
            r = n * 8 + lr_
            other = n * 8 + lr_ - 4
            out.append("%s:%d:%d [%d] init.cc:889 NCCL WARN Duplicate GPU detected : rank %d and rank %d both on CUDA device %s000" % (h, 51800 + r, 52000 + r, lr_ - 4, r, other, bus[lr_ - 4]))
            out.append("%s:%d:%d [%d] NCCL INFO init.cc:1622 -> 5" % (h, 51800 + r, 52000 + r, lr_ - 4))
    for r in range(16):
        lr_ = r % 8
        a, b = (r, r - 4) if lr_ >= 4 else (r + 4, r)
        tb = ["Traceback (most recent call last):",
              '  File "/home/aokafor/seg/train.py", line 187, in <module>', "    main()",
              '  File "/home/aokafor/seg/train.py", line 74, in main', "    model = DDP(model, device_ids=[local_rank])",
              '  File "%s/torch/nn/parallel/distributed.py", line 822, in __init__' % PY, "    _verify_param_shape_across_processes(self.process_group, parameters)",
              '  File "%s/torch/distributed/utils.py", line 288, in _verify_param_shape_across_processes' % PY, "    return dist._verify_params_across_processes(process_group, tensors, logger)",
              "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.21.5",
              "ncclInvalidUsage: This usually reflects invalid usage of NCCL library.",
              "Last error:",
              "Duplicate GPU detected : rank %d and rank %d both on CUDA device %s000" % (a, b, bus[b % 4])]
        out += pre("[rank%d]: " % r, tb)
    for n, h in enumerate(nodes):
        out.append("srun: error: %s: tasks %d-%d: Exited with exit code 1" % (h, n * 8, n * 8 + 7))
    files = {"slurm-%d.out" % job: "\n".join(out) + "\n"}
    files["train_snippet.py"] = "\n".join([
        "# excerpt from /home/aokafor/seg/train.py (as submitted)",
        "rank = int(os.environ[\"SLURM_PROCID\"])",
        "local_rank = rank % int(os.environ.get(\"GPUS_PER_NODE\", 4))",
        "torch.cuda.set_device(local_rank)",
        "dist.init_process_group(\"nccl\", rank=rank, world_size=int(os.environ[\"SLURM_NTASKS\"]))",
    ]) + "\n"
    files["sacct.txt"] = sacct([(str(job), "seg-ddp", "gpu", 256, "FAILED", "1:0", "00:00:41", "gpu-q-[11-12]")])
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-09-01 05:%02d:00" % (i * 11)), rng)
        k.boot_noise()
        files["%s/dmesg.txt" % h] = k.dmesg()
        files["%s/nvidia-smi-q.txt" % h] = nvsmi_q(plus(fail, 5), rng, over={g: {"util": 0, "power": 71.0 + g, "sm": 345, "fb_used": 1} for g in range(8)}, proc_pid=None)
    lab = label("user_code", "script", None, None, "stop",
                "Every rank raises torch.distributed.DistBackendError (ncclInvalidUsage) at DDP construction. NCCL's last error is 'Duplicate GPU detected : rank 4 and rank 0 both on CUDA device 18000', and the same on both nodes. The script maps local_rank = rank % GPUS_PER_NODE with GPUS_PER_NODE=4 while 8 tasks run per node, so two ranks share each GPU. A launch/config bug, not NCCL or hardware.",
                "https://github.com/NVIDIA/Megatron-LM/issues/661")
    return "cl22_distbackenderror_invalid_usage_on_all_ranks", lab, files


# ============================================================================ cl23
def cl23():
    rng = random.Random(9323)
    start = T("2024-10-15 08:00:00")
    pods = ["sft-vlm-7b-master-0", "sft-vlm-7b-worker-0", "sft-vlm-7b-worker-1", "sft-vlm-7b-worker-2"]
    knodes = ["gke-a3-pool-7f2c-0x1k", "gke-a3-pool-7f2c-1m9q", "gke-a3-pool-7f2c-8rtd", "gke-a3-pool-7f2c-c2wz"]
    files = {}
    for p_i, pod in enumerate(pods[:2]):
        lines = []
        for attempt in range(3):
            t0 = plus(start, attempt * 430)
            lines += ["%s INFO  [train.py:88] restart %d, loading Qwen2-VL-7B from /models/qwen2-vl-7b" % (iso(t0), attempt),
                      "%s INFO  [train.py:104] FSDP MixedPrecision(param_dtype=torch.bfloat16, reduce_dtype=torch.float32), new module 'mm_projector' created in float32" % iso(plus(t0, 96)),
                      "Loading checkpoint shards: 100%|██████████| 5/5 [01:12<00:00, 14.44s/it]"]
            for lr_ in (0, 3):
                r = p_i * 8 + lr_
                tb = ["Traceback (most recent call last):",
                      '  File "/app/train.py", line 231, in <module>', "    trainer.train()",
                      '  File "%s/transformers/trainer.py", line 3318, in training_step' % PY, "    loss = self.compute_loss(model, inputs)",
                      '  File "/app/vlm/model.py", line 142, in forward', "    image_embeds = self.mm_projector(vision_out)",
                      '  File "%s/torch/nn/modules/linear.py", line 125, in forward' % PY, "    return F.linear(input, self.weight, self.bias)",
                      "RuntimeError: expected mat1 and mat2 to have the same dtype, but got: float != c10::BFloat16"]
                lines += pre("[rank%d]: " % r, tb)
            lines.append("%s ERROR [torch.distributed.elastic.multiprocessing.api:869] failed (exitcode: 1) local_rank: 0 (pid: 211) of binary: /usr/bin/python3" % iso(plus(t0, 201)))
        files["kubectl-logs-%s.txt" % pod] = "\n".join(lines) + "\n"
    desc = ["Name:         sft-vlm-7b", "Namespace:    mm-team", "API Version:  kubeflow.org/v1", "Kind:         PyTorchJob",
            "Spec:", "  Pytorch Replica Specs:", "    Master:", "      Replicas:  1", "      Restart Policy:  OnFailure",
            "    Worker:", "      Replicas:  3", "      Restart Policy:  OnFailure", "  Run Policy:", "    Backoff Limit:  2",
            "Status:", "  Conditions:", "    Type:     Created", "    Status:   True",
            "    Type:     Restarting", "    Status:   False", "    Message:  PyTorchJob sft-vlm-7b is restarting because 1 Master replica(s) failed.",
            "    Type:     Failed", "    Status:   True", "    Reason:   BackoffLimitExceeded",
            "    Message:  PyTorchJob sft-vlm-7b has failed because it has reached the specified backoff limit",
            "  Replica Statuses:", "    Master:", "      Failed:  1", "    Worker:", "      Failed:  3",
            "Events:", "  Type     Reason                Age   From                   Message", "  ----     ------                ----  ----                   -------"]
    for i, pod in enumerate(pods):
        desc.append("  Normal   SuccessfulCreatePod   23m   pytorchjob-controller  Created pod: %s (node %s)" % (pod, knodes[i]))
    desc += ["  Warning  PyTorchJobRestarting  19m   pytorchjob-controller  PyTorchJob sft-vlm-7b is restarting because 1 Master replica(s) failed.",
             "  Warning  PyTorchJobRestarting  12m   pytorchjob-controller  PyTorchJob sft-vlm-7b is restarting because 1 Master replica(s) failed.",
             "  Warning  BackOff               5m    kubelet                Back-off restarting failed container pytorch in pod sft-vlm-7b-master-0",
             "  Normal   PyTorchJobFailed      5m    pytorchjob-controller  PyTorchJob sft-vlm-7b has failed because it has reached the specified backoff limit"]
    files["kubectl-describe.txt"] = "\n".join(desc) + "\n"
    for i, kn in enumerate(knodes[:2]):
        k = Kernel(kn, T("2024-10-14 23:%02d:00" % (i * 3)), rng)
        k.boot_noise()
        files["%s/dmesg.txt" % kn] = k.dmesg()
    lab = label("user_code", "script", None, None, "stop",
                "Every restart (3 of them, until BackoffLimitExceeded) fails at the first training step on master and workers with 'expected mat1 and mat2 to have the same dtype, but got: float != c10::BFloat16' in the new mm_projector. The projector was created in float32 while the rest of the model runs in bf16, so restarting cannot help.",
                "https://github.com/InternLM/xtuner/issues/772")
    return "cl23_pytorchjob_backofflimit_runtimeerror_each_restart", lab, files


# ============================================================================ cl24
def cl24():
    rng = random.Random(9324)
    att = {1: ["hgx-d01", "hgx-d02", "hgx-d03", "hgx-d04"], 2: ["hgx-d01", "hgx-d02", "hgx-d03", "hgx-d05"]}
    job = 90210
    starts = {1: T("2025-03-11 06:00:00"), 2: T("2025-03-11 06:41:00")}
    files = {}
    for a in (1, 2):
        nodes = att[a]
        start = starts[a]
        out = slurm_head(job, nodes, start, "'torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py ${ARGS}'",
                         extra=["SLURM_RESTART_COUNT=%d" % (a - 1)] + (["ExcNodeList=hgx-d04"] if a == 2 else []))
        out += megatron_preamble(start, 32, 8, 4, 256000, 256000, 8192, 2, 256, rng)
        fail = plus(start, 166)
        for lr_ in range(8):
            r = 24 + lr_
            tb = ["Traceback (most recent call last):",
                  '  File "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", line 1344, in forward_backward_pipelining_without_interleaving',
                  "    output_tensor, num_tokens = forward_step(",
                  '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 171, in loss_func', "    losses = output_tensor.float()",
                  oom_msg(15.63, lr_, rng.uniform(8.9, 10.4), rng.uniform(68.6, 70.1), rng.uniform(61.2, 63.0), rng.uniform(4.0, 6.1), 33100 + lr_)]
            out += pre("[rank%d]: " % r, tb)
        for r in range(16, 24):
            out += watchdog_block(r, plus(fail, 600 + r % 3), 212, "RECV", 600000, 600000 + rng.randint(5, 80), numel=33554432, pg="3 (pp)", last_done=211)
        out += torchrun_failure("pretrain_gpt.py", plus(fail, 1), 33090, nodes[3], [(24 + i, i, 1, 33100 + i) for i in range(8)])
        out += torchrun_failure("pretrain_gpt.py", plus(fail, 603), 33010, nodes[2], [(16 + i, i, -6, 33020 + i) for i in range(8)])
        out.append("srun: error: %s: task 3: Exited with exit code 1" % nodes[3])
        out.append("srun: error: %s: task 2: Exited with exit code 1" % nodes[2])
        out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
        out.append("slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s ***" % (job, nodes[0], isot(plus(fail, 605))))
        files["attempt_%d/slurm-%d.out" % (a, job)] = "\n".join(out) + "\n"
        for i, h in enumerate(nodes):
            k = Kernel(h, T("2025-03-08 1%d:20:00" % i), rng)
            k.boot_noise()
            files["attempt_%d/%s/dmesg.txt" % (a, h)] = k.dmesg()
    files["sacct.txt"] = sacct([(str(job), "moe-pp4", "batch", 896, "FAILED", "1:0", "00:12:51", "hgx-d[01-03,05]"),
                                (str(job) + ".0", "bash", "", 896, "FAILED", "1:0", "00:12:49", "hgx-d[01-03,05]")])
    files["requeue-note.txt"] = "06:37 on-call: OOM only on hgx-d04 ranks, suspect bad node -> scontrol update job 90210 ExcNodeList=hgx-d04; scontrol requeue 90210\n"
    lab = label("oom", "script", None, None, "stop",
                "In both attempts only ranks 24-31 (last pipeline stage: 256k vocab logits at seq 8192, cast to float in loss_func) run out of memory at iteration 1; the other stages then time out on pipeline RECV. The on-call excluded hgx-d04, but hgx-d05 failed the same way in its place. The OOM follows the pipeline stage, not a host: a configuration problem.",
                "https://github.com/vllm-project/vllm/issues/14120")
    return "cl24_ranks_24_31_oom_in_both_attempts_after_excluding_node", lab, files


# ============================================================================ cl25
def cl25():
    rng = random.Random(9325)
    nodes = ["ml-gpu-31", "ml-gpu-32"]
    job = 2210999
    start = T("2024-05-28 11:00:00")
    out = ["+ srun accelerate launch --config_file fsdp.yaml --num_machines 2 --machine_rank $SLURM_NODEID --main_process_ip ml-gpu-31 --num_processes 16 sft.py --model /models/Mistral-7B-v0.3 --data /data/sft-mix-v4.jsonl",
           "/usr/local/lib/python3.10/dist-packages/transformers/tokenization_utils_base.py:1601: FutureWarning: `clean_up_tokenization_spaces` was not set. It will be set to `True` by default. This behavior will be depracted in transformers v4.45, and will be then set to `False` by default.",
           "Map (num_proc=16): 100%|██████████| 412331/412331 [00:38<00:00, 10720.18 examples/s]",
           "Loading checkpoint shards: 100%|██████████| 3/3 [00:09<00:00,  3.12s/it]",
           "  0%|          | 0/3221 [00:00<?, ?it/s]"]
    for r in [2, 0, 9, 5, 14, 1, 8, 11, 3, 15, 4, 6, 7, 10, 12, 13]:
        tb = ["Traceback (most recent call last):",
              '  File "/home/jwu/sft/sft.py", line 144, in <module>', "    trainer.train()",
              '  File "%s/transformers/trainer.py", line 2244, in _inner_training_loop' % PY, "    for step, inputs in enumerate(epoch_iterator):",
              '  File "%s/accelerate/data_loader.py", line 550, in __iter__' % PY, "    current_batch = next(dataloader_iter)",
              '  File "%s/transformers/data/data_collator.py", line 271, in __call__' % PY, "    batch = pad_without_fast_tokenizer_warning(",
              '  File "%s/transformers/tokenization_utils_base.py", line 2805, in _get_padding_truncation_strategies' % PY, "    raise ValueError(",
              "ValueError: Asking to pad but the tokenizer does not have a padding token. Please select a token to use as `pad_token` `(tokenizer.pad_token = tokenizer.eos_token e.g.)` or add a new pad token via `tokenizer.add_special_tokens({'pad_token': '[PAD]'})`."]
        out += pre("[rank%d]: " % r, tb)
    fail = plus(start, 141)
    for n, h in enumerate(nodes):
        out += torchrun_failure("sft.py", fail, 77010 + n * 20, h, [(n * 8 + i, i, 1, 77020 + n * 20 + i) for i in range(8)])
        out += ["Traceback (most recent call last):",
                '  File "/usr/local/bin/accelerate", line 8, in <module>', "    sys.exit(main())",
                '  File "%s/accelerate/commands/launch.py", line 1168, in launch_command' % PY, "    multi_gpu_launcher(args)",
                "subprocess.CalledProcessError: Command '['torchrun', '--nnodes', '2', '--node_rank', '%d', '--nproc_per_node', '8', 'sft.py', '--model', '/models/Mistral-7B-v0.3', '--data', '/data/sft-mix-v4.jsonl']' returned non-zero exit status 1." % n]
    out += srun_errors(nodes, 1)
    files = {"slurm-%d.out" % job: "\n".join(out) + "\n"}
    files["sacct.txt"] = sacct([(str(job), "sft-mis7b", "gpu", 256, "FAILED", "1:0", "00:02:25", "ml-gpu-[31-32]")])
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-05-27 10:%02d:30" % i), rng)
        k.boot_noise()
        files["%s/dmesg.txt" % h] = k.dmesg()
    lab = label("user_code", "script", None, None, "stop",
                "All 16 processes raise the same ValueError at the first batch: the Mistral tokenizer has no pad token and the data collator is asked to pad. The accelerate/torchrun CalledProcessError and ChildFailedError lines only report that. Fix the script (set pad_token); a restart will fail identically.",
                "https://github.com/huggingface/trl/issues/466")
    return "cl25_valueerror_at_first_batch_on_every_process", lab, files


# ============================================================================ cl26
def cl26():
    rng = random.Random(9326)
    nodes = ["dgx-lab-03", "dgx-lab-04"]
    start = T("2024-07-09 16:00:00")
    out = ["$ mpirun -np 16 -H dgx-lab-03:8,dgx-lab-04:8 -x NCCL_DEBUG=WARN -x MASTER_ADDR=dgx-lab-03 -x MASTER_PORT=29500 --bind-to none python finetune.py --init /ckpt/llama2-13b-lora-step3000/pytorch_model.bin --lora false",
           "--------------------------------------------------------------------------",
           "WARNING: There was an error initializing an OpenFabrics device.",
           "",
           "  Local host:   dgx-lab-04",
           "  Local device: mlx5_bond_0",
           "--------------------------------------------------------------------------"]
    unexpected = ", ".join('"base_model.model.model.layers.%d.self_attn.%s_proj.lora_%s.default.weight"' % (l, p, ab) for l in (0,) for p in ("q", "v") for ab in ("A", "B"))
    missing = ", ".join('"model.layers.0.self_attn.%s_proj.weight"' % p for p in ("q", "k", "v", "o"))
    for r in [3, 0, 1, 7, 12, 9, 2, 4, 5, 6, 8, 10, 11, 13, 14, 15]:
        tb = ["Traceback (most recent call last):",
              '  File "/home/ptak/ft/finetune.py", line 203, in <module>', "    main()",
              '  File "/home/ptak/ft/finetune.py", line 121, in main', "    model.load_state_dict(sd, strict=True)",
              '  File "%s/torch/nn/modules/module.py", line 2215, in load_state_dict' % PY,
              "    raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
              "RuntimeError: Error(s) in loading state_dict for LlamaForCausalLM:",
              "\tMissing key(s) in state_dict: %s, ... " % missing,
              "\tUnexpected key(s) in state_dict: %s, ... " % unexpected]
        out += pre("[1,%d]<stderr>:" % r, tb)
    out += ["--------------------------------------------------------------------------",
            "Primary job  terminated normally, but 1 process returned",
            "a non-zero exit code. Per user-direction, the job has been aborted.",
            "--------------------------------------------------------------------------",
            "--------------------------------------------------------------------------",
            "mpirun detected that one or more processes exited with non-zero status, thus causing",
            "the job to be terminated. The first process to do so was:",
            "",
            "  Process name: [[41217,1],3]",
            "  Exit code:    1",
            "--------------------------------------------------------------------------"]
    files = {"mpirun.log": "\n".join(out) + "\n"}
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-07-08 09:%02d:00" % (i * 4)), rng)
        k.boot_noise()
        if i == 1:
            k.at(T("2024-07-09 15:40:03"), "mlx5_core 0000:0c:00.0: mlx5_lag_dev_add_mdev:1163:(pid 1872): Failed to create LAG, bond mode not supported")
        files["%s/dmesg.txt" % h] = k.dmesg()
    lab = label("user_code", "script", None, None, "stop",
                "All 16 MPI ranks fail in load_state_dict(strict=True): the file passed as --init is a PEFT/LoRA checkpoint (keys 'base_model.model...lora_A/B') while the script builds a plain LlamaForCausalLM with --lora false. The OpenFabrics/LAG warning on dgx-lab-04 is unrelated noise.",
                "https://github.com/ymcui/Chinese-LLaMA-Alpaca/issues/438")
    return "cl26_mpirun_aborts_runtimeerror_on_all_16_ranks", lab, files


# ============================================================================ cl27
def cl27():
    rng = random.Random(9327)
    nodes = ["xd-01", "xd-02", "xd-03"]
    start = T("2024-04-16 19:30:00")
    out = ["[2024-04-16 19:30:01,220] [INFO] [runner.py:463:main] Using IP address of 10.8.0.21 for node xd-01",
           "[2024-04-16 19:30:01,221] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: xd-01,xd-02,xd-03",
           "[2024-04-16 19:30:01,221] [INFO] [runner.py:570:main] cmd = pdsh -S -f 1024 -w xd-01,xd-02,xd-03 export PYTHONPATH=/home/kgarcia/rm; cd /home/kgarcia/rm; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJ4ZC0wMSI6IFsw... --node_rank=%n --master_addr=10.8.0.21 --master_port=29500 train.py --deepspeed ds_config.json",
           "xd-01: [2024-04-16 19:30:04,012] [INFO] [launch.py:145:main] WORLD INFO DICT: {'xd-01': [0, 1, 2, 3, 4, 5, 6, 7], 'xd-02': [0, 1, 2, 3, 4, 5, 6, 7], 'xd-03': [0, 1, 2, 3, 4, 5, 6, 7]}",
           "xd-01: [2024-04-16 19:30:04,012] [INFO] [launch.py:163:main] dist_world_size=24",
           "xd-02: [2024-04-16 19:30:04,187] [INFO] [launch.py:163:main] dist_world_size=24",
           "xd-03: [2024-04-16 19:30:04,301] [INFO] [launch.py:163:main] dist_world_size=24",
           "xd-03: [2024-04-16 19:30:09,550] [WARNING] [real_accelerator.py:162:get_accelerator] Setting accelerator to CUDA. If you have GPU or other accelerator, we were unable to detect it."]
    cfgpath = "%s/deepspeed/runtime/config.py" % PY
    for r in [0, 8, 16, 3, 12, 21, 1, 2, 4, 5, 6, 7, 9, 10, 11, 13, 14, 15, 17, 18, 19, 20, 22, 23]:
        h = nodes[r // 8]
        tb = ["Traceback (most recent call last):",
              '  File "/home/kgarcia/rm/train.py", line 212, in <module>', "    model_engine, optimizer, _, _ = deepspeed.initialize(",
              '  File "%s/deepspeed/__init__.py", line 179, in initialize' % PY, "    config_class = DeepSpeedConfig(config, mpu, mesh_device=mesh_device)",
              '  File "%s", line 797, in __init__' % cfgpath, "    self._configure_train_batch_size()",
              '  File "%s", line 980, in _configure_train_batch_size' % cfgpath, "    self._batch_assertion()",
              '  File "%s", line 928, in _batch_assertion' % cfgpath, "    assert train_batch == micro_batch * grad_acc * self.world_size, (",
              "AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 512 != 4 * 8 * 24"]
        out += pre("%s: [rank%d]: " % (h, r), tb)
    for i, h in enumerate(nodes):
        for lr_ in range(8):
            out.append("%s: [2024-04-16 19:30:2%d,%03d] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=%d', '--deepspeed', 'ds_config.json'] exits with return code = 1" % (h, 3 + i, rng.randint(0, 999), lr_))
        if i:
            out.append("pdsh@xd-01: %s: ssh exited with exit code 1" % h)
    out.append("pdsh@xd-01: xd-01: ssh exited with exit code 1")
    files = {"deepspeed-launcher.log": "\n".join(out) + "\n"}
    files["ds_config.json"] = jdump({"train_batch_size": 512, "train_micro_batch_size_per_gpu": 4, "gradient_accumulation_steps": 8,
                                     "bf16": {"enabled": True}, "zero_optimization": {"stage": 2, "overlap_comm": True},
                                     "_comment": "sized for 2 nodes x 8 GPUs (4*8*16=512)"})
    files["hostfile"] = "xd-01 slots=8\nxd-02 slots=8\nxd-03 slots=8\n"
    for i, h in enumerate(nodes):
        k = Kernel(h, T("2024-04-15 0%d:00:00" % (i + 1)), rng)
        k.boot_noise()
        files["%s/dmesg.txt" % h] = k.dmesg()
    lab = label("user_code", "script", None, None, "stop",
                "All 24 ranks on the three hosts fail deepspeed.initialize with the batch assertion '512 != 4 * 8 * 24'. ds_config.json was sized for 16 GPUs but the hostfile now lists 3 nodes (world size 24). A config error; every retry fails identically.",
                "https://github.com/deepspeedai/DeepSpeed/issues/6914")
    return "cl27_assertionerror_from_deepspeed_on_24_ranks_via_pdsh", lab, files


# ============================================================================ cl28
def cl28():
    rng = random.Random(9328)
    nodes = ["mm-h100-08", "mm-h100-09"]
    job = 7731
    start = T("2025-01-27 13:00:00")
    fail = T("2025-01-27 13:09:44")
    files = {}
    fp_big = "CollectiveFingerPrint(SequenceNumber=1843, OpType=ALLREDUCE, TensorShape=[195812480], TensorDtypes=BFloat16, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))"
    fp_small = "CollectiveFingerPrint(SequenceNumber=1843, OpType=ALLREDUCE, TensorShape=[51123456], TensorDtypes=BFloat16, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))"
    for n, h in enumerate(nodes):
        lines = ["[%s] TORCH_DISTRIBUTED_DEBUG=DETAIL TORCH_NCCL_ASYNC_ERROR_HANDLING=1 torchrun --nnodes 2 --nproc-per-node 8 train_vlm.py --data mix_img_text_v2" % iso(start)]
        d = plus(start, 60)
        if n == 0:
            for s in range(5, 36, 5):
                d = plus(d, 5 * 15.2)
                lines.append("[rank0]: %s step %d loss %.4f (image batches 100%%)" % (iso(d), s, 2.9 - s * 0.01))
            lines.append("[rank5]: %s sampler: step 37 batch is text-only (0 images) on this rank" % iso(plus(fail, -3)))
        for lr_ in range(8):
            r = n * 8 + lr_
            if r == 5:
                msg = "RuntimeError: Detected mismatch between collectives on ranks. Rank 5 is running collective: %s, but Rank 0 is running collective: %s.Collectives differ in the following aspects: \tTensor Tensor shapes: 51123456vs 195812480" % (fp_small, fp_big)
            else:
                msg = "RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: %s, but Rank 5 is running collective: %s.Collectives differ in the following aspects: \tTensor Tensor shapes: 195812480vs 51123456" % (r, fp_big, fp_small)
            tb = ["Traceback (most recent call last):",
                  '  File "/srv/vlm/train_vlm.py", line 356, in <module>', "    main()",
                  '  File "/srv/vlm/train_vlm.py", line 301, in main', "    loss.backward()",
                  '  File "%s/torch/_tensor.py", line 581, in backward' % PY, "    torch.autograd.backward(",
                  '  File "%s/torch/autograd/graph.py", line 825, in _engine_run_backward' % PY,
                  "    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
                  msg]
            lines += pre("[rank%d]: " % r, tb)
        lines += torchrun_failure("train_vlm.py", plus(fail, 2), 40400 + n * 20, h, [(n * 8 + i, i, 1, 40410 + n * 20 + i) for i in ([5, 0, 1, 2, 3, 4, 6, 7] if n == 0 else range(8))])
        files["%s/stdout.log" % h] = "\n".join(lines) + "\n"
        k = Kernel(h, T("2025-01-20 10:%02d:05" % (n * 3)), rng)
        k.boot_noise()
        files["%s/dmesg.txt" % h] = k.dmesg()
    files["slurm-%d.out" % job] = "srun: error: mm-h100-08: task 0: Exited with exit code 1\nsrun: error: mm-h100-09: task 1: Exited with exit code 1\n"
    files["sacct.txt"] = sacct([(str(job), "vlm-ft", "gpu", 224, "FAILED", "1:0", "00:09:49", "mm-h100-[08-09]")])
    lab = label("user_code", "script", None, None, "stop",
                "At step 37 every rank reports 'Detected mismatch between collectives': rank 5 all-reduces a 51M-element gradient bucket while the others all-reduce 195M. Rank 5 received a text-only batch, so the vision tower got no gradients on that rank. This is a data-dependent bug in the training script, not a faulty rank 5 GPU.",
                "https://github.com/modelscope/ms-swift/pull/9443")
    return "cl28_runtimeerror_collective_mismatch_rank5_differs", lab, files


CASES = [cl16, cl17, cl18, cl19, cl20, cl21, cl22, cl23, cl24, cl25, cl26, cl27, cl28]
