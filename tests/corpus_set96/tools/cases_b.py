"""Cases co10-co19 (DeepSpeed, uneven data, k8s, NVLink, ECC, MCE, compile, stragglers)."""
import sys

sys.dont_write_bytecode = True

import random  # noqa: E402

from cases_a import healthy_node_files, label, sbatch, torchrun_header  # noqa: E402
from lib import (  # noqa: E402
    A100_4_BUS, H100_BUS, TP, Bundle, Timeline, agent_sigterm_lines, dmesg_lines, dt, epoch, gpu_list, ibstat,
    iso, kernlog_lines, megatron_iter, nccl_init_block, nvsmi_q, pin_memory_thread, plus, pylog_ts,
    pyspy_dump, sacct, syslog_ts, torchrun_child_failed, watchdog_block, glog,
)


# =====================================================================================
def co10(name):
    rng = random.Random(9610)
    b = Bundle()
    nodes = ["worker-0", "worker-1"]
    t0 = dt(2024, 8, 14, 2, 11, 5)
    boot = dt(2024, 8, 1, 6, 0, 0)
    tl = Timeline()
    tl.add(t0, "[%s] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: worker-0,worker-1" % pylog_ts(t0, 221))
    tl.add(t0, "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w worker-0,worker-1 export PYTHONPATH=/workspace/sft;  cd /workspace/sft; /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJ3b3JrZXItMCI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XSwgIndvcmtlci0xIjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddfQ== --node_rank=%%n --master_addr=10.1.0.11 --master_port=29500 train.py --deepspeed ds_config_zero2.json --save_steps 2000 --output_dir /ckpt/sft-llama3-8b" % pylog_ts(t0, 222))
    pids = {0: [51234 + i for i in range(8)], 1: [50877 + i for i in range(8)]}
    for n, h in enumerate(nodes):
        t = plus(t0, 4)
        tl.add(t, "%s: [%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'worker-0': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-1': [0, 1, 2, 3, 4, 5, 6, 7]}" % (h, pylog_ts(t, 12)))
        tl.add(t, "%s: [%s] [INFO] [launch.py:152:main] nnodes=2, num_local_procs=8, node_rank=%d" % (h, pylog_ts(t, 13), n))
        tl.add(t, "%s: [%s] [INFO] [launch.py:164:main] dist_world_size=16" % (h, pylog_ts(t, 14)))
        for lr in range(8):
            tl.add(t, "%s: [%s] [INFO] [launch.py:256:main] process %d spawned with command: ['/usr/bin/python3', '-u', 'train.py', '--local_rank=%d', '--deepspeed', 'ds_config_zero2.json', '--save_steps', '2000', '--output_dir', '/ckpt/sft-llama3-8b']" % (h, pylog_ts(t, 20 + lr), pids[n][lr], lr))
    t = plus(t0, 75)
    tl.add(t, "worker-0: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.14.4, git-hash=unknown, git-branch=unknown" % pylog_ts(t, 301))
    tl.add(t, "worker-0: [%s] [INFO] [config.py:1000:print] zero_optimization ............ stage=2 contiguous_gradients=True reduce_scatter=True reduce_bucket_size=500000000 overlap_comm=True" % pylog_ts(t, 410))
    step = 0
    t = plus(t, 30)
    while step < 2000:
        step += 10
        t = plus(t, 10 * rng.uniform(1.11, 1.16))
        tl.add(t, "worker-0: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.10f], mom=[(0.9, 0.95)]" % (pylog_ts(t, rng.randint(0, 999)), step, 2e-5 * min(1, step / 200)))
        if step % 50 == 0:
            tl.add(t, "worker-0: [%s] [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.3f, CurrSamplesPerSec=%.3f, MemAllocated=18.94GB, MaxMemAllocated=41.07GB" % (
                pylog_ts(t, rng.randint(0, 999)), step * 4, step, rng.uniform(55.1, 55.9), rng.uniform(53, 57)))
            tl.add(t, "worker-0: {'loss': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}" % (1.6 - step * 0.0002 + rng.uniform(-0.03, 0.03), 2e-5, step / 6200))
    t_ck = plus(t, 1)
    tl.add(t_ck, "worker-0: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] [Torch] Checkpoint global_step2000 is about to be saved!" % pylog_ts(t_ck, 104))
    tl.add(t_ck, "worker-0: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] Saving model checkpoint: /ckpt/sft-llama3-8b/global_step2000/mp_rank_00_model_states.pt" % pylog_ts(t_ck, 118))
    tl.add(t_ck, "worker-0: [%s] [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving /ckpt/sft-llama3-8b/global_step2000/mp_rank_00_model_states.pt..." % pylog_ts(t_ck, 119))
    t2 = plus(t_ck, 31)
    tl.add(t2, "worker-0: [%s] [INFO] [torch_checkpoint_engine.py:23:save] [Torch] Saved /ckpt/sft-llama3-8b/global_step2000/mp_rank_00_model_states.pt." % pylog_ts(t2, 877))
    tl.add(t2, "worker-0: [%s] [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving /ckpt/sft-llama3-8b/global_step2000/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt..." % pylog_ts(t2, 902))
    t3 = plus(t2, 9)
    tl.add(t3, "worker-0: [%s] [INFO] [torch_checkpoint_engine.py:23:save] [Torch] Saved /ckpt/sft-llama3-8b/global_step2000/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt." % pylog_ts(t3, 14))
    tl.add(t3, "worker-0: [%s] [INFO] [engine.py:3536:_save_zero_checkpoint] zero checkpoint saved /ckpt/sft-llama3-8b/global_step2000/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt" % pylog_ts(t3, 15))
    t_wd = plus(t_ck, 1800 + 6)
    for r in range(16):
        n, lr = divmod(r, 8)
        tt = plus(t_wd, rng.randint(0, 3))
        if r == 0:
            blk = watchdog_block(r, tt, rng.randint(1, 900000000), 48213, "ALLREDUCE", 1, 1800000, 1800000 + rng.randint(5, 80), 48213, 48212)
        else:
            blk = watchdog_block(r, tt, rng.randint(1, 900000000), 48213, "_REDUCE_SCATTER_BASE", 250003456, 1800000, 1800000 + rng.randint(5, 80), 48214, 48212, world=16)
        tl.extend(tt, ["%s: %s" % (nodes[n], x) for x in blk[:5]])
    tk = plus(t_wd, 5)
    for n, h in enumerate(nodes):
        lrf = 0 if n == 0 else 2
        tl.add(tk, "%s: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (h, pylog_ts(tk, 100), pids[n][lrf]))
        tl.add(tk, "%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=%d', '--deepspeed', 'ds_config_zero2.json', '--save_steps', '2000', '--output_dir', '/ckpt/sft-llama3-8b'] exits with return code = -6" % (h, pylog_ts(tk, 330), lrf))
    tl.add(plus(tk, 2), "pdsh@worker-0: worker-1: ssh exited with exit code 250")
    tl.add(plus(tk, 2), "pdsh@worker-0: worker-0: ssh exited with exit code 250")
    b.add("deepspeed_launch.log", tl.render())
    b.add("hostfile", ["worker-0 slots=8", "worker-1 slots=8"])
    b.add("ds_config_zero2.json", ['{', '  "bf16": {"enabled": true},', '  "zero_optimization": {"stage": 2, "overlap_comm": true, "contiguous_gradients": true,',
                                   '                        "reduce_bucket_size": 5e8, "allgather_bucket_size": 5e8},',
                                   '  "gradient_accumulation_steps": 4, "train_micro_batch_size_per_gpu": 4, "gradient_clipping": 1.0,',
                                   '  "steps_per_print": 10, "wall_clock_breakdown": false', '}'])
    b.add("train_excerpt.py", [
        "# train.py, lines 188-206 (custom loop around deepspeed.initialize)",
        "    for step, batch in enumerate(train_loader, start=1):",
        "        loss = model_engine(**batch).loss",
        "        model_engine.backward(loss)",
        "        model_engine.step()",
        "        if step % args.save_steps == 0 and torch.distributed.get_rank() == 0:",
        "            # only the main process writes checkpoints",
        "            model_engine.save_checkpoint(args.output_dir, tag=f\"global_step{step}\")",
        "            tokenizer.save_pretrained(os.path.join(args.output_dir, f\"global_step{step}\"))",
    ])
    snap = plus(t_ck, 600)
    ds = "/usr/local/lib/python3.10/dist-packages/deepspeed/"
    r0 = [("barrier", TP + "torch/distributed/distributed_c10d.py", 4159),
          ("wrapper", TP + "torch/distributed/c10d_logger.py", 83),
          ("barrier", ds + "comm/torch.py", 396),
          ("barrier", ds + "comm/comm.py", 411),
          ("log_wrapper", ds + "comm/comm.py", 117),
          ("save_checkpoint", ds + "runtime/engine.py", 3180),
          ("main", "/workspace/sft/train.py", 195),
          ("<module>", "/workspace/sft/train.py", 240)]
    rn = [("reduce_scatter_tensor", TP + "torch/distributed/distributed_c10d.py", 3979),
          ("reduce_scatter_fn", ds + "comm/comm.py", 263),
          ("average_tensor", ds + "runtime/zero/stage_1_and_2.py", 1066),
          ("reduce_ipg_grads", ds + "runtime/zero/stage_1_and_2.py", 1413),
          ("reduce_independent_p_g_buckets_and_remove_grads", ds + "runtime/zero/stage_1_and_2.py", 956),
          ("reduce_partition_and_remove_grads", ds + "runtime/zero/stage_1_and_2.py", 1326),
          ("_engine_run_backward", TP + "torch/autograd/graph.py", 825),
          ("backward", TP + "torch/_tensor.py", 581),
          ("backward", ds + "runtime/zero/stage_1_and_2.py", 2056),
          ("backward", ds + "runtime/engine.py", 2020),
          ("main", "/workspace/sft/train.py", 191),
          ("<module>", "/workspace/sft/train.py", 240)]
    for n, h in enumerate(nodes):
        parts = ["# sudo py-spy dump for each train.py pid on %s at %s" % (h, iso(snap)), ""]
        for lr in range(8):
            r = n * 8 + lr
            parts.append(pyspy_dump(pids[n][lr], "/usr/bin/python3 -u train.py --local_rank=%d --deepspeed ds_config_zero2.json (RANK=%d)" % (lr, r), [
                (pids[n][lr], "idle", "MainThread", r0 if r == 0 else rn)]))
        b.add(h + "/py-spy-dump.txt", parts)
        healthy_node_files(b, rng, h, snap, H100_BUS, boot)
    lab = label("user_code", "script", None, None, "stop",
                "The script calls model_engine.save_checkpoint() only when rank == 0, but DeepSpeed's save_checkpoint is collective: rank 0 writes its shard and then sits in the engine's barrier (py-spy, watchdog ALLREDUCE numel 1) while ranks 1-15 have moved on to step 2001 and wait in the ZeRO-2 reduce-scatter. No hardware or node issue; every rank must call save_checkpoint.",
                "https://github.com/deepspeedai/DeepSpeed/issues/2993")
    return b, lab


# =====================================================================================
def co11(name):
    rng = random.Random(9611)
    b = Bundle()
    nodes = ["trn-a1", "trn-a2"]
    t0 = dt(2025, 6, 2, 13, 0, 1)
    boot = dt(2025, 5, 29, 8, 0, 0)
    tl = Timeline()
    tl.add(t0, "$ pdsh -w trn-a[1-2] 'cd /data/asr && ./launch.sh'   # launch.sh: torchrun --nnodes 2 --nproc-per-node 8 --rdzv-endpoint trn-a1:29400 train_asr.py --cfg conf/conformer_l.yaml")
    agent = [7701, 7810]
    for n, h in enumerate(nodes):
        tl.extend(t0, ["%s: %s" % (h, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 30)
    for r in range(16):
        n = r // 8
        sh = 62 if r == 11 else 63
        tl.add(t, "%s: [rank%d] %s INFO data.py:77 webdataset shards assigned: %d of 1007 (split_by_node+split_by_worker, resampled=False, drop_last shards=False) -> %d utterances" % (
            nodes[n], r, t.strftime("%H:%M:%S"), sh, sh * 16384 - (0 if r != 11 else 0)))
    step = 0
    t = plus(t, 20)
    while step < 8050:
        step += 50
        t = plus(t, 50 * rng.uniform(0.43, 0.45))
        tl.add(t, "trn-a1: [rank0] %s INFO train_asr.py:310 epoch 0 step %d ctc %.3f att %.3f wer_est %.3f lr %.2e" % (
            t.strftime("%H:%M:%S"), step, 2.1 - step * 0.0001 + rng.uniform(-0.02, 0.02), 1.3 - step * 0.00007, 0.3 - step * 0.00001, 1e-3))
    t = plus(t, 12 * 0.44)
    t_end = t
    tl.add(t_end, "trn-a2: [rank11] %s INFO train_asr.py:322 epoch 0: train iterator exhausted after 8062 steps, entering validation" % t_end.strftime("%H:%M:%S"))
    tl.add(plus(t_end, 1), "trn-a2: [rank11] %s INFO train_asr.py:341 validation: reducing loss sums across ranks" % plus(t_end, 1).strftime("%H:%M:%S"))
    t_wd = plus(t_end, 1800 + 3)
    seq = 129041
    for r in range(16):
        n = r // 8
        tt = plus(t_wd, rng.randint(0, 2))
        if r == 11:
            blk = watchdog_block(r, tt, rng.randint(1, 900000000), seq, "ALLREDUCE", 2, 1800000, 1800000 + rng.randint(3, 50), seq, seq - 1,
                                 fr_dump=True, dump_path="/data/asr/exp/conformer_l/fr/rank_")
        else:
            blk = watchdog_block(r, tt, rng.randint(1, 900000000), seq, "ALLREDUCE", 31457280, 1800000, 1800000 + rng.randint(3, 50), seq + 3, seq - 1,
                                 fr_dump=True, dump_path="/data/asr/exp/conformer_l/fr/rank_")
        tl.extend(tt, ["%s: %s" % (nodes[n], x) for x in blk[:7]])
    tf = plus(t_wd, 7)
    p1 = [agent[1] + 5 + i for i in range(8)]
    tl.extend(tf, ["trn-a2: " + x for x in agent_sigterm_lines(tf, agent[1], p1, 3, p1[3], -6)])
    tl.extend(plus(tf, 1), ["trn-a2: " + x for x in torchrun_child_failed("train_asr.py", tf, "trn-a2", [(11, 3, -6, p1[3], "SIGABRT")])])
    p0 = [agent[0] + 5 + i for i in range(8)]
    tl.extend(plus(tf, 2), ["trn-a1: " + x for x in agent_sigterm_lines(plus(tf, 2), agent[0], p0, 0, p0[0], -6)])
    tl.extend(plus(tf, 3), ["trn-a1: " + x for x in torchrun_child_failed("train_asr.py", plus(tf, 2), "trn-a1", [(0, 0, -6, p0[0], "SIGABRT")])])
    tl.add(plus(tf, 4), "pdsh@login2: trn-a2: ssh exited with exit code 1")
    tl.add(plus(tf, 4), "pdsh@login2: trn-a1: ssh exited with exit code 1")
    b.add("pdsh-console.log", tl.render())
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /data/asr/exp/conformer_l/fr -p rank_",
          "loaded 16 files in 0.97s",
          "built groups, memberships",
          "Collective %d at entry 1999 has errors: input/output size mismatch" % seq,
          "group info: 0:default_pg",
          "collective: nccl:all_reduce",
          "expected ranks: 16",
          "input sizes (rank 0..15, rank 11 differs):",
          "  ranks 0-10,12-15: [[31457280]]",
          "  rank 11:          [[2]]",
          "collective state: started",
          "stack trace (rank 0):",
          " all_reduce at %storch/distributed/distributed_c10d.py:2455" % TP,
          " _run_reduction_hook / allreduce_hook at %storch/distributed/algorithms/ddp_comm_hooks/default_hooks.py:28" % TP,
          " backward at %storch/_tensor.py:581" % TP,
          " train_one_epoch at /data/asr/train_asr.py:301",
          "stack trace (rank 11):",
          " all_reduce at %storch/distributed/distributed_c10d.py:2455" % TP,
          " reduce_val_stats at /data/asr/train_asr.py:344",
          " validate at /data/asr/train_asr.py:339",
          " main at /data/asr/train_asr.py:323",
          "",
          "per-rank completed steps this epoch (from rank logs): ranks 0-10,12-15: 8062 done, 8063 in progress; rank 11: 8062 done, in validation"]
    b.add("fr_trace_analysis.txt", fr)
    for n, h in enumerate(nodes):
        healthy_node_files(b, rng, h, plus(t_end, 600), H100_BUS, boot)
    b.add("conf_excerpt.yaml", ["data:", "  train_shards: s3cache://asr/librilight-60k/shard-{000000..001006}.tar   # 1007 shards",
                                "  shardshuffle: 1000", "  split_by_node: true", "  split_by_worker: true", "  num_workers: 8", "  batch_size: 48",
                                "  epoch_length: null   # iterate until each rank's shards are exhausted", "train:", "  ddp_join: false"])
    lab = label("user_code", "script", None, None, "stop",
                "1007 webdataset shards split over 16 ranks leaves rank 11 with 62 shards and the others with 63, and epoch_length is unset, so rank 11 exhausts its iterator one step early and enters validation (a 2-element all_reduce) while the others start step 8063's gradient all_reduce; the flight recorder shows the size mismatch at collective 129041. Deterministic data-sharding bug in the job's config/script.",
                "https://github.com/argonne-lcf/dlio_benchmark/pull/339")
    return b, lab


# =====================================================================================
def co12(name):
    rng = random.Random(9612)
    b = Bundle()
    nodes = ["a3-node-01", "a3-node-02", "a3-node-03", "a3-node-04"]
    pods = ["llm-sft-master-0", "llm-sft-worker-0", "llm-sft-worker-1", "llm-sft-worker-2"]
    ips = ["10.92.1.14", "10.92.2.9", "10.92.3.22", "10.92.4.17"]
    t0 = dt(2025, 3, 19, 16, 40, 12)
    boot = dt(2025, 3, 10, 2, 0, 0)
    good_digest = "sha256:4c1f0be2d9e0a3b77e4f8f9d6a1d0c5e2b7a98c3f11d2e6b0e4a5c7d9f1b3a52"
    old_digest = "sha256:9a07d3c1e5f2b4a6c8d0e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b2c4d6e8f0a1b3"
    b.add("kubectl-get-pods.txt", [
        "$ kubectl -n ml get pods -o wide",
        "NAME               READY   STATUS    RESTARTS   AGE   IP           NODE         NOMINATED NODE   READINESS GATES",
    ] + ["%-18s 1/1     Running   0          24m   %-12s %-12s <none>           <none>" % (pods[i], ips[i], nodes[i]) for i in range(4)])
    b.add("kubectl-describe-pytorchjob.txt", [
        "Name:         llm-sft", "Namespace:    ml", "API Version:  kubeflow.org/v1", "Kind:         PyTorchJob", "Spec:",
        "  Pytorch Replica Specs:", "    Master:", "      Replicas:  1", "      Restart Policy:  OnFailure", "      Template:", "        Spec:",
        "          Containers:", "            Image:              registry.internal/ml/llm-train:latest",
        "            Image Pull Policy:  IfNotPresent", "            Name:               pytorch",
        "            Command:  torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=llm-sft-master-0:29400 sft.py --cfg /cfg/sft.yaml",
        "            Env:", "              NCCL_DEBUG:  INFO", "              NCCL_DEBUG_SUBSYS:  INIT,NET", "              NCCL_IB_HCA:  mlx5",
        "            Resources:", "              Limits:", "                nvidia.com/gpu:  8", "    Worker:", "      Replicas:  3", "      (same template)",
        "Status:", "  Conditions:", "    Type:    Created", "    Status:  True", "    Type:    Running", "    Status:  True",
        "    Reason:  PyTorchJobRunning", "    Message: PyTorchJob ml/llm-sft is running.",
    ])
    ev = ["$ kubectl -n ml get events --sort-by=.lastTimestamp", "LAST SEEN   TYPE      REASON      OBJECT                  MESSAGE"]
    for i in range(4):
        ev.append("25m         Normal    Scheduled   pod/%-18s Successfully assigned ml/%s to %s" % (pods[i], pods[i], nodes[i]))
    for i in range(4):
        if i == 2:
            ev.append("25m         Normal    Pulled      pod/%-18s Container image \"registry.internal/ml/llm-train:latest\" already present on machine" % pods[i])
        else:
            ev.append("24m         Normal    Pulling     pod/%-18s Pulling image \"registry.internal/ml/llm-train:latest\"" % pods[i])
            ev.append("24m         Normal    Pulled      pod/%-18s Successfully pulled image \"registry.internal/ml/llm-train:latest\" in 41.2s (41.2s including waiting). Image size: 21473281117 bytes." % pods[i])
        ev.append("24m         Normal    Created     pod/%-18s Created container pytorch" % pods[i])
        ev.append("24m         Normal    Started     pod/%-18s Started container pytorch" % pods[i])
    ev.append("10s         Warning   BackOff     pod/llm-sft-worker-2   Back-off restarting failed container pytorch in pod llm-sft-worker-2_ml")
    b.add("kubectl-get-events.txt", ev)
    for i, h in enumerate(nodes):
        old = (i == 2)
        ver_nccl = "2.19.3+cuda12.3" if old else "2.21.5+cuda12.4"
        torchv = "2.3.0a0+ebedce2" if old else "2.4.0a0+3bcc3cddb5"
        lines = ["[entrypoint] image build: %s" % ("2024-04-02 (nvcr.io/nvidia/pytorch:24.03-py3 base)" if old else "2024-07-30 (nvcr.io/nvidia/pytorch:24.07-py3 base)"),
                 "[entrypoint] torch=%s cuda=%s nccl=%s" % (torchv, "12.3" if old else "12.4", ver_nccl.split("+")[0])]
        tt = plus(t0, 60)
        lines += torchrun_header(tt, 1, 8)
        pid = 210 + i
        for lr in range(8):
            r = i * 8 + lr
            blk = nccl_init_block(rng, pods[i], pid + lr, lr, r, 32, H100_BUS[lr], "eth0", ips[i], nccl_ver=ver_nccl, nnodes=4)
            n_keep = 8 if lr == 0 else 7
            lines += ["[rank%d]:%s" % (r, x) for x in blk[:n_keep]]
            if not old and lr in (0, 1):
                lines.append("%s:%d:%d [%d] NCCL INFO Bootstrap timings total 0.118 (create 0.000, send 0.001, recv 0.112, ring 0.002, delay 0.000)" % (pods[i], pid + lr, pid + lr + 90, lr))
        t_wd = plus(t0, 60 + 600 + 25)
        for lr in range(8):
            r = i * 8 + lr
            lines += watchdog_block(r, t_wd, rng.randint(1, 900000000), 1, "ALLREDUCE", 1, 600000, 600000 + rng.randint(3, 40), 1, -1)[:3]
        body = "\n".join(lines) + "\n"
        b.add("%s/kubectl-logs-%s.txt" % (h, pods[i]), "$ kubectl -n ml logs %s --previous\n" % pods[i] + body)
        b.add("%s/kubectl-describe-pod-%s.txt" % (h, pods[i]), [
            "Name:             %s" % pods[i], "Namespace:        ml", "Node:             %s/%s" % (h, "10.128.0.%d" % (31 + i)),
            "Containers:", "  pytorch:", "    Image:          registry.internal/ml/llm-train:latest",
            "    Image ID:       registry.internal/ml/llm-train@%s" % (old_digest if old else good_digest),
            "    State:          Running", "      Started:      %s" % t0.strftime("%a, %d %b %Y %H:%M:%S +0000"),
            "    Last State:     Terminated", "      Reason:       Error", "      Exit Code:    1",
            "    Restart Count:  %d" % (1 if i == 3 else 0), "    Limits:", "      nvidia.com/gpu:  8",
        ])
        healthy_node_files(b, rng, h, plus(t0, 700), H100_BUS, boot, kern=True, ib=(i in (0, 2)))
    lab = label("dependency", "infrastructure", "a3-node-03", None, "restart_without_node",
                "Every pod hangs in NCCL communicator init (the first all_reduce never completes, last completed work -1) until the watchdog. The pod on a3-node-03 used a stale cached copy of the ':latest' image (IfNotPresent, 'already present on machine', different image digest) that ships torch 2.3/NCCL 2.19.3, while the other three nodes pulled the current image with NCCL 2.21.5; mixed NCCL versions in one communicator is the cause.",
                "https://github.com/NVIDIA/nccl/issues/286")
    return b, lab


# =====================================================================================
def co13(name):
    rng = random.Random(9613)
    b = Bundle()
    nodes = ["dgx-h12", "dgx-h13"]
    jobid = 3390127
    t0 = dt(2025, 7, 8, 9, 45, 20)
    boot = dt(2025, 6, 30, 7, 0, 0)
    tl = Timeline()
    agent = [17702, 17655]
    for n in range(2):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 60)
    it = 0
    while it < 2400:
        it += 25
        t = plus(t, 25 * rng.uniform(0.98, 1.02))
        tl.add(t, "0: [titan] %s - root - INFO - step: %4d  loss: %.4f  memory: 61.22GiB(77.36%%)  tps: %d  tflops: %.2f  mfu: %.2f%%" % (
            t.strftime("%Y-%m-%d %H:%M:%S,%f")[:23], it, 4.1 - it * 0.0006 + rng.uniform(-0.03, 0.03), rng.randint(6900, 7100), rng.uniform(398, 405), rng.uniform(40.2, 41.0)))
    last = t
    t_x = plus(last, 5)
    tl.add(plus(t_x, 1), "0: [rank6]: Traceback (most recent call last):")
    tl.add(plus(t_x, 1), "0: [rank6]:   File \"/workspace/torchtitan/torchtitan/train.py\", line 452, in train")
    tl.add(plus(t_x, 1), "0: [rank6]:     self.train_step(inputs, labels)")
    tl.add(plus(t_x, 1), "0: [rank6]:   File \"/workspace/torchtitan/torchtitan/train.py\", line 371, in train_step")
    tl.add(plus(t_x, 1), "0: [rank6]:     loss = self.forward_backward_step(input_dict, labels)")
    tl.add(plus(t_x, 1), "0: [rank6]: RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution")
    tl.add(plus(t_x, 1), "0: [rank6]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.")
    tf = plus(t_x, 6)
    p0 = [agent[0] + 4 + i for i in range(8)]
    tl.extend(tf, ["0: " + x for x in agent_sigterm_lines(tf, agent[0], p0, 6, p0[6], 1)])
    tl.extend(plus(tf, 1), ["0: " + x for x in torchrun_child_failed("torchtitan/train.py", tf, "dgx-h12", [(6, 6, 1, p0[6], None)])])
    tl.add(plus(tf, 2), "srun: error: dgx-h12: task 0: Exited with exit code 1")
    t_wd = plus(last, 600 + 9)
    for lr in range(8):
        r = 8 + lr
        tt = plus(t_wd, rng.randint(0, 2))
        tl.extend(tt, ["1: " + x for x in watchdog_block(r, tt, rng.randint(1, 900000000), 57230, "_ALLGATHER_BASE", 33554432, 600000, 600000 + rng.randint(4, 60), 57232, 57229, world=16)[:7]])
    tf2 = plus(t_wd, 6)
    p1 = [agent[1] + 4 + i for i in range(8)]
    tl.extend(tf2, ["1: " + x for x in agent_sigterm_lines(tf2, agent[1], p1, 2, p1[2], -6)])
    tl.extend(plus(tf2, 1), ["1: " + x for x in torchrun_child_failed("torchtitan/train.py", tf2, "dgx-h13", [(10, 2, -6, p1[2], "SIGABRT")])])
    tl.add(plus(tf2, 2), "srun: error: dgx-h13: task 1: Exited with exit code 1")
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "titan-8b", "dgx", "pretrain", "FAILED", "1:0", "", "dgx-h[12-13]", 224, t0, plus(tf2, 2)))
    b.add("job.sbatch", sbatch("titan-8b", 2, 8, "24:00:00", [
        "srun --label torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint dgx-h12:29500 \\",
        "   -m torchtitan.train --job.config_file train_configs/llama3_8b.toml --comm.init_timeout_seconds 600",
    ], part="dgx"))
    snap = plus(tf2, 60)
    for n, h in enumerate(nodes):
        evs = []
        over = {}
        if h == "dgx-h12":
            evs = [
                (t_x, "NVRM: Xid (PCI:0000:ba:00): 74, pid=%d, name=python3, NVLink: fatal error detected on link 14(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % p0[6]),
                (t_x, "NVRM: Xid (PCI:0000:ba:00): 74, pid=%d, name=python3, NVLink: fatal error detected on link 15(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % p0[6]),
                (plus(t_x, 1), "NVRM: Xid (PCI:0000:ba:00): 45, pid=%d, name=python3, Ch 00000010" % p0[6]),
                (plus(t_x, 2), "nvidia-nvswitch3: SXid (PCI:0000:07:00.0): 20034, Fatal, Link 37 LTSSM Fault Up"),
                (plus(t_x, 2), "nvidia-nvswitch3: SXid (PCI:0000:07:00.0): 20034, Severity 1 Engine instance 37 Sub-engine instance 00"),
            ]
            over[6] = {"reset_required": "Yes", "util": 0, "power": 71.2}
        healthy_node_files(b, rng, h, snap, H100_BUS, boot, events=evs, gpu_over=over)
    b.add("dgx-h12/nvidia-smi-nvlink-e.txt", ["$ nvidia-smi nvlink -e -i 6", "GPU 6: NVIDIA H100 80GB HBM3 (UUID: GPU-9b2d11a4-0f3c-6e15-8c0b-3a1e7d5c2f90)"] + [
        "\t Link %d: Replay Errors: %d\n\t Link %d: Recovery Errors: %d\n\t Link %d: CRC Errors: %d" % (k, 0 if k < 14 else rng.randint(300, 900), k, 0 if k < 14 else rng.randint(20, 60), k, 0 if k < 14 else rng.randint(1000, 5000)) for k in range(18)])
    lab = label("nvlink", "infrastructure", "dgx-h12", 6, "restart_without_node",
                "dgx-h12 logged Xid 74 (NVLink fatal error on links 14/15) for PCI 0000:ba:00, which is GPU 6, with an NVSwitch SXid and large replay/CRC counters on those links; rank 6 then died with 'uncorrectable NVLink error' and the ranks on dgx-h13 hung in all-gather until the watchdog. NVLink hardware fault on one node.",
                "https://github.com/pytorch/pytorch/issues/58155")
    return b, lab


def _tq(sec):
    sec = int(sec)
    if sec >= 3600:
        return "%d:%02d:%02d" % (sec // 3600, sec % 3600 // 60, sec % 60)
    return "%02d:%02d" % (sec // 60, sec % 60)


# =====================================================================================
def co14(name):
    rng = random.Random(9614)
    b = Bundle()
    nodes = ["gpua017", "gpua018"]
    jobid = 8814402
    t0 = dt(2024, 10, 3, 21, 5, 0)
    boot = dt(2024, 9, 20, 8, 0, 0)
    tl = Timeline()
    t = plus(t0, 25)
    for r in range(8):
        tl.add(t, "%d: Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/8" % (r, r, r + 1))
    tl.add(plus(t, 3), "0: ----------------------------------------------------------------------------------------------------")
    tl.add(plus(t, 3), "0: distributed_backend=nccl")
    tl.add(plus(t, 3), "0: All distributed processes registered. Starting with 8 processes")
    tl.add(plus(t, 3), "0: ----------------------------------------------------------------------------------------------------")
    for r in range(8):
        tl.add(plus(t, 4), "%d: LOCAL_RANK: %d - CUDA_VISIBLE_DEVICES: [0,1,2,3]" % (r, r % 4))
    tl.add(plus(t, 6), "0:   | Name      | Type              | Params | Mode ")
    tl.add(plus(t, 6), "0: 0 | backbone  | SwinTransformerV2 | 196 M  | train")
    tl.add(plus(t, 6), "0: 1 | head      | UperNetHead       | 62.1 M | train")
    total = 2934
    done_ep = 0
    tt = plus(t, 60)
    for ep in range(3):
        for k in range(1, 11):
            i = int(total * k / 10)
            tt = plus(tt, 310)
            tl.add(tt, "0: Epoch %d: %3d%%|%-10s| %d/%d [%s<%s,  0.94it/s, v_num=17, train_loss=%.3f]" % (
                ep, k * 10, "#" * k, i, total, _tq(i / 0.94), _tq((total - i) / 0.94), 0.9 - ep * 0.15 - k * 0.01))
    t_x = plus(tt, 1230)
    tl.add(plus(t_x, -50), "0: Epoch 3:  41%%|####      | 1203/%d [21:14<30:33,  0.94it/s, v_num=17, train_loss=0.412]" % total)
    tl.add(plus(t_x, 1), "6: [rank6]: Traceback (most recent call last):")
    tl.add(plus(t_x, 1), "6: [rank6]:   File \"/home/seg/seg/train.py\", line 141, in <module>")
    tl.add(plus(t_x, 1), "6: [rank6]:     trainer.fit(model, datamodule=dm, ckpt_path=\"last\")")
    tl.add(plus(t_x, 1), "6: [rank6]:   File \"/home/seg/.venv/lib/python3.11/site-packages/lightning/pytorch/loops/optimization/automatic.py\", line 323, in _optimizer_step")
    tl.add(plus(t_x, 1), "6: [rank6]: RuntimeError: CUDA error: uncorrectable ECC error encountered")
    tl.add(plus(t_x, 1), "6: [rank6]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
    tl.add(plus(t_x, 3), "srun: error: gpua018: task 6: Exited with exit code 1")
    t_wd = plus(t_x, 1800 + 2)
    for r in range(8):
        if r == 6:
            continue
        tw = plus(t_wd, rng.randint(0, 2))
        tl.extend(tw, ["%d: %s" % (r, x) for x in watchdog_block(r, tw, rng.randint(1, 900000000), 88120, "ALLREDUCE", 16777216, 1800000, 1800000 + rng.randint(4, 60), 88121, 88119)[:6]])
    for r in range(8):
        if r != 6:
            tl.add(plus(t_wd, 4), "srun: error: %s: task %d: Aborted (core dumped)" % (nodes[r // 4], r))
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "swinv2-seg", "a100", "cv", "FAILED", "134:0", "", "gpua[017-018]", 128, t0, plus(t_wd, 4)))
    b.add("job.sbatch", ["#!/bin/bash", "#SBATCH --job-name=swinv2-seg", "#SBATCH --nodes=2", "#SBATCH --ntasks-per-node=4", "#SBATCH --gres=gpu:a100:4",
                         "#SBATCH --cpus-per-task=16", "#SBATCH --time=2-00:00:00", "", "srun --label python train.py --devices 4 --num_nodes 2 --strategy ddp"])
    snap = plus(t_wd, 120)
    for n, h in enumerate(nodes):
        evs = []
        over = {}
        if h == "gpua018":
            evs = [
                (t_x, "NVRM: Xid (PCI:0000:81:00): 48, pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % (61208 + 2)),
                (t_x, "NVRM: Xid (PCI:0000:81:00): 63, pid=%d, name=python, Row Remapper: New row (0x0000000000a81c40) marked for remapping, reset gpu to activate." % (61208 + 2)),
                (plus(t_x, 1), "NVRM: Xid (PCI:0000:81:00): 45, pid=%d, name=python, Ch 00000009" % (61208 + 2)),
            ]
            over[2] = {"dram_ue": 1, "dram_ue_agg": 3, "remap_ue": 2, "remap_pending": "Yes", "util": 0, "power": 52.3, "drain": "No", "reset_required": "Yes"}
        gl = gpu_list(rng, 4, A100_4_BUS, overrides=over)
        b.add(h + "/nvidia-smi-q.txt", nvsmi_q(snap, gl, driver="550.90.07", cuda="12.4", product="NVIDIA A100 80GB PCIe", arch="Ampere",
                                              max_clock=1410, power_limit=300.0, mem_total=81920))
        b.add(h + "/kern.log", kernlog_lines(rng, h, boot, evs, drv="550.90.07", around=snap))
    lab = label("gpu_memory", "infrastructure", "gpua018", 6, "restart_without_node",
                "gpua018 logged Xid 48 (double-bit ECC error) plus Xid 63 row-remap pending on PCI 0000:81:00, GPU 2 of that node; nvidia-smi shows 1 volatile DRAM uncorrectable error and a pending remap on that GPU. Slurm task 6 (gpua018, local rank 2) died with 'uncorrectable ECC error' and the other seven ranks hung in all_reduce until the 30-minute watchdog.",
                "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return b, lab


# =====================================================================================
def co15(name):
    rng = random.Random(9615)
    b = Bundle()
    nodes = ["cg-c06", "cg-c07", "cg-c08", "cg-c09"]
    jobid = 99812
    t0 = dt(2025, 8, 21, 4, 0, 0)
    boot = dt(2025, 8, 12, 10, 0, 0)
    tl = Timeline()
    agent = [60110, 60231, 59987, 60342]
    for n in range(4):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 90)
    it = 0
    while it < 14300:
        it += 100
        t = plus(t, 100 * rng.uniform(0.88, 0.91))
        tl.add(t, "0: %s | step %d | loss %.4f | lr %.2e | tok/s/gpu %d" % (t.strftime("%Y-%m-%d %H:%M:%S"), it, 2.2 - it * 0.00002, 1e-4, rng.randint(10900, 11200)))
    last = t
    t_mce = plus(last, 40)
    t_nf = plus(t_mce, 330)
    tl.add(t_nf, "srun: error: Node failure on cg-c09")
    tl.add(plus(t_nf, 1), "slurmstepd: error: *** JOB %d ON cg-c06 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (jobid, iso(plus(t_nf, 1))))
    tl.add(plus(t_nf, 1), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for n in range(3):
        tl.add(plus(t_nf, 2), "%d: W%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (n, plus(t_nf, 2).strftime("%m%d %H:%M:%S.331201"), agent[n]))
    tl.add(plus(t_nf, 34), "srun: error: cg-c06: task 0: Killed")
    tl.add(plus(t_nf, 34), "srun: error: cg-c07: task 1: Killed")
    tl.add(plus(t_nf, 34), "srun: error: cg-c08: task 2: Killed")
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "codegen-3b", "gpu", "code", "NODE_FAIL", "0:0", "", "cg-c[06-09]", 512, t0, plus(t_nf, 34)))
    b.add("scontrol-show-node-cg-c09.txt", ["NodeName=cg-c09 Arch=x86_64 CoresPerSocket=48", "   CPUAlloc=0 CPUEfctv=192 CPUTot=192 CPULoad=N/A",
                                            "   Gres=gpu:h100:8", "   State=DOWN+NOT_RESPONDING ThreadsPerCore=2 TmpDisk=0 Weights=1",
                                            "   BootTime=None SlurmdStartTime=None", "   Reason=Not responding [slurm@%s]" % iso(plus(t_nf, -5))])
    snap = plus(t_mce, -600)
    for n, h in enumerate(nodes):
        evs = []
        if h == "cg-c09":
            cpu = 54
            evs = [
                (plus(t_mce, -95), "mce: [Hardware Error]: Machine check events logged"),
                (plus(t_mce, -95), "EDAC skx MC3: HANDLING MCE MEMORY ERROR"),
                (plus(t_mce, -95), "EDAC skx MC3: CPU 1: Machine Check Event: 0x0 Bank 13: 0x8c00004000010090"),
                (plus(t_mce, -95), "EDAC MC3: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f21d77 offset:0x840 grain:32 syndrome:0x0 - err_code:0x0101:0x0090 socket:1 imc:1 rank:0 bg:2 ba:1 row:0x1f3a4 col:0x108)"),
                (plus(t_mce, -31), "EDAC MC3: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f21d78 offset:0x0 grain:32 syndrome:0x0 - err_code:0x0101:0x0090 socket:1 imc:1 rank:0)"),
                (t_mce, "mce: [Hardware Error]: CPU %d: Machine Check Exception: 5 Bank 13: be00000000800400" % cpu),
                (t_mce, "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9a2b7f31> {native_queued_spin_lock_slowpath+0x1c1/0x2e0}"),
                (t_mce, "mce: [Hardware Error]: TSC 4c7a01b2f83d1 ADDR 3f21d78840 MISC 200001c020001086 PPIN 2b1e30a4d8c0f112"),
                (t_mce, "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME %d SOCKET 1 APIC 6d microcode 2b000590" % epoch(t_mce)),
                (t_mce, "mce: [Hardware Error]: Run the above through 'mcelog --ascii'"),
                (plus(t_mce, 0), "watchdog: BUG: soft lockup - CPU#%d stuck for 23s! [pt_main_thread:%d]" % (cpu + 7, agent[3] + 3)),
                (plus(t_mce, 0), "Kernel panic - not syncing: Fatal machine check"),
            ]
        healthy_node_files(b, rng, h, snap, H100_BUS, boot, events=evs, ib=(n in (0, 3)))
    b.add("cg-c09/sel.txt", [
        "$ ipmitool sel elist | tail -n 6",
        " 3a1 | %s | Memory #0x87 | Correctable ECC | Asserted | CPU1_DIMM_A1" % plus(t_mce, -95).strftime("%m/%d/%Y | %H:%M:%S"),
        " 3a2 | %s | Memory #0x87 | Correctable ECC | Asserted | CPU1_DIMM_A1" % plus(t_mce, -31).strftime("%m/%d/%Y | %H:%M:%S"),
        " 3a3 | %s | Memory #0x87 | Uncorrectable ECC | Asserted | CPU1_DIMM_A1" % t_mce.strftime("%m/%d/%Y | %H:%M:%S"),
        " 3a4 | %s | Processor #0x1b | Machine Check | Asserted | CPU1 IERR" % t_mce.strftime("%m/%d/%Y | %H:%M:%S"),
        " 3a5 | %s | OS Critical Stop #0x4f | Run-time critical stop | Asserted" % plus(t_mce, 1).strftime("%m/%d/%Y | %H:%M:%S"),
        " 3a6 | %s | System Event #0x61 | Timestamp Clock Sync | Asserted" % plus(t_mce, 180).strftime("%m/%d/%Y | %H:%M:%S"),
    ])
    lab = label("host", "infrastructure", "cg-c09", None, "restart_without_node",
                "cg-c09 stopped mid-step: its kernel log (persistent journal) shows corrected then uncorrectable memory errors on CPU1_DIMM_A1, a fatal machine check and 'Kernel panic - not syncing: Fatal machine check', and the BMC SEL agrees; Slurm then marked it NOT_RESPONDING and cancelled the job for NODE_FAILURE. Host memory/CPU hardware on one node; the other nodes only received SIGTERM.",
                "https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/issues/138")
    return b, lab


# =====================================================================================
def co16(name):
    rng = random.Random(9616)
    b = Bundle()
    nodes = ["k8s-gpu-07", "k8s-gpu-08", "k8s-gpu-09", "k8s-gpu-10"]
    pods = ["vit-h-pt-master-0", "vit-h-pt-worker-0", "vit-h-pt-worker-1", "vit-h-pt-worker-2"]
    t0 = dt(2025, 9, 4, 11, 0, 0)
    boot = dt(2025, 8, 25, 9, 0, 0)
    t_part = dt(2025, 9, 4, 15, 22, 41)
    b.add("kubectl-get-pods.txt", ["$ kubectl -n vision get pods -o wide   # %s" % iso(plus(t_part, 900)),
                                   "NAME                READY   STATUS        RESTARTS   AGE    IP            NODE         NOMINATED NODE   READINESS GATES",
                                   "vit-h-pt-master-0   1/1     Running       0          4h37m  10.244.7.31   k8s-gpu-07   <none>           <none>",
                                   "vit-h-pt-worker-0   1/1     Running       0          4h37m  10.244.8.12   k8s-gpu-08   <none>           <none>",
                                   "vit-h-pt-worker-1   1/1     Terminating   0          4h37m  10.244.9.40   k8s-gpu-09   <none>           <none>",
                                   "vit-h-pt-worker-2   1/1     Running       0          4h37m  10.244.10.7   k8s-gpu-10   <none>           <none>"])
    b.add("kubectl-describe-node-k8s-gpu-09.txt", [
        "Name:               k8s-gpu-09", "Roles:              <none>",
        "Taints:             node.kubernetes.io/unreachable:NoExecute", "                    node.kubernetes.io/unreachable:NoSchedule",
        "Unschedulable:      false", "Conditions:",
        "  Type                 Status    LastHeartbeatTime                 LastTransitionTime                Reason              Message",
        "  ----                 ------    -----------------                 ------------------                ------              -------",
        "  MemoryPressure       Unknown   %s   %s   NodeStatusUnknown   Kubelet stopped posting node status." % (plus(t_part, -4).strftime("%a, %d %b %Y %H:%M:%S +0000"), plus(t_part, 46).strftime("%a, %d %b %Y %H:%M:%S +0000")),
        "  DiskPressure         Unknown   %s   %s   NodeStatusUnknown   Kubelet stopped posting node status." % (plus(t_part, -4).strftime("%a, %d %b %Y %H:%M:%S +0000"), plus(t_part, 46).strftime("%a, %d %b %Y %H:%M:%S +0000")),
        "  PIDPressure          Unknown   %s   %s   NodeStatusUnknown   Kubelet stopped posting node status." % (plus(t_part, -4).strftime("%a, %d %b %Y %H:%M:%S +0000"), plus(t_part, 46).strftime("%a, %d %b %Y %H:%M:%S +0000")),
        "  Ready                Unknown   %s   %s   NodeStatusUnknown   Kubelet stopped posting node status." % (plus(t_part, -4).strftime("%a, %d %b %Y %H:%M:%S +0000"), plus(t_part, 46).strftime("%a, %d %b %Y %H:%M:%S +0000")),
        "Events:", "  Type     Reason        Age   From             Message",
        "  Normal   NodeNotReady  14m   node-controller  Node k8s-gpu-09 status is now: NodeNotReady",
    ])
    b.add("kubectl-get-events.txt", ["LAST SEEN   TYPE      REASON                 OBJECT                  MESSAGE",
                                     "14m         Normal    NodeNotReady           node/k8s-gpu-09         Node k8s-gpu-09 status is now: NodeNotReady",
                                     "14m         Warning   NodeNotReady           pod/vit-h-pt-worker-1   Node is not ready",
                                     "9m          Normal    TaintManagerEviction   pod/vit-h-pt-worker-1   Marking for deletion Pod vision/vit-h-pt-worker-1",
                                     "3m          Warning   FailedToUpdateEndpoint endpoints/vit-h-pt-worker-1  Failed to update endpoint vision/vit-h-pt-worker-1: Operation cannot be fulfilled"])
    for i, h in enumerate(nodes):
        lines = ["$ kubectl -n vision logs %s" % pods[i]]
        lines += torchrun_header(t0, 1, 8)
        t = plus(t0, 100)
        if i == 0:
            ep = 0
            while t < t_part:
                t = plus(t, 300)
                ep += 1
                if t < t_part:
                    lines.append("[rank0]: %s INFO engine.py:188 iter %d | loss %.4f | lr %.2e | img/s %d" % (t.strftime("%Y-%m-%d %H:%M:%S"), ep * 250, 5.2 - ep * 0.05, 1.2e-3, rng.randint(11200, 11500)))
        if i != 2:
            t_wd = plus(t_part, 600 + 7)
            for lr in range(8):
                r = i * 8 + lr
                lines += watchdog_block(r, t_wd, rng.randint(1, 900000000), 30044, "ALLREDUCE", 41943040, 600000, 600000 + rng.randint(3, 70), 30044, 30043)[:3]
            lines.append("W%s 1 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 38 closing signal SIGTERM" % plus(t_wd, 5).strftime("%m%d %H:%M:%S.101030"))
            lines.append("[E%s socket.cpp:1011] [c10d] The client socket has timed out after 60000ms while trying to connect to (vit-h-pt-master-0, 29400)." % plus(t_wd, 8).strftime("%m%d %H:%M:%S.220000") if i != 0 else
                         "W%s 1 torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1254] The node 'vit-h-pt-master-0_1_0' has failed to shutdown the rendezvous 'vit-h-pt' due to an error of type RendezvousConnectionError." % plus(t_wd, 8).strftime("%m%d %H:%M:%S.220000"))
        else:
            lines.append("(log stream ends %s; container on unreachable node)" % iso(plus(t_part, -3)))
        b.add("%s/kubectl-logs-%s.txt" % (h, pods[i]), lines)
        snap = plus(t_part, 300)
        if i != 2:
            healthy_node_files(b, rng, h, snap, H100_BUS, boot, kern=False, ib=(i == 1))
    jr = []
    bt = plus(t_part, -3600)
    for k in range(6):
        tt = plus(bt, k * 500)
        jr.append("%s k8s-gpu-09 kubelet[2811]: I0904 %s.%06d    2811 kubelet_getters.go:218] \"Pod status updated\" pod=\"vision/vit-h-pt-worker-1\" status=\"Running\"" % (syslog_ts(tt), tt.strftime("%H:%M:%S"), rng.randint(0, 999999)))
    ev = [
        (plus(t_part, -1), "kernel: mlx5_core 0000:c1:00.0 ens21f0np0: Link down"),
        (plus(t_part, -1), "kernel: mlx5_core 0000:c1:00.1 ens21f1np1: Link down"),
        (t_part, "kernel: bond0: (slave ens21f0np0): link status definitely down, disabling slave"),
        (t_part, "kernel: bond0: (slave ens21f1np1): link status definitely down, disabling slave"),
        (t_part, "kernel: bond0: now running without any active interface!"),
        (plus(t_part, 10), "kubelet[2811]: E0904 %s.118001    2811 kubelet_node_status.go:549] \"Error updating node status, will retry\" err=\"error getting node \\\"k8s-gpu-09\\\": Get \\\"https://10.0.0.10:6443/api/v1/nodes/k8s-gpu-09?timeout=10s\\\": context deadline exceeded\"" % plus(t_part, 10).strftime("%H:%M:%S")),
        (plus(t_part, 40), "kubelet[2811]: E0904 %s.118301    2811 controller.go:145] \"Failed to ensure lease exists, will retry\" err=\"Get \\\"https://10.0.0.10:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/k8s-gpu-09?timeout=10s\\\": dial tcp 10.0.0.10:6443: connect: no route to host\" interval=\"7s\"" % plus(t_part, 40).strftime("%H:%M:%S")),
        (plus(t_part, 61), "containerd[1904]: time=\"%s\" level=error msg=\"failed to push metrics\" error=\"dial tcp 10.0.0.12:9091: connect: network is unreachable\"" % iso(plus(t_part, 61))),
        (plus(t_part, 1500), "kernel: mlx5_core 0000:c1:00.0 ens21f0np0: Link up"),
        (plus(t_part, 1501), "kernel: bond0: (slave ens21f0np0): link status definitely up, 200000 Mbps full duplex"),
        (plus(t_part, 1508), "kubelet[2811]: I0904 %s.000201    2811 kubelet_node_status.go:497] \"Fast updating node status as it just became ready\"" % plus(t_part, 1508).strftime("%H:%M:%S")),
    ]
    for tt, txt in ev:
        jr.append("%s k8s-gpu-09 %s" % (syslog_ts(tt), txt))
    b.add("k8s-gpu-09/journal.txt", jr)
    b.add("k8s-gpu-09/ip-link.txt", ["$ ip -s link show ens21f0np0   # after recovery",
                                     "4: ens21f0np0: <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP> mtu 9000 qdisc mq master bond0 state UP mode DEFAULT group default qlen 1000",
                                     "    RX:  bytes packets errors dropped  missed   mcast", "    9184726411203 6210477120 0 0 0 0",
                                     "    TX:  bytes packets errors dropped carrier collsns", "    9188201183492 6211023991 0 0 2 0",
                                     "    carrier_changes 4"])
    lab = label("network", "infrastructure", "k8s-gpu-09", None, "restart_without_node",
                "k8s-gpu-09 lost both bond0 member links at 15:22:41 (bond0 'running without any active interface'), so its kubelet stopped posting status (NodeNotReady, unreachable taint, pod Terminating) and its ranks vanished from the job; the pods on the other three nodes hang in all_reduce until the watchdog. A network fault confined to one node.",
                "https://github.com/kubeflow/trainer/issues/720")
    return b, lab


# =====================================================================================
def co17(name):
    rng = random.Random(9617)
    b = Bundle()
    nodes = ["gpu-c14", "gpu-c15"]
    jobid = 771203
    t0 = dt(2025, 2, 27, 10, 0, 12)
    boot = dt(2025, 2, 18, 6, 0, 0)
    tl = Timeline()
    agent = [41122, 40766]
    for n in range(2):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 70)
    tl.add(t, "0: [rank0]: %s | INFO | build model llama-13b, torch.compile(mode='max-autotune', fullgraph=False) per transformer block" % t.strftime("%H:%M:%S"))
    tl.add(t, "0: [rank0]: %s | INFO | process group timeout 7200s (first step includes compilation)" % t.strftime("%H:%M:%S"))
    g = 0
    t = plus(t, 20)
    mm = [(8192, 5120, 13824), (8192, 13824, 5120), (8192, 5120, 15360), (8192, 5120, 5120), (8192, 5120, 32000)]
    while g < 60:
        tl.add(t, "0: [rank0]:I%s.%06d %d torch/_inductor/compile_fx.py:718] [%d/0] Step 3: torchinductor compiling FORWARDS graph %d" % (t.strftime("%m%d %H:%M:%S"), rng.randint(0, 999999), agent[0] + 2, g, g))
        t = plus(t, rng.randint(24, 50))
        if g % 4 == 0:
            m, k, nn = mm[(g // 4) % len(mm)]
            tl.add(t, "0: AUTOTUNE mm(%dx%d, %dx%d)" % (m, k, k, nn))
            for c in range(3):
                tl.add(t, "0:   triton_mm_%d %.4f ms %.1f%% num_stages=%d, num_warps=%d" % (g * 20 + c, 0.41 + c * 0.03, 100 - c * 7.5, 3 + c % 2, 8 if c == 0 else 4))
            tl.add(t, "0: SingleProcess AUTOTUNE benchmarking takes %.4f seconds and %.4f seconds precompiling" % (rng.uniform(4, 9), rng.uniform(20, 41)))
        tl.add(t, "0: [rank0]:I%s.%06d %d torch/_inductor/compile_fx.py:788] [%d/0] Step 3: torchinductor done compiling FORWARDS graph %d" % (t.strftime("%m%d %H:%M:%S"), rng.randint(0, 999999), agent[0] + 2, g, g))
        g += 1
    t_cancel = plus(t, 12)
    tl.add(t_cancel, "slurmstepd: error: *** JOB %d ON gpu-c14 CANCELLED AT %s ***" % (jobid, iso(t_cancel)))
    tl.add(plus(t_cancel, 1), "slurmstepd: error: *** STEP %d.0 ON gpu-c14 CANCELLED AT %s ***" % (jobid, iso(t_cancel)))
    for n in range(2):
        tl.add(plus(t_cancel, 1), "%d: W%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (n, plus(t_cancel, 1).strftime("%m%d %H:%M:%S.501032"), agent[n]))
        tl.add(plus(t_cancel, 2), "%d: torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % (n, agent[n]))
    tl.add(plus(t_cancel, 3), "srun: error: gpu-c14: task 0: Terminated")
    tl.add(plus(t_cancel, 3), "srun: error: gpu-c15: task 1: Terminated")
    tl.add(plus(t_cancel, 3), "srun: Force Terminated StepId=%d.0" % jobid)
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "l13b-comp+", "gpu", "lm", "CANCELLED+", "0:0", "", "gpu-c[14-15]", 192, t0, plus(t_cancel, 3)) +
          "\n$ sacct -j %d -X -o JobID,User%%10,State%%24,ExitCode\n       JobID       User                    State ExitCode \n------------ ---------- ------------------------ -------- \n%12d    dkoval       CANCELLED by 51234      0:0 \n$ id -u dkoval\n51234\n" % (jobid, jobid))
    b.add("job.sbatch", sbatch("l13b-compile", 2, 8, "2-00:00:00", [
        "export TORCHINDUCTOR_CACHE_DIR=/tmp/$USER/inductor   # node-local, empty on a new allocation",
        "export TORCH_LOGS=+inductor",
        "srun --label torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-c14:29500 \\",
        "   train.py --model llama-13b --compile max-autotune --pg-timeout 7200",
    ]))
    snap1 = plus(t, -900)
    snap2 = plus(t, -300)
    fr_a = [("do_bench", TP + "triton/testing.py", 117), ("benchmark_gpu", TP + "torch/_inductor/runtime/benchmarking.py", 89),
            ("benchmark", TP + "torch/_inductor/select_algorithm.py", 1442), ("benchmark_choices", TP + "torch/_inductor/select_algorithm.py", 1515),
            ("autotune", TP + "torch/_inductor/select_algorithm.py", 1398), ("__call__", TP + "torch/_inductor/select_algorithm.py", 1208),
            ("tuned_mm", TP + "torch/_inductor/kernel/mm.py", 188), ("run_node", TP + "torch/_inductor/graph.py", 1126),
            ("compile_fx_inner", TP + "torch/_inductor/compile_fx.py", 519), ("train_step", "/home/lm/l13b/train.py", 212)]
    fr_b = [("result", "/usr/lib/python3.10/concurrent/futures/_base.py", 453), ("wait", TP + "torch/_inductor/codecache.py", 3121),
            ("compile_to_module", TP + "torch/_inductor/graph.py", 1905), ("compile_fx_inner", TP + "torch/_inductor/compile_fx.py", 519),
            ("train_step", "/home/lm/l13b/train.py", 212)]
    parts = ["# user ran py-spy dump twice on gpu-c14 (rank 0-7), %s and %s" % (iso(snap1), iso(snap2)), ""]
    for k, sn in enumerate((snap1, snap2)):
        for lr in (0, 3):
            pid = agent[0] + 2 + lr
            parts.append("## %s" % iso(sn))
            parts.append(pyspy_dump(pid, "/usr/bin/python3 -u train.py --model llama-13b --compile max-autotune (RANK=%d)" % lr, [
                (pid, "active+gil", "MainThread", fr_a if (k + lr) % 2 == 0 else fr_b),
                (pid + 96, "idle", "Thread-4 (compile worker pool)", [("_worker", "/usr/lib/python3.10/concurrent/futures/thread.py", 81)])]))
    b.add("gpu-c14/py-spy-dump.txt", parts)
    for n, h in enumerate(nodes):
        over = {i: {"util": rng.choice([0, 0, 37, 62, 100]), "power": round(rng.uniform(140, 260), 2)} for i in range(8)}
        healthy_node_files(b, rng, h, snap2, H100_BUS, boot, gpu_over=over)
    b.add("user-note.txt", ["ticket #4471 (dkoval): \"job looked stuck after compile started, no step logged for 35 min, so I scancel'd it.",
                            " is something wrong with gpu-c14/c15?\""])
    lab = label("unknown", "framework", None, None, "none",
                "Nothing failed: the run was still compiling (inductor max-autotune with an empty node-local cache), the compile log and AUTOTUNE blocks keep advancing until the cancel, and both py-spy dumps show ranks in autotune/benchmark code, not in a collective. The user cancelled it (sacct CANCELLED by 51234) before the first step; no watchdog fired and the nodes show no errors.",
                "https://github.com/pytorch/pytorch/issues/108971")
    return b, lab


# =====================================================================================
def co18(name):
    rng = random.Random(9618)
    b = Bundle()
    nodes = ["h100-r3-10", "h100-r3-11", "h100-r3-12", "h100-r3-13"]
    jobid = 2044718
    t0 = dt(2025, 10, 1, 0, 30, 0)
    boot = dt(2025, 9, 22, 5, 0, 0)
    tl = Timeline()
    agent = [81020, 80911, 81377, 81102]
    for n in range(4):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 200)
    it = 0
    t_slow = None
    while it < 7400:
        it += 50
        if it <= 6200:
            ms = rng.uniform(2080, 2140)
        else:
            ms = rng.uniform(5700, 5950)
            if t_slow is None:
                t_slow = t
        t = plus(t, ms * 50 / 1000)
        tl.add(t, "3:" + megatron_iter(t, it, 200000, it * 1024, ms, 2.2e-4, 1024, 2.5 - it * 0.00003 + rng.uniform(-0.01, 0.01), rng.uniform(0.3, 0.5)))
    b.add("slurm-%d.out.partial" % jobid, tl.render())
    b.add("squeue.txt", ["$ squeue -j %d" % jobid, "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                         "           %d       gpu  gpt-13b   pretr  R    %s      4 h100-r3-[10-13]" % (jobid, "4:51:07")])
    snap = plus(t, 60)
    for n, h in enumerate(nodes):
        over = {}
        evs = []
        if h == "h100-r3-12":
            over = {i: {"throttle": {"hw": True, "hw_power_brake": True}, "clock": rng.choice([345, 360, 390]), "power": round(rng.uniform(118, 135), 2), "util": 100} for i in range(8)}
            evs = [(t_slow, "ipmi_si IPI0001:00: KCS in invalid state 6")]
        else:
            over = {i: {"clock": 1980, "power": round(rng.uniform(600, 690), 2), "util": 100} for i in range(8)}
        healthy_node_files(b, rng, h, snap, H100_BUS, boot, gpu_over=over, events=evs, ib=(n == 2))
    b.add("h100-r3-12/sel.txt", [
        "$ ipmitool sel elist | tail -n 4",
        " 1f2 | %s | Power Supply #0x65 | Failure detected | Asserted | PSU3" % plus(t_slow, -1).strftime("%m/%d/%Y | %H:%M:%S"),
        " 1f3 | %s | Power Supply #0x6a | Power Supply AC lost | Asserted | PSU3" % plus(t_slow, -1).strftime("%m/%d/%Y | %H:%M:%S"),
        " 1f4 | %s | Power Unit #0x70 | Redundancy Lost | Asserted" % plus(t_slow, 0).strftime("%m/%d/%Y | %H:%M:%S"),
        " 1f5 | %s | System Event #0x82 | OEM GPU power brake (PWR_BRAKE_N) | Asserted" % plus(t_slow, 0).strftime("%m/%d/%Y | %H:%M:%S"),
    ])
    lab = label("straggler", "infrastructure", "h100-r3-12", None, "restart_without_node",
                "Iteration time jumped from ~2.1 s to ~5.8 s at iteration 6200 with no error. Only h100-r3-12's GPUs report 'HW Slowdown / HW Power Brake Slowdown: Active' at ~350 MHz and ~120 W, and its BMC logged a PSU3 failure, lost power redundancy and GPU power brake assertion at that moment; every other node runs at 1980 MHz. A single hardware-throttled node drags the whole synchronous job.",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return b, lab


# =====================================================================================
def co19(name):
    rng = random.Random(9619)
    b = Bundle()
    nodes = ["gpu-q%02d" % i for i in range(9, 17)]
    culprit = "gpu-q14"
    jobid = 5120933
    t0 = dt(2025, 1, 11, 8, 0, 0)
    boot = dt(2025, 1, 2, 8, 0, 0)
    tl = Timeline()
    t = plus(t0, 300)
    step = 0
    for k in range(40):
        step += 50
        slow = k >= 18
        st = rng.uniform(4.6, 4.7) if not slow else rng.uniform(6.3, 6.5)
        t = plus(t, st * 50)
        tl.add(t, "0: [NeMo I %s nemo_logging:381] step %d | reduced_train_loss: %.4f | train_step_timing in s: %.3f | consumed_samples: %d" % (
            t.strftime("%Y-%m-%d %H:%M:%S"), step, 2.1 - step * 0.0001, st, step * 2048))
        if k in (20, 30, 39):
            tl.add(t, "0: [NeMo I %s straggler_det_callback:214] GPU relative performance:" % t.strftime("%Y-%m-%d %H:%M:%S"))
            tl.add(t, "0:  Worst performing 8/64 ranks:")
            for lr in range(8):
                tl.add(t, "0:   Rank=%d Node=%s Score=%.2f" % (5 * 8 + lr, culprit, rng.uniform(0.69, 0.73)))
            tl.add(t, "0:  Best performing 4/64 ranks:")
            for r in (3, 17, 29, 60):
                tl.add(t, "0:   Rank=%d Node=%s Score=1.00" % (r, nodes[r // 8]))
            tl.add(t, "0: [NeMo I %s straggler_det_callback:226] GPU individual performance:" % t.strftime("%Y-%m-%d %H:%M:%S"))
            tl.add(t, "0:  Worst performing 8/64 ranks:")
            for lr in range(8):
                tl.add(t, "0:   Rank=%d Node=%s Score=%.2f" % (40 + lr, culprit, rng.uniform(0.70, 0.74)))
            tl.add(t, "0: [NeMo W %s straggler_det_callback:240] Straggler report: stragglers detected. Relative: [%s] Individual: [%s]" % (
                t.strftime("%Y-%m-%d %H:%M:%S"), ", ".join("%s:rank%d" % (culprit, 40 + i) for i in range(8)), ", ".join("%s:rank%d" % (culprit, 40 + i) for i in range(8))))
    b.add("slurm-%d.out.partial" % jobid, tl.render())
    b.add("squeue.txt", ["$ squeue -j %d" % jobid, "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                         "           %d     train nemo-22b    nemo  R    3:01:12      8 gpu-q[09-16]" % jobid])
    snap = plus(t, 120)
    for n, h in enumerate(nodes):
        over = {i: {"clock": 1980, "power": round(rng.uniform(560, 660), 2)} for i in range(8)}
        if h == culprit:
            over = {i: {"clock": 1980, "power": round(rng.uniform(430, 480), 2), "util": 100} for i in range(8)}
        healthy_node_files(b, rng, h, snap, H100_BUS, boot, gpu_over=over, ib=(h in (culprit, "gpu-q09")), kern=(h in (culprit, "gpu-q09", "gpu-q12")))
    b.add(culprit + "/dcgmi-diag.txt", [
        "$ dcgmi diag -r 2   # run by on-call on %s after it was drained from job %d (%s)" % (culprit, jobid, iso(plus(t, 2400))),
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.7                                          |",
        "| Driver Version Detected   | 535.161.08                                     |",
        "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
        "|-----  Deployment  --------+------------------------------------------------|",
        "| Denylist                  | Pass                                           |",
        "| NVML Library              | Pass                                           |",
        "| CUDA Main Library         | Pass                                           |",
        "| Permissions and OS Blocks | Pass                                           |",
        "| Persistence Mode          | Pass                                           |",
        "| Environment Variables     | Pass                                           |",
        "| Page Retirement/Row Remap | Pass                                           |",
        "| Graphics Processes        | Pass                                           |",
        "| Inforom                   | Pass                                           |",
        "+-----  Integration  -------+------------------------------------------------+",
        "| PCIe                      | Pass - All                                     |",
        "+-----  Hardware  ----------+------------------------------------------------+",
        "| GPU Memory                | Pass - All                                     |",
        "+-----  Stress  ------------+------------------------------------------------+",
        "| Targeted Stress           | Pass - All                                     |",
        "| Targeted Power            | Pass - All                                     |",
        "+---------------------------+------------------------------------------------+",
    ])
    b.add(culprit + "/top.txt", ["top - %s up 9 days,  3:41,  0 users,  load average: 71.22, 70.90, 70.81" % snap.strftime("%H:%M:%S"),
                                 "Tasks: 1411 total,   9 running, 1402 sleeping,   0 stopped,   0 zombie",
                                 "%Cpu(s): 36.1 us,  1.9 sy,  0.0 ni, 61.7 id,  0.0 wa,  0.0 hi,  0.3 si,  0.0 st",
                                 "MiB Mem : 2063822.5 total, 1402231.9 free, 521009.3 used, 140581.3 buff/cache",
                                 "MiB Swap:      0.0 total,      0.0 free,      0.0 used. 1532113.2 avail Mem"])
    lab = label("straggler", "infrastructure", culprit, None, "run_diagnostics",
                "From step ~950 the step time rises from ~4.65 s to ~6.4 s and NeMo's straggler detector repeatedly ranks all eight GPUs of gpu-q14 (ranks 40-47) at ~0.7 relative and individual performance, so the slowness is the node itself. Its GPUs show no throttling, ECC or Xid, dcgmi diag passes, IB ports are Active and the host is not loaded; no hardware reason is visible, so the node needs deeper diagnostics.",
                "https://github.com/deepspeedai/DeepSpeed/issues/1617")
    return b, lab


CASES = [
    ("co10_deepspeed_save_checkpoint_rank0_only", co10),
    ("co11_uneven_shards_rank_exits_epoch_early", co11),
    ("co12_k8s_stale_image_nccl_version_mismatch", co12),
    ("co13_xid74_nvlink_rank_dies_peers_hang", co13),
    ("co14_xid48_dbe_lightning_hang", co14),
    ("co15_host_mce_panic_node_fail", co15),
    ("co16_k8s_node_notready_bond_down", co16),
    ("co17_user_cancelled_during_autotune", co17),
    ("co18_psu_power_brake_straggler", co18),
    ("co19_unexplained_slow_node_straggler_report", co19),
]
