"""Application errors and numerical problems."""
from lib import (Bundle, T, add, glog, pylog, bracket, dmesg_T, rng, watchdog_timeout, child_failed_box,
                 torchrun_header, sacct, PCI)


def statedict_mismatch(name):
    b = Bundle(name)
    pods = ["llm-sft-worker-0", "llm-sft-worker-1"]
    t = T("2024-11-18 08:12:40.500")
    b.add("ticket.txt", [
        "Slack #gpu-oncall  Mon 2024-11-18 09:01 UTC",
        "Resuming our 8B SFT from last night's checkpoint fails right away on both pods. Nothing changed except we",
        "merged the tokenizer PR. Is the storage corrupting checkpoints again? Pod logs + job yaml attached.",
    ])
    for w, p in enumerate(pods):
        L = ["%s INFO  [launcher] torchrun --nnodes=2 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=llm-sft-worker-0:29400 sft.py --config cfg/sft_8b.yaml --resume latest" % pylog(add(t, -90))]
        L.append("%s INFO  [sft] tokenizer: /models/tok-v3 (vocab 128264 incl. 8 added special tokens)" % pylog(add(t, -40)))
        L.append("%s INFO  [sft] loading checkpoint /ckpt/llm-sft-8b/step_4000/model (sharded, 16 files)" % pylog(add(t, -30)))
        L.append("%s WARNING [py.warnings] /usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/filesystem.py:657: FutureWarning: `load_state_dict` is deprecated and will be removed in future versions. Please use `load` instead." % pylog(add(t, -29)))
        for lr in range(8):
            rk = w * 8 + lr
            L += ["[rank%d]: Traceback (most recent call last):" % rk,
                  "[rank%d]:   File \"/app/sft.py\", line 233, in <module>" % rk,
                  "[rank%d]:     main()" % rk,
                  "[rank%d]:   File \"/app/sft.py\", line 151, in main" % rk,
                  "[rank%d]:     model.load_state_dict(state[\"model\"], strict=True)" % rk,
                  "[rank%d]:   File \"/usr/local/lib/python3.11/site-packages/torch/nn/modules/module.py\", line 2584, in load_state_dict" % rk,
                  "[rank%d]:     raise RuntimeError(" % rk,
                  "[rank%d]: RuntimeError: Error(s) in loading state_dict for LlamaForCausalLM:" % rk,
                  "[rank%d]: \tsize mismatch for model.embed_tokens.weight: copying a param with shape torch.Size([128256, 4096]) from checkpoint, the shape in current model is torch.Size([128264, 4096])." % rk,
                  "[rank%d]: \tsize mismatch for lm_head.weight: copying a param with shape torch.Size([128256, 4096]) from checkpoint, the shape in current model is torch.Size([128264, 4096])." % rk]
        L.append("E%s torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: 61) of binary: /usr/local/bin/python" % add(t, 2).strftime("%m%d %H:%M:%S.%f"))
        b.add("pods/%s.log" % p, L)
    b.add("pytorchjob.yaml", ["apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: llm-sft", "spec:",
                              "  pytorchReplicaSpecs:", "    Worker:", "      replicas: 2", "      restartPolicy: OnFailure",
                              "      template:", "        spec:", "          containers:", "          - name: pytorch",
                              "            image: registry.lab/llm/sft:2024.11.17", "            args: [\"--config\", \"cfg/sft_8b.yaml\", \"--resume\", \"latest\"]",
                              "            resources:", "              limits:", "                nvidia.com/gpu: 8"])
    b.add("kubectl_get_pods.txt", ["NAME               READY   STATUS             RESTARTS      AGE",
                                   "llm-sft-worker-0   0/1     CrashLoopBackOff   4 (31s ago)   6m",
                                   "llm-sft-worker-1   0/1     CrashLoopBackOff   4 (29s ago)   6m"])
    b.label("user_code", "script", None, "stop",
            "Every rank on both pods raises the same size mismatch for embed_tokens/lm_head (128256 in the checkpoint vs 128264 after the new tokenizer added 8 tokens); it is deterministic and comes from the job's own change, not storage, so restarting will not help.",
            "https://github.com/wjn922/ReferFormer/issues/31")
    return b


def device_assert(name):
    b = Bundle(name)
    r = rng(3715)
    nodes = ["gpu-k%02d" % i for i in (1, 2, 5, 6)]
    t = T("2024-11-21 13:40:02.000")
    b.add("ticket.txt", [
        "Ticket HPC-20950  Thu 2024-11-21 14:10 (US/Central)",
        "Switched our code-LM fine-tune to the new 'stack-v3' mixture and it crashes in the first ~30 steps with a",
        "device-side assert. There is an Xid in dmesg on gpu-k02 so maybe it's the GPU? Logs of all 4 nodes attached.",
    ])
    sbatch = ["#!/bin/bash", "#SBATCH -N 4 --gpus-per-node=8 --ntasks-per-node=1 -t 2-00:00:00 -p a100", "export DATA_MIX=stack-v3",
              "srun torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint $(hostname):29500 \\",
              "    finetune.py --model /models/codegen-7b --tokenizer /models/tok-code-v3 --data $DATA_MIX --bf16"]
    b.add("job.sbatch", sbatch)
    hit = {1: (12, 27.3), 2: (22, 27.9), 3: (29, 28.6), 0: (3, 29.4)}
    for i, n in enumerate(nodes):
        L = torchrun_header(add(t, -120), 4, 8, "gpu-k01:29500", "ft-%d" % 4410871)
        if i == 0:
            L += ["[default0]:%s - INFO - finetune - tokenizer vocab_size=50432 (added 128 FIM/code tokens)" % pylog(add(t, -60)),
                  "[default0]:%s - INFO - finetune - model embed_tokens: 50304 x 4096 (from /models/codegen-7b/config.json)" % pylog(add(t, -55)),
                  "[default0]:%s - INFO - finetune - skip_resize_embeddings=True (config)" % pylog(add(t, -54))]
            for s in range(1, 25, 4):
                L.append("[default0]:{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.2e, 'epoch': 0.0}" % (1.41 + r.uniform(-0.1, 0.1), r.uniform(1, 3), 2e-5 * s / 100))
        rk, dt = hit[i]
        lr = rk - i * 8
        ts = add(t, dt)
        for th in range(96, 100):
            L.append("[default%d]:../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [%d,0,0], thread: [%d,0,0] Assertion `srcIndex < srcSelectDimSize` failed." % (lr, 118 + i, th))
        L += ["[default%d]:[rank%d]: Traceback (most recent call last):" % (lr, rk),
              "[default%d]:[rank%d]:   File \"/work/finetune.py\", line 318, in <module>" % (lr, rk),
              "[default%d]:[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/transformers/models/llama/modeling_llama.py\", line 912, in forward" % (lr, rk),
              "[default%d]:[rank%d]:     inputs_embeds = self.embed_tokens(input_ids)" % (lr, rk),
              "[default%d]:[rank%d]: RuntimeError: CUDA error: device-side assert triggered" % (lr, rk),
              "[default%d]:[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % (lr, rk),
              "[default%d]:[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % (lr, rk)]
        L.append("E%s torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (add(ts, 1.4).strftime("%m%d %H:%M:%S.%f"), lr, 30110 + rk))
        b.add("%s/torchrun.out" % n, L)
    b.add("gpu-k02/dmesg_tail.txt", [
        "%s NVRM: Xid (PCI:%s): 13, pid=30122, name=python3, Graphics SM Warp Exception on (GPC 2, TPC 3, SM 1): Out Of Range Address" % (dmesg_T(add(t, 27.9)), PCI[4]),
        "%s NVRM: Xid (PCI:%s): 13, pid=30122, name=python3, Graphics SM Global Exception on (GPC 2, TPC 3, SM 1): Multiple Warp Errors" % (dmesg_T(add(t, 27.9)), PCI[4]),
        "%s NVRM: Xid (PCI:%s): 43, pid=30122, name=python3, Ch 00000010" % (dmesg_T(add(t, 28.0)), PCI[4])])
    b.label("user_code", "script", None, "stop",
            "Ranks on four different nodes hit the same embedding index assertion within seconds: the new tokenizer has 50432 tokens but the model embedding has 50304 rows and resizing is disabled. The Xid 13/43 on gpu-k02 belongs to the crashing process itself, so it is not a hardware fault.",
            "https://github.com/sillsdev/silnlp/issues/1033")
    return b


def keyerror_requeue(name):
    b = Bundle(name)
    r = rng(3716)
    b.add("ticket.txt", [
        "PAGE #4430  Wed 2024-11-20 17:44 UTC",
        "clip-b16 crashed at step 18432, got requeued by Slurm onto other nodes, crashed again at 18432. Suspect bad",
        "node? Both attempts' outputs in one file (slurm appends), plus sacct.",
    ])
    att = [("gpu-k[02-05]", ["gpu-k02", "gpu-k03", "gpu-k04", "gpu-k05"], T("2024-11-20 15:58:11")),
           ("gpu-k[09-12]", ["gpu-k09", "gpu-k10", "gpu-k11", "gpu-k12"], T("2024-11-20 17:31:40"))]
    L = []
    for a, (nl, nodes, tf) in enumerate(att):
        if a == 1:
            L.append("slurmstepd: error: *** JOB 905521 ON gpu-k02 CANCELLED AT 2024-11-20T16:01:33 DUE TO JOB REQUEUE ***")
            L.append("==== requeued: SLURM_RESTART_COUNT=1 nodes=%s ====" % nl)
        L.append("0: [%s] resuming from /ckpt/clip-b16/step_18000 (data sampler state: epoch 3, index 1179648)" % pylog(add(tf, -700)))
        ts = add(tf, -650)
        for s in range(18000, 18432, 48):
            L.append("0: [%s] step %d  loss %.4f  acc@1 %.3f  lr 4.1e-04  imgs/s %d" % (pylog(ts), s, 2.88 + r.uniform(-0.03, 0.03), 0.412 + r.uniform(-0.01, 0.01), 24100 + r.randint(-200, 200)))
            ts = add(ts, 70)
        k = 0
        L += ["%d: [rank5]: Traceback (most recent call last):" % k,
              "%d: [rank5]:   File \"/home/mm/clip/train.py\", line 402, in <module>" % k,
              "%d: [rank5]:   File \"/home/mm/clip/train.py\", line 287, in train_one_epoch" % k,
              "%d: [rank5]:     for i, batch in enumerate(loader):" % k,
              "%d: [rank5]:   File \"/usr/lib/python3/dist-packages/torch/utils/data/dataloader.py\", line 1344, in _next_data" % k,
              "%d: [rank5]:     return self._process_data(data)" % k,
              "%d: [rank5]:   File \"/usr/lib/python3/dist-packages/torch/_utils.py\", line 706, in reraise" % k,
              "%d: [rank5]: KeyError: Caught KeyError in DataLoader worker process 3." % k,
              "%d: [rank5]: Original Traceback (most recent call last):" % k,
              "%d: [rank5]:   File \"/usr/lib/python3/dist-packages/torch/utils/data/_utils/worker.py\", line 309, in _worker_loop" % k,
              "%d: [rank5]:   File \"/home/mm/clip/data/wds_pipeline.py\", line 141, in decode_sample" % k,
              "%d: [rank5]:     text = sample[\"txt\"] if \"txt\" in sample else sample[\"caption\"]" % k,
              "%d: [rank5]: KeyError: 'caption'" % k,
              "%d: [rank5]: (sample __key__='s3-laion-aug/part-00731/000731_04412', __url__='/datasets/laion-aug/part-00731.tar')" % k]
        for j in range(1, 4):
            L += ["%d: %s" % (j, x) for x in watchdog_timeout(j * 8 + 1, add(tf, 600.2 + j * 0.1), 1843211 if a == 0 else 1843211, "ALLREDUCE", 149620736, 600000)[:2]]
        L.append("0: E%s torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 5 (pid: %d) of binary: /usr/bin/python3" % (add(tf, 1.2).strftime("%m%d %H:%M:%S.%f"), 8805 + a * 100))
    L.append("slurmstepd: error: *** JOB 905521 ON gpu-k09 CANCELLED AT 2024-11-20T17:41:52 ***")
    b.add("slurm-905521.out", L)
    b.add("sacct.txt", sacct([("905521", "clip-b16", "a100", "mm", "256", "REQUEUED", "0:0", "2024-11-20T08:02:10", "2024-11-20T16:01:33", "gpu-k[02-05]"),
                              ("905521", "clip-b16", "a100", "mm", "256", "FAILED", "1:0", "2024-11-20T16:09:51", "2024-11-20T17:41:52", "gpu-k[09-12]")]))
    b.label("user_code", "script", None, "stop",
            "Both attempts, on disjoint node sets, fail at step 18432 on rank 5 with KeyError 'caption' for the same sample in part-00731.tar; the same error at the same iteration on different nodes is a data/code problem, not a bad node.",
            "https://github.com/cure-lab/MagicDrive/issues/91")
    return b


def deepspeed_batch_config(name):
    b = Bundle(name)
    nodes = ["hgx-g%02d" % i for i in range(1, 7)]
    t = T("2024-11-19 10:02:31.118")
    b.add("ticket.txt", [
        "Slack #gpu-oncall  Tue 2024-11-19 10:15 (Asia/Singapore)",
        "Moved our RLHF actor training from 4 to 6 nodes to go faster and now it exits within a minute of launch. All",
        "nodes print the same assertion. Logs + ds config.",
    ])
    for i, n in enumerate(nodes):
        L = ["[%s] [INFO] [real_accelerator.py:219:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % pylog(add(t, -20)),
             "[%s] [INFO] [comm.py:652:init_distributed] cdb=None" % pylog(add(t, -8))]
        if i == 0:
            L.append("[%s] [INFO] [comm.py:683:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl" % pylog(add(t, -7)))
            L.append("[%s] [WARNING] [config_utils.py:70:_process_deprecated_field] Config parameter cpu_offload is deprecated use offload_optimizer instead" % pylog(add(t, -2)))
        for lr in range(8):
            rk = i * 8 + lr
            L += ["[rank%d]: Traceback (most recent call last):" % rk,
                  "[rank%d]:   File \"/opt/rlhf/train_ppo.py\", line 418, in <module>" % rk,
                  "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/config.py\", line 963, in _configure_train_batch_size" % rk,
                  "[rank%d]:     self._batch_assertion()" % rk,
                  "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/config.py\", line 911, in _batch_assertion" % rk,
                  "[rank%d]:     assert train_batch == micro_batch * grad_acc * self.world_size, (" % rk,
                  "[rank%d]: AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 512 != 4 * 4 * 48" % rk]
        b.add("%s/deepspeed_launcher.log" % n, L)
    b.add("ds_config.json", ["{", "  \"train_batch_size\": 512,", "  \"train_micro_batch_size_per_gpu\": 4,",
                             "  \"gradient_accumulation_steps\": 4,", "  \"bf16\": {\"enabled\": true},",
                             "  \"zero_optimization\": {\"stage\": 3, \"cpu_offload\": false, \"overlap_comm\": true}", "}"])
    b.add("hgx-g04/dmesg_tail.txt", ["%s NVRM: Xid (PCI:0000:ab:00): 94, pid=2210, name=python3, Contained: SM (0x1). RST: No, D-RST: No" % dmesg_T(T("2024-11-11 03:40:12")),
                                     "%s nvidia 0000:ab:00.0: GPU reset completed by node-health (row remap applied)" % dmesg_T(T("2024-11-11 03:52:40"))])
    b.label("user_code", "script", None, "stop",
            "All 48 ranks on all six nodes fail the same DeepSpeed batch assertion: 512 != 4 x 4 x 48 after the job grew from 32 to 48 GPUs without adjusting train_batch_size; a bad launch config that restarting cannot fix (the week-old Xid 94 on hgx-g04 is unrelated).",
            "https://github.com/OpenRLHF/OpenRLHF/issues/346")
    return b


# ---------------------------------------------------------------------------
def nan_recipe(name):
    b = Bundle(name)
    r = rng(3718)
    b.add("ticket.txt", [
        "PAGE #4403  Mon 2024-11-18 21:50 UTC",
        "gpt-3b-ablation-lr6e3: loss went NaN around iteration 2300, job aborted. We suspected gpu-r07 (it had an Xid last",
        "month) so the second attempt excluded it; NaN again at the same place. Both attempts attached + config.",
    ])
    att = [("gpu-r[03-10]", T("2024-11-18 17:02:00")), ("gpu-r[11-18]", T("2024-11-18 20:12:00"))]
    for a, (nl, t0) in enumerate(att):
        L = ["[launch] SLURM_JOB_NODELIST=%s" % nl,
             "> learning rate decay style: cosine", "> lr-warmup-iters: 2000, lr: 6.0e-03, min-lr: 6.0e-04, clip-grad: 0.0"]
        ts = t0
        loss = 3.9
        for it in range(2200, 2330, 10):
            gn = 0.9 if it < 2280 else (3.1 if it < 2300 else (41.7 if it < 2310 else float("nan")))
            loss = max(2.55, loss - 0.01) if it < 2290 else (loss + 0.8 if it < 2310 else float("nan"))
            nan_it = 0 if it < 2310 else 10
            L.append(" %s iteration %8d/   60000 | consumed samples: %10d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size:   512 | lm loss: %s | loss scale: 1.0 | grad norm: %s | number of skipped iterations:   0 | number of nan iterations: %3d |"
                     % (bracket(ts), it, it * 512, 612 + r.uniform(-8, 8), 6e-3 * min(1.0, it / 2000.0), "%.6E" % loss if loss == loss else "nan", "%.3f" % gn if gn == gn else "nan", nan_it))
            ts = add(ts, 6.1)
        L += ["Traceback (most recent call last):",
              "  File \"/workspace/Megatron-LM/pretrain_gpt.py\", line 262, in <module>",
              "  File \"/workspace/Megatron-LM/megatron/training/training.py\", line 1257, in train_step",
              "    assert not (loss_is_nan), 'found NaN in local forward loss calculation. Device: %d, node: %s'" % (3 if a == 0 else 6, "gpu-r05" if a == 0 else "gpu-r14"),
              "AssertionError: found NaN in local forward loss calculation. Device: %d, node: %s" % (3 if a == 0 else 6, "gpu-r05" if a == 0 else "gpu-r14")]
        b.add("attempt%d_slurm-%d.out" % (a + 1, 899140 + a), L)
    b.add("config_gpt3b_lr6e3.yaml", ["model: gpt-3b", "seq_length: 4096", "global_batch_size: 512", "micro_batch_size: 4",
                                      "lr: 6.0e-3        # sweep point 4/5 (baseline 3.0e-4)", "min_lr: 6.0e-4", "lr_warmup_iters: 2000",
                                      "clip_grad: 0.0    # disabled for the sweep", "bf16: true", "init_method_std: 0.02"])
    b.add("gpu-r07_dmesg_old.txt", ["%s NVRM: Xid (PCI:0000:9a:00): 48, pid=10223, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % dmesg_T(T("2024-10-21 11:03:44")),
                                    "%s NVRM: GPU 0000:9a:00.0: RMA replacement completed, serial 1652922019921" % dmesg_T(T("2024-10-29 09:00:00"))])
    b.label("numerical", "script", None, "stop",
            "Both attempts, on disjoint node sets (gpu-r07 excluded in the second), diverge the same way: grad norm grows from ~0.9 to 40+ and the loss goes NaN at iteration ~2310 as warm-up reaches lr 6e-3 with gradient clipping off; it is the recipe, not a node.",
            "https://github.com/facebookresearch/maskrcnn-benchmark/issues/295")
    return b


def nan_follows_node(name):
    b = Bundle(name)
    r = rng(3719)
    b.add("ticket.txt", [
        "Ticket HPC-20962  Fri 2024-11-22 16:30 (US/Pacific)",
        "torchtitan llama-13b: three NaN aborts in two days, each at a different step, each after resuming from the",
        "last good checkpoint. Seems random. Third attempt had TORCH_NCCL_NAN_CHECK=1. Logs of the three attempts,",
        "and the node lists from sacct.",
    ])
    atts = [("gpu-m[09-16]", ["gpu-m%02d" % i for i in range(9, 17)], 812, T("2024-11-21 02:11:09")),
            ("gpu-m[03-06,13-16]", ["gpu-m03", "gpu-m04", "gpu-m05", "gpu-m06", "gpu-m13", "gpu-m14", "gpu-m15", "gpu-m16"], 1540, T("2024-11-21 19:45:51")),
            ("gpu-m[01,02,14,17-21]", ["gpu-m01", "gpu-m02", "gpu-m14", "gpu-m17", "gpu-m18", "gpu-m19", "gpu-m20", "gpu-m21"], 2207, T("2024-11-22 13:02:27"))]
    rows = []
    for a, (nl, nodes, step_nan, tf) in enumerate(atts):
        start = [0, 800, 1500][a]
        L = ["[rank0]:[titan] %s - root - INFO - Starting job: llama-13b-pretrain (attempt %d, nodes %s)" % (pylog(add(tf, -3000)), a + 1, nl)]
        if start:
            L.append("[rank0]:[titan] %s - root - INFO - Loading the checkpoint at step %d." % (pylog(add(tf, -2990)), start))
        ts = add(tf, -(step_nan - start) * 2.4)
        for s in range(start + 10, step_nan, 50):
            L.append("[rank0]:[titan] %s - root - INFO - step: %4d  loss: %7.4f  memory: 64.02GiB(80.88%%)  tps: 3,411  tflops: 331.20  mfu: 33.49%%" % (pylog(ts), s, 2.9 - s * 2e-4 + r.uniform(-0.03, 0.03)))
            ts = add(ts, 120)
        L.append("[rank0]:[titan] %s - root - INFO - step: %4d  loss:     nan  memory: 64.02GiB(80.88%%)  tps: 3,409  tflops: 331.01  mfu: 33.47%%" % (pylog(tf), step_nan))
        bi = nodes.index("gpu-m14")
        if a == 2:
            L.append("[rank%d]:[%s %d ProcessGroupNCCL.cpp:3012] [PG ID 1 PG GUID 1(dp_shard) Rank %d] NaN detected in input of collective _REDUCE_SCATTER_BASE (TORCH_NCCL_NAN_CHECK), rank %d host gpu-m14 device 6"
                     % (bi * 8 + 6, glog(add(tf, -2.3)), 4411, bi * 8 + 6, bi * 8 + 6))
        L.append("[rank0]:[titan] %s - root - ERROR - Loss is NaN at step %d, aborting (nan_policy=abort)" % (pylog(add(tf, 0.2)), step_nan))
        b.add("attempt%d/torchtitan_rank0.log" % (a + 1), L)
        rows.append(("9071%02d_%d" % (40, a), "llama13b", "h100", "lm", "1536", "FAILED", "1:0", iso_(add(tf, -4000)), iso_(add(tf, 20)), nl))
    b.add("sacct.txt", sacct(rows))
    b.add("gpu-m14/dcgmi_diag_r1.txt", ["+---------------------------+------------------------------------------------+",
                                        "| Diagnostic                | Result                                         |",
                                        "+===========================+================================================+",
                                        "| Deployment                | Pass                                           |",
                                        "| Page Retirement/Row Remap | Pass                                           |",
                                        "+---------------------------+------------------------------------------------+",
                                        "(run level 1 only; level 3 not run - node was in use)"])
    b.label("gpu_hardware", "infrastructure", {"node": "gpu-m14"}, "restart_without_node",
            "The three NaN aborts happen at different steps on different node sets, and gpu-m14 is the only node present in all three; in the third attempt the NCCL NaN check pins the first NaN to rank 22 on gpu-m14 device 6. A NaN that follows one node is that node's GPU, so exclude it (the level-1 diag says nothing).",
            "https://github.com/pytorch/torchtitan/issues/951")
    return b


def iso_(ts):
    return ts.strftime("%Y-%m-%dT%H:%M:%S")


def fp16_scale_min(name):
    b = Bundle(name)
    r = rng(3720)
    nodes = ["v100-n07", "v100-n08"]
    t = T("2024-11-23 04:41:18")
    b.add("ticket.txt", [
        "PAGE #4455  Sat 2024-11-23 05:00 UTC",
        "bert-large-mlm on the old V100 partition (2 nodes) exits with 'Current loss scale already at minimum'.",
        "Happened after ~3h. Launcher logs of both nodes attached.",
    ])
    for i, n in enumerate(nodes):
        L = []
        ts = add(t, -200)
        scale = 1024.0
        st = 21880
        while scale >= 1:
            rk0 = i * 8
            L.append("[%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank %d Skipping step. Attempted loss scale: %d, reducing to %d" % (pylog(ts), rk0, int(scale), max(1, int(scale // 2))))
            if i == 0 and scale in (1024.0, 64.0, 4.0):
                L.append("[%s] [INFO] [logging.py:128:log_dist] [Rank 0] step=%d, skipped=%d, lr=[9.7e-05], mom=[(0.9, 0.999)]" % (pylog(ts), st, 11 - int(__import__('math').log2(scale))))
            scale /= 2
            st += 1
            ts = add(ts, 1.9)
        for lr in range(8):
            rk = i * 8 + lr
            L += ["[rank%d]: Traceback (most recent call last):" % rk,
                  "[rank%d]:   File \"/work/bert/run_pretraining.py\", line 611, in <module>" % rk,
                  "[rank%d]:   File \"/usr/local/lib/python3.8/dist-packages/deepspeed/runtime/fp16/loss_scaler.py\", line 175, in update_scale" % rk,
                  "[rank%d]:     raise Exception(" % rk,
                  "[rank%d]: Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run." % rk]
        b.add("%s/launcher.log" % n, L)
    b.add("ds_config_bert.json", ["{", "  \"train_batch_size\": 4096,", "  \"fp16\": {\"enabled\": true, \"loss_scale\": 0, \"initial_scale_power\": 16, \"min_loss_scale\": 1, \"hysteresis\": 2},",
                                  "  \"optimizer\": {\"type\": \"Lamb\", \"params\": {\"lr\": 1.0e-3, \"weight_decay\": 0.01}},",
                                  "  \"gradient_clipping\": 0.0", "}"])
    b.add("loss_curve_tb_export.csv", ["step,lm_loss,loss_scale"] +
          ["%d,%.4f,%d" % (s, 1.9 - s * 2e-5 + (0.0 if s < 21700 else (s - 21700) * 0.004), 1024 if s < 21860 else 16) for s in range(21000, 21880, 40)])
    b.label("numerical", "script", None, "stop",
            "Every rank on both nodes overflows on every step until the fp16 dynamic loss scale hits its minimum and DeepSpeed aborts; the loss had been rising for ~150 steps with clipping disabled, which is the recipe's fp16 divergence rather than any node.",
            "https://github.com/yangjianxin1/Firefly/issues/68")
    return b
