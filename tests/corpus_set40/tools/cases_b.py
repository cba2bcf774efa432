"""Cases ak11-ak20."""
from common import (
    Case, T, plus, f_torch, f_glog, f_py, f_iso, f_kts, f_dmesg_T, f_uptime, f_syslog, f_journal_iso,
    f_accel, f_nemo, f_ctime, smi_q, smi_table, boot_noise, nccl_init, nccl_prefix, watchdog_timeout,
    cuda_error_watchdog, remote_error, torchrun_rdzv, child_failed, sigterm_lines, megatron_iter, ds_step,
    titan_step, nemo_line, bar, smooth_loss, H100_BUS, A100_BUS, HCAS,
)

GPUS = 8


def pids_for(base):
    return [base + i for i in range(GPUS)]


def dmesg_T(boot, rng, events, n=18):
    out = ["%s %s" % (f_dmesg_T(plus(boot, i * 0.5)), s) for i, s in enumerate(boot_noise(rng, n))]
    out += ["%s %s" % (f_dmesg_T(t), s) for t, s in sorted(events, key=lambda e: e[0])]
    return out


def syslog_k(host, boot, rng, events, n=14):
    out = ["%s %s kernel: %s" % (f_syslog(plus(boot, i * 0.4)), host, s) for i, s in enumerate(boot_noise(rng, n))]
    out += ["%s %s %s" % (f_syslog(t), host, s) for t, s in sorted(events, key=lambda e: e[0])]
    return out


# ==========================================================================
# ak11  NeMo SLURM-native (srun --label, one task per rank), shared project quota exceeded
# ==========================================================================

def ak11():
    c = Case("ak11_every_rank_fails_writing_checkpoint", 111)
    rng = c.rng
    nodes = ["nid001120", "nid001121", "nid001122", "nid001123"]
    t0 = T("2024-10-02 13:05:00.000")
    t_save = T("2024-10-02 19:44:02.000")
    L = [
        "SLURM_JOB_ID=7781202 SLURM_JOB_NODELIST=nid[001120-001123] SLURM_NTASKS=32",
        "nodes: " + " ".join(nodes),
        "+ srun --label --ntasks-per-node=8 --gpus-per-node=8 --container-image=/lustre/fsw/proj_genai/images/nemo-24.09.sqsh python /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py --config-path=/lustre/fsw/proj_genai/cfg --config-name=gpt3_15b_ja exp_manager.exp_dir=/lustre/fsw/proj_genai/results/gpt3_15b_ja",
    ]
    for r in range(32):
        L.append("%d: Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/32" % (r, r, r + 1))
    L.append("0: ----------------------------------------------------------------------------------------------------")
    L.append("0: distributed_backend=nccl")
    L.append("0: All distributed processes registered. Starting with 32 processes")
    for nr, n in enumerate(nodes):
        for x in nccl_init(n, "10.100.%d.%d" % (12, 120 + nr), "hsn0", nr, 4, pids_for(88100 + nr * 11), rng, show_version=(nr == 0)):
            # only a handful of NCCL INFO lines make it into the merged log (NCCL_DEBUG=WARN except rank 0)
            if nr == 0 and (" [0] " in x or x.startswith("NCCL version")):
                L.append("0: " + x)
    L += [
        "0: " + nemo_line(plus(t0, 60), "I", "exp_manager", 396, "Experiments will be logged at /lustre/fsw/proj_genai/results/gpt3_15b_ja/megatron_gpt/2024-10-02_13-05-51"),
        "0: " + nemo_line(plus(t0, 60), "I", "exp_manager", 856, "TensorboardLogger has been set up"),
        "0: " + nemo_line(plus(t0, 61), "I", "exp_manager", 1211, "Checkpoints will be saved to /lustre/fsw/proj_genai/results/gpt3_15b_ja/megatron_gpt/checkpoints (save_top_k=10, every_n_train_steps=1000, save_nemo_on_train_end=True)"),
        "0: " + nemo_line(plus(t0, 95), "I", "megatron_gpt_model", 1602, "Pipeline model parallel rank: 0, Tensor model parallel rank: 0, Number of model parameters on device: 1.94e+09. Number of precise model parameters on device: 1939333120."),
    ]
    t = plus(t0, 140)
    for step in range(50, 4001, 50):
        t = plus(t, 50 * (5.98 + rng.uniform(-0.03, 0.03)))
        L.append("0: Epoch 0: :  %d%%|%s| %d/60000 [%d:%02d:%02d<-, reduced_train_loss=%.3f, global_step=%.1f, consumed_samples=%d, train_step_timing in s=%.2f]"
                 % (step * 100 // 60000, bar(step / 60000.0), step, (t - t0).seconds // 3600, ((t - t0).seconds // 60) % 60, (t - t0).seconds % 60,
                    smooth_loss(rng, step, 4.4, 2.3, 700, 0.03), step - 1.0, step * 512, 5.98 + rng.uniform(-0.03, 0.03)))
        if step % 1000 == 0 and step < 4000:
            L.append("0: " + nemo_line(t, "I", "nemo_model_checkpoint", 530, "Checkpoint save for step %d started at %.2f." % (step, 1727870000 + (t - t0).seconds)))
            L.append("0: " + nemo_line(plus(t, 142), "I", "nemo_model_checkpoint", 565, "Global Checkpoint Save : Rank : 0 : Start time : %.3fs : Save duration: 142.311s" % (1727870000 + (t - t0).seconds)))
            L.append("0: Epoch 0, global step %d: 'val_loss' reached %.5f (best %.5f), saving model to '/lustre/fsw/proj_genai/results/gpt3_15b_ja/megatron_gpt/checkpoints/megatron_gpt--val_loss=%.2f-step=%d-consumed_samples=%d.0.ckpt' as top 10"
                     % (step, 2.6 - step / 8000.0, 2.6 - step / 8000.0, 2.6 - step / 8000.0, step, step * 512))
            if step == 3000:
                L.append("0: " + nemo_line(plus(t, 143), "W", "quota_guard", 41, "project proj_genai is at 96.8% of its /lustre/fsw block quota (96.8T of 100T)"))
            t = plus(t, 142)
    L.append("0: " + nemo_line(t_save, "I", "nemo_model_checkpoint", 530, "Checkpoint save for step 4000 started at %.2f." % (1727870000 + (t_save - t0).seconds)))
    order = list(range(32))
    rng.shuffle(order)
    for k, r in enumerate(order):
        L += [
            "%d: [rank%d]: Traceback (most recent call last):" % (r, r),
            "%d: [rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/megatron/core/dist_checkpointing/strategies/filesystem_async.py\", line 228, in write_preloaded_data" % (r, r),
            "%d: [rank%d]:     stream.write(data)" % (r, r),
            "%d: [rank%d]: OSError: [Errno 122] Disk quota exceeded" % (r, r),
            "%d: [rank%d]: " % (r, r),
            "%d: [rank%d]: The above exception was the direct cause of the following exception:" % (r, r),
            "%d: [rank%d]: " % (r, r),
            "%d: [rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py\", line 643, in _write_data" % (r, r),
            "%d: [rank%d]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%d])" % (r, r, r),
            "%d: [rank%d]: Traceback (most recent call last): (RANK %d)" % (r, r, r),
            "%d: [rank%d]: OSError: [Errno 122] Disk quota exceeded: '/lustre/fsw/proj_genai/results/gpt3_15b_ja/megatron_gpt/checkpoints/megatron_gpt--val_loss=2.10-step=4000-consumed_samples=2048000.0/__%d_0.distcp'" % (r, r, r),
        ]
    for nr, n in enumerate(nodes):
        L.append("srun: error: %s: tasks %d-%d: Exited with exit code 1" % (n, nr * 8, nr * 8 + 7))
    L.append("srun: Terminating StepId=7781202.0")
    c.write("slurm-7781202.out", L)
    c.write("lfs-quota.txt", [
        "$ lfs quota -h -p 20417 /lustre/fsw    # project proj_genai, run 2024-10-02 20:10 UTC",
        "Disk quotas for prj 20417 (pid 20417):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "    /lustre/fsw    100T*   100T    100T       - 3112871       0       0       -",
        "",
        "$ lfs df -h /lustre/fsw | tail -2",
        "filesystem_summary:        21.7P       14.2P        7.4P  66% /lustre/fsw",
        "",
        "$ du -sh /lustre/fsw/proj_genai/results/*/megatron_gpt/checkpoints | sort -h | tail -4",
        "9.1T\t/lustre/fsw/proj_genai/results/gpt3_8b_ko/megatron_gpt/checkpoints",
        "14T\t/lustre/fsw/proj_genai/results/gpt3_15b_zh/megatron_gpt/checkpoints",
        "27T\t/lustre/fsw/proj_genai/results/gpt3_15b_ja/megatron_gpt/checkpoints",
        "31T\t/lustre/fsw/proj_genai/results/gpt3_43b_multi/megatron_gpt/checkpoints",
    ])
    c.set_label("storage", "infrastructure", None, None, "stop",
                "All 32 ranks on all four nodes fail the step-4000 checkpoint with Errno 122 (Disk quota exceeded); lfs quota shows project proj_genai at its 100T hard limit while the filesystem itself is only 66% full. The shared project quota is exhausted and will not clear on its own; checkpoints must be pruned or the quota raised before rerunning.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")
    return c


# ==========================================================================
# ak12  Recurrence across attempts: different errors, always gpu-n11
# ==========================================================================

def ak12():
    c = Case("ak12_three_attempts_three_different_crashes", 112)
    rng = c.rng
    attempts = [
        ("attempt_0", 5510231, ["gpu-n08", "gpu-n09", "gpu-n11", "gpu-n12"], T("2024-12-02 01:10:00"), 2.5 * 3600, "ima"),
        ("attempt_1", 5510877, ["gpu-n05", "gpu-n06", "gpu-n07", "gpu-n11"], T("2024-12-02 05:20:00"), 4.1 * 3600, "nan"),
        ("attempt_2", 5511420, ["gpu-n11", "gpu-n16", "gpu-n17", "gpu-n18"], T("2024-12-02 11:05:00"), 0.9 * 3600, "cublas"),
    ]
    sacct = ["JobID           JobName  Partition      State ExitCode               Start                 End        NodeList",
             "------------ ---------- ---------- ---------- -------- ------------------- ------------------- ---------------"]
    resume_it = 0
    for (ad, jid, hosts, t0, dur, kind) in attempts:
        bad_nr = hosts.index("gpu-n11")
        bad_rank = bad_nr * 8 + 5
        t_fail = plus(t0, dur)
        start_it = resume_it
        it_end = start_it + int((dur - 300) / 2.41)
        it_end -= it_end % 10
        for nr, h in enumerate(hosts):
            L = torchrun_rdzv(t0, h, nr, 4, GPUS, hosts[0])
            if nr == 0 and start_it:
                L.append(" loading checkpoint from /lustre/ckpt/moe-16x7b at iteration %d" % start_it)
                L.append("  successfully loaded checkpoint from /lustre/ckpt/moe-16x7b [ t 0/4, p 0/2 ] at iteration %d" % start_it)
            if nr == 3:
                t = plus(t0, 240)
                for it in range(start_it + 10, it_end + 1, 10):
                    t = plus(t, 10 * (2.41 + rng.uniform(-0.02, 0.02)))
                    L.append(megatron_iter(t, it, 300000, smooth_loss(rng, it, 7.0, 2.05, 1500, 0.015), 2410 + rng.uniform(-20, 20), 2.5e-4, 512, grad=0.35 + rng.uniform(-0.05, 0.08)))
                    if it % 1000 == 0:
                        L.append("saving checkpoint at iteration %7d to /lustre/ckpt/moe-16x7b in torch_dist format" % it)
                        L.append("  successfully saved checkpoint from iteration %7d to /lustre/ckpt/moe-16x7b [ t 1/4, p 2/2 ]" % it)
            ranks = list(range(nr * 8, nr * 8 + 8))
            if h == "gpu-n11":
                p = 70000 + nr * 100 + 5
                if kind == "ima":
                    L += cuda_error_watchdog(bad_rank, plus(t_fail, 0.4), rng, "an illegal memory access was encountered")
                elif kind == "nan":
                    L += [
                        "[rank%d]: Traceback (most recent call last):" % bad_rank,
                        "[rank%d]:   File \"/opt/megatron/pretrain_gpt.py\", line 283, in <module>" % bad_rank,
                        "[rank%d]:     pretrain(" % bad_rank,
                        "[rank%d]:   File \"/opt/megatron/megatron/training/training.py\", line 1213, in train_step" % bad_rank,
                        "[rank%d]:     update_successful, grad_norm, num_zeros_in_grad = optimizer.step()" % bad_rank,
                        "[rank%d]:   File \"/opt/megatron/megatron/core/distributed/param_and_grad_buffer.py\", line 158, in check_for_nan_in_grad" % bad_rank,
                        "[rank%d]:     assert not norm_is_nan, (" % bad_rank,
                        "[rank%d]: AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 5, node: gpu-n11" % (bad_rank, bad_rank),
                    ]
                else:
                    L += [
                        "[rank%d]: Traceback (most recent call last):" % bad_rank,
                        "[rank%d]:   File \"/opt/megatron/megatron/core/transformer/moe/experts.py\", line 219, in forward" % bad_rank,
                        "[rank%d]:     fc1_output = gg.ops.gmm(permuted_local_hidden_states, w1, tokens_per_expert, trans_b=False)" % bad_rank,
                        "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/grouped_gemm/ops.py\", line 33, in gmm" % bad_rank,
                        "[rank%d]:     return GroupedGemm.apply(a, b, batch_sizes, trans_b)" % bad_rank,
                        "[rank%d]: RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasGemmEx( handle, opa, opb, m, n, k, &falpha, a, CUDA_R_16BF, lda, b, CUDA_R_16BF, ldb, &fbeta, c, CUDA_R_16BF, ldc, CUDA_R_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP)`" % bad_rank,
                    ]
                tf = plus(t_fail, 1.5)
                L += sigterm_lines(tf, [70000 + nr * 100 + i for i in range(8) if i != 5], 2300)
                L += child_failed(plus(tf, 1.0), "pretrain_gpt.py", h, bad_rank, 5, -6 if kind == "ima" else 1, p)
            else:
                tw = plus(t_fail, 600.3)
                for r in ranks:
                    L += watchdog_timeout(r, plus(tw, rng.uniform(0, 1.1)), rng, 90000 + it_end * 7, "ALLREDUCE" if r % 2 else "_REDUCE_SCATTER_BASE", 131072000, full=(r % 8 == 0))
                L += child_failed(plus(tw, 2.5), "pretrain_gpt.py", h, ranks[0], 0, -6, 70000 + nr * 100)
            c.write("%s/%s/stdout.log" % (ad, h), L)
            # dmesg -T of every node in the attempt
            boot = T("2024-11-28 07:00:00")
            ev = [(plus(t0, rng.randint(100, 3000)), "perf: interrupt took too long (2508 > 2500), lowering kernel.perf_event_max_sample_rate to 79700")]
            if h == "gpu-n11" and kind == "ima":
                ev.append((plus(t_fail, 0.1), "NVRM: Xid (PCI:0000:ab:00): 31, pid=%d, name=python, Ch 0000000a, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7f3a_1c000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ" % p))
            if h == "gpu-n11" and kind == "cublas":
                ev.append((plus(t_fail, 0.05), "NVRM: Xid (PCI:0000:ab:00): 13, pid=%d, name=python, Graphics SM Warp Exception on (GPC 4, TPC 2, SM 1): Illegal Instruction Parameter" % p))
                ev.append((plus(t_fail, 0.05), "NVRM: Xid (PCI:0000:ab:00): 13, pid=%d, name=python, Graphics Exception: ESR 0x525730=0x20 0x525734=0x0 0x525728=0x0 0x52572c=0x0" % p))
            if h == "gpu-n06" and kind == "nan":
                ev.append((plus(t0, 7000), "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x22f1a offset:0x380 grain:32 syndrome:0x0)"))
            c.write("%s/%s/dmesg-T.txt" % (ad, h), dmesg_T(boot, rng, ev, 10))
        resume_it = it_end - it_end % 1000
        sacct.append("%-12d moe-16x7b   h100-prod     FAILED      1:0 %s %s %s" % (jid, t0.strftime("%Y-%m-%dT%H:%M:%S"), plus(t_fail, 612).strftime("%Y-%m-%dT%H:%M:%S"), "gpu-n[%s]" % ",".join(h[5:] for h in hosts)))
    c.write("sacct.txt", sacct)
    c.write("notes_from_user.txt", [
        "attempt_0 died with illegal memory access -> assumed a grouped_gemm bug, bumped grouped_gemm 1.1.2 -> 1.1.4",
        "attempt_1 died with NaN grad norm on a single rank -> suspected a bad batch, skipped 200 iterations of data for attempt_2",
        "attempt_2 died with CUBLAS_STATUS_EXECUTION_FAILED after <1h",
        "every attempt resumed from the latest checkpoint; no code change between attempt_1 and attempt_2",
    ])
    c.set_label("gpu_hardware", "infrastructure", "gpu-n11", None, "restart_without_node",
                "Three attempts fail with three different-looking errors (illegal memory access, NaN grad norm, CUBLAS execution failure) on three different global ranks (21, 29, 5) and at different iterations, but each time it is local rank 5 on gpu-n11 (PCI ab:00), with Xid 31 and Xid 13 on that GPU; the node follows the failure, so the GPU is bad.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")
    return c


# ==========================================================================
# ak13  Same error, same step, different nodes across attempts (user data)
# ==========================================================================

def ak13():
    c = Case("ak13_crash_at_step_31250_after_each_resume", 113)
    rng = c.rng
    attempts = [
        ("attempt_0", 6602011, ["gpu-d01", "gpu-d02", "gpu-d03", "gpu-d04"], T("2025-03-03 00:10:00"), 0),
        ("attempt_1", 6603154, ["gpu-d05", "gpu-d06", "gpu-d09", "gpu-d10"], T("2025-03-04 02:40:00"), 30000),
        ("attempt_2", 6603980, ["gpu-d02", "gpu-d07", "gpu-d11", "gpu-d12"], T("2025-03-04 05:55:00"), 30000),
    ]
    for ad, jid, hosts, t0, resume in attempts:
        L = ["# job %d, nodes: %s" % (jid, ",".join(hosts)),
             "+ srun --label --ntasks-per-node=1 accelerate launch --config_file cfg/ddp_4n.yaml --machine_rank $SLURM_NODEID --main_process_ip %s train_lm.py --config cfg/lm_3b_longctx.yaml%s" % (hosts[0], " --resume_from_checkpoint /weka/ckpt/lm3b-longctx/step_30000" if resume else "")]
        for nr, h in enumerate(hosts):
            for x in torchrun_rdzv(plus(t0, 2), h, nr, 4, GPUS, hosts[0])[4:16]:
                L.append("%d: %s" % (nr, x))
        L.append("0: %s - INFO - __main__ - Distributed environment: MULTI_GPU  Backend: nccl" % f_accel(plus(t0, 20)))
        L.append("0: %s - INFO - __main__ - Num processes: 32, Process index: 0, Local process index: 0" % f_accel(plus(t0, 20)))
        L.append("0: %s - INFO - __main__ - packing sequences to max_seq_len=4096 with pad_to_multiple_of=8 (packer=greedy_v2)" % f_accel(plus(t0, 22)))
        if resume:
            L.append("0: %s - INFO - accelerate.checkpointing - Loading states from /weka/ckpt/lm3b-longctx/step_30000" % f_accel(plus(t0, 60)))
            L.append("0: %s - INFO - accelerate.checkpointing - All model weights loaded successfully" % f_accel(plus(t0, 71)))
            L.append("0: %s - INFO - accelerate.checkpointing - All optimizer states loaded successfully" % f_accel(plus(t0, 88)))
            L.append("0: %s - INFO - __main__ - Resumed at step 30000; skipping 7680000 samples in the data stream (seed=1337)" % f_accel(plus(t0, 89)))
        t = plus(t0, 120)
        end = 31250
        for step in range(resume + 50, end + 1, 50):
            t = plus(t, 50 * (0.92 + rng.uniform(-0.01, 0.01)))
            if step < end:
                L.append("0: %s - INFO - __main__ - step %d | loss %.4f | lr %.3e | grad_norm %.3f | %.2f s/it" % (f_accel(t), step, smooth_loss(rng, step, 3.3, 2.18, 6000, 0.02), 2e-4, 0.31 + rng.uniform(-0.03, 0.05), 0.92 + rng.uniform(-0.01, 0.01)))
            if step % 5000 == 0:
                L.append("0: %s - INFO - accelerate.accelerator - Saving current state to /weka/ckpt/lm3b-longctx/step_%d" % (f_accel(t), step))
        tf = plus(t, 0.6)
        bad_nr = 2
        r = 22
        L += ["%d: [rank%d]: %s" % (bad_nr, r, x) for x in [
            "Traceback (most recent call last):",
            "  File \"/home/svc-train/lm/train_lm.py\", line 377, in <module>",
            "    main()",
            "  File \"/home/svc-train/lm/train_lm.py\", line 331, in main",
            "    outputs = model(**batch)",
            "  File \"/usr/local/lib/python3.11/site-packages/torch/nn/parallel/distributed.py\", line 1643, in forward",
            "    else self._run_ddp_forward(*inputs, **kwargs)",
            "  File \"/home/svc-train/lm/modeling/lm3b.py\", line 212, in forward",
            "    q, k = apply_rotary(q, k, self.cos[:, :, :T], self.sin[:, :, :T])",
            "  File \"/home/svc-train/lm/modeling/rotary.py\", line 41, in apply_rotary",
            "    return (q * cos) + (rotate_half(q) * sin), (k * cos) + (rotate_half(k) * sin)",
            "RuntimeError: The size of tensor a (4097) must match the size of tensor b (4096) at non-singleton dimension 2",
        ]]
        L.append("%d: %s - ERROR - __main__ - step 31250 failed on process 22; batch shapes: input_ids=torch.Size([1, 4097]) attention_mask=torch.Size([1, 4097])" % (bad_nr, f_accel(tf)))
        tw = plus(tf, 600.0)
        for nr in range(4):
            if nr == bad_nr:
                L.append("%d: %s 5121 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 6 (pid: %d) of binary: /usr/bin/python" % (nr, f_glog(plus(tf, 2), "E"), 41020 + 6))
                continue
            for lr in (0, 3):
                for x in watchdog_timeout(nr * 8 + lr, plus(tw, rng.uniform(0, 1)), rng, 125011, "ALLREDUCE", 3189080064 // 8, full=False):
                    L.append("%d: %s" % (nr, x))
            L.append("%d: %s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (nr, f_glog(plus(tw, 2), "E"), 5100 + nr, 41020))
        for nr, h in enumerate(hosts):
            L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, nr))
        c.write("%s/slurm-%d.out" % (ad, jid), L)
    c.write("cfg/lm_3b_longctx.yaml", ["model: lm3b", "max_seq_len: 4096", "packing: greedy_v2", "append_eos_after_truncation: true   # added 2025-02-27", "micro_batch_size: 1", "global_batch_size: 256", "lr: 2.0e-4", "save_every: 5000"])
    c.set_label("user_code", "script", None, None, "stop",
                "All three attempts die at exactly step 31250 on global rank 22 with the same shape mismatch (a packed sequence of 4097 tokens against max_seq_len 4096), although rank 22 sits on a different node each time (gpu-d03, gpu-d09, gpu-d11). The error follows the data and code (EOS appended after truncation), not hardware.",
                "https://github.com/OpenBMB/MiniCPM-V/issues/770")
    return c


# ==========================================================================
# ak14  Megatron, 8 nodes, slow iterations, one GPU thermally throttled (gpu-e06 GPU 2 = rank 42)
# ==========================================================================

def ak14():
    c = Case("ak14_iteration_time_creeping_up_over_hours", 114)
    rng = c.rng
    hosts = ["gpu-e%02d" % i for i in range(1, 9)]
    bad, bad_gpu = "gpu-e06", 2
    bad_rank = hosts.index(bad) * 8 + bad_gpu
    t0 = T("2024-07-21 04:00:00")
    t_start_slow = T("2024-07-21 07:40:00")
    t_snap = T("2024-07-21 11:32:10")
    for nr, h in enumerate(hosts):
        L = torchrun_rdzv(t0, h, nr, 8, GPUS, hosts[0])
        if nr == 0:
            L += nccl_init(h, "10.66.0.%d" % (10 + nr), "ib0", nr, 8, pids_for(31000), rng, show_version=True)[:24]
            t = plus(t0, 200)
            it = 0
            while t < t_snap:
                it += 100
                slow = max(0.0, (t - t_start_slow).total_seconds() / 3600.0)
                rtt = 1740 + rng.uniform(-8, 8) + min(slow, 3.5) * 190
                t = plus(t, 100 * rtt / 1000.0)
                mnclk = int(1980 - min(slow, 3.5) * 250) if slow > 0 else 1980
                mxtmp = int(64 + min(slow, 3.5) * 8) if slow > 0 else 63 + rng.randint(0, 2)
                L.append(" [%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: %dMHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d"
                         % (t.strftime("%Y-%m-%d %H:%M:%S"), rtt - 22 if slow <= 0 else 1735 + rng.uniform(-5, 5), rng.randint(0, 63), rtt, bad_rank if slow > 0 else rng.randint(0, 63),
                            (520 if slow > 0 else 598) + rng.randint(0, 9), bad_rank if slow > 0 else rng.randint(0, 63), 688 + rng.randint(0, 9), rng.randint(0, 63),
                            41 + rng.randint(0, 3), rng.randint(0, 63), mxtmp, bad_rank if slow > 0 else rng.randint(0, 63), 96, rng.randint(0, 63), 100, rng.randint(0, 63),
                            mnclk, bad_rank if slow > 0 else rng.randint(0, 63), 1980, rng.randint(0, 63), 11.4 + rng.uniform(0, 1), rng.randint(0, 63),
                            (58.0 + rng.uniform(0, 3)) if slow <= 0 else 58.0 + min(slow, 3.5) * 120, rng.randint(0, 63),
                            (301.0 if slow <= 0 else 301.0 - min(slow, 3.5) * 30) + rng.uniform(-2, 0), bad_rank if slow > 0 else rng.randint(0, 63), 305.4 + rng.uniform(-1, 1), rng.randint(0, 63)))
        if nr == 7:
            t = plus(t0, 200)
            it = 0
            while t < t_snap:
                it += 100
                slow = max(0.0, (t - t_start_slow).total_seconds() / 3600.0)
                ms = 1740 + rng.uniform(-8, 8) + min(slow, 3.5) * 190
                t = plus(t, 100 * ms / 1000.0)
                L.append(megatron_iter(t, it, 120000, smooth_loss(rng, it, 6.5, 2.25, 2500, 0.015), ms, 2e-4, 512, grad=0.3 + rng.uniform(0, 0.06)))
        c.write("%s/megatron_%s.log" % (h, h), L)
        gl = []
        for i in range(8):
            d = {"used": 71820 + rng.randint(0, 200), "util": 100, "procs": [(31000 + i + nr * 37, "/usr/bin/python", 71300 + rng.randint(0, 200))], "temp": 58 + rng.randint(0, 6), "tlimit": 27 + rng.randint(0, 6)}
            if h == bad and i == bad_gpu:
                d.update({"temp": 91, "tlimit": -1, "hw_slow": "Active", "hw_thermal": "Active", "sw_thermal": "Active", "clk": 1095, "power": 452.3, "mtemp": 97})
            gl.append(d)
        c.write("%s/nvidia-smi-q.txt" % h, smi_q(t_snap, gl, rng=rng))
    c.write("gpu-e06/ipmitool-sdr.txt", [
        "CPU1 Temp        | 61 degrees C      | ok", "CPU2 Temp        | 63 degrees C      | ok", "Inlet Temp       | 24 degrees C      | ok",
        "FAN1             | 14280 RPM         | ok", "FAN2             | 14160 RPM         | ok", "FAN3             | 14400 RPM         | ok",
        "FAN4             | 14220 RPM         | ok", "FAN5             | 14340 RPM         | ok", "FAN6             | 0 RPM             | cr",
        "FAN7             | 14310 RPM         | ok", "FAN8             | 14190 RPM         | ok",
        "GPU1 Temp        | 60 degrees C      | ok", "GPU2 Temp        | 62 degrees C      | ok", "GPU3 Temp        | 91 degrees C      | nc",
        "GPU4 Temp        | 63 degrees C      | ok", "PSU1 Status      | 0x01              | ok", "PSU2 Status      | 0x01              | ok",
    ])
    c.write("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                           "           4471902  h100-prd gpt-22b   llmtrain  R    7:32:10      8 gpu-e[01-08]"])
    c.set_label("straggler", "infrastructure", bad, bad_rank, "restart_without_node",
                "No crash: iteration time rose from ~1.74 s to ~2.4 s after 07:40 and Megatron's straggler report names rank 42 as max-latency, min-clock, max-temp; nvidia-smi on gpu-e06 shows GPU 2 at 91 C with HW and SW thermal slowdown active and 1095 MHz clocks, and IPMI shows FAN6 at 0 RPM.",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return c


# ==========================================================================
# ak15  HF accelerate, 4 nodes, data time grows on every rank, NFS server not responding everywhere
# ==========================================================================

def ak15():
    c = Case("ak15_throughput_collapses_then_dataloader_timeout", 115)
    rng = c.rng
    hosts = ["trn-01", "trn-02", "trn-03", "trn-04"]
    t0 = T("2024-02-14 09:00:00")
    t_nfs = T("2024-02-14 12:03:20")
    t_dead = T("2024-02-14 12:41:00")
    boot = T("2024-02-10 17:22:00")
    for nr, h in enumerate(hosts):
        L = [
            "%s - INFO - __main__ - Distributed environment: MULTI_GPU  Backend: nccl" % f_accel(plus(t0, 15)),
            "%s - INFO - __main__ - Num processes: 32, Process index: %d, Local process index: 0, Device: cuda:0" % (f_accel(plus(t0, 15)), nr * 8),
            "%s - INFO - __main__ - train shards: /mnt/datasets/laion-hq/{00000..09999}.tar (webdataset, num_workers=10, timeout=900)" % f_accel(plus(t0, 17)),
        ]
        L += torchrun_rdzv(plus(t0, 3), h, nr, 4, GPUS, hosts[0])[4:8]
        t = plus(t0, 60)
        step = 0
        while t < plus(t_nfs, 1500):
            step += 20
            degraded = (t - t_nfs).total_seconds()
            dt = 0.018 + rng.uniform(0, 0.01) if degraded < 0 else min(48.0, 0.5 + degraded / 28.0) * rng.uniform(0.8, 1.2)
            st = 0.64 + rng.uniform(-0.01, 0.01) + dt
            t = plus(t, 20 * st)
            L.append("%s - INFO - __main__ - [proc %d] step %d | loss %.4f | data_time %.3fs | step_time %.3fs | imgs/s %.0f" % (f_accel(t), nr * 8, step, smooth_loss(rng, step, 0.21, 0.11, 3000, 0.004), dt, st, 32 * 64 / st))
        # data loader timeout on some local ranks, watchdog on others
        tdt = plus(t_dead, rng.uniform(0, 30))
        for lr in (0, 2, 5) if nr != 2 else (1, 3):
            r = nr * 8 + lr
            L += [
                "[rank%d]: Traceback (most recent call last):" % r,
                "[rank%d]:   File \"/srv/clip/train.py\", line 248, in train_one_epoch" % r,
                "[rank%d]:     images, texts = next(loader_iter)" % r,
                "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py\", line 1328, in _next_data" % r,
                "[rank%d]:     idx, data = self._get_data()" % r,
                "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py\", line 1284, in _get_data" % r,
                "[rank%d]:     success, data = self._try_get_data(self._timeout)" % r,
                "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py\", line 1145, in _try_get_data" % r,
                "[rank%d]:     raise RuntimeError(f'DataLoader timed out after {timeout} seconds') from e" % r,
                "[rank%d]: RuntimeError: DataLoader timed out after 900 seconds" % r,
            ]
        L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (f_glog(plus(tdt, 3), "E"), 800 + nr, 0 if nr != 2 else 1, 12200 + nr))
        c.write("%s/train.log" % h, L)
        ev = []
        tt = plus(t_nfs, -40 + rng.uniform(0, 20))
        while tt < plus(t_dead, 200):
            ev.append((tt, "kernel: nfs: server fs-ml-02 not responding, still trying"))
            tt = plus(tt, rng.uniform(60, 240))
        ev.append((plus(t_nfs, 2350 + rng.uniform(0, 60)), "kernel: nfs: server fs-ml-02 OK"))
        ev.append((plus(t_nfs, 1222), "kernel: INFO: task pt_data_worker:%d blocked for more than 120 seconds." % (13200 + nr * 50)))
        ev.append((plus(t_nfs, 1222), "kernel:       Tainted: P           OE     5.15.0-94-generic #104-Ubuntu"))
        ev.append((plus(t_nfs, 1222), "kernel: \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."))
        ev.append((plus(t_nfs, 1222), "kernel: task:pt_data_worker state:D stack:    0 pid:%d ppid: %d flags:0x00004000" % (13200 + nr * 50, 12200 + nr)))
        ev.append((plus(t_nfs, 1222), "kernel:  rpc_wait_bit_killable+0x25/0xb0 [sunrpc]"))
        ev.append((plus(t_nfs, 1222), "kernel:  nfs_read_folio+0x1c5/0x2a0 [nfs]"))
        if h == "trn-03":
            ev.append((plus(t0, 4000), "kernel: EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x11a0ce offset:0x0 grain:32 syndrome:0x0)"))
        c.write("%s/syslog" % h, syslog_k(h, boot, rng, ev))
        c.write("%s/nfsiostat.txt" % h, [
            "fs-ml-02:/export/datasets mounted on /mnt/datasets:", "",
            "           ops/s       rpc bklog", "          %6.3f         %6.3f" % (rng.uniform(1.5, 4.0), rng.uniform(180, 320)), "",
            "read:              ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors",
            "                   %5.3f          %7.3f        %8.3f        %d (%.1f%%)      %8.3f      %9.3f      %9.3f        0 (0.0%%)" % (rng.uniform(1.5, 3.5), rng.uniform(300, 900), 256.0, rng.randint(40, 90), rng.uniform(8, 15), rng.uniform(9000, 22000), rng.uniform(30000, 61000), rng.uniform(20000, 40000)),
        ])
    c.set_label("storage", "infrastructure", None, None, "restart",
                "All four nodes slow down together at ~12:03 (data_time from ~0.02 s to tens of seconds) and every node's kernel log shows 'nfs: server fs-ml-02 not responding' with data workers blocked in NFS reads, ending in DataLoader timeouts on several nodes. The shared dataset server was unavailable (it later reports OK), not any node.",
                "https://github.com/horovod/horovod/issues/824")
    return c


# ==========================================================================
# ak16  NeMo, 8 nodes, straggler report flags rank 37 (nemo-gpu-05) without hardware evidence
# ==========================================================================

def ak16():
    c = Case("ak16_one_rank_consistently_slowest_no_errors", 116)
    rng = c.rng
    hosts = ["nemo-gpu-%02d" % i for i in range(1, 9)]
    bad, bad_rank = "nemo-gpu-05", 37
    t0 = T("2024-09-09 15:00:00")
    t_snap = T("2024-09-09 21:18:00")
    for nr, h in enumerate(hosts):
        L = torchrun_rdzv(t0, h, nr, 8, GPUS, "nemo-gpu-01")
        if nr == 0:
            L += [
                nemo_line(plus(t0, 80), "I", "straggler_det_callback", 112, "Straggler detection enabled: report_time_interval=300, calc_relative_gpu_perf=True, calc_individual_gpu_perf=True, num_gpu_perf_scores_to_print=5, gpu_relative_perf_threshold=0.7, gpu_individual_perf_threshold=0.7, stop_if_detected=False"),
            ]
            t = plus(t0, 120)
            step = 0
            k = 0
            while t < t_snap:
                step += 50
                st = 4.41 + rng.uniform(-0.03, 0.03) + (0.0 if t < T("2024-09-09 16:40:00") else 1.32)
                t = plus(t, 50 * st)
                L.append("Epoch 0: : %3d%%|%s| %d/50000 [%d:%02d:%02d<-, reduced_train_loss=%.3f, global_step=%.1f, consumed_samples=%d, train_step_timing in s=%.2f]"
                         % (step * 100 // 50000, bar(step / 50000.0), step, (t - t0).seconds // 3600, ((t - t0).seconds // 60) % 60, (t - t0).seconds % 60,
                            smooth_loss(rng, step, 3.8, 2.1, 1400, 0.02), step - 1.0, step * 1024, st))
                k += 1
                if k % 6 == 0:
                    slow = t >= T("2024-09-09 16:40:00")
                    worst = [(bad_rank, 0.64 + rng.uniform(-0.02, 0.02))] if slow else []
                    others = sorted(((r, 0.96 + rng.uniform(0, 0.035)) for r in rng.sample([x for x in range(64) if x != bad_rank], 4 if slow else 5)), key=lambda e: e[1])
                    worst = (worst + others)[:5]
                    L.append(nemo_line(t, "I", "straggler_det_callback", 258, ""))
                    L.append("GPU relative performance:")
                    L.append(" Worst performing 5/64 ranks:")
                    for r, s in worst:
                        L.append("  Rank=%d Node=%s Score=%.2f" % (r, hosts[r // 8], s))
                    L.append(" Best performing 5/64 ranks:")
                    for r in rng.sample(range(64), 5):
                        L.append("  Rank=%d Node=%s Score=1.00" % (r, hosts[r // 8]))
                    L.append("GPU individual performance:")
                    L.append(" Worst performing 5/64 ranks:")
                    for r, s in worst:
                        L.append("  Rank=%d Node=%s Score=%.2f" % (r, hosts[r // 8], min(1.0, s + 0.02)))
                    L.append("Straggler report processing time: 0.0%d sec." % rng.randint(31, 58))
                    if slow:
                        L.append(nemo_line(t, "W", "straggler_det_callback", 281, "STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. Affected ranks: [%d]" % bad_rank))
        c.write("%s/nemo_log_globalrank-%d_localrank-0.txt" % (h, nr * 8), L)
    gl = [{"used": 70210 + rng.randint(0, 300), "util": 100, "temp": 57 + rng.randint(0, 5), "procs": [(62000 + i, "python3", 69800)]} for i in range(8)]
    c.write("%s/nvidia-smi-q.txt" % bad, smi_q(t_snap, gl, rng=rng))
    c.write("%s/dcgmi-diag-r1.txt" % bad, [
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.7                                          |",
        "| Driver Version Detected   | 550.90.07                                      |",
        "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
        "|-----  Deployment  --------+------------------------------------------------|",
        "| Denylist                  | Pass                                           |",
        "| NVML Library              | Pass                                           |",
        "| CUDA Main Library         | Pass                                           |",
        "| Permissions and OS Blocks | Pass                                           |",
        "| Persistence Mode          | Pass                                           |",
        "| Environment Variables     | Pass                                           |",
        "| Page Retirement/Row Remap | Pass                                           |",
        "| Graphics Processes        | Warn                                           |",
        "|   Warning                 | GPU 0-7: Found 8 processes on GPUs (training job still running) |",
        "| Inforom                   | Pass                                           |",
        "+---------------------------+------------------------------------------------+",
    ])
    c.write("%s/dmesg-tail.txt" % bad, ["[%s] %s" % (f_dmesg_T(plus(t_snap, -9000 + i * 1700))[1:-1], s) for i, s in enumerate([
        "perf: interrupt took too long (2511 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
        "IPv4: martian source 10.255.255.255 from 10.1.0.4, on dev eno1",
        "perf: interrupt took too long (3140 > 3138), lowering kernel.perf_event_max_sample_rate to 63500"])])
    c.set_label("straggler", "infrastructure", bad, bad_rank, "run_diagnostics",
                "The job keeps running but step time rose from ~4.4 s to ~5.7 s, and every NeMo straggler report since 16:40 names rank 37 on nemo-gpu-05 (relative score ~0.64). nvidia-smi, a level-1 DCGM diag and the kernel log on that node show nothing abnormal, so the slow rank is known but the cause is not: run deeper diagnostics on that node.",
                "https://github.com/deepspeedai/DeepSpeed/issues/1617")
    return c


# ==========================================================================
# ak17  Lightning 16 nodes, slow job, GPU 6 on dgx-h-13 trained at PCIe x4 (rank 102)
# ==========================================================================

def ak17():
    c = Case("ak17_tokens_per_sec_half_of_expected_on_16_nodes", 117)
    rng = c.rng
    hosts = ["dgx-h-%02d" % i for i in range(1, 17)]
    bad, bad_gpu = "dgx-h-13", 6
    bad_rank = hosts.index(bad) * 8 + bad_gpu
    t0 = T("2024-10-14 08:00:00")
    t_snap = T("2024-10-14 10:31:00")
    L = [
        "SLURM_JOB_NODELIST=dgx-h-[01-16]  (SLURM_NODEID follows this order)",
        "GPU available: True (cuda), used: True",
        "TPU available: False, using: 0 TPU cores",
        "HPU available: False, using: 0 HPUs",
    ]
    for r in (0, 8, 96, 127):
        L.append("Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/128" % (r, r + 1))
    L += [
        "----------------------------------------------------------------------------------------------------",
        "distributed_backend=nccl",
        "All distributed processes registered. Starting with 128 processes",
        "----------------------------------------------------------------------------------------------------",
        "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]",
        "  | Name  | Type        | Params | Mode ",
        "-----------------------------------------------",
        "0 | model | Transformer | 6.9 B  | train",
        "[steptimer] expected throughput for this config (from the 2-node benchmark, scaled): ~1.15M tok/s",
    ]
    t = plus(t0, 90)
    step = 0
    while t < t_snap:
        step += 100
        st = 1.71 + rng.uniform(-0.02, 0.02)
        t = plus(t, 100 * st)
        L.append("Epoch 0:   %d%%|%s| %d/40000 [%d:%02d:%02d<-, 0.58it/s, v_num=12, loss=%.3f, tok_per_s=%.0f]" % (step * 100 // 40000, bar(step / 40000.0), step, (t - t0).seconds // 3600, ((t - t0).seconds // 60) % 60, (t - t0).seconds % 60, smooth_loss(rng, step, 3.0, 2.3, 3000, 0.02), 128 * 4 * 2048 / st))
        if step % 500 == 0:
            L.append("[steptimer %s] step %d slowest 4/128 ranks by fwd+bwd wait: " % (f_py(t), step) +
                     ", ".join("rank %d (%s) h2d=%.0fms comm_wait=%.0fms" % (r, hosts[r // 8], h2d, cw) for r, h2d, cw in
                               [(bad_rank, 612 + rng.uniform(-20, 20), 8 + rng.uniform(0, 3))] +
                               [(rr, 24 + rng.uniform(0, 6), 610 + rng.uniform(-30, 30)) for rr in rng.sample([x for x in range(128) if x != bad_rank], 3)]))
    c.write("lightning_rank0.log", L)
    for nr, h in enumerate(hosts):
        rows = ["index, pci.bus_id, pcie.link.gen.current, pcie.link.gen.max, pcie.link.width.current, pcie.link.width.max, clocks.sm [MHz], temperature.gpu, power.draw [W], utilization.gpu [%]"]
        for i in range(8):
            gen, width = 5, 16
            util = 97 + rng.randint(0, 3)
            if h == bad and i == bad_gpu:
                gen, width, util = 1, 4, 100
            rows.append("%d, 00000000:%s:00.0, %d, 5, %d, 16, %d MHz, %d, %.2f W, %d %%" % (i, H100_BUS[i], gen, width, 1980, 55 + rng.randint(0, 7), 520 + rng.uniform(0, 150) if not (h == bad and i == bad_gpu) else 301.2, util))
        c.write("%s/gpu-query.csv" % h, rows)
        boot = T("2024-10-11 22:40:00")
        ev = []
        if h == bad:
            ev += [
                (plus(boot, 31.2), "nvidia 0000:ba:00.0: 8.000 Gb/s available PCIe bandwidth, limited by 2.5 GT/s PCIe x4 link at 0000:b8:01.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)"),
                (plus(boot, 8100), "pcieport 0000:b8:01.0: AER: Corrected error received: 0000:ba:00.0"),
                (plus(boot, 8100), "nvidia 0000:ba:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
                (plus(boot, 8100), "nvidia 0000:ba:00.0:   device [10de:2330] error status/mask=00000001/0000e000"),
                (plus(boot, 8100), "nvidia 0000:ba:00.0:    [ 0] RxErr                  (First)"),
            ]
        else:
            ev.append((plus(boot, 3600 * 5 + rng.randint(0, 3600)), "perf: interrupt took too long (2504 > 2500), lowering kernel.perf_event_max_sample_rate to 79800"))
        c.write("%s/dmesg-T.txt" % h, dmesg_T(boot, rng, ev, 14))
    c.set_label("straggler", "infrastructure", bad, bad_rank, "restart_without_node",
                "The run is about half its expected throughput and the step timer names rank 102 (dgx-h-13, GPU 6) every time, with ~600 ms host-to-device copies while every other rank waits in communication; that GPU's PCIe link is at Gen1 x4 instead of Gen5 x16 (kernel: 'limited by 2.5 GT/s PCIe x4 link', plus corrected RxErr AER).",
                "https://github.com/janhq/jan/issues/183")
    return c


# ==========================================================================
# ak18  Lightning on K8s: resume fails on every rank, RuntimeError missing keys
# ==========================================================================

def ak18():
    c = Case("ak18_resume_fails_on_every_rank_with_runtimeerror", 118)
    rng = c.rng
    pods = ["trainer-master-0", "trainer-worker-0", "trainer-worker-1", "trainer-worker-2"]
    t0 = T("2025-04-07 09:15:00")
    for nr, p in enumerate(pods):
        L = []
        L.append((t0, "GPU available: True (cuda), used: True"))
        for lr in range(8):
            r = nr * 8 + lr
            L.append((plus(t0, 6 + 0.01 * r), "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/32" % (r, r + 1)))
        for i, x in enumerate(nccl_init(p, "10.244.%d.%d" % (nr + 3, 40 + nr), "eth0", nr, 4, pids_for(61 + nr), rng, show_version=(nr == 0),
                                        extra_warn="NCCL INFO NET/Plugin: Loaded net plugin NCCL RDMA Plugin v8 (v8)")):
            L.append((plus(t0, 9 + 0.0001 * i), x))
        if nr == 0:
            L.append((plus(t0, 10), "Restoring states from the checkpoint path at s3://ml-ckpt/litgpt-3b-code/version_4/checkpoints/step=58000.ckpt"))
            L.append((plus(t0, 10.1), "/usr/local/lib/python3.11/site-packages/lightning/fabric/utilities/cloud_io.py:57: You are using `torch.load` with `weights_only=False` (the current default value), which uses the default pickle module implicitly."))
        te = plus(t0, 131 + rng.uniform(0, 4))
        missing = ", ".join('"model.transformer.h.%d.attn.qkv.weight"' % i for i in range(0, 6)) + ", ..."
        unexpected = ", ".join('"model.transformer.h.%d.attn.attn.weight"' % i for i in range(0, 6)) + ", ..."
        for lr in range(8):
            r = nr * 8 + lr
            tb = [
                "Traceback (most recent call last):",
                "  File \"/app/pretrain.py\", line 188, in <module>",
                "    trainer.fit(model, datamodule=dm, ckpt_path=args.resume)",
                "  File \"/usr/local/lib/python3.11/site-packages/lightning/pytorch/trainer/trainer.py\", line 538, in fit",
                "    call._call_and_handle_interrupt(",
                "  File \"/usr/local/lib/python3.11/site-packages/lightning/pytorch/trainer/trainer.py\", line 951, in _run",
                "    self._checkpoint_connector._restore_modules_and_callbacks(ckpt_path)",
                "  File \"/usr/local/lib/python3.11/site-packages/lightning/pytorch/trainer/connectors/checkpoint_connector.py\", line 398, in _restore_modules_and_callbacks",
                "    self.restore_model()",
                "  File \"/usr/local/lib/python3.11/site-packages/lightning/pytorch/strategies/strategy.py\", line 372, in load_model_state_dict",
                "    self.lightning_module.load_state_dict(checkpoint[\"state_dict\"], strict=strict)",
                "  File \"/usr/local/lib/python3.11/site-packages/torch/nn/modules/module.py\", line 2584, in load_state_dict",
                "    raise RuntimeError(",
                "RuntimeError: Error(s) in loading state_dict for CodeLM:",
                "\tMissing key(s) in state_dict: %s " % missing,
                "\tUnexpected key(s) in state_dict: %s " % unexpected,
            ]
            L += [(plus(te, 0.02 * lr), "[rank%d]: %s" % (r, x)) for x in (tb if lr in (0, 1, 4) else tb[-3:])]
        L.append((plus(te, 1.1), "[rank%d]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % (nr * 8, f_torch(plus(te, 1.1), "W", rng)[1:])))
        L.sort(key=lambda e: e[0])
        c.write("%s/pod.log" % p, ["%s %s" % (f_kts(tt, rng), x) for tt, x in L])
    c.write("git-log-since-last-good-run.txt", [
        "commit 9f2d1c4e7b  (HEAD -> main)  2025-04-05  models/codelm.py: fuse q,k,v into a single qkv Linear (attn.attn -> attn.qkv) for FlashAttention-3",
        "commit 4be0a177c1  2025-04-03  data: add starcoder2 python subset",
        "commit 1c7755d092  2025-03-30  bump lightning 2.4.0 -> 2.5.1",
    ])
    c.set_label("user_code", "script", None, None, "stop",
                "Every rank on all four pods raises the same RuntimeError while restoring step=58000.ckpt: the model's attention keys were renamed (attn.attn -> attn.qkv) in a commit after the checkpoint was written, so the state dict no longer matches. A deterministic code/checkpoint mismatch; the process-group warnings are noise.",
                "https://github.com/Lightning-AI/litgpt/issues/795")
    return c


# ==========================================================================
# ak19  accelerate+DeepSpeed, 3 A100 nodes, device-side assert (labels out of range) on rank 13
# ==========================================================================

def ak19():
    c = Case("ak19_cuda_error_on_one_rank_others_time_out", 119)
    rng = c.rng
    hosts = ["ml-a100-01", "ml-a100-02", "ml-a100-03"]
    t0 = T("2024-06-18 13:30:00")
    t_as = T("2024-06-18 14:52:31.604")
    bad_nr, bad_lr = 1, 5
    bad_rank = bad_nr * 8 + bad_lr
    for nr, h in enumerate(hosts):
        L = [
            "[%s] [INFO] [real_accelerator.py:191:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % f_py(plus(t0, 4)),
            "%s - INFO - __main__ - Distributed environment: DEEPSPEED  Backend: nccl" % f_accel(plus(t0, 9)),
            "%s - INFO - __main__ - Num processes: 24, Process index: %d, Local process index: 0, Device: cuda:0" % (f_accel(plus(t0, 9)), nr * 8),
            "%s - WARNING - __main__ - label column 'intent_id' has 21 distinct values in the train split (min=0, max=20), but the model config has num_labels=20" % f_accel(plus(t0, 41)),
            "%s - INFO - __main__ - ***** Running training *****  num examples = 2,841,002, epochs = 3, per-device batch = 32" % f_accel(plus(t0, 44)),
        ]
        L += nccl_init(h, "192.168.60.%d" % (11 + nr), "ens1f0", nr, 3, pids_for(24410 + nr * 9), rng, show_version=(nr == 0),
                       busids=[b.lower() + "000" for b in A100_BUS])
        t = plus(t0, 60)
        step = 0
        while t < t_as:
            step += 50
            t = plus(t, 50 * (0.97 + rng.uniform(-0.01, 0.01)))
            if t >= t_as:
                break
            L.append("%s - INFO - __main__ - epoch 0 step %d/266344 loss %.4f acc %.3f lr %.2e" % (f_accel(t), step, smooth_loss(rng, step, 2.4, 0.35, 1500, 0.03), 0.9 - 0.6 * (1500 / (1500 + step)), 3e-5))
        if nr == bad_nr:
            asserts = ["../aten/src/ATen/native/cuda/Loss.cu:250: nll_loss_forward_reduce_cuda_kernel_2d: block: [0,0,0], thread: [%d,0,0] Assertion `t >= 0 && t < n_classes` failed." % k for k in (3, 11, 17, 26)]
            L += asserts
            L += [
                "[rank%d]: Traceback (most recent call last):" % bad_rank,
                "[rank%d]:   File \"/work/intent/train_cls.py\", line 206, in <module>" % bad_rank,
                "[rank%d]:     main()" % bad_rank,
                "[rank%d]:   File \"/work/intent/train_cls.py\", line 171, in main" % bad_rank,
                "[rank%d]:     accelerator.backward(loss)" % bad_rank,
                "[rank%d]:   File \"/opt/conda/lib/python3.10/site-packages/accelerate/accelerator.py\", line 2188, in backward" % bad_rank,
                "[rank%d]:     self.deepspeed_engine_wrapped.backward(loss, **kwargs)" % bad_rank,
                "[rank%d]:   File \"/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/engine.py\", line 2020, in backward" % bad_rank,
                "[rank%d]:     self.optimizer.backward(loss, retain_graph=retain_graph)" % bad_rank,
                "[rank%d]: RuntimeError: CUDA error: device-side assert triggered" % bad_rank,
                "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % bad_rank,
                "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % bad_rank,
                "[rank%d]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % bad_rank,
            ]
            L += cuda_error_watchdog(bad_rank, plus(t_as, 0.9), rng, "device-side assert triggered")
            L.append("[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (f_py(plus(t_as, 2.4)), 24410 + nr * 9 + bad_lr))
            L.append("[%s] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_cls.py', '--local_rank=5'] exits with return code = -6" % f_py(plus(t_as, 2.5)))
        else:
            tw = plus(t_as, 600.1)
            for lr in range(8):
                L += watchdog_timeout(nr * 8 + lr, plus(tw, rng.uniform(0, 0.8)), rng, 9114, "ALLREDUCE", 4718592, full=(lr in (0, 7)))
            L.append("[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (f_py(plus(tw, 2)), 24410 + nr * 9))
        c.write("%s/train_%s.log" % (h, h), L)
        boot = T("2024-06-01 03:00:00")
        ev = [(plus(t0, rng.randint(60, 4000)), "perf: interrupt took too long (2519 > 2500), lowering kernel.perf_event_max_sample_rate to 79250")]
        if nr == bad_nr:
            ev.append((plus(t_as, 1.1), "NVRM: Xid (PCI:0000:90:00): 43, pid=%d, name=python, Ch 00000010" % (24410 + nr * 9 + bad_lr)))
        c.write("%s/dmesg-T.txt" % h, dmesg_T(boot, rng, ev, 12))
    c.write("label_stats.txt", [
        "# python tools/label_stats.py --split train (run by the user after the crash)",
        "intent_id  count",
    ] + ["%9d  %d" % (i, 140000 + rng.randint(-9000, 9000)) for i in range(20)] + ["%9d  %d   <- 'billing_dispute' added in data v7" % (20, 3311)])
    c.set_label("user_code", "script", None, None, "stop",
                "Rank 13 on ml-a100-02 hits the NLL-loss device-side assertion `t >= 0 && t < n_classes` (labels 0..20 with num_labels=20, as the startup warning says); the other ranks merely time out ten minutes later. Xid 43 on that GPU is the driver tearing down the faulting application's channel, not a hardware fault.",
                "https://github.com/pytorch/PiPPy/issues/259")
    return c


# ==========================================================================
# ak20  Megatron VLM, DataLoader worker killed by kernel OOM killer (job's own workers)
# ==========================================================================

def ak20():
    c = Case("ak20_dataloader_worker_killed_by_signal", 120)
    rng = c.rng
    hosts = ["vlm-n1", "vlm-n2"]
    t0 = T("2025-05-12 02:00:00")
    t_oom = T("2025-05-12 03:26:44.000")
    for nr, h in enumerate(hosts):
        L = torchrun_rdzv(t0, h, nr, 2, GPUS, "vlm-n1")
        if nr == 0:
            L += [
                "  num_workers ..................................... 16",
                "  dataloader_prefetch_factor ...................... 8",
                "  dataloader_type ................................. external",
                "  image_size ...................................... 1344",
                "  dataset_config .................................. /data/cfg/mm_sft_mix_v3.yaml",
                "  decode_images_in_worker ......................... True",
            ]
        if nr == 1:
            t = plus(t0, 150)
            for it in range(10, 1461, 10):
                t = plus(t, 10 * (3.49 + rng.uniform(-0.05, 0.05)))
                if t > t_oom:
                    break
                L.append(megatron_iter(t, it, 20000, smooth_loss(rng, it, 1.9, 0.95, 400, 0.03), 3490 + rng.uniform(-40, 40), 1e-5, 128, grad=1.1 + rng.uniform(-0.2, 0.3)))
        if nr == 0:
            r = 3
            L += [
                "[rank%d]: Traceback (most recent call last):" % r,
                "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py\", line 1133, in _try_get_data" % r,
                "[rank%d]:     data = self._data_queue.get(timeout=timeout)" % r,
                "[rank%d]:   File \"/usr/lib/python3.10/queue.py\", line 180, in get" % r,
                "[rank%d]:     self.not_empty.wait(remaining)" % r,
                "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py\", line 67, in handler" % r,
                "[rank%d]:     _error_if_any_worker_fails()" % r,
                "[rank%d]: RuntimeError: DataLoader worker (pid 91822) is killed by signal: Killed. " % r,
                "[rank%d]: " % r,
                "[rank%d]: The above exception was the direct cause of the following exception:" % r,
                "[rank%d]: " % r,
                "[rank%d]:   File \"/opt/Megatron-LM/examples/multimodal/train.py\", line 412, in <module>" % r,
                "[rank%d]:     pretrain(" % r,
                "[rank%d]:   File \"/opt/Megatron-LM/megatron/training/training.py\", line 1322, in train" % r,
                "[rank%d]:     train_step(forward_step_func," % r,
                "[rank%d]: RuntimeError: DataLoader worker (pid(s) 91822) exited unexpectedly" % r,
            ]
            L += sigterm_lines(plus(t_oom, 3.1), [77610 + i for i in range(8) if i != 3], 77600)
            L += child_failed(plus(t_oom, 4.0), "examples/multimodal/train.py", h, 3, 3, 1, 77613)
        else:
            tw = plus(t_oom, 601.0)
            for lr in range(8):
                L += watchdog_timeout(8 + lr, plus(tw, rng.uniform(0, 0.5)), rng, 16221, "ALLREDUCE", 983040, full=(lr == 0))
            L += child_failed(plus(tw, 2.0), "examples/multimodal/train.py", h, 8, 0, -6, 66410)
        c.write("%s/torchrun.log" % h, L)
    boot = T("2025-05-09 10:00:00")
    ev = [
        (t_oom, "pt_data_worker invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0"),
        (t_oom, "CPU: 41 PID: 91830 Comm: pt_data_worker Tainted: P           OE     5.15.0-131-generic #141-Ubuntu"),
        (t_oom, "Mem-Info:"),
        (t_oom, "active_anon:252014433 inactive_anon:9121077 isolated_anon:0"),
        (t_oom, "Node 0 Normal free:112300kB boost:0kB min:112380kB low:1160420kB high:2208460kB"),
        (t_oom, "Tasks state (memory values in pages):"),
        (t_oom, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"),
    ]
    for i in range(8):
        ev.append((t_oom, "[  %d]     0 %d 62119021 12401932 107311104        0             0 python" % (77610 + i, 77610 + i)))
    for k in range(24):
        pid = 91800 + k
        rss = 3900000 + rng.randint(0, 600000) if pid != 91822 else 4335053
        ev.append((t_oom, "[  %d]     0 %d 64002211 %8d  39931904        0             0 pt_data_worker" % (pid, pid, rss)))
    ev.append((t_oom, "... (104 more pt_data_worker entries with similar rss)"))
    ev.append((t_oom, "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice/user-1004.slice/session-311.scope,task=pt_data_worker,pid=91822,uid=0"))
    ev.append((t_oom, "Out of memory: Killed process 91822 (pt_data_worker) total-vm:256008844kB, anon-rss:17340212kB, file-rss:2148kB, shmem-rss:84kB, UID:0 pgtables:38996kB oom_score_adj:0"))
    c.write("vlm-n1/dmesg-T.txt", dmesg_T(boot, rng, ev, 12))
    c.write("vlm-n2/free-g.txt", [
        "# free -g on vlm-n2 at 03:27 (taken while its ranks were still waiting)",
        "               total        used        free      shared  buff/cache   available",
        "Mem:            1007         961           9          38          37          11",
        "Swap:              0           0           0",
        "",
        "# ps -eo comm,rss --sort=-rss | awk '{s[$1]+=$2} END {for (k in s) print k, s[k]/1048576 \" GiB\"}'",
        "pt_data_worker 884.2 GiB   (128 processes)",
        "python 46.7 GiB            (8 processes)",
        "dockerd 0.3 GiB",
    ])
    c.set_label("oom", "framework", None, None, "stop",
                "Rank 3's DataLoader worker (pid 91822) was killed by the kernel OOM killer on vlm-n1; the OOM dump lists only the job's own python and pt_data_worker processes (8 ranks x 16 workers decoding 1344px images with prefetch 8), and vlm-n2 is at 961 of 1007 GiB with the same configuration. The job's data pipeline exhausts host memory; reduce workers/prefetch.",
                "https://github.com/alibaba/Pai-Megatron-Patch/issues/583")
    return c


CASES = [ak11, ak12, ak13, ak14, ak15, ak16, ak17, ak18, ak19, ak20]
