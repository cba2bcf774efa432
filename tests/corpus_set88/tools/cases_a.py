"""Cases cg01-cg10."""
from common import (Bundle, dt, plus, glog, pylog, isots, plain, ctime, syslog, uptime,
                    prefix, torchrun_banner, elastic_sigterm, elastic_failed,
                    child_failed_error, watchdog_timeout, nccl_init, H100_BUS, A100_BUS,
                    busid_short, nvidia_smi, dmesg_boot, kline, ibstat, sacct, rng_for)


def megatron_iter(t, it, total, consumed, ms, lr, gbs, loss, scale, gnorm, skipped=0, nan=0):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): "
            "%.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: %.1f | "
            "grad norm: %.3f | number of skipped iterations: %3d | number of nan iterations: %3d |\n"
            % (plain(t), it, total, consumed, ms, lr, gbs, loss, scale, gnorm, skipped, nan))


# ---------------------------------------------------------------------------
# cg01: Megatron resume fails with size mismatch on the embedding / output layer
# ---------------------------------------------------------------------------
def cg01():
    b = Bundle("cg01_megatron_resume_size_mismatch_all_ranks")
    rng = rng_for(b.name)
    nodes = ["gpu-a01", "gpu-a02", "gpu-a03", "gpu-a04"]
    ips = ["10.20.1.%d" % (11 + i) for i in range(4)]
    jobid = 4410273
    t0 = dt(2024, 11, 4, 22, 30, 4, 118000)
    tp, pp, dp = 4, 2, 4
    world = 32
    # vocab: checkpoint padded with divisible-by 128*tp = 512 -> 50688; run uses 64*tp=256 -> 50432
    ck_rows, cur_rows = 50688 // tp, 50432 // tp
    b.add("job.sbatch", """#!/bin/bash
#SBATCH --job-name=gpt13b-cont
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --partition=h100
#SBATCH --time=48:00:00
#SBATCH --output=slurm-%j.out

export CUDA_DEVICE_MAX_CONNECTIONS=1
export NCCL_IB_HCA=mlx5_0,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_9,mlx5_10,mlx5_11
MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)

GPT_ARGS="--num-layers 40 --hidden-size 5120 --num-attention-heads 40 --seq-length 4096 \\
  --max-position-embeddings 4096 --micro-batch-size 1 --global-batch-size 1024 \\
  --lr 1.5e-4 --min-lr 1.5e-5 --lr-decay-style cosine --train-iters 250000 --bf16 \\
  --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 --sequence-parallel \\
  --use-distributed-optimizer --make-vocab-size-divisible-by 64"
DATA_ARGS="--data-path /lustre/proj/gpt13b/data/pile_text_document --vocab-file /lustre/proj/gpt13b/tok/gpt2-vocab.json \\
  --merge-file /lustre/proj/gpt13b/tok/gpt2-merges.txt --split 990,8,2"
CKPT_ARGS="--load /lustre/proj/gpt13b/ckpt --save /lustre/proj/gpt13b/ckpt --save-interval 2000"

srun --kill-on-bad-exit=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-id $SLURM_JOB_ID \\
  --rdzv-backend c10d --rdzv-endpoint $MASTER_ADDR:29500 \\
  /workspace/Megatron-LM/pretrain_gpt.py $GPT_ARGS $DATA_ARGS $CKPT_ARGS --log-interval 10
""")
    # rank 0 preamble
    pre = []
    pre.append("using world size: 32, data-parallel size: 4, context-parallel size: 1, "
               "tensor-model-parallel size: 4, pipeline-model-parallel size: 2 ")
    pre.append("WARNING: Setting args.overlap_p2p_comm and args.align_param_gather to False since "
               "non-interleaved schedule does not support overlapping p2p communication and aligned param AG")
    pre.append("using torch.bfloat16 for parameters ...")
    pre.append("------------------------ arguments ------------------------")
    for k, v in [("load", "/lustre/proj/gpt13b/ckpt"), ("make_vocab_size_divisible_by", "64"),
                 ("micro_batch_size", "1"), ("global_batch_size", "1024"),
                 ("pipeline_model_parallel_size", "2"), ("tensor_model_parallel_size", "4"),
                 ("tokenizer_type", "GPT2BPETokenizer"), ("use_checkpoint_args", "False"),
                 ("vocab_file", "/lustre/proj/gpt13b/tok/gpt2-vocab.json")]:
        pre.append("  %s %s %s" % (k, "." * (40 - len(k)), v))
    pre.append("-------------------- end of arguments ---------------------")
    pre.append("setting number of micro-batches to constant 256")
    pre.append("> building GPT2BPETokenizer tokenizer ...")
    pre.append(" > padded vocab (size: 50257) with 175 dummy tokens (new size: 50432)")
    pre.append("> initializing torch distributed ...")
    pre.append("> initialized tensor model parallel with size 4")
    pre.append("> initialized pipeline model parallel with size 2")
    pre.append("> setting random seeds to 1234 ...")
    pre.append("> compiling dataset index builder ...")
    pre.append(">>> done with dataset index builder. Compilation time: 0.071 seconds")
    pre.append("time to initialize megatron (seconds): 21.338")
    pre.append("[after megatron is initialized] datetime: %s " % plain(plus(t0, 27)))
    pre.append("building GPT model ...")
    pre.append(" > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 1622958080")
    pre.append(" > number of parameters on (tensor, pipeline) model parallel rank (1, 0): 1622958080")
    pre.append("INFO:megatron.core.distributed.distributed_data_parallel:Setting up DistributedDataParallel with config DistributedDataParallelConfig(grad_reduce_in_fp32=True, overlap_grad_reduce=False, use_distributed_optimizer=True, check_for_nan_in_grad=True, bucket_size=None)")
    pre.append(" loading checkpoint from /lustre/proj/gpt13b/ckpt at iteration 42000")
    pre.append(" checkpoint version 3.0")
    preamble = "\n".join(pre) + "\n"

    def tb(rank, stage):
        pname = "embedding.word_embeddings.weight" if stage == 0 else "output_layer.weight"
        lines = [
            "Traceback (most recent call last):",
            '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 243, in <module>',
            "    pretrain(",
            '  File "/workspace/Megatron-LM/megatron/training/training.py", line 268, in pretrain',
            "    model, optimizer, opt_param_scheduler = setup_model_and_optimizer(",
            '  File "/workspace/Megatron-LM/megatron/training/training.py", line 579, in setup_model_and_optimizer',
            "    args.iteration, args.num_floating_point_operations_so_far = load_checkpoint(",
            '  File "/workspace/Megatron-LM/megatron/training/checkpointing.py", line 1090, in load_checkpoint',
            "    model[0].load_state_dict(state_dict['model'], strict=strict)",
            '  File "/workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py", line 409, in load_state_dict',
            "    self.module.load_state_dict(state_dict, strict=strict)",
            '  File "/workspace/Megatron-LM/megatron/core/transformer/module.py", line 188, in load_state_dict',
            "    self.module.load_state_dict(state_dict, strict=strict)",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", line 2189, in load_state_dict',
            "    raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
            "RuntimeError: Error(s) in loading state_dict for GPTModel:",
            "\tsize mismatch for %s: copying a param with shape torch.Size([%d, 5120]) from checkpoint, "
            "the shape in current model is torch.Size([%d, 5120])." % (pname, ck_rows, cur_rows),
        ]
        return prefix("\n".join(lines), "[rank%d]: " % rank)

    slurm = []
    slurm.append("+ srun --kill-on-bad-exit=1 torchrun --nnodes 4 --nproc-per-node 8 ...")
    for ni, host in enumerate(nodes):
        agent = 210300 + ni * 17
        out = []
        out.append(torchrun_banner(t0, agent))
        pids = [agent + 11 + j for j in range(8)]
        if ni == 0:
            out.append(preamble)
        tf = plus(t0, 41.2 + ni * 0.07)
        for j in range(8):
            r = ni * 8 + j
            stage = 0 if r < 16 else 1  # pipeline stage by rank layout tp-fastest, pp-slowest
            out.append(tb(r, stage))
        # elastic failure
        out.append(elastic_failed(plus(tf, 1.9), agent, 1, 0, pids[0]))
        others = [dict(t=plus(tf, 1.9), host=host, rank=ni * 8 + j, local_rank=j, exitcode=1,
                       pid=pids[j]) for j in range(1, 8)]
        out.append(child_failed_error("/workspace/Megatron-LM/pretrain_gpt.py",
                                      dict(t=plus(tf, 1.9), host=host, rank=ni * 8, local_rank=0,
                                           exitcode=1, pid=pids[0]), others))
        b.add("%s/torchrun.log" % host, "".join(out))
        slurm.append("srun: error: %s: task %d: Exited with exit code 1" % (host, ni))
    slurm_txt = ("%s" % preamble) + tb(0, 0) + tb(16, 1) + "\n".join(slurm) + "\n"
    b.add("slurm-%d.out" % jobid, slurm_txt)
    b.add("sacct.txt", sacct(jobid, "gpt13b-cont", [
        ("", "gpt13b-con", "h100", 4, "FAILED", "1:0", "00:01:07", "gpu-a[01-04]"),
        (".batch", "batch", "", 1, "FAILED", "1:0", "00:01:07", "gpu-a01"),
        (".0", "torchrun", "", 4, "FAILED", "1:0", "00:00:49", "gpu-a[01-04]")]))
    # checkpoint metadata (what the run that wrote iteration 42000 used)
    b.add("ckpt_args_iter42000.txt", """# torch.load('/lustre/proj/gpt13b/ckpt/iter_0042000/mp_rank_00_000/model_optim_rng.pt')['args'] (excerpt)
tensor_model_parallel_size: 4
pipeline_model_parallel_size: 2
make_vocab_size_divisible_by: 128
padded_vocab_size: 50688
tokenizer_type: GPT2BPETokenizer
hidden_size: 5120
num_layers: 40
""")
    # per-node host evidence
    for ni, host in enumerate(nodes):
        boot = plus(t0, -86400 * (3 + ni) - 3600 * ni)
        d = dmesg_boot(boot, host, rng)
        if host == "gpu-a02":
            # an old Xid from a previous tenant's job two days earlier
            d += kline(boot, plus(t0, -2 * 86400 + 7211), "NVRM: Xid (PCI:0000:5d:00): 13, pid=88123, "
                       "name=python3, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address")
            d += kline(boot, plus(t0, -2 * 86400 + 7211.01), "NVRM: Xid (PCI:0000:5d:00): 13, pid=88123, "
                       "name=python3, Graphics Exception: ESR 0x52df30=0x102000e 0x52df34=0x20 0x52df28=0xc81eb60 0x52df2c=0x1174")
        b.add("%s/dmesg.txt" % host, d)
        b.add("%s/nvidia-smi.txt" % host, nvidia_smi(plus(t0, 120), "550.90.07", "12.4",
                                                      "NVIDIA H100 80GB HBM3", H100_BUS, 81559))
    b.set_label("user_code", "script", None, "stop",
                "Every rank of all 4 nodes fails loading iteration 42000 with the same size mismatch on the "
                "vocab-sharded embedding/output layer: the run pads the vocab to 50432 "
                "(--make-vocab-size-divisible-by 64) while the checkpoint was written with 128 (50688). "
                "Deterministic config error; the old Xid 13 on gpu-a02 is two days older and unrelated.",
                "https://github.com/epfLLM/Megatron-LLM/issues/103")
    return b


# ---------------------------------------------------------------------------
# cg02: torchtitan parallel dims do not multiply to the world size
# ---------------------------------------------------------------------------
def cg02():
    b = Bundle("cg02_titan_invalid_parallel_dims_at_startup")
    rng = rng_for(b.name)
    nodes = ["h100-r07-01", "h100-r07-02", "h100-r07-03"]
    jobid = 771902
    t0 = dt(2025, 3, 5, 10, 11, 52, 402000)
    b.add("train_configs/llama3_70b.toml", """[job]
dump_folder = "/fsx/runs/llama3_70b"
description = "Llama 3 70B training"

[model]
name = "llama3"
flavor = "70B"
tokenizer_path = "/fsx/assets/tokenizer/original/tokenizer.model"

[training]
batch_size = 8
seq_len = 8192
steps = 20000
mixed_precision_param = "bfloat16"

[parallelism]
data_parallel_replicate_degree = 1
data_parallel_shard_degree = 2
tensor_parallel_degree = 8
pipeline_parallel_degree = 2
context_parallel_degree = 1

[checkpoint]
enable_checkpoint = true
folder = "checkpoint"
interval = 500
""")
    b.add("launch.sbatch", """#!/bin/bash
#SBATCH --job-name=llama3-70b
#SBATCH --nodes=3
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --exclusive
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
srun torchrun --nnodes 3 --nproc_per_node 8 --rdzv_id 101 --rdzv_backend c10d \\
   --rdzv_endpoint "$head:29500" --local-ranks-filter 0 --role rank --tee 3 \\
   -m torchtitan.train --job.config_file train_configs/llama3_70b.toml
""")
    slurm = []
    for ni, host in enumerate(nodes):
        agent = 55410 + ni * 9
        out = [torchrun_banner(t0, agent, line=862)]
        tt = plus(t0, 7.9 + 0.05 * ni)
        for j in range(8):
            r = ni * 8 + j
            pre = "[rank%d]:" % r
            lines = [
                "[titan] %s - root - INFO - Starting job: Llama 3 70B training" % pylog(tt),
                "[titan] %s - root - WARNING - ENV[TORCH_NCCL_ASYNC_ERROR_HANDLING] = 1 will be overridden to 3 based on job config" % pylog(plus(tt, 0.001)),
                "Traceback (most recent call last):",
                '  File "<frozen runpy>", line 198, in _run_module_as_main',
                '  File "<frozen runpy>", line 88, in _run_code',
                '  File "/opt/torchtitan/torchtitan/train.py", line 564, in <module>',
                "    trainer = Trainer(config)",
                '  File "/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
                "    return f(*args, **kwargs)",
                '  File "/opt/torchtitan/torchtitan/train.py", line 92, in __init__',
                "    self.parallel_dims = parallel_dims = ParallelDims(",
                '  File "<string>", line 12, in __init__',
                '  File "/opt/torchtitan/torchtitan/distributed/parallel_dims.py", line 43, in __post_init__',
                "    self._validate()",
                '  File "/opt/torchtitan/torchtitan/distributed/parallel_dims.py", line 73, in _validate',
                "    assert dp_replicate * dp_shard * cp * tp * pp == self.world_size, (",
                "AssertionError: Invalid parallel dims: dp_replicate(1) * dp_shard(2) * cp(1) * tp(8) * pp(2) != WORLD_SIZE(24)",
            ]
            out.append(prefix("\n".join(lines), pre))
        pids = [agent + 5 + j for j in range(8)]
        tf = plus(tt, 1.4)
        out.append(elastic_failed(tf, agent, 1, 0, pids[0], binary="/opt/conda/bin/python3.11", line=874))
        others = [dict(t=tf, host=host, rank=ni * 8 + j, local_rank=j, exitcode=1, pid=pids[j])
                  for j in range(1, 8)]
        out.append(child_failed_error("torchtitan.train", dict(t=tf, host=host, rank=ni * 8,
                                      local_rank=0, exitcode=1, pid=pids[0]), others,
                                      torchrun_path="/opt/conda/bin/torchrun",
                                      site="/opt/conda/lib/python3.11/site-packages"))
        b.add("%s/stdout.log" % host, "".join(out))
        slurm.append("srun: error: %s: task %d: Exited with exit code 1" % (host, ni))
        boot = plus(t0, -40000 - 5000 * ni)
        b.add("%s/dmesg.txt" % host, dmesg_boot(boot, host, rng, kernel="6.5.0-1024-aws", nvrm="560.35.03", ib=False) +
              kline(boot, plus(boot, 31.2), "efa 0000:31:00.0: Setup irq:0x000000004df74d5b vector:121 name:efa-mgmnt@pci:0000:31:00.0"))
    slurm_head = "\n".join("[rank%d]:AssertionError: Invalid parallel dims: dp_replicate(1) * dp_shard(2) * cp(1) * tp(8) * pp(2) != WORLD_SIZE(24)" % (r * 8) for r in range(3))
    b.add("slurm-%d.out" % jobid, slurm_head + "\n" + "\n".join(slurm) + "\n")
    b.add("sacct.txt", sacct(jobid, "llama3-70b", [
        ("", "llama3-70b", "p5", 3, "FAILED", "1:0", "00:00:26", "h100-r07-[01-03]"),
        (".batch", "batch", "", 1, "FAILED", "1:0", "00:00:26", "h100-r07-01"),
        (".0", "torchrun", "", 3, "FAILED", "1:0", "00:00:14", "h100-r07-[01-03]")]))
    b.set_label("user_code", "script", None, "stop",
                "All 24 ranks on all 3 nodes assert at startup that dp_shard(2)*tp(8)*pp(2)=32 does not equal the "
                "WORLD_SIZE of 24: the parallelism layout in the toml was written for 4 nodes but the job was "
                "submitted on 3. A deterministic configuration error; nothing ran on the GPUs.",
                "https://github.com/pytorch/torchtitan/pull/27")
    return b


# ---------------------------------------------------------------------------
# cg03: tokenizer path typo -> OSError on every rank of both nodes
# ---------------------------------------------------------------------------
def cg03():
    b = Bundle("cg03_accelerate_oserror_tokenizer_path_both_nodes")
    rng = rng_for(b.name)
    nodes = ["dgx-b17", "dgx-b18"]
    jobid = 3390511
    t0 = dt(2024, 8, 19, 7, 2, 40, 901000)
    bad = "/mnt/shared/tokenizers/llama3-8b-instruct"
    b.add("launch.sh", """#!/bin/bash
# submitted with: sbatch -N2 --gpus-per-node=8 launch.sh
set -x
echo "preflight on $(hostname)"; ls -la /mnt/shared/tokenizers/; df -h /mnt/shared
srun accelerate launch --config_file fsdp_2node.yaml \\
    --num_machines 2 --num_processes 16 --machine_rank $SLURM_NODEID \\
    --main_process_ip $MASTER_ADDR --main_process_port 29501 \\
    train_sft.py --model_name_or_path /mnt/shared/models/Meta-Llama-3-8B-Instruct \\
    --tokenizer_name %s \\
    --dataset /mnt/shared/data/sft_mix_v4 --bf16 --per_device_train_batch_size 4 \\
    --output_dir /mnt/shared/runs/sft-0819
""" % bad)
    for ni, host in enumerate(nodes):
        out = []
        out.append("+ hostname")
        out.append("preflight on %s" % host)
        out.append("total 20")
        out.append("drwxr-xr-x  5 mlops mlops 4096 Aug  2 11:04 .")
        out.append("drwxr-xr-x 11 root  root  4096 Jan 16  2024 ..")
        out.append("drwxr-xr-x  2 mlops mlops 4096 Aug  2 11:04 Meta-Llama-3-8B-Instruct")
        out.append("drwxr-xr-x  2 mlops mlops 4096 Jun 21 09:40 Mistral-7B-v0.3")
        out.append("drwxr-xr-x  2 mlops mlops 4096 May 30 16:12 llama2-7b")
        out.append("Filesystem                      Size  Used Avail Use% Mounted on")
        out.append("vast-nfs.int:/shared            1.0P  612T  413T  60% /mnt/shared")
        agent = 40211 + ni * 3
        out.append(torchrun_banner(t0, agent, line=757).rstrip("\n"))
        tt = plus(t0, 9.3)
        for j in range(8):
            r = ni * 8 + j
            lines = [
                "Traceback (most recent call last):",
                '  File "/usr/local/lib/python3.10/dist-packages/transformers/utils/hub.py", line 402, in cached_file',
                "    resolved_file = hf_hub_download(",
                '  File "/usr/local/lib/python3.10/dist-packages/huggingface_hub/utils/_validators.py", line 106, in _inner_fn',
                "    validate_repo_id(arg_value)",
                '  File "/usr/local/lib/python3.10/dist-packages/huggingface_hub/utils/_validators.py", line 154, in validate_repo_id',
                "    raise HFValidationError(",
                "huggingface_hub.errors.HFValidationError: Repo id must be in the form 'repo_name' or 'namespace/repo_name': '%s'. Use `repo_type` argument if needed." % bad,
                "",
                "The above exception was the direct cause of the following exception:",
                "",
                "Traceback (most recent call last):",
                '  File "/workspace/sft/train_sft.py", line 318, in <module>',
                "    main()",
                '  File "/workspace/sft/train_sft.py", line 141, in main',
                "    tokenizer = AutoTokenizer.from_pretrained(args.tokenizer_name, use_fast=True)",
                '  File "/usr/local/lib/python3.10/dist-packages/transformers/models/auto/tokenization_auto.py", line 853, in from_pretrained',
                "    tokenizer_config = get_tokenizer_config(pretrained_model_name_or_path, **kwargs)",
                '  File "/usr/local/lib/python3.10/dist-packages/transformers/models/auto/tokenization_auto.py", line 685, in get_tokenizer_config',
                "    resolved_config_file = cached_file(",
                '  File "/usr/local/lib/python3.10/dist-packages/transformers/utils/hub.py", line 466, in cached_file',
                "    raise EnvironmentError(",
                "OSError: Incorrect path_or_model_id: '%s'. Please provide either the path to a local folder or the repo_id of a model on the Hub." % bad,
            ]
            out.append(prefix("\n".join(lines), "[rank%d]: " % r).rstrip("\n"))
        pids = [agent + 20 + j for j in range(8)]
        tf = plus(tt, 2.2)
        out.append(elastic_failed(tf, agent, 1, 0, pids[0], line=826).rstrip("\n"))
        others = [dict(t=tf, host=host, rank=ni * 8 + j, local_rank=j, exitcode=1, pid=pids[j])
                  for j in range(1, 8)]
        cfe = child_failed_error("train_sft.py", dict(t=tf, host=host, rank=ni * 8, local_rank=0,
                                 exitcode=1, pid=pids[0]), others)
        cfe = cfe.replace('  File "/usr/local/bin/torchrun", line 8, in <module>\n    sys.exit(main())\n',
                          '  File "/usr/local/bin/accelerate", line 8, in <module>\n    sys.exit(main())\n'
                          '  File "/usr/local/lib/python3.10/dist-packages/accelerate/commands/accelerate_cli.py", line 48, in main\n'
                          "    args.func(args)\n"
                          '  File "/usr/local/lib/python3.10/dist-packages/accelerate/commands/launch.py", line 1159, in launch_command\n'
                          "    multi_gpu_launcher(args)\n"
                          '  File "/usr/local/lib/python3.10/dist-packages/accelerate/commands/launch.py", line 793, in multi_gpu_launcher\n'
                          "    distrib_run.run(args)\n")
        out.append(cfe.rstrip("\n"))
        b.add("%s/stdout.log" % host, "\n".join(out))
        boot = plus(t0, -9 * 86400 - 3100 * ni)
        b.add("%s/dmesg.txt" % host, dmesg_boot(boot, host, rng, kernel="5.15.0-105-generic", nvrm="535.183.01"))
        b.add("%s/mounts.txt" % host, "vast-nfs.int:/shared on /mnt/shared type nfs (rw,relatime,vers=3,"
              "rsize=1048576,wsize=1048576,namlen=255,hard,nconnect=16,proto=tcp,timeo=600,retrans=2,"
              "sec=sys,mountaddr=172.16.4.20,mountvers=3,mountport=635,mountproto=tcp,local_lock=none,addr=172.16.4.20)\n")
    b.add("slurm-%d.out" % jobid, "srun: error: dgx-b17: task 0: Exited with exit code 1\n"
          "srun: error: dgx-b18: task 1: Exited with exit code 1\n")
    b.add("sacct.txt", sacct(jobid, "sft-0819", [
        ("", "sft-0819", "dgx", 2, "FAILED", "1:0", "00:00:31", "dgx-b[17-18]"),
        (".batch", "batch", "", 1, "FAILED", "1:0", "00:00:31", "dgx-b17"),
        (".0", "accelerate", "", 2, "FAILED", "1:0", "00:00:19", "dgx-b[17-18]")]))
    b.set_label("user_code", "script", None, "stop",
                "All 16 ranks on both nodes raise the same OSError for --tokenizer_name %s; the preflight "
                "listing of the healthy NFS mount shows the directory is actually named "
                "Meta-Llama-3-8B-Instruct. A path typo in the job arguments, not a storage failure." % bad,
                "https://github.com/huggingface/datasets/issues/5840")
    return b


# ---------------------------------------------------------------------------
# cg04: OSError EIO on one node's dataloaders; node-local NVMe failing
# ---------------------------------------------------------------------------
def cg04():
    b = Bundle("cg04_lightning_dataloader_eio_one_node")
    rng = rng_for(b.name)
    nodes = ["gpu-b01", "gpu-b02", "gpu-b03", "gpu-b04"]
    bad = "gpu-b03"
    jobid = 918233
    t0 = dt(2024, 6, 12, 3, 14, 7, 512000)
    tfail = plus(t0, 3 * 3600 + 1211.4)
    b.add("job.sbatch", """#!/bin/bash
#SBATCH -J vit-h-dino
#SBATCH -N 4
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=12
# stage the shards onto node-local NVMe first
srun --ntasks-per-node=1 rsync -a /gpfs/datasets/imagenet22k_wds/ /scratch/local/in22k/
srun python train_dino.py trainer.num_nodes=4 trainer.devices=8 data.root=/scratch/local/in22k \\
     data.num_workers=10 trainer.precision=bf16-mixed
""")
    slurm = []
    slurm.append("Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32")
    slurm.append("----------------------------------------------------------------------------------------------------")
    slurm.append("distributed_backend=nccl")
    slurm.append("All distributed processes registered. Starting with 32 processes")
    slurm.append("----------------------------------------------------------------------------------------------------")
    slurm.append("")
    slurm.append("LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]")
    slurm.append("")
    slurm.append("  | Name    | Type          | Params | Mode ")
    slurm.append("--------------------------------------------------")
    slurm.append("0 | student | DINOHead+ViT  | 688 M  | train")
    slurm.append("1 | teacher | DINOHead+ViT  | 688 M  | eval ")
    slurm.append("--------------------------------------------------")
    for k in range(0, 5):
        pct = 8 + k * 9
        slurm.append("Epoch 2:  %d%%|%s| %d/6250 [%02d:%02d:00<1:51:10,  0.89it/s, v_num=31, loss=6.93]" % (
            pct, "#" * (pct // 10) + " " * (10 - pct // 10), pct * 62, (k * 9) // 60, (k * 9) % 60))
    for ni, host in enumerate(nodes):
        out = []
        for j in range(8):
            r = ni * 8 + j
            out.append("[%s] Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/32" % (pylog(plus(t0, 12 + 0.01 * r)), r, r + 1))
        if host == bad:
            for j, w in [(2, 3), (5, 7), (6, 1)]:
                r = ni * 8 + j
                lines = [
                    "Traceback (most recent call last):",
                    '  File "/home/svc-vision/dino/train_dino.py", line 212, in <module>',
                    "    main()",
                    '  File "/home/svc-vision/dino/train_dino.py", line 207, in main',
                    "    trainer.fit(model, datamodule=dm, ckpt_path=\"last\")",
                    '  File "/opt/venv/lib/python3.11/site-packages/lightning/pytorch/trainer/trainer.py", line 538, in fit',
                    "    call._call_and_handle_interrupt(",
                    '  File "/opt/venv/lib/python3.11/site-packages/lightning/pytorch/trainer/call.py", line 46, in _call_and_handle_interrupt',
                    "    return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)",
                    '  File "/opt/venv/lib/python3.11/site-packages/lightning/pytorch/loops/fit_loop.py", line 359, in advance',
                    "    self.epoch_loop.run(self._data_fetcher)",
                    '  File "/opt/venv/lib/python3.11/site-packages/lightning/pytorch/loops/fetchers.py", line 134, in __next__',
                    "    batch = super().__next__()",
                    '  File "/opt/venv/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 1465, in _next_data',
                    "    return self._process_data(data)",
                    '  File "/opt/venv/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 1491, in _process_data',
                    "    data.reraise()",
                    '  File "/opt/venv/lib/python3.11/site-packages/torch/_utils.py", line 715, in reraise',
                    "    raise exception",
                    "OSError: Caught OSError in DataLoader worker process %d." % w,
                    "Original Traceback (most recent call last):",
                    '  File "/opt/venv/lib/python3.11/site-packages/torch/utils/data/_utils/worker.py", line 351, in _worker_loop',
                    "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                    '  File "/opt/venv/lib/python3.11/site-packages/webdataset/tariterators.py", line 157, in tar_file_iterator',
                    "    for tarinfo in stream:",
                    '  File "/opt/conda/lib/python3.11/tarfile.py", line 2792, in __iter__',
                    "    tarinfo = self.next()",
                    '  File "/opt/conda/lib/python3.11/tarfile.py", line 2661, in next',
                    "    self.fileobj.seek(self.offset - 1)",
                    "OSError: [Errno 5] Input/output error: '/scratch/local/in22k/shard-%06d.tar'" % (4100 + 37 * j),
                ]
                out.append("[%s] rank %d:" % (pylog(plus(tfail, 0.3 * j)), r))
                out.append("\n".join(lines))
            out.append("srun: error: %s: tasks 18,21-22: Exited with exit code 1" % host)
        else:
            for j in range(8):
                r = ni * 8 + j
                out.append(watchdog_timeout(r, plus(tfail, 1800.2 + 0.01 * j), 190221, "ALLREDUCE",
                                            263168, 1800000, 1800071 + j).rstrip("\n"))
        b.add("%s/train.log" % host, "\n".join(out) + "\n")
        boot = plus(t0, -21 * 86400 - 4000 * ni)
        d = dmesg_boot(boot, host, rng, kernel="5.14.0-427.13.1.el9_4.x86_64", nvrm="550.54.15")
        d += kline(boot, plus(boot, 25.1), "nvme nvme1: 64/0/0 default/read/poll queues")
        d += kline(boot, plus(boot, 25.6), "md127: detected capacity change from 0 to 30005870592")
        if host == bad:
            base = plus(tfail, -41.7)
            for k in range(4):
                lba = 1823746560 + k * 2048
                d += kline(boot, plus(base, k * 9.1), "nvme nvme1: I/O 412 (Read) QID 14 timeout, aborting")
                d += kline(boot, plus(base, k * 9.1 + 0.002), "nvme nvme1: Abort status: 0x371")
                d += kline(boot, plus(base, k * 9.1 + 30.0), "nvme1n1: I/O Cmd(0x2) @ LBA %d, 256 blocks, I/O Error "
                           "(sct 0x2 / sc 0x81) DNR " % lba)
                d += kline(boot, plus(base, k * 9.1 + 30.0001), "critical medium error, dev nvme1n1, sector %d op "
                           "0x0:(READ) flags 0x80700 phys_seg 32 prio class 2" % lba)
            d += kline(boot, plus(tfail, 2.2), "XFS (md127): metadata I/O error in \"xfs_da_read_buf+0xd2/0x130 [xfs]\" "
                       "at daddr 0x6cb4a000 len 8 error 61")
        b.add("%s/dmesg.txt" % host, d)
        if host == bad:
            b.add("%s/smartctl-nvme1.txt" % host, """smartctl 7.2 2020-12-30 r5155 [x86_64-linux-5.14.0-427.13.1.el9_4.x86_64] (local build)
=== START OF INFORMATION SECTION ===
Model Number:                       SAMSUNG MZQL27T6HBLA-00A07
Serial Number:                      S6CKNE0W601482
Firmware Version:                   GDC5602Q
=== START OF SMART DATA SECTION ===
SMART overall-health self-assessment test result: FAILED!
- media has been placed in read only mode

SMART/Health Information (NVMe Log 0x02)
Critical Warning:                   0x08
Temperature:                        41 Celsius
Available Spare:                    100%
Percentage Used:                    3%
Media and Data Integrity Errors:    1187
Error Information Log Entries:      2204
""")
        b.add("%s/df.txt" % host, "Filesystem      Size  Used Avail Use% Mounted on\n"
              "/dev/md127       28T  9.1T   19T  33% /scratch/local\n"
              "gpfs01          4.0P  2.9P  1.1P  73% /gpfs\n")
    slurm.append("srun: error: gpu-b03: tasks 18,21-22: Exited with exit code 1")
    slurm.append("srun: error: gpu-b01: tasks 0-7: Aborted (core dumped)")
    slurm.append("srun: error: gpu-b02: tasks 8-15: Aborted (core dumped)")
    slurm.append("srun: error: gpu-b04: tasks 24-31: Aborted (core dumped)")
    slurm.append("srun: error: gpu-b03: tasks 16-17,19-20,23: Aborted (core dumped)")
    b.add("slurm-%d.out" % jobid, "\n".join(slurm) + "\n")
    b.add("sacct.txt", sacct(jobid, "vit-h-dino", [
        ("", "vit-h-dino", "gpu", 4, "FAILED", "1:0", "03:50:31", "gpu-b[01-04]"),
        (".0", "rsync", "", 4, "COMPLETED", "0:0", "00:08:02", "gpu-b[01-04]"),
        (".1", "python", "", 4, "FAILED", "1:0", "03:42:21", "gpu-b[01-04]")]))
    b.set_label("storage", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Only ranks 18, 21 and 22, all on gpu-b03, hit OSError [Errno 5] reading the node-local shard copy; "
                "the same dmesg window shows NVMe read timeouts and critical medium errors on nvme1n1 behind "
                "/scratch/local and SMART reports the drive FAILED. The watchdog timeouts on the other nodes are "
                "sympathetic.",
                "https://github.com/facebookresearch/dino/issues/155")
    return b


# ---------------------------------------------------------------------------
# cg05: Stale file handle on every node during checkpoint save; NFS filer failover
# ---------------------------------------------------------------------------
def cg05():
    b = Bundle("cg05_hf_deepspeed_stale_file_handle_on_save")
    rng = rng_for(b.name)
    nodes = ["node-c11", "node-c12", "node-c13", "node-c14"]
    t0 = dt(2024, 9, 27, 14, 0, 3, 77000)
    tsave = plus(t0, 5 * 3600 + 29 * 60 + 41.3)
    jobid = 6620184
    b.add("run.sh", """#!/bin/bash
deepspeed --hostfile /etc/mpi/hostfile --num_nodes 4 --num_gpus 8 \\
  run_clm.py --model_name_or_path /nfs/home/ljiang/models/mistral-7b --deepspeed ds_z3.json \\
  --output_dir /nfs/home/ljiang/runs/mistral-cpt-0927 --save_steps 500 --bf16 \\
  --per_device_train_batch_size 2 --gradient_accumulation_steps 8
""")
    for ni, host in enumerate(nodes):
        out = []
        for step in (4490, 4495, 4500):
            tt = plus(tsave, -(4500 - step) * 3.9 - 3)
            if ni == 0:
                out.append("%s: {'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': 1.7%02de-05, 'epoch': 0.%02d}" % (
                    host, 1.71 + 0.001 * (step % 7), 0.41 + 0.01 * (step % 3), step % 89, step // 100))
        out.append("%s: [INFO|trainer.py:3503] %s >> Saving model checkpoint to /nfs/home/ljiang/runs/mistral-cpt-0927/checkpoint-4500" % (host, pylog(tsave)))
        out.append("%s: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] [Torch] Checkpoint global_step4500 is about to be saved!" % (host, pylog(plus(tsave, 0.4))))
        for j in range(8):
            r = ni * 8 + j
            if (r % 3) == 1 and r != 1:
                continue  # some ranks were already past the write
            tt = plus(tsave, 11.2 + 0.07 * r)
            lines = [
                "Traceback (most recent call last):",
                '  File "/nfs/home/ljiang/cpt/run_clm.py", line 642, in <module>',
                "    main()",
                '  File "/nfs/home/ljiang/cpt/run_clm.py", line 590, in main',
                "    train_result = trainer.train(resume_from_checkpoint=checkpoint)",
                '  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 1938, in train',
                "    return inner_training_loop(",
                '  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 2356, in _inner_training_loop',
                "    self._maybe_log_save_evaluate(tr_loss, grad_norm, model, trial, epoch, ignore_keys_for_eval)",
                '  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 2807, in _maybe_log_save_evaluate',
                "    self._save_checkpoint(model, trial, metrics=metrics)",
                '  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 2890, in _save_checkpoint',
                "    self._save_optimizer_and_scheduler(output_dir)",
                '  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 2984, in _save_optimizer_and_scheduler',
                "    self.model_wrapped.save_checkpoint(output_dir)",
                '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", line 3147, in save_checkpoint',
                "    self._save_zero_checkpoint(save_dir, tag)",
                '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", line 3489, in _save_zero_checkpoint',
                "    self.checkpoint_engine.save(zero_sd, zero_checkpoint_name)",
                '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/checkpoint_engine/torch_checkpoint_engine.py", line 22, in save',
                "    torch.save(state_dict, path)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/serialization.py", line 651, in save',
                "    with _open_zipfile_writer(f) as opened_zipfile:",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/serialization.py", line 525, in _open_zipfile_writer',
                "    return container(name_or_buffer)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/serialization.py", line 496, in __init__',
                "    super().__init__(torch._C.PyTorchFileWriter(self.name))",
                "OSError: [Errno 116] Stale file handle: '/nfs/home/ljiang/runs/mistral-cpt-0927/checkpoint-4500/global_step4500/bf16_zero_pp_rank_%d_mp_rank_00_optim_states.pt'" % r,
            ]
            out.append(prefix("\n".join(lines), "%s: [rank%d]: " % (host, r)).rstrip("\n"))
        out.append("%s: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (host, pylog(plus(tsave, 14.0)), 88120 + ni))
        out.append("%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'run_clm.py', '--local_rank=7', "
                   "'--model_name_or_path', '/nfs/home/ljiang/models/mistral-7b', '--deepspeed', 'ds_z3.json'] exits with return code = 1" % (host, pylog(plus(tsave, 14.6))))
        b.add("%s/pdsh_stdout.log" % host, "\n".join(out) + "\n")
        boot = plus(t0, -5 * 86400 - 1200 * ni)
        d = dmesg_boot(boot, host, rng, nvrm="535.161.08", style="ctime")
        d += kline(boot, plus(tsave, -22.0 + 0.3 * ni), "nfs: server filer-a.prod not responding, still trying", style="ctime")
        d += kline(boot, plus(tsave, -21.0 + 0.3 * ni), "nfs: server filer-a.prod not responding, still trying", style="ctime")
        d += kline(boot, plus(tsave, 97.5 + 0.2 * ni), "nfs: server filer-a.prod OK", style="ctime")
        b.add("%s/dmesg.txt" % host, d)
    b.add("storage-events.txt", """# exported from the filer's event log (ONTAP) by the storage on-call
%s  filer-a-02  [cf.fsm.takeover.auto:alert]  Automatic takeover of partner node filer-a-01 started (reason: partner WAFL panic)
%s  filer-a-02  [cf.fsm.takeover.complete:notice]  Takeover of partner filer-a-01 completed; aggregate aggr_home01 now served by filer-a-02
%s  filer-a-02  [nfs.export.fhandle.changed:warning]  NFSv3 file handles for volume vol_home were regenerated during takeover; clients may see ESTALE
%s  filer-a-01  [cf.fsm.giveback.complete:notice]  Giveback completed
""" % (plain(plus(tsave, -24)), plain(plus(tsave, -2)), plain(plus(tsave, -1)), plain(plus(tsave, 3 * 3600))))
    b.add("sacct.txt", sacct(jobid, "mistral-cpt", [
        ("", "mistral-cp", "a100", 4, "FAILED", "1:0", "05:30:08", "node-c[11-14]")]))
    b.set_label("storage", "infrastructure", None, "restart",
                "Ranks on all four nodes fail with ESTALE at the same moment while writing checkpoint-4500 to /nfs; "
                "every node logs 'nfs: server filer-a.prod not responding' followed by 'OK', and the filer's event "
                "log shows an HA takeover that regenerated file handles. A transient shared-storage fault; resume "
                "from checkpoint-4000.",
                "https://github.com/huggingface/transformers/issues/9732")
    return b


# ---------------------------------------------------------------------------
# cg06: CUDA illegal memory access that repeats on one physical GPU across attempts
# ---------------------------------------------------------------------------
def cg06():
    b = Bundle("cg06_megatron_illegal_memory_access_two_attempts")
    rng = rng_for(b.name)
    nodes = ["gpu-c05", "gpu-c06", "gpu-c07", "gpu-c08"]
    bad, badlocal = "gpu-c07", 5
    badrank = 2 * 8 + badlocal
    jobid = 2288410
    starts = [dt(2024, 10, 2, 1, 12, 9, 330000), dt(2024, 10, 2, 9, 41, 55, 120000)]
    fail_iters = [18234, 18611]
    resume = [15000, 18000]
    kern = {}  # kernel lines accumulate across attempts (same boot)
    for a in range(2):
        t0 = starts[a]
        att = "attempt_%d" % (a + 1)
        ms = 4180.0
        tfail = plus(t0, 95 + (fail_iters[a] - resume[a]) * ms / 1000.0)
        slurm = []
        slurm.append(" loading checkpoint from /lustre/llm/ckpt/gpt20b at iteration %d" % resume[a])
        slurm.append("  successfully loaded checkpoint from /lustre/llm/ckpt/gpt20b [ t 0, p 0 ] at iteration %d" % resume[a])
        for it in range(resume[a] + 10, fail_iters[a], 200):
            tt = plus(t0, 95 + (it - resume[a]) * ms / 1000.0)
            slurm.append(megatron_iter(tt, it, 300000, it * 1536, ms + rng.random() * 30, 1.2e-4 - it * 1e-10, 1536,
                                       1.91 - it * 1e-6 + rng.random() * 0.02, 1.0, 0.2 + rng.random() * 0.05).rstrip("\n"))
        for ni, host in enumerate(nodes):
            out = []
            out.append(nccl_init(host, 61000 + ni * 100 + a, 0, ni * 8, 32, "bond0", "10.31.7.%d" % (5 + ni),
                                 ["mlx5_%d" % k for k in (0, 3, 4, 5, 6, 9, 10, 11)], "18000", show_version=(ni == 0)).rstrip("\n"))
            if host == bad:
                r = badrank
                lines = [
                    "Traceback (most recent call last):",
                    '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 243, in <module>',
                    "    pretrain(",
                    '  File "/workspace/Megatron-LM/megatron/training/training.py", line 355, in pretrain',
                    "    iteration, num_floating_point_operations_so_far = train(",
                    '  File "/workspace/Megatron-LM/megatron/training/training.py", line 1235, in train',
                    "    train_step(forward_step_func,",
                    '  File "/workspace/Megatron-LM/megatron/training/training.py", line 730, in train_step',
                    "    losses_reduced = forward_backward_func(",
                    '  File "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", line 1376, in forward_backward_pipelining_without_interleaving',
                    "    input_tensor_grad = backward_step(",
                    '  File "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", line 358, in backward_step',
                    "    torch.autograd.backward(output_tensor[0], grad_tensors=output_tensor_grad[0])",
                    '  File "/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", line 289, in backward',
                    "    _engine_run_backward(",
                    '  File "/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", line 768, in _engine_run_backward',
                    "    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
                    "RuntimeError: CUDA error: an illegal memory access was encountered",
                    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                ]
                out.append(prefix("\n".join(lines), "[rank%d]: " % r).rstrip("\n"))
                out.append("[rank%d]:[E%s ProcessGroupNCCL.cpp:1595] [PG 0 (default_pg) Rank %d] Process group watchdog "
                           "thread terminated with exception: CUDA error: an illegal memory access was encountered" % (r, glog(plus(tfail, 0.4)), r))
                out.append("terminate called after throwing an instance of 'c10::DistBackendError'")
                out.append("  what():  [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered" % r)
                for j in range(8):
                    if j == badlocal:
                        continue
                    rr = ni * 8 + j
                    out.append(watchdog_timeout(rr, plus(tfail, 600.1 + 0.02 * j), 412004 + (fail_iters[a] - 18000) * 40,
                                                "_REDUCE_SCATTER_BASE", 49807360, 600000, 600022 + j).rstrip("\n"))
            else:
                for j in range(8):
                    rr = ni * 8 + j
                    out.append(watchdog_timeout(rr, plus(tfail, 600.2 + 0.02 * j), 412004 + (fail_iters[a] - 18000) * 40,
                                                "_REDUCE_SCATTER_BASE", 49807360, 600000, 600031 + j).rstrip("\n"))
            b.add("%s/%s/stdout.log" % (att, host), "\n".join(out) + "\n")
            boot = plus(dt(2024, 9, 29, 6, 0, 0), 900 * ni)
            d = dmesg_boot(boot, host, rng, nvrm="550.90.07")
            if host == bad:
                pci = "0000:%s" % H100_BUS[badlocal][:5]
                kern[host] = kern.get(host, "") + kline(
                    boot, plus(tfail, -0.02), "NVRM: Xid (PCI:%s): 31, pid=%d, name=python, Ch 0000001a, intr 00000000. "
                    "MMU Fault: ENGINE GRAPHICS GPC7 GPCCLIENT_T1_11 faulted @ 0x7f4c_%08x. Fault is of type "
                    "FAULT_PDE ACCESS_TYPE_VIRT_WRITE" % (pci, 61007 + ni * 100 + a, 0x1e3a0000 + a * 0x5000))
            b.add("%s/%s/dmesg.txt" % (att, host), d + kern.get(host, ""))
        slurm.append("[rank%d]: RuntimeError: CUDA error: an illegal memory access was encountered" % badrank)
        slurm.append("srun: error: %s: task 2: Aborted (core dumped)" % bad)
        for ni, host in enumerate(nodes):
            if host != bad:
                slurm.append("srun: error: %s: task %d: Aborted (core dumped)" % (host, ni))
        b.add("%s/slurm-%d.out" % (att, jobid), "\n".join(slurm) + "\n")
    # post-mortem smi on the bad node after attempt 2
    rows = [dict(temp=33 + i) for i in range(8)]
    b.add("attempt_2/%s/nvidia-smi.txt" % bad, nvidia_smi(plus(starts[1], 3 * 3600), "550.90.07", "12.4",
                                                             "NVIDIA H100 80GB HBM3", H100_BUS, 81559, rows))
    b.add("sacct.txt", sacct(jobid, "gpt20b", [
        ("", "gpt20b", "h100", 4, "REQUEUED", "0:0", "03:13:01", "gpu-c[05-08]"),
        ("", "gpt20b", "h100", 4, "FAILED", "0:6", "00:38:52", "gpu-c[05-08]")]))
    b.set_label("gpu_hardware", "infrastructure", {"node": bad, "rank": badrank}, "restart_without_node",
                "Both attempts die with an illegal memory access on rank 21 (gpu-c07 GPU 5), at different "
                "iterations (18234, then 18611 after the rerun had already passed 18234), each time with an Xid 31 "
                "MMU fault on the same PCI address 0000:ab:00 while the 31 other GPUs run the same code cleanly. "
                "The fault follows the physical GPU, not the data or code.",
                "https://github.com/hpcaitech/Open-Sora/issues/694")
    return b


# ---------------------------------------------------------------------------
# cg07: illegal memory access from the user's own Triton kernel; same step, different GPUs
# ---------------------------------------------------------------------------
def cg07():
    b = Bundle("cg07_fsdp_illegal_memory_access_same_step_rerun")
    rng = rng_for(b.name)
    allocs = [["trn-d01", "trn-d02", "trn-d03"], ["trn-d02", "trn-d03", "trn-d04"]]
    jobid = 5120933
    starts = [dt(2025, 1, 14, 20, 3, 11, 0), dt(2025, 1, 14, 22, 17, 40, 0)]
    failing = [[4, 13], [4, 13]]
    kern = {}  # kernel lines accumulate across attempts (same boot)
    b.add("config.yaml", """model: llama-3b-longctx
max_seq_len: 16384        # was 8192 in run lc-0109
rope:
  impl: triton_fused      # src/kernels/fused_rope_triton.py
  theta: 500000
fsdp:
  sharding: FULL_SHARD
  mixed_precision: bf16
optim: {lr: 2.0e-4, warmup: 500}
checkpoint: {dir: /data/ckpt/lc-0114, every: 500}
""")
    for a in range(2):
        t0 = starts[a]
        att = "attempt_%d" % (a + 1)
        resume = 0 if a == 0 else 1500
        tfail = plus(t0, 60 + (1520 - resume) * 2.4)
        nodes = allocs[a]
        b.add("%s/slurm-%d.out" % (att, jobid), "# allocation: %s\n" % ",".join(nodes) +
              "".join("[rank%d]: RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered\n" % r for r in failing[a]) +
              "".join("srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(nodes)))
        for ni, host in enumerate(nodes):
            agent = 30110 + ni * 50 + a
            out = [torchrun_banner(t0, agent, line=838)]
            if ni == 0:
                out.append("[rank0]:%s INFO trainer: resuming from %s\n" % (pylog(plus(t0, 40)), "scratch" if a == 0 else "/data/ckpt/lc-0114/step_1500"))
                out.append("[rank0]:%s WARNING fused_rope_triton: BLOCK_T=8192 autotune table has no entry for seq_len=16384; falling back to config for 8192\n" % pylog(plus(t0, 52)))
                for step in range(max(resume, 0) + 20, 1520, 100):
                    tt = plus(t0, 60 + (step - resume) * 2.4)
                    out.append("[rank0]:%s INFO trainer: step %5d | loss %.4f | lr %.3e | tok/s/gpu 9%03d | mem 61.2GiB\n" % (
                        pylog(tt), step, 2.9 - step * 0.0003 + rng.random() * 0.02, min(2e-4, 2e-4 * step / 500), rng.randint(0, 999)))
            for j in range(8):
                r = ni * 8 + j
                if r in failing[a]:
                    lines = [
                        "Traceback (most recent call last):",
                        '  File "/home/rkim/lc/train.py", line 288, in <module>',
                        "    main(cfg)",
                        '  File "/home/rkim/lc/train.py", line 241, in main',
                        "    loss = model(batch).loss",
                        '  File "/opt/venv/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1747, in _call_impl',
                        "    return forward_call(*args, **kwargs)",
                        '  File "/home/rkim/lc/src/model/attention.py", line 97, in forward',
                        "    q, k = apply_rope_fused(q, k, self.freqs_cis, seq_len=T)",
                        '  File "/home/rkim/lc/src/kernels/fused_rope_triton.py", line 142, in apply_rope_fused',
                        "    _rope_fwd_kernel[grid](q, k, cos, sin, q.stride(1), T, H, D, BLOCK_T=cfg.block_t, BLOCK_D=D // 2)",
                        '  File "/opt/venv/lib/python3.11/site-packages/triton/runtime/jit.py", line 330, in <lambda>',
                        "    return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
                        '  File "/opt/venv/lib/python3.11/site-packages/triton/backends/nvidia/driver.py", line 444, in __call__',
                        "    self.launch(*args, **kwargs)",
                        "RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered",
                    ]
                    out.append(prefix("\n".join(lines), "[rank%d]: " % r))
                    out.append("[rank%d]:[E%s ProcessGroupNCCL.cpp:1595] [PG 0 (default_pg) Rank %d] Process group watchdog thread "
                               "terminated with exception: CUDA error: an illegal memory access was encountered\n" % (r, glog(plus(tfail, 0.3)), r))
            pids = [agent + 9 + j for j in range(8)]
            fl = [r - ni * 8 for r in failing[a] if ni * 8 <= r < ni * 8 + 8]
            if fl:
                out.append(elastic_failed(plus(tfail, 1.1), agent, -6, fl[0], pids[fl[0]], binary="/opt/venv/bin/python3"))
                out.append(elastic_sigterm(plus(tfail, 1.0), agent, [p for k, p in enumerate(pids) if k not in fl]))
                out.append(child_failed_error("train.py", dict(t=plus(tfail, 1.1), host=host, rank=ni * 8 + fl[0],
                                              local_rank=fl[0], exitcode=-6, pid=pids[fl[0]]),
                                              [dict(t=plus(tfail, 1.1), host=host, rank=ni * 8 + k, local_rank=k,
                                                    exitcode=-6, pid=pids[k]) for k in fl[1:]],
                                              torchrun_path="/opt/venv/bin/torchrun",
                                              site="/opt/venv/lib/python3.11/site-packages"))
            else:
                out.append("W%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers\n" % (glog(plus(tfail, 2.0)), agent))
                out.append(elastic_sigterm(plus(tfail, 2.0), agent, pids))
            b.add("%s/%s/stdout.log" % (att, host), "".join(out))
            boot = plus(dt(2025, 1, 10, 8, 0, 0), 700 * int(host[-1]))
            d = dmesg_boot(boot, host, rng, kernel="6.8.0-45-generic", nvrm="560.35.03")
            for r in failing[a]:
                if ni * 8 <= r < ni * 8 + 8:
                    loc = r - ni * 8
                    kern[host] = kern.get(host, "") + kline(
                        boot, plus(tfail, -0.01), "NVRM: Xid (PCI:0000:%s): 31, pid=%d, name=python3, Ch 00000008, intr 00000000. "
                        "MMU Fault: ENGINE GRAPHICS GPC2 GPCCLIENT_T1_4 faulted @ 0x7ee1_%08x. Fault is of type "
                        "FAULT_PTE ACCESS_TYPE_VIRT_READ" % (H100_BUS[loc][:5], agent + 9 + loc, 0x40000000 + 0x1000 * r))
            b.add("%s/%s/dmesg.txt" % (att, host), d + kern.get(host, ""))
    b.add("sacct.txt", sacct(jobid, "lc-0114", [
        ("", "lc-0114", "h100", 3, "FAILED", "134:0", "01:02:53", "trn-d[01-03]"),
        ("", "lc-0114", "h100", 3, "FAILED", "134:0", "00:02:01", "trn-d[02-04]")]))
    b.set_label("user_code", "script", None, "stop",
                "Both runs die at exactly step 1520 with 'Triton Error [CUDA]: an illegal memory access' raised from the "
                "user's own src/kernels/fused_rope_triton.py on global ranks 4 and 13 together. The rerun got a different "
                "allocation, so those ranks ran on other nodes and GPUs (d01 GPU4/d02 GPU5, then d02 GPU4/d03 GPU5). The "
                "kernel warns it has no tuning entry for the new seq_len 16384: the fault follows the code and data, "
                "not a GPU.",
                "https://github.com/lightonai/pylate/issues/75")
    return b


# ---------------------------------------------------------------------------
# cg08: NCCL IB completion errors on many ranks that all name one peer; that node's port is down
# ---------------------------------------------------------------------------
def cg08():
    b = Bundle("cg08_fsdp_nccl_ib_completion_error_peer")
    rng = rng_for(b.name)
    nodes = ["hgx-r12-n01", "hgx-r12-n02", "hgx-r12-n03", "hgx-r12-n04"]
    ips = ["10.44.%d.1%d" % (k + 1, k + 1) for k in range(4)]
    bad = "hgx-r12-n03"
    badip = ips[2]
    hcas = ["mlx5_%d" % k for k in range(8)]
    jobid = 880192
    t0 = dt(2024, 12, 9, 16, 20, 0, 0)
    tfail = plus(t0, 2 * 3600 + 14 * 60 + 3.8)
    for ni, host in enumerate(nodes):
        agent = 91000 + ni * 31
        out = [torchrun_banner(t0, agent)]
        for j in range(8):
            r = ni * 8 + j
            out.append(nccl_init(host, agent + 10 + j, j, r, 32, "bond0", ips[ni], hcas,
                                 H100_BUS[j][:2] + "000", show_version=(r == 0)))
        if ni == 0:
            for step in range(100, 3300, 400):
                out.append("[rank0]:%s | step %5d | loss %.3f | grad_norm %.3f | 412 TFLOPS/GPU\n" % (
                    pylog(plus(t0, 60 + step * 2.48)), step, 3.1 - step * 2e-4, 0.8 + rng.random() * 0.1))
        for j in range(8):
            r = ni * 8 + j
            if host == bad:
                if j not in (2, 3):
                    continue
                peer = ips[(ni + 1) % 4] if j == 2 else ips[(ni - 1) % 4]
                local_gid = "::ffff:%s" % ips[ni]
                remote_gid = "::ffff:%s" % peer
                direction = "Send"
            else:
                if j not in (2, 3, 6):
                    continue
                peer = badip
                local_gid = "::ffff:%s" % ips[ni]
                remote_gid = "::ffff:%s" % badip
                direction = "Recv" if j != 6 else "Send"
            tt = plus(tfail, 0.8 * (1 if host == bad else 0) + 0.013 * j + 0.2 * ni)
            pid = agent + 10 + j
            p = "%s:%d:%d [%d] " % (host, pid, pid + 377, j)
            out.append("\n%snet_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 "
                       "vendor err 129 (%s) localGid %s remoteGids%s\n" % (p, peer, 40000 + rng.randint(0, 9999), direction, local_gid, remote_gid))
            out.append("%sNCCL INFO transport/net.cc:1295 -> 6\n%sNCCL INFO proxy.cc:694 -> 6\n%sNCCL INFO proxy.cc:874 -> 6 [Progress Thread]\n" % (p, p, p))
            tb = [
                "Traceback (most recent call last):",
                '  File "/app/train_fsdp.py", line 301, in <module>',
                "    train(cfg)",
                '  File "/app/train_fsdp.py", line 233, in train',
                "    loss.backward()",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", line 521, in backward',
                "    torch.autograd.backward(",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_runtime_utils.py", line 1056, in _post_backward_hook',
                "    _reduce_grad(state, handle)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_runtime_utils.py", line 1135, in _reduce_grad',
                "    dist.reduce_scatter_tensor(",
                "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, remote process exited or there was a network error, NCCL version 2.20.5",
                "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                "Last error:",
                "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (%s) localGid %s remoteGids%s" % (
                    peer, 40000 + rng.randint(0, 9999), direction, local_gid, remote_gid),
            ]
            out.append(prefix("\n".join(tb), "[rank%d]: " % r))
        # the rest: watchdog timeouts (sympathetic)
        for j in range(8):
            r = ni * 8 + j
            if (host == bad and j in (2, 3)) or (host != bad and j in (2, 3, 6)):
                continue
            out.append(watchdog_timeout(r, plus(tfail, 1800.3 + 0.01 * r), 188803, "_REDUCE_SCATTER_BASE", 20971520, 1800000, 1800088 + r))
        pids = [agent + 10 + j for j in range(8)]
        first = 2
        out.append(elastic_failed(plus(tfail, 1802), agent, 1, first, pids[first]))
        out.append(child_failed_error("/app/train_fsdp.py", dict(t=plus(tfail, 1802), host=host, rank=ni * 8 + first,
                                      local_rank=first, exitcode=1, pid=pids[first]),
                                      [dict(t=plus(tfail, 1802), host=host, rank=ni * 8 + k, local_rank=k, exitcode=-6,
                                            pid=pids[k]) for k in range(8) if k != first]))
        b.add("%s/stdout.log" % host, "".join(out))
        boot = plus(dt(2024, 12, 1, 9, 0, 0), 600 * ni)
        d = dmesg_boot(boot, host, rng, nvrm="550.127.05")
        if host == bad:
            d += kline(boot, plus(tfail, -3.4), "mlx5_core 0000:5b:00.0: mlx5_port_module_event:1153:(pid 0): Port module event[error]: module 2, Cable error, High Temperature")
            d += kline(boot, plus(tfail, -3.3), "mlx5_core 0000:5b:00.0 ibp91s0: Link down")
            d += kline(boot, plus(tfail, 55.0), "mlx5_core 0000:5b:00.0: mlx5_port_module_event:1153:(pid 0): Port module event[error]: module 2, Cable error, High Temperature")
        b.add("%s/dmesg.txt" % host, d)
        states = {"mlx5_2": ("Down", "Polling")} if host == bad else {}
        b.add("%s/ibstat.txt" % host, ibstat(hcas, 0x946dae0300a10000 + ni * 0x1000, states))
    b.add("hosts.txt", "".join("%s %s\n" % (ip, h) for ip, h in zip(ips, nodes)))
    b.add("slurm-%d.out" % jobid, "".join("srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(nodes)))
    b.add("sacct.txt", sacct(jobid, "fsdp-13b", [("", "fsdp-13b", "hgx", 4, "FAILED", "1:0", "02:44:10", "hgx-r12-n[01-04]")]))
    b.set_label("network", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "The NET/IB completion errors (status 12, vendor err 129) of the failing ranks on n01, n02 and n04 all name peer 10.44.3.13, "
                "which hosts.txt maps to hgx-r12-n03; n03's own errors point to assorted peers, its dmesg shows a "
                "cable error and link down on mlx5 0000:5b:00.0 and ibstat shows mlx5_2 Down/Polling. The "
                "watchdog timeouts and the rank-0 ChildFailedError on n01 are sympathetic.",
                "https://github.com/NVIDIA/nccl/issues/1405")
    return b


# ---------------------------------------------------------------------------
# cg09: IB errors on every node at the same second; leaf switch rebooted
# ---------------------------------------------------------------------------
def cg09():
    b = Bundle("cg09_nccl_retry_exceeded_all_six_nodes")
    rng = rng_for(b.name)
    nodes = ["ib-g%02d" % k for k in range(21, 27)]
    ips = ["192.168.70.%d" % (21 + k) for k in range(6)]
    hcas = ["mlx5_%d" % k for k in range(4)]
    jobid = 6120044
    t0 = dt(2025, 2, 20, 4, 0, 10, 0)
    tfail = plus(t0, 6 * 3600 + 51 * 60 + 17.2)
    b.add("topology.json", '{"topology": {"leaf-ib-07": ["ib-g21", "ib-g22", "ib-g23", "ib-g24", "ib-g25", "ib-g26"], '
          '"leaf-ib-08": ["ib-g27", "ib-g28", "ib-g29", "ib-g30"]}}\n')
    for ni, host in enumerate(nodes):
        out = []
        for j in range(4):
            r = ni * 4 + j
            peer = ips[(ni + 1 + j) % 6]
            pid = 7100 + ni * 40 + j
            p = "%s:%d:%d [%d] " % (host, pid, pid + 90, j)
            tt = plus(tfail, 0.002 * r)
            out.append("%snet_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s" % (
                p, peer, 50000 + rng.randint(0, 9999), ips[ni], peer))
            out.append("%sNCCL INFO transport/net.cc:1295 -> 6" % p)
            out.append("%sNCCL INFO proxy.cc:694 -> 6" % p)
            out.append("[rank%d]:[E%s ProcessGroupNCCL.cpp:1683] [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (r, glog(plus(tt, 0.5)), r))
            out.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
            out.append("Last error:")
            out.append("NET/IB : Got completion from peer %s<%d> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s" % (
                peer, 50000 + rng.randint(0, 9999), ips[ni], peer))
        out.append("srun: error: %s: tasks %d-%d: Aborted (core dumped)" % (host, ni * 4, ni * 4 + 3))
        b.add("%s/rank_logs.txt" % host, "\n".join(out) + "\n")
        boot = plus(dt(2025, 2, 2, 12, 0, 0), 1800 * ni)
        d = dmesg_boot(boot, host, rng, nvrm="550.90.07", kernel="5.15.0-122-generic")
        d += kline(boot, plus(tfail, -1.9 + 0.01 * ni), "mlx5_core 0000:1a:00.0 ibp26s0: Link down")
        d += kline(boot, plus(tfail, -1.9 + 0.01 * ni + 0.001), "mlx5_core 0000:3c:00.0 ibp60s0: Link down")
        d += kline(boot, plus(tfail, 93.0 + 0.3 * ni), "mlx5_core 0000:1a:00.0 ibp26s0: Link up")
        d += kline(boot, plus(tfail, 93.0 + 0.3 * ni + 0.002), "mlx5_core 0000:3c:00.0 ibp60s0: Link up")
        b.add("%s/dmesg.txt" % host, d)
        b.add("%s/ibstat.txt" % host, ibstat(hcas, 0x0c42a10300b20000 + ni * 0x100))
    b.add("opensm.log", """%s 9b3a6640 -> osm_spst_rcv_process: Switch 0x98039b0300a1f7c0 leaf-ib-07 port 1..40 state change: ACTIVE -> DOWN
%s 9b3a6640 -> Switch 0x98039b0300a1f7c0 leaf-ib-07 unreachable, removing from subnet (reason: node reboot, uptime reset 0:00:03)
%s 9b3a6640 -> SUBNET UP
%s 9b3a6640 -> osm_ni_rcv_process: New switch 0x98039b0300a1f7c0 leaf-ib-07 discovered, 40 ports
%s 9b3a6640 -> SUBNET UP
""" % (syslog(plus(tfail, -2.0)), syslog(plus(tfail, -1.0)), syslog(plus(tfail, 4.0)),
       syslog(plus(tfail, 91.0)), syslog(plus(tfail, 96.0))))
    b.add("slurm-%d.out" % jobid, "[2025-02-20 10:45:00] step 61200 loss 2.114 lr 1.1e-4\n"
          "srun: error: ib-g21: tasks 0-3: Aborted (core dumped)\n"
          "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n"
          "slurmstepd: error: *** STEP %d.0 ON ib-g21 CANCELLED AT %s ***\n" % (jobid, isots(plus(tfail, 3))))
    b.add("sacct.txt", sacct(jobid, "bert-xl", [("", "bert-xl", "a100", 6, "FAILED", "134:0", "06:51:22", "ib-g[21-26]")]))
    b.set_label("network", "infrastructure", None, "restart",
                "All 24 ranks on all six nodes log IB completion error 12 against different peers within the same "
                "second; every node's HCAs drop link together and return ~95 s later, ibstat is clean afterwards, "
                "and opensm shows leaf-ib-07 (which carries exactly these six nodes) rebooting. A shared fabric "
                "event, not one node; relaunch.",
                "https://github.com/NVIDIA/nccl/issues/1664")
    return b


# ---------------------------------------------------------------------------
# cg10: "driver too old" on one node only (reimaged with an old driver)
# ---------------------------------------------------------------------------
def cg10():
    b = Bundle("cg10_driver_too_old_runtimeerror_one_node")
    rng = rng_for(b.name)
    nodes = ["sn-e01", "sn-e02", "sn-e03", "sn-e04"]
    bad = "sn-e03"
    jobid = 1177305
    t0 = dt(2024, 7, 30, 11, 5, 2, 0)
    b.add("job.sbatch", """#!/bin/bash
#SBATCH -N 4 --ntasks-per-node=1 --gpus-per-node=8 -p a100 -t 24:00:00
source /shared/apps/miniforge/bin/activate /shared/envs/pt241-cu124
srun --kill-on-bad-exit=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d \\
   --rdzv-endpoint $(hostname):29400 train_ddp.py --config configs/resnet200_in1k.yaml
""")
    for ni, host in enumerate(nodes):
        agent = 14400 + ni * 7
        out = [torchrun_banner(t0, agent)]
        pids = [agent + 3 + j for j in range(8)]
        if host == bad:
            tf = plus(t0, 6.2)
            for j in range(8):
                r = ni * 8 + j
                lines = [
                    "Traceback (most recent call last):",
                    '  File "/home/apatel/cls/train_ddp.py", line 174, in <module>',
                    "    main()",
                    '  File "/home/apatel/cls/train_ddp.py", line 61, in main',
                    "    torch.cuda.set_device(local_rank)",
                    '  File "/shared/envs/pt241-cu124/lib/python3.11/site-packages/torch/cuda/__init__.py", line 478, in set_device',
                    "    torch._C._cuda_setDevice(device)",
                    '  File "/shared/envs/pt241-cu124/lib/python3.11/site-packages/torch/cuda/__init__.py", line 319, in _lazy_init',
                    "    torch._C._cuda_init()",
                    "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.",
                ]
                out.append(prefix("\n".join(lines), "[rank%d]: " % r))
            out.append(elastic_failed(plus(tf, 0.8), agent, 1, 0, pids[0], binary="/shared/envs/pt241-cu124/bin/python3.11"))
            out.append(child_failed_error("train_ddp.py", dict(t=plus(tf, 0.8), host=host, rank=ni * 8, local_rank=0, exitcode=1, pid=pids[0]),
                                          [dict(t=plus(tf, 0.8), host=host, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(1, 8)],
                                          torchrun_path="/shared/envs/pt241-cu124/bin/torchrun",
                                          site="/shared/envs/pt241-cu124/lib/python3.11/site-packages"))
        else:
            out.append(nccl_init(host, pids[0], 0, ni * 8, 32, "ib0", "10.9.0.%d" % (41 + ni), ["mlx5_0", "mlx5_1"],
                                 A100_BUS[0][:2] + "000", cudadrv=12040, nccl_ver="2.20.5", show_version=(ni == 0)))
            out.append("W%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers\n" % (glog(plus(t0, 7.9)), agent))
            out.append(elastic_sigterm(plus(t0, 7.9), agent, pids))
            out.append("Traceback (most recent call last):\n"
                       '  File "/shared/envs/pt241-cu124/bin/torchrun", line 8, in <module>\n'
                       "    sys.exit(main())\n"
                       '  File "/shared/envs/pt241-cu124/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py", line 864, in _invoke_run\n'
                       "    time.sleep(monitor_interval)\n"
                       '  File "/shared/envs/pt241-cu124/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler\n'
                       "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)\n"
                       "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15\n" % agent)
        b.add("%s/stdout.log" % host, "".join(out))
        boot = plus(dt(2024, 7, 29, 18, 0, 0), -86400 * 6 if host != bad else 0)
        nv = "470.239.06" if host == bad else "550.90.07"
        d = dmesg_boot(boot, host, rng, kernel="5.15.0-116-generic", nvrm=nv)
        b.add("%s/dmesg.txt" % host, d)
        b.add("%s/nvidia-smi.txt" % host, nvidia_smi(plus(t0, 300), nv, "11.4" if host == bad else "12.4",
                                                      "NVIDIA A100-SXM4-80GB", A100_BUS, 81920,
                                                      [dict(cap=400, pwr=61) for _ in range(8)]))
    b.add("%s/journal.txt" % bad, """%s sn-e03 systemd[1]: Starting Ansible provisioning (node-reimage role)...
%s sn-e03 ansible-pull[2211]: TASK [gpu_driver : install nvidia driver] ok: [localhost] => version=470.239.06 (from group_vars/legacy_v100.yml)
%s sn-e03 ansible-pull[2211]: PLAY RECAP localhost : ok=48 changed=31 unreachable=0 failed=0
%s sn-e03 slurmd[3120]: slurmd version 23.11.6 started
%s sn-e03 slurmd[3120]: CPUs=128 Boards=1 Sockets=2 Cores=64 Threads=1 Memory=2063900 TmpDisk=3600000 Uptime=1880 CPUSpecList=(null) FeaturesAvail=(null) FeaturesActive=(null)
""" % (syslog(dt(2024, 7, 29, 18, 2, 1)), syslog(dt(2024, 7, 29, 18, 19, 44)), syslog(dt(2024, 7, 29, 18, 30, 2)),
       syslog(dt(2024, 7, 29, 18, 31, 20)), syslog(dt(2024, 7, 29, 18, 31, 21))))
    b.add("slurm-%d.out" % jobid, "srun: error: sn-e03: task 2: Exited with exit code 1\n"
          "srun: Terminating StepId=%d.0\n"
          "slurmstepd: error: *** STEP %d.0 ON sn-e01 CANCELLED AT %s ***\n"
          "srun: error: sn-e01: task 0: Terminated\nsrun: error: sn-e02: task 1: Terminated\nsrun: error: sn-e04: task 3: Terminated\n"
          "srun: Force Terminated StepId=%d.0\n" % (jobid, jobid, isots(plus(t0, 7)), jobid))
    b.add("sacct.txt", sacct(jobid, "rn200", [("", "rn200", "a100", 4, "FAILED", "1:0", "00:00:21", "sn-e[01-04]")]))
    b.set_label("dependency", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Only the 8 ranks on sn-e03 fail, at CUDA init, with 'NVIDIA driver on your system is too old (found "
                "version 11040)'; sn-e03 runs driver 470.239.06 (reimaged the night before from a legacy role) while "
                "the other nodes run 550.90.07 with the same shared conda env. The SIGTERMs elsewhere come from "
                "srun --kill-on-bad-exit.",
                "https://github.com/ai4d-iasc/trixie/issues/9")
    return b


CASES = [cg01, cg02, cg03, cg04, cg05, cg06, cg07, cg08, cg09, cg10]
