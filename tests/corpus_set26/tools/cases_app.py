"""Hang / OOM / numerical / straggler / user code / dependency / clean-run cases."""
from common import (Bundle, Job, T, add, c10d_ts, pylog, iso, syslog, torchrun_banner, sigterm_lines,
                    child_failed, watchdog_timeout, remote_error, train_steps, nvsmi_table, dmesg_noise,
                    traceback, rankify)

PY = "/usr/local/lib/python3.10/dist-packages"
TB = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"


def _fr_summary(t, ranks, seq, op, stuck):
    lines = [f"{iso(t)} flight_recorder: dumped traces for {len(ranks)} ranks to /scratch/fr/trace_<rank>",
             f"{iso(t)} fr_trace analysis (torch.distributed.flight_recorder):",
             "rank  pg         last_enqueued  last_started  last_completed  state_of_last"]
    for r in ranks:
        if r in stuck:
            lines.append(f"{r:<5} default_pg {seq-1:<14} {seq-1:<13} {seq-1:<15} completed   ({op})")
        else:
            lines.append(f"{r:<5} default_pg {seq:<14} {seq:<13} {seq-1:<15} started     ({op})")
    if stuck:
        lines.append(f"Not all ranks joining collective {seq} ({op}): missing ranks {sorted(stuck)}")
    else:
        lines.append(f"All {len(ranks)} ranks entered collective {seq} ({op}); none completed.")
    return "\n".join(lines) + "\n"


def n19():
    b = Bundle("n19_zero3_training_stuck_then_nccl_timeout",
               "ZeRO-3 hang; flight recorder + py-spy show one rank never entered the allgather; no hardware evidence anywhere")
    nodes = ["p5-h100-%02d" % i for i in (3, 4, 6, 9)]
    bad, lr_bad = "p5-h100-06", 3
    t0 = T(2024, 9, 11, 6, 0, 0)
    j = Job(b, nodes, 8, t0)
    ts = add(t0, 3 * 3600 + 11)
    r_bad = j.gr(bad, lr_bad)
    seq = 48212
    for n in nodes:
        txt = torchrun_banner(t0, 4, 8, "p5-h100-03:29500", run_id="mixtral-heal")
        if n == nodes[0]:
            s, _ = train_steps(add(t0, 30), 1, 2700, 100, 3.9, 1.4, b.rng, fmt="hf")
            txt += s
        for lr in range(8):
            r = j.gr(n, lr)
            if r == r_bad:
                continue
            txt += watchdog_timeout(add(ts, 1800), r, seq, "_ALLGATHER_BASE", 58720256)
        txt += child_failed(add(ts, 1840), n, [(j.gr(n, 0), 0, -6, j.pids[n][0], "Signal 6 (SIGABRT) received by PID %d" % j.pids[n][0])], entry="fine_tune_accelerate.py")
        b.add(f"{n}/accelerate.log", txt)
    b.add(f"{nodes[0]}/fr_analysis.txt", _fr_summary(add(ts, 1810), range(32), seq, "_ALLGATHER_BASE", {r_bad}))
    pid = j.pids[bad][lr_bad]
    b.add(f"{bad}/py-spy-dump.txt",
          f"$ pgrep -P $(pgrep -o accelerate) | xargs -I {{}} py-spy dump --pid {{}}   # taken {iso(add(ts, 900))}\n"
          f"Process {pid}: /usr/bin/python3.10 -u fine_tune_accelerate.py --config_file configs/mixtral_8x7b/config.yaml\nPython v3.10.12 (/usr/bin/python3.10)\n\n"
          f"Thread {pid} (idle): \"MainThread\"\n    backward (torch/autograd/__init__.py:266)\n    backward (torch/_tensor.py:522)\n    backward (deepspeed/runtime/fp16/loss_scaler.py:63)\n    backward (deepspeed/runtime/zero/stage3.py:2213)\n    wrapped_fn (deepspeed/utils/nvtx.py:15)\n    backward (deepspeed/runtime/engine.py:1976)\n    backward (accelerate/utils/deepspeed.py:166)\n    backward (accelerate/accelerator.py:2126)\n    train_step (fine_tune_accelerate.py:412)\n\n"
          f"Process {pid-3}: /usr/bin/python3.10 -u fine_tune_accelerate.py --config_file configs/mixtral_8x7b/config.yaml\n\nThread {pid-3} (active): \"MainThread\"\n    synchronize (torch/cuda/streams.py:95)\n    _allgather_params (deepspeed/runtime/zero/partition_parameters.py:1861)\n    fetch_sub_module (deepspeed/runtime/zero/partitioned_param_coordinator.py:316)\n    pre_sub_module_forward_function (deepspeed/runtime/zero/parameter_offload.py:462)\n")
    b.add(f"{bad}/nvidia-smi.txt", nvsmi_table(bad, add(ts, 905), 8, overrides={i: {"util": "100%" if i != lr_bad else "0%", "mem": "52011MiB"} for i in range(8)}))
    l2, _ = dmesg_noise(11000.0, b.rng, 6)
    b.add(f"{bad}/dmesg.txt", "\n".join(l2))
    b.set_label("hang", "infrastructure", {"node": bad, "rank": r_bad}, "run_diagnostics",
                "31 ranks time out inside _ALLGATHER_BASE #48212; the flight-recorder analysis says only rank 19 never joined it, and py-spy shows rank 19 (p5-h100-06, local 3) idle in backward while its GPU sits at 0%. Nothing in dmesg or nvidia-smi points at hardware, so the stuck rank's node needs diagnostics before trusting it again.",
                "https://github.com/deepspeedai/DeepSpeed/issues/6524")
    return b


def n20():
    b = Bundle("n20_megatron_reduce_scatter_watchdog_timeout_no_nccl_error",
               "16-node hang where every rank is inside the same collective; no suspect, no hardware evidence")
    nodes = ["node%03d" % i for i in range(64, 80)]
    t0 = T(2023, 12, 13, 3, 0, 0)
    j = Job(b, nodes, 8, t0)
    ts = add(t0, 7 * 3600 + 1400)
    for n in nodes:
        txt = torchrun_banner(t0, 16, 8, "node064:29500", run_id="gpt-moe-128")
        if n == "node064":
            s, _ = train_steps(add(t0, 60), 10, 1550, 10, 16.2, 4.0, b.rng, fmt="megatron")
            txt += s
        for lr in (0, 1, 2, 3):
            txt += watchdog_timeout(add(ts, 1800), j.gr(n, lr), 1559, "_REDUCE_SCATTER_BASE", 3121908768)
        txt += child_failed(add(ts, 1830), n, [(j.gr(n, 0), 0, -6, j.pids[n][0], "Signal 6 (SIGABRT) received by PID %d" % j.pids[n][0])], entry="pretrain_gpt.py")
        b.add(f"{n}/megatron.log", txt)
        l2, _ = dmesg_noise(26000.0 + j.nodes.index(n), b.rng, 3)
        b.add(f"{n}/dmesg.txt", "\n".join(l2))
    b.add("node064/fr_analysis.txt", _fr_summary(add(ts, 1805), range(0, 128, 8), 1559, "_REDUCE_SCATTER_BASE", set()) +
          "(sampled one rank per node; all 128 traces agree)\n")
    b.set_label("hang", "infrastructure", None, "restart",
                "Every rank on all 16 nodes entered _REDUCE_SCATTER_BASE #1559 and none completed. There is no NCCL WARN, no rank outside the collective, nothing in any kernel log and no earlier exception, so there is no suspect. Restart from the last checkpoint; escalate if it repeats.",
                "https://github.com/NVIDIA/nccl/issues/1111")
    return b


def n21():
    b = Bundle("n21_dataloader_worker_killed_slurm_oom_kill_event",
               "cgroup OOM of the job's own DataLoader workers (mem-per-cpu too small) on both nodes")
    nodes = ["sdumont6156", "sdumont6161"]
    t0 = T(2022, 11, 16, 14, 0, 0)
    j = Job(b, nodes, 4, t0)
    tf = add(t0, 4 * 3600 + 310)
    b.add(f"{nodes[0]}/job.sbatch", "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=16\n#SBATCH --mem-per-cpu=4G\n#SBATCH -J vit-h14\nsrun torchrun --nnodes 2 --nproc_per_node 4 --rdzv_endpoint $MASTER:29500 train.py --workers 12 --batch-size 256 --cache-decoded\n")
    for k, n in enumerate(nodes):
        tt = add(tf, k * 37)
        txt = torchrun_banner(t0, 2, 4, "sdumont6156:29500", run_id="vit-h14")
        if k == 0:
            s, _ = train_steps(add(t0, 60), 50, 5000, 250, 3.0, 6.9, b.rng, fmt="plain")
            txt += s
        wpid = j.pids[n][1] + 311
        txt += rankify(traceback([("train.py", 233, "train_one_epoch", "for step, (x, y) in enumerate(loader):"),
                                  (f"{PY}/torch/utils/data/dataloader.py", 1316, "_next_data", "idx, data = self._get_data()"),
                                  (f"{PY}/torch/utils/data/dataloader.py", 1133, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e")],
                                 f"RuntimeError: DataLoader worker (pid(s) {wpid}) exited unexpectedly"), j.gr(n, 1))
        txt += f"slurmstepd: error: Detected 1 oom_kill event in StepId=11300781.0. Some of the step tasks have been OOM Killed.\n"
        txt += child_failed(add(tt, 4), n, [(j.gr(n, 1), 1, 1, j.pids[n][1], TB)])
        if k == 0:
            txt += f"srun: error: {n}: task 0: Out Of Memory\n"
        b.add(f"{n}/slurm-11300781.out", txt)
        kl = [f"{syslog(tt)} {n} kernel: pt_data_worker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0",
              f"{syslog(tt)} {n} kernel: memory: usage 67108864kB, limit 67108864kB, failcnt 3312",
              f"{syslog(tt)} {n} kernel: Memory cgroup stats for /slurm/uid_4112/job_11300781/step_0:",
              f"{syslog(tt)} {n} kernel: Tasks state (memory values in pages):",
              f"{syslog(tt)} {n} kernel: [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"]
        for w in range(6):
            kl.append(f"{syslog(tt)} {n} kernel: [{wpid - 2 + w:7d}]  4112 {wpid - 2 + w:5d}  9802113  {1801000 + w*1233:7d}  16502784        0             0 pt_data_worker")
        kl.append(f"{syslog(tt)} {n} kernel: Memory cgroup out of memory: Killed process {wpid} (pt_data_worker) total-vm:39208452kB, anon-rss:7204000kB, file-rss:0kB, shmem-rss:112kB, UID:4112 pgtables:16116kB oom_score_adj:0")
        b.add(f"{n}/messages", "\n".join(kl))
    b.set_label("oom", "framework", None, "stop",
                "On both nodes the Slurm step cgroup (64 GB = 16 CPUs x 4G) hits its limit and the kernel kills the job's own pt_data_worker processes (12 workers per rank with --cache-decoded, ~7 GB RSS each). It is the job's own host-memory use against its own request; fix workers/caching or --mem and resubmit.",
                "https://github.com/pytorch/pytorch/issues/8976")
    return b


def n22():
    b = Bundle("n22_found_nan_in_local_grad_norm_before_dp_collective",
               "Megatron NaN assertion on several ranks on different nodes after grad-norm/loss blow-up; application divergence, not a GPU")
    nodes = ["dsw-4c1a", "dsw-4c1b", "dsw-4c1c", "dsw-4c1d"]
    t0 = T(2024, 10, 21, 9, 0, 0)
    j = Job(b, nodes, 8, t0)
    gn = [0.9, 1.1, 1.0, 1.3, 2.8, 7.9, 41.2, 388.0, 4211.5]
    loss = [2.11, 2.09, 2.10, 2.08, 2.31, 3.02, 4.77, 8.91, 11.3]
    for n in nodes:
        txt = torchrun_banner(t0, 4, 8, "dsw-4c1a:23456", run_id="llama3-70b-pt")
        if n == nodes[3]:
            tt = add(t0, 300)
            txt += "> building train, validation, and test datasets ...\n using: lr 1e-5, min-lr 1e-6, clip-grad 1.0, bf16, tp 4 pp 8\n"
            for i, (g, l) in enumerate(zip(gn, loss)):
                tt = add(tt, 41.5)
                txt += f" [{tt.strftime('%Y-%m-%d %H:%M:%S')}] iteration {i+1:8d}/  100000 | consumed samples: {(i+1)*128:12d} | elapsed time per iteration (ms): 41511.2 | learning rate: {1e-7*(i+1):.3E} | global batch size:   128 | lm loss: {l:.6E} | loss scale: 1.0 | grad norm: {g:.3f} | number of skipped iterations:   0 | number of nan iterations:   0 |\n"
        tf = add(t0, 300 + 41.5 * 10)
        culprit_ranks = {"dsw-4c1b": [11, 15], "dsw-4c1d": [27]}.get(n, [])
        for r in culprit_ranks:
            txt += rankify(traceback([("/workspace/Pai-Megatron-Patch/examples/llama3/pretrain_llama.py", 221, "<module>", "pretrain("),
                                      ("/workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py", 334, "finish_grad_sync", "bucket_group.finish_grad_sync()"),
                                      ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 115, "check_for_nan_in_grad", "assert not norm_is_nan, (")],
                                     f"AssertionError: Rank {r}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: {r % 8}, node: {n}"), r)
        if not culprit_ranks:
            txt += sigterm_lines(add(tf, 3), j.pids[n][:4])
        txt += child_failed(add(tf, 4), n, [((culprit_ranks or [j.gr(n, 0)])[0], (culprit_ranks or [j.gr(n, 0)])[0] % 8, 1, j.pids[n][(culprit_ranks or [0])[0] % 8], TB)], entry="pretrain_llama.py")
        b.add(f"{n}/rank-log-{n}.txt", txt)
    b.set_label("numerical", "script", None, "stop",
                "Grad norm grows from ~1 to 4211 and loss from 2.1 to 11.3 over the last iterations, then ranks 11, 15 and 27 on two different nodes assert 'found NaN in local grad norm'. The model diverged (data/LR), a training problem, not one GPU; fix the data or hyperparameters before resuming from an earlier checkpoint.",
                "https://github.com/alibaba/Pai-Megatron-Patch/issues/366")
    return b


def n23():
    b = Bundle("n23_training_slower_and_slower_each_hour",
               "step time creeps up; per-rank timers and nvidia-smi -q show one node thermally throttling; user cancelled")
    nodes = ["hx-c2-01", "hx-c2-02", "hx-c2-05", "hx-c2-06"]
    bad = "hx-c2-05"
    t0 = T(2020, 6, 11, 9, 0, 0)
    j = Job(b, nodes, 8, t0)
    for n in nodes:
        txt = torchrun_banner(t0, 4, 8, "hx-c2-01:29500", run_id="t5-xl")
        if n == nodes[0]:
            tt = t0
            for it in range(100, 6001, 300):
                st = 1.92 + max(0, (it - 1500)) / 4500 * 1.2
                tt = add(tt, st * 300)
                slow = j.gr(bad, b.rng.randint(0, 7))
                txt += (f" [{tt.strftime('%Y-%m-%d %H:%M:%S')}] iteration {it:8d}/  50000 | elapsed time per iteration (ms): {st*1000:.1f} | lm loss: {3.1 - it/6000:.6E} | grad norm: 0.41 |\n"
                        f"    (min, max) time across ranks (ms):\n        forward-backward ...............................: ({1840 + b.rng.uniform(-10,10):.2f}, {st*1000 - 40:.2f})   max rank {slow if it > 1500 else b.rng.randint(0, 31)}\n")
            txt += f"slurmstepd: error: *** STEP 88231.0 ON hx-c2-01 CANCELLED AT {add(tt, 60).strftime('%Y-%m-%dT%H:%M:%S')} ***\n"
        b.add(f"{n}/train.log", txt)
        ov = {i: {"temp": 91 + i % 3, "perf": "P2", "util": "100%", "mem": "71201MiB"} for i in range(8)} if n == bad else \
             {i: {"temp": 61 + i % 4, "util": "100%", "mem": "71188MiB"} for i in range(8)}
        b.add(f"{n}/nvidia-smi.txt", nvsmi_table(n, add(t0, 9000), 8, overrides=ov))
    b.add(f"{bad}/nvidia-smi-q-perf.txt", "GPU 00000000:18:00.0\n    Clocks Event Reasons\n        Idle                              : Not Active\n        Applications Clocks Setting       : Not Active\n        SW Power Cap                      : Not Active\n        HW Slowdown                       : Active\n            HW Thermal Slowdown           : Active\n            HW Power Brake Slowdown       : Not Active\n        Sync Boost                        : Not Active\n        SW Thermal Slowdown               : Active\n    Clocks\n        SM                                : 1095 MHz\n    Max Clocks\n        SM                                : 1980 MHz\n    Temperature\n        GPU Current Temp                  : 92 C\n        GPU Shutdown Temp                 : 97 C\n        GPU Slowdown Temp                 : 90 C\n")
    b.add(f"{bad}/ipmi-sel.txt", f"  1f | {add(t0, 5200).strftime('%m/%d/%Y | %H:%M:%S')} | Fan FAN4 | Lower Critical going low  | Asserted\n  20 | {add(t0, 5260).strftime('%m/%d/%Y | %H:%M:%S')} | Temperature GPU_Zone2 | Upper Non-critical going high | Asserted\n")
    b.set_label("straggler", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Iteration time rises from 1.9 s to 3.1 s, and from iteration 1800 the slowest rank is always on hx-c2-05, whose GPUs sit at 91-93 C with HW/SW thermal slowdown active at 1095 MHz, and whose BMC logged a failed fan. Run without the overheating node.",
                "https://github.com/tensorflow/tensorflow/issues/40042")
    return b


def n24():
    b = Bundle("n24_detected_mismatch_between_collectives_at_validation_end",
               "TORCH_DISTRIBUTED_DEBUG=DETAIL mismatch: ranks log different metric keys -> broadcast vs allreduce; user code")
    nodes = ["wk-0", "wk-1"]
    t0 = T(2023, 12, 5, 16, 0, 0)
    j = Job(b, nodes, 4, t0)
    tf = add(t0, 3600 * 2 + 12)
    for n in nodes:
        txt = "TORCH_DISTRIBUTED_DEBUG=DETAIL\n" + torchrun_banner(t0, 2, 4, "wk-0:29500", run_id="lit-seg")
        if n == "wk-0":
            txt += "Epoch 3: 100%|██████████| 812/812 [28:10<00:00,  2.08s/it, v_num=11, train/loss=0.412]\nValidation DataLoader 0:  97%|█████████▋| 63/65 [01:02<00:01,  1.01it/s]\n"
        for lr in range(4):
            r = j.gr(n, lr)
            if r == 1:
                mine = "CollectiveFingerPrint(SequenceNumber=21, OpType=BROADCAST, TensorShape=[1], TensorDtypes=Long, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))"
                other = "CollectiveFingerPrint(SequenceNumber=21, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))"
                txt += rankify(traceback([("/app/seg/module.py", 188, "on_validation_epoch_end", "self.log_dict(per_class, sync_dist=True)"),
                                          ("/myenv/python3.10/site-packages/lightning_fabric/utilities/distributed.py", 220, "_sync_ddp", "broadcast(object_sizes_tensor, src=src, group=group)"),
                                          ("/myenv/python3.10/site-packages/torch/distributed/distributed_c10d.py", 1906, "broadcast", "work = default_pg.broadcast([tensor], opts)")],
                                         f"RuntimeError: Detected mismatch between collectives on ranks. Rank 1 is running collective: {mine}, but Rank 0 is running collective: {other}. Collectives differ in the following aspects: \t Op type: BROADCASTvs ALLREDUCE  Tensor Tensor shapes: 1vs  Tensor Tensor dtypes: Longvs Float"), r)
            else:
                txt += rankify(traceback([("/app/seg/module.py", 188, "on_validation_epoch_end", "self.log_dict(per_class, sync_dist=True)"),
                                          ("/myenv/python3.10/site-packages/torch/distributed/distributed_c10d.py", 2288, "all_reduce", "work = group.allreduce([tensor], opts)")],
                                         "RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: CollectiveFingerPrint(SequenceNumber=21, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float, ...), but Rank 1 is running collective: CollectiveFingerPrint(SequenceNumber=21, OpType=BROADCAST, TensorShape=[1], TensorDtypes=Long, ...)." % r), r)
        txt += child_failed(add(tf, 3), n, [(j.gr(n, 0), 0, 1, j.pids[n][0], TB)], entry="train.py")
        b.add(f"{n}/lightning.log", txt)
    b.add("wk-0/module_snippet.txt", "# seg/module.py (on_validation_epoch_end)\nper_class = {f\"val/iou_{c}\": v for c, v in self.iou.items() if v is not None}  # classes absent in this rank's shard are dropped\nself.log_dict(per_class, sync_dist=True)\n")
    b.set_label("user_code", "script", None, "stop",
                "With TORCH_DISTRIBUTED_DEBUG=DETAIL, rank 1 enters a BROADCAST while the others run an ALLREDUCE at the same sequence number, inside log_dict(sync_dist=True) whose keys depend on which classes each rank saw. Different ranks log different keys: a deterministic code bug.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")
    return b


def n25():
    b = Bundle("n25_expected_to_have_finished_reduction_prior_iteration",
               "DDP unused-parameter error on every rank in step 2 of each run; user code")
    nodes = ["exx-a", "exx-b"]
    t0 = T(2021, 5, 3, 12, 0, 0)
    j = Job(b, nodes, 4, t0)
    tf = add(t0, 95)
    for n in nodes:
        txt = torchrun_banner(t0, 2, 4, "exx-a:29500", run_id="selfatt-damage")
        if n == "exx-a":
            txt += "GPU available: True, used: True\nInitializing distributed: GLOBAL_RANK: 0, MEMBER: 1/8\nEpoch 0:   0%|          | 1/1563 [00:04<1:49:11,  4.19s/it, loss=2.31]\n"
        for lr in range(4):
            r = j.gr(n, lr)
            txt += rankify(traceback([("/home/exx/Documents/Hamed/6conv-3res-1024chanels-self-att.py", 380, "<module>", "trainer.fit(model)"),
                                      ("/home/exx/anaconda3/envs/spyder-env/lib/python3.8/site-packages/pytorch_lightning/overrides/base.py", 57, "forward", "output = self.module.training_step(*inputs, **kwargs)"),
                                      ("/home/exx/anaconda3/envs/spyder-env/lib/python3.8/site-packages/torch/nn/parallel/distributed.py", 692, "forward", "if self.reducer._rebuild_buckets():")],
                                     "RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This error indicates that your module has parameters that were not used in producing loss. You can enable unused parameter detection by passing the keyword argument `find_unused_parameters=True` to `torch.nn.parallel.DistributedDataParallel`, and by \nmaking sure all `forward` function outputs participate in calculating loss. \nIf you already have done the above, then the distributed data parallel module wasn't able to locate the output tensors in the return value of your module's `forward` function. Please include the loss function and the structure of the return value of `forward` of your module when reporting this issue (e.g. list, dict, iterable).\n"
                                     f"Parameter indices which did not receive grad for rank {r}: 212 213 214 215"), r)
        txt += child_failed(add(tf, 2), n, [(j.gr(n, 0), 0, 1, j.pids[n][0], TB)], entry="6conv-3res-1024chanels-self-att.py")
        b.add(f"{n}/run.log", txt)
    b.set_label("user_code", "script", None, "stop",
                "All eight ranks on both nodes fail at the second step with DDP's 'Expected to have finished reduction in the prior iteration', naming the same unused parameter indices 212-215 (the unused attention head). The model has parameters that do not contribute to the loss; fix the model or set find_unused_parameters.",
                "https://github.com/pytorch/pytorch/issues/57473")
    return b


def _import_fail(b, nodes, t0, exc_frames, exc, url, rationale, fname, what):
    j = Job(b, nodes, 8, t0)
    for n in nodes:
        txt = torchrun_banner(t0, len(nodes), 8, f"{nodes[0]}:29500")
        for lr in range(8):
            txt += rankify(traceback(exc_frames, exc), j.gr(n, lr))
        txt += child_failed(add(t0, 9), n, [(j.gr(n, 0), 0, 1, j.pids[n][0], TB)])
        b.add(f"{n}/{fname}", txt)
    return j


def n26():
    b = Bundle("n26_importerror_glibcxx_3_4_30_not_found_on_launch",
               "import torch fails identically on all nodes: conda env's libstdc++ too old for the torch build")
    nodes = ["cpu-gpu-%d" % i for i in (3, 8, 9)]
    _import_fail(b, nodes, T(2022, 10, 19, 9, 0, 0),
                 [("/home/songyuc/proj/train.py", 4, "<module>", "import torch"),
                  ("/home/songyuc/miniconda3/envs/py310/lib/python3.10/site-packages/torch/__init__.py", 202, "<module>", "from torch._C import *  # noqa: F403")],
                 "ImportError: /home/songyuc/miniconda3/envs/py310/bin/../lib/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by /home/songyuc/miniconda3/envs/py310/lib/python3.10/site-packages/torch/lib/libtorch_python.so)",
                 None, None, "err.log", None)
    b.add(f"{nodes[1]}/env-check.txt", "$ strings /home/songyuc/miniconda3/envs/py310/lib/libstdc++.so.6 | grep GLIBCXX_3.4.2 | tail -2\nGLIBCXX_3.4.28\nGLIBCXX_3.4.29\n$ conda list | grep -E 'libstdcxx|pytorch'\nlibstdcxx-ng              11.2.0               h1234567_1\npytorch                   1.12.1          cuda112py310h51fc3f1_200    conda-forge\n")
    b.set_label("dependency", "framework", None, "stop",
                "Every rank on all three nodes fails at 'import torch' because the conda environment's libstdc++ only provides up to GLIBCXX_3.4.29 while libtorch_python.so needs 3.4.30. It is the shared environment, not a node; fix libstdcxx-ng in the env and resubmit.",
                "https://github.com/pytorch/pytorch/issues/87279")
    return b


def n27():
    b = Bundle("n27_flash_attn_undefined_symbol_after_torch_upgrade",
               "flash_attn_2_cuda undefined symbol _ZN3c104cuda9SetDeviceEi on every rank; wheel built for another torch")
    nodes = ["a100-%02d" % i for i in (12, 13, 15, 16)]
    _import_fail(b, nodes, T(2024, 4, 27, 18, 0, 0),
                 [("/workspace/train_sft.py", 19, "<module>", "from transformers import AutoModelForCausalLM"),
                  (f"{PY}/transformers/utils/import_utils.py", 1535, "_get_module", "raise RuntimeError("),
                  (f"{PY}/transformers/models/llama/modeling_llama.py", 53, "<module>", "from flash_attn import flash_attn_func, flash_attn_varlen_func"),
                  (f"{PY}/flash_attn/flash_attn_interface.py", 10, "<module>", "import flash_attn_2_cuda as flash_attn_cuda")],
                 f"RuntimeError: Failed to import transformers.models.llama.modeling_llama because of the following error (look up to see its traceback):\n{PY}/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
                 None, None, "rank_all.log", None)
    b.add(f"{nodes[2]}/pip-freeze.txt", "flash-attn==2.5.7\ntorch==2.3.0+cu121\ntransformers==4.40.1\naccelerate==0.29.3\n")
    b.set_label("dependency", "framework", None, "stop",
                "All 32 ranks fail importing flash_attn_2_cuda with undefined symbol c10::cuda::SetDevice: the flash-attn 2.5.7 wheel was built against an older torch than the installed 2.3.0. The same image is on every node; rebuild or pin a matching flash-attn.",
                "https://github.com/Dao-AILab/flash-attention/issues/931")
    return b


def n28():
    b = Bundle("n28_libcudnn_so_9_cannot_open_shared_object_file",
               "venv installs torch to lib64 and nvidia wheels to lib; cuDNN not found on both nodes")
    nodes = ["alma-gpu-07", "alma-gpu-02"]
    _import_fail(b, nodes, T(2025, 10, 18, 10, 0, 0),
                 [("/srv/jobs/ft/train.py", 2, "<module>", "import torch"),
                  ("/srv/jobs/ft/venv/lib64/python3.11/site-packages/torch/__init__.py", 427, "<module>", "from torch._C import *  # noqa: F403")],
                 "ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory",
                 None, None, "stderr.txt", None)
    b.add(f"{nodes[0]}/ls.txt", "$ ls venv/lib64/python3.11/site-packages/nvidia 2>&1\nls: cannot access 'venv/lib64/python3.11/site-packages/nvidia': No such file or directory\n$ ls venv/lib/python3.11/site-packages/nvidia\ncublas  cuda_cupti  cuda_nvrtc  cuda_runtime  cudnn  cufft  curand  cusolver  cusparse  nccl  nvjitlink  nvtx\n")
    b.set_label("dependency", "framework", None, "stop",
                "Every rank on both nodes fails at import with libcudnn.so.9 not found: pip placed torch under venv/lib64 but the nvidia-* wheels (cudnn included) under venv/lib, so torch's relative library lookup misses them. The shared venv is broken; fix the install.",
                "https://github.com/pytorch/pytorch/issues/165812")
    return b


def n29():
    b = Bundle("n29_wall_of_nccl_warnings_at_the_end_of_run",
               "finished run with scary teardown warnings (PG not destroyed, socket broken pipe, NCCL WARN at abort)")
    nodes = ["gb-07", "gb-11"]
    t0 = T(2024, 5, 15, 7, 0, 0)
    j = Job(b, nodes, 8, t0)
    te = add(t0, 6 * 3600 + 42)
    for n in nodes:
        txt = torchrun_banner(t0, 2, 8, "gb-07:29500", run_id="lit-gpt")
        if n == "gb-07":
            s, _ = train_steps(add(t0, 30), 500, 20000, 500, 1.07, 2.9, b.rng, fmt="plain")
            txt += s + f"{pylog(te)} INFO trainer: Training finished. Saved final checkpoint to /ckpt/lit-gpt/step-20000 (took 41.2s)\n"
        for lr in range(8):
            r = j.gr(n, lr)
            txt += f"[rank{r}]:[W{c10d_ts(add(te, 5))} ProcessGroupNCCL.cpp:1117] WARNING: process group has NOT been destroyed before it is being destructed. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL data transfers have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4\n"
        if n == "gb-11":
            txt += f"[W{c10d_ts(add(te, 6))} socket.cpp:428] [c10d] While waitForInput, poolFD failed with (errno: 0 - Success).\n[W{c10d_ts(add(te, 6))} TCPStore.cpp:141] [c10d] recvValue failed on SocketImpl(fd=31, addr=[gb-11]:50122, remote=[gb-07]:29500): Connection reset by peer\n"
            txt += f"gb-11:{j.pids[n][3]}:{j.pids[n][3]+40} [3] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer gb-07<46133>\n"
        ts = c10d_ts(add(te, 8))
        txt += f"I{ts} 1402218 torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish.\nI{ts} 1402218 torch/distributed/elastic/agent/server/api.py:932] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish\nI{ts} 1402218 torch/distributed/elastic/agent/server/api.py:946] Done waiting for other agents. Elapsed: 0.0021 seconds\n"
        b.add(f"{n}/torchrun.log", txt)
        b.add(f"{n}/exit_status", "0\n")
    b.set_label("unknown", "framework", None, "none",
                "The run reached step 20000, saved its final checkpoint and both agents report WorkerState.SUCCEEDED with exit status 0. The warnings (process group not destroyed, TCPStore connection reset, NCCL connection closed) are teardown noise after success; nothing to do.",
                "https://github.com/pytorch/pytorch/issues/126275")
    return b


def n30():
    b = Bundle("n30_ncclremoteerror_then_requeued_run_finished",
               "attempt_0 dies with an occasional ncclRemoteError with no node evidence; attempt_1 on the same nodes completes")
    nodes = ["tl-n3", "tl-n4", "tl-n7"]
    for a, t0 in enumerate([T(2023, 11, 20, 1, 0, 0), T(2023, 11, 20, 6, 10, 0)]):
        j = Job(b, nodes, 8, t0, prefix=f"attempt_{a}/")
        tf = add(t0, 4 * 3600 + 700)
        for n in nodes:
            txt = torchrun_banner(t0, 3, 8, "tl-n3:29500", run_id=f"tinyllama-{a}")
            if a == 0:
                if n == "tl-n3":
                    s, _ = train_steps(add(t0, 30), 100, 14000, 500, 1.05, 3.2, b.rng, fmt="plain")
                    txt += s
                for lr in (1, 6):
                    txt += remote_error(add(tf, nodes.index(n) * 3), j.gr(n, lr), "", "10.8.1.%d" % (11 + (nodes.index(n) + 1) % 3), 40211 + lr)
                txt += child_failed(add(tf, 30), n, [(j.gr(n, 1), 1, -6, j.pids[n][1], "Signal 6 (SIGABRT) received by PID %d" % j.pids[n][1])], entry="pretrain/tinyllama.py")
            else:
                if n == "tl-n3":
                    txt += f"{pylog(add(t0, 20))} INFO resume: loaded /ckpt/tinyllama/iter-014000.pt\n"
                    s, t_end = train_steps(add(t0, 40), 14000, 30000, 1000, 1.05, 2.6, b.rng, fmt="plain")
                    txt += s + f"{pylog(t_end)} INFO trainer: reached max_iters=30000, saving final checkpoint\n"
                ts = c10d_ts(add(t0, 17000))
                txt += f"I{ts} 1402218 torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish.\nI{ts} 1402218 torch/distributed/elastic/agent/server/api.py:932] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish\n"
            b.add(j.p(n, "torchrun.log"), txt)
            l2, _ = dmesg_noise(9000.0 + a * 20000 + nodes.index(n), b.rng, 4)
            b.add(j.p(n, "dmesg.txt"), "\n".join(l2))
    b.set_label("unknown", "framework", None, "none",
                "Attempt 0 failed with ncclRemoteError (connection reset) spread over all three nodes and no kernel, IB or GPU evidence; the automatic requeue on the same nodes resumed from iteration 14000 and finished at 30000 with all agents SUCCEEDED. The job completed; no action needed.",
                "https://github.com/NVIDIA/nccl/issues/934")
    return b


CASES = [n19, n20, n21, n22, n23, n24, n25, n26, n27, n28, n29, n30]
