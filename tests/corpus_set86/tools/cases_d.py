"""Cases ce22-ce27: deterministic user errors (kind 7) and data-loader/data failures (kind 8)."""
from common import *  # noqa: F401,F403
from cases_a import pre, torchrun_head


# =====================================================================================
# ce22: RuntimeError missing/unexpected keys on every rank when resuming (TE vs local spec)
# =====================================================================================
def ce22(out):
    b = Bundle(out, "ce22_runtimeerror_on_all_ranks_at_resume")
    nodes = ["gpu-q21", "gpu-q22", "gpu-q23", "gpu-q24"]
    t0 = T("2024-10-28 08:15:40")
    b.w("pretrain_llama2_7b.sh", ["GPT_ARGS=\"--num-layers 32 --hidden-size 4096 --num-attention-heads 32 --seq-length 4096 --tensor-model-parallel-size 2 --pipeline-model-parallel-size 1\"",
                                  "GPT_ARGS+=\" --transformer-impl transformer_engine --normalization RMSNorm --swiglu --use-rotary-position-embeddings\"",
                                  "CKPT_ARGS=\"--load /lustre/ckpt/llama2-7b-mcore-tp2-localspec --save /lustre/ckpt/llama2-7b-cont --no-load-optim --finetune\"",
                                  "srun -l python pretrain_gpt.py $GPT_ARGS $CKPT_ARGS $DATA_ARGS"])
    missing = ", ".join('"decoder.layers.%d.self_attention.linear_qkv.layer_norm_weight", "decoder.layers.%d.mlp.linear_fc1.layer_norm_weight"' % (k, k) for k in range(3))
    unexpected = ", ".join('"decoder.layers.%d.input_layernorm.weight", "decoder.layers.%d.pre_mlp_layernorm.weight"' % (k, k) for k in range(3))
    for i, n in enumerate(nodes):
        N = []
        if i == 0:
            N += ["0: using world size: 32, data-parallel size: 16, context-parallel size: 1, tensor-model-parallel size: 2, pipeline-model-parallel size: 1",
                  "0: > building Llama2Tokenizer tokenizer ...", "0:  > padded vocab (size: 32000) with 0 dummy tokens (new size: 32000)",
                  "0: > initializing torch distributed ..."]
            N += ["0: " + x for x in nccl_init(n, 51001, 0, 0, 32, 4, BUS8[0], "ib0", "10.77.0.21", version="2.21.5+cuda12.4")]
            N += ["0: building GPT model ...", "0:  > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 3369033728",
                  "0:  loading checkpoint from /lustre/ckpt/llama2-7b-mcore-tp2-localspec at iteration 250000"]
        for l in range(8):
            r = i * 8 + l
            if l not in (0, 3, 7) and r != 1:
                N.append("%d: [rank%d]: RuntimeError: Error(s) in loading state_dict for GPTModel:" % (r, r))
                continue
            N += pre(["[rank%d]: Traceback (most recent call last):" % r,
                      '[rank%d]:   File "/workspace/megatron-lm/pretrain_gpt.py", line 265, in <module>' % r, "[rank%d]:     pretrain(" % r,
                      '[rank%d]:   File "/workspace/megatron-lm/megatron/training/training.py", line 281, in pretrain' % r,
                      "[rank%d]:     model, optimizer, opt_param_scheduler = setup_model_and_optimizer(" % r,
                      '[rank%d]:   File "/workspace/megatron-lm/megatron/training/training.py", line 654, in setup_model_and_optimizer' % r,
                      "[rank%d]:     args.iteration, args.num_floating_point_operations_so_far = load_checkpoint(" % r,
                      '[rank%d]:   File "/workspace/megatron-lm/megatron/training/checkpointing.py", line 1089, in load_checkpoint' % r,
                      "[rank%d]:     model[0].load_state_dict(state_dict['model'], strict=strict)" % r,
                      '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", line 2215, in load_state_dict' % r,
                      "[rank%d]:     raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(" % r,
                      "[rank%d]: RuntimeError: Error(s) in loading state_dict for GPTModel:" % r,
                      "[rank%d]: \tMissing key(s) in state_dict: %s, ... (64 more)" % (r, missing),
                      "[rank%d]: \tUnexpected key(s) in state_dict: %s, ... (64 more)" % (r, unexpected)], "%d: " % r)
        b.w("%s/stdout.log" % n, N)
        bt = T("2024-10-1%d 07:00:00" % i)
        D = boot_lines(bt, n)
        if n == "gpu-q23":
            D += ["%s pcieport 0000:97:01.0: AER: Corrected error received: 0000:98:00.0" % up(T("2024-10-22 13:04:51.400100"), bt),
                  "%s nvidia 0000:98:00.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)" % up(T("2024-10-22 13:04:51.400160"), bt)]
        b.w("%s/dmesg.txt" % n, D)
    b.w("gpu-q22/nccl-warn.txt", [nw("gpu-q22", 62110, 62110, 0, "net.cc:599", "NET/Plugin: Failed to find ncclCollNetPlugin_v8 symbol.").lstrip("\n"),
                                  ni("gpu-q22", 62110, 62110, 0, "NET/Plugin: Loaded collnet plugin SHARP (v7)")])
    b.w("slurm-7714420.out", ["srun: error: gpu-q22: tasks 8-15: Exited with exit code 1", "srun: error: gpu-q21: tasks 0-7: Exited with exit code 1",
                              "srun: error: gpu-q24: tasks 24-31: Exited with exit code 1", "srun: error: gpu-q23: tasks 16-23: Exited with exit code 1"])
    b.label("user_code", "script", None, None, "stop",
            "All 32 ranks raise the same RuntimeError while loading the checkpoint: Transformer-Engine layer names (linear_qkv.layer_norm_weight) are missing and local-spec names (input_layernorm.weight) are unexpected, "
            "because the script loads a local-spec checkpoint with --transformer-impl transformer_engine. A deterministic configuration error; the NCCL collnet warning and the PCIe AER are noise.",
            "https://github.com/NVIDIA/Megatron-LM/issues/924")
    return b


# =====================================================================================
# ce23: device-side assert (index out of range) on rank 12 first; tokenizer grew to 32003 tokens
# =====================================================================================
def ce23(out):
    b = Bundle(out, "ce23_cuda_error_on_rank_12_then_timeouts")
    nodes = ["wrk-gpu-a", "wrk-gpu-b", "wrk-gpu-c"]
    t_err = T("2024-04-09 13:51:27.300441")
    tmo = T("2024-04-09 14:21:28.010117")
    b.w("config_sft.yaml", ["model_name_or_path: /models/mistral-7b-v0.1", "tokenizer_add_special_tokens: ['<|tool_call|>', '<|tool_result|>', '<|eot|>']",
                            "resize_embeddings: false   # embeddings already large enough (32000)?", "dataset: /data/sft/tool-use-v2.jsonl", "max_seq_len: 4096",
                            "per_device_batch_size: 4", "ddp_timeout: 1800"])
    for i, n in enumerate(nodes):
        N = torchrun_head(T("2024-04-09 12:58:20"), 808 + i)
        if i == 0:
            N += ["[default0]:04/09/2024 12:58:51 - INFO - sft - Added 3 special tokens to the tokenizer; len(tokenizer)=32003",
                  "[default0]:04/09/2024 12:58:51 - INFO - sft - model.config.vocab_size=32000 (resize_embeddings=False)",
                  "[default0]:04/09/2024 12:59:40 - INFO - sft - ***** Running training *****  num_examples=412,771  total_steps=4300",
                  "[default0]:{'loss': 1.3121, 'grad_norm': 2.411, 'learning_rate': 1.9e-05, 'epoch': 0.07}",
                  "[default0]:{'loss': 1.2044, 'grad_norm': 1.987, 'learning_rate': 2e-05, 'epoch': 0.09}"]
        if n == "wrk-gpu-b":
            r = 12
            asserts = ["../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [%d,0,0], thread: [%d,0,0] Assertion `srcIndex < srcSelectDimSize` failed." % (blk, th)
                       for blk, th in ((211, 96), (211, 97), (211, 98), (211, 99), (402, 0), (402, 1))]
            N += pre(asserts + [
                "[rank12]: Traceback (most recent call last):",
                '[rank12]:   File "/home/dpark/sft/train_sft.py", line 377, in <module>', "[rank12]:     main()",
                '[rank12]:   File "/home/dpark/sft/train_sft.py", line 341, in main', "[rank12]:     outputs = model(**batch)",
                '[rank12]:   File "/opt/conda/lib/python3.11/site-packages/transformers/models/mistral/modeling_mistral.py", line 1014, in forward',
                "[rank12]:     inputs_embeds = self.embed_tokens(input_ids)",
                '[rank12]:   File "/opt/conda/lib/python3.11/site-packages/torch/nn/modules/sparse.py", line 164, in forward',
                "[rank12]:     return F.embedding(",
                "[rank12]: RuntimeError: CUDA error: device-side assert triggered",
                "[rank12]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "[rank12]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                "[rank12]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."], "[default4]:")
            N.append("[default4]:%s" % c10line(12, "E", add(t_err, seconds=1), "ProcessGroupNCCL.cpp:1515",
                                               "[PG 0 (default_pg) Rank 12] Process group watchdog thread terminated with exception: CUDA error: device-side assert triggered"))
        for l in range(8):
            r = i * 8 + l
            if r == 12:
                continue
            if (r % 3) == 0 or r == 0:
                N += pre(watchdog_timeout(r, add(tmo, milliseconds=r * 17), 88410, "ALLREDUCE", 25165824, 1800000, 1800000 + r, 88410, 88409, full=(r == 0),
                                          tl="/opt/conda/lib/python3.11/site-packages/torch/lib"), "[default%d]:" % l)
        te = add(t_err, seconds=2) if n == "wrk-gpu-b" else add(tmo, seconds=3)
        first = 4 if n == "wrk-gpu-b" else 0
        N.append(elastic_fail(te, 808 + i, first, 5510 + i * 8 + first, -6, binary="/opt/conda/bin/python"))
        b.w("%s/torchrun.log" % n, N)
        bt = T("2024-04-0%d 06:00:00" % (1 + i))
        D = boot_lines(bt, n)
        if n == "wrk-gpu-b":
            D.append("%s python[%d]: segfault at 18 ip 00007f90a2c11e4e sp 00007ffc9b1e0e70 error 4 in libc10_cuda.so[7f90a2bf0000+62000]" % (up(add(t_err, seconds=2), bt), 5526))
        b.w("%s/dmesg.txt" % n, D)
    b.label("user_code", "script", None, None, "stop",
            "Rank 12 fails first with a generic 'RuntimeError: CUDA error: device-side assert triggered', but the kernel assertion is srcIndex < srcSelectDimSize in the embedding lookup: the tokenizer grew to 32003 tokens while the embedding "
            "was not resized (vocab_size 32000, resize_embeddings false). No Xid; the other ranks just timed out. Deterministic data/config bug: stop and resize embeddings.",
            "https://github.com/saahiluppal/catr/issues/19")
    return b


# =====================================================================================
# ce24: AssertionError at argument validation on all 64 ranks (num_layers % PP != 0)
# =====================================================================================
def ce24(out):
    b = Bundle(out, "ce24_assertionerror_before_first_iteration")
    nodes = ["gpu-k01", "gpu-k02", "gpu-k03", "gpu-k04", "gpu-k05", "gpu-k06", "gpu-k07", "gpu-k08"]
    t0 = T("2024-06-05 21:03:11")
    b.w("run.sbatch", ["#SBATCH -N 8 --ntasks-per-node=8 --gpus-per-node=8 -J mixtral-30l-pp4",
                       "export CUDA_DEVICE_MAX_CONNECTIONS=1",
                       "srun -l python pretrain_gpt.py --num-layers 30 --hidden-size 4096 --num-attention-heads 32 --num-experts 8 --moe-router-topk 2 \\",
                       "  --tensor-model-parallel-size 8 --pipeline-model-parallel-size 4 --sequence-parallel --micro-batch-size 1 --global-batch-size 256 ..."])
    S = []
    for i, n in enumerate(nodes):
        N = []
        for l in range(8):
            r = i * 8 + l
            if r == 0:
                N.append("0: using world size: 64, data-parallel size: 2, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 4")
                N.append("0: WARNING: Setting args.overlap_p2p_comm and args.align_param_gather to False since non-interleaved schedule does not support overlapping p2p communication and aligned param AG")
            N += pre(["[rank%d]: Traceback (most recent call last):" % r,
                      '[rank%d]:   File "/opt/megatron-lm/pretrain_gpt.py", line 283, in <module>' % r, "[rank%d]:     pretrain(" % r,
                      '[rank%d]:   File "/opt/megatron-lm/megatron/training/training.py", line 217, in pretrain' % r,
                      "[rank%d]:     initialize_megatron(" % r,
                      '[rank%d]:   File "/opt/megatron-lm/megatron/training/initialize.py", line 61, in initialize_megatron' % r,
                      "[rank%d]:     validate_args(args, args_defaults)" % r,
                      '[rank%d]:   File "/opt/megatron-lm/megatron/training/arguments.py", line 267, in validate_args' % r,
                      "[rank%d]:     assert args.num_layers %% args.transformer_pipeline_model_parallel_size == 0, \\" % r,
                      "[rank%d]: AssertionError: Number of layers should be divisible by the pipeline-model-parallel size" % r] if l in (0, 5) else
                     ["[rank%d]: AssertionError: Number of layers should be divisible by the pipeline-model-parallel size" % r], "%d: " % r)
        b.w("%s/stdout.log" % n, N)
        if n == "gpu-k06":
            bt = T("2024-05-20 03:00:00")
            b.w("%s/dmesg.txt" % n, boot_lines(bt, n) + ["%s NVRM: Xid (PCI:0000:9a:00): 119, pid=2311, name=nvidia-smi, Timeout after 6s of waiting for RPC response from GPU4 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4)." % up(T("2024-05-28 17:12:04.100400"), bt),
                                                        "%s NVRM: GPU4 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020800a4c 0x0000000000000004." % up(T("2024-05-28 17:12:04.100470"), bt)])
    S += ["srun: error: gpu-k06: tasks 40-47: Exited with exit code 1", "srun: error: gpu-k02: tasks 8-15: Exited with exit code 1",
          "srun: error: gpu-k01: tasks 0-7: Exited with exit code 1", "srun: error: gpu-k08: tasks 56-63: Exited with exit code 1",
          "srun: error: gpu-k03: tasks 16-23: Exited with exit code 1", "srun: error: gpu-k05: tasks 32-39: Exited with exit code 1",
          "srun: error: gpu-k04: tasks 24-31: Exited with exit code 1", "srun: error: gpu-k07: tasks 48-55: Exited with exit code 1"]
    b.w("slurm-5120331.out", S)
    b.w("sacct.txt", sacct([("5120331", "mixtral-3+", "h100", "moe-exp", "1536", "FAILED", "1:0"), ("5120331.0", "python", "", "moe-exp", "1536", "FAILED", "1:0")]) +
        ["# Elapsed: 00:00:41"])
    b.label("user_code", "script", None, None, "stop",
            "All 64 ranks on all eight nodes fail in Megatron's validate_args with a bare AssertionError 'Number of layers should be divisible by the pipeline-model-parallel size': the script asks for 30 layers with PP=4. "
            "A deterministic configuration error before any communication; gpu-k06 being listed first by srun and its old GSP Xid 119 are irrelevant.",
            "https://github.com/modelscope/ms-swift/issues/5737")
    return b


def oom_tasklist(boot, t, rows, host):
    L = ["%s Tasks state (memory values in pages):" % up(t, boot),
         "%s [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name" % up(t, boot)]
    for pid, uid, vm, rss, adj, name in rows:
        L.append("%s [%7d] %5d %7d %8d %8d %14d        0 %13d %s" % (up(t, boot), pid, uid, pid, vm, rss, rss * 8 + 4096, adj, name))
    return L


# =====================================================================================
# ce25: the job's own dataloader workers exhaust the step cgroup (memory grows on all nodes)
# =====================================================================================
def ce25(out):
    b = Bundle(out, "ce25_dataloader_worker_killed_by_signal")
    nodes = ["a100-n41", "a100-n42", "a100-n43", "a100-n44"]
    bad = "a100-n43"
    t_kill = T("2024-02-14 06:47:10.551203")
    job = 9102211
    b.w("train_clip.sbatch", ["#SBATCH -N 4 --ntasks-per-node=8 --gpus-per-node=8 --cpus-per-task=14 --mem=960G",
                              "srun python -m open_clip_train.main --train-data /datasets/cc12m/train.parquet --dataset-type custom_parquet \\",
                              "   --workers 12 --batch-size 256 --model ViT-B-16 --epochs 32"])
    b.w("custom_dataset_excerpt.py", ["class ParquetCaptions(Dataset):", "    def __init__(self, path, tokenizer):",
                                      "        df = pd.read_parquet(path)", "        self.captions = df['caption'].tolist()   # ~11M python str objects, per rank",
                                      "        self.urls = df['url'].tolist()", "        self.tokenizer = tokenizer",
                                      "    def __getitem__(self, i):", "        return load_image(self.urls[i]), self.tokenizer(self.captions[i])"])
    for i, n in enumerate(nodes):
        N = []
        t = T("2024-02-14 04:00:00")
        for h in range(6):
            gb = 402 + h * 97 + i * 9 + (25 if n == bad else 0)
            N.append("%s | INFO | [mem] node=%s step-cgroup rss=%d GiB / 960 GiB, workers=96, per-worker avg=%.1f GiB" % (pylog(add(t, minutes=30 * h)), n, min(gb, 958), min(gb, 958) / 104.0))
        if n == bad:
            r = 21
            N += ["%s | INFO | Train Epoch: 3 [ 1310720/12423374 (11%%)] Data (t): 0.211 Batch (t): 0.948, 2150.3/s, 268.79/s/gpu LR: 0.000498 Logit Scale: 71.402 Contrastive_loss: 1.8213" % pylog(add(t_kill, seconds=-41)),
                  "[rank21]: Traceback (most recent call last):",
                  '[rank21]:   File "/opt/conda/lib/python3.10/site-packages/torch/utils/data/dataloader.py", line 1133, in _try_get_data',
                  "[rank21]:     data = self._data_queue.get(timeout=timeout)",
                  '[rank21]:   File "/opt/conda/lib/python3.10/site-packages/torch/utils/data/_utils/signal_handling.py", line 66, in handler',
                  "[rank21]:     _error_if_any_worker_fails()",
                  "[rank21]: RuntimeError: DataLoader worker (pid 412877) is killed by signal: Killed. ",
                  "[rank21]: The above exception was the direct cause of the following exception:",
                  "[rank21]: RuntimeError: DataLoader worker (pid(s) 412877) exited unexpectedly"]
        else:
            N.append("%s | INFO | Train Epoch: 3 [ 1310720/12423374 (11%%)] Data (t): 0.209 Batch (t): 0.951" % pylog(add(t_kill, seconds=-40 + i)))
        b.w("%s/train.log" % n, N)
        bt = T("2024-02-0%d 05:00:00" % (5 + i))
        D = boot_lines(bt, n, kernel="5.15.0-97-generic")
        if n == bad:
            tk = t_kill
            D += ["%s pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0" % up(tk, bt),
                  "%s CPU: 71 PID: 412877 Comm: pt_data_worker Tainted: P           OE     5.15.0-97-generic #107-Ubuntu" % up(tk, bt),
                  "%s memory: usage 1006632960kB, limit 1006632960kB, failcnt 118223" % up(tk, bt),
                  "%s Memory cgroup stats for /slurm/uid_1207/job_%d:" % (up(tk, bt), job),
                  "%s anon 1029412106240" % up(tk, bt)]
            rows = [(412031 + k * 211, 1207, 26311210, 3412881 - k * 311, 0, "python") for k in range(3)]
            rows += [(412877 + k, 1207, 24011811, 2431744 + (k * 7919) % 40000, 0, "pt_data_worker") for k in range(6)]
            D += oom_tasklist(bt, tk, rows, n)
            D += ["%s oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0-1,oom_memcg=/slurm/uid_1207/job_%d,task_memcg=/slurm/uid_1207/job_%d/step_0/user/task_5,task=pt_data_worker,pid=412877,uid=1207" % (up(tk, bt), job, job),
                  "%s Memory cgroup out of memory: Killed process 412877 (pt_data_worker) total-vm:96047244kB, anon-rss:9731072kB, file-rss:70112kB, shmem-rss:0kB, UID:1207 pgtables:19844kB oom_score_adj:0" % up(add(tk, microseconds=800), bt)]
        b.w("%s/dmesg.txt" % n, D)
    b.w("slurm-%d.out" % job, ["slurmstepd: error: Detected 1 oom_kill event in StepId=%d.0. Some of the step tasks have been OOM Killed." % job,
                               "srun: error: a100-n43: task 21: Exited with exit code 1",
                               "slurmstepd: error: *** STEP %d.0 ON a100-n41 CANCELLED AT %s ***" % (job, slurm_ts(add(t_kill, seconds=5)))])
    b.label("oom", "framework", None, None, "stop",
            "Rank 21's DataLoader worker was OOM-killed on a100-n43, but the kernel shows a memcg OOM inside the job's own Slurm cgroup (960G limit) filled by its own pt_data_worker processes, and the job's memory log climbs ~97 GiB/30 min on all four nodes "
            "(each of 96 workers holds copies of the caption/url lists). n43 merely got there first; reduce workers or fix the dataset before rerunning.",
            "https://github.com/NVIDIA/Megatron-LM/issues/1657")
    return b


# =====================================================================================
# ce26: FileNotFoundError for one WebDataset shard on rank 29; shard missing on the shared FS
# =====================================================================================
def ce26(out):
    b = Bundle(out, "ce26_filenotfounderror_on_rank_29")
    nodes = ["sdxl-gpu-01", "sdxl-gpu-02", "sdxl-gpu-03", "sdxl-gpu-04", "sdxl-gpu-05", "sdxl-gpu-06"]
    t_err = T("2024-09-26 02:33:18.004120")
    tmo = T("2024-09-26 03:03:19.501100")
    b.w("train_sdxl.yaml", ["data:", "  urls: /mnt/datasets/laion-aes-v2/{000000..002047}.tar", "  shardshuffle: 1000", "  handler: reraise_exception",
                            "  num_workers: 6", "trainer: {nodes: 6, gpus_per_node: 8}"])
    for i, n in enumerate(nodes):
        N = torchrun_head(T("2024-09-25 21:00:03"), 1201 + i)
        if n == "sdxl-gpu-04":
            r = 29
            N += pre(["[rank29]: Traceback (most recent call last):",
                      '[rank29]:   File "/app/sdxl/train.py", line 512, in <module>', "[rank29]:     trainer.fit(model, dm)",
                      '[rank29]:   File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1371, in _process_data',
                      "[rank29]:     data.reraise()",
                      '[rank29]:   File "/usr/local/lib/python3.10/dist-packages/torch/_utils.py", line 706, in reraise',
                      "[rank29]:     raise exception",
                      "[rank29]: FileNotFoundError: Caught FileNotFoundError in DataLoader worker process 2.",
                      "[rank29]: Original Traceback (most recent call last):",
                      '[rank29]:   File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/worker.py", line 309, in _worker_loop',
                      "[rank29]:     data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                      '[rank29]:   File "/usr/local/lib/python3.10/dist-packages/webdataset/tariterators.py", line 68, in url_opener',
                      "[rank29]:     stream = gopen(url, **kw)",
                      '[rank29]:   File "/usr/local/lib/python3.10/dist-packages/webdataset/gopen.py", line 390, in gopen',
                      "[rank29]:     return open(url, mode)",
                      "[rank29]: FileNotFoundError: [Errno 2] No such file or directory: '/mnt/datasets/laion-aes-v2/001377.tar'"], "[default5]:")
            N.append(elastic_fail(add(t_err, seconds=3), 1201 + i, 5, 33125, 1))
            for l in (0, 1, 2, 3, 4, 6, 7):
                N.append(elastic_sigterm(add(t_err, seconds=3), 1201 + i, 33120 + l))
        for l in range(8):
            rr = i * 8 + l
            if n == "sdxl-gpu-04" or (rr % 4):
                continue
            N += pre(watchdog_timeout(rr, add(tmo, milliseconds=7 * rr), 1931120, "ALLREDUCE", 2567073, 1800000, 1800000 + rr, 1931120, 1931119, full=False), "[default%d]:" % l)
        b.w("%s/torchrun.log" % n, N)
        b.w("%s/mounts.txt" % n, ["$ findmnt /mnt/datasets", "TARGET        SOURCE                          FSTYPE OPTIONS",
                                  "/mnt/datasets 10.60.0.5:/export/datasets       nfs4   ro,relatime,vers=4.1,rsize=1048576,wsize=1048576,hard,proto=tcp,timeo=600"])
    b.w("sdxl-gpu-04/ls-shards.txt", ["$ ls -l /mnt/datasets/laion-aes-v2/00137[5-9].tar",
                                      "-rw-r--r-- 1 ingest ingest 1048312320 Sep 12 04:11 /mnt/datasets/laion-aes-v2/001375.tar",
                                      "-rw-r--r-- 1 ingest ingest 1047881728 Sep 12 04:11 /mnt/datasets/laion-aes-v2/001376.tar",
                                      "ls: cannot access '/mnt/datasets/laion-aes-v2/001377.tar': No such file or directory",
                                      "-rw-r--r-- 1 ingest ingest 1048129536 Sep 12 04:12 /mnt/datasets/laion-aes-v2/001378.tar",
                                      "-rw-r--r-- 1 ingest ingest 1046970368 Sep 12 04:12 /mnt/datasets/laion-aes-v2/001379.tar"])
    b.w("sdxl-gpu-01/ls-shards.txt", ["$ ls /mnt/datasets/laion-aes-v2/*.tar | wc -l", "2047",
                                      "$ ls /mnt/datasets/laion-aes-v2/001377*", "ls: cannot access '/mnt/datasets/laion-aes-v2/001377*': No such file or directory"])
    b.w("img2dataset-ingest.log", ["2024-09-12 04:11:52 worker 1377 -> shard 001377: 9412/10000 urls failed (HTTP 429/403), giving up after 3 retries",
                                   "2024-09-12 04:11:52 shard 001377 not written (success rate 5.9% < min 20%)",
                                   "2024-09-12 05:40:01 total: 2047 shards written, 1 failed, 19.1M samples"])
    b.label("user_code", "script", None, None, "stop",
            "Rank 29 (sdxl-gpu-04) fails with FileNotFoundError for shard 001377.tar; the shard is absent on the shared read-only NFS from every node (2047 of the 2048 shards the {000000..002047} pattern expects) because the ingest job never wrote it. "
            "The job's dataset spec names a shard that does not exist: a deterministic data/config error, not a node or storage fault. The other ranks' timeouts are sympathetic.",
            "https://github.com/rom1504/img2dataset/issues/174")
    return b


# =====================================================================================
# ce27: k8s, DataLoader worker killed on one node; global OOM driven by a leaking fluent-bit daemon
# =====================================================================================
def ce27(out):
    b = Bundle(out, "ce27_dataloader_worker_killed_on_one_pod")
    nodes = ["gke-trn-pool-4f2a", "gke-trn-pool-8b71", "gke-trn-pool-c3e0"]
    bad = "gke-trn-pool-4f2a"
    tk = T("2024-11-27 03:12:40.310115")
    for i, n in enumerate(nodes):
        pod = "vit-22b-ft-worker-%d" % i
        N = ["[%s] INFO trainer: step 14880 loss 0.8812 lr 9.1e-05 img/s 3111" % iso(add(tk, seconds=-70))]
        if n == bad:
            N += ["[rank0]: Traceback (most recent call last):",
                  '[rank0]:   File "/app/train.py", line 220, in <module>', "[rank0]:     main()",
                  '[rank0]:   File "/usr/local/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 1133, in _try_get_data',
                  "[rank0]:     data = self._data_queue.get(timeout=timeout)",
                  '[rank0]:   File "/usr/local/lib/python3.11/site-packages/torch/utils/data/_utils/signal_handling.py", line 66, in handler',
                  "[rank0]:     _error_if_any_worker_fails()",
                  "[rank0]: RuntimeError: DataLoader worker (pid 4812) is killed by signal: Killed. "]
        else:
            N.append("%s" % (c10line(i * 8, "E", add(tk, seconds=600, milliseconds=9 * i), "ProcessGroupNCCL.cpp:616",
                                                         "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=311022, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600011 milliseconds before timing out." % (i * 8))))
        b.w("%s/%s.log" % (n, pod), N)
        bt = T("2024-11-1%d 08:00:00" % (4 + i))
        D = ["%s Linux version 6.1.100+ (builder@localhost) (Chromium OS 17.0_pre498229-r33 clang version 17.0.0) #1 SMP PREEMPT_DYNAMIC Sat Aug 10 14:21:18 UTC 2024" % up(bt, bt)]
        if n == bad:
            D += ["%s pt_data_worker invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=979" % up(tk, bt),
                  "%s CPU: 102 PID: 4812 Comm: pt_data_worker Tainted: G        W  O       6.1.100+ #1" % up(tk, bt),
                  "%s Mem-Info:" % up(tk, bt),
                  "%s active_anon:463224701 inactive_anon:20110 isolated_anon:0" % up(tk, bt),
                  "%s Free swap  = 0kB" % up(tk, bt), "%s Total swap = 0kB" % up(tk, bt),
                  "%s 503316480 pages RAM" % up(tk, bt)]
            rows = [(2211, 0, 371002421, 356515840, -997, "fluent-bit"),
                    (1881, 0, 1251180, 60211, -999, "kubelet"),
                    (3901, 0, 30110222, 20971520, 979, "python3")]
            rows += [(4808 + k, 0, 28011012, 8388608 + k * 3111, 979, "pt_data_worker") for k in range(8)]
            D += oom_tasklist(bt, tk, rows, n)
            D += ["%s oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=cri-containerd-9f1e.scope,mems_allowed=0-1,global_oom,task_memcg=/kubepods/burstable/pod6f3a1b2e-77c1-4d0a-9e3b-1a2b3c4d5e6f/9f1e0c2d,task=pt_data_worker,pid=4812,uid=0" % up(tk, bt),
                  "%s Out of memory: Killed process 4812 (pt_data_worker) total-vm:112044048kB, anon-rss:33567636kB, file-rss:81020kB, shmem-rss:0kB, UID:0 pgtables:66012kB oom_score_adj:979" % up(add(tk, microseconds=700), bt)]
        b.w("%s/dmesg.txt" % n, D)
        b.w("%s/kubectl-top-pods.txt" % n, ["$ kubectl top pods -A --field-selector spec.nodeName=%s" % n,
                                            "NAMESPACE     NAME                          CPU(cores)   MEMORY(bytes)",
                                            "ml-train      %-29s %-12s %s" % (pod, "88211m", "%dGi" % (311 + 4 * i)),
                                            "kube-system   %-29s %-12s %s" % ("fluentbit-gke-%s" % ("x7k2p", "q9d1m", "b2w8c")[i], "%dm" % (12 + i), "1388Gi" if n == bad else "%dMi" % (81 + 6 * i)),
                                            "kube-system   %-29s %-12s %s" % ("gke-metrics-agent-%s" % ("h2k1", "n8c3", "z0p9")[i], "5m", "63Mi")])
    b.w("kubectl-describe-node-%s.txt" % bad, ["Name:               %s" % bad, "Conditions:",
                                                "  Type             Status  LastHeartbeatTime                 Reason                       Message",
                                                "  MemoryPressure   True    Wed, 27 Nov 2024 03:12:51 +0000   KubeletHasInsufficientMemory kubelet has insufficient memory available",
                                                "Capacity:", "  memory:             1923420Mi", "Allocatable:", "  memory:             1869312Mi",
                                                "Events:", "  Warning  SystemOOM  18s  kubelet  System OOM encountered, victim process: pt_data_worker, pid: 4812"])
    b.label("host", "infrastructure", bad, None, "restart_without_node",
            "The DataLoader worker was killed by a global (not cgroup) OOM on gke-trn-pool-4f2a only; the task list and kubectl top show a fluent-bit daemon holding ~1.36 TB there (oom_score_adj -997, so the trainer's worker was the victim) while the same trainer pod uses ~311 GiB on every node. "
            "A foreign process exhausting one node's host memory: exclude/repair that node and restart.",
            "https://github.com/cBio/cbio-cluster/issues/232")
    return b


CASES = [ce22, ce23, ce24, ce25, ce26, ce27]
