"""Cases ag01-ag10."""
import random
from fmt import *


def _hf_trace(rank, script, lines_tail, err, pre=True):
    p = "[rank%d]: " % rank if pre else ""
    L = [p + "Traceback (most recent call last):",
         p + '  File "%s", line 301, in <module>' % script,
         p + "    main()"]
    L += [p + x for x in lines_tail]
    L += [p + err] + [p + x for x in CUDA_TAIL]
    return L


# ---------------------------------------------------------------- ag01
def ag01():
    rng = random.Random(101)
    name = "ag01_sft_job_dies_at_step_212_on_every_attempt"
    files = {}
    nodes1 = ["dgx-b07", "dgx-b08", "dgx-b11", "dgx-b12"]
    nodes2 = ["dgx-b03", "dgx-b04", "dgx-b15", "dgx-b16"]
    bad_ranks = [3, 14, 22]
    for att, (job, nodes, t0) in enumerate([(88123, nodes1, T(2025, 3, 11, 9, 2, 11)),
                                             (88140, nodes2, T(2025, 3, 11, 11, 40, 3))], 1):
        out = ["+ srun --kill-on-bad-exit=1 accelerate launch --config_file fsdp_4n.yaml --machine_rank $SLURM_NODEID train_sft.py --cfg cfgs/chat_v3.yaml",
               "[2025-03-11 %s] job %d started on %s" % (t0.strftime("%H:%M:%S"), job, ",".join(nodes))]
        pids = {}
        for r in range(32):
            pids[r] = 41200 + r * 3 + att * 1000 + rng.randint(0, 2)
        for r in range(0, 32, 8):
            out.append("%d: %s - INFO - accelerate.accelerator - Distributed environment: FSDP  Backend: nccl" % (r // 8, t0.strftime("%m/%d/%Y %H:%M:%S")))
            out.append("%d: Num processes: 32 Process index: %d Local process index: 0 Device: cuda:0" % (r // 8, r))
        out.append("0: [INFO|tokenization_utils_base.py:2513] 2025-03-11 %s,412 >> added 3 special tokens: <|tool_call|>, <|tool_result|>, <|img|>" % add(t0, 40).strftime("%H:%M:%S"))
        out.append("0: [INFO|modeling_utils.py:4288] 2025-03-11 %s,870 >> All model checkpoint weights were used when initializing LlamaForCausalLM." % add(t0, 95).strftime("%H:%M:%S"))
        out.append("0: [WARNING|trainer.py:812] vocab size of model (128256) kept from checkpoint; resize_token_embeddings=False in cfgs/chat_v3.yaml")
        out.append("0: ***** Running training *****")
        out.append("0:   Num examples = 1,204,118")
        out.append("0:   Total train batch size (w. parallel, distributed & accumulation) = 256")
        t = add(t0, 180)
        for s in range(10, 220, 10):
            if s > 212:
                break
            t = add(t, 38.5 + rng.random())
            out.append("0: {'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.3f}" % (1.92 - s * 0.0021 + rng.random() * 0.03, 0.9 + rng.random() * 0.3, 2e-5 * min(1, s / 100), s / 4703))
            out.append("0: %3d%%|%s| %d/4703 [%02d:%02d<%s, %.2fs/it]" % (s * 100 // 4703, "▏", s, (s * 3.85) // 60, int(s * 3.85) % 60, "4:36:12", 3.85))
        tf = add(t, 14.2)
        for br in bad_ranks:
            node = br // 8
            for th in range(64, 68):
                out.append("%d: /opt/pytorch/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [%d,0,0], thread: [%d,0,0] Assertion `srcIndex < srcSelectDimSize` failed." % (node, 300 + br * 7, th))
        for br in bad_ranks:
            node = br // 8
            out += ["%d: %s" % (node, x) for x in _hf_trace(br, "/workspace/sft/train_sft.py", [
                '  File "/workspace/sft/train_sft.py", line 277, in main',
                "    loss = model(**batch).loss",
                '  File "/usr/local/lib/python3.10/dist-packages/transformers/models/llama/modeling_llama.py", line 913, in forward',
                "    inputs_embeds = self.embed_tokens(input_ids)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/nn/functional.py", line 2551, in embedding',
                "    return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)"],
                "RuntimeError: CUDA error: device-side assert triggered")]
        tw = add(tf, 600)
        for r in (0, 9, 27, 30):
            out.append("%d: %s" % (r // 8, glog("E", tw, "ProcessGroupNCCL.cpp:632", "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=_ALLGATHER_BASE, NumelIn=65536000, NumelOut=2097152000, Timeout(ms)=600000) ran for 600043 milliseconds before timing out." % (r, 6391), rank=r)))
        out.append("srun: error: %s: tasks 0: Exited with exit code 1" % nodes[3])
        out.append("srun: error: %s: task 1: Exited with exit code 1" % nodes[1])
        out.append("slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT 2025-03-11T%s ***" % (job, nodes[0], add(tw, 3).strftime("%H:%M:%S")))
        files["attempt%d/slurm-%d.out" % (att, job)] = out
        for ni, n in enumerate(nodes):
            dm = []
            up = 81234.5 + ni * 17 + att * 9000
            dm.append(dmesg_rel(up - 70000, "mlx5_core 0000:0c:00.0: mlx5_fw_tracer_init: FWTracer: Ownership granted and active"))
            dm.append(dmesg_rel(up - 2100.2, "nvidia-peermem nv_mem_client_init: loading"))
            bad_here = [r for r in bad_ranks if r // 8 == ni]
            for r in bad_here:
                lr = r % 8
                dm.append(dmesg_rel(up + (tf - t0).total_seconds() + rng.random(), xid(pci(lr), 43, "pid=%d, name=python3, channel 0x%08x" % (pids[r], 0x10 + lr * 2))))
            if not bad_here:
                dm.append(dmesg_rel(up + 400, "perf: interrupt took too long (3142 > 3136), lowering kernel.perf_event_max_sample_rate to 63500"))
            files["attempt%d/%s/dmesg.txt" % (att, n)] = dm
    files["attempt2/sacct.txt"] = sacct([("88123", "sft-chat", "h100", "llm-post", "512", "FAILED", "1:0"),
                                         ("88123.0", "accelerate", "", "llm-post", "512", "FAILED", "1:0"),
                                         ("88140", "sft-chat", "h100", "llm-post", "512", "FAILED", "1:0"),
                                         ("88140.0", "accelerate", "", "llm-post", "512", "FAILED", "1:0")])
    files["NOTES.txt"] = ["collected by on-call for ticket ML-4471", "attempt2 was resubmitted by the user on a disjoint node set after suspecting bad hardware on dgx-b08/b11",
                          "dmesg collected with `dmesg` (seconds since boot); nodes were booted at different times"]
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="The embedding index-out-of-bounds device assert (and its Xid 43) hits the same global ranks at step 212 on two disjoint node sets; the config adds 3 special tokens without resizing the 128256-row embedding. This is a deterministic data/model mismatch, not hardware.",
                 modelled_on="https://github.com/ByteDance-Seed/Bagel/issues/131")
    return name, files, label


# ---------------------------------------------------------------- ag02
def ag02():
    rng = random.Random(202)
    name = "ag02_pretraining_crashes_first_iteration_after_enabling_fused_rope"
    files = {}
    nodes = ["hgx%03d" % i for i in (41, 42, 43, 44, 57, 58, 59, 60)]
    t0 = T(2025, 5, 20, 22, 10, 0)
    tfail = add(t0, 412)
    log = ["using world size: 64, data-parallel size: 4, context-parallel size: 2, tensor-model-parallel size: 8, pipeline-model-parallel size: 1",
           "------------------------ arguments ------------------------",
           "  apply_rope_fusion ............................... True",
           "  seq_length ...................................... 32768",
           "  kv_channels ..................................... 128",
           "  rope_kernel ..................................... contrib/rope_cp_fused (local build 2025-05-20)",
           "  tensor_model_parallel_size ...................... 8",
           "-------------------- end of arguments ---------------------",
           "> initializing torch distributed ...",
           "> compiling and loading fused kernels ...",
           ">>> done with compiling and loading fused kernels. Compilation time: 41.223 seconds",
           "[after model, optimizer, and learning rate scheduler are built] datetime: %s " % add(t0, 300).strftime("%Y-%m-%d %H:%M:%S"),
           "training ..."]
    pids = {}
    for ni, n in enumerate(nodes):
        for d in range(8):
            pids[(ni, d)] = 3_100_000 + ni * 211 + d * 7 + rng.randint(0, 5)
    # every rank hits illegal memory access in the first fwd
    for ni, n in enumerate(nodes):
        for d in (0, 3, 5):
            r = ni * 8 + d
            tt = add(tfail, rng.random() * 0.8)
            log.append(glog("E", tt, "ProcessGroupNCCL.cpp:1575", "[PG ID 2 PG GUID 5(TENSOR_MODEL_PARALLEL_GROUP) Rank %d] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered" % d, rank=r))
    log += CUDA_TAIL
    log.append("")
    log.append("Exception raised from c10_cuda_check_implementation at /opt/pytorch/pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):")
    log += frames(rng=rng)
    log.append("")
    log.append("[rank17]: Traceback (most recent call last):")
    for x in ['  File "/workspace/Megatron-LM/pretrain_gpt.py", line 288, in <module>',
              '  File "/workspace/Megatron-LM/megatron/training/training.py", line 1187, in train_step',
              '  File "/workspace/Megatron-LM/megatron/core/models/common/embeddings/rope_utils.py", line 201, in apply_rotary_pos_emb',
              "    return fused_apply_rotary_pos_emb_cp(t, freqs, cu_seqlens, cp_size, cp_rank)",
              '  File "/workspace/contrib/rope_cp_fused/__init__.py", line 88, in fused_apply_rotary_pos_emb_cp',
              "    _C.rope_fwd(out, t, freqs, offsets, t.size(0), t.size(2), t.size(3))"]:
        log.append("[rank17]: " + x)
    log.append("[rank17]: RuntimeError: CUDA error: an illegal memory access was encountered")
    log.append("[rank17]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
    for ni, n in enumerate(nodes):
        log.append("srun: error: %s: tasks %d-%d: Aborted (core dumped)" % (n, ni * 8, ni * 8 + 7))
    files["logs/pretrain_70b_cp2.%s.log" % "1733011"] = log
    for ni, n in enumerate(nodes):
        jl = []
        jl.append(journal_iso(add(t0, -86400 * 2), n, "kernel", xid(pci(4), 79, "pid='<unknown>', name=<unknown>, GPU has fallen off the bus.") if (ni == 6) else "audit: type=1400 audit(0.0:1): apparmor=\"STATUS\""))
        for d in range(8):
            jl.append(journal_iso(add(tfail, 0.01 * d + ni * 0.003), n, "kernel",
                                  xid(pci(d), 31, "pid=%d, name=python3, channel 0x%08x, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC%d GPCCLIENT_T1_%d faulted @ 0x7f%02x_%04x0000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"
                                      % (pids[(ni, d)], 0x18 + d, d % 8, rng.randint(0, 15), rng.randint(0, 255), rng.randint(0, 65535)))))
        files["nodes/%s/journal-kernel.log" % n] = jl
    files["nodes/hgx059/journal-kernel.log"].insert(1, "# note: hgx059 GPU4 was replaced on 2025-05-19 (RMA 55120), Xid 79 above predates the swap")
    files["nodes/hgx042/nvidia-smi.txt"] = nvsmi(add(tfail, 900), 8, ecc={i: "0" for i in range(8)})
    files["submit.sh"] = ["#!/bin/bash", "#SBATCH -N 8 --gpus-per-node=8 --ntasks-per-node=8 -p h100 -t 72:00:00",
                          "export CUDA_DEVICE_MAX_CONNECTIONS=1", "export NVTE_FUSED_ATTN=1",
                          "# 2025-05-20: switch to our fused CP-aware RoPE kernel (contrib/rope_cp_fused)",
                          "srun python pretrain_gpt.py $ARGS --apply-rope-fusion --context-parallel-size 2 --seq-length 32768"]
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="Every rank on all 8 nodes faults at the same first iteration in the locally built fused RoPE kernel, and dmesg on every node shows Xid 31 MMU faults from the job's own pids; a custom-kernel bug, not a GPU fault (the old Xid 79 on hgx059 predates a GPU swap).",
                 modelled_on="https://github.com/bytedance/flux/issues/40")
    return name, files, label


# ---------------------------------------------------------------- ag03
def ag03():
    rng = random.Random(303)
    name = "ag03_finetune_aborts_right_after_warmup_on_all_workers"
    files = {}
    hosts = ["worker-%d" % i for i in range(4)]
    t0 = T(2025, 7, 2, 14, 0, 5)
    tfail = add(t0, 251)
    hostfile = ["%s slots=4" % h for h in hosts]
    files["hostfile"] = hostfile
    out = ["[2025-07-02 14:00:05,118] [INFO] [runner.py:568:main] cmd = /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJ3b3JrZXItMCI6IFswLCAxLCAyLCAzXX0= --master_addr=worker-0 --master_port=29500 train.py --deepspeed ds_z2.json --attn_impl local_flash --head_dim 72",
           "worker-1: [2025-07-02 14:00:07,904] [INFO] [launch.py:146:main] WORLD INFO DICT: {'worker-0': [0, 1, 2, 3], 'worker-1': [0, 1, 2, 3], 'worker-2': [0, 1, 2, 3], 'worker-3': [0, 1, 2, 3]}",
           "worker-0: [2025-07-02 14:00:21,300] [INFO] [comm.py:658:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl",
           "worker-2: [2025-07-02 14:00:22,011] [WARNING] [partition_parameters.py:836:__init__] no model parallel group, assuming 1",
           "worker-0: [2025-07-02 14:01:40,552] [INFO] [config.py:1000:print] zero_optimization ............ stage=2 overlap_comm=True",
           "worker-3: /usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:91: UserWarning: None of the inputs have requires_grad=True. Gradients will be None"]
    pids = {}
    for hi, h in enumerate(hosts):
        for d in range(4):
            pids[(hi, d)] = 27300 + hi * 97 + d * 5
    t = add(t0, 120)
    for s in range(1, 51):
        t = add(t, 2.6)
        if s % 10 == 0:
            out.append("worker-0: [2025-07-02 %s,%03d] [INFO] [logging.py:128:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.6e], mom=[(0.9, 0.95)]" % (t.strftime("%H:%M:%S"), rng.randint(0, 999), s, 3e-5 * s / 50))
            out.append("worker-0: [2025-07-02 %s,%03d] [INFO] [timer.py:264:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.2f, CurrSamplesPerSec=%.2f, MemAllocated=17.4GB, MaxMemAllocated=51.02GB" % (t.strftime("%H:%M:%S"), rng.randint(0, 999), s, s, 95.2 + rng.random(), 96 + rng.random()))
    out.append("worker-0: [2025-07-02 %s,004] [INFO] [train.py:212] warmup done (50 steps, seqlen 2048); switching to packed varlen batches, max_seqlen=8192" % add(t, 1).strftime("%H:%M:%S"))
    for hi, h in enumerate(hosts):
        for d in (0, 1, 2, 3):
            r = hi * 4 + d
            if (hi, d) in ((0, 2), (1, 1), (2, 3), (3, 0), (1, 3), (3, 2)):
                out.append("%s: [rank%d]: Traceback (most recent call last):" % (h, r))
                out.append('%s: [rank%d]:   File "/app/models/attn/local_flash/interface.py", line 142, in varlen_fwd' % (h, r))
                out.append("%s: [rank%d]:     out, lse = _ext.fwd_varlen(q, k, v, cu_seqlens, max_seqlen, softmax_scale, causal)" % (h, r))
                out.append("%s: [rank%d]: RuntimeError: CUDA error: misaligned address" % (h, r))
                out.append("%s: [rank%d]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % (h, r))
    out.append("worker-2: [2025-07-02 %s,771] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 27495" % add(tfail, 3).strftime("%H:%M:%S"))
    out.append("worker-2: [2025-07-02 %s,771] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=3', '--deepspeed', 'ds_z2.json', '--attn_impl', 'local_flash', '--head_dim', '72'] exits with return code = -6" % add(tfail, 3).strftime("%H:%M:%S"))
    out.append("pdsh@worker-0: worker-2: ssh exited with exit code 250")
    out.append("pdsh@worker-0: worker-0: ssh exited with exit code 250")
    out.append("pdsh@worker-0: worker-1: ssh exited with exit code 250")
    out.append("pdsh@worker-0: worker-3: ssh exited with exit code 250")
    files["launcher_console.log"] = out
    for hi, h in enumerate(hosts):
        dm = [dmesg_T(add(t0, -3600 * 5), "IPv6: ADDRCONF(NETDEV_CHANGE): eth0: link becomes ready")]
        for d in range(4):
            tt = add(tfail, d * 0.02)
            dm.append(dmesg_T(tt, xid(pci(d, 4), 13, "pid=%d, name=python3, Graphics SM Warp Exception on (GPC %d, TPC %d, SM %d): Misaligned Address" % (pids[(hi, d)], d, rng.randint(0, 7), rng.randint(0, 1)))))
            dm.append(dmesg_T(tt, xid(pci(d, 4), 13, "pid=%d, name=python3, Graphics Exception: ESR 0x%06x=0x%x 0x%06x=0x0 0x%06x=0x%x 0x%06x=0x174" % (pids[(hi, d)], 0x50c730 + d * 0x800, 0x80000004, 0x50c734 + d * 0x800, 0x50c728 + d * 0x800, 0x1000100 + d, 0x50c72c + d * 0x800))))
            dm.append(dmesg_T(tt, xid(pci(d, 4), 43, "pid=%d, name=python3, channel 0x%08x" % (pids[(hi, d)], 0x0c + d))))
        files["%s/dmesg_T.txt" % h] = dm
    files["worker-1/nvidia-smi-q.txt"] = ["==============NVSMI LOG==============", "Driver Version                            : 550.127.05",
                                          "CUDA Version                              : 12.4", "Attached GPUs                             : 4",
                                          "GPU 00000000:07:00.0", "    Product Name                          : NVIDIA A100-SXM4-80GB",
                                          "    ECC Errors", "        Volatile", "            SRAM Correctable              : 0",
                                          "            SRAM Uncorrectable            : 0", "            DRAM Correctable              : 0",
                                          "            DRAM Uncorrectable            : 0", "    Remapped Rows", "        Correctable Error                 : 0",
                                          "        Uncorrectable Error               : 0", "        Pending                           : No",
                                          "        Remapping Failure Occurred        : No"]
    files["ds_z2.json"] = ['{"train_micro_batch_size_per_gpu": 4, "gradient_accumulation_steps": 4,', ' "bf16": {"enabled": true},', ' "zero_optimization": {"stage": 2, "overlap_comm": true}}']
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="Right after switching to packed varlen batches, the job's locally built flash-attention extension raises 'misaligned address' (head_dim 72) on ranks on all four workers, with matching Xid 13 misaligned-address / Xid 43 entries for the job's own pids on every worker; ECC is clean. A kernel/config bug that will reproduce anywhere.",
                 modelled_on="https://github.com/fla-org/flash-linear-attention/issues/142")
    return name, files, label


# ---------------------------------------------------------------- ag04
def ag04():
    rng = random.Random(404)
    name = "ag04_job_fails_during_init_before_first_step"
    files = {}
    nodes = ["cn%04d" % i for i in (1201, 1202)]
    t0 = T(2024, 11, 26, 10, 12, 1)
    lines = ["W1126 10:12:01.417000 88201 torch/distributed/run.py:793] ",
             "W1126 10:12:01.417000 88201 torch/distributed/run.py:793] *****************************************",
             "W1126 10:12:01.417000 88201 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
             "W1126 10:12:01.417000 88201 torch/distributed/run.py:793] *****************************************"]
    files["train.py.excerpt"] = ["# lines 40-58 of train.py at commit 7c1e2f0 (from the user's repo)",
                                 "def setup():",
                                 "    dist.init_process_group('nccl')",
                                 "    rank = dist.get_rank()",
                                 "    # FIXME: local_rank from args is always 0 under torchrun (we stopped passing --local_rank)",
                                 "    device = torch.device('cuda', args.local_rank)",
                                 "    torch.cuda.set_device(device)",
                                 "    model = build_model(cfg).to(device)",
                                 "    model = DDP(model, device_ids=[device])",
                                 "    return model"]
    for ni, n in enumerate(nodes):
        L = list(lines) if ni == 0 else [x.replace("88201", "51877") for x in lines]
        for lr in range(4):
            r = ni * 4 + lr
            pid = 88210 + lr if ni == 0 else 51890 + lr
            L.append(nccl(n, pid, pid, 0, "INFO", "cudaDriverVersion 12020"))
            if r == 0:
                L.append("NCCL version 2.19.3+cuda12.3")
            L.append(nccl(n, pid, pid + 160, 0, "INFO", "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB ; OOB ib0:10.42.%d.%d<0>" % (ni, 11)))
            L.append(nccl(n, pid, pid + 160, 0, "INFO", "ncclCommInitRank comm 0x%x rank %d nranks 8 cudaDev 0 nvmlDev 0 busId 7000 commId 0x9f3a11cbe1d4a5c2 - Init START" % (0x5600f0000000 + rng.getrandbits(20), r)))
        for lr in range(1, 4):
            r = ni * 4 + lr
            pid = 88210 + lr if ni == 0 else 51890 + lr
            L.append("")
            L.append("%s:%d:%d [0] init.cc:871 NCCL WARN Duplicate GPU detected : rank %d and rank %d both on CUDA device 7000" % (n, pid, pid + 160, r, ni * 4))
            L.append(nccl(n, pid, pid + 160, 0, "INFO", "init.cc:1501 -> 5"))
            L.append(nccl(n, pid, pid + 160, 0, "INFO", "group.cc:64 -> 5 [Async thread]"))
        for lr in range(4):
            r = ni * 4 + lr
            L.append("[rank%d]: Traceback (most recent call last):" % r)
            L.append('[rank%d]:   File "/home/k.ito/proj/seg3d/train.py", line 55, in setup' % r)
            L.append("[rank%d]:     model = DDP(model, device_ids=[device])" % r)
            L.append('[rank%d]:   File "/opt/conda/lib/python3.11/site-packages/torch/distributed/utils.py", line 281, in _verify_param_shape_across_processes' % r)
            L.append("[rank%d]:     return dist._verify_params_across_processes(process_group, tensors, logger)" % r)
            L.append("[rank%d]: torch.distributed.DistBackendError: NCCL error in: /opt/conda/conda-bld/pytorch_1729647429097/work/torch/csrc/distributed/c10d/NCCLUtils.hpp:317, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.19.3" % r)
            L.append("[rank%d]: ncclInvalidUsage: This usually reflects invalid usage of NCCL library." % r)
            L.append("[rank%d]: Last error:" % r)
            L.append("[rank%d]: Duplicate GPU detected : rank %d and rank %d both on CUDA device 7000" % (r, r if lr else r + 1, ni * 4 if lr else r))
        root_pid = 88210 if ni == 0 else 51890
        L.append("E1126 10:13:07.%06d %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /opt/conda/bin/python" % (rng.randint(0, 999999), 88201 if ni == 0 else 51877, root_pid))
        L += elastic_summary("train.py", add(t0, 66), [dict(time=add(t0, 66), host=n, rank=ni * 4 + k, local_rank=k, exitcode=1, pid=root_pid + k) for k in (1, 2, 3)],
                             dict(time=add(t0, 66), host=n, rank=ni * 4, local_rank=0, exitcode=1, pid=root_pid))
        files["%s/torchrun.log" % n] = L
    files["cn1201/nvidia-smi.txt"] = nvsmi(add(t0, 40), 4, name="NVIDIA A100-SXM4-40GB", total=40960, driver="535.183.06", cuda="12.2",
                                           procs=[(0, 88210, "/opt/conda/bin/python", 1285), (0, 88211, "/opt/conda/bin/python", 1285),
                                                  (0, 88212, "/opt/conda/bin/python", 1285), (0, 88213, "/opt/conda/bin/python", 1285)],
                                           mem={0: 5152, 1: 4, 2: 4, 3: 4}, util={0: 3})
    files["cn1201/dmesg.txt"] = [dmesg_rel(5512.1, "NVRM: GPU at PCI:0000:07:00: GPU-1e0d6a55-bd5c-9e0c-77a8-3c0cf1b0e6a0"),
                                 dmesg_rel(5512.1, "NVRM: GPU Board Serial Number: 1564720004411"),
                                 dmesg_rel(5512.1, xid("PCI:0000:07:00", 45, "pid=71022, name=python, Ch 00000008")),
                                 dmesg_rel(5512.3, "# (above: 3 days before this job, user m.ozturk's job cancelled by scancel)"),
                                 dmesg_rel(9911.0, "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none.")]
    files["job.sbatch"] = ["#!/bin/bash", "#SBATCH -N 2 --ntasks-per-node=1 --gres=gpu:4", "srun torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint $HEAD:29400 train.py --cfg seg3d.yaml"]
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="All four local ranks on both nodes pick CUDA device 0 (the script uses args.local_rank, always 0 under torchrun), so NCCL fails with ncclInvalidUsage 'Duplicate GPU detected' at DDP init on every node; nvidia-smi shows all four pids on GPU0. The old Xid 45 belongs to an earlier, cancelled job.",
                 modelled_on="https://github.com/NVIDIA/Megatron-LM/issues/661")
    return name, files, label


# ---------------------------------------------------------------- ag05
def ag05():
    rng = random.Random(505)
    name = "ag05_new_cluster_job_exits_in_seconds"
    files = {}
    nodes = ["gpu-l40s-%02d" % i for i in (3, 4, 5)]
    t0 = T(2025, 1, 14, 16, 22, 40)
    for ni, n in enumerate(nodes):
        L = ["[%s] launcher: torchrun --nnodes=3 --nproc_per_node=8 --node_rank=%d --master_addr=gpu-l40s-03 --master_port=29511 finetune.py" % (t0.strftime("%Y-%m-%d %H:%M:%S"), ni),
             "W0114 16:22:41.003000 %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default" % (9100 + ni)]
        for lr in range(8):
            r = ni * 8 + lr
            if lr >= 4:
                L.append("[rank%d]: Traceback (most recent call last):" % r)
                L.append('[rank%d]:   File "/srv/jobs/finetune.py", line 63, in <module>' % r)
                L.append("[rank%d]:     torch.cuda.set_device(int(os.environ[\"LOCAL_RANK\"]))" % r)
                L.append('[rank%d]:   File "/opt/venv/lib/python3.11/site-packages/torch/cuda/__init__.py", line 478, in set_device' % r)
                L.append("[rank%d]:     torch._C._cuda_setDevice(device)" % r)
                L.append("[rank%d]: RuntimeError: CUDA error: invalid device ordinal" % r)
                L += ["[rank%d]: %s" % (r, x) for x in CUDA_TAIL]
        t1 = add(t0, 9 + ni)
        L.append("W0114 %s.%06d %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (t1.strftime("%H:%M:%S"), rng.randint(0, 999999), 9100 + ni, 9120 + ni * 40))
        L.append("E0114 %s.%06d %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 4 (pid: %d) of binary: /opt/venv/bin/python" % (t1.strftime("%H:%M:%S"), rng.randint(0, 999999), 9100 + ni, 9124 + ni * 40))
        L += elastic_summary("finetune.py", t1, [dict(time=t1, host=n, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=9120 + ni * 40 + k) for k in (5, 6, 7)],
                             dict(time=t1, host=n, rank=ni * 8 + 4, local_rank=4, exitcode=1, pid=9124 + ni * 40))
        files["%s/console.log" % n] = L
        files["%s/nvidia-smi-L.txt" % n] = ["GPU %d: NVIDIA L40S (UUID: GPU-%08x-%04x-%04x-%04x-%012x)" % (g, rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(48)) for g in range(4)]
    files["gpu-l40s-04/dmesg.txt"] = [dmesg_rel(120.4, "nvidia-nvlink: Nvlink Core is being initialized, major device number 511"),
                                      dmesg_rel(121.9, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
                                      dmesg_rel(3561.2, "nvidia_uvm: module uses symbols from proprietary module nvidia, inheriting taint.")]
    files["inventory.txt"] = ["# from the cluster onboarding page", "partition l40s : gpu-l40s-[01-12], 4x NVIDIA L40S 48GB per node, 2x 100GbE RoCE",
                              "partition h100 : gpu-h100-[01-08], 8x H100 SXM per node"]
    files["run_ft.sh"] = ["#!/bin/bash", "# copied from our h100 recipe", "NPROC=8", "pdsh -w gpu-l40s-[03-05] 'cd /srv/jobs && ./launch_node.sh $NPROC'"]
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="The launch script starts 8 processes per node on L40S nodes that have only 4 GPUs, so local ranks 4-7 on every node fail with 'invalid device ordinal'. This is a launch-config error that no node swap or restart will fix.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1241")
    return name, files, label


# ---------------------------------------------------------------- ag06
def ag06():
    rng = random.Random(606)
    name = "ag06_training_freezes_at_first_eval_then_times_out"
    files = {}
    nodes = ["a3-node-%d" % i for i in range(4)]
    t0 = T(2025, 2, 3, 7, 0, 0)
    teval = add(t0, 3600 + 1200)
    tto = add(teval, 1800)
    log = []
    t = add(t0, 300)
    for step in range(100, 2001, 100):
        t = add(t, 228 + rng.random() * 3)
        log.append("%s | INFO | trainer | step %5d | loss %.4f | lr %.2e | tok/s/gpu %d | mem 61.3GiB" % (t.strftime("%Y-%m-%d %H:%M:%S,%f")[:-3], step, 2.9 - step * 0.0004, 1.5e-4, 3870 + rng.randint(-20, 20)))
    log.append("%s | INFO | trainer | running evaluation on rank 0 (eval_on_main_only=True) ..." % teval.strftime("%Y-%m-%d %H:%M:%S,%f")[:-3])
    log.append("%s | INFO | evaluator | rank 0: 512/512 eval batches done, all_reduce of metrics ..." % add(teval, 71).strftime("%Y-%m-%d %H:%M:%S,%f")[:-3])
    for r in (0, 5, 17, 30):
        if r == 0:
            msg = "[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=40113, OpType=ALLREDUCE, NumelIn=6, NumelOut=6, Timeout(ms)=1800000) ran for 1800089 milliseconds before timing out."
        else:
            msg = "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=40113, OpType=_REDUCE_SCATTER_BASE, NumelIn=209715200, NumelOut=6553600, Timeout(ms)=1800000) ran for 1800102 milliseconds before timing out." % r
        log.append(glog("E", add(tto, 71 + r * 0.01), "ProcessGroupNCCL.cpp:632", msg, rank=r))
    log.append(glog("E", add(tto, 72), "ProcessGroupNCCL.cpp:1664", "[PG ID 0 PG GUID 0(default_pg) Rank 0] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: 40113, last completed NCCL work: 40112.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. ", rank=0))
    log.append(glog("E", add(tto, 72), "ProcessGroupNCCL.cpp:1480", "[PG ID 0 PG GUID 0(default_pg) Rank 0] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1", rank=0))
    files["rank0_train.log"] = log
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace -j /shared/fr_dumps/run-0203/ --print_only",
          "Collective 40113 at entry 40112 errors",
          "group info: 0:default_pg",
          "collective: nccl:all_reduce",
          "input sizes: [[6]]",
          "output sizes: [[6]]",
          "world size: 32",
          "expected ranks: {0, 1, 2, ..., 31}",
          "collective state: scheduled",
          "error msg: Culprit rank 1; Error type: SIZE_OR_SYNTAX_MISMATCH, Expected collective type: 'nccl:all_reduce' does not match found collective type: 'nccl:_reduce_scatter_base', Culprit rank 2; Error type: SIZE_OR_SYNTAX_MISMATCH, ... (29 more)",
          "",
          "rank 0 last entries: [40111: nccl:_reduce_scatter_base 6553600, 40112: nccl:_allgather_base 6553600, 40113: nccl:all_reduce 6]",
          "rank 1 last entries: [40111: nccl:_reduce_scatter_base 6553600, 40112: nccl:_allgather_base 6553600, 40113: nccl:_reduce_scatter_base 6553600]",
          "rank 31 last entries: [40111: nccl:_reduce_scatter_base 6553600, 40112: nccl:_allgather_base 6553600, 40113: nccl:_reduce_scatter_base 6553600]"]
    files["fr_trace_analysis.txt"] = fr
    files["trainer_eval_snippet.py"] = ["# trainer/loop.py (user repo), lines 301-318", "if step % cfg.eval_every == 0:",
                                        "    if cfg.eval_on_main_only and dist.get_rank() == 0:",
                                        "        metrics = evaluate(model, eval_loader)",
                                        "        t = torch.tensor(list(metrics.values()), device=dev)",
                                        "        dist.all_reduce(t)          # <- other ranks never reach this",
                                        "    model.train()",
                                        "# other ranks continue to the next FSDP step"]
    for ni, n in enumerate(nodes):
        sl = [syslog(add(t0, 20), n, "systemd[1]", "Started Session 41 of User svc-train."),
              syslog(add(tto, 75), n, "kernel", "python3[%d]: segfault at 0 ip 0000000000000000 sp 00007ffc%08x error 14 in python3.10[400000+2000]" % (22000 + ni * 8, rng.getrandbits(32))) if ni == 2 else
              syslog(add(tto, 75), n, "dcgm-exporter", "level=info msg=\"Collecting metrics\"")]
        if ni == 3:
            sl.insert(1, syslog(add(t0, -86400 * 4), n, "kernel", "NVRM: " + xid(pci(6), 94, "pid=4411, name=pt_main_thread, Contained: SM (0x1). RST: No, D-RST: No")[6:]))
        files["%s/syslog" % n] = sl
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="At the first evaluation only rank 0 calls a metrics all_reduce while the other 31 ranks proceed to the next reduce_scatter; the flight recorder shows the collective-type mismatch at SeqNum 40113. The program hangs itself, so all-rank watchdog timeouts and the later segfault are consequences.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/140563")
    return name, files, label


# ---------------------------------------------------------------- ag07
def ag07():
    rng = random.Random(707)
    name = "ag07_cuda_oom_on_gpu0_of_every_node_at_startup"
    files = {}
    nodes = ["nd20-%02d" % i for i in (1, 2, 3, 4)]
    t0 = T(2024, 12, 2, 18, 30, 0)
    for ni, n in enumerate(nodes):
        pids = [101549 + ni * 1000 + k for k in range(8)]
        L = ["RETURNN-like trainer, torch 2.5.1+cu124, device=cuda, distributed: torch.distributed nccl, world_size=32",
             "ep 1 train, step 0, loading dataset shards ... done (14.1 sec)"]
        L.append("[rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.53 GiB. GPU 0 has a total capacity of 79.11 GiB of which 421.62 MiB is free. "
                 "%sIncluding non-PyTorch memory, this process has 61.82 GiB memory in use. Of the allocated memory 57.40 GiB is allocated by PyTorch, and 2.96 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
                 % (ni * 8, "".join("Process %d has 2.36 GiB memory in use. " % p for p in pids[1:])))
        for k in range(1, 8):
            L.append("[rank%d]: ep 1 train, step 0, loss 10.82, mem_usage:cuda:%d 58.1GB, 1.911 sec/step" % (ni * 8 + k, k))
        L.append(glog("E", add(t0, 650), "ProcessGroupNCCL.cpp:1413", "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=12, OpType=ALLREDUCE, NumelIn=1064960, NumelOut=1064960, Timeout(ms)=600000) ran for 600017 milliseconds before timing out." % (ni * 8 + 3, ni * 8 + 3), rank=ni * 8 + 3))
        files["%s/stdout.log" % n] = L
        files["%s/nvidia-smi.txt" % n] = nvsmi(add(t0, 30), 8, name="NVIDIA H100 80GB HBM3",
                                               procs=[(0, pids[0], "python3", 63302)] + [(0, p, "python3", 2418) for p in pids[1:]] + [(k, pids[k], "python3", 60102 + k * 11) for k in range(1, 8)],
                                               mem={0: 80230, **{k: 60102 + k * 11 for k in range(1, 8)}}, util={0: 100, **{k: 97 for k in range(1, 8)}})
        files["%s/ps.txt" % n] = ["  PID  PPID USER     CMD"] + ["%6d %5d svc-asr  python3 -u rnn.py config/conformer_l.py ++distributed_local_rank %d" % (p, 101540 + ni * 1000, k) for k, p in enumerate(pids)]
    files["config_excerpt.py"] = ["# config/conformer_l.py", "torch_distributed = {}",
                                  "batch_size = 40000 * 160", "# NOTE: model created and moved to device before set_device(local_rank) is called in our custom engine hook",
                                  "def custom_engine_init(engine):", "    engine.model.cuda()   # default device -> cuda:0 on every local rank", "    torch.cuda.set_device(local_rank())"]
    label = dict(category="oom", layer="framework", culprit=None, action="stop",
                 rationale="On every node GPU0 runs out of memory because the seven other local ranks of the same job each create a ~2.4 GiB context/allocations on cuda:0 before set_device (the OOM message's 'other processes' are the job's own pids per ps.txt). This is the job's own memory misconfiguration, not another tenant.",
                 modelled_on="https://github.com/rwth-i6/returnn/issues/1469")
    return name, files, label


# ---------------------------------------------------------------- ag08
def ag08():
    rng = random.Random(808)
    name = "ag08_run_crashed_out_of_memory_after_4_hours"
    files = {}
    nodes = ["g%03d" % i for i in range(112, 120)]
    bad = "g117"
    t0 = T(2025, 4, 8, 1, 5, 0)
    tf = add(t0, 4 * 3600 + 1311)
    L = []
    t = add(t0, 200)
    for it in range(50, 3501, 50):
        t = add(t, 216 + rng.random() * 2)
        L.append("%s [NeMo I %s nemo_logging:393] Epoch 0: : %d/50000 [%02d:%02d:%02d<%s, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.2f]"
                 % ("", t.strftime("%Y-%m-%d %H:%M:%S"), it, 0, 0, 0, "?", 3.1 - it * 0.0003, it, it * 1024, 4.31 + rng.random() * 0.04))
    L = [x.lstrip() for x in L]
    L.append("[NeMo W %s nemo_logging:405] rank 45 (g117, local 5): CUDA allocation retry #1 after empty_cache" % add(tf, -2).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[rank45]: Traceback (most recent call last):")
    L.append('[rank45]:   File "/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py", line 684, in training_step')
    L.append('[rank45]:   File "/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", line 1359, in forward_backward_pipelining_without_interleaving')
    L.append("[rank45]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 5 has a total capacity of 79.10 GiB of which 1.12 GiB is free. Process 3981022 has 24.51 GiB memory in use. Including non-PyTorch memory, this process has 53.45 GiB memory in use. Of the allocated memory 49.88 GiB is allocated by PyTorch, and 1.31 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")
    for r in (3, 20, 61):
        L.append(glog("E", add(tf, 600 + r * 0.01), "ProcessGroupNCCL.cpp:616", "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=219034, OpType=SEND, NumelIn=8388608, NumelOut=8388608, Timeout(ms)=600000) ran for 600011 milliseconds before timing out." % r, rank=r))
    L.append("[rank3]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error, NCCL version 2.21.5")
    L.append("[rank3]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
    L.append("srun: error: g117: task 45: Exited with exit code 1")
    files["slurm-551902.out"] = L
    for n in nodes:
        if n == bad:
            continue
        files["nodes/%s/nvidia-smi.txt" % n] = nvsmi(add(tf, 40), 8, procs=[(g, 2200000 + g, "/usr/bin/python", 54000 + g * 13) for g in range(8)],
                                                   mem={g: 54000 + g * 13 for g in range(8)}, util={g: 0 for g in range(8)})
        break
    files["nodes/g117/nvidia-smi.txt"] = nvsmi(add(tf, 40), 8, procs=[(g, 2301100 + g, "/usr/bin/python", 54000 + g * 13) for g in range(8)] + [(5, 3981022, "/home/rchen/miniforge3/envs/vllm/bin/python", 25098)],
                                             mem={**{g: 54000 + g * 13 for g in range(8)}, 5: 79190}, util={g: 0 for g in range(8)} | {5: 41})
    files["nodes/g117/ps_3981022.txt"] = ["$ ps -o pid,user,etime,cgroup,cmd -p 3981022",
                                          "    PID USER         ELAPSED CGROUP                                              CMD",
                                          "3981022 rchen       01:12:40 0::/system.slice/slurmstepd.scope/job_551877/step_interactive  python -m vllm.entrypoints.openai.api_server --model /scratch/rchen/qwen2-14b --gpu-memory-utilization 0.30",
                                          "$ scontrol show job 551877 | grep -E 'UserId|NodeList|TRES'",
                                          "   UserId=rchen(20417) GroupId=nlp(3001)",
                                          "   NodeList=g117",
                                          "   AllocTRES=cpu=8,mem=64G,node=1,billing=8,gres/gpu=1 (shared partition, OverSubscribe=YES)"]
    files["nodes/g117/dmesg.txt"] = [dmesg_rel(400211.3, "nvidia-uvm: Loaded the UVM driver, major device number 507."),
                                     dmesg_rel(1002231.9, "Out of memory: Killed process 411 (nothing) -- predates job"),
                                     ]
    files["nodes/g117/dmesg.txt"] = files["nodes/g117/dmesg.txt"][:1]
    files["sacct.txt"] = sacct([("551902", "gpt-20b", "train", "pretrain", "1024", "FAILED", "1:0"),
                                ("551877", "interacti+", "shared", "nlp", "8", "RUNNING", "0:0")])
    label = dict(category="oom", layer="infrastructure", culprit={"node": "g117", "rank": 45}, action="restart_without_node",
                 rationale="Rank 45 on g117 hits CUDA OOM because pid 3981022, another user's vLLM server from a shared-partition interactive job, holds about 24.5 GiB on GPU 5 of that node. The other nodes' GPUs are exclusive to the job, and the remote-error/timeouts elsewhere are sympathetic.",
                 modelled_on="https://github.com/ai4d-iasc/trixie/issues/92")
    return name, files, label


# ---------------------------------------------------------------- ag09
def ag09():
    rng = random.Random(909)
    name = "ag09_nccl_unhandled_cuda_error_then_everything_died"
    files = {}
    nodes = ["p5-st-%02d" % i for i in range(1, 17)]
    bad = "p5-st-11"
    bi = nodes.index(bad)
    t0 = T(2025, 6, 17, 3, 0, 0)
    tx = add(t0, 6 * 3600 + 777)
    # controller console (torchrun on each node, aggregated by srun -l)
    L = []
    for r in (0, 8, 83, 86, 100, 127):
        n = nodes[r // 8]
        L.append("%d: %s" % (r // 8, glog("E", add(tx, 1.7 + (0 if r != 83 else -1.5)), "ProcessGroupNCCL.cpp:1575",
                                          "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % r if r != 83 else
                                          "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5" % r, rank=r)))
    L.append("10: [rank83]: ncclUnhandledCudaError: Call to CUDA function failed.")
    L.append("10: [rank83]: Last error:")
    L.append("10: [rank83]: Cuda failure 999 'unknown error'")
    L.append("0: [rank0]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
    L.append("0: [rank0]: Last error:")
    L.append("0: [rank0]: NET/IB : Got completion from peer 10.1.0.111<56123> with status=5 opcode=... len=0 vendor err 249 (Recv) localGid ::ffff:10.1.0.101 remoteGid ::ffff:10.1.0.111")
    L.append("E0617 %s.120000 66612 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: 0 (pid: 66631) of binary: /usr/bin/python3" % add(tx, 3).strftime("%H:%M:%S"))
    L += ["0: " + x for x in elastic_summary("train_llama.py", add(tx, 3), [], dict(time=add(tx, 3), host="p5-st-01", rank=0, local_rank=0, exitcode=-6, pid=66631, tb="Signal 6 (SIGABRT) received by PID 66631"))]
    files["srun_console.log"] = L
    nccl_log = []
    for d in range(8):
        pid = 77100 + d
        nccl_log.append(nccl_src(bad, pid, pid + 90, d, "misc/strongstream.cc:395", "Cuda failure 999 'unknown error'") if d == 3 else nccl(bad, pid, pid + 90, d, "INFO", "transport/net.cc:1302 -> 6"))
    nccl_log.insert(0, "# NCCL_DEBUG=WARN, NCCL_DEBUG_FILE=/fsx/logs/nccl.%h.%p")
    files["p5-st-11/nccl_warn.log"] = nccl_log
    dm = [dmesg_T(add(t0, -3600), "ena 0000:a0:00.0: ENA device version: 0.10"),
          dmesg_T(add(tx, -0.4), "NVRM: GPU at PCI:0000:%s:00: GPU-4c1e7a20-33b2-9b41-0bc3-1c3f9d02a7e1" % busid(3)),
          dmesg_T(add(tx, -0.4), "NVRM: GPU Board Serial Number: 1654923015712"),
          dmesg_T(add(tx, -0.4), xid(pci(3), 79, "pid='<unknown>', name=<unknown>, GPU has fallen off the bus.")),
          dmesg_T(add(tx, -0.4), "NVRM: GPU 0000:%s:00.0: GPU has fallen off the bus." % busid(3)),
          dmesg_T(add(tx, -0.3), "NVRM: A GPU crash dump has been created. If possible, please run"),
          dmesg_T(add(tx, -0.3), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
          dmesg_T(add(tx, -0.3), "NVRM: the NVIDIA kernel module is unloaded."),
          dmesg_T(add(tx, 0.2), "pcieport 0000:5c:00.0: AER: Uncorrected (Fatal) error received: 0000:%s:00.0" % busid(3)),
          dmesg_T(add(tx, 0.2), xid(pci(3), 154, "GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)"))]
    files["p5-st-11/dmesg-T.txt"] = dm
    files["p5-st-11/nvidia-smi.txt"] = ["Unable to determine the device handle for GPU0000:%s:00.0: Unknown Error" % busid(3).upper(),
                                        "No devices were found"]
    files["p5-st-01/dmesg-T.txt"] = [dmesg_T(add(t0, -7200), "ena 0000:a0:00.0: ENA device version: 0.10"),
                                     dmesg_T(add(tx, 2), "python3[66631]: segfault at 0 ip 00007f3c11d2e3a9 sp 00007f3a2b7fd3c0 error 4 in libnccl.so.2")]
    files["README_oncall.txt"] = ["Logs pulled after job 'llama3-70b-pt' died. Launcher says root cause rank 0 on p5-st-01 (first SIGABRT observed).",
                                  "Timestamps: srun console in UTC; dmesg -T on the nodes in UTC as well (instances run UTC)."]
    label = dict(category="gpu_hardware", layer="infrastructure", culprit={"node": "p5-st-11", "rank": 83}, action="restart_without_node",
                 rationale="GPU 3 on p5-st-11 fell off the bus (Xid 79, then Xid 154 node reboot required) just before rank 83's NCCL 'unhandled cuda error'. The remote errors and SIGABRT on p5-st-01, which torchrun names as root cause, are sympathetic.",
                 modelled_on="https://github.com/vllm-project/vllm/issues/7896")
    return name, files, label


# ---------------------------------------------------------------- ag10
def ag10():
    rng = random.Random(1010)
    name = "ag10_uncorrectable_ecc_error_crash_mid_epoch"
    files = {}
    nodes = ["node-a%02d" % i for i in (1, 2, 3, 4, 5, 6)]
    bad = "node-a04"
    t0 = T(2025, 8, 21, 12, 0, 0)
    tx = add(t0, 18331)
    L = ["GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores",
         "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/24", "----------------------------------------------------------------------------------------------------",
         "distributed_backend=nccl", "All distributed processes registered. Starting with 24 processes",
         "----------------------------------------------------------------------------------------------------"]
    t = add(t0, 60)
    for b in range(0, 1900, 100):
        t = add(t, 920)
        L.append("Epoch 3:  %2d%%|%s| %d/2000 [%s<%s, 1.08it/s, v_num=17, train_loss=%.3f]" % (b * 100 // 2000, "█" * (b // 200), b, "?", "?", 0.412 - b * 0.00001))
    L.append("[rank14]:[E821 %s ProcessGroupNCCL.cpp:1575] [PG ID 0 PG GUID 0(default_pg) Rank 14] Process group watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered" % add(tx, 0.5).strftime("%H:%M:%S.%f"))
    L += CUDA_TAIL
    L.append("Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):")
    L += frames(lib="/opt/conda/lib/python3.11/site-packages/torch/lib", rng=rng)
    L.append("[rank3]:[E821 %s ProcessGroupNCCL.cpp:1575] [PG ID 0 PG GUID 0(default_pg) Rank 3] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % add(tx, 4.1).strftime("%H:%M:%S.%f"))
    files["lightning_rank0_stdout.txt"] = L
    files["%s/dmesg.txt" % bad] = [dmesg_T(add(t0, -86400), "nvidia-fabricmanager: Successfully configured all the available NVSwitches"),
                                   dmesg_T(add(tx, -0.1), xid(pci(2, 4), 48, "pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 1." % 40917)),
                                   dmesg_T(add(tx, -0.1), xid(pci(2, 4), 63, "pid=%d, name=python, Row Remapper: New row (0x0000000000a3f1c8) marked for remapping, reset gpu to activate." % 40917)),
                                   dmesg_T(add(tx, 0.3), xid(pci(2, 4), 45, "pid=%d, name=python, Ch 00000008" % 40917))]
    files["%s/nvidia-smi-q-ecc.txt" % bad] = ["==============NVSMI LOG==============", "Timestamp                                 : %s" % add(tx, 700).strftime("%a %b %d %H:%M:%S %Y"),
                                              "Driver Version                            : 535.216.01", "",
                                              "GPU 00000000:%s:00.0" % busid(2, 4).upper(), "    Product Name                          : NVIDIA A100-SXM4-80GB",
                                              "    ECC Mode", "        Current                           : Enabled",
                                              "    ECC Errors", "        Volatile", "            SRAM Correctable              : 0", "            SRAM Uncorrectable            : 0",
                                              "            DRAM Correctable              : 11", "            DRAM Uncorrectable            : 2",
                                              "        Aggregate", "            DRAM Correctable              : 57", "            DRAM Uncorrectable            : 5",
                                              "    Remapped Rows", "        Correctable Error                 : 1", "        Uncorrectable Error               : 4",
                                              "        Pending                           : Yes", "        Remapping Failure Occurred        : No",
                                              "        Bank Remap Availability Histogram", "            Max                           : 636 bank(s)",
                                              "            High                          : 4 bank(s)"]
    for n in nodes:
        if n != bad:
            files["%s/dmesg.txt" % n] = [dmesg_T(add(t0, -86400), "nvidia-fabricmanager: Successfully configured all the available NVSwitches")]
    files["node-a02/dmesg.txt"].append(dmesg_T(add(tx, 5), "python[39002]: segfault at 7f0 ip 00007f8e3e0b4a2c sp 00007ffd4c9a1e50 error 4 in libc.so.6"))
    files["sbatch_train.sh"] = ["#!/bin/bash", "#SBATCH --nodes=6 --ntasks-per-node=4 --gpus-per-node=4", "srun python train_lightning.py trainer.devices=4 trainer.num_nodes=6"]
    label = dict(category="gpu_memory", layer="infrastructure", culprit={"node": "node-a04", "rank": 14}, action="restart_without_node",
                 rationale="Rank 14 on node-a04 (local GPU 2) died with 'uncorrectable ECC error'; dmesg shows Xid 48 DBE and Xid 63 with a row remap pending that needs a GPU reset, so the GPU must be drained and reset before reuse. Other ranks' remote errors and the segfault on node-a02 are consequences.",
                 modelled_on="https://github.com/huggingface/accelerate/issues/1192")
    return name, files, label


CASES = [ag01, ag02, ag03, ag04, ag05, ag06, ag07, ag08, ag09, ag10]
