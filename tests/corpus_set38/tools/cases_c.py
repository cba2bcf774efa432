"""Cases ai21-ai30: slowdowns, deterministic user errors, layer."""
from common import *
from cases_a import _stamp, BUS


# --------------------------------------------------------------------------- ai21
def ai21():
    r = rng(3821)
    nodes = ["sxm-%02d" % i for i in range(1, 9)]
    t = T(2024, 11, 18, 3, 0, 0)
    out = []
    for it in range(52000, 52400, 10):
        tt = plus(t, (it - 52000) * 6)
        ms = 5210 + r.random() * 40 if it < 52130 else 7890 + r.random() * 120
        out.append(megatron_iter(_stamp(tt), it, 500000, it * 1536, ms, 2.2e-4, 1536, 1.92 + r.random() * 0.02))
    out.append("(min, max) time across ranks (ms):")
    out.append("    forward-backward ...............................: (7410.22, 7702.91)")
    out.append("    optimizer ......................................: (120.11, 121.40)")
    out.append("    data-parallel-grad-reduce ......................: (40.2, 2561.8)")
    files = {"megatron_rank0.log": out}
    for h in nodes:
        g = [{"bus": "00000000:%s:00.0" % b, "power": 640 + r.random() * 30} for b in BUS]
        if h == "sxm-06":
            g[4].update({"reasons": {"HW Slowdown": "Active", "HW Power Brake Slowdown": "Active"}, "clock": 1095, "power": 291.4, "temp": 44})
        files["smi/%s_nvidia-smi-q.txt" % h] = smi_q(g, plus(t, 1500))
    files["smi/sxm-06_ipmi_sel.txt"] = ["  8a1 | 11/18/2024 | 03:12:57 | Power Supply PSU3 | Power Supply AC lost | Asserted",
                                        "  8a2 | 11/18/2024 | 03:12:58 | System Event #0x0c | GPU power brake (PWRBRK#) | Asserted"]
    files["smi/sxm-02_ipmi_sel.txt"] = ["  511 | 10/02/2024 | 14:40:10 | Fan FAN4 | Lower Critical going low | Deasserted"]
    lab = label("straggler", "infrastructure", {"node": "sxm-06"}, "restart_without_node",
                "Iteration time jumped from ~5.2 s to ~7.9 s at 03:13 with no error, and the grad-reduce max/min spread points to one slow rank. Only sxm-06 GPU 4 shows HW Slowdown / Power Brake active at 1095 MHz and ~290 W, matching a PSU3 AC-lost event in its IPMI SEL at 03:12:57.",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return "ai21_iteration_time_up_50_percent_no_errors", files, lab


# --------------------------------------------------------------------------- ai22
def ai22():
    r = rng(3822)
    nodes = ["tt-%02d" % i for i in range(1, 5)]
    t = T(2025, 3, 4, 10, 0, 0)
    out = []
    for s in range(1000, 1400, 10):
        tt = plus(t, (s - 1000) * 9)
        slow = s >= 1120
        out.append("[titan] %s - root - INFO - step: %5d  loss:  %.4f  memory: 58.10GiB(73.4%%)  tps: %s  tflops: %.1f  mfu: %.1f%%" % (pylog_ts(tt), s, 2.4 - s * 1e-4, "{:,}".format(2730 if slow else 3920 + r.randint(0, 30)), 281.3 if slow else 404.0 + r.random(), 28.4 if slow else 40.8))
    files = {"tt-01/rank0.log": out}
    prof = ["# per-rank step time (ms), avg over steps 1200-1300, from TORCH_NCCL trace summary", "rank  host   fwd_bwd  wait_in_collective"]
    for rk in range(32):
        h = nodes[rk // 8]
        fb = 6100 + r.random() * 40
        if rk == 19:
            fb = 8890.2
        prof.append("%4d  %s  %7.1f  %7.1f" % (rk, h, fb, 8900 - fb + r.random() * 20))
    files["step_time_by_rank.txt"] = prof
    for h in nodes:
        g = [{"bus": "00000000:%s:00.0" % b, "temp": 55 + r.randint(0, 6)} for b in BUS]
        files["%s/nvidia-smi-q.txt" % h] = smi_q(g, plus(t, 2000))
        files["%s/dmesg-T.txt" % h] = [dmesg_ctime(T(2025, 3, 4, 8, 0, 2), "mlx5_core 0000:1a:00.0 mlx5_0: Port: 1 Link ACTIVE")]
    lab = label("straggler", "infrastructure", {"node": "tt-03", "rank": 19}, "run_diagnostics",
                "Throughput fell about 30% at step ~1120 with no error. The per-rank timing shows rank 19 (tt-03, local 3) taking 8.9 s for forward-backward while every other rank waits in collectives, and nothing on tt-03 (clocks, throttle reasons, kernel log) explains it.",
                "https://github.com/epfLLM/Megatron-LLM/issues/11")
    return "ai22_tokens_per_second_dropped_by_a_third", files, lab


# --------------------------------------------------------------------------- ai23
def ai23():
    r = rng(3823)
    files = {}
    out = []
    t = T(2024, 7, 15, 18, 0, 0)
    for e in range(3):
        for b in range(0, 2001, 250):
            sp = 1.61 + r.random() * 0.03
            if e == 1 and 750 <= b <= 1250:
                sp = 0.62 + r.random() * 0.05
            out.append("Epoch %d:  %d%%|█| %d/2000 [%02d:%02d<..., %.2fit/s, v_num=3, train_loss=%.3f]" % (e, b // 20, b, b // 100, b % 60, sp, 0.88 - e * 0.05))
        out.append("Epoch %d, global step %d: 'val_acc' reached %.4f (best %.4f), saving model to '/ckpt/epoch=%d.ckpt' as top 1" % (e, (e + 1) * 2000, 0.71 + e * 0.02, 0.71 + e * 0.02, e))
    out.append("`Trainer.fit` stopped: `max_epochs=3` reached.")
    files["lightning_rank0.out"] = out
    files["slurm-118822.sacct"] = sacct([("118822", "vit-ft", "gpu", "cv", 192, "COMPLETED", "0:0", "2024-07-15T17:58:10", "2024-07-15T19:41:55", "lg[01-03]")])
    files["storage_notice.txt"] = ["2024-07-15 18:46-18:58 /datasets (weka) background rebuild after drive replacement: expect reduced read bandwidth"]
    lab = label("unknown", "framework", None, "none",
                "Throughput dipped during part of epoch 1 (during a known dataset-filesystem rebuild window), recovered, and the job finished all three epochs with exit 0:0. Nothing needs doing.",
                "https://github.com/tensorflow/models/issues/170")
    return "ai23_temporary_slowdown_mid_epoch", files, lab


# --------------------------------------------------------------------------- ai24
def ai24():
    r = rng(3824)
    nodes = ["dgx%03d" % i for i in (101, 102, 103, 104)]
    t = T(2024, 5, 6, 12, 0, 0)
    out = ["[NeMo I 2024-05-06 11:58:40 nemo_logging:381] Experiments will be logged at /results/llama2-13b/2024-05-06_11-58-40"]
    for s in range(0, 40):
        tt = plus(t, s * 45)
        out.append("Epoch 0: :   %d%%| | %d/100000 [..., reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.2f]" % (s // 10, 300 + s * 10, 2.6 - s * 0.005, 300 + s * 10, (300 + s * 10) * 512, 4.41 + r.random() * 0.05))
    files = {"nemo_log_globalrank-0.txt": out,
             "baseline_same_recipe_other_nodes.txt": ["# same config, 2024-05-03 on dgx[105-108]: train_step_timing in s=2.93"]}
    for h in nodes:
        g = [{"bus": "00000000:%s:00.0" % b} for b in BUS]
        if h == "dgx103":
            g[2].update({"pcie_gen": 3, "width": "8x"})
        files["%s/nvidia-smi-q.txt" % h] = smi_q(g, plus(t, 400))
    files["dgx103/dmesg.txt"] = [dmesg_up(T(2024, 5, 6, 9, 0, 0), T(2024, 5, 6, 9, 0, 20), "pci 0000:3a:00.0: 63.008 Gb/s available PCIe bandwidth, limited by 8.0 GT/s PCIe x8 link at 0000:37:01.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)"),
                                 dmesg_up(T(2024, 5, 6, 9, 0, 0), T(2024, 5, 6, 9, 0, 21), "nvidia 0000:3a:00.0: enabling device (0000 -> 0003)")]
    files["dgx103/boot.txt"] = ["last boot: 2024-05-06 09:00:00"]
    lab = label("straggler", "infrastructure", {"node": "dgx103"}, "restart_without_node",
                "Steps take 4.4 s against a 2.9 s baseline and nothing errors. nvidia-smi and the boot-time dmesg on dgx103 show GPU 3a:00 trained down to PCIe Gen3 x8 (63 Gb/s against 504 Gb/s capable), while every other GPU and node is Gen5 x16.",
                "https://github.com/NVIDIA/nccl/issues/44")
    return "ai24_step_time_fifty_percent_above_baseline", files, lab


# --------------------------------------------------------------------------- ai25
def ai25():
    files = {}
    out = ["using world size: 64, data-parallel size: 4, tensor-model-parallel size: 8, pipeline-model-parallel size: 2",
           "> building GPT2BPETokenizer tokenizer ...", " > padded vocab (size: 50257) with 943 dummy tokens (new size: 51200)",
           "loading release checkpoint from /ckpt/llama2-7b-hf2mcore-tp4pp2"]
    for rk in (0, 9, 17, 33, 50):
        out += ["[rank%d]: Traceback (most recent call last):" % rk,
                '[rank%d]:   File "/workspace/Megatron-LM/megatron/core/tensor_parallel/layers.py", line 830, in forward' % rk,
                "[rank%d]:     output_parallel = self._forward_impl(" % rk,
                '[rank%d]:   File "/workspace/Megatron-LM/megatron/core/tensor_parallel/layers.py", line 468, in linear_with_grad_accumulation_and_async_allreduce' % rk,
                "[rank%d]: RuntimeError: mat1 and mat2 shapes cannot be multiplied (16384x5504 and 11008x4096)" % rk]
    out += ["E0513 09:14:40.771000 22 torch/distributed/elastic/multiprocessing/api.py:826] failed (exitcode: 1) local_rank: 0 (pid: 311) of binary: /usr/bin/python"]
    files["node-0/launcher.log"] = out
    files["node-5/launcher.log"] = ["[rank%d]: RuntimeError: mat1 and mat2 shapes cannot be multiplied (16384x5504 and 11008x4096)" % rk for rk in range(40, 48)]
    files["run.sh"] = ["TP=8", "PP=2", "CKPT=/ckpt/llama2-7b-hf2mcore-tp4pp2   # converted for TP=4", "torchrun ... pretrain_gpt.py --tensor-model-parallel-size $TP --pipeline-model-parallel-size $PP --load $CKPT --finetune"]
    files["node-3/dmesg-T.txt"] = [dmesg_ctime(T(2024, 5, 10, 2, 2, 2), xid("0000:9a:00", 94, "pid=9912, name=python, Contained: CE User Channel (0x9). RST: No, D-RST: No"))]
    lab = label("user_code", "script", None, "stop",
                "Every rank on every node fails its first forward with the same matmul shape mismatch (5504 against 11008), because the run uses TP=8 against a checkpoint converted for TP=4. A deterministic configuration error; the old Xid 94 on node-3 is unrelated.",
                "https://github.com/epfLLM/Megatron-LLM/issues/73")
    return "ai25_runtimeerror_on_first_forward_all_ranks", files, lab


# --------------------------------------------------------------------------- ai26
def ai26():
    files = {}
    out = ["[INFO|trainer.py:2128] ***** Running training *****", "[INFO|trainer.py:2129]   Num examples = 1,204,113",
           "[INFO|trainer.py:2133]   Instantaneous batch size per device = 16", "[INFO|trainer.py:2134]   Gradient Accumulation steps = 1",
           "  0%|          | 0/2352 [00:00<?, ?it/s]"]
    for n in range(4):
        for lr in (0, 4) if n else range(8):
            rk = n * 8 + lr
            out.append("[rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.83 GiB. GPU %d has a total capacity of 79.11 GiB of which 3.02 GiB is free. Including non-PyTorch memory, this process has 76.08 GiB memory in use. Of the allocated memory 70.90 GiB is allocated by PyTorch, and 3.71 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation." % (rk, lr))
    files["train_stdout.log"] = out
    files["config_change.txt"] = ["commit 9e1f2ab  'speed up: bump per_device_train_batch_size 4 -> 16, drop gradient_checkpointing'",
                                  "-  per_device_train_batch_size: 4", "+  per_device_train_batch_size: 16", "-  gradient_checkpointing: true", "+  gradient_checkpointing: false"]
    files["node-2/nvidia-smi.txt"] = smi_table("node-2", T(2024, 4, 2, 9, 40, 0), [{"util": 0, "mem": 1}] * 8)
    lab = label("oom", "framework", None, "stop",
                "Ranks on all four nodes run out of GPU memory at the first step, each trying to allocate 7.8 GiB with ~71 GiB already used by PyTorch, right after the config raised the per-device batch from 4 to 16 and turned off gradient checkpointing. The job's own memory demand; the GPUs were empty beforehand.",
                "https://github.com/NVIDIA-NeMo/Automodel/pull/2673")
    return "ai26_cuda_out_of_memory_first_step_everywhere", files, lab


# --------------------------------------------------------------------------- ai27
def ai27():
    files = {}
    out = ["[2025-01-09 07:31:02,118][fairseq2][INFO] - Resuming from /ckpt/run17/step_24000 (DCP)"]
    for rk in (0, 7, 8, 15, 23, 31):
        out += ["[rank%d]: Traceback (most recent call last): (RANK %d)" % (rk, rk),
                '[rank%d]:   File "/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/default_planner.py", line 233, in create_local_plan' % rk,
                "[rank%d]:     return create_default_local_load_plan(" % rk,
                "[rank%d]: RuntimeError: Missing key in checkpoint state_dict: model.layers.0.attention.q_norm.weight." % rk]
    out.append("[rank0]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31])")
    files["job.out"] = out
    files["git_log.txt"] = ["a71c0de (HEAD) model: add QK-norm to attention (q_norm, k_norm)", "5520e1b data: bump mixture weights", "checkpoint step_24000 written by 5520e1b"]
    for h in ("nd-1", "nd-2", "nd-3", "nd-4"):
        files["%s/dmesg-T.txt" % h] = [dmesg_ctime(T(2025, 1, 9, 7, 29, 0), "nvidia-fabricmanager: fabric manager started")]
    lab = label("user_code", "script", None, "stop",
                "All 32 ranks fail loading the step-24000 DCP checkpoint with the same missing key (q_norm.weight), because the code added QK-norm after the checkpoint was written. The model definition no longer matches the checkpoint; a restart reproduces it.",
                "https://github.com/pytorch/pytorch/issues/148252")
    return "ai27_resume_fails_runtimeerror_on_load", files, lab


# --------------------------------------------------------------------------- ai28
def ai28():
    r = rng(3828)
    nodes = ["w-0", "w-1", "w-2", "w-3"]
    files = {}
    t = T(2024, 6, 25, 15, 20, 0)
    for n, h in enumerate(nodes):
        mem = ["# node memory (GiB used of 1007), sampled every 10 min by exporter"]
        for k in range(7):
            mem.append("%s %s %d" % (_stamp(plus(t, -3600 + k * 600)), h, 410 + k * 95 + r.randint(0, 20)))
        files["%s/mem_used.txt" % h] = mem
    files["w-2/dmesg-T.txt"] = [
        dmesg_ctime(plus(t, -2), "pt_data_worker invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0"),
        dmesg_ctime(plus(t, -1), "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"),
        dmesg_ctime(plus(t, -1), "[ 48112]  1000 48112 30100211 12110843  98304000        0           200 pt_data_worker"),
        dmesg_ctime(plus(t, -1), "[ 48113]  1000 48113 30100875 12098230  98291712        0           200 pt_data_worker"),
        dmesg_ctime(plus(t, -1), "[ 47701]  1000 47701 41200113  5102231  66011136        0             0 python"),
        dmesg_ctime(plus(t, 0), "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=kubepods-burstable-pod7e1c.slice,mems_allowed=0-1,global_oom,task_memcg=/kubepods.slice/kubepods-burstable-pod7e1c.slice,task=pt_data_worker,pid=48112,uid=1000"),
        dmesg_ctime(plus(t, 0), "Out of memory: Killed process 48112 (pt_data_worker) total-vm:120400844kB, anon-rss:48443372kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:96000kB oom_score_adj:200"),
    ]
    out = ["[rank0]: Traceback (most recent call last):", "[rank19]: Traceback (most recent call last):",
           '[rank19]:   File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1133, in _try_get_data',
           "[rank19]:     data = self._data_queue.get(timeout=timeout)",
           '[rank19]:   File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py", line 67, in handler',
           "[rank19]:     _error_if_any_worker_fails()",
           "[rank19]: RuntimeError: DataLoader worker (pid 48112) is killed by signal: Killed. ",
           "[rank3]:[E625 15:50:01.001%03d ProcessGroupNCCL.cpp:632] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=55012, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800044 milliseconds before timing out." % 4]
    files["pod-logs/pretrain-worker-0.log"] = out[:1] + out[7:]
    files["pod-logs/pretrain-worker-2.log"] = out[1:7]
    files["dataloader_config.yaml"] = ["num_workers: 12", "prefetch_factor: 16", "dataset: InMemoryPackedDataset   # each worker materialises its shard index in RAM", "persistent_workers: true"]
    lab = label("oom", "framework", None, "stop",
                "The kernel OOM killer on w-2 killed a DataLoader worker (pt_data_worker, ~48 GB RSS) of the job itself; memory on all four workers had been climbing the same way (~95 GiB per 10 min) because of the in-memory dataset with 12 workers and prefetch 16. It is the job's own memory use, and another node would follow.",
                "https://github.com/alibaba/Pai-Megatron-Patch/issues/583")
    return "ai28_dataloader_worker_killed_by_signal", files, lab


# --------------------------------------------------------------------------- ai29
def ai29():
    files = {}
    out = ["[2024-10-02 20:11:40] webdataset: 2048 shards listed from /data/laion-en/{00000..02047}.tar",
           "[2024-10-02 21:48:13] epoch 0 step 18400 loss 1.223"]
    out += ["[rank41]: Traceback (most recent call last):",
            '[rank41]:   File "/usr/local/lib/python3.10/dist-packages/webdataset/gopen.py", line 420, in gopen',
            "[rank41]:     return open(url, mode)",
            "[rank41]: FileNotFoundError: [Errno 2] No such file or directory: '/data/laion-en/01377.tar'",
            "[rank41]: (worker 3 of rank 41, shard index 1377)"]
    for rk in (0, 8, 16, 24, 32, 48, 56):
        out.append("[rank%d]:[E1002 22:18:20.4%05d ProcessGroupNCCL.cpp:632] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=37000, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800071 milliseconds before timing out." % (rk, rk, rk))
    files["slurm-77410.out"] = out
    files["ls_shards.txt"] = ["$ ls /data/laion-en | wc -l", "2047", "$ ls /data/laion-en/0137[5-9].tar", "/data/laion-en/01375.tar", "/data/laion-en/01376.tar", "/data/laion-en/01378.tar", "/data/laion-en/01379.tar",
                              "$ grep 01377 /data/laion-en/_download_stats.json", "  \"01377\": {\"status\": \"failed\", \"successes\": 0, \"failed_to_download\": 10000}"]
    files["df_data.txt"] = ["weka01:/data   1.2P  0.7P  0.5P  58% /data"]
    lab = label("user_code", "script", None, "stop",
                "Rank 41 fails on a FileNotFoundError for shard 01377.tar; the listing shows 2047 of 2048 shards, with that one recorded as a failed download. The filesystem is healthy and the other ranks only time out afterwards. The dataset is incomplete and must be fixed before rerunning.",
                "https://github.com/rom1504/img2dataset/issues/174")
    return "ai29_filenotfounderror_then_nccl_timeouts", files, lab


# --------------------------------------------------------------------------- ai30
def ai30():
    r = rng(3830)
    files = {}
    out = []
    t = T(2024, 12, 20, 0, 0, 5)
    for it in range(100, 14100, 700):
        out.append(megatron_iter(_stamp(plus(t, it * 6.16)), it, 200000, it * 256, 6160.0 + r.random() * 20, 1.0e-4, 256, 3.1 - it * 7e-5))
    out += ["saving checkpoint at iteration   14000 to /ckpt/run9", "  successfully saved checkpoint at iteration   14000 to /ckpt/run9",
            "slurmstepd: error: *** JOB 3310877 ON hx-a01 CANCELLED AT 2024-12-21T00:00:14 DUE TO TIME LIMIT ***",
            "slurmstepd: error: *** STEP 3310877.0 ON hx-a01 CANCELLED AT 2024-12-21T00:00:14 DUE TO TIME LIMIT ***",
            "W1221 00:00:14.220000 77 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers",
            "W1221 00:00:14.221000 77 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 101 closing signal SIGTERM",
            "[rank5]:[W1221 00:00:14.402211 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL.",
            "torch.distributed.elastic.multiprocessing.api.SignalException: Process 77 got signal: 15",
            "srun: error: hx-a02: task 1: Terminated", "srun: error: hx-a03: task 2: Terminated", "srun: Force Terminated StepId=3310877.0"]
    files["slurm-3310877.out"] = out
    files["sacct.txt"] = sacct([("3310877", "gpt-1b", "batch", "ml", 384, "TIMEOUT", "0:0", "2024-12-20T00:00:02", "2024-12-21T00:00:14", "hx-a[01-03]"),
                                ("3310877.0", "torchrun", "", "ml", 384, "CANCELLED", "0:15", "2024-12-20T00:00:04", "2024-12-21T00:00:14", "hx-a[01-03]")])
    files["job.sbatch"] = ["#SBATCH --time=24:00:00", "#SBATCH -N 3", "srun torchrun ... --save-interval 2000"]
    lab = label("unknown", "framework", None, "none",
                "A healthy run (loss falling, checkpoint saved at 14000) was ended by Slurm at its 24-hour limit; the SIGTERM messages and the NCCL destruction warning come from that cancellation. It is not a fault.",
                "https://github.com/ecmwf/anemoi-core/issues/114")
    return "ai30_job_killed_with_sigterm_after_24h", files, lab


CASES = [ai21, ai22, ai23, ai24, ai25, ai26, ai27, ai28, ai29, ai30]
