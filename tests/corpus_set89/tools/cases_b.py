"""Cases ch09-ch16."""

import json
import random

from common import (t0, plus, iso, ymd_hms, c10d, glog, dmesg_T, uptime, syslog_ts,
                    hexptr, comm_id, nccl, nccl_init_block, watchdog_timeout,
                    watchdog_abort_tail, elastic_sigterm, elastic_failed,
                    torchrun_entry_traceback, child_failed_table, srun_exit,
                    sacct_table, join)
from cases_a import megatron_iter, H100_BUS, H100_PCI


# --------------------------------------------------------------------------
def ch09():
    """Megatron async checkpoint save hits EIO on every node: NFS server hiccup."""
    rng = random.Random(8909)
    job = 240771
    nodes = ["gpu-f02", "gpu-f03", "gpu-f05", "gpu-f07"]
    start = t0("2025-04-22 06:00:31")
    save = t0("2025-04-22 12:00:40")
    out = []
    out.append("+ srun --label --ntasks-per-node=8 bash -c 'python pretrain_gpt.py ... --save /mnt/vast/ckpt/gpt-7b-r3 --save-interval 2000 --ckpt-format torch_dist --async-save'")
    t = plus(start, 200)
    for k in range(1, 61):
        it = k * 100
        t = plus(t, 100 * 3.58)
        if t > save:
            break
        if it % 500 == 0:
            out.append("31: " + megatron_iter(t, it, 150000, 3580.0 + rng.uniform(-9, 9), 3e-4, 2.7 - it * 0.00004, 0.31, gbs=512))
        if it == 2000 or it == 4000:
            out.append("0: saving checkpoint at iteration %7d to /mnt/vast/ckpt/gpt-7b-r3 in torch_dist format" % it)
            out.append("0:   successfully saved checkpoint from iteration %7d to /mnt/vast/ckpt/gpt-7b-r3 [ t 1/1, p 1/1 ]" % it)
    it = 6000
    out.append("0: saving checkpoint at iteration %7d to /mnt/vast/ckpt/gpt-7b-r3 in torch_dist format" % it)
    for r in (0, 3, 9, 14, 17, 22, 26, 30):
        out.append("%d: ERROR:megatron.core.dist_checkpointing.strategies.filesystem_async:Local process %d encountered an error: [Errno 5] Input/output error" % (r, r % 8))
    out.append("0: [rank0]: Traceback (most recent call last):")
    for l in [
        '  File "/workspace/Megatron-LM/megatron/training/training.py", line 1506, in train',
        "    save_checkpoint_and_time(iteration, model, optimizer,",
        '  File "/workspace/Megatron-LM/megatron/training/checkpointing.py", line 471, in save_checkpoint',
        "    async_save_request = dist_checkpointing.save(state_dict, checkpoint_name, save_strategy,",
        '  File "/workspace/Megatron-LM/megatron/core/dist_checkpointing/strategies/filesystem_async.py", line 228, in retrieve_write_results',
        "    raise RuntimeError(f'Worker failure: {write_results_or_exc}') from write_results_or_exc",
        "RuntimeError: Worker failure: [Errno 5] Input/output error: '/mnt/vast/ckpt/gpt-7b-r3/iter_0006000/__0_1.distcp'",
    ]:
        out.append("0: [rank0]: " + l)
    tw = plus(save, 604)
    for r in (8, 16, 24, 5):
        out.extend("%d: %s" % (r, x) for x in watchdog_timeout(r, tw, 40112000 + r, 88213, "_ALLGATHER_BASE", 1, 600000, 600011 + r, 88213, 88212, numel_out=32))
    out.append(srun_exit("gpu-f02", [0], code=1))
    out.append(srun_exit("gpu-f03", list(range(8, 16)), signal="Aborted (core dumped)"))
    out.append(srun_exit("gpu-f05", list(range(16, 24)), signal="Aborted (core dumped)"))
    out.append(srun_exit("gpu-f07", list(range(24, 32)), signal="Aborted (core dumped)"))
    out.append(srun_exit("gpu-f02", list(range(1, 8)), signal="Aborted (core dumped)"))
    slurm = join(out)

    def dm(host_boot, extra):
        d = []
        def L(t, msg):
            d.append("%s %s" % (dmesg_T(t), msg))
        L(plus(host_boot, 21), "FS-Cache: Netfs 'nfs' registered for caching")
        L(plus(host_boot, 22), "NFS: Registering the id_resolver key type")
        L(plus(host_boot, 3600 * 30), "nvidia-nvswitch0: open (major=511)")
        L(plus(save, -2 + extra), "nfs: server vast-vip01 not responding, timed out")
        L(plus(save, -1 + extra), "nfs: server vast-vip01 not responding, timed out")
        L(plus(save, 0 + extra), "nfs: server vast-vip01 not responding, timed out")
        L(plus(save, 97 + extra), "nfs: server vast-vip01 OK")
        return join(d)
    label = {
        "category": "storage", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "Ranks on all four nodes got EIO writing checkpoint shards at the same second and two nodes' kernels log 'nfs: server vast-vip01 not responding, timed out' followed by 'OK' 97 s later: a transient outage of the shared NFS server, the watchdog timeouts are fallout.",
        "modelled_on": "https://github.com/THUDM/slime/issues/326",
    }
    return {"name": "ch09_checkpoint_save_input_output_error",
            "files": {"slurm-%d.out" % job: slurm,
                      "gpu-f02/dmesg.txt": dm(t0("2025-04-09 13:02:11"), 0),
                      "gpu-f07/dmesg.txt": dm(t0("2025-04-15 08:40:57"), 1)},
            "label": label}


# --------------------------------------------------------------------------
def ch10():
    """Global OOM on one node: another user's ssh-launched processes hold the RAM."""
    rng = random.Random(8910)
    job = 551203
    nodes = ["cn-g011", "cn-g012", "cn-g014", "cn-g015"]
    start = t0("2025-04-17 09:01:12")
    kill = t0("2025-04-17 13:22:05")
    out = []
    out.append("+ srun --ntasks-per-node=8 --gpus-per-task=1 --mem=0 --exclusive python -u train.py --cfg configs/vit_g14_laion.yaml")
    t = plus(start, 240)
    step = 0
    while True:
        step += 200
        t = plus(t, 200 * 0.97)
        if t >= kill:
            break
        out.append("[%s] train step %6d/300000 loss=%.4f lr=%.2e data_time=0.011 step_time=0.97 samples/s=16890" % (ymd_hms(t), step, 6.2 - step * 0.00011, 1.2e-3))
    out.append(srun_exit("cn-g014", [17], signal="Killed"))
    out.append("slurmstepd: error: Detected 1 oom_kill event in StepId=%d.0. Some of the step tasks have been OOM Killed." % job)
    tw = plus(kill, 1800)
    for r in (0, 8, 16, 24, 31):
        out.extend(watchdog_timeout(r, tw, 22000000 + r, 270112, "ALLREDUCE", 173015040, 1800000, 1800090 + r, 270112, 270111))
    out.append(srun_exit("cn-g011", list(range(0, 8)), signal="Aborted (core dumped)"))
    out.append(srun_exit("cn-g012", list(range(8, 16)), signal="Aborted (core dumped)"))
    out.append(srun_exit("cn-g014", [16] + list(range(18, 24)), signal="Aborted (core dumped)"))
    out.append(srun_exit("cn-g015", list(range(24, 32)), signal="Aborted (core dumped)"))
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    slurm = join(out)

    d = []
    def L(t, msg):
        d.append("%s %s" % (dmesg_T(t), msg))
    L(plus(kill, -86400 * 2), "perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750")
    L(kill, "python invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0")
    L(kill, "CPU: 41 PID: 88213 Comm: python Tainted: P           OE     5.15.0-122-generic #132-Ubuntu")
    L(kill, "Hardware name: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 04/12/2024")
    L(kill, "Mem-Info:")
    L(kill, "active_anon:247361102 inactive_anon:9130018 isolated_anon:0")
    L(kill, " active_file:3311 inactive_file:2087 isolated_file:0")
    L(kill, " unevictable:0 dirty:0 writeback:0")
    L(kill, " slab_reclaimable:182201 slab_unreclaimable:611230")
    L(kill, " mapped:99120 shmem:2304110 pagetables:1120331 bounce:0")
    L(kill, " free:1129442 free_pcp:1204 free_cma:0")
    L(kill, "Node 0 Normal free:2262011kB min:2261120kB low:4876212kB high:7491304kB")
    L(kill, "Node 1 Normal free:2255757kB min:2261120kB low:4876212kB high:7491304kB")
    L(kill, "Free swap  = 0kB")
    L(kill, "Total swap = 0kB")
    L(kill, "268419072 pages RAM")
    L(kill, "Tasks state (memory values in pages):")
    L(kill, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name")
    L(kill, "[   1843]     0  1843    90211     3312   176128        0         -1000 slurmd")
    L(kill, "[   2290]     0  2290   118002    11920   299008        0             0 dcgm-exporter")
    for i in range(40):
        pid = 3120410 + i * 7
        rss = 3911200 + rng.randrange(0, 200000)
        L(kill, "[%7d] 20977 %7d %8d %8d %9d        0             0 ray::shard_wri" % (pid, pid, rss + 1400000, rss, 31985664 + i * 4096))
    L(kill, "[3120100] 20977 3120100  2410331   690112  7200768        0             0 raylet")
    for l in range(8):
        pid = 88211 + l
        rss = 14221310 - l * 20011
        L(kill, "[%7d] 10422 %7d 31521130 %8d 118403072        0             0 python" % (pid, pid, rss))
        for w in range(2):
            wp = pid + 900 + 2 * l + w
            L(kill, "[%7d] 10422 %7d  9120331   911022 22011904        0             0 pt_data_worker" % (wp, wp))
    L(kill, "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/slurm/uid_10422/job_%d/step_0/task_17,task=python,pid=88212,uid=10422" % job)
    L(kill, "Out of memory: Killed process 88212 (python) total-vm:126084520kB, anon-rss:56801160kB, file-rss:301112kB, shmem-rss:9216kB, UID:10422 pgtables:115628kB oom_score_adj:0")
    L(plus(kill, 2), "oom_reaper: reaped process 88212 (python), now anon-rss:0kB, file-rss:0kB, shmem-rss:9216kB")
    dmesg = join(d)
    ps = join([
        "# collected by node-health.sh on cn-g014 at %s (job %d still allocated)" % (ymd_hms(plus(kill, 300)), job),
        "$ ps -eo user,uid,pid,lstart,rss,cgroup,comm --sort=-rss | head -12",
        "USER       UID     PID                  STARTED      RSS CGROUP                                                         COMMAND",
        "mlee     10422   88211 Thu Apr 17 09:01:20 2025 56884744 0::/slurm/uid_10422/job_%d/step_0/task_16                   python" % job,
        "mlee     10422   88213 Thu Apr 17 09:01:20 2025 56804700 0::/slurm/uid_10422/job_%d/step_0/task_18                   python" % job,
        "tkato    20977 3120410 Mon Apr 14 22:13:51 2025 16382112 0::/user.slice/user-20977.slice/session-4411.scope        ray::shard_wri",
        "tkato    20977 3120417 Mon Apr 14 22:13:51 2025 16352908 0::/user.slice/user-20977.slice/session-4411.scope        ray::shard_wri",
        "tkato    20977 3120424 Mon Apr 14 22:13:51 2025 16330260 0::/user.slice/user-20977.slice/session-4411.scope        ray::shard_wri",
        "tkato    20977 3120431 Mon Apr 14 22:13:51 2025 16301120 0::/user.slice/user-20977.slice/session-4411.scope        ray::shard_wri",
        "...",
        "$ ps -u tkato -o rss= | awk '{s+=$1} END {printf \"%.1f GiB\\n\", s/1048576}'",
        "603.4 GiB",
        "$ squeue -w cn-g014 -h -o '%i %u'",
        "%d mlee" % job,
        "$ last -n 3 tkato",
        "tkato    pts/4        10.2.0.77        Mon Apr 14 22:11   still logged in",
        "$ free -g",
        "               total        used        free      shared  buff/cache   available",
        "Mem:            1007         991           8           8           7           4",
    ])
    label = {
        "category": "host", "layer": "infrastructure",
        "culprit": {"node": "cn-g014", "rank": None},
        "action": "restart_without_node",
        "rationale": "A global (CONSTRAINT_NONE) OOM on cn-g014 killed rank 17 while ~600 GiB of that node's RAM was held by another user's ssh-launched Ray processes outside Slurm; the job's own footprint (~450 GiB) fits on the other three nodes, so the node's foreign memory use, not the job, caused it.",
        "modelled_on": "https://github.com/cBio/cbio-cluster/issues/232",
    }
    return {"name": "ch10_task17_killed_oom_kill_event",
            "files": {"slurm-%d.out" % job: slurm, "cn-g014/dmesg.txt": dmesg, "cn-g014/ps-mem.txt": ps},
            "label": label}


# --------------------------------------------------------------------------
def ch11():
    """Lightning log_dict with rank-dependent keys; DETAIL debug catches mismatch."""
    job = 418822
    nodes = ["v100-c07", "v100-c08"]
    start = t0("2025-01-09 15:40:19")
    out = []
    out.append("export TORCH_DISTRIBUTED_DEBUG=DETAIL  # set while chasing last week's hang")
    out.append("GPU available: True (cuda), used: True")
    for r in range(8):
        out.append("Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/8" % (r, r + 1))
    out.append("----------------------------------------------------------------------------------------------------")
    out.append("distributed_backend=nccl")
    out.append("All distributed processes registered. Starting with 8 processes")
    out.append("----------------------------------------------------------------------------------------------------")
    for pct, s in ((10, 120), (20, 240), (30, 360)):
        out.append("Epoch 0:  %d%%|%s| %d/1200 [%02d:%02d<%02d:%02d,  1.71it/s, v_num=12, train_loss=%.3f]" % (pct, "\u2588" * (pct // 10) + " " * (10 - pct // 10), s, s // 102, 0, (1200 - s) // 102, 0, 1.4 - s * 0.0004))
    out.append("Validation: |          | 0/? [00:00<?, ?it/s]")
    head = [
        "Traceback (most recent call last):",
        '  File "/home/rpatel/seg/train.py", line 88, in <module>',
        "    trainer.fit(model, datamodule=dm)",
        '  File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/trainer/trainer.py", line 538, in fit',
        "    call._call_and_handle_interrupt(",
    ]
    tb_log = [
        '  File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/loops/evaluation_loop.py", line 396, in _evaluation_step',
        "    output = call._call_strategy_hook(trainer, hook_name, *step_args)",
        '  File "/home/rpatel/seg/lit_module.py", line 141, in validation_step',
        "    self.log_dict({f\"val/iou_{c}\": v for c, v in per_class_iou.items() if v is not None}, sync_dist=True)",
        '  File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/core/module.py", line 625, in log_dict',
        "    self.log(",
        '  File "/opt/conda/lib/python3.11/site-packages/lightning/fabric/utilities/distributed.py", line 220, in _sync_ddp',
        "    torch.distributed.all_reduce(result, op=op, group=group, async_op=False)",
        '  File "/opt/conda/lib/python3.11/site-packages/torch/distributed/c10d_logger.py", line 83, in wrapper',
        "    return func(*args, **kwargs)",
        '  File "/opt/conda/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 2501, in all_reduce',
        "    work = group.allreduce([tensor], opts)",
    ]
    tb_bcast = [
        '  File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/callbacks/early_stopping.py", line 212, in _run_early_stopping_check',
        "    should_stop = trainer.strategy.reduce_boolean_decision(should_stop, all=False)",
        '  File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/strategies/ddp.py", line 311, in reduce_boolean_decision',
        "    decision = self.reduce(decision, reduce_op=ReduceOp.SUM)",
        '  File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/strategies/ddp.py", line 296, in broadcast',
        "    torch.distributed.broadcast_object_list(obj, src, group=_group.WORLD)",
        '  File "/opt/conda/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 3150, in broadcast_object_list',
        "    broadcast(object_sizes_tensor, src=src, group=group)",
        '  File "/opt/conda/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 2424, in broadcast',
        "    work = group.broadcast([tensor], opts)",
    ]
    fp_ar = "CollectiveFingerPrint(SequenceNumber=5117, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))"
    fp_bc = "CollectiveFingerPrint(SequenceNumber=5117, OpType=BROADCAST, TensorShape=[1], TensorDtypes=Long, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))"
    out.append("Validation DataLoader 0: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 50/50 [00:19<00:00,  2.61it/s]")
    for r in (3, 6):
        for l in head + tb_bcast:
            out.append("[rank%d]: %s" % (r, l))
        out.append("[rank%d]: RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: %s, but Rank 0 is running collective: %s.Collectives differ in the following aspects: \t Op type: BROADCASTvs ALLREDUCE  Tensor Tensor shapes: [1]vs []  Tensor Tensor dtypes: Longvs Float" % (r, r, fp_bc, fp_ar))
    for l in head + tb_log:
        out.append("[rank0]: %s" % l)
    out.append("[rank0]: RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running collective: %s, but Rank 3 is running collective: %s.Collectives differ in the following aspects: \t Op type: ALLREDUCEvs BROADCAST  Tensor Tensor shapes: []vs [1]  Tensor Tensor dtypes: Floatvs Long" % (fp_ar, fp_bc))
    out.append("# per-class IoU is None for classes absent from a rank's validation shard (ranks 3 and 6 never see 'rider')")
    out.append(srun_exit("v100-c07", [0, 3], code=1))
    out.append(srun_exit("v100-c08", [6], code=1))
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    out.append("slurmstepd: error: *** STEP %d.0 ON v100-c07 CANCELLED AT %s ***" % (job, iso(plus(start, 400))))
    out.append(srun_exit("v100-c07", [1, 2], signal="Terminated"))
    out.append(srun_exit("v100-c08", [4, 5, 7], signal="Terminated"))
    out.append("")
    out.append("# previous attempt (job 417310, same code, TORCH_DISTRIBUTED_DEBUG unset) hung in validation until the 30 min NCCL watchdog fired on all 8 ranks")
    slurm = join(out)
    label = {
        "category": "hang", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "validation_step logs a dict whose keys depend on which classes each rank saw (v is not None), so ranks issue different sync_dist collectives; with DETAIL debug PyTorch reports the mismatched fingerprints on both nodes, and without it the same code hung until the watchdog: a deadlock in the program's own logic.",
        "modelled_on": "https://github.com/Lightning-AI/pytorch-lightning/issues/19106",
    }
    return {"name": "ch11_detected_mismatch_between_collectives",
            "files": {"slurm-%d.out" % job: slurm}, "label": label}


# --------------------------------------------------------------------------
def ch12():
    """Fan failure on one node: all 8 GPUs thermally throttle, job crawls."""
    rng = random.Random(8912)
    job = 710045
    nodes = ["gpu-s%02d" % i for i in (3, 4, 5, 6, 7, 8, 9, 10)]
    start = t0("2025-07-08 00:10:05")
    slow = t0("2025-07-08 05:31:00")
    end = t0("2025-07-08 08:02:44")
    out = []
    out.append("+ srun --label --ntasks-per-node=8 python pretrain_gpt.py ... --log-straggler --straggler-minmax-count 8 --log-interval 100")
    t = plus(start, 300)
    it = 0
    while t < end:
        it += 100
        hot = t > slow
        ms = (4710.0 + rng.uniform(-15, 15)) if not hot else (4710.0 + min(2400.0, (t - slow).total_seconds() * 0.35) + rng.uniform(-30, 30))
        t = plus(t, 100 * ms / 1000.0)
        if t > end:
            break
        out.append("63: " + megatron_iter(t, it, 300000, ms, 2.5e-4, 2.45 - it * 0.00002, 0.29, gbs=2048))
        if it % 500 == 0:
            if not hot:
                out.append("0:  [%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %.2fW/%d | MxPwr/Rnk: %.2fW/%d | MnTmp/Rnk: %.2fC/%d | MxTmp/Rnk: %.2fC/%d | MnUtl/Rnk: %.2f%%/%d | MxUtl/Rnk: %.2f%%/%d | MnClk/Rnk: %.2fMHz/%d | MxClk/Rnk: %.2fMHz/%d |"
                           % (ymd_hms(t), ms - 12, rng.randrange(64), ms + 9, rng.randrange(64), 611.0, 20, 698.0, 3,
                              44.0, 8, 63.0, 51, 97.0, 17, 100.0, 2, 1965.0, 40, 1980.0, 0))
            else:
                hot_rank = 48 + rng.randrange(8)
                out.append("0:  [%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %.2fW/%d | MxPwr/Rnk: %.2fW/%d | MnTmp/Rnk: %.2fC/%d | MxTmp/Rnk: %.2fC/%d | MnUtl/Rnk: %.2f%%/%d | MxUtl/Rnk: %.2f%%/%d | MnClk/Rnk: %.2fMHz/%d | MxClk/Rnk: %.2fMHz/%d |"
                           % (ymd_hms(t), 4702.0, rng.randrange(48), ms + 4, hot_rank, 288.0, 48 + rng.randrange(8), 701.0, 3,
                              44.0, 8, 89.0 + rng.randrange(4), 48 + rng.randrange(8), 98.0, 48 + rng.randrange(8), 100.0, 2,
                              1035.0 + rng.randrange(60), 48 + rng.randrange(8), 1980.0, 0))
                out.append("0:  [%s] | Stragglers(rank: rel. perf.): [%s]" % (ymd_hms(t), ", ".join("%d: %.2f" % (r, 0.61 + 0.01 * (r % 3)) for r in range(48, 56))))
    out.append("")
    out.append("### bundle collected by on-call at %s while job %d was still RUNNING (iteration time 4.7s -> 7.1s since ~05:30)" % (ymd_hms(plus(end, 30)), job))
    slurm = join(out)

    def gpu_block(g, bus, temp, clk, slow_on):
        a = "Active" if slow_on else "Not Active"
        return [
            "GPU 00000000:%s:00.0" % bus.upper()[:2],
            "    Product Name                          : NVIDIA H100 80GB HBM3",
            "    Performance State                     : P0",
            "    Clocks Event Reasons",
            "        Idle                              : Not Active",
            "        Applications Clocks Setting       : Not Active",
            "        SW Power Cap                      : Not Active",
            "        HW Slowdown                       : %s" % a,
            "            HW Thermal Slowdown           : %s" % a,
            "            HW Power Brake Slowdown       : Not Active",
            "        Sync Boost                        : Not Active",
            "        SW Thermal Slowdown               : %s" % a,
            "        Display Clock Setting             : Not Active",
            "    Temperature",
            "        GPU Current Temp                  : %d C" % temp,
            "        GPU T.Limit Temp                  : %d C" % (87 - temp if temp < 87 else -(temp - 87)),
            "        GPU Shutdown T.Limit Temp         : -5 C",
            "        GPU Slowdown T.Limit Temp         : -2 C",
            "        GPU Max Operating T.Limit Temp    : 0 C",
            "        Memory Current Temp               : %d C" % (temp + 6),
            "    Clocks",
            "        Graphics                          : %d MHz" % clk,
            "        SM                                : %d MHz" % clk,
            "        Memory                            : 2619 MHz",
            "    Max Clocks",
            "        Graphics                          : 1980 MHz",
            "        SM                                : 1980 MHz",
            "",
        ]
    q = ["==============NVSMI LOG==============", "",
         "Timestamp                                 : Tue Jul  8 08:03:31 2025",
         "Driver Version                            : 550.127.05",
         "CUDA Version                              : 12.4", "",
         "Attached GPUs                             : 8"]
    for g, bus in enumerate(H100_BUS):
        q.extend(gpu_block(g, bus, 88 + (g * 3) % 5, 1005 + (g * 37) % 90, True))
    smi = join(q)
    ipmi = join([
        "$ ipmitool sdr type Fan",
        "FAN1             | 41h | ok  | 29.1 | 11760 RPM",
        "FAN2             | 42h | ok  | 29.2 | 11900 RPM",
        "FAN3             | 43h | cr  | 29.3 | 0 RPM",
        "FAN4             | 44h | cr  | 29.4 | 0 RPM",
        "FAN5             | 45h | ok  | 29.5 | 12040 RPM",
        "FAN6             | 46h | ok  | 29.6 | 11880 RPM",
        "$ ipmitool sel elist | tail -3",
        " 1a3 | 07/08/2025 | 05:27:48 | Fan FAN3 | Lower Critical going low  | Asserted | Reading 0 < Threshold 420 RPM",
        " 1a4 | 07/08/2025 | 05:27:49 | Fan FAN4 | Lower Critical going low  | Asserted | Reading 0 < Threshold 420 RPM",
        " 1a5 | 07/08/2025 | 05:29:02 | Temperature GPU_TEMP_5 | Upper Non-critical going high | Asserted | Reading 86 > Threshold 85 degrees C",
    ])
    label = {
        "category": "straggler", "layer": "infrastructure",
        "culprit": {"node": "gpu-s09", "rank": None},
        "action": "restart_without_node",
        "rationale": "From ~05:30 iteration time climbs from 4.7 s to 7.1 s with no error; Megatron's straggler report puts ranks 48-55 (all of gpu-s09) at ~0.6 relative performance, and gpu-s09 has two dead fans, every GPU at 88-92 C with HW Thermal Slowdown active and SM clocks near 1 GHz.",
        "modelled_on": "https://github.com/mlfoundations/open_clip/issues/703",
    }
    return {"name": "ch12_iteration_time_creeping_up",
            "files": {"slurm-%d.out" % job: slurm, "gpu-s09/nvidia-smi-q.txt": smi, "gpu-s09/ipmi-sensors.txt": ipmi},
            "label": label}


# --------------------------------------------------------------------------
def ch13():
    """New image tag lacks cuDNN: every pod crashes on import torch."""
    start = t0("2025-06-23 16:01:40")
    pods = ["vision-ft-master-0", "vision-ft-worker-0", "vision-ft-worker-1", "vision-ft-worker-2"]
    nodes = ["aks-ndh100-31884210-vmss00000a", "aks-ndh100-31884210-vmss00000c",
             "aks-ndh100-31884210-vmss00000f", "aks-ndh100-31884210-vmss00000g"]
    desc = [
        "Name:         vision-ft",
        "Namespace:    cv-team",
        "API Version:  kubeflow.org/v1",
        "Kind:         PyTorchJob",
        "Spec:",
        "  Pytorch Replica Specs:",
        "    Master:",
        "      Replicas:        1",
        "      Restart Policy:  OnFailure",
        "      Template:",
        "        Spec:",
        "          Containers:",
        "            Image:  acrcvteam.azurecr.io/vision-ft:2025.06.2",
        "            Command:",
        "              torchrun",
        "              --nnodes=4",
        "              --nproc-per-node=8",
        "              train.py",
        "    Worker:",
        "      Replicas:        3",
        "      Restart Policy:  OnFailure",
        "      Template:",
        "        Spec:",
        "          Containers:",
        "            Image:  acrcvteam.azurecr.io/vision-ft:2025.06.2",
        "  Run Policy:",
        "    Backoff Limit:  3",
        "Status:",
        "  Conditions:",
        "    Last Transition Time:  %sZ" % iso(plus(start, 20)),
        "    Message:               PyTorchJob vision-ft is created.",
        "    Reason:                PyTorchJobCreated",
        "    Status:                True",
        "    Type:                  Created",
        "    Last Transition Time:  %sZ" % iso(plus(start, 410)),
        "    Message:               PyTorchJob vision-ft is failed because 4 Master/Worker replica(s) failed: backoff limit reached.",
        "    Reason:                PyTorchJobFailed",
        "    Status:                True",
        "    Type:                  Failed",
        "  Replica Statuses:",
        "    Master:",
        "      Failed:  1",
        "    Worker:",
        "      Failed:  3",
        "Events:",
        "  Type     Reason            Age                  From                   Message",
        "  ----     ------            ----                 ----                   -------",
    ]
    for p in pods:
        desc.append("  Normal   SuccessfulCreatePod  8m                   pytorchjob-controller  Created pod: %s" % p)
    for p in pods:
        desc.append("  Warning  BackOff           %-20s kubelet                Back-off restarting failed container pytorch in pod %s_cv-team" % ("2m (x4 over 6m)", p))
    desc.append("  Warning  PyTorchJobFailed  1m                   pytorchjob-controller  PyTorchJob vision-ft is failed because 4 Master/Worker replica(s) failed: backoff limit reached.")
    desc.append("")
    desc.append("$ kubectl get pods -n cv-team -l training.kubeflow.org/job-name=vision-ft -o wide")
    desc.append("NAME                 READY   STATUS             RESTARTS      AGE   IP            NODE")
    for p, n in zip(pods, nodes):
        desc.append("%-20s 0/1     CrashLoopBackOff   3 (49s ago)   8m    10.244.%d.%d   %s" % (p, 3 + pods.index(p), 20 + pods.index(p) * 7, n))
    desc.append("")
    desc.append("$ kubectl get pytorchjob vision-ft -n cv-team -o jsonpath='{.metadata.annotations.cv-team/previous-image}'")
    desc.append("acrcvteam.azurecr.io/vision-ft:2025.05.4   (ran 41 h on the same node pool last week)")
    tb = [
        "Traceback (most recent call last):",
        '  File "/opt/venv/bin/torchrun", line 5, in <module>',
        "    from torch.distributed.run import main",
        '  File "/opt/venv/lib/python3.11/site-packages/torch/__init__.py", line 367, in <module>',
        "    from torch._C import *  # noqa: F403",
        "    ^^^^^^^^^^^^^^^^^^^^^^",
        "ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory",
    ]
    log = ["$ kubectl logs -n cv-team vision-ft-worker-1"] + tb + [
        "$ kubectl logs -n cv-team vision-ft-worker-1 --previous"] + tb + [
        "$ kubectl logs -n cv-team vision-ft-master-0 --previous | tail -1",
        "ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory",
        "$ kubectl debug -n cv-team vision-ft-worker-1 --copy-to=dbg --container=pytorch -- sh -c 'pip list 2>/dev/null | grep -i -E \"^torch |nvidia-cudnn\"; ls /opt/venv/lib/python3.11/site-packages/nvidia/'",
        "torch                    2.5.1",
        "cublas  cuda_cupti  cuda_nvrtc  cuda_runtime  cufft  curand  cusolver  cusparse  nccl  nvjitlink  nvtx",
        "# (no nvidia/cudnn directory: image 2025.06.2 was built with 'pip install --no-deps torch==2.5.1')",
    ]
    label = {
        "category": "dependency", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "All four pods, on four different AKS nodes, crash on 'import torch' with ImportError libcudnn.so.9 right after the job switched to image tag 2025.06.2; the same node pool ran the previous tag fine, so the job's image is broken and restarting cannot help.",
        "modelled_on": "https://github.com/instructlab/instructlab/issues/2209",
    }
    return {"name": "ch13_pods_crashloop_on_import_torch",
            "files": {"kubectl-describe.txt": join(desc), "kubectl-logs-vision-ft-worker-1.txt": join(log)},
            "label": label}


# --------------------------------------------------------------------------
def ch14():
    """Spine trouble: IB errors between nodes on the two leaves, from everyone."""
    rng = random.Random(8914)
    job = 1402277
    leaf_a = ["r07n%02d" % i for i in range(1, 9)]
    leaf_b = ["r08n%02d" % i for i in range(1, 9)]
    nodes = leaf_a + leaf_b
    ip = {}
    for i, n in enumerate(leaf_a):
        ip[n] = "172.20.7.%d" % (11 + i)
    for i, n in enumerate(leaf_b):
        ip[n] = "172.20.8.%d" % (11 + i)
    start = t0("2025-05-05 02:00:09")
    fault = t0("2025-05-05 04:37:26")
    out = []
    out.append("+ mpirun -np 128 -N 8 --hostfile hosts.txt --bind-to none -x NCCL_IB_HCA=mlx5_0,mlx5_3,mlx5_4,mlx5_5 -x NCCL_DEBUG=WARN -x LD_LIBRARY_PATH python -u train.py --config gpt_22b.yaml")
    t = plus(start, 180)
    step = 0
    while True:
        step += 50
        t = plus(t, 50 * 2.9)
        if t >= fault:
            break
        if step % 500 == 0:
            out.append("[1,0]<stdout>:[%s] step %d | loss %.4f | tokens/s 1.21e6 | step_time 2.90s" % (ymd_hms(t), step, 2.9 - step * 0.0001))
    pairs = []
    for k in range(26):
        a = leaf_a[k % 8]
        b = leaf_b[(k * 3 + 1) % 8]
        if k % 2:
            a, b = b, a
        pairs.append((a, b))
    for k, (h, peer) in enumerate(pairs):
        r = nodes.index(h) * 8 + rng.randrange(8)
        l = r % 8
        pid = 41000 + r * 3
        out.append("[1,%d]<stdout>:%s" % (r, nccl(h, pid, pid + 77, l,
                   "NET/IB: Got completion from peer %s<%d> with status=12 opcode=%d len=%d vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d"
                   % (ip[peer], 30000 + rng.randrange(30000), [0, 1, 129][k % 3], [0, 524288, 1048576][k % 3],
                      "Recv" if k % 2 else "Send", ip[h], ip[peer], [0, 3, 4, 5][l % 4]), src="transport/net_ib.cc:2244", level="WARN")))
    for k in range(10):
        h = nodes[(k * 5) % 16]
        r = nodes.index(h) * 8 + k % 8
        out.append("[1,%d]<stderr>:[rank%d]:[E%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (r, r, c10d(plus(fault, 2), 11000000 + k * 131)[1:], r))
        out.append("[1,%d]<stderr>:[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % (r, r))
    out.append("--------------------------------------------------------------------------")
    out.append("Primary job  terminated normally, but 1 process returned")
    out.append("a non-zero exit code. Per user-direction, the job has been aborted.")
    out.append("--------------------------------------------------------------------------")
    out.append("--------------------------------------------------------------------------")
    out.append("mpirun noticed that process rank 61 with PID %d on node %s exited on signal 6 (Aborted)." % (41000 + 61 * 3, nodes[61 // 8]))
    out.append("--------------------------------------------------------------------------")
    slurm = join(out)
    topo = json.dumps({"topology": {"leaf-r07": leaf_a, "leaf-r08": leaf_b},
                       "spines": {"spine-01": ["leaf-r07", "leaf-r08"], "spine-02": ["leaf-r07", "leaf-r08"],
                                  "spine-03": ["leaf-r07", "leaf-r08"], "spine-04": ["leaf-r07", "leaf-r08"]}},
                      indent=2, sort_keys=True) + "\n"
    ev = ["# UFM event log export (Events -> CSV), filtered 04:30-04:45",
          "Time,Severity,Object,Event,Description"]
    tt = plus(fault, -41)
    ev.append("%s,Warning,spine-03 / port 17,Symbol Error Counter,Symbol error rate 1.2e-09 exceeds threshold" % ymd_hms(plus(tt, -300)))
    for p in range(1, 33, 2):
        ev.append("%s,Critical,spine-03 / port %d,Link is down,Peer: %s port %d" % (ymd_hms(plus(tt, p // 8)), p, "leaf-r07" if p < 17 else "leaf-r08", 41 + p % 16))
    ev.append("%s,Info,spine-03,Switch reboot,Reason: watchdog (ASIC hang)" % ymd_hms(plus(tt, 22)))
    ev.append("%s,Info,spine-03,Switch up,Firmware 31.2012.2226" % ymd_hms(plus(tt, 412)))
    for p in range(1, 33, 2):
        ev.append("%s,Info,spine-03 / port %d,Link is up,Peer: %s port %d" % (ymd_hms(plus(tt, 430 + p // 8)), p, "leaf-r07" if p < 17 else "leaf-r08", 41 + p % 16))
    label = {
        "category": "network", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "Status=12 retry-exceeded completions are reported by ranks on all 16 nodes, always between a node on leaf-r07 and one on leaf-r08, with no common peer; the fabric manager shows spine-03 dropping all its links and rebooting at that minute. A fabric event, not a node; rerun once the spine is back.",
        "modelled_on": "https://github.com/NVIDIA/nccl/issues/1698",
    }
    return {"name": "ch14_ib_errors_on_every_node",
            "files": {"slurm-%d.out" % job: slurm, "topology.json": topo, "ufm-events.csv": join(ev)},
            "label": label}


# --------------------------------------------------------------------------
def ch15():
    """Xid 94 contained ECC error killed rank 11; row remap done after reset."""
    node = "hpc-gn042"
    start = t0("2025-08-11 13:00:04")
    fault = t0("2025-08-11 19:26:51")
    out = []
    out.append("+ torchrun --nnodes=2 --nproc-per-node=8 --node-rank=1 --master-addr=hpc-gn041 --master-port=29500 --max-restarts=0 run_clm.py --model_name_or_path /data/models/qwen2.5-7b --bf16 --fsdp 'full_shard auto_wrap' ...")
    t = plus(start, 200)
    s = 0
    while True:
        s += 20
        t = plus(t, 20 * 1.43)
        if t >= fault:
            break
        if s % 400 == 0:
            out.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}" % (1.31 - s * 0.00002, 0.51, 1.5e-5, s / 19000.0))
    out.append("[rank11]: Traceback (most recent call last):")
    for l in [
        '  File "/srv/ft/run_clm.py", line 655, in <module>',
        "    main()",
        '  File "/srv/ft/run_clm.py", line 603, in main',
        "    train_result = trainer.train(resume_from_checkpoint=checkpoint)",
        '  File "/opt/conda/lib/python3.10/site-packages/transformers/trainer.py", line 2410, in _inner_training_loop',
        "    tr_loss_step = self.training_step(model, inputs, num_items_in_batch)",
        '  File "/opt/conda/lib/python3.10/site-packages/transformers/trainer.py", line 3625, in training_step',
        "    self.accelerator.backward(loss, **kwargs)",
        "RuntimeError: CUDA error: uncorrectable ECC error encountered",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    ]:
        out.append("[rank11]: " + l)
    agent = 5120
    kids = [5188 + l for l in range(8)]
    out.extend(elastic_sigterm(plus(fault, 3), 120330, agent, [k for i, k in enumerate(kids) if i != 3]))
    out.append(elastic_failed(plus(fault, 4), 908112, agent, 1, 3, kids[3], "/opt/conda/bin/python3.10"))
    out.extend(torchrun_entry_traceback(site="/opt/conda/lib/python3.10/site-packages", exe="/opt/conda/bin/torchrun"))
    out.extend(child_failed_table("run_clm.py", [], {
        "time": plus(fault, 1).strftime("%Y-%m-%d_%H:%M:%S"), "host": node, "rank": 11, "local_rank": 3,
        "exitcode": 1, "pid": kids[3],
        "error_file": "/tmp/torchelastic_g1x8z2u_/none_a81kd0qp/attempt_0/3/error.json",
        "traceback": ["Traceback (most recent call last):",
                      '  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
                      "    return f(*args, **kwargs)",
                      "RuntimeError: CUDA error: uncorrectable ECC error encountered"]}))
    stdout = join(out)

    boot = t0("2025-08-02 07:58:30")
    d = []
    def L(sec, msg):
        d.append("%s %s" % (uptime(sec), msg))
    L(5.220134, "NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  560.35.03  Release Build  (dvs-builder@U16-I3-A11-3-1)  Fri Aug 16 21:42:42 UTC 2024")
    L(5.99, "nvidia-fs: Initializing nvfs driver module")
    fs = (fault - boot).total_seconds()
    L(fs, "NVRM: Xid (PCI:0000:5d:00): 94, pid=5191, name=python3.10, Contained ECC error.")
    L(fs + 0.000088, "NVRM: Xid (PCI:0000:5d:00): 63, pid=5191, name=python3.10, Row Remapper: New row (0x00000000003a11c0) marked for remapping, reset gpu to activate.")
    L(fs + 0.2, "NVRM: Xid (PCI:0000:5d:00): 45, pid=5191, name=python3.10, Ch 00000008")
    L(fs + 318.4, "NVRM: GPU at PCI:0000:5d:00: GPU-3c90f1a2-5e1d-8a07-61f4-2f0b7d11c6e2")
    L(fs + 318.4, "NVRM: GPU Board Serial Number: 1653923040118")
    dmesg = join(d)
    smi = join([
        "# node-health drain-check on hpc-gn042, %s" % ymd_hms(plus(fault, 318)),
        "$ nvidia-smi -r -i 3",
        "GPU 00000000:5D:00.0 was successfully reset.",
        "All done.",
        "$ nvidia-smi -q -i 3 -d ROW_REMAPPER,ECC,PAGE_RETIREMENT",
        "",
        "GPU 00000000:5D:00.0",
        "    ECC Mode",
        "        Current                           : Enabled",
        "        Pending                           : Enabled",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "        Aggregate",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 2",
        "            DRAM Uncorrectable            : 1",
        "    Retired Pages",
        "        Single Bit ECC                    : N/A",
        "        Double Bit ECC                    : N/A",
        "        Pending Page Blacklist            : N/A",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram",
        "            Max                           : 639 bank(s)",
        "            High                          : 1 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)",
    ])
    label = {
        "category": "gpu_memory", "layer": "infrastructure",
        "culprit": {"node": node, "rank": 11},
        "action": "restart",
        "rationale": "Rank 11 (local 3, PCI 5d) died with 'uncorrectable ECC error' exactly when hpc-gn042 logged Xid 94 'Contained ECC error' plus Xid 63 row marked for remapping; the GPU has since been reset, the row remap is applied (Pending: No, no remapping failure, banks available), so the node is usable again and the job can simply be restarted.",
        "modelled_on": "https://github.com/leptonai/gpud/pull/108",
    }
    return {"name": "ch15_rank11_ecc_error_then_exit",
            "files": {"%s/stdout.log" % node: stdout, "%s/dmesg.txt" % node: dmesg,
                      "%s/nvidia-smi-q.txt" % node: smi},
            "label": label}


# --------------------------------------------------------------------------
def ch16():
    """Lustre project quota full at checkpoint save."""
    host = "gn-a100-07"
    start = t0("2025-02-14 08:00:00")
    save = t0("2025-02-14 21:30:12")
    out = []
    out.append("[rank: 0] Seed set to 1234")
    out.append("Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/16")
    out.append("You are using a CUDA device ('NVIDIA A100-SXM4-80GB') that has Tensor Cores. To properly utilize them, you should set `torch.set_float32_matmul_precision('medium' | 'high')` which will trade-off precision for performance. For more details, read https://pytorch.org/docs/stable/generated/torch.set_float32_matmul_precision.html#torch.set_float32_matmul_precision")
    for e in range(0, 9):
        out.append("Epoch %d: 100%%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 2210/2210 [1:29:41<00:00,  0.41it/s, v_num=3, train_loss=%.3f, val_loss=%.3f]" % (e, 0.9 - e * 0.04, 0.95 - e * 0.035))
        out.append("Epoch %d, global step %d: 'val_loss' reached %.5f (best %.5f), saving model to '/lustre/proj/speech/asr-xl/ckpt/epoch=%d-step=%d.ckpt' as top 10" % (e, (e + 1) * 2210, 0.95 - e * 0.035, 0.95 - e * 0.035, e, (e + 1) * 2210))
    out.extend([
        "[rank0]: Traceback (most recent call last):",
        '[rank0]:   File "/opt/conda/lib/python3.11/site-packages/torch/serialization.py", line 850, in save',
        "[rank0]:     _save(",
        '[rank0]:   File "/opt/conda/lib/python3.11/site-packages/torch/serialization.py", line 1114, in _save',
        "[rank0]:     zip_file.write_record(name, storage, num_bytes)",
        "[rank0]: RuntimeError: [enforce fail at inline_container.cc:603] . PytorchStreamWriter failed writing file data/1377: file write failed",
        "[rank0]: ",
        "[rank0]: During handling of the above exception, another exception occurred:",
        "[rank0]: ",
        "[rank0]: Traceback (most recent call last):",
        '[rank0]:   File "/home/jvogel/asr/train.py", line 142, in <module>',
        "[rank0]:     trainer.fit(model, datamodule=dm, ckpt_path=args.resume)",
        '[rank0]:   File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/callbacks/model_checkpoint.py", line 390, in _save_checkpoint',
        "[rank0]:     trainer.save_checkpoint(filepath, self.save_weights_only)",
        '[rank0]:   File "/opt/conda/lib/python3.11/site-packages/lightning/fabric/plugins/io/torch_io.py", line 58, in save_checkpoint',
        "[rank0]:     _atomic_save(checkpoint, path)",
        '[rank0]:   File "/opt/conda/lib/python3.11/site-packages/lightning/fabric/utilities/cloud_io.py", line 83, in _atomic_save',
        "[rank0]:     f.write(bytesbuffer.getvalue())",
        "[rank0]: OSError: [Errno 122] Disk quota exceeded",
    ])
    rank0 = join(out)
    quota = join([
        "$ lfs quota -h -p 4411 /lustre   # project 'speech' (proj id 4411), run by on-call %s" % ymd_hms(plus(save, 1500)),
        "Disk quotas for prj 4411 (pid 4411):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "        /lustre  50.01T*    48T     50T 6d23h41m  2811930       0       0       -",
        "",
        "$ du -sh /lustre/proj/speech/asr-xl/ckpt",
        "9.8T\t/lustre/proj/speech/asr-xl/ckpt",
        "$ lfs df -h /lustre | tail -1",
        "filesystem_summary:         8.1P        5.2P        2.9P  64% /lustre",
    ])
    label = {
        "category": "storage", "layer": "infrastructure", "culprit": None, "action": "stop",
        "rationale": "Rank 0's checkpoint write failed with EDQUOT (Errno 122) and lfs quota shows project 4411 at its 50T hard limit while the filesystem itself has 2.9P free; a quota does not heal by itself, so resubmitting without freeing space or raising the quota will fail again.",
        "modelled_on": "https://github.com/open-mmlab/mmdetection/issues/12069",
    }
    return {"name": "ch16_oserror_122_when_saving_checkpoint",
            "files": {"%s/rank0.log" % host: rank0, "lfs-quota.txt": quota}, "label": label}


CASES = [ch09, ch10, ch11, ch12, ch13, ch14, ch15, ch16]
